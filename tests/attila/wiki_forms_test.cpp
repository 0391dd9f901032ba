// SPDX-License-Identifier: MIT
// Random instructions the wiki defines (wiki_random.hpp) all assemble, decode and print back.
#include <catch2/catch.hpp>

#include <cstdio>
#include <map>

#include <ctisa/attila/attila.hpp>

#include "wiki_random.hpp"

namespace at = ctisa::attila;

TEST_CASE("ATTILA reads every instruction the wiki defines", "[attila][syntax][wiki]") {
    const auto rows = ctisa_test::attila_wiki::opcode_rows();
    REQUIRE(rows.size() == 53);  // 0x00-0x37 less the three unused codes
    ctisa_test::attila_wiki::generator gen(17);
    ctisa_test::rng pick;
    constexpr int count = 3000;
    int refused = 0;
    for (int n = 0; n < count; ++n) {
        const std::string text = gen.next(rows[pick.below(static_cast<unsigned>(rows.size()))]);
        INFO(text);
        const auto parsed = at::parse(text);
        CHECK(parsed.ok());
        if (!parsed.ok()) {
            ++refused;
            continue;
        }
        const auto bytes = at::encode(*parsed);
        REQUIRE(bytes.ok());
        const auto decoded = at::decode(*bytes);
        REQUIRE(decoded.ok());
        CHECK(at::parse(ctisa::to_string<at::isa>(*decoded)).value() == *parsed);
    }
    std::printf("attila wiki forms: %d of %d random instructions the wiki defines refused\n", refused, count);
}
