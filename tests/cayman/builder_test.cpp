// SPDX-License-Identifier: MIT
// The typed builders: operands to fields, groups in slot order with their literals, exports, fetches
// and clause starts.
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>

#include <ctisa/cayman/builder.hpp>
#include <ctisa/cayman/generated/builders.hpp>
#include <ctisa/cayman/unit_builders.hpp>

#include "programs.hpp"

namespace cm = ctisa::cayman;
using namespace ctisa::cayman::operands;
using ctisa::cayman::channel;

namespace {

constexpr cm::opcode op2(std::string_view m) { return *cm::find_opcode(cm::category::alu_op2, m); }
constexpr cm::opcode op3(std::string_view m) { return *cm::find_opcode(cm::category::alu_op3, m); }

constexpr std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

}  // namespace

TEST_CASE("cayman builder: operands become fields", "[cayman][builder]") {
    // MUL R0.w, -R1.x, KC0[3].y
    constexpr auto mul = cm::alu(op2("MUL"), R(0, channel::w), neg(R(1, channel::x)), kcache{0, 3, channel::y});
    STATIC_REQUIRE(cm::get(mul->in, "DST_CHAN") == 3u);
    STATIC_REQUIRE(cm::get(mul->in, "SRC0_SEL") == 1u);
    STATIC_REQUIRE(cm::get(mul->in, "SRC0_NEG") == 1u);
    STATIC_REQUIRE(cm::get(mul->in, "SRC1_SEL") == 131u);  // kcache bank 0 starts at 128
    STATIC_REQUIRE(cm::get(mul->in, "SRC1_CHAN") == 1u);
    STATIC_REQUIRE(cm::get(mul->in, "WRITE_MASK") == 1u);
    // MULADD R2.x, R1.x, KC3[1].x, PV.z: bank 3 starts at 288.
    constexpr auto mad = cm::alu(op3("MULADD"), R(2, channel::x), R(1, channel::x), kcache{3, 1, channel::x}, pv{channel::z});
    STATIC_REQUIRE(cm::get(mad->in, "SRC1_SEL") == 289u);
    STATIC_REQUIRE(cm::get(mad->in, "SRC2_SEL") == 254u);
    STATIC_REQUIRE(cm::get(mad->in, "SRC2_CHAN") == 2u);
    // LDS_WRITE: address R0.x, data R1.x; no DST_GPR in the LDS format.
    constexpr auto lds = cm::alu(*cm::find_opcode(cm::category::lds_idx_op, "LDS_WRITE"), R(0, channel::x), R(0, channel::x), R(1, channel::x));
    STATIC_REQUIRE(cm::get(lds->in, "SRC1_SEL") == 1u);
}

TEST_CASE("cayman builder: one named builder per ALU opcode, its arity fixed", "[cayman][builder]") {
    constexpr auto named = cm::alu_op2::mul(R(0, channel::w), neg(R(1, channel::x)), kcache{0, 3, channel::y});
    constexpr auto generic = cm::alu(op2("MUL"), R(0, channel::w), neg(R(1, channel::x)), kcache{0, 3, channel::y});
    STATIC_REQUIRE(named->in == generic->in);
    STATIC_REQUIRE(cm::alu_op3::muladd(R(1, channel::x), R(1, channel::x), one, half)->in.op == op3("MULADD"));
    STATIC_REQUIRE(cm::alu_op2::nop(R(0, channel::x))->in.op == op2("NOP"));
    STATIC_REQUIRE(cm::lds_idx_op::lds_read_ret(R(0, channel::x), R(0, channel::x))->in.op ==
                   *cm::find_opcode(cm::category::lds_idx_op, "LDS_READ_RET"));
    STATIC_REQUIRE(
        cm::group(cm::alu_op2::mov(R(0, channel::x), one).value(), cm::alu_op2::add(R(0, channel::y), R(1, channel::y), pv{channel::x}).value())
            .ok());
}

TEST_CASE("cayman builder: groups take slots from DST_CHAN and gather literals", "[cayman][builder]") {
    const auto g = cm::group(cm::alu(op2("MOV"), R(0, channel::y), literal{bits(1.0f), channel::y}).value(),
                             cm::alu(op2("ADD"), R(0, channel::x), R(1, channel::x), literal{bits(2.0f), channel::x}).value());
    REQUIRE(g);
    REQUIRE(g->slots.size() == 2);
    CHECK(cm::get(g->slots[0], "DST_CHAN") == 0u);
    CHECK(cm::get(g->slots[0], "LAST") == 0u);
    CHECK(cm::get(g->slots[1], "LAST") == 1u);
    CHECK(g->literals == std::vector<std::uint32_t>{bits(2.0f), bits(1.0f)});
    // A literal in Z makes four dwords (X and Y unnamed: zero).
    const auto z = cm::group(cm::alu(op2("MOV"), R(0, channel::z), literal{7, channel::z}).value());
    REQUIRE(z);
    CHECK(z->literals == std::vector<std::uint32_t>{0, 0, 7, 0});
    STATIC_REQUIRE(cm::group(cm::alu(op2("MOV"), R(0, channel::x), one).value()).ok());
}

