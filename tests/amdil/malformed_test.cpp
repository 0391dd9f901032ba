// SPDX-License-Identifier: MIT
// Units built by hand that the parser and the decoder never give: a swizzle outside ILComponentSelect
// (the printer indexed its letters with it), an operand short or a token over, a size past the
// packet array, a header of the wrong length or with a shader type outside ILShaderType. print()
// names the token at fault in a line the parser refuses, never reads past the unit.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <ctisa/amdil/amdil.hpp>

namespace il = ctisa::amdil;
using namespace ctisa::amdil::registers;

namespace {

// 'add r0, r1.w, r2': the opcode token, r0, r1 with its source modifier (a swizzle), r2.
il::instruction add_r0_r1w_r2() {
    const auto add = il::op::add(r(0), r(1).w(), r(2));
    REQUIRE(add.ok());
    REQUIRE(add->size == 5);
    return *add;
}

}  // namespace

TEST_CASE("amdil print names a hand-built unit it cannot write", "[amdil][text]") {
    const il::instruction good = add_r0_r1w_r2();
    CHECK(!il::check_unit(good).failed());
    CHECK(ctisa::to_string<il::isa>(good) == "add r0, r1.w, r2");

    struct bad {
        il::instruction in;
        ctisa::error_code code;
        std::string_view subject;
        std::uint32_t token;
    };
    std::vector<bad> cases;
    il::instruction swizzle = good;  // r1's swizzle x as 7: ILComponentSelect has six values (x, y, z, w, 0, 1)
    swizzle.words[3] = (swizzle.words[3] & ~0x7u) | 7u;
    cases.push_back({swizzle, ctisa::error_code::reserved_value, "IL_Src_Mod.swizzle", 3});
    il::instruction register_type = good;  // r2's register type past ILRegType's last
    register_type.words[4] |= 0x3Fu << 16;
    cases.push_back({register_type, ctisa::error_code::reserved_value, "IL_Src.register_type", 4});
    il::instruction short_one = good;  // add without its second source
    short_one.size = 4;
    cases.push_back({short_one, ctisa::error_code::truncated, "IL_Src", 4});
    il::instruction long_one = good;  // a token after the packet
    long_one.words[5] = good.words[4];
    long_one.size = 6;
    cases.push_back({long_one, ctisa::error_code::too_many_operands, "token after the packet", 5});
    il::instruction oversized = good;  // more tokens than the instruction holds
    oversized.size = 200;
    cases.push_back({oversized, ctisa::error_code::operand_limit, "instruction.size", 64});
    il::instruction empty{};
    cases.push_back({empty, ctisa::error_code::truncated, "IL_Opcode", 0});
    il::instruction unknown = good;  // an opcode code no opcode has
    unknown.words[0] = 0xFFFFu;
    cases.push_back({unknown, ctisa::error_code::reserved_opcode, "IL_Opcode.code", 0});
    il::instruction header{};  // il_ps_2_0 with the shader type past ILShaderType's last
    header.header = true;
    header.size = 2;
    header.words = {0, 0x00FF0200u};  // 2.2.2: minor version bits 0-7, major 8-15, shader type 16-23
    cases.push_back({header, ctisa::error_code::reserved_value, "IL_Version.shader_type", 1});
    il::instruction header3 = header;  // three tokens
    header3.words[1] = 0x00010200u;
    header3.size = 3;
    cases.push_back({header3, ctisa::error_code::missing_header, "IL_Lang and IL_Version", 0});

    for (const bad& b : cases) {
        INFO(b.subject);
        const ctisa::error e = il::check_unit(b.in);
        CHECK(e.code == b.code);
        CHECK(e.subject == b.subject);
        CHECK(e.offset == 4 * b.token);
        const std::string text = ctisa::to_string<il::isa>(b.in);
        CHECK(text == "!malformed " + std::string(b.subject) + " at token " + std::to_string(b.token) + ": " + std::string(e.message()));
        CHECK(!il::parse(text));
    }
    header3.size = 2;  // the same tokens, two of them: il_ps_2_0
    CHECK(!il::check_unit(header3).failed());
    CHECK(ctisa::to_string<il::isa>(header3) == "il_ps_2_0");
}

TEST_CASE("amdil check_unit agrees with the decoder on every unit of a program", "[amdil][text]") {
    const auto image = ctisa::assemble_bytes<il::isa>(
        "il_ps_2_0\n"
        "dcl_input_usage(generic)_interp(linear) v1.xy__\n"
        "dcl_literal l0, 1, 2, 3, 4\n"
        "dcl_literal l1, 5, 6, 7, 8\n"
        "add_precxz r0, r1, r2\n"
        "mad_ieee r0.xy__, v1.xyxx, l0, l1\n"
        "end\n");
    REQUIRE(image);
    const auto program = ctisa::decode_program<il::isa>(*image);
    REQUIRE(program);
    REQUIRE(program->size() == 7);
    for (const il::instruction& in : *program) CHECK(!il::check_unit(in).failed());
}
