// SPDX-License-Identifier: MIT
// NV assembly as the engine sees it (ctisa/core/contract.hpp): a text-only ISA whose image is its
// canonical text. Statements end with ';', except the header line, labels and END, which the
// contract's optional `terminated` says.
#pragma once

#include <span>
#include <string_view>

#include "../core/contract.hpp"
#include "../core/isa_functions.hpp"
#include "explain.hpp"
#include "printer.hpp"

namespace ctisa::nvasm {

class text_emitter;  // emitter.hpp

struct isa {
    using instruction = nvasm::instruction;
    using emitter = text_emitter;  // the program's text, with labels for CAL
    using context = nvasm::context;
    static constexpr std::string_view name = "nvasm";
    static constexpr std::string_view comment_starts = "#";
    static constexpr char statement_terminator = ';';

    static constexpr result<instruction> parse(text::cursor& in, context& ctx) { return parse_any(in, ctx); }
    static constexpr bool terminated(const instruction& in) noexcept { return nvasm::terminated(in); }
    // After the last statement: END must have been read (it resolved labels and blocks).
    static constexpr error resolve(context& ctx, std::span<instruction> program) {
        if (ctx.ended) return {};
        return error{errors::missing_end, 0, 0, static_cast<std::uint32_t>(program.empty() ? 0 : program.size() - 1), "END"};
    }
    template <class Sink>
    static constexpr void print(Sink& out, const instruction& in) {
        print_unterminated(out, in);
    }
    // `ctisa explain nvasm`: what the parser made of a statement, f(name, value) a part.
    template <class F>
    static constexpr void explain(const instruction& in, F&& f) {
        nvasm::explain_fields(in, f);
    }

    // `ctisa opcodes nvasm`: mnemonic, grammar class, table row.
    template <class F>
    static void for_each_opcode(F&& f) {
        for (const auto& i : instructions) f(i.mnemonic, grammar_class_name(i.grammar), static_cast<unsigned>(i.code), -1L);
    }
    // `ctisa fields nvasm`: a language of text has no fields.
    template <class F>
    static void for_each_field(F&&) {}
};

static_assert(text_only_isa<isa>);

CTISA_ISA_FUNCTIONS(isa);

}  // namespace ctisa::nvasm