TEST_CASE("cayman builder: bank swizzles chosen for the read ports", "[cayman][builder]") {
    // 4.7.7's illegal example with VEC_012 everywhere: GPR1.X and GPR3.X both on cycle 0.
    const auto g = cm::group(cm::alu(op2("MUL"), R(0, channel::x), R(1, channel::x), R(2, channel::x)).value(),
                             cm::alu(op2("MUL"), R(0, channel::y), R(3, channel::x), R(1, channel::y)).value(),
                             cm::alu(op2("MUL"), R(0, channel::z), R(2, channel::x), R(1, channel::y)).value());
    REQUIRE(g);
    CHECK(cm::check_group(g->slots, 0));
    CHECK((cm::get(g->slots[0], "BANK_SWIZZLE").value() | cm::get(g->slots[1], "BANK_SWIZZLE").value() |
           cm::get(g->slots[2], "BANK_SWIZZLE").value()) != 0u);  // not all VEC_012 any more
    // A legal group keeps the swizzles it was given.
    const auto legal = cm::group(cm::alu(op2("MUL"), R(0, channel::x), R(1, channel::x), R(2, channel::x)).value());
    CHECK(cm::get(legal->slots[0], "BANK_SWIZZLE") == 0u);
    // Four different GPRs of element X as src0 and src1 of two instructions plus a third: 5 X reads, 3 cycles.
    const auto impossible = cm::group(cm::alu(op3("MULADD"), R(0, channel::x), R(1, channel::x), R(2, channel::x), R(3, channel::x)).value(),
                                      cm::alu(op2("MUL"), R(0, channel::y), R(4, channel::x), R(5, channel::x)).value());
    CHECK(impossible.error().code == ctisa::error_code{cm::errors::gpr_read_port});
}

TEST_CASE("cayman builder: reductions and 64-bit ops slot by slot", "[cayman][builder]") {
    // DOT4 R2.x = R1.xyzw . KC0[0].xyzw: the vertex shader's first group, written field by field in
    // programs.hpp (slot c reads R1.c and KC0[0].c, only X writes).
    const auto dot = cm::reduction(op2("DOT4"), R(2, channel::x), xyzw(R(1, channel::x)), xyzw(kcache{0, 0, channel::x}));
    REQUIRE(dot);
    const auto g = cm::group(*dot);
    REQUIRE(g);
    CHECK(g->slots == cayman_programs::vertex_shader()[1].alu[0].slots);
    // ADD_64 twice, as chapter 8's example coissues it: slots X,Y (high dwords in X, low in Y) and Z,W,
    // each slot with its own destination GPR.
    const auto low = cm::slot_by_slot(op2("ADD_64"), each(R(5, channel::x), R(6, channel::y)), each(R(1, channel::y), R(2, channel::x)),
                                      each(R(3, channel::y), R(4, channel::x)));
    const auto high = cm::slot_by_slot(op2("ADD_64"), each(R(7, channel::z), R(8, channel::w)), each(R(9, channel::w), R(10, channel::z)),
                                       each(R(11, channel::w), R(12, channel::z)));
    REQUIRE(low);
    REQUIRE(high);
    REQUIRE(low->size() == 2);
    CHECK(cm::get((*low)[1].in, "DST_GPR") == 6u);
    CHECK(cm::get((*low)[1].in, "DST_CHAN") == 1u);
    CHECK(cm::get((*low)[1].in, "SRC0_SEL") == 2u);
    CHECK(cm::get((*low)[1].in, "SRC0_CHAN") == 0u);
    CHECK(cm::get((*low)[1].in, "SRC1_SEL") == 4u);
    CHECK(cm::get((*low)[1].in, "WRITE_MASK") == 1u);
    const auto both = cm::group((*low)[0], (*low)[1], (*high)[0], (*high)[1]);
    REQUIRE(both);
    CHECK(both->slots.size() == 4);
    // A single destination is written in each slot's channel: FLT32_TO_FLT64 R3.zw from R1.z/R1.w.
    const auto widen = cm::slot_by_slot(op2("FLT32_TO_FLT64"), R(3, channel::z), each(R(1, channel::z), R(1, channel::w)));
    REQUIRE(widen);
    CHECK(cm::get((*widen)[0].in, "DST_CHAN") == 2u);
    CHECK(cm::get((*widen)[1].in, "DST_CHAN") == 3u);
    CHECK(cm::get((*widen)[1].in, "SRC0_CHAN") == 3u);
    // MULADD_64 / FMA_64 (OP3, quad: all four slots) take a plain source in every slot.
    CHECK(cm::slot_by_slot(op3("FMA_64"), R(0, channel::x), xyzw(R(1, channel::x)), xyzw(R(2, channel::x)), zero)->size() == 4);
    // Refusals: a one-slot opcode, a per-slot list of the wrong length, a destination in another slot,
    // reduction() of a non-reduction.
    CHECK(cm::slot_by_slot(op2("ADD"), R(0, channel::x), R(1, channel::x), R(2, channel::x)).error().code ==
          ctisa::error_code::operand_not_allowed);
    CHECK(cm::slot_by_slot(op2("ADD_64"), R(0, channel::x), xyzw(R(1, channel::x)), R(2, channel::x)).error().code ==
          ctisa::error_code::too_many_operands);
    CHECK(cm::reduction(op2("DOT4"), R(0, channel::x), each(R(1, channel::x), R(1, channel::y)), R(2, channel::x)).error().code ==
          ctisa::error_code::missing_operand);
    CHECK(cm::slot_by_slot(op2("ADD_64"), each(R(0, channel::y), R(0, channel::x)), R(1, channel::x), R(2, channel::x)).error().code ==
          ctisa::error_code{cm::errors::destination_channel});
    CHECK(cm::reduction(op2("ADD_64"), R(0, channel::x), R(1, channel::x), R(2, channel::x)).error().code ==
          ctisa::error_code::operand_not_allowed);
    // At compile time too.
    STATIC_REQUIRE(cm::reduction(op2("MAX4"), R(4, channel::w), xyzw(R(1, channel::x))).value().size() == 4);
}

