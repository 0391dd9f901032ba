// SPDX-License-Identifier: MIT
// Encoding and decoding single Cayman units: expected dwords computed by hand from chapter 9's bit
// positions, a round trip over every standalone opcode, and every decoding error.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <string_view>

#include <ctisa/cayman/decoding.hpp>

namespace cm = ctisa::cayman;

namespace {

using dwords = std::array<std::uint32_t, 4>;

constexpr cm::opcode op(cm::category c, std::string_view name) { return *cm::find_opcode(c, name); }

// Sets fields in order; stops at the first error.
template <std::size_t N>
constexpr ctisa::result<cm::instruction> with(cm::opcode o, const std::array<std::pair<std::string_view, std::uint32_t>, N>& values) {
    ctisa::result<cm::instruction> in = cm::make(o);
    for (const auto& [field, value] : values) {
        if (!in) break;
        in = cm::set(*in, field, value);
    }
    return in;
}

constexpr cm::clause clause_of(cm::opcode o) {
    const auto unit = cm::info(cm::info(o).cat).unit;
    if (unit == cm::unit_kind::alu) return cm::clause::alu;
    if (unit == cm::unit_kind::fetch)
        return cm::info(o).cat == cm::category::gds || cm::info(o).cat == cm::category::tf ? cm::clause::gds : cm::clause::texture;
    return cm::clause::cf;
}

constexpr bool error_is(const ctisa::result<cm::instruction>& r, ctisa::error_code code, std::string_view subject, std::uint32_t offset) {
    return !r && r.error().code == code && r.error().subject == subject && r.error().offset == offset;
}

}  // namespace

TEST_CASE("cayman encoding: dwords as chapter 9 lays them out", "[cayman][encoding]") {
    using c = cm::category;
    // MOV R1.x, R0.x, last of its group: SRC0_SEL 0, LAST bit 31; ALU_INST 0x19 at 7, WRITE_MASK bit 4, DST_GPR 1 at 21.
    constexpr auto mov = with<3>(op(c::alu_op2, "MOV"), {{{"LAST", 1}, {"WRITE_MASK", 1}, {"DST_GPR", 1}}});
    STATIC_REQUIRE(mov->dwords == dwords{0x80000000u, 0x00200C90u, 0, 0});
    // MULADD R2.w, R0.x, R1.y, R3.z: OP3 ALU_INST 0x14 at 13, SRC2_SEL 3, SRC2_CHAN 2 at 10, DST_CHAN 3 at 29.
    constexpr auto muladd = with<6>(op(c::alu_op3, "MULADD"),
                                    {{{"SRC1_SEL", 1}, {"SRC1_CHAN", 1}, {"SRC2_SEL", 3}, {"SRC2_CHAN", 2}, {"DST_GPR", 2}, {"DST_CHAN", 3}}});
    STATIC_REQUIRE(muladd->dwords == dwords{(1u << 13) | (1u << 23), 3u | (2u << 10) | (0x14u << 13) | (2u << 21) | (3u << 29), 0, 0});
    // ALU clause at 2, four slots: CF_ALU_WORD1 CF_INST 8 at 26, COUNT 3 at 18.
    constexpr auto alu = with<2>(op(c::cf_alu, "ALU"), {{{"ADDR", 2}, {"COUNT", 3}}});
    STATIC_REQUIRE(alu->dwords == dwords{2, 0x200C0000u, 0, 0});
    // END with BARRIER: CF_INST 32 at 22.
    constexpr auto end = with<1>(op(c::cf, "END"), {{{"BARRIER", 1}}});
    STATIC_REQUIRE(end->dwords == dwords{0, 0x88000000u, 0, 0});
    // EXPORT_DONE PARAM0 from R1.xyzw: TYPE 2 at 13, RW_GPR 1 at 15; CF_INST 84 at 22, SEL_Y 1, SEL_Z 2, SEL_W 3.
    constexpr auto exp =
        with<5>(op(c::cf_alloc_export, "EXPORT_DONE"), {{{"TYPE", 2}, {"RW_GPR", 1}, {"SEL_Y", 1}, {"SEL_Z", 2}, {"SEL_W", 3}}});
    STATIC_REQUIRE(exp->dwords == dwords{(2u << 13) | (1u << 15), 0x15000688u, 0, 0});
    // SAMPLE R1, R0, resource 0, sampler 0: TEX_INST 16.
    constexpr auto sample = with<1>(op(c::tex, "SAMPLE"), {{{"DST_GPR", 1}}});
    STATIC_REQUIRE(sample->dwords == dwords{0x10u, 1u, 0, 0});
    // LDS_ADD: OP3 ALU_INST 17 and LDS_OP 0; LDS_READ_RET: LDS_OP 50 at 21.
    STATIC_REQUIRE(cm::make(op(c::lds_idx_op, "LDS_READ_RET")).dwords == dwords{0, (17u << 13) | (50u << 21), 0, 0});
    // GDS_ADD: MEM_INST 2, MEM_OP 4 at 8; GDS_OP 0. MEM_TF_WRITE: MEM_OP 5.
    STATIC_REQUIRE(cm::make(op(c::gds, "GDS_ADD")).dwords == dwords{0x402u, 0, 0, 0});
    STATIC_REQUIRE(cm::make(op(c::tf, "MEM_TF_WRITE")).dwords == dwords{0x502u, 0, 0, 0});
    // A RAT store: MEM_RAT (86) with RAT_INST STORE_TYPED (1) at 4.
    constexpr auto rat = with<1>(op(c::cf_alloc_export, "MEM_RAT"), {{{"RAT_INST", 1}}});
    STATIC_REQUIRE(rat->dwords == dwords{0x10u, 86u << 22, 0, 0});
}

