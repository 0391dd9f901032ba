// SPDX-License-Identifier: MIT
// The NV_gpu_program4 executor, instruction by instruction: every expected value is worked out by
// hand from the pseudocode of section 2.X.8 (and Table X.16 for condition codes), written in the
// comment next to it.
#include "exec_support.hpp"

#include <cmath>
#include <limits>

namespace {

using nvx::f;
using nvx::fv;
using nvx::iv;
using nvx::words;

constexpr std::uint32_t sf = 1, zf = 2, of = 4, cf = 8;

// One vertex program of `body` reading a = vertex.attrib[0], b = vertex.attrib[1], c =
// vertex.attrib[2] and writing result.texcoord[0], on one lane.
words vertex_op(std::string_view body, const words& a, const words& b = {}, const words& c = {}) {
    std::string text =
        "!!NVvp4.0\nATTRIB a = vertex.attrib[0]; ATTRIB b = vertex.attrib[1]; ATTRIB c = vertex.attrib[2];\n"
        "OUTPUT o = result.texcoord[0];\nTEMP t;\n";
    text += body;
    text += "\nEND\n";
    nvx::run<1> r(text);
    r.m->set("vertex.attrib[0]", 0, a);
    r.m->set("vertex.attrib[1]", 0, b);
    r.m->set("vertex.attrib[2]", 0, c);
    r.go();
    return r.read("result.texcoord[0]");
}

}  // namespace

