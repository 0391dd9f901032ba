// SPDX-License-Identifier: MIT
// A compiled block's registers as values: each row a GCC/Clang vector of a block's lanes, the rows
// an array indexed only by compile-time constants in one function, so that the optimiser keeps
// them in SIMD registers (scalar replacement) and a dependent chain never goes through memory.
// An ISA opts in per instruction (executor_traits' has_value_kernel / execute_values); a program
// whose every instruction has such a kernel runs this way (ctisa/exec/compiled.hpp).
// Kernels take and give rows by reference only: a vector passed by value changes the ABI without
// AVX-512 (-Wpsabi), and after inlining nothing of it remains anyway.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "lanes.hpp"

namespace ctisa::exec {

// (Typedefs in a class: GCC 12 drops vector_size on an alias template.)
template <std::size_t B>
struct row_vectors {
    typedef lane_word bits __attribute__((vector_size(B * sizeof(lane_word))));
    typedef float floats __attribute__((vector_size(B * sizeof(float))));
    typedef std::int32_t ints __attribute__((vector_size(B * sizeof(std::int32_t))));  // what a comparison gives
};

// Vector types need a power-of-two size.
template <std::size_t B>
inline constexpr bool value_block = B >= 4 && (B & (B - 1)) == 0;

// The widest SIMD register of the target, in bytes.
inline constexpr std::size_t simd_register_bytes =
#if defined(__AVX512F__)
    64;
#elif defined(__AVX__)
    32;
#else
    16;
#endif

// SIMD registers the value path may fill with rows (the rest for temporaries): with few rows, a
// block holds several registers' worth of lanes, whose chains the CPU then overlaps.
inline constexpr std::size_t value_registers = simd_register_bytes == 64 ? 24 : 12;

// GCC expands a chain of single-use values depth first (temporary expression replacement), so a
// block's independent chains (ATTILA's four components) would run one after another and the CPU
// could not overlap them; an empty asm on each instruction's result ends the expression there, and
// the code keeps the program's order. (Only a vector that fits one register: the "v" constraint.)
template <class V>
CTISA_EXEC_INLINE void keep_in_order(V& v) noexcept {
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
    if constexpr (sizeof(V) <= simd_register_bytes) __asm__("" : "+v"(v));
#else
    (void)v;
#endif
}

// Lane-wise select on row values: a where the comparison mask m (all ones or zero a lane, what a
// vector comparison gives) is set, else b. (The vector conditional of GCC and Clang in C++: a
// blend under a mask register with AVX-512, where bit operations would add latency to a chain.)
template <class V, class M>
CTISA_EXEC_INLINE void select(const M& m, const V& a, const V& b, V& out) noexcept {
    static_assert(sizeof(M) == sizeof(V));
    out = m ? a : b;
}

// a * b + c rounded once, lane by lane (std::fma's result): the target's FMA instruction when it
// has one, else the library call lane by lane.
template <class F>
CTISA_EXEC_INLINE void fused_multiply_add(const F& a, const F& b, const F& c, F& out) noexcept {
#if defined(__clang__)
    out = __builtin_elementwise_fma(a, b, c);
#else
#if defined(__FMA__) || defined(__AVX512F__)
    constexpr bool vector_fma = sizeof(F) == 16 || sizeof(F) == 32 || (sizeof(F) == 64 && simd_register_bytes == 64);
#else
    constexpr bool vector_fma = false;
#endif
    if constexpr (vector_fma) {
        // GCC's own vector builtins: the one instruction (vfmadd) for the register's width.
        if constexpr (sizeof(F) == 16) out = __builtin_bit_cast(F, __builtin_ia32_vfmaddps(a, b, c));
        else if constexpr (sizeof(F) == 32) out = __builtin_bit_cast(F, __builtin_ia32_vfmaddps256(a, b, c));
        else out = __builtin_bit_cast(F, __builtin_ia32_vfmaddps512_mask(a, b, c, static_cast<unsigned short>(~0u), 4));
    } else {
        for (std::size_t k = 0; k < sizeof(F) / sizeof(float); ++k) out[k] = __builtin_fmaf(a[k], b[k], c[k]);
    }
#endif
}

// std::floor lane by lane, exactly: below 2^23 in magnitude, the truncation less one where it
// exceeds x, the sign of x kept (floor(-0) = -0); larger magnitudes and infinities are x. A
// signalling NaN is what std::floor gives in the same build: made quiet by SSE4.1's ROUNDSS and by
// the C library (Clang calls it), kept by GCC's inline expansion without SSE4.1 (a truncation).
#if defined(__clang__) || defined(__SSE4_1__) || !(defined(__x86_64__) || defined(__i386__))
inline constexpr bool floor_quiets_nan = true;
#else
inline constexpr bool floor_quiets_nan = false;
#endif
template <class F>
CTISA_EXEC_INLINE void floor_lanes(const F& x, F& out) noexcept {
    using bits_t = typename row_vectors<sizeof(F) / sizeof(lane_word)>::bits;
    using ints_t = typename row_vectors<sizeof(F) / sizeof(lane_word)>::ints;
    const bits_t xb = __builtin_bit_cast(bits_t, x);
    const bits_t small = __builtin_bit_cast(bits_t, (xb & 0x7FFFFFFFu) < (bits_t{} + 0x4B000000u));  // |x| < 2^23
    // (Large lanes are given 0 to truncate, so that no conversion is out of range.)
    const F t = __builtin_convertvector(__builtin_convertvector(__builtin_bit_cast(F, xb & small), ints_t), F);
    F down;
    select(t > x, t - 1.0f, t, down);
    const bits_t r = __builtin_bit_cast(bits_t, down) | (xb & 0x80000000u);
    const bits_t nan = __builtin_bit_cast(bits_t, (xb & 0x7FFFFFFFu) > (bits_t{} + 0x7F800000u));
    const bits_t quiet = floor_quiets_nan ? nan & 0x00400000u : bits_t{};
    out = __builtin_bit_cast(F, (r & small) | ((xb | quiet) & ~small));
}

// A chunk of lanes as a vector V (the interpreters' fast paths: a SIMD register of lanes at a
// time straight from the rows). Its load from p (the chunk's first lane in a row), by value:
// loaded by reference into an array element, the element's address taken, GCC kept the fast
// paths' source arrays on the stack under AVX2 (NV mad_chain 5.5 -> 1.0 G lane-ops/s).
template <class V>
[[nodiscard]] CTISA_EXEC_INLINE V load_chunk(const lane_word* p) noexcept {
    V out;
    std::memcpy(&out, p, sizeof out);
    return out;
}
// x stored at p for the lanes of the mask chunk `on` (all ones or zero a lane), the others kept.
template <class V>
CTISA_EXEC_INLINE void blend_store(lane_word* p, const V& x, const V& on) noexcept {
    const V old = load_chunk<V>(p);
    const V r = (x & on) | (old & ~on);
    std::memcpy(p, &r, sizeof r);
}
// x stored at p for the lanes active at it (`active`: the mask's lanes from the same lane as p),
// every lane when `all`.
template <class V>
CTISA_EXEC_INLINE void store_chunk(lane_word* p, const V& x, const lane_word* active, bool all) noexcept {
    if (all) {
        std::memcpy(p, &x, sizeof x);
        return;
    }
    blend_store(p, x, load_chunk<V>(active));
}

template <std::size_t R, std::size_t B>
struct value_rows {
    using bits = typename row_vectors<B>::bits;
    using floats = typename row_vectors<B>::floats;
    using ints = typename row_vectors<B>::ints;
    static constexpr std::size_t lanes = B;
    static constexpr std::size_t count = R;
    bits row[R];

    // Rows [0, N) from / to `rows` (rows of Stride lanes one after another, the first B ours), one
    // constant index each.
    template <std::size_t N, std::size_t Stride = B>
    CTISA_EXEC_INLINE void load(const lane_word* rows) noexcept {
        [&]<std::size_t... I>(std::index_sequence<I...>)
            CTISA_EXEC_INLINE_LAMBDA { ((void)std::memcpy(&row[I], rows + I * Stride, sizeof(bits)), ...); }(std::make_index_sequence<N>{});
    }
    template <std::size_t N, std::size_t Stride = B>
    CTISA_EXEC_INLINE void store(lane_word* rows) const noexcept {
        [&]<std::size_t... I>(std::index_sequence<I...>)
            CTISA_EXEC_INLINE_LAMBDA { ((void)std::memcpy(rows + I * Stride, &row[I], sizeof(bits)), ...); }(std::make_index_sequence<N>{});
    }
};

}  // namespace ctisa::exec
