// SPDX-License-Identifier: MIT
// Text output for printers and disassemblers, in constant evaluation and at run time.
//
// Printers are templates over a Sink with `append(std::string_view)` and `push(char)`:
// text_buffer<N> works everywhere (fixed capacity, constexpr); string_sink appends to a
// std::string at run time.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ctisa::text {

template <std::size_t Capacity>
class text_buffer {
public:
    constexpr void push(char c) noexcept {
        if (size_ < Capacity) chars_[size_++] = c;
        else overflow_ = true;
    }
    constexpr void append(std::string_view s) noexcept {
        for (char c : s) push(c);
    }
    constexpr void clear() noexcept {
        size_ = 0;
        overflow_ = false;
    }
    [[nodiscard]] constexpr std::string_view view() const noexcept { return {chars_.data(), size_}; }
    [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
    // True when text was dropped because the capacity was reached: callers report it.
    [[nodiscard]] constexpr bool overflowed() const noexcept { return overflow_; }

private:
    std::array<char, Capacity> chars_{};
    std::size_t size_ = 0;
    bool overflow_ = false;
};

class string_sink {
public:
    explicit string_sink(std::string& out) noexcept : out_(&out) {}
    void push(char c) { out_->push_back(c); }
    void append(std::string_view s) { out_->append(s); }

private:
    std::string* out_;
};

// Gathers a printer's many small writes into a local block and hands them to `Sink` a block at a
// time: at run time a std::string's push_back per character cost more than the printing itself.
// Everything is handed over by flush() or the destructor.
template <class Sink>
class batching_sink {
public:
    constexpr explicit batching_sink(Sink& out) noexcept : out_(&out) {}
    batching_sink(const batching_sink&) = delete;
    batching_sink& operator=(const batching_sink&) = delete;
    constexpr ~batching_sink() { flush(); }

    constexpr void push(char c) {
        if (size_ == capacity) [[unlikely]]
            flush();
        chars_[size_++] = c;
    }
    constexpr void append(std::string_view s) {
        if (s.size() > capacity - size_) [[unlikely]]
            return append_long(s);
        std::char_traits<char>::copy(chars_.data() + size_, s.data(), s.size());
        size_ += s.size();
    }
    // (Out of line, as append_long: what stays inline in a printer is a compare and a store.)
    [[gnu::noinline]] constexpr void flush() {
        if (size_ != 0) out_->append(std::string_view(chars_.data(), size_));
        size_ = 0;
    }

private:
    [[gnu::noinline]] constexpr void append_long(std::string_view s) {
        flush();
        if (s.size() > capacity) return out_->append(s);
        std::char_traits<char>::copy(chars_.data(), s.data(), s.size());
        size_ = s.size();
    }

    static constexpr std::size_t capacity = 1024;
    Sink* out_;
    std::size_t size_ = 0;
    std::array<char, capacity> chars_;  // left uninitialised: only [0, size_) is read
};

template <class Sink>
constexpr void write_unsigned(Sink& sink, std::uint64_t value) {
    // Filled from the end and appended once: one call per number, not one per digit.
    char digits[20]{};
    std::size_t at = sizeof digits;
    do {
        digits[--at] = static_cast<char>('0' + value % 10);
        value /= 10;
    } while (value != 0);
    sink.append(std::string_view(digits + at, sizeof digits - at));
}

template <class Sink>
constexpr void write_signed(Sink& sink, std::int64_t value) {
    if (value < 0) {
        sink.push('-');
        write_unsigned(sink, ~static_cast<std::uint64_t>(value) + 1);
    } else {
        write_unsigned(sink, static_cast<std::uint64_t>(value));
    }
}

// Hexadecimal digits, at least `min_digits` of them, without prefix.
template <class Sink>
constexpr void write_hex_digits(Sink& sink, std::uint64_t value, int min_digits = 1, bool upper = false) {
    const char* alphabet = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char digits[16]{};
    std::size_t at = sizeof digits;
    do {
        digits[--at] = alphabet[value & 0xF];
        value >>= 4;
    } while (value != 0);
    while (min_digits > 0 && sizeof digits - at < static_cast<std::size_t>(min_digits) && at > 0) digits[--at] = '0';
    sink.append(std::string_view(digits + at, sizeof digits - at));
}

template <class Sink>
constexpr void write_hex(Sink& sink, std::uint64_t value, int min_digits = 1, bool upper = false) {
    sink.append("0x");
    write_hex_digits(sink, value, min_digits, upper);
}

// Bytes as two lowercase hex digits each, separated by one space: the CLI's byte format.
template <class Sink, class Bytes>
constexpr void write_bytes(Sink& sink, const Bytes& bytes) {
    bool first = true;
    for (std::uint8_t b : bytes) {
        if (!first) sink.push(' ');
        first = false;
        write_hex_digits(sink, b, 2);
    }
}

}  // namespace ctisa::text
