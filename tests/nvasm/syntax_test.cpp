// SPDX-License-Identifier: MIT
// The language, generated from the description: every instruction with every type and modifier
// Table X.13 allows (and the ones it does not), every suffix, every condition-code spelling,
// every declaration form; then a sample of wrong programs, rejected at the right line and column.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include <ctisa/nvasm/nvasm.hpp>

namespace nv = ctisa::nvasm;

namespace {

using program = nv::program<64>;

// The text stays with its result: an error's subject points into the text it was read from.
struct parsed {
    std::unique_ptr<std::string> text;
    std::unique_ptr<ctisa::result<program>> r;
    [[nodiscard]] bool ok() const { return r->ok(); }
    [[nodiscard]] const program& operator*() const { return **r; }
    [[nodiscard]] const ctisa::error& error() const { return r->error(); }
};

parsed parse(const std::string& text) {
    parsed p{std::make_unique<std::string>(text), nullptr};
    p.r = std::make_unique<ctisa::result<program>>(nv::parse_program<64>(*p.text));
    return p;
}

std::string printed(const program& p) {
    std::string out;
    ctisa::text::string_sink sink(out);
    nv::print_program(sink, p);
    return out;
}

std::string header_of(std::uint8_t stages) {
    if (stages & nv::stage_bit::fragment) return "!!NVfp4.0\n";
    if (stages & nv::stage_bit::vertex) return "!!NVvp4.0\n";
    return "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n";
}

// The operands of a form, written the simplest valid way.
std::string operands_of(const nv::instruction_info& i) {
    const auto& f = nv::forms[static_cast<std::size_t>(i.form)];
    std::string out;
    for (std::size_t k = 0; k < f.count; ++k) {
        const char* sep = out.empty() ? " " : ", ";
        switch (f.slots[k]) {
            case nv::slot::result: out += sep + std::string("t.xyz"); break;
            case nv::slot::vector:
            case nv::slot::vector_no_swizzle:
            case nv::slot::optional_vector:
            case nv::slot::kill_condition: out += sep + std::string("a"); break;
            case nv::slot::scalar: out += sep + std::string("a.y"); break;
            case nv::slot::extended_swizzle: out += sep + std::string("x, -y, 0, 1"); break;
            case nv::slot::texture: out += sep + std::string("texture[1], 2D"); break;
            case nv::slot::label: out += sep + std::string("sub"); break;
            case nv::slot::cc_test: out += sep + std::string("NE.x"); break;
            case nv::slot::cc_mask: out += " (GT1.y)"; break;
            case nv::slot::none: break;
        }
    }
    return out;
}

// What surrounds an instruction so that the program's blocks are balanced.
std::pair<std::string, std::string> block_around(nv::opcode c) {
    switch (c) {
        case nv::opcode::else_: return {"IF NE;\n", "\nENDIF;"};
        case nv::opcode::endif: return {"IF NE;\n", ""};
        case nv::opcode::if_: return {"", "\nENDIF;"};
        case nv::opcode::rep: return {"", "\nBRK;\nENDREP;"};
        case nv::opcode::endrep: return {"REP;\nBRK;\n", ""};
        case nv::opcode::brk: return {"REP;\n", "\nENDREP;"};
        case nv::opcode::cont: return {"REP;\nBRK;\n", "\nENDREP;"};  // a REP without count needs its BRK
        default: return {"", ""};
    }
}

// A program with the one statement `statement` on line `line` of it (the header is line 1).
struct probe {
    std::string text;
    std::size_t index;  // of the statement in the parsed program
};

probe program_with(const nv::instruction_info& i, const std::string& statement) {
    const auto [before, after] = block_around(i.code);
    std::string text = header_of(i.stages) + "TEMP t, a;\n" + before;
    const std::size_t index =
        2 + (header_of(i.stages).size() > 12 ? 3 : 0) + (before.empty() ? 0 : (before.find("REP;\nBRK") != std::string::npos ? 2 : 1));
    return {text + statement + after + "\nsub:\nRET;\nEND\n", index};
}

struct modifier_set {
    std::string suffix;  // ".F.CC1.SAT"
    nv::data_type type = nv::data_type::none;
    nv::cc_update cc = nv::cc_update::none;
    nv::clamp clamp = nv::clamp::none;
    bool ntc = false;
    nv::multiply_mode multiply = nv::multiply_mode::none;
    bool allowed = true;
};

// Every combination of one type, one CC update, one clamp, NTC, and MUL's modes, with whether
// Table X.13 (and section 2.X.4.1: clamping needs a floating-point result) allows it.
std::vector<modifier_set> modifier_sets(const nv::instruction_info& i) {
    std::vector<modifier_set> out;
    const std::pair<const char*, nv::data_type> types[] = {
        {"", nv::data_type::none}, {".F", nv::data_type::f}, {".S", nv::data_type::s}, {".U", nv::data_type::u}};
    const std::pair<const char*, nv::cc_update> ccs[] = {
        {"", nv::cc_update::none}, {".CC", nv::cc_update::cc0}, {".CC0", nv::cc_update::cc0}, {".CC1", nv::cc_update::cc1}};
    const std::pair<const char*, nv::clamp> clamps[] = {{"", nv::clamp::none}, {".SAT", nv::clamp::sat}, {".SSAT", nv::clamp::ssat}};
    const std::pair<const char*, nv::multiply_mode> modes[] = {
        {"", nv::multiply_mode::none}, {".S24", nv::multiply_mode::s24}, {".U24", nv::multiply_mode::u24}, {".HI", nv::multiply_mode::hi}};
    for (const auto& [tn, t] : types)
        for (const auto& [cn, c] : ccs)
            for (const auto& [sn, s] : clamps)
                for (int ntc = 0; ntc < 2; ++ntc)
                    for (const auto& [mn, m] : modes) {
                        modifier_set set{std::string(tn) + mn + cn + sn + (ntc ? ".NTC" : ""), t, c, s, ntc != 0, m, true};
                        // MUL (section 2.X.8): S24 / U24 imply an integer type and take no other; HI needs S or U.
                        const bool implied = m == nv::multiply_mode::s24 || m == nv::multiply_mode::u24;
                        const bool float_result =
                            i.out == nv::operand_type::vf ||
                            (!implied && (t == nv::data_type::none ? i.default_type == nv::data_type::f : t == nv::data_type::f));
                        set.allowed =
                            (t == nv::data_type::none || (t == nv::data_type::f ? (i.columns & nv::column::F) : (i.columns & nv::column::I))) &&
                            (c == nv::cc_update::none || (i.columns & nv::column::C)) &&
                            (s == nv::clamp::none || ((i.columns & nv::column::S) && float_result)) &&
                            (!ntc || i.default_type != nv::data_type::none) && (m == nv::multiply_mode::none || i.multiply_modes) &&
                            (!implied || t == nv::data_type::none) &&
                            (m != nv::multiply_mode::hi || t == nv::data_type::s || t == nv::data_type::u);
                        out.push_back(set);
                    }
    return out;
}

}  // namespace

