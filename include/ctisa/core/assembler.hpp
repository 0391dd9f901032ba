// SPDX-License-Identifier: MIT
// The assembler engine, generic over ISAs (the contract: contract.hpp): text to a program at
// compile time (assemble<Isa, "...">), a check usable in static_assert (try_assemble), and text to
// an image at run time (assemble_bytes). Decoding and printing: disassembler.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <string_view>
#include <utility>
#include <vector>

#include "contract.hpp"
#include "disassembler.hpp"
#include "fixed_string.hpp"
#include "rejection.hpp"
#include "result.hpp"
#include "statements.hpp"
#include "static_vector.hpp"
#include "text/cursor.hpp"

namespace ctisa {

// An assembled program: its statements and its image, sized exactly (no bytes for a text-only
// ISA). A structural type, so a constexpr program can be a template argument (the executor's
// compiled path takes one).
template <class Instruction, std::size_t N, std::size_t Bytes>
struct program {
    std::array<Instruction, N> instructions{};
    std::array<std::uint8_t, Bytes> bytes{};

    [[nodiscard]] static constexpr std::size_t size() noexcept { return N; }
    [[nodiscard]] static constexpr std::size_t size_bytes() noexcept { return Bytes; }
};

// Image sinks for link(): bytes into a vector, into fixed storage, or only counted.
struct vector_image {
    std::vector<std::uint8_t> bytes;
    std::vector<std::size_t> unit_ends;  // the offset after each unit
    void push(std::uint8_t b) { bytes.push_back(b); }
    template <class Unit>
    void append(const Unit& unit) {
        bytes.insert(bytes.end(), unit.begin(), unit.end());
    }
    void end_unit() { unit_ends.push_back(bytes.size()); }
};
template <std::size_t Capacity>
struct static_image {
    static_vector<std::uint8_t, Capacity> bytes;
    bool overflow = false;
    constexpr void push(std::uint8_t b) noexcept { overflow = !bytes.push_back(b) || overflow; }
    constexpr void end_unit() noexcept {}
};
struct counting_image {
    std::size_t size = 0;
    constexpr void push(std::uint8_t) noexcept { ++size; }
    constexpr void end_unit() noexcept {}
};

// The statements a try_assemble of an ISA with a program context or a layout of its own can hold.
inline constexpr std::size_t try_assemble_capacity = 1024;

// Checks a source without keeping its image: the number of statements, or the first error.
// Usable in static_assert for negative tests: static_assert(!try_assemble<isa>("bogus")).
template <class Isa>
constexpr result<std::size_t> try_assemble(std::string_view src) {
    if constexpr (contract::statements_independent<Isa>()) {
        std::size_t n = 0;
        const error e = for_each_statement<Isa>(src, [&](const typename Isa::instruction& ins, text::position at) {
            if constexpr (encodes_units<Isa>) {
                auto bytes = contract::encode_parsed<Isa>(ins);
                if (!bytes) return error{bytes.error().code, at.line, at.column, 0, bytes.error().subject};
            }
            ++n;
            return error{};
        });
        if (e.failed()) return e;
        return n;
    } else {
        auto parsed = parse_program<Isa, try_assemble_capacity>(src);
        if (!parsed) return parsed.error();
        if constexpr (encodes_units<Isa>) {
            counting_image out;
            const auto& p = *parsed;
            const error e = contract::link<Isa>(std::span<const typename Isa::instruction>(p.statements.begin(), p.statements.size()), p.context,
                                                out, contract::origin::parser);
            if (e.failed()) return p.at_statement(e);
        }
        return parsed->statements.size();
    }
}

namespace detail {

template <binary_isa Isa>
result<vector_image> assemble_image(const statement_list<Isa>& program, contract::origin from) {
    vector_image out;
    out.unit_ends.reserve(program.statements.size());
    const error e = contract::link<Isa>(std::span<const typename Isa::instruction>(program.statements), program.context, out, from);
    if (e.failed()) return program.at_statement(e);
    return out;
}

}  // namespace detail

// Run-time assembly: the image and where each unit ends, or the first error. A statement list
// may have been changed since it was read, so its statements are validated again.
template <binary_isa Isa>
result<vector_image> assemble_image(const statement_list<Isa>& program) {
    return detail::assemble_image<Isa>(program, contract::origin::any);
}
template <binary_isa Isa>
result<vector_image> assemble_image(std::string_view src) {
    auto program = read_statements<Isa>(src);
    if (!program) return program.error();
    return detail::assemble_image<Isa>(*program, contract::origin::parser);
}

// Run-time assembly to bytes.
template <binary_isa Isa>
result<std::vector<std::uint8_t>> assemble_bytes(std::string_view src) {
    auto image = assemble_image<Isa>(src);
    if (!image) return image.error();
    return std::move(image->bytes);
}

namespace detail {

// Where each statement of a source starts.
template <class Isa, std::size_t Capacity>
constexpr static_vector<text::cursor::mark_t, Capacity> statement_marks(std::string_view src) {
    static_vector<text::cursor::mark_t, Capacity> out;
    text::cursor in = contract::cursor<Isa>(src);
    while (in.next_statement()) {
        (void)out.push_back(in.mark());
        skip_statement(in);
    }
    return out;
}

template <class Isa>
constexpr std::uint32_t column_of(text::cursor::mark_t at) noexcept {
    return static_cast<std::uint32_t>(at.pos - at.line_start + 1);
}

// What an encoding error is about: its subject, or else the text of the statement at `at`.
constexpr std::string_view subject_of(const error& e, std::string_view src, text::cursor::mark_t at, char terminator) noexcept {
    if (!e.subject.empty()) return e.subject;
    const std::string_view rest = src.substr(at.pos);
    return rest.substr(0, at_most(rest.find('\n'), rest.find(terminator)));
}

// A source as one static object. The per-chunk templates below take it by reference: a compiler
// looking up one of their specializations then compares an address, where with the text itself as
// their argument GCC hashed the whole text at each lookup (quadratic in the length).
template <fixed_string Source>
inline constexpr auto source_object = Source;

// Independent statements are assembled a chunk at a time, each chunk one constant evaluation: a
// compiler's step limit for one constant expression (Clang's is about a million; a Valhall or
// ATTILA statement takes a few thousand steps, about a hundred a character) then bounds a chunk,
// not a program. A chunk ends once its text reaches chunk_chars (a longer statement is a chunk of
// its own) or it holds chunk_statements. One evaluation a statement made the compilers
// instantiate and keep templates a statement: 500 lines of ATTILA took GCC 31 s (5 s in chunks).
inline constexpr std::size_t chunk_chars = 1024;
inline constexpr std::size_t chunk_statements = 64;

// Where each chunk starts in `marks` (statement indices), then the number of statements.
template <std::size_t Capacity, class Marks>
constexpr static_vector<std::size_t, Capacity> chunk_starts(const Marks& marks) {
    static_vector<std::size_t, Capacity> out;
    for (std::size_t i = 0, begin = 0; i < marks.size(); ++i)
        if (i == 0 || marks[i].pos - marks[begin].pos >= chunk_chars || i - begin >= chunk_statements) (void)out.push_back(begin = i);
    (void)out.push_back(marks.size());
    return out;
}

// A chunk's statements and their image, or the chunk's first error.
template <class Instruction, std::size_t N, std::size_t Bytes>
struct assembled_chunk {
    std::array<Instruction, N> instructions{};
    static_vector<std::uint8_t, Bytes> bytes{};
    error failure{};
};

template <class Isa, const auto& Source>
struct statement_by_statement_of {
    static constexpr std::string_view source = Source.view();
    static constexpr char terminator = contract::terminator<Isa>();
    static constexpr auto marks = statement_marks<Isa, statement_bound(Source.view(), contract::terminator<Isa>())>(Source.view());
    static constexpr auto starts = chunk_starts<marks.capacity() + 1>(marks);
    static constexpr std::size_t chunks = starts.size() - 1;

