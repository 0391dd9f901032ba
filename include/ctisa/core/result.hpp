// SPDX-License-Identifier: MIT
// result<T>: a value or an error, usable in constant evaluation (std::expected is C++23).
#pragma once

#include <type_traits>
#include <utility>

#include "error.hpp"

#if defined(__cpp_exceptions)
#include <stdexcept>
#include <string>
#endif

namespace ctisa {

#if defined(__cpp_exceptions)
class bad_result_access : public std::runtime_error {
public:
    explicit bad_result_access(const error& e) : std::runtime_error(std::string(e.message())), error_(e) {}
    [[nodiscard]] const ctisa::error& error() const noexcept { return error_; }

private:
    ctisa::error error_;
};
#endif

namespace detail {
// Asking for the value of a failed result: a compile error in constant evaluation (naming the
// rule), an exception (or termination without exceptions) at run time.
[[noreturn]] inline void bad_access(const error& e) {
#if defined(__cpp_exceptions)
    throw bad_result_access(e);
#else
    (void)e;
    __builtin_trap();
#endif
}
}  // namespace detail

template <class T>
class result {
    static_assert(std::is_default_constructible_v<T>, "result<T> needs a default-constructible T");

public:
    constexpr result() = default;
    constexpr result(T value) noexcept(std::is_nothrow_move_constructible_v<T>)  // NOLINT: implicit by design
        : value_(std::move(value)) {}
    constexpr result(ctisa::error e) noexcept : error_(e) {}  // NOLINT: implicit by design

    [[nodiscard]] constexpr bool ok() const noexcept { return !error_.failed(); }
    [[nodiscard]] constexpr explicit operator bool() const noexcept { return ok(); }
    [[nodiscard]] constexpr const ctisa::error& error() const noexcept { return error_; }

    [[nodiscard]] constexpr const T& value() const& {
        if (!ok()) fail();
        return value_;
    }
    [[nodiscard]] constexpr T& value() & {
        if (!ok()) fail();
        return value_;
    }
    [[nodiscard]] constexpr T&& value() && {
        if (!ok()) fail();
        return std::move(value_);
    }
    [[nodiscard]] constexpr const T& operator*() const& noexcept { return value_; }
    [[nodiscard]] constexpr T& operator*() & noexcept { return value_; }
    [[nodiscard]] constexpr const T* operator->() const noexcept { return &value_; }
    [[nodiscard]] constexpr T* operator->() noexcept { return &value_; }

private:
    constexpr void fail() const {
        if (std::is_constant_evaluated()) {
            diagnostic::raise(error_.code);
        } else {
            detail::bad_access(error_);
        }
    }

    T value_{};
    ctisa::error error_{};
};

}  // namespace ctisa
