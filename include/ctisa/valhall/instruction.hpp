// SPDX-License-Identifier: MIT
// The Valhall instruction as a value: what builders produce, the assembler parses, the encoder
// writes, the decoder returns and the printer (and, later, the executor) reads. Every rule of the
// ISA is checked in one place, validate().
//
// Reading an instruction (for the executor):
//   - `id` names the instruction; info(id) (generated/instructions.hpp) is its descriptor: mnemonic,
//     primary and secondary opcode, how many destinations (0/1), staging operands (0-2), sources
//     (0-4) and immediates (0/1) it has, and for each source its size in bits, whether it is read as
//     a float, and which select field (swizzle, widen, lanes, lane) it has.
//   - `sources[i]` for i < info(id).source_count: `kind` says where the 32 bits come from:
//       reg        r`index` (0-63); `discard` marks the last use of the register (written `r`)
//       uniform    u`index` (0-63), the 32-bit word `index` of the uniform (FAU) area
//       immediate  immediate_values[index] (index 0-31), the inline constant table
//       special    the special value `index` (32-63) under the instruction's `mode`:
//                  special_names[mode][index - 32] names it (tls_ptr, lane_id, atest_datum, ...)
//     then `neg`/`abs` (float sources with absneg), `invert` (.not) and `select`: the raw value of
//     the source's select field, an entry of the enum info(id).sources[i].select.values
//     (e.g. swizzles_16_bit::h10, swizzles_32_bit::b3, lane_8_bit::b2). Apply select first, then
//     abs, then neg, then not.
//   - `dest` (when info(id).dests == 1): register `reg`, `mask` 3 for both 16-bit halves, 1 for .h0
//     (low half), 2 for .h1 (high half).
//   - `staging[k]` for k < info(id).staging_count: registers base .. base + count - 1; whether they
//     are read (data in) or written (results out) is info(id).staging[k].read / .write.
//   - `immediate` (when info(id).immediate_count == 1): the value of the instruction's immediate
//     field; for signed ones (branch and memory offsets) the 32-bit two's complement of the
//     sign-extended value: static_cast<std::int32_t>(immediate).
//   - `modifiers[m]` (modifier_value(in, m)) for each modifier m the instruction has
//     (info(id).modifiers): a flag (0/1) or an entry of the modifier's enum, e.g.
//     static_cast<round_mode>(modifier_value(in, modifier::round_mode)). Modifiers the instruction
//     lacks are 0. The staging register count is in `staging`, not here, and `left` (LSHIFT_* versus
//     RSHIFT_*) is implied by the instruction id.
//   - flow control: `wait` (bits 0-2: wait on dependency slots 0-2 before running) or, when
//     `has_action`, `act` (wait0126, barrier, reconverge, td, return).
//   - `mode`: the immediate mode, which gives special sources their meaning.
// The value is structural (a template argument) and compares with ==; decode(encode(x)) == x for
// every valid x, and encode(decode(bytes)) == bytes for every accepted word.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "../core/bits.hpp"
#include "../core/built.hpp"
#include "../core/error.hpp"
#include "errors.hpp"
#include "generated/enums.hpp"
#include "generated/instructions.hpp"

namespace ctisa::valhall {

inline constexpr unsigned register_count = 64;     // r0-r63: 6-bit register fields
inline constexpr unsigned uniform_count = 64;      // u0-u63: 6-bit uniform fields
inline constexpr unsigned max_staging_registers = 7;  // the 3-bit staging_register_count
inline constexpr unsigned first_special = 32;      // immediate sources 32-63 are special values
inline constexpr std::uint8_t full_write_mask = 3;

enum class source_kind : std::uint8_t {
    none,
    reg,
    uniform,
    immediate,  // an entry of the inline immediate table
    special,    // a special value of the immediate mode
};

struct source {
    source_kind kind = source_kind::none;
    std::uint8_t index = 0;  // register, uniform, table entry (0-31) or special value (32-63)
    bool discard = false;    // registers: last use
    bool neg = false;
    bool abs = false;
    bool invert = false;     // .not
    std::uint8_t select = 0; // raw value of the source's select field

