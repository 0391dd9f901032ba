// SPDX-License-Identifier: MIT
// Bytes of the peers' test vectors, by their text: Mesa's Valhall assembler cases and the ATTILA
// simulator's encoding vectors (../shared/reference, never copied).
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

namespace valhall {
inline std::vector<std::uint8_t> case_bytes(const std::string& text) {
    static const auto cases = [] {
        std::map<std::string, std::vector<std::uint8_t>> m;
        for (const auto& line : lines_of(read_file(shared_path("reference/valhall/assembler-cases.txt"))))
            if (!line.empty() && line[0] != '#') m[line.substr(27)] = hex_bytes(line.substr(0, 23));
        return m;
    }();
    const auto it = cases.find(text);
    if (it == cases.end()) FAIL("no assembler case '" << text << "'");
    return it->second;
}
}  // namespace valhall

namespace attila {
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

// Unit `index` of an image of units of `size` bytes.
inline std::vector<std::uint8_t> unit_of(const std::vector<std::uint8_t>& image, std::size_t index, std::size_t size) {
    return {image.begin() + static_cast<std::ptrdiff_t>(index * size), image.begin() + static_cast<std::ptrdiff_t>((index + 1) * size)};
}

}  // namespace ctisa_test
