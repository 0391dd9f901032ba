// SPDX-License-Identifier: MIT
// What `ctisa run cayman` needs beyond the generic driver (examples/ctisa/run.hpp): Cayman's names
// in an inputs file (R3, CB0[5], B1, I2) and outputs (the GPRs the program writes, its exports
// POS0, PARAM1, PIXEL0), on a machine that lays the statements out and runs the image.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <ctisa/core/text/names.hpp>
#include <ctisa/exec/lane_records.hpp>
#include <ctisa/cayman/executor.hpp>
#include <ctisa/cayman/isa.hpp>

#include "../run_adapter.hpp"

namespace ctisa::cayman {

// The default environment, keeping every fetch request too (the run prints them).
struct run_environment : exec::environment {
    std::vector<exec::fetch_request> fetches;
    [[nodiscard]] exec::vec4 fetch(const exec::fetch_request& r) {
        fetches.push_back(r);
        return exec::environment::fetch(r);
    }
};

// The executor's machine for statements (the text's units or a decoded image): laid out with
// layout(), flattened into items; its run keeps the environment (constants set from the inputs,
// the exports, memory writes, LDS, emits and fetches the program made).
class run_machine : public exec::machine<256> {
public:
    run_machine(std::span<const statement> program, std::size_t lanes) : exec::machine<256>(items_of(program), lanes) {}

    run_environment env;
    ctisa::exec::run_status run(std::uint64_t steps) {
        env.exports.clear();
        env.memory.clear();
        env.gs_events.clear();
        env.fetches.clear();
        env.lds.clear();
        return exec::machine<256>::run(env, steps);
    }

private:
    // The statements were assembled or decoded whole, so they lay out again.
    static std::vector<exec::item> items_of(std::span<const statement> program) {
        auto image = layout(detail::items_of(program));
        if (!image) return {};
        auto items = exec::load_items(*image);
        return items ? *items : std::vector<exec::item>{};
    }
};

struct run_adapter {
    using isa = cayman::isa;
    using machine = run_machine;
    static constexpr std::size_t default_lanes = 64;  // a wavefront
    static constexpr bool decimal_integers = true;
    static constexpr std::string_view names = "a register R0-R127, a constant CB0[5], a boolean B0-B31 or a loop constant I0-I31";
    static constexpr std::string_view help =
        "Cayman: NAME is R3 (four words X Y Z W), CB1[5] (constant 5 of constant buffer 1: shared,\n"
        "LANE must be *), B2 (the CF boolean constant 2: one word, nonzero true; shared) or I2 (the\n"
        "DX9 loop constant 2: trip count, initial aL, step, unused; shared). Output: every GPR an ALU\n"
        "instruction writes, then every export (POS0, PARAM0, PIXEL0: the last write to each; elements\n"
        "not exported are 0), every memory dword written with its final value (RAT1[5], RET1[100] a RAT's return\n"
        "buffer, SCRATCH[12], SCATTER[3], GDS[2], TF[4], ORDERED[0], GWS[2], MEM_RING[7]...: dword\n"
        "addresses; a shared dword prints under the lane that wrote it last), the LDS's nonzero\n"
        "dwords under lane 0 (LDS[8]: byte address), each geometry emit (emit[K] VERTEX CUT) and each\n"
        "fetch's coordinates (fetch[K]), or 'LANE killed'. Kcache constants come from the CF_ALU\n"
        "locks; unset constants, booleans, loop constants and memory are zero; a fetch returns its\n"
        "coordinates. Every opcode runs; a CF index register (RAT_INDEX_MODE, JUMPTABLE_SEL INDEX_*)\n"
        "or a hardware source select (clock, ids) stops the run with 'instruction cannot be executed'.\n";

    enum class kind : std::uint8_t { gpr, constant, boolean, loop, exported, memory, lds, emitted, fetched };
    struct reg {
        kind k = kind::gpr;
        std::uint32_t bank = 0;  // constant: the buffer; exported: the export TYPE; memory: the RAT id
        std::uint32_t index = 0;  // memory: the dword address; lds: the byte address; emitted, fetched: K
        unsigned words = 4;
        bool shared = false;
        exec::memory_space space{};  // memory: which
        opcode op{};                 // memory: the writer (names a ring or stream buffer)
        std::size_t owner = 0;       // memory, lds: the lane that prints it
        std::uint32_t value = 0;     // memory: the last value written
    };