TEST_CASE("nvasm exec: float arithmetic as section 2.X.8 writes it", "[nvasm][exec]") {
    const words a = fv(1.5f, -2.0f, 3.0f, 0.5f), b = fv(2.0f, 4.0f, -1.0f, 8.0f), c = fv(0.25f, 1.0f, 1.0f, -1.0f);
    CHECK(vertex_op("ADD o, a, b;", a, b) == fv(3.5f, 2.0f, 2.0f, 8.5f));
    CHECK(vertex_op("SUB o, a, b;", a, b) == fv(-0.5f, -6.0f, 4.0f, -7.5f));
    CHECK(vertex_op("MUL o, a, b;", a, b) == fv(3.0f, -8.0f, -3.0f, 4.0f));
    CHECK(vertex_op("MAD o, a, b, c;", a, b, c) == fv(3.25f, -7.0f, -2.0f, 3.0f));
    // DP3 = 3 - 8 - 3 = -8; DP4 adds 4: -4; DPH adds b.w = 8: 0; DP2 = 3 - 8 = -5; DP2A adds c.x: -4.75.
    CHECK(vertex_op("DP3 o, a, b;", a, b) == fv(-8.0f, -8.0f, -8.0f, -8.0f));
    CHECK(vertex_op("DP4 o, a, b;", a, b) == fv(-4.0f, -4.0f, -4.0f, -4.0f));
    CHECK(vertex_op("DPH o, a, b;", a, b) == fv(0.0f, 0.0f, 0.0f, 0.0f));
    CHECK(vertex_op("DP2 o, a, b;", a, b) == fv(-5.0f, -5.0f, -5.0f, -5.0f));
    CHECK(vertex_op("DP2A o, a, b, c;", a, b, c) == fv(-4.75f, -4.75f, -4.75f, -4.75f));
    // DST: (1, a.y * b.y, a.z, b.w) = (1, -8, 3, 8).
    CHECK(vertex_op("DST o, a, b;", a, b) == fv(1.0f, -8.0f, 3.0f, 8.0f));
    // LRP: a*b + (1-a)*c: x 1.5*2 + (-0.5)*0.25 = 2.875; y -8 + 3*1 = -5; z -3 + (-2) = -5; w 4 + 0.5*-1 = 3.5.
    CHECK(vertex_op("LRP o, a, b, c;", a, b, c) == fv(2.875f, -5.0f, -5.0f, 3.5f));
    // XPD: (ay bz - az by, az bx - ax bz, ax by - ay bx) = (2 - 12, 6 + 1.5, 6 + 4) and w 0 (decision).
    CHECK(vertex_op("XPD o, a, b;", a, b) == fv(-10.0f, 7.5f, 10.0f, 0.0f));
    // X2D: x = a.x + b.x c.x + b.y c.y = 1.5 + 0.5 + 4 = 6; y = a.y + b.x c.z + b.y c.w = -2 + 2 - 4 = -4.
    CHECK(vertex_op("X2D o, a, b, c;", a, b, c) == fv(6.0f, -4.0f, 6.0f, -4.0f));
    CHECK(vertex_op("MIN o, a, b;", a, b) == fv(1.5f, -2.0f, -1.0f, 0.5f));
    CHECK(vertex_op("MAX o, a, b;", a, b) == fv(2.0f, 4.0f, 3.0f, 8.0f));
    CHECK(vertex_op("ABS o, -a;", a) == fv(1.5f, 2.0f, 3.0f, 0.5f));
    CHECK(vertex_op("MOV o, -|a.wzyx|;", a) == fv(-0.5f, -3.0f, -2.0f, -1.5f));
    // CMP: a < 0 ? b : c, only y is negative.
    CHECK(vertex_op("CMP o, a, b, c;", a, b, c) == fv(0.25f, 4.0f, 1.0f, -1.0f));
    const words r = fv(-1.7f, 1.0f, 3.7f, 2.5f);
    CHECK(vertex_op("FLR o, a;", r) == fv(-2.0f, 1.0f, 3.0f, 2.0f));
    CHECK(vertex_op("CEIL o, a;", r) == fv(-1.0f, 1.0f, 4.0f, 3.0f));
    CHECK(vertex_op("TRUNC o, a;", r) == fv(-1.0f, 1.0f, 3.0f, 2.0f));
    CHECK(vertex_op("ROUND o, a;", r) == fv(-2.0f, 1.0f, 4.0f, 2.0f));  // 2.5: the even neighbour
    CHECK(vertex_op("FRC o, a;", fv(-1.75f, 1.0f, 3.25f, 0.5f)) == fv(0.25f, 0.0f, 0.25f, 0.5f));
    CHECK(vertex_op("SSG o, a;", fv(-3.0f, 0.0f, 7.0f, -0.0f)) == fv(-1.0f, 0.0f, 1.0f, 0.0f));
    // SWZ with 0, 1 and negation: (-y, 0, 1, x).
    CHECK(vertex_op("SWZ o, a, -y, 0, 1, x;", a) == fv(2.0f, 0.0f, 1.0f, 1.5f));
    // DIV by the scalar b.y = 4.
    CHECK(vertex_op("DIV o, a, b.y;", a, b) == fv(0.375f, -0.5f, 0.75f, 0.125f));
    // Set-on: TRUE 1.0, FALSE 0.0.
    CHECK(vertex_op("SLT o, a, b;", a, b) == fv(1.0f, 1.0f, 0.0f, 1.0f));
    CHECK(vertex_op("SGE o, a, b;", a, b) == fv(0.0f, 0.0f, 1.0f, 0.0f));
    CHECK(vertex_op("SEQ o, a, {1.5, 0, 3, 1};", a) == fv(1.0f, 0.0f, 1.0f, 0.0f));
    CHECK(vertex_op("SNE o, a, {1.5, 0, 3, 1};", a) == fv(0.0f, 1.0f, 0.0f, 1.0f));
    CHECK(vertex_op("SGT o, a, b;", a, b) == fv(0.0f, 0.0f, 1.0f, 0.0f));
    CHECK(vertex_op("SLE o, a, {1.5, 0, 3, 1};", a) == fv(1.0f, 1.0f, 1.0f, 1.0f));
    CHECK(vertex_op("STR o, a, b;", a, b) == fv(1.0f, 1.0f, 1.0f, 1.0f));
    CHECK(vertex_op("SFL o, a, b;", a, b) == fv(0.0f, 0.0f, 0.0f, 0.0f));
}

