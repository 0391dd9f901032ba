// SPDX-License-Identifier: MIT
// Cayman's text (syntax.hpp) on the engine (isa.hpp): images disassembled and assembled back to the
// same bytes for every opcode and the three realistic programs, compile-time assembly, and every
// error with its line and column or byte offset.
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

// A text and the error assembling it gives (none: it assembles), with its line and column.
struct bad {
    std::string text;
    ctisa::error_code code;
    std::uint32_t line = 0, column = 0;
};

void check_errors(std::span<const bad> cases) {
    for (const bad& b : cases) {
        INFO(b.text);
        const auto r = ctisa::assemble_bytes<cm::isa>(b.text);
        if (b.code == ctisa::error_code::none) {
            CHECK(r);
            continue;
        }
        REQUIRE(!r);
        CHECK(r.error().code == b.code);
        CHECK(r.error().line == b.line);
        CHECK(r.error().column == b.column);
    }
}

std::string text_of(const std::vector<std::uint8_t>& image) {
    std::string text;
    ctisa::text::string_sink sink(text);
    const ctisa::error e = ctisa::disassemble<cm::isa>(sink, image);
    INFO(e.message() << " " << e.subject << " at " << e.offset);
    REQUIRE(!e.failed());
    return text;
}

// image -> text -> image, and the statements read back equal to the ones decoded.
std::string round_trip(const std::vector<cm::cf_item>& items) {
    const auto image = cm::layout(items);
    INFO((image ? std::string("laid out") : std::string(image.error().message()) + " " + std::string(image.error().subject)));
    REQUIRE(image);
    const std::string text = text_of(*image);
    INFO(text);
    const auto bytes = ctisa::assemble_bytes<cm::isa>(text);
    INFO((bytes ? std::string("assembled")
                : std::string(bytes.error().message()) + " " + std::string(bytes.error().subject) + " line " +
                      std::to_string(bytes.error().line) + ":" + std::to_string(bytes.error().column)));
    REQUIRE(bytes);
    CHECK(*bytes == *image);
    const auto decoded = ctisa::decode_program<cm::isa>(*image);
    const auto read = ctisa::read_statements<cm::isa>(text);
    REQUIRE(decoded);
    REQUIRE(read);
    CHECK(read->statements == *decoded);
    return text;
}

cm::alu_group group_of(cm::opcode op) {
    const cm::alu_slots shape = cm::info(op).slots;
    const std::uint32_t n = shape == cm::alu_slots::vec4 || shape == cm::alu_slots::quad ? 4
                            : shape == cm::alu_slots::trans                              ? 3
                            : shape == cm::alu_slots::pair                               ? 2
                                                                                         : 1;
    cm::alu_group g;
    for (std::uint32_t ch = 0; ch < n; ++ch) {
        cm::instruction in = cm::make(op);
        if (ch > 0) in = cm::set(in, "DST_CHAN", ch).value();
        if (ch + 1 == n) in = cm::set(in, "LAST", 1).value();
        g.slots.push_back(in);
    }
    return g;
}

// The smallest program holding the opcode where it belongs.
std::vector<cm::cf_item> program_with(cm::opcode op) {
    const auto end = cm::cf_item{ins(c::cf, "END"), {}, {}};
    const auto mov = cm::alu_group{{ins(c::alu_op2, "MOV", {{"LAST", 1}})}, {}};
    const cm::instruction in = cm::make(op);
    switch (cm::info(op).cat) {
        case c::cf: {
            const std::string_view m = cm::info(op).mnemonic;
            if (m == "TC" || m == "TC_ACK") return {{in, {}, {ins(c::vtx, "FETCH")}}, end};
            if (m == "GDS") return {{in, {}, {ins(c::gds, "GDS_ADD")}}, end};
            if (m == "END") return {end};
            return {{in, {}, {}}, end};
        }
        case c::cf_alu:
            if (cm::info(op).mnemonic == "ALU_EXTENDED") return {{in, {}, {}}, {ins(c::cf_alu, "ALU"), {mov}, {}}, end};
            return {{in, {mov}, {}}, end};
        case c::alu_op2:
        case c::alu_op3:
        case c::lds_idx_op: return {{ins(c::cf_alu, "ALU"), {group_of(op)}, {}}, end};
        case c::tex:
        case c::vtx:
        case c::mem_rd: return {{ins(c::cf, "TC"), {}, {in}}, end};
        case c::gds:
        case c::tf: return {{ins(c::cf, "GDS"), {}, {in}}, end};
        default: return {{in, {}, {}}, end};
    }
}

constexpr std::uint32_t dword(const auto& bytes, std::size_t at) {
    return std::uint32_t{bytes[at]} | std::uint32_t{bytes[at + 1]} << 8 | std::uint32_t{bytes[at + 2]} << 16 |
           std::uint32_t{bytes[at + 3]} << 24;
}

}  // namespace

TEST_CASE("cayman text: every opcode round-trips through text to identical bytes", "[cayman][text]") {
    std::size_t opcodes = 0;
    for (std::size_t i = 0; i < cm::opcodes.size(); ++i) {
        const auto op = static_cast<cm::opcode>(i);
        if (cm::info(cm::info(op).cat).sub_of != cm::no_category) continue;  // RAT, GWS: operands of their instruction
        INFO(cm::info(cm::info(op).cat).name << " " << cm::info(op).mnemonic);
        round_trip(program_with(op));
        ++opcodes;
    }
    CHECK(opcodes == 390);
}

