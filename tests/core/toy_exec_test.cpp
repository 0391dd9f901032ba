// SPDX-License-Identifier: MIT
// The toy ISA's semantics (toy/semantics.hpp) on the generic machine with structured control
// flow: divergent loops and ifs, the compiled path bit-identical to the interpreter, partial
// warps, the step budget, and a malformed structure. Expected values are computed lane by lane
// in plain C++.
#include <catch2/catch.hpp>

#include <cstdint>
#include <span>
#include <vector>

#include "toy/semantics.hpp"

namespace {

using ctisa::error_code;
namespace ts = toy::semantics;

// r1 = 1 + 2 + ... + r0, counting r0 down to zero; lanes leave the loop after r0 iterations.
// Odd sums get 1000 added, under an if nested in the loop's exit path.
constexpr auto sum_program = ctisa::assemble<toy::isa, R"(toy 1;
decl r0; decl r1; decl r2; decl r3; decl r4;
li r1, 0; li r2, 1; li r3, 0xFFFFFFFF;
loop;
  if r0;
    add r1, r1, r0; add r0, r0, r3;
  else;
    break r2;
  endif;
endloop;
clause 2; add r4, r1, r1; mov r4, r4;   # a clause runs where it stands
li r4, 0;
end;
)">();

std::uint32_t expected_sum(std::uint32_t n) {
    std::uint32_t s = 0;
    for (std::uint32_t k = 1; k <= n; ++k) s += k;
    return s;
}

template <class Machine>
void set_counts(Machine& m, std::size_t lanes) {
    for (std::size_t l = 0; l < lanes; ++l) m.row(0)[l] = static_cast<std::uint32_t>(3 * l % 7);
}

// The executor contract checks the kernel: traits without execute, or with one the interpreter
// cannot call (here one that takes no effects), are not executor traits.
struct without_kernel {
    using instruction = ts::traits::instruction;
    using descriptor = ts::traits::descriptor;
    using layout = ts::traits::layout;
    using default_environment = ts::traits::default_environment;
    template <std::size_t N>
    using effects = ts::traits::effects<N>;
    static constexpr layout layout_of(std::span<const instruction> p) { return ts::traits::layout_of(p); }
    static constexpr void describe(std::span<const instruction> p, const layout& l, descriptor* out) { ts::traits::describe(p, l, out); }
};
struct with_wrong_kernel : without_kernel {
    template <class Desc, class View, class Env, class Info>
    static void execute(const Desc&, const View&, const ctisa::exec::lane_word*, bool, Env&, const Info&) {}
};
struct with_kernel : without_kernel {
    template <class Desc, class View, class Env, class Info, class Fx>
    static void execute(const Desc&, const View&, const ctisa::exec::lane_word*, bool, Env&, const Info&, Fx&) {}
};

}  // namespace

TEST_CASE("executor contract: the kernel execute is required, in the interpreter's shape", "[contract][exec]") {
    STATIC_REQUIRE(ctisa::exec::executor_traits<ts::traits>);
    STATIC_REQUIRE(ctisa::exec::executor_traits<with_kernel>);
    STATIC_REQUIRE_FALSE(ctisa::exec::executor_traits<without_kernel>);
    STATIC_REQUIRE_FALSE(ctisa::exec::executor_traits<with_wrong_kernel>);
}

TEST_CASE("toy executor: divergent loops on the structured engine", "[contract][exec]") {
    ts::machine<8> m(sum_program.instructions);
    set_counts(m, 8);
    const auto status = m.run();
    REQUIRE(status.ok());
    for (std::size_t l = 0; l < 8; ++l) {
        CHECK(m.row(1)[l] == expected_sum(static_cast<std::uint32_t>(3 * l % 7)));
        CHECK(m.row(0)[l] == 0);
        CHECK(m.row(4)[l] == 0);
    }
}

TEST_CASE("toy executor: the compiled path is bit-identical to the interpreter", "[contract][exec]") {
    ts::machine<16> interpreted(sum_program.instructions), compiled(sum_program.instructions);
    set_counts(interpreted, 16);
    set_counts(compiled, 16);
    REQUIRE(interpreted.run().ok());
    REQUIRE(ts::compiled<sum_program, 16>::run(compiled).ok());
    for (std::uint32_t r = 0; r < 5; ++r)
        for (std::size_t l = 0; l < 16; ++l) CHECK(interpreted.row(r)[l] == compiled.row(r)[l]);
}

TEST_CASE("toy executor: a partial warp leaves the other lanes alone", "[contract][exec]") {
    ts::machine<8> m(sum_program.instructions, 5);
    set_counts(m, 8);
    REQUIRE(m.run().ok());
    for (std::size_t l = 0; l < 8; ++l) CHECK(m.row(1)[l] == (l < 5 ? expected_sum(static_cast<std::uint32_t>(3 * l % 7)) : 0u));
}

TEST_CASE("toy executor: the step budget stops a loop no lane leaves", "[contract][exec]") {
    constexpr auto forever = ctisa::assemble<toy::isa, "toy 1; loop; nop; endloop; end;">();
    ts::machine<4> m(forever.instructions);
    const auto status = m.run(1000);
    CHECK(status.error.code == error_code::step_limit);
}

TEST_CASE("toy executor: a malformed structure stops every run at once", "[contract][exec]") {
    // Built without the assembler (which would refuse it): an else outside any if.
    std::vector<toy::instruction> program(3);
    program[0].code = toy::op::header;
    program[1].code = toy::op::else_;
    program[2].code = toy::op::end;
    ts::machine<4> m(program);
    const auto status = m.run();
    CHECK(status.error.code == error_code::unbalanced_structure);
    CHECK(status.error.offset == 1);
}
