// An error kind declared outside ctisa (as an ISA declares its own) is named by the compile error,
// with the line and column of a text error, like the general kinds.
// case 1 expect: toy_isa::errors::lanes_disagree(. unsigned int line = 4. unsigned int column = 7[^0-9]|, 4U, 7U>)
// case 2 expect: toy_isa::errors::lanes_disagree
// case 3 expect: ctisa::errors::value_out_of_range
// The expectations avoid ';' and brackets: CMake would split them as lists.
#include <ctisa/core/builder.hpp>
#include <ctisa/core/error.hpp>

namespace toy_isa::errors {
CTISA_ERROR_KIND(lanes_disagree, "the lanes of a toy instruction disagree");
}  // namespace toy_isa::errors

// What the compile-time assembler does with a text error, and a builder with a value error.
constexpr bool text_error(ctisa::error_code code) {
    if (code == toy_isa::errors::lanes_disagree) ctisa::diagnostic::raise<toy_isa::errors::lanes_disagree, 4, 7>();
    return true;
}
constexpr bool value_error(ctisa::error_code code) {
    ctisa::report(ctisa::error{code});
    return true;
}

static_assert(text_error(ctisa::error_code::none) && value_error(ctisa::error_code::none));
#if CTISA_CASE == 1
static_assert(text_error(toy_isa::errors::lanes_disagree));
#elif CTISA_CASE == 2
static_assert(value_error(toy_isa::errors::lanes_disagree));
#elif CTISA_CASE == 3
static_assert(value_error(ctisa::error_code::value_out_of_range));
#endif
