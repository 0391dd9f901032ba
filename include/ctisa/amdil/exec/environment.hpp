// SPDX-License-Identifier: MIT
// What an AMD IL program asks of the world around it: memory (LDS, GDS, UAVs, SRVs, append
// counters), sampling and resource queries, and the vertices a geometry shader emits.
//
//   struct my_environment {
//       lane_word load(const memory_access& a);              // the dword at a.address (a multiple of 4)
//       void store(const memory_access& a, lane_word value);
//       std::array<lane_word, 4> sample(const sample_request& r);
//       void emit(const emit_event& e);                       // emit, cut, emitthencut and their stream forms
//   };
//
// The defaults (generators/specs/amdil_execution.toml [environment]): memory is, per space and
// resource id, 4096 dwords owned by the environment, zero at first use; a dword outside reads 0 and
// is not written (the document: 'an out-of-range address returns 0 / writes nothing'). A resource
// given texels (`resources`, 1-D or 2-D) is point-sampled: the texel at the floor of the
// coordinates (times the size when the resource is normalized), load at its integer coordinates,
// 0 outside the texels given; resinfo gives its width and height. The sampler of a resource
// without texels returns its first source's four words (the coordinates; zeros for an instruction
// without a source); emits and cuts are recorded. The interpreter's kernels see any environment
// through environment_ref (one instantiation per width).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cmath>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "layout.hpp"

namespace ctisa::amdil::exec {

// import_, export_: memimport's elements and memexport's streams (16-byte elements); scatter: the 3-D
// array scatter writes; shared: the HD4000 shared registers init_sr sets (16 bytes a register);
// global: the g[] register's memory (16-byte elements, id 0).
enum class memory_space : std::uint8_t { lds, gds, uav, srv, append, import_, export_, scatter, shared, global };

// One dword of memory: `address` in bytes, a multiple of 4.
struct memory_access {
    memory_space space = memory_space::lds;
    std::uint32_t id = 0;
    std::uint32_t address = 0;
    std::size_t lane = 0;
};

// A sampling or resource-query instruction of one lane: its sources after modifiers.
struct sample_request {
    opcode op = opcode::sample;
    std::uint32_t resource = 0;  // the control field's bits 23:16
    std::uint32_t sampler = 0;   // bits 27:24
    std::uint8_t sources = 0;
    std::array<std::array<lane_word, 4>, 4> src{};
    std::size_t lane = 0;
    std::array<float, 3> offset{};  // _aoffimmi's texel-space offsets (u, v, w), added to the coordinates
};

// emit, cut, emitthencut (stream 0) and their _stream forms, per lane.
struct emit_event {
    opcode op = opcode::emit;
    std::uint32_t stream = 0;
    std::size_t lane = 0;
};

// The texels of one resource: rows of `width` texels, each four words (as a sample returns them).
struct texture {
    std::uint32_t width = 0, height = 0;
    bool normalized = false;  // coordinates in [0, 1) (dcl_resource without _unnorm)
    std::vector<std::array<lane_word, 4>> texels;  // row by row

