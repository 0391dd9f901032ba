// SPDX-License-Identifier: MIT
// Valhall's part of its reference page (`ctisa doc valhall`, examples/ctisa/doc_adapter.hpp): the XML's enums
// and immediate table, each instruction's syntax from its descriptor (modifiers, operands and what
// each source accepts), its sources as the XML describes them, and whether the executor runs it.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "../doc_adapter.hpp"
#include <ctisa/valhall/executor.hpp>
#include <ctisa/valhall/valhall.hpp>

namespace ctisa {

template <>
struct doc_adapter<valhall::isa> {
    static constexpr std::string_view summary =
        "Arm Mali Valhall, as Mesa 21.3's ISA.xml describes it: 64-bit instructions, one little-endian word "
        "each. Every instruction's own fields share bits 0-63 with the common fields (opcode and metadata, bits "
        "48-63). Sources are registers r0-r63 (`r5 discards the value after reading it), uniforms u0-u63, entries "
        "of the immediate table or special values; an instruction may end with .wait0126-style dependency "
        "waits or an action. Syntax as Mesa 21.3's disassembler prints it. Semantics of executed instructions: "
        "generators/specs/valhall_execution.toml; corrections to the XML: generators/specs/valhall_errata.toml.";

    template <class F>
    static void for_each_enum(F&& f) {
        for (const valhall::enum_info& e : valhall::enums) {
            enum_doc doc{e.name, e.xml_name, {}};
            for (unsigned v = 0; v < e.count; ++v) {
                const valhall::enum_value_info& ev = valhall::enum_values[e.first + v];
                doc.values.push_back({v, ev.reserved ? std::string_view("(reserved)") : ev.name, std::string(ev.description)});
            }
            f(doc);
        }
        enum_doc table{"immediate_table", "The immediate table: a source of kind 3 with value 0-31", {}};
        for (unsigned i = 0; i < valhall::immediate_values.size(); ++i) {
            char hex[16];
            std::snprintf(hex, sizeof hex, "0x%X", static_cast<unsigned>(valhall::immediate_values[i]));
            table.values.push_back({i, valhall::immediate_descriptions[i], hex});
        }
        f(table);
    }

    template <class F>
    static void for_each_instruction(F&& f) {
        for (const valhall::instruction_info& ins : valhall::instructions) {
            const std::string_view why = valhall::exec::not_executable_reason(instruction_of(ins));
            f(instruction_doc{ins.mnemonic, syntax(ins), ins.title, sources(ins), why.empty() ? executes::yes : executes::no, why});
        }
    }

private:
    static valhall::instruction_id instruction_of(const valhall::instruction_info& ins) {
        return static_cast<valhall::instruction_id>(&ins - valhall::instructions.data());
    }

    static std::string modifiers(const valhall::instruction_info& ins) {
        std::string out;
        for (unsigned i = 0; i < ins.modifier_count; ++i) {
            const valhall::modifier_info& mi = valhall::info(ins.modifiers[i].kind);
            if (mi.implied || !ins.modifiers[i].in_word) continue;
            const std::string word = mi.flag ? doc_join({".", mi.name}) : doc_join({".<", valhall::info(mi.values).name, ">"});
            out += mi.flag || mi.default_value >= 0 ? doc_join({"[", word, "]"}) : word;
        }
        return out;
    }

    static std::string source_syntax(const valhall::source_info& s, char letter) {
        std::string out(1, letter);
        if (s.absneg) out += "[.neg][.abs]";
        if (s.select.kind != valhall::select_kind::none) out += doc_join({"[.<", valhall::info(s.select.values).name, ">]"});
        if (s.invertible) out += "[.not]";
        return out;
    }

    static std::string syntax(const valhall::instruction_info& ins) {
        std::string operands;
        auto add = [&](std::string_view s) { operands += doc_join({operands.empty() ? "" : ", ", s}); };
        if (ins.dests) add("rD[.h0|.h1]");
        for (unsigned k = 0; k < ins.staging_count; ++k) add(ins.staging[k].count == 1 ? "@rN" : "@rN:...");
        for (unsigned i = 0; i < ins.source_count; ++i) add(source_syntax(ins.sources[i], static_cast<char>('A' + i)));
        if (ins.immediate_count) add(ins.immediate.name == "constant" ? std::string("#value") : doc_join({ins.immediate.name, ":value"}));
        const std::string head = doc_join({ins.mnemonic, modifiers(ins)});
        return operands.empty() ? head : doc_join({head, " ", operands});
    }

    static std::string sources(const valhall::instruction_info& ins) {
        std::string out;
        for (unsigned i = 0; i < ins.source_count; ++i) {
            const valhall::source_info& s = ins.sources[i];
            const char letter[2] = {static_cast<char>('A' + i), '\0'};
            out +=
                doc_join({out.empty() ? "" : "; ", letter, ": ", s.name, " (", std::to_string(s.size), "-bit", s.is_float ? " float" : "", ")"});
        }
        for (unsigned k = 0; k < ins.staging_count; ++k)
            out += doc_join({out.empty() ? "" : "; ", "staging: ", ins.staging[k].name,
                             ins.staging[k].read ? (ins.staging[k].write ? " (read and written)" : " (read)") : " (written)"});
        return out;
    }
};

}  // namespace ctisa
