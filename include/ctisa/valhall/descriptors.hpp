// SPDX-License-Identifier: MIT
// The shapes of the Valhall descriptor tables that generators/ctisa_gen/valhall.py fills in
// (generated/enums.hpp, generated/instructions.hpp): what an enum, a modifier, a source, a staging
// register and an instruction are described by. Types only; the facts are all generated.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ctisa::valhall {

enum class enum_id : std::uint8_t;   // generated/enums.hpp: the XML's enums
enum class modifier : std::uint8_t;  // generated/instructions.hpp: the XML's modifiers

// The most modifiers one instruction has (TEX: seven); the generator checks it.
inline constexpr std::size_t max_modifiers = 7;

struct enum_value_info {
    std::string_view name;         // as written in assembly ("" for a reserved entry)
    std::string_view description;
    bool reserved;
};

struct enum_info {
    std::string_view xml_name;     // the XML's name, e.g. "Load lane (8-bit)"
    std::string_view name;         // its safe name, e.g. "load_lane_8_bit"
    std::uint16_t first;           // its values: enum_values[first, first + count)
    std::uint8_t count;
    std::int8_t default_value;     // -1: none (a modifier of this enum must be written)
    bool implied;                  // the XML marks it implied (never written as a modifier)
};

// A special value: a source of kind 3 with value 32-63, whose meaning the immediate mode selects.
struct special_value {
    std::uint8_t mode;  // immediate_mode
    std::uint8_t code;  // the source value, 32-63
};

struct modifier_info {
    std::string_view name;
    bool flag;               // one bit, written .name; otherwise an enum, written .value
    enum_id values;          // the enum (flags: unused)
    std::int8_t default_value;  // -1: must be written (flags: 0)
    bool implied;            // never written in text (staging_register_count, left)
};

// Which field of a source selects its lanes or halves, if any.
enum class select_kind : std::uint8_t {
    none,
    swizzle,  // 2 bits: Widen (32-bit sources) or the first four Swizzles (16-bit)
    widen,    // 4 bits: Swizzles (N-bit)
    lanes,    // 4 bits: Lanes (8-bit), the bytes of a shift amount
    lane,     // 1-2 bits: Lane (N-bit)
};

struct select_info {
    select_kind kind;
    enum_id values;              // its enum (unused when kind is none)
    std::uint8_t start;
    std::uint8_t width;
    std::uint8_t default_value;  // what an unwritten select encodes (the enum's default, else 0)
};

struct source_info {
    std::string_view name;   // the XML's description of the source
    std::uint8_t size;       // bits the instruction reads from it
    bool is_float;           // float="true" or absneg="true"
    bool absneg;             // .neg and .abs
    bool invertible;         // .not
    std::uint8_t neg_bit;    // when absneg
    std::uint8_t abs_bit;
    std::uint8_t not_bit;    // when invertible
    select_info select;
};

struct staging_info {
    std::string_view name;
    bool read;
    bool write;
    std::uint8_t count;      // registers; 0: as many as staging_register_count says (1-7)
    std::uint8_t start;      // bit of its byte (40 or 16)
    std::uint8_t flags;      // the value of the byte's top two bits
};

struct immediate_info {
    std::string_view name;   // "constant" is written #value, others name:value
    std::uint8_t start;
    std::uint8_t size;
    bool is_signed;
};

struct modifier_use {
    valhall::modifier kind;
    std::uint8_t start;
    std::uint8_t size;
    bool in_word;            // false for the XML's left at bit 128 (erratum left-outside-word)
};

struct instruction_info {
    std::string_view mnemonic;
    std::string_view name;         // the identifier: instruction_id, builder and format name (fadd_f32)
    std::string_view title;
    std::string_view group;        // the XML group it comes from ("" for a lone <ins>)
    std::uint16_t opcode;          // primary opcode, bits 48-56
    std::int16_t opcode2;          // secondary opcode, -1 when the XML gives none
    std::uint8_t secondary_shift;
    std::uint16_t secondary_mask;
    std::uint8_t dests;            // 0 or 1
    std::uint8_t source_count;
    std::uint8_t staging_count;
    std::uint8_t immediate_count;  // 0 or 1
    std::uint8_t modifier_count;
    std::array<source_info, 4> sources;
    std::array<staging_info, 2> staging;
    immediate_info immediate;
    std::array<modifier_use, max_modifiers> modifiers;  // in the XML's order (the printing order)
    std::uint64_t modifier_mask;   // bit m: the instruction has modifier m written in text (not implied)
    std::uint16_t first_field;     // its fields: instruction_field(i) for i in [first_field, first_field + field_count)
    std::uint8_t field_count;
    std::uint64_t used_bits;       // every bit a field of the instruction (or a common field) covers
};

// For each 9-bit primary opcode, its instructions in by_opcode (count 0: reserved opcode).
struct opcode_bucket {
    std::uint8_t first;
    std::uint8_t count;
};

// A word that may follow a mnemonic (see modifier_words).
struct modifier_word {
    std::string_view name;
    std::uint8_t kind;
    std::uint8_t value;
};

}  // namespace ctisa::valhall
