// SPDX-License-Identifier: MIT
// Where an AMD IL program's registers sit in lane storage, and each unit decoded once into a plain
// descriptor whose operands are row numbers. Both are constexpr: the interpreter builds them at run
// time, the compiled path at compile time.
//
// Storage is rows of lanes, one row a register component (four rows a register), holding 32-bit
// patterns: floats as IEEE-754 bits, integers as two's complement. Only the registers a program
// names get rows, in the order it names them (r4096 costs four rows, not 16388). Indexed
// temporaries (x#[n]) and constant buffers (cb#[n]) are arrays of registers, sized by their
// declaration (dcl_indexed_temp_array, dcl_cb) or else by the highest element the program names.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "../../exec/vector4.hpp"
#include "operands.hpp"

namespace ctisa::amdil::exec {

using ctisa::exec::lane_word;

// Most registers and arrays one program may name (the public shaders name at most 700).
inline constexpr std::size_t max_slots = 4096;
inline constexpr std::uint32_t no_row = 0xFFFFFFFFu;

struct reg_slot {
    std::uint8_t type = 0;
    std::uint32_t number = 0;
    std::uint32_t base = 0;  // first row
    std::uint32_t size = 1;  // registers (arrays)
};

// mmul and transpose name more registers than a descriptor holds: their operands (dst, src0, src1)
// wait here for their kernel (matrix.hpp), at most max_wide of them a program (more are refused).
inline constexpr std::size_t max_wide = 16;
struct wide_operands {
    std::uint32_t at = 0;  // the instruction's index in the program
    std::array<operand_tokens, 3> operand{};
};

struct layout {
    static constexpr std::uint32_t zero = 0;     // a row of 0.0: the .0 swizzle
    static constexpr std::uint32_t one = 1;      // a row of 1.0f: the .1 swizzle (integer instructions too, 2.2.7)
    static constexpr std::uint32_t gather = 2;   // 4 rows a source (4 sources): elements read through an index
    static constexpr std::uint32_t result = 18;  // 4 rows: a result written through an index
    static constexpr std::uint32_t first_register = 22;
    std::uint32_t rows = first_register;
    std::uint32_t count = 0;
    bool overflow = false;  // more than max_slots registers: every instruction refuses to run
    std::array<reg_slot, max_slots> slots{};
    std::uint32_t wides = 0;
    std::array<wide_operands, max_wide> wide{};
};

[[nodiscard]] constexpr bool is_array_type(std::uint8_t type) noexcept {
    return type == static_cast<std::uint8_t>(reg_type::itemp) || type == static_cast<std::uint8_t>(reg_type::const_buff);
}

// g[]: global memory in 16-byte elements (chapter 5's GLOBAL), read and written through the
// environment (memory_space::global) like the other memories.
[[nodiscard]] constexpr bool is_memory_type(std::uint8_t type) noexcept { return type == static_cast<std::uint8_t>(reg_type::global); }

// The slot of register (type, number), or nullptr.
[[nodiscard]] constexpr const reg_slot* find_slot(const layout& l, std::uint8_t type, std::uint32_t number) noexcept {
    for (std::uint32_t k = 0; k < l.count; ++k)
        if (l.slots[k].type == type && l.slots[k].number == number) return &l.slots[k];
    return nullptr;
}

namespace detail {

constexpr reg_slot* note(layout& l, std::uint8_t type, std::uint32_t number, std::uint32_t size) noexcept {
    for (std::uint32_t k = 0; k < l.count; ++k)
        if (l.slots[k].type == type && l.slots[k].number == number) {
            if (size > l.slots[k].size) l.slots[k].size = size;
            return &l.slots[k];
        }
    if (l.count == max_slots) {
        l.overflow = true;
        return nullptr;
    }
    l.slots[l.count] = reg_slot{type, number, 0, size};
    return &l.slots[l.count++];
}

// An operand's registers: the register (an array: big enough for its immediate element) and the
// index register.
constexpr void note_operand(layout& l, const operand_tokens& o) noexcept {
    if (is_memory_type(o.type)) {  // g[]: memory, not registers; only its index has rows
        if (o.relative == 2) note(l, o.index_type, o.index_number, 1);
        return;
    }
    std::uint32_t size = 1;
    if (is_array_type(o.type) && o.has_immediate && o.immediate < 0x10000u) size = o.immediate + 1;
    note(l, o.type, o.number, size);
    if (o.relative == 2) note(l, o.index_type, o.index_number, 1);
}

// Row `row` of a matrix operand (det): the register `row` after it, or the element `row` after it in
// an array (relative addressing applies to each row, 7.8).
[[nodiscard]] constexpr operand_tokens row_after(operand_tokens o, unsigned row) noexcept {
    if (is_array_type(o.type)) {
        o.immediate += row;
        o.has_immediate = true;
    } else {
        o.number += row;
    }
    return o;
}

}  // namespace detail

// The rows a program needs.
[[nodiscard]] constexpr layout layout_of(std::span<const instruction> program) noexcept {
    layout l;
    for (std::size_t i = 0; i < program.size(); ++i) {
        const packet_operands p = read_packet(program[i]);
        if (!p.readable) continue;
        // Declarations that size an array: dcl_indexed_temp_array x0[n], dcl_cb cb0[n].
        if ((p.op == opcode::dcl_indexed_temp_array || p.op == opcode::dcl_const_buffer) && p.srcs == 1) {
            const operand_tokens& o = p.operand[0];
            detail::note(l, o.type, o.number, o.has_immediate && o.immediate < 0x10000u ? (o.immediate > 0 ? o.immediate : 1) : 1);
            continue;
        }
        for (std::size_t k = 0; k < std::size_t{p.dsts} + p.srcs; ++k) detail::note_operand(l, p.operand[k]);
        if (p.op == opcode::init_sr) detail::note(l, static_cast<std::uint8_t>(reg_type::const_buff), 0, 1);  // reads cb0[0]
        if (p.op == opcode::lds_read_vec || p.op == opcode::lds_write_vec)  // a share is its work-item's: vTidInGrpFlat
            detail::note(l, static_cast<std::uint8_t>(reg_type::thread_id_in_group_flat), 0, 1);
        if (p.op == opcode::hs_fork_phase || p.op == opcode::hs_join_phase)  // counts its instances
            detail::note(l, static_cast<std::uint8_t>(reg_type::shader_instance_id), 0, 1);
        const bool mmul = p.op == opcode::mmul && p.srcs == 2, transpose = p.op == opcode::transpose && p.srcs == 1;
        if ((mmul || transpose) && p.dsts == 1 && l.wides < max_wide) {  // the rows after src1 (mmul), src0 and dst (transpose)
            l.wide[l.wides++] = wide_operands{static_cast<std::uint32_t>(i), {p.operand[0], p.operand[1], p.operand[2]}};
            for (unsigned row = 1; row < 4; ++row) {
                detail::note_operand(l, detail::row_after(p.operand[mmul ? 2 : 1], row));
                if (transpose) detail::note_operand(l, detail::row_after(p.operand[0], row));
            }
        }
        if (p.op == opcode::det && p.srcs == 1)  // det reads the three registers after its source too
            for (unsigned row = 1; row < 4; ++row) detail::note_operand(l, detail::row_after(p.operand[p.dsts], row));
    }
    std::uint32_t row = layout::first_register;
    for (std::uint32_t k = 0; k < l.count; ++k) {
        l.slots[k].base = row;
        row += 4 * l.slots[k].size;
    }
    l.rows = row;
    return l;
}

}  // namespace ctisa::amdil::exec
