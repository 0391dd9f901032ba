// SPDX-License-Identifier: MIT
// The machinery of every ISA's compiled path (a program known at compile time, each instruction
// a function specialised on its constexpr descriptor):
//   - straight-line programs run in blocks of lanes on a stack copy of their rows, the
//     instructions unrolled one after another (for_each_block, unroll_while);
//   - programs with control flow run the shared control loop over a table of the specialised
//     per-instruction functions (function_table).
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <utility>

#include "lanes.hpp"

namespace ctisa::exec {

// Lanes a block: a block fills a few SIMD registers (at most Max lanes: more independent vectors
// an instruction hide more latency, fewer keep the block's rows in the first-level cache), and
// quads and 16-lane subgroups stay whole.
template <std::size_t W, std::size_t Max = 32>
inline constexpr std::size_t block_lanes = (W <= Max || W % Max != 0) ? W : Max;

// For each block of Block lanes of a warp of W lanes whose storage is rows of W lanes: copies
// rows [0, Rows) of the block to the stack, calls body(local rows, first lane of the block), then
// copies rows [0, RowsOut) back (the rows after RowsOut are read-only). The whole program then
// works in a few kilobytes that stay in the first-level cache. Only lanes below `lanes` are copied
// back (blocks entirely above it are skipped): the body may compute the others freely.
template <std::size_t Rows, std::size_t RowsOut, std::size_t Block, std::size_t W, class Body>
void for_each_block(lane_word* warp, Body&& body, std::size_t lanes = W) {
    static_assert(W % Block == 0 && RowsOut <= Rows);
    for (std::size_t first = 0; first < W && first < lanes; first += Block) {
        alignas(64) std::array<lane_word, Rows * Block> local;
        for (std::size_t r = 0; r < Rows; ++r) std::memcpy(&local[r * Block], &warp[r * W + first], sizeof(lane_word) * Block);
        body(local.data(), first);
        if (lanes - first >= Block) {
            for (std::size_t r = 0; r < RowsOut; ++r) std::memcpy(&warp[r * W + first], &local[r * Block], sizeof(lane_word) * Block);
        } else {
            for (std::size_t r = 0; r < RowsOut; ++r) std::memcpy(&warp[r * W + first], &local[r * Block], sizeof(lane_word) * (lanes - first));
        }
    }
}

// f(std::integral_constant<std::size_t, I>{}) for I = 0, 1, ... N - 1 while it returns true.
template <std::size_t N, class F>
CTISA_EXEC_INLINE void unroll_while(F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (void)(f(std::integral_constant<std::size_t, I>{}) && ...);
    }(std::make_index_sequence<N>{});
}

// {&Maker::template entry<0>, ..., &Maker::template entry<N - 1>}: a table of function pointers
// of type Fn, one per instruction.
template <class Fn, class Maker, std::size_t N>
constexpr std::array<Fn, N> function_table() {
    return []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<Fn, N>{&Maker::template entry<I>...};
    }(std::make_index_sequence<N>{});
}

}  // namespace ctisa::exec
