// SPDX-License-Identifier: MIT
// The emitter for JITs: code built at run time (or in constant evaluation) from the typed builders,
// decoded instructions or text, written into a flat byte buffer, with labels for branches whose
// targets come later. The same calls in every ISA (ctisa::emitter<Isa>, also ns::emitter):
//
//   namespace va = ctisa::valhall;
//   using namespace va::operands;
//   va::emitter e;
//   const ctisa::label loop = e.new_label();
//   e.bind(loop);                                                  // the next instruction is the label's
//   e.emit(va::iadd_imm_i32(r(0), r(0), 0xFFFFFFFFu));            // a builder's result
//   e.emit(va::branchz.with(va::condition::ne)(r(0), 0), loop);    // its offset points at `loop`
//   e.emit("NOP.return");                                          // text, one or more statements
//   auto image = e.bytes();     // result<std::vector<std::uint8_t>>, or the first error
//   auto text = e.text();       // result<std::string>: the canonical text of the same program
//
//   emit(x)                 x: a builder's result (built<> or result<>), an instruction, or text
//   emit(branch, label)     a branch to a label bound before or after
//   new_label(), bind(l)    a label; bind: the next statement emitted is the label's
//   offset_of(l)            where a bound label lies in bytes() (text() for NV assembly)
//   size()                  statements emitted
//   reserve(bytes), clear() room once; empty, keeping it
//   bytes(), code()         the image (a copy, or a view without one); text() the program text
//
// Once a statement fails, the emitter keeps that first error and ignores what follows, so that
// a JIT checks once at the end; `offset` of the error is the index of the statement at fault.
//
// How each ISA takes part (its own emitter where its program is more than units in a row):
//   ATTILA, Valhall: units written as emitted; a forward branch is re-encoded into its place when
//     its label is bound (ISA::branch_to gives the ISA's convention).
//   AMD IL: token packets written as emitted; a label is a function id (`func`, `call`), see
//     amdil/emitter.hpp. Its flow is otherwise structured (if/loop/endloop), with no labels.
//   Cayman: CF instructions and clauses, laid out by layout() when bytes are asked for
//     (cayman/emitter.hpp). NV assembly: text with its labels (nvasm/emitter.hpp).
//   An ISA with a link() step and no emitter of its own (the tests' toy ISA) keeps its statements
//     and links them when bytes are asked for.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "code_buffer.hpp"
#include "contract.hpp"
#include "disassembler.hpp"
#include "labels.hpp"
#include "result.hpp"
#include "statements.hpp"
#include "text/writer.hpp"

namespace ctisa {

// Branches to labels need the ISA's optional
//   static constexpr error branch_to(instruction&, std::size_t at, std::size_t target);
// which points the branch at statement `at` to statement `target` in the ISA's own convention
// (relative to itself or to the next instruction, absolute) and refuses what is not a branch or
// does not fit its field.
template <class Isa>
concept branches_to_labels = requires(typename Isa::instruction& in, std::size_t i) {
    { Isa::branch_to(in, i, i) } -> std::same_as<error>;
};

namespace emit_detail {

template <class T>
inline constexpr bool always_false = false;

// A builder's result as result<instruction>: built<> converts, result<> is one.
template <class Isa, class T>
concept instruction_result = std::is_convertible_v<const T&, const result<typename Isa::instruction>&>;

// A unit encoded already: result<std::array<std::uint8_t, N>> (the fixed-opcode builders' unit()).
template <class T>
concept encoded_unit = requires(const T& x) {
    { x.ok() } -> std::same_as<bool>;
    std::tuple_size<std::remove_cvref_t<decltype(*x)>>::value;
    { (*x)[0] } -> std::convertible_to<const std::uint8_t&>;
};

// Text: a string, a literal, a view.
template <class T>
concept source_text = std::is_convertible_v<const T&, std::string_view>;

// The bytes of what a builder returned: the ISA's encode() for that type (found by argument-dependent
// lookup: built<> carries its words, so encoding it is a copy), else ISA::encode of the instruction.
template <class Isa, class T>
[[nodiscard]] constexpr auto unit_of(const T& x) {
    if constexpr (std::is_same_v<T, typename Isa::instruction>) return Isa::encode(x);
    else if constexpr (requires { encode(x); }) return encode(x);
    else {
        const result<typename Isa::instruction>& r = x;
        using bytes = decltype(Isa::encode(*r));
        if (!r) return bytes(r.error());
        return Isa::encode(*r);
    }
}

// A unit's first byte: std::array has data(), the ISAs' own unit types begin() with a pointer.
template <class Range>
[[nodiscard]] constexpr const std::uint8_t* data_of(const Range& r) noexcept {
    if constexpr (requires { r.data(); }) return r.data();
    else return r.begin();
}

}  // namespace emit_detail

// The emitter of a binary ISA whose image is its units one after another.
template <class Isa>
class unit_emitter {
    static_assert(binary_isa<Isa>, "ctisa::emitter: the ISA encodes instructions (contract.hpp binary_isa)");

public:
    using instruction = typename Isa::instruction;

