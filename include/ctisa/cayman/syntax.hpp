// SPDX-License-Identifier: MIT
// Cayman's text syntax, in the shape of AMD's shader disassembly listings: one unit a line, the CF
// program in order, each clause's lines right under the CF instruction that starts it.
//
//   00 ALU ADDR(4) CNT(4) KCACHE_MODE0(LOCK_1)
//        0  x: MUL R2.x, R1.x, KC0[3].y
//           y: MOV R2.y, -|LITERAL.y| LAST(1)
//           LITERAL 0x3F800000 0x40000000
//        1  x: ADD R3.x, R2.x, 1.0f LAST(1)
//   01 TC ADDR(8) CNT(1)
//       SAMPLE SRC_GPR(2) DST_GPR(1) DST_SEL_Y(Y) DST_SEL_Z(Z) DST_SEL_W(W) COORD_TYPE_X(NORMALIZED) ...
//   02 EXPORT_DONE RW_GPR(1) SEL_Y(Y) SEL_Z(Z) SEL_W(W)
//   03 END
//
// - A CF line starts with its CF address (8-byte units from the program start; optional when
//   reading, checked when written), then the CF, CF_ALU or CF_ALLOC_EXPORT mnemonic. A clause's CF
//   line has ADDR(a) CNT(c): the clause's address and its units (COUNT + 1); the assembler computes
//   both (layout.hpp) and checks them when they are written.
// - An ALU line starts with its slot, `x:`, `y:`, `z:` or `w:` (DST_CHAN: Cayman has no T slot),
//   then the ALU_OP2, ALU_OP3 or LDS_IDX_OP mnemonic (the slot tells ALU NOP from CF NOP). Groups
//   end at LAST(1); a group's literal slots follow it as `LITERAL dword dword` lines. A group's
//   first line may start with the group's number, as AMD's listings number them: one count over the
//   program's groups in text order, from 0 (optional when reading, checked when written: a wrong
//   number, or one on a later line of a group, is misplaced_statement); the disassembler writes it.
// - ALU_OP2 and ALU_OP3 operands as the listings write them, after the mnemonic: the destination
//   `R2.x` (its channel the slot's; `____` when an OP2 instruction's WRITE_MASK is clear, DST_GPR
//   then a field if nonzero), then one source per operand the opcode reads, `, ` between:
//   `[-][|]SELECT.c[|]` with the select as below and c the channel (x, y, z, w), `-` SRCn_NEG,
//   `|..|` SRCn_ABS (sources 0 and 1 of OP2). The inline constants are written as the listings
//   (Multi2Sim's Evergreen disassembler) write them, without a channel: `0.0f` (248), `1.0f` (249),
//   `1` (250), `-1` (251), `0.5f` (252); a nonzero SRCn_CHAN on them follows as a field, and so
//   does SRCn_NEG on the integer ones (`-1` is the constant). A number in a source is the old
//   numeric select form, read from 128 up only (`249.x`); below it could be taken for a GPR and is
//   expected_register (a GPR is R1, the integer constant 1). The other fields (LAST, relative addressing, OMOD...)
//   follow as FIELD(VALUE). Reading also accepts these fields as FIELD(VALUE) without operands.
//   LDS_IDX_OP lines the same way with `____` (no GPR written: the result goes to the LDS output
//   queue) and sources without modifiers: `x: LDS_WRITE ____, R0.x, R1.y`.
// - A fetch line (texture, vertex, memory read; GDS and TF in a GDS clause) is its mnemonic.
// - `name:` before a CF line labels its CF address; ADDR(name) on a CF instruction that is not a
//   clause start (JUMP, LOOP_*, CALL, ELSE...) is filled in by resolve(), forward or backward. The
//   disassembler names every such target `L<CF address>`.
// - ADDR(name) on a clause start (ALU..., TC, TC_ACK, GDS) runs the clause of the CF line `name`
//   (a clause of the same kind the line starts itself): no clause lines follow, and layout gives
//   both the same ADDR and COUNT. Chapter 3 never ties a clause to one CF instruction, and
//   decode_program accepts such images; the disassembler writes the second and later CF lines of a
//   shared clause this way, naming the first.
// - `PROGRAM PS` (VS, HS, DS, GS, DC, PS, CS: chapter 2.1's program types), before the first CF
//   line, tells the layout the program kind: KILL only in a PS, CALL_FS only in a VS. Without it
//   neither is checked; the image does not record it, so the disassembler never writes it.
// - After the mnemonic, every nonzero field the instruction uses as FIELD(VALUE) with chapter 9's
//   field names (FORMAT.FIELD for the second of two fields of one name: GDS's
//   MEM_GDS_WORD1.SRC_GPR), VALUE a number or the name of a value of the field's value set (names that are
//   numbers, SEL's "0", ALU_SRC_SEL's "1", are written as their values); ALU source selects as
//   the listings write them: R0-R127, KC0[0]-KC3[31] (kcache banks 0-3), PV, LITERAL... Fields not
//   written are zero; the opcode and fixed fields are the mnemonic's. So every encoding prints and
//   reads back to the same dwords. `;` and `#` start comments.
#pragma once

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
inline constexpr std::uint8_t extended_clause = 32;

