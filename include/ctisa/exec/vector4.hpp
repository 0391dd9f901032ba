// SPDX-License-Identifier: MIT
// The four-component operand layer of vector ISAs (ATTILA; the coming Cayman, AMD IL and
// NV_gpu_program4 executors): swizzles, write masks, source modifiers (absolute value, negation)
// and saturation, as constexpr parts of an instruction's descriptor, plus the loads and stores
// kernels use. An ISA decodes its own encodings into these parts (bit orders differ between
// ISAs); everything here is in component order x, y, z, w = 0, 1, 2, 3.
//
// A register of four components is four rows (component c at row base + c); a source reads, for
// each position, the row of the component its swizzle picks.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "kernel.hpp"
#include "lanes.hpp"

namespace ctisa::exec {

// Which component each position of a source reads: .yxzw is {1, 0, 2, 3}.
struct swizzle4 {
    std::array<std::uint8_t, 4> pick{0, 1, 2, 3};

    [[nodiscard]] constexpr unsigned operator[](unsigned position) const noexcept { return pick[position]; }
    [[nodiscard]] constexpr bool operator==(const swizzle4&) const noexcept = default;
    [[nodiscard]] static constexpr swizzle4 broadcast(unsigned component) noexcept {
        const auto c = static_cast<std::uint8_t>(component);
        return {{c, c, c, c}};
    }
    [[nodiscard]] constexpr bool is_identity() const noexcept { return *this == swizzle4{}; }
    // This swizzle applied to an operand already swizzled by `inner` (a swizzled read of a
    // swizzled value): position i reads inner's pick of our pick.
    [[nodiscard]] constexpr swizzle4 after(const swizzle4& inner) const noexcept {
        return {{inner.pick[pick[0]], inner.pick[pick[1]], inner.pick[pick[2]], inner.pick[pick[3]]}};
    }
};

// Which components a result writes: bit c for component c.
struct write_mask4 {
    std::uint8_t bits = 0xF;

    [[nodiscard]] constexpr bool has(unsigned component) const noexcept { return (bits >> component) & 1u; }
    [[nodiscard]] constexpr bool operator==(const write_mask4&) const noexcept = default;
    [[nodiscard]] constexpr unsigned count() const noexcept { return has(0) + has(1) + has(2) + has(3); }
};

// Source modifiers, absolute value then negation, as masks fixed before a loop (no branch in it).
// On floats they are sign-bit operations: exact for every value, NaN stays NaN (its sign flips).
struct float_modifier {
    lane_word and_mask = ~lane_word{0};
    lane_word xor_mask = 0;
    constexpr float_modifier(bool negate, bool absolute) noexcept
        : and_mask(absolute ? 0x7FFFFFFFu : ~lane_word{0}), xor_mask(negate ? 0x80000000u : 0u) {}
    [[nodiscard]] constexpr lane_word operator()(lane_word bits) const noexcept { return (bits & and_mask) ^ xor_mask; }
};
// On integers, two's complement with wrap-around: |INT_MIN| and -INT_MIN are INT_MIN.
struct int_modifier {
    lane_word abs_mask = 0;  // ~0 when |x| is taken
    lane_word neg_mask = 0;  // ~0 when negated
    constexpr int_modifier(bool negate, bool absolute) noexcept
        : abs_mask(absolute ? ~lane_word{0} : 0u), neg_mask(negate ? ~lane_word{0} : 0u) {}
    [[nodiscard]] constexpr lane_word operator()(lane_word x) const noexcept {
        const lane_word sign = (lane_word{0} - (x >> 31)) & abs_mask;  // ~0 for negative x when |x| is taken
        x = (x ^ sign) - sign;
        return (x ^ neg_mask) - neg_mask;
    }
};

// A source resolved to rows: row[i] is the row position i reads (the swizzle applied), with its
// modifiers. `swizzle` is kept for sources whose rows are filled later (gathered per lane).
struct source4 {
    std::array<std::uint32_t, 4> row{};
    swizzle4 swizzle{};
    bool negate = false;
    bool absolute = false;

    [[nodiscard]] constexpr float_modifier float_mod() const noexcept { return {negate, absolute}; }
    [[nodiscard]] constexpr int_modifier int_mod() const noexcept { return {negate, absolute}; }
};

// The rows a swizzled read of the register whose component c is at row base + c reads.
[[nodiscard]] constexpr std::array<std::uint32_t, 4> swizzled_rows(std::uint32_t base, const swizzle4& s) noexcept {
    return {base + s[0], base + s[1], base + s[2], base + s[3]};
}

// Result saturation: clamp to [0, 1], -0 to +0. ISAs differ on NaN, which follows from the order
// of the two comparisons: max(x, 0) first gives 0 (ctisa::exec::saturate, lanes.hpp), min(x, 1)
// first (ATTILA's pseudocode, MIN then MAX) gives 1.
[[nodiscard]] inline float saturate_min_first(float x) noexcept {
    const float m = x < 1.0f ? x : 1.0f;
    return m > 0.0f ? m : 0.0f;
}

// --- loads and stores ---------------------------------------------------------------------------

// One lane of a source as four floats, modifiers applied.
template <class View>
[[nodiscard]] inline std::array<float, 4> load_float4(const View& v, const source4& s, std::size_t lane) noexcept {
    const float_modifier m = s.float_mod();
    std::array<float, 4> r{};
    for (unsigned i = 0; i < 4; ++i) r[i] = as_float(m(v.row(s.row[i])[lane]));
    return r;
}

// K lanes from lane l0 of position i of a source, modifiers applied (float or integer).
template <std::size_t K, class View, class Modifier>
inline void load_lanes(const View& v, const source4& s, unsigned i, std::size_t l0, const Modifier& m, lane_word* out) noexcept {
    const lane_word* r = v.row(s.row[i]) + l0;
    for (std::size_t k = 0; k < K; ++k) out[k] = m(r[k]);
}

// Stores out[c][0, K) to row result_row + c from lane l0, for each component c of the write mask,
// under the lane mask `active` (every lane when all_active). Callers load every source before
// storing, so a result may alias its sources (mov r0, r0.yxzw). Desc is the kernel's descriptor
// view: the interpreter's stores go through one shared function (kernel.hpp, store_bits_for).
template <class Desc, std::size_t K, class View>
CTISA_EXEC_INLINE void store4(const View& v, std::uint32_t result_row, write_mask4 mask, std::size_t l0, const lane_word (&out)[4][K],
                              const lane_word* active, bool all_active) {
    for (unsigned c = 0; c < 4; ++c)
        if (mask.has(c)) store_bits_for<Desc>(v, result_row + c, l0, out[c], K, active, all_active, lane_on);
}

// The same value to every written component (dot products, scalar results).
template <class Desc, std::size_t K, class View>
CTISA_EXEC_INLINE void store4_replicated(const View& v, std::uint32_t result_row, write_mask4 mask, std::size_t l0, const lane_word (&out)[K],
                                         const lane_word* active, bool all_active) {
    for (unsigned c = 0; c < 4; ++c)
        if (mask.has(c)) store_bits_for<Desc>(v, result_row + c, l0, out, K, active, all_active, lane_on);
}

}  // namespace ctisa::exec
