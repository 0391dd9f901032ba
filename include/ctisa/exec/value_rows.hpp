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
#include <cstring>
#include <utility>

#include "lanes.hpp"

namespace ctisa::exec {

// (Typedefs in a class: GCC 12 drops vector_size on an alias template.)
template <std::size_t B>
struct row_vectors {
    typedef lane_word bits __attribute__((vector_size(B * sizeof(lane_word))));
    typedef float floats __attribute__((vector_size(B * sizeof(float))));
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

template <std::size_t R, std::size_t B>
struct value_rows {
    using bits = typename row_vectors<B>::bits;
    using floats = typename row_vectors<B>::floats;
    static constexpr std::size_t lanes = B;
    static constexpr std::size_t count = R;
    bits row[R];

    // Rows [0, N) from / to `rows` (rows of B lanes, one after another), one constant index each.
    template <std::size_t N>
    CTISA_EXEC_INLINE void load(const lane_word* rows) noexcept {
        [&]<std::size_t... I>(std::index_sequence<I...>)
            CTISA_EXEC_INLINE_LAMBDA { ((void)std::memcpy(&row[I], rows + I * B, sizeof(bits)), ...); }(std::make_index_sequence<N>{});
    }
    template <std::size_t N>
    CTISA_EXEC_INLINE void store(lane_word* rows) const noexcept {
        [&]<std::size_t... I>(std::index_sequence<I...>)
            CTISA_EXEC_INLINE_LAMBDA { ((void)std::memcpy(rows + I * B, &row[I], sizeof(bits)), ...); }(std::make_index_sequence<N>{});
    }
};

}  // namespace ctisa::exec