// The ALU_EXTENDED prefix of such a statement, as an instruction of its own.
[[nodiscard]] constexpr instruction extension_of(const statement& s) noexcept {
    return instruction{opcode::cf_alu_alu_extended, {s.in.dwords[2], s.in.dwords[3], 0, 0}};
}
[[nodiscard]] constexpr bool is_extended(const statement& s) noexcept { return s.role == unit_role::cf && (s.written & extended_clause); }

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
    std::uint32_t groups = 0;    // ALU groups so far (the running group number)
    bool in_group = false;       // the last ALU line did not end its group (no LAST)
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
// compiler (see encoding.hpp's place_table); constant evaluation searches.
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

// The inline constants as AMD's listings (and Multi2Sim's Evergreen disassembler) write them: no
// channel (a nonzero SRCn_CHAN follows as a field), and the integer ones never with a `-` prefix
// (`-1` is ALU_SRC_M_1_INT; SRCn_NEG on them follows as a field).
struct inline_constant {
    std::uint32_t select;
    std::string_view spelling;
};
inline constexpr std::array<inline_constant, 5> inline_constants{
    {{248, "0.0f"}, {249, "1.0f"}, {252, "0.5f"}, {250, "1"}, {251, "-1"}}};  // longest match first: 1.0f before 1

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

