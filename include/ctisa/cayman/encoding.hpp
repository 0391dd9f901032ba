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

[[nodiscard]] constexpr bool is_owned(opcode op, std::size_t index, std::size_t position) noexcept {
    return position < 64 ? ((owned_positions[static_cast<std::size_t>(op)] >> position) & 1u) != 0 : owns(op, index);
}

[[nodiscard]] constexpr bool is_owned(opcode op, std::size_t index) noexcept { return is_owned(op, index, used_position(op, index)); }

// get() and set() find a field by key once per format triple, not per call: the opcodes share a
// few dozen triples, and each (triple, key) holds where the first format having the key keeps it.
inline constexpr std::size_t no_layout = 0xFF;

// Calls each(opcode, layout, is_new) for every opcode; how many layouts there are.
template <class F>
constexpr std::size_t count_layouts(F&& each) noexcept {
    std::array<std::uint32_t, opcodes.size()> seen{};  // each triple as one number
    std::size_t n = 0;
    for (std::size_t o = 0; o < opcodes.size(); ++o) {
        const auto& t = opcodes[o].formats;
        const std::uint32_t key = t[0] | (std::uint32_t{t[1]} << 8) | (std::uint32_t{t[2]} << 16);
        std::size_t l = 0;
        while (l < n && seen[l] != key) ++l;
        const bool fresh = l == n;
        if (fresh) seen[n++] = key;
        each(o, l, fresh);
    }
    return n;
}

inline constexpr std::size_t layout_count = count_layouts([](std::size_t, std::size_t, bool) {});
static_assert(layout_count < no_layout);

struct field_place {
    int index = -1;              // into `fields`; -1: no format of the triple has the key
    std::uint32_t dword = 0;     // the dword holding it
    std::uint32_t position = 0;  // among the triple's fields, as opcode_info::used counts them
    std::uint32_t lsb = 0;
    std::uint32_t mask = 0;  // its bits in the dword; 0 where index is -1
};

// Where the first of op's formats having key k keeps it, found by searching the formats; packed in
// one word: bits 0-8 the field index + 1 (0: none), 9-10 the dword, 11-18 the position, 19-23 the
// lsb, 24-29 the width.
[[nodiscard]] constexpr std::uint32_t searched_place(opcode op, std::size_t k) noexcept {
    static_assert(fields.size() < 511);
    const std::array<std::uint8_t, 3>& triple = info(op).formats;
    std::uint32_t position = 0;
    for (std::uint32_t d = 0; d < 3 && triple[d] != no_format; position += formats[triple[d]].field_count, ++d) {
        const std::int16_t i = field_by_key[triple[d]][k];
        if (i < 0) continue;
        const field_info& f = fields[static_cast<std::size_t>(i)];
        const auto at = position + static_cast<std::uint32_t>(i) - formats[triple[d]].first_field;
        return static_cast<std::uint32_t>(i + 1) | d << 9 | at << 11 | std::uint32_t{f.lsb} << 19 |
               static_cast<std::uint32_t>(f.msb - f.lsb + 1) << 24;
    }
    return 0;
}

// searched_place() for every (triple, key), built at start-up (a dynamic initialiser), not by the
// compiler: as constexpr tables, this one and those of decoding.hpp and syntax.hpp cost every
// includer of cayman.hpp 0.4 s and 30 MB (g++-12 -O2 -fsyntax-only, 1.3 against 0.9 s). Not on
// first use either: a function-local static's guard on every lookup cost the encoder ~7%. Constant
// evaluation searches instead (packed_place()). The price: code run by the static initialisers of a
// translation unit that does not include this header may find the tables not yet built.
struct place_table {
    std::array<std::uint8_t, opcodes.size()> layout{};
    std::array<std::uint32_t, layout_count * field_key_names.size()> words{};
};

inline place_table make_place_table() noexcept {  // not constexpr: see place_table
    place_table t;
    count_layouts([&](std::size_t o, std::size_t l, bool fresh) {
        t.layout[o] = static_cast<std::uint8_t>(l);
        for (std::size_t k = 0; fresh && k < field_key_names.size(); ++k)
            t.words[l * field_key_names.size() + k] = searched_place(static_cast<opcode>(o), k);
    });
    return t;
}

inline const place_table places = make_place_table();

// The hot paths take the packed word (a register) and unpack what they need: a field_place
// returned by value went through memory.
[[nodiscard]] constexpr std::uint32_t packed_place(opcode op, field_key k) noexcept {
    if (std::is_constant_evaluated()) return searched_place(op, static_cast<std::size_t>(k));
    return places.words[places.layout[static_cast<std::size_t>(op)] * field_key_names.size() + static_cast<std::size_t>(k)];
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
