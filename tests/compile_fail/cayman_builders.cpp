// SPDX-License-Identifier: MIT
// Misuse of the Cayman ALU builders that must not compile, each with the rule it breaks.
// case 1 expect: could not convert|no matching function|cannot convert|no viable conversion
// case 1 first-gcc: no matching function for call to .*alu\(ctisa::cayman::opcode, ctisa::ca
// case 1 first-clang: no matching function for call to .*alu.*
// case 2 expect: an ALU source is a GPR element, a kcache constant, a literal, PV or a special source
// case 2 first-gcc: static assertion failed: an ALU source is a GPR element, a kcache cons
// case 2 first-clang: static assertion failed due to requirement .*detail::is_source<int>.*: a
// case 3 expect: missing_operand
// case 3 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::missing_operand
// case 3 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 4 expect: too_many_operands
// case 4 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::too_many_operands
// case 4 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 5 expect: register_out_of_range
// case 5 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::register_out_of_range
// case 5 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 6 expect: modifier_not_allowed
// case 6 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::modifier_not_allowed
// case 6 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 7 expect: operands_conflict
// case 7 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::operands_conflict
// case 7 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 8 expect: slot_taken
// case 8 first-gcc: non-constant condition for static assertion
// case 8 first-clang: static assertion expression is not an integral constant expression
// case 9 expect: a group is made of alu\(\) instructions
// case 9 first-gcc: static assertion failed: a group is made of alu\(\) instructions
// case 9 first-clang: static assertion failed due to requirement .*std::is_same_v<ctisa::caym
// case 10 expect: no matching function|too few arguments|candidate function template not viable
// case 10 first-gcc: no matching function for call to .*add\(ctisa::cayman::operands::gpr, ct
// case 10 first-clang: no matching function for call to .*add.*
// case 11 expect: no matching function|too many arguments|candidate function template not viable
// case 11 first-gcc: no matching function for call to .*mov\(ctisa::cayman::operands::gpr, ct
// case 11 first-clang: no matching function for call to .*mov.*
// case 12 expect: number_out_of_range
// case 12 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::number_out_of_range
// case 12 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 13 expect: bad_swizzle
// case 13 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::bad_swizzle
// case 13 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 14 expect: could not convert|no matching function|cannot convert|no viable conversion
// case 14 first-gcc: could not convert .*ctisa::cayman::operands::kcache{0, 0, ctisa::cayman
// case 14 first-clang: no viable conversion from .*kcache.* to .*operands::gpr.*
// case 15 expect: modifier_not_allowed
// case 15 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::modifier_not_allowed
// case 15 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 16 expect: could not convert|cannot initialize|cannot convert|no viable conversion|no matching function|invalid conversion|narrowing
// case 16 first-gcc: could not convert .*{2}.* from .*<brace-enclosed initializer list>.* to .*c
// case 16 first-clang: cannot initialize a member subobject of type .*omod.* with an rvalue of 
// case 17 expect: destination_channel
// case 17 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::destination_channel
// case 17 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 18 expect: each\(\): one kind of operand for every slot
// case 18 first-gcc: static assertion failed: each\(\): one kind of operand for every slot
// case 18 first-clang: static assertion failed due to requirement .*: each\(\): one kind of operand for every slot
// case 19 expect: operand_not_allowed
// case 19 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::operand_not_allowed
// case 19 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
#include <ctisa/cayman/builder.hpp>
#include <ctisa/cayman/generated/builders.hpp>
#include <ctisa/cayman/unit_builders.hpp>

namespace cm = ctisa::cayman;
using namespace ctisa::cayman::operands;
using ctisa::cayman::channel;

constexpr cm::opcode op2(std::string_view m) { return *cm::find_opcode(cm::category::alu_op2, m); }

// The control: a legal instruction and group.
constexpr auto ok = cm::alu(op2("ADD"), R(0, channel::x), R(1, channel::x), kcache{0, 0, channel::x}).value();
static_assert(cm::group(ok).ok());

