// SPDX-License-Identifier: MIT
// Typed builders: one per opcode (generated/builders.hpp), taking destinations, sources and plain
// dwords in the order and number chapter 7 gives. A wrong kind or count does not compile (the
// static_assert names the rule); an out-of-range value is a compile error in constant evaluation
// and an error result at run time.
//   using namespace ctisa::amdil::registers;
//   constexpr auto p = ctisa::amdil::op::mad.ieee().sat()(r(0).mask("xy__"), v(1).swizzle("xyxx"), l(0), -r(2).w());
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "../core/builder.hpp"
#include "description.hpp"
#include "errors.hpp"
#include "instruction.hpp"
#include "printer.hpp"
#include "stream.hpp"

namespace ctisa::amdil {

namespace registers {

// A register as an operand: its type and number. mask() makes it a destination with a write mask;
// swizzle(), the component shorthands, abs() and unary minus make it a source with modifiers. A
// masked register cannot be a source, nor a swizzled one a destination (the builder says so).
enum class role : std::uint8_t { plain, dst, src };

// The index of an indexed register (2.2.8): cb0[4], cb0[r1.x], cb0[r1.x+4], x0[r2.y+1], g[r0.x].
// A register index is one source token (its swizzle selects the component read).
struct register_index {
    std::uint8_t relative = 0;  // 0: none, 2: a register
    bool has_offset = false;
    std::uint32_t offset = 0;
    std::uint32_t token = 0;  // the index register's source token (relative 2)
    std::uint32_t mod = 0;
    bool has_mod = false;
    friend constexpr bool operator==(const register_index&, const register_index&) = default;
};

// r1.x + 4 in an index: a register and an offset.
struct index_sum {
    register_index index;
    error_code problem{};
};

template <role Role>
struct reg_operand {
    std::uint32_t type = 0;
    std::uint32_t number = 0;
    std::uint32_t mod = 0;
    bool has_mod = false;
    error_code problem{};  // the first invalid setting, reported by the builder (a code: 8 bytes copied, not an error's 80)
    register_index at{};   // cb0[4], cb0[r1.x+4], x0[r2.y]: its index (2.2.8)
    std::string_view problem_text{};  // a refused mask or swizzle as written ("xq"), for the error

    // Indexed by a number: cb(0)[4].
    constexpr reg_operand operator[](std::uint32_t offset) const
        requires(Role == role::plain)
    {
        reg_operand out = *this;
        if (at.relative != 0 || at.has_offset) out.problem = error_code::bad_relative_address;
        out.at.has_offset = true;
        out.at.offset = offset;
        return out;
    }
    // Indexed by a register (a component of it), with an offset or not: cb(0)[r(1).x()],
    // x(0)[r(2).y() + 1].
    template <role R>
        requires(Role == role::plain && R != role::dst)
    constexpr reg_operand operator[](const reg_operand<R>& index) const {
        return (*this)[index + 0u].without_offset();
    }
    constexpr reg_operand operator[](const index_sum& sum) const
        requires(Role == role::plain)
    {
        reg_operand out = *this;
        if (at.relative != 0 || at.has_offset) out.problem = error_code::bad_relative_address;
        if (sum.problem != error_code::none && out.problem == error_code::none) out.problem = sum.problem;
        out.at = sum.index;
        return out;
    }
    // The index register plus an offset, inside [ ]: r(1).x() + 4.
    friend constexpr index_sum operator+(const reg_operand& index, std::uint32_t offset)
        requires(Role != role::dst)
    {
        const std::uint32_t token = (index.number & 0xFFFFu) | index.type << 16 | (index.has_mod ? 1u << 22 : 0u);
        index_sum out{{2, true, offset, token, index.mod, index.has_mod}, index.problem};
        if (index.number > 0xFFFFu || index.at != register_index{}) out.problem = error_code::bad_relative_address;
        return out;
    }

    // Destination mask as chapter 3 writes it: x|_|0|1 per component ("xy__").
    constexpr reg_operand<role::dst> mask(std::string_view m) const
        requires(Role == role::plain)
    {
        reg_operand<role::dst> out{type, number, 0, true, problem, at, problem_text};
        bool ok = m.size() == 4;
        for (std::size_t c = 0; c < m.size() && c < 4; ++c) {
            const char ch = m[c];
            const std::uint32_t v = ch == '_' ? 0u : ch == component_letters[c] ? 1u : ch == '0' ? 2u : ch == '1' ? 3u : 4u;
            if (v == 4) ok = false;
            else out.mod |= v << (2 * c);
        }
        if (!ok && out.problem == error_code::none) out.problem = error_code::bad_write_mask, out.problem_text = m;
        return out;
    }
    // Source swizzle: four of xyzw01, or one replicated.
    constexpr reg_operand<role::src> swizzle(std::string_view s) const
        requires(Role != role::dst)
    {
        auto out = as_src();
        out.mod &= ~0x7777u;
        bool ok = s.size() == 1 || s.size() == 4;
        for (std::size_t c = 0; c < 4 && !s.empty(); ++c) {
            const auto v = swizzle_letters.find(s.size() == 1 ? s[0] : s[c < s.size() ? c : 0]);
            if (v == std::string_view::npos) ok = false;
            else out.mod |= static_cast<std::uint32_t>(v) << (4 * c);
        }
        if (!ok && out.problem == error_code::none) out.problem = error_code::bad_swizzle, out.problem_text = s;
        return out;
    }
    constexpr reg_operand<role::src> x() const
        requires(Role != role::dst)
    {
        return swizzle("x");
    }
    constexpr reg_operand<role::src> y() const
        requires(Role != role::dst)
    {
        return swizzle("y");
    }
    constexpr reg_operand<role::src> z() const
        requires(Role != role::dst)
    {
        return swizzle("z");
    }
    constexpr reg_operand<role::src> w() const
        requires(Role != role::dst)
    {
        return swizzle("w");
    }
    constexpr reg_operand<role::src> abs() const
        requires(Role != role::dst)
    {
        return with(1u << 20);
    }
    // Negates every component.
    constexpr reg_operand<role::src> operator-() const
        requires(Role != role::dst)
    {
        return with(0x8888u);
    }

