// SPDX-License-Identifier: MIT
// ctisa's error vocabulary: what went wrong, and where (text position or bit field).
//
// An error kind is a constexpr object with a name and a message; an error refers to its kind. The
// kinds here are general, for every ISA ("value out of range", "operand not allowed here"); an ISA
// declares the kinds only it needs in its own folder and namespace:
//   namespace ctisa::valhall::errors {
//   CTISA_ERROR_KIND(uniform_slot_conflict, "an instruction reads at most one 64-bit uniform slot");
//   }
//   return error{errors::uniform_slot_conflict, line, column};
// The general kinds are also spelled error_code::truncated, ... (ctisa::errors::truncated).
//
// When a builder's rule is broken during constant evaluation, ctisa calls the non-constexpr
// function ctisa::diagnostic::rule_broken with the kind and its message as template arguments, so
// that the compiler's message names them:
//   GCC:   error: call to non-'constexpr' function 'void ctisa::diagnostic::rule_broken() [with
//          const ctisa::error_kind& kind = ctisa::errors::register_out_of_range; ... message =
//          ctisa::fixed_string<42>{"register number out of range for its bank"}]'
//   Clang: error: constexpr variable 'x' must be initialized by a constant expression
//          note: non-constexpr function 'rule_broken<ctisa::errors::register_out_of_range, ...>'
// (Clang's first line cannot name it: the failure is found while evaluating run-time values.)
// A wrong source given to the compile-time assembler is a type instead: assembly_error, below.
#pragma once

#include <cstdint>
#include <string_view>

#include "fixed_string.hpp"

namespace ctisa {

struct error_kind {
    std::string_view name;
    std::string_view message;
    void (*raise)() noexcept;  // diagnostic::rule_broken<this kind>: the compile error (see above)
};

namespace diagnostic {

// Deliberately not constexpr: reaching it during constant evaluation is the compile error, and
// its template arguments are the message.
template <const error_kind& kind, fixed_string message>
inline void rule_broken() noexcept {}

}  // namespace diagnostic

}  // namespace ctisa

