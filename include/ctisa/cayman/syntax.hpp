// SPDX-License-Identifier: MIT
// Cayman's text: AMD's listing syntax, as AMD's shader compiler prints it for Evergreen and Northern
// Islands (the whole grammar, with the evidence for each spelling: generators/specs/cayman.toml,
// [isa] syntax and listing_decisions). One unit a line, the CF program in order, each clause's
// lines under the CF line that starts it:
//
//   00 ALU_PUSH_BEFORE: ADDR(4) CNT(4) KCACHE0(CB0:0-15)
//        0  x: MUL R2.x, R1.x, KC0[3].y
//           y: MOV R2.y, -|(0x40000000, 2.0f).y|
//        1  x: ADD R3.x, PV0.x, 1.0f CLAMP
//   01 TEX: ADDR(8) CNT(1)
//        2  SAMPLE R1, R2.xy00, t0, s0 UNNORM(XYZW)
//   02 EXP_DONE: PARAM0, R1.xyz1 NO_BARRIER
//   03 END
//
// - A CF line: its CF address, the listing's name (TEX, EXP_DONE, LOOP_DX10, ENDLOOP; the document's
//   names read too), a colon after clause starts and exports, then the listing's operands (an
//   export's target and source, a loop's iN, POP's (n)) and properties: a clause's ADDR(a) CNT(c)
//   (where the clause lies and its units: the link puts it at ADDR when written, in any order with
//   gaps, else after the clause before; CNT is checked), KCACHEn(CBb:lo-hi), POP_CNT, FAIL_JUMP_ADDR /
//   PASS_JUMP_ADDR, BURSTCNT, VALID_PIX, WHOLE_QUAD_MODE, MARK and NO_BARRIER (BARRIER is set unless
//   the line says NO_BARRIER), CND(..) for COND. `NN ALU_EXTENDED ALU...:` is the 16-byte extended
//   clause on one line.
// - An ALU group starts with its number, the listing's counter over ALU groups and fetch
//   instructions; it ends where the next number begins (LAST is never written: resolve() sets it).
//   Slots x: y: z: w: (no T slot); dst `R2.x` or `____`; sources `[-][|]SEL.c[|]` with R0-R127
//   (relative: R2[A0.x], R2[AL], SR2, SR2[A0.x] by INDEX_MODE, on the destination too),
//   KC0[0]-KC3[31], PV<n> (the previous group's, by its number), inline constants (0.0f 1.0f 0.5f 1
//   -1) and LDS queues (QA QB QA.pop QB.pop), both without a channel, and literals written inline,
//   `(0x3F800000, 1.0f).x`. A group with a nonzero literal dword no source reads lists each of
//   its literal slots as its own `LITERAL 0xX 0xY` line (listed_literal).
// - A fetch line: its number (optional when reading), then `SAMPLE Rd[.swz], Rs.swz, tN, sN
//   [UNNORM(..)]` for texture instructions, `VFETCH Rd.swz, Rs.c, fcN` for the vertex fetch, the
//   mnemonic alone for the others.
// - Wherever the listing has no spelling for a value, the line falls back to FIELD(VALUE) with
//   chapter 9's field names (FORMAT.FIELD for the second of two fields of one name), so every
//   encodable program prints and reads back to the same bytes. Fields not written are zero, BARRIER
//   and COORD_TYPE aside.
// - `name:` before a CF line labels its CF address for ADDR(name): a jump target, or on a clause
//   start the clause of that line (a shared clause; the disassembler writes those as `L<n>`).
// - `PROGRAM PS` (VS HS DS GS DC PS CS) before the first CF line: KILL only in a PS, CALL_FS only in
//   a VS; no bytes. `END_OF_PROGRAM`, the listing's last line, reads as nothing. `;`, `#`: comments.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>

#include "../core/static_vector.hpp"
#include "../core/text/compare.hpp"
#include "../core/text/cursor.hpp"
#include "../core/text/writer.hpp"
#include "layout.hpp"
#include "program.hpp"

