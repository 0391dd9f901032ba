// SPDX-License-Identifier: MIT
// The compiled path over row values (values.hpp) gives the interpreter's results bit for bit: a
// straight program of only the instructions with value kernels (every clamp, abs/neg/not, byte and
// half selects, FMA.v2f16 on uniform sources under every clamp, results that are sources), full and
// partial warps, and a budget shorter than the program (the row kernels then). Inputs mix zeros, infinities, NaNs and subnormals (paths::fill).
#include "exec_paths.hpp"

namespace values_test {

constexpr auto by_value = paths::va::assemble<R"(
FMA.f32 r16, r0, r1, r2
FMA.f32.clamp_0_1 r17, r0.neg, r1.abs, u1
FMA.f32.clamp_m1_1 r18, r1, r2, r0
FMA.f32.clamp_0_inf r19, r2, u2, r1.neg
FADD.f32 r20, r0, r1.neg
FADD.f32.clamp_0_1 r21, r0.abs, r2
FMA.v2f16 r22, r3, r4.h10, r5
FMA.v2f16.clamp_0_1 r23, r3.neg, r4, r5.h00
MOV.i32 r24, r6
IADD.u32 r25, r6, r7
IADD.s32 r26, r6, r7.b3
ISUB.u32 r27, r6, r8.h1
ISUB.s32 r28, r8, r9
IMUL.i32 r29, r6, r7
IMUL.s32 r30, r6.h0, r9
LSHIFT_AND.i32 r31, r6, u0, r7.not
RSHIFT_OR.i32.not_result r32, r7, r8, r9
LSHIFT_XOR.i32 r33, r8, r10, r9
RSHIFT_XOR.i32 r34, r9, u0, r10
RSHIFT_AND.i32 r35, r10, u0, r11
LSHIFT_OR.i32 r36, r11, r12, r12
FMA.f32 r0, r0, u2, u3
FMA.f32 r0, r0, r0, r1
IADD.u32 r6, r6, r6
FMA.v2f16 r3, r3, u3, u3
FMA.v2f16.clamp_m1_1 r37, r3, u3.h10, r4
FMA.v2f16.clamp_0_inf r38, r4.abs, r5, u2.h11
FMA.v2f16.clamp_0_1 r39, r5, u2.neg, u3
FADD.f32 r1, r1, r0
)">();

// Three rows (zeros, r0, u0): a block of the value path holds several registers a row.
constexpr auto few_rows = paths::va::assemble<R"(
FMA.f32 r0, r0, u0, r0
IADD.u32 r0, r0, u0
FMA.f32.clamp_m1_1 r0, r0.neg, r0, u0
LSHIFT_XOR.i32 r0, r0, u0, r0
FMA.v2f16 r0, r0, u0.h10, r0
IMUL.i32 r0, r0.b1, r0
RSHIFT_OR.i32.not_result r0, r0, u0, r0
FADD.f32 r0, r0, u0
)">();

// NaNs through a chain (inf * 0, NaN inputs, negated NaNs: bits other than the default NaN's):
// results only float arithmetic reads before they are written again keep the host's NaN
// (values::mark); a result a MOV reads, or one left at the end, is made the default NaN.
constexpr auto nan_chain = paths::va::assemble<R"(
FMA.f32 r16, r0, r1, r2
FMA.f32 r16, r16.neg, r2, r0
FADD.f32 r17, r16.abs, r1
FMA.f32.clamp_0_1 r17, r17, r16, u1
FMA.f32 r18, r16, r0, r16
MOV.i32 r19, r18
FMA.f32 r16, r18, u2, r17.neg
)">();

// The loose marks of a program's descriptors, in order.
template <auto Program>
consteval auto loose_marks() {
    using traits = paths::vx::traits;
    constexpr std::size_t n = Program.instructions.size();
    std::array<traits::descriptor, n> d{};
    traits::describe(Program.instructions, traits::layout_of(Program.instructions), d.data());
    std::array<bool, n> out{};
    for (std::size_t i = 0; i < n; ++i) out[i] = d[i].loose_nan;
    return out;
}

}  // namespace values_test

TEST_CASE("the compiled path over row values agrees with the interpreter", "[valhall][exec][paths]") {
    STATIC_REQUIRE(paths::vx::compiled<values_test::by_value, 16>::runs_on_values);
    STATIC_REQUIRE(paths::vx::compiled<values_test::by_value, 64>::runs_on_values);
    STATIC_REQUIRE(!paths::vx::compiled<paths::int_program, 64>::runs_on_values);  // CLPER, 64-bit...: the row kernels
    STATIC_REQUIRE(paths::vx::compiled<values_test::few_rows, 64>::runs_on_values);
    STATIC_REQUIRE(paths::vx::compiled<values_test::few_rows, 64>::value_block_lanes >
                   paths::vx::compiled<values_test::by_value, 64>::value_block_lanes);
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        paths::compare<values_test::by_value, 16>(seed);
        paths::compare<values_test::by_value, 64>(seed);
        paths::compare<values_test::few_rows, 64>(seed);
    }
    paths::compare<values_test::few_rows, 64>(9, 41);  // a partial warp in a block of several registers
    paths::compare<values_test::by_value, 64>(9, 37);      // a partial warp: lanes beyond it untouched
    paths::compare<values_test::by_value, 16>(9, 16, 10);  // the budget ends the run after 10 instructions
}

TEST_CASE("NaNs through a chain: loose results only where no bit of them is seen", "[valhall][exec][paths]") {
    STATIC_REQUIRE(values_test::loose_marks<values_test::nan_chain>() == std::array{true, true, true, false, false, false, false});
    STATIC_REQUIRE(paths::vx::compiled<values_test::nan_chain, 64>::runs_on_values);
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        paths::compare<values_test::nan_chain, 16>(seed);
        paths::compare<values_test::nan_chain, 64>(seed);
    }
}
