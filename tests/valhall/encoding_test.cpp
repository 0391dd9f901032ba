// SPDX-License-Identifier: MIT
// Valhall encoder and decoder: fields land where the XML (and, where it is silent, Mesa 21.3's
// valhall.py) puts them, and decoding is total: every word is an instruction or an error naming why.
#include <catch2/catch.hpp>

#include <string>

#include <ctisa/valhall/valhall.hpp>

namespace va = ctisa::valhall;
using ctisa::error_code;

namespace {

std::uint64_t assembled(std::string_view text) {
    const auto bytes = ctisa::assemble_bytes<va::isa>(text);
    INFO(text);
    if (!bytes) INFO(bytes.error().message() << " (" << bytes.error().subject << ")");
    REQUIRE(bytes.ok());
    REQUIRE(bytes->size() == 8);
    std::uint64_t w = 0;
    for (int i = 7; i >= 0; --i) w = (w << 8) | (*bytes)[static_cast<std::size_t>(i)];
    return w;
}

std::uint64_t bits(std::uint64_t w, unsigned lsb, unsigned width) { return (w >> lsb) & ((std::uint64_t{1} << width) - 1); }

struct failure {
    std::string code;
    std::string subject;
};
failure decode_failure(std::uint64_t w) {
    const auto r = va::decode_word(w);
    if (r.ok()) return {"accepted: " + ctisa::to_string<va::isa>(*r), ""};
    return {std::string(ctisa::name_of(r.error().code)), std::string(r.error().subject)};
}

// Words of Mesa's assembler cases (the bytes read little-endian), named by their text.
constexpr std::uint64_t mov_r1_r2 = 0x0091C10000000002;       // MOV.i32 r1, r2
constexpr std::uint64_t fadd_r0_r1_r2 = 0x00A4C00000000201;   // FADD.f32 r0, r1, r2
constexpr std::uint64_t tex_case = 0x0128420210C42003;        // TEX.computed.2d.slot0 @r2, @r4:r5:r6:r7, r3
constexpr std::uint64_t nop_return = 0x7800C00000000000;      // NOP.return
constexpr std::uint64_t load_i24 = 0x0060828210000080;        // LOAD.i24.unsigned.slot0 @r2, u0, offset:0
constexpr std::uint64_t load_i32 = 0x0060828218000080;        // LOAD.i32.unsigned.slot0 @r2, u0, offset:0
constexpr std::uint64_t blend_case = 0x787F4004333C00F0;      // BLEND.slot0.v4.f16.return @r0:r1, @r60, blend_descriptor_0_x, target:0x0
constexpr std::uint64_t mov_ts = 0x0291C100000000E3;          // MOV.i32.ts r1, tls_ptr_hi
constexpr std::uint64_t iadd_h0 = 0x00A0C00008000201;         // IADD.u32 r0, r1, r2.h0

}  // namespace

TEST_CASE("the case words are what the tests think they are", "[valhall][encoding]") {
    CHECK(assembled("MOV.i32 r1, r2") == mov_r1_r2);
    CHECK(assembled("FADD.f32 r0, r1, r2") == fadd_r0_r1_r2);
    CHECK(assembled("TEX.computed.2d.slot0 @r2, @r4:r5:r6:r7, r3") == tex_case);
    CHECK(assembled("NOP.return") == nop_return);
    CHECK(assembled("LOAD.i24.unsigned.slot0 @r2, u0, offset:0") == load_i24);
    CHECK(assembled("LOAD.i32.unsigned.slot0 @r2, u0, offset:0") == load_i32);
    CHECK(assembled("BLEND.slot0.v4.f16.return @r0:r1, @r60, blend_descriptor_0_x, target:0x0") == blend_case);
    CHECK(assembled("MOV.i32.ts r1, tls_ptr_hi") == mov_ts);
    CHECK(assembled("IADD.u32 r0, r1, r2.h0") == iadd_h0);
}

