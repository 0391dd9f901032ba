// SPDX-License-Identifier: MIT
// The typed builders give what the assembler gives for the same instruction, and report
// run-time misuse as errors.
#include <catch2/catch.hpp>

#include <ctisa/attila/attila.hpp>

#include "peer_cases.hpp"

namespace at = ctisa::attila;
using namespace ctisa::attila::operands;
using ctisa::error_code;
using ctisa_test::built_bytes;
using ctisa_test::attila::vector_bytes;

TEST_CASE("builders encode as the simulator's assembler", "[attila][builder]") {
    CHECK(built_bytes(at::arl(r(1), r(2))) == vector_bytes("arl r1, r2"));
    CHECK(built_bytes(at::arl(r(4), -abs(c(7).relative(a(0).component(3), 3).y()))) == vector_bytes("arl r4, -|c7[a0.w + 3].y|"));
    CHECK(built_bytes(at::add.sat()(o(1).mask("xyz"), -i(2).swizzle("wzyx"), -i(2).swizzle("wzyx"))) ==
          vector_bytes("add_sat o1.xyz, -i2.wzyx, -i2.wzyx"));
    CHECK(built_bytes(at::fxmad.when(!p(0))(r(2).mask("y"), c(9).z(), c(9).z(), c(9).z())) ==
          vector_bytes("(!p0) fxmad r2.y, c9.z, c9.z, c9.z"));
    CHECK(built_bytes(at::addi(a(0).mask("x"), a(0).x(), -1)) == vector_bytes("addi a0.x, a0.x, -1"));
    CHECK(built_bytes(at::stpeqi(p(1), a(0).x(), -2)) == vector_bytes("stpeqi p1, a0.x, -2"));
    CHECK(built_bytes(at::andp(!p(9), c(0).relative(a(0).component(0), 2).w(), p(6))) == vector_bytes("andp !p9, c0[a0.x + 2].w, p6"));
    CHECK(built_bytes(at::andp(p(0), always, p(0))) == vector_bytes("andp p0, true, p0"));
    CHECK(built_bytes(at::andp(p(0), never, !p(3))) == vector_bytes("andp p0, false, !p3"));
    CHECK(built_bytes(at::jmp(c(1).x(), -1000)) == vector_bytes("jmp c1.x, -1000"));
    CHECK(built_bytes(at::jmp(p(31), 5)) == vector_bytes("jmp p31, 5"));
    CHECK(built_bytes(at::tex.when(p(1))(o(0), -r(3), t(3))) == vector_bytes("(p1) tex o0, -r3, t3"));
    CHECK(built_bytes(at::kil(abs(r(9)))) == vector_bytes("kil |r9|"));
    CHECK(built_bytes(at::setpgt(p(2), -i(0).z(), abs(r(3).w()))) == vector_bytes("setpgt p2, -i0.z, |r3.w|"));
    CHECK(built_bytes(at::nop()) == vector_bytes("nop"));
}

// The wiki's forms the simulator's assembler refuses: the builders make what the text makes.
TEST_CASE("builders write inverted SETP results, samples and a predicated END", "[attila][builder]") {
    STATIC_REQUIRE(at::encode(at::setpeq(!p(1), r(1).x(), 3.5f)).value() == at::assemble<"setpeq !p1, r1.x, 3.5">().bytes);
    STATIC_REQUIRE(at::encode(at::kls(r(1), s(2))).value() == at::assemble<"kls r1, s2">().bytes);
    STATIC_REQUIRE(at::encode(at::kls(r(1))).value() == at::assemble<"kls r1, s0">().bytes);
    STATIC_REQUIRE(at::encode(at::zxs(-r(1).y(), s(7))).value() == at::assemble<"zxs -r1.y, s7">().bytes);
    STATIC_REQUIRE(at::encode(at::end.when(!p(3))()).value() == at::assemble<"(!p3) end">().bytes);
    CHECK(at::kls(r(1), s(256)).error().code == error_code::register_out_of_range);
}

TEST_CASE("a constant instruction folds to its bytes", "[attila][builder]") {
    constexpr auto code = at::encode(at::mad(r(0), r(1), c(2), r(3))).value();
    STATIC_REQUIRE(code[0] == 0x13);
    constexpr auto same = at::assemble<"mad r0, r1, c2, r3">();
    STATIC_REQUIRE(code == same.bytes);
}

TEST_CASE("run-time misuse comes back as an error", "[attila][builder]") {
    volatile unsigned big = 256;  // not a constant: the rule is checked at run time
    auto bad_register = at::mov(r(big), r(1));
    REQUIRE_FALSE(bad_register.ok());
    CHECK(bad_register.error().code == error_code::register_out_of_range);
    CHECK_FALSE(at::encode(bad_register).ok());

    volatile int offset = 300;
    CHECK(at::mov(r(0), c(1).relative(a(0).component(0), offset)).error().code == error_code::bad_relative_address);
    volatile unsigned areg = 4;
    CHECK(at::mov(r(0), c(1).relative(a(areg).component(0))).error().code == error_code::register_out_of_range);
    std::string swz = "xyq";
    CHECK(at::mov(r(0), r(1).swizzle(swz)).error().code == error_code::bad_swizzle);
    std::string mask = "xyzw";
    CHECK(at::mov(r(0).mask(mask), r(1)).error().code == error_code::bad_write_mask);
    CHECK(at::add(r(0), c(1).relative(a(0).component(0)), c(2)).error().code == at::errors::relative_mismatch);
    volatile unsigned pred = 40;
    CHECK(at::nop.when(p(pred))().error().code == error_code::register_out_of_range);
    CHECK(at::andp(p(0), c(1).swizzle("xxyy"), p(1)).error().code == error_code::bad_swizzle);
}
