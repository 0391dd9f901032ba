// SPDX-License-Identifier: MIT
// The stream decoder's fast path: an image laid out the way layout() lays it out (each clause right
// after the clauses of the CF instructions before it, a fetch clause on a 16-byte boundary, nothing
// after the last) decoded in one pass, clause by clause in text order, straight into statements.
// It accepts only images the reference path (isa.hpp's text_order over decode_program) accepts,
// and gives the same statements: the same unit checks, the same group rules; anything else (an
// error anywhere, a shared clause, a clause out of place) it leaves to the reference path, which
// names the error. tests/cayman/decoder_test.cpp compares the two.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "../core/contract.hpp"
#include "layout.hpp"
#include "program.hpp"
#include "syntax.hpp"

namespace ctisa::cayman::detail {

// CF lines as the disassembler writes them: the first CF line of a shared clause labelled, the
// others' ADDR naming it (jump targets are CF addresses, as AMD's listings print them).
inline void label_targets(std::vector<decoded<statement>>& out) {
    std::vector<std::size_t> at;  // CF address -> index in `out` (CF lines come in CF order)
    for (std::size_t i = 0; i < out.size(); ++i)
        if (out[i].instruction.role == unit_role::cf) at.push_back(i);
    for (const std::size_t i : at) {
        const statement& s = out[i].instruction;
        if (!(s.written & addr_by_label)) continue;
        const std::uint32_t target = detail::value_or_zero(s.in, field_key::addr);
        if (target < at.size()) out[at[target]].instruction.written |= labelled;  // decode_program checked the range
    }
}

// ALU_EXTENDED and the CF_ALU pair after it (read_cf checked it is one) as one statement, syntax.hpp's
// written_extended. False when a CF instruction names the pair's second half (a jump there, or a clause
// it owns shared): the text labels lines, and has none for it.
inline bool merge_extended(std::vector<decoded<statement>>& out) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < out.size(); ++i, ++kept) {
        decoded<statement> d = out[i];
        if (d.instruction.role == unit_role::cf && d.instruction.in.op == opcode::cf_alu_alu_extended) {
            const statement& pair = out[++i].instruction;
            if (pair.written & labelled) return false;
            d.instruction.in = {pair.in.op, {pair.in.dwords[0], pair.in.dwords[1], d.instruction.in.dwords[0], d.instruction.in.dwords[1]}};
            d.instruction.written =
                static_cast<std::uint8_t>((pair.written & ~labelled) | (d.instruction.written & labelled) | written_extended);
            d.size = 16;
        }
        out[kept] = d;
    }
    out.resize(kept);
    return true;
}

// Each ALU group's literal slots on its lines, as the parser's resolve() puts them (syntax.hpp's
// close_group): the dwords on every line of the group, their slots' mask. When a slot holds a
// nonzero dword no source reads, every literal slot of the group is listed as its own line
// (listed_literal), else none is (the sources' inline values carry them).
inline void attach_literals(std::vector<decoded<statement>>& out) {
    for (std::size_t i = 0; i < out.size();) {
        if (out[i].instruction.role != unit_role::alu) {
            ++i;
            continue;
        }
        std::size_t end = i + 1, literal_end;
        while (end < out.size() && out[end].instruction.role == unit_role::alu && !(out[end].instruction.written & group_start)) ++end;
        for (literal_end = end; literal_end < out.size() && out[literal_end].instruction.role == unit_role::literal;) ++literal_end;
        std::array<std::uint32_t, 4> values{};
        for (std::size_t j = end; j < literal_end && j < end + 2; ++j)
            for (std::size_t d = 0; d < 2; ++d) values[2 * (j - end) + d] = out[j].instruction.in.dwords[d];
        std::uint32_t read = 0;  // the channels the group's sources name
        for (std::size_t k = i; k < end; ++k) {
            const instruction& in = out[k].instruction.in;
            for (std::size_t n = 0; n < info(in.op).sources && n < 3; ++n)
                if (value_or_zero(in, source_sel[n]) == literal_select) read |= 1u << (value_or_zero(in, source_chan[n]) & 3u);
        }
        const std::size_t slots = std::min<std::size_t>(literal_end - end, 2);
        for (std::size_t k = i; k < end; ++k) {
            out[k].instruction.literals = values;
            out[k].instruction.literal_mask = static_cast<std::uint8_t>((1u << (2 * slots)) - 1);
        }
        // The parser takes a group's slots from its LITERAL lines, in order, or (none written) from
        // the highest channel named: so when one slot must be listed, every slot of the group is.
        bool listed = slots != ((read & 0xCu) ? 2u : (read & 0x3u) ? 1u : 0u);
        for (std::size_t c = 0; c < 2 * slots; ++c) listed = listed || (values[c] != 0 && !(read & (1u << c)));
        for (std::size_t j = end; listed && j < literal_end && j < end + 2; ++j) out[j].instruction.written |= listed_literal;
        i = literal_end;
    }
}