TEST_CASE("nvasm exec: vector helpers LIT, NRM, RFL, SCS", "[nvasm][exec]") {
    // LIT (x=0.5 diffuse, y=0.25 specular, w=2 exponent): (1, 0.5, 0.25^2 = 0.0625, 1).
    CHECK(vertex_op("LIT o, a;", fv(0.5f, 0.25f, 9.0f, 2.0f)) == fv(1.0f, 0.5f, 0.0625f, 1.0f));
    // A negative diffuse product clamps to 0 and forces the specular term to 0.
    CHECK(vertex_op("LIT o, a;", fv(-0.5f, 0.25f, 0.0f, 2.0f)) == fv(1.0f, 0.0f, 0.0f, 1.0f));
    // NRM of (3, 0, 4): scale 1/5: (0.6, 0, 0.8), w 0 (decision).
    const words n = vertex_op("NRM o, a;", fv(3.0f, 0.0f, 4.0f, 9.0f));
    CHECK(n[0] == f(3.0f * (1.0f / 5.0f)));
    CHECK(n[1] == f(0.0f));
    CHECK(n[2] == f(4.0f * (1.0f / 5.0f)));
    // RFL of direction (1, -1, 0) about axis (0, 2, 0): tmp.x = 2 * (-2) / 4 = -1; (-1*0 - 1, -1*2 + 1,
    // -1*0 - 0) = (-1, -1, -0).
    CHECK(vertex_op("RFL o, a, b;", fv(0.0f, 2.0f, 0.0f, 0.0f), fv(1.0f, -1.0f, 0.0f, 0.0f)) == fv(-1.0f, -1.0f, -0.0f, 0.0f));
    // SCS of 0: (cos 0, sin 0) = (1, 0).
    CHECK(vertex_op("SCS o, a.x;", fv(0.0f, 0.0f, 0.0f, 0.0f)) == fv(1.0f, 0.0f, 0.0f, 0.0f));
}

TEST_CASE("nvasm exec: integer arithmetic, shifts, bitwise, conversions", "[nvasm][exec]") {
    const words a = iv(7, -8, 100, -1), b = iv(2, 3, -7, 16);
    CHECK(vertex_op("ADD.S o, a, b;", a, b) == iv(9, -5, 93, 15));
    CHECK(vertex_op("SUB.S o, a, b;", a, b) == iv(5, -11, 107, -17));
    CHECK(vertex_op("MUL.S o, a, b;", a, b) == iv(14, -24, -700, -16));
    CHECK(vertex_op("MAD.S o, a, b, a;", a, b) == iv(21, -32, -600, -17));
    // DIV.S / MOD.S by b.x = 2 (C's truncation): 7/2 = 3, -8/2 = -4, 100/2 = 50, -1/2 = 0.
    CHECK(vertex_op("DIV.S o, a, b.x;", a, b) == iv(3, -4, 50, 0));
    CHECK(vertex_op("MOD.U o, {7, 8, 100, 1}, b.y;", a, b) == iv(1, 2, 1, 1));
    CHECK(vertex_op("AND o, a, b;", a, b) == iv(7 & 2, -8 & 3, 100 & -7, -1 & 16));
    CHECK(vertex_op("OR.U o, a, b;", a, b) == iv(7 | 2, -8 | 3, 100 | -7, -1 | 16));
    CHECK(vertex_op("XOR o, a, b;", a, b) == iv(7 ^ 2, -8 ^ 3, 100 ^ -7, -1 ^ 16));
    CHECK(vertex_op("NOT.S o, a;", a) == iv(~7, ~-8, ~100, ~-1));
    CHECK(vertex_op("ABS.S o, a;", a) == iv(7, 8, 100, 1));
    CHECK(vertex_op("MOV.S o, -a;", a) == iv(-7, 8, -100, 1));
    // Shifts by b.x = 2: SHL; SHR.S fills with the sign; SHR.U with zeros.
    CHECK(vertex_op("SHL.S o, a, b.x;", a, b) == iv(28, -32, 400, -4));
    CHECK(vertex_op("SHR.S o, a, b.x;", a, b) == iv(1, -2, 25, -1));
    CHECK(vertex_op("SHR.U o, a, b.x;", a, b) == iv(1, 0x3FFFFFFE, 25, 0x3FFFFFFF));
    // MUL.U.HI: 0x80000000 * 4 = 2^33: high word 2; MUL.S.HI: -1 * 16 = -16: high word -1.
    CHECK(vertex_op("MUL.U.HI o, a, b;", iv(INT32_MIN, 1, 0, 0), iv(4, 5, 0, 0)) == iv(2, 0, 0, 0));
    CHECK(vertex_op("MUL.S.HI o, a, b;", iv(-1, 1 << 30, 0, 0), iv(16, 8, 0, 0)) == iv(-1, 2, 0, 0));
    // MUL.S24 sign-extends 24 bits: 0x00FFFFFF is -1; MUL.U24 keeps 24 bits of 0x01000003: 3.
    CHECK(vertex_op("MUL.S24 o, a, b;", iv(0x00FFFFFF, 3, 0, 0), iv(5, 0x01000003, 0, 0)) == iv(-5, 9, 0, 0));
    CHECK(vertex_op("MUL.U24 o, a, b;", iv(0x01000003, 2, 0, 0), iv(5, 7, 0, 0)) == iv(15, 14, 0, 0));
    // Integer set-on: TRUE is -1 (S) or all ones (U).
    CHECK(vertex_op("SLT.S o, a, b;", a, b) == iv(0, -1, 0, -1));
    CHECK(vertex_op("SLT.U o, a, b;", a, b) == iv(0, 0, -1, 0));  // -8 and -1 are large unsigned
    CHECK(vertex_op("STR.U o, a, b;", a, b) == iv(-1, -1, -1, -1));
    // SAD.S: |a - b| + c: |7-2|+1, |-8-3|+1, |100+7|+1, |-1-16|+1.
    CHECK(vertex_op("SAD.S o, a, b, {1, 1, 1, 1};", a, b) == iv(6, 12, 108, 18));
    // I2F reads signed (default) or unsigned integers.
    CHECK(vertex_op("I2F o, a;", a) == fv(7.0f, -8.0f, 100.0f, -1.0f));
    CHECK(vertex_op("I2F.U o, a;", iv(3, -1, 0, 16)) == fv(3.0f, 4294967296.0f, 0.0f, 16.0f));
    // FLR.S / TRUNC.U / ROUND.S write integers.
    CHECK(vertex_op("FLR.S o, a;", fv(-1.5f, 2.5f, 0.0f, 7.9f)) == iv(-2, 2, 0, 7));
    CHECK(vertex_op("TRUNC.U o, a;", fv(1.0f, 2.9f, 0.0f, 7.9f)) == iv(1, 2, 0, 7));
    CHECK(vertex_op("CEIL.S o, a;", fv(-1.5f, 2.5f, 0.0f, 7.1f)) == iv(-1, 3, 0, 8));
    // Integer constants are read as the operand's type: 0x0F is 15.
    CHECK(vertex_op("AND.U o, a, 0x0F;", iv(0x123, 0xFF, 0x10, 7)) == iv(3, 15, 0, 7));
}

