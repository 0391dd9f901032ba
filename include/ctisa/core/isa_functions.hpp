// The calls a user makes in an ISA's own namespace (ctisa::valhall::assemble<"...">(), ...),
// written once: an ISA's isa.hpp says CTISA_ISA_FUNCTIONS(isa) after its traits struct. Each is
// the generic template of the engine for that ISA.
#pragma once

#include <string_view>

#include "assembler.hpp"

// A macro, not templates: a function template with a fixed_string parameter cannot be aliased
// into another namespace.
#define CTISA_ISA_FUNCTIONS(Isa)                                                                      \
    /* Compile-time assembly: the program (its statements and image) or a compile error at the    */\
    /* call (the two overloads of ::ctisa::assemble).                                              */\
    template <::ctisa::fixed_string Source>                                                           \
        requires ::ctisa::assembles<Isa, Source>                                                      \
    consteval auto assemble() {                                                                       \
        return ::ctisa::assemble<Isa, Source>();                                                      \
    }                                                                                                 \
    template <::ctisa::fixed_string Source>                                                           \
        requires(!::ctisa::assembles<Isa, Source>)                                                    \
    auto assemble() -> decltype(::ctisa::detail::rejection<::ctisa::detail::assembly<Isa, Source>>::type_of()); \
    /* The number of statements of a source, or its first error: static_assert(!try_assemble(..)). */\
    constexpr ::ctisa::result<std::size_t> try_assemble(std::string_view source) {                    \
        return ::ctisa::try_assemble<Isa>(source);                                                    \
    }                                                                                                 \
    /* One statement from text. */                                                                    \
    constexpr ::ctisa::result<typename Isa::instruction> parse(std::string_view source) {             \
        return ::ctisa::parse_one<Isa>(source);                                                       \
    }                                                                                                 \
    static_assert(true, "a semicolon after the macro")
