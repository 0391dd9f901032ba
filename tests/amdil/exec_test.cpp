// SPDX-License-Identifier: MIT
// The AMD IL executor's arithmetic against values worked out by hand from chapter 7's pseudocode,
// 2.2.5 / 2.2.7's modifier order and the choices written in exec/semantics.hpp.
#include "exec_support.hpp"

#include <cfloat>

using namespace amdil_exec_test;

namespace {

// One instruction on v0 (and v1, v2) into o0; o0 of lane 0 as bits.
std::array<std::uint32_t, 4> op1(const std::string& ins, std::array<std::uint32_t, 4> a, std::array<std::uint32_t, 4> b = {},
                                 std::array<std::uint32_t, 4> c = {}, std::array<std::uint32_t, 4> d = {}) {
    const auto m = run(ins + "\nend\n", {a, b, c, d});
    return out(*m);
}
std::array<std::uint32_t, 4> f4(float x, float y, float z, float w) { return vbits(x, y, z, w); }
std::array<std::uint32_t, 4> all(std::uint32_t x) { return {x, x, x, x}; }
std::array<std::uint32_t, 4> allf(float x) { return all(bits(x)); }

}  // namespace

TEST_CASE("amdil exec: float arithmetic (7.8)", "[amdil][exec]") {
    CHECK(op1("add o0, v0, v1", f4(1, 2, 3, 4), f4(0.5f, -2, 10, -8)) == f4(1.5f, 0, 13, -4));
    CHECK(op1("sub o0, v0, v1", f4(1, 2, 3, 4), f4(0.5f, -2, 10, -8)) == f4(0.5f, 4, -7, 12));  // src0 - src1
    CHECK(op1("mul_ieee o0, v0, v1", f4(2, -3, 0.5f, 8), f4(4, 5, 0.25f, 0.125f)) == f4(8, -15, 0.125f, 1));
    CHECK(op1("mad_ieee o0, v0, v1, v2", f4(2, 3, 4, 5), f4(10, 10, 10, 10), f4(1, -30, 0.5f, 0)) == f4(21, 0, 40.5f, 50));
    CHECK(op1("dp2_ieee o0, v0, v1", f4(1, 2, 100, 100), f4(3, 4, 100, 100)) == allf(11));
    CHECK(op1("dp3_ieee o0, v0, v1", f4(1, 2, 3, 100), f4(4, 5, 6, 100)) == allf(32));
    CHECK(op1("dp4_ieee o0, v0, v1", f4(1, 2, 3, 4), f4(4, 5, 6, 7)) == allf(60));
    CHECK(op1("dp2add o0, v0, v1, v2", f4(1, 2, 0, 0), f4(3, 4, 0, 0), f4(0, 0, 0.5f, 9)) == allf(11.5f));  // + src2.z
    CHECK(op1("lrp o0, v0, v1, v2", allf(0.25f), allf(8), allf(4)) == allf(5));  // 8 * 0.25 + 4 * 0.75
    CHECK(op1("clamp o0, v0, v1, v2", f4(-1, 0.5f, 3, 1), allf(0), allf(2)) == f4(0, 0.5f, 2, 1));
    CHECK(op1("mov o0, v0", f4(1, -0.0f, inf_f, 7)) == f4(1, -0.0f, inf_f, 7));
    CHECK(op1("abs o0, v0", f4(-1, -0.0f, 2, -inf_f)) == f4(1, 0, 2, inf_f));
    CHECK(op1("sgn o0, v0", f4(-3, 0, 0.001f, -0.0f)) == f4(-1, 0, 1, 0));
}

TEST_CASE("amdil exec: the non-IEEE multiply, 0 * n = 0 even for NaN (MUL, MAD, DP*)", "[amdil][exec]") {
    const auto zero_inf = f4(0, 0, 2, 0), inf_nan = f4(inf_f, nan_f, 3, -inf_f);
    CHECK(op1("mul o0, v0, v1", zero_inf, inf_nan) == f4(0, 0, 6, 0));
    const auto ieee = op1("mul_ieee o0, v0, v1", zero_inf, inf_nan);
    CHECK(std::isnan(flt(ieee[0])));
    CHECK(std::isnan(flt(ieee[1])));
    CHECK(op1("mad o0, v0, v1, v2", zero_inf, inf_nan, allf(1)) == f4(1, 1, 7, 1));
    CHECK(op1("dp3 o0, v0, v1", f4(0, 1, 2, 0), f4(inf_f, 1, 1, 0)) == allf(3));
    CHECK(std::isnan(flt(op1("dp3_ieee o0, v0, v1", f4(0, 1, 2, 0), f4(inf_f, 1, 1, 0))[0])));
}

TEST_CASE("amdil exec: div and its zero-op (Table 6.33)", "[amdil][exec]") {
    const auto num = f4(6, -1, 0, 1), den = f4(3, 0, 0, -0.0f);
    // No zeroop given: fltmax; the sign follows src0 (v1 < 0 negates f).
    CHECK(op1("div o0, v0, v1", num, den) == f4(2, -FLT_MAX, FLT_MAX, FLT_MAX));
    CHECK(op1("div_zeroop(infinity) o0, v0, v1", num, den) == f4(2, -inf_f, inf_f, inf_f));
    CHECK(op1("div_zeroop(zero) o0, v0, v1", num, den) == f4(2, -0.0f, 0, 0));
    CHECK(op1("div_zeroop(inf_else_max) o0, v0, v1", num, den) == f4(2, -inf_f, inf_f, inf_f));
}

