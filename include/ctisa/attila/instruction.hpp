// SPDX-License-Identifier: MIT
// The ATTILA instruction as a value: what builders produce, the assembler parses, the encoder
// writes, the decoder returns and the printer and executor read. Every rule of the ISA is checked
// in one place, validate().
#pragma once

#include <array>
#include <cstdint>

#include "../core/bits.hpp"
#include "../core/built.hpp"
#include "../core/error.hpp"
#include "errors.hpp"
#include "generated/opcodes.hpp"

namespace ctisa::attila {

// Register counts and field limits (see the spec's banks_decision).
inline constexpr unsigned register_count = 256;       // i, o, r, a and t: 8-bit register fields
inline constexpr unsigned constant_count = 512;       // c0-c511: param (c0-c255) and param2
inline constexpr unsigned predicate_count = 32;       // p0-p31: the 5-bit predication field
inline constexpr unsigned relative_address_count = 4; // a0-a3 can index the constant bank
inline constexpr int relative_offset_min = -256;      // 9-bit two's complement offset
inline constexpr int relative_offset_max = 255;

inline constexpr std::uint8_t identity_swizzle = 0x1B;  // .xyzw
inline constexpr std::uint8_t full_mask = 0xF;          // .xyzw written as nothing

// Component `c` (0 = x .. 3 = w) read by position `i` of a swizzle (first position in bits 7:6).
[[nodiscard]] constexpr unsigned swizzle_component(std::uint8_t swizzle, unsigned i) noexcept { return (swizzle >> (6 - 2 * i)) & 3u; }
[[nodiscard]] constexpr std::uint8_t broadcast_swizzle(unsigned component) noexcept { return static_cast<std::uint8_t>(component * 0x55u); }
[[nodiscard]] constexpr bool is_broadcast(std::uint8_t swizzle) noexcept {
    return swizzle == 0x00 || swizzle == 0x55 || swizzle == 0xAA || swizzle == 0xFF;
}
// Write mask bit of component c (x = 8, y = 4, z = 2, w = 1).
[[nodiscard]] constexpr std::uint8_t mask_bit(unsigned component) noexcept { return static_cast<std::uint8_t>(8u >> component); }

enum class operand_kind : std::uint8_t {
    none,
    reg,        // a register of `bank` (param covers c0-c511)
    immediate,  // 32-bit value in `value`
    predicate,  // pN; `negate` is NOT
    boolean,    // true/false in `value`
    texture,    // texture unit (or attribute stream for LDA) N
    sample,     // the sample slot of KLS/ZXS
    offset,     // JMP's signed offset in `value`
};

struct operand {
    operand_kind kind = operand_kind::none;
    attila::bank bank = attila::bank::invalid;  // for registers
    std::uint16_t index = 0;                    // register, predicate, unit or sample number
    std::uint8_t swizzle = identity_swizzle;
    bool negate = false;                        // '-' (NOT for predicate operands, '!' on a result)
    bool absolute = false;                      // '|..|'
    std::uint32_t value = 0;                    // immediate bits, boolean, or offset (two's complement)

    friend constexpr bool operator==(const operand&, const operand&) = default;
};

// cN[aK.c + offset]: applies to every constant operand of the instruction.
struct relative_address {
    std::uint8_t reg = 0;
    std::uint8_t component = 0;
    std::int16_t offset = 0;

    friend constexpr bool operator==(const relative_address&, const relative_address&) = default;
};

struct instruction {
    opcode op = opcode::nop;
    bool end = false;        // end flag ('<- end'); always set on END
    bool wait = false;       // wait point ('<- wait')
    bool predicated = false;
    bool invert_predicate = false;
    std::uint8_t predicate = 0;
    bool saturate = false;   // _sat
    operand result{};        // register (with `mask`) or predicate (negate = inverted result)
    std::uint8_t mask = full_mask;
    std::array<operand, 3> sources{};
    bool relative = false;
    relative_address rel{};

    using built_encoding = carried_words<2>;  // what a builder encodes along with it (built.hpp)

