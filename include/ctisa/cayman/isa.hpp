// SPDX-License-Identifier: MIT
// Cayman on the engine's contract (core/contract.hpp): the text of syntax.hpp, the image of
// layout.hpp as the link step, and a stream decoder giving decode_program's units in text order
// (each CF instruction, then its clause; a clause shared by several CF instructions under the first,
// the others naming it). Decoding accepts only images the text reproduces byte for byte: fields
// the instruction does not use are zero, clauses lie anywhere past the CF program (each CF line
// prints its clause's ADDR(n), which the assembler honours) with zeros between, nothing after the last.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/assembler.hpp"
#include "../core/format.hpp"
#include "../core/isa_functions.hpp"
#include "canonical_decoding.hpp"
#include "layout.hpp"
#include "listing.hpp"
#include "syntax.hpp"

namespace ctisa::cayman {

namespace detail {

[[nodiscard]] constexpr std::uint32_t unit_bytes(const statement& s) noexcept {
    return s.role == unit_role::fetch || is_extended(s) ? 16 : s.role == unit_role::directive ? 0 : 8;
}

// The kind a `PROGRAM` line declares (the first statement), or unspecified.
[[nodiscard]] constexpr program_kind kind_of(std::span<const statement> program) noexcept {
    return !program.empty() && program[0].role == unit_role::directive ? static_cast<program_kind>(program[0].in.dwords[0])
                                                                       : program_kind::unspecified;
}

// Where layout puts each statement's unit: the CF program, then each clause where its line's ADDR(n)
// says or else after the clause before (layout.hpp's clause_start), its units one after the other.
[[nodiscard]] constexpr std::vector<std::uint32_t> image_offsets(std::span<const statement> program) {
    std::vector<std::uint32_t> out;  // pushed, not sized: Clang refuses libstdc++ 12's sized constructor in constant evaluation
    std::uint32_t cf = 0, at = 0;
    for (const statement& s : program) at += s.role == unit_role::cf ? unit_bytes(s) : 0;
    for (std::size_t i = 0; i < program.size(); ++i) {
        const statement& s = program[i];
        if (s.role == unit_role::cf) {
            out.push_back(cf);
            cf += unit_bytes(s);
            if (const auto kind = clause_kind(s.in); kind && !(s.written & addr_by_label))
                at = clause_start((s.written & written_addr) ? std::optional{value_or_zero(s.in, field_key::addr)} : std::nullopt, *kind, at);
            continue;
        }
        out.push_back(at);
        at += unit_bytes(s);
        // a group written with inline literals: its literal slots follow its last line
        if (s.role == unit_role::alu && value_or_zero(s.in, field_key::last) != 0 &&
            (i + 1 == program.size() || program[i + 1].role != unit_role::literal))
            at += 4 * static_cast<std::uint32_t>(std::popcount(s.literal_mask));
    }
    return out;
}

// The statement whose unit holds an image offset.
[[nodiscard]] constexpr std::uint32_t statement_at(const std::vector<std::uint32_t>& offsets, std::span<const statement> program,
                                                   std::uint32_t offset) {
    std::uint32_t best = 0;
    for (std::size_t i = 0; i < offsets.size(); ++i)
        if (offsets[i] <= offset && offset < offsets[i] + unit_bytes(program[i])) best = static_cast<std::uint32_t>(i);
    return best;
}

// The statements as layout's items: groups end at LAST; a group's literal slots are its LITERAL
// statements (decoded, or written as lines), or else the dwords its lines carry (written inline).
[[nodiscard]] constexpr std::vector<cf_item> items_of(std::span<const statement> program) {
    std::vector<cf_item> items;
    bool group_open = false, inline_literals = false;
    for (const statement& s : program) {
        if (s.role == unit_role::cf) {
            if (is_extended(s)) items.push_back({extension_of(s), {}, {}});
            items.push_back({instruction{s.in.op, {s.in.dwords[0], s.in.dwords[1], 0, 0}}, {}, {}});
            // A shared clause's ADDR is the CF address (the item) of the line whose clause it runs; a
            // written ADDR(n) is where the clause goes.
            if ((s.written & addr_by_label) && clause_kind(s.in)) items.back().shares = detail::value_or_zero(s.in, field_key::addr);
            else if ((s.written & written_addr) && clause_kind(s.in)) items.back().addr = detail::value_or_zero(s.in, field_key::addr);
            group_open = false;
        } else if (s.role == unit_role::alu) {
            if (!group_open) {
                items.back().alu.push_back({});
                for (std::uint32_t d = 0; d < 4; ++d)
                    if (s.literal_mask & (1u << d)) items.back().alu.back().literals.push_back(s.literals[d]);
                inline_literals = true;
            }
            items.back().alu.back().slots.push_back(s.in);
            group_open = detail::value_or_zero(s.in, field_key::last) == 0;
        } else if (s.role == unit_role::literal) {
            if (items.back().alu.empty()) items.back().alu.push_back({});
            if (inline_literals) items.back().alu.back().literals.clear();  // the slots themselves: these
            inline_literals = false;
            items.back().alu.back().literals.push_back(s.in.dwords[0]);
            items.back().alu.back().literals.push_back(s.in.dwords[1]);
        } else if (s.role == unit_role::fetch) {
            items.back().fetches.push_back(s.in);
        }
    }
    return items;
}

// What items_of() asks of a program the parser did not give (built by hand): statements print()
// can write, and no clause line before the first CF line (it would join no clause). The first
// fault, with its statement index as `offset`.
[[nodiscard]] constexpr error check_program(std::span<const statement> program) noexcept {
    bool cf_seen = false;
    for (std::size_t i = 0; i < program.size(); ++i) {
        error e = check_statement(program[i]);
        if (!e.failed() && !cf_seen && program[i].role != unit_role::cf && program[i].role != unit_role::directive)
            e = error{ctisa::errors::misplaced_statement, 0, 0, 0, role_names[static_cast<std::size_t>(program[i].role)]};
        if (e.failed()) {
            e.offset = static_cast<std::uint32_t>(i);
            return e;
        }
        cf_seen = cf_seen || program[i].role == unit_role::cf;
    }
    return {};
}

// The image of a program, or the first error with its statement index as `offset`.
template <class Sink>
constexpr error link(std::span<const statement> program, Sink& out) {
    if (const error e = check_program(program); e.failed()) return e;
    const std::vector<std::uint32_t> offsets = image_offsets(program);
    auto image = layout(items_of(program), kind_of(program));
    if (!image) {
        error e = image.error();
        e.offset = statement_at(offsets, program, e.offset);
        return e;
    }
    const std::span<const std::uint8_t> bytes(*image);
    for (std::size_t i = 0; i < program.size(); ++i) {  // a written CNT(n) is checked (ADDR(n) placed the clause)
        const statement& s = program[i];
        if (s.role != unit_role::cf || !clause_kind(s.in) || !(s.written & written_count)) continue;
        const std::uint32_t pair = offsets[i] + (is_extended(s) ? 8 : 0);  // the CF_ALU pair after an ALU_EXTENDED prefix
        const instruction laid{s.in.op, {dword_at(bytes, pair), dword_at(bytes, pair + 4), 0, 0}};
        if (get(laid, field_key::count) != get(s.in, field_key::count))
            return error{ctisa::errors::value_out_of_range, 0, 0, static_cast<std::uint32_t>(i), "CNT"};
    }
    // The units in image order: the CF program, then clause units, the literal slots written inline
    // and 8-byte pads.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> units;  // offset, bytes
    for (std::size_t i = 0; i < program.size(); ++i)
        if (program[i].role != unit_role::directive) units.emplace_back(offsets[i], unit_bytes(program[i]));
    std::sort(units.begin(), units.end());
    std::uint32_t at = 0;
    const auto emit = [&](std::uint32_t size) {
        for (std::uint32_t b = 0; b < size; ++b) out.push(bytes[at + b]);
        out.end_unit();
        at += size;
    };
    for (const auto& [offset, size] : units) {
        while (at < offset) emit(8);
        emit(size);
    }
    while (at < bytes.size()) emit(8);  // the last group's inline literal slots
    return {};
}

// Calls f(group, literal dwords, last group) for each ALU group of clause `c` of a decoded program
// (its units in memory order); false as soon as f does, or a group has more than four slots.
template <class F>
[[nodiscard]] bool for_each_alu_group(const program& p, const clause_ref& c, F&& f) {
    std::array<instruction, 4> group{};
    std::size_t slots = 0, literals = 0;
    auto v = std::lower_bound(p.units.begin(), p.units.end(), c.start, [](const program_unit& a, std::uint32_t at) { return a.offset < at; });
    const std::uint32_t end = c.start + c.bytes;
    for (; v != p.units.end() && v->offset < end; ++v) {
        if (v->role == unit_role::literal) {
            literals += 2;
        } else {
            if (slots == 0 && literals == 0 && v->role != unit_role::alu) return false;
            if (literals != 0 || slots == 4) return false;  // a literal slot before LAST: not a unit decode_program gives
            group[slots++] = v->in;
        }
        const bool closes = v->role == unit_role::alu ? detail::value_or_zero(v->in, field_key::last) != 0 : true;
        const bool next_literal = v + 1 != p.units.end() && (v + 1)->offset < end && (v + 1)->role == unit_role::literal;
        if (closes && !next_literal) {
            if (!f(std::span<const instruction>(group.data(), slots), literals, v + 1 == p.units.end() || (v + 1)->offset >= end)) return false;
            slots = literals = 0;
        }
    }
    return slots == 0;
}

// Whether laying the decoded program out again gives back the image, found without laying it out
// (text_order_by_layout does, for the error): each clause owned by the first CF instruction naming
// it starts where the layout puts it (after the CF program and the clauses before, a fetch clause
// on a 16-byte boundary), the image ends with the last clause, and each ALU clause keeps chapter 4's
// rules (check_alu_rules for its owner and each sharer, check_group and check_adjacent). False
// where unsure: the caller then lays out.
[[nodiscard]] inline bool laid_out_canonically(const program& p, std::size_t image_size) {
    std::vector<clause_ref> owned;
    std::uint32_t at = p.cf_bytes;
    const instruction* extended = nullptr;
    for (const program_unit& u : p.units) {
        if (u.role != unit_role::cf) break;
        const instruction* before = extended;
        extended = info(u.in.op).mnemonic == "ALU_EXTENDED" ? &u.in : nullptr;
        const auto c = clause_of(u.in, u.offset);
        if (!c) continue;
        const auto owner = std::find_if(owned.begin(), owned.end(), [&](const clause_ref& o) { return o.start == c->start; });
        const bool owns = owner == owned.end();
        if (owns) {
            const std::uint32_t start = c->kind != clause::alu && at % 16 != 0 ? at + 8 : at;
            if (c->start != start) return false;
            owned.push_back(*c);
            at = c->start + c->bytes;
        } else if (owner->bytes != c->bytes || owner->kind != c->kind) {
            return false;
        }
        if (c->kind != clause::alu) continue;
        std::array<instruction, 4> previous{};
        std::size_t previous_slots = 0;
        const bool ok = for_each_alu_group(p, *c, [&](std::span<const instruction> g, std::size_t literals, bool last_group) {
            for (const instruction& in : g)
                if (check_alu_rules(in, u.in, before, last_group, 0).failed()) return false;
            if (!owns) return true;
            if (!check_group(g, literals, true) || check_adjacent(std::span<const instruction>(previous.data(), previous_slots), g).failed())
                return false;
            std::copy(g.begin(), g.end(), previous.begin());
            previous_slots = g.size();
            return true;
        });
        if (!ok) return false;
    }
    return at == image_size;
}

// The units of a decoded program in text order, each checked to be one the text can write: laying
// them out again gives the image (found by laid_out_canonically, or, when that is unsure or `fast`
// is false, by laying out and comparing, which names the error).
[[nodiscard]] inline result<std::vector<decoded<statement>>> text_order(const program& p, std::span<const std::uint8_t> image,
                                                                        bool fast = true) {
    std::vector<decoded<statement>> out;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> owners;  // clause start, CF address of its first CF line
    for (const program_unit& u : p.units) {
        if (u.role != unit_role::cf) break;
        out.push_back({{unit_role::cf, u.in, u.offset / 8, static_cast<std::uint8_t>(clause_of(u.in, 0) ? written_addr | written_count : 0)},
                       8,
                       u.offset});
        const auto c = clause_of(u.in, u.offset);
        if (!c) continue;
        const auto owner = std::find_if(owners.begin(), owners.end(), [&](const auto& o) { return o.first == c->start; });
        if (owner != owners.end()) {  // a shared clause (decode_program checked it is the same clause): ADDR names the first line
            out.back().instruction.in = set(u.in, field_key::addr, owner->second).value();
            out.back().instruction.written = written_count | addr_by_label;
            continue;
        }
        owners.emplace_back(c->start, u.offset / 8);
        // decode_program's units are in memory order: the clause's are one run from its start.
        auto v =
            std::lower_bound(p.units.begin(), p.units.end(), c->start, [](const program_unit& a, std::uint32_t at) { return a.offset < at; });
        for (; v != p.units.end() && v->offset < c->start + c->bytes; ++v)
            if (v->role != unit_role::cf && v->role != unit_role::pad)
                out.push_back({{v->role, v->in, 0, 0}, v->role == unit_role::fetch ? 16u : 8u, v->offset});
    }
    for (const auto& d : out) {
        if (d.instruction.role == unit_role::literal) continue;
        if (const auto f = unused_field_set(d.instruction.in)) {
            const auto dword = static_cast<std::size_t>(dword_of(d.instruction.in.op, *f));
            return error{ctisa::errors::unused_field_set, 0, 0, static_cast<std::uint32_t>(d.offset + 4 * dword), fields[*f].name};
        }
    }
    label_targets(out);
    number_groups(out);
    const auto extended = std::find_if(out.begin(), out.end(), [](const auto& d) { return d.instruction.in.op == opcode::cf_alu_alu_extended; });
    const std::uint32_t extended_at = extended == out.end() ? 0 : extended->offset;
    if (!merge_extended(out)) return at(ctisa::errors::not_canonical, extended_at + 8, "ALU_EXTENDED");
    attach_literals(out);
    if (fast && laid_out_canonically(p, image.size())) return out;
    std::vector<statement> statements;
    for (const auto& d : out) statements.push_back(d.instruction);
    auto again = lay_out(items_of(statements), program_kind::unspecified, true);  // decode_program checked each unit
    if (!again) return again.error();
    for (std::size_t b = 0; b < image.size(); ++b)
        if (b >= again->size() || (*again)[b] != image[b]) return at(ctisa::errors::not_canonical, b, "layout");
    return out;
}

}  // namespace detail

namespace detail {

// The reference path: the whole image decoded (decode_program), then its units in text order.
[[nodiscard]] inline result<std::vector<decoded<statement>>> decode_by_reference(std::span<const std::uint8_t> image) {
    auto p = decode_program(image);
    if (!p) return p.error();
    return text_order(*p, image);
}

}  // namespace detail

// The stream decoder: the whole image checked first (decode_canonical, or where it declines the
// reference path, which names any error), then its units in text order.
class decoder {
public:
    explicit decoder(std::span<const std::uint8_t> image) {
        if (detail::decode_canonical(image, units_)) return;
        units_.clear();
        auto units = detail::decode_by_reference(image);
        if (units) units_ = std::move(*units);
        else failure_ = units.error();
    }
    [[nodiscard]] bool done() const noexcept { return !failure_.failed() && next_ >= units_.size(); }
    result<decoded<statement>> next() {
        if (failure_.failed()) {
            const error e = failure_;
            failure_ = {};
            units_.clear();
            return e;
        }
        return units_[next_++];
    }

private:
    std::vector<decoded<statement>> units_;
    std::size_t next_ = 0;
    error failure_{};
};

class program_emitter;  // emitter.hpp

// Cayman as the engine sees it.
struct isa {
    using instruction = statement;
    using context = cayman::context;
    using decoder = cayman::decoder;
    using emitter = program_emitter;  // CF program and clauses, laid out by layout()
    static constexpr std::string_view name = "cayman";
    static constexpr std::size_t max_unit_bytes = 16;

