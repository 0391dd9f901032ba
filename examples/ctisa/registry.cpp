// SPDX-License-Identifier: MIT
// The ISAs the tool knows: one entry each (and the include of its adapter or traits).
#include <ctisa/amdil/doc_adapter.hpp>
#include <ctisa/amdil/run_adapter.hpp>
#include <ctisa/attila/doc_adapter.hpp>
#include <ctisa/attila/run_adapter.hpp>
#include <ctisa/cayman/doc_adapter.hpp>
#include <ctisa/cayman/run_adapter.hpp>
#include <ctisa/nvasm/doc_adapter.hpp>
#include <ctisa/nvasm/run_adapter.hpp>
#include <ctisa/valhall/doc_adapter.hpp>
#include <ctisa/valhall/run_adapter.hpp>

#include "run.hpp"

namespace ctisa_tool {

std::span<const isa_entry> registry() {
    static const isa_entry entries[] = {
        make_run_entry<ctisa::amdil::run_adapter>(),  make_run_entry<ctisa::attila::run_adapter>(),
        make_run_entry<ctisa::cayman::run_adapter>(), make_run_entry<ctisa::valhall::run_adapter>(),
        make_run_entry<ctisa::nvasm::run_adapter>(),
    };
    return entries;
}

}  // namespace ctisa_tool
