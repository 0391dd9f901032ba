// SPDX-License-Identifier: MIT
// Cayman's generated description against the document: counts and facts read off chapters 2-9.
#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <ctisa/cayman/description.hpp>

namespace cm = ctisa::cayman;

namespace {

constexpr cm::opcode op(cm::category c, std::string_view name) { return *cm::find_opcode(c, name); }

constexpr bool field_is(std::string_view format, std::string_view field, unsigned lsb, unsigned msb) {
    const auto f = cm::find_format(format);
    if (!f) return false;
    const auto i = cm::find_field(*f, field);
    return i && cm::fields[*i].lsb == lsb && cm::fields[*i].msb == msb;
}

constexpr std::uint32_t reserved(std::string_view format) { return cm::info(*cm::find_format(format)).reserved_mask; }

constexpr std::size_t count_in(cm::category c) { return cm::info(c).opcode_count; }

}  // namespace

TEST_CASE("cayman description: the counts of chapter 9 and the opcode lists", "[cayman][description]") {
    // Table 9.1: 11 CF, 5 ALU, 4 LDS, 4 VTX, 3 TEX, 3 MEM_RD, 3 GDS formats.
    STATIC_REQUIRE(cm::formats.size() == 33);
    STATIC_REQUIRE(cm::categories.size() == 13);
    STATIC_REQUIRE(cm::opcodes.size() == 427);
    STATIC_REQUIRE(cm::fields.size() == 265);
    STATIC_REQUIRE(count_in(cm::category::cf) == 36);  // CF_WORD1 list without reserved 2, 12, 15-17, 25, 28
    STATIC_REQUIRE(count_in(cm::category::gws) == 4);
    STATIC_REQUIRE(count_in(cm::category::cf_alu) == 8);  // 8-15
    STATIC_REQUIRE(count_in(cm::category::cf_alloc_export) == 29);
    STATIC_REQUIRE(count_in(cm::category::rat) == 33);
    STATIC_REQUIRE(count_in(cm::category::alu_op2) == 167);
    STATIC_REQUIRE(count_in(cm::category::alu_op3) == 25);  // 4-16, 20-31
    STATIC_REQUIRE(count_in(cm::category::lds_idx_op) == 46);  // 0-19, 32-57
    STATIC_REQUIRE(count_in(cm::category::tex) == 26);
    STATIC_REQUIRE(count_in(cm::category::vtx) == 3);
    STATIC_REQUIRE(count_in(cm::category::mem_rd) == 2);
    STATIC_REQUIRE(count_in(cm::category::gds) == 47);  // LDS's 46 and 63
    STATIC_REQUIRE(count_in(cm::category::tf) == 1);
}

