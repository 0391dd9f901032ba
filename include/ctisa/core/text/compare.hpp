// SPDX-License-Identifier: MIT
// Comparisons of short names (mnemonics, field and register names) written as loops: the
// standard ones call memcmp through the C library, and that call cost more than the few
// characters a name has (a sixth of Cayman's assembling). The same answers as std::string_view's.
#pragma once

#include <cstddef>
#include <string_view>

namespace ctisa::text {

[[nodiscard]] constexpr bool equals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) return false;
    return true;
}

[[nodiscard]] constexpr bool starts_with(std::string_view s, std::string_view prefix) noexcept {
    return s.size() >= prefix.size() && equals(s.substr(0, prefix.size()), prefix);
}

// Three-way, as std::string_view::compare orders (bytes as unsigned char, then length): -1, 0, 1.
[[nodiscard]] constexpr int compare(std::string_view a, std::string_view b) noexcept {
    const std::size_t n = a.size() < b.size() ? a.size() : b.size();
    for (std::size_t i = 0; i < n; ++i) {
        const auto x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
        if (x != y) return x < y ? -1 : 1;
    }
    if (a.size() == b.size()) return 0;
    return a.size() < b.size() ? -1 : 1;
}

}  // namespace ctisa::text
