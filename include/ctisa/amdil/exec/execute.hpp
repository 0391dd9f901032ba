// SPDX-License-Identifier: MIT
// The kernel of every AMD IL instruction the executor runs, over N lanes: sources read with their
// modifiers in 2.2.7's order, the operation (semantics.hpp), the result through the destination
// modifier in 2.2.5's order (shift_scale, then clamp, then the 0.0 / 1.0 components), stored under
// the lane mask. Flow-control instructions compute their per-lane test into the effects.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <cstdint>

#include "../../exec/float.hpp"
#include "../../exec/kernel.hpp"
#include "compute.hpp"
#include "descriptor.hpp"
#include "float_path.hpp"
#include "semantics.hpp"

namespace ctisa::amdil::exec {

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
