// SPDX-License-Identifier: MIT
// The compiled path (ctisa::exec::compiled: each item's descriptor a template argument) gives the
// interpreter's results bit for bit: the first half of the OP2 cases of exec_cases.hpp (the rest:
// exec_compiled2_test.cpp, split for compile time), every LDS case, and a program with per-lane control flow (a DX10 loop with LOOP_BREAK inside
// a PUSH/POP), every register row and every export compared.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include <catch2/catch.hpp>
#include <ctisa/cayman/executor.hpp>
#include <ctisa/cayman/layout.hpp>

#include "exec_parity.hpp"

namespace {

namespace cm = ctisa::cayman;
namespace cx = ctisa::cayman::exec;
using namespace cayman_exec_cases;

constexpr auto op2_a = fix<half + 3>(cases_program<false>(0, half));
constexpr auto lds_all = fix<lds_program().size()>(lds_program());

constexpr cm::instruction in(cm::category c, std::string_view m, std::initializer_list<std::pair<std::string_view, std::uint32_t>> f) {
    cm::instruction r = cm::make(*cm::find_opcode(c, m));
    for (const auto& [name, value] : f) r = cm::set(r, name, value).value();
    return r;
}

// 0 LOOP_START_DX10 -> 7; 1 ALU R0.x += 1, R1.y += R2.x; 2 ALU_PUSH_BEFORE PRED_SETGE_INT R0.x, R0.y;
// 3 JUMP 5; 4 LOOP_BREAK 6; 5 POP 1; 6 LOOP_END 1; 7 TC: SAMPLE R3 <- R2.yxzw, VTX FETCH R4 <- R0.y;
// 8 EXPORT PARAM0 R1; 9 END
constexpr std::vector<cx::item> loop_program() {
    std::vector<cm::cf_item> cf;
    cf.push_back({in(cm::category::cf, "LOOP_START_DX10", {{"ADDR", 7}}), {}, {}});
    cm::alu_group step{
        {in(cm::category::alu_op2, "ADD_INT", {{"DST_GPR", 0}, {"SRC0_SEL", 0}, {"SRC1_SEL", 250}, {"WRITE_MASK", 1}}),
         in(cm::category::alu_op2, "ADD",
            {{"DST_GPR", 1}, {"DST_CHAN", 1}, {"SRC0_SEL", 1}, {"SRC0_CHAN", 1}, {"SRC1_SEL", 2}, {"WRITE_MASK", 1}, {"LAST", 1}})},
        {}};
    cf.push_back({in(cm::category::cf_alu, "ALU", {}), {step}, {}});
    cm::alu_group test{{in(cm::category::alu_op2, "PRED_SETGE_INT",
                           {{"SRC0_SEL", 0}, {"SRC1_SEL", 0}, {"SRC1_CHAN", 1}, {"UPDATE_EXEC_MASK", 1}, {"UPDATE_PRED", 1}, {"LAST", 1}})},
                       {}};
    cf.push_back({in(cm::category::cf_alu, "ALU_PUSH_BEFORE", {}), {test}, {}});
    cf.push_back({in(cm::category::cf, "JUMP", {{"ADDR", 5}}), {}, {}});
    cf.push_back({in(cm::category::cf, "LOOP_BREAK", {{"ADDR", 6}}), {}, {}});
    cf.push_back({in(cm::category::cf, "POP", {{"POP_COUNT", 1}}), {}, {}});
    cf.push_back({in(cm::category::cf, "LOOP_END", {{"ADDR", 1}}), {}, {}});
    cf.push_back({in(cm::category::cf, "TC", {}),
                  {},
                  {in(cm::category::tex, "SAMPLE",
                      {{"DST_GPR", 3},
                       {"DST_SEL_Y", 1},
                       {"DST_SEL_Z", 2},
                       {"DST_SEL_W", 3},
                       {"SRC_GPR", 2},
                       {"SRC_SEL_X", 1},
                       {"SRC_SEL_Y", 0},
                       {"SRC_SEL_Z", 2},
                       {"SRC_SEL_W", 3}}),
                   in(cm::category::vtx, "FETCH",
                      {{"DST_GPR", 4}, {"DST_SEL_Y", 5}, {"DST_SEL_Z", 7}, {"DST_SEL_W", 7}, {"SRC_GPR", 0}, {"SRC_SEL_X", 1}})}});
    cf.push_back({in(cm::category::cf_alloc_export, "EXPORT", {{"TYPE", 2}, {"RW_GPR", 1}, {"SEL_Y", 1}, {"SEL_Z", 2}, {"SEL_W", 3}}), {}, {}});
    cf.push_back({in(cm::category::cf, "END", {}), {}, {}});
    return cx::load_items(cm::layout(cf).value()).value();
}
constexpr auto loop = fix<loop_program().size()>(loop_program());

// The memory instructions (memory.hpp) on both paths: 0 MEM_EXPORT R1.x to 10 + R0.x; 1 MEM_RAT
// STORE_TYPED R1.xy to element R0.x; 2 MEM_RAT_COMBINED ADD_RTN R2 (address R2.w); 3 GDS clause:
// ADD_RET R1 -> R5, READ2_RET R1 -> R6; 4 TC: MEM_RD_SCATTER R0.x -> R7; 5 GLOBAL_WAVE_SYNC INIT;
// 6 an ALU clause: INTERP_XY R8 from R0 and parameter 0 (the GDS's LDS bytes), then
// LOAD_STORE_FLAGS, STORE_FLAGS, SET_MODE, SET_LDS_SIZE; 7 JUMP_ANY 9; 8 INTERRUPT (skipped);
// 9 INTERRUPT_AND_SLEEP; 10 END.
constexpr cm::alu_group interp_group() {
    cm::alu_group g;
    for (std::uint32_t ch = 0; ch < 4; ++ch)
        g.slots.push_back(in(cm::category::alu_op2, "INTERP_XY",
                             {{"DST_GPR", 8},
                              {"DST_CHAN", ch},
                              {"SRC0_SEL", 2},
                              {"SRC0_CHAN", ch % 2},
                              {"SRC1_SEL", 248},
                              {"WRITE_MASK", 1},
                              {"LAST", ch == 3}}));
    return g;
}
constexpr cm::alu_group flags_group() {
    using cm::category;
    return {{in(category::alu_op2, "LOAD_STORE_FLAGS", {{"DST_GPR", 9}, {"SRC0_SEL", 1}, {"WRITE_MASK", 1}}),
             in(category::alu_op2, "STORE_FLAGS", {{"DST_GPR", 9}, {"DST_CHAN", 1}, {"SRC0_SEL", 248}, {"WRITE_MASK", 1}}),
             in(category::alu_op2, "SET_MODE", {{"DST_CHAN", 2}, {"SRC0_SEL", 250}}),
             in(category::alu_op2, "SET_LDS_SIZE", {{"DST_CHAN", 3}, {"SRC0_SEL", 253}, {"LAST", 1}})},
            {4096, 0}};
}
constexpr std::vector<cx::item> memory_program() {
    using cm::category;
    std::vector<cm::cf_item> cf;
    cf.push_back(
        {in(category::cf_alloc_export, "MEM_EXPORT", {{"TYPE", 1}, {"ARRAY_BASE", 10}, {"RW_GPR", 1}, {"INDEX_GPR", 0}, {"COMP_MASK", 1}}),
         {},
         {}});
    cf.push_back({in(category::cf_alloc_export, "MEM_RAT",
                     {{"RAT_INST", 1}, {"TYPE", 1}, {"RW_GPR", 1}, {"INDEX_GPR", 0}, {"ELEM_SIZE", 1}, {"COMP_MASK", 3}}),
                  {},
                  {}});
    cf.push_back(
        {in(category::cf_alloc_export, "MEM_RAT_COMBINED", {{"RAT_INST", 39}, {"RAT_ID", 4}, {"RW_GPR", 2}, {"COMP_MASK", 15}}), {}, {}});
    cf.push_back({in(category::cf, "GDS", {}),
                  {},
                  {in(category::gds, "GDS_ADD_RET",
                      {{"SRC_GPR", 1}, {"SRC_SEL_Y", 1}, {"DST_GPR", 5}, {"DST_SEL_Y", 1}, {"DST_SEL_Z", 7}, {"DST_SEL_W", 7}}),
                   in(category::gds, "GDS_READ2_RET",
                      {{"SRC_GPR", 1}, {"SRC_SEL_Y", 1}, {"DST_GPR", 6}, {"DST_SEL_Y", 1}, {"DST_SEL_Z", 4}, {"DST_SEL_W", 5}})}});
    cf.push_back(
        {in(category::cf, "TC", {}),
         {},
         {in(category::mem_rd, "MEM_RD_SCATTER",
             {{"INDEXED", 1}, {"SRC_GPR", 0}, {"ARRAY_BASE", 10}, {"DST_GPR", 7}, {"DST_SEL_Y", 4}, {"DST_SEL_Z", 5}, {"DST_SEL_W", 7}})}});
    cf.push_back({in(category::cf_alu, "ALU", {}), {interp_group(), flags_group()}, {}});
    cf.push_back({in(category::cf, "GLOBAL_WAVE_SYNC", {{"GWS_OPCODE", 3}, {"VALUE", 3}}), {}, {}});
    cf.push_back({in(category::cf, "JUMP_ANY", {{"ADDR", 9}}), {}, {}});
    cf.push_back({in(category::cf, "INTERRUPT", {}), {}, {}});
    cf.push_back({in(category::cf, "INTERRUPT_AND_SLEEP", {}), {}, {}});
    cf.push_back({in(category::cf, "END", {}), {}, {}});
    return cx::load_items(cm::layout(cf).value()).value();
}
constexpr auto memory = fix<memory_program().size()>(memory_program());

}  // namespace

