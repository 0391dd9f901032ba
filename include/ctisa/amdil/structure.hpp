// SPDX-License-Identifier: MIT
// The order of a shader's statements, as section 4.1 requires it ('The shader must begin with a
// Language token immediately followed by a Version token', 'There can be only one END instruction',
// 'The END instruction must be the last instruction in the shader') with 7.19's exception: macro
// definitions (mdef ... mend) precede the language token.
//
// A text with a header is a program; one without is a fragment (a few statements to assemble or to
// test, `mov r0, r1`), which only the END rule binds. 4.1 does not say a shader must have an END, only
// that there is at most one and that it comes last; so a program without END is accepted (the
// decoder takes every binary to its last dword, and real streams end with END anyway).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "../core/result.hpp"
#include "description.hpp"
#include "instruction.hpp"

namespace ctisa::amdil {

// The opcode of a unit's packet (past a _prec prefix), or unknown for the header.
[[nodiscard]] constexpr opcode packet_opcode(const instruction& in) noexcept {
    if (in.header || in.size == 0) return opcode::unknown;
    const std::uint32_t first = prec_mask(in.words[0]) != 0 && in.size > 1 ? in.words[1] : in.words[0];
    const std::uint32_t code = first & 0xFFFFu;
    return is_defined(code) ? static_cast<opcode>(code) : opcode::unknown;
}

inline constexpr std::string_view after_end = "a statement after END";
inline constexpr std::string_view header_not_first = "the header after statements other than macro definitions";

// The first statement out of order, as an error whose offset is its index (the engine places it at
// the statement's line and column): a header after anything but macro definitions, or a second
// header; a statement after END.
[[nodiscard]] constexpr error check_structure(std::span<const instruction> program) noexcept {
    bool in_macro = false, before_header = true, ended = false;
    for (std::size_t i = 0; i < program.size(); ++i) {
        const auto at = [&](std::string_view why) { return error{error_code::misplaced_statement, 0, 0, static_cast<std::uint32_t>(i), why}; };
        if (ended) return at(after_end);
        const opcode op = packet_opcode(program[i]);
        if (program[i].header) {
            if (!before_header || in_macro) return at(header_not_first);
            before_header = false;
            continue;
        }
        // Before the header only macro definitions stand, and an END in one is the macro's own; as the
        // decoder, ctisa follows mdef ... mend only there (after the header they are plain packets).
        const bool macro_body = before_header && in_macro;
        if (before_header && !in_macro && op != opcode::macrodef) before_header = false;  // a fragment, or a header missing
        if (before_header && op == opcode::macrodef) in_macro = true;
        else if (before_header && op == opcode::macroend) in_macro = false;
        ended = op == opcode::end && !macro_body;
    }
    return {};
}

}  // namespace ctisa::amdil
