// SPDX-License-Identifier: MIT
// Chapter 4's ALU group rules, with the document's own examples where it gives them (4.7.7).
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <utility>

#include <ctisa/cayman/group.hpp>

namespace cm = ctisa::cayman;

namespace {

using field_values = std::initializer_list<std::pair<std::string_view, std::uint32_t>>;

// An ALU instruction of category c with the given fields (a test bug if one cannot be set).
constexpr cm::instruction alu(cm::category c, std::string_view mnemonic, field_values values) {
    cm::instruction in = cm::make(*cm::find_opcode(c, mnemonic));
    for (const auto& [field, value] : values) in = cm::set(in, field, value).value();
    return in;
}
constexpr cm::instruction op2(std::string_view m, field_values v) { return alu(cm::category::alu_op2, m, v); }
constexpr cm::instruction op3(std::string_view m, field_values v) { return alu(cm::category::alu_op3, m, v); }

// GPR dst.chan <= src0 * src1 with a bank swizzle: the examples of 4.7.7.
constexpr cm::instruction mul(std::uint32_t chan, std::uint32_t a, std::uint32_t ac, std::uint32_t b, std::uint32_t bc, std::uint32_t swizzle,
                              bool last) {
    return op2("MUL", {{"DST_CHAN", chan},
                       {"SRC0_SEL", a},
                       {"SRC0_CHAN", ac},
                       {"SRC1_SEL", b},
                       {"SRC1_CHAN", bc},
                       {"BANK_SWIZZLE", swizzle},
                       {"WRITE_MASK", 1},
                       {"LAST", last ? 1u : 0u}});
}

template <std::size_t N>
constexpr ctisa::result<cm::group_summary> check(const std::array<cm::instruction, N>& g, std::size_t literals = 0) {
    return cm::check_group(std::span<const cm::instruction>(g), literals);
}

template <std::size_t N>
constexpr bool fails(const std::array<cm::instruction, N>& g, ctisa::error_code code, std::uint32_t offset, std::size_t literals = 0) {
    const auto r = check(g, literals);
    return !r && r.error().code == code && r.error().offset == offset;
}

constexpr std::uint32_t x = 0, y = 1, z = 2, w = 3;

template <std::size_t N>
constexpr std::array<cm::instruction, N> replicated(std::string_view m, field_values v) {
    std::array<cm::instruction, N> g{};
    for (std::uint32_t c = 0; c < N; ++c) {
        g[c] = op2(m, v);
        g[c] = cm::set(g[c], "DST_CHAN", c).value();
        g[c] = cm::set(g[c], "LAST", c + 1 == N ? 1 : 0).value();
    }
    return g;
}

}  // namespace

