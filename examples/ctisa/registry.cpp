// SPDX-License-Identifier: MIT
// The ISAs the tool knows, one entry each. Each entry is built in its own translation unit
// (isa_<name>.cpp), so that a build compiles the ISAs in parallel and a change to one ISA
// recompiles only its file.
#include "commands.hpp"

namespace ctisa_tool {

isa_entry amdil_entry();
isa_entry attila_entry();
isa_entry cayman_entry();
isa_entry nvasm_entry();
isa_entry valhall_entry();

std::span<const isa_entry> registry() {
    static const isa_entry entries[] = {amdil_entry(), attila_entry(), cayman_entry(), valhall_entry(), nvasm_entry()};
    return entries;
}

}  // namespace ctisa_tool
