// SPDX-License-Identifier: MIT
// AMD IL text that the compile-time assembler must reject: the first error names the kind, its
// message, the snippet's line and column and the offending text, at the line that assembles it.
// The expectations avoid ';' and brackets: CMake would split them as lists.
// case 1 expect: unknown_mnemonic
// case 1 first: amdil_assembler\.cpp:55:[0-9]+: error: .*assembly_error<[a-z:]*unknown_mnemonic, .*"unknown mnemonic".*"snippet line 2, column 3".*"frob"
// case 2 expect: unknown_register
// case 2 first: amdil_assembler\.cpp:57:[0-9]+: error: .*assembly_error<[a-z:]*unknown_register, .*"unknown register name".*"snippet line 1, column 9".*"q1"
// case 3 expect: bad_swizzle
// case 3 first: amdil_assembler\.cpp:59:[0-9]+: error: .*assembly_error<[a-z:]*bad_swizzle, .*"invalid swizzle".*"snippet line 1, column 15".*"q"
// case 4 expect: bad_write_mask
// case 4 first: amdil_assembler\.cpp:61:[0-9]+: error: .*assembly_error<[a-z:]*bad_write_mask, .*"invalid write mask".*"snippet line 1, column 11".*"q"
// case 5 expect: missing_operand
// case 5 first: amdil_assembler\.cpp:63:[0-9]+: error: .*assembly_error<[a-z:]*missing_operand, .*"missing operand".*"snippet line 1, column 7".*".end of line."
// case 6 expect: too_many_operands
// case 6 first: amdil_assembler\.cpp:65:[0-9]+: error: .*assembly_error<[a-z:]*too_many_operands, .*"too many operands".*"snippet line 1, column 11".*".end of line."
// case 7 expect: unknown_modifier
// case 7 first: amdil_assembler\.cpp:67:[0-9]+: error: .*assembly_error<[a-z:]*unknown_modifier, .*"unknown or misplaced instruction".*"snippet line 1, column 1".*"mov_frob"
// case 8 expect: modifier_not_allowed
// case 8 first: amdil_assembler\.cpp:69:[0-9]+: error: .*assembly_error<[a-z:]*modifier_not_allowed, .*"this instruction does not take".*"snippet line 1, column 1".*"end_sat"
// case 9 expect: undescribed_operands
// case 9 first: amdil_assembler\.cpp:71:[0-9]+: error: .*assembly_error<[a-z:]*undescribed_operands, .*"the document does not say which".*"snippet line 1, column 1".*"mova"
// case 10 expect: misplaced_statement
// case 10 first: amdil_assembler\.cpp:73:[0-9]+: error: .*assembly_error<[a-z:]*misplaced_statement, .*"statement not allowed at this".*"snippet line 3, column 1".*"mov"
// case 11 expect: read_only_bank
// case 11 first: amdil_assembler\.cpp:75:[0-9]+: error: .*assembly_error<[a-z:]*read_only_bank, .*"the result is in a read-only.*"snippet line 3, column 1".*"mov
// case 12 expect: write_only_bank
// case 12 first: amdil_assembler\.cpp:77:[0-9]+: error: .*assembly_error<[a-z:]*write_only_bank, .*"the source is in a write-only.*"snippet line 3, column 1".*"mov
// case 13 expect: undeclared_name
// case 13 first: amdil_assembler\.cpp:79:[0-9]+: error: .*assembly_error<[a-z:]*undeclared_name, .*"name used before it is declared.*"snippet line 2, column 1".*"mov
// case 14 expect: index_required
// case 14 first: amdil_assembler\.cpp:81:[0-9]+: error: .*assembly_error<[a-z:]*index_required, .*"this register type is read and.*"snippet line 3, column 1".*"mov
// case 15 expect: missing_header
// case 15 first: amdil_assembler\.cpp:83:[0-9]+: error: .*assembly_error<[a-z:]*missing_header, .*"the program does not start.*"snippet line 1, column 1".*"mov
// case 16 expect: misplaced_statement
// case 16 first: amdil_assembler\.cpp:85:[0-9]+: error: .*assembly_error<[a-z:]*misplaced_statement, .*"statement not allowed at this.*"snippet line 2, column 1".*"func
// case 17 expect: duplicate_name
// case 17 first: amdil_assembler\.cpp:87:[0-9]+: error: .*assembly_error<[a-z:]*duplicate_name, .*"name declared or defined twice.*"snippet line 3, column 1".*"dcl_literal
// case 18 expect: undeclared_name
// case 18 first: amdil_assembler\.cpp:89:[0-9]+: error: .*assembly_error<[a-z:]*undeclared_name, .*"name used before it is declared.*"snippet line 2, column 1".*"sample_resource.0._sampler.0.
// case 19 expect: undeclared_name
// case 19 first: amdil_assembler\.cpp:91:[0-9]+: error: .*assembly_error<[a-z:]*undeclared_name, .*"name used before it is declared.*"snippet line 2, column 1".*"uav_raw_store_id.1.
// case 20 expect: unknown_mnemonic
// case 20 first: amdil_assembler\.cpp:93:[0-9]+: error: .*assembly_error<[a-z:]*unknown_mnemonic, .*"unknown mnemonic.*"snippet line 2, column 1".*".SORT_OPERATOR.
#include <ctisa/amdil/amdil.hpp>

namespace il = ctisa::amdil;

