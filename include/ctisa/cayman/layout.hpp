// SPDX-License-Identifier: MIT
// Laying out a whole program: the CF instructions in order, each clause where its item says (a
// listing's ADDR(n)) or else after the clause laid out before it, fetch clauses on 16-byte boundaries,
// zero padding between; each clause's ADDR and COUNT set, every ALU group checked by chapter 4's
// rules. The image decode_program reads back to the same units.
#pragma once

#include <cstddef>
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "group.hpp"
#include "program.hpp"

namespace ctisa::cayman {

struct alu_group {
    std::vector<instruction> slots;       // in slot order, LAST on the last
    std::vector<std::uint32_t> literals;  // 0, 2 or 4 dwords, as the sources read them
};

// One CF instruction and, when it starts a clause, the clause's contents. ADDR and COUNT of a clause
// instruction are the layout's to set: at `addr` (8-byte units from the program start, as a listing's
// ADDR(n) gives it) when given, else right after the clause of the item before. `shares` runs the
// clause of another item instead (its index: a clause start of the same kind with contents of its
// own), the item then has no contents.
struct cf_item {
    instruction cf{};
    std::vector<alu_group> alu;        // CF_ALU instructions
    std::vector<instruction> fetches;  // TC, TC_ACK (texture, vertex, memory read) and GDS (GDS, TF)
    std::optional<std::uint32_t> shares{};
    std::optional<std::uint32_t> addr{};
};

// The program types of chapter 2.1 (VS, HS, DS, GS, DC, PS, CS). What a layout checks depends on
// it: only a PS executes KILL (4.8.1, CF KILL in chapter 9), only a VS calls a fetch subroutine
// (CALL_FS). `unspecified` checks neither.
enum class program_kind : std::uint8_t { unspecified, vertex, hull, domain, geometry, dma_copy, pixel, compute };
inline constexpr std::array<std::string_view, 8> program_kind_names{"", "VS", "HS", "DS", "GS", "DC", "PS", "CS"};

namespace detail {

constexpr void put_dword(std::vector<std::uint8_t>& out, std::uint32_t d) {
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<std::uint8_t>(d >> (8 * b)));
}

constexpr void put(std::vector<std::uint8_t>& out, const instruction& in) {
    for (std::size_t d = 0; d < dword_count(in.op); ++d) put_dword(out, in.dwords[d]);
}

[[nodiscard]] constexpr bool fetch_fits(const instruction& fetch, clause kind) {
    const category c = info(fetch.op).cat;
    if (kind == clause::gds) return c == category::gds || c == category::tf;
    return c == category::tex || c == category::vtx || c == category::mem_rd;
}

// The constants of kcache bank `bank` (0-3) the clause may read: 0, 16 or 32.
[[nodiscard]] constexpr std::uint32_t locked_constants(const instruction& clause_cf, const instruction* extended, std::uint32_t bank) {
    constexpr std::array<field_key, 4> mode_field{field_key::kcache_mode0, field_key::kcache_mode1, field_key::kcache_mode2,
                                                  field_key::kcache_mode3};
    const std::uint32_t mode =
        bank < 2 ? detail::value_or_zero(clause_cf, mode_field[bank]) : (extended ? detail::value_or_zero(*extended, mode_field[bank]) : 0);
    return mode == 0 ? 0 : mode == 1 ? 16 : 32;
}

// 4.6.4 and 4.8.1 for one instruction of an ALU clause, at `offset` in the image: every kcache
// source inside the lines the clause's CF instructions lock, a KILL* only in the clause's last group.
[[nodiscard]] constexpr error check_alu_rules(const instruction& in, const instruction& clause_cf, const instruction* extended, bool last_group,
                                              std::uint32_t offset) {
    for (field_key name : source_sel) {
        const std::uint32_t sel = detail::value_or_zero(in, name);
        if (!is_kcache(sel)) continue;
        const std::uint32_t bank = sel < 192 ? (sel - 128) / 32 : 2 + (sel - 256) / 32;
        if ((sel - (sel < 192 ? 128 : 256)) % 32 >= locked_constants(clause_cf, extended, bank))
            return at(errors::kcache_not_locked, offset, name_of(name));
    }
    if ((info(in.op).flags & opcode_flag::kill) && !last_group) return at(errors::kill_not_last, offset, info(in.op).mnemonic);
    return {};
}

// check_alu_rules() for one ALU clause.
[[nodiscard]] constexpr result<std::uint32_t> check_alu_clause(const cf_item& item, const instruction* extended, std::uint32_t start) {
    std::uint32_t offset = start;
    for (std::size_t g = 0; g < item.alu.size(); ++g) {
        for (const instruction& in : item.alu[g].slots) {
            if (error e = check_alu_rules(in, item.cf, extended, g + 1 == item.alu.size(), offset); e.failed()) return e;
            offset += 8;
        }
        offset += static_cast<std::uint32_t>(item.alu[g].literals.size() * 4);
    }
    return offset;
}

[[nodiscard]] constexpr const instruction* extended_before(const std::vector<cf_item>& items, std::size_t i) {
    return i > 0 && info(items[i - 1].cf.op).mnemonic == "ALU_EXTENDED" ? &items[i - 1].cf : nullptr;
}

// Items running another item's clause: each gets that clause's ADDR and COUNT, and an ALU clause's
// kcache constants must lie in the lines this instruction locks too.
[[nodiscard]] constexpr error place_shared(std::vector<cf_item>& items) {
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (!items[i].shares) continue;
        const auto from = static_cast<std::uint32_t>(8 * i), owner = *items[i].shares;
        const auto mine = clause_of(items[i].cf, 0);
        const bool owns = owner < items.size() && !items[owner].shares && clause_of(items[owner].cf, 0);
        const clause_ref theirs = owns ? *clause_of(items[owner].cf, 0) : clause_ref{};
        if (!mine || !owns || mine->kind != theirs.kind || !items[i].alu.empty() || !items[i].fetches.empty())
            return at(errors::not_a_clause, from, "shared clause");
        if (theirs.kind == clause::alu)
            if (auto ok = check_alu_clause(cf_item{items[i].cf, items[owner].alu, {}, {}}, extended_before(items, i), theirs.start); !ok)
                return ok.error();
        auto with_addr = set(items[i].cf, field_key::addr, theirs.start / 8);
        auto with_count = with_addr ? set(*with_addr, field_key::count, theirs.bytes / (theirs.kind == clause::alu ? 8 : 16) - 1) : with_addr;
        if (!with_count) return error{with_count.error().code, 0, 0, from, with_count.error().subject};
        items[i].cf = *with_count;
    }
    return {};
}

