// SPDX-License-Identifier: MIT
// The Valhall executor's arithmetic against values worked out from the XML's descriptions and the
// decisions of generators/specs/valhall_execution.toml (named in brackets), corner cases included.
#include "exec_support.hpp"

#include <cmath>
#include <limits>

namespace {
constexpr float inf_f = std::numeric_limits<float>::infinity();
constexpr std::uint32_t qnan = 0x7FC00000u;
}  // namespace

TEST_CASE("FADD.f32: sources, modifiers, widened halves", "[valhall][exec]") {
    CHECK(one("FADD.f32 r0, r1, r2", {fbits(1.5f), fbits(2.25f)}) == fbits(3.75f));
    CHECK(one("FADD.f32 r0, r1.neg, r2.abs", {fbits(1.0f), fbits(-2.0f)}) == fbits(1.0f));
    CHECK(one("FADD.f32 r0, r1.neg.abs, r2", {fbits(-3.0f), fbits(1.0f)}) == fbits(-2.0f));
    // .h0 / .h1: the binary16 half widened to f32 (0x4400 = 4.0, 0xC000 = -2.0).
    CHECK(one("FADD.f32 r0, r1.h1, r2.h0", {0x4400C000u, 0x0000C000u}) == fbits(2.0f));
    // The immediate table and uniforms.
    CHECK(one("FADD.f32 r0, r1, 0x3F800000", {fbits(0.5f)}) == fbits(1.5f));
    warp w("FADD.f32 r0, u4, u5");
    w.u(4, fbits(2.0f)).u(5, fbits(0.125f)).go();
    CHECK(w(0, 9) == fbits(2.125f));
}

TEST_CASE("[clamp]: the XML's clamp identities", "[valhall][exec]") {
    const std::uint32_t nan_in = 0x7F800001u;  // a signalling NaN
    auto clamped = [](std::string_view mode, std::uint32_t a) {
        return one(std::string("FADD.f32.") + std::string(mode) + " r0, r1, 0x0", {a});
    };
    // x + 0 keeps x, except -0 + +0 = +0: use x + -0 for the -0 cases.
    auto clamped_neg0 = [](std::string_view mode, std::uint32_t a) {
        return one(std::string("FADD.f32.") + std::string(mode) + " r0, r1, 0x0.neg", {a});
    };
    CHECK(clamped("clamp_0_1", fbits(1.5f)) == fbits(1.0f));
    CHECK(clamped("clamp_0_1", fbits(-0.5f)) == 0u);
    CHECK(clamped("clamp_0_1", nan_in) == 0u);               // clamp(NaN, 0, 1) = +0
    CHECK(clamped_neg0("clamp_0_1", 0x80000000u) == 0u);     // clamp(-0, 0, 1) = +0
    CHECK(clamped("clamp_0_1", fbits(0.25f)) == fbits(0.25f));
    CHECK(clamped("clamp_m1_1", nan_in) == fbits(-1.0f));    // clamp(NaN, -1, 1) = -1
    CHECK(clamped("clamp_m1_1", 0xFFC00000u) == fbits(-1.0f));  // -NaN too
    CHECK(clamped_neg0("clamp_m1_1", 0x80000000u) == 0x80000000u);  // clamp(-0, -1, 1) = -0
    CHECK(clamped("clamp_m1_1", fbits(-7.0f)) == fbits(-1.0f));
    CHECK(clamped("clamp_m1_1", fbits(7.0f)) == fbits(1.0f));
    CHECK(clamped("clamp_0_inf", fbits(-3.0f)) == 0u);
    CHECK(clamped("clamp_0_inf", nan_in) == 0u);             // max(NaN, 0) = +0
    CHECK(clamped_neg0("clamp_0_inf", 0x80000000u) == 0u);   // max(-0, 0) = +0
    CHECK(clamped("clamp_0_inf", fbits(inf_f)) == fbits(inf_f));
}

TEST_CASE("[nan] [denormals]: canonical NaN, subnormals kept", "[valhall][exec]") {
    CHECK(one("FADD.f32 r0, r1, r2", {fbits(inf_f), fbits(-inf_f)}) == qnan);     // invalid: x86 would give 0xFFC00000
    CHECK(one("FADD.f32 r0, r1, r2", {0xFF800123u, fbits(1.0f)}) == qnan);        // payload and sign dropped
    CHECK(one("FMA.f32 r0, r1, r2, r3", {0u, fbits(inf_f), fbits(1.0f)}) == qnan);  // 0 * inf
    CHECK(one("FADD.f32 r0, r1, r2", {0x00000001u, 0x00000001u}) == 0x00000002u);  // 2^-149 + 2^-149
    CHECK(one("FADD.v2f16 r0, r1, r2", {0x00010001u, 0x00010001u}) == 0x00020002u);
    CHECK(one("FADD.v2f16 r0, r1, r2", {0x7C00FC00u, 0xFC007C00u}) == 0x7E007E00u);  // inf - inf per half
    // Moves and selects copy NaN payloads.
    CHECK(one("MOV.i32 r0, r1", {0xFF800123u}) == 0xFF800123u);
    CHECK(one("CSEL.f32.eq r0, r1, r1, r2, r3", {0u, 0xFF800123u, 0u}) == 0xFF800123u);
}

TEST_CASE("[minmax]: FMIN/FMAX return the other operand of a NaN and order -0 < +0", "[valhall][exec]") {
    CHECK(one("FMIN.f32 r0, r1, r2", {fbits(1.0f), fbits(3.0f)}) == fbits(1.0f));
    CHECK(one("FMAX.f32 r0, r1, r2", {fbits(1.0f), fbits(3.0f)}) == fbits(3.0f));
    CHECK(one("FMIN.f32 r0, r1, r2", {qnan, fbits(2.0f)}) == fbits(2.0f));
    CHECK(one("FMAX.f32 r0, r1, r2", {fbits(2.0f), 0xFFC00000u}) == fbits(2.0f));
    CHECK(one("FMIN.f32 r0, r1, r2", {qnan, 0x7F800001u}) == qnan);
    CHECK(one("FMIN.f32 r0, r1, r2", {0x00000000u, 0x80000000u}) == 0x80000000u);
    CHECK(one("FMIN.f32 r0, r1, r2", {0x80000000u, 0x00000000u}) == 0x80000000u);
    CHECK(one("FMAX.f32 r0, r1, r2", {0x80000000u, 0x00000000u}) == 0x00000000u);
    CHECK(one("FMAX.f32.clamp_0_1 r0, r1, r2", {fbits(-2.0f), fbits(-3.0f)}) == 0u);
    // Per half: (min(1, NaN), min(-0, +0)).
    CHECK(one("FMIN.v2f16 r0, r1, r2", {0x80003C00u, 0x00007E00u}) == 0x80003C00u);
    CHECK(one("FMAX.v2f16 r0, r1, r2", {0x80003C00u, 0x00004000u}) == 0x00004000u);
}