    constexpr reg_operand<role::src> as_src() const {
        reg_operand<role::src> out{type, number, mod, has_mod, problem, at, problem_text};
        if (!out.has_mod) out.mod = 0x3210u;
        out.has_mod = true;
        return out;
    }

private:
    constexpr reg_operand without_offset() const {
        reg_operand out = *this;
        out.at.has_offset = false;
        out.at.offset = 0;
        return out;
    }
    constexpr reg_operand<role::src> with(std::uint32_t bits) const {
        auto out = as_src();
        out.mod |= bits;
        return out;
    }
};

using reg = reg_operand<role::plain>;

constexpr reg make_reg(reg_type t, std::uint32_t n) { return reg{static_cast<std::uint32_t>(t), n}; }
constexpr reg r(std::uint32_t n) { return make_reg(reg_type::temp, n); }
constexpr reg v(std::uint32_t n) { return make_reg(reg_type::input, n); }
constexpr reg o(std::uint32_t n) { return make_reg(reg_type::output, n); }
constexpr reg l(std::uint32_t n) { return make_reg(reg_type::literal, n); }
constexpr reg cb(std::uint32_t n) { return make_reg(reg_type::const_buff, n); }
constexpr reg x(std::uint32_t n) { return make_reg(reg_type::itemp, n); }
// The global buffer (g[r0.x]: indexed by a register) and the immediate constant buffer (icb[4]).
constexpr reg g(std::uint32_t n = 0) { return make_reg(reg_type::global, n); }
constexpr reg icb(std::uint32_t n = 0) { return make_reg(reg_type::immed_const_buff, n); }

}  // namespace registers

namespace build_detail {

template <class T>
inline constexpr bool is_reg = false;
template <registers::role R>
inline constexpr bool is_reg<registers::reg_operand<R>> = true;
template <class T>
inline constexpr bool is_dst_reg = std::is_same_v<T, registers::reg> || std::is_same_v<T, registers::reg_operand<registers::role::dst>>;
template <class T>
inline constexpr bool is_src_reg = std::is_same_v<T, registers::reg> || std::is_same_v<T, registers::reg_operand<registers::role::src>>;

// The slot kind at position i of opcode op: 0 destination, 1 source, 2 dword.
constexpr int slot(operand_counts n, std::size_t i) { return i < n.dst ? 0 : i < std::size_t{n.dst} + n.src ? 1 : 2; }

// The operand's tokens in stream order (2.2.8): the register token, its extension, its modifier,
// the index register's token and modifier, the index offset.
template <class R>
constexpr bool append_operand(instruction& in, const R& r) {
    if (in.size + 6u > max_packet_dwords) return false;
    const bool extended = r.number > 0xFFFFu;
    in.words[in.size++] = (r.number & 0xFFFFu) | r.type << 16 | (r.has_mod ? 1u << 22 : 0u) | std::uint32_t{r.at.relative} << 23 |
                          (r.at.has_offset ? 1u << 26 : 0u) | (extended ? 1u << 31 : 0u);
    if (extended) in.words[in.size++] = r.number >> 16;
    if (r.has_mod) in.words[in.size++] = r.mod;
    if (r.at.relative == 2) {
        in.words[in.size++] = r.at.token;
        if (r.at.has_mod) in.words[in.size++] = r.at.mod;
    }
    if (r.at.has_offset) in.words[in.size++] = r.at.offset;
    return true;
}

}  // namespace build_detail

template <opcode Op>
class builder {
public:
    // Sets a control field by name (its value as the enum or the number chapter 7 gives).
    template <class V>
        requires(std::is_enum_v<V> || std::is_unsigned_v<V>)
    constexpr builder control(std::string_view name, V value) const {
        builder out = *this;
        const auto f = find_control_field(Op, name);
        const auto v = static_cast<std::uint32_t>(value);
        const std::uint32_t mask = f ? control_field_mask(Op, *f) : 0;
        if (mask == 0) out.problem_ = {errors::unknown_control_field, 0, false, 0, name};
        else if (v > mask >> f->lsb) out.problem_ = {error_code::value_out_of_range, 0, false, 0, name};
        else out.token_ |= v << f->lsb;
        return out;
    }
    // Typed settings of the common control fields: the enumeration is part of the type, so a zero op
    // where a relational op belongs does not compile; an opcode without the field is an error.
    constexpr builder relop(rel_op v) const { return control("relop", v); }
    constexpr builder zeroop(zero_op v) const { return control("zeroop", v); }
    constexpr builder usage(import_usage v) const { return control("usage", v); }
    constexpr builder interp(interp_mode v) const { return control("interp_mode", v); }
    constexpr builder ieee() const { return control("ieee", 1u); }
    constexpr builder id(std::uint32_t n) const { return control("id", n); }
    constexpr builder resource(std::uint32_t n) const { return control("resource", n); }
    constexpr builder sampler(std::uint32_t n) const { return control("sampler", n); }

