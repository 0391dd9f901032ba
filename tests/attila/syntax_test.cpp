// SPDX-License-Identifier: MIT
// ATTILA text: what the assembler reads, where it reports errors, what the printer writes.
#include <catch2/catch.hpp>

#include <string>

#include <ctisa/attila/attila.hpp>

namespace at = ctisa::attila;
using ctisa::error_code;

namespace {
std::string round(std::string_view text) { return ctisa::to_string<at::isa>(at::parse(text).value()); }

// Negative tests at compile time: the try_ form gives the error as a value.
static_assert(!at::try_assemble("bogus r0, r1"));
static_assert(at::try_assemble("mov r0, i0\nbogus").error().line == 2);
static_assert(at::try_assemble("mov r0.xyzw, r1").error().code == error_code::bad_write_mask);
static_assert(at::try_assemble("mad r0, r1, 1, r2").error().code == at::errors::immediate_not_allowed);
static_assert(at::try_assemble("mov r0, i0 # comment\n\n; another\nend").value() == 2);
}  // namespace

TEST_CASE("assembling at compile time gives the program's bytes", "[attila][syntax]") {
    constexpr auto p = at::assemble<R"(
        # a comment line
        mov r0, i0
        (p2) add_sat o1.xy, r0, -|c3.w|   ; trailing comment
        end
    )">();
    STATIC_REQUIRE(p.size() == 3);
    STATIC_REQUIRE(p.size_bytes() == 48);
    STATIC_REQUIRE(p.bytes[0] == 0x16);   // MOV
    STATIC_REQUIRE(p.bytes[16] == 0x01);  // ADD
    STATIC_REQUIRE(p.bytes[32] == 0x37);  // END
    STATIC_REQUIRE(p.instructions[1].predicated);
    STATIC_REQUIRE(p.instructions[1].saturate);
}

TEST_CASE("errors carry line, column and reason", "[attila][syntax]") {
    struct bad {
        std::string_view text;
        error_code code;
        unsigned line, column;
    };
    const bad cases[] = {
        {"mov r0, i0\n  frobnicate r1", error_code::unknown_mnemonic, 2, 3},
        {"add r0, r1", error_code::missing_operand, 1, 11},
        {"add r0 r1, r2", error_code::expected_comma, 1, 8},
        {"mov r0, r1, r2", error_code::too_many_operands, 1, 11},
        {"mov r0, r1 extra", error_code::trailing_characters, 1, 12},
        {"mov c0, r1", error_code::read_only_bank, 1, 5},
        {"mov i3.x, r1", error_code::read_only_bank, 1, 5},
        {"mov r0, o1", error_code::write_only_bank, 1, 9},
        {"mov r256, r0", error_code::register_out_of_range, 1, 5},
        {"mov r0, c512", error_code::register_out_of_range, 1, 9},
        {"mov r0, c0[a4.x + 0]", error_code::register_out_of_range, 1, 13},
        {"mov r0, c0[a0.x + 300]", error_code::number_out_of_range, 1, 19},
        {"mov r0, r1[a0.x + 1]", at::errors::relative_addressing_not_allowed, 1, 11},
        {"add r0, c1[a0.x + 1], c2[a0.y + 1]", at::errors::relative_mismatch, 1, 23},
        {"mov r0, r1.xy", error_code::bad_swizzle, 1, 12},
        {"mov r0, r1.xq", error_code::bad_swizzle, 1, 12},
        {"mov r0.zx, r1", error_code::bad_write_mask, 1, 8},
        {"mov r0, -|r1", error_code::unbalanced_bars, 1, 13},
        {"mov r0, 1.5", at::errors::immediate_not_allowed, 1, 9},
        {"add r0, r1, 1000", error_code::number_out_of_range, 1, 13},
        {"add r0, r1, 1.25", error_code::number_out_of_range, 1, 13},
        {"add r0, r1, 0x123456789", error_code::number_out_of_range, 1, 13},
        {"addi r0, r1, 1.5", error_code::expected_number, 1, 14},
        {"andp r0, p1, p2", error_code::predicate_required, 1, 6},
        {"andp p0, r1, p2", error_code::predicate_required, 1, 10},
        {"setpeq p1.x, r0, r1", error_code::bad_write_mask, 1, 10},
        {"mov p0, r1", error_code::predicate_not_allowed, 1, 5},
        {"tex r0, r1, r2", error_code::wrong_operand_kind, 1, 13},
        {"jmp p0, 5x", error_code::expected_number, 1, 9},
        {"jmp p0, 2147483648", error_code::number_out_of_range, 1, 9},
        {"(p32) nop", error_code::register_out_of_range, 1, 3},
        {"muli_sat r0, r1, r2", error_code::modifier_not_allowed, 1, 1},
        {"nop <- end <- end", error_code::duplicate_modifier, 1, 12},
        {"nop <- stop", error_code::unknown_modifier, 1, 5},
        {"kls r0, r1", error_code::wrong_operand_kind, 1, 9},
        {"zxs r0, s256", error_code::register_out_of_range, 1, 9},
        {"kls r0, s1, s2", error_code::too_many_operands, 1, 11},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        auto r = at::try_assemble(c.text);
        REQUIRE_FALSE(r.ok());
        CHECK(ctisa::name_of(r.error().code) == ctisa::name_of(c.code));
        CHECK(r.error().line == c.line);
        CHECK(r.error().column == c.column);
    }
}