TEST_CASE("FMA.f32 is fused: one rounding", "[valhall][exec]") {
    // (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24 exactly; a separate multiply would round the product
    // (a tie) down to 1 + 2^-11 and give 0.
    CHECK(one("FMA.f32 r0, r1, r2, r3", {0x3F800800u, 0x3F800800u, 0xBF801000u}) == fbits(0x1p-24f));
    CHECK(one("FMA.f32 r0, r1, r2, r3", {fbits(2.0f), fbits(3.0f), fbits(1.0f)}) == fbits(7.0f));
    // Mesa's case `FMA.f32 r2, r0, 0x44000000.neg.h1, 0x0.neg`: 3 * -4.0 (the high half) + -0.
    CHECK(one("FMA.f32 r0, r1, 0x44000000.neg.h1, 0x0.neg", {fbits(3.0f)}) == fbits(-12.0f));
    CHECK(one("FMA.f32.clamp_0_1 r0, r1, r2, r3", {fbits(0.5f), fbits(0.5f), fbits(0.5f)}) == fbits(0.75f));
    CHECK(one("FMA.f32.clamp_0_1 r0, r1, r2, r3", {fbits(2.0f), fbits(2.0f), fbits(-1.0f)}) == fbits(1.0f));
    // a * b + c with a negated source and an absolute one: -(2) * |-3| + 1 = -5.
    CHECK(one("FMA.f32 r0, r1.neg, r2.abs, r3", {fbits(2.0f), fbits(-3.0f), fbits(1.0f)}) == fbits(-5.0f));
}

TEST_CASE("v2f16 arithmetic: swizzles, rounding to nearest even, overflow", "[valhall][exec]") {
    // r1 = (lo 1.0, hi 2.0), r2 = (lo 0.5, hi 0.25)
    const std::uint32_t r1 = 0x40003C00u, r2 = 0x34003800u;
    CHECK(one("FADD.v2f16 r0, r1, r2", {r1, r2}) == 0x40803E00u);      // (1.5, 2.25)
    CHECK(one("FADD.v2f16 r0, r1.h10, r2", {r1, r2}) == 0x3D004100u);  // (2 + 0.5, 1 + 0.25)
    CHECK(one("FADD.v2f16 r0, r1.h00, r2", {r1, r2}) == 0x3D003E00u);  // (1.5, 1.25)
    CHECK(one("FADD.v2f16 r0, r1.h11, r2", {r1, r2}) == 0x40804100u);  // (2.5, 2.25)
    CHECK(one("FADD.v2f16 r0, r1.neg, r2", {r1, r2}) == 0xBF00B800u);  // (-0.5, -1.75)
    // 2048 + 1 = 2049 ties to 2048; 2048 + 3 = 2051 ties to 2052 (even).
    CHECK(one("FADD.v2f16 r0, r1, r2", {0x68006800u, 0x42003C00u}) == 0x68026800u);
    // 65504 + 16 = 65520 rounds to infinity; 65504 + 8 stays 65504.
    CHECK(one("FADD.v2f16 r0, r1, r2", {0x7BFF7BFFu, 0x4C004800u}) == 0x7C007BFFu);
    CHECK(one("FADD.v2f16.clamp_0_1 r0, r1, r2", {r1, r2}) == 0x3C003C00u);
    CHECK(one("FADD_IMM.v2f16 r0, r1, #0x3C003800", {r1}) == 0x42003E00u);  // (1 + 0.5, 2 + 1)
    CHECK(one("FADD_IMM.f32 r0, r1, #0x3F800000", {fbits(2.5f)}) == fbits(3.5f));
}

TEST_CASE("[fma16]: FMA.v2f16 rounds once", "[valhall][exec]") {
    // (1 + 2^-10)^2 - (1 + 2^-9) = 2^-20 exactly (a subnormal half: 16 * 2^-24); a separate multiply
    // would round the product to 1 + 2^-9 and give 0.
    CHECK(one("FMA.v2f16 r0, r1, r2, r3", {0x3C013C01u, 0x3C013C01u, 0xBC02BC02u}) == 0x00100010u);
    CHECK(one("FMA.v2f16 r0, r1, r2, r3", {0x40003C00u, 0x42004200u, 0x3C003C00u}) == 0x47004400u);  // (1*3+1, 2*3+1)
    CHECK(one("FMA.v2f16.clamp_0_1 r0, r1.h10, r2, r3", {0x40003C00u, 0x38003800u, 0u}) == 0x38003C00u);  // (2*.5, 1*.5)
}

namespace {
// An exact reference for a * b + c in binary16: every half is a multiple of 2^-24, so the exact
// result is an integer count of 2^-48 (below 2^81), rounded here to binary16 by hand.
__extension__ typedef __int128 wide_int;

std::uint16_t exact_fma16(std::uint16_t a, std::uint16_t b, std::uint16_t c) {
    auto units = [](std::uint16_t h) -> wide_int {  // the value in 2^-24 units
        const int e = (h >> 10) & 31;
        const wide_int m = e ? ((h & 0x3FF) | 0x400) : (h & 0x3FF);
        const wide_int v = e ? m << (e - 1) : m;
        return (h & 0x8000) ? -v : v;
    };
    const wide_int sum = units(a) * units(b) + units(c) * (wide_int{1} << 24);  // 2^-48 units
    if (sum == 0) {  // -0 only for (-0) + (-0); an exact cancellation is +0
        const bool product_zero = units(a) == 0 || units(b) == 0;
        const bool negative = product_zero && units(c) == 0 && ((a ^ b) & 0x8000) && (c & 0x8000);
        return negative ? 0x8000 : 0x0000;
    }
    const bool negative = sum < 0;
    wide_int mag = negative ? -sum : sum;
    // Find the binade: value = mag * 2^-48; half normal numbers have 11 significant bits.
    int top = 0;
    while ((mag >> (top + 1)) != 0) ++top;  // mag in [2^top, 2^(top+1))
    int exp = top - 48;                      // value in [2^exp, 2^(exp+1))
    int shift;                               // the ulp is 2^(shift - 48)
    if (exp < -14) shift = -24 + 48;         // subnormal: ulp 2^-24
    else shift = exp - 10 + 48;
    wide_int q = mag >> shift;
    const wide_int rem = mag - (q << shift);
    const wide_int halfway = wide_int{1} << (shift - 1);
    if (rem > halfway || (rem == halfway && (q & 1))) ++q;
    // q * 2^(shift - 48): encode
    std::uint16_t out;
    if (exp < -14) {
        out = static_cast<std::uint16_t>(q);  // q <= 0x400 (0x400 is the smallest normal)
    } else {
        int e = exp + 15;
        if (q == 0x800) {
            q = 0x400;
            ++e;
        }
        out = e >= 31 ? 0x7C00 : static_cast<std::uint16_t>((e << 10) | (q & 0x3FF));
    }
    return static_cast<std::uint16_t>(out | (negative ? 0x8000 : 0));
}
}  // namespace

