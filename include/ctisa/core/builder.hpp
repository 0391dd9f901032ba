// SPDX-License-Identifier: MIT
// The machinery under every ISA's typed builders.
//
// A builder takes its operands as a pack of distinct types. A fold walks them, giving each its
// position as a compile-time constant, so the ISA can check the type against the slot
// at that position with static_asserts that name the broken rule. Values are checked too: in
// constant evaluation a broken rule stops compilation in a function named after it; at run time
// it comes back as the error of the builder's result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

#include "built.hpp"
#include "error.hpp"
#include "result.hpp"

namespace ctisa {

// For static_assert(false) in a template branch (ill-formed only when instantiated).
template <class...>
inline constexpr bool dependent_false = false;

// Calls f(index, operand) for every operand in order, index being a std::integral_constant. A
// pack expansion, not a Hana tuple: Hana's headers were a fifth of the cost of including an ISA.
template <class F, class... Operands>
constexpr void for_each_operand(F&& f, const Operands&... operands) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (f(std::integral_constant<std::size_t, I>{}, operands), ...);
    }(std::index_sequence_for<Operands...>{});
}

// A builder's first failure while placing operands, small on the hot path: the kind, the operand
// (1-based; 0: none), and the refused value with its prefix ("r", 66). The role ("destination")
// is the ISA's to add, on the cold path, when it becomes the error users see (to_error).
struct operand_fault {
    error_code code{};
    std::uint8_t operand = 0;
    bool has_value = false;
    std::int64_t value = 0;
    std::string_view subject{};

    [[nodiscard]] constexpr bool failed() const noexcept { return code != error_code::none; }
    // Keeps the first failure only.
    constexpr void set(error_code c, std::uint8_t at) noexcept {
        if (!failed()) *this = operand_fault{c, at};
    }
    constexpr void set(error_code c, std::uint8_t at, std::string_view prefix, std::int64_t v) noexcept {
        if (!failed()) *this = operand_fault{c, at, true, v, prefix};
    }
    // The same, showing the text the user wrote (a write mask "xq", a swizzle).
    constexpr void set(error_code c, std::uint8_t at, std::string_view text) noexcept {
        if (!failed()) *this = operand_fault{c, at, false, 0, text};
    }
    [[nodiscard]] constexpr error to_error(std::string_view role) const noexcept {
        return error{code, 0, 0, 0, subject, operand, operand != 0 ? role : std::string_view{}, has_value, value};
    }
};

// The error a builder reports, made on its cold path: the placing fault, named with the role the
// ISA gives its operand (role_of(0-based position)), or else what the ISA's validation finds.
template <class RoleOf, class Validate>
[[nodiscard]] constexpr error builder_error(const operand_fault& placed, RoleOf role_of, Validate validate) {
    if (!placed.failed()) return validate();
    return placed.to_error(placed.operand != 0 ? std::string_view{role_of(placed.operand - 1u)} : std::string_view{});
}

// A description's entry for Key (info(Key), found by the ISA's namespace) as a constant of its own:
// read through info(), a reference into the table, a builder loaded its facts at run time and kept
// its loops over them (an opcode's form, an instruction's operand counts).
template <auto Key>
inline constexpr auto info_constant = info(Key);

// Reports a value-level error where it happens: a compile error (naming it) in constant
// evaluation, the returned error otherwise.
constexpr error report(error e) noexcept {
    if (std::is_constant_evaluated() && e.failed()) diagnostic::raise(e.code);
    return e;
}

// A result carrying `value`, or `e` reported as above. The error by reference: by value, each
// builder call copied its 48 bytes through the stack.
template <class T>
constexpr result<T> finish(const T& value, const error& e) noexcept {
    if (e.failed()) return report(e);
    return value;
}

}  // namespace ctisa