// A field the operands hold: DST_GPR (unless an OP2 instruction writes no GPR), WRITE_MASK and
// each source's select, channel, NEG and ABS.
// (By key: the printer asks for each field it prints, and comparing names cost a third of printing.)
[[nodiscard]] constexpr bool operand_field(const statement& s, field_key key) noexcept {
    if (!has_operands(s)) return false;
    if (key == field_key::write_mask) return true;
    if (key == field_key::dst_gpr) return info(s.in.op).cat == category::alu_op3 || value_or_zero(s.in, field_key::write_mask) != 0;
    for (std::size_t n = 0; n < info(s.in.op).sources && n < 3; ++n) {
        const std::uint32_t sel = value_or_zero(s.in, source_sel[n]);
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

template <class Sink>
constexpr void print_operands(Sink& out, const statement& s) {
    const auto chan = [&](field_key field) {
        out.push('.');
        out.append(slot_names[value_or_zero(s.in, field) & 3u]);
    };
    if (operand_field(s, field_key::dst_gpr)) {
        out.append(" R");
        text::write_unsigned(out, value_or_zero(s.in, field_key::dst_gpr));
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
        out.append(by_label ? " ADDR(L" : " ADDR(");
        text::write_unsigned(out, value_or_zero(s.in, field_key::addr));
        out.push(')');
    };
    if (clause_cf) {
        addr();
        out.append(" CNT(");
        text::write_unsigned(out, value_or_zero(s.in, field_key::count) + 1);
        out.push(')');
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
        if (clause_cf && (key == field_key::addr || key == field_key::count)) return;
        out.push(' ');
        if (field_named(s.in.op, key) != i) {  // the second field of that name (GDS's SRC_GPR): FORMAT.FIELD
            out.append(info(f.format).name);
            out.push('.');
        }
        out.append(f.name);
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
        case unit_role::directive:
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
            break;
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
        default: out.append("    "); break;
    }
    if (is_extended(s)) out.append("ALU_EXTENDED ");
    out.append(info(s.in.op).mnemonic);
    detail::print_fields(out, s);
    if (is_extended(s)) detail::print_extension_fields(out, s);
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
        std::string_view name = in.identifier();
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
[[nodiscard]] constexpr error parse_source(text::cursor& in, statement& s, std::size_t n) {
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
    if (constant) {
        sel = *constant;
    } else if (is_number(word)) {
        bool overflow = false;
        const auto v = in.unsigned_integer(&overflow);
        if (overflow || *v > 0xFFFFFFFFu) return text::cursor::fail_at(sel_at, error_code::value_out_of_range, word);
        if (*v < 128) return text::cursor::fail_at(sel_at, error_code::expected_register, word);
        sel = static_cast<std::uint32_t>(*v);
    } else if (is_gpr_word(word) || is_kcache_word(word)) {
        auto r = parse_select(in, word);
        if (!r) return r.error();
        sel = *r;
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
    for (error e : {put_operand(s, source_sel[n], sel, sel_at), put_operand(s, source_chan[n], *chan, sel_at),
                    neg ? put_operand(s, source_neg[n], 1, at) : error{}, abs && n < 2 ? put_operand(s, source_abs[n], 1, at) : error{}})
        if (e.failed()) return e;
    if (abs && n >= 2) return text::cursor::fail_at(at, error_code::operand_not_allowed, "ABS");  // SRC2 has none
    return {};
}

// The destination and the sources of an ALU_OP2/ALU_OP3 line, when it writes them as operands
// (anything but a FIELD( after the mnemonic).
[[nodiscard]] constexpr error parse_operands(text::cursor& in, statement& s, std::uint32_t slot) {
    in.skip_blanks();
    const std::string_view word = value_token(in);
    if (in.at_end_of_statement() || (!word.empty() && in.peek(word.size()) == '(')) return {};
    const text::position at = in.where();
    const bool op2 = info(s.in.op).cat == category::alu_op2;
    if (text::equals(word, "____") && (op2 || info(s.in.op).cat == category::lds_idx_op)) {
        in.advance(word.size());
    } else if (is_gpr_word(word)) {
        const auto gpr = parse_select(in, word);
        if (!gpr) return gpr.error();
        const text::position chan_at = in.where();
        const auto chan = parse_channel(in);
        if (!chan) return chan.error();
        if (*chan != slot) return text::cursor::fail_at(chan_at, errors::destination_channel, "DST_CHAN");
        if (error e = put_operand(s, field_key::dst_gpr, *gpr, at); e.failed()) return e;
        if (op2)
            if (error e = put_operand(s, field_key::write_mask, 1, at); e.failed()) return e;
    } else {
        return in.fail(error_code::expected_register, in.token_text());
    }
    for (std::size_t n = 0; n < info(s.in.op).sources && n < 3; ++n) {
        in.skip_blanks();
        if (!in.consume(','))
            return in.fail(in.at_end_of_statement() ? error_code::missing_operand : error_code::expected_comma, in.token_text());
        if (error e = parse_source(in, s, n); e.failed()) return e;
    }
    return {};
}

// The mnemonic and fields of a unit of `role`, found among `cats`.
template <std::size_t N>
[[nodiscard]] constexpr result<statement> parse_unit(text::cursor& in, unit_role role, const std::array<category, N>& cats,
                                                     std::uint32_t dst_chan, context* ctx = nullptr) {
    in.skip_blanks();
    const text::position at = in.where();
    const std::string_view word = in.identifier();
    const auto op = find_in(cats, word);
    if (!op) return text::cursor::fail_at(at, error_code::unknown_mnemonic, word.empty() ? in.token_text() : word);
    statement s{role, make(*op), 0, 0};
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
        s.written |= extended_clause;
    }
    if (dst_chan != 0) {
        auto with = set(s.in, field_key::dst_chan, dst_chan);
        if (!with) return text::cursor::fail_at(at, with.error().code, "DST_CHAN");
        s.in = *with;
    }
    if (has_operands(s))
        if (error e = parse_operands(in, s, dst_chan); e.failed()) return e;
    auto parsed = parse_fields(in, s, ctx);
    if (!parsed) return parsed;
    if (auto checked = check(parsed->in); !checked) return text::cursor::fail_at(at, checked.error().code, checked.error().subject);
    if (is_extended(*parsed))
        if (auto checked = check(extension_of(*parsed)); !checked)
            return text::cursor::fail_at(at, checked.error().code, checked.error().subject);
    return parsed;
}

[[nodiscard]] constexpr result<statement> parse_literal(text::cursor& in) {
    statement s{unit_role::literal, {}, 0, 0};
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

// An ALU line: the group number, when written, must be the running one and only on a group's
// first line.
[[nodiscard]] constexpr result<statement> parse_alu(text::cursor& in, context& ctx, std::uint32_t chan, std::optional<std::uint64_t> number,
                                                    text::position at) {
    if (number && (ctx.in_group || *number != ctx.groups)) return text::cursor::fail_at(at, error_code::misplaced_statement, "group number");
    auto s = parse_unit(in, unit_role::alu, alu_categories, chan);
    if (!s) return s;
    if (!ctx.in_group) {
        s->written |= group_start;
        s->cf_address = ctx.groups++;
    }
    ctx.in_group = get(s->in, field_key::last).value_or(0) == 0;
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
    if (!text::is_digit(in.peek()) && !find_in(cf_categories, in.identifier()))
        return text::cursor::fail_at(cf_at, error_code::misplaced_statement, "label");
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
        const std::string_view slot = in.identifier();
        for (std::uint32_t chan = 0; chan < 4; ++chan)
            if (text::equals(slot, detail::slot_names[chan]) && in.consume(':'))
                return ctx.open == clause::alu ? detail::parse_alu(in, ctx, chan, number, at)
                                               : text::cursor::fail_at(at, error_code::misplaced_statement, slot);
        in = text::cursor(in.source(), "#;", start);
        return detail::parse_cf(in, ctx);
    }
    const std::string_view word = in.identifier();
    const auto misplaced = text::cursor::fail_at(at, error_code::misplaced_statement, word);
    for (std::uint32_t chan = 0; chan < 4; ++chan) {
        if (!text::equals(word, detail::slot_names[chan]) || !in.consume(':')) continue;
        if (ctx.open != clause::alu) return misplaced;
        return detail::parse_alu(in, ctx, chan, std::nullopt, at);
    }
    if (!word.empty() && in.consume(':')) return parse_labelled(in, ctx, word, at);
    if (text::equals(word, "LITERAL")) return ctx.open == clause::alu ? parse_literal(in) : misplaced;
    if (text::equals(word, "PROGRAM")) return ctx.statements == 0 ? parse_program_kind(in) : misplaced;
    if (find_in(cf_categories, word)) {
        in = text::cursor(in.source(), "#;", start);
        return parse_cf(in, ctx);
    }
    in = text::cursor(in.source(), "#;", start);
    if (ctx.open == clause::texture) return parse_unit(in, unit_role::fetch, std::array{category::tex, category::vtx, category::mem_rd}, 0);
    if (ctx.open == clause::gds) return parse_unit(in, unit_role::fetch, std::array{category::gds, category::tf}, 0);
    return find_in(std::array{category::tex, category::vtx, category::mem_rd, category::gds, category::tf}, word)
               ? misplaced
               : text::cursor::fail_at(at, error_code::unknown_mnemonic, word.empty() ? in.token_text() : word);
}

}  // namespace detail

[[nodiscard]] constexpr result<statement> parse(text::cursor& in, context& ctx) {
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

// After the last line: each ADDR(label) gets its label's CF address.
[[nodiscard]] constexpr error resolve(context& ctx, std::span<statement> program) {
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
