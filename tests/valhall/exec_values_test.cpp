// SPDX-License-Identifier: MIT
// The compiled path over row values (values.hpp) gives the interpreter's results bit for bit: a
// straight program of only the instructions with value kernels (every clamp, abs/neg/not, byte and
// half selects, FMA.v2f16 on uniform sources under every clamp, results that are sources), full and
// partial warps, and a budget shorter than the program (the row kernels then). Inputs mix zeros, infinities, NaNs and subnormals (paths::fill).
// FMA.v2f16 chains kept in halves (values::value_run) on every triple of the [fma16] tests' edge
// halves under every clamp, and chains broken where an intermediate result is seen; the rows a
// program carries (values::carried_rows).
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

// Thirteen rows carried (r16-r28 written, then read): a block of one register a row.
constexpr auto many_rows = paths::va::assemble<R"(
FADD.f32 r16, r0, r1
FADD.f32 r17, r1, r2
FADD.f32 r18, r2, r0
FADD.f32 r19, r0, r1
FADD.f32 r20, r1, r2
FADD.f32 r21, r2, r0
FADD.f32 r22, r0, r1
FADD.f32 r23, r1, r2
FADD.f32 r24, r2, r0
FADD.f32 r25, r0, r1
FADD.f32 r26, r1, r2
FADD.f32 r27, r2, r0
FADD.f32 r28, r0, r1
IADD.u32 r29, r16, r17
IADD.u32 r30, r17, r18
IADD.u32 r31, r18, r19
IADD.u32 r32, r19, r20
IADD.u32 r33, r20, r21
IADD.u32 r34, r21, r22
IADD.u32 r35, r22, r23
IADD.u32 r36, r23, r24
IADD.u32 r37, r24, r25
IADD.u32 r38, r25, r26
IADD.u32 r39, r26, r27
IADD.u32 r40, r27, r28
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

// Runs of FMA.v2f16 on one register (values::value_run): one per clamp, each first link reading
// other registers (every edge triple), the later ones uniform or per-lane sources and selects.
constexpr auto fma16_chains = paths::va::assemble<R"(
FMA.v2f16 r3, r0, r1, r2
FMA.v2f16.clamp_0_inf r3, r3, u3, u2.h10
FMA.v2f16 r3, r3, r2.h10, r1
FMA.v2f16.clamp_0_inf r4, r0, r1, r2
FMA.v2f16 r4, r4, r1.h10, u3
FMA.v2f16.clamp_m1_1 r5, r0, r1, r2
FMA.v2f16.clamp_m1_1 r5, r5, r2, r1
FMA.v2f16.clamp_0_1 r6, r0, r1, r2
FMA.v2f16.clamp_0_1 r6, r6, u2, r2.neg
)">();

// Chains broken: an intermediate result a MOV reads, a link reading its register as the addend
// too, a link writing another register, first sources with a modifier or a select.
constexpr auto fma16_breaks = paths::va::assemble<R"(
FMA.v2f16 r3, r0, r1, r2
FMA.v2f16 r3, r3, u3, u2
MOV.i32 r7, r3
FMA.v2f16 r3, r3, r1, r2
FMA.v2f16 r3, r3, r1, r3
FMA.v2f16 r8, r3, r1, r2
FMA.v2f16 r8, r8, u3, u3
FMA.v2f16 r8, r8.neg, r1, r2
FMA.v2f16 r8, r8.h10, u3, r2
FADD.f32 r9, r8, r3
)">();

// The benchmark's program, shortened: one register carried of its four rows (zeros, r0, u2, u3).
constexpr auto fma16_bench = paths::va::assemble<R"(
FMA.v2f16 r0, r0, u2.h10, u3
FMA.v2f16 r0, r0, u2.h10, u3
FMA.v2f16 r0, r0, u2.h10, u3
)">();

template <auto Program>
consteval auto descriptors() {
    using traits = paths::vx::traits;
    std::array<traits::descriptor, Program.instructions.size()> d{};
    traits::describe(Program.instructions, traits::layout_of(Program.instructions), d.data());
    return d;
}

// The value path's steps as the compiled block takes them: a run's length, 0 for one instruction.
template <auto Program, std::size_t N>
consteval auto value_steps() {
    constexpr auto d = descriptors<Program>();
    std::array<std::size_t, N> out{};
    std::size_t s = 0;
    for (std::size_t i = 0; i < d.size() && s < N; ++s) {
        out[s] = paths::vx::traits::value_run(d, i);
        i += out[s] ? out[s] : 1;
    }
    return out;
}