TEST_CASE("opcodes and modifiers land where the XML and Mesa's placement put them", "[valhall][encoding]") {
    // <ins name="CLZ.v4u8" opcode="0x91" opcode2="0x6">, one source: opcode2 at bit 16.
    const auto clz = assembled("CLZ.v4u8 r0, r1");
    CHECK(bits(clz, 48, 9) == 0x91);
    CHECK(bits(clz, 16, 4) == 6);
    // NOT.i64 opcode 0x191: the ninth opcode bit is bit 56.
    CHECK(bits(assembled("NOT.i64 r0, r1"), 48, 9) == 0x191);
    CHECK(bits(assembled("NOT.i64 r0, r1"), 16, 4) == 0xE);
    // LOAD.i128 opcode2 7: LOAD/STORE put opcode2 at bit 27 (3 bits).
    const auto load = assembled("LOAD.i128.slot0 @r4:r5:r6:r7, u0, offset:0");
    CHECK(bits(load, 48, 9) == 0x60);
    CHECK(bits(load, 27, 3) == 7);
    CHECK(bits(load, 33, 3) == 4);  // staging_register_count
    CHECK(bits(load, 36, 3) == 7);  // Load lane (128-bit): identity is entry 7
    // LSHIFT_OR.v2i16: opcode 0xB5, opcode2 0x101 at bit 24 (three sources): bits 24 and 32.
    const auto lsh = assembled("LSHIFT_OR.v2i16 r0, r1, r2.b00, r3");
    CHECK(bits(lsh, 48, 9) == 0xB5);
    CHECK(bits(lsh, 24, 2) == 1);
    CHECK(bits(lsh, 32, 1) == 1);
    CHECK(bits(lsh, 26, 4) == 4);  // Lanes (8-bit): b00 is entry 4, in the second source's widen field
    CHECK(bits(assembled("RSHIFT_OR.v2i16 r0, r1, r2.b00, r3"), 32, 1) == 0);
    // CUBE_TSEL opcode 0xBC opcode2 1, three sources: opcode2 at bit 24.
    CHECK(bits(assembled("CUBE_TSEL r0, r1, r2, r3"), 24, 4) == 1);
    // FMA_RSCALE.f32 has four sources: the fourth is byte 3.
    CHECK(bits(assembled("FMA_RSCALE.f32 r0, r1, r2, r3, r4"), 24, 8) == 4);
    // <cmp/>: condition at bits 32-34; gt is entry 1 of Condition.
    CHECK(bits(assembled("CSEL.u32.gt r0, r1, r2, r3, r4"), 32, 3) == 1);
    // BRANCHZ: eq at bit 36, the 27-bit signed offset at bit 8.
    const auto br = assembled("BRANCHZ.eq r1, offset:-1");
    CHECK(bits(br, 36, 1) == 1);
    CHECK(bits(br, 8, 27) == 0x7FFFFFF);
    // The XML's own example: MKVEC.v4i8 r1, r0.b3, 0x0.b0, 0x0. lane="true": bits 38 and 36.
    const auto mkvec = assembled("MKVEC.v4i8 r1, r0.b3, 0x0.b0, 0x0");
    CHECK(bits(mkvec, 38, 2) == 3);
    CHECK(bits(mkvec, 36, 2) == 0);
    CHECK(bits(mkvec, 8, 8) == 0xC0);  // immediate-table entry 0
    // CLPER: subgroup_size at 36, lane_operation at 32, inactive_result at 22.
    const auto clper = assembled("CLPER.i32.subgroup4.xor.umax r0, r1, r2");
    CHECK(bits(clper, 36, 2) == 1);
    CHECK(bits(clper, 32, 2) == 1);
    CHECK(bits(clper, 22, 4) == 1);
    CHECK(bits(clper, 16, 4) == 0xF);
    // Special values: lane_id is Thread identification entry 2, read as table entry 32 + 2.
    const auto id = assembled("MOV.i32.id r0, lane_id");
    CHECK(bits(id, 0, 8) == (0xC0 | 34));
    CHECK(bits(id, 57, 2) == 3);  // Immediate mode: id is entry 3
    // Flow control: wait slots as bits 59-61, actions with bit 62.
    CHECK(bits(assembled("NOP.wait012"), 59, 4) == 7);
    CHECK(bits(assembled("NOP.td"), 59, 4) == (8 | 5));
}

