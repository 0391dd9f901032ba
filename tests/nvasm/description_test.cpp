// SPDX-License-Identifier: MIT
// The generated description against the documents: counts and sample facts at compile time, then
// every row of the specifications' tables read from ../shared/reference/nvasm/specs at run time.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <string>

#include <ctisa/nvasm/nvasm.hpp>

#include "test_data.hpp"

namespace nv = ctisa::nvasm;

namespace {

constexpr std::size_t count_class(nv::grammar_class c) {
    std::size_t n = 0;
    for (const auto& i : nv::instructions) n += i.grammar == c;
    return n;
}

constexpr bool rows_are_indices() {
    for (std::size_t k = 0; k < nv::instructions.size(); ++k)
        if (static_cast<std::size_t>(nv::instructions[k].code) != k + 1) return false;
    return true;
}

std::string spec_text(const char* name) { return ctisa_test::read_file(ctisa_test::shared_path(std::string("reference/nvasm/specs/") + name)); }

// The quoted tokens of one grammar rule "<name> ::= ... " up to the next blank line.
std::vector<std::string> rule_tokens(const std::string& text, const std::string& rule) {
    std::smatch m;
    REQUIRE(std::regex_search(text, m, std::regex(rule + " +::=")));
    const auto at = static_cast<std::size_t>(m.position(0));
    const std::string body = text.substr(at, text.find("\n\n", at) - at);
    std::vector<std::string> out;
    static const std::regex quoted("\"([^\"]+)\"");
    for (auto it = std::sregex_iterator(body.begin(), body.end(), quoted); it != std::sregex_iterator(); ++it) out.push_back((*it)[1]);
    return out;
}

std::string columns_of(const nv::instruction_info& i) {
    std::string s;
    for (char c : std::string_view("FICSH")) {
        const std::uint8_t bit = c == 'F'   ? nv::column::F
                                 : c == 'I' ? nv::column::I
                                 : c == 'C' ? nv::column::C
                                 : c == 'S' ? nv::column::S
                                            : nv::column::H;
        s += (i.columns & bit) ? 'X' : '-';
        if (c != 'H') s += ' ';
    }
    return s;
}

std::string type_code(nv::operand_type t) {
    static constexpr std::array<const char*, 8> codes{"-", "v", "vf", "vs", "vu", "s", "c", "vc"};
    return codes[static_cast<std::size_t>(t)];
}

std::string inputs_of(const nv::instruction_info& i) {
    if (i.input_count == 0) return "-";
    std::string s;
    for (unsigned k = 0; k < i.input_count; ++k) s += (k ? "," : "") + type_code(i.inputs[k]);
    return s;
}

std::string default_of(const nv::instruction_info& i) {
    return i.default_type == nv::data_type::f ? "F" : i.default_type == nv::data_type::s ? "S" : "-";
}

}  // namespace

TEST_CASE("nvasm description: counts the issue and the specs state", "[nvasm][description]") {
    STATIC_REQUIRE(nv::opcode_count == 84);
    STATIC_REQUIRE(rows_are_indices());
    STATIC_REQUIRE(nv::info(nv::opcode::xpd).mnemonic == "XPD");                  // the last row of Table X.13
    STATIC_REQUIRE(static_cast<int>(nv::opcode::xpd) == 80);
    STATIC_REQUIRE(static_cast<int>(nv::opcode::ddx) == 81);
    STATIC_REQUIRE(static_cast<int>(nv::opcode::endprim) == 84);
    // The base grammar's opcode lists: 16 VECTORop, 12 SCALARop, 23 BINop, ...
    STATIC_REQUIRE(count_class(nv::grammar_class::vectorop) == 16);
    STATIC_REQUIRE(count_class(nv::grammar_class::scalarop) == 12);
    STATIC_REQUIRE(count_class(nv::grammar_class::binscop) == 1);
    STATIC_REQUIRE(count_class(nv::grammar_class::vecscaop) == 4);
    STATIC_REQUIRE(count_class(nv::grammar_class::binop) == 23);
    STATIC_REQUIRE(count_class(nv::grammar_class::triop) == 6);
    STATIC_REQUIRE(count_class(nv::grammar_class::texop) == 6);
    STATIC_REQUIRE(count_class(nv::grammar_class::flowccop) == 3);
    STATIC_REQUIRE(count_class(nv::grammar_class::endflowop) == 3);
    STATIC_REQUIRE(count_class(nv::grammar_class::specialinstruction) == 5);  // KIL DDX DDY EMIT ENDPRIM
    STATIC_REQUIRE(nv::modifiers.size() == 12);      // Table X.14
    STATIC_REQUIRE(nv::suffixes.size() == 7);        // Table X.15
    STATIC_REQUIRE(nv::cc_rule_names.size() == 18);  // Table X.16
    STATIC_REQUIRE(nv::cc_spellings.size() == 54);   // <ccMaskRule>
    STATIC_REQUIRE(nv::texture_targets.size() == 14);  // <texTarget> and BUFFER (Tables X.17, X.18)
    STATIC_REQUIRE(nv::declarations.size() == 11);
    STATIC_REQUIRE(nv::variable_modifiers.size() == 8);
    STATIC_REQUIRE(nv::primitives_in.size() == 5);
    STATIC_REQUIRE(nv::primitives_out.size() == 3);
    STATIC_REQUIRE(nv::headers.size() == 3);
    STATIC_REQUIRE(nv::options.size() == 9);
}