TEST_CASE("cayman exec: compiled path equals the interpreter on the first half of OP2", "[cayman][exec]") {
    constexpr auto none = +[](cx::machine<4>&) {};
    check_parity<op2_a, 4>(none);
}

TEST_CASE("cayman exec: compiled path equals the interpreter on every LDS operation", "[cayman][exec]") {
    // The four lanes share the literal's addresses: each atomic runs once a lane, in lane order;
    // the memory starts as a byte pattern.
    check_parity<lds_all, 4>(
        +[](cx::machine<4>&) {},
        +[](cx::environment& env) {
            for (std::uint32_t i = 0; i < 320; ++i) env.lds_store(i, i * 37 + 5, 1);
        });
}

TEST_CASE("cayman exec: compiled path equals the interpreter on RAT, GDS, memory reads and the new CF", "[cayman][exec]") {
    check_parity<memory, 4>(
        +[](cx::machine<4>& m) {
            for (std::uint32_t l = 0; l < 4; ++l) {
                m.row(cx::row::gpr(0, 0))[l] = 3 - l;  // an index per lane
                m.row(cx::row::gpr(1, 0))[l] = 4 * (l % 2);  // GDS byte address, data
                m.row(cx::row::gpr(1, 1))[l] = 7 + l;
                m.row(cx::row::gpr(2, 0))[l] = 5 + l;  // RAT data, return address, -, address
                m.row(cx::row::gpr(2, 1))[l] = 20 + l;
                m.row(cx::row::gpr(2, 3))[l] = l / 2;
            }
        },
        +[](cx::environment& env) {
            env.memory_write({cm::opcode::cf_alloc_export_mem_rat, 0, 1, 100, 4});
            for (std::uint32_t i = 0; i < 48; i += 4) env.lds_store(i, 0x3F800000u + (i << 18), 4);  // parameter 0: floats
        });
}

