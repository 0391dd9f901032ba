// SPDX-License-Identifier: MIT
// AMD IL's emitter (amdil/emitter.hpp): builders and text into token packets, labels as function
// ids (7.2: call n ... func n ... ret), one bound after its call and one before, the image
// disassembled, read back and run on the executor.
#include "exec_support.hpp"

namespace {

namespace il = ctisa::amdil;
using namespace il::registers;
using amdil_exec_test::bits;
using ctisa::error_code;

}  // namespace

TEST_CASE("amdil emitter: calls to functions bound after and before, disassembled and run", "[amdil][emitter]") {
    // main: r0 = v0, call 1 (adds 10), call 2 (doubles), o0 = r0: (v0 + 10) * 2. Both functions
    // follow main, function 2 first.
    il::emitter e;
    const ctisa::label add_ten = e.new_label(), twice = e.new_label();
    e.emit("il_vs_2_0\ndcl_input_generic v0\ndcl_output_generic o0\ndcl_literal l0, 10, 10, 10, 10");
    e.emit(il::op::mov(r(0), v(0)));
    e.emit(il::op::call(0u), add_ten);  // forward: bound below
    e.emit(il::op::call(0u), twice);
    e.emit(il::op::mov(o(0), r(0))).emit(il::op::endmain());
    e.bind(twice).emit(il::op::i_add(r(0), r(0), r(0))).emit(il::op::ret());
    e.bind(add_ten).emit(il::op::i_add(r(0), r(0), l(0))).emit(il::op::ret());
    e.emit(il::op::end());
    REQUIRE_FALSE(e.failed());
    CHECK(e.offset_of(twice).value() < e.offset_of(add_ten).value());

    const auto image = e.bytes();
    REQUIRE(image.ok());
    const auto text = e.text();
    REQUIRE(text.ok());
    CHECK(text->find("call 1\ncall 2\n") != std::string::npos);
    CHECK(text->find("func 2\n") < text->find("func 1\n"));
    CHECK(il::assemble_bytes(*text).value() == *image);

    const auto program = il::decode_program(*image).value();
    amdil_exec_test::machine m(program);
    for (std::size_t lane = 0; lane < 4; ++lane) m.set(il::reg_type::input, 0, lane, {static_cast<std::uint32_t>(lane), 0, 0, 0});
    REQUIRE(m.run().ok());
    for (std::size_t lane = 0; lane < 4; ++lane) CHECK(m.read(il::reg_type::output, 0, lane)[0] == 2 * (lane + 10));
}

TEST_CASE("amdil emitter: a call back to a function bound before it", "[amdil][emitter]") {
    il::emitter e;
    const ctisa::label f = e.new_label(), g = e.new_label();
    e.emit("il_vs_2_0").emit(il::op::call(0u), g).emit(il::op::mov(o(0), r(0))).emit(il::op::endmain());
    e.bind(f).emit(il::op::mov(r(0), v(0))).emit(il::op::ret());
    e.bind(g).emit(il::op::call(0u), f).emit(il::op::ret());  // backward: f is bound already
    e.emit(il::op::end());
    const auto image = e.bytes();
    REQUIRE(image.ok());
    amdil_exec_test::machine m(il::decode_program(*image).value());
    m.set(il::reg_type::input, 0, 2, {7, 0, 0, 0});
    REQUIRE(m.run().ok());
    CHECK(m.read(il::reg_type::output, 0, 2)[0] == 7u);
}

TEST_CASE("amdil emitter: label errors", "[amdil][emitter]") {
    il::emitter not_call;
    const ctisa::label l = not_call.new_label();
    not_call.emit(il::op::ret(), l);
    CHECK(not_call.error().code == error_code::operand_not_allowed);

    il::emitter never;
    const ctisa::label n = never.new_label();
    never.emit("il_vs_2_0").emit(il::op::call(0u), n).emit(il::op::end());
    CHECK(never.bytes().error().code == error_code::undefined_label);
    CHECK(never.bytes().error().offset == 1);
}

TEST_CASE("amdil builders: indexed operands (2.2.8) are the tokens the assembler reads", "[amdil][emitter]") {
    const auto same = [](const ctisa::result<il::instruction>& built, std::string_view text) {
        INFO(text);
        REQUIRE(built.ok());
        CHECK(*built == il::parse(text).value());
        CHECK(il::to_string(*built) == text);
    };
    same(il::op::mov(r(0), cb(0)[1]), "mov r0, cb0[1]");
    same(il::op::mov(r(0), cb(0)[r(1).x() + 2]), "mov r0, cb0[r1.x+2]");
    same(il::op::mov(r(0), cb(2)[r(1).x()]), "mov r0, cb2[r1.x]");
    same(il::op::mov(r(0), cb(2)[r(1)]), "mov r0, cb2[r1]");
    same(il::op::mov(x(0)[r(2).y() + 1], r(3)), "mov x0[r2.y+1], r3");
    same(il::op::mov(r(0).mask("xy__"), cb(0)[3].y()), "mov r0.xy__, cb0[3].y");
    same(il::op::mov(r(0), g()[r(0).x()]), "mov r0, g[r0.x]");
    same(il::op::add(r(0), -cb(1)[4].abs(), l(2)), "add r0, cb1[4]_neg(xyzw)_abs, l2");

    const auto twice = il::op::mov(r(0), cb(0)[1][2]);
    REQUIRE_FALSE(twice.ok());
    CHECK(twice.error().code == error_code::bad_relative_address);
}

TEST_CASE("amdil errors: one form from builders, the emitter and text", "[amdil][emitter][errors]") {
    CHECK(ctisa::describe(il::op::mov(r(0).mask("xyzq"), r(1)).error()) == "operand 1 (destination): invalid write mask (xyzq)");
    CHECK(ctisa::describe(il::op::mov(r(0), r(1).swizzle("xq")).error()) == "operand 2 (source): invalid swizzle (xq)");
    il::emitter e;
    e.emit("il_vs_2_0").emit(il::op::add(r(0), r(1), r(2).swizzle("xyzwx")));
    CHECK(ctisa::describe(e.error()) == "operand 3 (source): invalid swizzle (xyzwx)");
    CHECK(e.error().offset == 1);
    il::emitter text;
    text.emit("il_vs_2_0\nmov r0, q1");
    CHECK(text.error().line == 2);
    CHECK(ctisa::describe(text.error()).substr(0, 18) == "line 2, column 9: ");
}
