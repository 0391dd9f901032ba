// AMD IL text that the compile-time assembler must reject, naming the problem, line and column
// (GCC: "... kind = ctisa::errors::unknown_mnemonic; unsigned int line = 2; unsigned int column = 3]",
//  Clang: "... error<ctisa::errors::unknown_mnemonic, 2U, 3U>").
// The expectations avoid ';' and brackets: CMake would split them as lists.
// case 1 expect: unknown_mnemonic(. unsigned int line = 2. unsigned int column = 3[^0-9]|, 2U, 3U>)
// case 2 expect: unknown_register(. unsigned int line = 1. unsigned int column = 9[^0-9]|, 1U, 9U>)
// case 3 expect: bad_swizzle(. unsigned int line = 1. unsigned int column = 15[^0-9]|, 1U, 15U>)
// case 4 expect: bad_write_mask(. unsigned int line = 1. unsigned int column = 11[^0-9]|, 1U, 11U>)
// case 5 expect: missing_operand(. unsigned int line = 1. unsigned int column = 7[^0-9]|, 1U, 7U>)
// case 6 expect: too_many_operands(. unsigned int line = 1. unsigned int column = 11[^0-9]|, 1U, 11U>)
// case 7 expect: unknown_modifier(. unsigned int line = 1. unsigned int column = 1[^0-9]|, 1U, 1U>)
// case 8 expect: modifier_not_allowed(. unsigned int line = 1. unsigned int column = 1[^0-9]|, 1U, 1U>)
// case 9 expect: undescribed_operands(. unsigned int line = 1. unsigned int column = 1[^0-9]|, 1U, 1U>)
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
#endif

int main() {}
