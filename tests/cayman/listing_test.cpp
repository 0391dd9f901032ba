// SPDX-License-Identifier: MIT
// The lists the tool prints: opcodes, fields, and a program explained field by field.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <ctisa/cayman/layout.hpp>
#include <ctisa/cayman/listing.hpp>

namespace cm = ctisa::cayman;

TEST_CASE("cayman listing: opcodes and fields as the tool prints them", "[cayman][listing]") {
    std::set<std::string> opcodes;
    cm::for_each_opcode([&](std::string_view m, std::string_view cat, unsigned value) {
        opcodes.insert(std::string(m) + "\t" + std::string(cat) + "\t" + std::to_string(value));
    });
    CHECK(opcodes.size() == 427);
    CHECK(opcodes.count("NOP\tCF\t0"));
    CHECK(opcodes.count("NOP\tALU_OP2\t26"));
    CHECK(opcodes.count("LDS_READ_RET\tLDS_IDX_OP\t50"));
    CHECK(opcodes.count("GDS_ATOMIC_ORDERED_ALLOC_RET\tGDS\t63"));
    CHECK(opcodes.count("EXPORT_DONE\tCF_ALLOC_EXPORT\t84"));

    std::vector<std::string> fields;
    cm::for_each_field([&](std::string_view format, std::string_view field, unsigned lsb, unsigned msb) {
        fields.push_back(std::string(format) + "\t" + std::string(field) + "\t" + std::to_string(lsb) + "\t" + std::to_string(msb));
    });
    CHECK(fields.size() == 265);
    CHECK(fields.front() == "CF_WORD0\tADDR\t0\t23");
    CHECK(std::find(fields.begin(), fields.end(), "ALU_WORD1_OP2\tALU_INST\t7\t17") != fields.end());  // DESIGN.md's example
    CHECK(fields.back() == "MEM_GDS_WORD2\tDST_SEL_W\t9\t11");
}

TEST_CASE("cayman listing: a program explained unit by unit", "[cayman][listing]") {
    using c = cm::category;
    const auto ins = [](c cat, std::string_view m) { return cm::make(*cm::find_opcode(cat, m)); };
    cm::alu_group g{{cm::set(cm::set(ins(c::alu_op2, "MOV"), "SRC0_SEL", 253).value(), "LAST", 1).value()}, {0x3F800000u, 0}};
    const auto image = cm::layout({{ins(c::cf_alu, "ALU"), {g}, {}}, {ins(c::cf, "END"), {}, {}}}).value();
    const auto p = cm::decode_program(image).value();
    std::vector<std::string> lines;
    cm::explain(
        p,
        [&](const cm::program_unit& u, std::string_view cat, std::string_view m) {
            lines.push_back(std::to_string(u.offset) + " " + std::string(cat) + " " + std::string(m));
        },
        [&](std::string_view f, std::string_view n, unsigned lsb, unsigned msb, std::uint32_t v) {
            lines.push_back(std::string(f) + "." + std::string(n) + " " + std::to_string(lsb) + " " + std::to_string(msb) + " " +
                            std::to_string(v));
        });
    CHECK(lines[0] == "0 CF_ALU ALU");
    CHECK(lines[1] == "CF_ALU_WORD0.ADDR 0 21 2");
    CHECK(std::find(lines.begin(), lines.end(), "16 ALU_OP2 MOV") != lines.end());
    CHECK(std::find(lines.begin(), lines.end(), "ALU_WORD0.SRC0_SEL 0 8 253") != lines.end());
    CHECK(std::find(lines.begin(), lines.end(), "24  LITERAL") != lines.end());
    CHECK(std::find(lines.begin(), lines.end(), "LITERAL.DWORD0 0 31 1065353216") != lines.end());
}

TEST_CASE("cayman listing: ALU_EXTENDED and its clause are one record", "[cayman][listing]") {
    // DESIGN.md's cf_alu_extended unit: the prefix (CF_ALU_WORD0_EXT, CF_ALU_WORD1_EXT) and the CF_ALU
    // pair after it are one 16-byte CF instruction. Chapter 9: KCACHE_MODE2 is EXT0 bits 30-31.
    using c = cm::category;
    const auto ins = [](c cat, std::string_view m) { return cm::make(*cm::find_opcode(cat, m)); };
    const auto prefix = cm::set(ins(c::cf_alu, "ALU_EXTENDED"), "KCACHE_MODE2", 1).value();
    cm::alu_group g{{cm::set(ins(c::alu_op2, "MOV"), "LAST", 1).value()}, {}};
    const auto image =
        cm::layout({{prefix, {}, {}}, {ins(c::cf_alu, "ALU_PUSH_BEFORE"), {g}, {}}, {ins(c::cf, "POP"), {}, {}}, {ins(c::cf, "END"), {}, {}}})
            .value();
    const auto p = cm::decode_program(image).value();
    std::vector<std::string> units, fields;
    std::vector<std::uint32_t> dwords;
    cm::explain(
        p,
        [&](const cm::program_unit& u, std::string_view cat, std::string_view m) {
            units.push_back(std::to_string(u.offset) + " " + std::string(cat) + " " + std::string(m));
            if (u.offset == 0) dwords.assign(u.in.dwords.begin(), u.in.dwords.end());
        },
        [&](std::string_view f, std::string_view n, unsigned, unsigned, std::uint32_t v) {
            if (units.size() == 1) fields.push_back(std::string(f) + "." + std::string(n) + "=" + std::to_string(v));
        });
    CHECK(units == std::vector<std::string>{"0 CF_ALU ALU_EXTENDED ALU_PUSH_BEFORE", "16 CF POP", "24 CF END", "32 ALU_OP2 MOV"});
    // The record's fields: the prefix's two formats, then the pair's, in memory order.
    REQUIRE(!fields.empty());
    CHECK(fields.front().rfind("CF_ALU_WORD0_EXT.", 0) == 0);
    CHECK(std::find(fields.begin(), fields.end(), "CF_ALU_WORD0_EXT.KCACHE_MODE2=1") != fields.end());
    CHECK(std::find(fields.begin(), fields.end(), "CF_ALU_WORD0.ADDR=4") != fields.end());
    CHECK(fields.back().rfind("CF_ALU_WORD1.", 0) == 0);
    // Its instruction as syntax.hpp's extended statement holds it: the pair's dwords, then the prefix's.
    CHECK(dwords[0] == (image[8] | image[9] << 8 | image[10] << 16 | static_cast<std::uint32_t>(image[11]) << 24));
    CHECK(dwords[2] == (image[0] | image[1] << 8 | image[2] << 16 | static_cast<std::uint32_t>(image[3]) << 24));
}
