// SPDX-License-Identifier: MIT
// The ATTILA executor against values worked out from the wiki's pseudocode (and the decisions of
// the spec's [execution] section), corner cases included.
#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <ctisa/attila/executor.hpp>

#include "statements_of.hpp"

namespace at = ctisa::attila;
namespace ex = ctisa::attila::exec;
using at::bank;

namespace {

constexpr float nan_f = std::numeric_limits<float>::quiet_NaN();
constexpr float inf_f = std::numeric_limits<float>::infinity();

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }
float flt(std::uint32_t b) { return std::bit_cast<float>(b); }

std::vector<at::instruction> program(std::string_view text) { return ctisa_test::statements_of<at::isa>(text); }

// One lane's vector as floats / as bits.
std::array<float, 4> vec(const ex::machine<4>& m, bank b, unsigned reg, std::size_t lane = 0) {
    const auto r = m.read(b, reg, lane);
    return {flt(r[0]), flt(r[1]), flt(r[2]), flt(r[3])};
}

// Runs `text` on 4 lanes with i0..i2 and c0..c3 given (the same on every lane unless set later).
struct run4 {
    std::vector<at::instruction> code;
    ex::machine<4> m;
    explicit run4(std::string_view text) : code(program(text)), m(code) {}
    run4& in(unsigned reg, ex::vec4 v) {
        for (std::size_t l = 0; l < 4; ++l) m.set_input(l, reg, v);
        return *this;
    }
    run4& c(unsigned reg, ex::vec4 v) {
        m.set_constant(reg, v);
        return *this;
    }
    ex::run_status go() {
        auto s = m.run();
        REQUIRE(s.ok());
        return s;
    }
};

}  // namespace

TEST_CASE("ALU: sources are swizzled, made absolute, then negated", "[attila][exec]") {
    run4 r("add o0, i0, i1\nmul o1, -i0.wzyx, |i1|\nmov o2, -|i0.y|\nmov o3, i0.zwxy");
    r.in(0, {1, -2, 3, -4}).in(1, {0.5f, -0.5f, 2, 2}).go();
    CHECK(vec(r.m, bank::out, 0) == std::array<float, 4>{1.5f, -2.5f, 5, -2});
    CHECK(vec(r.m, bank::out, 1) == std::array<float, 4>{2, -1.5f, 4, -2});
    CHECK(vec(r.m, bank::out, 2) == std::array<float, 4>{-2, -2, -2, -2});
    CHECK(vec(r.m, bank::out, 3) == std::array<float, 4>{3, -4, 1, -2});
}

TEST_CASE("ALU: write masks leave other components untouched; a source may be its own result", "[attila][exec]") {
    run4 r("mov r0, i0\nmad_sat r0.xz, r0.yxwz, i1, c0\nmov o0, r0");
    r.in(0, {1, 2, 3, 4}).in(1, {0.25f, 0.25f, 0.5f, 0.5f}).c(0, {0, 0, -1, 0}).go();
    // x: 2 * 0.25 + 0 = 0.5; z: 4 * 0.5 - 1 = 1 (saturated stays 1); y, w untouched.
    CHECK(vec(r.m, bank::out, 0) == std::array<float, 4>{0.5f, 2, 1, 4});
}

TEST_CASE("ALU: saturation edges", "[attila][exec]") {
    run4 r("mov_sat o0, i0\nmov_sat o1, i1");
    r.in(0, {nan_f, -0.0f, 1.0000001f, -inf_f}).in(1, {0.5f, inf_f, -1, 1}).go();
    const auto o0 = vec(r.m, bank::out, 0);
    CHECK(o0[0] == 1.0f);             // NaN saturates to 1 (MIN/MAX as the pseudocode defines them)
    CHECK(bits(o0[1]) == bits(0.0f));  // -0 to +0
    CHECK(o0[2] == 1.0f);
    CHECK(o0[3] == 0.0f);
    CHECK(vec(r.m, bank::out, 1) == std::array<float, 4>{0.5f, 1, 0, 1});
}

