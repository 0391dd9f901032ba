// SPDX-License-Identifier: MIT
// The 64-bit float instructions (chapter 8) on one lane's doubles. A double is two dwords of a
// register pair: YX or WZ, the low dword in X (Z), the high one in Y (W). Which slot reads which
// dword, and where the results go (group.hpp does the gathering and scattering):
//   pair instructions (ADD_64, MIN_64, MAX_64, SET*_64, PRED_SET*_64, FRACT_64, FLT64_TO_FLT32,
//     LDEXP_64, CNDNE_64): the X (Z) slot's sources are the high dwords, the Y (W) slot's the low
//     ones (ADD_64's example: "ADD_64 re.x ra.h rc.h; ADD_64 rf.y rb.l rd.l"); the result's low
//     dword goes to the X (Z) slot, its high dword to the Y (W) slot.
//   MUL_64, FMA_64 (four slots): the Z slot reads the high dwords, the W slot the low ones (MUL_64's
//     example reads ra.h in X, Y and Z, rb.l in W); X and Z get the low dword, Y and W the high one.
//   FREXP_64 (four slots): X reads the high dword, Y the low one; the exponent goes to X and Y
//     ("to dst.YX": a 32-bit integer in both), the fraction to WZ.
//   RECIP_64, RECIP_CLAMPED_64, RECIPSQRT_64, RECIPSQRT_CLAMPED_64, SQRT_64: the X (Z) slot's src0
//     is the high dword, its src1 the low one ("src0_d is composed of high-order double bits on
//     src0, and low-order double bits on src1"); "the low-order bits are assumed to be 0": X (Z)
//     gets 0, Y (W) the result's high dword (the double rounded to nearest, then its low dword cut).
//   FLT32_TO_FLT64: the float is the X (Z) slot's src0 (the example's "rb.l //Don't care" for Y).
//   LDEXP_64: src0 is the double, src1 the exponent (the X (Z) slot's), a 32-bit integer: the
//     example (0x47F000006FC6A731 * 2^0x2C6 = 0x745000006FC6A731) and the input-modifier note
//     ("the src1 operand is an integer") agree; the description's "src0.X" is not followed.
// Decisions where the tables are all the document says:
// - Denormal operands are zeros of their sign ("denorms obey rules of zero"), denormal results
//   become zeros of their sign (ADD_64's table: F + -F is "+-F or +0", never a denormal).
// - A NaN operand comes out unchanged, src0's first ("a propagated NaN value from the input
//   listed"); a NaN the operation makes (inf - inf, 0 * inf, sqrt of a negative) is NaN64,
//   0xFFF8000000000000.
// - SETE_64's text is SETGE_64's ("set if greater than or equal"): SETE_64 tests equality, as its
//   name and opcode row say. SET*_64 give 0xFFFFFFFF in both dwords for true; PRED_SET*_64 give
//   0 ("execute") or 0xFFFFFFFF in both dwords and set the predicate.
// - MIN_64 / MAX_64 follow the pseudo-code (a NaN compares false, so src1 comes out) with the
//   document's zeros: max(-0, +0) = max(+0, -0) = +0, min(-0, +0) = min(+0, -0) = -0.
// - FRACT_64: infinities give NaN64, NaNs come out unchanged (the pseudo-code's swapped comments
//   and the table agree on that much), zeros and denormals +0, and the result stays below 1.0
//   (x - floor(x) of a tiny negative x rounds to 1.0: the largest double below 1 instead).
// - FREXP_64: infinities give exponent -1 and NaN64, NaNs exponent -1 and themselves, zeros and
//   denormals exponent 0 and a signed zero; else the fraction in [0.5, 1) with the sign.
// - LDEXP_64: an exponent past 0x7FE gives an infinity, one below 1 a zero (both signed); no
//   denormal results.
// - RECIP*_64 / SQRT_64: 1.0 gives 1.0 (as the pseudo-code says); _CLAMPED turns an infinite
//   result into the largest double of its sign (high dword 0x7FEFFFFF).
// - FLT64_TO_FLT32 rounds to nearest even (NaNs to 0x7FC00000 / 0xFFC00000 by sign, zeros and
//   denormals to zeros); FLT32_TO_FLT64 widens exactly (float denormals to zeros, NaN payloads
//   shifted up 29 bits, as the pseudo-code says).
// - CNDNE_64: a denormal src0 counts as zero; src1 or src2 is moved unchanged.
// - Output modifiers: the X (Z) slot's OMOD and CLAMP apply to the double result of the
//   arithmetic instructions (not to SET*, PRED_SET*, FREXP_64; FLT64_TO_FLT32's float result takes
//   them as a float); CLAMP takes NaN to +0.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "../../exec/lanes.hpp"
#include "../description.hpp"