TEST_CASE("[fma16]: FMA.v2f16 against exact integer arithmetic", "[valhall][exec]") {
    std::uint32_t s = 12345;
    auto next = [&] {
        s = s * 1664525u + 1013904223u;
        return s;
    };
    auto finite = [&] {  // a finite half, biased toward interesting exponents
        for (;;) {
            std::uint16_t h = static_cast<std::uint16_t>(next() >> 16);
            if ((h & 0x7C00) != 0x7C00) return h;
        }
    };
    int mismatches = 0;
    for (int i = 0; i < 200000; ++i) {
        const std::uint16_t a = finite(), b = finite(), c = finite();
        const std::uint16_t got = vx::fma16(a, b, c, va::clamp::none);
        const std::uint16_t want = exact_fma16(a, b, c);
        if (got != want && mismatches++ < 5) FAIL_CHECK("fma16(" << a << ", " << b << ", " << c << ") = " << got << ", want " << want);
    }
    CHECK(mismatches == 0);
}

namespace {
// IEEE's rules where a source is infinite or NaN (every NaN result the default 0x7E00), else the
// exact reference; then the clamp as the spec defines it ([clamp]: a NaN gives the low bound, -0
// is below +0), on the half's value.
std::uint16_t reference_fma16(std::uint16_t a, std::uint16_t b, std::uint16_t c, va::clamp cl) {
    auto nan = [](std::uint16_t h) { return (h & 0x7FFF) > 0x7C00; };
    auto inf = [](std::uint16_t h) { return (h & 0x7FFF) == 0x7C00; };
    auto zero = [](std::uint16_t h) { return (h & 0x7FFF) == 0; };
    std::uint16_t h;
    if (nan(a) || nan(b) || nan(c) || (inf(a) && zero(b)) || (zero(a) && inf(b))) {
        h = 0x7E00;
    } else if (inf(a) || inf(b)) {
        const std::uint16_t product = static_cast<std::uint16_t>(0x7C00 | ((a ^ b) & 0x8000));
        h = inf(c) && c != product ? 0x7E00 : product;
    } else if (inf(c)) {
        h = c;
    } else {
        h = exact_fma16(a, b, c);
    }
    if (cl == va::clamp::none) return h;
    const float lo = cl == va::clamp::clamp_m1_1 ? -1.0f : 0.0f, hi = cl == va::clamp::clamp_0_inf ? INFINITY : 1.0f;
    const float x = ctisa::exec::half_to_float(h);
    if (nan(h) || x < lo || (x == 0 && lo == 0)) return ctisa::exec::half_from_float(lo);  // NaN, below, and -0 against +0
    if (x > hi) return ctisa::exec::half_from_float(hi);
    return h;
}
}  // namespace

TEST_CASE("[fma16]: FMA.v2f16 with infinities, NaN, subnormals and every clamp", "[valhall][exec]") {
    const std::uint16_t edges[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x83FF, 0x0400, 0x8400, 0x0401, 0x2400,
                                   0x3555, 0x3BFF, 0x3C00, 0xBC00, 0x3C01, 0xBC01, 0x4000, 0x5BFF, 0x7BFE, 0x7BFF,
                                   0xFBFF, 0x7C00, 0xFC00, 0x7C01, 0x7E00, 0xFE00, 0x7FFF, 0x1000, 0x9000, 0x0200};
    const va::clamp clamps[] = {va::clamp::none, va::clamp::clamp_0_inf, va::clamp::clamp_m1_1, va::clamp::clamp_0_1};
    int mismatches = 0;
    auto check = [&](std::uint16_t a, std::uint16_t b, std::uint16_t c, va::clamp cl) {
        const std::uint16_t got = vx::fma16(a, b, c, cl), want = reference_fma16(a, b, c, cl);
        if (got != want && mismatches++ < 5)
            FAIL_CHECK("fma16(" << a << ", " << b << ", " << c << ", clamp " << int(cl) << ") = " << got << ", want " << want);
    };
    for (const va::clamp cl : clamps)
        for (const std::uint16_t a : edges)
            for (const std::uint16_t b : edges)
                for (const std::uint16_t c : edges) check(a, b, c, cl);
    // Random triples, any bits (NaN and infinities included), each clamp; and sums that nearly
    // cancel (c near -a * b), where the exact sum needs the most bits.
    std::uint32_t s = 777;
    auto next = [&] {
        s = s * 1664525u + 1013904223u;
        return static_cast<std::uint16_t>(s >> 16);
    };
    for (int i = 0; i < 100000; ++i) {
        const std::uint16_t a = next(), b = next(), c = next();
        check(a, b, c, clamps[i & 3]);
        const float p = ctisa::exec::half_to_float(a) * ctisa::exec::half_to_float(b);
        const std::uint16_t near = static_cast<std::uint16_t>(ctisa::exec::half_from_float(-p) + (next() % 5) - 2);
        check(a, b, near, clamps[(i >> 2) & 3]);
    }
    CHECK(mismatches == 0);
}

TEST_CASE("binary16 conversions of exec/float.hpp", "[valhall][exec]") {
    // Every half converts to float and back unchanged (NaN to the default NaN).
    for (std::uint32_t h = 0; h < 0x10000; ++h) {
        const auto back = ctisa::exec::half_from_float(ctisa::exec::half_to_float(static_cast<std::uint16_t>(h)));
        if (ctisa::exec::is_nan_half(static_cast<std::uint16_t>(h))) REQUIRE(back == 0x7E00);
        else REQUIRE(back == h);
    }
    // Round to nearest even between neighbouring halves, and the directed modes.
    CHECK(ctisa::exec::half_from_float(1.0f + 0x1p-11f) == 0x3C00);          // tie, even below
    CHECK(ctisa::exec::half_from_float(1.0f + 3 * 0x1p-11f) == 0x3C02);      // tie, even above
    CHECK(ctisa::exec::half_from_float(0x1p-25f) == 0x0000);                 // tie to 0
    CHECK(ctisa::exec::half_from_float(0x1.8p-25f) == 0x0001);
    CHECK(ctisa::exec::half_from_float(65519.0f) == 0x7BFF);
    CHECK(ctisa::exec::half_from_float(65520.0f) == 0x7C00);
    using ctisa::exec::rounding;
    CHECK(ctisa::exec::half_from_float(1.0f + 0x1p-12f, rounding::up) == 0x3C01);
    CHECK(ctisa::exec::half_from_float(-1.0f - 0x1p-12f, rounding::up) == 0xBC00);
    CHECK(ctisa::exec::half_from_float(-1.0f - 0x1p-12f, rounding::down) == 0xBC01);
    CHECK(ctisa::exec::half_from_float(70000.0f, rounding::toward_zero) == 0x7BFF);
    CHECK(ctisa::exec::half_from_float(1e-9f, rounding::up) == 0x0001);
    CHECK(ctisa::exec::half_from_float(-1e-9f, rounding::down) == 0x8001);
}

