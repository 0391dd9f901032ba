// SPDX-License-Identifier: MIT
// AMD IL's own room (a quirk of this ISA: a token stream, whose operands are read from tokens
// before the layout and descriptors are built).
// The operands of an AMD IL packet, read from its tokens (2.2.4-2.2.8) into plain values the
// executor's layout and descriptors are built from: register type and number, the modifier token,
// the index (an immediate, an index register, both), a further dimension, and the dwords after them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "../description.hpp"
#include "../instruction.hpp"

namespace ctisa::amdil::exec {

// One operand as its tokens give it (the packet was checked by the decoder or parser).
struct operand_tokens {
    std::uint8_t type = 0;            // ILRegType
    std::uint32_t number = 0;         // register_num, with the extended high half
    bool has_mod = false;
    std::uint32_t mod = 0;            // IL_Dst_Mod or IL_Src_Mod
    std::uint8_t relative = 0;        // 0 absolute, 1 IL_Rel_Addr (its layout is lost: not executable), 2 register relative
    bool has_immediate = false;
    std::uint32_t immediate = 0;
    // Register relative: the index source (a register, its swizzle's first pick, its negation).
    std::uint8_t index_type = 0;
    std::uint32_t index_number = 0;
    std::uint8_t index_component = 0;
    bool index_nested = false;        // the index source is itself indexed or has a further dimension
    std::uint8_t dimensions = 1;      // 2: a further dimension followed (cb[..][..], v[1][2])
    std::uint32_t second_number = 0;  // the further dimension's register number and immediate
    std::uint32_t second_immediate = 0;
    bool second_relative = false;
};

struct packet_operands {
    opcode op = opcode::unknown;
    std::uint32_t control = 0;  // the opcode token's bits 29:16
    std::uint8_t dsts = 0;
    std::uint8_t srcs = 0;
    std::array<operand_tokens, 5> operand{};  // destinations first
    std::array<std::uint32_t, 4> extra{};     // the plain dwords after the operands (label, literal values)
    std::uint8_t extras = 0;
    std::uint32_t offsets = 0;  // the _aoffimmi token of a sample or load (7.1 fixed-point texel offsets)
    bool readable = false;  // an executable packet kind with described operands
};

namespace detail {

[[nodiscard]] constexpr std::uint32_t bits(std::uint32_t t, unsigned lsb, unsigned width) noexcept {
    return (t >> lsb) & ((width >= 32 ? 0u : (1u << width)) - 1u);
}

// Reads the operand at w[i]; returns the index past it.
constexpr std::size_t read_operand(std::span<const std::uint32_t> w, std::size_t i, operand_tokens& o, unsigned depth = 0) {
    if (i >= w.size()) return i;
    const std::uint32_t t = w[i++];
    o.number = bits(t, 0, 16);
    o.type = static_cast<std::uint8_t>(bits(t, 16, 6));
    o.relative = static_cast<std::uint8_t>(bits(t, 23, 2));
    if (bits(t, 31, 1) && i < w.size()) o.number |= (w[i++] & 0xFFFFu) << 16;
    if (bits(t, 22, 1) && i < w.size()) {
        o.has_mod = true;
        o.mod = w[i++];
    }
    if (o.relative == 1 && i < w.size()) {
        ++i;  // IL_Rel_Addr: kept opaque
    } else if (o.relative == 2) {
        operand_tokens index;
        i = read_operand(w, i, index, depth + 1);
        o.index_type = index.type;
        o.index_number = index.number;
        o.index_component = static_cast<std::uint8_t>(index.has_mod ? bits(index.mod, 0, 3) : 0u);
        o.index_nested = index.relative != 0 || index.has_immediate || index.dimensions != 1 || o.index_component > 3 ||
                         (index.has_mod && (index.mod & ~0x7777u) != 0);  // modifiers on an index: not followed
    }
    if (bits(t, 26, 1) && i < w.size()) {
        o.has_immediate = true;
        o.immediate = w[i++];
    }
    if (bits(t, 25, 1) && depth < 8) {
        operand_tokens next;
        i = read_operand(w, i, next, depth + 1);
        o.dimensions = 2;
        o.second_number = next.number;
        o.second_immediate = next.has_immediate ? next.immediate : 0;
        o.second_relative = next.relative != 0 || next.dimensions != 1;
    }
    return i;
}

}  // namespace detail

// The operands of one unit (a packet, or one after a _prec prefix). Not readable: the header,
// comments, macros, immediate constant buffers and codes whose operands the document does not give.
[[nodiscard]] constexpr packet_operands read_packet(const instruction& in) noexcept {
    packet_operands p;
    auto w = in.tokens();
    if (in.header || w.empty()) return p;
    if (w.size() > 1 && prec_mask(w[0]) != 0) w = w.subspan(1);
    const std::uint32_t t = w[0];
    if (!is_defined(t & 0xFFFFu)) return p;
    p.op = static_cast<opcode>(t & 0xFFFFu);
    p.control = detail::bits(t, 16, 14);
    const operand_counts n = operands(p.op);
    if (!n.described || p.op == opcode::comment || p.op == opcode::macrocall || p.op == opcode::macrodef) return p;
    std::size_t i = 1;
    const bool flags = has_modifier_flags(p.op);
    if (flags && detail::bits(t, 31, 1)) {
        if (p.op == opcode::dcl_const_buffer) return p;  // an immediate constant buffer
        ++i;
    }
    if (flags && detail::bits(t, 30, 1)) ++i;
    if (const auto a = find_control_field(p.op, "aoffimmi"); a && ((t >> a->lsb) & 1u) && i < w.size()) p.offsets = w[i++];
    if (n.dst + n.src > p.operand.size() || n.extra > p.extra.size()) return p;
    p.dsts = n.dst;
    p.srcs = n.src;
    for (std::size_t k = 0; k < std::size_t{n.dst} + n.src; ++k) i = detail::read_operand(w, i, p.operand[k]);
    for (std::size_t k = 0; k < n.extra && i < w.size(); ++k) p.extra[p.extras++] = w[i++];
    p.readable = true;
    return p;
}

}  // namespace ctisa::amdil::exec