// Declares the error kind `name` (an identifier: its name too) in the current namespace.
#define CTISA_ERROR_KIND(name, message) \
    inline constexpr ::ctisa::error_kind name { #name, message, &::ctisa::diagnostic::rule_broken<name, message> }

// X(name, message): the general kinds, grouped by where they arise.
#define CTISA_GENERAL_ERROR_KINDS(X)                                                          \
    /* text */                                                                                \
    X(unexpected_character, "unexpected character")                                           \
    X(unexpected_end_of_line, "unexpected end of line")                                       \
    X(trailing_characters, "unexpected characters at the end of the instruction")             \
    X(unknown_mnemonic, "unknown mnemonic")                                                   \
    X(unknown_modifier, "unknown or misplaced instruction modifier")                          \
    X(duplicate_modifier, "modifier given twice")                                             \
    X(conflicting_modifiers, "modifiers that exclude each other")                             \
    X(missing_modifier, "a required instruction modifier is missing")                         \
    X(expected_comma, "expected ',' between operands")                                        \
    X(missing_operand, "missing operand")                                                     \
    X(too_many_operands, "too many operands")                                                 \
    X(expected_register, "expected a register")                                               \
    X(unknown_register, "unknown register name")                                              \
    X(expected_number, "expected a number")                                                   \
    X(number_out_of_range, "number out of range")                                             \
    X(bad_swizzle, "invalid swizzle")                                                         \
    X(bad_write_mask, "invalid write mask")                                                   \
    X(bad_relative_address, "invalid relative address")                                       \
    X(unbalanced_bars, "'|' without its closing '|'")                                         \
    X(program_too_long, "program longer than the assembler's capacity")                       \
    X(missing_terminator, "statement not terminated")                                         \
    X(unterminated_comment, "comment opened with /* and never closed")                        \
    /* program context (declarations, labels, structure) */                                   \
    X(undeclared_name, "name used before it is declared")                                     \
    X(duplicate_name, "name declared or defined twice")                                       \
    X(undefined_label, "label used but never defined")                                        \
    X(misplaced_statement, "statement not allowed at this point of the program")              \
    X(unbalanced_structure,                                                                   \
      "control-flow structure opened and not closed, or closed and not "                      \
      "opened")                                                                               \
    /* operand rules (builders and assemblers) */                                             \
    X(register_out_of_range, "register number out of range for its bank")                     \
    X(wrong_operand_kind, "operand kind not accepted in this slot")                           \
    X(operand_not_allowed, "operand not allowed here")                                        \
    X(operands_conflict, "operands that exclude each other")                                  \
    X(operand_limit, "operands exceed what one instruction can encode")                       \
    X(read_only_bank, "the result is in a read-only register bank")                           \
    X(write_only_bank, "the source is in a write-only register bank")                         \
    X(predicate_required, "a predicate operand is required here")                             \
    X(predicate_not_allowed, "a predicate operand is not allowed here")                       \
    X(modifier_not_allowed, "this instruction does not take that modifier")                   \
    X(value_out_of_range, "value out of range for its field")                                 \
    /* binary */                                                                              \
    X(truncated, "truncated instruction stream")                                              \
    X(reserved_opcode, "reserved or undefined opcode")                                        \
    X(reserved_bits_set, "reserved bits are set")                                             \
    X(reserved_value, "reserved or invalid value in a field")                                 \
    X(unused_field_set, "a field the instruction does not use is not in its canonical state") \
    X(not_canonical, "a form the text cannot express (accepted only when decoding as is)")    \
    X(missing_header, "the program does not start with its header")                           \
    /* execution */                                                                           \
    X(step_limit, "step budget exhausted")                                                    \
    X(not_executable, "instruction cannot be executed by the reference executor")             \
    X(bad_branch_target, "branch target outside the program")                                 \
    X(stack_overflow, "control flow nested deeper than the executor's stack")

namespace ctisa {

namespace errors {
#define CTISA_X(name, message) CTISA_ERROR_KIND(name, message);
CTISA_GENERAL_ERROR_KINDS(CTISA_X)
#undef CTISA_X
}  // namespace errors

// An error's kind, compared by identity; none when it refers to no kind. A structural type, so
// that a compile-time error's kind can be a template argument.
struct error_code {
    const error_kind* kind = nullptr;

    constexpr error_code() noexcept = default;
    constexpr error_code(const error_kind& k) noexcept : kind(&k) {}  // NOLINT: implicit by design
    friend constexpr bool operator==(error_code, error_code) noexcept = default;

    static const error_code none;
#define CTISA_X(name, message) static const error_code name;
    CTISA_GENERAL_ERROR_KINDS(CTISA_X)
#undef CTISA_X
};

inline constexpr error_code error_code::none{};
#define CTISA_X(name, message) inline constexpr error_code error_code::name{errors::name};
CTISA_GENERAL_ERROR_KINDS(CTISA_X)
#undef CTISA_X

[[nodiscard]] constexpr std::string_view name_of(error_code code) noexcept { return code.kind ? code.kind->name : "none"; }
[[nodiscard]] constexpr std::string_view message_of(error_code code) noexcept { return code.kind ? code.kind->message : "no error"; }

// What went wrong and where. Text errors carry a 1-based line and column and the offending
// text; binary errors carry the byte offset of the instruction and the field at fault.
struct error {
    error_code code{};
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::uint32_t offset = 0;
    std::string_view subject{};  // the token or field name the error is about (may be empty)
    // Builders: the operand at fault (1-based, in assembly order; 0: none), what it is
    // ("destination", "source 2"), and the value refused, written after `subject`: "r" and 66
    // for r66 (describe(), error_text.hpp, puts them together).
    std::uint8_t operand = 0;
    std::string_view role{};
    bool has_value = false;
    std::int64_t value = 0;

    [[nodiscard]] constexpr bool failed() const noexcept { return code != error_code::none; }
    [[nodiscard]] constexpr std::string_view message() const noexcept { return message_of(code); }
};

namespace diagnostic {

// Reaches diagnostic::rule_broken for `code`'s kind; a no-op for none.
constexpr void raise(error_code code) noexcept {
    if (code.kind) code.kind->raise();
}

// The compile error of a rejected compile-time assembly (assembler.hpp): never defined, and the
// return type of assemble<...>() for a wrong source, so the call itself is the error, placed by
// the compiler at the call in the user's file. Its template arguments are the message: the kind,
// its message, where in the snippet, and the offending text.
//   GCC:   file.cpp:26:60: error: invalid use of incomplete type 'struct ctisa::diagnostic::
//          assembly_error<ctisa::errors::unknown_mnemonic, ctisa::fixed_string<17>{"unknown
//          mnemonic"}, ctisa::fixed_string<25>{"snippet line 2, column 3"}, ...{"'bogus'"}>'
//   Clang: file.cpp:26:22: error: implicit instantiation of undefined template 'ctisa::...'
// (Strings come in pieces of at most 32 characters: Clang elides longer ones.)
template <const error_kind& kind, fixed_string... text>
struct assembly_error;

}  // namespace diagnostic

}  // namespace ctisa