TEST_CASE("amdil exec: rounding, floor, fraction", "[amdil][exec]") {
    CHECK(op1("flr o0, v0", f4(2.3f, -3.6f, -0.0f, 5)) == f4(2, -4, -0.0f, 5));  // 7.8's examples
    CHECK(op1("frc o0, v0", f4(1.75f, -1.25f, 3, -0.5f)) == f4(0.75f, 0.75f, 0, 0.5f));
    // frc is below 1.0 even where x - floor(x) rounds up: -2^-30 - (-1) = 1 - 2^-30 rounds to 1.0.
    CHECK(op1("frc o0, v0", allf(-0x1p-30f)) == allf(0x1.fffffep-1f));
    // ... but NaN and the infinities (inf - floor(inf) is NaN) give the default NaN, not 1 - 2^-24.
    CHECK(op1("frc o0, v0", f4(nan_f, inf_f, -inf_f, 0)) == std::array<std::uint32_t, 4>{0x7FC00000u, 0x7FC00000u, 0x7FC00000u, 0});
    CHECK(op1("round_nearest o0, v0", f4(2.5f, 3.5f, -2.5f, 0.49f)) == f4(2, 4, -2, 0));
    CHECK(op1("round_neginf o0, v0", f4(2.5f, -2.5f, -0.1f, 7)) == f4(2, -3, -1, 7));
    CHECK(op1("round_plusinf o0, v0", f4(2.3f, -2.5f, 0.1f, 7)) == f4(3, -2, 1, 7));
    CHECK(op1("round_z o0, v0", f4(2.7f, -2.7f, 0.9f, -7)) == f4(2, -2, 0, -7));
    CHECK(op1("rnd o0, v0", f4(2.5f, -2.5f, 0.4f, 1.6f)) == f4(3, -2, 0, 2));  // floor(x + 0.5)
}

TEST_CASE("amdil exec: comparisons and min / max", "[amdil][exec]") {
    const std::uint32_t t = 0xFFFFFFFFu;
    CHECK(op1("lt o0, v0, v1", f4(1, 2, nan_f, -0.0f), f4(2, 1, 1, 0)) == std::array<std::uint32_t, 4>{t, 0, 0, 0});
    CHECK(op1("ge o0, v0, v1", f4(1, 2, nan_f, -0.0f), f4(2, 1, 1, 0)) == std::array<std::uint32_t, 4>{0, t, 0, t});
    CHECK(op1("eq o0, v0, v1", f4(1, 2, nan_f, -0.0f), f4(1, 1, nan_f, 0)) == std::array<std::uint32_t, 4>{t, 0, 0, t});
    CHECK(op1("ne o0, v0, v1", f4(1, 2, nan_f, -0.0f), f4(1, 1, 1, 0)) == std::array<std::uint32_t, 4>{0, t, 0, 0});
    // Denormals are flushed before comparing: 2^-140 equals 0.
    CHECK(op1("eq o0, v0, v1", allf(0x1p-140f), allf(0)) == all(t));
    CHECK(op1("set_relop(gt) o0, v0, v1", f4(1, 2, 3, 4), f4(2, 2, 2, 2)) == f4(0, 0, 1, 1));
    // Without _ieee: (v1 > v2) ? v1 : v2 exactly; a NaN in v1 loses, a NaN in v2 wins.
    auto mx = op1("max o0, v0, v1", f4(nan_f, 1, 3, -0.0f), f4(1, nan_f, 2, 0));
    CHECK(mx[0] == bits(1));
    CHECK(std::isnan(flt(mx[1])));
    CHECK(mx[2] == bits(3));
    CHECK(op1("max_ieee o0, v0, v1", f4(nan_f, 1, -0.0f, 0), f4(1, nan_f, 0, -0.0f)) == f4(1, 1, 0, 0));
    CHECK(op1("min_ieee o0, v0, v1", f4(nan_f, 1, -0.0f, 0), f4(1, nan_f, 0, -0.0f)) == f4(1, 1, -0.0f, -0.0f));
    auto mn = op1("min o0, v0, v1", f4(nan_f, 1, 3, 5), f4(1, nan_f, 2, 6));
    CHECK(mn[0] == bits(1));
    CHECK(std::isnan(flt(mn[1])));
    CHECK(mn[2] == bits(2));
    CHECK(mn[3] == bits(5));
}

TEST_CASE("amdil exec: conditional moves", "[amdil][exec]") {
    // cmov: src0 != 0.0 moves src1; 0.0 and -0.0 keep the destination ("the compare is float").
    const auto m = run("mov r0, v2\ncmov r0, v0, v1\nmov o0, r0\nend\n", {f4(1, 0, -0.0f, nan_f), allf(5), allf(9)});
    CHECK(out(*m) == f4(5, 9, 9, 5));
    // cmov_logical: any bit set (the integer compare): -0.0 (0x80000000) moves src1.
    CHECK(op1("cmov_logical o0, v0, v1, v2", {1, 0, 0x80000000u, 0}, allf(5), allf(9)) == f4(5, 9, 5, 9));
}

TEST_CASE("amdil exec: scalar and vector transcendental instructions", "[amdil][exec]") {
    // Scalar forms read src0.w and write all four components.
    CHECK(op1("sqrt o0, v0", f4(100, 100, 100, 16)) == allf(4));
    CHECK(op1("sqrt_vec o0, v0", f4(4, 9, 0.25f, 0)) == f4(2, 3, 0.5f, 0));
    CHECK(op1("rsq o0, v0", f4(0, 0, 0, 4)) == allf(0.5f));
    CHECK(op1("rsq o0, v0", allf(0)) == allf(FLT_MAX));  // zeroop(fltmax), the default
    CHECK(op1("rsq_zeroop(infinity) o0, v0", allf(0)) == allf(inf_f));
    CHECK(op1("rsq_vec o0, v0", f4(4, 16, 0.25f, 1)) == f4(0.5f, 0.25f, 2, 1));
    CHECK(op1("rcp o0, v0", f4(0, 0, 0, 8)) == allf(0.125f));
    CHECK(op1("rcp_zeroop(zero) o0, v0", allf(0)) == allf(0));
    CHECK(op1("exp o0, v0", f4(0, 0, 0, 3)) == allf(8));
    CHECK(op1("exp_vec o0, v0", f4(0, 1, -1, 10)) == f4(1, 2, 0.5f, 1024));
    CHECK(op1("log o0, v0", f4(0, 0, 0, 8)) == allf(3));
    CHECK(op1("log o0, v0", allf(0)) == allf(-FLT_MAX));  // LOG of 0.0 with zeroop(fltmax): -FLT_MAX
    CHECK(op1("log_zeroop(infinity) o0, v0", allf(0)) == allf(-inf_f));
    CHECK(op1("log_vec o0, v0", f4(1, 2, 0.25f, 0)) == f4(0, 1, -2, -inf_f));  // LOG with zeroop infinity
    CHECK(op1("ln o0, v0", f4(0, 0, 0, 1)) == allf(0));
    CHECK(op1("sin o0, v0", allf(0)) == allf(0));
    CHECK(op1("cos o0, v0", allf(0)) == allf(1));
    CHECK(op1("sin_vec o0, v0", f4(0, -0.0f, 0, 0)) == f4(0, -0.0f, 0, 0));
    CHECK(op1("cos_vec o0, v0", allf(0)) == allf(1));
    // sincos: x = cos, y = sin of src0.w; z and w are not written.
    const auto m = run("mov r0, v1\nsincos r0, v0\nmov o0, r0\nend\n", {allf(0), allf(7)});
    CHECK(out(*m) == f4(1, 0, 7, 7));
    // Undefined in the text (the square root of a negative number): NaN, as IEEE gives.
    CHECK(std::isnan(flt(op1("sqrt_vec o0, v0", allf(-4))[0])));
}

