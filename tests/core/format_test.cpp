// SPDX-License-Identifier: MIT
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <ctisa/core/format.hpp>
#include <ctisa/core/error.hpp>
#include <ctisa/core/result.hpp>

using namespace ctisa;

namespace {
// A made-up 32-bit format: the engine knows nothing about any ISA.
struct toy {
    std::uint8_t op;
    std::uint8_t flag;
    std::uint32_t payload;
    static constexpr std::array<field_info, 3> fields{{{"op", {0, 0, 6}}, {"flag", {0, 6, 1}}, {"payload", {0, 7, 25}}}};
    template <class F>
    constexpr void visit(F&& f) {
        f(op);
        f(flag);
        f(payload);
    }
    template <class F>
    constexpr void visit(F&& f) const {
        f(op);
        f(flag);
        f(payload);
    }
    friend constexpr bool operator==(const toy&, const toy&) = default;
};
}  // namespace

TEST_CASE("reflected formats pack and unpack", "[core][format]") {
    constexpr toy t{0x2A, 1, 0x1234};
    constexpr auto words = [t] {
        std::array<std::uint32_t, 1> w{};
        (void)pack(t, w);
        return w;
    }();
    STATIC_REQUIRE(words[0] == (0x2Au | (1u << 6) | (0x1234u << 7)));
    STATIC_REQUIRE(unpack<toy>(words) == t);

    std::array<std::uint32_t, 1> w{};
    CHECK(pack(toy{0x40, 0, 0}, w) == 0);  // 0x40 does not fit 6 bits: field 0 is named
    CHECK(pack(toy{0, 2, 0}, w) == 1);

    std::vector<std::string> seen;
    for_each_field(t, [&](const field_info& f, std::uint64_t v) { seen.push_back(std::string(f.name) + "=" + std::to_string(v)); });
    CHECK(seen == std::vector<std::string>{"op=42", "flag=1", "payload=4660"});
}

namespace toy_isa::errors {
// A kind only one ISA needs, declared in that ISA's namespace.
CTISA_ERROR_KIND(lanes_disagree, "the lanes of a toy instruction disagree");
}  // namespace toy_isa::errors

TEST_CASE("an ISA declares its own error kinds beside the general ones", "[core][error]") {
    constexpr error e{toy_isa::errors::lanes_disagree, 3, 7, 0, "x"};
    STATIC_REQUIRE(e.failed());
    STATIC_REQUIRE(e.code == toy_isa::errors::lanes_disagree);
    STATIC_REQUIRE(e.code != error_code::operands_conflict);
    STATIC_REQUIRE(name_of(e.code) == "lanes_disagree");
    STATIC_REQUIRE(e.message() == "the lanes of a toy instruction disagree");
    STATIC_REQUIRE(error_code::value_out_of_range == errors::value_out_of_range);  // two spellings, one kind
    CHECK(std::string(name_of(error{}.code)) == "none");
}

TEST_CASE("errors have names and messages", "[core][error]") {
    STATIC_REQUIRE(name_of(error_code::unknown_mnemonic) == "unknown_mnemonic");
    STATIC_REQUIRE(message_of(error_code::none) == "no error");
    constexpr result<int> bad = error{error_code::truncated, 0, 0, 4, {}};
    STATIC_REQUIRE_FALSE(bad.ok());
    STATIC_REQUIRE(bad.error().offset == 4);
    constexpr result<int> good = 7;
    STATIC_REQUIRE(good.value() == 7);
    CHECK_THROWS_AS(bad.value(), bad_result_access);
}

// A result holds its value or its error, never both: copies and assignments between the two keep
// whichever is active, in constant evaluation (a union's active member) and at run time.
constexpr bool result_switches_between_value_and_error() {
    result<int> r = 7;
    const result<int> failed = error{error_code::truncated, 0, 0, 12, "x"};
    r = failed;
    if (r.ok() || r.error().offset != 12 || r.error().subject != "x") return false;
    r = result<int>(9);
    if (!r.ok() || *r != 9 || r.error().failed()) return false;
    const result<int> copy = r, copied_failure = failed;
    const result<int> not_a_failure = error{};  // no error: a success holding int{}, as before
    return copy.value() == 9 && copied_failure.error().code == error_code::truncated && not_a_failure.ok() && *not_a_failure == 0;
}

TEST_CASE("a result switches between its value and its error", "[core][error]") {
    STATIC_REQUIRE(result_switches_between_value_and_error());
    CHECK(result_switches_between_value_and_error());
    result<std::vector<int>> v = std::vector<int>{1, 2};  // not trivially copyable: kept as both
    v = error{error_code::truncated, 0, 0, 3, {}};
    CHECK_FALSE(v.ok());
    CHECK(v.error().offset == 3);
}
