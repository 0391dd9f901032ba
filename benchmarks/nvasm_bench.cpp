// SPDX-License-Identifier: MIT
// Throughput of the NV_gpu_program4 executor against the same math as plain C++.
//
//   build/bin/nvasm_bench --benchmark_out=nvasm.json --benchmark_out_format=json
//
// Programs: a MAD chain (65 instructions), and cgc's two-lights vertex program from The Cg
// Tutorial (../shared/reference/nvasm/programs/cg_tutorial_C5E4v_twoLights.gp4vp.txt, read by
// CMake into the build tree, never copied: two lights, RSQ, POW, IF under condition codes). For
// each, exec/ (the interpreter), static/ (the compiled path) and native/ (plain C++) at W = 16,
// 64, 256. items_per_second counts lane-operations: lanes x written components x instructions.
// Before timing, the three versions must agree bit for bit.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <ctisa/exec/transcendental.hpp>
#include <ctisa/nvasm/executor.hpp>

#include "bench_support.hpp"

namespace nv = ctisa::nvasm;
namespace ex = ctisa::nvasm::exec;

namespace {

using ctisa_bench::repeated;
using vec = std::array<float, 4>;

constexpr auto mad_text = repeated<"!!NVvp4.0\nTEMP R0;\nPARAM a = program.local[0];\nPARAM b = program.local[1];\nMOV R0, vertex.attrib[0];\n",
                                   "MAD R0, R0, a, b;\n", 63, "MOV result.color, R0;\nEND\n">();
constexpr auto mad_program = nv::assemble<mad_text>();

constexpr ctisa::fixed_string two_lights_text =
#include "nvasm_two_lights.inc"
    ;
constexpr auto two_lights_program = nv::assemble<two_lights_text>();

template <class Program>
constexpr std::size_t lane_ops(const Program& p) {
    std::size_t n = 0;
    for (const auto& in : p.instructions)
        if (in.kind == nv::statement_kind::instruction && in.op.result.kind != nv::operand_kind::none)
            n += in.op.result.mask ? static_cast<std::size_t>(__builtin_popcount(in.op.result.mask)) : 4;
    return n;
}

// Parameters (program.local[k]): the MAD chain's two, and the two-lights program's fifteen (rows
// of the matrix, eye, ambient, two lights, material).
const std::array<vec, 15> locals{{{1, 0, 0, 0.5f},
                                  {0, 1, 0, 0.25f},
                                  {0, 0, 1, 0},
                                  {0, 0, 0, 1},
                                  {0, 0, 5, 0},
                                  {0.1f, 0.1f, 0.1f, 0},
                                  {2, 3, 4, 0},
                                  {1, 0.9f, 0.8f, 0},
                                  {-3, 1, 2, 0},
                                  {0.2f, 0.3f, 1, 0},
                                  {0, 0, 0, 0},
                                  {0.3f, 0.3f, 0.3f, 0},
                                  {0.6f, 0.5f, 0.4f, 0},
                                  {0.9f, 0.9f, 0.9f, 0},
                                  {8, 0, 0, 0}}};
const vec mad_a{0.5f, 0.75f, 0.25f, 0.125f}, mad_b{0.25f, 0.5f, -0.25f, 1.0f};

vec position_of(std::size_t l) { return {0.1f * static_cast<float>(l % 13), 0.2f, -0.3f * static_cast<float>(l % 3), 1}; }
vec normal_of(std::size_t l) { return {l % 2 ? 0.0f : 0.6f, l % 2 ? 0.6f : 0.0f, 0.8f, 0}; }

std::uint32_t bits(float x) { return ctisa::exec::as_bits(x); }
std::array<std::uint32_t, 4> bits(const vec& v) { return {bits(v[0]), bits(v[1]), bits(v[2]), bits(v[3])}; }

// --- native versions: each instruction's operations in its order, lane by lane ------------------

// The lanes' inputs, laid out before timing: positions, then normals.
struct inputs {
    std::vector<vec> position, normal;
    explicit inputs(std::size_t lanes) {
        for (std::size_t l = 0; l < lanes; ++l) position.push_back(position_of(l)), normal.push_back(normal_of(l));
    }
};

// Blocks of lanes, each component a row of the block (as a compiler for SIMD CPUs lays out a
// shader), so that the chain stays in vector registers: 64 lanes where the warp has them (four
// AVX-512 registers a row, whose chains interleave, as Valhall's baselines and the compiled path's
// blocks do), else 16, the loops over a block's rows and lanes unrolled (else GCC keeps a 64-lane
// block on the stack).
template <std::size_t B>
void mad_blocks(const inputs& in, std::size_t lanes, std::vector<vec>& out) {
    for (std::size_t first = 0; first < lanes; first += B) {
        float r[4][B];
        for (std::size_t j = 0; j < B; ++j)
            for (int c = 0; c < 4; ++c) r[c][j] = in.position[first + j][static_cast<std::size_t>(c)];
        for (int k = 0; k < 63; ++k)
#pragma GCC unroll 4
            for (int c = 0; c < 4; ++c)
#pragma GCC unroll 64
                for (std::size_t j = 0; j < B; ++j) {
                    const float p = r[c][j] * mad_a[static_cast<std::size_t>(c)];
                    r[c][j] = p + mad_b[static_cast<std::size_t>(c)];
                }
        for (std::size_t j = 0; j < B; ++j) out[first + j] = {r[0][j], r[1][j], r[2][j], r[3][j]};
    }
}
void native_mad(const inputs& in, std::size_t lanes, std::vector<vec>& out) {
    if (lanes % 64 == 0) mad_blocks<64>(in, lanes, out);
    else mad_blocks<16>(in, lanes, out);
}

float dot3(const vec& a, const vec& b) {
    float s = a[0] * b[0];
    s = s + a[1] * b[1];
    return s + a[2] * b[2];
}
float dot4(const vec& a, const vec& b) { return dot3(a, b) + a[3] * b[3]; }
float max0(float x) { return x > 0.0f ? x : 0.0f; }
vec add3(const vec& a, const vec& b, float w) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2], w}; }
vec scale3(float s, const vec& a, float w) { return {s * a[0], s * a[1], s * a[2], w}; }
vec mad3(const vec& a, const vec& b, const vec& c, float w) { return {a[0] * b[0] + c[0], a[1] * b[1] + c[1], a[2] * b[2] + c[2], w}; }
vec mad3s(float a, const vec& b, const vec& c, float w) { return {a * b[0] + c[0], a * b[1] + c[1], a * b[2] + c[2], w}; }
vec mul3(const vec& a, const vec& b, float w) { return {a[0] * b[0], a[1] * b[1], a[2] * b[2], w}; }
vec neg(const vec& a) { return {-a[0], -a[1], -a[2], -a[3]}; }

