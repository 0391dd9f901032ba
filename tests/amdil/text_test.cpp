// SPDX-License-Identifier: MIT
// AMD IL text: every public binary disassembles to text that assembles back to the same bytes, and
// the text agrees with the accompanying disassembly (another tool's dialect) wherever the two spell
// a statement alike.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include <ctisa/amdil/amdil.hpp>

#include "public_binaries.hpp"
#include "test_data.hpp"

namespace il = ctisa::amdil;

namespace {

std::vector<std::uint8_t> bytes_of(const std::string& s) { return {s.begin(), s.end()}; }

}  // namespace

namespace {

// grvk's spelling of a statement in ours, where the two dialects differ (the opcodes and operands are
// the same): the global flags as a word, an import usage without _usage().
std::string as_ours(std::string line) {
    line.erase(0, line.find_first_not_of(' '));
    const auto replace = [&](std::string_view from, std::string_view to) {
        if (line.rfind(from, 0) == 0) line = std::string(to) + line.substr(from.size());
    };
    replace("dcl_input_generic", "dcl_input_usage(generic)");
    replace("dcl_output_generic", "dcl_output_usage(generic)");
    return line;
}

// Our statement without the masks and swizzles that show a modifier token of default content (grvk
// does not show those tokens); counts them.
std::string without_default_tokens(std::string line, std::size_t& count) {
    for (std::size_t at = line.find(".xyzw"); at != std::string::npos; at = line.find(".xyzw", at)) {
        const std::size_t end = at + 5;
        if (end == line.size() || line[end] == ',') {
            line.erase(at, 5);
            ++count;
        } else {
            at = end;
        }
    }
    return line;
}

}  // namespace

TEST_CASE("amdil: binary -> text -> binary is exact for every public binary", "[amdil][text][conformance]") {
    std::size_t statements = 0, same_as_grvk = 0, default_tokens = 0;
    for (const char* name : amdil_test::public_binaries) {
        INFO(name);
        const auto bytes = bytes_of(amdil_test::read_public(name, ".bin"));
        const auto grvk = ctisa_test::lines_of(amdil_test::read_public(name, ".txt"));
        std::string text;
        ctisa::text::string_sink sink(text);
        const auto e = ctisa::disassemble<il::isa>(sink, bytes);
        INFO(e.message() << " at " << e.offset << " " << e.subject);
        REQUIRE_FALSE(e.failed());
        const auto lines = ctisa_test::lines_of(text);
        REQUIRE(lines.size() + 1 == grvk.size());  // grvk's first line names the language: ours is on the version line
        CHECK(lines[0] == "il_ps_2_0_lang(dx11_ps)");
        for (std::size_t i = 1; i < lines.size(); ++i) {
            auto theirs = grvk[i + 1];
            theirs.erase(0, theirs.find_first_not_of(' '));
            if (lines[i] == theirs) ++same_as_grvk;
            // Every statement is grvk's, up to the listed differences of spelling.
            INFO(lines[i] << " | " << theirs);
            CHECK(without_default_tokens(lines[i], default_tokens) == as_ours(theirs));
        }
        statements += lines.size();
        const auto back = ctisa::assemble_bytes<il::isa>(text);
        INFO(back.error().message() << " line " << back.error().line << " col " << back.error().column << " " << back.error().subject);
        REQUIRE(back.ok());
        CHECK(*back == bytes);
    }
    CHECK(default_tokens == 37);
    CHECK(same_as_grvk == 11566);
    std::printf(
        "amdil text: 9 of 9 binaries round-trip byte for byte through text (%zu statements, %zu spelled as grvk does, "
        "all others up to 3 listed spellings and %zu default-content tokens)\n",
        statements, same_as_grvk, default_tokens);
}

