// SPDX-License-Identifier: MIT
// The real programs (../shared/reference/nvasm/programs) run end to end on the executor with
// inputs chosen so that every value can be followed by hand through the program text; a few
// outputs of each are checked against those hand-worked values (the working is in the comments).
#include "exec_support.hpp"

#include <filesystem>
#include <string>

#include "test_data.hpp"

namespace {

using nvx::f;
using nvx::fv;
using nvx::iv;
using nvx::words;

// The program text without the source-file line some Cg outputs carry before the header.
std::string program_text(const char* name) {
    std::string text = ctisa_test::read_file(ctisa_test::shared_path(std::string("reference/nvasm/programs/") + name));
    if (!text.starts_with("!!")) text.erase(0, text.find('\n') + 1);
    return text;
}

}  // namespace

TEST_CASE("nvasm exec: cg_tutorial_C5E4v_twoLights by hand", "[nvasm][exec][programs]") {
    // Position (0, 0, 0, 1), normal N = (0, 0, 1); the eye c[4] and both lights c[6], c[8] at
    // (0, 0, 1): L = V = (0, 0, 1), H = normalize(L + V) = (0, 0, 2) * rsq(4) = (0, 0, 1).
    // N.L = N.H = 1, so both diffuse terms are 1 and both specular terms pow(1, 2) = 1 (the
    // SLE / TRUNC.U.CC / IF NE.x pairs see 0 and leave them). Ambient c[5] = 0.25, Ka = 1, Ke = 0,
    // Kd = 0.5, Ks = 1, light colours c[7] = (1, 1, 1) and c[9] = (1, 0, 0):
    //   diffuse sum (1, 1, 1) + (1, 0, 0) = (2, 1, 1); R0 = (2, 1, 1) * 0.5 + 0.25 = (1.25, 0.75, 0.75)
    //   specular sum 1 * (1, 0, 0) + 1 * (1, 1, 1) = (2, 1, 1); colour = (2, 1, 1) * 1 + R0
    //   = (3.25, 1.75, 1.75), w = 1.
    // Position: DP4 with rows c[0] = x, c[1] = y, c[2] = (0, 0, 0, 5), c[3] = (0, 0, 0, 3): (0, 0, 5, 3).
    nvx::run<2> r(program_text("cg_tutorial_C5E4v_twoLights.gp4vp.txt"));
    const words locals[15] = {
        fv(1, 0, 0, 0),          fv(0, 1, 0, 0), fv(0, 0, 0, 5), fv(0, 0, 0, 3), fv(0, 0, 1, 0), fv(0.25f, 0.25f, 0.25f, 0),
        fv(0, 0, 1, 0),          fv(1, 1, 1, 0), fv(0, 0, 1, 0), fv(1, 0, 0, 0), fv(0, 0, 0, 0), fv(1, 1, 1, 0),
        fv(0.5f, 0.5f, 0.5f, 0), fv(1, 1, 1, 0), fv(2, 0, 0, 0)};
    for (int k = 0; k < 15; ++k) r.set_all("program.local[" + std::to_string(k) + "]", locals[k]);
    for (std::size_t l = 0; l < 2; ++l) r.set("vertex.attrib[0]", l, fv(0, 0, 0, 1)).set("vertex.attrib[2]", l, fv(0, 0, 1, 0));
    r.go();
    for (std::size_t l = 0; l < 2; ++l) {
        CHECK(r.read("result.color", l) == fv(3.25f, 1.75f, 1.75f, 1.0f));
        CHECK(r.read("result.position", l) == fv(0, 0, 5, 3));
    }
}

TEST_CASE("nvasm exec: cg_tutorial_C2E2f_passthru copies the colour", "[nvasm][exec][programs]") {
    nvx::run<1> r(program_text("cg_tutorial_C2E2f_passthru.gp4fp.txt"));
    r.set("fragment.color", 0, fv(0.25f, 0.5f, 0.75f, 1.0f));
    r.go();
    CHECK(r.read("result.color") == fv(0.25f, 0.5f, 0.75f, 1.0f));
}

TEST_CASE("nvasm exec: handwritten_uint_attrib by hand", "[nvasm][exec][programs]") {
    // vertex.id 6: Tx.x = 6 & 3 = 2; Tx.z = (2 & 1) ^ (2 >> 1) = 0 ^ 1 = 1; Tx.w = 1. txc.x = 0x3A:
    // Tx.x = 0xA, Tx.y = 3; + (Tx.z, Tx.w) = (11, 4); I2F and * 0.0625: (0.6875, 0.25).
    // vertex.id 1: Tx.x = 1, Tx.z = 1 ^ 0 = 1, Tx.w = 0; txc.x 0xFF: (15 + 1, 15 + 0) / 16 = (1, 0.9375).
    nvx::run<2> r(program_text("handwritten_uint_attrib.nvvp4.txt"));
    for (int k = 0; k < 4; ++k) {
        words row{};
        row[static_cast<std::size_t>(k)] = f(2.0f);
        r.set_all("state.matrix.mvp.row[" + std::to_string(k) + "]", row);  // 2 * identity
    }
    r.set("vertex.id", 0, iv(6, 0, 0, 0)).set("vertex.attrib[8]", 0, iv(0x3A, 0, 0, 0));
    r.set("vertex.id", 1, iv(1, 0, 0, 0)).set("vertex.attrib[8]", 1, iv(0xFF, 0, 0, 0));
    r.set("vertex.attrib[0]", 0, fv(1, 2, 3, 1)).set("vertex.attrib[3]", 0, fv(0.5f, 0.25f, 0, 1));
    r.go();
    CHECK(r.read("result.texcoord[0]", 0)[0] == f(0.6875f));
    CHECK(r.read("result.texcoord[0]", 0)[1] == f(0.25f));
    CHECK(r.read("result.texcoord[0]", 1)[0] == f(1.0f));
    CHECK(r.read("result.texcoord[0]", 1)[1] == f(0.9375f));
    CHECK(r.read("result.position", 0) == fv(2, 4, 6, 2));
    CHECK(r.read("result.color", 0) == fv(0.5f, 0.25f, 0, 1));
}

