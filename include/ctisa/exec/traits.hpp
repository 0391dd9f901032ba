// SPDX-License-Identifier: MIT
// The executor contract: what an ISA gives the executor core (exec::machine, exec::compiled) as a
// traits class T of static members. The core owns the rest: the program's storage, the control
// loop, the run overloads, the compiled path's blocks and function table. M below is
// exec::machine<T, W>; View is lane_view<N, Stride, context>; Desc is dynamic_desc<descriptor>
// (the interpreter) or static_desc<d> (the compiled path: is_static_desc<Desc>).
//
// Required (concept executor_traits):
//   instruction, descriptor, layout  the decoded instruction; its pre-resolved form (trivially
//                                    copyable); the program's rows (a member `rows`)
//   default_environment              what run() without an environment uses
//   effects<N>                       what a kernel reports over N lanes (branches, kills)
//   layout_of(program) -> layout
//   describe(program, layout, descriptor* out)    one descriptor an instruction, in order
//   execute(desc, view, active, all, env, lane_info<layout>, effects<N>&)   the kernel of one
//                                    instruction: returns void (the check instantiates no body)
//
// Optional (the default in brackets; who uses it):
//  1 context, context_of(m)          [const void, nullptr] what a view carries besides rows
//                                    (attila, cayman, valhall)
//  2 environment_ref                 [Env&] one type the kernels see, made from any Env&: kernels
//                                    instantiated once per W, not once per Env (all five)
//  3 state<W>, accessors<M>          [none] the ISA's own state in the machine (m.state()) and
//                                    its calls on it (a base of M: set, read...) (all five);
//    default_lanes                   [16] W when not given. Cayman's quirk: its wavefront is 64
//  4 initialize(m), prepare(m, env), finish(m, env, status)   [nothing] after the rows are
//                                    allocated; before every run; after every run (all five;
//                                    finish: ATTILA's quirk, its outputs go to the environment
//                                    at the end of a run, as the simulator hands them on)
//  5 step(m, desc, step_context, env, flow, fx, status, kernel)   [kernel(at_pc, all, fx)] what
//                                    happens around one instruction: predication, then where the
//                                    lanes go (f.taken/target, f.end, f.ended, f.stop) (attila,
//                                    valhall); serves the interpreter and both compiled forms
//  6 straight(d), lane_local(d)      [false, true] may run in the compiled path's blocks: no
//                                    branch, no other lane read outside its block; and computes
//                                    from its own lane only (attila, nvasm, valhall, amdil).
//                                    Valhall's quirk, its 16-lane SIMD rows and large kernels:
//                                    block_lanes [32], inline_block_kernels [true], rows_out
//                                    [rows] (it writes back register rows only)
//  7 values_traits<V>                [none] the value path over rows held as values
//                                    (value_rows.hpp): has_value_kernel(d), execute_values<d>,
//                                    optionally carried_rows, value_run, execute_value_run
//                                    (attila, amdil, nvasm, valhall)
//  8 plain_alu<View>(d)              [nullptr] the interpreter's straight runs: d's kernel when it
//                                    only computes (no branch, end, kill, environment)
//                                    (amdil, cayman, nvasm, valhall)
//  9 flow_of(d), report(d, fx, io), discarded(m, lanes), effects<N>::reset()   structured control
//                                    flow (structure.hpp, concept structured_traits) instead of a
//                                    program counter per lane (amdil, cayman, nvasm); a malformed
//                                    structure stops every run with unbalanced_structure
//
// traits_base names the required types in one line; values_traits<V> gives hook 7.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

#include "../core/error.hpp"
#include "kernel.hpp"
#include "lanes.hpp"
#include "structure.hpp"