TEST_CASE("ALU: comparisons as the pseudocode writes them, NaN included", "[attila][exec]") {
    run4 r("max o0, i0, i1\nmin o1, i0, i1\nsge o2, i0, i1\nslt o3, i0, i1\ncmp r0, i0, i1, c0\nmov o4, r0");
    r.in(0, {nan_f, 1, -0.0f, 2}).in(1, {1, nan_f, 0.0f, 2}).c(0, {7, 7, 7, 7}).go();
    const auto mx = vec(r.m, bank::out, 0), mn = vec(r.m, bank::out, 1);
    CHECK(mx[0] == 1.0f);          // NaN > 1 is false: the second operand
    CHECK(std::isnan(mx[1]));      // 1 > NaN is false: the second operand (NaN)
    CHECK(mn[0] == 1.0f);
    CHECK(std::isnan(mn[1]));
    CHECK(vec(r.m, bank::out, 2) == std::array<float, 4>{1, 1, 1, 1});  // NaN < x false -> 1; -0 < 0 false
    CHECK(vec(r.m, bank::out, 3) == std::array<float, 4>{0, 0, 0, 0});
    // cmp: -0 < 0 is false -> third operand; NaN < 0 false -> third.
    CHECK(vec(r.m, bank::out, 4) == std::array<float, 4>{7, 7, 7, 7});
}

TEST_CASE("ALU: dot products, DST, LIT", "[attila][exec]") {
    run4 r("dp3 o0, i0, i1\ndp4 o1.xy, i0, i1\ndph o2, i0, i1\ndst o3, i0, i1\nlit o4, i2\nlit o5, -i2\nlit o6, c0");
    r.in(0, {1, 2, 3, 4}).in(1, {5, 6, 7, 8}).in(2, {2, 4, 0, 0.5f}).c(0, {3, 1, 0, 200}).go();
    CHECK(vec(r.m, bank::out, 0) == std::array<float, 4>{38, 38, 38, 38});
    CHECK(vec(r.m, bank::out, 1) == std::array<float, 4>{70, 70, 0, 0});
    CHECK(vec(r.m, bank::out, 2) == std::array<float, 4>{46, 46, 46, 46});  // 38 + src2.w
    CHECK(vec(r.m, bank::out, 3) == std::array<float, 4>{1, 12, 3, 8});     // (1, a.y*b.y, a.z, b.w)
    CHECK(vec(r.m, bank::out, 4) == std::array<float, 4>{1, 2, 2, 1});      // pow(4, 0.5) = 2
    CHECK(vec(r.m, bank::out, 5) == std::array<float, 4>{1, 0, 0, 1});      // x < 0
    CHECK(vec(r.m, bank::out, 6) == std::array<float, 4>{1, 3, 1, 1});      // w clamped to 128, pow(1, 128)
}

TEST_CASE("ALU: scalar functions read one component and replicate it", "[attila][exec]") {
    run4 r("rcp o0, i0.x\nrcp o1, i0.y\nrcp o2, i0.z\nrsq o3, i0.w\nrsq o4, i1.x\nrsq o5, i1.y\nex2 o6, i1.z\nlg2 o7, i1.w");
    r.in(0, {4, 0.0f, -0.0f, 4}).in(1, {-4, 0, 3, 8}).go();
    CHECK(vec(r.m, bank::out, 0) == std::array<float, 4>{0.25f, 0.25f, 0.25f, 0.25f});
    CHECK(vec(r.m, bank::out, 1)[0] == inf_f);
    CHECK(vec(r.m, bank::out, 2)[3] == -inf_f);
    CHECK(vec(r.m, bank::out, 3)[2] == 0.5f);
    CHECK(vec(r.m, bank::out, 4)[0] == 0.5f);   // RSQ reads |x|
    CHECK(vec(r.m, bank::out, 5)[0] == inf_f);  // sqrt(1 / 0)
    CHECK(vec(r.m, bank::out, 6) == std::array<float, 4>{8, 8, 8, 8});
    CHECK(vec(r.m, bank::out, 7) == std::array<float, 4>{3, 3, 3, 3});
    // Without a swizzle the scalar is the last position's component (w).
    run4 w("rcp o0, i0");
    w.in(0, {1, 2, 4, 8}).go();
    CHECK(vec(w.m, bank::out, 0)[0] == 0.125f);
}