TEST_CASE("amdil exec: source modifiers in 2.2.7's order", "[amdil][exec]") {
    // swizzle, invert (1 - x), bias (x - 0.5), x2, sign, divComp, abs, negate, clamp.
    CHECK(op1("mov o0, v0.wzyx", f4(1, 2, 3, 4)) == f4(4, 3, 2, 1));
    CHECK(op1("mov o0, v0.x01y", f4(7, 8, 3, 4)) == f4(7, 0, 1, 8));
    CHECK(op1("mov o0, v0_invert", f4(0.25f, 1, 2, -1)) == f4(0.75f, 0, -1, 2));
    CHECK(op1("mov o0, v0_invert_bias_x2", allf(0.25f)) == allf(0.5f));  // 2 * ((1 - 0.25) - 0.5)
    CHECK(op1("mov o0, v0_bias_x2", f4(0, 0.5f, 1, 0.75f)) == f4(-1, 0, 1, 0.5f));  // _bx2
    CHECK(op1("mov o0, v0_sign", f4(-3, 0, 0.5f, -0.0f)) == f4(-1, 0, 1, 0));
    CHECK(op1("mov o0, v0_divcomp(y)", f4(6, 3, 5, 7)) == f4(2, 3, 5, 7));
    CHECK(op1("mov o0, v0_divcomp(w)", f4(2, 4, 6, 2)) == f4(1, 2, 3, 2));
    CHECK(op1("mov o0, v0_abs", f4(-1, 2, -3, -0.0f)) == f4(1, 2, 3, 0));
    CHECK(op1("mov o0, v0_neg(xw)", f4(1, 2, 3, -4)) == f4(-1, 2, 3, 4));
    CHECK(op1("mov o0, v0_neg(xyzw)_abs", f4(-1, 2, -3, 0)) == f4(-1, -2, -3, -0.0f));  // abs before negate
    CHECK(op1("mov o0, v0_sign_neg(x)", f4(-5, 0, 0, 0)) == f4(1, 0, 0, 0));                 // sign before negate
    CHECK(op1("mov o0, v0_clamp", f4(-1, 0.5f, 2, nan_f)) == f4(0, 0.5f, 1, 0));             // clamp(NaN) = 0
    CHECK(op1("mov o0, v0_neg(x)_clamp", f4(-0.5f, 0, 0, 0)) == f4(0.5f, 0, 0, 0));          // negate before clamp
    // Integer instructions: negate is the two's complement.
    CHECK(op1("iadd o0, v0_neg(xyzw), v1", all(5), all(7)) == all(2));
}

TEST_CASE("amdil exec: destination modifiers in 2.2.5's order", "[amdil][exec]") {
    CHECK(op1("add_x2 o0, v0, v1", allf(0.25f), allf(0.5f)) == allf(1.5f));
    CHECK(op1("add_d4 o0, v0, v1", allf(1), allf(1)) == allf(0.5f));
    CHECK(op1("add_x8 o0, v0, v1", allf(1), allf(0)) == allf(8));
    CHECK(op1("add_sat o0, v0, v1", f4(0.5f, -2, 0.25f, nan_f), f4(0.75f, 0, 0, 0)) == f4(1, 0, 0.25f, 0));
    CHECK(op1("add_x2_sat o0, v0, v1", allf(0.3f), allf(0.1f)) == allf(0.8f));  // shift first, then clamp
    CHECK(op1("add_x4_sat o0, v0, v1", allf(0.3f), allf(0.1f)) == allf(1));
    // Component modes: x written, y kept, z = 0.0, w = 1.0 (written after the clamp).
    const auto m = run("mov o0, v1\nmov_sat o0.x_01, v0\nend\n", {allf(3), allf(-7)});
    CHECK(out(*m) == f4(1, -7, 0, 1));
    // Integer results take no shift: iadd_x2 would be refused by the document, the executor ignores it.
    CHECK(op1("iadd o0, v0, v1", all(0xFFFFFFFFu), all(2)) == all(1));
}

