// SPDX-License-Identifier: MIT
// Every executable OP2 and OP3 opcode on the interpreter, against chapter 8 worked by hand
// (exec_cases.hpp), and the list of opcodes the executor refuses, each with its reason.
#include <algorithm>
#include <bit>
#include <iterator>
#include <cmath>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <ctisa/cayman/executor.hpp>

#include "exec_cases.hpp"

namespace {

namespace cm = ctisa::cayman;
namespace cx = ctisa::cayman::exec;
using namespace cayman_exec_cases;

std::uint32_t run_case(const op_case& k, bool op3) {
    const auto items = clause_program({case_group(k, op3, 2)});
    cx::machine<2> m(items);
    m.row(cx::row::gpr(2, 0))[0] = sentinel;
    const auto status = m.run();
    REQUIRE(status.ok());
    return m.row(cx::row::gpr(2, 0))[0];
}

}  // namespace

TEST_CASE("cayman exec: every OP2 opcode against chapter 8", "[cayman][exec]") {
    for (const op_case& k : op2_cases) {
        INFO(std::string(k.mnemonic) << " " << k.a << " " << k.b);
        CHECK(run_case(k, false) == k.expected);
    }
}

TEST_CASE("cayman exec: every OP3 opcode against chapter 8", "[cayman][exec]") {
    for (const op_case& k : op3_cases) {
        INFO(std::string(k.mnemonic) << " " << k.a << " " << k.b << " " << k.c);
        CHECK(run_case(k, true) == k.expected);
    }
}

TEST_CASE("cayman exec: the cases cover every opcode the executor runs", "[cayman][exec]") {
    std::set<std::string_view> tested;
    for (const op_case& k : op2_cases) tested.insert(k.mnemonic);
    for (const op_case& k : op3_cases) tested.insert(k.mnemonic);
    std::size_t runs = 0, total = 0;
    for (const cm::category c : {cm::category::alu_op2, cm::category::alu_op3}) {
        const auto& ci = cm::info(c);
        for (std::size_t i = 0; i < ci.opcode_count; ++i) {
            const auto op = static_cast<cm::opcode>(ci.first_opcode + i);
            ++total;
            if (!cx::executes(op)) continue;
            ++runs;
            // Instructions over several slots and MOVA_INT have their own tests (exec_test.cpp).
            static constexpr std::string_view group_tested[] = {"DOT4",
                                                                "DOT4_IEEE",
                                                                "MAX4",
                                                                "MOVA_INT",
                                                                "CUBE",
                                                                "FLT_TO_UINT4",
                                                                "MUL_PREV",
                                                                "MUL_IEEE_PREV",
                                                                "ADD_PREV",
                                                                "MULADD_PREV",
                                                                "MULADD_IEEE_PREV",
                                                                "DOT",
                                                                "DOT_IEEE",
                                                                "BCNT_ACCUM_PREV_INT",
                                                                "MBCNT_32HI_INT",
                                                                "MBCNT_32LO_ACCUM_PREV_INT",
                                                                "SAD_ACCUM_PREV_UINT"};
            const bool own = std::find(std::begin(group_tested), std::end(group_tested), cm::info(op).mnemonic) != std::end(group_tested);
            INFO(cm::info(op).mnemonic);
            CHECK((own || tested.count(cm::info(op).mnemonic) == 1));
        }
    }
    // 192 OP2 + OP3 opcodes: the 12 named in alu.hpp's executes() (interpolation, flags, SET_MODE,
    // SET_LDS_SIZE, OFFSET_TO_FLT) and the 23 64-bit ones (21 OP2 pair / quad, CNDNE_64, FMA_64)
    // do not run.
    CHECK(total == 192);
    CHECK(runs == 157);
}

TEST_CASE("cayman exec: a refused opcode stops the run with not_executable at its CF", "[cayman][exec]") {
    auto items = clause_program({case_group(op_case{"MOV", 1, 0, 0, 1}, false, 3)});
    items.insert(items.begin() + 1, case_group(op_case{"ADD_64", 0, 0, 0, 0}, false, 2));
    cx::machine<2> m(items);
    const auto status = m.run();
    CHECK(status.error.code == ctisa::errors::not_executable);
    CHECK(status.error.offset == 0);
    CHECK(m.row(cx::row::gpr(3, 0))[0] == 0);  // the group after it did not run
}
