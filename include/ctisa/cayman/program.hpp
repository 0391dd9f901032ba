// SPDX-License-Identifier: MIT
// Total decoding of a whole Cayman program image (chapters 2 and 3): the CF program from byte 0 to
// its END, then every clause a CF instruction points to, then zero padding. Every byte is accounted
// for, or decoding stops at the first problem with its byte offset in the image.
//
// Layout rules read from the document: CF and clause addresses count 8-byte units from the program
// start (ADDR = byte offset / 8); an ALU clause holds COUNT + 1 slots of 8 bytes (instructions and
// literal slots); a texture-cache or GDS clause COUNT + 1 fetch instructions of 16 bytes and starts
// on a 16-byte boundary, a texture-cache clause at most 16 of them (table 3.2); ALU_EXTENDED is
// followed by the CF_ALU pair it extends.

// Table 3.2: the most instructions a texture-cache clause holds.
inline constexpr std::uint32_t max_texture_clause = 16;
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "decoding.hpp"
#include "errors.hpp"
#include "group.hpp"

namespace ctisa::cayman {

// directive: a text line that lays out no unit (the program kind, syntax.hpp); never decoded.
enum class unit_role : std::uint8_t { cf, alu, literal, fetch, pad, directive };

struct program_unit {
    std::uint32_t offset = 0;  // in bytes from the program start
    unit_role role = unit_role::cf;
    instruction in{};          // cf, alu, fetch: the instruction; literal: dwords[0..1]; pad: zero
    friend bool operator==(const program_unit&, const program_unit&) = default;
};

struct program {
    std::uint32_t cf_bytes = 0;       // the CF program's length
    std::vector<program_unit> units;  // memory order, covering the whole image
};

namespace detail {

struct clause_ref {
    std::uint32_t start = 0, bytes = 0;
    clause kind = clause::alu;
    std::uint32_t from = 0;  // offset of the CF instruction that points here
};

[[nodiscard]] constexpr std::uint32_t dword_at(std::span<const std::uint8_t> image, std::size_t offset) {
    return static_cast<std::uint32_t>(image[offset]) | (static_cast<std::uint32_t>(image[offset + 1]) << 8) |
           (static_cast<std::uint32_t>(image[offset + 2]) << 16) | (static_cast<std::uint32_t>(image[offset + 3]) << 24);
}

[[nodiscard]] constexpr result<instruction> unit_at(std::span<const std::uint8_t> image, std::size_t offset, clause kind) {
    const std::size_t dwords = kind == clause::texture || kind == clause::gds ? 4 : 2;
    if (offset + dwords * 4 > image.size()) return error{ctisa::errors::truncated, 0, 0, static_cast<std::uint32_t>(offset), ""};
    std::array<std::uint32_t, 4> w{};
    for (std::size_t d = 0; d < dwords; ++d) w[d] = dword_at(image, offset + 4 * d);
    auto r = decode(w, kind);
    if (!r) return error{r.error().code, 0, 0, static_cast<std::uint32_t>(offset + r.error().offset), r.error().subject};
    return r;
}

[[nodiscard]] constexpr error at(error_kind const& kind, std::size_t offset, std::string_view subject = "") {
    return error{kind, 0, 0, static_cast<std::uint32_t>(offset), subject};
}

// The clause a CF instruction starts, if it starts one.
[[nodiscard]] constexpr std::optional<clause_ref> clause_of(const instruction& in, std::uint32_t from) {
    const category c = info(in.op).cat;
    const std::string_view m = info(in.op).mnemonic;
    const std::uint32_t addr = detail::value_or_zero(in, field_key::addr) * 8, count = detail::value_or_zero(in, field_key::count) + 1;
    if (c == category::cf_alu && m != "ALU_EXTENDED") return clause_ref{addr, count * 8, clause::alu, from};
    if (c != category::cf) return std::nullopt;
    if (m == "TC" || m == "TC_ACK") return clause_ref{addr, count * 16, clause::texture, from};
    if (m == "GDS") return clause_ref{addr, count * 16, clause::gds, from};
    return std::nullopt;
}

// A CF instruction whose ADDR is a CF address (a branch, loop or call target).
[[nodiscard]] constexpr bool targets_cf(const instruction& in) {
    if (info(in.op).cat != category::cf) return false;
    const std::string_view m = info(in.op).mnemonic;
    if (m == "TC" || m == "TC_ACK" || m == "GDS" || m == "WAIT_ACK") return false;
    return info(in.op).formats[0] == static_cast<std::uint8_t>(format_id::cf_word0) && uses_field(in.op, 0);  // ADDR
}

[[nodiscard]] constexpr result<std::uint32_t> read_cf(std::span<const std::uint8_t> image, std::vector<program_unit>& units) {
    std::uint32_t offset = 0;
    for (;;) {
        if (offset + 8 > image.size()) return at(errors::missing_end, offset);
        auto cf = unit_at(image, offset, clause::cf);
        if (!cf) return cf.error();
        units.push_back({offset, unit_role::cf, *cf});
        offset += 8;
        if (info(cf->op).mnemonic == "ALU_EXTENDED") {
            if (offset + 8 > image.size()) return at(errors::missing_end, offset);
            auto next = unit_at(image, offset, clause::cf);
            if (!next) return next.error();
            if (info(next->op).cat != category::cf_alu || info(next->op).mnemonic == "ALU_EXTENDED")
                return at(errors::extended_without_clause, offset, info(next->op).mnemonic);
            units.push_back({offset, unit_role::cf, *next});
            offset += 8;
        }
        if (cf->op == *find_opcode(category::cf, "END")) return offset;
    }
}

[[nodiscard]] constexpr result<std::uint32_t> read_alu_clause(std::span<const std::uint8_t> image, const clause_ref& c,
                                                              std::vector<program_unit>& units) {
    std::uint32_t offset = c.start;
    const std::uint32_t end = c.start + c.bytes;
    std::vector<instruction> group;
    while (offset < end) {
        auto in = unit_at(image, offset, clause::alu);
        if (!in) return in.error();
        units.push_back({offset, unit_role::alu, *in});
        group.push_back(*in);
        offset += 8;
        if (detail::value_or_zero(*in, field_key::last) == 0) {
            if (group.size() == 4 || offset >= end) return at(errors::missing_last, offset - 8, "LAST");
            continue;
        }
        const std::uint32_t literal_slots = literal_dwords_read(group) / 2u;
        for (std::uint32_t s = 0; s < literal_slots; ++s, offset += 8) {
            if (offset >= end) return at(errors::clause_out_of_range, c.from, "COUNT");
            program_unit lit{offset, unit_role::literal, {}};
            lit.in.dwords[0] = dword_at(image, offset);
            lit.in.dwords[1] = dword_at(image, offset + 4);
            units.push_back(lit);
        }
        group.clear();
    }
    return offset;
}

[[nodiscard]] constexpr result<std::uint32_t> read_fetch_clause(std::span<const std::uint8_t> image, const clause_ref& c,
                                                                std::vector<program_unit>& units) {
    for (std::uint32_t offset = c.start; offset < c.start + c.bytes; offset += 16) {
        auto in = unit_at(image, offset, c.kind);
        if (!in) return in.error();
        units.push_back({offset, unit_role::fetch, *in});
    }
    return c.start + c.bytes;
}

}  // namespace detail

// Decodes a whole program image.
[[nodiscard]] constexpr result<program> decode_program(std::span<const std::uint8_t> image) {
    program out;
    if (image.size() % 8 != 0) return detail::at(ctisa::errors::truncated, image.size() - image.size() % 8);
    auto cf_end = detail::read_cf(image, out.units);
    if (!cf_end) return cf_end.error();
    out.cf_bytes = *cf_end;

    std::vector<detail::clause_ref> clauses;
    for (const program_unit& u : out.units) {
        if (detail::targets_cf(u.in) && detail::value_or_zero(u.in, field_key::addr) * 8 >= out.cf_bytes)
            return detail::at(errors::target_out_of_range, u.offset, "ADDR");
        if (auto c = detail::clause_of(u.in, u.offset)) {
            if (c->kind != clause::alu && c->start % 16 != 0) return detail::at(errors::clause_misaligned, u.offset, "ADDR");
            if (c->kind == clause::texture && c->bytes > 16 * max_texture_clause) return detail::at(errors::clause_too_long, u.offset, "COUNT");
            if (c->start < out.cf_bytes || c->start + c->bytes > image.size()) return detail::at(errors::clause_out_of_range, u.offset, "ADDR");
            clauses.push_back(*c);
        }
    }
    std::sort(clauses.begin(), clauses.end(),
              [](const auto& a, const auto& b) { return a.start < b.start || (a.start == b.start && a.from < b.from); });
    std::uint32_t covered = out.cf_bytes;
    for (std::size_t i = 0; i < clauses.size(); ++i) {
        const auto& c = clauses[i];
        if (i > 0 && c.start == clauses[i - 1].start && c.bytes == clauses[i - 1].bytes && c.kind == clauses[i - 1].kind) continue;  // shared
        if (c.start < covered) return detail::at(errors::clause_overlap, c.from, "ADDR");
        for (; covered < c.start; covered += 8) {
            if (detail::dword_at(image, covered) != 0 || detail::dword_at(image, covered + 4) != 0)
                return detail::at(errors::stray_data, covered);
            out.units.push_back({covered, unit_role::pad, {}});
        }
        auto end = c.kind == clause::alu ? detail::read_alu_clause(image, c, out.units) : detail::read_fetch_clause(image, c, out.units);
        if (!end) return end.error();
        covered = *end;
    }
    for (; covered < image.size(); covered += 8) {
        if (detail::dword_at(image, covered) != 0 || detail::dword_at(image, covered + 4) != 0) return detail::at(errors::stray_data, covered);
        out.units.push_back({covered, unit_role::pad, {}});
    }
    return out;
}

}  // namespace ctisa::cayman
