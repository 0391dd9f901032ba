// SPDX-License-Identifier: MIT
// One ALU instruction group over N lanes (chapter 4): every slot reads its sources (GPRs, kcache
// constants, literals, inline constants, PV of the previous group) before any slot writes; then
// results go to PV and to the destination GPRs, the predicate, the exec-mask update and kills.
//
// Decisions where the document is silent:
// - PV of a slot that is empty or holds NOP / GROUP_BARRIER / an LDS_IDX_OP is "invalidated"
//   (4.4, 4.9.4): the executor sets it to 0 for the lanes that run the group.
// - Reductions (DOT4, DOT4_IEEE, MAX4) combine the slots holding them in slot order
//   (((x + y) + z) + w) and give every such slot the result; output modifiers apply after.
// - Input modifiers are sign-bit operations (ABS clears bit 31, NEG flips it, after ABS) on
//   every operand; OMOD and CLAMP apply only to instructions with a float result (4.9.1).
// - A relative GPR address outside 0-127 reads 0 and writes nothing (4.9.2: no GPR write).
// - MOVA_INT writes AR.X (its int source) and neither PV nor a GPR (4.9.5: undefined).
// - One wavefront: GLOBAL index modes address the same GPRs as the others.
// - The exception flags (4.13.2) are a row per lane, cleared at each ALU clause's start:
//   STORE_FLAGS writes them (any slot), LOAD_STORE_FLAGS writes them and loads src0 into them
//   after the group. The float kernels do not detect exceptions (that would be a second result
//   of every float kernel), so the flags hold what LOAD_STORE_FLAGS loaded.
// - SET_MODE: the document does not give its operand's encoding, and the kernels honour one mode,
//   the default (round to nearest even, denormals as alu.hpp says); SET_MODE runs, changes
//   nothing and writes no GPR or PV (like NOP).
// - SET_LDS_SIZE: its description breaks off before the operand's encoding; src0 of the first
//   lane running it is the size in bytes, given to the environment's set_lds_size (capped at the
//   32 KiB LDS; LDS accesses past it read 0 and are discarded); the local/global mode changes
//   nothing for one wavefront. It writes no GPR or PV.
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "../../exec/kernel.hpp"
#include "../../exec/lanes.hpp"
#include "alu64.hpp"
#include "context.hpp"
#include "descriptor.hpp"
#include "interp.hpp"

