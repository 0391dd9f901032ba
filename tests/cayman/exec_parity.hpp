// SPDX-License-Identifier: MIT
// The compiled path's parity tests share these: a program as the template argument compiled<>
// takes (an array of items), the opcode cases as clauses, and the comparison of every register
// row, export and LDS byte of the interpreter and the compiled path after the same run.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <ctisa/cayman/executor.hpp>

#include "exec_cases.hpp"

namespace cayman_exec_cases {

template <std::size_t N>
struct fixed_program {
    std::array<cx::item, N> instructions{};
};

template <std::size_t N>
constexpr fixed_program<N> fix(const std::vector<cx::item>& v) {
    fixed_program<N> p;
    std::copy(v.begin(), v.end(), p.instructions.begin());
    return p;
}

// Cases [first, last) of a table, each writing its own GPR (R4 on).
template <bool Op3>
constexpr std::vector<cx::item> cases_program(std::size_t first, std::size_t last) {
    std::vector<cx::item> groups;
    for (std::size_t i = first; i < last; ++i)
        groups.push_back(case_group(Op3 ? op3_cases[i] : op2_cases[i], Op3, static_cast<std::uint32_t>(4 + i - first)));
    return clause_program(groups);
}

// Every 64-bit opcode once (its first case), each group writing its own GPR (R4 on): the
// four-slot ones alone, the pair ones two a group (X, Y and Z, W: both read the first one's
// literal), for compile time.
constexpr std::vector<cx::item> wide_program() {
    std::vector<cx::item> groups;
    std::string_view last;
    bool open = false;
    for (const wide_case& k : wide_cases) {
        if (k.mnemonic == last) continue;
        last = k.mnemonic;
        const auto dst = static_cast<std::uint32_t>(4 + groups.size());
        const bool quad = k.mnemonic == "MUL_64" || k.mnemonic == "FMA_64" || k.mnemonic == "FREXP_64";
        if (!quad && open) {
            const cx::item zw = wide_group(k, dst - 1, 2);
            cx::item& xy = groups.back();
            xy.slots[1] = cm::set(xy.slots[1], "LAST", 0).value();
            xy.slots[xy.count++] = zw.slots[0];
            xy.slots[xy.count++] = zw.slots[1];
            open = false;
            continue;
        }
        groups.push_back(wide_group(k, dst));
        open = !quad;
    }
    return clause_program(groups);
}

// Every LDS case in turn (their queue entries pile up, the last ones lost), then a pop.
constexpr std::vector<cx::item> lds_program() {
    std::vector<cx::item> groups;
    for (const lds_case& k : lds_cases) groups.push_back(lds_group(k));
    groups.push_back(queue_group(2));
    return clause_program(groups);
}

// --- the value path (compiled.hpp, values.hpp) --------------------------------------------------

[[nodiscard]] constexpr cm::opcode case_opcode(const op_case& k, bool op3) {
    return *cm::find_opcode(op3 ? cm::category::alu_op3 : cm::category::alu_op2, k.mnemonic);
}

// The OP2 and OP3 cases whose opcodes have value kernels, each a group writing its own GPR (R4
// on), in table order.
constexpr std::vector<cx::item> value_cases_program() {
    std::vector<cx::item> groups;
    for (const bool op3 : {false, true})
        for (const op_case& k : op3 ? std::span<const op_case>(op3_cases) : std::span<const op_case>(op2_cases))
            if (cx::values::op_supported(case_opcode(k, op3)))
                groups.push_back(case_group(k, op3, static_cast<std::uint32_t>(4 + groups.size())));
    return clause_program(groups);
}

// Every opcode with a value kernel (once, in table order), on per-lane GPRs (lane_values), through
// the modifiers and sources the kernels handle: NEG, ABS, CLAMP, OMOD, WRITE_MASK off, PV, kcache
// constants (bank 0, LOCK_1), inline constants, the literal; three slots a group, the empty
// channel moving (its PV becomes 0); results go to fresh GPRs (R8 on) or, every third group, back
// into R0-R3, so that later groups read computed values too.
constexpr std::vector<cx::item> value_lanes_program() {
    std::vector<std::pair<cm::opcode, bool>> ops;
    for (const bool op3 : {false, true})
        for (const op_case& k : op3 ? std::span<const op_case>(op3_cases) : std::span<const op_case>(op2_cases)) {
            const cm::opcode op = case_opcode(k, op3);
            if (!cx::values::op_supported(op)) continue;
            bool seen = false;
            for (const auto& [o, b] : ops) seen = seen || o == op;
            if (!seen) ops.push_back({op, op3});
        }
    // The reductions: DOT4, DOT4_IEEE, MAX4 over four slots, and DOT4 in X-Z with MAX4 in W (only
    // the first reduction of a group combines its slots).
    const auto op2 = [](std::string_view m) { return *cm::find_opcode(cm::category::alu_op2, m); };
    const std::size_t reductions = ops.size();
    for (const std::string_view m : {"DOT4", "DOT4_IEEE", "MAX4", "DOT4", "DOT4", "DOT4", "MAX4"}) ops.push_back({op2(m), false});
    constexpr std::string_view sel[] = {"SRC0_SEL", "SRC1_SEL", "SRC2_SEL"}, chan[] = {"SRC0_CHAN", "SRC1_CHAN", "SRC2_CHAN"};
    constexpr std::string_view neg[] = {"SRC0_NEG", "SRC1_NEG", "SRC2_NEG"}, abs[] = {"SRC0_ABS", "SRC1_ABS"};
    std::vector<cx::item> groups;
    for (std::size_t i = 0; i < ops.size();) {
        const std::size_t g = groups.size();
        const bool full = i >= reductions, same = full && i < reductions + 3;  // four slots; all of one op
        cx::item item{};
        item.kind = cx::item_kind::group;
        item.cf = cm::make(*cm::find_opcode(cm::category::cf_alu, "ALU"));
        item.locks[0] = {0, 1, 0};
        item.literals = {0x40490FDBu, 0x80000000u, 7u, 0xC0800000u};  // pi, -0, 7, -4
        const auto dst = static_cast<std::uint32_t>(g % 3 == 2 ? (g / 3) % 4 : 8 + g);
        for (std::uint32_t c = 0; c < 4 && i < ops.size(); ++c) {
            if (c == g % 4 && !full) continue;  // the empty channel
            const auto [op, op3] = ops[i];
            cm::instruction in = cm::make(op);
            for (std::uint32_t n = 0; n < cm::info(op).sources; ++n) {
                std::uint32_t s = static_cast<std::uint32_t>((i + n) % 4), e = static_cast<std::uint32_t>((i + 2 * n + c) % 4);  // R0-R3
                if (n == 1 && i % 5 == 1) s = 128 + static_cast<std::uint32_t>(i % 2);       // KC0[0], KC0[1]
                else if (n == 1 && i % 5 == 2 && g > 0) s = 254;                             // PV
                else if (n == 2 && i % 4 == 3) s = 248 + static_cast<std::uint32_t>(i % 5);  // 0.0, 1.0, 1, -1, 0.5
                else if (n == 0 && i % 7 == 6) s = 253;                                      // the literal
                in = cm::set(in, sel[n], s).value();
                in = cm::set(in, chan[n], e).value();
                if ((i + n) % 3 == 0) in = cm::set(in, neg[n], 1).value();
                if (!op3 && n < 2 && (i + n) % 4 == 1) in = cm::set(in, abs[n], 1).value();
            }
            in = cm::set(in, "DST_GPR", dst).value();
            in = cm::set(in, "DST_CHAN", c).value();
            in = cm::set(in, "CLAMP", i % 2).value();
            if (!op3) {
                in = cm::set(in, "WRITE_MASK", i % 6 == 5 ? 0 : 1).value();
                in = cm::set(in, "OMOD", static_cast<std::uint32_t>(i % 4)).value();
            }
            item.slots[item.count++] = in;
            if (!same) ++i;
        }
        if (same) ++i;
        item.slots[item.count - 1] = cm::set(item.slots[item.count - 1], "LAST", 1).value();
        groups.push_back(item);
    }
    return clause_program(groups);
}

// R0-R3 of each lane: special floats (zeros, NaNs quiet and signalling, infinities, a denormal,
// max, halves) and integers, in a different order for each element.
inline constexpr std::uint32_t special_values[] = {0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0x7FC00000,
                                                   0xFFA00001, 0x7F800000, 0xFF800000, 0x00000001, 0x7F7FFFFF, 0x4F32D05E,
                                                   0xC0200000, 0x40200000, 0x12345678, 0xFFFFFFFF};
template <std::size_t W>
void lane_values(cx::machine<W>& m) {
    for (std::uint32_t r = 0; r < 4; ++r)
        for (std::uint32_t c = 0; c < 4; ++c)
            for (std::size_t l = 0; l < W; ++l) m.row(cx::row::gpr(r, c))[l] = special_values[(l + 5 * r + 3 * c + l / 16) % 16];
}
inline void value_constants(cx::environment& env) {
    env.set_constant(0, 0, {0x7FC00001u, 0x80000000u, 0x40200000u, 0xFFFFFFFFu});
    env.set_constant(0, 1, {0x3F000000u, 0x00000001u, 0xFF800000u, 5u});
}

constexpr std::size_t op2_count = std::size(op2_cases), op3_count = std::size(op3_cases), half = op2_count / 2;

// Whether two result words agree: the same bits or, with `any_nan`, both NaN. (Where a float
// operation has two NaN operands, which payload it passes on is the compiler's choice, in the
// interpreter as in the compiled code: IEEE 754 leaves it open, and GCC commutes a * b.)
[[nodiscard]] inline bool same_word(std::uint32_t a, std::uint32_t b, bool any_nan) {
    const auto nan = [](std::uint32_t x) { return (x & 0x7F800000u) == 0x7F800000u && (x & 0x007FFFFFu) != 0; };
    return a == b || (any_nan && nan(a) && nan(b));
}

template <auto Program, std::size_t W>
void check_parity(void (*init)(cx::machine<W>&), void (*init_env)(cx::environment&) = nullptr, bool any_nan = false) {
    cx::machine<W> interpreted(Program.instructions), compiled(Program.instructions);
    init(interpreted);
    init(compiled);
    cx::environment e1, e2;
    if (init_env) init_env(e1), init_env(e2);
    const auto s1 = interpreted.run(e1);
    const auto s2 = cx::compiled<Program, W>::run(compiled, e2);
    REQUIRE(s1.ok());
    REQUIRE(s2.ok());
    for (std::uint32_t r = 0; r < cx::row::count; ++r)
        for (std::size_t l = 0; l < W; ++l) {
            INFO("row " << r << " lane " << l);
            REQUIRE(same_word(interpreted.row(r)[l], compiled.row(r)[l], any_nan));
        }
    CHECK(e1.exports == e2.exports);
    CHECK(e1.lds == e2.lds);
    CHECK(e1.memory == e2.memory);
    CHECK(e1.gs_events == e2.gs_events);
    CHECK(e1.interrupts == e2.interrupts);
}

}  // namespace cayman_exec_cases
