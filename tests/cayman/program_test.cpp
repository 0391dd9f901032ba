// SPDX-License-Identifier: MIT
// Decoding whole program images: a CF program, its ALU and fetch clauses, padding, and every layout
// error with its byte offset.
#include <catch2/catch.hpp>

#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

#include <ctisa/cayman/program.hpp>

namespace cm = ctisa::cayman;

namespace {

using field_values = std::initializer_list<std::pair<std::string_view, std::uint32_t>>;

cm::instruction ins(cm::category c, std::string_view mnemonic, field_values values = {}) {
    cm::instruction in = cm::make(*cm::find_opcode(c, mnemonic));
    for (const auto& [field, value] : values) in = cm::set(in, field, value).value();
    return in;
}

struct image {
    std::vector<std::uint8_t> bytes;
    image& dwords(std::initializer_list<std::uint32_t> ds) {
        for (std::uint32_t d : ds)
            for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<std::uint8_t>(d >> (8 * b)));
        return *this;
    }
    image& add(const cm::instruction& in) {
        for (std::size_t d = 0; d < cm::dword_count(in.op); ++d) dwords({in.dwords[d]});
        return *this;
    }
    image& pad() { return dwords({0, 0}); }
};

using c = cm::category;

// CF: ALU at 4 (3 slots), TC at 8 (one fetch), EXPORT_DONE, END; ALU clause: MOV R0.x, R1.x; MOV R0.y,
// literal.x (LAST); the literal slot; a pad to 64; SAMPLE.
image vertex_like() {
    image im;
    im.add(ins(c::cf_alu, "ALU", {{"ADDR", 4}, {"COUNT", 2}}))
        .add(ins(c::cf, "TC", {{"ADDR", 8}, {"COUNT", 0}}))
        .add(ins(c::cf_alloc_export, "EXPORT_DONE", {{"TYPE", 1}, {"ARRAY_BASE", 60}}))
        .add(ins(c::cf, "END"))
        .add(ins(c::alu_op2, "MOV", {{"SRC0_SEL", 1}, {"WRITE_MASK", 1}}))
        .add(ins(c::alu_op2, "MOV", {{"DST_CHAN", 1}, {"SRC0_SEL", 253}, {"WRITE_MASK", 1}, {"LAST", 1}}))
        .dwords({0x3F800000u, 0})
        .pad()
        .add(ins(c::tex, "SAMPLE", {{"DST_GPR", 2}}));
    return im;
}

bool fails(const image& im, ctisa::error_code code, std::uint32_t offset) {
    const auto r = cm::decode_program(im.bytes);
    INFO((r ? std::string("decoded") : std::string(r.error().message())) << " at " << (r ? 0 : r.error().offset));
    return !r && r.error().code == code && r.error().offset == offset;
}

}  // namespace

TEST_CASE("cayman program: a CF program with an ALU clause, literals, padding and a fetch clause", "[cayman][program]") {
    const auto im = vertex_like();
    REQUIRE(im.bytes.size() == 80);
    const auto p = cm::decode_program(im.bytes);
    REQUIRE(p);
    CHECK(p->cf_bytes == 32);
    using r = cm::unit_role;
    const std::vector<std::pair<std::uint32_t, r>> expected{{0, r::cf},   {8, r::cf},       {16, r::cf},  {24, r::cf},   {32, r::alu},
                                                            {40, r::alu}, {48, r::literal}, {56, r::pad}, {64, r::fetch}};
    REQUIRE(p->units.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CHECK(p->units[i].offset == expected[i].first);
        CHECK(p->units[i].role == expected[i].second);
    }
    CHECK(p->units[6].in.dwords[0] == 0x3F800000u);
    CHECK(cm::info(p->units[8].in.op).mnemonic == "SAMPLE");
}

