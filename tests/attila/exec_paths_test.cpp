// SPDX-License-Identifier: MIT
// The interpreter and the compiled path give bit-identical results: every opcode (straight-line
// program, run in blocks of lanes) and control flow (a program with jumps), over several warp widths.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <ctisa/attila/executor.hpp>

namespace at = ctisa::attila;
namespace ex = ctisa::attila::exec;
using at::bank;

namespace {
constexpr auto straight = at::assemble<R"(
mov r0, i0
mad r1, r0, c0, -c1.yxzw
dp4 r2.x, r1, i1
dp3 r2.y, |r1|, c2
dph_sat r2.zw, r1.wzyx, c0
rcp r3.x, r2.x
rsq r3.y, r2.y
ex2 r3.z, r0.x
lg2 r3.w, |r1.y|
sge r4, r0, r1
slt r5, r0, c1
min r4.xy, r4, r3
max r5.zw, r5, -r3
cmp r6, r1, r0, r3
frc r7, r1
flr r8, r1
lit r9, r1
dst r10, r1, r0
exp r11, r0.y
log r12, r1.z
sin r13.x, r0.z
cos r13.y, r0.z
addi r14, r0, 3
muli r15, r0, c3
arl a0, r1
mov r16, c4[a0.x + 2]
setpgt p0, r0.x, c1.x
stpeqi p1, a0.y, 1
andp !p2, p0, !p1
(p2) add r17, r0, 0.5
(!p0) mul r17.yz, r17, 1e1
fxmul r18, r0, c0
fxmad r18, r1, c1, c2
fxmad2 r19, r0, r1, r2
fxmad r19, r0, r0, r0
ddx r20, r1
ddy r21, r1
tex r22, r1, t0
txp r23, r1, t1
add_sat o0, r2, r3
mov o1, r4
mov o2, r5
mov o3, r6
mov o4, r7
mov o5, r8
mov o6, r9
mov o7, r10
mov o8, r11
mov o9, r12
mov o10, r13
mov o11, r14
mov o12, r15
mov o13, r16
mov o14, r17
mov o15, r18
mov o16, r19
mov o17, r20
mov o18, r21
mov o19, r22
mov o20, r23
end
)">();

constexpr auto looping = at::assemble<R"(
mov r0, c0.x
arl a0.x, i0.x
setplt p0, r0.x, i0.x
jmp !p0, 4
add r0, r0, c2
(p0) add r1, r1, c2
jmp true, -4
mov o0, r0
mov o1, r1
kil -i0.y
)">();

// Only instructions with kernels over row values (the compiled path keeps the rows in registers):
// swizzles, modifiers, masks, a result that is also a swizzled source, immediates, dot products.
constexpr auto by_value = at::assemble<R"(
mov r0, i0
mad r1, r0, c0, -c1.yxzw
mul r1.xz, |r1|, -r0.wzyx
add r0, r0.yzwx, r1
mov r0.yw, r0.xxzz
dp4 r2.x, r1, i1
dp3 r2.yw, -|r0|, c2
add r3, r2, 0.5
mad r3, r3, r2.wzyx, c1
add r3.w, r3, -r3.x
mov o0, r0
mov o1, r1
mov o2, r2
mov o3, r3
)">();

template <auto Program, std::size_t W>
void compare_paths(std::uint32_t seed, std::size_t lanes = W, unsigned outputs = 21) {
    std::vector<at::instruction> code(Program.instructions.begin(), Program.instructions.end());
    ex::machine<W> a(code, lanes), b(code, lanes);
    std::uint32_t s = seed;
    auto next = [&] {
        s = s * 1664525u + 1013904223u;
        return static_cast<float>(static_cast<int>(s >> 16) % 2000 - 1000) / 100.0f;
    };
    for (std::size_t l = 0; l < W; ++l)
        for (unsigned reg = 0; reg < 2; ++reg) {
            const ex::vec4 v{next(), next(), next(), next()};
            a.set_input(l, reg, v);
            b.set_input(l, reg, v);
        }
    for (unsigned c = 0; c < 8; ++c) {
        const ex::vec4 v{next(), next(), next(), next()};
        a.set_constant(c, v);
        b.set_constant(c, v);
    }
    a.set_constant(1, ex::vec4{0.5f, 0.25f, 0.125f, 2});
    b.set_constant(1, ex::vec4{0.5f, 0.25f, 0.125f, 2});
    a.set_constant(2, ex::vec4{1, 1, 1, 1});  // loops count up by one: they end
    b.set_constant(2, ex::vec4{1, 1, 1, 1});
    const auto ra = a.run();
    const auto rb = ex::compiled<Program, W>::run(b);
    CHECK(ra.error.code == rb.error.code);
    for (std::size_t l = 0; l < W; ++l) {
        CHECK(a.killed(l) == b.killed(l));
        for (unsigned o = 0; o < outputs; ++o) {
            INFO("lane " << l << " o" << o);
            CHECK(a.read(bank::out, o, l) == b.read(bank::out, o, l));
        }
    }
}
}  // namespace

