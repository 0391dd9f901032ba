// SPDX-License-Identifier: MIT
// The tool's amdil entry, in a translation unit of its own so that the ISAs build in parallel.
#include "amdil/doc_adapter.hpp"
#include "amdil/run_adapter.hpp"

#include "run.hpp"

namespace ctisa_tool {

isa_entry amdil_entry() { return make_run_entry<ctisa::amdil::run_adapter>(); }

}  // namespace ctisa_tool