// cgc's two-lights program, statement by statement (the comments name its registers).
void native_two_lights(const inputs& in, std::size_t lanes, std::vector<vec>& out) {
    namespace ap = ctisa::exec::approx;
    const auto& c = locals;
    for (std::size_t l = 0; l < lanes; ++l) {
        const vec p = in.position[l], n = in.normal[l], mp = neg(p);
        vec r1 = add3(mp, c[6], 0), r0{}, r2{}, r3{};
        r0[3] = dot3(r1, r1);
        r0 = add3(mp, c[4], r0[3]);
        r0[3] = ap::rsq(r0[3]);
        r1 = scale3(r0[3], r1, r1[3]);
        r1[3] = dot3(r0, r0);
        r0[3] = ap::rsq(r1[3]);
        r0 = mad3s(r0[3], r0, r1, r0[3]);
        r0[3] = ap::rsq(dot3(r0, r0));
        r0 = scale3(r0[3], r0, r0[3]);
        r0[1] = dot3(n, r0);
        r0[0] = dot3(n, r1);
        r0[1] = max0(r0[1]);
        r1 = {c[5][0], c[5][1], c[5][2], max0(r0[0])};
        r0[3] = ap::pow(r0[1], c[14][0]);
        r0 = scale3(r1[3], c[7], r0[3]);
        r1[3] = r1[3] <= 0.0f ? 1.0f : 0.0f;
        const bool ne1 = r1[3] != 0.0f;  // TRUNC.U.CC HC.x: NE.x when the integer is not zero
        r1 = mul3(r1, c[11], r1[3]);
        if (ne1) r0[3] = 0.0f;
        r2 = add3(mp, c[8], r2[3]);
        r1[3] = dot3(r2, r2);
        r2[3] = ap::rsq(r1[3]);
        r3 = add3(mp, c[4], 0);
        r1[3] = dot3(r3, r3);
        r2 = scale3(r2[3], r2, r2[3]);
        r1[3] = ap::rsq(r1[3]);
        r3 = mad3s(r1[3], r3, r2, r3[3]);
        r1[3] = ap::rsq(dot3(r3, r3));
        r3 = scale3(r1[3], r3, r3[3]);
        r1[3] = dot3(n, r3);
        r2[3] = max0(r1[3]);
        r1[3] = dot3(n, r2);
        r3 = scale3(r0[3], c[7], r3[3]);
        r1[3] = max0(r1[3]);
        r0[3] = ap::pow(r2[3], c[14][0]);
        r2 = {r0[0], r0[1], r0[2], r1[3] <= 0.0f ? 1.0f : 0.0f};
        const bool ne2 = r2[3] != 0.0f;
        r0 = scale3(r1[3], c[9], r0[3]);
        if (ne2) r0[3] = 0.0f;
        r1 = add3(r1, c[10], r1[3]);
        r0 = add3(r2, r0, r0[3]);
        r0 = mad3(r0, c[12], r1, r0[3]);
        r1 = mad3s(r0[3], c[9], r3, r1[3]);
        out[l] = mad3(r1, c[13], r0, 1.0f);
        out[lanes + l] = {dot4(p, c[0]), dot4(p, c[1]), dot4(p, c[2]), dot4(p, c[3])};
    }
}

