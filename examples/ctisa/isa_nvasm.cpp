// SPDX-License-Identifier: MIT
// The tool's nvasm entry, in a translation unit of its own so that the ISAs build in parallel.
#include "nvasm/doc_adapter.hpp"
#include "nvasm/run_adapter.hpp"

#include "run.hpp"

namespace ctisa_tool {

isa_entry nvasm_entry() { return make_run_entry<ctisa::nvasm::run_adapter>(); }

}  // namespace ctisa_tool