TEST_CASE("decoding names the field at fault", "[valhall][encoding]") {
    auto with = [](std::uint64_t w, unsigned lsb, unsigned width, std::uint64_t value) {
        const std::uint64_t mask = ((std::uint64_t{1} << width) - 1) << lsb;
        return (w & ~mask) | (value << lsb);
    };
    struct row {
        std::string_view what;
        std::uint64_t word;
        std::string_view code;
        std::string_view subject;
    };
    const row rows[] = {
        {"opcode 0x01 has no instruction", with(mov_r1_r2, 48, 9, 0x01), "reserved_opcode", "opcode"},
        {"opcode 0x1A0 is only in XML comments", with(mov_r1_r2, 48, 9, 0x1A0), "reserved_opcode", "opcode"},
        {"0xA4 with opcode2 5: no such instruction", with(fadd_r0_r1_r2, 16, 4, 5), "reserved_opcode", "opcode2"},
        {"bit 63 (unk3)", fadd_r0_r1_r2 | (std::uint64_t{1} << 63), "reserved_bits_set", "reserved"},
        {"immediate mode 2 is reserved", with(mov_r1_r2, 57, 2, 2), "reserved_value", "immediate_mode"},
        {"action 3 is reserved", with(nop_return, 59, 3, 3), "reserved_value", "action"},
        {"LOD mode 2 is reserved", with(tex_case, 13, 3, 2), "reserved_value", "lod_mode"},
        {"slot 3 is reserved", with(load_i32, 30, 3, 3), "reserved_value", "slot"},
        {"Load lane (24-bit) has no entry 7", with(load_i24, 36, 3, 7), "reserved_value", "load_lane_24_bit"},
        {"Load lane (24-bit) entry 1 is reserved", with(load_i24, 36, 3, 1), "reserved_value", "load_lane_24_bit"},
        {"register format 0 is reserved", with(blend_case, 24, 3, 0), "reserved_value", "register_format"},
        {"write mask 0", with(mov_r1_r2, 46, 2, 0), "bad_write_mask", "dest"},
        {"staging count 0", with(load_i32, 33, 3, 0), "bad_staging_registers", "sr0"},
        {"staging past r63", with(with(load_i32, 40, 6, 60), 33, 3, 7), "register_out_of_range", "sr0"},
        {"TEX's first staging operand is read, not written", with(tex_case, 46, 2, 2), "unused_field_set", "sr0.flags"},
        {"NOP has no destination: 0xC0", with(nop_return, 40, 8, 0), "unused_field_set", "dest"},
        {"MOV.i32 does not use bits 8-15", mov_r1_r2 | (std::uint64_t{1} << 9), "reserved_bits_set", "unused bits"},
        {"NOT.i64's opcode2 is 0xE", with(with(mov_r1_r2, 48, 9, 0x191), 16, 4, 0), "unused_field_set", "opcode2"},
        {"no special value 0x20 in the default mode", with(mov_r1_r2, 0, 8, 0xE0), "reserved_value", "src0"},
        {"tls_ptr_hi is not an id value", with(mov_ts, 57, 2, 3), "immediate_mode_mismatch", "src0"},
        {"Thread storage pointers entry 4 is reserved", with(mov_ts, 0, 8, 0xE4), "reserved_value", "src0"},
        {"a uniform in the ts mode", with(mov_ts, 0, 8, 0x81), "immediate_mode_mismatch", "src0"},
        {"u0 and u4: two uniform slots", with(with(fadd_r0_r1_r2, 0, 8, 0x80), 8, 8, 0x84), "uniform_slot_conflict", "src1"},
        {"Widen entry 3 is reserved", with(fadd_r0_r1_r2, 26, 2, 3), "bad_swizzle", "src1"},
        {"Swizzles (32-bit) entry 1 is reserved", with(iadd_h0, 26, 4, 1), "bad_swizzle", "src1"},
        {"Swizzles (32-bit) has 8 entries in a 4-bit field", with(iadd_h0, 26, 4, 9), "bad_swizzle", "src1"},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const auto f = decode_failure(r.word);
        CHECK(f.code == r.code);
        CHECK(f.subject == r.subject);
    }
}

TEST_CASE("a short stream is truncated, and the alias entry 21 round-trips", "[valhall][encoding]") {
    const std::uint8_t seven[7] = {};
    const auto t = va::decode(std::span<const std::uint8_t>(seven, 7));
    REQUIRE_FALSE(t.ok());
    CHECK(t.error().code == error_code::truncated);

    // Entry 21 holds 0x00000000 like entry 0 (erratum immediate-zero-twice): written imm21.
    const std::uint64_t w = (fadd_r0_r1_r2 & ~std::uint64_t{0xFF00}) | (std::uint64_t{0xC0 | 21} << 8);
    const auto d = va::decode_word(w);
    REQUIRE(d.ok());
    const auto text = ctisa::to_string<va::isa>(*d);
    CHECK(text == "FADD.f32 r0, r1, imm21");
    CHECK(assembled(text) == w);
    CHECK(assembled("FADD.f32 r0, r1, 0x0") != w);  // 0x0 is entry 0
}

TEST_CASE("decode(encode(x)) == x for builder-made instructions", "[valhall][encoding]") {
    using namespace va::operands;
    const ctisa::result<va::instruction> made[] = {
        va::fma_f32.with(va::clamp::clamp_0_1)(r(2), r(0), imm(0x44000000).neg().sel(va::sel::h1), imm(0).neg()),
        va::ld_var_imm_f32.with(va::slot::slot1).with(va::register_format::f32).with(va::vector_size::v4)(sr(8, 4), r(1), u(3), 5),
        va::store_i64.with(va::store_segment::tl).with(va::slot::slot2).wait(1, 2)(sr(2, 2), r(0).discard(), -32768),
        va::tex_fetch.with(va::dimension::cube).with(va::slot::slot0).with(va::flags::skip)(sr(0, 3), sr(4, 4), u(6)),
        va::iadd_imm_v2i16.with(va::action::barrier)(r(7).mask(va::sel::h1), r(3), 0x12345678),
    };
    for (const auto& m : made) {
        REQUIRE(m.ok());
        const auto bytes = va::encode(*m).value();
        const auto back = va::decode(bytes);
        REQUIRE(back.ok());
        CHECK(*back == *m);
    }
}
