// SPDX-License-Identifier: MIT
// The tool's valhall entry, in a translation unit of its own so that the ISAs build in parallel.
#include "valhall/doc_adapter.hpp"
#include "valhall/run_adapter.hpp"

#include "run.hpp"

namespace ctisa_tool {

isa_entry valhall_entry() { return make_run_entry<ctisa::valhall::run_adapter>(); }

}  // namespace ctisa_tool