// (The negations above are the program's "-vertex.attrib[0]" operands: a sign flip, as the
// executor's.)

using native_fn = void (*)(const inputs&, std::size_t, std::vector<vec>&);

template <std::size_t W>
std::unique_ptr<ex::machine<W>> make_machine(std::span<const nv::instruction> code) {
    auto m = std::make_unique<ex::machine<W>>(code);
    for (std::size_t l = 0; l < W; ++l) {
        (void)m->set("vertex.attrib[0]", l, bits(position_of(l)));
        (void)m->set("vertex.attrib[2]", l, bits(normal_of(l)));
    }
    const bool mad = code.size() > 5 && code[5].op.code == nv::opcode::mad;  // the MAD chain's two constants
    for (std::size_t k = 0; k < locals.size(); ++k) {
        const vec v = mad && k < 2 ? (k == 0 ? mad_a : mad_b) : locals[k];
        (void)m->set_all("program.local[" + std::to_string(k) + "]", bits(v));
    }
    return m;
}

// The three versions agree bit for bit, or the benchmark refuses to run.
template <auto Program, std::size_t W>
void verify(const char* name, native_fn native, bool two_outputs) {
    auto a = make_machine<W>(Program.instructions);
    auto b = make_machine<W>(Program.instructions);
    if (!a->run().ok() || !ex::compiled<Program, W>::run(*b).ok()) {
        std::fprintf(stderr, "%s/%zu: the program did not run\n", name, W);
        std::exit(1);
    }
    std::vector<vec> out(2 * W);
    native(inputs(W), W, out);
    for (std::size_t l = 0; l < W; ++l)
        for (int o = 0; o < (two_outputs ? 2 : 1); ++o) {
            const char* binding = o == 0 ? "result.color" : "result.position";
            const auto x = *a->read(binding, l), y = *b->read(binding, l), n = bits(out[o * W + l]);
            for (unsigned c = 0; c < 4; ++c)
                if (x[c] != y[c] || x[c] != n[c]) {
                    std::fprintf(stderr, "%s/%zu lane %zu %s.%u: exec %08x static %08x native %08x\n", name, W, l, binding, c, x[c], y[c], n[c]);
                    std::exit(1);
                }
        }
}

template <auto Program, std::size_t W>
void register_program(const char* name, native_fn native, bool two_outputs) {
    verify<Program, W>(name, native, two_outputs);
    const auto machine = [] { return make_machine<W>(Program.instructions); };
    const auto env = [] { return ex::default_environment{}; };
    ctisa_bench::register_paths(
        "nvasm", name, W, static_cast<double>(lane_ops(Program) * W),
        ctisa_bench::on_machine(machine, env, [](ex::machine<W>& m, ex::default_environment& e) { return m.run(e); }),
        ctisa_bench::on_machine(machine, env, [](ex::machine<W>& m, ex::default_environment& e) { return ex::compiled<Program, W>::run(m, e); }),
        [native] {
            return [native, out = std::vector<vec>(2 * W), in = inputs(W)]() mutable {
                native(in, W, out);
                return out.data();
            };
        });
}

template <auto Program>
void register_widths(const char* name, native_fn native, bool two_outputs) {
    register_program<Program, 16>(name, native, two_outputs);
    register_program<Program, 64>(name, native, two_outputs);
    register_program<Program, 256>(name, native, two_outputs);
}

}  // namespace

int main(int argc, char** argv) {
    register_widths<mad_program>("mad_chain", native_mad, false);
    register_widths<two_lights_program>("two_lights", native_two_lights, true);
    return ctisa_bench::run_and_summarize(argc, argv, "nvasm", {"mad_chain", "two_lights"}, {16, 64, 256});
}