TEST_CASE("amdil: statements as chapter 3 writes them", "[amdil][text]") {
    const auto round = [](std::string_view text) {
        const auto ins = il::parse(text);
        INFO(text << ": " << ins.error().message() << " " << ins.error().subject);
        REQUIRE(ins.ok());
        return ctisa::to_string<il::isa>(*ins);
    };
    CHECK(round("mov r0, r1") == "mov r0, r1");
    CHECK(round("add_x2_sat r0, r1, r2") == "add_x2_sat r0, r1, r2");
    CHECK(round("add_sat r0.xyzw, r1.xyzw_neg(x), r2") == "add_sat r0, r1_neg(x), r2");
    CHECK(round("mov o0.xyzw, r0.xyzw") == "mov o0.xyzw, r0.xyzw");  // modifier tokens with default content
    CHECK(round("mov r0.x_z_, r1.zyx1_neg(xw)_abs") == "mov r0.x_z_, r1.zyx1_neg(xw)_abs");
    CHECK(round("div_zeroop(infinity) r0, r1, r2") == "div_zeroop(infinity) r0, r1, r2");
    CHECK(round("breakc_relop(eq) r0, r1") == "breakc_relop(eq) r0, r1");
    CHECK(round("dcl_input_usage(generic)_interp(linear) v1.xy__") == "dcl_input_usage(generic)_interp(linear) v1.xy__");
    CHECK(round("mov r0, x5[6].yyyy") == "mov r0, x5[6].y");
    CHECK(round("mov r0, cb0[r6.w+2]{constbool0[r2.x+4]}.y") == "mov r0, cb0[r6.w+2]{b0[r2.x+4]}.y");  // chapter 5's name: b#
    // 2.2.8 examples 3 and 4: v[1][2] is IL_Src (vertex 1, dimension 1) then IL_Src (vertex 2).
    CHECK(round("mov r0, v[1][2]") == "mov r0, v[1][2]");
    CHECK(round("mov r0, v1{v2}") == "mov r0, v[1][2]");
    const auto v12 = il::parse("mov r0, v[1][2].xyxx");
    REQUIRE(v12.ok());
    CHECK(v12->size == 5);
    // (The example's type is IL_REGTYPE_VERTEX; ctisa's text writes v for IL_REGTYPE_INPUT, amdil.toml.)
    constexpr std::uint32_t input = static_cast<std::uint32_t>(il::reg_type::input) << 16;
    CHECK(v12->words[2] == (1u | input | 1u << 22 | 1u << 25));  // modifier present, dimension 1
    CHECK(v12->words[3] == 0x0010u);                             // swizzle x y x x
    CHECK(v12->words[4] == (2u | input));
    CHECK(round("mov r0, vertex[1][2]") == "mov r0, vertex[1][2]");
    CHECK(round("mov r0, v[1][2].xyxx") == "mov r0, v[1][2].xyxx");
    CHECK(round("mov r0, v1{r2}") == "mov r0, v1{r2}");  // another type: the brace form stays
    CHECK(!il::parse("mov r0, v[1]").ok());
    CHECK(!il::parse("mov r0, v[1][65536]").ok());
    CHECK(round("mov r0, r1.x_neg(x)") == "mov r0, r1.x_neg(x)");
    CHECK(round("mov r0, r1.1") == "mov r0, r1.1");
    CHECK(round("il_cs_2_0") == "il_cs_2_0");
    CHECK(round("dcl_global_flags refactoringAllowed|enableDoublePrecisionFloatOps") ==
          "dcl_global_flags refactoringAllowed|enableDoublePrecisionFloatOps");
    CHECK(round("func 1024") == "func 1024");
    CHECK(round("fence_threads_lds") == "fence_threads_lds");  // chapter 7's example
    CHECK(il::parse("fence_lds_memory_gds").value().words[0] == (218u | 1u << 17 | 1u << 18 | 1u << 22));
    // The prefix of 7.3 written on the instruction it applies to: two packets, one statement.
    CHECK(round("add_prec r0, r1, r2") == "add_prec r0, r1, r2");
    CHECK(round("mad_precxz_ieee_sat r0, r1, r2, r3") == "mad_precxz_ieee_sat r0, r1, r2, r3");
    const auto prec = il::parse("add_precyw r0, r1, r2");
    REQUIRE(prec.ok());
    CHECK(prec->words[0] == (353u | 0xAu << 16));
    CHECK(prec->words[1] == 3u);
    CHECK(prec->size == 5);
    // dcl_resource: bit 31 (unnormalize) is the declaration's own; its format token always follows.
    // Its format token named as chapter 7's example does (_fmtx(float)...; ILElementFormat: uint 4, srgb 6,
    // float 5, unknown 0), or as a plain dword where a reserved bit is set.
    CHECK(round("dcl_resource_id(1)_type(2d)_unnormalize(1) 0x1B400000") ==
          "dcl_resource_id(1)_type(2d,unnorm)_fmtx(uint)_fmty(srgb)_fmtz(srgb)_fmtw(unknown)");
    // Chapter 7's example of DCL_RESOURCE, as it writes it (ILPixTexUsage: 1d = 1; unnorm: bit 31).
    constexpr std::string_view example = "dcl_resource_id(1)_type(1d,unnorm)_fmtx(float)_fmty(float)_fmtz(float)_fmtw(float)";
    CHECK(round(example) == example);
    CHECK(il::parse(example)->words[0] == (128u | 1u << 16 | 1u << 24 | 1u << 31));
    CHECK(!il::parse("dcl_resource_id(1)_type(1d,unnorm)_unnormalize(1)").ok());  // bit 31 given twice
    CHECK(!il::parse("dcl_resource_id(1)_type(1d,norm)").ok());
    CHECK(round("dcl_resource_id(1)_type(2d) 0x1B400001") == "dcl_resource_id(1)_type(2d) 0x1B400001");
    const auto fmt = il::parse("dcl_resource_id(1)_type(1d)_unnormalize(1)_fmtx(float)_fmty(FLOAT)_fmtz(float)_fmtw(float)");
    REQUIRE(fmt.ok());
    CHECK(fmt->size == 2);
    CHECK(fmt->words[1] == (5u << 20 | 5u << 23 | 5u << 26 | 5u << 29));
    CHECK(!il::parse("dcl_resource_id(1)_fmtx(float)_fmtx(uint)").ok());  // a component named twice
    CHECK(!il::parse("dcl_resource_id(1)_fmtx(half)").ok());             // not an ILElementFormat member
    CHECK(!il::parse("dcl_resource_id(1)_fmtx(float) 0x1B400000").ok()); // the format token given twice
    // LOD (7.x 'lod_stage(n) dst, src0': stage 23:16) and LOAD_FPTR (as LOAD: resource 23:16, sampler 27:24).
    const auto lod = il::parse("lod_stage(3) r0, r1");
    REQUIRE(lod.ok());
    CHECK(lod->words[0] == (static_cast<std::uint32_t>(il::opcode::lod) | 3u << 16));
    CHECK(round("lod_stage(3) r0, r1") == "lod_stage(3) r0, r1");
    const auto pin = il::parse("dclpin_usage(generic)_usageindex(3) pinput1");  // generic = 6 (binaries)
    REQUIRE(pin.ok());
    CHECK(pin->words[0] == (static_cast<std::uint32_t>(il::opcode::dclpin) | 6u << 16 | 3u << 21));
    const auto fptr = il::parse("load_fptr_resource(2)_sampler(1) r0, r1");
    REQUIRE(fptr.ok());
    CHECK(fptr->words[0] == (static_cast<std::uint32_t>(il::opcode::load_fptr) | 2u << 16 | 1u << 24));
    const auto res = il::parse("dcl_resource_id(1)_type(2d)_unnormalize(1) 0x1B400000");
    REQUIRE(res.ok());
    CHECK(res->size == 2);
    CHECK(res->words[0] == (128u | 1u << 16 | 2u << 24 | 1u << 31));
    CHECK(il::packet_at(res->tokens(), 0)->size == 2);
    CHECK(round("comment 0x6C6C6568, 0x0000006F") == "comment 0x6C6C6568, 0x0000006F");
    CHECK(round("dcl_literal l0, 1, 2, 3, 4") == "dcl_literal l0, 0x00000001, 0x00000002, 0x00000003, 0x00000004");
    // The packed offsets (u in bits 7:0, 7.1 fixed point: 3 halves is 1.5), as chapter 7 writes them.
    CHECK(round("sample_resource(1)_sampler(2)_aoffimmi(0x00010203) r0, r1") == "sample_resource(1)_sampler(2)_aoffimmi(1.5,1,0.5) r0, r1");
    CHECK(round("sample_resource(1)_sampler(2)_aoffimmi(-1,0.5,-64) r0, r1") == "sample_resource(1)_sampler(2)_aoffimmi(-1,0.5,-64) r0, r1");
    CHECK(il::parse("sample_resource(1)_sampler(2)_aoffimmi(-1,0.5,-64) r0, r1")->words[1] == 0x008001FEu);
    CHECK(round("sample_resource(1)_sampler(2)_aoffimmi(0x01000000) r0, r1") == "sample_resource(1)_sampler(2)_aoffimmi(0x01000000) r0, r1");
    CHECK(!il::parse("sample_resource(1)_sampler(2)_aoffimmi(64,0,0) r0, r1").ok());    // past 63.5
    CHECK(!il::parse("sample_resource(1)_sampler(2)_aoffimmi(1.25,0,0) r0, r1").ok());  // not a half
    // The mov with x5[6].y of section 2.2.8 example 1: IL_Src (itemp 5, modifier, immediate), IL_Src_Mod, 6.
    const auto x5 = il::parse("mov r0, x5[6].yyyy");
    REQUIRE(x5.ok());
    CHECK(x5->size == 5);
    CHECK(x5->words[2] == (5u | 30u << 16 | 1u << 22 | 1u << 26));
    CHECK(x5->words[3] == 0x1111u);
    CHECK(x5->words[4] == 6u);
}

