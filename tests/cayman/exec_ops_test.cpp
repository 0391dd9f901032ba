// SPDX-License-Identifier: MIT
// Every executable OP2 and OP3 opcode on the interpreter, against chapter 8 worked by hand
// (exec_cases.hpp), and the list of opcodes the executor refuses, each with its reason.
#include <algorithm>
#include <bit>
#include <iterator>
#include <map>
#include <utility>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <ctisa/cayman/exec/status.hpp>
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

TEST_CASE("cayman exec: every 64-bit opcode against chapter 8", "[cayman][exec]") {
    for (const wide_case& k : wide_cases) {
        INFO(std::string(k.mnemonic) << " " << std::hex << k.a << " " << k.b);
        const auto items = clause_program({wide_group(k, 2)});
        cx::machine<2> m(items);
        REQUIRE(m.run().ok());
        const auto pair = [&](std::uint32_t low) {
            return std::uint64_t{m.row(cx::row::gpr(2, low + 1))[1]} << 32 | m.row(cx::row::gpr(2, low))[1];
        };
        CHECK(pair(0) == k.expected);
        if (cm::info(wide_opcode(k)).slots == cm::alu_slots::quad) CHECK(pair(2) == k.expected_zw);
    }
}

TEST_CASE("cayman exec: a 64-bit predicate sets the predicate of both its slots", "[cayman][exec]") {
    // PRED_SETGT_64 with UPDATE_PRED in X (3 > 6 fails: skip), then a MOV predicated on
    // PRED_SEL_ONE does not run; PRED_SETGE_64 (6 >= 3: execute) lets it run.
    for (const bool passes : {false, true}) {
        const wide_case k{passes ? "PRED_SETGE_64" : "PRED_SETGT_64", passes ? 0x4018000000000000u : 0x4008000000000000u,
                          passes ? 0x4008000000000000u : 0x4018000000000000u};
        cx::item g = wide_group(k, 2);
        g.slots[0] = cm::set(g.slots[0], "UPDATE_PRED", 1).value();
        cx::item mov = case_group(op_case{"MOV", 0x12345678u, 0, 0, 0}, false, 3);
        mov.slots[0] = cm::set(mov.slots[0], "PRED_SEL", 3).value();
        const auto items = clause_program({g, mov});
        cx::machine<2> m(items);
        REQUIRE(m.run().ok());
        CHECK(m.row(cx::row::gpr(3, 0))[0] == (passes ? 0x12345678u : 0u));
    }
}

TEST_CASE("cayman exec: every LDS operation against table 8.11", "[cayman][exec]") {
    for (const lds_case& k : lds_cases) {
        INFO(k.mnemonic);
        const auto items = clause_program({lds_group(k), queue_group(2)});
        cx::machine<2> m(items, 1);  // one lane: the atomics run once
        cx::environment env;
        env.lds_store(8, k.old, 4);
        env.lds_store(k.second, k.old2, 4);
        REQUIRE(m.run(env).ok());
        CHECK(env.lds_load(8, 4) == k.mem);
        CHECK(env.lds_load(k.second, 4) == k.mem2);
        CHECK(m.row(cx::row::gpr(2, 0))[0] == k.oqa);
        CHECK(m.row(cx::row::gpr(2, 1))[0] == k.oqb);
        CHECK(m.row(cx::row::oq_length)[0] == 0);  // popped
    }
}

