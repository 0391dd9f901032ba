// SPDX-License-Identifier: MIT
// The calls a user makes in an ISA's own namespace, written once: an ISA's isa.hpp says
// CTISA_ISA_FUNCTIONS(isa) after its traits struct, and every ISA then offers the same set, each
// the engine's generic template for that ISA (ctisa::valhall::to_string(in) is
// ctisa::to_string<valhall::isa>(in)).
//
// The list (namespace ns = ctisa::<isa>; "binary": not for a text-only ISA):
//   ns::assemble<"...">()                   compile time: the program (.instructions, .bytes) or a
//                                           compile error naming the rule, line and column
//   ns::try_assemble(text)                  result<size_t>: statements, or the first error
//                                           (static_assert(!ns::try_assemble("bogus")))
//   ns::parse(text)                         result<instruction>: one statement
//   ns::assemble_bytes(text)                binary: result<vector<uint8_t>>, the image
//   ns::assemble_image(text)                binary: result<vector_image>, the image and unit ends
//   ns::decode_program(bytes[, mode])       binary: result<vector<instruction>>
//   ns::for_each_decoded(bytes, f[, mode])  binary: f(instruction[, offset, size]) a unit; error
//   ns::disassemble(bytes)                  binary: result<std::string>, one statement a line
//   ns::disassemble(sink, bytes)            binary: the same into a sink; error
//   ns::to_string(instruction)              std::string: one statement, canonical text
//   ns::to_string(span<const instruction>)  std::string: a program, one statement a line
//   ns::emitter                             binary: ctisa::emitter<isa>, the JIT's code buffer
//                                           with labels (emitter.hpp)
// The ISA's own, by the same names in every ISA: ns::isa (its traits), ns::instruction,
// ns::encode(instruction) and ns::decode(bytes) (one unit), the builders (ns::mov(...), ...).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "assembler.hpp"
#include "disassembler.hpp"
#include "emitter.hpp"
#include "error_text.hpp"

// A macro, not templates: a function template with a fixed_string parameter cannot be aliased
// into another namespace. Functions only a binary ISA has are templates constrained on it.
#define CTISA_ISA_FUNCTIONS(Isa)                                                                                                    \
    /* Compile-time assembly: the program (its statements and image) or a compile error at the    */                                \
    /* call (the two overloads of ::ctisa::assemble).                                              */                               \
    template <::ctisa::fixed_string Source>                                                                                         \
        requires ::ctisa::assembles<Isa, Source>                                                                                    \
    consteval auto assemble() {                                                                                                     \
        return ::ctisa::assemble<Isa, Source>();                                                                                    \
    }                                                                                                                               \
    template <::ctisa::fixed_string Source>                                                                                         \
        requires(!::ctisa::assembles<Isa, Source>)                                                                                  \
    auto assemble() -> decltype(::ctisa::detail::rejection<::ctisa::detail::assembly<Isa, Source>>::type_of());                     \
    /* The number of statements of a source, or its first error: static_assert(!try_assemble(..)). */                               \
    constexpr ::ctisa::result<std::size_t> try_assemble(std::string_view source) { return ::ctisa::try_assemble<Isa>(source); }     \
    constexpr ::ctisa::result<typename Isa::instruction> parse(std::string_view source) { return ::ctisa::parse_one<Isa>(source); } \
    inline std::string to_string(const typename Isa::instruction& in) { return ::ctisa::to_string<Isa>(in); }                       \
    inline std::string to_string(std::span<const typename Isa::instruction> program) { return ::ctisa::to_string<Isa>(program); }   \
    template <class I = Isa>                                                                                                        \
        requires(::ctisa::binary_isa<I>)::ctisa::result<std::vector<std::uint8_t>>                                                  \
    assemble_bytes(std::string_view source) {                                                                                       \
        return ::ctisa::assemble_bytes<I>(source);                                                                                  \
    }                                                                                                                               \
    template <class I = Isa>                                                                                                        \
        requires(::ctisa::binary_isa<I>)::ctisa::result<::ctisa::vector_image>                                                      \
    assemble_image(std::string_view source) {                                                                                       \
        return ::ctisa::assemble_image<I>(source);                                                                                  \
    }                                                                                                                               \
    template <class I = Isa>                                                                                                        \
        requires(::ctisa::binary_isa<I>)::ctisa::result<std::vector<typename I::instruction>>                                       \
    decode_program(std::span<const std::uint8_t> bytes, ::ctisa::decode_mode mode = ::ctisa::decode_mode::strict) {                 \
        return ::ctisa::decode_program<I>(bytes, mode);                                                                             \
    }                                                                                                                               \
    template <class F, class I = Isa>                                                                                               \
        requires(::ctisa::binary_isa<I>)                                                                                            \
    constexpr ::ctisa::error for_each_decoded(std::span<const std::uint8_t> bytes, F&& f,                                           \
                                              ::ctisa::decode_mode mode = ::ctisa::decode_mode::strict) {                           \
        return ::ctisa::for_each_decoded<I>(bytes, static_cast<F&&>(f), mode);                                                      \
    }                                                                                                                               \
    template <class I = Isa>                                                                                                        \
        requires(::ctisa::binary_isa<I>)::ctisa::result<std::string>                                                                \
    disassemble(std::span<const std::uint8_t> bytes) {                                                                              \
        return ::ctisa::disassemble<I>(bytes);                                                                                      \
    }                                                                                                                               \
    template <class Sink, class I = Isa>                                                                                            \
        requires(::ctisa::binary_isa<I>)                                                                                            \
    constexpr ::ctisa::error disassemble(Sink& out, std::span<const std::uint8_t> bytes) {                                          \
        return ::ctisa::disassemble<I>(out, bytes);                                                                                 \
    }                                                                                                                               \
    using emitter = ::ctisa::emitter<Isa>;                                                                                          \
    static_assert(true, "a semicolon after the macro")