TEST_CASE("integer add, subtract, multiply: wrap, saturate, widen", "[valhall][exec]") {
    CHECK(one("IADD.u32 r0, r1, r2", {0xFFFFFFFFu, 2u}) == 1u);
    CHECK(one("IADD.u32.saturate r0, r1, r2", {0xFFFFFFFFu, 2u}) == 0xFFFFFFFFu);
    CHECK(one("IADD.s32.saturate r0, r1, r2", {0x7FFFFFFFu, 1u}) == 0x7FFFFFFFu);
    CHECK(one("IADD.s32.saturate r0, r1, r2", {0x80000000u, 0xFFFFFFFFu}) == 0x80000000u);
    CHECK(one("IADD.s32 r0, r1, r2", {0x7FFFFFFFu, 1u}) == 0x80000000u);
    CHECK(one("ISUB.u32.saturate r0, r1, r2", {1u, 2u}) == 0u);
    CHECK(one("ISUB.u32 r0, r1, r2", {1u, 2u}) == 0xFFFFFFFFu);
    CHECK(one("ISUB.s32.saturate r0, r1, r2", {0x80000000u, 1u}) == 0x80000000u);
    // Per lane: (0xFFFF + 1, 1 + 1) wraps / saturates per half; bytes likewise.
    CHECK(one("IADD.v2u16 r0, r1, r2", {0x0001FFFFu, 0x00010001u}) == 0x00020000u);
    CHECK(one("IADD.v2u16.saturate r0, r1, r2", {0x0001FFFFu, 0x00010001u}) == 0x0002FFFFu);
    CHECK(one("IADD.v4s8.saturate r0, r1, r2", {0xFF01807Fu, 0x0101FF01u}) == 0x0002807Fu);
    CHECK(one("ISUB.v4u8.saturate r0, r1, r2", {0x05050505u, 0x06040506u}) == 0x00010000u);
    // Mesa's case `IADD.u32 r0, r1.b3, r2.h1`: zero-extended for .u32, sign-extended for .s32.
    CHECK(one("IADD.u32 r0, r1.b3, r2.h1", {0x80000000u, 0x12345678u}) == 0x12B4u);
    CHECK(one("IADD.s32 r0, r1.b3, r2.h1", {0x80000000u, 0x12345678u}) == 0x11B4u);
    CHECK(one("IADD.s32 r0, r1.h0, r2", {0x0000FFFEu, 0u}) == 0xFFFFFFFEu);
    // 16-bit widens: bytes to halves (b20: lane 0 byte 2, lane 1 byte 0), extended by type.
    CHECK(one("IADD.v2s16 r0, r1.b20, r2", {0x00FF0080u, 0u}) == 0xFF80FFFFu);
    CHECK(one("IADD.v2u16 r0, r1.b20, r2", {0x00FF0080u, 0u}) == 0x008000FFu);
    CHECK(one("IADD.v2u16 r0, r1.h10, r2", {0x00020001u, 0u}) == 0x00010002u);
    // 8-bit swizzles: b3210 reverses.
    CHECK(one("IADD.v4u8 r0, r1.b3210, r2", {0x04030201u, 0u}) == 0x01020304u);
    CHECK(one("IMUL.i32 r0, r1, r2", {0x10000u, 0x10000u}) == 0u);
    CHECK(one("IMUL.i32.saturate r0, r1, r2", {0x10000u, 0x10000u}) == 0xFFFFFFFFu);
    CHECK(one("IMUL.s32.saturate r0, r1, r2", {0x10000u, 0xFFFF0000u}) == 0x80000000u);
    CHECK(one("IMUL.s32 r0, r1, r2", {0xFFFFFFFDu, 5u}) == 0xFFFFFFF1u);
    CHECK(one("IMUL.v2s16.saturate r0, r1, r2", {0x0100FFFFu, 0x01000003u}) == 0x7FFFFFFDu);
    CHECK(one("IMUL.v4i8 r0, r1, r2", {0x02030410u, 0x80050310u}) == 0x000F0C00u);
    CHECK(one("IADD_IMM.i32 r0, r1, #0x4BAB", {1u}) == 0x4BACu);
    CHECK(one("IADD_IMM.v2i16 r0, r1, #0x10002", {0xFFFF0001u}) == 0x00000003u);
    CHECK(one("IADD_IMM.v4i8 r0, r1, #0xAD121314", {0x01010101u}) == 0xAE131415u);
}

TEST_CASE("64-bit integer: register pairs, widened words, SHADDX, IMULD", "[valhall][exec]") {
    warp w(
        "IADD.u64 r0, r2, r4\nIADD.u64 r6, r2, r8.w0\nIADD.s64 r10, r2, r8.w0\nIADD.s64.saturate r12, r14, r16\n"
        "ISUB.u64.saturate r18, r16, r14\nNOT.i64 r20, r2");
    w.r(2, 0xFFFFFFFFu).r(3, 0).r(4, 1).r(5, 0).r(8, 0xFFFFFFFFu).r(14, 0xFFFFFFFFu).r(15, 0x7FFFFFFFu).r(16, 1).r(17, 0).go();
    CHECK(w(0) == 0u);
    CHECK(w(1) == 1u);   // the carry
    CHECK(w(6) == 0xFFFFFFFEu);
    CHECK(w(7) == 1u);   // 0xFFFFFFFF + 0xFFFFFFFF (zero-extended)
    CHECK(w(10) == 0xFFFFFFFEu);
    CHECK(w(11) == 0u);  // 0xFFFFFFFF + -1 (sign-extended)
    CHECK(w(12) == 0xFFFFFFFFu);
    CHECK(w(13) == 0x7FFFFFFFu);  // INT64_MAX + 1 saturates
    CHECK(w(18) == 0u);
    CHECK(w(19) == 0u);  // 1 - INT64_MAX (unsigned) saturates at 0
    CHECK(w(20) == 0u);
    CHECK(w(21) == 0xFFFFFFFFu);

    // Mesa's case `SHADDX.u64 r0, u2, r60.w0, shift:0x2`.
    warp s("SHADDX.u64 r0, u2, r60.w0, shift:0x2\nSHADDX.s64 r2, u2, r60.w0, shift:0x2\nIMULD.u64 r4, r6, r7");
    s.u(2, 0x1000).u(3, 1).r(60, 0x80000000u).r(6, 0xFFFFFFFFu).r(7, 0xFFFFFFFFu).go();
    CHECK(s(0) == 0x1000u);
    CHECK(s(1) == 3u);           // 0x1_00001000 + (0x80000000 << 2)
    CHECK(s(2) == 0x1000u);
    CHECK(s(3) == 0xFFFFFFFFu);  // 0x1_00001000 + (-2^31 << 2)
    CHECK(s(4) == 1u);
    CHECK(s(5) == 0xFFFFFFFEu);  // 0xFFFFFFFF^2
}

