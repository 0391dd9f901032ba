// SPDX-License-Identifier: MIT
// Statements built by hand that the parser and the decoder never give: an instruction on a line
// of another role (GDS_ADD on an ALU line read a source select GDS has not, and printed garbage or
// crashed), an opcode or role outside its enum, a PROGRAM line naming no kind, a pad. print() names
// the fault in a line the parser refuses; explain() lists no fields for them.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <ctisa/cayman/isa.hpp>

namespace cm = ctisa::cayman;

namespace {

cm::opcode op_named(cm::category c, std::string_view mnemonic) { return *cm::find_opcode(c, mnemonic); }

std::string printed(const cm::statement& s) { return ctisa::to_string<cm::isa>(s); }

// The role a line of each category takes, as syntax.hpp's comment lists them (GWS and RAT are
// sub-operations of CF and CF_ALLOC_EXPORT).
cm::unit_role role_by_category(std::string_view category) {
    for (std::string_view c : {"ALU_OP2", "ALU_OP3", "LDS_IDX_OP"})
        if (category == c) return cm::unit_role::alu;
    for (std::string_view c : {"TEX", "VTX", "MEM_RD", "GDS", "TF"})
        if (category == c) return cm::unit_role::fetch;
    return cm::unit_role::cf;
}

}  // namespace

TEST_CASE("cayman print names a statement whose instruction is not its role's", "[cayman][text]") {
    const cm::statement s{cm::unit_role::alu, cm::make(op_named(cm::category::gds, "GDS_ADD")), 0, 0};
    const ctisa::error e = cm::check_statement(s);
    CHECK(e.code == cm::errors::role_mismatch);
    CHECK(e.subject == "GDS_ADD");
    const std::string text = printed(s);
    CHECK(text == "!malformed ALU statement (GDS_ADD): " + std::string(cm::errors::role_mismatch.message));
    CHECK(!ctisa::assemble_bytes<cm::isa>(text + "\n"));  // never read back as another program

    STATIC_REQUIRE(cm::check_statement({cm::unit_role::fetch, cm::make(*cm::find_opcode(cm::category::alu_op2, "MUL")), 0, 0}).code ==
                   cm::errors::role_mismatch);
    STATIC_REQUIRE(!cm::check_statement({cm::unit_role::alu, cm::make(*cm::find_opcode(cm::category::alu_op2, "MUL")), 0, 0}).failed());
}

TEST_CASE("cayman print is total over every opcode in every role", "[cayman][text]") {
    // Every field set: the printer reads each one the formats have.
    for (std::size_t o = 0; o < cm::opcodes.size(); ++o) {
        const auto op = static_cast<cm::opcode>(o);
        const auto expected = role_by_category(cm::info(cm::info(op).cat).name);
        for (auto role : {cm::unit_role::cf, cm::unit_role::alu, cm::unit_role::fetch}) {
            for (std::uint32_t fill : {0u, 0xFFFFFFFFu}) {
                const cm::statement s{role, {op, {fill, fill, fill, fill}}, 0, 0};
                INFO(cm::info(op).mnemonic << " in role " << static_cast<int>(role) << " fill " << fill);
                const ctisa::error e = cm::check_statement(s);
                CHECK(e.failed() == (role != expected));
                const std::string text = printed(s);
                CHECK(text.starts_with("!malformed ") == e.failed());
                if (e.failed()) CHECK(e.code == cm::errors::role_mismatch);
            }
        }
    }
}

