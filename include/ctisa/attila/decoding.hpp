// SPDX-License-Identifier: MIT
// ATTILA's strict decoder without encoding again. Which bits an instruction may set, and their
// canonical values, depend on its opcode and on whether source 2 is an immediate (the layout of
// qword 1): one plan (core/strict.hpp) per opcode and layout. A word the plan admits passes a few
// rules that tie fields together (predication, relative addressing, predicate sources), and its
// fields are then read as encoding.hpp reads them. Any other word goes the definition's way
// (decode_words_by_encoding), which names the error; tests compare the two.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "../core/strict.hpp"
#include "encoding.hpp"

namespace ctisa::attila {

namespace decoding_detail {

struct plan {
    strict_plan<2, 6> bits;
    std::uint8_t predicate_slots = 0;  // bit i: source i + 1 is a predicate source (checked apart)
    std::uint8_t constant_slots = 0;   // bit i: source i + 1 may be a constant (relative addressing needs one)
};

constexpr bit_field lo_field(unsigned lsb, unsigned width) noexcept {
    return bit_field{0, static_cast<std::uint8_t>(lsb), static_cast<std::uint8_t>(width)};
}
constexpr bit_field hi_field(unsigned lsb, unsigned width) noexcept {
    return bit_field{1, static_cast<std::uint8_t>(lsb), static_cast<std::uint8_t>(width)};
}
constexpr unsigned bank_lsb(unsigned source) noexcept { return 17 + 5 * source; }  // op1bank, op2bank, op3bank
// op1reg/op1swizzle in both layouts; op2 and op3 in the register layout only.
constexpr unsigned reg_lsb(unsigned source) noexcept { return source == 0 ? 0 : 8 + 16 * source; }

// An instruction of the opcode with operands of the kinds its slots take (source 2 an immediate
// when `immediate`): its encoding holds every canonical value a plan keeps fixed.
constexpr instruction canonical_instruction(const opcode_info& op, bool immediate) noexcept {
    const form_info& form = info(op.form);
    instruction in;
    in.op = op.code;
    in.end = op.code == opcode::end;
    if (form.zero_fill) return in;
    if (form.slots[0] == slot_kind::vector_result) in.result = operand{operand_kind::reg, bank::temp, 0, identity_swizzle, false, false, 0};
    if (form.slots[0] == slot_kind::predicate_result)
        in.result = operand{operand_kind::predicate, bank::invalid, 0, identity_swizzle, false, false, 0};
    for (unsigned i = 0; i < 3; ++i) {
        operand& o = in.sources[i];
        switch (form.slots[i + 1]) {
            case slot_kind::source_or_imm:
                if (immediate) o.kind = operand_kind::immediate;
                else o = operand{operand_kind::reg, bank::temp, 0, identity_swizzle, false, false, 0};
                break;
            case slot_kind::source: o = operand{operand_kind::reg, bank::temp, 0, identity_swizzle, false, false, 0}; break;
            case slot_kind::predicate_source: o.kind = operand_kind::predicate; break;
            case slot_kind::texture: o.kind = operand_kind::texture; break;
            case slot_kind::sample: o.kind = operand_kind::sample; break;
            case slot_kind::offset: o.kind = operand_kind::offset; break;
            default: break;
        }
    }
    return in;
}

constexpr std::uint64_t register_banks = 0b111101;  // in, param, temp, addr, param2 (out is write-only)

constexpr plan plan_of(const opcode_info& op, bool immediate) noexcept {
    const form_info& form = info(op.form);
    plan p{strict_plan<2, 6>{encode_valid_words(canonical_instruction(op, immediate)).value()}};
    // An immediate where the opcode takes none, or an opcode without an immediate form: the
    // definition's way names the error.
    const bool immediate_form = detail::uses_immediate_layout(form, immediate ? immediate_bank_code : 0);
    if (immediate && !form.immediate_layout && (form.slots[2] != slot_kind::source_or_imm || op.immediate == immediate_kind::none))
        p.bits.exact = false;
    if (op.code == opcode::end) p.bits.require(lo_field(8, 1), 0b10);  // END carries the end flag
    else p.bits.release(lo_field(8, 1));
    p.bits.release(lo_field(9, 8));  // waitpoint, predicated, invertpred, predreg: checked apart
    if (form.zero_fill) return p;
    p.bits.release(lo_field(40, 14));  // relmode, reladdr, reladcomp, reloffset: checked apart

    switch (form.slots[0]) {
        case slot_kind::vector_result:
            p.bits.require(lo_field(32, 3), 0b11010);  // out, temp, addr
            p.bits.require(lo_field(36, 4), 0xFFFE);   // a non-empty write mask
            if (op.saturate) p.bits.release(lo_field(35, 1));
            p.bits.release(hi_field(16, 8));
            break;
        case slot_kind::predicate_result:
            p.bits.release(hi_field(16, 5));  // p0-p31: the high bits of resreg stay zero
            if (form.invert_result) p.bits.release(lo_field(35, 1));
            break;
        default: break;
    }
    for (unsigned i = 0; i < 3; ++i) {
        const slot_kind kind = form.slots[i + 1];
        const bool in_register_layout = i == 0 || !immediate_form;
        auto release_register = [&] {
            p.bits.release(lo_field(bank_lsb(i) + 3, 2));  // negate, absolute
            p.bits.release(hi_field(reg_lsb(i), 16));      // register, swizzle
        };
        switch (kind) {
            case slot_kind::source:
            case slot_kind::source_or_imm:
                if (kind == slot_kind::source_or_imm && immediate) {
                    p.bits.release(lo_field(bank_lsb(i) + 3, 2));
                    p.bits.release(hi_field(32, 32));
                    break;
                }
                p.bits.require(lo_field(bank_lsb(i), 3), register_banks);
                release_register();
                p.constant_slots = static_cast<std::uint8_t>(p.constant_slots | (1u << i));
                break;
            case slot_kind::predicate_source:
                p.bits.release(lo_field(bank_lsb(i), 5));
                p.bits.release(hi_field(reg_lsb(i), 16));
                p.predicate_slots = static_cast<std::uint8_t>(p.predicate_slots | (1u << i));
                p.constant_slots = static_cast<std::uint8_t>(p.constant_slots | (1u << i));
                break;
            case slot_kind::texture:
            case slot_kind::sample: p.bits.release(hi_field(reg_lsb(i), 8)); break;
            case slot_kind::offset: p.bits.release(hi_field(32, 32)); break;
            default: break;
        }
        if (!in_register_layout && (kind == slot_kind::source || kind == slot_kind::texture || kind == slot_kind::sample ||
                                    kind == slot_kind::predicate_source || (kind == slot_kind::source_or_imm && !immediate)))
            p.bits.exact = false;  // no register field for it in the immediate layout
    }
    return p;
}

constexpr std::array<plan, 2 * opcodes.size()> make_plans() noexcept {
    std::array<plan, 2 * opcodes.size()> plans{};
    for (std::size_t i = 0; i < opcodes.size(); ++i) {
        plans[2 * i] = plan_of(opcodes[i], false);
        plans[2 * i + 1] = plan_of(opcodes[i], true);
    }
    return plans;
}

// Per opcode (by opcode_index) and whether op2bank holds the immediate code, what its accepted
// words look like.
inline constexpr auto plans = make_plans();

// The rules a plan leaves: predication fields are zero unless predicated; relative addressing
// needs a constant source and its fields are zero without it; a predicate source is a predicate
// (p0-p31, swizzle .x), a boolean (p0, swizzle .x) or a constant (no |..|, a broadcast swizzle).
constexpr bool side_rules_hold(const words& w, const plan& p) noexcept {
    const std::uint64_t lo = w[0];
    if (((lo >> 10) & 1u) == 0 && ((lo >> 11) & 0x3F) != 0) return false;
    if (((lo >> 40) & 1u) != 0) {
        bool constant = false;
        for (unsigned i = 0; i < 3; ++i) {
            const auto code = (lo >> bank_lsb(i)) & 7u;
            constant = constant || (((p.constant_slots >> i) & 1u) != 0 && (code == 2 || code == 5));
        }
        if (!constant) return false;
    } else if (((lo >> 41) & 0x1FFF) != 0) {
        return false;
    }
    for (unsigned i = 0; i < 3; ++i) {
        if (((p.predicate_slots >> i) & 1u) == 0) continue;
        const auto code = (lo >> bank_lsb(i)) & 7u;
        const bool absolute = ((lo >> (bank_lsb(i) + 4)) & 1u) != 0;
        const auto reg = (w[1] >> reg_lsb(i)) & 0xFF;
        const auto swizzle = static_cast<std::uint8_t>(w[1] >> (reg_lsb(i) + 8));
        if (code == 3) {
            if (swizzle != 0 || reg >= (absolute ? 1u : predicate_count)) return false;
        } else if (code == 2 || code == 5) {
            if (absolute || !is_broadcast(swizzle)) return false;
        } else {
            return false;
        }
    }
    return true;
}

}  // namespace decoding_detail

namespace detail {

// decode_words() into `in` (default-constructed), in place: a caller that keeps the instruction
// where it stays (the engine's decoded<>) copies none of it.
[[nodiscard]] constexpr error decode_words_into(const words& w, instruction& in) noexcept {
    using namespace decoding_detail;
    const auto index = opcode_index[w[0] & 0xFF];
    if (index >= 0) {
        const bool immediate = ((w[0] >> 22) & 7u) == immediate_bank_code;
        const plan& p = plans[2 * static_cast<std::size_t>(index) + (immediate ? 1u : 0u)];
        if (p.bits.exact && p.bits.admits(w) && side_rules_hold(w, p)) return fields_into(w, in);
    }
    return decode_words_by_encoding_into(w, in);  // the error, named as the definition names it
}

}  // namespace detail

[[nodiscard]] constexpr result<instruction> decode_words(const words& w) noexcept {
    instruction in;
    if (auto e = detail::decode_words_into(w, in); e.failed()) return e;
    return in;
}

// Decodes the first 16 bytes; fewer than 16 is a truncated stream.
[[nodiscard]] constexpr result<instruction> decode(std::span<const std::uint8_t> bytes) noexcept {
    if (bytes.size() < instruction_bytes) return detail::field_error(error_code::truncated, "");
    return decode_words(from_bytes<std::uint64_t, 2>(bytes.first<instruction_bytes>()));
}

}  // namespace ctisa::attila
