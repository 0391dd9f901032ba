// SPDX-License-Identifier: MIT
// The NV_gpu_program4 executor's flow control (section 2.X.5 and the instructions' pseudocode),
// per-lane divergence, KIL, derivatives over quads, texture fetches, geometry EMIT / ENDPRIM,
// arrays with relative addressing, and the approximate instructions' accuracy. Expected values
// are worked out by hand, lane by lane, in the comments.
#include "exec_support.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <string>

namespace {

using nvx::f;
using nvx::fv;
using nvx::iv;
using nvx::words;

// Distance in binary32 units in the last place (same sign, finite).
std::int64_t ulps(float a, float b) {
    const auto key = [](float x) {
        const auto i = static_cast<std::int64_t>(std::bit_cast<std::int32_t>(x));
        return i < 0 ? std::int64_t{INT32_MIN} - i : i;
    };
    return std::llabs(key(a) - key(b));
}

}  // namespace

TEST_CASE("nvasm exec: IF / ELSE / ENDIF diverge per lane", "[nvasm][exec][flow]") {
    // Lanes with a.x > 0 take the then-part (x = 10), the others the else-part (x = 20); both add 1.
    nvx::run<4> r(R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0]; TEMP t;
MOV.CC t, a;
IF GT.x;
  MOV t.x, 10;
ELSE;
  MOV t.x, 20;
ENDIF;
ADD result.texcoord[0], t, {1, 0, 0, 0};
END
)");
    const float xs[4] = {1.0f, -1.0f, 0.0f, 5.0f};
    for (std::size_t l = 0; l < 4; ++l) r.set("vertex.attrib[0]", l, fv(xs[l], 0, 0, 0));
    r.go();
    const float expect[4] = {11.0f, 21.0f, 21.0f, 11.0f};
    for (std::size_t l = 0; l < 4; ++l) CHECK(r.read("result.texcoord[0]", l)[0] == f(expect[l]));
}

TEST_CASE("nvasm exec: REP with a count, per lane, and CONT", "[nvasm][exec][flow]") {
    // REP a.x: floor(a.x) iterations; each adds 1 to t.x, and 10 to t.y unless t.x == 2 (CONT skips).
    // Counts 3.7 -> 3 (x 3, y 20), 0 -> skipped (0, 0), -2 -> skipped, 1 -> (1, 10).
    nvx::run<4> r(R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0]; TEMP t;
MOV t, {0, 0, 0, 0};
REP a.x;
  ADD t.x, t.x, 1;
  SEQ.CC t.z, t.x, 2;
  CONT (NE.z);
  ADD t.y, t.y, 10;
ENDREP;
MOV result.texcoord[0], t;
END
)");
    const float counts[4] = {3.7f, 0.0f, -2.0f, 1.0f};
    for (std::size_t l = 0; l < 4; ++l) r.set("vertex.attrib[0]", l, fv(counts[l], 0, 0, 0));
    r.go();
    const float ex[4] = {3, 0, 0, 1}, ey[4] = {20, 0, 0, 10};
    for (std::size_t l = 0; l < 4; ++l) {
        CHECK(r.read("result.texcoord[0]", l)[0] == f(ex[l]));
        CHECK(r.read("result.texcoord[0]", l)[1] == f(ey[l]));
    }
}

TEST_CASE("nvasm exec: REP without a count runs until BRK", "[nvasm][exec][flow]") {
    // t.x doubles from 1 until it is at least a.x: a.x = 5 -> 8, 1 -> 2 (the body runs once before
    // the test), 100 -> 128.
    nvx::run<3> r(R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0]; TEMP t;
MOV t, {1, 0, 0, 0};
REP;
  MUL t.x, t.x, 2;
  SGE.CC t.y, t.x, a.x;
  BRK (NE.y);
ENDREP;
MOV result.texcoord[0], t;
END
)");
    const float limits[3] = {5.0f, 1.0f, 100.0f}, expect[3] = {8.0f, 2.0f, 128.0f};
    for (std::size_t l = 0; l < 3; ++l) r.set("vertex.attrib[0]", l, fv(limits[l], 0, 0, 0));
    r.go();
    for (std::size_t l = 0; l < 3; ++l) CHECK(r.read("result.texcoord[0]", l)[0] == f(expect[l]));
}

