// SPDX-License-Identifier: MIT
// Conformance with Mesa 21.3's Valhall assembler and disassembler: every case of
// ../shared/reference/valhall/assembler-cases.txt in both directions (text -> bytes, and bytes ->
// text with the exact text Mesa's disassembler prints), and every line of negative-cases.txt rejected.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include <ctisa/valhall/valhall.hpp>

#include "test_data.hpp"

namespace va = ctisa::valhall;

namespace {

struct assembler_case {
    std::vector<std::uint8_t> bytes;
    std::string text;
};

// "xx xx xx xx xx xx xx xx    TEXT": 8 bytes, four spaces, the text (which may end with a space).
std::vector<assembler_case> assembler_cases() {
    std::vector<assembler_case> out;
    for (const auto& line : ctisa_test::lines_of(ctisa_test::read_file(ctisa_test::shared_path("reference/valhall/assembler-cases.txt")))) {
        if (line.empty() || line[0] == '#') continue;
        const auto gap = line.find("    ");
        REQUIRE(gap == 23);
        out.push_back({ctisa_test::hex_bytes(line.substr(0, gap)), line.substr(gap + 4)});
        REQUIRE(out.back().bytes.size() == 8);
    }
    return out;
}

std::vector<std::string> negative_cases() {
    std::vector<std::string> out;
    for (const auto& line : ctisa_test::lines_of(ctisa_test::read_file(ctisa_test::shared_path("reference/valhall/negative-cases.txt"))))
        if (!line.empty() && line[0] != '#') out.push_back(line);
    return out;
}

}  // namespace

TEST_CASE("valhall conformance with Mesa 21.3's assembler cases", "[valhall][conformance]") {
    const auto cases = assembler_cases();
    REQUIRE(cases.size() == 108);  // the file's header: 108 cases

    int assembled = 0, disassembled = 0;
    for (const auto& c : cases) {
        INFO("case: '" << c.text << "'");
        // text -> bytes
        const auto bytes = ctisa::assemble_bytes<va::isa>(c.text);
        if (!bytes) INFO("error: " << bytes.error().message() << " (" << bytes.error().subject << ") at column " << bytes.error().column);
        CHECK(bytes.ok());
        if (bytes && *bytes == c.bytes) ++assembled;
        else CHECK(false);
        // bytes -> text, exactly as Mesa's disassembler prints it but for one blank: Mesa ends an
        // instruction without operands ("NOP.return ") with the blank that would precede them;
        // ctisa's disassembly has no trailing blanks (issue 35), so that one is not compared.
        const auto decoded = va::decode(c.bytes);
        if (!decoded) INFO("decode error: " << decoded.error().message() << " (" << decoded.error().subject << ")");
        REQUIRE(decoded.ok());
        const std::string text = ctisa::to_string<va::isa>(*decoded);
        const std::string expected = c.text.ends_with(' ') ? c.text.substr(0, c.text.size() - 1) : c.text;
        CHECK(text == expected);
        if (text == expected) ++disassembled;
    }
    std::printf("valhall conformance: %d/%zu cases assemble to Mesa's bytes, %d/%zu disassemble to Mesa's exact text (no trailing blank)\n",
                assembled, cases.size(), disassembled, cases.size());
    CHECK(assembled == static_cast<int>(cases.size()));
    CHECK(disassembled == static_cast<int>(cases.size()));
}

TEST_CASE("valhall rejects every negative case of Mesa 21.3", "[valhall][conformance]") {
    const auto cases = negative_cases();
    REQUIRE(cases.size() == 31);  // the file's header: 31 real cases
    int rejected = 0;
    for (const auto& text : cases) {
        INFO("negative case: '" << text << "'");
        const auto r = va::try_assemble(text);
        CHECK_FALSE(r.ok());
        if (!r.ok()) {
            ++rejected;
            CHECK(r.error().line == 1);
            CHECK(r.error().column >= 1);
        }
    }
    std::printf("valhall negative cases: %d/%zu rejected\n", rejected, cases.size());
    CHECK(rejected == static_cast<int>(cases.size()));
}

TEST_CASE("negative cases are rejected for the reason Mesa gives", "[valhall][conformance]") {
    using ctisa::error_code;
    // Reasons from the comments of negative-cases.txt and the checks of Mesa 21.3's asm.py.
    const std::pair<std::string_view, error_code> reasons[] = {
        {"MOV.i32.ts r1, lane_id", va::errors::immediate_mode_mismatch},
        {"MOV.i32 r1, wls_ptr", va::errors::immediate_mode_mismatch},
        {"FADD.f32 r0, r1", error_code::missing_operand},
        {"BRANCH", error_code::unknown_mnemonic},
        {"IADD_IMM.i32 r3, #12345", error_code::missing_operand},
        {"FADD.v2f16 r0, r1, r0.h0", error_code::bad_swizzle},
        {"MOV.i32.wait01.wait1 r0, r1", error_code::conflicting_modifiers},
        {"MOV.i32.reconverge.return r0, r1", error_code::conflicting_modifiers},
        {"FROUND.f32.rtn.clamp_m1_1 r2, `r2.neg", error_code::unknown_modifier},
        {"FADD.f32 r0, u0, u4", va::errors::uniform_slot_conflict},
        {"FMA.f32 r0, u0, u1, 0x0", error_code::operand_limit},
        {"FMA.f32 r0, 0x3F317218, 0x40490FDB, 0x0", error_code::operand_limit},
        {"MOV.i32.id r0, u0", va::errors::immediate_mode_mismatch},
        {"IADD.u32 r0, lane_id, core_id", va::errors::immediate_mode_mismatch},
        {"IADD.u32.id r0, lane_id, core_id", va::errors::special_value_conflict},
        {"IADD.u32.ts r0, tls_ptr, tls_ptr_hi", va::errors::special_value_conflict},
        {"IADD.u32.id r0, tls_ptr, 0x40490FDB", va::errors::immediate_mode_mismatch},
    };
    for (const auto& [text, code] : reasons) {
        INFO(text);
        const auto r = va::try_assemble(text);
        REQUIRE_FALSE(r.ok());
        CHECK(ctisa::name_of(r.error().code) == ctisa::name_of(code));
    }
}