TEST_CASE("amdil: text errors name the place and the reason", "[amdil][text][errors]") {
    const auto fails = [](std::string_view text, ctisa::error_code code) {
        const auto r = il::parse(text);
        INFO(text);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == code);
        return r.error();
    };
    fails("frobnicate r0", ctisa::error_code::unknown_mnemonic);
    fails("mov_frob r0, r1", ctisa::error_code::unknown_modifier);
    const auto q1 = fails("mov r0, q1", ctisa::error_code::unknown_register);
    CHECK(q1.column == 9);
    CHECK(q1.subject == "q1");
    fails("mov r0", ctisa::error_code::missing_operand);
    fails("mov r0, r1, r2", ctisa::error_code::too_many_operands);
    fails("mov r0.xyzq, r1", ctisa::error_code::bad_write_mask);
    fails("mov r0, r1.xyzq", ctisa::error_code::bad_swizzle);
    fails("mov r0, r1.xyzw_wobble", ctisa::error_code::unknown_modifier);
    fails("mova r0, r1", il::errors::undescribed_operands);
    fails("il_qs_2_0", ctisa::error_code::unknown_mnemonic);
    fails("il_ps_2_0_lang(dx99)", ctisa::error_code::unknown_modifier);
    fails("end_sat", ctisa::error_code::modifier_not_allowed);
    fails("dcl_resource_id(1)_pri(0x00000001) 0x00000000", ctisa::error_code::unknown_modifier);
    fails("dcl_global_flags refactoringAllowed|frobAllowed", ctisa::error_code::unknown_modifier);
    STATIC_REQUIRE(!il::try_assemble("mov r0, r1.xyzq"));
    STATIC_REQUIRE(il::try_assemble("il_ps_2_0\nmov r0, r1\nend").ok());
}