    // consteval functions, not lambdas: a lambda's call operator is an ordinary function that GCC
    // carries into its call graph.
    template <std::size_t C>
    static consteval auto assemble_chunk() {
        constexpr std::size_t begin = starts[C], n = starts[C + 1] - begin;
        constexpr std::size_t unit_bytes = [] {
            if constexpr (encodes_units<Isa>) return std::size_t{Isa::max_unit_bytes};
            else return std::size_t{0};
        }();
        assembled_chunk<typename Isa::instruction, n, n * unit_bytes> out{};
        for (std::size_t i = 0; i < n && !out.failure.failed(); ++i) {
            const text::cursor::mark_t at = marks[begin + i];
            text::cursor in = contract::cursor<Isa>(Source.view(), at);
            context_t<Isa> ctx{};
            const auto parsed = parse_statement<Isa>(in, ctx);
            if (!parsed) {
                out.failure = parsed.error();
            } else if constexpr (encodes_units<Isa>) {
                const auto bytes = contract::encode_parsed<Isa>(*parsed);
                if (!bytes)
                    out.failure = error{bytes.error().code, at.line, column_of<Isa>(at), 0,
                                        subject_of(bytes.error(), Source.view(), at, contract::terminator<Isa>())};
                else
                    for (std::uint8_t b : *bytes) (void)out.bytes.push_back(b);
            }
            if (!out.failure.failed()) out.instructions[i] = *parsed;
        }
        return out;
    }
    template <std::size_t C>
    static constexpr auto chunk = assemble_chunk<C>();

