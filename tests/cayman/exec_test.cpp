// SPDX-License-Identifier: MIT
// Cayman's executor on small programs whose results are worked out by hand from the document:
// chapter 4 (groups read before they write, PV, kcache, literals, predicates) and chapter 3
// (the CF stack: PUSH / JUMP / ELSE / POP, DX10 loops with LOOP_BREAK).
#include <bit>
#include <cstdint>
#include <vector>

#include <catch2/catch.hpp>
#include <ctisa/cayman/executor.hpp>

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
