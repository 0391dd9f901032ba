// SPDX-License-Identifier: MIT
// The error kinds only AMD IL has (the general ones: ctisa/core/error.hpp): the token stream's
// operands as chapter 2 lays them out, and the builders' control fields.
#pragma once

#include "../core/error.hpp"

namespace ctisa::amdil::errors {

CTISA_ERROR_KIND(undescribed_operands, "the document does not say which tokens follow this opcode");
CTISA_ERROR_KIND(operand_nesting, "operand indices nested deeper than ctisa follows");
CTISA_ERROR_KIND(index_required, "this register type is read and written through an index");
CTISA_ERROR_KIND(unknown_control_field, "this opcode has no control field of that name");

}  // namespace ctisa::amdil::errors
