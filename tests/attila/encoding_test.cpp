// SPDX-License-Identifier: MIT
// The ATTILA encoder and decoder against the wiki's bit layout, and the decoder's totality.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <string_view>

#include <ctisa/attila/attila.hpp>

namespace at = ctisa::attila;
using ctisa::error_code;

namespace {
// A field value at the wiki's position in qword 0 or 1.
constexpr std::uint64_t at_bits(std::uint64_t value, unsigned lsb) { return value << lsb; }

constexpr at::words encode_text(std::string_view text) { return at::encode_words(at::parse(text).value()).value(); }

at::encoded bytes_of(const at::words& w) { return ctisa::to_bytes(w); }

ctisa::error decode_error(const at::words& w) {
    auto r = at::decode(bytes_of(w));
    REQUIRE_FALSE(r.ok());
    return r.error();
}
}  // namespace

TEST_CASE("ATTILA encodes at the wiki's bit positions", "[attila][encoding]") {
    // add r1.x, r2, c3: opcode 01, op1 TEMP(3) r2 .xyzw, op2 PARAM(2) c3, op3 unused (bank 7, .xyzw),
    // result TEMP r1 mask x (8).
    constexpr auto w = encode_text("add r1.x, r2, c3");
    STATIC_REQUIRE(w[0] == (0x01 | at_bits(3, 17) | at_bits(2, 22) | at_bits(7, 27) | at_bits(3, 32) | at_bits(8, 36)));
    STATIC_REQUIRE(w[1] == (2 | at_bits(0x1B, 8) | at_bits(1, 16) | at_bits(3, 24) | at_bits(0x1B, 32) | at_bits(0x1B, 48)));

    // (!p5) mul_sat o2.yw, -|i4.wzyx|, 1.5 <- end: immediate layout, op2 bank IMM(6), float bits.
    constexpr auto m = encode_text("(!p5) mul_sat o2.yw, -|i4.wzyx|, 1.5 <- end");
    STATIC_REQUIRE(m[0] == (0x17 | at_bits(1, 8) | at_bits(1, 10) | at_bits(1, 11) | at_bits(5, 12) | at_bits(0, 17) | at_bits(1, 20) |
                            at_bits(1, 21) | at_bits(6, 22) | at_bits(7, 27) | at_bits(1, 32) | at_bits(1, 35) | at_bits(0x5, 36)));
    STATIC_REQUIRE(m[1] == (4 | at_bits(0xE4, 8) | at_bits(2, 16) | at_bits(0x3FC00000, 32)));

    // Relative addressing: c10[a1.y + -1] and c300 (PARAM2 bank 5, register 44).
    constexpr auto r = encode_text("mad r0, c10[a1.y + -1], c300[a1.y + -1].x, r2");
    STATIC_REQUIRE(((r[0] >> 17) & 7) == 2);
    STATIC_REQUIRE(((r[0] >> 22) & 7) == 5);
    STATIC_REQUIRE(((r[1] >> 24) & 0xFF) == 44);
    STATIC_REQUIRE(((r[0] >> 40) & 1) == 1);
    STATIC_REQUIRE(((r[0] >> 41) & 3) == 1);
    STATIC_REQUIRE(((r[0] >> 43) & 3) == 1);
    STATIC_REQUIRE(((r[0] >> 45) & 0x1FF) == 0x1FF);

    // JMP: signed offset in bits 32-63 of qword 1.
    constexpr auto j = encode_text("jmp !p1, -3");
    STATIC_REQUIRE((j[1] >> 32) == 0xFFFFFFFDu);
    STATIC_REQUIRE(((j[0] >> 20) & 1) == 1);

    // END: opcode 37 and the end flag, nothing else (the intended bytes of the vectors' notes).
    STATIC_REQUIRE(encode_text("end")[0] == 0x137);
    STATIC_REQUIRE(encode_text("end")[1] == 0);
}