TEST_CASE("cayman text: the three realistic programs round-trip, in listing order", "[cayman][text]") {
    // CF program of 5 units (40 bytes): the fetch clause at 48 (16-byte aligned, ADDR 6), the ALU
    // clause after it at 64 (ADDR 8): 4 DOT4, 2 MOV and a literal slot.
    const std::string vs = round_trip(vertex_shader());
    CHECK(vs.starts_with("00 TC ADDR(6) CNT(1)\n    FETCH "));
    CHECK(vs.find("01 ALU ADDR(8) CNT(7) KCACHE_MODE0(") != std::string::npos);
    CHECK(vs.find("    w: DOT4 ____, R1.w, KC0[0].w LAST(1) DST_GPR(2)\n") != std::string::npos);
    CHECK(vs.find("    LITERAL 0x3F800000 0x00000000\n02 EXPORT ") != std::string::npos);
    CHECK(vs.ends_with("04 END\n"));
    const std::string ps = round_trip(pixel_shader());
    CHECK(ps.find("  x: KILLGT ") != std::string::npos);
    const std::string cs = round_trip(compute_kernel());
    // Jump targets are labels: the loop's start jumps past LOOP_END (CF address 4), LOOP_END back to
    // the body (CF address 1).
    CHECK(cs.starts_with("00 LOOP_START_DX10 ADDR(L4)\nL1: 01 ALU ADDR(7) CNT(3)\n     0  x: LDS_WRITE "));
    CHECK(cs.find("\n03 LOOP_END ADDR(L1)") != std::string::npos);
    CHECK(cs.find("\nL4: 04 GDS ADDR(12) CNT(1)\n    GDS_ADD ") != std::string::npos);
}