TEST_CASE("ALU: EXP, LOG, FRC, FLR, SIN, COS", "[attila][exec]") {
    run4 r("exp o0, i0.x\nlog o1, i0.y\nlog o2, i0.z\nfrc o3, i1\nflr o4, i1\nsin o5, i2.x\ncos o6, i2.x");
    r.in(0, {2.5f, 8, -6, 0}).in(1, {-1.25f, 1.75f, -0.0f, 3}).in(2, {0, 0, 0, 0}).go();
    const auto e = vec(r.m, bank::out, 0);
    CHECK(e[0] == 4.0f);
    CHECK(e[1] == 0.5f);
    CHECK(e[2] == Approx(5.656854f));
    CHECK(e[3] == 1.0f);
    CHECK(vec(r.m, bank::out, 1) == std::array<float, 4>{3, 1, 3, 1});
    const auto l6 = vec(r.m, bank::out, 2);  // |-6| = 1.5 * 2^2
    CHECK(l6[0] == 2.0f);
    CHECK(l6[1] == 1.5f);
    CHECK(l6[2] == Approx(2.5849625f));
    CHECK(vec(r.m, bank::out, 3) == std::array<float, 4>{0.75f, 0.75f, 0, 0});
    CHECK(vec(r.m, bank::out, 4) == std::array<float, 4>{-2, 1, -0.0f, 3});
    CHECK(vec(r.m, bank::out, 5)[0] == 0.0f);
    CHECK(vec(r.m, bank::out, 6)[0] == 1.0f);
}

TEST_CASE("ALU: LOG's exponent and mantissa for values just below a power of two and denormals", "[attila][exec]") {
    // floor(log2|s|) and |s| / 2^that, with the mantissa in [1, 2) (the wiki's x and y).
    run4 r("log o0, i0.x\nlog o1, i0.y\nlog o2, i0.z\nlog o3, i0.w");
    r.in(0, {std::bit_cast<float>(0x40FFFFFFu), std::bit_cast<float>(0x3F7FFFFFu), std::bit_cast<float>(0x00000003u),
             -std::bit_cast<float>(0x7F7FFFFFu)})
        .go();
    CHECK(vec(r.m, bank::out, 0)[0] == 2.0f);  // 7.9999995 = 1.99999988 * 2^2
    CHECK(vec(r.m, bank::out, 0)[1] == std::bit_cast<float>(0x3FFFFFFFu));
    CHECK(vec(r.m, bank::out, 1)[0] == -1.0f);  // 0.99999994 = 1.99999988 * 2^-1
    CHECK(vec(r.m, bank::out, 1)[1] == std::bit_cast<float>(0x3FFFFFFFu));
    CHECK(vec(r.m, bank::out, 2)[0] == -148.0f);  // 3 * 2^-149 = 1.5 * 2^-148
    CHECK(vec(r.m, bank::out, 2)[1] == 1.5f);
    CHECK(vec(r.m, bank::out, 3)[0] == 127.0f);  // |-FLT_MAX|
    CHECK(vec(r.m, bank::out, 3)[1] == std::bit_cast<float>(0x3FFFFFFFu));
}

TEST_CASE("integer instructions wrap; ARL floors and saturates", "[attila][exec]") {
    run4 r("addi r0, i0, i1\nmuli r1, i0, i1\naddi r2, -i0, 7\narl a0, i2\nmov o0, r0\nmov o1, r1\nmov o2, r2\nmov o3, a0");
    auto& m = r.m;
    for (std::size_t l = 0; l < 4; ++l) {
        m.set(bank::in, 0, l, std::array<std::uint32_t, 4>{0x7FFFFFFF, 0x80000000, 5, 0xFFFFFFFF});
        m.set(bank::in, 1, l, std::array<std::uint32_t, 4>{1, 0xFFFFFFFF, 0xFFFFFFFD, 0xFFFFFFFF});
        m.set_input(l, 2, {-1.5f, nan_f, 3e9f, -3e9f});
    }
    r.go();
    CHECK(m.read(bank::out, 0, 0) == std::array<std::uint32_t, 4>{0x80000000, 0x7FFFFFFF, 2, 0xFFFFFFFE});
    CHECK(m.read(bank::out, 1, 0) == std::array<std::uint32_t, 4>{0x7FFFFFFF, 0x80000000, 0xFFFFFFF1, 1});
    // -INT_MIN wraps to INT_MIN: 0x80000000 + 7
    CHECK(m.read(bank::out, 2, 0) == std::array<std::uint32_t, 4>{0x80000008, 0x80000007, 2, 8});
    CHECK(m.read(bank::out, 3, 0) == std::array<std::uint32_t, 4>{0xFFFFFFFE, 0, 0x7FFFFFFF, 0x80000000});
}

