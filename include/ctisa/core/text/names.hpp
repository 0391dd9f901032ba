// SPDX-License-Identifier: MIT
// Register names outside instructions (`ctisa run`'s inputs files): PREFIX then a decimal number.
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

}  // namespace ctisa::text