    // The IL_OP_PREFIX before the instruction (7.3): these components must stay precise ("xyzw", "xz").
    constexpr builder prec(std::string_view components) const {
        builder out = *this;
        out.prec_ = 0;
        for (char ch : components) {
            const auto c = component_letters.find(ch);
            if (c == std::string_view::npos || (out.prec_ >> c & 1u)) out.problem_ = {error_code::bad_write_mask, 0, false, 0, components};
            else out.prec_ |= 1u << c;
        }
        if (out.prec_ == 0 && !out.problem_.failed()) out.problem_ = {error_code::bad_write_mask, 0, false, 0, components};
        return out;
    }

    // Instruction modifiers on the destination: clamp to [0, 1], shift scale.
    constexpr builder sat() const {
        builder out = *this;
        out.dst_mod_ |= 1u << 8;
        return out;
    }
    constexpr builder shift(shift_scale s) const {
        builder out = *this;
        out.dst_mod_ |= static_cast<std::uint32_t>(s) << 9;
        return out;
    }

    template <class... Args>
    constexpr result<instruction> operator()(const Args&... args) const {
        constexpr operand_counts n = operands(Op);
        static_assert(n.described, "the document does not say which tokens follow this opcode: it has no builder");
        static_assert(sizeof...(Args) == std::size_t{n.dst} + n.src + n.extra,
                      "wrong number of operands for this opcode (chapter 7: destinations, then sources, then dwords)");
        instruction in;
        if (prec_) in.words[in.size++] = static_cast<std::uint32_t>(opcode::prefix) | prec_ << 16;
        in.words[in.size++] = token_;
        operand_fault e = problem_;
        if (dst_mod_ && n.dst == 0) e.set(error_code::modifier_not_allowed, 0);
        ctisa::for_each_operand(
            [&](auto index, const auto& a) {
                using A = std::remove_cvref_t<decltype(a)>;
                constexpr int kind = build_detail::slot(n, decltype(index)::value);
                if constexpr (kind == 2) {
                    static_assert(std::is_integral_v<A> || std::is_enum_v<A>, "this slot is a plain dword: pass a number");
                    if (in.size < max_packet_dwords) in.words[in.size++] = static_cast<std::uint32_t>(a);
                } else {
                    static_assert(build_detail::is_reg<A>, "this slot takes a register (r(0), v(1), l(2), ...)");
                    static_assert(kind != 0 || build_detail::is_dst_reg<A>,
                                  "a destination takes a write mask, not a swizzle or source modifiers");
                    static_assert(kind != 1 || build_detail::is_src_reg<A>, "a source takes a swizzle, not a write mask");
                    A r = a;
                    constexpr auto position = static_cast<std::uint8_t>(decltype(index)::value + 1);
                    if (r.problem != error_code::none) {
                        if (r.problem_text.empty()) e.set(r.problem, position);
                        else e.set(r.problem, position, r.problem_text);
                    }
                    if (kind == 0 && decltype(index)::value == 0 && dst_mod_) {
                        if (!r.has_mod) r.mod = 0x55u;
                        r.has_mod = true;
                        r.mod |= dst_mod_;
                    }
                    if (r.type >= static_cast<std::uint32_t>(reg_type::last)) e.set(error_code::register_out_of_range, position);
                    if (!build_detail::append_operand(in, r)) e.set(error_code::operand_limit, position);
                }
            },
            args...);
        if (e.failed()) return refused(e);
        return in;
    }

private:
    // Apart from the packet's path: inlined, the error's copy into the result cost as much as the packet's.
    [[gnu::cold, gnu::noinline]] static constexpr result<instruction> refused(const operand_fault& e) {
        constexpr operand_counts n = operands(Op);
        const int kind = e.operand == 0 ? -1 : build_detail::slot(n, e.operand - 1u);
        return report(e.to_error(kind == 0 ? "destination" : kind == 1 ? "source" : kind == 2 ? "dword" : ""));
    }

    std::uint32_t token_ = static_cast<std::uint32_t>(Op);
    std::uint32_t dst_mod_ = 0;
    std::uint32_t prec_ = 0;
    operand_fault problem_{};  // the first invalid setting (no operand: a control field or the prefix)
};

}  // namespace ctisa::amdil