TEST_CASE("amdil exec: integer and unsigned instructions (7.6, 7.7)", "[amdil][exec]") {
    CHECK(op1("iadd o0, v0, v1", {0x7FFFFFFFu, 1, 5, 0}, {1, 0xFFFFFFFFu, 6, 0}) == std::array<std::uint32_t, 4>{0x80000000u, 0, 11, 0});
    CHECK(op1("imul o0, v0, v1", all(0x10000u), all(0x10001u)) == all(0x10000u));  // low 32 bits of 0x100010000
    CHECK(op1("imul_high o0, v0, v1", all(0xFFFFFFFEu), all(3)) == all(0xFFFFFFFFu));  // -2 * 3 = -6: high word -1
    CHECK(op1("umul_high o0, v0, v1", all(0xFFFFFFFEu), all(3)) == all(2));           // 0x2FFFFFFFA
    CHECK(op1("imad o0, v0, v1, v2", all(3), all(0xFFFFFFFFu), all(10)) == all(7));
    CHECK(op1("imax o0, v0, v1", {0xFFFFFFFFu, 1, 0, 0}, {1, 0xFFFFFFFFu, 0, 0}) == std::array<std::uint32_t, 4>{1, 1, 0, 0});
    CHECK(op1("umax o0, v0, v1", {0xFFFFFFFFu, 1, 0, 0}, {1, 0xFFFFFFFFu, 0, 0}) ==
          std::array<std::uint32_t, 4>{0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0});
    CHECK(op1("imin o0, v0, v1", {0xFFFFFFFFu, 1, 0, 0}, {1, 0xFFFFFFFFu, 0, 0}) ==
          std::array<std::uint32_t, 4>{0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0});
    CHECK(op1("umin o0, v0, v1", {0xFFFFFFFFu, 1, 0, 0}, {1, 0xFFFFFFFFu, 0, 0}) == std::array<std::uint32_t, 4>{1, 1, 0, 0});
    const std::uint32_t t = 0xFFFFFFFFu;
    CHECK(op1("ilt o0, v0, v1", {t, 1, 2, 3}, {0, 1, 1, 4}) == std::array<std::uint32_t, 4>{t, 0, 0, t});
    CHECK(op1("ige o0, v0, v1", {t, 1, 2, 3}, {0, 1, 1, 4}) == std::array<std::uint32_t, 4>{0, t, t, 0});
    CHECK(op1("ult o0, v0, v1", {t, 1, 2, 3}, {0, 1, 1, 4}) == std::array<std::uint32_t, 4>{0, 0, 0, t});
    CHECK(op1("uge o0, v0, v1", {t, 1, 2, 3}, {0, 1, 1, 4}) == std::array<std::uint32_t, 4>{t, t, t, 0});
    CHECK(op1("ieq o0, v0, v1", {t, 1, 2, 3}, {0, 1, 1, 4}) == std::array<std::uint32_t, 4>{0, t, 0, 0});
    CHECK(op1("ine o0, v0, v1", {t, 1, 2, 3}, {0, 1, 1, 4}) == std::array<std::uint32_t, 4>{t, 0, t, t});
    CHECK(op1("inegate o0, v0", {1, 0, 0x80000000u, t}) == std::array<std::uint32_t, 4>{t, 0, 0x80000000u, 1});
    CHECK(op1("inot o0, v0", {0, t, 0xF0F0F0F0u, 1}) == std::array<std::uint32_t, 4>{t, 0, 0x0F0F0F0Fu, 0xFFFFFFFEu});
    CHECK(op1("iand o0, v0, v1", all(0xFF00FF00u), all(0x0FF00FF0u)) == all(0x0F000F00u));
    CHECK(op1("ior o0, v0, v1", all(0xFF00FF00u), all(0x0FF00FF0u)) == all(0xFFF0FFF0u));
    CHECK(op1("ixor o0, v0, v1", all(0xFF00FF00u), all(0x0FF00FF0u)) == all(0xF0F0F0F0u));
    // Shifts use the five low bits: a shift of 33 is a shift of 1.
    CHECK(op1("ishl o0, v0, v1", all(3), {1, 33, 31, 32}) == std::array<std::uint32_t, 4>{6, 6, 0x80000000u, 3});
    CHECK(op1("ishr o0, v0, v1", all(0x80000010u), {4, 36, 31, 0}) == std::array<std::uint32_t, 4>{0xF8000001u, 0xF8000001u, t, 0x80000010u});
    CHECK(op1("ushr o0, v0, v1", all(0x80000010u), {4, 36, 31, 0}) == std::array<std::uint32_t, 4>{0x08000001u, 0x08000001u, 1, 0x80000010u});
    // udiv, umod; by zero the executor's choice, 0xFFFFFFFF.
    CHECK(op1("udiv o0, v0, v1", {7, t, 5, 5}, {2, 16, 7, 0}) == std::array<std::uint32_t, 4>{3, 0x0FFFFFFFu, 0, t});
    CHECK(op1("umod o0, v0, v1", {7, t, 5, 5}, {2, 16, 7, 0}) == std::array<std::uint32_t, 4>{1, 15, 5, t});
    CHECK(op1("umul24 o0, v0, v1", all(0x01000003u), all(5)) == all(15));
    CHECK(op1("umad24 o0, v0, v1, v2", all(0xFF000002u), all(3), all(4)) == all(10));
    CHECK(op1("umul24_high o0, v0, v1", all(0xFFFFFFu), all(0xFFFFFFu)) == all(0xFFFFu));  // (2^24-1)^2 >> 32
    CHECK(op1("icarry o0, v0, v1", {t, 1, 0x80000000u, 0}, {1, 2, 0x80000000u, 0}) == std::array<std::uint32_t, 4>{1, 0, 1, 0});
    CHECK(op1("iborrow o0, v0, v1", {0, 2, 5, 0}, {1, 1, 5, 0}) == std::array<std::uint32_t, 4>{1, 0, 0, 0});
}

TEST_CASE("amdil exec: bit instructions (7.9)", "[amdil][exec]") {
    // width = src0 & 31, offset = src1 & 31; the field from bit offset, right-justified.
    CHECK(op1("ubit_extract o0, v0, v1, v2", {8, 0, 4, 8}, {4, 3, 28, 40}, all(0xF2345678u)) ==
          std::array<std::uint32_t, 4>{0x67, 0, 0xF, 0x56});
    CHECK(op1("ibit_extract o0, v0, v1, v2", {4, 8, 4, 0}, {4, 0, 28, 0}, all(0xF23456F8u)) ==
          std::array<std::uint32_t, 4>{0xFFFFFFFFu, 0xFFFFFFF8u, 0xFFFFFFFFu, 0});
    CHECK(op1("ubit_insert o0, v0, v1, v2, v3", {8, 4, 0, 31}, {8, 0, 5, 1}, all(0xABu), all(0x11223344u)) ==
          std::array<std::uint32_t, 4>{0x1122AB44u, 0x1122334Bu, 0x11223344u, 0x00000156u});
    CHECK(op1("ubit_reverse o0, v0", {1, 0x80000000u, 0xF0u, 0}) == std::array<std::uint32_t, 4>{0x80000000u, 1, 0x0F000000u, 0});
    CHECK(op1("icbits o0, v0", {0, 0xF0F0u, 0xFFFFFFFFu, 1}) == std::array<std::uint32_t, 4>{0, 8, 32, 1});
    // ffb: lo from bit 0; not found: 0xFFFFFFFF.
    CHECK(op1("ifirstbit o0, v0", {8, 0, 1, 0x80000000u}) == std::array<std::uint32_t, 4>{3, 0xFFFFFFFFu, 0, 31});
}