TEST_CASE("cayman builder: transcendentals and integer multiplies spread over their slots", "[cayman][builder]") {
    const auto recip = cm::spread(cm::alu_op2::recip_ieee(R(3, channel::y), R(1, channel::x)).value());
    REQUIRE(recip);
    REQUIRE(recip->size() == 3);  // X, Y, Z
    const auto g = cm::group(*recip);
    REQUIRE(g);
    CHECK(cm::get(g->slots[1], "WRITE_MASK") == 1u);  // only Y writes R3
    CHECK(cm::get(g->slots[0], "WRITE_MASK") == 0u);
    CHECK(cm::get(g->slots[2], "WRITE_MASK") == 0u);
    CHECK(cm::spread(cm::alu_op2::sin(R(0, channel::w), R(1, channel::x)).value())->size() == 4);  // writes W: all four
    const auto mullo = cm::spread(cm::alu_op2::mullo_int(R(2, channel::z), R(1, channel::x), R(1, channel::y)).value());
    REQUIRE(mullo);
    CHECK(cm::group(*mullo));
    CHECK(cm::spread(cm::alu_op2::dot4(R(0, channel::x), R(1, channel::x), R(2, channel::x)).value()).error().code ==
          ctisa::error_code::operand_not_allowed);  // a reduction: per-slot sources
    CHECK(cm::spread(cm::alu_op2::add(R(0, channel::x), R(1, channel::x), one).value()).error().code == ctisa::error_code::operand_not_allowed);
}

TEST_CASE("cayman builder: errors at run time", "[cayman][builder]") {
    using ce = ctisa::error_code;
    CHECK(cm::alu(op2("ADD"), R(0, channel::x), R(1, channel::x)).error().code == ce::missing_operand);
    CHECK(cm::alu(op2("MOV"), R(0, channel::x), R(1, channel::x), R(2, channel::x)).error().code == ce::too_many_operands);
    CHECK(cm::alu(op2("MOV"), R(128, channel::x), R(1, channel::x)).error().code == ce::register_out_of_range);
    CHECK(cm::alu(op2("MOV"), R(0, channel::x), kcache{0, 32, channel::x}).error().code == ce::register_out_of_range);
    CHECK(cm::alu(op3("MULADD"), R(0, channel::x), R(1, channel::x), R(2, channel::x), abs(R(3, channel::x))).error().code ==
          ce::modifier_not_allowed);
    CHECK(cm::alu(op3("MULADD"), R(0, channel::x), abs(R(1, channel::x)), R(2, channel::x), R(3, channel::x)).error().code ==
          ce::modifier_not_allowed);  // OP3 has no ABS at all
    CHECK(cm::alu(op2("MUL"), R(0, channel::x), literal{1, channel::x}, literal{2, channel::x}).error().code == ce::operands_conflict);
    CHECK(cm::alu(*cm::find_opcode(cm::category::tex, "SAMPLE"), R(0, channel::x)).error().code == ce::misplaced_statement);
    const auto two_x = cm::group(cm::alu(op2("MOV"), R(0, channel::x), one).value(), cm::alu(op2("MOV"), R(1, channel::x), one).value());
    CHECK(two_x.error().code == ce{cm::errors::slot_taken});
    const auto literal_clash = cm::group(cm::alu(op2("MOV"), R(0, channel::x), literal{1, channel::x}).value(),
                                         cm::alu(op2("MOV"), R(0, channel::y), literal{2, channel::x}).value());
    CHECK(literal_clash.error().code == ce::operands_conflict);
}

