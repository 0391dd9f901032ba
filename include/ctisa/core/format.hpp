// SPDX-License-Identifier: MIT
// Encoding formats as described structs: one member per bit field, described at compile time.
//
// A format is a struct whose members are raw field values, with a `static constexpr
// std::array<field_info, N> fields` table and a visit(f) that calls f on every member in the
// table's order (the generator writes all three). From that one description come packing,
// unpacking, comparison and the field-by-field `explain` listing, for every ISA. Not Hana's
// BOOST_HANA_DEFINE_STRUCT: its accessors (a pair with a compile-time string per member) cost GCC
// 51 MB of its 183 MB and a quarter of the time for ATTILA's header, and in constant evaluation
// about ten times as many steps as visit().
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "bits.hpp"

namespace ctisa {

struct field_info {
    std::string_view name;
    bit_field bits;
};

namespace detail {
template <class Format>
consteval std::size_t visited_members() {
    std::size_t n = 0;
    Format{}.visit([&](const auto&) { ++n; });
    return n;
}
template <class Format>
constexpr void check_format_shape() {
    static_assert(visited_members<Format>() == Format::fields.size(), "a format visits one member per field_info, in order");
}
}  // namespace detail

// Reads every field of `Format` out of the words.
template <class Format, class Word, std::size_t N>
[[nodiscard]] constexpr Format unpack(const std::array<Word, N>& words) noexcept {
    detail::check_format_shape<Format>();
    Format out{};
    std::size_t i = 0;
    out.visit([&](auto& member) CTISA_ALWAYS_INLINE {
        member = static_cast<std::remove_reference_t<decltype(member)>>(extract(words, Format::fields[i].bits));
        ++i;
    });
    return out;
}

// Writes every field of `Format` into the words. Returns the index of the first field whose
// value does not fit (leaving later fields unwritten), or Format::fields.size() on success.
// Inlined: where some fields are constants (a builder's), they fold into the words.
template <class Format, class Word, std::size_t N>
[[nodiscard]] CTISA_ALWAYS_INLINE constexpr std::size_t pack(const Format& in, std::array<Word, N>& words) noexcept {
    detail::check_format_shape<Format>();
    // All fields at once (shifts and ORs the compiler keeps in registers); the field at fault
    // is looked for only when one does not fit.
    std::array<std::uint64_t, N> bits{}, cleared{};
    std::size_t i = 0;
    bool fits = true;
    in.visit([&](const auto& member) CTISA_ALWAYS_INLINE {
        const bit_field f = Format::fields[i++].bits;
        const auto value = static_cast<std::uint64_t>(member);
        fits = fits && fits_unsigned(value, f.width);
        bits[f.word] |= value << f.lsb;
        cleared[f.word] |= f.max_value() << f.lsb;
    });
    if (!fits) {  // one insert() at a time, stopping at the field at fault
        // On a copy: `words` itself only seen at constant indices, the caller keeps it in registers.
        std::array<Word, N> partial = words;
        i = 0;
        bool ok = true;
        in.visit([&](const auto& member) {
            if (!ok) return;
            if (!insert(partial, Format::fields[i].bits, static_cast<std::uint64_t>(member))) ok = false;
            else ++i;
        });
        words = partial;
        return i;
    }
    for (std::size_t w = 0; w < N; ++w) words[w] = static_cast<Word>((static_cast<std::uint64_t>(words[w]) & ~cleared[w]) | bits[w]);
    return Format::fields.size();
}

// Calls f(field_info, value) for every field of a format value, in layout order.
template <class Format, class F>
constexpr void for_each_field(const Format& value, F&& f) {
    detail::check_format_shape<Format>();
    std::size_t i = 0;
    value.visit([&](const auto& member) {
        f(Format::fields[i], static_cast<std::uint64_t>(member));
        ++i;
    });
}

}  // namespace ctisa
