// SPDX-License-Identifier: MIT
// What an ISA gives the executor core (ctisa::exec::machine, ctisa::exec::compiled): a traits
// class T with static members. The core owns everything that is not a fact about one ISA: the
// program's storage, the control loop, the run overloads, the block path and the function table of
// the compiled path. The ISA keeps its semantics, its register layout and its environment.
//
// Required (checked by the concept executor_traits below):
//
//   using instruction = ...;          // the decoded instruction (an ISA's instruction struct)
//   using descriptor  = ...;          // a pre-resolved instruction: literal type, rows resolved
//   using layout      = ...;          // the program's rows; has a member `rows` (the row count)
//   using default_environment = ...;  // what run() without an environment uses
//   template <std::size_t N> using effects = ...;  // what a kernel reports over N lanes (branches,
//                                                   // kills...): default-constructible, reset by step
//   static constexpr layout layout_of(std::span<const instruction>);
//   static constexpr void describe(std::span<const instruction>, const layout&, descriptor* out);
//                                      // one descriptor per instruction, in order
//   template <class Desc, class View, class Env>
//   static void execute(const Desc&, const View&, const lane_word* active, bool all_active, Env&,
//                       const lane_info<layout>&, effects<View::lanes>&);
//                                      // the kernel of one instruction. Desc is dynamic_desc<descriptor>
//                                      // (the interpreter: dispatch on the opcode at run time) or
//                                      // static_desc<D> (the compiled path: dispatch at compile time,
//                                      // is_static_desc<Desc> tells). View is lane_view<N, Stride, context>.
//
// Optional, with the default in brackets:
//
//   using context = ...;                  [const void] what lane views carry besides rows
//   using environment_ref = ...;          [none]  constructible from any Env&, with the calls the
//                                      kernels make: the interpreter's kernels then see only this
//                                      type and are instantiated once per W, not once per Env
//   static context* context_of(M& m);     [nullptr]    for each run, from the machine
//   template <std::size_t W> struct state;  [empty]    the ISA's own state in the machine (constants,
//                                                       kills...): m.state()
//   template <class M> class accessors;   [none]     what users call on the ISA's machine besides run
//                                                       (set, read, ...): a base of the machine M
//   static constexpr std::size_t default_lanes;  [16]  machine<> without W (a Valhall warp; quads
//                                                       and 16-lane subgroups whole)
//   static constexpr std::size_t block_lanes;    [32]  the most lanes of a block of the compiled path
//   static constexpr bool straight(const descriptor&);  [false]  may run in the block path: every
//                                      lane runs it, it does not branch, and it reads no other lane
//                                      outside its block. A program made only of these runs in blocks.
//   static constexpr bool inline_block_kernels;  [true]  inline each instruction's kernel into
//                                      the compiled block (rows stay in registers across small
//                                      kernels); false: one function an instruction (its
//                                      block step too, never inlined into the block loop)
//   static constexpr bool lane_local(const descriptor&);  [true]  computes each lane from that lane's
//                                      rows only and calls nothing (no environment, no kill): a
//                                      partial warp of such a straight program runs in blocks too
//   static constexpr std::uint32_t rows_out(const layout&);  [rows]  rows [0, rows_out) may be
//                                      written; the block path copies back only those
//   static constexpr bool has_value_kernel(const descriptor&);  [false]  d computes on row values
//                                      (value_rows.hpp), needs no step hook (no predication, end,
//                                      kill) and reads only its own lanes; a straight program made
//                                      only of these runs on rows held as values:
//   template <descriptor D, class Rows> static void execute_values(Rows& rows);  its kernel
//                                      (both from values_traits<Values> below)
//   static constexpr std::size_t value_run(std::span<const descriptor> code, std::size_t i);
//                                      [0]  on the value path, the length of a run of instructions
//                                      from i that one kernel executes over every register of a
//                                      block at once (e.g. a chain kept in another representation
//                                      from link to link), 0 when none starts at i:
//   template <const auto& Code, std::size_t I, std::size_t N, class Rows, std::size_t G>
//   static void execute_value_run(Rows (&rows)[G]);  its kernel: instructions [I, I + N) of Code
//   static constexpr std::size_t carried_rows(std::span<const descriptor> code);
//                                      [every row]  the rows a value block keeps in registers
//                                      (exec/loose_nan.hpp carried_rows); these three from
//                                      values_traits<Values> when Values has value_run,
//                                      execute_run and carried_rows
//   template <class View> static plain_kernel<descriptor, View> plain_alu(const descriptor& d);
//                                      [none]  for the interpreter's straight runs (one engine step
//                                      for a stretch of such instructions, exec/machine.hpp): the
//                                      kernel of d over View's lanes when d is ordinary arithmetic
//                                      whose kernel is all the step hook would do and which reports
//                                      nothing (no branch, end, kill, flow, environment), else
//                                      nullptr. Asked once per instruction when the machine is
//                                      built; a run calls the kernel it gave, with no dispatch.
//   static void initialize(M& m);         [nothing]  after the machine allocated its rows (zeros)
//   static void prepare(M& m, Env& env);  [nothing]  before every run
//   static run_status finish(M& m, Env& env, run_status);  [unchanged]  after every run
//   static void step(M& m, const Desc&, const step_context<View>&, Env&, flow<N>&, effects<N>&,
//                    run_status&, Kernel&& kernel);
//                                          [kernel(c.at_pc, c.all, fx)]  what the ISA does around
//                                      one instruction: reset fx, compute the lanes that execute
//                                      (predication), call kernel(active, all_active, fx), then tell
//                                      the loop where lanes go (f.taken/target, f.end, f.ended, f.stop).
//                                      The same hook serves the interpreter, the compiled function
//                                      table and the compiled blocks (there f.end ends the block).
//
// Structured control flow (if/else/endif, loops, calls, switch: exec/structured.hpp) instead of a
// program counter per lane, for ISAs whose branches are blocks (concept structured_traits):
//   static constexpr flow_op flow_of(const descriptor&);   the instruction's place in the blocks
//   template <std::size_t N> static void report(const descriptor&, const effects<N>&, step_io<N>&);
//                                      what its kernel decided: the lanes taking an if or a break,
//                                      loop counts, switch selectors, kills, a jump
//   static void discarded(M& m, const lane_mask<W>&);  [nothing]  the lanes the run discarded
//   effects<N>::reset()                  [fx = effects{}]  before each step: clears what report
//                                      reads, for effects whose lane arrays are written whole
//                                      whenever their flag is set (zeroing them cost a memset a step)
// The program's structure is matched when the machine is built; a malformed one makes every run
// stop at once with unbalanced_structure (the instruction index in `offset`).
//
// M is ctisa::exec::machine<T, W>: rows through m.row(r), m.registers(), m.program(), m.state(),
// m.active_lanes().
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

