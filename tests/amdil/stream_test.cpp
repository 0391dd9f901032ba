// SPDX-License-Identifier: MIT
// The token-stream walker: every real binary in ../shared/reference/amdil/il decodes to its last dword,
// packet by packet in step with the accompanying disassembly; damaged streams give errors that name the
// token and its offset.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include <ctisa/amdil/instruction.hpp>
#include <ctisa/amdil/stream.hpp>

#include "public_binaries.hpp"
#include "random.hpp"
#include "test_data.hpp"

namespace il = ctisa::amdil;
using ctisa::error_code;

namespace {

std::vector<std::uint32_t> words_of(const std::string& bytes) {
    REQUIRE(bytes.size() % 4 == 0);
    std::vector<std::uint32_t> w(bytes.size() / 4);
    for (std::size_t i = 0; i < w.size(); ++i)
        for (unsigned b = 0; b < 4; ++b) w[i] |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i * 4 + b])) << (8 * b);
    return w;
}

// The disassembly's statements (grvk's dialect): every non-empty line after the language and version.
std::vector<std::string> statements_of(const std::string& text) {
    std::vector<std::string> out;
    for (auto line : ctisa_test::lines_of(text)) {
        const auto start = line.find_first_not_of(' ');
        if (start != std::string::npos) out.push_back(line.substr(start));
    }
    return out;
}

}  // namespace

TEST_CASE("amdil: every public binary decodes to its last dword, in step with its disassembly", "[amdil][stream][conformance]") {
    std::size_t total_packets = 0, default_modifiers = 0, spelled_controls = 0;
    for (const char* name : amdil_test::public_binaries) {
        INFO(name);
        const auto w = words_of(amdil_test::read_public(name, ".bin"));
        const auto text = statements_of(amdil_test::read_public(name, ".txt"));
        REQUIRE(text.size() > 2);
        CHECK(text[0] == "dx11_ps");  // what token 0 (language 9) and token 1 (0x00010200) say
        CHECK(text[1] == "il_ps_2_0");
        std::size_t packets = 0, end = 0;
        bool header_seen = false;
        const auto e = il::walk_stream(
            std::span<const std::uint32_t>(w),
            [&](il::packet_extent p, bool header) {
                end = p.offset + p.size;
                if (header) {
                    header_seen = true;
                    return;
                }
                const auto op = static_cast<il::opcode>(w[p.offset] & 0xFFFFu);
                REQUIRE(packets + 2 < text.size());
                const std::string& line = text[packets + 2];
                INFO(line);
                // grvk appends control settings and modifiers (mad_ieee_sat, dcl_input_generic_interp(linear)).
                CHECK(line.rfind(std::string(il::mnemonic(op)), 0) == 0);
                // Control fields whose values chapter 6 spells: the disassembly spells them too.
                for (std::size_t f = 0; f < il::control_field_count(op); ++f) {
                    const auto field = il::control_field_of(op, f);
                    const std::uint32_t value = (w[p.offset] >> field.lsb) & ((1u << (field.msb - field.lsb + 1)) - 1u);
                    std::string text(il::enum_text(field.enum_name, value));
                    if (text.empty()) continue;
                    if (text.rfind("_usage(", 0) == 0) text = "_" + text.substr(7, text.size() - 8);  // grvk: dcl_input_generic
                    CHECK(line.find(text) != std::string::npos);
                    ++spelled_controls;
                }
                ++packets;
            },
            [&](std::size_t i, il::token_kind kind) {
                // Modifier tokens whose content is the default: write xyzw, swizzle xyzw, nothing else.
                if ((kind == il::token_kind::dst_mod && w[i] == 0x55u) || (kind == il::token_kind::src_mod && w[i] == 0x3210u))
                    ++default_modifiers;
            });
        INFO(e.message() << " at byte " << e.offset << " (" << e.subject << ")");
        REQUIRE_FALSE(e.failed());
        CHECK(header_seen);
        CHECK(end == w.size());
        CHECK(packets + 2 == text.size());
        CHECK(w[end - 1] == static_cast<std::uint32_t>(il::opcode::end));  // the last packet is END
        total_packets += packets;
    }
    CHECK(total_packets == 11612);
    CHECK(default_modifiers == 37);  // the count for the public binaries
    CHECK(spelled_controls == 9 * 2 + 9 + 116);  // dcl_input usage and interp, dcl_output usage, div zeroop
    std::printf(
        "amdil conformance: 9 of 9 binaries decode to their last dword, %zu packets in step with the disassembly, "
        "%zu default-content modifier tokens\n",
        total_packets, default_modifiers);
}

