// SPDX-License-Identifier: MIT
// AMD IL's emitter (ctisa::emitter<amdil::isa>, amdil::emitter): token packets written into a flat
// byte buffer as emitted (core/emitter.hpp's unit_emitter), with labels in AMD IL's own terms:
// a label is a function id (7.2: `func n` ... `ret`/`endfunc`, reached by `call n`, `callnz`,
// `call_logicalz`, `call_logicalnz`). Every other flow of AMD IL is structured (if/else/endif,
// whileloop/loop/endloop, switch/case, break/continue): it has no jumps to labels.
//
//   il::emitter e;
//   const ctisa::label f = e.new_label();      // function id 1 (a label's number + 1)
//   e.emit("il_ps_2_0").emit(il::op::call(0u), f).emit(il::op::endmain());
//   e.bind(f);                                 // writes `func 1`
//   e.emit(il::op::ret()).emit(il::op::end());
//
// emit(call, label) writes the call with the label's function id in its last token, whether the
// label is bound yet or not; bytes() refuses a call to a label never bound (a function with no body).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../core/emitter.hpp"
#include "builder.hpp"
#include "generated/builders.hpp"
#include "isa.hpp"

namespace ctisa::amdil {

class program_emitter {
public:
    using instruction = amdil::instruction;

    template <class T>
    program_emitter& emit(const T& x) {
        units_.emit(x);
        return *this;
    }
    // A call (call, callnz, call_logicalz, call_logicalnz) to the label's function.
    program_emitter& emit(const result<instruction>& call, label target) {
        if (failed()) return *this;
        if (!call) return emit(call);
        const opcode op = opcode_of(*call);
        if (op != opcode::call && op != opcode::callnz && op != opcode::call_logicalz && op != opcode::call_logicalnz)
            return emit(result<instruction>(ctisa::error{error_code::operand_not_allowed, 0, 0, 0, "a label is the function of a call"}));
        if (!labels_.known(target)) return emit(result<instruction>(emit_errors::foreign_label()));
        instruction in = *call;
        in.words[in.size - 1] = function_id(target);
        if (!labels_.bound(target)) labels_.defer(fixup{static_cast<std::uint32_t>(size()), target});
        return emit(in);
    }

    [[nodiscard]] label new_label() { return labels_.make(); }
    // Writes `func n`, the label's function: what follows is its body.
    program_emitter& bind(label l) {
        if (failed()) return *this;
        const auto at = static_cast<std::uint32_t>(size());
        const ctisa::error e =
            labels_.bind(l, at, static_cast<std::uint32_t>(units_.code().size()), [](const fixup&) { return ctisa::error{}; });
        if (e.failed()) return emit(result<instruction>(e));
        return emit(op::func(function_id(l)));
    }
    // Where the label's `func` lies in bytes().
    [[nodiscard]] result<std::size_t> offset_of(label l) const { return labels_.offset(l); }
    // The function id a label stands for.
    [[nodiscard]] static constexpr std::uint32_t function_id(label l) noexcept { return l.id + 1; }

    [[nodiscard]] std::size_t size() const noexcept { return units_.size(); }
    void reserve(std::size_t bytes) { units_.reserve(bytes); }
    void clear() noexcept {
        units_.clear();
        labels_.clear();
    }
    [[nodiscard]] bool failed() const noexcept { return units_.failed(); }
    [[nodiscard]] const ctisa::error& error() const noexcept { return units_.error(); }
    [[nodiscard]] std::span<const std::uint8_t> code() const noexcept { return units_.code(); }
    [[nodiscard]] std::size_t bytes_kept() const noexcept { return units_.bytes_kept() + labels_.bytes_kept(); }
    [[nodiscard]] result<std::vector<std::uint8_t>> bytes() const {
        if (const fixup* f = failed() ? nullptr : labels_.waiting()) return unbound_at(f->at);
        return units_.bytes();
    }
    [[nodiscard]] result<std::string> text() const {
        if (const fixup* f = failed() ? nullptr : labels_.waiting()) return unbound_at(f->at);
        return units_.text();
    }

private:
    struct fixup {
        std::uint32_t at;
        label target;
    };
    // The opcode token is the first, or the second after an IL_OP_PREFIX (7.3).
    [[nodiscard]] static constexpr opcode opcode_of(const instruction& in) noexcept {
        const std::size_t first = in.size > 1 && (in.words[0] & 0xFFFFu) == static_cast<std::uint32_t>(opcode::prefix) ? 1 : 0;
        return static_cast<opcode>(in.words[first] & 0xFFFFu);
    }

    unit_emitter<isa> units_;
    label_table<fixup> labels_;
};

}  // namespace ctisa::amdil