TEST_CASE("cayman description: field positions as chapter 9 gives them", "[cayman][description]") {
    STATIC_REQUIRE(field_is("ALU_WORD1_OP2", "ALU_INST", 7, 17));
    STATIC_REQUIRE(field_is("ALU_WORD1_OP3", "ALU_INST", 13, 17));
    STATIC_REQUIRE(field_is("ALU_WORD0", "LAST", 31, 31));
    STATIC_REQUIRE(field_is("ALU_WORD0", "SRC1_SEL", 13, 21));
    STATIC_REQUIRE(field_is("ALU_WORD1_OP2", "OMOD", 5, 6));
    STATIC_REQUIRE(field_is("ALU_WORD1_OP2_EXECUTE_MASK", "EXECUTE_MASK_OP", 5, 6));
    STATIC_REQUIRE(field_is("ALU_WORD1_OP2_MOVA", "MOVA_DST", 21, 27));
    STATIC_REQUIRE(field_is("ALU_WORD1_LDS_IDX_OP", "LDS_OP", 21, 26));
    STATIC_REQUIRE(field_is("CF_WORD0", "ADDR", 0, 23));
    STATIC_REQUIRE(field_is("CF_WORD1", "CF_INST", 22, 29));
    STATIC_REQUIRE(field_is("CF_ALU_WORD1", "COUNT", 18, 24));
    STATIC_REQUIRE(field_is("CF_ALU_WORD1", "CF_INST", 26, 29));
    STATIC_REQUIRE(field_is("CF_GWS_WORD0", "GWS_OPCODE", 30, 31));
    STATIC_REQUIRE(field_is("CF_ALLOC_EXPORT_WORD0_RAT", "RAT_INST", 4, 9));
    STATIC_REQUIRE(field_is("VTX_WORD0", "COALESCED_READ", 31, 31));
    STATIC_REQUIRE(field_is("TEX_WORD2", "SRC_SEL_W", 29, 31));
    STATIC_REQUIRE(field_is("MEM_RD_WORD2", "ARRAY_SIZE", 20, 31));
    STATIC_REQUIRE(field_is("MEM_GDS_WORD1", "GDS_OP", 9, 14));
    STATIC_REQUIRE(!field_is("CF_WORD1", "END_OF_PROGRAM", 21, 21));  // Evergreen's; reserved on Cayman

    // Reserved bits: the rows marked RESERVED in chapter 9.
    STATIC_REQUIRE(reserved("CF_WORD0") == 0xF8000000u);           // 27-31
    STATIC_REQUIRE(reserved("CF_WORD1") == 0x402F0000u);           // 16-19, 21, 30
    STATIC_REQUIRE(reserved("CF_GWS_WORD0") == 0x01E0FC00u);       // 10-15, 21-24
    STATIC_REQUIRE(reserved("CF_ALU_WORD0_EXT") == 0x003FF00Fu);   // 0-3, 12-21
    STATIC_REQUIRE(reserved("CF_ALU_WORD1_EXT") == 0x43FC0000u);   // 18-25, 30
    STATIC_REQUIRE(reserved("CF_ALLOC_EXPORT_WORD0_RAT") == 0x00000400u);  // 10
    STATIC_REQUIRE(reserved("CF_ALLOC_EXPORT_WORD1_SWIZ") == 0x0020F000u); // 12-15, 21
    STATIC_REQUIRE(reserved("ALU_WORD0") == 0u);
    STATIC_REQUIRE(reserved("ALU_WORD1_OP2") == 0u);
    STATIC_REQUIRE(reserved("ALU_WORD1_LDS_DIRECT_LITERAL_LO") == 0xFFB00000u);  // 20-21, 23-31
    STATIC_REQUIRE(reserved("ALU_WORD1_LDS_DIRECT_LITERAL_HI") == 0x7FB00000u);  // 20-21, 23-30
    STATIC_REQUIRE(reserved("VTX_WORD1_GPR") == 0x00000100u);     // 8
    STATIC_REQUIRE(reserved("VTX_WORD2") == 0xFF880000u);         // 19, 23-31
    STATIC_REQUIRE(reserved("TEX_WORD0") == 0xE0000000u);         // 29-31
    STATIC_REQUIRE(reserved("MEM_RD_WORD0") == 0x00008000u);      // 15
    STATIC_REQUIRE(reserved("MEM_RD_WORD2") == 0x000CE000u);      // 13-15, 18-19
    STATIC_REQUIRE(reserved("MEM_GDS_WORD0") == 0xE00000E0u);     // 5-7, 29-31
    STATIC_REQUIRE(reserved("MEM_GDS_WORD1") == 0x00808000u);     // 15, 23
    STATIC_REQUIRE(reserved("MEM_GDS_WORD2") == 0xFFFFF000u);     // 12-31
}

TEST_CASE("cayman description: opcodes where the document contradicts itself", "[cayman][description]") {
    using c = cm::category;
    STATIC_REQUIRE(cm::info(op(c::cf, "JUMP")).value == 10);          // 'opcode 10 (0x10)'
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "SIN")).value == 0x8D);    // 'opcode 141 (0xD8)'
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "MUL_64")).value == 202);  // listed at 27 and 202
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "FLT64_TO_FLT32")).value == 205);
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "FLT32_TO_FLT64")).value == 206);
    STATIC_REQUIRE(!cm::find_opcode(c::alu_op2, std::uint32_t{27}));
    STATIC_REQUIRE(cm::info(op(c::cf_alu, "ALU_VALID_PIXEL_MODE")).value == 14);
    STATIC_REQUIRE(!cm::find_opcode(c::cf_alu, "ALU_BREAK"));      // Evergreen's 14
    STATIC_REQUIRE(!cm::find_opcode(c::cf, std::uint32_t{2}));     // no vertex-cache clause
    STATIC_REQUIRE(!cm::find_opcode(c::alu_op2, "SET_CF_IDX0"));   // chapter 9: reserved
    STATIC_REQUIRE(!cm::find_opcode(c::alu_op3, std::uint32_t{17}));  // LDS_IDX_OP selects a format
    STATIC_REQUIRE(cm::info(op(c::tex, "GET_LOD")).value == 6);
    STATIC_REQUIRE(cm::info(op(c::cf, "END")).value == 32);
    STATIC_REQUIRE(cm::info(op(c::cf_alloc_export, "MEM_RAT_COMBINED")).value == 93);
}

