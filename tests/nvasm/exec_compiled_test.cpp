// SPDX-License-Identifier: MIT
// The compiled path (each statement's descriptor a template argument) against the interpreter:
// every instruction of NV_gpu_program4 runs in one of four programs known at compile time, on
// 16 lanes of varied inputs, and every row (registers, bindings, condition codes), every kill and
// every emitted vertex must be the same bit for bit.
#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include <ctisa/nvasm/executor.hpp>

namespace {

namespace nv = ctisa::nvasm;

constexpr auto floats = nv::assemble<R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0]; ATTRIB b = vertex.attrib[1]; ATTRIB c = vertex.attrib[2];
TEMP t, u, k;
PARAM p[3] = { program.local[0..2] };
ADD.CC t, a, b; SUB.SAT u, t, c; MAD.CC1 t, a, b, -c; MUL u.xy (GT), t, c;
ABS t, -u; CEIL u, t; FLR.F k, u; FRC t, c; TRUNC u, a; ROUND k, b;
CMP t, a, b, c; DIV u, t, a.y; DP2 k.x, a, b; DP2A k.y, a, b, c; DP3 k.z, a, b; DP4 k.w, a, c;
DPH t.x, a, b; DST u, a, b; LIT t, c; LRP k, a, b, c; MAX u, a, b; MIN t, k, u;
MOV.SSAT u, -|a|; NRM t, b; RFL k, a, b; SSG u, c; SWZ t, a, -w, 1, 0, y; X2D u, a, b, c; XPD k, a, c;
SEQ t, a, b; SNE u, a, c; SGE k, a, b; SGT t, b, c; SLE u, a, c; SLT k, b, c; SFL t, a, b; STR u, a, b;
EX2 t.x, a.x; LG2 t.y, |b.y|; SIN t.z, c.z; COS t.w, a.w; RCP u.x, b.x; RSQ u.y, |c.y|; RCC u.z, a.z;
POW u.w, |a.w|, b.w; SCS k, c.x;
PK2H t.x, a; PK2US t.y, b; PK4B t.z, c; PK4UB t.w, a; UP2H u, t.x; UP2US k, t.y; UP4B u, t.z; UP4UB k, t.w;
MOV result.texcoord[0], p[1];
END
)">();

constexpr auto integers = nv::assemble<R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0]; ATTRIB b = vertex.attrib[1]; ATTRIB c = vertex.attrib[2];
PARAM p[4] = { program.local[0..3] };
TEMP t, u, k;
INT TEMP i;
ADD.S.CC t, a, b; SUB.U.CC1 u, a, -c; MAD.S.CC k, a, b, c; MUL.U u (NE1), a, b;
MUL.S.HI t, a, c; MUL.U.HI k, b, c; MUL.S24 u, a, b; MUL.U24 t, b, c;
AND t, a, b; OR.U u, a, c; XOR k, b, c; NOT.U t, a; ABS.S u, a; SAD.U k, a, b, c; SAD.S t, a, c, b;
DIV.S u, a, b.x; DIV.U k, b, c.y; MOD.U t, b, c.z; MOD.S u, a, b.w;
SHL.S k, a, b.x; SHR.S t, a, c.y; SHR.U u, b, c.z;
MAX.S k, a, b; MIN.U t, b, c; CMP.S u, a, b, c; SEQ.S k, a, b; SLT.U t, b, c; SGE.S u, a, c;
I2F k, a; I2F.U t, b; FLR.S u, k; TRUNC.U k, t; CEIL.S t, k; ROUND.U u, t; MOV.S.CC i, a;
PK2H.U t, k; UP2H.S u.x, t.x;
MOV.S k, p[i.x + 1]; SFL.U t, a, b; STR.S u, a, b;
MOV result.texcoord[0], k;
END
)">();

constexpr auto flow = nv::assemble<R"(!!NVfp4.0
ATTRIB a = fragment.texcoord[0]; ATTRIB b = fragment.texcoord[1];
TEMP t, u; INT TEMP n;
double:
  ADD t, t, t;
  RET (LT.y);
  ADD t, t, {1, 1, 1, 1};
main:
  MOV.CC t, a;
  IF GT.x; MOV u, b; ELSE; MOV u, -b; ENDIF;
  FLR.S.CC1 n, |a|; AND n, n, 7;
  REP.S n.x;
    ADD u, u, {1, 2, 3, 4};
    CONT (EQ1.y);
    MUL.CC u, u, {0.5, 0.5, 0.5, 0.5};
    BRK (LT.z);
  ENDREP;
  REP.S n.y; ADD t.x, t.x, 1; ENDREP;
  CAL double (NE.w);
  KIL b.w;
  KIL NAN1.x;
  DDX u, t; DDY result.depth, u;
  TEX t, a, texture[0], 2D; TXB u, b, texture[0], 2D; TXL t, u, texture[1], 3D;
  TXP u, t, texture[2], CUBE; TXD t, a, b, u, texture[0], 2D;
  TXF.S n, n, texture[3], BUFFER; TXQ n, n, texture[1], 3D;
  MOV result.color, u;
END
)">();