TEST_CASE("nvasm syntax: every instruction with every modifier combination", "[nvasm][syntax]") {
    std::size_t accepted = 0, refused = 0;
    for (const auto& i : nv::instructions) {
        for (const auto& set : modifier_sets(i)) {
            const std::string statement = std::string(i.mnemonic) + set.suffix + operands_of(i) + ";";
            const probe pr = program_with(i, statement);
            INFO(pr.text);
            const parsed p = parse(pr.text);
            if (!set.allowed) {
                REQUIRE(!p.ok());
                CHECK(p.error().code == ctisa::error_code::modifier_not_allowed);
                const std::size_t line = static_cast<std::size_t>(std::count(
                                             pr.text.begin(), pr.text.begin() + static_cast<std::ptrdiff_t>(pr.text.find(statement)), '\n')) +
                                         1;
                CHECK(p.error().line == line);
                CHECK(p.error().column == 1);
                ++refused;
                continue;
            }
            INFO((p.ok() ? std::string()
                         : std::to_string(p.error().line) + ":" + std::to_string(p.error().column) + " " + std::string(p.error().message()) +
                               " " + std::string(p.error().subject)));
            REQUIRE(p.ok());
            const auto& ins = (*p).statements[pr.index];
            REQUIRE(ins.kind == nv::statement_kind::instruction);
            CHECK(ins.op.code == i.code);
            CHECK(ins.op.type == set.type);
            CHECK(ins.op.cc == set.cc);
            CHECK(ins.op.clamp == set.clamp);
            CHECK(ins.op.ntc == set.ntc);
            CHECK(ins.op.multiply == set.multiply);
            const std::string canonical = printed(*p);
            const parsed again = parse(canonical);
            REQUIRE(again.ok());
            CHECK(std::equal((*p).statements.begin(), (*p).statements.end(), (*again).statements.begin(), (*again).statements.end()));
            CHECK(printed(*again) == canonical);
            ++accepted;
        }
    }
    CHECK(accepted + refused == 84 * 4 * 4 * 3 * 2 * 4);
    CHECK(accepted > 0);
}

// Table X.15: R/H, C/C0/C1, _SAT/_SSAT concatenated mean their stand-alone modifiers.
TEST_CASE("nvasm syntax: opcode suffixes", "[nvasm][syntax]") {
    const std::pair<const char*, nv::precision> precisions[] = {{"", nv::precision::none}, {"R", nv::precision::r}, {"H", nv::precision::h}};
    const std::pair<const char*, nv::cc_update> ccs[] = {
        {"", nv::cc_update::none}, {"C", nv::cc_update::cc0}, {"C0", nv::cc_update::cc0}, {"C1", nv::cc_update::cc1}};
    const std::pair<const char*, nv::clamp> clamps[] = {{"", nv::clamp::none}, {"_SAT", nv::clamp::sat}, {"_SSAT", nv::clamp::ssat}};
    for (const auto& [pn, pr] : precisions)
        for (const auto& [cn, c] : ccs)
            for (const auto& [sn, s] : clamps) {
                const std::string word = std::string("ADD") + pn + cn + sn;
                const parsed p = parse("!!NVvp4.0\nTEMP t;\n" + word + " t, t, t;\nEND");
                INFO(word);
                REQUIRE(p.ok());
                const auto& op = (*p).statements[2].op;
                CHECK(op.code == nv::opcode::add);
                CHECK(op.precision == pr);
                CHECK(op.cc == c);
                CHECK(op.clamp == s);
            }
    CHECK(printed(*parse("!!NVvp4.0\nTEMP t;\nADDHC1_SAT t, t, t;\nEND")) == "!!NVvp4.0\nTEMP t;\nADDH.CC1.SAT t, t, t;\nEND\n");
    CHECK(parse("!!NVvp4.0\nTEMP t;\nRCC t, t.x;\nEND").ok());  // RCC is an opcode, not RC + C
    CHECK(parse("!!NVvp4.0\nTEMP t;\nRCPC t, t.x;\nEND").ok());
    CHECK(parse("!!NVvp4.0\nTEMP t;\nANDH t, t, t;\nEND").error().code == ctisa::error_code::modifier_not_allowed);  // AND has no H column
    CHECK(parse("!!NVvp4.0\nTEMP t;\nADDR.F t, t, t;\nEND").error().code == ctisa::error_code::duplicate_modifier);
    CHECK(parse("!!NVvp4.0\nTEMP t;\nADD_SATC t, t, t;\nEND").error().code == ctisa::error_code::unknown_mnemonic);  // order: cc before clamp
}

