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
#include <type_traits>

#include "../../exec/float.hpp"
#include "../../exec/lanes.hpp"
#include "../../exec/transcendental.hpp"
#include "../../exec/value_rows.hpp"
#include "../generated/opcodes.hpp"

namespace ctisa::amdil::exec::sem {

using ctisa::exec::as_bits;
using ctisa::exec::as_float;
using ctisa::exec::lane_word;
namespace approx = ctisa::exec::approx;

inline constexpr lane_word true_bits = 0xFFFFFFFFu;
[[nodiscard]] constexpr lane_word truth(bool b) noexcept { return b ? true_bits : 0u; }

// --- one meaning for one lane or a row of lanes --------------------------------------------------
// The operations the interpreter's lane loops, the straight-line fast path and the compiled value
// path all run, written once over F (float, or a row's floats: exec/value_rows.hpp) and W (lane_word,
// or a row's bits). Everything is computed and one result selected, so a lane loop vectorizes.

// The bits, float and signed views of lanes F or W.
template <class T>
struct lane_types {
    using bits = lane_word;
    using floats = float;
    using ints = std::int32_t;
};
template <class T>
    requires(!std::is_arithmetic_v<T>)
struct lane_types<T> : ctisa::exec::row_vectors<sizeof(T) / sizeof(lane_word)> {};
template <class T>
using bits_t = typename lane_types<T>::bits;
template <class T>
using floats_t = typename lane_types<T>::floats;
template <class T>
using ints_t = typename lane_types<T>::ints;

template <class To, class From>
[[nodiscard]] CTISA_EXEC_INLINE To view(const From& x) noexcept {
    return __builtin_bit_cast(To, x);
}

// a where c holds (a bool, or a vector comparison's mask), else b.
template <class T, class C>
[[nodiscard]] CTISA_EXEC_INLINE T pick(const C& c, const T& a, const T& b) noexcept {
    if constexpr (std::is_arithmetic_v<T>) {
        return c ? a : b;
    } else {
        T out;
        ctisa::exec::select(c, a, b, out);
        return out;
    }
}
// All ones where c holds, else 0 (the IL's true).
template <class W, class C>
[[nodiscard]] CTISA_EXEC_INLINE W truth_of(const C& c) noexcept {
    if constexpr (std::is_arithmetic_v<W>) return truth(c);
    else return view<W>(c);
}

// Denormals to a zero of their sign: what the comparisons see.
template <class F>
[[nodiscard]] CTISA_EXEC_INLINE F flush(const F& x) noexcept {
    const bits_t<F> b = view<bits_t<F>>(x);
    return pick((b & 0x7FFFFFFFu) < 0x00800000u, view<F>(b & 0x80000000u), x);
}
// Without _ieee, 0 times an infinity or a NaN is +0 ('0*n = 0, even if n = NaN'): where the product
// is a NaN and a factor is 0.
template <bool Ieee, class F>
[[nodiscard]] CTISA_EXEC_INLINE F product(const F& a, const F& b) noexcept {
    const F p = a * b;
    if constexpr (Ieee) return p;
    else return pick((p == p) | ((a != F{}) & (b != F{})), p, F{});
}
// max (Max) or min: the pseudocode's (v1 > v2) ? v1 : v2 on flushed values; with _ieee, maxNum and
// minNum (a NaN loses), +0 the larger of the zeros.
template <bool Max, bool Ieee, class F>
[[nodiscard]] CTISA_EXEC_INLINE F extreme(const F& a, const F& b) noexcept {
    const F fa = flush(a), fb = flush(b);
    F out;
    if constexpr (Max) out = pick(fa > fb, a, b);
    else out = pick(fa < fb, a, b);
    if constexpr (Ieee) {
        const auto negative = view<ints_t<F>>(fa) < 0;  // signbit(fa): the tie of a zero and a zero
        if constexpr (Max) out = pick(fa == fb, pick(negative, b, a), out);
        else out = pick(fa == fb, pick(negative, a, b), out);
        out = pick(b != b, a, out);
        out = pick(a != a, b, out);
    }
    return out;
}
// Clamp to [0, 1], NaN to 0 (2.2.5).
template <class F>
[[nodiscard]] CTISA_EXEC_INLINE F saturated(const F& x) noexcept {
    const F zero{}, one = zero + 1.0f;
    const F low = pick(x > zero, x, zero);
    return pick(low < one, low, one);
}
// A computed NaN made the default quiet NaN (amdil_execution.toml [results]).
template <class F>
[[nodiscard]] CTISA_EXEC_INLINE bits_t<F> default_nan(const F& x) noexcept {
    return pick(x == x, view<bits_t<F>>(x), bits_t<F>{} + 0x7FC00000u);
}
// sgn: -1, 0 or 1 by the sign, a NaN kept.
template <class F>
[[nodiscard]] CTISA_EXEC_INLINE F sgn(const F& x) noexcept {
    const F zero{};
    return pick(x < zero, zero - 1.0f, pick(x == zero, zero, pick(x > zero, zero + 1.0f, x)));
}

// --- the operand modifiers (2.2.5, 2.2.7), for every path --------------------------------------
// A float source's value modifiers before negate and abs, in 2.2.7's order: invert (1 - x), bias
// (x - 0.5), x2 (2x), sign (sgn). The flags are constants on the compiled path.
template <class F>
[[nodiscard]] CTISA_EXEC_INLINE F modified_source(const F& value, bool invert, bool bias, bool x2, bool sign) noexcept {
    CTISA_EXEC_NO_CONTRACT
    const F zero{};
    F x = value;
    if (invert) x = (zero + 1.0f) - x;
    if (bias) x = x - 0.5f;
    if (x2) x = (zero + 2.0f) * x;
    if (sign) x = sgn(x);
    return x;
}
// An integer source's abs, then negate: two's complement, wrapping (|INT_MIN| is INT_MIN).
template <class W>
[[nodiscard]] CTISA_EXEC_INLINE W integer_source(const W& value, bool negate, bool absolute) noexcept {
    W x = value;
    if (absolute) {
        const W sign = W{} - (x >> 31);
        x = (x ^ sign) - sign;
    }
    return negate ? W{} - x : x;
}
// ILShiftScale's factors (2.2.5): x2, x4, x8, d2, d4, d8; the codes past them scale by 1.
inline constexpr float shift_factor[] = {1.0f, 2.0f, 4.0f, 8.0f, 0.5f, 0.25f, 0.125f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
// A float result's shift_scale, then clamp (2.2.5).
template <class F>
[[nodiscard]] CTISA_EXEC_INLINE F scaled_result(const F& x, unsigned shift, bool clamp) noexcept {
    const F y = x * shift_factor[shift & 15u];
    return clamp ? saturated(y) : y;
}
// The bits of a component whose destination mode is 2 (0.0) or 3 (1.0).
[[nodiscard]] constexpr lane_word constant_component(unsigned mode) noexcept { return mode == 2 ? 0u : 0x3F800000u; }

// The component-wise float operations: a, b, c are the sources' same component (mad rounds the
// product, then the sum: never contracted).
template <opcode Op, bool Ieee, class F>
[[nodiscard]] CTISA_EXEC_INLINE F float_operation(const F& a, const F& b, const F& c) noexcept {
    CTISA_EXEC_NO_CONTRACT
    if constexpr (Op == opcode::add) return a + b;
    else if constexpr (Op == opcode::sub) return a - b;
    else if constexpr (Op == opcode::mul) return product<Ieee>(a, b);
    else if constexpr (Op == opcode::mad) return product<Ieee>(a, b) + c;
    else if constexpr (Op == opcode::max) return extreme<true, Ieee>(a, b);
    else if constexpr (Op == opcode::min) return extreme<false, Ieee>(a, b);
    else if constexpr (Op == opcode::abs) return view<F>(view<bits_t<F>>(a) & 0x7FFFFFFFu);
    else {
        static_assert(Op == opcode::mov);
        (void)b, (void)c;
        return a;
    }
}
// DP2, DP3, DP4, DP2ADD: the products of source(0, i) and source(1, i) summed left to right, each
// rounded (DP2ADD adds source(2, 2), src2.z).
template <opcode Op, bool Ieee, class Source>
[[nodiscard]] CTISA_EXEC_INLINE auto dot(const Source& source) noexcept {
    CTISA_EXEC_NO_CONTRACT
    constexpr unsigned n = Op == opcode::dp4 ? 4 : Op == opcode::dp3 ? 3 : 2;
    auto sum = product<Ieee>(source(0, 0), source(1, 0));
    for (unsigned i = 1; i < n; ++i) sum = sum + product<Ieee>(source(0, i), source(1, i));
    if constexpr (Op == opcode::dp2add) sum = sum + source(2, 2);
    return sum;
}

// The component-wise 32-bit integer and bit operations on lane words.
template <opcode Op, class W>
[[nodiscard]] CTISA_EXEC_INLINE W integer_operation(const W& a, const W& b, const W& c) noexcept {
    using ints = ints_t<W>;
    const ints sa = view<ints>(a), sb = view<ints>(b);
    if constexpr (Op == opcode::i_add) return a + b;
    else if constexpr (Op == opcode::i_mul || Op == opcode::u_mul) return a * b;
    else if constexpr (Op == opcode::i_mad || Op == opcode::u_mad) return a * b + c;
    else if constexpr (Op == opcode::i_max) return pick(sa >= sb, a, b);
    else if constexpr (Op == opcode::i_min) return pick(sa < sb, a, b);
    else if constexpr (Op == opcode::u_max) return pick(a >= b, a, b);
    else if constexpr (Op == opcode::u_min) return pick(a < b, a, b);
    else if constexpr (Op == opcode::i_eq) return truth_of<W>(a == b);
    else if constexpr (Op == opcode::i_ne) return truth_of<W>(a != b);
    else if constexpr (Op == opcode::i_ge) return truth_of<W>(sa >= sb);
    else if constexpr (Op == opcode::i_lt) return truth_of<W>(sa < sb);
    else if constexpr (Op == opcode::u_ge) return truth_of<W>(a >= b);
    else if constexpr (Op == opcode::u_lt) return truth_of<W>(a < b);
    else if constexpr (Op == opcode::i_negate) return W{} - a;
    else if constexpr (Op == opcode::i_not) return ~a;
    else if constexpr (Op == opcode::and_) return a & b;
    else if constexpr (Op == opcode::i_or) return a | b;
    else if constexpr (Op == opcode::i_xor) return a ^ b;
    else if constexpr (Op == opcode::i_shl) return a << (b & 31u);
    else if constexpr (Op == opcode::i_shr) return view<W>(sa >> view<ints>(b & 31u));
    else {
        static_assert(Op == opcode::u_shr);
        (void)c;
        return a >> (b & 31u);
    }
}

// The operations above, as lists (what the compiled value path and the fast path take).
template <opcode... Ops>
struct opcode_list {
    [[nodiscard]] static constexpr bool has(opcode op) noexcept { return ((op == Ops) || ...); }
    // f.template operator()<Op>() for the Op that is op; false when none is.
    template <class F>
    CTISA_EXEC_INLINE static bool visit(opcode op, F&& f) {
        return ((op == Ops ? (f.template operator()<Ops>(), true) : false) || ...);
    }
};
using float_operations = opcode_list<opcode::mov, opcode::add, opcode::sub, opcode::mul, opcode::mad, opcode::min, opcode::max, opcode::abs>;
using dot_operations = opcode_list<opcode::dp2, opcode::dp3, opcode::dp4, opcode::dp2add>;
using integer_operations =
    opcode_list<opcode::i_add, opcode::i_mul, opcode::u_mul, opcode::i_mad, opcode::u_mad, opcode::i_max, opcode::i_min, opcode::u_max,
                opcode::u_min, opcode::i_eq, opcode::i_ne, opcode::i_ge, opcode::i_lt, opcode::u_ge, opcode::u_lt, opcode::i_negate,
                opcode::i_not, opcode::and_, opcode::i_or, opcode::i_xor, opcode::i_shl, opcode::i_shr, opcode::u_shr>;

// --- multiplication and comparisons --------------------------------------------------------------
// The products of mul, mad, dp*, dst: IEEE with control bit 0 (_ieee), else 0 * inf and 0 * NaN are 0.
[[nodiscard]] inline float mul(float a, float b, bool ieee) noexcept { return ieee ? product<true>(a, b) : product<false>(a, b); }
// ILRelOp on floats (flushed: DX10 rules), and on the x components of flow control.
[[nodiscard]] inline bool relop(unsigned op, float a, float b) noexcept {
    a = flush(a);
    b = flush(b);
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
[[nodiscard]] inline float pow(float base, float e) noexcept {
    return base < 0.0f ? std::numeric_limits<float>::quiet_NaN() : approx::pow(base, e);
}

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
