// SPDX-License-Identifier: MIT
// AMD IL text that the compile-time assembler must reject: the first error names the kind, its
// message, the snippet's line and column and the offending text, at the line that assembles it.
// The expectations avoid ';' and brackets: CMake would split them as lists.
// case 1 expect: unknown_mnemonic
// case 1 first: amdil_assembler\.cpp:34:[0-9]+: error: .*assembly_error<[a-z:]*unknown_mnemonic, .*"unknown mnemonic".*"snippet line 2, column 3".*"frob"
// case 2 expect: unknown_register
// case 2 first: amdil_assembler\.cpp:36:[0-9]+: error: .*assembly_error<[a-z:]*unknown_register, .*"unknown register name".*"snippet line 1, column 9".*"q1"
// case 3 expect: bad_swizzle
// case 3 first: amdil_assembler\.cpp:38:[0-9]+: error: .*assembly_error<[a-z:]*bad_swizzle, .*"invalid swizzle".*"snippet line 1, column 15".*"q"
// case 4 expect: bad_write_mask
// case 4 first: amdil_assembler\.cpp:40:[0-9]+: error: .*assembly_error<[a-z:]*bad_write_mask, .*"invalid write mask".*"snippet line 1, column 11".*"q"
// case 5 expect: missing_operand
// case 5 first: amdil_assembler\.cpp:42:[0-9]+: error: .*assembly_error<[a-z:]*missing_operand, .*"missing operand".*"snippet line 1, column 7".*".end of line."
// case 6 expect: too_many_operands
// case 6 first: amdil_assembler\.cpp:44:[0-9]+: error: .*assembly_error<[a-z:]*too_many_operands, .*"too many operands".*"snippet line 1, column 11".*".end of line."
// case 7 expect: unknown_modifier
// case 7 first: amdil_assembler\.cpp:46:[0-9]+: error: .*assembly_error<[a-z:]*unknown_modifier, .*"unknown or misplaced instruction".*"snippet line 1, column 1".*"mov_frob"
// case 8 expect: modifier_not_allowed
// case 8 first: amdil_assembler\.cpp:48:[0-9]+: error: .*assembly_error<[a-z:]*modifier_not_allowed, .*"this instruction does not take".*"snippet line 1, column 1".*"end_sat"
// case 9 expect: undescribed_operands
// case 9 first: amdil_assembler\.cpp:50:[0-9]+: error: .*assembly_error<[a-z:]*undescribed_operands, .*"the document does not say which".*"snippet line 1, column 1".*"mova"
// case 10 expect: misplaced_statement
// case 10 first: amdil_assembler\.cpp:52:[0-9]+: error: .*assembly_error<[a-z:]*misplaced_statement, .*"statement not allowed at this".*"snippet line 3, column 1".*"mov"
#include <ctisa/amdil/amdil.hpp>

namespace il = ctisa::amdil;

// The control: the same kind of text, correct, assembles at compile time.
constexpr auto ok = il::assemble<"il_ps_2_0_lang(dx11_ps)\nmad_ieee_sat r0.xy__, v1.xyxx, l0, r2.w_neg(x)\nend">();
static_assert(ok.size() == 3);

#if CTISA_CASE == 1
constexpr auto bad = il::assemble<"il_ps_2_0\n  frob r1">();
#elif CTISA_CASE == 2
constexpr auto bad = il::assemble<"mov r0, q1">();
#elif CTISA_CASE == 3
constexpr auto bad = il::assemble<"mov r0, r1.xyzq">();
#elif CTISA_CASE == 4
constexpr auto bad = il::assemble<"mov r0.xyzq, r1">();
#elif CTISA_CASE == 5
constexpr auto bad = il::assemble<"mov r0">();
#elif CTISA_CASE == 6
constexpr auto bad = il::assemble<"mov r0, r1, r2">();
#elif CTISA_CASE == 7
constexpr auto bad = il::assemble<"mov_frob r0, r1">();
#elif CTISA_CASE == 8
constexpr auto bad = il::assemble<"end_sat">();
#elif CTISA_CASE == 9
constexpr auto bad = il::assemble<"mova r0, r1">();
#elif CTISA_CASE == 10
constexpr auto bad = il::assemble<"il_ps_2_0\nend\nmov r0, r1">();  // 4.1: END is the last instruction
#endif

int main() {}