    // Over chunks [B, E), split in halves: folds over hundreds of chunks would exceed the
    // compilers' nesting limits.
    template <std::size_t B, std::size_t E>
    static consteval error first_error() {
        if constexpr (E - B == 0) {
            return {};
        } else if constexpr (E - B == 1) {
            return chunk<B>.failure;
        } else {
            const error e = first_error<B, B + (E - B) / 2>();
            return e.failed() ? e : first_error<B + (E - B) / 2, E>();
        }
    }
    static constexpr error failure = first_error<0, chunks>();

    template <std::size_t B, std::size_t E>
    static consteval std::size_t bytes_of_range() {
        if constexpr (E - B == 0) return 0;
        else if constexpr (E - B == 1) return chunk<B>.bytes.size();
        else return bytes_of_range<B, B + (E - B) / 2>() + bytes_of_range<B + (E - B) / 2, E>();
    }
    template <std::size_t B, std::size_t E, class Program>
    static consteval void fill(Program& p, std::size_t& at) {
        if constexpr (E - B == 1) {
            for (std::size_t i = 0; i < chunk<B>.instructions.size(); ++i) p.instructions[starts[B] + i] = chunk<B>.instructions[i];
            for (std::uint8_t b : chunk<B>.bytes) p.bytes[at++] = b;
        } else if constexpr (E - B > 1) {
            fill<B, B + (E - B) / 2>(p, at);
            fill<B + (E - B) / 2, E>(p, at);
        }
    }

    static consteval auto build() {
        program<typename Isa::instruction, marks.size(), bytes_of_range<0, chunks>()> p{};
        std::size_t at = 0;
        fill<0, chunks>(p, at);
        return p;
    }
};

template <class Isa, fixed_string Source>
using statement_by_statement = statement_by_statement_of<Isa, source_object<Source>>;

// Compile-time assembly of a program whose statements depend on each other (a context, forward
// references, a layout of its own): the whole program in one constant evaluation, then its image.
template <class Isa, fixed_string Source>
struct whole_program {
    static constexpr std::string_view source = Source.view();
    static constexpr char terminator = contract::terminator<Isa>();
    static constexpr std::size_t bound = statement_bound(Source.view(), contract::terminator<Isa>());
    static constexpr auto parsed = parse_program<Isa, bound>(Source.view());
    static constexpr std::size_t n = parsed.ok() ? parsed->statements.size() : 0;

    // An ISA with a link step lays its image out itself (clauses at the addresses the source gives,
    // padding between): its size is counted by a first link, not bounded from the statements.
    static constexpr std::size_t image_bytes = [] {
        if constexpr (encodes_units<Isa> && contract::links<Isa>) {
            counting_image count;
            if (parsed.ok())
                (void)contract::link<Isa>(std::span<const typename Isa::instruction>(parsed->statements.begin(), n), parsed->context, count,
                                          contract::origin::parser);
            return count.size;
        } else {
            return contract::max_image_bytes<Isa>(n);
        }
    }();

    static constexpr auto image = [] {
        static_image<image_bytes> out;
        result<decltype(out)> r = out;
        if (!parsed.ok()) return r;
        if constexpr (encodes_units<Isa>) {
            const auto& p = *parsed;
            error e = contract::link<Isa>(std::span<const typename Isa::instruction>(p.statements.begin(), n), p.context, r.value(),
                                          contract::origin::parser);
            if (!e.failed() && r->overflow) e = error{error_code::program_too_long, 0, 0, 0, {}};
            if (e.failed()) r = p.at_statement(e);
        }
        return r;
    }();

    static constexpr error failure = !parsed.ok() ? parsed.error() : image.error();

    static consteval auto build() {
        program<typename Isa::instruction, n, image->bytes.size()> p{};
        for (std::size_t i = 0; i < n; ++i) p.instructions[i] = parsed->statements[i];
        for (std::size_t i = 0; i < p.bytes.size(); ++i) p.bytes[i] = image->bytes[i];
        return p;
    }
};

// How a source is assembled at compile time.
template <class Isa, fixed_string Source>
using assembly = std::conditional_t<contract::statements_independent<Isa>(), statement_by_statement<Isa, Source>, whole_program<Isa, Source>>;

}  // namespace detail

// Whether a source assembles at compile time (for requires-clauses and static_assert).
template <class Isa, fixed_string Source>
inline constexpr bool assembles = !detail::assembly<Isa, Source>::failure.failed();

// Compile-time assembly: the program.
template <class Isa, fixed_string Source>
    requires assembles<Isa, Source>
consteval auto assemble() {
    return detail::assembly<Isa, Source>::build();
}

// A wrong source: declared only, returning an incomplete type, so that the compile error is the
// call, at its line in the user's file, and its one message names the kind, the snippet line and
// column and the offending text; nothing is instantiated after it, so no knock-on errors.
template <class Isa, fixed_string Source>
    requires(!assembles<Isa, Source>)
auto assemble() -> decltype(detail::rejection<detail::assembly<Isa, Source>>::type_of());

}  // namespace ctisa
