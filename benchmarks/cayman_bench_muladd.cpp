// SPDX-License-Identifier: MIT
// muladd_chain: 16 groups of four MULADD (X-W: R0.c = R0.c * R1.c + R2.c).
#include "cayman_bench.hpp"

namespace cbench {

namespace {

constexpr cm::alu_group muladd_group(int) {
    cm::alu_group g;
    for (std::uint32_t c = 0; c < 4; ++c)
        g.slots.push_back(
            alu("MULADD", c, {{"SRC0_SEL", 0}, {"SRC0_CHAN", c}, {"SRC1_SEL", 1}, {"SRC1_CHAN", c}, {"SRC2_SEL", 2}, {"SRC2_CHAN", c}}, true));
    return g;
}

constexpr auto muladd_program = fixed_program_of<muladd_group>();

}  // namespace

void native_muladd(const soa& in, soa& out, std::size_t lanes) {
    for (std::size_t first = 0; first < lanes; first += block) {
        float r[4][block];
        for (std::size_t c = 0; c < 4; ++c)
            for (std::size_t j = 0; j < block; ++j) r[c][j] = as_f(in[c][first + j]);
        // The lanes innermost and kept a loop, so that GCC vectorises across them (fully unrolled,
        // its straight-line vectoriser gave up on the zero rule's select and vectorised over the
        // four components instead: 3.6 G lane-ops/s, a baseline too weak to compare with); the
        // four components' chains interleave, as the group's four slots do.
        // The constant factor's zero test is hoisted out of the lane loop, and the zero rule is a
        // mask on the product's bits: written as a select, (x == 0 ? 0 : x * f), GCC 12's cost
        // model for AVX2 (-march=haswell) kept the loop scalar (AVX-512 vectorised both).
        for (int k = 0; k < 16; ++k)
            for (std::size_t c = 0; c < 4; ++c) {
                const float factor = c0[c], term = c1[c];
                if (factor == 0.0f) {
                    for (std::size_t j = 0; j < block; ++j) r[c][j] = term;  // 0 + term: zero times anything
                    continue;
                }
#pragma GCC unroll 1
                for (std::size_t j = 0; j < block; ++j) {
                    const std::uint32_t keep = r[c][j] == 0.0f ? 0u : ~0u;  // zero times anything: +0
                    r[c][j] = as_f(bits(r[c][j] * factor) & keep) + term;
                }
            }
        for (std::size_t c = 0; c < 4; ++c)
            for (std::size_t j = 0; j < block; ++j) out[c][first + j] = bits(r[c][j]);
    }
}

void register_muladd() {
    register_program<muladd_program, 64>("muladd_chain", native_muladd, lays_out_as_built(muladd_group));
    register_program<muladd_program, 256>("muladd_chain", native_muladd, lays_out_as_built(muladd_group));
}

}  // namespace cbench
