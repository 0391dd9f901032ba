// SPDX-License-Identifier: MIT
// ATTILA arithmetic, one lane at a time: the wiki's pseudocode with every corner defined
// (decisions and their reasons are in generators/specs/attila.toml, [execution]).
// The executor's kernels apply these to rows of lanes; tests check them one value at a time.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

#include "../../exec/lanes.hpp"
#include "../../exec/vector4.hpp"

namespace ctisa::attila::exec {

using ctisa::exec::as_bits;
using ctisa::exec::as_float;
using ctisa::exec::lane_word;

// _sat: max(min(x, 1), 0) with the wiki's MIN and MAX (src1 < src2 ? src1 : src2), so NaN gives
// 1.0 and -0.0 gives +0.0, as the simulator's clamp does.
[[nodiscard]] inline float saturate(float x) noexcept { return ctisa::exec::saturate_min_first(x); }

// Source modifiers (absolute value, then negation): the four-component operand layer's.
using ctisa::exec::float_modifier;
using ctisa::exec::int_modifier;

// A float read as a boolean (ANDP, JMP): C's conversion, so +-0.0 is false and NaN is true.
[[nodiscard]] inline bool float_true(float x) noexcept { return x != 0.0f; }

[[nodiscard]] inline float op_max(float a, float b) noexcept { return a > b ? a : b; }
[[nodiscard]] inline float op_min(float a, float b) noexcept { return a < b ? a : b; }
[[nodiscard]] inline float op_sge(float a, float b) noexcept { return a < b ? 0.0f : 1.0f; }
[[nodiscard]] inline float op_slt(float a, float b) noexcept { return a < b ? 1.0f : 0.0f; }
[[nodiscard]] inline float op_cmp(float a, float b, float c) noexcept { return a < 0.0f ? b : c; }
// MAD rounds the product before the sum (not fused), as the pseudocode's two operations do.
// This needs floating-point contraction off (GCC's default with -std=c++20; ctisa's own builds
// pass -ffp-contract=off): with contraction on and an FMA target the compiler may fuse it.
[[nodiscard]] inline float op_mad(float a, float b, float c) noexcept {
    CTISA_EXEC_NO_CONTRACT
    const float product = a * b;
    return product + c;
}
[[nodiscard]] inline float op_frc(float a) noexcept { return a - std::floor(a); }
[[nodiscard]] inline float op_rcp(float a) noexcept { return 1.0f / a; }
// RSQ is squareRoot(1 / |x|) as the wiki writes it (two roundings); RSQ(+-0) = +inf.
[[nodiscard]] inline float op_rsq(float a) noexcept { return std::sqrt(1.0f / std::fabs(a)); }
[[nodiscard]] inline float op_ex2(float a) noexcept { return std::exp2(a); }
[[nodiscard]] inline float op_lg2(float a) noexcept { return std::log2(a); }

[[nodiscard]] inline float op_dp3(const std::array<float, 4>& a, const std::array<float, 4>& b) noexcept {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
[[nodiscard]] inline float op_dp4(const std::array<float, 4>& a, const std::array<float, 4>& b) noexcept {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}
[[nodiscard]] inline float op_dph(const std::array<float, 4>& a, const std::array<float, 4>& b) noexcept {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + b[3];
}
[[nodiscard]] inline std::array<float, 4> op_dst(const std::array<float, 4>& a, const std::array<float, 4>& b) noexcept {
    return {1.0f, a[1] * b[1], a[2], b[3]};
}
[[nodiscard]] inline std::array<float, 4> op_lit(const std::array<float, 4>& s) noexcept {
    const float x = s[0] < 0.0f ? 0.0f : s[0];
    const float y = s[1] < 0.0f ? 0.0f : s[1];
    const float w = s[3] < -128.0f ? -128.0f : (s[3] > 128.0f ? 128.0f : s[3]);
    return {1.0f, x, x > 0.0f ? std::pow(y, w) : 0.0f, 1.0f};
}
[[nodiscard]] inline std::array<float, 4> op_exp(float s) noexcept {
    const float f = std::floor(s);
    return {std::exp2(f), s - f, std::exp2(s), 1.0f};
}
// LOG as ARB's LOG, which the wiki's garbled pseudocode mirrors: exponent, mantissa, log2|s|, 1.
// The exponent comes from the number itself (ilogb), not from a rounded logarithm: log2 of a
// value just below a power of two rounds up to the integer, which would leave the mantissa below 1.
// Zero, infinity and NaN keep the logarithm's results (-inf, inf, NaN) and their quotients.
[[nodiscard]] inline std::array<float, 4> op_log(float s) noexcept {
    const float a = std::fabs(s);
    if (!std::isfinite(a) || a == 0.0f) {
        const float e = std::floor(std::log2(a));
        return {e, a / std::exp2(e), std::log2(a), 1.0f};
    }
    const int e = std::ilogb(a);
    return {static_cast<float>(e), std::scalbn(a, -e), std::log2(a), 1.0f};
}

// ARL: floor, then convert with defined overflow (saturated; NaN -> 0).
[[nodiscard]] inline lane_word op_arl(float a) noexcept { return static_cast<lane_word>(ctisa::exec::to_int32(std::floor(a))); }

// Fixed point (FXMUL, FXMAD, FXMAD2): sign-magnitude with 16 integer and 8 fraction bits, the
// simulator's configuration; products and the accumulator have 32 integer and 16 fraction bits,
// held here as an int64 count of 2^-16.
inline constexpr int fixed_fraction_bits = 8;

// FP32 to 16.8: truncated toward zero; magnitudes beyond the format saturate; NaN is 0.
[[nodiscard]] inline std::int64_t to_fixed(float x) noexcept {
    if (!(x == x)) return 0;
    constexpr double limit = 65536.0 - 1.0 / 256.0;
    double m = std::fabs(static_cast<double>(x));
    if (m > limit) m = limit;
    const auto units = static_cast<std::int64_t>(m * 256.0);  // truncation toward zero
    return std::signbit(x) ? -units : units;
}
// A 16.8 x 16.8 product in 32.16 units (exact).
[[nodiscard]] inline std::int64_t fixed_product(float a, float b) noexcept { return to_fixed(a) * to_fixed(b); }
// 16.8 widened to 32.16 units.
[[nodiscard]] inline std::int64_t fixed_widen(float a) noexcept { return to_fixed(a) * 256; }
// A product plus the accumulator, wrapping: an accumulator the program wrote is far from int64's
// range, and one that holds anything else (a register file filled at random) must not make the sum
// undefined behaviour.
[[nodiscard]] inline std::int64_t fixed_add(std::int64_t a, std::int64_t b) noexcept {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}
// 32.16 to FP32, correctly rounded (the value is exact in a double).
[[nodiscard]] inline float from_fixed(std::int64_t units) noexcept { return static_cast<float>(static_cast<double>(units) / 65536.0); }

}  // namespace ctisa::attila::exec