TEST_CASE("nvasm syntax: the 54 condition-code test spellings", "[nvasm][syntax]") {
    for (const auto& [spelling, test] : nv::cc_spellings) {
        const std::string s(spelling);
        INFO(s);
        const parsed p = parse("!!NVfp4.0\nTEMP t;\nIF " + s + ".xyzw;\nMOV t (" + s + ".y), t;\nKIL " + s + ";\nENDIF;\nEND");
        REQUIRE(p.ok());
        const auto& stmts = (*p).statements;
        CHECK(stmts[2].op.test.rule == test.rule);
        CHECK(stmts[2].op.test.reg == test.reg);
        CHECK(stmts[3].op.result.cc.rule == test.rule);
        CHECK(stmts[4].op.test.reg == test.reg);
        const std::string canonical = nv::cc_rule_names[static_cast<std::size_t>(test.rule)].data() + std::string(test.reg ? "1" : "");
        CHECK(printed(*p) ==
              "!!NVfp4.0\nTEMP t;\nIF " + canonical + ".xyzw;\nMOV t (" + canonical + ".y), t;\nKIL " + canonical + ";\nENDIF;\nEND\n");
    }
}

TEST_CASE("nvasm syntax: every declaration form", "[nvasm][syntax]") {
    struct form_case {
        const char* header;
        const char* source;
        const char* canonical;
    };
    const form_case cases[] = {
        {"!!NVfp4.0", "OPTION ARB_precision_hint_nicest;", "OPTION ARB_precision_hint_nicest;"},
        {"!!NVvp4.0", "OPTION ARB_position_invariant;", "OPTION ARB_position_invariant;"},
        {"!!NVvp4.0", "ATTRIB p = vertex.position;", "ATTRIB p = vertex.position;"},
        {"!!NVvp4.0", "ATTRIB g[ ] = { vertex.attrib[ 2 .. 5 ] };", "ATTRIB g[] = { vertex.attrib[2..5] };"},
        {"!!NVfp4.0", "FLAT ATTRIB tc[4] = { fragment.texcoord[0..3] };", "FLAT ATTRIB tc[4] = { fragment.texcoord[0..3] };"},
        {"!!NVfp4.0", "NOPERSPECTIVE ATTRIB c = fragment.color.secondary;", "NOPERSPECTIVE ATTRIB c = fragment.color.secondary;"},
        {"!!NVvp4.0", "PARAM m = state.matrix.modelview[1].row[0];", "PARAM m = state.matrix.modelview[1].row[0];"},
        {"!!NVvp4.0", "PARAM m2[] = { state.matrix.program[0].row[1..2] };", "PARAM m2[] = { state.matrix.program[0].row[1..2] };"},
        {"!!NVvp4.0", "PARAM k = { 1, -2.5, 0x10, .5e3 };", "PARAM k = {1, -2.5, 0x10, .5e3};"},
        {"!!NVvp4.0", "INT PARAM two = 2;", "INT PARAM two = 2;"},
        {"!!NVvp4.0", "PARAM l = state.light[0].spot.direction;", "PARAM l = state.light[0].spot.direction;"},
        {"!!NVvp4.0", "PARAM g = state.texgen[1].eye.r;", "PARAM g = state.texgen[1].eye.r;"},
        {"!!NVvp4.0", "LONG UINT TEMP a, b,c;", "LONG UINT TEMP a, b, c;"},
        {"!!NVvp4.0", "OUTPUT o = result.color.back.secondary;", "OUTPUT o = result.color.back.secondary;"},
        {"!!NVvp4.0", "OUTPUT tc[] = { result.texcoord[0..3] };", "OUTPUT tc[] = { result.texcoord[0..3] };"},
        {"!!NVvp4.0", "BUFFER b = program.buffer[0][3];", "BUFFER b = program.buffer[0][3];"},
        {"!!NVvp4.0", "BUFFER4 b[] = { program.buffer[1][0..7] };", "BUFFER4 b[] = { program.buffer[1][0..7] };"},
        {"!!NVvp4.0", "TEMP a; ALIAS b = a;", "TEMP a;\nALIAS b = a;"},
        {"!!NVgp4.0", "PRIMITIVE_IN LINES_ADJACENCY; PRIMITIVE_OUT LINE_STRIP; VERTICES_OUT 0x10;",
         "PRIMITIVE_IN LINES_ADJACENCY;\nPRIMITIVE_OUT LINE_STRIP;\nVERTICES_OUT 0x10;"},
    };
    for (const auto& c : cases) {
        const std::string text = std::string(c.header) + "\n" + c.source + "\nEND";
        INFO(text);
        const parsed p = parse(text);
        INFO((p.ok() ? std::string()
                     : std::to_string(p.error().line) + ":" + std::to_string(p.error().column) + " " + std::string(p.error().message())));
        REQUIRE(p.ok());
        CHECK(printed(*p) == std::string(c.header) + "\n" + c.canonical + "\nEND\n");
    }
    CHECK(nv::declarations.size() == 11);  // every keyword appears above
}

