// SPDX-License-Identifier: MIT
// The generated named builders for CF, CF_ALLOC_EXPORT, TEX, VTX, MEM_RD, GDS and TF opcodes: dwords
// computed by hand from chapter 9's field tables, values checked, compile-time use.
#include <catch2/catch.hpp>

#include <ctisa/cayman/generated/unit_builders.hpp>

namespace cm = ctisa::cayman;
using cm::sel;

TEST_CASE("cayman unit builders: dwords from chapter 9's fields", "[cayman][builders]") {
    // CF_WORD0 ADDR 23:0; CF_WORD1 POP_COUNT 2:0, COND 9:8, CF_INST 29:22 (JUMP 10), BARRIER 31.
    STATIC_REQUIRE(cm::cf_op::jump({.addr = 5, .pop_count = 1, .cond = 2, .barrier = 1}).value().dwords[0] == 5);
    STATIC_REQUIRE(cm::cf_op::jump({.addr = 5, .pop_count = 1, .cond = 2, .barrier = 1}).value().dwords[1] ==
                   (1u | 2u << 8 | 10u << 22 | 1u << 31));
    STATIC_REQUIRE(cm::cf_op::end().value().dwords[1] == 32u << 22);  // END 32
    // EXPORT_DONE (84) of R1 to POS0 (ARRAY_BASE 60, TYPE 1): CF_ALLOC_EXPORT_WORD0 ARRAY_BASE 12:0,
    // TYPE 14:13, RW_GPR 21:15; WORD1_SWIZ SEL_X..W 2:0, 5:3, 8:6, 11:9.
    constexpr auto exp = cm::cf_alloc_export::export_done(
                             {.array_base = 60, .type = 1, .rw_gpr = 1, .sel_x = sel::x, .sel_y = sel::y, .sel_z = sel::z, .sel_w = sel::w})
                             .value();
    STATIC_REQUIRE(exp.dwords[0] == (60u | 1u << 13 | 1u << 15));
    STATIC_REQUIRE(exp.dwords[1] == (0u | 1u << 3 | 2u << 6 | 3u << 9 | 84u << 22));
    // The same instruction as the hand-written export builder gives.
    CHECK(exp == cm::export_gpr(cm::export_target::pos, 0, cm::operands::R(1, cm::channel::x), {}, true).value());
    // SAMPLE (16): TEX_WORD0 TEX_INST 4:0, RESOURCE_ID 15:8, SRC_GPR 22:16; TEX_WORD1 DST_GPR 6:0,
    // DST_SEL_X..W 11:9 14:12 17:15 20:18; TEX_WORD2 SAMPLER_ID 19:15, SRC_SEL_X..W 22:20 ... 31:29.
    constexpr auto tex = cm::tex::sample({.resource_id = 1,
                                          .src_gpr = 3,
                                          .dst_gpr = 2,
                                          .dst_sel_x = sel::x,
                                          .dst_sel_y = sel::y,
                                          .dst_sel_z = sel::mask,
                                          .dst_sel_w = sel::one,
                                          .sampler_id = 4,
                                          .src_sel_y = sel::y})
                             .value();
    STATIC_REQUIRE(tex.dwords[0] == (16u | 1u << 8 | 3u << 16));
    STATIC_REQUIRE(tex.dwords[1] == (2u | 1u << 12 | 7u << 15 | 5u << 18));
    STATIC_REQUIRE(tex.dwords[2] == (4u << 15 | 1u << 23));
    // GDS_ADD (GDS_OP 0): MEM_GDS_WORD0 MEM_INST 4:0 = 2, MEM_OP 10:8 = 4 (fixed), SRC_GPR 17:11;
    // MEM_GDS_WORD2 DST_SEL_X..W 2:0 ... 11:9.
    constexpr auto gds =
        cm::gds::gds_add({.src_gpr = 2, .dst_sel_x = sel::mask, .dst_sel_y = sel::mask, .dst_sel_z = sel::mask, .dst_sel_w = sel::mask}).value();
    STATIC_REQUIRE(gds.dwords[0] == (2u | 4u << 8 | 2u << 11));
    STATIC_REQUIRE(gds.dwords[1] == 0);
    STATIC_REQUIRE(gds.dwords[2] == (7u | 7u << 3 | 7u << 6 | 7u << 9));
    // MEM_RD_SCATTER: MEM_RD_WORD0 MEM_INST 2, MEM_OP 10:8 = 2, SRC_GPR 22:16.
    STATIC_REQUIRE(cm::mem_rd::mem_rd_scatter({.src_gpr = 1}).value().dwords[0] == (2u | 2u << 8 | 1u << 16));
    // MEM_TF_WRITE: MEM_OP 5.
    STATIC_REQUIRE(cm::tf::mem_tf_write().value().dwords[0] == (2u | 5u << 8));
    // FETCH (VC_INST 0) with DATA_FORMAT 32_32_32_32_FLOAT (35) in VTX_WORD1 bits 20:15... as vertex_fetch() sets it.
    CHECK(cm::vtx::fetch({.buffer_id = 3, .src_gpr = 0, .src_sel_x = cm::channel::y, .dst_gpr = 1, .data_format = 35}).value() ==
          cm::vertex_fetch(cm::operands::R(1, cm::channel::x), {{sel::x, sel::x, sel::x, sel::x}}, cm::operands::R(0, cm::channel::y), 3, 35)
              .value());
}

