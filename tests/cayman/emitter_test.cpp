// SPDX-License-Identifier: MIT
// Cayman's emitter (cayman/emitter.hpp): CF instructions and clauses emitted from the typed
// builders, labels as CF addresses (a DX9 loop: LOOP_START's ADDR forward past LOOP_END, LOOP_END's
// back to the body, 3.7.3), laid out, disassembled, read back and run on the executor.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include <ctisa/cayman/cayman.hpp>
#include <ctisa/cayman/executor.hpp>

namespace {

namespace cm = ctisa::cayman;
namespace cx = ctisa::cayman::exec;
using namespace cm::operands;
using cm::channel;
using cm::opcode;
using ctisa::error_code;

// 0 LOOP_START (CF_CONST 2) -> 3; 1 ALU: R1.x += 1, R1.y = R1.y * 2.0 (a literal); 2 LOOP_END -> 1;
// 3 ALU: R2.z = R1.x + R0.w; 4 END.
cm::emitter loop_program() {
    cm::emitter e;
    const ctisa::label body = e.new_label(), after = e.new_label();
    e.emit(cm::set(cm::cf("LOOP_START"), "CF_CONST", 2), after);  // forward
    e.bind(body);
    e.emit(cm::alu<opcode::alu_op2_add_int>(R(1, channel::x), R(1, channel::x), one_int));
    e.emit(cm::alu<opcode::alu_op2_mul>(R(1, channel::y), R(1, channel::y), literal{0x40000000u, channel::x}));
    e.emit(cm::set(cm::cf("LOOP_END"), "CF_CONST", 2), body);  // backward
    e.bind(after);
    e.emit(cm::alu<opcode::alu_op2_add_int>(R(2, channel::z), R(1, channel::x), R(0, channel::w)));
    e.emit(cm::cf("END"));
    return e;
}

std::uint32_t& reg(cx::machine<2>& m, std::uint32_t gpr, std::uint32_t chan, std::size_t lane) { return m.row(cx::row::gpr(gpr, chan))[lane]; }

}  // namespace

TEST_CASE("cayman emitter: a loop with labels forward and back, laid out, disassembled and run", "[cayman][emitter]") {
    const cm::emitter e = loop_program();
    REQUIRE_FALSE(e.failed());
    CHECK(e.size() == 6);
    CHECK(e.offset_of(ctisa::label{0}).value() == 8);   // body: CF address 1
    CHECK(e.offset_of(ctisa::label{1}).value() == 24);  // after: CF address 3
    const auto image = e.bytes();
    REQUIRE(image.ok());

    // The CF program reads back with its ADDRs: LOOP_START -> 3, LOOP_END -> 1 (3.7.3).
    const auto program = cm::decode_program(*image).value();
    std::vector<cm::program_unit> cf;
    for (const auto& u : program.units)
        if (u.role == cm::unit_role::cf) cf.push_back(u);
    REQUIRE(cf.size() == 5);
    CHECK(cm::get(cf[0].in, "ADDR") == 3u);
    CHECK(cm::get(cf[2].in, "ADDR") == 1u);
    CHECK(cm::get(cf[0].in, "CF_CONST") == 2u);

    // The text is the image's: it assembles back to the same bytes.
    const auto text = e.text();
    REQUIRE(text.ok());
    CHECK(text->find("LOOP_START") != std::string::npos);
    CHECK(cm::assemble_bytes(*text).value() == *image);

    // Three trips: R1.x = 3, R1.y = 5 * 2^3, R2.z = 3 + R0.w.
    auto items = cx::load_items(*image);
    REQUIRE(items.ok());
    cx::environment env;
    env.loops[2] = {3, 0, 1, 0};
    cx::machine<2> m(*items);
    for (std::size_t l = 0; l < 2; ++l) {
        reg(m, 1, 1, l) = 0x40A00000u;  // 5.0f
        reg(m, 0, 3, l) = static_cast<std::uint32_t>(10 * l);
    }
    REQUIRE(m.run(env).ok());
    for (std::size_t l = 0; l < 2; ++l) {
        CHECK(reg(m, 1, 0, l) == 3u);
        CHECK(reg(m, 1, 1, l) == 0x42200000u);  // 40.0f
        CHECK(reg(m, 2, 2, l) == 3u + 10 * l);
    }
}

TEST_CASE("cayman emitter: groups, fetch clauses and text join the program", "[cayman][emitter]") {
    cm::emitter e;
    e.emit(cm::group(cm::alu<opcode::alu_op2_mov>(R(0, channel::x), R(1, channel::y)).value(),
                     cm::alu<opcode::alu_op2_mov>(R(0, channel::y), R(1, channel::x)).value()));
    e.emit(cm::reduction(opcode::alu_op2_dot4, R(2, channel::x), xyzw(R(1, channel::x)), xyzw(R(1, channel::x))));
    e.emit(cm::vertex_fetch(R(3, channel::x), {}, R(0, channel::x), 0, 13));
    e.emit("00 ALU:\n      0  x: MOV R4.x, R0.x\n01 END\n");
    REQUIRE_FALSE(e.failed());
    const auto image = e.bytes();
    REQUIRE(image.ok());
    const auto text = e.text().value();
    CHECK(cm::assemble_bytes(text).value() == *image);
    CHECK(text.find("DOT4") != std::string::npos);
    CHECK(text.find("FETCH") != std::string::npos);
}

TEST_CASE("cayman emitter: label errors and the first error with its statement", "[cayman][emitter]") {
    cm::emitter not_a_jump;
    const ctisa::label l = not_a_jump.new_label();
    not_a_jump.emit(cm::cf("NOP"), l);
    CHECK(not_a_jump.error().code == error_code::operand_not_allowed);

    cm::emitter never;
    const ctisa::label n = never.new_label();
    never.emit(cm::cf("JUMP"), n).emit(cm::cf("END"));
    CHECK(never.bytes().error().code == error_code::undefined_label);

    cm::emitter bad;
    volatile std::uint32_t big = 201;
    bad.emit(cm::cf("NOP")).emit(cm::alu<opcode::alu_op2_mov>(R(big, channel::x), R(1, channel::x))).emit(cm::cf("END"));
    REQUIRE(bad.failed());
    CHECK(bad.error().offset == 1);
}

TEST_CASE("cayman errors: one form from builders, the emitter and text", "[cayman][emitter][errors]") {
    volatile std::uint32_t big = 201;
    CHECK(ctisa::describe(cm::alu<opcode::alu_op2_mov>(R(big, channel::x), R(1, channel::x)).error()) ==
          "operand 1 (destination): register number out of range for its bank (R201)");
    CHECK(ctisa::describe(cm::alu(opcode::alu_op2_add, R(0, channel::x), R(1, channel::x), R(big, channel::y)).error()) ==
          "operand 3 (source 2): register number out of range for its bank (R201)");
    CHECK(
        ctisa::describe(cm::alu<opcode::alu_op3_muladd>(R(0, channel::x), R(1, channel::x), R(2, channel::x), abs(R(3, channel::x))).error()) ==
        "operand 4 (source 3): this instruction does not take that modifier (ABS)");
    cm::emitter text;
    text.emit("00 ALU:\n      0  x: BOGUS R0.x, R1.x\n01 END\n");
    REQUIRE(text.failed());
    CHECK(text.error().line == 2);
    CHECK(ctisa::describe(text.error()).substr(0, 8) == "line 2, ");
}
