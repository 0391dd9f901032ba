// SPDX-License-Identifier: MIT
// What an NV_gpu_program4 program asks of the world around it: texture and buffer fetches (TEX,
// TXB, TXD, TXF, TXL, TXP, TXQ) and, in geometry programs, EMIT and ENDPRIM.
//
//   struct my_environment {
//       std::array<lane_word, 4> texture(const texture_request& r);  // the four result words
//       void emit(const emitted_vertex& v);     // the lane and its result bindings at EMIT
//       void end_primitive(std::size_t lane);
//   };
//
// The default sampler returns its coordinates (TXP's after the division by w; TXF's and TXQ's
// integer words as they are); the default environment records every emitted vertex. The
// interpreter's kernels see any environment through environment_ref (one instantiation).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "layout.hpp"

namespace ctisa::nvasm::exec {

struct texture_request {
    opcode code = opcode::tex;
    std::uint32_t unit = 0;
    texture_target target = texture_target::none;
    std::array<std::int8_t, 3> offset{};
    std::array<lane_word, 4> coord{};     // TXP: divided by w; TXD's partials in ddx, ddy
    std::array<lane_word, 4> ddx{}, ddy{};
    std::size_t lane = 0;
};

// One emitted vertex: the lane, and every result binding's four words at EMIT.
struct emitted_vertex {
    std::size_t lane = 0;
    std::uint32_t primitive = 0;  // ENDPRIMs the lane executed before
    std::vector<std::pair<std::string, std::array<lane_word, 4>>> outputs;
};

class default_environment {
public:
    std::array<lane_word, 4> texture(const texture_request& r) { return r.coord; }

    void emit(const emitted_vertex& v) {
        vertices.push_back(v);
        vertices.back().primitive = primitive_of(v.lane);
    }
    void end_primitive(std::size_t lane) {
        if (lane >= primitives.size()) primitives.resize(lane + 1);
        ++primitives[lane];
    }

    std::vector<emitted_vertex> vertices;
    std::vector<std::uint32_t> primitives;  // per lane

private:
    [[nodiscard]] std::uint32_t primitive_of(std::size_t lane) const { return lane < primitives.size() ? primitives[lane] : 0; }
};

// Any environment as the interpreter's kernels see it.
class environment_ref {
public:
    template <class Env>
    explicit environment_ref(Env& env) noexcept
        : env_(&env),
          texture_([](void* e, const texture_request& r) { return static_cast<Env*>(e)->texture(r); }),
          emit_([](void* e, const emitted_vertex& v) { static_cast<Env*>(e)->emit(v); }),
          end_primitive_([](void* e, std::size_t lane) { static_cast<Env*>(e)->end_primitive(lane); }) {}

    std::array<lane_word, 4> texture(const texture_request& r) const { return texture_(env_, r); }
    void emit(const emitted_vertex& v) const { emit_(env_, v); }
    void end_primitive(std::size_t lane) const { end_primitive_(env_, lane); }

private:
    void* env_;
    std::array<lane_word, 4> (*texture_)(void*, const texture_request&);
    void (*emit_)(void*, const emitted_vertex&);
    void (*end_primitive_)(void*, std::size_t);
};

// The vertex EMIT reports: lane `view_lane` of the view, every result binding's words.
template <class View>
[[nodiscard]] emitted_vertex vertex_of(const layout& lay, const View& v, std::size_t lane, std::size_t view_lane) {
    emitted_vertex e{lane, 0, {}};
    for (const auto& b : lay.bindings) {
        if (!b.text.view().starts_with("result.")) continue;
        std::array<lane_word, 4> w{};
        for (unsigned c = 0; c < 4; ++c) w[c] = v.row(b.row + c)[view_lane];
        e.outputs.emplace_back(std::string(b.text.view()), w);
    }
    return e;
}

}  // namespace ctisa::nvasm::exec
