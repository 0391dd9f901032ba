// SPDX-License-Identifier: MIT
// AMD IL description: what the generated tables say about a code, read through small accessors.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "../core/text/compare.hpp"
#include "generated/enums.hpp"
#include "generated/opcodes.hpp"
#include "generated/tokens.hpp"

namespace ctisa::amdil {

// Operand counts of a packet; `described` is false where neither chapter 7 nor the peers give them.
struct operand_counts {
    std::uint8_t dst = 0;
    std::uint8_t src = 0;
    std::uint8_t extra = 0;
    bool described = false;
};

[[nodiscard]] constexpr bool is_defined(std::uint32_t code) noexcept { return code < opcode_count; }

[[nodiscard]] constexpr const generated::opcode_row& row_of(opcode op) noexcept { return generated::opcode_rows[static_cast<std::size_t>(op)]; }

// Appendix B's spelling, e.g. "IL_OP_MAD".
[[nodiscard]] constexpr std::string_view enumerator(opcode op) noexcept {
    const auto& r = row_of(op);
    return generated::opcode_names.substr(r.enumerator_offset, r.enumerator_size);
}

// The IL text mnemonic, e.g. "mad".
[[nodiscard]] constexpr std::string_view mnemonic(opcode op) noexcept {
    const auto& r = row_of(op);
    return generated::opcode_names.substr(r.mnemonic_offset, r.mnemonic_size);
}

// The chapter-7 group ("Flow Control"), empty when the code has no chapter-7 entry.
[[nodiscard]] constexpr std::string_view group(opcode op) noexcept { return groups[row_of(op).group]; }

[[nodiscard]] constexpr operand_counts operands(opcode op) noexcept {
    const auto& r = row_of(op);
    if (r.dst < 0) return {};
    return {static_cast<std::uint8_t>(r.dst), static_cast<std::uint8_t>(r.src), static_cast<std::uint8_t>(r.extra), true};
}

// The opcode token's control fields of `op` (bits of the token), as chapter 7 gives them.
struct control_field {
    std::string_view name;
    std::uint8_t lsb = 0;
    std::uint8_t msb = 0;
    std::string_view enum_name{};  // the Appendix B enumeration of its values, empty: a plain number
    bool flag = false;             // a one-bit flag, written _name when set (fence_threads_lds)
};

[[nodiscard]] constexpr std::size_t control_field_count(opcode op) noexcept {
    const auto c = static_cast<std::size_t>(op);
    return generated::control_begin[c + 1] - generated::control_begin[c];
}

[[nodiscard]] constexpr control_field control_field_of(opcode op, std::size_t i) noexcept {
    const auto& r = generated::control_rows[generated::control_begin[static_cast<std::size_t>(op)] + i];
    return {generated::control_names.substr(r.name_offset, r.name_size), r.lsb, r.msb,
            r.enum_index < appendix_b_enum_names.size() ? appendix_b_enum_names[r.enum_index] : std::string_view{}, r.enum_index == 254};
}

[[nodiscard]] constexpr std::optional<control_field> find_control_field(opcode op, std::string_view name) noexcept {
    for (std::size_t i = 0; i < control_field_count(op); ++i)
        if (control_field_of(op, i).name == name) return control_field_of(op, i);
    return std::nullopt;
}

// Chapter 6's text syntax of `value` in the enumeration `enum_name` ("_relop(eq)"), empty if none.
[[nodiscard]] constexpr std::string_view enum_text(std::string_view enum_name, std::uint32_t value) noexcept {
    for (const auto& m : appendix_b_members)
        if (m.value == value && text::equals(m.enum_name, enum_name)) return m.text;
    return {};
}

// The layout of an opcode modifier token of `op`: the primary one (bit 31) or the secondary one (bit 30).
// Empty where chapter 7 gives none: the token is then a plain dword.
[[nodiscard]] constexpr std::string_view modifier_token_layout(opcode op, bool secondary) noexcept {
    for (const auto& m : generated::modifier_layouts)
        if (m.code == static_cast<std::uint16_t>(op) && m.secondary == secondary) return m.token;
    return {};
}

// An ILElementFormat value as dcl_resource's text names it: Appendix B's member after IL_ELEMENTFORMAT_
// (upper case here; chapter 7's example writes _fmtx(float)). Empty for a value with no member.
[[nodiscard]] constexpr std::string_view element_format_name(std::uint32_t value) noexcept {
    constexpr std::string_view prefix = "IL_ELEMENTFORMAT_";
    for (const auto& m : appendix_b_members)
        if (m.enum_name == "ILElementFormat" && m.value == value && m.member.starts_with(prefix)) return m.member.substr(prefix.size());
    return {};
}

// Whether bits 30-31 of the opcode token are the modifier-present flags (2.2.3), or, for the few
// declarations that say so, control bits of their own (dcl_resource's unnormalize).
[[nodiscard]] constexpr bool has_modifier_flags(opcode op) noexcept {
    return generated::opcode_shapes[static_cast<std::size_t>(op)].flags & generated::opcode_modifier_flags;
}

// The highest bit of the opcode token a control field of `op` may use.
[[nodiscard]] constexpr unsigned control_top_bit(opcode op) noexcept { return has_modifier_flags(op) ? 29u : 31u; }

// An IL_OP_PREFIX token that text writes as _prec on the instruction it applies to (7.3): precise bits
// set and nothing else. Its mask (x = 1 ... w = 8), or 0 when the token is not such a prefix.
[[nodiscard]] constexpr std::uint32_t prec_mask(std::uint32_t token) noexcept {
    if ((token & 0xFFFFu) != static_cast<std::uint32_t>(opcode::prefix) || (token >> 20) != 0) return 0;
    return token >> 16 & 0xFu;
}

// The bits of the opcode token a control field of `op` takes (clipped to control_top_bit), 0 for
// none: a field chapter 7 draws over the modifier flags keeps only its control bits.
[[nodiscard]] constexpr std::uint32_t control_field_mask(opcode op, const control_field& cf) noexcept {
    const unsigned top = control_top_bit(op);
    if (cf.lsb > top) return 0;
    const unsigned msb = cf.msb > top ? top : cf.msb;
    return static_cast<std::uint32_t>(((std::uint64_t{1} << (msb - cf.lsb + 1)) - 1u) << cf.lsb);
}

// DCL_NUM_THREAD_PER_GROUP's sizes: as many dwords follow as its control field says (1 to 3, chapter
// 7); every other code has the fixed count of operands().
[[nodiscard]] constexpr bool counted_extras(opcode op) noexcept { return op == opcode::dcl_num_thread_per_group; }
inline constexpr std::uint32_t max_counted_extras = 3;

// The control field a declaration's text gives as its operand, as chapter 7's Syntax lines write them
// (dcl_lds_size_per_thread n, dcl_max_output_vertex_count n, dcl_num_instance n): the one control
// field of a declaration that has no operands, when it is a plain number. nullopt for every other code.
// The generator finds them (generated::opcode_bare_control): the one control field of a dcl_ code with no
// operands and no extras, a plain number at bit 16 that is not an id (dcl_raw_uav_id(n) keeps its suffix).
[[nodiscard]] constexpr std::optional<control_field> bare_control_field(opcode op) noexcept {
    if (!(generated::opcode_shapes[static_cast<std::size_t>(op)].flags & generated::opcode_bare_control)) return std::nullopt;
    return control_field_of(op, 0);
}

// Whether the plain dwords after the operands read best in decimal: labels and case values of flow
// control (func 1024, as AMD's compiler writes them) and the sizes and counts of declarations
// (dcl_num_thread_per_group 64, dcl_lds_id(1) 256); bits (dcl_literal, formats, floats) stay hexadecimal.
[[nodiscard]] constexpr bool decimal_extras(opcode op) noexcept {
    if (group(op) == "Flow Control" || op == opcode::fcall) return true;  // labels (fcall: 7.18's <integer label>)
    return mnemonic(op).starts_with("dcl_") && op != opcode::dcl_literal && op != opcode::dcl_resource && op != opcode::dcl_max_tessfactor &&
           op != opcode::dcl_const_buffer;
}

// DCL_LDS_SHARING_MODE's modes as its text writes them, by value (chapter 7: dcl_lds_sharing_mode
// _wavefrontRel or _wavefrontAbs).
inline constexpr std::string_view lds_sharing_words[] = {"_wavefrontRel", "_wavefrontAbs"};

// Case-insensitive lookup of a mnemonic.
[[nodiscard]] constexpr std::optional<opcode> find_opcode(std::string_view text) noexcept {
    return find_by_name(generated::opcode_by_mnemonic, text);
}

}  // namespace ctisa::amdil
