// SPDX-License-Identifier: MIT
// Total decoding of one Cayman unit: which instruction the dwords hold, or why they hold none.
//
// A unit's kind comes from where it sits in the program: the CF program (CF, ALU-clause start,
// allocation/export), an ALU clause, or a fetch clause (texture-cache clause, GDS clause). Inside a
// kind the dwords say the rest:
//   CF:    CF_ALU's CF_INST is 8-15 in bits 26-29, so bit 29 of dword 1 marks CF_ALU; otherwise the
//          8-bit CF_INST is an allocation/export instruction (64-93) or a CF instruction.
//   ALU:   ALU_INST's top three bits (15-17) zero: OP2; else OP3, where 17 is LDS_IDX_OP.
//   fetch: in a texture-cache clause the low five bits are VC_INST 0, 1, 14 (vertex fetch),
//          MEM_INST 2 (memory read) or a TEX_INST; in a GDS clause MEM_INST is 2 and MEM_OP picks
//          GDS (4) or the tessellation-factor write (5).
// Then every dword is checked: reserved bits zero, fixed fields at their value, named fields holding
// a defined value (ALU source selects: GPRs, kcache and the named specials), the fourth fetch dword
// zero. An error's offset is the byte offset of the offending dword in the unit.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "encoding.hpp"

