// SPDX-License-Identifier: MIT
// NV assembly's emitter (ctisa::emitter<nvasm::isa>, nvasm::emitter): the language is text, so the
// emitter's buffer is the program's canonical text, one statement a line. The same calls as every
// ISA's (core/emitter.hpp), text() the result:
//
//   nv::emitter e;
//   const ctisa::label square = e.new_label();
//   e.emit("!!NVvp4.0\nATTRIB a = vertex.attrib[0];\nTEMP t;");
//   e.emit(nv::mov(t, a)).emit(nv::cal(nv::label{}), square).emit(nv::ret());
//   e.bind(square).emit(nv::mul(t, t, t)).emit(nv::ret()).emit("END");
//   auto text = e.text();   // read back whole: every rule of a written program holds
//
// A label is an NV label (section 2.X.5), named ctisa_L<number>: bind() writes it, emit(CAL,
// label) names it as CAL's target. NV_gpu_program4 has no BRA: every other flow is structured
// (IF/ELSE/ENDIF, REP/ENDREP, BRK, CONT, RET), so CAL is the only instruction a label targets.
// Statements depend on each other (declarations, blocks, END), so text() reads the whole text
// back and reports the first error with its line and column in that text; a builder's failure
// is kept at once, with its statement index as `offset`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "../core/emitter.hpp"
#include "../core/text/writer.hpp"
#include "isa.hpp"
#include "parser.hpp"

namespace ctisa::nvasm {

class text_emitter {
public:
    using instruction = nvasm::instruction;

    text_emitter& emit(const result<instruction>& in) {
        if (failed()) return *this;
        if (!in) return fail(in.error());
        return emit(*in);
    }
    text_emitter& emit(const instruction& in) {
        if (failed()) return *this;
        text::string_sink out(text_);
        print_statement<isa>(out, in);
        ++statements_;
        return *this;
    }
    // Statements as text, appended as they are (read back with the rest by text()).
    text_emitter& emit(std::string_view source) {
        if (failed()) return *this;
        text_.append(source);
        if (!source.empty() && source.back() != '\n') text_.push_back('\n');
        statements_ += ctisa::detail::statement_bound(source, ';');
        return *this;
    }
    text_emitter& emit(const char* source) { return emit(std::string_view(source)); }

    // CAL to a label, bound before or after (CAL's target is written as the label's name).
    text_emitter& emit(const result<instruction>& call, label target) {
        if (failed()) return *this;
        if (!call) return fail(call.error());
        if (call->kind != statement_kind::instruction || call->op.code != opcode::cal)
            return fail(ctisa::error{error_code::operand_not_allowed, 0, 0, 0, "a label is the target of CAL (NV_gpu_program4 has no BRA)"});
        if (!labels_.known(target)) return fail(emit_errors::foreign_label());
        instruction in = *call;
        in.label = {};
        (void)in.label.append(name_of(target));
        if (!labels_.bound(target)) labels_.defer(fixup{static_cast<std::uint32_t>(statements_), target});
        return emit(in);
    }

    [[nodiscard]] label new_label() { return labels_.make(); }
    // Writes the label: the next statement is its.
    text_emitter& bind(label l) {
        if (failed()) return *this;
        const auto at = static_cast<std::uint32_t>(statements_);
        if (ctisa::error e = labels_.bind(l, at, static_cast<std::uint32_t>(text_.size()), [](const fixup&) { return ctisa::error{}; });
            e.failed())
            return fail(e);
        text_.append(name_of(l));
        text_.append(":\n");
        return *this;
    }
    // Where a bound label lies in text(), in characters.
    [[nodiscard]] result<std::size_t> offset_of(label l) const { return labels_.offset(l); }

    [[nodiscard]] std::size_t size() const noexcept { return statements_; }
    void reserve(std::size_t characters) { text_.reserve(characters); }
    void clear() noexcept {
        text_.clear();
        labels_.clear();
        statements_ = 0;
        error_ = {};
    }
    [[nodiscard]] bool failed() const noexcept { return error_.failed(); }
    [[nodiscard]] const ctisa::error& error() const noexcept { return error_; }
    // The text as emitted, unchecked (the "image" of a text-only ISA).
    [[nodiscard]] std::string_view code() const noexcept { return text_; }
    [[nodiscard]] std::size_t bytes_kept() const noexcept { return text_.capacity() + labels_.bytes_kept(); }

    // The program text, read back whole; or the first error (a builder's, a CAL to a label never
    // bound, or a rule the text breaks, with its line and column).
    [[nodiscard]] result<std::string> text() const {
        if (failed()) return error_;
        if (const fixup* f = labels_.waiting()) return unbound_at(f->at);
        if (auto program = read_statements<isa>(text_); !program) return program.error();
        return text_;
    }

private:
    struct fixup {
        std::uint32_t at;
        label target;
    };
    static std::string name_of(label l) { return "ctisa_L" + std::to_string(l.id); }

    text_emitter& fail(ctisa::error e) {
        if (failed()) return *this;
        e.offset = static_cast<std::uint32_t>(statements_);
        error_ = e;
        return *this;
    }

    std::string text_;
    label_table<fixup> labels_;
    std::size_t statements_ = 0;
    ctisa::error error_{};
};

}  // namespace ctisa::nvasm
