// SPDX-License-Identifier: MIT
// Cayman's executor on small programs whose results are worked out by hand from the document:
// chapter 4 (groups read before they write, PV, kcache, literals, predicates) and chapter 3
// (the CF stack: PUSH / JUMP / ELSE / POP, DX10 loops with LOOP_BREAK).
#include <bit>
#include <cstdint>
#include <vector>

#include <catch2/catch.hpp>
#include <ctisa/cayman/executor.hpp>

#include "exec_parity.hpp"
#include "programs.hpp"

namespace {

namespace cm = ctisa::cayman;
namespace cx = ctisa::cayman::exec;
using cayman_programs::ins;
using c = cm::category;

std::uint32_t bits(float x) { return std::bit_cast<std::uint32_t>(x); }
float as_f(std::uint32_t x) { return std::bit_cast<float>(x); }

std::vector<cx::item> items_of(std::vector<cm::cf_item> program) {
    const auto image = cm::layout(std::move(program));
    REQUIRE(static_cast<bool>(image));
    auto items = cx::load_items(*image);
    REQUIRE(static_cast<bool>(items));
    return *items;
}

cm::cf_item alu(std::vector<cm::alu_group> groups, cayman_programs::field_values f = {}, std::string_view kind = "ALU") {
    return {ins(c::cf_alu, kind, f), std::move(groups), {}};
}
cm::cf_item cf(std::string_view m, cayman_programs::field_values f = {}) { return {ins(c::cf, m, f), {}, {}}; }

template <std::size_t W>
std::uint32_t& reg(cx::machine<W>& m, std::uint32_t gpr, std::uint32_t chan, std::size_t lane) {
    return m.row(cx::row::gpr(gpr, chan))[lane];
}

}  // namespace

TEST_CASE("cayman exec: a group reads every source before it writes (a swap)", "[cayman][exec]") {
    // 4.3: the slots of a group run in parallel. x: MOV R1.x, R1.y; y: MOV R1.y, R1.x.
    cm::alu_group swap{{ins(c::alu_op2, "MOV", {{"DST_GPR", 1}, {"SRC0_SEL", 1}, {"SRC0_CHAN", 1}, {"WRITE_MASK", 1}}),
                        ins(c::alu_op2, "MOV", {{"DST_GPR", 1}, {"DST_CHAN", 1}, {"SRC0_SEL", 1}, {"WRITE_MASK", 1}, {"LAST", 1}})},
                       {}};
    const auto items = items_of({alu({swap}), cf("END")});
    cx::machine<4> m(items);
    for (std::size_t l = 0; l < 4; ++l) {
        reg(m, 1, 0, l) = bits(3.0f + static_cast<float>(l));
        reg(m, 1, 1, l) = bits(7.0f);
    }
    REQUIRE(m.run().ok());
    for (std::size_t l = 0; l < 4; ++l) {
        CHECK(as_f(reg(m, 1, 0, l)) == 7.0f);
        CHECK(as_f(reg(m, 1, 1, l)) == 3.0f + static_cast<float>(l));
    }
}

TEST_CASE("cayman exec: PV chains, write masks, literals and output modifiers", "[cayman][exec]") {
    // Group 1: x: ADD 1.5 + 2.25 = 3.75 with WRITE_MASK 0 (4.9.2: PV still updated);
    //          y: MUL R1.y * 0.5 (inline constant 252) with OMOD M4: 10 * 0.5 * 4 = 20, written to R3.y.
    // Group 2: x: MUL_IEEE PV.x * literal 2.0 = 7.5 -> R2.x; z: ADD PV.y + literal.y (-1.0) = 19 -> R2.z
    //          with CLAMP: 1.0. PV.y of group 2 (an empty slot) is not read.
    cm::alu_group g1{{ins(c::alu_op2, "ADD", {{"DST_GPR", 9}, {"SRC0_SEL", 1}, {"SRC1_SEL", 1}, {"SRC1_CHAN", 2}}), ins(c::alu_op2, "MUL",
                                                                                                                        {{"DST_GPR", 3},
                                                                                                                         {"DST_CHAN", 1},
                                                                                                                         {"SRC0_SEL", 1},
                                                                                                                         {"SRC0_CHAN", 1},
                                                                                                                         {"SRC1_SEL", 252},
                                                                                                                         {"OMOD", 2},
                                                                                                                         {"WRITE_MASK", 1},
                                                                                                                         {"LAST", 1}})},
                     {}};
    cm::alu_group g2{
        {ins(c::alu_op2, "MUL_IEEE", {{"DST_GPR", 2}, {"SRC0_SEL", 254}, {"SRC1_SEL", 253}, {"WRITE_MASK", 1}}), ins(c::alu_op2, "ADD",
                                                                                                                     {{"DST_GPR", 2},
                                                                                                                      {"DST_CHAN", 2},
                                                                                                                      {"SRC0_SEL", 254},
                                                                                                                      {"SRC0_CHAN", 1},
                                                                                                                      {"SRC1_SEL", 253},
                                                                                                                      {"SRC1_CHAN", 1},
                                                                                                                      {"CLAMP", 1},
                                                                                                                      {"WRITE_MASK", 1},
                                                                                                                      {"LAST", 1}})},
        {bits(2.0f), bits(-1.0f)}};
    const auto items = items_of({alu({g1, g2}), cf("END")});
    cx::machine<2> m(items);
    for (std::size_t l = 0; l < 2; ++l) {
        reg(m, 1, 0, l) = bits(1.5f);
        reg(m, 1, 1, l) = bits(10.0f);
        reg(m, 1, 2, l) = bits(2.25f);
        reg(m, 9, 0, l) = 0xDEADBEEFu;
    }
    REQUIRE(m.run().ok());
    for (std::size_t l = 0; l < 2; ++l) {
        CHECK(reg(m, 9, 0, l) == 0xDEADBEEFu);
        CHECK(as_f(reg(m, 3, 1, l)) == 20.0f);
        CHECK(as_f(reg(m, 2, 0, l)) == 7.5f);
        CHECK(as_f(reg(m, 2, 2, l)) == 1.0f);
    }
}

TEST_CASE("cayman exec: kcache constants through the CF_ALU locks", "[cayman][exec]") {
    // KCACHE_BANK0 = 1 (constant buffer 1), LOCK_2 at line ADDR0 = 1: SRC_SEL 128 + k reads
    // constant 16 + k of buffer 1 (4.6.3). SRC_SEL 145 = constant 33, chan z; bank 1 (sel 160+)
    // locks buffer 0 line 0 with LOCK_1: sel 163 = CB0[3].
    cm::alu_group g{
        {ins(c::alu_op2, "MOV", {{"DST_GPR", 5}, {"SRC0_SEL", 145}, {"SRC0_CHAN", 2}, {"WRITE_MASK", 1}}),
         ins(c::alu_op2, "ADD_INT",
             {{"DST_GPR", 5}, {"DST_CHAN", 1}, {"SRC0_SEL", 163}, {"SRC0_CHAN", 3}, {"SRC1_SEL", 250}, {"WRITE_MASK", 1}, {"LAST", 1}})},
        {}};
    const auto items = items_of(
        {alu({g}, {{"KCACHE_BANK0", 1}, {"KCACHE_MODE0", 2}, {"KCACHE_ADDR0", 1}, {"KCACHE_BANK1", 0}, {"KCACHE_MODE1", 1}}), cf("END")});
    cx::environment env;
    env.set_constant(1, 33, {1, 2, 0x40490FDBu, 4});
    env.set_constant(0, 3, {0, 0, 0, 41});
    cx::machine<4> m(items);
    REQUIRE(m.run(env).ok());
    for (std::size_t l = 0; l < 4; ++l) {
        CHECK(reg(m, 5, 0, l) == 0x40490FDBu);
        CHECK(reg(m, 5, 1, l) == 42u);
    }
}