// The control: the same kind of text, correct, assembles at compile time.
constexpr auto ok = il::assemble<
    "il_ps_2_0_lang(dx11_ps)\ndcl_input_generic v1\ndcl_literal l0, 1.0f, -1, 0, 0\nmad_ieee_sat r0.xy, v1.xyxx, l0, r2.w_neg(x)\nend">();
static_assert(ok.size() == 5);

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
#elif CTISA_CASE == 11
constexpr auto bad = il::assemble<"il_ps_2_0\ndcl_input_generic v0\nmov v0, r1\nend">();  // 3.2: v registers are read-only
#elif CTISA_CASE == 12
constexpr auto bad = il::assemble<"il_ps_2_0\ndcl_output_generic o0\nmov r0, o0\nend">();  // 3.2: o registers are write-only
#elif CTISA_CASE == 13
constexpr auto bad = il::assemble<"il_ps_2_0\nmov r0, cb1[0]\nend">();  // cb1 without dcl_cb
#elif CTISA_CASE == 14
constexpr auto bad = il::assemble<"il_ps_2_0\ndcl_cb cb0[1]\nmov r0, cb0\nend">();  // cb0 without an index
#elif CTISA_CASE == 15
constexpr auto bad = il::assemble<"mov r0, r1\nend">();  // 4.1: the language and version first
#elif CTISA_CASE == 16
constexpr auto bad = il::assemble<"il_cs_2_0\nfunc 1\nret\nendfunc\nendmain\nend">();  // 4.1: ENDMAIN before functions
#elif CTISA_CASE == 17
constexpr auto bad = il::assemble<"il_ps_2_0\ndcl_literal l0, 1, 2, 3, 4\ndcl_literal l0, 1, 2, 3, 4\nend">();  // a literal defined once
#elif CTISA_CASE == 18
constexpr auto bad = il::assemble<"il_ps_2_0\nsample_resource(0)_sampler(0) r0, r1\nend">();  // a resource without dcl_resource
#elif CTISA_CASE == 19
constexpr auto bad = il::assemble<"il_cs_2_0\nuav_raw_store_id(1) mem, r0, r1\nend">();  // a UAV without its declaration
#elif CTISA_CASE == 20
constexpr auto bad = il::assemble<"il_ps_2_0\n{SORT_OPERATOR} r7, r5, r6\nend">();  // a template, not IL
#elif CTISA_CASE == 21
constexpr auto bad = il::assemble<"il_ps_2_0\nmov r0, r1 /* open\nend">();  // 3.7: /* */ in pairs
#elif CTISA_CASE == 22
constexpr auto bad = il::assemble<"il_ps_2_0\nif_logicalnz r0.x\nend">();  // 4.1: END not within a flow-control block
#elif CTISA_CASE == 23
constexpr auto bad = il::assemble<"il_ps_2_0\nbreak\nend">();  // BREAK inside a loop or switch
#elif CTISA_CASE == 24
constexpr auto bad = il::assemble<"il_ps_2_0\nmov r0, vTidInGrpFlat.x\nend">();  // 5.53: used only in a compute shader
#elif CTISA_CASE == 25
constexpr auto bad = il::assemble<"il_vs_2_0_realtime\nend">();  // 4.4: a vertex shader cannot be real-time
#elif CTISA_CASE == 26
constexpr auto bad = il::assemble<"il_ps_2_0\nmov r0, vT0\nend">();  // 4.1: DCLPI before TEXCOORD in a pixel shader
#elif CTISA_CASE == 27
constexpr auto bad = il::assemble<"il_ps_2_0\nmov oDepth, r0.x\nmov oDepthLE, r0.x\nend">();  // 5.6: one of DEPTH, DEPTHLE, DEPTHGE
#endif

// case 21 expect: unterminated_comment
// case 21 first: amdil_assembler\.cpp:95:[0-9]+: error: .*assembly_error<[a-z:]*unterminated_comment, .*"comment opened with /. and never.*"snippet line 2, column 12".*"/.
// case 22 expect: unbalanced_structure
// case 22 first: amdil_assembler\.cpp:97:[0-9]+: error: .*assembly_error<[a-z:]*unbalanced_structure, .*"control-flow structure opened.*"snippet line 3, column 1".*"end
// case 23 expect: misplaced_statement
// case 23 first: amdil_assembler\.cpp:99:[0-9]+: error: .*assembly_error<[a-z:]*misplaced_statement, .*"statement not allowed at this.*"snippet line 2, column 1".*"break
// case 24 expect: operand_not_allowed
// case 24 first: amdil_assembler\.cpp:101:[0-9]+: error: .*assembly_error<[a-z:]*operand_not_allowed, .*"operand not allowed here.*"snippet line 2, column 1".*"mov
// case 25 expect: conflicting_modifiers
// case 25 first: amdil_assembler\.cpp:103:[0-9]+: error: .*assembly_error<[a-z:]*conflicting_modifiers, .*"modifiers that exclude each.*"snippet line 1, column 1".*"il_vs_2_0_realtime
// case 26 expect: undeclared_name
// case 26 first: amdil_assembler\.cpp:105:[0-9]+: error: .*assembly_error<[a-z:]*undeclared_name, .*"name used before it is declared.*"snippet line 2, column 1".*"mov
// case 27 expect: operands_conflict
// case 27 first: amdil_assembler\.cpp:107:[0-9]+: error: .*assembly_error<[a-z:]*operands_conflict, .*"operands that exclude each other.*"snippet line 3, column 1".*"mov

int main() {}
