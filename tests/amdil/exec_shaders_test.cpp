// SPDX-License-Identifier: MIT
// Every public AMD IL shader (../shared/reference/amdil/il/*.bin, Mantle pixel shaders) runs on 16
// lanes. Documented inputs: v1.xy = the pixel centre, lanes 4x4 from (512.5, 400.5), lane l at
// (512.5 + l % 4, 400.5 + l / 4) (2x2 quads in lane order). Checked against values worked out by
// hand from the text: il_creation's o0 in two lanes (each operation in binary32, rounded once),
// and o0.w = 1.0 where a shader ends with `mov r4096.___w, l` of a literal 1.0.
#include "exec_support.hpp"

#include <cmath>
#include <fstream>
#include <iterator>
#include <string>

#include <ctisa/core/disassembler.hpp>

using namespace amdil_exec_test;

namespace {

std::vector<am::instruction> shader(const std::string& name) {
    std::ifstream f(std::string(CTISA_SHARED_DIR) + "/reference/amdil/il/" + name + ".bin", std::ios::binary);
    REQUIRE(f.good());
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    auto code = ctisa::decode_program<am::isa>(bytes);
    REQUIRE(static_cast<bool>(code));
    return *code;
}

// Lane l's pixel centre.
void pixels(ax::machine<16>& m) {
    for (std::size_t l = 0; l < 16; ++l)
        m.set(reg_type::input, 1, l, vbits(512.5f + static_cast<float>(l % 4), 400.5f + static_cast<float>(l / 4), 0, 0));
}

// Whether a and b are at most `ulps` binary32 steps apart.
bool near(std::uint32_t a, std::uint32_t b, std::uint32_t ulps) {
    const auto key = [](std::uint32_t x) { return (x >> 31) ? 0x80000000u - (x & 0x7FFFFFFFu) : 0x80000000u + x; };
    const std::uint32_t ka = key(a), kb = key(b);
    return (ka > kb ? ka - kb : kb - ka) <= ulps;
}

}  // namespace

TEST_CASE("amdil exec shaders: every public shader runs on 16 lanes", "[amdil][exec][shaders]") {
    const char* names[] = {"il_boredcircuit", "il_creation", "il_flame",    "il_happyjumping", "il_microwaves",
                           "il_primitives",   "il_protean",  "il_seascape", "il_wolf3d"};
    std::size_t ran = 0;
    for (const char* name : names) {
        INFO(name);
        const auto code = shader(name);
        ax::machine<16> m(code);
        pixels(m);
        const auto status = m.run();
        INFO(status.error.message());
        REQUIRE(status.ok());
        REQUIRE(m.outputs_written() == std::vector<std::uint32_t>{0});
        for (std::size_t l = 0; l < 16; ++l) {
            const auto o = m.read_float(reg_type::output, 0, l);
            for (float c : o) CHECK(std::isfinite(c));
            if (std::string(name) != "il_flame") CHECK(o[3] == 1.0f);  // flame computes its alpha
        }
        ++ran;
    }
    std::printf("amdil exec: %zu of %zu public shaders run on 16 lanes\n", ran, std::size(names));
}

TEST_CASE("amdil exec shaders: il_creation against its text worked by hand", "[amdil][exec][shaders]") {
    const auto code = shader("il_creation");
    ax::machine<16> m(code);
    pixels(m);
    REQUIRE(m.run().ok());
    // Binary32 step by step through il_creation.txt's 40
    // instructions (sin by the correctly rounded value); 2 ulps of room for sin_vec.
    const std::array<std::uint32_t, 4> lane0{0x3F78D071u, 0x3F15B0A0u, 0x3EBCA920u, 0x3F800000u};
    const std::array<std::uint32_t, 4> lane5{0x3F679A14u, 0x3F0ED9ABu, 0x3EB6E8B7u, 0x3F800000u};
    for (unsigned c = 0; c < 4; ++c) {
        CHECK(near(m.read(reg_type::output, 0, 0)[c], lane0[c], 2));
        CHECK(near(m.read(reg_type::output, 0, 5)[c], lane5[c], 2));
    }
}
