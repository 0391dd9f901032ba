// SPDX-License-Identifier: MIT
// Throughput of the AMD IL executor, against the same math as plain C++.
//
//   build/bin/amdil_bench --benchmark_out=amdil.json --benchmark_out_format=json
//
// Programs, at W = 16, 64, 256 lanes:
//   mad_chain   mov, 63 x mad_ieee, mov (4 components each): exec/ (interpreter), static/ (the
//               compiled path), native/ (plain C++);
//   microwaves  ../shared/reference/amdil/il/il_microwaves.bin, a real shader whose main loop
//               (a whileloop of 44 instructions, 16 iterations) dominates: exec/ and native/ (its
//               instructions written as C++ over the literals the binary declares). No static/: the
//               compiled path needs the program in the source, and the project does not copy
//               ../shared files into itself.
// items_per_second counts lane-operations (lanes x instructions each lane executed). Before timing,
// each program's versions run once and must agree bit for bit.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include <ctisa/amdil/amdil.hpp>
#include <ctisa/amdil/executor.hpp>
#include <ctisa/core/disassembler.hpp>

#include "bench_support.hpp"

namespace am = ctisa::amdil;
namespace ax = ctisa::amdil::exec;
namespace approx = ctisa::exec::approx;
using am::reg_type;
using ctisa::exec::as_bits;
using ctisa::exec::as_float;

