// SPDX-License-Identifier: MIT
// What `ctisa run amdil` needs beyond the generic driver (examples/ctisa/run.hpp): the names of
// AMD IL's registers in an inputs file and how to set and read them on the reference executor.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../core/text/names.hpp"
#include "../exec/lane_records.hpp"
#include "executor.hpp"
#include "isa.hpp"

namespace ctisa::amdil {

struct run_adapter {
    using isa = amdil::isa;

    // The interpreter with the tool's environment: the default one, which also copies the lane's
    // output registers at every emit (emit, emitthencut and their stream forms) for the output. (The
    // interpreter's kernels work on the machine's rows, so they hold the values at the emit.)
    class machine : public exec::machine<256> {
    public:
        using exec::machine<256>::machine;
        struct vertex {
            std::size_t lane = 0;
            std::vector<exec::vec4_bits> outputs;  // in the order of outputs_written()
        };
        struct environment : exec::default_environment {
            const machine* m = nullptr;
            std::vector<vertex> vertices;
            void emit(const exec::emit_event& e) {
                exec::default_environment::emit(e);
                if (e.op == opcode::cut || e.op == opcode::cut_stream) return;
                vertex v{e.lane, {}};
                for (const std::uint32_t o : m->outputs_written()) v.outputs.push_back(m->read(reg_type::output, o, e.lane));
                vertices.push_back(std::move(v));
            }
        };
        auto run(std::uint64_t step_budget) {
            env = {};
            env.m = this;
            return exec::machine<256>::run(env, step_budget);
        }
        environment env;
    };
    static constexpr std::size_t default_lanes = 16;  // four 2x2 quads
    static constexpr bool decimal_integers = false;   // registers hold float vectors: "2" means 2.0
    static constexpr std::string_view names = "a register v0, o0, r0, x0[2] or cb0[3]";
    static constexpr std::string_view help =
        "AMD IL: NAME is v3 (an input), r5, o2, x0[2] (an element of an indexed temporary array) or cb0[3]\n"
        "(an element of a constant buffer: shared, LANE must be *); each takes four values X Y Z W,\n"
        "decimal floats or 0x bit patterns. Output: the o registers the program writes, or 'LANE killed'\n"
        "for a lane a discard_logical* discarded; a program that emits prints instead each emitted vertex\n"
        "as `LANE emit[K].o0 X Y Z W` (the outputs at the K-th emit of that lane; a lane prints only the\n"
        "vertices it emitted). Lanes 4q..4q+3 form a 2x2 quad for dsx, dsy and fwidth.\n"
        "Literals (dcl_literal) and def / defb constants hold their values from the start. LDS, GDS, UAVs and SRVs are 16 KiB per\n"
        "resource, zero at the start; the sampler returns its coordinates. The rules where the document is\n"
        "silent: generators/specs/amdil_execution.toml.\n";

    struct reg {
        reg_type type = reg_type::input;
        std::uint32_t number = 0;
        std::uint32_t element = 0;
        unsigned words = 4;
        bool shared = false;
        int vertex = -1;  // the lane's emitted vertex K (its outputs at that emit)
    };

    // v3, o0, r5 (no element); x0[2], cb0[3] (an array's element). Numbers and elements below 65536.
    static std::optional<reg> parse_name(std::string_view name) {
        struct kind {
            std::string_view prefix;
            reg_type type;
            bool array;
        };
        static constexpr kind kinds[] = {{"cb", reg_type::const_buff, true},
                                         {"v", reg_type::input, false},
                                         {"o", reg_type::output, false},
                                         {"r", reg_type::temp, false},
                                         {"x", reg_type::itemp, true}};
        for (const kind& k : kinds) {
            if (!k.array) {
                if (const auto n = text::numbered_name(name, k.prefix); n && *n <= 0xFFFFu) return reg{k.type, *n, 0, 4, false};
            } else if (const auto a = text::indexed_name(name, k.prefix); a && a->number <= 0xFFFFu && a->element <= 0xFFFFu) {
                return reg{k.type, a->number, a->element, 4, k.type == reg_type::const_buff};
            }
        }
        return std::nullopt;
    }
    static std::string name_of(const reg& r) {
        std::string s = r.vertex < 0 ? std::string() : "emit[" + std::to_string(r.vertex) + "].";
        s += std::string_view(register_text[static_cast<std::size_t>(r.type)]);
        s += std::to_string(r.number);
        if (r.type == reg_type::const_buff || r.type == reg_type::itemp) {
            s += '[';
            s += std::to_string(r.element);
            s += ']';
        }
        return s;
    }

    static void set(machine& m, const reg& r, std::size_t lane, std::span<const std::uint32_t> v) {
        const exec::vec4_bits bits{v[0], v[1], v[2], v[3]};
        if (r.shared) return m.set_element(r.type, r.number, r.element, bits);
        m.set(r.type, r.number, lane, bits, r.element);
    }
    static std::array<std::uint32_t, 4> read(const machine& m, const reg& r, std::size_t lane) {
        if (r.vertex < 0) return m.read(r.type, r.number, lane, r.element);
        const machine::vertex* v = emitted(m, lane, r.vertex);
        const std::vector<std::uint32_t> outputs = m.outputs_written();
        for (std::size_t k = 0; v && k < outputs.size(); ++k)
            if (outputs[k] == r.number) return v->outputs[k];
        return {};
    }
    static std::vector<reg> written(const machine& m) {
        std::vector<reg> out;
        const auto outputs = [&](int k) {
            for (const std::uint32_t o : m.outputs_written()) out.push_back(reg{reg_type::output, o, 0, 4, false, k});
        };
        const std::size_t most = ctisa::exec::most_of_one_lane(m.env.vertices);
        if (most == 0) outputs(-1);  // no emit: the outputs as the run left them
        for (std::size_t k = 0; k < most; ++k) outputs(static_cast<int>(k));
        return out;
    }
    // An emitted vertex prints only for a lane that emitted that many.
    static bool shown(const machine& m, const reg& r, std::size_t lane) { return r.vertex < 0 || emitted(m, lane, r.vertex) != nullptr; }
    static bool killed(const machine& m, std::size_t lane) { return m.discarded(lane); }

private:
    static const machine::vertex* emitted(const machine& m, std::size_t lane, int k) {
        return ctisa::exec::nth_of_lane(m.env.vertices, lane, static_cast<std::size_t>(k));
    }
};

}  // namespace ctisa::amdil
