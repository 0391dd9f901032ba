// SPDX-License-Identifier: MIT
// The compile-time specialised path every ISA shares: a program known at compile time becomes code
// the optimiser sees whole, each instruction's descriptor a template argument, so its rows and
// modifiers are constants in the kernel it instantiates.
//
//   ctisa::exec::compiled<Traits, program, W>::run(m);   // same results as m.run(), bit for bit
//
// A program whose every instruction is straight (Traits::straight: no branch, no reading of lanes
// outside its block) runs in blocks of block_lanes<W, Traits::block_lanes> lanes (quads and 16-lane
// subgroups whole), each block straight through on a stack copy of its rows with every lane
// active. Every lane executes the same instructions, so the order of lanes cannot change a result.
// A partial warp (m.active_lanes() < W): when every instruction is also lane-local
// (Traits::lane_local: reads only its own lane, calls nothing), the lanes beyond the warp compute
// on the copy and are never written back; otherwise the partial warp runs the control loop.
// Other programs run the control loop with a table of the specialised per-instruction functions.
// All paths take the same step hook as the interpreter, so predication, kills and ends agree.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>

#include "blocks.hpp"
#include "machine.hpp"
#include "value_rows.hpp"

namespace ctisa::exec {

// Registers a row of a value-path block spans (1, 2 or 4 of `lanes` lanes each), the one rule of
// every value path: as many as the block's `held_rows` (the rows it keeps in registers from one
// instruction to a later one) fit in value_registers, the warp a whole number of blocks. Each
// instruction runs on every register of the block before the next, so that the block's
// independent chains overlap (one 16-lane chain of FMAs waits on its latency).
template <std::size_t W>
[[nodiscard]] constexpr std::size_t value_group_of(std::size_t held_rows, std::size_t lanes) noexcept {
    std::size_t g = 1;
    while (g < 4 && 2 * g * held_rows <= value_registers && W % (2 * g * lanes) == 0) g *= 2;
    return g;
}

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
    static constexpr bool lane_local = [] {
        for (const descriptor& d : code)
            if (!lane_local_of<Traits>(d)) return false;
        return true;
    }();
    static constexpr std::size_t block = block_lanes<W, block_lanes_of<Traits>()>;
    // The value path's blocks: one SIMD register a row (a dependent chain per register, as many
    // chains side by side as the instruction has components).
    static constexpr std::size_t value_lanes =
        block * sizeof(lane_word) <= simd_register_bytes ? block : simd_register_bytes / sizeof(lane_word);
    static constexpr bool by_value = straight && lane_local && value_block<value_lanes> && W % value_lanes == 0 && [] {
        for (const descriptor& d : code)
            if (!value_kernel_of<Traits>(d)) return false;
        return true;
    }();

    // Rows a block of the value path keeps in registers: those the program carries from one
    // instruction to a later one where the traits count them (Traits::carried_rows), else every row.
    static constexpr std::size_t held_rows = [] {
        if constexpr (requires { Traits::carried_rows(std::span<const descriptor>(code)); })
            return Traits::carried_rows(std::span<const descriptor>(code));
        else return std::size_t{lay.rows};
    }();
    static constexpr std::size_t value_group = value_group_of<W>(held_rows, value_lanes);

    // The value path's steps in order: an instruction on each register of the block, or a run of
    // instructions the traits execute as one kernel (Traits::value_run; length 0 for the former).
    struct value_steps_type {
        std::array<std::size_t, n> first{}, length{};
        std::size_t count = 0;
    };
    static constexpr value_steps_type value_steps = [] {
        value_steps_type s;
        for (std::size_t i = 0; i < n; ++s.count) {
            const std::size_t run = value_run_of<Traits>(std::span<const descriptor>(code), i);
            s.first[s.count] = i, s.length[s.count] = run;
            i += run ? run : 1;
        }
        return s;
    }();

public:
    // Whether a full warp runs on rows held as values (every instruction has a value kernel).
    static constexpr bool runs_on_values = by_value;
    // Lanes a block of the value path holds (value_group registers a row).
    static constexpr std::size_t value_block_lanes = value_lanes * value_group;

