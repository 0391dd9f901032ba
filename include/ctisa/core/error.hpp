// The one error vocabulary of ctisa: what went wrong, and where (text position or bit field).
//
// Every error kind is also a non-constexpr function in ctisa::diagnostic. When a rule is broken
// during constant evaluation, ctisa calls that function, so the compiler's message names the
// rule, and (for text) the line and column as template arguments:
//   error: call to non-'constexpr' function 'void ctisa::diagnostic::unknown_mnemonic()
//          [with unsigned int line = 3; unsigned int column = 5]'
#pragma once

#include <cstdint>
#include <string_view>

// X(name, message). Kinds are grouped by where they arise; the list is shared by every ISA so
// that tools and tests can name an error without knowing which ISA produced it.
#define CTISA_ERROR_KINDS(X)                                                                     \
    /* text */                                                                                   \
    X(unexpected_character, "unexpected character")                                              \
    X(unexpected_end_of_line, "unexpected end of line")                                          \
    X(trailing_characters, "unexpected characters at the end of the instruction")                \
    X(unknown_mnemonic, "unknown mnemonic")                                                      \
    X(unknown_modifier, "unknown or misplaced instruction modifier")                             \
    X(duplicate_modifier, "modifier given twice")                                                \
    X(conflicting_modifiers, "modifiers that exclude each other")                                \
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
    X(missing_modifier, "a required instruction modifier is missing")                            \
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
    X(immediate_not_allowed, "an immediate is allowed only as the second source of an "          \
                             "instruction with one or two sources")                             \
    X(read_only_bank, "the result is in a read-only register bank")                              \
    X(write_only_bank, "the source is in a write-only register bank")                            \
    X(predicate_required, "a predicate operand is required here")                                \
    X(predicate_not_allowed, "a predicate operand is not allowed here")                          \
    X(modifier_not_allowed, "this instruction does not take that modifier")                      \
    X(relative_addressing_not_allowed, "relative addressing needs a constant-bank operand")      \
    X(relative_mismatch, "relative addressing applies to every constant operand of the "         \
                         "instruction: write the same [aK.c + offset] on each")                 \
    X(value_out_of_range, "value out of range for its field")                                    \
    X(operand_limit, "operands exceed what one instruction can encode")                          \
    X(immediate_not_in_table, "value not in the table of inline immediates")                     \
    X(immediate_mode_mismatch, "operand not readable in the instruction's immediate mode")       \
    X(uniform_slot_conflict, "an instruction reads at most one 64-bit uniform slot")             \
    X(special_value_conflict, "an instruction reads at most one special value")                  \
    X(bad_staging_registers, "staging registers must be consecutive, as many as the "            \
                             "instruction takes")                                               \
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

enum class error_code : std::uint8_t {
    none,
#define CTISA_X(name, message) name,
    CTISA_ERROR_KINDS(CTISA_X)
#undef CTISA_X
};

[[nodiscard]] constexpr std::string_view name_of(error_code code) noexcept {
    switch (code) {
        case error_code::none: return "none";
#define CTISA_X(name, message) \
    case error_code::name: return #name;
        CTISA_ERROR_KINDS(CTISA_X)
#undef CTISA_X
    }
    return "unknown";
}

[[nodiscard]] constexpr std::string_view message_of(error_code code) noexcept {
    switch (code) {
        case error_code::none: return "no error";
#define CTISA_X(name, message) \
    case error_code::name: return message;
        CTISA_ERROR_KINDS(CTISA_X)
#undef CTISA_X
    }
    return "unknown error";
}

// What went wrong and where. Text errors carry a 1-based line and column and the offending
// text; binary errors carry the byte offset of the instruction and the field at fault.
struct error {
    error_code code = error_code::none;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::uint32_t offset = 0;
    std::string_view subject{};  // the token or field name the error is about (may be empty)

    [[nodiscard]] constexpr bool failed() const noexcept { return code != error_code::none; }
    [[nodiscard]] constexpr std::string_view message() const noexcept { return message_of(code); }
};

namespace diagnostic {

// The functions below are deliberately not constexpr: reaching one during constant evaluation
// is the compile error, and its name and template arguments are the message.
#define CTISA_X(name, message) \
    template <unsigned line, unsigned column> \
    inline void name() noexcept {}
CTISA_ERROR_KINDS(CTISA_X)
#undef CTISA_X

// Reaches the named function of `code`; a no-op for error_code::none.
template <unsigned line = 0, unsigned column = 0>
constexpr void raise(error_code code) noexcept {
    switch (code) {
        case error_code::none: return;
#define CTISA_X(name, message) \
    case error_code::name: name<line, column>(); return;
        CTISA_ERROR_KINDS(CTISA_X)
#undef CTISA_X
    }
}

}  // namespace diagnostic

}  // namespace ctisa
