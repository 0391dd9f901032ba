// SPDX-License-Identifier: MIT
// code_buffer: the flat, growable byte buffer an emitter writes encoded units into. It grows by a
// quarter of what it holds (at least 256 bytes), so what it keeps stays within 1.25x what was
// written once past the first allocation; reserve() asks for room once. A unit is one copy of a
// fixed-size array into room already checked: for an 8- or 16-byte unit, one or two stores.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

namespace ctisa {

class code_buffer {
public:
    // Appends n bytes from src.
    constexpr void append(const std::uint8_t* src, std::size_t n) {
        if (store_.size() - size_ < n) grow(n);
        copy(store_.data() + size_, src, n);
        size_ += n;
    }
    // Appends N bytes whose count is known when compiled (a unit of a fixed size).
    template <std::size_t N>
    constexpr void append(const std::uint8_t (&src)[N]) {
        append(src, N);
    }
    // Overwrites n bytes at `at`, which were appended before (a branch placed when its label is bound).
    constexpr void overwrite(std::size_t at, const std::uint8_t* src, std::size_t n) { copy(store_.data() + at, src, n); }

    // Room for `bytes` in all without growing.
    constexpr void reserve(std::size_t bytes) {
        if (bytes > store_.size()) resize_store(bytes);
    }
    // Empty, keeping the room.
    constexpr void clear() noexcept { size_ = 0; }

    [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
    // The bytes held (the allocation), for the memory figures.
    [[nodiscard]] constexpr std::size_t capacity() const noexcept { return store_.size(); }
    [[nodiscard]] constexpr std::span<const std::uint8_t> view() const noexcept { return {store_.data(), size_}; }

private:
    static constexpr void copy(std::uint8_t* to, const std::uint8_t* from, std::size_t n) {
        if (std::is_constant_evaluated())
            for (std::size_t i = 0; i < n; ++i) to[i] = from[i];
        else std::memcpy(to, from, n);
    }
    constexpr void grow(std::size_t n) {
        std::size_t want = store_.size() + store_.size() / 4;
        if (want < 256) want = 256;
        if (want < size_ + n) want = size_ + n;
        resize_store(want);
    }
    // std::vector::reserve allocates what it is asked for (its own growth would double).
    constexpr void resize_store(std::size_t bytes) {
        store_.reserve(bytes);
        store_.resize(bytes);
    }

    std::vector<std::uint8_t> store_;  // its size is the room; size_ the bytes written
    std::size_t size_ = 0;
};

}  // namespace ctisa
