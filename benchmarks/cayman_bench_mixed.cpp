// SPDX-License-Identifier: MIT
// mixed: 16 groups alternating floats and integers, one of them reading PV.
#include "cayman_bench.hpp"

namespace cbench {

namespace {

constexpr cm::alu_group mixed_group(int g) {
    if (g % 2 == 0)
        return {{alu("MUL_IEEE", 0, {{"SRC0_SEL", 0}, {"SRC1_SEL", 130}}),
                 alu("ADD_INT", 1, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 1}, {"SRC1_SEL", 130}, {"SRC1_CHAN", 1}}),
                 alu("XOR_INT", 2, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 2}, {"SRC1_SEL", 0}, {"SRC1_CHAN", 1}}),
                 alu("ADD", 3, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 3}, {"SRC1_SEL", 130}, {"SRC1_CHAN", 3}})},
                {}};
    return {{alu("ADD", 0, {{"SRC0_SEL", 0}, {"SRC1_SEL", 131}}),
             alu("AND_INT", 1, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 1}, {"SRC1_SEL", 131}, {"SRC1_CHAN", 1}}),
             alu("ADD_INT", 2, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 2}, {"SRC1_SEL", 254}, {"SRC1_CHAN", 1}}),
             alu("MUL_IEEE", 3, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 3}, {"SRC1_SEL", 131}, {"SRC1_CHAN", 3}})},
            {}};
}

constexpr auto mixed_program = fixed_program_of<mixed_group>();

}  // namespace

void native_mixed(const soa& in, soa& out, std::size_t lanes) {
    const float k2x = as_f(k2[0]), k2w = as_f(k2[3]), k3x = as_f(k3[0]), k3w = as_f(k3[3]);
    for (std::size_t first = 0; first < lanes; first += block) {
        float x[block], w[block];
        std::uint32_t y[block], z[block];
        for (std::size_t j = 0; j < block; ++j) {
            x[j] = as_f(in[0][first + j]), y[j] = in[1][first + j], z[j] = in[2][first + j], w[j] = as_f(in[3][first + j]);
        }
        // Each group a loop over the lanes, kept a loop (GCC vectorises it whole; fully unrolled
        // its straight-line vectoriser left the block's values going through the stack).
        for (int k = 0; k < 8; ++k) {
            std::uint32_t pv_y[block];
#pragma GCC unroll 1
            for (std::size_t j = 0; j < block; ++j) {
                x[j] = x[j] * k2x;
                z[j] = z[j] ^ y[j];  // reads Y before the group writes it
                y[j] = y[j] + k2[1];
                w[j] = w[j] + k2w;
                pv_y[j] = y[j];
            }
#pragma GCC unroll 1
            for (std::size_t j = 0; j < block; ++j) {
                x[j] = x[j] + k3x;
                y[j] = y[j] & k3[1];
                z[j] = z[j] + pv_y[j];
                w[j] = w[j] * k3w;
            }
        }
        for (std::size_t j = 0; j < block; ++j) {
            out[0][first + j] = bits(x[j]), out[1][first + j] = y[j], out[2][first + j] = z[j], out[3][first + j] = bits(w[j]);
        }
    }
}

void register_mixed() {
    register_program<mixed_program, 64>("mixed", native_mixed, lays_out_as_built(mixed_group));
    register_program<mixed_program, 256>("mixed", native_mixed, lays_out_as_built(mixed_group));
}

}  // namespace cbench
