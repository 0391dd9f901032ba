// SPDX-License-Identifier: MIT
// The interpreter's fast path, written once for every ISA: an operation that has a kernel over row
// values (value_rows.hpp, the compiled path's) runs on the machine's rows a SIMD register of lanes
// at a time: the rows it reads loaded as vectors (a source modifier applied as a mask), the ISA's
// value kernel run on them, its results stored back under the lane mask. The interpreter then runs
// the compiled path's arithmetic, chosen once per instruction rather than once per lane, so the two
// paths give the same bits by construction.
//
// A value kernel sees its descriptor as a template argument. The interpreter's descriptors are
// known at run time, so an ISA names a finite set of FORMS: each a kernel over value rows
// [0, row_count) of its own numbering (e.g. "MUL reading value rows 0 and 1, writing 2"), and at
// run time a BINDING says where the form's value rows are in the machine for one instruction.
//
// What an ISA provides (static members of one struct K, usually its values struct or its traits):
//
//   static constexpr std::size_t row_count;   the value rows a form sees (at most 32)
//   static constexpr std::size_t row_forms;   the number of forms, numbered [0, row_forms)
//   static constexpr std::uint32_t row_reads(std::size_t form);   bit i: form loads value row i
//   static constexpr std::uint32_t row_writes(std::size_t form);  bit i: form stores value row i
//   template <std::size_t Form, class Rows> static void row_kernel(Rows& r);
//       the form's value kernel on r.row[0 .. row_count) (Rows is value_rows<row_count, B>); the
//       value kernel of the compiled path instantiated for the form's descriptor, forced inline.
//
// For an ISA whose instruction is one form (the straight runs' hook, plain_alu below), also:
//
//   using descriptor = ...;
//   static constexpr std::size_t row_form(const descriptor& d);   its form, row_forms when none
//   template <class View> static source row_source(const descriptor& d, const View& v, std::size_t i);
//       where value row i (a row the form reads) is loaded from for d over the view's lanes
//   template <class View> static target row_target(const descriptor& d, const View& v, std::size_t i);
//       where value row i (a row the form writes) is stored (to null: not stored)
//   (i is a constant once inlined: the path asks only for the rows the form reads and writes, so
//   that a binding is a few registers built where it is used, not arrays in memory.)
//
// An ISA whose instruction is several forms (Cayman's groups of slots) fills a binding for each
// itself (once, when the machine is built, is cheapest) and calls run_rows or kernel_of<K, N>(form).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "lanes.hpp"
#include "value_rows.hpp"

namespace ctisa::exec::row_path {

// Lanes a value row holds for a view of N lanes: one SIMD register, fewer when N is smaller; 0
// when N is no multiple of a vector of at least 4 lanes (the interpreter's general kernels run).
template <std::size_t N>
inline constexpr std::size_t block = [] {
    std::size_t b = simd_register_bytes / sizeof(lane_word);
    while (b >= 4 && N % b != 0) b /= 2;
    return b >= 4 ? b : 0;
}();

// Where one value row is loaded from (its first lane where the view's lanes start), read as
// (w & keep) ^ flip: ABS, NEG, NOT.
struct source {
    const lane_word* row = nullptr;
    lane_word keep = lane_on, flip = 0;
};
// Where one value row is stored: `to`, and `also` unless null (`to` null: not stored).
struct target {
    lane_word* to = nullptr;
    lane_word* also = nullptr;
};

// Where a form's value rows are for one run: value row i loaded from `from[i]` (with keep[i],
// flip[i] as in `source`), stored to `to[i]` and `also[i]` (null: not stored there). A store may
// name a row the form loads: every value row of a block of lanes is loaded before any is stored.
template <std::size_t Rows>
struct binding {
    std::array<const lane_word*, Rows> from{};
    std::array<lane_word, Rows> keep{}, flip{};
    std::array<lane_word*, Rows> to{}, also{};
    bool modified = false;  // some keep or flip is not the identity

