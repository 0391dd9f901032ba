// SPDX-License-Identifier: MIT
// Cayman's part of its reference page (`ctisa doc cayman`, examples/ctisa/doc_adapter.hpp): the value sets
// of the fields as enums, and each opcode's text form (syntax.hpp), built from the generated
// description: its category, formats, the fields it uses, its sources and ALU slots.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "../doc_adapter.hpp"
#include <ctisa/cayman/exec/status.hpp>
#include <ctisa/cayman/isa.hpp>

namespace ctisa {

template <>
struct doc_adapter<cayman::isa> {
    static constexpr std::string_view summary =
        "AMD's HD 6900 (Cayman) microcode: a CF program of 8-byte units (CF, ALU-clause and allocation/export "
        "instructions) ending with END, whose clauses hold VLIW4 ALU groups (slots X, Y, Z, W and up to two "
        "literal slots) or 16-byte fetch instructions (texture cache, GDS). Opcodes are keyed by category "
        "and mnemonic (NOP is both a CF and an ALU instruction); RAT and GWS rows are sub-operations written "
        "in their instruction's RAT_INST or GWS_OPCODE field. The text follows AMD's listings: numbered CF "
        "lines with ADDR and CNT, each clause under its CF line, ALU lines `x: MUL R2.x, R1.x, KC0[3].y`. "
        "The spec with every decision is generators/specs/cayman.toml.";

    // Every value set, each value with its number; the description names the fields that take it.
    template <class F>
    static void for_each_enum(F&& f) {
        for (std::size_t s = 1; s < cayman::value_sets.size(); ++s) {
            const cayman::value_set_info& vs = cayman::value_sets[s];
            enum_doc e{vs.name, users(static_cast<cayman::value_set>(s)), {}};
            for (std::size_t i = vs.first; i < vs.first + vs.count; ++i)
                e.values.push_back({cayman::values[i].value, cayman::values[i].name, {}});
            f(e);
        }
    }

    template <class F>
    static void for_each_instruction(F&& f) {
        for (std::size_t i = 0; i < cayman::opcodes.size(); ++i) {
            const auto op = static_cast<cayman::opcode>(i);
            const cayman::opcode_info& oi = cayman::info(op);
            const std::string_view why = cayman::exec::not_executed(op);
            f(instruction_doc{oi.mnemonic, syntax(op), cayman::info(oi.cat).name, details(op), why.empty() ? executes::yes : executes::no, why});
        }
    }

private:
    // "the value set of A, B": the fields a value set is for, each name once.
    static std::string_view users(cayman::value_set set) {
        static std::array<std::string, cayman::value_sets.size()> text;  // built once: the page keeps a string_view
        std::string& out = text[static_cast<std::size_t>(set)];
        if (!out.empty()) return out;
        std::vector<std::string_view> names;
        for (const cayman::field_info& fi : cayman::fields)
            if (fi.values == set && std::find(names.begin(), names.end(), fi.name) == names.end()) names.push_back(fi.name);
        out = "the value set of";
        for (std::size_t i = 0; i < names.size(); ++i) out += doc_join({i ? ", " : " ", names[i]});
        return out;
    }

    // The used fields, as the text writes them: FIELD(value) after the mnemonic.
    static std::string fields_text(cayman::opcode op, bool operands) {
        std::string out;
        const bool clause = cayman::detail::clause_of(cayman::make(op), 0).has_value();  // ADDR and CNT come first
        const cayman::statement s{cayman::detail::role_of(cayman::info(cayman::info(op).cat).unit), cayman::make(op), 0, 0};
        cayman::detail::for_each_own_field(op, [&](std::size_t i, std::size_t, std::size_t position) {
            const cayman::field_info& fi = cayman::fields[i];
            if (!cayman::uses_field(op, position) || cayman::detail::is_owned(op, i) || fi.name == "DST_CHAN") return;
            if (operands && (fi.name == "DST_GPR" || cayman::detail::operand_field(s, fi.name))) return;
            if (const auto key = cayman::find_field_key(fi.name); key && cayman::detail::listing_field(s, *key)) return;
            if (clause && (fi.name == "ADDR" || fi.name == "COUNT")) return;
            out += doc_join({" [", fi.name, "(",
                             fi.values == cayman::value_set::none ? "n" : cayman::value_sets[static_cast<std::size_t>(fi.values)].name, ")]"});
        });
        return out;
    }