TEST_CASE("cayman unit builders: value sets as typed enums", "[cayman][builders]") {
    // Chapter 9's VTX_WORD1 DATA_FORMAT FMT_32_32_FLOAT (30), NUM_FORMAT_ALL SCALED (2), VTX_WORD2
    // ENDIAN_SWAP 8IN32 (2); ELEM_SIZE "4" (value 3: four dwords, 2 is reserved) and EXPORT TYPE PARAM (2).
    namespace en = cm::enums;
    constexpr auto typed = cm::vtx::fetch({.dst_gpr = 1,
                                           .data_format = en::data_format::fmt_32_32_float,
                                           .num_format_all = en::num_format::scaled,
                                           .endian_swap = en::endian_swap::swap_8in32});
    STATIC_REQUIRE(cm::get(typed.value(), "DATA_FORMAT") == 30u);
    STATIC_REQUIRE(cm::get(typed.value(), "NUM_FORMAT_ALL") == 2u);
    STATIC_REQUIRE(cm::get(typed.value(), "ENDIAN_SWAP") == 2u);
    // Numbers are still taken, checked as before: the same instruction.
    STATIC_REQUIRE(cm::vtx::fetch({.dst_gpr = 1, .data_format = 30, .num_format_all = 2, .endian_swap = 2}).value() == typed.value());
    STATIC_REQUIRE(cm::get(cm::cf_alloc_export::mem_stream0_buf0({.elem_size = en::elem_size::dwords_4}).value(), "ELEM_SIZE") == 3u);
    STATIC_REQUIRE(cm::get(cm::cf_alloc_export::export_({.type = en::export_type::param}).value(), "TYPE") == 2u);
    STATIC_REQUIRE(cm::get(cm::cf_op::jump({.cond = en::cf_cond::not_bool}).value(), "COND") == 3u);
}

TEST_CASE("cayman unit builders: values the fields cannot hold are errors", "[cayman][builders]") {
    const auto pop = cm::cf_op::jump({.pop_count = 8});  // POP_COUNT has 3 bits
    REQUIRE(!pop);
    CHECK(pop.error().code == ctisa::error_code::value_out_of_range);
    CHECK(pop.error().subject == "POP_COUNT");
    const auto src = cm::tex::sample({.src_sel_x = sel::mask});  // SRC_SEL has no MASK (value 7)
    REQUIRE(!src);
    CHECK(src.error().code == ctisa::error_code::reserved_value);
    const auto fmt = cm::vtx::fetch({.data_format = 4});  // DATA_FORMAT 4 is not in the list
    REQUIRE(!fmt);
    CHECK(fmt.error().code == ctisa::error_code::reserved_value);
    CHECK(cm::cf_op::loop_end({.addr = 0xFFFFFF}));
    CHECK(!cm::cf_op::loop_end({.addr = 0x1000000}));  // ADDR has 24 bits
}
