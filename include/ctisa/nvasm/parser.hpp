// SPDX-License-Identifier: MIT
// One statement of any kind, and a whole program: the header, statements ended by ';' (several a
// line), labels ended by ':', and END, after which only comments may follow.
#pragma once

#include <string_view>

#include "../core/static_vector.hpp"
#include "declaration_parser.hpp"
#include "instruction_parser.hpp"

namespace ctisa::nvasm {

// One statement whose first word is next: a label, a declaration or an instruction. (The header
// and END are the program's: parse_program reads them.)
constexpr result<instruction> parse_statement(text::cursor& in, context& ctx) {
    const auto at = lex::at(in);
    const auto word = lex::peek_identifier(in);
    if (word.empty()) return in.fail(error_code::unexpected_character, in.token_text());
    text::cursor after = in;
    (void)lex::identifier(after);
    if (after.consume(':')) {  // a label: a subroutine starts here, outside every block
        in = after;
        if (!ctx.blocks.empty()) return text::cursor::fail_at(at, error_code::misplaced_statement, word);
        if (ctx.has_label(word)) return text::cursor::fail_at(at, error_code::duplicate_name, word);
        instruction ins;
        ins.kind = statement_kind::label;
        if (!ins.label.append(word) || !ctx.labels.push_back(ins.label)) return text::cursor::fail_at(at, error_code::program_too_long, word);
        ctx.body_started = true;
        return ins;
    }
    if (word == "OPTION") return (void)lex::identifier(in), parse_option(in, ctx, at);
    if (const auto* d = find_declaration(word);
        d && (d->kind == declaration::primitive_in || d->kind == declaration::primitive_out || d->kind == declaration::vertices_out)) {
        if (!(d->stages & ctx.stage_mask())) return text::cursor::fail_at(at, errors::wrong_stage, word);
        (void)lex::identifier(in);
        return parse_geometry_declaration(in, ctx, d->kind, word, at);
    }
    ctx.body_started = true;
    if (find_declaration(word) || find_variable_modifier(word)) {
        (void)lex::identifier(in);
        return parse_naming(in, ctx, word, at);
    }
    return parse_instruction(in, ctx);
}

// After the last statement: every CAL target defined, every block closed, the geometry
// declarations present.
constexpr error resolve(const context& ctx, text::position end_at) {
    for (const auto& c : ctx.calls)
        if (!ctx.has_label(c.label)) return text::cursor::fail_at(c.at, error_code::undefined_label, c.label);
    if (!ctx.blocks.empty()) return text::cursor::fail_at(end_at, error_code::unbalanced_structure, "END");
    if (ctx.stage == stage::geometry && ctx.geometry_decls != 7) return text::cursor::fail_at(end_at, errors::missing_declaration, "END");
    return {};
}

// A parsed program: its statements (header first, END last) and where each starts.
template <std::size_t Capacity>
struct program {
    static_vector<instruction, Capacity> statements;
    static_vector<text::position, Capacity> positions;
    nvasm::stage stage = nvasm::stage::vertex;
};

namespace detail {

template <std::size_t Capacity>
constexpr error add(program<Capacity>& p, const instruction& ins, text::position at, const text::cursor& in) {
    if (!p.statements.push_back(ins) || !p.positions.push_back(at)) return in.fail(error_code::program_too_long);
    return {};
}

constexpr result<instruction> parse_header(text::cursor& in, context& ctx) {
    for (const auto& h : headers) {
        if (!in.source().substr(in.offset()).starts_with(h.text)) continue;
        in.advance(h.text.size());
        ctx.stage = h.stage;
        ctx.have_header = true;
        instruction ins;
        ins.kind = statement_kind::header;
        ins.stage = h.stage;
        return ins;
    }
    return in.fail(error_code::missing_header, in.token_text());
}

// A statement, counted when it parses. (Its own function, whose one return is its one named
// result: GCC builds that in the caller's place, where parse_any copied each instruction.)
constexpr result<instruction> parse_counted(text::cursor& in, context& ctx) {
    result<instruction> ins = parse_statement(in, ctx);
    if (ins) ++ctx.statements;
    return ins;
}

}  // namespace detail

// Any statement, in the order a program allows them: the header first, then statements, END
// last, nothing after it. This is the ISA's parse for the engine (isa.hpp) as well.
constexpr result<instruction> parse_any(text::cursor& in, context& ctx) {
    if (!ctx.have_header) return detail::parse_header(in, ctx);
    if (ctx.ended) return in.fail(errors::text_after_end, in.token_text());
    const auto at = lex::at(in);
    if (lex::peek_identifier(in) == "END") {
        (void)lex::identifier(in);
        if (error e = resolve(ctx, at); e.failed()) return e;
        ctx.ended = true;
        instruction end;
        end.kind = statement_kind::end;
        return end;
    }
    return detail::parse_counted(in, ctx);
}

// Statements without ';': the header line, a label (its ':'), END.
[[nodiscard]] constexpr bool terminated(const instruction& ins) noexcept {
    return ins.kind != statement_kind::header && ins.kind != statement_kind::label && ins.kind != statement_kind::end;
}

// The whole program text; `ctx` is what the parser learnt (names, labels), for callers that
// want it. The text starts with its header, as the specs require.
template <std::size_t Capacity = 512>
constexpr result<program<Capacity>> parse_program(std::string_view source, context& ctx) {
    program<Capacity> p;
    text::cursor in(source, "#", ';');
    while (!ctx.have_header || in.next_statement()) {
        const auto at = ctx.have_header ? in.where() : text::position{1, 1};
        auto ins = parse_any(in, ctx);
        if (!ins) return ins.error();
        if (terminated(*ins)) {
            if (!in.at_end_of_statement()) return in.fail(error_code::trailing_characters, in.token_text());
            if (error e = in.end_statement(); e.failed()) return e;
        }
        if (error e = detail::add(p, *ins, at, in); e.failed()) return e;
    }
    if (!ctx.ended) return in.fail(errors::missing_end);
    p.stage = ctx.stage;
    return p;
}

template <std::size_t Capacity = 512>
constexpr result<program<Capacity>> parse_program(std::string_view source) {
    context ctx;
    return parse_program<Capacity>(source, ctx);
}

}  // namespace ctisa::nvasm