namespace ctisa::exec {

// Instructions any one lane may execute in a run before it stops with error_code::step_limit.
inline constexpr std::uint64_t default_step_budget = 1'000'000;

// How a run ended.
struct run_status {
    ctisa::error error{};       // step_limit, bad_branch_target, or what the ISA stopped with
                                // (not_executable...); none when every lane finished
    std::string_view reason{};  // why, when the ISA says more than the error code
    bool paused = false;        // the run stopped at a barrier (machine::pause_at_barriers): run() again
                                // continues it
    [[nodiscard]] bool ok() const noexcept { return !error.failed(); }
};

// Where a kernel's lanes are in the warp: lane `first` of the warp is the view's lane 0; lanes
// [0, lanes) of the warp take part; `live` (view lanes) have not finished.
template <class Layout>
struct lane_info {
    const Layout* layout = nullptr;
    std::size_t first = 0;
    std::size_t lanes = 0;
    const lane_word* live = nullptr;
};

// One instruction about to run, for the ISA's step hook: `view` its lanes' rows, `at_pc` the lanes
// (of the view) standing at it, all of them when `all`; `scratch` is room for View::lanes masks.
template <class View>
struct step_context {
    View view;
    std::uint32_t pc = 0;
    const lane_word* at_pc = nullptr;
    bool all = false;
    const lane_word* live = nullptr;
    std::size_t first = 0;
    std::size_t lanes = 0;
    lane_word* scratch = nullptr;
};

// A straight run's kernel (the optional hook plain_alu): instruction d over the view's lanes of
// `active`, every lane when `all`.
template <class Descriptor, class View>
using plain_kernel = void (*)(const Descriptor& d, const View& v, const lane_word* active, bool all);

template <class T>
concept structured_traits = requires(const typename T::descriptor& d) {
    { T::flow_of(d) } -> std::same_as<flow_op>;
};

// --- the defaults ----------------------------------------------------------------------------

// Each optional type of an ISA's traits is found by a function that returns it, or its default,
// as a std::type_identity: T::context (const void: none).
template <class T>
consteval auto context_of() {
    if constexpr (requires { typename T::context; }) return std::type_identity<typename T::context>{};
    else return std::type_identity<const void>{};
}
template <class T>
using context_t = typename decltype(context_of<T>())::type;

// The environment the kernels see: environment_ref when the ISA has one.
template <class T>
consteval auto kernel_environment_of() {
    if constexpr (requires { typename T::environment_ref; }) return std::type_identity<typename T::environment_ref>{};
    else return std::type_identity<typename T::default_environment>{};
}
template <class T>
using kernel_environment_t = typename decltype(kernel_environment_of<T>())::type;

template <class T>
concept executor_traits =
    requires(std::span<const typename T::instruction> program, const typename T::layout& lay, typename T::descriptor* out) {
        typename T::default_environment;
        typename T::template effects<1>;
        { T::layout_of(program) } -> std::same_as<typename T::layout>;
        T::describe(program, lay, out);
        { lay.rows } -> std::convertible_to<std::uint32_t>;
    } && std::is_trivially_copyable_v<typename T::descriptor> &&
    // The kernel, as the interpreter calls it over one lane: a declaration to match, no body to build.
    requires(const dynamic_desc<typename T::descriptor>& d, const lane_view<1, 1, context_t<T>>& v, const lane_word* active, bool all,
             kernel_environment_t<T>& env, const lane_info<typename T::layout>& at, typename T::template effects<1>& fx) {
        { T::execute(d, v, active, all, env, at, fx) } -> std::same_as<void>;
    };

struct no_state {};
template <class T, std::size_t W>
consteval auto state_of() {
    if constexpr (requires { typename T::template state<W>; }) return std::type_identity<typename T::template state<W>>{};
    else return std::type_identity<no_state>{};
}
template <class T, std::size_t W>
using state_t = typename decltype(state_of<T, W>())::type;

// The ISA's own accessors of a machine M (its register names, its shared state), a base class of
// the machine that reaches it as static_cast<M&>(*this): an ISA writes no machine class of its own.
struct no_accessors {};
// What an ISA's accessors derive from: the machine they are part of.
template <class M>
class accessors_base {
protected:
    M& self() noexcept { return static_cast<M&>(*this); }
    const M& self() const noexcept { return static_cast<const M&>(*this); }
};
template <class T, class M>
consteval auto accessors_of() {
    if constexpr (requires { typename T::template accessors<M>; }) return std::type_identity<typename T::template accessors<M>>{};
    else return std::type_identity<no_accessors>{};
}
template <class T, class M>
using accessors_t = typename decltype(accessors_of<T, M>())::type;

// What an ISA's traits may derive from, to name the types the core asks for in one line and write
// only its semantics below (the optional ones default as above):
//
//   struct traits : ctisa::exec::traits_base<my::instruction, descriptor, layout, default_environment,
//                                             environment_ref, effects, machine_accessors, context> {...};
template <class M>
using no_accessors_for = no_accessors;
template <class Instruction, class Descriptor, class Layout, class DefaultEnvironment, class EnvironmentRef,
          template <std::size_t> class Effects, template <class> class Accessors = no_accessors_for, class Context = const void>
struct traits_base {
    // What a program is to the kernels, and what a kernel reports.
    using instruction = Instruction;
    using descriptor = Descriptor;
    using layout = Layout;
    template <std::size_t N>
    using effects = Effects<N>;
    // What is around it: the world outside the registers, the parse context, the machine's accessors.
    using default_environment = DefaultEnvironment;
    using environment_ref = EnvironmentRef;
    using context = Context;
    template <class M>
    using accessors = Accessors<M>;
};

// The value path's two members (has_value_kernel, execute_values) for an ISA whose kernels over
// row values are a struct Values with static supported(d) and execute<D>(rows):
//
//   struct traits : ctisa::exec::traits_base<...>, ctisa::exec::values_traits<values> {...};
template <class Values>
struct values_traits {
    template <class Descriptor>
    [[nodiscard]] static constexpr bool has_value_kernel(const Descriptor& d) noexcept {
        return Values::supported(d);
    }
    template <auto D, class Rows>
    CTISA_EXEC_INLINE static void execute_values(Rows& rows) noexcept {
        Values::template execute<D>(rows);
    }
    // The optional hooks, when Values has them: the rows a program carries, runs of instructions
    // executed as one kernel (value_run, execute_value_run above).
    template <class Code>
        requires requires(const Code& code) { Values::carried_rows(code); }
    [[nodiscard]] static constexpr std::size_t carried_rows(const Code& code) noexcept {
        return Values::carried_rows(code);
    }
    template <class Code>
        requires requires(const Code& code) { Values::value_run(code, std::size_t{0}); }
    [[nodiscard]] static constexpr std::size_t value_run(const Code& code, std::size_t i) noexcept {
        return Values::value_run(code, i);
    }
    template <const auto& Code, std::size_t I, std::size_t N, class Rows, std::size_t G>
    CTISA_EXEC_INLINE static void execute_value_run(Rows (&rows)[G]) noexcept {
        Values::template execute_run<Code, I, N>(rows);
    }
};

template <class T>
[[nodiscard]] consteval std::size_t default_lanes_of() {
    if constexpr (requires { T::default_lanes; }) return T::default_lanes;
    else return 16;
}
template <class T>
[[nodiscard]] consteval std::size_t block_lanes_of() {
    if constexpr (requires { T::block_lanes; }) return T::block_lanes;
    else return 32;
}
template <class T>
[[nodiscard]] constexpr bool straight_of(const typename T::descriptor& d) {
    if constexpr (requires { T::straight(d); }) return T::straight(d);
    else return (void)d, false;
}
template <class T>
[[nodiscard]] consteval bool inline_block_kernels_of() {
    if constexpr (requires { T::inline_block_kernels; }) return T::inline_block_kernels;
    else return true;
}
template <class T>
[[nodiscard]] constexpr bool lane_local_of(const typename T::descriptor& d) {
    if constexpr (requires { T::lane_local(d); }) return T::lane_local(d);
    else return (void)d, true;
}
// Whether instruction d has a kernel over row values (ctisa/exec/value_rows.hpp).
template <class T>
[[nodiscard]] constexpr bool value_kernel_of(const typename T::descriptor& d) {
    if constexpr (requires { T::has_value_kernel(d); }) return T::has_value_kernel(d);
    else return (void)d, false;
}
// The length of the run of value kernels the traits execute as one from instruction i (0: none).
template <class T>
[[nodiscard]] constexpr std::size_t value_run_of(std::span<const typename T::descriptor> code, std::size_t i) {
    if constexpr (requires { T::value_run(code, i); }) return T::value_run(code, i);
    else return (void)code, (void)i, std::size_t{0};
}
// Its kernel. A function of its own so that the call depends on the step's template arguments:
// Clang looks up a member of a known T even in a discarded branch, and most traits have none.
template <class T, const auto& Code, std::size_t I, std::size_t N, class Rows, std::size_t G>
CTISA_EXEC_INLINE void execute_value_run_of(Rows (&rows)[G]) noexcept {
    T::template execute_value_run<Code, I, N>(rows);
}
template <class T>
[[nodiscard]] constexpr std::uint32_t rows_out_of(const typename T::layout& lay) {
    if constexpr (requires { T::rows_out(lay); }) return T::rows_out(lay);
    else return lay.rows;
}

}  // namespace ctisa::exec
