// SPDX-License-Identifier: MIT
// A room of its own for now, not a quirk: the compiled path's copy of semantics.hpp's arithmetic on
// row values, to fold into templates over the lane representation (issue 33) once measured no
// slower (branch h31-b's attempt made the compiled two_lights slower and was held back).
// NV_gpu_program4's kernels over row values (ctisa/exec/value_rows.hpp) for the compiled path:
// MOV ABS ADD SUB MUL MAD MIN MAX CMP, DP2 DP3 DP4 DPH, the set-on comparisons, TRUNC FLR FRC, the
// bit operations AND OR XOR NOT, and the scalar RCP RSQ EX2 LG2 POW (lane by lane, the same
// approximations), on float, signed and unsigned data; with negate and absolute sources, SAT and
// SSAT, write masks, condition-code write masks and condition-code updates. The same operations in
// the same order as semantics.hpp and traits.hpp's write, so results are bit for bit the same.
// Statements that do nothing (declarations, END, an IF / ENDIF whose body if_convert guarded) have
// an empty kernel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

#include "../../exec/transcendental.hpp"
#include "../../exec/loose_nan.hpp"
#include "../../exec/value_rows.hpp"
#include "semantics.hpp"
#include "descriptor.hpp"

namespace ctisa::nvasm::exec {

// An IF with a condition-code test of one component and an ENDIF around statements that compute on
// their own lane's registers only, none of them writing a condition code or masked by one already:
// each statement of the body gets the IF's test as its condition-code write mask, and the IF and
// the ENDIF are marked guarded. A lane whose test fails then writes nothing in the body, as if it
// had skipped it (the test reads a condition code no statement of the body changes), so the
// interpreter still branches and gives the same results; the compiled path may run the block
// straight, every lane through the body.
template <class Straight>
constexpr void if_convert(std::span<descriptor> code, Straight&& straight) noexcept {
    for (std::size_t i = 0; i < code.size(); ++i) {
        const descriptor& at = code[i];
        if (at.kind != stmt::flow || at.flow != ctisa::exec::flow_kind::if_ || !at.test.present) continue;
        const auto& pick = at.test.swizzle.pick;
        if (pick[1] != pick[0] || pick[2] != pick[0] || pick[3] != pick[0]) continue;
        std::size_t end = i + 1;
        while (end < code.size() && code[end].kind == stmt::alu && straight(code[end]) && !code[end].result_test.present &&
               code[end].cc == cc_update::none)
            ++end;
        if (end >= code.size() || code[end].kind != stmt::flow || code[end].flow != ctisa::exec::flow_kind::endif) continue;
        for (std::size_t k = i + 1; k < end; ++k) code[k].result_test = at.test;
        code[i].guarded = code[end].guarded = true;
        i = end;
    }
}

struct values {
    [[nodiscard]] static constexpr bool supported(const descriptor& d) noexcept {
        if (does_nothing(d)) return true;
        if (d.kind != stmt::alu || d.result.relative || d.multiply != multiply_mode::none) return false;
        for (std::size_t s = 0; s < d.sources; ++s)
            if (d.src[s].at.relative) return false;
        const bool fl = d.type == data_type::f;
        switch (d.code) {
            case opcode::add:
            case opcode::sub:
            case opcode::mad: return fl || d.cc == cc_update::none;  // (integer flags: the row kernels)
            case opcode::mov:
            case opcode::abs:
            case opcode::mul:
            case opcode::min:
            case opcode::max:
            case opcode::cmp:
            case opcode::seq:
            case opcode::sne:
            case opcode::slt:
            case opcode::sgt:
            case opcode::sle:
            case opcode::sge:
            case opcode::and_:
            case opcode::or_:
            case opcode::xor_:
            case opcode::not_: return true;
            case opcode::dp2:
            case opcode::dp3:
            case opcode::dp4:
            case opcode::dph:
            case opcode::rcp:
            case opcode::rsq:
            case opcode::ex2:
            case opcode::lg2:
            case opcode::pow:
            case opcode::frc: return fl;
            case opcode::trunc:  // (the suffix names the result's type; the source is a float)
            case opcode::flr: return true;
            default: return false;
        }
    }

