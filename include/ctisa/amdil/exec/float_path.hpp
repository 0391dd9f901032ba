// SPDX-License-Identifier: MIT
// A room of its own for now, not a quirk: the interpreter's straight-line path (its operations are
// semantics.hpp's templates); to go onto the shared row path (exec/row_path.hpp, as Valhall) once
// measured no slower.
// The interpreter's fast path for the common float arithmetic (ADD SUB MUL MAD MOV DP3 DP4): the
// sources read from their rows with only negate and abs, which need no copy of every source into
// s[4][4][K] and no trip through compute's switch and write_result's per-component checks. The
// same operations in the same order as execute.hpp's compute and write_result (the product
// rounded before the sum, a computed NaN made the default quiet NaN), so the results are the same
// bits. Taken only when nothing else applies: no float source modifier but negate and abs, no
// relative index on a source or the destination, no shift_scale or clamp (traits::describe marks
// such descriptors `fast`). An instruction resolves its rows and modifiers once, picks its
// operation once, then runs every chunk of lanes as GCC/Clang vectors (value_rows.hpp's types):
// per chunk nothing but the loads, the operation and the stores.
#pragma once

#include <algorithm>
#include <cstddef>

#include "../../exec/kernel.hpp"
#include "../../exec/traits.hpp"
#include "../../exec/value_rows.hpp"
#include "../../exec/vector4.hpp"
#include "descriptor.hpp"
#include "semantics.hpp"

