// SPDX-License-Identifier: MIT
// Builder errors at run time name the operand (1-based, in assembly order), what it is, and the
// value refused, in the one form every ISA uses (ctisa::describe, core/error_text.hpp).
#include <catch2/catch.hpp>

#include <ctisa/core/error_text.hpp>
#include <ctisa/valhall/valhall.hpp>

namespace va = ctisa::valhall;
using namespace ctisa::valhall::operands;
using ctisa::error_code;

TEST_CASE("valhall builder errors name the operand and its value", "[valhall][builder]") {
    volatile unsigned n66 = 66, n300 = 300, n70 = 70, n40 = 40;
    const auto dest = va::fma_f32(r(n66), r(1), r(2), r(3));
    CHECK(dest.error().code == error_code::register_out_of_range);
    CHECK(dest.error().operand == 1);
    CHECK(dest.error().role == "destination");
    CHECK(ctisa::describe(dest.error()) == "operand 1 (destination): register number out of range for its bank (r66)");
    // The number as given, not as a field would truncate it.
    CHECK(ctisa::describe(va::fma_f32(r(0), r(1), r(n300), r(3)).error()) ==
          "operand 3 (source 2): register number out of range for its bank (r300)");
    CHECK(ctisa::describe(va::mov_i32(r(0), u(n70)).error()) == "operand 2 (source 1): register number out of range for its bank (u70)");
    CHECK(ctisa::describe(va::mov_i32(r(0), imm_entry(n40)).error()) == "operand 2 (source 1): value out of range for its field (imm40)");
    CHECK(ctisa::describe(va::load_i32.with(va::slot::slot0)(sr(62, 4), r(1), 0).error()) ==
          "operand 1 (staging 1): register number out of range for its bank (r65)");
    volatile int far = 40000;
    CHECK(ctisa::describe(va::load_i32.with(va::slot::slot0)(sr(0, 1), r(1), far).error()) == "operand 3 (offset): number out of range (40000)");
    volatile long long below = -2147483649LL;
    CHECK(ctisa::describe(va::iadd_imm_i32(r(0), r(1), below).error()) == "operand 3 (constant): number out of range (#-2147483649)");
}

TEST_CASE("valhall builders take a negative constant as its two's complement", "[valhall][builder]") {
    volatile int minus5 = -5;
    const auto built = va::iadd_imm_i32(r(0), r(1), minus5);
    REQUIRE(built.ok());
    CHECK(built->immediate == 0xFFFFFFFBu);
    CHECK(built.value() == va::parse("IADD_IMM.i32 r0, r1, #-5").value());
    CHECK(va::to_string(*built) == "IADD_IMM.i32 r0, r1, #0xFFFFFFFB");  // printed as Mesa prints it
    STATIC_REQUIRE(va::iadd_imm_i32(r(0), r(1), -2147483648LL).value().immediate == 0x80000000u);
    CHECK(va::load_i32.with(va::slot::slot0)(sr(0, 1), r(1), -32768)->immediate == 0xFFFF8000u);
}
