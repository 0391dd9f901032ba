// SPDX-License-Identifier: MIT
// Every Valhall instruction over all its modifier values, selects, source kinds, source modifiers,
// write masks, staging counts, immediates, flow controls and immediate modes: instruction -> bytes ->
// instruction, and bytes -> text -> bytes. The variants come from the generated tables (the
// descriptors and enums), so every instruction and every value the XML defines is covered without
// hand-picking; the expectations are the round-trip properties themselves.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include <ctisa/valhall/valhall.hpp>

#include "random.hpp"

namespace va = ctisa::valhall;

namespace {

struct counter {
    long variants = 0;
};

// An instruction of `id` with every required modifier at its first defined value, registers as
// sources, r0 as destination, staging registers from r0, immediate 0.
va::instruction base_of(va::instruction_id id) {
    va::instruction in = va::make_instruction(id);
    const auto& ins = va::info(id);
    for (unsigned m = 0; m < ins.modifier_count; ++m) {
        const auto& mi = va::info(ins.modifiers[m].kind);
        if (mi.flag || mi.implied || mi.default_value >= 0) continue;
        unsigned v = 0;
        while (!va::is_defined(mi.values, v)) ++v;
        in.modifiers[static_cast<std::size_t>(ins.modifiers[m].kind)] = static_cast<std::uint8_t>(v);
    }
    for (unsigned i = 0; i < ins.source_count; ++i) {
        in.sources[i].kind = va::source_kind::reg;
        in.sources[i].index = static_cast<std::uint8_t>(i + 1);
    }
    for (unsigned k = 0; k < ins.staging_count; ++k) {
        in.staging[k].base = static_cast<std::uint8_t>(8 * k);
        if (in.staging[k].count == 0) in.staging[k].count = 1;
    }
    return in;
}

void round_trip(const va::instruction& in, counter& c) {
    const auto& ins = va::info(in.id);
    const std::string text = ctisa::to_string<va::isa>(in);
    INFO(ins.mnemonic << ": " << text);
    const auto valid = va::validate(in);
    if (valid.failed()) INFO("invalid: " << valid.message() << " (" << valid.subject << ")");
    REQUIRE_FALSE(valid.failed());
    const auto bytes = va::encode(in).value();
    const auto back = va::decode(bytes);
    if (!back) INFO("decode error: " << back.error().message() << " (" << back.error().subject << ")");
    REQUIRE(back.ok());
    CHECK(*back == in);
    const auto parsed = va::parse(text);
    if (!parsed) INFO("parse error: " << parsed.error().message() << " (" << parsed.error().subject << ") column " << parsed.error().column);
    REQUIRE(parsed.ok());
    CHECK(*parsed == in);
    CHECK(va::encode(*parsed).value() == bytes);
    ++c.variants;
}

// Every value a select field can hold that names an entry of its enum.
std::vector<std::uint8_t> select_values(const va::select_info& sel) {
    std::vector<std::uint8_t> out;
    for (unsigned v = 0; v < (1u << sel.width); ++v)
        if (va::fits_select(sel, v)) out.push_back(static_cast<std::uint8_t>(v));
    return out;
}

// Every special value (32-63) the immediate mode defines.
std::vector<std::uint8_t> special_values(va::immediate_mode mode) {
    std::vector<std::uint8_t> out;
    for (unsigned code = 32; code < 64; ++code)
        if (!va::special_name(mode, static_cast<std::uint8_t>(code)).empty()) out.push_back(static_cast<std::uint8_t>(code));
    return out;
}

const va::immediate_mode modes[] = {va::immediate_mode::none, va::immediate_mode::ts, va::immediate_mode::id};

}  // namespace