namespace ctisa::amdil::exec {

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

// Lanes the path computes at a time: a GCC/Clang vector of a chunk (value_rows.hpp's types), no
// wider than the target's SIMD register (GCC lowers a 16-lane vector's NaN selects lane by lane
// through the stack on AVX2: 10x slower), where a chunk makes one (4 lanes or more, a power of two).
template <std::size_t N>
inline constexpr std::size_t chunk_lanes = std::min(ctisa::exec::chunk_of<N>, ctisa::exec::simd_register_bytes / sizeof(lane_word));
template <std::size_t N>
inline constexpr bool fits = ctisa::exec::value_block<chunk_lanes<N>>;

// The instruction's source rows and modifiers and its destination rows, resolved once for all its
// chunks (resolving them per chunk and component was most of an instruction's time at 64 lanes).
struct resolved {
    const lane_word* src[3][4];  // (only the instruction's sources are set; its operation reads no other)
    lane_word* dst[4];
    lane_word and_mask[3][4], xor_mask[3][4];
};

// A chunk's source values: position i of source s from lane l0, with negate and abs unless Plain
// (no source has either). Loaded by value (exec::load_chunk says why); a chunk is never wider
// than the target's SIMD register (chunk_lanes), so by value it keeps its ABI (-Wpsabi).
template <std::size_t B, bool Plain>
struct chunk {
    using bits = typename ctisa::exec::row_vectors<B>::bits;
    using floats = typename ctisa::exec::row_vectors<B>::floats;
    const resolved& r;
    std::size_t l0;
    [[nodiscard]] CTISA_EXEC_INLINE bits at(unsigned s, unsigned i) const {
        const bits x = ctisa::exec::load_chunk<bits>(r.src[s][i] + l0);
        if constexpr (Plain) return x;
        else return (x & r.and_mask[s][i]) ^ r.xor_mask[s][i];
    }
    [[nodiscard]] CTISA_EXEC_INLINE floats f(unsigned s, unsigned i) const { return __builtin_bit_cast(floats, at(s, i)); }
};

// Component i of ADD, SUB, MUL, MAD, MOV (bits kept), or DP3, DP4 into all four: semantics.hpp's
// operations on a chunk, the computed NaN made the default quiet NaN.
template <opcode Op, bool Ieee, class C>
CTISA_EXEC_INLINE void component(const C& c, unsigned i, typename C::bits& out) {
    if constexpr (Op == opcode::mov) out = c.at(0, i);
    else if constexpr (Op == opcode::mad) out = sem::default_nan(sem::float_operation<Op, Ieee>(c.f(0, i), c.f(1, i), c.f(2, i)));
    else out = sem::default_nan(sem::float_operation<Op, Ieee>(c.f(0, i), c.f(1, i), typename C::floats{}));
}
template <opcode Op, bool Ieee, class C>
CTISA_EXEC_INLINE void dot(const C& c, typename C::bits& out) {
    out = sem::default_nan(sem::dot<Op, Ieee>([&](unsigned s, unsigned i) CTISA_EXEC_INLINE_LAMBDA { return c.f(s, i); }));
}

// Every chunk of the n lanes: the four components' results (all of them computed before any is
// stored: a destination row may be a source's), then the stores the modes ask for.
template <std::size_t B, bool Plain, std::size_t N, class Op>
CTISA_EXEC_INLINE void chunks(const instruction_desc& d, const resolved& r, const lane_word* active, bool all, Op op) {
    using bits = typename chunk<B, Plain>::bits;
    const bool plain_store = all && d.dst.mode[0] == 1 && d.dst.mode[1] == 1 && d.dst.mode[2] == 1 && d.dst.mode[3] == 1;
    for (std::size_t l0 = 0; l0 < N; l0 += B) {
        bits out[4];
        op(chunk<B, Plain>{r, l0}, out);
        if (plain_store) {
            for (unsigned i = 0; i < 4; ++i) ctisa::exec::store_chunk(r.dst[i] + l0, out[i], active + l0, true);
            continue;
        }
        for (unsigned i = 0; i < 4; ++i) {
            const unsigned mode = d.dst.mode[i];
            if (mode == 0) continue;
            const bits x = mode == 1 ? out[i] : bits{} + sem::constant_component(mode);
            ctisa::exec::store_chunk(r.dst[i] + l0, x, active + l0, all);
        }
    }
}

// Op on every chunk: each component from its own positions, or (DP3, DP4) a dot product into all
// four.
template <opcode Op, bool Ieee, bool Plain, std::size_t B, std::size_t N>
CTISA_EXEC_INLINE void run_resolved(const instruction_desc& d, const resolved& r, const lane_word* active, bool all) {
    using c_t = const chunk<B, Plain>&;
    using bits = typename chunk<B, Plain>::bits;
    if constexpr (Op == opcode::dp3 || Op == opcode::dp4) {
        chunks<B, Plain, N>(d, r, active, all, [](c_t c, bits(&out)[4]) CTISA_EXEC_INLINE_LAMBDA {
            dot<Op, Ieee>(c, out[0]);
            out[1] = out[2] = out[3] = out[0];
        });
    } else {
        chunks<B, Plain, N>(d, r, active, all, [](c_t c, bits(&out)[4]) CTISA_EXEC_INLINE_LAMBDA {
            for (unsigned i = 0; i < 4; ++i) component<Op, Ieee>(c, i, out[i]);
        });
    }
}

// d (applies(d), fits<View::lanes>) over the view's lanes: its rows and modifiers resolved (Plain:
// no source has negate or abs), then Op with Ieee products on every chunk.
template <opcode Op, bool Ieee, bool Plain, class View>
void run_op(const instruction_desc& d, const View& v, const lane_word* active, bool all) {
    constexpr std::size_t n = View::lanes;
    resolved r;
    const unsigned srcs = d.srcs < 3 ? d.srcs : 3;
    for (unsigned s = 0; s < srcs; ++s)
        for (unsigned i = 0; i < 4; ++i) r.src[s][i] = v.row(d.src[s].row[i]);
    for (unsigned i = 0; i < 4; ++i) r.dst[i] = v.row(d.dst.row + i);
    if constexpr (!Plain)
        for (unsigned s = 0; s < srcs; ++s)
            for (unsigned i = 0; i < 4; ++i) {
                const ctisa::exec::float_modifier m(((d.src[s].negate >> i) & 1u) != 0, d.src[s].absolute);
                r.and_mask[s][i] = m.and_mask;
                r.xor_mask[s][i] = m.xor_mask;
            }
    run_resolved<Op, Ieee, Plain, chunk_lanes<n>, n>(d, r, active, all);
}

// f.template operator()<Op, Ieee, Plain>() for d (applies(d)): its operation, whether its products
// are IEEE (control bit 0, _ieee) and whether no source has negate or abs.
template <class F>
CTISA_EXEC_INLINE void dispatch(const instruction_desc& d, F&& f) {
    bool plain = true;
    for (unsigned s = 0; s < d.srcs && s < 3; ++s) plain = plain && d.src[s].negate == 0 && !d.src[s].absolute;
    const bool ieee = (d.control & 1u) != 0;
    const auto modes = [&]<opcode Op, bool Ieee>() CTISA_EXEC_INLINE_LAMBDA {
        if (plain) f.template operator()<Op, Ieee, true>();
        else f.template operator()<Op, Ieee, false>();
    };
    const auto products = [&]<opcode Op>() CTISA_EXEC_INLINE_LAMBDA {
        if (ieee) modes.template operator()<Op, true>();
        else modes.template operator()<Op, false>();
    };
    switch (d.op) {
        case opcode::add: return modes.template operator()<opcode::add, true>();
        case opcode::sub: return modes.template operator()<opcode::sub, true>();
        case opcode::mov: return modes.template operator()<opcode::mov, true>();
        case opcode::mul: return products.template operator()<opcode::mul>();
        case opcode::mad: return products.template operator()<opcode::mad>();
        case opcode::dp3: return products.template operator()<opcode::dp3>();
        default: return products.template operator()<opcode::dp4>();
    }
}

// The kernel of d (applies(d)) over the view's lanes, or null where the path does not fit them:
// the straight runs' hook (traits::plain_alu), asked once an instruction when the machine is built.
template <class View>
[[nodiscard]] ctisa::exec::plain_kernel<instruction_desc, View> kernel(const instruction_desc& d) {
    ctisa::exec::plain_kernel<instruction_desc, View> k = nullptr;
    if constexpr (fits<View::lanes>) dispatch(d, [&k]<opcode Op, bool Ieee, bool Plain>() { k = &run_op<Op, Ieee, Plain, View>; });
    else (void)d;
    return k;
}

// Runs d over the view's lanes; the caller checked applies(d) and fits<View::lanes>.
template <class View>
void run(const instruction_desc& d, const View& v, const lane_word* active, bool all) {
    dispatch(d, [&]<opcode Op, bool Ieee, bool Plain>() CTISA_EXEC_INLINE_LAMBDA { run_op<Op, Ieee, Plain>(d, v, active, all); });
}

}  // namespace float_path

}  // namespace ctisa::amdil::exec