TEST_CASE("cayman description: NOP is both a CF and an ALU instruction", "[cayman][description]") {
    STATIC_REQUIRE(cm::info(op(cm::category::cf, "NOP")).value == 0);
    STATIC_REQUIRE(cm::info(op(cm::category::alu_op2, "NOP")).value == 0x1A);
    STATIC_REQUIRE(op(cm::category::cf, "NOP") != op(cm::category::alu_op2, "NOP"));
    STATIC_REQUIRE(!cm::find_opcode(cm::category::cf, "nop"));  // mnemonics are the document's spelling
}

TEST_CASE("cayman description: operands, slots and formats of ALU instructions", "[cayman][description]") {
    using c = cm::category;
    using s = cm::alu_slots;
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "ADD")).sources == 2);
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "MOV")).sources == 1);
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "NOP")).sources == 0);
    STATIC_REQUIRE(cm::info(op(c::alu_op3, "MULADD")).sources == 3);
    STATIC_REQUIRE(cm::info(op(c::lds_idx_op, "LDS_READ2_RET")).sources == 2);  // 2A
    STATIC_REQUIRE(cm::info(op(c::lds_idx_op, "LDS_MSKOR")).sources == 3);      // 1A2D
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "ADD")).slots == s::any);
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "DOT4")).slots == s::vec4);  // reduction: all four slots
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "CUBE")).slots == s::vec4);
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "RECIP_IEEE")).slots == s::trans);
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "ADD_64")).slots == s::pair);  // 'a two-slot instruction'
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "MUL_64")).slots == s::quad);  // 'a four-slot instruction'
    STATIC_REQUIRE(cm::info(op(c::alu_op2, "FREXP_64")).slots == s::quad);

    constexpr auto word1 = [](cm::opcode o) { return static_cast<cm::format_id>(cm::info(o).formats[1]); };
    STATIC_REQUIRE(word1(op(c::alu_op2, "ADD")) == cm::format_id::alu_word1_op2);
    STATIC_REQUIRE(word1(op(c::alu_op2, "PRED_SETGT")) == cm::format_id::alu_word1_op2_execute_mask);
    STATIC_REQUIRE(word1(op(c::alu_op2, "KILLGT_UINT")) == cm::format_id::alu_word1_op2_execute_mask);
    STATIC_REQUIRE(word1(op(c::alu_op2, "MOVA_INT")) == cm::format_id::alu_word1_op2_mova);
    STATIC_REQUIRE(word1(op(c::cf_alloc_export, "EXPORT")) == cm::format_id::cf_alloc_export_word1_swiz);
    STATIC_REQUIRE(cm::info(op(c::cf_alloc_export, "MEM_RAT")).formats[0] ==
                   static_cast<std::uint8_t>(cm::format_id::cf_alloc_export_word0_rat));
    STATIC_REQUIRE(word1(op(c::vtx, "SEMANTIC")) == cm::format_id::vtx_word1_sem);
}

TEST_CASE("cayman description: fields an instruction uses", "[cayman][description]") {
    using c = cm::category;
    // ALU_WORD0's fields come first: SRC0_SEL is field 0, SRC1_SEL field 4; ALU_WORD1_OP2's SRC1_ABS is 11 + 1.
    STATIC_REQUIRE(cm::uses_field(op(c::alu_op2, "MOV"), 0));
    STATIC_REQUIRE(!cm::uses_field(op(c::alu_op2, "MOV"), 4));
    STATIC_REQUIRE(!cm::uses_field(op(c::alu_op2, "MOV"), 12));
    STATIC_REQUIRE(cm::uses_field(op(c::alu_op2, "ADD"), 4));
    STATIC_REQUIRE(!cm::uses_field(op(c::alu_op2, "NOP"), 0));
    // CF: ADDR is CF_WORD0's field 0, COUNT CF_WORD1's field 3 (2 + 3).
    STATIC_REQUIRE(cm::uses_field(op(c::cf, "TC"), 5));
    STATIC_REQUIRE(!cm::uses_field(op(c::cf, "END"), 0));
    STATIC_REQUIRE(cm::uses_field(op(c::cf, "JUMP"), 0));
}

