// SPDX-License-Identifier: MIT
// alu<Op>(), the ALU builder with its opcode fixed when compiled (what the named builders call),
// against the run-time alu(op, ...) for every ALU opcode: the same instruction and literals, or the
// same error; its bytes are isa::encode's and decode back to it; its fields lie where Mesa's
// eg_sq.h puts them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <utility>

#include <ctisa/cayman/cayman.hpp>

namespace cm = ctisa::cayman;
using namespace ctisa::cayman::operands;
using ctisa::cayman::channel;

namespace {

constexpr bool is_alu(cm::opcode op) {
    const cm::category c = cm::info(op).cat;
    return c == cm::category::alu_op2 || c == cm::category::alu_op3 || c == cm::category::lds_idx_op;
}

// The ALU opcodes are one run of the opcode enum.
constexpr std::size_t first_alu = [] {
    std::size_t i = 0;
    while (!is_alu(static_cast<cm::opcode>(i))) ++i;
    return i;
}();
constexpr std::size_t alu_count = [] {
    std::size_t n = 0;
    while (first_alu + n < cm::opcodes.size() && is_alu(static_cast<cm::opcode>(first_alu + n))) ++n;
    return n;
}();
static_assert([] {
    std::size_t n = 0;
    for (std::size_t i = 0; i < cm::opcodes.size(); ++i) n += is_alu(static_cast<cm::opcode>(i));
    return n == alu_count;
}());

// Calls f(std::integral_constant<cm::opcode, op>{}) for every ALU opcode.
template <class F, std::size_t... I>
void for_each_alu_opcode(F&& f, std::index_sequence<I...>) {
    (f(std::integral_constant<cm::opcode, static_cast<cm::opcode>(first_alu + I)>{}), ...);
}

// The first N of a source list, as alu<Op> and alu(op, ...) each take them.
template <cm::opcode Op, class Tuple, std::size_t... I>
auto typed(cm::operands::gpr dst, const Tuple& t, std::index_sequence<I...>) {
    return cm::alu<Op>(dst, std::get<I>(t)...);
}
template <class Tuple, std::size_t... I>
auto run_time(cm::opcode op, cm::operands::gpr dst, const Tuple& t, std::index_sequence<I...>) {
    return cm::alu(op, dst, std::get<I>(t)...);
}

// The same instruction and literals, or the same error.
void check_same(const ctisa::result<cm::alu_op>& fast, const ctisa::result<cm::alu_op>& reference) {
    REQUIRE(fast.ok() == reference.ok());
    if (!reference) {
        CHECK(fast.error().code == reference.error().code);
        CHECK(fast.error().subject == reference.error().subject);
        return;
    }
    CHECK(fast->in == reference->in);
    CHECK(fast->literals == reference->literals);
    // Its bytes: what isa::encode gives the unit, decoding back to the instruction.
    const auto bytes = cm::encode(fast);
    const auto unit = cm::isa::encode(cm::statement{cm::unit_role::alu, fast->in});
    REQUIRE(bytes);
    REQUIRE(unit);
    REQUIRE(unit->size() == bytes->size());
    CHECK(std::equal(bytes->begin(), bytes->end(), unit->begin()));
    const auto decoded = cm::decode(fast->in.dwords, cm::clause::alu);
    REQUIRE(decoded);
    CHECK(*decoded == fast->in);
}

// Mesa's eg_sq.h: SQ_ALU_WORD0 holds SRC0 (SEL 0-8, REL 9, CHAN 10-11, NEG 12) and SRC1 (13-21,
// 22, 23-24, 25); SQ_ALU_WORD1 DST_GPR 21-27, DST_REL 28, DST_CHAN 29-30; _OP2 SRC0_ABS 0, SRC1_ABS
// 1, WRITE_MASK 4; _OP3 SRC2 (0-8, 9, 10-11, 12). An OP2 or OP3 instruction with its opcode from
// make() and the operands of `with_operands` below placed there.
std::array<std::uint32_t, 2> mesa_words(cm::opcode op, std::uint32_t sources) {
    const bool op3 = cm::info(op).cat == cm::category::alu_op3;
    std::array<std::uint32_t, 2> w{cm::make(op).dwords[0], cm::make(op).dwords[1]};
    const auto put = [&](std::size_t word, unsigned lsb, std::uint32_t value) { w[word] |= value << lsb; };
    if (cm::get(cm::make(op), "DST_GPR")) put(1, 21, 5);  // R5.z (MOVA_INT's format has MOVA_DST there instead)
    put(1, 29, 2);
    if (!op3) put(1, 4, 1);
    // -R7.y, KC1[3].w (bank 1 starts at 160), the literal in Z (253).
    const std::array<std::pair<std::uint32_t, std::uint32_t>, 3> sel_chan{{{7, 1}, {163, 3}, {253, 2}}};
    const std::array<std::pair<std::size_t, unsigned>, 3> at{{{0, 0}, {0, 13}, {1, 0}}};
    for (std::uint32_t s = 0; s < sources; ++s) {
        put(at[s].first, at[s].second, sel_chan[s].first);
        put(at[s].first, at[s].second + 10, sel_chan[s].second);
    }
    if (sources > 0) put(0, 12, 1);  // SRC0_NEG
    return w;
}

}  // namespace

