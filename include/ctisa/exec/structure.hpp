// SPDX-License-Identifier: MIT
// Static matching of structured control flow: given each instruction's control kind, find the
// instruction each one jumps to, or the first structural error and where it is. constexpr, so
// that a compile-time assembler rejects an unbalanced program while compiling.
//
// The links it computes (one per instruction):
//   if        -> its else, or its endif when it has none      else   -> its endif
//   loop      -> its endloop                                  endloop -> its loop
//   break     -> the endloop / endswitch of the innermost loop or switch
//   continue  -> the endloop of the innermost loop
//   switch    -> its first case / default (its endswitch when it has none)
//   case, default -> the next case / default / endswitch of the same switch
//   endswitch -> its switch                                    call -> the callee's first instruction
// Others link to nothing (0). A callee must begin outside every block (subroutines do not nest in
// blocks: NV_gpu_program4 section 2.X.5; AMD IL FUNC follows ENDMAIN).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "../core/error.hpp"
#include "lanes.hpp"

namespace ctisa::exec {

enum class flow_kind : std::uint8_t {
    ordinary,
    if_,
    else_,
    endif,
    loop,
    endloop,
    break_,
    continue_,
    call,
    ret,
    switch_,
    case_,
    default_,
    endswitch,
    end,  // the lanes end (END, a kill or discard when it is its own instruction)
};

// One instruction as the control-flow engine sees it.
struct flow_op {
    flow_kind kind = flow_kind::ordinary;
    std::uint32_t target = 0;  // call: index of the callee's first instruction
    lane_word value = 0;       // case: the selector value it matches (compared as integers)
};

#define CTISA_STRUCTURE_PROBLEMS(X)                                          \
    X(unexpected_else, "else without an open if, or a second else")          \
    X(unexpected_close, "block end that does not match the innermost block") \
    X(unclosed_block, "block not closed before the end of the program")      \
    X(break_outside_loop, "break outside every loop and switch")             \
    X(continue_outside_loop, "continue outside every loop")                  \
    X(label_outside_switch, "case or default not directly inside a switch")  \
    X(duplicate_default, "second default in one switch")                     \
    X(duplicate_case, "case value given twice in one switch")                \
    X(bad_call_target, "call target outside the program or inside a block")  \
    X(too_deep, "blocks nested deeper than the matcher's limit")

enum class structure_problem : std::uint8_t {
    none,
#define CTISA_X(name, message) name,
    CTISA_STRUCTURE_PROBLEMS(CTISA_X)
#undef CTISA_X
};

[[nodiscard]] constexpr std::string_view message_of(structure_problem p) noexcept {
    switch (p) {
        case structure_problem::none: return "no error";
#define CTISA_X(name, message) \
    case structure_problem::name: return message;
            CTISA_STRUCTURE_PROBLEMS(CTISA_X)
#undef CTISA_X
    }
    return "unknown";
}

namespace diagnostic {
// Not constexpr: reaching one during constant evaluation is the compile error that names it.
#define CTISA_X(name, message) \
    inline void name() noexcept {}
CTISA_STRUCTURE_PROBLEMS(CTISA_X)
#undef CTISA_X
}  // namespace diagnostic

struct structure_error {
    structure_problem problem = structure_problem::none;
    std::uint32_t at = 0;  // the instruction index

    [[nodiscard]] constexpr bool failed() const noexcept { return problem != structure_problem::none; }
    // As an error: the subject says which rule, `offset` holds the instruction index.
    [[nodiscard]] constexpr error to_error() const noexcept {
        if (!failed()) return {};
        return error{error_code::unbalanced_structure, 0, 0, at, message_of(problem)};
    }
};

// In constant evaluation, fails the compilation with the problem's name; a no-op otherwise.
constexpr void require_structured(structure_error e) noexcept {
    switch (e.problem) {
        case structure_problem::none: return;
#define CTISA_X(name, message) \
    case structure_problem::name: diagnostic::name(); return;
            CTISA_STRUCTURE_PROBLEMS(CTISA_X)
#undef CTISA_X
    }
}

namespace detail {

struct open_block {
    std::uint32_t at = 0;          // the if / loop / switch
    std::uint32_t last = 0;        // if: its else (when seen); switch: its latest label
    bool has_else = false;
    bool has_default = false;
};

template <std::size_t MaxDepth>
struct open_stack {
    std::array<open_block, MaxDepth> items{};
    std::size_t size = 0;

