// SPDX-License-Identifier: MIT
// ATTILA's strict decoder without encoding again. Which bits an instruction may set, and their
// canonical values, depend on its opcode and on whether source 2 is an immediate (the layout of
// qword 1): one plan (core/strict.hpp) per opcode and layout. A word the plan admits passes a few
// rules that tie fields together (predication, relative addressing, predicate sources), and its
// fields are then read with masks and small tables, as encoding.hpp reads them but with no branch
// on the opcode's operand form. Any other word goes the definition's way
// (decode_words_by_encoding), which names the error; tests compare the two.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "../core/strict.hpp"
#include "encoding.hpp"

namespace ctisa::attila {

namespace decoding_detail {

// How an admitted word's slot becomes its operand: read_slot() looks the operand up by (read,
// bank code, absolute bit) and masks the fields in, with no branch on the slot's kind (a kind per
// slot of a random opcode mix was a mispredicted branch, or an indirect call, per operand).
enum class slot_read : std::uint8_t { none, reg, immediate, predicate, texture, sample, offset };
inline constexpr std::size_t slot_read_count = 7;

enum class result_read : std::uint8_t { none, vector, predicate, inverted_predicate };

struct plan {
    strict_plan<2, 6> bits;
    std::uint8_t predicate_slots = 0;  // bit i: source i + 1 is a predicate source (checked apart)
    std::uint8_t constant_slots = 0;   // bit i: source i + 1 may be a constant (relative addressing needs one)
    result_read result = result_read::none;
    std::array<slot_read, 3> sources{};
    // bits.fields' allowed values again, by where the field is (checked_fields): checked at
    // constant positions with no loop, whose trip count, the opcode's field count, mispredicts.
    std::array<std::uint16_t, 6> allowed_at{0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF};
};

// Where the fields a plan requires may be: endflag, op1bank, op2bank, op3bank, resbank, mask.
inline constexpr std::array<bit_field, 6> checked_fields{bit_field{0, 8, 1},  bit_field{0, 17, 3}, bit_field{0, 22, 3},
                                                         bit_field{0, 27, 3}, bit_field{0, 32, 3}, bit_field{0, 36, 4}};

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

constexpr slot_read read_of(slot_kind kind, bool immediate) noexcept {
    switch (kind) {
        case slot_kind::source: return slot_read::reg;
        case slot_kind::source_or_imm: return immediate ? slot_read::immediate : slot_read::reg;
        case slot_kind::predicate_source: return slot_read::predicate;
        case slot_kind::texture: return slot_read::texture;
        case slot_kind::sample: return slot_read::sample;
        case slot_kind::offset: return slot_read::offset;
        default: return slot_read::none;
    }
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
    p.result = form.slots[0] == slot_kind::vector_result      ? result_read::vector
               : form.slots[0] != slot_kind::predicate_result ? result_read::none
               : form.invert_result                           ? result_read::inverted_predicate
                                                              : result_read::predicate;
    for (unsigned i = 0; i < 3; ++i) p.sources[i] = read_of(form.slots[i + 1], immediate);
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
    for (plan& p : plans) {
        for (std::size_t k = 0; k < p.bits.field_count; ++k) {
            const bit_field f = p.bits.fields[k];
            bool placed = false;
            for (std::size_t j = 0; j < checked_fields.size(); ++j) {
                const bit_field c = checked_fields[j];
                if (c.word == f.word && c.lsb == f.lsb && c.width == f.width) {
                    p.allowed_at[j] = static_cast<std::uint16_t>(p.bits.allowed[k]);
                    placed = true;
                }
            }
            if (!placed) p.bits.exact = false;  // a field elsewhere: the definition's way decides
        }
    }
    return plans;
}

// Per opcode (by opcode_index) and whether op2bank holds the immediate code, what its accepted
// words look like.
inline constexpr auto plans = make_plans();

// The rules a plan leaves: predication fields are zero unless predicated; relative addressing
// needs a constant source and its fields are zero without it; a predicate source is a predicate
// (p0-p31, swizzle .x), a boolean (p0, swizzle .x) or a constant (no |..|, a broadcast swizzle).
// Branches, as the plan's checks: they go one way for the words a stream holds (accepted ones),
// and computing every rule branch-free cost more than they do.
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

// An instruction's bytes as 32-bit words (little-endian hosts with the layout checked below): the
// decoder computes them in registers and stores them eight bytes at a time; field by field, a
// decoded instruction was some 40 narrow stores, in a loop that stores bound.
using instruction_words = std::array<std::uint32_t, 17>;
inline constexpr bool packed_layout =
    std::endian::native == std::endian::little && sizeof(instruction) == sizeof(instruction_words) && sizeof(operand) == 12 &&
    offsetof(operand, kind) == 0 && offsetof(operand, bank) == 1 && offsetof(operand, index) == 2 && offsetof(operand, swizzle) == 4 &&
    offsetof(operand, negate) == 5 && offsetof(operand, absolute) == 6 && offsetof(operand, value) == 8 && offsetof(instruction, op) == 0 &&
    offsetof(instruction, end) == 1 && offsetof(instruction, wait) == 2 && offsetof(instruction, predicated) == 3 &&
    offsetof(instruction, invert_predicate) == 4 && offsetof(instruction, predicate) == 5 && offsetof(instruction, saturate) == 6 &&
    offsetof(instruction, result) == 8 && offsetof(instruction, mask) == 20 && offsetof(instruction, sources) == 24 &&
    offsetof(instruction, relative) == 60 && offsetof(instruction, rel) == 62 && offsetof(relative_address, component) == 1 &&
    offsetof(relative_address, offset) == 2;

// What read_slot() makes of a slot's fields, as an operand's three words: head + (reg & reg_mask)
// << 16 (kind, bank, index), (swizzle & swizzle_mask) | modifiers (swizzle, negate, absolute: the
// bits of `modifiers` above its swizzle byte say which of negate and absolute are kept), and
// (immediate & immediate_mask) | (negate & boolean) as the value.
struct slot_recipe {
    std::uint32_t head = static_cast<std::uint32_t>(bank::invalid) << 8;
    std::uint32_t reg_mask = 0;
    std::uint32_t swizzle_mask = 0;
    std::uint32_t modifiers = identity_swizzle;
    std::uint32_t immediate_mask = 0;
    std::uint32_t boolean = 0;
};

constexpr std::uint32_t head_of(operand_kind kind, bank b, unsigned index_base) noexcept {
    return static_cast<std::uint32_t>(kind) | static_cast<std::uint32_t>(b) << 8 | index_base << 16;
}

// As decode_slot() (encoding.hpp) reads a slot the plan and side rules admit.
constexpr slot_recipe recipe_of(slot_read read, unsigned code, bool absolute) noexcept {
    constexpr std::array<bank, 8> banks_by_code{bank::in, bank::out, bank::param, bank::temp, bank::addr, bank::param, bank::imm, bank::invalid};
    constexpr std::uint32_t keep_negate = 0xFF00, keep_absolute = 0xFF0000;
    const slot_recipe reg{head_of(operand_kind::reg, banks_by_code[code], code == 5 ? 256 : 0), 0xFF, 0xFF, keep_negate | keep_absolute, 0, 0};
    slot_recipe r;
    switch (read) {
        case slot_read::reg: return reg;
        case slot_read::immediate:
            return slot_recipe{head_of(operand_kind::immediate, bank::invalid, 0), 0, 0, identity_swizzle | keep_negate | keep_absolute, ~0u, 0};
        case slot_read::predicate:
            if (code == 3 && absolute) return slot_recipe{head_of(operand_kind::boolean, bank::invalid, 0), 0, 0, identity_swizzle, 0, 1};
            if (code == 3) return slot_recipe{head_of(operand_kind::predicate, bank::invalid, 0), 0xFF, 0, identity_swizzle | keep_negate, 0, 0};
            r = reg;
            r.modifiers = keep_negate;
            return r;
        case slot_read::texture:
            r.head = head_of(operand_kind::texture, bank::invalid, 0);
            r.reg_mask = 0xFF;
            return r;
        case slot_read::sample:
            r.head = head_of(operand_kind::sample, bank::invalid, 0);
            r.reg_mask = 0xFF;
            return r;
        case slot_read::offset:
            r.head = head_of(operand_kind::offset, bank::invalid, 0);
            r.immediate_mask = ~0u;
            return r;
        default: return r;
    }
}

// By read * 16 + bank code * 2 + absolute bit.
inline constexpr auto slot_recipes = [] {
    std::array<slot_recipe, slot_read_count * 16> out{};
    for (std::size_t k = 0; k < out.size(); ++k) out[k] = recipe_of(static_cast<slot_read>(k / 16), (k / 2) % 8, (k % 2) != 0);
    return out;
}();

// Source i's operand as its three words, at `out`.
CTISA_ALWAYS_INLINE constexpr void read_slot(std::uint32_t* out, slot_read read, const words& w, unsigned i) noexcept {
    const std::uint64_t lo = w[0], hi = w[1];
    const auto code = static_cast<std::uint32_t>(lo >> bank_lsb(i)) & 7u;
    const auto negate = static_cast<std::uint32_t>(lo >> (bank_lsb(i) + 3)) & 1u;
    const auto absolute = static_cast<std::uint32_t>(lo >> (bank_lsb(i) + 4)) & 1u;
    const slot_recipe& r = slot_recipes[static_cast<std::size_t>(read) * 16 + code * 2 + absolute];
    const auto reg = static_cast<std::uint32_t>(hi >> reg_lsb(i)) & r.reg_mask;
    const auto swizzle = static_cast<std::uint32_t>(hi >> (reg_lsb(i) + 8)) & r.swizzle_mask;
    out[0] = r.head + (reg << 16);
    out[1] = (swizzle | (negate << 8) | (absolute << 16) | identity_swizzle) & (r.modifiers | swizzle);
    out[2] = (static_cast<std::uint32_t>(hi >> 32) & r.immediate_mask) | (negate & r.boolean);
}

// The instruction of words that `p` and the side rules admit, into `in` (every byte written): what
// fields_into() reads from them, without its checks (the plan has made them). At run time its
// words go straight into `in`: an instruction made as a value (bit_cast) GCC builds on the stack
// and copies with wide loads, each stalled on the narrower stores before it.
constexpr void read_admitted(const words& w, const plan& p, instruction& in) noexcept {
    const std::uint64_t lo = w[0], hi = w[1];
    const auto bit = [&](unsigned at) { return static_cast<std::uint32_t>(lo >> at) & 1u; };
    const bool vector = p.result == result_read::vector;
    const std::uint32_t kind = p.result == result_read::none ? 0u : vector ? 1u : 3u;  // operand_kind none, reg, predicate
    static_assert(operand_kind::reg == static_cast<operand_kind>(1) && operand_kind::predicate == static_cast<operand_kind>(3));
    const std::uint32_t result_bank = vector ? static_cast<std::uint32_t>(lo >> 32) & 7u : static_cast<std::uint32_t>(bank::invalid);
    const std::uint32_t result_index = p.result == result_read::none ? 0u : static_cast<std::uint32_t>(hi >> 16) & 0xFF;
    instruction_words out{};
    out[0] = (static_cast<std::uint32_t>(lo) & 0xFF) | bit(8) << 8 | bit(9) << 16 | bit(10) << 24;
    out[1] = bit(11) | (static_cast<std::uint32_t>(lo >> 12) & 0x1F) << 8 | (vector ? bit(35) : 0u) << 16;
    out[2] = kind | result_bank << 8 | result_index << 16;
    out[3] = identity_swizzle | (p.result == result_read::inverted_predicate ? bit(35) : 0u) << 8;
    out[5] = vector ? static_cast<std::uint32_t>(lo >> 36) & 0xF : full_mask;
    for (unsigned i = 0; i < 3; ++i) read_slot(&out[6 + 3 * i], p.sources[i], w, i);
    out[15] = bit(40) | (static_cast<std::uint32_t>(lo >> 41) & 3u) << 16 | (static_cast<std::uint32_t>(lo >> 43) & 3u) << 24;
    out[16] = static_cast<std::uint32_t>(sign_extend(lo >> 45, 9)) & 0xFFFF;
    if constexpr (packed_layout) {
        if (!std::is_constant_evaluated()) {
            auto* bytes = reinterpret_cast<unsigned char*>(&in);
            for (std::size_t k = 0; k < 8; ++k) {
                const std::uint64_t pair = out[2 * k] | std::uint64_t{out[2 * k + 1]} << 32;
                std::memcpy(bytes + 8 * k, &pair, sizeof pair);
            }
            std::memcpy(bytes + 64, &out[16], sizeof out[16]);
            return;
        }
    }
    // Constant evaluation (or another layout): the same fields, one by one.
    in.op = static_cast<opcode>(out[0] & 0xFF);
    in.end = bit(8) != 0;
    in.wait = bit(9) != 0;
    in.predicated = bit(10) != 0;
    in.invert_predicate = bit(11) != 0;
    in.predicate = static_cast<std::uint8_t>(out[1] >> 8);
    in.saturate = (out[1] >> 16) != 0;
    auto unpack_operand = [](const std::uint32_t* o) {
        return operand{static_cast<operand_kind>(o[0] & 0xFF),
                       static_cast<bank>((o[0] >> 8) & 0xFF),
                       static_cast<std::uint16_t>(o[0] >> 16),
                       static_cast<std::uint8_t>(o[1] & 0xFF),
                       ((o[1] >> 8) & 1u) != 0,
                       ((o[1] >> 16) & 1u) != 0,
                       o[2]};
    };
    in.result = unpack_operand(&out[2]);
    in.mask = static_cast<std::uint8_t>(out[5]);
    for (unsigned i = 0; i < 3; ++i) in.sources[i] = unpack_operand(&out[6 + 3 * i]);
    in.relative = bit(40) != 0;
    in.rel = relative_address{static_cast<std::uint8_t>((out[15] >> 16) & 0xFF), static_cast<std::uint8_t>(out[15] >> 24),
                              static_cast<std::int16_t>(sign_extend(out[16], 16))};
}

// The plan that admits `w`, or none (the definition's way then decides, and names the error).
constexpr const plan* admitting_plan(const words& w) noexcept {
    const auto index = opcode_index[w[0] & 0xFF];
    if (index < 0) return nullptr;
    const bool immediate = ((w[0] >> 22) & 7u) == immediate_bank_code;
    const plan& p = plans[2 * static_cast<std::size_t>(index) + (immediate ? 1u : 0u)];
    std::uint32_t fields_ok = 1;
    for (std::size_t j = 0; j < checked_fields.size(); ++j)
        fields_ok &= static_cast<std::uint32_t>(p.allowed_at[j] >> extract(w, checked_fields[j]));
    const bool fixed_ok =
        (((w[0] & p.bits.fixed_mask[0]) ^ p.bits.fixed_value[0]) | ((w[1] & p.bits.fixed_mask[1]) ^ p.bits.fixed_value[1])) == 0;
    return p.bits.exact && fixed_ok && (fields_ok & 1u) != 0 && side_rules_hold(w, p) ? &p : nullptr;
}

}  // namespace decoding_detail

namespace detail {

// decode_words() into `in` (default-constructed), in place: a caller that keeps the instruction
// where it stays (the engine's decoded<>) copies none of it.
[[nodiscard]] constexpr error decode_words_into(const words& w, instruction& in) noexcept {
    if (const auto* p = decoding_detail::admitting_plan(w)) {
        decoding_detail::read_admitted(w, *p, in);
        return {};
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
