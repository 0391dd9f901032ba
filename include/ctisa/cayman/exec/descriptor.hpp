// SPDX-License-Identifier: MIT
// Items (items.hpp) resolved once into descriptors: every field a kernel reads, decoded. A
// descriptor is a structural type, so that the compiled path takes it as a template argument.
//
// Register rows (one row of W lanes a 32-bit value): GPR n element c is row 4n + c (512 rows,
// clause temporaries 124-127 included), then PV.x-w, AR.X, the predicate bit, the lanes an
// exec-mask update keeps, the lanes the clause kills, the LDS output queues A and B (front
// first) with their length, and the floating-point exception flags.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "alu.hpp"
#include "alu64.hpp"
#include "lds.hpp"
#include "items.hpp"

namespace ctisa::cayman::exec {

namespace row {
inline constexpr std::uint32_t pv = 512;      // PV.x-w: 512-515
inline constexpr std::uint32_t ar = 516;      // AR.X (MOVA_INT)
inline constexpr std::uint32_t pred = 517;    // the predicate bit of the clause (0 / ~0)
inline constexpr std::uint32_t keep = 518;    // exec-mask update: ~0 keeps the lane active
inline constexpr std::uint32_t killed = 519;  // ~0: a KILL* killed the lane in this clause
inline constexpr std::uint32_t queue_depth = 16;      // entries a queue (lds.hpp: a push onto a full queue is lost)
inline constexpr std::uint32_t oqa = 520;              // OQA: 520-535
inline constexpr std::uint32_t oqb = oqa + queue_depth;  // OQB: 536-551
inline constexpr std::uint32_t oq_length = oqb + queue_depth;
inline constexpr std::uint32_t flags = oq_length + 1;  // 4.13.2's exception flags (group.hpp)
inline constexpr std::uint32_t count = flags + 1;
[[nodiscard]] constexpr std::uint32_t gpr(std::uint32_t n, std::uint32_t chan) noexcept { return 4 * n + chan; }
}  // namespace row

// Why an item does not execute (0: it does).
enum class refusal : std::uint8_t {
    none,
    opcode,       // an opcode this executor does not run (see the table in cayman-exec notes)
    source,       // a source select it does not read (LDS queues, clock, hardware ids)
    index_mode,   // a relative index mode it does not apply
};
inline constexpr std::array<std::string_view, 4> refusal_text{"", "opcode not executed", "source select not executed",
                                                              "index mode not executed"};

enum class src_kind : std::uint8_t { gpr, kcache, literal, constant, pv, loop_index, undefined, queue };

struct source {
    src_kind kind = src_kind::constant;
    std::uint8_t chan = 0;
    bool neg = false, abs = false, rel = false;
    std::uint8_t bank = 0;         // kcache: the constant buffer
    bool loop_line = false;        // kcache: LOCK_LOOP_INDEX (line moves with aL / 16)
    std::uint16_t index = 0;       // gpr: the register; kcache: the constant in the buffer; queue: 0 A, 1 B
    std::uint32_t value = 0;       // literal, constant: the bits
    std::uint16_t row = 0;         // a plain group's (plain_group.hpp): the row it reads, past row::count a constant row
};

struct slot {
    opcode op{};
    std::uint8_t sources = 0;
    std::array<source, 3> src{};
    std::uint8_t dst = 0;
    std::uint8_t chan = 0;
    bool dst_rel = false;
    bool write = true;  // OP2: WRITE_MASK; OP3 always writes
    bool clamp = false;
    std::uint8_t omod = 0;
    std::uint8_t pred_sel = 0;  // 0 off, 2 zero, 3 one
    bool update_pred = false, update_exec = false;
    std::uint8_t exec_op = 0;     // execute_mask_op: deactivate, break, continue, kill
    std::uint8_t index_mode = 0;  // 0 AR.X, 4 loop index, 5 global, 6 global + AR.X
    std::uint8_t lds_offset = 0;  // LDS_IDX_OP: IDX_OFFSET (dwords)
};

// A texture or vertex fetch (chapter 8.4's TEX_WORD* / VTX_WORD*): what the kernel reads of it,
// and its four words for an environment that wants the rest (COORD_TYPE, LOD_BIAS, DATA_FORMAT...).
struct fetch_fields {
    std::array<std::uint32_t, 4> words{};
    std::uint8_t src_gpr = 0, dst_gpr = 0;
    bool src_rel = false, dst_rel = false, whole_quad = false;
    bool writes = true;                        // SET_GRADIENTS_H / _V, SET_TEXTURE_OFFSETS return nothing
    std::array<std::uint8_t, 4> src_sel{};     // TEX: SRC_SEL_X-W (0-3 an element, 4 0, 5 1.0); VTX: SRC_SEL_X
    std::array<std::uint8_t, 4> dst_sel{};     // 0-3 an element of the result, 4 0, 5 1.0, 7 not written
    std::uint8_t resource = 0, sampler = 0;    // TEX: RESOURCE_ID, SAMPLER_ID; VTX: BUFFER_ID
    std::array<std::uint8_t, 3> texel_offset{};  // TEX: OFFSET_X-Z as encoded
    std::uint16_t offset = 0;                  // VTX: OFFSET (bytes)
    std::uint8_t cond = 0, cf_const = 0;       // the TC instruction's COND
    // MEM_RD_* (memory.hpp): ELEM_SIZE, INDEXED, BURST_CNT, ARRAY_BASE, ARRAY_SIZE
    std::uint8_t elem_size = 0, burst = 0;
    bool indexed = false;
    std::uint16_t array_base = 0, array_size = 0;
    std::uint8_t semantic = 0;  // VTX SEMANTIC: SEMANTIC_ID (the environment's semantic_gpr names the GPR)
};

struct descriptor {
    item_kind kind = item_kind::cf;
    opcode op{};  // cf, clause, clause_end: the CF instruction
    refusal refused = refusal::none;
    std::uint8_t count = 0;  // group: slots
    bool wide = false;       // group: a 64-bit instruction in it (alu64.hpp)
    bool lds = false;        // group: an LDS_IDX_OP in it (lds.hpp)
    bool pops = false;       // group: a source pops the LDS queues (OQ_A_POP, OQ_B_POP)
    // The interpreter's fast path (plain_group.hpp; traits::describe sets them): every slot has a
    // value kernel; the slots in the order they run; those written as they run (bit i: slot i).
    bool plain = false;
    std::array<std::uint8_t, 4> order{};
    std::uint8_t direct = 0;
    std::array<slot, 4> slots{};
    // CF
    std::uint32_t target = 0;      // the item ADDR names
    std::uint32_t next = 0;        // the item after this one (CALL's return address)
    std::uint32_t offset = 0;      // the item's byte offset in the image (errors say where)
    std::uint8_t pop_count = 0, cond = 0, cf_const = 0;
    std::uint8_t jump_sel = 0;  // JUMPTABLE: JUMPTABLE_SEL (element A-D of the loop constant CF_CONST)
    std::uint16_t cf_count = 0;
    // exports and memory exports
    std::uint8_t type = 0, rw_gpr = 0, burst = 0;
    bool rw_rel = false;
    std::uint16_t array_base = 0;
    std::array<std::uint8_t, 4> swizzle{};
    std::uint8_t index_gpr = 0, elem_size = 0, comp_mask = 0;  // memory exports (CF_ALLOC_EXPORT_WORD1_BUF)
    std::uint16_t array_size = 0;
    std::uint8_t rat_id = 0, rat_inst = 0;  // MEM_RAT*
    // GLOBAL_WAVE_SYNC: GWS_OPCODE, RESOURCE, VALUE, SIGN
    std::uint8_t gws_op = 0, gws_resource = 0;
    std::uint16_t gws_value = 0;
    bool gws_sign = false;
    fetch_fields fetch{};  // fetch: its instruction (op is the fetch opcode)
};

// MEM_RAT* (memory.hpp: RAT_INST's stores and atomics, with the return buffer).
[[nodiscard]] constexpr bool rat_export(opcode op) noexcept {
    return op == opcode::cf_alloc_export_mem_rat || op == opcode::cf_alloc_export_mem_rat_cacheless ||
           op == opcode::cf_alloc_export_mem_rat_combined || op == opcode::cf_alloc_export_mem_rat_combined_cacheless;
}

// The memory exports run_memory_export writes (the stream, ring, scratch and scatter buffers).
[[nodiscard]] constexpr bool memory_export(opcode op) noexcept {
    return info(op).cat == category::cf_alloc_export && op != opcode::cf_alloc_export_export && op != opcode::cf_alloc_export_export_done &&
           !rat_export(op);
}

// TEX and VTX run through the environment's fetch (SEMANTIC's GPR through its semantic_gpr), the
// memory reads and the GDS clause's instructions through its memory (memory.hpp).
[[nodiscard]] constexpr bool fetch_executes(opcode op) noexcept {
    const category c = info(op).cat;
    return c == category::tex || c == category::vtx || c == category::mem_rd || c == category::gds || c == category::tf;
}

namespace detail {

// By key, not by name: a name lookup per field made describing a 70-group program at compile time
// exceed Clang's constant-evaluation step limit.
[[nodiscard]] constexpr std::uint32_t field(const instruction& in, field_key key) { return get(in, key).value_or(0); }

// Chapter 4.6: SRCn_SEL 0-127 GPRs, 128-191 kcache banks 0 and 1, 256-319 banks 2 and 3, the
// inline constants, LITERAL (element SRCn_CHAN of the group's literals) and PV.
[[nodiscard]] constexpr source source_of(const item& it, const instruction& in, int n, refusal& refused) {
    using k = field_key;
    constexpr k sel_key[] = {k::src0_sel, k::src1_sel, k::src2_sel};
    constexpr k rel_key[] = {k::src0_rel, k::src1_rel, k::src2_rel};
    constexpr k chan_key[] = {k::src0_chan, k::src1_chan, k::src2_chan};
    constexpr k neg_key[] = {k::src0_neg, k::src1_neg, k::src2_neg};
    constexpr k abs_key[] = {k::src0_abs, k::src1_abs, k::src1_abs};  // OP3 has no ABS: read only for n < 2
    const auto at = static_cast<std::size_t>(n);
    source s;
    const std::uint32_t sel = field(in, sel_key[at]);
    s.chan = static_cast<std::uint8_t>(field(in, chan_key[at]));
    s.rel = field(in, rel_key[at]) != 0;
    s.neg = field(in, neg_key[at]) != 0;
    s.abs = n < 2 && field(in, abs_key[at]) != 0;  // OP3 has no ABS
    if (sel < 128) {
        s.kind = src_kind::gpr;
        s.index = static_cast<std::uint16_t>(sel);
    } else if (sel < 192 || (sel >= 256 && sel < 320)) {
        const std::uint32_t bank = sel < 192 ? (sel - 128) / 32 : 2 + (sel - 256) / 32, index = (sel - 128) % 32;
        const kcache_lock& lock = it.locks[bank];
        // LOCK_1 locks one line of 16 constants, LOCK_2 and LOCK_LOOP_INDEX two (KCACHE_MODE).
        if (lock.mode == 0 || (lock.mode == 1 && index >= 16)) {
            s.kind = src_kind::undefined;
        } else {
            s.kind = src_kind::kcache;
            s.bank = lock.bank;
            s.loop_line = lock.mode == 3;
            s.index = static_cast<std::uint16_t>(lock.addr * 16 + index);
        }
    } else {
        switch (sel) {
            case 244: s.value = 0; break;            // 1_DBL_L
            case 245: s.value = 0x3FF00000u; break;  // 1_DBL_M: 1.0 double, high dword
            case 246: s.value = 0; break;            // 0_5_DBL_L
            case 247: s.value = 0x3FE00000u; break;  // 0_5_DBL_M
            case 248: s.value = 0; break;            // 0.0
            case 249: s.value = 0x3F800000u; break;  // 1.0f
            case 250: s.value = 1; break;
            case 251: s.value = 0xFFFFFFFFu; break;
            case 252: s.value = 0x3F000000u; break;  // 0.5f
            case 253:
                s.kind = src_kind::literal;
                s.value = it.literals[s.chan];
                break;
            case 254: s.kind = src_kind::pv; break;
            case 238: s.kind = src_kind::loop_index; break;
            case 219:  // LDS_OQ_A, LDS_OQ_B, LDS_OQ_A_POP, LDS_OQ_B_POP: the front of a queue
            case 220:
            case 221:
            case 222:
                s.kind = src_kind::queue;
                s.index = static_cast<std::uint16_t>((sel - 219) & 1);
                s.value = sel >= 221 ? 1 : 0;  // pops both queues at the end of the group
                break;
            default: refused = refusal::source; break;
        }
    }
    return s;
}

[[nodiscard]] constexpr slot slot_of(const item& it, const instruction& in, refusal& refused) {
    slot s;
    s.op = in.op;
    const opcode_info& oi = info(in.op);
    s.sources = oi.sources;
    for (int n = 0; n < oi.sources && n < 3; ++n) s.src[static_cast<std::size_t>(n)] = source_of(it, in, n, refused);
    s.dst = static_cast<std::uint8_t>(field(in, field_key::dst_gpr));
    s.chan = static_cast<std::uint8_t>(field(in, field_key::dst_chan));
    s.dst_rel = field(in, field_key::dst_rel) != 0;
    s.clamp = field(in, field_key::clamp) != 0;
    s.pred_sel = static_cast<std::uint8_t>(field(in, field_key::pred_sel));
    s.index_mode = static_cast<std::uint8_t>(field(in, field_key::index_mode));
    if (oi.cat == category::alu_op2) {
        s.write = field(in, field_key::write_mask) != 0;
        s.omod = static_cast<std::uint8_t>(field(in, field_key::omod));
        s.update_pred = field(in, field_key::update_pred) != 0;
        s.update_exec = field(in, field_key::update_exec_mask) != 0;
        s.exec_op = static_cast<std::uint8_t>(field(in, field_key::execute_mask_op));
    } else if (oi.cat == category::lds_idx_op) {
        s.write = false;  // the results go to the queues
        constexpr field_key offset_key[] = {field_key::idx_offset_0, field_key::idx_offset_1, field_key::idx_offset_2,
                                            field_key::idx_offset_3, field_key::idx_offset_4, field_key::idx_offset_5};
        for (std::uint32_t b = 0; b < 6; ++b) s.lds_offset = static_cast<std::uint8_t>(s.lds_offset | (field(in, offset_key[b]) << b));
    }
    // 64-bit instructions: no input modifier on a low dword or an integer operand (alu64.hpp).
    if (is_wide(in.op))
        for (std::uint32_t n = 0; n < 3; ++n)
            if (low_dword(in.op, s.chan, n)) s.src[n].neg = s.src[n].abs = false;
    // Relative addressing through AR.X or the loop index; GLOBAL modes address the same GPRs
    // (one wavefront: thread-relative and absolute coincide).
    const bool relative = s.dst_rel || s.src[0].rel || s.src[1].rel || s.src[2].rel;
    if (relative && s.index_mode != 0 && s.index_mode != 4 && s.index_mode != 5 && s.index_mode != 6) refused = refusal::index_mode;
    return s;
}

[[nodiscard]] constexpr fetch_fields fetch_of(const item& it) {
    using k = field_key;
    const instruction& in = it.slots[0];
    fetch_fields f;
    f.words = in.dwords;
    const auto u8 = [&](k key) { return static_cast<std::uint8_t>(field(in, key)); };
    f.src_gpr = u8(k::src_gpr);
    f.dst_gpr = u8(k::dst_gpr);
    f.src_rel = field(in, k::src_rel) != 0 || field(in, k::src_rel_mode) == 1;  // GDS: REL_LOOP
    f.dst_rel = field(in, k::dst_rel) != 0 || field(in, k::dst_rel_mode) == 1;
    f.whole_quad = field(in, k::fetch_whole_quad) != 0;
    f.writes = in.op != opcode::tex_set_gradients_h && in.op != opcode::tex_set_gradients_v && in.op != opcode::tex_set_texture_offsets;
    f.src_sel = {u8(k::src_sel_x), u8(k::src_sel_y), u8(k::src_sel_z), u8(k::src_sel_w)};
    f.dst_sel = {u8(k::dst_sel_x), u8(k::dst_sel_y), u8(k::dst_sel_z), u8(k::dst_sel_w)};
    const bool vertex = info(in.op).cat == category::vtx;
    f.resource = u8(vertex ? k::buffer_id : k::resource_id);
    f.sampler = u8(k::sampler_id);
    if (!vertex) f.texel_offset = {u8(k::offset_x), u8(k::offset_y), u8(k::offset_z)};
    else f.offset = static_cast<std::uint16_t>(field(in, k::offset));
    f.elem_size = u8(k::elem_size);
    f.burst = u8(k::burst_cnt);
    f.indexed = field(in, k::indexed) != 0;
    f.array_base = static_cast<std::uint16_t>(field(in, k::array_base));
    f.array_size = static_cast<std::uint16_t>(field(in, k::array_size));
    f.semantic = u8(k::semantic_id);
    return f;
}

}  // namespace detail

[[nodiscard]] constexpr descriptor describe_item(const item& it) {
    descriptor d;
    d.kind = it.kind;
    d.op = it.cf.op;
    d.target = it.target;
    d.offset = it.offset;
    if (it.kind == item_kind::group) {
        d.count = it.count;
        for (std::size_t i = 0; i < it.count; ++i) {
            d.slots[i] = detail::slot_of(it, it.slots[i], d.refused);
            if (!executes(it.slots[i].op) && !lds_executes(it.slots[i].op)) d.refused = refusal::opcode;
            d.wide = d.wide || is_wide(it.slots[i].op);
            d.lds = d.lds || info(it.slots[i].op).cat == category::lds_idx_op;
            for (const source& src : d.slots[i].src) d.pops = d.pops || (src.kind == src_kind::queue && src.value);
        }
        return d;
    }
    if (it.kind == item_kind::fetch) {
        d.op = it.slots[0].op;
        d.fetch = detail::fetch_of(it);
        d.fetch.cond = static_cast<std::uint8_t>(detail::field(it.cf, field_key::cond));
        d.fetch.cf_const = static_cast<std::uint8_t>(detail::field(it.cf, field_key::cf_const));
        if (!fetch_executes(d.op)) d.refused = refusal::opcode;
        return d;
    }
    if (it.kind != item_kind::cf) return d;
    d.pop_count = static_cast<std::uint8_t>(detail::field(it.cf, field_key::pop_count));
    d.cond = static_cast<std::uint8_t>(detail::field(it.cf, field_key::cond));
    d.cf_const = static_cast<std::uint8_t>(detail::field(it.cf, field_key::cf_const));
    d.cf_count = static_cast<std::uint16_t>(detail::field(it.cf, field_key::count));
    d.jump_sel = static_cast<std::uint8_t>(detail::field(it.cf, field_key::jumptable_sel));
    if (it.cf.op == opcode::cf_jumptable && d.jump_sel >= 4) d.refused = refusal::index_mode;  // INDEX_0/1: not modelled
    if (info(it.cf.op).cat == category::cf_alloc_export) {
        d.type = static_cast<std::uint8_t>(detail::field(it.cf, field_key::type));
        d.array_base = static_cast<std::uint16_t>(detail::field(it.cf, field_key::array_base));
        d.rw_gpr = static_cast<std::uint8_t>(detail::field(it.cf, field_key::rw_gpr));
        d.rw_rel = detail::field(it.cf, field_key::rw_rel) != 0;
        d.burst = static_cast<std::uint8_t>(detail::field(it.cf, field_key::burst_count));
        d.swizzle = {static_cast<std::uint8_t>(detail::field(it.cf, field_key::sel_x)),
                     static_cast<std::uint8_t>(detail::field(it.cf, field_key::sel_y)),
                     static_cast<std::uint8_t>(detail::field(it.cf, field_key::sel_z)),
                     static_cast<std::uint8_t>(detail::field(it.cf, field_key::sel_w))};
        d.index_gpr = static_cast<std::uint8_t>(detail::field(it.cf, field_key::index_gpr));
        d.elem_size = static_cast<std::uint8_t>(detail::field(it.cf, field_key::elem_size));
        d.comp_mask = static_cast<std::uint8_t>(detail::field(it.cf, field_key::comp_mask));
        d.array_size = static_cast<std::uint16_t>(detail::field(it.cf, field_key::array_size));
        if (memory_export(it.cf.op)) return d;
        if (rat_export(it.cf.op)) {
            d.rat_id = static_cast<std::uint8_t>(detail::field(it.cf, field_key::rat_id));
            d.rat_inst = static_cast<std::uint8_t>(detail::field(it.cf, field_key::rat_inst));
            if (detail::field(it.cf, field_key::rat_index_mode) != 0) d.refused = refusal::index_mode;  // CF_IDX0/1: not modelled
            return d;
        }
    }
    if (it.cf.op == opcode::cf_global_wave_sync) {
        d.gws_op = static_cast<std::uint8_t>(detail::field(it.cf, field_key::gws_opcode));
        d.gws_resource = static_cast<std::uint8_t>(detail::field(it.cf, field_key::resource));
        d.gws_value = static_cast<std::uint16_t>(detail::field(it.cf, field_key::value));
        d.gws_sign = detail::field(it.cf, field_key::sign) != 0;
        // VAL_INDEX_MODE / RSRC_INDEX_MODE add a CF index register, which is not modelled.
        if (detail::field(it.cf, field_key::val_index_mode) || detail::field(it.cf, field_key::rsrc_index_mode)) d.refused = refusal::index_mode;
        return d;
    }
    switch (it.cf.op) {
        case opcode::cf_nop:
        case opcode::cf_end:
        case opcode::cf_push:
        case opcode::cf_pop:
        case opcode::cf_jump:
        case opcode::cf_else:
        case opcode::cf_loop_start:
        case opcode::cf_loop_start_no_al:
        case opcode::cf_loop_start_dx10:
        case opcode::cf_loop_end:
        case opcode::cf_loop_break:
        case opcode::cf_loop_continue:
        case opcode::cf_call:
        case opcode::cf_call_fs:
        case opcode::cf_return:
        case opcode::cf_kill:
        case opcode::cf_wait_ack:
        case opcode::cf_set_priority:
        case opcode::cf_halt:
        case opcode::cf_lds_dealloc:
        case opcode::cf_push_wqm:
        case opcode::cf_pop_wqm:
        case opcode::cf_else_wqm:
        case opcode::cf_reactivate:
        case opcode::cf_reactivate_wqm:
        case opcode::cf_emit_vertex:
        case opcode::cf_emit_cut_vertex:
        case opcode::cf_cut_vertex:
        case opcode::cf_alloc_export_export:
        case opcode::cf_alloc_export_export_done:
        case opcode::cf_tc:
        case opcode::cf_tc_ack:
        case opcode::cf_gds:
        case opcode::cf_jump_any:
        case opcode::cf_jumptable:
        case opcode::cf_interrupt:
        case opcode::cf_interrupt_and_sleep: break;
        default: d.refused = refusal::opcode; break;
    }
    return d;
}

}  // namespace ctisa::cayman::exec
