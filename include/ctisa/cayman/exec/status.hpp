// SPDX-License-Identifier: MIT
// Which opcodes the Cayman executor runs, and why not the others: the reference page's
// "reference executor" column (`ctisa doc cayman`) and the tests' counts read it.
#pragma once

#include <string_view>

#include "descriptor.hpp"

namespace ctisa::cayman::exec {

// Why the executor does not run `op` (empty when it does).
[[nodiscard]] constexpr std::string_view not_executed(opcode op) noexcept {
    switch (op) {
        case opcode::cf_call_fs: return "the fetch shader's address is host state (SQ_PGM_START_FS), outside the program image";
        default: break;
    }
    return {};
}

}  // namespace ctisa::cayman::exec