TEST_CASE("nvasm exec: packing and unpacking", "[nvasm][exec]") {
    // PK2H (1, -2): halves 0x3C00 and 0xC000: 0xC0003C00.
    CHECK(vertex_op("PK2H.U o, a;", fv(1.0f, -2.0f, 0, 0))[0] == 0xC0003C00u);
    // PK2US (0.5, 2): round(65535 * 0.5) = 32768 (32767.5 to even), 2 clamps to 1: 65535.
    CHECK(vertex_op("PK2US.U o, a;", fv(0.5f, 2.0f, 0, 0))[0] == 0xFFFF8000u);
    // PK4UB (0, 0.5, 1, -3): 0, round(127.5) = 128, 255, 0.
    CHECK(vertex_op("PK4UB.U o, a;", fv(0.0f, 0.5f, 1.0f, -3.0f))[0] == 0x00FF8000u);
    // PK4B (-1, 0, 1, 5): round(-127 + 128) = 1, 128, 255, 255 (clamped to 127/127).
    CHECK(vertex_op("PK4B.U o, a;", fv(-1.0f, 0.0f, 1.0f, 5.0f))[0] == 0xFFFF8001u);
    // UP2H 0xC0003C00: (1, -2, 1, -2).
    CHECK(vertex_op("UP2H.U o, a.x;", iv(static_cast<std::int32_t>(0xC0003C00u), 0, 0, 0)) == fv(1.0f, -2.0f, 1.0f, -2.0f));
    // UP4UB 0xFF00FF00: (0, 1, 0, 1); UP4B 0x80FF0080: bytes 0x80, 0, 0xFF, 0x80: (0, -128/127, 1, 0).
    CHECK(vertex_op("UP4UB.U o, a.x;", iv(static_cast<std::int32_t>(0xFF00FF00u), 0, 0, 0)) == fv(0.0f, 1.0f, 0.0f, 1.0f));
    CHECK(vertex_op("UP4B.U o, a.x;", iv(static_cast<std::int32_t>(0x80FF0080u), 0, 0, 0)) == fv(0.0f, -128.0f / 127.0f, 1.0f, 0.0f));
    // UP2US 0xFFFF0000: (0, 1, 0, 1).
    CHECK(vertex_op("UP2US.U o, a.x;", iv(static_cast<std::int32_t>(0xFFFF0000u), 0, 0, 0)) == fv(0.0f, 1.0f, 0.0f, 1.0f));
}

