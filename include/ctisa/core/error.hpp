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
// When a rule is broken during constant evaluation, ctisa calls the non-constexpr function
// ctisa::diagnostic::error with the kind (and, for text, the line and column) as template
// arguments, so that the compiler's message names them:
//   GCC:   call to non-'constexpr' function 'void ctisa::diagnostic::error() [with const
//          ctisa::error_kind& kind = ctisa::errors::unknown_mnemonic; unsigned int line = 3; ...
//   Clang: non-constexpr function 'error<ctisa::errors::unknown_mnemonic, 3U, 5U>' cannot be used ...
#pragma once

#include <cstdint>
#include <string_view>

namespace ctisa {

struct error_kind {
    std::string_view name;
    std::string_view message;
    void (*raise)() noexcept;  // diagnostic::error<this kind>: the compile error (see diagnostic)
};

namespace diagnostic {

// Deliberately not constexpr: reaching it during constant evaluation is the compile error, and
// its template arguments are the message.
template <const error_kind& kind, unsigned line = 0, unsigned column = 0>
inline void error() noexcept {}

}  // namespace diagnostic

}  // namespace ctisa

// Declares the error kind `name` (an identifier: its name too) in the current namespace.
#define CTISA_ERROR_KIND(name, message) \
    inline constexpr ::ctisa::error_kind name { #name, message, &::ctisa::diagnostic::error<name> }

// X(name, message): the general kinds, grouped by where they arise.
#define CTISA_GENERAL_ERROR_KINDS(X)                                                             \
    /* text */                                                                                   \
    X(unexpected_character, "unexpected character")                                              \
    X(unexpected_end_of_line, "unexpected end of line")                                          \
    X(trailing_characters, "unexpected characters at the end of the instruction")                \
    X(unknown_mnemonic, "unknown mnemonic")                                                      \
    X(unknown_modifier, "unknown or misplaced instruction modifier")                             \
    X(duplicate_modifier, "modifier given twice")                                                \
    X(conflicting_modifiers, "modifiers that exclude each other")                                \
    X(missing_modifier, "a required instruction modifier is missing")                            \
    X(expected_comma, "expected ',' between operands")                                           \
    X(missing_operand, "missing operand")                                                        \
    X(too_many_operands, "too many operands")                                                    \
    X(expected_register, "expected a register")                                                  \
    X(unknown_register, "unknown register name")                                                 \
    X(expected_number, "expected a number")                                                      \
    X(number_out_of_range, "number out of range")                                                \
    X(bad_swizzle, "invalid swizzle")                                                            \
    X(bad_write_mask, "invalid write mask")                                                      \
    X(bad_relative_address, "invalid relative address")                                          \
    X(unbalanced_bars, "'|' without its closing '|'")                                            \
    X(program_too_long, "program longer than the assembler's capacity")                          \
    X(missing_terminator, "statement not terminated")                                            \
    /* program context (declarations, labels, structure) */                                     \
    X(undeclared_name, "name used before it is declared")                                        \
    X(duplicate_name, "name declared or defined twice")                                          \
    X(undefined_label, "label used but never defined")                                           \
    X(misplaced_statement, "statement not allowed at this point of the program")                 \
    X(unbalanced_structure, "control-flow structure opened and not closed, or closed and not "   \
                            "opened")                                                           \
    /* operand rules (builders and assemblers) */                                                \
    X(register_out_of_range, "register number out of range for its bank")                        \
    X(wrong_operand_kind, "operand kind not accepted in this slot")                              \
    X(operand_not_allowed, "operand not allowed here")                                           \
    X(operands_conflict, "operands that exclude each other")                                     \
    X(operand_limit, "operands exceed what one instruction can encode")                          \
    X(read_only_bank, "the result is in a read-only register bank")                              \
    X(write_only_bank, "the source is in a write-only register bank")                            \
    X(predicate_required, "a predicate operand is required here")                                \
    X(predicate_not_allowed, "a predicate operand is not allowed here")                          \
    X(modifier_not_allowed, "this instruction does not take that modifier")                      \
    X(value_out_of_range, "value out of range for its field")                                    \
    /* binary */                                                                                 \
    X(truncated, "truncated instruction stream")                                                 \
    X(reserved_opcode, "reserved or undefined opcode")                                           \
    X(reserved_bits_set, "reserved bits are set")                                                \
    X(reserved_value, "reserved or invalid value in a field")                                    \
    X(unused_field_set, "a field the instruction does not use is not in its canonical state")    \
    X(not_canonical, "a form the text cannot express (accepted only when decoding as is)")      \
    X(missing_header, "the program does not start with its header")                             \
    /* execution */                                                                              \
    X(step_limit, "step budget exhausted")                                                       \
    X(not_executable, "instruction cannot be executed by the reference executor")                \
    X(bad_branch_target, "branch target outside the program")                                    \
    X(stack_overflow, "control flow nested deeper than the executor's stack")

namespace ctisa {

namespace errors {
#define CTISA_X(name, message) CTISA_ERROR_KIND(name, message);
CTISA_GENERAL_ERROR_KINDS(CTISA_X)
#undef CTISA_X
}  // namespace errors

// An error's kind, compared by identity; none when it refers to no kind. A structural type, so
// that a compile-time error's kind can be a template argument (diagnostic::raise).
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
[[nodiscard]] constexpr std::string_view message_of(error_code code) noexcept {
    return code.kind ? code.kind->message : "no error";
}

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

// Reaches diagnostic::error for `code`'s kind (no line or column: for errors found while
// evaluating a builder); a no-op for none.
constexpr void raise(error_code code) noexcept {
    if (code.kind) code.kind->raise();
}

// The same with the line and column of a text error, for a `code` known at compile time. (The
// test of `c` keeps this function usable in constant expressions, so that the compiler's first
// error is the call to diagnostic::error.)
template <error_code code, unsigned line, unsigned column>
constexpr void raise(error_code c = code) noexcept {
    if constexpr (code.kind != nullptr)
        if (c.kind) error<*code.kind, line, column>();
}

}  // namespace diagnostic

}  // namespace ctisa
