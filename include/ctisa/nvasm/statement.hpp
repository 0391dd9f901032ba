// SPDX-License-Identifier: MIT
// One statement of an NV_gpu_program4-family program, as the parser produces it and the printer
// writes it: a plain value (fixed-size text for names and references, no pointers into the
// source), so that a program can be parsed, compared and printed in constant evaluation.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "description.hpp"

namespace ctisa::nvasm {

// Text of at most N characters, held by value: a name or the canonical text of a reference
// ("R0", "c[A.x + 2]", "vertex[0].texcoord[1]", "state.matrix.mvp.row[0]", "{1, 0}", "0.0625").
template <std::size_t N>
struct fixed_text {
    std::array<char, N> chars{};
    std::uint8_t size = 0;

    [[nodiscard]] constexpr std::string_view view() const noexcept { return {chars.data(), size}; }
    [[nodiscard]] constexpr bool empty() const noexcept { return size == 0; }
    // False (and nothing kept of s) when s does not fit.
    [[nodiscard]] constexpr bool append(std::string_view s) noexcept {
        if (size + s.size() > N) return false;
        for (char c : s) chars[size++] = c;
        return true;
    }
    friend constexpr bool operator==(const fixed_text& a, const fixed_text& b) noexcept { return a.view() == b.view(); }
};

inline constexpr std::size_t max_name = 48;       // identifiers
inline constexpr std::size_t max_reference = 64;  // one operand's variable or binding text
// A declaration's names ("R0, R1, ..., lmem[75]": cgc declares every register in one TEMP) and
// its initializer list: as long as fixed_text counts (its size is one byte).
inline constexpr std::size_t max_name_list = 255;
inline constexpr std::size_t max_initializer = 255;

using name_text = fixed_text<max_name>;
using reference_text = fixed_text<max_reference>;

enum class statement_kind : std::uint8_t { none, header, option, declaration, instruction, label, end };

// A component selection: four selectors (0-3 = x-w); count 0: none written, 1: one component
// (a scalar suffix, or replicated), 4: all four.
struct swizzle {
    std::array<std::uint8_t, 4> select{0, 1, 2, 3};
    std::uint8_t count = 0;
    friend constexpr bool operator==(const swizzle&, const swizzle&) = default;
};

enum class precision : std::uint8_t { none, r, h };  // opcode suffixes R and H (Table X.15)
enum class cc_update : std::uint8_t { none, cc0, cc1 };
enum class clamp : std::uint8_t { none, sat, ssat };
enum class multiply_mode : std::uint8_t { none, s24, u24, hi };

// A condition-code test: "NE.x", "GT1.xyzw".
struct cc_test {
    cc_rule rule = cc_rule::eq;
    std::uint8_t reg = 0;  // CC0 or CC1
    nvasm::swizzle swizzle{};
    bool present = false;
    friend constexpr bool operator==(const cc_test&, const cc_test&) = default;
};

enum class operand_kind : std::uint8_t { none, variable, binding, constant };

// A source operand: [-|+] [| [-|+]] reference [swizzle] [|] (<instOperandAbsV>: a sign outside
// the bars, <operandAbsNeg>, and one inside, <operandNeg>).
struct operand {
    operand_kind kind = operand_kind::none;
    bool negate = false;
    bool absolute = false;
    reference_text ref{};  // canonical text of the variable, binding or constant
    nvasm::swizzle swizzle{};
    bool negate_inside = false;  // "|-x|": negated before the absolute value is taken
    friend constexpr bool operator==(const operand&, const operand&) = default;
};

// The destination: a temporary, a result binding or an OUTPUT name; its write mask (bits x=1,
// y=2, z=4, w=8; 0: none written) and an optional condition-code write mask.
struct result_operand {
    operand_kind kind = operand_kind::none;
    reference_text ref{};
    std::uint8_t mask = 0;
    cc_test cc{};
    friend constexpr bool operator==(const result_operand&, const result_operand&) = default;
};

// One component of SWZ's extended swizzle: sign and selector (0-3 x-w, 4 the constant 0, 5 the constant 1).
struct ext_component {
    bool negate = false;
    std::uint8_t select = 0;
    friend constexpr bool operator==(const ext_component&, const ext_component&) = default;
};

struct texture_access {
    std::uint32_t unit = 0;
    bool unit_written = false;  // "texture[0]" rather than "texture"
    texture_target target = texture_target::none;
    std::array<std::int8_t, 3> offset{};
    std::uint8_t offset_count = 0;
    friend constexpr bool operator==(const texture_access&, const texture_access&) = default;
};

struct instruction_part {
    opcode code = opcode::none;
    nvasm::precision precision = precision::none;
    data_type type = data_type::none;  // as written (none: the default of the instruction)
    cc_update cc = cc_update::none;
    nvasm::clamp clamp = clamp::none;
    multiply_mode multiply = multiply_mode::none;
    bool ntc = false;
    result_operand result{};
    std::array<operand, 3> sources{};
    std::uint8_t source_count = 0;
    std::array<ext_component, 4> extended{};  // SWZ
    texture_access texture{};
    cc_test test{};  // IF, KIL's test, the optional mask of CAL, RET, BRK, CONT
    friend constexpr bool operator==(const instruction_part&, const instruction_part&) = default;
};

// Variable modifiers of a declaration, as bits (variable_modifier order).
struct declaration_part {
    nvasm::declaration keyword = nvasm::declaration::temp;
    std::uint8_t modifiers = 0;
    fixed_text<max_name_list> name{};  // the declared name (TEMP: the names, ", "-separated, an array's with "[n]")
    std::int32_t array_size = -1;    // -1: no [], 0: "[]", n: "[n]"
    bool list = false;               // the initializer is a "{ ... }" list
    fixed_text<max_initializer> init{};  // canonical text of what follows "=" (or the argument)
    friend constexpr bool operator==(const declaration_part&, const declaration_part&) = default;
};

struct instruction {
    statement_kind kind = statement_kind::none;
    nvasm::stage stage = nvasm::stage::vertex;  // header
    instruction_part op{};
    declaration_part decl{};
    name_text label{};  // a label statement's name, CAL's target
    friend constexpr bool operator==(const instruction&, const instruction&) = default;
};

}  // namespace ctisa::nvasm
