// SPDX-License-Identifier: MIT
// The Valhall interpreter: the executor core's machine (ctisa/exec/machine.hpp) with Valhall's
// registers: r0-r63 per lane and the uniforms u0-u63 shared by every lane. A warp is 16 lanes by
// default, as the hardware's.
//
//   ctisa::valhall::exec::machine<16> m(program);      // a span of instructions (from bytes:
//                                                      // ctisa::decode_program<valhall::isa>)
//   m.set(0, lane, bits);                               // r0 of one lane (set_float, set_int typed)
//   m.set_uniform(4, bits);                             // u4, shared by every lane
//   auto status = m.run();                              // or m.run(my_environment)
//   auto r1 = m.read(1, lane);                          // bits; read_float, read_int typed
//
// Registers keep their values between runs; registers not set start at zero. A program ends after
// its last instruction, or where the `return` action ends its lanes.
//
// And the compiled path, the executor core's (ctisa/exec/compiled.hpp) over the same traits:
//   constexpr auto program = ctisa::valhall::assemble<"...">();
//   ctisa::valhall::exec::compiled<program, 64>::run(m);  // same results as m.run(), bit for bit
// Straight-line programs (traits::straight) run in blocks of up to 64 lanes; programs with
// branches, messages or other actions run the control loop, each instruction a specialised function.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../../exec/compiled.hpp"
#include "../../exec/machine.hpp"
#include "traits.hpp"

namespace ctisa::valhall::exec {

// Valhall's accessors, a base of the core's machine M (traits::accessors).
template <class M>
class machine_accessors : public ctisa::exec::accessors_base<M> {
    using ctisa::exec::accessors_base<M>::self;

public:
    // --- state before a run ---------------------------------------------------------------------
    // r`reg` of one lane; registers the program never names are ignored.
    void set(unsigned reg, std::size_t lane, std::uint32_t bits) {
        if (reg < register_count && lane < M::lanes && self().registers().reg[reg]) self().row(self().registers().reg[reg])[lane] = bits;
    }
    // The same typed: a float or a signed integer as its 32 bits.
    void set_float(unsigned reg, std::size_t lane, float value) { set(reg, lane, ctisa::exec::as_bits(value)); }
    void set_int(unsigned reg, std::size_t lane, std::int32_t value) { set(reg, lane, std::uint32_t(value)); }
    // u`index`, shared by every lane.
    void set_uniform(unsigned index, std::uint32_t bits) {
        if (index < uniform_count) self().state().uniforms[index] = bits, self().state().uniforms_dirty = true;
    }

    // --- state after a run ----------------------------------------------------------------------
    [[nodiscard]] std::uint32_t read(unsigned reg, std::size_t lane) const {
        if (reg >= register_count || lane >= M::lanes || !self().registers().reg[reg]) return 0;
        return self().row(self().registers().reg[reg])[lane];
    }
    [[nodiscard]] float read_float(unsigned reg, std::size_t lane) const { return ctisa::exec::as_float(read(reg, lane)); }
    [[nodiscard]] std::int32_t read_int(unsigned reg, std::size_t lane) const { return std::int32_t(read(reg, lane)); }
    [[nodiscard]] std::uint32_t uniform(unsigned index) const { return index < uniform_count ? self().state().uniforms[index] : 0; }
    // The registers the program writes (destinations, register pairs and staging registers written),
    // in ascending order: a static list, whether or not a run reaches the instructions.
    [[nodiscard]] std::vector<unsigned> registers_written() const {
        std::vector<unsigned> out;
        for (const instruction& in : self().program()) {
            const instruction_info& ins = info(in.id);
            if (ins.dests && in.id != instruction_id::discard_f32) {  // DISCARD leaves its destination alone
                out.push_back(in.dest.reg);
                if (writes_pair(in.id) && in.dest.reg + 1u < register_count) out.push_back(in.dest.reg + 1u);
            }
            for (unsigned k = 0; k < ins.staging_count; ++k)
                if (ins.staging[k].write)
                    for (unsigned r = 0; r < in.staging[k].count; ++r) out.push_back(in.staging[k].base + r);
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }
};

template <std::size_t W = ctisa::exec::default_lanes_of<traits>()>
using machine = ctisa::exec::machine<traits, W>;

template <auto Program, std::size_t W>
using compiled = ctisa::exec::compiled<traits, Program, W>;

}  // namespace ctisa::valhall::exec
