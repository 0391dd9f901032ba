// SPDX-License-Identifier: MIT
// Cayman's emitter (ctisa::emitter<cayman::isa>, cayman::emitter): the CF program and its clauses,
// laid out by layout() when bytes are asked for. The same calls as every ISA's (core/emitter.hpp):
//
//   cm::emitter e;
//   const ctisa::label done = e.new_label();
//   e.emit(cm::alu<cm::opcode::alu_op2_add>(R(0, x), R(1, x), one));  // opens an ALU clause
//   e.emit(cm::cf("JUMP"), done);        // a CF instruction: ADDR is the label's CF address
//   e.bind(done).emit(cm::cf("END"));    // bind closes the clause: the label names a CF instruction
//
// What each emit() takes:
//   a CF instruction (cf(), alu_clause(), an alu_extended_clause, a decoded one): the next CF
//     instruction; one that starts a clause (CF_ALU, TC, GDS) collects what follows
//   alu<Op>() and alu() results: a group of one; group() results: a group; reduction(),
//     slot_by_slot() and spread() results: their slots as one group. Into the open ALU clause, or
//     a plain ALU clause opened for them (also when the open one is full: 128 slots; a full plain
//     ALU clause continues in a copy of itself, its kcache locks kept)
//   texture(), vertex_fetch() and other fetch units: into the open fetch clause (TC, or GDS for
//     GDS/TF), or a TC opened for them
//   text: statements of the listing syntax read as a whole program of their own (its CF
//     instructions and their clauses appended)
// A label is a CF address: emit(cf, label) sets the ADDR of a jump, else, loop or call (any CF
// instruction whose ADDR names a CF instruction); bind(label) names the next CF instruction. The
// flow is structured by the hardware's own stack (PUSH/POP, LOOP_START/END): ctisa invents none.
//
// Memory: the clause contents are kept as their encoded dwords (8 bytes an ALU slot, 4 a literal,
// 16 a fetch), the CF instructions as instructions (20 bytes each); bytes() decodes the clauses
// back into groups and calls layout(), which checks chapter 4's group rules. offset_of(label)
// is the label's byte offset in bytes() (8 times its CF address).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../core/code_buffer.hpp"
#include "../core/emitter.hpp"
#include "builder.hpp"
#include "isa.hpp"
#include "layout.hpp"
#include "unit_builders.hpp"

namespace ctisa::cayman {

class program_emitter {
public:
    using instruction = cayman::instruction;

    explicit constexpr program_emitter(program_kind kind = program_kind::unspecified) noexcept : kind_(kind) {}

    // An ALU instruction: a group of one (LAST set, its literals after it).
    constexpr program_emitter& emit(const result<alu_op>& op) {
        if (failed()) return *this;
        if (!op) return fail(op.error());
        return put_group_of_one(*op);
    }
    constexpr program_emitter& emit(const alu_op& op) {
        if (failed()) return *this;
        return put_group_of_one(op);
    }
    constexpr program_emitter& emit(const result<alu_group>& g) {
        if (failed()) return *this;
        if (!g) return fail(g.error());
        if (!open(clause::alu, static_cast<std::uint32_t>(8 * g->slots.size() + 4 * g->literals.size()))) return *this;
        for (const instruction& slot : g->slots) put_dwords(slot.dwords.data(), 2);
        put_dwords(g->literals.data(), g->literals.size());
        ++statements_;
        return *this;
    }
    // Several slots of one instruction (reduction(), slot_by_slot(), spread()): one group.
    constexpr program_emitter& emit(const result<std::vector<alu_op>>& ops) {
        if (failed()) return *this;
        if (!ops) return fail(ops.error());
        return emit(group(std::span<const alu_op>(*ops)));
    }
    constexpr program_emitter& emit(const result<extended_clause>& ext) {
        if (failed()) return *this;
        if (!ext) return fail(ext.error());
        return emit(ext->extended).emit(ext->clause);
    }
    // A CF instruction, or a fetch unit (its clause opened where none is).
    constexpr program_emitter& emit(const result<instruction>& in) {
        if (failed()) return *this;
        if (!in) return fail(in.error());
        return emit(*in);
    }
    constexpr program_emitter& emit(const instruction& in) {
        if (failed()) return *this;
        const unit_kind unit = info(info(in.op).cat).unit;
        if (unit == unit_kind::fetch) {
            const category c = info(in.op).cat;
            if (!open(c == category::gds || c == category::tf ? clause::gds : clause::texture, 16)) return *this;
            put_dwords(in.dwords.data(), 4);
            ++statements_;
            return *this;
        }
        if (unit == unit_kind::alu) return put_group_of_one(alu_op{in, {}});
        if (unit == unit_kind::literal) return fail(ctisa::error{ctisa::errors::misplaced_statement, 0, 0, 0, "literal slot"});
        cf_.push_back(cf_entry{in, static_cast<std::uint32_t>(clauses_.size()), static_cast<std::uint32_t>(clauses_.size())});
        const auto starts = detail::clause_of(in, 0);
        open_ = starts && info(in.op).mnemonic != "ALU_EXTENDED" ? open_kind(starts->kind) : 0;
        ++statements_;
        return *this;
    }
    // Text in the listing syntax: a program of its own, its CF instructions and clauses appended (the
    // clauses laid out with the emitter's: the text's ADDR(n) are addresses in its own image).
    program_emitter& emit(std::string_view source);
    program_emitter& emit(const char* source) { return emit(std::string_view(source)); }

