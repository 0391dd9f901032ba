// SPDX-License-Identifier: MIT
// Running small NV programs on the executor in tests: parse, set inputs, run, read words.
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string_view>

#include <ctisa/nvasm/executor.hpp>
#include <ctisa/nvasm/parser.hpp>

namespace nvx {

using words = std::array<std::uint32_t, 4>;

inline std::uint32_t f(float x) { return std::bit_cast<std::uint32_t>(x); }
inline words fv(float x, float y, float z, float w) { return {f(x), f(y), f(z), f(w)}; }
inline words iv(std::int32_t x, std::int32_t y, std::int32_t z, std::int32_t w) {
    return {static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y), static_cast<std::uint32_t>(z), static_cast<std::uint32_t>(w)};
}

// A parsed program kept alive with its text, and a machine of W lanes over it.
template <std::size_t W = 4>
struct run {
    ctisa::nvasm::program<128> program;
    std::unique_ptr<ctisa::nvasm::exec::machine<W>> m;

    explicit run(std::string_view text, std::size_t lanes = W) {
        const auto p = ctisa::nvasm::parse_program<128>(text);
        INFO(text);
        if (!p.ok()) FAIL(p.error().message() << " at " << p.error().line << ":" << p.error().column << " (" << p.error().subject << ")");
        program = *p;
        m = std::make_unique<ctisa::nvasm::exec::machine<W>>(
            std::span<const ctisa::nvasm::instruction>(program.statements.begin(), program.statements.end()), lanes);
    }
    run& set(std::string_view name, std::size_t lane, const words& w) {
        INFO(name);
        REQUIRE(m->set(name, lane, w));
        return *this;
    }
    run& set_all(std::string_view name, const words& w) {
        INFO(name);
        REQUIRE(m->set_all(name, w));
        return *this;
    }
    template <class Env>
    void go(Env& env) {
        const auto s = m->run(env);
        INFO(s.reason);
        REQUIRE(s.ok());
    }
    void go() {
        ctisa::nvasm::exec::default_environment env;
        go(env);
    }
    [[nodiscard]] words read(std::string_view name, std::size_t lane = 0) const {
        const auto w = m->read(name, lane);
        INFO(name);
        REQUIRE(w.has_value());
        return *w;
    }
};

}  // namespace nvx