namespace ctisa::cayman::exec {

namespace detail {

inline constexpr lane_word sign_bit = 0x80000000u;

// The sources of the slots holding 64-bit instructions, read again by combine_wide.
template <std::size_t n>
using wide_sources = std::array<std::array<std::array<lane_word, n>, 3>, 4>;

// The per-lane index a relative operand adds: the loop index (INDEX_MODE LOOP) or AR.X.
template <class View>
[[nodiscard]] std::int64_t index_of(const slot& s, const View& v, const context& ctx, std::size_t l) noexcept {
    if (s.index_mode == 4) return ctx.loop_index();
    return static_cast<std::int32_t>(v.row(row::ar)[l]);
}

template <class View, class Env>
CTISA_EXEC_INLINE void read_source(const source& src, const slot& s, const View& v, const context& ctx, Env& env, lane_word* out) {
    constexpr std::size_t n = View::lanes;
    switch (src.kind) {
        case src_kind::gpr:
            if (!src.rel) {
                const lane_word* r = v.row(row::gpr(src.index, src.chan));
                for (std::size_t l = 0; l < n; ++l) out[l] = r[l];
            } else {
                for (std::size_t l = 0; l < n; ++l) {
                    const std::int64_t g = src.index + index_of(s, v, ctx, l);
                    out[l] = g >= 0 && g < 128 ? v.row(row::gpr(static_cast<std::uint32_t>(g), src.chan))[l] : 0u;
                }
            }
            break;
        case src_kind::pv: {
            const lane_word* r = v.row(row::pv + src.chan);
            for (std::size_t l = 0; l < n; ++l) out[l] = r[l];
            break;
        }
        case src_kind::kcache: {
            std::uint32_t index = src.index;
            if (src.loop_line) index += static_cast<std::uint32_t>(ctx.loop_index() / 16) * 16;
            const lane_word value = env.constant(src.bank, index)[src.chan];
            for (std::size_t l = 0; l < n; ++l) out[l] = value;
            break;
        }
        case src_kind::loop_index:
            for (std::size_t l = 0; l < n; ++l) out[l] = static_cast<lane_word>(ctx.loop_index());
            break;
        case src_kind::queue: {  // the front entry (0 when the queue is empty: its row holds 0)
            const lane_word* r = v.row(src.index ? row::oqb : row::oqa);
            for (std::size_t l = 0; l < n; ++l) out[l] = r[l];
            break;
        }
        case src_kind::undefined:
            for (std::size_t l = 0; l < n; ++l) out[l] = 0;
            break;
        default:
            for (std::size_t l = 0; l < n; ++l) out[l] = src.value;
            break;
    }
    if (src.abs)
        for (std::size_t l = 0; l < n; ++l) out[l] &= ~sign_bit;
    if (src.neg)
        for (std::size_t l = 0; l < n; ++l) out[l] ^= sign_bit;
}

CTISA_EXEC_INLINE lane_word modify(const slot& s, lane_word r) noexcept {
    if (!float_result(s.op) || (s.op == opcode::alu_op2_cube && s.chan == 3)) return r;  // CUBE's face id: none
    float x = std::bit_cast<float>(r);
    switch (s.omod) {
        case 1: x *= 2.0f; break;
        case 2: x *= 4.0f; break;
        case 3: x *= 0.5f; break;
        default: break;
    }
    if (s.clamp) x = ctisa::exec::saturate(x);
    return std::bit_cast<lane_word>(x);
}

[[nodiscard]] constexpr bool is_reduction(opcode op) noexcept {
    return op == opcode::alu_op2_dot4 || op == opcode::alu_op2_dot4_ieee || op == opcode::alu_op2_max4;
}
[[nodiscard]] constexpr bool writes_nothing(opcode op) noexcept {
    return op == opcode::alu_op2_nop || op == opcode::alu_op2_group_barrier || op == opcode::alu_op2_set_mode ||
           op == opcode::alu_op2_set_lds_size || info(op).cat == category::lds_idx_op;
}

// The LDS queues of the lanes of `on`: pop both (the front entry leaves), or push an entry on both.
template <class View>
void pop_queues(const View& v, const lane_word* on) {
    lane_word* length = v.row(row::oq_length);
    for (std::size_t l = 0; l < View::lanes; ++l) {
        if (!on[l] || length[l] == 0) continue;
        for (std::uint32_t k = 0; k + 1 < row::queue_depth; ++k) {
            v.row(row::oqa + k)[l] = v.row(row::oqa + k + 1)[l];
            v.row(row::oqb + k)[l] = v.row(row::oqb + k + 1)[l];
        }
        v.row(row::oqa + row::queue_depth - 1)[l] = v.row(row::oqb + row::queue_depth - 1)[l] = 0;
        --length[l];
    }
}
template <class View>
void push_queues(const View& v, std::size_t l, lane_word a, lane_word b) {
    lane_word& length = v.row(row::oq_length)[l];
    if (length >= row::queue_depth) return;
    v.row(row::oqa + length)[l] = a;
    v.row(row::oqb + length)[l] = b;
    ++length;
}

[[nodiscard]] constexpr bool is_kill(opcode op) noexcept { return (info(op).flags & opcode_flag::kill) != 0; }

// CUBE over its four slots (8.2: src0 = Rn.zzxy, src1 = Rn.yxzz): X = T, Y = S, Z = 2 * major
// axis, W = face id. The face and coordinates follow the usual cube-map selection (the chapter's
// table is unreadable): Z major when |z| >= |x|, |y|, then Y major when |y| >= |x|, else X.
template <std::size_t n>
CTISA_EXEC_INLINE void cube(const std::array<int, 4>& at, std::array<std::array<lane_word, n>, 4>& result) {
    if (at[0] < 0 || at[1] < 0 || at[2] < 0 || at[3] < 0) return;  // check_group: all four slots
    auto& rx = result[static_cast<std::size_t>(at[0])];
    auto& ry = result[static_cast<std::size_t>(at[1])];
    auto& rz = result[static_cast<std::size_t>(at[2])];
    auto& rw = result[static_cast<std::size_t>(at[3])];
    for (std::size_t l = 0; l < n; ++l) {
        // compute() left each slot's src0: X and Y hold z, Z holds x, W holds y.
        const float x = std::bit_cast<float>(rz[l]), y = std::bit_cast<float>(rw[l]), z = std::bit_cast<float>(rx[l]);
        const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
        float tc, sc, ma, face;
        if (az >= ax && az >= ay) {
            face = z < 0 ? 5.0f : 4.0f, ma = z, sc = z < 0 ? -x : x, tc = -y;
        } else if (ay >= ax) {
            face = y < 0 ? 3.0f : 2.0f, ma = y, sc = x, tc = y < 0 ? -z : z;
        } else {
            face = x < 0 ? 1.0f : 0.0f, ma = x, sc = x < 0 ? z : -z, tc = -y;
        }
        rx[l] = std::bit_cast<lane_word>(tc);
        ry[l] = std::bit_cast<lane_word>(sc);
        rz[l] = std::bit_cast<lane_word>(2.0f * ma);
        rw[l] = std::bit_cast<lane_word>(face);
    }
}

// Reductions (DOT4, DOT4_IEEE, MAX4: in slot order, ((x + y) + z) + w) and the four-slot
// FLT_TO_UINT4 and CUBE: the slots holding one combine their parts (one such instruction a group:
// check_group's slot shapes).
template <std::size_t n>
CTISA_EXEC_INLINE void combine_slots(const descriptor& d, const std::array<int, 4>& at, std::array<std::array<lane_word, n>, 4>& result) {
    for (std::size_t i = 0; i < d.count; ++i) {
        const opcode op = d.slots[i].op;
        if (op == opcode::alu_op2_cube) return cube(at, result);
        const bool pack = op == opcode::alu_op2_flt_to_uint4;
        if (!pack && !is_reduction(op)) continue;
        for (std::size_t l = 0; l < n; ++l) {
            float sum = 0.0f;
            lane_word best = 0, packed = 0;
            bool first = true;
            for (std::size_t j = 0; j < d.count; ++j) {
                if (d.slots[j].op != op) continue;
                const lane_word r = result[j][l];
                const float x = std::bit_cast<float>(r);
                packed |= (r & 0xFFu) << (8 * d.slots[j].chan);  // (w & 0xFF) << 24 | ... | x & 0xFF
                if (first || x > std::bit_cast<float>(best)) best = r;
                sum = first ? x : sum + x;
                first = false;
            }
            result[i][l] = pack ? packed : op == opcode::alu_op2_max4 ? best : std::bit_cast<lane_word>(sum);
        }
        for (std::size_t j = i + 1; j < d.count; ++j)
            if (d.slots[j].op == op) result[j] = result[i];
        return;
    }
}

// One lane of the 64-bit instruction `op` whose pair starts at channel `base` (alu64.hpp's header
// says which slot holds which dword). `word(chan, k)`: source k of the slot at chan (0 when the
// slot does not hold op); `put(chan, value, test)` writes a slot's result.
template <class Word, class Put>
void wide_lane(const descriptor& d, const std::array<int, 4>& at, opcode op, std::uint32_t base, const Word& word, const Put& put) {
    std::uint32_t hi = base, lo = base + 1;
    if (op == opcode::alu_op2_mul_64 || op == opcode::alu_op3_fma_64) hi = 2, lo = 3;
    if (op == opcode::alu_op2_frexp_64) {
        const split64 r = frexp64(join(word(0, 0), word(1, 0)));
        put(0, r.exponent, false), put(1, r.exponent, false);
        put(2, static_cast<lane_word>(r.fraction), false), put(3, static_cast<lane_word>(r.fraction >> 32), false);
        return;
    }
    u64 a = join(word(hi, 0), word(lo, 0));
    const u64 b = join(word(hi, 1), word(lo, 1)), c = join(word(hi, 2), word(lo, 2));
    const bool approx = op == opcode::alu_op2_recip_64 || op == opcode::alu_op2_recip_clamped_64 || op == opcode::alu_op2_recipsqrt_64 ||
                        op == opcode::alu_op2_recipsqrt_clamped_64 || op == opcode::alu_op2_sqrt_64;
    if (approx) a = join(word(base, 0), word(base, 1));
    const u64 r = compute64(op, a, b, c);
    const bool t = (info(op).flags & opcode_flag::predicate) != 0 && test64(op, a, b);
    const bool quad = info(op).slots == alu_slots::quad;
    for (std::uint32_t p = quad ? 0 : base; p < (quad ? 4u : base + 2); p += 2) {
        u64 m = r;
        if (modifies_double(op) && at[p] >= 0) {
            const slot& s = d.slots[static_cast<std::size_t>(at[p])];
            m = modify64(r, s.omod, s.clamp);
        }
        put(p, static_cast<lane_word>(m), t), put(p + 1, static_cast<lane_word>(m >> 32), t);
    }
}

// The 64-bit instructions of a group: their pairs gathered from the slots' sources (read again,
// before any write: out of line, so that groups without them keep a small frame), computed, their
// dwords scattered to the slots' results (and predicate outcomes).
template <std::size_t n, class View, class Env>
[[gnu::noinline]] void combine_wide(const descriptor& d, const std::array<int, 4>& at, const View& v, const context& ctx, Env& env,
                                    std::array<std::array<lane_word, n>, 4>& result, std::array<std::array<lane_word, n>, 4>& test) {
    wide_sources<n> src{};
    for (std::size_t i = 0; i < d.count; ++i)
        if (is_wide(d.slots[i].op))
            for (std::size_t k = 0; k < d.slots[i].sources && k < 3; ++k)
                read_source(d.slots[i].src[k], d.slots[i], v, ctx, env, src[i][k].data());
    for (std::uint32_t base = 0; base < 4; base += 2) {
        const int first = at[base] >= 0 ? at[base] : at[base + 1];
        if (first < 0) continue;
        const opcode op = d.slots[static_cast<std::size_t>(first)].op;
        if (!is_wide(op)) continue;
        for (std::size_t l = 0; l < n; ++l) {
            const auto word = [&](std::uint32_t chan, std::size_t k) -> lane_word {
                const int i = at[chan];
                return i >= 0 && d.slots[static_cast<std::size_t>(i)].op == op ? src[static_cast<std::size_t>(i)][k][l] : 0u;
            };
            const auto put = [&](std::uint32_t chan, lane_word value, bool t) {
                const int i = at[chan];
                if (i < 0 || d.slots[static_cast<std::size_t>(i)].op != op) return;
                result[static_cast<std::size_t>(i)][l] = value;
                test[static_cast<std::size_t>(i)][l] = t ? ctisa::exec::lane_on : 0u;
            };
            wide_lane(d, at, op, base, word, put);
        }
        if (info(op).slots == alu_slots::quad) return;
    }
}

// The group's LDS operation (one, in slot X: 8.6) for the lanes that run its slot, and the queues:
// sources read (before any write), the operation run, then the group's pop, then the push of
// what the operation returns (lds.hpp).
template <std::size_t n, class View, class Env>
[[gnu::noinline]] void run_lds(const descriptor& d, const View& v, const context& ctx, Env& env,
                               const std::array<std::array<lane_word, n>, 4>& runs, const lane_word* active) {
    std::array<lds_return, n> back{};
    for (std::size_t i = 0; i < d.count; ++i) {
        const slot& s = d.slots[i];
        if (info(s.op).cat != category::lds_idx_op) continue;
        std::array<std::array<lane_word, n>, 3> src{};
        for (std::size_t k = 0; k < s.sources && k < 3; ++k) read_source(s.src[k], s, v, ctx, env, src[k].data());
        for (std::size_t l = 0; l < n; ++l)
            if (runs[i][l]) back[l] = lds_lane(s.op, s.lds_offset, src[0][l], src[1][l], src[2][l], env);
    }
    if (d.pops) pop_queues(v, active);
    for (std::size_t l = 0; l < n; ++l)
        if (back[l].returns) push_queues(v, l, back[l].a, back[l].b);
}

// What a slot computes, by an opcode known at run time (the interpreter) or at compile time.
struct dynamic_ops {
    opcode op;
    CTISA_EXEC_INLINE lane_word compute(lane_word a, lane_word b, lane_word c) const noexcept { return exec::compute(op, a, b, c); }
    CTISA_EXEC_INLINE bool test(lane_word a, lane_word b) const noexcept { return pred_test(op, a, b); }
    CTISA_EXEC_INLINE lane_word previous(lane_word a, lane_word b, lane_word own, lane_word prev) const noexcept {
        return with_previous(op, a, b, own, prev);
    }
};
template <opcode Op>
struct fixed_ops {
    // One small function an opcode: GCC inlines it where it is cheap once folded.
    static lane_word compute(lane_word a, lane_word b, lane_word c) noexcept { return exec::compute(Op, a, b, c); }
    static bool test(lane_word a, lane_word b) noexcept { return pred_test(Op, a, b); }
    static lane_word previous(lane_word a, lane_word b, lane_word own, lane_word prev) noexcept { return with_previous(Op, a, b, own, prev); }
};

}  // namespace detail

// Runs the group for the lanes of `active`. Desc: dynamic_desc (the interpreter) or static_desc
// (the compiled path: inlined, the descriptor's fields are constants and each slot folds to its
// operation).
template <class Desc, class View, class Env>
CTISA_EXEC_INLINE void run_group(const Desc& desc, const View& v, const lane_word* active, context& ctx, Env& env, std::size_t first) {
    const descriptor& d = desc.get();
    constexpr std::size_t n = View::lanes;
    std::array<std::array<lane_word, n>, 4> result{};
    std::array<std::array<lane_word, n>, 4> runs{};  // lanes that execute each slot (active, PRED_SEL)
    std::array<std::array<lane_word, n>, 4> test{};  // PRED_SET* / KILL* outcome per lane
    std::array<lane_word, n> a{}, b{}, c{};
    std::array<lane_word, n> loaded{};  // LOAD_STORE_FLAGS, SET_LDS_SIZE: src0 (the flags after the group, the size)
    std::array<lane_word, n> interp_i{};  // INTERP_*: the I of the pair being run (interp.hpp)
    const lane_word* pred = v.row(row::pred);
    std::array<int, 4> at{-1, -1, -1, -1};  // the slot of each channel
    for (std::size_t i = 0; i < d.count; ++i) at[d.slots[i].chan] = static_cast<int>(i);
    // W first: the *_PREV family reads the result of a higher channel of the same group.
    const auto one_slot = [&](std::size_t i, const auto& ops) CTISA_EXEC_INLINE_LAMBDA {
        if (i >= d.count) return;
        const slot& s = d.slots[i];
        if (s.sources > 0) detail::read_source(s.src[0], s, v, ctx, env, a.data());
        if (s.sources > 1) detail::read_source(s.src[1], s, v, ctx, env, b.data());
        if (s.sources > 2) detail::read_source(s.src[2], s, v, ctx, env, c.data());
        const bool tests = (info(s.op).flags & (opcode_flag::predicate | opcode_flag::kill)) != 0;
        const int prev_chan = previous_channel(s.op, s.chan);
        const bool interp = is_interp(s.op);
        const int prev = prev_chan >= 0 ? at[static_cast<std::size_t>(prev_chan)] : -1;
        for (std::size_t l = 0; l < n; ++l) {
            lane_word r = ops.compute(a[l], b[l], c[l]);
            if (s.op == opcode::alu_op2_mbcnt_32hi_int || s.op == opcode::alu_op2_mbcnt_32lo_accum_prev_int)
                r = static_cast<lane_word>(std::popcount(a[l] & lanes_below(first + l, s.op == opcode::alu_op2_mbcnt_32hi_int)));
            if (s.op == opcode::alu_op2_store_flags || s.op == opcode::alu_op2_load_store_flags) r = v.row(row::flags)[l];
            if (interp) r = detail::interp_lane(s.op, s.chan, a[l], b[l], interp_i[l], env);
            if (s.op == opcode::alu_op2_load_store_flags || s.op == opcode::alu_op2_set_lds_size) loaded[l] = a[l];
            if (prev_chan >= 0) r = ops.previous(a[l], b[l], r, prev >= 0 ? result[static_cast<std::size_t>(prev)][l] : 0u);
            result[i][l] = r;
            test[i][l] = tests && ops.test(a[l], b[l]) ? ctisa::exec::lane_on : 0u;
            const lane_word by_pred = s.pred_sel == 2 ? ~pred[l] : s.pred_sel == 3 ? pred[l] : ctisa::exec::lane_on;
            runs[i][l] = active[l] & by_pred;
        }
    };
    if constexpr (ctisa::exec::is_static_desc<Desc>) {
        // Each slot's operation a template argument: its arithmetic is folded once per opcode,
        // not once per group (compile time).
        [&]<std::size_t... I>(std::index_sequence<I...>) CTISA_EXEC_INLINE_LAMBDA {
            (one_slot(3 - I, detail::fixed_ops<Desc::get().slots[3 - I].op>{}), ...);
        }(std::make_index_sequence<4>{});
    } else {
        for (std::size_t i = d.count; i-- > 0;) one_slot(i, detail::dynamic_ops{d.slots[i].op});
    }
    detail::combine_slots(d, at, result);
    if (d.count && is_interp(d.slots[0].op)) detail::mux_interp(d.slots[0].op, at, result);
    if (d.wide) detail::combine_wide(d, at, v, ctx, env, result, test);
    if (d.lds || d.pops) detail::run_lds(d, v, ctx, env, runs, active);
    // Writes: PV, GPRs, AR, predicate, exec mask, kills.
    std::array<bool, 4> has_slot{};
    int mova = -1;
    for (std::size_t i = 0; i < d.count; ++i) {
        const slot& s = d.slots[i];
        has_slot[s.chan] = true;
        lane_word* pv = v.row(row::pv + s.chan);
        const auto& run = runs[i];
        if (s.op == opcode::alu_op2_load_store_flags)
            for (std::size_t l = 0; l < n; ++l) v.row(row::flags)[l] = run[l] ? loaded[l] : v.row(row::flags)[l];
        if (s.op == opcode::alu_op2_set_lds_size)  // the first lane's size (the environment caps it)
            for (std::size_t l = 0; l < n; ++l)
                if (run[l]) {
                    env.set_lds_size(loaded[l]);
                    break;
                }
        if (detail::writes_nothing(s.op)) {
            for (std::size_t l = 0; l < n; ++l) pv[l] = run[l] ? 0u : pv[l];
            continue;
        }
        if (s.op == opcode::alu_op2_mova_int) {
            mova = static_cast<int>(i);
            continue;
        }
        for (std::size_t l = 0; l < n; ++l) {
            const lane_word r = detail::modify(s, result[i][l]);
            if (!run[l]) continue;
            pv[l] = r;
            if (!s.write) continue;
            std::int64_t g = s.dst;
            if (s.dst_rel) g += detail::index_of(s, v, ctx, l);
            if (g >= 0 && g < 128) v.row(row::gpr(static_cast<std::uint32_t>(g), s.chan))[l] = r;
        }
        if (s.update_pred)
            for (std::size_t l = 0; l < n; ++l) v.row(row::pred)[l] = run[l] ? test[i][l] : v.row(row::pred)[l];
        if (s.update_exec) {
            ctx.exec_op = s.exec_op;
            for (std::size_t l = 0; l < n; ++l) v.row(row::keep)[l] &= run[l] ? test[i][l] : ctisa::exec::lane_on;
        }
        if (detail::is_kill(s.op))
            for (std::size_t l = 0; l < n; ++l) v.row(row::killed)[l] |= run[l] & test[i][l];
    }
    if (mova >= 0) {  // AR changes for the next group (the relative writes above used the old one)
        lane_word* ar = v.row(row::ar);
        const auto& run = runs[static_cast<std::size_t>(mova)];
        for (std::size_t l = 0; l < n; ++l) ar[l] = run[l] ? result[static_cast<std::size_t>(mova)][l] : ar[l];
    }
    for (std::uint32_t chan = 0; chan < 4; ++chan)
        if (!has_slot[chan])
            for (std::size_t l = 0; l < n; ++l) v.row(row::pv + chan)[l] = active[l] ? 0u : v.row(row::pv + chan)[l];
}

}  // namespace ctisa::cayman::exec
