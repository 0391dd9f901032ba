// The compile-time specialised path every ISA shares: a program known at compile time becomes code
// the optimiser sees whole, each instruction's descriptor a template argument, so its rows and
// modifiers are constants in the kernel it instantiates.
//
//   ctisa::exec::compiled<Traits, program, W>::run(m);   // same results as m.run(), bit for bit
//
// A program whose every instruction is straight (Traits::straight: no branch, no reading of lanes
// outside its block) runs in blocks of block_lanes<W, Traits::block_lanes> lanes (quads and 16-lane
// subgroups whole), each block straight through on a stack copy of its rows. Every lane executes
// the same instructions, so the order of lanes cannot change a result. In a partial warp the lanes
// beyond it are inactive in their block, as in the control loop: no register write, no
// environment call, and blocks wholly beyond it are skipped.
// Other programs run the control loop with a table of the specialised per-instruction functions.
// Both take the same step hook as the interpreter, so predication, kills and ends agree.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "blocks.hpp"
#include "machine.hpp"

namespace ctisa::exec {

template <executor_traits Traits, auto Program, std::size_t W>
class compiled {
    using descriptor = typename Traits::descriptor;
    using layout_type = typename Traits::layout;
    using context = context_t<Traits>;
    using machine_type = machine<Traits, W>;

    static constexpr std::size_t n = Program.instructions.size();
    static constexpr layout_type lay = Traits::layout_of(Program.instructions);
    static constexpr std::array<descriptor, n> code = [] {
        std::array<descriptor, n> out{};
        Traits::describe(Program.instructions, lay, out.data());
        return out;
    }();
    static constexpr bool straight = [] {
        for (const descriptor& d : code)
            if (!straight_of<Traits>(d)) return false;
        return true;
    }();
    static constexpr std::size_t block = block_lanes<W, block_lanes_of<Traits>()>;

public:
    template <class Env>
        requires(!std::is_arithmetic_v<Env>)
    static run_status run(machine_type& m, Env& env, std::uint64_t step_budget = default_step_budget) {
        if constexpr (straight) {
            return run_blocks(m, env, step_budget);
        } else {
            return m.run_with(env, step_budget,
                              [&m](std::uint32_t pc, const lane_word* active, bool all, const lane_word* live, Env& e,
                                   typename machine_type::effects& fx) { dispatch(pc, m, active, all, live, e, fx); });
        }
    }
    static run_status run(machine_type& m, std::uint64_t step_budget = default_step_budget) {
        typename Traits::default_environment env;
        return run(m, env, step_budget);
    }

private:
    template <std::size_t I, class View, class Env, class Fx>
    static void one(machine_type& m, const View& v, const lane_word* active, bool all, Env& env, std::size_t first,
                    const lane_word* live, Fx& fx) {
        Traits::execute(static_desc<code[I]>{}, v, active, all, env, lane_info<layout_type>{&lay, first, m.active_lanes(), live}, fx);
    }

    // --- programs with control flow: the control loop over a table of specialised functions ---
    template <class Env>
    using step_function = void (*)(machine_type&, const lane_word*, bool, const lane_word*, Env&, typename machine_type::effects&);

    template <class Env>
    struct steps {
        template <std::size_t I>
        static void entry(machine_type& m, const lane_word* active, bool all, const lane_word* live, Env& env,
                          typename machine_type::effects& fx) {
            one<I>(m, m.view(), active, all, env, 0, live, fx);
        }
    };

    template <class Env>
    static void dispatch(std::uint32_t pc, machine_type& m, const lane_word* active, bool all, const lane_word* live, Env& env,
                         typename machine_type::effects& fx) {
        static constexpr auto table = function_table<step_function<Env>, steps<Env>, n>();
        table[pc](m, active, all, live, env, fx);
    }

    // --- straight programs: blocks of lanes -----------------------------------------------------
    using block_view_type = lane_view<block, block, context>;

    template <class Env>
    static run_status run_blocks(machine_type& m, Env& env, std::uint64_t step_budget) {
        m.prepare(env);
        run_status status;
        const std::size_t lanes = m.active_lanes();
        for_each_block<lay.rows, rows_out_of<Traits>(lay), block, W>(
            m.storage(),
            [&](lane_word* rows, std::size_t first) {
                std::array<lane_word, block> on, scratch;
                for (std::size_t l = 0; l < block; ++l) on[l] = first + l < lanes ? lane_on : 0u;
                const step_context<block_view_type> c{m.template block_view<block>(rows), 0, on.data(), first + block <= lanes,
                                                      on.data(), first, lanes, scratch.data()};
                unroll_while<n>([&](auto i) { return block_step<decltype(i)::value>(m, c, env, step_budget, status); });
            },
            lanes);
        return m.finish(env, status);
    }

    // One instruction of a block; false when the block is done (it ended its lanes, or the budget).
    template <std::size_t I, class Env>
    static bool block_step(machine_type& m, step_context<block_view_type> c, Env& env, std::uint64_t step_budget, run_status& status) {
        if (I >= step_budget) {
            status.error = error{error_code::step_limit, 0, 0, 0, {}};
            return false;
        }
        c.pc = static_cast<std::uint32_t>(I);
        typename Traits::template effects<block> fx;
        flow<block> f;
        f.live = c.live;
        m.step_hook(static_desc<code[I]>{}, c, env, f, fx, status, [&](const lane_word* active, bool all, auto& e) {
            one<I>(m, c.view, active, all, env, c.first, c.live, e);
        });
        return !f.end;
    }
};

}  // namespace ctisa::exec
