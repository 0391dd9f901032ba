// SPDX-License-Identifier: MIT
// The interpreter's fast path for the ALU groups the value kernels cover (values.hpp's
// supported(): plain float and integer arithmetic, no predicate, relative address, 64-bit or LDS
// slot): each slot's sources as rows (a GPR or PV row read in place; a constant, or a source with
// NEG or ABS, in a scratch row), its operation chosen once per slot (not once per lane as in
// run_group's generic loop) and run over the lanes as vectors by the value kernel of its opcode
// (values::compute: the compiled path's arithmetic, lane for lane the same as alu.hpp's), OMOD and
// CLAMP, then every result written after all are computed (4.4), as run_group writes them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "../../exec/value_rows.hpp"
#include "group.hpp"
#include "values.hpp"

namespace ctisa::cayman::exec::plain_group {

// Lanes a vector for a view of N lanes (0: N is no multiple of 4, the generic path runs).
template <std::size_t N>
inline constexpr std::size_t block = [] {
    std::size_t b = ctisa::exec::simd_register_bytes / sizeof(lane_word);
    while (b >= 4 && N % b != 0) b /= 2;
    return b >= 4 ? b : 0;
}();

// out = out2 = op(a, b, c) over n lanes (a multiple of the kernel's block; out2 may be out): a
// result goes to PV and the GPR straight from the registers. A source the opcode lacks is not read.
using kernel = void (*)(const lane_word* a, const lane_word* b, const lane_word* c, lane_word* out, lane_word* out2, std::size_t n);

// The one-slot group whose sources are R0.x, R1.x, R2.x: what values::compute runs for Op.
template <opcode Op>
inline constexpr descriptor lone = [] {
    descriptor d;
    d.kind = item_kind::group;
    d.count = 1;
    d.slots[0].op = Op;
    d.slots[0].sources = info(Op).sources;
    for (std::uint16_t k = 0; k < 3; ++k) d.slots[0].src[k] = source{src_kind::gpr, 0, false, false, false, 0, false, k, 0};
    return d;
}();

// The rows values::compute reads (R0.x, R1.x, R2.x: rows 0, 4, 8) as one block's sources.
template <std::size_t B>
struct operands {
    using bits = typename ctisa::exec::row_vectors<B>::bits;
    using floats = typename ctisa::exec::row_vectors<B>::floats;
    using ints = typename ctisa::exec::row_vectors<B>::ints;
    bits in[3];
    template <std::uint32_t R>
    CTISA_EXEC_INLINE const bits& at() const noexcept {
        return in[R / 4];
    }
};

template <opcode Op, std::size_t B>
void run_op(const lane_word* a, const lane_word* b, const lane_word* c, lane_word* out, lane_word* out2, std::size_t n) {
    using bits = typename operands<B>::bits;
    constexpr std::size_t sources = info(Op).sources;
    operands<B> r;
    for (std::size_t k = 0; k < n; k += B) {
        if constexpr (sources > 0) std::memcpy(&r.in[0], a + k, sizeof(bits));
        if constexpr (sources > 1) std::memcpy(&r.in[1], b + k, sizeof(bits));
        if constexpr (sources > 2) std::memcpy(&r.in[2], c + k, sizeof(bits));
        bits o;
        values::compute<lone<Op>, 0>(r, o);
        std::memcpy(out + k, &o, sizeof(bits));  // (after the block's loads: out may be a source's row)
        std::memcpy(out2 + k, &o, sizeof(bits));
    }
}

// The kernel of each opcode values::op_supported lets through (null for the others).
template <std::size_t B>
inline constexpr auto kernels = []<std::size_t... I>(std::index_sequence<I...>) {
    const auto of = []<std::size_t J>(std::integral_constant<std::size_t, J>) -> kernel {
        if constexpr (values::op_supported(static_cast<opcode>(J))) return &run_op<static_cast<opcode>(J), B>;
        else return nullptr;
    };
    return std::array<kernel, sizeof...(I)>{of(std::integral_constant<std::size_t, I>{})...};
}(std::make_index_sequence<opcodes.size()>{});

[[nodiscard]] constexpr bool writes_gpr(const slot& s) noexcept { return s.write && !detail::writes_nothing(s.op); }

// The constant row of a source that is the same in every lane.
[[nodiscard]] constexpr constant_row row_of(const source& src) noexcept {
    if (src.kind == src_kind::kcache) return {true, src.abs, src.neg, src.chan, src.bank, src.index, 0};
    lane_word x = src.kind == src_kind::undefined ? 0u : src.value;
    if (src.abs) x &= ~detail::sign_bit;
    if (src.neg) x ^= detail::sign_bit;
    return {false, false, false, 0, 0, 0, x};
}

// Whether slot r reads a row slot w writes.
[[nodiscard]] constexpr bool reads(const slot& r, const slot& w) noexcept {
    for (std::size_t k = 0; k < r.sources && k < 3; ++k) {
        const source& src = r.src[k];
        if (src.kind == src_kind::pv && src.chan == w.chan) return true;
        if (src.kind == src_kind::gpr && writes_gpr(w) && src.index == w.dst && src.chan == w.chan) return true;
    }
    return false;
}

// The order the slots of group d run in, and those whose results go to their rows as soon as
// they are computed: a slot runs after every slot reading its rows (a kernel reads each block of
// lanes before it writes it, so a slot may read its own), unless the group's reads form a cycle
// (MOV R0.x, R0.y with MOV R0.y, R0.x), where a slot is kept until all have run. A reduction (its
// slots combine) and OMOD or CLAMP (applied after) keep theirs too.
constexpr void order_slots(descriptor& d) {
    bool keep_all = false;
    for (std::size_t i = 0; i < d.count; ++i) keep_all = keep_all || detail::is_reduction(d.slots[i].op);
    std::array<bool, 4> placed{};
    for (std::size_t at = 0; at < d.count; ++at) {
        std::size_t pick = d.count;
        for (std::size_t i = 0; i < d.count && pick == d.count; ++i) {
            bool read_later = placed[i];
            for (std::size_t j = 0; j < d.count && !read_later; ++j) read_later = j != i && !placed[j] && reads(d.slots[j], d.slots[i]);
            if (!read_later) pick = i;
        }
        bool direct = pick < d.count;
        while (pick == d.count || placed[pick]) pick = pick == d.count ? 0 : pick + 1;  // a cycle: the first left, kept
        const slot& s = d.slots[pick];
        if (direct && !keep_all && s.omod == 0 && !s.clamp) d.direct = static_cast<std::uint8_t>(d.direct | (1u << pick));
        placed[pick] = true;
        d.order[at] = static_cast<std::uint8_t>(pick);
    }
}

// The fast path's part of describing item d: whether it is a plain group, the rows its sources
// read (constant rows numbered in `constants`, shared by the program), the order of its slots.
constexpr void plan(descriptor& d, std::vector<constant_row>& constants) {
    if (d.kind != item_kind::group || !values::supported(d)) return;
    d.plain = true;
    for (std::size_t i = 0; i < d.count; ++i)
        for (std::size_t k = 0; k < d.slots[i].sources && k < 3; ++k) {
            source& src = d.slots[i].src[k];
            if (src.kind == src_kind::gpr) src.row = static_cast<std::uint16_t>(row::gpr(src.index, src.chan));
            else if (src.kind == src_kind::pv) src.row = static_cast<std::uint16_t>(row::pv + src.chan);
            else {
                const constant_row c = row_of(src);
                std::size_t e = 0;
                while (e < constants.size() && constants[e] != c) ++e;
                if (e == constants.size()) constants.push_back(c);
                src.row = static_cast<std::uint16_t>(row::count + e);
            }
        }
    order_slots(d);
}

// The constant rows item d reads, into their places in `constants` (a machine's table).
inline void collect(const descriptor& d, std::vector<constant_row>& constants) {
    if (!d.plain) return;
    for (std::size_t i = 0; i < d.count; ++i)
        for (std::size_t k = 0; k < d.slots[i].sources && k < 3; ++k) {
            const source& src = d.slots[i].src[k];
            if (src.row < row::count) continue;
            const std::size_t e = src.row - row::count;
            if (constants.size() <= e) constants.resize(e + 1);
            constants[e] = row_of(src);
        }
}

// The constant rows of the run (at its first plain group): the environment's constants now.
template <std::size_t n, class Env>
void fill(context& ctx, Env& env) {
    for (std::size_t e = 0; e < ctx.constant_keys.size(); ++e) {
        const constant_row& c = ctx.constant_keys[e];
        lane_word x = c.value;
        if (c.kcache) {
            x = env.constant(c.bank, c.index)[c.chan];
            if (c.abs) x &= ~detail::sign_bit;
            if (c.neg) x ^= detail::sign_bit;
        }
        lane_word* r = ctx.constant_rows + e * n;
        for (std::size_t l = 0; l < n; ++l) r[l] = x;
    }
    ctx.constants_ready = true;
}

// `to` = `from` where `active` (every lane when `all`).
template <std::size_t n>
CTISA_EXEC_INLINE void put(lane_word* to, const lane_word* from, const lane_word* active, bool all) {
    if (all) {
        std::memcpy(to, from, n * sizeof(lane_word));
        return;
    }
    CTISA_LANE_LOOP
    for (std::size_t l = 0; l < n; ++l) to[l] = ctisa::exec::blend(to[l], from[l], active[l]);
}

// The results of the slots not in `direct`, once every slot has run: reductions combined, OMOD
// and CLAMP, then PV and the GPR for the lanes of `active` (run_group's writes).
template <class View, std::size_t n>
void keep(const descriptor& d, unsigned direct, const View& v, const lane_word* active, bool all,
          std::array<std::array<lane_word, n>, 4>& result) {
    for (std::size_t i = 0; i < d.count; ++i)
        if (detail::is_reduction(d.slots[i].op)) {
            std::array<int, 4> at{-1, -1, -1, -1};
            for (std::size_t j = 0; j < d.count; ++j) at[d.slots[j].chan] = static_cast<int>(j);
            detail::combine_slots(d, at, result);
            break;
        }
    for (std::size_t i = 0; i < d.count; ++i) {
        const slot& s = d.slots[i];
        if ((direct >> i) & 1u) continue;
        lane_word* r = result[i].data();
        if ((s.omod != 0 || s.clamp) && float_result(s.op))
            for (std::size_t l = 0; l < n; ++l) r[l] = detail::modify(s, r[l]);
        put<n>(v.row(row::pv + s.chan), r, active, all);  // NOP, GROUP_BARRIER: 0 (their kernel's)
        if (writes_gpr(s)) put<n>(v.row(row::gpr(s.dst, s.chan)), r, active, all);
    }
}

// Runs group d (d.plain) for the lanes of `active` (all of them when `all`).
template <class View, class Env>
void run(const descriptor& d, const View& v, const lane_word* active, bool all, Env& env) {
    constexpr std::size_t n = View::lanes;
    static_assert(block<n> != 0);
    context& ctx = *v.context;
    if (!ctx.constants_ready) fill<n>(ctx, env);
    alignas(64) std::array<std::array<lane_word, n>, 4> result;
    alignas(64) lane_word scratch[3][n];
    const unsigned direct = all ? d.direct : 0u;
    unsigned channels = 0;
    for (std::size_t at = 0; at < d.count; ++at) {
        const std::size_t i = d.order[at];
        const slot& s = d.slots[i];
        channels |= 1u << s.chan;
        const lane_word* src[3] = {nullptr, nullptr, nullptr};
        for (std::size_t k = 0; k < s.sources && k < 3; ++k) {
            const source& x = s.src[k];
            if (x.row >= row::count) {
                src[k] = ctx.constant_rows + (x.row - row::count) * n;
            } else if (!x.abs && !x.neg) {
                src[k] = v.row(x.row);
            } else {  // NEG, ABS on a register: a copy
                const lane_word* r = v.row(x.row);
                const lane_word clear = x.abs ? ~detail::sign_bit : ctisa::exec::lane_on, flip = x.neg ? detail::sign_bit : 0u;
                CTISA_LANE_LOOP
                for (std::size_t l = 0; l < n; ++l) scratch[k][l] = (r[l] & clear) ^ flip;
                src[k] = scratch[k];
            }
        }
        lane_word* out = result[i].data();
        lane_word* out2 = out;
        if ((direct >> i) & 1u) {
            out = v.row(row::pv + s.chan);
            out2 = writes_gpr(s) ? v.row(row::gpr(s.dst, s.chan)) : out;  // (NOP, GROUP_BARRIER: PV 0, their kernel's)
        }
        kernels<block<n>>[static_cast<std::size_t>(s.op)](src[0], src[1], src[2], out, out2, n);
    }
    if (direct != (1u << d.count) - 1u) keep(d, direct, v, active, all, result);
    for (std::uint32_t chan = 0; chan < 4; ++chan)
        if (!(channels & (1u << chan))) {
            lane_word* pv = v.row(row::pv + chan);
            CTISA_LANE_LOOP
            for (std::size_t l = 0; l < n; ++l) pv[l] = active[l] ? 0u : pv[l];
        }
}

// A plain group as the interpreter runs it when every lane is active and every slot writes its
// rows as it runs (d.direct holds them all; no NEG or ABS on a register source, which takes a
// copy): its slots in their order, each with its kernel and rows resolved for the machine's width
// once (traits::initialize), so that running it is a call a slot with nothing left to decode (the
// general run() above, per slot: source kinds, modifiers, the kernel table; 40% of the mixed
// benchmark's time).
struct planned_slot {
    kernel fn = nullptr;
    std::array<std::uint32_t, 3> src{};  // words from the rows, or from the constant rows (bit k of `constant`)
    std::uint32_t out = 0, out2 = 0;     // words from the rows: PV, and the GPR (PV again when none)
    std::uint8_t constant = 0;
};
struct planned {
    std::uint8_t count = 0;      // 0: the group runs through run()
    std::uint8_t unwritten = 0;  // the PV channels (bit c) no slot writes: 0 for the lanes
    std::array<planned_slot, 4> slots{};
};

// Item d's plan on a machine of n lanes (count 0 when it has none).
template <std::size_t n>
planned plan_of(const descriptor& d) {
    planned p;
    if (!d.plain || d.direct != (1u << d.count) - 1u) return p;
    unsigned channels = 0;
    for (std::size_t at = 0; at < d.count; ++at) {
        const slot& s = d.slots[d.order[at]];
        planned_slot& ps = p.slots[at];
        for (std::size_t k = 0; k < s.sources && k < 3; ++k) {
            const source& x = s.src[k];
            if (x.row >= row::count) {
                ps.src[k] = static_cast<std::uint32_t>((x.row - row::count) * n);
                ps.constant = static_cast<std::uint8_t>(ps.constant | (1u << k));
            } else if (x.abs || x.neg) {
                return planned{};
            } else {
                ps.src[k] = static_cast<std::uint32_t>(x.row * n);
            }
        }
        ps.fn = kernels<block<n>>[static_cast<std::size_t>(s.op)];
        ps.out = static_cast<std::uint32_t>((row::pv + s.chan) * n);
        ps.out2 = writes_gpr(s) ? static_cast<std::uint32_t>(row::gpr(s.dst, s.chan) * n) : ps.out;
        channels |= 1u << s.chan;
    }
    p.count = d.count;
    p.unwritten = static_cast<std::uint8_t>(~channels & 15u);
    return p;
}

// Runs plain group d (the item of its index in ctx.plans): by its plan when every lane is active,
// else through run().
template <class View, class Env>
void run_item(const descriptor& d, const View& v, const lane_word* active, bool all, Env& env) {
    constexpr std::size_t n = View::lanes;
    context& ctx = *v.context;
    const planned& p = ctx.plans[d.next - 1];  // (describe: next is the item's index + 1)
    if (!all || p.count == 0) return run(d, v, active, all, env);
    if (!ctx.constants_ready) fill<n>(ctx, env);
    lane_word* rows = v.row(0);
    const lane_word* constants = ctx.constant_rows;
    for (std::size_t i = 0; i < p.count; ++i) {
        const planned_slot& s = p.slots[i];
        const auto at = [&](std::size_t k) -> const lane_word* { return ((s.constant >> k) & 1u ? constants : rows) + s.src[k]; };
        s.fn(at(0), at(1), at(2), rows + s.out, rows + s.out2, n);
    }
    for (std::uint32_t chan = 0; chan < 4; ++chan)
        if ((p.unwritten >> chan) & 1u) std::memset(v.row(row::pv + chan), 0, n * sizeof(lane_word));  // (every lane active)
}

}  // namespace ctisa::cayman::exec::plain_group
