// SPDX-License-Identifier: MIT
// What Valhall gives the executor core (ctisa/exec/traits.hpp): its layout and descriptors, its
// kernels, and what its flow control does around an instruction: instructions that cannot be
// executed stop the run, branches, DISCARD and BLEND move or end lanes, and the actions return
// (end), td (end helper lanes) and barrier take effect. Before a run, uniforms are broadcast and
// special values read from the environment.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "../../exec/traits.hpp"
#include "environment.hpp"
#include "execute.hpp"
#include "layout.hpp"

namespace ctisa::valhall::exec {

using ctisa::exec::default_step_budget;
using ctisa::exec::run_status;

// The status of a run stopped at an instruction that cannot be executed (offset: the
// instruction's byte offset, subject: its mnemonic, reason: why).
[[nodiscard]] constexpr run_status not_executable_status(const instruction_desc& d) noexcept {
    run_status s;
    s.error = error{error_code::not_executable, 0, 0, d.pc * static_cast<std::uint32_t>(instruction_bytes), info(d.id).mnemonic};
    s.reason = d.why == unexecutable::instruction ? not_executable_reason(d.id) : reason_text(d.why);
    return s;
}

// Valhall's accessors of its machine (machine.hpp).
template <class M>
class machine_accessors;

// The context is the program: messages hand their instruction to the environment.
struct traits : ctisa::exec::traits_base<instruction, instruction_desc, layout, default_environment, environment_ref, effects, machine_accessors,
                                         const instruction>,
                ctisa::exec::values_traits<values> {
    template <std::size_t W>
    struct state {
        std::array<std::uint32_t, uniform_count> uniforms{};
        bool uniforms_dirty = true;
    };

    // 64 lanes a block: scalar instructions over 16-lane SIMD registers get four independent vectors each.
    static constexpr std::size_t block_lanes = 64;
    // Its lane-wise kernels are large: each instruction of a block stays one function (measured:
    // inlined, fma_f32 at 64 lanes ran at half the speed).
    static constexpr bool inline_block_kernels = false;

    static constexpr layout layout_of(std::span<const instruction> p) noexcept { return exec::layout_of(p); }
    static constexpr void describe(std::span<const instruction> p, const layout& l, descriptor* out) noexcept {
        for (std::uint32_t pc = 0; pc < p.size(); ++pc) out[pc] = exec::describe(p[pc], l, pc);
        values::mark(std::span<descriptor>(out, p.size()));
    }
    // Register-only instructions, no branch, no message, no action but waits, reconverge and a
    // uniform return. (CLPER and WMASK read lanes of their subgroup, which never straddles a block.)
    static constexpr bool straight(const descriptor& d) noexcept {
        using enum instruction_id;
        if (d.why != unexecutable::none || is_message(d.id) || d.id == branchz || d.id == branchzi) return false;
        return !d.has_action || d.act == action::reconverge || d.act == action::return_ || d.act == action::wait0126;
    }
    // CLPER and WMASK read other lanes of their subgroup.
    static constexpr bool lane_local(const descriptor& d) noexcept { return d.id != instruction_id::clper_i32 && d.id != instruction_id::wmask; }
    // Only register rows are written; uniforms, immediates and specials are read-only.
    static constexpr std::uint32_t rows_out(const layout& l) noexcept { return l.registers_end; }

    // Plain ALU (the interpreter's straight runs, exec/traits.hpp): the fast path's arithmetic with
    // no action, which the step hook would only run.
    template <class View>
    static ctisa::exec::plain_kernel<descriptor, View> plain_alu(const descriptor& d) noexcept {
        return d.why == unexecutable::none && !d.has_action ? ctisa::exec::row_path::plain_alu<row_forms_of_values, View>(d) : nullptr;
    }

    template <class M>
    static context* context_of(M& m) noexcept {
        return m.program().data();
    }

    // Immediate-table entries are constants of the program: broadcast once.
    template <class M>
    static void initialize(M& m) {
        for (unsigned i = 0; i < 32; ++i)
            if (m.registers().immediate[i]) std::fill_n(m.row(m.registers().immediate[i]), M::lanes, immediate_values[i]);
    }

    // Before a run: uniforms broadcast (when changed) and special values read from the environment.
    template <class M, class Env>
    static void prepare(M& m, Env& env) {
        const layout& l = m.registers();
        auto& s = m.state();
        if (s.uniforms_dirty) {
            for (unsigned u = 0; u < uniform_count; ++u)
                if (l.uniform[u]) std::fill_n(m.row(l.uniform[u]), M::lanes, s.uniforms[u]);
            s.uniforms_dirty = false;
        }
        for (std::size_t i = 0; i < l.special_count; ++i) {
            const special_use& sp = l.specials[i];
            lane_word* row = m.row(static_cast<std::uint32_t>(l.first_special + i));
            for (std::size_t lane = 0; lane < M::lanes; ++lane) row[lane] = env.special(sp.mode, sp.code, lane, sp.pc);
        }
    }

    template <class M, class Desc, class View, class Env, class Flow, class Fx, class Kernel>
    CTISA_EXEC_INLINE static void step(M& m, const Desc& desc, const ctisa::exec::step_context<View>& c, Env& env, Flow& f, Fx& fx,
                                       run_status& status, Kernel&& kernel) {
        const instruction_desc& d = desc.get();
        if (d.why != unexecutable::none) {
            status = not_executable_status(d);
            f.stop = status.error;
            return;
        }
        const bool td = d.has_action && d.act == action::td;
        fx.branch = false;
        fx.ended_any = false;
        if (d.id == instruction_id::discard_f32 || d.id == instruction_id::blend || td) fx.ended.fill(0);
        if (d.id == instruction_id::blend) fx.taken.fill(0);
        kernel(c.at_pc, c.all, fx);
        if (d.has_action) {
            if (d.act == action::return_ && d.id != instruction_id::blend) f.end = true;  // BLEND decides itself
            if (d.act == action::barrier) env.barrier();
            if (td)
                for (std::size_t l = 0; l < View::lanes; ++l)
                    if (c.at_pc[l] && env.helper(c.first + l)) fx.ended[l] = lane_on, fx.ended_any = true;
        }
        if (fx.branch) {
            f.taken = fx.taken.data();
            f.target = d.target;
        }
        if (fx.ended_any) f.ended = fx.ended.data();
        (void)m;
    }

    template <class Desc, class View, class Env, class Fx>
    CTISA_EXEC_INLINE static void execute(const Desc& desc, const View& v, const lane_word* active, bool all, Env& env,
                                          const ctisa::exec::lane_info<layout>& at, Fx& fx) {
        if constexpr (ctisa::exec::is_static_desc<Desc>) {
            if constexpr (has_kernel(Desc::get().id)) execute_op<Desc::get().id>(desc, v, active, all, env, at.first, at.live, fx);
        } else {
            if (const auto fast = ctisa::exec::row_path::plain_alu<row_forms_of_values, View>(desc.get()))
                return fast(desc.get(), v, active, all);
            exec::execute(desc, v, active, all, env, at.first, at.live, fx);
        }
    }
};

}  // namespace ctisa::valhall::exec