// ALU groups and fetch instructions numbered by one counter in text order, as AMD's listings and
// the parser number them (syntax.hpp's group_start); every slot of a group carries its number.
inline void number_groups(std::vector<decoded<statement>>& out) {
    std::uint32_t groups = 0;
    bool in_group = false;
    for (auto& d : out) {
        statement& s = d.instruction;
        if (s.role == unit_role::cf) in_group = false;
        if (s.role == unit_role::fetch) {
            s.written |= group_start;
            s.cf_address = groups++;
        }
        if (s.role != unit_role::alu) continue;
        if (!in_group) {
            s.written |= group_start;
            ++groups;
        }
        s.cf_address = groups - 1;
        in_group = detail::value_or_zero(s.in, field_key::last) == 0;
    }
}

// What the fast path needs of a unit's dwords: no field the instruction does not use set
// (unused_field_set()'s table: any bit there is such a field).
[[nodiscard]] inline bool no_unused_field(const instruction& in) noexcept {
    const auto& unused = unused_bits[static_cast<std::size_t>(in.op)];
    return ((in.dwords[0] & unused[0]) | (in.dwords[1] & unused[1]) | (in.dwords[2] & unused[2])) == 0;
}

// One fetch unit decoded as unit_at() decodes it, with no unused field set; false for anything else.
[[nodiscard]] inline bool canonical_fetch(std::span<const std::uint8_t> image, std::uint32_t offset, clause kind, decoded<statement>& out,
                                          std::uint32_t& number) {
    auto in = unit_at(image, offset, kind);
    if (!in || !no_unused_field(*in)) return false;
    out = {{unit_role::fetch, *in, number++, group_start}, 16, offset};
    return true;
}

// One ALU unit: decode_alu()'s opcode and check()'s shortcut (passes() true: check() gives the
// instruction), with no unused field set; false for anything else, where the reference decides.
[[nodiscard]] inline bool canonical_alu(std::span<const std::uint8_t> image, std::uint32_t offset, instruction& in) {
    const std::uint32_t w1 = dword_at(image, offset + 4);
    const auto op = alu_opcode(w1);
    if (!op) return false;
    in = {*op, {dword_at(image, offset), w1, 0, 0}};
    return passes(in) && no_unused_field(in);
}

// Most groups are one instruction with nothing chapter 4 restricts: a one-slot opcode (no
// reduction, transcendental or 64-bit shape), no PRED_SET*, KILL* or MOVA*, no relative operand or
// UPDATE_* bit, no kcache source, a defined BANK_SWIZZLE. Such a group keeps check_group's,
// check_alu_rules' and the read ports' rules whatever else it holds (one instruction reads each
// GPR port on its own cycle), so lone_slot() lets it skip them; any other goes through them all.
// Per opcode: whether it may be such an instruction, and the bits a dword must have clear.
struct lone_slot_rule {
    std::array<std::uint32_t, 2> clear{};
    bool may = false;
};

// Built from the description alone, never from another start-up table (packed_place() reads
// encoding.hpp's `places`). The language runs inline variables' initialisers in the order they
// appear, but Clang 19 did not when these headers came from a precompiled header: this table was
// built before `places`, and the fast decoder let UPDATE_PRED bits through.
inline std::array<lone_slot_rule, opcodes.size()> make_lone_slot_rules() noexcept {  // not constexpr: see encoding.hpp's place_table
    std::array<lone_slot_rule, opcodes.size()> out{};
    constexpr std::uint8_t restricted = opcode_flag::reduction | opcode_flag::predicate | opcode_flag::kill | opcode_flag::mova;
    for (std::size_t o = 0; o < opcodes.size(); ++o) {
        const auto op = static_cast<opcode>(o);
        const opcode_info& oi = opcodes[o];
        out[o].may =
            info(oi.cat).unit == unit_kind::alu && (oi.slots == alu_slots::none || oi.slots == alu_slots::any) && (oi.flags & restricted) == 0;
        for (const field_key k : {field_key::update_pred, field_key::update_exec_mask, field_key::src0_rel, field_key::src1_rel,
                                  field_key::src2_rel, field_key::dst_rel}) {
            const std::uint32_t p = packed_place(op, k), d = (p >> 9) & 3u;
            if ((p & 511u) == 0) continue;
            if (d < 2) out[o].clear[d] |= place_mask(p);
            else out[o].may = false;
        }
    }
    return out;
}

inline const std::array<lone_slot_rule, opcodes.size()> lone_slot_rules = make_lone_slot_rules();

[[nodiscard]] inline bool lone_slot(const instruction& in) noexcept {
    const lone_slot_rule& r = lone_slot_rules[static_cast<std::size_t>(in.op)];
    if (!r.may || ((in.dwords[0] & r.clear[0]) | (in.dwords[1] & r.clear[1])) != 0) return false;
    for (const field_key k : source_sel)
        if (is_kcache(value_or_zero(in, k))) return false;
    return value_or_zero(in, field_key::bank_swizzle) < 6;
}