TEST_CASE("cayman exec: nested if/else through the CF stack", "[cayman][exec]") {
    // if (R1.x > 0) { if (R1.y > 0) R2.x = 1 else R2.x = 2 } else R2.x = 3  (3.7.2)
    const auto pred = [](std::uint32_t chan) {
        return cm::alu_group{
            {ins(c::alu_op2, "PRED_SETGT",
                 {{"SRC0_SEL", 1}, {"SRC0_CHAN", chan}, {"SRC1_SEL", 248}, {"UPDATE_EXEC_MASK", 1}, {"UPDATE_PRED", 1}, {"LAST", 1}})},
            {}};
    };
    const auto set = [](float v) {
        return cm::alu_group{{ins(c::alu_op2, "MOV", {{"DST_GPR", 2}, {"SRC0_SEL", 253}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {bits(v), 0}};
    };
    const auto items = items_of({
        alu({pred(0)}, {}, "ALU_PUSH_BEFORE"),  // 0
        cf("JUMP", {{"ADDR", 8}}),              // 1: no lane with x > 0: to the outer ELSE
        alu({pred(1)}, {}, "ALU_PUSH_BEFORE"),  // 2
        cf("JUMP", {{"ADDR", 5}}),              // 3
        alu({set(1.0f)}),                       // 4
        cf("ELSE", {{"ADDR", 7}}),              // 5
        alu({set(2.0f)}),                       // 6
        cf("POP", {{"POP_COUNT", 1}}),          // 7
        cf("ELSE", {{"ADDR", 10}}),             // 8
        alu({set(3.0f)}),                       // 9
        cf("POP", {{"POP_COUNT", 1}}),          // 10
        cf("END"),                              // 11
    });
    cx::machine<4> m(items);
    const float x[4] = {1, 1, -1, -1}, y[4] = {1, -1, 1, -1}, expected[4] = {1, 2, 3, 3};
    for (std::size_t l = 0; l < 4; ++l) {
        reg(m, 1, 0, l) = bits(x[l]);
        reg(m, 1, 1, l) = bits(y[l]);
    }
    REQUIRE(m.run().ok());
    for (std::size_t l = 0; l < 4; ++l) CHECK(as_f(reg(m, 2, 0, l)) == expected[l]);

    // Every lane takes the outer then-part: JUMP 1 falls through, the outer ELSE finds no lane
    // and jumps to its POP.
    cx::machine<4> all(items);
    for (std::size_t l = 0; l < 4; ++l) {
        reg(all, 1, 0, l) = bits(1.0f);
        reg(all, 1, 1, l) = bits(y[l]);
    }
    REQUIRE(all.run().ok());
    for (std::size_t l = 0; l < 4; ++l) CHECK(as_f(reg(all, 2, 0, l)) == (y[l] > 0 ? 1.0f : 2.0f));
}

TEST_CASE("cayman exec: a DX10 loop with LOOP_BREAK", "[cayman][exec]") {
    // Lane l counts R0.x up to R0.y = l + 1 and adds 2 to R1.y each time: after the loop
    // R0.x = l + 1, R1.y = 2 (l + 1) (3.7.4: LOOP_END goes around while some lane has not broken).
    cm::alu_group step{
        {ins(c::alu_op2, "ADD_INT", {{"DST_GPR", 0}, {"SRC0_SEL", 0}, {"SRC1_SEL", 250}, {"WRITE_MASK", 1}}), ins(c::alu_op2, "ADD_INT",
                                                                                                                  {{"DST_GPR", 1},
                                                                                                                   {"DST_CHAN", 1},
                                                                                                                   {"SRC0_SEL", 1},
                                                                                                                   {"SRC0_CHAN", 1},
                                                                                                                   {"SRC1_SEL", 253},
                                                                                                                   {"SRC1_CHAN", 1},
                                                                                                                   {"WRITE_MASK", 1},
                                                                                                                   {"LAST", 1}})},
        {0, 2}};
    cm::alu_group done{{ins(c::alu_op2, "PRED_SETGE_INT",
                            {{"SRC0_SEL", 0}, {"SRC1_SEL", 0}, {"SRC1_CHAN", 1}, {"UPDATE_EXEC_MASK", 1}, {"UPDATE_PRED", 1}, {"LAST", 1}})},
                       {}};
    const auto items = items_of({
        cf("LOOP_START_DX10", {{"ADDR", 7}}),  // 0
        alu({step}),                           // 1
        alu({done}, {}, "ALU_PUSH_BEFORE"),    // 2
        cf("JUMP", {{"ADDR", 5}}),             // 3
        cf("LOOP_BREAK", {{"ADDR", 6}}),       // 4
        cf("POP", {{"POP_COUNT", 1}}),         // 5
        cf("LOOP_END", {{"ADDR", 1}}),         // 6
        cf("END"),                             // 7
    });
    cx::machine<8> m(items);
    for (std::size_t l = 0; l < 8; ++l) reg(m, 0, 1, l) = static_cast<std::uint32_t>(l + 1);
    REQUIRE(m.run().ok());
    for (std::size_t l = 0; l < 8; ++l) {
        CHECK(reg(m, 0, 0, l) == l + 1);
        CHECK(reg(m, 1, 1, l) == 2 * (l + 1));
    }
}

TEST_CASE("cayman exec: a DX9 loop, its loop index aL and LOCK_LOOP_INDEX constants", "[cayman][exec]") {
    // 3.7.3: LOOP_START reads the integer constant CF_CONST = {trip count, initial aL, step}.
    // Loop constant 2 = {2, 16, 16}: aL = 16 then 32. Body (one group): x: ADD_INT R1.x += LOOP_IDX
    // (238); y: ADD_INT R1.y += KC0[1].y with bank 0 locked as LOCK_LOOP_INDEX at line 0: the
    // constant is (aL / 16 + 0) * 16 + 1 = 17, then 33. z: MOV R[2 + aL / 16 ...] is not used;
    // relative addressing: w: MOV R[0 + aL].w with INDEX_MODE LOOP writes R16.w then R32.w.
    cm::alu_group body{
        {ins(c::alu_op2, "ADD_INT", {{"DST_GPR", 1}, {"SRC0_SEL", 1}, {"SRC1_SEL", 238}, {"INDEX_MODE", 4}, {"WRITE_MASK", 1}}),
         ins(c::alu_op2, "ADD_INT",
             {{"DST_GPR", 1},
              {"DST_CHAN", 1},
              {"SRC0_SEL", 1},
              {"SRC0_CHAN", 1},
              {"SRC1_SEL", 129},
              {"SRC1_CHAN", 1},
              {"INDEX_MODE", 4},
              {"WRITE_MASK", 1}}),
         ins(c::alu_op2, "MOV",
             {{"DST_GPR", 0}, {"DST_CHAN", 3}, {"DST_REL", 1}, {"SRC0_SEL", 238}, {"INDEX_MODE", 4}, {"WRITE_MASK", 1}, {"LAST", 1}})},
        {}};
    const auto items = items_of({
        cf("LOOP_START", {{"ADDR", 3}, {"CF_CONST", 2}}),
        alu({body}, {{"KCACHE_MODE0", 3}}),
        cf("LOOP_END", {{"ADDR", 1}, {"CF_CONST", 2}}),
        cf("END"),
    });
    cx::environment env;
    env.loops[2] = {2, 16, 16, 0};
    env.set_constant(0, 17, {0, 5, 0, 0});
    env.set_constant(0, 33, {0, 7, 0, 0});
    cx::machine<2> m(items);
    REQUIRE(m.run(env).ok());
    for (std::size_t l = 0; l < 2; ++l) {
        CHECK(reg(m, 1, 0, l) == 48u);  // 16 + 32
        CHECK(reg(m, 1, 1, l) == 12u);  // 5 + 7
        CHECK(reg(m, 16, 3, l) == 16u);
        CHECK(reg(m, 32, 3, l) == 32u);
    }
    // A trip count of 0: LOOP_START jumps past the LOOP_END at once.
    env.loops[2] = {0, 16, 16, 0};
    cx::machine<2> none(items);
    REQUIRE(none.run(env).ok());
    CHECK(reg(none, 1, 0, 0) == 0u);
}

TEST_CASE("cayman exec: CALL and RETURN, a conditional call on a boolean constant", "[cayman][exec]") {
    // 0 JUMP COND(FALSE) -> 3 (every lane fails: jump); 1-2 the subroutine: R3.x = 7, RETURN;
    // 3 CALL COND(BOOL, b0) -> 1; 4 R2.x = R3.x + 1; 5 END (3.7.6).
    cm::alu_group set{{ins(c::alu_op2, "MOV", {{"DST_GPR", 3}, {"SRC0_SEL", 253}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {7, 0}};
    cm::alu_group add{{ins(c::alu_op2, "ADD_INT", {{"DST_GPR", 2}, {"SRC0_SEL", 3}, {"SRC1_SEL", 250}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {}};
    const auto items = items_of({
        cf("JUMP", {{"ADDR", 3}, {"COND", 1}}),
        alu({set}),
        cf("RETURN"),
        cf("CALL", {{"ADDR", 1}, {"COND", 2}}),
        alu({add}),
        cf("END"),
    });
    cx::environment env;
    env.booleans[0] = true;
    cx::machine<4> m(items);
    REQUIRE(m.run(env).ok());
    CHECK(reg(m, 3, 0, 2) == 7u);
    CHECK(reg(m, 2, 0, 2) == 8u);
    env.booleans[0] = false;  // every lane fails the test: the call is skipped
    cx::machine<4> skipped(items);
    REQUIRE(skipped.run(env).ok());
    CHECK(reg(skipped, 3, 0, 2) == 0u);
    CHECK(reg(skipped, 2, 0, 2) == 1u);
}

TEST_CASE("cayman exec: KILL ends lanes at the end of the clause; exports skip them", "[cayman][exec]") {
    // KILLGT 0.5, R1.w kills the lanes with 0.5 > R1.w (8.2); EXPORT_DONE PIXEL0 R1 then
    // exports the others. R2.x is written by the KILL itself (1.0 killed, 0.0 kept).
    cm::alu_group kill{
        {ins(c::alu_op2, "KILLGT", {{"DST_GPR", 2}, {"SRC0_SEL", 252}, {"SRC1_SEL", 1}, {"SRC1_CHAN", 3}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {}};
    const auto items = items_of({
        alu({kill}),
        {ins(c::cf_alloc_export, "EXPORT_DONE", {{"TYPE", 0}, {"RW_GPR", 1}, {"SEL_Y", 1}, {"SEL_Z", 2}, {"SEL_W", 3}}), {}, {}},
        cf("END"),
    });
    cx::machine<4> m(items);
    for (std::size_t l = 0; l < 4; ++l) {
        reg(m, 1, 0, l) = static_cast<std::uint32_t>(l);
        reg(m, 1, 3, l) = bits(l % 2 ? 1.0f : 0.0f);
    }
    cx::environment env;
    REQUIRE(m.run(env).ok());
    CHECK(reg(m, 2, 0, 0) == bits(1.0f));
    CHECK(reg(m, 2, 0, 1) == 0u);
    REQUIRE(env.exports.size() == 2);
    CHECK(env.exports[0] == cx::export_record{0, 0, 1, {1, 0, 0, bits(1.0f)}, 0xF});
    CHECK(env.exports[1] == cx::export_record{0, 0, 3, {3, 0, 0, bits(1.0f)}, 0xF});
}

TEST_CASE("cayman exec: an exec-mask update with EXECUTE_MASK_OP BREAK leaves a DX10 loop", "[cayman][exec]") {
    // PRED_SETGT_INT R0.y, R0.x keeps the lanes whose limit is above the count; the others
    // break (EXECUTE_MASK_OP 1) at the clause's end, and LOOP_END goes around while a lane is left.
    cm::alu_group step{{ins(c::alu_op2, "ADD_INT", {{"DST_GPR", 0}, {"SRC0_SEL", 0}, {"SRC1_SEL", 250}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {}};
    cm::alu_group test{{ins(c::alu_op2, "PRED_SETGT_INT",
                            {{"SRC0_SEL", 0}, {"SRC0_CHAN", 1}, {"SRC1_SEL", 0}, {"UPDATE_EXEC_MASK", 1}, {"EXECUTE_MASK_OP", 1}, {"LAST", 1}})},
                       {}};
    const auto items = items_of({cf("LOOP_START_DX10", {{"ADDR", 3}}), alu({step, test}), cf("LOOP_END", {{"ADDR", 1}}), cf("END")});
    cx::machine<4> m(items);
    for (std::size_t l = 0; l < 4; ++l) reg(m, 0, 1, l) = static_cast<std::uint32_t>(2 * l + 1);
    REQUIRE(m.run().ok());
    for (std::size_t l = 0; l < 4; ++l) CHECK(reg(m, 0, 0, l) == 2 * l + 1);
}

TEST_CASE("cayman exec: ALU_ELSE_AFTER and ALU_POP_AFTER", "[cayman][exec]") {
    // 0 ALU_PUSH_BEFORE PRED_SETGT R1.x, 0; 1 ALU_ELSE_AFTER R2.x = 1.0; 2 ALU_POP_AFTER
    // R2.x = 2.0; 3 ALU R2.y = R2.x + 10 (every lane again).
    cm::alu_group pred{
        {ins(c::alu_op2, "PRED_SETGT", {{"SRC0_SEL", 1}, {"SRC1_SEL", 248}, {"UPDATE_EXEC_MASK", 1}, {"UPDATE_PRED", 1}, {"LAST", 1}})}, {}};
    const auto set = [](float v) {
        return cm::alu_group{{ins(c::alu_op2, "MOV", {{"DST_GPR", 2}, {"SRC0_SEL", 253}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {bits(v), 0}};
    };
    cm::alu_group add{
        {ins(c::alu_op2, "ADD", {{"DST_GPR", 2}, {"DST_CHAN", 1}, {"SRC0_SEL", 2}, {"SRC1_SEL", 253}, {"WRITE_MASK", 1}, {"LAST", 1}})},
        {bits(10.0f), 0}};
    const auto items = items_of({alu({pred}, {}, "ALU_PUSH_BEFORE"), alu({set(1.0f)}, {}, "ALU_ELSE_AFTER"),
                                 alu({set(2.0f)}, {}, "ALU_POP_AFTER"), alu({add}), cf("END")});
    cx::machine<2> m(items);
    reg(m, 1, 0, 0) = bits(1.0f);
    reg(m, 1, 0, 1) = bits(-1.0f);
    REQUIRE(m.run().ok());
    CHECK(as_f(reg(m, 2, 0, 0)) == 1.0f);
    CHECK(as_f(reg(m, 2, 1, 0)) == 11.0f);
    CHECK(as_f(reg(m, 2, 0, 1)) == 2.0f);
    CHECK(as_f(reg(m, 2, 1, 1)) == 12.0f);
}

TEST_CASE("cayman exec: exports with a burst, constant selects and a masked element", "[cayman][exec]") {
    // EXPORT POS60 R2, BURST_COUNT 1: R2 to position 60, R3 to 61; SEL_Y 0.0, SEL_Z 1.0, SEL_W MASK.
    const auto items = items_of({
        {ins(c::cf_alloc_export, "EXPORT",
             {{"TYPE", 1}, {"ARRAY_BASE", 60}, {"RW_GPR", 2}, {"BURST_COUNT", 1}, {"SEL_Y", 4}, {"SEL_Z", 5}, {"SEL_W", 7}}),
         {},
         {}},
        cf("END"),
    });
    cx::machine<1> m(items);
    reg(m, 2, 0, 0) = 11;
    reg(m, 3, 0, 0) = 12;
    cx::environment env;
    REQUIRE(m.run(env).ok());
    REQUIRE(env.exports.size() == 2);
    CHECK(env.exports[0] == cx::export_record{1, 60, 0, {11, 0, bits(1.0f), 0}, 0x7});
    CHECK(env.exports[1] == cx::export_record{1, 61, 0, {12, 0, bits(1.0f), 0}, 0x7});
}

TEST_CASE("cayman exec: memory exports write dwords at 3.9's addresses", "[cayman][exec]") {
    // MEM_WR_SCRATCH WRITE_IND, ELEM_SIZE 3, ARRAY_BASE 2, INDEX_GPR R5 (x = 1), BURST_COUNT 1,
    // COMP_MASK 0b1011: first_mem = (2 + 1) * 4 = 12; R2.x, R2.y, R2.w to 12, 13, 15, R3's to 16,
    // 17, 19; ARRAY_SIZE 2 clamps at (2 + 2) * 4 = 16, so only R2's dwords are written.
    // MEM_RING WRITE, ELEM_SIZE 0, ARRAY_BASE 7, ARRAY_SIZE 8: R4.x to 7.
    // MEM_EXPORT WRITE_IND, ELEM_SIZE 1, ARRAY_BASE 100, INDEX_GPR R5 (x = 1, a dword address):
    // R4.x, R4.y to 101, 102 (ARRAY_SIZE unused).
    const auto items = items_of({
        {ins(c::cf_alloc_export, "MEM_WR_SCRATCH",
             {{"TYPE", 1},
              {"ARRAY_BASE", 2},
              {"RW_GPR", 2},
              {"INDEX_GPR", 5},
              {"ELEM_SIZE", 3},
              {"BURST_COUNT", 1},
              {"COMP_MASK", 0xB},
              {"ARRAY_SIZE", 2}}),
         {},
         {}},
        {ins(c::cf_alloc_export, "MEM_RING", {{"TYPE", 0}, {"ARRAY_BASE", 7}, {"RW_GPR", 4}, {"COMP_MASK", 0xF}, {"ARRAY_SIZE", 8}}), {}, {}},
        {ins(c::cf_alloc_export, "MEM_EXPORT",
             {{"TYPE", 1}, {"ARRAY_BASE", 100}, {"RW_GPR", 4}, {"INDEX_GPR", 5}, {"ELEM_SIZE", 1}, {"COMP_MASK", 0xF}}),
         {},
         {}},
        cf("END"),
    });
    cx::machine<1> m(items);
    for (std::uint32_t chan = 0; chan < 4; ++chan) {
        reg(m, 2, chan, 0) = 20 + chan;
        reg(m, 3, chan, 0) = 30 + chan;
        reg(m, 4, chan, 0) = 40 + chan;
    }
    reg(m, 5, 0, 0) = 1;
    cx::environment env;
    REQUIRE(m.run(env).ok());
    const auto scratch = cm::opcode::cf_alloc_export_mem_wr_scratch;
    const auto ring = cm::opcode::cf_alloc_export_mem_ring, scatter = cm::opcode::cf_alloc_export_mem_export;
    const std::vector<cx::memory_record> expected{{scratch, 0, 12, 20}, {scratch, 0, 13, 21},  {scratch, 0, 15, 23},
                                                  {ring, 0, 7, 40},     {scatter, 0, 101, 40}, {scatter, 0, 102, 41}};
    CHECK(env.memory == expected);
}

namespace {

// Records every fetch and answers {RESOURCE_ID or BUFFER_ID, SAMPLER_ID, OFFSET, 7}.
struct recording_environment : cx::environment {
    std::vector<cx::fetch_request> seen;
    cx::vec4 fetch(const cx::fetch_request& r) {
        seen.push_back(r);
        return {r.resource, r.sampler, r.offset, 7};
    }
};

}  // namespace

TEST_CASE("cayman exec: a TC clause runs its texture and vertex fetches through the environment", "[cayman][exec]") {
    // SAMPLE R3 <- R1 SRC_SEL (Y, X, 1, 0), DST_SEL (X, Y, MASK, Z), RESOURCE 2, SAMPLER 3:
    // the default returns the coordinates {R1.y, R1.x, 1.0, 0}, so R3 = {R1.y, R1.x, R3.z, 1.0}.
    // VTX FETCH R4 <- index R2.x, DST_SEL (X, 1, 0, Y), BUFFER 5, OFFSET 16: the default returns
    // {R2.x, 0, 0, 0}, so R4 = {R2.x, 1.0, 0, 0}. SET_GRADIENTS_H writes no register.
    const auto tex = *cm::find_opcode(c::tex, "SAMPLE");
    const auto sample = ins(c::tex, "SAMPLE",
                            {{"DST_GPR", 3},
                             {"DST_SEL_X", 0},
                             {"DST_SEL_Y", 1},
                             {"DST_SEL_Z", 7},
                             {"DST_SEL_W", 2},
                             {"SRC_GPR", 1},
                             {"SRC_SEL_X", 1},
                             {"SRC_SEL_Y", 0},
                             {"SRC_SEL_Z", 5},
                             {"SRC_SEL_W", 4},
                             {"RESOURCE_ID", 2},
                             {"SAMPLER_ID", 3}});
    const auto vertex = ins(c::vtx, "FETCH",
                            {{"DST_GPR", 4},
                             {"DST_SEL_X", 0},
                             {"DST_SEL_Y", 5},
                             {"DST_SEL_Z", 4},
                             {"DST_SEL_W", 1},
                             {"SRC_GPR", 2},
                             {"BUFFER_ID", 5},
                             {"OFFSET", 16}});
    const auto gradients = ins(c::tex, "SET_GRADIENTS_H", {{"DST_GPR", 5}, {"SRC_GPR", 1}});
    const auto items = items_of({{ins(c::cf, "TC"), {}, {sample, vertex, gradients}}, cf("END")});
    REQUIRE(items.size() == 5);
    CHECK(items[1].kind == cx::item_kind::fetch);
    const auto init = [](cx::machine<2>& m) {
        for (std::size_t l = 0; l < 2; ++l) {
            reg(m, 1, 0, l) = 10 + static_cast<std::uint32_t>(l);
            reg(m, 1, 1, l) = 20 + static_cast<std::uint32_t>(l);
            reg(m, 2, 0, l) = 30 + static_cast<std::uint32_t>(l);
            reg(m, 3, 2, l) = 99;
            reg(m, 5, 0, l) = 98;
        }
    };
    cx::machine<2> m(items);
    init(m);
    cx::environment env;
    REQUIRE(m.run(env).ok());
    for (std::uint32_t l = 0; l < 2; ++l) {
        CHECK(reg(m, 3, 0, l) == 20 + l);
        CHECK(reg(m, 3, 1, l) == 10 + l);
        CHECK(reg(m, 3, 2, l) == 99);
        CHECK(reg(m, 3, 3, l) == bits(1.0f));
        CHECK(reg(m, 4, 0, l) == 30 + l);
        CHECK(reg(m, 4, 1, l) == bits(1.0f));
        CHECK(reg(m, 4, 2, l) == 0);
        CHECK(reg(m, 4, 3, l) == 0);
        CHECK(reg(m, 5, 0, l) == 98);
    }
    // Another environment sees each request (three fetches, two lanes, in item then lane order).
    cx::machine<2> m2(items);
    init(m2);
    recording_environment rec;
    REQUIRE(m2.run(rec).ok());
    REQUIRE(rec.seen.size() == 6);
    CHECK(rec.seen[0].op == tex);
    CHECK(rec.seen[0].coord == cx::vec4{20, 10, bits(1.0f), 0});
    CHECK(rec.seen[3].lane == 1);
    CHECK(rec.seen[3].coord == cx::vec4{31, 0, 0, 0});
    CHECK(rec.seen[3].offset == 16);
    CHECK(reg(m2, 3, 0, 0) == 2);  // RESOURCE_ID
    CHECK(reg(m2, 3, 1, 0) == 3);  // SAMPLER_ID
    CHECK(reg(m2, 3, 3, 0) == 0);  // W <- result.z: OFFSET, 0 for a texture fetch
    CHECK(reg(m2, 4, 0, 1) == 5);  // BUFFER_ID
}

TEST_CASE("cayman exec: EMIT_VERTEX, EMIT_CUT_VERTEX, CUT_VERTEX, LDS_DEALLOC and HALT", "[cayman][exec]") {
    // Two lanes: EMIT_VERTEX, EMIT_CUT_VERTEX, CUT_VERTEX signal once a lane in order; LDS_DEALLOC
    // runs (does nothing); HALT ends the program like END: the ALU clause after it does not run.
    cm::alu_group g{{ins(c::alu_op2, "MOV", {{"DST_GPR", 1}, {"SRC0_SEL", 250}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {}};
    const auto items =
        items_of({cf("EMIT_VERTEX"), cf("EMIT_CUT_VERTEX"), cf("CUT_VERTEX"), cf("LDS_DEALLOC"), cf("HALT"), alu({g}), cf("END")});
    cx::machine<2> m(items);
    cx::environment env;
    REQUIRE(m.run(env).ok());
    const std::vector<cx::gs_event> expected{{0, true, false}, {1, true, false}, {0, true, true},
                                             {1, true, true},  {0, false, true}, {1, false, true}};
    CHECK(env.gs_events == expected);
    CHECK(reg(m, 1, 0, 0) == 0);
}

TEST_CASE("cayman exec: whole quad mode, REACTIVATE and the ALU_REACTIVATE_BEFORE / VALID_PIXEL_MODE clauses", "[cayman][exec]") {
    // Eight lanes (two quads), R0.x = the lane. Table 3.7 and 8.1, worked by hand:
    //  0 ALU_PUSH_BEFORE PRED_SETE_INT R0.x, 1 (exec mask)  active {1}
    //  1 PUSH_WQM                                            quad 0: {0-3}      2 R1.x += 1
    //  3 POP 1 -> {1}; 4 REACTIVATE: the push at 0 saved all  {0-7}     5 ALU_VALID_PIXEL_MODE R1.y += 1
    //  6 POP 1; 7 ALU_PUSH_BEFORE PRED_SETNE_INT R0.x, 6      {0-5, 7}
    //  8 ELSE_WQM: {6}, its quad {4-7}                        9 R1.z += 1
    // 10 ALU_REACTIVATE_BEFORE (the push at 7 saved all)      R1.w += 1      11 POP 1
    // 12 ALU_PUSH_BEFORE PRED_SETE_INT R0.x, 2 -> {2}; 13 PUSH; 14 POP_WQM 1: {2} -> {0-3}; 15 R2.x += 1
    // 16 POP 1; 17 ALU_PUSH_BEFORE PRED_SETE_INT R0.x, 5 -> {5}; 18 PUSH; 19 REACTIVATE_WQM: the
    //    push at 18 saved {5} -> {4-7}; 20 R2.y += 1; 21 POP 2; 22 END
    const auto test = [](std::string_view op, std::uint32_t value) {
        return cm::alu_group{
            {ins(c::alu_op2, op, {{"SRC0_SEL", 0}, {"SRC1_SEL", 253}, {"UPDATE_EXEC_MASK", 1}, {"UPDATE_PRED", 1}, {"LAST", 1}})}, {value, 0}};
    };
    const auto count = [](std::uint32_t gpr, std::uint32_t chan) {
        return cm::alu_group{{ins(c::alu_op2, "ADD_INT",
                                  {{"DST_GPR", gpr},
                                   {"DST_CHAN", chan},
                                   {"SRC0_SEL", gpr},
                                   {"SRC0_CHAN", chan},
                                   {"SRC1_SEL", 250},
                                   {"WRITE_MASK", 1},
                                   {"LAST", 1}})},
                             {}};
    };
    const auto items = items_of({
        alu({test("PRED_SETE_INT", 1)}, {}, "ALU_PUSH_BEFORE"),
        cf("PUSH_WQM"),
        alu({count(1, 0)}),
        cf("POP", {{"POP_COUNT", 1}}),
        cf("REACTIVATE"),
        alu({count(1, 1)}, {}, "ALU_VALID_PIXEL_MODE"),
        cf("POP", {{"POP_COUNT", 1}}),
        alu({test("PRED_SETNE_INT", 6)}, {}, "ALU_PUSH_BEFORE"),
        cf("ELSE_WQM"),
        alu({count(1, 2)}),
        alu({count(1, 3)}, {}, "ALU_REACTIVATE_BEFORE"),
        cf("POP", {{"POP_COUNT", 1}}),
        alu({test("PRED_SETE_INT", 2)}, {}, "ALU_PUSH_BEFORE"),
        cf("PUSH"),
        cf("POP_WQM", {{"POP_COUNT", 1}}),
        alu({count(2, 0)}),
        cf("POP", {{"POP_COUNT", 1}}),
        alu({test("PRED_SETE_INT", 5)}, {}, "ALU_PUSH_BEFORE"),
        cf("PUSH"),
        cf("REACTIVATE_WQM"),
        alu({count(2, 1)}),
        cf("POP", {{"POP_COUNT", 2}}),
        cf("END"),
    });
    cx::machine<8> m(items);
    for (std::uint32_t l = 0; l < 8; ++l) reg(m, 0, 0, l) = l;
    REQUIRE(m.run().ok());
    for (std::uint32_t l = 0; l < 8; ++l) {
        INFO("lane " << l);
        CHECK(reg(m, 1, 0, l) == (l < 4 ? 1u : 0u));
        CHECK(reg(m, 1, 1, l) == 1u);
        CHECK(reg(m, 1, 2, l) == (l >= 4 ? 1u : 0u));
        CHECK(reg(m, 1, 3, l) == 1u);
        CHECK(reg(m, 2, 0, l) == (l < 4 ? 1u : 0u));
        CHECK(reg(m, 2, 1, l) == (l >= 4 ? 1u : 0u));
    }
}

TEST_CASE("cayman exec: MOVA_INT and AR-relative operands in the next group", "[cayman][exec]") {
    // Group 1: MOVA_INT AR.X = R1.x (0-3 per lane). Group 2: MOV R[10 + AR].x = R[20 + AR].y.
    cm::alu_group mova{{ins(c::alu_op2, "MOVA_INT", {{"SRC0_SEL", 1}, {"LAST", 1}})}, {}};
    cm::alu_group move{
        {ins(c::alu_op2, "MOV",
             {{"DST_GPR", 10}, {"DST_REL", 1}, {"SRC0_SEL", 20}, {"SRC0_REL", 1}, {"SRC0_CHAN", 1}, {"WRITE_MASK", 1}, {"LAST", 1}})},
        {}};
    const auto items = items_of({alu({mova, move}), cf("END")});
    cx::machine<4> m(items);
    for (std::uint32_t l = 0; l < 4; ++l) {
        reg(m, 1, 0, l) = l;
        for (std::uint32_t r = 20; r < 24; ++r) reg(m, r, 1, l) = 100 * r + l;
    }
    REQUIRE(m.run().ok());
    for (std::uint32_t l = 0; l < 4; ++l)
        for (std::uint32_t r = 10; r < 14; ++r) CHECK(reg(m, r, 0, l) == (r - 10 == l ? 100 * (r + 10) + l : 0u));
}

TEST_CASE("cayman exec: DOT4 and MAX4 reductions", "[cayman][exec]") {
    // DOT4 in four slots: R1 . R2 = 1*5 + 2*6 + 3*7 + 4*8 = 70, written by slot x only;
    // then MAX4 of R1 = 4 (8.2), written by slot y.
    cm::alu_group dot, max;
    for (std::uint32_t ch = 0; ch < 4; ++ch) {
        dot.slots.push_back(ins(c::alu_op2, "DOT4",
                                {{"DST_GPR", 3},
                                 {"DST_CHAN", ch},
                                 {"SRC0_SEL", 1},
                                 {"SRC0_CHAN", ch},
                                 {"SRC1_SEL", 2},
                                 {"SRC1_CHAN", ch},
                                 {"WRITE_MASK", ch == 0},
                                 {"LAST", ch == 3}}));
        max.slots.push_back(
            ins(c::alu_op2, "MAX4",
                {{"DST_GPR", 4}, {"DST_CHAN", ch}, {"SRC0_SEL", 1}, {"SRC0_CHAN", ch}, {"WRITE_MASK", ch == 1}, {"LAST", ch == 3}}));
    }
    const auto items = items_of({alu({dot, max}), cf("END")});
    cx::machine<1> m(items);
    for (std::uint32_t ch = 0; ch < 4; ++ch) {
        reg(m, 1, ch, 0) = bits(static_cast<float>(ch + 1));
        reg(m, 2, ch, 0) = bits(static_cast<float>(ch + 5));
    }
    REQUIRE(m.run().ok());
    CHECK(as_f(reg(m, 3, 0, 0)) == 70.0f);
    CHECK(reg(m, 3, 1, 0) == 0u);
    CHECK(as_f(reg(m, 4, 1, 0)) == 4.0f);
}

TEST_CASE("cayman exec: previous-channel instructions, CUBE, FLT_TO_UINT4 and the MBCNT count", "[cayman][exec]") {
    // R1 = (1, 0.5, 2, 3), R2 = (7, 6, 5, 4), R3 = (1, 2, 255, 300), R4 = all 64 mask bits,
    // R9 = (0.5, -0.25, -2, 0). Results by hand from 8.2:
    //   MUL R5.w = 12, MUL R5.z = 10, MUL_PREV R5.y = 0.5 * W's 12 = 6, ADD_PREV R5.x = 1 + Z's 10 = 11;
    //   MUL R6.w = 12, DOT R6.z = 10 + 12 = 22, R6.y = 3 + 22 = 25, R6.x = 7 + 25 = 32;
    //   FLT_TO_UINT4 R7.x = 300 & 0xFF (44) << 24 | 255 << 16 | 2 << 8 | 1 = 0x2CFF0201;
    //   BCNT_INT R8.w = 32, BCNT_ACCUM_PREV_INT R8.z = 32 + 32 = 64 (the wavefront's threads),
    //   MBCNT_32HI_INT R8.y, MBCNT_32LO_ACCUM_PREV_INT R8.x = the lane's position;
    //   CUBE of (0.5, -0.25, -2): Z major, negative: face 5, S = -x = -0.5, T = -y = 0.25,
    //   2 * major axis = -4: R10 = (0.25, -0.5, -4, 5).
    const auto s = [](std::string_view m, std::uint32_t chan, std::uint32_t dst, std::uint32_t a, std::uint32_t ac, std::uint32_t b,
                      std::uint32_t bc) {
        cayman_programs::field_values two = {{"DST_GPR", dst}, {"DST_CHAN", chan}, {"SRC0_SEL", a},   {"SRC0_CHAN", ac},
                                             {"SRC1_SEL", b},  {"SRC1_CHAN", bc},  {"WRITE_MASK", 1}, {"LAST", chan == 3}};
        cayman_programs::field_values one = {{"DST_GPR", dst},  {"DST_CHAN", chan}, {"SRC0_SEL", a},
                                             {"SRC0_CHAN", ac}, {"WRITE_MASK", 1},  {"LAST", chan == 3}};
        return cm::info(*cm::find_opcode(c::alu_op2, m)).sources == 1 ? ins(c::alu_op2, m, one) : ins(c::alu_op2, m, two);
    };
    cm::alu_group prev{
        {s("ADD_PREV", 0, 5, 1, 0, 0, 0), s("MUL_PREV", 1, 5, 1, 1, 0, 0), s("MUL", 2, 5, 1, 2, 2, 2), s("MUL", 3, 5, 1, 3, 2, 3)}, {}};
    cm::alu_group dot{{s("DOT", 0, 6, 1, 0, 2, 0), s("DOT", 1, 6, 1, 1, 2, 1), s("DOT", 2, 6, 1, 2, 2, 2), s("MUL", 3, 6, 1, 3, 2, 3)}, {}};
    cm::alu_group pack{{s("FLT_TO_UINT4", 0, 7, 3, 0, 0, 0), s("FLT_TO_UINT4", 1, 7, 3, 1, 0, 0), s("FLT_TO_UINT4", 2, 7, 3, 2, 0, 0),
                        s("FLT_TO_UINT4", 3, 7, 3, 3, 0, 0)},
                       {}};
    cm::alu_group count{{s("MBCNT_32LO_ACCUM_PREV_INT", 0, 8, 4, 0, 0, 0), s("MBCNT_32HI_INT", 1, 8, 4, 1, 0, 0),
                         s("BCNT_ACCUM_PREV_INT", 2, 8, 4, 2, 0, 0), s("BCNT_INT", 3, 8, 4, 3, 0, 0)},
                        {}};
    cm::alu_group cube{{s("CUBE", 0, 10, 9, 2, 9, 1), s("CUBE", 1, 10, 9, 2, 9, 0), s("CUBE", 2, 10, 9, 0, 9, 2), s("CUBE", 3, 10, 9, 1, 9, 2)},
                       {}};
    const auto items = items_of({alu({prev, dot, pack, count, cube}), cf("END")});
    cx::machine<64> m(items);
    const float r1[4] = {1, 0.5f, 2, 3}, r2[4] = {7, 6, 5, 4}, r3[4] = {1, 2, 255, 300}, r9[4] = {0.5f, -0.25f, -2, 0};
    for (std::size_t l = 0; l < 64; ++l)
        for (std::uint32_t ch = 0; ch < 4; ++ch) {
            reg(m, 1, ch, l) = bits(r1[ch]);
            reg(m, 2, ch, l) = bits(r2[ch]);
            reg(m, 3, ch, l) = bits(r3[ch]);
            reg(m, 4, ch, l) = 0xFFFFFFFFu;
            reg(m, 9, ch, l) = bits(r9[ch]);
        }
    REQUIRE(m.run().ok());
    const float r5[4] = {11, 6, 10, 12}, r6[4] = {32, 25, 22, 12}, r10[4] = {0.25f, -0.5f, -4, 5};
    for (std::uint32_t ch = 0; ch < 4; ++ch) {
        CHECK(as_f(reg(m, 5, ch, 9)) == r5[ch]);
        CHECK(as_f(reg(m, 6, ch, 9)) == r6[ch]);
        CHECK(as_f(reg(m, 10, ch, 9)) == r10[ch]);
    }
    CHECK(reg(m, 7, 0, 0) == 0x2CFF0201u);
    for (std::size_t l = 0; l < 64; ++l) {
        CHECK(reg(m, 8, 0, l) == l);
        CHECK(reg(m, 8, 2, l) == 64u);
    }
}

TEST_CASE("cayman exec: CF KILL kills the active lanes inside a branch", "[cayman][exec]") {
    // 0 ALU_PUSH_BEFORE PRED_SETGT R1.x, 0; 1 KILL (chapter 9: kills the pixels passing COND
    // ACTIVE, jumps to ADDR when none is left); 2 POP 1; 3 EXPORT_DONE PIXEL0 R1; 4 END.
    cm::alu_group pred{
        {ins(c::alu_op2, "PRED_SETGT", {{"SRC0_SEL", 1}, {"SRC1_SEL", 248}, {"UPDATE_EXEC_MASK", 1}, {"UPDATE_PRED", 1}, {"LAST", 1}})}, {}};
    const auto items = items_of({
        alu({pred}, {}, "ALU_PUSH_BEFORE"),
        cf("KILL", {{"ADDR", 2}}),
        cf("POP", {{"POP_COUNT", 1}}),
        {ins(c::cf_alloc_export, "EXPORT_DONE", {{"TYPE", 0}, {"RW_GPR", 1}, {"SEL_Y", 1}, {"SEL_Z", 2}, {"SEL_W", 3}}), {}, {}},
        cf("END"),
    });
    cx::machine<4> m(items);
    const float x[4] = {1, -1, 2, 0};
    for (std::size_t l = 0; l < 4; ++l) reg(m, 1, 0, l) = bits(x[l]);
    cx::environment env;
    REQUIRE(m.run(env).ok());
    REQUIRE(env.exports.size() == 2);
    CHECK(env.exports[0].lane == 1);
    CHECK(env.exports[1].lane == 3);
    CHECK(m.state().killed[0] != 0);
    CHECK(m.state().killed[1] == 0);
}

TEST_CASE("cayman exec: RAT_INST combines a dword with the UAV's as 9's CF_ALLOC_EXPORT_WORD0_RAT says", "[cayman][exec]") {
    // rat_combine(inst, old, src, cmp); an _RTN form (inst + 32) combines as its operation.
    STATIC_REQUIRE(cx::rat_combine(4, 5, 9, 5) == 9);    // CMPXCHG_INT: cmp == dst -> src
    STATIC_REQUIRE(cx::rat_combine(36, 5, 9, 6) == 5);   // CMPXCHG_INT_RTN: cmp != dst -> dst
    STATIC_REQUIRE(cx::rat_combine(7, 5, 9, 0) == 14);   // ADD
    STATIC_REQUIRE(cx::rat_combine(8, 5, 9, 0) == 0xFFFFFFFCu);  // SUB: dst - src
    STATIC_REQUIRE(cx::rat_combine(41, 5, 9, 0) == 4);   // RSUB_RTN: src - dst
    STATIC_REQUIRE(cx::rat_combine(10, 5, 0xFFFFFFFFu, 0) == 0xFFFFFFFFu);  // MIN_INT: -1 < 5
    STATIC_REQUIRE(cx::rat_combine(11, 5, 0xFFFFFFFFu, 0) == 5);            // MIN_UINT
    STATIC_REQUIRE(cx::rat_combine(12, 5, 0xFFFFFFFFu, 0) == 5);            // MAX_INT
    STATIC_REQUIRE(cx::rat_combine(45, 5, 0xFFFFFFFFu, 0) == 0xFFFFFFFFu);  // MAX_UINT_RTN
    STATIC_REQUIRE(cx::rat_combine(14, 0b1100, 0b1010, 0) == 0b1000);       // AND
    STATIC_REQUIRE(cx::rat_combine(15, 0b1100, 0b1010, 0) == 0b1110);       // OR
    STATIC_REQUIRE(cx::rat_combine(48, 0b1100, 0b1010, 0) == 0b0110);       // XOR_RTN
    STATIC_REQUIRE(cx::rat_combine(18, 3, 3, 0) == 0);   // INC_UINT: dst >= src -> 0
    STATIC_REQUIRE(cx::rat_combine(50, 2, 3, 0) == 3);   // INC_UINT_RTN: dst + 1
    STATIC_REQUIRE(cx::rat_combine(19, 0, 7, 0) == 7);   // DEC_UINT: dst == 0 -> src
    STATIC_REQUIRE(cx::rat_combine(51, 8, 7, 0) == 7);   // DEC_UINT_RTN: dst > src -> src
    STATIC_REQUIRE(cx::rat_combine(19, 4, 7, 0) == 3);   // dst - 1
    STATIC_REQUIRE(cx::rat_combine(20, 4, 0x12345678u, 0) == 0x12345678u);  // STORE_DWORD
    STATIC_REQUIRE(cx::rat_combine(21, 4, 0x12345678u, 0) == 0x5678u);      // STORE_SHORT
    STATIC_REQUIRE(cx::rat_combine(22, 4, 0x12345678u, 0) == 0x78u);        // STORE_BYTE
    STATIC_REQUIRE(cx::rat_combine(34, 4, 9, 0) == 9);   // XCHG_RTN
}

TEST_CASE("cayman exec: MEM_RAT stores and atomics, their returns, and the combined and cacheless forms", "[cayman][exec]") {
    // Two lanes. STORE_TYPED, RAT 3, WRITE_IND by R1.x = lane, ELEM_SIZE 3, COMP_MASK 0b0101:
    // element l is dwords 4l to 4l + 3; R2.x to 4l, R2.z to 4l + 2.
    // ADD_RTN, RAT 1, by R3.x = 5 (both lanes), R4 = {data, returnAddr}: the host preloaded 7 at 5;
    // lane 0: 7 + 10 = 17, returns 7 at 100; lane 1: 17 + 20 = 37, returns 17 at 101.
    // COMBINED CMPXCHG_INT_RTN, RAT 1, R5 = {99, 200 + l, cmp 37, address 5}: lane 0 finds 37 and
    // writes 99, returns 37 at 200; lane 1 finds 99 != 37, keeps it, returns 99 at 201.
    // CACHELESS STORE_BYTE, RAT 2, TYPE EXPORT_WRITE (element 0): R6.x's low byte. NOP: nothing.
    const auto rat = [](std::string_view m, cayman_programs::field_values f) -> cm::cf_item { return {ins(c::cf_alloc_export, m, f), {}, {}}; };
    const auto items = items_of({
        rat("MEM_RAT", {{"RAT_INST", 1}, {"RAT_ID", 3}, {"TYPE", 1}, {"INDEX_GPR", 1}, {"RW_GPR", 2}, {"ELEM_SIZE", 3}, {"COMP_MASK", 5}}),
        rat("MEM_RAT", {{"RAT_INST", 39}, {"RAT_ID", 1}, {"TYPE", 1}, {"INDEX_GPR", 3}, {"RW_GPR", 4}, {"COMP_MASK", 15}}),
        rat("MEM_RAT_COMBINED", {{"RAT_INST", 36}, {"RAT_ID", 1}, {"RW_GPR", 5}, {"COMP_MASK", 15}}),
        rat("MEM_RAT_CACHELESS", {{"RAT_INST", 22}, {"RAT_ID", 2}, {"TYPE", 0}, {"RW_GPR", 6}, {"COMP_MASK", 1}}),
        rat("MEM_RAT", {{"RAT_INST", 0}, {"RAT_ID", 2}, {"RW_GPR", 6}, {"COMP_MASK", 1}}),
        cf("END"),
    });
    cx::machine<2> m(items);
    for (std::uint32_t l = 0; l < 2; ++l) {
        reg(m, 1, 0, l) = l;
        for (std::uint32_t chan = 0; chan < 4; ++chan) reg(m, 2, chan, l) = 10 * l + chan + 1;
        reg(m, 3, 0, l) = 5;
        reg(m, 4, 0, l) = 10 + 10 * l;
        reg(m, 4, 1, l) = 100 + l;
        reg(m, 5, 0, l) = 99;
        reg(m, 5, 1, l) = 200 + l;
        reg(m, 5, 2, l) = 37;
        reg(m, 5, 3, l) = 5;
        reg(m, 6, 0, l) = l ? 0x5678u : 0x1234u;
    }
    const auto mr = cm::opcode::cf_alloc_export_mem_rat, comb = cm::opcode::cf_alloc_export_mem_rat_combined;
    const auto less = cm::opcode::cf_alloc_export_mem_rat_cacheless;
    cx::environment env;
    env.memory_write({mr, 0, 5, 7, 1});  // the host's preload
    REQUIRE(m.run(env).ok());
    const std::vector<cx::memory_record> expected{
        {mr, 0, 5, 7, 1},
        {mr, 0, 0, 1, 3},
        {mr, 0, 2, 3, 3},
        {mr, 1, 4, 11, 3},
        {mr, 1, 6, 13, 3},
        {mr, 0, 5, 17, 1},
        {mr, 0, 100, 7, 1, true},
        {mr, 1, 5, 37, 1},
        {mr, 1, 101, 17, 1, true},
        {comb, 0, 5, 99, 1},
        {comb, 0, 200, 37, 1, true},
        {comb, 1, 5, 99, 1},
        {comb, 1, 201, 99, 1, true},
        {less, 0, 0, 0x34, 2},
        {less, 1, 0, 0x78, 2},
    };
    CHECK(env.memory == expected);
    CHECK(env.memory_read({cx::memory_space::rat_return, 1, 0, 201}) == 99);
    CHECK(env.memory_read({cx::memory_space::rat, 2, 0, 0}) == 0x78);
    // RAT_INDEX_MODE (a CF index register) is refused with its reason.
    cx::machine<2> refused(items_of({rat("MEM_RAT", {{"RAT_INST", 1}, {"RAT_INDEX_MODE", 1}}), cf("END")}));
    CHECK(refused.run(env).error.code == ctisa::errors::not_executable);
}

TEST_CASE("cayman exec: MEM_RD_SCRATCH and MEM_RD_SCATTER read back what the exports wrote (6.1)", "[cayman][exec]") {
    // MEM_WR_SCRATCH, ARRAY_BASE 2, ELEM_SIZE 1, index R5.x = lane: lane l's R2.x, R2.y at
    // (2 + l) * 2 and on, in its own scratch. MEM_RD_SCRATCH, the same base and index, DST_SEL
    // (Y, X, 1, MASK): R7 = {R2.y, R2.x, 1.0, R7.w}. An index past ARRAY_SIZE 2 clamps to 1: lane
    // 1 (R6.x = 9) reads element 2 + 1 = 3, its own dwords 6 and 7.
    // MEM_EXPORT, ARRAY_BASE 10, index R5.x: R3.x to dword 10 + l, shared. MEM_RD_SCATTER, the same
    // base, BURST_CNT 1, DST_SEL (X, 0, 0, MASK): R8.x = dword 10 + l, R9.x = dword 11 + l: lane 0
    // reads lane 1's 31, lane 1 reads dword 12, never written: 0.
    const auto rd = [](std::string_view m, cayman_programs::field_values f) { return ins(c::mem_rd, m, f); };
    const auto items = items_of({
        {ins(c::cf_alloc_export, "MEM_WR_SCRATCH",
             {{"TYPE", 1}, {"ARRAY_BASE", 2}, {"RW_GPR", 2}, {"INDEX_GPR", 5}, {"ELEM_SIZE", 1}, {"COMP_MASK", 3}, {"ARRAY_SIZE", 8}}),
         {},
         {}},
        {ins(c::cf_alloc_export, "MEM_EXPORT", {{"TYPE", 1}, {"ARRAY_BASE", 10}, {"RW_GPR", 3}, {"INDEX_GPR", 5}, {"COMP_MASK", 1}}), {}, {}},
        {ins(c::cf, "TC"),
         {},
         {rd("MEM_RD_SCRATCH", {{"INDEXED", 1},
                                {"SRC_GPR", 5},
                                {"ARRAY_BASE", 2},
                                {"ELEM_SIZE", 1},
                                {"ARRAY_SIZE", 8},
                                {"DST_GPR", 7},
                                {"DST_SEL_X", 1},
                                {"DST_SEL_Y", 0},
                                {"DST_SEL_Z", 5},
                                {"DST_SEL_W", 7}}),
          rd("MEM_RD_SCRATCH", {{"INDEXED", 1},
                                {"SRC_GPR", 6},
                                {"ARRAY_BASE", 2},
                                {"ELEM_SIZE", 1},
                                {"ARRAY_SIZE", 2},
                                {"DST_GPR", 10},
                                {"DST_SEL_X", 0},
                                {"DST_SEL_Y", 1},
                                {"DST_SEL_Z", 7},
                                {"DST_SEL_W", 7}}),
          rd("MEM_RD_SCATTER", {{"INDEXED", 1},
                                {"SRC_GPR", 5},
                                {"ARRAY_BASE", 10},
                                {"BURST_CNT", 1},
                                {"DST_GPR", 8},
                                {"DST_SEL_X", 0},
                                {"DST_SEL_Y", 4},
                                {"DST_SEL_Z", 4},
                                {"DST_SEL_W", 7}})}},
        cf("END"),
    });
    cx::machine<2> m(items);
    for (std::uint32_t l = 0; l < 2; ++l) {
        reg(m, 2, 0, l) = 20 + 10 * l;
        reg(m, 2, 1, l) = 21 + 10 * l;
        reg(m, 3, 0, l) = 30 + l;
        reg(m, 5, 0, l) = l;
        reg(m, 6, 0, l) = l ? 9u : 0u;
        reg(m, 7, 3, l) = 77;
    }
    cx::environment env;
    REQUIRE(m.run(env).ok());
    for (std::uint32_t l = 0; l < 2; ++l) {
        CHECK(reg(m, 7, 0, l) == 21 + 10 * l);
        CHECK(reg(m, 7, 1, l) == 20 + 10 * l);
        CHECK(reg(m, 7, 2, l) == bits(1.0f));
        CHECK(reg(m, 7, 3, l) == 77);
        CHECK(reg(m, 8, 0, l) == 30 + l);
        CHECK(reg(m, 8, 1, l) == 0);
    }
    CHECK(reg(m, 10, 0, 0) == 20);  // lane 0: index 0, element 2
    CHECK(reg(m, 10, 0, 1) == 30);  // lane 1: index 9 clamped to 1, element 3: its own dwords 6, 7
    CHECK(reg(m, 10, 1, 1) == 31);
    CHECK(reg(m, 9, 0, 0) == 31);
    CHECK(reg(m, 9, 0, 1) == 0);
}

TEST_CASE("cayman exec: a GDS clause runs GDS operations, the ordered count and TF writes (9.6)", "[cayman][exec]") {
    // Two lanes, one after the other. GDS_WRITE R1 (x: byte address 8 + 4l, y: 5 + l): dwords 2, 3.
    // GDS_ADD_RET R2 (x 8, y 10) -> R3 with DST_SEL (X, MASK, 1, 0): lane 0 finds 5, leaves 15;
    // lane 1 finds 15, leaves 25. GDS_BYTE_WRITE R4 (x 13, y 0xAB): dword 3's byte 1: 0xAB06.
    // GDS_READ_RET R4 -> R8.x: 0xAB06. ATOMIC_ORDERED_ALLOC_RET R5.x = 0x83 (7 low bits: 3) ->
    // R6.x: 0 then 3. TF_WRITE R7 (x 4 + l, y 0.5f): dword 4 + l of the TF buffer.
    const auto gds = [](std::string_view m, std::uint32_t src, std::uint32_t dst, cayman_programs::field_values sel) {
        cm::instruction in = ins(c::gds, m, sel);
        in = cm::set(in, "SRC_GPR", src).value();
        in = cm::set(in, "SRC_SEL_Y", 1).value();
        return cm::set(in, "DST_GPR", dst).value();
    };
    const cayman_programs::field_values none{{"DST_SEL_X", 7}, {"DST_SEL_Y", 7}, {"DST_SEL_Z", 7}, {"DST_SEL_W", 7}};
    const cayman_programs::field_values x_only{{"DST_SEL_X", 0}, {"DST_SEL_Y", 7}, {"DST_SEL_Z", 7}, {"DST_SEL_W", 7}};
    cm::instruction tf = ins(c::tf, "MEM_TF_WRITE", {{"SRC_GPR", 7}, {"SRC_SEL_Y", 1}});
    const auto items = items_of(
        {{ins(c::cf, "GDS"),
          {},
          {gds("GDS_WRITE", 1, 0, none), gds("GDS_ADD_RET", 2, 3, {{"DST_SEL_X", 0}, {"DST_SEL_Y", 7}, {"DST_SEL_Z", 5}, {"DST_SEL_W", 4}}),
           gds("GDS_BYTE_WRITE", 4, 0, none), gds("GDS_READ_RET", 4, 8, x_only), gds("GDS_ATOMIC_ORDERED_ALLOC_RET", 5, 6, x_only), tf}},
         cf("END")});
    cx::machine<2> m(items);
    for (std::uint32_t l = 0; l < 2; ++l) {
        reg(m, 1, 0, l) = 8 + 4 * l;
        reg(m, 1, 1, l) = 5 + l;
        reg(m, 2, 0, l) = 8;
        reg(m, 2, 1, l) = 10;
        reg(m, 3, 1, l) = 66;
        reg(m, 4, 0, l) = 13;
        reg(m, 4, 1, l) = 0xAB;
        reg(m, 5, 0, l) = 0x83;
        reg(m, 7, 0, l) = 4 + l;
        reg(m, 7, 1, l) = bits(0.5f);
    }
    cx::environment env;
    REQUIRE(m.run(env).ok());
    CHECK(reg(m, 3, 0, 0) == 5);
    CHECK(reg(m, 3, 0, 1) == 15);
    CHECK(reg(m, 3, 1, 0) == 66);
    CHECK(reg(m, 3, 2, 1) == bits(1.0f));
    CHECK(reg(m, 3, 3, 1) == 0);
    CHECK(reg(m, 8, 0, 0) == 0xAB06u);
    CHECK(reg(m, 8, 0, 1) == 0xAB06u);
    CHECK(reg(m, 6, 0, 0) == 0);
    CHECK(reg(m, 6, 0, 1) == 3);
    CHECK(env.memory_read({cx::memory_space::gds, 0, 0, 2}) == 25);
    CHECK(env.memory_read({cx::memory_space::ordered_count, 0, 0, 0}) == 6);
    CHECK(env.memory_read({cx::memory_space::tf, 0, 0, 5}) == bits(0.5f));
    CHECK(env.memory.back() == cx::memory_record{cm::opcode::tf_mem_tf_write, 1, 5, bits(0.5f)});
}

TEST_CASE("cayman exec: GLOBAL_WAVE_SYNC on one wavefront, JUMP_ANY and the interrupts", "[cayman][exec]") {
    // INIT resource 2 to 1, SEMA_P (0), SEMA_V (1), BARRIER of one wave: the counter's records.
    // JUMP_ANY ADDR 6 on BOOL 0 (false): every lane fails, no jump: the ALU at 5 sets R1.x = 1.
    // JUMP_ANY ADDR 8 on ACTIVE: a lane passes, the ALU at 7 (R1.y = 1) is skipped. INTERRUPT and
    // INTERRUPT_AND_SLEEP at CF 8 and 9 (bytes 64, 72) are recorded and the program goes on.
    const auto gws = [](std::uint32_t op, std::uint32_t value) {
        return cf("GLOBAL_WAVE_SYNC", {{"GWS_OPCODE", op}, {"RESOURCE", 2}, {"VALUE", value}});
    };
    const auto mov = [](std::uint32_t chan) {
        return cm::alu_group{{ins(c::alu_op2, "MOV", {{"DST_GPR", 1}, {"DST_CHAN", chan}, {"SRC0_SEL", 250}, {"WRITE_MASK", 1}, {"LAST", 1}})},
                             {}};
    };
    const auto items = items_of({gws(3, 1), gws(1, 0), gws(0, 0), gws(2, 1), cf("JUMP_ANY", {{"ADDR", 6}, {"COND", 2}}), alu({mov(0)}),
                                 cf("JUMP_ANY", {{"ADDR", 8}}), alu({mov(1)}), cf("INTERRUPT"), cf("INTERRUPT_AND_SLEEP"), cf("END")});
    cx::machine<2> m(items);
    cx::environment env;
    REQUIRE(m.run(env).ok());
    const auto ws = cm::opcode::cf_global_wave_sync;
    CHECK(env.memory == std::vector<cx::memory_record>{{ws, 0, 2, 1}, {ws, 0, 2, 0}, {ws, 0, 2, 1}});
    for (std::size_t l = 0; l < 2; ++l) {
        CHECK(reg(m, 1, 0, l) == 1);
        CHECK(reg(m, 1, 1, l) == 0);
    }
    CHECK(env.interrupts == std::vector<cx::interrupt_record>{{cm::opcode::cf_interrupt, 64}, {cm::opcode::cf_interrupt_and_sleep, 72}});
    // SEMA_P on a zero count, or a barrier of two waves, would wait for ever: an error, not a hang.
    cx::machine<2> p(items_of({gws(1, 0), cf("END")}));
    cx::environment fresh;
    CHECK(p.run(fresh).error.code == ctisa::errors::not_executable);
    cx::machine<2> b(items_of({gws(2, 2), cf("END")}));
    CHECK(b.run(fresh).error.code == ctisa::errors::not_executable);
}

namespace {

// A host semantic table that maps semantic 6 to R9.
struct semantic_environment : cx::environment {
    std::uint32_t semantic_gpr(std::uint32_t id) const { return id == 6 ? 9u : id; }
};

}  // namespace

TEST_CASE("cayman exec: VTX SEMANTIC writes the GPR the semantic table names", "[cayman][exec]") {
    // SEMANTIC SEMANTIC_ID 6, index R2.x, DST_SEL (X, 1, MASK, 0): the default fetch returns
    // {R2.x, 0, 0, 0}; the default table writes R6, the host's table above R9.
    const auto items =
        items_of({{ins(c::cf, "TC"),
                   {},
                   {ins(c::vtx, "SEMANTIC",
                        {{"SEMANTIC_ID", 6}, {"SRC_GPR", 2}, {"DST_SEL_X", 0}, {"DST_SEL_Y", 5}, {"DST_SEL_Z", 7}, {"DST_SEL_W", 4}})}},
                  cf("END")});
    const auto run = [&](auto& env, std::uint32_t gpr) {
        cx::machine<1> m(items);
        reg(m, 2, 0, 0) = 42;
        reg(m, gpr, 2, 0) = 5;
        reg(m, gpr, 3, 0) = 5;
        REQUIRE(m.run(env).ok());
        CHECK(reg(m, gpr, 0, 0) == 42);
        CHECK(reg(m, gpr, 1, 0) == bits(1.0f));
        CHECK(reg(m, gpr, 2, 0) == 5);
        CHECK(reg(m, gpr, 3, 0) == 0);
    };
    cx::environment identity;
    run(identity, 6);
    semantic_environment host;
    run(host, 9);
}

TEST_CASE("cayman exec: JUMPTABLE goes through its table by a loop constant's element", "[cayman][exec]") {
    // 0 JUMPTABLE ADDR 4, CF_CONST 1, JUMPTABLE_SEL 1 (element B); 1-3 the table: JUMPs (COND
    // FALSE: every lane fails, so they jump) to 4, 6, 8; 4 R1.x = 1, 5 HALT; 6 R1.y = 1, 7 HALT;
    // 8 R1.z = 1, 9 END (an image has one END, its last CF instruction). I1 = {0, 2, 0, 0}: entry 2 -> 8, R1.z. I1.y = 7, past the table: ADDR
    // 4, R1.x.
    const auto mov = [](std::uint32_t chan) {
        return alu({cm::alu_group{
            {ins(c::alu_op2, "MOV", {{"DST_GPR", 1}, {"DST_CHAN", chan}, {"SRC0_SEL", 250}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {}}});
    };
    const auto jump = [](std::uint32_t to) { return cf("JUMP", {{"ADDR", to}, {"COND", 1}}); };
    const auto items = items_of({cf("JUMPTABLE", {{"ADDR", 4}, {"CF_CONST", 1}, {"JUMPTABLE_SEL", 1}}), jump(4), jump(6), jump(8), mov(0),
                                 cf("HALT"), mov(1), cf("HALT"), mov(2), cf("END")});
    for (const std::int32_t index : {2, 7}) {
        cx::machine<1> m(items);
        cx::environment env;
        env.loops[1] = {0, index, 0, 0};
        REQUIRE(m.run(env).ok());
        CHECK(reg(m, 1, 0, 0) == (index == 7 ? 1u : 0u));
        CHECK(reg(m, 1, 1, 0) == 0);
        CHECK(reg(m, 1, 2, 0) == (index == 2 ? 1u : 0u));
    }
}

TEST_CASE("cayman exec: the exception flags (4.13.2), SET_MODE and SET_LDS_SIZE", "[cayman][exec]") {
    // Clause 1: LOAD_STORE_FLAGS R1.w <- the flags (0, cleared at the clause's start), flags <- 0x21;
    // next group STORE_FLAGS R2.w <- 0x21, SET_MODE (writes nothing: R2.x stays 9); SET_LDS_SIZE 64,
    // then LDS_WRITE 5 at byte 100, past the new size: discarded. Clause 2: STORE_FLAGS R3.w <- 0.
    const auto op2 = [](std::string_view m, std::uint32_t dst, std::uint32_t chan, std::uint32_t src) {
        return ins(c::alu_op2, m, {{"DST_GPR", dst}, {"DST_CHAN", chan}, {"SRC0_SEL", src}, {"WRITE_MASK", 1}, {"LAST", 1}});
    };
    cm::alu_group load{{op2("LOAD_STORE_FLAGS", 1, 3, 253)}, {0x21, 0}};
    cm::alu_group store{{cm::set(op2("SET_MODE", 2, 0, 250), "LAST", 0).value(), op2("STORE_FLAGS", 2, 3, 0)}, {}};
    cm::alu_group size{{op2("SET_LDS_SIZE", 0, 0, 253)}, {64, 0}};
    cm::alu_group write{{ins(c::lds_idx_op, "LDS_WRITE", {{"SRC0_SEL", 253}, {"SRC1_SEL", 253}, {"SRC1_CHAN", 1}, {"LAST", 1}})}, {100, 5}};
    const auto items = items_of({alu({load, store, size, write}), alu({cm::alu_group{{op2("STORE_FLAGS", 3, 3, 0)}, {}}}), cf("END")});
    cx::machine<1> m(items);
    reg(m, 1, 3, 0) = 7;
    reg(m, 2, 0, 0) = 9;
    reg(m, 3, 3, 0) = 7;
    cx::environment env;
    REQUIRE(m.run(env).ok());
    CHECK(reg(m, 1, 3, 0) == 0);
    CHECK(reg(m, 2, 3, 0) == 0x21);
    CHECK(reg(m, 2, 0, 0) == 9);
    CHECK(reg(m, 3, 3, 0) == 0);
    CHECK(env.lds_size == 64);
    CHECK(env.lds_load(100, 4) == 0);
    CHECK(env.lds.empty());
    env.set_lds_size(1u << 20);  // capped at the LDS's 32 KiB
    CHECK(env.lds_size == 32768);
}

TEST_CASE("cayman exec: INTERP_* interpolate from the parameter cache in the LDS (7.3.2)", "[cayman][exec]") {
    // Parameter 1 (src1 = 1_INT; src0 for the loads) at LDS byte 48: P0 {1, 2, 3, 4}, P1 - P0 {0.5, 1.5, 2, -1},
    // P2 - P0 {0.25, -2, 4, 8}; I = R0.x = 0.5, J = R0.y = 0.25 (x, z slots read J, y, w read I).
    // INTERP_XY: X: y's tmp 1 + 0.5 * 0.5 = 1.25, x 1.25 + 0.25 * 0.25 = 1.3125; Y: w's tmp
    // 2 + 1.5 * 0.5 = 2.75, z 2.75 - 2 * 0.25 = 2.25, muxed onto y: R1 = {1.3125, 2.25, 2.25, 2.75}.
    // INTERP_ZW: Z: y 3 + 2 * 0.5 = 4, x 4 + 4 * 0.25 = 5; W: w 4 - 0.5 = 3.5, z 3.5 + 8 * 0.25 = 5.5;
    // z <- x's, w <- z's: R2 = {5, 4, 5, 5.5}. INTERP_X (x, y), INTERP_Z (z, w): R3 = {1.3125, 1.25,
    // 5, 4}. INTERP_LOAD_P0 / P10 / P20 / P0 in x, y, z, w: R4 = {P0.x, P10.y, P20.z, P0.w} = {1, 1.5, 4, 4}.
    const auto slot = [](std::string_view m, std::uint32_t dst, std::uint32_t ch) {
        return ins(c::alu_op2, m,
                   {{"DST_GPR", dst},
                    {"DST_CHAN", ch},
                    {"SRC0_SEL", 0},
                    {"SRC0_CHAN", ch % 2 == 0 ? 1u : 0u},
                    {"SRC1_SEL", 250},
                    {"WRITE_MASK", 1},
                    {"LAST", ch == 3}});
    };
    const auto group = [&](std::string_view lo, std::string_view hi, std::uint32_t dst) {
        return cm::alu_group{{slot(lo, dst, 0), slot(lo, dst, 1), slot(hi, dst, 2), slot(hi, dst, 3)}, {}};
    };
    const auto load = [](std::string_view m, std::uint32_t ch) {
        return ins(c::alu_op2, m, {{"DST_GPR", 4}, {"DST_CHAN", ch}, {"SRC0_SEL", 250}, {"WRITE_MASK", 1}, {"LAST", ch == 3}});
    };
    cm::alu_group loads{{load("INTERP_LOAD_P0", 0), load("INTERP_LOAD_P10", 1), load("INTERP_LOAD_P20", 2), load("INTERP_LOAD_P0", 3)}, {}};
    const auto items = items_of(
        {alu({group("INTERP_XY", "INTERP_XY", 1), group("INTERP_ZW", "INTERP_ZW", 2), group("INTERP_X", "INTERP_Z", 3), loads}), cf("END")});
    cx::machine<1> m(items);
    reg(m, 0, 0, 0) = bits(0.5f);
    reg(m, 0, 1, 0) = bits(0.25f);
    cx::environment env;
    const float params[12] = {1, 2, 3, 4, 0.5f, 1.5f, 2, -1, 0.25f, -2, 4, 8};
    for (std::uint32_t k = 0; k < 12; ++k) env.lds_store(48 + 4 * k, bits(params[k]), 4);
    REQUIRE(m.run(env).ok());
    const float expected[4][4] = {{1.3125f, 2.25f, 2.25f, 2.75f}, {5, 4, 5, 5.5f}, {1.3125f, 1.25f, 5, 4}, {1, 1.5f, 4, 4}};
    for (std::uint32_t g = 0; g < 4; ++g)
        for (std::uint32_t ch = 0; ch < 4; ++ch) {
            INFO("R" << g + 1 << " chan " << ch);
            CHECK(as_f(reg(m, g + 1, ch, 0)) == expected[g][ch]);
        }
}

namespace {

// A host whose SQ_PGM_START_FS is CF address `at` of the image.
struct fetch_shader_environment : cx::environment {
    std::uint32_t at = cx::no_fetch_shader;
    std::uint32_t fetch_shader() const { return at; }
};

}  // namespace

TEST_CASE("cayman exec: CALL_FS calls the fetch subroutine the host's SQ_PGM_START_FS names", "[cayman][exec]") {
    // 0 CALL_FS; 1 R1.y = 1; 2 HALT; 3 R1.x = 1 (the fetch subroutine); 4 RETURN; 5 END. The host
    // binds CF 3: the subroutine runs, then CF 1, then HALT. None bound (the default): the call
    // returns at once, R1.x stays 0. An address with no CF instruction: an error.
    const auto mov = [](std::uint32_t chan) {
        return alu({cm::alu_group{
            {ins(c::alu_op2, "MOV", {{"DST_GPR", 1}, {"DST_CHAN", chan}, {"SRC0_SEL", 250}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {}}});
    };
    const auto items = items_of({cf("CALL_FS"), mov(1), cf("HALT"), mov(0), cf("RETURN"), cf("END")});
    for (const std::uint32_t at : {3u, cx::no_fetch_shader}) {
        cx::machine<1> m(items);
        fetch_shader_environment env;
        env.at = at;
        REQUIRE(m.run(env).ok());
        CHECK(reg(m, 1, 0, 0) == (at == 3 ? 1u : 0u));
        CHECK(reg(m, 1, 1, 0) == 1);
    }
    cx::machine<1> m(items);
    fetch_shader_environment far;
    far.at = 100;
    CHECK(m.run(far).error.code == ctisa::errors::not_executable);
}

TEST_CASE("cayman exec: the interpreter's whole-group path gives its lane-by-lane results", "[cayman][exec]") {
    // A machine of 64 lanes runs groups whose slots all have value kernels on them (plain_group.hpp),
    // one of one lane (no whole block of lanes) lane by lane (group.hpp): every such opcode through
    // NEG, ABS, CLAMP, OMOD, WRITE_MASK off, PV, kcache, inline constants, the literal and the
    // reductions (exec_parity.hpp's value_lanes_program), on special values. All lanes (results go
    // straight to their rows), then 40 (kept until the group is done, then blended).
    using namespace cayman_exec_cases;
    const std::vector<cx::item> items = value_lanes_program();
    for (const std::size_t lanes : {64u, 40u}) {
        cx::machine<64> wide(items, lanes);
        lane_values(wide);
        cx::environment env;
        value_constants(env);
        REQUIRE(wide.run(env).ok());
        for (std::size_t l = 0; l < 64; ++l) {
            cx::machine<1> one(items, l < lanes ? 1 : 0);
            for (std::uint32_t r = 0; r < 4; ++r)
                for (std::uint32_t c = 0; c < 4; ++c) reg(one, r, c, 0) = special_values[(l + 5 * r + 3 * c + l / 16) % 16];
            cx::environment e;
            value_constants(e);
            REQUIRE(one.run(e).ok());
            // (a lane that does not run: its GPRs and PV only; a clause's start sets the others' rows)
            for (std::uint32_t r = 0; r < (l < lanes ? cx::row::count : cx::row::pv + 4); ++r) {
                INFO("lanes " << lanes << " lane " << l << " row " << r);
                REQUIRE(same_word(one.row(r)[0], wide.row(r)[l], true));
            }
        }
    }
}

TEST_CASE("cayman exec: a step budget ending inside a clause stops after the groups it counted", "[cayman][exec]") {
    // One clause of three groups, each ADD R0.x = R0.x + 0.5 (inline constant 252), then END:
    // items clause (0), the groups (1-3), the clause's end (4), END (5); a step an item. With
    // every lane of 64 active the groups take the interpreter's planned path (plain_group.hpp).
    const cm::alu_group add{{ins(c::alu_op2, "ADD", {{"SRC0_SEL", 0}, {"SRC1_SEL", 252}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {}};
    const auto items = items_of({alu({add, add, add}), cf("END")});
    struct expected {
        std::uint64_t budget;
        bool ok;
        std::uint32_t stop;  // the item the budget stops at
        float x;
    };
    for (const expected e : {expected{1, false, 1, 1.0f}, {3, false, 3, 2.0f}, {4, false, 4, 2.5f}, {5, false, 5, 2.5f}, {6, true, 0, 2.5f}}) {
        cx::machine<64> m(items);
        for (std::size_t l = 0; l < 64; ++l) reg(m, 0, 0, l) = bits(1.0f);
        const auto status = m.run(e.budget);
        INFO("budget " << e.budget);
        CHECK(status.ok() == e.ok);
        if (!e.ok) {
            CHECK(status.error.code == ctisa::error_code::step_limit);
            CHECK(status.error.offset == e.stop);
        }
        for (std::size_t l = 0; l < 64; ++l) {
            CHECK(as_f(reg(m, 0, 0, l)) == e.x);
            CHECK(as_f(m.row(cx::row::pv)[l]) == (e.budget > 1 ? e.x : 0.0f));  // PV.x: the last group's
        }
    }
}