TEST_CASE("ATTILA decoding is total: errors name what is wrong", "[attila][decoding]") {
    const at::words add = encode_text("add r1.x, r2, c3");
    REQUIRE(at::decode(bytes_of(add)).ok());

    SECTION("reserved opcodes") {
        for (unsigned code : {0x05u, 0x06u, 0x1Au, 0x38u, 0x80u, 0xFFu}) {
            at::words w = add;
            w[0] = (w[0] & ~0xFFull) | code;
            CHECK(decode_error(w).code == error_code::reserved_opcode);
        }
    }
    SECTION("truncated stream") {
        const auto b = bytes_of(add);
        auto r = at::decode(std::span<const std::uint8_t>(b.data(), 15));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == error_code::truncated);
    }
    SECTION("reserved bits") {
        at::words w = add;
        w[0] |= 1ull << 60;
        CHECK(decode_error(w).code == error_code::reserved_bits_set);
        CHECK(decode_error(w).subject == "reserved");
        w = add;
        w[1] |= 1ull << 58;
        CHECK(decode_error(w).code == error_code::reserved_bits_set);
    }
    SECTION("bank 7 in a used slot, OUT as a source, IN as a result") {
        at::words w = add;
        w[0] |= 7ull << 17;
        CHECK(decode_error(w).code == error_code::reserved_value);
        CHECK(decode_error(w).subject == "op1bank");
        w = add;
        w[0] = (w[0] & ~(7ull << 17)) | (1ull << 17);
        CHECK(decode_error(w).code == error_code::write_only_bank);
        w = add;
        w[0] &= ~(7ull << 32);
        CHECK(decode_error(w).code == error_code::read_only_bank);
    }
    SECTION("an immediate where none can be") {
        at::words w = add;
        w[0] = (w[0] & ~(7ull << 17)) | (6ull << 17);
        CHECK(decode_error(w).code == at::errors::immediate_not_allowed);
    }
    SECTION("empty write mask") {
        at::words w = add;
        w[0] &= ~(0xFull << 36);
        CHECK(decode_error(w).code == error_code::bad_write_mask);
    }
    SECTION("unused slots must hold their canonical values") {
        at::words w = add;
        w[0] &= ~(7ull << 27);  // op3bank 0 instead of 7
        CHECK(decode_error(w).code == error_code::unused_field_set);
        CHECK(decode_error(w).subject == "op3bank");
        w = add;
        w[1] |= 5ull << 40;  // op3reg
        CHECK(decode_error(w).subject == "op3reg");
    }
    SECTION("relative addressing without a constant operand") {
        const at::words mov = encode_text("mov r0, r1");
        at::words w = mov;
        w[0] |= 1ull << 40;
        CHECK(decode_error(w).code == at::errors::relative_addressing_not_allowed);
        w = mov;
        w[0] |= 3ull << 45;  // an offset with relative addressing off
        CHECK(decode_error(w).code == error_code::unused_field_set);
    }
    SECTION("END without its end flag, predicate results beyond p31") {
        CHECK(decode_error(at::words{0x37, 0}).code == error_code::reserved_value);
        at::words w = encode_text("setpeq p3, r0.x, r1.x");
        w[1] = (w[1] & ~(0xFFull << 16)) | (40ull << 16);
        CHECK(decode_error(w).code == error_code::register_out_of_range);
    }
}

// The forms the wiki defines and the simulator's assembler refuses, in the wiki's fields (spec:
// setp, kill_sample, END): the saturate bit (35) inverts a SETP result, the sample is the second
// slot's register (hi64 bits 24-31), END takes predicated (10), invertpred (11) and predreg (12-16).
TEST_CASE("ATTILA encodes the wiki's inverted SETP results, samples and predicated END", "[attila][encoding]") {
    constexpr auto plain = encode_text("setpeq p1, r1.x, c0.y");
    constexpr auto inverted = encode_text("setpeq !p1, r1.x, c0.y");
    STATIC_REQUIRE(inverted[0] == (plain[0] | 1ull << 35));
    STATIC_REQUIRE(inverted[1] == plain[1]);
    STATIC_REQUIRE(encode_text("stplti !p3, r1.x, 5")[0] == (encode_text("stplti p3, r1.x, 5")[0] | 1ull << 35));

    constexpr auto kls0 = encode_text("kls r1");
    STATIC_REQUIRE(encode_text("kls r1, s0")[1] == kls0[1]);
    STATIC_REQUIRE(encode_text("kls r1, s2")[1] == (kls0[1] | 2ull << 24));
    STATIC_REQUIRE(encode_text("zxs r1, s255")[1] == (encode_text("zxs r1")[1] | 255ull << 24));

    STATIC_REQUIRE(encode_text("(p1) end")[0] == (0x137 | 1ull << 10 | 1ull << 12));
    STATIC_REQUIRE(encode_text("(!p31) end")[0] == (0x137 | 1ull << 10 | 1ull << 11 | 31ull << 12));

    // Each decodes back and prints as written (s0 unwritten, the simulator's spelling).
    for (std::string_view text : {"setpeq !p1, r1.x, c0.y", "kls r1, s2", "zxs -r1.y, s7", "(!p31) end", "kls r1"}) {
        auto d = at::decode_words(encode_text(text));
        REQUIRE(d.ok());
        CHECK(ctisa::to_string<at::isa>(*d) == text);
    }
}

