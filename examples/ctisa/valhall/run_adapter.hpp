// SPDX-License-Identifier: MIT
// What `ctisa run valhall` needs beyond the generic driver (examples/ctisa/run.hpp): the names of
// Valhall's registers in an inputs file and how to set and read them on the reference executor.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <ctisa/valhall/executor.hpp>
#include <ctisa/valhall/isa.hpp>

#include "../run_adapter.hpp"

namespace ctisa::valhall {

struct run_adapter {
    using isa = valhall::isa;
    using machine = exec::machine<256>;
    static constexpr std::size_t default_lanes = 16;  // a Valhall warp
    static constexpr bool decimal_integers = true;  // registers are untyped: "7" means the integer 7
    static constexpr std::string_view names = "a register r0-r63 or a uniform u0-u63";
    static constexpr std::string_view help =
        "Valhall (Mesa's syntax): NAME is r0-r63, or u0-u63 (uniforms: shared, LANE must be *); each\n"
        "takes one value: a 0x bit pattern, a decimal integer (negative ones as two's complement) or a\n"
        "decimal float (1.5, -2e3, inf). Output: every register the program writes (as a destination,\n"
        "a register pair or a staging register). A program ends after its last instruction, or where\n"
        "the return action ends its lanes.\n"
        "Special values: lane_id is the lane modulo 16, program_counter 8 x the instruction's index, the\n"
        "others 0. Memory reads zeros, stores are dropped, textures return their coordinates, varyings\n"
        "zeros (see generators/specs/valhall_execution.toml for the semantics).\n";

    struct reg {
        bool uniform = false;
        unsigned index = 0;
        unsigned words = 1;
        bool shared = false;
    };

    static std::optional<reg> parse_name(std::string_view name) {
        static constexpr ctisa_tool::numbered_kind<bool> kinds[] = {{"r", false, register_count}, {"u", true, uniform_count}};
        const auto n = ctisa_tool::find_numbered(name, kinds);
        if (!n) return std::nullopt;
        return reg{n->row->kind, n->number, 1, n->row->kind};
    }
    static std::string name_of(const reg& r) { return ctisa_tool::numbered_text(r.uniform ? "u" : "r", r.index); }

    // Shared registers (uniforms) are set once, whatever the lane.
    static void set(machine& m, const reg& r, std::size_t lane, std::span<const std::uint32_t> v) {
        if (r.uniform) return m.set_uniform(r.index, v[0]);
        m.set(r.index, lane, v[0]);
    }
    static std::array<std::uint32_t, 4> read(const machine& m, const reg& r, std::size_t lane) {
        return {r.uniform ? m.uniform(r.index) : m.read(r.index, lane), 0, 0, 0};
    }
    static std::vector<reg> written(const machine& m) {
        std::vector<reg> out;
        for (const unsigned r : m.registers_written()) out.push_back(reg{false, r, 1, false});
        return out;
    }
};

}  // namespace ctisa::valhall
