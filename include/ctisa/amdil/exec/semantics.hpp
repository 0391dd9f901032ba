// SPDX-License-Identifier: MIT
// AMD IL's arithmetic, one value at a time, as chapter 7 gives it; and ctisa's choice wherever the
// document says "undefined" or leaves a case out (every choice is listed in the note amdil-exec.md
// and in generators/specs/amdil.toml [executor]).
//
// Choices:
//   - no denormal flushing, except where the text says so: the float comparisons (eq, ge, lt, ne)
//     and the comparisons of min/max flush denormal operands to zero before comparing;
//   - non-IEEE multiply (mul, mad, dp*, control bit 16 clear): 0 * n = +0 when n is infinite or NaN
//     ("0*n = 0, even if n = NaN"), otherwise the IEEE product; mad rounds the product, then the sum;
//   - min/max without _ieee: the pseudocode's (v1 > v2) ? v1 : v2 (max), (v1 < v2) ? v1 : v2 (min);
//     with _ieee: IEEE-754 maxnum/minnum (a NaN loses to a number), max(-0, +0) = +0, min = -0;
//   - IL_ZEROOP_INF_ELSE_MAX is infinity (the implementation supports it); IL_ZEROOP_0 on a logarithm
//     (which the text forbids) gives 0.0; results the text calls undefined (sqrt, rsq, log of a
//     negative number, pow of a negative base, asin/acos outside [-1, 1]) are NaN, as IEEE gives;
//   - the scalar instructions (sin, cos, exp, log, rcp, rsq, sqrt, ...) are exact to the correctly
//     rounded result within 1 ulp over every input, outside the ranges the text guarantees too;
//   - ftoi / ftou outside their ranges saturate, NaN gives 0; udiv and umod by zero give 0xFFFFFFFF;
//   - ffb_hi counts from the most significant bit (leading zeros), as ffb_lo counts from the least.
#pragma once

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>

#include "../../exec/float.hpp"
#include "../../exec/lanes.hpp"
#include "../../exec/transcendental.hpp"

