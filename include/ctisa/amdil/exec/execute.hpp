// SPDX-License-Identifier: MIT
// The kernel of every AMD IL instruction the executor runs, over N lanes: sources read with their
// modifiers in 2.2.7's order, the operation (semantics.hpp), the result through the destination
// modifier in 2.2.5's order (shift_scale, then clamp, then the 0.0 / 1.0 components), stored under
// the lane mask. Flow-control instructions compute their per-lane test into the effects.
//
// First the operation of each computing instruction over K lanes of its loaded sources (chapter
// 7's pseudocode; semantics.hpp has the rules per value): one function a family of chapter 7, each
// saying whether it has op. Scalar instructions read position w of src0 (after the swizzle) and
// write every component; sincos writes x and y, crs x, y and z.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <cstdint>
#include <limits>

#include "../../exec/float.hpp"
#include "../../exec/kernel.hpp"
#include "descriptor.hpp"
#include "float_path.hpp"
#include "semantics.hpp"

namespace ctisa::amdil::exec {

namespace compute_detail {

using ctisa::exec::as_bits;
using ctisa::exec::as_float;
namespace approx = ctisa::exec::approx;

// The loaded sources of K lanes (source, component, lane) and the result (component, lane).
template <std::size_t K>
struct lanes {
    const lane_word (&source)[4][4][K];
    lane_word (&result)[4][K];

    [[nodiscard]] CTISA_EXEC_INLINE float value(unsigned s, unsigned c, std::size_t k) const { return as_float(source[s][c][k]); }
    // Source s's xy as a double (x the low word) and as a 64-bit integer.
    [[nodiscard]] double pair(unsigned s, std::size_t k) const { return std::bit_cast<double>(wide(s, k)); }
    [[nodiscard]] std::uint64_t wide(unsigned s, std::size_t k) const { return std::uint64_t{source[s][1][k]} << 32 | source[s][0][k]; }

