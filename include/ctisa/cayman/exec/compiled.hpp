// SPDX-License-Identifier: MIT
// Cayman's compiled path: ctisa::exec::compiled (each item's descriptor a template argument),
// and before it, for a program whose items up to END all run on values (values.hpp: plain ALU
// clauses of groups the value kernels cover, END, NOP), the rows the program touches held as
// values: for each block of lanes, those rows loaded as GCC/Clang vectors, every group run as one
// inlined step on them (a dependent chain stays in SIMD registers), the rows it wrote stored.
//
//   ctisa::cayman::exec::compiled<program, W>::run(m, env);   // m.run(env)'s results, bit for bit
//
// Why not the core's value path (exec/compiled.hpp's run_values): it holds all of a layout's rows
// as values, and Cayman's fixed layout has 553 (128 GPRs, PV, the queues...), of which a program
// touches a few; and its kernels see only rows, where Cayman's read kcache constants from the
// environment. Here the rows are the program's (a compact map computed at compile time) and the
// constants are read once a run, each a vector broadcast.
//
// Decisions: the value path runs a full warp (m.active_lanes() == W: a clause start writes the
// predicate rows of every lane of the view, the lanes beyond the warp included) within the step
// budget; otherwise the per-item path runs. The environment's constant() is called once a run
// for each constant the program reads (the interpreter calls it at every read; a pure function
// gives the same results). Where a float operation has two NaN operands, which one's payload it
// passes on is the compiler's choice, in the interpreter as here (IEEE 754 leaves it open; GCC
// commutes a * b): such a result is a NaN in both, its payload may differ.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "../../exec/compiled.hpp"
#include "../../exec/value_rows.hpp"
#include "traits.hpp"
#include "values.hpp"

namespace ctisa::cayman::exec {

namespace values {

// A kcache constant a program reads: buffer, constant, element.
struct constant_ref {
    std::uint32_t bank = 0, index = 0, chan = 0;
    friend constexpr bool operator==(const constant_ref&, const constant_ref&) = default;
};

// The rows and constants of a program's value path: slot[r] the value holding machine row r (-1
// none), row[i] the machine row of value i, written[i] whether the program writes it; held the
// rows it reads (each loaded at the block's start and kept to its last read, the others only
// stored at the end).
template <std::size_t Constants>
struct plan {
    std::array<std::int16_t, row::count> slot{};
    std::array<std::uint16_t, row::count> rows{};
    std::array<bool, row::count> written{}, read{};
    std::size_t count = 0, held = 0;
    std::array<constant_ref, Constants> constants{};
    std::size_t constant_count = 0;

    constexpr void use(std::uint32_t r, bool write) {
        if (slot[r] < 0) {
            slot[r] = static_cast<std::int16_t>(count);
            rows[count++] = static_cast<std::uint16_t>(r);
        }
        const auto i = static_cast<std::size_t>(slot[r]);
        written[i] = written[i] || write;
        if (!write && !read[i]) read[i] = true, ++held;
    }
    constexpr void use_constant(const constant_ref& c) {
        for (std::size_t i = 0; i < constant_count; ++i)
            if (constants[i] == c) return;
        constants[constant_count++] = c;
    }
    [[nodiscard]] constexpr std::size_t constant_at(const constant_ref& c) const {
        for (std::size_t i = 0; i < constant_count; ++i)
            if (constants[i] == c) return i;
        return constant_count;
    }
};

template <std::size_t Constants>
constexpr plan<Constants> plan_of(std::span<const descriptor> items) {
    plan<Constants> p;
    p.slot.fill(-1);
    for (const descriptor& d : items) {
        if (d.kind == item_kind::clause) {
            p.use(row::pred, true), p.use(row::keep, true), p.use(row::killed, true);
            continue;
        }
        if (d.kind != item_kind::group) continue;
        for (std::uint32_t c = 0; c < 4; ++c) p.use(row::pv + c, true);
        for (std::size_t i = 0; i < d.count; ++i) {
            const slot& s = d.slots[i];
            for (std::size_t k = 0; k < s.sources && k < 3; ++k) {
                const source& src = s.src[k];
                if (src.kind == src_kind::gpr) p.use(row::gpr(src.index, src.chan), false);
                else if (src.kind == src_kind::pv) p.use(row::pv + src.chan, false);
                else if (src.kind == src_kind::kcache) p.use_constant({src.bank, src.index, src.chan});
            }
            if (s.write && s.op != opcode::alu_op2_nop && s.op != opcode::alu_op2_group_barrier) p.use(row::gpr(s.dst, s.chan), true);
        }
    }
    return p;
}

// f(std::integral_constant<std::size_t, I>{}) for I = 0 ... N - 1, unrolled.
template <std::size_t N, class F>
CTISA_EXEC_INLINE void each(F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>)
        CTISA_EXEC_INLINE_LAMBDA { (f(std::integral_constant<std::size_t, I>{}), ...); }(std::make_index_sequence<N>{});
}

// A block's values: B lanes a vector, Plan::value's rows, then its constants.
template <class Plan, std::size_t B>
struct block_rows {
    using bits = typename ctisa::exec::row_vectors<B>::bits;
    using floats = typename ctisa::exec::row_vectors<B>::floats;
    using ints = typename ctisa::exec::row_vectors<B>::ints;
    static constexpr auto& p = Plan::value;
    bits row[p.count > 0 ? p.count : 1];
    bits constant[p.constant_count > 0 ? p.constant_count : 1];

