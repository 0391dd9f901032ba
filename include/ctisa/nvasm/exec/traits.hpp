// SPDX-License-Identifier: MIT
// NV_gpu_program4 on the shared executor (ctisa/exec/machine.hpp, compiled.hpp) with structured
// flow control (ctisa/exec/structured.hpp): what each statement does to one warp of lanes.
//
//   ALU instructions   load, compute (alu.hpp), clamp, test the result's CC mask, write, update CC
//   IF / BRK / CONT / CAL / RET   the lanes whose test passes in any component (no test: all)
//   REP n              per-lane counts floor(n.x) (REP.S / REP.U: the integer); REP: uncounted
//   KIL                fragment lanes whose test passes, or with a component of the vector < 0
//   DDX / DDY          over 2x2 quads: lanes 4q (top left), 4q+1 (top right), 4q+2 (bottom
//                      left), 4q+3 (bottom right); DDX = right - left, DDY = bottom - top, the
//                      same for the two lanes of a row (column): DECISIONS, as is that the
//                      quad's other lanes are read whether or not they are active
//   TEX ... TXQ        the environment's texture(); EMIT / ENDPRIM its emit() / end_primitive()
//   labels             return; the header jumps to "main:" when there is one; END ends
// DECISIONS: both CC registers start with every flag clear; a relative array member out of range
// reads (0, 0, 0, 0) and is not written.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "../../exec/machine.hpp"
#include "../../exec/structured.hpp"
#include "alu.hpp"
#include "environment.hpp"
#include "float_path.hpp"
#include "row_path.hpp"
#include "values.hpp"

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

}  // namespace detail

struct traits : ctisa::exec::traits_base<instruction, descriptor, layout, default_environment, environment_ref, effects>,
                ctisa::exec::values_traits<values> {
    static constexpr layout layout_of(std::span<const instruction> program) { return exec::layout_of(program); }
    static constexpr void describe(std::span<const instruction> program, const layout& l, descriptor* out) {
        exec::describe(program, l, out);
        if_convert(std::span<descriptor>(out, program.size()), [](const descriptor& d) { return straight(d); });
        values::mark_loose_nans(std::span<descriptor>(out, program.size()));
    }
    static constexpr ctisa::exec::flow_op flow_of(const descriptor& d) { return {d.flow, d.target_pc, 0}; }

    // What may run in the compiled path's blocks of lanes: arithmetic on its own lane's rows
    // (no array member chosen at run time, no quad neighbour, no environment, no kill), and the
    // statements that do nothing (declarations, a header without main:, END, the program's last),
    // and an IF / ENDIF around a body if_convert guarded (its lanes run the body, writing nothing).
    static constexpr bool straight(const descriptor& d) {
        if (d.kind == stmt::nothing || d.kind == stmt::end || d.guarded) return true;
        if (d.kind != stmt::alu || d.result.relative) return false;
        for (const auto& s : d.src)
            if (s.at.relative) return false;
        const opcode c = d.code;
        return !detail::is_texture(c) && c != opcode::ddx && c != opcode::ddy && c != opcode::kil && c != opcode::emit && c != opcode::endprim;
    }
    static constexpr bool lane_local(const descriptor& d) { return straight(d); }

    // Constants (rows the program only reads) are set once, for every lane.
    template <class M>
    static void initialize(M& m) {
        for (const auto& c : m.registers().constants)
            for (unsigned k = 0; k < 4; ++k)
                for (std::size_t l = 0; l < M::lanes; ++l) m.row(c.row + k)[l] = c.bits[k];
    }

    template <class Desc, class View, class Env, class Info>
    static void execute(const Desc& desc, const View& v, const lane_word* active, bool all, Env& env, const Info& info,
                        effects<View::lanes>& fx) {
        const descriptor& d = desc.get();
        const layout& lay = *info.layout;
        constexpr std::size_t n = View::lanes;
        switch (d.kind) {
            case stmt::unsupported: fx.stop = true; return;
            case stmt::entry: fx.jump = d.target_pc; return;
            case stmt::flow: return flow(d, v, lay, fx);
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
                for (std::size_t l = 0; l < n; ++l) fx.discard[l] = active[l] && killed(v, lay, d, l) ? lane_on : 0u;
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

    // Plain ALU (the interpreter's straight runs, exec/traits.hpp): the row path's arithmetic,
    // which reports nothing.
    template <class View>
    static ctisa::exec::plain_kernel<descriptor, View> plain_alu(const descriptor& d) noexcept {
        return d.kind == stmt::alu ? row_path::kernel<View>(d) : nullptr;
    }

    template <std::size_t N>
    static void report(const descriptor& d, const effects<N>& fx, ctisa::exec::step_io<N>& io) {
        if (fx.stop) io.stop = error{error_code::not_executable, 0, 0, 0, "statement names what the executor cannot hold"};
        if (fx.has_cond) io.cond = fx.cond, io.has_cond = true;
        if (fx.has_values) io.values = fx.values, io.has_values = true;
        if (fx.has_discard) io.discard = fx.discard, io.has_discard = true;
        io.jump = fx.jump;
        (void)d;
    }

private:
    template <class View>
    static bool killed(const View& v, const layout& lay, const descriptor& d, std::size_t l) {
        if (d.test.present) return detail::test_bits(v, d.test, l) != 0;
        const words w = detail::load(v, lay, d.src[0], l);
        for (unsigned c = 0; c < 4; ++c)
            if (alu::less(w[c], 0, d.src[0].type)) return true;
        return false;
    }

    template <class View>
    static void flow(const descriptor& d, const View& v, const layout& lay, effects<View::lanes>& fx) {
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
};

static_assert(ctisa::exec::executor_traits<traits> && ctisa::exec::structured_traits<traits>);

}  // namespace ctisa::nvasm::exec
