// A program written in C++ as a literal, validated by the compiler: a wrong program does not
// compile, and the message names the problem, its line and its column (ctisa::diagnostic).
//   constexpr auto p = ctisa::nvasm::program_of<"!!NVfp4.0\nMOV result.color, fragment.color;\nEND">();
#pragma once

#include "../core/fixed_string.hpp"
#include "parser.hpp"

namespace ctisa::nvasm {

namespace detail {

template <fixed_string Source, std::size_t Capacity>
struct parsed_source {
    static constexpr auto value = parse_program<Capacity>(Source.view());
};

}  // namespace detail

// The parsed program, or a compile error at the first wrong statement.
template <fixed_string Source, std::size_t Capacity = 64>
consteval program<Capacity> program_of() {
    constexpr const auto& parsed = detail::parsed_source<Source, Capacity>::value;
    if constexpr (!parsed.ok()) {
        diagnostic::raise<parsed.error().code, parsed.error().line, parsed.error().column>();
        return {};
    } else {
        return *parsed;
    }
}

// The status of a compile-time source, for static_assert in negative tests.
template <fixed_string Source, std::size_t Capacity = 64>
consteval error try_program() {
    constexpr const auto& parsed = detail::parsed_source<Source, Capacity>::value;
    return parsed.ok() ? error{} : parsed.error();
}

}  // namespace ctisa::nvasm
