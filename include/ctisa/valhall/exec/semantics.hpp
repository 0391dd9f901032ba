// SPDX-License-Identifier: MIT
// Valhall arithmetic, one lane (one 32- or 64-bit register value) at a time: the XML's
// descriptions with every corner defined. The decisions and their reasons are in
// generators/specs/valhall_execution.toml; each function below names the entry it implements.
// The executor's kernels apply these to rows of lanes; tests check them one value at a time.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "../../exec/float.hpp"
#include "../../exec/lane_ops.hpp"
#include "../../exec/lanes.hpp"
#include "../instruction.hpp"

namespace ctisa::valhall::exec {

using ctisa::exec::as_bits;
using ctisa::exec::as_float;
using ctisa::exec::half_bits;
using ctisa::exec::lane_word;
using ctisa::exec::mask_of;
using ctisa::exec::rounding;
using ctisa::exec::select_lanes;
using ctisa::exec::splat;

// --- floating point -------------------------------------------------------------------------

// [nan]: every NaN an arithmetic instruction produces is this quiet NaN (f16: 0x7E00).
inline constexpr lane_word f32_nan = 0x7FC00000u;
inline constexpr half_bits f16_nan = ctisa::exec::half_quiet_nan;

[[nodiscard]] inline float canonical(float x) noexcept { return x == x ? x : as_float(f32_nan); }

[[nodiscard]] constexpr rounding rounding_of(round_mode m) noexcept {
    switch (m) {
        case round_mode::rtp: return rounding::up;
        case round_mode::rtn: return rounding::down;
        case round_mode::rtz: return rounding::toward_zero;
        default: return rounding::nearest_even;
    }
}

// [clamp]: the XML's clamp(x, l, h) = min(max(x, l), h) with min/max returning the other operand
// of a NaN and ordering -0 < +0: clamp(NaN, 0, 1) = +0, clamp(-0, 0, 1) = +0, clamp(NaN, -1, 1) = -1,
// clamp(-0, -1, 1) = -0. Written as comparisons that are false for NaN.
[[nodiscard]] inline float apply_clamp(float x, clamp c) noexcept {
    switch (c) {
        case clamp::clamp_0_inf: return x > 0.0f ? x : 0.0f;
        case clamp::clamp_m1_1: {
            const float lo = x > -1.0f ? x : -1.0f;
            return lo < 1.0f ? lo : 1.0f;
        }
        case clamp::clamp_0_1: {
            const float lo = x > 0.0f ? x : 0.0f;
            return lo < 1.0f ? lo : 1.0f;
        }
        default: return x;
    }
}

// [nan] then [clamp] over any lane representation F (float, or a vector of floats), as
// apply_clamp's comparisons: the bounds (-1 or 0, 1 or +inf) by selects (branch-free, so that a loop
// over lanes vectorizes even when the clamp is known only at run time). A clamp turns every NaN
// into its low bound, so a clamped result needs no canonical NaN first; nor does a `loose` one
// (exec/loose_nan.hpp: only float arithmetic reads it).
template <class F>
CTISA_EXEC_INLINE void clamp_lanes(const F& x, clamp c, F& out) noexcept {
    F lo, hi, low;
    splat(c == clamp::clamp_m1_1 ? -1.0f : 0.0f, lo);
    splat(c == clamp::clamp_0_inf ? INFINITY : 1.0f, hi);
    select_lanes(x > lo, x, lo, low);
    select_lanes(low < hi, low, hi, out);
}
template <class F>
CTISA_EXEC_INLINE void f32_result(const F& x, clamp c, ctisa::exec::words_of<F>& out, bool loose = false) noexcept {
    using W = ctisa::exec::words_of<F>;
    W plain = __builtin_bit_cast(W, x);
    if (!loose) ctisa::exec::nan_made(x, f32_nan, plain);
    F clamped;
    clamp_lanes(x, c, clamped);
    select_lanes(c == clamp::none, plain, __builtin_bit_cast(W, clamped), out);
}
[[nodiscard]] inline lane_word f32_result(float x, clamp c) noexcept {
    lane_word out;
    f32_result(x, c, out);
    return out;
}
[[nodiscard]] inline float clamp_selects(float x, clamp c) noexcept {
    float out;
    clamp_lanes(x, c, out);
    return out;
}

// [minmax]: FMIN/FMAX use the same min/max as the clamps: a NaN operand yields the other operand
// (two NaNs the canonical NaN), and -0 < +0.
[[nodiscard]] inline float op_fmin(float a, float b) noexcept {
    if (!(a == a)) return canonical(b);
    if (!(b == b)) return a;
    if (a < b) return a;
    if (b < a) return b;
    return as_float(as_bits(a) | as_bits(b));  // equal: -0 when either is -0
}
[[nodiscard]] inline float op_fmax(float a, float b) noexcept {
    if (!(a == a)) return canonical(b);
    if (!(b == b)) return a;
    if (a > b) return a;
    if (b > a) return b;
    return as_float(as_bits(a) & as_bits(b));  // equal: +0 when either is +0
}

// binary16 halves of a register.
[[nodiscard]] constexpr half_bits lo16(lane_word w) noexcept { return static_cast<half_bits>(w & 0xFFFFu); }
[[nodiscard]] constexpr half_bits hi16(lane_word w) noexcept { return static_cast<half_bits>(w >> 16); }
[[nodiscard]] constexpr lane_word pack16(lane_word lo, lane_word hi) noexcept { return (lo & 0xFFFFu) | (hi << 16); }
[[nodiscard]] inline float f16(half_bits h) noexcept { return ctisa::exec::half_to_float(h); }

// An f16 result from an exact or once-rounded float (add, multiply, reciprocal: float has
// 2 * 11 + 2 bits, so rounding twice gives the correctly rounded half), NaN canonical, clamped.
[[nodiscard]] inline half_bits f16_result(float x, clamp c) noexcept {
    const half_bits h = ctisa::exec::half_from_float(x);  // NaN -> 0x7E00
    const half_bits clamped = ctisa::exec::half_from_float(clamp_selects(f16(h), c));
    return c == clamp::none ? h : clamped;
}

// [fma16]: a * b + c rounded once to binary16 (to nearest even), computed in float:
// - Every finite half is an integer multiple of 2^-24 below 2^16 with at most 11 significant bits,
//   so a * b (at most 22 bits, a multiple of 2^-48, below 2^32) is exact in float: no rounding,
//   and an FMA contraction of it could change nothing.
// - s = a * b + c rounded to nearest float; TwoSum gives its error exactly (no overflow below
//   2^33; every value is a multiple of 2^-48, far above float's subnormals). Where the sum is
//   inexact and s even, s steps one ulp toward the exact sum: s is then the sum rounded to odd.
// - No double rounding: every half and every midpoint between neighbouring halves (65520, the
//   overflow threshold, included) has at most 12 significant bits and lies at or above 2^-25, so
//   it is an even float. An inexact sum lies strictly between two neighbouring floats and its odd
//   rounding is the odd one of them, so no half or midpoint lies between the sum and its odd
//   rounding or on it: half_from_float rounds it as it would the exact sum. (Infinite or NaN
//   sources make s infinite or NaN: no step.)
// Half as wide a vector as the same steps in double, and no double -> float odd rounding.
// (Branch-free, so that loops over lanes vectorize.)
// fma16_of takes p = f16(a) * f16(b) and q = f16(c) (so that the compiled path converts a uniform
// source once).
[[nodiscard]] inline half_bits fma16_of(float p, float q, clamp cl) noexcept {
    const float s = p + q;
    const float pp = s - q;
    const float qq = s - pp;
    const float err = (p - pp) + (q - qq);
    // The tests on bits and the masks keep the loops over lanes vectorizable: a float comparison
    // behind && may trap, so GCC made it a branch.
    const lane_word bits = as_bits(s), error = as_bits(err);
    const lane_word adjust = mask_of((bits & 0x7F800000u) != 0x7F800000u) & mask_of((error & 0x7FFFFFFFu) != 0) & mask_of((bits & 1u) == 0);
    const lane_word step = ((error ^ bits) >> 31) ? ~lane_word{0} : 1u;  // toward the exact sum
    const half_bits h = ctisa::exec::half_from_float(as_float(bits + (step & adjust)));
    const half_bits clamped = ctisa::exec::half_from_float(clamp_selects(f16(h), cl));
    return static_cast<half_bits>(ctisa::exec::blend(clamped, h, mask_of(cl == clamp::none)));
}
[[nodiscard]] inline half_bits fma16(half_bits a, half_bits b, half_bits c, clamp cl) noexcept { return fma16_of(f16(a) * f16(b), f16(c), cl); }

// Floating-point comparisons [conditions]: eq, gt, ge, lt, le false when unordered; ne true when
// unordered (IEEE compareQuietNotEqual); gtlt false when unordered (ordered and not equal).
// `total` is not executable (see the spec).
[[nodiscard]] inline bool compare_float(float a, float b, condition c) noexcept {
    switch (c) {
        case condition::eq: return a == b;
        case condition::gt: return a > b;
        case condition::ge: return a >= b;
        case condition::ne: return !(a == b);
        case condition::lt: return a < b;
        case condition::le: return a <= b;
        case condition::gtlt: return a < b || a > b;
        default: return false;
    }
}
template <class T>
[[nodiscard]] constexpr bool compare_int(T a, T b, condition c) noexcept {
    switch (c) {
        case condition::eq: return a == b;
        case condition::gt: return a > b;
        case condition::ge: return a >= b;
        case condition::ne:
        case condition::gtlt: return a != b;
        case condition::lt: return a < b;
        case condition::le: return a <= b;
        default: return false;
    }
}

// [reciprocal]: FRCP is the correctly rounded 1 / x; FRSQ is 1 / sqrt(x) evaluated in double and
// rounded once to the result format (rsqrt(+-0) = +-inf, rsqrt(x < 0) = NaN, rsqrt(+inf) = +0).
[[nodiscard]] inline float op_frcp(float x) noexcept { return 1.0f / x; }
[[nodiscard]] inline double op_frsq(float x) noexcept {
    if (x == 0.0f) return std::copysign(INFINITY, static_cast<double>(x));
    return 1.0 / std::sqrt(static_cast<double>(x));
}

// [frexp]: FREXPM / FREXPE without .log are C's frexp: x = m * 2^e with 0.5 <= |m| < 1; zero gives
// (zero, 0), infinities (x, 0), NaN (NaN, 0). Subnormals are normalised.
[[nodiscard]] inline float op_frexpm(float x) noexcept {
    if (!(x == x)) return as_float(f32_nan);
    if (std::isinf(x)) return x;
    int e = 0;
    return std::frexp(x, &e);
}
[[nodiscard]] inline std::int32_t op_frexpe(float x) noexcept {
    if (!(x == x) || std::isinf(x)) return 0;
    int e = 0;
    (void)std::frexp(x, &e);
    return e;
}

// [fexp]: FEXP.f32 is 2^(A / 2^24) for A a signed 8:24 fixed-point value, rounded once to f32;
// the float operand B decides the special cases: NaN -> NaN, +inf -> +inf, -inf -> +0.
[[nodiscard]] inline float op_fexp(lane_word fixed, float b) noexcept {
    if (!(b == b)) return as_float(f32_nan);
    if (std::isinf(b)) return b > 0.0f ? b : 0.0f;
    const double e = static_cast<double>(static_cast<std::int32_t>(fixed)) * 0x1p-24;
    return static_cast<float>(std::exp2(e));
}

// [fma_rscale]: FMA_RSCALE.f32 is FMA.f32 (one rounding) followed by a scale of the exponent
// by the signed integer D (ldexp: exact unless the result leaves the normal range, where it
// rounds to nearest even; zeros, infinities and NaN are unchanged).
[[nodiscard]] inline float op_fma_rscale(float a, float b, float c, lane_word d) noexcept {
    const float r = std::fma(a, b, c);
    std::int32_t e = static_cast<std::int32_t>(d);
    if (e > 300) e = 300;  // beyond any float's range either way: saturate before ldexp
    if (e < -300) e = -300;
    return std::ldexp(r, e);
}

// [trig_tables]: FSIN_TABLE.u6 / FCOS_TABLE.u6 of x are sin / cos of (x & 63) * pi / 32 (Mesa's
// bifrost_compile.c: the tables multiply the bottom 6 bits by pi/32), correctly rounded to f32.
[[nodiscard]] inline float op_sin_table(lane_word x) noexcept {
    return static_cast<float>(std::sin(static_cast<double>(x & 63u) * (3.14159265358979323846 / 32.0)));
}
[[nodiscard]] inline float op_cos_table(lane_word x) noexcept {
    return static_cast<float>(std::cos(static_cast<double>(x & 63u) * (3.14159265358979323846 / 32.0)));
}

// [conversions]: float to integer rounds in the instruction's direction, then saturates to the
// destination range; NaN converts to 0.
[[nodiscard]] inline std::int64_t float_to_int(float x, rounding r, std::int64_t low, std::int64_t high) noexcept {
    return ctisa::exec::saturate_integral(static_cast<double>(ctisa::exec::round_integral(x, r)), low, high);
}
// A NaN converted between float formats is the canonical NaN.
[[nodiscard]] inline float half_to_f32(half_bits h) noexcept { return canonical(f16(h)); }

// --- integers ------------------------------------------------------------------------------

// Sign- or zero-extension of the low `bits` of v.
[[nodiscard]] constexpr lane_word extend(lane_word v, unsigned bits, bool sign) noexcept {
    if (bits >= 32) return v;
    const lane_word mask = (lane_word{1} << bits) - 1u;
    v &= mask;
    if (sign && (v >> (bits - 1)) != 0) v |= ~mask;
    return v;
}
[[nodiscard]] constexpr std::uint64_t extend64(std::uint64_t v, unsigned bits, bool sign) noexcept {
    if (bits >= 64) return v;
    const std::uint64_t mask = (std::uint64_t{1} << bits) - 1u;
    v &= mask;
    if (sign && (v >> (bits - 1)) != 0) v |= ~mask;
    return v;
}

// Applies op to each of the 32 / Bits lanes of packed words (lane values as unsigned, low bits).
template <unsigned Bits, class Op>
[[nodiscard]] constexpr lane_word per_lane_int(lane_word a, lane_word b, lane_word c, Op op) noexcept {
    if constexpr (Bits == 32) {
        return op(a, b, c);
    } else {
        constexpr lane_word mask = (lane_word{1} << Bits) - 1u;
        lane_word out = 0;
        for (unsigned j = 0; j < 32 / Bits; ++j) {
            const unsigned at = j * Bits;
            out |= (op((a >> at) & mask, (b >> at) & mask, (c >> at) & mask) & mask) << at;
        }
        return out;
    }
}

// The range of a lane of Bits bits.
template <unsigned Bits, bool Signed>
struct lane_range {
    static constexpr std::int64_t low = Signed ? -(std::int64_t{1} << (Bits - 1)) : 0;
    static constexpr std::int64_t high = Signed ? (std::int64_t{1} << (Bits - 1)) - 1 : (std::int64_t{1} << Bits) - 1;
};
// A lane's bits as a signed or unsigned number.
template <unsigned Bits, bool Signed>
[[nodiscard]] constexpr std::int64_t lane_value(lane_word v) noexcept {
    return Signed ? static_cast<std::int64_t>(static_cast<std::int32_t>(extend(v, Bits, true)))
                  : static_cast<std::int64_t>(extend(v, Bits, false));
}
// [saturate]: a wide result clamped to the lane's range when saturating, else wrapped.
template <unsigned Bits, bool Signed>
[[nodiscard]] constexpr lane_word lane_result(std::int64_t r, bool saturate) noexcept {
    if (saturate) {
        if (r < lane_range<Bits, Signed>::low) r = lane_range<Bits, Signed>::low;
        if (r > lane_range<Bits, Signed>::high) r = lane_range<Bits, Signed>::high;
    }
    return static_cast<lane_word>(static_cast<std::uint64_t>(r));
}

// 64-bit saturating add / subtract.
[[nodiscard]] constexpr std::uint64_t add64(std::uint64_t a, std::uint64_t b, bool is_signed, bool saturate) noexcept {
    const std::uint64_t r = a + b;
    if (!saturate) return r;
    if (is_signed) {
        const bool overflow = ((~(a ^ b)) & (a ^ r)) >> 63;
        if (overflow) return (a >> 63) ? std::uint64_t{1} << 63 : ~(std::uint64_t{1} << 63);
        return r;
    }
    return r < a ? ~std::uint64_t{0} : r;
}
[[nodiscard]] constexpr std::uint64_t sub64(std::uint64_t a, std::uint64_t b, bool is_signed, bool saturate) noexcept {
    const std::uint64_t r = a - b;
    if (!saturate) return r;
    if (is_signed) {
        const bool overflow = ((a ^ b) & (a ^ r)) >> 63;
        if (overflow) return (a >> 63) ? std::uint64_t{1} << 63 : ~(std::uint64_t{1} << 63);
        return r;
    }
    return b > a ? 0 : r;
}

// [shifts]: LSHIFT_AND and its kin on lanes of Bits bits (W: one such lane, a word, or a vector of
// 32-bit lanes): A shifted left or right (a logical shift) by the amount's low byte, 0 from a shift
// by the lane's width or more, then AND / OR / XOR with B. The direction and the logic are masks
// of all ones or zero (shift_logic_masks_of): the interpreter shares a kernel between them, and a
// select would be compiled as a branch, which does not vectorize; as constants, they fold.
struct shift_logic_masks {
    std::uint64_t left, and_, or_, xor_;
};
[[nodiscard]] constexpr shift_logic_masks shift_logic_masks_of(bool left, unsigned logic) noexcept {
    const auto all = [](bool b) { return std::uint64_t{0} - std::uint64_t{b}; };
    return {all(left), all(logic == 0), all(logic == 1), all(logic == 2)};
}
template <unsigned Bits, class W>
CTISA_EXEC_INLINE void shift_logic(const W& a, const W& amount, const W& b, const shift_logic_masks& m, W& out) noexcept {
    using word = std::conditional_t<Bits == 64, std::uint64_t, lane_word>;
    constexpr word width = [] {
        if constexpr (Bits >= 32) return ~word{0};
        else return static_cast<word>((word{1} << Bits) - 1u);
    }();
    const W n = amount & 0xFFu;
    const W s = n & (Bits - 1);
    W bits, keep;
    splat(static_cast<word>(Bits), bits);
    ctisa::exec::lanes_where(n < bits, keep);
    const W x = a & width;
    const W shifted = (((x << s) & static_cast<word>(m.left)) | ((x >> s) & static_cast<word>(~m.left))) & width & keep;
    out = ((shifted & b) & static_cast<word>(m.and_)) | ((shifted | b) & static_cast<word>(m.or_)) | ((shifted ^ b) & static_cast<word>(m.xor_));
}

[[nodiscard]] constexpr lane_word count_leading_zeros(lane_word v, unsigned bits) noexcept {
    lane_word n = 0;
    for (unsigned i = bits; i-- > 0;) {
        if ((v >> i) & 1u) break;
        ++n;
    }
    return n;
}

[[nodiscard]] constexpr lane_word bit_reverse(lane_word v) noexcept {
    lane_word r = 0;
    for (unsigned i = 0; i < 32; ++i) r |= ((v >> i) & 1u) << (31 - i);
    return r;
}

// A comparison's boolean in the result type [result_type], for a lane of `bits` bits
// (i1: 1, m1: all ones, f1: 1.0 in the lane's float format; u1 is not executable).
[[nodiscard]] constexpr lane_word boolean_value(bool b, result_type t, unsigned bits) noexcept {
    if (!b) return 0;
    switch (t) {
        case result_type::i1: return 1;
        case result_type::f1: return bits == 32 ? 0x3F800000u : 0x3C00u;
        default: return bits == 32 ? ~lane_word{0} : (lane_word{1} << bits) - 1u;
    }
}

}  // namespace ctisa::valhall::exec
