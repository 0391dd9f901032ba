// SPDX-License-Identifier: MIT
// Misuse of the Valhall builders that must not compile, each with the rule it breaks.
// case 1 expect: wrong number of operands
// case 1 first: static assertion failed.*: Valhall rule: wrong number of operands \(staging registers, d
// case 2 expect: this operand is a group of staging registers
// case 2 first: static assertion failed.*: Valhall rule: this operand is a group of staging registers: 
// case 3 expect: the destination is a register r0-r63
// case 3 first: static assertion failed.*: Valhall rule: the destination is a register r0-r63
// case 4 expect: a destination takes no .neg, .abs, .not or select
// case 4 first: static assertion failed.*: Valhall rule: a destination takes no \.neg, \.abs, \.not or sel
// case 5 expect: this source takes no .neg or .abs
// case 5 first: static assertion failed.*: Valhall rule: this source takes no \.neg or \.abs
// case 6 expect: this source takes no .not
// case 6 first: static assertion failed.*: Valhall rule: this source takes no \.not
// case 7 expect: this source takes no swizzle, widen or lane select
// case 7 first: static assertion failed.*: Valhall rule: this source takes no swizzle, widen or lane se
// case 8 expect: that select is not a value of this source's select enum
// case 8 first: static assertion failed.*: Valhall rule: that select is not a value of this source's se
// case 9 expect: one swizzle, widen or lane select per source
// case 9 first: static assertion failed.*: Valhall rule: one swizzle, widen or lane select per source
// case 10 expect: only a register source can be discarded
// case 10 first: static assertion failed.*: Valhall rule: only a register source can be discarded \(`rN\)
// case 11 expect: a write mask applies to a plain destination register
// case 11 first: static assertion failed.*: Valhall rule: a write mask applies to a plain destination re
// case 12 expect: a write mask is .h0 \(low half\) or .h1 \(high half\)
// case 12 first: static assertion failed.*: Valhall rule: a write mask is \.h0 \(low half\) or \.h1 \(high ha
// case 13 expect: a write mask applies to the destination only
// case 13 first: static assertion failed.*: Valhall rule: a write mask applies to the destination only
// case 14 expect: staging registers sr\(...\) are not a source
// case 14 first: static assertion failed.*: Valhall rule: staging registers sr\(\.\.\.\) are not a source
// case 15 expect: a source is r\(n\), u\(n\), imm\(value\)
// case 15 first: static assertion failed.*: Valhall rule: a source is r\(n\), u\(n\), imm\(value\), imm_entry\(
// case 16 expect: this operand is the instruction's immediate
// case 16 first: static assertion failed.*: Valhall rule: this operand is the instruction's immediate \(a
// case 17 expect: this instruction does not take that modifier
// case 17 first: static assertion failed.*: Valhall rule: this instruction does not take that modifier
// case 18 expect: a modifier is given once
// case 18 first: static assertion failed.*: Valhall rule: a modifier is given once
// case 19 expect: a modifier without a default .* must be set
// case 19 first: static assertion failed.*: Valhall rule: a modifier without a default \(condition, slot,
// case 20 expect: one flow control per instruction
// case 20 first: static assertion failed.*: Valhall rule: one flow control per instruction \(an action or
// case 21 expect: the special values of one instruction come from one immediate mode
// case 21 first: static assertion failed.*: Valhall rule: the special values of one instruction come fro
// case 22 expect: uniforms are readable only in the default immediate mode
// case 22 first: static assertion failed.*: Valhall rule: uniforms are readable only in the default imme
// case 23 expect: .with\(\) takes a modifier's enum value
// case 23 first: static assertion failed.*: Valhall rule: \.with\(\) takes a modifier's enum value \(round_m
// case 24 expect: this instruction does not take that modifier
// case 24 first: static assertion failed.*: Valhall rule: this instruction does not take that modifier
// case 25 expect: the immediate mode is given once
// case 25 first: static assertion failed.*: Valhall rule: the immediate mode is given once
// case 26 expect: wait takes dependency slot numbers
// case 26 first: static assertion failed.*: Valhall rule: wait takes dependency slot numbers 0, 1 and 2
// case 27 expect: .neg given twice
// case 27 first: static assertion failed.*: Valhall rule: \.neg given twice
// case 28 expect: register_out_of_range
// case 28 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*register_out_of_range. .*message = 
// case 28 first-clang: valhall_builders\.cpp:152:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 29 expect: immediate_not_in_table
// case 29 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*immediate_not_in_table. .*message = 
// case 29 first-clang: valhall_builders\.cpp:154:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 30 expect: uniform_slot_conflict
// case 30 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*uniform_slot_conflict. .*message = 
// case 30 first-clang: valhall_builders\.cpp:156:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 31 expect: bad_staging_registers
// case 31 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*bad_staging_registers. .*message = 
// case 31 first-clang: valhall_builders\.cpp:158:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 32 expect: number_out_of_range
// case 32 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*number_out_of_range. .*message = 
// case 32 first-clang: valhall_builders\.cpp:160:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 33 expect: special_value_conflict
// case 33 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*special_value_conflict. .*message = 
// case 33 first-clang: valhall_builders\.cpp:162:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 34 expect: reserved_value
// case 34 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*reserved_value. .*message = 
// case 34 first-clang: valhall_builders\.cpp:164:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 35 expect: operand_limit
// case 35 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*operand_limit. .*message = 
// case 35 first-clang: valhall_builders\.cpp:166:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
#include <ctisa/valhall/valhall.hpp>

