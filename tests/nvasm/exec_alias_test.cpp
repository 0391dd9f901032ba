// SPDX-License-Identifier: MIT
// Spellings the specs document as one binding reach the same rows (binding_alias.hpp): a program
// that writes or sets one spelling and reads another sees the value; spellings not documented as
// equivalent stay apart. Each case names the sentence of the spec it follows
// (../shared/reference/nvasm/specs).
#include "exec_support.hpp"

#include <ctisa/nvasm/exec/binding_alias.hpp>

namespace {

using ctisa::nvasm::stage;
using ctisa::nvasm::exec::canonical_binding;
using nvx::fv;
using nvx::words;

}  // namespace

TEST_CASE("nvasm exec aliases: the canonical spelling of each documented equivalence", "[nvasm][exec][alias]") {
    STATIC_REQUIRE(canonical_binding("vertex.attrib[0]", stage::vertex).view() == "vertex.position");
    STATIC_REQUIRE(canonical_binding("vertex.texcoord", stage::vertex).view() == "vertex.texcoord[0]");
    STATIC_REQUIRE(canonical_binding("vertex.color.primary", stage::vertex).view() == "vertex.color");
    STATIC_REQUIRE(canonical_binding("fragment.texcoord", stage::fragment).view() == "fragment.texcoord[0]");
    STATIC_REQUIRE(canonical_binding("fragment.color.primary", stage::fragment).view() == "fragment.color");
    STATIC_REQUIRE(canonical_binding("result.color.front.primary", stage::geometry).view() == "result.color");
    STATIC_REQUIRE(canonical_binding("result.color.front.secondary", stage::vertex).view() == "result.color.secondary");
    STATIC_REQUIRE(canonical_binding("result.color.back.primary", stage::geometry).view() == "result.color.back");
    STATIC_REQUIRE(canonical_binding("vertex[1].color.front", stage::geometry).view() == "vertex[1].color");
    STATIC_REQUIRE(canonical_binding("vertex[1].texcoord", stage::geometry).view() == "vertex[1].texcoord[0]");
    STATIC_REQUIRE(canonical_binding("state.texenv.color", stage::fragment).view() == "state.texenv[0].color");
    STATIC_REQUIRE(canonical_binding("state.matrix.texture.row[2]", stage::vertex).view() == "state.matrix.texture[0].row[2]");
    STATIC_REQUIRE(canonical_binding("state.material.front.diffuse", stage::vertex).view() == "state.material.diffuse");
    STATIC_REQUIRE(canonical_binding("state.lightprod[3].front.ambient", stage::vertex).view() == "state.lightprod[3].ambient");
    // Not documented as equivalent: kept as written.
    STATIC_REQUIRE(canonical_binding("vertex.attrib[0]", stage::geometry).view() == "vertex.attrib[0]");
    STATIC_REQUIRE(canonical_binding("vertex[0].attrib[0]", stage::geometry).view() == "vertex[0].attrib[0]");
    STATIC_REQUIRE(canonical_binding("vertex.attrib[2]", stage::vertex).view() == "vertex.attrib[2]");
    STATIC_REQUIRE(canonical_binding("result.color[0]", stage::fragment).view() == "result.color[0]");
    STATIC_REQUIRE(canonical_binding("state.material.back.diffuse", stage::vertex).view() == "state.material.back.diffuse");
}

TEST_CASE("nvasm exec aliases: a vertex program reads one spelling and writes another", "[nvasm][exec][alias]") {
    // NV_vertex_program4: "vertex.attrib[0] and vertex.position are equivalent"; "vertex.texcoord"
    // without [n] is set zero. p = attrib[0] = position = (1, 2, 3, 4); texcoord[0] = (10, 20, 30, 40):
    // result.position = p = (1, 2, 3, 4); result.texcoord (= [0]) = position + texcoord
    // = (11, 22, 33, 44); the secondary colour is written through .front.secondary and read plain.
    nvx::run<2> r(
        "!!NVvp4.0\n"
        "ATTRIB p = vertex.attrib[0];\n"
        "MOV result.position, p;\n"
        "ADD result.texcoord, vertex.position, vertex.texcoord;\n"
        "MOV result.color.front.secondary, vertex.texcoord[0];\n"
        "END\n");
    r.set("vertex.position", 0, fv(1, 2, 3, 4)).set("vertex.texcoord[0]", 0, fv(10, 20, 30, 40));
    r.set("vertex.attrib[0]", 1, fv(5, 6, 7, 8)).set("vertex.texcoord", 1, fv(1, 1, 1, 1));
    r.go();
    CHECK(r.read("result.position", 0) == fv(1, 2, 3, 4));
    CHECK(r.read("result.texcoord[0]", 0) == fv(11, 22, 33, 44));
    CHECK(r.read("result.texcoord", 0) == fv(11, 22, 33, 44));
    CHECK(r.read("result.color.secondary", 0) == fv(10, 20, 30, 40));
    // Lane 1 set through the other spellings: position (5, 6, 7, 8) + texcoord (1, 1, 1, 1).
    CHECK(r.read("result.position", 1) == fv(5, 6, 7, 8));
    CHECK(r.read("vertex.position", 1) == fv(5, 6, 7, 8));
    CHECK(r.read("result.texcoord[0]", 1) == fv(6, 7, 8, 9));
}