namespace {

constexpr std::uint32_t mov_code = static_cast<std::uint32_t>(il::opcode::mov);
constexpr std::uint32_t r1 = 0x00040001u;          // IL_Src: temp register 1 (type 4)
constexpr std::uint32_t r0_masked = 0x00440000u;   // IL_Dst: temp 0, modifier present
constexpr std::array<std::uint32_t, 5> mov_r0_r1{9u, 0x00010200u, mov_code, 0x00040000u, r1};

template <std::size_t N>
constexpr ctisa::error first_error(const std::array<std::uint32_t, N>& w) {
    return il::walk_stream(std::span<const std::uint32_t>(w), [](il::packet_extent, bool) {});
}

}  // namespace

TEST_CASE("amdil: the walker works in constant evaluation", "[amdil][stream]") {
    STATIC_REQUIRE(!first_error(mov_r0_r1).failed());
    STATIC_REQUIRE(il::packet_at(std::span<const std::uint32_t>(mov_r0_r1), 2)->size == 3);
    // mov r0, cb[r6.w+2][r2.x+4].y: the nine source tokens of section 2.2.8, example 5.
    constexpr std::array<std::uint32_t, 12> example5{mov_code,    0x00040000u,                                  // mov r0,
                                                     0x075F0000u, 0x00001111u,  // IL_Src cb: mod, reg-relative, dim 1, imm; .y
                                                     0x00440006u, 0x00003333u, 2u,  // r6 .w, literal 2
                                                     0x05000000u,  // second dimension: reg-relative, imm
                                                     0x00440002u, 0x00000000u, 4u,  // r2 .x, literal 4
                                                     0u};
    constexpr auto p = il::packet_at(std::span<const std::uint32_t>(example5), 0);
    STATIC_REQUIRE(p.ok());
    STATIC_REQUIRE(p->size == 11);
}

TEST_CASE("amdil: damaged streams give errors with their offsets", "[amdil][stream][errors]") {
    SECTION("empty and headerless streams") {
        CHECK(first_error(std::array<std::uint32_t, 0>{}).code == error_code::missing_header);
        CHECK(first_error(std::array<std::uint32_t, 1>{9u}).code == error_code::missing_header);
    }
    SECTION("header fields") {
        const auto lang = first_error(std::array<std::uint32_t, 2>{0x109u, 0x00010200u});
        CHECK(lang.code == error_code::reserved_bits_set);
        CHECK(lang.subject == "IL_Lang.reserved");
        CHECK(first_error(std::array<std::uint32_t, 2>{15u, 0x00010200u}).code == error_code::reserved_value);
        const auto version = first_error(std::array<std::uint32_t, 2>{9u, 0x04010200u});
        CHECK(version.code == error_code::reserved_bits_set);
        CHECK(version.offset == 4);
        CHECK(first_error(std::array<std::uint32_t, 2>{9u, 0x00060200u}).subject == "IL_Version.shader_type");
    }
    SECTION("unknown code") {
        const auto e = first_error(std::array<std::uint32_t, 3>{9u, 0x00010200u, 483u});
        CHECK(e.code == error_code::reserved_opcode);
        CHECK(e.offset == 8);
        CHECK(first_error(std::array<std::uint32_t, 3>{9u, 0x00010200u, 660u}).code == error_code::reserved_opcode);
    }
    SECTION("a code whose tokens the document does not give") {
        const auto e = first_error(std::array<std::uint32_t, 3>{9u, 0x00010200u, static_cast<std::uint32_t>(il::opcode::mova)});
        CHECK(e.code == il::errors::undescribed_operands);
        CHECK(e.subject == "IL_OP_MOVA");
    }
    SECTION("token counts that run past the end") {
        const auto e = first_error(std::array<std::uint32_t, 4>{9u, 0x00010200u, mov_code, 0x00040000u});
        CHECK(e.code == error_code::truncated);
        CHECK(e.offset == 16);
        CHECK(e.subject == "IL_Src");
        const auto mod = first_error(std::array<std::uint32_t, 4>{9u, 0x00010200u, mov_code, r0_masked});
        CHECK(mod.code == error_code::truncated);
        CHECK(mod.subject == "IL_Dst_Mod");
        const auto literal =
            first_error(std::array<std::uint32_t, 5>{9u, 0x00010200u, static_cast<std::uint32_t>(il::opcode::dcl_literal), 0x00200000u, 1u});
        CHECK(literal.code == error_code::truncated);
        CHECK(literal.subject == "IL_DCL_LITERAL");
        const auto comment = first_error(std::array<std::uint32_t, 5>{9u, 0x00010200u, static_cast<std::uint32_t>(il::opcode::comment), 3u, 0u});
        CHECK(comment.code == error_code::truncated);
        CHECK(comment.subject == "comment text");
        const auto icb = first_error(
            std::array<std::uint32_t, 4>{9u, 0x00010200u, 0x80000000u | static_cast<std::uint32_t>(il::opcode::dcl_const_buffer), 0xFFFFFFFFu});
        CHECK(icb.code == error_code::truncated);
        CHECK(icb.subject == "immediate constant buffer");
    }
    SECTION("a sample with aoffimmi carries its packed offsets after the opcode token") {
        constexpr std::uint32_t sample = static_cast<std::uint32_t>(il::opcode::sample) | (1u << 29);
        CHECK_FALSE(first_error(std::array<std::uint32_t, 6>{9u, 0x00010200u, sample, 0x00000102u, 0x00040000u, r1}).failed());
        const auto e = first_error(std::array<std::uint32_t, 5>{9u, 0x00010200u, sample, 0x00040000u, r1});
        CHECK(e.code == error_code::truncated);
        CHECK(e.subject == "IL_Src");
        std::size_t offsets_at = 0;
        const std::array<std::uint32_t, 4> packet{sample, 0x00000102u, 0x00040000u, r1};
        CHECK(il::packet_at(std::span<const std::uint32_t>(packet), 0, [&](std::size_t i, il::token_kind k) {
                  if (k == il::token_kind::address_offset) offsets_at = i;
              })->size == 4);
        CHECK(offsets_at == 1);
    }
    SECTION("reserved bits and values in operand tokens") {
        const auto dst = first_error(std::array<std::uint32_t, 5>{9u, 0x00010200u, mov_code, 0x08040000u, r1});
        CHECK(dst.code == error_code::reserved_bits_set);
        CHECK(dst.subject == "IL_Dst.reserved");
        CHECK(dst.offset == 12);
        const auto type = first_error(std::array<std::uint32_t, 5>{9u, 0x00010200u, mov_code, 0x003F0000u, r1});
        CHECK(type.subject == "IL_Dst.register_type");
        const auto relative = first_error(std::array<std::uint32_t, 5>{9u, 0x00010200u, mov_code, 0x00040000u, 0x01840001u});
        CHECK(relative.subject == "IL_Src.relative_address");
        const auto dst_mod = first_error(std::array<std::uint32_t, 6>{9u, 0x00010200u, mov_code, r0_masked, 0x2000u, r1});
        CHECK(dst_mod.code == error_code::reserved_bits_set);
        CHECK(dst_mod.offset == 16);
        const auto shift = first_error(std::array<std::uint32_t, 6>{9u, 0x00010200u, mov_code, r0_masked, 0x55u | (7u << 9), r1});
        CHECK(shift.subject == "IL_Dst_Mod.shift_scale");
        const auto swizzle = first_error(std::array<std::uint32_t, 6>{9u, 0x00010200u, mov_code, 0x00040000u, 0x00440001u, 0x3216u});
        CHECK(swizzle.subject == "IL_Src_Mod.swizzle");
        const auto src_mod = first_error(std::array<std::uint32_t, 6>{9u, 0x00010200u, mov_code, 0x00040000u, 0x00440001u, 0x02003210u});
        CHECK(src_mod.subject == "IL_Src_Mod.reserved");
    }
    SECTION("index operands nested without end") {
        std::array<std::uint32_t, 16> w{9u, 0x00010200u, mov_code, 0x00040000u};
        for (std::size_t i = 4; i < w.size(); ++i) w[i] = 0x01040001u;  // each index is register-relative again
        const auto e = first_error(w);
        CHECK(e.code == il::errors::operand_nesting);
    }
}

