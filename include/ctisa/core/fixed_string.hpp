// SPDX-License-Identifier: MIT
// A string literal usable as a template argument: `assemble<"mov r0, i0">()`.
#pragma once

#include <cstddef>
#include <string_view>

namespace ctisa {

template <std::size_t N>
struct fixed_string {
    char data[N]{};  // N counts the terminating NUL of the literal

    constexpr fixed_string() noexcept = default;  // to be filled in: text built at compile time
    constexpr fixed_string(const char (&text)[N]) noexcept {
        for (std::size_t i = 0; i < N; ++i) data[i] = text[i];
    }

    [[nodiscard]] constexpr std::string_view view() const noexcept { return {data, N - 1}; }
    [[nodiscard]] static constexpr std::size_t size() noexcept { return N - 1; }
};

template <std::size_t N>
fixed_string(const char (&)[N]) -> fixed_string<N>;

// The first N characters of `text` (at least N long) as a fixed_string: text computed at compile
// time made a template argument (N from a constexpr size).
template <std::size_t N>
constexpr fixed_string<N + 1> fixed_string_of(std::string_view text) noexcept {
    fixed_string<N + 1> out;
    for (std::size_t i = 0; i < N; ++i) out.data[i] = text[i];
    out.data[N] = '\0';  // written, not left to the initializer: Clang prints the value as a string then
    return out;
}

}  // namespace ctisa
