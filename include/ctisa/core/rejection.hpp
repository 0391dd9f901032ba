// SPDX-License-Identifier: MIT
// A compile-time assembly error made a type: diagnostic::assembly_error with the kind, its
// message, the snippet line and column and the offending text as template arguments (error.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "error.hpp"
#include "fixed_string.hpp"

namespace ctisa::detail {

// std::min without <algorithm> (a tenth of a second of every ISA's include, for four calls).
constexpr std::size_t at_most(std::size_t value, std::size_t limit) noexcept { return value < limit ? value : limit; }

// Clang prints a string template argument of 37 characters or more only in part.
inline constexpr std::size_t piece_limit = 32;

// Text built at compile time, short enough to be one piece.
struct short_text {
    char data[piece_limit]{};
    std::size_t size = 0;

    constexpr void append(std::string_view s) noexcept {
        for (char c : s)
            if (size < piece_limit) data[size++] = c;
    }
    constexpr void append(std::uint32_t n) noexcept {
        char digits[10]{};
        std::size_t k = 0;
        do digits[k++] = static_cast<char>('0' + n % 10);
        while ((n /= 10) != 0);
        while (k > 0) append(std::string_view(&digits[--k], 1));
    }
    [[nodiscard]] constexpr std::string_view view() const noexcept { return {data, size}; }
};

constexpr short_text where_text(std::uint32_t line, std::uint32_t column) noexcept {
    short_text out;
    out.append("snippet line ");
    out.append(line);
    out.append(", column ");
    out.append(column);
    return out;
}

// The offending text: the source's text at the error's line and column up to a blank, a comma or
// the statement's end (else the error's subject, or "(end of line)"); a long one is cut ("...").
constexpr std::string_view text_at(std::string_view src, std::uint32_t line, std::uint32_t column, char terminator) noexcept {
    std::size_t at = 0;
    for (std::uint32_t l = 1; l < line && at < src.size(); ++l) at = at_most(src.find('\n', at), src.size()) + 1;
    at = at_most(at + (column > 0 ? column - 1 : 0), src.size());
    std::size_t end = at;
    while (end < src.size() && src[end] != ' ' && src[end] != '\t' && src[end] != '\n' && src[end] != ',' && src[end] != terminator) ++end;
    return src.substr(at, end - at);
}
constexpr short_text token_text(std::string_view token, std::string_view subject) noexcept {
    if (token.empty()) token = subject.empty() ? std::string_view("(end of line)") : subject;
    short_text out;
    const bool cut = token.size() > piece_limit;
    out.append(token.substr(0, cut ? piece_limit - 3 : token.size()));
    if (cut) out.append("...");
    return out;
}

// Where a message is cut into pieces: at spaces, each piece at most piece_limit long.
struct pieces {
    static constexpr std::size_t capacity = 8;
    std::size_t begin[capacity]{};
    std::size_t size[capacity]{};
    std::size_t count = 0;
};
constexpr pieces cut_at_spaces(std::string_view text) noexcept {
    pieces out;
    std::size_t b = 0;
    while (b < text.size() && out.count < pieces::capacity) {
        std::size_t e = at_most(b + piece_limit, text.size());
        if (e < text.size()) {
            const std::size_t space = text.rfind(' ', e);
            if (space != std::string_view::npos && space > b) e = space;
        }
        out.begin[out.count] = b;
        out.size[out.count++] = e - b;
        for (b = e; b < text.size() && text[b] == ' ';) ++b;
    }
    return out;
}

// Failure::failure, an error known at compile time in Failure::source (whose statements may end
// with Failure::terminator), as diagnostic::assembly_error (void when
// there is none: a return type is formed before the requires-clause that excludes it is checked).
template <class Failure, bool = Failure::failure.failed()>
struct rejection {
    static void type_of();
};
template <class Failure>
struct rejection<Failure, true> {
    static constexpr error failure = Failure::failure;
    static constexpr std::string_view message = message_of(failure.code);
    static constexpr pieces cuts = cut_at_spaces(message);
    static constexpr short_text where = where_text(failure.line, failure.column);
    static constexpr short_text token = token_text(text_at(Failure::source, failure.line, failure.column, Failure::terminator), failure.subject);

    template <std::size_t... I>
    static auto make(std::index_sequence<I...>)
        -> diagnostic::assembly_error<*failure.code.kind, fixed_string_of<cuts.size[I]>(message.substr(cuts.begin[I]))...,
                                      fixed_string_of<where.size>(where.view()), fixed_string_of<token.size>(token.view())>;
    // Declared only: decltype(type_of()) is the error type itself (an alias would be printed by
    // its name first, with the source in its arguments).
    static auto type_of() -> decltype(make(std::make_index_sequence<cuts.count>{}));
};

}  // namespace ctisa::detail
