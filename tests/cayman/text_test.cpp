// SPDX-License-Identifier: MIT
// Cayman's text (syntax.hpp) on the engine (isa.hpp): images disassembled and assembled back to the
// same bytes for every opcode and the three realistic programs, compile-time assembly, and every
// error with its line and column or byte offset.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <ctisa/cayman/isa.hpp>

#include "programs.hpp"
#include "test_data.hpp"

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
    std::vector<cm::statement> listed;  // a group's literal slots are on its lines, not their own
    for (const cm::statement& s : *decoded)
        if (cm::isa::listed(s)) listed.push_back(s);
    CHECK(std::vector<cm::statement>(read->statements.begin(), read->statements.end()) == listed);
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
    // clause after it at 64 (ADDR 8): 4 DOT4, 2 MOV and a literal slot (CNT 7). The listing's counter
    // numbers the fetch 0 and the two groups 1 and 2; the literal is written where it is read.
    // programs.hpp builds them with BARRIER clear: NO_BARRIER on every CF line.
    CHECK(round_trip(vertex_shader()) ==
          "00 TEX: ADDR(6) CNT(1) NO_BARRIER\n"
          "     0  VFETCH R1.xyzw, R0.x, fc0 FORMAT(32_32_32_32_FLOAT)\n"
          "01 ALU: ADDR(8) CNT(7) KCACHE0(CB0:0-15) NO_BARRIER\n"
          "     1  x: DOT4 R2.x, R1.x, KC0[0].x\n"
          "         y: DOT4 ____, R1.y, KC0[0].y DST_GPR(2)\n"
          "         z: DOT4 ____, R1.z, KC0[0].z DST_GPR(2)\n"
          "         w: DOT4 ____, R1.w, KC0[0].w DST_GPR(2)\n"
          "     2  x: MOV R3.x, (0x3F800000, 1.0f).x\n"
          "         y: MOV R3.y, 0.0f\n"
          "02 EXP: POS0, R2 NO_BARRIER\n"
          "03 EXP_DONE: PARAM0, R3.xy01 NO_BARRIER\n"
          "04 END NO_BARRIER\n");
    CHECK(round_trip(pixel_shader()) ==
          "00 TEX: ADDR(4) CNT(1) NO_BARRIER\n"
          "     0  SAMPLE R1, R0.xyxx, t0, s0 UNNORM(ZW)\n"
          "01 ALU_PUSH_BEFORE: ADDR(6) CNT(1) NO_BARRIER\n"
          "     1  x: KILLGT ____, 0.5f, R1.w\n"
          "02 EXP_DONE: PIX0, R1 NO_BARRIER\n"
          "03 END NO_BARRIER\n");
    // Jump targets are CF addresses, as AMD's listings print them: the loop's start jumps past
    // ENDLOOP (CF address 4), ENDLOOP back to the body (CF address 1).
    CHECK(round_trip(compute_kernel()) ==
          "00 LOOP_DX10 i0 FAIL_JUMP_ADDR(4) NO_BARRIER\n"
          "01 ALU: ADDR(7) CNT(3) NO_BARRIER\n"
          "     0  x: LDS_WRITE ____, R0.x, R1.x\n"
          "     1  x: LDS_READ_RET ____, R0.x\n"
          "     2  x: MOV R2.x, QA.pop\n"
          "02 ALU: ADDR(10) CNT(1) NO_BARRIER\n"
          "     3  x: ADD_INT R0.x, R0.x, 1\n"
          "03 ENDLOOP i0 PASS_JUMP_ADDR(1) NO_BARRIER\n"
          "04 GDS: ADDR(12) CNT(1) NO_BARRIER\n"
          "     4  GDS_ADD SRC_GPR(2) DST_SEL_X(MASK) DST_SEL_Y(MASK) DST_SEL_Z(MASK) DST_SEL_W(MASK)\n"
          "05 MEM_RAT_STORE_TYPED: RAT(0).xyzw, R2 NO_BARRIER\n"
          "06 END NO_BARRIER\n");
}

