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

namespace detail {

// What error() answers for a success.
inline constexpr error no_error{};

// One or the other: a success writes only its value and the flag, not a whole error (~70 bytes,
// which decoders and builders used to write into every result). For trivially copyable T: a
// trivial assignment makes its member the union's active one, as constant evaluation allows
// (C++20), and nothing needs destroying.
template <class T>
class either_storage {
    union members {
        T value;
        error failure;
        constexpr explicit members(std::in_place_index_t<0>, const T& v) noexcept : value(v) {}
        constexpr explicit members(std::in_place_index_t<1>, const error& e) noexcept : failure(e) {}
    };

public:
    constexpr either_storage() noexcept : m_(std::in_place_index<0>, T{}) {}
    constexpr explicit either_storage(const T& v) noexcept : m_(std::in_place_index<0>, v) {}
    // An error that is not a failure (error{}) makes a success holding T{}, as it always did.
    constexpr explicit either_storage(const error& e) noexcept
        : m_(e.failed() ? members(std::in_place_index<1>, e) : members(std::in_place_index<0>, T{})), ok_(!e.failed()) {}

    // Copies move only the active member: copying the whole union read bytes a success never
    // wrote (a stalled load right after the callee's narrow store).
    constexpr either_storage(const either_storage& o) noexcept
        : m_(o.ok_ ? members(std::in_place_index<0>, o.m_.value) : members(std::in_place_index<1>, o.m_.failure)), ok_(o.ok_) {}
    constexpr either_storage& operator=(const either_storage& o) noexcept {
        if (std::is_constant_evaluated())  // Clang changes the active member only by assigning the union
            m_ = o.ok_ ? members(std::in_place_index<0>, o.m_.value) : members(std::in_place_index<1>, o.m_.failure);
        else if (o.ok_)  // trivial assignments: each makes its member the active one
            m_.value = o.m_.value;
        else m_.failure = o.m_.failure;
        ok_ = o.ok_;
        return *this;
    }

    [[nodiscard]] constexpr bool ok() const noexcept { return ok_; }
    [[nodiscard]] constexpr const error& failure() const noexcept { return ok_ ? no_error : m_.failure; }
    [[nodiscard]] constexpr T& value() noexcept {
        check();
        return m_.value;
    }
    [[nodiscard]] constexpr const T& value() const noexcept {
        check();
        return m_.value;
    }

private:
    // Reading the value of a failure reads the union's inactive member: constant evaluation
    // rejects it; CTISA_CHECKED_RESULT makes it a trap at run time too (for test builds).
    constexpr void check() const noexcept {
#if defined(CTISA_CHECKED_RESULT)
        if (!ok_ && !std::is_constant_evaluated()) __builtin_trap();
#endif
    }

    members m_;
    bool ok_ = true;
};

// Both, for T that is not trivially copyable (vectors, strings: whole programs, never a hot
// path): making such a T the active member in constant evaluation needs std::construct_at, and
// with it <memory> in every translation unit.
template <class T>
class both_storage {
public:
    constexpr both_storage() = default;
    constexpr explicit both_storage(T v) noexcept(std::is_nothrow_move_constructible_v<T>) : value_(std::move(v)) {}
    constexpr explicit both_storage(const error& e) noexcept : failure_(e) {}

    [[nodiscard]] constexpr bool ok() const noexcept { return !failure_.failed(); }
    [[nodiscard]] constexpr const error& failure() const noexcept { return failure_; }
    [[nodiscard]] constexpr T& value() noexcept { return value_; }
    [[nodiscard]] constexpr const T& value() const noexcept { return value_; }

private:
    T value_{};
    error failure_{};
};

template <class T>
using result_storage = std::conditional_t<std::is_trivially_copyable_v<T> && std::is_copy_assignable_v<T>, either_storage<T>, both_storage<T>>;

}  // namespace detail

// A value or the error that stopped it. operator* and -> assume ok() (value() checks it).
template <class T>
class result {
    static_assert(std::is_default_constructible_v<T>, "result<T> needs a default-constructible T");

public:
    constexpr result() = default;
    constexpr result(T value) noexcept(std::is_nothrow_move_constructible_v<T>)  // NOLINT: implicit by design
        : s_(std::move(value)) {}
    constexpr result(ctisa::error e) noexcept : s_(e) {}  // NOLINT: implicit by design
    // The value copied straight into place: through result(T)'s parameter, a builder's instruction
    // went by a stack temporary, stored in two wide pieces and loaded as one (a forwarding stall).
    constexpr result(std::in_place_t, const T& value) noexcept(std::is_nothrow_copy_constructible_v<T>) : s_(value) {}

    [[nodiscard]] constexpr bool ok() const noexcept { return s_.ok(); }
    [[nodiscard]] constexpr explicit operator bool() const noexcept { return ok(); }
    [[nodiscard]] constexpr const ctisa::error& error() const noexcept { return s_.failure(); }

    [[nodiscard]] constexpr const T& value() const& {
        if (!ok()) fail();
        return s_.value();
    }
    [[nodiscard]] constexpr T& value() & {
        if (!ok()) fail();
        return s_.value();
    }
    [[nodiscard]] constexpr T&& value() && {
        if (!ok()) fail();
        return std::move(s_.value());
    }
    [[nodiscard]] constexpr const T& operator*() const& noexcept { return s_.value(); }
    [[nodiscard]] constexpr T& operator*() & noexcept { return s_.value(); }
    [[nodiscard]] constexpr const T* operator->() const noexcept { return &s_.value(); }
    [[nodiscard]] constexpr T* operator->() noexcept { return &s_.value(); }

private:
    constexpr void fail() const {
        if (std::is_constant_evaluated()) {
            diagnostic::raise(error().code);
        } else {
            detail::bad_access(error());
        }
    }

    detail::result_storage<T> s_;
};

}  // namespace ctisa