TEST_CASE("amdil: a prefix and its instruction decode as one unit", "[amdil][text]") {
    const auto bytes = ctisa::assemble_bytes<il::isa>("il_ps_2_0\nmov_prec r0, r1\nprefix_precise_x(1)_bits(0x00000010)\nend\n");
    REQUIRE(bytes.ok());
    std::string text;
    ctisa::text::string_sink sink(text);
    CHECK_FALSE(ctisa::disassemble<il::isa>(sink, *bytes).failed());
    // A prefix with other bits set is its own statement: it is not the _prec form.
    CHECK(text == "il_ps_2_0\nmov_prec r0, r1\nprefix_precise_x(1)_bits(0x00000010)\nend\n");
    const std::uint8_t lone[] = {9, 0, 0, 0, 0, 2, 1, 0, 0x61, 1, 0x0F, 0};  // a prefix at the very end
    std::string lone_text;
    ctisa::text::string_sink lone_sink(lone_text);
    CHECK_FALSE(ctisa::disassemble<il::isa>(lone_sink, lone).failed());
    CHECK(lone_text == "il_ps_2_0_lang(dx11_ps)\nprefix_precise_x(1)_precise_y(1)_precise_z(1)_precise_w(1)\n");
    const std::uint8_t cut[] = {9, 0, 0, 0, 0, 2, 1, 0, 0x61, 1, 0x0F, 0, 0x47, 0, 0, 0};  // its mov has no operands
    std::string cut_text;
    ctisa::text::string_sink cut_sink(cut_text);
    const auto e = ctisa::disassemble<il::isa>(cut_sink, cut);
    CHECK(e.code == ctisa::error_code::truncated);
    CHECK(e.offset == 16);
}

