// SPDX-License-Identifier: MIT
// Every real program in ../shared/reference/nvasm/programs and ../shared/reference/real/nvasm
// parses, prints, and parses back to the same program; printing the reparsed program gives the same text. Where cgc wrote its count
// ("# 58 instructions, 4 R-regs"), the parser finds as many instructions.
#include <catch2/catch.hpp>

#include <filesystem>
#include <iostream>
#include <memory>
#include <regex>
#include <string>

#include <ctisa/nvasm/nvasm.hpp>

#include "test_data.hpp"

namespace nv = ctisa::nvasm;

namespace {

using program = nv::program<512>;

std::string printed(const program& p) {
    std::string out;
    ctisa::text::string_sink sink(out);
    nv::print_program(sink, p);
    return out;
}

std::string located(const ctisa::error& e) {
    return std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + std::string(e.message()) + " (" + std::string(e.subject) + ")";
}

}  // namespace

TEST_CASE("nvasm conformance: every real program round-trips", "[nvasm][conformance]") {
    std::size_t programs = 0, round_trips = 0, instructions = 0;
    for (const char* folder : {"reference/nvasm/programs", "reference/real/nvasm"})
        for (const auto& entry : std::filesystem::directory_iterator(ctisa_test::shared_path(folder))) {
            if (entry.path().filename() == "SOURCE.txt") continue;
            ++programs;
            std::string text = ctisa_test::read_file(entry.path().string());
            if (!text.starts_with("!!")) text = text.substr(text.find('\n') + 1);  // the Cg files' source-name line
            INFO(entry.path().filename().string());
            auto first = std::make_unique<ctisa::result<program>>(nv::parse_program<512>(text));
            INFO((first->ok() ? std::string("parsed") : located(first->error())));
            REQUIRE(first->ok());
            const std::string canonical = printed(**first);
            auto second = std::make_unique<ctisa::result<program>>(nv::parse_program<512>(canonical));
            INFO(canonical);
            INFO((second->ok() ? std::string("reparsed") : located(second->error())));
            REQUIRE(second->ok());
            CHECK(std::equal((*first)->statements.begin(), (*first)->statements.end(), (*second)->statements.begin(),
                             (*second)->statements.end()));
            CHECK(printed(**second) == canonical);

            std::size_t count = 0;
            for (const auto& s : (*first)->statements) count += s.kind == nv::statement_kind::instruction;
            std::smatch m;
            if (std::regex_search(text, m, std::regex("# ([0-9]+) instructions"))) CHECK(count == std::stoul(m[1]));
            instructions += count;
            round_trips += printed(**second) == canonical;
        }
    CHECK(programs == 9 + 12);
    CHECK(round_trips == programs);
    std::cout << "nvasm conformance: " << round_trips << " of " << programs << " real programs round-trip (" << instructions
              << " instructions)\n";
}