    // A CF instruction whose ADDR is the label's CF address.
    template <class T>
    constexpr program_emitter& emit(const T& branch, label target) {
        if (failed()) return *this;
        const result<instruction>& r = branch;
        if (!r) return fail(r.error());
        if (!detail::targets_cf(*r))
            return fail(ctisa::error{ctisa::errors::operand_not_allowed, 0, 0, 0, "a label is the ADDR of a CF jump, else, loop or call"});
        if (!labels_.known(target)) return fail(emit_errors::foreign_label());
        const auto at = static_cast<std::uint32_t>(cf_.size());
        auto placed = set(*r, field_key::addr, labels_.bound(target) ? labels_.statement(target) : 0);
        if (!placed) return fail(placed.error());
        if (!labels_.bound(target)) labels_.defer(fixup{at, target});
        return emit(*placed);
    }

    [[nodiscard]] constexpr label new_label() { return labels_.make(); }
    // The label names the next CF instruction (the open clause is closed: what follows starts a
    // clause of its own, at the label).
    constexpr program_emitter& bind(label l) {
        if (failed()) return *this;
        const auto at = static_cast<std::uint32_t>(cf_.size());
        open_ = 0;
        const ctisa::error e = labels_.bind(l, at, 8 * at, [&](const fixup& f) -> ctisa::error {
            auto placed = set(cf_[f.at].cf, field_key::addr, at);
            if (!placed) return placed.error();
            cf_[f.at].cf = *placed;
            return {};
        });
        if (e.failed()) return fail(e);
        return *this;
    }
    [[nodiscard]] constexpr result<std::size_t> offset_of(label l) const { return labels_.offset(l); }

    // Statements emitted: CF instructions, groups and fetch units.
    [[nodiscard]] constexpr std::size_t size() const noexcept { return statements_; }
    constexpr void reserve(std::size_t bytes) { clauses_.reserve(bytes); }
    constexpr void clear() noexcept {
        cf_.clear();
        clauses_.clear();
        labels_.clear();
        statements_ = 0;
        open_ = 0;
        error_ = {};
    }
    [[nodiscard]] constexpr bool failed() const noexcept { return error_.failed(); }
    [[nodiscard]] constexpr const ctisa::error& error() const noexcept { return error_; }
    // The clauses' contents as emitted (their dwords, clause after clause).
    [[nodiscard]] constexpr std::span<const std::uint8_t> code() const noexcept { return clauses_.view(); }
    [[nodiscard]] constexpr std::size_t bytes_kept() const noexcept {
        return clauses_.capacity() + cf_.capacity() * sizeof(cf_entry) + labels_.bytes_kept();
    }

    // The CF program and its clauses as layout() takes them.
    [[nodiscard]] constexpr result<std::vector<cf_item>> items() const {
        if (failed()) return error_;
        if (const fixup* f = labels_.waiting()) return unbound_at(f->at);
        std::vector<cf_item> out;
        out.reserve(cf_.size());
        const std::span<const std::uint8_t> all = clauses_.view();
        for (const cf_entry& c : cf_) {
            cf_item item{c.cf, {}, {}, {}};
            const auto kind = detail::clause_of(c.cf, 0);
            for (std::uint32_t at = c.begin; kind && at < c.end;) {
                if (kind->kind != clause::alu) {
                    auto f = detail::unit_at(all, at, kind->kind);
                    if (!f) return f.error();
                    item.fetches.push_back(*f);
                    at += 16;
                    continue;
                }
                alu_group g;
                for (bool last = false; !last && at < c.end; at += 8) {
                    auto slot = detail::unit_at(all, at, clause::alu);
                    if (!slot) return slot.error();
                    g.slots.push_back(*slot);
                    last = detail::value_or_zero(*slot, field_key::last) != 0;
                }
                for (std::uint8_t d = 0; d < detail::literal_dwords_read(g.slots); ++d, at += 4) g.literals.push_back(detail::dword_at(all, at));
                item.alu.push_back(std::move(g));
            }
            out.push_back(std::move(item));
        }
        return out;
    }
    // The image layout() makes of them (its errors: the byte offset in the image).
    [[nodiscard]] constexpr result<std::vector<std::uint8_t>> bytes() const {
        auto all = items();
        if (!all) return all.error();
        return layout(std::move(*all), kind_);
    }
    [[nodiscard]] result<std::string> text() const {
        auto image = bytes();
        if (!image) return image.error();
        return ctisa::disassemble<isa>(*image);
    }

private:
    struct cf_entry {
        instruction cf;
        std::uint32_t begin, end;  // its clause's bytes in clauses_
    };
    struct fixup {
        std::uint32_t at;  // the CF instruction
        label target;
    };