TEST_CASE("predicates: SETP, STP, ANDP, predication and its inversion", "[attila][exec]") {
    run4 r(R"(setpgt p0, i0.x, c0.x
stplti p1, i1.x, 0
andp !p2, p0, !p1
andp p3, c1.x, true
andp p4, c1.y, c1.z
andp p5, !c1.w, false
mov o0, c2
(p0) mov o0.x, c3
(!p0) mov o0.y, c3
setpeq p6, i0.y, i0.y)");
    for (std::size_t l = 0; l < 4; ++l) {
        r.m.set_input(l, 0, {static_cast<float>(l), nan_f, 0, 0});
        r.m.set(bank::in, 1, l, std::array<std::uint32_t, 4>{l == 2 ? 0xFFFFFFFFu : 1u, 0, 0, 0});
    }
    r.c(0, {1.5f, 0, 0, 0}).c(1, {-0.0f, nan_f, 2, 0}).c(2, {0, 0, 0, 0}).c(3, {9, 9, 9, 9}).go();
    for (std::size_t l = 0; l < 4; ++l) {
        INFO("lane " << l);
        const bool gt = l > 1;
        const bool lt = l == 2;
        CHECK(r.m.predicate(0, l) == gt);
        CHECK(r.m.predicate(1, l) == lt);
        CHECK(r.m.predicate(2, l) == !(gt && !lt));
        CHECK_FALSE(r.m.predicate(3, l));  // -0.0 is false
        CHECK(r.m.predicate(4, l));        // NaN and 2 are true
        CHECK_FALSE(r.m.predicate(5, l));
        CHECK_FALSE(r.m.predicate(6, l));  // NaN == NaN is false
        const auto o = vec(r.m, bank::out, 0, l);
        CHECK(o[0] == (gt ? 9.0f : 0.0f));
        CHECK(o[1] == (gt ? 0.0f : 9.0f));
    }
}

TEST_CASE("relative addressing per lane, out of range reads zero", "[attila][exec]") {
    run4 r("arl a0, i0\nmov o0, c1[a0.x + 1]\nadd o1, c0[a0.y + -1], c0[a0.y + -1].y");
    for (std::size_t l = 0; l < 4; ++l) r.m.set_input(l, 0, {static_cast<float>(l), static_cast<float>(l) - 1, 0, 0});
    for (unsigned c = 0; c < 5; ++c) r.c(c, {float(c), float(10 * c), 0, 0});
    r.go();
    for (std::size_t l = 0; l < 3; ++l) CHECK(vec(r.m, bank::out, 0, l)[0] == float(l + 2));
    CHECK(vec(r.m, bank::out, 1, 0)[0] == 0.0f);  // c[0 + -1 - 1] is outside: zero
    CHECK(vec(r.m, bank::out, 1, 3)[0] == 1.0f + 10.0f);  // c1.x + c1.y
}

TEST_CASE("control: JMP loops, diverges, reconverges; budget and bad targets", "[attila][exec]") {
    // Each lane counts up to its own i0.x: the lanes disagree and meet again at the end.
    run4 r(R"(mov r0, c0.x
setplt p0, r0.x, i0.x
jmp !p0, 3
add r0, r0, c1
jmp true, -3
mov o0, r0)");
    for (std::size_t l = 0; l < 4; ++l) r.m.set_input(l, 0, {static_cast<float>(3 * l), 0, 0, 0});
    r.c(0, {0, 0, 0, 0}).c(1, {1, 1, 1, 1}).go();
    for (std::size_t l = 0; l < 4; ++l) CHECK(vec(r.m, bank::out, 0, l)[0] == float(3 * l));

    run4 forever("jmp true, 0");
    CHECK(forever.m.run(100).error.code == ctisa::error_code::step_limit);
    run4 away("jmp true, 5\nnop");
    CHECK(away.m.run().error.code == ctisa::error_code::bad_branch_target);
    run4 end_jump("jmp true, 2\nmov o0, c0\n");  // target == length: the lanes end
    end_jump.c(0, {1, 1, 1, 1}).go();
    CHECK(vec(end_jump.m, bank::out, 0)[0] == 0.0f);
}

