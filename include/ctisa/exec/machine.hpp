// SPDX-License-Identifier: MIT
// The interpreter every ISA shares: a warp of W lanes running a program decoded once into
// descriptors, parameterised by the ISA's executor traits (traits.hpp). An ISA's machine is this
// class; what is the ISA's own to call on it (ATTILA's banks, Valhall's uniforms) comes from the
// traits' accessors, a base class.
//
// Behaviours common to every ISA:
//   - W defaults to the traits' default_lanes (16); a machine may run a partial warp: `lanes`
//     (at most W) lanes take part, the others never run, as if the warp were that wide;
//   - run(env, budget) / run(budget): the budget (default_step_budget, 1,000,000) counts the
//     instructions each lane executes; a lane that exceeds it stops the run with step_limit;
//   - run_with(env, budget, step) is the control loop with another step (the compiled path's):
//     step(pc, active, all_active, live, env, fx) runs instruction pc for the lanes of `active`
//     (W masks), where `live` are the lanes that have not finished;
//   - registers keep their values between runs;
//   - pause_at_barriers(true) (structured ISAs): a run stops after an instruction whose step yields
//     (a barrier of a work-group, exec/group.hpp) with status.paused, and the next run() or
//     run_with() continues it where it stopped, with what is left of its budget.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <type_traits>
#include <vector>

#include "kernel.hpp"
#include "run.hpp"
#include "structured.hpp"
#include "traits.hpp"

namespace ctisa::exec {

// Rows start on a cache line: a kernel's vector loads and stores of a row then never straddle two
// lines (with the allocator's 16-byte alignment they did, and a row stored by one instruction and
// loaded by the next missed store forwarding: AMD IL's interpreter at 256 lanes, 1.4x slower).
template <class T>
struct line_aligned {
    using value_type = T;
    static constexpr std::align_val_t alignment{64};
    line_aligned() = default;
    template <class U>
    constexpr line_aligned(const line_aligned<U>&) noexcept {}
    [[nodiscard]] T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), alignment)); }
    void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, alignment); }
    template <class U>
    constexpr bool operator==(const line_aligned<U>&) const noexcept {
        return true;
    }
};

template <executor_traits Traits, std::size_t W = default_lanes_of<Traits>()>
class machine : public accessors_t<Traits, machine<Traits, W>> {
    static_assert(W >= 1 && W <= 4096, "a warp has 1 to 4096 lanes");

public:
    using traits = Traits;
    using instruction = typename Traits::instruction;
    using descriptor = typename Traits::descriptor;
    using layout_type = typename Traits::layout;
    using context = context_t<Traits>;
    using state_type = state_t<Traits, W>;
    using effects = typename Traits::template effects<W>;
    static constexpr std::size_t lanes = W;

    explicit machine(std::span<const instruction> program, std::size_t lanes = W)
        : program_(program.begin(), program.end()), layout_(Traits::layout_of(program_)), lanes_(lanes < W ? lanes : W) {
        code_.resize(program_.size());
        Traits::describe(program_, layout_, code_.data());
        storage_.assign(static_cast<std::size_t>(layout_.rows) * W, 0);
        if constexpr (structured_traits<Traits>) match_flow();
        if constexpr (has_plain_alu) find_runs();
        if constexpr (requires { Traits::initialize(*this); }) Traits::initialize(*this);
    }

    [[nodiscard]] std::size_t active_lanes() const noexcept { return lanes_; }
    // Whether a run stops at barriers (a wavefront of a group with others to wait for), and
    // whether one stopped there and waits to go on.
    void pause_at_barriers(bool on) noexcept { pause_ = on; }
    [[nodiscard]] bool paused() const noexcept { return paused_ != nullptr; }
    [[nodiscard]] std::span<const instruction> program() const noexcept { return program_; }
    [[nodiscard]] const layout_type& registers() const noexcept { return layout_; }
    [[nodiscard]] const descriptor& descriptor_at(std::size_t pc) const noexcept { return code_[pc]; }

