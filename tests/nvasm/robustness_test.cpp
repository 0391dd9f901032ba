// SPDX-License-Identifier: MIT
// Bad input never crashes the parser: every prefix of every real program, and every program with
// one character replaced, either parses or fails with a position inside the text.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>

#include <ctisa/nvasm/nvasm.hpp>

#include "random.hpp"
#include "test_data.hpp"

namespace nv = ctisa::nvasm;

namespace {

// The error's position lies in the text (line 1.., column 1.. up to the line's length + 1).
bool placed_inside(const std::string& text, const ctisa::error& e) {
    if (e.line == 0 || e.column == 0) return false;
    std::size_t line = 1, start = 0;
    for (std::size_t i = 0; i < text.size() && line < e.line; ++i)
        if (text[i] == '\n') ++line, start = i + 1;
    if (line != e.line) return false;
    const std::size_t end = std::min(text.find('\n', start), text.size());
    return e.column <= end - start + 1;
}

}  // namespace

TEST_CASE("nvasm robustness: prefixes and one-character changes of the real programs", "[nvasm][robustness]") {
    const std::string alphabet = "!#;:,.[]{}()|+-0123456789xyzwXYZWabcRST_ $\n\t";
    ctisa_test::rng rng;
    std::size_t failures = 0, parses = 0;
    for (const auto& entry : std::filesystem::directory_iterator(ctisa_test::shared_path("reference/nvasm/programs"))) {
        if (entry.path().filename() == "SOURCE.txt") continue;
        std::string text = ctisa_test::read_file(entry.path().string());
        if (!text.starts_with("!!")) text = text.substr(text.find('\n') + 1);
        auto check = [&](const std::string& variant) {
            auto r = std::make_unique<ctisa::result<nv::program<512>>>(nv::parse_program<512>(variant));
            ++parses;
            if (r->ok()) return;
            ++failures;
            INFO(variant);
            INFO(std::to_string(r->error().line) + ":" + std::to_string(r->error().column));
            CHECK(placed_inside(variant, r->error()));
        };
        for (std::size_t n = 0; n < text.size(); n += 7) check(text.substr(0, n));
        for (int k = 0; k < 200; ++k) {
            std::string variant = text;
            variant[rng.below(static_cast<unsigned>(variant.size()))] = alphabet[rng.below(static_cast<unsigned>(alphabet.size()))];
            check(variant);
        }
    }
    CHECK(parses > 2000);
    CHECK(failures > 0);
}
