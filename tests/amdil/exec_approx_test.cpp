// SPDX-License-Identifier: MIT
// The approximate AMD IL instructions (sin_vec, cos_vec, exp_vec, log_vec, sqrt_vec, rsq_vec,
// rcp_vec) within 2 ulp of the correctly rounded result over their whole input range: 2^16 inputs
// spread evenly over every binary32 bit pattern (both signs, denormals, huge arguments), against
// the long double result rounded once. Special values follow IEEE (NaN in, NaN out).
#include "exec_support.hpp"

#include <cmath>

using namespace amdil_exec_test;

namespace {

using wide = long double;

// Distance in binary32 steps (signed zeros equal; -1 when one is NaN and the other not).
std::int64_t ulps(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : -1;
    const auto key = [](float x) {
        const auto u = std::bit_cast<std::uint32_t>(x);
        return (u >> 31) ? -static_cast<std::int64_t>(u & 0x7FFFFFFFu) : static_cast<std::int64_t>(u);
    };
    const std::int64_t d = key(a) - key(b);
    return d < 0 ? -d : d;
}

struct function {
    const char* mnemonic;
    float (*reference)(float);
};
const function functions[] = {
    {"sin_vec", [](float x) { return static_cast<float>(std::sin(static_cast<wide>(x))); }},
    {"cos_vec", [](float x) { return static_cast<float>(std::cos(static_cast<wide>(x))); }},
    {"exp_vec", [](float x) { return static_cast<float>(std::exp2(static_cast<wide>(x))); }},
    {"log_vec", [](float x) { return x == 0.0f ? -inf_f : static_cast<float>(std::log2(static_cast<wide>(x))); }},
    {"sqrt_vec", [](float x) { return static_cast<float>(std::sqrt(static_cast<wide>(x))); }},
    {"rsq_vec", [](float x) { return static_cast<float>(1.0L / std::sqrt(static_cast<wide>(x))); }},
    {"rcp_vec", [](float x) { return static_cast<float>(1.0L / static_cast<wide>(x)); }},
};

}  // namespace

TEST_CASE("amdil exec: approximate instructions within 2 ulp over the whole range", "[amdil][exec][approx]") {
    constexpr std::size_t lanes = 64;
    constexpr std::uint32_t samples = 1u << 16;  // 4 components x 64 lanes at a time
    for (const function& f : functions) {
        INFO(f.mnemonic);
        static std::vector<am::instruction> code;
        code = program(std::string("il_ps_2_0\n") + f.mnemonic + " o0, v0\nend\n");
        ax::machine<lanes> m(code);
        std::int64_t worst = 0;
        std::size_t failures = 0;
        for (std::uint32_t first = 0; first < samples; first += 4 * lanes) {
            const auto input = [&](std::size_t lane, unsigned c) {
                const std::uint32_t i = first + static_cast<std::uint32_t>(4 * lane + c);
                return i * (0xFFFFFFFFu / samples) + (i & 0xFFFu);  // every exponent, scattered mantissas
            };
            for (std::size_t l = 0; l < lanes; ++l) m.set(reg_type::input, 0, l, {input(l, 0), input(l, 1), input(l, 2), input(l, 3)});
            REQUIRE(m.run().ok());
            for (std::size_t l = 0; l < lanes; ++l)
                for (unsigned c = 0; c < 4; ++c) {
                    const float x = flt(input(l, c));
                    const std::int64_t d = ulps(flt(m.read(reg_type::output, 0, l)[c]), f.reference(x));
                    if (d < 0 || d > 2) {
                        if (failures++ < 5) UNSCOPED_INFO(f.mnemonic << "(" << x << "): " << flt(m.read(reg_type::output, 0, l)[c]));
                    }
                    if (d > worst) worst = d;
                }
        }
        CHECK(failures == 0);
        CHECK(worst <= 2);
    }
}
