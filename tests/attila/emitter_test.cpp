// SPDX-License-Identifier: MIT
// The emitter for ATTILA: built instructions and text appended, JMP offsets placed from labels
// (counted from the JMP itself, as the simulator's vectors show), and the ISA namespace's calls.
#include <catch2/catch.hpp>

#include <bit>
#include <string>
#include <vector>

#include <ctisa/attila/attila.hpp>
#include <ctisa/attila/executor.hpp>

#include "peer_cases.hpp"

namespace at = ctisa::attila;
using namespace ctisa::attila::operands;
using ctisa::error_code;

using ctisa_test::attila::unit;
using ctisa_test::attila::vector_bytes;

TEST_CASE("attila emitter: JMP offsets from labels, before and after", "[attila][emitter]") {
    at::emitter e;
    const ctisa::label back = e.new_label(), ahead = e.new_label();
    e.bind(back);
    e.emit(at::jmp(p(0), 0), ahead);  // 0 -> 5
    e.emit("nop\nnop");
    e.emit(at::jmp(p(0), 0), back);   // 3 -> 0
    e.emit(at::nop());
    e.bind(ahead).emit(at::end());
    REQUIRE_FALSE(e.failed());
    CHECK(e.size() == 6);
    const auto image = e.bytes();
    REQUIRE(image.ok());
    REQUIRE(image->size() == 6 * 16);
    CHECK(unit(*image, 0) == vector_bytes("jmp p0, 5"));
    CHECK(unit(*image, 3) == vector_bytes("jmp p0, -3"));
    CHECK(*image == at::assemble_bytes("jmp p0, 5\nnop\nnop\njmp p0, -3\nnop\nend").value());
}

TEST_CASE("attila emitter: the first error names its instruction", "[attila][emitter]") {
    at::emitter e;
    volatile unsigned bad = 999;
    e.emit(at::mov(r(0), i(0))).emit(at::mov(r(1), c(bad))).emit(at::end());
    CHECK(e.error().code == error_code::register_out_of_range);
    CHECK(e.error().offset == 1);
    CHECK(e.size() == 1);

    at::emitter label_on_add;
    const ctisa::label l = label_on_add.new_label();
    label_on_add.bind(l).emit(at::add(r(0), r(1), r(2)), l);
    CHECK(label_on_add.error().code == error_code::operand_not_allowed);
}

TEST_CASE("attila: the ISA namespace offers the engine's calls", "[attila][emitter]") {
    const auto bytes = at::assemble_bytes("mov r0, i0\nend").value();
    CHECK(at::disassemble(bytes).value() == "mov r0, i0\nend\n");
    const auto program = at::decode_program(bytes).value();
    REQUIRE(program.size() == 2);
    CHECK(at::to_string(program[0]) == "mov r0, i0");
    CHECK(at::to_string(program) == "mov r0, i0\nend\n");
    CHECK(at::assemble_image("mov r0, i0\nend")->unit_ends == std::vector<std::size_t>{16, 32});
    std::size_t units = 0;
    CHECK_FALSE(at::for_each_decoded(bytes, [&](const at::instruction&) { ++units; }).failed());
    CHECK(units == 2);
    CHECK(at::parse("end")->op == at::opcode::end);
}

TEST_CASE("attila: a statement list changed after it was read is validated when assembled", "[attila][emitter]") {
    // Text is validated once, as it is parsed; a list a caller may have changed is checked again.
    auto list = ctisa::read_statements<at::isa>("mov r0, i0\nend").value();
    list.statements[0].result.index = 999;  // beyond the temporary registers
    const auto image = ctisa::assemble_image<at::isa>(list);
    REQUIRE_FALSE(image.ok());
    CHECK(image.error().code == error_code::register_out_of_range);
    CHECK(image.error().line == 1);
}