TEST_CASE("control: END and the end flag end the program", "[attila][exec]") {
    run4 r("mov o0, c0 <- end\nmov o1, c0\nend\nmov o2, c0");
    r.c(0, {1, 1, 1, 1}).go();
    CHECK(vec(r.m, bank::out, 0)[0] == 1.0f);
    CHECK(vec(r.m, bank::out, 1)[0] == 0.0f);
}

namespace {
struct recorder : ex::default_environment {
    std::vector<std::string> log;
    ex::vec4 sample(unsigned unit, ex::texture_kind kind, std::size_t lane, const ex::vec4& c) {
        log.push_back("sample " + std::to_string(unit) + " " + std::to_string(int(kind)) + " lane " + std::to_string(lane) + " " +
                      std::to_string(c[0]) + "," + std::to_string(c[1]) + "," + std::to_string(c[2]) + "," + std::to_string(c[3]));
        return {c[0] + 100, c[1], c[2], c[3]};
    }
    ex::vec4 attribute(unsigned stream, std::size_t lane, const ex::vec4& index) {
        log.push_back("attribute " + std::to_string(stream) + " lane " + std::to_string(lane) + " " + std::to_string(index[0]));
        return {7, 7, 7, 7};
    }
    void kill(std::size_t lane) { log.push_back("kill " + std::to_string(lane)); }
    void kill_sample(std::size_t lane, unsigned s) { log.push_back("kill sample " + std::to_string(lane) + " " + std::to_string(s)); }
    void export_depth(std::size_t lane, float z) { log.push_back("z " + std::to_string(lane) + " " + std::to_string(z)); }
    void export_sample_depth(std::size_t lane, unsigned s, float z) {
        log.push_back("z " + std::to_string(lane) + " sample " + std::to_string(s) + " " + std::to_string(z));
    }
};
}  // namespace

TEST_CASE("kills, depth exports and samples go through the environment", "[attila][exec]") {
    auto code = program("(p0) kil i0\nchs\nkls -i0.y\nzxp i1\nzxs i1\ncmpkil o0.x, i0, i1, c0");
    ex::machine<2> m(code);
    m.set_input(0, 0, {1, 2, 3, 4});
    m.set_input(1, 0, {-1, -2, 3, 4});
    for (std::size_t l = 0; l < 2; ++l) {
        m.set_input(l, 1, {0.5f, 0.25f, 0.125f, 1});
        m.set_predicate(0, l, true);
    }
    m.set_constant(0, ex::vec4{-5, 0, 0, 0});
    recorder env;
    REQUIRE(m.run(env).ok());
    const std::vector<std::string> expected = {
        "kill 1",                                                    // lane 1 has a negative component
        "kill sample 0 1",                                           // lane 0: -i0.y < 0, sample 1 after CHS
        "z 0 0.500000",
        "z 1 0.500000",                              // ZXP: x
        "z 0 sample 1 0.500000",
        "z 0 sample 2 0.250000",
        "z 0 sample 3 0.125000",
        "z 0 sample 4 1.000000",
        "z 1 sample 1 0.500000",
        "z 1 sample 2 0.250000",
        "z 1 sample 3 0.125000",
        "z 1 sample 4 1.000000",
        "kill 0",                                                    // cmpkil x: 1 < 0 is false -> c0.x = -5
    };
    CHECK(env.log == expected);
    CHECK(m.killed(0));
    CHECK(m.killed(1));
}

