// SPDX-License-Identifier: MIT
// A test program from its text, for the executor tests of any ISA: the statements as the engine
// reads them one by one (for_each_statement), with no check of the program as a whole, so a test
// can hand the executor a program the assembler would refuse. The text is the test's own: it
// must read, and the test stops where it does not.
#pragma once

#include <catch2/catch.hpp>

#include <string_view>
#include <vector>

#include <ctisa/core/statements.hpp>

namespace ctisa_test {

template <class Isa>
std::vector<typename Isa::instruction> statements_of(std::string_view text) {
    std::vector<typename Isa::instruction> out;
    const auto e = ctisa::for_each_statement<Isa>(text, [&](const typename Isa::instruction& in, ctisa::text::position) {
        out.push_back(in);
        return ctisa::error{};
    });
    INFO(text);
    REQUIRE_FALSE(e.failed());
    return out;
}

}  // namespace ctisa_test
