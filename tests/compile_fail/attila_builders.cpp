// SPDX-License-Identifier: MIT
// Misuse of the ATTILA builders that must not compile, each with the rule it breaks.
// case 1 expect: immediate is allowed only as the second source
// case 1 first: static assertion failed.*: ATTILA rule: an immediate is allowed only as the second sour
// case 2 expect: immediate is allowed only as the second source
// case 2 first: static assertion failed.*: ATTILA rule: an immediate is allowed only as the second sour
// case 3 expect: immediate is allowed only as the second source
// case 3 first: static assertion failed.*: ATTILA rule: an immediate is allowed only as the second sour
// case 4 expect: must be in a writable bank
// case 4 first: static assertion failed.*: ATTILA rule: the result must be in a writable bank \(o, r or 
// case 5 expect: must be in a writable bank
// case 5 first: static assertion failed.*: ATTILA rule: the result must be in a writable bank \(o, r or 
// case 6 expect: a predicate operand is required here
// case 6 first: static assertion failed.*: ATTILA rule: a predicate operand is required here \(p\(n\), !p\(
// case 7 expect: a predicate operand is required here
// case 7 first: static assertion failed.*: ATTILA rule: a predicate operand is required here \(p\(n\), !p\(
// case 8 expect: the result of this instruction is a predicate register
// case 8 first: static assertion failed.*: ATTILA rule: the result of this instruction is a predicate r
// case 9 expect: register_out_of_range
// case 9 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*register_out_of_range. .*message = 
// case 9 first-clang: attila_builders\.cpp:95:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 10 expect: register_out_of_range
// case 10 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*register_out_of_range. .*message = 
// case 10 first-clang: attila_builders\.cpp:97:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 11 expect: register_out_of_range
// case 11 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*register_out_of_range. .*message = 
// case 11 first-clang: attila_builders\.cpp:99:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 12 expect: does not take _sat
// case 12 first: static assertion failed.*: ATTILA rule: this instruction does not take _sat
// case 13 expect: o registers are write-only
// case 13 first: static assertion failed.*: ATTILA rule: o registers are write-only and cannot be a sour
// case 14 expect: floating-point instructions take float immediates
// case 14 first: static assertion failed.*: ATTILA rule: floating-point instructions take float immediat
// case 15 expect: integer instructions take integer immediates
// case 15 first: static assertion failed.*: ATTILA rule: integer instructions take integer immediates
// case 16 expect: wrong number of operands
// case 16 first: static assertion failed.*: ATTILA rule: wrong number of operands for this instruction
// case 17 expect: relative addressing applies only to constant registers
// case 17 first: static assertion failed.*: ATTILA rule: relative addressing applies only to constant re
// case 18 expect: register_out_of_range
// case 18 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*register_out_of_range. .*message = 
// case 18 first-clang: attila_builders\.cpp:113:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 19 expect: bad_relative_address
// case 19 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*bad_relative_address. .*message = 
// case 19 first-clang: attila_builders\.cpp:115:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 20 expect: bad_swizzle
// case 20 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*bad_swizzle. .*message = 
// case 20 first-clang: attila_builders\.cpp:117:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 21 expect: bad_write_mask
// case 21 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*bad_write_mask. .*message = 
// case 21 first-clang: attila_builders\.cpp:119:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 22 expect: the last operand of KLS and ZXS is a sample s\(n\)
// case 22 first: static assertion failed.*: ATTILA rule: the last operand of KLS and ZXS is a sample s\(n\)
// case 23 expect: the last operand of KLS and ZXS is a sample s\(n\)
// case 23 first: static assertion failed.*: ATTILA rule: the last operand of KLS and ZXS is a sample s\(n\)
// case 24 expect: a texture unit t\(n\) is required here
// case 24 first: static assertion failed.*: ATTILA rule: a texture unit t\(n\) is required here
// case 25 expect: relative_mismatch
// case 25 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*relative_mismatch. .*message = 
// case 25 first-clang: attila_builders\.cpp:127:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 26 expect: writes a register \(o, r or a\), not a predicate
// case 26 first: static assertion failed.*: ATTILA rule: this instruction writes a register \(o, r or a\),
// case 27 expect: a predicate cannot be a source
// case 27 first: static assertion failed.*: ATTILA rule: a predicate cannot be a source of this instruct
#include <ctisa/attila/attila.hpp>