    // A builder's result, an instruction, or text.
    template <class T>
    constexpr unit_emitter& emit(const T& x) {
        if constexpr (emit_detail::source_text<T>) return emit_text(std::string_view(x));
        else if constexpr (std::is_same_v<T, instruction> || emit_detail::instruction_result<Isa, T>) {
            if (failed()) return *this;
            return put(emit_detail::unit_of<Isa>(x));
        } else if constexpr (emit_detail::encoded_unit<T>) {
            static_assert(std::tuple_size_v<std::remove_cvref_t<decltype(*x)>> <= Isa::max_unit_bytes,
                          "ctisa::emitter rule: a unit of this ISA");
            if (failed()) return *this;
            return put(x);
        } else {
            static_assert(emit_detail::always_false<T>,
                          "ctisa::emitter rule: emit() takes a builder's result, an instruction, an encoded unit or text");
            return *this;
        }
    }

    // A branch whose target is `target`, bound before or after (placed when it is bound).
    template <class T>
    constexpr unit_emitter& emit(const T& branch, label target) {
        constexpr bool is_branch = std::is_same_v<T, instruction> || emit_detail::instruction_result<Isa, T>;
        static_assert(branches_to_labels<Isa>, "ctisa::emitter rule: this ISA has no branches to labels (no ISA::branch_to)");
        static_assert(is_branch, "ctisa::emitter rule: a branch is a builder's result or an instruction");
        if constexpr (branches_to_labels<Isa> && is_branch) {
            if (failed()) return *this;
            instruction in{};
            if constexpr (std::is_same_v<T, instruction>) in = branch;
            else {
                const result<instruction>& r = branch;
                if (!r) return fail(r.error());
                in = *r;
            }
            if (!labels_.known(target)) return fail(emit_errors::foreign_label());
            const bool known = labels_.bound(target);
            if (ctisa::error e = Isa::branch_to(in, size(), known ? labels_.statement(target) : size()); e.failed()) return fail(e);
            auto unit = Isa::encode(in);
            if (!unit) return fail(unit.error());
            if (!known) labels_.defer(fixup{here(), offset(), static_cast<std::uint32_t>((*unit).size()), target, in});
            return put(unit);
        } else {
            return (void)branch, (void)target, *this;
        }
    }

    [[nodiscard]] constexpr label new_label() { return labels_.make(); }
    // The label names the next statement emitted; the branches waiting for it are placed.
    constexpr unit_emitter& bind(label l) {
        if (failed()) return *this;
        if (ctisa::error e = labels_.bind(l, here(), offset(), [&](const fixup& f) { return place(f); }); e.failed())
            return fail_at(e, e.offset);
        return *this;
    }
    // Where a bound label lies in bytes(), in bytes.
    [[nodiscard]] constexpr result<std::size_t> offset_of(label l) const { return labels_.offset(l); }

    // The statements emitted so far: the index of the next one.
    [[nodiscard]] constexpr std::size_t size() const noexcept { return statements_; }
    constexpr void reserve(std::size_t bytes) { code_.reserve(bytes); }
    // Empty, with no labels and no error, keeping the room.
    constexpr void clear() noexcept {
        code_.clear();
        labels_.clear();
        statements_ = 0;
        error_ = {};
    }
    [[nodiscard]] constexpr bool failed() const noexcept { return error_.failed(); }
    // The first error; `offset` is the index of the statement that caused it.
    [[nodiscard]] constexpr const ctisa::error& error() const noexcept { return error_; }

