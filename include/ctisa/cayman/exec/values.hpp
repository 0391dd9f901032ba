// SPDX-License-Identifier: MIT
// Cayman's kernels over row values (ctisa/exec/value_rows.hpp's vectors) for the compiled path
// (compiled.hpp): a whole ALU instruction group is one step, its slots' sources read from the
// values (GPRs, PV, kcache constants, literals and inline constants, NEG and ABS), every result
// computed before any is written (4.4: the group reads, then writes), then PV, the GPRs (WRITE_MASK),
// and PV 0 in the channels without a slot, with OMOD and CLAMP. The same operations in the same
// order as the per-lane kernels (alu.hpp, group.hpp's modify), so results are bit for bit the same.
//
// Rows is the runner's: rows.template at<R>() the value of machine row R (a GCC/Clang vector of a
// block's lanes), rows.template kcache<Bank, Index, Chan>() a constant broadcast to them.
//
// Covered (supported()): the float OP2 ADD, MUL, MUL_IEEE, MAX, MIN, MAX_DX10, MIN_DX10, SET*,
// SET*_DX10, FRACT, FLOOR, MOV and the reductions DOT4, DOT4_IEEE, MAX4; the integer OP2 shifts,
// bit operations, ADD_INT, SUB_INT, MIN/MAX (INT, UINT), SET*_INT / _UINT, MULLO_*, MUL_INT24,
// MUL_UINT24, INT_TO_FLT, UINT_TO_FLT; NOP and GROUP_BARRIER; OP3 MULADD (and _M2, _M4, _D2,
// _IEEE), FMA, CND*, CND*_INT, MULADD_INT24 / _UINT24, BFI_INT. A group with anything else
// (*_PREV, CUBE, transcendentals, conversions to integers, predicates, kills, MOVA, 64-bit, LDS,
// relative addressing, PRED_SEL) keeps the per-instruction path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "../../exec/value_rows.hpp"
#include "descriptor.hpp"

