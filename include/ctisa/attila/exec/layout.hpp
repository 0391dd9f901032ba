// SPDX-License-Identifier: MIT
// How a program's registers sit in lane storage, and each instruction decoded once into a plain
// descriptor whose operands are row numbers. Both are constexpr: the interpreter builds them at
// run time, the compiled path at compile time from a constexpr program.
//
// Storage is rows of lanes, one row per register component (row r, lane l at r * W + l), holding
// 32-bit patterns: floats as IEEE-754 bits, integers (address registers, ARL results) as two's
// complement, predicates as 0 or ~0.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "../../exec/vector4.hpp"
#include "../instruction.hpp"

namespace ctisa::attila::exec {

// Only the registers a program names get rows.
struct layout {
    std::uint32_t zero = 0;  // one row of zeros, read by unused source slots
    std::uint32_t inputs = 1, input_count = 0;
    std::uint32_t outputs = 1, output_count = 0;
    std::uint32_t temps = 1, temp_count = 0;
    std::uint32_t addrs = 1, addr_count = 0;
    std::uint32_t constants = 1, constant_count = 0;     // broadcast rows of the c registers read directly
    std::uint32_t immediates = 1, immediate_count = 0;  // broadcast rows of immediates
    std::uint32_t predicates = 1, predicate_count = 0;  // one row per predicate register
    std::uint32_t accumulator = 1;                      // 8 rows: the fixed-point accumulator, 2 a component
    std::uint32_t sample = 1;                           // 1 row: each lane's current sample (CHS)
    std::uint32_t scratch = 1;                          // 12 rows: relatively addressed sources, gathered
    std::uint32_t rows = 1;
    bool relative = false;  // some instruction addresses constants relatively
    std::array<std::uint16_t, attila::constant_count> constant_slot{};  // c index -> slot + 1 (0: none)
};

inline constexpr std::uint32_t no_row = 0xFFFFFFFFu;

// ATTILA's swizzle and write-mask encodings (first position in bits 7:6; x = mask bit 3) as the
// four-component operand layer's parts.
[[nodiscard]] constexpr ctisa::exec::swizzle4 swizzle_of(std::uint8_t swizzle) noexcept {
    ctisa::exec::swizzle4 s;
    for (unsigned i = 0; i < 4; ++i) s.pick[i] = static_cast<std::uint8_t>(swizzle_component(swizzle, i));
    return s;
}
[[nodiscard]] constexpr ctisa::exec::write_mask4 write_mask_of(std::uint8_t mask) noexcept {
    ctisa::exec::write_mask4 m{0};
    for (unsigned c = 0; c < 4; ++c)
        if (mask & mask_bit(c)) m.bits = static_cast<std::uint8_t>(m.bits | (1u << c));
    return m;
}

// A source, resolved: the row read for each position (after the swizzle) and its modifiers
// (source4), and what ATTILA adds: relative addressing, predicates and booleans.
struct source_desc : ctisa::exec::source4 {
    bool relative = false;         // gathered per lane from constant `index` + address + offset
    std::uint16_t index = 0;       // the constant register (relative sources)
    operand_kind kind = operand_kind::none;
    std::uint32_t value = 0;       // booleans
};

struct instruction_desc {
    opcode op = opcode::nop;
    bool end = false;
    bool predicated = false;
    bool invert_predicate = false;
    std::uint32_t predicate_row = 0;
    bool saturate = false;
    ctisa::exec::write_mask4 mask{};
    std::uint32_t result_row = 0;  // first row of the result register (+ component), or the predicate's row
    bool invert_result = false;
    std::array<source_desc, 3> sources{};
    std::uint32_t unit = 0;        // texture unit, attribute stream, sample
    std::int32_t offset = 0;       // JMP
    std::uint32_t rel_row = 0;     // the address register component's row (relative addressing)
    std::int32_t rel_offset = 0;
    // Each written component reads, of the result register, at most its own component: the
    // component-wise kernels may then write straight into the result rows, one component after
    // another, with no copy of the sources (mad r0, r0, c0, c1 but not mov r0, r0.yxzw).
    bool in_place = false;
};

namespace detail {

constexpr void note_register(layout& l, const operand& o, std::uint32_t& immediates) noexcept {
    switch (o.kind) {
        case operand_kind::reg:
            switch (o.bank) {
                case bank::in: l.input_count = l.input_count > o.index ? l.input_count : o.index + 1u; break;
                case bank::out: l.output_count = l.output_count > o.index ? l.output_count : o.index + 1u; break;
                case bank::temp: l.temp_count = l.temp_count > o.index ? l.temp_count : o.index + 1u; break;
                case bank::addr: l.addr_count = l.addr_count > o.index ? l.addr_count : o.index + 1u; break;
                default: break;
            }
            break;
        case operand_kind::predicate: l.predicate_count = l.predicate_count > o.index ? l.predicate_count : o.index + 1u; break;
        case operand_kind::immediate: ++immediates; break;
        default: break;
    }
}

}  // namespace detail

// The rows a program needs. Instructions must be valid (they are, when built, parsed or decoded).
[[nodiscard]] constexpr layout layout_of(std::span<const instruction> program) noexcept {
    layout l;
    std::uint32_t immediates = 0;
    std::uint16_t constants = 0;
    for (const instruction& in : program) {
        detail::note_register(l, in.result, immediates);
        if (in.predicated) l.predicate_count = l.predicate_count > in.predicate ? l.predicate_count : in.predicate + 1u;
        if (in.relative) {
            l.relative = true;
            l.addr_count = l.addr_count > in.rel.reg ? l.addr_count : in.rel.reg + 1u;
        }
        for (const operand& s : in.sources) {
            detail::note_register(l, s, immediates);
            if (s.kind == operand_kind::reg && s.bank == bank::param && !in.relative && l.constant_slot[s.index] == 0)
                l.constant_slot[s.index] = ++constants;
        }
    }
    l.constant_count = constants;
    l.immediate_count = immediates;
    std::uint32_t next = 1;
    auto place = [&next](std::uint32_t& first, std::uint32_t count) {
        first = next;
        next += count;
    };
    place(l.inputs, 4 * l.input_count);
    place(l.outputs, 4 * l.output_count);
    place(l.temps, 4 * l.temp_count);
    place(l.addrs, 4 * l.addr_count);
    place(l.constants, 4 * l.constant_count);
    place(l.immediates, l.immediate_count);
    place(l.predicates, l.predicate_count);
    place(l.accumulator, 8);
    place(l.sample, 1);
    place(l.scratch, l.relative ? 12 : 0);
    l.rows = next;
    return l;
}

// The first row of a register (component 0).
[[nodiscard]] constexpr std::uint32_t register_row(const layout& l, bank b, std::uint16_t index) noexcept {
    switch (b) {
        case bank::in: return l.inputs + 4u * index;
        case bank::out: return l.outputs + 4u * index;
        case bank::temp: return l.temps + 4u * index;
        case bank::addr: return l.addrs + 4u * index;
        case bank::param: return l.constant_slot[index] ? l.constants + 4u * (l.constant_slot[index] - 1u) : no_row;
        default: return no_row;
    }
}

// Describes instruction `n` of the program (whose layout is `l`); `immediate_base` is the
// number of immediates in the instructions before it.
[[nodiscard]] constexpr instruction_desc describe(const instruction& in, const layout& l, std::uint32_t immediate_base) noexcept {
    instruction_desc d;
    d.op = in.op;
    d.end = in.end;
    d.predicated = in.predicated;
    d.invert_predicate = in.invert_predicate;
    d.predicate_row = in.predicated ? l.predicates + in.predicate : 0;
    d.saturate = in.saturate;
    d.mask = write_mask_of(in.mask);
    if (in.result.kind == operand_kind::reg) d.result_row = register_row(l, in.result.bank, in.result.index);
    if (in.result.kind == operand_kind::predicate) {
        d.result_row = l.predicates + in.result.index;
        d.invert_result = in.result.negate;
    }
    if (in.relative) {
        d.rel_row = l.addrs + 4u * in.rel.reg + in.rel.component;
        d.rel_offset = in.rel.offset;
    }
    std::uint32_t immediate = immediate_base;
    for (unsigned s = 0; s < 3; ++s) {
        const operand& o = in.sources[s];
        source_desc& sd = d.sources[s];
        sd.kind = o.kind;
        sd.negate = o.negate;
        sd.absolute = o.absolute;
        sd.swizzle = swizzle_of(o.swizzle);
        sd.index = o.index;
        sd.value = o.value;
        sd.row = {l.zero, l.zero, l.zero, l.zero};
        switch (o.kind) {
            case operand_kind::reg:
                if (o.bank == bank::param && in.relative) {
                    sd.relative = true;
                    for (unsigned c = 0; c < 4; ++c) sd.row[c] = l.scratch + 4 * s + c;
                } else {
                    sd.row = ctisa::exec::swizzled_rows(register_row(l, o.bank, o.index), sd.swizzle);
                }
                break;
            case operand_kind::immediate: {
                const std::uint32_t row = l.immediates + immediate++;
                sd.row = {row, row, row, row};
                break;
            }
            case operand_kind::predicate: sd.row = {l.predicates + o.index, 0, 0, 0}; break;
            case operand_kind::texture:
            case operand_kind::sample: d.unit = o.index; break;
            case operand_kind::offset: d.offset = static_cast<std::int32_t>(o.value); break;
            default: break;
        }
    }
    d.in_place = in.result.kind == operand_kind::reg;
    for (const source_desc& sd : d.sources)
        for (unsigned c = 0; c < 4; ++c) {
            if (!d.mask.has(c)) continue;
            const bool in_result = sd.row[c] >= d.result_row && sd.row[c] < d.result_row + 4;
            if (in_result && sd.row[c] != d.result_row + c) d.in_place = false;
        }
    return d;
}

// The number of immediates of an instruction (to number their rows).
[[nodiscard]] constexpr std::uint32_t immediates_of(const instruction& in) noexcept {
    std::uint32_t n = 0;
    for (const operand& s : in.sources) n += s.kind == operand_kind::immediate;
    return n;
}

// Describes every instruction of a program into out[0, size): immediates are numbered in order.
constexpr void describe_program(std::span<const instruction> program, const layout& l, instruction_desc* out) noexcept {
    std::uint32_t immediates = 0;
    for (std::size_t i = 0; i < program.size(); ++i) {
        out[i] = describe(program[i], l, immediates);
        immediates += immediates_of(program[i]);
    }
}

}  // namespace ctisa::attila::exec
