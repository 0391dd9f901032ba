// SPDX-License-Identifier: MIT
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>

#include <ctisa/core/bits.hpp>

using namespace ctisa;

TEST_CASE("bit fields extract and insert with range checks", "[core][bits]") {
    constexpr bit_field low{0, 0, 8};
    constexpr bit_field mid{0, 12, 5};
    constexpr bit_field top{1, 32, 32};
    STATIC_REQUIRE(mid.msb() == 16);
    STATIC_REQUIRE(mid.max_value() == 31);
    STATIC_REQUIRE(bit_field{0, 0, 64}.max_value() == ~std::uint64_t{0});

    constexpr auto words = [=] {
        std::array<std::uint64_t, 2> w{};
        (void)insert(w, low, 0xAB);
        (void)insert(w, mid, 0x15);
        (void)insert(w, top, 0xDEADBEEF);
        return w;
    }();
    STATIC_REQUIRE(words[0] == 0x150ABu);
    STATIC_REQUIRE(words[1] == 0xDEADBEEF00000000u);
    STATIC_REQUIRE(extract(words, mid) == 0x15);
    STATIC_REQUIRE(extract(words, top) == 0xDEADBEEF);

    std::array<std::uint64_t, 2> w{};
    CHECK_FALSE(insert(w, mid, 32));  // does not fit 5 bits: refused, not truncated
    CHECK(w[0] == 0);
    CHECK(insert(w, mid, 31));
    CHECK(w[0] == (31u << 12));
}

TEST_CASE("signed fields", "[core][bits]") {
    STATIC_REQUIRE(sign_extend(0x1FF, 9) == -1);
    STATIC_REQUIRE(sign_extend(0x100, 9) == -256);
    STATIC_REQUIRE(sign_extend(0x0FF, 9) == 255);
    STATIC_REQUIRE(truncate_signed(-1, 9) == 0x1FF);
    STATIC_REQUIRE(truncate_signed(-212, 9) == 0x12C);
    STATIC_REQUIRE(fits_signed(-256, 9));
    STATIC_REQUIRE_FALSE(fits_signed(256, 9));
    STATIC_REQUIRE(fits_unsigned(255, 8));
    STATIC_REQUIRE_FALSE(fits_unsigned(256, 8));
}

TEST_CASE("words and bytes in memory order", "[core][bits]") {
    constexpr std::array<std::uint64_t, 2> words{0x0807060504030201u, 0x100F0E0D0C0B0A09u};
    constexpr auto bytes = to_bytes(words);
    STATIC_REQUIRE(bytes[0] == 0x01);
    STATIC_REQUIRE(bytes[7] == 0x08);
    STATIC_REQUIRE(bytes[15] == 0x10);
    constexpr auto back = from_bytes<std::uint64_t, 2>(std::span<const std::uint8_t, 16>(bytes));
    STATIC_REQUIRE(back == words);
}