TEST_CASE("amdil exec: conversions (7.10)", "[amdil][exec]") {
    CHECK(op1("ftoi o0, v0", f4(-2.7f, 2.7f, 3e9f, nan_f)) == std::array<std::uint32_t, 4>{0xFFFFFFFEu, 2, 0x7FFFFFFFu, 0});
    CHECK(op1("ftou o0, v0", f4(-1, 2.9f, 5e9f, 4294967040.0f)) == std::array<std::uint32_t, 4>{0, 2, 0xFFFFFFFFu, 4294967040u});
    CHECK(op1("itof o0, v0", {0xFFFFFFFDu, 0, 16777217u, 0x80000000u}) == f4(-3, 0, 16777216.0f, -2147483648.0f));
    CHECK(op1("utof o0, v0", {0xFFFFFFFFu, 0, 7, 0x80000000u}) == f4(4294967296.0f, 0, 7, 2147483648.0f));
    CHECK(op1("f2f16 o0, v0", f4(1, -2, 65504, 0.5f)) == std::array<std::uint32_t, 4>{0x3C00u, 0xC000u, 0x7BFFu, 0x3800u});
    CHECK(op1("f162f o0, v0", {0x3C00u, 0xC000u, 0x7C00u, 0x0001u}) == f4(1, -2, inf_f, 0x1p-24f));
}

namespace {

// A double as the (low, high) words of a register pair, twice: xy and zw.
std::array<std::uint32_t, 4> dd(std::uint64_t b) {
    const auto lo = static_cast<std::uint32_t>(b), hi = static_cast<std::uint32_t>(b >> 32);
    return {lo, hi, lo, hi};
}
std::array<std::uint32_t, 4> dd(double v) { return dd(std::bit_cast<std::uint64_t>(v)); }

}  // namespace

TEST_CASE("amdil exec: double precision on register pairs (7.12)", "[amdil][exec]") {
    CHECK(op1("dadd o0, v0, v1", dd(1.5), dd(2.25)) == dd(0x400E000000000000u));  // 3.75
    CHECK(op1("dmul o0, v0, v1", dd(1.5), dd(-2.0)) == dd(0xC008000000000000u));   // -3
    CHECK(op1("ddiv o0, v0, v1", dd(1.0), dd(3.0)) == dd(0x3FD5555555555555u));    // 1/3 rounded to nearest
    // dmad is fused (FMA64): (1 + 2^-52)(1 - 2^-52) - 1 = -2^-104, which a rounded product loses.
    CHECK(op1("dmad o0, v0, v1, v2", dd(1.0 + 0x1p-52), dd(1.0 - 0x1p-52), dd(-1.0)) == dd(0xB970000000000000u));
    CHECK(op1("dsqrt o0, v0", dd(2.25)) == dd(1.5));
    CHECK(op1("drcp o0, v0", dd(4.0)) == dd(0.25));
    CHECK(op1("drsq o0, v0", dd(16.0)) == dd(0.25));
    // Negate and abs act on the high word only: _neg(x) changes nothing, _neg(y) the sign.
    CHECK(op1("dadd o0, v0_neg(x), v1", dd(1.5), dd(2.25)) == dd(3.75));
    CHECK(op1("dadd o0, v0_neg(y), v1", dd(1.5), dd(2.25)) == dd(0.75));
    CHECK(op1("dadd o0, v0_abs, v1", dd(-1.5), dd(2.25)) == dd(3.75));
    // The result goes to the pairs the mask writes.
    const auto m = run("mov o0, v2\ndadd o0.xy__, v0, v1\nend\n", {dd(1.5), dd(2.25), {7, 8, 9, 10}});
    CHECK(out(*m) == std::array<std::uint32_t, 4>{0, 0x400E0000u, 9, 10});
    const std::uint32_t t = 0xFFFFFFFFu;
    CHECK(op1("deq o0, v0, v1", dd(1.5), dd(1.5)) == all(t));
    CHECK(op1("dne o0, v0, v1", dd(1.5), dd(1.5)) == all(0));
    CHECK(op1("dlt o0, v0, v1", dd(-1.0), dd(1.5)) == all(t));
    CHECK(op1("dge o0, v0, v1", dd(-1.0), dd(1.5)) == all(0));
    CHECK(op1("dlt o0, v0, v1", dd(0x7FF8000000000000u), dd(1.5)) == all(0));  // NaN compares false
    CHECK(op1("dmax o0, v0, v1", dd(0x7FF8000000000000u), dd(1.5)) == dd(1.5));
    CHECK(op1("dmin o0, v0, v1", dd(-2.0), dd(1.5)) == dd(-2.0));
    CHECK(op1("dmov o0, v0", dd(2.25)) == dd(2.25));
    CHECK(op1("dmovc o0, v0, v1, v2", all(0), dd(1.5), dd(2.25)) == dd(1.5));  // src0.x == 0: src1
    CHECK(op1("dmovc o0, v0, v1, v2", all(1), dd(1.5), dd(2.25)) == dd(2.25));
    CHECK(op1("d2f o0, v0", dd(1.5)) == allf(1.5f));
    CHECK(op1("f2d o0, v0", allf(0.1f)) == dd(0x3FB99999A0000000u));  // exact
    CHECK(op1("dfrac o0, v0", dd(-1.25)) == dd(0.75));
    CHECK(op1("dldexp o0, v0, v1", dd(1.5), all(3)) == dd(12.0));
    // dfrexp: x = 0, y = the exponent, wz = the mantissa: 12 = 0.75 * 2^4.
    CHECK(op1("dfrexp o0, v0", dd(12.0)) == std::array<std::uint32_t, 4>{0, 4, 0, 0x3FE80000u});
}