TEST_CASE("nvasm exec aliases: fragment texcoord and colour spellings", "[nvasm][exec][alias]") {
    // NV_fragment_program4: "fragment.texcoord" is unit zero; "fragment.color" and
    // "fragment.color.primary" are the primary colour. (0.5, 0.25, 2, 1) + (1, 2, 3, 4) * 2
    // = (2.5, 4.25, 8, 9).
    nvx::run<1> r(
        "!!NVfp4.0\n"
        "MAD result.color, fragment.color.primary, 2, fragment.texcoord;\n"
        "END\n");
    r.set("fragment.texcoord[0]", 0, fv(0.5f, 0.25f, 2, 1)).set("fragment.color", 0, fv(1, 2, 3, 4));
    r.go();
    CHECK(r.read("result.color") == fv(2.5f, 4.25f, 8, 9));
}

TEST_CASE("nvasm exec aliases: a geometry program reads its vertices' front and back colours", "[nvasm][exec][alias]") {
    // NV_geometry_program4 2.X.3.2: no face is front, no type primary. vertex[0].color.front.primary
    // is vertex[0].color (1, 2, 3, 4); vertex[0].color.back (10, 20, 30, 40) and its .primary are
    // one; the back secondary (100, ...) is its own: the sum (111, 222, 333, 444) + (1, 2, 3, 4).
    nvx::run<1> r(
        "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nTEMP t;\n"
        "ADD t, vertex[0].color.back, vertex[0].color.back.secondary;\n"
        "ADD t, t, vertex[0].color.front.primary;\n"
        "ADD result.color, t, vertex[0].color.back.primary;\n"
        "EMIT;\nEND\n");
    r.set("vertex[0].color", 0, fv(1, 2, 3, 4)).set("vertex[0].color.back", 0, fv(10, 20, 30, 40));
    r.set("vertex[0].color.back.secondary", 0, fv(100, 200, 300, 400));
    ctisa::nvasm::exec::default_environment env;
    r.go(env);
    REQUIRE(env.vertices.size() == 1);
    CHECK(env.vertices[0].outputs.at(0).second == fv(121, 242, 363, 484));
}

TEST_CASE("nvasm exec aliases: fragment result.color and result.color[0] stay apart", "[nvasm][exec][alias]") {
    // Not documented as one output among the specs read (ARB_draw_buffers' text is not there):
    // writing result.color[0] leaves result.color as the program's other write made it.
    nvx::run<1> r(
        "!!NVfp4.0\n"
        "OPTION ARB_draw_buffers;\n"
        "MOV result.color, {1, 2, 3, 4};\n"
        "MOV result.color[0], {5, 6, 7, 8};\n"
        "END\n");
    r.go();
    CHECK(r.read("result.color") == fv(1, 2, 3, 4));
    CHECK(r.read("result.color[0]") == fv(5, 6, 7, 8));
}

TEST_CASE("nvasm exec aliases: a geometry program's colour and texcoord spellings", "[nvasm][exec][alias]") {
    // NV_geometry_program4: colour bindings without face are front, without type primary; "[n]"
    // omitted is texture coordinate set zero; vertex[m].attrib[0] is generic interpolant 0, not
    // the position. Emitted: result.color = vertex[1].color.front.primary = (0, 1, 0, 1);
    // result.texcoord[0] = vertex[1].texcoord = (7, 7, 7, 7); result.attrib[0] = attrib[0] = (9, 9, 9, 9).
    nvx::run<1> r(
        "!!NVgp4.0\n"
        "PRIMITIVE_IN TRIANGLES;\n"
        "PRIMITIVE_OUT POINTS;\n"
        "VERTICES_OUT 1;\n"
        "MOV result.position, vertex[1].position;\n"
        "MOV result.color.front.primary, vertex[1].color;\n"
        "MOV result.texcoord, vertex[1].texcoord;\n"
        "MOV result.attrib[0], vertex[1].attrib[0];\n"
        "EMIT;\n"
        "END\n");
    r.set("vertex[1].color.primary", 0, fv(0, 1, 0, 1)).set("vertex[1].texcoord[0]", 0, fv(7, 7, 7, 7));
    r.set("vertex[1].position", 0, fv(3, 3, 3, 1)).set("vertex[1].attrib[0]", 0, fv(9, 9, 9, 9));
    ctisa::nvasm::exec::default_environment env;
    r.go(env);
    REQUIRE(env.vertices.size() == 1);
    const auto find = [&](std::string_view name) {
        for (const auto& [text, w] : env.vertices[0].outputs)
            if (text == name) return w;
        FAIL("no " << name);
        return words{};
    };
    CHECK(find("result.position") == fv(3, 3, 3, 1));
    CHECK(find("result.color") == fv(0, 1, 0, 1));
    CHECK(find("result.texcoord[0]") == fv(7, 7, 7, 7));
    CHECK(find("result.attrib[0]") == fv(9, 9, 9, 9));
}