TEST_CASE("nvasm exec: cg_drawNormals emits the triangle with its normal", "[nvasm][exec][programs]") {
    // texcoord[1] of the three vertices (0,0,0), (1,0,0), (0,1,0): e2 = v2 - v0 = (0, 1, 0),
    // e1 = v1 - v0 = (1, 0, 0); R1 = e1.yzx * e2.zxy - e1.zxy * e2.yzx = (0, 0, 1) on every vertex.
    nvx::run<1> r(program_text("cg_drawNormals.gp4gp.txt"));
    const words tc[3] = {fv(0, 0, 0, 0), fv(1, 0, 0, 0), fv(0, 1, 0, 0)};
    for (int k = 0; k < 3; ++k) {
        const std::string v = "vertex[" + std::to_string(k) + "].";
        r.set(v + "texcoord[1]", 0, tc[k]);
        r.set(v + "position", 0, fv(static_cast<float>(k), 0, 0, 1));
        r.set(v + "color", 0, fv(0, 0, static_cast<float>(k), 1));
    }
    ctisa::nvasm::exec::default_environment env;
    r.go(env);
    REQUIRE(env.vertices.size() == 3);
    for (int k = 0; k < 3; ++k) {
        INFO("vertex " << k);
        const auto& out = env.vertices[static_cast<std::size_t>(k)].outputs;
        const auto find = [&](std::string_view name) {
            for (const auto& [text, w] : out)
                if (text == name) return w;
            FAIL("no " << name);
            return words{};
        };
        const words n = find("result.texcoord[0]");
        CHECK(n[0] == f(0.0f));
        CHECK(n[1] == f(0.0f));
        CHECK(n[2] == f(1.0f));
        CHECK(find("result.position") == fv(static_cast<float>(k), 0, 0, 1));
        CHECK(find("result.color") == fv(0, 0, static_cast<float>(k), 1));
    }
}

TEST_CASE("nvasm exec: cg_gs_simple emits two triangles", "[nvasm][exec][programs]") {
    // Colours {1, 0}.xyyx = (1, 0, 0, 1) then {0, 1}.xxyy = (0, 0, 1, 1); the second triangle's
    // positions swizzled .yxzw; ENDPRIM between them.
    nvx::run<1> r(program_text("cg_gs_simple.gpu_gp.txt"));
    for (int k = 0; k < 3; ++k) r.set("vertex[" + std::to_string(k) + "].position", 0, fv(static_cast<float>(k), 10, 20, 1));
    ctisa::nvasm::exec::default_environment env;
    r.go(env);
    REQUIRE(env.vertices.size() == 6);
    CHECK(env.vertices[1].outputs.at(0).second == fv(1, 10, 20, 1));
    CHECK(env.vertices[1].outputs.at(1).second == fv(1, 0, 0, 1));
    CHECK(env.vertices[4].outputs.at(0).second == fv(10, 1, 20, 1));
    CHECK(env.vertices[4].outputs.at(1).second == fv(0, 0, 1, 1));
    CHECK(env.vertices[2].primitive == 0);
    CHECK(env.vertices[3].primitive == 1);
}

TEST_CASE("nvasm exec: the buffer-texture program with the default sampler", "[nvasm][exec][programs]") {
    // FLR.S of (3.5, 2.2) = (3, 2); index.x = 2 * width (10) + 3 = 23; TXF returns its coordinate
    // index.x, broadcast: (23, 23, 23, 23).
    nvx::run<1> r(program_text("cuda_sdk_buffer_texture_txf.nvfp4.txt"));
    r.set_all("program.local[0]", iv(10, 10, 10, 10));
    r.set("fragment.texcoord", 0, fv(3.5f, 2.2f, 0, 0));
    r.go();
    CHECK(r.read("result.color") == iv(23, 23, 23, 23));
}

TEST_CASE("nvasm exec: every real program runs", "[nvasm][exec][programs]") {
    for (const char* name : {"centroid_attrib.nvfp4.txt", "ruby_opengl_test_minimal.nvgp4.txt", "texture_array_lerp.nvfp4.txt"}) {
        INFO(name);
        nvx::run<4> r(program_text(name));
        r.go();
    }
    // The collection of real programs (../shared/reference/real/nvasm): each runs to its END on
    // the executor, with every input zero.
    std::size_t ran = 0;
    for (const auto& entry : std::filesystem::directory_iterator(ctisa_test::shared_path("reference/real/nvasm"))) {
        INFO(entry.path().filename().string());
        nvx::run<4> r(ctisa_test::read_file(entry.path().string()));
        r.go();
        ++ran;
    }
    CHECK(ran == 12);
}
