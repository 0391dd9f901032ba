// SPDX-License-Identifier: MIT
// The AMD IL interpreter and the compiled path give bit-identical results on the integer, bit,
// conversion and double program (exec_paths.hpp), over 4 and 64 lanes.
#include "exec_paths.hpp"

using namespace amdil_exec_test;

namespace {
constexpr auto integer_ops = am::assemble<integer_text>();
}  // namespace

TEST_CASE("amdil exec paths: ... on every integer, bit, conversion and double instruction", "[amdil][exec]") {
    compare_widths<integer_ops, 4, 64>();
}

// The compiled path's kernels over row values (amdil/exec/values.hpp): a program made only of their
// instructions (every source and destination modifier they follow, chains through the registers,
// NaNs left loose along a chain of arithmetic: r47, and not: r49) takes that path, and agrees with
// the interpreter bit for bit.
namespace {
constexpr ctisa::fixed_string values_text{R"(il_ps_2_0
dcl_input_generic v0
dcl_input_generic v1
dcl_input_generic v2
dcl_literal l0, 0x3F800000, 0x40000000, 0x00000000, 0xBF000000
dcl_literal l1, 1, 0xFFFFFFFF, 31, 0x80000000
add r0, v0, v1
sub r1, v0, v1_neg(xw)
mul r2, v0, v1
mul_ieee r3, v0.yxwz, v1
mad r4, v0, v1, v2
mad_ieee_sat r5, v0, v1, v2
dp2 r6, v0, v1
dp3_ieee r7, v0, v1
dp4 r8, v0_abs, v1
dp2add r9, v0, v1, v2
max r10, v0, v1
min_ieee r11, v0, v1
max_ieee r12, v0, v1
min r13, v0, v1
mov_x2 r14, v0_invert_bias
abs r15, v0
mov r16, v0_sign
mov_d2 r17, v0.x01w_clamp
mov r18.x_1_, l0
mul_x4_sat r19, r0, r2_abs
mad_ieee r20.xy0w, r4, r3_neg(yz), r5
min_ieee r21, r20, r11_x2
inot r22, v0
ior r23, v0, v1
ixor r24, v0, v1
iand r25, v0, l1
iadd r26, v0, v1_neg(y)
imad r27, v0, v1, v2
imax r28, v0, v1_abs
imin r29, v0, v1
imul r30, v0, v1
ieq r31, v0, v1
ige r32, v0, v1
ilt r33, v0, v1
inegate r34, v0
ine r35, v0, v1
ishl r36, v0, v1
ishr r37, v0, v1
ushr r38, v0, v1
umad r39, v0, v1, v2
umax r40, v0, v1
umin r41, v0, v1
ult r42, v0, v1
uge r43, v0, v1
umul r44, v0, v1
iadd r45, r44, r26_neg(xz)
mad r46, r45, r1, r4
mad r47, v0, v1, v2
mad r47, r47, v1, v2
mov r48, r47
mul r49, v0, v1
iadd r50, r49, v0
mul r49, r49, v1
end
)"};
constexpr auto values_ops = am::assemble<values_text>();
}  // namespace

TEST_CASE("amdil exec paths: the compiled path's value kernels agree with the interpreter", "[amdil][exec]") {
    STATIC_REQUIRE(ax::compiled<values_ops, 4>::runs_on_values);
    STATIC_REQUIRE(ax::compiled<values_ops, 64>::runs_on_values);
    STATIC_REQUIRE(!ax::compiled<integer_ops, 64>::runs_on_values);
    compare_widths<values_ops, 4, 64>();
}

// A chain through one register: the only rows it carries from one instruction to another are r0's
// four (exec/loose_nan.hpp, carried_rows), so the compiled path runs it in blocks of several SIMD
// registers side by side (exec/compiled.hpp, value_group), NaNs loose along the chain; all the
// same bit for bit.
namespace {
constexpr ctisa::fixed_string chain_text{R"(il_ps_2_0
dcl_input_generic v0
dcl_input_generic v1
dcl_input_generic v2
dcl_output_generic o0
dcl_literal l0, 0x3F000000, 0x3F400000, 0xBE800000, 0x3E000000
mov r0, v0
mad_ieee r0, r0, l0, v1
mad r0, r0, v2, l0
mul r0, r0_neg(xz), v1
mad_ieee r0, r0, r0, v2
add r0, r0, v2
mov o0, r0
end
)"};
constexpr auto chain_ops = am::assemble<chain_text>();
}  // namespace

TEST_CASE("amdil exec paths: a chain through one register runs several SIMD registers a block, and agrees", "[amdil][exec]") {
    constexpr std::size_t register_lanes = ctisa::exec::simd_register_bytes / sizeof(std::uint32_t);
    STATIC_REQUIRE(ax::compiled<chain_ops, 64>::runs_on_values);
    STATIC_REQUIRE(ax::compiled<chain_ops, 64>::value_block_lanes > register_lanes);
    compare_widths<chain_ops, 4, 16, 64>();
}
