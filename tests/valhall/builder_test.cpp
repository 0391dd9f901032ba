// SPDX-License-Identifier: MIT
// The typed Valhall builders give Mesa's bytes for Mesa's cases, fold to constants, and report
// run-time misuse as errors.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include <ctisa/valhall/valhall.hpp>

#include "peer_cases.hpp"

namespace va = ctisa::valhall;
using namespace ctisa::valhall::operands;
using ctisa::error_code;
using ctisa_test::built_bytes;
using ctisa_test::valhall::case_bytes;

TEST_CASE("builders encode as Mesa's assembler", "[valhall][builder]") {
    using va::sel::h0;
    CHECK(built_bytes(va::mov_i32(r(1), r(2))) == case_bytes("MOV.i32 r1, r2"));
    CHECK(built_bytes(va::mov_i32(r(1), u(10))) == case_bytes("MOV.i32 r1, u10"));
    CHECK(built_bytes(va::mov_i32(r(1), tls_ptr_hi)) == case_bytes("MOV.i32.ts r1, tls_ptr_hi"));
    CHECK(built_bytes(va::mov_i32(r(1), core_id)) == case_bytes("MOV.i32.id r1, core_id"));
    CHECK(built_bytes(va::fadd_f32.with(va::clamp::clamp_m1_1)(r(0), r(1), r(2).neg().abs())) ==
          case_bytes("FADD.f32.clamp_m1_1 r0, r1, r2.neg.abs"));
    CHECK(built_bytes(va::tex.with(va::lod_mode::computed)
                          .with(va::dimension::_2d)
                          .with(va::flags::skip)
                          .with(va::slot::slot0)(sr(2, 1), sr(4, 4), r(3))) == case_bytes("TEX.computed.2d.skip.slot0 @r2, @r4:r5:r6:r7, r3"));
    CHECK(built_bytes(va::branchz.with(va::action::reconverge)(r(1).discard(), 3)) == case_bytes("BRANCHZ.reconverge `r1, offset:3"));
    CHECK(built_bytes(va::branchz.with(va::action::reconverge)(r(0).sel(h0), 3)) == case_bytes("BRANCHZ.reconverge r0.h0, offset:3"));
    CHECK(built_bytes(va::fadd_f32(r(0), r(1), -imm(1.0f))) == case_bytes("FADD.f32 r0, r1, 0x3F800000.neg"));
    CHECK(built_bytes(va::iadd_u32(r(0), r(1), imm(0x7060504).sel(va::sel::b2))) == case_bytes("IADD.u32 r0, r1, 0x7060504.b2"));
    CHECK(built_bytes(va::fadd_v2f16(r(0), r(1).sel(va::sel::h00), r(0).sel(va::sel::h11))) == case_bytes("FADD.v2f16 r0, r1.h00, r0.h11"));
    CHECK(built_bytes(va::shaddx_u64(r(0), u(2), r(60).sel(va::sel::w0), 2)) == case_bytes("SHADDX.u64 r0, u2, r60.w0, shift:0x2"));
    CHECK(built_bytes(va::store_i128.with(va::slot::slot0).with(va::action::return_)(sr(4, 4), r(0).discard(), 0)) ==
          case_bytes("STORE.i128.slot0.return @r4:r5:r6:r7, `r0, offset:0"));
    CHECK(built_bytes(va::nop.with(va::action::return_)()) == case_bytes("NOP.return"));
    CHECK(built_bytes(va::nop.with(va::action::wait0126)()) == case_bytes("NOP.wait0126"));
    CHECK(built_bytes(va::clper_i32.with(va::inactive_result::f1)(r(0), r(0), imm(0x7060504).sel(va::sel::b0))) ==
          case_bytes("CLPER.i32.f1 r0, r0, 0x7060504.b0"));
    CHECK(built_bytes(va::s8_to_s32(r(5), r(0).discard().sel(va::sel::b1))) == case_bytes("S8_TO_S32 r5, `r0.b1"));
    CHECK(built_bytes(va::fround_v2f16.with(va::round_mode::rtn)(r(0).mask(h0), r(1).sel(va::sel::h10))) ==
          case_bytes("FROUND.v2f16.rtn r0.h0, r1.h10"));
    CHECK(built_bytes(va::atest.with(va::action::td)(sr(60, 1), r(60), imm(0x3F800000), atest_datum)) ==
          case_bytes("ATEST.td @r60, r60, 0x3F800000, atest_datum"));
    CHECK(built_bytes(va::blend.with(va::slot::slot0)
                          .with(va::vector_size::v4)
                          .with(va::register_format::f16)
                          .with(va::action::return_)(sr(0, 2), sr(60, 1), blend_descriptor_0_x, 0)) ==
          case_bytes("BLEND.slot0.v4.f16.return @r0:r1, @r60, blend_descriptor_0_x, target:0x0"));
    CHECK(built_bytes(va::lea_attr.with(va::slot::slot1).wait(0)(sr(4, 2), r(59).discard(), 0xD)) ==
          case_bytes("LEA_ATTR.slot1.wait0 @r4:r5, `r59, unk:0xD"));
    CHECK(built_bytes(va::load_i16.with(va::load_lane_16_bit::h1).with(va::flags::unsigned_).with(va::slot::slot0)(sr(2, 1), u(0), 20)) ==
          case_bytes("LOAD.i16.h1.unsigned.slot0 @r2, u0, offset:20"));
    CHECK(built_bytes(va::icmp_v4u8.with(va::condition::ne).with(va::result_type::i1)(r(1), r(0).sel(va::sel::b0000), imm(0), imm(0))) ==
          case_bytes("ICMP.v4u8.ne.i1 r1, r0.b0000, 0x0, 0x0"));
    CHECK(built_bytes(va::fadd_imm_f32(r(2), r(2).discard(), 0x4847C6C0u)) == case_bytes("FADD_IMM.f32 r2, `r2, #0x4847C6C0"));
    CHECK(built_bytes(va::barrier.with(va::slot::slot7).with(va::action::barrier)()) == case_bytes("BARRIER.slot7.barrier"));
    CHECK(built_bytes(va::f16_to_s32.with(va::round_mode::rtz)(r(4), r(2).neg().sel(va::sel::h00))) ==
          case_bytes("F16_TO_S32.rtz r4, r2.neg.h00"));
}

