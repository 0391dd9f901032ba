// SPDX-License-Identifier: MIT
// AMD IL text as people wrote it: every real program in ../shared/reference/real/amdil/ (CAL-era
// pixel and compute kernels of three public projects, SOURCES.md) assembles, and its disassembly
// assembles back to the same bytes. Files that are templates rather than IL ({SORT_OPERATOR} where an
// instruction belongs) are refused with the line and column of the placeholder.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <ctisa/amdil/amdil.hpp>

#include "test_data.hpp"

namespace il = ctisa::amdil;

namespace {

std::vector<std::filesystem::path> real_programs() {
    std::vector<std::filesystem::path> out;
    for (const auto& e : std::filesystem::directory_iterator(ctisa_test::shared_path("reference/real/amdil")))
        if (e.path().extension() == ".il") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

// The line and column of the first occurrence of `what` in `text` (1-based).
std::pair<std::uint32_t, std::uint32_t> place_of(const std::string& text, std::string_view what) {
    const auto at = text.find(what);
    const auto line_start = text.rfind('\n', at);
    const auto line = static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1);
    return {line, static_cast<std::uint32_t>(at - (line_start == std::string::npos ? 0 : line_start + 1) + 1)};
}

// The tokens of one statement (it must parse), and the statement printed back.
std::vector<std::uint32_t> tokens(std::string_view text) {
    const auto r = il::parse(text);
    INFO(text << ": " << r.error().message() << " '" << r.error().subject << "'");
    REQUIRE(r.ok());
    return std::vector<std::uint32_t>(r->tokens().begin(), r->tokens().end());
}
std::string printed(std::string_view text) { return ctisa::to_string<il::isa>(*il::parse(text)); }

}  // namespace

TEST_CASE("amdil: every real program assembles and round-trips through text", "[amdil][text][real]") {
    std::size_t programs = 0, assembled = 0, round_trips = 0, templates = 0, statements = 0;
    for (const auto& path : real_programs()) {
        ++programs;
        INFO(path.filename().string());
        const std::string text = ctisa_test::read_file(path.string());
        const auto bytes = ctisa::assemble_bytes<il::isa>(text);
        if (text.find("{SORT_OPERATOR}") != std::string::npos) {  // a template, not IL
            ++templates;
            REQUIRE_FALSE(bytes.ok());
            const auto [line, column] = place_of(text, "{SORT_OPERATOR}");
            CHECK(bytes.error().line == line);
            CHECK(bytes.error().column == column);
            CHECK(bytes.error().code == ctisa::error_code::unknown_mnemonic);
            continue;
        }
        INFO(bytes.error().message() << " at " << bytes.error().line << ":" << bytes.error().column << " '" << bytes.error().subject << "'");
        REQUIRE(bytes.ok());
        ++assembled;
        std::string dis;
        ctisa::text::string_sink sink(dis);
        const auto e = ctisa::disassemble<il::isa>(sink, *bytes);
        INFO(e.message() << " at " << e.offset);
        REQUIRE_FALSE(e.failed());
        statements += ctisa_test::lines_of(dis).size();
        const auto back = ctisa::assemble_bytes<il::isa>(dis);
        INFO(dis);
        INFO(back.error().message() << " at " << back.error().line << ":" << back.error().column << " '" << back.error().subject << "'");
        REQUIRE(back.ok());
        CHECK(*back == *bytes);
        if (*back == *bytes) ++round_trips;
    }
    CHECK(programs >= 65);
    CHECK(templates >= 1);  // BitonicSortImpl.h line 138 in the public half
    CHECK(assembled + templates == programs);
    CHECK(round_trips == assembled);
    std::printf("amdil real programs: %zu of %zu assemble and round-trip through text (%zu statements); %zu templates refused\n", round_trips,
                programs, statements, templates);
}

