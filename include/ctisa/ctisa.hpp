// SPDX-License-Identifier: MIT
// ctisa: every instruction set and its executor, in one include. Prefer the one-ISA headers
// (ctisa/attila/attila.hpp, ...) where compile time matters.
#pragma once

#include "amdil/amdil.hpp"
#include "attila/attila.hpp"
#include "cayman/cayman.hpp"
#include "nvasm/nvasm.hpp"
#include "valhall/valhall.hpp"
#include "amdil/executor.hpp"
#include "attila/executor.hpp"
#include "cayman/executor.hpp"
#include "nvasm/executor.hpp"
#include "valhall/executor.hpp"
