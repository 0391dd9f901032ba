// SPDX-License-Identifier: MIT
// The canonical text: one statement a line, "OPCODE[R|H][.type][.S24|.U24|.HI][.CC0|.CC1]
// [.SAT|.SSAT][.NTC] operands;", single spaces after commas, swizzles in xyzw, a test of CC0
// without its digit. Printing then parsing gives the same program; printing is idempotent.
#pragma once

#include <string_view>

#include "../core/text/writer.hpp"
#include "parser.hpp"

namespace ctisa::nvasm {

namespace detail {

template <class Sink>
constexpr void print_swizzle(Sink& out, const swizzle& s) {
    if (s.count == 0) return;
    const bool identity = s.select[0] == 0 && s.select[1] == 1 && s.select[2] == 2 && s.select[3] == 3;
    const bool single = s.select[0] == s.select[1] && s.select[1] == s.select[2] && s.select[2] == s.select[3];
    if (identity && s.count == 4) return out.append(".xyzw");
    out.push('.');
    for (std::size_t i = 0; i < (single ? 1u : 4u); ++i) out.push("xyzw"[s.select[i]]);
}

template <class Sink>
constexpr void print_test(Sink& out, const cc_test& t) {
    out.append(cc_rule_names[static_cast<std::size_t>(t.rule)]);
    if (t.reg == 1) out.push('1');
    print_swizzle(out, t.swizzle);
}

template <class Sink>
constexpr void print_source(Sink& out, const operand& s) {
    if (s.negate) out.push('-');
    if (s.absolute) out.push('|');
    if (s.negate_inside) out.push('-');
    out.append(s.ref.view());
    print_swizzle(out, s.swizzle);
    if (s.absolute) out.push('|');
}

template <class Sink>
constexpr void print_modifiers(Sink& out, const instruction_part& op) {
    out.append(info(op.code).mnemonic);
    if (op.precision != precision::none) out.push(op.precision == precision::r ? 'R' : 'H');
    if (op.type != data_type::none) out.append(op.type == data_type::f ? ".F" : op.type == data_type::s ? ".S" : ".U");
    if (op.multiply != multiply_mode::none)
        out.append(op.multiply == multiply_mode::s24 ? ".S24" : op.multiply == multiply_mode::u24 ? ".U24" : ".HI");
    if (op.cc != cc_update::none) out.append(op.cc == cc_update::cc0 ? ".CC0" : ".CC1");
    if (op.clamp != clamp::none) out.append(op.clamp == clamp::sat ? ".SAT" : ".SSAT");
    if (op.ntc) out.append(".NTC");
}

template <class Sink>
constexpr void print_texture(Sink& out, const texture_access& t) {
    out.append(", texture");
    if (t.unit_written) {
        out.push('[');
        text::write_unsigned(out, t.unit);
        out.push(']');
    }
    out.append(", ");
    out.append(texture_targets[static_cast<std::size_t>(t.target) - 1].name);
    if (t.offset_count == 0) return;
    out.append(", (");
    for (std::size_t i = 0; i < t.offset_count; ++i) {
        if (i) out.append(", ");
        if (t.offset[i] < 0) out.push('-');
        text::write_unsigned(out, static_cast<std::uint64_t>(t.offset[i] < 0 ? -t.offset[i] : t.offset[i]));
    }
    out.push(')');
}

template <class Sink>
constexpr void print_instruction(Sink& out, const instruction& ins) {
    const instruction_part& op = ins.op;
    print_modifiers(out, op);
    const auto& f = forms[static_cast<std::size_t>(info(op.code).form)];
    const char* sep = " ";
    std::size_t source = 0;
    for (std::size_t k = 0; k < f.count; ++k) {
        switch (f.slots[k]) {
            case slot::result:
                out.append(sep), out.append(op.result.ref.view());
                if (op.result.mask != 0) {
                    out.push('.');
                    for (unsigned c = 0; c < 4; ++c)
                        if (op.result.mask & (1u << c)) out.push("xyzw"[c]);
                }
                if (op.result.cc.present) out.append(" ("), print_test(out, op.result.cc), out.push(')');
                break;
            case slot::vector:
            case slot::scalar:
            case slot::vector_no_swizzle: out.append(sep), print_source(out, op.sources[source++]); break;
            case slot::optional_vector:
                if (op.source_count) out.append(sep), print_source(out, op.sources[source++]);
                break;
            case slot::extended_swizzle:
                for (const auto& c : op.extended) {
                    out.append(sep);
                    if (c.negate) out.push('-');
                    out.push("xyzw01"[c.select]);
                    sep = ", ";
                }
                break;
            case slot::texture: print_texture(out, op.texture); break;
            case slot::label: out.append(sep), out.append(ins.label.view()); break;
            case slot::cc_test: out.append(sep), print_test(out, op.test); break;
            case slot::cc_mask:
                if (op.test.present) out.append(" ("), print_test(out, op.test), out.push(')');
                break;
            case slot::kill_condition:
                out.append(sep);
                if (op.test.present) print_test(out, op.test);
                else print_source(out, op.sources[0]);
                break;
            case slot::none: break;
        }
        sep = ", ";
    }
}

template <class Sink>
constexpr void print_declaration(Sink& out, const declaration_part& d) {
    for (std::size_t i = 0; i < variable_modifiers.size(); ++i)
        if (d.modifiers & (1u << i)) out.append(variable_modifiers[i].name), out.push(' ');
    out.append(declarations[static_cast<std::size_t>(d.keyword)].keyword);
    out.push(' ');
    const bool named = d.keyword != declaration::option && d.keyword != declaration::primitive_in && d.keyword != declaration::primitive_out &&
                       d.keyword != declaration::vertices_out;
    if (!named) return out.append(d.init.view());
    out.append(d.name.view());
    if (d.keyword == declaration::temp) return;
    if (d.array_size >= 0) {
        out.push('[');
        if (d.array_size > 0) text::write_unsigned(out, static_cast<std::uint64_t>(d.array_size));
        out.push(']');
    }
    out.append(d.list ? " = { " : " = ");
    out.append(d.init.view());
    if (d.list) out.append(" }");
}

}  // namespace detail

// One statement without its ';' (the engine's print: core ends the statements that are
// terminated()).
template <class Sink>
constexpr void print_unterminated(Sink& out, const instruction& ins) {
    switch (ins.kind) {
        case statement_kind::header: out.append(headers[static_cast<std::size_t>(ins.stage)].text); break;
        case statement_kind::option:
        case statement_kind::declaration: detail::print_declaration(out, ins.decl); break;
        case statement_kind::instruction: detail::print_instruction(out, ins); break;
        case statement_kind::label: out.append(ins.label.view()), out.push(':'); break;
        case statement_kind::end: out.append("END"); break;
        case statement_kind::none: break;
    }
}

// One statement as a program writes it, ';' included where it has one; without its line break.
template <class Sink>
constexpr void print(Sink& out, const instruction& ins) {
    print_unterminated(out, ins);
    if (terminated(ins)) out.push(';');
}

// The whole program, one statement a line.
template <class Sink, class Program>
constexpr void print_program(Sink& out, const Program& p) {
    for (const auto& ins : p.statements) {
        print(out, ins);
        out.push('\n');
    }
}

}  // namespace ctisa::nvasm
