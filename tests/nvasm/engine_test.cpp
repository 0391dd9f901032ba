// SPDX-License-Identifier: MIT
// NV assembly through the engine's generic paths (core/statements.hpp, core/assembler.hpp and the
// functions CTISA_ISA_FUNCTIONS gives): the same programs and errors as nvasm's own parser. The
// header line, labels and END carry no ';' (the contract's optional `terminated`).
#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>
#include <string>

#include <ctisa/nvasm/nvasm.hpp>

#include "test_data.hpp"

namespace nv = ctisa::nvasm;

namespace {

// A fragment program with a header, two statements on a line, a block and END: every statement
// the terminator hook concerns.
constexpr auto fragment = nv::assemble<R"(!!NVfp4.0
TEMP t; ATTRIB c = fragment.color;
MULC_SAT t, c, {0.5}.x;
IF NE0.xxxx; KIL -t.w; ENDIF;
MOV result.color, t;
END
)">();

}  // namespace

TEST_CASE("nvasm engine: ctisa::nvasm::assemble<\"...\">() reads a program at compile time", "[nvasm][engine]") {
    STATIC_REQUIRE(fragment.instructions.size() == 9);
    STATIC_REQUIRE(fragment.bytes.size() == 0);  // a language of text: the text is the encoding
    STATIC_REQUIRE(fragment.instructions[0].kind == nv::statement_kind::header);
    STATIC_REQUIRE(fragment.instructions[8].kind == nv::statement_kind::end);
    CHECK(nv::to_string(fragment.instructions[3]) == "MUL.CC0.SAT t, c, {0.5}.x");
    CHECK(nv::to_string(fragment.instructions[4]) == "IF NE.x");
    CHECK(nv::to_string(std::span<const nv::instruction>(fragment.instructions)) ==
          "!!NVfp4.0\nTEMP t;\nATTRIB c = fragment.color;\nMUL.CC0.SAT t, c, {0.5}.x;\nIF NE.x;\nKIL -t.w;\nENDIF;\n"
          "MOV result.color, t;\nEND\n");
}

TEST_CASE("nvasm engine: try_assemble and parse report the language's errors", "[nvasm][engine]") {
    STATIC_REQUIRE(nv::try_assemble("!!NVvp4.0\nMOV result.position, vertex.position;\nEND\n").value() == 3);
    STATIC_REQUIRE(!nv::try_assemble("!!NVvp4.0\nMOV result.position, vertex.position;\n"));
    constexpr auto kil = nv::try_assemble("!!NVvp4.0\nTEMP t;\nKIL t;\nEND\n");
    STATIC_REQUIRE(!kil);
    STATIC_REQUIRE(kil.error().code == nv::errors::wrong_stage);
    STATIC_REQUIRE(kil.error().line == 3);
    STATIC_REQUIRE(kil.error().column == 1);
    constexpr auto label = nv::try_assemble("!!NVfp4.0\nCAL nowhere;\nEND\n");
    STATIC_REQUIRE(!label);
    STATIC_REQUIRE(nv::parse("!!NVgp4.0").value().kind == nv::statement_kind::header);
    CHECK(!nv::parse("MOV t, t"));  // without a program's header, no stage and no names
}

TEST_CASE("nvasm engine: read_statements gives the statements parse_program gives for every real program", "[nvasm][engine]") {
    const std::filesystem::path dir = ctisa_test::shared_path("reference/nvasm/programs");
    std::size_t same = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().filename() == "SOURCE.txt") continue;
        std::string text = ctisa_test::read_file(entry.path().string());
        if (!text.starts_with("!!")) text = text.substr(text.find('\n') + 1);  // the Cg files' source-name line
        INFO(entry.path().filename().string());
        const auto engine = ctisa::read_statements<nv::isa>(text);
        const auto own = std::make_unique<ctisa::result<nv::program<512>>>(nv::parse_program<512>(text));
        REQUIRE(engine.ok());
        REQUIRE(own->ok());
        CHECK(std::equal(engine->statements.begin(), engine->statements.end(), (*own)->statements.begin(), (*own)->statements.end()));
        same += std::equal(engine->statements.begin(), engine->statements.end(), (*own)->statements.begin(), (*own)->statements.end());
    }
    CHECK(same == 9);
}
