// SPDX-License-Identifier: MIT
// ATTILA assembly text: the syntax of the ATTILA simulator's assembler (see the spec's [syntax]
// and [immediates] decisions), parsed and printed in constant evaluation and at run time.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string_view>

#include "../core/result.hpp"
#include "../core/table.hpp"
#include "../core/text/cursor.hpp"
#include "../core/text/writer.hpp"
#include "instruction.hpp"

namespace ctisa::attila {

inline constexpr std::string_view comment_starts = "#;";

namespace syntax_detail {

using text::cursor;
using text::position;

[[nodiscard]] constexpr int component_of(char c) noexcept {
    switch (text::to_lower(c)) {
        case 'x': return 0;
        case 'y': return 1;
        case 'z': return 2;
        case 'w': return 3;
        default: return -1;
    }
}

inline constexpr char component_letters[4] = {'x', 'y', 'z', 'w'};

// Decimal immediates have at most three characters, as in the simulator's assembler.
inline constexpr std::size_t decimal_immediate_chars = 3;

// The float a short decimal spelling stands for: mantissa digits times a power of ten.
[[nodiscard]] constexpr std::uint32_t float_bits_of_decimal(std::uint32_t mantissa, int exponent) noexcept {
    double v = mantissa;
    for (int i = 0; i < exponent; ++i) v *= 10.0;
    for (int i = 0; i > exponent; --i) v /= 10.0;
    return std::bit_cast<std::uint32_t>(static_cast<float>(v));
}

// Reads an immediate: 0x followed by 1-8 hex digits (a bit pattern), or a decimal of at most three
// characters (an integer, or for floating-point instructions digits[.digits][e digits]).
constexpr result<std::uint32_t> parse_immediate(cursor& in, immediate_kind kind) noexcept {
    const position at = in.where();
    if (in.peek() == '0' && (in.peek(1) == 'x' || in.peek(1) == 'X')) {
        in.advance(2);
        std::uint64_t v = 0;
        int digits = 0;
        while (text::hex_value(in.peek()) >= 0) {
            v = (v << 4) | static_cast<std::uint64_t>(text::hex_value(in.peek()));
            in.advance();
            ++digits;
        }
        if (digits == 0) return cursor::fail_at(at, error_code::expected_number);
        if (digits > 8) return cursor::fail_at(at, error_code::number_out_of_range);
        return static_cast<std::uint32_t>(v);
    }
    if (!text::is_digit(in.peek())) return cursor::fail_at(at, error_code::expected_number);
    const std::size_t start = in.offset();
    std::uint32_t mantissa = 0;
    int exponent = 0;
    while (text::is_digit(in.peek())) {
        mantissa = mantissa * 10 + static_cast<std::uint32_t>(in.peek() - '0');
        in.advance();
        if (in.offset() - start > decimal_immediate_chars) break;
    }
    if (kind == immediate_kind::floating && in.peek() == '.') {
        in.advance();
        while (text::is_digit(in.peek()) && in.offset() - start <= decimal_immediate_chars) {
            mantissa = mantissa * 10 + static_cast<std::uint32_t>(in.peek() - '0');
            --exponent;
            in.advance();
        }
    }
    if (kind == immediate_kind::floating && (in.peek() == 'e' || in.peek() == 'E') && text::is_digit(in.peek(1))) {
        in.advance();
        int e = 0;
        while (text::is_digit(in.peek()) && in.offset() - start <= decimal_immediate_chars) {
            e = e * 10 + (in.peek() - '0');
            in.advance();
        }
        exponent += e;
    }
    if (text::is_ident_char(in.peek()) || in.peek() == '.') {
        while (text::is_ident_char(in.peek()) || in.peek() == '.') in.advance();
        return cursor::fail_at(at,
                               in.offset() - start > decimal_immediate_chars ? error_code::number_out_of_range : error_code::expected_number);
    }
    if (in.offset() - start > decimal_immediate_chars) return cursor::fail_at(at, error_code::number_out_of_range);
    if (kind == immediate_kind::floating) return float_bits_of_decimal(mantissa, exponent);
    return mantissa;
}

// A register number (decimal digits) below `limit`.
constexpr result<std::uint16_t> parse_index(cursor& in, unsigned limit, std::string_view what) noexcept {
    const position at = in.where();
    if (!text::is_digit(in.peek())) return cursor::fail_at(at, error_code::expected_register, what);
    bool overflow = false;
    const auto n = in.unsigned_integer(&overflow);
    if (text::is_ident_char(in.peek())) return cursor::fail_at(at, error_code::unknown_register, what);
    if (overflow || *n >= limit) return cursor::fail_at(at, error_code::register_out_of_range, what);
    return static_cast<std::uint16_t>(*n);
}

// After '.': one letter (a broadcast) or four.
constexpr result<std::uint8_t> parse_swizzle(cursor& in) noexcept {
    const position at = in.where();
    int comps[5]{};
    int n = 0;
    while (n < 5 && text::is_alpha(in.peek())) {
        comps[n] = component_of(in.peek());
        if (comps[n] < 0) return cursor::fail_at(at, error_code::bad_swizzle);
        in.advance();
        ++n;
    }
    if (text::is_ident_char(in.peek()) || (n != 1 && n != 4)) return cursor::fail_at(at, error_code::bad_swizzle);
    if (n == 1) return broadcast_swizzle(static_cast<unsigned>(comps[0]));
    return static_cast<std::uint8_t>((comps[0] << 6) | (comps[1] << 4) | (comps[2] << 2) | comps[3]);
}

// After '.': components in xyzw order, one to three of them (no mask means all four).
constexpr result<std::uint8_t> parse_mask(cursor& in) noexcept {
    const position at = in.where();
    std::uint8_t mask = 0;
    int last = -1;
    int n = 0;
    while (text::is_alpha(in.peek())) {
        const int c = component_of(in.peek());
        if (c <= last) return cursor::fail_at(at, error_code::bad_write_mask);
        mask = static_cast<std::uint8_t>(mask | mask_bit(static_cast<unsigned>(c)));
        last = c;
        in.advance();
        ++n;
    }
    if (n == 0 || n == 4 || text::is_ident_char(in.peek())) return cursor::fail_at(at, error_code::bad_write_mask);
    return mask;
}

// '[aK.c + offset]' after a constant register.
constexpr result<relative_address> parse_relative(cursor& in) noexcept {
    const position at = in.where();
    in.advance();  // '['
    in.skip_blanks();
    if (text::to_lower(in.peek()) != 'a') return cursor::fail_at(in.where(), error_code::bad_relative_address);
    in.advance();
    const position reg_at = in.where();
    if (!text::is_digit(in.peek())) return cursor::fail_at(reg_at, error_code::bad_relative_address);
    bool overflow = false;
    const auto reg = in.unsigned_integer(&overflow);
    if (overflow || *reg >= relative_address_count)
        return cursor::fail_at(reg_at, error_code::register_out_of_range, "relative address register");
    if (in.peek() != '.') return cursor::fail_at(in.where(), error_code::bad_relative_address);
    in.advance();
    const int comp = component_of(in.peek());
    if (comp < 0 || text::is_ident_char(in.peek(1))) return cursor::fail_at(in.where(), error_code::bad_relative_address);
    in.advance();
    in.skip_blanks();
    std::int64_t offset = 0;
    if (in.peek() == '+' || in.peek() == '-') {
        bool negative = in.peek() == '-';
        in.advance();
        in.skip_blanks();
        if (in.peek() == '-' || in.peek() == '+') {  // '+ -1', as the simulator prints
            if (in.peek() == '-') negative = !negative;
            in.advance();
            in.skip_blanks();
        }
        const position off_at = in.where();
        bool too_big = false;
        const auto magnitude = in.unsigned_integer(&too_big);
        if (!magnitude) return cursor::fail_at(off_at, error_code::expected_number);
        offset = negative ? -static_cast<std::int64_t>(*magnitude) : static_cast<std::int64_t>(*magnitude);
        if (too_big || offset < relative_offset_min || offset > relative_offset_max)
            return cursor::fail_at(off_at, error_code::number_out_of_range, "relative offset");
    }
    in.skip_blanks();
    if (in.peek() != ']') return cursor::fail_at(in.where(), error_code::bad_relative_address);
    in.advance();
    (void)at;
    return relative_address{static_cast<std::uint8_t>(*reg), static_cast<std::uint8_t>(comp), static_cast<std::int16_t>(offset)};
}

// The relative address written on constant operands, if any: each one must agree.
struct relative_state {
    bool seen_constant = false;
    bool seen_plain_constant = false;
    std::optional<relative_address> rel{};
};

constexpr error note_constant(relative_state& st, const std::optional<relative_address>& rel, position at) noexcept {
    if (rel) {
        if (st.seen_plain_constant || (st.rel && *st.rel != *rel)) return cursor::fail_at(at, errors::relative_mismatch);
        st.rel = rel;
    } else {
        if (st.rel) return cursor::fail_at(at, errors::relative_mismatch);
        st.seen_plain_constant = true;
    }
    st.seen_constant = true;
    return {};
}

struct register_token {
    char letter = 0;
    std::uint16_t index = 0;
};

[[nodiscard]] constexpr std::optional<bank> bank_of_letter(char letter) noexcept {
    switch (text::to_lower(letter)) {
        case 'i': return bank::in;
        case 'o': return bank::out;
        case 'c': return bank::param;
        case 'r': return bank::temp;
        case 'a': return bank::addr;
        default: return std::nullopt;
    }
}

[[nodiscard]] constexpr unsigned limit_of(char letter) noexcept {
    switch (text::to_lower(letter)) {
        case 'c': return constant_count;
        case 'p': return predicate_count;
        default: return register_count;
    }
}

// A letter from "iocraptsIOCRAPTS" directly followed by a digit.
constexpr result<register_token> parse_register_name(cursor& in) noexcept {
    const position at = in.where();
    const char letter = text::to_lower(in.peek());
    constexpr std::string_view letters = "iocrapts";
    std::size_t which = 0;  // (a loop: find() is a call of memchr, a tenth of the parse)
    while (which < letters.size() && letters[which] != letter) ++which;
    if (which == letters.size() || !text::is_digit(in.peek(1))) return cursor::fail_at(at, error_code::expected_register, in.token_text());
    in.advance();
    auto index = parse_index(in, limit_of(letter), letters.substr(which, 1));
    if (!index) return cursor::fail_at(at, index.error().code, index.error().subject);
    return register_token{letter, *index};
}

// KLS's and ZXS's sample: ', sN' as the wiki writes it, or nothing (s0) as the simulator does.
constexpr result<std::uint16_t> parse_sample(cursor& in) noexcept {
    in.skip_blanks();
    if (in.peek() != ',') return std::uint16_t{0};
    in.advance();
    in.skip_blanks();
    const position at = in.where();
    auto name = parse_register_name(in);
    if (!name) return name.error();
    if (name->letter != 's') return cursor::fail_at(at, error_code::wrong_operand_kind, "s");
    return name->index;
}

// A source operand: [-][|] register [rel] [.swizzle] [|], or an immediate where allowed.
constexpr result<operand> parse_source(cursor& in, bool immediate_allowed, immediate_kind kind, relative_state& st,
                                       std::optional<relative_address>& rel_out) noexcept {
    in.skip_blanks();
    operand o;
    if (in.peek() == '-') {
        o.negate = true;
        in.advance();
        in.skip_blanks();
    }
    if (in.peek() == '|') {
        o.absolute = true;
        in.advance();
        in.skip_blanks();
    }
    const position at = in.where();
    if (text::is_digit(in.peek())) {
        if (!immediate_allowed) return cursor::fail_at(at, errors::immediate_not_allowed, in.token_text());
        auto v = parse_immediate(in, kind);
        if (!v) return v.error();
        o.kind = operand_kind::immediate;
        o.value = *v;
    } else {
        auto name = parse_register_name(in);
        if (!name) return name.error();
        switch (name->letter) {
            case 'o': return cursor::fail_at(at, error_code::write_only_bank, "o");
            case 'p': return cursor::fail_at(at, error_code::predicate_not_allowed, "p");
            case 't':
            case 's': return cursor::fail_at(at, error_code::wrong_operand_kind, name->letter == 't' ? "t" : "s");
            default: break;
        }
        o.kind = operand_kind::reg;
        o.bank = *bank_of_letter(name->letter);
        o.index = name->index;
        std::optional<relative_address> rel;
        if (in.peek() == '[') {
            if (o.bank != bank::param) return cursor::fail_at(in.where(), errors::relative_addressing_not_allowed);
            auto r = parse_relative(in);
            if (!r) return r.error();
            rel = *r;
        }
        if (o.bank == bank::param) {
            if (auto e = note_constant(st, rel, at); e.failed()) return e;
            if (rel) rel_out = rel;
        }
        if (in.peek() == '.') {
            in.advance();
            auto s = parse_swizzle(in);
            if (!s) return s.error();
            o.swizzle = *s;
        }
    }
    if (o.absolute) {
        in.skip_blanks();
        if (in.peek() != '|') return cursor::fail_at(in.where(), error_code::unbalanced_bars);
        in.advance();
    }
    return o;
}

// A predicate operand: [!]pN, [!]cN[rel][.c], true or false.
constexpr result<operand> parse_predicate_source(cursor& in, relative_state& st, std::optional<relative_address>& rel_out) noexcept {
    in.skip_blanks();
    const position at = in.where();
    if (in.consume_word("true")) return operand{operand_kind::boolean, bank::invalid, 0, identity_swizzle, false, false, 1};
    if (in.consume_word("false")) return operand{operand_kind::boolean, bank::invalid, 0, identity_swizzle, false, false, 0};
    operand o;
    if (in.peek() == '!') {
        o.negate = true;
        in.advance();
        in.skip_blanks();
    }
    const position name_at = in.where();
    auto name = parse_register_name(in);
    if (!name) return cursor::fail_at(name_at, error_code::predicate_required, in.token_text());
    if (name->letter == 'p') {
        o.kind = operand_kind::predicate;
        o.index = name->index;
        return o;
    }
    if (name->letter != 'c') return cursor::fail_at(name_at, error_code::predicate_required);
    o.kind = operand_kind::reg;
    o.bank = bank::param;
    o.index = name->index;
    o.swizzle = 0x00;  // the simulator's default component for a constant used as a predicate: x
    std::optional<relative_address> rel;
    if (in.peek() == '[') {
        auto r = parse_relative(in);
        if (!r) return r.error();
        rel = *r;
    }
    if (auto e = note_constant(st, rel, name_at); e.failed()) return e;
    if (rel) rel_out = rel;
    if (in.peek() == '.') {
        in.advance();
        const position sw = in.where();
        auto s = parse_swizzle(in);
        if (!s) return s.error();
        if (!is_broadcast(*s)) return cursor::fail_at(sw, error_code::bad_swizzle);
        o.swizzle = *s;
    }
    (void)at;
    return o;
}

}  // namespace syntax_detail

// Parses one instruction from the cursor, which stands at its first character; consumes the rest
// of its line (not the newline). Errors carry the line and column of the offending text.
[[nodiscard]] constexpr result<instruction> parse(text::cursor& in) noexcept {
    using namespace syntax_detail;
    instruction ins;
    in.skip_blanks();
    const position start = in.where();

    if (in.peek() == '(') {
        in.advance();
        in.skip_blanks();
        if (in.peek() == '!') {
            ins.invert_predicate = true;
            in.advance();
            in.skip_blanks();
        }
        const position p_at = in.where();
        if (text::to_lower(in.peek()) != 'p' || !text::is_digit(in.peek(1)))
            return cursor::fail_at(p_at, error_code::predicate_required, in.token_text());
        in.advance();
        auto n = parse_index(in, predicate_count, "p");
        if (!n) return n.error();
        ins.predicated = true;
        ins.predicate = static_cast<std::uint8_t>(*n);
        in.skip_blanks();
        if (in.peek() != ')') return cursor::fail_at(in.where(), error_code::unexpected_character, in.token_text());
        in.advance();
        in.skip_blanks();
    }

    const position mnemonic_at = in.where();
    std::string_view word = in.identifier();
    if (word.empty()) return cursor::fail_at(mnemonic_at, error_code::unknown_mnemonic, in.token_text());
    auto op = find_by_name(mnemonics, word);
    if (!op && word.size() > 4 && text::iequals(word.substr(word.size() - 4), "_sat")) {
        op = find_by_name(mnemonics, word.substr(0, word.size() - 4));
        if (op) {
            if (!info(*op).saturate) return cursor::fail_at(mnemonic_at, error_code::modifier_not_allowed, "_sat");
            ins.saturate = true;
        }
    }
    if (!op) return cursor::fail_at(mnemonic_at, error_code::unknown_mnemonic, word);
    ins.op = *op;
    const opcode_info& opi = info(*op);
    const form_info& form = info(opi.form);
    if (*op == opcode::end) ins.end = true;  // '(p1) end' too: the wiki predicates every instruction

    relative_state rel_state;
    std::optional<relative_address> rel;
    bool first = true;
    for (unsigned slot = 0; slot < 4; ++slot) {
        const slot_kind kind = form.slots[slot];
        if (kind == slot_kind::none) continue;
        if (kind == slot_kind::sample) {
            auto n = parse_sample(in);
            if (!n) return n.error();
            ins.sources[slot - 1] = operand{operand_kind::sample, bank::invalid, *n, identity_swizzle, false, false, 0};
            continue;
        }
        if (!first) {
            if (in.at_end_of_statement()) return cursor::fail_at(in.where(), error_code::missing_operand);
            if (!in.consume(',')) return cursor::fail_at(in.where(), error_code::expected_comma, in.token_text());
        }
        first = false;
        in.skip_blanks();
        if (in.at_end_of_statement()) return cursor::fail_at(in.where(), error_code::missing_operand);
        const position at = in.where();
        operand* target = slot == 0 ? &ins.result : &ins.sources[slot - 1];

        switch (kind) {
            case slot_kind::vector_result: {
                auto name = parse_register_name(in);
                if (!name) return name.error();
                if (name->letter == 'p') return cursor::fail_at(at, error_code::predicate_not_allowed, "p");
                if (name->letter == 'i' || name->letter == 'c')
                    return cursor::fail_at(at, error_code::read_only_bank, name->letter == 'i' ? "i" : "c");
                if (name->letter == 't' || name->letter == 's') return cursor::fail_at(at, error_code::wrong_operand_kind);
                *target = operand{operand_kind::reg, *bank_of_letter(name->letter), name->index, identity_swizzle, false, false, 0};
                if (in.peek() == '.') {
                    in.advance();
                    auto m = parse_mask(in);
                    if (!m) return m.error();
                    ins.mask = *m;
                }
                break;
            }
            case slot_kind::predicate_result: {
                bool negate = false;
                if (in.peek() == '!') {
                    negate = true;
                    in.advance();
                    if (!form.invert_result) return cursor::fail_at(at, error_code::modifier_not_allowed, "!");
                }
                const position name_at = in.where();
                auto name = parse_register_name(in);
                if (!name) return name.error();
                if (name->letter != 'p') return cursor::fail_at(name_at, error_code::predicate_required);
                *target = operand{operand_kind::predicate, bank::invalid, name->index, identity_swizzle, negate, false, 0};
                if (in.peek() == '.') return cursor::fail_at(in.where(), error_code::bad_write_mask);
                break;
            }
            case slot_kind::source:
            case slot_kind::source_or_imm: {
                const bool imm_ok = kind == slot_kind::source_or_imm && opi.immediate != immediate_kind::none;
                auto o = parse_source(in, imm_ok, opi.immediate, rel_state, rel);
                if (!o) return o.error();
                *target = *o;
                break;
            }
            case slot_kind::predicate_source: {
                auto o = parse_predicate_source(in, rel_state, rel);
                if (!o) return o.error();
                *target = *o;
                break;
            }
            case slot_kind::texture: {
                auto name = parse_register_name(in);
                if (!name) return name.error();
                if (name->letter != 't') return cursor::fail_at(at, error_code::wrong_operand_kind, "t");
                *target = operand{operand_kind::texture, bank::invalid, name->index, identity_swizzle, false, false, 0};
                break;
            }
            case slot_kind::offset: {
                bool overflow = false;
                const auto v = in.signed_integer(&overflow);
                if (!v) return cursor::fail_at(at, error_code::expected_number, in.token_text());
                if (overflow || *v < INT32_MIN || *v > INT32_MAX) return cursor::fail_at(at, error_code::number_out_of_range);
                if (text::is_ident_char(in.peek())) return cursor::fail_at(at, error_code::expected_number, in.token_text());
                *target = operand{operand_kind::offset,
                                  bank::invalid,
                                  0,
                                  identity_swizzle,
                                  false,
                                  false,
                                  static_cast<std::uint32_t>(static_cast<std::int32_t>(*v))};
                break;
            }
            default: break;
        }
    }

    // Markers the simulator's disassembler writes: ' <- end' and ' <- wait'.
    while (true) {
        in.skip_blanks();
        const position at = in.where();
        if (in.peek() != '<' || in.peek(1) != '-') break;
        in.advance(2);
        if (in.consume_word("end")) {
            if (ins.end && ins.op != opcode::end) return cursor::fail_at(at, error_code::duplicate_modifier, "end");
            ins.end = true;
        } else if (in.consume_word("wait")) {
            if (ins.wait) return cursor::fail_at(at, error_code::duplicate_modifier, "wait");
            ins.wait = true;
        } else {
            return cursor::fail_at(at, error_code::unknown_modifier, in.token_text());
        }
    }
    if (!in.at_end_of_statement()) {
        const error_code code = in.peek() == ',' ? error_code::too_many_operands : error_code::trailing_characters;
        return cursor::fail_at(in.where(), code, in.token_text());
    }
    if (rel) {
        ins.relative = true;
        ins.rel = *rel;
    }
    if (auto e = validate(ins); e.failed()) return cursor::fail_at(start, e.code, e.subject);
    return ins;
}

// ----------------------------------------------------------------------------------------------
// Printing.

namespace syntax_detail {

template <class Sink>
constexpr void print_swizzle(Sink& out, std::uint8_t swizzle) {
    if (swizzle == identity_swizzle) return;
    out.push('.');
    if (is_broadcast(swizzle)) {
        out.push(component_letters[swizzle & 3]);
        return;
    }
    for (unsigned i = 0; i < 4; ++i) out.push(component_letters[swizzle_component(swizzle, i)]);
}

template <class Sink>
constexpr void print_relative(Sink& out, const relative_address& rel) {
    out.append("[a");
    text::write_unsigned(out, rel.reg);
    out.push('.');
    out.push(component_letters[rel.component & 3]);
    out.append(" + ");
    text::write_signed(out, rel.offset);
    out.push(']');
}

// The one n in [0, limit] whose float_bits_of_decimal(n, exponent) is `bits`, if any: within one
// spelling the values are far apart, so only the integers next to value / 10^exponent can match.
[[nodiscard]] constexpr std::optional<std::uint32_t> decimal_spelling(double value, int exponent, std::uint32_t limit,
                                                                      std::uint32_t bits) noexcept {
    double scaled = value;
    for (int i = 0; i < exponent; ++i) scaled /= 10.0;
    for (int i = 0; i > exponent; --i) scaled *= 10.0;
    if (!(scaled >= 0.0 && scaled <= limit + 1.0)) return std::nullopt;  // NaN fails too
    const auto near = static_cast<std::uint32_t>(scaled + 0.5);
    for (std::uint32_t n = near == 0 ? 0 : near - 1; n <= near + 1 && n <= limit; ++n)
        if (float_bits_of_decimal(n, exponent) == bits) return n;
    return std::nullopt;
}

// The shortest decimal of at most three characters that reads back as exactly `bits`, if any: an
// integer up to 999, then d.d, then de[1-9] (the first of those that reads back, in that order).
template <class Sink>
constexpr bool print_short_float(Sink& out, std::uint32_t bits) {
    const double value = std::bit_cast<float>(bits);
    if (const auto n = decimal_spelling(value, 0, 999, bits)) {
        text::write_unsigned(out, *n);
        return true;
    }
    if (const auto n = decimal_spelling(value, -1, 99, bits)) {
        out.push(static_cast<char>('0' + *n / 10));
        out.push('.');
        out.push(static_cast<char>('0' + *n % 10));
        return true;
    }
    for (int e = 1; e <= 9; ++e)
        if (const auto m = decimal_spelling(value, e, 9, bits); m && *m >= 1) {
            out.push(static_cast<char>('0' + *m));
            out.push('e');
            out.push(static_cast<char>('0' + e));
            return true;
        }
    return false;
}

template <class Sink>
constexpr void print_immediate(Sink& out, std::uint32_t bits, immediate_kind kind) {
    if (kind == immediate_kind::integer && bits <= 999) {
        text::write_unsigned(out, bits);
        return;
    }
    if (kind == immediate_kind::floating && print_short_float(out, bits)) return;
    text::write_hex(out, bits);
}

template <class Sink>
constexpr void print_register(Sink& out, bank b, std::uint16_t index) {
    out.push(info(b).letter);
    text::write_unsigned(out, index);
}

template <class Sink>
constexpr void print_source(Sink& out, const instruction& in, const operand& o, immediate_kind kind) {
    if (o.negate) out.push('-');
    if (o.absolute) out.push('|');
    if (o.kind == operand_kind::immediate) {
        print_immediate(out, o.value, kind);
    } else {
        print_register(out, o.bank, o.index);
        if (in.relative && is_constant_bank(o.bank)) print_relative(out, in.rel);
        print_swizzle(out, o.swizzle);
    }
    if (o.absolute) out.push('|');
}

template <class Sink>
constexpr void print_predicate_source(Sink& out, const instruction& in, const operand& o) {
    if (o.kind == operand_kind::boolean) {
        out.append(o.value ? "true" : "false");
        return;
    }
    if (o.negate) out.push('!');
    if (o.kind == operand_kind::predicate) {
        out.push('p');
        text::write_unsigned(out, o.index);
        return;
    }
    print_register(out, o.bank, o.index);
    if (in.relative) print_relative(out, in.rel);
    out.push('.');
    out.push(component_letters[o.swizzle & 3]);
}

}  // namespace syntax_detail

// Writes the instruction as one line of assembly (no newline), in the form parse() reads back.
template <class Sink>
constexpr void print(Sink& out, const instruction& in) {
    using namespace syntax_detail;
    const opcode_info& opi = info(in.op);
    const form_info& form = info(opi.form);
    if (in.predicated) {
        out.append(in.invert_predicate ? "(!p" : "(p");
        text::write_unsigned(out, in.predicate);
        out.append(") ");
    }
    out.append(opi.mnemonic);
    if (in.saturate) out.append("_sat");
    bool first = true;
    for (unsigned slot = 0; slot < 4; ++slot) {
        const slot_kind kind = form.slots[slot];
        if (kind == slot_kind::none) continue;
        if (kind == slot_kind::sample) {  // s0 as the simulator writes it (nothing), others as the wiki
            if (in.sources[slot - 1].index != 0) {
                out.append(", s");
                text::write_unsigned(out, in.sources[slot - 1].index);
            }
            continue;
        }
        out.append(first ? " " : ", ");
        first = false;
        const operand& o = slot == 0 ? in.result : in.sources[slot - 1];
        switch (kind) {
            case slot_kind::vector_result:
                print_register(out, o.bank, o.index);
                if (in.mask != full_mask) {
                    out.push('.');
                    for (unsigned c = 0; c < 4; ++c)
                        if (in.mask & mask_bit(c)) out.push(component_letters[c]);
                }
                break;
            case slot_kind::predicate_result:
                if (o.negate) out.push('!');
                out.push('p');
                text::write_unsigned(out, o.index);
                break;
            case slot_kind::source:
            case slot_kind::source_or_imm: print_source(out, in, o, opi.immediate); break;
            case slot_kind::predicate_source: print_predicate_source(out, in, o); break;
            case slot_kind::texture:
                out.push('t');
                text::write_unsigned(out, o.index);
                break;
            case slot_kind::offset: text::write_signed(out, static_cast<std::int32_t>(o.value)); break;
            default: break;
        }
    }
    if (in.end && in.op != opcode::end) out.append(" <- end");
    if (in.wait) out.append(" <- wait");
}

}  // namespace ctisa::attila
