// SPDX-License-Identifier: MIT
// Bit fields over arrays of machine words, with shifts and masks only (never C++ bit-fields,
// whose layout is implementation-defined).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

// For the lambdas that pack and unpack fields one at a time: inlined, the field positions become
// constants and the fields a few shifts; GCC otherwise calls them once per field. Only in optimised
// builds, as CTISA_EXEC_INLINE (exec/lanes.hpp says why).
#if defined(__OPTIMIZE__)
#define CTISA_ALWAYS_INLINE __attribute__((always_inline))
#else
#define CTISA_ALWAYS_INLINE
#endif

namespace ctisa {

// A field of `width` bits starting at bit `lsb` of word `word` (bit 0 = least significant).
struct bit_field {
    std::uint8_t word = 0;
    std::uint8_t lsb = 0;
    std::uint8_t width = 0;

    [[nodiscard]] constexpr unsigned msb() const noexcept { return lsb + width - 1u; }
    [[nodiscard]] constexpr std::uint64_t max_value() const noexcept {
        return width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1u;
    }
};

[[nodiscard]] constexpr bool fits_unsigned(std::uint64_t value, unsigned width) noexcept {
    return width >= 64 || value < (std::uint64_t{1} << width);
}

[[nodiscard]] constexpr bool fits_signed(std::int64_t value, unsigned width) noexcept {
    if (width >= 64) return true;
    const std::int64_t half = std::int64_t{1} << (width - 1);
    return value >= -half && value < half;
}

// Two's complement value of the low `width` bits of `raw`.
[[nodiscard]] constexpr std::int64_t sign_extend(std::uint64_t raw, unsigned width) noexcept {
    if (width >= 64) return static_cast<std::int64_t>(raw);
    const std::uint64_t mask = (std::uint64_t{1} << width) - 1u;
    const std::uint64_t sign = std::uint64_t{1} << (width - 1);
    raw &= mask;
    return static_cast<std::int64_t>((raw ^ sign) - sign);
}

// The low `width` bits of a signed value, as stored in a field.
[[nodiscard]] constexpr std::uint64_t truncate_signed(std::int64_t value, unsigned width) noexcept {
    const auto raw = static_cast<std::uint64_t>(value);
    return width >= 64 ? raw : raw & ((std::uint64_t{1} << width) - 1u);
}

template <class Word, std::size_t N>
[[nodiscard]] constexpr std::uint64_t extract(const std::array<Word, N>& words, bit_field f) noexcept {
    return (static_cast<std::uint64_t>(words[f.word]) >> f.lsb) & f.max_value();
}

// Writes `value` into the field. Returns false, leaving the words untouched, when the value
// does not fit: no silent truncation.
template <class Word, std::size_t N>
[[nodiscard]] constexpr bool insert(std::array<Word, N>& words, bit_field f, std::uint64_t value) noexcept {
    if (!fits_unsigned(value, f.width)) return false;
    const std::uint64_t mask = f.max_value() << f.lsb;
    const std::uint64_t word = static_cast<std::uint64_t>(words[f.word]);
    words[f.word] = static_cast<Word>((word & ~mask) | (value << f.lsb));
    return true;
}

// Words to bytes in memory order (each word little-endian), and back.
template <class Word, std::size_t N>
[[nodiscard]] constexpr std::array<std::uint8_t, N * sizeof(Word)> to_bytes(const std::array<Word, N>& words) noexcept {
    // On a little-endian machine the words' own bytes: one copy (GCC assembled the loop's bytes one by one).
    if constexpr (std::endian::native == std::endian::little && sizeof(words) == N * sizeof(Word))
        return std::bit_cast<std::array<std::uint8_t, N * sizeof(Word)>>(words);
    std::array<std::uint8_t, N * sizeof(Word)> bytes{};
    for (std::size_t w = 0; w < N; ++w)
        for (std::size_t b = 0; b < sizeof(Word); ++b)
            bytes[w * sizeof(Word) + b] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(words[w]) >> (8 * b));
    return bytes;
}

template <class Word, std::size_t N>
[[nodiscard]] constexpr std::array<Word, N> from_bytes(std::span<const std::uint8_t, N * sizeof(Word)> bytes) noexcept {
    std::array<Word, N> words{};
    for (std::size_t w = 0; w < N; ++w) {
        std::uint64_t v = 0;
        for (std::size_t b = 0; b < sizeof(Word); ++b) v |= static_cast<std::uint64_t>(bytes[w * sizeof(Word) + b]) << (8 * b);
        words[w] = static_cast<Word>(v);
    }
    return words;
}

}  // namespace ctisa
