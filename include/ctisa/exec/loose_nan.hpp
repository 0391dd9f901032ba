// SPDX-License-Identifier: MIT
// Which results of a straight program may keep whatever NaN bits the host computes (value kernels
// only; the interpreter ignores the mark). Float arithmetic turns any NaN source into a NaN of its
// own, so a computed NaN that only such arithmetic reads before its row is written again is never
// seen as bits: its instruction need not make it the default NaN, which in a dependent chain costs
// two of a link's latencies. An ISA describes its descriptors to the analysis by a struct:
//
//   static constexpr bool skipped(const D&);      does nothing where it stands
//   static constexpr bool covered(const D&);      has a value kernel
//   static constexpr bool arithmetic(const D&);   covered float arithmetic, as above
//   static constexpr bool reads(const D&, std::uint32_t row);
//   static constexpr bool overwrites(const D&, std::uint32_t row);  writes the whole row, surely
//   static constexpr unsigned results(const D&, std::uint32_t (&rows)[4]);  the rows it writes
//                                      (a plain function: Clang cannot evaluate a member template
//                                      of a class that is not complete where it is called)
//   static constexpr void mark(D&, bool loose);
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace ctisa::exec {

namespace detail {

// Whether `row`, written by instruction i, is read only by arithmetic before it is written again
// (a row still unwritten at the end is seen after the run).
template <class Rules, class D>
[[nodiscard]] constexpr bool unseen(std::span<const D> code, std::size_t i, std::uint32_t row) noexcept {
    for (std::size_t j = i + 1; j < code.size(); ++j) {
        const D& e = code[j];
        if (Rules::skipped(e)) continue;
        if (!Rules::covered(e) || (Rules::reads(e, row) && !Rules::arithmetic(e))) return false;
        if (Rules::overwrites(e, row)) return true;
    }
    return false;
}

}  // namespace detail

template <class Rules, class D>
constexpr void mark_loose_nans(std::span<D> code) noexcept {
    for (std::size_t i = 0; i < code.size(); ++i) {
        if (!Rules::arithmetic(code[i])) continue;
        std::uint32_t rows[4] = {};
        const unsigned n = Rules::results(code[i], rows);
        bool loose = true;
        for (unsigned k = 0; k < n && loose; ++k) loose = detail::unseen<Rules>(std::span<const D>(code), i, rows[k]);
        Rules::mark(code[i], loose);
    }
}

// How many rows the program writes and reads again afterwards: the values a block of the compiled
// value path carries in registers from one instruction to a later one (rows it only reads are
// loaded where they are used, rows it only writes stored at the end), which bounds how many
// blocks fit in the SIMD registers side by side. The same description of the program as above.
// Counts up to `cap` (more would not fit anyway).
template <class Rules, class D>
[[nodiscard]] constexpr std::size_t carried_rows(std::span<const D> code, std::size_t cap = 32) noexcept {
    std::uint32_t seen[64] = {};  // rows counted so far
    std::size_t count = 0;
    cap = cap < 64 ? cap : 64;
    for (std::size_t i = 0; i < code.size() && count < cap; ++i) {
        std::uint32_t rows[4] = {};
        const unsigned n = Rules::skipped(code[i]) ? 0u : Rules::results(code[i], rows);
        for (unsigned k = 0; k < n && count < cap; ++k) {
            bool counted = false;
            for (std::size_t s = 0; s < count && !counted; ++s) counted = seen[s] == rows[k];
            bool read_later = false;
            for (std::size_t j = i + 1; j < code.size() && !counted && !read_later; ++j) read_later = Rules::reads(code[j], rows[k]);
            if (read_later) seen[count++] = rows[k];
        }
    }
    return count;
}

}  // namespace ctisa::exec