TEST_CASE("cayman exec: compiled path equals the interpreter with divergent lanes", "[cayman][exec]") {
    check_parity<loop, 16>(+[](cx::machine<16>& m) {
        for (std::uint32_t l = 0; l < 16; ++l) {
            m.row(cx::row::gpr(0, 1))[l] = l % 5 + 1;  // R0.y: 1-5 trips
            m.row(cx::row::gpr(2, 0))[l] = 0x3F800000u + (l << 16);  // R2.x: a float per lane
        }
    });
    // The loop ran per lane: R0.x = R0.y (by hand: the break comes once R0.x reaches R0.y).
    cx::machine<16> m(loop.instructions);
    for (std::uint32_t l = 0; l < 16; ++l) {
        m.row(cx::row::gpr(0, 1))[l] = l % 5 + 1;
        m.row(cx::row::gpr(2, 0))[l] = 100 + l;
    }
    cx::environment env;
    REQUIRE(cx::compiled<loop, 16>::run(m, env).ok());
    for (std::uint32_t l = 0; l < 16; ++l) {
        CHECK(m.row(cx::row::gpr(0, 0))[l] == l % 5 + 1);
        // The TC clause after the loop (default fetch: its coordinates): R3 = R2.yxzw, R4.xy = {R0.y, 1.0}.
        CHECK(m.row(cx::row::gpr(3, 0))[l] == 0);
        CHECK(m.row(cx::row::gpr(3, 1))[l] == 100 + l);
        CHECK(m.row(cx::row::gpr(4, 0))[l] == l % 5 + 1);
        CHECK(m.row(cx::row::gpr(4, 1))[l] == 0x3F800000u);
    }
    REQUIRE(env.exports.size() == 16);
    CHECK(env.exports[3].type == 2);
    CHECK(env.exports[3].lane == 3);
    CHECK(env.exports[3].mask == 0xF);
}