// What the language refuses, at the line and column of the fault.
TEST_CASE("nvasm syntax: wrong programs are rejected where they are wrong", "[nvasm][syntax]") {
    struct bad {
        const char* text;
        ctisa::error_code code;
        std::uint32_t line, column;
    };
    namespace e = nv::errors;
    const bad cases[] = {
        {"MOV result.color, fragment.color;\nEND", ctisa::error_code::missing_header, 1, 1},
        {"!!NVfp4.0\nMOV result.color, fragment.color;", e::missing_end, 2, 34},
        {"!!NVfp4.0\nEND\nMOV result.color, fragment.color;", e::text_after_end, 3, 1},
        {"!!NVfp4.0\nmov result.color, fragment.color;\nEND", ctisa::error_code::unknown_mnemonic, 2, 1},
        {"!!NVfp4.0\nMOV result.color, fragment.color\nEND", ctisa::error_code::trailing_characters, 3, 1},
        {"!!NVvp4.0\nTEMP t;\nKIL t;\nEND", e::wrong_stage, 3, 1},
        {"!!NVfp4.0\nPRIMITIVE_IN POINTS;\nEND", e::wrong_stage, 2, 1},
        {"!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nTEMP t;\nDDX t, t;\nEND", e::wrong_stage, 6, 1},
        {"!!NVfp4.0\nTEMP t;\nEMIT;\nEND", e::wrong_stage, 3, 1},
        {"!!NVgp4.0\nPRIMITIVE_IN POINTS;\nVERTICES_OUT 1;\nEND", e::missing_declaration, 4, 1},
        {"!!NVfp4.0\nMOV t, fragment.color;\nEND", ctisa::error_code::undeclared_name, 2, 5},
        {"!!NVfp4.0\nTEMP t;\nMOV t, vertex.color;\nEND", e::wrong_stage, 3, 8},
        {"!!NVfp4.0\nTEMP t;\nMOV t, fragment.colour;\nEND", e::unknown_binding, 3, 8},
        {"!!NVfp4.0\nTEMP t;\nMOV fragment.color, t;\nEND", e::not_writable, 3, 5},
        {"!!NVfp4.0\nTEMP t;\nMOV t, result.color;\nEND", e::not_readable, 3, 8},
        {"!!NVfp4.0\nTEMP t, t;\nEND", ctisa::error_code::duplicate_name, 2, 9},
        {"!!NVfp4.0\nTEMP state;\nEND", e::reserved_name, 2, 6},
        {"!!NVfp4.0\nTEMP t;\nADD t, t;\nEND", ctisa::error_code::missing_operand, 3, 9},
        {"!!NVfp4.0\nTEMP t;\nMOV t, t, t;\nEND", ctisa::error_code::trailing_characters, 3, 9},
        {"!!NVfp4.0\nTEMP t;\nAND.F t, t, t;\nEND", ctisa::error_code::modifier_not_allowed, 3, 1},
        {"!!NVfp4.0\nTEMP t;\nMAD.S24 t, t, t, t;\nEND", ctisa::error_code::modifier_not_allowed, 3, 1},
        {"!!NVfp4.0\nTEMP t;\nMOV.F.F t, t;\nEND", ctisa::error_code::duplicate_modifier, 3, 7},
        {"!!NVfp4.0\nTEMP t;\nMOV.X t, t;\nEND", ctisa::error_code::unknown_modifier, 3, 5},
        {"!!NVfp4.0\nTEMP t;\nRSQ t, t;\nEND", ctisa::error_code::bad_swizzle, 3, 9},
        {"!!NVfp4.0\nTEMP t;\nMOV t.xz, t.xyr;\nEND", ctisa::error_code::bad_swizzle, 3, 13},
        {"!!NVfp4.0\nTEMP t;\nMOV t.zx, t;\nEND", ctisa::error_code::bad_write_mask, 3, 7},
        {"!!NVfp4.0\nTEMP t;\nTEX t, t, texture[0], 4D;\nEND", e::unknown_texture_target, 3, 23},
        {"!!NVfp4.0\nTEMP t;\nTEX t, t, texture[0], BUFFER;\nEND", e::texture_target_not_allowed, 3, 23},
        {"!!NVfp4.0\nINT TEMP t;\nTXF t, t, texture[0], SHADOW2D;\nEND", e::texture_target_not_allowed, 3, 23},
        {"!!NVfp4.0\nTEMP t;\nIF XX.x;\nENDIF;\nEND", e::bad_cc_test, 3, 4},
        {"!!NVfp4.0\nTEMP t;\nIF NE;\nEND", ctisa::error_code::unbalanced_structure, 4, 1},
        {"!!NVfp4.0\nTEMP t;\nENDIF;\nEND", ctisa::error_code::unbalanced_structure, 3, 1},
        {"!!NVfp4.0\nREP;\nENDIF;\nEND", ctisa::error_code::unbalanced_structure, 3, 1},
        {"!!NVfp4.0\nBRK;\nEND", ctisa::error_code::misplaced_statement, 2, 1},
        {"!!NVfp4.0\nCAL nowhere;\nEND", ctisa::error_code::undefined_label, 2, 5},
        {"!!NVfp4.0\nIF NE;\nsub:\nENDIF;\nEND", ctisa::error_code::misplaced_statement, 3, 1},
        {"!!NVfp4.0\nTEMP t;\nOPTION ARB_fog_exp;\nEND", ctisa::error_code::misplaced_statement, 3, 1},
        {"!!NVfp4.0\nOPTION ARB_fog_exp;\nOPTION ARB_fog_linear;\nEND", ctisa::error_code::conflicting_modifiers, 3, 8},
        {"!!NVvp4.0\nOPTION ARB_fog_exp;\nEND", e::unknown_option, 2, 8},
        {"!!NVvp4.0\nFLAT ATTRIB p = vertex.position;\nEND", e::wrong_stage, 2, 1},
        {"!!NVfp4.0\nINT UINT TEMP t;\nEND", ctisa::error_code::conflicting_modifiers, 2, 5},
        {"!!NVfp4.0\nATTRIB a = result.color;\nEND", ctisa::error_code::wrong_operand_kind, 2, 12},
        {"!!NVfp4.0\nTEMP t;\nMOV t, |t;\nEND", ctisa::error_code::unbalanced_bars, 3, 10},
        {"!!NVfp4.0\nTEMP t;\nSWZ t, t, x, y, 2, w;\nEND", ctisa::error_code::bad_swizzle, 3, 17},
        {"!!NVfp4.0\nINT TEMP i;\nMOV.F i, i;\nEND", e::type_mismatch, 3, 1},
        {"!!NVfp4.0\nUINT TEMP i;\nFLOAT TEMP f;\nI2F.S f, i;\nEND", e::type_mismatch, 4, 1},
        {"!!NVfp4.0\nTEMP t;\nTEX t, t, texture[0], 2D;\nTXB t, t, texture[0], 3D;\nEND", e::texture_target_conflict, 4, 11},
        {"!!NVfp4.0\nMOV result.color[1], fragment.color;\nEND", e::option_required, 2, 5},
        {"!!NVvp4.0\nOPTION ARB_position_invariant;\nMOV result.position, vertex.position;\nEND", ctisa::error_code::operand_not_allowed, 3, 5},
        {"!!NVvp4.0\nPARAM c[2] = { program.local[0..1] };\nTEMP t;\nMOV t, c[2];\nEND", ctisa::error_code::value_out_of_range, 4, 9},
        {"!!NVvp4.0\nTEMP t;\nMOV t, t[0];\nEND", ctisa::error_code::operand_not_allowed, 3, 9},
        {"!!NVvp4.0\nLONG PARAM p = program.local[0];\nEND", ctisa::error_code::modifier_not_allowed, 2, 1},
        {"!!NVvp4.0\nTEMP t;\nMOV t, vertex.attrib;\nEND", e::unknown_binding, 3, 8},
        {"!!NVvp4.0\nTEMP t;\nMOV t, 4294967296;\nEND", ctisa::error_code::number_out_of_range, 3, 8},
        {"!!NVvp4.0\nPARAM p = { 1, 0x100000000 };\nEND", ctisa::error_code::number_out_of_range, 2, 16},
        {"!!NVfp4.0\nTEMP t;\nTEX t, t, texture[0], 2D, (1, -2, 3);\nEND", e::bad_texture_offset, 3, 35},
        {"!!NVfp4.0\nTEMP t;\nTEX t, t, texture[0], ARRAY1D, (0, 1);\nEND", e::bad_texture_offset, 3, 36},
        {"!!NVfp4.0\nTEMP t;\nTEX t, t, texture[0], CUBE, (1);\nEND", e::bad_texture_offset, 3, 30},
        {"!!NVfp4.0\nINT TEMP t;\nTXF t, t, texture[0], BUFFER, (2);\nEND", e::bad_texture_offset, 3, 32},
        {"!!NVfp4.0\nTEMP t;\nREP;\nIF NE;\nENDIF;\nENDREP;\nEND", e::endless_loop, 6, 1},
        {"!!NVfp4.0\nTEMP t;\nREP;\nREP t;\nBRK;\nENDREP;\nENDREP;\nEND", e::endless_loop, 7, 1},
        {"!!NVvp4.0\nTEMP t;\nMOV t, state.material.glow;\nEND", e::unknown_binding, 3, 8},
        {"!!NVvp4.0\nTEMP t;\nMOV t, vertex.attrib[0..2];\nEND", ctisa::error_code::unexpected_character, 3, 24},
        {"!!NVvp4.0\nPARAM m = state.matrix.mvp;\nEND", e::unknown_binding, 2, 11},
        {"!!NVfp4.0\nTEMP t;\nMOV t, fragment.color.front;\nEND", e::unknown_binding, 3, 8},
        {"!!NVvp4.0\nTEMP t;\nMOV t, vertex[1].position;\nEND", e::wrong_stage, 3, 8},
        // NV_fragment_program4 section 2.X.3.2: integer attributes flat, interpolation modifiers
        // combined only as CENTROID NOPERSPECTIVE, none on the bindings its table stars (or fog).
        {"!!NVfp4.0\nINT ATTRIB a = fragment.attrib[0];\nEND", e::integer_attribute_not_flat, 2, 1},
        {"!!NVfp4.0\nUINT CENTROID ATTRIB a = fragment.attrib[0];\nEND", e::integer_attribute_not_flat, 2, 1},
        {"!!NVfp4.0\nFLAT CENTROID ATTRIB a = fragment.attrib[0];\nEND", ctisa::error_code::conflicting_modifiers, 2, 1},
        {"!!NVfp4.0\nNOPERSPECTIVE FLAT ATTRIB a = fragment.attrib[0];\nEND", ctisa::error_code::conflicting_modifiers, 2, 1},
        {"!!NVfp4.0\nCENTROID CENTROID ATTRIB a = fragment.attrib[0];\nEND", ctisa::error_code::conflicting_modifiers, 2, 10},
        {"!!NVfp4.0\nFLAT ATTRIB p = fragment.position;\nEND", ctisa::error_code::modifier_not_allowed, 2, 1},
        {"!!NVfp4.0\nCENTROID ATTRIB c[] = { fragment.clip[0..1] };\nEND", ctisa::error_code::modifier_not_allowed, 2, 1},
        {"!!NVfp4.0\nNOPERSPECTIVE ATTRIB f = fragment.fogcoord;\nEND", ctisa::error_code::modifier_not_allowed, 2, 1},
        {"!!NVfp4.0\nFLAT ATTRIB f = fragment.facing;\nEND", ctisa::error_code::modifier_not_allowed, 2, 1},
        // Section 2.X.3.2: a declared size is the number of bindings; "[]" takes that number.
        {"!!NVvp4.0\nPARAM c[3] = { program.local[0..1] };\nEND", e::array_size_mismatch, 2, 7},
        {"!!NVvp4.0\nPARAM c[1] = { program.local[0..1], {1, 2, 3, 4} };\nEND", e::array_size_mismatch, 2, 7},
        {"!!NVvp4.0\nPARAM m[3] = { state.matrix.mvp };\nEND", e::array_size_mismatch, 2, 7},
        {"!!NVvp4.0\nPARAM c[] = { program.local[0..1] };\nTEMP t;\nMOV t, c[2];\nEND", ctisa::error_code::value_out_of_range, 4, 9},
        {"!!NVvp4.0\nPARAM m[] = { state.matrix.mvp, {1, 2, 3, 4} };\nTEMP t;\nMOV t, m[5];\nEND", ctisa::error_code::value_out_of_range, 4, 9},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        const parsed p = parse(c.text);
        REQUIRE(!p.ok());
        INFO(std::string(p.error().message()) + " at " + std::to_string(p.error().line) + ":" + std::to_string(p.error().column) + " (" +
             std::string(p.error().subject) + ")");
        CHECK(p.error().code == c.code);
        CHECK(p.error().line == c.line);
        CHECK(p.error().column == c.column);
    }
}

