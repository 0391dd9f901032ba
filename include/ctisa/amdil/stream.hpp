// SPDX-License-Identifier: MIT
// AMD IL token streams: where each packet ends, checked token by token (chapter 2, chapter 7).
//
// Total: any sequence of dwords yields packets or an error naming the token or field at fault and its
// byte offset (error.offset = 4 * dword index), never a read past the end. Counts come from the
// generated operand table; the packet kinds whose length a token gives (comments, immediate constant
// buffers, macro calls) are handled here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "../core/bits.hpp"
#include "../core/result.hpp"
#include "description.hpp"
#include "errors.hpp"
#include "instruction.hpp"

namespace ctisa::amdil {

// An operand's index operands (register-relative addressing, further dimensions) nest; real programs
// use two levels (cb[r6.w+2][r2.x+4]). Deeper nesting is refused rather than followed without bound.
inline constexpr unsigned max_operand_depth = 8;

// What each dword of a packet is (the CLI's `explain` and the printer read packets through this).
enum class token_kind : std::uint8_t {
    opcode,
    opcode_modifier,  // the primary or secondary opcode-specific token
    dst,
    dst_mod,
    src,
    src_mod,
    ext_num,
    rel_addr,
    address_offset,   // the packed texel offsets of a sample or fetch with aoffimmi set
    immediate,        // IL_Literal after an operand
    extra,            // a plain dword the opcode calls for (label, value, count)
    comment_length,
    comment_text,
    icb_element,      // an immediate constant buffer's element
    macro_call,
    language,
    version,
};

// A visitor that looks at nothing.
struct ignore_tokens {
    constexpr void operator()(std::size_t, token_kind) const noexcept {}
};

struct packet_extent {
    std::size_t offset = 0;  // first dword
    std::size_t size = 0;    // dwords
};

namespace detail {

[[nodiscard]] constexpr std::uint32_t field(std::uint32_t token, bit_field f) noexcept {
    return (token >> f.lsb) & static_cast<std::uint32_t>(f.max_value());
}

[[nodiscard]] constexpr error stream_error(error_code code, std::size_t dword, std::string_view subject) noexcept {
    return error{code, 0, 0, static_cast<std::uint32_t>(dword * 4), subject};
}

// Index just past `count` dwords from `at`, or a truncation error naming what was cut.
[[nodiscard]] constexpr result<std::size_t> take(std::span<const std::uint32_t> w, std::size_t at, std::size_t count,
                                                 std::string_view what) noexcept {
    if (count > w.size() || at > w.size() - count) return stream_error(error_code::truncated, at, what);
    return at + count;
}

[[nodiscard]] constexpr error check_dst_mod(std::uint32_t t, std::size_t at) noexcept {
    namespace f = generated::il_dst_mod;
    if (field(t, f::reserved)) return stream_error(error_code::reserved_bits_set, at, "IL_Dst_Mod.reserved");
    if (field(t, f::shift_scale) >= static_cast<std::uint32_t>(shift_scale::last))
        return stream_error(error_code::reserved_value, at, "IL_Dst_Mod.shift_scale");
    return {};
}

[[nodiscard]] constexpr error check_src_mod(std::uint32_t t, std::size_t at) noexcept {
    namespace f = generated::il_src_mod;
    if (field(t, f::reserved)) return stream_error(error_code::reserved_bits_set, at, "IL_Src_Mod.reserved");
    constexpr auto last = static_cast<std::uint32_t>(component_select::last);
    if (field(t, f::swizzle_x_r) >= last || field(t, f::swizzle_y_g) >= last || field(t, f::swizzle_z_b) >= last ||
        field(t, f::swizzle_w_a) >= last)
        return stream_error(error_code::reserved_value, at, "IL_Src_Mod.swizzle");
    if (field(t, f::divcomp) >= static_cast<std::uint32_t>(div_comp::last))
        return stream_error(error_code::reserved_value, at, "IL_Src_Mod.divComp");
    return {};
}

// Index past one operand (a destination or a source) and the tokens it calls for, in the order of
// section 2.2.8: extended number, modifier, IL_Rel_Addr or index operand, immediate, next dimension.
template <class V>
[[nodiscard]] constexpr result<std::size_t> operand_end(std::span<const std::uint32_t> w, std::size_t at, bool dst, unsigned depth, V& visit) {
    namespace f = generated::il_dst;  // IL_Src has the same layout
    const std::string_view name = dst ? "IL_Dst" : "IL_Src";
    if (depth > max_operand_depth) return stream_error(errors::operand_nesting, at, name);
    if (at >= w.size()) return stream_error(error_code::truncated, at, name);
    const std::uint32_t t = w[at];
    if (field(t, f::reserved)) return stream_error(error_code::reserved_bits_set, at, dst ? "IL_Dst.reserved" : "IL_Src.reserved");
    if (field(t, f::register_type) >= static_cast<std::uint32_t>(reg_type::last))
        return stream_error(error_code::reserved_value, at, dst ? "IL_Dst.register_type" : "IL_Src.register_type");
    const std::uint32_t relative = field(t, f::relative_address);
    if (relative >= static_cast<std::uint32_t>(addressing::last))
        return stream_error(error_code::reserved_value, at, dst ? "IL_Dst.relative_address" : "IL_Src.relative_address");
    visit(at, dst ? token_kind::dst : token_kind::src);
    std::size_t i = at + 1;
    if (field(t, f::extended)) {
        auto r = take(w, i, 1, "IL_Ext_Num");
        if (!r) return r;
        if (field(w[i], generated::il_ext_num::reserved)) return stream_error(error_code::reserved_bits_set, i, "IL_Ext_Num.reserved");
        visit(i, token_kind::ext_num);
        i = *r;
    }
    if (field(t, f::modifier_present)) {
        auto r = take(w, i, 1, dst ? "IL_Dst_Mod" : "IL_Src_Mod");
        if (!r) return r;
        if (auto e = dst ? check_dst_mod(w[i], i) : check_src_mod(w[i], i); e.failed()) return e;
        visit(i, dst ? token_kind::dst_mod : token_kind::src_mod);
        i = *r;
    }
    if (relative == static_cast<std::uint32_t>(addressing::relative)) {
        auto r = take(w, i, 1, "IL_Rel_Addr");
        if (!r) return r;
        visit(i, token_kind::rel_addr);
        i = *r;
    } else if (relative == static_cast<std::uint32_t>(addressing::reg_relative)) {
        auto r = operand_end(w, i, false, depth + 1, visit);  // the index is a source
        if (!r) return r;
        i = *r;
    }
    if (field(t, f::immediate_present)) {
        auto r = take(w, i, 1, "IL_Literal");
        if (!r) return r;
        visit(i, token_kind::immediate);
        i = *r;
    }
    // A further dimension is a source token even after a destination (2.2.4: 'v[3][5] is src_token 1
    // ... src_token 2'; 2.2.8 example 5's second dimension is an IL_Src): its modifier is an IL_Src_Mod.
    if (field(t, f::dimension)) return operand_end(w, i, false, depth + 1, visit);
    return i;
}

template <class V>
[[nodiscard]] constexpr result<std::size_t> operands_end(std::span<const std::uint32_t> w, std::size_t i, std::size_t dsts, std::size_t srcs,
                                                         V& visit) {
    for (std::size_t k = 0; k < dsts + srcs; ++k) {
        auto r = operand_end(w, i, k < dsts, 0, visit);
        if (!r) return r;
        i = *r;
    }
    return i;
}

// Packets whose length a token of their own gives.
template <class V>
[[nodiscard]] constexpr result<std::size_t> plain_dwords(std::span<const std::uint32_t> w, std::size_t at, std::size_t count,
                                                         std::string_view what, token_kind kind, V& visit) {
    auto r = take(w, at, count, what);
    if (r)
        for (std::size_t k = at; k < *r; ++k) visit(k, kind);
    return r;
}

template <class V>
[[nodiscard]] constexpr result<std::size_t> special_packet_end(std::span<const std::uint32_t> w, std::size_t at, opcode op, std::size_t i,
                                                               V& visit) {
    const std::uint32_t t = w[at];
    if (op == opcode::comment) {  // a length token, then that many dwords of text
        auto r = take(w, i, 1, "IL_Comment_Length");
        if (!r) return r;
        if (field(w[i], generated::il_comment_length::reserved))
            return stream_error(error_code::reserved_bits_set, i, "IL_Comment_Length.reserved");
        visit(i, token_kind::comment_length);
        return plain_dwords(w, *r, field(w[i], generated::il_comment_length::length), "comment text", token_kind::comment_text, visit);
    }
    if (op == opcode::dcl_const_buffer && field(t, generated::il_opcode::pri_modifier_present)) {
        // An immediate constant buffer: the modifier token is the element count, the elements follow.
        return plain_dwords(w, i, w[at + 1], "immediate constant buffer", token_kind::icb_element, visit);
    }
    // mcall: its token counts the output and input operands that follow.
    auto r = take(w, i, 1, "IL_Macro_Call");
    if (!r) return r;
    const std::uint32_t c = w[i];
    visit(i, token_kind::macro_call);
    return operands_end(w, *r, field(c, generated::il_macro_call::outputs), field(c, generated::il_macro_call::inputs), visit);
}

// Index past the packet of `op` at `at` whose operands start at `i`. One result returned, never
// assigned again: GCC 12 warned that an error read after reassignments might be uninitialized.
template <class V>
[[nodiscard]] constexpr result<std::size_t> packet_end(std::span<const std::uint32_t> w, std::size_t at, opcode op, bool primary_modifier,
                                                       std::size_t i, V& visit) {
    if (op == opcode::comment || op == opcode::macrocall || (op == opcode::dcl_const_buffer && primary_modifier))
        return special_packet_end(w, at, op, i, visit);
    const operand_counts n = operands(op);
    if (!n.described) return stream_error(errors::undescribed_operands, at, enumerator(op));
    const auto end = operands_end(w, i, n.dst, n.src, visit);
    if (!end) return end;
    std::size_t extra = n.extra;
    if (counted_extras(op)) {  // the dimensions: 1 to 3 sizes follow
        extra = field(w[at], generated::il_opcode::control);
        if (extra == 0 || extra > max_counted_extras) return stream_error(error_code::reserved_value, at, enumerator(op));
    }
    return plain_dwords(w, *end, extra, enumerator(op), token_kind::extra, visit);
}

// What plain_packet_size() needs of an opcode, in one row (has_modifier_flags() searches a list).
struct packet_shape {
    std::uint8_t dst = 0;
    std::uint8_t src = 0;
    std::uint8_t extra = 0;
    std::int8_t aoffimmi = -1;  // generated::opcode_shapes' aoffimmi
    bool modifier_flags = false;
    bool plain = false;  // described, and not a packet whose length a token of its own gives
};

inline constexpr auto packet_shapes = [] {
    std::array<packet_shape, opcode_count> shapes{};
    for (std::size_t c = 0; c < opcode_count; ++c) {
        const auto op = static_cast<opcode>(c);
        const operand_counts n = operands(op);
        const bool special = op == opcode::comment || op == opcode::macrocall || op == opcode::dcl_const_buffer || counted_extras(op);
        shapes[c] = packet_shape{n.dst, n.src, n.extra, generated::opcode_shapes[c].aoffimmi, has_modifier_flags(op), n.described && !special};
    }
    return shapes;
}();

// An operand token with any of these set is not a plain one: reserved bits, relative addressing,
// a further dimension, an extended register number.
inline constexpr std::uint32_t unplain_operand_bits = 0xFu << generated::il_dst::reserved.lsb | 3u << generated::il_dst::relative_address.lsb |
                                                      1u << generated::il_dst::dimension.lsb | 1u << generated::il_dst::extended.lsb;

}  // namespace detail

// The size in dwords of the packet at token_at(0) (n dwords readable) when it is a plain one: a described
// opcode whose operands are one token each, with their modifier and immediate, and every check of
// packet_at() passes. 0 otherwise: packet_at() then decides, and names any error. A loop over
// dwords with no result per operand: what most of a program is, read at a few cycles a token.
template <class Token>
[[nodiscard]] constexpr std::size_t plain_packet_size(Token&& token_at, std::size_t n) noexcept {
    using detail::field;
    namespace f = generated::il_opcode;
    namespace o = generated::il_dst;  // IL_Src has the same layout
    if (n == 0) return 0;
    const std::uint32_t t = token_at(std::size_t{0});
    const std::uint32_t code = field(t, f::code);
    if (!is_defined(code)) return 0;
    const detail::packet_shape& s = detail::packet_shapes[code];
    if (!s.plain) return 0;
    std::size_t i = 1;
    if (s.modifier_flags) i += field(t, f::pri_modifier_present) + field(t, f::sec_modifier_present);
    if (s.aoffimmi >= 0) i += (t >> s.aoffimmi) & 1u;
    for (std::size_t k = 0; k < std::size_t{s.dst} + s.src; ++k) {
        if (i >= n) return 0;
        const std::uint32_t token = token_at(i++);
        if ((token & detail::unplain_operand_bits) != 0 || field(token, o::register_type) >= static_cast<std::uint32_t>(reg_type::last))
            return 0;
        if (field(token, o::modifier_present)) {
            if (i >= n) return 0;
            const std::uint32_t m = token_at(i);
            if ((k < s.dst ? detail::check_dst_mod(m, i) : detail::check_src_mod(m, i)).failed()) return 0;
            ++i;
        }
        i += field(token, o::immediate_present);
    }
    i += s.extra;
    return i <= n ? i : 0;
}

// The packet that starts at dword `at`: its extent, or why it is not one. visit(index, token_kind) is
// called for each dword of the packet, in order.
template <class V = ignore_tokens>
[[nodiscard]] constexpr result<packet_extent> packet_at(std::span<const std::uint32_t> w, std::size_t at, V&& visit = {}) {
    using detail::field;
    using detail::stream_error;
    namespace f = generated::il_opcode;
    if (at >= w.size()) return stream_error(error_code::truncated, at, "IL_Opcode");
    const std::uint32_t t = w[at];
    const std::uint32_t code = field(t, f::code);
    if (!is_defined(code)) return stream_error(error_code::reserved_opcode, at, "IL_Opcode.code");
    const auto op = static_cast<opcode>(code);
    const std::size_t modifiers = has_modifier_flags(op) ? field(t, f::pri_modifier_present) + field(t, f::sec_modifier_present) : 0;
    visit(at, token_kind::opcode);
    auto after_modifiers = detail::plain_dwords(w, at + 1, modifiers, "opcode modifier token", token_kind::opcode_modifier, visit);
    if (!after_modifiers) return after_modifiers.error();
    std::size_t i = *after_modifiers;
    // Sample and fetch instructions with aoffimmi set: 'a 32-bit value containing the packed offsets
    // immediately follows the opcode token and modifier, if present' (7.6).
    if (const int offsets = generated::opcode_shapes[code].aoffimmi; offsets >= 0 && ((t >> offsets) & 1u)) {
        auto r = detail::plain_dwords(w, i, 1, "aoffimmi offsets", token_kind::address_offset, visit);
        if (!r) return r.error();
        i = *r;
    }
    const auto end = detail::packet_end(w, at, op, modifiers != 0 && field(t, f::pri_modifier_present), i, visit);
    if (!end) return end.error();
    return packet_extent{at, *end - at};
}

// The language and version tokens (2.2.1, 2.2.2), checked.
[[nodiscard]] constexpr error check_header(std::span<const std::uint32_t> w, std::size_t at) noexcept {
    using detail::field;
    using detail::stream_error;
    if (at + 2 > w.size()) return stream_error(error_code::missing_header, at, at < w.size() ? "IL_Version" : "IL_Lang");
    if (field(w[at], generated::il_lang::reserved)) return stream_error(error_code::reserved_bits_set, at, "IL_Lang.reserved");
    if (field(w[at], generated::il_lang::client_type) >= static_cast<std::uint32_t>(language_type::last))
        return stream_error(error_code::reserved_value, at, "IL_Lang.client_type");
    const std::uint32_t v = w[at + 1];
    if (field(v, generated::il_version::reserved)) return stream_error(error_code::reserved_bits_set, at + 1, "IL_Version.reserved");
    if (field(v, generated::il_version::shader_type) >= static_cast<std::uint32_t>(shader_type::last))
        return stream_error(error_code::reserved_value, at + 1, "IL_Version.shader_type");
    return {};
}

// Whether a unit is one print() can write, as the decoder makes them (one built by hand may not be):
// a header is its two checked tokens; a packet is one packet_at() accepts (a _prec prefix and the
// packet after it), no token short or over. The error's offset is the token's, 4 * its index.
[[nodiscard]] constexpr error check_unit(const instruction& in) noexcept {
    using detail::stream_error;
    if (in.size > max_packet_dwords) return stream_error(error_code::operand_limit, max_packet_dwords, "instruction.size");
    const auto w = in.tokens();
    if (in.header) return w.size() == 2 ? check_header(w, 0) : stream_error(error_code::missing_header, 0, "IL_Lang and IL_Version");
    const auto token_at = [&w](std::size_t i) { return w[i]; };
    if (w.empty() || (prec_mask(w[0]) == 0 && plain_packet_size(token_at, w.size()) == w.size())) [[likely]]
        return w.empty() ? stream_error(error_code::truncated, 0, "IL_Opcode") : error{};
    auto p = packet_at(w, 0);
    if (!p) return p.error();
    std::size_t size = p->size;
    if (prec_mask(w[0]) != 0 && size < w.size()) {  // as the decoder makes the unit
        auto next = packet_at(w, size);
        if (!next) return next.error();
        size += next->size;
    }
    return size == w.size() ? error{} : stream_error(error_code::too_many_operands, size, "token after the packet");
}

// Walks a whole stream: macro definitions (which precede the language token, 7.19), the two header
// tokens, then packets to the last dword. Calls on_packet(packet_extent, bool header) for each unit
// (the header as one unit of two dwords) and returns the first error; visit sees every dword.
template <class F, class V = ignore_tokens>
[[nodiscard]] constexpr error walk_stream(std::span<const std::uint32_t> w, F&& on_packet, V&& visit = {}) {
    using detail::field;
    std::size_t i = 0;
    bool in_macro = false;
    while (i < w.size() && (in_macro || field(w[i], generated::il_opcode::code) == static_cast<std::uint32_t>(opcode::macrodef))) {
        auto p = packet_at(w, i, visit);
        if (!p) return p.error();
        const auto code = field(w[i], generated::il_opcode::code);
        in_macro = code != static_cast<std::uint32_t>(opcode::macroend);
        on_packet(*p, false);
        i += p->size;
    }
    if (auto e = check_header(w, i); e.failed()) return e;
    visit(i, token_kind::language);
    visit(i + 1, token_kind::version);
    on_packet(packet_extent{i, 2}, true);
    i += 2;
    while (i < w.size()) {
        auto p = packet_at(w, i, visit);
        if (!p) return p.error();
        on_packet(*p, false);
        i += p->size;
    }
    return {};
}

}  // namespace ctisa::amdil
