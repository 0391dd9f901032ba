// SPDX-License-Identifier: MIT
// One case per executable OP2 / OP3 opcode (and a second one where a rule has two sides), with
// the expected result worked out by hand from chapter 8's description of the instruction (the
// decisions of include/ctisa/cayman/exec/alu.hpp where the chapter is silent). Sources come
// from the group's literal (X, Y, Z), the result goes to DST_GPR in slot X. Shared by the
// interpreter test (exec_ops_test.cpp) and the compiled path's parity test.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include <ctisa/cayman/exec/items.hpp>

namespace cayman_exec_cases {

namespace cm = ctisa::cayman;
namespace cx = ctisa::cayman::exec;

struct op_case {
    std::string_view mnemonic;
    std::uint32_t a = 0, b = 0, c = 0;
    std::uint32_t expected = 0;
};

inline constexpr std::uint32_t sentinel = 0xDEADBEEFu;  // what R2 holds before: NOP keeps it

// clang-format off
inline constexpr op_case op2_cases[] = {
    {"ADD", 0x3FC00000, 0x40100000, 0, 0x40700000},            // 1.5 + 2.25 = 3.75
    {"MUL", 0x00000000, 0x7F800000, 0, 0x00000000},            // 0 * inf = 0 (not IEEE)
    {"MUL", 0x40400000, 0xC0000000, 0, 0xC0C00000},            // 3 * -2 = -6
    {"MUL_IEEE", 0x3FC00000, 0xC0800000, 0, 0xC0C00000},       // 1.5 * -4 = -6
    {"MAX", 0x3F800000, 0x40000000, 0, 0x40000000},            // max(1, 2) = 2
    {"MIN", 0x3F800000, 0x40000000, 0, 0x3F800000},            // min(1, 2) = 1
    {"MAX_DX10", 0x7FC00000, 0x40400000, 0, 0x40400000},       // max(NaN, 3) = 3
    {"MIN_DX10", 0x80000000, 0x00000000, 0, 0x80000000},       // min(-0, +0) = -0
    {"SETE", 0x40000000, 0x40000000, 0, 0x3F800000},           // 2 == 2: 1.0
    {"SETGT", 0x40400000, 0x40000000, 0, 0x3F800000},          // 3 > 2: 1.0
    {"SETGE", 0x40000000, 0x40400000, 0, 0x00000000},          // 2 >= 3: 0.0
    {"SETNE", 0x40000000, 0x40400000, 0, 0x3F800000},          // 2 != 3: 1.0
    {"SETE_DX10", 0x40000000, 0x40000000, 0, 0xFFFFFFFF},
    {"SETGT_DX10", 0x3F800000, 0x40000000, 0, 0x00000000},
    {"SETGE_DX10", 0x40000000, 0x40000000, 0, 0xFFFFFFFF},
    {"SETNE_DX10", 0x40000000, 0x40000000, 0, 0x00000000},
    {"FRACT", 0xBFA00000, 0, 0, 0x3F400000},                   // -1.25 - floor(-1.25) = 0.75
    {"TRUNC", 0xBFE00000, 0, 0, 0xBF800000},                   // trunc(-1.75) = -1
    {"CEIL", 0x3FA00000, 0, 0, 0x40000000},                    // ceil(1.25) = 2
    {"RNDNE", 0x40200000, 0, 0, 0x40000000},                   // 2.5 to even: 2
    {"FLOOR", 0xBFA00000, 0, 0, 0xC0000000},                   // floor(-1.25) = -2
    {"ASHR_INT", 0x80000000, 4, 0, 0xF8000000},
    {"LSHR_INT", 0x80000000, 4, 0, 0x08000000},
    {"LSHL_INT", 3, 33, 0, 6},                                 // shift by 33 & 31 = 1
    {"MOV", 0x12345678, 0, 0, 0x12345678},
    {"OFFSET_TO_FLT", 0xFFFFFFF8, 0, 0, 0xBF000000},           // 1000: -0.5 (8.2's table; bits above 3 ignored)
    {"OFFSET_TO_FLT", 0x00000007, 0, 0, 0x3EE00000},           // 0111: 0.4375
    {"NOP", 0, 0, 0, sentinel},
    {"PRED_SETGT_UINT", 3, 2, 0, 0x00000000},                  // execute: 0.0
    {"PRED_SETGE_UINT", 1, 2, 0, 0x3F800000},                  // skip: 1.0
    {"PRED_SETE", 0x40000000, 0x40000000, 0, 0x00000000},
    {"PRED_SETGT", 0x3F800000, 0x40000000, 0, 0x3F800000},
    {"PRED_SETGE", 0x40000000, 0x40000000, 0, 0x00000000},
    {"PRED_SETNE", 0x40000000, 0x40000000, 0, 0x3F800000},
    {"PRED_SET_INV", 0x3F800000, 0, 0, 0x00000000},            // 1.0 -> 0.0
    {"PRED_SET_INV", 0x00000000, 0, 0, 0x3F800000},            // 0.0 -> 1.0
    {"PRED_SET_INV", 0x40A00000, 0, 0, 0x40A00000},            // 5.0 stays
    {"PRED_SET_POP", 0x40400000, 0x3F800000, 0, 0x40000000},   // 3 > 1: 3 - 1 = 2
    {"PRED_SET_POP", 0x3F800000, 0x40400000, 0, 0x00000000},   // 1 <= 3: 0
    {"PRED_SET_CLR", 0, 0, 0, 0x7F7FFFFF},                     // +MAX_FLOAT
    {"PRED_SET_RESTORE", 0x00000000, 0, 0, 0x00000000},
    {"PRED_SET_RESTORE", 0x40800000, 0, 0, 0x40800000},
    {"PRED_SETE_PUSH", 0x00000000, 0x00000000, 0, 0x00000000},
    {"PRED_SETE_PUSH", 0x40000000, 0x00000000, 0, 0x40400000}, // counter 2: 2 + 1
    {"PRED_SETGT_PUSH", 0x00000000, 0x3F800000, 0, 0x00000000},
    {"PRED_SETGE_PUSH", 0x00000000, 0xBF800000, 0, 0x3F800000},// -1 >= 0 fails: 0 + 1
    {"PRED_SETNE_PUSH", 0x00000000, 0x00000000, 0, 0x3F800000},
    {"KILLE", 0x40000000, 0x40000000, 0, 0x3F800000},          // killed: 1.0
    {"KILLGT", 0x3F800000, 0x40000000, 0, 0x00000000},
    {"KILLGE", 0x40000000, 0x40000000, 0, 0x3F800000},
    {"KILLNE", 0x40000000, 0x40000000, 0, 0x00000000},
    {"AND_INT", 0xF0F0, 0xFF00, 0, 0xF000},
    {"OR_INT", 0xF0F0, 0xFF00, 0, 0xFFF0},
    {"XOR_INT", 0xF0F0, 0xFF00, 0, 0x0FF0},
    {"NOT_INT", 0, 0, 0, 0xFFFFFFFF},
    {"ADD_INT", 0xFFFFFFFF, 2, 0, 1},
    {"SUB_INT", 1, 2, 0, 0xFFFFFFFF},
    {"MAX_INT", 0xFFFFFFFF, 1, 0, 1},
    {"MIN_INT", 0xFFFFFFFF, 1, 0, 0xFFFFFFFF},
    {"MAX_UINT", 0xFFFFFFFF, 1, 0, 0xFFFFFFFF},
    {"MIN_UINT", 0xFFFFFFFF, 1, 0, 1},
    {"SETE_INT", 5, 5, 0, 0xFFFFFFFF},
    {"SETGT_INT", 0xFFFFFFFF, 0, 0, 0},                        // -1 > 0: false
    {"SETGE_INT", 0, 0, 0, 0xFFFFFFFF},
    {"SETNE_INT", 5, 5, 0, 0},
    {"SETGT_UINT", 0xFFFFFFFF, 0, 0, 0xFFFFFFFF},
    {"SETGE_UINT", 0, 1, 0, 0},
    {"KILLGT_UINT", 2, 1, 0, 0x3F800000},
    {"KILLGE_UINT", 1, 2, 0, 0x00000000},
    {"PRED_SETE_INT", 5, 5, 0, 0x00000000},
    {"PRED_SETGT_INT", 0xFFFFFFFF, 0, 0, 0x3F800000},
    {"PRED_SETGE_INT", 0, 0, 0, 0x00000000},
    {"PRED_SETNE_INT", 1, 0, 0, 0x00000000},
    {"KILLE_INT", 3, 3, 0, 0x3F800000},
    {"KILLGT_INT", 0xFFFFFFFF, 0, 0, 0x00000000},
    {"KILLGE_INT", 0, 0, 0, 0x3F800000},
    {"KILLNE_INT", 1, 1, 0, 0x00000000},
    {"PRED_SETE_PUSH_INT", 0x00000000, 0, 0, 0x00000000},
    {"PRED_SETE_PUSH_INT", 0x3F800000, 0, 0, 0x40000000},      // counter 1.0: 2.0
    {"PRED_SETGT_PUSH_INT", 0x00000000, 5, 0, 0x00000000},
    {"PRED_SETGE_PUSH_INT", 0x00000000, 0xFFFFFFFF, 0, 0x3F800000},
    {"PRED_SETNE_PUSH_INT", 0x00000000, 0, 0, 0x3F800000},
    {"PRED_SETLT_PUSH_INT", 0x00000000, 0xFFFFFFFF, 0, 0x00000000},
    {"PRED_SETLE_PUSH_INT", 0x00000000, 1, 0, 0x3F800000},
    {"FLT_TO_INT", 0x40200000, 0, 0, 2},                       // 2.5 to even: 2
    {"FLT_TO_INT", 0xC0600000, 0, 0, 0xFFFFFFFC},              // -3.5 to even: -4
    {"FLT_TO_INT", 0x4F32D05E, 0, 0, 0x7FFFFFFF},              // 3e9 saturates
    {"BFREV_INT", 1, 0, 0, 0x80000000},
    {"ADDC_UINT", 0xFFFFFFFF, 1, 0, 1},
    {"ADDC_UINT", 1, 1, 0, 0},
    {"SUBB_UINT", 1, 2, 0, 1},
    {"GROUP_BARRIER", 0, 0, 0, sentinel},
    {"MUL_INT24", 0x00FFFFFF, 2, 0, 0xFFFFFFFE},               // -1 * 2 in 24 bits
    {"MULHI_INT24", 0x00400000, 0x00000400, 0, 1},             // 2^22 * 2^10 = 2^32
    {"FLT_TO_INT_TRUNC", 0xC06CCCCD, 0, 0, 0xFFFFFFFD},        // -3.7: -3
    {"EXP_IEEE", 0x40400000, 0, 0, 0x41000000},                // 2^3 = 8
    {"LOG_CLAMPED", 0x00000000, 0, 0, 0xFF7FFFFF},             // log(0) = -inf -> -max
    {"LOG_IEEE", 0x41000000, 0, 0, 0x40400000},                // log2(8) = 3
    {"RECIP_CLAMPED", 0x00000000, 0, 0, 0x7F7FFFFF},
    {"RECIP_FF", 0x00000000, 0, 0, 0x00000000},
    {"RECIP_IEEE", 0x40800000, 0, 0, 0x3E800000},              // 1/4
    {"RECIPSQRT_CLAMPED", 0x00000000, 0, 0, 0x7F7FFFFF},
    {"RECIPSQRT_FF", 0x00000000, 0, 0, 0x00000000},
    {"RECIPSQRT_IEEE", 0x40800000, 0, 0, 0x3F000000},          // 1/sqrt(4)
    {"SQRT_IEEE", 0x41800000, 0, 0, 0x40800000},               // sqrt(16)
    {"SIN", 0x3E800000, 0, 0, 0x3F800000},                     // sin(2 pi 0.25) = 1
    {"SIN", 0x3F000000, 0, 0, 0x00000000},                     // sin(pi) = 0
    {"SIN", 0x43960000, 0, 0, 0x3F800000},                     // 300 is out of range: 1.0
    {"COS", 0x3F000000, 0, 0, 0xBF800000},                     // cos(pi) = -1
    {"COS", 0x00000000, 0, 0, 0x3F800000},
    {"MULLO_INT", 0x10000, 0x10000, 0, 0},                     // 2^32: low word 0
    {"MULHI_INT", 0xFFFFFFFF, 2, 0, 0xFFFFFFFF},               // -2: high word -1
    {"MULLO_UINT", 3, 5, 0, 15},
    {"MULHI_UINT", 0x80000000, 4, 0, 2},
    {"FLT_TO_UINT", 0x40200000, 0, 0, 2},
    {"FLT_TO_UINT", 0xBF800000, 0, 0, 0},                      // -1 saturates to 0
    {"INT_TO_FLT", 0xFFFFFFFE, 0, 0, 0xC0000000},              // -2
    {"UINT_TO_FLT", 0xFFFFFFFF, 0, 0, 0x4F800000},             // 2^32 after rounding
    {"BFM_INT", 4, 8, 0, 0xF00},
    {"FLT32_TO_FLT16", 0x3F800000, 0, 0, 0x3C00},
    {"FLT16_TO_FLT32", 0xC000, 0, 0, 0xC0000000},
    {"UBYTE0_FLT", 0x11223344, 0, 0, 0x42880000},              // 68
    {"UBYTE1_FLT", 0x11223344, 0, 0, 0x424C0000},              // 51
    {"UBYTE2_FLT", 0x11223344, 0, 0, 0x42080000},              // 34
    {"UBYTE3_FLT", 0x11223344, 0, 0, 0x41880000},              // 17
    {"BCNT_INT", 0xF0F0, 0, 0, 8},
    {"FFBH_UINT", 1, 0, 0, 31},
    {"FFBH_UINT", 0, 0, 0, 0xFFFFFFFF},
    {"FFBL_INT", 8, 0, 0, 3},
    {"FFBH_INT", 0xFFFF0000, 0, 0, 16},                        // first 0 from the MSB
    {"FFBH_INT", 0xFFFFFFFF, 0, 0, 0xFFFFFFFF},
    {"FLT_TO_INT_RPI", 0x40200000, 0, 0, 3},                   // floor(2.5 + 0.5)
    {"FLT_TO_INT_RPI", 0xC0200000, 0, 0, 0xFFFFFFFE},          // floor(-2.5 + 0.5) = -2
    {"FLT_TO_INT_FLOOR", 0xC04CCCCD, 0, 0, 0xFFFFFFFC},        // floor(-3.2) = -4
    {"MULHI_UINT24", 0x00FFFFFF, 0x00FFFFFF, 0, 0xFFFF},       // 0xFFFFFE000001 >> 32
    {"MUL_UINT24", 0x01000003, 5, 0, 15},                      // bits 24+ ignored
};

inline constexpr op_case op3_cases[] = {
    {"BFE_UINT", 0x12345678, 8, 8, 0x56},
    {"BFE_INT", 0x0000F000, 12, 4, 0xFFFFFFFF},                // 0xF sign-extended
    {"BFI_INT", 0xFF00, 0x1234, 0xABCD, 0x12CD},
    {"FMA", 0x3F800800, 0x3F800800, 0xBF801000, 0x33800000},   // fused: 2^-24 survives
    {"MULADD_INT24", 2, 3, 4, 10},
    {"LERP_UINT", 0x02040608, 0x04040404, 0x01010101, 0x03040506},
    {"BIT_ALIGN_INT", 1, 0, 1, 0x80000000},
    {"BYTE_ALIGN_INT", 0x11223344, 0x55667788, 1, 0x44556677},
    {"SAD_ACCUM_UINT", 0x01020304, 0x04030201, 10, 18},
    {"SAD_ACCUM_HI_UINT", 0x01020304, 0x04030201, 10, 0x8000A},  // (8 << 16) + 10
    {"MUL_LIT", 0x40000000, 0x40400000, 0x3F800000, 0x40C00000},   // 2 * 3 (src2 > 0)
    {"MUL_LIT", 0x40000000, 0x40400000, 0x00000000, 0xFF7FFFFF},   // src2 <= 0: -MAX_FLOAT
    {"MULADD_UINT24", 0x01000002, 3, 1, 7},
    {"MULADD", 0x40000000, 0x40400000, 0x3F800000, 0x40E00000},    // 2 * 3 + 1 = 7
    {"MULADD", 0x00000000, 0x7FC00000, 0x3F800000, 0x3F800000},    // 0 * NaN + 1 = 1
    {"MULADD_M2", 0x40000000, 0x40400000, 0x3F800000, 0x41600000}, // 14
    {"MULADD_M4", 0x40000000, 0x40400000, 0x3F800000, 0x41E00000}, // 28
    {"MULADD_D2", 0x40000000, 0x40400000, 0x3F800000, 0x40600000}, // 3.5
    {"MULADD_IEEE", 0x3F800800, 0x3F800800, 0xBF801000, 0x00000000}, // product rounded first
    {"CNDE", 0x00000000, 5, 6, 5},
    {"CNDGT", 0xBF800000, 5, 6, 6},
    {"CNDGE", 0x00000000, 5, 6, 5},
    {"CNDE_INT", 1, 5, 6, 6},
    {"CNDGT_INT", 1, 5, 6, 5},
    {"CNDGE_INT", 0xFFFFFFFF, 5, 6, 6},
};
// clang-format on

// The 64-bit instructions (alu64.hpp): operands a and b are doubles in the group's literal (a: X
// low, Y high; b: Z low, W high), c an inline double constant (244: 1.0, 246: 0.5, 248: 0) negated
// when c_neg. LDEXP_64's exponent is b's low dword, FLT32_TO_FLT64's float a's high dword. The
// result is read from DST_GPR's YX (high, low) and, for the four-slot ones, WZ.
struct wide_case {
    std::string_view mnemonic;
    std::uint64_t a = 0, b = 0;
    std::uint32_t c = 248;
    bool c_neg = false;
    std::uint64_t expected = 0, expected_zw = 0;  // expected_zw: MUL_64, FMA_64, FREXP_64
};

// clang-format off
inline constexpr wide_case wide_cases[] = {
    {"ADD_64", 0x4008000000000000, 0x4018000000000000, 248, false, 0x4022000000000000, 0},  // 8.2's example: 3 + 6 = 9
    {"ADD_64", 0x7FF0000000000000, 0xFFF0000000000000, 248, false, 0xFFF8000000000000, 0},  // inf - inf: NaN64
    {"ADD_64", 0x0000000000000001, 0x8000000000000001, 248, false, 0x0000000000000000, 0},  // +denorm + -denorm: +0
    {"ADD_64", 0x3FF0000000000000, 0x7FF0000000000001, 248, false, 0x7FF0000000000001, 0},  // src1's NaN propagated
    {"MUL_64", 0x4008000000000000, 0x4018000000000000, 248, false, 0x4032000000000000, 0x4032000000000000},  // 3 * 6 = 18
    {"MUL_64", 0x0000000000000000, 0xFFF0000000000000, 248, false, 0xFFF8000000000000, 0xFFF8000000000000},  // 0 * -inf
    {"FMA_64", 0x4008000000000000, 0x4018000000000000, 244, false, 0x4033000000000000, 0x4033000000000000},  // 3 * 6 + 1
    // (1 + 2^-30)(1 - 2^-30) - 1 = -2^-60, rounded once (a rounded product would give 0)
    {"FMA_64", 0x3FF0000000400000, 0x3FEFFFFFFF800000, 244, true, 0xBC30000000000000, 0xBC30000000000000},
    {"MIN_64", 0x8000000000000000, 0x0000000000000000, 248, false, 0x8000000000000000, 0},  // min(-0, +0) = -0
    {"MIN_64", 0x7FF8000000000000, 0x3FF0000000000000, 248, false, 0x3FF0000000000000, 0},  // NaN < 1 fails: src1
    {"MAX_64", 0x8000000000000000, 0x0000000000000000, 248, false, 0x0000000000000000, 0},  // max(-0, +0) = +0
    {"MAX_64", 0x3FF0000000000000, 0x4000000000000000, 248, false, 0x4000000000000000, 0},  // max(1, 2) = 2
    {"SETE_64", 0x4000000000000000, 0x4000000000000000, 248, false, 0xFFFFFFFFFFFFFFFF, 0},
    {"SETNE_64", 0x7FF8000000000000, 0x3FF0000000000000, 248, false, 0xFFFFFFFFFFFFFFFF, 0},  // NaN != 1
    {"SETGT_64", 0x3FF0000000000000, 0x4000000000000000, 248, false, 0x0000000000000000, 0},
    {"SETGE_64", 0x0000000000000001, 0x8000000000000000, 248, false, 0xFFFFFFFFFFFFFFFF, 0},  // +denorm >= -0
    {"PRED_SETE_64", 0x4000000000000000, 0x4000000000000000, 248, false, 0x0000000000000000, 0},  // execute: 0
    {"PRED_SETGT_64", 0x3FF0000000000000, 0x4000000000000000, 248, false, 0xFFFFFFFFFFFFFFFF, 0},  // skip
    {"PRED_SETGE_64", 0x4018000000000000, 0x4008000000000000, 248, false, 0x0000000000000000, 0},  // 8.2's example
    {"FRACT_64", 0x4021A0F4F077BCA7, 0, 248, false, 0x3FEA0F4F077BCA70, 0},  // 8.2's example
    {"FRACT_64", 0xFFF0000000000000, 0, 248, false, 0xFFF8000000000000, 0},  // -inf: NaN64
    {"FRACT_64", 0xBFF0000000000000, 0, 248, false, 0x0000000000000000, 0},  // -1: +0
    {"FREXP_64", 0x4008000000000000, 0, 248, false, 0x0000000200000002, 0x3FE8000000000000},  // 3 = 0.75 * 2^2
    {"FREXP_64", 0xFFF0000000000000, 0, 248, false, 0xFFFFFFFFFFFFFFFF, 0xFFF8000000000000},  // -inf
    {"LDEXP_64", 0x47F000006FC6A731, 0x2C6, 248, false, 0x745000006FC6A731, 0},  // 8.2's example
    {"LDEXP_64", 0xC7EFFFFEE072B19F, 0x15E, 248, false, 0xDDCFFFFEE072B19F, 0},  // 8.2's example
    {"LDEXP_64", 0x3FF0000000000000, 2000, 248, false, 0x7FF0000000000000, 0},  // overflow: +inf
    {"FLT32_TO_FLT64", 0x3F00000000000000, 0, 248, false, 0x3FE0000000000000, 0},  // 8.2's example: 0.5f
    {"FLT32_TO_FLT64", 0xFFC0000000000000, 0, 248, false, 0xFFF8000000000000, 0},  // 0xFFC00000: NaN64
    {"FLT64_TO_FLT32", 0x4000000000000000, 0, 248, false, 0x0000000040000000, 0},  // 8.2's example: 2.0; Y: 0
    {"FLT64_TO_FLT32", 0xFFF0000000000001, 0, 248, false, 0x00000000FFC00000, 0},  // -NaN
    {"CNDNE_64", 0x0000000000000001, 0x4000000000000000, 246, false, 0x3FE0000000000000, 0},  // denorm is 0: src2
    {"CNDNE_64", 0x4000000000000000, 0x4010000000000000, 246, false, 0x4010000000000000, 0},
    {"RECIP_64", 0x4010000000000000, 0, 248, false, 0x3FD0000000000000, 0},  // 1 / 4
    {"RECIP_64", 0x4008000000000000, 0, 248, false, 0x3FD5555500000000, 0},  // 1 / 3, low dword 0
    {"RECIP_CLAMPED_64", 0x0000000000000000, 0, 248, false, 0x7FEFFFFF00000000, 0},  // 1 / +0: max
    {"RECIPSQRT_64", 0x4010000000000000, 0, 248, false, 0x3FE0000000000000, 0},  // 1 / sqrt(4)
    {"RECIPSQRT_CLAMPED_64", 0x8000000000000000, 0, 248, false, 0xFFEFFFFF00000000, 0},  // -0: -max
    {"SQRT_64", 0x4002000000000000, 0, 248, false, 0x3FF8000000000000, 0},  // sqrt(2.25) = 1.5
};
// clang-format on

// One source of a 64-bit case's slot at `chan` (alu64.hpp's layout): {SRCn_SEL, SRCn_CHAN}.
[[nodiscard]] constexpr std::array<std::uint32_t, 2> wide_source(const wide_case& k, std::uint32_t chan, std::uint32_t n) {
    const bool high_slot = k.mnemonic == "MUL_64" || k.mnemonic == "FMA_64" ? chan < 3 : (chan & 1) == 0;
    const bool per_slot = k.mnemonic.starts_with("RECIP") || k.mnemonic == "SQRT_64";
    if (n == 2) return {high_slot ? k.c + 1 : k.c, 0};  // the inline constant's dword
    if (per_slot) return {253, n == 0 ? 1u : 0u};        // src0 high, src1 low, both of a
    if (k.mnemonic == "LDEXP_64" && n == 1) return {253, 2};
    return {253, (n == 0 ? 0u : 2u) + (high_slot ? 1u : 0u)};
}

// The group of a 64-bit case; a pair instruction in slots X, Y or, from `base` 2, Z, W.
// The opcode of a 64-bit case: CNDNE_64 and FMA_64 are OP3, the others OP2.
[[nodiscard]] constexpr bool wide_op3(const wide_case& k) { return k.mnemonic == "CNDNE_64" || k.mnemonic == "FMA_64"; }
[[nodiscard]] constexpr cm::opcode wide_opcode(const wide_case& k) {
    return cm::find_opcode(wide_op3(k) ? cm::category::alu_op3 : cm::category::alu_op2, k.mnemonic).value();
}

[[nodiscard]] constexpr cx::item wide_group(const wide_case& k, std::uint32_t dst, std::uint32_t base = 0) {
    const bool op3 = wide_op3(k);
    const cm::opcode op = wide_opcode(k);
    const std::uint32_t slots = cm::info(op).slots == cm::alu_slots::quad ? 4 : 2;
    constexpr std::string_view sel[] = {"SRC0_SEL", "SRC1_SEL", "SRC2_SEL"};
    constexpr std::string_view chan[] = {"SRC0_CHAN", "SRC1_CHAN", "SRC2_CHAN"};
    cx::item g{};
    g.kind = cx::item_kind::group;
    g.cf = cm::make(*cm::find_opcode(cm::category::cf_alu, "ALU"));
    for (std::uint32_t s = base; s < base + slots; ++s) {
        cm::instruction in = cm::make(op);
        for (std::uint32_t n = 0; n < cm::info(op).sources; ++n) {
            const auto [select, element] = wide_source(k, s, n);
            in = cm::set(in, sel[n], select).value();
            in = cm::set(in, chan[n], element).value();
        }
        if (k.c_neg) in = cm::set(in, "SRC2_NEG", 1).value();  // the low dword's is not applied
        in = cm::set(in, "DST_GPR", dst).value();
        in = cm::set(in, "DST_CHAN", s).value();
        if (!op3) in = cm::set(in, "WRITE_MASK", 1).value();
        if (s + 1 == base + slots) in = cm::set(in, "LAST", 1).value();
        g.slots[g.count++] = in;
    }
    g.literals = {static_cast<std::uint32_t>(k.a), static_cast<std::uint32_t>(k.a >> 32), static_cast<std::uint32_t>(k.b),
                  static_cast<std::uint32_t>(k.b >> 32)};
    return g;
}

// The LDS operations (table 8.11, lds.hpp's operand order): the local memory holds `old` at byte
// 8 and `old2` at `second` (the operation's second dword), the sources are the group's literal
// X, Y, Z; after the run the memory holds `mem` at 8 and `mem2` at `second`, and the queues'
// front entries are `oqa`, `oqb` (0: nothing returned).
struct lds_case {
    std::string_view mnemonic;
    std::uint32_t s0 = 8, s1 = 0, s2 = 0, offset = 0;
    std::uint32_t old = 0, second = 24, old2 = 0;
    std::uint32_t mem = 0, mem2 = 0, oqa = 0, oqb = 0;
};

// clang-format off
inline constexpr lds_case lds_cases[] = {
    //  mnemonic                s0  s1          s2      off old         2nd  old2  mem         mem2    oqa         oqb
    {"LDS_ADD",                 8,  3,          0,      0,  5,          24,  0,    8,          0,      0,          0},
    {"LDS_SUB",                 8,  3,          0,      0,  5,          24,  0,    2,          0,      0,          0},
    {"LDS_RSUB",                8,  3,          0,      0,  5,          24,  0,    0xFFFFFFFE, 0,      0,          0},
    {"LDS_INC",                 8,  5,          0,      0,  5,          24,  0,    0,          0,      0,          0},  // 5 >= 5: 0
    {"LDS_DEC",                 8,  7,          0,      0,  0,          24,  0,    7,          0,      0,          0},  // 0: src
    {"LDS_MIN_INT",             8,  1,          0,      0,  0xFFFFFFFF, 24,  0,    0xFFFFFFFF, 0,      0,          0},
    {"LDS_MAX_INT",             8,  1,          0,      0,  0xFFFFFFFF, 24,  0,    1,          0,      0,          0},
    {"LDS_MIN_UINT",            8,  1,          0,      0,  0xFFFFFFFF, 24,  0,    1,          0,      0,          0},
    {"LDS_MAX_UINT",            8,  1,          0,      0,  0xFFFFFFFF, 24,  0,    0xFFFFFFFF, 0,      0,          0},
    {"LDS_AND",                 8,  0xFF00,     0,      0,  0xF0F0,     24,  0,    0xF000,     0,      0,          0},
    {"LDS_OR",                  8,  0xFF00,     0,      0,  0xF0F0,     24,  0,    0xFFF0,     0,      0,          0},
    {"LDS_XOR",                 8,  0xFF00,     0,      0,  0xF0F0,     24,  0,    0x0FF0,     0,      0,          0},
    {"LDS_MSKOR",               8,  0x00F0,     0x0050, 0,  0xFFFF,     24,  0,    0xFF5F,     0,      0,          0},
    {"LDS_WRITE",               8,  0x1234,     0,      0,  5,          24,  0,    0x1234,     0,      0,          0},
    {"LDS_WRITE_REL",           8,  0x11,       0x22,   4,  5,          24,  6,    0x11,       0x22,   0,          0},  // 8 + 4 dwords
    {"LDS_WRITE2",              8,  0x11,       0x22,   1,  5,          264, 6,    0x11,       0x22,   0,          0},  // 8 + 64 dwords
    {"LDS_CMP_STORE",           8,  5,          9,      0,  5,          24,  0,    9,          0,      0,          0},
    {"LDS_CMP_STORE_SPF",       8,  0x00000000, 9,      0,  0x80000000, 24,  0,    9,          0,      0,          0},  // -0 == +0
    {"LDS_BYTE_WRITE",          9,  0x1234AB,   0,      0,  0x11223344, 24,  0,    0x1122AB44, 0,      0,          0},
    {"LDS_SHORT_WRITE",         10, 0xABCD1234, 0,      0,  0x11223344, 24,  0,    0x12343344, 0,      0,          0},
    {"LDS_ADD_RET",             8,  3,          0,      0,  5,          24,  0,    8,          0,      5,          0},
    {"LDS_SUB_RET",             8,  3,          0,      0,  5,          24,  0,    2,          0,      5,          0},
    {"LDS_RSUB_RET",            8,  3,          0,      0,  5,          24,  0,    0xFFFFFFFE, 0,      5,          0},
    {"LDS_INC_RET",             8,  5,          0,      0,  4,          24,  0,    5,          0,      4,          0},
    {"LDS_DEC_RET",             8,  7,          0,      0,  9,          24,  0,    7,          0,      9,          0},  // 9 > 7: src
    {"LDS_MIN_INT_RET",         8,  0xFFFFFFFE, 0,      0,  3,          24,  0,    0xFFFFFFFE, 0,      3,          0},
    {"LDS_MAX_INT_RET",         8,  0xFFFFFFFE, 0,      0,  3,          24,  0,    3,          0,      3,          0},
    {"LDS_MIN_UINT_RET",        8,  0xFFFFFFFE, 0,      0,  3,          24,  0,    3,          0,      3,          0},
    {"LDS_MAX_UINT_RET",        8,  0xFFFFFFFE, 0,      0,  3,          24,  0,    0xFFFFFFFE, 0,      3,          0},
    {"LDS_AND_RET",             8,  0xFF00,     0,      0,  0xF0F0,     24,  0,    0xF000,     0,      0xF0F0,     0},
    {"LDS_OR_RET",              8,  0xFF00,     0,      0,  0xF0F0,     24,  0,    0xFFF0,     0,      0xF0F0,     0},
    {"LDS_XOR_RET",             8,  0xFF00,     0,      0,  0xF0F0,     24,  0,    0x0FF0,     0,      0xF0F0,     0},
    {"LDS_MSKOR_RET",           8,  0x00F0,     0x0050, 0,  0xFFFF,     24,  0,    0xFF5F,     0,      0xFFFF,     0},
    {"LDS_XCHG_RET",            8,  7,          0,      0,  5,          24,  0,    7,          0,      5,          0},
    {"LDS_XCHG_REL_RET",        8,  0x11,       0x22,   4,  5,          24,  6,    0x11,       0x22,   5,          6},
    {"LDS_XCHG2_RET",           8,  0x11,       0x22,   1,  5,          264, 6,    0x11,       0x22,   5,          6},
    {"LDS_CMP_XCHG_RET",        8,  6,          9,      0,  5,          24,  0,    5,          0,      5,          0},  // 5 != 6: kept
    {"LDS_CMP_XCHG_SPF_RET",    8,  0x7FC00000, 9,      0,  0x7FC00000, 24,  0,    0x7FC00000, 0,      0x7FC00000, 0},  // NaN != NaN
    {"LDS_READ_RET",            8,  0,          0,      0,  0x1234,     24,  0,    0x1234,     0,      0x1234,     0},
    {"LDS_READ_REL_RET",        8,  0,          0,      4,  5,          24,  6,    5,          6,      5,          6},
    {"LDS_READ2_RET",           8,  24,         0,      0,  5,          24,  6,    5,          6,      5,          6},
    {"LDS_READWRITE_RET",       8,  24,         0x77,   0,  5,          24,  6,    5,          0x77,   5,          0},
    {"LDS_BYTE_READ_RET",       11, 0,          0,      0,  0x80223344, 24,  0,    0x80223344, 0,      0xFFFFFF80, 0},
    {"LDS_UBYTE_READ_RET",      11, 0,          0,      0,  0x80223344, 24,  0,    0x80223344, 0,      0x80,       0},
    {"LDS_SHORT_READ_RET",      10, 0,          0,      0,  0x80223344, 24,  0,    0x80223344, 0,      0xFFFF8022, 0},
    {"LDS_USHORT_READ_RET",     10, 0,          0,      0,  0x80223344, 24,  0,    0x80223344, 0,      0x8022,     0},
};
// clang-format on

// An LDS instruction with its sources from the group's literal (X, Y, Z).
[[nodiscard]] constexpr cx::item lds_group(const lds_case& k) {
    const cm::opcode op = *cm::find_opcode(cm::category::lds_idx_op, k.mnemonic);
    constexpr std::string_view sel[] = {"SRC0_SEL", "SRC1_SEL", "SRC2_SEL"};
    constexpr std::string_view chan[] = {"SRC0_CHAN", "SRC1_CHAN", "SRC2_CHAN"};
    constexpr std::string_view offset[] = {"IDX_OFFSET_0", "IDX_OFFSET_1", "IDX_OFFSET_2", "IDX_OFFSET_3", "IDX_OFFSET_4", "IDX_OFFSET_5"};
    cm::instruction in = cm::make(op);
    for (std::uint32_t n = 0; n < cm::info(op).sources; ++n) {
        in = cm::set(in, sel[n], 253).value();
        in = cm::set(in, chan[n], n).value();
    }
    for (std::uint32_t b = 0; b < 6; ++b) in = cm::set(in, offset[b], (k.offset >> b) & 1).value();
    in = cm::set(in, "LAST", 1).value();
    cx::item g{};
    g.kind = cx::item_kind::group;
    g.cf = cm::make(*cm::find_opcode(cm::category::cf_alu, "ALU"));
    g.slots[g.count++] = in;
    g.literals = {k.s0, k.s1, k.s2, 0};
    return g;
}

// MOV R<dst>.x, OQ_A_POP and MOV R<dst>.y, OQ_B: the front entries, then one pop.
[[nodiscard]] constexpr cx::item queue_group(std::uint32_t dst) {
    cx::item g{};
    g.kind = cx::item_kind::group;
    g.cf = cm::make(*cm::find_opcode(cm::category::cf_alu, "ALU"));
    for (std::uint32_t chan = 0; chan < 2; ++chan) {
        cm::instruction in = cm::make(*cm::find_opcode(cm::category::alu_op2, "MOV"));
        in = cm::set(in, "SRC0_SEL", chan == 0 ? 221 : 220).value();
        in = cm::set(in, "DST_GPR", dst).value();
        in = cm::set(in, "DST_CHAN", chan).value();
        in = cm::set(in, "WRITE_MASK", 1).value();
        if (chan == 1) in = cm::set(in, "LAST", 1).value();
        g.slots[g.count++] = in;
    }
    return g;
}

// The instructions of one case writing DST_GPR `dst`: its slot X, or X-Z / X-W for the
// transcendentals and the replicated integer multiplies (every slot computes the same).
[[nodiscard]] constexpr std::vector<cm::instruction> case_slots(const op_case& k, bool op3, std::uint32_t dst) {
    const cm::opcode op = *cm::find_opcode(op3 ? cm::category::alu_op3 : cm::category::alu_op2, k.mnemonic);
    const cm::alu_slots shape = cm::info(op).slots;
    const std::uint32_t slots = shape == cm::alu_slots::vec4 ? 4 : shape == cm::alu_slots::trans ? 3 : 1;
    constexpr std::string_view sel[] = {"SRC0_SEL", "SRC1_SEL", "SRC2_SEL"};
    constexpr std::string_view chan[] = {"SRC0_CHAN", "SRC1_CHAN", "SRC2_CHAN"};
    std::vector<cm::instruction> out;
    for (std::uint32_t s = 0; s < slots; ++s) {
        cm::instruction in = cm::make(op);
        for (std::uint32_t n = 0; n < cm::info(op).sources; ++n) {
            in = cm::set(in, sel[n], 253).value();  // LITERAL
            in = cm::set(in, chan[n], n).value();
        }
        in = cm::set(in, "DST_GPR", dst).value();
        in = cm::set(in, "DST_CHAN", s).value();
        if (!op3) in = cm::set(in, "WRITE_MASK", 1).value();
        if (s + 1 == slots) in = cm::set(in, "LAST", 1).value();
        out.push_back(in);
    }
    return out;
}

[[nodiscard]] constexpr cx::item case_group(const op_case& k, bool op3, std::uint32_t dst) {
    cx::item g{};
    g.kind = cx::item_kind::group;
    g.cf = cm::make(*cm::find_opcode(cm::category::cf_alu, "ALU"));
    const auto slots = case_slots(k, op3, dst);
    for (const cm::instruction& in : slots) g.slots[g.count++] = in;
    g.literals = {k.a, k.b, k.c, 0};
    return g;
}

// clause start, the groups, clause end, END.
[[nodiscard]] constexpr std::vector<cx::item> clause_program(const std::vector<cx::item>& groups) {
    std::vector<cx::item> out;
    cx::item clause{};
    clause.kind = cx::item_kind::clause;
    clause.cf = cm::make(*cm::find_opcode(cm::category::cf_alu, "ALU"));
    out.push_back(clause);
    for (const cx::item& g : groups) out.push_back(g);
    clause.kind = cx::item_kind::clause_end;
    out.push_back(clause);
    cx::item end{};
    end.cf = cm::make(*cm::find_opcode(cm::category::cf, "END"));
    out.push_back(end);
    return out;
}

}  // namespace cayman_exec_cases
