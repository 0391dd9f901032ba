// SPDX-License-Identifier: MIT
// The disassembler engine, generic over ISAs (contract.hpp): an image decoded unit by unit through
// the ISA's stream decoder, and programs printed one statement a line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "contract.hpp"
#include "result.hpp"
#include "text/writer.hpp"

namespace ctisa {

// What decoding accepts: every form the ISA can print and read back (strict), or only the
// canonical ones (a non-canonical form the ISA keeps for round trips is then an error).
enum class decode_mode : std::uint8_t { strict, canonical_only };

// Decodes an image unit by unit, in the order of the statements (the ISA's stream decoder),
// calling f(instruction) or f(instruction, offset, size) for each. Stops at the first undecodable
// unit and returns its error, with `offset` its byte offset.
template <binary_isa Isa, class F>
constexpr error for_each_decoded(std::span<const std::uint8_t> bytes, F&& f, decode_mode mode = decode_mode::strict) {
    decoder_t<Isa> decoder(bytes);
    while (!decoder.done()) {
        auto d = decoder.next();
        if (!d) return d.error();
        if (mode == decode_mode::canonical_only && !contract::is_canonical<Isa>(d->instruction))
            return error{error_code::not_canonical, 0, 0, static_cast<std::uint32_t>(d->offset), {}};
        if constexpr (std::is_invocable_v<F&, const typename Isa::instruction&, std::size_t, std::size_t>) f(d->instruction, d->offset, d->size);
        else f(d->instruction);
    }
    return {};
}

// Every instruction of an image, or the first error (see for_each_decoded).
template <binary_isa Isa>
result<std::vector<typename Isa::instruction>> decode_program(std::span<const std::uint8_t> bytes, decode_mode mode = decode_mode::strict) {
    std::vector<typename Isa::instruction> program;
    const error e = for_each_decoded<Isa>(bytes, [&](const typename Isa::instruction& in) { program.push_back(in); }, mode);
    if (e.failed()) return e;
    return program;
}

// Prints one statement and ends it: its terminator where the ISA has one (and the statement
// carries one: contract::terminated), then a newline. A statement the ISA does not list
// (Isa::listed false: Cayman's literal slots, written inline on the ALU lines) has no line.
template <class Isa, class Sink>
constexpr void print_statement(Sink& out, const typename Isa::instruction& in) {
    if constexpr (requires { Isa::listed(in); })
        if (!Isa::listed(in)) return;
    Isa::print(out, in);
    if constexpr (contract::terminator<Isa>() != '\n')
        if (contract::terminated<Isa>(in)) out.push(contract::terminator<Isa>());
    out.push('\n');
}

// Prints a program one statement a line: the canonical text of any ISA, text-only ones included.
template <class Isa, class Sink>
constexpr void print_program(Sink& out, std::span<const typename Isa::instruction> program) {
    if (std::is_constant_evaluated()) {
        for (const auto& in : program) print_statement<Isa>(out, in);
    } else {
        text::batching_sink<Sink> batch(out);
        for (const auto& in : program) print_statement<Isa>(batch, in);
    }
}

// Decodes and prints every unit, one a line; the first error as for_each_decoded.
template <binary_isa Isa, class Sink>
constexpr error disassemble(Sink& out, std::span<const std::uint8_t> bytes) {
    if (std::is_constant_evaluated())
        return for_each_decoded<Isa>(bytes, [&](const typename Isa::instruction& in) { print_statement<Isa>(out, in); });
    text::batching_sink<Sink> batch(out);
    return for_each_decoded<Isa>(bytes, [&](const typename Isa::instruction& in) { print_statement<Isa>(batch, in); });
}

// Decodes and prints every unit into a string (run time), or the first error.
template <binary_isa Isa>
result<std::string> disassemble(std::span<const std::uint8_t> bytes) {
    std::string s;
    text::string_sink sink(s);
    if (const error e = disassemble<Isa>(sink, bytes); e.failed()) return e;
    return s;
}

// Prints one statement into a string (run time), without its terminator.
template <class Isa>
std::string to_string(const typename Isa::instruction& ins) {
    std::string s;
    text::string_sink sink(s);
    Isa::print(sink, ins);
    return s;
}

// Prints a program into a string (run time), one statement a line.
template <class Isa>
std::string to_string(std::span<const typename Isa::instruction> program) {
    std::string s;
    text::string_sink sink(s);
    print_program<Isa>(sink, program);
    return s;
}

}  // namespace ctisa
