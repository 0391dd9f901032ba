// The assembler and disassembler engine, generic over ISAs.
//
// An ISA plugs in with a traits struct (see ctisa::attila::isa for one):
//   using instruction = ...;                      // a structural value type
//   static constexpr std::string_view name, comment_starts;
//   static constexpr std::size_t max_instruction_bytes;
//   static constexpr result<instruction> parse(text::cursor&);     // one statement, to end of line
//   template <class Sink> static constexpr void print(Sink&, const instruction&);
//   static constexpr result<B> encode(const instruction&);         // B: a range of bytes
//   static constexpr result<decoded<instruction>> decode(std::span<const std::uint8_t>);
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "fixed_string.hpp"
#include "result.hpp"
#include "static_vector.hpp"
#include "text/cursor.hpp"
#include "text/writer.hpp"

namespace ctisa {

template <class Instruction>
struct decoded {
    Instruction instruction{};
    std::size_t size = 0;  // bytes the instruction took
};

// An assembled program: the instructions and their encoding, sized exactly. A structural type,
// so a constexpr program can be a template argument (the executor's compiled path takes one).
template <class Instruction, std::size_t N, std::size_t Bytes>
struct program {
    std::array<Instruction, N> instructions{};
    std::array<std::uint8_t, Bytes> bytes{};

    [[nodiscard]] static constexpr std::size_t size() noexcept { return N; }
    [[nodiscard]] static constexpr std::size_t size_bytes() noexcept { return Bytes; }
};

namespace detail {

// Moves the cursor to the next statement; false at the end of the text.
constexpr bool next_statement(text::cursor& in) noexcept {
    while (!in.at_end()) {
        if (in.at_end_of_line()) {
            in.next_line();
            continue;
        }
        return true;
    }
    return false;
}

constexpr std::size_t line_count(std::string_view src) noexcept {
    std::size_t n = 1;
    for (char c : src)
        if (c == '\n') ++n;
    return n;
}

}  // namespace detail

// Calls f(instruction, position) for each statement, in order. Stops at the first error (from
// parsing, or an error f returns) and returns it; returns no error at the end of the text.
template <class Isa, class F>
constexpr error for_each_statement(std::string_view src, F&& f) {
    text::cursor in(src, Isa::comment_starts);
    while (detail::next_statement(in)) {
        const text::position at = in.where();
        auto parsed = Isa::parse(in);
        if (!parsed) return parsed.error();
        if (error e = f(*parsed, at); e.failed()) return e;
        in.next_line();
    }
    return {};
}

// The one instruction of `source` (blank and comment lines around it allowed).
template <class Isa>
constexpr result<typename Isa::instruction> parse_one(std::string_view source) {
    text::cursor in(source, Isa::comment_starts);
    if (!detail::next_statement(in)) return error{error_code::unexpected_end_of_line, in.line(), 1, 0, "instruction"};
    auto r = Isa::parse(in);
    if (r) {
        in.next_line();
        if (detail::next_statement(in)) return in.fail(error_code::trailing_characters, in.token_text());
    }
    return r;
}

// Every error of a source, one per faulty line (parsing resumes on the next line).
template <class Isa, class F>
void for_each_error(std::string_view src, F&& on_error) {
    text::cursor in(src, Isa::comment_starts);
    while (detail::next_statement(in)) {
        auto parsed = Isa::parse(in);
        if (!parsed) on_error(parsed.error());
        in.next_line();
    }
}

// Parses a whole source into at most Capacity instructions.
template <class Isa, std::size_t Capacity>
constexpr result<static_vector<typename Isa::instruction, Capacity>> parse_program(std::string_view src) {
    static_vector<typename Isa::instruction, Capacity> out;
    const error e = for_each_statement<Isa>(src, [&](const typename Isa::instruction& ins, text::position at) {
        if (!out.push_back(ins)) return error{error_code::program_too_long, at.line, at.column, 0, {}};
        return error{};
    });
    if (e.failed()) return e;
    return out;
}

// Checks a source without keeping anything: the number of instructions, or the first error.
// Usable in static_assert for negative tests: static_assert(!try_assemble<isa>("bogus"));
template <class Isa>
constexpr result<std::size_t> try_assemble(std::string_view src) {
    std::size_t n = 0;
    const error e = for_each_statement<Isa>(src, [&](const typename Isa::instruction& ins, text::position at) {
        auto bytes = Isa::encode(ins);
        if (!bytes) return error{bytes.error().code, at.line, at.column, 0, bytes.error().subject};
        ++n;
        return error{};
    });
    if (e.failed()) return e;
    return n;
}

// Run-time assembly to bytes.
template <class Isa>
result<std::vector<std::uint8_t>> assemble_bytes(std::string_view src) {
    std::vector<std::uint8_t> out;
    const error e = for_each_statement<Isa>(src, [&](const typename Isa::instruction& ins, text::position at) {
        auto bytes = Isa::encode(ins);
        if (!bytes) return error{bytes.error().code, at.line, at.column, 0, bytes.error().subject};
        out.insert(out.end(), bytes->begin(), bytes->end());
        return error{};
    });
    if (e.failed()) return e;
    return out;
}

namespace detail {

// Where each statement of a source starts.
template <class Isa, std::size_t Capacity>
constexpr static_vector<text::cursor::mark_t, Capacity> statement_marks(std::string_view src) {
    static_vector<text::cursor::mark_t, Capacity> out;
    text::cursor in(src, Isa::comment_starts);
    while (next_statement(in)) {
        (void)out.push_back(in.mark());
        in.next_line();
    }
    return out;
}

// Compile-time assembly, one statement a constant evaluation: a compiler's step limit for one
// constant expression (Clang's is about a million) then bounds a line, not a program.
template <class Isa, fixed_string Source>
struct compile_time_source {
    static constexpr auto marks = statement_marks<Isa, line_count(Source.view())>(Source.view());
    template <std::size_t I>
    static constexpr auto parsed = [] {
        text::cursor in(Source.view(), Isa::comment_starts, marks[I]);
        return Isa::parse(in);
    }();
    template <std::size_t I>
    static constexpr auto encoded = [] {
        auto bytes = Isa::encode(*parsed<I>);
        const text::cursor::mark_t at = marks[I];
        if (!bytes) return decltype(bytes){error{bytes.error().code, at.line, static_cast<std::uint32_t>(at.pos - at.line_start + 1), 0, {}}};
        return bytes;
    }();