TEST_CASE("amdil exec: 64-bit integers on register pairs (7.6, 7.7)", "[amdil][exec]") {
    const std::uint32_t t = 0xFFFFFFFFu;
    const auto q = [](std::uint64_t v) { return dd(v); };  // the same pair layout as doubles: x low, y high
    CHECK(op1("i64add o0, v0, v1", q(0x1FFFFFFFFu), q(1)) == q(0x200000000u));
    CHECK(op1("i64negate o0, v0", q(1)) == q(~std::uint64_t{0}));
    CHECK(op1("i64shl o0, v0, v1", q(1), all(33)) == q(0x200000000u));
    CHECK(op1("i64shl o0, v0, v1", q(1), all(65)) == q(2));  // six low bits: 65 is 1
    CHECK(op1("i64shr o0, v0, v1", q(0x8000000000000000u), all(63)) == q(~std::uint64_t{0}));
    CHECK(op1("u64shr o0, v0, v1", q(0x8000000000000000u), all(63)) == q(1));
    CHECK(op1("i64lt o0, v0, v1", q(~std::uint64_t{0}), q(0)) == all(t));  // -1 < 0
    CHECK(op1("u64lt o0, v0, v1", q(~std::uint64_t{0}), q(0)) == all(0));
    CHECK(op1("i64ge o0, v0, v1", q(5), q(5)) == all(t));
    CHECK(op1("u64ge o0, v0, v1", q(4), q(5)) == all(0));
    CHECK(op1("i64eq o0, v0, v1", q(0x100000000u), q(0)) == all(0));  // the high words differ
    CHECK(op1("i64ne o0, v0, v1", q(0x100000000u), q(0)) == all(t));
    CHECK(op1("i64max o0, v0, v1", q(~std::uint64_t{0}), q(3)) == q(3));
    CHECK(op1("i64min o0, v0, v1", q(~std::uint64_t{0}), q(3)) == q(~std::uint64_t{0}));
}

TEST_CASE("amdil exec: legacy vector instructions (DST, LIT, EXPP, DXSINCOS)", "[amdil][exec]") {
    CHECK(op1("dst o0, v0, v1", f4(2, 3, 4, 5), f4(6, 7, 8, 9)) == f4(1, 21, 4, 9));
    // LIT: (1, max(x, 0), x > 0 && y > 0 ? y^w : 0, 1).
    CHECK(op1("lit o0, v0", f4(0.5f, 0.25f, 0, 2)) == f4(1, 0.5f, 0.0625f, 1));
    CHECK(op1("lit o0, v0", f4(-1, 0.25f, 0, 2)) == f4(1, 0, 0, 1));
    CHECK(op1("lit o0, v0", f4(1, 2, 0, 200)) == f4(1, 1, inf_f, 1));  // 2^(1 * 128): the power clamps at 128, 2^128 overflows
    // EXPP: (2^floor(w), w - floor(w), 2^w, 1); 2^2.5 = sqrt(32) = 5.65685425, binary32 0x40B504F3.
    CHECK(op1("expp o0, v0", f4(0, 0, 0, 2.5f)) == std::array<std::uint32_t, 4>{bits(4), bits(0.5f), 0x40B504F3u, bits(1)});
    const auto m = run("mov r0, v1\ndxsincos r0, v0, v1, v1\nmov o0, r0\nend\n", {allf(0), allf(7)});
    CHECK(out(*m) == f4(1, 0, 7, 7));  // x = cos, y = sin; z and w not written
}

namespace {
// Each component within `ulps` units in the last place of the expected float (same sign).
bool near(std::array<std::uint32_t, 4> got, std::array<std::uint32_t, 4> want, std::uint32_t ulps = 1) {
    for (std::size_t c = 0; c < 4; ++c) {
        const auto d = got[c] > want[c] ? got[c] - want[c] : want[c] - got[c];
        if ((got[c] >> 31) != (want[c] >> 31) || d > ulps) return false;
    }
    return true;
}
}  // namespace

// These seven were read with the wrong operand counts before the table's fix (amdil.toml's
// [[operands]] for them): values worked out from their chapter-7 entries.
TEST_CASE("amdil exec: pow and fma read two and three sources (7.8)", "[amdil][exec]") {
    // POW: src0.w to the power src1.w, broadcast; x, y, z of both sources are not read.
    CHECK(near(op1("pow o0, v0, v1", f4(9, 9, 9, 2), f4(7, 7, 7, 10)), allf(1024)));
    CHECK(near(op1("pow o0, v0, v1", f4(0, 0, 0, 4), f4(0, 0, 0, 0.5f)), allf(2)));
    CHECK(near(op1("pow o0, v0, v1", f4(0, 0, 0, 0.25f), f4(0, 0, 0, -1.5f)), allf(8)));  // 4^1.5
    CHECK(near(op1("pow o0, v0.xyzx, v1", f4(3, 0, 0, 0), f4(0, 0, 0, 2)), allf(9)));     // swizzled into w
    // src0.w < 0 is undefined in the text: NaN (amdil_execution.toml).
    CHECK(std::isnan(flt(op1("pow o0, v0, v1", allf(-2), allf(2))[0])));
    // FMA: (src0 * src1) + src2 rounded once. (1 + 2^-23)(1 - 2^-23) = 1 - 2^-46 exactly; minus 1
    // gives -2^-46 (0xA8800000); a rounded product (1.0) would give 0.
    CHECK(op1("fma o0, v0, v1, v2", f4(2, 0.5f, -3, 1 + 0x1p-23f), f4(3, 8, 4, 1 - 0x1p-23f), f4(1, -4, 12, -1)) ==
          std::array<std::uint32_t, 4>{bits(7), bits(0), bits(0), 0xA8800000u});
    CHECK(op1("mad_ieee o0, v0, v1, v2", allf(1 + 0x1p-23f), allf(1 - 0x1p-23f), allf(-1)) == allf(0));  // the contrast
}

