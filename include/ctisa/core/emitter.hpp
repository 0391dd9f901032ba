// SPDX-License-Identifier: MIT
// An emitter for JITs: code built at run time (or in constant evaluation) from the typed builders
// or from text, appended to a buffer, with labels for branches whose targets come later.
//
//   ctisa::valhall::emitter e;                    // ctisa::emitter<valhall::isa>
//   auto loop = e.new_label();
//   e.bind(loop);                                 // the next instruction is the label's
//   e.emit(va::iadd_imm_i32(r(0), r(0), -1));     // a builder's result<instruction>
//   e.emit(va::branchz.with(condition::ne)(r(0), 0), loop);   // its offset points at `loop`
//   e.emit("NOP.return");                         // text, one or more statements
//   auto bytes = e.bytes();                       // result<std::vector<uint8_t>>: the image, or
//                                                 // the first error, `offset` its instruction index
//
// Once an instruction fails, the emitter keeps that first error and ignores what follows, so that
// a JIT checks once at the end. Every instruction is encoded when emitted (errors name the
// instruction that caused them); a branch is placed when its label is bound (instructions() then
// shows its target); bytes() lays out the image (the ISA's link() where it has one).
//
// Branches to labels need the ISA's optional
//   static constexpr error branch_to(instruction&, std::size_t at, std::size_t target);
// which points the branch at statement `at` to statement `target` in the ISA's own convention
// (relative to itself or to the next instruction, absolute) and refuses what is not a branch or
// does not fit its field.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "contract.hpp"
#include "result.hpp"
#include "statements.hpp"

namespace ctisa {

template <class Isa>
concept branches_to_labels = requires(typename Isa::instruction& in, std::size_t i) {
    { Isa::branch_to(in, i, i) } -> std::same_as<error>;
};

// A place in the emitted code, bound at most once; valid in the emitter that made it.
struct label {
    std::uint32_t id = 0;
};

template <class Isa>
class emitter {
    static_assert(binary_isa<Isa>, "ctisa::emitter: the ISA encodes instructions (contract.hpp binary_isa)");

public:
    using instruction = typename Isa::instruction;

    // Appends one instruction (a builder's result: its error, if it has one).
    constexpr emitter& emit(const result<instruction>& in) {
        if (in) return emit(*in);
        return fail(in.error());
    }
    constexpr emitter& emit(const instruction& in) {
        if (failed()) return *this;
        auto unit = Isa::encode(in);
        if (!unit) return fail(unit.error());
        starts_.push_back(bytes_.size());
        for (std::uint8_t b : *unit) bytes_.push_back(b);
        code_.push_back(in);
        return *this;
    }
    // A branch whose target is `target`, bound before or after (placed when it is bound).
    constexpr emitter& emit(const result<instruction>& branch, label target) {
        static_assert(branches_to_labels<Isa>, "ctisa::emitter: this ISA gives no branch_to(), so it has no branches to labels");
        if (failed()) return *this;
        if (!branch) return fail(branch.error());
        if (target.id >= labels_.size()) return fail(ctisa::error{error_code::undefined_label, 0, 0, 0, "a label of another emitter"});
        instruction in = *branch;
        const bool known = labels_[target.id] != unbound;
        if (ctisa::error e = Isa::branch_to(in, size(), known ? labels_[target.id] : size()); e.failed()) return fail(e);
        if (!known) pending_.push_back(fixup{size(), target});
        return emit(in);
    }
    // Text: one statement or several (run time only). Where statements depend on each other
    // (declarations, labels in text), the text is read as a whole program of its own. An error
    // keeps its line and column in the text; `offset` is the index where the text starts.
    emitter& emit(std::string_view source) {
        if (failed()) return *this;
        auto program = read_statements<Isa>(source);
        if (!program) return fail(program.error());
        for (const auto& in : program->statements) emit(in);
        return *this;
    }

