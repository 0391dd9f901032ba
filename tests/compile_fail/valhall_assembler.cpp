// SPDX-License-Identifier: MIT
// Valhall text that the compile-time assembler must reject. The first error each compiler prints
// is at the call in this file and names the kind, its message, the snippet's line and column and
// the offending text (diagnostic::assembly_error), e.g.
//   GCC:   file.cpp:38:60: error: invalid use of incomplete type 'struct ctisa::diagnostic::
//          assembly_error<ctisa::errors::unknown_mnemonic, ...{"unknown mnemonic"}, ...{"snippet line
//          2, column 3"}, ...{"bogus"}>'
//   Clang: file.cpp:38:22: error: implicit instantiation of undefined template 'ctisa::...'
// The expectations avoid ';' and brackets: CMake would split them as lists.
// case 1 expect: unknown_mnemonic
// case 1 first: valhall_assembler\.cpp:55:[0-9]+: error: .*assembly_error<[a-z:]*unknown_mnemonic, .*"unknown mnemonic".*"snippet line 2, column 3".*"BOGUS"
// case 2 expect: unknown_modifier
// case 2 first: valhall_assembler\.cpp:57:[0-9]+: error: .*assembly_error<[a-z:]*unknown_modifier, .*"unknown or misplaced instruction".*"snippet line 1, column 10".*"clamp_0_2"
// case 3 expect: missing_modifier
// case 3 first: valhall_assembler\.cpp:59:[0-9]+: error: .*assembly_error<[a-z:]*missing_modifier, .*"a required instruction modifier".*"snippet line 1, column 1".*"ICMP\.u32\.gt"
// case 4 expect: register_out_of_range
// case 4 first: valhall_assembler\.cpp:61:[0-9]+: error: .*assembly_error<[a-z:]*register_out_of_range, .*"register number out of range for".*"snippet line 3, column 9".*"r64"
// case 5 expect: immediate_not_in_table
// case 5 first: valhall_assembler\.cpp:63:[0-9]+: error: .*assembly_error<[a-z:]*immediate_not_in_table, .*"value not in the table of inline".*"snippet line 1, column 18".*"0x3F800001"
// case 6 expect: immediate_mode_mismatch
// case 6 first: valhall_assembler\.cpp:65:[0-9]+: error: .*assembly_error<[a-z:]*immediate_mode_mismatch, .*"operand not readable in the".*"snippet line 1, column 16".*"lane_id"
// case 7 expect: uniform_slot_conflict
// case 7 first: valhall_assembler\.cpp:67:[0-9]+: error: .*assembly_error<[a-z:]*uniform_slot_conflict, .*"an instruction reads at most one".*"snippet line 1, column 18".*"u4"
// case 8 expect: operand_limit
// case 8 first: valhall_assembler\.cpp:69:[0-9]+: error: .*assembly_error<[a-z:]*operand_limit, .*"operands exceed what one".*"snippet line 1, column 21".*"0x0"
// case 9 expect: special_value_conflict
// case 9 first: valhall_assembler\.cpp:71:[0-9]+: error: .*assembly_error<[a-z:]*special_value_conflict, .*"an instruction reads at most one".*"snippet line 1, column 26".*"core_id"
// case 10 expect: conflicting_modifiers
// case 10 first: valhall_assembler\.cpp:73:[0-9]+: error: .*assembly_error<[a-z:]*conflicting_modifiers, .*"modifiers that exclude each".*"snippet line 1, column 16".*"return"
// case 11 expect: bad_staging_registers
// case 11 first: valhall_assembler\.cpp:75:[0-9]+: error: .*assembly_error<[a-z:]*bad_staging_registers, .*"staging registers must be".*"snippet line 1, column 20".*"r2"
// case 12 expect: bad_swizzle
// case 12 first: valhall_assembler\.cpp:77:[0-9]+: error: .*assembly_error<[a-z:]*bad_swizzle, .*"invalid swizzle".*"snippet line 1, column 23".*"h0"
// case 13 expect: missing_operand
// case 13 first: valhall_assembler\.cpp:79:[0-9]+: error: .*assembly_error<[a-z:]*missing_operand, .*"missing operand".*"snippet line 1, column 16".*"\(end of line\)"
// case 14 expect: number_out_of_range
// case 14 first: valhall_assembler\.cpp:81:[0-9]+: error: .*assembly_error<[a-z:]*number_out_of_range, .*"number out of range".*"snippet line 1, column 20".*"67108864"
// case 15 expect: bad_write_mask
// case 15 first: valhall_assembler\.cpp:83:[0-9]+: error: .*assembly_error<[a-z:]*bad_write_mask, .*"invalid write mask".*"snippet line 1, column 13".*"h2"
// case 16 expect: modifier_not_allowed
// case 16 first: valhall_assembler\.cpp:85:[0-9]+: error: .*assembly_error<[a-z:]*modifier_not_allowed, .*"this instruction does not take".*"snippet line 1, column 21".*"not"
// case 17 expect: duplicate_modifier
// case 17 first: valhall_assembler\.cpp:87:[0-9]+: error: .*assembly_error<[a-z:]*duplicate_modifier, .*"modifier given twice".*"snippet line 1, column 20".*"clamp_m1_1"
#include <ctisa/valhall/valhall.hpp>

