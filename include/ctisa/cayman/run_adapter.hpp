// SPDX-License-Identifier: MIT
// What `ctisa run cayman` needs beyond the generic driver (examples/ctisa/run.hpp): Cayman's names
// in an inputs file (R3, CB0[5], B1, I2) and outputs (the GPRs the program writes, its exports
// POS0, PARAM1, PIXEL0), on a machine that lays the statements out and runs the image.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../core/text/names.hpp"
#include "executor.hpp"
#include "isa.hpp"

namespace ctisa::cayman {

// The executor's machine for statements (the text's units or a decoded image): laid out with
// layout(), flattened into items; its run keeps the environment (constants set from the inputs,
// the exports the program made).
class run_machine : public exec::machine<256> {
public:
    run_machine(std::span<const statement> program, std::size_t lanes) : exec::machine<256>(items_of(program), lanes) {}

    exec::environment env;
    ctisa::exec::run_status run(std::uint64_t steps) {
        env.exports.clear();
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
        "instruction writes, then every export (POS60, PARAM0, PIXEL0: the elements not exported are\n"
        "0), or 'LANE killed'. Kcache constants come from the CF_ALU locks; unset constants, booleans\n"
        "and loop constants are zero; the LDS starts as zeros. Fetch clauses, RAT writes, interpolation\n"
        "and the few other opcodes `ctisa doc cayman` marks stop the run with 'instruction cannot be\n"
        "executed'.\n";

    enum class kind : std::uint8_t { gpr, constant, boolean, loop, exported };
    struct reg {
        kind k = kind::gpr;
        std::uint32_t bank = 0;  // constant: the buffer; exported: the export TYPE
        std::uint32_t index = 0;
        unsigned words = 4;
        bool shared = false;
    };

    static std::optional<reg> parse_name(std::string_view name) {
        if (const auto n = text::numbered_name(name, "R"); n && *n < 128) return reg{kind::gpr, 0, *n, 4, false};
        if (const auto n = text::numbered_name(name, "B"); n && *n < 32) return reg{kind::boolean, 0, *n, 1, true};
        if (const auto n = text::numbered_name(name, "I"); n && *n < 32) return reg{kind::loop, 0, *n, 4, true};
        // CB<buffer>[<index>], CB in capitals only
        const auto cb = name.starts_with("CB") ? text::indexed_name(name, "CB") : std::nullopt;
        if (!cb || cb->number >= 16 || cb->element >= 4096) return std::nullopt;
        return reg{kind::constant, cb->number, cb->element, 4, true};
    }
    static std::string name_of(const reg& r) {
        static constexpr std::string_view exports[] = {"PIXEL", "POS", "PARAM", "MEM"};
        std::string s;  // appended, not "R" + ...: GCC 12 warns (-Wrestrict) on that operator+
        switch (r.k) {
            case kind::gpr: s = "R"; break;
            case kind::constant: s = "CB"; break;
            case kind::boolean: s = "B"; break;
            case kind::loop: s = "I"; break;
            case kind::exported: s = exports[r.bank & 3]; break;
        }
        if (r.k == kind::constant) {
            s += std::to_string(r.bank);
            s += '[';
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
            case kind::exported: break;
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
            case kind::exported:
                for (const exec::export_record& e : m.env.exports)
                    if (e.type == r.bank && e.index == r.index && e.lane == lane) return e.value;
                return {};
        }
        return {};
    }
    // The GPRs ALU instructions and fetches write (their DST_GPR: relative writes name their base),
    // then the exports made, by TYPE and index.
    static std::vector<reg> written(const machine& m) {
        std::set<std::uint32_t> gprs;
        for (std::size_t i = 0; i < m.program().size(); ++i) {
            const exec::descriptor& d = m.descriptor_at(i);
            if (d.kind == exec::item_kind::fetch && d.fetch.writes) gprs.insert(d.fetch.dst_gpr);
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
        return out;
    }
    static bool killed(const machine& m, std::size_t lane) { return m.state().killed[lane] != 0; }
};

}  // namespace ctisa::cayman
