// SPDX-License-Identifier: MIT
// The ATTILA reference executor: the interpreter (machine) and the compiled path (compiled).
// Separate from attila.hpp so that describing, assembling and encoding do not pay for it.
#pragma once

#include "attila.hpp"
#include "exec/environment.hpp"
#include "exec/machine.hpp"
