// SPDX-License-Identifier: MIT
// The compiled path over row values (values.hpp) gives the interpreter's results bit for bit for
// the component-wise selects, FRC, FLR and saturation: inputs mix NaNs (quiet, signalling,
// negative), signed zeros, infinities, halves, subnormals and magnitudes at and beyond 2^23, where
// the order of a select's operands and FLR's exactness show.
#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cstdint>
#include <sstream>

#include <ctisa/attila/executor.hpp>

namespace at = ctisa::attila;
namespace ex = ctisa::attila::exec;

namespace values_test {

constexpr auto program = at::assemble<R"(
min o0, i0, i1
max o1, i0, -i1.yzwx
sge o2, i0, i2
slt o3.xzw, i2, |i0|
cmp o4, i1, i0, i2.wzyx
frc o5, i0
flr o6, i1
mad_sat o7, i0, i1, i2
add_sat o8.xy, i0, i3
min_sat o8.zw, i1, i2
dp4_sat o9.xw, i0, i1
flr r0, i3
frc r1, -r0.wzyx
max r1.yz, r1, 0.5
cmp_sat o10, r1, i3, r0
slt o11, |r0|, -i2
mov o12, r1
)">();

// Float bits worth comparing: NaNs (quiet, signalling, negative), zeros, halves, 2^23 - 0.5,
// 2^23 + 1, infinities, a subnormal, the largest float below 1, plain values.
constexpr std::array<std::uint32_t, 20> specials = {0x7FC00000u, 0x7FA00001u, 0xFFC00123u, 0x00000000u, 0x80000000u, 0x3F000000u, 0xBF000000u,
                                                    0x3FC00000u, 0xBFC00000u, 0x4AFFFFFFu, 0xCAFFFFFFu, 0x4B000001u, 0xCB000001u, 0x7F800000u,
                                                    0xFF800000u, 0x80000001u, 0x3F7FFFFFu, 0x3F800000u, 0xC0200000u, 0x41480000u};

template <std::size_t W>
void compare(std::uint32_t seed, std::size_t lanes = W) {
    ex::machine<W> a(program.instructions, lanes), b(program.instructions, lanes);
    std::uint32_t s = seed;
    auto next = [&] {
        s = s * 1664525u + 1013904223u;
        return std::bit_cast<float>(specials[(s >> 16) % specials.size()]);
    };
    for (std::size_t l = 0; l < W; ++l)
        for (unsigned reg = 0; reg < 4; ++reg) {
            const ex::vec4 v{next(), next(), next(), next()};
            a.set_input(l, reg, v);
            b.set_input(l, reg, v);
        }
    const auto ra = a.run();
    const auto rb = ex::compiled<program, W>::run(b);
    CHECK(ra.error.code == rb.error.code);
    std::size_t mismatches = 0;
    std::ostringstream first;
    for (std::size_t l = 0; l < W; ++l)
        for (unsigned o = 0; o < 13; ++o)
            for (unsigned c = 0; c < 4; ++c)
                if (a.read(at::bank::out, o, l)[c] != b.read(at::bank::out, o, l)[c] && mismatches++ == 0)
                    first << "o" << o << "." << "xyzw"[c] << " lane " << l << ": interpreter " << std::hex << a.read(at::bank::out, o, l)[c]
                          << ", compiled " << b.read(at::bank::out, o, l)[c];
    INFO("W " << W << " lanes " << lanes << " seed " << seed << ": " << first.str());
    CHECK(mismatches == 0);
}

}  // namespace values_test

TEST_CASE("the value path's selects, FRC, FLR and saturation agree with the interpreter", "[attila][exec]") {
    STATIC_REQUIRE(ex::compiled<values_test::program, 4>::runs_on_values);
    STATIC_REQUIRE(ex::compiled<values_test::program, 64>::runs_on_values);
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        values_test::compare<4>(seed);
        values_test::compare<64>(seed);
    }
    values_test::compare<64>(9, 37);  // a partial warp
}
