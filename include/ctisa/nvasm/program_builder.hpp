// SPDX-License-Identifier: MIT
// Whole programs from builders: the header of a stage, declarations, instructions, labels, END.
// finish() prints what was built and reads it back, so a built program obeys every rule a written
// one does (declared names, bindings of the stage, balanced blocks, defined labels).
#pragma once

#include <string_view>

#include "builder.hpp"
#include "generated/builders.hpp"

namespace ctisa::nvasm::build {

template <std::size_t Capacity = 64>
class program_builder {
public:
    constexpr explicit program_builder(nvasm::stage s) {
        instruction h;
        h.kind = statement_kind::header;
        h.stage = s;
        (void)statements_.push_back(h);
    }

    // TEMP names...; (optionally with a variable modifier such as INT).
    constexpr program_builder& temps(std::initializer_list<std::string_view> names, std::uint8_t modifiers = 0) {
        instruction d = declaration(nvasm::declaration::temp, modifiers);
        for (auto n : names) (void)((d.decl.name.empty() || d.decl.name.append(", ")) && d.decl.name.append(n));
        return add(d);
    }
    // ATTRIB, PARAM, OUTPUT, BUFFER, BUFFER4 name = initializer (one binding or constant).
    constexpr program_builder& declare(nvasm::declaration keyword, std::string_view name, std::string_view init, std::uint8_t modifiers = 0) {
        instruction d = declaration(keyword, modifiers);
        (void)d.decl.name.append(name);
        (void)d.decl.init.append(init);
        return add(d);
    }
    constexpr program_builder& label(std::string_view name) {
        instruction l;
        l.kind = statement_kind::label;
        (void)l.label.append(name);
        return add(l);
    }
    // An instruction from a builder; a failed one is kept, to be reported by finish().
    constexpr program_builder& operator()(const result<instruction>& ins) {
        if (!ins) {
            if (!failed_.failed()) failed_ = ins.error();
            return *this;
        }
        return add(*ins);
    }

    // The program, read back from its canonical text (errors name lines of that text).
    template <std::size_t TextCapacity = Capacity * 160>
    [[nodiscard]] constexpr result<program<Capacity>> finish() const {
        if (failed_.failed()) return failed_;
        if (overflow_) return error{error_code::program_too_long};
        text::text_buffer<TextCapacity> out;
        for (const auto& s : statements_) print(out, s), out.push('\n');
        out.append("END\n");
        if (out.overflowed()) return error{error_code::program_too_long};
        auto parsed = parse_program<Capacity>(out.view());
        if (parsed) return parsed;
        error e = parsed.error();
        e.subject = {};  // it pointed into this function's text
        return e;
    }

    // The program, or (in constant evaluation) a compile error naming the rule it breaks; at run
    // time a failure throws ctisa::bad_result_access.
    [[nodiscard]] constexpr program<Capacity> checked() const {
        auto r = finish();
        if (!r && std::is_constant_evaluated()) diagnostic::raise(r.error().code);
        return r.value();
    }

private:
    static constexpr instruction declaration(nvasm::declaration keyword, std::uint8_t modifiers) {
        instruction d;
        d.kind = statement_kind::declaration;
        d.decl.keyword = keyword;
        d.decl.modifiers = modifiers;
        return d;
    }
    constexpr program_builder& add(const instruction& ins) {
        overflow_ = overflow_ || !statements_.push_back(ins);
        return *this;
    }

    static_vector<instruction, Capacity> statements_;
    error failed_{};
    bool overflow_ = false;
};

}  // namespace ctisa::nvasm::build
