// SPDX-License-Identifier: MIT
// What a Cayman program reads from and writes to outside its registers, with the defaults the
// executor uses (documented here because the hardware takes them from host-written state):
//   constant(buffer, index)  the kcache constants (four dwords): 0 when the host set none
//   boolean(n)               the CF_CONST boolean of COND BOOL / NOT_BOOL: false
//   loop_constant(n)         the DX9 integer loop constant {trip count, initial aL, step, -}:
//                            zeros (a DX9 loop of zero trips does not run)
//   export_value(...)        EXPORT / EXPORT_DONE, once per active lane and exported register
// Any type with these members can be passed to run().
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ctisa::cayman::exec {

using vec4 = std::array<std::uint32_t, 4>;

// One exported register of one lane: TYPE (0 pixel, 1 position, 2 parameter), the export
// index (ARRAY_BASE + burst), and which elements were written (SEL MASK leaves one out).
struct export_record {
    std::uint8_t type = 0;
    std::uint32_t index = 0;
    std::uint32_t lane = 0;
    vec4 value{};
    std::uint8_t mask = 0xF;
    friend bool operator==(const export_record&, const export_record&) = default;
};

struct environment {
    std::vector<std::vector<vec4>> buffers;  // constant buffers by KCACHE_BANK
    std::array<bool, 32> booleans{};
    std::array<std::array<std::int32_t, 4>, 32> loops{};
    std::vector<export_record> exports;

    [[nodiscard]] vec4 constant(std::uint32_t buffer, std::uint32_t index) const noexcept {
        if (buffer >= buffers.size() || index >= buffers[buffer].size()) return {};
        return buffers[buffer][index];
    }
    // Sets constant `index` of `buffer`, growing the buffers as needed.
    void set_constant(std::uint32_t buffer, std::uint32_t index, const vec4& value) {
        if (buffers.size() <= buffer) buffers.resize(buffer + 1);
        if (buffers[buffer].size() <= index) buffers[buffer].resize(index + 1);
        buffers[buffer][index] = value;
    }
    [[nodiscard]] bool boolean(std::uint32_t n) const noexcept { return n < booleans.size() && booleans[n]; }
    [[nodiscard]] std::array<std::int32_t, 4> loop_constant(std::uint32_t n) const noexcept {
        return n < loops.size() ? loops[n] : std::array<std::int32_t, 4>{};
    }
    void export_value(const export_record& r) { exports.push_back(r); }
};

}  // namespace ctisa::cayman::exec
