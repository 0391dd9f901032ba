// SPDX-License-Identifier: MIT
// Which opcodes the Cayman executor runs, and why not the others: the reference page's
// "reference executor" column (`ctisa doc cayman`) and the tests' counts read it. Every opcode of
// the document runs; what is still refused is a field value of an instruction (an index register,
// a hardware source select: descriptor.hpp's refusal), reported when the run reaches it.
#pragma once

#include <string_view>

#include "descriptor.hpp"

namespace ctisa::cayman::exec {

// Why the executor does not run `op` (empty when it does).
[[nodiscard]] constexpr std::string_view not_executed(opcode) noexcept { return {}; }

}  // namespace ctisa::cayman::exec