    // Every component from f(c, k), the bits of the result.
    template <class F>
    CTISA_EXEC_INLINE void per_component(F&& f) {
        for (unsigned c = 0; c < 4; ++c)
            for (std::size_t k = 0; k < K; ++k) result[c][k] = f(c, k);
    }
    // One value a lane, f(k), in all four components.
    template <class F>
    CTISA_EXEC_INLINE void replicated(F&& f) {
        for (std::size_t k = 0; k < K; ++k) {
            const lane_word x = f(k);
            for (unsigned c = 0; c < 4; ++c) result[c][k] = x;
        }
    }
    // op of the N sources' same component, as floats (those past N read as 0: not loaded).
    template <unsigned N, class F>
    CTISA_EXEC_INLINE void float_per_component(F&& op) {
        per_component([&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA {
            return as_bits(op(value(0, c, k), N > 1 ? value(1, c, k) : 0.0f, N > 2 ? value(2, c, k) : 0.0f));
        });
    }
    // op of src0.w (the scalar float instructions), in all four components.
    template <class F>
    CTISA_EXEC_INLINE void float_of_w(F&& op) {
        replicated([&](std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return as_bits(op(value(0, 3, k))); });
    }
    // op of the N sources' same component, as words.
    template <unsigned N, class F>
    CTISA_EXEC_INLINE void word_per_component(F&& op) {
        per_component([&](unsigned c, std::size_t k)
                          CTISA_EXEC_INLINE_LAMBDA { return op(source[0][c][k], N > 1 ? source[1][c][k] : 0u, N > 2 ? source[2][c][k] : 0u); });
    }
    // A double or 64-bit result into both pairs (xy, zw); a computed NaN is the default quiet NaN.
    void put_wide(std::size_t k, std::uint64_t q) {
        result[0][k] = result[2][k] = static_cast<lane_word>(q);
        result[1][k] = result[3][k] = static_cast<lane_word>(q >> 32);
    }
    void put_double(std::size_t k, double v) { put_wide(k, v != v ? 0x7FF8000000000000u : std::bit_cast<std::uint64_t>(v)); }
    template <unsigned N, class F>
    void double_of_pairs(F&& op) {
        for (std::size_t k = 0; k < K; ++k) put_double(k, op(pair(0, k), N > 1 ? pair(1, k) : 0.0, N > 2 ? pair(2, k) : 0.0));
    }
    template <unsigned N, class F>
    void wide_of_pairs(F&& op) {
        for (std::size_t k = 0; k < K; ++k) put_wide(k, op(wide(0, k), N > 1 ? wide(1, k) : 0u));
    }
};

using u64 = std::uint64_t;
using i64 = std::int64_t;

// 64-bit integers on register pairs; shifts take src1.x's six low bits (the text: 'lower five bits
// (0-63 range)').
template <std::size_t K>
bool int64_instructions(opcode op, lanes<K>& l) {
    const auto compare = [&](auto test) { l.replicated([&](std::size_t k) { return sem::truth(test(l.wide(0, k), l.wide(1, k))); }); };
    switch (op) {
        case opcode::i64_add: l.template wide_of_pairs<2>([](u64 x, u64 y) { return x + y; }); return true;
        case opcode::i64_negate: l.template wide_of_pairs<1>([](u64 x, u64) { return u64{0} - x; }); return true;
        case opcode::i64_shl: l.template wide_of_pairs<2>([](u64 x, u64 y) { return x << (y & 63u); }); return true;
        case opcode::i64_shr:
            l.template wide_of_pairs<2>([](u64 x, u64 y) { return static_cast<u64>(static_cast<i64>(x) >> (y & 63u)); });
            return true;
        case opcode::u64_shr: l.template wide_of_pairs<2>([](u64 x, u64 y) { return x >> (y & 63u); }); return true;
        case opcode::i64_max:
            l.template wide_of_pairs<2>([](u64 x, u64 y) { return static_cast<i64>(x) >= static_cast<i64>(y) ? x : y; });
            return true;
        case opcode::i64_min:
            l.template wide_of_pairs<2>([](u64 x, u64 y) { return static_cast<i64>(x) < static_cast<i64>(y) ? x : y; });
            return true;
        case opcode::u64_max: l.template wide_of_pairs<2>([](u64 x, u64 y) { return x >= y ? x : y; }); return true;
        case opcode::u64_min: l.template wide_of_pairs<2>([](u64 x, u64 y) { return x < y ? x : y; }); return true;
        case opcode::i64_eq: compare([](u64 x, u64 y) { return x == y; }); return true;
        case opcode::i64_ne: compare([](u64 x, u64 y) { return x != y; }); return true;
        case opcode::i64_ge: compare([](u64 x, u64 y) { return static_cast<i64>(x) >= static_cast<i64>(y); }); return true;
        case opcode::i64_lt: compare([](u64 x, u64 y) { return static_cast<i64>(x) < static_cast<i64>(y); }); return true;
        case opcode::u64_ge: compare([](u64 x, u64 y) { return x >= y; }); return true;
        case opcode::u64_lt: compare([](u64 x, u64 y) { return x < y; }); return true;
        default: return false;
    }
}

// dfrac: x - floor(x), below 1.0; dfrexp: x = 0, y = the exponent, zw = the mantissa in [0.5, 1)
// (infinity, NaN: y = -1, zw a NaN).
[[nodiscard]] inline double double_fraction(double x) noexcept {
    const double f = x - std::floor(x);
    return f < 1.0 || f != f ? f : 0x1.fffffffffffffp-1;
}
template <std::size_t K>
void double_split(lanes<K>& l) {
    for (std::size_t k = 0; k < K; ++k) {
        const double x = l.pair(0, k);
        int e = 0;
        l.put_double(k, std::isfinite(x) ? std::frexp(x, &e) : std::numeric_limits<double>::quiet_NaN());
        l.result[0][k] = 0;
        l.result[1][k] = std::isfinite(x) ? static_cast<lane_word>(e) : 0xFFFFFFFFu;
    }
}

// Doubles on register pairs: IEEE results (the tables of 7.12), the fused dmad (FMA64 from Evergreen on).
template <std::size_t K>
bool double_instructions(opcode op, lanes<K>& l) {
    const auto compare = [&](auto test) { l.replicated([&](std::size_t k) { return sem::truth(test(l.pair(0, k), l.pair(1, k))); }); };
    switch (op) {
        case opcode::d_add: l.template double_of_pairs<2>([](double x, double y, double) { return x + y; }); return true;
        case opcode::d_mul: l.template double_of_pairs<2>([](double x, double y, double) { return x * y; }); return true;
        case opcode::d_div: l.template double_of_pairs<2>([](double x, double y, double) { return x / y; }); return true;
        case opcode::d_muladd: l.template double_of_pairs<3>([](double x, double y, double z) { return std::fma(x, y, z); }); return true;
        case opcode::d_sqrt: l.template double_of_pairs<1>([](double x, double, double) { return approx::sqrt(x); }); return true;
        case opcode::d_rcp: l.template double_of_pairs<1>([](double x, double, double) { return approx::rcp(x); }); return true;
        case opcode::d_rsq: l.template double_of_pairs<1>([](double x, double, double) { return approx::rsq(x); }); return true;
        case opcode::d_max:  // src0 >= src1 ? src0 : src1; a NaN loses (IEEE 754-2008 maxNum)
            l.template double_of_pairs<2>([](double x, double y, double) { return x != x ? y : y != y ? x : x >= y ? x : y; });
            return true;
        case opcode::d_min:
            l.template double_of_pairs<2>([](double x, double y, double) { return x != x ? y : y != y ? x : x < y ? x : y; });
            return true;
        case opcode::d_mov: l.template double_of_pairs<1>([](double x, double, double) { return x; }); return true;
        case opcode::d_frac: l.template double_of_pairs<1>([](double x, double, double) { return double_fraction(x); }); return true;
        case opcode::d_movc:  // "if (src0.x == 0) dst = src1; else dst = src2" (an integer compare)
            for (std::size_t k = 0; k < K; ++k) l.put_double(k, l.source[0][0][k] == 0 ? l.pair(1, k) : l.pair(2, k));
            return true;
        case opcode::deq: compare([](double x, double y) { return x == y; }); return true;
        case opcode::dge: compare([](double x, double y) { return x >= y; }); return true;
        case opcode::dlt: compare([](double x, double y) { return x < y; }); return true;
        case opcode::dne: compare([](double x, double y) { return x != y && x == x && y == y; }); return true;  // NaN: false
        case opcode::d_2_f: l.replicated([&](std::size_t k) { return as_bits(static_cast<float>(l.pair(0, k))); }); return true;
        case opcode::f_2_d:  // src0.x, a float, exactly
            for (std::size_t k = 0; k < K; ++k) l.put_double(k, static_cast<double>(l.value(0, 0, k)));
            return true;
        case opcode::d_ldexp:  // src0.xy * 2^src1.x, src1.x an integer
            for (std::size_t k = 0; k < K; ++k) {
                const std::int32_t e = static_cast<std::int32_t>(l.source[1][0][k]);
                l.put_double(k, std::ldexp(l.pair(0, k), e < -2100 ? -2100 : e > 2100 ? 2100 : e));
            }
            return true;
        case opcode::d_frexp: double_split(l); return true;
        default: return false;
    }
}

// The operations the compiled value path and the fast path share (semantics.hpp), one lane at a time.
template <std::size_t K>
bool shared_instructions(const instruction_desc& d, lanes<K>& l) {
    const bool ieee = (d.control & 1u) != 0;
    const auto floats = [&]<opcode Op>() CTISA_EXEC_INLINE_LAMBDA {
        if constexpr (Op == opcode::mov) l.per_component([&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return l.source[0][c][k]; });
        else if (ieee) l.template float_per_component<arity(Op)>(sem::float_operation<Op, true, float>);
        else l.template float_per_component<arity(Op)>(sem::float_operation<Op, false, float>);
    };
    const auto dots = [&]<opcode Op>() CTISA_EXEC_INLINE_LAMBDA {
        l.replicated([&](std::size_t k) CTISA_EXEC_INLINE_LAMBDA {
            const auto source = [&](unsigned s, unsigned c) CTISA_EXEC_INLINE_LAMBDA { return l.value(s, c, k); };
            return as_bits(ieee ? sem::dot<Op, true>(source) : sem::dot<Op, false>(source));
        });
    };
    const auto words = [&]<opcode Op>()
                           CTISA_EXEC_INLINE_LAMBDA { l.template word_per_component<arity(Op)>(sem::integer_operation<Op, lane_word>); };
    return sem::float_operations::visit(d.op, floats) || sem::dot_operations::visit(d.op, dots) || sem::integer_operations::visit(d.op, words);
}

// Derivatives over 2x2 quads (lanes 4q: top left, +1 top right, +2 bottom left, +3 bottom right),
// coarse: the difference of the quad's first column (step 1) or row (step 2). A machine narrower
// than a quad gives 0.
template <std::size_t K>
[[nodiscard]] float quad_difference(const lanes<K>& l, std::size_t k, unsigned c, unsigned step) {
    if constexpr (K % 4 != 0) return (void)l, (void)k, (void)c, (void)step, 0.0f;
    else return l.value(0, c, (k & ~std::size_t{3}) + step) - l.value(0, c, k & ~std::size_t{3});
}

// The other float operations of 7.8 but the legacy ones, per component or on src0.w.
template <std::size_t K, class View>
bool float_instructions(const instruction_desc& d, const View& v, std::size_t l0, lanes<K>& l) {
    const unsigned zeroop = d.control & 3u;
    const auto on_w = [&](auto op) { l.float_of_w(op); };
    const auto each = [&](auto op) { l.template float_per_component<1>([&](float x, float, float) { return op(x); }); };
    switch (d.op) {
        case opcode::fma: l.template float_per_component<3>([](float x, float y, float z) { return std::fma(x, y, z); }); return true;
        case opcode::div: l.template float_per_component<2>([&](float x, float y, float) { return sem::div(x, y, zeroop); }); return true;
        case opcode::clamp:
            l.template float_per_component<3>([](float x, float lo, float hi) {
                x = x < lo ? lo : x;
                return x > hi ? hi : x;
            });
            return true;
        case opcode::lrp:
            l.template float_per_component<3>([](float t, float x, float y) {
                const float p = x * t, q = y * (1.0f - t);  // (separate roundings, never contracted)
                return p + q;
            });
            return true;
        case opcode::initv:  // a vertex input set from src: a move (7.5's pseudocode)
        case opcode::inv_mov:
        case opcode::colorclamp:  // no colour buffer: every clamp mode is NONE (spec [legacy])
        case opcode::project: l.per_component([&](unsigned c, std::size_t k) { return l.source[0][c][k]; }); return true;
        case opcode::noise: l.per_component([](unsigned, std::size_t) { return lane_word{0}; }); return true;  // implementation-defined: 0.0
        case opcode::sgn: each(sem::sgn<float>); return true;
        case opcode::frc: each(sem::frc); return true;
        case opcode::flr:
        case opcode::round_neg_inf: each([](float x) { return std::floor(x); }); return true;
        case opcode::round_plus_inf: each([](float x) { return std::ceil(x); }); return true;
        case opcode::round_zero: each([](float x) { return std::trunc(x); }); return true;
        case opcode::round_near: each([](float x) { return ctisa::exec::round_integral(x, ctisa::exec::rounding::nearest_even); }); return true;
        case opcode::rnd: each([](float x) { return std::floor(x + 0.5f); }); return true;
        case opcode::eq:
        case opcode::ge:
        case opcode::lt:
        case opcode::ne: {
            const unsigned relop = d.op == opcode::eq ? 1u : d.op == opcode::ge ? 2u : d.op == opcode::lt ? 5u : 0u;
            l.per_component([&](unsigned c, std::size_t k) { return sem::truth(sem::relop(relop, l.value(0, c, k), l.value(1, c, k))); });
            return true;
        }
        case opcode::set:
            l.template float_per_component<2>([&](float x, float y, float) { return sem::relop(d.control & 7u, x, y) ? 1.0f : 0.0f; });
            return true;
        case opcode::cmov:  // "the compare is float": 0.0 and -0.0 keep the destination
            l.per_component(
                [&](unsigned c, std::size_t k) { return l.value(0, c, k) != 0.0f ? l.source[1][c][k] : v.row(d.dst.row + c)[l0 + k]; });
            return true;
        case opcode::cmov_logical:
            l.template word_per_component<3>([](lane_word x, lane_word y, lane_word z) { return x != 0 ? y : z; });
            return true;
        case opcode::exp: on_w([](float x) { return approx::exp2(x); }); return true;
        case opcode::exp_vec: each([](float x) { return approx::exp2(x); }); return true;
        case opcode::exn: on_w([](float x) { return approx::exp(x); }); return true;
        case opcode::log: on_w([&](float x) { return sem::log2(x, zeroop); }); return true;
        case opcode::log_vec: each([](float x) { return sem::log2(x, 2); }); return true;  // "LOG with zeroop infinity"
        case opcode::ln: on_w([&](float x) { return sem::ln(x, zeroop); }); return true;
        case opcode::rcp: on_w([&](float x) { return sem::rcp(x, zeroop); }); return true;
        case opcode::rcp_vec: each([](float x) { return approx::rcp(x); }); return true;
        case opcode::rsq: on_w([&](float x) { return sem::rsq(x, zeroop); }); return true;
        case opcode::rsq_vec: each([](float x) { return approx::rsq(x); }); return true;
        case opcode::sqrt: on_w([](float x) { return approx::sqrt(x); }); return true;
        case opcode::sqrt_vec: each([](float x) { return approx::sqrt(x); }); return true;
        case opcode::sin: on_w([](float x) { return approx::sin(x); }); return true;
        case opcode::cos: on_w([](float x) { return approx::cos(x); }); return true;
        case opcode::sin_vec: each([](float x) { return approx::sin(x); }); return true;
        case opcode::cos_vec: each([](float x) { return approx::cos(x); }); return true;
        case opcode::tan: on_w([](float x) { return static_cast<float>(std::tan(static_cast<double>(x))); }); return true;
        case opcode::asin: on_w([](float x) { return static_cast<float>(std::asin(static_cast<double>(x))); }); return true;
        case opcode::acos: on_w([](float x) { return static_cast<float>(std::acos(static_cast<double>(x))); }); return true;
        case opcode::atan: on_w([](float x) { return static_cast<float>(std::atan(static_cast<double>(x))); }); return true;
        case opcode::pow: l.replicated([&](std::size_t k) { return as_bits(sem::pow(l.value(0, 3, k), l.value(1, 3, k))); }); return true;
        case opcode::dsx: l.per_component([&](unsigned c, std::size_t k) { return as_bits(quad_difference(l, k, c, 1)); }); return true;
        case opcode::dsy: l.per_component([&](unsigned c, std::size_t k) { return as_bits(quad_difference(l, k, c, 2)); }); return true;
        case opcode::fwidth:
            l.per_component([&](unsigned c, std::size_t k) {
                return as_bits(std::fabs(quad_difference(l, k, c, 1)) + std::fabs(quad_difference(l, k, c, 2)));
            });
            return true;
        case opcode::mod: l.template float_per_component<2>([](float x, float y, float) { return sem::mod(x, y); }); return true;
        case opcode::pireduce: each(sem::pireduce); return true;
        default: return false;
    }
}

// The four-component dot of src0 and src1 (faceforward, reflect: IEEE products, left to right).
template <std::size_t K>
[[nodiscard]] float dot4(const lanes<K>& l, std::size_t k) {
    float sum = l.value(0, 0, k) * l.value(1, 0, k);
    for (unsigned c = 1; c < 4; ++c) sum = sum + l.value(0, c, k) * l.value(1, c, k);
    return sum;
}

// 7.8's vector instructions whose components differ: each lane's four results at once.
template <std::size_t K>
bool vector_instructions(const instruction_desc& d, lanes<K>& l, unsigned& written) {
    const bool ieee = (d.control & 1u) != 0;
    const unsigned zeroop = d.control & 3u;
    const auto each_lane = [&](auto lane) {
        for (std::size_t k = 0; k < K; ++k) {
            const auto f = [&](unsigned s, unsigned c) { return l.value(s, c, k); };
            float out[4];
            lane(f, out);
            for (unsigned c = 0; c < 4; ++c) l.result[c][k] = as_bits(out[c]);
        }
    };
    switch (d.op) {
        case opcode::sincos:
        case opcode::dxsincos:  // as sincos (the Taylor constants src1, src2 are for hardware without sincos)
            each_lane([](auto f, float(&o)[4]) { o[0] = approx::cos(f(0, 3)), o[1] = approx::sin(f(0, 3)), o[2] = o[3] = 0.0f; });
            written = 0x3;
            return true;
        case opcode::dst:  // (1, src0.y * src1.y, src0.z, src1.w), the multiply non-IEEE unless control bit 16
            each_lane([&](auto f, float(&o)[4]) { o[0] = 1.0f, o[1] = sem::mul(f(0, 1), f(1, 1), ieee), o[2] = f(0, 2), o[3] = f(1, 3); });
            for (std::size_t k = 0; k < K; ++k) l.result[2][k] = l.source[0][2][k], l.result[3][k] = l.source[1][3][k];  // bits moved
            return true;
        case opcode::lit:  // 7.8's pseudocode: the power clamped to +-(128 - epsilon) (128 in binary32)
            each_lane([](auto f, float(&o)[4]) {
                constexpr float limit = 128.0f - 1.192092896e-07F;
                const float g = f(0, 3) < -limit ? -limit : f(0, 3) > limit ? limit : f(0, 3), x = f(0, 0), y = f(0, 1);
                const float t = g * approx::log2(y);
                o[0] = o[3] = 1.0f;
                o[1] = x > 0.0f ? x : 0.0f;
                o[2] = x > 0.0f && y > 0.0f ? approx::exp2(t) : 0.0f;
            });
            return true;
        case opcode::expp:  // (2^floor(w), w - floor(w), 2^w, 1), exactly (the text asks 10 bits)
            each_lane([](auto f, float(&o)[4]) {
                const float w = f(0, 3), fl = std::floor(w);
                o[0] = approx::exp2(fl), o[1] = w - fl, o[2] = approx::exp2(w), o[3] = 1.0f;
            });
            return true;
        case opcode::logp:
            each_lane([&](auto f, float(&o)[4]) {
                const float w = f(0, 3), g = w < 0.0f ? std::numeric_limits<float>::quiet_NaN() : sem::log2(w, zeroop), fl = std::floor(g);
                o[0] = fl, o[1] = w / approx::exp2(fl), o[2] = g, o[3] = 1.0f;
            });
            return true;
        case opcode::crs:
            each_lane([](auto f, float(&o)[4]) {
                for (unsigned c = 0; c < 3; ++c) {
                    const unsigned p = (c + 1) % 3, q = (c + 2) % 3;
                    const float x = f(0, p) * f(1, q), y = f(0, q) * f(1, p);
                    o[c] = x - y;
                }
                o[3] = 0.0f;
            });
            written = 0x7;
            return true;
        default: return false;
    }
}

// 7.8's instructions that reduce a lane's components to one value, or scale them by one.
template <std::size_t K>
bool reducing_instructions(const instruction_desc& d, lanes<K>& l) {
    const unsigned zeroop = d.control & 3u;
    switch (d.op) {
        case opcode::dist:
        case opcode::len:
            l.replicated([&](std::size_t k) {
                float sum = 0.0f;
                for (unsigned c = 0; c < (d.op == opcode::len ? 4u : 3u); ++c) {  // len: the pseudocode sums four
                    const float t = d.op == opcode::dist ? l.value(0, c, k) - l.value(1, c, k) : l.value(0, c, k);
                    sum = sum + t * t;
                }
                return as_bits(approx::sqrt(sum));
            });
            return true;
        case opcode::cmp:  // per component: (src0 relop cmpval) ? src1 : src2, bits moved
            l.per_component([&](unsigned c, std::size_t k) {
                return sem::relop(d.control & 7u, l.value(0, c, k), sem::cmp_value((d.control >> 5) & 7u)) ? l.source[1][c][k]
                                                                                                           : l.source[2][c][k];
            });
            return true;
        case opcode::faceforward:  // src2 * sign(dot4(src0, src1))
            l.per_component([&](unsigned c, std::size_t k) { return as_bits(l.value(2, c, k) * sem::sgn(dot4(l, k))); });
            return true;
        case opcode::nrm:  // bit 18: nrm4; the zero-op value when the sum of squares is 0
            for (std::size_t k = 0; k < K; ++k) {
                float f = l.value(0, 0, k) * l.value(0, 0, k);
                for (unsigned c = 1; c < ((d.control & 4u) ? 4u : 3u); ++c) f = f + l.value(0, c, k) * l.value(0, c, k);
                f = f == 0.0f ? sem::zero_op_value(zeroop) : 1.0f / std::sqrt(f);
                for (unsigned c = 0; c < 4; ++c) l.result[c][k] = as_bits(l.value(0, c, k) * f);
            }
            return true;
        case opcode::det:  // 7.8's cofactor expansion along row 0 (rows: src0 and the three registers after it)
            l.replicated([&](std::size_t k) { return as_bits(sem::det4([&](unsigned row, unsigned c) { return l.value(row, c, k); })); });
            return true;
        case opcode::reflect:  // control bit 16: normalize
            for (std::size_t k = 0; k < K; ++k) {
                float norm = l.value(1, 0, k) * l.value(1, 0, k);
                for (unsigned c = 1; c < 4; ++c) norm = norm + l.value(1, c, k) * l.value(1, c, k);
                const float f = 2.0f * dot4(l, k);
                for (unsigned c = 0; c < 4; ++c) {
                    const float t = f * l.value(1, c, k), u = (d.control & 1u) ? norm * l.value(0, c, k) : l.value(0, c, k);
                    l.result[c][k] = as_bits(u - t);
                }
            }
            return true;
        default: return false;
    }
}

// Multi-media (7.13; the byte formulas from the HD 6900 ISA's BIT_ALIGN_INT, LERP_UINT, SAD_ACCUM*,
// FLT_TO_UINT4): the ones the text says replicate read the x components.
template <std::size_t K>
bool multimedia_instructions(opcode op, lanes<K>& l) {
    const auto& s = l.source;
    switch (op) {
        case opcode::unpack0:
        case opcode::unpack1:
        case opcode::unpack2:
        case opcode::unpack3: {
            const unsigned shift = 8u * (static_cast<unsigned>(op) - static_cast<unsigned>(opcode::unpack0));
            l.replicated([&](std::size_t k) { return as_bits(static_cast<float>((s[0][0][k] >> shift) & 0xFFu)); });
            return true;
        }
        case opcode::bit_align: l.replicated([&](std::size_t k) { return sem::align(s[0][0][k], s[1][0][k], s[2][0][k] & 31u); }); return true;
        case opcode::byte_align:
            l.replicated([&](std::size_t k) { return sem::align(s[0][0][k], s[1][0][k], 8u * (s[2][0][k] & 3u)); });
            return true;
        case opcode::u4lerp: l.template word_per_component<3>(sem::u4lerp); return true;
        case opcode::sad:
            l.template word_per_component<3>([](lane_word x, lane_word y, lane_word z) { return sem::sad8(x, y) + z; });
            return true;
        case opcode::sad_hi:
            l.template word_per_component<3>([](lane_word x, lane_word y, lane_word z) { return (sem::sad8(x, y) << 16) + z; });
            return true;
        case opcode::sad_4:
            l.replicated([&](std::size_t k) {
                lane_word sum = s[2][0][k];
                for (unsigned c = 0; c < 4; ++c) sum += sem::sad8(s[0][c][k], s[1][c][k]);
                return sum;
            });
            return true;
        case opcode::f_2_u4:
            l.replicated([&](std::size_t k) {
                lane_word w = 0;
                for (unsigned c = 0; c < 4; ++c) w |= (sem::ftou(l.value(0, c, k)) & 0xFFu) << (8 * c);
                return w;
            });
            return true;
        default: return false;
    }
}

// The integer operations the other paths do not share, and the conversions.
template <std::size_t K>
bool integer_instructions(const instruction_desc& d, lanes<K>& l) {
    const auto two = [&](auto op) { l.template word_per_component<2>([&](lane_word x, lane_word y, lane_word) { return op(x, y); }); };
    const auto three = [&](auto op) { l.template word_per_component<3>(op); };
    const auto one = [&](auto op) { l.template word_per_component<1>([&](lane_word x, lane_word, lane_word) { return op(x); }); };
    using ctisa::exec::half_bits;
    using sem::s24, sem::u24;
    switch (d.op) {
        case opcode::i_mul_high: two([](lane_word x, lane_word y) { return sem::mul_high_s(x, y); }); return true;
        case opcode::u_mul_high: two([](lane_word x, lane_word y) { return sem::mul_high_u(x, y); }); return true;
        case opcode::i_mul24: two([](lane_word x, lane_word y) { return s24(x) * s24(y); }); return true;
        case opcode::u_mul24: two([](lane_word x, lane_word y) { return u24(x) * u24(y); }); return true;
        case opcode::i_mad24: three([](lane_word x, lane_word y, lane_word z) { return s24(x) * s24(y) + z; }); return true;
        case opcode::u_mad24: three([](lane_word x, lane_word y, lane_word z) { return u24(x) * u24(y) + z; }); return true;
        case opcode::i_mul24_high: two([](lane_word x, lane_word y) { return sem::mul_high_s(s24(x), s24(y)); }); return true;
        case opcode::u_mul24_high: two([](lane_word x, lane_word y) { return sem::mul_high_u(u24(x), u24(y)); }); return true;
        case opcode::u_div: two([](lane_word x, lane_word y) { return sem::udiv(x, y); }); return true;
        case opcode::u_mod: two([](lane_word x, lane_word y) { return sem::umod(x, y); }); return true;
        case opcode::i_carry: two([](lane_word x, lane_word y) { return x + y < x ? 1u : 0u; }); return true;
        case opcode::i_borrow: two([](lane_word x, lane_word y) { return x < y ? 1u : 0u; }); return true;
        case opcode::i_countbits: one([](lane_word x) { return static_cast<lane_word>(std::popcount(x)); }); return true;
        case opcode::i_firstbit: one([&](lane_word x) { return sem::first_bit(x, d.control & 3u); }); return true;
        case opcode::u_bit_reverse: one(sem::bit_reverse); return true;
        case opcode::u_bit_extract: three([](lane_word w, lane_word o, lane_word x) { return sem::bit_extract(w, o, x, false); }); return true;
        case opcode::i_bit_extract: three([](lane_word w, lane_word o, lane_word x) { return sem::bit_extract(w, o, x, true); }); return true;
        case opcode::u_bit_insert:
            l.per_component([&](unsigned c, std::size_t k) {
                return sem::bit_insert(l.source[0][c][k], l.source[1][c][k], l.source[2][c][k], l.source[3][c][k]);
            });
            return true;
        case opcode::ftoi: one([](lane_word x) { return sem::ftoi(as_float(x)); }); return true;
        case opcode::ftou: one([](lane_word x) { return sem::ftou(as_float(x)); }); return true;
        case opcode::itof: one([](lane_word x) { return as_bits(static_cast<float>(static_cast<std::int32_t>(x))); }); return true;
        case opcode::utof: one([](lane_word x) { return as_bits(static_cast<float>(x)); }); return true;
        case opcode::f_2_f16: one([](lane_word x) { return lane_word{ctisa::exec::half_from_float(as_float(x))}; }); return true;
        case opcode::f16_2_f: one([](lane_word x) { return as_bits(ctisa::exec::half_to_float(static_cast<half_bits>(x))); }); return true;
        default: return false;
    }
}

}  // namespace compute_detail

// Computes instruction d's result into r; returns the components it writes (bit c).
template <std::size_t K, class View>
CTISA_EXEC_INLINE unsigned compute(const instruction_desc& d, const View& v, std::size_t l0, const lane_word (&s)[4][4][K],
                                   lane_word (&r)[4][K]) {
    namespace cd = compute_detail;
    cd::lanes<K> l{s, r};
    unsigned written = 0xF;
    if (cd::shared_instructions(d, l) || cd::float_instructions(d, v, l0, l) || cd::integer_instructions(d, l) ||
        cd::vector_instructions(d, l, written) || cd::reducing_instructions(d, l) || cd::multimedia_instructions(d.op, l) ||
        cd::double_instructions(d.op, l) || cd::int64_instructions(d.op, l))
        return written;
    l.per_component([](unsigned, std::size_t) { return 0u; });
    return 0;
}

using ctisa::exec::as_bits;
using ctisa::exec::as_float;

// What a kernel reports to the control-flow engine (traits::report).
template <std::size_t N>
struct effects {
    std::array<lane_word, N> cond{};    // per lane: the test of an if, break, continue, call, ret, discard
    std::array<lane_word, N> values{};  // per lane: a switch selector, a loop count
    refusal refused = refusal::none;    // the instruction cannot run
    // Before each step (exec/traits.hpp): traits::report reads cond and values only after a kernel
    // that writes them over all N lanes (flow_test, phase), so only the refusal needs clearing; the
    // two arrays zeroed each step were a sixth of a MAD's time at 64 lanes.
    void reset() noexcept { refused = refusal::none; }
};

namespace detail {

// Position i of source s over K lanes from l0, modifiers applied (2.2.7's order for floats).
template <std::size_t K, class View>
CTISA_EXEC_INLINE void load_source(const View& v, const source_desc& s, bool integer, bool dbl, bool raw, std::size_t l0,
                                   lane_word (&out)[4][K]) {
    // Whole-row copies: GCC copied lane by lane here, and the kernel's vector loads of the same
    // words then stalled on store forwarding (most of a MAD's time).
    for (unsigned i = 0; i < 4; ++i) std::memcpy(out[i], v.row(s.row[i]) + l0, sizeof out[i]);
    if (raw) return;
    if (dbl) {  // negate and abs change the sign of the high words (y, w) only
        for (unsigned i = 1; i < 4; i += 2) {
            const ctisa::exec::float_modifier m(((s.negate >> i) & 1u) != 0, s.absolute);
            for (std::size_t k = 0; k < K; ++k) out[i][k] = m(out[i][k]);
        }
        return;
    }
    if (integer) {
        for (unsigned i = 0; i < 4; ++i)
            for (std::size_t k = 0; k < K; ++k) out[i][k] = sem::integer_source(out[i][k], ((s.negate >> i) & 1u) != 0, s.absolute);
        return;
    }
    if (s.float_modifiers()) {
        float f[4][K];
        for (unsigned i = 0; i < 4; ++i)
            for (std::size_t k = 0; k < K; ++k) f[i][k] = sem::modified_source(as_float(out[i][k]), s.invert, s.bias, s.x2, s.sign);
        if (s.divcomp >= 1 && s.divcomp <= 3) {  // y: x/y; z: x/z, y/z; w: x/w, y/w, z/w
            const unsigned by = s.divcomp;
            for (unsigned i = 0; i < by; ++i)
                for (std::size_t k = 0; k < K; ++k) f[i][k] = f[i][k] / f[by][k];
        }
        for (unsigned i = 0; i < 4; ++i)
            for (std::size_t k = 0; k < K; ++k) out[i][k] = as_bits(f[i][k]);
    }
    for (unsigned i = 0; i < 4; ++i) {
        const ctisa::exec::float_modifier m(((s.negate >> i) & 1u) != 0, s.absolute);
        for (std::size_t k = 0; k < K; ++k) out[i][k] = m(out[i][k]);
    }
    if (s.clamp)
        for (unsigned i = 0; i < 4; ++i)
            for (std::size_t k = 0; k < K; ++k) out[i][k] = as_bits(sem::saturated(as_float(out[i][k])));
}

// Per-lane element reads and writes through an index (x0[r1.x+2], cb0[r6.w+2]): an element outside
// the array reads 0 and is not written.
template <std::size_t N, class View>
void gather(const View& v, const index_desc& x, std::uint32_t to) {
    if (x.memory) return;  // g[]: read through the environment (access.hpp global_in)
    const lane_word* index = v.row(x.index_row);
    for (std::size_t l = 0; l < N; ++l) {
        const lane_word e = index[l] + x.offset;
        for (unsigned c = 0; c < 4; ++c) v.row(to + c)[l] = e < x.size ? v.row(x.base + 4 * e + c)[l] : 0u;
    }
}
template <std::size_t N, class View>
void scatter(const View& v, const dest_desc& d, unsigned written, const lane_word* active, bool all) {
    if (d.index.memory) return;  // g[]: written through the environment (access.hpp global_out)
    const lane_word* index = v.row(d.index.index_row);
    for (std::size_t l = 0; l < N; ++l) {
        const lane_word e = index[l] + d.index.offset;
        if (!(all || active[l]) || e >= d.index.size) continue;
        for (unsigned c = 0; c < 4; ++c)
            if (d.mode[c] > 1 || (d.mode[c] == 1 && ((written >> c) & 1u))) v.row(d.index.base + 4 * e + c)[l] = v.row(layout::result + c)[l];
    }
}

// The destination modifier and the store; `written`: the components the instruction writes.
template <class Desc, std::size_t K, class View>
CTISA_EXEC_INLINE void write_result(const View& v, const instruction_desc& d, std::size_t l0, lane_word (&r)[4][K], unsigned written,
                                    const lane_word* active, bool all) {
    // memory holds bits; samples are floats
    const bool floats = d.acc.kind == access_kind::none ? float_result(d.op) : d.acc.kind == access_kind::sample;
    const bool scaled = floats && (d.dst.shift != 0 || d.dst.clamp);
    // A NaN computed by a float instruction is the default quiet NaN: the document leaves its bits
    // undefined (2.2.7), and which operand's NaN the host keeps depends on how the compiler
    // ordered the operands (the interpreter and the compiled path must agree). Moves keep bits.
    const bool computed_nan = floats && !keeps_bits(d.op);
    for (unsigned c = 0; c < 4; ++c) {
        const unsigned mode = d.dst.mode[c];
        if (mode == 0 || (mode == 1 && !((written >> c) & 1u))) continue;
        if (mode >= 2) {
            for (std::size_t k = 0; k < K; ++k) r[c][k] = sem::constant_component(mode);
        } else if (scaled) {
            CTISA_LANE_LOOP
            for (std::size_t k = 0; k < K; ++k) r[c][k] = as_bits(sem::scaled_result(as_float(r[c][k]), d.dst.shift, d.dst.clamp));
        }
        if (computed_nan && mode == 1) {
            CTISA_LANE_LOOP
            for (std::size_t k = 0; k < K; ++k) r[c][k] = sem::default_nan(as_float(r[c][k]));
        }
        ctisa::exec::store_bits_for<Desc>(v, d.dst.row + c, l0, r[c], K, active, all, ctisa::exec::lane_on);
    }
}

}  // namespace detail

// Instructions with a result (the others test, or do nothing at run time).
[[nodiscard]] constexpr bool computes(opcode op) noexcept {
    return executable(op) && access_of(op).kind == access_kind::none && group(op) != "Flow Control" && op != opcode::nop &&
           op != opcode::comment && op != opcode::discard_logicalz && op != opcode::kill && op != opcode::discard_logicalnz &&
           !is_declaration(op) && op != opcode::prefix;
}

namespace detail {

// The per-lane test or value of a flow-control instruction (x components, after modifiers).
template <std::size_t K>
CTISA_EXEC_INLINE void flow_test(const instruction_desc& d, std::size_t l0, const lane_word (&s)[4][4][K], lane_word* cond, lane_word* values) {
    for (std::size_t k = 0; k < K; ++k) {
        const lane_word x = s[0][0][k];
        bool c = true;
        switch (test_of(d.op)) {
            case lane_test::zero: c = x == 0; break;
            case lane_test::relop: c = sem::relop(d.control & 7u, as_float(x), as_float(s[1][0][k])); break;
            case lane_test::value: values[l0 + k] = x; break;
            case lane_test::below_zero:  // NaN and -0.0 are not
                c = as_float(x) < 0.0f || as_float(s[0][1][k]) < 0.0f || as_float(s[0][2][k]) < 0.0f || as_float(s[0][3][k]) < 0.0f;
                break;
            default: c = x != 0; break;  // nonzero: any bit set
        }
        cond[l0 + k] = c ? ctisa::exec::lane_on : 0u;
    }
}

// Hull-shader phases are loops (generators/specs/amdil_execution.toml [flow]): hs_cp_phase runs
// once, hs_fork_phase and hs_join_phase as many times as their control field's instance count, with
// vInstanceID (d.dst.row, every component) 0 in the first instance and incremented at endphase.
[[nodiscard]] constexpr bool is_phase(opcode op) noexcept {
    return op == opcode::hs_cp_phase || op == opcode::hs_fork_phase || op == opcode::hs_join_phase || op == opcode::endphase;
}
template <std::size_t N, class View>
void phase(const instruction_desc& d, const View& v, const lane_word* active, bool all, lane_word* counts) {
    const bool start = d.op != opcode::endphase;
    if (start) std::fill_n(counts, N, d.op == opcode::hs_cp_phase ? 1u : d.control);
    if (d.dst.row == layout::zero || d.op == opcode::hs_cp_phase) return;
    for (unsigned c = 0; c < 4; ++c) {
        lane_word* id = v.row(d.dst.row + c);
        for (std::size_t l = 0; l < N; ++l)
            if (all || active[l]) id[l] = start ? 0u : id[l] + 1;
    }
}

}  // namespace detail

// The kernel of one instruction over the N lanes of view v.
template <class Desc, class View>
void execute(const Desc& desc, const View& v, const lane_word* active, bool all, effects<View::lanes>& fx) {
    constexpr std::size_t N = View::lanes;
    constexpr std::size_t K = ctisa::exec::chunk_of<N>;
    const instruction_desc& d = desc.get();
    if (d.refused != refusal::none) {
        fx.refused = d.refused;
        return;
    }
    const bool flow = !d.computes;
    if (detail::is_phase(d.op)) return detail::phase<N>(d, v, active, all, fx.values.data());
    if (flow && d.srcs == 0) return;
    for (unsigned k = 0; k < d.srcs; ++k)
        if (d.src[k].index.gathered) detail::gather<N>(v, d.src[k].index, layout::gather + 4 * k);
    if (!flow && d.dst.index.gathered) detail::gather<N>(v, d.dst.index, layout::result);
    unsigned written = 0xF;
    for (std::size_t l0 = 0; l0 < N; l0 += K) {
        lane_word s[4][4][K];
        for (unsigned k = 0; k < d.srcs; ++k)
            detail::load_source<K>(v, d.src[k], detail::integer_source(d.op, k), detail::double_source(d.op, k), detail::is_int64(d.op), l0,
                                   s[k]);
        if (flow) {
            detail::flow_test<K>(d, l0, s, fx.cond.data(), fx.values.data());
            continue;
        }
        lane_word r[4][K];
        written = compute<K>(d, v, l0, s, r);
        detail::write_result<Desc, K>(v, d, l0, r, written, active, all);
    }
    if (!flow && d.dst.index.gathered) detail::scatter<N>(v, d.dst, written, active, all);
}

}  // namespace ctisa::amdil::exec