TEST_CASE("nvasm exec: CAL and RET with labels, main, and a conditional call", "[nvasm][exec][flow]") {
    // Section 2.X.5's example: execution begins after "main:"; square returns at RET; "twice"
    // runs into the next label, which returns (as an inserted RET). Only lanes with a.x > 0 call
    // twice (CAL's condition form). RET in main ends the program: the last MOV never runs.
    nvx::run<2> r(R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0]; TEMP R0, R1;
square:
  MUL R0, R0, R0;
  RET;
twice:
  ADD R0, R0, R0;
main:
  MOV R0, a;
  CAL square;
  MOV.CC R1, a;
  CAL twice (GT.x);
  MOV result.texcoord[0], R0;
  RET;
  MOV result.texcoord[0], {7, 7, 7, 7};
END
)");
    r.set("vertex.attrib[0]", 0, fv(3.0f, 0, 0, 0)).set("vertex.attrib[0]", 1, fv(-3.0f, 0, 0, 0));
    r.go();
    CHECK(r.read("result.texcoord[0]", 0)[0] == f(18.0f));  // 3^2 = 9, then twice: 18
    CHECK(r.read("result.texcoord[0]", 1)[0] == f(9.0f));   // (-3)^2 = 9, no call
}

TEST_CASE("nvasm exec: KIL kills fragments by test or by a negative component", "[nvasm][exec][flow]") {
    nvx::run<4> r(R"(!!NVfp4.0
ATTRIB c = fragment.color;
KIL c;
MOV.CC result.color, c.y;
KIL LT.x;
MOV result.color, {1, 1, 1, 1};
END
)");
    // Lane 0: no negative component, y >= 0: survives. Lane 1: w < 0: killed by KIL c. Lane 2:
    // y < 0, killed at KIL c too (y is a component). Lane 3: survives both (y = 0: LT fails).
    const words colors[4] = {fv(1, 2, 3, 4), fv(1, 2, 3, -4), fv(1, -2, 3, 4), fv(0, 0, 0, 0)};
    for (std::size_t l = 0; l < 4; ++l) r.set("fragment.color", l, colors[l]);
    r.go();
    CHECK_FALSE(r.m->killed(0));
    CHECK(r.m->killed(1));
    CHECK(r.m->killed(2));
    CHECK_FALSE(r.m->killed(3));
    CHECK(r.read("result.color", 0) == fv(1, 1, 1, 1));
    CHECK(r.read("result.color", 1) == words{});  // never written
    // A second run with lane 1's colour positive: kills are the run's, lane 1 now lives.
    r.set("fragment.color", 1, fv(1, 1, 1, 1));
    r.go();
    CHECK_FALSE(r.m->killed(1));
    CHECK(r.m->killed(2));
}

TEST_CASE("nvasm exec: DDX and DDY over 2x2 quads", "[nvasm][exec]") {
    // Quad lanes 0 1 / 2 3 with x = 1, 4 / 10, 20: DDX = 3 (top row), 10 (bottom row); DDY = 9 (left
    // column), 16 (right column).
    nvx::run<4> r("!!NVfp4.0\nATTRIB t = fragment.texcoord[0];\nDDX result.color, t;\nDDY result.depth, t;\nEND\n");
    const float xs[4] = {1, 4, 10, 20};
    for (std::size_t l = 0; l < 4; ++l) r.set("fragment.texcoord[0]", l, fv(xs[l], 0, 0, 0));
    r.go();
    const float dx[4] = {3, 3, 10, 10}, dy[4] = {9, 16, 9, 16};
    for (std::size_t l = 0; l < 4; ++l) {
        CHECK(r.read("result.color", l)[0] == f(dx[l]));
        CHECK(r.read("result.depth", l)[0] == f(dy[l]));
    }
}