    static constexpr result<instruction> parse(text::cursor& in, context& ctx) { return cayman::parse(in, ctx); }
    static constexpr error resolve(context& ctx, std::span<instruction> program) { return cayman::resolve(ctx, program); }
    template <class Sink>
    static constexpr void print(Sink& out, const instruction& in) {
        cayman::print(out, in);
    }
    // A listing has a line for every statement but the literal slots its ALU lines write inline.
    static constexpr bool listed(const instruction& in) { return in.role != unit_role::literal || (in.written & listed_literal); }
    // One unit alone: its dwords in memory order (an extended clause's prefix first; a clause's ADDR
    // and COUNT are the link's).
    static constexpr result<static_vector<std::uint8_t, 16>> encode(const instruction& in) {
        static_vector<std::uint8_t, 16> out;
        const std::size_t dwords = detail::unit_bytes(in) / 4;
        for (std::size_t d = 0; d < dwords; ++d)
            for (int b = 0; b < 4; ++b)
                (void)out.push_back(static_cast<std::uint8_t>(in.in.dwords[is_extended(in) ? (d + 2) % 4 : d] >> (8 * b)));
        return out;
    }
    template <class Sink>
    static constexpr error link(std::span<const instruction> program, const context&, Sink& out) {
        return detail::link(program, out);
    }

