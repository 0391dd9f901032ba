// SPDX-License-Identifier: MIT
// The generated AMD IL description against the document and the peer data in ../shared/reference/amdil:
// counts and sample facts at compile time, then every opcode and enumeration value the peers give,
// with each difference listed and explained.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>

#include <ctisa/amdil/amdil.hpp>

#include "test_data.hpp"

namespace il = ctisa::amdil;
namespace gen = ctisa::amdil::generated;

TEST_CASE("amdil: counts the issue and the seed state", "[amdil][description]") {
    STATIC_REQUIRE(il::opcode_count == 483);            // codes 0..482; IL_OP_LAST = 483
    STATIC_REQUIRE(il::seed_appendix_b_entries == 481);  // the damaged list, IL_OP_UNKNOWN..IL_OP_LAST
    STATIC_REQUIRE(il::chapter7_documented == 413);
    STATIC_REQUIRE(il::binary_confirmed == 50);
    STATIC_REQUIRE(il::appendix_b_enum_count == 37);
    STATIC_REQUIRE(il::groups.size() == 18);  // 17 chapter-7 sections with instructions, and none
}

TEST_CASE("amdil: codes the real binaries carry", "[amdil][description]") {
    // il_flame.bin's first packets: 0x0001015D dcl_global_flags, 0x0046007E dcl_input, 0x00000079 dcl_literal.
    STATIC_REQUIRE(static_cast<int>(il::opcode::dcl_global_flags) == 0x15D);
    STATIC_REQUIRE(static_cast<int>(il::opcode::dcl_input) == 126);
    STATIC_REQUIRE(static_cast<int>(il::opcode::dcl_literal) == 121);
    STATIC_REQUIRE(static_cast<int>(il::opcode::mad) == 64);
    STATIC_REQUIRE(static_cast<int>(il::opcode::mov) == 71);
    STATIC_REQUIRE(static_cast<int>(il::opcode::mova) == 72);  // the entry Appendix B lost
    STATIC_REQUIRE(static_cast<int>(il::opcode::mul) == 73);
    STATIC_REQUIRE(static_cast<int>(il::opcode::end) == 40);
    STATIC_REQUIRE(il::row_of(il::opcode::dcl_literal).binary_uses == 3899);
}

TEST_CASE("amdil: names, groups and operand counts", "[amdil][description]") {
    STATIC_REQUIRE(il::enumerator(il::opcode::mad) == "IL_OP_MAD");
    STATIC_REQUIRE(il::mnemonic(il::opcode::mad) == "mad");
    STATIC_REQUIRE(il::mnemonic(il::opcode::while_) == "whileloop");
    STATIC_REQUIRE(il::mnemonic(il::opcode::i_add) == "iadd");
    STATIC_REQUIRE(il::mnemonic(il::opcode::dcl_const_buffer) == "dcl_cb");
    STATIC_REQUIRE(il::find_opcode("WHILELOOP") == il::opcode::while_);
    STATIC_REQUIRE(il::find_opcode("round_plusinf") == il::opcode::round_plus_inf);
    STATIC_REQUIRE(!il::find_opcode("no_such_op"));
    STATIC_REQUIRE(il::group(il::opcode::break_) == "Flow Control");
    STATIC_REQUIRE(il::group(il::opcode::prefix) == "Prefix");
    STATIC_REQUIRE(il::group(il::opcode::bufinfo) == "Input/Output");
    STATIC_REQUIRE(il::group(il::opcode::mova).empty());
    STATIC_REQUIRE(il::operands(il::opcode::mad).dst == 1);
    STATIC_REQUIRE(il::operands(il::opcode::mad).src == 3);
    STATIC_REQUIRE(il::operands(il::opcode::dcl_literal).src == 1);
    STATIC_REQUIRE(il::operands(il::opcode::dcl_literal).extra == 4);
    STATIC_REQUIRE(il::operands(il::opcode::case_).extra == 1);
    STATIC_REQUIRE(!il::operands(il::opcode::mova).described);
    STATIC_REQUIRE(sizeof(gen::opcode_row) == 14);
}

