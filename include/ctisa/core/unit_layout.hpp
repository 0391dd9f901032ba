// SPDX-License-Identifier: MIT
// Where the values of an instruction's operands land in its unit, found by asking the ISA's own
// builder when compiled: for builders whose opcode is fixed (a builder object per instruction),
// a JIT's unit is then a constant word with each value shifted into place, at the cost of a few
// instructions (Valhall's and ATTILA's unit()). No encoding fact is written twice: the layout is
// what the builder's encoding does with the values 0, 1 and the largest one.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace ctisa {

template <std::size_t Words, std::size_t Operands>
struct unit_layout {
    std::array<std::uint64_t, Words> base{};       // the unit with every operand's value 0
    std::array<std::uint8_t, Operands> word{};     // operand k's value: bits from `shift` of word[k]
    std::array<std::uint8_t, Operands> shift{};
    std::array<std::uint64_t, Operands> top{};     // the largest value placed so (a larger one: the ISA's way)
    bool usable = false;                           // every operand not placed by the ISA was found
};

// Whether operand k's values 1 and `most` land as a plain field of one word; then recorded.
template <std::size_t Words, class Probe, class Layout>
[[nodiscard]] constexpr bool plain_field(Probe& probe, const std::array<std::uint64_t, Words>& base, std::size_t k, std::uint64_t most,
                                         Layout& out) {
    const auto one = probe(k, 1), all = probe(k, most);
    if (!one || !all) return false;
    std::size_t found = Words;
    for (std::size_t w = 0; w < Words; ++w) {
        const std::uint64_t bit = (*one)[w] ^ base[w], field = (*all)[w] ^ base[w];
        if (bit == 0 && field == 0) continue;
        if (found != Words || !std::has_single_bit(bit)) return false;
        const auto at = static_cast<unsigned>(std::countr_zero(bit));
        if (field != most << at) return false;
        found = w;
        out.word[k] = static_cast<std::uint8_t>(w);
        out.shift[k] = static_cast<std::uint8_t>(at);
    }
    out.top[k] = most;
    return found != Words;
}

// probe(k, v): the unit's words with operand k of value v and every other 0 (k == Operands: all
// 0), nullopt where the builder refuses. top[k]: operand k's largest value. by_isa[k]: an operand
// the ISA places itself (an immediate whose field it names), not probed.
template <std::size_t Words, std::size_t Operands, class Probe>
[[nodiscard]] constexpr unit_layout<Words, Operands> find_unit_layout(Probe probe, const std::array<std::uint64_t, Operands>& top,
                                                                      const std::array<bool, Operands>& by_isa) {
    unit_layout<Words, Operands> out;
    const std::optional<std::array<std::uint64_t, Words>> base = probe(Operands, 0);
    if (!base) return out;
    out.base = *base;
    for (std::size_t k = 0; k < Operands; ++k) {
        if (by_isa[k]) continue;
        // The largest value whose bits are a plain field: top[k], else 2^n - 1 below it (a field
        // whose high bit lies elsewhere, as ATTILA's ninth constant bit).
        bool found = false;
        for (std::uint64_t most = top[k]; !found && most >= 1; most = std::bit_floor(most) - 1)
            found = plain_field<Words>(probe, *base, k, most, out);
        if (!found) return out;
    }
    out.usable = true;
    return out;
}

}  // namespace ctisa
