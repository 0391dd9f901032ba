// SPDX-License-Identifier: MIT
// The emitter for Valhall: built instructions and text appended, BRANCHZ offsets placed from labels
// (counted from the next instruction, as Mesa's cases show), and the ISA namespace's calls.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <ctisa/valhall/valhall.hpp>

#include "peer_cases.hpp"

namespace va = ctisa::valhall;
using namespace ctisa::valhall::operands;
using ctisa::error_code;

using ctisa_test::valhall::case_bytes;
using ctisa_test::valhall::unit;

TEST_CASE("valhall emitter: BRANCHZ offsets from labels, before and after", "[valhall][emitter]") {
    va::emitter e;
    const ctisa::label top = e.new_label(), done = e.new_label();
    e.bind(top);
    for (int k = 0; k < 7; ++k) e.emit(va::mov_i32(r(1), r(2)));                 // 0-6
    e.emit(va::branchz.with(va::action::reconverge)(r(1).discard(), 0), top);    // 7 -> 0
    e.emit(va::branchz.with(va::action::reconverge)(r(1).discard(), 0), done);   // 8 -> 12
    e.emit("MOV.i32 r1, r2\nMOV.i32 r1, r2").emit(va::mov_i32(r(1), r(2)));      // 9-11
    e.bind(done).emit(va::nop.with(va::action::return_)());                      // 12
    REQUIRE_FALSE(e.failed());
    const auto image = e.bytes();
    REQUIRE(image.ok());
    REQUIRE(image->size() == 13 * 8);
    CHECK(unit(*image, 7) == case_bytes("BRANCHZ.reconverge `r1, offset:-8"));
    CHECK(unit(*image, 8) == case_bytes("BRANCHZ.reconverge `r1, offset:3"));
    CHECK(unit(*image, 12) == case_bytes("NOP.return"));
    CHECK(unit(*image, 0) == case_bytes("MOV.i32 r1, r2"));
}

TEST_CASE("valhall emitter: the first error names its instruction", "[valhall][emitter]") {
    va::emitter e;
    volatile unsigned bad = 66;
    e.emit(va::mov_i32(r(1), r(2))).emit(va::mov_i32(r(1), r(2))).emit(va::fma_f32(r(bad), r(1), r(2), r(3)));
    e.emit(va::nop.with(va::action::return_)());
    CHECK(e.error().code == error_code::register_out_of_range);
    CHECK(e.error().offset == 2);
    CHECK(e.bytes().error().offset == 2);

    va::emitter never;
    const ctisa::label l = never.new_label();
    never.emit(va::branchz.with(va::action::reconverge)(r(1), 0), l);
    CHECK(never.bytes().error().code == error_code::undefined_label);

    va::emitter text;
    text.emit(va::mov_i32(r(1), r(2))).emit("MOV.i32 r1, r2\nFADD.f32 r0, r1");
    CHECK(text.error().code == error_code::missing_operand);
    CHECK(text.error().line == 2);
    CHECK(text.error().offset == 1);
}

TEST_CASE("valhall: the ISA namespace offers the engine's calls", "[valhall][emitter]") {
    const auto bytes = va::assemble_bytes("MOV.i32 r1, r2\nNOP.return").value();
    CHECK(va::disassemble(bytes).value() == "MOV.i32 r1, r2\nNOP.return\n");
    const auto program = va::decode_program(bytes).value();
    REQUIRE(program.size() == 2);
    CHECK(va::to_string(program[0]) == "MOV.i32 r1, r2");
    CHECK(va::to_string(program) == "MOV.i32 r1, r2\nNOP.return\n");
    CHECK(va::try_assemble("MOV.i32 r1, r2").value() == 1);
    CHECK(va::parse("MOV.i32 r1, r2").value() == va::mov_i32(r(1), r(2)).value());
}
