// SPDX-License-Identifier: MIT
#include <catch2/catch.hpp>

#include <ctisa/core/table.hpp>
#include <ctisa/core/text/compare.hpp>
#include <ctisa/core/text/cursor.hpp>
#include <ctisa/core/text/names.hpp>
#include <ctisa/core/text/writer.hpp>

using namespace ctisa;
using text::cursor;

TEST_CASE("cursor tracks lines and columns", "[core][text]") {
    constexpr auto where = [] {
        cursor in("ab\n  cd");
        (void)in.identifier();
        in.next_line();
        in.skip_blanks();
        return in.where();
    }();
    STATIC_REQUIRE(where.line == 2);
    STATIC_REQUIRE(where.column == 3);
}

TEST_CASE("cursor reads integers with overflow detection", "[core][text]") {
    STATIC_REQUIRE(*cursor("0x1F").unsigned_integer() == 31);
    STATIC_REQUIRE(*cursor("  42,").unsigned_integer() == 42);
    STATIC_REQUIRE(*cursor("-2147483648").signed_integer() == -2147483648LL);
    STATIC_REQUIRE_FALSE(cursor("x1").unsigned_integer().has_value());
    bool overflow = false;
    cursor big("18446744073709551616");
    (void)big.unsigned_integer(&overflow);
    CHECK(overflow);
    overflow = false;
    cursor fits("18446744073709551615");
    CHECK(*fits.unsigned_integer(&overflow) == ~std::uint64_t{0});
    CHECK_FALSE(overflow);
}

TEST_CASE("cursor sees comments and ends of line", "[core][text]") {
    cursor in("  # note\nmov", "#;");
    CHECK(in.at_end_of_statement());
    in.next_line();
    CHECK_FALSE(in.at_end_of_statement());
    CHECK(in.consume_word("MOV"));
    CHECK(in.at_end());
    cursor word("movx");
    CHECK_FALSE(word.consume_word("mov"));  // a word must end where the identifier ends
}

TEST_CASE("writer formats numbers and bytes", "[core][text]") {
    constexpr auto text = [] {
        text::text_buffer<64> b;
        text::write_signed(b, -256);
        b.push(' ');
        text::write_hex(b, 0x3F800000);
        b.push(' ');
        const std::uint8_t bytes[] = {0x0a, 0xff, 0x00};
        text::write_bytes(b, bytes);
        return b;
    }();
    STATIC_REQUIRE(text.view() == "-256 0x3f800000 0a ff 00");
    text::text_buffer<3> small;
    small.append("abcd");
    CHECK(small.overflowed());
    CHECK(small.view() == "abc");
}

namespace {
enum class colour { red, green, blue };
constexpr std::array<name_entry<colour>, 3> colours{{{"blue", colour::blue}, {"green", colour::green}, {"red", colour::red}}};
static_assert(is_sorted_by_name(colours));
}  // namespace

TEST_CASE("name tables are searched case-insensitively", "[core][table]") {
    STATIC_REQUIRE(find_by_name(colours, "GREEN") == colour::green);
    STATIC_REQUIRE(find_by_name(colours, "blue") == colour::blue);
    STATIC_REQUIRE_FALSE(find_by_name(colours, "gree").has_value());
    STATIC_REQUIRE_FALSE(find_by_name(colours, "reds").has_value());
}

TEST_CASE("numbered_name: a prefix in any case, then decimal digits only", "[core][text]") {
    using ctisa::text::numbered_name;
    STATIC_REQUIRE(numbered_name("r12", "r") == 12u);
    CHECK(numbered_name("CB0", "cb") == 0u);
    CHECK(numbered_name("u4294967295", "u") == 4294967295u);
    CHECK_FALSE(numbered_name("u4294967296", "u"));  // does not fit 32 bits
    CHECK_FALSE(numbered_name("r", "r"));             // no number
    CHECK_FALSE(numbered_name("r1x", "r"));
    CHECK_FALSE(numbered_name("r0x1", "r"));          // decimal only
    CHECK_FALSE(numbered_name("q1", "r"));
    CHECK_FALSE(numbered_name("r-1", "r"));
}

TEST_CASE("indexed_name: a numbered name, then [element]", "[core][text]") {
    using ctisa::text::indexed_name;
    STATIC_REQUIRE(indexed_name("cb1[5]", "cb")->number == 1u);
    STATIC_REQUIRE(indexed_name("cb1[5]", "cb")->element == 5u);
    CHECK(indexed_name("X12[4095]", "x")->element == 4095u);
    CHECK_FALSE(indexed_name("cb1", "cb"));      // no element
    CHECK_FALSE(indexed_name("cb[5]", "cb"));    // no number
    CHECK_FALSE(indexed_name("cb1[]", "cb"));    // an empty element
    CHECK_FALSE(indexed_name("cb1[5", "cb"));    // unclosed
    CHECK_FALSE(indexed_name("cb1[5]x", "cb"));
    CHECK_FALSE(indexed_name("cb1[5][6]", "cb"));
    CHECK_FALSE(indexed_name("cb1[-5]", "cb"));
    CHECK_FALSE(indexed_name("cb1[4294967296]", "cb"));  // does not fit 32 bits
    CHECK_FALSE(indexed_name("v1[2]", "cb"));
}

TEST_CASE("text::equals, starts_with and compare answer as std::string_view does", "[core][text]") {
    STATIC_REQUIRE(text::equals("ADDR", "ADDR"));
    STATIC_REQUIRE(!text::equals("ADDR", "ADD"));
    STATIC_REQUIRE(text::starts_with("_sat_x", "_sat"));
    STATIC_REQUIRE(!text::starts_with("_sa", "_sat"));
    STATIC_REQUIRE(text::compare("MUL", "MULADD") < 0);
    STATIC_REQUIRE(text::compare("\xff", "a") > 0);  // bytes order as unsigned char, as memcmp does
    const std::string_view words[] = {"", "a", "A", "ab", "abc", "abd", "b", "ADDR", "ADD", "\xff", "\x80x", "x\x80", "____", "___"};
    const auto sign = [](int v) { return (v > 0) - (v < 0); };
    for (const auto a : words)
        for (const auto b : words) {
            INFO(a << " vs " << b);
            CHECK(text::equals(a, b) == (a == b));
            CHECK(text::starts_with(a, b) == a.starts_with(b));
            CHECK(text::compare(a, b) == sign(a.compare(b)));
        }
}