TEST_CASE("nvasm exec: saturation clamps floats to [0, 1] or [-1, 1]", "[nvasm][exec]") {
    const words a = fv(-2.0f, 0.5f, 3.0f, -0.25f);
    CHECK(vertex_op("MOV.SAT o, a;", a) == fv(0.0f, 0.5f, 1.0f, 0.0f));
    CHECK(vertex_op("MOV.SSAT o, a;", a) == fv(-1.0f, 0.5f, 1.0f, -0.25f));
    CHECK(vertex_op("ADD_SAT o, a, {1, 1, 1, 1};", a) == fv(0.0f, 1.0f, 1.0f, 0.75f));
}

TEST_CASE("nvasm exec: condition codes, write masks and every test of Table X.16", "[nvasm][exec]") {
    // MOV.CC of (-1, 0, 2, NaN) sets per component: SF; ZF; nothing; SF and ZF.
    nvx::run<1> r("!!NVvp4.0\nATTRIB a = vertex.attrib[0]; TEMP t;\nMOV.CC t, a;\nEND\n");
    r.set("vertex.attrib[0]", 0, fv(-1.0f, 0.0f, 2.0f, std::numeric_limits<float>::quiet_NaN()));
    r.go();
    CHECK(r.m->condition_code(0, 0) == words{sf, zf, 0, sf | zf});
    // Each rule, on the four flag sets: which components pass.
    struct rule_case {
        const char* name;
        unsigned pass;  // bit c: component c passes (-1: SF, 0: ZF, 2: none, NaN: SF ZF); e.g. LE on
                        // NaN: SF ^ (ZF || OF) = 1 ^ 1 = 0, LT on NaN: (SF && !ZF) ^ OF = 0
    };
    const rule_case rules[] = {{"EQ", 0b0010}, {"GE", 0b0110},  {"GT", 0b0100},  {"LE", 0b0011},  {"LT", 0b0001}, {"NE", 0b1101},
                               {"FL", 0b0000}, {"TR", 0b1111},  {"NAN", 0b1000}, {"LEG", 0b0111}, {"CF", 0b0000}, {"NCF", 0b1111},
                               {"OF", 0b0000}, {"NOF", 0b1111}, {"SF", 0b1001},  {"NSF", 0b0110}, {"AB", 0b0000}, {"BLE", 0b1111}};
    for (const auto& rc : rules) {
        std::string text =
            "!!NVvp4.0\nATTRIB a = vertex.attrib[0]; TEMP t;\nMOV.CC1 t, a;\nMOV result.texcoord[0], {0, 0, 0, 0};\n"
            "MOV result.texcoord[0] (";
        text += rc.name;
        text += "1), {1, 1, 1, 1};\nEND\n";
        nvx::run<1> q(text);
        q.set("vertex.attrib[0]", 0, fv(-1.0f, 0.0f, 2.0f, std::numeric_limits<float>::quiet_NaN()));
        q.go();
        const words o = q.read("result.texcoord[0]");
        INFO(rc.name);
        for (unsigned c = 0; c < 4; ++c) CHECK(o[c] == f((rc.pass >> c) & 1 ? 1.0f : 0.0f));
    }
}