TEST_CASE("HADD, IABS, CLZ, POPCOUNT, BITREV, NOT, MKVEC, MUX, IDP", "[valhall][exec]") {
    CHECK(one("HADD.u32 r0, r1, r2", {0xFFFFFFFFu, 0xFFFFFFFFu}) == 0xFFFFFFFFu);
    CHECK(one("HADD.u32 r0, r1, r2", {1u, 2u}) == 1u);
    CHECK(one("HADD.u32.rhadd r0, r1, r2", {1u, 2u}) == 2u);
    CHECK(one("HADD.s32 r0, r1, r2", {0xFFFFFFFFu, 0xFFFFFFFEu}) == 0xFFFFFFFEu);        // floor(-3 / 2)
    CHECK(one("HADD.s32.rhadd r0, r1, r2", {0xFFFFFFFFu, 0xFFFFFFFEu}) == 0xFFFFFFFFu);  // floor(-2 / 2)
    CHECK(one("HADD.v4u8 r0, r1, r2", {0xFF0301FFu, 0xFF0101FFu}) == 0xFF0201FFu);
    CHECK(one("IABS.s32 r0, r1", {0xFFFFFFFBu}) == 5u);
    CHECK(one("IABS.s32 r0, r1", {0x80000000u}) == 0x80000000u);
    CHECK(one("IABS.s32 r0, r1.b0", {0x000000FFu}) == 1u);
    CHECK(one("IABS.v2s16 r0, r1", {0x8000FFFFu}) == 0x80000001u);
    CHECK(one("IABS.v4s8 r0, r1", {0x80FF017Fu}) == 0x8001017Fu);
    CHECK(one("CLZ.u32 r0, r1", {0u}) == 32u);
    CHECK(one("CLZ.u32 r0, r1", {1u}) == 31u);
    CHECK(one("CLZ.v2u16 r0, r1", {0x000000FFu}) == 0x00100008u);
    CHECK(one("CLZ.v4u8 r0, r1", {0x0F008001u}) == 0x04080007u);
    CHECK(one("POPCOUNT.i32 r0, r1", {0xF0F0u}) == 8u);
    CHECK(one("BITREV.i32 r0, r1", {1u}) == 0x80000000u);
    CHECK(one("BITREV.i32 r0, r1", {0x12345678u}) == 0x1E6A2C48u);
    CHECK(one("NOT.i32 r0, r1", {0x0F0F0000u}) == 0xF0F0FFFFu);
    // Mesa's cases `MKVEC.v2i16 r1, r0.h00, 0x3C000000.h10` and `MKVEC.v4i8 r1, r0.b3, 0x0.b0, 0x0`.
    CHECK(one("MKVEC.v2i16 r0, r1.h00, 0x3C000000.h10", {0xAAAA1234u}) == 0x3C001234u);
    CHECK(one("MKVEC.v4i8 r0, r1.b3, 0x0.b0, 0x0", {0xAB000000u}) == 0x000000ABu);
    CHECK(one("MKVEC.v4i8 r0, r1.b1, r2.b2, r3", {0x0000CD00u, 0x00EF0000u, 0x12345678u}) == 0x5678EFCDu);
    // (A & mask) | (B & ~mask)
    CHECK(one("MUX.i32 r0, r1, r2, r3", {0x12345678u, 0x9ABCDEF0u, 0xFF00FF00u}) == 0x12BC56F0u);
    // IDP: (1, -2, 3, -4) . (5, 6, -7, 8) + 10 = -50; unsigned: 4 * 255^2 + 0xFFFFFFFF.
    CHECK(one("IDP.v4s8 r0, r1, r2, r3", {0xFC03FE01u, 0x08F90605u, 10u}) == 0xFFFFFFCEu);
    CHECK(one("IDP.v4u8 r0, r1, r2, r3", {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu}) == 0x0003F803u);
    CHECK(one("IDP.v4u8.saturate r0, r1, r2, r3", {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu}) == 0xFFFFFFFFu);
    CHECK(one("IDP.v4s8.saturate r0, r1, r2, r3", {0x80808080u, 0x80808080u, 0x7FFFFFFFu}) == 0x7FFFFFFFu);
}

TEST_CASE("[shifts]: whole-byte amounts, oversized shifts give 0, lanes selects", "[valhall][exec]") {
    CHECK(one("LSHIFT_OR.i32 r0, r1, r2, r3", {1u, 4u, 0x100u}) == 0x110u);
    CHECK(one("LSHIFT_OR.i32 r0, r1, r2, r3", {1u, 32u, 0x100u}) == 0x100u);   // by 32: 0
    CHECK(one("RSHIFT_OR.i32 r0, r1, r2, r3", {0x80000000u, 31u, 0u}) == 1u);  // logical
    CHECK(one("RSHIFT_OR.i32 r0, r1, r2, r3", {0x80000000u, 0x108u, 0u}) == 0x00800000u);  // byte 0 only: 8
    CHECK(one("RSHIFT_AND.i32.not_result r0, r1, r2, r3.not", {0xF0000000u, 28u, 0xCu}) == 0xFFFFFFFCu);
    CHECK(one("LSHIFT_AND.i32 r0, r1, r2.b11, r3", {0xFFu, 0x0800u, 0xFFFFFFFFu}) == 0xFF00u);  // byte 1: 8
    CHECK(one("LSHIFT_XOR.i32 r0, r1, 0x0, r2", {0xF0F0u, 0x0FF0u}) == 0xFF00u);  // plain XOR
    // v2i16: b02 (default) shifts half 0 by byte 0 and half 1 by byte 2.
    CHECK(one("LSHIFT_XOR.v2i16 r0, r1, r2, 0x0", {0x00010001u, 0x00030001u}) == 0x00080002u);
    CHECK(one("LSHIFT_XOR.v2i16 r0, r1, r2, 0x0", {0x00010001u, 0x00100001u}) == 0x00000002u);  // by 16: 0
    CHECK(one("RSHIFT_OR.v4i8 r0, r1, r2.b00, 0x0", {0x80402010u, 4u}) == 0x08040201u);
    warp w("LSHIFT_AND.i64 r0, r2, r4, r6\nRSHIFT_OR.i64 r8, r2, r10, r12");
    w.r(2, 0x80000001u).r(3, 0).r(4, 4).r(6, 0xFFFFFFFFu).r(7, 0xFFFFFFFFu).r(10, 64).r(12, 7).r(13, 0).go();
    CHECK(w(0) == 0x10u);
    CHECK(w(1) == 0x8u);
    CHECK(w(8) == 7u);  // shifted by 64: 0, | 7
    CHECK(w(9) == 0u);
}

