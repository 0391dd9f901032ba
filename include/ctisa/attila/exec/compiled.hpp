// The compile-time specialised path: a program known at compile time becomes straight-line
// code the optimiser sees whole, every register row a constant.
//
//   constexpr auto program = ctisa::attila::assemble<"...">();
//   ctisa::attila::exec::machine<64> m(program.instructions);
//   ctisa::attila::exec::compiled<program, 64>::run(m);   // same results as m.run(), bit for bit
//
// Programs without JMP run in blocks of lanes (quad-aligned) straight through; every lane of such a
// program executes the same instructions, so the order of lanes cannot change a result. Programs
// with JMP run the whole warp through the interpreter's control loop, each instruction a
// specialised function.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include "../../exec/blocks.hpp"
#include "execute.hpp"
#include "layout.hpp"
#include "machine.hpp"

namespace ctisa::attila::exec {

template <auto Program, std::size_t W>
class compiled {
    static constexpr std::size_t n = Program.instructions.size();
    static constexpr layout lay = layout_of(Program.instructions);
    static constexpr std::array<instruction_desc, n> code = [] {
        std::array<instruction_desc, n> out{};
        std::uint32_t immediates = 0;
        for (std::size_t i = 0; i < n; ++i) {
            out[i] = describe(Program.instructions[i], lay, immediates);
            immediates += immediates_of(Program.instructions[i]);
        }
        return out;
    }();
    static constexpr bool has_jump = [] {
        for (const auto& d : code)
            if (d.op == opcode::jmp) return true;
        return false;
    }();
    static constexpr std::size_t block = ctisa::exec::block_lanes<W>;

public:
    template <class Env>
    static run_status run(machine<W>& m, Env& env, std::uint64_t step_budget = default_step_budget) {
        if constexpr (has_jump) {
            return m.run_with(env, step_budget, [&m](std::uint32_t pc, const lane_word* active, bool all, Env& e, effects<W>& fx) {
                dispatch(pc, m, active, all, e, fx);
            });
        } else {
            if (m.active_lanes() != W)  // a partial warp: the control loop knows which lanes run
                return m.run_with(env, step_budget, [&m](std::uint32_t pc, const lane_word* active, bool all, Env& e, effects<W>& fx) {
                    dispatch(pc, m, active, all, e, fx);
                });
            m.prepare(env);
            run_status status;
            ctisa::exec::for_each_block<lay.rows, lay.rows, block, W>(m.storage(), [&](lane_word* rows, std::size_t first) {
                const lane_view<block, block> v = m.template block_view<block>(rows);
                ctisa::exec::unroll_while<n>([&](auto i) { return block_step<decltype(i)::value>(m, v, env, first, step_budget, status); });
            });
            return m.finish(env, status);
        }
    }
    static run_status run(machine<W>& m, std::uint64_t step_budget = default_step_budget) {
        default_environment env;
        return run(m, env, step_budget);
    }

private:
    // Instruction I over N lanes: its descriptor is a template argument, so its row numbers,
    // modifiers and mask are constants in the kernel it instantiates.
    template <std::size_t I, std::size_t N, std::size_t Stride, class Env>
    static void one(const lane_view<N, Stride>& v, const lane_word* active, bool all, Env& env, std::size_t first,
                    std::size_t lanes, effects<N>& fx) {
        execute_op<code[I].op>(static_desc<code[I]>{}, v, active, all, lay, env, first, lanes, fx);
    }

    // Programs with jumps: a table of the program's instructions, each a specialised function.
    template <class Env>
    using step_function = void (*)(machine<W>&, const lane_word*, bool, Env&, effects<W>&);

    template <class Env>
    struct steps {
        template <std::size_t I>
        static void entry(machine<W>& m, const lane_word* active, bool all, Env& env, effects<W>& fx) {
            one<I>(m.view(), active, all, env, 0, m.active_lanes(), fx);
        }
    };

    template <class Env>
    static void dispatch(std::uint32_t pc, machine<W>& m, const lane_word* active, bool all, Env& env, effects<W>& fx) {
        static constexpr auto table = ctisa::exec::function_table<step_function<Env>, steps<Env>, n>();
        table[pc](m, active, all, env, fx);
    }

    // One instruction of a block; false when the block is done (end flag, or the budget).
    template <std::size_t I, class Env>
    static bool block_step(machine<W>& m, const lane_view<block, block>& v, Env& env, std::size_t first,
                           std::uint64_t step_budget, run_status& status) {
        constexpr instruction_desc d = code[I];
        if (I >= step_budget) {
            status.error = error{error_code::step_limit, 0, 0, 0, {}};
            return false;
        }
        std::array<lane_word, block> active;
        if constexpr (d.predicated) {
            const lane_word* p = v.row(d.predicate_row);
            for (std::size_t l = 0; l < block; ++l) active[l] = d.invert_predicate ? ~p[l] : p[l];
        } else {
            active.fill(lane_on);
        }
        effects<block> fx;
        fx.killed_any = false;
        if constexpr (d.op == opcode::kil || d.op == opcode::cmpkil) fx.killed.fill(0);
        one<I>(v, active.data(), !d.predicated, env, first, W, fx);
        if constexpr (d.op == opcode::kil || d.op == opcode::cmpkil)
            if (fx.killed_any) m.note_killed(fx.killed.data(), first, block);
        return !d.end;
    }
};

}  // namespace ctisa::attila::exec
