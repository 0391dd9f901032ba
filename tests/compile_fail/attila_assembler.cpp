// ATTILA text that the compile-time assembler must reject, naming the problem, line and column
// (GCC: "... kind = ctisa::errors::unknown_mnemonic; unsigned int line = 2; unsigned int column = 3]",
//  Clang: "... error<ctisa::errors::unknown_mnemonic, 2U, 3U>").
// The expectations avoid ';' and brackets: CMake would split them as lists.
// case 1 expect: unknown_mnemonic(. unsigned int line = 2. unsigned int column = 3[^0-9]|, 2U, 3U>)
// case 2 expect: immediate_not_allowed(. unsigned int line = 1. unsigned int column = 13[^0-9]|, 1U, 13U>)
// case 3 expect: read_only_bank(. unsigned int line = 1. unsigned int column = 5[^0-9]|, 1U, 5U>)
// case 4 expect: predicate_required(. unsigned int line = 1. unsigned int column = 6[^0-9]|, 1U, 6U>)
// case 5 expect: register_out_of_range(. unsigned int line = 3. unsigned int column = 5[^0-9]|, 3U, 5U>)
// case 6 expect: write_only_bank(. unsigned int line = 1. unsigned int column = 9[^0-9]|, 1U, 9U>)
// case 7 expect: missing_operand(. unsigned int line = 1. unsigned int column = 11[^0-9]|, 1U, 11U>)
// case 8 expect: bad_write_mask(. unsigned int line = 1. unsigned int column = 8[^0-9]|, 1U, 8U>)
// case 9 expect: relative_mismatch(. unsigned int line = 1. unsigned int column = 23[^0-9]|, 1U, 23U>)
// case 10 expect: modifier_not_allowed(. unsigned int line = 1. unsigned int column = 1[^0-9]|, 1U, 1U>)
// case 11 expect: number_out_of_range(. unsigned int line = 1. unsigned int column = 19[^0-9]|, 1U, 19U>)
// case 12 expect: predicate_not_allowed(. unsigned int line = 1. unsigned int column = 5[^0-9]|, 1U, 5U>)
#include <ctisa/attila/attila.hpp>

namespace at = ctisa::attila;

// The control: the same kind of text, correct, assembles at compile time.
constexpr auto ok = at::assemble<"mov r0, i0\nmad_sat r1.xyz, -|c2[a0.y + 3].w|, r0, i1\n(!p2) jmp p1, -2\nend">();
static_assert(ok.size() == 4);

#if CTISA_CASE == 1
constexpr auto bad = at::assemble<"mov r0, i0\n  bogus r1">();
#elif CTISA_CASE == 2
constexpr auto bad = at::assemble<"mad r0, r1, 1, r2">();
#elif CTISA_CASE == 3
constexpr auto bad = at::assemble<"mov c0, r1">();
#elif CTISA_CASE == 4
constexpr auto bad = at::assemble<"andp r0, p1, p2">();
#elif CTISA_CASE == 5
constexpr auto bad = at::assemble<"nop\n# a comment\nmov r256, r0">();
#elif CTISA_CASE == 6
constexpr auto bad = at::assemble<"mov r0, o1">();
#elif CTISA_CASE == 7
constexpr auto bad = at::assemble<"add r0, r1">();
#elif CTISA_CASE == 8
constexpr auto bad = at::assemble<"mov r0.yx, r1">();
#elif CTISA_CASE == 9
constexpr auto bad = at::assemble<"add r0, c1[a0.x + 1], c2">();
#elif CTISA_CASE == 10
constexpr auto bad = at::assemble<"addi_sat r0, r1, r2">();
#elif CTISA_CASE == 11
constexpr auto bad = at::assemble<"addi r0.x, r1.x, -32768">();
#elif CTISA_CASE == 12
constexpr auto bad = at::assemble<"mov p0, r1">();
#endif