    friend constexpr bool operator==(const source&, const source&) = default;
};

struct destination {
    std::uint8_t reg = 0;
    std::uint8_t mask = full_write_mask;  // 1 = .h0, 2 = .h1, 3 = both halves

    friend constexpr bool operator==(const destination&, const destination&) = default;
};

struct staging_operand {
    std::uint8_t base = 0;   // first register
    std::uint8_t count = 0;  // consecutive registers

    friend constexpr bool operator==(const staging_operand&, const staging_operand&) = default;
};

struct instruction {
    instruction_id id = instruction_id::nop;
    immediate_mode mode = immediate_mode::none;
    bool has_action = false;
    action act = action::wait0126;  // meaningful with has_action
    std::uint8_t wait = 0;          // dependency slots 0-2, without has_action
    destination dest{};
    std::array<staging_operand, 2> staging{};
    std::array<source, 4> sources{};
    std::uint32_t immediate = 0;
    std::array<std::uint8_t, modifier_count> modifiers{};

    using built_encoding = carried_words<1>;  // what a builder encodes along with it (built.hpp)

    friend constexpr bool operator==(const instruction&, const instruction&) = default;
};

[[nodiscard]] constexpr const instruction_info& info_of(const instruction& in) noexcept { return info(in.id); }

// The modifier's use by the instruction (position, size), or nullptr when it has none.
[[nodiscard]] constexpr const modifier_use* find_modifier(const instruction_info& ins, modifier m) noexcept {
    for (unsigned i = 0; i < ins.modifier_count; ++i)
        if (ins.modifiers[i].kind == m) return &ins.modifiers[i];
    return nullptr;
}

// The value of a modifier: modifier_value(in, modifier::clamp) == clamp::clamp_0_1 etc. (0 when the
// instruction lacks it). The implied staging_register_count and left are always 0 here.
[[nodiscard]] constexpr std::uint8_t modifier_value(const instruction& in, modifier m) noexcept {
    return in.modifiers[static_cast<std::size_t>(m)];
}

// An instruction with its defaults: default modifier values, default selects, full write mask,
// and the fixed staging counts. Sources, registers and required modifiers are the caller's.
[[nodiscard]] constexpr instruction make_instruction(instruction_id id) noexcept {
    instruction in;
    in.id = id;
    const instruction_info& ins = info(id);
    for (unsigned i = 0; i < ins.modifier_count; ++i) {
        const modifier_info& m = info(ins.modifiers[i].kind);
        if (!m.implied && m.default_value > 0)
            in.modifiers[static_cast<std::size_t>(ins.modifiers[i].kind)] = static_cast<std::uint8_t>(m.default_value);
    }
    for (unsigned i = 0; i < ins.source_count; ++i) in.sources[i].select = ins.sources[i].select.default_value;
    for (unsigned k = 0; k < ins.staging_count; ++k) in.staging[k].count = ins.staging[k].count;
    return in;
}

// The 32-bit value the FAU reads for a source of kind immediate.
[[nodiscard]] constexpr std::uint32_t immediate_value(const source& s) noexcept { return immediate_values[s.index & 31]; }

// The name of a special source under a mode ("" when the mode defines no such value).
[[nodiscard]] constexpr std::string_view special_name(immediate_mode mode, std::uint8_t code) noexcept {
    const auto m = static_cast<std::size_t>(mode);
    if (m >= special_names.size() || code < first_special || code >= 64) return {};
    return special_names[m][code - first_special];
}

[[nodiscard]] constexpr bool defined_in_any_mode(std::uint8_t code) noexcept {
    for (std::size_t m = 0; m < special_names.size(); ++m)
        if (!special_name(static_cast<immediate_mode>(m), code).empty()) return true;
    return false;
}

// Is `value` a name of the enum that fits a field of `width` bits?
[[nodiscard]] constexpr bool fits_select(const select_info& sel, unsigned value) noexcept {
    return value < (1u << sel.width) && is_defined(sel.values, value);
}

// The fast-access (FAU) limits an instruction's sources obey, as Mesa 21.3's assembler checks them:
// uniforms only in the default immediate mode and from one 64-bit slot (u2n, u2n+1); special values
// only in the mode that defines them, and one of them; at most two distinct uniforms, constants
// and special values in all.
class fau_tracker {
public:
    [[nodiscard]] constexpr error_code add(const source& s, immediate_mode mode) noexcept {
        switch (s.kind) {
            case source_kind::uniform: {
                if (mode != immediate_mode::none) return errors::immediate_mode_mismatch;
                const int slot = s.index >> 1;
                if (uniform_slot_ >= 0 && uniform_slot_ != slot) return errors::uniform_slot_conflict;
                uniform_slot_ = slot;
                return push((std::uint64_t{1} << 32) | s.index);
            }
            case source_kind::immediate: return push((std::uint64_t{2} << 32) | immediate_value(s));
            case source_kind::special:
                if (special_name(mode, s.index).empty())
                    return defined_in_any_mode(s.index) ? errors::immediate_mode_mismatch : error_code::reserved_value;
                if (special_ >= 0 && special_ != s.index) return errors::special_value_conflict;
                special_ = s.index;
                return push((std::uint64_t{3} << 32) | s.index);
            default: return error_code::none;
        }
    }

private:
    constexpr error_code push(std::uint64_t key) noexcept {
        for (std::size_t i = 0; i < count_; ++i)
            if (keys_[i] == key) return error_code::none;
        if (count_ == keys_.size()) return error_code::operand_limit;
        keys_[count_++] = key;
        return error_code::none;
    }

