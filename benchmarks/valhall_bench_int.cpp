// SPDX-License-Identifier: MIT
// The Valhall benchmark's integer program: add, shift-xor both ways, multiply.
#include "valhall_bench.hpp"

namespace vbench {
namespace {

// 3. An integer chain: 16 rounds of four instructions (64) mixing two registers a lane.
constexpr auto int_text = repeated<"",
                                   "IADD.u32 r0, r0, u0\n"
                                   "LSHIFT_XOR.i32 r1, r0, u1, r1\n"
                                   "RSHIFT_XOR.i32 r0, r1, u1, r0\n"
                                   "IMUL.i32 r1, r1, u0\n",
                                   16, "">();
constexpr auto int_program = va::assemble<int_text>();

constexpr std::uint32_t k_add = 0x9E3779B9u, k_shift = 5;

setup make_setup(std::size_t lanes) {
    setup s;
    s.r0.resize(lanes);
    s.r1.resize(lanes);
    for (std::size_t l = 0; l < lanes; ++l) {
        s.r0[l] = static_cast<std::uint32_t>(l) * 0x01000193u;
        s.r1[l] = ~static_cast<std::uint32_t>(l) * 0x2545F491u;
    }
    s.uniforms = {k_add, k_shift, 0, 0};
    return s;
}

// The same operations in the same order, lanes in blocks of B (64: four 16-lane vectors); shifts by
// 5 are within range, so plain C++ shifts agree with the executor's whole-byte shift amounts.
template <std::size_t B>
void int_blocks(const setup& in, std::vector<std::uint32_t>& r0, std::vector<std::uint32_t>& r1, std::size_t lanes) {
    for (std::size_t first = 0; first < lanes; first += B) {
        std::uint32_t a[B], b[B];
        for (std::size_t j = 0; j < B; ++j) a[j] = in.r0[first + j], b[j] = in.r1[first + j];
        for (int k = 0; k < 16; ++k) {
            VB_LANE_LOOP
            for (std::size_t j = 0; j < B; ++j) a[j] += k_add;
            VB_LANE_LOOP
            for (std::size_t j = 0; j < B; ++j) b[j] ^= a[j] << k_shift;
            VB_LANE_LOOP
            for (std::size_t j = 0; j < B; ++j) a[j] ^= b[j] >> k_shift;
            VB_LANE_LOOP
            for (std::size_t j = 0; j < B; ++j) b[j] *= k_add;
        }
        for (std::size_t j = 0; j < B; ++j) r0[first + j] = a[j], r1[first + j] = b[j];
    }
}
void native_int(const setup& in, std::vector<std::uint32_t>& r0, std::vector<std::uint32_t>& r1, std::size_t lanes) {
    if (lanes % 64 == 0) int_blocks<64>(in, r0, r1, lanes);
    else int_blocks<16>(in, r0, r1, lanes);
}

}  // namespace

void register_int_programs() { register_widths<int_program>("int_chain", make_setup, native_int); }

}  // namespace vbench
