// SPDX-License-Identifier: MIT
// The emitter for Valhall: built instructions and text appended, BRANCHZ offsets placed from labels
// (counted from the next instruction, as Mesa's cases show), and the ISA namespace's calls.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <ctisa/valhall/valhall.hpp>

#include "exec_support.hpp"
#include "peer_cases.hpp"

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

TEST_CASE("valhall emitter: a counted loop (a label behind) and a skip (a label ahead), run on the executor", "[valhall][emitter]") {
    // r2 = 3 * r1 by counting r0 = r1 down (BRANCHZ branches while r0 is nonzero, Mesa's and the
    // executor's default), then BRANCHZ.eq skips the move of 99 (r0 is zero by then): r3 = r2 + 1.
    va::emitter e;
    const ctisa::label top = e.new_label(), skip = e.new_label();
    e.emit(va::mov_i32(r(0), r(1))).emit(va::iadd_imm_i32(r(2), r(3).discard(), 0u));
    e.bind(top).emit(va::iadd_imm_i32(r(2), r(2), 3u)).emit(va::iadd_imm_i32(r(0), r(0), 0xFFFFFFFFu));
    e.emit(va::branchz(r(0), 0), top);
    e.emit(va::branchz.with(va::flags::eq)(r(0), 0), skip);
    e.emit(va::iadd_imm_i32(r(2), r(3).discard(), 99u));
    e.bind(skip).emit(va::iadd_imm_i32(r(3), r(2), 1u));
    REQUIRE_FALSE(e.failed());
    CHECK(e.offset_of(top).value() == 16);
    CHECK(e.offset_of(skip).value() == 56);

    const auto image = e.bytes();
    REQUIRE(image.ok());
    const auto text = e.text();
    REQUIRE(text.ok());
    CHECK(text->find("BRANCHZ r0, offset:-3") != std::string::npos);
    CHECK(text->find("BRANCHZ.eq r0, offset:1") != std::string::npos);
    CHECK(va::assemble_bytes(*text).value() == *image);

    const auto code = va::decode_program(*image).value();
    vx::machine<4> m(code);
    for (std::size_t l = 0; l < 4; ++l) m.set(1, l, static_cast<std::uint32_t>(l + 1));
    REQUIRE(m.run().ok());
    for (std::size_t l = 0; l < 4; ++l) {
        CHECK(m.read(2, l) == 3u * (l + 1));
        CHECK(m.read(3, l) == 3u * (l + 1) + 1);
    }
}

TEST_CASE("valhall unit(): the builder's bytes and errors, without building the instruction", "[valhall][emitter]") {
    volatile unsigned run_time = 0;
    for (unsigned k = run_time; k < 70; ++k) {
        const auto check = [&](const auto& fast, const auto& built) {
            const auto slow = va::encode(built);
            REQUIRE(fast.ok() == slow.ok());
            if (fast.ok()) CHECK(*fast == *slow);
            else CHECK(fast.error().code == slow.error().code);
        };
        check(va::fma_f32.unit(r(k), r(1), r(2).neg(), r(3).abs()), va::fma_f32(r(k), r(1), r(2).neg(), r(3).abs()));
        check(va::iadd_imm_i32.unit(r(2), r(k), k * 1000u), va::iadd_imm_i32(r(2), r(k), k * 1000u));
        check(va::branchz.unit(r(k), static_cast<int>(k) * 4 - 140), va::branchz(r(k), static_cast<int>(k) * 4 - 140));
        check(va::mov_i32.unit(r(k), u(k)), va::mov_i32(r(k), u(k)));                     // a uniform: the builder's way
        check(va::fadd_f32.unit(r(1), r(k).discard(), r(2)), va::fadd_f32(r(1), r(k).discard(), r(2)));  // a discard too
    }
    STATIC_REQUIRE(va::fma_f32.unit(r(4), r(1), r(2), r(3)).value() == va::encode(va::fma_f32(r(4), r(1), r(2), r(3))).value());
}

TEST_CASE("valhall errors: one form from builders, the emitter and text", "[valhall][emitter][errors]") {
    volatile unsigned big = 66;
    CHECK(ctisa::describe(va::fma_f32(r(big), r(1), r(2), r(3)).error()) ==
          "operand 1 (destination): register number out of range for its bank (r66)");
    va::emitter e;
    e.emit(va::fma_f32.unit(r(0), r(1), r(big), r(3)));
    CHECK(ctisa::describe(e.error()) == "operand 3 (source 2): register number out of range for its bank (r66)");
    va::emitter text;
    text.emit("MOV.i32 r1, r2\nFOO.i32 r1");
    CHECK(ctisa::describe(text.error()) == "line 2, column 1: unknown mnemonic (FOO.i32)");
}
