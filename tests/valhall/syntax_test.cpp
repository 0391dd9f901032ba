// SPDX-License-Identifier: MIT
// Valhall assembly text: what the parser accepts beyond Mesa's cases, and where and why it rejects.
#include <catch2/catch.hpp>

#include <string>

#include <ctisa/valhall/valhall.hpp>

namespace va = ctisa::valhall;
using ctisa::error_code;

namespace {

struct outcome {
    std::string code;
    unsigned line = 0;
    unsigned column = 0;
    std::string subject;
};

outcome rejection(std::string_view text) {
    const auto r = ctisa::assemble_bytes<va::isa>(text);
    if (r.ok()) return {"accepted", 0, 0, {}};
    return {std::string(ctisa::name_of(r.error().code)), r.error().line, r.error().column, std::string(r.error().subject)};
}

std::vector<std::uint8_t> bytes_of(std::string_view text) {
    const auto r = ctisa::assemble_bytes<va::isa>(text);
    INFO(text);
    if (!r) INFO(r.error().message() << " (" << r.error().subject << ") column " << r.error().column);
    REQUIRE(r.ok());
    return *r;
}

}  // namespace

TEST_CASE("errors give line, column and reason", "[valhall][syntax]") {
    struct row {
        std::string_view text;
        std::string_view code;
        unsigned line, column;
    };
    const row rows[] = {
        {"FADD.f32 r0, r1, r2\n  FOO.f32 r0", "unknown_mnemonic", 2, 3},
        {"FADD.f32.clamp_0_2 r0, r1, r2", "unknown_modifier", 1, 10},
        {"FADD.f32.clamp_0_1.clamp_m1_1 r0, r1, r2", "duplicate_modifier", 1, 20},
        {"FADD.f32..clamp_0_1 r0, r1, r2", "unknown_modifier", 1, 10},
        {"ICMP.u32.gt r0, r1, r2, r3", "missing_modifier", 1, 1},          // result_type has no default
        {"LOAD.i32 @r0, u0, offset:0", "missing_modifier", 1, 1},          // slot has no default
        {"FADD.f32 r64, r1, r2", "register_out_of_range", 1, 10},
        {"FADD.f32 r0, u64, r2", "register_out_of_range", 1, 14},
        {"FADD.f32 r0, r1, 0x3F800001", "immediate_not_in_table", 1, 18},
        {"FADD.f32 r0, r1, imm32", "number_out_of_range", 1, 18},
        {"FADD.f32 r0, `u1, r2", "expected_register", 1, 15},
        {"FADD.f32 r0, r1, r2.not", "modifier_not_allowed", 1, 21},
        {"IADD.u32 r0, r1.neg, r2", "modifier_not_allowed", 1, 17},
        {"FADD.f32 r0, r1.neg.neg, r2", "duplicate_modifier", 1, 21},
        {"FADD.f32 r0, r1.h0.h1, r2", "duplicate_modifier", 1, 20},
        {"FADD.f32 r0, r1.b0, r2", "bad_swizzle", 1, 17},                 // Widen has no b0
        {"FADD.f32 r0, r1.foo, r2", "unknown_modifier", 1, 17},
        {"MOV.i32 r0, r1.h0", "bad_swizzle", 1, 16},                      // MOV's source has no select
        {"FADD.v2f16 r0, r1.b00, r2", "bad_swizzle", 1, 19},              // two-bit field: h00-h11 only
        {"FADD.f32 r0.h2, r1, r2", "bad_write_mask", 1, 13},
        {"FADD.f32 r0.h0.h1, r1, r2", "bad_write_mask", 1, 15},
        {"FADD.f32 r0, r1 r2", "expected_comma", 1, 17},
        {"FADD.f32 r0, r1, r2, r3", "too_many_operands", 1, 20},
        {"FADD.f32 r0, r1, r2 x", "trailing_characters", 1, 21},
        {"LOAD.i32.slot0 @r0:r2, u0, offset:0", "bad_staging_registers", 1, 20},
        {"LOAD.i32.slot0 @r0:r1:r2:r3:r4:r5:r6:r7, u0, offset:0", "bad_staging_registers", 1, 38},
        {"TEX.computed.2d.slot0 @r2, @r4:r5:r6, r3", "bad_staging_registers", 1, 28},  // TEX writes four
        {"LOAD.i32.slot0 r0, u0, offset:0", "expected_register", 1, 16},
        {"LOAD.i32.slot0 @r0, u0, offset:32768", "number_out_of_range", 1, 32},
        {"LOAD.i32.slot0 @r0, u0, offset:-32769", "number_out_of_range", 1, 32},
        {"LOAD.i32.slot0 @r0, u0, offset:", "expected_number", 1, 32},
        {"LOAD.i32.slot0 @r0, u0, #0", "immediate_without_name", 1, 25},  // '#' is the constant's
        {"LOAD.i32.slot0 @r0, u0, 0", "immediate_without_name", 1, 25},   // a plain number: offset:0
        {"IADD_IMM.i32 r0, r1, 5", "immediate_without_hash", 1, 22},      // a plain number: #5
        {"IADD_IMM.i32 r0, r1, -5", "immediate_without_hash", 1, 22},
        {"LOAD.i32.slot0 @r0, u0, shift:0", "wrong_operand_kind", 1, 25},
        {"BRANCHZ r0, offset:67108864", "number_out_of_range", 1, 20},    // 27-bit signed
        {"IADD_IMM.i32 r0, r1, #-2147483649", "number_out_of_range", 1, 23},  // 32-bit: -2^31 at least
        {"IADD_IMM.i32 r0, r1, #0x100000000", "number_out_of_range", 1, 23},
        {"SHADDX.u64 r0, r2, r4, shift:-1", "number_out_of_range", 1, 30},  // a count: never negative
        {"MOV.i32.wait3 r0, r1", "unknown_modifier", 1, 9},
        {"MOV.i32.reserved r0, r1", "unknown_modifier", 1, 9},
        {"MOV.i32.ts.ts r0, r1", "duplicate_modifier", 1, 12},
        {"TEX.computed.2d.slot0.left @r2, @r4:r5:r6:r7, r3", "unknown_modifier", 1, 23},
        {"LSHIFT_OR.i32.left r0, r1, r2, r3", "unknown_modifier", 1, 15},  // left is the opcode (erratum left-outside-word)
        {"LOAD.i24.reserved.slot0 @r0, u0, offset:0", "unknown_modifier", 1, 10},
        {"MOV.i32 r0, atest", "expected_register", 1, 13},
        {"MOV.i32 r0, 5", "decimal_constant_source", 1, 13},  // a number where a source is: how constants are written
        {"FADD.f32 r2, r0, 1.5", "decimal_constant_source", 1, 18},
        {"FADD.f32 r0, u0, u3", "uniform_slot_conflict", 1, 18},
    };
    for (const auto& r : rows) {
        INFO(r.text);
        const auto o = rejection(r.text);
        CHECK(o.code == r.code);
        CHECK(o.line == r.line);
        CHECK(o.column == r.column);
    }
}