    // The first faulty statement, as a compile error; true when there is none.
    template <std::size_t I>
    static consteval bool check() {
        if constexpr (!parsed<I>.ok()) {
            diagnostic::raise<parsed<I>.error().code, parsed<I>.error().line, parsed<I>.error().column>();
            return false;
        } else if constexpr (!encoded<I>.ok()) {
            diagnostic::raise<encoded<I>.error().code, encoded<I>.error().line, encoded<I>.error().column>();
            return false;
        } else {
            return true;
        }
    }

    // Statements [B, E), split in halves: folds over hundreds of statements would exceed the
    // compilers' nesting limits.
    template <std::size_t B, std::size_t E>
    static consteval bool check_range() {
        if constexpr (E - B == 0) return true;
        else if constexpr (E - B == 1) return check<B>();
        else return check_range<B, B + (E - B) / 2>() && check_range<B + (E - B) / 2, E>();
    }
    template <std::size_t B, std::size_t E>
    static consteval std::size_t bytes_of_range() {
        if constexpr (E - B == 0) return 0;
        else if constexpr (E - B == 1) return encoded<B>->size();
        else return bytes_of_range<B, B + (E - B) / 2>() + bytes_of_range<B + (E - B) / 2, E>();
    }
    template <std::size_t B, std::size_t E, class Program>
    static consteval void fill(Program& p, std::size_t& at) {
        if constexpr (E - B == 1) {
            p.instructions[B] = *parsed<B>;
            for (std::uint8_t b : *encoded<B>) p.bytes[at++] = b;
        } else if constexpr (E - B > 1) {
            fill<B, B + (E - B) / 2>(p, at);
            fill<B + (E - B) / 2, E>(p, at);
        }
    }

    static consteval auto build() {
        constexpr std::size_t n = marks.size();
        program<typename Isa::instruction, n, bytes_of_range<0, n>()> p{};
        std::size_t at = 0;
        fill<0, n>(p, at);
        return p;
    }
};

}  // namespace detail

// Compile-time assembly: the program, or a compile error naming the problem with its line and
// column as template arguments (ctisa::diagnostic::error<kind, line, column>).
template <class Isa, fixed_string Source>
consteval auto assemble() {
    using source = detail::compile_time_source<Isa, Source>;
    if constexpr (!source::template check_range<0, source::marks.size()>()) {
        return program<typename Isa::instruction, 0, 0>{};
    } else {
        return source::build();
    }
}

// Decodes a byte stream instruction by instruction, calling f(instruction) for each. Stops at the
// first undecodable instruction and returns its error, with `offset` the byte offset of that
// instruction.
template <class Isa, class F>
constexpr error for_each_decoded(std::span<const std::uint8_t> bytes, F&& f) {
    std::size_t offset = 0;
    while (offset < bytes.size()) {
        auto d = Isa::decode(bytes.subspan(offset));
        if (!d) {
            error e = d.error();
            e.offset = static_cast<std::uint32_t>(offset);
            return e;
        }
        f(d->instruction);
        offset += d->size;
    }
    return {};
}

// Every instruction of a byte stream, or the first error (see for_each_decoded).
template <class Isa>
result<std::vector<typename Isa::instruction>> decode_program(std::span<const std::uint8_t> bytes) {
    std::vector<typename Isa::instruction> program;
    const error e = for_each_decoded<Isa>(bytes, [&](const typename Isa::instruction& in) { program.push_back(in); });
    if (e.failed()) return e;
    return program;
}

// Decodes and prints every instruction, one a line; the first error as for_each_decoded.
template <class Isa, class Sink>
constexpr error disassemble(Sink& out, std::span<const std::uint8_t> bytes) {
    return for_each_decoded<Isa>(bytes, [&](const typename Isa::instruction& in) {
        Isa::print(out, in);
        out.push('\n');
    });
}

// Prints one instruction into a string (run time).
template <class Isa>
std::string to_string(const typename Isa::instruction& ins) {
    std::string s;
    text::string_sink sink(s);
    Isa::print(sink, ins);
    return s;
}

}  // namespace ctisa