// What those rules still let through.
TEST_CASE("nvasm syntax: typed variables, options and arrays where they are allowed", "[nvasm][syntax]") {
    const char* good[] = {
        "!!NVfp4.0\nINT TEMP i;\nMOV.F.NTC i, i;\nEND",
        "!!NVfp4.0\nUINT TEMP i;\nFLOAT TEMP f;\nI2F.U f, i;\nEND",
        "!!NVfp4.0\nOPTION ARB_draw_buffers;\nMOV result.color[1], fragment.color;\nEND",
        "!!NVfp4.0\nOPTION ATI_draw_buffers;\nOUTPUT o = result.color[3];\nMOV o, fragment.color;\nEND",
        "!!NVvp4.0\nPARAM c[2] = { program.local[0..1] };\nINT TEMP a;\nTEMP t;\nMOV t, c[1];\nMOV t, c[a.x + 1];\nEND",
        "!!NVgp4.0\nPRIMITIVE_IN LINES; PRIMITIVE_OUT POINTS; VERTICES_OUT 2;\nATTRIB tc[] = { vertex.texcoord[0..1] };\nTEMP t;\nMOV t, tc[1][0];\nEND",
        "!!NVfp4.0\nTEMP t;\nTEX t, t, texture[0], 2D;\nTXB t, t, texture[0], 2D;\nTEX t, t, texture[1], 3D;\nEND",
        "!!NVfp4.0\nTEMP t;\nTEX t, t, texture[0], 3D, (1, -2, 3);\nTEX t, t, texture[1], SHADOW2D, (-1, 1, 0);\nEND",
        "!!NVfp4.0\nTEMP t;\nREP;\nIF NE;\nBRK;\nENDIF;\nENDREP;\nREP;\nREP t;\nENDREP;\nRET (EQ);\nENDREP;\nEND",
        "!!NVvp4.0\nTEMP t;\nMOV t, 4294967295;\nMOV t, 1e38;\nMOV t, {0xFFFFFFFF, 3.5E-3, .25, 7.}.x;\nEND",
        "!!NVvp4.0\nPARAM m[] = { state.matrix.mvp };\nPARAM n[4] = { state.matrix.modelview[2].invtrans };\nEND",
        "!!NVvp4.0\nBUFFER b[] = { program.buffer[2] };\nBUFFER4 c[] = { program.buffer[1][0..3], program.buffer[0][7] };\nEND",
        "!!NVvp4.0\nTEMP t;\nMOV t, state.lightprod[1].back.specular;\nMOV t, state.lightmodel.front.scenecolor;\nMOV result.color.front.secondary, t;\nEND",
        "!!NVgp4.0\nPRIMITIVE_IN LINES; PRIMITIVE_OUT POINTS; VERTICES_OUT 2;\nTEMP t;\nMOV t, vertex[1].clip[1];\nMOV t, primitive.id;\nMOV result.layer, t;\nEND",
        "!!NVfp4.0\nCENTROID NOPERSPECTIVE ATTRIB a = fragment.attrib[0];\nEND",
        "!!NVfp4.0\nFLAT INT ATTRIB a = fragment.attrib[1];\nFLAT UINT ATTRIB b[2] = { fragment.attrib[2..3] };\nEND",
        "!!NVfp4.0\nINT ATTRIB pid = primitive.id;\nATTRIB p = fragment.position;\nEND",
        "!!NVvp4.0\nINT ATTRIB id = vertex.id;\nEND",
        "!!NVvp4.0\nPARAM m[] = { state.matrix.mvp, {1, 2, 3, 4}, -2 };\nTEMP t;\nMOV t, m[5];\nEND",
        "!!NVvp4.0\nPARAM r[2] = { state.matrix.mvp.row[1..2] };\nBUFFER b[8] = { program.buffer[0] };\nTEMP t;\nMOV t, b[7];\nEND",
    };
    for (const char* text : good) {
        INFO(text);
        const parsed p = parse(text);
        INFO((p.ok() ? std::string()
                     : std::to_string(p.error().line) + ":" + std::to_string(p.error().column) + " " + std::string(p.error().message())));
        CHECK(p.ok());
    }
}