TEST_CASE("nvasm description: sample facts", "[nvasm][description]") {
    STATIC_REQUIRE(nv::find_opcode("MOV") == nv::opcode::mov);
    STATIC_REQUIRE(!nv::find_opcode("mov"));  // case-sensitive
    STATIC_REQUIRE(!nv::find_opcode("BRA"));  // no BRA in NV_gpu_program4
    STATIC_REQUIRE(!nv::find_opcode("ARL"));  // no address registers
    STATIC_REQUIRE(nv::info(nv::opcode::mul).multiply_modes);
    STATIC_REQUIRE(!nv::info(nv::opcode::mad).multiply_modes);
    STATIC_REQUIRE(nv::info(nv::opcode::kil).stages == nv::stage_bit::fragment);
    STATIC_REQUIRE(nv::info(nv::opcode::emit).stages == nv::stage_bit::geometry);
    STATIC_REQUIRE(nv::info(nv::opcode::txq).columns == 0);
    STATIC_REQUIRE(nv::info(nv::opcode::txq).default_type == nv::data_type::s);
    STATIC_REQUIRE(nv::info(nv::opcode::i2f).out == nv::operand_type::vf);
    STATIC_REQUIRE(nv::info(nv::opcode::sad).inputs[2] == nv::operand_type::vu);
    STATIC_REQUIRE(nv::info(nv::opcode::rep).form == nv::form::repeat);
    STATIC_REQUIRE(nv::forms[static_cast<std::size_t>(nv::form::texture_partials)].count == 5);
    STATIC_REQUIRE(nv::find_cc_test("NAN1")->rule == nv::cc_rule::nan);
    STATIC_REQUIRE(nv::find_cc_test("NAN1")->reg == 1);
    STATIC_REQUIRE(nv::find_cc_test("EQ0")->reg == 0);
    STATIC_REQUIRE(!nv::find_cc_test("eq"));
    STATIC_REQUIRE(!nv::find_texture_target("BUFFER")->sampled);
    STATIC_REQUIRE(nv::find_texture_target("BUFFER")->fetched);
    STATIC_REQUIRE(!nv::find_texture_target("SHADOWCUBE")->fetched);
    STATIC_REQUIRE(nv::find_texture_target("SHADOWARRAY2D")->shadow);
    STATIC_REQUIRE(nv::find_modifier("SSAT")->kind == nv::modifier_kind::clamp);
    STATIC_REQUIRE(nv::find_declaration("VERTICES_OUT")->stages == nv::stage_bit::geometry);
    STATIC_REQUIRE(nv::find_header("!!NVgp4.0")->stage == nv::stage::geometry);
}