// The forms the wiki defines and the simulator's assembler refuses (spec: setp, kill_sample, END):
// the sample slot counts from the current sample, '!' inverts a SETP result, and END ends every
// lane that reaches it whatever its predicate.
TEST_CASE("sample operands, inverted SETP results and a predicated END run as the wiki says", "[attila][exec]") {
    auto code = program(
        "chs\nkls -i0.y, s2\nzxs i1, s1\nsetpeq !p1, i0.x, c1.x\nsetpeq !p2, i0.x, c1.y\n"
        "mov o0, c0\n(p1) mov o0, i0\n(p2) end\nmov o1, i1");
    ex::machine<1> m(code);
    m.set_input(0, 0, {1, 2, 3, 4});
    m.set_input(0, 1, {0.5f, 0.25f, 0.125f, 1});
    m.set_constant(0, ex::vec4{9, 9, 9, 9});
    m.set_constant(1, ex::vec4{1, 5, 0, 0});
    recorder env;
    REQUIRE(m.run(env).ok());
    const std::vector<std::string> expected = {
        "kill sample 0 3",  // -i0.y < 0; sample 1 (after CHS) + s2
        "z 0 sample 2 0.500000", "z 0 sample 3 0.250000", "z 0 sample 4 0.125000", "z 0 sample 5 1.000000",
    };
    CHECK(env.log == expected);
    CHECK_FALSE(m.predicate(1, 0));  // 1 == 1, inverted
    CHECK(m.predicate(2, 0));        // 1 == 5 is false, inverted
    CHECK(m.read(bank::out, 0, 0) == std::array<std::uint32_t, 4>{bits(9), bits(9), bits(9), bits(9)});
    CHECK(m.read(bank::out, 1, 0) == std::array<std::uint32_t, 4>{0, 0, 0, 0});  // ended before
}

TEST_CASE("texture and attribute loads go through the environment", "[attila][exec]") {
    auto code = program("tex r0, i0, t3\ntxb r1, i0, t1\ntxl r2, i0, t2\ntxp o0.xy, i0, t4\nlda o1, i0.x, t5\nmov o2, r0");
    ex::machine<1> m(code);
    m.set_input(0, 0, {1, 2, 3, 4});
    recorder env;
    REQUIRE(m.run(env).ok());
    CHECK(env.log[0] == "sample 3 0 lane 0 1.000000,2.000000,3.000000,4.000000");
    CHECK(env.log[1] == "sample 1 1 lane 0 1.000000,2.000000,3.000000,4.000000");
    CHECK(env.log[2] == "sample 2 2 lane 0 1.000000,2.000000,3.000000,4.000000");
    CHECK(env.log[3] == "sample 4 3 lane 0 0.250000,0.500000,0.750000,4.000000");  // divided by w
    CHECK(env.log[4] == "attribute 5 lane 0 1.000000");
    const auto o0 = m.read(bank::out, 0, 0);
    CHECK(flt(o0[0]) == 100.25f);
    CHECK(o0[2] == 0u);  // masked off
    CHECK(flt(m.read(bank::out, 2, 0)[0]) == 101.0f);

    // The default sampler returns its coordinates.
    ex::machine<1> d(program("tex o0, i0, t0"));
    d.set_input(0, 0, {0.5f, 0.25f, 0, 1});
    REQUIRE(d.run().ok());
    CHECK(d.read(bank::out, 0, 0) == std::array<std::uint32_t, 4>{bits(0.5f), bits(0.25f), 0, bits(1.0f)});
}

TEST_CASE("derivatives over 2x2 quads", "[attila][exec]") {
    auto code = program("ddx o0, i0\nddy o1, i0");
    ex::machine<8> m(code);
    // Lane values: quad 0 lanes 0..3 = 1, 3, 10, 30 (0 1 / 2 3); quad 1 = 5 times as much.
    const float v[8] = {1, 3, 10, 30, 5, 15, 50, 150};
    for (std::size_t l = 0; l < 8; ++l) m.set_input(l, 0, {v[l], -v[l], 0, 0});
    REQUIRE(m.run().ok());
    const float dx[8] = {2, 2, 20, 20, 10, 10, 100, 100};
    const float dy[8] = {9, 27, 9, 27, 45, 135, 45, 135};
    for (std::size_t l = 0; l < 8; ++l) {
        CHECK(flt(m.read(bank::out, 0, l)[0]) == dx[l]);
        CHECK(flt(m.read(bank::out, 0, l)[1]) == -dx[l]);
        CHECK(flt(m.read(bank::out, 1, l)[0]) == dy[l]);
    }
    // A quad cut short by the warp: missing neighbours read the lane itself.
    ex::machine<2> small(code);
    small.set_input(0, 0, {1, 0, 0, 0});
    small.set_input(1, 0, {4, 0, 0, 0});
    REQUIRE(small.run().ok());
    CHECK(flt(small.read(bank::out, 0, 1)[0]) == 3.0f);
    CHECK(flt(small.read(bank::out, 1, 0)[0]) == 0.0f);
}