namespace {

void replace_once(std::string& text, std::string_view from, std::string_view to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("cayman text: CF jump targets by label", "[cayman][text]") {
    // The compute kernel with its loop's ADDRs as labels: LOOP_START_DX10 jumps past LOOP_END (CF
    // address 4), LOOP_END back to the body (CF address 1); same bytes as the numbers.
    const auto image = cm::layout(compute_kernel()).value();
    std::string text = text_of(image);
    replace_once(text, "00 LOOP_START_DX10 ADDR(L4)", "00 LOOP_START_DX10 ADDR(done)");
    replace_once(text, "L1: 01 ALU ADDR(7)", "body: 01 ALU ADDR(7)");
    replace_once(text, "03 LOOP_END ADDR(L1)", "03 LOOP_END ADDR(body)");
    replace_once(text, "L4: 04 GDS", "done:  GDS");
    INFO(text);
    const auto bytes = ctisa::assemble_bytes<cm::isa>(text);
    INFO((bytes ? std::string() : std::string(bytes.error().message()) + " " + std::string(bytes.error().subject)));
    REQUIRE(bytes);
    CHECK(*bytes == image);
    // A backward and a forward reference at compile time: JUMP (CF_INST 10, the decision on ch. 8's
    // "10 (0x10)") to CF address 2.
    static constexpr auto p = cm::assemble<"top: NOP\n JUMP ADDR(out)\nout: 02 JUMP ADDR(top)\n END\n">();
    STATIC_REQUIRE(dword(p.bytes, 8) == 2);
    STATIC_REQUIRE(dword(p.bytes, 12) == 10u << 22);
    STATIC_REQUIRE(dword(p.bytes, 16) == 0);
    const bad cases[] = {
        {"00 JUMP ADDR(nowhere)\n01 END\n", ctisa::error_code::undefined_label, 1, 14},
        {"a: 00 NOP\na: 01 END\n", ctisa::error_code::duplicate_name, 2, 1},
        {"00 ALU\n    lbl: x: MOV LAST(1)\n01 END\n", ctisa::error_code::misplaced_statement, 2, 10},  // labels are CF addresses
        {"a: 00 NOP\n01 END ADDR(a)\n", ctisa::error_code::operand_not_allowed, 2, 8},                 // END has no ADDR
        {"a: 00 ALU ADDR(a)\n01 END\n", ctisa::error_code{cm::errors::not_a_clause}, 1, 16},  // its own clause
        {"00 JUMP ADDR(2)\n01 END\n", ctisa::error_code{cm::errors::target_out_of_range}, 1, 1},  // past the CF program
    };
    check_errors(cases);
}

TEST_CASE("cayman text: two CF instructions running one clause", "[cayman][text]") {
    // CF program of 5 units (40 bytes): the ALU clause at 40 (ADDR 5), one MOV (CNT 1); the fetch
    // clause at 48 (ADDR 6, 16-byte aligned), one FETCH. ALU_PUSH_BEFORE runs the ALU clause again,
    // TC_ACK the fetch clause: same ADDR and COUNT, no clause of their own.
    const auto end = cm::cf_item{ins(c::cf, "END"), {}, {}};
    const auto mov = cm::alu_group{{ins(c::alu_op2, "MOV", {{"LAST", 1}})}, {}};
    const std::vector<cm::cf_item> items{{ins(c::cf_alu, "ALU"), {mov}, {}},
                                         {ins(c::cf_alu, "ALU_PUSH_BEFORE"), {}, {}, 0},
                                         {ins(c::cf, "TC"), {}, {ins(c::vtx, "FETCH")}},
                                         {ins(c::cf, "TC_ACK"), {}, {}, 2},
                                         end};
    const std::string text = round_trip(items);
    CHECK(text ==
          "L0: 00 ALU ADDR(5) CNT(1)\n"
          "     0  x: MOV ____, R0.x LAST(1)\n"
          "01 ALU_PUSH_BEFORE ADDR(L0) CNT(1)\n"
          "L2: 02 TC ADDR(6) CNT(1)\n"
          "    FETCH\n"
          "03 TC_ACK ADDR(L2) CNT(1)\n"
          "04 END\n");
    const auto image = cm::layout(items).value();
    REQUIRE(image.size() == 64);
    CHECK(dword(image, 8) == 5);            // ALU_PUSH_BEFORE: ADDR 5 (the ALU clause)
    CHECK(dword(image, 12) == 9u << 26);    // CF_INST 9, COUNT 0
    CHECK(dword(image, 24) == 6);           // TC_ACK: ADDR 6 (the fetch clause)
    CHECK(dword(image, 28) == 27u << 22);   // CF_INST 27, COUNT 0
    // A forward reference at compile time: both CF instructions at the clause after the 24-byte CF program.
    static constexpr auto p = cm::assemble<"00 ALU ADDR(b)\nb: 01 ALU\n    x: MOV LAST(1)\n02 END\n">();
    STATIC_REQUIRE(p.size_bytes() == 32);
    STATIC_REQUIRE(dword(p.bytes, 0) == 3);
    STATIC_REQUIRE(dword(p.bytes, 8) == 3);
    const bad cases[] = {
        {"a: 00 NOP\n01 ALU ADDR(a) CNT(1)\n02 END\n", ctisa::error_code{cm::errors::not_a_clause}, 2, 13},      // no clause
        {"a: 00 TC\n    FETCH\n01 ALU ADDR(a)\n02 END\n", ctisa::error_code{cm::errors::not_a_clause}, 3, 13},  // another kind
        {"a: 00 ALU\n    x: MOV LAST(1)\nb: 01 ALU ADDR(a)\n02 ALU ADDR(b)\n03 END\n", ctisa::error_code{cm::errors::not_a_clause}, 4,
         13},  // b's clause is a's
        {"a: 00 ALU\n    x: MOV LAST(1)\n01 ALU ADDR(a)\n    x: MOV LAST(1)\n02 END\n", ctisa::error_code::misplaced_statement, 4, 5},
        {"a: 00 ALU\n    x: MOV LAST(1)\n01 ALU ADDR(a) CNT(2)\n02 END\n", ctisa::error_code::value_out_of_range, 3, 1},
        // The second CF instruction locks no kcache line: the clause's KC0[1] is outside its lines.
        {"a: 00 ALU KCACHE_MODE0(LOCK_1)\n    x: MOV SRC0_SEL(KC0[1]) LAST(1)\n01 ALU ADDR(a)\n02 END\n",
         ctisa::error_code{cm::errors::kcache_not_locked}, 2, 5},
    };
    check_errors(cases);
}

TEST_CASE("cayman text: ALU operands in listing style", "[cayman][text]") {
    // Chapter 9's ALU_WORD0 (SRC0_SEL 0-8, SRC0_CHAN 10-11, SRC0_NEG 12, SRC1_SEL 13-21, SRC1_CHAN
    // 23-24, LAST 31) and ALU_WORD1_OP2 (SRC0_ABS 0, WRITE_MASK 4, ALU_INST 7-17, DST_GPR 21-27,
    // DST_CHAN 29-30); MUL is OP2 1, MOV 25 (0x19); KC0[3] is select 131. Clause at 16 (ADDR 2).
    static constexpr auto p = cm::assemble<
        "00 ALU KCACHE_MODE0(LOCK_1)\n"
        "    x: MUL R2.x, R1.x, KC0[3].y\n"
        "    y: MOV R2.y, -|LITERAL.y| LAST(1)\n"
        "    LITERAL 0x3F800000 0x40000000\n"
        "01 END\n">();
    STATIC_REQUIRE(p.size_bytes() == 40);
    STATIC_REQUIRE(dword(p.bytes, 16) == (1u | 131u << 13 | 1u << 23));
    STATIC_REQUIRE(dword(p.bytes, 20) == (1u << 4 | 1u << 7 | 2u << 21));
    STATIC_REQUIRE(dword(p.bytes, 24) == (253u | 1u << 10 | 1u << 12 | 1u << 31));
    STATIC_REQUIRE(dword(p.bytes, 28) == (1u | 1u << 4 | 25u << 7 | 2u << 21 | 1u << 29));
    // The same instructions in the FIELD(VALUE) form: the same bytes; printed back as operands.
    const auto fields = ctisa::assemble_bytes<cm::isa>(
        "00 ALU KCACHE_MODE0(LOCK_1)\n"
        "    x: MUL SRC0_SEL(R1) SRC1_SEL(KC0[3]) SRC1_CHAN(Y) WRITE_MASK(1) DST_GPR(2)\n"
        "    y: MOV SRC0_SEL(LITERAL) SRC0_CHAN(Y) SRC0_NEG(1) SRC0_ABS(1) LAST(1) WRITE_MASK(1) DST_GPR(2)\n"
        "    LITERAL 0x3F800000 0x40000000\n"
        "01 END\n");
    REQUIRE(fields);
    CHECK(*fields == std::vector<std::uint8_t>(p.bytes.begin(), p.bytes.begin() + 40));
    const std::string text = text_of(*fields);
    CHECK(text.find("     0  x: MUL R2.x, R1.x, KC0[3].y\n         y: MOV R2.y, -|LITERAL.y| LAST(1)\n") != std::string::npos);
    // OP3: three sources, no ABS, no WRITE_MASK; a select by name (PV, 254) and by number (248, "0").
    const auto op3 = ctisa::assemble_bytes<cm::isa>("00 ALU\n    w: MULADD R5.w, PV.x, -248.z, R127.w LAST(1)\n01 END\n");
    REQUIRE(op3);
    CHECK(dword(*op3, 16) == (254u | 248u << 13 | 2u << 23 | 1u << 25 | 1u << 31));
    CHECK(dword(*op3, 20) == (127u | 3u << 10 | 20u << 13 | 5u << 21 | 3u << 29));  // ALU_WORD1_OP3: SRC2 0-8, 10-11; ALU_INST 13-17
    // LDS_IDX_OP: no GPR written (____), sources without modifiers. ALU_WORD0_LDS_IDX_OP: SRC0_SEL
    // 0-8, SRC1_SEL 13-21, SRC1_CHAN 23-24, LAST 31; ALU_WORD1_LDS_IDX_OP: ALU_INST 13-17 = 17, LDS_OP
    // 21-26 = LDS_WRITE (0x0D).
    const auto lds = ctisa::assemble_bytes<cm::isa>("00 ALU\n    x: LDS_WRITE ____, R0.x, R1.y LAST(1)\n01 END\n");
    REQUIRE(lds);
    CHECK(dword(*lds, 16) == (0u | 1u << 13 | 1u << 23 | 1u << 31));
    CHECK(dword(*lds, 20) == (17u << 13 | 13u << 21));
    CHECK(text_of(*lds).find("     0  x: LDS_WRITE ____, R0.x, R1.y LAST(1)\n") != std::string::npos);
    // One ALU line in a clause: its errors on line 2.
    const auto line = [](std::string_view text, ctisa::error_code code, std::uint32_t column) {
        return bad{"00 ALU\n" + std::string(text) + "\n01 END\n", code, code == ctisa::error_code::none ? 0u : 2u, column};
    };
    const bad cases[] = {
        line("    y: MOV R2.x, R1.x LAST(1)", ctisa::error_code{cm::errors::destination_channel}, 14),  // the y slot writes .y
        line("    x: MOV R2.x", ctisa::error_code::missing_operand, 16),
        line("    x: MOV R2.x R1.x LAST(1)", ctisa::error_code::expected_comma, 17),
        line("    x: MULADD R2.x, |R1.x|, R1.y, R1.z LAST(1)", ctisa::error_code::operand_not_allowed, 21),  // OP3 has no ABS
        line("    x: MULADD ____, R1.x, R1.y, R1.z LAST(1)", ctisa::error_code::expected_register, 15),  // OP3 always writes
        line("    x: MOV R2.x, R1.q LAST(1)", ctisa::error_code::unexpected_character, 21),
        line("    x: MOV R2.x, FOO.x LAST(1)", ctisa::error_code::reserved_value, 18),
        line("    x: MOV R2.x, R1.x SRC0_SEL(R3) LAST(1)", ctisa::error_code::duplicate_name, 23),
        line("    x: MOV R128.x, R1.x LAST(1)", ctisa::error_code::register_out_of_range, 12),
        line("    x: LDS_WRITE R2.x, R0.x, R1.x LAST(1)", ctisa::error_code::operand_not_allowed, 18),  // LDS writes no GPR
        line("    x: LDS_WRITE ____, -R0.x, R1.x LAST(1)", ctisa::error_code::operand_not_allowed, 24),  // no NEG in LDS_IDX_OP
        line("    x: MOV ____, R1.x LAST(1)", ctisa::error_code::none, 0),
    };
    check_errors(cases);
}

TEST_CASE("cayman text: inline constants as AMD's listings write them", "[cayman][text]") {
    // Chapter 9's ALU_SRC_SEL: 248 ALU_SRC_0 (0.0), 249 ALU_SRC_1 (1.0 float), 250 ALU_SRC_1_INT (1),
    // 251 ALU_SRC_M_1_INT (-1), 252 ALU_SRC_0_5 (0.5 float). Spellings as Multi2Sim's Evergreen
    // disassembler writes them: 0.0f, 1.0f, 1, -1, 0.5f, without a channel. ADD_INT is OP2 0x34.
    // ALU_WORD0: SRC0_SEL 0-8, SRC0_CHAN 10-11, SRC0_NEG 12, SRC1_SEL 13-21, SRC1_NEG 25, LAST 31.
    const std::string listing =
        "00 ALU ADDR(2) CNT(4)\n"
        "     0  x: MOV R2.x, 0.0f\n"
        "         y: MOV R2.y, -1.0f\n"
        "         z: MOV R2.z, |0.5f|\n"
        "         w: ADD_INT R2.w, 1, -1 LAST(1)\n"
        "01 END\n";
    const auto image = ctisa::assemble_bytes<cm::isa>(listing);
    REQUIRE(image);
    REQUIRE(image->size() == 48);
    CHECK(dword(*image, 16) == 248u);
    CHECK(dword(*image, 24) == (249u | 1u << 12));
    CHECK(dword(*image, 32) == 252u);
    CHECK((dword(*image, 36) & 1u) == 1u);  // SRC0_ABS
    CHECK(dword(*image, 40) == (250u | 251u << 13 | 1u << 31));
    CHECK((dword(*image, 44) >> 7 & 0x7FFu) == 0x34u);
    CHECK(text_of(*image) == listing);
    // A channel other than x, and NEG on an integer constant (`-1` is ALU_SRC_M_1_INT), follow as fields.
    const std::string odd = "00 ALU ADDR(2) CNT(1)\n     0  x: MOV R2.x, 1 SRC0_CHAN(Y) SRC0_NEG(1) LAST(1)\n01 END\n";
    const auto odd_image = ctisa::assemble_bytes<cm::isa>(odd);
    REQUIRE(odd_image);
    CHECK(dword(*odd_image, 16) == (250u | 1u << 10 | 1u << 12 | 1u << 31));
    CHECK(text_of(*odd_image) == odd);
    // The old numeric form still reads from 128 up; a number below could be a GPR and is refused.
    const auto numeric = ctisa::assemble_bytes<cm::isa>("00 ALU\n    x: MOV R2.x, 249.x LAST(1)\n01 END\n");
    REQUIRE(numeric);
    CHECK(dword(*numeric, 16) == (249u | 1u << 31));
    const auto line = [](std::string_view text, ctisa::error_code code, std::uint32_t column) {
        return bad{"00 ALU\n" + std::string(text) + "\n01 END\n", code, 2u, column};
    };
    const bad cases[] = {
        line("    x: MOV R2.x, 1.x LAST(1)", ctisa::error_code::expected_register, 18),
        line("    x: MOV R2.x, 0 LAST(1)", ctisa::error_code::expected_register, 18),
        line("    x: MOV R2.x, -5.y LAST(1)", ctisa::error_code::expected_register, 19),
        line("    x: MOV R2.x, 1.0 LAST(1)", ctisa::error_code::expected_register, 18),
        line("    x: MOV R2.x, |1.0f LAST(1)", ctisa::error_code::unexpected_character, 24),
    };
    check_errors(cases);
}

TEST_CASE("cayman text: ALU groups numbered as AMD's listings number them", "[cayman][text]") {
    // One running number per ALU group over the whole program, before the group's first slot line.
    // CF program of 3 units (24 bytes): clause 1 at 24 (ADDR 3, three units), clause 2 at 48 (ADDR 6).
    const std::string listing =
        "00 ALU ADDR(3) CNT(3)\n"
        "     0  x: MOV R1.x, R0.x\n"
        "         y: MOV R1.y, R0.y LAST(1)\n"
        "     1  x: MOV R2.x, R1.x LAST(1)\n"
        "01 ALU ADDR(6) CNT(1)\n"
        "     2  x: MOV R3.x, R2.x LAST(1)\n"
        "02 END\n";
    const auto image = ctisa::assemble_bytes<cm::isa>(listing);
    REQUIRE(image);
    CHECK(image->size() == 56);
    CHECK(text_of(*image) == listing);
    // The numbers are optional: the same bytes without them.
    const auto plain = ctisa::assemble_bytes<cm::isa>(
        "00 ALU\n    x: MOV R1.x, R0.x\n    y: MOV R1.y, R0.y LAST(1)\n    x: MOV R2.x, R1.x LAST(1)\n"
        "01 ALU\n    x: MOV R3.x, R2.x LAST(1)\n02 END\n");
    REQUIRE(plain);
    CHECK(*plain == *image);
    static constexpr auto p = cm::assemble<"00 ALU\n 0 x: MOV LAST(1)\n 1 x: MOV LAST(1)\n01 END\n">();
    STATIC_REQUIRE(p.size_bytes() == 32);
    const bad cases[] = {
        {"00 ALU\n     1  x: MOV R1.x, R0.x LAST(1)\n01 END\n", ctisa::error_code::misplaced_statement, 2, 6},  // group 0
        {"00 ALU\n     0  x: MOV R1.x, R0.x\n     1  y: MOV R1.y, R0.y LAST(1)\n01 END\n", ctisa::error_code::misplaced_statement, 3,
         6},  // not a group's first line
        {"00 ALU\n    x: MOV R1.x, R0.x LAST(1)\n01 ALU\n     0  x: MOV R2.x, R1.x LAST(1)\n02 END\n", ctisa::error_code::misplaced_statement, 4,
         6},  // the count runs on: 1
        {"00 TC\n     0  x: MOV R1.x, R0.x LAST(1)\n01 END\n", ctisa::error_code::misplaced_statement, 2, 6},  // no ALU clause open
    };
    check_errors(cases);
}

TEST_CASE("cayman text: a field name two formats share is qualified by its format", "[cayman][text]") {
    // GDS instructions have SRC_GPR in MEM_GDS_WORD0 (bits 11-17, the data) and MEM_GDS_WORD1 (bits
    // 16-22, the offset). The GDS clause starts at 16 (two CF units).
    const auto b = ctisa::assemble_bytes<cm::isa>("00 GDS\n    GDS_ADD SRC_GPR(2) MEM_GDS_WORD1.SRC_GPR(4)\n01 END\n");
    REQUIRE(b);
    CHECK(((dword(*b, 16) >> 11) & 0x7Fu) == 2);
    CHECK(((dword(*b, 20) >> 16) & 0x7Fu) == 4);
    CHECK(text_of(*b).find("    GDS_ADD SRC_GPR(2) MEM_GDS_WORD1.SRC_GPR(4)\n") != std::string::npos);
    const bad cases[] = {
        {"00 GDS\n    GDS_ADD TEX_WORD0.SRC_GPR(4)\n01 END\n", ctisa::error_code::operand_not_allowed, 2, 13},  // not its format
        {"00 GDS\n    GDS_ADD MEM_GDS_WORD1.SRC_GPR(4) MEM_GDS_WORD1.SRC_GPR(5)\n01 END\n", ctisa::error_code::duplicate_name, 2, 38},
    };
    check_errors(cases);
}

TEST_CASE("cayman text: the program kind line", "[cayman][text]") {
    // A KILL* is a pixel shader's: accepted without a kind and in a PS, refused in a VS at its line.
    const std::string body = "00 ALU\n    x: KILLGT LAST(1)\n01 END\n";
    const auto plain = ctisa::assemble_bytes<cm::isa>(body);
    REQUIRE(plain);
    const auto ps = ctisa::assemble_bytes<cm::isa>("PROGRAM PS\n" + body);
    REQUIRE(ps);
    CHECK(*ps == *plain);  // the kind lays out no bytes
    static constexpr auto p = cm::assemble<"PROGRAM CS\n00 NOP\n01 END\n">();
    STATIC_REQUIRE(p.size() == 3);
    STATIC_REQUIRE(p.size_bytes() == 16);
    const bad cases[] = {
        {"PROGRAM VS\n" + body, ctisa::error_code{cm::errors::kill_outside_pixel}, 3, 5},
        {"PROGRAM PS\n00 CALL_FS\n01 END\n", ctisa::error_code{cm::errors::call_fs_outside_vertex}, 2, 1},
        {"00 NOP\nPROGRAM PS\n01 END\n", ctisa::error_code::misplaced_statement, 2, 1},  // before the first CF line
        {"PROGRAM XS\n00 END\n", ctisa::error_code::reserved_value, 1, 9},
    };
    check_errors(cases);
    // Printed as written.
    std::string printed;
    ctisa::text::string_sink sink(printed);
    cm::print(sink, cm::parse("PROGRAM PS").value());
    CHECK(printed == "PROGRAM PS");
}

TEST_CASE("cayman text: assembling computes clause addresses and counts, pads fetch clauses", "[cayman][text]") {
    // No numbers, no ADDR or CNT: the layout's. CF program 32 bytes, the ALU clause at 32 (ADDR 4),
    // the fetch clause at 48 (ADDR 6) after an 8-byte pad.
    const auto image = ctisa::assemble_image<cm::isa>(
        "ALU\n"
        "  x: MOV SRC0_SEL(1) WRITE_MASK(1) LAST(1)\n"
        "TC\n"
        "  FETCH DST_GPR(2)\n"
        "NOP\n"
        "END\n");
    INFO((image ? "" : std::string(image.error().message())));
    REQUIRE(image);
    REQUIRE(image->bytes.size() == 64);
    CHECK(dword(image->bytes, 0) == 4);                      // ALU: ADDR 4
    CHECK(dword(image->bytes, 4) == 8u << 26);               // CF_INST ALU (8) in bits 26-29, COUNT 0
    CHECK(dword(image->bytes, 8) == 6);                      // TC: ADDR 6
    CHECK(dword(image->bytes, 12) == 1u << 22);              // CF_INST TC (1) in bits 22-29, COUNT 0
    CHECK(dword(image->bytes, 28) == 32u << 22);             // END (32)
    CHECK(dword(image->bytes, 32) == (1u | 1u << 31));       // MOV: SRC0_SEL 1, LAST
    CHECK(dword(image->bytes, 36) == (1u << 4 | 25u << 7));  // WRITE_MASK, ALU_INST MOV (25)
    CHECK(dword(image->bytes, 40) == 0);                     // the pad
    CHECK(dword(image->bytes, 52) == 2);                     // FETCH: VTX_WORD1_GPR.DST_GPR (bits 0-6)
    // units: four CF, the ALU instruction, the pad, the fetch
    CHECK(image->unit_ends == std::vector<std::size_t>{8, 16, 24, 32, 40, 48, 64});
}

TEST_CASE("cayman text: compile-time assembly", "[cayman][text]") {
    static constexpr auto p = cm::assemble<
        "00 ALU ADDR(2) CNT(1)\n"
        "    x: MOV SRC0_SEL(1) WRITE_MASK(1) LAST(1)\n"
        "01 END\n">();
    STATIC_REQUIRE(p.size() == 3);
    STATIC_REQUIRE(p.size_bytes() == 24);
    STATIC_REQUIRE(dword(p.bytes, 0) == 2);
    STATIC_REQUIRE(dword(p.bytes, 4) == 8u << 26);
    STATIC_REQUIRE(dword(p.bytes, 12) == 32u << 22);
    STATIC_REQUIRE(dword(p.bytes, 16) == (1u | 1u << 31));
    STATIC_REQUIRE(dword(p.bytes, 20) == (1u << 4 | 25u << 7));
    STATIC_REQUIRE(p.instructions[1].role == cm::unit_role::alu);
    STATIC_REQUIRE(!cm::try_assemble("00 ALU\n    x: MOV LAST(1)\n01 NOP\n"));  // no END
    STATIC_REQUIRE(cm::try_assemble("00 NOP\n01 END\n").value() == 2);
    STATIC_REQUIRE(cm::parse("00 END").value().in.op == *cm::find_opcode(c::cf, "END"));
}

TEST_CASE("cayman text: errors name the line and column", "[cayman][text]") {
    const bad cases[] = {
        {"00 FOO\n", ctisa::error_code::unknown_mnemonic, 1, 4},
        {"00 NOP\n    FOO\n01 END\n", ctisa::error_code::unknown_mnemonic, 2, 5},
        {"00 END\n", ctisa::error_code::none, 0, 0},
        {"00 NOP\n    x: MOV LAST(1)\n01 END\n", ctisa::error_code::misplaced_statement, 2, 5},      // ALU line outside an ALU clause
        {"00 NOP\n    LITERAL 1 2\n01 END\n", ctisa::error_code::misplaced_statement, 2, 5},
        {"00 ALU\n    SAMPLE\n01 END\n", ctisa::error_code::misplaced_statement, 2, 5},              // fetch in an ALU clause
        {"00 NOP\n02 END\n", ctisa::error_code::misplaced_statement, 2, 1},                          // wrong CF number
        {"00 ALU\n    x: MOV LAST(1) FOO(1)\n01 END\n", ctisa::error_code::operand_not_allowed, 2, 20},
        {"00 ALU\n    x: MOV LAST(1) DST_GPR(128)\n01 END\n", ctisa::error_code::value_out_of_range, 2, 20},
        {"00 ALU\n    x: MOV SRC0_SEL(R128) LAST(1)\n01 END\n", ctisa::error_code::register_out_of_range, 2, 21},
        {"00 ALU\n    x: MOV SRC0_SEL(KC1[32]) LAST(1)\n01 END\n", ctisa::error_code::value_out_of_range, 2, 21},
        {"00 ALU\n    x: MOV SRC0_SEL(KC1 0]) LAST(1)\n01 END\n", ctisa::error_code::unexpected_character, 2, 25},
        {"00 ALU KCACHE_MODE0(LOCK_1) KCACHE_MODE1(LOCK_1)\n    x: MOV SRC0_SEL(KC1[15]) LAST(1)\n01 END\n", ctisa::error_code::none, 0, 0},
        {"00 ALU KCACHE_MODE0(LOCK_1)\n    x: MOV SRC0_SEL(KC1[15]) LAST(1)\n01 END\n", ctisa::error_code{cm::errors::kcache_not_locked}, 2, 5},
        {"00 ALU\n    x: MOV LAST(1) SRC0_SEL(255)\n01 END\n", ctisa::error_code::reserved_value, 2, 8},  // no PS
        {"00 ALU\n    x: MOV LAST(1) OMOD(TIMES_3)\n01 END\n", ctisa::error_code::reserved_value, 2, 25},
        {"00 ALU\n    x: MOV LAST(1) LAST(1)\n01 END\n", ctisa::error_code::duplicate_name, 2, 20},
        {"00 ALU\n    x: MOV SRC0_SEL(1 LAST(1)\n01 END\n", ctisa::error_code::unexpected_character, 2, 23},
        {"00 ALU\n    x: MOV SRC1_SEL(1) LAST(1)\n01 END\n", ctisa::error_code::operand_not_allowed, 2, 12},  // MOV reads one source
        {"00 ALU\n    LITERAL 1\n01 END\n", ctisa::error_code::expected_number, 2, 14},  // a literal slot holds two dwords
        {"00 ALU ADDR(3) CNT(1)\n    x: MOV LAST(1)\n01 END\n", ctisa::error_code{cm::errors::clause_out_of_range}, 1, 1},  // ADDR is 2
        {"00 ALU ADDR(2) CNT(2)\n    x: MOV LAST(1)\n01 END\n", ctisa::error_code::value_out_of_range, 1, 1},
        {"00 ALU\n    x: MOV\n01 END\n", ctisa::error_code{cm::errors::last_bit}, 2, 5},
        {"00 ALU\n    x: MOV SRC0_SEL(ALU_SRC_LITERAL) LAST(1)\n01 END\n", ctisa::error_code::reserved_value, 2,
         21},  // value names as the spec spells them
        {"00 ALU\n    x: MOV SRC0_SEL(LITERAL) LAST(1)\n01 END\n", ctisa::error_code{cm::errors::literal_count}, 2, 5},  // no LITERAL line
        {"00 ALU\n    x: MOV LAST(1)\n01 NOP\n", ctisa::error_code{cm::errors::missing_end}, 3, 1},
        {"00 ALU\n    x: MOV\n    x: MOV LAST(1)\n01 END\n", ctisa::error_code{cm::errors::slot_taken}, 3, 5},
        {"00 ALU\n    x: KILLGT LAST(1)\n    x: MOV LAST(1)\n01 END\n", ctisa::error_code{cm::errors::kill_not_last}, 2, 5},
        {"00 ALU_EXTENDED\n01 NOP\n02 END\n", ctisa::error_code{cm::errors::extended_without_clause}, 1, 16},
    };
    check_errors(cases);
}

TEST_CASE("cayman text: decoding refuses what the text cannot reproduce, with the byte offset", "[cayman][text]") {
    auto image = cm::layout(vertex_shader()).value();
    std::vector<std::uint8_t> bytes = image;
    bytes[4 * 1 + 0] |= 1u << 3;  // TC's CF_CONST (CF_WORD1 bits 3-7): TC does not use it
    auto d = ctisa::decode_program<cm::isa>(bytes);
    REQUIRE(!d);
    CHECK(d.error().code == ctisa::error_code::unused_field_set);
    CHECK(d.error().offset == 4);
    // The ALU clause moved 8 bytes later (ADDR + 1, a zero slot before it): decodable, not the layout's.
    std::vector<std::uint8_t> moved(image.begin(), image.begin() + 64);
    moved.insert(moved.end(), 8, 0);
    moved.insert(moved.end(), image.begin() + 64, image.end());
    moved[8] = static_cast<std::uint8_t>(moved[8] + 1);
    REQUIRE(cm::decode_program(moved));
    d = ctisa::decode_program<cm::isa>(moved);
    REQUIRE(!d);
    CHECK(d.error().code == ctisa::error_code::not_canonical);
    // Truncation keeps decode_program's error and offset.
    bytes = image;
    bytes.resize(bytes.size() - 8);
    d = ctisa::decode_program<cm::isa>(bytes);
    REQUIRE(!d);
    CHECK(d.error().code == ctisa::error_code{cm::errors::clause_out_of_range});
}

TEST_CASE("cayman text: the layout check without laying out agrees with laying out", "[cayman][text]") {
    // Images of the three programs and of a clause shared by two CF instructions, with one to three
    // bits flipped, a dword moved or a pad added: text_order's fast check and laying out again must
    // accept the same images and give the same units or the same error.
    const cm::alu_group mov{{ins(c::alu_op2, "MOV", {{"LAST", 1}})}, {}};
    std::vector<std::vector<std::uint8_t>> images{
        cm::layout(vertex_shader()).value(), cm::layout(pixel_shader()).value(), cm::layout(compute_kernel()).value(),
        cm::layout({{ins(c::cf_alu, "ALU"), {mov}, {}}, {ins(c::cf_alu, "ALU_POP_AFTER"), {}, {}, 0}, {ins(c::cf, "END"), {}, {}}}).value()};
    lcg next{99};
    std::size_t accepted = 0, compared = 0;
    for (int i = 0; i < 6000; ++i) {
        std::vector<std::uint8_t> bytes = images[static_cast<std::size_t>(i) % images.size()];
        if (i >= 4) {
            if (i % 7 == 0) bytes.insert(bytes.end(), 8, 0);  // a pad after the last clause
            for (int f = 0; f < 1 + i % 3; ++f) bytes[next() % bytes.size()] ^= static_cast<std::uint8_t>(1u << (next() % 8));
        }
        const auto p = cm::decode_program(bytes);
        if (!p) continue;
        ++compared;
        const auto fast = cm::detail::text_order(*p, bytes, true);
        const auto by_layout = cm::detail::text_order(*p, bytes, false);
        REQUIRE(fast.ok() == by_layout.ok());
        if (!fast) {
            CHECK(fast.error().code == by_layout.error().code);
            CHECK(fast.error().offset == by_layout.error().offset);
            CHECK(fast.error().subject == by_layout.error().subject);
            continue;
        }
        ++accepted;
        REQUIRE(fast->size() == by_layout->size());
        for (std::size_t u = 0; u < fast->size(); ++u) {
            CHECK((*fast)[u].instruction == (*by_layout)[u].instruction);
        }
    }
    INFO(compared << " images decoded, " << accepted << " accepted");
    CHECK(accepted > 100);
    CHECK(compared > accepted);
}

TEST_CASE("cayman text: LOOP_START* carry POP_COUNT (chapter 3's loops, chapter 9's CF_INST list)", "[cayman][text]") {
    // Chapter 3: LOOP_START 'pops POP_COUNT entries (may be zero) from the stack' when it does not
    // enter the loop; LOOP_START_DX10 and LOOP_START_NO_AL stack as LOOP_START. POP_COUNT is CF_WORD1
    // bits 0-2; CF_INST (bits 22-29) 4, 6, 7. Both the assembler and the decoder refused it.
    for (const auto& [mnemonic, cf_inst] :
         {std::pair<std::string, unsigned>{"LOOP_START", 4}, {"LOOP_START_DX10", 6}, {"LOOP_START_NO_AL", 7}}) {
        INFO(mnemonic);
        const std::string text = "00 " + mnemonic + " ADDR(2) POP_COUNT(3)\n01 LOOP_END ADDR(1)\n02 END\n";
        const auto bytes = ctisa::assemble_bytes<cm::isa>(text);
        REQUIRE(bytes);
        const std::uint32_t word1 = 3u | (cf_inst << 22);
        CHECK(std::vector<std::uint8_t>(bytes->begin(), bytes->begin() + 8) ==
              std::vector<std::uint8_t>{2, 0, 0, 0, static_cast<std::uint8_t>(word1), static_cast<std::uint8_t>(word1 >> 8),
                                        static_cast<std::uint8_t>(word1 >> 16), static_cast<std::uint8_t>(word1 >> 24)});
        CHECK(text_of(*bytes).starts_with("00 " + mnemonic + " ADDR(L2) POP_COUNT(3)"));
    }
}

TEST_CASE("cayman text: ALU_EXTENDED and its clause are one 16-byte CF instruction", "[cayman][text]") {
    // DESIGN.md's units: ALU_EXTENDED (CF_ALU_WORD0_EXT, CF_ALU_WORD1_EXT) and the CF_ALU pair after
    // it are one unit. Chapter 9: KCACHE_MODE2 is EXT0 bits 30-31, KCACHE_BANK2 bits 22-25; CF_INST
    // 12 in EXT1 bits 26-29. The clause (at 3 units: the CF program is 16 + 8 bytes) holds one NOP.
    const std::string text =
        "00 ALU_EXTENDED ALU ADDR(3) CNT(1) KCACHE_BANK2(3) KCACHE_MODE2(LOCK_1)\n"
        "     0  x: NOP ____ LAST(1)\n"
        "02 END\n";
    const auto bytes = ctisa::assemble_bytes<cm::isa>(text);
    INFO((bytes ? std::string{} : std::string(bytes.error().message()) + " " + std::string(bytes.error().subject)));
    REQUIRE(bytes);
    REQUIRE(bytes->size() == 32);
    CHECK(dword(*bytes, 0) == ((1u << 30) | (3u << 22)));
    CHECK(dword(*bytes, 4) == 12u << 26);
    CHECK(dword(*bytes, 8) == 3u);
    CHECK(dword(*bytes, 12) == 8u << 26);
    CHECK(text_of(*bytes) == text);
    // One unit of the stream, one record of explain: 16 bytes, the prefix's fields then the pair's.
    cm::decoder d(*bytes);
    const auto first = d.next();
    REQUIRE(first);
    CHECK(first->size == 16);
    std::vector<std::string> names;
    cm::isa::explain(first->instruction, [&](std::string_view format, const ctisa::field_info& f, std::uint32_t) {
        names.push_back(std::string(format) + "." + std::string(f.name));
    });
    CHECK(names.front() == "CF_ALU_WORD0_EXT.KCACHE_BANK_INDEX_MODE0");
    CHECK(names.back() == "CF_ALU_WORD1.BARRIER");
    const bad cases[] = {
        {"00 ALU_EXTENDED END\n", ctisa::error_code{cm::errors::extended_without_clause}, 1, 17},
        {"00 ALU_EXTENDED ALU CF_ALU_WORD1_EXT.BARRIER(1) BARRIER(1)\n     0  x: NOP ____ LAST(1)\n02 END\n", ctisa::error_code::none},
        {"00 ALU_EXTENDED ALU\n     0  x: NOP ____ LAST(1)\n01 END\n", ctisa::error_code::misplaced_statement, 3, 1},  // END is at 02
    };
    check_errors(cases);
}