TEST_CASE("cayman encoding: fields that cannot be set", "[cayman][encoding]") {
    using c = cm::category;
    const auto mov = cm::make(op(c::alu_op2, "MOV"));
    CHECK(error_is(cm::set(mov, "DST_GPR", 128), ctisa::errors::value_out_of_range, "DST_GPR", 0));
    CHECK(error_is(cm::set(mov, "SRC1_SEL", 1), ctisa::errors::operand_not_allowed, "SRC1_SEL", 0));  // MOV has one source
    CHECK(error_is(cm::set(mov, "ALU_INST", 0), ctisa::errors::operand_not_allowed, "ALU_INST", 0));  // the opcode
    CHECK(error_is(cm::set(mov, "SRC2_SEL", 0), ctisa::errors::operand_not_allowed, "SRC2_SEL", 0));  // an OP3 field
    CHECK(error_is(cm::set(cm::make(op(c::gds, "GDS_ADD")), "MEM_OP", 5), ctisa::errors::operand_not_allowed, "MEM_OP", 0));
    CHECK(error_is(cm::set(cm::make(op(c::cf, "END")), "ADDR", 1), ctisa::errors::operand_not_allowed, "ADDR", 0));
    CHECK(cm::set(mov, "DST_GPR", 127));
    CHECK(cm::get(*cm::set(mov, "DST_GPR", 127), "DST_GPR") == 127u);
    CHECK(!cm::get(mov, "LDS_OP"));
}

TEST_CASE("cayman encoding: every standalone opcode decodes back to itself", "[cayman][encoding]") {
    std::size_t standalone = 0;
    for (std::size_t i = 0; i < cm::opcodes.size(); ++i) {
        const auto o = static_cast<cm::opcode>(i);
        if (cm::info(cm::info(o).cat).sub_of != cm::no_category) continue;
        ++standalone;
        const cm::instruction in = cm::make(o);
        const auto back = cm::decode(in.dwords, clause_of(o));
        INFO(cm::info(cm::info(o).cat).name << " " << cm::info(o).mnemonic << ": " << back.error().message() << " " << back.error().subject);
        REQUIRE(back);
        CHECK(back->op == o);
        CHECK(back->dwords == in.dwords);
    }
    CHECK(standalone == 427 - 33 - 4);  // the RAT and GWS values are fields of MEM_RAT* and GLOBAL_WAVE_SYNC
    STATIC_REQUIRE(cm::decode(cm::make(op(cm::category::alu_op2, "SIN")).dwords, cm::clause::alu)->op == op(cm::category::alu_op2, "SIN"));
}

