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

// A source as one static object. The per-statement templates below take it by reference: a
// compiler looking up one of their thousands of specializations then compares an address, where
// with the text itself as their argument GCC hashed the whole text at each lookup (2,000 lines of
// Valhall: 120 s and 1 GB, quadratic in the length).
template <fixed_string Source>
inline constexpr auto source_object = Source;

// Compile-time assembly of independent statements, one a constant evaluation: a compiler's step
// limit for one constant expression (Clang's is about a million) then bounds a line, not a program.
template <class Isa, const auto& Source>
struct statement_by_statement_of {
    static constexpr std::string_view source = Source.view();
    static constexpr char terminator = contract::terminator<Isa>();
    static constexpr auto marks = statement_marks<Isa, statement_bound(Source.view(), contract::terminator<Isa>())>(Source.view());
    // consteval functions, not lambdas: a lambda's call operator is an ordinary function that GCC
    // carries into its call graph, one per statement (half of the compile time of a long snippet).
    template <std::size_t I>
    static consteval auto parse_one() {
        text::cursor in = contract::cursor<Isa>(Source.view(), marks[I]);
        context_t<Isa> ctx{};
        return parse_statement<Isa>(in, ctx);
    }
    template <std::size_t I>
    static constexpr auto parsed = parse_one<I>();
    template <std::size_t I>
    static consteval auto encode_one() {
        if constexpr (encodes_units<Isa>) {
            auto bytes = contract::encode_parsed<Isa>(*parsed<I>);
            if (!bytes)
                return decltype(bytes){error{bytes.error().code, marks[I].line, column_of<Isa>(marks[I]), 0,
                                             subject_of(bytes.error(), Source.view(), marks[I], contract::terminator<Isa>())}};
            return bytes;
        } else {
            return result<std::array<std::uint8_t, 0>>{};
        }
    }
    template <std::size_t I>
    static constexpr auto encoded = encode_one<I>();
    template <std::size_t I>
    static consteval error error_of() {
        if constexpr (!parsed<I>.ok()) return parsed<I>.error();
        else return encoded<I>.error();
    }
    // The first error of statements [B, E), split in halves: folds over hundreds of statements
    // would exceed the compilers' nesting limits.
    template <std::size_t B, std::size_t E>
    static consteval error first_error() {
        if constexpr (E - B == 0) {
            return {};
        } else if constexpr (E - B == 1) {
            return error_of<B>();
        } else {
            const error e = first_error<B, B + (E - B) / 2>();
            return e.failed() ? e : first_error<B + (E - B) / 2, E>();
        }
    }
    static constexpr error failure = first_error<0, marks.size()>();

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