    // --- running ------------------------------------------------------------------------------
    template <class Env>
        requires(!std::is_arithmetic_v<Env>)
    run_status run(Env& env, std::uint64_t step_budget = default_step_budget) {
        if constexpr (requires { typename Traits::environment_ref; }) {
            // The kernels see the environment through one type: instantiated once per W.
            typename Traits::environment_ref ref(env);
            return run_loop(
                env, step_budget,
                [this, &ref](std::uint32_t pc, const lane_word* active, bool all, const lane_word* live, Env&, effects& fx) {
                    Traits::execute(dynamic_desc<descriptor>{&code_[pc]}, view(), active, all, ref, info(0, live), fx);
                },
                straight_runs());
        } else {
            return run_loop(
                env, step_budget,
                [this](std::uint32_t pc, const lane_word* active, bool all, const lane_word* live, Env& e, effects& fx) {
                    Traits::execute(dynamic_desc<descriptor>{&code_[pc]}, view(), active, all, e, info(0, live), fx);
                },
                straight_runs());
        }
    }
    run_status run(std::uint64_t step_budget = default_step_budget) {
        typename Traits::default_environment env;
        return run(env, step_budget);
    }

    // The control loop around `step` (run_control: a program counter per lane; run_structured for
    // structured ISAs), with the ISA's step hook around each instruction, prepare before and finish
    // after.
    template <class Env, class Step>
    run_status run_with(Env& env, std::uint64_t step_budget, Step&& step) {
        return run_loop(env, step_budget, step, no_straight_runs{});
    }

    // The ISA's hook around one instruction (the default: the kernel for the lanes at it).
    template <class Desc, class View, class Env, class Fx, class Kernel>
    CTISA_EXEC_INLINE void step_hook(const Desc& desc, const step_context<View>& c, Env& env, flow<View::lanes>& f, Fx& fx, run_status& status,
                                     Kernel&& kernel) {
        if constexpr (requires { Traits::step(*this, desc, c, env, f, fx, status, kernel); })
            Traits::step(*this, desc, c, env, f, fx, status, kernel);
        else kernel(c.at_pc, c.all, fx);
    }

    // --- for the ISA's hooks and the compiled path ---------------------------------------------
    [[nodiscard]] lane_word* row(std::uint32_t r) noexcept { return storage_.data() + static_cast<std::size_t>(r) * W; }
    [[nodiscard]] const lane_word* row(std::uint32_t r) const noexcept { return storage_.data() + static_cast<std::size_t>(r) * W; }
    [[nodiscard]] lane_word* storage() noexcept { return storage_.data(); }
    [[nodiscard]] state_type& state() noexcept { return state_; }
    [[nodiscard]] const state_type& state() const noexcept { return state_; }
    [[nodiscard]] context* context_ptr() noexcept {
        if constexpr (requires { Traits::context_of(*this); }) return Traits::context_of(*this);
        else return nullptr;
    }
    [[nodiscard]] lane_view<W, W, context> view() noexcept { return {storage_.data(), 0, context_ptr()}; }
    template <std::size_t N>
    [[nodiscard]] lane_view<N, N, context> block_view(lane_word* rows) noexcept {
        return {rows, 0, context_ptr()};
    }
    [[nodiscard]] lane_info<layout_type> info(std::size_t first, const lane_word* live) const noexcept {
        return {&layout_, first, lanes_, live};
    }

    template <class Env>
    void prepare(Env& env) {
        if constexpr (requires { Traits::prepare(*this, env); }) Traits::prepare(*this, env);
        (void)env;
    }
    template <class Env>
    run_status finish(Env& env, run_status status) {
        if constexpr (requires { Traits::finish(*this, env, status); }) return Traits::finish(*this, env, status);
        return (void)env, status;
    }

private:
    // Straight runs (the interpreter only): instructions for which the ISA gives a kernel
    // (Traits::plain_alu, exec/traits.hpp) run one after another in one engine step, with no step
    // hook, effects or report around each (exec/run.hpp, exec/structured.hpp). An ISA without the
    // hook has none.
    using full_view = lane_view<W, W, context>;
    using straight_kernel = plain_kernel<descriptor, full_view>;
    static constexpr bool has_plain_alu = requires(const descriptor& d) {
        { Traits::template plain_alu<full_view>(d) } -> std::same_as<straight_kernel>;
    };
    // runs_[pc]: how many instructions from pc have a kernel in kernels_ (structured ISAs: of
    // ordinary flow too), resolved here once so that a run only calls them.
    void find_runs() {
        runs_.assign(code_.size() + 1, 0);
        kernels_.assign(code_.size(), nullptr);
        for (std::size_t pc = code_.size(); pc-- > 0;) {
            straight_kernel k = Traits::template plain_alu<full_view>(code_[pc]);
            if constexpr (structured_traits<Traits>)
                if (flow_[pc].kind != flow_kind::ordinary) k = nullptr;
            kernels_[pc] = k;
            runs_[pc] = k ? runs_[pc + 1] + 1 : 0;
        }
    }
    [[nodiscard]] auto straight_runs() noexcept {
        if constexpr (has_plain_alu) {
            return [this](std::uint32_t pc, std::uint32_t n, const lane_word* active, bool all) {
                const full_view v = view();
                const descriptor* code = code_.data();
                const straight_kernel* kernels = kernels_.data();
                for (const std::uint32_t end = pc + n; pc < end; ++pc) kernels[pc](code[pc], v, active, all);
            };
        } else {
            return no_straight_runs{};
        }
    }
    [[nodiscard]] const std::uint32_t* runs() const noexcept { return runs_.empty() ? nullptr : runs_.data(); }

