// SPDX-License-Identifier: MIT
// One unit of an AMD IL program: an instruction packet (an opcode token and every token it calls
// for), or the header (the language and version tokens). Kept as its tokens, so that whatever a real
// binary carries (default-content modifier tokens, opaque IL_Rel_Addr tokens) survives a round trip.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

namespace ctisa::amdil {

// The longest packet ctisa holds: longer comments and immediate constant buffers are refused with an
// error (operand_limit), never cut.
inline constexpr std::size_t max_packet_dwords = 64;

struct instruction {
    std::array<std::uint32_t, max_packet_dwords> words{};
    std::uint8_t size = 0;  // dwords in use
    bool header = false;    // the language and version tokens

    [[nodiscard]] constexpr std::span<const std::uint32_t> tokens() const noexcept { return {words.data(), size}; }
    friend constexpr bool operator==(const instruction&, const instruction&) = default;
};

// The packet's bytes in memory order (little-endian tokens).
struct packet_bytes {
    std::array<std::uint8_t, max_packet_dwords * 4> bytes{};
    std::size_t count = 0;
    [[nodiscard]] constexpr const std::uint8_t* begin() const noexcept { return bytes.data(); }
    [[nodiscard]] constexpr const std::uint8_t* end() const noexcept { return bytes.data() + count; }
    [[nodiscard]] constexpr std::size_t size() const noexcept { return count; }
};

[[nodiscard]] constexpr packet_bytes to_bytes(const instruction& in) noexcept {
    packet_bytes out;
    if constexpr (std::endian::native == std::endian::little) {
        // The tokens' own bytes, the rest zero, in one pass of fixed length that vectorises (a copy
        // of `size` dwords then read back whole was a store-forwarding stall).
        std::array<std::uint32_t, max_packet_dwords> tokens{};
        for (std::size_t i = 0; i < max_packet_dwords; ++i) tokens[i] = i < in.size ? in.words[i] : 0u;
        out.bytes = std::bit_cast<decltype(out.bytes)>(tokens);
        out.count = std::size_t{std::min(in.size, static_cast<std::uint8_t>(max_packet_dwords))} * 4;
        return out;
    }
    for (std::size_t i = 0; i < in.size; ++i)
        for (unsigned b = 0; b < 4; ++b) out.bytes[out.count++] = static_cast<std::uint8_t>(in.words[i] >> (8 * b));
    return out;
}

}  // namespace ctisa::amdil
