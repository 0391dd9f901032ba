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
// is not written (the document: 'an out-of-range address returns 0 / writes nothing'). The default
// sampler returns its first source's four words (the coordinates; zeros for an instruction without
// a source); emits and cuts are recorded. The interpreter's kernels see any environment through
// environment_ref (one instantiation per width).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "layout.hpp"

namespace ctisa::amdil::exec {

// import_, export_: memimport's elements and memexport's streams (16-byte elements); scatter: the 3-D
// array scatter writes; shared: the HD4000 shared registers init_sr sets (16 bytes a register).
enum class memory_space : std::uint8_t { lds, gds, uav, srv, append, import_, export_, scatter, shared };

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
};

// emit, cut, emitthencut (stream 0) and their _stream forms, per lane.
struct emit_event {
    opcode op = opcode::emit;
    std::uint32_t stream = 0;
    std::size_t lane = 0;
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
    std::array<lane_word, 4> sample(const sample_request& r) const { return r.sources ? r.src[0] : std::array<lane_word, 4>{}; }
    void emit(const emit_event& e) { events.push_back(e); }

    std::map<std::pair<memory_space, std::uint32_t>, std::vector<lane_word>> memory;
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