    // The tool's lists: opcodes with their category as the format column, fields with chapter 9's bits.
    template <class F>
    static void for_each_opcode(F&& f) {
        cayman::for_each_opcode([&](std::string_view m, std::string_view cat, unsigned value) { f(m, cat, value, -1L); });
    }
    template <class F>
    static void for_each_field(F&& f) {
        for (const cayman::field_info& fi : fields)
            f(cayman::info(fi.format).name, ctisa::field_info{fi.name, bit_field{0, fi.lsb, static_cast<std::uint8_t>(fi.msb - fi.lsb + 1)}});
    }
    // A decoded statement's fields: f(format, field, value), literals as LITERAL.DWORD0/1.
    template <class F>
    static void explain(const instruction& s, F&& f) {
        if (s.role == unit_role::directive) return;
        if (s.role == unit_role::literal) {
            for (std::uint8_t d = 0; d < 2; ++d)
                f("LITERAL", ctisa::field_info{d == 0 ? "DWORD0" : "DWORD1", bit_field{d, 0, 32}}, s.in.dwords[d]);
            return;
        }
        if (check_statement(s).failed()) return;  // no fields to list: print() names the fault
        // An extended clause is one record: the prefix's dwords (memory dwords 0-1), then the pair's (2-3).
        const auto each = [&](const cayman::instruction& in, std::size_t first) {
            detail::for_each_own_field(in.op, [&](std::size_t i, std::size_t d, std::size_t) {
                const cayman::field_info& fi = fields[i];
                f(cayman::info(fi.format).name,
                  ctisa::field_info{fi.name,
                                    bit_field{static_cast<std::uint8_t>(first + d), fi.lsb, static_cast<std::uint8_t>(fi.msb - fi.lsb + 1)}},
                  detail::read(in.dwords[d], fi));
            });
        };
        if (is_extended(s)) each(extension_of(s), 0);
        each(s.in, is_extended(s) ? 2 : 0);
    }
};

CTISA_ISA_FUNCTIONS(isa);

static_assert(binary_isa<isa> && has_stream_decoder<isa>);

}  // namespace ctisa::cayman