TEST_CASE("what Mesa's syntax allows besides its cases", "[valhall][syntax]") {
    // Comments ('#' and ';' to the end of the line) and blank lines; '#' before an immediate is its prefix.
    const auto program = bytes_of("# a program\n\nMOV.i32 r1, r2 ; move\nIADD_IMM.i32 r0, 0x0, #0x1 # one\n");
    CHECK(program == ctisa::assemble_bytes<va::isa>("MOV.i32 r1, r2\nIADD_IMM.i32 r0, 0x0, #0x1").value());
    CHECK(program.size() == 16);
    // The constant immediate can be written constant:value; numbers are decimal or 0x hex, with sign.
    CHECK(bytes_of("IADD_IMM.i32 r0, 0x0, constant:255") == bytes_of("IADD_IMM.i32 r0, 0x0, #0xFF"));
    CHECK(bytes_of("BRANCHZ r0, offset:0x10") == bytes_of("BRANCHZ r0, offset:16"));
    CHECK(bytes_of("BRANCHZ r0, offset:-67108864").size() == 8);
    // A negative constant is its 32-bit two's complement (erratum negative-constant).
    CHECK(bytes_of("IADD_IMM.i32 r0, r1, #-5") == bytes_of("IADD_IMM.i32 r0, r1, #0xFFFFFFFB"));
    CHECK(bytes_of("IADD_IMM.i32 r0, r1, #-2147483648") == bytes_of("IADD_IMM.i32 r0, r1, #0x80000000"));
    // Table entries by index (Mesa's asm.py reads immN too); defaults may be written.
    CHECK(bytes_of("FADD.f32 r0, r1, imm16") == bytes_of("FADD.f32 r0, r1, 0x3F800000"));
    CHECK(bytes_of("FADD.f32.none r0, r1, r2") == bytes_of("FADD.f32 r0, r1, r2"));
    CHECK(bytes_of("IADD.v2u16 r0, r1.h01, r2") == bytes_of("IADD.v2u16 r0, r1, r2"));
    CHECK(bytes_of("CLPER.i32.subgroup16.zero r0, r1, r2") == bytes_of("CLPER.i32 r0, r1, r2"));
    CHECK(bytes_of("NOP.wait") == bytes_of("NOP"));
    CHECK(bytes_of("NOP.wait20") == bytes_of("NOP.wait02"));
    // Modifiers in any order; the printer writes them in the XML's order.
    CHECK(bytes_of("LOAD.i32.slot0.unsigned.d0 @r2:r3, u0, offset:0") == bytes_of("LOAD.i32.d0.unsigned.slot0 @r2:r3, u0, offset:0"));
    // Mnemonics and modifiers are matched without regard to case.
    CHECK(bytes_of("fadd.f32 r0, r1, r2") == bytes_of("FADD.f32 r0, r1, r2"));
    // The same special value twice is one special value; the same constant twice is one constant.
    CHECK(bytes_of("IADD.u32.id r0, lane_id, lane_id").size() == 8);
    CHECK(bytes_of("FMA.f32 r0, 0x3F800000, 0x3F800000, 0x0").size() == 8);
}

TEST_CASE("printing is what parsing reads back", "[valhall][syntax]") {
    const std::string_view texts[] = {
        "TEX.zero.cube.skip.slot2.id @r60:r61:r62, @r0:r1:r2:r3, lane_id",
        "CSEL.v2f16.total.wait01 r3.h1, 0x3C000000, u7, `r9, r10",
        "LSHIFT_XOR.v4i8.not_result r0, r1.b3210, r2.b23, r3.not",
        "F16_TO_F32.rtz r1, u1.neg.abs.h1",
        "ST_IMAGE.slot1 @r0:r1:r2:r3:r4:r5:r6, r8",
        "TODO.ATOM_C1.i32.slot0 @r0:r1, r2, operation:0x5",
        "BRANCHZ.eq.return r0.h1, offset:-67108864",
        "IADD_IMM.v4i8.ts r0, tls_ptr, #0xFFFFFFFF",
    };
    for (auto text : texts) {
        INFO(text);
        const auto p = va::parse(text);
        if (!p) INFO(p.error().message() << " (" << p.error().subject << ") column " << p.error().column);
        REQUIRE(p.ok());
        CHECK(ctisa::to_string<va::isa>(*p) == text);
    }
}