TEST_CASE("amdil: macro definitions before the header, and a macro call", "[amdil][text]") {
    // 7.19: definitions precede the language token; mcall's token counts 1 output and 2 inputs.
    // Written as 7.19 writes them: mdef(k)_out(m)_in(n), mcall(k) (outputs), (inputs).
    const std::string source =
        "mdef(3)_out(1)_in(2)\n"
        "iadd r0, r1, r2\n"
        "mend\n"
        "il_cs_2_0\n"
        "mcall(3) (r5), (r6, l0)\n"
        "end\n";
    const auto bytes = ctisa::assemble_bytes<il::isa>(source);
    INFO(bytes.error().message() << " " << bytes.error().subject << " line " << bytes.error().line);
    REQUIRE(bytes.ok());
    std::string text;
    ctisa::text::string_sink sink(text);
    const auto e = ctisa::disassemble<il::isa>(sink, *bytes);
    INFO(e.message() << " at " << e.offset << " " << e.subject);
    REQUIRE_FALSE(e.failed());
    CHECK(text == source);
    CHECK((*bytes)[0] == 0x59);  // IL_OP_MACRODEF = 345, before the language token
    // The token forms say the same: the IL_Macro_Def token (in 7:0, out 15:8), the IL_Macro_Call token.
    const auto tokens_form = ctisa::assemble_bytes<il::isa>(
        std::string_view("mdef_macro(3) 0x00000102\niadd r0, r1, r2\nmend\nil_cs_2_0\nmcall_macro(3) 0x00020001, r5, r6, l0\nend\n"));
    REQUIRE(tokens_form.ok());
    CHECK(*tokens_form == *bytes);
    // 7.19's examples: the outline option (bit 16), and a call with a comma after the head.
    const auto outline = il::parse("mdef(0)_out(1)_in(2)_outline");
    REQUIRE(outline.ok());
    CHECK(outline->size == 2);
    CHECK(outline->words[0] == 345u);
    CHECK(outline->words[1] == (2u | 1u << 8 | 1u << 16));
    const auto call = il::parse("mcall(2), (r1), (r2,r3,l1.x)");
    REQUIRE(call.ok());
    CHECK(call->words[0] == (347u | 2u << 16));
    CHECK(call->words[1] == (1u | 3u << 16));
    CHECK(ctisa::to_string<il::isa>(*call) == "mcall(2) (r1), (r2, r3, l1.x)");
    CHECK(ctisa::to_string<il::isa>(*il::parse("mcall(4) (), ()")) == "mcall(4) (), ()");
    CHECK(!il::parse("mdef(1)_out(1)").ok());          // the input count is required
    CHECK(!il::parse("mdef(1)_out(256)_in(0)").ok());  // out is 8 bits
    CHECK(!il::parse("mcall(1) (r1) (r2)").ok());      // the lists are separated by a comma
    CHECK(!il::parse("mcall(1) r1, r2").ok());         // and parenthesized
}

