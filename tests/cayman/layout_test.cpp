// SPDX-License-Identifier: MIT
// Whole programs laid out (clause addresses, counts and fetch alignment computed) and decoded back:
// a vertex shader with a vertex fetch and exports, a pixel shader with a texture fetch and KILL, a
// compute kernel with a loop, LDS, a GDS clause and a UAV store.
#include <catch2/catch.hpp>

#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

#include <ctisa/cayman/layout.hpp>

#include "programs.hpp"

namespace cm = ctisa::cayman;

namespace {

using namespace cayman_programs;

// The units the image must decode to, in memory order, pads left out: CF instructions (ADDR and
// COUNT as the layout computed them), then each clause's instructions and literal slots.
struct expected_unit {
    cm::unit_role role;
    cm::instruction in;
};

std::vector<expected_unit> expected_units(const std::vector<cm::cf_item>& items, const std::vector<std::uint8_t>& image) {
    std::vector<expected_unit> out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        cm::instruction cf = items[i].cf;
        for (std::size_t d = 0; d < 2; ++d)
            cf.dwords[d] = static_cast<std::uint32_t>(image[8 * i + 4 * d]) | (static_cast<std::uint32_t>(image[8 * i + 4 * d + 1]) << 8) |
                           (static_cast<std::uint32_t>(image[8 * i + 4 * d + 2]) << 16) |
                           (static_cast<std::uint32_t>(image[8 * i + 4 * d + 3]) << 24);
        out.push_back({cm::unit_role::cf, cf});
    }
    for (const auto& item : items) {
        for (const auto& g : item.alu) {
            for (const auto& in : g.slots) out.push_back({cm::unit_role::alu, in});
            for (std::size_t l = 0; l < g.literals.size(); l += 2) {
                cm::instruction lit{};
                lit.dwords[0] = g.literals[l];
                lit.dwords[1] = g.literals[l + 1];
                out.push_back({cm::unit_role::literal, lit});
            }
        }
        for (const auto& f : item.fetches) out.push_back({cm::unit_role::fetch, f});
    }
    return out;
}

void round_trip(const std::vector<cm::cf_item>& items) {
    const auto image = cm::layout(items);
    INFO((image ? std::string("laid out") : std::string(image.error().message()) + " " + std::string(image.error().subject)));
    REQUIRE(image);
    const auto program = cm::decode_program(*image);
    INFO((program ? std::string("decoded") : std::string(program.error().message()) + " at " + std::to_string(program.error().offset)));
    REQUIRE(program);
    const auto expected = expected_units(items, *image);
    std::vector<cm::program_unit> units;
    for (const auto& u : program->units)
        if (u.role != cm::unit_role::pad) units.push_back(u);
    REQUIRE(units.size() == expected.size());
    for (std::size_t i = 0; i < units.size(); ++i) {
        INFO("unit " << i << " at " << units[i].offset);
        CHECK(units[i].role == expected[i].role);
        if (units[i].role == cm::unit_role::literal) CHECK(units[i].in.dwords == expected[i].in.dwords);
        else CHECK(units[i].in == expected[i].in);
        if (units[i].role == cm::unit_role::fetch) CHECK(units[i].offset % 16 == 0);
    }
}

std::uint32_t field(const std::vector<std::uint8_t>& image, std::size_t unit, std::string_view name, cm::opcode op) {
    cm::instruction in{op, {}};
    for (std::size_t d = 0; d < 2; ++d)
        for (std::size_t b = 0; b < 4; ++b) in.dwords[d] |= static_cast<std::uint32_t>(image[8 * unit + 4 * d + b]) << (8 * b);
    return cm::get(in, name).value();
}

}  // namespace

TEST_CASE("cayman layout: three realistic programs round-trip through their images", "[cayman][layout]") {
    round_trip(vertex_shader());
    round_trip(pixel_shader());
    round_trip(compute_kernel());
}

TEST_CASE("cayman layout: addresses, counts and alignment the layout computes", "[cayman][layout]") {
    const auto image = cm::layout(vertex_shader()).value();
    const auto tc = *cm::find_opcode(c::cf, "TC");
    const auto alu = *cm::find_opcode(c::cf_alu, "ALU");
    // CF program: five instructions (40 bytes); the TC clause at 48 (16-byte aligned after a pad) holds
    // one fetch; the ALU clause follows at 64: DOT4 x4, MOV x2 and one literal slot = 7 slots.
    CHECK(field(image, 0, "ADDR", tc) == 6);
    CHECK(field(image, 0, "COUNT", tc) == 0);
    CHECK(field(image, 1, "ADDR", alu) == 8);
    CHECK(field(image, 1, "COUNT", alu) == 6);
    CHECK(image.size() == 64 + 7 * 8);
    CHECK(std::vector<std::uint8_t>(image.begin() + 40, image.begin() + 48) == std::vector<std::uint8_t>(8, 0));
}