TEST_CASE("nvasm exec: texture fetches through the environment", "[nvasm][exec]") {
    // The default sampler returns its coordinates; TXP's divided by w: (2, 4, 6, 2) -> (1, 2, 3, 2).
    nvx::run<1> r(
        "!!NVfp4.0\nATTRIB t = fragment.texcoord[0];\nTEX result.color, t, texture[0], 2D;\n"
        "TXP result.depth, t, texture[1], 2D;\nEND\n");
    r.set("fragment.texcoord[0]", 0, fv(2, 4, 6, 2));
    r.go();
    CHECK(r.read("result.color") == fv(2, 4, 6, 2));
    CHECK(r.read("result.depth") == fv(1, 2, 3, 2));
    // An environment of its own: unit and target arrive with the request.
    struct env_t : ctisa::nvasm::exec::default_environment {
        std::array<std::uint32_t, 4> texture(const ctisa::nvasm::exec::texture_request& q) {
            return {q.unit, static_cast<std::uint32_t>(q.target), q.coord[0], static_cast<std::uint32_t>(q.code)};
        }
    } env;
    nvx::run<1> s("!!NVfp4.0\nINT TEMP i;\nMOV.S i, {5, 0, 0, 0};\nTXF.U result.color, i, texture[3], BUFFER;\nEND\n");
    s.go(env);
    CHECK(s.read("result.color") ==
          words{3, static_cast<std::uint32_t>(ctisa::nvasm::texture_target::buffer), 5, static_cast<std::uint32_t>(ctisa::nvasm::opcode::txf)});
}

TEST_CASE("nvasm exec: geometry EMIT and ENDPRIM report each vertex", "[nvasm][exec]") {
    nvx::run<1> r(R"(!!NVgp4.0
PRIMITIVE_IN TRIANGLES;
PRIMITIVE_OUT TRIANGLE_STRIP;
VERTICES_OUT 3;
MOV result.position, vertex[0].position;
EMIT;
MOV result.position, vertex[1].position;
EMIT;
ENDPRIM;
MOV result.position, {9, 9, 9, 9};
EMIT;
END
)");
    r.set("vertex[0].position", 0, fv(1, 2, 3, 4)).set("vertex[1].position", 0, fv(5, 6, 7, 8));
    ctisa::nvasm::exec::default_environment env;
    r.go(env);
    REQUIRE(env.vertices.size() == 3);
    CHECK(env.vertices[0].outputs.at(0).first == "result.position");
    CHECK(env.vertices[0].outputs.at(0).second == fv(1, 2, 3, 4));
    CHECK(env.vertices[1].outputs.at(0).second == fv(5, 6, 7, 8));
    CHECK(env.vertices[2].outputs.at(0).second == fv(9, 9, 9, 9));
    CHECK(env.vertices[1].primitive == 0);
    CHECK(env.vertices[2].primitive == 1);
}

TEST_CASE("nvasm exec: parameter arrays with relative addressing", "[nvasm][exec]") {
    // c = program.local[0..3]; lane l reads c[i.x + 1] with i.x = l - 1: local[l]; out of range
    // (lane 4: member 4) reads zeros (decision).
    nvx::run<5> r(R"(!!NVvp4.0
PARAM c[4] = { program.local[0..3] };
ATTRIB a = vertex.attrib[0];
INT TEMP i;
TRUNC.S i, a;
MOV result.texcoord[0], c[i.x + 1];
MOV result.texcoord[1], c[2];
END
)");
    for (std::uint32_t k = 0; k < 4; ++k) {
        std::string name = "program.local[" + std::to_string(k) + "]";
        r.set_all(name, fv(static_cast<float>(k) * 10, 1, 2, 3));
    }
    for (std::size_t l = 0; l < 5; ++l) r.set("vertex.attrib[0]", l, fv(static_cast<float>(l) - 1.0f, 0, 0, 0));
    r.go();
    for (std::size_t l = 0; l < 4; ++l) CHECK(r.read("result.texcoord[0]", l) == fv(static_cast<float>(l) * 10, 1, 2, 3));
    CHECK(r.read("result.texcoord[0]", 4) == words{});
    CHECK(r.read("result.texcoord[1]", 3) == fv(20, 1, 2, 3));
    CHECK(r.read("c[1]", 0) == fv(10, 1, 2, 3));  // a declared name reads its binding's rows
}