TEST_CASE("amdil: programs assemble at compile time", "[amdil][text]") {
    constexpr auto p = il::assemble<"il_ps_2_0_lang(dx11_ps)\ndcl_output_generic o0\nmov o0.xyzw, r0\nend">();
    STATIC_REQUIRE(p.size() == 4);
    STATIC_REQUIRE(p.size_bytes() == 8 + 8 + 16 + 4);
    STATIC_REQUIRE(p.bytes[0] == 9);
    STATIC_REQUIRE(p.bytes[8] == 125);      // dcl_output
    STATIC_REQUIRE(p.bytes[16] == 71);      // mov
    STATIC_REQUIRE(p.bytes[16 + 16] == 40);  // end
}

TEST_CASE("amdil: the IL text AMD's LLVM backend emitted assembles", "[amdil][text][conformance]") {
    // sub.s without its assembler directives (.file, .text, .global@name).
    std::string source;
    std::vector<std::string> amd;  // its statements without comments and indentation
    // The listing reads l12, which the backend's module declares outside it: its declaration (any value)
    // goes after the header, since a literal is declared before its use (7.x DCL_LITERAL).
    for (const auto& line : ctisa_test::lines_of(ctisa_test::read_file(ctisa_test::shared_path("reference/amdil/llvm_amdil_branch/sub.s")))) {
        const auto start = line.find_first_not_of(" \t");
        if (start != std::string::npos && line[start] == '.') continue;
        source += line + "\n";
        if (line.rfind("il_cs_2_0", 0) == 0) source += "dcl_literal l12, 0x00000000, 0x00000000, 0x00000000, 0x00000000\n";
        auto statement = line.substr(0, line.find(';'));
        statement.erase(0, statement.find_first_not_of(" \t"));
        statement.erase(statement.find_last_not_of(" \t") + 1);
        if (!statement.empty()) amd.push_back(statement);
    }
    const std::size_t statements = amd.size();
    const auto bytes = ctisa::assemble_bytes<il::isa>(source);
    INFO(bytes.error().message() << " line " << bytes.error().line << " col " << bytes.error().column << " " << bytes.error().subject);
    REQUIRE(bytes.ok());
    std::size_t units = 0;
    std::string text;
    ctisa::text::string_sink sink(text);
    CHECK_FALSE(ctisa::for_each_decoded<il::isa>(*bytes, [&](const il::instruction& ins) {
                    ++units;
                    ctisa::print_statement<il::isa>(sink, ins);
                }).failed());
    CHECK(units == statements + 1);  // and the declaration of l12
    CHECK(units == 76);
    CHECK(ctisa::assemble_bytes<il::isa>(text).value() == *bytes);
    auto lines = ctisa_test::lines_of(text);
    lines.erase(lines.begin() + 1);  // the declaration of l12
    CHECK(lines == amd);  // printed exactly as AMD's compiler wrote it
}