namespace {

using ctisa_bench::repeated;

// --- the MAD chain -------------------------------------------------------------------------------
constexpr auto mad_text = repeated<
    "il_ps_2_0\n"
    "dcl_input_generic v0\n"
    "dcl_output_generic o0\n"
    "dcl_literal l0, 0x3F000000, 0x3F400000, 0x3E800000, 0x3E000000\n"
    "dcl_literal l1, 0x3E800000, 0x3F000000, 0xBE800000, 0x3F800000\n"
    "mov r0, v0\n",
    "mad_ieee r0, r0, l0, l1\n", 63, "mov o0, r0\nend\n">();
constexpr auto mad_program = am::assemble<mad_text>();
constexpr std::array<float, 4> l0{0.5f, 0.75f, 0.25f, 0.125f};
constexpr std::array<float, 4> l1{0.25f, 0.5f, -0.25f, 1.0f};
constexpr std::size_t mad_ops = 65;  // instructions each lane executes (dcl_literal, end: none)

std::array<float, 4> input_of(std::size_t l) {
    const float t = static_cast<float>(l) / 8.0f;
    return {(l % 2 ? 1.0f : -1.0f) * (0.5f + t), 1.0f - t, 0.25f * t, 2.0f};
}

template <std::size_t W>
std::unique_ptr<ax::machine<W>> make_mad_machine() {
    auto m = std::make_unique<ax::machine<W>>(std::span<const am::instruction>(mad_program.instructions));
    for (std::size_t l = 0; l < W; ++l) {
        const auto v = input_of(l);
        m->set(reg_type::input, 0, l, {as_bits(v[0]), as_bits(v[1]), as_bits(v[2]), as_bits(v[3])});
    }
    return m;
}

// Plain C++ as a user would write it for a SIMD CPU: the lanes structure-of-arrays (a row per
// component), in blocks held in local arrays, each instruction a loop over the block's lanes, so
// that GCC vectorises across the lanes and keeps the block in vector registers (as ATTILA's and
// Cayman's baselines). Blocks of 64 lanes where the warp has them (four 16-lane vectors a row, or
// eight 8-lane ones, whose chains interleave, as Valhall's baselines and the compiled path's
// blocks do), else 16, the loops over a block's rows and lanes unrolled (without, GCC kept a
// 64-lane block on the stack: 4.6 G lane-ops/s on AVX-512; 16-lane blocks wait on each chain's
// latency: 12.5; so 31).
// (The lanes array-of-structures, GCC packed each lane's four components into one 4-wide vector
// instead: about 20% slower at 16 lanes.)
struct soa {
    std::vector<float> c[4];
    explicit soa(std::size_t n) : c{std::vector<float>(n), std::vector<float>(n), std::vector<float>(n), std::vector<float>(n)} {}
};
template <std::size_t B>
void mad_blocks(const soa& in, soa& out, std::size_t lanes) {
    for (std::size_t first = 0; first < lanes; first += B) {
        float r[4][B];
        for (unsigned c = 0; c < 4; ++c)
            for (std::size_t j = 0; j < B; ++j) r[c][j] = in.c[c][first + j];
        for (int k = 0; k < 63; ++k)
#pragma GCC unroll 4
            for (unsigned c = 0; c < 4; ++c)
#pragma GCC unroll 64
                for (std::size_t j = 0; j < B; ++j) {
                    const float p = r[c][j] * l0[c];
                    r[c][j] = p + l1[c];
                }
        for (unsigned c = 0; c < 4; ++c)
            for (std::size_t j = 0; j < B; ++j) out.c[c][first + j] = r[c][j];
    }
}
void native_mad(const soa& in, soa& out, std::size_t lanes) {
    if (lanes % 64 == 0) mad_blocks<64>(in, out, lanes);
    else mad_blocks<16>(in, out, lanes);
}

soa mad_inputs(std::size_t lanes) {
    soa in(lanes);
    for (std::size_t l = 0; l < lanes; ++l)
        for (unsigned c = 0; c < 4; ++c) in.c[c][l] = input_of(l)[c];
    return in;
}

[[noreturn]] void refuse(const char* what) {
    std::fprintf(stderr, "amdil_bench: %s\n", what);
    std::exit(1);
}

template <std::size_t W>
void register_mad() {
    auto a = make_mad_machine<W>(), b = make_mad_machine<W>();
    if (!a->run().ok() || !ax::compiled<mad_program, W>::run(*b).ok()) refuse("mad_chain did not run");
    soa out(W);
    native_mad(mad_inputs(W), out, W);
    for (std::size_t l = 0; l < W; ++l)
        for (unsigned c = 0; c < 4; ++c)
            if (a->read(reg_type::output, 0, l)[c] != b->read(reg_type::output, 0, l)[c] ||
                a->read(reg_type::output, 0, l)[c] != as_bits(out.c[c][l]))
                refuse("mad_chain: exec, static and native disagree");
    ctisa_bench::register_paths(
        "amdil", "mad_chain", W, static_cast<double>(mad_ops * W), [] { return [m = make_mad_machine<W>()] { return m->run(); }; },
        [] { return [m = make_mad_machine<W>()] { return ax::compiled<mad_program, W>::run(*m); }; },
        [] {
            return [in = mad_inputs(W), out = soa(W)]() mutable {
                native_mad(in, out, W);
                return out.c[0].data();
            };
        });
}

// --- il_microwaves ---------------------------------------------------------------------------------
std::vector<am::instruction> microwaves;
std::array<std::array<float, 4>, 44> lit{};  // its literals l0-l43, read from the binary

void load_microwaves() {
    std::ifstream f(std::string(CTISA_SHARED_DIR) + "/reference/amdil/il/il_microwaves.bin", std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    auto code = ctisa::decode_program<am::isa>(bytes);
    if (!code) refuse("il_microwaves.bin does not decode");
    microwaves = *code;
    ax::machine<1> m(microwaves);
    for (std::uint32_t k = 0; k < lit.size(); ++k) {
        const auto b = m.read(reg_type::literal, k, 0);
        for (unsigned c = 0; c < 4; ++c) lit[k][c] = as_float(b[c]);
    }
}

float sat(float x) { return ctisa::exec::saturate(x); }
float div_inf(float a, float b) { return ax::sem::div(a, b, 2); }
float mad(float a, float b, float c) {
    const float p = a * b;
    return p + c;
}

float pixel_x(std::size_t l) { return 512.5f + static_cast<float>(l % 16); }
float pixel_y(std::size_t l) { return 400.5f + static_cast<float>(l / 16); }

// il_microwaves as a user would write it for speed: lanes structure-of-arrays in blocks of 16
// (one AVX-512 register, two AVX2 ones), each stretch of instructions between two sin/cos a loop
// over the block's lanes that GCC vectorises (sin and cos are glibc calls, a lane at a time, as
// the interpreter's), the loop counter (r2.w, from literals only, the same in every lane) a
// scalar. Its instructions in order (x, y, z, w = 0, 1, 2, 3), every operation rounded once as the
// interpreter does. Output: a row per component, `lanes` apart.
constexpr std::size_t mw_block = 16;
#define MW_LANES for (std::size_t j = 0; j < mw_block; ++j)
void microwaves_block(const float* px, const float* py, float* out, std::size_t lanes) {
    const auto& L = lit;
    float r0[4][mw_block], r1[4][mw_block], r2[3][mw_block], r3[4][mw_block], r4[3][mw_block], t[3][mw_block];
    MW_LANES {
        const float v[4] = {px[j], py[j], py[j], px[j]};
        for (unsigned c = 0; c < 4; ++c) r0[c][j] = mad(mad(v[c], L[0][c], L[1][c]), L[2][c], L[3][c]);
        for (unsigned c = 0; c < 3; ++c) r0[c][j] = r0[c][j] * L[4][c];
        r1[0][j] = std::fabs(r0[0][j]) + L[5][0];
        r1[1][j] = std::fabs(r0[1][j]) + L[5][1];
        r1[2][j] = std::fabs(r0[1][j]) + L[5][2];
        for (unsigned c = 0; c < 2; ++c) r1[c][j] = sat(r1[c][j] * L[6][c]);
        for (unsigned c = 0; c < 2; ++c) r2[c][j] = mad(r1[c][j], L[7][c], L[8][c]);
        for (unsigned c = 0; c < 2; ++c) r1[c][j] = r1[c][j] * r1[c][j];
        for (unsigned c = 0; c < 2; ++c) r1[c][j] = r1[c][j] * r2[c][j];
        const float p = r1[0][j] * r1[0][j], q = r1[1][j] * r1[1][j];
        r0[0][j] = approx::sqrt(p + q);
        r1[0][j] = std::floor(r0[2][j]);
        r0[2][j] = ax::sem::frc(r0[2][j]);
        r1[1][j] = div_inf(L[9][1], r1[2][j]);
        r1[2][j] = mad(r0[0][j], L[10][2], L[11][2]);
        r1[3][j] = mad(r0[0][j], L[10][3], L[11][3]);
        r0[0][j] = -r1[2][j] + L[12][0];
        r0[0][j] = -r1[3][j] + r0[0][j];
        r0[0][j] = div_inf(L[13][0], r0[0][j]);
        r0[1][j] = mad(-std::fabs(r0[1][j]), L[14][1], L[15][1]);
        r1[2][j] = L[16][2];
        for (unsigned c = 0; c < 3; ++c) r2[c][j] = L[17][c];
    }
    for (float w = L[17][3]; !(w >= L[18][0]); w = w + L[42][3]) {  // r2.w
        MW_LANES {
            const float x = r1[0][j] + -w;
            for (unsigned c = 0; c < 4; ++c) r3[c][j] = x * L[19][c];
            for (unsigned c = 0; c < 3; ++c) t[c][j] = mad(r0[3][j], L[20][c], r3[c][j]);
        }
        for (unsigned c = 0; c < 3; ++c) MW_LANES r4[c][j] = approx::sin(t[c][j]);
        MW_LANES {
            const float a = r4[0][j] * L[21][0];
            r3[2][j] = r4[1][j] * L[21][2];
            r3[0][j] = r3[2][j] + a;
            t[0][j] = mad(r0[3][j], L[22][1], r3[1][j]);
        }
        MW_LANES r3[1][j] = approx::sin(t[0][j]);
        MW_LANES {
            float x = mad(r3[1][j], L[23][0], r3[0][j]);
            x = mad(r4[2][j], L[24][0], x);
            x = mad(x, L[25][0], -r0[2][j]);
            x = -w + x;
            float y = sat(r1[1][j] * (x + L[26][1]));
            const float z = mad(y, L[27][2], L[28][2]);
            y = y * y;
            y = y * z;
            r3[1][j] = y;
            r3[2][j] = mad(y, -r1[2][j], r1[2][j]);
            float u = sat(r0[0][j] * (-r1[3][j] + std::fabs(x)));
            const float k = mad(u, L[29][1], L[30][1]);
            u = u * u;
            u = u * k;
            float v = -std::fabs(x * L[31][1]) + L[32][1];
            x = x + -v;
            v = div_inf(L[33][1], -v);
            x = sat(x * v);
            v = mad(x, L[34][1], L[35][1]);
            x = x * x;
            x = x * v;
            x = x * L[36][0];
            x = mad(u, r0[1][j], x);
            r1[2][j] = x + r3[2][j];
        }
        MW_LANES t[0][j] = approx::sin(r3[3][j]);  // sin_vec r3.x, r3.w; then mad r3.x_zw, r3.x, ...: all read it
        for (unsigned c : {0u, 2u, 3u}) MW_LANES r3[c][j] = mad(t[0][j], L[37][c], L[38][c]) * L[39][c];  // mul r3.x_zw, r3.xxzw, l39
        for (unsigned c : {0u, 2u, 3u}) MW_LANES r3[c][j] = approx::cos(r3[c][j]);
        MW_LANES {
            for (unsigned c : {0u, 2u, 3u}) r3[c][j] = mad(r3[c][j], L[40][c], L[41][c]);
            const float x = mad(r3[0][j], r1[2][j], -r2[0][j]);  // r2.xxyz_neg: x, z, w read r2.x, r2.y, r2.z
            const float z = mad(r3[2][j], r1[2][j], -r2[1][j]);
            const float w3 = mad(r3[3][j], r1[2][j], -r2[2][j]);
            r2[0][j] = mad(r3[1][j], x, r2[0][j]);  // r3.xzwx
            r2[1][j] = mad(r3[1][j], z, r2[1][j]);
            r2[2][j] = mad(r3[1][j], w3, r2[2][j]);
        }
    }
    for (unsigned c = 0; c < 3; ++c) MW_LANES out[c * lanes + j] = r2[c][j];
    MW_LANES out[3 * lanes + j] = L[43][3];
}
#undef MW_LANES

struct pixels {
    std::vector<float> x, y;
    explicit pixels(std::size_t lanes) {
        for (std::size_t l = 0; l < lanes; ++l) x.push_back(pixel_x(l)), y.push_back(pixel_y(l));
    }
};
void native_microwaves(const pixels& in, std::vector<float>& out, std::size_t lanes) {
    for (std::size_t first = 0; first < lanes; first += mw_block) microwaves_block(&in.x[first], &in.y[first], &out[first], lanes);
}

template <std::size_t W>
std::unique_ptr<ax::machine<W>> make_microwaves_machine() {
    auto m = std::make_unique<ax::machine<W>>(microwaves);
    for (std::size_t l = 0; l < W; ++l) m->set(reg_type::input, 1, l, {as_bits(pixel_x(l)), as_bits(pixel_y(l)), 0, 0});
    return m;
}

// Lane-operations of one run: instructions executed, times the lanes executing each.
template <std::size_t W>
double microwaves_ops() {
    auto m = make_microwaves_machine<W>();
    using traits = ax::traits;
    traits::default_environment env;
    traits::environment_ref ref(env);
    double ops = 0;
    const auto status =
        m->run_with(env, ctisa::exec::default_step_budget, [&](std::uint32_t pc, const auto* active, bool, const auto* live, auto&, auto& fx) {
            for (std::size_t l = 0; l < W; ++l) ops += active[l] != 0 ? 1 : 0;
            traits::execute(ctisa::exec::dynamic_desc<ax::instruction_desc>{&m->descriptor_at(pc)}, m->view(), active, false, ref,
                            m->info(0, live), fx);
        });
    if (!status.ok()) refuse("il_microwaves did not run");
    return ops;
}

template <std::size_t W>
void register_microwaves() {
    auto a = make_microwaves_machine<W>();
    if (!a->run().ok()) refuse("il_microwaves did not run");
    std::vector<float> out(4 * W);
    native_microwaves(pixels(W), out, W);
    for (std::size_t l = 0; l < W; ++l)
        for (unsigned c = 0; c < 4; ++c)
            if (a->read(reg_type::output, 0, l)[c] != as_bits(out[c * W + l])) {
                std::fprintf(stderr, "lane %zu component %u: exec %08x native %08x\n", l, c, a->read(reg_type::output, 0, l)[c],
                             as_bits(out[c * W + l]));
                refuse("il_microwaves: exec and native disagree");
            }
    // No static/: the program is read at run time.
    const double ops = microwaves_ops<W>();
    ctisa_bench::register_run(ctisa_bench::path_name("exec", "amdil", "microwaves", W), ops,
                              [] { return [m = make_microwaves_machine<W>()] { return m->run(); }; });
    ctisa_bench::register_run(ctisa_bench::path_name("native", "amdil", "microwaves", W), ops, [] {
        return [in = pixels(W), o = std::vector<float>(4 * W)]() mutable {
            native_microwaves(in, o, W);
            return o.data();
        };
    });
}

}  // namespace

int main(int argc, char** argv) {
    register_mad<16>();
    register_mad<64>();
    register_mad<256>();
    load_microwaves();
    register_microwaves<16>();
    register_microwaves<64>();
    register_microwaves<256>();
    return ctisa_bench::run_and_summarize(argc, argv, "amdil", {"mad_chain", "microwaves"}, {16, 64, 256});
}