namespace va = ctisa::valhall;

// The control: the same kind of text, correct, assembles at compile time.
constexpr auto ok = va::assemble<"MOV.i32 r1, r2\nFADD.f32.clamp_0_1 r0, r1, r2.neg.abs\n# comment\n"
                                 "LOAD.i32.unsigned.slot0.wait0 @r0:r1, `r0, offset:-4\n"
                                 "ICMP.u32.gt.m1 r1, `r0, 0x1000000.b3, 0x0\nMOV.i32.id r1, lane_id\nNOP.return">();
static_assert(ok.size() == 6 && ok.bytes.size() == 48);

#if CTISA_CASE == 1
constexpr auto bad = va::assemble<"MOV.i32 r1, r2\n  BOGUS r1">();
#elif CTISA_CASE == 2
constexpr auto bad = va::assemble<"FADD.f32.clamp_0_2 r0, r1, r2">();
#elif CTISA_CASE == 3
constexpr auto bad = va::assemble<"ICMP.u32.gt r0, r1, r2, r3">();
#elif CTISA_CASE == 4
constexpr auto bad = va::assemble<"NOP\n# a comment\nMOV.i32 r64, r0">();
#elif CTISA_CASE == 5
constexpr auto bad = va::assemble<"FADD.f32 r0, r1, 0x3F800001">();
#elif CTISA_CASE == 6
constexpr auto bad = va::assemble<"MOV.i32.ts r1, lane_id">();
#elif CTISA_CASE == 7
constexpr auto bad = va::assemble<"FADD.f32 r0, u0, u4">();
#elif CTISA_CASE == 8
constexpr auto bad = va::assemble<"FMA.f32 r0, u0, u1, 0x0">();
#elif CTISA_CASE == 9
constexpr auto bad = va::assemble<"IADD.u32.id r0, lane_id, core_id">();
#elif CTISA_CASE == 10
constexpr auto bad = va::assemble<"MOV.i32.wait01.return r0, r1">();
#elif CTISA_CASE == 11
constexpr auto bad = va::assemble<"LOAD.i32.slot0 @r0:r2, u0, offset:0">();
#elif CTISA_CASE == 12
constexpr auto bad = va::assemble<"FADD.v2f16 r0, r1, r0.h0">();
#elif CTISA_CASE == 13
constexpr auto bad = va::assemble<"FADD.f32 r0, r1">();
#elif CTISA_CASE == 14
constexpr auto bad = va::assemble<"BRANCHZ r0, offset:67108864">();
#elif CTISA_CASE == 15
constexpr auto bad = va::assemble<"FADD.f32 r0.h2, r1, r2">();
#elif CTISA_CASE == 16
constexpr auto bad = va::assemble<"FADD.f32 r0, r1, r2.not">();
#elif CTISA_CASE == 17
constexpr auto bad = va::assemble<"FADD.f32.clamp_0_1.clamp_m1_1 r0, r1, r2">();
#endif
