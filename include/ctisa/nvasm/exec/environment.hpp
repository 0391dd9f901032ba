// SPDX-License-Identifier: MIT
// What an NV_gpu_program4 program asks of the world around it: texture and buffer fetches (TEX,
// TXB, TXD, TXF, TXL, TXP, TXQ) and, in geometry programs, EMIT and ENDPRIM.
//
//   struct my_environment {
//       words texture(const texture_request& r);         // the four result words
//       template <class Vertex> void emit(const Vertex& v);  // v.lane, v.for_each_output(f(text, words))
//       void end_primitive(std::size_t lane);
//   };
//
// The default sampler returns its coordinates (TXP's after the division by w; TXF's and TXQ's
// integer words as they are); the default environment records every emitted vertex.
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

    template <class Vertex>
    void emit(const Vertex& v) {
        emitted_vertex e{v.lane, primitive_of(v.lane), {}};
        v.for_each_output([&](std::string_view text, const std::array<lane_word, 4>& w) { e.outputs.emplace_back(std::string(text), w); });
        vertices.push_back(std::move(e));
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

// The vertex a geometry program's EMIT reports: reads the result bindings of its lane.
template <class View>
struct vertex_view {
    const layout* lay = nullptr;
    const View* view = nullptr;
    std::size_t lane = 0;       // in the warp
    std::size_t view_lane = 0;  // in the view

    template <class F>
    void for_each_output(F&& f) const {
        for (const auto& b : lay->bindings) {
            if (!b.text.view().starts_with("result.")) continue;
            std::array<lane_word, 4> w{};
            for (unsigned c = 0; c < 4; ++c) w[c] = view->row(b.row + c)[view_lane];
            f(b.text.view(), w);
        }
    }
};

}  // namespace ctisa::nvasm::exec
