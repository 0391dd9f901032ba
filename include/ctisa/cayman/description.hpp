// SPDX-License-Identifier: MIT
// Lookups over Cayman's generated description: opcodes by (category, mnemonic) or (category, value),
// categories and formats by name, fields of a format, names of field values. All constexpr; a miss is
// an empty optional, never an error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "../core/text/compare.hpp"
#include "generated/description.hpp"

namespace ctisa::cayman {

[[nodiscard]] constexpr const opcode_info& info(opcode op) noexcept { return opcodes[static_cast<std::size_t>(op)]; }
[[nodiscard]] constexpr const category_info& info(category c) noexcept { return categories[static_cast<std::size_t>(c)]; }
[[nodiscard]] constexpr const format_info& info(format_id f) noexcept { return formats[static_cast<std::size_t>(f)]; }

// The fields of one format, in layout order.
[[nodiscard]] constexpr std::span<const field_info> fields_of(format_id f) noexcept {
    const format_info& fi = info(f);
    return std::span<const field_info>(fields).subspan(fi.first_field, fi.field_count);
}

[[nodiscard]] constexpr std::optional<category> find_category(std::string_view name) noexcept {
    for (std::size_t i = 0; i < categories.size(); ++i)
        if (categories[i].name == name) return static_cast<category>(i);
    return std::nullopt;
}

[[nodiscard]] constexpr std::optional<format_id> find_format(std::string_view name) noexcept {
    for (std::size_t i = 0; i < formats.size(); ++i)
        if (formats[i].name == name) return static_cast<format_id>(i);
    return std::nullopt;
}

// A field name as its key (field_key_names is sorted): one binary search.
[[nodiscard]] constexpr std::optional<field_key> find_field_key(std::string_view name) noexcept {
    std::size_t lo = 0, hi = field_key_names.size();
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        const int c = text::compare(field_key_names[mid], name);  // one comparison a step, no memcmp
        if (c == 0) return static_cast<field_key>(mid);
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return std::nullopt;
}

[[nodiscard]] constexpr std::string_view name_of(field_key k) noexcept { return field_key_names[static_cast<std::size_t>(k)]; }

// The index into `fields` of a format's field, by key: a table entry.
[[nodiscard]] constexpr std::optional<std::size_t> find_field(format_id f, field_key k) noexcept {
    const std::int16_t i = field_by_key[static_cast<std::size_t>(f)][static_cast<std::size_t>(k)];
    if (i < 0) return std::nullopt;
    return static_cast<std::size_t>(i);
}

// The index into `fields` of a format's field, by its document name.
[[nodiscard]] constexpr std::optional<std::size_t> find_field(format_id f, std::string_view name) noexcept {
    const auto k = find_field_key(name);
    if (!k) return std::nullopt;
    return find_field(f, *k);
}

namespace detail {
// Binary search over positions [first, first + count) of a category; order(position) is negative,
// zero or positive as the entry there is before, at or after the key; index(position) its opcode.
template <class Order, class Index>
[[nodiscard]] constexpr std::optional<opcode> search(const category_info& ci, Order order, Index index) noexcept {
    std::size_t lo = ci.first_opcode, hi = ci.first_opcode + ci.opcode_count;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        const int o = order(mid);
        if (o == 0) return static_cast<opcode>(index(mid));
        if (o < 0) lo = mid + 1;
        else hi = mid;
    }
    return std::nullopt;
}
}  // namespace detail

// By mnemonic, as the document spells it: the category's slice of `opcodes_by_name`.
[[nodiscard]] constexpr std::optional<opcode> find_opcode(category c, std::string_view mnemonic) noexcept {
    const auto name = [](std::size_t position) { return opcodes[opcodes_by_name[position]].mnemonic; };
    return detail::search(
        info(c), [&](std::size_t p) { return text::compare(name(p), mnemonic); }, [](std::size_t p) { return opcodes_by_name[p]; });
}

// By opcode value: opcodes are ordered by value inside their category.
[[nodiscard]] constexpr std::optional<opcode> find_opcode(category c, std::uint32_t value) noexcept {
    return detail::search(
        info(c), [&](std::size_t p) { return opcodes[p].value == value  ? 0
                                             : opcodes[p].value < value ? -1
                                                                        : 1; },
        [](std::size_t p) { return p; });
}

// The name of a field value in a named value set, if it has one.
[[nodiscard]] constexpr std::optional<std::string_view> value_name(value_set set, std::uint32_t value) noexcept {
    const value_set_info& vs = value_sets[static_cast<std::size_t>(set)];
    for (std::size_t i = vs.first; i < vs.first + vs.count; ++i)
        if (values[i].value == value) return values[i].name;
    return std::nullopt;
}

// Whether an opcode uses the field at `index` of its formats' fields, counted across its dwords.
[[nodiscard]] constexpr bool uses_field(opcode op, std::size_t index) noexcept { return index < 64 && ((info(op).used >> index) & 1u) != 0; }

}  // namespace ctisa::cayman
