// Cayman text that the compile-time assembler must reject, naming the problem, line and column
// (GCC: "... kind = ctisa::cayman::errors::slot_taken; unsigned int line = 3; unsigned int column = 5]",
//  Clang: "... error<ctisa::cayman::errors::slot_taken, 3U, 5U>").
// The expectations avoid ';' and brackets: CMake would split them as lists.
// case 1 expect: unknown_mnemonic(. unsigned int line = 2. unsigned int column = 8[^0-9]|, 2U, 8U>)
// case 2 expect: misplaced_statement(. unsigned int line = 2. unsigned int column = 5[^0-9]|, 2U, 5U>)
// case 3 expect: operand_not_allowed(. unsigned int line = 2. unsigned int column = 12[^0-9]|, 2U, 12U>)
// case 4 expect: value_out_of_range(. unsigned int line = 2. unsigned int column = 20[^0-9]|, 2U, 20U>)
// case 5 expect: reserved_value(. unsigned int line = 2. unsigned int column = 8[^0-9]|, 2U, 8U>)
// case 6 expect: literal_count(. unsigned int line = 2. unsigned int column = 5[^0-9]|, 2U, 5U>)
// case 7 expect: slot_taken(. unsigned int line = 3. unsigned int column = 5[^0-9]|, 3U, 5U>)
// case 8 expect: missing_end(. unsigned int line = 3. unsigned int column = 1[^0-9]|, 3U, 1U>)
// case 9 expect: kill_not_last(. unsigned int line = 2. unsigned int column = 5[^0-9]|, 2U, 5U>)
// case 10 expect: clause_out_of_range(. unsigned int line = 1. unsigned int column = 1[^0-9]|, 1U, 1U>)
#include <ctisa/cayman/isa.hpp>

namespace cm = ctisa::cayman;

// The control: a clause with a literal, a fetch clause and an export assemble at compile time.
constexpr auto ok = cm::assemble<
    "00 ALU ADDR(4) CNT(2)\n"
    "    x: MOV SRC0_SEL(LITERAL) WRITE_MASK(1) LAST(1)\n"
    "    LITERAL 0x3F800000 0\n"
    "01 TC ADDR(6) CNT(1)\n"
    "    FETCH DST_GPR(1)\n"
    "02 EXPORT_DONE TYPE(PARAM) RW_GPR(1)\n"
    "03 END\n">();
static_assert(ok.size() == 7 && ok.bytes.size() == 64);

#if CTISA_CASE == 1
constexpr auto bad = cm::assemble<"00 ALU\n    x: FOO LAST(1)\n01 END\n">();
#elif CTISA_CASE == 2
constexpr auto bad = cm::assemble<"00 NOP\n    x: MOV LAST(1)\n01 END\n">();
#elif CTISA_CASE == 3
constexpr auto bad = cm::assemble<"00 ALU\n    x: MOV SRC1_SEL(1) LAST(1)\n01 END\n">();
#elif CTISA_CASE == 4
constexpr auto bad = cm::assemble<"00 ALU\n    x: MOV LAST(1) DST_GPR(128)\n01 END\n">();
#elif CTISA_CASE == 5
constexpr auto bad = cm::assemble<"00 ALU\n    x: MOV SRC0_SEL(255) LAST(1)\n01 END\n">();
#elif CTISA_CASE == 6
constexpr auto bad = cm::assemble<"00 ALU\n    x: MOV SRC0_SEL(LITERAL) LAST(1)\n01 END\n">();
#elif CTISA_CASE == 7
constexpr auto bad = cm::assemble<"00 ALU\n    x: MOV\n    x: MOV LAST(1)\n01 END\n">();
#elif CTISA_CASE == 8
constexpr auto bad = cm::assemble<"00 ALU\n    x: MOV LAST(1)\n01 NOP\n">();
#elif CTISA_CASE == 9
constexpr auto bad = cm::assemble<"00 ALU\n    x: KILLGT LAST(1)\n    x: MOV LAST(1)\n01 END\n">();
#elif CTISA_CASE == 10
constexpr auto bad = cm::assemble<"00 ALU ADDR(3) CNT(1)\n    x: MOV LAST(1)\n01 END\n">();
#endif