TEST_CASE("cayman decoding: every way a unit can be wrong", "[cayman][decoding]") {
    using ctisa::errors::reserved_bits_set, ctisa::errors::reserved_opcode, ctisa::errors::reserved_value;
    // OP2 27: the R600 MUL_64 number, reserved on Cayman.
    STATIC_REQUIRE(error_is(cm::decode({0, 27u << 7, 0, 0}, cm::clause::alu), reserved_opcode, "ALU_INST", 4));
    STATIC_REQUIRE(error_is(cm::decode({0, 19u << 13, 0, 0}, cm::clause::alu), reserved_opcode, "ALU_INST", 4));  // OP3 19
    STATIC_REQUIRE(error_is(cm::decode({0, (17u << 13) | (20u << 21), 0, 0}, cm::clause::alu), reserved_opcode, "LDS_OP", 4));
    STATIC_REQUIRE(error_is(cm::decode({0, 2u << 22, 0, 0}, cm::clause::cf), reserved_opcode, "CF_INST", 4));  // no VC clause
    STATIC_REQUIRE(error_is(cm::decode({0, (32u << 22) | (1u << 21), 0, 0}, cm::clause::cf), reserved_bits_set, "CF_WORD1", 4));
    STATIC_REQUIRE(error_is(cm::decode({1u << 27, 32u << 22, 0, 0}, cm::clause::cf), reserved_bits_set, "CF_WORD0", 0));
    // INDEX_MODE 1 (Evergreen's AR.Y), source select 255 (Evergreen's PS), BANK_SWIZZLE 6.
    constexpr std::uint32_t mov1 = 0x19u << 7;
    STATIC_REQUIRE(error_is(cm::decode({1u << 26, mov1, 0, 0}, cm::clause::alu), reserved_value, "INDEX_MODE", 0));
    STATIC_REQUIRE(error_is(cm::decode({255u, mov1, 0, 0}, cm::clause::alu), reserved_value, "SRC0_SEL", 0));
    STATIC_REQUIRE(error_is(cm::decode({200u, mov1, 0, 0}, cm::clause::alu), reserved_value, "SRC0_SEL", 0));
    STATIC_REQUIRE(cm::decode({253u, mov1, 0, 0}, cm::clause::alu));    // the literal
    STATIC_REQUIRE(cm::decode({300u, mov1, 0, 0}, cm::clause::alu));    // kcache bank 3
    STATIC_REQUIRE(error_is(cm::decode({0, mov1 | (6u << 18), 0, 0}, cm::clause::alu), reserved_value, "BANK_SWIZZLE", 4));
    // MEM_RAT with RAT_INST 2 (reserved); GLOBAL_WAVE_SYNC decodes with CF_GWS_WORD0.
    STATIC_REQUIRE(error_is(cm::decode({2u << 4, 86u << 22, 0, 0}, cm::clause::cf), reserved_value, "RAT_INST", 0));
    STATIC_REQUIRE(error_is(cm::decode({1u << 10, 30u << 22, 0, 0}, cm::clause::cf), reserved_bits_set, "CF_GWS_WORD0", 0));
    // Fetches: MEM_OP 1, a fourth dword, TEX_INST 13, a GDS clause without MEM_INST 2, MEM_OP 6 there.
    STATIC_REQUIRE(error_is(cm::decode({0x102u, 0, 0, 0}, cm::clause::texture), reserved_opcode, "MEM_OP", 0));
    STATIC_REQUIRE(error_is(cm::decode({0x10u, 0, 0, 1}, cm::clause::texture), reserved_bits_set, "DWORD3", 12));
    STATIC_REQUIRE(error_is(cm::decode({13u, 0, 0, 0}, cm::clause::texture), reserved_opcode, "TEX_INST", 0));
    STATIC_REQUIRE(error_is(cm::decode({0x10u, 0, 0, 0}, cm::clause::gds), reserved_opcode, "MEM_INST", 0));
    STATIC_REQUIRE(error_is(cm::decode({0x602u, 0, 0, 0}, cm::clause::gds), reserved_opcode, "MEM_OP", 0));
    STATIC_REQUIRE(error_is(cm::decode({0x402u, 58u << 9, 0, 0}, cm::clause::gds), reserved_opcode, "GDS_OP", 4));
    STATIC_REQUIRE(error_is(cm::decode({0x10u, 1u << 8, 0, 0}, cm::clause::texture), reserved_bits_set, "TEX_WORD1", 4));
    STATIC_REQUIRE(error_is(cm::decode({0, 4u << 22, 0, 0}, cm::clause::texture), reserved_value, "DATA_FORMAT", 4));  // VTX FETCH
    STATIC_REQUIRE(error_is(cm::decode({0x42u, 0, 0, 0}, cm::clause::texture), reserved_value, "ELEM_SIZE", 0));  // MEM_RD, 3 dwords
}

