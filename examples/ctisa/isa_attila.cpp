// SPDX-License-Identifier: MIT
// The tool's attila entry, in a translation unit of its own so that the ISAs build in parallel.
#include "attila/doc_adapter.hpp"
#include "attila/run_adapter.hpp"

#include "run.hpp"

namespace ctisa_tool {

isa_entry attila_entry() { return make_run_entry<ctisa::attila::run_adapter>(); }

}  // namespace ctisa_tool
