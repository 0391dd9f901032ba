// SPDX-License-Identifier: MIT
// Name lookup over generated tables: a binary search over a constexpr array sorted by name.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "text/cursor.hpp"

namespace ctisa {

template <class Id>
struct name_entry {
    std::string_view name;  // lower case; the generator sorts the table by it
    Id id;
};

// Three-way comparison of `key`, lower-cased on the fly, against a lower-case name.
[[nodiscard]] constexpr int compare_lowered(std::string_view key, std::string_view lower_name) noexcept {
    const std::size_t n = key.size() < lower_name.size() ? key.size() : lower_name.size();
    for (std::size_t i = 0; i < n; ++i) {
        const char a = text::to_lower(key[i]);
        if (a != lower_name[i]) return a < lower_name[i] ? -1 : 1;
    }
    if (key.size() == lower_name.size()) return 0;
    return key.size() < lower_name.size() ? -1 : 1;
}

// Case-insensitive lookup of `name` in a table sorted by lower-case name.
template <class Id, std::size_t N>
[[nodiscard]] constexpr std::optional<Id> find_by_name(const std::array<name_entry<Id>, N>& sorted, std::string_view name) noexcept {
    std::size_t lo = 0, hi = N;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        const int c = compare_lowered(name, sorted[mid].name);
        if (c == 0) return sorted[mid].id;
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    return std::nullopt;
}

// True when every adjacent pair is strictly ordered: checked by static_assert next to each table.
template <class Id, std::size_t N>
[[nodiscard]] constexpr bool is_sorted_by_name(const std::array<name_entry<Id>, N>& table) noexcept {
    for (std::size_t i = 1; i < N; ++i)
        if (!(table[i - 1].name < table[i].name)) return false;
    return true;
}

}  // namespace ctisa