    template <descriptor D, class Rows>
    CTISA_EXEC_INLINE static void execute(Rows& r) noexcept {
        if constexpr (!does_nothing(D)) {
            using bits = typename Rows::bits;
            bits out[4];
            compute<D>(r, out);
            [&]<unsigned... C>(std::integer_sequence<unsigned, C...>) CTISA_EXEC_INLINE_LAMBDA {
                if constexpr (D.out == data_type::f && !alu::keeps_bits(D.code) && !D.loose_nan)
                    ((in_mask<D, C>() ? quiet_nan(out[C]) : void()), ...);
                if constexpr (D.out == data_type::f && D.clamp != nvasm::clamp::none) ((in_mask<D, C>() ? clamp<D>(out[C]) : void()), ...);
                ((in_mask<D, C>() ? ctisa::exec::keep_in_order(out[C]) : void()), ...);
                (write<D, C>(r, out[C]), ...);
            }(std::make_integer_sequence<unsigned, 4>{});
        }
    }

    // Marks the results that may keep the host's NaN bits (exec/loose_nan.hpp): their value
    // kernels do not make a computed NaN the default NaN.
    static constexpr void mark_loose_nans(std::span<descriptor> code) noexcept { ctisa::exec::mark_loose_nans<loose_rules>(code); }
    // The rows the program carries from one instruction to a later one (exec/loose_nan.hpp): what
    // the compiled value path holds in registers.
    [[nodiscard]] static constexpr std::size_t carried_rows(std::span<const descriptor> code) noexcept {
        return ctisa::exec::carried_rows<loose_rules>(code);
    }

private:
    // A value kernel on floats whose result is the default NaN whenever a source is a NaN or it
    // computes one.
    [[nodiscard]] static constexpr bool arithmetic(const descriptor& d) noexcept {
        if (!supported(d) || does_nothing(d) || d.out != data_type::f || alu::keeps_bits(d.code)) return false;
        for (std::size_t s = 0; s < d.sources; ++s)
            if (d.src[s].type != data_type::f) return false;
        return true;
    }
    // The program as the loose-NaN analysis sees it.
    struct loose_rules {
        static constexpr bool skipped(const descriptor& d) noexcept { return does_nothing(d); }
        static constexpr bool covered(const descriptor& d) noexcept { return supported(d); }
        static constexpr bool arithmetic(const descriptor& d) noexcept { return values::arithmetic(d); }
        static constexpr bool reads(const descriptor& d, std::uint32_t row) noexcept {
            for (std::size_t s = 0; s < d.sources; ++s)
                for (unsigned c = 0; c < 4; ++c)
                    if (d.src[s].at.row[c] == row) return true;
            return false;
        }
        static constexpr bool overwrites(const descriptor& d, std::uint32_t row) noexcept {
            if (d.result_test.present) return false;
            for (unsigned c = 0; c < 4; ++c)
                if (((d.mask >> c) & 1u) && d.result.row[c] == row) return true;
            return false;
        }
        static constexpr unsigned results(const descriptor& d, std::uint32_t (&rows)[4]) noexcept {
            unsigned n = 0;
            for (unsigned c = 0; c < 4; ++c)
                if ((d.mask >> c) & 1u) rows[n++] = d.result.row[c];
            return n;
        }
        static constexpr void mark(descriptor& d, bool loose) noexcept { d.loose_nan = loose; }
    };

    [[nodiscard]] static constexpr bool does_nothing(const descriptor& d) noexcept {
        return d.kind == stmt::nothing || d.kind == stmt::end || (d.kind == stmt::flow && d.guarded);
    }
    template <descriptor D, unsigned C>
    [[nodiscard]] static constexpr bool in_mask() noexcept {
        return (D.mask >> C) & 1u;
    }

