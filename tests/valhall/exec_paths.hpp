// SPDX-License-Identifier: MIT
// Programs and the comparison used by the tests that the interpreter and the compiled path give
// bit-identical results (exec_paths_test.cpp, exec_paths_wide_test.cpp).
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <sstream>

#include <ctisa/valhall/executor.hpp>

namespace paths {

namespace va = ctisa::valhall;
namespace vx = ctisa::valhall::exec;

// Every executable floating-point family, straight-line (runs in blocks of lanes when compiled).
constexpr auto float_program = va::assemble<R"(
FADD.f32 r16, r0, r1.neg
FADD.f32.clamp_0_1 r17, r0.abs, r1.h1
FMIN.f32 r18, r0, r1
FMAX.f32.clamp_m1_1 r19, r0, r2
FADD.v2f16 r20, r3, r4.h10
FMIN.v2f16 r21, r3.neg, r4
FMAX.v2f16.clamp_0_inf r22, r3, r4.h11
FMA.f32 r23, r0, r1, r2
FMA.f32.clamp_0_1 r24, r0.neg, r2.h0, u0
FMA.v2f16 r25, r3, r4, r5.h00
FADD_IMM.f32 r26, r0, #0x3F800000
FADD_IMM.v2f16 r27, r3, #0x3C00BC00
FMA_RSCALE.f32.clamp_0_inf r28, r0, r1, r2, r6
FEXP.f32 r29, r6, r0
FRCP.f32 r30, r0
FRSQ.f32 r31, r1
FRCP.f16 r32, r3
FRSQ.f16 r33, r4.h10
FREXPM.f32 r34, r0
FREXPE.f32 r35, r1
FREXPM.v2f16 r36, r3
FREXPE.v2f16 r37, r4
FSIN_TABLE.u6 r38, r6
FCOS_TABLE.u6 r39, r7
FROUND.f32.rtn r40, r0
FROUND.v2f16.rtp r41, r3
V2F32_TO_V2F16 r42, r0, r1
CUBEFACE1 r43, r0, r1.neg, r2
S32_TO_F32.rtz r44, r6
U32_TO_F32 r45, r7
F32_TO_S32.rtp r46, r0
F32_TO_U32 r47, r1
F16_TO_F32 r48, r3.h1
F16_TO_S32 r49, r4.h10
V2F16_TO_V2S16.rtz r50, r3
V2S16_TO_V2F16 r51, r6
S8_TO_S32 r52, r6.b2
U8_TO_F16 r53.h1, r7.b1
S16_TO_F32 r54, r6.h1
FMA.f32 r55, r55, u2, u3
FMA.v2f16 r56, r56, u3, u3
FCMP.f32.lt.f1 r57, r0, r1, r7
FCMP.v2f16.gtlt.m1 r58, r3.h10, r4, 0x0
CSEL.f32.ne r59, r0, r1, r2, r3
CSEL.v2f16.ge r60, r3, r4, r5, r6
F16_TO_U32.rtn r61, r5.h11
U16_TO_F32 r62, r7.h0
V2U16_TO_V2F16.rtz r63, r7
)">();

// Every executable integer, compare, select and cross-lane family, straight-line.
constexpr auto int_program = va::assemble<R"(
IADD.u32 r16, r0, r1
IADD.s32.saturate r17, r0, r1.b3
ISUB.v2u16.saturate r18, r0, r1.h10
ISUB.v4s8 r19, r0, r1.b3210
IMUL.i32 r20, r0, r1
IMUL.v2s16.saturate r21, r0, r1.b20
HADD.u32.rhadd r22, r0, r1
HADD.v4s8 r23, r0, r1
IADD.u64 r24, r2, r4
ISUB.s64.saturate r26, r2, r4.w0
SHADDX.s64 r28, r2, r5.w0, shift:0x3
IMULD.u64 r30, r0, r1
NOT.i64 r32, r2
MKVEC.v2i16 r34, r0.h10, r1
MKVEC.v4i8 r35, r0.b2, r1.b1, r3
MUX.i32 r36, r0, r1, r3
IDP.v4s8.saturate r37, r0, r1, r3
IDP.v4u8 r38, r0, r1, r3
LSHIFT_AND.i32 r39, r0, r6, r1.not
RSHIFT_OR.v2i16.not_result r40, r0, r6.b11, r1
LSHIFT_XOR.v4i8 r41, r0, r6.b22, r1
RSHIFT_AND.i64 r42, r2, r6, r4
CLZ.u32 r44, r0
CLZ.v4u8 r45, r1
IABS.s32 r46, r0.h1
IABS.v2s16 r47, r1
POPCOUNT.i32 r48, r0
BITREV.i32 r49, r1
NOT.i32 r50, r0
ICMP.u32.gt.m1 r51, r0, r1, 0x0
ICMP.v2s16.le.i1.and r52, r0, r1.h10, r3
ICMP.v4u8.ne.m1 r53, r0, r1, 0x0
ICMP.s32.gtlt.f1 r54, r0, r1, r3
IADD.v4u8.saturate r55, r0, r1.b0011
CSEL.u32.ge r56, r0, r1, r2, r3
CSEL.v2i16.lt r57, r0, r1, r2, r3
CSEL.i32.le r58, r0, r1, r2, r3
IADD_IMM.v4i8 r59, r0, #0x1020304
CLPER.i32.subgroup4.xor r60, r0, r6
WMASK.subgroup8 r61, r1
MOV.i32.id r62, lane_id
S8_TO_S16 r63.h0, r1.b3
U16_TO_U32 r7, r0.h1
IADD_IMM.i32 r8, r8, #0x12345
CLPER.i32.inf r9, r1, 0x3020100.b2
)">();

