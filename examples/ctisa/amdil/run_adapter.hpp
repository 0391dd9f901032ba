// SPDX-License-Identifier: MIT
// What `ctisa run amdil` needs beyond the generic driver (examples/ctisa/run.hpp): the names of
// AMD IL's registers, memory and texels in an inputs file, how to set and read them, and a run of
// one work-group (a compute kernel's wavefronts) on the reference executor.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <ctisa/core/text/names.hpp>
#include <ctisa/exec/lane_records.hpp>
#include <ctisa/amdil/executor.hpp>
#include <ctisa/amdil/isa.hpp>

#include "../run_adapter.hpp"

namespace ctisa::amdil {

struct run_adapter {
    using isa = amdil::isa;

    // The tool's environment: the default one (memory, textures), noting the dwords each store
    // writes (for the output) and copying the lane's output registers at every emit (emit,
    // emitthencut and their stream forms). (The interpreter's kernels work on the machine's rows, so
    // they hold the values at the emit.)
    struct vertex {
        std::size_t lane = 0;
        std::vector<exec::vec4_bits> outputs;  // in the order of outputs_written()
    };
    struct environment : exec::default_environment {
        const exec::machine<256>* m = nullptr;  // the wavefront that emits (a program that emits is one wavefront)
        std::vector<vertex> vertices;
        std::set<std::tuple<exec::memory_space, std::uint32_t, std::uint32_t>> stored;  // space, id, dword
        void store(const exec::memory_access& a, exec::lane_word value) {
            exec::default_environment::store(a, value);
            if (a.address / 4 < words) stored.insert({a.space, a.id, a.address / 4});
        }
        void emit(const exec::emit_event& e) {
            exec::default_environment::emit(e);
            if (e.op == opcode::cut || e.op == opcode::cut_stream || !m) return;
            vertex v{e.lane, {}};
            for (const std::uint32_t o : m->outputs_written()) v.outputs.push_back(m->read(reg_type::output, o, e.lane));
            vertices.push_back(std::move(v));
        }
    };

