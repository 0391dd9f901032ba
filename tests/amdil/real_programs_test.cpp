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
