// SPDX-License-Identifier: MIT
// ATTILA unified shader ISA: everything in one include.
#pragma once

#include "generated/builders.hpp"
#include "decoding.hpp"
#include "encoding.hpp"
#include "instruction.hpp"
#include "isa.hpp"
#include "syntax.hpp"
