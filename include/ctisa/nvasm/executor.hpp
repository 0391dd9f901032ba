// SPDX-License-Identifier: MIT
// The NV_gpu_program4 reference executor: the interpreter (machine) and the compiled path
// (compiled), in exec/machine.hpp. Separate from nvasm.hpp so that describing, assembling and
// encoding do not pay for it.
#pragma once

#include "isa.hpp"
#include "exec/environment.hpp"
#include "exec/machine.hpp"
