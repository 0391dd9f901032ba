// SPDX-License-Identifier: MIT
// Throughput of the Cayman executor's ALU groups, against the same math as plain C++.
//
//   build/bin/cayman_bench --benchmark_out=cayman.json --benchmark_out_format=json
//
// For each program and wavefront width W: exec/ (the interpreter), static/ (the compiled path)
// and native/ (plain C++ in this binary). items_per_second counts lane-operations: lanes x ALU
// instructions (one written element each). Before timing, each program's three versions run
// once and must agree bit for bit.
//   muladd_chain  64 groups of four MULADD (X-W: R0.c = R0.c * R1.c + R2.c: four kcache channel
//                 pairs would break 4.7.8's read-port rule), in four clauses (at most 128 slots each)
//   mixed         64 groups alternating a float and integer group (MUL_IEEE, ADD_INT, XOR_INT, ADD)
//                 and another reading PV (ADD, AND_INT, ADD_INT of PV.y, MUL_IEEE)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ctisa/cayman/executor.hpp>
#include <ctisa/cayman/layout.hpp>

#include "bench_support.hpp"

namespace cm = ctisa::cayman;
namespace cx = ctisa::cayman::exec;

namespace {

using field_list = std::initializer_list<std::pair<std::string_view, std::uint32_t>>;

constexpr cm::instruction alu(std::string_view m, std::uint32_t chan, field_list f, bool op3 = false) {
    cm::instruction r = cm::make(*cm::find_opcode(op3 ? cm::category::alu_op3 : cm::category::alu_op2, m));
    r = cm::set(r, "DST_CHAN", chan).value();
    if (!op3) r = cm::set(r, "WRITE_MASK", 1).value();
    if (chan == 3) r = cm::set(r, "LAST", 1).value();
    for (const auto& [name, value] : f) r = cm::set(r, name, value).value();
    return r;
}

template <std::size_t N>
struct fixed_program {
    std::array<cx::item, N> instructions{};
};

// Four clauses of 16 groups each (group g made by make(g)), then END.
template <class Make>
constexpr std::vector<cx::item> program_of(Make make) {
    std::vector<cm::cf_item> cf;
    const cm::instruction clause = cm::set(cm::make(*cm::find_opcode(cm::category::cf_alu, "ALU")), "KCACHE_MODE0", 1).value();  // LOCK_1
    for (int c = 0; c < 4; ++c) {
        cm::cf_item item{clause, {}, {}};
        for (int g = 0; g < 16; ++g) item.alu.push_back(make(g));
        cf.push_back(item);
    }
    cf.push_back({cm::make(*cm::find_opcode(cm::category::cf, "END")), {}, {}});
    return cx::load_items(cm::layout(cf).value()).value();
}

constexpr cm::alu_group muladd_group(int) {
    cm::alu_group g;
    for (std::uint32_t c = 0; c < 4; ++c)
        g.slots.push_back(alu("MULADD", c, {{"SRC0_SEL", 0}, {"SRC0_CHAN", c}, {"SRC1_SEL", 1}, {"SRC1_CHAN", c}, {"SRC2_SEL", 2}, {"SRC2_CHAN", c}},
                              true));
    return g;
}

constexpr cm::alu_group mixed_group(int g) {
    if (g % 2 == 0)
        return {{alu("MUL_IEEE", 0, {{"SRC0_SEL", 0}, {"SRC1_SEL", 130}}),
                 alu("ADD_INT", 1, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 1}, {"SRC1_SEL", 130}, {"SRC1_CHAN", 1}}),
                 alu("XOR_INT", 2, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 2}, {"SRC1_SEL", 0}, {"SRC1_CHAN", 1}}),
                 alu("ADD", 3, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 3}, {"SRC1_SEL", 130}, {"SRC1_CHAN", 3}})},
                {}};
    return {{alu("ADD", 0, {{"SRC0_SEL", 0}, {"SRC1_SEL", 131}}),
             alu("AND_INT", 1, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 1}, {"SRC1_SEL", 131}, {"SRC1_CHAN", 1}}),
             alu("ADD_INT", 2, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 2}, {"SRC1_SEL", 254}, {"SRC1_CHAN", 1}}),
             alu("MUL_IEEE", 3, {{"SRC0_SEL", 0}, {"SRC0_CHAN", 3}, {"SRC1_SEL", 131}, {"SRC1_CHAN", 3}})},
            {}};
}

