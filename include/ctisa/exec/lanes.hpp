// SPDX-License-Identifier: MIT
// Lanes stored structure-of-arrays: one row of N 32-bit values per register component, and the
// vector ALU kernels that every ISA's executor computes with.
//
// Kernels read their sources into local values, compute, then store under the lane mask: an
// in-place loop over register rows that may alias (mov r0, r0.yxzw) would neither be correct nor
// vectorize. Masks are rows of 0 / ~0 so that a masked store is a bitwise blend.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

// Kernels are forced inline so that, on the compiled path, a constexpr instruction descriptor
// reaches the loops and every row number and modifier folds into them. CTISA_EXEC_INLINE_LAMBDA is
// the same for a lambda inside a kernel (after its parameter list): past a few dozen instructions
// of a compiled block, GCC stops inlining them on its own, and a block's rows then go through
// memory instead of staying in registers from one instruction to the next.
// Only in optimised builds (as {fmt} in its debug builds): unoptimised, nothing folds what was
// inlined, and forcing it only multiplies the code to compile (Clang 19 -O0 with ASan+UBSan built
// tests/attila/exec_paths_test.cpp in 147 s of CPU forced, 62 s not).
#if defined(__OPTIMIZE__)
#define CTISA_EXEC_INLINE [[gnu::always_inline]] inline
#define CTISA_EXEC_INLINE_LAMBDA __attribute__((always_inline))
#else
#define CTISA_EXEC_INLINE inline
#define CTISA_EXEC_INLINE_LAMBDA
#endif
// A loop over the lanes of a chunk: kept a loop so that GCC's loop vectorizer, rather than its
// straight-line (SLP) vectorizer after full unrolling, handles it; SLP gives up on the selects of
// NaN canonicalisation and clamps (and the scalar stores then stall the next vector load).
#define CTISA_LANE_LOOP _Pragma("GCC unroll 1")
// A loop over a chunk of lanes (a constant count, 16 or fewer) kept a loop for Clang: Clang unrolls
// it completely before its loop vectorizer runs, and its straight-line vectorizer then left ATTILA's
// kernels scalar ("List vectorization was possible but not beneficial", -Rpass-missed=slp-vectorizer;
// MAD at 16 lanes 5 times slower than GCC's). GCC vectorizes these loops as they are. (Not a
// promise that lanes are independent, vectorize(assume_safety): that forces vectorization, and
// where a target cannot, a library call such as floor without SSE4.1, Clang warns.)
#if defined(__clang__)
#define CTISA_CHUNK_LOOP _Pragma("clang loop unroll(disable)")
#else
#define CTISA_CHUNK_LOOP
#endif
// At the start of a kernel body: no fused multiply-add where the ISA rounds the product (Clang
// contracts within a statement by default; GCC follows -ffp-contract, which the build sets).
#if defined(__clang__)
#define CTISA_EXEC_NO_CONTRACT _Pragma("clang fp contract(off)")
#else
#define CTISA_EXEC_NO_CONTRACT
#endif

namespace ctisa::exec {

using lane_word = std::uint32_t;
inline constexpr lane_word lane_on = ~lane_word{0};

// Whether the interpreter's kernels compute a row a chunk of lanes at a time into a local array
// (also an instruction in place over a wide warp) and blend it under a lane mask in the kernel:
// Clang's way. Clang vectorizes a loop that writes a row it may read only behind a run-time
// overlap check that counts the same row as an overlap (in place: scalar, 10 times slower). GCC's
// check lets the same row through, and GCC 12 ran ATTILA slower that way (mad_chain/256 16 -> 6,
// predicated/256 6.8 -> 0.9 G lane-ops/s): it keeps one loop over the warp, straight into the row.
#if defined(__clang__)
inline constexpr bool chunked_lanes = true;
#else
inline constexpr bool chunked_lanes = false;
#endif

// How many lanes a kernel computes at a time: a few SIMD registers' worth, dividing N evenly.
template <std::size_t N>
inline constexpr std::size_t chunk_of = N % 16 == 0  ? 16
                                        : N % 8 == 0 ? 8
                                        : N % 4 == 0 ? 4
                                        : N % 2 == 0 ? 2
                                                     : 1;

[[nodiscard]] inline float as_float(lane_word bits) noexcept { return std::bit_cast<float>(bits); }
[[nodiscard]] inline lane_word as_bits(float value) noexcept { return std::bit_cast<lane_word>(value); }

// Clamp to [0, 1]; NaN becomes 0 (the comparisons below are false for NaN).
[[nodiscard]] inline float saturate(float x) noexcept {
    x = x > 0.0f ? x : 0.0f;
    return x < 1.0f ? x : 1.0f;
}

// Float to int32 with defined results: truncation toward zero, saturated to the int32 range,
// NaN to 0 (C++ leaves all three undefined).
[[nodiscard]] inline std::int32_t to_int32(float x) noexcept {
    if (!(x == x)) return 0;
    if (x >= 2147483648.0f) return std::numeric_limits<std::int32_t>::max();
    if (x < -2147483648.0f) return std::numeric_limits<std::int32_t>::min();
    return static_cast<std::int32_t>(x);
}

// Integer arithmetic with defined wrap-around (two's complement), through unsigned types.
[[nodiscard]] constexpr lane_word wrap_add(lane_word a, lane_word b) noexcept { return a + b; }
[[nodiscard]] constexpr lane_word wrap_mul(lane_word a, lane_word b) noexcept { return a * b; }
[[nodiscard]] constexpr lane_word wrap_neg(lane_word a) noexcept { return lane_word{0} - a; }
[[nodiscard]] constexpr lane_word wrap_abs(lane_word a) noexcept { return (a >> 31) ? wrap_neg(a) : a; }
[[nodiscard]] constexpr std::int32_t as_int(lane_word a) noexcept { return static_cast<std::int32_t>(a); }

// All ones where b, else zero: a mask for blend. (Selects by masks stay selects: GCC may turn a
// conditional operator into a branch, which stops a loop over lanes from vectorizing.)
[[nodiscard]] constexpr lane_word mask_of(bool b) noexcept { return lane_word{0} - static_cast<lane_word>(b); }

// dst = active ? value : dst, without branches.
[[nodiscard]] constexpr lane_word blend(lane_word dst, lane_word value, lane_word active) noexcept { return (value & active) | (dst & ~active); }

// A row pointer into lane storage: rows of `Stride` lanes, starting at lane `first`.
template <std::size_t Stride>
struct rows {
    lane_word* base = nullptr;
    std::size_t first = 0;

    [[nodiscard]] lane_word* row(std::size_t r) const noexcept { return base + r * Stride + first; }
};

}  // namespace ctisa::exec