    constexpr void read(std::size_t i, const lane_word* row, lane_word keep_bits = lane_on, lane_word flip_bits = 0) noexcept {
        from[i] = row, keep[i] = keep_bits, flip[i] = flip_bits;
        modified = modified || keep_bits != lane_on || flip_bits != 0;
    }
    constexpr void read(std::size_t i, const source& s) noexcept { read(i, s.row, s.keep, s.flip); }
    constexpr void write(std::size_t i, lane_word* row, lane_word* second = nullptr) noexcept { to[i] = row, also[i] = second; }
    constexpr void write(std::size_t i, const target& t) noexcept { write(i, t.to, t.also); }
};

// The set bits of Bits, lowest first.
template <std::uint32_t Bits>
inline constexpr auto bits_of = [] {
    std::array<std::size_t, std::popcount(Bits)> out{};
    for (std::size_t i = 0, k = 0; i < 32; ++i)
        if ((Bits >> i) & 1u) out[k++] = i;
    return out;
}();

// f(std::integral_constant<std::size_t, I>{}) for each set bit I of Bits.
template <std::uint32_t Bits, class F>
CTISA_EXEC_INLINE void each_bit(F&& f) {
    [&]<std::size_t... J>(std::index_sequence<J...>) CTISA_EXEC_INLINE_LAMBDA {
        (f(std::integral_constant<std::size_t, bits_of<Bits>[J]> {}), ...);
    }(std::make_index_sequence<bits_of<Bits>.size()>{});
}

// Form F of K over the n lanes of binding b (a local, or a copy: the stores could alias the
// caller's, and the compiler would read it again after each), B lanes a vector (n a multiple),
// its results stored for the lanes of `active` (every lane when `all`). Only the entries of the
// rows F reads and writes are used, each by a constant index, so that a binding built in the same
// function stays in registers.
template <class K, std::size_t F, std::size_t B>
CTISA_EXEC_INLINE void run_loop(const binding<K::row_count>& b, std::size_t n, const lane_word* active, bool all) noexcept {
    constexpr std::uint32_t reads = K::row_reads(F), writes = K::row_writes(F);
    static_assert(B != 0 && K::row_count <= 32);
    using rows = value_rows<K::row_count, B>;
    const auto loop = [&](auto modified) CTISA_EXEC_INLINE_LAMBDA {
        for (std::size_t l = 0; l < n; l += B) {
            rows r{};
            each_bit<reads>([&](auto i) CTISA_EXEC_INLINE_LAMBDA {
                r.row[i] = load_chunk<typename rows::bits>(b.from[i] + l);
                if constexpr (decltype(modified)::value) r.row[i] = (r.row[i] & b.keep[i]) ^ b.flip[i];
            });
            K::template row_kernel<F>(r);
            each_bit<writes>([&](auto i) CTISA_EXEC_INLINE_LAMBDA {
                if (b.to[i]) store_chunk(b.to[i] + l, r.row[i], active + l, all);
                if (b.also[i]) store_chunk(b.also[i] + l, r.row[i], active + l, all);
            });
        }
    };
    if (b.modified) loop(std::true_type{});
    else loop(std::false_type{});
}

// Form F of K over the n lanes of binding b, B lanes a vector (n a multiple). One function for
// every view width with the same vector (64 and 256 lanes alike: a copy per width cost a Cayman
// executor TU a fifth more to compile), for ISAs that bind once and call it straight.
template <class K, std::size_t F, std::size_t B>
[[gnu::noinline]] void run_rows(const binding<K::row_count>& b, std::size_t n, const lane_word* active, bool all) noexcept {
    const binding<K::row_count> local = b;
    run_loop<K, F, B>(local, n, active, all);
}

// Form F of K over the N lanes of binding b (block<N> != 0).
template <class K, std::size_t F, std::size_t N>
void run(const binding<K::row_count>& b, const lane_word* active, bool all) noexcept {
    run_rows<K, F, block<N>>(b, N, active, all);
}

template <class K>
using kernel = void (*)(const binding<K::row_count>& b, const lane_word* active, bool all);

// Each form's function over N lanes (block<N> != 0).
template <class K, std::size_t N>
inline constexpr auto kernels = []<std::size_t... F>(std::index_sequence<F...>) {
    return std::array<kernel<K>, sizeof...(F)>{&run<K, F, N>...};
}(std::make_index_sequence<K::row_forms>{});

// Form `form`'s function over N lanes.
template <class K, std::size_t N>
[[nodiscard]] constexpr kernel<K> kernel_of(std::size_t form) noexcept {
    return kernels<K, N>[form];
}

// An instruction that is one form, over the view's lanes, in one function: bound through the ISA's
// row_source and row_target for the rows the form uses (constant indices: the binding is a few
// registers, nothing zeroed or built in memory), then the loop over the view's lanes, their number
// a constant. (Bound by a function the ISA fills and run through a second, not inlined, with the
// lanes a run-time count, this cost int_chain/16 a fifth of its rate, measured on Valhall.)
template <class K, std::size_t F, class View>
void run_instruction(const typename K::descriptor& d, const View& v, const lane_word* active, bool all) noexcept {
    binding<K::row_count> b;
    each_bit<K::row_reads(F)>([&](auto i) CTISA_EXEC_INLINE_LAMBDA { b.read(i, K::row_source(d, v, i)); });
    each_bit<K::row_writes(F)>([&](auto i) CTISA_EXEC_INLINE_LAMBDA { b.write(i, K::row_target(d, v, i)); });
    run_loop<K, F, block<View::lanes>>(b, View::lanes, active, all);
}

// The straight runs' kernel of d (an ISA's traits::plain_alu, exec/traits.hpp) when d is a form
// of K and the view's lanes are whole value rows, else null. Asked once per instruction when the
// machine is built.
template <class K, class View>
[[nodiscard]] auto plain_alu(const typename K::descriptor& d) noexcept
    -> void (*)(const typename K::descriptor&, const View&, const lane_word*, bool) {
    using fn = void (*)(const typename K::descriptor&, const View&, const lane_word*, bool);
    if constexpr (block<View::lanes> == 0) {
        return (void)d, nullptr;
    } else {
        static constexpr auto table = []<std::size_t... F>(std::index_sequence<F...>) {
            return std::array<fn, sizeof...(F)>{&run_instruction<K, F, View>...};
        }(std::make_index_sequence<K::row_forms>{});
        const std::size_t form = K::row_form(d);
        return form < K::row_forms ? table[form] : nullptr;
    }
}

}  // namespace ctisa::exec::row_path