    template <class Env, class Step, class Straight>
    run_status run_loop(Env& env, std::uint64_t step_budget, Step&& step, Straight straight) {
        if constexpr (structured_traits<Traits>) return run_structured_with(env, step_budget, step, straight);
        prepare(env);
        effects fx;
        std::array<lane_word, W> scratch;
        run_status status;
        status.error = run_control<W>(
            static_cast<std::uint32_t>(code_.size()), step_budget, lanes_,
            [&](std::uint32_t pc, const std::array<lane_word, W>& at_pc, bool all, flow<W>& f) {
                const step_context<lane_view<W, W, context>> c{view(), pc, at_pc.data(), all, f.live, 0, lanes_, scratch.data()};
                step_hook(dynamic_desc<descriptor>{&code_[pc]}, c, env, f, fx, status,
                          [&](const lane_word* active, bool all_active, effects& e) { step(pc, active, all_active, f.live, env, e); });
            },
            runs(), straight);
        return finish(env, status);
    }

    // Structured ISAs: the instructions' places in the program's blocks, matched once.
    void match_flow() {
        flow_.resize(code_.size());
        links_.resize(code_.size());
        for (std::size_t i = 0; i < code_.size(); ++i) flow_[i] = Traits::flow_of(code_[i]);
        structure_ = match_structure(std::span<const flow_op>(flow_), std::span<std::uint32_t>(links_)).to_error();
    }

    // The structured loop: the step runs the kernel for the active lanes, the ISA reports what it
    // decided (conditions, counts, selectors, kills, jumps) and the engine moves pc and the masks.
    template <class Env, class Step, class Straight>
    run_status run_structured_with(Env& env, std::uint64_t step_budget, Step& step, Straight& straight) {
        run_status status{structure_};
        std::unique_ptr<engine> paused = std::move(paused_);  // a paused run goes on: no prepare
        if (!paused) prepare(env);
        if (status.ok()) {
            effects fx;
            const auto each = [&](std::uint32_t pc, const lane_mask<W>& active, step_io<W>& io) {
                // Kept by the stack as its masks change (a reduction over W lanes a step cost
                // Cayman's short groups 8%).
                const bool all = io.stack->all_active();
                if constexpr (requires { fx.reset(); }) fx.reset();
                else fx = effects{};
                step(pc, active.data(), all, active.data(), env, fx);
                Traits::report(code_[pc], fx, io);
            };
            const auto go = [&](engine& r) {
                const auto out = r.run(step_budget, each, runs(), straight);
                status.error = out.status;
                status.paused = out.paused;
                if constexpr (requires { Traits::discarded(*this, out.discarded); }) Traits::discarded(*this, out.discarded);
                return out.paused;
            };
            if (paused) {
                if (go(*paused)) paused_ = std::move(paused);
            } else {
                structured_options o;
                o.pause = pause_;
                engine r(static_cast<std::uint32_t>(code_.size()), structure_view{flow_, links_}, lanes_, o);
                if (go(r)) paused_ = std::make_unique<engine>(r);  // kept aside only when it pauses
            }
        }
        return status.paused ? status : finish(env, status);
    }
    using engine = detail::structured_run<W, 32>;

    std::vector<std::uint32_t> runs_;
    std::vector<straight_kernel> kernels_;
    std::vector<flow_op> flow_;
    std::vector<std::uint32_t> links_;
    error structure_{};
    std::vector<instruction> program_;
    layout_type layout_;
    std::vector<descriptor> code_;
    std::vector<lane_word, line_aligned<lane_word>> storage_;
    std::size_t lanes_ = W;
    state_type state_{};
    bool pause_ = false;
    std::unique_ptr<engine> paused_;
};

}  // namespace ctisa::exec
