// SPDX-License-Identifier: MIT
// The error kinds only NV assembly has (the general ones: ctisa/core/error.hpp).
#pragma once

#include "../core/error.hpp"

namespace ctisa::nvasm::errors {

CTISA_ERROR_KIND(wrong_stage, "not available in this program's stage (vertex, fragment or geometry)");
CTISA_ERROR_KIND(unknown_binding, "no such binding");
CTISA_ERROR_KIND(unknown_texture_target, "unknown texture target");
CTISA_ERROR_KIND(texture_target_not_allowed, "this instruction cannot use that texture target");
CTISA_ERROR_KIND(reserved_name, "a reserved keyword cannot be declared as a name");
CTISA_ERROR_KIND(unknown_option, "unknown program option for this stage");
CTISA_ERROR_KIND(missing_end, "the program does not end with END");
CTISA_ERROR_KIND(text_after_end, "only comments may follow END");
CTISA_ERROR_KIND(bad_cc_test, "invalid condition-code test");
CTISA_ERROR_KIND(not_writable, "the destination must be a temporary, a result binding or an OUTPUT variable");
CTISA_ERROR_KIND(not_readable, "a source cannot read a result");
CTISA_ERROR_KIND(type_mismatch, "a variable declared INT, UINT or FLOAT used as another data type (NTC allows it)");
CTISA_ERROR_KIND(texture_target_conflict, "one texture unit used with two targets");
CTISA_ERROR_KIND(option_required, "this binding needs a program option the program does not declare");
CTISA_ERROR_KIND(bad_texture_offset, "a texel offset component this target does not have (or any, for cube maps and buffers)");
CTISA_ERROR_KIND(endless_loop, "a REP without a count needs a BRK at its level or a RET");
CTISA_ERROR_KIND(integer_attribute_not_flat, "a fragment attribute declared INT or UINT must be FLAT");
CTISA_ERROR_KIND(array_size_mismatch, "the declared array size is not the number of members its list binds");
CTISA_ERROR_KIND(missing_declaration, "a geometry program declares PRIMITIVE_IN, PRIMITIVE_OUT and VERTICES_OUT once each");

}  // namespace ctisa::nvasm::errors
