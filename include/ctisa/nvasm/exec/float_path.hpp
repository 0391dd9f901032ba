// SPDX-License-Identifier: MIT
// A room of its own for now, not a quirk: a copy of semantics.hpp's float arithmetic over chunks of
// lanes, to go with row_path.hpp onto the shared row path (exec/row_path.hpp) once measured no slower.
// The common float arithmetic (ADD SUB MUL MAD MOV MIN MAX DP3 DP4) over chunks of lanes at a time,
// each component a loop over lanes the compiler vectorizes, instead of alu::compute lane by lane.
// The same operations in the same order as semantics.hpp (NaN made quiet as there), so the results are
// the same bits; taken only
// when nothing is per lane: no array member chosen at run time, no condition-code update or mask.
#pragma once

#include <cstddef>

#include "../../exec/kernel.hpp"
#include "../../exec/vector4.hpp"
#include "semantics.hpp"

namespace ctisa::nvasm::exec::float_path {

// Float in and out, nothing per lane (no array member chosen at run time, no condition code
// written or tested), no integer multiply mode.
[[nodiscard]] constexpr bool plain(const descriptor& d) noexcept {
    if (d.type != data_type::f || d.out != data_type::f || d.cc != cc_update::none || d.result_test.present || d.result.relative ||
        d.multiply != multiply_mode::none)
        return false;
    for (std::size_t s = 0; s < d.sources; ++s)
        if (d.src[s].at.relative) return false;
    return true;
}

[[nodiscard]] constexpr bool applies(const descriptor& d) noexcept {
    if (!plain(d)) return false;
    switch (d.code) {
        case opcode::add:
        case opcode::sub:
        case opcode::mul:
        case opcode::mad:
        case opcode::mov:
        case opcode::min:
        case opcode::max:
        case opcode::dp3:
        case opcode::dp4: return true;
        default: return false;
    }
}

template <std::size_t K>
using rows4 = float[4][K];

template <std::size_t K, class View>
CTISA_EXEC_INLINE void load(const View& v, const source_desc& s, std::size_t l0, rows4<K>& out) {
    const ctisa::exec::float_modifier m(s.negate, s.absolute);
    for (unsigned c = 0; c < 4; ++c) {
        const lane_word* r = v.row(s.at.row[c]) + l0;
        for (std::size_t k = 0; k < K; ++k) out[c][k] = ctisa::exec::as_float(m(r[k]));
    }
}

template <std::size_t K>
CTISA_EXEC_INLINE void compute(const descriptor& d, const rows4<K>& a, const rows4<K>& b, const rows4<K>& c, rows4<K>& o) {
    const auto each = [&](auto f) CTISA_EXEC_INLINE_LAMBDA {
        for (unsigned i = 0; i < 4; ++i)
            for (std::size_t k = 0; k < K; ++k) o[i][k] = f(i, k);
    };
    switch (d.code) {
        case opcode::add: each([&](unsigned i, std::size_t k) { return a[i][k] + b[i][k]; }); break;
        case opcode::sub: each([&](unsigned i, std::size_t k) { return a[i][k] - b[i][k]; }); break;
        case opcode::mul: each([&](unsigned i, std::size_t k) { return a[i][k] * b[i][k]; }); break;
        case opcode::mad:
            each([&](unsigned i, std::size_t k) {
                const float p = a[i][k] * b[i][k];
                return p + c[i][k];
            });
            break;
        case opcode::mov: each([&](unsigned i, std::size_t k) { return a[i][k]; }); break;
        case opcode::min: each([&](unsigned i, std::size_t k) { return b[i][k] < a[i][k] ? b[i][k] : a[i][k]; }); break;
        case opcode::max: each([&](unsigned i, std::size_t k) { return b[i][k] < a[i][k] ? a[i][k] : b[i][k]; }); break;
        default: {  // DP3, DP4: ((x + y) + z) + w, as alu::dot
            const unsigned n = d.code == opcode::dp4 ? 4 : 3;
            for (std::size_t k = 0; k < K; ++k) {
                float s = a[0][k] * b[0][k];
                for (unsigned i = 1; i < n; ++i) s = s + a[i][k] * b[i][k];
                o[0][k] = o[1][k] = o[2][k] = o[3][k] = s;
            }
        }
    }
}

// Runs d over the view's lanes; the caller checked applies(d).
template <class Desc, class View>
CTISA_EXEC_INLINE void run(const Desc& desc, const View& v, const lane_word* active, bool all) {
    const descriptor& d = desc.get();
    constexpr std::size_t n = View::lanes, K = ctisa::exec::chunk_of<n>;
    for (std::size_t l0 = 0; l0 < n; l0 += K) {
        // o value-initialised although compute() writes all of it: without, Clang 19 at -O1 (its
        // LoopRotate, on a step of a compiled program that is not straight) stored nothing for
        // MOV t, -a (tests/nvasm/exec_compiled_test.cpp, the negated move in a loop).
        rows4<K> a, b{}, c{}, o{};
        load<K>(v, d.src[0], l0, a);
        if (d.sources > 1) load<K>(v, d.src[1], l0, b);
        if (d.sources > 2) load<K>(v, d.src[2], l0, c);
        compute<K>(d, a, b, c, o);
        // The per-instruction choices hoisted out of the lane loops (a switch on the opcode inside
        // them kept GCC from vectorising: one lane at a time, 230 ns a MAD at W = 64).
        lane_word out[4][K];
        if (alu::keeps_bits(d.code)) {
            for (unsigned i = 0; i < 4; ++i)
                for (std::size_t k = 0; k < K; ++k) out[i][k] = ctisa::exec::as_bits(o[i][k]);
        } else {
            for (unsigned i = 0; i < 4; ++i)
                for (std::size_t k = 0; k < K; ++k) out[i][k] = alu::quiet_nan(ctisa::exec::as_bits(o[i][k]));
        }
        if (d.clamp != nvasm::clamp::none)
            for (unsigned i = 0; i < 4; ++i)
                for (std::size_t k = 0; k < K; ++k) out[i][k] = alu::clamp_result(out[i][k], d.clamp);
        for (unsigned i = 0; i < 4; ++i)
            if (d.mask & (1u << i)) ctisa::exec::store_bits_for<Desc>(v, d.result.row[i], l0, out[i], K, active, all, lane_on);
    }
}

}  // namespace ctisa::nvasm::exec::float_path