    static std::string syntax(cayman::opcode op) {
        const cayman::opcode_info& oi = cayman::info(op);
        const cayman::category_info& ci = cayman::info(oi.cat);
        if (ci.sub_of != cayman::no_category) {  // RAT, GWS: a value of their instruction's field
            const cayman::field_info& f = cayman::fields[ci.opcode_field];
            return doc_join({cayman::info(static_cast<cayman::category>(ci.sub_of)).name, " instruction with ", f.name, "(", oi.mnemonic, ")"});
        }
        if (oi.cat == cayman::category::alu_op2 || oi.cat == cayman::category::alu_op3) {
            std::string out = doc_join({"s: ", oi.mnemonic, oi.cat == cayman::category::alu_op2 ? " Rd.s|____" : " Rd.s"});
            for (unsigned n = 0; n < oi.sources && n < 3; ++n)
                out += doc_join({", ", oi.cat == cayman::category::alu_op2 && n < 2 ? "[-][|]src" : "[-]src", std::to_string(n), ".c",
                                 oi.cat == cayman::category::alu_op2 && n < 2 ? "[|]" : ""});
            return out + fields_text(op, true);
        }
        if (oi.cat == cayman::category::lds_idx_op) {
            std::string out = doc_join({"s: ", oi.mnemonic, " ____"});
            for (unsigned n = 0; n < oi.sources && n < 3; ++n) out += doc_join({", src", std::to_string(n), ".c"});
            return out + fields_text(op, true);
        }
        if (oi.cat == cayman::category::tex)
            return doc_join({"N  ", oi.mnemonic, " Rd[.xyzw], Rs.xyzw, tN, sN [UNNORM(XYZW)]"}) + fields_text(op, false);
        if (op == cayman::opcode::vtx_fetch)
            return doc_join({"N  VFETCH (", oi.mnemonic, ") Rd.xyzw, Rs.x, fcN [FORMAT(f)]"}) + fields_text(op, false);
        if (ci.unit == cayman::unit_kind::fetch) return doc_join({"N  ", oi.mnemonic}) + fields_text(op, false);
        const bool clause = cayman::detail::clause_of(cayman::make(op), 0).has_value();
        const std::string_view listed = cayman::detail::listing_name(op);
        std::string out = doc_join({"NN ", listed, cayman::detail::colon_after(op) ? ":" : ""});
        if (listed != oi.mnemonic) out += doc_join({" (", oi.mnemonic, ")"});
        if (cayman::detail::is_export(op)) out += " PIXn|POSn|PARAMn, Rn[.xyzw]";
        if (cayman::detail::is_loop(op)) out += " iN";
        if (clause) out += " ADDR(a|label) CNT(c)";
        if (oi.cat == cayman::category::cf_alu) out += " [KCACHE0(CBb:lo-hi)] [KCACHE1(...)]";
        return out + fields_text(op, false) + " [NO_BARRIER]";
    }

    static std::string details(cayman::opcode op) {
        const cayman::opcode_info& oi = cayman::info(op);
        std::string out = doc_join({cayman::info(oi.cat).name, " ", std::to_string(oi.value), "; formats"});
        for (std::size_t d = 0; d < 3 && oi.formats[d] != cayman::no_format; ++d)
            out += doc_join({d ? ", " : " ", cayman::formats[oi.formats[d]].name});
        if (cayman::info(oi.cat).unit != cayman::unit_kind::alu) return out;
        constexpr std::array<std::string_view, 6> shapes{
            "", "any one slot", "slots X, Y, Z and W", "X, Y, Z (W optional)", "X,Y or Z,W (64-bit)", "X, Y, Z and W (64-bit)"};
        out += doc_join(
            {"; ", std::to_string(oi.sources), oi.sources == 1 ? " source; " : " sources; ", shapes[static_cast<std::size_t>(oi.slots)]});
        if (oi.flags & cayman::opcode_flag::reduction) out += "; reduction";
        if (oi.flags & cayman::opcode_flag::kill) out += "; KILL (pixel shaders, last group of its clause)";
        if (oi.flags & cayman::opcode_flag::mova) out += "; MOVA (writes AR, no GPR)";
        return out;
    }
};

}  // namespace ctisa
