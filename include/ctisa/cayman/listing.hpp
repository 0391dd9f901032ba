// SPDX-License-Identifier: MIT
// What the command-line tool lists for Cayman, with plain callbacks (no text or tool types here):
// the opcodes (mnemonic, category, opcode value), the fields (format, field, lsb, msb as chapter 9
// numbers them inside the format's dword), and a decoded program unit by unit with its fields.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "program.hpp"

namespace ctisa::cayman {

// f(mnemonic, category, value) for every opcode, by category then value.
template <class F>
void for_each_opcode(F&& f) {
    for (const opcode_info& o : opcodes) f(o.mnemonic, info(o.cat).name, static_cast<unsigned>(o.value));
}

// f(format, field, lsb, msb) for every field of every format, in chapter 9's order.
template <class F>
void for_each_field(F&& f) {
    for (const field_info& fi : fields) f(info(fi.format).name, fi.name, unsigned{fi.lsb}, unsigned{fi.msb});
}

// For each unit of a decoded program: unit(unit, category, mnemonic) ("LITERAL"/"PAD" with an empty
// category for those), then field(format, field, lsb, msb, value) for each field of its dwords
// (literals: LITERAL.DWORD0/1; pads: nothing). ALU_EXTENDED and the CF_ALU pair after it are one
// 16-byte unit (DESIGN.md's cf_alu_extended): one record at the prefix's offset, named as the listing
// writes it ("ALU_EXTENDED ALU_PUSH_BEFORE"), its unit's instruction the pair's opcode with the
// pair's dwords then the prefix's (syntax.hpp's extended statement), its fields the prefix's
// CF_ALU_WORD0_EXT and CF_ALU_WORD1_EXT, then the pair's CF_ALU_WORD0 and CF_ALU_WORD1 (memory order).
template <class Unit, class Field>
void explain(const program& p, Unit&& unit, Field&& field) {
    const auto fields_of_unit = [&](const instruction& in) {
        const opcode_info& oi = info(in.op);
        for (std::size_t d = 0; d < 3 && oi.formats[d] != no_format; ++d)
            for (const field_info& fi : fields_of(static_cast<format_id>(oi.formats[d])))
                field(info(fi.format).name, fi.name, unsigned{fi.lsb}, unsigned{fi.msb}, detail::read(in.dwords[d], fi));
    };
    for (std::size_t i = 0; i < p.units.size(); ++i) {
        const program_unit& u = p.units[i];
        if (u.role == unit_role::cf && u.in.op == opcode::cf_alu_alu_extended && i + 1 < p.units.size() &&
            p.units[i + 1].role == unit_role::cf) {  // decode_program's read_cf checked the pair follows
            const instruction& pair = p.units[++i].in;
            const std::string name = "ALU_EXTENDED " + std::string(info(pair.op).mnemonic);
            unit(program_unit{u.offset, unit_role::cf, {pair.op, {pair.dwords[0], pair.dwords[1], u.in.dwords[0], u.in.dwords[1]}}},
                 info(info(pair.op).cat).name, std::string_view{name});
            fields_of_unit(u.in);
            fields_of_unit(pair);
            continue;
        }
        if (u.role == unit_role::pad) {
            unit(u, std::string_view{}, std::string_view{"PAD"});
            continue;
        }
        if (u.role == unit_role::literal) {
            unit(u, std::string_view{}, std::string_view{"LITERAL"});
            field(std::string_view{"LITERAL"}, std::string_view{"DWORD0"}, 0u, 31u, u.in.dwords[0]);
            field(std::string_view{"LITERAL"}, std::string_view{"DWORD1"}, 0u, 31u, u.in.dwords[1]);
            continue;
        }
        if (static_cast<std::size_t>(u.in.op) >= opcodes.size()) {  // a unit built by hand: no fields to list
            unit(u, std::string_view{}, std::string_view{"!malformed (opcode)"});
            continue;
        }
        unit(u, info(info(u.in.op).cat).name, info(u.in.op).mnemonic);
        fields_of_unit(u.in);
    }
}

}  // namespace ctisa::cayman