    template <class Env>
        requires(!std::is_arithmetic_v<Env>)
    static run_status run(machine_type& m, Env& env, std::uint64_t step_budget = default_step_budget) {
        if constexpr (by_value) {
            if (step_budget >= n) return run_values(m, env);
            return run_blocks(m, env, step_budget);
        } else if constexpr (straight && lane_local) {
            return run_blocks(m, env, step_budget);
        } else {
            if constexpr (straight)
                if (m.active_lanes() == W) return run_blocks(m, env, step_budget);
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
    CTISA_EXEC_INLINE static void one(machine_type& m, const View& v, const lane_word* active, bool all, Env& env, std::size_t first,
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

    // Every lane of a block active: constants the kernels fold (no lane-mask blend in their stores).
    static constexpr std::array<lane_word, block> all_on = [] {
        std::array<lane_word, block> a{};
        a.fill(lane_on);
        return a;
    }();

    // Instruction I's kernel over a block, for the step hook: a class, so that whether its call
    // inlines is the traits' choice (inline_block_kernels). Inlined, a block's rows can stay in
    // registers across small kernels (ATTILA); large kernels (Valhall) vectorize better as one
    // function an instruction.
    template <std::size_t I, class Env>
    struct block_kernel_base {
        machine_type& m;
        const block_view_type& v;
        Env& env;
        std::size_t first;
    };
    template <std::size_t I, class Env>
    struct block_kernel_inlined : block_kernel_base<I, Env> {
        template <class Fx>
        CTISA_EXEC_INLINE void operator()(const lane_word* active, bool all, Fx& fx) const {
            one<I>(this->m, this->v, active, all, this->env, this->first, all_on.data(), fx);
        }
    };
    template <std::size_t I, class Env>
    struct block_kernel_call : block_kernel_base<I, Env> {
        template <class Fx>
        void operator()(const lane_word* active, bool all, Fx& fx) const {
            one<I>(this->m, this->v, active, all, this->env, this->first, all_on.data(), fx);
        }
    };
    template <std::size_t I, class Env>
    using block_kernel = std::conditional_t<inline_block_kernels_of<Traits>(), block_kernel_inlined<I, Env>, block_kernel_call<I, Env>>;

    template <class Env>
    static run_status run_blocks(machine_type& m, Env& env, std::uint64_t step_budget) {
        m.prepare(env);
        run_status status;
        for_each_block<lay.rows, rows_out_of<Traits>(lay), block, W>(
            m.storage(),
            [&](lane_word* rows, std::size_t first) {
                const block_view_type v = m.template block_view<block>(rows);
                unroll_while<n>([&](auto i) {
                    constexpr std::size_t I = decltype(i)::value;
                    if constexpr (inline_block_kernels_of<Traits>()) return block_step<I>(m, v, first, env, step_budget, status);
                    else return block_step_apart<I>(m, v, first, env, step_budget, status);
                });
            },
            m.active_lanes());
        return m.finish(env, status);
    }

    // Every instruction with a kernel over row values, no step hook, within the budget: the rows a
    // block's values, each instruction inlined (its rows constant indices), so that the optimiser
    // keeps them in registers from the first instruction to the last. Blocks load and store their
    // rows straight from and to the warp's storage, so that the optimiser drops the rows the
    // program never reads and the stores of rows it never writes (a stack copy of every row in
    // and out, two library calls, was a third of AMD IL's 42-row mad_chain at 16 lanes). In a
    // partial warp, the block holding its last lanes also computes lanes past them (every
    // instruction is lane-local): their written rows are kept aside and put back, so they never
    // change (a stack array, not a heap copy of the warp every run).
    template <class Env>
    static run_status run_values(machine_type& m, Env& env) {
        m.prepare(env);
        constexpr std::size_t lanes = value_lanes * value_group, out = rows_out_of<Traits>(lay);
        const std::size_t active = m.active_lanes(), whole = active - active % lanes;
        for (std::size_t first = 0; first < whole; first += lanes) values_block(m.storage() + first);
        if (whole < active) {
            const std::size_t past = whole + lanes - active;  // lanes of the last block beyond the warp's
            std::array<lane_word, out * lanes + 1> kept;
            for (std::size_t r = 0; r < out; ++r) std::copy_n(m.row(static_cast<std::uint32_t>(r)) + active, past, &kept[r * lanes]);
            values_block(m.storage() + whole);
            for (std::size_t r = 0; r < out; ++r) std::copy_n(&kept[r * lanes], past, m.row(static_cast<std::uint32_t>(r)) + active);
        }
        return m.finish(env, run_status{});
    }
    // One block of the value path, its rows W lanes apart (one function: the program inlined once).
    [[gnu::noinline]] static void values_block(lane_word* rows) {
        value_rows<lay.rows, value_lanes> r[value_group];
        [&]<std::size_t... G>(std::index_sequence<G...>) CTISA_EXEC_INLINE_LAMBDA {
            (r[G].template load<lay.rows, W>(rows + G * value_lanes), ...);
            // Instruction I on every register of the block, then instruction I + 1 (or a run at once).
            auto step = [&]<std::size_t S>(std::integral_constant<std::size_t, S>) CTISA_EXEC_INLINE_LAMBDA {
                constexpr std::size_t first = value_steps.first[S], length = value_steps.length[S];
                if constexpr (length == 0) (Traits::template execute_values<code[first]>(r[G]), ...);
                else execute_value_run_of<Traits, code, first, length>(r);
            };
            [&]<std::size_t... S>(std::index_sequence<S...>) CTISA_EXEC_INLINE_LAMBDA {
                (step(std::integral_constant<std::size_t, S>{}), ...);
            }(std::make_index_sequence<value_steps.count>{});
            (r[G].template store<rows_out_of<Traits>(lay), W>(rows + G * value_lanes), ...);
        }(std::make_index_sequence<value_group>{});
    }

    // The same as a function of its own: large kernels that the optimiser inlines into the block
    // loop (it does, for some instructions of a long block) lose their vectorization there, and
    // run one lane at a time (measured: Valhall fma_f32 at 64 lanes 0.35x native inlined, 0.5x apart).
    template <std::size_t I, class Env>
    [[gnu::noinline]] static bool block_step_apart(machine_type& m, const block_view_type& v, std::size_t first, Env& env,
                                                   std::uint64_t step_budget, run_status& status) {
        return step_in_block<I>(m, v, first, env, step_budget, status);
    }
    // (Inlining left to the optimiser: ATTILA's small kernels are faster so.)
    template <std::size_t I, class Env>
    static bool block_step(machine_type& m, const block_view_type& v, std::size_t first, Env& env, std::uint64_t step_budget,
                           run_status& status) {
        return step_in_block<I>(m, v, first, env, step_budget, status);
    }

    // One instruction of a block; false when the block is done (it ended its lanes, or the budget).
    // Its lanes are all active here, as constants, so that the kernels' stores fold to plain copies.
    template <std::size_t I, class Env>
    CTISA_EXEC_INLINE static bool step_in_block(machine_type& m, const block_view_type& v, std::size_t first, Env& env,
                                                std::uint64_t step_budget, run_status& status) {
        if (I >= step_budget) {
            status.error = error{error_code::step_limit, 0, 0, 0, {}};
            return false;
        }
        std::array<lane_word, block> scratch;
        const step_context<block_view_type> c{
            v, static_cast<std::uint32_t>(I), all_on.data(), true, all_on.data(), first, m.active_lanes(), scratch.data()};
        typename Traits::template effects<block> fx;
        flow<block> f;
        f.live = all_on.data();
        m.step_hook(static_desc<code[I]>{}, c, env, f, fx, status, block_kernel<I, Env>{{m, v, env, first}});
        return !f.end;
    }
};

}  // namespace ctisa::exec