    static std::optional<reg> parse_name(std::string_view name) {
        static constexpr ctisa_tool::numbered_kind<kind> kinds[] = {{"R", kind::gpr, 128}, {"B", kind::boolean, 32}, {"I", kind::loop, 32}};
        if (const auto n = ctisa_tool::find_numbered(name, kinds)) {
            const kind k = n->row->kind;
            return reg{k, 0, n->number, k == kind::boolean ? 1u : 4u, k != kind::gpr};
        }
        // CB<buffer>[<index>], CB in capitals only
        const auto cb = name.starts_with("CB") ? text::indexed_name(name, "CB") : std::nullopt;
        if (!cb || cb->number >= 16 || cb->element >= 4096) return std::nullopt;
        return reg{kind::constant, cb->number, cb->element, 4, true};
    }
    static std::string name_of(const reg& r) {
        static constexpr std::string_view exports[] = {"PIXEL", "POS", "PARAM", "MEM"};
        if (r.k >= kind::memory) return extra_name(r);
        std::string s;  // appended, not "R" + ...: GCC 12 warns (-Wrestrict) on that operator+
        switch (r.k) {
            case kind::gpr: s = "R"; break;
            case kind::constant: s = "CB"; break;
            case kind::boolean: s = "B"; break;
            case kind::loop: s = "I"; break;
            case kind::exported: s = exports[r.bank & 3]; break;
            default: break;
        }
        if (r.k == kind::constant) {
            s += std::to_string(r.bank);
            s += '[';
        }
        // Table 3.3: a position's ARRAY_BASE 60-63 is CF_POS_0-3; any other base is none of them.
        if (r.k == kind::exported && r.bank == 1) {
            if (r.index >= 60 && r.index <= 63) return s += std::to_string(r.index - 60);
            s = "EXPORT_POS[";
            s += std::to_string(r.index);
            return s += ']';
        }
        s += std::to_string(r.index);
        if (r.k == kind::constant) s += ']';
        return s;
    }
    static void set(machine& m, const reg& r, std::size_t lane, std::span<const std::uint32_t> v) {
        switch (r.k) {
            case kind::gpr:
                for (std::uint32_t c = 0; c < 4; ++c) m.row(exec::row::gpr(r.index, c))[lane] = v[c];
                break;
            case kind::constant: m.env.set_constant(r.bank, r.index, {v[0], v[1], v[2], v[3]}); break;
            case kind::boolean: m.env.booleans[r.index] = v[0] != 0; break;
            case kind::loop:
                for (std::size_t c = 0; c < 4; ++c) m.env.loops[r.index][c] = static_cast<std::int32_t>(v[c]);
                break;
            default: break;  // outputs only
        }
    }
    static std::array<std::uint32_t, 4> read(const machine& m, const reg& r, std::size_t lane) {
        switch (r.k) {
            case kind::gpr: {
                std::array<std::uint32_t, 4> out{};
                for (std::uint32_t c = 0; c < 4; ++c) out[c] = m.row(exec::row::gpr(r.index, c))[lane];
                return out;
            }
            case kind::constant: return m.env.constant(r.bank, r.index);
            case kind::boolean: return {m.env.boolean(r.index) ? 1u : 0u, 0, 0, 0};
            case kind::loop: {
                const auto l = m.env.loop_constant(r.index);
                return {static_cast<std::uint32_t>(l[0]), static_cast<std::uint32_t>(l[1]), static_cast<std::uint32_t>(l[2]),
                        static_cast<std::uint32_t>(l[3])};
            }
            case kind::exported: {  // the last write to a target is what it holds
                const auto& x = m.env.exports;
                for (auto e = x.rbegin(); e != x.rend(); ++e)
                    if (e->type == r.bank && e->index == r.index && e->lane == lane) return e->value;
                return {};
            }
            case kind::memory: return {r.value, 0, 0, 0};
            case kind::lds: return {m.env.lds_load(r.index, 4), 0, 0, 0};
            case kind::emitted: {
                const exec::gs_event* e = ctisa::exec::nth_of_lane(m.env.gs_events, lane, r.index);
                return {e && e->vertex ? 1u : 0u, e && e->cut ? 1u : 0u, 0, 0};
            }
            case kind::fetched: {
                const exec::fetch_request* f = ctisa::exec::nth_of_lane(m.env.fetches, lane, r.index);
                return f ? f->coord : exec::vec4{};
            }
        }
        return {};
    }
    // The GPRs ALU instructions and fetches write (their DST_GPR: relative writes name their base),
    // then the exports made, by TYPE and index.
    static std::vector<reg> written(const machine& m) {
        std::set<std::uint32_t> gprs;
        for (std::size_t i = 0; i < m.program().size(); ++i) {
            const exec::descriptor& d = m.descriptor_at(i);
            if (d.kind == exec::item_kind::fetch) fetched_gprs(d, gprs);
            if (d.kind != exec::item_kind::group) continue;
            for (std::size_t s = 0; s < d.count; ++s)
                if (d.slots[s].write && d.slots[s].op != opcode::alu_op2_nop && d.slots[s].op != opcode::alu_op2_mova_int &&
                    d.slots[s].op != opcode::alu_op2_group_barrier)
                    gprs.insert(d.slots[s].dst);
        }
        std::vector<reg> out;
        for (const std::uint32_t g : gprs) out.push_back(reg{kind::gpr, 0, g, 4, false});
        std::set<std::pair<std::uint32_t, std::uint32_t>> exported;
        for (const exec::export_record& e : m.env.exports) exported.insert({e.type, e.index});
        for (const auto& [type, index] : exported) out.push_back(reg{kind::exported, type, index, 4, false});
        written_memory(m, out);
        return out;
    }
    static bool killed(const machine& m, std::size_t lane) { return m.state().killed[lane] != 0; }
    // Memory and LDS dwords print once, under their owner; the K-th emit or fetch for the lanes
    // that made that many.
    static bool shown(const machine& m, const reg& r, std::size_t lane) {
        if (r.k == kind::memory || r.k == kind::lds) return r.owner == lane;
        if (r.k == kind::emitted) return ctisa::exec::nth_of_lane(m.env.gs_events, lane, r.index) != nullptr;
        if (r.k == kind::fetched) return ctisa::exec::nth_of_lane(m.env.fetches, lane, r.index) != nullptr;
        return true;
    }

private:
    // The GPRs a fetch clause's instruction writes (the default semantic table: SEMANTIC_ID's GPR).
    static void fetched_gprs(const exec::descriptor& d, std::set<std::uint32_t>& gprs) {
        const category c = info(d.op).cat;
        if (d.op == opcode::vtx_semantic) gprs.insert(d.fetch.semantic);
        else if (c == category::mem_rd)
            for (std::uint32_t b = 0; b <= d.fetch.burst; ++b) gprs.insert((d.fetch.dst_gpr + b) & 127u);
        else if (c == category::gds) {
            if (info(d.op).value >= 32) gprs.insert(d.fetch.dst_gpr);  // the _RET operations
        } else if (c != category::tf && d.fetch.writes) {
            gprs.insert(d.fetch.dst_gpr);
        }
    }
    static std::string extra_name(const reg& r) {
        using ms = exec::memory_space;
        std::string s;
        switch (r.k) {
            case kind::lds: s = "LDS"; break;
            case kind::emitted: s = "emit"; break;
            case kind::fetched: s = "fetch"; break;
            default:
                switch (r.space) {
                    case ms::stream:
                    case ms::ring: s = info(r.op).mnemonic; break;
                    case ms::scratch: s = "SCRATCH"; break;
                    case ms::scatter: s = "SCATTER"; break;
                    case ms::rat:
                        s = "RAT";
                        s += std::to_string(r.bank);
                        break;
                    case ms::rat_return:
                        s = "RET";
                        s += std::to_string(r.bank);
                        break;
                    case ms::gds: s = "GDS"; break;
                    case ms::ordered_count: s = "ORDERED"; break;
                    case ms::tf: s = "TF"; break;
                    case ms::gws: s = "GWS"; break;
                }
        }
        s += '[';
        s += std::to_string(r.index);
        s += ']';
        return s;
    }
    // Every memory dword written (scratch per lane; a ring or stream buffer per writer), the
    // nonzero LDS dwords, then the emits and fetches by their number in the lane.
    static void written_memory(const machine& m, std::vector<reg>& out) {
        std::map<std::tuple<exec::memory_space, std::uint32_t, std::uint32_t, std::uint32_t, std::size_t>, reg> dwords;
        for (const exec::memory_record& w : m.env.memory) {
            const exec::memory_space space = w.space();
            const bool own = space == exec::memory_space::scratch,
                       by_op = space == exec::memory_space::stream || space == exec::memory_space::ring;
            const reg r{kind::memory, w.id, w.address, 1, false, space, w.op, w.lane, w.value};
            dwords[{space, w.id, by_op ? static_cast<std::uint32_t>(w.op) : 0u, w.address, own ? w.lane : 0u}] = r;
        }
        for (const auto& [key, r] : dwords) out.push_back(r);
        for (std::uint32_t a = 0; a + 4 <= m.env.lds.size(); a += 4)
            if (m.env.lds_load(a, 4) != 0) out.push_back(reg{kind::lds, 0, a, 1, false});
        const std::size_t emits = ctisa::exec::most_of_one_lane(m.env.gs_events), fetches = ctisa::exec::most_of_one_lane(m.env.fetches);
        for (std::uint32_t k = 0; k < emits; ++k) out.push_back(reg{kind::emitted, 0, k, 2, false});
        for (std::uint32_t k = 0; k < fetches; ++k) out.push_back(reg{kind::fetched, 0, k, 4, false});
    }
};

}  // namespace ctisa::cayman