namespace {

// The first error of a program the compile-time assembler checks (try_assemble), as the run-time
// one reports it: its kind, line and column.
constexpr bool refused_at(std::string_view text, ctisa::error_code code, std::uint32_t line, std::uint32_t column) {
    const auto r = il::try_assemble(text);
    return !r.ok() && r.error().code == code && r.error().line == line && r.error().column == column;
}

}  // namespace

TEST_CASE("amdil: the document's program rules, each a named error at its statement", "[amdil][text][rules]") {
    using ctisa::error_code;
    // 4.1: 'The shader must begin with a Language token immediately followed by a Version token'.
    STATIC_REQUIRE(refused_at("mov r0, r1\nend", error_code::missing_header, 1, 1));
    STATIC_REQUIRE(refused_at("dcl_literal l0, 1, 2, 3, 4\nil_ps_2_0\nend", error_code::missing_header, 1, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nil_ps_2_0\nend", error_code::misplaced_statement, 2, 1));
    STATIC_REQUIRE(il::try_assemble("mdef(1)_out(0)_in(0)\nmend\nil_ps_2_0\nend").ok());  // 7.19: macros come first
    // 4.1: one END, the last instruction.
    STATIC_REQUIRE(refused_at("il_ps_2_0\nend\nend", error_code::misplaced_statement, 3, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nend\nmov r0, r1", error_code::misplaced_statement, 3, 1));
    // 4.1: ENDMAIN before functions, and after it only functions (and END); ENDFUNC closes a FUNC.
    STATIC_REQUIRE(refused_at("il_cs_2_0\nfunc 1\nret\nendfunc\nendmain\nend", error_code::misplaced_statement, 2, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\nendmain\nmov r0, r1\nend", error_code::misplaced_statement, 3, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\nendmain\nendmain\nend", error_code::misplaced_statement, 3, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\nendmain\nendfunc\nend", error_code::unbalanced_structure, 3, 1));
    STATIC_REQUIRE(il::try_assemble("il_cs_2_0\ncall 1\nendmain\nfunc 1\nret\nendfunc\nfunc 2\nret\nend").ok());
    // 3.2 and Table 5.8: v registers (and the other inputs) are read-only, o registers write-only.
    STATIC_REQUIRE(refused_at("il_ps_2_0\ndcl_input_generic v0\nmov v0, r1\nend", error_code::read_only_bank, 3, 1));
    STATIC_REQUIRE(
        refused_at("il_ps_2_0\ndcl_input_position_interp(linear) vWinCoord0.xy__\nmov vWinCoord0, r1\nend", error_code::read_only_bank, 3, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\nmov vTidInGrpFlat0, r1\nend", error_code::read_only_bank, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\ndcl_literal l0, 1, 2, 3, 4\nmov l0, r1\nend", error_code::read_only_bank, 3, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\ndcl_output_generic o0\nadd r0, o0, r1\nend", error_code::write_only_bank, 3, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, oDepth\nend", error_code::write_only_bank, 2, 1));
    STATIC_REQUIRE(il::try_assemble("il_cs_2_0\nmov r0, vTidInGrpFlat0.x\nmov g[r0.x], r0\nend").ok());  // by use, no declaration
    // Declarations before use: literals, constant buffers, inputs, outputs, resources, UAVs, LDS, GDS.
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, l0\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, cb1[0]\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\ndcl_cb cb0[1]\nmov r0, cb1[0]\nend", error_code::undeclared_name, 3, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, v0\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov o0, r0\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nsample_resource(0)_sampler(0) r0, r1\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\nuav_raw_store_id(1) mem, r0, r1\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\ndcl_raw_uav_id(2)\nuav_raw_store_id(1) mem, r0, r1\nend", error_code::undeclared_name, 3, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\nlds_load_id(1) r0, r1\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\ngds_add_id(0) r0, r1\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\nlds_write_vec mem, r0\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(il::try_assemble("il_cs_2_0\ndcl_raw_uav_id(1)\ndcl_lds_id(1) 256\ndcl_gds_id(0) 1024\ndcl_lds_size_per_thread 8\n"
                                    "uav_raw_store_id(1) mem, r0, r1\nlds_load_id(1) r0, r1\ngds_add_id(0) r0, r1\nlds_write_vec mem, r0\nend")
                       .ok());
    // 7.x DCL_LITERAL: 'A given literal can be defined only once in a shader'.
    STATIC_REQUIRE(refused_at("il_ps_2_0\ndcl_literal l0, 1, 2, 3, 4\ndcl_literal l0, 1, 2, 3, 4\nend", error_code::duplicate_name, 3, 1));
    // Table 5.8: cb#[n], icb[n], x#[n], g[addr], p[addr] take an index.
    STATIC_REQUIRE(refused_at("il_ps_2_0\ndcl_cb cb0[1]\nmov r0, cb0\nend", il::errors::index_required, 3, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\nmov r0, g\nend", il::errors::index_required, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, x0\nend", il::errors::index_required, 2, 1));
    // 4.1: END 'cannot be within a flow-control-block'; chapter 7's blocks open and close in pairs.
    STATIC_REQUIRE(refused_at("il_ps_2_0\nif_logicalnz r0.x\nend", error_code::unbalanced_structure, 3, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nwhileloop\nend", error_code::unbalanced_structure, 3, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\nif_logicalz r0.x\nendmain\nend", error_code::unbalanced_structure, 3, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, r1\nif_logicalz r0.x\nmov r0, r1", error_code::unbalanced_structure, 3, 1));  // no END
    STATIC_REQUIRE(refused_at("il_ps_2_0\nendif\nend", error_code::unbalanced_structure, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nloop r0\nendif\nend", error_code::unbalanced_structure, 3, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nif_logicalnz r0.x\nelse\nelse\nendif\nend", error_code::unbalanced_structure, 4, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nswitch r0.x\nendloop\nend", error_code::unbalanced_structure, 3, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nbreak\nend", error_code::misplaced_statement, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nswitch r0.x\ncontinue\nendswitch\nend", error_code::misplaced_statement, 3, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\ncase 1\nend", error_code::misplaced_statement, 2, 1));
    STATIC_REQUIRE(
        il::try_assemble("il_cs_2_0\nwhileloop\nif_logicalz r0.x\ncontinue\nelse\nbreak_logicalnz r1.x\nendif\nendloop\n"
                         "switch r0.x\ncase 1\nbreak\ndefault\nendswitch\ncall 1\nendmain\nfunc 1\nifnz r0.x\nret\nendif\nret\nendfunc\nend")
            .ok());
    // 4.4: 'A vertex shader cannot be real-time'.
    STATIC_REQUIRE(refused_at("il_vs_2_0_realtime\nend", error_code::conflicting_modifiers, 1, 1));
    STATIC_REQUIRE(il::try_assemble("il_ps_2_0_realtime\nend").ok());
    // Chapter 5: the shader types a register type is for ('It is an error to use this register in a
    // vertex shader', 'used only in compute shaders', ...), and 4.4's real-time pixel shaders.
    STATIC_REQUIRE(refused_at("il_vs_2_0\nmov r0, vFace.x\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(refused_at("il_vs_2_0\nmov oC0, r0\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov oPos0, r0\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, vTidInGrpFlat.x\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(refused_at("il_gs_2_0\nmov r0, vPrimType\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(refused_at("il_cs_2_0\nmov r0, vCoverageMask\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0_realtime\nmov r0, vFace.x\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(il::try_assemble("il_ps_2_0\nmov r0, vFace.x\nmov oC0, r0\nend").ok());
    STATIC_REQUIRE(il::try_assemble("il_vs_2_0\nmov oPos0, r0\nmov oT0, r0\nend").ok());  // vertex exports, by use (Table 5.4)
    // 'This register cannot be used with relative addressing', SHARED_TEMP's 'Only absolute address mode'.
    STATIC_REQUIRE(refused_at("il_cs_2_0\nmov sr0[r1.x], r0\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov oC0[r1.x], r0\nend", error_code::operand_not_allowed, 2, 1));
    // 5.17, 5.28: macro arguments only inside a macro definition.
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, in0\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(il::try_assemble("mdef(1)_out(1)_in(1)\nmov out0, in0\nmend\nil_ps_2_0\nend").ok());
    // 4.1: DCLPI before INTERP, TEXCOORD, PRICOLOR, SECCOLOR, FOG and WINCOORD in a pixel shader;
    // INITV or DCLV before a VERTEX register is read; DCLPIN (or DCLPP) before PINPUT, DCLVOUT before VOUTPUT.
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, vT0\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, vWinCoord.xy\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(il::try_assemble("il_ps_2_0\ndclpi vT0\nmov r0, vT0\nend").ok());
    STATIC_REQUIRE(refused_at("il_vs_2_0\nmov r0, vertex0\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(il::try_assemble("il_vs_2_0\ndclv vertex0\nmov r0, vertex0\nend").ok());
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, vPixIn0\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(refused_at("il_vs_2_0\nmov oVtxOut0, r0\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(il::try_assemble("il_vs_2_0\ndclvout oVtxOut0\nmov oVtxOut0, r0\nend").ok());
    // Chapter 5: types that exclude each other in one shader.
    STATIC_REQUIRE(refused_at("il_vs_2_0\ndclvout oVtxOut0\nmov oPos0, r0\nend", error_code::operands_conflict, 3, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\ndclpin vPixIn0\ndclpi vT0\nend", error_code::operands_conflict, 3, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov oDepth, r0.x\nmov oDepthLE, r0.x\nend", error_code::operands_conflict, 3, 1));
    STATIC_REQUIRE(il::try_assemble("il_ps_2_0\nmov oDepth, r0.x\nmov oDepth, r0.y\nend").ok());
    // 7.x DCLPT: 'The texture stage must be declared before a TEXLD, TEXLDD, TEXLDB, TEXLDMS,
    // TEXWEIGHT, PROJECT, or LOD instruction is issued on the stage'.
    STATIC_REQUIRE(refused_at("il_ps_2_0\ntexld_stage(1) r0, r1\nend", error_code::undeclared_name, 2, 1));
    STATIC_REQUIRE(
        refused_at("il_ps_2_0\ndclpt_stage(2)_type(2d)_coordmode(normalized)\ntexld_stage(1) r0, r1\nend", error_code::undeclared_name, 3, 1));
    STATIC_REQUIRE(il::try_assemble("il_ps_2_0\ndclpt_stage(1)_type(2d)_coordmode(normalized)\ntexld_stage(1) r0, r1\nend").ok());
    // Table 5.8: CONST_INT is read by loops only; CONST_BOOL 'only as the source for static control flow'.
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, i0\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, b0\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(il::try_assemble("il_ps_2_0\nloop i0\nendloop\nif_logicalnz b0\nendif\nend").ok());
    // 5.19 and 5.30: 'The vertex# is between 0 and 31', 'The id# is between 0 and 31'; 5.25: 'only 0 is allowed'.
    STATIC_REQUIRE(refused_at("il_hs_2_0\nmov r1, vicp[31][2]\nmov r1, vicp[32][2]\nend", error_code::register_out_of_range, 3, 1));
    STATIC_REQUIRE(refused_at("il_ds_2_0\nmov r1, vpc[31]\nmov r1, vpc[32]\nend", error_code::register_out_of_range, 3, 1));
    STATIC_REQUIRE(refused_at("il_hs_2_0\nmov r1, vOutputControlPointID1\nend", error_code::register_out_of_range, 2, 1));
    STATIC_REQUIRE(il::try_assemble("il_hs_2_0\nmov r1, vOutputControlPointID0\nend").ok());
    // 5.49: THIS 'can be used only within the body of a virtual function/interface' (7.18: the FUNC
    // whose label a dcl_function_body declares).
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, this\nend", error_code::operand_not_allowed, 2, 1));
    STATIC_REQUIRE(
        refused_at("il_ps_2_0\ndcl_function_body 1\nendmain\nfunc 2\nmov r0, this\nendfunc\nend", error_code::operand_not_allowed, 5, 1));
    STATIC_REQUIRE(il::try_assemble("il_ps_2_0\ndcl_function_body 1\nendmain\nfunc 1\nmov r0, this\nendfunc\nend").ok());
    // The run-time assembler reports the same, with the line and column of the statement.
    const auto rt = il::assemble_bytes("il_ps_2_0\ndcl_input_generic v0\n  mov v0, r1\nend");
    REQUIRE_FALSE(rt.ok());
    CHECK(rt.error().code == error_code::read_only_bank);
    CHECK(rt.error().line == 3);
    CHECK(rt.error().column == 3);
}

// 5.11, 5.20: 'Can only use a total of 16 of INTERP, TEXCOORD, PRICOLOR, SECCOLOR, and FOG registers
// in a single shader' (at run time: the program is long for a compile-time test).
TEST_CASE("amdil: sixteen interpolated registers a shader", "[amdil][text][rules]") {
    std::string text = "il_ps_2_0\n";
    for (int k = 0; k < 16; ++k) text += "dclpi vT" + std::to_string(k) + "\nmov r0, vT" + std::to_string(k) + "\n";
    CHECK(il::assemble_bytes(text + "mov r1, vT15\nend").ok());  // the same register again
    const auto r = il::assemble_bytes(text + "dclpi vInterp0\nmov r0, vInterp0\nend");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == ctisa::error_code::operand_not_allowed);
    CHECK(r.error().line == 35);
}

TEST_CASE("amdil: the forms real programs and the document write, as the document's tokens", "[amdil][text]") {
    using v = std::vector<std::uint32_t>;
    constexpr std::uint32_t mov = 71, temp = 4u << 16, mod = 1u << 22;
    // 3.5's write masks: .x, .yz1 (w forced to 1), ._w; a short swizzle repeats its last selector.
    CHECK(tokens("mov r0.x, r1") == v{mov, temp | mod, 0x01, temp | 1});
    CHECK(tokens("mov r0.yz1, r1") == v{mov, temp | mod, 0x04 | 0x10 | 0xC0, temp | 1});
    CHECK(tokens("mov r0._w, r1") == v{mov, temp | mod, 0x40, temp | 1});
    CHECK(tokens("mov r0.11, r1") == v{mov, temp | mod, 0x0F, temp | 1});
    CHECK(tokens("mov r0, r2.xy") == v{mov, temp, temp | mod | 2, 0x1110});
    CHECK(printed("mov r0.x, r2.xy") == "mov r0.x___, r2.xyyy");
    CHECK_FALSE(il::parse("mov r0.zy, r1").ok());  // letters out of order
    // Chapter 5's register names and their deprecated aliases (types: Appendix B's ILRegType).
    CHECK(tokens("mov r0, vTid0.x")[2] == (42u << 16 | mod));          // THREAD_ID_IN_GROUP_FLAT
    CHECK(tokens("mov r0, vaTid.x")[2] == (44u << 16 | mod));          // ABSOLUTE_THREAD_ID_FLAT
    CHECK(tokens("mov r0, vThreadGrpIdFlat0.x")[2] == (46u << 16 | mod));
    CHECK(tokens("mov r0, vWinCoord0")[2] == 22u << 16);
    CHECK(printed("mov r0, vTid0.x") == "mov r0, vTidInGrpFlat.x");
    CHECK(printed("mov g[vaTid.x], r2") == "mov g[vAbsTidFlat.x], r2");  // 5.2's example
    CHECK(tokens("mov g[vaTid.x], r2")[1] == (38u << 16 | 2u << 23));  // GLOBAL, register-relative index
    CHECK(tokens("lds_write_vec_lOffset(16) mem.x___, r0")[1] == (47u << 16 | mod));  // GENERIC_MEM
    CHECK(printed("iadd sr2.xy, sr2.xyzw, r0.xxxx") == "iadd sr2.xy__, sr2.xyzw, r0.x");  // 5.x SHARED_TEMP's example
    // Compute declarations in their Syntax lines' and examples' forms (codes: Appendix B).
    CHECK(tokens("dcl_num_thread_per_group 5") == v{212 | 1u << 16, 5});
    CHECK(tokens("dcl_num_thread_per_group 5, 10, 1") == v{212 | 3u << 16, 5, 10, 1});
    CHECK(printed("dcl_num_thread_per_group 5, 10, 1") == "dcl_num_thread_per_group 5, 10, 1");
    CHECK_FALSE(il::parse("dcl_num_thread_per_group").ok());
    CHECK_FALSE(il::parse("dcl_num_thread_per_group 1, 2, 3, 4").ok());
    CHECK(tokens("dcl_lds_size_per_thread 8") == v{214 | 8u << 16});
    CHECK(tokens("dcl_lds_sharing_mode _wavefrontRel") == v{215});
    CHECK(tokens("dcl_lds_sharing_mode _wavefrontAbs") == v{215 | 1u << 16});
    CHECK(printed("dcl_lds_sharing_mode _wavefrontAbs") == "dcl_lds_sharing_mode _wavefrontAbs");
    CHECK(tokens("dcl_max_thread_per_group 256") == v{352, 256});
    CHECK(tokens("dcl_raw_uav_id(3)") == v{222 | 3u << 16});
    CHECK(tokens("dcl_struct_lds_id(1) 4, 16") == v{263 | 1u << 16, 4, 16});
    CHECK(tokens("dcl_gds_id(0) 1024") == v{354, 1024});  // chapter 7's example
    CHECK(tokens("dcl_struct_gds_id(0) 1024,2") == v{355, 1024, 2});
    // Chapter 7's mnemonics and modifiers beside ctisa's names.
    CHECK(tokens("and r0, r1, r2") == tokens("iand r0, r1, r2"));
    CHECK(tokens("f_2_u4 r0, r1") == tokens("f2u4 r0, r1"));
    CHECK(tokens("ffb_hi r0, r1")[0] == (296u | 1u << 16));  // IFIRSTBIT: hi = 1
    CHECK(tokens("ffb_shi r0, r1")[0] == (296u | 2u << 16));
    CHECK(tokens("lds_read_vec_neighborExch_sharingMode(abs) r1, r0.xy")[0] == (216u | 1u << 16 | 1u << 18));
    CHECK(tokens("lds_write_vec_lOffset(16) mem, r0")[0] == (217u | 16u << 18));
    CHECK(tokens("uav_raw_store_id(1) mem, r0.x, r1")[0] == (228u | 1u << 16));
    CHECK(tokens("ddiv_zeroop(zero) r0, r1, r2")[0] == (208u | 1u << 16));  // ILZeroOp zero = 1
    CHECK(tokens("endif; comment") == v{41});
    // AMD's older spellings read as the 2.4 ones, and print as them.
    CHECK(tokens("dcl_output_generic o0") == tokens("dcl_output_usage(generic) o0"));
    CHECK(printed("dcl_output_generic o0") == "dcl_output_usage(generic) o0");
    CHECK(tokens("dcl_input_position_interp(linear_noperspective) vWinCoord0.xy__") ==
          tokens("dcl_input_usage(pos)_interp(noperspective) vWinCoord.xy__"));
    CHECK(printed("dcl_input_generic_interp(linear) v1") == "dcl_input_usage(generic)_interp(linear) v1");
    // dcl_literal's values as float and negative numbers: the real FFT kernels' comment beside
    // 'dcl_literal l1, 0x00000000, 0x3F800000, 0xBF800000, 0x3F3504F3' reads (0.0f, 1.0f, -1.0f, 0.7071067691f).
    CHECK(tokens("dcl_literal l1, 0.0f, 1.0f, -1.0f, 0.7071067691f") ==
          tokens("dcl_literal l1, 0x00000000, 0x3F800000, 0xBF800000, 0x3F3504F3"));
    CHECK(tokens("dcl_literal l1, -1, 0, 0, 0")[2] == 0xFFFFFFFFu);
    CHECK(tokens("dcl_literal l0, 2.0f, 0.5f, 3.0f, 1e2")[2] == 0x40000000u);
    CHECK_FALSE(il::parse("dcl_literal l0, -0x1, 0, 0, 0").ok());
    CHECK_FALSE(il::parse("dcl_literal l0, 4294967296, 0, 0, 0").ok());
    CHECK_FALSE(il::parse("dcl_literal l0, 1e39, 0, 0, 0").ok());
    // DCL_MAX_TESSFACTOR's 'float value between 1.0 and 64.0'.
    CHECK(tokens("dcl_max_tessfactor 64.0") == v{312, 0x42800000u});
    // _aoffimmi(u,v,w): 7.1 fixed point, u in the low byte.
    CHECK(tokens("sample_resource(0)_sampler(0)_aoffimmi(1,0,0) r0, r1")[1] == 0x02u);
}

TEST_CASE("amdil: control fields as chapter 7's Syntax lines name them", "[amdil][text]") {
    // LDS_READ_*: 'lds_read_add_resource(id) dst, src0, src1', the id in control 19:16 (codes: Appendix B).
    for (const auto& [name, code] : {std::pair{"add", 277u},
                                     {"sub", 278u},
                                     {"rsub", 279u},
                                     {"min", 280u},
                                     {"max", 281u},
                                     {"umin", 282u},
                                     {"umax", 283u},
                                     {"and", 284u},
                                     {"or", 285u},
                                     {"xor", 286u},
                                     {"xchg", 287u}}) {
        const std::string op = std::string("lds_read_") + name;
        CHECK(tokens(op + "_resource(3) r0, r1, r2") == std::vector<std::uint32_t>{code | 3u << 16, 4u << 16, 4u << 16 | 1, 4u << 16 | 2});
        CHECK(printed(op + "_resource(3) r0, r1, r2") == op + "_id(3) r0, r1, r2");  // ctisa's name, as lds_add_id(n)
    }
    CHECK(tokens("lds_read_cmp_xchg_resource(1) r0, r1, r2, r3") == tokens("lds_read_cmp_xchg_id(1) r0, r1, r2, r3"));
    CHECK_FALSE(il::parse("lds_read_umax_resouce(1) r0, r1, r2").ok());     // the document's typo is not read
    CHECK_FALSE(il::parse("lds_read_add_resource(16) r0, r1, r2").ok());    // four bits
    CHECK_FALSE(il::parse("lds_read_add_resource(1)_id(1) r0, r1, r2").ok());  // one field, named twice
    CHECK_FALSE(il::parse("lds_add_resource(1) r0, r1").ok());             // LDS_ADD writes lds_add_id(id)
    // FCALL: 'fcall_id(id) src0, ...', its control 29:16 the pointer id.
    CHECK(tokens("fcall_id(5) r0, 3")[0] == (316u | 5u << 16));
    CHECK(printed("fcall_id(5) r0, 3") == "fcall_pointer(5) r0, 3");
    // 7.18: fcall's label is a dword after src0, and dcl_function_body's label the dword after the
    // opcode ('dcl_function_body 0' in the chapter's example).
    CHECK(tokens("fcall_id(5) r0, 3").back() == 3u);
    CHECK(tokens("dcl_function_body 7") == std::vector<std::uint32_t>{313u, 7u});
    CHECK(printed("dcl_function_body 7") == "dcl_function_body 7");
    // UAV_ARENA_LOAD/STORE: _size(dword|short|byte) in data_size 27:26 (6.14's order), _cached in 29:28
    // (IL_UAV_READ_TYPE FORCE_CACHED = 1); UAV_RAW_LOAD's cached is 27:26.
    CHECK(tokens("uav_arena_load_id(1)_size(dword)_cached r0.x, r1.y")[0] == (231u | 1u << 16 | 0u << 26 | 1u << 28));
    CHECK(printed("uav_arena_load_id(1)_size(dword)_cached r0.x, r1.y") == "uav_arena_load_id(1)_size(dword)_cached r0.x___, r1.y");
    CHECK(tokens("uav_arena_load_id(1)_size(short) r0.w, r1.x")[0] == (231u | 1u << 16 | 1u << 26));
    CHECK(tokens("uav_arena_load_id(1)_size(byte) r0.z, r1.y")[0] == (231u | 1u << 16 | 2u << 26));
    CHECK(tokens("uav_arena_store_id(1)_size(short) mem.y, r1.w")[0] == (232u | 1u << 16 | 1u << 26));
    CHECK(tokens("uav_arena_load_id(2)_data_size(1) r0.x, r1.x") == tokens("uav_arena_load_id(2)_size(short) r0.x, r1.x"));
    CHECK(printed("uav_arena_load_id(2)_cached(2) r0.x, r1.x") == "uav_arena_load_id(2)_size(dword)_cached(2) r0.x___, r1.x");
    CHECK_FALSE(il::parse("uav_arena_load_id(1)_size(word) r0.x, r1.y").ok());
    CHECK(tokens("uav_raw_load_id(1)_cached r1.x_z_, r0.x")[0] == (225u | 1u << 16 | 1u << 26));
    CHECK(printed("uav_raw_load_id(1)_cached r1.x_z_, r0.x") == "uav_raw_load_id(1)_cached r1.x_z_, r0.x");
    // BUFINFO: 'Low-order eight bits contain the resource id (n)'; [_uav] has no documented bit.
    CHECK(tokens("bufinfo_resource(7) r0") == std::vector<std::uint32_t>{318u | 7u << 16, 4u << 16});
    CHECK_FALSE(il::parse("bufinfo_resource(1)_uav r0").ok());
}

TEST_CASE("amdil: /* */ comments, across lines, as 3.7 allows", "[amdil][text]") {
    const auto plain = il::assemble_bytes("il_ps_2_0\nmov r0, r1\nmov r0, r2\nend\n");
    REQUIRE(plain.ok());
    const auto commented = il::assemble_bytes(
        "/* a header comment\n   over two lines */ il_ps_2_0\nmov r0, r1 /* here */ ; and ; /* in a line comment\n"
        "mov r0, /* inside\n an operand list */ r2\nend /* last */\n");
    INFO(commented.error().message() << " at " << commented.error().line << ":" << commented.error().column);
    REQUIRE(commented.ok());
    CHECK(*commented == *plain);
    STATIC_REQUIRE(il::try_assemble("il_ps_2_0\n/* two\nlines */\nmov r0, r1 /* x */\nend").ok());
    // An unclosed /* is an error at its '/*', wherever it stands.
    using ctisa::error_code;
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, r1\n  /* open\nend", error_code::unterminated_comment, 3, 3));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, r1 /* open\nend", error_code::unterminated_comment, 2, 12));
    STATIC_REQUIRE(refused_at("il_ps_2_0\nmov r0, /* open\nend", error_code::unterminated_comment, 2, 9));
    STATIC_REQUIRE(refused_at("il_ps_2_0\ndcl_literal l0, 1, /* open\nend", error_code::unterminated_comment, 2, 20));
    const auto rt = il::assemble_bytes("il_ps_2_0\n/* closed */ mov r0, r1\nmov r0, r1 /* open\n\nend\n");
    REQUIRE_FALSE(rt.ok());
    CHECK(rt.error().code == error_code::unterminated_comment);
    CHECK(rt.error().line == 3);
    CHECK(rt.error().column == 12);
    // A statement's line is where it starts; a later statement's, after a comment over lines, its own.
    const auto late = il::assemble_bytes("il_ps_2_0 /* one\ntwo\nthree */\nfrob r0\nend\n");
    REQUIRE_FALSE(late.ok());
    CHECK(late.error().line == 4);
    CHECK(late.error().column == 1);
}
