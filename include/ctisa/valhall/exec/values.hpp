// SPDX-License-Identifier: MIT
// Valhall's kernels over row values (ctisa/exec/value_rows.hpp) for the compiled path: the 32-bit
// arithmetic of straight-line chains (FMA.f32, FADD.f32, FMA.v2f16, MOV.i32, IADD/ISUB/IMUL on 32
// bits, the 32-bit shift-logic family), with abs/neg/not, byte and half selects and clamps. Each
// computes what its row kernel (execute.hpp) computes, with the same operations in the same order
// (FMA one fused rounding, NaN made canonical before the clamp), so results are bit for bit the same.
// The interpreter's fast path (fast_path.hpp) shares f32_result and shift_logic. A chain of
// FMA.v2f16 on one register runs as one kernel over a whole block (value_run): split into halves
// once, every link on the halves, packed once, as hand-written code would keep them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>
#include <utility>

#include "../../exec/loose_nan.hpp"
#include "../../exec/value_rows.hpp"
#include "execute.hpp"
#include "layout.hpp"
#include "semantics.hpp"

namespace ctisa::valhall::exec {

struct values {
    // A source these kernels read: a word as it is, a part of it extended to 32 bits, or two halves
    // (v2 selects of 16-bit parts), then abs/neg/not. Not the widened half floats or 64-bit pairs.
    [[nodiscard]] static constexpr bool readable(const source_desc& s) noexcept {
        if (s.row_hi != 0 || s.extend_hi || s.xor_hi != 0) return false;
        if (s.form == source_form::word) return true;
        return s.form == source_form::parts && (s.lane_bits == 32 || (s.lane_bits == 16 && s.part_bits == 16));
    }

    // The shift-logic family on 32-bit lanes: LSHIFT/RSHIFT x AND/OR/XOR.
    [[nodiscard]] static constexpr bool shift_logic_32(instruction_id id) noexcept {
        using enum instruction_id;
        return id == lshift_and_i32 || id == rshift_and_i32 || id == lshift_or_i32 || id == rshift_or_i32 || id == lshift_xor_i32 ||
               id == rshift_xor_i32;
    }

    [[nodiscard]] static constexpr bool operation(const instruction_desc& d) noexcept {
        using enum instruction_id;
        const bool sat = d.flag(modifier::saturate);
        switch (d.id) {
            case fma_f32:
            case fadd_f32:
            case fma_v2f16:
            case mov_i32: return true;
            case iadd_u32:
            case iadd_s32:
            case isub_u32:
            case isub_s32:
            case imul_i32:
            case imul_s32: return !sat;
            default: return shift_logic_32(d.id);
        }
    }

    // Whether d has a value kernel: one of the operations above writing a whole 32-bit register, no
    // action (actions go through the step hook), every source readable.
    [[nodiscard]] static constexpr bool supported(const instruction_desc& d) noexcept {
        if (d.why != unexecutable::none || d.has_action || !d.writes || d.wide || d.write_bits != ~lane_word{0}) return false;
        if (!operation(d)) return false;
        for (unsigned s = 0; s < d.source_count; ++s)
            if (!readable(d.sources[s])) return false;
        return true;
    }

    // Marks what the value path may do with each descriptor (on_values) and the results that may
    // keep the host's NaN bits (exec/loose_nan.hpp): their value kernels skip making a computed
    // NaN the default NaN, two of an FMA chain link's latencies under AVX2.
    static constexpr void mark(std::span<instruction_desc> code) noexcept {
        for (instruction_desc& d : code) d.on_values = supported(d);
        ctisa::exec::mark_loose_nans<loose_rules>(code);
    }

