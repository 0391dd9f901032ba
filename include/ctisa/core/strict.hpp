// SPDX-License-Identifier: MIT
// Strict decoding without re-encoding. An ISA describes, per instruction, what an accepted
// encoding looks like: the bits that must hold fixed (canonical) values, and the small fields
// whose values must be in an allowed set (defined enum entries, non-zero masks). Both are computed
// at compile time from its descriptors; checking a word is then one AND and one compare per word,
// and one shift and test per listed field, instead of encoding the decoded instruction again.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "bits.hpp"

namespace ctisa {

template <std::size_t Words, std::size_t MaxFields>
struct strict_plan {
    std::array<std::uint64_t, Words> fixed_mask{};   // bits whose value is fixed
    std::array<std::uint64_t, Words> fixed_value{};  // and their values
    std::array<bit_field, MaxFields> fields{};       // fields of at most 6 bits ...
    std::array<std::uint64_t, MaxFields> allowed{};  // ... and the values they may hold (bit v: v allowed)
    std::size_t field_count = 0;
    // False when the ISA could not describe the instruction this way (it then checks it its
    // slower way, e.g. by encoding again).
    bool exact = true;

    constexpr strict_plan() noexcept = default;
    // Starts from `canonical`, an encoding of the instruction, with every bit fixed.
    constexpr explicit strict_plan(const std::array<std::uint64_t, Words>& canonical) noexcept : fixed_value(canonical) {
        fixed_mask.fill(~std::uint64_t{0});
    }

    // The field may hold any value (or those require() allows).
    constexpr void release(bit_field f) noexcept {
        const std::uint64_t bits = f.max_value() << f.lsb;
        fixed_mask[f.word] &= ~bits;
        fixed_value[f.word] &= ~bits;
    }
    // The field may hold only the values set in `values`.
    constexpr void require(bit_field f, std::uint64_t values) noexcept {
        release(f);
        if (f.width > 6 || field_count == MaxFields) {
            exact = false;
            return;
        }
        fields[field_count] = f;
        allowed[field_count++] = values;
    }
    // True while none of `f`'s bits has been released (for checking that fields overlap nothing).
    [[nodiscard]] constexpr bool still_fixed(bit_field f) const noexcept {
        const std::uint64_t bits = f.max_value() << f.lsb;
        return (fixed_mask[f.word] & bits) == bits;
    }

    [[nodiscard]] constexpr bool admits(const std::array<std::uint64_t, Words>& w) const noexcept {
        std::uint64_t diff = 0;
        for (std::size_t i = 0; i < Words; ++i) diff |= (w[i] & fixed_mask[i]) ^ fixed_value[i];
        if (diff != 0) return false;
        for (std::size_t i = 0; i < field_count; ++i)
            if (((allowed[i] >> extract(w, fields[i])) & 1u) == 0) return false;
        return true;
    }
};

// The set of values v < 2^width for which admit(v) holds, as a bit set (width <= 6).
template <class F>
[[nodiscard]] constexpr std::uint64_t allowed_values(unsigned width, F&& admit) {
    std::uint64_t set = 0;
    for (unsigned v = 0; v < (1u << width) && v < 64; ++v)
        if (admit(v)) set |= std::uint64_t{1} << v;
    return set;
}

}  // namespace ctisa