TEST_CASE("every instruction round-trips over every value of every field", "[valhall][roundtrip]") {
    REQUIRE(va::instructions.size() == 190);  // every <ins> of the XML, groups expanded
    counter c;
    long per_modifier_value = 0;
    for (const auto& ins : va::instructions) {
        const auto self = static_cast<va::instruction_id>(&ins - va::instructions.data());
        const va::instruction base = base_of(self);
        round_trip(base, c);

        // Modifiers: every defined value (flags: set).
        for (unsigned m = 0; m < ins.modifier_count; ++m) {
            const auto& use = ins.modifiers[m];
            const auto& mi = va::info(use.kind);
            if (mi.implied || !use.in_word) continue;
            const unsigned limit = mi.flag ? 2 : 1u << use.size;
            for (unsigned v = 0; v < limit; ++v) {
                if (!mi.flag && !va::is_defined(mi.values, v)) continue;
                va::instruction in = base;
                in.modifiers[static_cast<std::size_t>(use.kind)] = static_cast<std::uint8_t>(v);
                round_trip(in, c);
                ++per_modifier_value;
            }
        }
        // Sources: every select value, source modifier and kind.
        for (unsigned i = 0; i < ins.source_count; ++i) {
            const auto& si = ins.sources[i];
            if (si.select.kind != va::select_kind::none) {
                for (std::uint8_t v : select_values(si.select)) {
                    va::instruction in = base;
                    in.sources[i].select = v;
                    round_trip(in, c);
                }
            }
            for (unsigned flags = 1; flags < 8; ++flags) {
                va::instruction in = base;
                in.sources[i].neg = si.absneg && (flags & 1);
                in.sources[i].abs = si.absneg && (flags & 2);
                in.sources[i].invert = si.invertible && (flags & 4);
                round_trip(in, c);
            }
            for (std::uint8_t reg : {std::uint8_t{0}, std::uint8_t{63}}) {
                va::instruction in = base;
                in.sources[i] = va::source{va::source_kind::reg, reg, reg == 63, false, false, false, si.select.default_value};
                round_trip(in, c);
                in.sources[i] = va::source{va::source_kind::uniform, reg, false, false, false, false, si.select.default_value};
                round_trip(in, c);
            }
            for (std::uint8_t entry = 0; entry < 32; ++entry) {
                va::instruction in = base;
                in.sources[i] = va::source{va::source_kind::immediate, entry, false, false, false, false, si.select.default_value};
                round_trip(in, c);
            }
            for (va::immediate_mode mode : modes) {
                for (std::uint8_t code : special_values(mode)) {
                    va::instruction in = base;
                    in.mode = mode;
                    in.sources[i] = va::source{va::source_kind::special, code, false, false, false, false, si.select.default_value};
                    round_trip(in, c);
                }
            }
        }
        // The destination's write masks and registers.
        if (ins.dests != 0) {
            for (std::uint8_t mask = 1; mask <= 3; ++mask) {
                va::instruction in = base;
                in.dest = va::destination{static_cast<std::uint8_t>(mask == 2 ? 63 : mask), mask};
                round_trip(in, c);
            }
        }
        // Staging registers: every count the instruction allows, at both ends of the register file.
        for (unsigned k = 0; k < ins.staging_count; ++k) {
            const unsigned first = ins.staging[k].count != 0 ? ins.staging[k].count : 1;
            const unsigned last = ins.staging[k].count != 0 ? ins.staging[k].count : va::max_staging_registers;
            for (unsigned count = first; count <= last; ++count) {
                for (unsigned base_reg : {0u, va::register_count - count}) {
                    va::instruction in = base;
                    in.staging[k] = va::staging_operand{static_cast<std::uint8_t>(base_reg), static_cast<std::uint8_t>(count)};
                    round_trip(in, c);
                }
            }
        }
        // The immediate: both ends of its range and values between.
        if (ins.immediate_count != 0) {
            const auto& imm = ins.immediate;
            std::vector<std::int64_t> values;
            if (imm.is_signed) {
                const std::int64_t half = std::int64_t{1} << (imm.size - 1);
                values = {-half, -1, 0, 1, half - 1, half / 3};
            } else {
                const std::int64_t top = (std::int64_t{1} << imm.size) - 1;
                values = {0, 1, top, top / 3, top / 2 + 1};
            }
            for (std::int64_t v : values) {
                va::instruction in = base;
                in.immediate = static_cast<std::uint32_t>(static_cast<std::uint64_t>(v));
                round_trip(in, c);
            }
        }
        // Flow control: every action, every set of waited slots; every immediate mode.
        for (unsigned a = 0; a < 8; ++a) {
            if (!va::is_defined(va::enum_id::action, a)) continue;
            va::instruction in = base;
            in.has_action = true;
            in.act = static_cast<va::action>(a);
            round_trip(in, c);
        }
        for (std::uint8_t w = 1; w < 8; ++w) {
            va::instruction in = base;
            in.wait = w;
            round_trip(in, c);
        }
        for (va::immediate_mode mode : modes) {
            va::instruction in = base;
            in.mode = mode;
            round_trip(in, c);
        }
    }
    std::printf("valhall round trip: %ld variants of %zu instructions (%ld modifier values) round-trip through bytes and text\n", c.variants,
                va::instructions.size(), per_modifier_value);
    CHECK(c.variants > 20000);
}