    // One run: a work-group of the program's declared size (dcl_num_thread_per_group) in
    // wavefronts of --lanes lanes, or one wavefront of --lanes lanes for a program that declares
    // none. LANE in the inputs and the output is the work-item's index in the group.
    class machine {
    public:
        static constexpr std::size_t lanes = 256;
        machine(std::span<const instruction> program, std::size_t wavefront_lanes)
            : group(program, wavefront_lanes), code(program.begin(), program.end()) {
            env.m = &group.wavefront(0);
        }
        exec::run_status run(std::uint64_t step_budget) {
            env.vertices.clear();
            env.stored.clear();
            const auto out = group.run(env, step_budget);
            if (!out.ok() && group.wavefronts() > 1) {
                reason =
                    "in wavefront " + std::to_string(out.wavefront) + " (work-items from " + std::to_string(out.wavefront * group.lanes()) + ")";
                auto status = out.status;
                status.reason = reason;
                return status;
            }
            return out.status;
        }
        // --bench: the group's lane-operations, each instruction times the lanes that ran it.
        exec::run_status counted_run(std::uint64_t step_budget, std::uint64_t& lane_operations) {
            return group
                .run_with(env,
                          [&](exec::machine<256>& m, environment& e) {
                              exec::environment_ref ref(e);
                              return m.run_with(
                                  e, step_budget, [&](std::uint32_t pc, const auto* active, bool all, const auto* live, auto&, auto& fx) {
                                      for (std::size_t l = 0; l < m.active_lanes(); ++l) lane_operations += all || active[l] != 0;
                                      exec::traits::execute(ctisa::exec::dynamic_desc<exec::instruction_desc>{&m.descriptor_at(pc)}, m.view(),
                                                            active, all, ref, m.info(0, live), fx);
                                  });
                          })
                .status;
        }
        exec::group<256> group;
        environment env;
        std::vector<instruction> code;
        std::string reason;
    };
    using wavefront_machine = exec::machine<256>;     // one wavefront of the group (the fuzz targets run one)
    static constexpr std::size_t default_lanes = 16;  // four 2x2 quads
    static constexpr bool decimal_integers = false;   // registers hold float vectors: "2" means 2.0
    static constexpr std::string_view names =
        "a register v0, o0, r0, x0[2], cb0[3], vWinCoord0, or memory g[5] (below 1024), lds0[3], gds0[3], uav1[3], srv0[3] (below "
        "4096), or a texel resource0[4] or resource0[4][2] (each below 1024)";
    static constexpr std::string_view help =
        "AMD IL: NAME is v3 (an input), vWinCoord0 (the pixel's position), r5, o2, x0[2] (an element of an\n"
        "indexed temporary array) or cb0[3] (an element of a constant buffer: shared, LANE must be *); each\n"
        "takes four values X Y Z W, decimal floats or 0x bit patterns. A name the program does not have is\n"
        "an error. Memory and textures are shared (LANE *): g[5] (element 5 of the global buffer g[], four\n"
        "words), lds0[3], gds0[3], uav1[3], srv0[3] (dword 3, bytes 12-15, of LDS, GDS, UAV or SRV with that\n"
        "id; one word), resource0[4] and resource0[4][2] (texel x = 4, y = 2 of resource 0, four words; the\n"
        "texture grows to hold the texels given, a texel not given is 0).\n"
        "A compute kernel (dcl_num_thread_per_group) runs one work-group of its declared size, group 0 of\n"
        "a grid of one: its wavefronts of --lanes lanes in turn, meeting at each fence_threads* and each\n"
        "LDS access; LANE is the work-item's index in the group (vTidInGrpFlat), whose ids are set.\n"
        "Output: the o registers the program writes, or 'LANE killed' for a lane a discard_logical*\n"
        "discarded; a program that emits prints instead each emitted vertex as `LANE emit[K].o0 X Y Z W`\n"
        "(the outputs at the K-th emit of that lane; a lane prints only the vertices it emitted). Then\n"
        "every memory dword the run wrote, as `* g[5] X Y Z W` (the element) or `* lds0[3] X`, ascending.\n"
        "Lanes 4q..4q+3 form a 2x2 quad for dsx, dsy, fwidth and lds_read_vec_neighborExch.\n"
        "Defaults: registers and memory are 0 (memory is 4096 dwords per space and id: g[] 1024 elements),\n"
        "vWinCoord0 too; literals (dcl_literal) and def / defb constants hold their values from the start;\n"
        "a resource given texels is point-sampled at the floor of its coordinates (times its size unless\n"
        "dcl_resource says unnorm), load reads its integer coordinates; a resource given none returns its\n"
        "coordinates. The rules where the document is silent: generators/specs/amdil_execution.toml.\n";

    enum class kind : std::uint8_t { reg, memory, texel };
    struct reg {
        reg_type type = reg_type::input;
        std::uint32_t number = 0;
        std::uint32_t element = 0;
        unsigned words = 4;
        bool shared = false;
        int vertex = -1;  // the lane's emitted vertex K (its outputs at that emit)
        kind what = kind::reg;
        exec::memory_space space = exec::memory_space::global;
        std::uint32_t y = 0;  // a texel's row
    };

