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
#include "../core/result.hpp"
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

constexpr std::uint8_t source_byte(const source& s) noexcept {
    switch (s.kind) {
        case source_kind::reg: return static_cast<std::uint8_t>((s.discard ? 0x40 : 0x00) | s.index);
        case source_kind::uniform: return static_cast<std::uint8_t>(0x80 | s.index);
        case source_kind::immediate:
        case source_kind::special: return static_cast<std::uint8_t>(0xC0 | s.index);
        default: return 0;
    }
}

constexpr void put(words& w, unsigned lsb, unsigned width, std::uint64_t value) noexcept {
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

// The word of a valid instruction (validate() first: an invalid one is returned as its error).
[[nodiscard]] constexpr result<std::uint64_t> encode_word(const instruction& in) noexcept {
    using namespace encoding_detail;
    if (auto e = validate(in); e.failed()) return e;
    const instruction_info& ins = info(in.id);
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
        const std::uint64_t value = use.kind == modifier::staging_register_count
                                        ? variable_staging_count(in, ins)
                                        : in.modifiers[static_cast<std::size_t>(use.kind)];
        put(w, use.start, use.size, value);
    }
    if (ins.immediate_count != 0)
        put(w, ins.immediate.start, ins.immediate.size, ins.immediate.size >= 32 ? in.immediate
                                                                                 : in.immediate & ((1u << ins.immediate.size) - 1u));
    return w[0];
}

[[nodiscard]] constexpr result<encoded> encode(const instruction& in) noexcept {
    auto w = encode_word(in);
    if (!w) return w.error();
    return to_bytes(words{*w});
}

// Builders return result<instruction>; encoding one passes its error on.
[[nodiscard]] constexpr result<encoded> encode(const result<instruction>& in) noexcept {
    if (!in) return in.error();
    return encode(*in);
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
        const field_info& f = instruction_fields[ins.first_field + i];
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
        case 1: s.kind = source_kind::reg; s.discard = true; break;
        case 2: s.kind = source_kind::uniform; break;
        default: s.kind = s.index < first_special ? source_kind::immediate : source_kind::special; break;
    }
    return s;
}

}  // namespace encoding_detail

[[nodiscard]] constexpr result<instruction> decode_word(std::uint64_t word) noexcept {
    using namespace encoding_detail;
    const words w{word};
    auto id = identify(word);
    if (!id) return id.error();
    const instruction_info& ins = info(*id);
    if (extract(w, reserved_field) != 0) return error{error_code::reserved_bits_set, 0, 0, 0, "reserved"};

    instruction in;
    in.id = *id;
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
        in.immediate = ins.immediate.is_signed ? static_cast<std::uint32_t>(sign_extend(raw, ins.immediate.size))
                                               : static_cast<std::uint32_t>(raw);
    }

    if (auto e = validate(in); e.failed()) return e;
    // Strictness: whatever the instruction does not use must hold its canonical value.
    auto canonical = encode_word(in);
    if (!canonical) return canonical.error();
    if (const std::uint64_t diff = *canonical ^ word; diff != 0) {
        unsigned bit = 0;
        while (((diff >> bit) & 1u) == 0) ++bit;
        const std::string_view name = field_at(ins, bit);
        return error{name == "unused bits" ? error_code::reserved_bits_set : error_code::unused_field_set, 0, 0, 0, name};
    }
    return in;
}

// Decodes the first 8 bytes; fewer than 8 is a truncated stream.
[[nodiscard]] constexpr result<instruction> decode(std::span<const std::uint8_t> bytes) noexcept {
    if (bytes.size() < instruction_bytes) return error{error_code::truncated, 0, 0, 0, ""};
    return decode_word(from_bytes<std::uint64_t, 1>(bytes.first<instruction_bytes>())[0]);
}

}  // namespace ctisa::valhall
