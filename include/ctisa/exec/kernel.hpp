// SPDX-License-Identifier: MIT
// What every ISA's kernels are written against: a view of N lanes of register rows, an
// instruction descriptor seen either through a pointer (the interpreter) or as a template argument
// (the compiled path), and the masked stores that end every kernel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "lanes.hpp"

namespace ctisa::exec {

// N lanes of storage whose rows are `Stride` lanes long, starting at lane `first`. `context` is
// what the ISA's kernels need besides rows (ATTILA: the constant bank, for relative addressing).
template <std::size_t N, std::size_t Stride, class Context = const void>
struct lane_view {
    lane_word* base = nullptr;
    std::size_t first = 0;
    Context* context = nullptr;

    static constexpr std::size_t lanes = N;
    [[nodiscard]] lane_word* row(std::uint32_t r) const noexcept { return base + static_cast<std::size_t>(r) * Stride + first; }
};

// How kernels see an instruction's descriptor: through a pointer (the interpreter) or as a
// template argument (the compiled path), whose fields are then constants in every kernel.
template <class Desc>
struct dynamic_desc {
    const Desc* desc;
    [[nodiscard]] const Desc& get() const noexcept { return *desc; }
};
template <auto D>
struct static_desc {
    [[nodiscard]] static constexpr const decltype(D)& get() noexcept { return D; }
};

// Whether kernels see the descriptor as a template argument (static_desc, or an ISA's class
// derived from it): the compiled path.
template <class Desc>
inline constexpr bool is_static_desc = requires { Desc::get(); };

// f(k) for each lane k of a chunk of Count lanes. The interpreter's loop stays a loop for Clang
// (CTISA_CHUNK_LOOP, lanes.hpp); the compiled path's is left to the compiler to unroll, so that a
// block's rows stay in registers from one instruction to the next.
template <class Desc, std::size_t Count, class F>
CTISA_EXEC_INLINE void each_lane(F&& f) {
    if constexpr (is_static_desc<Desc>) {
        for (std::size_t k = 0; k < Count; ++k) f(k);
    } else {
        CTISA_CHUNK_LOOP
        for (std::size_t k = 0; k < Count; ++k) f(k);
    }
}

// Stores `count` values to a row from lane l0 on, where `active` is set (all of them when
// all_active). The row, the values and the mask never overlap: saying so lets the compiler
// vectorize short fixed-length loops it has already unrolled.
template <class View>
CTISA_EXEC_INLINE void store(const View& v, std::uint32_t row, std::size_t l0, const lane_word* __restrict values, std::size_t count,
                             const lane_word* __restrict active, bool all_active) {
    lane_word* __restrict d = v.row(row) + l0;
    if (all_active) {
        for (std::size_t k = 0; k < count; ++k) d[k] = values[k];
    } else {
        for (std::size_t k = 0; k < count; ++k) d[k] = blend(d[k], values[k], active[l0 + k]);
    }
}

// The same, writing only the bits of `bits` (a write mask over parts of the word: 16-bit halves).
template <class View>
CTISA_EXEC_INLINE void store_bits(const View& v, std::uint32_t row, std::size_t l0, const lane_word* __restrict values, std::size_t count,
                                  const lane_word* __restrict active, bool all_active, lane_word bits) {
    if (bits == lane_on) return store(v, row, l0, values, count, active, all_active);
    lane_word* __restrict d = v.row(row) + l0;
    if (all_active) {
        for (std::size_t k = 0; k < count; ++k) d[k] = blend(d[k], values[k], bits);
    } else {
        for (std::size_t k = 0; k < count; ++k) d[k] = blend(d[k], values[k], active[l0 + k] & bits);
    }
}

// Kernels whose descriptor is known only at run time (the interpreter) store through one shared
// function instead of a copy inlined into each kernel: with nothing constant, inlining folds
// nothing, and the copies (four loops each) cost compile time in every kernel.
template <class View>
[[gnu::noinline]] void store_bits_shared(const View& v, std::uint32_t row, std::size_t l0, const lane_word* values, std::size_t count,
                                         const lane_word* active, bool all_active, lane_word bits) {
    store_bits(v, row, l0, values, count, active, all_active, bits);
}
// The common cases, every bit of every lane or of the lanes of the mask, stay in the kernel: a call
// there costs the interpreter a call and a second store-to-load round trip per row (about a quarter
// of its time per instruction at 16 lanes, measured; under a mask, ATTILA's predicated/16 spent 42%
// of its time in the call with Clang 19, its 256-bit loads of the values waiting for the kernel's
// 512-bit stores of them; GCC's kernels call, chunked_lanes in lanes.hpp).
template <class Desc, class View>
CTISA_EXEC_INLINE void store_bits_for(const View& v, std::uint32_t row, std::size_t l0, const lane_word* __restrict values, std::size_t count,
                                      const lane_word* __restrict active, bool all_active, lane_word bits) {
    if constexpr (is_static_desc<Desc>) {
        store_bits(v, row, l0, values, count, active, all_active, bits);
    } else if (all_active && bits == lane_on) {  // (a copy of a constant size: a few moves, no loop to compile)
        std::memcpy(v.row(row) + l0, values, count * sizeof(lane_word));
    } else if (chunked_lanes && bits == lane_on) {  // (a blend of a constant size: a few vectors)
        lane_word* __restrict d = v.row(row) + l0;
        CTISA_CHUNK_LOOP
        for (std::size_t k = 0; k < count; ++k) d[k] = blend(d[k], values[k], active[l0 + k]);
    } else {
        store_bits_shared(v, row, l0, values, count, active, all_active, bits);
    }
}

}  // namespace ctisa::exec