namespace {

void replace_once(std::string& text, std::string_view from, std::string_view to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("cayman text: CF jump targets by label", "[cayman][text]") {
    // The compute kernel with its loop's ADDRs as labels: LOOP_DX10 jumps past ENDLOOP (CF address
    // 4), ENDLOOP back to the body (CF address 1); same bytes as the numbers the listing prints.
    // The document's names (LOOP_START_DX10, LOOP_END) read too.
    const auto image = cm::layout(compute_kernel()).value();
    std::string text = text_of(image);
    replace_once(text, "00 LOOP_DX10 i0 FAIL_JUMP_ADDR(4)", "00 LOOP_START_DX10 i0 FAIL_JUMP_ADDR(done)");
    replace_once(text, "01 ALU: ADDR(7)", "body: 01 ALU: ADDR(7)");
    replace_once(text, "03 ENDLOOP i0 PASS_JUMP_ADDR(1)", "03 LOOP_END i0 ADDR(body)");
    replace_once(text, "04 GDS:", "done:  GDS:");
    INFO(text);
    const auto bytes = ctisa::assemble_bytes<cm::isa>(text);
    INFO((bytes ? std::string() : std::string(bytes.error().message()) + " " + std::string(bytes.error().subject)));
    REQUIRE(bytes);
    CHECK(*bytes == image);
    // A backward and a forward reference at compile time: JUMP (CF_INST 10, the decision on ch. 8's
    // "10 (0x10)") to CF address 2.
    static constexpr auto p =
        cm::assemble<"top: NOP NO_BARRIER\n JUMP ADDR(out) NO_BARRIER\nout: 02 JUMP ADDR(top) NO_BARRIER\n END NO_BARRIER\n">();
    STATIC_REQUIRE(dword(p.bytes, 8) == 2);
    STATIC_REQUIRE(dword(p.bytes, 12) == 10u << 22);
    STATIC_REQUIRE(dword(p.bytes, 16) == 0);
    const bad cases[] = {
        {"00 JUMP ADDR(nowhere) NO_BARRIER\n01 END NO_BARRIER\n", ctisa::error_code::undefined_label, 1, 14},
        {"a: 00 NOP NO_BARRIER\na: 01 END NO_BARRIER\n", ctisa::error_code::duplicate_name, 2, 1},
        {"00 ALU: NO_BARRIER\n    lbl: 0 x: MOV\n01 END NO_BARRIER\n", ctisa::error_code::misplaced_statement, 2,
         10},  // labels are CF addresses
        {"a: 00 NOP NO_BARRIER\n01 END ADDR(a) NO_BARRIER\n", ctisa::error_code::operand_not_allowed, 2, 8},  // END has no ADDR
        {"a: 00 ALU: ADDR(a) NO_BARRIER\n01 END NO_BARRIER\n", ctisa::error_code{cm::errors::not_a_clause}, 1, 17},  // its own clause
        {"00 JUMP ADDR(2) NO_BARRIER\n01 END NO_BARRIER\n", ctisa::error_code{cm::errors::target_out_of_range}, 1, 1},  // past the CF program
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
          "L0: 00 ALU: ADDR(5) CNT(1) NO_BARRIER\n"
          "     0  x: MOV ____, R0.x\n"
          "01 ALU_PUSH_BEFORE: ADDR(L0) CNT(1) NO_BARRIER\n"
          "L2: 02 TEX: ADDR(6) CNT(1) NO_BARRIER\n"
          "     1  VFETCH R0.xxxx, R0.x, fc0\n"
          "03 TEX_ACK: ADDR(L2) CNT(1) NO_BARRIER\n"
          "04 END NO_BARRIER\n");
    const auto image = cm::layout(items).value();
    REQUIRE(image.size() == 64);
    CHECK(dword(image, 8) == 5);  // ALU_PUSH_BEFORE: ADDR 5 (the ALU clause)
    CHECK(dword(image, 12) == 9u << 26);  // CF_INST 9, COUNT 0
    CHECK(dword(image, 24) == 6);  // TC_ACK: ADDR 6 (the fetch clause)
    CHECK(dword(image, 28) == 27u << 22);  // CF_INST 27, COUNT 0
    // A forward reference at compile time: both CF instructions at the clause after the 24-byte CF program.
    static constexpr auto p = cm::assemble<"00 ALU: ADDR(b) NO_BARRIER\nb: 01 ALU: NO_BARRIER\n    0 x: MOV\n02 END NO_BARRIER\n">();
    STATIC_REQUIRE(p.size_bytes() == 32);
    STATIC_REQUIRE(dword(p.bytes, 0) == 3);
    STATIC_REQUIRE(dword(p.bytes, 8) == 3);
    const bad cases[] = {
        {"a: 00 NOP NO_BARRIER\n01 ALU: ADDR(a) CNT(1) NO_BARRIER\n02 END NO_BARRIER\n", ctisa::error_code{cm::errors::not_a_clause}, 2,
         14},  // no clause
        {"a: 00 TEX: NO_BARRIER\n    VFETCH R0.xxxx, R0.x, fc0\n01 ALU: ADDR(a) NO_BARRIER\n02 END NO_BARRIER\n",
         ctisa::error_code{cm::errors::not_a_clause}, 3, 14},  // another kind
        {"a: 00 ALU: NO_BARRIER\n    0 x: MOV\nb: 01 ALU: ADDR(a) NO_BARRIER\n02 ALU: ADDR(b) NO_BARRIER\n03 END NO_BARRIER\n",
         ctisa::error_code{cm::errors::not_a_clause}, 4, 14},  // b's clause is a's
        {"a: 00 ALU: NO_BARRIER\n    0 x: MOV\n01 ALU: ADDR(a) NO_BARRIER\n    1 x: MOV\n02 END NO_BARRIER\n",
         ctisa::error_code::misplaced_statement, 4, 5},
        {"a: 00 ALU: NO_BARRIER\n    0 x: MOV\n01 ALU: ADDR(a) CNT(2) NO_BARRIER\n02 END NO_BARRIER\n", ctisa::error_code::value_out_of_range, 3,
         1},
        // The second CF instruction locks no kcache line: the clause's KC0[1] is outside its lines.
        {"a: 00 ALU: KCACHE_MODE0(LOCK_1) NO_BARRIER\n    0 x: MOV SRC0_SEL(KC0[1])\n01 ALU: ADDR(a) NO_BARRIER\n02 END NO_BARRIER\n",
         ctisa::error_code{cm::errors::kcache_not_locked}, 2, 5},
    };
    check_errors(cases);
}

TEST_CASE("cayman text: ALU operands in listing style", "[cayman][text]") {
    // Chapter 9's ALU_WORD0 (SRC0_SEL 0-8, SRC0_CHAN 10-11, SRC0_NEG 12, SRC1_SEL 13-21, SRC1_CHAN
    // 23-24, LAST 31) and ALU_WORD1_OP2 (SRC0_ABS 0, WRITE_MASK 4, ALU_INST 7-17, DST_GPR 21-27,
    // DST_CHAN 29-30); MUL is OP2 1, MOV 25 (0x19); KC0[3] is select 131. Clause at 16 (ADDR 2);
    // the literal slot (X 1.0, Y 2.0) after the group. KCACHE0(CB0:0-15): KCACHE_MODE0 LOCK_1, bank 0.
    static constexpr auto p = cm::assemble<
        "00 ALU: KCACHE0(CB0:0-15) NO_BARRIER\n"
        "     0  x: MUL R2.x, R1.x, KC0[3].y\n"
        "         y: MOV R2.y, -|(0x40000000, 2.0f).y|\n"
        "01 END NO_BARRIER\n">();
    STATIC_REQUIRE(p.size_bytes() == 40);
    STATIC_REQUIRE(dword(p.bytes, 16) == (1u | 131u << 13 | 1u << 23));
    STATIC_REQUIRE(dword(p.bytes, 20) == (1u << 4 | 1u << 7 | 2u << 21));
    STATIC_REQUIRE(dword(p.bytes, 24) == (253u | 1u << 10 | 1u << 12 | 1u << 31));
    STATIC_REQUIRE(dword(p.bytes, 28) == (1u | 1u << 4 | 25u << 7 | 2u << 21 | 1u << 29));
    STATIC_REQUIRE(dword(p.bytes, 32) == 0 && dword(p.bytes, 36) == 0x40000000u);  // X unread: zero
    // The same instructions in the FIELD(VALUE) form, the literal slot as a LITERAL line (the form
    // the listing falls back to when a slot holds a dword no source reads): printed back as operands.
    const auto fields = ctisa::assemble_bytes<cm::isa>(
        "00 ALU: KCACHE_MODE0(LOCK_1) NO_BARRIER\n"
        "    0 x: MUL SRC0_SEL(R1) SRC1_SEL(KC0[3]) SRC1_CHAN(Y) WRITE_MASK(1) DST_GPR(2)\n"
        "    y: MOV SRC0_SEL(LITERAL) SRC0_CHAN(Y) SRC0_NEG(1) SRC0_ABS(1) WRITE_MASK(1) DST_GPR(2)\n"
        "    LITERAL 0 0x40000000\n"
        "01 END NO_BARRIER\n");
    REQUIRE(fields);
    CHECK(*fields == std::vector<std::uint8_t>(p.bytes.begin(), p.bytes.begin() + 40));
    CHECK(text_of(*fields) ==
          "00 ALU: ADDR(2) CNT(3) KCACHE0(CB0:0-15) NO_BARRIER\n"
          "     0  x: MUL R2.x, R1.x, KC0[3].y\n"
          "         y: MOV R2.y, -|(0x40000000, 2.0f).y|\n"
          "01 END NO_BARRIER\n");
    // A slot's dword no source reads has no inline spelling: its slot is listed as a LITERAL line.
    const auto unread =
        ctisa::assemble_bytes<cm::isa>("00 ALU:\n     0  x: MOV R2.x, (0x3F800000, 1.0f).x\n         LITERAL 0x3F800000 7\n01 END\n");
    REQUIRE(unread);
    CHECK(dword(*unread, 28) == 7u);
    CHECK(text_of(*unread) ==
          "00 ALU: ADDR(2) CNT(2)\n     0  x: MOV R2.x, (0x3F800000, 1.0f).x\n         LITERAL 0x3F800000 0x00000007\n01 END\n");
    // OP3: three sources, no ABS, no WRITE_MASK; a select by name (PV, 254: `PV` alone in group 0)
    // and by number (248, "0").
    const auto op3 = ctisa::assemble_bytes<cm::isa>("00 ALU: NO_BARRIER\n    0 w: MULADD R5.w, PV.x, -248.z, R127.w\n01 END NO_BARRIER\n");
    REQUIRE(op3);
    CHECK(dword(*op3, 16) == (254u | 248u << 13 | 2u << 23 | 1u << 25 | 1u << 31));
    CHECK(dword(*op3, 20) == (127u | 3u << 10 | 20u << 13 | 5u << 21 | 3u << 29));  // ALU_WORD1_OP3: SRC2 0-8, 10-11; ALU_INST 13-17
    // LDS_IDX_OP: no GPR written (____), sources without modifiers. ALU_WORD0_LDS_IDX_OP: SRC0_SEL
    // 0-8, SRC1_SEL 13-21, SRC1_CHAN 23-24, LAST 31; ALU_WORD1_LDS_IDX_OP: ALU_INST 13-17 = 17, LDS_OP
    // 21-26 = LDS_WRITE (0x0D).
    const auto lds = ctisa::assemble_bytes<cm::isa>("00 ALU: NO_BARRIER\n    0 x: LDS_WRITE ____, R0.x, R1.y\n01 END NO_BARRIER\n");
    REQUIRE(lds);
    CHECK(dword(*lds, 16) == (0u | 1u << 13 | 1u << 23 | 1u << 31));
    CHECK(dword(*lds, 20) == (17u << 13 | 13u << 21));
    CHECK(text_of(*lds).find("     0  x: LDS_WRITE ____, R0.x, R1.y\n") != std::string::npos);
    // One ALU line in a clause: its errors on line 2.
    const auto line = [](std::string_view text, ctisa::error_code code, std::uint32_t column) {
        return bad{"00 ALU: NO_BARRIER\n" + std::string(text) + "\n01 END NO_BARRIER\n", code, code == ctisa::error_code::none ? 0u : 2u,
                   column};
    };
    const bad cases[] = {
        line("  0 y: MOV R2.x, R1.x", ctisa::error_code{cm::errors::destination_channel}, 14),  // the y slot writes .y
        line("  0 x: MOV R2.x", ctisa::error_code::missing_operand, 16),
        line("  0 x: MOV R2.x R1.x", ctisa::error_code::expected_comma, 17),
        line("  0 x: MULADD R2.x, |R1.x|, R1.y, R1.z", ctisa::error_code::operand_not_allowed, 21),  // OP3 has no ABS
        line("  0 x: MULADD ____, R1.x, R1.y, R1.z", ctisa::error_code::expected_register, 15),  // OP3 always writes
        line("  0 x: MOV R2.x, R1.q", ctisa::error_code::unexpected_character, 21),
        line("  0 x: MOV R2.x, FOO.x", ctisa::error_code::reserved_value, 18),
        line("  0 x: MOV R2.x, R1.x SRC0_SEL(R3)", ctisa::error_code::duplicate_name, 23),
        line("  0 x: MOV R128.x, R1.x", ctisa::error_code::register_out_of_range, 12),
        line("  0 x: LDS_WRITE R2.x, R0.x, R1.x", ctisa::error_code::operand_not_allowed, 18),  // LDS writes no GPR
        line("  0 x: LDS_WRITE ____, -R0.x, R1.x", ctisa::error_code::operand_not_allowed, 24),  // no NEG in LDS_IDX_OP
        line("  0 x: MOV ____, R1.x", ctisa::error_code::none, 0),
        line("  0 x: MOV R2.x, R1.x LAST(1)", ctisa::error_code::operand_not_allowed, 23),  // the group numbers end groups
        line("  0 x: MOV R2.x, PV0.x", ctisa::error_code::value_out_of_range, 18),  // group 0 has no group 0 before it
        // two values for one literal dword: the group's second line
        {"00 ALU:\n  0 x: MOV R2.x, (0x3F800000, 1.0f).x\n    y: MOV R2.y, (0x40000000).x\n01 END\n",
         ctisa::error_code{cm::errors::literal_conflict}, 3, 5},
        line("  0 x: MOV R2.x, (0x3F800000, 1.0f.x", ctisa::error_code::unexpected_character, 37),
        line("  0 x: MOV R2.x, (1.0f).x", ctisa::error_code::unexpected_character, 20),  // the hex digits are the value
    };
    check_errors(cases);
}

TEST_CASE("cayman text: a group's literal slots round-trip whichever dwords its sources read", "[cayman][text]") {
    // AMD's listings show literals only inline, where a source reads them; the parser takes a
    // group's slots from its LITERAL lines, in order, or from the highest channel named. So a group
    // with a dword no source reads lists every slot it has, or the slot count and positions are lost.
    const auto check = [](std::string_view text, std::string_view printed, std::size_t literal_dwords) {
        INFO(text);
        const auto bytes = ctisa::assemble_bytes<cm::isa>(text);
        INFO((bytes ? std::string("assembled") : std::string(bytes.error().message()) + " line " + std::to_string(bytes.error().line)));
        REQUIRE(bytes);
        CHECK(bytes->size() == 16 + 8 + 4 * literal_dwords);  // CF ALU and END, one slot, the literals
        const std::string again = text_of(*bytes);
        CHECK(again == printed);
        const auto back = ctisa::assemble_bytes<cm::isa>(again);
        REQUIRE(back);
        CHECK(*back == *bytes);
    };
    const std::string head = "00 ALU: ADDR(2) CNT(";
    const std::string end = "01 END\n";
    // .x only: one slot; Y unread and zero, inline (Y nonzero: listed, the test above).
    check("00 ALU:\n 0 x: MOV R2.x, (0x3F800000).x\n01 END\n", head + "2)\n     0  x: MOV R2.x, (0x3F800000, 1.0f).x\n" + end, 2);
    // .y only: X unread and nonzero, listed.
    check("00 ALU:\n 0 x: MOV R2.x, (5).y\n LITERAL 9 5\n01 END\n",
          head + "2)\n     0  x: MOV R2.x, (0x00000005).y\n         LITERAL 0x00000009 0x00000005\n" + end, 2);
    // .w only: two slots; X, Y, Z zero, inline only.
    check("00 ALU:\n 0 x: MOV R2.x, (0x40000000).w\n01 END\n", head + "3)\n     0  x: MOV R2.x, (0x40000000, 2.0f).w\n" + end, 4);
    // .w only, Z zero, X nonzero: both slots listed (the first alone would read as the only slot).
    check("00 ALU:\n 0 x: MOV R2.x, (0x40000000).w\n LITERAL 1 0\n LITERAL 0 0x40000000\n01 END\n",
          head +
              "3)\n     0  x: MOV R2.x, (0x40000000, 2.0f).w\n         LITERAL 0x00000001 0x00000000\n"
              "         LITERAL 0x00000000 0x40000000\n" +
              end,
          4);
    // .w only, Z nonzero, X, Y zero: both slots listed (the second alone would read as the first).
    check("00 ALU:\n 0 x: MOV R2.x, (0x40000000).w\n LITERAL 0 0\n LITERAL 3 0x40000000\n01 END\n",
          head +
              "3)\n     0  x: MOV R2.x, (0x40000000, 2.0f).w\n         LITERAL 0x00000000 0x00000000\n"
              "         LITERAL 0x00000003 0x40000000\n" +
              end,
          4);
    // .x and .z read, Y and W unread and nonzero: both slots listed, the read dwords inline too.
    check("00 ALU:\n 0 x: ADD R2.x, (1).x, (2).z\n LITERAL 1 7\n LITERAL 2 8\n01 END\n",
          head +
              "3)\n     0  x: ADD R2.x, (0x00000001).x, (0x00000002).z\n         LITERAL 0x00000001 0x00000007\n"
              "         LITERAL 0x00000002 0x00000008\n" +
              end,
          4);
    // fuzz_cayman's input (tests/fuzz/regressions/cayman/roundtrip/literal-z-read-first-slot-unread):
    // .z read, the first slot's dwords unread and nonzero; it printed the first slot alone.
    const std::vector<std::uint8_t> fuzzed{0x03, 0x00, 0x00, 0x40, 0x00, 0x00, 0x14, 0xa0, 0x00, 0x40, 0x01, 0x00, 0x88, 0x06, 0x00,
                                           0x95, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x88, 0x81, 0x00, 0x10, 0x00, 0x90, 0x00,
                                           0x40, 0x00, 0x01, 0x04, 0x90, 0x00, 0x90, 0x00, 0x40, 0x20, 0x01, 0x20, 0x80, 0x00, 0x10,
                                           0x00, 0x40, 0x40, 0xfd, 0x08, 0x00, 0x80, 0x90, 0x0c, 0x40, 0x60, 0x00, 0x00, 0x80, 0x01,
                                           0x40, 0x00, 0x00, 0x00, 0x06, 0x00, 0x95, 0x00, 0x00, 0x00, 0x00, 0x00};
    const std::string text = text_of(fuzzed);
    CHECK(text ==
          "00 ALU: ADDR(3) CNT(6) KCACHE0(CB0:0-15)\n"
          "     0  x: MUL R2.x, KC0[1].x, KC0[0].x\n"
          "         y: MUL R2.y, R1.y, KC0[0].y\n"
          "         z: ADD R2.z, R1.x, R1.y\n"
          "         w: MOV R2.w, (0x00950006).z\n"
          "         LITERAL 0x01800000 0x00000040\n"
          "         LITERAL 0x00950006 0x00000000\n"
          "01 EXP_DONE: PARAM0, R2\n"
          "02 END\n");
    const auto back = ctisa::assemble_bytes<cm::isa>(text);
    REQUIRE(back);
    CHECK(*back == fuzzed);
}

TEST_CASE("cayman text: inline constants as AMD's listings write them", "[cayman][text]") {
    // Chapter 9's ALU_SRC_SEL: 248 ALU_SRC_0 (0.0), 249 ALU_SRC_1 (1.0 float), 250 ALU_SRC_1_INT (1),
    // 251 ALU_SRC_M_1_INT (-1), 252 ALU_SRC_0_5 (0.5 float). Spellings as Multi2Sim's Evergreen
    // disassembler writes them: 0.0f, 1.0f, 1, -1, 0.5f, without a channel. ADD_INT is OP2 0x34.
    // ALU_WORD0: SRC0_SEL 0-8, SRC0_CHAN 10-11, SRC0_NEG 12, SRC1_SEL 13-21, SRC1_NEG 25, LAST 31.
    const std::string listing =
        "00 ALU: ADDR(2) CNT(4) NO_BARRIER\n"
        "     0  x: MOV R2.x, 0.0f\n"
        "         y: MOV R2.y, -1.0f\n"
        "         z: MOV R2.z, |0.5f|\n"
        "         w: ADD_INT R2.w, 1, -1\n"
        "01 END NO_BARRIER\n";
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
    const std::string odd = "00 ALU: ADDR(2) CNT(1) NO_BARRIER\n     0  x: MOV R2.x, 1 SRC0_CHAN(Y) SRC0_NEG(1)\n01 END NO_BARRIER\n";
    const auto odd_image = ctisa::assemble_bytes<cm::isa>(odd);
    REQUIRE(odd_image);
    CHECK(dword(*odd_image, 16) == (250u | 1u << 10 | 1u << 12 | 1u << 31));
    CHECK(text_of(*odd_image) == odd);
    // The old numeric form still reads from 128 up; a number below could be a GPR and is refused.
    const auto numeric = ctisa::assemble_bytes<cm::isa>("00 ALU: NO_BARRIER\n    0 x: MOV R2.x, 249.x\n01 END NO_BARRIER\n");
    REQUIRE(numeric);
    CHECK(dword(*numeric, 16) == (249u | 1u << 31));
    const auto line = [](std::string_view text, ctisa::error_code code, std::uint32_t column) {
        return bad{"00 ALU: NO_BARRIER\n" + std::string(text) + "\n01 END NO_BARRIER\n", code, 2u, column};
    };
    const bad cases[] = {
        line("  0 x: MOV R2.x, 1.x", ctisa::error_code::expected_register, 18),
        line("  0 x: MOV R2.x, 0", ctisa::error_code::expected_register, 18),
        line("  0 x: MOV R2.x, -5.y", ctisa::error_code::expected_register, 19),
        line("  0 x: MOV R2.x, 1.0", ctisa::error_code::expected_register, 18),
        line("  0 x: MOV R2.x, |1.0f", ctisa::error_code::unexpected_character, 23),
    };
    check_errors(cases);
}

TEST_CASE("cayman text: ALU groups numbered as AMD's listings number them", "[cayman][text]") {
    // One running counter over the program's ALU groups and fetch instructions, in text order (the
    // R700 listings of ../shared/reference/real/r700: `0 SAMPLE`, then ALU groups 1-4). A number
    // starts a group; it ends where the next number (or CF line) begins: LAST is not written.
    // CF program of 4 units (32 bytes): clause 1 at 32 (ADDR 4, three units), the fetch clause at 64
    // (ADDR 8), clause 2 at 80 (ADDR 10). `PV<n>` names group n's results, n the group before.
    const std::string listing =
        "00 ALU: ADDR(4) CNT(3) NO_BARRIER\n"
        "     0  x: MOV R1.x, R0.x\n"
        "         y: MOV R1.y, R0.y\n"
        "     1  x: MOV R2.x, PV0.y\n"
        "01 TEX: ADDR(8) CNT(1) NO_BARRIER\n"
        "     2  SAMPLE R4, R2.xyxx, t1, s2\n"
        "02 ALU: ADDR(10) CNT(1) NO_BARRIER\n"
        "     3  x: MOV R3.x, R2.x\n"
        "03 END NO_BARRIER\n";
    const auto image = ctisa::assemble_bytes<cm::isa>(listing);
    REQUIRE(image);
    CHECK(image->size() == 88);
    CHECK(dword(*image, 32) >> 31 == 0);  // x of group 0: not LAST
    CHECK(dword(*image, 40) >> 31 == 1);  // y: LAST
    CHECK(dword(*image, 48) == (254u | 1u << 10 | 1u << 31));  // PV0.y: select 254, channel 1
    CHECK(text_of(*image) == listing);
    static constexpr auto p = cm::assemble<"00 ALU:\n 0 x: MOV\n 1 x: MOV\n01 END\n">();
    STATIC_REQUIRE(p.size_bytes() == 32);
    const bad cases[] = {
        {"00 ALU:\n     1  x: MOV R1.x, R0.x\n01 END\n", ctisa::error_code::misplaced_statement, 2, 6},  // group 0
        {"00 ALU:\n         x: MOV R1.x, R0.x\n01 END\n", ctisa::error_code::misplaced_statement, 2, 10},  // no group open
        {"00 ALU:\n     0  x: MOV R1.x, R0.x\n01 ALU:\n     0  x: MOV R2.x, R1.x\n02 END\n", ctisa::error_code::misplaced_statement, 4,
         6},  // the count runs on: 1
        {"00 TEX:\n     0  x: MOV R1.x, R0.x\n01 END\n", ctisa::error_code::misplaced_statement, 2, 6},  // no ALU clause open
        {"00 TEX:\n     1  SAMPLE R4, R2.xyxx, t1, s2\n01 END\n", ctisa::error_code::misplaced_statement, 2, 6},  // fetch 0
        {"00 ALU:\n     0  x: MOV R1.x, R0.x\n     1  x: MOV R1.x, PV1.x\n01 END\n", ctisa::error_code::value_out_of_range, 3, 22},
    };
    check_errors(cases);
}

TEST_CASE("cayman text: a field name two formats share is qualified by its format", "[cayman][text]") {
    // GDS instructions have SRC_GPR in MEM_GDS_WORD0 (bits 11-17, the data) and MEM_GDS_WORD1 (bits
    // 16-22, the offset). The GDS clause starts at 16 (two CF units).
    const auto b = ctisa::assemble_bytes<cm::isa>("00 GDS: NO_BARRIER\n    GDS_ADD SRC_GPR(2) MEM_GDS_WORD1.SRC_GPR(4)\n01 END NO_BARRIER\n");
    REQUIRE(b);
    CHECK(((dword(*b, 16) >> 11) & 0x7Fu) == 2);
    CHECK(((dword(*b, 20) >> 16) & 0x7Fu) == 4);
    CHECK(text_of(*b).find("     0  GDS_ADD SRC_GPR(2) MEM_GDS_WORD1.SRC_GPR(4)\n") != std::string::npos);
    const bad cases[] = {
        {"00 GDS: NO_BARRIER\n    GDS_ADD TEX_WORD0.SRC_GPR(4)\n01 END NO_BARRIER\n", ctisa::error_code::operand_not_allowed, 2,
         13},  // not its format
        {"00 GDS: NO_BARRIER\n    GDS_ADD MEM_GDS_WORD1.SRC_GPR(4) MEM_GDS_WORD1.SRC_GPR(5)\n01 END NO_BARRIER\n",
         ctisa::error_code::duplicate_name, 2, 38},
    };
    check_errors(cases);
}

TEST_CASE("cayman text: the program kind line", "[cayman][text]") {
    // A KILL* is a pixel shader's: accepted without a kind and in a PS, refused in a VS at its line.
    const std::string body = "00 ALU: NO_BARRIER\n    0 x: KILLGT\n01 END NO_BARRIER\n";
    const auto plain = ctisa::assemble_bytes<cm::isa>(body);
    REQUIRE(plain);
    const auto ps = ctisa::assemble_bytes<cm::isa>("PROGRAM PS\n" + body);
    REQUIRE(ps);
    CHECK(*ps == *plain);  // the kind lays out no bytes
    static constexpr auto p = cm::assemble<"PROGRAM CS\n00 NOP NO_BARRIER\n01 END NO_BARRIER\n">();
    STATIC_REQUIRE(p.size() == 3);
    STATIC_REQUIRE(p.size_bytes() == 16);
    const bad cases[] = {
        {"PROGRAM VS\n" + body, ctisa::error_code{cm::errors::kill_outside_pixel}, 3, 5},
        {"PROGRAM PS\n00 CALL_FS NO_BARRIER\n01 END NO_BARRIER\n", ctisa::error_code{cm::errors::call_fs_outside_vertex}, 2, 1},
        {"00 NOP NO_BARRIER\nPROGRAM PS\n01 END NO_BARRIER\n", ctisa::error_code::misplaced_statement, 2, 1},  // before the first CF line
        {"PROGRAM XS\n00 END NO_BARRIER\n", ctisa::error_code::reserved_value, 1, 9},
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
        "ALU: NO_BARRIER\n"
        "  0 x: MOV SRC0_SEL(1) WRITE_MASK(1)\n"
        "TEX: NO_BARRIER\n"
        "  VFETCH R2.xxxx, R0.x, fc0\n"
        "NOP NO_BARRIER\n"
        "END NO_BARRIER\n");
    INFO((image ? "" : std::string(image.error().message())));
    REQUIRE(image);
    REQUIRE(image->bytes.size() == 64);
    CHECK(dword(image->bytes, 0) == 4);  // ALU: ADDR 4
    CHECK(dword(image->bytes, 4) == 8u << 26);  // CF_INST ALU (8) in bits 26-29, COUNT 0
    CHECK(dword(image->bytes, 8) == 6);  // TC: ADDR 6
    CHECK(dword(image->bytes, 12) == 1u << 22);  // CF_INST TC (1) in bits 22-29, COUNT 0
    CHECK(dword(image->bytes, 28) == 32u << 22);  // END (32)
    CHECK(dword(image->bytes, 32) == (1u | 1u << 31));  // MOV: SRC0_SEL 1, LAST
    CHECK(dword(image->bytes, 36) == (1u << 4 | 25u << 7));  // WRITE_MASK, ALU_INST MOV (25)
    CHECK(dword(image->bytes, 40) == 0);  // the pad
    CHECK(dword(image->bytes, 52) == 2);  // FETCH: VTX_WORD1_GPR.DST_GPR (bits 0-6)
    // units: four CF, the ALU instruction, the pad, the fetch
    CHECK(image->unit_ends == std::vector<std::size_t>{8, 16, 24, 32, 40, 48, 64});
}

TEST_CASE("cayman text: compile-time assembly", "[cayman][text]") {
    static constexpr auto p = cm::assemble<
        "00 ALU: ADDR(2) CNT(1) NO_BARRIER\n"
        "    0 x: MOV SRC0_SEL(1) WRITE_MASK(1)\n"
        "01 END NO_BARRIER\n">();
    STATIC_REQUIRE(p.size() == 3);
    STATIC_REQUIRE(p.size_bytes() == 24);
    STATIC_REQUIRE(dword(p.bytes, 0) == 2);
    STATIC_REQUIRE(dword(p.bytes, 4) == 8u << 26);
    STATIC_REQUIRE(dword(p.bytes, 12) == 32u << 22);
    STATIC_REQUIRE(dword(p.bytes, 16) == (1u | 1u << 31));
    STATIC_REQUIRE(dword(p.bytes, 20) == (1u << 4 | 25u << 7));
    STATIC_REQUIRE(p.instructions[1].role == cm::unit_role::alu);
    STATIC_REQUIRE(!cm::try_assemble("00 ALU: NO_BARRIER\n    0 x: MOV\n01 NOP NO_BARRIER\n"));  // no END
    STATIC_REQUIRE(cm::try_assemble("00 NOP NO_BARRIER\n01 END NO_BARRIER\n").value() == 2);
    STATIC_REQUIRE(cm::parse("00 END").value().in.op == *cm::find_opcode(c::cf, "END"));
}

TEST_CASE("cayman text: errors name the line and column", "[cayman][text]") {
    const bad cases[] = {
        {"00 FOO\n", ctisa::error_code::unknown_mnemonic, 1, 4},
        {"00 NOP\n    FOO\n01 END\n", ctisa::error_code::unknown_mnemonic, 2, 5},
        {"00 END\n", ctisa::error_code::none, 0, 0},
        {"00 END\nEND_OF_PROGRAM\n", ctisa::error_code::none, 0, 0},  // the listing's last line
        {"00 END\nEND_OF_PROGRAM\n01 NOP\n", ctisa::error_code::misplaced_statement, 3, 1},
        {"00 NOP\n     0  x: MOV\n01 END\n", ctisa::error_code::misplaced_statement, 2, 6},  // ALU line outside an ALU clause
        {"00 NOP\n    LITERAL 1 2\n01 END\n", ctisa::error_code::misplaced_statement, 2, 5},
        {"00 ALU:\n    SAMPLE R0, R0.xxxx, t0, s0\n01 END\n", ctisa::error_code::misplaced_statement, 2, 5},  // fetch in an ALU clause
        {"00 NOP\n02 END\n", ctisa::error_code::misplaced_statement, 2, 1},  // wrong CF number
        {"00 ALU\n     0  x: MOV\n01 END\n", ctisa::error_code::unexpected_character, 1, 7},  // a clause start's colon
        {"00 ALU:\n     0  x: MOV FOO(1)\n01 END\n", ctisa::error_code::operand_not_allowed, 2, 16},
        {"00 ALU:\n     0  x: MOV DST_GPR(128)\n01 END\n", ctisa::error_code::value_out_of_range, 2, 16},
        {"00 ALU:\n     0  x: MOV SRC0_SEL(R128)\n01 END\n", ctisa::error_code::register_out_of_range, 2, 25},
        {"00 ALU:\n     0  x: MOV SRC0_SEL(KC1[32])\n01 END\n", ctisa::error_code::value_out_of_range, 2, 25},
        {"00 ALU:\n     0  x: MOV SRC0_SEL(KC1 0])\n01 END\n", ctisa::error_code::unexpected_character, 2, 29},
        {"00 ALU: KCACHE0(CB0:0-15) KCACHE1(CB2:32-63)\n     0  x: MOV R0.x, KC1[31].x\n01 END\n", ctisa::error_code::none, 0, 0},
        {"00 ALU: KCACHE0(CB0:0-15)\n     0  x: MOV R0.x, KC1[15].x\n01 END\n", ctisa::error_code{cm::errors::kcache_not_locked}, 2, 6},
        {"00 ALU: KCACHE0(CB0:0-14)\n     0  x: MOV\n01 END\n", ctisa::error_code::value_out_of_range, 1, 9},  // 16 or 32 constants
        {"00 ALU: KCACHE2(CB0:0-15)\n     0  x: MOV\n01 END\n", ctisa::error_code::operand_not_allowed, 1, 9},  // needs ALU_EXTENDED
        {"00 ALU: KCACHE0(CB16:0-15)\n     0  x: MOV\n01 END\n", ctisa::error_code::value_out_of_range, 1, 19},
        {"00 ALU:\n     0  x: MOV SRC0_SEL(255)\n01 END\n", ctisa::error_code::reserved_value, 2, 12},  // no PS
        {"00 ALU:\n     0  x: MOV OMOD(TIMES_3)\n01 END\n", ctisa::error_code::reserved_value, 2, 21},
        {"00 ALU:\n     0  x: MOV CLAMP CLAMP\n01 END\n", ctisa::error_code::duplicate_name, 2, 22},
        {"00 ALU:\n     0  x: MOV SRC0_SEL(1\n01 END\n", ctisa::error_code::unexpected_character, 2, 26},
        {"00 ALU:\n     0  x: MOV SRC1_SEL(1)\n01 END\n", ctisa::error_code::operand_not_allowed, 2, 16},  // MOV reads one source
        {"00 ALU:\n     0  x: MOV\n         LITERAL 1\n01 END\n", ctisa::error_code::expected_number, 3, 19},  // two dwords
        {"00 ALU: ADDR(1) CNT(1)\n     0  x: MOV\n01 END\n", ctisa::error_code{cm::errors::clause_out_of_range}, 1, 1},  // in the CF program
        {"00 ALU: ADDR(2) CNT(2)\n     0  x: MOV\n01 END\n", ctisa::error_code::value_out_of_range, 1, 1},
        {"00 ALU:\n     0  x: MOV SRC0_SEL(ALU_SRC_LITERAL)\n01 END\n", ctisa::error_code::reserved_value, 2,
         25},  // value names as the spec spells them
        {"00 ALU:\n     0  x: MOV SRC0_SEL(LITERAL)\n01 END\n", ctisa::error_code{cm::errors::literal_count}, 2, 6},  // no value
        {"00 ALU:\n     0  x: MOV\n01 NOP\n", ctisa::error_code{cm::errors::missing_end}, 3, 1},
        {"00 ALU:\n     0  x: MOV\n         x: MOV\n01 END\n", ctisa::error_code{cm::errors::slot_taken}, 3, 10},
        {"00 ALU:\n     0  x: KILLGT\n     1  x: MOV\n01 END\n", ctisa::error_code{cm::errors::kill_not_last}, 2, 6},
        {"00 ALU_EXTENDED\n01 NOP\n02 END\n", ctisa::error_code{cm::errors::extended_without_clause}, 1, 16},
        {"00 EXP_DONE: PIX0, R0.xyzq\n01 END\n", ctisa::error_code::unexpected_character, 1, 26},
        {"00 EXP_DONE: COLOR0, R0\n01 END\n", ctisa::error_code::reserved_value, 1, 14},
        {"00 EXP_DONE: PIX0 R0\n01 END\n", ctisa::error_code::expected_comma, 1, 19},
        {"00 EXP_DONE: PIX0, R0 NO_BARRIER NO_BARRIER\n01 END\n", ctisa::error_code::duplicate_name, 1, 34},
        {"00 POP (8)\n01 END\n", ctisa::error_code::value_out_of_range, 1, 9},
        {"00 LOOP_DX10 i32 FAIL_JUMP_ADDR(1)\n01 END\n", ctisa::error_code::value_out_of_range, 1, 15},
        {"00 TEX:\n     0  SAMPLE R0, R0.xy_x, t0, s0\n01 END\n", ctisa::error_code::unexpected_character, 2, 25},  // no MASK in a source
        {"00 TEX:\n     0  SAMPLE R0, R0.xyzw, t0\n01 END\n", ctisa::error_code::expected_comma, 2, 31},
        {"00 TEX:\n     0  VFETCH R0, R1.y, fc1 MEGA(16)\n01 END\n", ctisa::error_code::operand_not_allowed, 2, 30},  // no mega fetch on Cayman
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
    // Zero bytes after the last clause: decodable, but no line of the text writes them.
    std::vector<std::uint8_t> padded = image;
    padded.insert(padded.end(), 8, 0);
    REQUIRE(cm::decode_program(padded));
    d = ctisa::decode_program<cm::isa>(padded);
    REQUIRE(!d);
    CHECK(d.error().code == ctisa::error_code::not_canonical);
    // Truncation keeps decode_program's error and offset.
    bytes = image;
    bytes.resize(bytes.size() - 8);
    d = ctisa::decode_program<cm::isa>(bytes);
    REQUIRE(!d);
    CHECK(d.error().code == ctisa::error_code{cm::errors::clause_out_of_range});
}

TEST_CASE("cayman text: clauses lie where the listing's ADDR(n) says", "[cayman][text]") {
    // AMD's listings give each clause's address (8-byte units) and need not lay clauses out in CF
    // order or back to back: the R700 listings of ../shared/reference/real/r700 put the TEX clause at
    // ADDR(48) before the ALU clause at ADDR(32). Table 3.2: an ALU clause needs 8-byte alignment, a
    // texture-cache clause 16; zeros fill the gaps. ps_textured_none written for Cayman (an END, a
    // source element 0 where R700 masked it), with its real addresses:
    const std::string listing =
        "00 TEX: ADDR(48) CNT(1) VALID_PIX\n"
        "     0  SAMPLE R1, R1.xy00, t0, s0\n"
        "01 ALU: ADDR(32) CNT(4)\n"
        "     1  x: MUL R0.x, R0.x, R1.x\n"
        "         y: MUL R0.y, R0.y, R1.y\n"
        "         z: MUL R0.z, R0.z, R1.z\n"
        "         w: MUL R0.w, R0.w, R1.w\n"
        "02 EXP_DONE: PIX0, R0\n"
        "03 END\n";
    const auto image = ctisa::assemble_bytes<cm::isa>(listing + "END_OF_PROGRAM\n");
    REQUIRE(image);
    REQUIRE(image->size() == 48 * 8 + 16);
    CHECK(dword(*image, 0) == 48u);  // TC: ADDR 48
    CHECK(dword(*image, 8) == 32u);  // CF_ALU: ADDR 32, KCACHE fields clear
    CHECK(((dword(*image, 12) >> 18) & 0x7Fu) == 3u);  // COUNT 3: four slots
    CHECK(std::all_of(image->begin() + 32, image->begin() + 256, [](std::uint8_t b) { return b == 0; }));  // CF program to clause
    CHECK(dword(*image, 256 + 24) >> 31 == 1);  // w: LAST
    CHECK(std::all_of(image->begin() + 288, image->begin() + 384, [](std::uint8_t b) { return b == 0; }));
    CHECK((dword(*image, 384) & 0x1Fu) == 0x10u);  // SAMPLE (TEX_INST 16) at 384
    CHECK(text_of(*image) == listing);  // the addresses printed: byte for byte back
    // Clauses with and without addresses: one without goes after the clause before it (in CF order),
    // a fetch clause on a 16-byte boundary.
    const auto mixed =
        ctisa::assemble_bytes<cm::isa>("00 ALU: ADDR(10)\n     0  x: MOV R0.x, R1.x\n01 TEX:\n     1  SAMPLE R1, R1.xy00, t0, s0\n02 END\n");
    REQUIRE(mixed);
    CHECK(dword(*mixed, 0) == 10u);
    CHECK(dword(*mixed, 8) == 12u);  // after the ALU clause (80-88), on the next 16-byte boundary: 96
    CHECK(mixed->size() == 112);
    // At compile time too: the image's size is the layout's, gaps included.
    static constexpr auto p = cm::assemble<"00 ALU: ADDR(32) CNT(1)\n     0  x: MOV R0.x, R1.x\n01 END\n">();
    STATIC_REQUIRE(p.size_bytes() == 264);
    STATIC_REQUIRE(p.bytes[256] == 1);  // SRC0_SEL R1
    const bad cases[] = {
        {"00 ALU: ADDR(1)\n     0  x: MOV\n01 END\n", ctisa::error_code{cm::errors::clause_out_of_range}, 1, 1},  // in the CF program
        {"00 TEX: ADDR(3)\n     0  SAMPLE R1, R1.xy00, t0, s0\n01 END\n", ctisa::error_code{cm::errors::clause_misaligned}, 1, 1},
        {"00 ALU: ADDR(4)\n     0  x: MOV\n          y: MOV\n01 ALU: ADDR(5)\n     1  x: MOV\n02 END\n",
         ctisa::error_code{cm::errors::clause_overlap}, 4, 1},  // 4-5 holds the first clause's two slots
        {"00 ALU: ADDR(5)\n     0  x: MOV\n01 ALU: ADDR(4)\n     1  x: MOV\n          y: MOV\n02 END\n",
         ctisa::error_code{cm::errors::clause_overlap}, 3, 1},  // the other way round: at the later line
        {"00 ALU: ADDR(4)\n     0  x: MOV\n01 ALU:\n     1  x: MOV\n02 ALU: ADDR(5)\n     2  x: MOV\n03 END\n",
         ctisa::error_code{cm::errors::clause_overlap}, 5, 1},  // the second went after the first, to 5
        {"00 ALU: ADDR(4194304)\n     0  x: MOV\n01 END\n", ctisa::error_code::value_out_of_range, 1, 9},  // CF_ALU_WORD0's 22 bits
        {"00 ALU: ADDR(4) CNT(2)\n     0  x: MOV\n01 END\n", ctisa::error_code::value_out_of_range, 1, 1},  // CNT is checked
        {"00 ALU: ADDR(4)\n     0  x: MOV\n01 ALU: ADDR(4)\n     1  x: MOV\n02 END\n", ctisa::error_code{cm::errors::clause_overlap}, 3,
         1},  // one clause for two lines is written by label (ADDR(L0))
    };
    check_errors(cases);
    // A binary with clauses out of order and gaps (laid out by hand) disassembles with its addresses
    // and assembles back to the same bytes.
    std::vector<std::uint8_t> bytes = cm::layout(vertex_shader()).value();
    const auto decoded = cm::decode_program(bytes).value();
    const std::uint32_t cf_bytes = decoded.cf_bytes;
    std::vector<std::uint8_t> moved(bytes.begin(), bytes.begin() + cf_bytes);
    moved.resize(cf_bytes + 64, 0);  // every clause 64 bytes later: ADDR + 8
    moved.insert(moved.end(), bytes.begin() + cf_bytes, bytes.end());
    for (const cm::program_unit& u : decoded.units)
        if (u.role == cm::unit_role::cf && cm::detail::clause_of(u.in, 0)) moved[u.offset] = static_cast<std::uint8_t>(moved[u.offset] + 8);
    const std::string text = text_of(moved);
    INFO(text);
    const auto again = ctisa::assemble_bytes<cm::isa>(text);
    REQUIRE(again);
    CHECK(*again == moved);
}

TEST_CASE("cayman text: relative GPRs, LDS queues and conditions as the peers' listings write them", "[cayman][text]") {
    // Multi2Sim's Evergreen disassembler (the peer whose opcode table is in ../shared/reference/cayman)
    // writes a relative GPR by INDEX_MODE: AR_X `R5[A0.x]`, LOOP `R5[AL]`, GLOBAL `SR5`, GLOBAL_AR_X
    // `SR5[A0.x]`; the LDS output queues QA, QB, QA.pop, QB.pop (selects 219-222, no channel); a CF
    // condition CND(BOOL) with CF_CONST(n). Chapter 9: ALU_WORD0 SRC0_REL bit 9, SRC1_REL bit 22,
    // INDEX_MODE bits 26-28 (AR_X 0, LOOP 4, GLOBAL 5, GLOBAL_AR_X 6); ALU_WORD1 DST_REL bit 28; CF_WORD1
    // COND bits 8-9, CF_CONST bits 3-7.
    const std::string listing =
        "00 ALU: ADDR(3) CNT(5)\n"
        "     0  x: MOV R1[AL].x, R2[AL].y\n"
        "         y: ADD R3.y, R4[A0.x].x, R5.z\n"
        "         z: MOV SR6.z, QA.pop\n"
        "         w: ADD SR7[A0.x].w, QA, -QB\n"
        "     1  x: MOV R8.x, QB.pop\n"
        "01 JUMP ADDR(2) CF_CONST(2) CND(NOT_BOOL)\n"
        "02 END\n";
    const auto image = ctisa::assemble_bytes<cm::isa>(listing);
    INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
    REQUIRE(image);
    CHECK(dword(*image, 24) == (2u | 1u << 9 | 1u << 10 | 4u << 26));  // x: R2[AL].y
    CHECK((dword(*image, 28) >> 21) == (1u | 1u << 7));  // x: DST_GPR 1, DST_REL
    CHECK(dword(*image, 32) == (4u | 1u << 9 | 5u << 13 | 2u << 23));  // y: R4[A0.x].x (INDEX_MODE AR_X 0), R5.z
    CHECK(dword(*image, 40) == (221u | 5u << 26));  // z: QA.pop, GLOBAL
    CHECK(((dword(*image, 44) >> 21) & 0xFFu) == (6u | 1u << 7));  // z: SR6: DST_GPR 6, DST_REL
    CHECK(dword(*image, 48) == (219u | 220u << 13 | 1u << 25 | 6u << 26 | 1u << 31));  // w: QA, -QB, GLOBAL_AR_X, LAST
    CHECK(dword(*image, 56) == (222u | 1u << 31));  // group 1: QB.pop
    CHECK(dword(*image, 12) == (2u << 3 | 3u << 8 | 10u << 22 | 1u << 31));  // JUMP: CF_CONST 2, COND NOT_BOOL
    CHECK(text_of(*image) == listing);
    // The document's names still read; a nonzero channel on a queue falls back to its field.
    const auto named = ctisa::assemble_bytes<cm::isa>("00 ALU:\n     0  x: MOV R1.x, LDS_OQ_A_POP.x\n01 END\n");
    REQUIRE(named);
    CHECK(dword(*named, 16) == (221u | 1u << 31));
    const auto chan = ctisa::assemble_bytes<cm::isa>("00 ALU:\n     0  x: MOV R1.x, QA SRC0_CHAN(Y)\n01 END\n");
    REQUIRE(chan);
    CHECK(text_of(*chan).find("x: MOV R1.x, QA SRC0_CHAN(Y)\n") != std::string::npos);
    // A relative kcache constant (loop-indexed, 4.6.1) has no listing spelling in the peers: its fields.
    const auto kcache =
        ctisa::assemble_bytes<cm::isa>("00 ALU: KCACHE0(CB0:0-15)\n     0  x: MOV R1.x, KC0[2].y SRC0_REL(RELATIVE) INDEX_MODE(LOOP)\n01 END\n");
    REQUIRE(kcache);
    CHECK(text_of(*kcache).find("x: MOV R1.x, KC0[2].y SRC0_REL(RELATIVE) INDEX_MODE(LOOP)\n") != std::string::npos);
    const bad cases[] = {
        {"00 ALU:\n     0  x: MOV R1[AL].x, R2[A0.x].y\n01 END\n", ctisa::error_code::operands_conflict, 2, 26},  // one INDEX_MODE
        {"00 ALU:\n     0  x: MOV R1[A0.x].x, R2.y INDEX_MODE(LOOP)\n01 END\n", ctisa::error_code::operands_conflict, 2, 12},
        {"00 ALU:\n     0  x: MOV R1[A1.x].x, R2.y\n01 END\n", ctisa::error_code::bad_relative_address, 2, 19},  // AR.X only
        {"00 ALU:\n     0  x: MOV SR1[AL].x, R2.y\n01 END\n", ctisa::error_code::bad_relative_address, 2, 20},  // no global loop
        {"00 ALU:\n     0  x: MOV R1[A0.y].x, R2.y\n01 END\n", ctisa::error_code::bad_relative_address, 2, 19},
    };
    check_errors(cases);
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
        // BARRIER (bit 31) set: the line does not say NO_BARRIER.
        const std::string text = "00 " + mnemonic + " i0 POP_CNT(3) FAIL_JUMP_ADDR(2)\n01 ENDLOOP i0 PASS_JUMP_ADDR(1)\n02 END\n";
        const auto bytes = ctisa::assemble_bytes<cm::isa>(text);
        REQUIRE(bytes);
        const std::uint32_t word1 = 3u | (cf_inst << 22) | 1u << 31;
        CHECK(std::vector<std::uint8_t>(bytes->begin(), bytes->begin() + 8) ==
              std::vector<std::uint8_t>{2, 0, 0, 0, static_cast<std::uint8_t>(word1), static_cast<std::uint8_t>(word1 >> 8),
                                        static_cast<std::uint8_t>(word1 >> 16), static_cast<std::uint8_t>(word1 >> 24)});
        const std::string listed = mnemonic == "LOOP_START_DX10" ? "LOOP_DX10" : mnemonic;
        CHECK(text_of(*bytes) == "00 " + listed + " i0 POP_CNT(3) FAIL_JUMP_ADDR(2)\n01 ENDLOOP i0 PASS_JUMP_ADDR(1)\n02 END\n");
    }
}

TEST_CASE("cayman text: ALU_EXTENDED and its clause are one 16-byte CF instruction", "[cayman][text]") {
    // DESIGN.md's units: ALU_EXTENDED (CF_ALU_WORD0_EXT, CF_ALU_WORD1_EXT) and the CF_ALU pair after
    // it are one unit. Chapter 9: KCACHE_MODE2 is EXT0 bits 30-31, KCACHE_BANK2 bits 22-25; CF_INST
    // 12 in EXT1 bits 26-29. The clause (at 3 units: the CF program is 16 + 8 bytes) holds one NOP.
    // KCACHE2(CB3:0-15): lock 2 (the prefix's) on constant buffer 3, line 0, LOCK_1.
    const std::string text =
        "00 ALU_EXTENDED ALU: ADDR(3) CNT(1) KCACHE2(CB3:0-15) NO_BARRIER\n"
        "     0  x: NOP ____\n"
        "02 END NO_BARRIER\n";
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
        {"00 ALU_EXTENDED ALU: CF_ALU_WORD1_EXT.BARRIER(1) KCACHE_BANK2(3) KCACHE_MODE2(LOCK_1)\n     0  x: NOP ____\n02 END\n",
         ctisa::error_code::none},
        {"00 ALU_EXTENDED ALU:\n     0  x: NOP ____\n01 END\n", ctisa::error_code::misplaced_statement, 3, 1},  // END is at 02
    };
    check_errors(cases);
}

TEST_CASE("cayman text: multi-clause programs in AMD's listing syntax", "[cayman][text]") {
    // Each listing assembles to the bytes its meaning requires (the dwords checked are worked out
    // from chapter 9's formats: CF_WORD1 POP_COUNT 0-2, CF_INST 22-29, BARRIER 31; CF_ALU_WORD0/1;
    // CF_ALLOC_EXPORT_WORD0/1_SWIZ/_BUF; TEX/VTX words) and prints back exactly as written.
    {  // p1: ALU with two kcache locks, inline literals (a slot of X 0.5, Y 3.0) and PV across groups; a DOT4 reduction and a replicated
       // transcendental
        const std::string listing =
            "00 ALU: ADDR(3) CNT(12) KCACHE0(CB0:0-15) KCACHE1(CB1:32-63)\n"
            "     0  x: MUL_IEEE R2.x, R1.x, KC0[0].x\n"
            "         y: MUL_IEEE R2.y, R1.y, KC0[0].y\n"
            "         z: MULADD_IEEE R2.z, R1.z, KC1[3].z, (0x3F000000, 0.5f).x\n"
            "         w: MOV R2.w, (0x40400000, 3.0f).y\n"
            "     1  x: DOT4_IEEE R3.x, PV0.x, PV0.x\n"
            "         y: DOT4_IEEE ____, PV0.y, PV0.y\n"
            "         z: DOT4_IEEE ____, PV0.z, PV0.z\n"
            "         w: DOT4_IEEE ____, PV0.w, PV0.w\n"
            "     2  x: RECIPSQRT_IEEE R4.x, PV1.x\n"
            "         y: RECIPSQRT_IEEE ____, PV1.x\n"
            "         z: RECIPSQRT_IEEE ____, PV1.x\n"
            "01 EXP_DONE: PARAM0, R2\n"
            "02 END\n";
        INFO(listing);
        const auto image = ctisa::assemble_bytes<cm::isa>(listing);
        INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
        REQUIRE(image);
        CHECK((dword(*image, 0)) == (3u | 1u << 26 | 1u << 30));  // KCACHE_BANK1 1 (26-29), KCACHE_MODE0 LOCK_1 (30-31)
        CHECK((dword(*image, 4)) == (2u | 2u << 10 | 11u << 18 | 8u << 26 |
                                     1u << 31));  // KCACHE_MODE1 LOCK_2 (32 constants), KCACHE_ADDR1 2 (32/16), COUNT 11, ALU, BARRIER
        CHECK((dword(*image, 56)) == (0x3F000000u));  // the literal slot after group 0: X
        CHECK((dword(*image, 60)) == (0x40400000u));  // Y
        CHECK((dword(*image, 64) & 0x3FFFFFu) == (254u | 254u << 13));  // group 1 x: DOT4_IEEE PV0.x, PV0.x (select 254)
        CHECK(text_of(*image) == listing);
    }
    {  // p2: if/else: ALU_PUSH_BEFORE with a predicate, JUMP, ALU_ELSE_AFTER, ELSE, ALU_POP_AFTER
        const std::string listing =
            "00 ALU_PUSH_BEFORE: ADDR(7) CNT(1)\n"
            "     0  x: PRED_SETGT_INT ____, R1.x, 0.0f UPDATE_EXEC_MASK UPDATE_PRED\n"
            "01 JUMP POP_CNT(1) ADDR(4)\n"
            "02 ALU_ELSE_AFTER: ADDR(8) CNT(1)\n"
            "     1  x: MOV R2.x, 1.0f\n"
            "03 ELSE POP_CNT(1) ADDR(5)\n"
            "04 ALU_POP_AFTER: ADDR(9) CNT(1)\n"
            "     2  x: MOV R2.x, -1.0f\n"
            "05 EXP_DONE: PIX0, R2.xxxx\n"
            "06 END\n";
        INFO(listing);
        const auto image = ctisa::assemble_bytes<cm::isa>(listing);
        INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
        REQUIRE(image);
        CHECK((dword(*image, 8)) == (4u));  // JUMP to CF address 4
        CHECK((dword(*image, 12)) == (1u | 10u << 22 | 1u << 31));  // POP_COUNT 1 (0-2), CF_INST 10, BARRIER
        CHECK((dword(*image, 24)) == (5u));  // ELSE to 5
        CHECK((dword(*image, 28)) == (1u | 13u << 22 | 1u << 31));  // POP_COUNT 1, CF_INST 13
        CHECK((dword(*image, 60) & 0xCu) == 0xCu);  // (masked) UPDATE_EXEC_MASK (bit 2), UPDATE_PRED (3) of PRED_SETGT_INT
        CHECK(text_of(*image) == listing);
    }
    {  // p3: a DX10 loop with a break: LOOP_DX10, a predicate with EXECUTE_MASK_OP BREAK, LOOP_BREAK, ENDLOOP; an integer literal
        const std::string listing =
            "00 LOOP_DX10 i0 FAIL_JUMP_ADDR(6)\n"
            "01 ALU_PUSH_BEFORE: ADDR(8) CNT(3)\n"
            "     0  x: SETGE_INT R2.x, R1.x, (0x0000000A).x\n"
            "     1  x: PRED_SETNE_INT ____, PV0.x, 0.0f EXECUTE_MASK_OP(BREAK) UPDATE_EXEC_MASK UPDATE_PRED\n"
            "02 LOOP_BREAK POP_CNT(1) ADDR(6)\n"
            "03 ALU_POP_AFTER: ADDR(11) CNT(1)\n"
            "     2  x: ADD_INT R1.x, R1.x, 1\n"
            "04 ENDLOOP i0 PASS_JUMP_ADDR(1)\n"
            "05 NOP\n"
            "06 EXP_DONE: PARAM0, R1\n"
            "07 END\n";
        INFO(listing);
        const auto image = ctisa::assemble_bytes<cm::isa>(listing);
        INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
        REQUIRE(image);
        CHECK((dword(*image, 0)) == (6u));  // FAIL_JUMP_ADDR 6
        CHECK((dword(*image, 4)) == (6u << 22 | 1u << 31));  // LOOP_START_DX10 (6)
        CHECK((dword(*image, 16)) == (6u));  // LOOP_BREAK to 6
        CHECK((dword(*image, 20)) == (1u | 9u << 22 | 1u << 31));  // POP_COUNT 1, LOOP_BREAK (9)
        CHECK((dword(*image, 32)) == (1u));  // PASS_JUMP_ADDR 1
        CHECK((dword(*image, 36)) == (5u << 22 | 1u << 31));  // LOOP_END (5)
        CHECK((dword(*image, 72)) == (10u));  // the literal 0x0000000A
        CHECK(text_of(*image) == listing);
    }
    {  // p4: a texture clause (SAMPLE, SAMPLE_L, SAMPLE_G, LD) and the ALU clause using its results
        const std::string listing =
            "00 TEX: ADDR(4) CNT(4) VALID_PIX\n"
            "     0  SAMPLE R1, R0.xy00, t0, s0\n"
            "     1  SAMPLE_L R2, R0.xy0w, t1, s1\n"
            "     2  SAMPLE_G R3.xyz1, R0.xy00, t2, s0 UNNORM(XY)\n"
            "     3  LD R4, R0.xyzw, t3, s0 UNNORM(XYZW)\n"
            "01 ALU: ADDR(12) CNT(4)\n"
            "     4  x: MUL R0.x, R1.x, R2.x\n"
            "         y: MUL R0.y, R1.y, R2.y\n"
            "         z: MUL R0.z, R3.z, R4.z\n"
            "         w: MOV R0.w, 1.0f\n"
            "02 EXP_DONE: PIX0, R0\n"
            "03 END\n";
        INFO(listing);
        const auto image = ctisa::assemble_bytes<cm::isa>(listing);
        INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
        REQUIRE(image);
        CHECK((dword(*image, 4)) == (3u << 10 | 1u << 20 | 1u << 22 | 1u << 31));  // COUNT 3, VALID_PIXEL_MODE, TC (1)
        CHECK((dword(*image, 36) >> 28) == (0xFu));  // SAMPLE: COORD_TYPE_X-W NORMALIZED
        CHECK((dword(*image, 84) >> 28) == (0u));  // LD: UNNORM(XYZW)
        CHECK((dword(*image, 48) >> 8 & 0xFFu) == (1u));  // SAMPLE_L: RESOURCE_ID 1 (8-15)
        CHECK((dword(*image, 56) >> 15 & 0x1Fu) == (1u));  // SAMPLER_ID 1 (TEX_WORD2 15-19)
        CHECK(text_of(*image) == listing);
    }
    {  // p5: vertex fetches into a DOT4 against kcache, position and parameter exports
        const std::string listing =
            "00 TEX: ADDR(6) CNT(2)\n"
            "     0  VFETCH R1.xyzw, R0.x, fc153 FORMAT(32_32_32_32_FLOAT)\n"
            "     1  VFETCH R2.xy01, R0.x, fc154 FORMAT(32_32_FLOAT)\n"
            "01 ALU: ADDR(10) CNT(4) KCACHE0(CB0:0-15)\n"
            "     2  x: DOT4 R3.x, R1.x, KC0[0].x\n"
            "         y: DOT4 R3.y, R1.y, KC0[0].y\n"
            "         z: DOT4 R3.z, R1.z, KC0[0].z\n"
            "         w: DOT4 R3.w, R1.w, KC0[0].w\n"
            "02 EXP_DONE: POS0, R3\n"
            "03 EXP_DONE: PARAM0, R2 NO_BARRIER\n"
            "04 END\n";
        INFO(listing);
        const auto image = ctisa::assemble_bytes<cm::isa>(listing);
        INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
        REQUIRE(image);
        CHECK((dword(*image, 48) >> 8 & 0xFFu) == (153u));  // BUFFER_ID 153 (8-15)
        CHECK((dword(*image, 52) >> 22 & 0x3Fu) == (35u));  // DATA_FORMAT FMT_32_32_32_32_FLOAT (35)
        CHECK((dword(*image, 16)) == (60u | 1u << 13 | 3u << 15));  // EXP_DONE POS0: ARRAY_BASE 60 (table 3.3), TYPE POS, RW_GPR 3
        CHECK(text_of(*image) == listing);
    }
    {  // p6: exports: positions 0 and 1, parameters with swizzles and a burst
        const std::string listing =
            "00 ALU: ADDR(6) CNT(5)\n"
            "     0  x: MOV R1.x, 0.0f\n"
            "         y: MOV R1.y, 0.5f\n"
            "         z: MOV R1.z, 1.0f\n"
            "         w: MOV R1.w, (0x3E800000, 0.25f).x\n"
            "01 EXP: POS0, R1\n"
            "02 EXP: POS1, R1.xyz0 NO_BARRIER\n"
            "03 EXP: PARAM0, R1.wzyx NO_BARRIER\n"
            "04 EXP_DONE: PARAM1, R2 BURSTCNT(1) NO_BARRIER\n"
            "05 END\n";
        INFO(listing);
        const auto image = ctisa::assemble_bytes<cm::isa>(listing);
        INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
        REQUIRE(image);
        CHECK((dword(*image, 16)) == (61u | 1u << 13 | 1u << 15));  // POS1: ARRAY_BASE 61
        CHECK((dword(*image, 20)) == (0u | 1u << 3 | 2u << 6 | 4u << 9 | 83u << 22));  // SEL x y z 0, EXPORT (83), NO_BARRIER
        CHECK((dword(*image, 32)) == (1u | 2u << 13 | 2u << 15));  // PARAM1, R2
        CHECK((dword(*image, 36)) == (1u << 3 | 2u << 6 | 3u << 9 | 1u << 16 | 84u << 22));  // BURST_COUNT 1, EXPORT_DONE (84)
        CHECK(text_of(*image) == listing);
    }
    {  // p7: a RAT store: address arithmetic on kcache, MEM_RAT_CACHELESS with RAT_INST STORE_DWORD (20)
        const std::string listing =
            "00 ALU: ADDR(3) CNT(4) KCACHE0(CB0:0-15)\n"
            "     0  x: LSHL_INT R0.x, R1.x, (0x00000002).x\n"
            "         y: ADD_INT R0.y, KC0[1].x, R1.x\n"
            "     1  x: ADD_INT R0.x, PV0.x, KC0[0].x\n"
            "01 MEM_RAT_CACHELESS_STORE_DWORD: RAT(11)[R0].x___, R1, ARRAY_SIZE(4) MARK VPM\n"
            "02 END\n";
        INFO(listing);
        const auto image = ctisa::assemble_bytes<cm::isa>(listing);
        INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
        REQUIRE(image);
        CHECK((dword(*image, 8)) ==
              (11u | 20u << 4 | 1u << 13 | 1u << 15));  // RAT_ID 11, RAT_INST 20 (4-9), TYPE WRITE_IND, RW_GPR 1, INDEX_GPR 0
        CHECK((dword(*image, 12)) == (4u | 1u << 12 | 1u << 20 | 87u << 22 | 1u << 30 |
                                      1u << 31));  // ARRAY_SIZE 4, COMP_MASK x, VALID_PIXEL_MODE, MEM_RAT_CACHELESS (87), MARK, BARRIER
        CHECK(text_of(*image) == listing);
    }
    {  // p8: LDS: write, read into the output queue, pop, an atomic add
        const std::string listing =
            "00 ALU: ADDR(3) CNT(4)\n"
            "     0  x: LDS_WRITE ____, R0.x, R1.x\n"
            "     1  x: LDS_READ_RET ____, R0.x\n"
            "     2  x: MOV R2.x, QA.pop\n"
            "     3  x: LDS_ADD ____, R0.x, R2.x\n"
            "01 ALU: ADDR(7) CNT(1)\n"
            "     4  x: MOV R3.x, R2.x\n"
            "02 END\n";
        INFO(listing);
        const auto image = ctisa::assemble_bytes<cm::isa>(listing);
        INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
        REQUIRE(image);
        CHECK((dword(*image, 28)) == (17u << 13 | 13u << 21));  // LDS_WRITE: ALU_INST 17, LDS_OP 13 (ALU_WORD1_LDS_IDX_OP)
        CHECK(text_of(*image) == listing);
    }
    {  // p9: a subroutine: CALL, JUMP over it, its ALU clause with literals whose floats are not short, RETURN
        const std::string listing =
            "00 CALL ADDR(2)\n"
            "01 JUMP ADDR(4)\n"
            "02 ALU: ADDR(6) CNT(3)\n"
            "     0  x: MOV R0.x, (0x12345678).x\n"
            "         y: MOV R0.y, (0xBF800000, -1.0f).y\n"
            "03 RETURN\n"
            "04 EXP_DONE: PIX0, R0\n"
            "05 END\n";
        INFO(listing);
        const auto image = ctisa::assemble_bytes<cm::isa>(listing);
        INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
        REQUIRE(image);
        CHECK((dword(*image, 4)) == (18u << 22 | 1u << 31));  // CALL (18)
        CHECK((dword(*image, 28)) == (20u << 22 | 1u << 31));  // RETURN (20)
        CHECK((dword(*image, 64)) == (0x12345678u));  // the literal slot: X
        CHECK((dword(*image, 68)) == (0xBF800000u));  // Y
        CHECK(text_of(*image) == listing);
    }
    {  // p10: ALU_EXTENDED: four kcache locks on one 16-byte CF line, then a JUMP and ALU_POP_AFTER
        const std::string listing =
            "00 ALU_EXTENDED ALU_PUSH_BEFORE: ADDR(6) CNT(2) KCACHE0(CB0:0-15) KCACHE2(CB2:16-31) KCACHE3(CB3:0-31)\n"
            "     0  x: ADD R1.x, KC0[1].x, KC2[0].y\n"
            "     1  y: ADD R1.y, KC3[17].x, KC2[0].x\n"
            "02 JUMP POP_CNT(1) ADDR(4)\n"
            "03 ALU_POP_AFTER: ADDR(8) CNT(1)\n"
            "     2  z: MOV R1.z, 1\n"
            "04 EXP_DONE: PARAM0, R1\n"
            "05 END\n";
        INFO(listing);
        const auto image = ctisa::assemble_bytes<cm::isa>(listing);
        INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
        REQUIRE(image);
        CHECK((dword(*image, 0)) == (2u << 22 | 3u << 26 | 1u << 30));  // EXT0: KCACHE_BANK2 2, BANK3 3, MODE2 LOCK_1
        CHECK((dword(*image, 4)) == (2u | 1u << 2 | 12u << 26));  // EXT1: KCACHE_MODE3 LOCK_2, ADDR2 1, CF_INST 12
        CHECK((dword(*image, 8)) == (6u | 1u << 30));  // the pair: ADDR 6, KCACHE_MODE0 LOCK_1
        CHECK(text_of(*image) == listing);
    }
    {  // p11: a pixel shader: texture, KILLGT in ALU_PUSH_BEFORE, POP, pixel export
        const std::string listing =
            "00 TEX: ADDR(6) CNT(1)\n"
            "     0  SAMPLE R1, R0.xy00, t0, s0\n"
            "01 ALU_PUSH_BEFORE: ADDR(8) CNT(1)\n"
            "     1  x: KILLGT ____, 0.5f, R1.w\n"
            "02 POP (1) ADDR(3)\n"
            "03 EXP_DONE: PIX0, R1\n"
            "04 END\n";
        INFO(listing);
        const auto image = ctisa::assemble_bytes<cm::isa>(listing);
        INFO((image ? std::string() : std::string(image.error().message()) + " " + std::string(image.error().subject)));
        REQUIRE(image);
        CHECK((dword(*image, 16)) == (3u));  // POP to 3
        CHECK((dword(*image, 20)) == (1u | 14u << 22 | 1u << 31));  // POP_COUNT 1, POP (14)
        CHECK(text_of(*image) == listing);
    }
}

TEST_CASE("cayman text: R700 listings are the family, not Cayman: refused with the reason", "[cayman][text]") {
    // ../shared/reference/real/r700: AMD's listings for the R700 (VLIW5). They end without an END
    // instruction (R700 marks the last CF instruction instead), mask a texture source element (`_`:
    // Cayman's SRC_SEL has no MASK), read the constant file (C2: Cayman has kcache only) and use the T
    // slot: each is refused at its line, never read as another program.
    const std::vector<std::pair<std::string, std::uint32_t>> listings{
        {"ClassiCube__misc_wiiu_ps_coloured_none.psh.txt", 7}, {"ClassiCube__misc_wiiu_ps_textured_exp.psh.txt", 35},
        {"ClassiCube__misc_wiiu_ps_textured_lin.psh.txt", 35}, {"ClassiCube__misc_wiiu_ps_textured_none.psh.txt", 14},
        {"ClassiCube__misc_wiiu_vs_coloured.vsh.txt", 27},     {"ClassiCube__misc_wiiu_vs_offset.vsh.txt", 39},
        {"ClassiCube__misc_wiiu_vs_textured.vsh.txt", 33}};
    for (const auto& [name, line] : listings) {
        INFO(name);
        const auto r = ctisa::assemble_bytes<cm::isa>(ctisa_test::read_file(ctisa_test::shared_path("reference/real/r700/" + name)));
        REQUIRE(!r);
        CHECK(r.error().line == line);
    }
    const bad cases[] = {
        {"00 ALU:\n      0  t: RECIP_IEEE ____, R2.w\n01 END\n", ctisa::error_code::misplaced_statement, 2, 10},  // no T slot
        {"00 ALU:\n      0  x: MUL R0.x, R1.x, C1.x\n01 END\n", ctisa::error_code::reserved_value, 2, 29},  // no constant file
        {"00 ALU:\n      0  x: MUL R0.x, R1.x, PS0.x\n01 END\n", ctisa::error_code::reserved_value, 2, 29},  // no PS
    };
    check_errors(cases);
    // The textured pixel shader written for Cayman (a source element 0 where R700 masked it, an END):
    // it reads, and prints back in the listing's own layout.
    const std::string cayman =
        "00 TEX: ADDR(4) CNT(1) VALID_PIX\n"
        "     0  SAMPLE R1, R1.xy00, t0, s0\n"
        "01 ALU: ADDR(6) CNT(4)\n"
        "     1  x: MUL R0.x, R0.x, R1.x\n"
        "         y: MUL R0.y, R0.y, R1.y\n"
        "         z: MUL R0.z, R0.z, R1.z\n"
        "         w: MUL R0.w, R0.w, R1.w\n"
        "02 EXP_DONE: PIX0, R0\n"
        "03 END\n";
    const auto image = ctisa::assemble_bytes<cm::isa>(cayman + "END_OF_PROGRAM\n");
    REQUIRE(image);
    CHECK(text_of(*image) == cayman);
}
