// SPDX-License-Identifier: MIT
// A program written in C++ as a literal, validated by the compiler: a wrong program does not
// compile, and the message names the problem, its line and its column (ctisa::diagnostic).
//   constexpr auto p = ctisa::nvasm::program_of<"!!NVfp4.0\nMOV result.color, fragment.color;\nEND">();
#pragma once

#include "../core/fixed_string.hpp"
#include "../core/rejection.hpp"
#include "parser.hpp"

namespace ctisa::nvasm {

namespace detail {

template <fixed_string Source, std::size_t Capacity>
struct parsed_source {
    static constexpr auto value = parse_program<Capacity>(Source.view());
    // What ctisa::detail::rejection needs to spell the compile error (core/rejection.hpp).
    static constexpr error failure = value.ok() ? error{} : value.error();
    static constexpr std::string_view source = Source.view();
    static constexpr char terminator = ';';
};

}  // namespace detail

// The parsed program, or a compile error at the call naming the kind, its message, the snippet
// line and column and the offending text (the engine's assembly_error, as assemble<"...">() gives).
template <fixed_string Source, std::size_t Capacity = 64>
    requires(!detail::parsed_source<Source, Capacity>::failure.failed())
consteval program<Capacity> program_of() {
    return *detail::parsed_source<Source, Capacity>::value;
}
template <fixed_string Source, std::size_t Capacity = 64>
    requires(detail::parsed_source<Source, Capacity>::failure.failed())
auto program_of() -> decltype(::ctisa::detail::rejection<detail::parsed_source<Source, Capacity>>::type_of());

// The status of a compile-time source, for static_assert in negative tests.
template <fixed_string Source, std::size_t Capacity = 64>
consteval error try_program() {
    constexpr const auto& parsed = detail::parsed_source<Source, Capacity>::value;
    return parsed.ok() ? error{} : parsed.error();
}

}  // namespace ctisa::nvasm
