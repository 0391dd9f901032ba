// SPDX-License-Identifier: MIT
// NV assembly's part of its reference page (`ctisa doc nvasm`, examples/ctisa/doc_adapter.hpp): the
// language's word lists as enums and each instruction's syntax, built from the generated
// description (Table X.13's columns, the operand form, the stages).
#pragma once

#include <string>
#include <string_view>

#include "../doc_adapter.hpp"
#include <ctisa/nvasm/isa.hpp>

namespace ctisa {

template <>
struct doc_adapter<nvasm::isa> {
    static constexpr std::string_view summary =
        "NVIDIA's unified assembly for vertex, fragment and geometry programs (NV_gpu_program4 and its "
        "NV_vertex_program4, NV_fragment_program4, NV_geometry_program4 and NV_parameter_buffer_object "
        "companions). The text is the encoding: there are no formats or fields. A program starts with its "
        "header (!!NVvp4.0, !!NVfp4.0, !!NVgp4.0), ends with END; statements end with ';'. Opcode rows are "
        "those of Table X.13 (DDX, DDY, EMIT, ENDPRIM follow as 81-84); the spec with every decision is "
        "generators/specs/nvasm.toml.";

    template <class F>
    static void for_each_enum(F&& f) {
        f(enum_of(
            "texture_target", "Texture targets (<texTarget>, and BUFFER for TXF and TXQ)", nvasm::texture_targets,
            [](const nvasm::texture_target_info& t) { return t.name; },
            [](const nvasm::texture_target_info& t) {
                return doc_join({t.shadow ? "shadow " : "", t.array ? "array " : "", t.cube ? "cube " : "",
                                 t.sampled ? "sampled" : "not sampled", t.fetched ? ", fetched by TXF" : ""});
            }));
        const auto word = [](std::string_view w) { return w; };
        f(enum_of("cc_test", "Condition-code tests (<ccMaskRule>; each also with suffix 0 or 1 for CC0 or CC1)", nvasm::cc_rule_names, word));
        f(enum_of("modifier", "Instruction modifiers (Table X.14), written .NAME after the opcode", nvasm::modifiers,
                  [](const nvasm::modifier_info& m) { return m.name; }));
        f(enum_of("declaration", "Statements that declare or set up (OPTION, variables, geometry declarations)", nvasm::declarations,
                  [](const nvasm::declaration_info& d) { return d.keyword; }));
        f(enum_of("variable_modifier", "Variable modifiers (<varModifier>; FLAT CENTROID NOPERSPECTIVE in fragment programs)",
                  nvasm::variable_modifiers, [](const nvasm::variable_modifier_info& v) { return v.name; }));
    }

    template <class F>
    static void for_each_instruction(F&& f) {
        for (const nvasm::instruction_info& i : nvasm::instructions)
            f(instruction_doc{i.mnemonic, syntax(i), i.description, details(i), executes::no_executor, {}});
    }

private:
    // "[.A|.B]" for the modifiers of one kind the instruction's columns allow.
    static std::string choice(const nvasm::instruction_info& i, nvasm::modifier_kind kind) {
        std::string out;
        for (const auto& m : nvasm::modifiers) {
            const bool allowed = m.kind == nvasm::modifier_kind::multiply ? i.multiply_modes
                                 : m.kind == nvasm::modifier_kind::ntc    ? i.default_type != nvasm::data_type::none
                                                                          : (i.columns & m.column) != 0;
            if (m.kind == kind && allowed) out += doc_join({out.empty() ? "[." : "|.", m.name});
        }
        return out.empty() ? out : out + "]";
    }

    static std::string_view slot_text(nvasm::slot s) {
        switch (s) {
            case nvasm::slot::result: return "result";
            case nvasm::slot::vector:
            case nvasm::slot::vector_no_swizzle: return "vector";
            case nvasm::slot::scalar: return "scalar";
            case nvasm::slot::extended_swizzle: return "x, y, z, w";
            case nvasm::slot::texture: return "texture[n], <texture_target>";
            case nvasm::slot::label: return "label";
            case nvasm::slot::cc_test: return "<cc_test>";
            case nvasm::slot::cc_mask: return "[(<cc_test>)]";
            case nvasm::slot::optional_vector: return "[vector]";
            case nvasm::slot::kill_condition: return "vector|<cc_test>";
            case nvasm::slot::none: break;
        }
        return {};
    }

    static std::string syntax(const nvasm::instruction_info& i) {
        std::string out(i.mnemonic);
        for (auto kind : {nvasm::modifier_kind::type, nvasm::modifier_kind::cc, nvasm::modifier_kind::clamp, nvasm::modifier_kind::ntc,
                          nvasm::modifier_kind::multiply})
            out += choice(i, kind);
        const auto& form = nvasm::forms[static_cast<std::size_t>(i.form)];
        std::string_view sep = " ";
        for (unsigned k = 0; k < form.count; ++k) {
            const bool mask = form.slots[k] == nvasm::slot::cc_mask;
            out += doc_join({mask ? " " : sep, slot_text(form.slots[k])});
            sep = ", ";
        }
        return out;
    }

    static std::string details(const nvasm::instruction_info& i) {
        return doc_join({nvasm::grammar_class_name(i.grammar), ", stages:", (i.stages & nvasm::stage_bit::vertex) ? " vertex" : "",
                         (i.stages & nvasm::stage_bit::fragment) ? " fragment" : "",
                         (i.stages & nvasm::stage_bit::geometry) ? " geometry" : ""});
    }
};

}  // namespace ctisa
