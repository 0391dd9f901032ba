// SPDX-License-Identifier: MIT
// The compiled path equals the interpreter bit for bit on the second half of the OP2 cases and
// on every OP3 and 64-bit case (exec_cases.hpp); the first half is in exec_compiled_test.cpp.
#include <catch2/catch.hpp>

#include "exec_parity.hpp"

namespace {

using namespace cayman_exec_cases;
namespace cx = ctisa::cayman::exec;

constexpr auto op2_b = fix<op2_count - half + 3>(cases_program<false>(half, op2_count));
constexpr auto op3_all = fix<op3_count + 3>(cases_program<true>(0, op3_count));
constexpr auto wide_all = fix<wide_program().size()>(wide_program());

}  // namespace

TEST_CASE("cayman exec: compiled path equals the interpreter on the second half of OP2, on OP3 and on 64-bit", "[cayman][exec]") {
    constexpr auto none = +[](cx::machine<4>&) {};
    check_parity<op2_b, 4>(none);
    check_parity<op3_all, 4>(none);
    check_parity<wide_all, 4>(none);
}
