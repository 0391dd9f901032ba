// SPDX-License-Identifier: MIT
// The parsed structure of a statement, one "field<TAB>value" line each, for `ctisa explain nvasm`
// (DESIGN.md: an ISA of text explains what the parser made of each statement).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "printer.hpp"

namespace ctisa::nvasm {

namespace detail {

// Text a field's value is printed into (an operand's text is at most a reference_text and a few
// signs and bars around it).
using value_text = text::text_buffer<320>;

template <class F>
constexpr void number(F& f, std::string_view name, std::uint64_t value) {
    value_text t;
    text::write_unsigned(t, value);
    f(name, t.view());
}

template <class F>
constexpr void explain_source(F& f, std::string_view name, const operand& s) {
    constexpr std::array<std::string_view, 4> kinds{"none", "variable", "binding", "constant"};
    value_text t;
    t.append(kinds[static_cast<std::size_t>(s.kind)]), t.push('\t');
    print_source(t, s);
    f(name, t.view());
}

template <class F>
constexpr void explain_instruction(F& f, const instruction_part& op) {
    const auto& i = info(op.code);
    constexpr std::array<std::string_view, 4> types{"default", "F", "S", "U"};
    f("opcode", i.mnemonic);
    f("class", grammar_class_name(i.grammar));
    number(f, "row", static_cast<std::uint64_t>(op.code));
    f("type", types[static_cast<std::size_t>(op.type)]);
    if (op.precision != precision::none) f("precision", op.precision == precision::r ? "R" : "H");
    if (op.cc != cc_update::none) f("cc_update", op.cc == cc_update::cc0 ? "CC0" : "CC1");
    if (op.clamp != clamp::none) f("clamp", op.clamp == clamp::sat ? "SAT" : "SSAT");
    if (op.multiply != multiply_mode::none)
        f("multiply", op.multiply == multiply_mode::s24 ? "S24" : op.multiply == multiply_mode::u24 ? "U24" : "HI");
    if (op.ntc) f("ntc", "NTC");
    if (op.result.kind != operand_kind::none) {
        f("result", op.result.ref.view());
        number(f, "write_mask", op.result.mask ? op.result.mask : 15u);
    }
    constexpr std::array<std::string_view, 3> names{"source0", "source1", "source2"};
    for (std::size_t k = 0; k < op.source_count; ++k) explain_source(f, names[k], op.sources[k]);
    if (op.texture.target != texture_target::none) {
        number(f, "texture_unit", op.texture.unit);
        f("texture_target", texture_targets[static_cast<std::size_t>(op.texture.target) - 1].name);
    }
    const cc_test& t = op.test.present ? op.test : op.result.cc;
    if (t.present) {
        value_text v;
        print_test(v, t);
        f("cc_test", v.view());
    }
}

}  // namespace detail

// What the parser made of a statement: f(name, value) for each of its parts (the tool contract's
// explain for a language of text, core/contract.hpp).
template <class F>
constexpr void explain_fields(const instruction& ins, F&& f) {
    switch (ins.kind) {
        case statement_kind::header: f("stage", headers[static_cast<std::size_t>(ins.stage)].text); break;
        case statement_kind::instruction: detail::explain_instruction(f, ins.op); break;
        case statement_kind::option:
        case statement_kind::declaration:
            f("declaration", declarations[static_cast<std::size_t>(ins.decl.keyword)].keyword);
            if (!ins.decl.name.empty()) f("name", ins.decl.name.view());
            if (!ins.decl.init.empty()) f("value", ins.decl.init.view());
            break;
        case statement_kind::label: f("label", ins.label.view()); break;
        case statement_kind::end:
        case statement_kind::none: break;
    }
}

// The statement's canonical text, then its parts, one "name<TAB>value" line each.
template <class Sink>
constexpr void explain(Sink& out, const instruction& ins) {
    print(out, ins);
    out.push('\n');
    explain_fields(ins,
                   [&](std::string_view name, std::string_view value) { out.append(name), out.push('\t'), out.append(value), out.push('\n'); });
}

}  // namespace ctisa::nvasm