    // v3, o0, r5, vWinCoord0 (no element); x0[2], cb0[3] (an array's element); g[5], lds0[3], ...;
    // resource0[4], resource0[4][2]. Numbers and elements below 65536; memory and texels within the
    // environment's (4096 dwords a space and id; textures up to 1024 x 1024).
    static std::optional<reg> parse_name(std::string_view name) {
        static constexpr ctisa_tool::numbered_kind<reg_type> registers[] = {{"vWinCoord", reg_type::wincoord, 0x10000},
                                                                            {"v", reg_type::input, 0x10000},
                                                                            {"o", reg_type::output, 0x10000},
                                                                            {"r", reg_type::temp, 0x10000}};
        if (auto m = memory_name(name)) return m;
        if (const auto n = ctisa_tool::find_numbered(name, registers)) return reg{n->row->kind, n->number, 0, 4, false};
        for (const reg_type t : {reg_type::const_buff, reg_type::itemp})  // arrays: cb0[3], x0[2]
            if (const auto a = text::indexed_name(name, t == reg_type::const_buff ? "cb" : "x");
                a && a->number <= 0xFFFFu && a->element <= 0xFFFFu)
                return reg{t, a->number, a->element, 4, t == reg_type::const_buff};
        return std::nullopt;
    }
    static std::string name_of(const reg& r) {
        if (r.what != kind::reg) {
            std::string s = r.what == kind::texel ? "resource" : std::string(space_name(r.space));
            if (r.what == kind::texel || r.space != exec::memory_space::global) s += std::to_string(r.number);
            s += '[' + std::to_string(r.element);
            s += ']';
            if (r.what == kind::texel && r.y != 0) s += '[' + std::to_string(r.y) + ']';
            return s;
        }
        std::string s = r.vertex < 0 ? std::string() : "emit[" + std::to_string(r.vertex) + "].";
        s += r.type == reg_type::wincoord ? std::string_view("vWinCoord") : std::string_view(register_text[static_cast<std::size_t>(r.type)]);
        s += std::to_string(r.number);
        if (r.type == reg_type::const_buff || r.type == reg_type::itemp) s += '[' + std::to_string(r.element) + ']';
        return s;
    }