    // Source S's component C, modified (alu::modify).
    template <descriptor D, unsigned S, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void read(const Rows& r, typename Rows::bits& out) noexcept {
        using bits = typename Rows::bits;
        constexpr source_desc s = D.src[S];
        out = r.row[std::integral_constant<std::uint32_t, s.at.row[C]>{}];
        if constexpr (s.type == data_type::f) {
            if constexpr (s.absolute) out &= 0x7FFFFFFFu;
            if constexpr (s.negate) out ^= 0x80000000u;
        } else {
            if constexpr (s.absolute && s.type == data_type::s) {
                const bits sign = bits{} - (out >> 31);
                out = (out ^ sign) - sign;
            }
            if constexpr (s.negate) out = bits{} - out;
        }
    }
    template <class Rows>
    CTISA_EXEC_INLINE static typename Rows::floats as_floats(const typename Rows::bits& b) noexcept {
        return __builtin_bit_cast(typename Rows::floats, b);
    }
    template <class Rows>
    CTISA_EXEC_INLINE static typename Rows::bits as_bits(const typename Rows::floats& f) noexcept {
        return __builtin_bit_cast(typename Rows::bits, f);
    }

    // a < b in the data type T (alu::less), as a comparison mask.
    template <data_type T, class Rows>
    CTISA_EXEC_INLINE static typename Rows::ints less(const typename Rows::bits& a, const typename Rows::bits& b) noexcept {
        using ints = typename Rows::ints;
        if constexpr (T == data_type::f) return as_floats<Rows>(a) < as_floats<Rows>(b);
        else if constexpr (T == data_type::s) return __builtin_bit_cast(ints, a) < __builtin_bit_cast(ints, b);
        else return a < b;
    }
    template <data_type T, class Rows>
    CTISA_EXEC_INLINE static typename Rows::ints equal(const typename Rows::bits& a, const typename Rows::bits& b) noexcept {
        if constexpr (T == data_type::f) return as_floats<Rows>(a) == as_floats<Rows>(b);
        else return a == b;
    }

    // One value from a scalar function of lane values, lane by lane (the approximations of
    // transcendental.hpp have no vector form).
    template <class Rows, class F>
    CTISA_EXEC_INLINE static typename Rows::bits lanewise(F&& f) noexcept {
        typename Rows::floats out;
        for (std::size_t k = 0; k < Rows::lanes; ++k) out[k] = f(k);
        return as_bits<Rows>(out);
    }

    template <descriptor D, class Rows>
    CTISA_EXEC_INLINE static void compute(const Rows& r, typename Rows::bits (&out)[4]) noexcept {
        constexpr opcode op = D.code;
        using bits = typename Rows::bits;
        using floats = typename Rows::floats;
        namespace approx = ctisa::exec::approx;
        if constexpr (op == opcode::dp2 || op == opcode::dp3 || op == opcode::dp4 || op == opcode::dph) {
            dot<D>(r, out[0]);
            out[1] = out[2] = out[3] = out[0];
        } else if constexpr (op == opcode::rcp || op == opcode::rsq || op == opcode::ex2 || op == opcode::lg2 || op == opcode::pow) {
            bits a, b{};
            read<D, 0, 0>(r, a);
            if constexpr (op == opcode::pow) read<D, 1, 0>(r, b);
            const floats x = as_floats<Rows>(a), y = as_floats<Rows>(b);
            (void)y;
            out[0] = lanewise<Rows>([&](std::size_t k) {
                if constexpr (op == opcode::rcp) return approx::rcp(x[k]);
                else if constexpr (op == opcode::rsq) return approx::rsq(x[k]);
                else if constexpr (op == opcode::ex2) return approx::exp2(x[k]);
                else if constexpr (op == opcode::lg2) return approx::log2(x[k]);
                else return approx::pow(x[k], y[k]);
            });
            out[1] = out[2] = out[3] = out[0];
        } else {
            [&]<unsigned... C>(std::integer_sequence<unsigned, C...>) CTISA_EXEC_INLINE_LAMBDA {
                ((in_mask<D, C>() ? component<D, C>(r, out[C]) : void()), ...);
            }(std::make_integer_sequence<unsigned, 4>{});
        }
    }