TEST_CASE("nvasm exec: temporary arrays, written and read through relative members", "[nvasm][exec]") {
    // Section 2.X.3.4 and 2.X.4.3: lane l stores (l, 2l, 3l, 4l) in lmem[l] (l = 0..3; lane 4's
    // member 4 lies past the end: not written, a decision), each lane stores 7 in lmem[2].y
    // (absolute), then reads lmem[i.x + 1] with i.x = l - 1: what lane l stored, and lmem[2]
    // (every member starts at 0 in ctisa: the spec leaves temporaries undefined).
    nvx::run<5> r(R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0];
TEMP lmem[4], t;
INT TEMP i;
TRUNC.S i, a;
MUL lmem[i.y], a.y, {1, 2, 3, 4};
MOV lmem[2].y, 7;
MOV result.texcoord[0], lmem[i.x + 1];
MOV result.texcoord[1], lmem[2];
END
)");
    for (std::size_t l = 0; l < 5; ++l) r.set("vertex.attrib[0]", l, fv(static_cast<float>(l) - 1.0f, static_cast<float>(l), 0, 0));
    r.go();
    for (std::size_t l = 0; l < 4; ++l) {
        const float k = static_cast<float>(l);
        CHECK(r.read("result.texcoord[0]", l) == (l == 2 ? fv(2 * 1, 7, 2 * 3, 2 * 4) : fv(k, 2 * k, 3 * k, 4 * k)));
    }
    CHECK(r.read("result.texcoord[0]", 4) == words{});  // member 4 of 4 reads zeros (a decision)
    CHECK(r.read("result.texcoord[1]", 2) == fv(2, 7, 6, 8));
    CHECK(r.read("result.texcoord[1]", 1) == fv(0, 7, 0, 0));  // temporaries are each invocation's own
    CHECK(r.read("lmem[3]", 3) == fv(3, 6, 9, 12));  // `ctisa run` names a member the same way
}

TEST_CASE("nvasm exec: a sign inside absolute-value bars", "[nvasm][exec]") {
    // Section 2.X.4.2: negate, then absolute value, then the outer sign; "for unsigned integer
    // operands, the absolute value operation has no effect": |-5| is -5 (two's complement) there.
    nvx::run<1> r(R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0]; ATTRIB b = vertex.attrib[1];
MOV result.texcoord[0], |-a|;
MOV result.texcoord[1], -|-a|;
MOV.S result.texcoord[2], |-b|;
MOV.U result.texcoord[3], |-b|;
MOV.U result.texcoord[4], -|-b|;
END
)");
    constexpr std::int32_t min = std::numeric_limits<std::int32_t>::min();
    r.set("vertex.attrib[0]", 0, fv(1.5f, -2.0f, 0.0f, 4.0f));
    r.set("vertex.attrib[1]", 0, iv(5, -3, 0, min));
    r.go();
    CHECK(r.read("result.texcoord[0]", 0) == fv(1.5f, 2.0f, 0.0f, 4.0f));
    CHECK(r.read("result.texcoord[1]", 0) == fv(-1.5f, -2.0f, -0.0f, -4.0f));
    CHECK(r.read("result.texcoord[2]", 0) == iv(5, 3, 0, min));     // signed: |-x| = |x|, |INT_MIN| wraps
    CHECK(r.read("result.texcoord[3]", 0) == iv(-5, 3, 0, min));    // unsigned: the bars do nothing
    CHECK(r.read("result.texcoord[4]", 0) == iv(5, -3, 0, min));
}