namespace va = ctisa::valhall;
using namespace ctisa::valhall::operands;

// The control: every builder used below, used correctly, compiles and folds to its bytes.
constexpr auto ok = va::encode(va::fadd_f32.with(va::clamp::clamp_m1_1)(r(0).mask(va::sel::h1), -r(1).sel(va::sel::h0), abs(u(3))));
static_assert(ok.ok());
static_assert(va::load_i32.with(va::slot::slot0).with(va::flags::unsigned_).wait(0)(sr(0, 2), r(1).discard(), -4).ok());
static_assert(va::icmp_u32.with(va::condition::gt).with(va::result_type::m1)(r(0), r(1), imm(0x1000000).sel(va::sel::b3), imm(0)).ok());
static_assert(va::lshift_and_i32.with(va::flags::not_result)(r(0), r(1), r(2).sel(va::sel::b01), ~r(3)).ok());
static_assert(va::iadd_u32(r(0), lane_id, lane_id).ok());
static_assert(va::mov_i32.with(va::immediate_mode::ts).with(va::action::return_)(r(0), tls_ptr).ok());
static_assert(va::branchz(r(0), -1).ok());
static_assert(va::fadd_f32(r(0), u(0), u(1)).ok());

#if CTISA_CASE == 1
auto bad = va::fadd_f32(r(0), r(1));
#elif CTISA_CASE == 2
auto bad = va::load_i32.with(va::slot::slot0)(r(0), r(1), 0);
#elif CTISA_CASE == 3
auto bad = va::mov_i32(u(0), r(1));
#elif CTISA_CASE == 4
auto bad = va::mov_i32(-r(0), r(1));
#elif CTISA_CASE == 5
auto bad = va::iadd_u32(r(0), -r(1), r(2));
#elif CTISA_CASE == 6
auto bad = va::fadd_f32(r(0), ~r(1), r(2));
#elif CTISA_CASE == 7
auto bad = va::mov_i32(r(0), r(1).sel(va::sel::h0));
#elif CTISA_CASE == 8
auto bad = va::fadd_f32(r(0), r(1).sel(va::sel::b0), r(2));  // Widen: none, h0, h1
#elif CTISA_CASE == 9
auto bad = r(1).sel(va::sel::h0).sel(va::sel::h1);
#elif CTISA_CASE == 10
auto bad = u(1).discard();
#elif CTISA_CASE == 11
auto bad = u(0).mask(va::sel::h0);
#elif CTISA_CASE == 12
auto bad = r(0).mask(va::sel::b0);
#elif CTISA_CASE == 13
auto bad = va::fadd_f32(r(0), r(1).mask(va::sel::h0), r(2));
#elif CTISA_CASE == 14
auto bad = va::mov_i32(r(0), sr(0, 1));
#elif CTISA_CASE == 15
auto bad = va::mov_i32(r(0), 5);
#elif CTISA_CASE == 16
auto bad = va::branchz(r(0), r(1));
#elif CTISA_CASE == 17
auto bad = va::fround_f32.with(va::clamp::clamp_m1_1);  // FROUND has no clamp (a negative case of Mesa's)
#elif CTISA_CASE == 18
auto bad = va::fadd_f32.with(va::clamp::clamp_0_1).with(va::clamp::clamp_m1_1);
#elif CTISA_CASE == 19
auto bad = va::icmp_u32.with(va::condition::gt)(r(0), r(1), r(2), r(3));  // result_type has no default
#elif CTISA_CASE == 20
auto bad = va::mov_i32.wait(0).with(va::action::return_);
#elif CTISA_CASE == 21
auto bad = va::iadd_u32(r(0), lane_id, tls_ptr);
#elif CTISA_CASE == 22
auto bad = va::iadd_u32(r(0), lane_id, u(0));
#elif CTISA_CASE == 23
auto bad = va::fadd_f32.with(va::swizzles_16_bit::h00);
#elif CTISA_CASE == 24
auto bad = va::fadd_f32.with(va::flags::saturate);
#elif CTISA_CASE == 25
auto bad = va::mov_i32.with(va::immediate_mode::ts).with(va::immediate_mode::id);
#elif CTISA_CASE == 26
auto bad = va::mov_i32.wait();
#elif CTISA_CASE == 27
auto bad = r(1).neg().neg();
#elif CTISA_CASE == 28
constexpr auto bad = va::mov_i32(r(64), r(1));  // r0-r63
#elif CTISA_CASE == 29
constexpr auto bad = va::mov_i32(r(0), imm(5));  // 5 is not in the immediate table
#elif CTISA_CASE == 30
constexpr auto bad = va::fadd_f32(r(0), u(0), u(4));  // two 64-bit uniform slots
#elif CTISA_CASE == 31
constexpr auto bad = sr(0, 8);  // one to seven staging registers
#elif CTISA_CASE == 32
constexpr auto bad = va::load_i32.with(va::slot::slot0)(sr(0, 1), r(1), 40000);  // 16-bit signed offset
#elif CTISA_CASE == 33
constexpr auto bad = va::iadd_u32(r(0), tls_ptr, wls_ptr);  // one special value
#elif CTISA_CASE == 34
constexpr auto bad = va::load_i32.with(static_cast<va::slot>(3));  // Slot: entry 3 is reserved
#elif CTISA_CASE == 35
constexpr auto bad = va::fma_f32(r(0), u(0), imm(1.0f), imm(0));  // three distinct FAU values
#endif