TEST_CASE("amdil: token layouts of chapter 2", "[amdil][description]") {
    STATIC_REQUIRE(gen::il_opcode::control.lsb == 16);
    STATIC_REQUIRE(gen::il_opcode::control.width == 14);
    STATIC_REQUIRE(gen::il_dst::register_type.lsb == 16);
    STATIC_REQUIRE(gen::il_dst::register_type.width == 6);
    STATIC_REQUIRE(gen::il_dst::extended.lsb == 31);
    STATIC_REQUIRE(gen::il_dst_mod::shift_scale.lsb == 9);
    STATIC_REQUIRE(gen::il_dst_mod::shift_scale.width == 4);
    STATIC_REQUIRE(gen::il_src_mod::divcomp.lsb == 21);
    STATIC_REQUIRE(gen::il_src_mod::clamp.lsb == 24);
    STATIC_REQUIRE(gen::il_version::shader_type.lsb == 16);
    STATIC_REQUIRE(gen::il_macro_def::outline.lsb == 16);
    // Each token's fields cover its 32 bits exactly once.
    std::map<std::string, std::uint64_t> covered;
    for (const auto& f : gen::token_fields) {
        auto& bits = covered[std::string(f.token)];
        for (unsigned b = f.lsb; b <= f.msb; ++b) {
            REQUIRE((bits >> b & 1u) == 0u);
            bits |= std::uint64_t{1} << b;
        }
    }
    CHECK(covered.size() == 19);
    // The opcode modifier tokens of chapter 7's declarations and texture loads.
    STATIC_REQUIRE(gen::il_primarydclv_mod::wimport.lsb == 6);
    STATIC_REQUIRE(gen::il_primarydclpin_mod::no_perspective.lsb == 10);
    STATIC_REQUIRE(gen::il_primarytexld_mod::lodbias.lsb == 18);
    STATIC_REQUIRE(gen::il_primarytexld_mod::lodbias.width == 7);
    STATIC_REQUIRE(gen::il_primarytexld_mod::aniso.lsb == 15);
    STATIC_REQUIRE(gen::il_secondarytexld_mod::zoffset.lsb == 16);
    STATIC_REQUIRE(il::modifier_token_layout(il::opcode::texldms, false) == "IL_PrimaryTEXLD_Mod");
    STATIC_REQUIRE(il::modifier_token_layout(il::opcode::texldb, true) == "IL_SecondaryTEXLD_Mod");
    STATIC_REQUIRE(il::modifier_token_layout(il::opcode::dclv, false) == "IL_PrimaryDCLV_Mod");
    STATIC_REQUIRE(il::modifier_token_layout(il::opcode::dclv, true).empty());
    STATIC_REQUIRE(il::modifier_token_layout(il::opcode::mov, false).empty());
    STATIC_REQUIRE(gen::il_dcl_resource_format::fmtw.lsb == 29);
    for (const auto& [token, bits] : covered) {
        INFO(token);
        CHECK(bits == 0xFFFFFFFFu);
    }
}

