// SPDX-License-Identifier: MIT
// Arm Mali Valhall shader ISA (Mesa 21.3's ISA.xml): everything in one include.
#pragma once

#include "generated/builders.hpp"
#include "encoding.hpp"
#include "instruction.hpp"
#include "isa.hpp"
#include "syntax.hpp"
