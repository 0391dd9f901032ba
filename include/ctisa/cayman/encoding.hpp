// SPDX-License-Identifier: MIT
// One Cayman unit (a CF, ALU or fetch instruction) as dwords, encoded and decoded through the
// generated tables: constexpr, shifts and masks only. Decoding is total: any dwords give an
// instruction or an error naming the reason and the byte offset inside the unit.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "../core/error.hpp"
#include "../core/result.hpp"
#include "description.hpp"

namespace ctisa::cayman {

struct instruction {
    opcode op{};
    std::array<std::uint32_t, 4> dwords{};  // memory order; unused dwords stay zero

    friend constexpr bool operator==(const instruction&, const instruction&) = default;
};

// Dwords an instruction occupies: 2 (CF, ALU), 4 (fetch, its fourth zero).
[[nodiscard]] constexpr std::size_t dword_count(opcode op) noexcept { return info(info(op).cat).unit == unit_kind::fetch ? 4 : 2; }

namespace detail {

[[nodiscard]] constexpr std::uint32_t mask_of(const field_info& f) noexcept {
    const std::uint32_t width = static_cast<std::uint32_t>(f.msb - f.lsb + 1);
    return (width == 32 ? 0xFFFFFFFFu : ((1u << width) - 1u)) << f.lsb;
}

[[nodiscard]] constexpr std::uint32_t read(std::uint32_t dword, const field_info& f) noexcept { return (dword & mask_of(f)) >> f.lsb; }

[[nodiscard]] constexpr std::uint32_t write(std::uint32_t dword, const field_info& f, std::uint32_t value) noexcept {
    return (dword & ~mask_of(f)) | ((value << f.lsb) & mask_of(f));
}

// The dword of `op` whose format holds fields[index], or -1.
[[nodiscard]] constexpr int dword_of(opcode op, std::size_t index) noexcept {
    for (int d = 0; d < 3; ++d) {
        const std::uint8_t fmt = info(op).formats[static_cast<std::size_t>(d)];
        if (fmt == no_format) break;
        if (fields[index].format == static_cast<format_id>(fmt)) return d;
    }
    return -1;
}

// fields[index] or its namesake in op's formats: a category names its opcode field in its usual
// format (CF_ALLOC_EXPORT_WORD1_BUF.CF_INST), which some opcodes replace (EXPORT's _SWIZ).
[[nodiscard]] constexpr std::size_t own_field(opcode op, std::size_t index) noexcept {
    if (dword_of(op, index) >= 0) return index;
    for (std::uint8_t fmt : info(op).formats) {
        if (fmt == no_format) break;
        if (const auto i = find_field(static_cast<format_id>(fmt), field_keys[index])) return *i;
    }
    return index;
}

// Position of fields[index] among the fields of op's formats (the bit of opcode_info::used).
[[nodiscard]] constexpr std::size_t used_position(opcode op, std::size_t index) noexcept {
    std::size_t position = 0;
    for (std::uint8_t fmt : info(op).formats) {
        if (fmt == no_format) break;
        const format_info& fi = formats[fmt];
        if (fields[index].format == static_cast<format_id>(fmt)) return position + (index - fi.first_field);
        position += fi.field_count;
    }
    return 64;
}

// The opcode field and the fixed fields of op's category: the encoder owns them.
[[nodiscard]] constexpr bool owns(opcode op, std::size_t index) noexcept {
    const category_info& c = info(info(op).cat);
    if (own_field(op, c.opcode_field) == index) return true;
    for (std::size_t i = 0; i < c.fixed_count; ++i)
        if (own_field(op, c.fixed[i].field) == index) return true;
    return false;
}

// opcode_owned_fields (generated) holds, per opcode, the positions of the fields it owns.
[[nodiscard]] constexpr bool is_owned(opcode op, std::size_t index, std::size_t position) noexcept {
    return position < 64 ? ((opcode_owned_fields[static_cast<std::size_t>(op)] >> position) & 1u) != 0 : owns(op, index);
}

[[nodiscard]] constexpr bool is_owned(opcode op, std::size_t index) noexcept { return is_owned(op, index, used_position(op, index)); }

// get() and set() find a field by key once per format triple, not per call: the opcodes share a
// few dozen triples (layouts), and the generator wrote where each (layout, key) keeps its field
// (layout_places, packed: see generated/description.hpp), a lookup at run time and in constant
// evaluation alike.
struct field_place {
    int index = -1;              // into `fields`; -1: no format of the triple has the key
    std::uint32_t dword = 0;     // the dword holding it
    std::uint32_t position = 0;  // among the triple's fields, as opcode_info::used counts them
    std::uint32_t lsb = 0;
    std::uint32_t mask = 0;  // its bits in the dword; 0 where index is -1
};

// The hot paths take the packed word (a register) and unpack what they need: a field_place
// returned by value went through memory.
[[nodiscard]] constexpr std::uint32_t packed_place(opcode op, field_key k) noexcept {
    return layout_places[opcode_layouts[static_cast<std::size_t>(op)] * field_key_names.size() + static_cast<std::size_t>(k)];
}
[[nodiscard]] constexpr std::uint32_t place_lsb(std::uint32_t p) noexcept { return (p >> 19) & 31u; }
[[nodiscard]] constexpr std::uint32_t place_mask(std::uint32_t p) noexcept {
    return static_cast<std::uint32_t>(((std::uint64_t{1} << ((p >> 24) & 63u)) - 1) << place_lsb(p));
}

[[nodiscard]] constexpr field_place place_of(opcode op, field_key k) noexcept {
    const std::uint32_t p = packed_place(op, k);
    return {static_cast<int>(p & 511u) - 1, (p >> 9) & 3u, (p >> 11) & 255u, place_lsb(p), place_mask(p)};
}

// get(in, k).value_or(0) without the optional (returned through memory, it costs a store-forwarding
// stall a call): the group checks read a dozen fields an instruction, inlined (a call each was 15%
// of decoding).
[[nodiscard]] __attribute__((always_inline)) constexpr std::uint32_t value_or_zero(const instruction& in, field_key k) noexcept {
    const std::uint32_t p = packed_place(in.op, k);
    return (in.dwords[(p >> 9) & 3u] & place_mask(p)) >> place_lsb(p);
}

}  // namespace detail

// An instruction of `op` with its opcode and fixed fields set and every other field zero.
[[nodiscard]] constexpr instruction make(opcode op) noexcept {
    instruction in{op, {}};
    const category_info& c = info(info(op).cat);
    const auto put = [&](std::size_t category_field, std::uint32_t value) {
        const std::size_t index = detail::own_field(op, category_field);
        const int d = detail::dword_of(op, index);
        if (d >= 0) in.dwords[static_cast<std::size_t>(d)] = detail::write(in.dwords[static_cast<std::size_t>(d)], fields[index], value);
    };
    put(c.opcode_field, info(op).value);
    for (std::size_t i = 0; i < c.fixed_count; ++i) put(c.fixed[i].field, c.fixed[i].value);
    return in;
}

// Sets a field of the instruction, by key (field_key::last) or document name ("LAST"). Errors: the
// instruction's formats have no such field or it does not use it (operand_not_allowed), the opcode
// or a fixed field (operand_not_allowed), a value that does not fit (value_out_of_range). The
// subject is the field.
namespace detail {

// Sets fields[index], a field of the instruction's dword d at `position` (set()'s checks).
[[nodiscard]] constexpr result<instruction> set_field(instruction in, std::size_t d, std::size_t index, std::size_t position,
                                                      std::uint32_t value) noexcept {
    const field_info& f = fields[index];
    if (is_owned(in.op, index, position) || !uses_field(in.op, position)) return error{errors::operand_not_allowed, 0, 0, 0, f.name};
    if (value > (mask_of(f) >> f.lsb)) return error{errors::value_out_of_range, 0, 0, 0, f.name};
    in.dwords[d] = write(in.dwords[d], f, value);
    return in;
}

// set() in place, for builders: true and the field written where set() succeeds, else false and
// `in` unchanged (the builder asks set() for the error then).
[[nodiscard]] constexpr bool try_set(instruction& in, field_key field, std::uint32_t value) noexcept {
    const std::uint32_t p = packed_place(in.op, field), position = (p >> 11) & 255u, mask = place_mask(p), lsb = place_lsb(p);
    if ((p & 511u) == 0 || is_owned(in.op, (p & 511u) - 1, position) || !uses_field(in.op, position) || value > (mask >> lsb)) return false;
    std::uint32_t& dword = in.dwords[(p >> 9) & 3u];
    dword = (dword & ~mask) | ((value << lsb) & mask);
    return true;
}

}  // namespace detail

[[nodiscard]] constexpr result<instruction> set(instruction in, field_key field, std::uint32_t value) noexcept {
    const detail::field_place p = detail::place_of(in.op, field);
    if (p.index < 0) return error{errors::operand_not_allowed, 0, 0, 0, name_of(field)};
    return detail::set_field(in, p.dword, static_cast<std::size_t>(p.index), p.position, value);
}

[[nodiscard]] constexpr result<instruction> set(instruction in, std::string_view field, std::uint32_t value) noexcept {
    const auto key = find_field_key(field);
    if (!key) return error{errors::operand_not_allowed, 0, 0, 0, field};
    return set(in, *key, value);
}

// A field's value, by key or document name; nullopt when the instruction's formats have no such field.
[[nodiscard]] constexpr std::optional<std::uint32_t> get(const instruction& in, field_key field) noexcept {
    const detail::field_place p = detail::place_of(in.op, field);
    if (p.index < 0) return std::nullopt;
    return detail::read(in.dwords[p.dword], fields[static_cast<std::size_t>(p.index)]);
}

[[nodiscard]] constexpr std::optional<std::uint32_t> get(const instruction& in, std::string_view field) noexcept {
    const auto key = find_field_key(field);
    if (!key) return std::nullopt;
    return get(in, *key);
}

}  // namespace ctisa::cayman
