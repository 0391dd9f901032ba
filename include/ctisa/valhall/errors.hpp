// SPDX-License-Identifier: MIT
// The error kinds only Valhall has (the general ones: ctisa/core/error.hpp).
#pragma once

#include "../core/error.hpp"

namespace ctisa::valhall::errors {

CTISA_ERROR_KIND(immediate_not_in_table, "value not in the table of inline immediates");
CTISA_ERROR_KIND(immediate_mode_mismatch, "operand not readable in the instruction's immediate mode");
CTISA_ERROR_KIND(uniform_slot_conflict, "an instruction reads at most one 64-bit uniform slot");
CTISA_ERROR_KIND(special_value_conflict, "an instruction reads at most one special value");
CTISA_ERROR_KIND(immediate_without_hash, "an immediate constant is written with '#' before its value, as #5");
CTISA_ERROR_KIND(decimal_constant_source,
                 "a constant source is written as its bit pattern from the constant table, as 0x3F800000 for 1.0 (an immediate, "
                 "where the instruction has one, as #5)");
CTISA_ERROR_KIND(immediate_without_name, "this immediate is written as its name, ':' and its value, as offset:1");
CTISA_ERROR_KIND(bad_staging_registers, "staging registers must be consecutive, as many as the instruction takes");

}  // namespace ctisa::valhall::errors