namespace ctisa::cayman {

enum class clause : std::uint8_t { cf, alu, texture, gds };

namespace detail {

[[nodiscard]] constexpr error fail(error_kind const& kind, std::size_t dword, std::string_view subject) noexcept {
    return error{kind, 0, 0, static_cast<std::uint32_t>(dword * 4), subject};
}

// find_opcode(category, value) as one load at run time (decoding looks one up a unit): per
// category, its opcodes by value from 0 to its largest (opcode + 1; 0: none), built at start-up
// like check_tables below; constant evaluation searches.
inline constexpr std::size_t opcode_index_size = [] {
    std::size_t n = 0;
    for (const category_info& c : categories) n += c.opcode_count == 0 ? 0 : opcodes[c.first_opcode + c.opcode_count - 1u].value + 1u;
    return n;
}();

struct opcode_index {
    std::array<std::uint32_t, categories.size()> first{}, size{};
    std::array<std::uint16_t, opcode_index_size> op{};
};

inline opcode_index make_opcode_index() noexcept {  // not constexpr: see above
    opcode_index t;
    std::uint32_t at = 0;
    for (std::size_t c = 0; c < categories.size(); ++c) {
        const category_info& ci = categories[c];
        t.first[c] = at;
        t.size[c] = ci.opcode_count == 0 ? 0 : opcodes[ci.first_opcode + ci.opcode_count - 1u].value + 1u;
        for (std::size_t o = ci.first_opcode; o < ci.first_opcode + ci.opcode_count; ++o)
            t.op[at + opcodes[o].value] = static_cast<std::uint16_t>(o + 1);
        at += t.size[c];
    }
    return t;
}

inline const opcode_index opcodes_by_value = make_opcode_index();

[[nodiscard]] constexpr std::optional<opcode> opcode_of(category c, std::uint32_t value) noexcept {
    if (std::is_constant_evaluated()) return find_opcode(c, value);
    const opcode_index& t = opcodes_by_value;
    const auto i = static_cast<std::size_t>(c);
    const std::uint16_t o = value < t.size[i] ? t.op[t.first[i] + value] : 0;
    if (o == 0) return std::nullopt;
    return static_cast<opcode>(o - 1);
}

// Per value set, which values below 512 it names (a bit each): computed once.
inline constexpr auto named_values = [] {
    std::array<std::array<std::uint64_t, 8>, value_sets.size()> out{};
    for (std::size_t set = 0; set < value_sets.size(); ++set)
        for (std::size_t i = value_sets[set].first; i < value_sets[set].first + value_sets[set].count; ++i)
            if (values[i].value < 512) out[set][values[i].value / 64] |= std::uint64_t{1} << (values[i].value % 64);
    return out;
}();

// ALU source selects: 0-127 GPRs, 128-191 and 256-319 kcache constants, the named specials.
[[nodiscard]] constexpr bool defined_value(const field_info& f, std::uint32_t value) noexcept {
    if (f.values == value_set::none) return true;
    if (f.values == value_set::alu_src_sel && (value < 192 || (value >= 256 && value < 320))) return true;
    if (value < 512) return ((named_values[static_cast<std::size_t>(f.values)][value / 64] >> (value % 64)) & 1u) != 0;
    return value_name(f.values, value).has_value();
}

// The sub-operation category whose opcode a field holds (RAT_INST, GWS_OPCODE), or no_category.
inline constexpr auto sub_operation_of = [] {
    std::array<std::uint8_t, fields.size()> out{};
    for (std::uint8_t& c : out) c = no_category;
    for (std::size_t c = 0; c < categories.size(); ++c)
        if (categories[c].sub_of != no_category) out[categories[c].opcode_field] = static_cast<std::uint8_t>(c);
    return out;
}();

// A sub-operation field must hold a value its category lists.
[[nodiscard]] constexpr bool defined_sub_operation(std::size_t index, std::uint32_t value) noexcept {
    const std::uint8_t c = sub_operation_of[index];
    return c == no_category || opcode_of(static_cast<category>(c), value).has_value();
}

// Checks the dwords of an identified instruction against its formats and its category, naming the
// first fault (check() comes here only for dwords it has found at fault).
[[nodiscard]] constexpr result<instruction> first_fault(const instruction& in) noexcept {
    const opcode_info& oi = info(in.op);
    const category_info& c = info(oi.cat);
    for (std::size_t i = 0; i < c.fixed_count; ++i) {
        const std::size_t index = own_field(in.op, c.fixed[i].field);
        const field_info& f = fields[index];
        const auto d = static_cast<std::size_t>(dword_of(in.op, index));
        if (read(in.dwords[d], f) != c.fixed[i].value) return fail(errors::reserved_value, d, f.name);
    }
    for (std::size_t d = 0; d < 3 && oi.formats[d] != no_format; ++d) {
        const format_info& fi = formats[oi.formats[d]];
        if ((in.dwords[d] & fi.reserved_mask) != 0) return fail(errors::reserved_bits_set, d, fi.name);
        for (std::size_t i = fi.first_field; i < fi.first_field + fi.field_count; ++i) {
            const std::uint32_t value = read(in.dwords[d], fields[i]);
            if (!defined_value(fields[i], value) || !defined_sub_operation(i, value)) return fail(errors::reserved_value, d, fields[i].name);
        }
    }
    if (dword_count(in.op) == 4 && in.dwords[3] != 0) return fail(errors::reserved_bits_set, 3, "DWORD3");
    return in;
}

// What check() asks of an opcode's dwords: the bits that must hold a set value (reserved bits
// zero, the category's fixed fields at their value, a fetch's fourth dword zero) as one mask and
// value a dword; `exact` false where the tables describe a fixed field no mask can (then check()
// asks first_fault() every time).
struct strict_mask {
    std::array<std::uint32_t, 4> mask{}, value{};
    bool exact = true;
};

[[nodiscard]] constexpr strict_mask strict_mask_of(opcode op) noexcept {
    const opcode_info& oi = info(op);
    const category_info& c = info(oi.cat);
    strict_mask m;
    for (std::size_t i = 0; i < c.fixed_count; ++i) {
        const std::size_t index = own_field(op, c.fixed[i].field);
        const int d = dword_of(op, index);
        const std::uint32_t mask = mask_of(fields[index]), value = static_cast<std::uint32_t>(c.fixed[i].value) << fields[index].lsb;
        if (d < 0 || (value & ~mask) != 0 || (value >> fields[index].lsb) != c.fixed[i].value) {
            m.exact = false;
            continue;
        }
        m.mask[static_cast<std::size_t>(d)] |= mask;
        m.value[static_cast<std::size_t>(d)] |= value;
    }
    for (std::size_t d = 0; d < 3 && oi.formats[d] != no_format; ++d) m.mask[d] |= formats[oi.formats[d]].reserved_mask;
    if (dword_count(op) == 4) m.mask[3] = 0xFFFFFFFFu;
    return m;
}

struct field_rule {
    std::uint32_t mask = 0;
    std::uint8_t lsb = 0;
    std::uint8_t values = 0;  // value_set
    std::uint8_t sub = 0;     // sub_operation_of
};

// passes()'s tables, built at start-up, not by the compiler (as constexpr tables they cost every includer);
// constant evaluation does not need them (check()).
// allowed: defined_value() below 512 as one bit a value (the ALU source selects' GPR and kcache
// ranges included, every value of an unconstrained field set). constrained: per format, its fields
// (bit i: the format's i-th) whose values are constrained: a sub-operation's opcode, or a value set
// that leaves some value of the field's width undefined (a 2-bit channel with four names is not);
// the others take any value.
struct check_tables {
    std::array<strict_mask, opcodes.size()> strict{};
    std::array<std::array<std::uint64_t, 8>, value_sets.size()> allowed{};
    std::array<field_rule, fields.size()> rules{};
    std::array<std::uint64_t, formats.size()> constrained{};
};

[[nodiscard]] inline bool every_value_allowed(const check_tables& t, const field_info& f) noexcept {
    const std::uint32_t width = static_cast<std::uint32_t>(f.msb - f.lsb + 1);
    if (width > 9) return f.values == value_set::none;
    const auto& allowed = t.allowed[static_cast<std::size_t>(f.values)];
    const std::uint32_t count = 1u << width;
    for (std::uint32_t w = 0; w < (count + 63) / 64; ++w) {
        const std::uint64_t need = count - 64 * w >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (count - 64 * w)) - 1;
        if ((allowed[w] & need) != need) return false;
    }
    return true;
}

inline check_tables make_check_tables() noexcept {  // not constexpr: see check_tables
    check_tables t;
    for (std::size_t o = 0; o < opcodes.size(); ++o) t.strict[o] = strict_mask_of(static_cast<opcode>(o));
    t.allowed = named_values;
    for (std::uint64_t& word : t.allowed[static_cast<std::size_t>(value_set::none)]) word = ~std::uint64_t{0};
    for (std::uint32_t v = 0; v < 512; ++v)
        if (v < 192 || (v >= 256 && v < 320))
            t.allowed[static_cast<std::size_t>(value_set::alu_src_sel)][v / 64] |= std::uint64_t{1} << (v % 64);
    for (std::size_t i = 0; i < fields.size(); ++i)
        t.rules[i] = {mask_of(fields[i]), fields[i].lsb, static_cast<std::uint8_t>(fields[i].values), sub_operation_of[i]};
    for (std::size_t f = 0; f < formats.size(); ++f)
        for (std::size_t i = 0; i < formats[f].field_count; ++i) {
            const std::size_t index = formats[f].first_field + i;
            if (!every_value_allowed(t, fields[index]) || sub_operation_of[index] != no_category) t.constrained[f] |= std::uint64_t{1} << i;
        }
    return t;
}

inline const check_tables checks = make_check_tables();

[[nodiscard]] inline bool defined_field(const check_tables& t, std::uint32_t dword, std::size_t index) noexcept {
    const field_rule& r = t.rules[index];
    const std::uint32_t value = (dword & r.mask) >> r.lsb;
    const bool named = value < 512 ? ((t.allowed[r.values][value / 64] >> (value % 64)) & 1u) != 0 : defined_value(fields[index], value);
    return named && (r.sub == no_category || opcode_of(static_cast<category>(r.sub), value).has_value());
}

// first_fault()'s checks as one AND and compare a dword, then only the constrained fields.
[[nodiscard]] inline bool passes(const instruction& in) noexcept {
    const check_tables& t = checks;
    const strict_mask& m = t.strict[static_cast<std::size_t>(in.op)];
    bool ok = m.exact;
    for (std::size_t d = 0; d < 4; ++d) ok = ok && (in.dwords[d] & m.mask[d]) == m.value[d];
    if (!ok) return false;
    const opcode_info& oi = info(in.op);
    for (std::size_t d = 0; d < 3 && oi.formats[d] != no_format; ++d) {
        const format_info& fi = formats[oi.formats[d]];
        for (std::uint64_t left = t.constrained[oi.formats[d]]; left != 0; left &= left - 1)
            if (!defined_field(t, in.dwords[d], fi.first_field + static_cast<std::size_t>(std::countr_zero(left)))) return false;
    }
    return true;
}

// Constant evaluation goes straight to first_fault(): passes() is a run-time shortcut.
[[nodiscard]] constexpr result<instruction> check(const instruction& in) noexcept {
    if (!std::is_constant_evaluated() && passes(in)) return in;
    return first_fault(in);
}

[[nodiscard]] constexpr result<instruction> identified(std::optional<opcode> op, const std::array<std::uint32_t, 4>& dwords,
                                                       std::size_t opcode_dword, std::string_view opcode_field) noexcept {
    if (!op) return fail(errors::reserved_opcode, opcode_dword, opcode_field);
    return check(instruction{*op, dwords});
}

[[nodiscard]] constexpr result<instruction> decode_cf(const std::array<std::uint32_t, 4>& w) noexcept {
    if ((w[1] >> 29) & 1u) return identified(opcode_of(category::cf_alu, (w[1] >> 26) & 0xFu), w, 1, "CF_INST");
    const std::uint32_t inst = (w[1] >> 22) & 0xFFu;
    if (const auto export_op = opcode_of(category::cf_alloc_export, inst)) return check(instruction{*export_op, w});
    return identified(opcode_of(category::cf, inst), w, 1, "CF_INST");
}

[[nodiscard]] constexpr bool is_lds(std::uint32_t w1) noexcept { return ((w1 >> 15) & 7u) != 0 && ((w1 >> 13) & 0x1Fu) == 17; }

// The opcode an ALU unit's second dword names, if any.
[[nodiscard]] constexpr std::optional<opcode> alu_opcode(std::uint32_t w1) noexcept {
    if (((w1 >> 15) & 7u) == 0) return opcode_of(category::alu_op2, (w1 >> 7) & 0x7FFu);
    if (is_lds(w1)) return opcode_of(category::lds_idx_op, (w1 >> 21) & 0x3Fu);
    return opcode_of(category::alu_op3, (w1 >> 13) & 0x1Fu);
}

[[nodiscard]] constexpr result<instruction> decode_alu(const std::array<std::uint32_t, 4>& w) noexcept {
    return identified(alu_opcode(w[1]), w, 1, is_lds(w[1]) ? "LDS_OP" : "ALU_INST");
}

[[nodiscard]] constexpr result<instruction> decode_fetch(const std::array<std::uint32_t, 4>& w, clause kind) noexcept {
    const std::uint32_t inst = w[0] & 0x1Fu;
    if (kind == clause::gds) {
        if (inst != 2) return fail(errors::reserved_opcode, 0, "MEM_INST");
        const std::uint32_t mem_op = (w[0] >> 8) & 7u;
        if (mem_op == 4) return identified(opcode_of(category::gds, (w[1] >> 9) & 0x3Fu), w, 1, "GDS_OP");
        return identified(opcode_of(category::tf, mem_op), w, 0, "MEM_OP");
    }
    if (inst == 2) return identified(opcode_of(category::mem_rd, (w[0] >> 8) & 7u), w, 0, "MEM_OP");
    if (const auto vtx = opcode_of(category::vtx, inst)) return check(instruction{*vtx, w});
    return identified(opcode_of(category::tex, inst), w, 0, "TEX_INST");
}

}  // namespace detail

// Decodes the dwords of one unit of `kind` (2 dwords used for CF and ALU units, 4 for fetches; the
// rest is ignored). VTX SEMANTIC's second dword is VTX_WORD1_SEM, CF_INST 30's first CF_GWS_WORD0.
[[nodiscard]] constexpr result<instruction> decode(const std::array<std::uint32_t, 4>& dwords, clause kind) noexcept {
    std::array<std::uint32_t, 4> w = dwords;
    if (kind == clause::cf || kind == clause::alu) w[2] = w[3] = 0;
    switch (kind) {
        case clause::cf: return detail::decode_cf(w);
        case clause::alu: return detail::decode_alu(w);
        case clause::texture:
        case clause::gds: return detail::decode_fetch(w, kind);
    }
    return detail::fail(errors::reserved_opcode, 0, "");
}

}  // namespace ctisa::cayman
