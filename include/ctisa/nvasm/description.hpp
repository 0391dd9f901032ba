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

[[nodiscard]] constexpr const texture_target_info* find_texture_target(std::string_view name) noexcept {
    for (const auto& t : texture_targets)
        if (t.name == name) return &t;
    return nullptr;
}

[[nodiscard]] constexpr const modifier_info* find_modifier(std::string_view name) noexcept {
    for (const auto& m : modifiers)
        if (m.name == name) return &m;
    return nullptr;
}

[[nodiscard]] constexpr const declaration_info* find_declaration(std::string_view keyword) noexcept {
    for (const auto& d : declarations)
        if (d.keyword == keyword) return &d;
    return nullptr;
}

[[nodiscard]] constexpr const header_info* find_header(std::string_view text) noexcept {
    for (const auto& h : headers)
        if (h.text == text) return &h;
    return nullptr;
}

}  // namespace ctisa::nvasm