constexpr auto geometry = nv::assemble<R"(!!NVgp4.0
PRIMITIVE_IN TRIANGLES;
PRIMITIVE_OUT TRIANGLE_STRIP;
VERTICES_OUT 4;
TEMP t;
MOV.CC t, vertex[0].position;
MOV result.position, vertex[0].position; EMIT;
MOV result.color, vertex[1].color; EMIT;
ENDPRIM;
IF GT.y; MOV result.position, vertex[2].position; EMIT; ENDIF;
END
)">();

// Temporary arrays (section 2.X.3.4) with constant and relative members, read and written; the
// indices run past both ends (a member out of range reads 0 and is not written: traits.hpp), and
// a sign inside absolute-value bars on float, signed and unsigned sources.
constexpr auto arrays = nv::assemble<R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0]; ATTRIB b = vertex.attrib[1];
TEMP lmem[6], t, u;
INT TEMP i;
MOV lmem[0], a; MOV lmem[5].xz, b; ADD lmem[3], -a, b;
MOV.S i, b; AND.S i, i, 7; SUB.S i.w, i.w, 3;
MOV lmem[i.x], a; MOV lmem[i.y + 1].yw, -b; MOV.S lmem[i.w + 5].x, i.z;
MOV t, lmem[i.z]; ADD u, lmem[i.w + 2], lmem[3].zyxw; MAD t, lmem[i.x + 0].wzyx, u, -lmem[i.y + 3];
ADD.U u.x, |-a.y|, b.x; ADD.S u.y, -|-a.z|, b.y; ADD u.zw, |-a|, -|+b|;
MOV result.texcoord[0], lmem[1]; MOV result.texcoord[1], lmem[4]; MOV result.texcoord[2], t;
END
)">();

// Only statements with kernels over row values (nvasm/exec/values.hpp), IF blocks whose bodies
// if_convert guards among them: the whole program takes the value path. Every result read or kept
// (a result overwritten unread would hide a wrong kernel), NaNs along a chain of float
// arithmetic (loose_nan) ending in a move.
constexpr auto values = nv::assemble<R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0]; ATTRIB b = vertex.attrib[1]; ATTRIB c = vertex.attrib[2];
PARAM p[3] = { program.local[0..2] };
TEMP t0, t1, t2, t3, t4, t5, u, v, w, h;
INT TEMP i;
ADD.CC t0, a, -b; SUB.SAT t1, t0, c; MAD.CC1 t2, a, |b|, -c; MUL t3.xy (GT), t0, c;
MAD.SSAT t4, t0, t1, t2; ABS t5, -t1; MAX t5, t5, b;
FLR.F v, t1; MIN v, v, t1; FRC w.xz, c; TRUNC w.yw, a; MOV.SSAT t3.zw, -|a|;
CMP h, a, b, c; DP2 u.x, a, b; DP3 u.z, a, b; DP4 u.w, a, c; DPH u.y, a, b;
ADD t4, t4, u; ADD t4, t4, h; ADD t4, t4, w; ADD t4, t4, v;
SEQ v.x, a, b; SNE v.y, a, c; SGE v.z, a, b; SGT v.w, b, c; SLE w.x, a, c; SLT w.y, b, c;
EX2 w.z, a.x; LG2 w.w, |b.y|; RCP u.x, b.x; RSQ u.y, |c.y|; POW u.zw, |a.w|, b.w;
TRUNC.U.CC h.x, t1.w; FLR.U.CC1 h.yw, c; TRUNC.S i.y, a.x; FLR.S i.z, b.y;
IF NE.x; MOV.F t5.w, {0}.x; ADD t5.xyz, t4, t2; ENDIF;
IF LT1.y; MUL t3, t3, t5; ENDIF;
ADD.S t1, a, b; MAD.S t1, t1, b, c; MUL.U t1, t1, a; AND t1, t1, b; OR.U t1, t1, c; XOR t1, t1, b; NOT.U t1, t1; ABS.S t1, t1;
MAX.S t2.x, t1, b; MIN.U t2.y, t1, c; CMP.S t2.z, a, b, c; SEQ.S t2.w, a, b; SLT.U h.z, b, c;
MOV.S.CC i.x, -a; SUB.S i.w, a, -c;
MAD t0, t0, t3, t4; MAD t0, t0, t3, t5; ADD t3, t0, t0; MOV t5, t3;
MOV result.texcoord[0], p[1];
MOV result.color, t4;
END
)">();

// Varied inputs: small floats, integers, signs, zeros, NaN, infinities, by lane and component.
std::uint32_t input_word(std::uint32_t seed) {
    seed = seed * 2654435761u + 0x9E3779B9u;
    seed ^= seed >> 15;
    switch (seed % 8) {
        case 0: return std::bit_cast<std::uint32_t>(static_cast<float>(static_cast<std::int32_t>(seed >> 8) % 64) * 0.25f);
        case 1: return std::bit_cast<std::uint32_t>(-static_cast<float>((seed >> 8) % 7));
        case 2: return (seed >> 8) % 5;  // small integers (counts, indices)
        case 3: return seed;             // any bits
        case 4: return 0x7FC00000u;      // NaN
        case 5: return seed % 3 == 0 ? 0x7F800000u : 0x80000000u;
        default: return std::bit_cast<std::uint32_t>(static_cast<float>((seed >> 10) % 1000) / 37.0f);
    }
}

