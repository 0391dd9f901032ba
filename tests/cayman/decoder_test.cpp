// SPDX-License-Identifier: MIT
// The stream decoder's fast path (canonical_decoding.hpp) against the reference path (decode_program,
// then text_order): over realistic images and every single-bit flip of them, plus pads, truncations
// and random multi-bit flips, the fast path accepts only what the reference accepts, with the same
// statements, and the decoder as a whole gives the reference's units or its error (kind, offset, subject).
#include <catch2/catch.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <ctisa/cayman/isa.hpp>

#include "programs.hpp"

namespace cm = ctisa::cayman;
using namespace cayman_programs;

namespace {

using units = std::vector<ctisa::decoded<cm::statement>>;

bool same(const units& a, const units& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(a[i].instruction == b[i].instruction) || a[i].size != b[i].size || a[i].offset != b[i].offset) return false;
    return true;
}

struct tally {
    std::size_t images = 0, accepted = 0, fast = 0;
};

// One image through both paths and through the decoder.
void compare(std::span<const std::uint8_t> image, tally& t) {
    ++t.images;
    const auto reference = cm::detail::decode_by_reference(image);
    units fast;
    if (cm::detail::decode_canonical(image, fast)) {
        ++t.fast;
        REQUIRE(reference);
        REQUIRE(same(fast, *reference));
    }
    cm::decoder d(image);
    units streamed;
    while (!d.done()) {
        auto u = d.next();
        if (!u) {
            REQUIRE(!reference);
            CHECK(u.error().code == reference.error().code);
            CHECK(u.error().offset == reference.error().offset);
            CHECK(u.error().subject == reference.error().subject);
            return;
        }
        streamed.push_back(*u);
    }
    REQUIRE(reference);
    ++t.accepted;
    CHECK(same(streamed, *reference));
}