// Every row of Table X.13 as NV_gpu_program4.txt prints it, and the fragment additions.
TEST_CASE("nvasm description: Table X.13 row by row", "[nvasm][description]") {
    const std::string text = spec_text("NV_gpu_program4.txt");
    const auto start = text.find("Instruction F I C S H D  Out Inputs");
    const auto end = text.find("Table X.13:", start);
    REQUIRE(start != std::string::npos);
    static const std::regex row(R"(\n      ([A-Z0-9]+) +([X-] [X-] [X-] [X-] [X-]) ([FS-])  (\S+) +(\S+) +[^\n]*)");
    const std::string table = text.substr(start, end - start);
    std::size_t rows = 0;
    for (auto it = std::sregex_iterator(table.begin(), table.end(), row); it != std::sregex_iterator(); ++it) {
        const auto& m = *it;
        ++rows;
        INFO("row " << rows << ": " << m[1]);
        const auto code = nv::find_opcode(m[1].str());
        REQUIRE(code);
        const auto& i = nv::info(*code);
        CHECK(static_cast<std::size_t>(*code) == rows);
        CHECK(columns_of(i) == m[2].str());
        CHECK(default_of(i) == m[3].str());
        CHECK(type_code(i.out) == m[4].str());
        CHECK(inputs_of(i) == m[5].str());
    }
    CHECK(rows == 80);

    // NV_fragment_program4 prints its additions with the columns Inputs before Out.
    const std::string fragment = spec_text("NV_fragment_program4.txt");
    static const std::regex frag_row(R"(\n    (DDX|DDY|KIL) +([X-] [X-] [X-] [X-] [X-]) ([FS-])  (\S+) +(\S+) +[^\n]*)");
    std::size_t added = 0;
    for (auto it = std::sregex_iterator(fragment.begin(), fragment.end(), frag_row); it != std::sregex_iterator(); ++it) {
        const auto& m = *it;
        ++added;
        const auto& i = nv::info(*nv::find_opcode(m[1].str()));
        INFO(m[1]);
        CHECK(columns_of(i) == m[2].str());
        CHECK(default_of(i) == m[3].str());
        CHECK(inputs_of(i) == m[4].str());
        CHECK(type_code(i.out) == m[5].str());
        CHECK(i.stages == nv::stage_bit::fragment);
    }
    CHECK(added == 3);
}

// The grammar's opcode lists give each instruction's class; the stage grammars the special ones.
TEST_CASE("nvasm description: grammar classes and token lists", "[nvasm][description]") {
    const std::string text = spec_text("NV_gpu_program4.txt");
    std::set<std::string> listed;
    for (const auto& c : nv::grammar_class_names) {
        if (c == "SpecialInstruction") continue;
        INFO(c);
        const auto tokens = rule_tokens(text, "<" + std::string(c) + ">");
        CHECK(!tokens.empty());
        for (const auto& t : tokens) {
            INFO(t);
            const auto code = nv::find_opcode(t);
            REQUIRE(code);
            CHECK(nv::grammar_class_name(nv::info(*code).grammar) == c);
            listed.insert(t);
        }
    }
    CHECK(listed.size() == 79);  // all but KIL, DDX, DDY, EMIT, ENDPRIM
    for (const auto& [file, names] : std::map<std::string, std::vector<std::string>>{{"NV_fragment_program4.txt", {"KIL", "DDX", "DDY"}},
                                                                                     {"NV_geometry_program4.txt", {"EMIT", "ENDPRIM"}}}) {
        const auto tokens = rule_tokens(spec_text(file.c_str()), "<SpecialInstruction>");
        for (const auto& n : names) {
            INFO(n);
            CHECK(std::find(tokens.begin(), tokens.end(), n) != tokens.end());
            CHECK(nv::info(*nv::find_opcode(n)).grammar == nv::grammar_class::specialinstruction);
        }
    }

    std::vector<std::string> spellings;
    for (const auto& [name, test] : nv::cc_spellings) spellings.emplace_back(name);
    auto from_spec = rule_tokens(text, "<ccMaskRule>");
    std::sort(from_spec.begin(), from_spec.end());
    CHECK(from_spec == spellings);

    auto targets = rule_tokens(text, "<texTarget>");
    targets.push_back("BUFFER");  // Tables X.17/X.18 (decision in the spec)
    CHECK(targets.size() == nv::texture_targets.size());
    for (const auto& t : targets) CHECK(nv::find_texture_target(t) != nullptr);

    const auto modifiers = rule_tokens(text, "<opModifier>");
    CHECK(modifiers.size() == nv::modifiers.size());
    for (const auto& m : modifiers) CHECK(nv::find_modifier(m) != nullptr);

    const auto var_mods = rule_tokens(text, "<varModifier>");
    const auto interp = rule_tokens(spec_text("NV_fragment_program4.txt"), "<interpModifier>");
    CHECK(var_mods.size() + interp.size() == nv::variable_modifiers.size());

    const std::string geometry = spec_text("NV_geometry_program4.txt");
    CHECK(rule_tokens(geometry, "<declPrimInType>") == std::vector<std::string>(nv::primitives_in.begin(), nv::primitives_in.end()));
    CHECK(rule_tokens(geometry, "<declPrimOutType>") == std::vector<std::string>(nv::primitives_out.begin(), nv::primitives_out.end()));
    for (const auto& kw : rule_tokens(geometry, "<declaration>")) CHECK(nv::find_declaration(kw) != nullptr);
}