TEST_CASE("attila emitter: a loop (a label behind and one ahead), disassembled and run", "[attila][emitter]") {
    // Each lane counts r0 up to its own i0.x (the executor test's loop, from builders): the JMP
    // out of the loop goes to a label ahead, the JMP around to one behind.
    at::emitter e;
    const ctisa::label top = e.new_label(), out = e.new_label();
    e.emit(at::mov(r(0), c(0).x()));
    e.bind(top).emit(at::setplt(p(0), r(0).x(), i(0).x()));
    e.emit(at::jmp(!p(0), 0), out);
    e.emit(at::add(r(0), r(0), c(1)));
    e.emit(at::jmp(always, 0), top);
    e.bind(out).emit(at::mov(o(0), r(0))).emit(at::end());
    REQUIRE_FALSE(e.failed());
    CHECK(e.offset_of(out).value() == 5 * 16);

    const auto image = e.bytes();
    REQUIRE(image.ok());
    const auto text = e.text();
    REQUIRE(text.ok());
    CHECK(*text == "mov r0, c0.x\nsetplt p0, r0.x, i0.x\njmp !p0, 3\nadd r0, r0, c1\njmp true, -3\nmov o0, r0\nend\n");

    const auto code = at::decode_program(*image).value();
    ctisa::attila::exec::machine<4> m(code);
    for (std::size_t l = 0; l < 4; ++l) m.set_input(l, 0, {static_cast<float>(3 * l), 0, 0, 0});
    m.set_constant(0, ctisa::attila::exec::vec4{0, 0, 0, 0});
    m.set_constant(1, ctisa::attila::exec::vec4{1, 1, 1, 1});
    REQUIRE(m.run().ok());
    for (std::size_t l = 0; l < 4; ++l) CHECK(m.read(at::bank::out, 0, l)[0] == std::bit_cast<std::uint32_t>(float(3 * l)));
}

TEST_CASE("attila unit(): the builder's bytes and errors, without building the instruction", "[attila][emitter]") {
    // Every value from 0 past the banks' ends (r: 32 temporaries; c: 256 constants, the ninth bit
    // of a constant number outside the plain field): the same bytes, or the same error.
    volatile unsigned run_time = 0;
    for (unsigned k = run_time; k < 300; ++k) {
        const auto check = [&](const auto& fast, const auto& built) {
            const auto slow = at::encode(built);
            REQUIRE(fast.ok() == slow.ok());
            if (fast.ok()) CHECK(*fast == *slow);
            else CHECK(fast.error().code == slow.error().code);
        };
        check(at::mad.unit(r(k % 40), r(k % 7), c(k), i(k % 20)), at::mad(r(k % 40), r(k % 7), c(k), i(k % 20)));
        check(at::mov.sat().unit(o(k % 20), r(3)), at::mov.sat()(o(k % 20), r(3)));  // a modifier: the builder's way
        check(at::andp.unit(p(k % 40), p(1), !p(k % 33)), at::andp(p(k % 40), p(1), !p(k % 33)));
        check(at::add.unit(r(1), r(2).x(), c(k)), at::add(r(1), r(2).x(), c(k)));  // a swizzle: the builder's way
    }
    STATIC_REQUIRE(at::add.unit(r(1), r(2), c(300)).value() == at::encode(at::add(r(1), r(2), c(300))).value());
}

TEST_CASE("attila errors: one form from builders, the emitter and text", "[attila][emitter][errors]") {
    // [operand N (role): ]message (offending text), the text as the user wrote it.
    CHECK(ctisa::describe(at::mov(r(0).mask("xq"), r(1)).error()) == "operand 1 (destination): invalid write mask (xq)");
    CHECK(ctisa::describe(at::mov(r(0), r(1).swizzle("xq")).error()) == "operand 2 (source 1): invalid swizzle (xq)");
    volatile unsigned big = 999;
    at::emitter e;
    e.emit(at::end()).emit(at::mov(r(0), c(big)));
    CHECK(ctisa::describe(e.error()) == "operand 2 (source 1): register number out of range for its bank (c999)");
    CHECK(e.error().offset == 1);
    at::emitter text;
    text.emit("nop\n  bogus r0");
    CHECK(ctisa::describe(text.error()) == "line 2, column 3: unknown mnemonic (bogus)");
}