    [[nodiscard]] constexpr label new_label() {
        labels_.push_back(unbound);
        return label{static_cast<std::uint32_t>(labels_.size() - 1)};
    }
    // The label names the next instruction emitted; the branches waiting for it are placed.
    constexpr emitter& bind(label l) {
        if (failed()) return *this;
        if (l.id >= labels_.size()) return fail(ctisa::error{error_code::undefined_label, 0, 0, 0, "a label of another emitter"});
        if (labels_[l.id] != unbound) return fail(ctisa::error{error_code::duplicate_name, 0, 0, 0, "label bound twice"});
        labels_[l.id] = size();
        std::size_t kept = 0;
        for (const fixup& f : pending_) {
            if (f.target.id != l.id) pending_[kept++] = f;
            else if (ctisa::error e = place(f.at, size()); e.failed()) return fail_at(e, f.at);
        }
        pending_.resize(kept);
        return *this;
    }

    // The instructions emitted so far: the index of the next one.
    [[nodiscard]] constexpr std::size_t size() const noexcept { return code_.size(); }
    [[nodiscard]] constexpr std::span<const instruction> instructions() const noexcept { return code_; }
    [[nodiscard]] constexpr bool failed() const noexcept { return error_.failed(); }
    // The first error; `offset` is the index of the instruction that caused it.
    [[nodiscard]] constexpr const ctisa::error& error() const noexcept { return error_; }

    // The image, laid out as the ISA lays out a program; or the first error (an emitted one, or a
    // branch to a label never bound).
    [[nodiscard]] constexpr result<std::vector<std::uint8_t>> bytes() const {
        if (failed()) return error_;
        if (!pending_.empty()) return at(ctisa::error{error_code::undefined_label, 0, 0, 0, "label never bound"}, pending_.front().at);
        if (!contract::links<Isa> && !relink_) return bytes_;
        collect sink;
        if (ctisa::error e = contract::link<Isa>(std::span<const instruction>(code_), context_t<Isa>{}, sink); e.failed()) return e;
        return std::move(sink.bytes);
    }

private:
    static constexpr std::size_t unbound = ~std::size_t{0};
    struct fixup {
        std::size_t at;
        label target;
    };
    struct collect {
        std::vector<std::uint8_t> bytes;
        constexpr void push(std::uint8_t b) { bytes.push_back(b); }
        constexpr void end_unit() noexcept {}
    };

    // Points the branch at `index` to `target` and re-encodes it in place.
    constexpr ctisa::error place(std::size_t index, std::size_t target) {
        if constexpr (branches_to_labels<Isa>) {
            if (ctisa::error e = Isa::branch_to(code_[index], index, target); e.failed()) return e;
            auto unit = Isa::encode(code_[index]);
            if (!unit) return unit.error();
            const std::size_t start = starts_[index], end = index + 1 < starts_.size() ? starts_[index + 1] : bytes_.size();
            std::size_t at = start;
            for (std::uint8_t b : *unit)
                if (at < end) bytes_[at++] = b;
                else relink_ = true;  // a longer unit: link() lays the image out
            if (at != end) relink_ = true;
        }
        (void)index, (void)target;
        return {};
    }
    static constexpr ctisa::error at(ctisa::error e, std::size_t index) noexcept {
        e.offset = static_cast<std::uint32_t>(index);
        return e;
    }
    constexpr emitter& fail(const ctisa::error& e) { return fail_at(e, size()); }
    constexpr emitter& fail_at(const ctisa::error& e, std::size_t index) {
        if (!failed()) error_ = at(e, index);
        return *this;
    }

    std::vector<instruction> code_;
    std::vector<std::uint8_t> bytes_;
    std::vector<std::size_t> starts_;  // where each instruction's unit starts in bytes_
    std::vector<std::size_t> labels_;  // the instruction each label names, or unbound
    std::vector<fixup> pending_;       // branches to labels not bound yet
    bool relink_ = false;              // a placed branch changed size: link() lays the image out
    ctisa::error error_{};
};

}  // namespace ctisa
