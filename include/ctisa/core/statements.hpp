// SPDX-License-Identifier: MIT
// Reading a source statement by statement, for any ISA of the contract (contract.hpp): where
// statements start and end (a line, or a terminator), the program context the parser carries from
// one statement to the next, and the resolution of forward references at the end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "contract.hpp"
#include "result.hpp"
#include "static_vector.hpp"
#include "text/cursor.hpp"

namespace ctisa {

// A statement's place in the source, for errors found after parsing (in resolve or link).
using statement_position = text::position;

namespace detail {

// Parses the statement at the cursor and moves past its end.
// (One named result and one return: GCC then builds it in the caller's place; returning errors
// as well made it copy every instruction, a twentieth of assembling NV's and AMD IL's.)
template <class Isa>
constexpr result<typename Isa::instruction> parse_statement(text::cursor& in, context_t<Isa>& ctx) {
    result<typename Isa::instruction> parsed = contract::parse<Isa>(in, ctx);
    if (parsed && contract::terminated<Isa>(*parsed)) {  // not a header line, a label, END
        if (!in.at_end_of_statement()) parsed = in.fail(error_code::trailing_characters, in.token_text());
        else if (error e = in.end_statement(); e.failed()) parsed = e;
    }
    return parsed;
}

// Moves past a statement without parsing it: to its terminator (comments skipped) or line end.
constexpr void skip_statement(text::cursor& in) noexcept {
    if (in.line_statements()) return in.next_line();
    while (!in.at_end_of_statement()) in.advance();
    in.advance();
}

// An error found after parsing (in resolve or link), whose `offset` is a statement index, placed
// at that statement's line and column.
constexpr error at_statement(error e, std::span<const statement_position> positions) noexcept {
    if (e.line == 0 && e.offset < positions.size()) {
        e.line = positions[e.offset].line;
        e.column = positions[e.offset].column;
    }
    return e;
}

// An upper bound on the statements of a source (for capacities).
constexpr std::size_t statement_bound(std::string_view src, char terminator) noexcept {
    std::size_t n = 1;
    for (char c : src)
        if (c == terminator || c == '\n') ++n;
    return n;
}

}  // namespace detail

// Calls f(instruction, position) for each statement, in order, with the context the parser
// builds. Stops at the first error (from parsing, or an error f returns) and returns it.
template <class Isa, class F>
constexpr error for_each_statement(std::string_view src, context_t<Isa>& ctx, F&& f) {
    text::cursor in = contract::cursor<Isa>(src);
    while (in.next_statement()) {
        const text::position at = in.where();
        auto parsed = detail::parse_statement<Isa>(in, ctx);
        if (!parsed) return parsed.error();
        if (error e = f(*parsed, at); e.failed()) return e;
    }
    return {};
}
template <class Isa, class F>
constexpr error for_each_statement(std::string_view src, F&& f) {
    context_t<Isa> ctx{};
    return for_each_statement<Isa>(src, ctx, f);
}

// The one statement of `source` (blanks and comments around it allowed).
template <class Isa>
constexpr result<typename Isa::instruction> parse_one(std::string_view source) {
    text::cursor in = contract::cursor<Isa>(source);
    if (!in.next_statement()) return error{error_code::unexpected_end_of_line, in.line(), 1, 0, "instruction"};
    context_t<Isa> ctx{};
    auto r = detail::parse_statement<Isa>(in, ctx);
    if (r && in.next_statement()) return in.fail(error_code::trailing_characters, in.token_text());
    return r;
}

// Every error of a source, one per faulty statement (parsing resumes at the next statement).
template <class Isa, class F>
void for_each_error(std::string_view src, F&& on_error) {
    text::cursor in = contract::cursor<Isa>(src);
    context_t<Isa> ctx{};
    while (in.next_statement()) {
        const text::cursor::mark_t start = in.mark();
        auto parsed = detail::parse_statement<Isa>(in, ctx);
        if (parsed) continue;
        on_error(parsed.error());
        in = contract::cursor<Isa>(src, start);
        detail::skip_statement(in);
    }
}

// A parsed program: its statements, where each starts, and the context after the last.
template <class Isa, std::size_t Capacity>
struct parsed_program {
    static_vector<typename Isa::instruction, Capacity> statements;
    static_vector<statement_position, Capacity> positions;
    context_t<Isa> context{};

    [[nodiscard]] constexpr error at_statement(error e) const noexcept {
        return detail::at_statement(e, std::span<const statement_position>(positions.begin(), positions.size()));
    }
};

// Parses a whole source into at most Capacity statements, forward references resolved.
template <class Isa, std::size_t Capacity>
constexpr result<parsed_program<Isa, Capacity>> parse_program(std::string_view src) {
    parsed_program<Isa, Capacity> out;
    error e = for_each_statement<Isa>(src, out.context, [&](const typename Isa::instruction& in, text::position at) {
        if (!out.statements.push_back(in) || !out.positions.push_back(at)) return error{error_code::program_too_long, at.line, at.column, 0, {}};
        return error{};
    });
    if (e.failed()) return e;
    e = contract::resolve<Isa>(out.context, std::span<typename Isa::instruction>(out.statements.begin(), out.statements.size()));
    if (e.failed()) return out.at_statement(e);
    return out;
}

// A source read at run time: its statements, where each starts, and the context after the last.
template <class Isa>
struct statement_list {
    std::vector<typename Isa::instruction> statements;
    std::vector<statement_position> positions;
    context_t<Isa> context{};

    [[nodiscard]] error at_statement(error e) const noexcept { return detail::at_statement(e, positions); }
};

// Every statement of a source (run time, no capacity), forward references resolved; calls
// on_error for each faulty statement and returns the first error, or none.
template <class Isa, class OnError>
error read_statements(std::string_view src, statement_list<Isa>& out, OnError&& on_error) {
    error first{};
    const auto report = [&](const error& e) {
        if (!first.failed()) first = e;
        on_error(e);
    };
    // Room for every statement at once: growing by copies cost a tenth of assembling (AMD IL's
    // instructions are 260 bytes).
    const std::size_t bound = detail::statement_bound(src, contract::terminator<Isa>());
    out.statements.reserve(out.statements.size() + bound);
    out.positions.reserve(out.positions.size() + bound);
    text::cursor in = contract::cursor<Isa>(src);
    while (in.next_statement()) {
        const text::cursor::mark_t start = in.mark();
        const text::position at = in.where();
        auto parsed = detail::parse_statement<Isa>(in, out.context);
        if (parsed) {
            out.statements.push_back(*parsed);
            out.positions.push_back(at);
            continue;
        }
        report(parsed.error());
        in = contract::cursor<Isa>(src, start);
        detail::skip_statement(in);
    }
    if (first.failed()) return first;
    if (error e = contract::resolve<Isa>(out.context, std::span<typename Isa::instruction>(out.statements)); e.failed())
        report(out.at_statement(e));
    return first;
}
template <class Isa>
result<statement_list<Isa>> read_statements(std::string_view src) {
    statement_list<Isa> out;
    if (error e = read_statements<Isa>(src, out, [](const error&) {}); e.failed()) return e;
    return out;
}

}  // namespace ctisa
