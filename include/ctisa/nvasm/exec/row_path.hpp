// SPDX-License-Identifier: MIT
// A room of its own for now, not a quirk: a copy of semantics.hpp's float arithmetic over rows, to
// go onto the shared row path (exec/row_path.hpp, as Valhall) once measured no slower.
// The interpreter's float arithmetic over whole rows, a SIMD register of lanes at a time: each
// source read straight from its rows into vector values (float_path copies through stack arrays,
// which was most of a MAD's time at 64 lanes), every component of a register computed before any
// is stored (so that a result may be a source of the same instruction: MOV R0, R0.yxzw).
// The same operations in the same order as semantics.hpp, NaN made quiet and clamped as there, so the
// results are the same bits. Taken when nothing is per lane (float_path::plain) and the warp is a
// whole number of registers; the compiled path keeps float_path::run (its descriptor a constant).
#pragma once

#include <cstddef>

#include "../../exec/traits.hpp"
#include "../../exec/transcendental.hpp"
#include "../../exec/value_rows.hpp"
#include "float_path.hpp"

namespace ctisa::nvasm::exec::row_path {

inline constexpr std::size_t vector_lanes = ctisa::exec::simd_register_bytes / sizeof(lane_word);
using bits = ctisa::exec::row_vectors<vector_lanes>::bits;
using floats = ctisa::exec::row_vectors<vector_lanes>::floats;

[[nodiscard]] CTISA_EXEC_INLINE floats fl(const bits& b) noexcept { return __builtin_bit_cast(floats, b); }
[[nodiscard]] CTISA_EXEC_INLINE bits bt(const floats& f) noexcept { return __builtin_bit_cast(bits, f); }
// a where m is set, else b (m a comparison's result).
template <class M>
[[nodiscard]] CTISA_EXEC_INLINE bits pick(const M& m, const bits& a, const bits& b) noexcept {
    bits r;
    ctisa::exec::select(m, a, b, r);
    return r;
}

template <opcode Op>
inline constexpr bool elementwise = Op == opcode::add || Op == opcode::sub || Op == opcode::mul || Op == opcode::mad || Op == opcode::mov ||
                                    Op == opcode::min || Op == opcode::max || Op == opcode::cmp || Op == opcode::slt || Op == opcode::sge ||
                                    Op == opcode::sle || Op == opcode::sgt || Op == opcode::seq || Op == opcode::sne;

// The operation, on the four components of one register of lanes; scalar operations (transcendental)
// lane by lane, as alu::compute, from component x.
template <opcode Op>
CTISA_EXEC_INLINE void compute(const bits (&a)[4], const bits (&b)[4], const bits (&c)[4], bits (&o)[4]) noexcept {
    CTISA_EXEC_NO_CONTRACT
    [[maybe_unused]] const auto scalar = [&](auto f) CTISA_EXEC_INLINE_LAMBDA {
        bits s;
        for (std::size_t k = 0; k < vector_lanes; ++k) s[k] = alu::as_bits(f(alu::as_float(a[0][k]), alu::as_float(b[0][k])));
        o[0] = o[1] = o[2] = o[3] = s;
    };
    [[maybe_unused]] const bits one = bits{} + alu::one_bits, zero{};
    namespace ap = ctisa::exec::approx;
    if constexpr (elementwise<Op>)
        for (unsigned i = 0; i < 4; ++i) {
            const floats x = fl(a[i]), y = fl(b[i]), z = fl(c[i]);
            if constexpr (Op == opcode::add) o[i] = bt(x + y);
            else if constexpr (Op == opcode::sub) o[i] = bt(x - y);
            else if constexpr (Op == opcode::mul) o[i] = bt(x * y);
            else if constexpr (Op == opcode::mad) {
                const floats p = x * y;
                o[i] = bt(p + z);
            } else if constexpr (Op == opcode::mov) o[i] = a[i];
            else if constexpr (Op == opcode::min) o[i] = pick(y < x, b[i], a[i]);
            else if constexpr (Op == opcode::max) o[i] = pick(y < x, a[i], b[i]);
            else if constexpr (Op == opcode::cmp) o[i] = pick(x < 0.0f, b[i], c[i]);
            else if constexpr (Op == opcode::slt) o[i] = pick(x < y, one, zero);
            else if constexpr (Op == opcode::sge) o[i] = pick((y < x) | (x == y), one, zero);
            else if constexpr (Op == opcode::sle) o[i] = pick((x < y) | (x == y), one, zero);
            else if constexpr (Op == opcode::sgt) o[i] = pick(y < x, one, zero);
            else if constexpr (Op == opcode::seq) o[i] = pick(x == y, one, zero);
            else o[i] = pick(x == y, zero, one);  // SNE
        }
    if constexpr (Op == opcode::dp3 || Op == opcode::dp4 || Op == opcode::dph) {  // ((x + y) + z) + w, as alu::dot
        floats s = fl(a[0]) * fl(b[0]);
        floats t = fl(a[1]) * fl(b[1]);
        s = s + t;
        t = fl(a[2]) * fl(b[2]);
        s = s + t;
        if constexpr (Op == opcode::dp4) t = fl(a[3]) * fl(b[3]);
        if constexpr (Op == opcode::dph) t = fl(b[3]);
        if constexpr (Op != opcode::dp3) s = s + t;
        o[0] = o[1] = o[2] = o[3] = bt(s);
    }
    if constexpr (Op == opcode::rsq) scalar([](float x, float) { return ap::rsq(x); });
    if constexpr (Op == opcode::rcp) scalar([](float x, float) { return ap::rcp(x); });
    if constexpr (Op == opcode::ex2) scalar([](float x, float) { return ap::exp2(x); });
    if constexpr (Op == opcode::lg2) scalar([](float x, float) { return ap::log2(x); });
    if constexpr (Op == opcode::pow) scalar([](float x, float y) { return ap::pow(x, y); });
}

// alu::quiet_nan and alu::clamp_result on a register of lanes.
[[nodiscard]] CTISA_EXEC_INLINE bits quiet(const bits& w) noexcept { return pick((w & 0x7FFFFFFFu) > 0x7F800000u, bits{} + 0x7FC00000u, w); }
[[nodiscard]] CTISA_EXEC_INLINE bits clamped(const bits& w, nvasm::clamp c) noexcept {
    const floats x = fl(w), lo = floats{} + (c == nvasm::clamp::sat ? 0.0f : -1.0f), one = floats{} + 1.0f;
    floats r, s;
    ctisa::exec::select(x < one, x, one, r);
    ctisa::exec::select(x > lo, r, lo, s);
    return pick(x == x, bt(s), bits{});
}

template <opcode Op>
inline constexpr bool quiets = !alu::keeps_bits(Op) && Op != opcode::slt && Op != opcode::sge && Op != opcode::sle && Op != opcode::sgt &&
                               Op != opcode::seq && Op != opcode::sne;  // (their 1.0 / 0.0 is never NaN)

// (Everything the loop reads besides rows is a local: through a struct or the descriptor, GCC
// reloaded each row pointer after every store, which may alias it.)
template <opcode Op, unsigned Sources, class View>
void run_op(const descriptor& d, const View& v, const lane_word* active, bool all) noexcept {
    const lane_word* in[3][4]{};
    lane_word keep[3]{}, flip[3]{};
    for (unsigned k = 0; k < Sources; ++k) {
        for (unsigned i = 0; i < 4; ++i) in[k][i] = v.row(d.src[k].at.row[i]);
        const ctisa::exec::float_modifier m(d.src[k].negate, d.src[k].absolute);
        keep[k] = m.and_mask, flip[k] = m.xor_mask;
    }
    lane_word* const out[4] = {v.row(d.result.row[0]), v.row(d.result.row[1]), v.row(d.result.row[2]), v.row(d.result.row[3])};
    const unsigned mask = d.mask;
    const nvasm::clamp clamp = d.clamp;
    bool modified[3]{};
    for (unsigned k = 0; k < Sources; ++k) modified[k] = d.src[k].negate || d.src[k].absolute;
    for (std::size_t l = 0; l < View::lanes; l += vector_lanes) {
        bits a[4], b[4]{}, c[4]{}, o[4];
        // (Sources without modifiers, the common case, skip the masks: a quarter of a MAD's work.)
        const auto read = [&](unsigned k, bits(&x)[4]) CTISA_EXEC_INLINE_LAMBDA {
            for (unsigned i = 0; i < 4; ++i) x[i] = ctisa::exec::load_chunk<bits>(in[k][i] + l);
            if (modified[k])
                for (unsigned i = 0; i < 4; ++i) x[i] = (x[i] & keep[k]) ^ flip[k];
        };
        read(0, a);
        if constexpr (Sources > 1) read(1, b);
        if constexpr (Sources > 2) read(2, c);
        compute<Op>(a, b, c, o);
        for (unsigned i = 0; i < 4; ++i) {
            if (!(mask & (1u << i))) continue;
            bits w = o[i];
            if constexpr (quiets<Op>) w = quiet(w);
            if (clamp != nvasm::clamp::none) w = clamped(w, clamp);
            ctisa::exec::store_chunk(out[i] + l, w, active + l, all);
        }
    }
}

// f.template operator()<Op, Sources>() for an operation this path computes, and true; false for
// the others.
template <class F>
CTISA_EXEC_INLINE constexpr bool dispatch(opcode code, F&& f) {
    using op = opcode;
    switch (code) {
        case op::add: return f.template operator()<op::add, 2>(), true;
        case op::sub: return f.template operator()<op::sub, 2>(), true;
        case op::mul: return f.template operator()<op::mul, 2>(), true;
        case op::mad: return f.template operator()<op::mad, 3>(), true;
        case op::mov: return f.template operator()<op::mov, 1>(), true;
        case op::min: return f.template operator()<op::min, 2>(), true;
        case op::max: return f.template operator()<op::max, 2>(), true;
        case op::cmp: return f.template operator()<op::cmp, 3>(), true;
        case op::dp3: return f.template operator()<op::dp3, 2>(), true;
        case op::dp4: return f.template operator()<op::dp4, 2>(), true;
        case op::dph: return f.template operator()<op::dph, 2>(), true;
        case op::slt: return f.template operator()<op::slt, 2>(), true;
        case op::sge: return f.template operator()<op::sge, 2>(), true;
        case op::sle: return f.template operator()<op::sle, 2>(), true;
        case op::sgt: return f.template operator()<op::sgt, 2>(), true;
        case op::seq: return f.template operator()<op::seq, 2>(), true;
        case op::sne: return f.template operator()<op::sne, 2>(), true;
        case op::rsq: return f.template operator()<op::rsq, 1>(), true;
        case op::rcp: return f.template operator()<op::rcp, 1>(), true;
        case op::ex2: return f.template operator()<op::ex2, 1>(), true;
        case op::lg2: return f.template operator()<op::lg2, 1>(), true;
        case op::pow: return f.template operator()<op::pow, 2>(), true;
        default: return false;
    }
}

// The kernel of d over the view's lanes when this path takes d, else null: the straight runs'
// hook (traits::plain_alu), asked once an instruction when the machine is built.
template <class View>
[[nodiscard]] ctisa::exec::plain_kernel<descriptor, View> kernel(const descriptor& d) noexcept {
    ctisa::exec::plain_kernel<descriptor, View> k = nullptr;
    if constexpr (View::lanes % vector_lanes == 0 && ctisa::exec::value_block<vector_lanes>)
        if (float_path::plain(d)) dispatch(d.code, [&k]<opcode Op, unsigned Sources>() { k = &run_op<Op, Sources, View>; });
    return k;
}

// Runs d over the view's lanes when this path takes it; false when not (the caller goes on).
template <class View>
[[nodiscard]] inline bool run(const descriptor& d, const View& v, const lane_word* active, bool all) noexcept {
    if constexpr (View::lanes % vector_lanes != 0 || !ctisa::exec::value_block<vector_lanes>) {
        return false;
    } else {
        if (!float_path::plain(d)) return false;
        return dispatch(d.code, [&]<opcode Op, unsigned Sources>() CTISA_EXEC_INLINE_LAMBDA { run_op<Op, Sources>(d, v, active, all); });
    }
}

}  // namespace ctisa::nvasm::exec::row_path
