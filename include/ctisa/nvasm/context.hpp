// SPDX-License-Identifier: MIT
// What the parser knows from the statements before the current one: the stage, declared names,
// labels and calls, open IF/REP blocks, options and geometry declarations seen.
#pragma once

#include <cstdint>
#include <utility>
#include <string_view>

#include "../core/static_vector.hpp"
#include "../core/text/cursor.hpp"
#include "statement.hpp"

namespace ctisa::nvasm {

enum class variable_class : std::uint8_t { temp, param, attrib, output, buffer };

struct context {
    struct variable {
        name_text name{};
        variable_class kind = variable_class::temp;
        std::int32_t array_size = -1;  // -1: not an array
        data_type type = data_type::none;  // INT, UINT, FLOAT; none: typeless
    };
    struct call {
        std::string_view label{};  // in the source
        text::position at{};
    };
    struct block {
        opcode opener = opcode::none;  // IF or REP
        bool has_else = false;
        bool counted = false;  // REP with a loop count
        bool exits = false;    // REP with a BRK at its level, or a RET inside
    };

    nvasm::stage stage = nvasm::stage::vertex;
    bool have_header = false;
    bool body_started = false;  // a statement other than OPTION or a geometry declaration was seen
    bool ended = false;
    std::uint16_t options_seen = 0;  // bit per options[] entry
    std::uint8_t geometry_decls = 0;  // bit per PRIMITIVE_IN, PRIMITIVE_OUT, VERTICES_OUT
    std::uint32_t statements = 0;
    static_vector<variable, 128> variables;
    static_vector<name_text, 64> labels;
    static_vector<call, 64> calls;
    static_vector<block, 32> blocks;
    static_vector<std::pair<std::uint32_t, texture_target>, 32> texture_units;  // unit -> the target it is used with

    [[nodiscard]] constexpr std::uint8_t stage_mask() const noexcept {
        for (const auto& h : headers)
            if (h.stage == stage) return h.bit;
        return 0;
    }
    [[nodiscard]] constexpr const variable* find(std::string_view name) const noexcept {
        for (const auto& v : variables)
            if (v.name.view() == name) return &v;
        return nullptr;
    }
    [[nodiscard]] constexpr bool has_option(std::string_view name) const noexcept {
        for (std::size_t i = 0; i < options.size(); ++i)
            if (options[i].name == name) return (options_seen & (1u << i)) != 0;
        return false;
    }
    [[nodiscard]] constexpr bool has_label(std::string_view name) const noexcept {
        for (const auto& l : labels)
            if (l.view() == name) return true;
        return false;
    }
};

}  // namespace ctisa::nvasm