TEST_CASE("amdil: control fields of the opcode token", "[amdil][description]") {
    STATIC_REQUIRE(il::control_field_count(il::opcode::dcl_input) == 6);
    STATIC_REQUIRE(il::control_field_of(il::opcode::dcl_input, 0).name == "usage");
    STATIC_REQUIRE(il::control_field_of(il::opcode::dcl_input, 1).lsb == 21);  // interp mode 23:21
    STATIC_REQUIRE(il::control_field_of(il::opcode::dcl_input, 1).msb == 23);
    STATIC_REQUIRE(il::control_field_of(il::opcode::breakc, 0).lsb == 16);    // relop 18:16
    STATIC_REQUIRE(il::control_field_of(il::opcode::breakc, 0).msb == 18);
    STATIC_REQUIRE(il::control_field_count(il::opcode::prefix) == 4);
    STATIC_REQUIRE(il::control_field_of(il::opcode::prefix, 3).name == "precise_w");
    STATIC_REQUIRE(il::control_field_of(il::opcode::prefix, 3).lsb == 19);
    STATIC_REQUIRE(il::control_field_of(il::opcode::dcl_global_flags, 0).name == "refactoring_allowed");
    STATIC_REQUIRE(il::control_field_of(il::opcode::dcl_global_flags, 0).lsb == 16);
    STATIC_REQUIRE(il::control_field_count(il::opcode::end) == 0);
    // dcl_resource: bit 31 is unnormalize, not pri_modifier_present (chapter 7's table).
    STATIC_REQUIRE(!il::has_modifier_flags(il::opcode::dcl_resource));
    STATIC_REQUIRE(il::has_modifier_flags(il::opcode::dcl_const_buffer));
    STATIC_REQUIRE(il::find_control_field(il::opcode::dcl_resource, "unnormalize")->lsb == 31);
    STATIC_REQUIRE(il::find_control_field(il::opcode::dcl_resource, "type")->enum_name == "ILPixTexUsage");
    STATIC_REQUIRE(il::control_field_of(il::opcode::breakc, 0).enum_name == "ILRelOp");
    STATIC_REQUIRE(il::control_field_of(il::opcode::div, 0).enum_name == "ILZeroOp");
    STATIC_REQUIRE(il::control_field_of(il::opcode::dcl_input, 1).enum_name == "ILInterpMode");
    STATIC_REQUIRE(il::control_field_of(il::opcode::prefix, 0).enum_name.empty());
    // Fields the tables call only 'control' are named after what chapter 7 says they hold.
    STATIC_REQUIRE(il::control_field_of(il::opcode::breakc, 0).name == "relop");
    STATIC_REQUIRE(il::control_field_of(il::opcode::mad, 0).name == "ieee");
    STATIC_REQUIRE(il::control_field_of(il::opcode::uav_load, 0).name == "id");
    STATIC_REQUIRE(il::control_field_of(il::opcode::ret_logicalz, 0).name == "logic_op");
    STATIC_REQUIRE(il::find_control_field(il::opcode::sample, "aoffimmi")->lsb == 29);
    // LOD's heading is split in the seed ('Inst<TAB>ructions LOI'); its table: stage 23:16, reserved 29:24.
    STATIC_REQUIRE(il::control_field_count(il::opcode::lod) == 1);
    STATIC_REQUIRE(il::find_control_field(il::opcode::lod, "stage")->lsb == 16);
    STATIC_REQUIRE(il::find_control_field(il::opcode::lod, "stage")->msb == 23);
    // DCLPIN's entry has a second, bare 'Instructions' line; its table: usage 20:16, usageIndex 28:21.
    STATIC_REQUIRE(il::control_field_count(il::opcode::dclpin) == 2);
    STATIC_REQUIRE(il::find_control_field(il::opcode::dclpin, "usage")->enum_name == "ILImportUsage");
    STATIC_REQUIRE(il::find_control_field(il::opcode::dclpin, "usageindex")->lsb == 21);
    STATIC_REQUIRE(il::find_control_field(il::opcode::dclpin, "usageindex")->msb == 28);
    // LOAD_FPTR's table (as LOAD's): resource 23:16, sampler 27:24, arguments 28, aoffimmi 29.
    STATIC_REQUIRE(il::control_field_count(il::opcode::load_fptr) == 4);
    STATIC_REQUIRE(il::find_control_field(il::opcode::load_fptr, "resource")->msb == 23);
    STATIC_REQUIRE(il::find_control_field(il::opcode::load_fptr, "sampler")->lsb == 24);
    STATIC_REQUIRE(il::find_control_field(il::opcode::load_fptr, "sampler")->msb == 27);
    STATIC_REQUIRE(il::find_control_field(il::opcode::load_fptr, "arguments")->lsb == 28);
    STATIC_REQUIRE(il::find_control_field(il::opcode::load_fptr, "aoffimmi")->lsb == 29);
    // dcl_resource's format names: Appendix B's ILElementFormat (6.7), FLOAT = 5, MIXED = 7.
    STATIC_REQUIRE(il::element_format_name(5) == "FLOAT");
    STATIC_REQUIRE(il::element_format_name(7) == "MIXED");
    // Fields stay inside the token's control and flag bits and never overlap.
    for (unsigned c = 0; c < il::opcode_count; ++c) {
        const auto op = static_cast<il::opcode>(c);
        std::uint32_t used = 0;
        for (std::size_t i = 0; i < il::control_field_count(op); ++i) {
            const auto f = il::control_field_of(op, i);
            INFO(il::enumerator(op) << "." << f.name);
            REQUIRE(f.lsb >= 16);
            REQUIRE(f.msb <= 31);
            REQUIRE(f.lsb <= f.msb);
            const std::uint32_t bits = static_cast<std::uint32_t>((std::uint64_t{1} << (f.msb + 1)) - (std::uint64_t{1} << f.lsb));
            CHECK((used & bits) == 0u);
            used |= bits;
        }
    }
}