TEST_CASE("[conditions] [result_type]: ICMP, FCMP, CSEL", "[valhall][exec]") {
    // Mesa's case `ICMP.u32.gt.m1 r1, r0, 0x1000000.b3, 0x0`.
    CHECK(one("ICMP.u32.gt.m1 r0, r1, 0x1000000.b3, 0x0", {5u}) == 0xFFFFFFFFu);
    CHECK(one("ICMP.u32.gt.m1 r0, r1, 0x1000000.b3, 0x0", {1u}) == 0u);
    CHECK(one("ICMP.s32.lt.i1 r0, r1, r2, 0x0", {0xFFFFFFFFu, 1u}) == 1u);
    CHECK(one("ICMP.u32.lt.i1 r0, r1, r2, 0x0", {0xFFFFFFFFu, 1u}) == 0u);
    CHECK(one("ICMP.u32.gtlt.f1 r0, r1, r2, 0x0", {3u, 1u}) == 0x3F800000u);
    CHECK(one("ICMP.u32.eq.i1 r0, r1, r2, r3", {3u, 1u, 1u}) == 1u);       // OR with C
    CHECK(one("ICMP.u32.eq.i1.and r0, r1, r2, r3", {3u, 3u, 0u}) == 0u);   // AND with C
    CHECK(one("ICMP.v2s16.gt.m1 r0, r1.h10, r2.h10, 0x0", {0xFFFF0001u, 0x00000000u}) == 0xFFFF0000u);  // (-1 > 0, 1 > 0)
    // Mesa's case `ICMP.v4u8.ne.i1 r1, r0.b0000, 0x0, 0x0`: byte 0 broadcast.
    CHECK(one("ICMP.v4u8.ne.i1 r0, r1.b0000, 0x0, 0x0", {0x00000005u}) == 0x01010101u);
    CHECK(one("ICMP.v4s8.lt.m1 r0, r1, 0x0, 0x0", {0x80017FFFu}) == 0xFF0000FFu);
    // Floats: NaN makes eq/lt/gtlt false and ne true; -0 == +0.
    CHECK(one("FCMP.f32.ne.f1 r0, r1, r2, 0x0", {qnan, fbits(1.0f)}) == 0x3F800000u);
    CHECK(one("FCMP.f32.gtlt.f1 r0, r1, r2, 0x0", {qnan, fbits(1.0f)}) == 0u);
    CHECK(one("FCMP.f32.gtlt.i1 r0, r1, r2, 0x0", {fbits(2.0f), fbits(1.0f)}) == 1u);
    CHECK(one("FCMP.f32.eq.m1 r0, r1, r2, 0x0", {0x80000000u, 0u}) == 0xFFFFFFFFu);
    CHECK(one("FCMP.f32.lt.m1 r0, r1, r2, 0x0", {qnan, fbits(1.0f)}) == 0u);
    CHECK(one("FCMP.f32.le.m1 r0, r1.neg, r2.abs, 0x0", {fbits(2.0f), fbits(-2.0f)}) == 0xFFFFFFFFu);
    // Mesa's case `FCMP.v2f16.gt.m1 r2, r3.h10, r2.h00, 0x0`: (hi 3 > lo 1, lo 2 > lo 1).
    CHECK(one("FCMP.v2f16.gt.m1 r0, r1.h10, r2.h00, 0x0", {0x42004000u, 0x00003C00u}) == 0xFFFFFFFFu);
    CHECK(one("FCMP.v2f16.gt.f1 r0, r1, r2, 0x0", {0x42004000u, 0x00004200u}) == 0x3C000000u);
    // CSEL: (A cond B) ? C : D; .i32 compares signed, .u32 unsigned.
    CHECK(one("CSEL.f32.lt r0, r1, r2, r3, r4", {fbits(1.0f), qnan, 7u, 9u}) == 9u);
    CHECK(one("CSEL.f32.ne r0, r1, r2, r3, r4", {fbits(1.0f), qnan, 7u, 9u}) == 7u);
    CHECK(one("CSEL.i32.lt r0, r1, r2, r3, r4", {0xFFFFFFFFu, 0u, 7u, 9u}) == 7u);
    CHECK(one("CSEL.u32.lt r0, r1, r2, r3, r4", {0xFFFFFFFFu, 0u, 7u, 9u}) == 9u);
    CHECK(one("CSEL.v2i16.gt r0, r1, r2, r3, r4", {0xFFFF0002u, 0x00000001u, 0xAAAABBBBu, 0xCCCCDDDDu}) == 0xCCCCBBBBu);
    CHECK(one("CSEL.v2u16.gt r0, r1, r2, r3, r4", {0xFFFF0002u, 0x00000001u, 0xAAAABBBBu, 0xCCCCDDDDu}) == 0xAAAABBBBu);
    CHECK(one("CSEL.v2f16.lt r0, r1, r2, r3, r4", {0x7E00BC00u, 0x00000000u, 0xAAAABBBBu, 0xCCCCDDDDu}) == 0xCCCCBBBBu);
}

