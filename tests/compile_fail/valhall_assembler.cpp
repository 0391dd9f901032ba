// Valhall text that the compile-time assembler must reject, naming the problem, line and column
// (GCC: "... kind = ctisa::errors::unknown_mnemonic; unsigned int line = 2; unsigned int column = 3]",
//  Clang: "... error<ctisa::errors::unknown_mnemonic, 2U, 3U>").
// The expectations avoid ';' and brackets: CMake would split them as lists.
// case 1 expect: unknown_mnemonic(. unsigned int line = 2. unsigned int column = 3[^0-9]|, 2U, 3U>)
// case 2 expect: unknown_modifier(. unsigned int line = 1. unsigned int column = 10[^0-9]|, 1U, 10U>)
// case 3 expect: missing_modifier(. unsigned int line = 1. unsigned int column = 1[^0-9]|, 1U, 1U>)
// case 4 expect: register_out_of_range(. unsigned int line = 3. unsigned int column = 9[^0-9]|, 3U, 9U>)
// case 5 expect: immediate_not_in_table(. unsigned int line = 1. unsigned int column = 18[^0-9]|, 1U, 18U>)
// case 6 expect: immediate_mode_mismatch(. unsigned int line = 1. unsigned int column = 16[^0-9]|, 1U, 16U>)
// case 7 expect: uniform_slot_conflict(. unsigned int line = 1. unsigned int column = 18[^0-9]|, 1U, 18U>)
// case 8 expect: operand_limit(. unsigned int line = 1. unsigned int column = 21[^0-9]|, 1U, 21U>)
// case 9 expect: special_value_conflict(. unsigned int line = 1. unsigned int column = 26[^0-9]|, 1U, 26U>)
// case 10 expect: conflicting_modifiers(. unsigned int line = 1. unsigned int column = 16[^0-9]|, 1U, 16U>)
// case 11 expect: bad_staging_registers(. unsigned int line = 1. unsigned int column = 20[^0-9]|, 1U, 20U>)
// case 12 expect: bad_swizzle(. unsigned int line = 1. unsigned int column = 23[^0-9]|, 1U, 23U>)
// case 13 expect: missing_operand(. unsigned int line = 1. unsigned int column = 16[^0-9]|, 1U, 16U>)
// case 14 expect: number_out_of_range(. unsigned int line = 1. unsigned int column = 20[^0-9]|, 1U, 20U>)
// case 15 expect: bad_write_mask(. unsigned int line = 1. unsigned int column = 13[^0-9]|, 1U, 13U>)
// case 16 expect: modifier_not_allowed(. unsigned int line = 1. unsigned int column = 21[^0-9]|, 1U, 21U>)
// case 17 expect: duplicate_modifier(. unsigned int line = 1. unsigned int column = 20[^0-9]|, 1U, 20U>)
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