namespace ctisa::cayman::exec::values {

using ctisa::exec::lane_word;

[[nodiscard]] constexpr bool op_supported(opcode op) noexcept {
    switch (op) {
        case opcode::alu_op2_add:
        case opcode::alu_op2_mul:
        case opcode::alu_op2_mul_ieee:
        case opcode::alu_op2_max:
        case opcode::alu_op2_min:
        case opcode::alu_op2_max_dx10:
        case opcode::alu_op2_min_dx10:
        case opcode::alu_op2_sete:
        case opcode::alu_op2_setgt:
        case opcode::alu_op2_setge:
        case opcode::alu_op2_setne:
        case opcode::alu_op2_sete_dx10:
        case opcode::alu_op2_setgt_dx10:
        case opcode::alu_op2_setge_dx10:
        case opcode::alu_op2_setne_dx10:
        case opcode::alu_op2_fract:
        case opcode::alu_op2_floor:
        case opcode::alu_op2_mov:
        case opcode::alu_op2_ashr_int:
        case opcode::alu_op2_lshr_int:
        case opcode::alu_op2_lshl_int:
        case opcode::alu_op2_and_int:
        case opcode::alu_op2_or_int:
        case opcode::alu_op2_xor_int:
        case opcode::alu_op2_not_int:
        case opcode::alu_op2_add_int:
        case opcode::alu_op2_sub_int:
        case opcode::alu_op2_max_int:
        case opcode::alu_op2_min_int:
        case opcode::alu_op2_max_uint:
        case opcode::alu_op2_min_uint:
        case opcode::alu_op2_sete_int:
        case opcode::alu_op2_setgt_int:
        case opcode::alu_op2_setge_int:
        case opcode::alu_op2_setne_int:
        case opcode::alu_op2_setgt_uint:
        case opcode::alu_op2_setge_uint:
        case opcode::alu_op2_mullo_int:
        case opcode::alu_op2_mullo_uint:
        case opcode::alu_op2_mul_int24:
        case opcode::alu_op2_mul_uint24:
        case opcode::alu_op2_int_to_flt:
        case opcode::alu_op2_uint_to_flt:
        case opcode::alu_op2_nop:
        case opcode::alu_op2_group_barrier:
        case opcode::alu_op2_dot4:
        case opcode::alu_op2_dot4_ieee:
        case opcode::alu_op2_max4:
        case opcode::alu_op3_muladd:
        case opcode::alu_op3_muladd_m2:
        case opcode::alu_op3_muladd_m4:
        case opcode::alu_op3_muladd_d2:
        case opcode::alu_op3_muladd_ieee:
        case opcode::alu_op3_fma:
        case opcode::alu_op3_cnde:
        case opcode::alu_op3_cndgt:
        case opcode::alu_op3_cndge:
        case opcode::alu_op3_cnde_int:
        case opcode::alu_op3_cndgt_int:
        case opcode::alu_op3_cndge_int:
        case opcode::alu_op3_muladd_int24:
        case opcode::alu_op3_muladd_uint24:
        case opcode::alu_op3_bfi_int: return true;
        default: return false;
    }
}

// Sources the values hold: GPRs (not relative), PV, kcache (not moving with the loop index),
// literals, inline constants, unlocked kcache (0).
[[nodiscard]] constexpr bool source_supported(const source& s) noexcept {
    switch (s.kind) {
        case src_kind::gpr: return !s.rel;
        case src_kind::kcache: return !s.loop_line;
        case src_kind::pv:
        case src_kind::literal:
        case src_kind::constant:
        case src_kind::undefined: return true;
        default: return false;
    }
}

[[nodiscard]] constexpr bool slot_supported(const slot& s) noexcept {
    if (!op_supported(s.op) || s.dst_rel || s.pred_sel != 0 || s.update_pred || s.update_exec || s.dst >= 128) return false;
    for (std::size_t k = 0; k < s.sources && k < 3; ++k)
        if (!source_supported(s.src[k])) return false;
    return true;
}

// Whether item d runs on values: a group of the slots above; a plain ALU clause's start and end
// (the predicate reset; no exec-mask update or kill can come from such groups); END and NOP.
[[nodiscard]] constexpr bool supported(const descriptor& d) noexcept {
    if (d.refused != refusal::none) return false;
    switch (d.kind) {
        case item_kind::group:
            if (d.wide || d.lds || d.pops) return false;
            for (std::size_t i = 0; i < d.count; ++i)
                if (!slot_supported(d.slots[i])) return false;
            return true;
        case item_kind::clause:
        case item_kind::clause_end: return d.op == opcode::cf_alu_alu;
        case item_kind::cf: return d.op == opcode::cf_end || d.op == opcode::cf_nop;
        default: return false;
    }
}

// Source K of slot I of D, its modifiers applied (ABS clears the sign bit, then NEG flips it).
template <descriptor D, std::size_t I, std::size_t K, class Rows>
CTISA_EXEC_INLINE void read(const Rows& r, typename Rows::bits& out) noexcept {
    constexpr source s = D.slots[I].src[K];  // (a constant: what a kernel reads of D)
    if constexpr (s.kind == src_kind::gpr) out = r.template at<row::gpr(s.index, s.chan)>();
    else if constexpr (s.kind == src_kind::pv) out = r.template at<row::pv + s.chan>();
    else if constexpr (s.kind == src_kind::kcache) out = r.template kcache<s.bank, s.index, s.chan>();
    else if constexpr (s.kind == src_kind::undefined) out = typename Rows::bits{};
    else out = typename Rows::bits{} + s.value;
    if constexpr (s.abs) out &= 0x7FFFFFFFu;
    if constexpr (s.neg) out ^= 0x80000000u;
}

// MUL's zero rule: zero times anything is +0. Two selects, not one on (a == 0) | (b == 0): GCC
// 12 ORs two AVX-512 masks through general registers (kmov, or, not, kmov) on the chain, which cost
// Cayman's muladd_chain 30%; a factor that does not change (a constant row) then folds into the
// product as a zero-masked multiply.
template <class F>
CTISA_EXEC_INLINE F mul_dx9(const F& a, const F& b) noexcept {
    const F zero{}, p = b == zero ? zero : a * b;
    return a == zero ? zero : p;
}

// MAX_DX10 / MIN_DX10 (alu.hpp's max_dx10, min_dx10): the tests in reverse order of priority.
template <bool Max, class F, class B>
CTISA_EXEC_INLINE B minmax_dx10(const B& a, const B& b) noexcept {
    const F fa = __builtin_bit_cast(F, a), fb = __builtin_bit_cast(F, b);
    using I = decltype(fa == fb);
    const I negative = __builtin_bit_cast(I, a) < I{};
    B r;
    if constexpr (Max) {
        r = fa > fb ? a : b;
        r = fa == fb ? (negative ? b : a) : r;
    } else {
        r = fa < fb ? a : b;
        r = fa == fb ? (negative ? a : b) : r;
    }
    r = fb != fb ? a : r;
    return fa != fa ? b : r;
}

// What slot I of D computes from its sources (alu.hpp's compute, lane for lane).
template <descriptor D, std::size_t I, class Rows>
CTISA_EXEC_INLINE void compute(const Rows& r, typename Rows::bits& out) noexcept {
    CTISA_EXEC_NO_CONTRACT
    using bits = typename Rows::bits;
    using floats = typename Rows::floats;
    using ints = typename Rows::ints;
    constexpr slot s = D.slots[I];
    constexpr opcode op = s.op;
    [[maybe_unused]] bits a{}, b{}, c{};
    if constexpr (s.sources > 0) read<D, I, 0>(r, a);
    if constexpr (s.sources > 1) read<D, I, 1>(r, b);
    if constexpr (s.sources > 2) read<D, I, 2>(r, c);
    [[maybe_unused]] const floats fa = __builtin_bit_cast(floats, a), fb = __builtin_bit_cast(floats, b), fc = __builtin_bit_cast(floats, c);
    [[maybe_unused]] const ints sa = __builtin_bit_cast(ints, a), sb = __builtin_bit_cast(ints, b), izero{};
    [[maybe_unused]] const floats fzero{};
    [[maybe_unused]] const bits zero{}, one = zero + one_f;
    [[maybe_unused]] const auto as_bits = [](const auto& v) CTISA_EXEC_INLINE_LAMBDA { return __builtin_bit_cast(bits, v); };
    using o = opcode;
    if constexpr (op == o::alu_op2_add) out = as_bits(fa + fb);
    else if constexpr (op == o::alu_op2_mul || op == o::alu_op2_dot4) out = as_bits(mul_dx9(fa, fb));
    else if constexpr (op == o::alu_op2_mul_ieee || op == o::alu_op2_dot4_ieee) out = as_bits(fa * fb);
    else if constexpr (op == o::alu_op2_max) out = fa >= fb ? a : b;
    else if constexpr (op == o::alu_op2_min) out = fa < fb ? a : b;
    else if constexpr (op == o::alu_op2_max_dx10) out = minmax_dx10<true, floats>(a, b);
    else if constexpr (op == o::alu_op2_min_dx10) out = minmax_dx10<false, floats>(a, b);
    else if constexpr (op == o::alu_op2_sete) out = fa == fb ? one : zero;
    else if constexpr (op == o::alu_op2_setgt) out = fa > fb ? one : zero;
    else if constexpr (op == o::alu_op2_setge) out = fa >= fb ? one : zero;
    else if constexpr (op == o::alu_op2_setne) out = fa != fb ? one : zero;
    else if constexpr (op == o::alu_op2_sete_dx10) out = as_bits(fa == fb);
    else if constexpr (op == o::alu_op2_setgt_dx10) out = as_bits(fa > fb);
    else if constexpr (op == o::alu_op2_setge_dx10) out = as_bits(fa >= fb);
    else if constexpr (op == o::alu_op2_setne_dx10) out = as_bits(fa != fb);
    else if constexpr (op == o::alu_op2_fract || op == o::alu_op2_floor) {
        floats down;
        ctisa::exec::floor_lanes(fa, down);
        if constexpr (op == o::alu_op2_fract) down = fa - down;
        out = as_bits(down);
    } else if constexpr (op == o::alu_op2_mov || op == o::alu_op2_max4) out = a;
    else if constexpr (op == o::alu_op2_ashr_int) out = as_bits(sa >> __builtin_bit_cast(ints, b & 31u));
    else if constexpr (op == o::alu_op2_lshr_int) out = a >> (b & 31u);
    else if constexpr (op == o::alu_op2_lshl_int) out = a << (b & 31u);
    else if constexpr (op == o::alu_op2_and_int) out = a & b;
    else if constexpr (op == o::alu_op2_or_int) out = a | b;
    else if constexpr (op == o::alu_op2_xor_int) out = a ^ b;
    else if constexpr (op == o::alu_op2_not_int) out = ~a;
    else if constexpr (op == o::alu_op2_add_int) out = a + b;
    else if constexpr (op == o::alu_op2_sub_int) out = a - b;
    else if constexpr (op == o::alu_op2_max_int) out = sa >= sb ? a : b;
    else if constexpr (op == o::alu_op2_min_int) out = sa < sb ? a : b;
    else if constexpr (op == o::alu_op2_max_uint) out = a >= b ? a : b;
    else if constexpr (op == o::alu_op2_min_uint) out = a < b ? a : b;
    else if constexpr (op == o::alu_op2_sete_int) out = as_bits(a == b);
    else if constexpr (op == o::alu_op2_setgt_int) out = as_bits(sa > sb);
    else if constexpr (op == o::alu_op2_setge_int) out = as_bits(sa >= sb);
    else if constexpr (op == o::alu_op2_setne_int) out = as_bits(a != b);
    else if constexpr (op == o::alu_op2_setgt_uint) out = as_bits(a > b);
    else if constexpr (op == o::alu_op2_setge_uint) out = as_bits(a >= b);
    else if constexpr (op == o::alu_op2_mullo_int || op == o::alu_op2_mullo_uint) out = a * b;
    else if constexpr (op == o::alu_op2_mul_int24 || op == o::alu_op3_muladd_int24) {
        // The low 32 bits of the product of the sign-extended 24-bit values: the wrapping product.
        out = as_bits(__builtin_bit_cast(ints, a << 8u) >> 8) * as_bits(__builtin_bit_cast(ints, b << 8u) >> 8);
        if constexpr (op == o::alu_op3_muladd_int24) out += c;
    } else if constexpr (op == o::alu_op2_mul_uint24 || op == o::alu_op3_muladd_uint24) {
        out = (a & 0xFFFFFFu) * (b & 0xFFFFFFu);
        if constexpr (op == o::alu_op3_muladd_uint24) out += c;
    } else if constexpr (op == o::alu_op2_int_to_flt) out = as_bits(__builtin_convertvector(sa, floats));
    else if constexpr (op == o::alu_op2_uint_to_flt) out = as_bits(__builtin_convertvector(a, floats));
    else if constexpr (op == o::alu_op2_nop || op == o::alu_op2_group_barrier) out = zero;
    else if constexpr (op == o::alu_op3_muladd || op == o::alu_op3_muladd_m2 || op == o::alu_op3_muladd_m4 || op == o::alu_op3_muladd_d2) {
        floats x = mul_dx9(fa, fb) + fc;
        if constexpr (op == o::alu_op3_muladd_m2) x = x * 2.0f;
        else if constexpr (op == o::alu_op3_muladd_m4) x = x * 4.0f;
        else if constexpr (op == o::alu_op3_muladd_d2) x = x * 0.5f;
        out = as_bits(x);
    } else if constexpr (op == o::alu_op3_muladd_ieee) {
        const floats p = fa * fb;  // rounded: a MAD
        out = as_bits(p + fc);
    } else if constexpr (op == o::alu_op3_fma) {
        floats x;
        ctisa::exec::fused_multiply_add(fa, fb, fc, x);
        out = as_bits(x);
    } else if constexpr (op == o::alu_op3_cnde) out = fa == fzero ? b : c;
    else if constexpr (op == o::alu_op3_cndgt) out = fa > fzero ? b : c;
    else if constexpr (op == o::alu_op3_cndge) out = fa >= fzero ? b : c;
    else if constexpr (op == o::alu_op3_cnde_int) out = a == zero ? b : c;
    else if constexpr (op == o::alu_op3_cndgt_int) out = sa > izero ? b : c;
    else if constexpr (op == o::alu_op3_cndge_int) out = sa >= izero ? b : c;
    else if constexpr (op == o::alu_op3_bfi_int) out = (a & b) | (~a & c);
    else static_assert(op == o::alu_op3_bfi_int, "an opcode supported() lets through without a kernel");
}

// OMOD, then CLAMP, on float results (group.hpp's modify).
template <slot S, class Rows>
CTISA_EXEC_INLINE void modify(typename Rows::bits& x) noexcept {
    using floats = typename Rows::floats;
    if constexpr (float_result(S.op) && (S.omod != 0 || S.clamp)) {
        floats v = __builtin_bit_cast(floats, x);
        if constexpr (S.omod == 1) v = v * 2.0f;
        else if constexpr (S.omod == 2) v = v * 4.0f;
        else if constexpr (S.omod == 3) v = v * 0.5f;
        if constexpr (S.clamp) {
            const floats zero{}, one = zero + 1.0f;
            v = v > zero ? v : zero;
            v = v < one ? v : one;
        }
        x = __builtin_bit_cast(typename Rows::bits, v);
    }
}

// Whether a slot of D writes channel C.
template <descriptor D, std::uint32_t C>
inline constexpr bool has_channel = [] {
    for (std::size_t i = 0; i < D.count; ++i)
        if (D.slots[i].chan == C) return true;
    return false;
}();

// The slot of D's first reduction (DOT4, DOT4_IEEE, MAX4), -1 none: group.hpp's combine_slots
// combines the slots holding that one.
template <descriptor D>
inline constexpr int first_reduction = [] {
    for (std::size_t i = 0; i < D.count; ++i) {
        const opcode op = D.slots[i].op;
        if (op == opcode::alu_op2_dot4 || op == opcode::alu_op2_dot4_ieee || op == opcode::alu_op2_max4) return static_cast<int>(i);
    }
    return -1;
}();

// The reduction's slots in slot order: DOT4 the sum ((x + y) + z) + w of their products, MAX4 the
// first greatest of their sources; every such slot takes it.
template <descriptor D, class Rows>
CTISA_EXEC_INLINE void combine(typename Rows::bits (&result)[4]) noexcept {
    CTISA_EXEC_NO_CONTRACT
    using bits = typename Rows::bits;
    using floats = typename Rows::floats;
    constexpr opcode op = D.slots[static_cast<std::size_t>(first_reduction<D>)].op;
    constexpr auto holds = [](std::size_t j) { return j < D.count && D.slots[j].op == op; };
    bits best{};
    floats sum{};
    bool first = true;
    [&]<std::size_t... J>(std::index_sequence<J...>) CTISA_EXEC_INLINE_LAMBDA {
        const auto add = [&](const bits& r) CTISA_EXEC_INLINE_LAMBDA {
            const floats x = __builtin_bit_cast(floats, r);
            if constexpr (op == opcode::alu_op2_max4) best = first ? r : (x > __builtin_bit_cast(floats, best) ? r : best);
            else sum = first ? x : sum + x;
            first = false;
        };
        ((holds(J) ? add(result[J]) : void()), ...);
        const bits out = op == opcode::alu_op2_max4 ? best : __builtin_bit_cast(bits, sum);
        ((holds(J) ? void(result[J] = out) : void()), ...);
    }(std::make_index_sequence<4>{});
}

// Group D: every slot computed (reads before writes), then PV, GPRs, and PV 0 where no slot is.
template <descriptor D, class Rows>
CTISA_EXEC_INLINE void group(Rows& r) noexcept {
    typename Rows::bits result[4];
    [&]<std::size_t... I>(std::index_sequence<I...>) CTISA_EXEC_INLINE_LAMBDA {
        const auto each = [&]<std::size_t J>(std::integral_constant<std::size_t, J>, auto&& f) CTISA_EXEC_INLINE_LAMBDA {
            if constexpr (J < D.count) f(std::integral_constant<std::size_t, J>{});
        };
        (each(std::integral_constant<std::size_t, I>{}, [&](auto j) CTISA_EXEC_INLINE_LAMBDA { compute<D, decltype(j)::value>(r, result[j]); }),
         ...);
        if constexpr (first_reduction<D> >= 0) combine<D, Rows>(result);
        (each(std::integral_constant<std::size_t, I>{},
              [&](auto j) CTISA_EXEC_INLINE_LAMBDA {
                  constexpr slot s = D.slots[decltype(j)::value];
                  modify<s, Rows>(result[j]);
                  ctisa::exec::keep_in_order(result[j]);
              }),
         ...);
        (each(std::integral_constant<std::size_t, I>{},
              [&](auto j) CTISA_EXEC_INLINE_LAMBDA {
                  constexpr slot s = D.slots[decltype(j)::value];
                  r.template at<row::pv + s.chan>() = result[j];
                  if constexpr (s.write && s.op != opcode::alu_op2_nop && s.op != opcode::alu_op2_group_barrier)
                      r.template at<row::gpr(s.dst, s.chan)>() = result[j];
              }),
         ...);
        ((has_channel<D, I> ? void() : void(r.template at<row::pv + I>() = typename Rows::bits{})), ...);
    }(std::make_index_sequence<4>{});
}

// Item D: a group, or a clause's start (the predicate "execute", nothing to update or kill).
template <descriptor D, class Rows>
CTISA_EXEC_INLINE void execute(Rows& r) noexcept {
    if constexpr (D.kind == item_kind::group) {
        group<D>(r);
    } else if constexpr (D.kind == item_kind::clause) {
        r.template at<row::pred>() = ~typename Rows::bits{};
        r.template at<row::keep>() = ~typename Rows::bits{};
        r.template at<row::killed>() = typename Rows::bits{};
    }
}

}  // namespace ctisa::cayman::exec::values