TEST_CASE("the printer writes the simulator's syntax", "[attila][syntax]") {
    CHECK(round("MOV R0, I0") == "mov r0, i0");
    CHECK(round("add_SAT r1.xyz,r2.wwww ,  c3.xyzw") == "add_sat r1.xyz, r2.w, c3");
    CHECK(round("(!p7) mad o1.w, -|c2[ a3.w-5 ].zyxw|, r4.xxyy, i9") == "(!p7) mad o1.w, -|c2[a3.w + -5].zyxw|, r4.xxyy, i9");
    CHECK(round("andp !p9, !c1.y, true") == "andp !p9, !c1.y, true");
    CHECK(round("jmp c4, 7") == "jmp c4.x, 7");
    CHECK(round("kls -c2.y") == "kls -c2.y");
    // The wiki's forms the simulator refuses; its own spelling stays the default (s0 unwritten).
    CHECK(round("setpeq !p1, r1.x, 3.5") == "setpeq !p1, r1.x, 3.5");
    CHECK(round("stpgti !p0, r1.x, 7") == "stpgti !p0, r1.x, 7");
    CHECK(round("kls r1, s2") == "kls r1, s2");
    CHECK(round("zxs -r1.y, S255") == "zxs -r1.y, s255");
    CHECK(round("kls r1, s0") == "kls r1");
    CHECK(round("(p1) end") == "(p1) end");
    CHECK(round("(!p31) END") == "(!p31) end");
    CHECK(round("tex r0.xy, r1, t3 <- wait") == "tex r0.xy, r1, t3 <- wait");
    CHECK(round("mov r0, r1 <- wait <- end") == "mov r0, r1 <- end <- wait");
    CHECK(round("addi a0.x, a0.x, -7") == "addi a0.x, a0.x, -7");
    CHECK(round("addi a0.x, a0.x, 0xFFFFFFF9") == "addi a0.x, a0.x, 0xfffffff9");
    // Float immediates: short decimals when they read back exactly, the bit pattern otherwise.
    CHECK(round("add r0, r1, 2") == "add r0, r1, 2");
    CHECK(round("add r0, r1, 0x40000000") == "add r0, r1, 2");
    CHECK(round("add r0, r1, 1.5") == "add r0, r1, 1.5");
    CHECK(round("add r0, r1, 0.1") == "add r0, r1, 0.1");
    CHECK(round("add r0, r1, 1e3") == "add r0, r1, 1e3");  // 1000 has four characters
    CHECK(round("add r0, r1, 4e9") == "add r0, r1, 4e9");
    CHECK(round("add r0, r1, 0x3f800001") == "add r0, r1, 0x3f800001");
    CHECK(round("mul r0, r1, -|0.5|") == "mul r0, r1, -|0.5|");
}

TEST_CASE("three-character decimals give the nearest float", "[attila][syntax]") {
    // Expected values: IEEE-754 single precision of the decimal (independent of the parser).
    CHECK(at::parse("add r0, r1, 0.1")->sources[1].value == 0x3DCCCCCDu);
    CHECK(at::parse("add r0, r1, 9e9")->sources[1].value == 0x50061C46u);
    CHECK(at::parse("add r0, r1, 7")->sources[1].value == 0x40E00000u);
    CHECK(at::parse("addi r0, r1, 7")->sources[1].value == 7u);
}
