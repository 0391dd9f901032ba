// SPDX-License-Identifier: MIT
// Floating-point helpers every executor may need, independent of any ISA: IEEE binary16
// conversions with correct rounding, the four IEEE rounding directions for conversions and
// round-to-integral, and saturating float-to-integer conversion.
//
// Everything is written with plain arithmetic on bit patterns and floats (no <cfenv>): results
// depend only on IEEE-754 arithmetic in the default environment (round to nearest even, no
// flush-to-zero), so they are the same on every host and in every optimisation mode that keeps
// IEEE semantics (no -ffast-math).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

#include "lanes.hpp"

namespace ctisa::exec {

enum class rounding : std::uint8_t {
    nearest_even,
    up,           // toward +infinity
    down,         // toward -infinity
    toward_zero,
};

using half_bits = std::uint16_t;

inline constexpr half_bits half_quiet_nan = 0x7E00;  // the default quiet NaN of binary16

[[nodiscard]] constexpr bool is_nan_half(half_bits h) noexcept { return (h & 0x7FFFu) > 0x7C00u; }

// binary16 to binary32: exact. A NaN keeps its sign and payload (shifted into the wider field).
// (Every path is computed and one selected by masks, so that loops over lanes vectorize: with a
// conditional operator GCC moved the subnormal path's multiply into a branch, and as a float
// operation that may trap (-ftrapping-math, the default) it may not be executed unconditionally
// again, so no loop calling this vectorized.)
[[nodiscard]] inline float half_to_float(half_bits h) noexcept {
    const lane_word sign = static_cast<lane_word>(h & 0x8000u) << 16;
    const lane_word em = h & 0x7FFFu;
    const lane_word special = 0x7F800000u | ((em & 0x3FFu) << 13);  // infinity, NaN
    const lane_word normal = (em << 13) + 0x38000000u;               // rebias 15 -> 127
    // subnormal, zero: em * 2^-24 (exact; converted as signed, which AVX2 has an instruction for)
    const lane_word small = as_bits(static_cast<float>(static_cast<std::int32_t>(em)) * 0x1p-24f);
    const lane_word bits = blend(blend(small, normal, mask_of(em >= 0x0400u)), special, mask_of(em >= 0x7C00u));
    return as_float(sign | bits);
}

// binary32 to binary16, rounded to nearest even; overflow gives infinity, NaN the default quiet
// NaN 0x7E00. (Selects by masks, as half_to_float: with conditional operators, loops calling it
// did not vectorize for AVX2.)
[[nodiscard]] inline half_bits half_from_float(float value) noexcept {
    const lane_word all = as_bits(value);
    const lane_word sign = (all >> 16) & 0x8000u;
    const lane_word f = all & 0x7FFFFFFFu;
    // Normal halves: rebias 127 -> 15 ((15 - 127) << 23), add half an ulp minus one, plus one when
    // the kept part is odd (ties go to even); a carry out of the mantissa lands in the exponent.
    const lane_word normal = (f + 0xC8000FFFu + ((f >> 13) & 1u)) >> 13;
    // Below 2^-14, a subnormal half: adding 0.5 aligns the value at 2^-24 units in the low mantissa
    // bits, rounding to nearest even once; the units are then the half's bits.
    const lane_word small = as_bits(as_float(f) + 0.5f) - 0x3F000000u;
    lane_word o = blend(normal, small, mask_of(f < 0x38800000u));
    o = blend(o, 0x7C00u, mask_of(f >= 0x47800000u));  // 2^16 and above, infinity
    o |= sign;
    return static_cast<half_bits>(blend(o, half_quiet_nan, mask_of(f > 0x7F800000u)));
}

// The next binary16 value toward +infinity / -infinity (h not NaN, not +inf / -inf respectively).
[[nodiscard]] constexpr half_bits half_next_up(half_bits h) noexcept {
    if (h == 0x8000u) return 0x0001u;
    return static_cast<half_bits>((h & 0x8000u) ? h - 1u : h + 1u);
}
[[nodiscard]] constexpr half_bits half_next_down(half_bits h) noexcept {
    if (h == 0x0000u) return 0x8001u;
    return static_cast<half_bits>((h & 0x8000u) ? h + 1u : h - 1u);
}

// binary32 to binary16 in a given rounding direction.
[[nodiscard]] inline half_bits half_from_float(float value, rounding mode) noexcept {
    const half_bits h = half_from_float(value);
    if (mode == rounding::nearest_even || !(value == value)) return h;
    const float back = half_to_float(h);
    if (back == value) return h;
    const bool above = back > value;  // rounded up (toward +infinity)
    switch (mode) {
        case rounding::up: return above ? h : half_next_up(h);
        case rounding::down: return above ? half_next_down(h) : h;
        default: return std::fabs(back) > std::fabs(value) ? static_cast<half_bits>(h - 1u) : h;  // magnitude down
    }
}

// binary64 to binary32 rounded to odd: the nearest float whose last mantissa bit is 1 when the
// conversion is inexact. A value rounded to odd with at least two extra bits then rounds
// correctly to a narrower format (Boldo & Melquiond), which makes double -> float -> half exact.
[[nodiscard]] inline float float_from_double_odd(double value) noexcept {
    const float f = static_cast<float>(value);
    const lane_word b = as_bits(f);
    const bool adjust = value == value && static_cast<double>(f) != value && (b & 1u) == 0;
    const lane_word step = std::fabs(static_cast<double>(f)) < std::fabs(value) ? 1u : ~lane_word{0};  // +1 or -1
    return as_float(b + (adjust ? step : 0u));
}

// binary64 to binary16, rounded to nearest even (no double rounding).
[[nodiscard]] inline half_bits half_from_double(double value) noexcept { return half_from_float(float_from_double_odd(value)); }

// binary64 to binary32 in a given rounding direction (for integer-to-float conversions, whose
// values are exact in a double).
[[nodiscard]] inline float float_from_double(double value, rounding mode) noexcept {
    const float f = static_cast<float>(value);
    if (mode == rounding::nearest_even || !(value == value)) return f;
    const double back = static_cast<double>(f);
    if (back == value) return f;
    const bool above = back > value;
    switch (mode) {
        case rounding::up: return above ? f : std::nextafter(f, INFINITY);
        case rounding::down: return above ? std::nextafter(f, -INFINITY) : f;
        default: return std::fabs(back) > std::fabs(value) ? std::nextafter(f, 0.0f) : f;
    }
}

// Round to an integral value in a given direction. Round to nearest even uses the 2^23 trick
// instead of the environment's rounding mode; -0, infinities and NaN come back unchanged.
[[nodiscard]] inline float round_integral(float x, rounding mode) noexcept {
    switch (mode) {
        case rounding::up: return std::ceil(x);
        case rounding::down: return std::floor(x);
        case rounding::toward_zero: return std::trunc(x);
        default: {
            const float a = std::fabs(x);
            if (!(a < 0x1p23f)) return x;  // already integral, infinite or NaN
            const float r = (a + 0x1p23f) - 0x1p23f;
            return std::copysign(r, x);
        }
    }
}

// A float already rounded to an integral value, converted to an integer in [low, high]:
// saturated at the ends, NaN to 0.
[[nodiscard]] inline std::int64_t saturate_integral(double x, std::int64_t low, std::int64_t high) noexcept {
    if (!(x == x)) return 0;
    if (x <= static_cast<double>(low)) return low;
    if (x >= static_cast<double>(high)) return high;
    return static_cast<std::int64_t>(x);
}

}  // namespace ctisa::exec
