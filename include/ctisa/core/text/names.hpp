// SPDX-License-Identifier: MIT
// Register names outside instructions (`ctisa run`'s inputs files): PREFIX then a decimal number,
// and an element of an array or buffer, PREFIX then a number then [element].
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "cursor.hpp"

namespace ctisa::text {

// The number of `name` when it is `prefix` (in any case) followed by decimal digits only, as
// "r12" is for "r"; nullopt otherwise, or when the number does not fit 32 bits.
[[nodiscard]] constexpr std::optional<std::uint32_t> numbered_name(std::string_view name, std::string_view prefix) noexcept {
    if (name.size() <= prefix.size() || !iequals(name.substr(0, prefix.size()), prefix)) return std::nullopt;
    std::uint64_t n = 0;
    for (const char c : name.substr(prefix.size())) {
        if (!is_digit(c)) return std::nullopt;
        n = n * 10 + static_cast<unsigned>(c - '0');
        if (n > 0xFFFFFFFFu) return std::nullopt;
    }
    return static_cast<std::uint32_t>(n);
}

// "cb1[5]" for prefix "cb": number 1, element 5 (both decimal, each fitting 32 bits, the prefix in
// any case); nullopt for anything else.
struct indexed {
    std::uint32_t number = 0;
    std::uint32_t element = 0;
};
[[nodiscard]] constexpr std::optional<indexed> indexed_name(std::string_view name, std::string_view prefix) noexcept {
    const std::size_t open = name.find('[');
    if (open == std::string_view::npos || !name.ends_with(']')) return std::nullopt;
    const auto number = numbered_name(name.substr(0, open), prefix);
    const auto element = numbered_name(name.substr(open, name.size() - open - 1), "[");
    if (!number || !element) return std::nullopt;
    return indexed{*number, *element};
}

}  // namespace ctisa::text
