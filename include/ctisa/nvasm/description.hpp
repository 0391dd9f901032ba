// SPDX-License-Identifier: MIT
// The NV_gpu_program4 family as tables (generated from generators/specs/nvasm.toml), and lookups
// that keep the language's case-sensitivity.
#pragma once

#include <optional>
#include <string_view>

#include "generated/language.hpp"
#include "generated/opcodes.hpp"

namespace ctisa::nvasm {

// The instruction named exactly `name` (names are case-sensitive: "mov" is none).
[[nodiscard]] constexpr std::optional<opcode> find_opcode(std::string_view name) noexcept {
    const auto code = find_by_name(mnemonics, name);
    if (!code || info(*code).mnemonic != name) return std::nullopt;
    return code;
}

[[nodiscard]] constexpr std::string_view grammar_class_name(grammar_class c) noexcept {
    return grammar_class_names[static_cast<std::size_t>(c)];
}

// A condition-code test spelled exactly `name` ("EQ", "EQ0", "EQ1", ...).
[[nodiscard]] constexpr std::optional<cc_spelling> find_cc_test(std::string_view name) noexcept {
    for (const auto& [spelling, test] : cc_spellings)
        if (spelling == name) return test;
    return std::nullopt;
}

// The entry of `table` whose `key` member is exactly `name`, or null.
template <class Entry, std::size_t N>
[[nodiscard]] constexpr const Entry* find_named(const std::array<Entry, N>& table, std::string_view Entry::* key,
                                                std::string_view name) noexcept {
    for (const auto& e : table)
        if (e.*key == name) return &e;
    return nullptr;
}

[[nodiscard]] constexpr const texture_target_info* find_texture_target(std::string_view name) noexcept {
    return find_named(texture_targets, &texture_target_info::name, name);
}
[[nodiscard]] constexpr const modifier_info* find_modifier(std::string_view name) noexcept {
    return find_named(modifiers, &modifier_info::name, name);
}
[[nodiscard]] constexpr const declaration_info* find_declaration(std::string_view keyword) noexcept {
    return find_named(declarations, &declaration_info::keyword, keyword);
}
[[nodiscard]] constexpr const header_info* find_header(std::string_view text) noexcept { return find_named(headers, &header_info::text, text); }
[[nodiscard]] constexpr const variable_modifier_info* find_variable_modifier(std::string_view name) noexcept {
    return find_named(variable_modifiers, &variable_modifier_info::name, name);
}

}  // namespace ctisa::nvasm