TEST_CASE("the interpreter and the compiled path agree bit for bit", "[attila][exec]") {
    for (std::uint32_t seed = 1; seed <= 5; ++seed) {
        compare_paths<straight, 1>(seed);
        compare_paths<straight, 4>(seed);
        compare_paths<straight, 64>(seed);
        compare_paths<straight, 40>(seed);
        compare_paths<looping, 4>(seed);
        compare_paths<looping, 64>(seed);
    }
}

TEST_CASE("the compiled path over row values agrees with the interpreter", "[attila][exec]") {
    STATIC_REQUIRE(ex::compiled<by_value, 16>::runs_on_values);
    STATIC_REQUIRE(ex::compiled<by_value, 64>::runs_on_values);
    STATIC_REQUIRE(!ex::compiled<straight, 64>::runs_on_values);  // RCP, TEX...: the row kernels
    for (std::uint32_t seed = 1; seed <= 5; ++seed) {
        compare_paths<by_value, 4>(seed, 4, 4);
        compare_paths<by_value, 16>(seed, 16, 4);
        compare_paths<by_value, 64>(seed, 64, 4);
        compare_paths<by_value, 64>(seed, 37, 4);  // a partial warp: lanes beyond it untouched
    }
    // A step budget shorter than the program: the row kernels' path, which stops at the limit.
    ex::machine<16> a(by_value.instructions), b(by_value.instructions);
    CHECK(a.run(3).error.code == ctisa::error_code::step_limit);
    CHECK(ex::compiled<by_value, 16>::run(b, 3).error.code == ctisa::error_code::step_limit);
}

namespace {
// Supplies i0 = (lane, 1, 2, 3), i1 = (lane == 1 ? -1 : 1, ...) and c0 = (2, 2, 2, 2), c2 = (0.5, ...);
// records every output it is given.
struct io_environment : ex::default_environment {
    std::vector<std::string> outputs;
    bool input(std::size_t lane, unsigned reg, ex::vec4& value) {
        if (reg == 0) value = {static_cast<float>(lane), 1, 2, 3};
        else value = {lane == 1 ? -1.0f : 1.0f, 0, 0, 0};
        return true;
    }
    bool constant(unsigned reg, ex::vec4& value) {
        if (reg != 0 && reg != 2) return false;
        value = reg == 0 ? ex::vec4{2, 2, 2, 2} : ex::vec4{0.5f, 0.5f, 0.5f, 0.5f};
        return true;
    }
    void output(std::size_t lane, unsigned reg, const ex::vec4& v) {
        outputs.push_back(std::to_string(lane) + " o" + std::to_string(reg) + " " + std::to_string(v[0]) + " " + std::to_string(v[1]) + " " +
                          std::to_string(v[2]) + " " + std::to_string(v[3]));
    }
};
constexpr auto io_program = at::assemble<"mul o0, i0, c0\nkil i1.x\nmad o3.xy, i0, c2, c0\nend">();
}  // namespace

TEST_CASE("inputs, constants and outputs go through the environment on both paths", "[attila][exec]") {
    // o0 = i0 * c0; o3.xy = i0 * 0.5 + 2 (zw untouched: 0); lane 1 is killed and outputs nothing.
    const std::vector<std::string> expected = {
        "0 o0 0.000000 2.000000 4.000000 6.000000", "0 o3 2.000000 2.500000 0.000000 0.000000", "2 o0 4.000000 2.000000 4.000000 6.000000",
        "2 o3 3.000000 2.500000 0.000000 0.000000", "3 o0 6.000000 2.000000 4.000000 6.000000", "3 o3 3.500000 2.500000 0.000000 0.000000",
    };
    ex::machine<4> a(io_program.instructions);
    io_environment ea;
    REQUIRE(a.run(ea).ok());
    CHECK(ea.outputs == expected);
    CHECK(a.killed(1));

    ex::machine<4> b(io_program.instructions);
    io_environment eb;
    REQUIRE(ex::compiled<io_program, 4>::run(b, eb).ok());
    CHECK(eb.outputs == expected);

    // The defaults keep what was set on the machine.
    ex::machine<1> d(io_program.instructions);
    d.set_input(0, 0, {1, 1, 1, 1});
    d.set_input(0, 1, {1, 1, 1, 1});
    d.set_constant(0, ex::vec4{3, 3, 3, 3});
    REQUIRE(d.run().ok());
    CHECK(d.read(bank::out, 0, 0) == std::array<std::uint32_t, 4>{0x40400000u, 0x40400000u, 0x40400000u, 0x40400000u});
}