    // The image without a copy (complete only when bytes() would succeed).
    [[nodiscard]] constexpr std::span<const std::uint8_t> code() const noexcept { return code_.view(); }
    // The image, or the first error (an emitted one, or a branch to a label never bound).
    [[nodiscard]] constexpr result<std::vector<std::uint8_t>> bytes() const {
        if (ctisa::error e = status(); e.failed()) return e;
        return std::vector<std::uint8_t>(code_.view().begin(), code_.view().end());
    }
    // The program's canonical text (the image disassembled).
    [[nodiscard]] result<std::string> text() const {
        if (ctisa::error e = status(); e.failed()) return e;
        return ctisa::disassemble<Isa>(code_.view());
    }
    // What the emitter holds in memory: its buffer's allocation, its labels and fix-ups.
    [[nodiscard]] constexpr std::size_t bytes_kept() const noexcept { return code_.capacity() + labels_.bytes_kept(); }

private:
    struct fixup {
        std::uint32_t at;      // the branch's statement
        std::uint32_t offset;  // its unit's first byte
        std::uint32_t size;    // its unit's bytes
        label target;
        instruction in;        // the branch, re-encoded when placed
    };

    [[nodiscard]] constexpr std::uint32_t here() const noexcept { return static_cast<std::uint32_t>(statements_); }
    [[nodiscard]] constexpr std::uint32_t offset() const noexcept { return static_cast<std::uint32_t>(code_.size()); }
    [[nodiscard]] constexpr ctisa::error status() const {
        if (failed()) return error_;
        if (const fixup* f = labels_.waiting()) return unbound_at(f->at);
        return {};
    }

    template <class Unit>
    constexpr unit_emitter& put(const Unit& unit) {
        if (!unit) return fail(unit.error());
        code_.append(emit_detail::data_of(*unit), (*unit).size());
        ++statements_;
        return *this;
    }

    // Points a waiting branch at the statement being bound and writes its unit over the old one.
    constexpr ctisa::error place(const fixup& f) {
        instruction in = f.in;
        if (ctisa::error e = Isa::branch_to(in, f.at, here()); e.failed()) return e;
        auto unit = Isa::encode(in);
        if (!unit) return unit.error();
        if ((*unit).size() != f.size) return ctisa::error{error_code::operand_limit, 0, 0, 0, "a branch that changes size"};
        code_.overwrite(f.offset, emit_detail::data_of(*unit), f.size);
        return {};
    }

    unit_emitter& emit_text(std::string_view source) {
        if (failed()) return *this;
        auto program = read_statements<Isa>(source);
        if (!program) return fail(program.error());
        for (const instruction& in : program->statements) put(contract::encode_parsed<Isa>(in));
        return *this;
    }

    constexpr unit_emitter& fail(const ctisa::error& e) { return fail_at(e, statements_); }
    constexpr unit_emitter& fail_at(ctisa::error e, std::size_t index) {
        if (failed()) return *this;
        e.offset = static_cast<std::uint32_t>(index);
        error_ = e;
        return *this;
    }

    code_buffer code_;
    std::size_t statements_ = 0;
    label_table<fixup> labels_;
    ctisa::error error_{};
};

// The emitter of an ISA with a link() step and no emitter of its own: its statements are kept,
// branches placed in them, and link() lays the image out when bytes are asked for. offset_of()
// gives a label's statement index (the layout is the link's).
template <class Isa>
class linked_emitter {
    static_assert(binary_isa<Isa>, "ctisa::emitter: the ISA encodes instructions (contract.hpp binary_isa)");

public:
    using instruction = typename Isa::instruction;

