// SPDX-License-Identifier: MIT
// What AMD IL gives the executor core (ctisa/exec/traits.hpp): its layout and descriptors, its
// kernels, and its flow control as blocks on the shared structured engine (exec/structured.hpp):
//   if_logicalz / if_logicalnz / ifnz / ifc -> if; else; endif;
//   whileloop -> an uncounted loop; loop -> a loop counted by src0.x (an integer); endloop;
//   break, breakc, break_logical* -> break; continue, continuec, continue_logical* -> continue;
//   switch (selector src0.x), case n, default, endswitch;
//   call / callnz / call_logical* n -> a call of FUNC n (skipped past 32 levels, as 7.2 says);
//   ret, ret_dyn, ret_logical*, endfunc -> ret (outside every call: the lanes end);
//   end, endmain -> the lanes end; discard_logical* -> the lanes are discarded;
//   hs_cp_phase / hs_fork_phase / hs_join_phase -> loops counted 1 / by their instance count; endphase.
// Tests on src0.x: the _logical forms, ifnz and callnz test bits (any bit set); ifc, breakc and
// continuec compare floats with the control field's ILRelOp; kill discards the lanes where a
// component of src0 is below 0.0. Memory, sampling and emit reach the environment (access.hpp,
// environment.hpp): never straight, so both paths run them through the same step.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "../../exec/machine.hpp"
#include "../../exec/structured.hpp"
#include "../../exec/traits.hpp"
#include "access.hpp"
#include "environment.hpp"
#include "execute.hpp"
#include "matrix.hpp"
#include "threads.hpp"
#include "values.hpp"