    // An f32 result (f32_result): NaN made canonical, then clamped with clamp_selects' comparisons.
    // A clamp turns every NaN into its low bound (the comparisons fail), whatever its bits, so a
    // clamped result needs no canonical NaN first; nor does a loose one (Loose).
    template <clamp C, class Rows, bool Loose = false>
    CTISA_EXEC_INLINE static void f32_result(typename Rows::floats x, typename Rows::bits& out) noexcept {
        using bits = typename Rows::bits;
        using floats = typename Rows::floats;
        bits b = __builtin_bit_cast(bits, x);
        if constexpr (C == clamp::none && !Loose) {
            const bits nan = bits{} + f32_nan;
            ctisa::exec::select(x == x, b, nan, b);  // (an ordered compare: one instruction less in an FMA chain than the bit test)
        }
        if constexpr (C != clamp::none) {
            constexpr float lo = C == clamp::clamp_m1_1 ? -1.0f : 0.0f;
            constexpr float hi = C == clamp::clamp_0_inf ? __builtin_inff() : 1.0f;
            const floats vlo = floats{} + lo, vhi = floats{} + hi;
            floats low, high;
            ctisa::exec::select(x > vlo, x, vlo, low);
            ctisa::exec::select(low < vhi, low, vhi, high);
            b = __builtin_bit_cast(bits, high);
        }
        out = b;
    }

    // The shift-logic family on 32 bits (also the interpreter's fast path): the amount's low byte, 0
    // from a shift of 32 or more, then AND, OR or XOR (Logic 0, 1, 2) with c, then flip.
    template <bool Left, unsigned Logic, class Bits>
    CTISA_EXEC_INLINE static Bits shift_logic(const Bits& a, const Bits& b, const Bits& c, lane_word flip) noexcept {
        const Bits amount = b & 0xFFu;
        const Bits keep = __builtin_bit_cast(Bits, amount < (Bits{} + 32u));
        Bits shifted;
        if constexpr (Left) shifted = (a << (amount & 31u)) & keep;
        else shifted = (a >> (amount & 31u)) & keep;
        if constexpr (Logic == 0) return (shifted & c) ^ flip;
        else if constexpr (Logic == 1) return (shifted | c) ^ flip;
        else return (shifted ^ c) ^ flip;
    }

    // A run of value kernels from instruction i executed as one (ctisa/exec/traits.hpp value_run):
    // FMA.v2f16 and the instructions that continue it on its register, whose intermediate results
    // nothing else reads, so they stay split into halves from link to link (0 for others).
    [[nodiscard]] static constexpr std::size_t value_run(std::span<const instruction_desc> code, std::size_t i) noexcept {
        if (code[i].id != instruction_id::fma_v2f16 || !supported(code[i])) return 0;
        std::size_t k = 1;
        while (i + k < code.size() && continues(code[i + k - 1], code[i + k])) ++k;
        return k;
    }
    template <const auto& Code, std::size_t I, std::size_t N, class Rows, std::size_t G>
    CTISA_EXEC_INLINE static void execute_run(Rows (&r)[G]) noexcept {
        fma_chain<Code, I, N, G>(r);
    }

    // The rows a program writes and reads again afterwards (ctisa/exec/loose_nan.hpp): those a
    // block of the value path keeps in registers.
    [[nodiscard]] static constexpr std::size_t carried_rows(std::span<const instruction_desc> code) noexcept {
        return ctisa::exec::carried_rows<loose_rules>(code);
    }

    // Instruction D: its sources read, its result kept in program order and written to its register.
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void execute(Rows& r) noexcept {
        typename Rows::bits out;
        compute<D>(r, out);
        ctisa::exec::keep_in_order(out);
        constexpr std::uint32_t dest = D.dest;
        static_assert(dest < Rows::count);
        r.row[dest] = out;
    }

private:
    // FMA.f32 and FADD.f32 on word sources (abs and neg keep a NaN a NaN): a NaN source gives a
    // NaN (made canonical) or the clamp's bound, whatever the source's bits.
    [[nodiscard]] static constexpr bool arithmetic(const instruction_desc& d) noexcept {
        if (!supported(d) || (d.id != instruction_id::fma_f32 && d.id != instruction_id::fadd_f32)) return false;
        for (unsigned s = 0; s < d.source_count; ++s) {
            const source_desc& x = d.sources[s];
            if (x.form != source_form::word || (x.and_mask | 0x80000000u) != lane_on || (x.xor_mask & 0x7FFFFFFFu) != 0) return false;
        }
        return true;
    }
    // The program as the loose-NaN analysis sees it.
    struct loose_rules {
        static constexpr bool skipped(const instruction_desc&) noexcept { return false; }
        static constexpr bool covered(const instruction_desc& d) noexcept { return supported(d); }
        static constexpr bool arithmetic(const instruction_desc& d) noexcept { return values::arithmetic(d); }
        static constexpr bool reads(const instruction_desc& d, std::uint32_t row) noexcept {
            for (unsigned s = 0; s < d.source_count; ++s)
                if (d.sources[s].row == row) return true;
            return false;
        }
        // (A covered instruction writes its whole register.)
        static constexpr bool overwrites(const instruction_desc& d, std::uint32_t row) noexcept { return supported(d) && d.dest == row; }
        static constexpr unsigned results(const instruction_desc& d, std::uint32_t (&rows)[4]) noexcept {
            rows[0] = d.dest;
            return 1;
        }
        static constexpr void mark(instruction_desc& d, bool loose) noexcept { d.loose_nan = loose; }
    };