    // DP2 DP3 DP4: ((x + y) + z) + w, the products rounded (alu::dot); DPH adds b.w.
    template <descriptor D, class Rows>
    CTISA_EXEC_INLINE static void dot(const Rows& r, typename Rows::bits& out) noexcept {
        CTISA_EXEC_NO_CONTRACT
        using bits = typename Rows::bits;
        using floats = typename Rows::floats;
        constexpr unsigned n = D.code == opcode::dp2 ? 2 : D.code == opcode::dp4 ? 4 : 3;
        bits a, b;
        read<D, 0, 0>(r, a);
        read<D, 1, 0>(r, b);
        floats sum = as_floats<Rows>(a) * as_floats<Rows>(b);
        [&]<unsigned... C>(std::integer_sequence<unsigned, C...>) CTISA_EXEC_INLINE_LAMBDA {
            ((read<D, 0, C + 1>(r, a), read<D, 1, C + 1>(r, b), sum = sum + as_floats<Rows>(a) * as_floats<Rows>(b)), ...);
        }(std::make_integer_sequence<unsigned, n - 1>{});
        if constexpr (D.code == opcode::dph) {
            read<D, 1, 3>(r, b);
            sum = sum + as_floats<Rows>(b);
        }
        out = as_bits<Rows>(sum);
    }

    // Component C of a component-wise operation (alu::compute).
    template <descriptor D, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void component(const Rows& r, typename Rows::bits& out) noexcept {
        CTISA_EXEC_NO_CONTRACT
        using bits = typename Rows::bits;
        using floats = typename Rows::floats;
        using ctisa::exec::select;
        constexpr opcode op = D.code;
        constexpr data_type t = D.type;
        constexpr bool fl = t == data_type::f;
        constexpr lane_word true_bits = fl ? alu::one_bits : ~lane_word{0};
        bits a, b{}, c{};
        read<D, 0, C>(r, a);
        if constexpr (D.sources > 1) read<D, 1, C>(r, b);
        if constexpr (D.sources > 2) read<D, 2, C>(r, c);
        const floats fa = as_floats<Rows>(a), fb = as_floats<Rows>(b), fc = as_floats<Rows>(c);
        const bits zero{}, truth = zero + true_bits;
        if constexpr (op == opcode::mov) out = a;
        else if constexpr (op == opcode::abs) {
            if constexpr (fl) out = a & 0x7FFFFFFFu;
            else if constexpr (t == data_type::s) {
                const bits sign = bits{} - (a >> 31);
                out = (a ^ sign) - sign;
            } else out = a;
        } else if constexpr (op == opcode::add) out = fl ? as_bits<Rows>(fa + fb) : a + b;
        else if constexpr (op == opcode::sub) out = fl ? as_bits<Rows>(fa - fb) : a - b;
        else if constexpr (op == opcode::mul) out = fl ? as_bits<Rows>(fa * fb) : a * b;
        else if constexpr (op == opcode::mad) {
            if constexpr (fl) {
                const floats p = fa * fb;
                out = as_bits<Rows>(p + fc);
            } else out = a * b + c;
        } else if constexpr (op == opcode::max) select(less<t, Rows>(b, a), a, b, out);
        else if constexpr (op == opcode::min) select(less<t, Rows>(b, a), b, a, out);
        else if constexpr (op == opcode::cmp) select(less<t, Rows>(a, zero), b, c, out);
        else if constexpr (op == opcode::seq) select(equal<t, Rows>(a, b), truth, zero, out);
        else if constexpr (op == opcode::sne) select(equal<t, Rows>(a, b), zero, truth, out);
        else if constexpr (op == opcode::slt) select(less<t, Rows>(a, b), truth, zero, out);
        else if constexpr (op == opcode::sgt) select(less<t, Rows>(b, a), truth, zero, out);
        else if constexpr (op == opcode::sle) select(less<t, Rows>(a, b) | equal<t, Rows>(a, b), truth, zero, out);
        else if constexpr (op == opcode::sge) select(less<t, Rows>(b, a) | equal<t, Rows>(a, b), truth, zero, out);
        else if constexpr (op == opcode::and_) out = a & b;
        else if constexpr (op == opcode::or_) out = a | b;
        else if constexpr (op == opcode::xor_) out = a ^ b;
        else if constexpr (op == opcode::not_) out = ~a;
        else if constexpr (op == opcode::frc) {  // a - floor(a)
            floats f;
            ctisa::exec::floor_lanes(fa, f);
            out = as_bits<Rows>(fa - f);
        } else {  // TRUNC, FLR: the integral value, as the result type (alu::integral_as)
            floats v;
            if constexpr (op == opcode::flr) ctisa::exec::floor_lanes(fa, v);
            else truncate<Rows>(fa, v);
            integral_as<D.out, Rows>(v, out);
        }
        (void)fb, (void)fc, (void)truth;
    }