    // The last CF instruction's clause if it is open, of this kind and has room for `bytes` more;
    // else a new clause opened: a copy of the full one where that is a plain ALU, TC or GDS (its
    // kcache locks kept), else a plain one.
    constexpr bool open(clause kind, std::uint32_t bytes) {
        if (open_ == open_kind(kind)) {
            const cf_entry& last = cf_.back();
            if (last.end - last.begin + bytes <= clause_limit(kind)) return true;
            const std::string_view m = info(last.cf.op).mnemonic;
            if (m == "ALU" || m == "TC" || m == "GDS") return continue_with(last.cf);
        }
        return continue_with(kind == clause::alu ? alu_clause("ALU").value() : cf(kind == clause::gds ? "GDS" : "TC"));
    }
    constexpr bool continue_with(instruction clause_start) {
        emit(clause_start);
        statements_ -= 1;  // opened for the unit: counted as the unit
        return !failed();
    }
    // Chapter 9's COUNT fields: 7 bits of 8-byte slots (CF_ALU_WORD1), 6 bits of fetches (CF_WORD1);
    // table 3.2: a texture-cache clause holds at most 16.
    static constexpr std::uint32_t clause_limit(clause kind) noexcept {
        return kind == clause::alu ? 128 * 8 : kind == clause::texture ? max_texture_clause * 16 : 64 * 16;
    }
    static constexpr std::uint8_t open_kind(clause kind) noexcept { return static_cast<std::uint8_t>(1 + static_cast<unsigned>(kind)); }

    constexpr void put_dwords(const std::uint32_t* d, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint8_t b[4] = {static_cast<std::uint8_t>(d[i]), static_cast<std::uint8_t>(d[i] >> 8),
                                       static_cast<std::uint8_t>(d[i] >> 16), static_cast<std::uint8_t>(d[i] >> 24)};
            clauses_.append(b);
        }
        cf_.back().end = static_cast<std::uint32_t>(clauses_.size());
    }
    // ALU_WORD0's LAST (bit 31 in both of its formats, chapter 9) closes the group; then the
    // literal dwords its sources read (two or four).
    constexpr program_emitter& put_group_of_one(const alu_op& op) {
        std::uint32_t d[6] = {op.in.dwords[0] | (1u << 31), op.in.dwords[1], 0, 0, 0, 0};
        std::size_t n = 2;
        if (op.literals[2] || op.literals[3]) n = 6;
        else if (op.literals[0] || op.literals[1]) n = 4;
        for (std::size_t ch = 0; ch + 2 < n; ++ch) d[2 + ch] = op.literals[ch].value_or(0);
        if (!open(clause::alu, static_cast<std::uint32_t>(4 * n))) return *this;
        put_dwords(d, n);
        ++statements_;
        return *this;
    }
    constexpr program_emitter& fail(ctisa::error e) {
        if (failed()) return *this;
        e.offset = static_cast<std::uint32_t>(statements_);
        error_ = e;
        return *this;
    }

    std::vector<cf_entry> cf_;
    code_buffer clauses_;
    label_table<fixup> labels_;
    std::size_t statements_ = 0;
    std::uint8_t open_ = 0;  // open_kind() of the last CF instruction's clause, if it takes what follows
    program_kind kind_;
    ctisa::error error_{};
};

inline program_emitter& program_emitter::emit(std::string_view source) {
    if (failed()) return *this;
    auto program = read_statements<isa>(source);
    if (!program) return fail(program.error());
    if (ctisa::error e = detail::check_program(program->statements); e.failed()) return fail(e);
    const auto base = static_cast<std::uint32_t>(cf_.size());
    for (cf_item& item : detail::items_of(program->statements)) {
        if (detail::targets_cf(item.cf))  // the text's CF addresses count from its own start
            item.cf = set(item.cf, field_key::addr, detail::value_or_zero(item.cf, field_key::addr) + base).value();
        open_ = 0;
        emit(item.cf);
        for (const alu_group& g : item.alu) emit(result<alu_group>(g));
        for (const instruction& f : item.fetches) emit(f);
    }
    open_ = 0;
    return *this;
}

}  // namespace ctisa::cayman
