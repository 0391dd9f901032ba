// SPDX-License-Identifier: MIT
// The emitter (ctisa/core/emitter.hpp) on the toy ISA: instructions and text appended, labels bound
// before and after their branches, the first error with its instruction index. Expected words are
// worked out by hand from the toy's spec (toy/toy.hpp): opcode in bits 31-24, jmp's target
// statement in 23-0, little-endian words.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include <ctisa/core/emitter.hpp>

#include "toy/toy.hpp"

namespace {

using ctisa::error_code;
using toy::op;

constexpr toy::instruction make(op code, std::uint32_t value = 0) { return toy::instruction{code, {}, value, false, false}; }

std::vector<std::uint8_t> words(std::initializer_list<std::uint32_t> ws) {
    std::vector<std::uint8_t> out;
    for (std::uint32_t w : ws)
        for (unsigned b = 0; b < 4; ++b) out.push_back(static_cast<std::uint8_t>(w >> (8 * b)));
    return out;
}

// toy 1; top: nop; jmp top; jmp bottom; bottom: end
constexpr ctisa::emitter<toy::isa> loop_program() {
    ctisa::emitter<toy::isa> e;
    const ctisa::label top = e.new_label(), bottom = e.new_label();
    e.emit(make(op::header, 1));
    e.bind(top).emit(make(op::nop));
    e.emit(make(op::jmp), top);     // backward: bound already
    e.emit(make(op::jmp), bottom);  // forward: placed by bytes()
    e.bind(bottom).emit(make(op::end));
    return e;
}

}  // namespace

TEST_CASE("emitter: instructions appended, labels bound before and after their branches", "[emitter]") {
    const auto e = loop_program();
    REQUIRE_FALSE(e.failed());
    CHECK(e.size() == 5);
    CHECK(e.instructions()[3].value == 4);  // placed when `bottom` was bound
    const auto bytes = e.bytes();
    REQUIRE(bytes.ok());
    CHECK(*bytes == words({0x01000001, 0x08000000, 0x06000001, 0x06000004, 0x09000000}));
    // The assembler reads the same program from text to the same image.
    CHECK(*bytes == ctisa::assemble_bytes<toy::isa>("toy 1; top: nop; jmp top; jmp bottom; bottom: end;").value());
}

TEST_CASE("emitter: usable in constant evaluation", "[emitter]") {
    STATIC_REQUIRE(loop_program().bytes()->size() == 20);
    STATIC_REQUIRE(loop_program().bytes()->at(12) == 4);  // jmp bottom: target 4 in the low byte
    STATIC_REQUIRE(loop_program().instructions()[2].value == 1);
}

TEST_CASE("emitter: text appended, read as the assembler reads a program", "[emitter]") {
    ctisa::emitter<toy::isa> e;
    e.emit("toy 1; decl r0;\nmov r0, r0; end;");
    REQUIRE_FALSE(e.failed());
    CHECK(e.size() == 4);
    CHECK(e.bytes().value() == words({0x01000001, 0x02000000, 0x03000000, 0x09000000}));
}

TEST_CASE("emitter: the first error, with its instruction index; what follows is ignored", "[emitter]") {
    ctisa::emitter<toy::isa> e;
    e.emit(make(op::header, 1)).emit(make(op::nop));
    e.emit(make(op::none));  // no opcode: encode refuses it
    e.emit(ctisa::result<toy::instruction>(ctisa::error{error_code::register_out_of_range}));
    e.emit(make(op::end));
    REQUIRE(e.failed());
    CHECK(e.error().code == error_code::reserved_opcode);
    CHECK(e.error().offset == 2);
    CHECK(e.size() == 2);
    CHECK(e.bytes().error().code == error_code::reserved_opcode);

    ctisa::emitter<toy::isa> built;
    built.emit(make(op::header, 1)).emit(ctisa::result<toy::instruction>(ctisa::error{error_code::register_out_of_range}));
    CHECK(built.error().code == error_code::register_out_of_range);
    CHECK(built.error().offset == 1);

    ctisa::emitter<toy::isa> text;
    text.emit(make(op::header, 1)).emit("toy 1;\n  bogus;");  // the text's own line and column
    CHECK(text.error().code == error_code::unknown_mnemonic);
    CHECK(text.error().line == 2);
    CHECK(text.error().column == 3);
    CHECK(text.error().offset == 1);
}

TEST_CASE("emitter: label errors", "[emitter]") {
    ctisa::emitter<toy::isa> unbound;
    const ctisa::label never = unbound.new_label();
    unbound.emit(make(op::header, 1)).emit(make(op::jmp), never).emit(make(op::end));
    REQUIRE_FALSE(unbound.failed());
    CHECK(unbound.bytes().error().code == error_code::undefined_label);
    CHECK(unbound.bytes().error().offset == 1);

    ctisa::emitter<toy::isa> twice;
    const ctisa::label l = twice.new_label();
    twice.bind(l).emit(make(op::header, 1)).bind(l);
    CHECK(twice.error().code == error_code::duplicate_name);
    CHECK(twice.error().offset == 1);

    ctisa::emitter<toy::isa> other;
    other.bind(ctisa::label{3});
    CHECK(other.error().code == error_code::undefined_label);

    ctisa::emitter<toy::isa> not_branch;
    const ctisa::label here = not_branch.new_label();
    not_branch.emit(make(op::header, 1)).bind(here).emit(make(op::nop), here);
    CHECK(not_branch.error().code == error_code::operand_not_allowed);
    CHECK(not_branch.error().offset == 1);
}