#if CTISA_CASE == 1
constexpr auto bad = cm::alu(op2("MOV"), kcache{0, 0, channel::x}, R(1, channel::x));
#elif CTISA_CASE == 2
constexpr auto bad = cm::alu(op2("MOV"), R(0, channel::x), 5);
#elif CTISA_CASE == 3
constexpr auto bad = cm::alu(op2("ADD"), R(0, channel::x), R(1, channel::x));
#elif CTISA_CASE == 4
constexpr auto bad = cm::alu(op2("MOV"), R(0, channel::x), R(1, channel::x), R(2, channel::x));
#elif CTISA_CASE == 5
constexpr auto bad = cm::alu(op2("MOV"), R(128, channel::x), R(1, channel::x));
#elif CTISA_CASE == 6
constexpr auto bad = cm::alu(*cm::find_opcode(cm::category::alu_op3, "MULADD"), R(0, channel::x), R(1, channel::x), R(2, channel::x),
                             abs(R(3, channel::x)));
#elif CTISA_CASE == 7
constexpr auto bad = cm::alu(op2("MUL"), R(0, channel::x), literal{1, channel::x}, literal{2, channel::x});
#elif CTISA_CASE == 8
static_assert(cm::group(ok, ok).ok());
#elif CTISA_CASE == 9
static_assert(cm::group(ok.in).ok());
#elif CTISA_CASE == 10
constexpr auto bad = cm::alu_op2::add(R(0, channel::x), R(1, channel::x));
#elif CTISA_CASE == 11
constexpr auto bad = cm::alu_op2::mov(R(0, channel::x), R(1, channel::x), R(2, channel::x));
#elif CTISA_CASE == 12
constexpr auto bad = cm::export_gpr(cm::export_target::param, 32, R(0, channel::x), {}, true).value();
#elif CTISA_CASE == 13
constexpr auto bad = cm::texture(*cm::find_opcode(cm::category::tex, "SAMPLE"), R(1, channel::x), {}, R(0, channel::x),
                                 {{cm::sel::mask, cm::sel::y, cm::sel::z, cm::sel::w}}, 0, 0).value();
#elif CTISA_CASE == 14
constexpr auto bad = cm::export_gpr(cm::export_target::param, 0, kcache{0, 0, channel::x}, {}, true);
#elif CTISA_CASE == 15
constexpr auto bad = cm::with_output(cm::alu_op3::muladd(R(0, channel::x), R(1, channel::x), R(2, channel::x), R(3, channel::x)),
                                     {.scale = cm::omod::m2});  // ALU_WORD1_OP3 has no OMOD
#elif CTISA_CASE == 16
constexpr auto bad = cm::with_output(ok, {.scale = 2});  // a scale is a cm::omod
#elif CTISA_CASE == 17
// ADD_64's first slot is X: a destination in Y there
constexpr bool bad = cm::slot_by_slot(*cm::find_opcode(cm::category::alu_op2, "ADD_64"), each(R(0, channel::y), R(0, channel::x)),
                                      R(1, channel::x), R(2, channel::x))
                         .ok();
#elif CTISA_CASE == 18
constexpr auto bad = each(R(0, channel::x), pv{channel::y});  // one operand kind a per_slot list
#elif CTISA_CASE == 19
// ADD_64 is no reduction (4.8.2): reduction() would drop the high dword's write
constexpr bool bad = cm::reduction(*cm::find_opcode(cm::category::alu_op2, "ADD_64"), R(0, channel::x), R(1, channel::x), R(2, channel::x)).ok();
#endif

// The named builders and a unit builder in the control too.
static_assert(cm::export_gpr(cm::export_target::param, 31, R(0, channel::x), {}, true).ok());
static_assert(cm::alu_op2::add(R(0, channel::x), R(1, channel::x), one).ok());

int main() { return 0; }
