// SPDX-License-Identifier: MIT
// What `ctisa run nvasm` needs beyond the generic driver (examples/ctisa/run.hpp): NAMEs are the
// program's bindings (vertex.attrib[0], program.local[2], fragment.texcoord[0], state.matrix.mvp.row[0],
// vertex[1].position...) or its declared names (c[3], R0); the output is every result binding the
// program uses, per lane, or for a geometry program every vertex each lane emitted.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <ctisa/exec/lane_records.hpp>
#include <ctisa/nvasm/executor.hpp>
#include <ctisa/nvasm/isa.hpp>

namespace ctisa::nvasm {

struct run_adapter {
    using isa = nvasm::isa;

    // The interpreter with the environment of the tool: the default sampler, and a record of the
    // vertices EMIT reports (kept after the run for the output).
    class machine : public exec::machine<256> {
    public:
        using exec::machine<256>::machine;
        auto run(std::uint64_t step_budget) {
            env = {};
            return exec::machine<256>::run(env, step_budget);
        }
        exec::default_environment env;
        [[nodiscard]] bool geometry() const {
            return !program().empty() && program()[0].kind == statement_kind::header && program()[0].stage == stage::geometry;
        }
    };

    static constexpr std::size_t default_lanes = 1;
    static constexpr bool decimal_integers = false;  // "2" is 2.0; integers as 0x bit patterns
    static constexpr std::string_view names = "a binding (vertex.attrib[0], program.local[2], ...) or a declared name";
    static constexpr std::string_view help =
        "NV_gpu_program4: NAME is a binding the program uses (vertex.attrib[0], fragment.texcoord[0],\n"
        "vertex[1].position, state.matrix.mvp.row[0]) or a name it declares (c[3], R0), each four\n"
        "values X Y Z W; program.*, state.* and primitive.* are shared: LANE must be *. Names the\n"
        "program does not use are ignored. Output: every result binding the program uses, per lane\n"
        "(`LANE result.color X Y Z W`); a geometry program prints instead each emitted vertex's\n"
        "results as `LANE emit[K].result.position X Y Z W` (K counts the lane's EMITs; a lane prints\n"
        "only the vertices it emitted). Either documented spelling of a binding names it\n"
        "(fragment.texcoord = fragment.texcoord[0], vertex.attrib[0] = vertex.position...). KIL\n"
        "kills lanes. Textures: the default sampler returns its coordinates (TXP's divided by w).\n"
        "Flow control per lane (IF, REP, BRK, CONT, CAL, RET).\n";

    struct reg {
        std::string name;
        unsigned words = 4;
        bool shared = false;
        int vertex = -1;      // an emitted vertex's output (geometry)
        std::string output{};
    };

    static std::optional<reg> parse_name(std::string_view name) {
        if (name.empty()) return std::nullopt;
        const bool shared = name.starts_with("program.") || name.starts_with("state.") || name.starts_with("primitive.");
        return reg{std::string(name), 4, shared, -1, {}};
    }
    static std::string name_of(const reg& r) { return r.vertex < 0 ? r.name : "emit[" + std::to_string(r.vertex) + "]." + r.output; }

    // A shared name (program.*, state.*, primitive.*) is one value for every invocation
    // (NV_gpu_program4 section 2.X.3.3: parameters "retain their values across program
    // invocations"); the driver gives it once, so every lane's row takes it. False when the
    // program names no such input: the tool reports it (a misspelled name).
    static bool set(machine& m, const reg& r, std::size_t lane, std::span<const std::uint32_t> v) {
        const std::array<std::uint32_t, 4> w{v[0], v[1], v[2], v[3]};
        return r.shared ? m.set_all(r.name, w) : m.set(r.name, lane, w);
    }
    static std::array<std::uint32_t, 4> read(const machine& m, const reg& r, std::size_t lane) {
        if (r.vertex < 0) return m.read(r.name, lane).value_or(std::array<std::uint32_t, 4>{});
        if (const auto* v = emitted(m, lane, r.vertex))
            for (const auto& [text, w] : v->outputs)
                if (text == r.output) return w;
        return {};
    }
    static std::vector<reg> written(const machine& m) {
        std::vector<reg> out;
        if (!m.geometry()) {
            for (auto& name : m.outputs()) out.push_back(reg{name, 4, false, -1, {}});
            return out;
        }
        const std::size_t most = ctisa::exec::most_of_one_lane(m.env.vertices);
        for (std::size_t k = 0; k < most; ++k)
            for (auto& name : m.outputs()) out.push_back(reg{name, 4, false, static_cast<int>(k), name});
        return out;
    }
    static bool killed(const machine& m, std::size_t lane) { return m.killed(lane); }
    // An emitted vertex's output prints only for a lane that emitted that many vertices.
    static bool shown(const machine& m, const reg& r, std::size_t lane) { return r.vertex < 0 || emitted(m, lane, r.vertex) != nullptr; }

private:
    // The lane's k-th emitted vertex, or null.
    static const exec::emitted_vertex* emitted(const machine& m, std::size_t lane, int k) {
        return ctisa::exec::nth_of_lane(m.env.vertices, lane, static_cast<std::size_t>(k));
    }
};

}  // namespace ctisa::nvasm
