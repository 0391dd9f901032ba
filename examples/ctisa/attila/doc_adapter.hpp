// SPDX-License-Identifier: MIT
// ATTILA's part of its reference page (`ctisa doc attila`, examples/ctisa/doc_adapter.hpp): the banks and
// operand forms as enums, each opcode's syntax from its form's slots, and what it computes from the
// opcode table. The reference executor runs every opcode.
#pragma once

#include <string>
#include <string_view>

#include "../doc_adapter.hpp"
#include <ctisa/attila/attila.hpp>

namespace ctisa {

template <>
struct doc_adapter<attila::isa> {
    static constexpr std::string_view summary =
        "The ATTILA unified shader: 128-bit instructions stored as two little-endian 64-bit words (lo64 at "
        "bytes 0-7, then hi64 at bytes 8-15, in one of two layouts), bits numbered within their word as the "
        "ATTILA wiki numbers them. Registers are four-component vectors of 32-bit floats. Any instruction may "
        "be predicated: (p3) or (!p3) before the mnemonic. Semantics and every decision where the wiki is "
        "silent: generators/specs/attila.toml.";

    template <class F>
    static void for_each_enum(F&& f) {
        f(enum_of(
            "bank", "Register banks as encoded in the 3-bit bank fields (op1bank, op2bank, op3bank, resbank)", attila::banks,
            [](const attila::bank_info& b) { return b.name; }, bank_text));
        f(enum_of(
            "form", "Operand forms: the slots an instruction has (result, source 1, source 2, source 3)", attila::forms,
            [](const attila::form_info& form) { return form.name; }, slots_text));
    }

    template <class F>
    static void for_each_instruction(F&& f) {
        for (const attila::opcode_info& op : attila::opcodes) {
            const attila::form_info& form = attila::info(op.form);
            std::string details = doc_join({"form ", form.name, "; sources read as ", type_name(op.type), ", result ", type_name(op.result_type),
                                            ", ", shape_name(op.shape)});
            if (op.immediate != attila::immediate_kind::none)
                details += doc_join(
                    {"; source 2 may be a 32-bit ", op.immediate == attila::immediate_kind::floating ? "float" : "integer", " immediate"});
            f(instruction_doc{op.mnemonic, syntax(op, form), op.description, details, executes::yes, {}});
        }
    }

private:
    static std::string_view slot_text(attila::slot_kind k, bool invert, attila::immediate_kind imm) {
        using attila::slot_kind;
        switch (k) {
            case slot_kind::vector_result: return "dst[.mask]";
            case slot_kind::predicate_result: return invert ? "[!]pN" : "pN";
            case slot_kind::source: return "src";
            case slot_kind::source_or_imm: return imm == attila::immediate_kind::none ? "src" : "src|imm";
            case slot_kind::predicate_source: return "[!]pN";
            case slot_kind::texture: return "tN";
            case slot_kind::sample: return "sN";
            case slot_kind::offset: return "offset";
            default: return "";
        }
    }

    static std::string bank_text(const attila::bank_info& bi) {
        const std::string_view letter(&bi.letter, 1);
        std::string what =
            bi.letter ? doc_join({letter, std::to_string(bi.first_index), "-", letter, std::to_string(bi.first_index + bi.registers - 1u)})
                      : std::string("no registers");
        return what += bi.readable ? (bi.writable ? ", read and written" : ", read only") : (bi.writable ? ", written only" : "");
    }

    static std::string slots_text(const attila::form_info& form) {
        std::string out;
        for (attila::slot_kind k : form.slots) {
            const std::string_view s = slot_text(k, form.invert_result, attila::immediate_kind::floating);
            if (!s.empty()) out += doc_join({out.empty() ? "" : ", ", s});
        }
        return out.empty() ? "no operands" : out;
    }

    static std::string syntax(const attila::opcode_info& op, const attila::form_info& form) {
        std::string out = doc_join({"[(!pN)] ", op.mnemonic, op.saturate ? "[_sat]" : ""});
        bool first = true;
        for (attila::slot_kind k : form.slots) {
            const std::string_view s = slot_text(k, form.invert_result, op.immediate);
            if (s.empty()) continue;
            out += doc_join({first ? " " : ", ", s});
            first = false;
        }
        return out;
    }

    static std::string_view type_name(attila::value_type t) {
        switch (t) {
            case attila::value_type::floating: return "floats";
            case attila::value_type::integer: return "32-bit integers";
            case attila::value_type::predicate: return "predicates";
            default: return "nothing";
        }
    }

    static std::string_view shape_name(attila::result_shape s) {
        switch (s) {
            case attila::result_shape::vector: return "per component";
            case attila::result_shape::scalar: return "one value written to every component the mask selects";
            case attila::result_shape::dot: return "a dot product written to every component the mask selects";
            case attila::result_shape::special: return "components computed apart (see the summary)";
            case attila::result_shape::texture: return "a texture sample";
            case attila::result_shape::fixed: return "fixed point, through the accumulator";
            case attila::result_shape::derivative: return "a derivative over the 2x2 quad";
            default: return "no result";
        }
    }
};

}  // namespace ctisa