// Chapter 2.1's restrictions by program type, on the laid-out items (clause ADDRs set).
[[nodiscard]] constexpr error check_program_kind(const std::vector<cf_item>& items, program_kind kind) {
    if (kind == program_kind::unspecified) return {};
    for (std::size_t i = 0; i < items.size(); ++i) {
        const instruction& cf = items[i].cf;
        if (info(cf.op).cat == category::cf && info(cf.op).mnemonic == "KILL" && kind != program_kind::pixel)
            return at(errors::kill_outside_pixel, 8 * i, "KILL");
        if (info(cf.op).cat == category::cf && info(cf.op).mnemonic == "CALL_FS" && kind != program_kind::vertex)
            return at(errors::call_fs_outside_vertex, 8 * i, "CALL_FS");
        std::uint32_t offset = 8 * detail::value_or_zero(cf, field_key::addr);
        for (const alu_group& g : items[i].alu) {
            for (const instruction& in : g.slots) {
                if ((info(in.op).flags & opcode_flag::kill) && kind != program_kind::pixel)
                    return at(errors::kill_outside_pixel, offset, info(in.op).mnemonic);
                offset += 8;
            }
            offset += static_cast<std::uint32_t>(4 * g.literals.size());
        }
    }
    return {};
}

}  // namespace detail

