// SPDX-License-Identifier: MIT
// What ATTILA gives the executor core (ctisa/exec/traits.hpp): its layout and descriptors, its
// kernels, and what it does around an instruction: predication, KIL's bookkeeping, the end flag
// and JMP; before a run the environment's inputs and constants, after it the outputs.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "../../exec/machine.hpp"
#include "../../exec/traits.hpp"
#include "environment.hpp"
#include "execute.hpp"
#include "descriptor.hpp"
#include "values.hpp"

namespace ctisa::attila::exec {

using ctisa::exec::default_step_budget;
using ctisa::exec::run_status;

// The first row of register `reg` of bank b (i, o, r, a), or no_row when the program never names it.
[[nodiscard]] constexpr std::uint32_t bank_row(const layout& l, bank b, unsigned reg) noexcept {
    switch (b) {
        case bank::in: return reg < l.input_count ? l.inputs + 4 * reg : no_row;
        case bank::out: return reg < l.output_count ? l.outputs + 4 * reg : no_row;
        case bank::temp: return reg < l.temp_count ? l.temps + 4 * reg : no_row;
        case bank::addr: return reg < l.addr_count ? l.addrs + 4 * reg : no_row;
        default: return no_row;
    }
}

// The output registers a program writes, ascending.
[[nodiscard]] inline std::vector<unsigned> outputs_of(std::span<const instruction> program) {
    std::vector<unsigned> out;
    for (const instruction& in : program)
        if (in.result.kind == operand_kind::reg && in.result.bank == bank::out) out.push_back(in.result.index);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

[[nodiscard]] inline std::array<lane_word, 4> bits_of(const vec4& v) noexcept {
    return {as_bits(v[0]), as_bits(v[1]), as_bits(v[2]), as_bits(v[3])};
}

// ATTILA's accessors of its machine (machine.hpp).
template <class M>
class machine_accessors;

// The context: c0-c511, for relative addressing.
struct traits : ctisa::exec::traits_base<instruction, instruction_desc, layout, default_environment, environment_ref, effects, machine_accessors,
                                         const std::array<lane_word, 4>>,
                ctisa::exec::values_traits<values> {
    template <std::size_t W>
    struct state {
        std::array<std::array<lane_word, 4>, constant_count> constants{};
        bool constants_dirty = true;
        std::array<lane_word, W> killed{};
    };

    static constexpr layout layout_of(std::span<const instruction> p) noexcept { return exec::layout_of(p); }
    static constexpr void describe(std::span<const instruction> p, const layout& l, descriptor* out) noexcept { describe_program(p, l, out); }
    static constexpr bool straight(const descriptor& d) noexcept { return d.op != opcode::jmp; }
    // Texture and attribute fetches, kills and depth exports call the environment.
    static constexpr bool lane_local(const descriptor& d) noexcept {
        switch (d.op) {
            case opcode::tex:
            case opcode::txb:
            case opcode::txl:
            case opcode::txp:
            case opcode::lda:
            case opcode::kil:
            case opcode::kls:
            case opcode::cmpkil:
            case opcode::zxp:
            case opcode::zxs: return false;
            default: return true;
        }
    }

    template <class M>
    static context* context_of(M& m) noexcept {
        return m.state().constants.data();
    }

    // Immediates are constants of the program: broadcast once.
    template <class M>
    static void initialize(M& m) {
        std::uint32_t row = m.registers().immediates;
        for (const instruction& in : m.program())
            for (const operand& s : in.sources)
                if (s.kind == operand_kind::immediate) std::fill_n(m.row(row++), M::lanes, s.value);
    }

    template <class M, class Env>
    static void prepare(M& m, Env& env);
    template <class M, class Env>
    static run_status finish(M& m, Env& env, run_status status);

    // Around one instruction: predication narrows its lanes; kills are recorded; JMP's lanes go to
    // pc + offset; the end flag ends every lane that ran it.
    template <class M, class Desc, class View, class Env, class Flow, class Fx, class Kernel>
    CTISA_EXEC_INLINE static void step(M& m, const Desc& desc, const ctisa::exec::step_context<View>& c, Env& env, Flow& f, Fx& fx,
                                       run_status& status, Kernel&& kernel) {
        constexpr std::size_t n = View::lanes;
        const instruction_desc& d = desc.get();
        const lane_word* active = c.at_pc;
        bool all = c.all;
        if (d.predicated) {
            const lane_word* p = c.view.row(d.predicate_row);
            const lane_word flip = d.invert_predicate ? lane_on : 0;
            for (std::size_t l = 0; l < n; ++l) c.scratch[l] = c.at_pc[l] & (p[l] ^ flip);
            active = c.scratch;
            all = false;
        }
        const bool kills = d.op == opcode::kil || d.op == opcode::cmpkil;
        fx.branch = false;
        fx.killed_any = false;
        if (kills) fx.killed.fill(0);
        kernel(active, all, fx);
        if (kills && fx.killed_any)
            for (std::size_t l = 0; l < n; ++l) m.state().killed[c.first + l] |= fx.killed[l];
        f.taken = fx.branch ? fx.taken.data() : nullptr;
        f.target = std::int64_t{c.pc} + d.offset;
        f.end = d.end;
        (void)env, (void)status;
    }

    template <class Desc, class View, class Env, class Fx>
    CTISA_EXEC_INLINE static void execute(const Desc& desc, const View& v, const lane_word* active, bool all, Env& env,
                                          const ctisa::exec::lane_info<layout>& at, Fx& fx) {
        if constexpr (ctisa::exec::is_static_desc<Desc>)
            execute_op<Desc::get().op>(desc, v, active, all, *at.layout, env, at.first, at.lanes, fx);
        else exec::execute(desc, v, active, all, *at.layout, env, at.first, at.lanes, fx);
    }
};

// Before a run: the environment's inputs and constants, then the broadcast constant rows; no lane
// killed, every lane at sample 0.
template <class M, class Env>
void traits::prepare(M& m, Env& env) {
    auto& s = m.state();
    if constexpr (supplies_constants<Env>) {
        vec4 value{};
        for (unsigned c = 0; c < constant_count; ++c)
            if (env.constant(c, value)) s.constants[c] = bits_of(value), s.constants_dirty = true;
    }
    if constexpr (supplies_inputs<Env>) {
        vec4 value{};
        for (unsigned reg = 0; reg < m.registers().input_count; ++reg)
            for (std::size_t lane = 0; lane < m.active_lanes(); ++lane)
                if (env.input(lane, reg, value)) {
                    const std::uint32_t row = bank_row(m.registers(), bank::in, reg);
                    for (unsigned c = 0; c < 4; ++c) m.row(row + c)[lane] = as_bits(value[c]);
                }
    }
    if (s.constants_dirty) {
        for (unsigned c = 0; c < constant_count; ++c) {
            const std::uint32_t row = register_row(m.registers(), bank::param, static_cast<std::uint16_t>(c));
            if (row == no_row) continue;
            for (unsigned comp = 0; comp < 4; ++comp) std::fill_n(m.row(row + comp), M::lanes, s.constants[c][comp]);
        }
        s.constants_dirty = false;
    }
    s.killed.fill(0);
    std::fill_n(m.row(m.registers().sample), M::lanes, 0u);
}

// After a run that finished: the outputs of each lane not killed, to the environment.
template <class M, class Env>
run_status traits::finish(M& m, Env& env, run_status status) {
    if constexpr (takes_outputs<Env>) {
        if (!status.ok()) return status;
        const std::vector<unsigned> written = outputs_of(m.program());
        for (std::size_t lane = 0; lane < m.active_lanes(); ++lane) {
            if (m.state().killed[lane]) continue;
            for (unsigned reg : written) {
                const std::uint32_t row = bank_row(m.registers(), bank::out, reg);
                vec4 value;
                for (unsigned c = 0; c < 4; ++c) value[c] = as_float(m.row(row + c)[lane]);
                env.output(lane, reg, value);
            }
        }
    }
    (void)m, (void)env;
    return status;
}

}  // namespace ctisa::attila::exec