    std::array<std::uint64_t, 2> keys_{};
    std::size_t count_ = 0;
    int uniform_slot_ = -1;
    int special_ = -1;
};

inline constexpr std::array<std::string_view, 4> source_names{"src0", "src1", "src2", "src3"};
inline constexpr std::array<std::string_view, 2> staging_names{"sr0", "sr1"};

namespace detail {

constexpr error rule(error_code code, std::string_view subject) noexcept { return error{code, 0, 0, 0, subject}; }

// Inlined into validate_as(): a builder's constant source kinds and descriptor fold it.
CTISA_ALWAYS_INLINE constexpr error check_source(const source& s, const source_info& si, std::string_view name) noexcept {
    switch (s.kind) {
        case source_kind::reg:
            if (s.index >= register_count) return rule(error_code::register_out_of_range, name);
            break;
        case source_kind::uniform:
            if (s.index >= uniform_count) return rule(error_code::register_out_of_range, name);
            break;
        case source_kind::immediate:
            if (s.index >= first_special) return rule(error_code::value_out_of_range, name);
            break;
        case source_kind::special:
            if (s.index < first_special || s.index >= 64) return rule(error_code::value_out_of_range, name);
            break;
        default: return rule(error_code::missing_operand, name);
    }
    if (s.discard && s.kind != source_kind::reg) return rule(error_code::modifier_not_allowed, name);
    if ((s.neg || s.abs) && !si.absneg) return rule(error_code::modifier_not_allowed, name);
    if (s.invert && !si.invertible) return rule(error_code::modifier_not_allowed, name);
    if (si.select.kind == select_kind::none) {
        if (s.select != 0) return rule(error_code::bad_swizzle, name);
    } else if (!fits_select(si.select, s.select)) {
        return rule(error_code::bad_swizzle, name);
    }
    return {};
}

}  // namespace detail

// validate() with the descriptor of in.id given (in.id in range): inlined into each builder, which
// knows its descriptor, so that a builder's result is checked without a call.
[[nodiscard]] CTISA_ALWAYS_INLINE constexpr error validate_as(const instruction& in, const instruction_info& ins) noexcept {
    using detail::rule;

    if (!is_defined(enum_id::immediate_mode, static_cast<unsigned>(in.mode))) return rule(error_code::reserved_value, "immediate_mode");
    if (in.has_action) {
        if (!is_defined(enum_id::action, static_cast<unsigned>(in.act))) return rule(error_code::reserved_value, "action");
        if (in.wait != 0) return rule(error_code::conflicting_modifiers, "wait");
    } else {
        if (in.act != action::wait0126) return rule(error_code::unused_field_set, "action");
        if (in.wait > 7) return rule(error_code::value_out_of_range, "wait");
    }

    if (ins.dests != 0) {
        if (in.dest.reg >= register_count) return rule(error_code::register_out_of_range, "dest");
        if (in.dest.mask == 0 || in.dest.mask > full_write_mask) return rule(error_code::bad_write_mask, "dest");
    } else if (in.dest != destination{}) {
        return rule(error_code::too_many_operands, "dest");
    }

    for (unsigned k = 0; k < 2; ++k) {
        const staging_operand& sr = in.staging[k];
        if (k >= ins.staging_count) {
            if (sr != staging_operand{}) return rule(error_code::too_many_operands, staging_names[k]);
            continue;
        }
        const unsigned fixed = ins.staging[k].count;
        if (fixed != 0 ? sr.count != fixed : (sr.count == 0 || sr.count > max_staging_registers))
            return rule(errors::bad_staging_registers, staging_names[k]);
        if (sr.base + sr.count > register_count) return rule(error_code::register_out_of_range, staging_names[k]);
    }

    fau_tracker fau;
    for (unsigned i = 0; i < 4; ++i) {
        const source& s = in.sources[i];
        if (i >= ins.source_count) {
            if (s != source{}) return rule(error_code::too_many_operands, source_names[i]);
            continue;
        }
        if (auto e = detail::check_source(s, ins.sources[i], source_names[i]); e.failed()) return e;
        if (const error_code c = fau.add(s, in.mode); c != error_code::none) return rule(c, source_names[i]);
    }

    std::uint64_t present = 0;  // modifiers the instruction lacks (or implies) hold 0; no early exit, so it vectorises
    for (std::size_t m = 0; m < modifier_count; ++m) present |= std::uint64_t{in.modifiers[m] != 0} << m;
    if (const std::uint64_t stray = present & ~ins.modifier_mask; stray != 0)
        return rule(error_code::modifier_not_allowed, modifiers[static_cast<std::size_t>(std::countr_zero(stray))].name);
    for (unsigned i = 0; i < ins.modifier_count; ++i) {
        const modifier_use& use = ins.modifiers[i];
        if (((ins.modifier_mask >> static_cast<unsigned>(use.kind)) & 1u) == 0) continue;
        const modifier_info& mi = info(use.kind);
        const std::uint8_t value = in.modifiers[static_cast<std::size_t>(use.kind)];
        const bool ok = mi.flag ? value <= 1 : value < (1u << use.size) && is_defined(mi.values, value);
        if (!ok) return rule(error_code::reserved_value, mi.name);
    }

    if (ins.immediate_count == 0) {
        if (in.immediate != 0) return rule(error_code::too_many_operands, "immediate");
    } else {
        const immediate_info& imm = ins.immediate;
        const bool fits = imm.is_signed ? fits_signed(static_cast<std::int32_t>(in.immediate), imm.size) : fits_unsigned(in.immediate, imm.size);
        if (!fits) return rule(error_code::value_out_of_range, imm.name);
    }
    return {};
}

// Every rule of the ISA a well-formed instruction obeys. Builders, the assembler and the decoder
// all end here, so that what one accepts the others accept too.
[[nodiscard]] constexpr error validate(const instruction& in) noexcept {
    if (static_cast<std::size_t>(in.id) >= instruction_count) return detail::rule(error_code::reserved_opcode, "opcode");
    return validate_as(in, info(in.id));
}

}  // namespace ctisa::valhall