// Groups of one to four slots with literals, kcache reads locked by the clause and by an
// ALU_EXTENDED, a MOVA, a reduction: the group rules the fast path checks, each at work.
std::vector<cm::cf_item> groups_program() {
    cm::alu_group dot;
    for (std::uint32_t ch = 0; ch < 4; ++ch)
        dot.slots.push_back(ins(c::alu_op2, "DOT4",
                                {{"DST_GPR", 4},
                                 {"DST_CHAN", ch},
                                 {"SRC0_SEL", 2},
                                 {"SRC0_CHAN", ch},
                                 {"SRC1_SEL", 3},
                                 {"SRC1_CHAN", ch},
                                 {"WRITE_MASK", ch == 0},
                                 {"LAST", ch == 3}}));
    const cm::alu_group literal{
        {ins(c::alu_op2, "MUL", {{"DST_GPR", 5}, {"SRC0_SEL", 1}, {"SRC1_SEL", 253}, {"WRITE_MASK", 1}}), ins(c::alu_op3, "MULADD",
                                                                                                              {{"DST_GPR", 5},
                                                                                                               {"DST_CHAN", 2},
                                                                                                               {"SRC0_SEL", 129},
                                                                                                               {"SRC1_SEL", 253},
                                                                                                               {"SRC1_CHAN", 3},
                                                                                                               {"SRC2_SEL", 1},
                                                                                                               {"SRC2_CHAN", 2},
                                                                                                               {"LAST", 1}})},
        {0x3F800000u, 0x40000000u, 0x40400000u, 0x40800000u}};
    const cm::alu_group bank2{{ins(c::alu_op2, "MOV", {{"DST_GPR", 6}, {"SRC0_SEL", 256 + 17}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {}};
    const cm::alu_group mova{{ins(c::alu_op2, "MOVA_INT", {{"SRC0_SEL", 1}, {"LAST", 1}})}, {}};
    const cm::alu_group after{
        {ins(c::alu_op2, "ADD",
             {{"DST_GPR", 7}, {"DST_CHAN", 1}, {"SRC0_SEL", 254}, {"SRC0_CHAN", 1}, {"SRC1_SEL", 1}, {"WRITE_MASK", 1}, {"LAST", 1}})},
        {}};
    return {
        {ins(c::cf_alu, "ALU", {{"KCACHE_MODE0", 1}}), {dot, literal, mova, after}, {}},
        {ins(c::cf_alu, "ALU_EXTENDED", {{"KCACHE_MODE2", 2}, {"KCACHE_BANK2", 3}}), {}, {}},
        {ins(c::cf_alu, "ALU"), {bank2}, {}},
        {ins(c::cf, "TC"), {}, {ins(c::vtx, "FETCH", {{"DST_GPR", 1}}), ins(c::tex, "SAMPLE", {{"DST_GPR", 2}})}},
        {ins(c::cf, "END"), {}, {}},
    };
}

std::vector<std::vector<std::uint8_t>> images() {
    const cm::alu_group mov{{ins(c::alu_op2, "MOV", {{"LAST", 1}})}, {}};
    return {cm::layout(vertex_shader()).value(), cm::layout(pixel_shader()).value(), cm::layout(compute_kernel()).value(),
            cm::layout(groups_program()).value(),
            cm::layout({{ins(c::cf_alu, "ALU"), {mov}, {}}, {ins(c::cf_alu, "ALU_POP_AFTER"), {}, {}, 0}, {ins(c::cf, "END"), {}, {}}}).value()};
}

}  // namespace

TEST_CASE("cayman decoder: the fast path accepts the laid-out programs", "[cayman][decoder]") {
    for (const auto& image : images()) {
        tally t;
        compare(image, t);
        CHECK(t.accepted == 1);
    }
    tally t;
    for (const auto& image : images()) compare(image, t);
    CHECK(t.fast == t.images - 1);  // all but the shared clause
}

TEST_CASE("cayman decoder: every single-bit flip decodes as the reference decodes it", "[cayman][decoder]") {
    tally t;
    for (const auto& image : images()) {
        for (std::size_t bit = 0; bit < 8 * image.size(); ++bit) {
            std::vector<std::uint8_t> bytes = image;
            bytes[bit / 8] = static_cast<std::uint8_t>(bytes[bit / 8] ^ (1u << (bit % 8)));
            compare(bytes, t);
        }
    }
    INFO(t.images << " images, " << t.accepted << " accepted, " << t.fast << " by the fast path");
    CHECK(t.fast > 100);
    CHECK(t.accepted > t.fast);  // some only the reference accepts (a shared clause)
    CHECK(t.images > t.accepted);
}

TEST_CASE("cayman decoder: pads, truncations, moved dwords and multi-bit flips decode as the reference decodes them", "[cayman][decoder]") {
    lcg next{2026};
    const auto all = images();
    tally t;
    for (int i = 0; i < 20000; ++i) {
        std::vector<std::uint8_t> bytes = all[static_cast<std::size_t>(i) % all.size()];
        switch (i % 5) {
            case 0: bytes.insert(bytes.end(), 8u * (1 + next() % 2), 0); break;         // pads after the last clause
            case 1: bytes.erase(bytes.end() - 4 * (1 + next() % 4), bytes.end()); break;  // truncated (erase: GCC 12 warns on resize)
            case 2: bytes.insert(bytes.begin() + 8 * (next() % (bytes.size() / 8)), 8, 0); break;  // a slot moved in
            default: break;
        }
        for (std::uint32_t f = 0, flips = next() % 4; f < flips && !bytes.empty(); ++f)
            bytes[next() % bytes.size()] ^= static_cast<std::uint8_t>(1u << (next() % 8));
        compare(bytes, t);
    }
    INFO(t.images << " images, " << t.accepted << " accepted, " << t.fast << " by the fast path");
    CHECK(t.fast > 1000);
}

TEST_CASE("cayman printing: the fields found set print as every field visited prints", "[cayman][decoder]") {
    // Every opcode in its role, with random dwords: the shortcut through print_tables and the
    // walk over every field of the formats write the same text.
    lcg next{7};
    std::size_t compared = 0;
    for (std::size_t o = 0; o < cm::opcodes.size(); ++o) {
        for (int k = 0; k < 64; ++k) {
            cm::statement st{cm::unit_role::alu, cm::instruction{static_cast<cm::opcode>(o), {next(), next(), next(), 0}}, next() % 64,
                             static_cast<std::uint8_t>(next() & ~cm::addr_by_label)};
            const cm::unit_kind unit = cm::info(cm::opcodes[o].cat).unit;
            st.role = unit == cm::unit_kind::alu ? cm::unit_role::alu : unit == cm::unit_kind::fetch ? cm::unit_role::fetch : cm::unit_role::cf;
            if (k % 2) st.in.dwords[0] &= 0x000F000Fu, st.in.dwords[1] &= 0x00F000F0u;  // mostly zero fields too
            std::string fast, every;
            ctisa::text::string_sink a(fast), b(every);
            cm::detail::print_fields(a, st);
            cm::detail::print_fields(b, st, true);
            REQUIRE(fast == every);
            ++compared;
        }
    }
    CHECK(compared == 64 * cm::opcodes.size());
}