TEST_CASE("cayman description: named field values", "[cayman][description]") {
    STATIC_REQUIRE(*cm::value_name(cm::value_set::alu_src_sel, 253) == "LITERAL");
    STATIC_REQUIRE(*cm::value_name(cm::value_set::alu_src_sel, 254) == "PV");
    STATIC_REQUIRE(!cm::value_name(cm::value_set::alu_src_sel, 255));  // no PS on Cayman
    STATIC_REQUIRE(*cm::value_name(cm::value_set::kcache_mode, 3) == "LOCK_LOOP_INDEX");
    STATIC_REQUIRE(*cm::value_name(cm::value_set::index_mode, 4) == "LOOP");
    STATIC_REQUIRE(!cm::value_name(cm::value_set::index_mode, 1));  // AR.Y: Evergreen only
    STATIC_REQUIRE(*cm::value_name(cm::value_set::bank_swizzle, 5) == "VEC_210");
    STATIC_REQUIRE(!cm::value_name(cm::value_set::bank_swizzle, 6));
    STATIC_REQUIRE(*cm::value_name(cm::value_set::sel, 7) == "MASK");
    STATIC_REQUIRE(!cm::value_name(cm::value_set::sel_src, 7));
    STATIC_REQUIRE(*cm::value_name(cm::value_set::data_format, 0) == "INVALID");
    STATIC_REQUIRE(*cm::value_name(cm::value_set::data_format, 35) == "32_32_32_32_FLOAT");
    STATIC_REQUIRE(*cm::value_name(cm::value_set::data_format, 62) == "CTX1");
    STATIC_REQUIRE(!cm::value_name(cm::value_set::data_format, 4));   // FMT_RESERVED_4
    STATIC_REQUIRE(!cm::value_name(cm::value_set::data_format, 63));  // FMT_RESERVED_63
    STATIC_REQUIRE(cm::value_sets[static_cast<std::size_t>(cm::value_set::data_format)].count == 60);
    STATIC_REQUIRE(!cm::value_name(cm::value_set::elem_size, 2));  // three dwords: 'not supported'
}

TEST_CASE("cayman description: fields by key agree with fields by name", "[cayman][description]") {
    // ALU_WORD1_OP2's ALU_INST is bits 7-17 (chapter 9); the key names the same field in every format.
    STATIC_REQUIRE(cm::find_field_key("ALU_INST") == cm::field_key::alu_inst);
    STATIC_REQUIRE(cm::name_of(cm::field_key::alu_inst) == "ALU_INST");
    STATIC_REQUIRE(cm::fields[*cm::find_field(cm::format_id::alu_word1_op2, cm::field_key::alu_inst)].lsb == 7);
    STATIC_REQUIRE(cm::fields[*cm::find_field(cm::format_id::alu_word1_op3, cm::field_key::alu_inst)].lsb == 13);
    STATIC_REQUIRE(!cm::find_field(cm::format_id::alu_word1_op3, cm::field_key::write_mask));  // OP3 always writes
    STATIC_REQUIRE(!cm::find_field_key("NO_SUCH_FIELD"));
    // Every field of chapter 9 is found through its key, in its own format.
    for (std::size_t i = 0; i < cm::fields.size(); ++i) {
        const auto key = cm::find_field_key(cm::fields[i].name);
        REQUIRE(key);
        CHECK(cm::find_field(cm::fields[i].format, *key) == i);
        CHECK(cm::field_keys[i] == *key);
    }
}

namespace {

// The opcode of a category a name spells, by scanning every opcode (the reference for the search).
std::optional<cm::opcode> opcode_by_scan(cm::category c, std::string_view name) {
    for (std::size_t i = 0; i < cm::opcodes.size(); ++i)
        if (cm::opcodes[i].cat == c && cm::opcodes[i].mnemonic == name) return static_cast<cm::opcode>(i);
    return std::nullopt;
}
std::optional<cm::field_key> field_key_by_scan(std::string_view name) {
    for (std::size_t k = 0; k < cm::field_key_names.size(); ++k)
        if (cm::field_key_names[k] == name) return static_cast<cm::field_key>(k);
    return std::nullopt;
}

}  // namespace

TEST_CASE("cayman description: every mnemonic and field name is found, near misses as a scan finds them", "[cayman][description]") {
    // At run time: the searches' loops, not their constant evaluation.
    for (std::size_t i = 0; i < cm::opcodes.size(); ++i) {
        const auto& o = cm::opcodes[i];
        INFO(o.mnemonic);
        REQUIRE(cm::find_opcode(o.cat, o.mnemonic) == static_cast<cm::opcode>(i));
        std::string lower(o.mnemonic);
        for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        CHECK(!cm::find_opcode(o.cat, lower));  // the document's spelling only
        for (const std::string& near : {std::string(o.mnemonic) + "X", std::string(o.mnemonic.substr(0, o.mnemonic.size() - 1))})
            CHECK(cm::find_opcode(o.cat, near) == opcode_by_scan(o.cat, near));
    }
    for (std::size_t k = 0; k < cm::field_key_names.size(); ++k) {
        const std::string_view name = cm::field_key_names[k];
        INFO(name);
        REQUIRE(cm::find_field_key(name) == static_cast<cm::field_key>(k));
        for (const std::string& near : {std::string(name) + "_", std::string(name.substr(0, name.size() - 1))})
            CHECK(cm::find_field_key(near) == field_key_by_scan(near));
    }
}