template <class T>
concept executor_traits =
    requires(std::span<const typename T::instruction> program, const typename T::layout& lay, typename T::descriptor* out) {
        typename T::default_environment;
        typename T::template effects<1>;
        { T::layout_of(program) } -> std::same_as<typename T::layout>;
        T::describe(program, lay, out);
        { lay.rows } -> std::convertible_to<std::uint32_t>;
    } && std::is_trivially_copyable_v<typename T::descriptor>;

// --- the defaults ----------------------------------------------------------------------------

template <class T>
struct context_of_traits {
    using type = const void;
};
template <class T>
    requires requires { typename T::context; }
struct context_of_traits<T> {
    using type = typename T::context;
};
template <class T>
using context_t = typename context_of_traits<T>::type;

struct no_state {};
template <class T, std::size_t W>
struct state_of_traits {
    using type = no_state;
};
template <class T, std::size_t W>
    requires requires { typename T::template state<W>; }
struct state_of_traits<T, W> {
    using type = typename T::template state<W>;
};
template <class T, std::size_t W>
using state_t = typename state_of_traits<T, W>::type;

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
struct accessors_of_traits {
    using type = no_accessors;
};
template <class T, class M>
    requires requires { typename T::template accessors<M>; }
struct accessors_of_traits<T, M> {
    using type = typename T::template accessors<M>;
};
template <class T, class M>
using accessors_t = typename accessors_of_traits<T, M>::type;

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
    using instruction = Instruction;
    using descriptor = Descriptor;
    using layout = Layout;
    using default_environment = DefaultEnvironment;
    using environment_ref = EnvironmentRef;
    using context = Context;
    template <std::size_t N>
    using effects = Effects<N>;
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