// 4.1: the language and version tokens come first (7.19: macro definitions may precede them), there is
// one END and it is the last instruction. A text without a header is refused (real_programs_test.cpp
// has the other rules).
TEST_CASE("amdil: statements in the order section 4.1 requires", "[amdil][text][structure]") {
    const auto misplaced = [](std::string_view source, std::uint32_t line) {
        const auto r = ctisa::assemble_bytes<il::isa>(source);
        INFO(source);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == ctisa::error_code::misplaced_statement);
        CHECK(r.error().line == line);
        CHECK(r.error().column == 1);
    };
    misplaced("il_ps_2_0\nmov r0, r1\nil_ps_2_0\nend\n", 3);  // a second header
    misplaced("il_ps_2_0\nend\nmov r0, r1\n", 3);            // after END
    misplaced("il_ps_2_0\nend\nend\n", 3);                   // a second END
    misplaced("mdef(1)_out(0)_in(0)\nmov r0, r1\nil_ps_2_0\nend\n", 3);  // the header inside a macro
    // A statement before the header: the header is missing (the line of that statement).
    for (std::string_view source : {"mov r0, r1\nil_ps_2_0\nend\n", "end\nmov r0, r1\n", "mov r0, r1\nmov r1, r0\n"}) {
        const auto r = ctisa::assemble_bytes<il::isa>(source);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == ctisa::error_code::missing_header);
        CHECK(r.error().line == 1);
    }
    // Accepted: macro definitions before the header, a program without END (4.1 asks for at most one,
    // last), comments after END.
    CHECK(ctisa::assemble_bytes<il::isa>(std::string_view("mdef(1)_out(0)_in(0)\nmend\nmdef(2)_out(0)_in(0)\nmend\nil_ps_2_0\nend\n")).ok());
    CHECK(ctisa::assemble_bytes<il::isa>(std::string_view("il_ps_2_0\nmov r0, r1\n")).ok());
    CHECK(ctisa::assemble_bytes<il::isa>(std::string_view("il_ps_2_0\nend\n; done\n")).ok());
    // An END inside a macro definition before the header is the macro's (the decoder reads it so too).
    const auto macro_end = ctisa::assemble_bytes<il::isa>(std::string_view("mdef(1)_out(0)_in(0)\nend\nmend\nil_ps_2_0\nend\n"));
    REQUIRE(macro_end.ok());
    CHECK(ctisa::decode_program<il::isa>(*macro_end).ok());
    STATIC_REQUIRE(!il::try_assemble("il_ps_2_0\nend\nend").ok());
    STATIC_REQUIRE(il::try_assemble("il_ps_2_0\nret\nend").ok());
}

TEST_CASE("amdil: the decoder refuses a packet after END", "[amdil][stream][structure]") {
    // il_ps_2_0 (lang 0, version 0x00010200), end (40), then mov r0, r1: the mov is out of place.
    const std::vector<std::uint8_t> image{0, 0, 0, 0, 0x00, 0x02, 0x01, 0x00, 40, 0, 0, 0, 71, 0, 0, 0, 0, 0, 4, 0, 1, 0, 4, 0};
    const auto program = ctisa::decode_program<il::isa>(image);
    REQUIRE_FALSE(program.ok());
    CHECK(program.error().code == ctisa::error_code::misplaced_statement);
    CHECK(program.error().offset == 12);
    const auto ended = ctisa::decode_program<il::isa>(std::span<const std::uint8_t>(image.data(), 12));
    REQUIRE(ended.ok());
    CHECK(ended->size() == 2);
    // Macro definitions that run to the end of the stream: the header never comes (4.1).
    const std::vector<std::uint8_t> macro_only{0x59, 0x01, 0x01, 0x00, 0, 0, 0, 0};  // mdef(1)_out(0)_in(0)
    const auto headerless = ctisa::decode_program<il::isa>(macro_only);
    REQUIRE_FALSE(headerless.ok());
    CHECK(headerless.error().code == ctisa::error_code::missing_header);
    CHECK(headerless.error().offset == 8);
}
