// SPDX-License-Identifier: MIT
// A constexpr scanner over assembly text: the lexing toolkit every ISA parser is written with.
// It tracks line and column so that every error can say where it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "../error.hpp"

namespace ctisa::text {

[[nodiscard]] constexpr bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
[[nodiscard]] constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
[[nodiscard]] constexpr bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
[[nodiscard]] constexpr bool is_ident_start(char c) noexcept { return is_alpha(c) || c == '_'; }
[[nodiscard]] constexpr bool is_ident_char(char c) noexcept { return is_ident_start(c) || is_digit(c); }
[[nodiscard]] constexpr char to_lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

[[nodiscard]] constexpr bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (to_lower(a[i]) != to_lower(b[i])) return false;
    return true;
}

[[nodiscard]] constexpr int hex_value(char c) noexcept {
    if (is_digit(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// One source position. Lines and columns start at 1; columns count bytes.
struct position {
    std::uint32_t line = 1;
    std::uint32_t column = 1;
};

// How an ISA's text separates statements: `terminator` ends each one. '\n' (the default): one
// statement a line, comments run to the end of the line. Any other character (NV assembly's ';'):
// statements end with it, several may share a line, one may span lines, and newlines and comments
// are blanks. With `block_comments`, /* ... */ is a blank too, wherever it stands and across lines
// (a statement continues after one that spans lines); an unclosed one is an error at its '/*'.
class cursor {
public:
    // `comment_starts` lists the characters that begin a comment running to the end of line.
    constexpr explicit cursor(std::string_view source, std::string_view comment_starts = "#;", char terminator = '\n',
                              bool block_comments = false) noexcept
        : src_(source), comments_(comment_starts), terminator_(terminator), block_comments_(block_comments) {}

    // A cursor resuming at a known place of the source (see mark()).
    struct mark_t {
        std::size_t pos = 0;
        std::size_t line_start = 0;
        std::uint32_t line = 1;
    };
    constexpr cursor(std::string_view source, std::string_view comment_starts, mark_t at, char terminator = '\n',
                     bool block_comments = false) noexcept
        : src_(source),
          comments_(comment_starts),
          terminator_(terminator),
          block_comments_(block_comments),
          pos_(at.pos),
          line_start_(at.line_start),
          line_(at.line) {}
    [[nodiscard]] constexpr mark_t mark() const noexcept { return {pos_, line_start_, line_}; }

    [[nodiscard]] constexpr std::size_t offset() const noexcept { return pos_; }
    [[nodiscard]] constexpr std::string_view source() const noexcept { return src_; }
    [[nodiscard]] constexpr bool at_end() const noexcept { return pos_ >= src_.size(); }
    [[nodiscard]] constexpr char peek(std::size_t ahead = 0) const noexcept { return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0'; }
    [[nodiscard]] constexpr position where() const noexcept { return {line_, static_cast<std::uint32_t>(pos_ - line_start_ + 1)}; }
    [[nodiscard]] constexpr std::uint32_t line() const noexcept { return line_; }

    // An error at the current position (or at `at`), naming `subject`. What stops a parser at an
    // unclosed /* is that comment, whatever the parser expected there.
    [[nodiscard]] constexpr error fail(error_code code, std::string_view subject = {}) const noexcept {
        if (at_unclosed_comment()) return fail_at(where(), error_code::unterminated_comment, "/*");
        return fail_at(where(), code, subject);
    }
    [[nodiscard]] static constexpr error fail_at(position at, error_code code, std::string_view subject = {}) noexcept {
        return error{code, at.line, at.column, 0, subject};
    }

    constexpr void advance(std::size_t n = 1) noexcept {
        for (; n > 0 && !at_end(); --n) {
            if (src_[pos_] == '\n') {
                ++line_;
                line_start_ = pos_ + 1;
            }
            ++pos_;
        }
    }

    [[nodiscard]] constexpr char terminator() const noexcept { return terminator_; }
    [[nodiscard]] constexpr bool line_statements() const noexcept { return terminator_ == '\n'; }

    // Skips blanks within the statement: within the line, or across lines and comments when
    // statements have a terminator of their own.
    constexpr void skip_blanks() noexcept {
        if (line_statements()) {  // no newline to count: blanks are not newlines
            do {
                while (pos_ < src_.size() && is_space(src_[pos_])) ++pos_;
            } while (skip_block_comment());
            return;
        }
        for (;;) {
            while (!at_end() && (is_space(peek()) || (!line_statements() && peek() == '\n'))) advance();
            if (skip_block_comment()) continue;
            if (line_statements() || !at_comment()) return;
            while (!at_end() && peek() != '\n') advance();
        }
    }

    // At a /* that no */ closes (blanks skipped stop there).
    [[nodiscard]] constexpr bool at_unclosed_comment() const noexcept {
        return at_block_comment() && src_.find("*/", pos_ + 2) == std::string_view::npos;
    }

    // (A loop, not find: a call of memchr for every blank skipped cost a tenth of parsing time.)
    [[nodiscard]] constexpr bool at_comment() const noexcept {
        if (at_end()) return false;
        for (const char c : comments_)
            if (c == peek()) return true;
        return false;
    }

    // True at the end of a statement (after blanks): the end of the text, the terminator, or, for
    // line statements, a comment.
    [[nodiscard]] constexpr bool at_end_of_statement() noexcept {
        skip_blanks();
        return at_end() || peek() == terminator_ || (line_statements() && at_comment());
    }

    // Moves past the rest of the current line, including its newline (and past the newlines of the
    // block comments on it, but not into a line comment's).
    constexpr void next_line() noexcept {
        if (block_comments_)
            while (pos_ < src_.size() && src_[pos_] != '\n') {
                if (at_comment()) {
                    while (pos_ < src_.size() && src_[pos_] != '\n') ++pos_;
                } else if (!skip_block_comment()) {
                    ++pos_;
                }
            }
        while (pos_ < src_.size() && src_[pos_] != '\n') ++pos_;  // (no newline to count before it)
        advance();
    }

    // Moves to the start of the next statement (skipping blank and comment lines); false at the
    // end of the text.
    [[nodiscard]] constexpr bool next_statement() noexcept {
        if (!line_statements()) {
            skip_blanks();
            return !at_end();
        }
        while (!at_end()) {
            if (!at_end_of_statement()) return true;
            next_line();
        }
        return false;
    }

    // Moves past the end of the statement just parsed (the rest of its line, or its terminator,
    // which must be there: missing_terminator otherwise).
    [[nodiscard]] constexpr error end_statement() noexcept {
        if (line_statements()) {
            next_line();
            return {};
        }
        if (!consume(terminator_)) return fail(error_code::missing_terminator, token_text());
        return {};
    }

    [[nodiscard]] constexpr bool consume(char c) noexcept {
        skip_blanks();
        if (peek() != c) return false;
        advance();
        return true;
    }

    // Consumes `word` when it is next (case-insensitively) and not followed by an identifier char.
    [[nodiscard]] constexpr bool consume_word(std::string_view word) noexcept {
        skip_blanks();
        if (src_.size() - pos_ < word.size()) return false;
        if (!iequals(src_.substr(pos_, word.size()), word)) return false;
        if (is_ident_char(peek(word.size()))) return false;
        advance(word.size());
        return true;
    }

    // [A-Za-z_][A-Za-z0-9_]* or empty.
    [[nodiscard]] constexpr std::string_view identifier() noexcept {
        skip_blanks();
        const std::size_t start = pos_;
        if (!is_ident_start(peek())) return {};
        while (is_ident_char(peek())) ++pos_;  // (not advance(): no newline to count)
        return src_.substr(start, pos_ - start);
    }

    // Characters up to (not including) the next blank, comma or end of line: for error subjects.
    [[nodiscard]] constexpr std::string_view token_text() const noexcept {
        std::size_t end = pos_;
        while (end < src_.size() && !is_space(src_[end]) && src_[end] != ',' && src_[end] != '\n' && src_[end] != terminator_) ++end;
        return src_.substr(pos_, end - pos_);
    }

    // A decimal or 0x-hexadecimal unsigned integer, without sign. nullopt (and nothing consumed)
    // when no digit is next; `overflow` is set when it does not fit 64 bits.
    [[nodiscard]] constexpr std::optional<std::uint64_t> unsigned_integer(bool* overflow = nullptr) noexcept {
        skip_blanks();
        if (!is_digit(peek())) return std::nullopt;
        bool too_big = false;
        const std::uint64_t value = digits_value(too_big);
        if (overflow) *overflow = too_big;
        return value;
    }

    // An optionally signed integer ('+' or '-' directly before the digits).
    [[nodiscard]] constexpr std::optional<std::int64_t> signed_integer(bool* overflow = nullptr) noexcept {
        skip_blanks();
        const std::size_t save_pos = pos_;
        bool negative = false;
        if (peek() == '-' || peek() == '+') {
            negative = peek() == '-';
            advance();
        }
        bool too_big = false;
        const auto magnitude = unsigned_integer(&too_big);
        if (!magnitude) {
            pos_ = save_pos;  // same line: no newline was crossed
            return std::nullopt;
        }
        const std::uint64_t limit = negative ? (std::uint64_t{1} << 63) : (std::uint64_t{1} << 63) - 1;
        if (*magnitude > limit) too_big = true;
        if (overflow) *overflow = too_big;
        if (too_big) return std::int64_t{0};
        return negative ? static_cast<std::int64_t>(~*magnitude + 1) : static_cast<std::int64_t>(*magnitude);
    }

private:
    [[nodiscard]] constexpr bool at_block_comment() const noexcept { return block_comments_ && peek() == '/' && peek(1) == '*'; }

    // Moves past the /* ... */ at the cursor, counting its newlines; false (nothing moved) if there
    // is none, or it is not closed.
    constexpr bool skip_block_comment() noexcept {
        if (!at_block_comment()) return false;
        const std::size_t close = src_.find("*/", pos_ + 2);
        if (close == std::string_view::npos) return false;
        advance(close + 2 - pos_);
        return true;
    }

    // The digits at the cursor (one at least), moved past. A plain value, not an optional: GCC
    // built the optional of an out-of-line unsigned_integer in memory, and its return stalled.
    constexpr std::uint64_t digits_value(bool& too_big) noexcept {
        std::uint64_t value = 0;
        if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X') && hex_value(peek(2)) >= 0) {
            pos_ += 2;  // (digits are no newlines: pos_ moves without advance())
            while (hex_value(peek()) >= 0) {
                if (value >> 60) too_big = true;
                value = (value << 4) | static_cast<std::uint64_t>(hex_value(peek()));
                ++pos_;
            }
        } else {
            while (is_digit(peek())) {
                const auto digit = static_cast<std::uint64_t>(peek() - '0');
                if (value > (~std::uint64_t{0} - digit) / 10) too_big = true;
                value = value * 10 + digit;
                ++pos_;
            }
        }
        return value;
    }

    std::string_view src_;
    std::string_view comments_;
    char terminator_ = '\n';
    bool block_comments_ = false;
    std::size_t pos_ = 0;
    std::size_t line_start_ = 0;
    std::uint32_t line_ = 1;
};

}  // namespace ctisa::text