TEST_CASE("cayman program: layout errors with their byte offsets", "[cayman][program]") {
    namespace e = cm::errors;
    using ce = ctisa::error_code;
    auto im = vertex_like();
    im.bytes.push_back(0);
    CHECK(fails(im, ce::truncated, 80));

    CHECK(fails(image{}.add(ins(c::cf, "NOP")), ce{e::missing_end}, 8));
    CHECK(fails(image{}.add(ins(c::cf_alu, "ALU_EXTENDED")).add(ins(c::cf, "END")), ce{e::extended_without_clause}, 8));
    CHECK(fails(image{}.add(ins(c::cf_alu, "ALU", {{"ADDR", 0}})).add(ins(c::cf, "END")), ce{e::clause_out_of_range}, 0));
    CHECK(fails(image{}.add(ins(c::cf_alu, "ALU", {{"ADDR", 2}})).add(ins(c::cf, "END")), ce{e::clause_out_of_range}, 0));
    CHECK(fails(image{}.add(ins(c::cf, "TC", {{"ADDR", 3}})).add(ins(c::cf, "NOP")).add(ins(c::cf, "END")).pad().pad(), ce{e::clause_misaligned},
                0));
    CHECK(fails(image{}.add(ins(c::cf, "JUMP", {{"ADDR", 2}})).add(ins(c::cf, "END")), ce{e::target_out_of_range}, 0));
    auto seventeen = image{}.add(ins(c::cf, "TC", {{"ADDR", 2}, {"COUNT", 16}})).add(ins(c::cf, "END"));
    for (int i = 0; i < 17; ++i) seventeen.add(ins(c::tex, "SAMPLE"));
    CHECK(fails(seventeen, ce{e::clause_too_long}, 0));

    // Two ALU clauses: bytes 24-39 (two slots) and 32-39 (one slot).
    auto overlap = image{}
                       .add(ins(c::cf_alu, "ALU", {{"ADDR", 3}, {"COUNT", 1}}))
                       .add(ins(c::cf_alu, "ALU", {{"ADDR", 4}}))
                       .add(ins(c::cf, "END"))
                       .add(ins(c::alu_op2, "NOP", {{"LAST", 1}}))
                       .add(ins(c::alu_op2, "NOP", {{"LAST", 1}}));
    CHECK(fails(overlap, ce{e::clause_overlap}, 8));

    auto no_last = image{}.add(ins(c::cf_alu, "ALU", {{"ADDR", 2}, {"COUNT", 0}})).add(ins(c::cf, "END")).add(ins(c::alu_op2, "NOP"));
    CHECK(fails(no_last, ce{e::missing_last}, 16));
    auto stray = image{}.add(ins(c::cf, "END")).dwords({0, 1});
    CHECK(fails(stray, ce{e::stray_data}, 8));
    auto bad_op = image{}.add(ins(c::cf_alu, "ALU", {{"ADDR", 2}})).add(ins(c::cf, "END")).dwords({1u << 31, 27u << 7});
    CHECK(fails(bad_op, ce::reserved_opcode, 20));
    auto literal_cut = image{}
                           .add(ins(c::cf_alu, "ALU", {{"ADDR", 2}}))
                           .add(ins(c::cf, "END"))
                           .add(ins(c::alu_op2, "MOV", {{"SRC0_SEL", 253}, {"LAST", 1}}))
                           .dwords({7, 0});
    CHECK(fails(literal_cut, ce{e::clause_out_of_range}, 0));  // COUNT leaves out the literal slot
}

TEST_CASE("cayman program: any bytes decode or fail with an offset inside the image", "[cayman][program]") {
    std::uint64_t state = 12345;
    const auto next = [&] {
        state = state * 6364136223846793005u + 1442695040888963407u;
        return static_cast<std::uint32_t>(state >> 33);
    };
    const auto base = vertex_like();
    std::size_t decoded = 0;
    for (int i = 0; i < 20000; ++i) {
        auto bytes = base.bytes;
        // Flip a few bits, sometimes cut the image.
        for (int f = 0; f < 1 + i % 3; ++f) bytes[next() % bytes.size()] ^= static_cast<std::uint8_t>(1u << (next() % 8));
        if (i % 5 == 0) bytes.resize(next() % bytes.size());
        const auto r = cm::decode_program(bytes);
        if (r) {
            ++decoded;
            CHECK(!r->units.empty());
        } else {
            CHECK(r.error().offset <= bytes.size());
        }
    }
    CHECK(decoded > 0);
}