TEST_CASE("cayman exec: the LDS queues are first in, first out; a pop ends its group", "[cayman][exec]") {
    // Two reads return 11 then 22; MOV OQ_A_POP gives 11; a group reading OQ_A and OQ_A_POP sees
    // 22 in both (the pop comes at the group's end); then the queue is empty and reads 0. Lane 1
    // reads its own addresses (12, 28): its entries are 33 and 44.
    const lds_case first{"LDS_READ_RET"}, second{"LDS_READ_RET", 24};
    cx::item g1 = lds_group(first), g2 = lds_group(second);
    g1.slots[0] = cm::set(g1.slots[0], "SRC0_SEL", 0).value();  // the address from R0.x
    g2.slots[0] = cm::set(g2.slots[0], "SRC0_SEL", 0).value();
    g2.slots[0] = cm::set(g2.slots[0], "SRC0_CHAN", 1).value();  // R0.y
    cx::item both = queue_group(3);
    both.slots[1] = cm::set(both.slots[1], "SRC0_SEL", 219).value();  // y: OQ_A (no pop), x: OQ_A_POP
    const auto items = clause_program({g1, g2, queue_group(2), both, queue_group(4)});
    cx::machine<2> m(items);
    m.row(cx::row::gpr(0, 0))[0] = 8, m.row(cx::row::gpr(0, 1))[0] = 24;
    m.row(cx::row::gpr(0, 0))[1] = 12, m.row(cx::row::gpr(0, 1))[1] = 28;
    cx::environment env;
    env.lds_store(8, 11, 4), env.lds_store(24, 22, 4), env.lds_store(12, 33, 4), env.lds_store(28, 44, 4);
    REQUIRE(m.run(env).ok());
    CHECK(m.row(cx::row::gpr(2, 0))[0] == 11);
    CHECK(m.row(cx::row::gpr(3, 0))[0] == 22);
    CHECK(m.row(cx::row::gpr(3, 1))[0] == 22);
    CHECK(m.row(cx::row::gpr(4, 0))[0] == 0);
    CHECK(m.row(cx::row::gpr(2, 0))[1] == 33);
    CHECK(m.row(cx::row::gpr(3, 0))[1] == 44);
}

TEST_CASE("cayman exec: LDS writes past the LDS size are discarded, reads there give 0", "[cayman][exec]") {
    const lds_case k{"LDS_WRITE", 32764, 0x12345678};
    const auto items = clause_program({lds_group(k), lds_group(lds_case{"LDS_READ_RET", 32764}), queue_group(2)});
    cx::machine<2> m(items, 1);
    cx::environment env;
    env.lds_size = 32764;  // the last dword is past the end
    REQUIRE(m.run(env).ok());
    CHECK(env.lds_load(32764, 4) == 0);
    CHECK(m.row(cx::row::gpr(2, 0))[0] == 0);
    CHECK(m.row(cx::row::oq_length)[0] == 0);
    env.lds_size = 32768;
    REQUIRE(m.run(env).ok());
    CHECK(m.row(cx::row::gpr(2, 0))[0] == 0x12345678u);
}

TEST_CASE("cayman exec: the cases cover every opcode the executor runs", "[cayman][exec]") {
    std::set<std::string_view> tested;
    for (const op_case& k : op2_cases) tested.insert(k.mnemonic);
    for (const op_case& k : op3_cases) tested.insert(k.mnemonic);
    for (const wide_case& k : wide_cases) tested.insert(k.mnemonic);
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
                                                                "SAD_ACCUM_PREV_UINT",
                                                                "SET_MODE",
                                                                "SET_LDS_SIZE",
                                                                "STORE_FLAGS",
                                                                "LOAD_STORE_FLAGS",
                                                                "INTERP_XY",
                                                                "INTERP_ZW",
                                                                "INTERP_X",
                                                                "INTERP_Z",
                                                                "INTERP_LOAD_P0",
                                                                "INTERP_LOAD_P10",
                                                                "INTERP_LOAD_P20"};
            const bool own = std::find(std::begin(group_tested), std::end(group_tested), cm::info(op).mnemonic) != std::end(group_tested);
            INFO(cm::info(op).mnemonic);
            CHECK((own || tested.count(cm::info(op).mnemonic) == 1));
        }
    }
    // 192 OP2 + OP3 opcodes, every one runs.
    CHECK(total == 192);
    CHECK(runs == 192);
    // LDS_IDX_OP: every operation.
    std::size_t lds_runs = 0;
    const auto& lds = cm::info(cm::category::lds_idx_op);
    for (std::size_t i = 0; i < lds.opcode_count; ++i) {
        const auto op = static_cast<cm::opcode>(lds.first_opcode + i);
        if (!cx::lds_executes(op)) continue;
        ++lds_runs;
        INFO(cm::info(op).mnemonic);
        CHECK(std::any_of(std::begin(lds_cases), std::end(lds_cases), [&](const lds_case& k) { return k.mnemonic == cm::info(op).mnemonic; }));
    }
    CHECK(lds.opcode_count == 46);
    CHECK(lds_runs == 46);
}