    // Source S of D as the kernel sees it (read_source's steps: select, then modifiers). Every row
    // and constant a constexpr local: Clang 19 miscompiles reads of D's fields at run time (exec2).
    template <instruction_desc D, unsigned S, class Rows>
    CTISA_EXEC_INLINE static void read(const Rows& r, typename Rows::bits& out) noexcept {
        using bits = typename Rows::bits;
        using ints = typename Rows::ints;
        constexpr source_desc s = D.sources[S];
        constexpr std::uint32_t row = s.row;
        static_assert(row < Rows::count);
        bits w = r.row[row];
        if constexpr (s.form == source_form::parts && s.lane_bits == 32) {  // part_of
            constexpr unsigned up = 32u - s.part_bits, at = s.offset[0];
            w = (w >> at) << up;
            if constexpr (s.sign) w = __builtin_bit_cast(bits, __builtin_bit_cast(ints, w) >> up);
            else w = w >> up;
        } else if constexpr (s.form == source_form::parts) {  // two 16-bit parts
            constexpr unsigned a0 = s.offset[0], a1 = s.offset[1];
            w = ((w >> a0) & 0xFFFFu) | ((w >> a1) << 16);
        }
        constexpr lane_word and_mask = s.and_mask, xor_mask = s.xor_mask;
        if constexpr (and_mask != ~lane_word{0} || xor_mask != 0) w = (w & and_mask) ^ xor_mask;
        out = w;
    }

    // FMA.v2f16 runs on the halves of its registers apart, in 16-bit arrays of L lanes (the low
    // halves, then the high): a loop over 16-bit elements gets twice the lanes a vector (under
    // -mprefer-vector-width=256, its float steps in 512-bit registers), as the native baseline's.
    // fma16 on each half, lane by lane, in a function of its own with fma16 inlined into its
    // loops, which GCC vectorizes (inlined into a long program's block, GCC stopped inlining fma16
    // and called it per half and lane: 62% of fma_v2f16/16, measured). A uniform source (UY, UZ)
    // comes as its halves already converted to float (u: y's low and high, then z's).
    template <clamp C, std::size_t L, bool UY, bool UZ>
    CTISA_EXEC_INLINE static void fma_half(half_bits* __restrict x, const half_bits* __restrict y, const half_bits* __restrict z, float y0,
                                           float z0) noexcept {
        CTISA_LANE_LOOP
        for (std::size_t k = 0; k < L; ++k) x[k] = fma16_of(f16(x[k]) * (UY ? y0 : f16(y[k])), UZ ? z0 : f16(z[k]), C);
    }
    template <clamp C, std::size_t L, bool UY, bool UZ>
    [[gnu::noinline, gnu::flatten]] static void fma_halves(half_bits* __restrict h, const half_bits* __restrict y, const half_bits* __restrict z,
                                                           const float* u) noexcept {
        constexpr unsigned at_z = UY ? 2 : 0;
        fma_half<C, L, UY, UZ>(h, y, z, UY ? u[0] : 0.0f, UZ ? u[at_z] : 0.0f);
        fma_half<C, L, UY, UZ>(h + L, UY ? y : y + L, UZ ? z : z + L, UY ? u[1] : 0.0f, UZ ? u[at_z + 1] : 0.0f);
    }