    // std::trunc lane by lane: below 2^23 in magnitude the conversion's truncation with the sign of
    // x; larger magnitudes, infinities and NaN are x.
    template <class Rows>
    CTISA_EXEC_INLINE static void truncate(const typename Rows::floats& x, typename Rows::floats& out) noexcept {
        using bits = typename Rows::bits;
        using ints = typename Rows::ints;
        using floats = typename Rows::floats;
        const bits xb = as_bits<Rows>(x);
        const bits small = __builtin_bit_cast(bits, (xb & 0x7FFFFFFFu) < (bits{} + 0x4B000000u));
        const floats t = __builtin_convertvector(__builtin_convertvector(as_floats<Rows>(xb & small), ints), floats);
        out = as_floats<Rows>(((as_bits<Rows>(t) | (xb & 0x80000000u)) & small) | (xb & ~small));
    }

    // An integral float as data type Out: itself (f), or saturated to int32 / uint32 with NaN 0.
    template <data_type Out, class Rows>
    CTISA_EXEC_INLINE static void integral_as(const typename Rows::floats& v, typename Rows::bits& out) noexcept {
        using bits = typename Rows::bits;
        using ints = typename Rows::ints;
        using floats = typename Rows::floats;
        using ctisa::exec::select;
        const floats zero{};
        if constexpr (Out == data_type::f) {
            out = as_bits<Rows>(v);
        } else if constexpr (Out == data_type::s) {  // to_int32
            const auto in_range = (v >= -2147483648.0f) & (v < 2147483648.0f);
            floats safe;
            select(in_range, v, zero, safe);
            const bits i = __builtin_bit_cast(bits, __builtin_convertvector(safe, ints));
            bits high;
            select(v >= 2147483648.0f, bits{} + 0x7FFFFFFFu, bits{} + 0x80000000u, high);
            select(in_range, i, high, out);
            select(v != v, bits{}, out, out);
        } else {  // !(v > 0): 0; v >= 2^32: all ones
            const auto in_range = (v > zero) & (v < 4294967296.0f);
            floats safe;
            select(in_range, v, zero, safe);
            const bits u = __builtin_convertvector(safe, bits);
            select(in_range, u, (v >= 4294967296.0f) ? (bits{} + 0xFFFFFFFFu) : bits{}, out);
        }
    }

    // alu::quiet_nan (an ordered compare: one instruction less in a chain than the bit test).
    template <class Bits>
    CTISA_EXEC_INLINE static void quiet_nan(Bits& w) noexcept {
        using F = typename ctisa::exec::row_vectors<sizeof(Bits) / 4>::floats;
        const F x = __builtin_bit_cast(F, w);
        ctisa::exec::select(x == x, w, Bits{} + 0x7FC00000u, w);
    }

