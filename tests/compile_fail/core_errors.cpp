// SPDX-License-Identifier: MIT
// An error kind declared outside ctisa (as an ISA declares its own) is named by the compile error
// with its message, like the general kinds, when a rule is broken in constant evaluation. GCC's
// first error names them; Clang's first is that the expression is not constant, and its next
// line (a note) names them. (A wrong text for the compile-time assembler: *_assembler.cpp.)
// The expectations avoid ';' and brackets: CMake would split them as lists.
// case 1 expect: toy_isa::errors::lanes_disagree
// case 1 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = toy_isa::errors::lanes_disagree.*"the lanes of a toy instruction disagree"
// case 1 first-clang: core_errors\.cpp:28:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 2 expect: ctisa::errors::value_out_of_range
// case 2 first-gcc: rule_broken.*kind = ctisa::errors::value_out_of_range.*"value out of range for its field"
// case 2 first-clang: core_errors\.cpp:30:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
#include <ctisa/core/builder.hpp>
#include <ctisa/core/error.hpp>

namespace toy_isa::errors {
CTISA_ERROR_KIND(lanes_disagree, "the lanes of a toy instruction disagree");
}  // namespace toy_isa::errors

// What a builder does with a value error.
constexpr bool value_error(ctisa::error_code code) {
    ctisa::report(ctisa::error{code});
    return true;
}

static_assert(value_error(ctisa::error_code::none));
#if CTISA_CASE == 1
constexpr bool bad = value_error(toy_isa::errors::lanes_disagree);
#elif CTISA_CASE == 2
constexpr bool bad = value_error(ctisa::error_code::value_out_of_range);
#endif
