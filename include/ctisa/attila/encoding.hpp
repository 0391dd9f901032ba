// SPDX-License-Identifier: MIT
// ATTILA encoder and decoder: instruction <-> 16 bytes, with shifts and masks over two words.
//
// Decoding is total and strict: any 16 bytes give an instruction or an error naming the field at
// fault. An encoding is accepted only if encoding the decoded instruction gives the same bytes,
// so every accepted encoding prints as text that assembles back to it. This header decodes as that
// definition says (decode_words_by_encoding); decoding.hpp gives the same answers faster.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>

#include "../core/bits.hpp"
#include "../core/built.hpp"
#include "../core/format.hpp"
#include "../core/result.hpp"
#include "generated/formats.hpp"
#include "instruction.hpp"

namespace ctisa::attila {

inline constexpr std::size_t instruction_bytes = 16;
using words = std::array<std::uint64_t, 2>;
using encoded = std::array<std::uint8_t, instruction_bytes>;

inline constexpr std::uint8_t immediate_bank_code = 6;
inline constexpr std::uint8_t unused_bank_code = 7;

namespace detail {

struct slot_bits {
    std::uint8_t bank = unused_bank_code;
    std::uint8_t reg = 0;
    std::uint8_t swizzle = identity_swizzle;
    std::uint8_t negate = 0;
    std::uint8_t absolute = 0;
};

constexpr std::uint8_t bank_code_of(const operand& o) noexcept {
    if (o.bank == bank::param && o.index >= 256) return static_cast<std::uint8_t>(bank::param2);
    return static_cast<std::uint8_t>(o.bank);
}

CTISA_ALWAYS_INLINE constexpr slot_bits encode_slot(const operand& o, slot_kind kind, const form_info& form) noexcept {
    slot_bits s;
    s.swizzle = form.unused_swizzle;
    switch (kind) {
        case slot_kind::source:
        case slot_kind::source_or_imm:
            if (o.kind == operand_kind::immediate) {
                s = slot_bits{immediate_bank_code, 0, 0, o.negate, o.absolute};
            } else {
                s = slot_bits{bank_code_of(o), static_cast<std::uint8_t>(o.index & 0xFF), o.swizzle, o.negate, o.absolute};
            }
            break;
        case slot_kind::predicate_source:
            // The simulator's implicit banks: predicates and booleans as bank 3, swizzle .x.
            if (o.kind == operand_kind::predicate) s = slot_bits{3, static_cast<std::uint8_t>(o.index), 0x00, o.negate, 0};
            else if (o.kind == operand_kind::boolean) s = slot_bits{3, 0, 0x00, static_cast<std::uint8_t>(o.value), 1};
            else s = slot_bits{bank_code_of(o), static_cast<std::uint8_t>(o.index & 0xFF), o.swizzle, o.negate, 0};
            break;
        case slot_kind::texture: s = slot_bits{0, static_cast<std::uint8_t>(o.index), identity_swizzle, 0, 0}; break;
        case slot_kind::sample: s = slot_bits{1, static_cast<std::uint8_t>(o.index), identity_swizzle, 0, 0}; break;
        case slot_kind::offset: s = slot_bits{unused_bank_code, 0, 0, 0, 0}; break;
        default: break;
    }
    return s;
}

// Qword 1 uses the immediate layout for JMP and for an immediate second source.
[[nodiscard]] constexpr bool uses_immediate_layout(const form_info& form, std::uint8_t op2bank) noexcept {
    return form.immediate_layout || (form.slots[2] == slot_kind::source_or_imm && op2bank == immediate_bank_code);
}

template <class Format>
CTISA_ALWAYS_INLINE constexpr error pack_checked(const Format& f, words& w) noexcept {
    const std::size_t at = pack(f, w);
    if (at != Format::fields.size()) return error{error_code::value_out_of_range, 0, 0, 0, Format::fields[at].name};
    return {};
}

// encode_valid_words() given the instruction's form: a builder gives it as a constant, and inlined
// there the form's layout folds into the code. Writes `w` or returns why a field does not fit.
CTISA_ALWAYS_INLINE constexpr error encode_valid_words_as(const instruction& in, const form_info& form, words& w) noexcept {
    generated::lo64 lo{};
    lo.opcode = static_cast<std::uint8_t>(in.op);
    lo.endflag = in.end;
    lo.waitpoint = in.wait;
    lo.predicated = in.predicated;
    lo.invertpred = in.invert_predicate;
    lo.predreg = in.predicate;
    if (form.zero_fill) return pack_checked(lo, w);

    std::uint8_t resreg = 0;
    lo.resbank = unused_bank_code;
    lo.mask = full_mask;
    if (form.slots[0] == slot_kind::vector_result) {
        lo.resbank = static_cast<std::uint8_t>(in.result.bank);
        resreg = static_cast<std::uint8_t>(in.result.index);
        lo.mask = in.mask;
        lo.saturate = in.saturate;
    } else if (form.slots[0] == slot_kind::predicate_result) {
        lo.resbank = form.result_bank;
        resreg = static_cast<std::uint8_t>(in.result.index);
        lo.mask = form.result_mask;
        lo.saturate = in.result.negate;
    }

    std::array<detail::slot_bits, 3> s{};
    for (unsigned i = 0; i < 3; ++i) s[i] = encode_slot(in.sources[i], form.slots[i + 1], form);
    lo.op1bank = s[0].bank;
    lo.op1negate = s[0].negate;
    lo.op1absolute = s[0].absolute;
    lo.op2bank = s[1].bank;
    lo.op2negate = s[1].negate;
    lo.op2absolute = s[1].absolute;
    lo.op3bank = s[2].bank;
    lo.op3negate = s[2].negate;
    lo.op3absolute = s[2].absolute;
    if (in.relative) {
        lo.relmode = 1;
        lo.reladdr = in.rel.reg;
        lo.reladcomp = in.rel.component;
        lo.reloffset = static_cast<std::uint16_t>(truncate_signed(in.rel.offset, 9));
    }
    if (auto e = pack_checked(lo, w); e.failed()) return e;

    if (uses_immediate_layout(form, lo.op2bank)) {
        generated::hi64_immediate hi{};
        hi.op1reg = s[0].reg;
        hi.op1swizzle = s[0].swizzle;
        hi.resreg = resreg;
        hi.immediate = in.sources[1].value;
        return pack_checked(hi, w);
    }
    generated::hi64_register hi{};
    hi.op1reg = s[0].reg;
    hi.op1swizzle = s[0].swizzle;
    hi.resreg = resreg;
    hi.op2reg = s[1].reg;
    hi.op2swizzle = s[1].swizzle;
    hi.op3reg = s[2].reg;
    hi.op3swizzle = s[2].swizzle;
    return pack_checked(hi, w);
}

}  // namespace detail

// The two words of an instruction validate() accepts (what a builder returns). Fields are still
// checked to fit: an instruction validate() would reject comes back as an error or unspecified words.
[[nodiscard]] constexpr result<words> encode_valid_words(const instruction& in) noexcept {
    words w{};
    if (auto e = detail::encode_valid_words_as(in, form_of(in), w); e.failed()) return e;
    return w;
}

// The two words of a valid instruction (validate() first: an invalid one is returned as its error).
[[nodiscard]] constexpr result<words> encode_words(const instruction& in) noexcept {
    if (auto e = validate(in); e.failed()) return e;
    return encode_valid_words(in);
}

[[nodiscard]] constexpr result<encoded> encode(const instruction& in) noexcept {
    auto w = encode_words(in);
    if (!w) return w.error();
    return to_bytes(*w);
}

// A result<instruction> may hold any instruction: encoding one validates it, or passes its error on.
[[nodiscard]] constexpr result<encoded> encode(const result<instruction>& in) noexcept {
    if (!in) return in.error();
    return encode(*in);
}

// A builder's result has been validated, and mostly encoded too: encoding it is a copy (or, where
// the builder's fields did not fit, what encode_valid_words says).
[[nodiscard]] constexpr result<encoded> encode(const built<instruction>& in) noexcept {
    return encode_built(in, [](const instruction& valid) { return encode_valid_words(valid); });
}

namespace detail {

constexpr error field_error(error_code code, std::string_view field) noexcept { return error{code, 0, 0, 0, field}; }

// A register source from its bank code into `o`, or why it cannot be one. The decoders fill the
// instruction's operand in place: an operand built apart and copied in was a store-forwarding stall
// (byte stores read back as one wide load) that took 40% of ATTILA's decode time.
CTISA_ALWAYS_INLINE constexpr error decode_register(operand& o, std::uint8_t code, std::uint8_t reg, std::uint8_t swizzle, bool neg, bool abs,
                                                    std::string_view bank_field) noexcept {
    // Codes 0, 2, 3, 4, 5 name register banks (5: c256-c511); looked up, not switched on, since
    // the code of a stream's next source is anyone's guess.
    constexpr std::array<bank, 8> banks_by_code{bank::in, bank::out, bank::param, bank::temp, bank::addr, bank::param, bank::imm, bank::invalid};
    if (code == 1) return field_error(error_code::write_only_bank, bank_field);
    if (code == 6) return field_error(errors::immediate_not_allowed, bank_field);
    if (code == 7) return field_error(error_code::reserved_value, bank_field);
    o.kind = operand_kind::reg;
    o.bank = banks_by_code[code & 7u];
    o.index = static_cast<std::uint16_t>(reg + (code == 5 ? 256 : 0));
    o.swizzle = swizzle;
    o.negate = neg;
    o.absolute = abs;
    return {};
}

// The operand of one source slot into `o` (default-constructed), or why the slot's fields cannot be one.
// Inlined where the slot's kind is a constant (fields_of_form).
CTISA_ALWAYS_INLINE constexpr error decode_slot(operand& o, slot_kind kind, std::uint8_t code, std::uint8_t reg, std::uint8_t swizzle, bool neg,
                                                bool abs, std::uint32_t immediate, std::string_view bank_field) noexcept {
    auto special = [&](operand_kind k, std::uint16_t index, bool negate, bool absolute, std::uint32_t value) {
        o.kind = k;
        o.index = index;
        o.negate = negate;
        o.absolute = absolute;
        o.value = value;
        return error{};
    };
    switch (kind) {
        case slot_kind::none: return {};
        case slot_kind::source: return decode_register(o, code, reg, swizzle, neg, abs, bank_field);
        case slot_kind::source_or_imm:
            if (code == immediate_bank_code) return special(operand_kind::immediate, 0, neg, abs, immediate);
            return decode_register(o, code, reg, swizzle, neg, abs, bank_field);
        case slot_kind::predicate_source:
            if (code == 3 && abs) return special(operand_kind::boolean, 0, false, false, neg ? 1u : 0u);
            if (code == 3) return special(operand_kind::predicate, reg, neg, false, 0);
            if (code == 2 || code == 5) return decode_register(o, code, reg, swizzle, neg, false, bank_field);
            return field_error(error_code::predicate_required, bank_field);
        case slot_kind::texture: return special(operand_kind::texture, reg, false, false, 0);
        case slot_kind::sample: return special(operand_kind::sample, reg, false, false, 0);
        case slot_kind::offset: return special(operand_kind::offset, 0, false, false, immediate);
        default: return field_error(error_code::reserved_value, bank_field);
    }
}

// The first field where two encodings differ: reported as not in its canonical state.
template <class Format>
constexpr error first_difference(const words& got, const words& canonical) noexcept {
    const Format a = unpack<Format>(got);
    error e{};
    std::size_t i = 0;
    for_each_field(a, [&](const field_info& f, std::uint64_t value) {
        if (!e.failed() && value != extract(canonical, Format::fields[i].bits)) {
            e = field_error(f.name == "reserved" ? error_code::reserved_bits_set : error_code::unused_field_set, f.name);
        }
        ++i;
    });
    return e;
}

}  // namespace detail

// Which layout qword 1 of these words uses (for explain and the decoder).
[[nodiscard]] constexpr bool has_immediate_layout(const words& w) noexcept {
    const auto lo = unpack<generated::lo64>(w);
    const auto index = opcode_index[lo.opcode];
    if (index < 0) return false;
    return detail::uses_immediate_layout(info(opcodes[static_cast<std::size_t>(index)].form), lo.op2bank);
}

namespace detail {

// fields_into() for an instruction of form F: the slot kinds constants, so that only the code of
// this form's slots is left (a switch on kinds per slot was a mispredicted branch per source).
template <form F>
[[nodiscard]] constexpr error fields_of_form(const words& w, instruction& in) noexcept {
    constexpr const form_info& form = info(F);
    if constexpr (!form.zero_fill) {
        const auto lo = unpack<generated::lo64>(w);
        const bool immediate_layout = detail::uses_immediate_layout(form, lo.op2bank);
        std::uint8_t resreg = 0;
        std::array<std::uint8_t, 3> regs{}, swizzles{};
        std::uint32_t immediate = 0;
        if (immediate_layout) {
            const auto hi = unpack<generated::hi64_immediate>(w);
            resreg = hi.resreg;
            regs = {hi.op1reg, 0, 0};
            swizzles = {hi.op1swizzle, identity_swizzle, identity_swizzle};
            immediate = hi.immediate;
        } else {
            const auto hi = unpack<generated::hi64_register>(w);
            resreg = hi.resreg;
            regs = {hi.op1reg, hi.op2reg, hi.op3reg};
            swizzles = {hi.op1swizzle, hi.op2swizzle, hi.op3swizzle};
        }

        if constexpr (form.slots[0] == slot_kind::vector_result) {
            if (lo.resbank == 0 || lo.resbank == 2 || lo.resbank == 5) return field_error(error_code::read_only_bank, "resbank");
            if (lo.resbank > 5) return field_error(error_code::reserved_value, "resbank");
            in.result = operand{operand_kind::reg, static_cast<bank>(lo.resbank), resreg, identity_swizzle, false, false, 0};
            if (lo.mask == 0) return field_error(error_code::bad_write_mask, "mask");
            in.mask = lo.mask;
            in.saturate = lo.saturate;
        } else if constexpr (form.slots[0] == slot_kind::predicate_result) {
            if (resreg >= predicate_count) return field_error(error_code::register_out_of_range, "resreg");
            in.result = operand{operand_kind::predicate, bank::invalid, resreg, identity_swizzle, form.invert_result && lo.saturate, false, 0};
        }

        const std::array<std::uint8_t, 3> codes{lo.op1bank, lo.op2bank, lo.op3bank};
        const std::array<bool, 3> negs{lo.op1negate != 0, lo.op2negate != 0, lo.op3negate != 0};
        const std::array<bool, 3> abss{lo.op1absolute != 0, lo.op2absolute != 0, lo.op3absolute != 0};
        constexpr std::string_view bank_fields[3] = {"op1bank", "op2bank", "op3bank"};
        for (unsigned i = 0; i < 3; ++i)  // unrolled: each slot's kind a constant
            if (error e = detail::decode_slot(in.sources[i], form.slots[i + 1], codes[i], regs[i], swizzles[i], negs[i], abss[i], immediate,
                                              bank_fields[i]);
                e.failed())
                return e;
        if (lo.relmode) {  // read from the word: GCC 12 takes reads of `lo` here for a dangling pointer
            constexpr auto& f = generated::lo64::fields;
            static_assert(f[19].name == "reladdr" && f[20].name == "reladcomp" && f[21].name == "reloffset");
            in.relative = true;
            in.rel = relative_address{static_cast<std::uint8_t>(extract(w, f[19].bits)), static_cast<std::uint8_t>(extract(w, f[20].bits)),
                                      static_cast<std::int16_t>(sign_extend(extract(w, f[21].bits), 9))};
        }
    }
    return {};
}

// fields_of_form() per form, indexed by form.
inline constexpr std::array<error (*)(const words&, instruction&) noexcept, forms.size()> fields_by_form = [] {
    std::array<error (*)(const words&, instruction&) noexcept, forms.size()> out{};
    [&]<std::size_t... F>(std::index_sequence<F...>) {
        ((out[F] = &fields_of_form<static_cast<form>(F)>), ...);
    }(std::make_index_sequence<forms.size()>{});
    return out;
}();

// The fields of `w` into `in` (default-constructed), with the checks that reading them needs;
// no validate(), no strictness. Filling the caller's instruction in place copies none of it (a
// fresh copy of the byte-wise written fields is a store-forwarding stall).
[[nodiscard]] constexpr error fields_into(const words& w, instruction& in) noexcept {
    const auto lo = unpack<generated::lo64>(w);
    if (opcode_index[lo.opcode] < 0) return field_error(error_code::reserved_opcode, "opcode");
    in.op = static_cast<opcode>(lo.opcode);
    in.end = lo.endflag;
    in.wait = lo.waitpoint;
    in.predicated = lo.predicated;
    in.invert_predicate = lo.invertpred;
    in.predicate = lo.predreg;
    return fields_by_form[static_cast<std::size_t>(info_of(in).form)](w, in);
}

// Decoding as the definition says it: the fields, validate(), and the words must be what
// encoding the instruction gives (decoding.hpp's decoder gives the same answers; tests compare).
[[nodiscard]] constexpr error decode_words_by_encoding_into(const words& w, instruction& in) noexcept {
    if (auto e = fields_into(w, in); e.failed()) return e;
    if (auto e = validate(in); e.failed()) return e;
    // Strictness: whatever the instruction does not use must hold the canonical values.
    const auto canonical = encode_valid_words(in);
    if (!canonical) return canonical.error();
    if (*canonical != w) {
        if (auto e = detail::first_difference<generated::lo64>(w, *canonical); e.failed()) return e;
        if (has_immediate_layout(w)) return detail::first_difference<generated::hi64_immediate>(w, *canonical);
        return detail::first_difference<generated::hi64_register>(w, *canonical);
    }
    return {};
}

}  // namespace detail

[[nodiscard]] constexpr result<instruction> decode_words_by_encoding(const words& w) noexcept {
    instruction in;
    if (auto e = detail::decode_words_by_encoding_into(w, in); e.failed()) return e;
    return in;
}

}  // namespace ctisa::attila