TEST_CASE("cayman exec: a refused source select stops the run with not_executable at its CF", "[cayman][exec]") {
    auto items = clause_program({case_group(op_case{"MOV", 1, 0, 0, 1}, false, 3)});
    cx::item clock = case_group(op_case{"MOV", 0, 0, 0, 0}, false, 2);
    clock.slots[0] = cm::set(clock.slots[0], "SRC0_SEL", 227).value();  // TIME_HI: a clock, not modelled
    items.insert(items.begin() + 1, clock);
    cx::machine<2> m(items);
    const auto status = m.run();
    CHECK(status.error.code == ctisa::errors::not_executable);
    CHECK(status.error.offset == 0);
    CHECK(m.row(cx::row::gpr(3, 0))[0] == 0);  // the group after it did not run
}

namespace {

// Ordered distance in units in the last place between two floats of the same sign or zero.
std::int64_t ulp_distance(float a, float b) {
    const auto key = [](float x) {
        const auto u = static_cast<std::int64_t>(std::bit_cast<std::uint32_t>(x));
        return u & 0x80000000 ? -(u & 0x7FFFFFFF) : u;
    };
    return std::llabs(key(a) - key(b));
}

}  // namespace

TEST_CASE("cayman exec: SIN and COS within 2 ulp of sin(2 pi x) over the whole input domain", "[cayman][exec]") {
    // 8.2: the input is in turns (radians / 2 pi), valid on [-256, 256]; outside, 1.0. The
    // reference is binary80 sin of 2 pi x rounded once; exact zeros (x a multiple of 1/2 for SIN,
    // of 1/4 off a multiple of 1/2 for COS) are compared as zeros.
    constexpr long double two_pi = 6.283185307179586476925286766559005768L;
    std::int64_t worst = 0;
    std::size_t samples = 0;
    for (std::uint32_t u = 0; u <= 0x43800000u; u += 9973) {
        for (const float x : {std::bit_cast<float>(u), -std::bit_cast<float>(u)}) {
            for (const bool cosine : {false, true}) {
                const std::uint32_t got =
                    cx::compute(cosine ? cm::opcode::alu_op2_cos : cm::opcode::alu_op2_sin, std::bit_cast<std::uint32_t>(x), 0, 0);
                const long double t = static_cast<long double>(x);
                const bool exact_zero = cosine ? std::fmod(std::fabs(t) - 0.25L, 0.5L) == 0.0L : std::fmod(t, 0.5L) == 0.0L;
                const float ref = exact_zero ? 0.0f : static_cast<float>(cosine ? std::cos(two_pi * t) : std::sin(two_pi * t));
                const float value = std::bit_cast<float>(got);
                const std::int64_t d = exact_zero ? (value == 0.0f ? 0 : 99) : ulp_distance(value, ref);
                if (d > worst) worst = d;
                INFO((cosine ? "COS " : "SIN ") << x << " got " << value << " reference " << ref);
                REQUIRE(d <= 2);
                ++samples;
            }
        }
    }
    CHECK(samples > 400000);
    CHECK(worst <= 1);  // what alu.hpp claims: correctly rounded or one ulp off
    CHECK(cx::compute(cm::opcode::alu_op2_sin, std::bit_cast<std::uint32_t>(256.5f), 0, 0) == 0x3F800000u);        // out of range
    CHECK(cx::compute(cm::opcode::alu_op2_cos, std::bit_cast<std::uint32_t>(-INFINITY), 0, 0) == 0x3F800000u);      // out of range
    CHECK(std::isnan(std::bit_cast<float>(cx::compute(cm::opcode::alu_op2_sin, 0x7FC00000u, 0, 0))));               // NaN stays NaN
}

