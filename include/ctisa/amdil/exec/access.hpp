// SPDX-License-Identifier: MIT
// AMD IL's own room (a quirk of this ISA: chapter 7's many memory, atomic, sampling and emit
// instructions, served lane by lane through the environment).
// The kernel of the instructions that reach the environment (access_kind.hpp): memory loads,
// stores and atomics, sampling and resource queries, append counters, emit and cut. Lanes are
// served one at a time in ascending order, so that atomics of one instruction are ordered by lane
// (the document leaves their order open; one order keeps the interpreter and the compiled path
// identical). Sub-dword accesses read or rewrite the dword that holds them, little-endian.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "environment.hpp"
#include "execute.hpp"

namespace ctisa::amdil::exec {

namespace detail {

// The new value of an atomic (7.16-7.18's pseudocode); `a` src1.x, `b` src2.x.
[[nodiscard]] constexpr lane_word atomic_result(const access_desc& x, lane_word old, lane_word a, lane_word b) noexcept {
    switch (x.atomic) {
        case atomic_op::add: return old + a;
        case atomic_op::sub: return old - a;
        case atomic_op::rsub: return a - old;
        case atomic_op::min: return sem::smin(old, a);
        case atomic_op::max: return sem::smax(old, a);
        case atomic_op::umin: return old < a ? old : a;
        case atomic_op::umax: return old > a ? old : a;
        case atomic_op::and_: return old & a;
        case atomic_op::or_: return old | a;
        case atomic_op::xor_: return old ^ a;
        case atomic_op::inc: return old >= a ? 0u : old + 1;
        case atomic_op::dec: return old == 0 || old > a ? a : old - 1;
        case atomic_op::mskor: return (old & ~a) | b;
        case atomic_op::xchg: return a;
        case atomic_op::cmp:
        case atomic_op::cmp_xchg:  // LDS, GDS: compare src1, write src2; UAV: compare src2, write src1
            return x.swapped_compare ? (old == b ? a : old) : (old == a ? b : old);
    }
    return old;
}

// A float coordinate floored, as an integer (saturating; NaN gives 0).
[[nodiscard]] inline lane_word floored(lane_word f) noexcept { return sem::ftoi(std::floor(as_float(f))); }

// The byte address of lane l's access (`lane` its lane in the machine; for lds_read_vec and
// lds_write_vec its work-item's index in the group, vTidInGrpFlat); a scatter outside its grid
// gives no_address (not written).
inline constexpr std::uint32_t no_address = 0xFFFFFFFFu;
template <std::size_t N>
[[nodiscard]] inline std::uint32_t address_of(const instruction_desc& d, const lane_word (&s)[4][4][N], std::size_t l,
                                              std::size_t lane) noexcept {
    const access_desc& x = d.acc;
    switch (x.mode) {
        case addressing::bytes: return s[0][0][l];
        case addressing::elements: return s[0][0][l] * x.stride;
        case addressing::floored: return (floored(s[0][0][l]) + x.offset) * x.stride;
        case addressing::owner: {  // _wavefrontRel: the owner counts from the first work-item of the reader's wavefront of 64
            const lane_word wave = (d.control & 3u) == 0 ? static_cast<lane_word>(lane) & ~lane_word{63} : 0u;
            return (wave + s[0][0][l]) * x.stride + s[0][1][l];
        }
        case addressing::own: return static_cast<std::uint32_t>(lane) * x.stride + x.offset;
        case addressing::grid: {
            const std::size_t q = x.quad ? l & ~std::size_t{3} : l;  // by quad: the quad's first lane's index
            const lane_word u = floored(s[0][0][l]), v = floored(s[0][1][l]), w = floored(s[0][2][q]);
            return u < 16 && v < 16 && w < 0x10000u ? ((w * 16 + v) * 16 + u) * 4 : no_address;
        }
        case addressing::structured: break;
    }
    const bool vec = x.kind == access_kind::load_vec || x.kind == access_kind::store_vec;
    const lane_word offset = vec && x.space == memory_space::lds ? s[1][0][l] : s[0][1][l];  // lds_*_vec: the offset in src1.x
    return s[0][0][l] * x.stride + offset;
}

template <class Env>
[[nodiscard]] lane_word load_sub(Env& env, const access_desc& x, std::uint32_t address, std::size_t lane) {
    const lane_word w = env.load(memory_access{x.space, x.id, address & ~3u, lane});
    if (x.width == 4) return w;
    const unsigned shift = 8 * (address & (x.width == 1 ? 3u : 2u));
    const lane_word v = (w >> shift) & (x.width == 1 ? 0xFFu : 0xFFFFu);
    if (!x.sign_extend) return v;
    const unsigned up = 32 - 8 * x.width;
    return static_cast<lane_word>(static_cast<std::int32_t>(v << up) >> up);
}

template <class Env>
void store_sub(Env& env, const access_desc& x, std::uint32_t address, std::size_t lane, lane_word value) {
    const memory_access at{x.space, x.id, address & ~3u, lane};
    if (x.width == 4) return env.store(at, value);
    const unsigned shift = 8 * (address & (x.width == 1 ? 3u : 2u));
    const lane_word mask = (x.width == 1 ? 0xFFu : 0xFFFFu) << shift;
    env.store(at, (env.load(at) & ~mask) | ((value << shift) & mask));
}

// One lane's access: its result in r[.][l], the components written.
template <std::size_t N, class Env>
unsigned access_lane(const instruction_desc& d, const lane_word (&s)[4][4][N], std::size_t l, std::size_t lane, Env& env, lane_word (&r)[4][N]) {
    const access_desc& x = d.acc;
    switch (x.kind) {
        case access_kind::load:
            r[0][l] = load_sub(env, x, address_of<N>(d, s, l, lane), lane);
            if (d.op != opcode::uav_arena_load) return 0x1;
            for (unsigned c = 1; c < 4; ++c) r[c][l] = r[0][l];  // uav_arena_load: to the component its mask names
            return 0xF;
        case access_kind::load_vec: {
            const std::uint32_t a = address_of<N>(d, s, l, lane);
            for (unsigned c = 0; c < 4; ++c)
                if (d.dst.mode[c] == 1) r[c][l] = env.load(memory_access{x.space, x.id, (a & ~3u) + 4 * c, lane});
            return 0xF;
        }
        case access_kind::store: {
            const std::uint32_t a = address_of<N>(d, s, l, lane);
            if (a != no_address) store_sub(env, x, a, lane, s[x.data][x.mode == addressing::grid ? 3 : 0][l]);  // scatter: src0.w
            return 0;
        }
        case access_kind::store_vec: {
            const std::uint32_t a = address_of<N>(d, s, l, lane);
            for (unsigned c = 0; c < 4; ++c)
                if (!d.has_dest || d.dst.mode[c] != 0) env.store(memory_access{x.space, x.id, (a & ~3u) + 4 * c, lane}, s[x.data][c][l]);
            return 0;
        }
        case access_kind::atomic: {
            const memory_access at{x.space, x.id, address_of<N>(d, s, l, lane) & ~3u, lane};
            const lane_word old = env.load(at);
            env.store(at, atomic_result(x, old, s[1][0][l], s[2][0][l]));
            r[0][l] = old;
            return x.returns ? 0x1 : 0;
        }
        case access_kind::append: {  // alloc: the counter, then +1; consume: -1, then the counter
            const memory_access at{x.space, x.id, 0, lane};
            const lane_word old = env.load(at), now = d.op == opcode::append_buf_alloc ? old + 1 : old - 1;
            env.store(at, now);
            r[0][l] = d.op == opcode::append_buf_alloc ? old : now;
            return 0x1;
        }
        case access_kind::sample: {
            sample_request q{d.op, d.control & 0xFFu, (d.control >> 8) & 0xFu, d.srcs, {}, lane, {}};
            for (unsigned c = 0; c < 3; ++c)  // signed 7.1 fixed point
                q.offset[c] = static_cast<float>(static_cast<std::int8_t>(static_cast<std::uint8_t>(x.offsets >> (8 * c)))) * 0.5f;
            for (unsigned k = 0; k < d.srcs; ++k)
                for (unsigned c = 0; c < 4; ++c) q.src[k][c] = s[k][c][l];
            const std::array<lane_word, 4> w = env.sample(q);
            for (unsigned c = 0; c < 4; ++c) r[c][l] = w[c];
            return 0xF;
        }
        case access_kind::emit:
            env.emit(emit_event{
                d.op, d.op == opcode::emit_stream || d.op == opcode::cut_stream || d.op == opcode::emit_then_cut_stream ? d.control : 0u, lane});
            return 0;
        default: return 0;
    }
}

// lds_read_vec_neighborExch: in each quad of lanes, lane 4q+j's component i is what lane 4q+i read as
// component j (the first lane gets every x, the second every y: a 4x4 transpose). A lane not
// active keeps what its register held.
template <std::size_t N>
void exchange(lane_word (&r)[4][N], const lane_word* active, bool all) {
    lane_word t[4][N];
    for (unsigned c = 0; c < 4; ++c)
        for (std::size_t l = 0; l < N; ++l) t[c][l] = r[c][l];
    for (std::size_t l = 0; l < N; ++l) {
        const std::size_t q = l & ~std::size_t{3};
        if (!(all || active[l])) continue;
        for (unsigned c = 0; c < 4; ++c)
            if (q + c < N) r[c][l] = t[l - q][q + c];
    }
}

// init_sr: for every i in [cb0[0].x, cb0[0].y), SR[i] = (0xFFFFFFFF, cb0[0].z, 0x0FFFFFFF), w not
// written; once for the instruction (cb0 is the same in every lane), served as the first active lane.
template <std::size_t N, class Env>
void init_shared(const lane_word (&s)[4][4][N], const lane_word* active, bool all, Env& env, std::size_t first) {
    for (std::size_t l = 0; l < N; ++l) {
        if (!(all || active[l])) continue;
        for (lane_word i = s[0][0][l]; i < s[0][1][l] && i < 0x10000u; ++i) {
            env.store(memory_access{memory_space::shared, 0, 16 * i, first + l}, 0xFFFFFFFFu);
            env.store(memory_access{memory_space::shared, 0, 16 * i + 4, first + l}, s[0][2][l]);
            env.store(memory_access{memory_space::shared, 0, 16 * i + 8, first + l}, 0x0FFFFFFFu);
        }
        return;
    }
}

}  // namespace detail

[[nodiscard]] constexpr bool is_share_mode(addressing m) noexcept { return m == addressing::owner || m == addressing::own; }

// g[] operands: before the kernel, the element each active lane names is read into the operand's
// gather rows (the destination's too, so that the components the instruction does not write keep
// their values); after it, the components the destination's mask names are written back. Lanes
// in ascending order, a dword at a time (memory_space::global, id 0, 16 bytes an element).
namespace detail {
template <std::size_t N, class View, class Env>
void read_element(const View& v, const index_desc& x, std::uint32_t to, const lane_word* active, bool all, Env& env, std::size_t first) {
    const lane_word* index = v.row(x.index_row);
    for (std::size_t l = 0; l < N; ++l) {
        if (!(all || active[l])) continue;
        const lane_word e = index[l] + x.offset;
        for (unsigned c = 0; c < 4; ++c) v.row(to + c)[l] = env.load(memory_access{memory_space::global, 0, e * 16 + 4 * c, first + l});
    }
}
}  // namespace detail

template <std::size_t N, class View, class Env>
void global_in(const instruction_desc& d, const View& v, const lane_word* active, bool all, Env& env, std::size_t first) {
    for (unsigned k = 0; k < d.srcs; ++k)
        if (d.src[k].index.memory) detail::read_element<N>(v, d.src[k].index, layout::gather + 4 * k, active, all, env, first);
    if (d.has_dest && d.dst.index.memory) detail::read_element<N>(v, d.dst.index, layout::result, active, all, env, first);
}
template <std::size_t N, class View, class Env>
void global_out(const instruction_desc& d, const View& v, const lane_word* active, bool all, Env& env, std::size_t first) {
    if (!d.has_dest || !d.dst.index.memory) return;
    const lane_word* index = v.row(d.dst.index.index_row);
    for (std::size_t l = 0; l < N; ++l) {
        if (!(all || active[l])) continue;
        const lane_word e = index[l] + d.dst.index.offset;
        for (unsigned c = 0; c < 4; ++c)
            if (d.dst.mode[c] != 0) env.store(memory_access{memory_space::global, 0, e * 16 + 4 * c, first + l}, v.row(layout::result + c)[l]);
    }
}

// The kernel of an instruction whose d.acc.kind is not none, over the N lanes of view v; lane l of
// the view is lane first + l of the machine.
// The descriptor is taken at run time even on the compiled path: one kernel per width and
// environment serves every access (they call the environment lane by lane anyway), which keeps
// compiling a program of many accesses cheap.
template <class View, class Env>
void access(const instruction_desc& d, const View& v, const lane_word* active, bool all, Env& env, std::size_t first, effects<View::lanes>& fx) {
    using Desc = ctisa::exec::dynamic_desc<instruction_desc>;
    constexpr std::size_t N = View::lanes;
    if (d.refused != refusal::none) {
        fx.refused = d.refused;
        return;
    }
    if (d.acc.kind == access_kind::nothing) return;
    for (unsigned k = 0; k < d.srcs; ++k)
        if (d.src[k].index.gathered) detail::gather<N>(v, d.src[k].index, layout::gather + 4 * k);
    const bool writes = d.has_dest && d.acc.kind != access_kind::store_vec;
    if (writes && d.dst.index.gathered) detail::gather<N>(v, d.dst.index, layout::result);
    lane_word s[4][4][N];
    // coordinates take the float modifiers (samples, memimport / memexport indices, scatter's)
    const bool floats = d.acc.kind == access_kind::sample || d.acc.mode == addressing::floored || d.acc.mode == addressing::grid;
    for (unsigned k = 0; k < d.srcs; ++k) detail::load_source<N>(v, d.src[k], !floats, false, false, 0, s[k]);
    lane_word r[4][N];
    for (unsigned c = 0; c < 4; ++c)
        for (std::size_t l = 0; l < N; ++l) r[c][l] = v.row(d.dst.row + c)[l];
    if (d.acc.kind == access_kind::init_shared) return detail::init_shared<N>(s, active, all, env, first);
    unsigned written = 0;
    const bool shares = is_share_mode(d.acc.mode);
    const lane_word* thread = v.row(d.acc.thread_row);
    for (std::size_t l = 0; l < N; ++l)
        if (all || active[l]) written = detail::access_lane<N>(d, s, l, shares ? thread[l] : first + l, env, r);
    if (d.acc.exchange) detail::exchange<N>(r, active, all);
    if (!writes) return;
    detail::write_result<Desc, N>(v, d, 0, r, written, active, all);
    if (d.dst.index.gathered) detail::scatter<N>(v, d.dst, written, active, all);
}

}  // namespace ctisa::amdil::exec
