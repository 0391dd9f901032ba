// SPDX-License-Identifier: MIT
// Valhall assembly text in Mesa 21.3's syntax (asm.py reads it, disasm.py prints it), parsed and
// printed in constant evaluation and at run time.
//
//   MNEMONIC[.modifier...][.ts|.id][.action|.waitNNN] operands
//
// Operands, comma-separated, in this order: staging registers (@r4:r5:r6:r7), the destination
// (r0, r0.h0, r0.h1), the sources, the immediate (#0x1234 for `constant`, name:value otherwise).
// A source is r0-r63 (`r0 marks the register's last use), u0-u63, an immediate-table value
// (0x3F800000, or immN for entry N), or a special value of the immediate mode (tls_ptr, lane_id,
// atest_datum, blend_descriptor_0_x, ...), followed by .neg, .abs, .not and a select (.h0, .b3,
// .h10, ...) where the source takes them, in any order. Numbers are decimal or 0x hexadecimal,
// optionally signed. Comments run from '#' or ';' to the end of the line, except that a '#' where
// the immediate named constant is expected is its prefix.
//
// Where this differs from Mesa 21.3's asm.py. Stricter: an empty modifier word (FADD.f32..clamp_0_1),
// an empty operand (r0,, r1), a repeated .neg/.abs/.not, the name `reserved` (Mesa encodes reserved
// enum entries, immediate mode 2 included), a select too wide for a two-bit swizzle field (Mesa shifts
// it into the neighbouring bits), and Swizzles (8-bit) names on a lanes source (Mesa writes that enum's
// index into the lanes field) are rejected. More lenient: mnemonics and modifier words are matched
// without regard to case, and blanks may be tabs. The printer writes what Mesa's disassembler writes,
// except for immediate-table entry 21 (imm21, see the errata) and special values in float sources (their
// names; Mesa's disassembler asserts).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "../core/result.hpp"
#include "../core/table.hpp"
#include "../core/text/cursor.hpp"
#include "../core/text/writer.hpp"
#include "instruction.hpp"

