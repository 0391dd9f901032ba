// SPDX-License-Identifier: MIT
// A vector with a fixed capacity, usable in constant evaluation (no allocation).
#pragma once

#include <array>
#include <cstddef>

namespace ctisa {

template <class T, std::size_t Capacity>
class static_vector {
public:
    using value_type = T;

    constexpr static_vector() = default;

    // Returns false instead of writing past the end: callers turn that into an error.
    [[nodiscard]] constexpr bool push_back(const T& value) noexcept {
        if (size_ == Capacity) return false;
        items_[size_++] = value;
        return true;
    }

    constexpr void clear() noexcept { size_ = 0; }
    [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
    [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] static constexpr std::size_t capacity() noexcept { return Capacity; }

    [[nodiscard]] constexpr T& operator[](std::size_t i) noexcept { return items_[i]; }
    [[nodiscard]] constexpr const T& operator[](std::size_t i) const noexcept { return items_[i]; }
    [[nodiscard]] constexpr T* begin() noexcept { return items_.data(); }
    [[nodiscard]] constexpr T* end() noexcept { return items_.data() + size_; }
    [[nodiscard]] constexpr const T* begin() const noexcept { return items_.data(); }
    [[nodiscard]] constexpr const T* end() const noexcept { return items_.data() + size_; }
    [[nodiscard]] constexpr const T* data() const noexcept { return items_.data(); }

private:
    std::array<T, Capacity> items_{};
    std::size_t size_ = 0;
};

}  // namespace ctisa
