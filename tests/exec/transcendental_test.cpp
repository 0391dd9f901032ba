// SPDX-License-Identifier: MIT
// The approximate instructions' shared reference: within 1 ulp of the correctly rounded binary32
// result over the whole input range. The expected values come from the C library's long double
// functions (x87 extended precision: 11 more bits than binary64), rounded once to binary32.
#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "ctisa/exec/transcendental.hpp"

namespace {

namespace approx = ctisa::exec::approx;

// Distance in representable binary32 values (same-sign ordering of the bit patterns).
std::int64_t ulps_apart(float a, float b) {
    auto ordered = [](float f) {
        const auto u = static_cast<std::int64_t>(std::bit_cast<std::uint32_t>(f));
        return u >= 0x80000000 ? 0x80000000 - u : u;
    };
    return std::llabs(ordered(a) - ordered(b));
}

bool within_one_ulp(float got, long double exact) {
    const auto expected = static_cast<float>(exact);
    if (std::isnan(expected)) return std::isnan(got);
    return ulps_apart(got, expected) <= 1;
}

// Every exponent, random mantissas and signs: the whole range, huge arguments included.
template <class F>
void over_the_range(F&& check) {
    std::mt19937 random{20261125};
    for (int i = 0; i < 200000; ++i) {
        const float x = std::bit_cast<float>(static_cast<std::uint32_t>(random()));
        if (!std::isfinite(x)) continue;
        check(x);
    }
}

}  // namespace

TEST_CASE("sin, cos, exp2, log2 are within 1 ulp over the whole binary32 range", "[exec][approx]") {
    int misses = 0;
    over_the_range([&](float x) {
        const long double lx = x;
        misses += !within_one_ulp(approx::sin(x), std::sin(lx));
        misses += !within_one_ulp(approx::cos(x), std::cos(lx));
        misses += !within_one_ulp(approx::exp2(x), std::exp2(lx));
        if (x > 0) misses += !within_one_ulp(approx::log2(x), std::log2(lx));
    });
    CHECK(misses == 0);
    // A hash value far outside +-100 pi, where a short argument reduction goes wrong.
    CHECK(within_one_ulp(approx::sin(43758.5453f * 12.9898f), std::sin(static_cast<long double>(43758.5453f * 12.9898f))));
    CHECK(within_one_ulp(approx::sin(1e30f), std::sin(static_cast<long double>(1e30f))));
}

TEST_CASE("reciprocal, reciprocal square root and power are within 1 ulp", "[exec][approx]") {
    int misses = 0;
    over_the_range([&](float x) {
        const long double lx = x;
        misses += !within_one_ulp(approx::rcp(x), 1.0L / lx);
        if (x >= 0) misses += !within_one_ulp(approx::rsq(x), 1.0L / std::sqrt(lx));
        const float y = std::fmod(x, 8.0f);
        if (x > 0) misses += !within_one_ulp(approx::pow(x, y), std::pow(lx, static_cast<long double>(y)));
    });
    CHECK(misses == 0);
}

TEST_CASE("special values follow IEEE 754 and C", "[exec][approx]") {
    constexpr float inf = std::numeric_limits<float>::infinity();
    CHECK(std::isnan(approx::sin(inf)));
    CHECK(approx::log2(0.0f) == -inf);
    CHECK(std::isnan(approx::log2(-1.0f)));
    CHECK(approx::rcp(-0.0f) == -inf);
    CHECK(approx::rsq(0.0f) == inf);
    CHECK(approx::exp2(128.0f) == inf);
    CHECK(approx::exp2(-150.0f) == 0.0f);
    CHECK(approx::exp2(-149.0f) == std::bit_cast<float>(1u));  // the smallest subnormal, exact
    CHECK(approx::rsq(4.0) == 0.5);
    CHECK(approx::sin(0.0) == 0.0);
}
