// SPDX-License-Identifier: MIT
// The ATTILA interpreter: the executor core's machine (ctisa/exec/machine.hpp) with ATTILA's
// registers: banks of four-component registers, constants, predicates and kills.
//
//   ctisa::attila::exec::machine<64> m(program);       // a span of instructions (from bytes:
//                                                      // ctisa::decode_program<attila::isa>)
//   m.set_input(lane, 0, {x, y, z, w});
//   auto status = m.run();                              // or m.run(my_environment)
//   auto o0 = m.read(bank::out, 0, lane);             // bits; read_float gives a vec4, read_int ints
//
// Registers keep their values between runs; reset() clears all but inputs and constants.
//
// And the compiled path, the executor core's (ctisa/exec/compiled.hpp) over the same traits:
//   constexpr auto program = ctisa::attila::assemble<"...">();
//   ctisa::attila::exec::compiled<program, 64>::run(m);  // same results as m.run(), bit for bit
// Programs without JMP run in blocks of lanes straight through; programs with JMP run the control
// loop, each instruction a specialised function.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "../../exec/compiled.hpp"
#include "../../exec/machine.hpp"
#include "traits.hpp"

namespace ctisa::attila::exec {

// ATTILA's accessors, a base of the core's machine M (traits::accessors).
template <class M>
class machine_accessors : public ctisa::exec::accessors_base<M> {
    using ctisa::exec::accessors_base<M>::self;

public:
    // --- state before a run -------------------------------------------------------------------
    void set_constant(unsigned reg, const std::array<lane_word, 4>& bits) {
        if (reg < constant_count) self().state().constants[reg] = bits, self().state().constants_dirty = true;
    }
    void set_constant(unsigned reg, const vec4& value) { set_constant(reg, bits_of(value)); }
    // i, o, r and a registers of one lane; registers the program never names are ignored.
    void set(bank b, unsigned reg, std::size_t lane, const std::array<lane_word, 4>& bits) {
        if (b == bank::param) return set_constant(reg, bits);
        const std::uint32_t r = bank_row(self().registers(), b, reg);
        if (r == no_row || lane >= M::lanes) return;
        for (unsigned c = 0; c < 4; ++c) self().row(r + c)[lane] = bits[c];
    }
    void set(bank b, unsigned reg, std::size_t lane, const vec4& value) { set(b, reg, lane, bits_of(value)); }
    void set_input(std::size_t lane, unsigned reg, const vec4& value) { set(bank::in, reg, lane, value); }
    void set_predicate(unsigned reg, std::size_t lane, bool value) {
        if (reg < self().registers().predicate_count && lane < M::lanes)
            self().row(self().registers().predicates + reg)[lane] = value ? lane_on : 0;
    }
    // Zero every register but inputs and constants (and the fixed-point accumulator, sample counters).
    void reset() {
        std::fill(self().row(self().registers().outputs), self().row(self().registers().constants), 0u);
        std::fill(self().row(self().registers().predicates), self().row(self().registers().scratch), 0u);
    }

    // --- state after a run --------------------------------------------------------------------
    [[nodiscard]] std::array<lane_word, 4> read(bank b, unsigned reg, std::size_t lane) const {
        if (b == bank::param) return reg < constant_count ? self().state().constants[reg] : std::array<lane_word, 4>{};
        const std::uint32_t r = bank_row(self().registers(), b, reg);
        std::array<lane_word, 4> out{};
        if (r == no_row || lane >= M::lanes) return out;
        for (unsigned c = 0; c < 4; ++c) out[c] = self().row(r + c)[lane];
        return out;
    }
    // The same register typed: four floats, or four signed integers (a0's components, integer data).
    [[nodiscard]] vec4 read_float(bank b, unsigned reg, std::size_t lane) const {
        const auto bits = read(b, reg, lane);
        return {ctisa::exec::as_float(bits[0]), ctisa::exec::as_float(bits[1]), ctisa::exec::as_float(bits[2]), ctisa::exec::as_float(bits[3])};
    }
    [[nodiscard]] std::array<std::int32_t, 4> read_int(bank b, unsigned reg, std::size_t lane) const {
        const auto bits = read(b, reg, lane);
        return {std::int32_t(bits[0]), std::int32_t(bits[1]), std::int32_t(bits[2]), std::int32_t(bits[3])};
    }
    [[nodiscard]] bool predicate(unsigned reg, std::size_t lane) const {
        return reg < self().registers().predicate_count && lane < M::lanes && self().row(self().registers().predicates + reg)[lane] != 0;
    }
    [[nodiscard]] bool killed(std::size_t lane) const { return lane < M::lanes && self().state().killed[lane] != 0; }
    // The output registers the program writes.
    [[nodiscard]] std::vector<unsigned> outputs_written() const { return outputs_of(self().program()); }
};

template <std::size_t W = ctisa::exec::default_lanes_of<traits>()>
using machine = ctisa::exec::machine<traits, W>;

template <auto Program, std::size_t W>
using compiled = ctisa::exec::compiled<traits, Program, W>;

}  // namespace ctisa::attila::exec