    // A register's halves to and from the arrays (B of their L lanes from h).
    template <std::size_t L, class Bits>
    CTISA_EXEC_INLINE static void split(const Bits& w, half_bits* h) noexcept {
        typedef half_bits halves __attribute__((vector_size(sizeof(Bits) / 2)));
        const halves lo = __builtin_convertvector(w, halves), hi = __builtin_convertvector(w >> 16, halves);
        std::memcpy(h, &lo, sizeof lo);
        std::memcpy(h + L, &hi, sizeof hi);
    }
    template <std::size_t L, class Bits>
    CTISA_EXEC_INLINE static void pack(const half_bits* h, Bits& w) noexcept {
        typedef half_bits halves __attribute__((vector_size(sizeof(Bits) / 2)));
        halves lo, hi;
        std::memcpy(&lo, h, sizeof lo);
        std::memcpy(&hi, h + L, sizeof hi);
        w = __builtin_convertvector(lo, Bits) | (__builtin_convertvector(hi, Bits) << 16);
    }
    // Source S of D over the G registers r as halves (nothing for a uniform one but Whole).
    template <instruction_desc D, unsigned S, bool Whole, std::size_t L, std::size_t G, class Rows>
    CTISA_EXEC_INLINE static void halves_of(const Rows* r, half_bits* h) noexcept {
        typename Rows::bits w;
        if constexpr (Whole || !D.sources[S].uniform)
            for (std::size_t g = 0; g < G; ++g) read<D, S>(r[g], w), split<L>(w, h + g * Rows::lanes);
    }
    // The uniform sources of D as halves (y's low and high, then z's): how many.
    static constexpr unsigned uniform_halves(const instruction_desc& d) noexcept {
        return (d.sources[1].uniform ? 2u : 0u) + (d.sources[2].uniform ? 2u : 0u);
    }
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void uniform_halves_of(const Rows& r, half_bits* h) noexcept {
        typename Rows::bits w;
        constexpr bool uy = D.sources[1].uniform, uz = D.sources[2].uniform;
        if constexpr (uy) read<D, 1>(r, w), h[0] = lo16(w[0]), h[1] = hi16(w[0]);
        if constexpr (uz) read<D, 2>(r, w), h[uy ? 2 : 0] = lo16(w[0]), h[uy ? 3 : 1] = hi16(w[0]);
    }
    // Halves to floats, lane by lane (uniform sources of a run at once: vectors, not scalar steps).
    template <std::size_t K>
    CTISA_EXEC_INLINE static void floats_of(const half_bits* h, float* f) noexcept {
        CTISA_LANE_LOOP
        for (std::size_t k = 0; k < K; ++k) f[k] = f16(h[k]);
    }
    // FMA.v2f16 D on the halves h of its first source, over the G registers r (u: its uniform
    // sources' halves as floats).
    template <instruction_desc D, std::size_t L, std::size_t G, class Rows>
    CTISA_EXEC_INLINE static void fma_link(const Rows* r, half_bits* h, const float* u) noexcept {
        constexpr clamp c = D.template mod<clamp>(modifier::clamp);
        constexpr bool uy = D.sources[1].uniform, uz = D.sources[2].uniform;
        half_bits y[uy ? 1 : 2 * L], z[uz ? 1 : 2 * L];
        halves_of<D, 1, false, L, G>(r, y);
        halves_of<D, 2, false, L, G>(r, z);
        fma_halves<c, L, uy, uz>(h, y, z, u);
    }
    // A run of FMA.v2f16 [I, I + N) of Code (value_run): its register split once into halves,
    // every link on the halves, packed once, over all G registers of a block at once; the uniform
    // sources of every link converted first.
    template <const auto& Code, std::size_t I, std::size_t N, std::size_t G, class Rows>
    CTISA_EXEC_INLINE static void fma_chain(Rows* r) noexcept {
        constexpr std::size_t L = G * Rows::lanes;
        constexpr std::uint32_t dest = Code[I].dest;
        static_assert(dest < Rows::count);
        constexpr auto at = [] {  // where each link's uniform halves start, then their count
            std::array<unsigned, N + 1> a{};
            for (std::size_t j = 0; j < N; ++j) a[j + 1] = a[j] + uniform_halves(Code[I + j]);
            return a;
        }();
        half_bits uh[at[N] + 1];
        float uf[at[N] + 1];
        [&]<std::size_t... J>(std::index_sequence<J...>)
            CTISA_EXEC_INLINE_LAMBDA { (uniform_halves_of<Code[I + J]>(r[0], uh + at[J]), ...); }(std::make_index_sequence<N>{});
        floats_of<at[N]>(uh, uf);
        half_bits h[2 * L];
        halves_of<Code[I], 0, true, L, G>(r, h);
        [&]<std::size_t... J>(std::index_sequence<J...>)
            CTISA_EXEC_INLINE_LAMBDA { (fma_link<Code[I + J], L, G>(r, h, uf + at[J]), ...); }(std::make_index_sequence<N>{});
        for (std::size_t g = 0; g < G; ++g) pack<L>(h + g * Rows::lanes, r[g].row[dest]);
    }

