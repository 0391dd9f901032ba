// SPDX-License-Identifier: MIT
// Every ATTILA opcode, over its operand kinds and modifier values: instruction -> bytes ->
// instruction, and bytes -> text -> bytes. The variants come from the generated opcode table, so
// a new opcode is covered without touching this test.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <ctisa/attila/attila.hpp>

namespace at = ctisa::attila;

namespace {

const at::bank readable[] = {at::bank::in, at::bank::param, at::bank::temp, at::bank::addr};
const at::bank writable[] = {at::bank::out, at::bank::temp, at::bank::addr};
const std::uint8_t swizzles[] = {0x1B, 0x00, 0x55, 0xAA, 0xFF, 0xE4, 0x4E, 0x05, 0x9C};

at::operand source_variant(unsigned v, bool immediate_ok, at::immediate_kind kind) {
    at::operand o;
    if (immediate_ok && v % 5 == 4) {
        o.kind = at::operand_kind::immediate;
        o.value = kind == at::immediate_kind::integer ? (v * 97u) % 2000u : 0x3F800000u + v * 0x1234567u;
        o.negate = v % 2;
        o.absolute = v % 3 == 0;
        return o;
    }
    o.kind = at::operand_kind::reg;
    o.bank = readable[v % 4];
    o.index = static_cast<std::uint16_t>(o.bank == at::bank::param ? (v * 61u) % 512u : (v * 37u) % 256u);
    o.swizzle = swizzles[v % 9];
    o.negate = (v / 2) % 2;
    o.absolute = (v / 3) % 2;
    return o;
}

at::operand predicate_variant(unsigned v) {
    at::operand o;
    switch (v % 3) {
        case 0: o = {at::operand_kind::predicate, at::bank::invalid, static_cast<std::uint16_t>(v % 32), 0x1B, v % 2 == 1, false, 0}; break;
        case 1: o = {at::operand_kind::boolean, at::bank::invalid, 0, 0x1B, false, false, v % 2}; break;
        default:
            o = {at::operand_kind::reg,
                 at::bank::param,
                 static_cast<std::uint16_t>((v * 53) % 512),
                 static_cast<std::uint8_t>((v % 4) * 0x55),
                 v % 2 == 0,
                 false,
                 0};
    }
    return o;
}

at::instruction variant(const at::opcode_info& op, unsigned v) {
    const at::form_info& form = at::info(op.form);
    at::instruction in;
    in.op = op.code;
    in.end = op.code == at::opcode::end || v % 7 == 3;
    in.wait = v % 5 == 2;
    if (op.code != at::opcode::end && v % 4 == 1) {
        in.predicated = true;
        in.invert_predicate = v % 8 == 5;
        in.predicate = static_cast<std::uint8_t>((v * 11) % 32);
    }
    in.saturate = op.saturate && v % 3 == 2;
    switch (form.slots[0]) {
        case at::slot_kind::vector_result:
            in.result = {at::operand_kind::reg, writable[v % 3], static_cast<std::uint16_t>((v * 29) % 256), 0x1B, false, false, 0};
            in.mask = static_cast<std::uint8_t>(1 + v % 15);
            break;
        case at::slot_kind::predicate_result:
            in.result = {at::operand_kind::predicate,
                         at::bank::invalid,
                         static_cast<std::uint16_t>(v % 32),
                         0x1B,
                         form.invert_result && v % 2 == 1,
                         false,
                         0};
            break;
        default: break;
    }
    bool has_constant = false;
    for (unsigned s = 0; s < 3; ++s) {
        at::operand& o = in.sources[s];
        const unsigned w = v + 3 * s;
        switch (form.slots[s + 1]) {
            case at::slot_kind::source: o = source_variant(w, false, op.immediate); break;
            case at::slot_kind::source_or_imm: o = source_variant(w, true, op.immediate); break;
            case at::slot_kind::predicate_source: o = predicate_variant(w); break;
            case at::slot_kind::texture:
                o = {at::operand_kind::texture, at::bank::invalid, static_cast<std::uint16_t>(w % 256), 0x1B, false, false, 0};
                break;
            case at::slot_kind::sample: o = {at::operand_kind::sample, at::bank::invalid, 0, 0x1B, false, false, 0}; break;
            case at::slot_kind::offset:
                o = {
                    at::operand_kind::offset, at::bank::invalid, 0, 0x1B, false, false, static_cast<std::uint32_t>(static_cast<int>(v) * -7919)};
                break;
            default: break;
        }
        if (o.kind == at::operand_kind::reg && o.bank == at::bank::param) has_constant = true;
    }
    if (has_constant && v % 2 == 0) {
        in.relative = true;
        in.rel = {static_cast<std::uint8_t>(v % 4), static_cast<std::uint8_t>((v / 4) % 4),
                  static_cast<std::int16_t>(static_cast<int>((v * 37) % 512) - 256)};
    }
    return in;
}

}  // namespace