TEST_CASE("amdil: enumerations of Appendix B", "[amdil][description]") {
    STATIC_REQUIRE(static_cast<int>(il::language_type::dx11_ps) == 9);  // the binaries' first token
    STATIC_REQUIRE(static_cast<int>(il::shader_type::pixel) == 1);      // 0x00010200 = il_ps_2_0
    STATIC_REQUIRE(static_cast<int>(il::reg_type::temp) == 4);
    STATIC_REQUIRE(static_cast<int>(il::reg_type::literal) == 32);
    STATIC_REQUIRE(static_cast<int>(il::reg_type::input) == 33);
    STATIC_REQUIRE(static_cast<int>(il::reg_type::output) == 34);
    STATIC_REQUIRE(static_cast<int>(il::reg_type::last) == 63);  // 'must be < 64' (6-bit field)
    STATIC_REQUIRE(static_cast<int>(il::component_select::_1) == 5);
    STATIC_REQUIRE(static_cast<int>(il::div_comp::unknown) == 4);
    STATIC_REQUIRE(static_cast<int>(il::deriv_granularity::fine) == 0x80);
    STATIC_REQUIRE(static_cast<int>(il::rel_op::lt) == 5);
    // Chapter 6's text syntax column.
    STATIC_REQUIRE(il::rel_op_members[1].text == "_relop(eq)");
    STATIC_REQUIRE(il::enum_text("ILZeroOp", 2) == "_zeroop(infinity)");
    STATIC_REQUIRE(il::enum_text("ILInterpMode", 2) == "_interp(linear)");
    STATIC_REQUIRE(il::enum_text("ILImportUsage", 6) == "_usage(generic)");
    STATIC_REQUIRE(il::enum_text("ILShiftScale", 1) == "_x2");
    STATIC_REQUIRE(il::enum_text("ILImportComponent", 1) == "_<comp>(0)");
    STATIC_REQUIRE(il::enum_text("ILRegType", 4).empty());
}

TEST_CASE("amdil: ILLogicOp, chapter 6's enumeration Appendix B lacks, types ret_logicalz's logic_op", "[amdil][description]") {
    // Table 6.15: IL_LOG_EQ _log(eq), IL_LOG_NE _log(ne); numbered in table order (amdil.toml [[enum_extra]]).
    STATIC_REQUIRE(il::enum_text("ILLogicOp", 0) == "_log(eq)");
    STATIC_REQUIRE(il::enum_text("ILLogicOp", 1) == "_log(ne)");
    STATIC_REQUIRE(il::appendix_b_enum_count == 37);  // ILLogicOp follows Appendix B's 37
    STATIC_REQUIRE(il::appendix_b_enum_names[37] == "ILLogicOp");
    for (const auto op : {il::opcode::ret_logicalz, il::opcode::ret_logicalnz}) {
        const auto f = il::find_control_field(op, "logic_op");  // 7.x: control 29:16 logic_op
        REQUIRE(f.has_value());
        CHECK(f->lsb == 16);
        CHECK(f->msb == 29);
        CHECK(f->enum_name == "ILLogicOp");
    }
    const auto ne = il::parse("ret_logicalz_log(ne) r0.x");
    REQUIRE(ne.ok());
    CHECK(ne->words[0] == (116u | 1u << 16));  // IL_OP_RET_LOGICALZ = 116
    CHECK(ctisa::to_string<il::isa>(*ne) == "ret_logicalz_log(ne) r0.x");
    CHECK(ctisa::to_string<il::isa>(*il::parse("ret_logicalnz r1.y")) == "ret_logicalnz_log(eq) r1.y");
}

