// SPDX-License-Identifier: MIT
// Shared by the Cayman executor benchmarks (cayman_bench*.cpp, one program a file for compile
// time): programs as the compiled path takes them, the inputs, and the registration of exec/
// (the interpreter), static/ (the compiled path) and native/ (plain C++) after a check that the
// three agree bit for bit. items_per_second counts lane-operations: lanes x ALU instructions
// (one written element each).
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ctisa/cayman/executor.hpp>
#include <ctisa/cayman/layout.hpp>

#include "bench_support.hpp"

namespace cbench {

namespace cm = ctisa::cayman;
namespace cx = ctisa::cayman::exec;

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

// One clause of 16 groups (group g made by make(g)), then END. (More groups cost minutes of
// compile time for the four compiled programs, and Clang's constant-evaluation step limit.)
template <class Make>
constexpr std::vector<cm::cf_item> cf_program_of(Make make) {
    std::vector<cm::cf_item> cf;
    const cm::instruction clause = cm::set(cm::make(*cm::find_opcode(cm::category::cf_alu, "ALU")), "KCACHE_MODE0", 1).value();  // LOCK_1
    for (int c = 0; c < 1; ++c) {
        cm::cf_item item{clause, {}, {}};
        for (int g = 0; g < 16; ++g) item.alu.push_back(make(g));
        cf.push_back(item);
    }
    cf.push_back({cm::make(*cm::find_opcode(cm::category::cf, "END")), {}, {}});
    return cf;
}

// The items of those clauses, built directly (without the clause ADDR and COUNT the layout
// writes): laying the image out and decoding it again takes
// more constant-evaluation steps than Clang allows. verify() checks at run time that the image
// decodes to the same items.
template <class Make>
constexpr std::vector<cx::item> program_of(Make make) {
    std::vector<cx::item> out;
    for (const cm::cf_item& c : cf_program_of(make)) {
        cx::item it{};
        it.cf = c.cf;
        if (c.alu.empty()) {
            out.push_back(it);
            continue;
        }
        it.kind = cx::item_kind::clause;
        it.locks[0] = {0, 1, 0};  // bank 0, LOCK_1, line 0
        out.push_back(it);
        for (const cm::alu_group& g : c.alu) {
            cx::item group = it;
            group.kind = cx::item_kind::group;
            for (const cm::instruction& in : g.slots) group.slots[group.count++] = in;
            for (std::size_t k = 0; k < g.literals.size(); ++k) group.literals[k] = g.literals[k];
            out.push_back(group);
        }
        it.kind = cx::item_kind::clause_end;
        out.push_back(it);
    }
    return out;
}

// Whether the program's image (layout()) decodes to the items program_of built.
template <class Make>
bool lays_out_as_built(Make make) {
    const auto image = cm::layout(cf_program_of(make));
    if (!image) return false;
    const auto loaded = cx::load_items(*image);
    const auto built = program_of(make);
    if (!loaded || loaded->size() != built.size()) return false;
    for (std::size_t i = 0; i < built.size(); ++i) {
        const cx::item &a = (*loaded)[i], &b = built[i];
        if (a.kind != b.kind || a.cf.op != b.cf.op || a.slots != b.slots || a.count != b.count || a.literals != b.literals || a.locks != b.locks)
            return false;
    }
    return true;
}

// The program of `make`'s groups as the template argument the compiled path takes.
template <auto Make>
constexpr auto fixed_program_of() {
    constexpr std::size_t size = program_of(Make).size();
    fixed_program<size> p;
    const auto v = program_of(Make);
    std::copy(v.begin(), v.end(), p.instructions.begin());
    return p;
}

constexpr std::size_t lane_ops_per_run = 16 * 4;  // 16 groups of four instructions

inline std::uint32_t bits(float x) { return std::bit_cast<std::uint32_t>(x); }
inline float as_f(std::uint32_t x) { return std::bit_cast<float>(x); }

// R1, R2 (every lane): the MULADD operands; KC0[2], KC0[3]: the mixed program's constants.
constexpr std::array<float, 4> c0{0.5f, 0.75f, 0.25f, 0.125f}, c1{0.25f, 0.5f, -0.25f, 1.0f};
inline const std::array<std::uint32_t, 4> k2{bits(0.999f), 3, 0, bits(0.5f)}, k3{bits(0.25f), 0xFFFFu, 0, bits(1.0001f)};

inline cx::environment environment() {
    cx::environment env;
    env.set_constant(0, 2, k2);
    env.set_constant(0, 3, k3);
    return env;
}

// R0 of lane l: floats in X and W, integers in Y and Z; one lane in eight starts at 0 in X (the
// MULADD zero rule).
inline std::array<std::uint32_t, 4> input_of(std::size_t l) {
    const float t = static_cast<float>(l) / 8.0f;
    return {l % 8 == 0 ? 0u : bits((l % 2 ? 1.0f : -1.0f) * (0.5f + t)), static_cast<std::uint32_t>(l * 7),
            static_cast<std::uint32_t>(l * 13 + 1), bits(1.0f - t)};
}

// --- native versions: the same operations in the same order, lanes in blocks of 16 ------------
constexpr std::size_t block = 16;
using soa = std::array<std::vector<std::uint32_t>, 4>;

inline soa native_inputs(std::size_t lanes) {
    soa in;
    for (auto& c : in) c.resize(lanes);
    for (std::size_t l = 0; l < lanes; ++l) {
        const auto v = input_of(l);
        for (std::size_t c = 0; c < 4; ++c) in[c][l] = v[c];
    }
    return in;
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
void verify(const char* name, native_fn native, bool lays_out) {
    if (!lays_out) {
        std::fprintf(stderr, "%s: the program's image does not decode to the items built\n", name);
        std::exit(1);
    }
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
void register_program(const char* name, native_fn native, bool lays_out) {
    verify<Program, W>(name, native, lays_out);
    const auto machine = [] { return make_machine<W>(Program.instructions); };
    ctisa_bench::register_paths(
        "cayman", name, W, static_cast<double>(lane_ops_per_run * W),
        ctisa_bench::on_machine(machine, environment, [](cx::machine<W>& m, cx::environment& env) { return m.run(env); }),
        ctisa_bench::on_machine(machine, environment,
                                [](cx::machine<W>& m, cx::environment& env) { return cx::compiled<Program, W>::run(m, env); }),
        [native] {
            // The machine's programs read the R0 they write, so its runs chain: the native one
            // works on its own last results too (bench_support.hpp's register_paths says why).
            return [native, out = native_inputs(W)]() mutable {
                native(out, out, W);
                return out[0].data();
            };
        });
}

}  // namespace cbench