namespace detail {

// Where a clause starts: at the address its item gives, else at `next` (the end of the clause laid
// out before it), a fetch or GDS clause on the next 16-byte boundary (table 3.2: an ALU clause needs
// 8-byte alignment, a texture-cache clause 16; GDS instructions are 16 bytes as fetches are).
[[nodiscard]] constexpr std::uint32_t clause_start(std::optional<std::uint32_t> addr, clause kind, std::uint32_t next) noexcept {
    if (addr) return 8 * *addr;
    return kind != clause::alu && next % 16 != 0 ? next + 8 : next;
}

// clause_start() for an item, checked: an address the ADDR field holds, past the CF program, a fetch
// clause on a 16-byte boundary (the errors at the CF instruction, offset `from`).
[[nodiscard]] constexpr result<std::uint32_t> place_clause(const cf_item& item, clause kind, std::uint32_t next, std::uint32_t cf_bytes,
                                                           std::uint32_t from) {
    if (item.addr)
        if (auto fits = set(item.cf, field_key::addr, *item.addr); !fits) return error{fits.error().code, 0, 0, from, "ADDR"};
    const std::uint32_t start = clause_start(item.addr, kind, next);
    if (start < cf_bytes) return at(errors::clause_out_of_range, from, "ADDR");
    if (kind != clause::alu && start % 16 != 0) return at(errors::clause_misaligned, from, "ADDR");
    return start;
}

// One clause's bytes, laid at `start` of the image: its groups checked (errors at their offsets in
// the image) and its literal slots after them, or its fetch instructions. The clause's COUNT + 1.
[[nodiscard]] constexpr result<std::uint32_t> clause_bytes(const std::vector<cf_item>& items, std::size_t i, clause kind, std::uint32_t start,
                                                           bool units_checked, std::vector<std::uint8_t>& out) {
    const cf_item& item = items[i];
    const auto from = static_cast<std::uint32_t>(8 * i);
    std::uint32_t count = 0;
    if (kind != clause::alu) {
        for (const instruction& f : item.fetches) {
            if (!fetch_fits(f, kind)) return at(ctisa::errors::misplaced_statement, from, info(f.op).mnemonic);
            put(out, f);
        }
        return static_cast<std::uint32_t>(item.fetches.size());
    }
    if (auto ok = check_alu_clause(item, extended_before(items, i), start); !ok) return ok.error();
    for (std::size_t k = 0; k < item.alu.size(); ++k) {
        const alu_group& g = item.alu[k];
        const std::uint32_t here = start + static_cast<std::uint32_t>(out.size());
        if (auto ok = check_group(g.slots, g.literals.size(), units_checked); !ok)
            return error{ok.error().code, 0, 0, here + ok.error().offset, ok.error().subject};
        if (error e = k > 0 ? check_adjacent(item.alu[k - 1].slots, g.slots) : error{}; e.failed())
            return error{e.code, 0, 0, here + e.offset, e.subject};
        for (const instruction& in : g.slots) put(out, in);
        for (std::uint32_t d : g.literals) put_dword(out, d);
        count += static_cast<std::uint32_t>(g.slots.size() + g.literals.size() / 2);
    }
    return count;
}

// A clause's place in the image: [start, end), and the CF instruction that put it there.
struct clause_span {
    std::uint32_t start = 0, end = 0, from = 0;
};

// The clause's bytes written at its place (zero padding up to it), refused where it overlaps one
// placed before (only searched when it starts before the image's end: in order, none is).
[[nodiscard]] constexpr error write_clause(std::vector<std::uint8_t>& image, std::vector<clause_span>& placed, clause_span c,
                                           const std::vector<std::uint8_t>& bytes) {
    if (c.start < image.size())
        for (const clause_span& p : placed)
            if (c.start < p.end && p.start < c.end) return at(errors::clause_overlap, c.from, "ADDR");
    placed.push_back(c);
    while (image.size() < c.end) image.push_back(0);  // pushed: see image_offsets in isa.hpp on sized constructors
    for (std::size_t b = 0; b < bytes.size(); ++b) image[c.start + b] = bytes[b];
    return {};
}

// layout(); units_checked: every ALU instruction has passed check() already (a decoded program's).
[[nodiscard]] constexpr result<std::vector<std::uint8_t>> lay_out(std::vector<cf_item> items, program_kind kind, bool units_checked) {
    if (items.empty() || items.back().cf.op != *find_opcode(category::cf, "END"))
        return at(errors::missing_end, items.empty() ? 0 : 8 * (items.size() - 1));
    const auto cf_bytes = static_cast<std::uint32_t>(8 * items.size());
    std::vector<std::uint8_t> image;
    for (std::uint32_t b = 0; b < cf_bytes; ++b) image.push_back(0);  // the CF instructions last, their clauses placed
    std::vector<clause_span> placed;
    std::uint32_t next = cf_bytes;
    for (std::size_t i = 0; i < items.size(); ++i) {
        cf_item& item = items[i];
        const auto ref = detail::clause_of(item.cf, 0);
        const auto from = static_cast<std::uint32_t>(8 * i);
        if (item.shares) continue;  // place_shared
        if (detail::targets_cf(item.cf) && detail::value_or_zero(item.cf, field_key::addr) >= items.size())
            return at(errors::target_out_of_range, from, "ADDR");  // what decode_program refuses
        if ((!ref || ref->kind != clause::alu) && !item.alu.empty()) return at(ctisa::errors::misplaced_statement, from, "ALU clause");
        if ((!ref || ref->kind == clause::alu) && !item.fetches.empty()) return at(ctisa::errors::misplaced_statement, from, "fetch clause");
        if (!ref) continue;
        const auto start = place_clause(item, ref->kind, next, cf_bytes, from);
        if (!start) return start.error();
        std::vector<std::uint8_t> bytes;
        const auto count = clause_bytes(items, i, ref->kind, *start, units_checked, bytes);
        if (!count) return count.error();
        if (*count == 0) return at(ctisa::errors::missing_operand, from, "COUNT");
        if (ref->kind == clause::texture && *count > max_texture_clause) return at(errors::clause_too_long, from, "COUNT");
        next = *start + static_cast<std::uint32_t>(bytes.size());
        if (error e = write_clause(image, placed, {*start, next, from}, bytes); e.failed()) return e;
        auto with_addr = set(item.cf, field_key::addr, *start / 8);
        auto with_count = with_addr ? set(*with_addr, field_key::count, *count - 1) : with_addr;
        if (!with_count) return error{with_count.error().code, 0, 0, from, with_count.error().subject};
        item.cf = *with_count;
    }
    if (error e = detail::place_shared(items); e.failed()) return e;
    if (error e = detail::check_program_kind(items, kind); e.failed()) return e;
    std::vector<std::uint8_t> cf;
    for (const cf_item& item : items) detail::put(cf, item.cf);
    for (std::size_t b = 0; b < cf.size(); ++b) image[b] = cf[b];
    return image;
}

}  // namespace detail

// The program image. Errors: the last CF instruction is not END (missing_end, at its offset); a
// clause address inside the CF program (clause_out_of_range), a fetch clause's off a 16-byte
// boundary (clause_misaligned) or a clause overlapping one placed before (clause_overlap), at the CF
// instruction; a
// group breaking chapter 4 (its kind, at the instruction's offset in the image); a texture-cache
// clause over 16 instructions (clause_too_long) or any clause too long for COUNT (value_out_of_range); contents on an instruction that starts no
// such clause, or fetches of the wrong clause kind (misplaced_statement); a kcache constant outside the clause's locked lines or a KILL* before
// the clause's last group (their kinds, at the instruction); a shared clause that is not another
// item's own clause of the same kind, or with contents of its own (not_a_clause, at the sharer); a jump,
// loop or call target past the last CF instruction (target_out_of_range); with
// a program kind, KILL outside a PS (kill_outside_pixel) and CALL_FS outside a VS
// (call_fs_outside_vertex), at the instruction.
[[nodiscard]] constexpr result<std::vector<std::uint8_t>> layout(std::vector<cf_item> items, program_kind kind = program_kind::unspecified) {
    return detail::lay_out(std::move(items), kind, false);
}

}  // namespace ctisa::cayman
