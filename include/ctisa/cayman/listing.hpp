// SPDX-License-Identifier: MIT
// What the command-line tool lists for Cayman, with plain callbacks (no text or tool types here):
// the opcodes (mnemonic, category, opcode value), the fields (format, field, lsb, msb as chapter 9
// numbers them inside the format's dword), and a decoded program unit by unit with its fields.
#pragma once

#include <cstdint>
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
// (literals: LITERAL.DWORD0/1; pads: nothing).
template <class Unit, class Field>
void explain(const program& p, Unit&& unit, Field&& field) {
    for (const program_unit& u : p.units) {
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
        const opcode_info& oi = info(u.in.op);
        unit(u, info(oi.cat).name, oi.mnemonic);
        for (std::size_t d = 0; d < 3 && oi.formats[d] != no_format; ++d)
            for (const field_info& fi : fields_of(static_cast<format_id>(oi.formats[d])))
                field(info(fi.format).name, fi.name, unsigned{fi.lsb}, unsigned{fi.msb}, detail::read(u.in.dwords[d], fi));
    }
}

}  // namespace ctisa::cayman