TEST_CASE("amdil: the plain-packet walk agrees with packet_at", "[amdil][stream]") {
    // Every packet of the public binaries, as is and with one to three bits flipped: wherever the
    // short walk (the stream decoder's) gives a size, packet_at accepts the packet with that size.
    ctisa_test::rng random;
    std::size_t plain = 0, packets = 0, differ = 0;
    for (const char* name : amdil_test::public_binaries) {
        const auto w = words_of(amdil_test::read_public(name, ".bin"));
        std::vector<std::size_t> starts;
        REQUIRE_FALSE(il::walk_stream(std::span<const std::uint32_t>(w), [&](il::packet_extent p, bool header) {
                          if (!header) starts.push_back(p.offset);
                      }).failed());
        for (const std::size_t at : starts) {
            std::array<std::uint32_t, il::max_packet_dwords> window{};
            const std::size_t n = std::min(window.size(), w.size() - at);
            for (int variant = 0; variant < 8; ++variant) {
                std::copy_n(w.begin() + static_cast<std::ptrdiff_t>(at), n, window.begin());
                for (int k = 0, flips = variant == 0 ? 0 : 1 + static_cast<int>(random.below(3)); k < flips; ++k) {
                    const auto bit = random.below(32 * static_cast<unsigned>(std::min<std::size_t>(n, 8)));
                    window[bit / 32] ^= 1u << (bit % 32);
                }
                const std::size_t size = il::plain_packet_size([&](std::size_t i) { return window[i]; }, n);
                const auto checked = il::packet_at(std::span<const std::uint32_t>(window.data(), n), 0);
                ++packets;
                if (size == 0) continue;
                ++plain;
                if (!checked || checked->size != size) ++differ;
            }
        }
    }
    INFO(plain << " of " << packets << " packets walked the short way");
    CHECK(differ == 0);
    CHECK(plain > packets / 2);
}