// Control flow: a loop each lane runs its own number of times with cross-lane reads inside, a
// message, discards, a return on some lanes.
constexpr auto branch_program = va::assemble<R"(
LSHIFT_AND.i32 r10, r0, 0x0, u0
IADD_IMM.i32 r11, 0x0, #0x0
BRANCHZ.eq r10, offset:4
FMA.f32 r11, r11, u1, r1
CLPER.i32.subgroup4.xor r12, r11, 0x3020100.b1
IADD_IMM.i32 r10, r10, #0xFFFFFFFF
BRANCHZ.reconverge r10, offset:-4
WMASK r13, r12
TEX.computed.2d.slot0 @r11, @r14:r15:r16:r17, r3
DISCARD.f32.gt r60, r2, 0x0
FADD.f32 r18, r11, r12
BRANCHZ.eq r0.h1, offset:1
IADD_IMM.i32.return r19, 0x0, #0x5
IADD_IMM.i32 r19, r19, #0x1
)">();

// The same random inputs for two machines: r0-r15 and u0-u7. Floats are a spread of ordinary values
// with zeros, infinities, NaNs and subnormals mixed in; halves likewise.
template <std::size_t W>
void fill(vx::machine<W>& m, std::uint32_t seed) {
    std::uint32_t s = seed;
    auto next = [&] {
        s = s * 1664525u + 1013904223u;
        return s ^ (s >> 15);
    };
    auto f32 = [&]() -> std::uint32_t {
        static constexpr std::uint32_t specials[] = {0,           0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                                     0x00000001u, 0x3F800000u, 0xBF800000u, 0x7F7FFFFFu, 0x4F000000u};
        const std::uint32_t r = next();
        if (r % 8 == 0) return specials[(r >> 8) % 10];
        const float v = static_cast<float>(static_cast<std::int32_t>(r >> 8) % 20000) / 64.0f;
        return std::bit_cast<std::uint32_t>(v);
    };
    auto f16 = [&]() -> std::uint32_t {
        auto half = [&]() -> std::uint32_t {
            static constexpr std::uint32_t specials[] = {0, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x3C00, 0x7BFF};
            const std::uint32_t r = next();
            if (r % 8 == 0) return specials[(r >> 8) % 8];
            return ctisa::exec::half_from_float(static_cast<float>(static_cast<std::int32_t>(r >> 8) % 4000) / 32.0f);
        };
        return half() | (half() << 16);
    };
    for (std::size_t l = 0; l < W; ++l) {
        for (unsigned r : {0u, 1u, 2u}) m.set(r, l, f32());
        for (unsigned r : {3u, 4u, 5u}) m.set(r, l, f16());
        for (unsigned r = 6; r < 16; ++r) m.set(r, l, next());
        m.set(0, l, m.read(0, l) ^ static_cast<std::uint32_t>(l));  // some per-lane variety in r0's low bits
    }
    m.set_uniform(0, 7);
    m.set_uniform(1, std::bit_cast<std::uint32_t>(0.75f));
    m.set_uniform(2, std::bit_cast<std::uint32_t>(0.125f));
    m.set_uniform(3, 0x3A003800u);
    for (unsigned u = 4; u < 8; ++u) m.set_uniform(u, next());
}

// Runs Program on the interpreter and the compiled path from the same state: same status, same
// registers (every register of every lane), bit for bit.
template <auto Program, std::size_t W>
void compare(std::uint32_t seed, std::size_t lanes = W, std::uint64_t budget = vx::default_step_budget) {
    vx::machine<W> a(Program.instructions, lanes), b(Program.instructions, lanes);
    fill(a, seed);
    fill(b, seed);
    const auto ra = a.run(budget);
    const auto rb = vx::compiled<Program, W>::run(b, budget);
    CHECK(ra.error.code == rb.error.code);
    std::size_t mismatches = 0;
    std::ostringstream first;
    for (unsigned r = 0; r < va::register_count; ++r)
        for (std::size_t l = 0; l < W; ++l)
            if (a.read(r, l) != b.read(r, l) && mismatches++ == 0)
                first << "r" << r << " lane " << l << ": interpreter " << std::hex << a.read(r, l) << ", compiled " << b.read(r, l);
    INFO("W " << W << " lanes " << lanes << " seed " << seed << ": " << first.str());
    CHECK(mismatches == 0);
}

}  // namespace paths
