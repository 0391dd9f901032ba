// SPDX-License-Identifier: MIT
// The lane vocabulary an ISA's semantics is written in once for either lane representation: one
// lane (lane_word, std::uint64_t, float) or a row of lanes as a GCC/Clang vector value
// (value_rows.hpp). The interpreter's lane loops instantiate an operation on one lane, its fast
// path and the compiled path's row values on vectors. Results come through references: a vector
// returned by value changes the ABI without AVX (-Wpsabi), and after inlining nothing of it remains.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "lanes.hpp"
#include "value_rows.hpp"

namespace ctisa::exec {

// Whether W is one lane (an arithmetic type) rather than a vector of lanes.
template <class W>
inline constexpr bool one_lane = std::is_arithmetic_v<W>;

// The float and signed views of lane words W, and the words of floats F.
template <class W>
struct lane_views {
    using floats = float;
    using ints = std::int32_t;
};
template <class W>
    requires(!one_lane<W>)
struct lane_views<W> {
    using floats = typename row_vectors<sizeof(W) / sizeof(lane_word)>::floats;
    using ints = typename row_vectors<sizeof(W) / sizeof(lane_word)>::ints;
};
template <class W>
using floats_of = typename lane_views<W>::floats;
template <class W>
using ints_of = typename lane_views<W>::ints;
template <class F>
using words_of = std::conditional_t<one_lane<F>, lane_word, typename row_vectors<sizeof(F) / sizeof(float)>::bits>;

// x in every lane.
template <class V, class T>
CTISA_EXEC_INLINE void splat(T x, V& out) noexcept {
    if constexpr (one_lane<V>) out = static_cast<V>(x);
    else out = V{} + x;
}

// All ones in the lanes where `c` holds (a bool for one lane, a vector comparison's result), else 0.
template <class W, class C>
CTISA_EXEC_INLINE void lanes_where(const C& c, W& out) noexcept {
    if constexpr (one_lane<W>) out = W{0} - static_cast<W>(c);
    else out = __builtin_bit_cast(W, c);
}

// a in the lanes where `c` holds, else b. One lane: a blend by masks (GCC may make a conditional
// operator a branch, which stops a loop over lanes from vectorizing); vectors: the vector
// conditional (a blend under a mask register with AVX-512).
template <class C, class V>
CTISA_EXEC_INLINE void select_lanes(const C& c, const V& a, const V& b, V& out) noexcept {
    if constexpr (one_lane<V> && sizeof(V) == sizeof(lane_word)) {
        const lane_word m = mask_of(static_cast<bool>(c));
        out = __builtin_bit_cast(V, (__builtin_bit_cast(lane_word, a) & m) | (__builtin_bit_cast(lane_word, b) & ~m));
    } else {
        out = c ? a : b;
    }
}

// The words of f with every NaN lane made `nan`. One lane: a test of the bits (loops over lanes
// vectorize an integer compare more readily than an unordered float one); vectors: an ordered
// compare, one instruction less in a chain.
template <class F>
CTISA_EXEC_INLINE void nan_made(const F& f, lane_word nan, words_of<F>& out) noexcept {
    using W = words_of<F>;
    const W w = __builtin_bit_cast(W, f);
    W n;
    splat(nan, n);
    if constexpr (one_lane<F>) select_lanes((w & 0x7FFFFFFFu) > 0x7F800000u, n, w, out);
    else select_lanes(f == f, w, n, out);
}

// a * b + c rounded once, lane by lane.
template <class F>
CTISA_EXEC_INLINE void fma_lanes(const F& a, const F& b, const F& c, F& out) noexcept {
    if constexpr (one_lane<F>) out = std::fma(a, b, c);
    else fused_multiply_add(a, b, c, out);
}

// std::floor lane by lane (value_rows.hpp's floor_lanes on vectors: the same bits).
template <class F>
CTISA_EXEC_INLINE void floor_of_lanes(const F& x, F& out) noexcept {
    if constexpr (one_lane<F>) out = std::floor(x);
    else floor_lanes(x, out);
}

// x converted lane by lane to To (an integer to a float: rounded to nearest even).
template <class To, class From>
CTISA_EXEC_INLINE void convert_lanes(const From& x, To& out) noexcept {
    if constexpr (one_lane<From>) out = static_cast<To>(x);
    else out = __builtin_convertvector(x, To);
}

}  // namespace ctisa::exec