TEST_CASE("nvasm syntax: programs are validated at compile time", "[nvasm][syntax]") {
    constexpr auto p =
        nv::program_of<"!!NVfp4.0\nTEMP t; ATTRIB c = fragment.color;\nMUL_SAT t, c, {0.5}.x;\nKIL -t.w;\nMOV result.color, t;\nEND">();
    STATIC_REQUIRE(p.statements.size() == 7);
    STATIC_REQUIRE(p.statements[3].op.code == nv::opcode::mul);
    STATIC_REQUIRE(p.statements[3].op.clamp == nv::clamp::sat);
    STATIC_REQUIRE(p.statements[4].op.sources[0].negate);
    STATIC_REQUIRE(nv::try_program<"!!NVvp4.0\nTEMP t;\nKIL t;\nEND">().code == nv::errors::wrong_stage);
    STATIC_REQUIRE(nv::try_program<"!!NVvp4.0\nTEMP t;\nKIL t;\nEND">().line == 3);
    STATIC_REQUIRE(!nv::try_program<"!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 2;\nEMIT;\nEND">().failed());
}

// Spellings the specifications' examples and cgc use, each with the canonical text it prints as
// (which reads back to the same statements).
TEST_CASE("nvasm syntax: temporary arrays, bare branch conditions, signs inside bars, geometry colours", "[nvasm][syntax]") {
    const std::pair<const char*, const char*> cases[] = {
        // Section 2.X.3.4: temporary arrays; relative members "[A.x + n]" (cgc -O: TEMP lmem[75]).
        {"!!NVfp4.0\nTEMP R0, R1;\nTEMP lmem[75], k;\nMOV.S lmem[0].x, {0};\nMOV.S R0.w, lmem[R0.x].x;\nMOV lmem[R1.y+74].xz, -R0;\nEND",
         "!!NVfp4.0\nTEMP R0, R1;\nTEMP lmem[75], k;\nMOV.S lmem[0].x, {0};\nMOV.S R0.w, lmem[R0.x].x;\nMOV lmem[R1.y + 74].xz, -R0;\nEND\n"},
        // Issue 34 of NV_gpu_program4: the stack example's integer pointer.
        {"!!NVvp4.0\nTEMP stack[256];\nINT TEMP sp;\nTEMP R0;\nMOV stack[sp.x], R0;\nMOV R0, stack[sp.x - 0];\nEND",
         "!!NVvp4.0\nTEMP stack[256];\nINT TEMP sp;\nTEMP R0;\nMOV stack[sp.x], R0;\nMOV R0, stack[sp.x - 0];\nEND\n"},
        // cgc declares every register in one TEMP statement.
        {"!!NVfp4.0\nTEMP R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, R12, R13, R14, R15, R16, R17, R18, R19, R20;\nEND",
         "!!NVfp4.0\nTEMP R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, R12, R13, R14, R15, R16, R17, R18, R19, R20;\nEND\n"},
        // The examples' bare conditions (BRK NE.x; BRK EQ1.xyzx; RET NE.x;) print as the grammar's "(...)".
        {"!!NVvp4.0\nTEMP t;\nREP;\nBRK NE.x;\nCONT GT;\nBRK EQ1.xyzx;\nENDREP;\nCAL f NE.y;\nf:\nRET NE.x;\nEND",
         "!!NVvp4.0\nTEMP t;\nREP;\nBRK (NE.x);\nCONT (GT);\nBRK (EQ1.xyzx);\nENDREP;\nCAL f (NE.y);\nf:\nRET (NE.x);\nEND\n"},
        // <instOperandAbsV>: a sign outside the bars and one inside (<operandNeg>).
        {"!!NVvp4.0\nTEMP R0;\nMOV R0, |-vertex.attrib[0]|;\nADD R0, -|+R0.x|, -|-R0|;\nEND",
         "!!NVvp4.0\nTEMP R0;\nMOV R0, |-vertex.attrib[0]|;\nADD R0, -|R0.x|, -|-R0|;\nEND\n"},
        // MUL.S24 / U24 imply their type: typed variables of that type take them.
        {"!!NVvp4.0\nINT TEMP a;\nUINT TEMP b;\nMUL.S24 a, a, 100;\nMUL.U24 b, b, 3;\nEND",
         "!!NVvp4.0\nINT TEMP a;\nUINT TEMP b;\nMUL.S24 a, a, 100;\nMUL.U24 b, b, 3;\nEND\n"},
        // NV_geometry_program4's nine colour bindings of an input vertex.
        {"!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 1;\nTEMP t;\n"
         "MOV t, vertex[0].color.back;\nADD t, t, vertex[1].color.front.secondary;\nADD t, t, vertex[2].color.back.primary;\n"
         "ATTRIB c = vertex.color.back.secondary;\nADD t, t, c[1];\nMOV result.color.back, t;\nEND",
         "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 1;\nTEMP t;\n"
         "MOV t, vertex[0].color.back;\nADD t, t, vertex[1].color.front.secondary;\nADD t, t, vertex[2].color.back.primary;\n"
         "ATTRIB c = vertex.color.back.secondary;\nADD t, t, c[1];\nMOV result.color.back, t;\nEND\n"},
    };
    for (const auto& [text, canonical] : cases) {
        INFO(text);
        const parsed p = parse(text);
        INFO((p.ok() ? std::string()
                     : std::to_string(p.error().line) + ":" + std::to_string(p.error().column) + " " + std::string(p.error().message()) + " (" +
                           std::string(p.error().subject) + ")"));
        REQUIRE(p.ok());
        CHECK(printed(*p) == canonical);
        const parsed again = parse(printed(*p));
        REQUIRE(again.ok());
        CHECK(std::equal((*p).statements.begin(), (*p).statements.end(), (*again).statements.begin(), (*again).statements.end()));
    }
    // The bare and the parenthesised condition are one statement.
    CHECK((*parse("!!NVvp4.0\nREP;\nBRK NE.x;\nENDREP;\nEND")).statements[2] ==
          (*parse("!!NVvp4.0\nREP;\nBRK (NE.x);\nENDREP;\nEND")).statements[2]);
}

