// SPDX-License-Identifier: MIT
// The AMD IL interpreter and the compiled path give bit-identical results on the integer, bit,
// conversion and double program (exec_paths.hpp), over 4, 16 and 64 lanes.
#include "exec_paths.hpp"

using namespace amdil_exec_test;

namespace {
constexpr auto integer_ops = am::assemble<integer_text>();
}  // namespace

TEST_CASE("amdil exec paths: ... on every integer, bit, conversion and double instruction", "[amdil][exec]") { compare_widths<integer_ops>(); }
