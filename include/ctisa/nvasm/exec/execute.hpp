// SPDX-License-Identifier: MIT
// The kernel of every NV_gpu_program4 statement over one warp of lanes (traits.hpp says what each
// statement does): flow statements compute their per-lane tests into the effects; ALU statements
// take the row path or the float path when they apply, else load, compute (semantics.hpp), clamp,
// test the result's CC mask and write, lane by lane; DDX / DDY, KIL, EMIT / ENDPRIM and the
// texture fetches have their own loops.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "../../exec/traits.hpp"
#include "environment.hpp"
#include "float_path.hpp"
#include "row_path.hpp"
#include "semantics.hpp"

namespace ctisa::nvasm::exec {

template <std::size_t N>
struct effects {
    std::array<lane_word, N> cond{};
    std::array<lane_word, N> values{};
    std::array<lane_word, N> discard{};
    bool has_cond = false, has_values = false, has_discard = false, stop = false;
    std::int64_t jump = -1;
    // Every array is written over all N lanes when its flag is set, and read only then.
    void reset() noexcept {
        has_cond = has_values = has_discard = stop = false;
        jump = -1;
    }
};

namespace detail {

// The row of component c of place p on lane l, or nothing (~0) out of range.
template <class View>
[[nodiscard]] inline std::uint32_t member_row(const View& v, const layout& lay, const place& p, std::size_t l, unsigned c) noexcept {
    if (!p.relative) return p.row[c];
    const std::int64_t k = static_cast<std::int64_t>(static_cast<std::int32_t>(v.row(p.index_row)[l])) + p.offset;
    if (k < 0 || k >= p.count) return ~0u;
    return lay.elements[p.first + static_cast<std::size_t>(k)] + p.swizzle[c];
}

template <class View>
[[nodiscard]] inline words load(const View& v, const layout& lay, const source_desc& s, std::size_t l) noexcept {
    words w{};
    for (unsigned c = 0; c < 4; ++c) {
        const std::uint32_t r = member_row(v, lay, s.at, l, c);
        w[c] = alu::modify(r == ~0u ? 0u : v.row(r)[l], s.type, s.negate, s.absolute);
    }
    return w;
}

// The components of a test that pass on lane l (bit c: position c).
template <class View>
[[nodiscard]] inline unsigned test_bits(const View& v, const test_desc& t, std::size_t l) noexcept {
    if (!t.present) return 0xF;
    unsigned bits = 0;
    for (unsigned c = 0; c < 4; ++c) bits |= alu::passes(t.rule, v.row(cc_row + 4u * t.reg + t.swizzle[c])[l]) ? 1u << c : 0u;
    return bits;
}

// Writes a computed result on lane l: clamp, masks, destination, condition code.
template <class View>
inline void write(const View& v, const layout& lay, const descriptor& d, std::size_t l, lane_result r) noexcept {
    if (d.clamp != nvasm::clamp::none && d.out == data_type::f)
        for (auto& w : r.value) w = alu::clamp_result(w, d.clamp);
    const unsigned enabled = d.mask & test_bits(v, d.result_test, l);
    for (unsigned c = 0; c < 4; ++c) {
        if (!(enabled & (1u << c))) continue;
        const std::uint32_t row = d.result.relative ? member_row(v, lay, d.result, l, c) : d.result.row[c];
        if (row == ~0u) continue;
        v.row(row)[l] = r.value[c];
        if (d.cc != cc_update::none) v.row(cc_row + (d.cc == cc_update::cc1 ? 4u : 0u) + c)[l] = alu::flags_of(r.value[c], d.out, r.flags[c]);
    }
}

// DDX / DDY: the neighbour of lane l across the quad and the sign of the difference.
template <class View>
inline void derivative(const View& v, const layout& lay, const descriptor& d, const lane_word* active, const std::size_t first) {
    constexpr std::size_t n = View::lanes;
    std::array<words, n> out{};
    const unsigned step = d.code == opcode::ddx ? 1u : 2u;
    for (std::size_t l = 0; l < n; ++l) {
        const std::size_t q = (first + l) % 4;
        const std::size_t lo = (q & step) ? l - step : l, hi = lo + step;
        if (hi >= n) continue;  // a partial quad at the end of the view: 0
        const words a = load(v, lay, d.src[0], lo), b = load(v, lay, d.src[0], hi);
        for (unsigned c = 0; c < 4; ++c) out[l][c] = alu::quiet_nan(alu::as_bits(alu::as_float(b[c]) - alu::as_float(a[c])));
    }
    for (std::size_t l = 0; l < n; ++l)
        if (active[l]) write(v, lay, d, l, lane_result{out[l], {}});
}

template <class View, class Env>
inline lane_result texture(const View& v, const layout& lay, const descriptor& d, std::size_t l, std::size_t lane, Env& env) {
    texture_request r{d.code, d.unit, d.target, d.offset, load(v, lay, d.src[0], l), {}, {}, lane};
    if (d.code == opcode::txd) r.ddx = load(v, lay, d.src[1], l), r.ddy = load(v, lay, d.src[2], l);
    if (d.code == opcode::txp) {
        const float w = alu::as_float(r.coord[3]);
        for (unsigned c = 0; c < 3; ++c) r.coord[c] = alu::as_bits(alu::as_float(r.coord[c]) / w);
    }
    return {env.texture(r), {}};
}

[[nodiscard]] constexpr bool is_texture(opcode c) noexcept {
    return c == opcode::tex || c == opcode::txb || c == opcode::txd || c == opcode::txf || c == opcode::txl || c == opcode::txp ||
           c == opcode::txq;
}

[[nodiscard]] inline lane_word loop_count(lane_word w, data_type t) noexcept {
    if (t == data_type::s) return w;
    if (t == data_type::u) return w > 0x7FFFFFFFu ? 0x7FFFFFFFu : w;  // DECISION: counts past INT_MAX saturate
    return static_cast<lane_word>(ctisa::exec::to_int32(std::floor(alu::as_float(w))));
}

template <class View>
bool killed(const View& v, const layout& lay, const descriptor& d, std::size_t l) {
    if (d.test.present) return detail::test_bits(v, d.test, l) != 0;
    const words w = detail::load(v, lay, d.src[0], l);
    for (unsigned c = 0; c < 4; ++c)
        if (alu::less(w[c], 0, d.src[0].type)) return true;
    return false;
}

template <class View>
void flow(const descriptor& d, const View& v, const layout& lay, effects<View::lanes>& fx) {
    constexpr std::size_t n = View::lanes;
    if (d.code == opcode::rep) {
        if (d.sources == 0) return;
        fx.has_values = true;
        for (std::size_t l = 0; l < n; ++l) fx.values[l] = detail::loop_count(detail::load(v, lay, d.src[0], l)[0], d.src[0].type);
        return;
    }
    if (!d.test.present) return;
    fx.has_cond = true;
    for (std::size_t l = 0; l < n; ++l) fx.cond[l] = detail::test_bits(v, d.test, l) ? lane_on : 0u;
}

}  // namespace detail

template <class Desc, class View, class Env, class Info>
void execute(const Desc& desc, const View& v, const lane_word* active, bool all, Env& env, const Info& info, effects<View::lanes>& fx) {
    const descriptor& d = desc.get();
    const layout& lay = *info.layout;
    constexpr std::size_t n = View::lanes;
    switch (d.kind) {
        case stmt::unsupported: fx.stop = true; return;
        case stmt::entry: fx.jump = d.target_pc; return;
        case stmt::flow: return detail::flow(d, v, lay, fx);
        case stmt::alu: break;
        default: return;
    }
    if constexpr (!ctisa::exec::is_static_desc<Desc>)
        if (row_path::run(d, v, active, all)) return;
    if (float_path::applies(d)) return float_path::run(desc, v, active, all);
    switch (d.code) {
        case opcode::ddx:
        case opcode::ddy: return detail::derivative(v, lay, d, active, info.first);
        case opcode::kil:
            fx.has_discard = true;
            for (std::size_t l = 0; l < n; ++l) fx.discard[l] = active[l] && detail::killed(v, lay, d, l) ? lane_on : 0u;
            return;
        case opcode::emit:
        case opcode::endprim:
            for (std::size_t l = 0; l < n; ++l) {
                if (!active[l]) continue;
                if (d.code == opcode::emit) env.emit(vertex_of(lay, v, info.first + l, l));
                else env.end_primitive(info.first + l);
            }
            return;
        default: break;
    }
    if (detail::is_texture(d.code)) {
        for (std::size_t l = 0; l < n; ++l)
            if (active[l]) detail::write(v, lay, d, l, detail::texture(v, lay, d, l, info.first + l, env));
        return;
    }
    for (std::size_t l = 0; l < n; ++l) {
        if (!active[l]) continue;
        const words a = detail::load(v, lay, d.src[0], l);
        const words b = d.sources > 1 ? detail::load(v, lay, d.src[1], l) : words{};
        const words c = d.sources > 2 ? detail::load(v, lay, d.src[2], l) : words{};
        detail::write(v, lay, d, l, alu::compute(d, a, b, c));
    }
}

}  // namespace ctisa::nvasm::exec
