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

template <class Isa, class Instructions>
constexpr std::size_t encoded_size(const Instructions& instructions) {
    std::size_t total = 0;
    for (const auto& ins : instructions) {
        const auto encoded = Isa::encode(ins).value();
        total += encoded.size();
    }
    return total;
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

// Compile-time assembly: the program, or a compile error naming the problem with its line and
// column as template arguments (ctisa::diagnostic::<problem><line, column>).
template <class Isa, fixed_string Source>
consteval auto assemble() {
    constexpr std::size_t capacity = detail::line_count(Source.view());
    constexpr auto parsed = parse_program<Isa, capacity>(Source.view());
    if constexpr (!parsed.ok()) {
        diagnostic::raise<parsed.error().line, parsed.error().column>(parsed.error().code);
        return program<typename Isa::instruction, 0, 0>{};
    } else {
        constexpr std::size_t n = parsed->size();
        constexpr std::size_t bytes = detail::encoded_size<Isa>(*parsed);
        program<typename Isa::instruction, n, bytes> p{};
        std::size_t at = 0;
        for (std::size_t i = 0; i < n; ++i) {
            p.instructions[i] = (*parsed)[i];
            const auto encoded = Isa::encode((*parsed)[i]).value();
            for (std::uint8_t b : encoded) p.bytes[at++] = b;
        }
        return p;
    }
}

// Decodes and prints every instruction, one a line. Stops at the first undecodable instruction
// and returns its error, with `offset` the byte offset of that instruction.
template <class Isa, class Sink>
constexpr error disassemble(Sink& out, std::span<const std::uint8_t> bytes) {
    std::size_t offset = 0;
    while (offset < bytes.size()) {
        auto d = Isa::decode(bytes.subspan(offset));
        if (!d) {
            error e = d.error();
            e.offset = static_cast<std::uint32_t>(offset);
            return e;
        }
        Isa::print(out, d->instruction);
        out.push('\n');
        offset += d->size;
    }
    return {};
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
