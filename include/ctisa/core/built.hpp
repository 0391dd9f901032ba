// SPDX-License-Identifier: MIT
// built<T>: what a typed builder returns (see builder.hpp), kept apart from the builder machinery
// so that encoders can take it without including Boost.Hana.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "bits.hpp"
#include "error.hpp"
#include "result.hpp"

namespace ctisa {

// The words a builder encodes along with an instruction, for ISAs whose T::built_encoding it is;
// `fits` is 0 where it could not (encode() then does it the long way and says why). A full word,
// not a bool: a byte flag copied with its padding as one wide load was a store-forwarding stall.
template <std::size_t N>
struct carried_words {
    std::array<std::uint64_t, N> words{};
    std::uint64_t fits = 0;
};

namespace detail {

struct no_carried_encoding {};

// What a built T carries besides the result: T::built_encoding where the ISA names one (the
// encoding its builders compute along with the instruction), nothing otherwise.
template <class T>
constexpr auto carried_encoding_of() noexcept {
    if constexpr (requires { typename T::built_encoding; }) return typename T::built_encoding{};
    else return no_carried_encoding{};
}

}  // namespace detail

// What a typed builder returns: an instruction that has passed the ISA's validate(), or the
// error that stopped it. Read-only, so it stays valid, and encoders take it without validating
// again (validation once). It reads like the result<T> it converts to. Where the ISA lets its
// builders encode as they build, it also carries that encoding, and encoding it is a copy.
template <class T>
class built {
public:
    using encoding = decltype(detail::carried_encoding_of<T>());

    // Only for builders: `r` holds an instruction validate() accepted, or an error.
    [[nodiscard]] static constexpr built trusted(const result<T>& r) noexcept { return built(r, encoding{}); }
    // Only for builders: `value` passed validate(), and `e` is what it encodes to.
    [[nodiscard]] static constexpr built trusted(const T& value, const encoding& e) noexcept { return built(value, e); }

    [[nodiscard]] constexpr bool ok() const noexcept { return r_.ok(); }
    [[nodiscard]] constexpr explicit operator bool() const noexcept { return r_.ok(); }
    [[nodiscard]] constexpr const ctisa::error& error() const noexcept { return r_.error(); }
    [[nodiscard]] constexpr const T& value() const { return r_.value(); }
    [[nodiscard]] constexpr const T& operator*() const noexcept { return *r_; }
    [[nodiscard]] constexpr const T* operator->() const noexcept { return r_.operator->(); }
    constexpr operator const result<T>&() const noexcept { return r_; }  // NOLINT: reads as a result
    // For encoders: the builder's encoding (empty where it gave none).
    [[nodiscard]] constexpr const encoding& carried() const noexcept { return e_; }

private:
    constexpr built(const result<T>& r, const encoding& e) noexcept : r_(r), e_(e) {}
    constexpr built(const T& value, const encoding& e) noexcept : r_(std::in_place, value), e_(e) {}  // no result copied
    result<T> r_;
    [[no_unique_address]] encoding e_;
};

// The bytes of a builder's result, for every ISA whose builders carry their encoding: its error
// passed on; the carried words where they fit; else encode_valid(*in), the ISA's encoder of a
// valid instruction (giving its words, or the error of a field that does not fit).
template <class T, class EncodeValid>
[[nodiscard]] constexpr auto encode_built(const built<T>& in, EncodeValid encode_valid) noexcept
    -> result<decltype(to_bytes(in.carried().words))> {
    if (!in) return in.error();
    if (in.carried().fits) return to_bytes(in.carried().words);
    const result<decltype(in.carried().words)> w = encode_valid(*in);
    if (!w) return w.error();
    return to_bytes(*w);
}

}  // namespace ctisa
