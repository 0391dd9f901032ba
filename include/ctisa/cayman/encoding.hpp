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

// Per opcode, the positions (as opcode_info::used counts them) of the fields it owns: computed once.
inline constexpr auto owned_positions = [] {
    std::array<std::uint64_t, opcodes.size()> out{};
    for (std::size_t o = 0; o < opcodes.size(); ++o) {
        const auto op = static_cast<opcode>(o);
        const category_info& c = info(info(op).cat);
        const auto mark = [&](std::size_t category_field) {
            const std::size_t position = used_position(op, own_field(op, category_field));
            if (position < 64) out[o] |= std::uint64_t{1} << position;
        };
        mark(c.opcode_field);
        for (std::size_t i = 0; i < c.fixed_count; ++i) mark(c.fixed[i].field);
    }
    return out;
}();

[[nodiscard]] constexpr bool is_owned(opcode op, std::size_t index) noexcept {
    const std::size_t position = used_position(op, index);
    return position < 64 ? ((owned_positions[static_cast<std::size_t>(op)] >> position) & 1u) != 0 : owns(op, index);
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

// Sets fields[index], a field of the instruction's dword d (set()'s checks).
[[nodiscard]] constexpr result<instruction> set_field(instruction in, std::size_t d, std::size_t index, std::uint32_t value) noexcept {
    const field_info& f = fields[index];
    if (is_owned(in.op, index) || !uses_field(in.op, used_position(in.op, index))) return error{errors::operand_not_allowed, 0, 0, 0, f.name};
    if (value > (mask_of(f) >> f.lsb)) return error{errors::value_out_of_range, 0, 0, 0, f.name};
    in.dwords[d] = write(in.dwords[d], f, value);
    return in;
}

}  // namespace detail

[[nodiscard]] constexpr result<instruction> set(instruction in, field_key field, std::uint32_t value) noexcept {
    for (std::size_t d = 0; d < 3; ++d) {
        const std::uint8_t fmt = info(in.op).formats[d];
        if (fmt == no_format) break;
        if (const auto index = find_field(static_cast<format_id>(fmt), field)) return detail::set_field(in, d, *index, value);
    }
    return error{errors::operand_not_allowed, 0, 0, 0, name_of(field)};
}

[[nodiscard]] constexpr result<instruction> set(instruction in, std::string_view field, std::uint32_t value) noexcept {
    const auto key = find_field_key(field);
    if (!key) return error{errors::operand_not_allowed, 0, 0, 0, field};
    return set(in, *key, value);
}

// A field's value, by key or document name; nullopt when the instruction's formats have no such field.
[[nodiscard]] constexpr std::optional<std::uint32_t> get(const instruction& in, field_key field) noexcept {
    for (std::size_t d = 0; d < 3; ++d) {
        const std::uint8_t fmt = info(in.op).formats[d];
        if (fmt == no_format) break;
        if (const auto index = find_field(static_cast<format_id>(fmt), field)) return detail::read(in.dwords[d], fields[*index]);
    }
    return std::nullopt;
}

[[nodiscard]] constexpr std::optional<std::uint32_t> get(const instruction& in, std::string_view field) noexcept {
    const auto key = find_field_key(field);
    if (!key) return std::nullopt;
    return get(in, *key);
}

}  // namespace ctisa::cayman
