// SPDX-License-Identifier: MIT
// The memory instructions that read back what a program (or the host) wrote: MEM_RAT* with their
// RAT_INST operations (6.4, 9's CF_ALLOC_EXPORT_WORD0_RAT), the fetch clause's MEM_RD_SCRATCH and
// MEM_RD_SCATTER (6.1), and the GDS clause's GDS and TF instructions (9.6), all through the
// environment's memory_read / memory_write (environment.hpp), one lane after another in ascending
// order (lanes atomically updating one address see each other's results in that order).
//
// Decisions where the document is silent or leaves it to host state:
// - RAT addresses: INDEX_GPR.x (RW_GPR.w for the _COMBINED forms, "address = w"; 0 for TYPE
//   EXPORT_WRITE, which names no index) counts elements of the UAV. The UAV's format is host state,
//   so an element is ELEM_SIZE + 1 dwords for STORE_TYPED (the export's element size, 3.9) and one
//   dword for every other RAT_INST (they are dword operations: "Return dword", "Only allowed on
//   uint32 surfaces"); memory records carry dword addresses. INDEX_GPR.y and .z (addr1, addr2 of a
//   2D or 3D UAV) are not used: the pitch is host state, the UAV is linear. A burst writes
//   BURST_COUNT + 1 elements from consecutive GPRs to consecutive elements.
// - RAT data: STORE_TYPED writes the COMP_MASK elements of RW_GPR; the others take X = data,
//   Y = returnAddr, Z = compare value (8.3's MEM_RAT). A _RTN operation writes the dword it replaced
//   to the RAT's return buffer (memory_space::rat_return) at returnAddr (dwords), from where a
//   fetch clause reads it (6.4.1); NOP_RTN returns without writing. STORE_SHORT / STORE_BYTE store
//   the low 16 / 8 bits zero-extended (a uint32 element). The CACHELESS forms run every RAT_INST
//   (the document allows only stores there; the restriction is the hardware path's, not checked).
// - RAT_INDEX_MODE other than none adds a CF index register, which is not modelled: refused.
// - MEM_RD_*: the address of 6.1 in dwords; scratch is per lane (ThreadInWavefront is part of
//   the address: memory_request.lane), the index clamped to [0, ARRAY_SIZE - 1]; scatter reads
//   ARRAY_BASE + index + burst * (ELEM_SIZE + 1). INDEXED 0 reads index 0. ELEM_SIZE + 1 dwords
//   (at most 4) go to DST_GPR + burst through DST_SEL (4: 0, 5: 1.0f, 7: not written).
// - GDS: the same operations as the LDS's (lds.hpp) on a 64 KiB byte-addressed memory kept as
//   dwords in memory_space::gds: sources SRC_GPR.(SRC_SEL_X, _Y, _Z), the return {OQA, OQB, 0, 0}
//   through DST_SEL to DST_GPR. MEM_GDS has no IDX_OFFSET: the _REL and 2 forms' second address is
//   the first (offset 0). UAV_ID, ALLOC_CONSUME and BCAST_FIRST_REQ (append/consume counters) are
//   host state and not used. ATOMIC_ORDERED_ALLOC_RET adds SRC.x's 7 low bits to the hidden count
//   (memory_space::ordered_count, address 0) and returns the count before. TF_WRITE writes Y
//   (tf_lod) at dword address X (tf_idx + tf_base) of memory_space::tf.
#pragma once

#include <cstdint>

#include "descriptor.hpp"
#include "environment.hpp"

