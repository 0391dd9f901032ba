// SPDX-License-Identifier: MIT
// The error kinds only ATTILA has (the general ones: ctisa/core/error.hpp).
#pragma once

#include "../core/error.hpp"

namespace ctisa::attila::errors {

CTISA_ERROR_KIND(immediate_not_allowed, "an immediate is allowed only as the second source of an instruction with one or two sources");
CTISA_ERROR_KIND(relative_addressing_not_allowed, "relative addressing needs a constant-bank operand");
CTISA_ERROR_KIND(relative_mismatch,
                 "relative addressing applies to every constant operand of the instruction: write the same "
                 "[aK.c + offset] on each");

}  // namespace ctisa::attila::errors
