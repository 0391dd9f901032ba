// SPDX-License-Identifier: MIT
// The LDS_IDX_OP operations (8.6, table 8.11; 9's LDS_OP field) on one lane, against the local
// memory the environment owns (environment.hpp: lds_load / lds_store), and the lane's output
// queues A and B (group.hpp keeps them in register rows).
//
// Operands: src0 is the address ("dst is src0_sel, src is src1_sel"); the one-data operations
// take src1; MSKOR takes the mask in src1 and the data in src2; CMP_STORE / CMP_XCHG the compare
// value in src1 and the data in src2; WRITE_REL, WRITE2, XCHG_REL, XCHG2 src1 for the address and
// src2 for the second one; READ2 two addresses (src0, src1); READWRITE reads src0, writes src2
// to src1.
// Decisions where the document is silent:
// - Addresses are byte addresses; dword operations ignore the low two bits, 16-bit ones the low
//   bit; bytes are little-endian in a dword. The second address of the _REL operations is
//   address + IDX_OFFSET dwords, of WRITE2 / XCHG2 address + IDX_OFFSET * 64 dwords (9's
//   IDX_OFFSET_0: "Dword offset, except for LDS_OP value 15, which is a 64-dword offset"; XCHG2's
//   "DS_idx_offset*64" is read the same way).
// - LDS_OR and LDS_MSKOR's lost "|": DS(dst) |= src, (DS(dst) & ~msk) | src.
// - INC and DEC compare unsigned; the _SPF compares are float compares (-0 == +0, NaN unequal).
// - Every _RET operation pushes one entry on both queues (B gets 0 when only OQA is named), so
//   that "pop both the A and B queues" keeps them in step.
// - The queues: each lane's are 16 entries deep (descriptor.hpp's rows); a push onto a full queue
//   is lost, the front of an empty queue reads 0. In a group the sources are read first, then the
//   group's LDS operation runs, then a pop (OQ_A_POP, OQ_B_POP) takes effect, then the operation's
//   return is pushed (it comes back from the LDS after the group); the lanes in ascending order.
// (LDS_ATOMIC_ORDERED_ALLOC_RET, "for global data share (GDS) only", is a GDS instruction in the
// description, not an LDS_OP value.)
#pragma once

#include <bit>
#include <cstdint>

#include "../../exec/lanes.hpp"
#include "../description.hpp"