    template <std::uint32_t R>
    CTISA_EXEC_INLINE bits& at() noexcept {
        constexpr std::int16_t i = p.slot[R];
        static_assert(i >= 0, "a row the plan does not hold");
        return row[i];
    }
    template <std::uint32_t R>
    CTISA_EXEC_INLINE const bits& at() const noexcept {
        constexpr std::int16_t i = p.slot[R];
        static_assert(i >= 0, "a row the plan does not hold");
        return row[i];
    }
    template <std::uint32_t Bank, std::uint32_t Index, std::uint32_t Chan>
    CTISA_EXEC_INLINE const bits& kcache() const noexcept {
        constexpr std::size_t i = p.constant_at({Bank, Index, Chan});
        static_assert(i < p.constant_count, "a constant the plan does not hold");
        return constant[i];
    }
};

}  // namespace values

template <auto Program, std::size_t W = 64>
class compiled {
    using run_status = ctisa::exec::run_status;
    using base = ctisa::exec::compiled<traits, Program, W>;
    using machine_type = machine<W>;
    static constexpr std::size_t n = Program.instructions.size();
    static constexpr std::array<descriptor, n> code = [] {
        std::array<descriptor, n> out{};
        traits::describe(Program.instructions, layout{}, out.data());
        return out;
    }();
    // The items a run visits: up to the first END, or all and one step past the end.
    static constexpr std::size_t length = [] {
        for (std::size_t i = 0; i < n; ++i)
            if (code[i].kind == item_kind::cf && code[i].op == opcode::cf_end) return i + 1;
        return n;
    }();
    static constexpr std::uint64_t steps =
        length < n || (n > 0 && code[n - 1].kind == item_kind::cf && code[n - 1].op == opcode::cf_end) ? length : n + 1;
    struct plan_holder {
        static constexpr auto value = values::plan_of<12 * n + 1>(std::span<const descriptor>(code.data(), length));
    };
    // Lanes a vector: one SIMD register (fewer when the warp is narrower).
    static constexpr std::size_t lanes = [] {
        std::size_t b = ctisa::exec::simd_register_bytes / sizeof(lane_word);
        while (b > 4 && b > W) b /= 2;
        return b;
    }();
    // Blocks side by side (their chains overlap): the shared rule, on the rows a block reads.
    static constexpr std::size_t group_count = ctisa::exec::value_group_of<W>(plan_holder::value.held, lanes);
    static constexpr bool by_value = ctisa::exec::value_block<lanes> && W % lanes == 0 && length > 0 && [] {
        for (std::size_t i = 0; i < length; ++i)
            if (!values::supported(code[i])) return false;
        return true;
    }();
    using rows_type = values::block_rows<plan_holder, lanes>;
    using bits = typename rows_type::bits;

public:
    // Whether a full warp runs on rows held as values.
    static constexpr bool runs_on_values = by_value;

    template <class Env>
        requires(!std::is_arithmetic_v<Env>)
    static run_status run(machine_type& m, Env& env, std::uint64_t step_budget = ctisa::exec::default_step_budget) {
        if constexpr (by_value)
            if (step_budget >= steps && m.active_lanes() == W) return run_values(m, env);
        return base::run(m, env, step_budget);
    }
    static run_status run(machine_type& m, std::uint64_t step_budget = ctisa::exec::default_step_budget) {
        environment env;
        return run(m, env, step_budget);
    }

private:
    template <class Env>
    static run_status run_values(machine_type& m, Env& env) {
        constexpr auto& p = plan_holder::value;
        m.prepare(env);
        std::array<lane_word, p.constant_count> constants{};
        for (std::size_t i = 0; i < p.constant_count; ++i)
            constants[i] = env.constant(p.constants[i].bank, p.constants[i].index)[p.constants[i].chan];
        lane_word* const storage = m.storage();
        using values::each;
        for (std::size_t first = 0; first < W; first += lanes * group_count) {
            rows_type r[group_count];
            each<group_count>([&](auto g) CTISA_EXEC_INLINE_LAMBDA {
                lane_word* const block = storage + first + decltype(g)::value * lanes;
                each<p.count>([&](auto i)
                                  CTISA_EXEC_INLINE_LAMBDA { std::memcpy(&r[g].row[i], block + std::size_t{p.rows[i]} * W, sizeof(bits)); });
                each<p.constant_count>([&](auto k) CTISA_EXEC_INLINE_LAMBDA { r[g].constant[k] = bits{} + constants[k]; });
            });
            // Item I on every block, then item I + 1.
            each<length>([&](auto i) CTISA_EXEC_INLINE_LAMBDA {
                each<group_count>([&](auto g) CTISA_EXEC_INLINE_LAMBDA { values::execute<code[decltype(i)::value]>(r[g]); });
            });
            each<group_count>([&](auto g) CTISA_EXEC_INLINE_LAMBDA {
                lane_word* const block = storage + first + decltype(g)::value * lanes;
                each<p.count>([&](auto i) CTISA_EXEC_INLINE_LAMBDA {
                    if constexpr (p.written[decltype(i)::value]) std::memcpy(block + std::size_t{p.rows[i]} * W, &r[g].row[i], sizeof(bits));
                });
            });
        }
        m.state().killed.fill(0);  // no lane was discarded
        return m.finish(env, run_status{});
    }
};

}  // namespace ctisa::cayman::exec