TEST_CASE("cayman unit builders: exports, fetches and clause starts", "[cayman][builder]") {
    using cm::sel;
    // EXPORT_DONE POS0 from R2.xyzw: TYPE 1, ARRAY_BASE 60.
    constexpr auto pos = cm::export_gpr(cm::export_target::pos, 0, R(2, channel::x), {}, true);
    STATIC_REQUIRE(cm::get(*pos, "ARRAY_BASE") == 60u);
    STATIC_REQUIRE(cm::get(*pos, "TYPE") == 1u);
    STATIC_REQUIRE(cm::info(pos->op).mnemonic == "EXPORT_DONE");
    constexpr auto param = cm::export_gpr(cm::export_target::param, 3, R(5, channel::x), {{sel::x, sel::y, sel::zero, sel::one}}, false);
    STATIC_REQUIRE(cm::get(*param, "SEL_W") == 5u);
    CHECK(cm::export_gpr(cm::export_target::pixel, 8, R(0, channel::x), {}, true).error().code == ctisa::error_code::number_out_of_range);

    constexpr auto sample = cm::texture(*cm::find_opcode(cm::category::tex, "SAMPLE"), R(1, channel::x), {}, R(0, channel::x),
                                        {{sel::x, sel::y, sel::zero, sel::zero}}, 2, 1);
    STATIC_REQUIRE(cm::get(*sample, "RESOURCE_ID") == 2u);
    STATIC_REQUIRE(cm::get(*sample, "SRC_SEL_Z") == 4u);
    CHECK(cm::texture(*cm::find_opcode(cm::category::tex, "SAMPLE"), R(1, channel::x), {}, R(0, channel::x),
                      {{sel::x, sel::mask, sel::x, sel::x}}, 0, 0)
              .error()
              .code == ctisa::error_code::bad_swizzle);

    constexpr auto fetch = cm::vertex_fetch(R(1, channel::x), {}, R(0, channel::y), 3, 35);
    STATIC_REQUIRE(cm::get(*fetch, "SRC_SEL_X") == 1u);
    STATIC_REQUIRE(cm::get(*fetch, "DATA_FORMAT") == 35u);
    CHECK(cm::vertex_fetch(R(1, channel::x), {}, R(0, channel::x), 0, 4).error().code == ctisa::error_code::reserved_value);

    constexpr auto alu = cm::alu_clause("ALU_PUSH_BEFORE", {cm::kcache_lock{1, 2, 2}, std::nullopt});
    STATIC_REQUIRE(cm::get(*alu, "KCACHE_BANK0") == 1u);
    STATIC_REQUIRE(cm::get(*alu, "KCACHE_MODE0") == 2u);
    CHECK(cm::alu_clause("ALU_EXTENDED").error().code == ctisa::error_code::unknown_mnemonic);

    // A whole program from builders: fetch, ALU with a locked constant, export, END.
    const std::vector<cm::cf_item> program{
        {cm::cf("TC"), {}, {*fetch}},
        {*cm::alu_clause("ALU", {cm::kcache_lock{0, 0, 1}, std::nullopt}),
         {*cm::group(cm::alu_op2::mul(R(2, channel::x), R(1, channel::x), kcache{0, 0, channel::x}).value())},
         {}},
        {*pos, {}, {}},
        {cm::cf("END"), {}, {}},
    };
    const auto image = cm::layout(program);
    REQUIRE(image);
    CHECK(cm::decode_program(*image));
}