TEST_CASE("cayman decoding: any dwords decode or fail, and what decodes is what was read", "[cayman][decoding]") {
    std::uint64_t state = 0x9E3779B97F4A7C15u;
    const auto next = [&] {
        state = state * 6364136223846793005u + 1442695040888963407u;
        return static_cast<std::uint32_t>(state >> 32);
    };
    std::size_t decoded = 0;
    for (int i = 0; i < 100000; ++i) {
        dwords w{next(), next(), next(), next() & (i % 2 ? 0u : 0xFFFFFFFFu)};
        // Sparse dwords reach valid instructions far more often than uniform ones.
        if (i % 3 == 0) w = {w[0] & next() & next(), w[1] & next() & next(), w[2] & next(), 0};
        const auto kind = static_cast<cm::clause>(i % 4);
        const auto r = cm::decode(w, kind);
        if (!r) {
            CHECK(r.error().offset < 16);
            continue;
        }
        ++decoded;
        for (std::size_t d = 0; d < cm::dword_count(r->op); ++d) CHECK(r->dwords[d] == w[d]);
        CHECK(cm::decode(r->dwords, kind)->op == r->op);
    }
    CHECK(decoded > 0);
}

TEST_CASE("cayman encoding: the generated places and owned fields are those the formats give", "[cayman][encoding]") {
    // Each opcode's fields, walked in the order of its formats (opcode_info::used's positions).
    std::size_t checked = 0;
    for (std::size_t o = 0; o < cm::opcodes.size(); ++o) {
        const auto op = static_cast<cm::opcode>(o);
        const auto& formats = cm::opcodes[o].formats;
        for (std::size_t k = 0; k < cm::field_key_names.size(); ++k) {
            // Where the first format of the opcode having key k keeps it, found by search.
            std::uint32_t expected = 0, position = 0;
            for (std::uint32_t d = 0; d < 3 && formats[d] != cm::no_format; position += cm::formats[formats[d]].field_count, ++d) {
                const std::int16_t i = cm::field_by_key[formats[d]][k];
                if (i < 0) continue;
                const auto& f = cm::fields[static_cast<std::size_t>(i)];
                expected = static_cast<std::uint32_t>(i + 1) | d << 9 |
                           (position + static_cast<std::uint32_t>(i) - cm::formats[formats[d]].first_field) << 11 | std::uint32_t{f.lsb} << 19 |
                           static_cast<std::uint32_t>(f.msb - f.lsb + 1) << 24;
                break;
            }
            INFO(cm::info(op).mnemonic << " " << cm::field_key_names[k]);
            CHECK(cm::detail::packed_place(op, static_cast<cm::field_key>(k)) == expected);
        }
        std::size_t position = 0;
        for (std::size_t d = 0; d < 3 && formats[d] != cm::no_format; ++d) {
            const auto& fi = cm::formats[formats[d]];
            for (std::size_t i = fi.first_field; i < fi.first_field + fi.field_count; ++i, ++position) {
                INFO(cm::info(op).mnemonic << " " << cm::fields[i].name);
                CHECK(((cm::opcode_owned_fields[o] >> position) & 1u) == (cm::detail::owns(op, i) ? 1u : 0u));
                ++checked;
            }
        }
    }
    CHECK(checked > cm::opcodes.size());
}