TEST_CASE("nvasm exec: approximate instructions within 2 ulp over their whole range", "[nvasm][exec][approx]") {
    // References in long double, rounded once; inputs: every 4093rd binary32 pattern, 64 at a time.
    constexpr std::size_t lanes = 64;
    nvx::run<lanes> r(R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0];
EX2 result.texcoord[0].x, a.x;
LG2 result.texcoord[0].y, a.y;
SIN result.texcoord[0].z, a.z;
COS result.texcoord[0].w, a.z;
RCP result.texcoord[1].x, a.x;
RSQ result.texcoord[1].y, a.y;
POW result.texcoord[1].z, a.y, a.w;
END
)");
    std::int64_t worst = 0;
    std::uint64_t checked = 0, failures = 0;
    const auto check = [&](float got, long double want) {
        const float w = static_cast<float>(want);
        bool ok = true;
        if (std::isnan(w)) ok = std::isnan(got);
        else if (std::isinf(w) || w == 0.0f) ok = got == w;
        else worst = std::max(worst, ulps(got, w)), ok = ulps(got, w) <= 2;
        if (!ok && ++failures < 5) FAIL_CHECK("got " << got << " want " << w);
    };
    std::array<float, lanes> xs{};
    std::size_t n = 0;
    const auto flush = [&] {
        r.go();
        for (std::size_t l = 0; l < n; ++l) {
            const float x = xs[l], pos = std::fabs(x), e = std::fmod(x, 8.0f);
            const words o = r.read("result.texcoord[0]", l), p = r.read("result.texcoord[1]", l);
            const auto lx = static_cast<long double>(x), lpos = static_cast<long double>(pos);
            check(std::bit_cast<float>(o[0]), std::exp2(lx));
            check(std::bit_cast<float>(o[2]), std::sin(lx));
            check(std::bit_cast<float>(o[3]), std::cos(lx));
            check(std::bit_cast<float>(p[0]), 1.0L / lx);
            if (pos > 0) {
                check(std::bit_cast<float>(o[1]), std::log2(lpos));
                check(std::bit_cast<float>(p[1]), 1.0L / std::sqrt(lpos));
                check(std::bit_cast<float>(p[2]), std::pow(lpos, static_cast<long double>(e)));
            }
            ++checked;
        }
        n = 0;
    };
    for (std::uint64_t bits = 0; bits <= 0xFFFFFFFFull; bits += 4093) {
        const float x = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
        if (!std::isfinite(x)) continue;
        r.m->set("vertex.attrib[0]", n, fv(x, std::fabs(x), x, std::fmod(x, 8.0f)));
        xs[n++] = x;
        if (n == lanes) flush();
    }
    if (n) flush();
    CHECK(checked > 1000000);
    CHECK(failures == 0);
    CHECK(worst <= 2);
}

TEST_CASE("nvasm exec: parameter buffers and environment parameters", "[nvasm][exec]") {
    // BUFFER4: elements of four words; BUFFER: one word an element, broadcast (section 2.X.3.6).
    // Relative addressing by an integer temporary: member i.x = 1 of each.
    nvx::run<1> r(R"(!!NVfp4.0
OPTION ARB_draw_buffers;
BUFFER4 quad[] = { program.buffer[0][0..1] };
BUFFER word[2] = { program.buffer[1][0..1] };
INT TEMP i;
MOV.S i, {1, 0, 0, 0};
MOV result.color, quad[i.x];
MOV result.depth, word[i.x];
ADD result.color[1], program.env[3], quad[0];
END
)");
    r.set_all("program.buffer[0][0]", fv(1, 2, 3, 4)).set_all("program.buffer[0][1]", fv(5, 6, 7, 8));
    r.set_all("program.buffer[1][0]", fv(9, 0, 0, 0)).set_all("program.buffer[1][1]", fv(10, 11, 12, 13));
    r.set_all("program.env[3]", fv(0.5f, 0.5f, 0.5f, 0.5f));
    r.go();
    CHECK(r.read("result.color") == fv(5, 6, 7, 8));
    CHECK(r.read("result.depth") == fv(10, 10, 10, 10));  // the element's one word, broadcast
    CHECK(r.read("result.color[1]") == fv(1.5f, 2.5f, 3.5f, 4.5f));
}

