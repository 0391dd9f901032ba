// SPDX-License-Identifier: MIT
// Helpers of the Valhall executor tests: programs from text, a configurable environment (one type,
// so that each test program instantiates the interpreter once) and a warp to run them on.
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <ctisa/valhall/executor.hpp>

#include "statements_of.hpp"

namespace va = ctisa::valhall;
namespace vx = ctisa::valhall::exec;

inline std::uint32_t fbits(float f) { return std::bit_cast<std::uint32_t>(f); }
inline float flt(std::uint32_t b) { return std::bit_cast<float>(b); }

inline std::vector<va::instruction> program(std::string_view text) { return ctisa_test::statements_of<va::isa>(text); }

// Everything the environment can do, recorded or configurable.
struct test_env : vx::default_environment {
    std::map<std::uint64_t, std::uint8_t> memory;  // bytes; absent bytes read 0
    struct store_record {
        std::size_t lane;
        va::store_segment segment;
        std::uint64_t address;
        std::vector<std::uint8_t> bytes;
    };
    std::vector<store_record> stores;
    std::uint32_t tls = 0, tls_hi = 0;
    std::vector<std::size_t> discarded;
    std::vector<std::size_t> helpers;  // lanes that are helper invocations
    int barriers = 0;
    bool blend_shader = false;         // BLEND takes the blend-shader path
    std::vector<std::vector<std::uint32_t>> blended;
    std::function<void(std::size_t, const va::instruction&, std::span<const std::uint64_t>, std::span<const std::uint32_t>,
                       std::span<std::uint32_t>)>
        on_message;

    std::uint32_t special(va::immediate_mode mode, std::uint8_t code, std::size_t lane, std::uint32_t pc) {
        if (mode == va::immediate_mode::ts && code == 34) return tls;
        if (mode == va::immediate_mode::ts && code == 35) return tls_hi;
        return default_environment::special(mode, code, lane, pc);
    }
    void load(std::size_t, std::uint64_t address, std::size_t bytes, std::uint8_t* out) {
        for (std::size_t i = 0; i < bytes; ++i) {
            const auto it = memory.find(address + i);
            out[i] = it == memory.end() ? 0 : it->second;
        }
    }
    void store(std::size_t lane, va::store_segment segment, std::uint64_t address, std::size_t bytes, const std::uint8_t* data) {
        stores.push_back({lane, segment, address, std::vector<std::uint8_t>(data, data + bytes)});
        for (std::size_t i = 0; i < bytes; ++i) memory[address + i] = data[i];
    }
    void message(std::size_t lane, const va::instruction& in, std::span<const std::uint64_t> sources, std::span<const std::uint32_t> data,
                 std::span<std::uint32_t> out) {
        if (on_message) on_message(lane, in, sources, data, out);
        else default_environment::message(lane, in, sources, data, out);
    }
    vx::blend_result blend(std::size_t, const va::instruction&, std::uint32_t, std::span<const std::uint32_t> colour, std::uint32_t coverage) {
        blended.emplace_back(colour.begin(), colour.end());
        return vx::blend_result{coverage | 0x100u, !blend_shader};
    }
    void discard(std::size_t lane) { discarded.push_back(lane); }
    bool helper(std::size_t lane) {
        for (std::size_t h : helpers)
            if (h == lane) return true;
        return false;
    }
    void barrier() { ++barriers; }
};

// A warp of 16 lanes running one program.
struct warp {
    std::vector<va::instruction> code;
    vx::machine<16> m;
    test_env env;
    explicit warp(std::string_view text, std::size_t lanes = 16) : code(program(text)), m(code, lanes) {}
    warp& r(unsigned reg, std::uint32_t bits) {
        for (std::size_t l = 0; l < 16; ++l) m.set(reg, l, bits);
        return *this;
    }
    warp& rf(unsigned reg, float value) { return r(reg, fbits(value)); }
    warp& lane(std::size_t l, unsigned reg, std::uint32_t bits) {
        m.set(reg, l, bits);
        return *this;
    }
    warp& u(unsigned index, std::uint32_t bits) {
        m.set_uniform(index, bits);
        return *this;
    }
    vx::run_status run(std::uint64_t budget = vx::default_step_budget) { return m.run(env, budget); }
    vx::run_status go() {
        const auto s = run();
        INFO(s.error.message() << " " << s.error.subject << " " << s.reason);
        REQUIRE(s.ok());
        return s;
    }
    std::uint32_t operator()(unsigned reg, std::size_t lane = 0) const { return m.read(reg, lane); }
};

// Runs one instruction (or a few) with r1.. set, returns r0 of lane 0.
inline std::uint32_t one(std::string_view text, std::initializer_list<std::uint32_t> regs_from_r1 = {}, std::uint32_t r0 = 0) {
    warp w(text);
    w.r(0, r0);
    unsigned reg = 1;
    for (std::uint32_t v : regs_from_r1) w.r(reg++, v);
    w.go();
    return w(0);
}