TEST_CASE("nvasm syntax: what the specifications say fails to load, at its position", "[nvasm][syntax]") {
    struct bad {
        const char* text;
        ctisa::error_code code;
        std::uint32_t line, column;
    };
    namespace e = nv::errors;
    const bad cases[] = {
        // TXB, TXL, TXP read w themselves: no SHADOWCUBE or SHADOWARRAY2D (section 2.X.8).
        {"!!NVfp4.0\nTEMP t;\nTXB t, t, texture[0], SHADOWCUBE;\nEND", e::texture_target_not_allowed, 3, 23},
        {"!!NVfp4.0\nTEMP t;\nTXB t, t, texture[0], SHADOWARRAY2D;\nEND", e::texture_target_not_allowed, 3, 23},
        {"!!NVfp4.0\nTEMP t;\nTXL t, t, texture[0], SHADOWCUBE;\nEND", e::texture_target_not_allowed, 3, 23},
        {"!!NVfp4.0\nTEMP t;\nTXL t, t, texture[0], SHADOWARRAY2D;\nEND", e::texture_target_not_allowed, 3, 23},
        {"!!NVfp4.0\nTEMP t;\nTXP t, t, texture[0], SHADOWCUBE;\nEND", e::texture_target_not_allowed, 3, 23},
        {"!!NVfp4.0\nTEMP t;\nTXP t, t, texture[0], SHADOWARRAY2D;\nEND", e::texture_target_not_allowed, 3, 23},
        // MUL: "normal data type modifiers may not be provided" with S24 / U24; HI needs S or U.
        {"!!NVvp4.0\nINT TEMP a;\nMUL.S.S24 a, a, 100;\nEND", ctisa::error_code::modifier_not_allowed, 3, 1},
        {"!!NVvp4.0\nTEMP a;\nMUL.F.U24 a, a, 100;\nEND", ctisa::error_code::modifier_not_allowed, 3, 1},
        {"!!NVvp4.0\nTEMP a;\nMUL.HI a, a, 100;\nEND", ctisa::error_code::modifier_not_allowed, 3, 1},
        {"!!NVvp4.0\nFLOAT TEMP f;\nMUL.S24 f, f, 100;\nEND", e::type_mismatch, 3, 1},
        // Temporary arrays: a positive size; a member that exists; a member always named; an
        // offset in [0, n-1] (sections 2.X.3.1, 2.X.4.2).
        {"!!NVfp4.0\nTEMP a[0];\nEND", ctisa::error_code::expected_number, 2, 8},
        {"!!NVfp4.0\nTEMP a[];\nEND", ctisa::error_code::expected_number, 2, 8},
        {"!!NVfp4.0\nTEMP a[2];\nMOV a[2], fragment.color;\nEND", ctisa::error_code::value_out_of_range, 3, 6},
        {"!!NVfp4.0\nTEMP a[2];\nMOV a, fragment.color;\nEND", ctisa::error_code::missing_operand, 3, 5},
        {"!!NVfp4.0\nTEMP a[2], i;\nMOV a[i.x + 2], fragment.color;\nEND", ctisa::error_code::value_out_of_range, 3, 6},
        {"!!NVfp4.0\nTEMP a[2], i;\nMOV a[i.x - 1], fragment.color;\nEND", ctisa::error_code::value_out_of_range, 3, 6},
        {"!!NVfp4.0\nTEMP a[2], i;\nMOV a[i], fragment.color;\nEND", ctisa::error_code::bad_relative_address, 3, 8},
        {"!!NVfp4.0\nTEMP a[2];\nFLOAT TEMP f;\nMOV a[f.x], fragment.color;\nEND", e::type_mismatch, 4, 7},
        {"!!NVfp4.0\nTEMP a[2], b[2];\nMOV a[b.x], fragment.color;\nEND", ctisa::error_code::bad_relative_address, 3, 7},
        // A bare condition is a test, nothing else.
        {"!!NVvp4.0\nREP;\nBRK NX.x;\nENDREP;\nEND", e::bad_cc_test, 3, 5},
        {"!!NVvp4.0\nREP;\nBRK (NE.x;\nENDREP;\nEND", ctisa::error_code::unexpected_character, 3, 10},
        {"!!NVvp4.0\nTEMP t;\nMOV t, |--t|;\nEND", ctisa::error_code::missing_operand, 3, 10},
        // Geometry colours are the input vertices' (and fragment programs have no face words).
        {"!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nTEMP t;\nMOV t, vertex[0].color.side;\nEND",
         e::unknown_binding, 6, 8},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        const parsed p = parse(c.text);
        REQUIRE(!p.ok());
        INFO(std::string(p.error().message()) + " at " + std::to_string(p.error().line) + ":" + std::to_string(p.error().column) + " (" +
             std::string(p.error().subject) + ")");
        CHECK(p.error().code == c.code);
        CHECK(p.error().line == c.line);
        CHECK(p.error().column == c.column);
    }
}
