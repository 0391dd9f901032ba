// SPDX-License-Identifier: MIT
// NV_gpu_program4 on the shared executor (ctisa/exec/machine.hpp, compiled.hpp) with structured
// flow control (ctisa/exec/structured.hpp): what each statement does to one warp of lanes.
//
//   ALU instructions   load, compute (semantics.hpp), clamp, test the result's CC mask, write, update CC
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
#include "execute.hpp"
#include "values.hpp"

namespace ctisa::nvasm::exec {

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
    CTISA_EXEC_INLINE static void execute(const Desc& desc, const View& v, const lane_word* active, bool all, Env& env, const Info& info,
                                          effects<View::lanes>& fx) {
        exec::execute(desc, v, active, all, env, info, fx);
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
        if (fx.has_cond) io.set_cond(fx.cond);
        if (fx.has_values) io.set_values(fx.values);
        if (fx.has_discard) io.set_discard(fx.discard);
        io.jump = fx.jump;
        (void)d;
    }
};

static_assert(ctisa::exec::executor_traits<traits> && ctisa::exec::structured_traits<traits>);

}  // namespace ctisa::nvasm::exec