namespace {
// The plan decoder (decoding.hpp) and the definition (decode, validate, encode back to the same
// words) must accept the same words, with the same instruction, and fail with the same error.
bool same_as_definition(const at::words& w) {
    const auto fast = at::decode_words(w);
    const auto reference = at::decode_words_by_encoding(w);
    if (fast.ok() != reference.ok()) return false;
    if (fast.ok()) return *fast == *reference;
    return fast.error().code == reference.error().code && fast.error().subject == reference.error().subject;
}
}  // namespace

TEST_CASE("ATTILA decoding never crashes on arbitrary words, and decodes as the definition", "[attila][decoding]") {
    // A cheap deterministic generator; every input must give an instruction or an error.
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    int decoded = 0, differ = 0;
    for (int n = 0; n < 200000; ++n) {
        at::words w{next(), next()};
        w[0] = (w[0] & ~0xFFull) | (next() % 0x40);  // mostly defined opcodes
        auto r = at::decode(bytes_of(w));
        if (r.ok()) {
            ++decoded;
            CHECK(at::encode_words(*r).value() == w);
        } else {
            CHECK(r.error().failed());
        }
        differ += same_as_definition(w) ? 0 : 1;
    }
    // Words each plan admits (its fixed bits, the rest random), and those with one to three bits flipped.
    int planned = 0;
    for (const auto& plan : at::decoding_detail::plans) {
        for (int n = 0; n < 150; ++n) {
            at::words w{};
            for (unsigned k = 0; k < 2; ++k) w[k] = plan.bits.fixed_value[k] | (next() & ~plan.bits.fixed_mask[k]);
            if (((w[0] >> 10) & 1u) == 0) w[0] &= ~(0x3Full << 11);  // not predicated: no predicate
            if (((w[0] >> 40) & 1u) == 0) w[0] &= ~(0x1FFFull << 41);  // not relative: no address
            planned += at::decode_words(w).ok() ? 1 : 0;
            differ += same_as_definition(w) ? 0 : 1;
            for (unsigned k = 0, flips = 1 + static_cast<unsigned>(next() % 3); k < flips; ++k) {
                const auto bit = next() % 128;
                w[bit / 64] ^= std::uint64_t{1} << (bit % 64);
            }
            differ += same_as_definition(w) ? 0 : 1;
        }
    }
    INFO("random encodings accepted: " << decoded << ", plan-shaped ones: " << planned);
    CHECK(differ == 0);
    CHECK(planned > 3000);
}

TEST_CASE("ATTILA's plan decoder reads as the definition in constant evaluation too", "[attila][decoding]") {
    // Constant evaluation reads an admitted word field by field; at run time its bytes are stored
    // whole. One text per way a slot is read: registers (c256-c511, |..|), immediates, predicates,
    // booleans, constants as predicates, units, samples, offsets; and the result's kinds.
    constexpr auto same = [](std::string_view text) {
        const auto w = encode_text(text);
        return at::decode_words(w).value() == at::decode_words_by_encoding(w).value();
    };
    STATIC_REQUIRE(same("mad r0, c10[a1.y + -1], c300[a1.y + -1].x, r2"));
    STATIC_REQUIRE(same("(!p5) mul_sat o2.yw, -|i4.wzyx|, 1.5 <- end"));
    STATIC_REQUIRE(same("addi a0.x, a0.x, -7"));
    STATIC_REQUIRE(same("andp !p9, c0[a0.x + 2].w, p6"));
    STATIC_REQUIRE(same("andp p0, false, !p3"));
    STATIC_REQUIRE(same("andp !p9, !c1.y, true"));
    STATIC_REQUIRE(same("setpeq !p1, r1.x, c0.y"));
    STATIC_REQUIRE(same("(p1) tex o0, -r3, t3"));
    STATIC_REQUIRE(same("kls r1, s2"));
    STATIC_REQUIRE(same("jmp !p1, -3"));
    STATIC_REQUIRE(same("(!p31) end"));
}
