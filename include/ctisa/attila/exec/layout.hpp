// SPDX-License-Identifier: MIT
// How a program's registers sit in lane storage. Constexpr: the interpreter builds the layout at
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

}  // namespace ctisa::attila::exec
