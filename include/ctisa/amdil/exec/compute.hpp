// SPDX-License-Identifier: MIT
// The operation of each computing instruction over K lanes of its loaded sources (chapter 7's
// pseudocode; semantics.hpp has the rules per value). Scalar instructions read position w of
// src0 (after the swizzle) and write every component; sincos writes x and y, crs x, y and z.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "../../exec/float.hpp"
#include "describe.hpp"
#include "semantics.hpp"

namespace ctisa::amdil::exec {

using ctisa::exec::as_bits;
using ctisa::exec::as_float;

namespace compute_detail {

template <std::size_t K, class F>
CTISA_EXEC_INLINE void each(lane_word (&r)[4][K], F&& f) {
    for (unsigned c = 0; c < 4; ++c)
        for (std::size_t k = 0; k < K; ++k) r[c][k] = f(c, k);
}
template <std::size_t K, class F>
CTISA_EXEC_INLINE void scalar(lane_word (&r)[4][K], F&& f) {
    for (std::size_t k = 0; k < K; ++k) {
        const lane_word x = f(k);
        for (unsigned c = 0; c < 4; ++c) r[c][k] = x;
    }
}

// A double from a (low, high) pair of words, and back; a computed NaN is the default quiet NaN.
[[nodiscard]] inline double pair(lane_word lo, lane_word hi) noexcept { return std::bit_cast<double>(std::uint64_t{hi} << 32 | lo); }
template <std::size_t K>
CTISA_EXEC_INLINE void put_double(lane_word (&r)[4][K], std::size_t k, double v) {
    const std::uint64_t b = v != v ? 0x7FF8000000000000u : std::bit_cast<std::uint64_t>(v);
    r[0][k] = r[2][k] = static_cast<lane_word>(b);
    r[1][k] = r[3][k] = static_cast<lane_word>(b >> 32);
}

}  // namespace compute_detail

// Computes instruction d's result into r; returns the components it writes (bit c).
template <std::size_t K, class View>
CTISA_EXEC_INLINE unsigned compute(const instruction_desc& d, const View& v, std::size_t l0, const lane_word (&s)[4][4][K],
                                   lane_word (&r)[4][K]) {
    using compute_detail::each;
    using compute_detail::scalar;
    namespace approx = ctisa::exec::approx;
    const auto a = [&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return as_float(s[0][c][k]); };
    const auto b = [&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return as_float(s[1][c][k]); };
    const auto e = [&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return as_float(s[2][c][k]); };
    const auto f1 = [&](auto op) { each<K>(r, [&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return as_bits(op(a(c, k))); }); };
    const auto f2 = [&](auto op) {
        each<K>(r, [&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return as_bits(op(a(c, k), b(c, k))); });
    };
    const auto fw = [&](auto op) { scalar<K>(r, [&](std::size_t k) { return as_bits(op(a(3, k))); }); };  // on src0.w
    const auto i1 = [&](auto op) { each<K>(r, [&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return op(s[0][c][k]); }); };
    const auto i2 = [&](auto op) { each<K>(r, [&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return op(s[0][c][k], s[1][c][k]); }); };
    const auto i3 = [&](auto op) {
        each<K>(r, [&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return op(s[0][c][k], s[1][c][k], s[2][c][k]); });
    };
    const bool ieee = (d.control & 1u) != 0;
    const unsigned zeroop = d.control & 3u;
    const auto dot = [&](unsigned n, bool add_z) {
        scalar<K>(r, [&](std::size_t k) {
            float sum = sem::mul(a(0, k), b(0, k), ieee);
            for (unsigned c = 1; c < n; ++c) sum = sum + sem::mul(a(c, k), b(c, k), ieee);
            if (add_z) sum = sum + e(2, k);
            return as_bits(sum);
        });
    };
    // Derivatives over 2x2 quads (lanes 4q: top left, +1 top right, +2 bottom left, +3 bottom right),
    // coarse: the difference of the quad's first column or row. A warp narrower than a quad gives 0.
    const auto delta = [&](std::size_t k, unsigned c, unsigned step) {
        if constexpr (K % 4 != 0) return (void)k, (void)c, (void)step, 0.0f;
        else return a(c, (k & ~std::size_t{3}) + step) - a(c, k & ~std::size_t{3});
    };
    using compute_detail::pair;
    using compute_detail::put_double;
    const auto da = [&](unsigned n, std::size_t k) { return pair(s[n][0][k], s[n][1][k]); };  // src n's xy as a double
    const auto d1 = [&](auto op) {
        for (std::size_t k = 0; k < K; ++k) put_double<K>(r, k, op(da(0, k)));
    };
    const auto d2 = [&](auto op) {
        for (std::size_t k = 0; k < K; ++k) put_double<K>(r, k, op(da(0, k), da(1, k)));
    };
    const auto dcmp = [&](auto op) { scalar<K>(r, [&](std::size_t k) { return sem::truth(op(da(0, k), da(1, k))); }); };
    const auto qa = [&](unsigned n, std::size_t k) { return std::uint64_t{s[n][1][k]} << 32 | s[n][0][k]; };  // src n's xy, 64 bits
    const auto q2 = [&](auto op) {
        for (std::size_t k = 0; k < K; ++k) {
            const std::uint64_t q = op(qa(0, k), qa(1, k));
            r[0][k] = r[2][k] = static_cast<lane_word>(q);
            r[1][k] = r[3][k] = static_cast<lane_word>(q >> 32);
        }
    };
    const auto qcmp = [&](auto op) { scalar<K>(r, [&](std::size_t k) { return sem::truth(op(qa(0, k), qa(1, k))); }); };
    using i64 = std::int64_t;
    using u64 = std::uint64_t;
    switch (d.op) {
        // 64-bit integers on register pairs; shifts take src1.x's six low bits (the text: 'lower five
        // bits (0-63 range)')
        case opcode::i64_add: q2([](u64 x, u64 y) { return x + y; }); break;
        case opcode::i64_negate:
            for (std::size_t k = 0; k < K; ++k) {
                const u64 q = u64{0} - qa(0, k);
                r[0][k] = r[2][k] = static_cast<lane_word>(q);
                r[1][k] = r[3][k] = static_cast<lane_word>(q >> 32);
            }
            break;
        case opcode::i64_shl: q2([](u64 x, u64 y) { return x << (y & 63u); }); break;
        case opcode::i64_shr: q2([](u64 x, u64 y) { return static_cast<u64>(static_cast<i64>(x) >> (y & 63u)); }); break;
        case opcode::u64_shr: q2([](u64 x, u64 y) { return x >> (y & 63u); }); break;
        case opcode::i64_max: q2([](u64 x, u64 y) { return static_cast<i64>(x) >= static_cast<i64>(y) ? x : y; }); break;
        case opcode::i64_min: q2([](u64 x, u64 y) { return static_cast<i64>(x) < static_cast<i64>(y) ? x : y; }); break;
        case opcode::u64_max: q2([](u64 x, u64 y) { return x >= y ? x : y; }); break;
        case opcode::u64_min: q2([](u64 x, u64 y) { return x < y ? x : y; }); break;
        case opcode::i64_eq: qcmp([](u64 x, u64 y) { return x == y; }); break;
        case opcode::i64_ne: qcmp([](u64 x, u64 y) { return x != y; }); break;
        case opcode::i64_ge: qcmp([](u64 x, u64 y) { return static_cast<i64>(x) >= static_cast<i64>(y); }); break;
        case opcode::i64_lt: qcmp([](u64 x, u64 y) { return static_cast<i64>(x) < static_cast<i64>(y); }); break;
        case opcode::u64_ge: qcmp([](u64 x, u64 y) { return x >= y; }); break;
        case opcode::u64_lt: qcmp([](u64 x, u64 y) { return x < y; }); break;
        // double precision: IEEE results (the tables of 7.12), the fused dmad (FMA64 from Evergreen on)
        case opcode::d_add: d2([](double x, double y) { return x + y; }); break;
        case opcode::d_mul: d2([](double x, double y) { return x * y; }); break;
        case opcode::d_div: d2([](double x, double y) { return x / y; }); break;
        case opcode::d_muladd:
            for (std::size_t k = 0; k < K; ++k) put_double<K>(r, k, std::fma(da(0, k), da(1, k), da(2, k)));
            break;
        case opcode::d_sqrt: d1([](double x) { return approx::sqrt(x); }); break;
        case opcode::d_rcp: d1([](double x) { return approx::rcp(x); }); break;
        case opcode::d_rsq: d1([](double x) { return approx::rsq(x); }); break;
        case opcode::d_max:  // src0 >= src1 ? src0 : src1; a NaN loses (IEEE 754-2008 maxNum)
            d2([](double x, double y) { return x != x ? y : y != y ? x : x >= y ? x : y; });
            break;
        case opcode::d_min: d2([](double x, double y) { return x != x ? y : y != y ? x : x < y ? x : y; }); break;
        case opcode::d_mov: d1([](double x) { return x; }); break;
        case opcode::d_movc:  // "if (src0.x == 0) dst = src1; else dst = src2" (an integer compare)
            for (std::size_t k = 0; k < K; ++k) put_double<K>(r, k, s[0][0][k] == 0 ? da(1, k) : da(2, k));
            break;
        case opcode::deq: dcmp([](double x, double y) { return x == y; }); break;
        case opcode::dge: dcmp([](double x, double y) { return x >= y; }); break;
        case opcode::dlt: dcmp([](double x, double y) { return x < y; }); break;
        case opcode::dne: dcmp([](double x, double y) { return x != y && x == x && y == y; }); break;  // NaN: false
        case opcode::d_2_f: scalar<K>(r, [&](std::size_t k) { return as_bits(static_cast<float>(da(0, k))); }); break;
        case opcode::f_2_d:  // src0.x, a float, exactly
            for (std::size_t k = 0; k < K; ++k) put_double<K>(r, k, static_cast<double>(a(0, k)));
            break;
        case opcode::d_frac:
            d1([](double x) {
                const double f = x - std::floor(x);
                return f < 1.0 || f != f ? f : 0x1.fffffffffffffp-1;
            });
            break;
        case opcode::d_ldexp:  // src0.xy * 2^src1.x, src1.x an integer
            for (std::size_t k = 0; k < K; ++k) {
                const std::int32_t e = static_cast<std::int32_t>(s[1][0][k]);
                put_double<K>(r, k, std::ldexp(da(0, k), e < -2100 ? -2100 : e > 2100 ? 2100 : e));
            }
            break;
        case opcode::d_frexp:  // x = 0, y = the exponent, wz = the mantissa in [0.5, 1); inf, NaN: y = -1, wz a NaN
            for (std::size_t k = 0; k < K; ++k) {
                const double x = da(0, k);
                int e = 0;
                const double m = std::isfinite(x) ? std::frexp(x, &e) : std::numeric_limits<double>::quiet_NaN();
                put_double<K>(r, k, m);
                r[0][k] = 0;
                r[1][k] = std::isfinite(x) ? static_cast<lane_word>(e) : 0xFFFFFFFFu;
            }
            break;
        case opcode::add: f2([](float x, float y) { return x + y; }); break;
        case opcode::sub: f2([](float x, float y) { return x - y; }); break;
        case opcode::mul: f2([&](float x, float y) { return sem::mul(x, y, ieee); }); break;
        case opcode::mad:
            each<K>(r, [&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return as_bits(sem::mad(a(c, k), b(c, k), e(c, k), ieee)); });
            break;
        case opcode::fma: each<K>(r, [&](unsigned c, std::size_t k) { return as_bits(std::fma(a(c, k), b(c, k), e(c, k))); }); break;
        case opcode::div: f2([&](float x, float y) { return sem::div(x, y, zeroop); }); break;
        case opcode::dp2: dot(2, false); break;
        case opcode::dp3: dot(3, false); break;
        case opcode::dp4: dot(4, false); break;
        case opcode::dp2add: dot(2, true); break;
        case opcode::max: f2([&](float x, float y) { return sem::max(x, y, ieee); }); break;
        case opcode::min: f2([&](float x, float y) { return sem::min(x, y, ieee); }); break;
        case opcode::clamp:
            each<K>(r, [&](unsigned c, std::size_t k) {
                float x = a(c, k);
                if (x < b(c, k)) x = b(c, k);
                if (x > e(c, k)) x = e(c, k);
                return as_bits(x);
            });
            break;
        case opcode::lrp:
            each<K>(r, [&](unsigned c, std::size_t k) {
                const float p = b(c, k) * a(c, k), q = e(c, k) * (1.0f - a(c, k));
                return as_bits(p + q);
            });
            break;
        case opcode::mov:
        case opcode::initv:  // a vertex input set from src: a move (7.5's pseudocode)
        case opcode::inv_mov: each<K>(r, [&](unsigned c, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return s[0][c][k]; }); break;
        case opcode::noise: each<K>(r, [](unsigned, std::size_t) { return lane_word{0}; }); break;  // implementation-defined: 0.0
        case opcode::abs: f1([](float x) { return std::fabs(x); }); break;
        case opcode::sgn: f1(sem::sgn); break;
        case opcode::frc: f1(sem::frc); break;
        case opcode::flr:
        case opcode::round_neg_inf: f1([](float x) { return std::floor(x); }); break;
        case opcode::round_plus_inf: f1([](float x) { return std::ceil(x); }); break;
        case opcode::round_zero: f1([](float x) { return std::trunc(x); }); break;
        case opcode::round_near: f1([](float x) { return ctisa::exec::round_integral(x, ctisa::exec::rounding::nearest_even); }); break;
        case opcode::rnd: f1([](float x) { return std::floor(x + 0.5f); }); break;
        case opcode::eq:
        case opcode::ge:
        case opcode::lt:
        case opcode::ne: {
            const unsigned op = d.op == opcode::eq ? 1u : d.op == opcode::ge ? 2u : d.op == opcode::lt ? 5u : 0u;
            each<K>(r, [&](unsigned c, std::size_t k) { return sem::truth(sem::relop(op, a(c, k), b(c, k))); });
            break;
        }
        case opcode::set: f2([&](float x, float y) { return sem::relop(d.control & 7u, x, y) ? 1.0f : 0.0f; }); break;
        case opcode::cmov:  // "the compare is float": 0.0 and -0.0 keep the destination
            each<K>(r, [&](unsigned c, std::size_t k) { return a(c, k) != 0.0f ? s[1][c][k] : v.row(d.dst.row + c)[l0 + k]; });
            break;
        case opcode::cmov_logical: each<K>(r, [&](unsigned c, std::size_t k) { return s[0][c][k] != 0 ? s[1][c][k] : s[2][c][k]; }); break;
        // transcendental: scalar ones on src0.w, _vec ones per component
        case opcode::exp: fw([](float x) { return approx::exp2(x); }); break;
        case opcode::exp_vec: f1([](float x) { return approx::exp2(x); }); break;
        case opcode::exn: fw([](float x) { return approx::exp(x); }); break;
        case opcode::log: fw([&](float x) { return sem::log2(x, zeroop); }); break;
        case opcode::log_vec: f1([](float x) { return sem::log2(x, 2); }); break;  // "LOG with zeroop infinity"
        case opcode::ln: fw([&](float x) { return sem::ln(x, zeroop); }); break;
        case opcode::rcp: fw([&](float x) { return sem::rcp(x, zeroop); }); break;
        case opcode::rcp_vec: f1([](float x) { return approx::rcp(x); }); break;
        case opcode::rsq: fw([&](float x) { return sem::rsq(x, zeroop); }); break;
        case opcode::rsq_vec: f1([](float x) { return approx::rsq(x); }); break;
        case opcode::sqrt: fw([](float x) { return approx::sqrt(x); }); break;
        case opcode::sqrt_vec: f1([](float x) { return approx::sqrt(x); }); break;
        case opcode::sin: fw([](float x) { return approx::sin(x); }); break;
        case opcode::cos: fw([](float x) { return approx::cos(x); }); break;
        case opcode::sin_vec: f1([](float x) { return approx::sin(x); }); break;
        case opcode::cos_vec: f1([](float x) { return approx::cos(x); }); break;
        case opcode::tan: fw([](float x) { return static_cast<float>(std::tan(static_cast<double>(x))); }); break;
        case opcode::asin: fw([](float x) { return static_cast<float>(std::asin(static_cast<double>(x))); }); break;
        case opcode::acos: fw([](float x) { return static_cast<float>(std::acos(static_cast<double>(x))); }); break;
        case opcode::atan: fw([](float x) { return static_cast<float>(std::atan(static_cast<double>(x))); }); break;
        case opcode::pow: scalar<K>(r, [&](std::size_t k) { return as_bits(sem::pow(a(3, k), b(3, k))); }); break;
        case opcode::sincos:
            for (std::size_t k = 0; k < K; ++k) {
                r[0][k] = as_bits(approx::cos(a(3, k)));
                r[1][k] = as_bits(approx::sin(a(3, k)));
                r[2][k] = r[3][k] = 0;
            }
            return 0x3;
        case opcode::dxsincos:  // as sincos (the Taylor constants src1, src2 are for hardware without sincos)
            for (std::size_t k = 0; k < K; ++k) {
                r[0][k] = as_bits(approx::cos(a(3, k)));
                r[1][k] = as_bits(approx::sin(a(3, k)));
                r[2][k] = r[3][k] = 0;
            }
            return 0x3;
        case opcode::dst:  // (1, src0.y * src1.y, src0.z, src1.w), the multiply non-IEEE unless control bit 16
            for (std::size_t k = 0; k < K; ++k) {
                r[0][k] = 0x3F800000u;
                r[1][k] = as_bits(sem::mul(a(1, k), b(1, k), ieee));
                r[2][k] = s[0][2][k];
                r[3][k] = s[1][3][k];
            }
            break;
        case opcode::lit:  // 7.8's pseudocode: the power clamped to +-(128 - epsilon) (128 in binary32)
            for (std::size_t k = 0; k < K; ++k) {
                constexpr float limit = 128.0f - 1.192092896e-07F;
                const float g = a(3, k) < -limit ? -limit : a(3, k) > limit ? limit : a(3, k);
                const float x = a(0, k), y = a(1, k);
                const float t = g * approx::log2(y);
                r[0][k] = r[3][k] = 0x3F800000u;
                r[1][k] = as_bits(x > 0.0f ? x : 0.0f);
                r[2][k] = as_bits(x > 0.0f && y > 0.0f ? approx::exp2(t) : 0.0f);
            }
            break;
        case opcode::expp:  // (2^floor(w), w - floor(w), 2^w, 1), exactly (the text asks 10 bits)
            for (std::size_t k = 0; k < K; ++k) {
                const float w = a(3, k), f = std::floor(w);
                r[0][k] = as_bits(approx::exp2(f));
                r[1][k] = as_bits(w - f);
                r[2][k] = as_bits(approx::exp2(w));
                r[3][k] = 0x3F800000u;
            }
            break;
        case opcode::crs:
            for (std::size_t k = 0; k < K; ++k) {
                for (unsigned c = 0; c < 3; ++c) {
                    const unsigned p = (c + 1) % 3, q = (c + 2) % 3;
                    const float x = a(p, k) * b(q, k), y = a(q, k) * b(p, k);
                    r[c][k] = as_bits(x - y);
                }
                r[3][k] = 0;
            }
            return 0x7;
        case opcode::dist:
        case opcode::len:
            scalar<K>(r, [&](std::size_t k) {
                float sum = 0.0f;
                for (unsigned c = 0; c < (d.op == opcode::len ? 4u : 3u); ++c) {  // len: the pseudocode sums four
                    const float t = d.op == opcode::dist ? a(c, k) - b(c, k) : a(c, k);
                    sum = sum + t * t;
                }
                return as_bits(approx::sqrt(sum));
            });
            break;
        case opcode::dsx: each<K>(r, [&](unsigned c, std::size_t k) { return as_bits(delta(k, c, 1)); }); break;
        case opcode::dsy: each<K>(r, [&](unsigned c, std::size_t k) { return as_bits(delta(k, c, 2)); }); break;
        case opcode::fwidth:
            each<K>(r, [&](unsigned c, std::size_t k) { return as_bits(std::fabs(delta(k, c, 1)) + std::fabs(delta(k, c, 2))); });
            break;
        // legacy float (7.8)
        case opcode::cmp:  // per component: (src0 relop cmpval) ? src1 : src2, bits moved
            each<K>(r, [&](unsigned c, std::size_t k) {
                return sem::relop(d.control & 7u, a(c, k), sem::cmp_value((d.control >> 5) & 7u)) ? s[1][c][k] : s[2][c][k];
            });
            break;
        case opcode::colorclamp:  // no colour buffer: every clamp mode is NONE (spec [legacy])
        case opcode::project: each<K>(r, [&](unsigned c, std::size_t k) { return s[0][c][k]; }); break;
        case opcode::faceforward:  // src2 * sign(dot4(src0, src1))
            for (std::size_t k = 0; k < K; ++k) {
                float dp = a(0, k) * b(0, k);
                for (unsigned c = 1; c < 4; ++c) dp = dp + a(c, k) * b(c, k);
                const float g = sem::sgn(dp);
                for (unsigned c = 0; c < 4; ++c) r[c][k] = as_bits(e(c, k) * g);
            }
            break;
        case opcode::logp:
            for (std::size_t k = 0; k < K; ++k) {
                const float w = a(3, k), f = w < 0.0f ? std::numeric_limits<float>::quiet_NaN() : sem::log2(w, zeroop), fl = std::floor(f);
                r[0][k] = as_bits(fl);
                r[1][k] = as_bits(w / approx::exp2(fl));
                r[2][k] = as_bits(f);
                r[3][k] = 0x3F800000u;
            }
            break;
        case opcode::mod: f2(sem::mod); break;
        case opcode::nrm:  // bit 18: nrm4; the zero-op value when the sum of squares is 0
            for (std::size_t k = 0; k < K; ++k) {
                float f = a(0, k) * a(0, k);
                for (unsigned c = 1; c < ((d.control & 4u) ? 4u : 3u); ++c) f = f + a(c, k) * a(c, k);
                f = f == 0.0f ? sem::zero_op_value(zeroop) : 1.0f / std::sqrt(f);
                for (unsigned c = 0; c < 4; ++c) r[c][k] = as_bits(a(c, k) * f);
            }
            break;
        case opcode::det:  // 7.8's cofactor expansion along row 0 (rows: src0 and the three registers after it)
            scalar<K>(r, [&](std::size_t k) {
                const auto m = [&](unsigned row, unsigned c) { return as_float(s[row][c][k]); };
                return as_bits(sem::det4(m));
            });
            break;
        case opcode::pireduce: f1(sem::pireduce); break;
        case opcode::reflect:  // control bit 16: normalize
            for (std::size_t k = 0; k < K; ++k) {
                float dp = a(0, k) * b(0, k), norm = b(0, k) * b(0, k);
                for (unsigned c = 1; c < 4; ++c) dp = dp + a(c, k) * b(c, k), norm = norm + b(c, k) * b(c, k);
                const float f = 2.0f * dp;
                for (unsigned c = 0; c < 4; ++c) {
                    const float t = f * b(c, k), u = (d.control & 1u) ? norm * a(c, k) : a(c, k);
                    r[c][k] = as_bits(u - t);
                }
            }
            break;
        // multi-media (7.13; the byte formulas from the HD 6900 ISA's BIT_ALIGN_INT, LERP_UINT, SAD_ACCUM*,
        // FLT_TO_UINT4): the ones the text says replicate read the x components
        case opcode::unpack0:
        case opcode::unpack1:
        case opcode::unpack2:
        case opcode::unpack3: {
            const unsigned shift = d.op == opcode::unpack0 ? 0u : d.op == opcode::unpack1 ? 8u : d.op == opcode::unpack2 ? 16u : 24u;
            scalar<K>(r, [&](std::size_t k) { return as_bits(static_cast<float>((s[0][0][k] >> shift) & 0xFFu)); });
            break;
        }
        case opcode::bit_align: scalar<K>(r, [&](std::size_t k) { return sem::align(s[0][0][k], s[1][0][k], s[2][0][k] & 31u); }); break;
        case opcode::byte_align: scalar<K>(r, [&](std::size_t k) { return sem::align(s[0][0][k], s[1][0][k], 8u * (s[2][0][k] & 3u)); }); break;
        case opcode::u4lerp: i3(sem::u4lerp); break;
        case opcode::sad: i3([](lane_word x, lane_word y, lane_word z) { return sem::sad8(x, y) + z; }); break;
        case opcode::sad_hi: i3([](lane_word x, lane_word y, lane_word z) { return (sem::sad8(x, y) << 16) + z; }); break;
        case opcode::sad_4:
            scalar<K>(r, [&](std::size_t k) {
                lane_word sum = s[2][0][k];
                for (unsigned c = 0; c < 4; ++c) sum += sem::sad8(s[0][c][k], s[1][c][k]);
                return sum;
            });
            break;
        case opcode::f_2_u4:
            scalar<K>(r, [&](std::size_t k) {
                lane_word w = 0;
                for (unsigned c = 0; c < 4; ++c) w |= (sem::ftou(a(c, k)) & 0xFFu) << (8 * c);
                return w;
            });
            break;
        // integer and unsigned
        case opcode::i_add: i2([](lane_word x, lane_word y) { return x + y; }); break;
        case opcode::i_mul:
        case opcode::u_mul: i2([](lane_word x, lane_word y) { return x * y; }); break;
        case opcode::i_mul_high: i2(sem::mul_high_s); break;
        case opcode::u_mul_high: i2(sem::mul_high_u); break;
        case opcode::i_mad:
        case opcode::u_mad: i3([](lane_word x, lane_word y, lane_word z) { return x * y + z; }); break;
        case opcode::i_mul24: i2([](lane_word x, lane_word y) { return sem::s24(x) * sem::s24(y); }); break;
        case opcode::u_mul24: i2([](lane_word x, lane_word y) { return sem::u24(x) * sem::u24(y); }); break;
        case opcode::i_mad24: i3([](lane_word x, lane_word y, lane_word z) { return sem::s24(x) * sem::s24(y) + z; }); break;
        case opcode::u_mad24: i3([](lane_word x, lane_word y, lane_word z) { return sem::u24(x) * sem::u24(y) + z; }); break;
        case opcode::i_mul24_high: i2([](lane_word x, lane_word y) { return sem::mul_high_s(sem::s24(x), sem::s24(y)); }); break;
        case opcode::u_mul24_high: i2([](lane_word x, lane_word y) { return sem::mul_high_u(sem::u24(x), sem::u24(y)); }); break;
        case opcode::i_max: i2(sem::smax); break;
        case opcode::i_min: i2(sem::smin); break;
        case opcode::u_max: i2([](lane_word x, lane_word y) { return x >= y ? x : y; }); break;
        case opcode::u_min: i2([](lane_word x, lane_word y) { return x < y ? x : y; }); break;
        case opcode::i_eq: i2([](lane_word x, lane_word y) { return sem::truth(x == y); }); break;
        case opcode::i_ne: i2([](lane_word x, lane_word y) { return sem::truth(x != y); }); break;
        case opcode::i_ge: i2([](lane_word x, lane_word y) { return sem::truth(std::int32_t(x) >= std::int32_t(y)); }); break;
        case opcode::i_lt: i2([](lane_word x, lane_word y) { return sem::truth(std::int32_t(x) < std::int32_t(y)); }); break;
        case opcode::u_ge: i2([](lane_word x, lane_word y) { return sem::truth(x >= y); }); break;
        case opcode::u_lt: i2([](lane_word x, lane_word y) { return sem::truth(x < y); }); break;
        case opcode::i_negate: i1([](lane_word x) { return 0u - x; }); break;
        case opcode::i_not: i1([](lane_word x) { return ~x; }); break;
        case opcode::and_: i2([](lane_word x, lane_word y) { return x & y; }); break;
        case opcode::i_or: i2([](lane_word x, lane_word y) { return x | y; }); break;
        case opcode::i_xor: i2([](lane_word x, lane_word y) { return x ^ y; }); break;
        case opcode::i_shl: i2([](lane_word x, lane_word y) { return x << (y & 31u); }); break;
        case opcode::i_shr: i2(sem::shr_s); break;
        case opcode::u_shr: i2([](lane_word x, lane_word y) { return x >> (y & 31u); }); break;
        case opcode::u_div: i2(sem::udiv); break;
        case opcode::u_mod: i2(sem::umod); break;
        case opcode::i_carry: i2([](lane_word x, lane_word y) { return x + y < x ? 1u : 0u; }); break;
        case opcode::i_borrow: i2([](lane_word x, lane_word y) { return x < y ? 1u : 0u; }); break;
        case opcode::i_countbits: i1([](lane_word x) { return static_cast<lane_word>(std::popcount(x)); }); break;
        case opcode::i_firstbit: i1([&](lane_word x) { return sem::first_bit(x, d.control & 3u); }); break;
        case opcode::u_bit_reverse: i1(sem::bit_reverse); break;
        case opcode::u_bit_extract: i3([](lane_word w, lane_word o, lane_word x) { return sem::bit_extract(w, o, x, false); }); break;
        case opcode::i_bit_extract: i3([](lane_word w, lane_word o, lane_word x) { return sem::bit_extract(w, o, x, true); }); break;
        case opcode::u_bit_insert:
            each<K>(r, [&](unsigned c, std::size_t k) { return sem::bit_insert(s[0][c][k], s[1][c][k], s[2][c][k], s[3][c][k]); });
            break;
        // conversions
        case opcode::ftoi: i1([](lane_word x) { return sem::ftoi(as_float(x)); }); break;
        case opcode::ftou: i1([](lane_word x) { return sem::ftou(as_float(x)); }); break;
        case opcode::itof: i1([](lane_word x) { return as_bits(static_cast<float>(static_cast<std::int32_t>(x))); }); break;
        case opcode::utof: i1([](lane_word x) { return as_bits(static_cast<float>(x)); }); break;
        case opcode::f_2_f16: i1([](lane_word x) { return lane_word{ctisa::exec::half_from_float(as_float(x))}; }); break;
        case opcode::f16_2_f: i1([](lane_word x) { return as_bits(ctisa::exec::half_to_float(static_cast<ctisa::exec::half_bits>(x))); }); break;
        default: each<K>(r, [](unsigned, std::size_t) { return 0u; }); return 0;
    }
    return 0xF;
}

}  // namespace ctisa::amdil::exec