    // False when the name matches nothing of the program (a register it never names, an element
    // past its array).
    static bool set(machine& m, const reg& r, std::size_t lane, std::span<const std::uint32_t> v) {
        const exec::vec4_bits bits{v[0], v.size() > 1 ? v[1] : 0u, v.size() > 2 ? v[2] : 0u, v.size() > 3 ? v[3] : 0u};
        if (r.what == kind::texel) {
            exec::texture& t = m.env.resources[r.number];
            if (t.texels.empty()) t.normalized = !unnormalized(m.code, r.number);
            t.set(r.element, r.y, bits);
            return true;
        }
        if (r.what == kind::memory) {
            for (unsigned c = 0; c < r.words; ++c) m.env.store({r.space, r.number, 4 * (r.element * r.words + c), 0}, bits[c]);
            return true;
        }
        const exec::machine<256>& w = m.group.wavefront(0);
        const exec::reg_slot* s = exec::find_slot(w.registers(), static_cast<std::uint8_t>(r.type), r.number);
        if (!s || r.element >= s->size) return false;
        if (r.shared) m.group.set_element(r.type, r.number, r.element, bits);
        else m.group.set(r.type, r.number, lane, bits, r.element);
        return true;
    }
    static std::array<std::uint32_t, 4> read(const machine& m, const reg& r, std::size_t lane) {
        if (r.what == kind::memory) {
            std::array<std::uint32_t, 4> out{};
            for (unsigned c = 0; c < r.words; ++c) out[c] = m.env.load({r.space, r.number, 4 * (r.element * r.words + c), 0});
            return out;
        }
        if (r.vertex < 0) return m.group.read(r.type, r.number, lane, r.element);
        const vertex* v = emitted(m, lane, r.vertex);
        const std::vector<std::uint32_t> outputs = m.group.wavefront(0).outputs_written();
        for (std::size_t k = 0; v && k < outputs.size(); ++k)
            if (outputs[k] == r.number) return v->outputs[k];
        return {};
    }
    // The outputs of every lane, then the memory the run wrote (shared: printed once).
    static std::vector<reg> written(const machine& m) {
        std::vector<reg> out;
        const auto outputs = [&](int k) {
            for (const std::uint32_t o : m.group.wavefront(0).outputs_written()) out.push_back(reg{reg_type::output, o, 0, 4, false, k});
        };
        const std::size_t most = ctisa::exec::most_of_one_lane(m.env.vertices);
        if (most == 0) outputs(-1);  // no emit: the outputs as the run left them
        for (std::size_t k = 0; k < most; ++k) outputs(static_cast<int>(k));
        for (const auto& [space, id, dword] : m.env.stored) {
            reg r{reg_type::input, id, dword, 1, true, -1, kind::memory, space};
            if (space == exec::memory_space::global) r.words = 4, r.element = dword / 4;
            if (out.empty() || out.back().what != kind::memory || out.back().space != r.space || out.back().number != r.number ||
                out.back().element != r.element)
                out.push_back(r);
        }
        return out;
    }
    // Work-items in the group (a program without a declared group: --lanes).
    static std::size_t threads(const machine& m) { return static_cast<std::size_t>(m.group.threads()); }
    // An emitted vertex prints only for a lane that emitted that many.
    static bool shown(const machine& m, const reg& r, std::size_t lane) { return r.vertex < 0 || emitted(m, lane, r.vertex) != nullptr; }
    static bool killed(const machine& m, std::size_t lane) { return m.group.discarded(lane); }

private:
    static const vertex* emitted(const machine& m, std::size_t lane, int k) {
        return ctisa::exec::nth_of_lane(m.env.vertices, lane, static_cast<std::size_t>(k));
    }
    static constexpr std::string_view space_name(exec::memory_space s) {
        switch (s) {
            case exec::memory_space::lds: return "lds";
            case exec::memory_space::gds: return "gds";
            case exec::memory_space::uav: return "uav";
            case exec::memory_space::srv: return "srv";
            case exec::memory_space::global: return "g";
            case exec::memory_space::append: return "append";
            case exec::memory_space::import_: return "import";
            case exec::memory_space::export_: return "export";
            case exec::memory_space::scatter: return "scatter";
            case exec::memory_space::shared: return "sr";
        }
        return "?";
    }
    // g[5]; lds0[3], gds0[3], uav1[3], srv0[3] (and the other spaces by their output names);
    // resource0[4], resource0[4][2].
    static std::optional<reg> memory_name(std::string_view name) {
        if (const auto e = text::numbered_name(name.substr(0, name.size() - (name.ends_with(']') ? 1 : 0)), "g["); e && name.ends_with(']'))
            return *e < exec::default_environment::words / 4
                       ? std::optional<reg>(reg{reg_type::input, 0, *e, 4, true, -1, kind::memory, exec::memory_space::global})
                       : std::nullopt;
        if (name.starts_with("resource") && name.ends_with(']')) {  // resource0[4] or resource0[4][2]
            const std::size_t second = name.find("][");
            std::optional<std::uint32_t> y = 0;
            if (second != std::string_view::npos) y = text::numbered_name(name.substr(second + 1, name.size() - second - 2), "[");
            const auto x = text::indexed_name(second == std::string_view::npos ? name : name.substr(0, second + 1), "resource");
            if (!x || !y || x->number > 0xFFu || x->element >= max_texels || *y >= max_texels) return std::nullopt;
            return reg{reg_type::input, x->number, x->element, 4, true, -1, kind::texel, exec::memory_space::global, *y};
        }
        for (const auto s :
             {exec::memory_space::lds, exec::memory_space::gds, exec::memory_space::uav, exec::memory_space::srv, exec::memory_space::append,
              exec::memory_space::import_, exec::memory_space::export_, exec::memory_space::scatter, exec::memory_space::shared})
            if (const auto a = text::indexed_name(name, space_name(s)); a && a->element < exec::default_environment::words)
                return reg{reg_type::input, a->number, a->element, 1, true, -1, kind::memory, s};
        return std::nullopt;
    }
    static constexpr std::uint32_t max_texels = 1024;  // a texture's width and height (16 MiB at most)
    // Whether the program declares resource `id` with _unnorm (dcl_resource: the opcode token's bit 31).
    static bool unnormalized(std::span<const instruction> program, std::uint32_t id) {
        for (const instruction& in : program) {
            const auto w = in.tokens();
            if (!in.header && !w.empty() && (w[0] & 0xFFFFu) == static_cast<std::uint32_t>(opcode::dcl_resource) && ((w[0] >> 16) & 0xFFu) == id)
                return (w[0] >> 31) != 0;
        }
        return false;
    }
};

}  // namespace ctisa::amdil
