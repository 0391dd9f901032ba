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

#include "../../exec/traits.hpp"
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
    bits w = ctisa::exec::load_chunk<bits>(o.row + l0);
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
            const bits a = ctisa::exec::load_chunk<bits>(o[0].row + l0);
            const bits b = Sources > 1 ? ctisa::exec::load_chunk<bits>(o[1].row + l0) : bits{};
            const bits c = Sources > 2 ? ctisa::exec::load_chunk<bits>(o[2].row + l0) : bits{};
            bits out;
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

// Each operation's kernel over the view's lanes (applies<View::lanes>(d)), for the lanes of `active`.
using in = const bits&;  // (a source chunk)
enum class int_op : std::uint8_t { mov, add, sub, mul };
template <int_op Op, class View>
void int_kernel(const instruction_desc& d, const View& v, const lane_word* active, bool all) noexcept {
    each<Op == int_op::mov ? 1 : 2>(d, v, active, all, [](in a, [[maybe_unused]] in b, in, bits& out) CTISA_EXEC_INLINE_LAMBDA {
        if constexpr (Op == int_op::mov) out = a;
        else if constexpr (Op == int_op::add) out = a + b;
        else if constexpr (Op == int_op::sub) out = a - b;
        else out = a * b;
    });
}
// FADD.f32 (Fma false) or FMA.f32 with the clamp C.
template <bool Fma, clamp C, class View>
void float_kernel(const instruction_desc& d, const View& v, const lane_word* active, bool all) noexcept {
    CTISA_EXEC_NO_CONTRACT
    if constexpr (!Fma) {
        each<2>(d, v, active, all, [](in a, in b, in, bits& out) CTISA_EXEC_INLINE_LAMBDA {
            values::f32_result<C, rows>(__builtin_bit_cast(floats, a) + __builtin_bit_cast(floats, b), out);
        });
    } else {
        each<3>(d, v, active, all, [](in a, in b, in c, bits& out) CTISA_EXEC_INLINE_LAMBDA {
            floats x;
            ctisa::exec::fused_multiply_add(__builtin_bit_cast(floats, a), __builtin_bit_cast(floats, b), __builtin_bit_cast(floats, c), x);
            values::f32_result<C, rows>(x, out);
        });
    }
}
// The shift-logic family on 32 bits (values.hpp's shift_logic).
template <bool Left, unsigned Logic, class View>
void shift_kernel(const instruction_desc& d, const View& v, const lane_word* active, bool all) noexcept {
    const lane_word flip = d.flag(modifier::not_result) ? lane_on : 0u;
    each<3>(d, v, active, all,
            [flip](in a, in b, in c, bits& out) CTISA_EXEC_INLINE_LAMBDA { out = values::shift_logic<Left, Logic>(a, b, c, flip); });
}
template <clamp C, class View>
[[nodiscard]] constexpr ctisa::exec::plain_kernel<instruction_desc, View> float_kernel_of(bool fma) noexcept {
    return fma ? &float_kernel<true, C, View> : &float_kernel<false, C, View>;
}

// The kernel of d's operation (applies<View::lanes>(d)).
template <class View>
[[nodiscard]] constexpr ctisa::exec::plain_kernel<instruction_desc, View> kernel_of_op(const instruction_desc& d) noexcept {
    using enum instruction_id;
    switch (d.id) {
        case mov_i32: return &int_kernel<int_op::mov, View>;
        case iadd_u32:
        case iadd_s32: return &int_kernel<int_op::add, View>;
        case isub_u32:
        case isub_s32: return &int_kernel<int_op::sub, View>;
        case imul_i32:
        case imul_s32: return &int_kernel<int_op::mul, View>;
        case lshift_and_i32: return &shift_kernel<true, 0, View>;
        case rshift_and_i32: return &shift_kernel<false, 0, View>;
        case lshift_or_i32: return &shift_kernel<true, 1, View>;
        case rshift_or_i32: return &shift_kernel<false, 1, View>;
        case lshift_xor_i32: return &shift_kernel<true, 2, View>;
        case rshift_xor_i32: return &shift_kernel<false, 2, View>;
        default: break;
    }
    const bool fma = d.id != fadd_f32;  // FADD.f32, FMA.f32
    switch (d.mod<clamp>(modifier::clamp)) {
        case clamp::clamp_0_inf: return float_kernel_of<clamp::clamp_0_inf, View>(fma);
        case clamp::clamp_m1_1: return float_kernel_of<clamp::clamp_m1_1, View>(fma);
        case clamp::clamp_0_1: return float_kernel_of<clamp::clamp_0_1, View>(fma);
        default: return float_kernel_of<clamp::none, View>(fma);
    }
}

// The kernel of d over the view's lanes, null unless applies<View::lanes>(d): the interpreter's
// fast path, and the straight runs' hook (traits::plain_alu), asked once an instruction when the
// machine is built.
template <class View>
[[nodiscard]] constexpr ctisa::exec::plain_kernel<instruction_desc, View> kernel(const instruction_desc& d) noexcept {
    if constexpr (applies_to<View::lanes>) return applies<View::lanes>(d) ? kernel_of_op<View>(d) : nullptr;
    else return (void)d, nullptr;
}

}  // namespace ctisa::valhall::exec::fast_path
