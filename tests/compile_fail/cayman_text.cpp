// SPDX-License-Identifier: MIT
// Cayman text that the compile-time assembler must reject, naming the problem, line and column
// (GCC: "... kind = ctisa::cayman::errors::slot_taken; unsigned int line = 3; unsigned int column = 5]",
//  Clang: "... error<ctisa::cayman::errors::slot_taken, 3U, 5U>").
// The expectations avoid ';' and brackets: CMake would split them as lists.
// case 1 expect: unknown_mnemonic.*snippet line 2, column 12"
// case 1 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::unknown_mnemonic
// case 1 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::unknown_mnemonic
// case 2 expect: misplaced_statement.*snippet line 2, column 6"
// case 2 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::misplaced_statement
// case 2 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::misplaced_statement
// case 3 expect: operand_not_allowed.*snippet line 2, column 16"
// case 3 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::operand_not_allowed
// case 3 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::operand_not_allowed
// case 4 expect: value_out_of_range.*snippet line 2, column 16"
// case 4 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::value_out_of_range
// case 4 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::value_out_of_range
// case 5 expect: reserved_value.*snippet line 2, column 12"
// case 5 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::reserved_value
// case 5 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::reserved_value
// case 6 expect: literal_count.*snippet line 2, column 6"
// case 6 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::literal_count
// case 6 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::literal_count
// case 7 expect: slot_taken.*snippet line 3, column 10"
// case 7 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::slot_taken
// case 7 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::slot_taken
// case 8 expect: missing_end.*snippet line 3, column 1"
// case 8 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::missing_end
// case 8 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::missing_end
// case 9 expect: kill_not_last.*snippet line 2, column 6"
// case 9 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::kill_not_last
// case 9 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::kill_not_last
// case 10 expect: clause_out_of_range.*snippet line 1, column 1"
// case 10 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::clause_out_of_range
// case 10 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::clause_out_of_range
// case 11 expect: not_a_clause.*snippet line 2, column 14"
// case 11 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::not_a_clause
// case 11 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::not_a_clause
// case 12 expect: destination_channel.*snippet line 2, column 18"
// case 12 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::destination_channel
// case 12 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::destination_channel
// case 13 expect: kill_outside_pixel.*snippet line 3, column 6"
// case 13 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::kill_outside_pixel
// case 13 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::kill_outside_pixel
// case 14 expect: call_fs_outside_vertex.*snippet line 2, column 1"
// case 14 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::call_fs_outside_vertex
// case 14 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::call_fs_outside_vertex
// case 15 expect: misplaced_statement.*snippet line 3, column 2"
// case 15 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::misplaced_statement
// case 15 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::misplaced_statement
// case 16 expect: expected_register.*snippet line 2, column 22"
// case 16 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::expected_register
// case 16 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::expected_register
// case 17 expect: operand_not_allowed.*snippet line 2, column 27"
// case 17 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::operand_not_allowed
// case 17 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::operand_not_allowed
// case 18 expect: literal_conflict.*snippet line 3, column 10"
// case 18 first-gcc: invalid use of incomplete type .*struct ctisa::diagnostic::assembly_error<.*errors::literal_conflict
// case 18 first-clang: implicit instantiation of undefined template .*ctisa::diagnostic::assembly_error<.*errors::literal_conflict
#include <ctisa/cayman/isa.hpp>

namespace cm = ctisa::cayman;

// The control: a clause with a literal, a fetch clause and an export assemble at compile time.
constexpr auto ok = cm::assemble<
    "00 ALU: ADDR(4) CNT(2)\n"
    "     0  x: MOV R0.x, (0x3F800000, 1.0f).x\n"
    "01 TEX: ADDR(6) CNT(1)\n"
    "     1  VFETCH R1.xxxx, R0.x, fc0\n"
    "02 EXP_DONE: PARAM0, R1\n"
    "03 END\n">();
static_assert(ok.size() == 6 && ok.bytes.size() == 64);

#if CTISA_CASE == 1
constexpr auto bad = cm::assemble<"00 ALU:\n     0  x: FOO\n01 END\n">();
#elif CTISA_CASE == 2
constexpr auto bad = cm::assemble<"00 NOP\n     0  x: MOV\n01 END\n">();  // an ALU line outside an ALU clause
#elif CTISA_CASE == 3
constexpr auto bad = cm::assemble<"00 ALU:\n     0  x: MOV SRC1_SEL(1)\n01 END\n">();  // MOV reads one source
#elif CTISA_CASE == 4
constexpr auto bad = cm::assemble<"00 ALU:\n     0  x: MOV DST_GPR(128)\n01 END\n">();
#elif CTISA_CASE == 5
constexpr auto bad = cm::assemble<"00 ALU:\n     0  x: MOV SRC0_SEL(255)\n01 END\n">();  // no PS on Cayman
#elif CTISA_CASE == 6
constexpr auto bad = cm::assemble<"00 ALU:\n     0  x: MOV SRC0_SEL(LITERAL)\n01 END\n">();  // a literal without its value
#elif CTISA_CASE == 7
constexpr auto bad = cm::assemble<"00 ALU:\n     0  x: MOV\n         x: MOV\n01 END\n">();
#elif CTISA_CASE == 8
constexpr auto bad = cm::assemble<"00 ALU:\n     0  x: MOV\n01 NOP\n">();
#elif CTISA_CASE == 9
constexpr auto bad = cm::assemble<"00 ALU:\n     0  x: KILLGT\n     1  x: MOV\n01 END\n">();
#elif CTISA_CASE == 10
constexpr auto bad = cm::assemble<"00 ALU: ADDR(1) CNT(1)\n     0  x: MOV\n01 END\n">();  // a clause inside the CF program
#elif CTISA_CASE == 11
constexpr auto bad = cm::assemble<"a: 00 NOP\n01 ALU: ADDR(a)\n02 END\n">();  // a shared clause naming no clause
#elif CTISA_CASE == 12
constexpr auto bad = cm::assemble<"00 ALU:\n     0  y: MOV R2.x, R1.x\n01 END\n">();  // the y slot writes .y
#elif CTISA_CASE == 13
constexpr auto bad = cm::assemble<"PROGRAM VS\n00 ALU:\n     0  x: KILLGT\n01 END\n">();  // KILL only in a PS
#elif CTISA_CASE == 14
constexpr auto bad = cm::assemble<"PROGRAM PS\n00 CALL_FS\n01 END\n">();  // CALL_FS only in a VS
#elif CTISA_CASE == 15
constexpr auto bad = cm::assemble<"00 ALU:\n 0 x: MOV\n 2 x: MOV\n01 END\n">();  // group 1, not 2
#elif CTISA_CASE == 16
constexpr auto bad = cm::assemble<"00 ALU:\n     0  x: MOV R2.x, 1.x\n01 END\n">();  // 1.x could be a GPR
#elif CTISA_CASE == 17
constexpr auto bad = cm::assemble<"00 ALU:\n     0  x: MOV R2.x, R1.x LAST(1)\n01 END\n">();  // the group numbers end groups
#elif CTISA_CASE == 18
constexpr auto bad = cm::assemble<"00 ALU:\n     0  x: MOV R2.x, (0x1).x\n         y: MOV R2.y, (0x2).x\n01 END\n">();  // one dword, two values
#endif