constexpr std::size_t muladd_size = program_of(muladd_group).size();
constexpr auto muladd_program = [] {
    fixed_program<muladd_size> p;
    const auto v = program_of(muladd_group);
    std::copy(v.begin(), v.end(), p.instructions.begin());
    return p;
}();
constexpr std::size_t mixed_size = program_of(mixed_group).size();
constexpr auto mixed_program = [] {
    fixed_program<mixed_size> p;
    const auto v = program_of(mixed_group);
    std::copy(v.begin(), v.end(), p.instructions.begin());
    return p;
}();

constexpr std::size_t lane_ops_per_run = 64 * 4;  // 64 groups of four instructions

std::uint32_t bits(float x) { return std::bit_cast<std::uint32_t>(x); }
float as_f(std::uint32_t x) { return std::bit_cast<float>(x); }

// R1, R2 (every lane): the MULADD operands; KC0[2], KC0[3]: the mixed program's constants.
constexpr std::array<float, 4> c0{0.5f, 0.75f, 0.25f, 0.125f}, c1{0.25f, 0.5f, -0.25f, 1.0f};
const std::array<std::uint32_t, 4> k2{bits(0.999f), 3, 0, bits(0.5f)}, k3{bits(0.25f), 0xFFFFu, 0, bits(1.0001f)};

cx::environment environment() {
    cx::environment env;
    env.set_constant(0, 2, k2);
    env.set_constant(0, 3, k3);
    return env;
}

// R0 of lane l: floats in X and W, integers in Y and Z; one lane in eight starts at 0 in X (the
// MULADD zero rule).
std::array<std::uint32_t, 4> input_of(std::size_t l) {
    const float t = static_cast<float>(l) / 8.0f;
    return {l % 8 == 0 ? 0u : bits((l % 2 ? 1.0f : -1.0f) * (0.5f + t)), static_cast<std::uint32_t>(l * 7), static_cast<std::uint32_t>(l * 13 + 1),
            bits(1.0f - t)};
}

// --- native versions: the same operations in the same order, lanes in blocks of 16 ------------
constexpr std::size_t block = 16;
using soa = std::array<std::vector<std::uint32_t>, 4>;

soa native_inputs(std::size_t lanes) {
    soa in;
    for (auto& c : in) c.resize(lanes);
    for (std::size_t l = 0; l < lanes; ++l) {
        const auto v = input_of(l);
        for (std::size_t c = 0; c < 4; ++c) in[c][l] = v[c];
    }
    return in;
}

void native_muladd(const soa& in, soa& out, std::size_t lanes) {
    for (std::size_t first = 0; first < lanes; first += block) {
        float r[4][block];
        for (std::size_t c = 0; c < 4; ++c)
            for (std::size_t j = 0; j < block; ++j) r[c][j] = as_f(in[c][first + j]);
        for (int k = 0; k < 64; ++k)
            for (std::size_t c = 0; c < 4; ++c)
                for (std::size_t j = 0; j < block; ++j) {
                    const float p = (r[c][j] == 0.0f || c0[c] == 0.0f) ? 0.0f : r[c][j] * c0[c];  // zero times anything
                    r[c][j] = p + c1[c];
                }
        for (std::size_t c = 0; c < 4; ++c)
            for (std::size_t j = 0; j < block; ++j) out[c][first + j] = bits(r[c][j]);
    }
}

void native_mixed(const soa& in, soa& out, std::size_t lanes) {
    const float k2x = as_f(k2[0]), k2w = as_f(k2[3]), k3x = as_f(k3[0]), k3w = as_f(k3[3]);
    for (std::size_t first = 0; first < lanes; first += block) {
        float x[block], w[block];
        std::uint32_t y[block], z[block];
        for (std::size_t j = 0; j < block; ++j) {
            x[j] = as_f(in[0][first + j]), y[j] = in[1][first + j], z[j] = in[2][first + j], w[j] = as_f(in[3][first + j]);
        }
        for (int k = 0; k < 32; ++k) {
            std::uint32_t pv_y[block];
            for (std::size_t j = 0; j < block; ++j) {
                x[j] = x[j] * k2x;
                z[j] = z[j] ^ y[j];  // reads Y before the group writes it
                y[j] = y[j] + k2[1];
                w[j] = w[j] + k2w;
                pv_y[j] = y[j];
            }
            for (std::size_t j = 0; j < block; ++j) {
                x[j] = x[j] + k3x;
                y[j] = y[j] & k3[1];
                z[j] = z[j] + pv_y[j];
                w[j] = w[j] * k3w;
            }
        }
        for (std::size_t j = 0; j < block; ++j) {
            out[0][first + j] = bits(x[j]), out[1][first + j] = y[j], out[2][first + j] = z[j], out[3][first + j] = bits(w[j]);
        }
    }
}

