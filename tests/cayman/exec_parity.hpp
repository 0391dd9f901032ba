// SPDX-License-Identifier: MIT
// The compiled path's parity tests share these: a program as the template argument compiled<>
// takes (an array of items), the opcode cases as clauses, and the comparison of every register
// row, export and LDS byte of the interpreter and the compiled path after the same run.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
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

constexpr std::size_t op2_count = std::size(op2_cases), op3_count = std::size(op3_cases), half = op2_count / 2;

template <auto Program, std::size_t W>
void check_parity(void (*init)(cx::machine<W>&), void (*init_env)(cx::environment&) = nullptr) {
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
            REQUIRE(interpreted.row(r)[l] == compiled.row(r)[l]);
        }
    CHECK(e1.exports == e2.exports);
    CHECK(e1.lds == e2.lds);
    CHECK(e1.memory == e2.memory);
    CHECK(e1.gs_events == e2.gs_events);
    CHECK(e1.interrupts == e2.interrupts);
}

}  // namespace cayman_exec_cases