    // d continues a run of FMA.v2f16 whose last link is `prev`: it writes the same register and
    // reads it only as its first source, as it is (no select, no modifier).
    [[nodiscard]] static constexpr bool continues(const instruction_desc& prev, const instruction_desc& d) noexcept {
        if (d.id != instruction_id::fma_v2f16 || !supported(d) || d.dest != prev.dest) return false;
        const source_desc& x = d.sources[0];
        const bool whole =
            x.form == source_form::word || (x.form == source_form::parts && x.lane_bits == 16 && x.offset[0] == 0 && x.offset[1] == 16);
        const bool plain = whole && x.and_mask == ~lane_word{0} && x.xor_mask == 0;
        return plain && x.row == d.dest && d.sources[1].row != d.dest && d.sources[2].row != d.dest;
    }

    // The result of D from its sources.
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void compute(const Rows& r, typename Rows::bits& out) noexcept {
        CTISA_EXEC_NO_CONTRACT
        using enum instruction_id;
        using bits = typename Rows::bits;
        using floats = typename Rows::floats;
        constexpr instruction_id id = D.id;
        constexpr clamp c = D.template mod<clamp>(modifier::clamp);
        constexpr bool loose = D.loose_nan;
        bits a, b, e;
        read<D, 0>(r, a);
        if constexpr (id == mov_i32) {
            out = a;
        } else {
            read<D, 1>(r, b);
            if constexpr (id == fadd_f32) {
                f32_result<c, Rows, loose>(__builtin_bit_cast(floats, a) + __builtin_bit_cast(floats, b), out);
            } else if constexpr (id == fma_f32) {
                read<D, 2>(r, e);
                floats f;
                ctisa::exec::fused_multiply_add(__builtin_bit_cast(floats, a), __builtin_bit_cast(floats, b), __builtin_bit_cast(floats, e), f);
                f32_result<c, Rows, loose>(f, out);
            } else if constexpr (id == fma_v2f16) {
                constexpr std::size_t L = Rows::lanes;
                half_bits h[2 * L];
                half_bits uh[4];
                float uf[4];
                uniform_halves_of<D>(r, uh);
                floats_of<uniform_halves(D)>(uh, uf);
                split<L>(a, h);
                fma_link<D, L, 1>(&r, h, uf);
                pack<L>(h, out);
            } else if constexpr (id == iadd_u32 || id == iadd_s32) {
                out = a + b;  // wrapping (no saturation)
            } else if constexpr (id == isub_u32 || id == isub_s32) {
                out = a - b;
            } else if constexpr (id == imul_i32 || id == imul_s32) {
                out = a * b;  // the low 32 bits, signed or not
            } else {  // shift_logic on 32 bits: amount's low byte, 0 from a shift of 32 or more
                static_assert(shift_logic_32(id));
                read<D, 2>(r, e);
                constexpr shift_logic_op op = shift_logic_of(id);  // from the mnemonic, not the enum's order
                constexpr lane_word flip = D.flag(modifier::not_result) ? ~lane_word{0} : 0u;
                out = shift_logic<op.left, static_cast<unsigned>(op.logic)>(a, b, e, flip);
            }
        }
    }
};

}  // namespace ctisa::valhall::exec
