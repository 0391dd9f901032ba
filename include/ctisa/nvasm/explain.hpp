// SPDX-License-Identifier: MIT
// The parsed structure of a statement, one "field<TAB>value" line each, for `ctisa explain nvasm`
// (DESIGN.md: an ISA of text explains what the parser made of each statement).
#pragma once

#include <string_view>

#include "printer.hpp"

namespace ctisa::nvasm {

namespace detail {

template <class Sink>
constexpr void field(Sink& out, std::string_view name, std::string_view value) {
    out.append(name), out.push('\t'), out.append(value), out.push('\n');
}

template <class Sink>
constexpr void field(Sink& out, std::string_view name, std::uint64_t value) {
    out.append(name), out.push('\t'), text::write_unsigned(out, value), out.push('\n');
}

template <class Sink>
constexpr void explain_source(Sink& out, std::string_view name, const operand& s) {
    constexpr std::array<std::string_view, 4> kinds{"none", "variable", "binding", "constant"};
    out.append(name), out.push('\t'), out.append(kinds[static_cast<std::size_t>(s.kind)]), out.push('\t');
    print_source(out, s);
    out.push('\n');
}

template <class Sink>
constexpr void explain_instruction(Sink& out, const instruction_part& op) {
    const auto& i = info(op.code);
    constexpr std::array<std::string_view, 4> types{"default", "F", "S", "U"};
    field(out, "opcode", i.mnemonic);
    field(out, "class", grammar_class_name(i.grammar));
    field(out, "row", static_cast<std::uint64_t>(op.code));
    field(out, "type", types[static_cast<std::size_t>(op.type)]);
    if (op.precision != precision::none) field(out, "precision", op.precision == precision::r ? "R" : "H");
    if (op.cc != cc_update::none) field(out, "cc_update", op.cc == cc_update::cc0 ? "CC0" : "CC1");
    if (op.clamp != clamp::none) field(out, "clamp", op.clamp == clamp::sat ? "SAT" : "SSAT");
    if (op.multiply != multiply_mode::none)
        field(out, "multiply", op.multiply == multiply_mode::s24 ? "S24" : op.multiply == multiply_mode::u24 ? "U24" : "HI");
    if (op.ntc) field(out, "ntc", "NTC");
    if (op.result.kind != operand_kind::none) {
        field(out, "result", op.result.ref.view());
        field(out, "write_mask", op.result.mask ? op.result.mask : 15u);
    }
    constexpr std::array<std::string_view, 3> names{"source0", "source1", "source2"};
    for (std::size_t k = 0; k < op.source_count; ++k) explain_source(out, names[k], op.sources[k]);
    if (op.texture.target != texture_target::none) {
        field(out, "texture_unit", op.texture.unit);
        field(out, "texture_target", texture_targets[static_cast<std::size_t>(op.texture.target) - 1].name);
    }
    const cc_test& t = op.test.present ? op.test : op.result.cc;
    if (t.present) {
        out.append("cc_test\t");
        print_test(out, t);
        out.push('\n');
    }
}

}  // namespace detail

// The statement's canonical text, then its fields.
template <class Sink>
constexpr void explain(Sink& out, const instruction& ins) {
    print(out, ins);
    out.push('\n');
    switch (ins.kind) {
        case statement_kind::header: detail::field(out, "stage", headers[static_cast<std::size_t>(ins.stage)].text); break;
        case statement_kind::instruction: detail::explain_instruction(out, ins.op); break;
        case statement_kind::option:
        case statement_kind::declaration:
            detail::field(out, "declaration", declarations[static_cast<std::size_t>(ins.decl.keyword)].keyword);
            if (!ins.decl.name.empty()) detail::field(out, "name", ins.decl.name.view());
            if (!ins.decl.init.empty()) detail::field(out, "value", ins.decl.init.view());
            break;
        case statement_kind::label: detail::field(out, "label", ins.label.view()); break;
        case statement_kind::end:
        case statement_kind::none: break;
    }
}

}  // namespace ctisa::nvasm