TEST_CASE("cayman group: slots, LAST and the read ports of 4.7.7's examples", "[cayman][group]") {
    using ce = ctisa::error_code;
    namespace e = cm::errors;
    // Legal with swizzles 012, 201, 102; illegal with 012 everywhere (GPR1.X and GPR3.X on cycle 0).
    constexpr std::array legal{mul(x, 1, x, 2, x, 0, false), mul(y, 3, x, 1, y, 4, false), mul(z, 2, x, 1, y, 3, true)};
    STATIC_REQUIRE(check(legal)->slots == 0b0111);
    constexpr std::array illegal{mul(x, 1, x, 2, x, 0, false), mul(y, 3, x, 1, y, 0, false), mul(z, 2, x, 1, y, 0, true)};
    STATIC_REQUIRE(fails(illegal, ce{e::gpr_read_port}, 8));
    // Squares share src0's port; the following programming is legal.
    constexpr std::array squares{mul(x, 1, x, 1, x, 0, false), mul(y, 1, y, 1, y, 3, false), mul(z, 2, y, 2, x, 0, true)};
    STATIC_REQUIRE(check(squares));
    // GPR0.X <= GPR1.X * GPR2.X + GPR1.X with VEC_012: GPR1.X on cycles 0 and 2.
    constexpr std::array muladd{op3("MULADD", {{"SRC0_SEL", 1}, {"SRC1_SEL", 2}, {"SRC2_SEL", 1}, {"LAST", 1}})};
    STATIC_REQUIRE(check(muladd));

    STATIC_REQUIRE(fails(std::array{mul(x, 1, x, 2, x, 0, false)}, ce{e::last_bit}, 0));
    STATIC_REQUIRE(fails(std::array{mul(x, 1, x, 2, x, 0, true), mul(y, 1, y, 2, y, 0, true)}, ce{e::last_bit}, 0));
    STATIC_REQUIRE(fails(std::array{mul(x, 1, x, 2, x, 0, false), mul(x, 1, y, 2, y, 0, true)}, ce{e::slot_taken}, 8));
    STATIC_REQUIRE(fails(std::array{mul(y, 1, x, 2, x, 0, false), mul(x, 1, y, 2, y, 0, true)}, ce{e::slot_order}, 8));
    CHECK(!cm::check_group({}, 0));
    STATIC_REQUIRE(fails(std::array{mul(x, 1, x, 1, x, 0, false), mul(y, 1, y, 1, y, 0, false), mul(z, 1, z, 1, z, 0, false),
                                    mul(w, 1, w, 1, w, 0, false), mul(w, 1, w, 1, w, 0, true)},
                         ce{e::group_size}, 0));
}

TEST_CASE("cayman group: instructions that fill several slots", "[cayman][group]") {
    using ce = ctisa::error_code;
    namespace e = cm::errors;
    STATIC_REQUIRE(check(replicated<4>("DOT4", {{"SRC0_SEL", 1}, {"SRC1_SEL", 2}})));
    STATIC_REQUIRE(fails(replicated<3>("DOT4", {}), ce{e::slot_shape}, 0));
    constexpr auto dot = [] {
        auto g = replicated<4>("DOT4", {{"SRC0_SEL", 1}, {"SRC1_SEL", 2}});
        g[3] = cm::set(g[3], "OMOD", 1).value();
        return g;
    }();
    STATIC_REQUIRE(fails(dot, ce{e::reduction_modifiers}, 24));
    STATIC_REQUIRE(check(replicated<3>("RECIP_IEEE", {{"SRC0_SEL", 1}})));  // Cayman's transcendental: X, Y, Z
    STATIC_REQUIRE(fails(replicated<2>("RECIP_IEEE", {{"SRC0_SEL", 1}}), ce{e::slot_shape}, 0));
    STATIC_REQUIRE(check(replicated<4>("MULLO_INT", {{"SRC0_SEL", 1}, {"SRC1_SEL", 2}})));
    STATIC_REQUIRE(check(replicated<2>("ADD_64", {{"SRC0_SEL", 1}, {"SRC1_SEL", 2}})));  // X, Y
    STATIC_REQUIRE(fails(replicated<2>("MUL_64", {{"SRC0_SEL", 1}, {"SRC1_SEL", 2}}), ce{e::slot_shape}, 0));  // four slots
    constexpr std::array zw{op2("ADD_64", {{"DST_CHAN", z}}), op2("ADD_64", {{"DST_CHAN", w}, {"LAST", 1}})};
    STATIC_REQUIRE(check(zw));
    constexpr std::array yz{op2("ADD_64", {{"DST_CHAN", y}}), op2("ADD_64", {{"DST_CHAN", z}, {"LAST", 1}})};
    STATIC_REQUIRE(fails(yz, ce{e::slot_shape}, 0));
}