TEST_CASE("cayman typed alu: every ALU opcode as the run-time builder gives it", "[cayman][builder]") {
    std::size_t checked = 0;
    for_each_alu_opcode(
        [&](auto id) {
            constexpr cm::opcode op = decltype(id)::value;
            constexpr std::size_t n = cm::info(op).sources;
            const auto count = std::make_index_sequence<n>{};
            INFO(cm::info(op).mnemonic);
            const auto with_operands = std::make_tuple(neg(R(7, channel::y)), kcache{1, 3, channel::w}, literal{0x3F800000u, channel::z});
            const auto with_modifiers = std::make_tuple(abs(R(1, channel::x)), abs(pv{channel::y}), one);
            const auto conflicting = std::make_tuple(literal{1, channel::x}, literal{2, channel::x}, R(3, channel::w));
            const auto out_of_range = std::make_tuple(R(128, channel::x), kcache{4, 0, channel::x}, R(0, channel::x));
            gpr relative = R(127, channel::w);
            relative.relative = true;
            const auto fast = typed<op>(R(5, channel::z), with_operands, count);
            check_same(fast, run_time(op, R(5, channel::z), with_operands, count));
            check_same(typed<op>(relative, with_modifiers, count), run_time(op, relative, with_modifiers, count));
            check_same(typed<op>(R(0, channel::y), conflicting, count), run_time(op, R(0, channel::y), conflicting, count));
            check_same(typed<op>(R(2, channel::x), out_of_range, count), run_time(op, R(2, channel::x), out_of_range, count));
            check_same(typed<op>(R(128, channel::x), with_operands, count), run_time(op, R(128, channel::x), with_operands, count));
            // An independent placement, from the peer's field table (LDS_IDX_OP has no NEG: refused).
            if (cm::info(op).cat != cm::category::lds_idx_op) {
                REQUIRE(fast);
                const auto w = mesa_words(op, static_cast<std::uint32_t>(n));
                CHECK(fast->in.dwords[0] == w[0]);
                CHECK(fast->in.dwords[1] == w[1]);
            }
            ++checked;
        },
        std::make_index_sequence<alu_count>{});
    CHECK(checked == alu_count);
    CHECK(alu_count > 200);
}

TEST_CASE("cayman typed alu: constant instructions fold to their bits", "[cayman][builder]") {
    using op = cm::opcode;
    // MULADD R2.w, R0.x, R1.y, R3.z (the encoding test's dwords: OP3 ALU_INST 0x14 at 13).
    constexpr auto mad = cm::alu<op::alu_op3_muladd>(R(2, channel::w), R(0, channel::x), R(1, channel::y), R(3, channel::z));
    STATIC_REQUIRE(mad->in.dwords ==
                   std::array<std::uint32_t, 4>{(1u << 13) | (1u << 23), 3u | (2u << 10) | (0x14u << 13) | (2u << 21) | (3u << 29), 0, 0});
    // MOV R1.x, R0.x: ALU_INST 0x19 at 7, WRITE_MASK bit 4, DST_GPR 1 at 21 (LAST is the group's).
    STATIC_REQUIRE(cm::alu<op::alu_op2_mov>(R(1, channel::x), R(0, channel::x))->in.dwords ==
                   std::array<std::uint32_t, 4>{0, 0x00200C90u, 0, 0});
    STATIC_REQUIRE(cm::encode(cm::alu_op2::mov(R(1, channel::x), R(0, channel::x))).value() ==
                   std::array<std::uint8_t, 8>{0, 0, 0, 0, 0x90, 0x0C, 0x20, 0x00});
    // The named builders are alu<Op>; the run-time builder gives the same, literals too.
    constexpr auto named = cm::alu_op2::mul(R(0, channel::w), neg(R(1, channel::x)), literal{7, channel::y});
    constexpr auto generic = cm::alu(op::alu_op2_mul, R(0, channel::w), neg(R(1, channel::x)), literal{7, channel::y});
    STATIC_REQUIRE(named->in == generic->in);
    STATIC_REQUIRE(named->literals == generic->literals);
    // A refusal is the run-time builder's error (a compile error in constant evaluation: see
    // tests/compile_fail/cayman_typed_alu.cpp), and encode passes it on.
    const auto refused = cm::alu<op::alu_op2_add>(R(0, channel::x), R(1, channel::x), kcache{0, 32, channel::x});
    REQUIRE(!refused);
    CHECK(refused.error().code == ctisa::errors::register_out_of_range);
    CHECK(cm::encode(refused).error().code == ctisa::errors::register_out_of_range);
}
