// SPDX-License-Identifier: MIT
// The ATTILA compiled path: the executor core's (ctisa/exec/compiled.hpp) over ATTILA's traits.
//
//   constexpr auto program = ctisa::attila::assemble<"...">();
//   ctisa::attila::exec::machine<64> m(program.instructions);
//   ctisa::attila::exec::compiled<program, 64>::run(m);   // same results as m.run(), bit for bit
//
// Programs without JMP run in blocks of lanes straight through; programs with JMP run the control
// loop, each instruction a specialised function.
#pragma once

#include <cstddef>

#include "../../exec/compiled.hpp"
#include "traits.hpp"

namespace ctisa::attila::exec {

template <auto Program, std::size_t W>
using compiled = ctisa::exec::compiled<traits, Program, W>;

}  // namespace ctisa::attila::exec
