// The compile-time specialised path: a Valhall program known at compile time becomes code the
// optimiser sees whole, every register row and modifier a constant.
//
//   constexpr auto program = ctisa::valhall::assemble<"...">();
//   ctisa::valhall::exec::machine<64> m(program.instructions);
//   ctisa::valhall::exec::compiled<program, 64>::run(m);   // same results as m.run(), bit for bit
//
// Straight-line programs (register-only instructions, no branch, no message to the environment,
// no action but waits, reconverge and a uniform return) run in blocks of lanes straight through:
// every lane executes the same instructions and no lane sees another block's (subgroups never
// straddle blocks), so the order of lanes cannot change a result. Other programs run the whole warp
// through the interpreter's control loop, each instruction a specialised function.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include "../../exec/blocks.hpp"
#include "execute.hpp"
#include "layout.hpp"
#include "machine.hpp"

namespace ctisa::valhall::exec {

template <auto Program, std::size_t W>
class compiled {
    static constexpr std::size_t n = Program.instructions.size();
    static constexpr layout lay = layout_of(Program.instructions);
    static constexpr std::array<instruction_desc, n> code = [] {
        std::array<instruction_desc, n> out{};
        for (std::uint32_t i = 0; i < n; ++i) out[i] = describe(Program.instructions[i], lay, i);
        return out;
    }();
    static constexpr bool pure(const instruction_desc& d) {
        if (d.why != unexecutable::none || is_message(d.id) || d.id == instruction_id::branchz || d.id == instruction_id::branchzi)
            return false;
        return !d.has_action || d.act == action::reconverge || d.act == action::return_ || d.act == action::wait0126;
    }
    static constexpr bool straight = [] {
        for (const auto& d : code)
            if (!pure(d)) return false;
        return true;
    }();
    static constexpr bool cross_lane = [] {
        for (const auto& d : code)
            if (d.id == instruction_id::clper_i32 || d.id == instruction_id::wmask) return true;
        return false;
    }();
    // 64 lanes: scalar instructions over 16-lane SIMD registers get four independent vectors each.
    static constexpr std::size_t block = ctisa::exec::block_lanes<W, 64>;

public:
    template <class Env>
    static run_status run(machine<W>& m, Env& env, std::uint64_t step_budget = default_step_budget) {
        if constexpr (straight) {
            // Every lane runs every instruction (up to a uniform return): blocks of lanes, each
            // straight through. In a partial warp, the lanes beyond it compute on a copy that is
            // not written back, unless the program reads other lanes (CLPER, WMASK): then they
            // are masked off as the control loop would.
            m.prepare(env);
            run_status status;
            const std::size_t lanes = m.active_lanes();
            if constexpr (!cross_lane) {
                ctisa::exec::for_each_block<lay.rows, lay.registers_end, block, W>(
                    m.storage(),
                    [&](lane_word* rows, std::size_t first) {
                        const lane_view<block, block> v = m.template block_view<block>(rows);
                        ctisa::exec::unroll_while<n>([&](auto i) {
                            return block_step<decltype(i)::value>(v, all_on.data(), true, env, first, step_budget, status);
                        });
                    },
                    lanes);
            } else {
                ctisa::exec::for_each_block<lay.rows, lay.registers_end, block, W>(m.storage(), [&](lane_word* rows, std::size_t first) {
                    const lane_view<block, block> v = m.template block_view<block>(rows);
                    std::array<lane_word, block> active;
                    for (std::size_t l = 0; l < block; ++l) active[l] = first + l < lanes ? lane_on : 0u;
                    ctisa::exec::unroll_while<n>([&](auto i) {
                        return block_step<decltype(i)::value>(v, active.data(), first + block <= lanes, env, first, step_budget, status);
                    });
                });
            }
            return status;
        } else {  // control flow or messages: the control loop, each instruction a specialised function
            return m.run_with(env, step_budget, [&m](std::uint32_t pc, const lane_word* active, bool all, const lane_word* live, Env& e,
                                                     effects<W>& fx) { dispatch(pc, m, active, all, live, e, fx); });
        }
    }
    static run_status run(machine<W>& m, std::uint64_t step_budget = default_step_budget) {
        default_environment env;
        return run(m, env, step_budget);
    }

private:
    // Instruction I over N lanes: its descriptor is a template argument, so its row numbers and
    // modifiers are constants in the kernel it instantiates.
    template <std::size_t I, std::size_t N, std::size_t Stride, class Env>
    static void one(const lane_view<N, Stride>& v, const lane_word* active, bool all, Env& env, std::size_t first,
                    const lane_word* live, effects<N>& fx) {
        if constexpr (has_kernel(code[I].id)) execute_op<code[I].id>(static_desc<code[I]>{}, v, active, all, env, first, live, fx);
    }

    template <class Env>
    using step_function = void (*)(machine<W>&, const lane_word*, bool, const lane_word*, Env&, effects<W>&);

    template <class Env>
    struct steps {
        template <std::size_t I>
        static void entry(machine<W>& m, const lane_word* active, bool all, const lane_word* live, Env& env, effects<W>& fx) {
            one<I>(m.view(), active, all, env, 0, live, fx);
        }
    };

    template <class Env>
    static void dispatch(std::uint32_t pc, machine<W>& m, const lane_word* active, bool all, const lane_word* live, Env& env,
                         effects<W>& fx) {
        static constexpr auto table = ctisa::exec::function_table<step_function<Env>, steps<Env>, n>();
        table[pc](m, active, all, live, env, fx);
    }

    static constexpr std::array<lane_word, block> all_on = [] {
        std::array<lane_word, block> a{};
        a.fill(lane_on);
        return a;
    }();

    // One instruction of a block; false when the block is done (a return, or the budget).
    // (`active` is also the lanes that have not finished: in a straight-line program they are the
    // lanes of the warp.)
    template <std::size_t I, class Env>
    static bool block_step(const lane_view<block, block>& v, const lane_word* active, bool all, Env& env, std::size_t first,
                           std::uint64_t step_budget, run_status& status) {
        if (I >= step_budget) {
            status.error = error{error_code::step_limit, 0, 0, 0, {}};
            return false;
        }
        effects<block> fx;
        one<I>(v, active, all, env, first, active, fx);
        return !(code[I].has_action && code[I].act == action::return_);
    }
};

}  // namespace ctisa::valhall::exec