namespace {

std::vector<std::vector<std::string>> csv_rows(const char* relative) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& line : ctisa_test::lines_of(ctisa_test::read_file(ctisa_test::shared_path(relative))))
        if (!line.empty() && line[0] != '#') rows.push_back(ctisa_test::split(line, ','));
    return rows;
}

std::map<std::string, unsigned> our_codes() {
    std::map<std::string, unsigned> out;
    for (unsigned c = 0; c < il::opcode_count; ++c) out[std::string(il::enumerator(static_cast<il::opcode>(c)))] = c;
    return out;
}

}  // namespace

TEST_CASE("amdil: every enumeration value against grvk's transcription", "[amdil][description][peer]") {
    const auto codes = our_codes();
    std::map<std::pair<std::string, std::string>, unsigned> members;
    for (const auto& m : il::appendix_b_members) members[{std::string(m.enum_name), std::string(m.member)}] = m.value;
    // Explained differences: grvk's own additions and its LAST after them.
    const std::set<std::string> not_in_appendix_b{"ILBufDataFormat", "IlBufNumFormat"};  // Mantle additions
    std::size_t compared = 0;
    for (const auto& r : csv_rows("reference/amdil/grvk_amdil_enums.csv")) {
        if (r[0] == "enum") continue;
        const std::string& e = r[0];
        const std::string& name = r[1];
        const unsigned value = static_cast<unsigned>(std::stoul(r[2]));
        INFO(e << "::" << name);
        if (not_in_appendix_b.count(e)) continue;
        if (e == "ILOpCode") {
            if (name == "IL_UNK_660") {  // met by grvk in other binaries, in no AMD document
                CHECK(codes.count(name) == 0);
                continue;
            }
            if (name == "IL_OP_LAST") {  // grvk puts LAST after its 660
                CHECK(value == 661);
                continue;
            }
            REQUIRE(codes.count(name) == 1);
            CHECK(codes.at(name) == value);
        } else {
            REQUIRE(members.count({e, name}) == 1);
            CHECK(members.at({e, name}) == value);
        }
        ++compared;
    }
    CHECK(compared == 483 + 320);  // every code, every member of the 37 enumerations
}

TEST_CASE("amdil: operand counts against grvk's decoder", "[amdil][description][peer]") {
    const auto codes = our_codes();
    std::size_t compared = 0;
    for (const auto& r : csv_rows("reference/amdil/grvk_opcode_operand_counts.csv")) {
        if (r[0] == "opcode_name" || r[0] == "IL_UNK_660") continue;
        INFO(r[0]);
        REQUIRE(codes.count(r[0]) == 1);
        const auto op = static_cast<il::opcode>(codes.at(r[0]));
        CHECK(codes.at(r[0]) == std::stoul(r[1]));
        const auto n = il::operands(op);
        REQUIRE(n.described);
        if (op == il::opcode::dcl_const_buffer) {
            // Chapter 7's token table: the constant buffer is an IL_Src (grvk decodes it by hand).
            CHECK((n.dst == 0 && n.src == 1 && n.extra == 0));
        } else {
            CHECK(n.dst == std::stoul(r[2]));
            CHECK(n.src == std::stoul(r[3]));
            CHECK(n.extra == std::stoul(r[4]));
        }
        ++compared;
    }
    CHECK(compared == 138);  // every row but IL_UNK_660
}

TEST_CASE("amdil: mnemonics against AMD's LLVM backend", "[amdil][description][peer]") {
    const auto codes = our_codes();
    std::size_t same = 0, with_control = 0, other_names = 0;
    for (const auto& r : csv_rows("reference/amdil/mesa_llvm_amdil_backend_ILOpCode.csv")) {
        if (r[0] == "def_name") continue;
        if (codes.count(r[0]) == 0) {  // the backend's own pseudo-operations and other spellings
            ++other_names;
            continue;
        }
        INFO(r[0] << " " << r[2]);
        const auto ours = std::string(il::mnemonic(static_cast<il::opcode>(codes.at(r[0]))));
        if (r[0] == "IL_DCL_INDEXED_TEMP_ARRAY") {  // chapter 7's syntax line says dcl_indexed_temp_array
            CHECK(ours == "dcl_indexed_temp_array");
            continue;
        }
        if (r[2] == ours) {
            ++same;
        } else {  // the backend appends control settings: mad_ieee, div_zeroop(infinity), fence_lds_memory
            CHECK(r[2].rfind(ours + "_", 0) == 0);
            ++with_control;
        }
    }
    CHECK(same + with_control == 282);
    CHECK(other_names == 72);
}

