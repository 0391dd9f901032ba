// SPDX-License-Identifier: MIT
// NVIDIA unified assembly (the NV_gpu_program4 family): one include.
#pragma once

#include "description.hpp"
#include "printer.hpp"
#include "compile_time.hpp"
#include "program_builder.hpp"
#include "isa.hpp"
#include "explain.hpp"
#include "emitter.hpp"
