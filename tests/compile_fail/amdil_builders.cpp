// SPDX-License-Identifier: MIT
// Misuse of the AMD IL builders that must not compile, each with the rule it breaks.
// case 1 expect: wrong number of operands
// case 1 first: static assertion failed.*: wrong number of operands for this opcode
// case 2 expect: wrong number of operands
// case 2 first: static assertion failed.*: wrong number of operands for this opcode
// case 3 expect: this slot takes a register
// case 3 first: static assertion failed.*: this slot takes a register
// case 4 expect: a destination takes a write mask, not a swizzle
// case 4 first: static assertion failed.*: a destination takes a write mask, not a swizzle
// case 5 expect: a source takes a swizzle, not a write mask
// case 5 first: static assertion failed.*: a source takes a swizzle, not a write mask
// case 6 expect: this slot is a plain dword
// case 6 first: static assertion failed.*: this slot is a plain dword: pass a number
// case 7 expect: the document does not say which tokens follow this opcode
// case 7 first: static assertion failed.*: the document does not say which tokens follow this opcode
// case 8 expect: value_out_of_range
// case 8 first-gcc: error: call to non-.+constexpr.+ function .*rule_broken.*kind = [a-z:]*value_out_of_range.*"value out of range for its field"
// case 8 first-clang: amdil_builders\.cpp:64:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 9 expect: unknown_control_field
// case 9 first-gcc: error: call to non-.+constexpr.+ function .*rule_broken.*kind = [a-z:]*unknown_control_field.*"this opcode has no control field of that name"
// case 9 first-clang: amdil_builders\.cpp:66:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 10 expect: bad_write_mask
// case 10 first-gcc: error: call to non-.+constexpr.+ function .*rule_broken.*kind = [a-z:]*bad_write_mask.*"invalid write mask"
// case 10 first-clang: amdil_builders\.cpp:68:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 11 expect: bad_swizzle
// case 11 first-gcc: error: call to non-.+constexpr.+ function .*rule_broken.*kind = [a-z:]*bad_swizzle.*"invalid swizzle"
// case 11 first-clang: amdil_builders\.cpp:70:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 12 expect: modifier_not_allowed
// case 12 first-gcc: error: call to non-.+constexpr.+ function .*rule_broken.*kind = [a-z:]*modifier_not_allowed.*"this instruction does not take that modifier"
// case 12 first-clang: amdil_builders\.cpp:72:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 13 expect: (cannot convert.+zero_op.+to.+rel_op|cannot initialize a parameter of type .rel_op. with an rvalue of type .ctisa::amdil::zero_op)
// case 13 first-gcc: amdil_builders\.cpp:74:[0-9]+: error: cannot convert .+ctisa::amdil::zero_op.+ to .+ctisa::amdil::rel_op
// case 13 first-clang: amdil_builders\.cpp:74:[0-9]+: error: cannot initialize a parameter of type .rel_op. with an rvalue of type .ctisa::amdil::zero_op.
// case 14 expect: unknown_control_field
// case 14 first-gcc: error: call to non-.+constexpr.+ function .*rule_broken.*kind = [a-z:]*unknown_control_field.*"this opcode has no control field of that name"
// case 14 first-clang: amdil_builders\.cpp:76:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
#include <ctisa/amdil/amdil.hpp>

namespace il = ctisa::amdil;
using namespace ctisa::amdil::registers;

// The control: the builders used below, used correctly, compile.
constexpr auto ok = il::op::mad.ieee().sat()(r(0).mask("xy__"), v(1).swizzle("xyxx"), l(0), -r(2).w());
static_assert(ok.ok());
static_assert(il::op::breakc.relop(il::rel_op::eq)(r(0), r(1)).ok());
static_assert(il::op::dcl_literal(l(0), 1u, 2u, 3u, 4u).ok());

#if CTISA_CASE == 1
constexpr auto bad = il::op::mad(r(0), r(1), r(2));
#elif CTISA_CASE == 2
constexpr auto bad = il::op::end(r(0));
#elif CTISA_CASE == 3
constexpr auto bad = il::op::mov(r(0), 5u);
#elif CTISA_CASE == 4
constexpr auto bad = il::op::mov(r(0).swizzle("xyzw"), r(1));
#elif CTISA_CASE == 5
constexpr auto bad = il::op::mov(r(0), r(1).mask("xy__"));
#elif CTISA_CASE == 6
constexpr auto bad = il::op::dcl_literal(l(0), r(1), 2u, 3u, 4u);
#elif CTISA_CASE == 7
constexpr auto bad = il::op::mova(r(0), r(1));
#elif CTISA_CASE == 8
constexpr auto bad = il::op::breakc.control("relop", 9u)(r(0), r(1));
#elif CTISA_CASE == 9
constexpr auto bad = il::op::mov.control("relop", 1u)(r(0), r(1));
#elif CTISA_CASE == 10
constexpr auto bad = il::op::mov(r(0).mask("xyzq"), r(1));
#elif CTISA_CASE == 11
constexpr auto bad = il::op::mov(r(0), r(1).swizzle("xyzq"));
#elif CTISA_CASE == 12
constexpr auto bad = il::op::end.sat()();
#elif CTISA_CASE == 13
constexpr auto bad = il::op::breakc.relop(il::zero_op::infinity)(r(0), r(1));
#elif CTISA_CASE == 14
constexpr auto bad = il::op::add.zeroop(il::zero_op::infinity)(r(0), r(1), r(2));
#endif

int main() {}