namespace ctisa::cayman::exec {

using u64 = std::uint64_t;

inline constexpr u64 nan64 = 0xFFF8000000000000ull;

// The 23 instructions over register pairs (pair and quad slot shapes).
[[nodiscard]] constexpr bool is_wide(opcode op) noexcept {
    const alu_slots s = info(op).slots;
    return s == alu_slots::pair || s == alu_slots::quad;
}

// Whether source n of a 64-bit instruction at `chan` is a low dword (its NEG / ABS would hit a
// mantissa bit, so the executor does not apply them: 8.2 puts the sign bits in the X and Z slots)
// or an integer operand (LDEXP_64's src1: "does not accept modifiers").
[[nodiscard]] constexpr bool low_dword(opcode op, std::uint32_t chan, std::uint32_t n) noexcept {
    switch (op) {
        case opcode::alu_op2_recip_64:
        case opcode::alu_op2_recip_clamped_64:
        case opcode::alu_op2_recipsqrt_64:
        case opcode::alu_op2_recipsqrt_clamped_64:
        case opcode::alu_op2_sqrt_64: return n == 1;
        case opcode::alu_op2_ldexp_64: return n == 1 || (chan & 1) != 0;
        case opcode::alu_op2_mul_64:
        case opcode::alu_op3_fma_64: return chan == 3;
        case opcode::alu_op2_frexp_64: return chan == 1;
        default: return (chan & 1) != 0;
    }
}

// Whether OMOD and CLAMP apply to the double result.
[[nodiscard]] constexpr bool modifies_double(opcode op) noexcept {
    switch (op) {
        case opcode::alu_op2_sete_64:
        case opcode::alu_op2_setne_64:
        case opcode::alu_op2_setgt_64:
        case opcode::alu_op2_setge_64:
        case opcode::alu_op2_pred_sete_64:
        case opcode::alu_op2_pred_setgt_64:
        case opcode::alu_op2_pred_setge_64:
        case opcode::alu_op2_frexp_64:
        case opcode::alu_op2_flt64_to_flt32: return false;
        default: return true;
    }
}

namespace detail {

inline constexpr u64 sign64 = 0x8000000000000000ull;
inline constexpr u64 exp64 = 0x7FF0000000000000ull;
inline constexpr u64 mant64 = 0x000FFFFFFFFFFFFFull;

[[nodiscard]] constexpr u64 join(lane_word hi, lane_word lo) noexcept { return (u64{hi} << 32) | lo; }
[[nodiscard]] inline double as_double(u64 x) noexcept { return std::bit_cast<double>(x); }
[[nodiscard]] inline u64 bits64(double x) noexcept { return std::bit_cast<u64>(x); }
[[nodiscard]] constexpr bool nan64_in(u64 x) noexcept { return (x & exp64) == exp64 && (x & mant64) != 0; }
// Denormals (and zeros) as zeros of their sign.
[[nodiscard]] constexpr u64 flush64(u64 x) noexcept { return (x & exp64) == 0 ? x & sign64 : x; }
[[nodiscard]] inline double flushed(u64 x) noexcept { return as_double(flush64(x)); }
// A computed result: a NaN it made is NaN64, a denormal a zero.
[[nodiscard]] inline u64 made(double r) noexcept { return r != r ? nan64 : flush64(bits64(r)); }

[[nodiscard]] inline u64 minmax64(u64 a, u64 b, bool max) noexcept {
    const double x = flushed(a), y = flushed(b);
    if (x == 0.0 && y == 0.0) return max ? ((flush64(a) & flush64(b)) ? sign64 : 0) : ((flush64(a) | flush64(b)) & sign64);
    return flush64((max ? x > y : x < y) ? a : b);
}

[[nodiscard]] inline u64 fract64(u64 a) noexcept {
    if ((a & exp64) == exp64) return nan64_in(a) ? a : nan64;
    const double x = flushed(a);
    const double r = x - std::floor(x);
    return r < 1.0 ? made(r) : 0x3FEFFFFFFFFFFFFFull;
}

// FREXP_64: {exponent, fraction}.
struct split64 {
    lane_word exponent;
    u64 fraction;
};
[[nodiscard]] constexpr split64 frexp64(u64 a) noexcept {
    if ((a & exp64) == exp64) return {0xFFFFFFFFu, nan64_in(a) ? a : nan64};
    if ((a & exp64) == 0) return {0, a & sign64};
    const auto e = static_cast<std::int32_t>((a & exp64) >> 52);
    return {static_cast<lane_word>(e - 1022), (a & (sign64 | mant64)) | (u64{0x3FE} << 52)};
}

[[nodiscard]] constexpr u64 ldexp64(u64 a, lane_word n) noexcept {
    if ((a & exp64) == exp64) return a;
    if ((a & exp64) == 0) return a & sign64;
    const std::int64_t e = static_cast<std::int64_t>((a & exp64) >> 52) + static_cast<std::int32_t>(n);
    if (e >= 0x7FF) return (a & sign64) | exp64;
    if (e <= 0) return a & sign64;
    return (a & (sign64 | mant64)) | (static_cast<u64>(e) << 52);
}

[[nodiscard]] inline u64 from_float(lane_word f) noexcept {
    const u64 sign = u64{f >> 31} << 63, mant = f & 0x7FFFFFu;
    const lane_word e = (f >> 23) & 0xFF;
    if (e == 0xFF) return sign | exp64 | (mant << 29);  // infinities and NaNs, the payload shifted
    if (e == 0) return sign;
    return sign | (u64{e - 127 + 1023} << 52) | (mant << 29);
}

[[nodiscard]] inline lane_word to_float(u64 a) noexcept {
    if (nan64_in(a)) return (a & sign64) ? 0xFFC00000u : 0x7FC00000u;
    if ((a & exp64) == 0) return (a & sign64) ? 0x80000000u : 0u;
    return std::bit_cast<lane_word>(static_cast<float>(as_double(a)));
}

// RECIP*_64, SQRT_64: the high dword of the result, the low one 0.
[[nodiscard]] inline u64 approx64(opcode op, u64 a) noexcept {
    if (nan64_in(a)) return a;
    const double x = flushed(a);
    double r = 1.0;
    if (x != 1.0) {
        switch (op) {
            case opcode::alu_op2_sqrt_64: r = std::sqrt(x); break;
            case opcode::alu_op2_recipsqrt_64:
            case opcode::alu_op2_recipsqrt_clamped_64: r = 1.0 / std::sqrt(x); break;
            default: r = 1.0 / x; break;
        }
    }
    u64 b = made(r);
    const bool clamped = op == opcode::alu_op2_recip_clamped_64 || op == opcode::alu_op2_recipsqrt_clamped_64;
    if (clamped && (b & ~sign64) == exp64) b = (b & sign64) | 0x7FEFFFFFFFFFFFFFull;
    return b & 0xFFFFFFFF00000000ull;
}

}  // namespace detail

// Whether the comparison of a 64-bit SET* / PRED_SET* instruction holds.
[[nodiscard]] inline bool test64(opcode op, u64 a, u64 b) noexcept {
    const double x = detail::flushed(a), y = detail::flushed(b);
    switch (op) {
        case opcode::alu_op2_sete_64:
        case opcode::alu_op2_pred_sete_64: return x == y;
        case opcode::alu_op2_setne_64: return x != y;
        case opcode::alu_op2_setgt_64:
        case opcode::alu_op2_pred_setgt_64: return x > y;
        default: return x >= y;  // SETGE_64, PRED_SETGE_64
    }
}

// The double (or, for FLT64_TO_FLT32, the float in the low dword) a 64-bit instruction gives.
// a, b, c: the operands as gathered (alu64.hpp's header); FLT32_TO_FLT64's float is a's high
// dword, LDEXP_64's exponent b's high dword. FREXP_64 is frexp64's.
[[nodiscard]] inline u64 compute64(opcode op, u64 a, u64 b, u64 c) noexcept {
    using namespace detail;
    const auto nan_of = [&](u64 x, u64 y, u64 z, int n) -> u64 {
        if (nan64_in(x)) return x;
        if (n > 1 && nan64_in(y)) return y;
        if (n > 2 && nan64_in(z)) return z;
        return 0;
    };
    switch (op) {
        case opcode::alu_op2_add_64:
            if (const u64 n = nan_of(a, b, c, 2)) return n;
            return made(flushed(a) + flushed(b));
        case opcode::alu_op2_mul_64:
            if (const u64 n = nan_of(a, b, c, 2)) return n;
            return made(flushed(a) * flushed(b));
        case opcode::alu_op3_fma_64:
            if (const u64 n = nan_of(a, b, c, 3)) return n;
            return made(std::fma(flushed(a), flushed(b), flushed(c)));
        case opcode::alu_op2_min_64: return minmax64(a, b, false);
        case opcode::alu_op2_max_64: return minmax64(a, b, true);
        case opcode::alu_op2_sete_64:
        case opcode::alu_op2_setne_64:
        case opcode::alu_op2_setgt_64:
        case opcode::alu_op2_setge_64: return test64(op, a, b) ? ~u64{0} : 0;
        case opcode::alu_op2_pred_sete_64:
        case opcode::alu_op2_pred_setgt_64:
        case opcode::alu_op2_pred_setge_64: return test64(op, a, b) ? 0 : ~u64{0};
        case opcode::alu_op2_fract_64: return fract64(a);
        case opcode::alu_op2_ldexp_64: return ldexp64(a, static_cast<lane_word>(b >> 32));
        case opcode::alu_op2_flt32_to_flt64: return from_float(static_cast<lane_word>(a >> 32));
        case opcode::alu_op2_flt64_to_flt32: return to_float(a);
        case opcode::alu_op3_cndne_64: return flushed(a) != 0.0 ? b : c;
        case opcode::alu_op2_recip_64:
        case opcode::alu_op2_recip_clamped_64:
        case opcode::alu_op2_recipsqrt_64:
        case opcode::alu_op2_recipsqrt_clamped_64:
        case opcode::alu_op2_sqrt_64: return approx64(op, a);
        default: return 0;
    }
}

// OMOD (1: * 2, 2: * 4, 3: / 2) and CLAMP on a double result.
[[nodiscard]] inline u64 modify64(u64 r, std::uint8_t omod, bool clamp) noexcept {
    if (omod == 0 && !clamp) return r;
    if (detail::nan64_in(r)) return clamp ? 0 : r;
    double x = detail::as_double(r);
    x *= omod == 1 ? 2.0 : omod == 2 ? 4.0 : omod == 3 ? 0.5 : 1.0;
    if (clamp) x = x > 1.0 ? 1.0 : x > 0.0 ? x : 0.0;
    return detail::made(x);
}

}  // namespace ctisa::cayman::exec