namespace ctisa::cayman::exec {

using ctisa::exec::lane_word;

// What one lane's LDS operation returns: OQA and OQB, and whether it returns anything.
struct lds_return {
    lane_word a = 0, b = 0;
    bool returns = false;
};

namespace detail {

[[nodiscard]] constexpr lane_word lds_atomic(opcode op, lane_word old, lane_word s, lane_word t) noexcept {
    switch (op) {
        case opcode::lds_idx_op_lds_add:
        case opcode::lds_idx_op_lds_add_ret: return old + s;
        case opcode::lds_idx_op_lds_sub:
        case opcode::lds_idx_op_lds_sub_ret: return old - s;
        case opcode::lds_idx_op_lds_rsub:
        case opcode::lds_idx_op_lds_rsub_ret: return s - old;
        case opcode::lds_idx_op_lds_inc:
        case opcode::lds_idx_op_lds_inc_ret: return old >= s ? 0 : old + 1;
        case opcode::lds_idx_op_lds_dec:
        case opcode::lds_idx_op_lds_dec_ret: return old == 0 || old > s ? s : old - 1;
        case opcode::lds_idx_op_lds_min_int:
        case opcode::lds_idx_op_lds_min_int_ret: return static_cast<std::int32_t>(s) < static_cast<std::int32_t>(old) ? s : old;
        case opcode::lds_idx_op_lds_max_int:
        case opcode::lds_idx_op_lds_max_int_ret: return static_cast<std::int32_t>(s) > static_cast<std::int32_t>(old) ? s : old;
        case opcode::lds_idx_op_lds_min_uint:
        case opcode::lds_idx_op_lds_min_uint_ret: return s < old ? s : old;
        case opcode::lds_idx_op_lds_max_uint:
        case opcode::lds_idx_op_lds_max_uint_ret: return s > old ? s : old;
        case opcode::lds_idx_op_lds_and:
        case opcode::lds_idx_op_lds_and_ret: return old & s;
        case opcode::lds_idx_op_lds_or:
        case opcode::lds_idx_op_lds_or_ret: return old | s;
        case opcode::lds_idx_op_lds_xor:
        case opcode::lds_idx_op_lds_xor_ret: return old ^ s;
        case opcode::lds_idx_op_lds_mskor:
        case opcode::lds_idx_op_lds_mskor_ret: return (old & ~s) | t;
        case opcode::lds_idx_op_lds_cmp_store:
        case opcode::lds_idx_op_lds_cmp_xchg_ret: return old == s ? t : old;
        case opcode::lds_idx_op_lds_cmp_store_spf:
        case opcode::lds_idx_op_lds_cmp_xchg_spf_ret: return std::bit_cast<float>(old) == std::bit_cast<float>(s) ? t : old;
        default: return s;  // WRITE, XCHG_RET
    }
}

[[nodiscard]] constexpr bool is_ret(opcode op) noexcept { return static_cast<unsigned>(info(op).value) >= 32; }

}  // namespace detail

// Whether this executor runs the LDS operation.
[[nodiscard]] constexpr bool lds_executes(opcode op) noexcept { return info(op).cat == category::lds_idx_op; }

// One lane's operation: `offset` is IDX_OFFSET (dwords), s0-s2 the sources.
template <class Env>
lds_return lds_lane(opcode op, std::uint32_t offset, lane_word s0, lane_word s1, lane_word s2, Env& env) {
    const auto load = [&](lane_word address) { return env.lds_load(address & ~3u, 4); };
    const auto store = [&](lane_word address, lane_word value) { env.lds_store(address & ~3u, value, 4); };
    switch (op) {
        case opcode::lds_idx_op_lds_read_ret: return {load(s0), 0, true};
        case opcode::lds_idx_op_lds_read_rel_ret: return {load(s0), load(s0 + 4 * offset), true};
        case opcode::lds_idx_op_lds_read2_ret: return {load(s0), load(s1), true};
        case opcode::lds_idx_op_lds_readwrite_ret: {
            const lane_word old = load(s0);
            store(s1, s2);
            return {old, 0, true};
        }
        case opcode::lds_idx_op_lds_byte_read_ret:
            return {static_cast<lane_word>(static_cast<std::int32_t>(env.lds_load(s0, 1) << 24) >> 24), 0, true};
        case opcode::lds_idx_op_lds_ubyte_read_ret: return {env.lds_load(s0, 1), 0, true};
        case opcode::lds_idx_op_lds_short_read_ret:
            return {static_cast<lane_word>(static_cast<std::int32_t>(env.lds_load(s0 & ~1u, 2) << 16) >> 16), 0, true};
        case opcode::lds_idx_op_lds_ushort_read_ret: return {env.lds_load(s0 & ~1u, 2), 0, true};
        case opcode::lds_idx_op_lds_byte_write: env.lds_store(s0, s1 & 0xFFu, 1); return {};
        case opcode::lds_idx_op_lds_short_write: env.lds_store(s0 & ~1u, s1 & 0xFFFFu, 2); return {};
        case opcode::lds_idx_op_lds_write_rel:
        case opcode::lds_idx_op_lds_write2:
        case opcode::lds_idx_op_lds_xchg_rel_ret:
        case opcode::lds_idx_op_lds_xchg2_ret: {
            const bool wide = op == opcode::lds_idx_op_lds_write2 || op == opcode::lds_idx_op_lds_xchg2_ret;
            const lane_word second = s0 + 4 * offset * (wide ? 64 : 1);
            const lds_return r{load(s0), load(second), detail::is_ret(op)};
            store(s0, s1);
            store(second, s2);
            return r.returns ? r : lds_return{};
        }
        default: {  // the atomics, WRITE, XCHG, CMP_STORE, CMP_XCHG
            const lane_word old = load(s0);
            store(s0, detail::lds_atomic(op, old, s1, s2));
            return detail::is_ret(op) ? lds_return{old, 0, true} : lds_return{};
        }
    }
}

}  // namespace ctisa::cayman::exec