// An ALU clause owned by `cf` (`extended`: the ALU_EXTENDED before it, or null): read_alu_clause()'s
// groups and literal slots, then laid_out_canonically()'s rules for each group. False where either
// would fail.
[[nodiscard]] inline bool canonical_alu_clause(std::span<const std::uint8_t> image, const clause_ref& c, const instruction& cf,
                                               const instruction* extended, decoded<statement>*& out, std::uint32_t& groups) {
    std::array<instruction, 4> group{}, previous{};
    std::size_t slots = 0, previous_slots = 0;
    bool previous_mova = false;  // check_adjacent() looks only after a MOVA*
    const std::uint32_t end = c.start + c.bytes;
    for (std::uint32_t offset = c.start; offset < end;) {
        instruction& in = group[slots++];  // kept here, not read back from `out`: a store-forwarding stall a unit
        if (!canonical_alu(image, offset, in)) return false;
        if (slots == 1) ++groups;  // as number_groups() numbers them
        *out++ = decoded<statement>{{unit_role::alu, in, groups - 1, static_cast<std::uint8_t>(slots == 1 ? group_start : 0)}, 8, offset};
        offset += 8;
        if (value_or_zero(group[slots - 1], field_key::last) == 0) {
            if (slots == 4 || offset >= end) return false;
            continue;
        }
        const std::span<const instruction> g(group.data(), slots);
        const std::uint32_t literals = literal_dwords_read(g);
        for (std::uint32_t s = 0; s < literals / 2; ++s, offset += 8) {
            if (offset >= end) return false;
            *out++ = {
                {unit_role::literal, instruction{opcode{}, {dword_at(image, offset), dword_at(image, offset + 4), 0, 0}}, 0, 0}, 8, offset};
        }
        if (slots != 1 || !lone_slot(group[0])) {
            for (const instruction& in : g)
                if (check_alu_rules(in, cf, extended, offset >= end, 0).failed()) return false;
            if (!check_group(g, literals, true)) return false;
        }
        if (previous_mova && check_adjacent(std::span<const instruction>(previous.data(), previous_slots), g).failed()) return false;
        previous = group;
        previous_slots = slots;
        previous_mova = false;
        for (const instruction& in : g) previous_mova = previous_mova || (info(in.op).flags & opcode_flag::mova) != 0;
        slots = 0;
    }
    return true;
}

// The fast path: the statements of a canonically laid-out image in text order, appended to `out`
// (empty), and true; false where the reference path must decide (`out` is then unspecified).
[[nodiscard]] inline bool decode_canonical(std::span<const std::uint8_t> image, std::vector<decoded<statement>>& out) {
    if (image.size() % 8 != 0) return false;
    std::vector<program_unit> cf;
    const auto cf_end = read_cf(image, cf);
    if (!cf_end) return false;
    const std::uint32_t cf_bytes = *cf_end;
    out.resize(image.size() / 8);  // every unit takes 8 bytes or more
    decoded<statement>* next = out.data();
    std::uint32_t at = cf_bytes;      // where the next clause lies
    const instruction* extended = nullptr;
    std::uint32_t groups = 0;
    for (const program_unit& u : cf) {
        const instruction* before = extended;
        extended = info(u.in.op).mnemonic == "ALU_EXTENDED" ? &u.in : nullptr;
        if (targets_cf(u.in) && value_or_zero(u.in, field_key::addr) * 8 >= cf_bytes) return false;
        const auto c = clause_of(u.in, u.offset);
        *next++ = {{unit_role::cf, u.in, u.offset / 8, static_cast<std::uint8_t>(c ? written_addr | written_count : 0)}, 8, u.offset};
        if (!c) continue;
        // The clause where layout() puts it, or a shared one (left to the reference path).
        const std::uint32_t start = c->kind != clause::alu && at % 16 != 0 ? at + 8 : at;
        if (c->start != start || start + c->bytes > image.size()) return false;
        if (c->kind == clause::texture && c->bytes > 16 * max_texture_clause) return false;
        if (start != at && (dword_at(image, at) != 0 || dword_at(image, at + 4) != 0)) return false;
        at = start + c->bytes;
        if (c->kind == clause::alu) {
            if (!canonical_alu_clause(image, *c, u.in, before, next, groups)) return false;
        } else {
            for (std::uint32_t offset = c->start; offset < at; offset += 16)
                if (!canonical_fetch(image, offset, c->kind, *next++, groups)) return false;
        }
    }
    if (at != image.size()) return false;
    for (const program_unit& u : cf)
        if (unused_field_set(u.in)) return false;
    out.resize(static_cast<std::size_t>(next - out.data()));
    label_targets(out);
    if (!merge_extended(out)) return false;
    attach_literals(out);
    return true;
}

}  // namespace ctisa::cayman::detail