    template <class T>
    constexpr linked_emitter& emit(const T& x) {
        if constexpr (emit_detail::source_text<T>) return emit_text(std::string_view(x));
        else if constexpr (std::is_same_v<T, instruction>) {
            if (failed()) return *this;
            if (auto unit = Isa::encode(x); !unit) return fail(unit.error());
            code_.push_back(x);
            return *this;
        } else if constexpr (emit_detail::instruction_result<Isa, T>) {
            const result<instruction>& r = x;
            if (!r) return fail(r.error());
            return emit(*r);
        } else {
            static_assert(emit_detail::always_false<T>, "ctisa::emitter rule: emit() takes a builder's result, an instruction or text");
            return *this;
        }
    }
    template <class T>
    constexpr linked_emitter& emit(const T& branch, label target) {
        static_assert(branches_to_labels<Isa>, "ctisa::emitter rule: this ISA has no branches to labels (no ISA::branch_to)");
        if (failed()) return *this;
        const result<instruction>& r = branch;
        if (!r) return fail(r.error());
        if (!labels_.known(target)) return fail(emit_errors::foreign_label());
        instruction in = *r;
        const bool known = labels_.bound(target);
        if (ctisa::error e = Isa::branch_to(in, size(), known ? labels_.statement(target) : size()); e.failed()) return fail(e);
        if (!known) labels_.defer(fixup{static_cast<std::uint32_t>(size()), target});
        return emit(in);
    }

    [[nodiscard]] constexpr label new_label() { return labels_.make(); }
    constexpr linked_emitter& bind(label l) {
        if (failed()) return *this;
        const auto at = static_cast<std::uint32_t>(size());
        if (ctisa::error e = labels_.bind(l, at, at, [&](const fixup& f) { return Isa::branch_to(code_[f.at], f.at, at); }); e.failed())
            return fail_at(e, e.offset);
        return *this;
    }
    [[nodiscard]] constexpr result<std::size_t> offset_of(label l) const { return labels_.offset(l); }

    [[nodiscard]] constexpr std::size_t size() const noexcept { return code_.size(); }
    constexpr void reserve(std::size_t bytes) { code_.reserve(bytes / Isa::max_unit_bytes); }
    constexpr void clear() noexcept {
        code_.clear();
        labels_.clear();
        error_ = {};
    }
    [[nodiscard]] constexpr std::span<const instruction> instructions() const noexcept { return code_; }
    [[nodiscard]] constexpr bool failed() const noexcept { return error_.failed(); }
    [[nodiscard]] constexpr const ctisa::error& error() const noexcept { return error_; }

    [[nodiscard]] constexpr result<std::vector<std::uint8_t>> bytes() const {
        if (failed()) return error_;
        if (const fixup* f = labels_.waiting()) return unbound_at(f->at);
        collect sink;
        if (ctisa::error e = contract::link<Isa>(std::span<const instruction>(code_), context_t<Isa>{}, sink); e.failed()) return e;
        return std::move(sink.bytes);
    }
    [[nodiscard]] result<std::string> text() const {
        if (failed()) return error_;
        return ctisa::to_string<Isa>(std::span<const instruction>(code_));
    }

private:
    struct fixup {
        std::uint32_t at;
        label target;
    };
    struct collect {
        std::vector<std::uint8_t> bytes;
        constexpr void push(std::uint8_t b) { bytes.push_back(b); }
        constexpr void end_unit() noexcept {}
    };

    linked_emitter& emit_text(std::string_view source) {
        if (failed()) return *this;
        auto program = read_statements<Isa>(source);
        if (!program) return fail(program.error());
        for (const auto& in : program->statements) emit(in);
        return *this;
    }
    constexpr linked_emitter& fail(const ctisa::error& e) { return fail_at(e, size()); }
    constexpr linked_emitter& fail_at(ctisa::error e, std::size_t index) {
        if (failed()) return *this;
        e.offset = static_cast<std::uint32_t>(index);
        error_ = e;
        return *this;
    }

    std::vector<instruction> code_;
    label_table<fixup> labels_;
    ctisa::error error_{};
};

// Which emitter an ISA has: its own (ISA::emitter, declared in its traits), or one of the two above.
template <class Isa>
struct emitter_of {
    using type = std::conditional_t<contract::links<Isa>, linked_emitter<Isa>, unit_emitter<Isa>>;
};
template <class Isa>
    requires requires { typename Isa::emitter; }
struct emitter_of<Isa> {
    using type = typename Isa::emitter;
};

template <class Isa>
using emitter = typename emitter_of<Isa>::type;

}  // namespace ctisa