TEST_CASE("amdil exec: exn, imul24, imul24_high, u64max, u64min with their chapter-7 operands", "[amdil][exec]") {
    // EXN: e to the power src0.w, broadcast. e in binary32 is 0x402DF854.
    CHECK(near(op1("exn o0, v0", f4(5, 5, 5, 1)), all(0x402DF854u)));
    CHECK(near(op1("exn o0, v0", f4(5, 5, 5, 0)), allf(1)));
    // IMUL24: the low 24 bits of each source as signed, the low 32 bits of the product.
    CHECK(op1("imul24 o0, v0, v1", {0x00FFFFFFu, 0xFF000003u, 0x00800000u, 1000}, {5, 7, 2, 1000}) ==
          std::array<std::uint32_t, 4>{0xFFFFFFFBu, 21, 0xFF000000u, 1000000});  // -1 * 5, 3 * 7, -2^23 * 2
    // IMUL24_HIGH: the high-order bits of the 48-bit product (bits 47:32, sign-extended).
    CHECK(op1("imul24_high o0, v0, v1", {0x00800000u, 0x00400000u, 0x00FFFFFFu, 3}, {0x007FFFFFu, 0x00400000u, 5, 4}) ==
          std::array<std::uint32_t, 4>{0xFFFFC000u, 0x1000, 0xFFFFFFFFu, 0});  // -2^46 + 2^23, 2^44, -5, 12
    // U64MAX / U64MIN: unsigned on the x/y pair (x low), dst = src0 > src1 ? src0 : src1.
    const auto q = [](std::uint64_t v) { return dd(v); };
    CHECK(op1("u64max o0, v0, v1", q(~std::uint64_t{0}), q(3)) == q(~std::uint64_t{0}));  // unsigned: all ones is largest
    CHECK(op1("u64min o0, v0, v1", q(~std::uint64_t{0}), q(3)) == q(3));
    CHECK(op1("u64max o0, v0, v1", q(0x100000000u), q(0xFFFFFFFFu)) == q(0x100000000u));  // the high word decides
}

namespace {

// op1 with control bits the text syntax does not spell (nrm4, reflect's normalize, zero-op).
std::array<std::uint32_t, 4> op1_control(const std::string& ins, std::uint32_t control, std::array<std::uint32_t, 4> a,
                                         std::array<std::uint32_t, 4> b = {}) {
    static std::vector<am::instruction> code;
    code = program("il_ps_2_0\n" + ins + "\nend\n");
    code[1].words[0] |= control << 16;
    machine m(code);
    for (std::size_t lane = 0; lane < 4; ++lane) {
        m.set(reg_type::input, 0, lane, a);
        m.set(reg_type::input, 1, lane, b);
    }
    REQUIRE(m.run().ok());
    return out(m);
}

}  // namespace

TEST_CASE("amdil exec: the remaining float instructions (CMP, DET, FACEFORWARD, LOGP, MOD, NRM, PIREDUCE, REFLECT)", "[amdil][exec]") {
    // cmp: (src0 relop cmpval) ? src1 : src2 per component; NaN compares false.
    CHECK(op1("cmp_relop(ge)_cmpval(0.5) o0, v0, v1, v2", f4(0.5f, 0.25f, 1, nan_f), allf(1), allf(2)) == f4(1, 2, 1, 2));
    CHECK(op1("cmp_relop(lt)_cmpval(-1.0) o0, v0, v1, v2", f4(-2, -1, 0, -inf_f), allf(1), allf(2)) == f4(1, 2, 2, 1));
    // colorclamp: no colour buffer, clamp mode NONE; project moves (its divComp applies).
    CHECK(op1("colorclamp o0, v0", f4(2, -3, 0.5f, 7)) == f4(2, -3, 0.5f, 7));
    CHECK(op1("project o0, v0_divcomp(w)", f4(2, 4, 6, 2)) == f4(1, 2, 3, 2));
    // faceforward: src2 * sign(dot4(src0, src1)): dot 2 keeps src2, dot -10 negates it.
    CHECK(op1("faceforward o0, v0, v1, v2", f4(1, 2, 3, 4), f4(1, 1, 1, -1), f4(5, -6, 7, 0)) == f4(5, -6, 7, 0));
    CHECK(op1("faceforward o0, v0, v1, v2", f4(1, 2, 3, 4), allf(-1), f4(5, -6, 7, 0)) == f4(-5, 6, -7, -0.0f));
    // logp on w: (floor(f), w / 2^floor(f), f, 1) with f = log2(w); w = 0: f = -zero-op value.
    CHECK(op1("logp o0, v0", f4(9, 9, 9, 0.25f)) == f4(-2, 1, -2, 1));
    CHECK(op1("logp_zeroop(infinity) o0, v0", f4(9, 9, 9, 0)) == f4(-inf_f, nan_f, -inf_f, 1));
    // mod: v1 - v2 * trunc(v1 / v2), src0 when src1 is 0 (-1.7 + 1 is exact).
    CHECK(op1("mod o0, v0, v1", f4(-1.7f, 7, 5, 3), f4(1, 2, 0, -2)) == f4(-1.7f + 1.0f, 1, 5, 1));
    // nrm: xyz (bit 18: xyzw) divided by their length, w too; a zero length gives the zero-op value.
    CHECK(op1("nrm o0, v0", f4(3, 4, 0, 5)) == f4(0.6f, 0.8f, 0, 1));
    CHECK(op1_control("nrm o0, v0", 4, allf(1)) == allf(0.5f));
    CHECK(op1("nrm o0, v0", f4(0, 0, 0, 7)) == f4(0, 0, 0, inf_f));  // 7 * FLT_MAX
    CHECK(op1_control("nrm o0, v0", 1, f4(0, 0, 0, 7)) == f4(0, 0, 0, 0));
    // det of the rows v0..v3 (src0 and the three registers after it), in every component.
    CHECK(op1("det o0, v0", f4(2, 0, 0, 0), f4(0, 3, 0, 0), f4(0, 0, 4, 0), f4(0, 0, 0, 5)) == allf(120));
    CHECK(op1("det o0, v0", f4(1, 2, 3, 4), f4(0, 1, 2, 3), f4(0, 0, 1, 2), f4(1, 0, 0, 1)) == allf(1));  // by the last row: 0 + 1
    // pireduce: 0 and 2 pi go to 0, pi and -pi to -pi.
    constexpr float pi = 3.14159274f;
    CHECK(op1("pireduce o0, v0", f4(0, pi, 2 * pi, -pi)) == f4(0, -pi, 0, -pi));
    // reflect: v1 - 2 dot(v1, v2) v2; normalize (bit 16): dot(v2, v2) v1 - 2 dot(v1, v2) v2.
    CHECK(op1("reflect o0, v0, v1", f4(1, -1, 0, 0), f4(0, 1, 0, 0)) == f4(1, 1, 0, 0));
    CHECK(op1_control("reflect o0, v0, v1", 1, f4(1, -1, 0, 0), f4(0, 2, 0, 0)) == f4(4, 4, 0, 0));
}