    // Sets texel (x, y), the texture growing to hold it (the texels it adds are zero).
    void set(std::uint32_t x, std::uint32_t y, const std::array<lane_word, 4>& v) {
        if (x >= width || y >= height) {
            const std::uint32_t w = x >= width ? x + 1 : width, h = y >= height ? y + 1 : height;
            std::vector<std::array<lane_word, 4>> grown(std::size_t{w} * h);
            for (std::uint32_t r = 0; r < height; ++r)
                for (std::uint32_t c = 0; c < width; ++c) grown[std::size_t{r} * w + c] = texels[std::size_t{r} * width + c];
            texels = std::move(grown), width = w, height = h;
        }
        texels[std::size_t{y} * width + x] = v;
    }
    [[nodiscard]] std::array<lane_word, 4> at(std::int64_t x, std::int64_t y) const {
        if (x < 0 || y < 0 || x >= width || y >= height) return {};
        return texels[static_cast<std::size_t>(y) * width + static_cast<std::size_t>(x)];
    }
    // The texel a sample at float coordinates (u, v) reads, offset by (du, dv) texels.
    [[nodiscard]] std::array<lane_word, 4> sample(float u, float v, float du = 0, float dv = 0) const {
        if (normalized) u *= static_cast<float>(width), v *= static_cast<float>(height);
        u += du, v += dv;
        const auto cell = [](float f) {
            return f != f               ? std::int64_t{-1}
                   : f < -1.0f          ? std::int64_t{-1}
                   : f >= 4294967296.0f ? std::int64_t{1} << 32
                                        : static_cast<std::int64_t>(std::floor(f));
        };
        return at(cell(u), cell(v));
    }
};

class default_environment {
public:
    static constexpr std::uint32_t words = 4096;  // per space and id: 16 KiB

    lane_word load(const memory_access& a) const {
        const auto it = memory.find(key(a));
        return it != memory.end() && a.address / 4 < words ? it->second[a.address / 4] : 0u;
    }
    void store(const memory_access& a, lane_word value) {
        if (a.address / 4 >= words) return;
        auto& m = memory[key(a)];
        if (m.empty()) m.assign(words, 0u);
        m[a.address / 4] = value;
    }
    std::array<lane_word, 4> sample(const sample_request& r) const {
        const auto t = resources.find(r.resource);
        if (t == resources.end() || !r.sources) return r.sources ? r.src[0] : std::array<lane_word, 4>{};
        const std::array<lane_word, 4>& c = r.src[0];
        if (r.op == opcode::resinfo) return {t->second.width, t->second.height, 1u, 1u};
        if (r.op == opcode::load || r.op == opcode::load_fptr)
            return t->second.at(std::int64_t{static_cast<std::int32_t>(c[0])} + static_cast<std::int64_t>(std::floor(r.offset[0])),
                                std::int64_t{static_cast<std::int32_t>(c[1])} + static_cast<std::int64_t>(std::floor(r.offset[1])));
        return t->second.sample(std::bit_cast<float>(c[0]), std::bit_cast<float>(c[1]), r.offset[0], r.offset[1]);
    }
    void emit(const emit_event& e) { events.push_back(e); }

    std::map<std::pair<memory_space, std::uint32_t>, std::vector<lane_word>> memory;
    std::map<std::uint32_t, texture> resources;  // by resource id
    std::vector<emit_event> events;

private:
    static std::pair<memory_space, std::uint32_t> key(const memory_access& a) { return {a.space, a.id}; }
};

// Any environment as the interpreter's kernels see it.
class environment_ref {
public:
    template <class Env>
    explicit environment_ref(Env& env) noexcept
        : env_(&env),
          load_([](void* e, const memory_access& a) { return static_cast<Env*>(e)->load(a); }),
          store_([](void* e, const memory_access& a, lane_word v) { static_cast<Env*>(e)->store(a, v); }),
          sample_([](void* e, const sample_request& r) { return static_cast<Env*>(e)->sample(r); }),
          emit_([](void* e, const emit_event& v) { static_cast<Env*>(e)->emit(v); }) {}

    lane_word load(const memory_access& a) const { return load_(env_, a); }
    void store(const memory_access& a, lane_word v) const { store_(env_, a, v); }
    std::array<lane_word, 4> sample(const sample_request& r) const { return sample_(env_, r); }
    void emit(const emit_event& e) const { emit_(env_, e); }

private:
    void* env_;
    lane_word (*load_)(void*, const memory_access&);
    void (*store_)(void*, const memory_access&, lane_word);
    std::array<lane_word, 4> (*sample_)(void*, const sample_request&);
    void (*emit_)(void*, const emit_event&);
};

}  // namespace ctisa::amdil::exec