TEST_CASE("a constant instruction folds to its bytes", "[valhall][builder]") {
    constexpr auto code = va::encode(va::fma_f32(r(2), r(0), imm(0x44000000).neg().sel(va::sel::h1), imm(0).neg())).value();
    constexpr auto same = va::assemble<"FMA.f32 r2, r0, 0x44000000.neg.h1, 0x0.neg">();
    STATIC_REQUIRE(code == same.bytes);
    STATIC_REQUIRE(code[6] == 0xB2);  // FMA.f32 is opcode 0xB2
}

TEST_CASE("run-time misuse comes back as an error", "[valhall][builder]") {
    volatile unsigned big = 64;  // not constants: the rules are checked at run time
    CHECK(va::mov_i32(r(big), r(1)).error().code == error_code::register_out_of_range);
    CHECK(va::mov_i32(r(0), u(big)).error().code == error_code::register_out_of_range);
    CHECK_FALSE(va::encode(va::mov_i32(r(big), r(1))).ok());
    volatile std::uint32_t odd = 5;
    CHECK(va::mov_i32(r(0), imm(odd)).error().code == va::errors::immediate_not_in_table);
    volatile unsigned entry = 32;
    CHECK(va::mov_i32(r(0), imm_entry(entry)).error().code == error_code::value_out_of_range);
    volatile unsigned eight = 8;
    CHECK(va::load_i32.with(va::slot::slot0)(sr(0, eight), r(1), 0).error().code == va::errors::bad_staging_registers);
    volatile unsigned three = 3;
    CHECK(va::tex.with(va::lod_mode::zero).with(va::dimension::_1d).with(va::slot::slot0)(sr(0, 1), sr(4, three), r(1)).error().code ==
          va::errors::bad_staging_registers);  // TEX writes four registers
    volatile int far = 32768;
    CHECK(va::load_i32.with(va::slot::slot0)(sr(0, 1), r(1), far).error().code == error_code::number_out_of_range);
    volatile long long below = -2147483649LL;  // a negative constant fits from -2^31 (erratum negative-constant)
    CHECK(va::iadd_imm_i32(r(0), r(1), below).error().code == error_code::number_out_of_range);
    volatile unsigned four = 4;
    CHECK(va::fadd_f32(r(0), u(0), u(four)).error().code == va::errors::uniform_slot_conflict);
    CHECK(va::fma_f32(r(0), u(0), imm(1.0f), imm(0)).error().code == error_code::operand_limit);
    CHECK(va::iadd_u32(r(0), tls_ptr, wls_ptr).error().code == va::errors::special_value_conflict);
    volatile int reserved_slot = 3;
    CHECK(va::load_i32.with(static_cast<va::slot>(reserved_slot))(sr(0, 1), r(1), 0).error().code == error_code::reserved_value);
    volatile unsigned slot5 = 5;
    CHECK(va::nop.wait(slot5)().error().code == error_code::value_out_of_range);
    CHECK(va::mov_i32.with(va::immediate_mode::ts)(r(0), lane_id).error().code == va::errors::immediate_mode_mismatch);
    CHECK(va::mov_i32.with(va::immediate_mode::ts)(r(0), r(1)).ok());  // a mode without special values is allowed
}