TEST_CASE("cayman print names an opcode, role or program kind outside its enum and a pad", "[cayman][text]") {
    const auto mul = cm::make(op_named(cm::category::alu_op2, "MUL"));
    struct bad {
        cm::statement s;
        ctisa::error_code code;
        std::string_view subject;
        std::string_view role;  // as the report writes it
    };
    const std::vector<bad> cases{
        {{cm::unit_role::alu, {static_cast<cm::opcode>(60000), {}}, 0, 0}, ctisa::error_code::reserved_opcode, "opcode", "ALU"},
        {{cm::unit_role::cf, {static_cast<cm::opcode>(cm::opcodes.size()), {}}, 0, 0}, ctisa::error_code::reserved_opcode, "opcode", "CF"},
        {{static_cast<cm::unit_role>(9), mul, 0, 0}, ctisa::error_code::reserved_value, "role", "unknown role"},
        {{cm::unit_role::directive, {cm::opcode{}, {0, 0, 0, 0}}, 0, 0}, ctisa::error_code::reserved_value, "PROGRAM", "PROGRAM"},
        {{cm::unit_role::directive, {cm::opcode{}, {8, 0, 0, 0}}, 0, 0}, ctisa::error_code::reserved_value, "PROGRAM", "PROGRAM"},
        {{cm::unit_role::pad, {}, 0, 0}, ctisa::error_code::misplaced_statement, "pad", "pad"},
    };
    for (const bad& b : cases) {
        const ctisa::error e = cm::check_statement(b.s);
        INFO(b.subject);
        CHECK(e.code == b.code);
        CHECK(e.subject == b.subject);
        CHECK(printed(b.s) == "!malformed " + std::string(b.role) + " statement (" + std::string(b.subject) + "): " + std::string(e.message()));
        std::size_t fields = 0;
        cm::isa::explain(b.s, [&](auto&&...) { ++fields; });
        CHECK(fields == 0);
    }
    // The statements the parser gives stay well formed: a program kind, a literal slot.
    CHECK(!cm::check_statement({cm::unit_role::directive, {cm::opcode{}, {6, 0, 0, 0}}, 0, 0}).failed());
    CHECK(printed({cm::unit_role::directive, {cm::opcode{}, {6, 0, 0, 0}}, 0, 0}) == "PROGRAM PS");
    CHECK(!cm::check_statement({cm::unit_role::literal, {static_cast<cm::opcode>(60000), {1, 2, 0, 0}}, 0, 0}).failed());
}

TEST_CASE("cayman explain lists a unit with an opcode outside the table as malformed", "[cayman][text]") {
    cm::program p;
    p.units.push_back({0, cm::unit_role::cf, {static_cast<cm::opcode>(60000), {}}});
    std::vector<std::string> units;
    std::size_t fields = 0;
    cm::explain(
        p, [&](const cm::program_unit&, std::string_view, std::string_view name) { units.emplace_back(name); }, [&](auto&&...) { ++fields; });
    CHECK(units == std::vector<std::string>{"!malformed (opcode)"});
    CHECK(fields == 0);
}

TEST_CASE("cayman link refuses a hand-built program with a clause line before any CF line", "[cayman][text]") {
    struct byte_sink {
        std::vector<std::uint8_t> bytes;
        void push(std::uint8_t b) { bytes.push_back(b); }
        void end_unit() {}
    };
    const cm::statement mul{cm::unit_role::alu, cm::make(op_named(cm::category::alu_op2, "MUL")), 0, 0};
    const cm::statement program_kind{cm::unit_role::directive, {cm::opcode{}, {6, 0, 0, 0}}, 0, 0};
    const cm::statement tex_on_cf_line{cm::unit_role::cf, cm::make(op_named(cm::category::tex, "SAMPLE")), 0, 0};
    struct bad {
        std::vector<cm::statement> program;
        ctisa::error_code code;
        std::string_view subject;
        std::uint32_t statement;
    };
    const std::vector<bad> cases{
        {{mul}, ctisa::error_code::misplaced_statement, "ALU", 0},  // items_of() took the last of no CF items
        {{program_kind, mul}, ctisa::error_code::misplaced_statement, "ALU", 1},
        {{tex_on_cf_line}, cm::errors::role_mismatch, "SAMPLE", 0},
    };
    for (const bad& b : cases) {
        INFO(b.subject);
        byte_sink out;
        const ctisa::error e = cm::isa::link(b.program, cm::context{}, out);
        CHECK(e.code == b.code);
        CHECK(e.subject == b.subject);
        CHECK(e.offset == b.statement);
        CHECK(out.bytes.empty());
    }
}