TEST_CASE("nvasm exec: integer condition codes: sign, zero, overflow, carry", "[nvasm][exec]") {
    const auto flags = [](std::string_view op, const words& a, const words& b) {
        std::string text = "!!NVvp4.0\nATTRIB a = vertex.attrib[0]; ATTRIB b = vertex.attrib[1]; TEMP t;\n";
        text += op;
        text += "\nEND\n";
        nvx::run<1> r(text);
        r.set("vertex.attrib[0]", 0, a).set("vertex.attrib[1]", 0, b);
        r.go();
        return r.m->condition_code(0, 0);
    };
    // ADD.S: INT_MAX + 1 overflows (SF, OF); -1 + 1 carries out and is zero (ZF, CF); 1 + 1 nothing;
    // -1 + -1 = -2 carries (SF, CF).
    CHECK(flags("ADD.S.CC t, a, b;", iv(INT32_MAX, -1, 1, -1), iv(1, 1, 1, -1)) == words{sf | of, zf | cf, 0, sf | cf});
    // SUB.U: CF when the unsigned result is >= 0 (a >= b): 5 - 3 (CF), 3 - 5 (SF, no CF), 0 - 0 (ZF, CF),
    // INT_MIN - 1 (signed overflow, CF).
    CHECK(flags("SUB.U.CC t, a, b;", iv(5, 3, 0, INT32_MIN), iv(3, 5, 0, 1)) == words{cf, sf, zf | cf, of | cf});
    // A negated operand turns ADD into a subtract: 5 + -(3) is 5 - 3: CF set.
    CHECK(flags("ADD.S.CC t, a, -b;", iv(5, 0, 0, 0), iv(3, 0, 0, 0))[0] == cf);
    // MUL clears OF and CF even when the product overflows.
    CHECK(flags("MUL.S.CC t, a, b;", iv(0x40000000, 0, 0, 0), iv(4, 0, 0, 0))[0] == zf);
    // A write mask keeps the other components' flags: only y is updated (-1: SF).
    CHECK(flags("MOV.S.CC t, {0, 0, 0, 0}; MOV.S.CC t.y, a;", iv(-1, -1, -1, -1), iv(0, 0, 0, 0)) == words{zf, sf, zf, zf});
}

TEST_CASE("nvasm exec: a NaN that arithmetic computes is 0x7FC00000; moves keep the bits", "[nvasm][exec]") {
    const float inf = std::numeric_limits<float>::infinity();
    const words neg_nan{0xFFC00001u, 0xFFC00001u, 0xFFC00001u, 0xFFC00001u};
    // inf + -inf, -NaN + 1, -NaN * 2, 0 * inf (the decision in alu.hpp).
    CHECK(vertex_op("ADD o, a, b;", fv(inf, 1, 1, 0), words{f(-inf), neg_nan[0], 0, f(1)}) == words{0x7FC00000u, 0x7FC00000u, f(1), f(1)});
    CHECK(vertex_op("MUL o, a, b;", neg_nan, fv(2, 2, 2, 2)) == words{0x7FC00000u, 0x7FC00000u, 0x7FC00000u, 0x7FC00000u});
    CHECK(vertex_op("MUL.CC o, a, b;", fv(0, 0, 0, 0), fv(inf, inf, inf, inf))[0] == 0x7FC00000u);
    CHECK(vertex_op("MOV o, a;", neg_nan) == neg_nan);
    CHECK(vertex_op("MOV o, -a;", neg_nan)[0] == 0x7FC00001u);
}

TEST_CASE("nvasm exec: the chunked float path gives the lane-by-lane path's bits", "[nvasm][exec]") {
    // An instruction that updates a condition code runs lane by lane (alu::compute); the same
    // without .CC1 runs a chunk of lanes at a time (float_path.hpp). Signed zeros, NaN, infinities.
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    const words inputs[] = {fv(1.5f, -0.0f, nan, inf), fv(0.0f, -2.0f, 3.0f, nan), fv(-inf, 1e30f, -1e-30f, 0.5f), fv(2.0f, 2.0f, -0.0f, 0.0f)};
    for (const char* op : {"ADD", "SUB", "MUL", "MAD", "MOV", "MIN", "MAX", "DP3", "DP4"}) {
        for (const char* mods : {"", "_SAT", "_SSAT"}) {
            const std::string name = op;
            const std::string operands = name == "MOV" ? " o, -|a.wzyx|;" : std::string(" o, -a, |b.yxwz|") + (name == "MAD" ? ", -|c|;" : ";");
            const std::string chunked = std::string(op) + mods + operands;
            const std::string lane_by_lane = std::string(op) + "C1" + mods + operands;
            for (const words& a : inputs)
                for (const words& b : inputs) {
                    INFO(chunked);
                    CHECK(vertex_op(chunked, a, b, b) == vertex_op(lane_by_lane, a, b, b));
                }
        }
    }
}