TEST_CASE("amdil exec: multi-media instructions (7.13)", "[amdil][exec]") {
    const std::array<std::uint32_t, 4> packed{0x11223344u, 0xFFFFFFFFu, 0, 0};
    CHECK(op1("unpack0 o0, v0", packed) == allf(68));  // 0x44, from src0.x, replicated
    CHECK(op1("unpack1 o0, v0", packed) == allf(51));
    CHECK(op1("unpack2 o0, v0", packed) == allf(34));
    CHECK(op1("unpack3 o0, v0", packed) == allf(17));
    // The document's bitalign examples: src0 = 0x01234567, src1 = 0x89ABCDEF, shifts 11 and 24 (its
    // shift-1 example, 0xA4D5E6F7, is one bit off the formula: 0xC4D5E6F7).
    const std::array<std::uint32_t, 4> hi = all(0x01234567u), lo = all(0x89ABCDEFu);
    CHECK(op1("bitalign o0, v0, v1, v2", hi, lo, all(11)) == all(0xACF13579u));
    CHECK(op1("bitalign o0, v0, v1, v2", hi, lo, all(24)) == all(0x23456789u));
    CHECK(op1("bitalign o0, v0, v1, v2", hi, lo, all(1)) == all(0xC4D5E6F7u));
    CHECK(op1("bytealign o0, v0, v1, v2", hi, lo, all(1)) == all(0x6789ABCDu));
    // u4lerp: each byte (a + b + c's low bit of that byte) >> 1.
    CHECK(op1("u4lerp o0, v0, v1, v2", all(0x10203040u), all(0x01020304u), all(0x01000100u)) == all(0x09111A22u));
    // sad: 16 + 16 + 0 + 16 + src2; sadhi: the sum << 16 + src2; sad4 over xyzw + src2.x.
    CHECK(op1("sad o0, v0, v1, v2", all(0x10203040u), all(0x20103050u), all(2)) == all(50));
    CHECK(op1("sadhi o0, v0, v1, v2", all(0x10203040u), all(0x20103050u), all(2)) == all(0x300002u));
    CHECK(op1("sad4 o0, v0, v1, v2", {0x10203040u, 1, 0, 0}, {0x20103050u, 3, 0, 0}, {5, 9, 9, 9}) == all(55));
    // f2u4: the four floats to unsigned bytes (x lowest): 1, 255, 2, 300 & 0xFF = 44.
    CHECK(op1("f2u4 o0, v0", f4(1, 255, 2.7f, 300)) == all(0x2C02FF01u));
}

TEST_CASE("amdil exec: mmul and transpose (7.8), their extra rows from the layout's side table", "[amdil][exec]") {
    // src0 = (1, 0.5, -1, 2); the rows v1..v4 = (1 2 3 4), (5 6 7 8), (9 10 11 12), (13 14 15 16).
    // dot4 with each row: 1 + 1 - 3 + 8 = 7, 17, 27, 37; dot3: -1, 1, 3, 5.
    const auto rows = [](const std::string& text) {
        return run(text + "\nend\n", {f4(1, 0.5f, -1, 2), f4(1, 2, 3, 4), f4(5, 6, 7, 8), f4(9, 10, 11, 12), f4(13, 14, 15, 16)});
    };
    CHECK(out(*rows("mmul_matrix(0) o0, v0, v1")) == f4(7, 17, 27, 37));     // 4x4
    CHECK(out(*rows("mmul_matrix(1) o0, v0, v1")) == f4(7, 17, 27, 0));      // 4x3: w not written
    CHECK(out(*rows("mmul_matrix(2) o0, v0, v1")) == f4(-1, 1, 3, 5));       // 3x4
    CHECK(out(*rows("mmul_matrix(3) o0, v0, v1")) == f4(-1, 1, 3, 0));       // 3x3
    CHECK(out(*rows("mmul_matrix(4) o0.xy01, v0, v1")) == f4(-1, 1, 0, 1));  // 3x2; z, w only from the mask's 0 and 1
    // src1's modifiers apply to every row.
    CHECK(out(*rows("mmul_matrix(0) o0, v0, v1_neg(xyzw)")) == f4(-7, -17, -27, -37));
    // The products are non-IEEE as DP4's: 0 * inf = 0.
    CHECK(out(*run("mmul_matrix(0) o0, v0, v1\nend\n", {f4(0, 2, 0, 0), f4(inf_f, 1, 0, 0)})) == f4(2, 0, 0, 0));
    // An indexed src1: the rows are the elements after cb0[r1.x + 1] (r1.x = 1: cb0[2..5]), the index on each.
    const auto c = run_with("dcl_cb cb0[6]\nmov r1, v1\nmmul_matrix(2) o0, v0, cb0[r1.x+1]\nend\n", [](machine& mm) {
        for (std::size_t lane = 0; lane < 4; ++lane) {
            mm.set(reg_type::input, 0, lane, f4(1, 0.5f, -1, 2));
            mm.set(reg_type::input, 1, lane, {1, 0, 0, 0});
        }
        for (std::uint32_t e = 0; e < 6; ++e) mm.set_element(reg_type::const_buff, 0, e, f4(static_cast<float>(e), 2, 0, 9));
    });
    CHECK(out(*c) == f4(3, 4, 5, 6));  // dot3((1, 0.5, -1), (e, 2, 0)) = e + 1 for e = 2..5
    // transpose: destination row k = component k of the four source rows (o0..o3 from v1..v4).
    const auto t = rows("transpose o0, v1");
    CHECK(out(*t, 0) == f4(1, 5, 9, 13));
    CHECK(out(*t, 1) == f4(2, 6, 10, 14));
    CHECK(out(*t, 3) == f4(4, 8, 12, 16));
    // transpose moves bits (a NaN payload survives); the destination mask applies to every row.
    const auto p = run("transpose o0.x_z_, v0\nend\n", {{0x7F800001u, 1, 2, 3}, {4, 5, 6, 7}});
    CHECK(out(*p, 0) == std::array<std::uint32_t, 4>{0x7F800001u, 0, 0, 0});
    CHECK(out(*p, 1) == std::array<std::uint32_t, 4>{1, 0, 0, 0});
}