TEST_CASE("[conversions]: rounding directions, saturation, NaN", "[valhall][exec]") {
    // Mesa's case `F32_TO_S32.rtz r2, r2.neg`.
    CHECK(one("F32_TO_S32.rtz r0, r1.neg", {fbits(2.7f)}) == 0xFFFFFFFEu);
    CHECK(one("F32_TO_S32 r0, r1", {fbits(2.5f)}) == 2u);  // rte
    CHECK(one("F32_TO_S32 r0, r1", {fbits(3.5f)}) == 4u);
    CHECK(one("F32_TO_S32.rtp r0, r1", {fbits(2.1f)}) == 3u);
    CHECK(one("F32_TO_S32.rtn r0, r1", {fbits(-2.1f)}) == 0xFFFFFFFDu);
    CHECK(one("F32_TO_S32 r0, r1", {fbits(3e9f)}) == 0x7FFFFFFFu);
    CHECK(one("F32_TO_S32 r0, r1", {fbits(-3e9f)}) == 0x80000000u);
    CHECK(one("F32_TO_S32 r0, r1", {qnan}) == 0u);
    CHECK(one("F32_TO_U32 r0, r1", {fbits(-1.0f)}) == 0u);
    CHECK(one("F32_TO_U32 r0, r1", {fbits(5e9f)}) == 0xFFFFFFFFu);
    CHECK(one("F32_TO_U32 r0, r1", {fbits(inf_f)}) == 0xFFFFFFFFu);
    // 2^24 + 1 is not a float: each direction.
    CHECK(one("S32_TO_F32.rtz r0, r1", {16777217u}) == 0x4B800000u);
    CHECK(one("S32_TO_F32.rtp r0, r1", {16777217u}) == 0x4B800001u);
    CHECK(one("S32_TO_F32 r0, r1", {16777217u}) == 0x4B800000u);
    CHECK(one("S32_TO_F32.rtn r0, r1", {static_cast<std::uint32_t>(-16777217)}) == 0xCB800001u);
    CHECK(one("U32_TO_F32 r0, r1", {0xFFFFFFFFu}) == 0x4F800000u);
    CHECK(one("U32_TO_F32.rtz r0, r1", {0xFFFFFFFFu}) == 0x4F7FFFFFu);
    // Mesa's cases `S8_TO_S32 r7, r0.b3` and `S8_TO_F32 r7, r0.b3`.
    CHECK(one("S8_TO_S32 r0, r1.b3", {0x80000000u}) == 0xFFFFFF80u);
    CHECK(one("U8_TO_U32 r0, r1.b3", {0x80000000u}) == 0x80u);
    CHECK(one("S8_TO_F32 r0, r1.b3", {0x80000000u}) == fbits(-128.0f));
    CHECK(one("U8_TO_F32 r0, r1.b0", {0xFFu}) == fbits(255.0f));
    CHECK(one("S16_TO_S32 r0, r1.h1", {0x80010000u}) == 0xFFFF8001u);
    CHECK(one("S16_TO_S32 r0, r1", {0x0001FFFFu}) == 0xFFFFFFFFu);  // the low half
    CHECK(one("U16_TO_U32 r0, r1", {0x0001FFFFu}) == 0x0000FFFFu);
    CHECK(one("U16_TO_F32 r0, r1.h1", {0xFFFF0000u}) == 0x477FFF00u);
    CHECK(one("S16_TO_F32 r0, r1.h0", {0x00008000u}) == fbits(-32768.0f));
    // 16-bit results are in both halves; the write mask picks.
    CHECK(one("S8_TO_S16 r0, r1.b3", {0xFE000000u}) == 0xFFFEFFFEu);
    CHECK(one("S8_TO_S16 r0.h1, r1.b3", {0xFE000000u}, 0x12345678u) == 0xFFFE5678u);
    CHECK(one("U8_TO_F16 r0, r1.b0", {0xFFu}) == 0x5BF85BF8u);
    CHECK(one("S8_TO_F16 r0.h0, r1.b0", {0xFFu}, 0xAAAA0000u) == 0xAAAABC00u);  // -1.0
    CHECK(one("U8_TO_U16 r0, r1.b1", {0xAB00u}) == 0x00AB00ABu);
    // Mesa's cases `F16_TO_F32 r2, r0.h0` / `r3, r0.h1`, and a NaN.
    CHECK(one("F16_TO_F32 r0, r1.h0", {0x3C00C000u}) == fbits(-2.0f));
    CHECK(one("F16_TO_F32 r0, r1.h1", {0x3C00C000u}) == fbits(1.0f));
    CHECK(one("F16_TO_F32 r0, r1.h0", {0x00007D00u}) == qnan);
    CHECK(one("F16_TO_F32 r0, r1.neg.h0", {0x00000001u}) == fbits(-0x1p-24f));
    // Mesa's cases `F16_TO_S32.rtz r4, r2.neg.h00` and `r5, r2.neg.h10`.
    CHECK(one("F16_TO_S32.rtz r0, r1.neg.h00", {0x4B004300u}) == 0xFFFFFFFDu);  // -3.5
    CHECK(one("F16_TO_S32.rtz r0, r1.neg.h10", {0x4B004300u}) == 0xFFFFFFF2u);  // -14
    CHECK(one("F16_TO_U32 r0, r1.h00", {0x0000C000u}) == 0u);
    CHECK(one("V2F16_TO_V2S16.rtz r0, r1", {0xFC004300u}) == 0x80000003u);   // (3, -inf -> -32768)
    CHECK(one("V2F16_TO_V2U16 r0, r1", {0x7C00BC00u}) == 0xFFFF0000u);       // (-1 -> 0, inf -> 65535)
    // Mesa's case `V2S16_TO_V2F16 r2, r2`; 2049 is not a half.
    CHECK(one("V2S16_TO_V2F16 r0, r1", {0x0801FFFFu}) == 0x6800BC00u);
    CHECK(one("V2S16_TO_V2F16.rtp r0, r1", {0x0801FFFFu}) == 0x6801BC00u);
    CHECK(one("V2U16_TO_V2F16 r0, r1", {0xFFFF0001u}) == 0x7C003C00u);      // 65535 -> inf (rte)
    CHECK(one("V2U16_TO_V2F16.rtz r0, r1", {0xFFFF0001u}) == 0x7BFF3C00u);  // 65504
    CHECK(one("V2F32_TO_V2F16 r0, r1, r2", {fbits(1.0f), fbits(65520.0f)}) == 0x7C003C00u);
    CHECK(one("V2F32_TO_V2F16 r0, r1, r2", {0xFFC00001u, fbits(-0.0f)}) == 0x80007E00u);
    // FROUND; Mesa's cases `FROUND.f32.rtn r2, r2.neg` and `FROUND.v2f16.rtn r0.h0, r0`.
    CHECK(one("FROUND.f32.rtn r0, r1.neg", {fbits(2.5f)}) == fbits(-3.0f));
    CHECK(one("FROUND.f32 r0, r1", {fbits(2.5f)}) == fbits(2.0f));
    CHECK(one("FROUND.f32 r0, r1", {fbits(-0.5f)}) == 0x80000000u);
    CHECK(one("FROUND.f32.rtp r0, r1", {fbits(-0.5f)}) == 0x80000000u);
    CHECK(one("FROUND.f32.rtz r0, r1", {0x7F800001u}) == qnan);
    CHECK(one("FROUND.v2f16.rtn r0.h0, r0", {}, 0x3E00BE00u) == 0x3E00C000u);  // lo -1.5 -> -2; hi kept
}

