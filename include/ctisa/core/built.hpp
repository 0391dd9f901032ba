// SPDX-License-Identifier: MIT
// built<T>: what a typed builder returns (see builder.hpp), kept apart from the builder machinery
// so that encoders can take it without including Boost.Hana.
#pragma once

#include "error.hpp"
#include "result.hpp"

namespace ctisa {

// What a typed builder returns: an instruction that has passed the ISA's validate(), or the
// error that stopped it. Read-only, so it stays valid, and encoders take it without validating
// again (validation once). It reads like the result<T> it converts to.
template <class T>
class built {
public:
    // Only for builders: `r` holds an instruction validate() accepted, or an error.
    [[nodiscard]] static constexpr built trusted(const result<T>& r) noexcept { return built(r); }

    [[nodiscard]] constexpr bool ok() const noexcept { return r_.ok(); }
    [[nodiscard]] constexpr explicit operator bool() const noexcept { return r_.ok(); }
    [[nodiscard]] constexpr const ctisa::error& error() const noexcept { return r_.error(); }
    [[nodiscard]] constexpr const T& value() const { return r_.value(); }
    [[nodiscard]] constexpr const T& operator*() const noexcept { return *r_; }
    [[nodiscard]] constexpr const T* operator->() const noexcept { return r_.operator->(); }
    constexpr operator const result<T>&() const noexcept { return r_; }  // NOLINT: reads as a result

private:
    constexpr explicit built(const result<T>& r) noexcept : r_(r) {}
    result<T> r_;
};

}  // namespace ctisa