namespace ctisa::cayman::exec {

// RAT_INST's combination of the memory's dword `old` with the data `s` (compare value `cmp`).
[[nodiscard]] constexpr std::uint32_t rat_combine(std::uint32_t inst, std::uint32_t old, std::uint32_t s, std::uint32_t cmp) noexcept {
    const auto si = [](std::uint32_t x) { return static_cast<std::int32_t>(x); };
    switch (inst & 31u) {  // an _RTN form is its operation + 32
        case 4: return cmp == old ? s : old;  // CMPXCHG_INT
        case 7: return s + old;               // ADD
        case 8: return old - s;               // SUB
        case 9: return s - old;               // RSUB
        case 10: return si(s) < si(old) ? s : old;
        case 11: return s < old ? s : old;
        case 12: return si(s) > si(old) ? s : old;
        case 13: return s > old ? s : old;
        case 14: return old & s;
        case 15: return old | s;
        case 16: return old ^ s;
        case 18: return old >= s ? 0 : old + 1;               // INC_UINT
        case 19: return old == 0 || old > s ? s : old - 1;    // DEC_UINT
        case 21: return s & 0xFFFFu;                          // STORE_SHORT
        case 22: return s & 0xFFu;                            // STORE_BYTE
        default: return s;                                    // STORE_DWORD, XCHG_RTN
    }
}

namespace detail {

template <class View>
lane_word gpr_or_zero(const View& v, std::int64_t g, std::uint32_t chan, std::size_t l) {
    return g >= 0 && g < 128 ? v.row(row::gpr(static_cast<std::uint32_t>(g), chan))[l] : 0u;
}

}  // namespace detail

// MEM_RAT, MEM_RAT_CACHELESS, MEM_RAT_COMBINED, MEM_RAT_COMBINED_CACHELESS for the active lanes.
template <class View, class Env>
void run_rat(const descriptor& d, const View& v, const lane_word* active, std::int64_t rel, Env& env, std::size_t first) {
    const bool combined = d.op == opcode::cf_alloc_export_mem_rat_combined || d.op == opcode::cf_alloc_export_mem_rat_combined_cacheless;
    const std::uint32_t inst = d.rat_inst, elems = inst == 1 ? d.elem_size + 1u : 1u;
    if (inst == 0) return;  // NOP
    for (std::size_t l = 0; l < View::lanes; ++l) {
        if (!active[l]) continue;
        const auto lane = static_cast<std::uint32_t>(first + l);
        const std::int64_t rw = std::int64_t{d.rw_gpr} + (d.rw_rel ? rel : 0);
        std::uint32_t element = combined ? detail::gpr_or_zero(v, rw, 3, l) : (d.type & 1) ? v.row(row::gpr(d.index_gpr & 127u, 0))[l] : 0u;
        for (std::uint32_t i = 0; i <= d.burst; ++i, ++element) {
            const std::int64_t g = rw + i;
            const std::uint32_t base = element * elems;
            if (inst == 1) {  // STORE_TYPED
                for (std::uint32_t c = 0; c < elems && c < 4; ++c)
                    if ((d.comp_mask >> c) & 1u) env.memory_write({d.op, lane, base + c, detail::gpr_or_zero(v, g, c, l), d.rat_id});
                continue;
            }
            const lane_word data = detail::gpr_or_zero(v, g, 0, l), ret = detail::gpr_or_zero(v, g, 1, l);
            const lane_word old = env.memory_read({memory_space::rat, d.rat_id, lane, base});
            if (inst != 32) env.memory_write({d.op, lane, base, rat_combine(inst, old, data, detail::gpr_or_zero(v, g, 2, l)), d.rat_id});
            if (inst >= 32) env.memory_write({d.op, lane, ret, old, d.rat_id, true});
        }
    }
}

// MEM_RD_SCRATCH, MEM_RD_SCATTER for the lanes `on` (the fetch clause's).
template <class View, class Env>
void run_mem_read(const descriptor& d, const View& v, const lane_word* on, std::int64_t rel, Env& env, std::size_t first) {
    const fetch_fields& f = d.fetch;
    const bool scratch = d.op == opcode::mem_rd_mem_rd_scratch;
    const std::uint32_t elems = f.elem_size + 1u;
    const std::int64_t src = std::int64_t{f.src_gpr} + (f.src_rel ? rel : 0), dst = std::int64_t{f.dst_gpr} + (f.dst_rel ? rel : 0);
    for (std::size_t l = 0; l < View::lanes; ++l) {
        if (!on[l]) continue;
        const auto lane = static_cast<std::uint32_t>(first + l);
        std::uint32_t index = f.indexed && f.src_sel[0] < 4 ? detail::gpr_or_zero(v, src, f.src_sel[0], l) : 0u;
        if (scratch && f.array_size) index = static_cast<std::int32_t>(index) < 0 ? 0u : index < f.array_size ? index : f.array_size - 1u;
        for (std::uint32_t b = 0; b <= f.burst; ++b) {
            const std::uint32_t start = scratch ? (f.array_base + index + b) * elems : f.array_base + index + b * elems;
            vec4 data{};
            for (std::uint32_t c = 0; c < elems && c < 4; ++c) data[c] = env.memory_read({space_of(d.op), 0, lane, start + c});
            const std::int64_t g = dst + b;
            if (g < 0 || g >= 128) continue;
            for (std::uint32_t c = 0; c < 4; ++c) {
                const std::uint8_t sel = f.dst_sel[c];
                if (sel == 7 || sel == 6) continue;
                v.row(row::gpr(static_cast<std::uint32_t>(g), c))[l] = sel < 4 ? data[sel] : sel == 5 ? one_f : 0u;
            }
        }
    }
}

namespace detail {

// The GDS as lds_lane (lds.hpp) sees a local memory: bytes over the environment's dwords.
template <class Env>
struct gds_memory {
    Env& env;
    opcode op;
    std::uint32_t lane;
    [[nodiscard]] std::uint32_t lds_load(std::uint32_t address, unsigned bytes) const {
        const std::uint32_t word = env.memory_read({memory_space::gds, 0, lane, address / 4});
        const unsigned shift = 8 * (address & 3u);
        return bytes >= 4 ? word : (word >> shift) & ((1u << (8 * bytes)) - 1u);
    }
    void lds_store(std::uint32_t address, std::uint32_t value, unsigned bytes) const {
        std::uint32_t word = value;
        if (bytes < 4) {
            const unsigned shift = 8 * (address & 3u);
            const std::uint32_t mask = ((1u << (8 * bytes)) - 1u) << shift;
            word = (env.memory_read({memory_space::gds, 0, lane, address / 4}) & ~mask) | ((value << shift) & mask);
        }
        env.memory_write({op, lane, address / 4, word});
    }
};

}  // namespace detail

// A GDS or TF_WRITE instruction of a GDS clause for the lanes `on`.
template <class View, class Env>
void run_gds(const descriptor& d, const View& v, const lane_word* on, std::int64_t rel, Env& env, std::size_t first) {
    const fetch_fields& f = d.fetch;
    const std::int64_t src = std::int64_t{f.src_gpr} + (f.src_rel ? rel : 0), dst = std::int64_t{f.dst_gpr} + (f.dst_rel ? rel : 0);
    for (std::size_t l = 0; l < View::lanes; ++l) {
        if (!on[l]) continue;
        const auto lane = static_cast<std::uint32_t>(first + l);
        std::array<lane_word, 3> s{};
        for (std::uint32_t i = 0; i < 3; ++i) {
            const std::uint8_t sel = f.src_sel[i];
            s[i] = sel < 4 ? detail::gpr_or_zero(v, src, sel, l) : sel == 5 ? one_f : 0u;
        }
        if (d.op == opcode::tf_mem_tf_write) {
            env.memory_write({d.op, lane, s[0], s[1]});
            continue;
        }
        lds_return r;
        if (d.op == opcode::gds_gds_atomic_ordered_alloc_ret) {
            const lane_word count = env.memory_read({memory_space::ordered_count, 0, lane, 0});
            env.memory_write({d.op, lane, 0, count + (s[0] & 0x7Fu)});
            r = {count, 0, true};
        } else {
            const auto lds_op = find_opcode(category::lds_idx_op, info(d.op).value);
            if (!lds_op) continue;
            detail::gds_memory<Env> mem{env, d.op, lane};
            r = lds_lane(*lds_op, 0, s[0], s[1], s[2], mem);
        }
        if (!r.returns || dst < 0 || dst >= 128) continue;
        const vec4 result{r.a, r.b, 0, 0};
        for (std::uint32_t c = 0; c < 4; ++c) {
            const std::uint8_t sel = f.dst_sel[c];
            if (sel == 7 || sel == 6) continue;
            v.row(row::gpr(static_cast<std::uint32_t>(dst), c))[l] = sel < 4 ? result[sel] : sel == 5 ? one_f : 0u;
        }
    }
}

// GLOBAL_WAVE_SYNC on the resource counters of memory_space::gws (address RESOURCE), once for the
// wavefront (its first lane in the records): INIT sets VALUE (negated with SIGN), SEMA_V adds one,
// SEMA_P takes one when the count is above zero. The executor runs one wavefront, so a SEMA_P on a
// count of zero and a BARRIER asking for more than one wave (VALUE > 1) would wait for ever: false.
template <class Env>
bool run_gws(const descriptor& d, Env& env, std::uint32_t lane) {
    const memory_request at{memory_space::gws, 0, lane, d.gws_resource};
    const auto put = [&](std::uint32_t value) { env.memory_write({d.op, lane, d.gws_resource, value}); };
    switch (d.gws_op) {
        case 0: put(env.memory_read(at) + 1u); return true;  // SEMA_V
        case 1: {                                            // SEMA_P
            const std::uint32_t count = env.memory_read(at);
            if (static_cast<std::int32_t>(count) <= 0) return false;
            put(count - 1u);
            return true;
        }
        case 2: return d.gws_value <= 1;  // BARRIER
        default: put(d.gws_sign ? 0u - d.gws_value : d.gws_value); return true;  // INIT
    }
}

}  // namespace ctisa::cayman::exec
