// SPDX-License-Identifier: MIT
// Bytes of the peers' test vectors, by their text: Mesa's Valhall assembler cases and the ATTILA
// simulator's encoding vectors (../shared/reference, never copied); and the bytes to compare them
// with: a built instruction's, an image's units.
#pragma once

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "test_data.hpp"

namespace ctisa_test {

// Unit `index` of an image of units of `size` bytes.
inline std::vector<std::uint8_t> unit_of(const std::vector<std::uint8_t>& image, std::size_t index, std::size_t size) {
    return {image.begin() + static_cast<std::ptrdiff_t>(index * size), image.begin() + static_cast<std::ptrdiff_t>((index + 1) * size)};
}

// The bytes of a built instruction (a ctisa::result), which must build and encode.
template <class Built>
std::vector<std::uint8_t> built_bytes(const Built& i) {
    INFO("builder error: " << (i ? std::string("none") : std::string(i.error().message())));
    auto e = encode(i);  // the ISA's, found by argument-dependent lookup
    REQUIRE(e.ok());
    return {e->begin(), e->end()};
}

namespace valhall {
// Instruction `index` of an image (8-byte units).
inline std::vector<std::uint8_t> unit(const std::vector<std::uint8_t>& image, std::size_t index) { return unit_of(image, index, 8); }

inline std::vector<std::uint8_t> case_bytes(const std::string& text) {
    static const auto cases = [] {
        std::map<std::string, std::vector<std::uint8_t>> m;
        for (const auto& line : lines_of(read_file(shared_path("reference/valhall/assembler-cases.txt"))))
            if (!line.empty() && line[0] != '#') {
                std::string text = line.substr(27);  // without the blank Mesa ends "NOP.return " with
                if (text.ends_with(' ')) text.pop_back();
                m[text] = hex_bytes(line.substr(0, 23));
            }
        return m;
    }();
    const auto it = cases.find(text);
    if (it == cases.end()) FAIL("no assembler case '" << text << "'");
    return it->second;
}
}  // namespace valhall

namespace attila {
// Instruction `index` of an image (16-byte units).
inline std::vector<std::uint8_t> unit(const std::vector<std::uint8_t>& image, std::size_t index) { return unit_of(image, index, 16); }
inline std::vector<std::uint8_t> vector_bytes(std::string_view text) {
    static const auto lines = lines_of(read_file(shared_path("reference/attila/attila_asm_encoding_vectors.tsv")));
    for (const auto& line : lines) {
        auto f = split(line, '\t');
        if (f.size() > 2 && f[0] == "ACCEPT" && f[1] == text) return hex_bytes(f[2]);
    }
    FAIL("no vector row for " << text);
    return {};
}
}  // namespace attila

}  // namespace ctisa_test
