// SPDX-License-Identifier: MIT
// What the AMD IL executor tests share: a program from text, literals spelt from floats, a run on
// a few lanes with inputs, and reading registers back.
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <ctisa/amdil/amdil.hpp>
#include <ctisa/amdil/executor.hpp>

#include "statements_of.hpp"

namespace amdil_exec_test {

namespace am = ctisa::amdil;
namespace ax = ctisa::amdil::exec;
using am::reg_type;

inline constexpr float nan_f = std::numeric_limits<float>::quiet_NaN();
inline constexpr float inf_f = std::numeric_limits<float>::infinity();

inline std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }
inline float flt(std::uint32_t b) { return std::bit_cast<float>(b); }

inline std::vector<am::instruction> program(std::string_view text) { return ctisa_test::statements_of<am::isa>(text); }

// "dcl_literal lN, 0x..., ..." for four words.
inline std::string literal(unsigned n, std::array<std::uint32_t, 4> w) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "dcl_literal l%u, 0x%08X, 0x%08X, 0x%08X, 0x%08X\n", n, w[0], w[1], w[2], w[3]);
    return buf;
}
inline std::string literal(unsigned n, float x, float y, float z, float w) { return literal(n, {bits(x), bits(y), bits(z), bits(w)}); }

using machine = ax::machine<4>;

// Runs `text` (a header is added) on 4 lanes; v_inputs[k] is input register v<k> of every lane.
inline std::unique_ptr<machine> run(const std::string& text, std::initializer_list<std::array<std::uint32_t, 4>> v_inputs = {}) {
    static std::vector<am::instruction> code;  // the machine copies it
    code = program("il_ps_2_0\n" + text);
    auto m = std::make_unique<machine>(code);
    unsigned k = 0;
    for (const auto& v : v_inputs) {
        for (std::size_t lane = 0; lane < 4; ++lane) m->set(reg_type::input, k, lane, v);
        ++k;
    }
    const auto status = m->run();
    INFO(text);
    INFO(status.error.message());
    REQUIRE(status.ok());
    return m;
}
// Runs `text` (a header is added) on 4 lanes after setup(machine); the run must succeed.
template <class Setup>
std::unique_ptr<machine> run_with(const std::string& text, Setup&& setup) {
    static std::vector<am::instruction> code;
    code = program("il_ps_2_0\n" + text);
    auto m = std::make_unique<machine>(code);
    setup(*m);
    const auto status = m->run();
    INFO(text);
    INFO(status.error.message());
    REQUIRE(status.ok());
    return m;
}
// v0 = (lane, 0, 0, 0) as an integer in each lane, v1 = (lane, ...) as a float.
inline void lane_inputs(machine& m) {
    for (std::uint32_t lane = 0; lane < 4; ++lane) {
        m.set(reg_type::input, 0, lane, {lane, lane, lane, lane});
        const std::uint32_t f = bits(static_cast<float>(lane));
        m.set(reg_type::input, 1, lane, {f, f, f, f});
    }
}
inline std::array<std::uint32_t, 4> vbits(float x, float y, float z, float w) { return {bits(x), bits(y), bits(z), bits(w)}; }

// o<n> of one lane, as bits.
inline std::array<std::uint32_t, 4> out(const machine& m, unsigned n = 0, std::size_t lane = 0) { return m.read(reg_type::output, n, lane); }

}  // namespace amdil_exec_test
