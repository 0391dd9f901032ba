// SPDX-License-Identifier: MIT
// The Valhall reference executor: the interpreter (machine) and the compiled path (compiled).
// Separate from valhall.hpp so that describing, assembling and encoding do not pay for it.
// Semantics decisions: generators/specs/valhall_execution.toml.
#pragma once

#include "valhall.hpp"
#include "exec/environment.hpp"
#include "exec/machine.hpp"
