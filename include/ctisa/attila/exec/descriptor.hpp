// SPDX-License-Identifier: MIT
// Each instruction decoded once into a plain descriptor whose operands are row numbers (layout.hpp).
// Constexpr: the interpreter describes a program at run time, the compiled path at compile time.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "../../exec/vector4.hpp"
#include "../instruction.hpp"
#include "layout.hpp"

namespace ctisa::attila::exec {

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
