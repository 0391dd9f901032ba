// SPDX-License-Identifier: MIT
// The Valhall compiled path: the executor core's (ctisa/exec/compiled.hpp) over Valhall's traits.
//
//   constexpr auto program = ctisa::valhall::assemble<"...">();
//   ctisa::valhall::exec::machine<64> m(program.instructions);
//   ctisa::valhall::exec::compiled<program, 64>::run(m);   // same results as m.run(), bit for bit
//
// Straight-line programs (traits::straight) run in blocks of up to 64 lanes; programs with
// branches, messages or other actions run the control loop, each instruction a specialised function.
#pragma once

#include <cstddef>

#include "../../exec/compiled.hpp"
#include "traits.hpp"

namespace ctisa::valhall::exec {

template <auto Program, std::size_t W>
using compiled = ctisa::exec::compiled<traits, Program, W>;

}  // namespace ctisa::valhall::exec