namespace ctisa::valhall {

inline constexpr std::string_view comment_starts = "#;";

namespace syntax_detail {

using text::cursor;
using text::position;

constexpr position shifted(position p, std::size_t columns) noexcept { return {p.line, static_cast<std::uint32_t>(p.column + columns)}; }

// [A-Za-z0-9_]* from the cursor.
constexpr std::string_view word(cursor& in) noexcept {
    const std::size_t start = in.offset();
    while (text::is_ident_char(in.peek())) in.advance();
    return in.source().substr(start, in.offset() - start);
}

// Decimal digits after a one-letter prefix: "r12" -> 12. nullopt when not of that shape.
constexpr std::optional<unsigned> numbered(std::string_view token, std::string_view prefix) noexcept {
    if (token.size() <= prefix.size() || token.substr(0, prefix.size()) != prefix) return std::nullopt;
    unsigned n = 0;
    for (std::size_t i = prefix.size(); i < token.size(); ++i) {
        if (!text::is_digit(token[i])) return std::nullopt;
        if (n > 1000) return 1000;  // far out of every range; no overflow
        n = n * 10 + static_cast<unsigned>(token[i] - '0');
    }
    return n;
}

// A register rN (N < 64) at the cursor.
constexpr result<std::uint8_t> parse_register(cursor& in) noexcept {
    const position at = in.where();
    const std::string_view token = word(in);
    const auto n = numbered(token, "r");
    if (!n) return cursor::fail_at(at, token.empty() ? error_code::expected_register : error_code::unknown_register, token);
    if (*n >= register_count) return cursor::fail_at(at, error_code::register_out_of_range, token);
    return static_cast<std::uint8_t>(*n);
}

// Is `w` the name of a select value of any source of any instruction? (for error messages only)
constexpr bool is_select_word(std::string_view w) noexcept {
    for (const instruction_info& ins : instructions)
        for (unsigned i = 0; i < ins.source_count; ++i)
            if (ins.sources[i].select.kind != select_kind::none && value_of(ins.sources[i].select.values, w) >= 0) return true;
    return false;
}

// The first table entry holding `value`, or -1.
constexpr int immediate_index(std::uint64_t value) noexcept {
    for (std::size_t i = 0; i < immediate_values.size(); ++i)
        if (immediate_values[i] == value) return static_cast<int>(i);
    return -1;
}

constexpr result<source> parse_source(cursor& in, const instruction& ins, const source_info& si) noexcept {
    source s;
    if (in.peek() == '`') {
        s.discard = true;
        in.advance();
    }
    const position token_at = in.where();
    const std::string_view token = word(in);
    if (const auto r = numbered(token, "r")) {
        if (*r >= register_count) return cursor::fail_at(token_at, error_code::register_out_of_range, token);
        s.kind = source_kind::reg;
        s.index = static_cast<std::uint8_t>(*r);
    } else if (s.discard) {
        return cursor::fail_at(token_at, error_code::expected_register, token);
    } else if (const auto u = numbered(token, "u")) {
        if (*u >= uniform_count) return cursor::fail_at(token_at, error_code::register_out_of_range, token);
        s.kind = source_kind::uniform;
        s.index = static_cast<std::uint8_t>(*u);
    } else if (token.size() > 2 && token[0] == '0' && (token[1] == 'x' || token[1] == 'X')) {
        std::uint64_t value = 0;
        for (std::size_t i = 2; i < token.size(); ++i) {
            const int digit = text::hex_value(token[i]);
            if (digit < 0) return cursor::fail_at(token_at, error_code::expected_number, token);
            if (value > 0xFFFFFFFFu) return cursor::fail_at(token_at, errors::immediate_not_in_table, token);
            value = (value << 4) | static_cast<std::uint64_t>(digit);
        }
        const int index = immediate_index(value);
        if (index < 0) return cursor::fail_at(token_at, errors::immediate_not_in_table, token);
        s.kind = source_kind::immediate;
        s.index = static_cast<std::uint8_t>(index);
    } else if (const auto entry = numbered(token, "imm")) {
        if (*entry >= first_special) return cursor::fail_at(token_at, error_code::number_out_of_range, token);
        s.kind = source_kind::immediate;
        s.index = static_cast<std::uint8_t>(*entry);
    } else if (const auto special = find_by_name(special_lookup, token)) {
        if (special->mode != static_cast<std::uint8_t>(ins.mode)) return cursor::fail_at(token_at, errors::immediate_mode_mismatch, token);
        s.kind = source_kind::special;
        s.index = special->code;
    } else if (const std::string_view t = token.empty() ? in.token_text() : token;
               !t.empty() && ((t[0] >= '0' && t[0] <= '9') || t[0] == '-' || t[0] == '+' || t[0] == '.')) {
        return cursor::fail_at(token_at, errors::decimal_constant_source, t);  // a number where a source is: say how constants are written
    } else {
        return cursor::fail_at(token_at, error_code::expected_register, token.empty() ? in.token_text() : token);
    }

    bool selected = false;
    s.select = si.select.default_value;
    while (in.peek() == '.') {
        in.advance();
        const position mod_at = in.where();
        const std::string_view mod = word(in);
        auto flag = [&](bool& bit, bool allowed) -> error {
            if (!allowed) return cursor::fail_at(mod_at, error_code::modifier_not_allowed, mod);
            if (bit) return cursor::fail_at(mod_at, error_code::duplicate_modifier, mod);
            bit = true;
            return {};
        };
        error e{};
        if (mod == "neg") {
            e = flag(s.neg, si.absneg);
        } else if (mod == "abs") {
            e = flag(s.abs, si.absneg);
        } else if (mod == "not") {
            e = flag(s.invert, si.invertible);
        } else if (const int v = si.select.kind == select_kind::none ? -1 : value_of(si.select.values, mod); v >= 0) {
            if (!fits_select(si.select, static_cast<unsigned>(v))) return cursor::fail_at(mod_at, error_code::bad_swizzle, mod);
            if (selected) return cursor::fail_at(mod_at, error_code::duplicate_modifier, mod);
            selected = true;
            s.select = static_cast<std::uint8_t>(v);
        } else {
            return cursor::fail_at(mod_at, is_select_word(mod) ? error_code::bad_swizzle : error_code::unknown_modifier, mod);
        }
        if (e.failed()) return e;
    }
    return s;
}

constexpr result<destination> parse_destination(cursor& in) noexcept {
    auto reg = parse_register(in);
    if (!reg) return reg.error();
    destination d{*reg, full_write_mask};
    if (in.peek() == '.') {
        in.advance();
        const position at = in.where();
        const std::string_view mask = word(in);
        if (mask == "h0") d.mask = 1;
        else if (mask == "h1") d.mask = 2;
        else return cursor::fail_at(at, error_code::bad_write_mask, mask);
        if (in.peek() == '.') return cursor::fail_at(in.where(), error_code::bad_write_mask, in.token_text());
    }
    return d;
}

constexpr result<staging_operand> parse_staging(cursor& in, const staging_info& si) noexcept {
    const position at = in.where();
    if (in.peek() != '@') return cursor::fail_at(at, error_code::expected_register, in.token_text());
    in.advance();
    staging_operand sr;
    while (true) {
        const position reg_at = in.where();
        auto reg = parse_register(in);
        if (!reg) return reg.error();
        if (sr.count == 0) sr.base = *reg;
        else if (*reg != sr.base + sr.count || sr.count == max_staging_registers) return cursor::fail_at(reg_at, errors::bad_staging_registers);
        ++sr.count;
        if (in.peek() != ':') break;
        in.advance();
    }
    if (si.count != 0 && sr.count != si.count) return cursor::fail_at(at, errors::bad_staging_registers);
    return sr;
}

// '#value' (the immediate named constant) or 'name:value'. A plain number is refused with the
// spelling it needs. A negative constant is its 32-bit two's complement (valhall_errata.toml,
// "negative-constant"); signed fields (offsets) take their own range.
constexpr result<std::uint32_t> parse_immediate(cursor& in, const immediate_info& imm) noexcept {
    const position at = in.where();
    const bool constant = imm.name == "constant";
    if (text::is_digit(in.peek()) || ((in.peek() == '-' || in.peek() == '+') && text::is_digit(in.peek(1))))
        return cursor::fail_at(at, constant ? errors::immediate_without_hash : errors::immediate_without_name, in.token_text());
    if (in.peek() == '#') {
        if (!constant) return cursor::fail_at(at, errors::immediate_without_name, "#");
        in.advance();
    } else {
        const std::string_view name = word(in);
        if (name != imm.name || in.peek() != ':') return cursor::fail_at(at, error_code::wrong_operand_kind, name);
        in.advance();
    }
    const position value_at = in.where();
    if (text::is_space(in.peek())) return cursor::fail_at(value_at, error_code::expected_number);
    const std::size_t value_start = in.offset();
    bool overflow = false;
    const auto v = in.signed_integer(&overflow);
    if (!v || text::is_ident_char(in.peek())) return cursor::fail_at(value_at, error_code::expected_number, in.token_text());
    const std::int64_t lo = imm.is_signed || constant ? -(std::int64_t{1} << (imm.size - 1)) : 0;
    const std::int64_t hi = imm.is_signed ? (std::int64_t{1} << (imm.size - 1)) - 1 : (std::int64_t{1} << imm.size) - 1;
    if (overflow || *v < lo || *v > hi)
        return cursor::fail_at(value_at, error_code::number_out_of_range, in.source().substr(value_start, in.offset() - value_start));
    return static_cast<std::uint32_t>(static_cast<std::uint64_t>(*v));
}

// One modifier word after the mnemonic, applied to `ins`.
static_assert(modifier_count <= 64, "modifier_state keeps one bit per modifier");
struct modifier_state {
    std::uint64_t set = 0;  // modifiers given, by bit
    bool mode = false;
    bool flow = false;
};

// The first entry of modifier_words not below `w` (case-insensitively).
constexpr std::size_t first_word(std::string_view w) noexcept {
    std::size_t lo = 0, hi = modifier_words.size();
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (compare_lowered(w, modifier_words[mid].name) > 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

constexpr error apply_modifier(instruction& ins, std::string_view w, position at, modifier_state& st) noexcept {
    if (w.empty()) return cursor::fail_at(at, error_code::unknown_modifier, ".");
    // The entries naming `w`: an immediate mode or an action first (as Mesa's asm.py), else a
    // modifier of this instruction.
    const modifier_word* mode = nullptr;
    const modifier_word* act = nullptr;
    const modifier_word* mod = nullptr;
    const instruction_info& desc = info(ins.id);
    for (std::size_t i = first_word(w); i < modifier_words.size() && compare_lowered(w, modifier_words[i].name) == 0; ++i) {
        const modifier_word& e = modifier_words[i];
        if (e.kind == immediate_mode_word) mode = &e;
        else if (e.kind == action_word) act = &e;
        else if ((desc.modifier_mask >> e.kind) & 1u) {
            const modifier_use* use = find_modifier(desc, static_cast<modifier>(e.kind));
            if (e.value < (1u << use->size)) mod = &e;
        }
    }
    if (mode != nullptr) {
        if (mode->value == static_cast<std::uint8_t>(immediate_mode::none)) return {};
        if (st.mode) return cursor::fail_at(at, error_code::duplicate_modifier, w);
        st.mode = true;
        ins.mode = static_cast<immediate_mode>(mode->value);
        return {};
    }
    if (act != nullptr) {
        if (st.flow) return cursor::fail_at(at, error_code::conflicting_modifiers, w);
        st.flow = true;
        ins.has_action = true;
        ins.act = static_cast<action>(act->value);
        return {};
    }
    if (w.size() >= 4 && text::iequals(w.substr(0, 4), "wait")) {
        std::uint8_t slots = 0;
        for (char c : w.substr(4)) {
            if (c < '0' || c > '2') return cursor::fail_at(at, error_code::unknown_modifier, w);
            slots = static_cast<std::uint8_t>(slots | (1u << (c - '0')));
        }
        if (st.flow) return cursor::fail_at(at, error_code::conflicting_modifiers, w);
        st.flow = true;
        ins.wait = slots;
        return {};
    }
    if (mod == nullptr) return cursor::fail_at(at, error_code::unknown_modifier, w);
    const std::uint64_t bit = std::uint64_t{1} << mod->kind;
    if (st.set & bit) return cursor::fail_at(at, error_code::duplicate_modifier, w);
    st.set |= bit;
    ins.modifiers[mod->kind] = mod->value;
    return {};
}

}  // namespace syntax_detail

// Parses one instruction from the cursor, which stands at its first character; consumes the rest
// of its line (not the newline). Errors carry the line and column of the offending text.
[[nodiscard]] constexpr result<instruction> parse(text::cursor& in) noexcept {
    using namespace syntax_detail;
    in.skip_blanks();
    const position start = in.where();
    const std::size_t head_begin = in.offset();
    while (text::is_ident_char(in.peek()) || in.peek() == '.') in.advance();
    const std::string_view head = in.source().substr(head_begin, in.offset() - head_begin);
    if (head.empty()) return cursor::fail_at(start, error_code::unknown_mnemonic, in.token_text());

    // The longest mnemonic that the head starts with, up to a '.' or its end (a mnemonic has at
    // most max_mnemonic_dots dots).
    std::array<std::size_t, max_mnemonic_dots + 1> ends{};
    std::size_t candidates = 0;
    for (std::size_t p = 0; p < head.size() && candidates < ends.size(); ++p)
        if (head[p] == '.' && p > 0) ends[candidates++] = p;
    if (candidates < ends.size()) ends[candidates++] = head.size();
    std::size_t length = 0;
    instruction_id id{};
    for (std::size_t c = candidates; c-- > 0 && length == 0;) {
        if (const auto found = find_by_name(mnemonics, head.substr(0, ends[c]))) {
            length = ends[c];
            id = *found;
        }
    }
    if (length == 0) return cursor::fail_at(start, error_code::unknown_mnemonic, head);

    instruction ins = make_instruction(id);
    const instruction_info& desc = info(id);
    modifier_state st;
    for (std::size_t p = length; p < head.size();) {
        const std::size_t end = head.find('.', p + 1);
        const std::size_t stop = end == std::string_view::npos ? head.size() : end;
        if (auto e = apply_modifier(ins, head.substr(p + 1, stop - p - 1), shifted(start, p + 1), st); e.failed()) return e;
        p = stop;
    }
    for (unsigned i = 0; i < desc.modifier_count; ++i) {
        const modifier_info& mi = info(desc.modifiers[i].kind);
        if (mi.implied || mi.flag || mi.default_value >= 0 || !desc.modifiers[i].in_word) continue;
        if (!(st.set & (std::uint64_t{1} << static_cast<unsigned>(desc.modifiers[i].kind))))
            return cursor::fail_at(start, error_code::missing_modifier, mi.name);
    }

    // Operands: staging, destination, sources, immediate.
    const unsigned total = desc.staging_count + desc.dests + desc.source_count + desc.immediate_count;
    fau_tracker fau;
    for (unsigned n = 0; n < total; ++n) {
        if (n > 0) {
            if (in.at_end_of_statement()) return cursor::fail_at(in.where(), error_code::missing_operand);
            if (!in.consume(',')) return cursor::fail_at(in.where(), error_code::expected_comma, in.token_text());
        }
        // '#' starts a comment, except as the prefix of the immediate named constant (#0x4BAB).
        in.skip_blanks();
        const bool hash_immediate = n + 1 == total && desc.immediate_count != 0 && in.peek() == '#';
        if (!hash_immediate && in.at_end_of_statement()) return cursor::fail_at(in.where(), error_code::missing_operand);
        const position at = in.where();
        unsigned k = n;
        if (k < desc.staging_count) {
            auto sr = parse_staging(in, desc.staging[k]);
            if (!sr) return sr.error();
            ins.staging[k] = *sr;
            continue;
        }
        k -= desc.staging_count;
        if (k < desc.dests) {
            auto d = parse_destination(in);
            if (!d) return d.error();
            ins.dest = *d;
            continue;
        }
        k -= desc.dests;
        if (k < desc.source_count) {
            auto s = parse_source(in, ins, desc.sources[k]);
            if (!s) return s.error();
            if (const error_code c = fau.add(*s, ins.mode); c != error_code::none) return cursor::fail_at(at, c, source_names[k]);
            ins.sources[k] = *s;
            continue;
        }
        auto imm = parse_immediate(in, desc.immediate);
        if (!imm) return imm.error();
        ins.immediate = *imm;
    }
    if (!in.at_end_of_statement()) {
        const error_code code = in.peek() == ',' ? error_code::too_many_operands : error_code::trailing_characters;
        return cursor::fail_at(in.where(), code, in.token_text());
    }
    if (auto e = validate(ins); e.failed()) return cursor::fail_at(start, e.code, e.subject);
    return ins;
}

// ----------------------------------------------------------------------------------------------
// Printing, in the form Mesa 21.3's disassembler prints (and parse() reads back).

namespace syntax_detail {

template <class Sink>
constexpr void print_source(Sink& out, const instruction& in, const source& s, const source_info& si) {
    switch (s.kind) {
        case source_kind::reg:
            if (s.discard) out.push('`');
            out.push('r');
            text::write_unsigned(out, s.index);
            break;
        case source_kind::uniform:
            out.push('u');
            text::write_unsigned(out, s.index);
            break;
        case source_kind::immediate:
            if (immediate_is_alias[s.index]) {
                out.append("imm");
                text::write_unsigned(out, s.index);
            } else {
                out.append("0x");
                text::write_hex_digits(out, immediate_values[s.index], 1, true);
            }
            break;
        case source_kind::special: out.append(special_name(in.mode, s.index)); break;
        default: break;
    }
    if (s.neg) out.append(".neg");
    if (s.abs) out.append(".abs");
    if (si.select.kind != select_kind::none && s.select != info(si.select.values).default_value) {
        out.push('.');
        out.append(value_name(si.select.values, s.select));
    }
    if (s.invert) out.append(".not");
}

template <class Sink>
constexpr void print_staging(Sink& out, const staging_operand& sr) {
    for (unsigned i = 0; i < sr.count; ++i) {
        out.append(i == 0 ? "@r" : ":r");
        text::write_unsigned(out, sr.base + i);
    }
}

}  // namespace syntax_detail

// Writes the instruction as one line of assembly (no newline): the mnemonic and its modifiers, a
// space, then the operands (so an instruction without operands ends with a space, as Mesa prints).
template <class Sink>
constexpr void print(Sink& out, const instruction& in) {
    using namespace syntax_detail;
    const instruction_info& desc = info(in.id);
    out.append(desc.mnemonic);
    for (unsigned i = 0; i < desc.modifier_count; ++i) {
        const modifier_use& use = desc.modifiers[i];
        const modifier_info& mi = info(use.kind);
        if (mi.implied || !use.in_word) continue;
        const std::uint8_t v = in.modifiers[static_cast<std::size_t>(use.kind)];
        if (mi.flag) {
            if (v != 0) {
                out.push('.');
                out.append(mi.name);
            }
        } else if (static_cast<int>(v) != mi.default_value) {
            out.push('.');
            out.append(value_name(mi.values, v));
        }
    }
    if (in.mode != immediate_mode::none) {
        out.push('.');
        out.append(value_name(enum_id::immediate_mode, static_cast<unsigned>(in.mode)));
    }
    if (in.has_action) {
        out.push('.');
        out.append(value_name(enum_id::action, static_cast<unsigned>(in.act)));
    } else if (in.wait != 0) {
        out.append(".wait");
        for (unsigned slot = 0; slot < 3; ++slot)
            if (in.wait & (1u << slot)) out.push(static_cast<char>('0' + slot));
    }
    // A blank before the first operand only: an instruction without operands ends at its name.
    bool first = true;
    auto comma = [&] {
        out.append(first ? " " : ", ");
        first = false;
    };
    if (desc.dests != 0) {
        comma();
        out.push('r');
        text::write_unsigned(out, in.dest.reg);
        if (in.dest.mask != full_write_mask) out.append(in.dest.mask == 1 ? ".h0" : ".h1");
    }
    for (unsigned k = 0; k < desc.staging_count; ++k) {
        comma();
        print_staging(out, in.staging[k]);
    }
    for (unsigned i = 0; i < desc.source_count; ++i) {
        comma();
        print_source(out, in, in.sources[i], desc.sources[i]);
    }
    if (desc.immediate_count != 0) {
        comma();
        const immediate_info& imm = desc.immediate;
        if (imm.name == "constant") {
            out.push('#');
        } else {
            out.append(imm.name);
            out.push(':');
        }
        if (imm.is_signed) text::write_signed(out, static_cast<std::int32_t>(in.immediate));
        else text::write_hex(out, in.immediate, 1, true);
    }
}

}  // namespace ctisa::valhall