TEST_CASE("every ATTILA opcode round-trips over its operand kinds and modifiers", "[attila][roundtrip]") {
    REQUIRE(at::opcodes.size() == 53);
    int checked = 0;
    for (const auto& op : at::opcodes) {
        for (unsigned v = 0; v < 240; ++v) {
            const at::instruction in = variant(op, v);
            INFO(op.mnemonic << " variant " << v);
            REQUIRE(at::validate(in).code == ctisa::error_code::none);
            const auto bytes = at::encode(in).value();
            const auto back = at::decode(bytes);
            REQUIRE(back.ok());
            CHECK(*back == in);
            const std::string text = ctisa::to_string<at::isa>(in);
            INFO(text);
            const auto reparsed = at::parse(text);
            REQUIRE(reparsed.ok());
            CHECK(*reparsed == in);
            CHECK(at::encode(*reparsed).value() == bytes);
            ++checked;
        }
    }
    CHECK(checked == 53 * 240);
}

TEST_CASE("bit flips of valid encodings decode to the same bytes or an error", "[attila][roundtrip]") {
    std::uint64_t state = 12345;
    auto next = [&] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return state >> 17;
    };
    int accepted = 0, total = 0;
    for (const auto& op : at::opcodes) {
        for (unsigned v = 0; v < 40; ++v) {
            const auto base = at::encode_words(variant(op, v)).value();
            for (int flip = 0; flip < 64; ++flip) {
                at::words w = base;
                w[next() % 2] ^= 1ull << (next() % 64);
                const auto bytes = ctisa::to_bytes(w);
                auto d = at::decode(bytes);
                ++total;
                if (!d.ok()) continue;
                ++accepted;
                const auto text = ctisa::to_string<at::isa>(*d);
                INFO(text);
                const auto again = ctisa::assemble_bytes<at::isa>(text);
                REQUIRE(again.ok());
                CHECK(std::equal(again->begin(), again->end(), bytes.begin(), bytes.end()));
            }
        }
    }
    INFO(accepted << " of " << total << " single-bit variants were valid encodings");
    CHECK(accepted > 0);
}

TEST_CASE("mangled assembly text gives an error or an instruction that prints back, never a crash", "[attila][roundtrip]") {
    const std::string seeds[] = {
        "(!p7) mad_sat o1.xz, -|c2[a3.w + -5].zyxw|, r4.xxyy, i9 <- end <- wait",
        "andp !p9, !c1.y, true",
        "jmp c4.x, -7",
        "kls -c2.y",
        "tex r0.xy, r1, t3",
        "addi a0.x, a0.x, 0xFFFFFFF9",
        "add r0, r1, 1.5",
        "setpgt p2, -i0.z, |r3.w|",
        "fxmad2 r12.xz, -i11.y, -r14.w, -c11.xxyy",
    };
    const std::string alphabet = " ,.|-![]()+<>0123456789xyzwacioprtsq_#;\t\nABCDEFmadtexjp";
    std::uint64_t state = 99;
    auto next = [&] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::size_t>(state >> 33);
    };
    int accepted = 0, rejected = 0;
    for (int n = 0; n < 60000; ++n) {
        std::string text = seeds[next() % std::size(seeds)];
        for (std::size_t edits = 1 + next() % 3; edits > 0; --edits) {
            const std::size_t at = text.empty() ? 0 : next() % text.size();
            switch (next() % 3) {
                case 0:
                    if (!text.empty()) text.erase(at, 1);
                    break;
                case 1: text.insert(at, 1, alphabet[next() % alphabet.size()]); break;
                default:
                    if (!text.empty()) text[at] = alphabet[next() % alphabet.size()];
                    break;
            }
        }
        auto r = at::parse(text);
        if (!r) {
            ++rejected;
            CHECK(r.error().line >= 1);
            continue;
        }
        ++accepted;
        const std::string printed = ctisa::to_string<at::isa>(*r);
        INFO(text << " -> " << printed);
        const auto again = at::parse(printed);
        REQUIRE(again.ok());
        CHECK(*again == *r);
    }
    INFO(accepted << " accepted, " << rejected << " rejected");
    CHECK(accepted > 0);
    CHECK(rejected > 0);
}