namespace ctisa::amdil::exec::sem {

using ctisa::exec::as_bits;
using ctisa::exec::as_float;
using ctisa::exec::lane_word;
namespace approx = ctisa::exec::approx;

inline constexpr lane_word true_bits = 0xFFFFFFFFu;

// Denormals to a zero of their sign: what the comparisons see.
[[nodiscard]] inline float flushed(float x) noexcept { return std::fabs(x) < FLT_MIN ? std::copysign(0.0f, x) : x; }

// --- multiplication and addition -----------------------------------------------------------------
[[nodiscard]] inline float mul(float a, float b, bool ieee) noexcept {
    if (!ieee && (a == 0.0f || b == 0.0f) && !(std::isfinite(a) && std::isfinite(b))) return 0.0f;
    return a * b;
}
[[nodiscard]] inline float mad(float a, float b, float c, bool ieee) noexcept {
    const float p = mul(a, b, ieee);  // (a separate statement: one rounding of the product, never contracted)
    return p + c;
}

// --- comparisons -------------------------------------------------------------------------------
[[nodiscard]] inline float max(float a, float b, bool ieee) noexcept {
    const float fa = flushed(a), fb = flushed(b);
    if (!ieee) return fa > fb ? a : b;
    if (std::isnan(a)) return b;
    if (std::isnan(b)) return a;
    if (fa == fb) return std::signbit(fa) ? b : a;  // +0 wins over -0 (and a denormal over its flushed twin)
    return fa > fb ? a : b;
}
[[nodiscard]] inline float min(float a, float b, bool ieee) noexcept {
    const float fa = flushed(a), fb = flushed(b);
    if (!ieee) return fa < fb ? a : b;
    if (std::isnan(a)) return b;
    if (std::isnan(b)) return a;
    if (fa == fb) return std::signbit(fa) ? a : b;  // -0 wins over +0
    return fa < fb ? a : b;
}

// ILRelOp on floats (flushed: DX10 rules), and on the x components of flow control.
[[nodiscard]] inline bool relop(unsigned op, float a, float b) noexcept {
    a = flushed(a);
    b = flushed(b);
    switch (op) {
        case 0: return a != b && !(std::isnan(a) || std::isnan(b));  // ne: NaN compares false (DX10)
        case 1: return a == b;
        case 2: return a >= b;
        case 3: return a > b;
        case 4: return a <= b;
        case 5: return a < b;
        default: return false;
    }
}

// --- zero-op results (Table 6.33) ----------------------------------------------------------------
// The value for an operand of 0.0 (positive; the caller gives it a sign where the pseudocode does).
[[nodiscard]] inline float zero_op_value(unsigned zeroop) noexcept {
    switch (zeroop & 3u) {
        case 1: return 0.0f;                                      // IL_ZEROOP_0
        case 2: return std::numeric_limits<float>::infinity();    // IL_ZEROOP_INFINITY
        case 3: return std::numeric_limits<float>::infinity();    // IL_ZEROOP_INF_ELSE_MAX: infinity
        default: return FLT_MAX;                                  // IL_ZEROOP_FLTMAX (the default)
    }
}
[[nodiscard]] inline float div(float a, float b, unsigned zeroop) noexcept {
    if (b == 0.0f) {
        const float f = zero_op_value(zeroop);
        return a < 0.0f ? -f : f;
    }
    return a / b;
}
[[nodiscard]] inline float rcp(float x, unsigned zeroop) noexcept { return x == 0.0f ? zero_op_value(zeroop) : approx::rcp(x); }
[[nodiscard]] inline float rsq(float x, unsigned zeroop) noexcept { return x == 0.0f ? zero_op_value(zeroop) : approx::rsq(x); }
// log2 and ln of 0.0 give minus the zero-op value.
[[nodiscard]] inline float log2(float x, unsigned zeroop) noexcept { return x == 0.0f ? -zero_op_value(zeroop) : approx::log2(x); }
[[nodiscard]] inline float ln(float x, unsigned zeroop) noexcept { return x == 0.0f ? -zero_op_value(zeroop) : approx::log(x); }

// --- others ----------------------------------------------------------------------------------------
[[nodiscard]] inline float frc(float x) noexcept {
    const float f = x - std::floor(x);
    return f < 1.0f || f != f ? f : 0x1.fffffep-1f;  // [0, 1): -tiny - floor(-tiny) rounds to 1.0; NaN stays
}
[[nodiscard]] inline float sgn(float x) noexcept { return x < 0.0f ? -1.0f : x == 0.0f ? 0.0f : x > 0.0f ? 1.0f : x; }
[[nodiscard]] inline float pow(float base, float e) noexcept {
    return base < 0.0f ? std::numeric_limits<float>::quiet_NaN() : approx::pow(base, e);
}
[[nodiscard]] inline float saturate(float x) noexcept { return ctisa::exec::saturate(x); }  // NaN -> 0 (2.2.5)

// ILCmpValue (Table 6.3): 0.0, 0.5, 1.0, -0.5, -1.0; the values the table leaves out compare with 0.0.
[[nodiscard]] inline float cmp_value(unsigned v) noexcept {
    constexpr float values[] = {0.0f, 0.5f, 1.0f, -0.5f, -1.0f, 0.0f, 0.0f, 0.0f};
    return values[v & 7u];
}
// mod: 'if (v2 == 0.0) v = v1; else v = v1 - v2 * trunc(v1 / v2)', each step rounded.
[[nodiscard]] inline float mod(float a, float b) noexcept {
    if (b == 0.0f) return a;
    const float q = std::trunc(a / b);
    const float p = b * q;
    return a - p;
}
// pireduce: (frac(x / (2 pi) + 0.5) * 2 pi) - pi, each step rounded.
[[nodiscard]] inline float pireduce(float x) noexcept {
    constexpr float two_pi = 6.28318548f, pi = 3.14159274f;
    const float t = x / two_pi + 0.5f;
    const float f = frc(t) * two_pi;
    return f - pi;
}

// det: 7.8's expression, left to right, each product and difference rounded (the text's third term
// misplaces a parenthesis; the cofactor it means is taken). v(row, column).
template <class V>
[[nodiscard]] float det4(const V& v) noexcept {
    const auto d = [&](unsigned a, unsigned b) {  // v2[a] * v3[b] - v2[b] * v3[a]
        const float p = v(2, a) * v(3, b), q = v(2, b) * v(3, a);
        return p - q;
    };
    const auto cof = [&](unsigned i, float x, unsigned j, float y, unsigned k, float z) {
        const float p = v(1, i) * x, q = v(1, j) * y, t = v(1, k) * z;
        return (p - q) + t;
    };
    const float a = cof(1, d(2, 3), 2, d(1, 3), 3, d(1, 2)), b = cof(0, d(2, 3), 2, d(0, 3), 3, d(0, 2));
    const float c = cof(0, d(1, 3), 1, d(0, 3), 3, d(0, 1)), e = cof(0, d(1, 2), 1, d(0, 2), 2, d(0, 1));
    const float p0 = v(0, 0) * a, p1 = v(0, 1) * b, p2 = v(0, 2) * c, p3 = v(0, 3) * e;
    return ((p0 - p1) + p2) - p3;
}

// --- conversions -----------------------------------------------------------------------------------
[[nodiscard]] inline lane_word ftoi(float x) noexcept { return static_cast<lane_word>(ctisa::exec::to_int32(x)); }
[[nodiscard]] inline lane_word ftou(float x) noexcept {
    if (!(x > 0.0f)) return 0;  // negative, zero, NaN
    if (x >= 4294967296.0f) return 0xFFFFFFFFu;
    return static_cast<lane_word>(x);
}

// --- integers ----------------------------------------------------------------------------------------
[[nodiscard]] constexpr lane_word mul_high_s(lane_word a, lane_word b) noexcept {
    const std::int64_t p = std::int64_t{static_cast<std::int32_t>(a)} * static_cast<std::int32_t>(b);
    return static_cast<lane_word>(static_cast<std::uint64_t>(p) >> 32);
}
[[nodiscard]] constexpr lane_word mul_high_u(lane_word a, lane_word b) noexcept { return static_cast<lane_word>((std::uint64_t{a} * b) >> 32); }
[[nodiscard]] constexpr lane_word s24(lane_word a) noexcept { return static_cast<lane_word>(static_cast<std::int32_t>(a << 8) >> 8); }
[[nodiscard]] constexpr lane_word u24(lane_word a) noexcept { return a & 0xFFFFFFu; }
[[nodiscard]] constexpr lane_word shr_s(lane_word a, lane_word n) noexcept {
    return static_cast<lane_word>(static_cast<std::int32_t>(a) >> (n & 31u));
}
[[nodiscard]] constexpr lane_word udiv(lane_word a, lane_word b) noexcept { return b == 0 ? 0xFFFFFFFFu : a / b; }
[[nodiscard]] constexpr lane_word umod(lane_word a, lane_word b) noexcept { return b == 0 ? 0xFFFFFFFFu : a % b; }
[[nodiscard]] constexpr lane_word smax(lane_word a, lane_word b) noexcept {
    return static_cast<std::int32_t>(a) >= static_cast<std::int32_t>(b) ? a : b;
}
[[nodiscard]] constexpr lane_word smin(lane_word a, lane_word b) noexcept {
    return static_cast<std::int32_t>(a) < static_cast<std::int32_t>(b) ? a : b;
}
[[nodiscard]] constexpr lane_word truth(bool b) noexcept { return b ? true_bits : 0u; }

// ffb: control 0 lo (from bit 0), 1 hi (from bit 31), 2 shi (hi of the value, or of its complement
// when negative); 0xFFFFFFFF when no bit is found.
[[nodiscard]] constexpr lane_word first_bit(lane_word x, unsigned option) noexcept {
    if (option == 0) return x == 0 ? 0xFFFFFFFFu : static_cast<lane_word>(std::countr_zero(x));
    if (option == 2 && (x >> 31)) x = ~x;
    return x == 0 ? 0xFFFFFFFFu : static_cast<lane_word>(std::countl_zero(x));
}

// ubit_extract / ibit_extract (7.9's pseudocode; width and offset are the five low bits).
[[nodiscard]] constexpr lane_word bit_extract(lane_word w, lane_word o, lane_word v, bool is_signed) noexcept {
    w &= 31u;
    o &= 31u;
    if (w == 0) return 0;
    if (w + o < 32) {
        const lane_word up = v << (32 - (w + o));
        return is_signed ? shr_s(up, 32 - w) : up >> (32 - w);
    }
    return is_signed ? shr_s(v, o) : v >> o;
}
[[nodiscard]] constexpr lane_word bit_insert(lane_word w, lane_word o, lane_word bits, lane_word into) noexcept {
    w &= 31u;
    o &= 31u;
    const lane_word mask = ((w == 0 ? 0u : (0xFFFFFFFFu >> (32 - w))) << o);
    return ((bits << o) & mask) | (into & ~mask);
}
// bitalign: the low word of the 64 bits src0:src1 shifted right by n (0..31).
[[nodiscard]] constexpr lane_word align(lane_word hi, lane_word lo, unsigned n) noexcept {
    return static_cast<lane_word>(((std::uint64_t{hi} << 32) | lo) >> n);
}
// The sum of the absolute differences of the four bytes.
[[nodiscard]] constexpr lane_word sad8(lane_word a, lane_word b) noexcept {
    lane_word sum = 0;
    for (unsigned i = 0; i < 32; i += 8) {
        const lane_word x = (a >> i) & 0xFFu, y = (b >> i) & 0xFFu;
        sum += x > y ? x - y : y - x;
    }
    return sum;
}
// u4lerp: each byte (a + b + the byte's low bit of c) >> 1.
[[nodiscard]] constexpr lane_word u4lerp(lane_word a, lane_word b, lane_word c) noexcept {
    lane_word r = 0;
    for (unsigned i = 0; i < 32; i += 8) r |= ((((a >> i) & 0xFFu) + ((b >> i) & 0xFFu) + ((c >> i) & 1u)) >> 1) << i;
    return r;
}
[[nodiscard]] constexpr lane_word bit_reverse(lane_word x) noexcept {
    lane_word r = 0;
    for (unsigned b = 0; b < 32; ++b) r |= ((x >> b) & 1u) << (31 - b);
    return r;
}

}  // namespace ctisa::amdil::exec::sem
