// SPDX-License-Identifier: MIT
// Text round trips over the whole description: every opcode whose tokens the document gives, with every
// value of each of its control fields (all of a small field, the ends and a middle of a wide one), and
// every destination and source modifier: packet -> text -> packet gives the same tokens.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include <ctisa/amdil/amdil.hpp>

namespace il = ctisa::amdil;

namespace {

// A packet for `op`: the opcode token `token`, destinations r1.. with `dst_mod`, sources r2.. with
// `src_mod` (0: no modifier token), extra dwords 0x100, 0x101, ...
il::instruction packet(il::opcode op, std::uint32_t token, std::uint32_t dst_mod, std::uint32_t src_mod) {
    const auto n = il::operands(op);
    il::instruction in;
    in.words[in.size++] = token;
    for (unsigned d = 0; d < n.dst; ++d) {
        in.words[in.size++] = (1u + d) | 4u << 16 | (dst_mod ? 1u << 22 : 0u);
        if (dst_mod) in.words[in.size++] = dst_mod;
    }
    for (unsigned s = 0; s < n.src; ++s) {
        in.words[in.size++] = (2u + s) | 4u << 16 | (src_mod ? 1u << 22 : 0u);
        if (src_mod) in.words[in.size++] = src_mod;
    }
    for (unsigned e = 0; e < n.extra; ++e) in.words[in.size++] = 0x100u + e;
    return in;
}

// (DCL_NUM_THREAD_PER_GROUP's sizes follow its count: its own case below.)
bool plain(il::opcode op) {
    return il::operands(op).described && op != il::opcode::comment && op != il::opcode::macrocall && !il::counted_extras(op);
}

void round_trip(const il::instruction& in, std::size_t& count) {
    REQUIRE(il::packet_at(in.tokens(), 0).ok());
    REQUIRE(il::packet_at(in.tokens(), 0)->size == in.size);
    const auto text = ctisa::to_string<il::isa>(in);
    const auto back = il::parse(text);
    INFO(text << " -> " << back.error().message() << " " << back.error().subject);
    REQUIRE(back.ok());
    CHECK(*back == in);
    ++count;
}

}  // namespace

TEST_CASE("amdil: every opcode with every control value round-trips through text", "[amdil][roundtrip]") {
    std::size_t count = 0, opcodes = 0;
    for (unsigned c = 0; c < il::opcode_count; ++c) {
        const auto op = static_cast<il::opcode>(c);
        if (!plain(op)) continue;
        ++opcodes;
        INFO(il::enumerator(op));
        round_trip(packet(op, c, 0, 0), count);
        for (std::size_t k = 0; k < il::control_field_count(op); ++k) {
            const auto f = il::control_field_of(op, k);
            const unsigned top = il::control_top_bit(op);  // 29: bits 30-31 are the modifier flags
            if (f.lsb > top || f.name == "aoffimmi") continue;
            const unsigned width = (f.msb > top ? top : f.msb) - f.lsb + 1;
            const std::uint32_t max = static_cast<std::uint32_t>((std::uint64_t{1} << width) - 1u);
            std::vector<std::uint32_t> values;
            if (width <= 6) {
                for (std::uint32_t v = 0; v <= max; ++v) values.push_back(v);
            } else {
                values = {1u, 2u, 5u, max / 2, max};
            }
            for (auto v : values) round_trip(packet(op, c | v << f.lsb, 0, 0), count);
        }
    }
    CHECK(opcodes == 413);  // 483 codes, less 67 without a described layout, comment, mcall and dcl_num_thread_per_group
    std::printf("amdil round trips: %zu packets over %zu opcodes and all their control values\n", count, opcodes);
}

TEST_CASE("amdil: every destination and source modifier round-trips through text", "[amdil][roundtrip]") {
    std::size_t count = 0;
    const auto mad = static_cast<std::uint32_t>(il::opcode::mad);
    // Destination: every write mask (no-write, write, 0, 1 per component) with clamp and every shift.
    for (std::uint32_t mask = 0; mask < 256; ++mask) round_trip(packet(il::opcode::mad, mad, mask, 0), count);
    for (std::uint32_t shift = 0; shift < static_cast<std::uint32_t>(il::shift_scale::last); ++shift)
        for (std::uint32_t clamp = 0; clamp < 2; ++clamp) round_trip(packet(il::opcode::mad, mad, 0x55u | clamp << 8 | shift << 9, 0), count);
    // Source: every swizzle of each component, every negate set, every flag, every divComp.
    for (std::uint32_t sel = 0; sel < 6; ++sel)
        for (unsigned c = 0; c < 4; ++c) round_trip(packet(il::opcode::mad, mad, 0, (0x3210u & ~(7u << (4 * c))) | sel << (4 * c)), count);
    for (std::uint32_t neg = 0; neg < 16; ++neg) {
        std::uint32_t m = 0x3210u;
        for (unsigned c = 0; c < 4; ++c) m |= (neg >> c & 1u) << (4 * c + 3);
        round_trip(packet(il::opcode::mad, mad, 0, m), count);
    }
    for (unsigned bit = 16; bit <= 24; ++bit) round_trip(packet(il::opcode::mad, mad, 0, 0x3210u | 1u << bit), count);
    for (std::uint32_t d = 0; d < static_cast<std::uint32_t>(il::div_comp::last); ++d)
        round_trip(packet(il::opcode::mad, mad, 0, 0x3210u | d << 21 | 1u << 20 | 1u << 16), count);
    CHECK(count == 256 + 14 + 24 + 16 + 9 + 5);
}

