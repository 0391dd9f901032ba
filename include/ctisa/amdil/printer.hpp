// SPDX-License-Identifier: MIT
// AMD IL text of one unit (chapter 3): the header as il_ps_2_0 (with _lang(...) when the language token
// is not generic), a packet as its mnemonic, control settings and instruction modifiers, then its
// operands. Every token the packet holds shows in the text, so parse(print(unit)) gives the same tokens:
//   - a modifier token shows as a mask or swizzle even when its content is the default (mov o0.xyzw),
//   - control values as chapter 6 spells them (_relop(eq), _zeroop(infinity), _usage(generic)) or as
//     _field(n), bits outside every documented field as _bits(n),
//   - opcode modifier tokens as _pri(n) / _sec(n), plain dwords as hex operands after the registers.
// Operands: register name and number (r0), an index in brackets ([r6.w+2], [4]), a further dimension
// in braces ({v5}), then .mask / .swizzle and source modifiers (_neg(xw), _abs, _divcomp(y), ...).
#pragma once

#include <array>
#include <iterator>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../core/text/cursor.hpp"
#include "../core/text/writer.hpp"
#include "description.hpp"
#include "instruction.hpp"
#include "stream.hpp"

namespace ctisa::amdil {

inline constexpr std::string_view component_letters = "xyzw";
inline constexpr std::string_view swizzle_letters = "xyzw01";
inline constexpr std::string_view shader_text[] = {"vs", "ps", "gs", "cs", "hs", "ds"};
// dcl_global_flags' flags (control bits 0-3) as the text writes them (chapter 7's example, grvk).
inline constexpr std::string_view global_flag_words[] = {"refactoringAllowed", "forceEarlyDepthStencil", "enableRawStructuredBuffers",
                                                         "enableDoublePrecisionFloatOps"};

namespace print_detail {

using detail::field;

template <class Sink>
constexpr void hex(Sink& out, std::uint32_t v) {
    text::write_hex(out, v, 8, true);
}

template <class Sink>
constexpr void suffix(Sink& out, std::string_view name, std::uint32_t value, bool as_hex = false) {
    out.push('_');
    out.append(name);
    out.push('(');
    if (as_hex) hex(out, value);
    else text::write_unsigned(out, value);
    out.push(')');
}

// A language name without its IL_LANG_ prefix, lower case (dx11_ps).
template <class Sink>
constexpr void language_name(Sink& out, std::uint32_t language) {
    for (char c : language_type_members[language].name.substr(8)) out.push(text::to_lower(c));
}

template <class Sink>
constexpr void print_header(Sink& out, std::uint32_t lang, std::uint32_t version) {
    namespace v = generated::il_version;
    out.append("il_");
    out.append(shader_text[field(version, v::shader_type)]);
    out.push('_');
    text::write_unsigned(out, field(version, v::major_version));
    out.push('_');
    text::write_unsigned(out, field(version, v::minor_version));
    if (lang != 0) {
        out.append("_lang(");
        language_name(out, lang);
        out.push(')');
    }
    if (field(version, v::multipass)) out.append("_multipass");
    if (field(version, v::realtime)) out.append("_realtime");
}

template <class Sink>
constexpr void print_src_mod(Sink& out, std::uint32_t m, bool skip_swizzle) {
    namespace f = generated::il_src_mod;
    const auto x = field(m, f::swizzle_x_r);
    if (!skip_swizzle) {
        out.push('.');
        if (x == field(m, f::swizzle_y_g) && x == field(m, f::swizzle_z_b) && x == field(m, f::swizzle_w_a)) {
            out.push(swizzle_letters[x]);  // a replicated component: r0.w (chapter 3)
        } else {
            for (bit_field s : {f::swizzle_x_r, f::swizzle_y_g, f::swizzle_z_b, f::swizzle_w_a}) out.push(swizzle_letters[field(m, s)]);
        }
    }
    if (m & 0x8888u) {
        out.append("_neg(");
        for (unsigned c = 0; c < 4; ++c)
            if (m >> (4 * c + 3) & 1u) out.push(component_letters[c]);
        out.push(')');
    }
    if (field(m, f::invert)) out.append("_invert");
    if (field(m, f::bias)) out.append("_bias");
    if (field(m, f::x2)) out.append("_x2");
    if (field(m, f::sign)) out.append("_sign");
    if (const auto d = field(m, f::divcomp)) out.append(enum_text("ILDivComp", d));
    if (field(m, f::abs)) out.append("_abs");
    if (field(m, f::clamp)) out.append("_clamp");
}

template <class Sink>
constexpr void print_dst_mask(Sink& out, std::uint32_t m) {
    out.push('.');
    for (unsigned c = 0; c < 4; ++c) {
        const auto v = m >> (2 * c) & 3u;
        out.push(v == 0 ? '_' : v == 1 ? component_letters[c] : v == 2 ? '0' : '1');
    }
}

// Whether the operand whose register token is w[at] is v[3][5] of 2.2.8: no index, no extension, one
// further dimension that is a bare register token of the same type.
[[nodiscard]] constexpr bool is_two_dimensional(std::span<const std::uint32_t> w, std::size_t at) noexcept {
    namespace f = generated::il_dst;
    const std::uint32_t t = w[at];
    const std::size_t next = at + 1 + (field(t, f::modifier_present) ? 1 : 0);
    return field(t, f::dimension) && !field(t, f::extended) && !field(t, f::relative_address) && !field(t, f::immediate_present) &&
           next < w.size() && (w[next] >> 22) == 0 && field(w[next], f::register_type) == field(t, f::register_type);
}

template <class Sink>
constexpr std::size_t print_indices(Sink& out, std::span<const std::uint32_t> w, std::size_t i, std::uint32_t t, std::uint32_t number,
                                    bool with_number);

// A destination's shift and clamp written on the operand (r0.xy___x2_sat): for the destinations whose
// modifiers the mnemonic does not carry (a macro call's outputs; ctisa's own spelling, 7.19 gives none).
template <class Sink>
constexpr void print_dst_modifiers(Sink& out, std::uint32_t m) {
    if (const auto s = field(m, generated::il_dst_mod::shift_scale)) out.append(enum_text("ILShiftScale", s));
    if (field(m, generated::il_dst_mod::clamp)) out.append("_sat");
}

// Prints the operand at w[i] (already checked by the walker) and returns the index past it. A
// destination's shift and clamp are written on it unless `head_modifiers` (the mnemonic has them).
template <class Sink>
constexpr std::size_t print_operand(Sink& out, std::span<const std::uint32_t> w, std::size_t i, bool dst, bool head_modifiers = false) {
    namespace f = generated::il_dst;
    if (i >= w.size()) return i;
    const std::size_t at = i;
    const std::uint32_t t = w[i++];
    std::uint32_t number = field(t, f::register_num);
    const bool extended = field(t, f::extended) != 0;
    if (extended && i < w.size()) number |= (w[i++] & 0xFFFFu) << 16;
    const bool has_mod = field(t, f::modifier_present) != 0;
    const std::uint32_t mod = has_mod && i < w.size() ? w[i++] : 0;
    out.append(register_text[field(t, f::register_type)]);
    if (is_two_dimensional(w, at)) {  // v[3][5], as 2.2.8 writes it
        out.push('[');
        text::write_unsigned(out, number);
        out.append("][");
        text::write_unsigned(out, field(w[i++], f::register_num));
        out.push(']');
    } else {
        i = print_indices(out, w, i, t, number, register_numbered[field(t, f::register_type)] || number != 0);
    }
    // A modifier token shows as its mask or swizzle; xyzw is left out when other content (clamp, a
    // shift, a source modifier) already says the token is there, and written out when it is the
    // token's only content (the default-content tokens real binaries carry: mov o0.xyzw, r0.xyzw).
    if (has_mod && dst && !((mod & 0xFFu) == 0x55u && (mod & 0x1F00u))) print_dst_mask(out, mod);
    if (has_mod && dst && !head_modifiers) print_dst_modifiers(out, mod);
    if (has_mod && !dst) print_src_mod(out, mod, (mod & 0x7777u) == 0x3210u && (mod & ~0x7777u));
    if (extended && number <= 0xFFFFu) out.append("_ext");
    return i;
}

// The register number (left out for a register of one name at 0: vWinCoord, g[...]), its index
// ([r6.w+2], [4], [rel(..)]) and a further dimension in braces.
template <class Sink>
constexpr std::size_t print_indices(Sink& out, std::span<const std::uint32_t> w, std::size_t i, std::uint32_t t, std::uint32_t number,
                                    bool with_number) {
    namespace f = generated::il_dst;
    if (with_number) text::write_unsigned(out, number);
    const auto relative = field(t, f::relative_address);
    const bool immediate = field(t, f::immediate_present) != 0;
    if (relative != 0 || immediate) out.push('[');
    if (relative == 1 && i < w.size()) {
        out.append("rel(");
        hex(out, w[i++]);
        out.push(')');
    } else if (relative == 2) {
        i = print_operand(out, w, i, false);
    }
    if (immediate && i < w.size()) {
        if (relative != 0) out.push('+');
        text::write_unsigned(out, w[i++]);
    }
    if (relative != 0 || immediate) out.push(']');
    if (field(t, f::dimension)) {
        out.push('{');
        i = print_operand(out, w, i, false);  // a further dimension is a source token (stream.hpp)
        out.push('}');
    }
    return i;
}

// The component a per-component field is for (dclpi's ximport .. wimport), 0 for other fields: chapter
// 6 writes ILImportComponent's text with a placeholder, _<comp>(0), which chapter 7 fills: dclpi_x(0).
inline constexpr std::string_view comp_placeholder = "<comp>";
[[nodiscard]] constexpr char component_of(std::string_view field_name) noexcept {
    return field_name.size() == 7 && field_name.ends_with("import") && component_letters.find(field_name[0]) != std::string_view::npos
               ? field_name[0]
               : '\0';
}

// _aoffimmi(u,v,w) as chapter 7's syntax lines write it: each offset a byte of 7.1 fixed point (u in
// bits 7:0, v 15:8, w 23:16; amdil.toml [aoffimmi]), 1.5 for 3 halves. A word with bits 31:24 set
// keeps the plain form, _aoffimmi(0x..).
template <class Sink>
constexpr void print_offsets(Sink& out, std::uint32_t packed) {
    if (packed >> 24) return suffix(out, "aoffimmi", packed, true);
    out.append("_aoffimmi(");
    for (unsigned k = 0; k < 3; ++k) {
        if (k) out.push(',');
        const auto b = static_cast<std::int32_t>(static_cast<std::int8_t>(static_cast<std::uint8_t>(packed >> (8 * k))));
        const auto magnitude = static_cast<std::uint32_t>(b < 0 ? -b : b);
        if (b < 0) out.push('-');
        text::write_unsigned(out, magnitude / 2);
        if (magnitude & 1u) out.append(".5");
    }
    out.push(')');
}

// dcl_resource's bit 31, which its text writes inside the type: _type(2d,unnorm).
inline constexpr std::uint32_t unnormalize_bit = 1u << 31;

// Control settings of the opcode token (bits 16-29, or 16-31 where 30-31 are not the modifier flags).
template <class Sink>
constexpr void print_control(Sink& out, opcode op, std::uint32_t token, std::span<const std::uint32_t> w, std::size_t offsets_at) {
    std::uint32_t covered = 0, folded = 0;
    for (std::size_t k = 0; k < control_field_count(op); ++k) {
        const auto cf = control_field_of(op, k);
        const std::uint32_t mask = control_field_mask(op, cf);
        if (mask == 0) continue;
        covered |= mask;
        const std::uint32_t v = (token & mask) >> cf.lsb;
        if (cf.name == "aoffimmi") {
            if (v) print_offsets(out, offsets_at < w.size() ? w[offsets_at] : 0);
            continue;
        }
        if (op == opcode::dcl_num_thread_per_group || (op == opcode::dcl_lds_sharing_mode && v < std::size(lds_sharing_words)))
            continue;  // written as the operands (print_packet)
        if (const auto bare = bare_control_field(op); bare && bare->lsb == cf.lsb) continue;
        if (covered & mask & folded) continue;  // already written with another field
        if (cf.enum_name == "ILElementFormat" && !element_format_name(v).empty()) {  // dcl_uav's _fmtx(float), as 7.x's example
            out.push('_');
            out.append(cf.name);
            out.push('(');
            for (const char ch : element_format_name(v)) out.push(text::to_lower(ch));
            out.push(')');
            continue;
        }
        if (!cf.enum_name.empty()) {
            const auto text = enum_text(cf.enum_name, v);
            if (const auto p = text.find(comp_placeholder); p != std::string_view::npos && component_of(cf.name)) {
                out.append(text.substr(0, p));  // _x(0)
                out.push(component_of(cf.name));
                out.append(text.substr(p + comp_placeholder.size()));
                continue;
            }
            if (!text.empty() && text.find('<') == std::string_view::npos) {
                if (op == opcode::dcl_resource && cf.name == "type" && (token & unnormalize_bit)) {
                    out.append(text.substr(0, text.size() - 1));  // 7.5's example: _type(1d,unnorm)
                    out.append(",unnorm)");
                    folded = unnormalize_bit;
                    continue;
                }
                out.append(text);
                continue;
            }
        }
        if (v == 0) continue;
        if ((cf.flag || cf.name == "ieee") && v == 1) {
            out.push('_');
            out.append(cf.name);
        } else suffix(out, cf.name, v);
    }
    const std::uint32_t control_bits = has_modifier_flags(op) ? 0x3FFF0000u : 0xFFFF0000u;
    if (const std::uint32_t rest = token & control_bits & ~covered) suffix(out, "bits", rest >> 16, true);
}

// dcl_resource's format token as chapter 7's example writes it: _fmtx(float)_fmty(float)..., lower case.
inline constexpr std::array<bit_field, 4> format_fields{generated::il_dcl_resource_format::fmtx, generated::il_dcl_resource_format::fmty,
                                                        generated::il_dcl_resource_format::fmtz, generated::il_dcl_resource_format::fmtw};

// Whether the format token can be named that way: reserved bits clear, every format an Appendix B member.
[[nodiscard]] constexpr bool formats_nameable(std::uint32_t format) noexcept {
    if (field(format, generated::il_dcl_resource_format::reserved) != 0) return false;
    for (const auto& f : format_fields)
        if (element_format_name(field(format, f)).empty()) return false;
    return true;
}

template <class Sink>
constexpr void print_formats(Sink& out, std::uint32_t format) {
    for (std::size_t c = 0; c < format_fields.size(); ++c) {
        out.append("_fmt");
        out.push(component_letters[c]);
        out.push('(');
        for (const char ch : element_format_name(field(format, format_fields[c]))) out.push(text::to_lower(ch));
        out.push(')');
    }
}

// Macro definitions and calls as 7.19 writes them: mdef(k)_out(m)_in(n)[_outline] and
// mcall(k) (outputs), (inputs). False, with nothing written, where that form cannot say every bit.
template <class Sink>
constexpr bool print_macro(Sink& out, opcode op, std::span<const std::uint32_t> w) {
    if ((op != opcode::macrodef && op != opcode::macrocall) || w.size() < 2) return false;
    namespace d = generated::il_macro_def;
    if (op == opcode::macrodef && (w.size() != 2 || field(w[1], d::reserved) != 0)) return false;
    out.append(mnemonic(op));
    out.push('(');
    text::write_unsigned(out, field(w[0], generated::il_opcode::control));
    out.push(')');
    if (op == opcode::macrodef) {
        suffix(out, "out", field(w[1], d::out));
        suffix(out, "in", field(w[1], d::in));
        if (field(w[1], d::outline)) out.append("_outline");
        return true;
    }
    std::size_t i = 2;
    for (unsigned list = 0; list < 2; ++list) {
        out.append(list == 0 ? " (" : "), (");
        const std::uint32_t n = field(w[1], list == 0 ? generated::il_macro_call::outputs : generated::il_macro_call::inputs);
        for (std::uint32_t k = 0; k < n && i < w.size(); ++k) {
            if (k != 0) out.append(", ");
            i = print_operand(out, w, i, list == 0);
        }
    }
    out.push(')');
    return true;
}

// The flags of dcl_global_flags, camel-cased as the text writes them, joined by '|'; other bits as _bits(n).
template <class Sink>
constexpr void print_global_flags(Sink& out, std::uint32_t token) {
    const std::uint32_t flags = token >> 16 & 0x3FFFu;
    if (flags >> 4) suffix(out, "bits", (flags >> 4) << 4, true);
    bool first = true;
    for (unsigned b = 0; b < 4; ++b) {
        if (!(flags >> b & 1u)) continue;
        out.push(first ? ' ' : '|');
        first = false;
        out.append(global_flag_words[b]);
    }
}

}  // namespace print_detail

namespace print_detail {

template <class Sink>
constexpr void print_packet(Sink& out, std::span<const std::uint32_t> w, std::uint32_t prec);

}  // namespace print_detail

namespace print_detail {

// What print() writes for a unit check_unit() refuses: the token at fault and the reason, starting
// with '!' so that the parser refuses the line (the program never reads back as another). Cold and
// out of line, as Cayman's.
template <class Sink>
[[gnu::cold, gnu::noinline]] constexpr void print_malformed(Sink& out, const error& e) {
    out.append("!malformed ");
    out.append(e.subject);
    out.append(" at token ");
    text::write_unsigned(out, e.offset / 4);
    out.append(": ");
    out.append(e.message());
}

}  // namespace print_detail

// Prints one unit (see the file comment); a unit check_unit() refuses as print_malformed() writes it.
template <class Sink>
constexpr void print(Sink& out, const instruction& in) {
    if (const error e = check_unit(in); e.failed()) [[unlikely]]
        return print_detail::print_malformed(out, e);
    const auto w = in.tokens();
    if (in.header) {
        if (w.size() == 2) print_detail::print_header(out, w[0], w[1]);
        return;
    }
    if (w.size() > 1 && prec_mask(w[0]) != 0) print_detail::print_packet(out, w.subspan(1), prec_mask(w[0]));
    else print_detail::print_packet(out, w, 0);
}

// One packet; `prec` the mask of the _prec prefix before it (0: none).
template <class Sink>
constexpr void print_detail::print_packet(Sink& out, std::span<const std::uint32_t> w, std::uint32_t prec) {
    using namespace print_detail;
    namespace f = generated::il_opcode;
    if (w.empty() || !is_defined(field(w[0], f::code))) return;
    const auto op = static_cast<opcode>(field(w[0], f::code));
    std::size_t i = 1;
    const bool flags = has_modifier_flags(op);
    const bool pri = flags && field(w[0], f::pri_modifier_present) != 0, sec = flags && field(w[0], f::sec_modifier_present) != 0;
    const std::size_t pri_at = pri ? i++ : 0, sec_at = sec ? i++ : 0;
    std::size_t offsets_at = w.size();
    if (const auto a = find_control_field(op, "aoffimmi"); a && (w[0] >> a->lsb & 1u)) offsets_at = i++;
    if (prec == 0 && !pri && !sec && print_macro(out, op, w)) return;
    out.append(mnemonic(op));
    if (prec != 0) {
        out.append("_prec");
        for (unsigned c = 0; c < 4 && prec != 0xFu; ++c)
            if (prec >> c & 1u) out.push(component_letters[c]);
    }
    if (op == opcode::dcl_global_flags && !pri && !sec) {  // the flags as words: dcl_global_flags refactoringAllowed
        print_global_flags(out, w[0]);
        return;
    }
    print_control(out, op, w[0], w, offsets_at);
    if (op == opcode::dcl_resource && i + 1 == w.size() && formats_nameable(w[i])) print_formats(out, w[i++]);
    const operand_counts n = operands(op);
    // The destination modifier's shift and clamp are instruction modifiers in text (add_x2_sat).
    const bool head_modifiers = n.described && n.dst > 0;
    if (head_modifiers && i < w.size() && field(w[i], generated::il_dst::modifier_present)) {
        const std::size_t mod_at = i + 1 + (field(w[i], generated::il_dst::extended) ? 1 : 0);
        if (mod_at < w.size()) print_dst_modifiers(out, w[mod_at]);
    }
    if (pri) suffix(out, "pri", w[pri_at], true);
    if (sec) suffix(out, "sec", w[sec_at], true);
    bool first = true;
    const auto separator = [&] {
        out.append(first ? " " : ", ");
        first = false;
    };
    if (op == opcode::dcl_lds_sharing_mode && field(w[0], f::control) < std::size(lds_sharing_words)) {
        separator();
        out.append(lds_sharing_words[field(w[0], f::control)]);
    } else if (const auto bare = bare_control_field(op)) {
        separator();
        text::write_unsigned(out, (w[0] & control_field_mask(op, *bare)) >> bare->lsb);
    }
    std::size_t dsts = n.dst, srcs = n.src;
    if (op == opcode::macrocall && i < w.size()) {  // its token, then the operands it counts
        separator();
        hex(out, w[i]);
        dsts = field(w[i], generated::il_macro_call::outputs);
        srcs = field(w[i], generated::il_macro_call::inputs);
        ++i;
    } else if (op == opcode::comment && i < w.size()) {
        ++i;  // the length token: the number of dwords that follow
        dsts = srcs = 0;
    } else if (op == opcode::dcl_const_buffer && pri) {
        dsts = srcs = 0;
    }
    for (std::size_t k = 0; k < dsts + srcs && i < w.size(); ++k) {
        separator();
        i = print_operand(out, w, i, k < dsts, k == 0 && head_modifiers);
    }
    // Extra dwords, comment text, immediate constant buffer elements: hexadecimal, or decimal where
    // decimal_extras() says.
    const bool decimal = decimal_extras(op);
    for (; i < w.size(); ++i) {
        separator();
        if (decimal) text::write_unsigned(out, w[i]);
        else hex(out, w[i]);
    }
}

}  // namespace ctisa::amdil