TEST_CASE("fixed point: 16.8 sources, exact products, the accumulator", "[attila][exec]") {
    auto code = program("fxmul r0, i0, i1\nfxmad o0, i0, i1, i2\nfxmad2 r0.xy, i0, i1, i2\nfxmad o1, i2, i2, i2");
    ex::machine<1> m(code);
    m.set_input(0, 0, {1.5f, 0.1f, -0.1f, 70000.0f});
    m.set_input(0, 1, {2.25f, 1.0f, 1.0f, 1.0f});
    m.set_input(0, 2, {0.5f, 0.5f, nan_f, 2.0f});
    REQUIRE(m.run().ok());
    // fxmul: acc = 1.5 * 2.25 = 3.375; 0.1 -> 25/256; -0.1 -> -25/256; 70000 saturates to 65535.99609375.
    // fxmad: o0 = product + acc = 2 * product.
    const auto o0 = m.read(bank::out, 0, 0);
    CHECK(flt(o0[0]) == 6.75f);
    CHECK(flt(o0[1]) == 50.0f / 256.0f);
    CHECK(flt(o0[2]) == -50.0f / 256.0f);
    CHECK(flt(o0[3]) == 2 * 65535.99609375f);
    // fxmad2 (x, y): acc = product + i2 (NaN -> 0); fxmad o1 = i2*i2 + acc.
    const auto o1 = m.read(bank::out, 1, 0);
    CHECK(flt(o1[0]) == 0.25f + 3.375f + 0.5f);
    CHECK(flt(o1[1]) == 0.25f + 25.0f / 256.0f + 0.5f);
    CHECK(flt(o1[2]) == -25.0f / 256.0f);  // NaN squared is 0; accumulator z kept from fxmul
    CHECK(flt(o1[3]) == 4.0f + 65535.99609375f);
}

TEST_CASE("a program from bytes: decoded once, or the first bad instruction's error and offset", "[attila][exec]") {
    auto bytes = ctisa::assemble_bytes<at::isa>("add o0, i0, 1.5\nend").value();
    const auto code = ctisa::decode_program<at::isa>(bytes);
    REQUIRE(code);
    REQUIRE(code->size() == 2);
    ex::machine<2> m(*code);
    m.set_input(1, 0, {1, 2, 3, 4});
    REQUIRE(m.run().ok());
    CHECK(flt(m.read(bank::out, 0, 1)[0]) == 2.5f);

    bytes.insert(bytes.end(), {0x01, 0x02, 0x03});  // a truncated third instruction
    const auto bad = ctisa::decode_program<at::isa>(bytes);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().code == ctisa::error_code::truncated);
    CHECK(bad.error().offset == 32);
}

TEST_CASE("typed reads: a register as four floats or four signed integers", "[attila][exec]") {
    const auto code = program("mov o0, i0\nmov o1, i1\nend");
    ex::machine<4> m(code);
    m.set_input(2, 0, ex::vec4{1.5f, -2.0f, 0.0f, 65536.0f});
    m.set(bank::in, 1, 2, std::array<std::uint32_t, 4>{0xFFFFFFFFu, 7u, 0x80000000u, 0u});
    REQUIRE(m.run().ok());
    CHECK(m.read_float(bank::out, 0, 2) == ex::vec4{1.5f, -2.0f, 0.0f, 65536.0f});
    CHECK(m.read(bank::out, 0, 2)[0] == 0x3FC00000u);  // the bits of 1.5
    CHECK(m.read_int(bank::out, 1, 2) == std::array<std::int32_t, 4>{-1, 7, INT32_MIN, 0});
    CHECK(m.read_float(bank::out, 0, 9) == ex::vec4{});  // a lane past the warp reads zero
}
