// SPDX-License-Identifier: MIT
// The compiled path equals the interpreter bit for bit on the second half of the OP2 cases and
// on every OP3 and 64-bit case (exec_cases.hpp); the first half is in exec_compiled_test.cpp.
// Its value path (compiled.hpp: rows held as vectors, a group one step) gives the cases' hand-worked
// results and equals the interpreter on per-lane special values through every modifier, and
// hands over to the per-item path past the step budget and on a partial warp.
#include <algorithm>
#include <cstdint>
#include <span>

#include <catch2/catch.hpp>

#include "exec_parity.hpp"

namespace {

using namespace cayman_exec_cases;
namespace cx = ctisa::cayman::exec;

constexpr auto op2_b = fix<op2_count - half + 3>(cases_program<false>(half, op2_count));
constexpr auto op3_all = fix<op3_count + 3>(cases_program<true>(0, op3_count));
constexpr auto wide_all = fix<wide_program().size()>(wide_program());
constexpr auto value_cases = fix<value_cases_program().size()>(value_cases_program());
constexpr auto value_lanes = fix<value_lanes_program().size()>(value_lanes_program());

template <auto Program, std::size_t W>
void check_fallback(std::size_t lanes, std::uint64_t budget) {
    cx::machine<W> interpreted(Program.instructions, lanes), compiled(Program.instructions, lanes);
    lane_values(interpreted);
    lane_values(compiled);
    cx::environment e1, e2;
    value_constants(e1), value_constants(e2);
    const auto s1 = interpreted.run(e1, budget);
    const auto s2 = cx::compiled<Program, W>::run(compiled, e2, budget);
    CHECK(s1.error.code == s2.error.code);
    CHECK(s1.error.offset == s2.error.offset);
    for (std::uint32_t r = 0; r < cx::row::count; ++r)
        for (std::size_t l = 0; l < W; ++l) {
            INFO("row " << r << " lane " << l);
            REQUIRE(same_word(interpreted.row(r)[l], compiled.row(r)[l], true));
        }
}

}  // namespace

TEST_CASE("cayman exec: compiled path equals the interpreter on the second half of OP2, on OP3 and on 64-bit", "[cayman][exec]") {
    constexpr auto none = +[](cx::machine<4>&) {};
    check_parity<op2_b, 4>(none);
    check_parity<op3_all, 4>(none);
    check_parity<wide_all, 4>(none);
}

TEST_CASE("cayman exec: the value path gives the cases' results and the interpreter's on every lane", "[cayman][exec]") {
    STATIC_REQUIRE(cx::compiled<value_cases, 4>::runs_on_values);
    STATIC_REQUIRE(cx::compiled<value_lanes, 64>::runs_on_values);
    STATIC_REQUIRE(!cx::compiled<op3_all, 4>::runs_on_values);  // BFE_UINT has no value kernel
    // The hand-worked results of exec_cases.hpp, from the value path alone.
    cx::machine<4> m(value_cases.instructions);
    for (std::uint32_t r = 4; r < 128; ++r) std::fill_n(m.row(cx::row::gpr(r, 0)), 4, sentinel);  // NOP writes nothing
    REQUIRE(cx::compiled<value_cases, 4>::run(m).ok());
    std::uint32_t dst = 4;
    for (const bool op3 : {false, true})
        for (const op_case& k : op3 ? std::span<const op_case>(op3_cases) : std::span<const op_case>(op2_cases)) {
            if (!cx::values::op_supported(case_opcode(k, op3))) continue;
            INFO(k.mnemonic << " R" << dst);
            CHECK(m.row(cx::row::gpr(dst++, 0))[1] == k.expected);
        }
    check_parity<value_cases, 4>(+[](cx::machine<4>&) {});
    check_parity<value_lanes, 64>(lane_values<64>, value_constants, true);
}

TEST_CASE("cayman exec: the value path hands over past the step budget and on a partial warp", "[cayman][exec]") {
    constexpr std::size_t length = value_lanes.instructions.size();
    check_fallback<value_lanes, 64>(64, length - 1);  // step_limit at END, as the interpreter
    check_fallback<value_lanes, 64>(64, length);
    check_fallback<value_lanes, 64>(40, ctisa::exec::default_step_budget);
}