TEST_CASE("amdil: addressing forms round-trip through text", "[amdil][roundtrip]") {
    std::size_t count = 0;
    const auto mov = static_cast<std::uint32_t>(il::opcode::mov);
    const auto with = [&](std::initializer_list<std::uint32_t> src) {
        il::instruction in;
        in.words[in.size++] = mov;
        in.words[in.size++] = 0x00040000u;  // r0
        for (auto t : src) in.words[in.size++] = t;
        round_trip(in, count);
    };
    with({0x041E0005u, 6u});                                     // x5[6]
    with({0x00840001u, 0xABCD0123u});                            // r1[rel(...)]: IL_Rel_Addr kept as is
    with({0x05040001u, 0x00040002u, 7u});                        // r1[r2+7]
    with({0x075F0000u, 0x1111u, 0x00440006u, 0x3333u, 2u, 0x05000000u, 0x00440002u, 0u, 4u});  // section 2.2.8 example 5
    with({0x80040001u, 0x0001u});                                // r65537: extended number
    with({0x80040001u, 0x0000u});                                // r1 with an extended-number token of zero
    with({0x02050003u, 0x00050005u});                            // vertex3{vertex5}: two dimensions
    CHECK(count == 7);
}

// Fuzz finding (tests/fuzz/regressions/amdil/roundtrip/): a destination's further dimension lost bits
// 8-12 of its modifier token, read as an IL_Dst_Mod whose shift and clamp the text had no place for.
// 2.2.4 says the dimension tokens are source tokens ('v[3][5] is src_token 1 ... src_token 2'; example 5's
// second dimension is an IL_Src), so that token is an IL_Src_Mod: a swizzle with source modifiers.
TEST_CASE("amdil: a destination's further dimension is a source operand", "[amdil][roundtrip]") {
    const auto mov = static_cast<std::uint32_t>(il::opcode::mov);
    const auto unit = [](std::initializer_list<std::uint32_t> words) {
        il::instruction in;
        for (auto t : words) in.words[in.size++] = t;
        return in;
    };
    std::size_t count = 0;
    // r0{r3 with modifier 0x0205}, r1: swizzle x = 5 (one), y = 0 (x), z = 2 (z), w = 0 (x), 2.2.7.
    const auto finding = unit({mov, 0x02040000u, 0x00440003u, 0x00000205u, 0x00040001u});
    round_trip(finding, count);
    CHECK(ctisa::to_string<il::isa>(finding) == "mov r0{r3.1xzx}, r1");
    // The other three findings' modifiers: 0x100 (.xxyx), 0x210 (.xyzx), and one with negate and abs.
    round_trip(unit({mov, 0x02040000u, 0x00440003u, 0x00000100u, 0x00040001u}), count);
    round_trip(unit({mov, 0x02040000u, 0x00440003u, 0x00000210u, 0x00040001u}), count);
    const auto negated = unit({mov, 0x02040000u, 0x00440003u, 0x00108210u, 0x00040001u});
    round_trip(negated, count);
    CHECK(ctisa::to_string<il::isa>(negated) == "mov r0{r3.xyzx_neg(w)_abs}, r1");
    // A write mask in the braces is refused: the token there is a source.
    CHECK(il::parse("mov r0{r3.xy__}, r1").error().code == ctisa::error_code::bad_swizzle);
    // And the decoder checks the token as an IL_Src_Mod: swizzle 6 is no component.
    const std::array<std::uint32_t, 5> bad{mov, 0x02040000u, 0x00440003u, 0x00000006u, 0x00040001u};
    const auto e = il::packet_at(std::span<const std::uint32_t>(bad), 0);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().subject == "IL_Src_Mod.swizzle");
    CHECK(e.error().offset == 12);
    CHECK(count == 4);
}

// Fuzz finding: a macro call's outputs are destinations whose shift and clamp the mnemonic does not
// carry (7.19 gives mcall no instruction modifiers), so they are written on the operand.
TEST_CASE("amdil: a macro call's output keeps its shift and clamp", "[amdil][roundtrip]") {
    const auto r = il::parse("mcall(0) (r0.xy___x2_sat, r1_d8), ()");
    REQUIRE(r.ok());
    // mcall, call token (2 outputs, 0 inputs), r0 with IL_Dst_Mod xy (0x05) | clamp (bit 8) | x2 (1 << 9),
    // r1 with xyzw (0x55) | d8 (6 << 9): 2.2.5's layout.
    const std::vector<std::uint32_t> expected{347u, 2u, 0x00440000u, 0x0305u, 0x00440001u, 0x0C55u};
    CHECK(std::vector<std::uint32_t>(r->tokens().begin(), r->tokens().end()) == expected);
    CHECK(ctisa::to_string<il::isa>(*r) == "mcall(0) (r0.xy___x2_sat, r1_d8), ()");
    std::size_t count = 0;
    round_trip(*r, count);
    CHECK(il::parse("mov_sat r0_sat, r1").error().code == ctisa::error_code::modifier_not_allowed);
    CHECK(il::parse("mov r0, r1_sat").error().code == ctisa::error_code::unknown_modifier);
}
