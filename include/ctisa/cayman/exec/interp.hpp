// SPDX-License-Identifier: MIT
// Parameter interpolation (7.3.2, 8.2's INTERP_*): the parameter cache is in the LDS, and a pair
// of slots interpolates one component of a parameter from the barycentrics I and J in GPRs:
// the odd slot (y or w, src0 = I) is the MULADD, tmp = P0 + (P1 - P0) * I, the even slot (x or z,
// src0 = J) the DOT on it, P0 + (P1 - P0) * I + (P2 - P0) * J (the document's "X = ytmp +
// paramA*J; Ytmp = paramA + paramB*I").
//
// Decisions where the document is silent:
// - The parameter is the integer value of src1 (of src0 for INTERP_LOAD_P*: "the SRC0 argument
//   contains the parameter number (0 - 32)"); the document names no select for "param_(0..32)"
//   (ATI's drivers use SRC_SEL 448 + n, which this description keeps reserved), so a literal or
//   an inline integer (0, 1_INT) names it.
// - The cache's layout (the hardware's, held in LDS_ALLOC_PS space): one primitive for the
//   wavefront (NEW_PRIM_MASK 0), parameter n's P0, P1 - P0, P2 - P0 as four floats each at LDS
//   bytes 48n, 48n + 16, 48n + 32, read through the environment's lds_load.
// - The components: INTERP_XY's pairs (x, y) and (z, w) interpolate X and Y, INTERP_ZW's Z and W,
//   INTERP_X's (x, y) X, INTERP_Z's (z, w) Z; the results appear in the output channels ("the output
//   of interp_xy appears in the X and Y slots; ZW in the Z and W slots"): the second pair's result
//   is muxed onto the Y (W) output, the first pair's onto Z for INTERP_ZW. The other slots (the
//   document says they are masked) write their own step: the odd slot tmp, the even one its pair's.
// - The DOT's add takes the MULADD unrounded: both steps are computed in binary64 and rounded
//   once to float (the product of two floats is exact there).
// - INTERP_LOAD_P0 / _P10 / _P20 write the slot's channel of P0, P1 - P0, P2 - P0.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "../../exec/lanes.hpp"
#include "../description.hpp"

namespace ctisa::cayman::exec {

[[nodiscard]] constexpr bool is_interp(opcode op) noexcept {
    switch (op) {
        case opcode::alu_op2_interp_xy:
        case opcode::alu_op2_interp_zw:
        case opcode::alu_op2_interp_x:
        case opcode::alu_op2_interp_z:
        case opcode::alu_op2_interp_load_p0:
        case opcode::alu_op2_interp_load_p10:
        case opcode::alu_op2_interp_load_p20: return true;
        default: return false;
    }
}

namespace detail {

// The parameter component a slot's pair interpolates.
[[nodiscard]] constexpr std::uint32_t interp_component(opcode op, std::uint32_t chan) noexcept {
    const std::uint32_t second = chan >= 2 ? 1u : 0u;
    switch (op) {
        case opcode::alu_op2_interp_xy: return second;
        case opcode::alu_op2_interp_zw: return 2 + second;
        case opcode::alu_op2_interp_z: return 2;
        default: return 0;  // INTERP_X
    }
}

// Word k (0 P0, 1 P1 - P0, 2 P2 - P0) of parameter n's component `comp`.
template <class Env>
ctisa::exec::lane_word param_word(Env& env, std::uint32_t n, std::uint32_t k, std::uint32_t comp) {
    return env.lds_load(48 * n + 16 * k + 4 * comp, 4);
}

// One lane of an INTERP_* slot: src0 `a`, src1 `b`; `i` the I of the slot's pair (the odd slot's
// src0, kept while the group runs W first).
template <class Env>
ctisa::exec::lane_word interp_lane(opcode op, std::uint32_t chan, ctisa::exec::lane_word a, ctisa::exec::lane_word b, ctisa::exec::lane_word& i,
                                   Env& env) {
    const auto f = [](ctisa::exec::lane_word w) { return static_cast<double>(std::bit_cast<float>(w)); };
    switch (op) {
        case opcode::alu_op2_interp_load_p0: return param_word(env, a, 0, chan);
        case opcode::alu_op2_interp_load_p10: return param_word(env, a, 1, chan);
        case opcode::alu_op2_interp_load_p20: return param_word(env, a, 2, chan);
        default: break;
    }
    const std::uint32_t comp = interp_component(op, chan);
    if (chan & 1u) i = a;
    const double tmp = f(param_word(env, b, 0, comp)) + f(param_word(env, b, 1, comp)) * f(i);
    const double r = chan & 1u ? tmp : tmp + f(param_word(env, b, 2, comp)) * f(a);
    return std::bit_cast<ctisa::exec::lane_word>(static_cast<float>(r));
}

// The muxes onto the output channels (`at`: the slot of each channel, -1 if none).
template <class Result>
void mux_interp(opcode op, const std::array<int, 4>& at, Result& result) {
    const auto slot = [&](std::size_t c) { return static_cast<std::size_t>(at[c]); };
    if (op == opcode::alu_op2_interp_xy && at[1] >= 0 && at[2] >= 0) result[slot(1)] = result[slot(2)];
    if (op == opcode::alu_op2_interp_zw && at[0] >= 0 && at[2] >= 0) {
        const auto second = result[slot(2)];
        result[slot(2)] = result[slot(0)];
        if (at[3] >= 0) result[slot(3)] = second;
    }
}

}  // namespace detail

}  // namespace ctisa::cayman::exec
