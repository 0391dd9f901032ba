// SPDX-License-Identifier: MIT
// The tool's cayman entry, in a translation unit of its own so that the ISAs build in parallel.
#include "cayman/doc_adapter.hpp"
#include "cayman/run_adapter.hpp"

#include "run.hpp"

namespace ctisa_tool {

isa_entry cayman_entry() { return make_run_entry<ctisa::cayman::run_adapter>(); }

}  // namespace ctisa_tool
