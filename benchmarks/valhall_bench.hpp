// SPDX-License-Identifier: MIT
// Shared by the Valhall executor benchmarks (valhall_bench*.cpp): programs are registered per
// warp width as exec/ (the interpreter), static/ (the compiled path) and native/ (plain C++ doing
// the same math), after a check that the three agree bit for bit.
#pragma once

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <ctisa/valhall/executor.hpp>

#include "bench_support.hpp"

// The native versions' loops over a block's lanes stay loops: GCC then vectorizes them with its
// loop vectorizer (after unrolling them fully it falls back to straight-line vectorization, which
// gives up on selects and leaves scalar code). Clang vectorizes either way.
#define VB_LANE_LOOP _Pragma("GCC unroll 1")

namespace vbench {

namespace va = ctisa::valhall;
namespace vx = ctisa::valhall::exec;
using ctisa_bench::repeated;

// A benchmark's state: inputs (registers r0, r1 of every lane and u0-u3) and what it checks (r0, r1).
struct setup {
    std::vector<std::uint32_t> r0, r1;
    std::array<std::uint32_t, 4> uniforms{};
};

// Native code: from r0/r1 of `lanes` lanes, the final r0/r1.
using native_fn = void (*)(const setup& in, std::vector<std::uint32_t>& r0, std::vector<std::uint32_t>& r1, std::size_t lanes);
using setup_fn = setup (*)(std::size_t lanes);

// The interpreter, instantiated once per width in valhall_bench.cpp (it is the expensive part to compile).
template <std::size_t W>
vx::run_status interpret(vx::machine<W>& m, vx::default_environment& env);

template <std::size_t W>
std::unique_ptr<vx::machine<W>> make_machine(std::span<const va::instruction> code, const setup& s) {
    auto m = std::make_unique<vx::machine<W>>(code);
    for (std::size_t l = 0; l < W; ++l) {
        m->set(0, l, s.r0[l]);
        m->set(1, l, s.r1[l]);
    }
    for (unsigned u = 0; u < 4; ++u) m->set_uniform(u, s.uniforms[u]);
    return m;
}

// The three versions agree bit for bit, or the benchmark refuses to run.
template <auto Program, std::size_t W>
void verify(const char* name, setup_fn make, native_fn native) {
    const setup s = make(W);
    auto a = make_machine<W>(Program.instructions, s);
    auto b = make_machine<W>(Program.instructions, s);
    vx::default_environment env;
    const auto ra = interpret<W>(*a, env);
    const auto rb = vx::compiled<Program, W>::run(*b, env);
    if (!ra.ok() || !rb.ok()) {
        std::fprintf(stderr, "%s/%zu: the program did not run\n", name, W);
        std::exit(1);
    }
    std::vector<std::uint32_t> n0(W), n1(W);
    native(s, n0, n1, W);
    for (std::size_t l = 0; l < W; ++l) {
        for (unsigned r = 0; r < 2; ++r) {
            const std::uint32_t x = a->read(r, l), y = b->read(r, l), z = r == 0 ? n0[l] : n1[l];
            if (x != y || x != z) {
                std::fprintf(stderr, "%s/%zu lane %zu r%u: exec %08x static %08x native %08x\n", name, W, l, r, x, y, z);
                std::exit(1);
            }
        }
    }
}

// Registers exec/valhall/NAME/W, static/... and native/...; items = lane-operations
// (instructions x lanes per run).
template <auto Program, std::size_t W>
void register_program(const char* name, setup_fn make, native_fn native) {
    verify<Program, W>(name, make, native);
    const auto machine = [make] { return make_machine<W>(Program.instructions, make(W)); };
    const auto env = [] { return vx::default_environment{}; };
    ctisa_bench::register_paths(
        "valhall", name, W, static_cast<double>(Program.instructions.size() * W),
        ctisa_bench::on_machine(machine, env, [](vx::machine<W>& m, vx::default_environment& e) { return interpret<W>(m, e); }),
        ctisa_bench::on_machine(machine, env, [](vx::machine<W>& m, vx::default_environment& e) { return vx::compiled<Program, W>::run(m, e); }),
        [make, native] {
            // The programs read the registers they write (r0, r1), which the machine keeps between
            // timed runs: native carries them the same way, its results its next run's inputs (in
            // place: each block is read before it is written). See bench_support.hpp.
            return [native, s = make(W)]() mutable {
                native(s, s.r0, s.r1, W);
                return std::array<std::uint32_t*, 2>{s.r0.data(), s.r1.data()};
            };
        });
}

template <auto Program>
void register_widths(const char* name, setup_fn make, native_fn native) {
    register_program<Program, 16>(name, make, native);
    register_program<Program, 64>(name, make, native);
    register_program<Program, 256>(name, make, native);
}

// Each program file registers its programs.
void register_fma_programs();
void register_int_programs();

}  // namespace vbench
