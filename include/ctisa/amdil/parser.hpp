// SPDX-License-Identifier: MIT
// AMD IL text to one unit: the inverse of printer.hpp, in constant evaluation too.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>

#include "../core/result.hpp"
#include "../core/static_vector.hpp"
#include "../core/text/compare.hpp"
#include "../core/text/cursor.hpp"
#include "printer.hpp"

namespace ctisa::amdil {

namespace parse_detail {

using tokens = static_vector<std::uint32_t, max_packet_dwords>;

[[nodiscard]] constexpr bool append(tokens& out, const tokens& more) noexcept {
    for (auto t : more)
        if (!out.push_back(t)) return false;
    return true;
}

// The head of a statement: everything up to the first blank (mnemonic and its suffixes).
[[nodiscard]] constexpr std::string_view head_word(text::cursor& in) noexcept {
    in.skip_blanks();
    const std::size_t start = in.offset();
    // A comma inside parentheses belongs to the head (dcl_resource's _type(2d,unnorm)).
    // A comment may follow the head directly (endif; as the real programs write it).
    for (unsigned depth = 0; !in.at_end() && !text::is_space(in.peek()) && in.peek() != '\n' && (in.peek() != ',' || depth) && in.peek() != ';';
         in.advance()) {
        if (in.peek() == '(') ++depth;
        else if (in.peek() == ')' && depth != 0) --depth;
    }
    return in.source().substr(start, in.offset() - start);
}

// "(N)" at the start of `s`: the number and the characters it took.
[[nodiscard]] constexpr std::optional<std::pair<std::uint64_t, std::size_t>> parenthesized_number(std::string_view s) noexcept {
    if (s.empty() || s[0] != '(') return std::nullopt;
    text::cursor c(s.substr(1));
    bool overflow = false;
    const auto v = c.unsigned_integer(&overflow);
    if (!v || overflow || c.peek() != ')') return std::nullopt;
    return std::pair{*v, c.offset() + 2};
}

[[nodiscard]] constexpr bool ends_suffix(std::string_view s, std::size_t n) noexcept { return s.size() == n || s[n] == '_'; }

// Suffix names are compared without case, as mnemonics are (chapter 7 writes _neighborExch and
// _lOffset, ctisa's earlier text _neighborexch and _loffset).
[[nodiscard]] constexpr bool istarts_with(std::string_view s, std::string_view prefix) noexcept {
    return s.size() >= prefix.size() && text::iequals(s.substr(0, prefix.size()), prefix);
}

// An older usage spelling of dcl_input and dcl_output that AMD's tools printed: _generic for
// _usage(generic), _position for _usage(pos) (amdil.toml [usage_words]). The value, and the characters taken.
[[nodiscard]] constexpr std::optional<std::pair<std::uint32_t, std::size_t>> usage_word(std::string_view s) noexcept {
    constexpr std::string_view prefix = "IL_IMPORTUSAGE_";
    if (s.size() < 2 || s[0] != '_') return std::nullopt;
    std::size_t end = 1;
    while (end < s.size() && s[end] != '_' && s[end] != '(') ++end;
    const auto word = s.substr(1, end - 1);
    if (end < s.size() && s[end] == '(') return std::nullopt;
    if (text::iequals(word, "position")) return std::pair{std::uint32_t{0}, end};  // IL_IMPORTUSAGE_POS
    for (const auto& m : import_usage_members)  // (its own list: the whole of Appendix B cost compile-time steps)
        if (m.name.size() > prefix.size() && text::iequals(m.name.substr(prefix.size()), word) && m.value != import_usage::last)
            return std::pair{static_cast<std::uint32_t>(m.value), end};
    return std::nullopt;
}

struct head_state {
    std::uint32_t token = 0;  // the opcode token
    std::optional<std::uint32_t> pri, sec, offsets;
    std::uint32_t shift = 0;
    bool clamp = false;
    std::uint32_t seen = 0;  // control bits set from the text, to refuse a field given twice
    bool flags = true;       // bits 30-31 are the modifier flags (has_modifier_flags)
    std::uint32_t prec = 0;  // _prec: the precise mask of an IL_OP_PREFIX before the packet
    std::uint32_t format = 0, format_seen = 0;  // dcl_resource's format token named by _fmtx(..) etc.
};

// _fmtx(float) ... _fmtw(uint) of dcl_resource: its format token field by field, as chapter 7's example
// writes it (names compared without case). The characters it took, or 0.
[[nodiscard]] constexpr std::size_t format_suffix(std::string_view s, head_state& st) noexcept {
    if (s.size() < 6 || !text::starts_with(s, "_fmt") || s[5] != '(') return 0;
    const auto c = component_letters.find(s[4]);
    const auto close = s.find(')', 6);
    if (c == std::string_view::npos || close == std::string_view::npos || !ends_suffix(s, close + 1)) return 0;
    const auto name = s.substr(6, close - 6);
    const auto f = print_detail::format_fields[c];
    const auto mask = static_cast<std::uint32_t>(f.max_value() << f.lsb);
    for (std::uint32_t v = 0; v <= f.max_value(); ++v) {
        const auto known = element_format_name(v);
        if (known.empty() || (st.format_seen & mask) || !text::iequals(known, name)) continue;
        st.format_seen |= mask;
        st.format |= v << f.lsb;
        return close + 1;
    }
    return 0;
}

// A texel offset of _aoffimmi(u,v,w): signed fixed point with one bit of fraction (7.1, chapter 7's
// 'Address Offset': [-64, 63.5]), written as a decimal (1, -2, 0.5, 3.0). Its byte, or nullopt.
[[nodiscard]] constexpr std::optional<std::uint8_t> fixed_7_1(text::cursor& c) noexcept {
    const bool negative = c.consume('-');
    bool overflow = false;
    const auto whole = c.unsigned_integer(&overflow);
    if (!whole || overflow || *whole > 64) return std::nullopt;
    std::uint64_t halves = *whole * 2;
    if (c.consume('.')) {
        if (c.peek() == '5') halves += 1;
        else if (c.peek() != '0') return std::nullopt;
        c.advance();
        while (c.peek() == '0') c.advance();
    }
    if (negative ? halves > 128 : halves > 127) return std::nullopt;
    return static_cast<std::uint8_t>(negative ? 256 - halves : halves);
}

// "(u,v,w)" at the start of `s`: the packed offsets (u in bits 7:0, v 15:8, w 23:16; amdil.toml
// [aoffimmi]) and the characters it took.
[[nodiscard]] constexpr std::optional<std::pair<std::uint32_t, std::size_t>> offsets_tuple(std::string_view s) noexcept {
    if (s.empty() || s[0] != '(') return std::nullopt;
    text::cursor c(s.substr(1));
    std::uint32_t packed = 0;
    for (unsigned k = 0; k < 3; ++k) {
        if (k != 0 && !c.consume(',')) return std::nullopt;
        const auto b = fixed_7_1(c);
        if (!b) return std::nullopt;
        packed |= std::uint32_t{*b} << (8 * k);
    }
    if (!c.consume(')')) return std::nullopt;
    return std::pair{packed, c.offset() + 1};
}

// _interp(linear_noperspective): an interpolation mode by its Appendix B member's name after
// IL_INTERPMODE_, the older spelling AMD's tools printed (amdil.toml [usage_words]).
[[nodiscard]] constexpr std::optional<std::pair<std::uint32_t, std::size_t>> interp_member(std::string_view s) noexcept {
    constexpr std::string_view open = "_interp(", prefix = "IL_INTERPMODE_";
    const auto close = s.find(')');
    if (!istarts_with(s, open) || close == std::string_view::npos || !ends_suffix(s, close + 1)) return std::nullopt;
    const auto word = s.substr(open.size(), close - open.size());
    for (const auto& m : interp_mode_members)
        if (m.name.size() > prefix.size() && text::iequals(m.name.substr(prefix.size()), word) && m.value != interp_mode::last)
            return std::pair{static_cast<std::uint32_t>(m.value), close + 1};
    return std::nullopt;
}

// Names compared once a suffix (constants: a literal made a string_view measures itself each time,
// which counts in a compile-time assembly's steps).
inline constexpr std::string_view import_usage_enum = "ILImportUsage", interp_mode_enum = "ILInterpMode", aoffimmi_name = "aoffimmi";

// Suffix names chapter 7's Syntax lines give a control field beside ctisa's own (amdil.toml
// [suffix_spellings]): lds_read_add_resource(id) for the LDS_READ_* id, fcall_id(id) for FCALL's pointer.
struct suffix_spelling {
    std::string_view mnemonic_prefix, field, text;
};
inline constexpr suffix_spelling suffix_spellings[] = {{"lds_read_", "id", "resource"}, {"fcall", "pointer", "id"}};

// The name of `cf` that `s` (a suffix, '_' first) starts with, followed by more: ctisa's or chapter 7's; empty if neither.
[[nodiscard]] constexpr std::string_view written_name(opcode op, const control_field& cf, std::string_view s) noexcept {
    const auto starts = [&](std::string_view name) { return s.size() > name.size() + 1 && text::iequals(s.substr(1, name.size()), name); };
    if (starts(cf.name)) return cf.name;
    for (const auto& a : suffix_spellings)
        if (text::equals(cf.name, a.field) && starts(a.text) && text::starts_with(mnemonic(op), a.mnemonic_prefix)) return a.text;
    return {};
}

// One suffix of the head at the start of `s` (which starts with '_'); the characters it took, or 0.
[[nodiscard]] constexpr std::size_t control_suffix(opcode op, std::string_view s, head_state& st) noexcept {
    for (std::size_t k = 0; k < control_field_count(op); ++k) {
        const auto cf = control_field_of(op, k);
        const std::uint32_t mask = control_field_mask(op, cf);
        if (mask == 0) continue;
        const auto set = [&](std::uint64_t v) -> bool {
            if ((st.seen & mask) || v > (mask >> cf.lsb)) return false;
            st.seen |= mask;
            st.token |= static_cast<std::uint32_t>(v) << cf.lsb;
            return true;
        };
        if (text::equals(cf.enum_name, import_usage_enum))  // dcl_output_generic: the older spelling of _usage(generic)
            if (const auto u = usage_word(s)) return set(u->first) ? u->second : 0;
        if (text::equals(cf.enum_name, interp_mode_enum))  // _interp(linear_noperspective): the member's own name
            if (const auto m = interp_member(s)) return set(m->first) ? m->second : 0;
        if (text::equals(cf.enum_name, "ILElementFormat") && s.size() > cf.name.size() + 2 && istarts_with(s.substr(1), cf.name) &&
            s[1 + cf.name.size()] == '(') {  // dcl_uav's _fmtx(float): a member's name, any case
            const auto rest = s.substr(2 + cf.name.size());
            const auto close = rest.find(')');
            if (close != std::string_view::npos && ends_suffix(s, 3 + cf.name.size() + close))
                for (std::uint32_t v = 0; v <= (mask >> cf.lsb); ++v)
                    if (!element_format_name(v).empty() && text::iequals(element_format_name(v), rest.substr(0, close)))
                        return set(v) ? 3 + cf.name.size() + close : 0;
        }
        if (!cf.enum_name.empty())
            for (const auto& m : appendix_b_members) {
                if (!text::equals(m.enum_name, cf.enum_name) || m.text.empty()) continue;
                if (istarts_with(s, m.text) && ends_suffix(s, m.text.size())) return set(m.value) ? m.text.size() : 0;
                // _x(0) for the placeholder text _<comp>(0) in the x component's field (printer.hpp component_of)
                if (const auto p = m.text.find(print_detail::comp_placeholder);
                    p != std::string_view::npos && print_detail::component_of(cf.name)) {
                    const auto after = m.text.substr(p + print_detail::comp_placeholder.size());
                    if (s.size() > p && text::starts_with(s, m.text.substr(0, p)) && s[p] == print_detail::component_of(cf.name) &&
                        text::starts_with(s.substr(p + 1), after) && ends_suffix(s, p + 1 + after.size()))
                        return set(m.value) ? p + 1 + after.size() : 0;
                }
                // dcl_resource's _type(2d,unnorm) (7.5's example): the type and bit 31 together.
                constexpr std::string_view unnorm = ",unnorm)";
                const auto open = m.text.substr(0, m.text.size() - 1);
                if (op == opcode::dcl_resource && text::equals(cf.name, "type") && text::starts_with(s, open) &&
                    text::starts_with(s.substr(open.size()), unnorm) && ends_suffix(s, open.size() + unnorm.size())) {
                    if (st.seen & print_detail::unnormalize_bit) return 0;
                    st.seen |= print_detail::unnormalize_bit;
                    st.token |= print_detail::unnormalize_bit;
                    return set(m.value) ? open.size() + unnorm.size() : 0;
                }
            }
        if ((cf.flag || text::equals(cf.name, "ieee")) && s.size() > cf.name.size() && istarts_with(s.substr(1), cf.name) &&
            ends_suffix(s, 1 + cf.name.size()))
            return set(1) ? 1 + cf.name.size() : 0;
        if (const auto name = written_name(op, cf, s); !name.empty()) {
            if (text::equals(cf.name, aoffimmi_name))  // _aoffimmi(u,v,w), as chapter 7's syntax lines write it
                if (const auto t = offsets_tuple(s.substr(1 + name.size())); t && ends_suffix(s, 1 + name.size() + t->second)) {
                    if (!set(1)) return 0;
                    st.offsets = t->first;
                    return 1 + name.size() + t->second;
                }
            const auto n = parenthesized_number(s.substr(1 + name.size()));
            if (!n || !ends_suffix(s, 1 + name.size() + n->second)) continue;
            if (text::equals(cf.name, "aoffimmi")) {
                if (!set(1)) return 0;
                st.offsets = static_cast<std::uint32_t>(n->first);
            } else if (!set(n->first)) {
                return 0;
            }
            return 1 + name.size() + n->second;
        }
    }
    return 0;
}

// The generic suffixes: instruction modifiers, opcode modifier tokens, undocumented control bits.
[[nodiscard]] constexpr std::size_t other_suffix(std::string_view s, head_state& st) noexcept {
    if (text::starts_with(s, "_sat") && ends_suffix(s, 4) && !st.clamp) {
        st.clamp = true;
        return 4;
    }
    for (std::uint32_t v = 1; v < static_cast<std::uint32_t>(shift_scale::last); ++v) {
        const auto t = enum_text("ILShiftScale", v);
        if (text::starts_with(s, t) && ends_suffix(s, t.size()) && st.shift == 0) {
            st.shift = v;
            return t.size();
        }
    }
    if (text::starts_with(s, "_prec") && st.prec == 0) {  // _prec (all four) or _precxz
        std::size_t n = 5;
        for (unsigned c = 0; c < 4 && n < s.size(); ++c)
            if (s[n] == component_letters[c]) {
                st.prec |= 1u << c;
                ++n;
            }
        if (n == 5) st.prec = 0xFu;
        if (ends_suffix(s, n)) return n;
        st.prec = 0;
        return 0;
    }
    for (std::string_view name : {"pri", "sec", "bits"}) {
        if (!text::starts_with(s.substr(1), name)) continue;
        const auto n = parenthesized_number(s.substr(1 + name.size()));
        if (!n || n->first > 0xFFFFFFFFu || !ends_suffix(s, 1 + name.size() + n->second)) return 0;
        const auto v = static_cast<std::uint32_t>(n->first);
        if (text::equals(name, "bits")) {
            if (v > (st.flags ? 0x3FFFu : 0xFFFFu) || (st.seen & (v << 16))) return 0;
            st.seen |= v << 16;
            st.token |= v << 16;
        } else {
            auto& slot = text::equals(name, "pri") ? st.pri : st.sec;
            if (slot) return 0;
            slot = v;
        }
        return 1 + name.size() + n->second;
    }
    return 0;
}

[[nodiscard]] constexpr bool parse_suffixes(opcode op, std::string_view s, head_state& st) noexcept {
    st = head_state{};
    st.token = static_cast<std::uint32_t>(op);
    st.flags = has_modifier_flags(op);
    while (!s.empty()) {
        if (s[0] != '_') return false;
        std::size_t n = control_suffix(op, s, st);
        if (n == 0) n = other_suffix(s, st);
        if (n == 0 && op == opcode::dcl_resource) n = format_suffix(s, st);
        if (n == 0) return false;
        s.remove_prefix(n);
    }
    return st.flags || (!st.pri && !st.sec);  // no modifier tokens where bits 30-31 mean something else
}

// Three-way comparison of two names without case (register_names is sorted so).
[[nodiscard]] constexpr int icompare(std::string_view a, std::string_view b) noexcept {
    const std::size_t n = a.size() < b.size() ? a.size() : b.size();
    for (std::size_t i = 0; i < n; ++i) {
        const char x = text::to_lower(a[i]), y = text::to_lower(b[i]);
        if (x != y) return x < y ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : a.size() < b.size() ? -1 : 1;
}

// The register type a name reads as: chapter 5's names, their aliases and ctisa's older ones, without
// case (amdil.toml [register_text]).
[[nodiscard]] constexpr std::optional<std::uint32_t> register_type_named(std::string_view name) noexcept {
    if (name.empty()) return std::nullopt;
    // The printed names first, as written (size and first letter inline: cheap, and what most text uses).
    for (std::size_t i = 0; i < register_text.size(); ++i) {
        const std::string_view t = register_text[i];
        if (t.size() == name.size() && t[0] == name[0] && text::equals(t, name)) return static_cast<std::uint32_t>(i);
    }
    std::size_t lo = 0, hi = register_names.size();
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        const int c = icompare(register_names[mid].name, name);
        if (c == 0) return register_names[mid].type;
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return std::nullopt;
}

[[nodiscard]] constexpr std::string_view letters(text::cursor& in) noexcept {
    const std::size_t start = in.offset();
    while (text::is_alpha(in.peek())) in.advance();
    return in.source().substr(start, in.offset() - start);
}

[[nodiscard]] constexpr result<std::uint32_t> number(text::cursor& in, std::uint64_t limit = 0xFFFFFFFFu) {
    bool overflow = false;
    const auto v = in.unsigned_integer(&overflow);
    if (!v) return in.fail(error_code::expected_number, in.token_text());
    if (overflow || *v > limit) return in.fail(error_code::number_out_of_range, in.token_text());
    return static_cast<std::uint32_t>(*v);
}

// A component by its letter: x y z w, or r g b a (chapter 3's mov oC0.rgb1, c1; Table 2.7's
// component_x_r .. component_w_a). npos for any other character.
[[nodiscard]] constexpr std::size_t component_of_letter(char c) noexcept {
    switch (c) {  // (a switch: two finds a character cost a fifth of a long snippet's compile-time steps)
        case 'x':
        case 'r': return 0;
        case 'y':
        case 'g': return 1;
        case 'z':
        case 'b': return 2;
        case 'w':
        case 'a': return 3;
        default: return std::string_view::npos;
    }
}
[[nodiscard]] constexpr std::size_t selector_of_letter(char c) noexcept {
    return c == '0' ? 4 : c == '1' ? 5 : component_of_letter(c);  // ILComponentSelect: 0 and 1 follow w
}

// A destination mask as 3.5 writes it (amdil.toml [write_mask]): a component letter writes that
// component and places the next character after it, '_' leaves the next component, '0' and '1' force
// it; components not reached are not written. So .x_z_ and .xz, .y_w and ._y_w, .yz1 (w forced to 1)
// and .11 (x and y forced to 1) are all read, and the letters must come in xyzw order.
[[nodiscard]] constexpr result<std::uint32_t> dst_mask(text::cursor& in) {
    std::uint32_t m = 0;
    unsigned p = 0;
    const auto at = in.token_text();
    for (; p < 4; ++p, in.advance()) {
        const char ch = in.peek();
        const auto c = component_of_letter(ch);
        if (c != std::string_view::npos) {
            if (c < p) return in.fail(error_code::bad_write_mask, at);  // out of order, or a component twice
            p = static_cast<unsigned>(c);
            m |= 1u << (2 * p);
        } else if (ch == '0' || ch == '1') {
            m |= (ch == '0' ? 2u : 3u) << (2 * p);
        } else if (ch != '_') {
            break;
        }
    }
    if (p == 0 || text::is_alpha(in.peek()) || text::is_digit(in.peek())) return in.fail(error_code::bad_write_mask, in.token_text());
    return m;
}

// A source swizzle of one to four selectors (x y z w 0 1); a shorter one repeats its last selector
// (amdil.toml [swizzle]): r0.w is r0.wwww, r2.xy is r2.xyyy.
[[nodiscard]] constexpr result<std::uint32_t> src_swizzle(text::cursor& in) {
    std::uint32_t m = 0;
    unsigned n = 0;
    std::size_t last = 0;
    for (; n < 4; ++n, in.advance()) {
        const auto v = selector_of_letter(in.peek());
        if (v == std::string_view::npos) break;
        last = v;
        m |= static_cast<std::uint32_t>(v) << (4 * n);
    }
    // Modifiers follow as _name: a character or '_' not starting one is a bad swizzle (r3.xy__ is a mask).
    if (n == 0 || text::is_alpha(in.peek()) || text::is_digit(in.peek()) || (in.peek() == '_' && !text::is_alpha(in.peek(1))))
        return in.fail(error_code::bad_swizzle, in.token_text());
    for (; n < 4; ++n) m |= static_cast<std::uint32_t>(last) << (4 * n);
    return m;
}

// Source modifiers after the swizzle (a destination: its shift and _sat); `extended` is set by _ext.
[[nodiscard]] constexpr error src_modifiers(text::cursor& in, std::uint32_t& m, bool& extended, bool dst) {
    namespace f = generated::il_src_mod;
    while (in.peek() == '_') {
        const auto rest = in.source().substr(in.offset());
        const auto flag = [&](std::string_view word, std::uint32_t bit) {
            const char next = rest.size() > word.size() ? rest[word.size()] : ' ';
            if (!text::starts_with(rest, word) || text::is_alpha(next) || text::is_digit(next)) return false;  // '_' starts the next one
            m |= bit;
            in.advance(word.size());
            return true;
        };
        if (flag("_ext", 0)) {
            extended = true;
            continue;
        }
        if (dst) {  // shift and clamp written on the operand (printer.hpp print_dst_modifiers)
            bool shift = false;
            for (std::uint32_t v = 1; v < static_cast<std::uint32_t>(shift_scale::last) && !shift; ++v)
                shift = (m & 0x1E00u) == 0 && flag(enum_text("ILShiftScale", v), v << generated::il_dst_mod::shift_scale.lsb);
            if (shift || flag("_sat", 1u << generated::il_dst_mod::clamp.lsb)) continue;
            return in.fail(error_code::unknown_modifier, in.token_text());
        }
        if (text::starts_with(rest, "_neg(")) {
            in.advance(5);
            while (in.peek() != ')') {
                const auto c = component_letters.find(in.peek());
                if (c == std::string_view::npos) return in.fail(error_code::bad_swizzle, in.token_text());
                m |= 8u << (4 * c);
                in.advance();
            }
            in.advance();
            continue;
        }
        bool divcomp = false;
        for (std::uint32_t d = 1; d < static_cast<std::uint32_t>(div_comp::last) && !divcomp; ++d)
            if (flag(enum_text("ILDivComp", d), d << f::divcomp.lsb)) divcomp = true;
        if (divcomp || flag("_invert", 1u << f::invert.lsb) || flag("_bias", 1u << f::bias.lsb) || flag("_x2", 1u << f::x2.lsb) ||
            flag("_sign", 1u << f::sign.lsb) || flag("_abs", 1u << f::abs.lsb) || flag("_clamp", 1u << f::clamp.lsb))
            continue;
        return in.fail(error_code::unknown_modifier, in.token_text());
    }
    return {};
}

// One operand, its tokens in stream order (section 2.2.8). `dst_mod`: the destination modifier the
// head asked for (shift, clamp), which needs a modifier token even without a mask.
[[nodiscard]] constexpr result<tokens> operand(text::cursor& in, bool dst, unsigned depth, std::uint32_t dst_mod = 0) {
    namespace f = generated::il_dst;
    if (depth > max_operand_depth) return in.fail(errors::operand_nesting, in.token_text());
    in.skip_blanks();
    const auto at = in.where();
    const auto subject = in.token_text();
    if (in.at_unclosed_comment()) return in.fail(error_code::unknown_register);
    const auto type = register_type_named(letters(in));
    if (!type) return text::cursor::fail_at(at, error_code::unknown_register, subject);
    tokens index, dimension;
    // v[3][5]: 2.2.8's two-dimensional register, the second dimension a plain register of the same type
    // (a register of one name, g[r0.x], has its index right after the name: no second bracket follows).
    bool two_dimensional = false;
    if (in.peek() == '[') {
        text::cursor probe = in;
        probe.advance();
        two_dimensional = probe.unsigned_integer() && probe.consume(']') && probe.peek() == '[';
    }
    // A register of one name (vWinCoord, g, mem) may go without its number, which is then 0.
    const bool numberless = !two_dimensional && !text::is_digit(in.peek()) && !register_numbered[*type];
    if (two_dimensional) {
        in.advance();
        auto first = number(in, generated::il_src::register_num.max_value());
        if (!first) return first.error();
        if (!in.consume(']') || !in.consume('[')) return in.fail(error_code::unexpected_character, in.token_text());
        auto second = number(in, generated::il_src::register_num.max_value());
        if (!second) return second.error();
        if (!in.consume(']')) return in.fail(error_code::unexpected_character, in.token_text());
        (void)dimension.push_back(*second | *type << 16);
        (void)index.push_back(*first);  // the register number, moved into place below
    }
    auto num = two_dimensional ? result<std::uint32_t>(index[0]) : numberless ? result<std::uint32_t>(0u) : number(in);
    if (!num) return num.error();
    if (two_dimensional) index = {};
    std::uint32_t relative = 0;
    std::optional<std::uint32_t> immediate;
    if (!two_dimensional && in.peek() == '[') {
        in.advance();
        if (text::starts_with(in.source().substr(in.offset()), "rel(")) {
            in.advance(4);
            auto r = number(in);
            if (!r) return r.error();
            if (!in.consume(')')) return in.fail(error_code::bad_relative_address, in.token_text());
            relative = 1;
            (void)index.push_back(*r);
        } else if (text::is_alpha(in.peek())) {
            auto r = operand(in, false, depth + 1);
            if (!r) return r.error();
            relative = 2;
            index = *r;
        }
        if (relative == 0 || in.peek() == '+') {
            if (relative != 0) in.advance();
            auto v = number(in);
            if (!v) return v.error();
            immediate = *v;
        }
        if (!in.consume(']')) return in.fail(error_code::bad_relative_address, in.token_text());
    }
    if (!two_dimensional && in.peek() == '{') {
        in.advance();
        auto r = operand(in, false, depth + 1);  // a further dimension is a source token (stream.hpp)
        if (!r) return r.error();
        dimension = *r;
        if (!in.consume('}')) return in.fail(error_code::unexpected_character, in.token_text());
    }
    std::optional<std::uint32_t> mod;
    if (in.peek() == '.') {
        in.advance();
        auto m = dst ? dst_mask(in) : src_swizzle(in);
        if (!m) return m.error();
        mod = *m;
    }
    bool extended = *num > 0xFFFFu;
    std::uint32_t flags = 0;
    if (auto e = src_modifiers(in, flags, extended, dst); e.failed()) return e;
    if (dst_mod && flags) return text::cursor::fail_at(at, error_code::modifier_not_allowed, subject);  // on the head and the operand
    if (flags && !mod) mod = dst ? 0x55u : 0x3210u;  // modifiers without a mask or swizzle keep xyzw
    if (dst_mod && !mod) mod = 0x55u;                 // _sat or a shift without a mask writes xyzw
    if (mod) *mod |= flags | dst_mod;
    tokens out;
    const std::uint32_t t = (*num & 0xFFFFu) | *type << 16 | (mod ? 1u : 0u) << 22 | relative << 23 | (dimension.empty() ? 0u : 1u) << 25 |
                            (immediate ? 1u : 0u) << 26 | (extended ? 1u : 0u) << 31;
    bool fits = out.push_back(t);
    if (extended) fits = fits && out.push_back(*num >> 16);
    if (mod) fits = fits && out.push_back(*mod);
    fits = fits && append(out, index);
    if (immediate) fits = fits && out.push_back(*immediate);
    fits = fits && append(out, dimension);
    if (!fits) return text::cursor::fail_at(at, error_code::operand_limit);
    return out;
}

// mcall's (outputs), (inputs) after its head, into `out` (the opcode token, then the call token that
// counts the two lists, then the operands).
[[nodiscard]] constexpr error macro_call_lists(text::cursor& in, tokens& out) {
    (void)in.consume(',');
    (void)out.push_back(0);
    std::uint32_t counts[2] = {0, 0};
    for (unsigned list = 0; list < 2; ++list) {
        if (list == 1 && !in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
        if (!in.consume('(')) return in.fail(error_code::unexpected_character, in.token_text());
        for (bool more = !in.consume(')'); more; more = !in.consume(')')) {
            if (counts[list] != 0 && !in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
            auto r = operand(in, list == 0, 0);
            if (!r) return r.error();
            if (!append(out, *r) || ++counts[list] > 0xFFFFu) return in.fail(error_code::operand_limit);
        }
    }
    if (!in.at_end_of_statement()) return in.fail(error_code::too_many_operands, in.token_text());
    out[1] = counts[0] << generated::il_macro_call::outputs.lsb | counts[1] << generated::il_macro_call::inputs.lsb;
    return {};
}

// 7.19's macro statements: mdef(k)_out(m)_in(n)[_outline] (the IL_Macro_Def token from the head) and
// mcall(k) (outputs), (inputs) (the IL_Macro_Call token counts the lists; a comma after the head, as
// the section's example writes, is accepted).
[[nodiscard]] constexpr result<instruction> parse_macro(text::cursor& in, std::string_view head, text::position at) {
    const bool def = text::starts_with(head, "mdef(");
    const auto k = parenthesized_number(head.substr(def ? 4 : 5));
    if (!k) return text::cursor::fail_at(at, error_code::unknown_modifier, head);
    if (k->first > generated::il_opcode::control.max_value()) return text::cursor::fail_at(at, error_code::number_out_of_range, head);
    tokens out;
    (void)out.push_back(static_cast<std::uint32_t>(def ? opcode::macrodef : opcode::macrocall) | static_cast<std::uint32_t>(k->first) << 16);
    auto rest = head.substr((def ? 4 : 5) + k->second);
    if (def) {
        namespace d = generated::il_macro_def;
        std::uint32_t token = 0;
        for (const auto& [name, f] : {std::pair{std::string_view{"_out"}, d::out}, std::pair{std::string_view{"_in"}, d::in}}) {
            const auto n = text::starts_with(rest, name) ? parenthesized_number(rest.substr(name.size())) : std::nullopt;
            if (!n || n->first > f.max_value()) return text::cursor::fail_at(at, error_code::unknown_modifier, rest);
            token |= static_cast<std::uint32_t>(n->first) << f.lsb;
            rest.remove_prefix(name.size() + n->second);
        }
        if (text::equals(rest, "_outline")) token |= 1u << d::outline.lsb;
        else if (!rest.empty()) return text::cursor::fail_at(at, error_code::unknown_modifier, rest);
        if (!in.at_end_of_statement()) return in.fail(error_code::too_many_operands, in.token_text());
        (void)out.push_back(token);
    } else {
        if (!rest.empty()) return text::cursor::fail_at(at, error_code::unknown_modifier, rest);
        if (auto e = macro_call_lists(in, out); e.failed()) return e;
    }
    instruction ins;
    for (auto t : out) ins.words[ins.size++] = t;
    return ins;
}

// A value of dcl_literal as the real programs write it (amdil.toml [literal_values]): hexadecimal or
// decimal bits (0x3F800000, 4), a negative integer (-1: its two's complement), or a float (1.0f, 0.5,
// -2.5e-3): its IEEE single bits.
[[nodiscard]] constexpr result<std::uint32_t> literal_word(text::cursor& in) {
    in.skip_blanks();
    const auto subject = in.token_text();
    const bool negative = in.consume('-');
    if (in.peek() == '0' && (in.peek(1) == 'x' || in.peek(1) == 'X')) {
        if (negative) return in.fail(error_code::number_out_of_range, subject);
        return number(in);
    }
    bool overflow = false;
    const auto whole = in.unsigned_integer(&overflow);
    if (!whole) return in.fail(error_code::expected_number, subject);
    if (in.peek() != '.' && in.peek() != 'e' && in.peek() != 'E' && in.peek() != 'f' && in.peek() != 'F') {
        if (overflow || *whole > (negative ? 0x80000000u : 0xFFFFFFFFu)) return in.fail(error_code::number_out_of_range, subject);
        return negative ? static_cast<std::uint32_t>(0u - static_cast<std::uint32_t>(*whole)) : static_cast<std::uint32_t>(*whole);
    }
    // Digits as an integer mantissa and a power of ten: exact in a double up to 17 digits, then one
    // rounding to double and one to float.
    std::uint64_t mantissa = overflow ? 0 : *whole;
    int exponent = 0, digits = 0;
    for (std::uint64_t v = mantissa; v != 0; v /= 10) ++digits;
    if (overflow) return in.fail(error_code::number_out_of_range, subject);
    if (in.consume('.'))
        for (; text::is_digit(in.peek()); in.advance())
            if (digits < 18) {
                mantissa = mantissa * 10 + static_cast<std::uint64_t>(in.peek() - '0');
                --exponent;
                if (mantissa != 0) ++digits;
            }
    if (in.peek() == 'e' || in.peek() == 'E') {
        in.advance();
        const bool minus = in.consume('-');
        if (!minus) (void)in.consume('+');
        const auto e = in.unsigned_integer(&overflow);
        if (!e || overflow || *e > 400) return in.fail(error_code::number_out_of_range, subject);
        exponent += minus ? -static_cast<int>(*e) : static_cast<int>(*e);
    }
    (void)(in.consume('f') || in.consume('F'));
    double value = static_cast<double>(mantissa);
    for (; exponent > 0; --exponent) value *= 10.0;
    double scale = 1.0;
    for (; exponent < 0 && scale < 1e300; ++exponent) scale *= 10.0;
    value /= scale;
    for (; exponent < 0; ++exponent) value /= 10.0;
    if (value > 3.4028235677973366e38) return in.fail(error_code::number_out_of_range, subject);
    const float f = static_cast<float>(negative ? -value : value);
    return std::bit_cast<std::uint32_t>(f);
}

// What a declaration's text writes after its mnemonic instead of operands (chapter 7's Syntax lines):
// dcl_lds_size_per_thread 8 (the control field; bare_control_field) and dcl_lds_sharing_mode
// _wavefrontRel (its mode). Into st.token; nothing for other codes or when the field came as a suffix.
[[nodiscard]] constexpr error declaration_words(text::cursor& in, opcode op, head_state& st) {
    if (op == opcode::dcl_lds_sharing_mode && (st.seen & 0x3FFF0000u) == 0 && !in.at_end_of_statement()) {
        const auto word = in.identifier();
        for (std::uint32_t v = 0; v < std::size(lds_sharing_words); ++v)
            if (text::iequals(word, lds_sharing_words[v])) {
                st.token |= v << 16;
                st.seen |= 0x3FFF0000u;
                return {};
            }
        return in.fail(error_code::unknown_modifier, word.empty() ? in.token_text() : word);
    }
    const auto cf = bare_control_field(op);
    if (!cf || in.at_end_of_statement()) return {};
    const auto mask = control_field_mask(op, *cf);
    if (st.seen & mask) return in.fail(error_code::too_many_operands, in.token_text());
    auto v = number(in, mask >> cf->lsb);
    if (!v) return v.error();
    st.token |= *v << cf->lsb;
    st.seen |= mask;
    return {};
}

[[nodiscard]] constexpr result<instruction> parse_header(text::cursor& in, std::string_view head, text::position at) {
    const auto bad = [&] { return text::cursor::fail_at(at, error_code::unknown_mnemonic, head); };
    std::uint32_t shader = 0;
    while (shader < 6 && !text::starts_with(head.substr(3), shader_text[shader])) ++shader;
    if (shader == 6 || head.size() < 6 || head[5] != '_') return bad();
    text::cursor c(head.substr(6));
    auto major = number(c, 255);
    if (!major || !c.consume('_')) return bad();
    auto minor = number(c, 255);
    if (!minor) return bad();
    std::uint32_t lang = 0, flags = 0;
    auto rest = head.substr(6 + c.offset());
    if (text::starts_with(rest, "_lang(")) {
        const auto close = rest.find(')');
        if (close == std::string_view::npos) return bad();
        const auto name = rest.substr(6, close - 6);
        lang = static_cast<std::uint32_t>(language_type::last);
        for (std::uint32_t l = 0; l < static_cast<std::uint32_t>(language_type::last); ++l)
            if (text::iequals(language_type_members[l].name.substr(8), name)) lang = l;
        if (lang == static_cast<std::uint32_t>(language_type::last)) return text::cursor::fail_at(at, error_code::unknown_modifier, name);
        rest.remove_prefix(close + 1);
    }
    if (text::starts_with(rest, "_multipass")) {
        flags |= 1u << 24;
        rest.remove_prefix(10);
    }
    if (text::starts_with(rest, "_realtime")) {
        flags |= 1u << 25;
        rest.remove_prefix(9);
    }
    if (!rest.empty()) return text::cursor::fail_at(at, error_code::unknown_modifier, rest);
    if (!in.at_end_of_statement()) return in.fail(error_code::trailing_characters, in.token_text());
    instruction out;
    out.header = true;
    out.size = 2;
    out.words[0] = lang;
    out.words[1] = *minor | *major << 8 | shader << 16 | flags;
    return out;
}

}  // namespace parse_detail

// One statement (a header or a packet), up to its end.
[[nodiscard]] constexpr result<instruction> parse(text::cursor& in) {
    using namespace parse_detail;
    in.skip_blanks();
    if (in.at_unclosed_comment()) return in.fail(error_code::unterminated_comment);
    const auto at = in.where();
    const auto head = head_word(in);
    if (text::starts_with(head, "il_")) return parse_header(in, head, at);
    if (text::starts_with(head, "mdef(") || text::starts_with(head, "mcall(")) return parse_macro(in, head, at);
    // The longest mnemonic the head starts with whose remaining suffixes all parse.
    std::optional<opcode> op;
    head_state st;
    for (std::size_t end = head.size(); end > 0 && !op; --end) {
        if (end != head.size() && head[end] != '_') continue;
        const auto candidate = find_opcode(head.substr(0, end));
        if (candidate && parse_suffixes(*candidate, head.substr(end), st)) op = candidate;
    }
    if (!op) {
        for (std::size_t end = head.size(); end > 0; --end)
            if ((end == head.size() || head[end] == '_') && find_opcode(head.substr(0, end)))
                return text::cursor::fail_at(at, error_code::unknown_modifier, head.substr(end));
        return text::cursor::fail_at(at, error_code::unknown_mnemonic, head);
    }
    if (*op == opcode::dcl_global_flags && !st.pri && !st.sec) {  // flags as words joined by '|'
        for (bool more = !in.at_end_of_statement(); more; more = in.consume('|')) {
            in.skip_blanks();
            const auto word = in.identifier();
            std::uint32_t b = 0;
            while (b < 4 && word != global_flag_words[b]) ++b;
            if (b == 4) return in.fail(error_code::unknown_modifier, word.empty() ? in.token_text() : word);
            st.token |= 1u << (16 + b);
        }
        if (!in.at_end_of_statement()) return in.fail(error_code::trailing_characters, in.token_text());
        instruction ins;
        if (st.prec) ins.words[ins.size++] = static_cast<std::uint32_t>(opcode::prefix) | st.prec << 16;
        ins.words[ins.size++] = st.token;
        return ins;
    }
    operand_counts n = operands(*op);
    const bool comment = *op == opcode::comment, icb = *op == opcode::dcl_const_buffer && st.pri, call = *op == opcode::macrocall;
    if (!n.described && !comment && !call) return text::cursor::fail_at(at, errors::undescribed_operands, enumerator(*op));
    if (auto e = declaration_words(in, *op, st); e.failed()) return e;
    tokens out;
    if (st.prec) (void)out.push_back(static_cast<std::uint32_t>(opcode::prefix) | st.prec << 16);
    const std::size_t opcode_at = out.size();
    (void)out.push_back(st.token | (st.pri ? 1u << 31 : 0u) | (st.sec ? 1u << 30 : 0u));
    if (st.pri) (void)out.push_back(*st.pri);
    if (st.sec) (void)out.push_back(*st.sec);
    if (st.offsets) (void)out.push_back(*st.offsets);
    if (st.format_seen) (void)out.push_back(st.format);
    const std::uint32_t dst_mod = st.shift << generated::il_dst_mod::shift_scale.lsb | (st.clamp ? 1u << 8 : 0u);
    std::size_t dsts = n.dst, srcs = n.src, extra = n.extra;
    bool first = true;
    const auto comma = [&]() -> error {
        if (!first && !in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
        first = false;
        return {};
    };
    if (call) {
        if (auto e = comma(); e.failed()) return e;
        auto t = number(in);
        if (!t) return t.error();
        (void)out.push_back(*t);
        dsts = *t & 0xFFFFu;
        srcs = *t >> 16;
        extra = 0;
    }
    if (st.format_seen) extra = 0;  // the format token came from the head
    const bool counted = counted_extras(*op) && (st.seen & 0x3FFF0000u) == 0;  // sizes, unless _dimensions(n) gave the count
    if (counted) extra = max_counted_extras;
    if (comment || icb) dsts = srcs = 0;
    if (dst_mod && dsts == 0) return text::cursor::fail_at(at, error_code::modifier_not_allowed, head);
    for (std::size_t k = 0; k < dsts + srcs; ++k) {
        if (in.at_end_of_statement()) return in.fail(error_code::missing_operand);
        if (auto e = comma(); e.failed()) return e;
        auto r = operand(in, k < dsts, 0, k == 0 && k < dsts ? dst_mod : 0);
        if (!r) return r.error();
        if (!append(out, *r)) return in.fail(error_code::operand_limit);
    }
    // Plain dwords: the extra ones, or all that follow for a comment or an immediate constant buffer.
    std::size_t words = 0;
    const std::size_t length_at = out.size();
    if (comment) (void)out.push_back(0);  // the length token, filled in below
    while (!in.at_end_of_statement()) {
        if ((!comment && !icb && words == extra) || (icb && words == *st.pri)) return in.fail(error_code::too_many_operands, in.token_text());
        if (auto e = comma(); e.failed()) return e;
        auto v = *op == opcode::dcl_literal || *op == opcode::dcl_max_tessfactor ? literal_word(in) : number(in);  // floats: 7.x
        if (!v) return v.error();
        if (!out.push_back(*v)) return in.fail(error_code::operand_limit);
        ++words;
    }
    if (comment) out[length_at] = static_cast<std::uint32_t>(words);
    if (counted) {  // the sizes written are the dimensions
        if (words == 0) return in.fail(error_code::missing_operand);
        out[opcode_at] |= static_cast<std::uint32_t>(words) << 16;
        extra = words;
    }
    if ((!comment && !icb && words != extra) || (icb && words != *st.pri)) return in.fail(error_code::missing_operand);
    instruction ins;
    for (auto t : out) ins.words[ins.size++] = t;
    return ins;
}

}  // namespace ctisa::amdil
