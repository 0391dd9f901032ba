// SPDX-License-Identifier: MIT
// The tokens of NV assembly that the core cursor does not know: identifiers with '$', numbers as
// written (int, float, hex), swizzles and write masks.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "../core/text/cursor.hpp"
#include "statement.hpp"

namespace ctisa::nvasm::lex {

[[nodiscard]] constexpr bool ident_start(char c) noexcept { return text::is_alpha(c) || c == '_' || c == '$'; }
[[nodiscard]] constexpr bool ident_char(char c) noexcept { return ident_start(c) || text::is_digit(c); }

// Where the next token starts (after blanks): the position errors about it name.
constexpr text::position at(text::cursor& in) noexcept {
    in.skip_blanks();
    return in.where();
}

// [A-Za-z_$][A-Za-z0-9_$]* after blanks, or empty (nothing consumed).
constexpr std::string_view identifier(text::cursor& in) noexcept {
    in.skip_blanks();
    const std::size_t start = in.offset();
    if (!ident_start(in.peek())) return {};
    std::size_t n = 0;
    while (ident_char(in.peek(n))) ++n;
    in.advance(n);
    return in.source().substr(start, n);
}

// The identifier that follows, without consuming it.
constexpr std::string_view peek_identifier(const text::cursor& in) noexcept {
    text::cursor look = in;
    return identifier(look);
}

// True when the next non-blank character is c (nothing consumed).
constexpr bool next_is(text::cursor& in, char c) noexcept {
    in.skip_blanks();
    return in.peek() == c;
}

// An unsigned number as written: decimal or 0x-hex integer, or a float (digits, '.', digits,
// exponent; either digit part may be missing). Empty when no number is next.
constexpr std::string_view number(text::cursor& in) noexcept {
    in.skip_blanks();
    const std::size_t start = in.offset();
    std::size_t n = 0;
    auto digits = [&] {
        std::size_t k = 0;
        while (text::is_digit(in.peek(n))) ++n, ++k;
        return k;
    };
    if (in.peek() == '0' && (in.peek(1) == 'x' || in.peek(1) == 'X') && text::hex_value(in.peek(2)) >= 0) {
        n = 2;
        while (text::hex_value(in.peek(n)) >= 0) ++n;
    } else {
        std::size_t count = digits();
        if (in.peek(n) == '.' && in.peek(n + 1) != '.') {  // not the ".." of a range
            ++n;
            count += digits();
        }
        if (count == 0) return {};
        if ((in.peek(n) == 'e' || in.peek(n) == 'E')) {
            std::size_t save = n++;
            if (in.peek(n) == '+' || in.peek(n) == '-') ++n;
            if (digits() == 0) n = save;
        }
    }
    if (ident_char(in.peek(n))) return {};  // "2D", "1x": not a number
    in.advance(n);
    return in.source().substr(start, n);
}

// A decimal or hex integer's value (numbers() text); nullopt for a float or overflow.
constexpr std::optional<std::uint32_t> integer_value(std::string_view t) noexcept {
    if (t.empty()) return std::nullopt;
    std::uint64_t v = 0;
    const bool hex = t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
    for (std::size_t i = hex ? 2 : 0; i < t.size(); ++i) {
        const int d = hex ? text::hex_value(t[i]) : (text::is_digit(t[i]) ? t[i] - '0' : -1);
        if (d < 0) return std::nullopt;
        v = v * (hex ? 16 : 10) + static_cast<std::uint64_t>(d);
        if (v > 0xFFFFFFFFu) return std::nullopt;
    }
    return static_cast<std::uint32_t>(v);
}

// The selector of one swizzle character, and which set it belongs to (1 xyzw, 2 rgba); 0: none.
constexpr int selector(char c, int& set) noexcept {
    constexpr std::string_view xyzw = "xyzw", rgba = "rgba";
    if (auto i = xyzw.find(c); i != std::string_view::npos) return set = 1, static_cast<int>(i);
    if (auto i = rgba.find(c); i != std::string_view::npos) return set = 2, static_cast<int>(i);
    return set = 0, -1;
}

// True when `word` can only be a swizzle or mask: 1 to 4 selectors of one set.
constexpr bool looks_like_swizzle(std::string_view word) noexcept {
    if (word.empty() || word.size() > 4) return false;
    int first = 0;
    for (char c : word) {
        int set = 0;
        if (selector(c, set) < 0 || (first && set != first)) return false;
        first = set;
    }
    return true;
}

// A swizzle word: one selector (replicated) or four, from one set.
constexpr std::optional<swizzle> to_swizzle(std::string_view word) noexcept {
    if (!looks_like_swizzle(word) || (word.size() != 1 && word.size() != 4)) return std::nullopt;
    swizzle s;
    int set = 0;
    for (std::size_t i = 0; i < 4; ++i) s.select[i] = static_cast<std::uint8_t>(selector(word[word.size() == 1 ? 0 : i], set));
    s.count = static_cast<std::uint8_t>(word.size());
    return s;
}

// A write mask: selectors in x, y, z, w order, each at most once, from one set.
constexpr std::optional<std::uint8_t> to_mask(std::string_view word) noexcept {
    if (!looks_like_swizzle(word)) return std::nullopt;
    int last = -1;
    std::uint8_t mask = 0;
    for (char c : word) {
        int set = 0;
        const int s = selector(c, set);
        if (s <= last) return std::nullopt;
        last = s;
        mask = static_cast<std::uint8_t>(mask | (1u << s));
    }
    return mask;
}

}  // namespace ctisa::nvasm::lex
