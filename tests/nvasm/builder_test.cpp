// SPDX-License-Identifier: MIT
// Typed builders make the same instructions the parser reads from text, and whole programs that
// obey the language's rules.
#include <catch2/catch.hpp>

#include <string>

#include <ctisa/nvasm/nvasm.hpp>

namespace nv = ctisa::nvasm;
using namespace ctisa::nvasm::build;

namespace {

std::string text_of(const nv::instruction& ins) {
    std::string out;
    ctisa::text::string_sink sink(out);
    nv::print(sink, ins);
    return out;
}

constexpr auto fragment_program = [] {
    program_builder<16> b(nv::stage::fragment);
    b.temps({"t", "a"});
    b(mov(temp("a"), binding("fragment.color")));
    b(rsq.sat()(temp("t").mask("x"), temp("a").x()));
    b(tex(temp("t"), binding("fragment.texcoord[0]"), texture{1, nv::texture_target::array2d}));
    b(kil(-temp("t").w()));
    b(if_(cc(nv::cc_rule::ne, 1, "x")));
    b(mul.f().cc0()(binding("result.color"), temp("t"), constant("{0.5}").swz("x")));
    b(endif());
    return b.finish();
}();

}  // namespace

TEST_CASE("nvasm builders: instructions as the parser reads them", "[nvasm][builder]") {
    STATIC_REQUIRE(rsq.sat()(temp("t").mask("x"), temp("a").x())->op.clamp == nv::clamp::sat);
    STATIC_REQUIRE(mul.s24()(temp("t"), temp("a"), temp("a"))->op.multiply == nv::multiply_mode::s24);
    STATIC_REQUIRE(emit()->op.code == nv::opcode::emit);
    STATIC_REQUIRE(rep()->op.source_count == 0);  // REP's count is optional
    STATIC_REQUIRE(rep(temp("n").x())->op.source_count == 1);
    CHECK(text_of(*rsq.sat()(temp("t").mask("x"), temp("a").x())) == "RSQ.SAT t.x, a.x;");
    CHECK(text_of(*mad.u().cc1()(temp("t").mask("xy"), -temp("a").swz("yzxw"), temp("b").abs(), scalar_constant("3"))) ==
          "MAD.U.CC1 t.xy, -a.yzxw, |b|, 3;");
    CHECK(text_of(*txf(temp("t"), temp("i"), texture{0, nv::texture_target::buffer})) == "TXF t, i, texture[0], BUFFER;");
    CHECK(text_of(*cal(label{"sub"}, cc(nv::cc_rule::gt))) == "CAL sub (GT);");
    CHECK(text_of(*swz(temp("t"), temp("a"), extended_swizzle{{{{false, 0}, {true, 1}, {false, 4}, {false, 5}}}})) == "SWZ t, a, x, -y, 0, 1;");

    // At run time a modifier the instruction does not take is an error result.
    const auto refused = and_.f()(temp("t"), temp("a"), temp("a"));
    REQUIRE(!refused.ok());
    CHECK(refused.error().code == ctisa::error_code::modifier_not_allowed);
}

TEST_CASE("nvasm builders: whole programs", "[nvasm][builder]") {
    STATIC_REQUIRE(fragment_program.ok());
    STATIC_REQUIRE(fragment_program->statements.size() == 10);
    std::string out;
    ctisa::text::string_sink sink(out);
    nv::print_program(sink, *fragment_program);
    CHECK(out ==
          "!!NVfp4.0\nTEMP t, a;\nMOV a, fragment.color;\nRSQ.SAT t.x, a.x;\nTEX t, fragment.texcoord[0], texture[1], ARRAY2D;\n"
          "KIL -t.w;\nIF NE1.x;\nMUL.F.CC0 result.color, t, {0.5}.x;\nENDIF;\nEND\n");

    // The language's rules hold for built programs: an undeclared name, a vertex-only binding.
    program_builder<8> undeclared(nv::stage::fragment);
    undeclared(mov(binding("result.color"), temp("nowhere")));
    CHECK(undeclared.finish().error().code == ctisa::error_code::undeclared_name);
    program_builder<8> wrong_stage(nv::stage::vertex);
    wrong_stage(kil(binding("vertex.position")));
    CHECK(wrong_stage.finish().error().code == nv::errors::wrong_stage);
    program_builder<8> refused(nv::stage::vertex);
    refused(and_.f()(binding("result.position"), binding("vertex.position"), binding("vertex.position")));
    CHECK(refused.finish().error().code == ctisa::error_code::modifier_not_allowed);
}

// What `ctisa explain nvasm` would print for a statement: its text, then one field a line.
TEST_CASE("nvasm explain: the parsed structure of a statement", "[nvasm][explain]") {
    const auto p = nv::parse_program<8>("!!NVfp4.0\nTEMP t;\nTXB_SAT t.xy (NE1.x), -t, texture[2], SHADOW2D;\nEND");
    REQUIRE(p.ok());
    std::string out;
    ctisa::text::string_sink sink(out);
    nv::explain(sink, p->statements[2]);
    CHECK(out ==
          "TXB.SAT t.xy (NE1.x), -t, texture[2], SHADOW2D;\nopcode\tTXB\nclass\tTEXop\nrow\t68\ntype\tdefault\nclamp\tSAT\nresult\tt\n"
          "write_mask\t3\nsource0\tvariable\t-t\ntexture_unit\t2\ntexture_target\tSHADOW2D\ncc_test\tNE1.x\n");
    out.clear();
    nv::explain(sink, p->statements[1]);
    CHECK(out == "TEMP t;\ndeclaration\tTEMP\nname\tt\n");
}