TEST_CASE("nvasm exec: the interpreter's row path gives the lane-by-lane path's bits", "[nvasm][exec]") {
    // An instruction that updates a condition code runs lane by lane (alu::compute); the same
    // without .CC1, on a warp of whole SIMD registers (4 lanes: SSE), reads and writes whole rows
    // (row_path.hpp). Every pair of inputs on some lane: signed zeros, NaN, infinities. The second
    // result is written under an IF that leaves the even lanes out (their value must stay).
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    const words inputs[] = {fv(1.5f, -0.0f, nan, inf), fv(0.0f, -2.0f, 3.0f, nan), fv(-inf, 1e30f, -1e-30f, 0.5f), fv(2.0f, 2.0f, -0.0f, 0.0f)};
    const auto outputs = [&](const std::string& op, const std::string& sources, std::size_t k) {
        const std::string text =
            "!!NVvp4.0\nATTRIB a = vertex.attrib[0]; ATTRIB b = vertex.attrib[1]; ATTRIB c = vertex.attrib[2]; ATTRIB d = vertex.attrib[3];\n"
            "OUTPUT o = result.texcoord[0]; OUTPUT p = result.texcoord[1]; TEMP t;\nMOV p, d; MOV.CC t.x, d.x;\n" +
            op + " o" + sources + "; IF GT.x; " + op + " p" + sources + "; ENDIF;\nEND\n";
        nvx::run<4> r(text);
        for (std::size_t l = 0; l < 4; ++l) {
            r.set("vertex.attrib[0]", l, inputs[l])
                .set("vertex.attrib[1]", l, inputs[(l + k) % 4])
                .set("vertex.attrib[2]", l, inputs[(l + 1) % 4]);
            r.set("vertex.attrib[3]", l, fv(l % 2 ? 1.0f : -1.0f, 7, 8, 9));
        }
        r.go();
        std::array<words, 8> out;
        for (std::size_t l = 0; l < 4; ++l) out[l] = r.read("result.texcoord[0]", l), out[4 + l] = r.read("result.texcoord[1]", l);
        return out;
    };
    for (const std::string op : {"ADD", "SUB", "MUL", "MAD", "MOV", "MIN", "MAX", "CMP", "DP3", "DP4", "DPH",
                                 "SLT", "SGE", "SLE", "SGT", "SEQ", "SNE", "RSQ", "RCP", "EX2", "LG2", "POW"}) {
        const bool scalar = op == "RSQ" || op == "RCP" || op == "EX2" || op == "LG2" || op == "POW";
        const std::size_t n = op == "MOV" || (scalar && op != "POW") ? 1 : op == "MAD" || op == "CMP" ? 3 : 2;
        // Sources with modifiers and swizzles, and plain ones (a path of their own).
        const std::array<std::array<const char*, 3>, 2> lists =
            scalar ? std::array<std::array<const char*, 3>, 2>{{{", -|a.z|", ", |b.y|", ""}, {", a.x", ", b.w", ""}}}
                   : std::array<std::array<const char*, 3>, 2>{
                         {{op == "MOV" ? ", -|a.wzyx|" : ", -a", ", |b.yxwz|", ", -|c|"}, {", a", ", b", ", c"}}};
        for (const auto& list : lists) {
            std::string sources;
            for (std::size_t k = 0; k < n; ++k) sources += list[k];
            for (const char* mods : {"", "_SAT", "_SSAT"})
                for (std::size_t k = 0; k < 4; ++k) {
                    INFO(op << mods << sources);
                    const auto x = outputs(op + mods, sources, k), y = outputs(op + "C1" + mods, sources, k);
                    for (std::size_t i = 0; i < x.size(); ++i) CHECK(x[i] == y[i]);
                }
        }
    }
}

TEST_CASE("nvasm exec: a step budget that ends inside a straight run of arithmetic", "[nvasm][exec][flow]") {
    // MOV and four ADDs: the interpreter runs them as one engine step, but the budget counts each.
    // Without the last four statements (ADD, MOV, MOV, END) t = 4a; with all of them 5a.
    const char* text = R"(!!NVvp4.0
ATTRIB a = vertex.attrib[0]; TEMP t;
MOV t, a;
ADD t, t, a;
ADD t, t, a;
ADD t, t, a;
ADD t, t, a;
MOV result.texcoord[0], t;
MOV result.texcoord[1], t;
END
)";
    for (const std::size_t left_out : {4u, 0u}) {
        nvx::run<4> r(text);
        for (std::size_t l = 0; l < 4; ++l) r.set("vertex.attrib[0]", l, fv(1.5f, 2.0f, -3.0f, 0.25f * static_cast<float>(l)));
        ctisa::nvasm::exec::default_environment env;
        const auto s = r.m->run(env, r.m->program().size() - left_out);
        CHECK(s.error.code == (left_out ? ctisa::error_code::step_limit : ctisa::error_code::none));
        const float k = left_out ? 4.0f : 5.0f;
        for (std::size_t l = 0; l < 4; ++l) CHECK(r.read("t", l) == fv(1.5f * k, 2.0f * k, -3.0f * k, 0.25f * static_cast<float>(l) * k));
    }
}
