// SPDX-License-Identifier: MIT
// AMD IL: everything in one include.
#pragma once

#include "description.hpp"
#include "emitter.hpp"
#include "generated/builders.hpp"
#include "isa.hpp"
