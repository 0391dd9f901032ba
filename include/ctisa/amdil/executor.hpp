// SPDX-License-Identifier: MIT
// The AMD IL reference executor: the executor core's machine (ctisa/exec/machine.hpp) with AMD IL's
// registers, and the compiled path (ctisa/exec/compiled.hpp) for programs known at compile time.
//
//   ctisa::amdil::exec::machine<16> m(program);          // a span of units (decode_program<amdil::isa>)
//   m.set(reg_type::input, 1, lane, {x, y, z, w});        // v1 of one lane
//   m.set_element(reg_type::const_buff, 0, 3, {...});     // cb0[3], every lane
//   auto status = m.run();
//   auto o0 = m.read(reg_type::output, 0, lane);          // bits
//
// Registers the program never names have no storage: setting them does nothing, reading gives 0.
// Registers keep their values between runs.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../exec/compiled.hpp"
#include "../exec/machine.hpp"
#include "exec/traits.hpp"

namespace ctisa::amdil::exec {

using vec4_bits = std::array<lane_word, 4>;

template <class M>
class machine_accessors : public ctisa::exec::accessors_base<M> {
    using ctisa::exec::accessors_base<M>::self;

    [[nodiscard]] std::uint32_t row_of(reg_type type, std::uint32_t number, std::uint32_t element) const {
        const reg_slot* s = find_slot(self().registers(), static_cast<std::uint8_t>(type), number);
        return s && element < s->size ? s->base + 4 * element : no_row;
    }

public:
    // Register `number` of `type` (element `element` of an array: x#, cb#) in one lane.
    void set(reg_type type, std::uint32_t number, std::size_t lane, const vec4_bits& bits, std::uint32_t element = 0) {
        const std::uint32_t r = row_of(type, number, element);
        if (r == no_row || lane >= M::lanes) return;
        for (unsigned c = 0; c < 4; ++c) self().row(r + c)[lane] = bits[c];
    }
    // The same in every lane (constant buffers are shared).
    void set_element(reg_type type, std::uint32_t number, std::uint32_t element, const vec4_bits& bits) {
        const std::uint32_t r = row_of(type, number, element);
        if (r == no_row) return;
        for (unsigned c = 0; c < 4; ++c) std::fill_n(self().row(r + c), M::lanes, bits[c]);
    }
    [[nodiscard]] vec4_bits read(reg_type type, std::uint32_t number, std::size_t lane, std::uint32_t element = 0) const {
        const std::uint32_t r = row_of(type, number, element);
        vec4_bits out{};
        if (r == no_row || lane >= M::lanes) return out;
        for (unsigned c = 0; c < 4; ++c) out[c] = self().row(r + c)[lane];
        return out;
    }
    [[nodiscard]] std::array<float, 4> read_float(reg_type type, std::uint32_t number, std::size_t lane) const {
        const vec4_bits b = read(type, number, lane);
        return {ctisa::exec::as_float(b[0]), ctisa::exec::as_float(b[1]), ctisa::exec::as_float(b[2]), ctisa::exec::as_float(b[3])};
    }
    // The output registers (o#) the program writes, ascending.
    [[nodiscard]] std::vector<std::uint32_t> outputs_written() const {
        std::vector<std::uint32_t> out;
        for (std::size_t i = 0; i < self().program().size(); ++i) {
            const instruction_desc& d = self().descriptor_at(i);
            if (d.has_dest && d.dst.output) out.push_back(d.dst.number);
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }
    [[nodiscard]] bool discarded(std::size_t lane) const { return lane < M::lanes && self().state().discarded[lane] != 0; }
};

template <std::size_t W = ctisa::exec::default_lanes_of<traits>()>
using machine = ctisa::exec::machine<traits, W>;

// A program known at compile time: `Program.instructions` a constexpr array of units.
template <auto Program, std::size_t W>
using compiled = ctisa::exec::compiled<traits, Program, W>;

}  // namespace ctisa::amdil::exec
