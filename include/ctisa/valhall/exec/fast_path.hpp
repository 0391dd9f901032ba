// SPDX-License-Identifier: MIT
// The interpreter's fast path for the 32-bit arithmetic that has row-value kernels (values.hpp:
// FMA.f32, FADD.f32, MOV.i32, IADD/ISUB/IMUL on 32 bits, the 32-bit shift-logic family): one SIMD
// register of lanes at a time, each source loaded from its row and its select and modifiers
// applied in registers, the result blended into the destination row under the lane mask.
//
// perf showed the lane-wise kernel's fixed cost dominating a 64-lane integer chain: each source
// with a select copied through a shared function into a stack array, the result through another,
// and a large stack frame to set up per instruction. The same operations in the same order as the
// row kernels (execute.hpp) and the value kernels (values.hpp), so the results are the same bits.
// Only for descriptors known at run time; the compiled path keeps its kernels.
#pragma once

#include <cstddef>
#include <cstdint>

#include "../../exec/value_rows.hpp"
#include "layout.hpp"
#include "values.hpp"

namespace ctisa::valhall::exec::fast_path {

// Lanes a step: one SIMD register (vectors wider than the target's registers change the ABI).
inline constexpr std::size_t lanes = ctisa::exec::simd_register_bytes / sizeof(lane_word);

// Whether the fast path runs d over N lanes (FMA.v2f16 keeps its lane-wise kernel: its
// half-precision routine, not the reading, is its cost).
template <std::size_t N>
inline constexpr bool applies_to = N % lanes == 0;
template <std::size_t N>
[[nodiscard]] constexpr bool applies(const instruction_desc& d) noexcept {
    return applies_to<N> && d.on_values && d.id != instruction_id::fma_v2f16;
}

using rows = ctisa::exec::value_rows<1, lanes>;
using bits = rows::bits;
using ints = rows::ints;
using floats = rows::floats;

// A source decoded once an instruction (from the descriptor, which the stores could alias, so the
// compiler would read it again every step): its row and values.hpp's read.
struct operand {
    enum class kind : std::uint8_t { plain, part, signed_part, halves };
    const lane_word* row = nullptr;
    kind k = kind::plain;
    unsigned at = 0, up = 0;  // part: (w >> at) << up, then >> up; halves: the halves at `at` and `up`
    lane_word and_mask = lane_on, xor_mask = 0;
};

template <class View>
CTISA_EXEC_INLINE operand decode(const source_desc& s, const View& v) noexcept {
    operand o;
    o.row = v.row(s.row);
    if (s.form == source_form::parts && s.lane_bits == 32) {
        o.k = s.sign ? operand::kind::signed_part : operand::kind::part;
        o.at = s.offset[0];
        o.up = 32u - s.part_bits;
    } else if (s.form == source_form::parts) {
        o.k = operand::kind::halves;
        o.at = s.offset[0];
        o.up = s.offset[1];
    }
    o.and_mask = s.and_mask;
    o.xor_mask = s.xor_mask;
    if (o.k == operand::kind::plain && (o.and_mask != lane_on || o.xor_mask != 0)) o.k = operand::kind::part;  // (a shift by 0)
    return o;
}

CTISA_EXEC_INLINE void read(const operand& o, std::size_t l0, bits& out) noexcept {
    bits w;
    ctisa::exec::load_chunk(o.row + l0, w);
    switch (o.k) {
        case operand::kind::plain: out = w; return;
        case operand::kind::part: w = ((w >> o.at) << o.up) >> o.up; break;
        case operand::kind::signed_part: w = __builtin_bit_cast(bits, __builtin_bit_cast(ints, (w >> o.at) << o.up) >> o.up); break;
        case operand::kind::halves: w = ((w >> o.at) & 0xFFFFu) | ((w >> o.up) << 16); break;
    }
    out = (w & o.and_mask) ^ o.xor_mask;
}

// f(a, b, c) over every step of lanes, stored under the lane mask (every bit: on_values).
template <unsigned Sources, std::size_t N, std::size_t S, class F>
CTISA_EXEC_INLINE void each(const instruction_desc& d, const lane_view<N, S>& v, const lane_word* active, bool all, F f) noexcept {
    operand o[3];
    bool plain = true;
    for (unsigned s = 0; s < Sources; ++s) {
        o[s] = decode(d.sources[s], v);
        plain = plain && o[s].k == operand::kind::plain;
    }
    lane_word* const dst = v.row(d.dest);
    if (plain && all) {  // the common case: loads, the operation, a store
        for (std::size_t l0 = 0; l0 < N; l0 += lanes) {
            bits a{}, b{}, c{}, out;
            ctisa::exec::load_chunk(o[0].row + l0, a);
            if constexpr (Sources > 1) ctisa::exec::load_chunk(o[1].row + l0, b);
            if constexpr (Sources > 2) ctisa::exec::load_chunk(o[2].row + l0, c);
            f(a, b, c, out);
            ctisa::exec::store_chunk(dst + l0, out, active + l0, true);
        }
        return;
    }
    for (std::size_t l0 = 0; l0 < N; l0 += lanes) {
        bits a{}, b{}, c{}, out;
        read(o[0], l0, a);
        if constexpr (Sources > 1) read(o[1], l0, b);
        if constexpr (Sources > 2) read(o[2], l0, c);
        f(a, b, c, out);
        ctisa::exec::store_chunk(dst + l0, out, active + l0, all);
    }
}

// FADD.f32 or FMA.f32 with the clamp C.
template <clamp C, std::size_t N, std::size_t S>
void float_op(const instruction_desc& d, const lane_view<N, S>& v, const lane_word* active, bool all) noexcept {
    CTISA_EXEC_NO_CONTRACT
    if (d.id == instruction_id::fadd_f32) {
        each<2>(d, v, active, all, [](const bits& a, const bits& b, const bits&, bits& out) CTISA_EXEC_INLINE_LAMBDA {
            values::f32_result<C, rows>(__builtin_bit_cast(floats, a) + __builtin_bit_cast(floats, b), out);
        });
    } else {
        each<3>(d, v, active, all, [](const bits& a, const bits& b, const bits& c, bits& out) CTISA_EXEC_INLINE_LAMBDA {
            floats f;
            ctisa::exec::fused_multiply_add(__builtin_bit_cast(floats, a), __builtin_bit_cast(floats, b), __builtin_bit_cast(floats, c), f);
            values::f32_result<C, rows>(f, out);
        });
    }
}

// The shift-logic family on 32 bits (values.hpp's shift_logic).
template <bool Left, unsigned Logic, std::size_t N, std::size_t S>
CTISA_EXEC_INLINE void shift_op(const instruction_desc& d, const lane_view<N, S>& v, const lane_word* active, bool all) noexcept {
    const lane_word flip = d.flag(modifier::not_result) ? lane_on : 0u;
    each<3>(d, v, active, all, [flip](const bits& a, const bits& b, const bits& c, bits& out) CTISA_EXEC_INLINE_LAMBDA {
        out = values::shift_logic<Left, Logic>(a, b, c, flip);
    });
}

// Runs d (applies<N>(d)) for the lanes of `active`.
template <std::size_t N, std::size_t S>
[[gnu::noinline]] void run(const instruction_desc& d, const lane_view<N, S>& v, const lane_word* active, bool all) noexcept {
    using enum instruction_id;
    using f = const bits&;
    switch (d.id) {
        case mov_i32: return each<1>(d, v, active, all, [](f a, f, f, bits& out) CTISA_EXEC_INLINE_LAMBDA { out = a; });
        case iadd_u32:
        case iadd_s32: return each<2>(d, v, active, all, [](f a, f b, f, bits& out) CTISA_EXEC_INLINE_LAMBDA { out = a + b; });
        case isub_u32:
        case isub_s32: return each<2>(d, v, active, all, [](f a, f b, f, bits& out) CTISA_EXEC_INLINE_LAMBDA { out = a - b; });
        case imul_i32:
        case imul_s32: return each<2>(d, v, active, all, [](f a, f b, f, bits& out) CTISA_EXEC_INLINE_LAMBDA { out = a * b; });
        case lshift_and_i32: return shift_op<true, 0>(d, v, active, all);
        case rshift_and_i32: return shift_op<false, 0>(d, v, active, all);
        case lshift_or_i32: return shift_op<true, 1>(d, v, active, all);
        case rshift_or_i32: return shift_op<false, 1>(d, v, active, all);
        case lshift_xor_i32: return shift_op<true, 2>(d, v, active, all);
        case rshift_xor_i32: return shift_op<false, 2>(d, v, active, all);
        default: break;
    }
    switch (d.mod<clamp>(modifier::clamp)) {  // FADD.f32, FMA.f32
        case clamp::clamp_0_inf: return float_op<clamp::clamp_0_inf>(d, v, active, all);
        case clamp::clamp_m1_1: return float_op<clamp::clamp_m1_1>(d, v, active, all);
        case clamp::clamp_0_1: return float_op<clamp::clamp_0_1>(d, v, active, all);
        default: return float_op<clamp::none>(d, v, active, all);
    }
}

}  // namespace ctisa::valhall::exec::fast_path
