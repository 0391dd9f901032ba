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
// component), in blocks of 16 held in local arrays, each instruction a loop over the block's lanes,
// so that GCC vectorises across the lanes and keeps the block in vector registers (as ATTILA's and
// Cayman's baselines). (The lanes array-of-structures, GCC packed each lane's four components into
// one 4-wide vector instead: about 20% slower at 16 lanes.)
struct soa {
    std::vector<float> c[4];
    explicit soa(std::size_t n) : c{std::vector<float>(n), std::vector<float>(n), std::vector<float>(n), std::vector<float>(n)} {}
};
constexpr std::size_t block = 16;
void native_mad(const soa& in, soa& out, std::size_t lanes) {
    for (std::size_t first = 0; first < lanes; first += block) {
        float r[4][block];
        for (unsigned c = 0; c < 4; ++c)
            for (std::size_t j = 0; j < block; ++j) r[c][j] = in.c[c][first + j];
        for (int k = 0; k < 63; ++k)
            for (unsigned c = 0; c < 4; ++c)
                for (std::size_t j = 0; j < block; ++j) {
                    const float p = r[c][j] * l0[c];
                    r[c][j] = p + l1[c];
                }
        for (unsigned c = 0; c < 4; ++c)
            for (std::size_t j = 0; j < block; ++j) out.c[c][first + j] = r[c][j];
    }
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

// il_microwaves for one pixel: its instructions in order (x, y, z, w = 0, 1, 2, 3), every
// operation rounded once as the interpreter does.
std::array<float, 4> native_microwaves_pixel(float px, float py) {
    const auto& L = lit;
    float r0[4], r1[4] = {}, r2[4], r3[4] = {}, r4[4] = {};
    const float v[4] = {px, py, py, px};
    for (unsigned c = 0; c < 4; ++c) r0[c] = mad(mad(v[c], L[0][c], L[1][c]), L[2][c], L[3][c]);
    for (unsigned c = 0; c < 3; ++c) r0[c] = r0[c] * L[4][c];
    const float ab[3] = {std::fabs(r0[0]), std::fabs(r0[1]), std::fabs(r0[1])};
    for (unsigned c = 0; c < 3; ++c) r1[c] = ab[c] + L[5][c];
    for (unsigned c = 0; c < 2; ++c) r1[c] = sat(r1[c] * L[6][c]);
    for (unsigned c = 0; c < 2; ++c) r2[c] = mad(r1[c], L[7][c], L[8][c]);
    for (unsigned c = 0; c < 2; ++c) r1[c] = r1[c] * r1[c];
    for (unsigned c = 0; c < 2; ++c) r1[c] = r1[c] * r2[c];
    {
        const float p = r1[0] * r1[0], q = r1[1] * r1[1];
        r0[0] = p + q;
    }
    r0[0] = approx::sqrt(r0[0]);
    r1[0] = std::floor(r0[2]);
    r0[2] = ax::sem::frc(r0[2]);
    r1[1] = div_inf(L[9][1], r1[2]);
    r1[2] = mad(r0[0], L[10][2], L[11][2]);
    r1[3] = mad(r0[0], L[10][3], L[11][3]);
    r0[0] = -r1[2] + L[12][0];
    r0[0] = -r1[3] + r0[0];
    r0[0] = div_inf(L[13][0], r0[0]);
    r0[1] = mad(-std::fabs(r0[1]), L[14][1], L[15][1]);
    r1[2] = L[16][2];
    for (unsigned c = 0; c < 4; ++c) r2[c] = L[17][c];
    for (;;) {
        if (r2[3] >= L[18][0]) break;
        r3[0] = r1[0] + -r2[3];
        const float x = r3[0];
        for (unsigned c = 0; c < 4; ++c) r3[c] = x * L[19][c];
        for (unsigned c = 0; c < 3; ++c) r4[c] = approx::sin(mad(r0[3], L[20][c], r3[c]));
        r3[0] = r4[0] * L[21][0];
        r3[2] = r4[1] * L[21][2];
        r3[0] = r3[2] + r3[0];
        r3[1] = approx::sin(mad(r0[3], L[22][1], r3[1]));
        r3[0] = mad(r3[1], L[23][0], r3[0]);
        r3[0] = mad(r4[2], L[24][0], r3[0]);
        r3[0] = mad(r3[0], L[25][0], -r0[2]);
        r3[0] = -r2[3] + r3[0];
        r3[1] = r3[0] + L[26][1];
        r3[1] = sat(r1[1] * r3[1]);
        r3[2] = mad(r3[1], L[27][2], L[28][2]);
        r3[1] = r3[1] * r3[1];
        r3[1] = r3[1] * r3[2];
        r3[2] = mad(r3[1], -r1[2], r1[2]);
        r4[0] = -r1[3] + std::fabs(r3[0]);
        r4[0] = sat(r0[0] * r4[0]);
        r4[1] = mad(r4[0], L[29][1], L[30][1]);
        r4[0] = r4[0] * r4[0];
        r4[0] = r4[0] * r4[1];
        r4[1] = r3[0] * L[31][1];
        r4[1] = -std::fabs(r4[1]) + L[32][1];
        r3[0] = r3[0] + -r4[1];
        r4[1] = div_inf(L[33][1], -r4[1]);
        r3[0] = sat(r3[0] * r4[1]);
        r4[1] = mad(r3[0], L[34][1], L[35][1]);
        r3[0] = r3[0] * r3[0];
        r3[0] = r3[0] * r4[1];
        r3[0] = r3[0] * L[36][0];
        r3[0] = mad(r4[0], r0[1], r3[0]);
        r1[2] = r3[0] + r3[2];
        const float s = approx::sin(r3[3]);  // sin_vec r3.x, r3.w; then mad r3.x_zw, r3.x, ...: all read it
        for (unsigned c : {0u, 2u, 3u}) r3[c] = mad(s, L[37][c], L[38][c]);
        r3[0] = r3[0] * L[39][0];  // mul r3.x_zw, r3.xxzw, l39
        r3[2] = r3[2] * L[39][2];
        r3[3] = r3[3] * L[39][3];
        for (unsigned c : {0u, 2u, 3u}) r3[c] = approx::cos(r3[c]);
        for (unsigned c : {0u, 2u, 3u}) r3[c] = mad(r3[c], L[40][c], L[41][c]);
        r3[0] = mad(r3[0], r1[2], -r2[0]);  // r2.xxyz_neg: x, z, w read r2.x, r2.y, r2.z
        r3[2] = mad(r3[2], r1[2], -r2[1]);
        r3[3] = mad(r3[3], r1[2], -r2[2]);
        r2[0] = mad(r3[1], r3[0], r2[0]);  // r3.xzwx
        r2[1] = mad(r3[1], r3[2], r2[1]);
        r2[2] = mad(r3[1], r3[3], r2[2]);
        r2[3] = r2[3] + L[42][3];
    }
    return {r2[0], r2[1], r2[2], L[43][3]};
}

float pixel_x(std::size_t l) { return 512.5f + static_cast<float>(l % 16); }
float pixel_y(std::size_t l) { return 400.5f + static_cast<float>(l / 16); }

void native_microwaves(std::vector<float>& out, std::size_t lanes) {
    for (std::size_t l = 0; l < lanes; ++l) {
        const auto o = native_microwaves_pixel(pixel_x(l), pixel_y(l));
        for (unsigned c = 0; c < 4; ++c) out[4 * l + c] = o[c];
    }
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
    native_microwaves(out, W);
    for (std::size_t l = 0; l < W; ++l)
        for (unsigned c = 0; c < 4; ++c)
            if (a->read(reg_type::output, 0, l)[c] != as_bits(out[4 * l + c])) {
                std::fprintf(stderr, "lane %zu component %u: exec %08x native %08x\n", l, c, a->read(reg_type::output, 0, l)[c],
                             as_bits(out[4 * l + c]));
                refuse("il_microwaves: exec and native disagree");
            }
    // No static/: the program is read at run time.
    const double ops = microwaves_ops<W>();
    ctisa_bench::register_run(ctisa_bench::path_name("exec", "amdil", "microwaves", W), ops,
                              [] { return [m = make_microwaves_machine<W>()] { return m->run(); }; });
    ctisa_bench::register_run(ctisa_bench::path_name("native", "amdil", "microwaves", W), ops, [] {
        return [o = std::vector<float>(4 * W)]() mutable {
            native_microwaves(o, W);
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