namespace at = ctisa::attila;
using namespace ctisa::attila::operands;

// The control: every builder used below, used correctly, compiles.
constexpr auto ok = at::encode(at::mad.sat()(r(0).mask("xyz"), -i(1).swizzle("wzyx"), c(3).relative(a(0).component(1), -1), r(2)));
static_assert(ok.ok());
static_assert(at::jmp(!p(3), -2).ok());
static_assert(at::tex(r(0), r(1), t(0)).ok());
// The wiki's forms (an inverted SETP result, a sample, a predicated END) are not misuse.
static_assert(at::setpeq(!p(0), r(1).x(), r(2).x()).ok() && at::kls(r(1), s(2)).ok() && at::end.when(p(0))().ok());

#if CTISA_CASE == 1
auto bad = at::add(r(0), 1.0f, r(1));  // immediate as the first source
#elif CTISA_CASE == 2
auto bad = at::mad(r(0), r(1), 2.0f, r(2));  // immediate in a three-source instruction
#elif CTISA_CASE == 3
auto bad = at::mov(r(0), 1.0f);  // immediate in a one-source instruction
#elif CTISA_CASE == 4
auto bad = at::mov(c(0), r(1));  // constants are read-only
#elif CTISA_CASE == 5
auto bad = at::mov(i(0).mask("x"), r(1));  // inputs are read-only
#elif CTISA_CASE == 6
auto bad = at::andp(p(0), r(1), p(2));  // ANDP reads predicates
#elif CTISA_CASE == 7
auto bad = at::jmp(r(1), 3);  // JMP's condition is a predicate
#elif CTISA_CASE == 8
auto bad = at::setpeq(r(0), r(1), r(2));  // SETP writes a predicate
#elif CTISA_CASE == 9
constexpr auto bad = at::mov(r(256), r(1));  // r0-r255
#elif CTISA_CASE == 10
constexpr auto bad = at::mov(r(0), c(512));  // c0-c511
#elif CTISA_CASE == 11
constexpr auto bad = at::andp(p(32), p(1), p(2));  // p0-p31
#elif CTISA_CASE == 12
auto bad = at::addi.sat()(r(0), r(1), r(2));  // integer results do not saturate
#elif CTISA_CASE == 13
auto bad = at::mov(r(0), o(1));  // outputs cannot be read
#elif CTISA_CASE == 14
auto bad = at::add(r(0), r(1), 2);  // an integer immediate for a float instruction
#elif CTISA_CASE == 15
auto bad = at::addi(r(0), r(1), 2.0f);  // a float immediate for an integer instruction
#elif CTISA_CASE == 16
auto bad = at::add(r(0), r(1));  // ADD has two sources
#elif CTISA_CASE == 17
auto bad = r(1).relative(a(0).component(0));  // only constants are addressed relatively
#elif CTISA_CASE == 18
constexpr auto bad = at::mov(r(0), c(0).relative(a(4).component(0)));  // a0-a3 index constants
#elif CTISA_CASE == 19
constexpr auto bad = at::mov(r(0), c(0).relative(a(0).component(0), 300));  // offset -256..255
#elif CTISA_CASE == 20
constexpr auto bad = at::mov(r(0), r(1).swizzle("xyq"));
#elif CTISA_CASE == 21
constexpr auto bad = at::mov(r(0).mask("yx"), r(1));  // components in xyzw order
#elif CTISA_CASE == 22
auto bad = at::kls(r(1), t(0));  // a sample, not a texture unit
#elif CTISA_CASE == 23
auto bad = at::zxs(r(1), 2);  // a sample is s(n)
#elif CTISA_CASE == 24
auto bad = at::tex(r(0), r(1), r(2));
#elif CTISA_CASE == 25
constexpr auto bad = at::add(r(0), c(1).relative(a(0).component(0), 1), c(2));  // relative applies to every constant
#elif CTISA_CASE == 26
auto bad = at::mov(p(0), r(1));
#elif CTISA_CASE == 27
auto bad = at::add(r(0), p(1), r(2));
#endif
