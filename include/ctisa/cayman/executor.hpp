// SPDX-License-Identifier: MIT
// Cayman programs on the shared executor: load an image (load_items: decode_program, then the
// items of exec/items.hpp), build a machine of W lanes (64: a wavefront) and run it.
//
//   auto items = ctisa::cayman::exec::load_items(image).value();
//   ctisa::cayman::exec::machine<64> m(items);
//   m.row(ctisa::cayman::exec::row::gpr(1, 0))[lane] = ...;   // R1.x of a lane
//   ctisa::cayman::exec::environment env;                     // constants, booleans, exports
//   auto status = m.run(env);
#pragma once

#include "exec/compiled.hpp"
#include "exec/environment.hpp"
#include "exec/items.hpp"
#include "exec/traits.hpp"
