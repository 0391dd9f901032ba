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
    std::printf("amdil real programs: %zu of %zu assemble and round-trip through text (%zu statements); %zu templates refused\n",
                round_trips, programs, statements, templates);
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
    STATIC_REQUIRE(refused_at("il_ps_2_0\ndcl_input_position_interp(linear) vWinCoord0.xy__\nmov vWinCoord0, r1\nend",
                              error_code::read_only_bank, 3, 1));
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
    // The run-time assembler reports the same, with the line and column of the statement.
    const auto rt = il::assemble_bytes("il_ps_2_0\ndcl_input_generic v0\n  mov v0, r1\nend");
    REQUIRE_FALSE(rt.ok());
    CHECK(rt.error().code == error_code::read_only_bank);
    CHECK(rt.error().line == 3);
    CHECK(rt.error().column == 3);
}
