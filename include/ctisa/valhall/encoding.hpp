// SPDX-License-Identifier: MIT
// Valhall encoder and decoder: instruction <-> one 64-bit word (8 bytes, little-endian), with
// shifts and masks placed by the generated descriptors.
//
// Decoding is total and strict: any 8 bytes give an instruction or an error naming the field at
// fault (unknown opcode, reserved enum value, impossible combination, a bit the instruction does not
// use). An encoding is accepted only if encoding the decoded instruction gives the same word, so every
// accepted encoding prints as text that assembles back to it.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "../core/bits.hpp"
#include "../core/built.hpp"
#include "../core/result.hpp"
#include "../core/strict.hpp"
#include "instruction.hpp"

namespace ctisa::valhall {

inline constexpr std::size_t instruction_bytes = 8;
using words = std::array<std::uint64_t, 1>;
using encoded = std::array<std::uint8_t, instruction_bytes>;

// The common fields (see common_fields): bits 48-63.
inline constexpr bit_field opcode_field{0, 48, 9};
inline constexpr bit_field immediate_mode_field{0, 57, 2};
inline constexpr bit_field action_field{0, 59, 3};
inline constexpr bit_field do_action_field{0, 62, 1};
inline constexpr bit_field reserved_field{0, 63, 1};
inline constexpr bit_field dest_field{0, 40, 8};
inline constexpr std::uint8_t no_dest_byte = 0xC0;  // what an instruction without destination or staging stores

namespace encoding_detail {

CTISA_ALWAYS_INLINE constexpr std::uint8_t source_byte(const source& s) noexcept {
    switch (s.kind) {
        case source_kind::reg: return static_cast<std::uint8_t>((s.discard ? 0x40 : 0x00) | s.index);
        case source_kind::uniform: return static_cast<std::uint8_t>(0x80 | s.index);
        case source_kind::immediate:
        case source_kind::special: return static_cast<std::uint8_t>(0xC0 | s.index);
        default: return 0;
    }
}

CTISA_ALWAYS_INLINE constexpr void put(words& w, unsigned lsb, unsigned width, std::uint64_t value) noexcept {
    // Values are validated first: insert cannot fail here.
    (void)insert(w, bit_field{0, static_cast<std::uint8_t>(lsb), static_cast<std::uint8_t>(width)}, value);
}

constexpr std::uint64_t get(const words& w, unsigned lsb, unsigned width) noexcept {
    return extract(w, bit_field{0, static_cast<std::uint8_t>(lsb), static_cast<std::uint8_t>(width)});
}

// The count stored in staging_register_count: that of the staging operand the instruction does not fix.
constexpr std::uint8_t variable_staging_count(const instruction& in, const instruction_info& ins) noexcept {
    for (unsigned k = 0; k < ins.staging_count; ++k)
        if (ins.staging[k].count == 0) return in.staging[k].count;
    return 0;
}

}  // namespace encoding_detail

// encode_valid_word() with the descriptor of in.id given: inlined into each builder, which knows
// its descriptor, so that the descriptor's layout folds into the code.
[[nodiscard]] CTISA_ALWAYS_INLINE constexpr std::uint64_t encode_valid_word_as(const instruction& in, const instruction_info& ins) noexcept {
    using namespace encoding_detail;
    words w{};
    put(w, 48, 9, ins.opcode);
    if (ins.opcode2 >= 0) w[0] |= static_cast<std::uint64_t>(ins.opcode2) << ins.secondary_shift;
    put(w, 57, 2, static_cast<std::uint64_t>(in.mode));
    if (in.has_action) {
        put(w, 59, 3, static_cast<std::uint64_t>(in.act));
        put(w, 62, 1, 1);
    } else {
        put(w, 59, 3, in.wait);
    }
    if (ins.dests != 0) put(w, 40, 8, static_cast<std::uint64_t>(in.dest.reg | (in.dest.mask << 6)));
    else if (ins.staging_count == 0) put(w, 40, 8, no_dest_byte);
    for (unsigned k = 0; k < ins.staging_count; ++k)
        put(w, ins.staging[k].start, 8, static_cast<std::uint64_t>(ins.staging[k].flags | in.staging[k].base));
    for (unsigned i = 0; i < ins.source_count; ++i) {
        const source& s = in.sources[i];
        const source_info& si = ins.sources[i];
        put(w, 8 * i, 8, source_byte(s));
        if (si.absneg) {
            put(w, si.neg_bit, 1, s.neg);
            put(w, si.abs_bit, 1, s.abs);
        }
        if (si.invertible) put(w, si.not_bit, 1, s.invert);
        if (si.select.kind != select_kind::none) put(w, si.select.start, si.select.width, s.select);
    }
    for (unsigned m = 0; m < ins.modifier_count; ++m) {
        const modifier_use& use = ins.modifiers[m];
        if (!use.in_word) continue;
        const std::uint64_t value =
            use.kind == modifier::staging_register_count ? variable_staging_count(in, ins) : in.modifiers[static_cast<std::size_t>(use.kind)];
        put(w, use.start, use.size, value);
    }
    if (ins.immediate_count != 0)
        put(w, ins.immediate.start, ins.immediate.size,
            ins.immediate.size >= 32 ? in.immediate : in.immediate & ((1u << ins.immediate.size) - 1u));
    return w[0];
}

// The word of an instruction validate() accepts (what a builder returns); anything else gives
// an unspecified word.
[[nodiscard]] constexpr std::uint64_t encode_valid_word(const instruction& in) noexcept { return encode_valid_word_as(in, info(in.id)); }

// The word of a valid instruction (validate() first: an invalid one is returned as its error).
[[nodiscard]] constexpr result<std::uint64_t> encode_word(const instruction& in) noexcept {
    if (auto e = validate(in); e.failed()) return e;
    return encode_valid_word(in);
}

[[nodiscard]] constexpr result<encoded> encode(const instruction& in) noexcept {
    auto w = encode_word(in);
    if (!w) return w.error();
    return to_bytes(words{*w});
}

// A result<instruction> may hold any instruction: encoding one validates it, or passes its error on.
[[nodiscard]] constexpr result<encoded> encode(const result<instruction>& in) noexcept {
    if (!in) return in.error();
    return encode(*in);
}

// A builder's result has been validated, and encoded too: encoding it is a copy.
[[nodiscard]] constexpr result<encoded> encode(const built<instruction>& in) noexcept {
    return encode_built(in, [](const instruction& valid) { return words{encode_valid_word(valid)}; });
}

// The instruction a word's opcode (and secondary opcode) select, or why none.
[[nodiscard]] constexpr result<instruction_id> identify(std::uint64_t word) noexcept {
    const auto opcode = static_cast<std::size_t>((word >> 48) & 0x1FF);
    const opcode_bucket& bucket = opcode_buckets[opcode];
    if (bucket.count == 0) return error{error_code::reserved_opcode, 0, 0, 0, "opcode"};
    const instruction_id first = by_opcode[bucket.first];
    if (bucket.count == 1) return first;
    const instruction_info& head = info(first);
    const auto secondary = static_cast<std::int16_t>((word >> head.secondary_shift) & head.secondary_mask);
    for (unsigned i = 0; i < bucket.count; ++i) {
        const instruction_id id = by_opcode[bucket.first + i];
        if (info(id).opcode2 == secondary) return id;
    }
    return error{error_code::reserved_opcode, 0, 0, 0, "opcode2"};
}

namespace encoding_detail {

// The field of the instruction (or the common fields) that holds `bit`, for naming a difference.
constexpr std::string_view field_at(const instruction_info& ins, unsigned bit) noexcept {
    for (unsigned i = 0; i < ins.field_count; ++i) {
        const field_info f = instruction_field(ins.first_field + i);
        if (bit >= f.bits.lsb && bit <= f.bits.msb()) return f.name;
    }
    for (const field_info& f : common_fields)
        if (bit >= f.bits.lsb && bit <= f.bits.msb()) return f.name;
    return "unused bits";
}

constexpr source decode_source(std::uint8_t byte) noexcept {
    source s;
    s.index = byte & 0x3F;
    switch (byte >> 6) {
        case 0: s.kind = source_kind::reg; break;
        case 1:
            s.kind = source_kind::reg;
            s.discard = true;
            break;
        case 2: s.kind = source_kind::uniform; break;
        default: s.kind = s.index < first_special ? source_kind::immediate : source_kind::special; break;
    }
    return s;
}

// The fields of `word` as an instruction of `ins`, unchecked.
// The fields of `word` as instruction `id`, written into `in`, a default instruction (decoding
// straight into the caller's storage: copying the ~110-byte instruction cost more than decoding it).
CTISA_ALWAYS_INLINE constexpr void fields_into(std::uint64_t word, instruction_id id, const instruction_info& ins, instruction& in) noexcept {
    const words w{word};
    in.id = id;
    in.mode = static_cast<immediate_mode>(extract(w, immediate_mode_field));
    if (extract(w, do_action_field) != 0) {
        in.has_action = true;
        in.act = static_cast<action>(extract(w, action_field));
    } else {
        in.wait = static_cast<std::uint8_t>(extract(w, action_field));
    }
    if (ins.dests != 0) {
        const auto byte = static_cast<std::uint8_t>(extract(w, dest_field));
        in.dest = destination{static_cast<std::uint8_t>(byte & 0x3F), static_cast<std::uint8_t>(byte >> 6)};
    }
    std::uint8_t count_field = 0;
    for (unsigned m = 0; m < ins.modifier_count; ++m) {
        const modifier_use& use = ins.modifiers[m];
        if (!use.in_word) continue;
        const auto value = static_cast<std::uint8_t>(get(w, use.start, use.size));
        if (use.kind == modifier::staging_register_count) count_field = value;
        else in.modifiers[static_cast<std::size_t>(use.kind)] = value;
    }
    for (unsigned k = 0; k < ins.staging_count; ++k) {
        in.staging[k].base = static_cast<std::uint8_t>(get(w, ins.staging[k].start, 6));
        in.staging[k].count = ins.staging[k].count != 0 ? ins.staging[k].count : count_field;
    }
    for (unsigned i = 0; i < ins.source_count; ++i) {
        const source_info& si = ins.sources[i];
        source s = decode_source(static_cast<std::uint8_t>(get(w, 8 * i, 8)));
        if (si.absneg) {
            s.neg = get(w, si.neg_bit, 1) != 0;
            s.abs = get(w, si.abs_bit, 1) != 0;
        }
        if (si.invertible) s.invert = get(w, si.not_bit, 1) != 0;
        if (si.select.kind != select_kind::none) s.select = static_cast<std::uint8_t>(get(w, si.select.start, si.select.width));
        in.sources[i] = s;
    }
    if (ins.immediate_count != 0) {
        const std::uint64_t raw = get(w, ins.immediate.start, ins.immediate.size);
        in.immediate =
            ins.immediate.is_signed ? static_cast<std::uint32_t>(sign_extend(raw, ins.immediate.size)) : static_cast<std::uint32_t>(raw);
    }
}

constexpr instruction fields_of(std::uint64_t word, instruction_id id, const instruction_info& ins) noexcept {
    instruction in;
    fields_into(word, id, ins, in);
    return in;
}

// What an accepted word of the instruction looks like (core/strict.hpp): every bit fixed but the
// fields that carry operands, modifiers and flow control, and for small fields their legal values.
// The plan is exact when each released field decodes and encodes back to its own bits, and no
// field the encoder writes as a constant (opcodes, staging flags, an unused count or destination)
// shares a bit with one released.
using decode_plan = strict_plan<1, 16>;

constexpr decode_plan plan_of(instruction_id id) noexcept {
    const instruction_info& ins = info(id);
    decode_plan p{words{encode_valid_word(make_instruction(id))}};
    auto field = [](unsigned lsb, unsigned width) { return bit_field{0, static_cast<std::uint8_t>(lsb), static_cast<std::uint8_t>(width)}; };
    auto defined = [](enum_id e) { return [e](unsigned v) { return is_defined(e, v); }; };
    p.require(immediate_mode_field, allowed_values(2, defined(enum_id::immediate_mode)));
    p.release(action_field);  // a wait (any value) or, with do_action, an action: checked apart
    p.release(do_action_field);
    if (ins.dests != 0) {
        p.release(field(40, 6));
        p.require(field(46, 2), 0b1110);  // a write mask is never empty
    }
    bool variable_count = false;
    for (unsigned k = 0; k < ins.staging_count; ++k) {
        p.release(field(ins.staging[k].start, 6));
        variable_count = variable_count || ins.staging[k].count == 0;
    }
    std::uint64_t kinds_seen = 0;
    for (unsigned m = 0; m < ins.modifier_count; ++m) {
        const modifier_use& use = ins.modifiers[m];
        if (!use.in_word) continue;
        const auto k = static_cast<unsigned>(use.kind);
        if (((kinds_seen >> k) & 1u) != 0 || use.size > 8) p.exact = false;  // would not decode back to its bits
        kinds_seen |= std::uint64_t{1} << k;
        const modifier_info& mi = info(use.kind);
        if (use.kind == modifier::staging_register_count) {
            if (variable_count)
                p.require(field(use.start, use.size), allowed_values(use.size, [](unsigned v) { return v >= 1 && v <= max_staging_registers; }));
        } else if (((ins.modifier_mask >> k) & 1u) == 0) {
            p.require(field(use.start, use.size), 1);  // an implied modifier holds 0
        } else {
            p.require(field(use.start, use.size),
                      allowed_values(use.size, [&](unsigned v) { return mi.flag ? v <= 1 : is_defined(mi.values, v); }));
        }
    }
    for (unsigned i = 0; i < ins.source_count; ++i) {
        const source_info& si = ins.sources[i];
        p.release(field(8 * i, 8));
        if (si.absneg) {
            p.release(field(si.neg_bit, 1));
            p.release(field(si.abs_bit, 1));
        }
        if (si.invertible) p.release(field(si.not_bit, 1));
        if (si.select.kind != select_kind::none)
            p.require(field(si.select.start, si.select.width),
                      allowed_values(si.select.width, [&](unsigned v) { return fits_select(si.select, v); }));
    }
    if (ins.immediate_count != 0) p.release(field(ins.immediate.start, ins.immediate.size));

    bool constants_kept = p.still_fixed(opcode_field) && p.still_fixed(reserved_field);
    if (ins.opcode2 >= 0)
        constants_kept = constants_kept && (p.fixed_mask[0] & (std::uint64_t{ins.secondary_mask} << ins.secondary_shift)) ==
                                               (std::uint64_t{ins.secondary_mask} << ins.secondary_shift);
    for (unsigned k = 0; k < ins.staging_count; ++k) constants_kept = constants_kept && p.still_fixed(field(ins.staging[k].start + 6u, 2));
    if (ins.dests == 0 && ins.staging_count == 0) constants_kept = constants_kept && p.still_fixed(dest_field);
    if (!variable_count)
        for (unsigned m = 0; m < ins.modifier_count; ++m)
            if (ins.modifiers[m].in_word && ins.modifiers[m].kind == modifier::staging_register_count)
                constants_kept = constants_kept && p.still_fixed(field(ins.modifiers[m].start, ins.modifiers[m].size));
    p.exact = p.exact && constants_kept;
    return p;
}

constexpr std::array<decode_plan, instruction_count> make_decode_plans() noexcept {
    std::array<decode_plan, instruction_count> plans{};
    for (std::size_t i = 0; i < instruction_count; ++i) plans[i] = plan_of(static_cast<instruction_id>(i));
    return plans;
}

// What a plan leaves to the decoded instruction, as validate() checks it: a defined action,
// staging registers inside the register file, and the FAU limits.
constexpr bool fast_checks_pass(const instruction& in) noexcept {
    const instruction_info& ins = info(in.id);
    if (in.has_action && !is_defined(enum_id::action, static_cast<unsigned>(in.act))) return false;
    for (unsigned k = 0; k < ins.staging_count; ++k)
        if (in.staging[k].base + in.staging[k].count > register_count) return false;
    fau_tracker fau;
    for (unsigned i = 0; i < ins.source_count; ++i)
        if (fau.add(in.sources[i], in.mode) != error_code::none) return false;
    return true;
}

}  // namespace encoding_detail

// Per instruction, what its accepted words look like.
inline constexpr auto decode_plans = encoding_detail::make_decode_plans();

// Decoding as the definition says it: the fields, validate(), and the word must be what encoding
// the instruction gives. decode_word gives the same answers faster; tests compare the two.
[[nodiscard]] constexpr result<instruction> decode_word_by_encoding(std::uint64_t word) noexcept {
    using namespace encoding_detail;
    auto id = identify(word);
    if (!id) return id.error();
    const instruction_info& ins = info(*id);
    if (extract(words{word}, reserved_field) != 0) return error{error_code::reserved_bits_set, 0, 0, 0, "reserved"};
    const instruction in = fields_of(word, *id, ins);
    if (auto e = validate(in); e.failed()) return e;
    // Strictness: whatever the instruction does not use must hold its canonical value.
    if (const std::uint64_t diff = encode_valid_word(in) ^ word; diff != 0) {
        unsigned bit = 0;
        while (((diff >> bit) & 1u) == 0) ++bit;
        const std::string_view name = field_at(ins, bit);
        return error{name == "unused bits" ? error_code::reserved_bits_set : error_code::unused_field_set, 0, 0, 0, name};
    }
    return in;
}

// decode_word into `out`, a default instruction: no error and `out` the instruction, or the error.
[[nodiscard]] constexpr error decode_word_into(std::uint64_t word, instruction& out) noexcept {
    using namespace encoding_detail;
    auto id = identify(word);
    if (!id) return id.error();
    const decode_plan& plan = decode_plans[static_cast<std::size_t>(*id)];
    if (plan.exact && plan.admits(words{word})) {
        fields_into(word, *id, info(*id), out);
        if (fast_checks_pass(out)) return {};
        out = instruction{};
    }
    auto slow = decode_word_by_encoding(word);  // the error, named as the definition names it
    if (!slow) return slow.error();
    out = *slow;
    return {};
}

[[nodiscard]] constexpr result<instruction> decode_word(std::uint64_t word) noexcept {
    result<instruction> out;
    if (const error e = decode_word_into(word, *out); e.failed()) out = e;
    return out;
}

// Decodes the first 8 bytes into `out` (a default instruction); fewer than 8 is a truncated stream.
[[nodiscard]] constexpr error decode_into(std::span<const std::uint8_t> bytes, instruction& out) noexcept {
    if (bytes.size() < instruction_bytes) return error{error_code::truncated, 0, 0, 0, ""};
    return decode_word_into(from_bytes<std::uint64_t, 1>(bytes.first<instruction_bytes>())[0], out);
}

[[nodiscard]] constexpr result<instruction> decode(std::span<const std::uint8_t> bytes) noexcept {
    result<instruction> out;
    if (const error e = decode_into(bytes, *out); e.failed()) out = e;
    return out;
}

}  // namespace ctisa::valhall