namespace ctisa::cayman {

// One statement: a unit of the program and where it sits. `written` says which of a clause's
// ADDR and CNT the text gave (link checks those against the layout) and how a CF line refers to
// others: by label (then a clause start's ADDR holds the CF address of the line whose clause it
// runs, until layout) and whether a label names it.
struct statement {
    unit_role role = unit_role::cf;
    instruction in{};
    std::uint32_t cf_address = 0;  // CF lines: the address in 8-byte units; a group's first ALU line: its number
    std::uint8_t written = 0;      // the written_* bits
    // ALU lines: their group's literal dwords (X, Y, Z, W), written inline as `(0x3F800000, 1.0f).x`;
    // literal_mask: while parsing, the channels this line's sources name; then (resolve(), the
    // decoder) the dwords of the group's literal slots, two a slot.
    std::array<std::uint32_t, 4> literals{};
    std::uint8_t literal_mask = 0;
    friend constexpr bool operator==(const statement&, const statement&) = default;
};

inline constexpr std::uint8_t written_addr = 1;   // a clause's ADDR(number)
inline constexpr std::uint8_t written_count = 2;  // a clause's CNT(number)
inline constexpr std::uint8_t addr_by_label = 4;  // ADDR(label): a CF target, or a shared clause
inline constexpr std::uint8_t labelled = 8;       // `label:` before the CF line
inline constexpr std::uint8_t group_start = 16;   // the first ALU line of a group (cf_address: the group number)
// ALU_EXTENDED and the CF_ALU pair it extends: one 16-byte CF instruction (DESIGN.md's units), held
// as the CF_ALU instruction (its opcode, dwords 0-1) with the prefix's CF_ALU_WORD0_EXT and
// CF_ALU_WORD1_EXT in dwords 2-3; it takes two CF addresses.
inline constexpr std::uint8_t written_extended = 32;
// A literal slot the listing writes as its own `LITERAL 0xXXXXXXXX 0xXXXXXXXX` line: every slot of
// a group holding a nonzero dword no source reads (the inline form cannot carry it, and the lines
// then give the slots in order). Other literal slots are decoded as statements (one a unit) but not
// listed: their dwords are on the ALU lines.
inline constexpr std::uint8_t listed_literal = 64;

// The ALU_EXTENDED prefix of such a statement, as an instruction of its own.
[[nodiscard]] constexpr instruction extension_of(const statement& s) noexcept {
    return instruction{opcode::cf_alu_alu_extended, {s.in.dwords[2], s.in.dwords[3], 0, 0}};
}
[[nodiscard]] constexpr bool is_extended(const statement& s) noexcept { return s.role == unit_role::cf && (s.written & written_extended); }

// What the parser knows from the lines before: the next CF address, the open clause, the labels
// of CF lines and the ADDR(label) references resolve() fills in.
struct context {
    struct label {
        std::string_view name;
        std::uint32_t cf_address = 0;
    };
    struct reference {
        std::string_view name;
        std::uint32_t statement = 0;
        text::position at;
    };
    std::uint32_t statements = 0;
    std::uint32_t cf_units = 0;
    static_vector<label, 64> labels;
    static_vector<reference, 64> references;
    std::optional<clause> open;  // the clause the lines after the last CF line belong to
    std::uint32_t groups = 0;    // the listing's counter: ALU groups and fetch instructions so far
    bool in_group = false;       // an ALU group is open: a slot line without a number joins it
    bool ended = false;          // END_OF_PROGRAM was read
};

namespace detail {

inline constexpr std::array<std::string_view, 4> slot_names{"x", "y", "z", "w"};
inline constexpr std::array<category, 3> cf_categories{category::cf, category::cf_alu, category::cf_alloc_export};
inline constexpr std::array<category, 3> alu_categories{category::alu_op2, category::alu_op3, category::lds_idx_op};

[[nodiscard]] constexpr std::optional<clause> clause_kind(const instruction& cf) noexcept {
    if (auto c = clause_of(cf, 0)) return c->kind;
    return std::nullopt;
}

template <std::size_t N>
[[nodiscard]] constexpr std::optional<opcode> find_in(const std::array<category, N>& cats, std::string_view mnemonic) noexcept {
    for (category c : cats)
        if (auto op = find_opcode(c, mnemonic)) return op;
    return std::nullopt;
}

// Every field of the instruction's formats: f(field index, dword, position among them).
template <class F>
constexpr void for_each_own_field(opcode op, F&& f) {
    std::size_t position = 0;
    for (std::size_t d = 0; d < 3 && info(op).formats[d] != no_format; ++d) {
        const format_info& fi = formats[info(op).formats[d]];
        for (std::size_t i = fi.first_field; i < fi.first_field + fi.field_count; ++i, ++position) f(i, d, position);
    }
}

// Per opcode and dword, the bits of the fields unused_field_set() looks at: a unit with none of
// them set has no such field, and only one with some is searched. Built at start-up, not by the
// compiler (as a constexpr table it cost every includer); constant evaluation searches.
// (No opcode names a format twice, so a field's position in for_each_own_field is its used_position.)
using unused_bit_table = std::array<std::array<std::uint32_t, 3>, opcodes.size()>;

inline unused_bit_table make_unused_bits() noexcept {  // not constexpr: see above
    unused_bit_table out{};
    for (std::size_t o = 0; o < opcodes.size(); ++o) {
        const auto op = static_cast<opcode>(o);
        for_each_own_field(op, [&](std::size_t i, std::size_t d, std::size_t position) {
            if (!is_owned(op, i, position) && !uses_field(op, position)) out[o][d] |= mask_of(fields[i]);
        });
    }
    return out;
}

inline const unused_bit_table unused_bits = make_unused_bits();

// print_fields()'s shortcut: per opcode and dword, the bits of the fields it does not own (what
// the printer may write), and per format the field at each bit. Chapter 9 lists each format's
// fields from bit 0 up, so walking a dword's set bits visits its fields in the printer's order.
// Built at start-up like unused_bits.
struct print_table {
    std::array<std::array<std::uint32_t, 3>, opcodes.size()> printable{};
    std::array<std::array<std::uint16_t, 32>, formats.size()> field_at{};
};

inline print_table make_print_table() noexcept {  // not constexpr: see unused_bits
    print_table t;
    for (std::size_t o = 0; o < opcodes.size(); ++o) {
        const auto op = static_cast<opcode>(o);
        for_each_own_field(op, [&](std::size_t i, std::size_t d, std::size_t position) {
            if (!is_owned(op, i, position)) t.printable[o][d] |= mask_of(fields[i]);
        });
    }
    for (const field_info& f : fields)
        for (std::uint32_t b = f.lsb; b <= f.msb; ++b)
            t.field_at[static_cast<std::size_t>(f.format)][b] = static_cast<std::uint16_t>(&f - fields.data());
    return t;
}

inline const print_table print_tables = make_print_table();

static_assert([] {
    for (const format_info& f : formats)
        for (std::size_t i = f.first_field + 1; i < f.first_field + f.field_count; ++i)
            if (fields[i].lsb <= fields[i - 1].lsb) return false;
    return true;
}());

static_assert([] {
    for (const opcode_info& oi : opcodes)
        if ((oi.formats[0] != no_format && (oi.formats[0] == oi.formats[1] || oi.formats[0] == oi.formats[2])) ||
            (oi.formats[1] != no_format && oi.formats[1] == oi.formats[2]))
            return false;
    return true;
}());

// The first field the instruction does not use that is not zero (the text cannot write it), as an
// index into `fields`.
[[nodiscard]] constexpr std::optional<std::size_t> unused_field_set(const instruction& in) {
    if (!std::is_constant_evaluated()) {
        const auto& bits = unused_bits[static_cast<std::size_t>(in.op)];
        if (((in.dwords[0] & bits[0]) | (in.dwords[1] & bits[1]) | (in.dwords[2] & bits[2])) == 0) return std::nullopt;
    }
    std::optional<std::size_t> found;
    for_each_own_field(in.op, [&](std::size_t i, std::size_t d, std::size_t position) {
        if (!found && !is_owned(in.op, i) && !uses_field(in.op, position) && read(in.dwords[d], fields[i]) != 0) found = i;
    });
    return found;
}

// Decimal digits, or 0x and hex digits: a number, never a value's name (ALU_SRC_SEL's "1" and
// SEL's "0" are printed as their values).
[[nodiscard]] constexpr bool is_number(std::string_view word) noexcept {
    const bool hex = word.size() > 2 && word[0] == '0' && (word[1] == 'x' || word[1] == 'X');
    if (word.empty() || !text::is_digit(word[0])) return false;
    for (std::size_t i = hex ? 2 : 0; i < word.size(); ++i)
        if (hex ? text::hex_value(word[i]) < 0 : !text::is_digit(word[i])) return false;
    return true;
}

// ALU source selects as AMD's listings write them: GPRs R0-R127, kcache constants KC0[0]-KC3[31]
// (bank 0 and 1 at 128-191, banks 2 and 3 at 256-319); the other selects by their names.
[[nodiscard]] constexpr bool is_gpr_word(std::string_view word) noexcept {
    if (word.size() < 2 || word[0] != 'R') return false;
    for (char c : word.substr(1))
        if (!text::is_digit(c)) return false;
    return true;
}
[[nodiscard]] constexpr bool is_kcache_word(std::string_view word) noexcept {
    return word.size() == 3 && word[0] == 'K' && word[1] == 'C' && word[2] >= '0' && word[2] <= '3';
}

// Sources written without a channel (a nonzero SRCn_CHAN follows as a field): the inline constants
// as AMD's listings (and Multi2Sim's Evergreen disassembler) write them, the integer ones never with
// a `-` prefix (`-1` is ALU_SRC_M_1_INT; SRCn_NEG on them follows as a field); and the LDS output
// queues as Multi2Sim's Evergreen disassembler writes them, QA and QB (ALU_SRC_LDS_OQ_A/B), QA.pop
// and QB.pop (the _POP selects).
struct inline_constant {
    std::uint32_t select;
    std::string_view spelling;
};
inline constexpr std::array<inline_constant, 9> inline_constants{{{248, "0.0f"},
                                                                  {249, "1.0f"},
                                                                  {252, "0.5f"},
                                                                  {250, "1"},
                                                                  {251, "-1"},
                                                                  {221, "QA.pop"},
                                                                  {222, "QB.pop"},
                                                                  {219, "QA"},
                                                                  {220, "QB"}}};  // longest match first: 1.0f before 1

[[nodiscard]] constexpr std::optional<std::string_view> constant_spelling(std::uint32_t select) noexcept {
    for (const auto& c : inline_constants)
        if (c.select == select) return c.spelling;
    return std::nullopt;
}
[[nodiscard]] constexpr bool is_integer_constant(std::uint32_t select) noexcept { return select == 250 || select == 251; }

// An inline constant at the cursor (not followed by a name character or `.`: `1.x` is no constant).
[[nodiscard]] constexpr std::optional<std::uint32_t> parse_inline_constant(text::cursor& in) noexcept {
    const std::string_view rest = in.source().substr(in.offset());
    for (const auto& c : inline_constants) {
        if (!text::starts_with(rest, c.spelling)) continue;
        const char next = in.peek(c.spelling.size());
        if (text::is_ident_char(next) || next == '.') continue;
        in.advance(c.spelling.size());
        return c.select;
    }
    return std::nullopt;
}

[[nodiscard]] constexpr result<std::uint32_t> parse_select(text::cursor& in, std::string_view word) {
    const text::position at = in.where();
    in.advance(is_gpr_word(word) ? 1 : word.size());
    if (is_gpr_word(word)) {
        bool overflow = false;
        const auto n = in.unsigned_integer(&overflow);
        if (overflow || *n >= 128) return text::cursor::fail_at(at, error_code::register_out_of_range, word);
        return static_cast<std::uint32_t>(*n);
    }
    if (!in.consume('[')) return in.fail(error_code::unexpected_character, in.token_text());
    bool overflow = false;
    const auto index = in.unsigned_integer(&overflow);
    if (!index) return in.fail(error_code::expected_number, in.token_text());
    if (overflow || *index >= 32) return text::cursor::fail_at(at, error_code::value_out_of_range, word);
    if (!in.consume(']')) return in.fail(error_code::unexpected_character, in.token_text());
    const auto bank = static_cast<std::uint32_t>(word[2] - '0');
    return (bank < 2 ? 128 + 32 * bank : 256 + 32 * (bank - 2)) + static_cast<std::uint32_t>(*index);
}

[[nodiscard]] constexpr std::optional<std::size_t> field_named(opcode op, field_key key) noexcept {
    for (std::uint8_t fmt : info(op).formats) {
        if (fmt == no_format) break;
        if (auto i = find_field(static_cast<format_id>(fmt), key)) return i;
    }
    return std::nullopt;
}
[[nodiscard]] constexpr std::optional<std::size_t> field_named(opcode op, std::string_view name) noexcept {
    const auto key = find_field_key(name);
    if (!key) return std::nullopt;
    return field_named(op, *key);
}

// ALU lines write destination and sources as operands (LDS_IDX_OP: `____`, its result goes to the
// LDS output queue).
[[nodiscard]] constexpr bool has_operands(const statement& s) noexcept { return s.role == unit_role::alu; }

// Relative GPRs as Multi2Sim's Evergreen disassembler writes them, by INDEX_MODE: AR_X `R5[A0.x]`,
// LOOP `R5[AL]`, GLOBAL `SR5`, GLOBAL_AR_X `SR5[A0.x]` (Cayman has no other INDEX_MODE). Whether a
// GPR operand of the line (destination or source) is relative: INDEX_MODE is then its bracket's.
[[nodiscard]] constexpr bool relative_gpr_written(const statement& s) noexcept {
    const bool dst = info(s.in.op).cat == category::alu_op3 || value_or_zero(s.in, field_key::write_mask) != 0;
    if (dst && value_or_zero(s.in, field_key::dst_rel) != 0) return true;
    for (std::size_t n = 0; n < info(s.in.op).sources && n < 3; ++n)
        if (value_or_zero(s.in, source_sel[n]) < 128 && value_or_zero(s.in, relative[n]) != 0) return true;
    return false;
}

template <class Sink>
constexpr void print_gpr(Sink& out, const statement& s, std::uint32_t gpr, bool rel) {
    const std::uint32_t mode = value_or_zero(s.in, field_key::index_mode);
    out.append(rel && (mode == 5 || mode == 6) ? "SR" : "R");
    text::write_unsigned(out, gpr);
    if (rel && (mode == 0 || mode == 6)) out.append("[A0.x]");
    if (rel && mode == 4) out.append("[AL]");
}

// A field the operands hold: DST_GPR and DST_REL (unless an OP2 instruction writes no GPR),
// WRITE_MASK, each source's select, channel, NEG and ABS, a GPR source's REL, and INDEX_MODE when a
// GPR operand is relative.
// (By key: the printer asks for each field it prints, and comparing names cost a third of printing.)
[[nodiscard]] constexpr bool operand_field(const statement& s, field_key key) noexcept {
    if (!has_operands(s)) return false;
    if (key == field_key::write_mask || key == field_key::last) return true;  // LAST: the group numbers say it
    const bool dst = info(s.in.op).cat == category::alu_op3 || value_or_zero(s.in, field_key::write_mask) != 0;
    if (key == field_key::dst_gpr || key == field_key::dst_rel) return dst;
    if (key == field_key::index_mode) return relative_gpr_written(s);
    for (std::size_t n = 0; n < info(s.in.op).sources && n < 3; ++n) {
        const std::uint32_t sel = value_or_zero(s.in, source_sel[n]);
        if (key == relative[n]) return sel < 128;
        if (key == source_chan[n]) return !constant_spelling(sel);
        if (key == source_neg[n]) return !is_integer_constant(sel);
        if (key == source_sel[n] || (n < 2 && key == source_abs[n])) return true;
    }
    return false;
}
[[nodiscard]] constexpr bool operand_field(const statement& s, std::string_view name) noexcept {
    const auto key = find_field_key(name);
    return key && operand_field(s, *key);
}

// ---- CF lines as AMD's listings write them ----------------------------------------------------

// The listing's name of a CF instruction where it is not the document's (the texture clause is
// TEX, exports EXP and EXP_DONE, the DX10 loop LOOP_DX10 ... ENDLOOP); reading takes both names.
struct cf_alias {
    opcode op;
    std::string_view name;
};
inline constexpr std::array<cf_alias, 6> cf_aliases{{{opcode::cf_tc, "TEX"},
                                                     {opcode::cf_tc_ack, "TEX_ACK"},
                                                     {opcode::cf_loop_start_dx10, "LOOP_DX10"},
                                                     {opcode::cf_loop_end, "ENDLOOP"},
                                                     {opcode::cf_alloc_export_export, "EXP"},
                                                     {opcode::cf_alloc_export_export_done, "EXP_DONE"}}};

[[nodiscard]] constexpr std::string_view listing_name(opcode op) noexcept {
    for (const cf_alias& a : cf_aliases)
        if (a.op == op) return a.name;
    return info(op).mnemonic;
}
[[nodiscard]] constexpr std::optional<opcode> find_cf(std::string_view word) noexcept {
    for (const cf_alias& a : cf_aliases)
        if (text::equals(a.name, word)) return a.op;
    return find_in(cf_categories, word);
}
// Clause starts and exports end their name with a colon (`ALU:`, `TEX:`, `EXP_DONE:`).
[[nodiscard]] constexpr bool colon_after(opcode op) noexcept {
    const category c = info(op).cat;
    return (c == category::cf_alu && op != opcode::cf_alu_alu_extended) || c == category::cf_alloc_export || op == opcode::cf_tc ||
           op == opcode::cf_tc_ack || op == opcode::cf_gds;
}
[[nodiscard]] constexpr bool is_loop(opcode op) noexcept {
    return op == opcode::cf_loop_start || op == opcode::cf_loop_start_dx10 || op == opcode::cf_loop_start_no_al || op == opcode::cf_loop_end;
}
[[nodiscard]] constexpr bool is_export(opcode op) noexcept {
    return op == opcode::cf_alloc_export_export || op == opcode::cf_alloc_export_export_done;
}

// MEM_RAT* with a named RAT_INST: the listing fuses them (`MEM_RAT_CACHELESS_STORE_DWORD:`, the RAT
// category's name without its RAT_ prefix) and writes `RAT(id)[Rindex].mask, Rdata` (the brackets:
// TYPE WRITE_IND; mask the COMP_MASK letters x y z w, `_` for a clear bit).
[[nodiscard]] constexpr bool is_mem_rat(opcode op) noexcept {
    return op == opcode::cf_alloc_export_mem_rat || op == opcode::cf_alloc_export_mem_rat_cacheless ||
           op == opcode::cf_alloc_export_mem_rat_combined || op == opcode::cf_alloc_export_mem_rat_combined_cacheless;
}
[[nodiscard]] constexpr std::optional<std::string_view> rat_name(const instruction& in) noexcept {
    if (!is_mem_rat(in.op)) return std::nullopt;
    const auto rat = find_opcode(category::rat, value_or_zero(in, field_key::rat_inst));
    if (!rat) return std::nullopt;
    return info(*rat).mnemonic.substr(4);  // RAT_STORE_DWORD: STORE_DWORD
}
struct fused_rat {
    opcode op;
    std::uint32_t rat_inst;
};
[[nodiscard]] constexpr std::optional<fused_rat> find_rat(std::string_view word) noexcept {
    for (opcode op : {opcode::cf_alloc_export_mem_rat, opcode::cf_alloc_export_mem_rat_cacheless, opcode::cf_alloc_export_mem_rat_combined,
                      opcode::cf_alloc_export_mem_rat_combined_cacheless}) {
        const std::string_view m = info(op).mnemonic;
        if (word.size() <= m.size() + 1 || !text::starts_with(word, m) || word[m.size()] != '_') continue;
        const std::string_view rest = word.substr(m.size() + 1);
        for (const opcode_info& oi : opcodes)
            if (oi.cat == category::rat && oi.mnemonic.size() == rest.size() + 4 && text::equals(oi.mnemonic.substr(4), rest))
                return fused_rat{op, static_cast<std::uint32_t>(oi.value)};
    }
    return std::nullopt;
}

// One-bit fields the listing writes as a word when set (NO_BARRIER: when BARRIER is clear; a CF
// instruction's BARRIER is set unless the line says NO_BARRIER, as AMD's listings print it).
struct flag_word {
    field_key key;
    std::string_view word;
    bool when = true;
};
inline constexpr std::array<flag_word, 7> flag_words{{{field_key::mark, "MARK"},
                                                      {field_key::valid_pixel_mode, "VALID_PIX"},
                                                      {field_key::whole_quad_mode, "WHOLE_QUAD_MODE"},
                                                      {field_key::clamp, "CLAMP"},
                                                      {field_key::update_exec_mask, "UPDATE_EXEC_MASK"},
                                                      {field_key::update_pred, "UPDATE_PRED"},
                                                      {field_key::barrier, "NO_BARRIER", false}}};

// AMD's listings write VALID_PIXEL_MODE as VPM on memory exports (`MEM_RAT_..: ... MARK VPM`) and as
// VALID_PIX elsewhere; reading takes either anywhere.
[[nodiscard]] constexpr std::string_view flag_spelling(const statement& s, const flag_word& f) noexcept {
    return f.key == field_key::valid_pixel_mode && info(s.in.op).cat == category::cf_alloc_export && !is_export(s.in.op) ? "VPM" : f.word;
}

// Whether a flag word applies to this statement's field (BARRIER on CF lines only; the ALU_EXTENDED
// prefix's BARRIER is CF_ALU_WORD1_EXT.BARRIER).
[[nodiscard]] constexpr bool flag_applies(const statement& s, const flag_word& f) noexcept {
    if (!field_named(s.in.op, f.key)) return false;
    return f.key != field_key::barrier || s.role == unit_role::cf;
}

// Field names the listing spells its own way: POP_CNT, BURSTCNT, FORMAT (DATA_FORMAT), CND (a CF
// instruction's COND, as Multi2Sim's Evergreen disassembler writes it: `CND(BOOL) CF_CONST(3)`), and
// a loop's ADDR as FAIL_JUMP_ADDR (LOOP_START*) or PASS_JUMP_ADDR (LOOP_END).
[[nodiscard]] constexpr std::string_view listing_field_name(opcode op, field_key key, std::string_view name) noexcept {
    if (key == field_key::pop_count) return "POP_CNT";
    if (key == field_key::burst_count) return "BURSTCNT";
    if (key == field_key::data_format) return "FORMAT";
    if (key == field_key::cond) return "CND";
    if (key == field_key::addr && is_loop(op)) return op == opcode::cf_loop_end ? "PASS_JUMP_ADDR" : "FAIL_JUMP_ADDR";
    return name;
}
[[nodiscard]] constexpr std::optional<field_key> listing_field_key(opcode op, std::string_view name) noexcept {
    if (text::equals(name, "POP_CNT")) return field_key::pop_count;
    if (text::equals(name, "BURSTCNT")) return field_key::burst_count;
    if (text::equals(name, "FORMAT")) return field_key::data_format;
    if (text::equals(name, "CND")) return field_key::cond;
    if (is_loop(op) && text::equals(name, op == opcode::cf_loop_end ? "PASS_JUMP_ADDR" : "FAIL_JUMP_ADDR")) return field_key::addr;
    return std::nullopt;
}

// KCACHEn(CBb:lo-hi): lock n of an ALU clause (2 and 3 in the ALU_EXTENDED prefix) when its mode is
// LOCK_1 or LOCK_2: constant buffer b, constants lo-hi of the locked lines (16 a line, 4.6).
inline constexpr std::array<std::array<field_key, 3>, 4> kcache_keys{
    {{field_key::kcache_bank0, field_key::kcache_addr0, field_key::kcache_mode0},
     {field_key::kcache_bank1, field_key::kcache_addr1, field_key::kcache_mode1},
     {field_key::kcache_bank2, field_key::kcache_addr2, field_key::kcache_mode2},
     {field_key::kcache_bank3, field_key::kcache_addr3, field_key::kcache_mode3}}};

[[nodiscard]] constexpr const instruction* kcache_holder(const statement& s, std::size_t n, const instruction& ext) noexcept {
    if (info(s.in.op).cat != category::cf_alu || s.role != unit_role::cf) return nullptr;
    if (n < 2) return &s.in;
    return is_extended(s) ? &ext : nullptr;
}
[[nodiscard]] constexpr bool kcache_listed(const instruction& in, std::size_t n) noexcept {
    const std::uint32_t mode = value_or_zero(in, kcache_keys[n][2]);
    return mode == 1 || mode == 2;
}

// An export's target and source as the listing writes them (`PIX0, R0`, `POS1, R2.xy01`,
// `PARAM3, R4.x___`): TYPE PIXEL, POS (ARRAY_BASE 60-63 are POS0-3, table 3.3) or PARAM, SEL_X-W
// among x y z w 0 1 _. Anything else (TYPE 3, a position below 60, SEL 6) the FIELD(VALUE) form.
inline constexpr std::array<field_key, 4> export_sel{field_key::sel_x, field_key::sel_y, field_key::sel_z, field_key::sel_w};
inline constexpr std::string_view swizzle_chars = "xyzw01?_";

[[nodiscard]] constexpr bool export_listed(const statement& s) noexcept {
    if (s.role != unit_role::cf || !is_export(s.in.op)) return false;
    const std::uint32_t type = value_or_zero(s.in, field_key::type), base = value_or_zero(s.in, field_key::array_base);
    if (type > 2 || (type == 1 && base < 60)) return false;
    for (field_key k : export_sel)
        if (value_or_zero(s.in, k) == 6) return false;
    return true;
}

// Fields the listing form of the line writes (not as FIELD(VALUE)).
[[nodiscard]] constexpr bool fetch_listing_field(const statement& s, field_key key) noexcept;

[[nodiscard]] constexpr bool listing_field(const statement& s, field_key key) noexcept {
    for (const flag_word& f : flag_words)
        if (f.key == key && flag_applies(s, f)) return true;
    if (fetch_listing_field(s, key)) return true;
    if (s.role != unit_role::cf) return false;
    if (key == field_key::pop_count) return true;
    if (key == field_key::cf_const && is_loop(s.in.op)) return true;
    if (export_listed(s))
        for (field_key k :
             {field_key::type, field_key::array_base, field_key::rw_gpr, field_key::sel_x, field_key::sel_y, field_key::sel_z, field_key::sel_w})
            if (k == key) return true;
    if (rat_name(s.in)) {
        if (key == field_key::rat_inst || key == field_key::rat_id || key == field_key::comp_mask || key == field_key::rw_gpr ||
            key == field_key::array_size)
            return true;
        if ((key == field_key::type || key == field_key::index_gpr) && value_or_zero(s.in, field_key::type) == 1) return true;
    }
    for (std::size_t n = 0; n < 2; ++n)
        if (info(s.in.op).cat == category::cf_alu && kcache_listed(s.in, n))
            for (field_key k : kcache_keys[n])
                if (k == key) return true;
    return false;
}

template <class Sink>
constexpr void print_kcache(Sink& out, const instruction& in, std::size_t n) {
    const std::uint32_t line = value_or_zero(in, kcache_keys[n][1]);
    out.append(" KCACHE");
    text::write_unsigned(out, n);
    out.append("(CB");
    text::write_unsigned(out, value_or_zero(in, kcache_keys[n][0]));
    out.push(':');
    text::write_unsigned(out, 16 * line);
    out.push('-');
    text::write_unsigned(out, 16 * line + (value_or_zero(in, kcache_keys[n][2]) == 2 ? 31 : 15));
    out.push(')');
}

// What comes right after a CF line's name: an export's target and source, a loop's `i<CF_CONST>`,
// POP's `(POP_COUNT)`.
template <class Sink>
constexpr void print_cf_operands(Sink& out, const statement& s) {
    if (export_listed(s)) {
        const std::uint32_t type = value_or_zero(s.in, field_key::type), base = value_or_zero(s.in, field_key::array_base);
        out.append(type == 0 ? " PIX" : type == 1 ? " POS" : " PARAM");
        text::write_unsigned(out, type == 1 ? base - 60 : base);
        out.append(", R");
        text::write_unsigned(out, value_or_zero(s.in, field_key::rw_gpr));
        bool identity = true;
        for (std::uint32_t c = 0; c < 4; ++c) identity = identity && value_or_zero(s.in, export_sel[c]) == c;
        if (!identity) {
            out.push('.');
            for (field_key k : export_sel) out.push(swizzle_chars[value_or_zero(s.in, k) & 7u]);
        }
    } else if (s.role == unit_role::cf && rat_name(s.in)) {
        out.append(" RAT(");
        text::write_unsigned(out, value_or_zero(s.in, field_key::rat_id));
        out.push(')');
        if (value_or_zero(s.in, field_key::type) == 1) {
            out.append("[R");
            text::write_unsigned(out, value_or_zero(s.in, field_key::index_gpr));
            out.push(']');
        }
        out.push('.');
        for (std::uint32_t c = 0; c < 4; ++c) out.push((value_or_zero(s.in, field_key::comp_mask) >> c) & 1u ? "xyzw"[c] : '_');
        out.append(", R");
        text::write_unsigned(out, value_or_zero(s.in, field_key::rw_gpr));
        if (value_or_zero(s.in, field_key::array_size) != 0) {
            out.append(", ARRAY_SIZE(");
            text::write_unsigned(out, value_or_zero(s.in, field_key::array_size));
            out.push(')');
        }
    } else if (s.role == unit_role::cf && is_loop(s.in.op)) {
        out.append(" i");
        text::write_unsigned(out, value_or_zero(s.in, field_key::cf_const));
    }
    if (s.role == unit_role::cf && field_named(s.in.op, field_key::pop_count) && value_or_zero(s.in, field_key::pop_count) != 0) {
        if (s.in.op == opcode::cf_pop) {
            out.append(" (");
            text::write_unsigned(out, value_or_zero(s.in, field_key::pop_count));
            out.push(')');
        } else {
            out.append(" POP_CNT(");
            text::write_unsigned(out, value_or_zero(s.in, field_key::pop_count));
            out.push(')');
        }
    }
}

// The flag words of the line, after its other fields.
template <class Sink>
constexpr void print_flag_words(Sink& out, const statement& s) {
    for (const flag_word& f : flag_words) {
        if (!flag_applies(s, f) || (value_or_zero(s.in, f.key) != 0) != f.when) continue;
        out.push(' ');
        out.append(flag_spelling(s, f));
    }
}

// ---- Fetch lines as AMD's listings write them ---------------------------------------------------

// A texture instruction: `SAMPLE R1.xyzw, R0.xy0x, t0, s0 UNNORM(XYZW)` (destination GPR and its
// DST_SEL swizzle, left out when xyzw; source GPR and SRC_SEL swizzle; RESOURCE_ID; SAMPLER_ID; the
// coordinates COORD_TYPE leaves unnormalized). A vertex fetch: `VFETCH R1.xyzw, R0.x, fc153`
// (DST_GPR and DST_SEL; SRC_GPR and SRC_SEL_X; BUFFER_ID). DATA_FORMAT is FORMAT(...).
inline constexpr std::array<field_key, 4> fetch_dst_sel{field_key::dst_sel_x, field_key::dst_sel_y, field_key::dst_sel_z, field_key::dst_sel_w};
inline constexpr std::array<field_key, 4> fetch_src_sel{field_key::src_sel_x, field_key::src_sel_y, field_key::src_sel_z, field_key::src_sel_w};
inline constexpr std::array<field_key, 4> coord_types{field_key::coord_type_x, field_key::coord_type_y, field_key::coord_type_z,
                                                      field_key::coord_type_w};

[[nodiscard]] constexpr bool is_texture(const statement& s) noexcept { return s.role == unit_role::fetch && info(s.in.op).cat == category::tex; }
[[nodiscard]] constexpr bool is_vfetch(const statement& s) noexcept { return s.role == unit_role::fetch && s.in.op == opcode::vtx_fetch; }

[[nodiscard]] constexpr std::optional<opcode> find_fetch(std::span<const category> cats, std::string_view word) noexcept {
    if (text::equals(word, "VFETCH")) {
        for (category c : cats)
            if (c == category::vtx) return opcode::vtx_fetch;
        return std::nullopt;
    }
    for (category c : cats)
        if (auto op = find_opcode(c, word)) return op;
    return std::nullopt;
}

[[nodiscard]] constexpr bool fetch_listing_field(const statement& s, field_key key) noexcept {
    const bool tex = is_texture(s), vtx = is_vfetch(s);
    if (!tex && !vtx) return false;
    if (key == field_key::dst_gpr || key == field_key::src_gpr) return true;
    for (std::size_t c = 0; c < 4; ++c)
        if (key == fetch_dst_sel[c] || (key == fetch_src_sel[c] && (tex || c == 0)) || (tex && key == coord_types[c])) return true;
    return tex ? key == field_key::resource_id || key == field_key::sampler_id : key == field_key::buffer_id;
}

template <class Sink>
constexpr void print_fetch_operands(Sink& out, const statement& s) {
    const bool tex = is_texture(s);
    if (!tex && !is_vfetch(s)) return;
    out.append(" R");
    text::write_unsigned(out, value_or_zero(s.in, field_key::dst_gpr));
    bool identity = true;
    for (std::uint32_t c = 0; c < 4; ++c) identity = identity && value_or_zero(s.in, fetch_dst_sel[c]) == c;
    if (!identity || !tex) {
        out.push('.');
        for (field_key k : fetch_dst_sel) out.push(swizzle_chars[value_or_zero(s.in, k) & 7u]);
    }
    out.append(", R");
    text::write_unsigned(out, value_or_zero(s.in, field_key::src_gpr));
    out.push('.');
    for (std::size_t c = 0; c < (tex ? 4u : 1u); ++c) out.push(swizzle_chars[value_or_zero(s.in, fetch_src_sel[c]) & 7u]);
    out.append(tex ? ", t" : ", fc");
    text::write_unsigned(out, value_or_zero(s.in, tex ? field_key::resource_id : field_key::buffer_id));
    if (!tex) return;
    out.append(", s");
    text::write_unsigned(out, value_or_zero(s.in, field_key::sampler_id));
    bool unnormalized = false;
    for (field_key k : coord_types) unnormalized = unnormalized || value_or_zero(s.in, k) == 0;
    if (!unnormalized) return;
    out.append(" UNNORM(");
    for (std::size_t c = 0; c < 4; ++c)
        if (value_or_zero(s.in, coord_types[c]) == 0) out.push("XYZW"[c]);
    out.push(')');
}

template <class Sink>
constexpr void print_value(Sink& out, const field_info& f, std::uint32_t value);

// print_operands() reads each source's select through its field: every ALU instruction has them
// (check_statement() keeps other instructions, GDS's with sources, off ALU lines).
static_assert([] {
    for (std::size_t o = 0; o < opcodes.size(); ++o) {
        const auto op = static_cast<opcode>(o);
        for (std::size_t n = 0; info(info(op).cat).unit == unit_kind::alu && n < info(op).sources && n < 3; ++n)
            if (!field_named(op, source_sel[n])) return false;
    }
    return true;
}());

// The float a literal dword holds, when its decimal form is short and exact: an integer below 2^24
// or a fraction of at most six decimal digits ("1.0f", "-0.375f", "0.0f"); nothing otherwise (the
// listing's float is for the reader: the hex digits are the value).
template <class Sink>
constexpr bool print_float(Sink& out, std::uint32_t bits) {
    const std::uint32_t exponent = (bits >> 23) & 0xFFu, mantissa = bits & 0x7FFFFFu;
    if (exponent == 0xFF || (exponent == 0 && mantissa != 0)) return false;  // NaN, infinity, denormal
    if (exponent == 0) {
        out.append(bits >> 31 ? "-0.0f" : "0.0f");
        return true;
    }
    const std::uint64_t m = exponent == 0 ? 0 : (std::uint64_t{mantissa} | 0x800000u);
    const int shift = static_cast<int>(exponent) - 150;  // value = m * 2^shift
    std::uint64_t whole = 0, fraction = 0, scale = 1;   // value = whole + fraction / scale
    if (shift >= 0) {
        if (shift > 0) return false;  // 2^24 and up: long digits
        whole = m;
    } else {
        if (shift < -44) return false;
        whole = -shift >= 64 ? 0 : m >> -shift;
        const std::uint64_t rest = m & ((std::uint64_t{1} << -shift) - 1);
        // rest / 2^-shift as at most six decimal digits, exactly
        std::uint64_t num = rest;
        for (int d = 0; d < 6 && num != 0; ++d) {
            num *= 10, scale *= 10;
            fraction = fraction * 10 + (num >> -shift);
            num &= (std::uint64_t{1} << -shift) - 1;
        }
        if (num != 0) return false;
    }
    if (bits >> 31) out.push('-');
    text::write_unsigned(out, whole);
    out.push('.');
    if (scale == 1) out.push('0');
    for (std::uint64_t d = scale / 10; d >= 1; d /= 10) out.push(static_cast<char>('0' + (fraction / d) % 10));
    out.push('f');
    return true;
}

// A literal dword as AMD's listings write it: `(0x3F800000, 1.0f)`, or `(0x3DCCCCCD)` when its float is
// not short (print_float).
template <class Sink>
constexpr void print_literal(Sink& out, std::uint32_t value) {
    out.append("(0x");
    text::write_hex_digits(out, value, 8, true);
    text::text_buffer<48> number;
    if (print_float(number, value)) {
        out.append(", ");
        out.append(number.view());
    }
    out.push(')');
}

template <class Sink>
constexpr void print_operands(Sink& out, const statement& s) {
    const auto chan = [&](field_key field) {
        out.push('.');
        out.append(slot_names[value_or_zero(s.in, field) & 3u]);
    };
    if (operand_field(s, field_key::dst_gpr)) {
        out.push(' ');
        print_gpr(out, s, value_or_zero(s.in, field_key::dst_gpr), value_or_zero(s.in, field_key::dst_rel) != 0);
        chan(field_key::dst_chan);
    } else {
        out.append(" ____");
    }
    for (std::size_t n = 0; n < info(s.in.op).sources && n < 3; ++n) {
        const bool abs = n < 2 && value_or_zero(s.in, source_abs[n]) != 0;
        const std::uint32_t sel = value_or_zero(s.in, source_sel[n]);
        const auto constant = constant_spelling(sel);
        out.append(value_or_zero(s.in, source_neg[n]) != 0 && !is_integer_constant(sel) ? ", -" : ", ");
        if (abs) out.push('|');
        if (constant) {
            out.append(*constant);
        } else if (sel == literal_select) {
            print_literal(out, s.literals[value_or_zero(s.in, source_chan[n]) & 3u]);
            chan(source_chan[n]);
        } else if (sel == 254) {
            out.append("PV");
            if (s.cf_address > 0) text::write_unsigned(out, s.cf_address - 1);
            chan(source_chan[n]);
        } else if (sel < 128) {
            print_gpr(out, s, sel, value_or_zero(s.in, relative[n]) != 0);
            chan(source_chan[n]);
        } else {
            print_value(out, fields[*field_named(s.in.op, source_sel[n])], sel);
            chan(source_chan[n]);
        }
        if (abs) out.push('|');
    }
}

template <class Sink>
constexpr void print_value(Sink& out, const field_info& f, std::uint32_t value) {
    if (f.values == value_set::alu_src_sel && (value < 128 || is_kcache(value))) {
        if (value < 128) {
            out.push('R');
            return text::write_unsigned(out, value);
        }
        const std::uint32_t bank = value < 192 ? (value - 128) / 32 : 2 + (value - 256) / 32;
        out.append("KC");
        text::write_unsigned(out, bank);
        out.push('[');
        text::write_unsigned(out, (value - (value < 192 ? 128 : 256)) % 32);
        return out.push(']');
    }
    if (f.values != value_set::none)
        if (auto name = value_name(f.values, value); name && !is_number(*name)) return out.append(*name);
    text::write_unsigned(out, value);
}

// every_field: visit every field of the formats, not only those print_tables finds set (the
// reference the shortcut is tested against; constant evaluation always does).
template <class Sink>
constexpr void print_fields(Sink& out, const statement& s, bool every_field = false) {
    const bool clause_cf = s.role == unit_role::cf && clause_kind(s.in);
    const bool by_label = s.role == unit_role::cf && (s.written & addr_by_label);
    const auto addr = [&] {
        out.push(' ');
        out.append(listing_field_name(s.in.op, field_key::addr, "ADDR"));
        out.append(by_label ? "(L" : "(");
        text::write_unsigned(out, value_or_zero(s.in, field_key::addr));
        out.push(')');
    };
    if (clause_cf) {
        addr();
        out.append(" CNT(");
        text::write_unsigned(out, value_or_zero(s.in, field_key::count) + 1);
        out.push(')');
    }
    if (s.role == unit_role::cf && info(s.in.op).cat == category::cf_alu) {
        const instruction ext = extension_of(s);
        for (std::size_t n = 0; n < 4; ++n)
            if (const instruction* holder = kcache_holder(s, n, ext); holder && kcache_listed(*holder, n)) print_kcache(out, *holder, n);
    }
    if (has_operands(s)) print_operands(out, s);
    const auto field = [&](std::size_t i, std::size_t d, std::size_t position) {
        const field_info& f = fields[i];
        const field_key key = field_keys[i];
        const std::uint32_t value = read(s.in.dwords[d], f);
        if (by_label && !clause_cf && key == field_key::addr) return addr();
        // (position: is_owned() without searching the formats for it, as unused_bits' table is built)
        if (value == 0 || is_owned(s.in.op, i, position) || (s.role == unit_role::alu && key == field_key::dst_chan) || operand_field(s, key))
            return;
        if ((clause_cf && (key == field_key::addr || key == field_key::count)) || listing_field(s, key)) return;
        out.push(' ');
        if (field_named(s.in.op, key) != i) {  // the second field of that name (GDS's SRC_GPR): FORMAT.FIELD
            out.append(info(f.format).name);
            out.push('.');
        }
        out.append(listing_field_name(s.in.op, key, f.name));
        out.push('(');
        print_value(out, f, value);
        out.push(')');
    };
    // field() writes nothing for a zero or owned field, except ADDR by label: at run time the
    // others visit only the fields print_tables finds set, in the same order.
    if (std::is_constant_evaluated() || by_label || every_field) return for_each_own_field(s.in.op, field);
    const opcode_info& oi = info(s.in.op);
    std::size_t position = 0;
    for (std::size_t d = 0; d < 3 && oi.formats[d] != no_format; position += formats[oi.formats[d]].field_count, ++d) {
        const format_info& fi = formats[oi.formats[d]];
        for (std::uint32_t live = s.in.dwords[d] & print_tables.printable[static_cast<std::size_t>(s.in.op)][d]; live != 0;) {
            const std::size_t i = print_tables.field_at[oi.formats[d]][static_cast<std::size_t>(std::countr_zero(live))];
            live &= ~mask_of(fields[i]);
            field(i, d, position + (i - fi.first_field));
        }
    }
}

// An extended clause's prefix fields after the clause's own: every nonzero one ALU_EXTENDED does not
// own, its BARRIER qualified (CF_ALU_WORD1_EXT.BARRIER) to tell it from the clause's.
template <class Sink>
constexpr void print_extension_fields(Sink& out, const statement& s) {
    const instruction ext = extension_of(s);
    for_each_own_field(ext.op, [&](std::size_t i, std::size_t d, std::size_t position) {
        const field_info& f = fields[i];
        const std::uint32_t value = read(ext.dwords[d], f);
        if (value == 0 || is_owned(ext.op, i, position)) return;
        for (std::size_t n = 2; n < 4; ++n)
            if (kcache_listed(ext, n))
                for (field_key k : kcache_keys[n])
                    if (k == field_keys[i]) return;
        out.push(' ');
        if (field_named(s.in.op, field_keys[i])) {
            out.append(info(f.format).name);
            out.push('.');
        }
        out.append(f.name);
        out.push('(');
        print_value(out, f, value);
        out.push(')');
    });
}

// A group's first ALU line starts with its number, right-aligned in six columns as AMD's listings
// write it (`     0  x: MUL ...`); the group's other lines are indented to the slot.
template <class Sink>
constexpr void print_group_number(Sink& out, const statement& s) {
    if (!(s.written & group_start)) return out.append("         ");
    std::uint32_t width = 1;
    for (std::uint32_t v = s.cf_address; v >= 10; v /= 10) ++width;
    for (; width < 6; ++width) out.push(' ');
    text::write_unsigned(out, s.cf_address);
    out.append("  ");
}

// The role each unit kind's instructions take in a statement.
[[nodiscard]] constexpr unit_role role_of(unit_kind k) noexcept {
    return k == unit_kind::alu       ? unit_role::alu
           : k == unit_kind::fetch   ? unit_role::fetch
           : k == unit_kind::literal ? unit_role::literal
                                     : unit_role::cf;
}

inline constexpr std::array<std::string_view, 6> role_names{"CF", "ALU", "LITERAL", "fetch", "pad", "PROGRAM"};  // by unit_role

// What print() writes for a statement check_statement() refuses: the role, the subject and the
// reason, starting with '!' so that the parser refuses the line (the program never reads back as
// another). Cold and out of line: inlined, it kept print() out of the disassembler's loop.
template <class Sink>
[[gnu::cold, gnu::noinline]] constexpr void print_malformed(Sink& out, const statement& s, const error& e) {
    out.append("!malformed ");
    const auto role = static_cast<std::size_t>(s.role);
    out.append(role < role_names.size() ? role_names[role] : "unknown role");
    out.append(" statement (");
    out.append(e.subject);
    out.append("): ");
    out.append(e.message());
}

}  // namespace detail

// Whether print() can write the statement (parse() and the decoder give only such statements; one
// built by hand may not be): an opcode of the table, a role of unit_role that is the opcode's unit
// kind's (an ALU line's operands are ALU_WORD0's sources), a PROGRAM line naming a kind, no pad (the
// text has no line for one). The error's subject names what is at fault: the mnemonic, "opcode",
// "role" or "PROGRAM". The fields are the instruction's own: print() writes every one it uses.
[[nodiscard]] constexpr error check_statement(const statement& s) noexcept {
    const auto fault = [](error_kind const& kind, std::string_view subject) { return error{kind, 0, 0, 0, subject}; };
    switch (s.role) {
        case unit_role::literal: return {};  // two dwords, no opcode
        case unit_role::directive:  // PROGRAM <kind> (dwords[0]), or END_OF_PROGRAM (dwords[1] 1)
            if (s.in.dwords[0] == 0 && s.in.dwords[1] == 1) return {};
            return s.in.dwords[0] == 0 || s.in.dwords[0] >= program_kind_names.size() ? fault(ctisa::errors::reserved_value, "PROGRAM")
                                                                                      : error{};
        case unit_role::pad: return fault(ctisa::errors::misplaced_statement, "pad");
        case unit_role::cf:
        case unit_role::alu:
        case unit_role::fetch:
            if (static_cast<std::size_t>(s.in.op) >= opcodes.size()) return fault(ctisa::errors::reserved_opcode, "opcode");
            if (detail::role_of(info(info(s.in.op).cat).unit) != s.role) return fault(errors::role_mismatch, info(s.in.op).mnemonic);
            return {};
    }
    return fault(ctisa::errors::reserved_value, "role");
}

// One statement as a line of text (see the syntax above); a statement check_statement() refuses
// as print_malformed() writes it.
template <class Sink>
constexpr void print(Sink& out, const statement& s) {
    if (const error e = check_statement(s); e.failed()) [[unlikely]]
        return detail::print_malformed(out, s, e);
    switch (s.role) {
        case unit_role::directive:
            if (s.in.dwords[0] == 0) return out.append("END_OF_PROGRAM");
            out.append("PROGRAM ");
            out.append(program_kind_names[s.in.dwords[0] % program_kind_names.size()]);
            return;
        case unit_role::cf:
            if (s.written & labelled) {
                out.push('L');
                text::write_unsigned(out, s.cf_address);
                out.append(": ");
            }
            if (s.cf_address < 10) out.push('0');
            text::write_unsigned(out, s.cf_address);
            out.push(' ');
            if (is_extended(s)) out.append("ALU_EXTENDED ");
            out.append(detail::listing_name(s.in.op));
            if (const auto rat = detail::rat_name(s.in)) {
                out.push('_');
                out.append(*rat);
            }
            if (detail::colon_after(s.in.op)) out.push(':');
            detail::print_cf_operands(out, s);
            detail::print_fields(out, s);
            if (is_extended(s)) detail::print_extension_fields(out, s);
            return detail::print_flag_words(out, s);
        case unit_role::alu:
            detail::print_group_number(out, s);
            out.append(detail::slot_names[detail::value_or_zero(s.in, field_key::dst_chan) & 3u]);
            out.append(": ");
            break;
        case unit_role::literal:
            out.append("         LITERAL 0x");
            text::write_hex_digits(out, s.in.dwords[0], 8, true);
            out.append(" 0x");
            text::write_hex_digits(out, s.in.dwords[1], 8, true);
            return;
        case unit_role::fetch:
            detail::print_group_number(out, s);
            out.append(detail::is_vfetch(s) ? std::string_view{"VFETCH"} : info(s.in.op).mnemonic);
            detail::print_fetch_operands(out, s);
            detail::print_fields(out, s);
            return detail::print_flag_words(out, s);
        default: out.append("    "); break;
    }
    out.append(info(s.in.op).mnemonic);
    detail::print_fields(out, s);
    detail::print_flag_words(out, s);
}

namespace detail {

[[nodiscard]] constexpr std::optional<std::uint32_t> value_named(value_set set, std::string_view name) noexcept {
    if (set == value_set::none) return std::nullopt;
    const value_set_info& vs = value_sets[static_cast<std::size_t>(set)];
    for (std::size_t i = vs.first; i < vs.first + vs.count; ++i)
        if (text::equals(values[i].name, name)) return values[i].value;
    return std::nullopt;
}

// The word at the cursor, not consumed: value names may start with a digit (FMT_32_32_FLOAT's
// "32_32_FLOAT").
[[nodiscard]] constexpr std::string_view value_token(const text::cursor& in) noexcept {
    std::size_t n = 0;
    while (text::is_ident_char(in.peek(n))) ++n;
    return in.source().substr(in.offset(), n);
}

// Whether the field at the cursor (FIELD( or FORMAT.FIELD() is the ALU_EXTENDED prefix's rather
// than the CF_ALU pair's: a name only the prefix has (KCACHE_MODE2...), or one qualified by
// CF_ALU_WORD0_EXT or CF_ALU_WORD1_EXT (the prefix's BARRIER). The cursor does not move.
[[nodiscard]] constexpr bool extension_field(const text::cursor& in, const statement& s) {
    text::cursor look = in;
    const std::string_view name = look.identifier();
    if (look.consume('.')) {
        const auto format = find_format(name);
        return format && (*format == format_id::cf_alu_word0_ext || *format == format_id::cf_alu_word1_ext);
    }
    return !field_named(s.in.op, name) && field_named(opcode::cf_alu_alu_extended, name);
}

[[nodiscard]] constexpr error parse_field(text::cursor& in, statement& s, context* ctx);

// A register number after `R` at the cursor (R0-R127).
[[nodiscard]] constexpr result<std::uint32_t> parse_gpr(text::cursor& in) {
    const std::string_view word = value_token(in);
    if (!is_gpr_word(word)) return in.fail(error_code::expected_register, in.token_text());
    return parse_select(in, word);
}

// A decimal number at the cursor, at most `most`.
[[nodiscard]] constexpr result<std::uint32_t> parse_small(text::cursor& in, std::uint32_t most, std::string_view subject) {
    const text::position at = in.where();
    bool overflow = false;
    const auto v = in.unsigned_integer(&overflow);
    if (!v) return in.fail(error_code::expected_number, in.token_text());
    if (overflow || *v > most) return text::cursor::fail_at(at, error_code::value_out_of_range, subject);
    return static_cast<std::uint32_t>(*v);
}

// Sets a field of `in` the listing form writes; a refusal names the field at `at`.
[[nodiscard]] constexpr error put_field(instruction& in, field_key key, std::uint32_t value, text::position at) {
    if (try_set(in, key, value)) return {};
    auto with = set(in, key, value);
    if (!with) return text::cursor::fail_at(at, with.error().code, name_of(key));
    in = *with;
    return {};
}

// KCACHEn(CBb:lo-hi) (the cursor at KCACHEn): bank b, line lo/16, LOCK_1 for 16 constants, LOCK_2
// for 32; lock 2 and 3 in the ALU_EXTENDED prefix.
[[nodiscard]] constexpr error parse_kcache(text::cursor& in, statement& s, std::size_t n) {
    const text::position at = in.where();
    if (n >= 2 && !is_extended(s)) return text::cursor::fail_at(at, error_code::operand_not_allowed, "KCACHE2/3 without ALU_EXTENDED");
    in.advance(9);  // KCACHEn(C
    if (!in.consume('B')) return in.fail(error_code::unexpected_character, in.token_text());
    const auto bank = parse_small(in, 15, "KCACHE bank");
    if (!bank) return bank.error();
    if (!in.consume(':')) return in.fail(error_code::unexpected_character, in.token_text());
    const auto lo = parse_small(in, 16 * 255, "KCACHE constants");
    if (!lo) return lo.error();
    if (!in.consume('-')) return in.fail(error_code::unexpected_character, in.token_text());
    const auto hi = parse_small(in, 16 * 255 + 31, "KCACHE constants");
    if (!hi) return hi.error();
    if (!in.consume(')')) return in.fail(error_code::unexpected_character, in.token_text());
    if (*lo % 16 != 0 || (*hi != *lo + 15 && *hi != *lo + 31))
        return text::cursor::fail_at(at, error_code::value_out_of_range, "KCACHE constants");
    instruction ext = extension_of(s);
    instruction& holder = n < 2 ? s.in : ext;
    if (value_or_zero(holder, kcache_keys[n][2]) != 0) return text::cursor::fail_at(at, error_code::duplicate_name, "KCACHE");
    for (error e : {put_field(holder, kcache_keys[n][0], *bank, at), put_field(holder, kcache_keys[n][1], *lo / 16, at),
                    put_field(holder, kcache_keys[n][2], *hi == *lo + 15 ? 1u : 2u, at)})
        if (e.failed()) return e;
    if (n >= 2) s.in.dwords[2] = ext.dwords[0], s.in.dwords[3] = ext.dwords[1];
    return {};
}

// `.xyzw`-style selects: n of `allowed` (a select's value is its place in swizzle_chars).
[[nodiscard]] constexpr error parse_swizzle(text::cursor& in, std::size_t n, std::string_view allowed, std::array<std::uint32_t, 4>& sel) {
    for (std::size_t c = 0; c < n; ++c) {
        const char ch = in.peek();
        if (allowed.find(ch) == std::string_view::npos) return in.fail(error_code::unexpected_character, in.token_text());
        sel[c] = static_cast<std::uint32_t>(swizzle_chars.find(ch));
        in.advance(1);
    }
    return {};
}

// `<prefix><number>` (t0, s1, fc153): the number, at most `most`.
[[nodiscard]] constexpr result<std::uint32_t> parse_prefixed(text::cursor& in, std::string_view prefix, std::uint32_t most,
                                                             std::string_view subject) {
    in.skip_blanks();
    if (!text::starts_with(in.source().substr(in.offset()), prefix) || !text::is_digit(in.peek(prefix.size())))
        return in.fail(error_code::expected_number, in.token_text());
    in.advance(prefix.size());
    return parse_small(in, most, subject);
}

// A texture or vertex fetch line's operands (print_fetch_operands' forms); COORD_TYPE is NORMALIZED
// for the coordinates UNNORM(...) does not list.
[[nodiscard]] constexpr error parse_fetch_operands(text::cursor& in, statement& s) {
    const bool tex = is_texture(s);
    in.skip_blanks();
    const text::position at = in.where();
    const auto dst = parse_gpr(in);
    if (!dst) return dst.error();
    std::array<std::uint32_t, 4> dst_sel{0, 1, 2, 3}, src_sel{};
    if (in.consume('.'))
        if (error e = parse_swizzle(in, 4, "xyzw01_", dst_sel); e.failed()) return e;
    in.skip_blanks();
    if (!in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
    in.skip_blanks();
    const text::position src_at = in.where();
    const auto src = parse_gpr(in);
    if (!src) return src.error();
    if (!in.consume('.')) return in.fail(error_code::unexpected_character, in.token_text());
    if (error e = parse_swizzle(in, tex ? 4 : 1, tex ? "xyzw01" : "xyzw", src_sel); e.failed()) return e;
    in.skip_blanks();
    if (!in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
    const text::position id_at = in.where();
    const auto id = parse_prefixed(in, tex ? "t" : "fc", 255, tex ? "RESOURCE_ID" : "BUFFER_ID");
    if (!id) return id.error();
    std::uint32_t sampler = 0, normalized = 0xF;
    if (tex) {
        in.skip_blanks();
        if (!in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
        const auto sid = parse_prefixed(in, "s", 31, "SAMPLER_ID");
        if (!sid) return sid.error();
        sampler = *sid;
        in.skip_blanks();
        if (text::starts_with(in.source().substr(in.offset()), "UNNORM(")) {
            in.advance(7);
            for (std::size_t c = 0; c < 4 && in.peek() != ')'; ++c) {
                const std::size_t k = std::string_view{"XYZW"}.find(in.peek());
                if (k == std::string_view::npos || !(normalized & (1u << k))) return in.fail(error_code::unexpected_character, in.token_text());
                normalized &= ~(1u << k);
                in.advance(1);
            }
            if (!in.consume(')')) return in.fail(error_code::unexpected_character, in.token_text());
        }
    }
    for (std::size_t c = 0; c < 4; ++c) {
        if (error e = put_field(s.in, fetch_dst_sel[c], dst_sel[c], at); e.failed()) return e;
        if (tex || c == 0)
            if (error e = put_field(s.in, fetch_src_sel[c], src_sel[c], src_at); e.failed()) return e;
        if (tex)
            if (error e = put_field(s.in, coord_types[c], (normalized >> c) & 1u, at); e.failed()) return e;
    }
    for (error e : {put_field(s.in, field_key::dst_gpr, *dst, at), put_field(s.in, field_key::src_gpr, *src, src_at),
                    put_field(s.in, tex ? field_key::resource_id : field_key::buffer_id, *id, id_at),
                    tex ? put_field(s.in, field_key::sampler_id, sampler, id_at) : error{}})
        if (e.failed()) return e;
    return {};
}

// `RAT(id)[Rindex].mask, Rdata` after a fused MEM_RAT*_<op>: name.
[[nodiscard]] constexpr error parse_rat_operands(text::cursor& in, statement& s) {
    const text::position at = in.where();
    in.advance(4);  // RAT(
    const auto id = parse_small(in, 15, "RAT_ID");
    if (!id) return id.error();
    if (!in.consume(')')) return in.fail(error_code::unexpected_character, in.token_text());
    if (in.consume('[')) {
        const text::position index_at = in.where();
        const auto index = parse_gpr(in);
        if (!index) return index.error();
        if (!in.consume(']')) return in.fail(error_code::unexpected_character, in.token_text());
        for (error e : {put_field(s.in, field_key::type, 1, index_at), put_field(s.in, field_key::index_gpr, *index, index_at)})
            if (e.failed()) return e;
    }
    if (!in.consume('.')) return in.fail(error_code::unexpected_character, in.token_text());
    std::uint32_t mask = 0;
    for (std::uint32_t c = 0; c < 4; ++c) {
        if (in.peek() == "xyzw"[c]) mask |= 1u << c;
        else if (in.peek() != '_') return in.fail(error_code::unexpected_character, in.token_text());
        in.advance(1);
    }
    in.skip_blanks();
    if (!in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
    in.skip_blanks();
    const text::position data_at = in.where();
    const auto data = parse_gpr(in);
    if (!data) return data.error();
    for (error e : {put_field(s.in, field_key::rat_id, *id, at), put_field(s.in, field_key::comp_mask, mask, at),
                    put_field(s.in, field_key::rw_gpr, *data, data_at)})
        if (e.failed()) return e;
    in.skip_blanks();
    (void)in.consume(',');  // AMD writes `, ARRAY_SIZE(4)`
    return {};
}

// What follows a CF line's name, when the line writes it: an export's `PIX0, R1.xyzw` (its target,
// GPR and swizzle), a loop's `i<CF_CONST>`, POP's `(POP_COUNT)`.
[[nodiscard]] constexpr error parse_cf_operands(text::cursor& in, statement& s) {
    in.skip_blanks();
    const text::position at = in.where();
    const std::string_view word = value_token(in);
    if (s.in.op == opcode::cf_pop && in.peek() == '(') {
        in.advance(1);
        in.skip_blanks();
        const auto n = parse_small(in, 7, "POP_COUNT");
        if (!n) return n.error();
        if (!in.consume(')')) return in.fail(error_code::unexpected_character, in.token_text());
        return put_field(s.in, field_key::pop_count, *n, at);
    }
    if (is_loop(s.in.op) && word.size() > 1 && word[0] == 'i' && is_number(word.substr(1))) {
        in.advance(1);
        const auto n = parse_small(in, 31, "CF_CONST");
        if (!n) return n.error();
        return put_field(s.in, field_key::cf_const, *n, at);
    }
    if (is_mem_rat(s.in.op) && text::equals(word, "RAT") && in.peek(3) == '(') return parse_rat_operands(in, s);
    if (!is_export(s.in.op) || word.empty() || in.peek(word.size()) == '(') return {};
    std::uint32_t type = 0, base = 0;
    std::string_view digits;
    for (const auto& [prefix, t] : {std::pair<std::string_view, std::uint32_t>{"PIX", 0}, {"POS", 1}, {"PARAM", 2}})
        if (text::starts_with(word, prefix) && is_number(word.substr(prefix.size()))) type = t, digits = word.substr(prefix.size());
    if (digits.empty()) return text::cursor::fail_at(at, error_code::reserved_value, word);  // not PIX<n>, POS<n> or PARAM<n>
    in.advance(word.size() - digits.size());
    const auto index = parse_small(in, type == 1 ? 8191 - 60 : 8191, "ARRAY_BASE");
    if (!index) return index.error();
    base = type == 1 ? *index + 60 : *index;
    in.skip_blanks();
    if (!in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
    in.skip_blanks();
    const text::position gpr_at = in.where();
    const auto gpr = parse_gpr(in);
    if (!gpr) return gpr.error();
    std::array<std::uint32_t, 4> sel{0, 1, 2, 3};
    if (in.consume('.')) {
        for (std::uint32_t c = 0; c < 4; ++c) {
            const std::size_t k = swizzle_chars.find(in.peek());
            if (k == std::string_view::npos || k == 6) return in.fail(error_code::unexpected_character, in.token_text());
            sel[c] = static_cast<std::uint32_t>(k);
            in.advance(1);
        }
    }
    for (error e : {put_field(s.in, field_key::type, type, at), put_field(s.in, field_key::array_base, base, at),
                    put_field(s.in, field_key::rw_gpr, *gpr, gpr_at), put_field(s.in, field_key::sel_x, sel[0], gpr_at),
                    put_field(s.in, field_key::sel_y, sel[1], gpr_at), put_field(s.in, field_key::sel_z, sel[2], gpr_at),
                    put_field(s.in, field_key::sel_w, sel[3], gpr_at)})
        if (e.failed()) return e;
    return {};
}

// FIELD(VALUE) pairs to the end of the line (an extended clause's prefix fields among them).
[[nodiscard]] constexpr result<statement> parse_fields(text::cursor& in, statement s, context* ctx) {
    while (!in.at_end_of_statement()) {
        in.skip_blanks();
        if (is_extended(s) && extension_field(in, s)) {
            statement ext{unit_role::cf, extension_of(s), 0, 0};
            if (error e = parse_field(in, ext, ctx); e.failed()) return e;
            s.in.dwords[2] = ext.in.dwords[0], s.in.dwords[3] = ext.in.dwords[1];
        } else if (error e = parse_field(in, s, ctx); e.failed()) {
            return e;
        }
    }
    return s;
}

// One FIELD(VALUE) pair at the cursor, set in `s`.
[[nodiscard]] constexpr error parse_field(text::cursor& in, statement& s, context* ctx) {
    const bool clause_cf = s.role == unit_role::cf && clause_kind(s.in);
    {
        const text::position at = in.where();
        if (s.role == unit_role::alu && text::equals(value_token(in), "LAST"))  // where the next number begins says it
            return text::cursor::fail_at(at, error_code::operand_not_allowed, "LAST");
        const std::string_view first = value_token(in);
        if (in.peek(first.size()) != '(' && in.peek(first.size()) != '.')
            for (const flag_word& f : flag_words)
                if ((text::equals(first, f.word) || (f.key == field_key::valid_pixel_mode && text::equals(first, "VPM"))) &&
                    flag_applies(s, f)) {
                    in.advance(first.size());
                    if (value_or_zero(s.in, f.key) != (f.when ? 0u : 1u)) return text::cursor::fail_at(at, error_code::duplicate_name, first);
                    (void)try_set(s.in, f.key, f.when ? 1u : 0u);
                    return {};
                }
        if (first.size() == 7 && text::starts_with(first, "KCACHE") && first[6] >= '0' && first[6] <= '3' && in.peek(7) == '(' &&
            s.role == unit_role::cf && info(s.in.op).cat == category::cf_alu && in.peek(8) == 'C')
            return parse_kcache(in, s, static_cast<std::size_t>(first[6] - '0'));
        std::string_view name = in.identifier();
        if (const auto alias = listing_field_key(s.in.op, name)) name = name_of(*alias);
        if (name.empty()) return in.fail(error_code::unexpected_character, in.token_text());
        std::optional<std::size_t> dword;  // FORMAT.FIELD: the field of that dword (a name two formats share)
        if (in.consume('.')) {
            const auto format = find_format(name);
            name = in.identifier();
            for (std::size_t d = 0; d < 3 && format; ++d)
                if (info(s.in.op).formats[d] == static_cast<std::uint8_t>(*format)) dword = d;
            if (!dword || !find_field(*format, name)) return text::cursor::fail_at(at, error_code::operand_not_allowed, name);
        }
        if (!in.consume('(')) return in.fail(error_code::unexpected_character, in.token_text());
        const auto field = dword ? find_field(static_cast<format_id>(info(s.in.op).formats[*dword]), name) : field_named(s.in.op, name);
        in.skip_blanks();
        const text::position value_at = in.where();
        std::optional<std::uint64_t> value;
        bool overflow = false, by_label = false;
        const std::string_view word = value_token(in);
        if (is_number(word)) {
            value = in.unsigned_integer(&overflow);
        } else if (field && fields[*field].values == value_set::alu_src_sel && (is_gpr_word(word) || is_kcache_word(word))) {
            auto sel = parse_select(in, word);
            if (!sel) return sel.error();
            value = *sel;
        } else if (field && (value = value_named(fields[*field].values, word))) {
            in.advance(word.size());
        } else if (ctx && text::equals(name, "ADDR") && !word.empty() && !text::is_digit(word[0])) {
            // A jump target or a shared clause by label: resolve() writes the label's CF address.
            if (!ctx->references.push_back({word, ctx->statements, value_at})) return in.fail(error_code::program_too_long);
            in.advance(word.size());
            value = 0, by_label = true;
        } else if (!word.empty()) {
            return text::cursor::fail_at(value_at, error_code::reserved_value, word);
        } else {
            return in.fail(error_code::expected_number, in.token_text());
        }
        if (!in.consume(')')) return in.fail(error_code::unexpected_character, in.token_text());
        if (overflow || *value > 0xFFFFFFFFu) return text::cursor::fail_at(value_at, error_code::value_out_of_range, name);
        std::string_view target = name;
        auto v = static_cast<std::uint32_t>(*value);
        if (clause_cf && text::equals(name, "CNT")) {
            if (v == 0) return text::cursor::fail_at(value_at, error_code::value_out_of_range, name);
            target = "COUNT", --v;
        }
        if (by_label) s.written |= addr_by_label;
        else if (clause_cf && (text::equals(target, "ADDR") || text::equals(target, "COUNT")))
            s.written |= text::equals(target, "ADDR") ? written_addr : written_count;
        const auto key = dword ? std::nullopt : find_field_key(target);  // as set(in, name) and get(in, name), looked up once
        const std::uint32_t before = dword ? read(s.in.dwords[*dword], fields[*field]) : key ? value_or_zero(s.in, *key) : 0;
        if (before != 0) return text::cursor::fail_at(at, error_code::duplicate_name, name);
        if (key && try_set(s.in, *key, v)) return {};  // in place (set() copied the instruction twice); set() names a refusal
        auto set_ok = dword ? set_field(s.in, *dword, *field, used_position(s.in.op, *field), v)
                      : key ? set(s.in, *key, v)
                            : result<instruction>{error{ctisa::errors::operand_not_allowed, 0, 0, 0, target}};
        if (!set_ok) return text::cursor::fail_at(at, set_ok.error().code, name);
        s.in = *set_ok;
    }
    return {};
}

// A channel letter after `.`: x, y, z or w.
[[nodiscard]] constexpr result<std::uint32_t> parse_channel(text::cursor& in) {
    if (!in.consume('.')) return in.fail(error_code::unexpected_character, in.token_text());
    for (std::uint32_t c = 0; c < 4; ++c)
        if (in.peek() == slot_names[c][0]) {
            in.advance(1);
            return c;
        }
    return in.fail(error_code::unexpected_character, in.token_text());
}

// Sets a field an operand holds; a refusal (ABS on OP3, a reserved select) at the operand.
// (By key: a name would be looked up for each operand.)
[[nodiscard]] constexpr error put_operand(statement& s, field_key field, std::uint32_t value, text::position at) {
    if (try_set(s.in, field, value)) return {};  // in place; set() below only to name the refusal
    auto with = set(s.in, field, value);
    if (!with) return text::cursor::fail_at(at, with.error().code, name_of(field));
    s.in = *with;
    return {};
}

// `[-][|]SELECT.c[|]` or `[-][|]CONSTANT[|]`: source n. A number names a select from 128 up
// (the old numeric form); below, it could be read as a GPR and is refused (write R1, or 1 for the
// integer constant).
// `(0xXXXXXXXX[, float])`: a literal dword as AMD's listings write it; the float after the comma is
// for the reader (any spelling up to the parenthesis), the hex digits are the value.
[[nodiscard]] constexpr result<std::uint32_t> parse_literal_value(text::cursor& in) {
    in.advance(1);  // '('
    in.skip_blanks();
    bool overflow = false;
    const auto v = in.unsigned_integer(&overflow);
    if (!v) return in.fail(error_code::expected_number, in.token_text());
    if (overflow || *v > 0xFFFFFFFFu) return in.fail(error_code::number_out_of_range);
    in.skip_blanks();
    if (in.consume(',')) {
        in.skip_blanks();
        std::size_t n = 0;
        while (in.peek(n) != ')' && in.peek(n) != '\0' && in.peek(n) != '\n' && in.peek(n) != ',' && in.peek(n) != ';') ++n;
        if (n == 0) return in.fail(error_code::expected_number, in.token_text());
        in.advance(n);
    }
    if (!in.consume(')')) return in.fail(error_code::unexpected_character, in.token_text());
    return static_cast<std::uint32_t>(*v);
}

// `PV<n>`: the previous group's results, named by its number (n one less than this group's; `PV`
// alone in group 0, which has none before it); 254, ALU_SRC_PV.
[[nodiscard]] constexpr std::optional<bool> is_pv_word(std::string_view word, std::uint32_t group) noexcept {
    if (word.size() < 2 || word[0] != 'P' || word[1] != 'V') return std::nullopt;
    if (word.size() == 2) return group == 0;
    std::uint64_t n = 0;
    for (char c : word.substr(2)) {
        if (!text::is_digit(c) || n > 0xFFFFFFFFu) return std::nullopt;
        n = n * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return group > 0 && n == group - 1;
}

[[nodiscard]] constexpr bool is_global_gpr_word(std::string_view word) noexcept {
    return word.size() > 2 && word[0] == 'S' && is_gpr_word(word.substr(1));
}

// A GPR operand at the cursor: `R5`, or relative `R5[A0.x]`, `R5[AL]`, `SR5`, `SR5[A0.x]` (see
// print_gpr): its number, and for a relative one the INDEX_MODE it names, which must be the line's
// for every relative GPR (`mode`: the one named before, if any).
struct gpr_operand {
    std::uint32_t gpr = 0;
    std::optional<std::uint32_t> mode;
};
[[nodiscard]] constexpr result<gpr_operand> parse_gpr_operand(text::cursor& in, std::string_view word, std::optional<std::uint32_t>& mode) {
    const text::position at = in.where();
    const bool global = is_global_gpr_word(word);
    if (global) in.advance(1);
    auto gpr = parse_select(in, global ? word.substr(1) : word);
    if (!gpr) return gpr.error();
    gpr_operand out{*gpr, global ? std::optional<std::uint32_t>{5} : std::nullopt};
    if (in.consume('[')) {
        const std::string_view index = value_token(in);
        const bool ar = text::equals(index, "A0") && in.peek(2) == '.' && in.peek(3) == 'x' && in.peek(4) == ']';
        if (!ar && !(text::equals(index, "AL") && !global && in.peek(2) == ']'))
            return in.fail(error_code::bad_relative_address, index.empty() ? in.token_text() : index);
        in.advance(ar ? 5 : 3);
        out.mode = ar ? (global ? 6u : 0u) : 4u;
    }
    if (out.mode && mode && *mode != *out.mode) return text::cursor::fail_at(at, error_code::operands_conflict, "INDEX_MODE");
    if (out.mode) mode = out.mode;
    return out;
}

// The REL bit of a relative GPR operand and the line's INDEX_MODE.
[[nodiscard]] constexpr error put_relative(statement& s, field_key rel, std::optional<std::uint32_t> mode, text::position at) {
    if (!mode) return {};
    if (error e = put_operand(s, rel, 1, at); e.failed()) return e;
    return put_operand(s, field_key::index_mode, *mode, at);
}

[[nodiscard]] constexpr error parse_source(text::cursor& in, statement& s, std::size_t n, std::uint32_t group,
                                           std::optional<std::uint32_t>& mode) {
    in.skip_blanks();
    const text::position at = in.where();
    auto constant = parse_inline_constant(in);  // `-1` is a constant, not a negation
    bool neg = false, abs = false;
    if (!constant) {
        neg = in.consume('-'), abs = in.consume('|');
        constant = parse_inline_constant(in);
    }
    const std::string_view word = value_token(in);
    const text::position sel_at = constant ? at : in.where();
    std::uint32_t sel = 0;
    std::optional<std::uint32_t> literal, relative_mode;
    if (constant) {
        sel = *constant;
    } else if (in.peek() == '(') {
        auto v = parse_literal_value(in);
        if (!v) return v.error();
        literal = *v, sel = literal_select;
    } else if (is_number(word)) {
        bool overflow = false;
        const auto v = in.unsigned_integer(&overflow);
        if (overflow || *v > 0xFFFFFFFFu) return text::cursor::fail_at(sel_at, error_code::value_out_of_range, word);
        if (*v < 128) return text::cursor::fail_at(sel_at, error_code::expected_register, word);
        sel = static_cast<std::uint32_t>(*v);
    } else if (is_gpr_word(word) || is_global_gpr_word(word)) {
        auto r = parse_gpr_operand(in, word, mode);
        if (!r) return r.error();
        sel = r->gpr, relative_mode = r->mode;
    } else if (is_kcache_word(word)) {
        auto r = parse_select(in, word);
        if (!r) return r.error();
        sel = *r;
    } else if (const auto pv = is_pv_word(word, group)) {
        if (!*pv) return text::cursor::fail_at(sel_at, error_code::value_out_of_range, word);  // not the previous group
        in.advance(word.size());
        sel = 254;
    } else if (const auto named = value_named(value_set::alu_src_sel, word)) {
        in.advance(word.size());
        sel = *named;
    } else {
        return word.empty() ? in.fail(error_code::expected_register, in.token_text())
                            : text::cursor::fail_at(sel_at, error_code::reserved_value, word);
    }
    const auto chan = constant ? result<std::uint32_t>{0u} : parse_channel(in);
    if (!chan) return chan.error();
    if (abs && !in.consume('|')) return in.fail(error_code::unexpected_character, in.token_text());
    if (literal) {  // two sources naming one literal dword name one value
        const auto bit = static_cast<std::uint8_t>(1u << *chan);
        if ((s.literal_mask & bit) && s.literals[*chan] != *literal) return text::cursor::fail_at(sel_at, errors::literal_conflict, "literal");
        s.literals[*chan] = *literal, s.literal_mask |= bit;
    }
    for (error e : {put_operand(s, source_sel[n], sel, sel_at), put_operand(s, source_chan[n], *chan, sel_at),
                    neg ? put_operand(s, source_neg[n], 1, at) : error{}, abs && n < 2 ? put_operand(s, source_abs[n], 1, at) : error{},
                    put_relative(s, relative[n], relative_mode, sel_at)})
        if (e.failed()) return e;
    if (abs && n >= 2) return text::cursor::fail_at(at, error_code::operand_not_allowed, "ABS");  // SRC2 has none
    return {};
}

// The destination and the sources of an ALU_OP2/ALU_OP3 line, when it writes them as operands
// (anything but a FIELD( after the mnemonic); `mode`: the INDEX_MODE its relative GPRs name.
[[nodiscard]] constexpr error parse_operands(text::cursor& in, statement& s, std::uint32_t slot, std::uint32_t group,
                                             std::optional<std::uint32_t>& mode) {
    in.skip_blanks();
    const std::string_view word = value_token(in);
    if (in.at_end_of_statement() || (!word.empty() && in.peek(word.size()) == '(')) return {};
    for (const flag_word& f : flag_words)  // `x: NOP CLAMP`: fields, no operands
        if (text::equals(word, f.word)) return {};
    const text::position at = in.where();
    const bool op2 = info(s.in.op).cat == category::alu_op2;
    if (text::equals(word, "____") && (op2 || info(s.in.op).cat == category::lds_idx_op)) {
        in.advance(word.size());
    } else if (is_gpr_word(word) || is_global_gpr_word(word)) {
        const auto gpr = parse_gpr_operand(in, word, mode);
        if (!gpr) return gpr.error();
        const text::position chan_at = in.where();
        const auto chan = parse_channel(in);
        if (!chan) return chan.error();
        if (*chan != slot) return text::cursor::fail_at(chan_at, errors::destination_channel, "DST_CHAN");
        if (error e = put_operand(s, field_key::dst_gpr, gpr->gpr, at); e.failed()) return e;
        if (error e = put_relative(s, field_key::dst_rel, gpr->mode, at); e.failed()) return e;
        if (op2)
            if (error e = put_operand(s, field_key::write_mask, 1, at); e.failed()) return e;
    } else {
        return in.fail(error_code::expected_register, in.token_text());
    }
    for (std::size_t n = 0; n < info(s.in.op).sources && n < 3; ++n) {
        in.skip_blanks();
        if (!in.consume(','))
            return in.fail(in.at_end_of_statement() ? error_code::missing_operand : error_code::expected_comma, in.token_text());
        if (error e = parse_source(in, s, n, group, mode); e.failed()) return e;
    }
    return {};
}

// The mnemonic and fields of a unit of `role`, found among `cats`.
template <std::size_t N>
[[nodiscard]] constexpr result<statement> parse_unit(text::cursor& in, unit_role role, const std::array<category, N>& cats,
                                                     std::uint32_t dst_chan, context* ctx = nullptr, std::uint32_t group = 0) {
    in.skip_blanks();
    const text::position at = in.where();
    const std::string_view word = in.identifier();
    const auto rat = role == unit_role::cf ? find_rat(word) : std::nullopt;
    const auto op = rat                        ? std::optional<opcode>{rat->op}
                    : role == unit_role::cf    ? find_cf(word)
                    : role == unit_role::fetch ? find_fetch(cats, word)
                                               : find_in(cats, word);
    if (!op) return text::cursor::fail_at(at, error_code::unknown_mnemonic, word.empty() ? in.token_text() : word);
    statement s{role, make(*op), 0, 0};
    if (rat)
        if (error e = put_field(s.in, field_key::rat_inst, rat->rat_inst, at); e.failed()) return e;
    if (*op == opcode::cf_alu_alu_extended) {  // the clause instruction it extends follows on the line
        in.skip_blanks();
        const text::position clause_at = in.where();
        const std::string_view clause_word = in.identifier();
        const auto clause_op = find_opcode(category::cf_alu, clause_word);
        if (!clause_op || *clause_op == opcode::cf_alu_alu_extended)
            return text::cursor::fail_at(clause_at, errors::extended_without_clause, clause_word.empty() ? in.token_text() : clause_word);
        const instruction ext = s.in;
        s.in = make(*clause_op);
        s.in.dwords[2] = ext.dwords[0], s.in.dwords[3] = ext.dwords[1];
        s.written |= written_extended;
    }
    if (role == unit_role::cf) {
        if (colon_after(s.in.op) && !in.consume(':')) return in.fail(error_code::unexpected_character, in.token_text());
        (void)try_set(s.in, field_key::barrier, 1);  // set unless the line says NO_BARRIER (GWS and every CF format have it)
        if (error e = parse_cf_operands(in, s); e.failed()) return e;
    }
    if (is_texture(s) || is_vfetch(s))
        if (error e = parse_fetch_operands(in, s); e.failed()) return e;
    if (dst_chan != 0) {
        auto with = set(s.in, field_key::dst_chan, dst_chan);
        if (!with) return text::cursor::fail_at(at, with.error().code, "DST_CHAN");
        s.in = *with;
    }
    std::optional<std::uint32_t> mode;  // the INDEX_MODE relative GPR operands name
    if (has_operands(s))
        if (error e = parse_operands(in, s, dst_chan, group, mode); e.failed()) return e;
    auto parsed = parse_fields(in, s, ctx);
    if (!parsed) return parsed;
    if (mode && value_or_zero(parsed->in, field_key::index_mode) != *mode)  // INDEX_MODE(..) written against the brackets
        return text::cursor::fail_at(at, error_code::operands_conflict, "INDEX_MODE");
    if (auto checked = check(parsed->in); !checked) return text::cursor::fail_at(at, checked.error().code, checked.error().subject);
    if (is_extended(*parsed))
        if (auto checked = check(extension_of(*parsed)); !checked)
            return text::cursor::fail_at(at, checked.error().code, checked.error().subject);
    return parsed;
}

[[nodiscard]] constexpr result<statement> parse_literal(text::cursor& in) {
    statement s{unit_role::literal, {}, 0, listed_literal};
    for (std::size_t d = 0; d < 2; ++d) {
        bool overflow = false;
        const auto v = in.unsigned_integer(&overflow);
        if (!v) return in.fail(error_code::expected_number, in.token_text());
        if (overflow || *v > 0xFFFFFFFFu) return in.fail(error_code::number_out_of_range);
        s.in.dwords[d] = static_cast<std::uint32_t>(*v);
    }
    return s;
}

[[nodiscard]] constexpr result<statement> parse_cf(text::cursor& in, context& ctx) {
    in.skip_blanks();
    const text::position at = in.where();
    if (const auto number = in.unsigned_integer(); number && *number != ctx.cf_units)
        return text::cursor::fail_at(at, error_code::misplaced_statement, "CF address");
    auto s = parse_unit(in, unit_role::cf, cf_categories, 0, &ctx);
    if (!s) return s;
    s->cf_address = ctx.cf_units;
    ctx.cf_units += is_extended(*s) ? 2 : 1;
    ctx.in_group = false;
    ctx.open = (s->written & addr_by_label) ? std::nullopt : clause_kind(s->in);  // a shared clause has its lines elsewhere
    return s;
}

// An ALU line: a number starts a group (the listing's running counter, checked); a line without one
// joins the open group. The group's last line gets LAST in resolve(), once the next line is known.
[[nodiscard]] constexpr result<statement> parse_alu(text::cursor& in, context& ctx, std::uint32_t chan, std::optional<std::uint64_t> number,
                                                    text::position at) {
    if (number ? *number != ctx.groups : !ctx.in_group) return text::cursor::fail_at(at, error_code::misplaced_statement, "group number");
    const bool starts = number.has_value();
    const std::uint32_t group = starts ? ctx.groups++ : ctx.groups - 1;
    ctx.in_group = true;  // before the line is read: the lines after a faulty one still join its group
    auto s = parse_unit(in, unit_role::alu, alu_categories, chan, &ctx, group);
    if (!s) return s;
    s->cf_address = group;
    if (starts) s->written |= group_start;
    return s;
}

// A fetch line: it takes the counter's next number, written or not (checked when written).
[[nodiscard]] constexpr result<statement> parse_fetch(text::cursor& in, context& ctx, std::optional<std::uint64_t> number, text::position at) {
    if (number && *number != ctx.groups) return text::cursor::fail_at(at, error_code::misplaced_statement, "instruction number");
    const std::uint32_t counted = ctx.groups++;
    auto s = ctx.open == clause::texture ? parse_unit(in, unit_role::fetch, std::array{category::tex, category::vtx, category::mem_rd}, 0)
                                         : parse_unit(in, unit_role::fetch, std::array{category::gds, category::tf}, 0);
    if (!s) return s;
    s->written |= group_start;
    s->cf_address = counted;
    return s;
}

// `name:` before a CF line: the label of its CF address (x, y, z and w are ALU slots).
[[nodiscard]] constexpr result<statement> parse_labelled(text::cursor& in, context& ctx, std::string_view name, text::position at) {
    for (const auto& l : ctx.labels)
        if (l.name == name) return text::cursor::fail_at(at, error_code::duplicate_name, name);
    if (!ctx.labels.push_back({name, ctx.cf_units})) return in.fail(error_code::program_too_long);
    in.skip_blanks();
    const text::cursor::mark_t start = in.mark();
    const text::position cf_at = in.where();
    if (!text::is_digit(in.peek()) && !find_cf(in.identifier())) return text::cursor::fail_at(cf_at, error_code::misplaced_statement, "label");
    in = text::cursor(in.source(), "#;", start);
    auto s = parse_cf(in, ctx);
    if (s) s->written |= labelled;
    return s;
}

// `PROGRAM PS`: the program kind, as a statement laying out nothing.
[[nodiscard]] constexpr result<statement> parse_program_kind(text::cursor& in) {
    in.skip_blanks();
    const text::position at = in.where();
    const std::string_view name = in.identifier();
    for (std::size_t k = 1; k < program_kind_names.size(); ++k)
        if (name == program_kind_names[k]) return statement{unit_role::directive, {opcode{}, {static_cast<std::uint32_t>(k), 0, 0, 0}}, 0, 0};
    return text::cursor::fail_at(at, error_code::reserved_value, name.empty() ? in.token_text() : name);
}

// One line of the program (see the syntax above).
[[nodiscard]] constexpr result<statement> parse_line(text::cursor& in, context& ctx) {
    in.skip_blanks();
    const text::position at = in.where();
    const text::cursor::mark_t start = in.mark();
    if (text::is_digit(in.peek())) {  // a CF line, or a numbered ALU group's first line
        const auto number = in.unsigned_integer();
        in.skip_blanks();
        const text::position slot_at = in.where();
        const std::string_view slot = in.identifier();
        if (text::equals(slot, "t") && in.peek() == ':')  // R600/R700's transcendental slot
            return text::cursor::fail_at(slot_at, error_code::misplaced_statement, "t: (Cayman's slots are x, y, z and w)");
        for (std::uint32_t chan = 0; chan < 4; ++chan)
            if (text::equals(slot, detail::slot_names[chan]) && in.consume(':'))
                return ctx.open == clause::alu ? detail::parse_alu(in, ctx, chan, number, at)
                                               : text::cursor::fail_at(at, error_code::misplaced_statement, slot);
        constexpr std::array texture_clause{category::tex, category::vtx, category::mem_rd};
        const bool fetch = (ctx.open == clause::texture && find_fetch(texture_clause, slot)) ||
                           (ctx.open == clause::gds && find_in(std::array{category::gds, category::tf}, slot));
        if (fetch) {
            in = text::cursor(in.source(), "#;", start);
            (void)in.unsigned_integer();
            return detail::parse_fetch(in, ctx, number, at);
        }
        in = text::cursor(in.source(), "#;", start);
        return detail::parse_cf(in, ctx);
    }
    const std::string_view word = in.identifier();
    const auto misplaced = text::cursor::fail_at(at, error_code::misplaced_statement, word);
    if (text::equals(word, "t") && in.peek() == ':')
        return text::cursor::fail_at(at, error_code::misplaced_statement, "t: (Cayman's slots are x, y, z and w)");
    for (std::uint32_t chan = 0; chan < 4; ++chan) {
        if (!text::equals(word, detail::slot_names[chan]) || !in.consume(':')) continue;
        if (ctx.open != clause::alu) return misplaced;
        return detail::parse_alu(in, ctx, chan, std::nullopt, at);
    }
    if (const auto op = find_rat(word) ? std::optional<opcode>{find_rat(word)->op} : find_cf(word);
        op && colon_after(*op) && in.peek() == ':') {  // `ALU:`, `TEX:`, `EXP_DONE:`: a CF line
        in = text::cursor(in.source(), "#;", start);
        return parse_cf(in, ctx);
    }
    if (!word.empty() && in.consume(':')) return parse_labelled(in, ctx, word, at);
    if (text::equals(word, "LITERAL")) {
        if (ctx.open != clause::alu) return misplaced;
        ctx.in_group = false;  // the group's literal slots close it
        return parse_literal(in);
    }
    if (text::equals(word, "PROGRAM")) return ctx.statements == 0 ? parse_program_kind(in) : misplaced;
    if (text::equals(word, "END_OF_PROGRAM")) {  // the listing's last line: nothing after it
        ctx.ended = true;
        return statement{unit_role::directive, {opcode{}, {0, 1, 0, 0}}, 0, 0};
    }
    if (find_cf(word) || find_rat(word)) {
        in = text::cursor(in.source(), "#;", start);
        return parse_cf(in, ctx);
    }
    in = text::cursor(in.source(), "#;", start);
    if (ctx.open == clause::texture || ctx.open == clause::gds) return parse_fetch(in, ctx, std::nullopt, at);
    return find_in(std::array{category::tex, category::vtx, category::mem_rd, category::gds, category::tf}, word)
               ? misplaced
               : text::cursor::fail_at(at, error_code::unknown_mnemonic, word.empty() ? in.token_text() : word);
}

}  // namespace detail

[[nodiscard]] constexpr result<statement> parse(text::cursor& in, context& ctx) {
    if (ctx.ended) {
        in.skip_blanks();
        return text::cursor::fail_at(in.where(), error_code::misplaced_statement, "after END_OF_PROGRAM");
    }
    auto s = detail::parse_line(in, ctx);
    if (s) ++ctx.statements;
    return s;
}

namespace detail {

// A shared clause's label names a CF line starting a clause of the same kind of its own.
[[nodiscard]] constexpr bool starts_own_clause(std::span<const statement> program, std::uint32_t cf_address, clause kind) {
    for (const statement& s : program)
        if (s.role == unit_role::cf && s.cf_address == cf_address)  // (an extended clause's pair has no label of its own)
            return clause_kind(s.in) == kind && !(s.written & addr_by_label) && !is_extended(s);
    return false;
}

}  // namespace detail

namespace detail {

// A parsed ALU group, lines [first, end), and the LITERAL lines after it, [end, literal_end): LAST
// on its last line; on every line the group's literal dwords (the inline values and the LITERAL
// lines', which must agree) and the dwords of its literal slots (as many as the LITERAL lines, or
// as the highest channel named needs). Errors carry the statement index.
[[nodiscard]] constexpr error close_group(std::span<statement> program, std::size_t first, std::size_t end, std::size_t literal_end) {
    std::array<std::uint32_t, 4> values{};
    std::uint8_t named = 0;
    const auto name = [&](std::size_t at, std::uint32_t c, std::uint32_t v) {
        const auto bit = static_cast<std::uint8_t>(1u << c);
        if ((named & bit) && values[c] != v) return error{errors::literal_conflict, 0, 0, static_cast<std::uint32_t>(at), "literal"};
        values[c] = v, named |= bit;
        return error{};
    };
    for (std::size_t i = first; i < end; ++i)
        for (std::uint32_t c = 0; c < 4; ++c)
            if (program[i].literal_mask & (1u << c))
                if (error e = name(i, c, program[i].literals[c]); e.failed()) return e;
    if (literal_end - end > 2) return error{errors::literal_count, 0, 0, static_cast<std::uint32_t>(end + 2), "LITERAL"};
    for (std::size_t j = end; j < literal_end; ++j)
        for (std::uint32_t d = 0; d < 2; ++d)
            if (error e = name(j, static_cast<std::uint32_t>(2 * (j - end) + d), program[j].in.dwords[d]); e.failed()) return e;
    const std::size_t slots = literal_end > end ? literal_end - end : (named & 0xCu) ? 2 : (named & 0x3u) ? 1 : 0;
    for (std::size_t i = first; i < end; ++i) {
        program[i].literals = values;
        program[i].literal_mask = static_cast<std::uint8_t>((1u << (2 * slots)) - 1);
        if (!try_set(program[i].in, field_key::last, i + 1 == end ? 1u : 0u))  // every ALU format has LAST: a hand-built statement
            return error{ctisa::errors::operand_not_allowed, 0, 0, static_cast<std::uint32_t>(i), "LAST"};
    }
    return {};
}

}  // namespace detail

// After the last line: each ALU group closed (detail::close_group), and each ADDR(label) gets its
// label's CF address.
[[nodiscard]] constexpr error resolve(context& ctx, std::span<statement> program) {
    for (std::size_t i = 0; i < program.size();) {
        if (program[i].role != unit_role::alu) {
            ++i;
            continue;
        }
        std::size_t end = i + 1, literal_end;
        while (end < program.size() && program[end].role == unit_role::alu && !(program[end].written & group_start)) ++end;
        for (literal_end = end; literal_end < program.size() && program[literal_end].role == unit_role::literal;) ++literal_end;
        if (error e = detail::close_group(program, i, end, literal_end); e.failed()) return e;
        i = literal_end;
    }
    for (const auto& ref : ctx.references) {
        const context::label* found = nullptr;
        for (const auto& l : ctx.labels)
            if (l.name == ref.name) found = &l;
        if (!found) return text::cursor::fail_at(ref.at, error_code::undefined_label, ref.name);
        if (const auto kind = detail::clause_kind(program[ref.statement].in);
            kind && !detail::starts_own_clause(program, found->cf_address, *kind))
            return text::cursor::fail_at(ref.at, errors::not_a_clause, ref.name);
        auto with = set(program[ref.statement].in, field_key::addr, found->cf_address);
        if (!with) return text::cursor::fail_at(ref.at, with.error().code, ref.name);
        program[ref.statement].in = *with;
    }
    return {};
}

}  // namespace ctisa::cayman