    // The innermost open block of kind a or b, or size when none.
    constexpr std::size_t innermost(std::span<const flow_op> ops, flow_kind a, flow_kind b) const noexcept {
        for (std::size_t i = size; i-- > 0;)
            if (ops[items[i].at].kind == a || ops[items[i].at].kind == b) return i;
        return size;
    }
};

// Nesting depth at `target`: 0 when it stands outside every block. Blocks are already matched.
constexpr bool outside_blocks(std::span<const flow_op> ops, std::uint32_t target) noexcept {
    int depth = 0;
    for (std::uint32_t i = 0; i < target; ++i) {
        flow_kind k = ops[i].kind;
        if (k == flow_kind::if_ || k == flow_kind::loop || k == flow_kind::switch_) ++depth;
        if (k == flow_kind::endif || k == flow_kind::endloop || k == flow_kind::endswitch) --depth;
    }
    flow_kind k = ops[target].kind;
    bool closer = k == flow_kind::else_ || k == flow_kind::endif || k == flow_kind::endloop || k == flow_kind::case_ ||
                  k == flow_kind::default_ || k == flow_kind::endswitch;
    return depth == 0 && !closer;
}

// A break or continue links to its block's opener while matching; this makes it the closer.
constexpr std::uint32_t closer_of(std::span<const flow_op> ops, std::span<const std::uint32_t> links, std::uint32_t opener) noexcept {
    std::uint32_t at = links[opener];
    while (ops[at].kind != flow_kind::endloop && ops[at].kind != flow_kind::endswitch) at = links[at];
    return at;
}

template <std::size_t MaxDepth>
constexpr structure_problem match_one(std::span<const flow_op> ops, std::span<std::uint32_t> links, open_stack<MaxDepth>& open,
                                      std::uint32_t i) noexcept {
    using k = flow_kind;
    const flow_op& op = ops[i];
    open_block* top = open.size ? &open.items[open.size - 1] : nullptr;
    auto top_is = [&](flow_kind kind) { return top && ops[top->at].kind == kind; };
    links[i] = 0;
    switch (op.kind) {
        case k::if_:
        case k::loop:
        case k::switch_:
            if (open.size == MaxDepth) return structure_problem::too_deep;
            open.items[open.size++] = open_block{i, i, false, false};
            links[i] = i;  // a switch without labels links to its endswitch (set when closed)
            return structure_problem::none;
        case k::else_:
            if (!top_is(k::if_) || top->has_else) return structure_problem::unexpected_else;
            links[top->at] = i;
            top->has_else = true;
            top->last = i;
            return structure_problem::none;
        case k::endif:
        case k::endloop:
        case k::endswitch: {
            // The block's last piece (if or else, the loop's header, the switch's last label) links
            // to its end; a loop's or a switch's end links back to its header.
            const flow_kind opener = op.kind == k::endif ? k::if_ : (op.kind == k::endloop ? k::loop : k::switch_);
            if (!top_is(opener)) return structure_problem::unexpected_close;
            links[top->last] = i;
            if (opener != k::if_) links[i] = top->at;
            --open.size;
            return structure_problem::none;
        }
        case k::case_:
        case k::default_:
            if (!top_is(k::switch_)) return structure_problem::label_outside_switch;
            if (op.kind == k::default_ && top->has_default) return structure_problem::duplicate_default;
            if (op.kind == k::case_)
                for (std::uint32_t at = links[top->at]; at != top->at && at != i; at = links[at])
                    if (ops[at].kind == k::case_ && ops[at].value == op.value) return structure_problem::duplicate_case;
            top->has_default = top->has_default || op.kind == k::default_;
            links[top->last] = i;
            links[i] = top->at;  // until the next label: ends the duplicate scan above
            top->last = i;
            return structure_problem::none;
        case k::break_:
        case k::continue_: {
            bool brk = op.kind == k::break_;
            std::size_t b = open.innermost(ops, k::loop, brk ? k::switch_ : k::loop);
            if (b == open.size) return brk ? structure_problem::break_outside_loop : structure_problem::continue_outside_loop;
            links[i] = open.items[b].at;
            return structure_problem::none;
        }
        case k::call:
            if (op.target >= ops.size()) return structure_problem::bad_call_target;
            links[i] = op.target;
            return structure_problem::none;
        default: return structure_problem::none;
    }
}

}  // namespace detail

// Fills links[i] for every instruction (links.size() >= ops.size()) and returns the first
// structural error in program order; for an unclosed block, the innermost one still open.
template <std::size_t MaxDepth = 64>
constexpr structure_error match_structure(std::span<const flow_op> ops, std::span<std::uint32_t> links) noexcept {
    detail::open_stack<MaxDepth> open;
    const auto n = static_cast<std::uint32_t>(ops.size());
    for (std::uint32_t i = 0; i < n; ++i) {
        structure_problem p = detail::match_one(ops, links, open, i);
        if (p != structure_problem::none) return {p, i};
    }
    if (open.size) return {structure_problem::unclosed_block, open.items[open.size - 1].at};
    for (std::uint32_t i = 0; i < n; ++i) {
        flow_kind k = ops[i].kind;
        if (k == flow_kind::break_ || k == flow_kind::continue_) links[i] = detail::closer_of(ops, links, links[i]);
        if (k == flow_kind::call && !detail::outside_blocks(ops, ops[i].target)) return {structure_problem::bad_call_target, i};
    }
    return {};
}

// A matched program as the engine reads it.
struct structure_view {
    std::span<const flow_op> ops;
    std::span<const std::uint32_t> links;
};

// A program of N instructions with its links, matched in a constant expression if need be.
template <std::size_t N>
struct matched_program {
    std::array<flow_op, N> ops{};
    std::array<std::uint32_t, N> links{};
    structure_error status{};

    [[nodiscard]] constexpr structure_view view() const noexcept { return {ops, links}; }
};

template <std::size_t MaxDepth = 64, std::size_t N>
constexpr matched_program<N> match(const std::array<flow_op, N>& ops) noexcept {
    matched_program<N> m;
    m.ops = ops;
    m.status = match_structure<MaxDepth>(std::span<const flow_op>(m.ops), std::span<std::uint32_t>(m.links));
    return m;
}

}  // namespace ctisa::exec