    friend constexpr bool operator==(const instruction&, const instruction&) = default;
};

[[nodiscard]] constexpr const opcode_info& info_of(const instruction& in) noexcept { return info(in.op); }
[[nodiscard]] constexpr const form_info& form_of(const instruction& in) noexcept { return info(info(in.op).form); }

[[nodiscard]] constexpr bool is_constant_bank(bank b) noexcept { return b == bank::param || b == bank::param2; }

namespace detail {

constexpr error rule(error_code code, std::string_view subject) noexcept { return error{code, 0, 0, 0, subject}; }

// Inlined (as the checks below) into validate_as(), so that a builder's constant kinds fold them.
CTISA_ALWAYS_INLINE constexpr error check_register(const operand& o, bool as_result, std::string_view slot) noexcept {
    if (o.kind != operand_kind::reg) return rule(error_code::wrong_operand_kind, slot);
    switch (o.bank) {
        case bank::in:
        case bank::temp:
        case bank::addr:
        case bank::out:
            if (o.index >= register_count) return rule(error_code::register_out_of_range, slot);
            break;
        case bank::param:
            if (o.index >= constant_count) return rule(error_code::register_out_of_range, slot);
            break;
        default: return rule(error_code::wrong_operand_kind, slot);
    }
    if (as_result && !info(o.bank).writable) return rule(error_code::read_only_bank, slot);
    if (!as_result && !info(o.bank).readable) return rule(error_code::write_only_bank, slot);
    return {};
}

CTISA_ALWAYS_INLINE constexpr error check_source(const operand& o, slot_kind kind, immediate_kind imm, std::string_view slot) noexcept {
    switch (kind) {
        case slot_kind::none: return o.kind == operand_kind::none ? error{} : rule(error_code::too_many_operands, slot);
        case slot_kind::source:
        case slot_kind::source_or_imm:
            if (o.kind == operand_kind::immediate) {
                if (kind != slot_kind::source_or_imm || imm == immediate_kind::none) return rule(errors::immediate_not_allowed, slot);
                return {};
            }
            if (o.kind == operand_kind::predicate || o.kind == operand_kind::boolean) return rule(error_code::predicate_not_allowed, slot);
            return check_register(o, false, slot);
        case slot_kind::predicate_source:
            if (o.kind == operand_kind::predicate) return o.index < predicate_count ? error{} : rule(error_code::register_out_of_range, slot);
            if (o.kind == operand_kind::boolean) return o.value <= 1 ? error{} : rule(error_code::value_out_of_range, slot);
            if (o.kind == operand_kind::reg && o.bank == bank::param) {
                if (o.index >= constant_count) return rule(error_code::register_out_of_range, slot);
                if (o.absolute || !is_broadcast(o.swizzle)) return rule(error_code::bad_swizzle, slot);
                return {};
            }
            return rule(error_code::predicate_required, slot);
        case slot_kind::texture:
            if (o.kind != operand_kind::texture) return rule(error_code::wrong_operand_kind, slot);
            return o.index < register_count ? error{} : rule(error_code::register_out_of_range, slot);
        case slot_kind::sample:
            if (o.kind != operand_kind::sample) return rule(error_code::wrong_operand_kind, slot);
            return o.index < register_count ? error{} : rule(error_code::register_out_of_range, slot);
        case slot_kind::offset: return o.kind == operand_kind::offset ? error{} : rule(error_code::wrong_operand_kind, slot);
        default: return rule(error_code::wrong_operand_kind, slot);
    }
}

}  // namespace detail

namespace detail {

// validate() of an instruction of a defined opcode, given its opcode's and form's facts. A builder
// gives them as constants: inlined there, what its operand types already prove folds away, and
// the rules left are checked as validate() checks them, with the same errors.
CTISA_ALWAYS_INLINE constexpr error validate_as(const instruction& in, const opcode_info& op, const form_info& form) noexcept {
    if (in.predicated && in.predicate >= predicate_count) return rule(error_code::register_out_of_range, "predicate");
    if (!in.predicated && (in.invert_predicate || in.predicate != 0)) return rule(error_code::unused_field_set, "predicate");
    if (in.op == opcode::end && !in.end) return rule(error_code::reserved_value, "endflag");
    if (in.saturate && !op.saturate) return rule(error_code::modifier_not_allowed, "_sat");

    switch (form.slots[0]) {
        case slot_kind::none:
            if (in.result.kind != operand_kind::none || in.mask != full_mask) return rule(error_code::too_many_operands, "result");
            break;
        case slot_kind::vector_result:
            if (in.result.kind == operand_kind::predicate) return rule(error_code::predicate_not_allowed, "result");
            if (auto e = check_register(in.result, true, "result"); e.failed()) return e;
            if (in.result.negate || in.result.absolute || in.result.swizzle != identity_swizzle)
                return rule(error_code::modifier_not_allowed, "result");
            if (in.mask == 0 || in.mask > full_mask) return rule(error_code::bad_write_mask, "result");
            break;
        case slot_kind::predicate_result:
            if (in.result.kind != operand_kind::predicate) return rule(error_code::predicate_required, "result");
            if (in.result.index >= predicate_count) return rule(error_code::register_out_of_range, "result");
            if (in.result.negate && !form.invert_result) return rule(error_code::modifier_not_allowed, "result");
            if (in.mask != full_mask) return rule(error_code::bad_write_mask, "result");
            break;
        default: return rule(error_code::wrong_operand_kind, "result");
    }

    // Unrolled by hand: each slot's kind is then a constant in a builder, and its checks fold (a
    // loop kept them as a jump table over the form's slots and a lookup of each operand's bank).
    if (auto e = check_source(in.sources[0], form.slots[1], op.immediate, "source 1"); e.failed()) return e;
    if (auto e = check_source(in.sources[1], form.slots[2], op.immediate, "source 2"); e.failed()) return e;
    if (auto e = check_source(in.sources[2], form.slots[3], op.immediate, "source 3"); e.failed()) return e;
    const auto reads_constant = [](const operand& s) { return s.kind == operand_kind::reg && is_constant_bank(s.bank); };
    const bool uses_constant = reads_constant(in.sources[0]) || reads_constant(in.sources[1]) || reads_constant(in.sources[2]);
    if (in.relative) {
        if (!uses_constant) return rule(errors::relative_addressing_not_allowed, "relative");
        if (in.rel.reg >= relative_address_count || in.rel.component > 3) return rule(error_code::bad_relative_address, "relative");
        if (in.rel.offset < relative_offset_min || in.rel.offset > relative_offset_max)
            return rule(error_code::bad_relative_address, "relative");
    } else if (in.rel.reg != 0 || in.rel.component != 0 || in.rel.offset != 0) {  // field by field: GCC called operator== out of line
        return rule(error_code::unused_field_set, "relative");
    }
    return {};
}

}  // namespace detail

// Every rule of the ISA that a well-formed instruction obeys. Builders, the assembler and the
// decoder all end here, so that what one accepts the others accept too.
[[nodiscard]] constexpr error validate(const instruction& in) noexcept {
    if (opcode_index[static_cast<std::uint8_t>(in.op)] < 0) return detail::rule(error_code::reserved_opcode, "opcode");
    return detail::validate_as(in, info(in.op), info(info(in.op).form));
}

}  // namespace ctisa::attila
