// SPDX-License-Identifier: MIT
// The four-component operand layer on its own: swizzles, write masks, source modifiers,
// saturation, and the loads and stores kernels use, over a small lane view.
#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "ctisa/exec/vector4.hpp"

namespace {

namespace ex = ctisa::exec;
using ex::lane_word;

constexpr lane_word bits(float f) { return std::bit_cast<lane_word>(f); }
float value(lane_word b) { return std::bit_cast<float>(b); }

}  // namespace

TEST_CASE("swizzles pick components, broadcast and compose", "[exec][vector4]") {
    constexpr ex::swizzle4 yxzw{{1, 0, 2, 3}};
    STATIC_REQUIRE(ex::swizzle4{}.is_identity());
    STATIC_REQUIRE(!yxzw.is_identity());
    STATIC_REQUIRE(yxzw[0] == 1);
    STATIC_REQUIRE(ex::swizzle4::broadcast(2) == ex::swizzle4{{2, 2, 2, 2}});
    // .yxzw of a value read as .wzyx: position 0 reads inner position 1, which reads z.
    constexpr ex::swizzle4 wzyx{{3, 2, 1, 0}};
    STATIC_REQUIRE(yxzw.after(wzyx) == ex::swizzle4{{2, 3, 1, 0}});
    STATIC_REQUIRE(yxzw.after(yxzw).is_identity());
    STATIC_REQUIRE(ex::swizzled_rows(10, wzyx) == std::array<std::uint32_t, 4>{13, 12, 11, 10});
}

TEST_CASE("write masks name components by their bit", "[exec][vector4]") {
    constexpr ex::write_mask4 xz{0b0101};
    STATIC_REQUIRE(xz.has(0));
    STATIC_REQUIRE(!xz.has(1));
    STATIC_REQUIRE(xz.has(2));
    STATIC_REQUIRE(!xz.has(3));
    STATIC_REQUIRE(xz.count() == 2);
    STATIC_REQUIRE(ex::write_mask4{}.count() == 4);
}

TEST_CASE("float modifiers are sign-bit operations, absolute value first", "[exec][vector4]") {
    const ex::float_modifier neg(true, false), abs(false, true), neg_abs(true, true);
    CHECK(value(neg(bits(2.5f))) == -2.5f);
    CHECK(value(abs(bits(-2.5f))) == 2.5f);
    CHECK(value(neg_abs(bits(2.5f))) == -2.5f);  // -|x|, not |-x|
    CHECK(neg(bits(0.0f)) == 0x80000000u);       // -0
    CHECK(abs(0x80000000u) == 0u);
    const lane_word nan = 0x7FC00001u;
    CHECK(neg(nan) == 0xFFC00001u);  // a NaN stays a NaN, payload kept
    CHECK(std::isnan(value(neg(nan))));
    CHECK(value(neg(bits(std::numeric_limits<float>::infinity()))) == -std::numeric_limits<float>::infinity());
}

TEST_CASE("integer modifiers wrap in two's complement", "[exec][vector4]") {
    const ex::int_modifier neg(true, false), abs(false, true), neg_abs(true, true);
    CHECK(neg(5u) == 0xFFFFFFFBu);
    CHECK(abs(0xFFFFFFFBu) == 5u);
    CHECK(neg_abs(5u) == 0xFFFFFFFBu);
    CHECK(abs(0x80000000u) == 0x80000000u);  // |INT_MIN| wraps to INT_MIN
    CHECK(neg(0x80000000u) == 0x80000000u);
    CHECK(neg(0u) == 0u);
}

TEST_CASE("saturation clamps to [0, 1]; NaN follows the order of the comparisons", "[exec][vector4]") {
    for (auto sat : {+[](float x) { return ex::saturate(x); }, +[](float x) { return ex::saturate_min_first(x); }}) {
        CHECK(sat(0.25f) == 0.25f);
        CHECK(sat(2.0f) == 1.0f);
        CHECK(sat(-3.0f) == 0.0f);
        CHECK(bits(sat(-0.0f)) == 0u);  // +0
        CHECK(sat(std::numeric_limits<float>::infinity()) == 1.0f);
    }
    CHECK(ex::saturate(std::nanf("")) == 0.0f);
    CHECK(ex::saturate_min_first(std::nanf("")) == 1.0f);
}

TEST_CASE("loads apply the swizzle and modifiers; stores honour both masks", "[exec][vector4]") {
    // Two lanes, rows of two: r0-r3 a register (x, y, z, w), r4-r7 the result.
    std::array<lane_word, 16> storage{};
    const ex::lane_view<2, 2> v{storage.data(), 0, nullptr};
    for (unsigned c = 0; c < 4; ++c) {
        v.row(c)[0] = bits(static_cast<float>(c + 1));         // lane 0: 1 2 3 4
        v.row(c)[1] = bits(-static_cast<float>(10 * (c + 1)));  // lane 1: -10 -20 -30 -40
    }
    ex::source4 s;
    s.swizzle = ex::swizzle4{{3, 3, 0, 1}};  // .wwxy
    s.row = ex::swizzled_rows(0, s.swizzle);
    s.absolute = true;
    CHECK(ex::load_float4(v, s, 0) == std::array<float, 4>{4, 4, 1, 2});
    CHECK(ex::load_float4(v, s, 1) == std::array<float, 4>{40, 40, 10, 20});

    lane_word lanes[2];
    s.negate = true;
    ex::load_lanes<2>(v, s, 2, 0, s.float_mod(), lanes);  // position 2 reads x: -|x|
    CHECK(value(lanes[0]) == -1.0f);
    CHECK(value(lanes[1]) == -10.0f);

    // Store .xz for lane 1 only: y, w and lane 0 keep what they had.
    for (unsigned c = 4; c < 8; ++c) v.row(c)[0] = v.row(c)[1] = 7;
    const lane_word out[4][2] = {{100, 101}, {200, 201}, {300, 301}, {400, 401}};
    const lane_word active[2] = {0, ex::lane_on};
    ex::store4<ex::dynamic_desc<int>, 2>(v, 4, ex::write_mask4{0b0101}, 0, out, active, false);
    CHECK(v.row(4)[0] == 7);
    CHECK(v.row(4)[1] == 101);
    CHECK(v.row(5)[1] == 7);
    CHECK(v.row(6)[1] == 301);
    CHECK(v.row(7)[1] == 7);

    // Every lane, one value to every written component.
    const lane_word same[2] = {9, 19};
    ex::store4_replicated<ex::static_desc<0>, 2>(v, 4, ex::write_mask4{0b1010}, 0, same, active, true);
    CHECK(v.row(5)[0] == 9);
    CHECK(v.row(7)[1] == 19);
    CHECK(v.row(4)[0] == 7);
}

TEST_CASE("a result may alias its source when loads come first", "[exec][vector4]") {
    // mov r0, r0.yxzw on one lane: load every position, then store.
    std::array<lane_word, 4> storage{1, 2, 3, 4};
    const ex::lane_view<1, 1> v{storage.data(), 0, nullptr};
    ex::source4 s;
    s.swizzle = ex::swizzle4{{1, 0, 2, 3}};
    s.row = ex::swizzled_rows(0, s.swizzle);
    lane_word out[4][1];
    for (unsigned i = 0; i < 4; ++i) ex::load_lanes<1>(v, s, i, 0, s.int_mod(), out[i]);
    const lane_word active[1] = {ex::lane_on};
    ex::store4<ex::dynamic_desc<int>, 1>(v, 0, ex::write_mask4{}, 0, out, active, true);
    CHECK(storage == std::array<lane_word, 4>{2, 1, 3, 4});
}