TEST_CASE("amdil: bare words of chapter 7's syntax are flags", "[amdil][description][text]") {
    // dsx[_fine] (bit 23), loop [repeat] (bit 16), resinfo_resource(n)[_uint] (resource 23:16, uint 24).
    // sampleinfo: its Format line says 0-input (its syntax line writes src0): one destination here.
    const auto control = [](std::string_view text) {
        const auto r = il::parse(text);
        INFO(text);
        REQUIRE(r.ok());
        CHECK(ctisa::to_string<il::isa>(*r) == text);
        return r->words[0] >> 16;
    };
    CHECK(control("dsx_fine r0, r1") == 0x80u);
    CHECK(control("dsy_fine r0, r1") == 0x80u);
    CHECK(control("loop_repeat i0") == 0x1u);  // CONST_INT: chapter 5's i#
    CHECK(control("resinfo_resource(3)_uint r0, r1") == 0x103u);
    CHECK(control("sampleinfo_resource(2)_uint r0") == 0x102u);
    CHECK(control("samplepos_resource(1)_uint r0, r1") == 0x101u);
    CHECK(control("resinfo_resource(3) r0, r1") == 0x3u);
    // dclpi's [_center_bias_invert_centered] (bits 24-27); dclpt_stage(n)_type(op)_coordmode(mode) with
    // coordmode 28:27 (ILTexCoordMode: unnormalized = 2) and cleartype 29 (ILPixTexUsage: 2d = 2).
    CHECK(control("dclpi_center_invert vWinCoord") == 0x500u);  // WINCOORD: chapter 5's vWinCoord
    // Its imports as chapter 7 writes them, dclpi_x(comp)..: chapter 6's _<comp>(0), _<comp>(1), _<comp>(*)
    // are ILImportComponent 1, 2, 3 (0, unused, has no text and is left out).
    CHECK(control("dclpi_x(0)_y(1)_z(*) v0") == (1u | 2u << 2 | 3u << 4));
    CHECK(ctisa::to_string<il::isa>(*il::parse("dclpi_ximport(2) v0")) == "dclpi_x(1) v0");
    CHECK(control("dclpt_stage(4)_type(2d)_coordmode(unnormalized)_cleartype") == (4u | 2u << 8 | 2u << 11 | 1u << 13));
    // The numeric form of any field is read too, and prints as the flag.
    CHECK(ctisa::to_string<il::isa>(*il::parse("dsx_fine(1) r0, r1")) == "dsx_fine r0, r1");
    CHECK_FALSE(il::parse("dsx_fine(2) r0, r1").ok());  // one bit
}

TEST_CASE("amdil: dcl_uav's type and format as its example writes them", "[amdil][description][text]") {
    // 7.x DCL_UAV: id 19:16, fmtx 23:20 (ILElementFormat: FLOAT = 5), type 29:24 (ILPixTexUsage: 1D = 1);
    // example dcl_uav_id(1)_type(1d)_fmtx(float).
    const auto r = il::parse("dcl_uav_id(1)_type(1d)_fmtx(float)");
    REQUIRE(r.ok());
    CHECK(r->words[0] >> 16 == (1u | 5u << 4 | 1u << 8));
    CHECK(ctisa::to_string<il::isa>(*r) == "dcl_uav_id(1)_fmtx(float)_type(1d)");
    CHECK(ctisa::to_string<il::isa>(*il::parse("dcl_uav_id(2)_fmtx(9)_type(2d)")) == "dcl_uav_id(2)_fmtx(9)_type(2d)");  // 9: no member
}