TEST_CASE("special functions: FRCP, FRSQ, FREXP, FEXP, FMA_RSCALE, tables, CUBEFACE1", "[valhall][exec]") {
    CHECK(one("FRCP.f32 r0, r1", {fbits(2.0f)}) == fbits(0.5f));
    CHECK(one("FRCP.f32 r0, r1", {0u}) == fbits(inf_f));
    CHECK(one("FRCP.f32 r0, r1", {0x80000000u}) == fbits(-inf_f));
    CHECK(one("FRCP.f32 r0, r1", {fbits(-inf_f)}) == 0x80000000u);
    CHECK(one("FRCP.f32 r0, r1", {fbits(3.0f)}) == 0x3EAAAAABu);
    CHECK(one("FRCP.f32 r0, r1.h1", {0x40000000u}) == fbits(0.5f));
    CHECK(one("FRSQ.f32 r0, r1", {fbits(4.0f)}) == fbits(0.5f));
    CHECK(one("FRSQ.f32 r0, r1", {0x80000000u}) == fbits(-inf_f));
    CHECK(one("FRSQ.f32 r0, r1", {fbits(-1.0f)}) == qnan);
    CHECK(one("FRSQ.f32 r0, r1", {fbits(inf_f)}) == 0u);
    CHECK(one("FRSQ.f32 r0, r1", {fbits(2.0f)}) == 0x3F3504F3u);  // 0.70710678 rounded
    CHECK(one("FRCP.f16 r0, r1", {0x40003400u}) == 0x38004400u);  // (1/0.25, 1/2)
    CHECK(one("FRSQ.f16 r0, r1.h11", {0x44000000u}) == 0x38003800u);  // 1/sqrt(4) in both halves
    CHECK(one("FREXPM.f32 r0, r1", {fbits(8.0f)}) == fbits(0.5f));
    CHECK(one("FREXPE.f32 r0, r1", {fbits(8.0f)}) == 4u);
    CHECK(one("FREXPM.f32 r0, r1", {fbits(-3.0f)}) == fbits(-0.75f));
    CHECK(one("FREXPE.f32 r0, r1", {fbits(-3.0f)}) == 2u);
    CHECK(one("FREXPE.f32 r0, r1", {1u}) == static_cast<std::uint32_t>(-148));  // 2^-149 = 0.5 * 2^-148
    CHECK(one("FREXPM.f32 r0, r1", {1u}) == fbits(0.5f));
    CHECK(one("FREXPM.f32 r0, r1", {0x80000000u}) == 0x80000000u);
    CHECK(one("FREXPE.f32 r0, r1", {fbits(inf_f)}) == 0u);
    CHECK(one("FREXPM.f32 r0, r1", {fbits(inf_f)}) == fbits(inf_f));
    CHECK(one("FREXPE.v2f16 r0, r1", {0x34003C00u}) == 0xFFFF0001u);  // (1.0 -> 1, 0.25 -> -1)
    CHECK(one("FREXPM.v2f16 r0, r1", {0x42004200u}) == 0x3A003A00u);  // 3 = 0.75 * 2^2
    // FEXP: 2^1.5 from 8:24 fixed point; special cases from the float operand.
    CHECK(one("FEXP.f32 r0, r1, r2", {0x01800000u, fbits(1.5f)}) == 0x403504F3u);
    CHECK(one("FEXP.f32 r0, r1, r2", {0xFF000000u, fbits(-1.0f)}) == fbits(0.5f));
    CHECK(one("FEXP.f32 r0, r1, r2", {0u, qnan}) == qnan);
    CHECK(one("FEXP.f32 r0, r1, r2", {0u, fbits(-inf_f)}) == 0u);
    CHECK(one("FEXP.f32 r0, r1, r2", {0u, fbits(inf_f)}) == fbits(inf_f));
    // FMA_RSCALE: (2 * 3 + 1) * 2^-2; an exponent beyond the range; NaN.
    CHECK(one("FMA_RSCALE.f32 r0, r1, r2, r3, r4", {fbits(2.0f), fbits(3.0f), fbits(1.0f), 0xFFFFFFFEu}) == fbits(1.75f));
    CHECK(one("FMA_RSCALE.f32 r0, r1, r2, r3, r4", {fbits(2.0f), fbits(3.0f), fbits(1.0f), 200u}) == fbits(inf_f));
    CHECK(one("FMA_RSCALE.f32 r0, r1, r2, r3, r4", {fbits(1.0f), fbits(1.0f), 0u, static_cast<std::uint32_t>(-149)}) == 1u);
    CHECK(one("FMA_RSCALE.f32.clamp_0_1 r0, r1, r2, r3, r4", {fbits(2.0f), fbits(3.0f), fbits(1.0f), 0u}) == fbits(1.0f));
    // [trig_tables]: sin / cos of (x & 63) * pi / 32.
    CHECK(one("FSIN_TABLE.u6 r0, r1", {16u}) == fbits(1.0f));
    CHECK(one("FSIN_TABLE.u6 r0, r1", {64u + 16u}) == fbits(1.0f));
    CHECK(one("FSIN_TABLE.u6 r0, r1", {8u}) == 0x3F3504F3u);
    CHECK(one("FCOS_TABLE.u6 r0, r1", {0u}) == fbits(1.0f));
    CHECK(one("FCOS_TABLE.u6 r0, r1", {32u}) == fbits(-1.0f));
    CHECK(one("CUBEFACE1 r0, r1, r2, r3", {fbits(1.0f), fbits(-3.0f), fbits(2.0f)}) == fbits(3.0f));
    CHECK(one("CUBEFACE1 r0, r1, r2.neg, r3", {qnan, fbits(-3.0f), fbits(-4.0f)}) == fbits(4.0f));
}

TEST_CASE("sources: uniforms, the immediate table, special values", "[valhall][exec]") {
    warp w(
        "MOV.i32 r0, u10\nMOV.i32 r1, 0x3F800000\nMOV.i32.id r2, lane_id\nMOV.i32.id r3, core_id\n"
        "MOV.i32.ts r4, tls_ptr_hi\nMOV.i32.id r5, program_counter\nMOV.i32 r6, 0xFAFCFDFE\nIADD.u32 r7, u1, u0");
    w.env.tls_hi = 0xCAFE;
    w.u(10, 0x12345678).u(0, 1).u(1, 2).go();
    for (std::size_t l = 0; l < 16; ++l) {
        CHECK(w(0, l) == 0x12345678u);
        CHECK(w(1, l) == 0x3F800000u);
        CHECK(w(2, l) == l);
        CHECK(w(3, l) == 0u);
        CHECK(w(4, l) == 0xCAFEu);
        CHECK(w(5, l) == 5u * 8u);
        CHECK(w(6, l) == 0xFAFCFDFEu);
        CHECK(w(7, l) == 3u);
    }
}

TEST_CASE("write masks and aliasing", "[valhall][exec]") {
    CHECK(one("MOV.i32 r0.h1, r1", {0xAAAABBBBu}, 0x11112222u) == 0xAAAA2222u);
    CHECK(one("MOV.i32 r0.h0, r1", {0xAAAABBBBu}, 0x11112222u) == 0x1111BBBBu);
    CHECK(one("FMA.f32 r0, r0, r0, r0", {}, fbits(3.0f)) == fbits(12.0f));
    CHECK(one("IADD.v2u16 r0, r0.h10, r0", {}, 0x00020001u) == 0x00030003u);
}

TEST_CASE("typed access: a register set and read as a float or a signed integer", "[valhall][exec]") {
    const auto code = program("FADD.f32 r2, r0, r1\nIADD.s32 r3, r4, r5");
    vx::machine<4> w(code);
    w.set_float(0, 1, 1.5f);
    w.set_float(1, 1, -4.0f);
    w.set_int(4, 1, -7);
    w.set_int(5, 1, 3);
    REQUIRE(w.run().ok());
    CHECK(w.read_float(2, 1) == -2.5f);
    CHECK(w.read(2, 1) == 0xC0200000u);  // the bits of -2.5
    CHECK(w.read_int(3, 1) == -4);
    CHECK(w.read(3, 1) == 0xFFFFFFFCu);
    CHECK(w.read_int(0, 1) == 0x3FC00000);  // the float 1.5 read as an integer: its bits
}