template <auto Program>
void parity(std::uint32_t seed) {
    constexpr std::size_t w = 16;
    std::span<const nv::instruction> code(Program.instructions);
    nv::exec::machine<w> interpreted(code), compiled(code);
    std::uint32_t n = seed;
    for (const auto& b : interpreted.registers().bindings)
        for (std::size_t l = 0; l < w; ++l) {
            const std::array<std::uint32_t, 4> v{input_word(n++), input_word(n++), input_word(n++), input_word(n++)};
            (void)interpreted.set(b.text.view(), l, v);
            (void)compiled.set(b.text.view(), l, v);
        }
    nv::exec::default_environment e1, e2;
    const auto s1 = interpreted.run(e1);
    const auto s2 = nv::exec::compiled<Program, w>::run(compiled, e2);
    INFO("status " << ctisa::message_of(s1.error.code) << " at " << s1.error.offset << ": " << s1.error.subject << " / seed " << seed);
    REQUIRE(s1.ok());
    REQUIRE(s2.ok());
    for (std::uint32_t r = 0; r < interpreted.registers().rows; ++r)
        for (std::size_t l = 0; l < w; ++l) {
            INFO("row " << r << " lane " << l);
            REQUIRE(interpreted.row(r)[l] == compiled.row(r)[l]);
        }
    for (std::size_t l = 0; l < w; ++l) CHECK(interpreted.killed(l) == compiled.killed(l));
    REQUIRE(e1.vertices.size() == e2.vertices.size());
    for (std::size_t v = 0; v < e1.vertices.size(); ++v) CHECK(e1.vertices[v].outputs == e2.vertices[v].outputs);
}

}  // namespace

TEST_CASE("nvasm exec: the compiled path is bit-identical to the interpreter on every instruction", "[nvasm][exec][compiled]") {
    for (std::uint32_t seed = 1; seed <= 40; ++seed) {
        parity<floats>(seed);
        parity<integers>(seed);
        parity<flow>(seed);
        parity<geometry>(seed);
        parity<values>(seed);
        parity<arrays>(seed);
    }
    STATIC_REQUIRE(nv::exec::compiled<values, 16>::runs_on_values);
    STATIC_REQUIRE(!nv::exec::compiled<floats, 16>::runs_on_values);
    // The four programs name all 84 instructions.
    std::array<bool, 85> seen{};
    for (std::span<const nv::instruction> p :
         {std::span<const nv::instruction>(floats.instructions), std::span<const nv::instruction>(integers.instructions),
          std::span<const nv::instruction>(flow.instructions), std::span<const nv::instruction>(geometry.instructions)})
        for (const auto& in : p) seen[static_cast<std::size_t>(in.op.code)] = true;
    for (std::size_t c = 1; c <= 84; ++c) {
        INFO(nv::info(static_cast<nv::opcode>(c)).mnemonic);
        CHECK(seen[c]);
    }
}

// A negated move in a program that is not straight (a REP loop: the compiled path runs it step by
// step, each statement's kernel over rows with its descriptor a constant). Built with Clang 19 at
// -O1, the old chunked float path of these steps stored nothing for MOV t, -a (t stayed zero).
constexpr auto negated_move = nv::assemble<R"(!!NVfp4.0
ATTRIB a = fragment.texcoord[0];
TEMP t;
REP {2}.x; MOV t, -a; ENDREP;
MOV result.color, t;
END
)">();

TEST_CASE("nvasm exec: a negated move in a loop, compiled", "[nvasm][exec][compiled]") {
    constexpr std::size_t w = 16;
    std::span<const nv::instruction> code(negated_move.instructions);
    nv::exec::machine<w> interpreted(code), compiled(code);
    for (std::size_t l = 0; l < w; ++l) {
        const float x = l % 2 ? 1.5f + static_cast<float>(l) : -1.0f - static_cast<float>(l);
        const std::array<std::uint32_t, 4> v{std::bit_cast<std::uint32_t>(x), std::bit_cast<std::uint32_t>(2.0f), 0x80000000u, 0x7FC00000u};
        REQUIRE(interpreted.set("fragment.texcoord[0]", l, v));
        REQUIRE(compiled.set("fragment.texcoord[0]", l, v));
    }
    nv::exec::default_environment e1, e2;
    REQUIRE(interpreted.run(e1).ok());
    REQUIRE(nv::exec::compiled<negated_move, w>::run(compiled, e2).ok());
    for (std::size_t l = 0; l < w; ++l) {
        INFO("lane " << l);
        const float x = l % 2 ? 1.5f + static_cast<float>(l) : -1.0f - static_cast<float>(l);
        const std::array<std::uint32_t, 4> negated{std::bit_cast<std::uint32_t>(-x), std::bit_cast<std::uint32_t>(-2.0f), 0u, 0xFFC00000u};
        CHECK(*interpreted.read("t", l) == negated);
        CHECK(*compiled.read("t", l) == negated);
    }
}