using native_fn = void (*)(const soa&, soa&, std::size_t);

template <std::size_t W>
std::unique_ptr<cx::machine<W>> make_machine(std::span<const cx::item> code) {
    auto m = std::make_unique<cx::machine<W>>(code);
    for (std::size_t l = 0; l < W; ++l) {
        const auto v = input_of(l);
        for (std::uint32_t c = 0; c < 4; ++c) {
            m->row(cx::row::gpr(0, c))[l] = v[c];
            m->row(cx::row::gpr(1, c))[l] = bits(c0[c]);
            m->row(cx::row::gpr(2, c))[l] = bits(c1[c]);
        }
    }
    return m;
}

template <auto Program, std::size_t W>
void verify(const char* name, native_fn native) {
    auto a = make_machine<W>(Program.instructions);
    auto b = make_machine<W>(Program.instructions);
    auto e1 = environment(), e2 = environment();
    if (!a->run(e1).ok() || !cx::compiled<Program, W>::run(*b, e2).ok()) {
        std::fprintf(stderr, "%s/%zu: the program did not run\n", name, W);
        std::exit(1);
    }
    const soa in = native_inputs(W);
    soa out = in;
    native(in, out, W);
    for (std::size_t l = 0; l < W; ++l)
        for (std::uint32_t c = 0; c < 4; ++c) {
            const std::uint32_t x = a->row(cx::row::gpr(0, c))[l], y = b->row(cx::row::gpr(0, c))[l];
            if (x != y || x != out[c][l]) {
                std::fprintf(stderr, "%s/%zu lane %zu element %u: exec %08x static %08x native %08x\n", name, W, l, c, x, y, out[c][l]);
                std::exit(1);
            }
        }
}

template <auto Program, std::size_t W>
void register_program(const char* name, native_fn native) {
    verify<Program, W>(name, native);
    const double ops = static_cast<double>(lane_ops_per_run * W);
    const std::string suffix = std::string("/cayman/") + name + "/" + std::to_string(W);
    benchmark::RegisterBenchmark(("exec" + suffix).c_str(), [ops](benchmark::State& state) {
        auto m = make_machine<W>(Program.instructions);
        auto env = environment();
        for (auto _ : state) {
            auto status = m->run(env);
            benchmark::DoNotOptimize(status);
        }
        state.SetItemsProcessed(static_cast<std::int64_t>(ops * static_cast<double>(state.iterations())));
    });
    benchmark::RegisterBenchmark(("static" + suffix).c_str(), [ops](benchmark::State& state) {
        auto m = make_machine<W>(Program.instructions);
        auto env = environment();
        for (auto _ : state) {
            auto status = cx::compiled<Program, W>::run(*m, env);
            benchmark::DoNotOptimize(status);
        }
        state.SetItemsProcessed(static_cast<std::int64_t>(ops * static_cast<double>(state.iterations())));
    });
    benchmark::RegisterBenchmark(("native" + suffix).c_str(), [ops, native](benchmark::State& state) {
        const soa in = native_inputs(W);
        soa out = in;
        for (auto _ : state) {
            native(in, out, W);
            benchmark::DoNotOptimize(out[0].data());
            benchmark::ClobberMemory();
        }
        state.SetItemsProcessed(static_cast<std::int64_t>(ops * static_cast<double>(state.iterations())));
    });
}

}  // namespace

int main(int argc, char** argv) {
    register_program<muladd_program, 64>("muladd_chain", native_muladd);
    register_program<muladd_program, 256>("muladd_chain", native_muladd);
    register_program<mixed_program, 64>("mixed", native_mixed);
    register_program<mixed_program, 256>("mixed", native_mixed);
    return ctisa_bench::run_and_summarize(argc, argv, "cayman", {"muladd_chain", "mixed"}, {64, 256});
}