TEST_CASE("cayman exec: the status list says why exactly the opcodes the executor refuses do not run", "[cayman][exec]") {
    // Counts by category: ALU (OP2 + OP3) 192 of 192, LDS 46 of 46, CF 36 of 36 (TC, TC_ACK and GDS
    // clauses included), CF_ALLOC_EXPORT 29 of 29, CF_ALU 8 of 8; fetches: TEX 26 of 26,
    // VTX 3 of 3, MEM_RD 2 of 2; GDS 47 of 47, TF 1 of 1; the RAT_INST values (33) run
    // with MEM_RAT, the GWS_OPCODE values (4) with GLOBAL_WAVE_SYNC.
    std::map<cm::category, std::pair<std::size_t, std::size_t>> runs;  // runs, total
    for (std::size_t i = 0; i < cm::opcodes.size(); ++i) {
        const auto op = static_cast<cm::opcode>(i);
        const cm::category c = cm::info(op).cat;
        const bool listed = cx::not_executed(op).empty();
        bool refused = true;
        if (c == cm::category::alu_op2 || c == cm::category::alu_op3 || c == cm::category::lds_idx_op) {
            refused = !cx::executes(op) && !cx::lds_executes(op);
        } else if (c == cm::category::cf || c == cm::category::cf_alu || c == cm::category::cf_alloc_export) {
            cx::item it{};
            it.kind = c == cm::category::cf_alu ? cx::item_kind::clause : cx::item_kind::cf;
            it.cf = cm::make(op);
            refused = cx::describe_item(it).refused != cx::refusal::none;
        } else if (c == cm::category::rat || c == cm::category::gws) {
            cx::item it{};
            it.cf = cm::make(c == cm::category::rat ? cm::opcode::cf_alloc_export_mem_rat : cm::opcode::cf_global_wave_sync);
            it.cf = cm::set(it.cf, c == cm::category::rat ? "RAT_INST" : "GWS_OPCODE", cm::info(op).value).value();
            refused = cx::describe_item(it).refused != cx::refusal::none;
        } else {
            const bool gds = c == cm::category::gds || c == cm::category::tf;
            cx::item it{};
            it.kind = cx::item_kind::fetch;
            it.cf = cm::make(gds ? cm::opcode::cf_gds : cm::opcode::cf_tc);
            it.slots[0] = cm::make(op);
            refused = cx::describe_item(it).refused != cx::refusal::none;
        }
        INFO(cm::info(op).mnemonic);
        CHECK(listed == !refused);
        ++runs[c].second;
        if (listed) ++runs[c].first;
    }
    CHECK(runs[cm::category::alu_op2].first + runs[cm::category::alu_op3].first == 192);
    CHECK(runs[cm::category::lds_idx_op] == std::pair<std::size_t, std::size_t>{46, 46});
    CHECK(runs[cm::category::cf] == std::pair<std::size_t, std::size_t>{36, 36});
    CHECK(runs[cm::category::tex] == std::pair<std::size_t, std::size_t>{26, 26});
    CHECK(runs[cm::category::vtx] == std::pair<std::size_t, std::size_t>{3, 3});
    CHECK(runs[cm::category::mem_rd] == std::pair<std::size_t, std::size_t>{2, 2});
    CHECK(runs[cm::category::gds] == std::pair<std::size_t, std::size_t>{47, 47});
    CHECK(runs[cm::category::tf] == std::pair<std::size_t, std::size_t>{1, 1});
    CHECK(runs[cm::category::rat] == std::pair<std::size_t, std::size_t>{33, 33});
    CHECK(runs[cm::category::gws] == std::pair<std::size_t, std::size_t>{4, 4});
    CHECK(runs[cm::category::cf_alu] == std::pair<std::size_t, std::size_t>{8, 8});
    CHECK(runs[cm::category::cf_alloc_export] == std::pair<std::size_t, std::size_t>{29, 29});
}
