// SPDX-License-Identifier: MIT
// The Valhall benchmark's floating-point programs: an FMA.f32 chain and an FMA.v2f16 chain.
#include <bit>
#include <cmath>

#include "valhall_bench.hpp"

namespace vbench {
namespace {

// 1. An FMA.f32 chain: 64 dependent fused multiply-adds a lane, r0 = r0 * u0 + u1.
constexpr auto fma_f32_text = repeated<"", "FMA.f32 r0, r0, u0, u1\n", 64, "">();
constexpr auto fma_f32_program = va::assemble<fma_f32_text>();

// 2. An FMA.v2f16 chain: 64 of them, both halves, r0 = r0 * u2 + u3 (u2 with its halves swapped).
constexpr auto fma_v2f16_text = repeated<"", "FMA.v2f16 r0, r0, u2.h10, u3\n", 64, "">();
constexpr auto fma_v2f16_program = va::assemble<fma_v2f16_text>();

constexpr float c0 = 0.9990234375f, c1 = 0.0009765625f;        // u0, u1: r0 tends to 1
constexpr std::uint16_t h_mul_lo = 0x3800, h_mul_hi = 0x3A00;  // u2 = (0.75, 0.5): .h10 swaps them
constexpr std::uint16_t h_add_lo = 0x3400, h_add_hi = 0x3000;  // u3 = (0.25, 0.125)

setup make_setup(std::size_t lanes) {
    setup s;
    s.r0.resize(lanes);
    s.r1.assign(lanes, 0);
    for (std::size_t l = 0; l < lanes; ++l) {
        const float x = 0.25f + static_cast<float>(l % 37) / 16.0f;
        s.r0[l] = std::bit_cast<std::uint32_t>(x);
    }
    s.uniforms = {std::bit_cast<std::uint32_t>(c0), std::bit_cast<std::uint32_t>(c1),
                  static_cast<std::uint32_t>(h_mul_lo) | static_cast<std::uint32_t>(h_mul_hi) << 16,
                  static_cast<std::uint32_t>(h_add_lo) | static_cast<std::uint32_t>(h_add_hi) << 16};
    return s;
}

// The f16 program's inputs: r0 holds two halves a lane.
setup make_setup_f16(std::size_t lanes) {
    setup s = make_setup(lanes);
    for (std::size_t l = 0; l < lanes; ++l) {
        const auto lo = ctisa::exec::half_from_float(0.125f + static_cast<float>(l % 29) / 8.0f);
        const auto hi = ctisa::exec::half_from_float(3.0f - static_cast<float>(l % 13) / 4.0f);
        s.r0[l] = static_cast<std::uint32_t>(lo) | static_cast<std::uint32_t>(hi) << 16;
    }
    return s;
}

// FMA.f32's math: one fused rounding, NaN results canonical ([nan]): as a user writing for speed
// would, once at the end (a NaN stays a NaN through the chain, so the bits are the same; the
// compiled path drops the same per-step work by its loose-NaN analysis). Lanes in blocks of B in
// a local array (64 lanes: four 16-lane vectors whose chains interleave, 16 for a 16-lane warp).
template <std::size_t B>
void fma_f32_blocks(const setup& in, std::vector<std::uint32_t>& r0, std::vector<std::uint32_t>& r1, std::size_t lanes) {
    for (std::size_t first = 0; first < lanes; first += B) {
        std::uint32_t r[B];
        for (std::size_t j = 0; j < B; ++j) r[j] = in.r0[first + j];
        for (int k = 0; k < 64; ++k) {
            VB_LANE_LOOP
            for (std::size_t j = 0; j < B; ++j) r[j] = std::bit_cast<std::uint32_t>(std::fma(std::bit_cast<float>(r[j]), c0, c1));
        }
        for (std::size_t j = 0; j < B; ++j) {
            const std::uint32_t x = r[j];
            r0[first + j] = (x & 0x7FFFFFFFu) > 0x7F800000u ? 0x7FC00000u : x;
            r1[first + j] = in.r1[first + j];
        }
    }
}
void native_fma_f32(const setup& in, std::vector<std::uint32_t>& r0, std::vector<std::uint32_t>& r1, std::size_t lanes) {
    if (lanes % 64 == 0) fma_f32_blocks<64>(in, r0, r1, lanes);
    else fma_f32_blocks<16>(in, r0, r1, lanes);
}

// FMA.v2f16's math per half: the fused result rounded once to binary16 ([fma16], the same
// branch-free routine as the executor's), halves kept apart (structure of arrays).
template <std::size_t B>
void fma_v2f16_blocks(const setup& in, std::vector<std::uint32_t>& r0, std::vector<std::uint32_t>& r1, std::size_t lanes) {
    for (std::size_t first = 0; first < lanes; first += B) {
        std::uint16_t lo[B], hi[B];
        for (std::size_t j = 0; j < B; ++j) {
            lo[j] = static_cast<std::uint16_t>(in.r0[first + j]);
            hi[j] = static_cast<std::uint16_t>(in.r0[first + j] >> 16);
        }
        for (int k = 0; k < 64; ++k) {
            VB_LANE_LOOP
            for (std::size_t j = 0; j < B; ++j) lo[j] = vx::fma16(lo[j], h_mul_hi, h_add_lo, va::clamp::none);
            VB_LANE_LOOP
            for (std::size_t j = 0; j < B; ++j) hi[j] = vx::fma16(hi[j], h_mul_lo, h_add_hi, va::clamp::none);
        }
        for (std::size_t j = 0; j < B; ++j) {
            r0[first + j] = static_cast<std::uint32_t>(lo[j]) | static_cast<std::uint32_t>(hi[j]) << 16;
            r1[first + j] = in.r1[first + j];
        }
    }
}
void native_fma_v2f16(const setup& in, std::vector<std::uint32_t>& r0, std::vector<std::uint32_t>& r1, std::size_t lanes) {
    if (lanes % 64 == 0) fma_v2f16_blocks<64>(in, r0, r1, lanes);
    else fma_v2f16_blocks<16>(in, r0, r1, lanes);
}

}  // namespace

void register_fma_programs() {
    register_widths<fma_f32_program>("fma_f32", make_setup, native_fma_f32);
    register_widths<fma_v2f16_program>("fma_v2f16", make_setup_f16, native_fma_v2f16);
}

}  // namespace vbench