namespace ctisa::amdil::exec {

using ctisa::exec::flow_kind;
using ctisa::exec::flow_op;
using ctisa::exec::run_status;

// Its place in the structured flow control (amdil_execution.toml [codes.flow]): a call's target,
// a case's value.
[[nodiscard]] constexpr flow_op flow_of_desc(const instruction_desc& d) noexcept {
    const flow_kind k = execution_of(d.op).flow;
    if (k == flow_kind::call) return {k, d.refused == refusal::none ? d.target : 0u};
    if (k == flow_kind::case_) return {k, 0, d.extra};
    return {k};
}

[[nodiscard]] constexpr std::string_view refusal_text(refusal r) noexcept {
    switch (r) {
        case refusal::opcode: return "an instruction the AMD IL executor does not run";
        case refusal::operand: return "an operand form the AMD IL executor does not follow (IL_Rel_Addr, a nested or 2-D index)";
        case refusal::registers: return "more registers than the AMD IL executor holds";
        case refusal::call_target: return "no FUNC carries the call's label";
        default: return {};
    }
}

template <class M>
class machine_accessors;

struct traits : ctisa::exec::traits_base<amdil::instruction, instruction_desc, exec::layout, exec::default_environment, exec::environment_ref,
                                         exec::effects, machine_accessors>,
                ctisa::exec::values_traits<exec::values> {
    template <std::size_t W>
    struct state {
        std::array<lane_word, W> discarded{};
    };

    static constexpr layout layout_of(std::span<const instruction> p) noexcept { return exec::layout_of(p); }
    static constexpr void describe(std::span<const instruction> p, const layout& l, descriptor* out) noexcept {
        describe_program(p, l, out);
        values::mark_loose_nans(std::span<descriptor>(out, p.size()));
        for (descriptor& d : std::span<descriptor>(out, p.size())) d.fast = float_path::applies(d);
    }
    static constexpr flow_op flow_of(const descriptor& d) noexcept { return flow_of_desc(d); }

    // A program constant: its values are set by initialize, it does nothing where it stands.
    static constexpr bool constant(opcode op) noexcept { return op == opcode::dcl_literal || op == opcode::def || op == opcode::defb; }
    // Straight: computes (or does nothing where it stands: declarations, the program's final end),
    // refuses nothing, reads no other lane (derivatives read the quad).
    static constexpr bool straight(const descriptor& d) noexcept {
        return d.refused == refusal::none && (d.computes || d.op == opcode::nop || constant(d.op) || is_declaration(d.op) || d.final_end) &&
               d.op != opcode::dsx && d.op != opcode::dsy && d.op != opcode::fwidth && d.op != opcode::mmul &&
               d.op != opcode::transpose &&  // (rows the descriptor does not name)
               !d.global;                    // (the environment)
    }

    // The .0 and .1 rows, and the program constants: dcl_literal's and def's four values and defb's
    // boolean (0xFFFFFFFF or 0 in every component) hold from the start of every run, wherever the
    // declaration stands.
    template <class M>
    static void initialize(M& m) {
        std::fill_n(m.row(layout::one), M::lanes, 0x3F800000u);
        for (const instruction& in : m.program()) {
            const packet_operands p = read_packet(in);
            const bool four = (p.op == opcode::dcl_literal || p.op == opcode::def) && p.extras == 4,
                       boolean = p.op == opcode::defb && p.extras == 1;
            if (!p.readable || !(four || boolean)) continue;
            const reg_slot* s = find_slot(m.registers(), p.operand[0].type, p.operand[0].number);
            if (!s) continue;
            for (unsigned c = 0; c < 4; ++c) std::fill_n(m.row(s->base + c), M::lanes, four ? p.extra[c] : p.extra[0] != 0 ? 0xFFFFFFFFu : 0u);
        }
        // A machine alone is group 0 of its program's shape, its lane l work-item l (a group of
        // several wavefronts sets them again: executor.hpp, group).
        set_thread_ids(m, group_of(m.program()), group_place{}, 0, M::lanes);
    }
    template <class M, class Env>
    static void prepare(M& m, Env&) {
        m.state().discarded.fill(0);
    }

    // The kernel of one instruction: the fast path, an access, a matrix or the general kernel.
    template <class Desc, class View, class Env, class Info>
    CTISA_EXEC_INLINE static void kernel(const Desc& desc, const View& v, const lane_word* active, bool all, Env& env, const Info& info,
                                         effects<View::lanes>& fx) {
        // (A compiled access instantiates no register kernel.)
        if constexpr (ctisa::exec::is_static_desc<Desc>) {
            if constexpr (Desc::get().acc.kind != access_kind::none) return exec::access(desc.get(), v, active, all, env, info.first, fx);
            else if constexpr (Desc::get().op == opcode::mmul || Desc::get().op == opcode::transpose)
                return exec::matrix(desc.get(), v, active, all, *info.layout, fx);
            else exec::execute(desc, v, active, all, fx);
        } else {
            // The fast path first, before the general kernel's large frame is set up (the compiled
            // path keeps its one kernel per instruction: compile time).
            if constexpr (float_path::fits<View::lanes>)
                if (desc.get().fast) return float_path::run(desc.get(), v, active, all);
            if (desc.get().acc.kind != access_kind::none) return exec::access(desc.get(), v, active, all, env, info.first, fx);
            if (desc.get().op == opcode::mmul || desc.get().op == opcode::transpose)
                return exec::matrix(desc.get(), v, active, all, *info.layout, fx);
            exec::execute(desc, v, active, all, fx);
        }
    }

    template <class Desc, class View, class Env, class Info>
    CTISA_EXEC_INLINE static void execute(const Desc& desc, const View& v, const lane_word* active, bool all, Env& env, const Info& info,
                                          effects<View::lanes>& fx) {
        // g[] operands reach the environment around the kernel (a compiled instruction without one
        // instantiates neither).
        if constexpr (ctisa::exec::is_static_desc<Desc>) {
            if constexpr (Desc::get().global) exec::global_in<View::lanes>(desc.get(), v, active, all, env, info.first);
            kernel(desc, v, active, all, env, info, fx);
            if constexpr (Desc::get().global) exec::global_out<View::lanes>(desc.get(), v, active, all, env, info.first);
        } else {
            if (desc.get().global) exec::global_in<View::lanes>(desc.get(), v, active, all, env, info.first);
            kernel(desc, v, active, all, env, info, fx);
            if (desc.get().global) exec::global_out<View::lanes>(desc.get(), v, active, all, env, info.first);
        }
        const opcode op = desc.get().op;
        if (op == opcode::discard_logicalz || op == opcode::discard_logicalnz || op == opcode::kill)
            for (std::size_t l = 0; l < View::lanes; ++l) fx.cond[l] &= all ? ctisa::exec::lane_on : active[l];
    }

    // Where a wavefront of a group waits for the others (machine::pause_at_barriers): after a
    // fence with _threads (7.16: 'a barrier for all work-items in the group'), and after every LDS
    // access, so that the wavefronts of one group reach each LDS instruction together, as the
    // lanes of the hardware's 64-lane wavefront do (the real FFT kernels exchange data through LDS
    // behind fence_lds alone, relying on it: generators/specs/amdil_execution.toml [group]).
    [[nodiscard]] static constexpr bool barrier(const descriptor& d) noexcept {
        if (d.refused != refusal::none) return false;
        if (d.op == opcode::fence) return (d.control & 1u) != 0;
        const access_kind k = d.acc.kind;
        return d.acc.space == memory_space::lds && (k == access_kind::load || k == access_kind::load_vec || k == access_kind::store ||
                                                    k == access_kind::store_vec || k == access_kind::atomic);
    }

    // Plain ALU (the interpreter's straight runs, exec/traits.hpp): the fast path's arithmetic,
    // which reports nothing.
    template <class View>
    static ctisa::exec::plain_kernel<descriptor, View> plain_alu(const descriptor& d) {
        return d.fast && d.computes ? float_path::kernel<View>(d) : nullptr;
    }

    template <std::size_t N>
    static void report(const descriptor& d, const effects<N>& fx, ctisa::exec::step_io<N>& io) {
        io.yield = barrier(d);
        if (fx.refused != refusal::none) {
            io.stop = ctisa::error{ctisa::error_code::not_executable, 0, 0, d.offset, refusal_text(fx.refused)};
            return;
        }
        if ((d.srcs == 0 && !detail::is_phase(d.op)) || d.computes || d.acc.kind != access_kind::none || d.op == opcode::endphase) return;
        switch (d.op) {
            case opcode::switch_:
            case opcode::loop:
            case opcode::hs_cp_phase:
            case opcode::hs_fork_phase:
            case opcode::hs_join_phase: io.set_values(fx.values); break;
            case opcode::discard_logicalz:
            case opcode::discard_logicalnz:
            case opcode::kill: io.set_discard(fx.cond); break;
            default: io.set_cond(fx.cond); break;
        }
    }

    template <class M, std::size_t W>
    static void discarded(M& m, const ctisa::exec::lane_mask<W>& lanes) {
        for (std::size_t l = 0; l < W; ++l) m.state().discarded[l] |= lanes[l];
    }
};

static_assert(ctisa::exec::executor_traits<traits> && ctisa::exec::structured_traits<traits>);

}  // namespace ctisa::amdil::exec
