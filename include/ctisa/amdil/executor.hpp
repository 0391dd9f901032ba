// SPDX-License-Identifier: MIT
// The AMD IL reference executor: the interpreter (machine), a compute kernel's work-group (group)
// and the compiled path (compiled), in exec/machine.hpp. Separate from amdil.hpp so that
// describing, assembling and encoding do not pay for it.
#pragma once

#include "exec/environment.hpp"
#include "exec/machine.hpp"