// Table X.16 names the 18 rules; each appears with its "0" and "1" spellings on one line.
TEST_CASE("nvasm description: Table X.16 condition-code tests", "[nvasm][description]") {
    const std::string text = spec_text("NV_gpu_program4.txt");
    static const std::regex line(R"(\n +([A-Z]+), +([A-Z]+0), +([A-Z]+1) +[a-z])");
    std::size_t rules = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), line); it != std::sregex_iterator(); ++it) {
        const auto& m = *it;
        INFO(m[1]);
        const auto base = nv::find_cc_test(m[1].str());
        REQUIRE(base);
        CHECK(nv::find_cc_test(m[2].str())->rule == base->rule);
        CHECK(nv::find_cc_test(m[3].str())->reg == 1);
        ++rules;
    }
    CHECK(rules == 18);
}

// What `ctisa opcodes nvasm` prints (DESIGN.md): mnemonic, grammar class, row; no fields.
TEST_CASE("nvasm description: opcodes as the tool lists them", "[nvasm][description]") {
    std::vector<std::string> rows;
    nv::isa::for_each_opcode([&](std::string_view m, std::string_view c, unsigned row, long secondary) {
        CHECK(secondary == -1);
        rows.push_back(std::string(m) + "\t" + std::string(c) + "\t" + std::to_string(row));
    });
    REQUIRE(rows.size() == 84);
    CHECK(rows[0] == "ABS\tVECTORop\t1");
    CHECK(rows[32] == "MOV\tVECTORop\t33");
    CHECK(rows[24] == "KIL\tSpecialInstruction\t25");
    CHECK(rows[79] == "XPD\tBINop\t80");
    CHECK(rows[83] == "ENDPRIM\tSpecialInstruction\t84");
    std::size_t fields = 0;
    nv::isa::for_each_field([&](auto&&...) { ++fields; });
    CHECK(fields == 0);
}

namespace {

// The binding a path spells, as find_binding answers it, by trying every binding in table order
// (the reference for its search by hash).
const nv::binding_info* find_binding_by_scan(std::string_view path, std::uint8_t stage_bit, bool in_list) {
    const nv::binding_info* other_stage = nullptr;
    for (const auto& b : nv::bindings) {
        if ((b.list_only && !in_list) || !nv::detail::path_matches(path, b.pattern, in_list && b.multi)) continue;
        if (b.stages & stage_bit) return &b;
        other_stage = &b;
    }
    return other_stage;
}

}  // namespace

TEST_CASE("nvasm find_binding: the search by hash finds what a scan of every binding finds", "[nvasm][description]") {
    std::set<std::string> paths;
    for (const auto& b : nv::bindings) {
        const std::string pattern(b.pattern);
        paths.insert(pattern);
        paths.insert(std::regex_replace(pattern, std::regex(R"(\[[^\]]*\])"), "[1]"));
        paths.insert(std::regex_replace(pattern, std::regex(R"(\[[^\]]*\])"), "[0..2]"));
        paths.insert(std::regex_replace(pattern, std::regex(R"(\[[^\]]*\])"), ""));
        paths.insert(pattern.substr(0, pattern.rfind('.')));
        paths.insert(pattern + ".x");
    }
    std::size_t found = 0;
    for (const auto& path : paths)
        for (const std::uint8_t stage : {nv::stage_bit::vertex, nv::stage_bit::fragment, nv::stage_bit::geometry})
            for (const bool in_list : {false, true}) {
                INFO(path << " stage " << int(stage) << (in_list ? " in a list" : ""));
                const auto* expected = find_binding_by_scan(path, stage, in_list);
                CHECK(nv::detail::find_binding(path, stage, in_list) == expected);
                found += expected != nullptr;
            }
    CHECK(found > nv::bindings.size());  // the paths are bindings, not only misses
}

namespace {

// The generator's table of bindings by hash: every binding once, each under names_hash of its
// pattern, sorted by (hash, index) so that a run of one hash keeps table order.
constexpr bool bindings_by_hash_agree() {
    if (nv::bindings_by_hash.size() != nv::bindings.size()) return false;
    for (std::size_t k = 0; k < nv::bindings_by_hash.size(); ++k) {
        const auto& h = nv::bindings_by_hash[k];
        if (h.index >= nv::bindings.size() || nv::detail::names_hash(nv::bindings[h.index].pattern) != h.hash) return false;
        if (k > 0) {
            const auto& prev = nv::bindings_by_hash[k - 1];
            if (prev.hash > h.hash || (prev.hash == h.hash && prev.index >= h.index)) return false;
        }
    }
    return true;
}

}  // namespace

TEST_CASE("nvasm bindings_by_hash: the generated table is names_hash of every pattern, sorted", "[nvasm][description]") {
    STATIC_REQUIRE(bindings_by_hash_agree());
}
