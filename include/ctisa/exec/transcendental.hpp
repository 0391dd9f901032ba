// SPDX-License-Identifier: MIT
// The approximate instructions of every ISA (sin, cos, exp2, log2, reciprocal, reciprocal square
// root, power), as a reference executor should give them: within 1 ulp of the correctly rounded
// result over the whole input range, on every host.
//
// The hardware is allowed far less (AMD IL: an absolute error bound on sin over +-100 pi; NV: 22
// bits), but real shaders call sin on hash values far outside that range, where a cheap
// approximation draws another picture. Each binary32 function is evaluated in binary64 by the C
// library (glibc's sin, cos, exp2, log2, pow are within 1 ulp of binary64, with full argument
// reduction), and that result is rounded once to binary32: the error is at most 0.5 ulp of
// binary32 plus a binary64 ulp, so within 1 ulp. Binary64 functions are evaluated in long double
// (x87 extended on x86-64; elsewhere at least binary64).
//
// Special values follow IEEE 754 and C (sin(inf) = NaN, log2(0) = -inf, rcp(-0) = -inf, pow as
// C's pow). What an ISA says for its own special cases (zero-op rules, clamping, the sign of
// infinity) the ISA's semantics apply around these.
#pragma once

#include <cmath>

namespace ctisa::exec::approx {

[[nodiscard]] inline float sin(float x) noexcept { return static_cast<float>(std::sin(static_cast<double>(x))); }
[[nodiscard]] inline float cos(float x) noexcept { return static_cast<float>(std::cos(static_cast<double>(x))); }
[[nodiscard]] inline float exp2(float x) noexcept { return static_cast<float>(std::exp2(static_cast<double>(x))); }
[[nodiscard]] inline float log2(float x) noexcept { return static_cast<float>(std::log2(static_cast<double>(x))); }
[[nodiscard]] inline float exp(float x) noexcept { return static_cast<float>(std::exp(static_cast<double>(x))); }
[[nodiscard]] inline float log(float x) noexcept { return static_cast<float>(std::log(static_cast<double>(x))); }

// 1 / x and 1 / sqrt(x): a binary64 quotient and square root are correctly rounded, so the only
// error is the second rounding to binary32.
[[nodiscard]] inline float rcp(float x) noexcept { return static_cast<float>(1.0 / static_cast<double>(x)); }
[[nodiscard]] inline float rsq(float x) noexcept { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))); }
[[nodiscard]] inline float sqrt(float x) noexcept { return std::sqrt(x); }  // IEEE: correctly rounded

[[nodiscard]] inline float pow(float base, float exponent) noexcept {
    return static_cast<float>(std::pow(static_cast<double>(base), static_cast<double>(exponent)));
}

[[nodiscard]] inline double sin(double x) noexcept { return static_cast<double>(std::sin(static_cast<long double>(x))); }
[[nodiscard]] inline double cos(double x) noexcept { return static_cast<double>(std::cos(static_cast<long double>(x))); }
[[nodiscard]] inline double exp2(double x) noexcept { return static_cast<double>(std::exp2(static_cast<long double>(x))); }
[[nodiscard]] inline double log2(double x) noexcept { return static_cast<double>(std::log2(static_cast<long double>(x))); }
[[nodiscard]] inline double rcp(double x) noexcept { return static_cast<double>(1.0L / static_cast<long double>(x)); }
[[nodiscard]] inline double rsq(double x) noexcept { return static_cast<double>(1.0L / std::sqrt(static_cast<long double>(x))); }
[[nodiscard]] inline double sqrt(double x) noexcept { return std::sqrt(x); }  // IEEE: correctly rounded

}  // namespace ctisa::exec::approx