namespace {

using ctisa_test::rng;

// A random combination of every field of the instruction (not always valid: FAU limits).
va::instruction random_variant(va::instruction_id id, rng& g) {
    const auto& ins = va::info(id);
    va::instruction in = base_of(id);
    in.mode = modes[g.below(3)];
    if (g.below(2)) {
        unsigned a;
        do a = g.below(8);
        while (!va::is_defined(va::enum_id::action, a));
        in.has_action = true;
        in.act = static_cast<va::action>(a);
    } else {
        in.wait = static_cast<std::uint8_t>(g.below(8));
    }
    for (unsigned m = 0; m < ins.modifier_count; ++m) {
        const auto& use = ins.modifiers[m];
        const auto& mi = va::info(use.kind);
        if (mi.implied || !use.in_word) continue;
        unsigned v;
        do v = g.below(mi.flag ? 2 : 1u << use.size);
        while (!mi.flag && !va::is_defined(mi.values, v));
        in.modifiers[static_cast<std::size_t>(use.kind)] = static_cast<std::uint8_t>(v);
    }
    for (unsigned i = 0; i < ins.source_count; ++i) {
        const auto& si = ins.sources[i];
        va::source s{};
        switch (g.below(4)) {
            case 0: s = {va::source_kind::reg, static_cast<std::uint8_t>(g.below(64)), g.below(2) == 1}; break;
            case 1: s = {va::source_kind::uniform, static_cast<std::uint8_t>(g.below(64))}; break;
            case 2: s = {va::source_kind::immediate, static_cast<std::uint8_t>(g.below(32))}; break;
            default: {
                const auto codes = special_values(in.mode);
                if (codes.empty()) s = {va::source_kind::reg, static_cast<std::uint8_t>(g.below(64))};
                else s = {va::source_kind::special, codes[g.below(static_cast<unsigned>(codes.size()))]};
            }
        }
        s.neg = si.absneg && g.below(2);
        s.abs = si.absneg && g.below(2);
        s.invert = si.invertible && g.below(2);
        if (si.select.kind != va::select_kind::none) {
            const auto values = select_values(si.select);
            s.select = values[g.below(static_cast<unsigned>(values.size()))];
        }
        in.sources[i] = s;
    }
    if (ins.dests != 0) in.dest = va::destination{static_cast<std::uint8_t>(g.below(64)), static_cast<std::uint8_t>(1 + g.below(3))};
    for (unsigned k = 0; k < ins.staging_count; ++k) {
        const unsigned count = ins.staging[k].count != 0 ? ins.staging[k].count : 1 + g.below(va::max_staging_registers);
        in.staging[k] =
            va::staging_operand{static_cast<std::uint8_t>(g.below(va::register_count - count + 1)), static_cast<std::uint8_t>(count)};
    }
    if (ins.immediate_count != 0) {
        const std::uint64_t raw = g.next() & ((std::uint64_t{1} << ins.immediate.size) - 1);
        in.immediate =
            ins.immediate.is_signed ? static_cast<std::uint32_t>(ctisa::sign_extend(raw, ins.immediate.size)) : static_cast<std::uint32_t>(raw);
    }
    return in;
}

}  // namespace

TEST_CASE("random combinations of fields round-trip", "[valhall][roundtrip]") {
    rng g;
    counter c;
    long rejected = 0;
    for (std::size_t n = 0; n < va::instructions.size(); ++n) {
        for (int v = 0; v < 300; ++v) {
            const va::instruction in = random_variant(static_cast<va::instruction_id>(n), g);
            if (va::validate(in).failed()) {  // FAU limits: a combination the ISA forbids
                ++rejected;
                continue;
            }
            round_trip(in, c);
        }
    }
    std::printf("valhall random round trip: %ld valid combinations round-trip (%ld exceeded the FAU limits)\n", c.variants, rejected);
    CHECK(c.variants > 190 * 100);
}

TEST_CASE("every word decodes to an instruction that round-trips, or to an error", "[valhall][roundtrip]") {
    rng g;
    long accepted = 0, total = 0;
    auto check_word = [&](std::uint64_t w) {
        ++total;
        const auto d = va::decode_word(w);
        if (!d) {
            CHECK(d.error().code != ctisa::error_code::none);
            return;
        }
        ++accepted;
        const auto text = ctisa::to_string<va::isa>(*d);
        INFO(text);
        const auto again = ctisa::assemble_bytes<va::isa>(text);
        REQUIRE(again.ok());
        std::uint64_t back = 0;
        for (int i = 7; i >= 0; --i) back = (back << 8) | (*again)[static_cast<std::size_t>(i)];
        CHECK(back == w);
    };
    // Valid words with one to three bits flipped.
    for (std::size_t n = 0; n < va::instructions.size(); ++n) {
        for (int v = 0; v < 40; ++v) {
            const va::instruction in = random_variant(static_cast<va::instruction_id>(n), g);
            if (va::validate(in).failed()) continue;
            const std::uint64_t w = va::encode_word(in).value();
            for (int flip = 0; flip < 16; ++flip) {
                std::uint64_t f = w;
                for (unsigned k = 0, n_bits = 1 + g.below(3); k < n_bits; ++k) f ^= std::uint64_t{1} << g.below(64);
                check_word(f);
            }
        }
    }
    // Random words under every 9-bit opcode.
    for (std::uint64_t op = 0; op < 512; ++op)
        for (int v = 0; v < 64; ++v) check_word((g.next() & ~(std::uint64_t{0x1FF} << 48)) | (op << 48));
    std::printf("valhall decoding: %ld of %ld arbitrary words are instructions, and each round-trips through text\n", accepted, total);
    CHECK(accepted > 0);
}
