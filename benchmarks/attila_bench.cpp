// SPDX-License-Identifier: MIT
// Throughput of the ATTILA executor's vector ALU core, against the same math as plain C++.
//
//   build/bin/attila_bench --benchmark_out=attila.json --benchmark_out_format=json
//
// For each program and warp width W: exec/ (the interpreter), static/ (the compiled path) and
// native/ (plain C++ in this binary). items_per_second counts lane-operations: lanes x written
// components x instructions. Before timing, each program's three versions are run once and must
// agree bit for bit. A summary prints the ratios to native and to the ATTILA simulator's
// per-thread emulator (36 M component-ops/s on this kind of machine, see
// ../shared/reference/attila/attila_emulator_throughput.txt).
#include <benchmark/benchmark.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <ctisa/attila/executor.hpp>

#include "bench_support.hpp"

namespace at = ctisa::attila;
namespace ex = ctisa::attila::exec;

namespace {

using ctisa_bench::repeated;

// 1. A MAD chain: 65 instructions, 4 components each.
constexpr auto mad_text = repeated<"mov r0, i0\n", "mad r0, r0, c0, c1\n", 63, "mov o0, r0\n">();
constexpr auto mad_program = at::assemble<mad_text>();

// 2. ADD/MUL/MAD/DP4 with swizzles, negation, absolute value and masks: 66 instructions.
constexpr auto mix_text = repeated<"mov r0, i0\n",
                                   "add r1, r0, c0.yzwx\n"
                                   "mul r2.xyz, r1, -c1\n"
                                   "mad r0, |r2|, c2, r1.wzyx\n"
                                   "dp4 r0.w, r0, c3\n",
                                   16, "mov o0, r0\n">();
constexpr auto mix_program = at::assemble<mix_text>();

// 3. A predicated chain: each lane takes one of two MADs per pair: 65 instructions.
constexpr auto predicated_text = repeated<"mov r0, i0\nsetpgt p0, i0.x, c4.x\n",
                                          "(p0) mad r0, r0, c0, c1\n"
                                          "(!p0) mad r0, r0, c2, c3\n",
                                          31, "mov o0, r0\n">();
constexpr auto predicated_program = at::assemble<predicated_text>();

// Lane-operations of one run of a program over one lane: written components of every instruction.
template <class Program>
constexpr std::size_t lane_ops(const Program& p) {
    std::size_t n = 0;
    for (const auto& in : p.instructions) {
        if (in.result.kind == at::operand_kind::predicate) n += 1;
        else n += static_cast<std::size_t>(__builtin_popcount(in.mask));
    }
    return n;
}

constexpr std::array<float, 4> c0{0.5f, 0.75f, 0.25f, 0.125f};
constexpr std::array<float, 4> c1{0.25f, 0.5f, -0.25f, 1.0f};
constexpr std::array<float, 4> c2{0.25f, -0.5f, 0.5f, 0.75f};
constexpr std::array<float, 4> c3{0.125f, 0.25f, 0.375f, -0.5f};
constexpr std::array<float, 4> c4{0.0f, 0.0f, 0.0f, 0.0f};

// The inputs of lane l: a spread of values, half with x > 0 (the predicated program's split).
std::array<float, 4> input_of(std::size_t l) {
    const float t = static_cast<float>(l) / 8.0f;
    return {(l % 2 ? 1.0f : -1.0f) * (0.5f + t), 1.0f - t, 0.25f * t, 2.0f};
}

// --- native versions: the same operations in the same order, as plain C++ over SoA arrays -------
// Written the way a compiler for SIMD CPUs would lay out a shader: lanes in blocks of 16 held in
// local arrays, each instruction a loop over the block, so that the optimiser keeps the registers
// in vector registers across the whole program.

struct soa {
    std::vector<float> x, y, z, w;
    explicit soa(std::size_t n) : x(n), y(n), z(n), w(n) {}
};

constexpr std::size_t native_block = 16;

template <class Body>
void native_blocks(const soa& in, soa& out, std::size_t lanes, Body body) {
    for (std::size_t first = 0; first < lanes; first += native_block) {
        const std::size_t n = lanes - first < native_block ? lanes - first : native_block;
        float r[4][native_block] = {};
        for (std::size_t j = 0; j < n; ++j) {
            r[0][j] = in.x[first + j], r[1][j] = in.y[first + j], r[2][j] = in.z[first + j], r[3][j] = in.w[first + j];
        }
        body(r);
        for (std::size_t j = 0; j < n; ++j) {
            out.x[first + j] = r[0][j], out.y[first + j] = r[1][j], out.z[first + j] = r[2][j], out.w[first + j] = r[3][j];
        }
    }
}

void native_mad(const soa& in, soa& out, std::size_t lanes) {
    native_blocks(in, out, lanes, [](float(&r)[4][native_block]) {
        for (int k = 0; k < 63; ++k)
            for (int c = 0; c < 4; ++c)
                for (std::size_t j = 0; j < native_block; ++j) {
                    const float p = r[c][j] * c0[c];
                    r[c][j] = p + c1[c];
                }
    });
}

void native_mix(const soa& in, soa& out, std::size_t lanes) {
    native_blocks(in, out, lanes, [](float(&r0)[4][native_block]) {
        float r1[4][native_block], r2[4][native_block] = {};  // r2.w is never written: it stays zero
        for (int k = 0; k < 16; ++k) {
            for (int c = 0; c < 4; ++c)
                for (std::size_t j = 0; j < native_block; ++j) r1[c][j] = r0[c][j] + c0[(c + 1) % 4];
            for (int c = 0; c < 3; ++c)
                for (std::size_t j = 0; j < native_block; ++j) r2[c][j] = r1[c][j] * -c1[c];
            for (int c = 0; c < 4; ++c)
                for (std::size_t j = 0; j < native_block; ++j) {
                    const float p = std::fabs(r2[c][j]) * c2[c];
                    r0[c][j] = p + r1[3 - c][j];
                }
            for (std::size_t j = 0; j < native_block; ++j) {
                float sum = r0[0][j] * c3[0];
                sum = sum + r0[1][j] * c3[1];
                sum = sum + r0[2][j] * c3[2];
                r0[3][j] = sum + r0[3][j] * c3[3];
            }
        }
    });
}

void native_predicated(const soa& in, soa& out, std::size_t lanes) {
    native_blocks(in, out, lanes, [](float(&r)[4][native_block]) {
        bool p[native_block];
        for (std::size_t j = 0; j < native_block; ++j) p[j] = r[0][j] > c4[0];
        for (int k = 0; k < 31; ++k)
            for (int c = 0; c < 4; ++c)
                for (std::size_t j = 0; j < native_block; ++j) {
                    const float a = r[c][j] * c0[c] + c1[c];
                    const float x = p[j] ? a : r[c][j];
                    const float b = x * c2[c] + c3[c];
                    r[c][j] = p[j] ? x : b;
                }
    });
}

using native_fn = void (*)(const soa&, soa&, std::size_t);

template <std::size_t W>
std::unique_ptr<ex::machine<W>> make_machine(std::span<const at::instruction> code) {
    auto m = std::make_unique<ex::machine<W>>(code);
    for (std::size_t l = 0; l < W; ++l) m->set_input(l, 0, input_of(l));
    m->set_constant(0, c0);
    m->set_constant(1, c1);
    m->set_constant(2, c2);
    m->set_constant(3, c3);
    m->set_constant(4, c4);
    return m;
}

soa native_inputs(std::size_t lanes) {
    soa in(lanes);
    for (std::size_t l = 0; l < lanes; ++l) {
        const auto v = input_of(l);
        in.x[l] = v[0], in.y[l] = v[1], in.z[l] = v[2], in.w[l] = v[3];
    }
    return in;
}

// The three versions agree bit for bit, or the benchmark refuses to run.
template <auto Program, std::size_t W>
void verify(const char* name, native_fn native) {
    auto a = make_machine<W>(Program.instructions);
    auto b = make_machine<W>(Program.instructions);
    if (!a->run().ok() || !ex::compiled<Program, W>::run(*b).ok()) {
        std::fprintf(stderr, "%s/%zu: the program did not run\n", name, W);
        std::exit(1);
    }
    soa in = native_inputs(W), out(W);
    native(in, out, W);
    for (std::size_t l = 0; l < W; ++l) {
        const auto x = a->read(at::bank::out, 0, l), y = b->read(at::bank::out, 0, l);
        const std::array<float, 4> n{out.x[l], out.y[l], out.z[l], out.w[l]};
        for (unsigned c = 0; c < 4; ++c) {
            if (x[c] != y[c] || x[c] != ctisa::exec::as_bits(n[c])) {
                std::fprintf(stderr, "%s/%zu lane %zu component %u: exec %08x static %08x native %08x\n", name, W, l, c, x[c], y[c],
                             ctisa::exec::as_bits(n[c]));
                std::exit(1);
            }
        }
    }
}

template <auto Program, std::size_t W>
void register_program(const char* name, native_fn native) {
    verify<Program, W>(name, native);
    const auto machine = [] { return make_machine<W>(Program.instructions); };
    const auto env = [] { return ex::default_environment{}; };
    ctisa_bench::register_paths(
        "attila", name, W, static_cast<double>(lane_ops(Program) * W),
        ctisa_bench::on_machine(machine, env, [](ex::machine<W>& m, ex::default_environment& e) { return m.run(e); }),
        ctisa_bench::on_machine(machine, env, [](ex::machine<W>& m, ex::default_environment& e) { return ex::compiled<Program, W>::run(m, e); }),
        [native] {
            return [native, in = native_inputs(W), out = soa(W)]() mutable {
                native(in, out, W);
                return out.x.data();
            };
        });
}

template <auto Program>
void register_widths(const char* name, native_fn native) {
    register_program<Program, 4>(name, native);
    register_program<Program, 16>(name, native);
    register_program<Program, 64>(name, native);
    register_program<Program, 256>(name, native);
}

}  // namespace

int main(int argc, char** argv) {
    register_widths<mad_program>("mad_chain", native_mad);
    register_widths<mix_program>("mix", native_mix);
    register_widths<predicated_program>("predicated", native_predicated);

    constexpr double emulator = 36e6;  // the simulator's emulator, component-ops/s (peer measurement)
    return ctisa_bench::run_and_summarize(argc, argv, "attila", {"mad_chain", "mix", "predicated"}, {4, 16, 64, 256}, emulator);
}