TEST_CASE("cayman builder: output modifiers as typed options", "[cayman][builder]") {
    // ALU_WORD1_OP2: OMOD bits 5-6 (M2 = 1, M4 = 2, D2 = 3), CLAMP bit 31; MUL is OP2 1 at bits 7-17.
    constexpr auto mul =
        cm::with_output(cm::alu_op2::mul(R(0, channel::x), R(1, channel::x), R(2, channel::x)), {.scale = cm::omod::m4, .clamp = true});
    STATIC_REQUIRE(mul->in.dwords[1] == (1u << 4 | 2u << 5 | 1u << 7 | 1u << 31));  // WRITE_MASK bit 4
    STATIC_REQUIRE(cm::get(cm::with_output(cm::alu_op2::mov(R(0, channel::x), R(1, channel::x)), {.scale = cm::omod::d2})->in, "OMOD") == 3u);
    // ALU_WORD1_OP3 has CLAMP (bit 31) and no OMOD.
    constexpr auto mad = cm::alu_op3::muladd(R(0, channel::x), R(1, channel::x), R(2, channel::x), R(3, channel::x));
    STATIC_REQUIRE(cm::with_output(mad, {.clamp = true})->in.dwords[1] >> 31 == 1u);
    const auto scaled = cm::with_output(mad, {.scale = cm::omod::m2});
    REQUIRE(!scaled);
    CHECK(scaled.error().code == ctisa::error_code::modifier_not_allowed);
    CHECK(scaled.error().subject == "OMOD");
    // A reduction's four slots carry the same modifiers (4.8.2 / reduction rule), else the group fails.
    const auto dot = [&](channel c, cm::omod m) { return cm::with_output(cm::alu_op2::dot4(R(0, c), R(1, c), R(2, c)), {.scale = m}).value(); };
    CHECK(cm::group(dot(channel::x, cm::omod::m2), dot(channel::y, cm::omod::m2), dot(channel::z, cm::omod::m2), dot(channel::w, cm::omod::m2)));
    const auto mixed =
        cm::group(dot(channel::x, cm::omod::m2), dot(channel::y, cm::omod::off), dot(channel::z, cm::omod::m2), dot(channel::w, cm::omod::m2));
    REQUIRE(!mixed);
    CHECK(mixed.error().code == ctisa::error_code{cm::errors::reduction_modifiers});
    // An error passes through unchanged.
    CHECK(cm::with_output(cm::alu_op2::mov(R(128, channel::x), R(1, channel::x)), {.clamp = true}).error().code ==
          ctisa::error_code::register_out_of_range);
}

TEST_CASE("cayman builder: an ALU clause with four kcache locks through ALU_EXTENDED", "[cayman][builder]") {
    constexpr auto c =
        cm::alu_extended_clause("ALU", {cm::kcache_lock{1, 2, 1}, std::nullopt, cm::kcache_lock{3, 4, 2}, cm::kcache_lock{5, 6, 1}}).value();
    // CF_ALU_WORD0_EXT: KCACHE_BANK2 25:22, KCACHE_BANK3 29:26, KCACHE_MODE2 31:30.
    STATIC_REQUIRE(c.extended.dwords[0] == (3u << 22 | 5u << 26 | 2u << 30));
    // CF_ALU_WORD1_EXT: KCACHE_MODE3 1:0, KCACHE_ADDR2 9:2, KCACHE_ADDR3 17:10, CF_INST 29:26 = 12.
    STATIC_REQUIRE(c.extended.dwords[1] == (1u | 4u << 2 | 6u << 10 | 12u << 26));
    // The clause's CF_ALU_WORD0: KCACHE_BANK0 25:22, KCACHE_MODE0 31:30; WORD1: KCACHE_ADDR0 9:2, CF_INST 8 (ALU).
    STATIC_REQUIRE(c.clause.dwords[0] == (1u << 22 | 1u << 30));
    STATIC_REQUIRE(c.clause.dwords[1] == (2u << 2 | 8u << 26));
    // Laid out: bank 2 (LOCK_2, 32 constants) serves KC2[17]; bank 3 (LOCK_1, 16) does not serve KC3[17].
    const auto read = [](std::uint32_t sel) {
        return cm::alu_group{{cm::set(cm::set(cm::make(op2("MOV")), "SRC0_SEL", sel).value(), "LAST", 1).value()}, {}};
    };
    std::vector<cm::cf_item> items{{c.extended, {}, {}}, {c.clause, {read(256 + 17)}, {}}, {cm::cf("END"), {}, {}}};
    CHECK(cm::layout(items));
    items[1].alu[0] = read(256 + 32 + 17);
    CHECK(cm::layout(items).error().code == ctisa::error_code{cm::errors::kcache_not_locked});
    CHECK(cm::alu_extended_clause("ALU_EXTENDED", {}).error().code == ctisa::error_code::unknown_mnemonic);
}
