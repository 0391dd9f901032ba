// SPDX-License-Identifier: MIT
// What `ctisa run attila` needs beyond the generic driver (examples/ctisa/run.hpp): the names of
// ATTILA's registers in an inputs file and how to set and read them on the reference executor.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <ctisa/attila/executor.hpp>
#include <ctisa/attila/isa.hpp>

#include "../run_adapter.hpp"

namespace ctisa::attila {

struct run_adapter {
    using isa = attila::isa;
    using machine = exec::machine<256>;
    static constexpr std::size_t default_lanes = 1;
    static constexpr bool decimal_integers = false;  // registers hold float vectors: "2" means 2.0
    static constexpr std::string_view names = "a register: i, o, c, r (or t), a or p and its number";
    static constexpr std::string_view help =
        "ATTILA: NAME is i3, c10 (constants: shared, LANE must be *), r5 (or t5: temporaries), a0,\n"
        "o2, or p2 (a predicate: X nonzero sets it); each takes four values X Y Z W, decimal floats or\n"
        "0x bit patterns. Output: the o registers the program writes. A program ends at END, after an\n"
        "instruction with the end flag, or after its last instruction; KIL and CMPKIL kill lanes.\n"
        "Textures: the default sampler returns its coordinates (TXP's divided by w); LDA reads zeros.\n";

    struct reg {
        bank b = bank::invalid;  // invalid: a predicate
        char letter = 0;
        unsigned index = 0;
        unsigned words = 4;
        bool shared = false;
    };

    static std::optional<reg> parse_name(std::string_view name) {
        static constexpr ctisa_tool::numbered_kind<bank> kinds[] = {{"i", bank::in, register_count},      {"o", bank::out, register_count},
                                                                    {"c", bank::param, constant_count},   {"r", bank::temp, register_count},
                                                                    {"t", bank::temp, register_count},    {"a", bank::addr, register_count},
                                                                    {"p", bank::invalid, predicate_count}};
        const auto n = ctisa_tool::find_numbered(name, kinds);
        if (!n) return std::nullopt;
        const bank b = n->row->kind;
        return reg{b, b == bank::temp ? 'r' : n->row->prefix[0], n->number, 4, b == bank::param};
    }
    static std::string name_of(const reg& r) { return ctisa_tool::numbered_text(std::string_view(&r.letter, 1), r.index); }

    // Shared registers (constants) are set once, whatever the lane.
    static void set(machine& m, const reg& r, std::size_t lane, std::span<const std::uint32_t> v) {
        if (r.b == bank::invalid) return m.set_predicate(r.index, lane, (v[0] & 0x7FFFFFFFu) != 0);  // -0.0 is false
        m.set(r.b, r.index, lane, std::array<std::uint32_t, 4>{v[0], v[1], v[2], v[3]});
    }
    static std::array<std::uint32_t, 4> read(const machine& m, const reg& r, std::size_t lane) {
        if (r.b == bank::invalid) return {m.predicate(r.index, lane) ? 1u : 0u, 0, 0, 0};
        return m.read(r.b, r.index, lane);
    }
    static std::vector<reg> written(const machine& m) {
        std::vector<reg> out;
        for (const unsigned o : m.outputs_written()) out.push_back(reg{bank::out, 'o', o, 4, false});
        return out;
    }
    static bool killed(const machine& m, std::size_t lane) { return m.killed(lane); }
};

}  // namespace ctisa::attila