// The halves the [fma16] tests take as edges: zeros, subnormals, the normal range's ends, around
// one, the largest finite, infinities, NaNs.
constexpr std::uint16_t edges[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x83FF, 0x0400, 0x8400, 0x0401, 0x2400,
                                   0x3555, 0x3BFF, 0x3C00, 0xBC00, 0x3C01, 0xBC01, 0x4000, 0x5BFF, 0x7BFE, 0x7BFF,
                                   0xFBFF, 0x7C00, 0xFC00, 0x7C01, 0x7E00, 0xFE00, 0x7FFF, 0x1000, 0x9000, 0x0200};
constexpr std::size_t edge_count = std::size(edges), triples = edge_count * edge_count * edge_count;

// Every triple of edges in r0, r1, r2 (a lane's low halves triple t, its high halves another),
// `lanes` of a W-lane warp at a time, through the interpreter and the compiled path: the number of
// registers and lanes where they differ (the first reported).
template <auto Program, std::size_t W>
std::size_t edge_mismatches(std::size_t lanes) {
    std::size_t mismatches = 0;
    for (std::size_t first = 0; first < triples; first += lanes) {
        paths::vx::machine<W> a(Program.instructions, lanes), b(Program.instructions, lanes);
        for (auto* m : {&a, &b}) {
            for (std::size_t l = 0; l < W; ++l) {
                const std::size_t lo = (first + l) % triples, hi = (first + l + triples / 2 + 7) % triples;
                for (unsigned r = 0; r < 3; ++r) {
                    const std::size_t step = r == 0 ? edge_count * edge_count : r == 1 ? edge_count : 1;
                    const std::uint32_t h0 = edges[lo / step % edge_count], h1 = edges[hi / step % edge_count];
                    m->set(r, l, h0 | h1 << 16);
                }
            }
            m->set_uniform(2, 0x7C003C01u);  // (1 + 2^-10, infinity)
            m->set_uniform(3, 0x80017BFFu);  // (the largest finite, -the smallest subnormal)
        }
        const auto ra = a.run();
        const auto rb = paths::vx::compiled<Program, W>::run(b);
        CHECK(ra.error.code == rb.error.code);
        for (unsigned r = 0; r < paths::va::register_count; ++r)
            for (std::size_t l = 0; l < W; ++l)
                if (a.read(r, l) != b.read(r, l) && mismatches++ == 0)
                    FAIL_CHECK("W " << W << " first " << first << " r" << r << " lane " << l << ": interpreter " << std::hex << a.read(r, l)
                                    << ", compiled " << b.read(r, l));
    }
    return mismatches;
}

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
                   paths::vx::compiled<values_test::many_rows, 64>::value_block_lanes);
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        paths::compare<values_test::by_value, 16>(seed);
        paths::compare<values_test::by_value, 64>(seed);
        paths::compare<values_test::few_rows, 64>(seed);
        paths::compare<values_test::many_rows, 64>(seed);
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

TEST_CASE("FMA.v2f16 chains kept in halves agree with the interpreter on every edge triple", "[valhall][exec][paths]") {
    STATIC_REQUIRE(values_test::value_steps<values_test::fma16_chains, 4>() == std::array<std::size_t, 4>{3, 2, 2, 2});
    STATIC_REQUIRE(values_test::value_steps<values_test::fma16_breaks, 8>() == std::array<std::size_t, 8>{2, 0, 1, 1, 2, 1, 1, 0});
    STATIC_REQUIRE(paths::vx::compiled<values_test::fma16_chains, 64>::runs_on_values);
    STATIC_REQUIRE(paths::vx::compiled<values_test::fma16_breaks, 64>::runs_on_values);
    CHECK(values_test::edge_mismatches<values_test::fma16_chains, 64>(64) == 0);
    CHECK(values_test::edge_mismatches<values_test::fma16_chains, 16>(16) == 0);
    CHECK(values_test::edge_mismatches<values_test::fma16_breaks, 64>(64) == 0);
    CHECK(values_test::edge_mismatches<values_test::fma16_chains, 64>(37) == 0);  // a partial warp
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        paths::compare<values_test::fma16_breaks, 16>(seed);
        paths::compare<values_test::fma16_breaks, 64>(seed);
    }
}

TEST_CASE("a block of the value path holds the rows a program carries", "[valhall][exec][paths]") {
    using traits = paths::vx::traits;
    STATIC_REQUIRE(traits::layout_of(values_test::fma16_bench.instructions).rows == 4);
    STATIC_REQUIRE(traits::carried_rows(values_test::descriptors<values_test::fma16_bench>()) == 1);
    // r3 is read after the run ends (FADD) and within it; r8 by the next links and the FADD; r7
    // is only written.
    STATIC_REQUIRE(traits::carried_rows(values_test::descriptors<values_test::fma16_breaks>()) == 2);
    STATIC_REQUIRE(traits::carried_rows(values_test::descriptors<values_test::few_rows>()) == 1);
    STATIC_REQUIRE(traits::carried_rows(values_test::descriptors<values_test::many_rows>()) == 13);
}
