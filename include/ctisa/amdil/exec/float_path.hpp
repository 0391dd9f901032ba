// SPDX-License-Identifier: MIT
// The interpreter's fast path for the common float arithmetic (ADD SUB MUL MAD MOV DP3 DP4): the
// sources read from their rows with only negate and abs, which need no copy of every source into
// s[4][4][K] and no trip through compute's switch and write_result's per-component checks. The
// same operations in the same order as compute.hpp and execute.hpp's write_result (the product
// rounded before the sum, a computed NaN made the default quiet NaN), so
// the results are the same bits. Taken only when nothing else applies: no float source modifier
// but negate and abs, no relative index on a source or the destination, no shift_scale or clamp.
#pragma once

#include <cstddef>

#include "../../exec/kernel.hpp"
#include "../../exec/vector4.hpp"
#include "describe.hpp"
#include "semantics.hpp"

namespace ctisa::amdil::exec {

namespace detail {
// ILShiftScale's factors (2.2.5): x2, x4, x8, d2, d4, d8; the codes past them scale by 1.
inline constexpr float shift_factor[] = {1.0f, 2.0f, 4.0f, 8.0f, 0.5f, 0.25f, 0.125f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
}  // namespace detail

namespace float_path {

[[nodiscard]] constexpr bool applies(const instruction_desc& d) noexcept {
    switch (d.op) {
        case opcode::add:
        case opcode::sub:
        case opcode::mul:
        case opcode::mad:
        case opcode::mov:
        case opcode::dp3:
        case opcode::dp4: break;
        default: return false;
    }
    // shift_scale and clamp: the general path (rare outside _sat moves)
    if (d.refused != refusal::none || d.dst.index.gathered || d.dst.shift != 0 || d.dst.clamp) return false;
    for (unsigned k = 0; k < d.srcs; ++k)
        if (d.src[k].index.gathered || d.src[k].float_modifiers()) return false;
    return true;
}

// A source position: its row (from the chunk's first lane) and its negate and abs.
struct position {
    const lane_word* row = nullptr;
    ctisa::exec::float_modifier m{false, false};
    [[nodiscard]] CTISA_EXEC_INLINE lane_word bits(std::size_t k) const { return m(row[k]); }
    [[nodiscard]] CTISA_EXEC_INLINE float at(std::size_t k) const { return ctisa::exec::as_float(m(row[k])); }
};

// Non-IEEE products (control bit 0 clear) are 0 when either factor is 0 and the other infinite or
// NaN (semantics.hpp's mul), written without a branch so the lane loop stays a vector loop.
template <bool ieee>
CTISA_EXEC_INLINE float product(float x, float y) {
    const float p = x * y;
    if constexpr (ieee) return p;
    else return p == p || (x != 0.0f && y != 0.0f) ? p : 0.0f;
}

// A computed NaN is the default quiet NaN (execute.hpp's write_result says why).
CTISA_EXEC_INLINE lane_word quiet(float x) {
    const lane_word b = ctisa::exec::as_bits(x);
    return (b & 0x7FFFFFFFu) > 0x7F800000u ? 0x7FC00000u : b;
}

// out[i] for every component i: one loop per component from the source rows straight to the
// result (no copy of the sources, nothing per lane but the operation: GCC's loop vectorizer then
// keeps each chunk in registers).
template <std::size_t K, bool ieee, class At>
CTISA_EXEC_INLINE void compute(opcode op, At at, lane_word (&out)[4][K]) {
    const auto each = [&](auto f) CTISA_EXEC_INLINE_LAMBDA {
        for (unsigned i = 0; i < 4; ++i) {
            const position x = at(0, i), y = at(1, i), z = at(2, i);
            CTISA_LANE_LOOP
            for (std::size_t k = 0; k < K; ++k) out[i][k] = f(x, y, z, k);
        }
    };
    const auto dot = [&]<unsigned n>() CTISA_EXEC_INLINE_LAMBDA {  // ((x*x' + y*y') + z*z') + w*w', as compute's dot
        position x[n], y[n];
        for (unsigned i = 0; i < n; ++i) x[i] = at(0, i), y[i] = at(1, i);
        CTISA_LANE_LOOP
        for (std::size_t k = 0; k < K; ++k) {
            float s = product<ieee>(x[0].at(k), y[0].at(k));
            for (unsigned i = 1; i < n; ++i) s = s + product<ieee>(x[i].at(k), y[i].at(k));
            out[0][k] = out[1][k] = out[2][k] = out[3][k] = quiet(s);
        }
    };
    using p = const position&;
    switch (op) {
        case opcode::add: each([](p x, p y, p, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return quiet(x.at(k) + y.at(k)); }); break;
        case opcode::sub: each([](p x, p y, p, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return quiet(x.at(k) - y.at(k)); }); break;
        case opcode::mul:
            each([](p x, p y, p, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return quiet(product<ieee>(x.at(k), y.at(k))); });
            break;
        case opcode::mad:
            each([](p x, p y, p z, std::size_t k) CTISA_EXEC_INLINE_LAMBDA {
                const float m = product<ieee>(x.at(k), y.at(k));  // rounded before the sum, never contracted
                return quiet(m + z.at(k));
            });
            break;
        case opcode::mov: each([](p x, p, p, std::size_t k) CTISA_EXEC_INLINE_LAMBDA { return x.bits(k); }); break;  // bits kept
        case opcode::dp3: dot.template operator()<3>(); break;
        default: dot.template operator()<4>(); break;
    }
}

// Runs d over the view's lanes; the caller checked applies(d).
template <class Desc, class View>
CTISA_EXEC_INLINE void run(const Desc& desc, const View& v, const lane_word* active, bool all) {
    const instruction_desc& d = desc.get();
    constexpr std::size_t n = View::lanes, K = ctisa::exec::chunk_of<n>;
    for (std::size_t l0 = 0; l0 < n; l0 += K) {
        // (a source the instruction lacks reads src0's rows, never used)
        const auto at = [&](unsigned s, unsigned i) CTISA_EXEC_INLINE_LAMBDA {
            const source_desc& src = d.src[s < d.srcs ? s : 0];
            return position{v.row(src.row[i]) + l0, ctisa::exec::float_modifier(((src.negate >> i) & 1u) != 0, src.absolute)};
        };
        lane_word out[4][K];  // all computed before any is stored: a destination row may be a source's
        if ((d.control & 1u) != 0)  // _ieee: plain products
            compute<K, true>(d.op, at, out);
        else compute<K, false>(d.op, at, out);
        for (unsigned i = 0; i < 4; ++i) {
            const unsigned mode = d.dst.mode[i];
            if (mode == 0) continue;
            if (mode >= 2)
                for (std::size_t k = 0; k < K; ++k) out[i][k] = mode == 2 ? 0u : 0x3F800000u;
            ctisa::exec::store_bits_for<Desc>(v, d.dst.row + i, l0, out[i], K, active, all, ctisa::exec::lane_on);
        }
    }
}

}  // namespace float_path

}  // namespace ctisa::amdil::exec
