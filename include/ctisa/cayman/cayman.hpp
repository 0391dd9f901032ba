// SPDX-License-Identifier: MIT
// Everything of ctisa's AMD Cayman (Radeon HD 6900) microcode support so far: the description
// generated from the document, single units encoded and decoded, typed builders (ALU, exports,
// fetches, clause starts), ALU groups checked, whole programs laid out and decoded, the text syntax
// assembled and disassembled on the engine (isa.hpp).
#pragma once

#include "builder.hpp"
#include "canonical_decoding.hpp"
#include "decoding.hpp"
#include "description.hpp"
#include "emitter.hpp"
#include "encoding.hpp"
#include "errors.hpp"
#include "generated/builders.hpp"
#include "generated/unit_builders.hpp"
#include "group.hpp"
#include "isa.hpp"
#include "layout.hpp"
#include "listing.hpp"
#include "program.hpp"
#include "typed_alu.hpp"
#include "unit_builders.hpp"
