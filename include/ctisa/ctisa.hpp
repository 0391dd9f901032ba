// SPDX-License-Identifier: MIT
// ctisa: every instruction set and the executor, in one include. Prefer the one-ISA headers
// (ctisa/attila/attila.hpp, ...) where compile time matters.
#pragma once

#include "amdil/amdil.hpp"
#include "attila/attila.hpp"
#include "cayman/cayman.hpp"
#include "valhall/valhall.hpp"
#include "attila/executor.hpp"
#include "valhall/executor.hpp"