TEST_CASE("cayman layout: kcache banks 2 and 3 through ALU_EXTENDED", "[cayman][layout]") {
    cm::alu_group read_bank2{{ins(c::alu_op2, "MOV", {{"SRC0_SEL", 256 + 17}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {}};
    std::vector<cm::cf_item> items{
        {ins(c::cf_alu, "ALU_EXTENDED", {{"KCACHE_MODE2", 2}, {"KCACHE_BANK2", 3}}), {}, {}},
        {ins(c::cf_alu, "ALU"), {read_bank2}, {}},
        {ins(c::cf, "END"), {}, {}},
    };
    round_trip(items);
    items[0].cf = cm::set(items[0].cf, "KCACHE_MODE2", 1).value();  // LOCK_1: constants 0-15 only
    CHECK(cm::layout(items).error().code == ctisa::error_code{cm::errors::kcache_not_locked});
    items.erase(items.begin());  // no ALU_EXTENDED: banks 2 and 3 are not locked at all
    CHECK(cm::layout(items).error().code == ctisa::error_code{cm::errors::kcache_not_locked});
}

TEST_CASE("cayman layout: a clause run by two CF instructions", "[cayman][layout]") {
    // ALU (item 0) owns the clause at 24 (ADDR 3, one MOV); ALU_POP_AFTER (item 1) shares it.
    const cm::alu_group mov{{ins(c::alu_op2, "MOV", {{"LAST", 1}})}, {}};
    const cm::cf_item end{ins(c::cf, "END"), {}, {}};
    const auto image = cm::layout({{ins(c::cf_alu, "ALU"), {mov}, {}}, {ins(c::cf_alu, "ALU_POP_AFTER"), {}, {}, 0}, end});
    REQUIRE(image);
    REQUIRE(image->size() == 32);
    CHECK((*image)[0] == 3);
    CHECK((*image)[8] == 3);
    const auto program = cm::decode_program(*image);
    REQUIRE(program);
    CHECK(program->units.size() == 4);  // three CF instructions, the clause once
    const auto refused = [&](std::vector<cm::cf_item> items, std::uint32_t offset) {
        const auto r = cm::layout(std::move(items));
        return !r && r.error().code == ctisa::error_code{cm::errors::not_a_clause} && r.error().offset == offset;
    };
    CHECK(refused({{ins(c::cf, "NOP"), {}, {}}, {ins(c::cf_alu, "ALU"), {}, {}, 0}, end}, 8));                      // NOP has no clause
    CHECK(refused({{ins(c::cf_alu, "ALU"), {mov}, {}}, {ins(c::cf, "TC"), {}, {}, 0}, end}, 8));                    // another kind
    CHECK(refused({{ins(c::cf_alu, "ALU"), {mov}, {}}, {ins(c::cf_alu, "ALU"), {mov}, {}, 0}, end}, 8));            // contents of its own
    CHECK(refused({{ins(c::cf_alu, "ALU"), {mov}, {}}, {ins(c::cf_alu, "ALU"), {}, {}, 7}, end}, 8));               // no item 7
    CHECK(refused({{ins(c::cf_alu, "ALU"), {}, {}, 1}, {ins(c::cf_alu, "ALU"), {}, {}, 0}, end}, 0));               // both sharing
    CHECK(refused({{ins(c::cf, "NOP"), {}, {}}, {ins(c::cf, "NOP"), {}, {}, 0}, end}, 8));                          // not a clause start
    // A jump target past the CF program (two instructions: CF addresses 0 and 1) is decode_program's
    // target_out_of_range already when laid out.
    const auto jump = [&](std::uint32_t addr) { return cm::layout({{ins(c::cf, "JUMP", {{"ADDR", addr}}), {}, {}}, end}); };
    CHECK(jump(1));
    CHECK(jump(2).error().code == ctisa::error_code{cm::errors::target_out_of_range});
    CHECK(jump(2).error().offset == 0);
}

TEST_CASE("cayman layout: what a program kind allows (2.1, 4.8.1, CALL_FS)", "[cayman][layout]") {
    using k = cm::program_kind;
    const auto refused = [](const std::vector<cm::cf_item>& items, k kind, ctisa::error_code code, std::uint32_t offset) {
        const auto r = cm::layout(items, kind);
        return !r && r.error().code == code && r.error().offset == offset;
    };
    CHECK(cm::layout(pixel_shader(), k::pixel));
    CHECK(cm::layout(pixel_shader(), k::unspecified));
    CHECK(cm::layout(vertex_shader(), k::vertex));
    CHECK(cm::layout(compute_kernel(), k::compute));
    // The pixel shader's KILLGT at 48: four CF units (32 bytes), the fetch clause's SAMPLE (16), then the ALU clause.
    CHECK(refused(pixel_shader(), k::vertex, ctisa::error_code{cm::errors::kill_outside_pixel}, 48));
    CHECK(refused(pixel_shader(), k::compute, ctisa::error_code{cm::errors::kill_outside_pixel}, 48));
    const cm::cf_item end{ins(c::cf, "END"), {}, {}};
    const std::vector<cm::cf_item> cf_kill{{ins(c::cf, "NOP"), {}, {}}, {ins(c::cf, "KILL", {{"ADDR", 2}}), {}, {}}, end};
    CHECK(cm::layout(cf_kill, k::pixel));
    CHECK(refused(cf_kill, k::geometry, ctisa::error_code{cm::errors::kill_outside_pixel}, 8));
    const std::vector<cm::cf_item> call_fs{{ins(c::cf, "CALL_FS"), {}, {}}, end};
    CHECK(cm::layout(call_fs, k::vertex));
    CHECK(cm::layout(call_fs));
    CHECK(refused(call_fs, k::pixel, ctisa::error_code{cm::errors::call_fs_outside_vertex}, 0));
}

TEST_CASE("cayman layout: programs the layout refuses", "[cayman][layout]") {
    namespace e = cm::errors;
    using ce = ctisa::error_code;
    auto no_end = pixel_shader();
    no_end.pop_back();
    CHECK(cm::layout(no_end).error().code == ce{e::missing_end});

    auto bad_group = pixel_shader();
    bad_group[1].alu[0].slots[0] = cm::set(bad_group[1].alu[0].slots[0], "LAST", 0).value();
    const auto r = cm::layout(bad_group);
    CHECK(r.error().code == ce{e::last_bit});
    CHECK(r.error().offset == 48);  // CF 32 bytes, the TC clause 16

    auto unlocked = vertex_shader();
    unlocked[1].cf = cm::set(unlocked[1].cf, "KCACHE_MODE0", 0).value();
    CHECK(cm::layout(unlocked).error().code == ce{e::kcache_not_locked});
    CHECK(cm::layout(unlocked).error().offset == 64);

    auto kill_then_more = pixel_shader();
    kill_then_more[1].alu.push_back({{ins(c::alu_op2, "NOP", {{"LAST", 1}})}, {}});
    CHECK(cm::layout(kill_then_more).error().code == ce{e::kill_not_last});

    // 4.9.5 across groups: the compute kernel's first ALU clause (ADDR 7, byte 56) with two more
    // groups after its three: MOVA_INT in X at 80, a read of PV.x at 88.
    auto pv_after_mova = compute_kernel();
    pv_after_mova[1].alu.push_back({{ins(c::alu_op2, "MOVA_INT", {{"LAST", 1}})}, {}});
    pv_after_mova[1].alu.push_back({{ins(c::alu_op2, "MOV", {{"SRC0_SEL", 254}, {"LAST", 1}})}, {}});
    CHECK(cm::layout(pv_after_mova).error().code == ce{e::mova_pv_read});
    CHECK(cm::layout(pv_after_mova).error().offset == 88);
    pv_after_mova[1].alu.back().slots[0] = cm::set(pv_after_mova[1].alu.back().slots[0], "SRC0_CHAN", 1).value();
    CHECK(cm::layout(pv_after_mova));

    auto wrong_clause = pixel_shader();
    wrong_clause[0].fetches[0] = ins(c::gds, "GDS_ADD");
    CHECK(cm::layout(wrong_clause).error().code == ctisa::error_code::misplaced_statement);

    auto empty = pixel_shader();
    empty[1].alu.clear();
    CHECK(cm::layout(empty).error().code == ctisa::error_code::missing_operand);

    auto too_long = pixel_shader();
    too_long[0].fetches.assign(17, too_long[0].fetches[0]);  // table 3.2: 16 at most
    CHECK(cm::layout(too_long).error().code == ce{e::clause_too_long});
    too_long[0].fetches.resize(16);
    CHECK(cm::layout(too_long));
    auto gds_too_long = compute_kernel();
    gds_too_long[4].fetches.assign(65, gds_too_long[4].fetches[0]);  // COUNT holds 64 at most
    CHECK(cm::layout(gds_too_long).error().code == ctisa::error_code::value_out_of_range);
}