TEST_CASE("cayman group: literals, predicates, MOVA, constants, source selects", "[cayman][group]") {
    using ce = ctisa::error_code;
    namespace e = cm::errors;
    constexpr std::array lit_y{op2("MOV", {{"SRC0_SEL", 253}, {"SRC0_CHAN", y}, {"LAST", 1}})};
    STATIC_REQUIRE(check(lit_y, 2)->literal_dwords == 2);
    STATIC_REQUIRE(fails(lit_y, ce{e::literal_count}, 0, 4));
    constexpr std::array lit_w{op2("MOV", {{"SRC0_SEL", 253}, {"SRC0_CHAN", w}, {"LAST", 1}})};
    STATIC_REQUIRE(check(lit_w, 4)->literal_dwords == 4);
    STATIC_REQUIRE(fails(lit_w, ce{e::literal_count}, 0, 2));
    // The third source names the literal's Z: a group without literal dwords is wrong.
    constexpr std::array lit_src2{op3("MULADD", {{"SRC2_SEL", 253}, {"SRC2_CHAN", z}, {"LAST", 1}})};
    STATIC_REQUIRE(fails(lit_src2, ce{e::literal_count}, 0, 0));

    constexpr std::array two_pred{op2("PRED_SETE", {}), op2("KILLGT", {{"DST_CHAN", y}, {"LAST", 1}})};
    STATIC_REQUIRE(fails(two_pred, ce{e::predicate_coissue}, 8));
    constexpr std::array pred_bits{op2("ADD", {{"UPDATE_PRED", 1}, {"LAST", 1}})};
    STATIC_REQUIRE(fails(pred_bits, ce{e::predicate_bits}, 0));
    STATIC_REQUIRE(check(std::array{op2("PRED_SETE", {{"UPDATE_PRED", 1}, {"UPDATE_EXEC_MASK", 1}, {"LAST", 1}})}));

    constexpr std::array mova_ar{op2("MOVA_INT", {}), op2("MOV", {{"DST_CHAN", y}, {"SRC0_REL", 1}, {"LAST", 1}})};
    STATIC_REQUIRE(fails(mova_ar, ce{e::mova_with_ar_index}, 8));
    // (R0[aL].y: R0[aL].x would need MOVA's R0.x port, an unknown address after the index)
    constexpr std::array mova_loop{op2("MOVA_INT", {}),
                                   op2("MOV", {{"DST_CHAN", y}, {"SRC0_CHAN", y}, {"SRC0_REL", 1}, {"INDEX_MODE", 4}, {"LAST", 1}})};
    STATIC_REQUIRE(check(mova_loop));
    constexpr std::array two_mova{op2("MOVA_INT", {}), op2("MOVA_INT", {{"DST_CHAN", y}, {"LAST", 1}})};
    STATIC_REQUIRE(fails(two_mova, ce{e::mova_count}, 8));
    // 4.9.5: a MOVA* writes no GPR (WRITE_MASK clear), and the next group leaves its PV channel alone.
    constexpr std::array mova_writes{op2("MOV", {}), op2("MOVA_INT", {{"DST_CHAN", y}, {"WRITE_MASK", 1}, {"LAST", 1}})};
    STATIC_REQUIRE(fails(mova_writes, ce{e::mova_write}, 8));
    constexpr std::array mova_y{op2("MOVA_INT", {{"DST_CHAN", y}, {"LAST", 1}})};
    constexpr std::array reads_pv_y{op2("MOV", {{"SRC0_SEL", 254}, {"SRC0_CHAN", x}}),
                                    op2("ADD", {{"DST_CHAN", y}, {"SRC0_SEL", 1}, {"SRC1_SEL", 254}, {"SRC1_CHAN", y}, {"LAST", 1}})};
    constexpr std::array reads_pv_x{op2("MOV", {{"SRC0_SEL", 254}, {"SRC0_CHAN", x}, {"LAST", 1}})};
    STATIC_REQUIRE(cm::check_adjacent(mova_y, reads_pv_y).code == ce{e::mova_pv_read});
    STATIC_REQUIRE(cm::check_adjacent(mova_y, reads_pv_y).offset == 8);
    STATIC_REQUIRE(cm::check_adjacent(mova_y, reads_pv_y).subject == "SRC1_SEL");
    STATIC_REQUIRE(!cm::check_adjacent(mova_y, reads_pv_x).failed());
    STATIC_REQUIRE(!cm::check_adjacent(reads_pv_x, reads_pv_y).failed());

    // kcache: C0.x and C0.y share a channel pair; C0.z, C1.x make three reservations.
    constexpr std::array consts{op2("ADD", {{"SRC0_SEL", 128}, {"SRC1_SEL", 128}, {"SRC1_CHAN", y}}),
                                op2("ADD", {{"DST_CHAN", y}, {"SRC0_SEL", 128}, {"SRC0_CHAN", z}, {"SRC1_SEL", 129}, {"LAST", 1}})};
    STATIC_REQUIRE(fails(consts, ce{e::constant_read_port}, 8));

    // 4.7.8 counts addresses after the relative index: R1[aL].x may be any GPR, so it does not share
    // R1.x's port (both src0, cycle 0, element X); the same base and index does, another element
    // has its own port. Loop (4) and AR.X (0) indexes differ.
    constexpr auto rel_mov = [](std::uint32_t chan, std::uint32_t elem, std::uint32_t index, bool last) {
        return op2("MOV", {{"DST_CHAN", chan}, {"SRC0_SEL", 1}, {"SRC0_CHAN", elem}, {"SRC0_REL", 1}, {"INDEX_MODE", index}, {"LAST", last}});
    };
    STATIC_REQUIRE(fails(std::array{op2("MOV", {{"SRC0_SEL", 1}}), rel_mov(y, x, 4, true)}, ce{e::gpr_read_port}, 8));
    STATIC_REQUIRE(check(std::array{rel_mov(x, x, 4, false), rel_mov(y, x, 4, true)}));
    STATIC_REQUIRE(check(std::array{op2("MOV", {{"SRC0_SEL", 1}}), rel_mov(y, y, 4, true)}));
    STATIC_REQUIRE(fails(std::array{rel_mov(x, x, 4, false), rel_mov(y, x, 0, true)}, ce{e::gpr_read_port}, 8));
    // Constants after the index too: KC0[0].y relative is not in KC0[0].x's pair, KC0[1].x a third reservation.
    constexpr std::array rel_consts{op2("ADD", {{"SRC0_SEL", 128}, {"SRC1_SEL", 128}, {"SRC1_CHAN", y}, {"SRC1_REL", 1}, {"INDEX_MODE", 4}}),
                                    op2("ADD", {{"DST_CHAN", y}, {"SRC0_SEL", 129}, {"LAST", 1}})};
    STATIC_REQUIRE(fails(rel_consts, ce{e::constant_read_port}, 8));
    // 4.6.1: "AR cannot be used to provide relative indexing for a kcache constant".
    STATIC_REQUIRE(fails(std::array{op2("MOV", {{"SRC0_SEL", 130}, {"SRC0_REL", 1}, {"LAST", 1}})}, ce{e::kcache_index}, 0));
    STATIC_REQUIRE(fails(std::array{op2("MOV", {{"SRC0_SEL", 130}, {"SRC0_REL", 1}, {"INDEX_MODE", 6}, {"LAST", 1}})}, ce{e::kcache_index}, 0));
    STATIC_REQUIRE(check(std::array{op2("MOV", {{"SRC0_SEL", 130}, {"SRC0_REL", 1}, {"INDEX_MODE", 4}, {"LAST", 1}})}));

    STATIC_REQUIRE(fails(std::array{op2("MOV", {{"SRC0_SEL", 255}, {"LAST", 1}})}, ctisa::error_code::reserved_value, 0));
    STATIC_REQUIRE(fails(std::array{cm::make(*cm::find_opcode(cm::category::tex, "SAMPLE"))}, ctisa::error_code::misplaced_statement, 0));
    // LDS instructions take a slot like any other.
    STATIC_REQUIRE(check(std::array{alu(cm::category::lds_idx_op, "LDS_READ_RET", {{"LAST", 1}})}));
}
