// SPDX-License-Identifier: MIT
// AMD IL's part of its reference page (`ctisa doc amdil`, examples/ctisa/doc_adapter.hpp): the Appendix B
// enumerations with chapter 6's text syntax, and each opcode's text form built from the generated
// description (its control fields as suffixes, its operands and plain dwords), and whether the
// reference executor runs it (exec::executable).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "../doc_adapter.hpp"
#include <ctisa/amdil/executor.hpp>
#include <ctisa/amdil/isa.hpp>

namespace ctisa {

template <>
struct doc_adapter<amdil::isa> {
    static constexpr std::string_view summary =
        "AMD Intermediate Language 2.4: a binary stream of 32-bit tokens (chapter 2) and its text (chapter 3). A program is "
        "the language and version tokens (il_ps_2_0), declarations, the body and end; macro definitions may precede the "
        "header. Each packet is an opcode token (its control field holds the instruction's settings, written as suffixes: "
        "_relop(eq), _ieee), then destination and source operands, each a register token followed by its optional "
        "modifier, index and dimension tokens, then plain dwords. Codes as the real binaries number them (483, 0 to 482); "
        "67 codes have no chapter-7 entry and are refused by the decoder and the assembler. Every decision is in "
        "generators/specs/amdil.toml.";

    template <class F>
    static void for_each_enum(F&& f) {
        for (const std::string_view name : amdil::appendix_b_enum_names) {
            enum_doc e{name, "Appendix B (ILLogicOp: chapter 6.15 only); the meaning column is chapter 6's text syntax where it gives one", {}};
            for (const auto& m : amdil::appendix_b_members)
                if (m.enum_name == name) e.values.push_back({m.value, m.member, std::string(m.text)});
            f(e);
        }
    }

    template <class F>
    static void for_each_instruction(F&& f) {
        for (std::size_t c = 0; c < amdil::opcode_count; ++c) {
            const auto op = static_cast<amdil::opcode>(c);
            const auto group = amdil::group(op);
            f(instruction_doc{amdil::mnemonic(op), syntax(op), group.empty() ? std::string_view("no chapter-7 entry") : group, details(op),
                              runs(op) ? executes::yes : executes::no, runs(op) ? std::string_view{} : refusal});
        }
    }

private:
    // The executor's own list (exec::executable) over the codes the stream decodes; the reasons by
    // family are in amdil_execution.toml, not per code.
    static constexpr std::string_view refusal =
        "the reference executor stops here (not_executable); generators/specs/amdil_execution.toml [not_executable] says why";
    static constexpr bool runs(amdil::opcode op) { return amdil::operands(op).described && amdil::exec::executable(op); }

    // mnemonic[_field(<Enum>)][_flag]...[<ILShiftScale>][_sat] dst, src0, src1, dword
    static std::string syntax(amdil::opcode op) {
        using amdil::opcode;
        if (op == opcode::macrodef) return "mdef(k)_out(m)_in(n)[_outline]";
        if (op == opcode::macrocall) return "mcall(k) (dst, ...), (src, ...)";
        if (op == opcode::dcl_global_flags) return "dcl_global_flags [refactoringAllowed|forceEarlyDepthStencil|...]";
        std::string out(amdil::mnemonic(op));
        for (std::size_t k = 0; k < amdil::control_field_count(op); ++k) {
            const auto cf = amdil::control_field_of(op, k);
            if (amdil::control_field_mask(op, cf) == 0) continue;
            if (cf.flag || cf.name == "ieee") out += doc_join({"[_", cf.name, "]"});
            else out += doc_join({"[_", cf.name, "(", cf.enum_name.empty() ? "n" : doc_join({"<", cf.enum_name, ">"}), ")]"});
        }
        const auto n = amdil::operands(op);
        if (!n.described) return out;
        if (n.dst > 0) out += "[<ILShiftScale>][_sat]";
        std::string_view sep = " ";
        const auto list = [&](unsigned count, std::string_view word) {
            for (unsigned k = 0; k < count; ++k) {
                out += doc_join({sep, word, count > 1 ? std::to_string(k) : ""});
                sep = ", ";
            }
        };
        list(n.dst, "dst");
        list(n.src, "src");
        list(n.extra, "dword");
        return out;
    }

    static std::string details(amdil::opcode op) {
        const auto n = amdil::operands(op);
        const std::string code = doc_join({amdil::enumerator(op), ", code ", std::to_string(static_cast<unsigned>(op))});
        if (op == amdil::opcode::comment) return code + "; a length token, then that many dwords of text";
        if (op == amdil::opcode::macrocall) return code + "; a token counting the output and input operands that follow";
        if (!n.described) return code + "; the document does not give its operands: refused (undescribed_operands)";
        return doc_join({code, "; ", std::to_string(n.dst), " dst, ", std::to_string(n.src), " src, ", std::to_string(n.extra), " dword"});
    }
};

}  // namespace ctisa
