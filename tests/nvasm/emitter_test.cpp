// SPDX-License-Identifier: MIT
// NV assembly's emitter (nvasm/emitter.hpp): builders and text into the program's canonical text,
// labels for CAL bound before and after the call (section 2.X.5: execution begins at "main:"),
// the text read back, and run on the executor.
#include <string>

#include <ctisa/nvasm/nvasm.hpp>

#include "exec_support.hpp"

namespace {

namespace nv = ctisa::nvasm;
using namespace ctisa::nvasm::build;
using ctisa::error_code;

}  // namespace

TEST_CASE("nvasm emitter: CAL to labels before and after, read back and run", "[nvasm][emitter]") {
    nv::emitter e;
    const ctisa::label square = e.new_label(), twice = e.new_label();
    e.emit("!!NVvp4.0\nATTRIB a = vertex.attrib[0];\nTEMP t;");
    e.bind(square).emit(mul(temp("t"), temp("t"), temp("t"))).emit(ret());
    e.emit("main:");
    e.emit(mov(temp("t"), temp("a")));
    e.emit(cal(label{}), square);  // backward: bound already
    e.emit(cal(label{}), twice);   // forward
    e.emit("MOV result.texcoord[0], t;").emit(ret());
    e.bind(twice).emit(add(temp("t"), temp("t"), temp("t"))).emit(ret());
    e.emit("END");
    REQUIRE_FALSE(e.failed());
    CHECK(e.offset_of(square).value() == e.code().find("ctisa_L0:"));

    const auto text = e.text();
    REQUIRE(text.ok());
    CHECK(text->find("CAL ctisa_L0;") != std::string::npos);
    CHECK(text->find("CAL ctisa_L1;") != std::string::npos);
    // The canonical text is a fixed point: what the parser reads prints back the same.
    const auto program = nv::parse_program<64>(*text);
    REQUIRE(program.ok());
    CHECK(nv::to_string(std::span<const nv::instruction>(program->statements.begin(), program->statements.end())).find("CAL ctisa_L1;") !=
          std::string::npos);

    nvx::run<2> r(*text);
    r.set("vertex.attrib[0]", 0, nvx::fv(3.0f, 0, 0, 0)).set("vertex.attrib[0]", 1, nvx::fv(-2.0f, 0, 0, 0));
    r.go();
    CHECK(r.read("result.texcoord[0]", 0)[0] == nvx::f(18.0f));  // 3^2 = 9, twice: 18
    CHECK(r.read("result.texcoord[0]", 1)[0] == nvx::f(8.0f));   // (-2)^2 = 4, twice: 8
}

TEST_CASE("nvasm emitter: label and text errors", "[nvasm][emitter]") {
    nv::emitter not_cal;
    const ctisa::label l = not_cal.new_label();
    not_cal.emit(ret(), l);
    CHECK(not_cal.error().code == error_code::operand_not_allowed);

    nv::emitter never;
    const ctisa::label n = never.new_label();
    never.emit("!!NVvp4.0").emit(cal(label{}), n).emit("END");
    CHECK(never.text().error().code == error_code::undefined_label);

    nv::emitter undeclared;
    undeclared.emit("!!NVvp4.0").emit(mov(temp("t"), temp("u"))).emit("END");
    const auto text = undeclared.text();
    REQUIRE_FALSE(text.ok());
    CHECK(text.error().line == 2);  // the line of the emitted text
}

TEST_CASE("nvasm errors: one form from builders, the emitter and text", "[nvasm][emitter][errors]") {
    nv::emitter e;
    e.emit("!!NVvp4.0\nTEMP t;").emit(mov(temp("t"), temp("nowhere"))).emit("END");
    const auto text = e.text();
    REQUIRE_FALSE(text.ok());
    CHECK(ctisa::describe(text.error()) == "line 3, column 8: " + ctisa::describe_message(text.error()));
    CHECK(text.error().subject == "nowhere");
}