    // SAT / SSAT (alu::clamp_result): NaN to 0, x > lo ? (x < 1 ? x : 1) : lo.
    template <descriptor D, class Bits>
    CTISA_EXEC_INLINE static void clamp(Bits& w) noexcept {
        using F = typename ctisa::exec::row_vectors<sizeof(Bits) / 4>::floats;
        const F x = __builtin_bit_cast(F, w), zero{}, lo = zero + (D.clamp == nvasm::clamp::sat ? 0.0f : -1.0f), one = zero + 1.0f;
        F up, v;
        ctisa::exec::select(x < one, x, one, up);
        ctisa::exec::select(x > lo, up, lo, v);
        ctisa::exec::select(x != x, zero, v, v);
        w = __builtin_bit_cast(Bits, v);
    }

    // The lanes whose condition-code test passes for position C (alu::passes), as a mask.
    template <test_desc T, unsigned C, class Rows>
    CTISA_EXEC_INLINE static typename Rows::bits passes(const Rows& r) noexcept {
        using bits = typename Rows::bits;
        const bits f = r.row[std::integral_constant<std::uint32_t, cc_row + 4u * T.reg + T.swizzle[C]>{}];
        const bits sf = bits{} - (f & cc_flag::sf), zf = bits{} - ((f >> 1) & 1u), of = bits{} - ((f >> 2) & 1u), cf = bits{} - ((f >> 3) & 1u);
        switch (T.rule) {
            case cc_rule::eq: return ~sf & zf;
            case cc_rule::ge: return ~(sf ^ of);
            case cc_rule::gt: return (~sf ^ of) & ~zf;
            case cc_rule::le: return sf ^ (zf | of);
            case cc_rule::lt: return (sf & ~zf) ^ of;
            case cc_rule::ne: return sf | ~zf;
            case cc_rule::fl: return bits{};
            case cc_rule::tr: return ~bits{};
            case cc_rule::nan: return sf & zf;
            case cc_rule::leg: return ~sf | ~zf;
            case cc_rule::cf: return cf;
            case cc_rule::ncf: return ~cf;
            case cc_rule::of: return of;
            case cc_rule::nof: return ~of;
            case cc_rule::sf: return sf;
            case cc_rule::nsf: return ~sf;
            case cc_rule::ab: return cf & ~zf;
            case cc_rule::ble: return ~cf | zf;
        }
        return bits{};
    }

    // Position C written under the write mask and the condition-code write mask, and its flags
    // (alu::flags_of; the operations here set no carry or overflow).
    template <descriptor D, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void write(Rows& r, const typename Rows::bits& v) noexcept {
        using bits = typename Rows::bits;
        if constexpr (in_mask<D, C>()) {
            constexpr std::uint32_t row = D.result.row[C];
            if constexpr (D.result_test.present) {
                const bits on = passes<D.result_test, C>(r);
                bits& target = r.row[std::integral_constant<std::uint32_t, row>{}];
                target = (v & on) | (target & ~on);
                if constexpr (D.cc != cc_update::none) update_flags<D, C>(r, v, on);
            } else {
                r.row[std::integral_constant<std::uint32_t, row>{}] = v;
                if constexpr (D.cc != cc_update::none) update_flags<D, C>(r, v, ~bits{});
            }
        }
    }
    template <descriptor D, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void update_flags(Rows& r, const typename Rows::bits& v, const typename Rows::bits& on) noexcept {
        using bits = typename Rows::bits;
        bits flags;
        if constexpr (D.out == data_type::f) {
            const typename Rows::floats x = as_floats<Rows>(v), zero{};
            const bits nan = __builtin_bit_cast(bits, x != x);
            flags = ((__builtin_bit_cast(bits, x < zero) | nan) & cc_flag::sf) | ((__builtin_bit_cast(bits, x == zero) | nan) & cc_flag::zf);
        } else {
            flags = (v >> 31) | (__builtin_bit_cast(bits, v == bits{}) & cc_flag::zf);
        }
        bits& target = r.row[std::integral_constant<std::uint32_t, cc_row + (D.cc == cc_update::cc1 ? 4u : 0u) + C>{}];
        target = (flags & on) | (target & ~on);
    }
};

}  // namespace ctisa::nvasm::exec
