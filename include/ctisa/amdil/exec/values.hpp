// SPDX-License-Identifier: MIT
// AMD IL's kernels over row values (ctisa/exec/value_rows.hpp) for the compiled path: the float
// arithmetic of straight chains (mov, add, sub, mul, mad, dp2, dp3, dp4, dp2add, min, max, abs,
// with and without _ieee) and the 32-bit integer and bit operations, with every source modifier
// but divcomp (swizzle, invert, bias, x2, sign, negate, abs, clamp) and the whole destination
// modifier (component modes, shift_scale, clamp, the default NaN). The same operations in the same
// order as the row kernels (execute.hpp, compute.hpp, semantics.hpp), so results are bit for bit
// the same. Declarations, nop and the program's final end do nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

#include "../../exec/loose_nan.hpp"
#include "../../exec/value_rows.hpp"
#include "describe.hpp"
#include "execute.hpp"

namespace ctisa::amdil::exec {

struct values {
    // Whether d has a value kernel: one of the operations above on plain rows (no index chosen per
    // lane, no divcomp), or an instruction that does nothing where it stands.
    [[nodiscard]] static constexpr bool supported(const instruction_desc& d) noexcept {
        if (d.refused != refusal::none) return false;
        if (does_nothing(d)) return true;
        if (!d.computes || !d.has_dest || d.dst.index.gathered || kind(d.op) == op_kind::none) return false;
        for (unsigned k = 0; k < d.srcs; ++k)
            if (d.src[k].index.gathered || d.src[k].divcomp != 0) return false;
        return true;
    }

    // Instruction D: every source read, then the components its destination writes.
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void execute(Rows& r) noexcept {
        if constexpr (!does_nothing(D)) {
            typename Rows::bits out[4];
            compute<D>(r, out);
            finish<D, Rows>(out);
            [&]<unsigned... C>(std::integer_sequence<unsigned, C...>) CTISA_EXEC_INLINE_LAMBDA {
                ((D.dst.mode[C] != 0 ? ctisa::exec::keep_in_order(out[C]) : void()), ...);
                ((D.dst.mode[C] != 0 ? void(r.row[std::integral_constant<std::uint32_t, D.dst.row + C>{}] = out[C]) : void()), ...);
            }(std::make_integer_sequence<unsigned, 4>{});
        }
    }

    // Marks the results that may keep the host's NaN bits (exec/loose_nan.hpp): their value
    // kernels leave out making a computed NaN the default NaN.
    static constexpr void mark_loose_nans(std::span<instruction_desc> code) noexcept { ctisa::exec::mark_loose_nans<loose_rules>(code); }
    // The rows the program carries from one instruction to a later one (exec/loose_nan.hpp): what
    // the compiled value path holds in registers.
    [[nodiscard]] static constexpr std::size_t carried_rows(std::span<const instruction_desc> code) noexcept {
        return ctisa::exec::carried_rows<loose_rules>(code);
    }

private:
    enum class op_kind { none, float_op, dot, int_op };

    // A value kernel whose result is the default NaN whenever a source is a NaN or it computes one.
    [[nodiscard]] static constexpr bool arithmetic(const instruction_desc& d) noexcept {
        return supported(d) && !does_nothing(d) && (kind(d.op) == op_kind::float_op || kind(d.op) == op_kind::dot) && d.op != opcode::mov;
    }
    // The program as the loose-NaN analysis sees it.
    struct loose_rules {
        static constexpr bool skipped(const instruction_desc& d) noexcept { return does_nothing(d); }
        static constexpr bool covered(const instruction_desc& d) noexcept { return supported(d); }
        static constexpr bool arithmetic(const instruction_desc& d) noexcept { return values::arithmetic(d); }
        static constexpr bool reads(const instruction_desc& d, std::uint32_t row) noexcept {
            for (unsigned k = 0; k < d.srcs; ++k)
                for (unsigned c = 0; c < 4; ++c)
                    if (d.src[k].row[c] == row) return true;
            return false;
        }
        static constexpr bool overwrites(const instruction_desc& d, std::uint32_t row) noexcept {
            return row >= d.dst.row && row < d.dst.row + 4 && d.dst.mode[row - d.dst.row] != 0;
        }
        static constexpr unsigned results(const instruction_desc& d, std::uint32_t (&rows)[4]) noexcept {
            unsigned n = 0;
            for (unsigned c = 0; c < 4; ++c)
                if (d.dst.mode[c] == 1) rows[n++] = d.dst.row + c;
            return n;
        }
        static constexpr void mark(instruction_desc& d, bool loose) noexcept { d.loose_nan = loose; }
    };

    [[nodiscard]] static constexpr bool does_nothing(const instruction_desc& d) noexcept {
        return d.op == opcode::nop || is_declaration(d.op) || ((d.op == opcode::end || d.op == opcode::endmain) && d.final_end);
    }

    [[nodiscard]] static constexpr op_kind kind(opcode op) noexcept {
        switch (op) {
            case opcode::mov:
            case opcode::add:
            case opcode::sub:
            case opcode::mul:
            case opcode::mad:
            case opcode::min:
            case opcode::max:
            case opcode::abs: return op_kind::float_op;
            case opcode::dp2:
            case opcode::dp3:
            case opcode::dp4:
            case opcode::dp2add: return op_kind::dot;
            case opcode::i_add:
            case opcode::i_mul:
            case opcode::u_mul:
            case opcode::i_mad:
            case opcode::u_mad:
            case opcode::i_max:
            case opcode::i_min:
            case opcode::u_max:
            case opcode::u_min:
            case opcode::i_eq:
            case opcode::i_ne:
            case opcode::i_ge:
            case opcode::i_lt:
            case opcode::u_ge:
            case opcode::u_lt:
            case opcode::i_negate:
            case opcode::i_not:
            case opcode::and_:
            case opcode::i_or:
            case opcode::i_xor:
            case opcode::i_shl:
            case opcode::i_shr:
            case opcode::u_shr: return op_kind::int_op;
            default: return op_kind::none;
        }
    }

    // Position C of source S, modifiers applied in load_source's order (execute.hpp).
    template <instruction_desc D, unsigned S, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void read(const Rows& r, typename Rows::bits& out) noexcept {
        using bits = typename Rows::bits;
        using floats = typename Rows::floats;
        constexpr source_desc s = D.src[S];
        constexpr bool negate = ((s.negate >> C) & 1u) != 0;
        out = r.row[std::integral_constant<std::uint32_t, s.row[C]>{}];
        if constexpr (detail::integer_source(D.op, S)) {  // two's complement (int_modifier)
            if constexpr (s.absolute) {
                const bits sign = bits{} - (out >> 31);
                out = (out ^ sign) - sign;
            }
            if constexpr (negate) out = bits{} - out;
        } else {
            if constexpr (s.invert || s.bias || s.x2 || s.sign) {
                floats x = __builtin_bit_cast(floats, out);
                const floats zero{};
                if constexpr (s.invert) x = (zero + 1.0f) - x;
                if constexpr (s.bias) x = x - 0.5f;
                if constexpr (s.x2) x = (zero + 2.0f) * x;
                if constexpr (s.sign) {  // x < 0 ? -1 : x == 0 ? 0 : x > 0 ? 1 : x
                    floats t;
                    ctisa::exec::select(x > zero, zero + 1.0f, x, t);
                    ctisa::exec::select(x == zero, zero, t, t);
                    ctisa::exec::select(x < zero, zero - 1.0f, t, x);
                }
                out = __builtin_bit_cast(bits, x);
            }
            constexpr ctisa::exec::float_modifier m(negate, s.absolute);
            if constexpr (s.absolute) out &= m.and_mask;
            if constexpr (negate) out ^= m.xor_mask;
            if constexpr (s.clamp) {
                floats x = __builtin_bit_cast(floats, out);
                saturate(x);
                out = __builtin_bit_cast(bits, x);
            }
        }
    }
    template <instruction_desc D, unsigned S, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void read_float(const Rows& r, typename Rows::floats& out) noexcept {
        typename Rows::bits b;
        read<D, S, C>(r, b);
        out = __builtin_bit_cast(typename Rows::floats, b);
    }

    // sem::saturate: x > 0 ? x : 0, then x < 1 ? x : 1 (NaN and -0 to +0).
    template <class F>
    CTISA_EXEC_INLINE static void saturate(F& x) noexcept {
        const F zero{};
        ctisa::exec::select(x > zero, x, zero, x);
        ctisa::exec::select(x < zero + 1.0f, x, zero + 1.0f, x);
    }

    // sem::flushed: denormals to a zero of their sign.
    template <class Rows>
    CTISA_EXEC_INLINE static typename Rows::floats flushed(const typename Rows::floats& x) noexcept {
        using bits = typename Rows::bits;
        const bits b = __builtin_bit_cast(bits, x);
        typename Rows::floats out;
        ctisa::exec::select((b & 0x7FFFFFFFu) < 0x00800000u, __builtin_bit_cast(typename Rows::floats, b & 0x80000000u), x, out);
        return out;
    }

    // sem::mul: without _ieee, 0 times an infinity or a NaN is +0.
    template <bool Ieee, class Rows>
    CTISA_EXEC_INLINE static typename Rows::floats mul(const typename Rows::floats& a, const typename Rows::floats& b) noexcept {
        using floats = typename Rows::floats;
        using bits = typename Rows::bits;
        const floats p = a * b;
        if constexpr (Ieee) {
            return p;
        } else {
            const floats zero{};
            const bits inf = bits{} + 0x7F800000u;
            const auto special = ((a == zero) | (b == zero)) &
                                 (((__builtin_bit_cast(bits, a) & 0x7FFFFFFFu) >= inf) | ((__builtin_bit_cast(bits, b) & 0x7FFFFFFFu) >= inf));
            floats out;
            ctisa::exec::select(special, zero, p, out);
            return out;
        }
    }

    // sem::max / sem::min.
    template <bool Max, bool Ieee, class Rows>
    CTISA_EXEC_INLINE static typename Rows::floats extreme(const typename Rows::floats& a, const typename Rows::floats& b) noexcept {
        using floats = typename Rows::floats;
        const floats fa = flushed<Rows>(a), fb = flushed<Rows>(b);
        floats out;
        if constexpr (Max) ctisa::exec::select(fa > fb, a, b, out);
        else ctisa::exec::select(fa < fb, a, b, out);
        if constexpr (Ieee) {
            const auto negative_zero = __builtin_bit_cast(typename Rows::ints, fa) < 0;  // signbit(fa)
            floats tie;
            if constexpr (Max) ctisa::exec::select(negative_zero, b, a, tie);
            else ctisa::exec::select(negative_zero, a, b, tie);
            ctisa::exec::select(fa == fb, tie, out, out);
            ctisa::exec::select(b != b, a, out, out);
            ctisa::exec::select(a != a, b, out, out);
        }
        return out;
    }

    // The result of component C before the destination modifier.
    template <instruction_desc D, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void component(const Rows& r, typename Rows::bits& out) noexcept {
        CTISA_EXEC_NO_CONTRACT
        using floats = typename Rows::floats;
        using bits = typename Rows::bits;
        using ints = typename Rows::ints;
        constexpr bool ieee = (D.control & 1u) != 0;
        constexpr opcode op = D.op;
        if constexpr (kind(op) == op_kind::float_op) {
            floats a, b, c, o;
            read_float<D, 0, C>(r, a);
            if constexpr (op == opcode::mov) {
                o = a;
            } else if constexpr (op == opcode::abs) {
                o = __builtin_bit_cast(floats, __builtin_bit_cast(bits, a) & 0x7FFFFFFFu);
            } else {
                read_float<D, 1, C>(r, b);
                if constexpr (op == opcode::add) o = a + b;
                else if constexpr (op == opcode::sub) o = a - b;
                else if constexpr (op == opcode::mul) o = mul<ieee, Rows>(a, b);
                else if constexpr (op == opcode::max) o = extreme<true, ieee, Rows>(a, b);
                else if constexpr (op == opcode::min) o = extreme<false, ieee, Rows>(a, b);
                else {  // mad: the product rounded, then the sum
                    read_float<D, 2, C>(r, c);
                    const floats p = mul<ieee, Rows>(a, b);
                    o = p + c;
                }
            }
            out = __builtin_bit_cast(bits, o);
        } else {
            bits a, b, c;
            read<D, 0, C>(r, a);
            if constexpr (op == opcode::i_negate) out = bits{} - a;
            else if constexpr (op == opcode::i_not) out = ~a;
            else {
                read<D, 1, C>(r, b);
                const ints sa = __builtin_bit_cast(ints, a), sb = __builtin_bit_cast(ints, b);
                if constexpr (op == opcode::i_add) out = a + b;
                else if constexpr (op == opcode::i_mul || op == opcode::u_mul) out = a * b;
                else if constexpr (op == opcode::i_mad || op == opcode::u_mad) {
                    read<D, 2, C>(r, c);
                    out = a * b + c;
                } else if constexpr (op == opcode::i_max) ctisa::exec::select(sa >= sb, a, b, out);
                else if constexpr (op == opcode::i_min) ctisa::exec::select(sa < sb, a, b, out);
                else if constexpr (op == opcode::u_max) ctisa::exec::select(a >= b, a, b, out);
                else if constexpr (op == opcode::u_min) ctisa::exec::select(a < b, a, b, out);
                else if constexpr (op == opcode::i_eq) out = __builtin_bit_cast(bits, a == b);
                else if constexpr (op == opcode::i_ne) out = __builtin_bit_cast(bits, a != b);
                else if constexpr (op == opcode::i_ge) out = __builtin_bit_cast(bits, sa >= sb);
                else if constexpr (op == opcode::i_lt) out = __builtin_bit_cast(bits, sa < sb);
                else if constexpr (op == opcode::u_ge) out = __builtin_bit_cast(bits, a >= b);
                else if constexpr (op == opcode::u_lt) out = __builtin_bit_cast(bits, a < b);
                else if constexpr (op == opcode::and_) out = a & b;
                else if constexpr (op == opcode::i_or) out = a | b;
                else if constexpr (op == opcode::i_xor) out = a ^ b;
                else if constexpr (op == opcode::i_shl) out = a << (b & 31u);
                else if constexpr (op == opcode::i_shr) out = __builtin_bit_cast(bits, sa >> __builtin_bit_cast(ints, b & 31u));
                else out = a >> (b & 31u);  // u_shr
            }
        }
    }

    // DP2, DP3, DP4 (and DP2ADD's src2.z): the products summed left to right.
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void dot(const Rows& r, typename Rows::bits& out) noexcept {
        CTISA_EXEC_NO_CONTRACT
        using floats = typename Rows::floats;
        constexpr bool ieee = (D.control & 1u) != 0;
        constexpr unsigned n = D.op == opcode::dp4 ? 4 : D.op == opcode::dp3 ? 3 : 2;
        floats a, b;
        read_float<D, 0, 0>(r, a);
        read_float<D, 1, 0>(r, b);
        floats sum = mul<ieee, Rows>(a, b);
        [&]<unsigned... C>(std::integer_sequence<unsigned, C...>) CTISA_EXEC_INLINE_LAMBDA {
            ((read_float<D, 0, C + 1>(r, a), read_float<D, 1, C + 1>(r, b), sum = sum + mul<ieee, Rows>(a, b)), ...);
        }(std::make_integer_sequence<unsigned, n - 1>{});
        if constexpr (D.op == opcode::dp2add) {
            read_float<D, 2, 2>(r, a);
            sum = sum + a;
        }
        out = __builtin_bit_cast(typename Rows::bits, sum);
    }

    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void compute(const Rows& r, typename Rows::bits (&out)[4]) noexcept {
        if constexpr (kind(D.op) == op_kind::dot) {
            dot<D>(r, out[0]);
            out[1] = out[2] = out[3] = out[0];
        } else {
            [&]<unsigned... C>(std::integer_sequence<unsigned, C...>) CTISA_EXEC_INLINE_LAMBDA {
                ((D.dst.mode[C] == 1 ? component<D, C>(r, out[C]) : void()), ...);
            }(std::make_integer_sequence<unsigned, 4>{});
        }
    }

    // The destination modifier (write_result): the 0.0 / 1.0 components; on float results
    // shift_scale, then clamp, then a computed NaN made the default quiet NaN.
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void finish(typename Rows::bits (&out)[4]) noexcept {
        using floats = typename Rows::floats;
        using bits = typename Rows::bits;
        constexpr bool floats_out = detail::float_result(D.op);
        constexpr bool scaled = floats_out && (D.dst.shift != 0 || D.dst.clamp);
        constexpr bool computed_nan = floats_out && D.op != opcode::mov && !D.loose_nan;
        [&]<unsigned... C>(std::integer_sequence<unsigned, C...>) CTISA_EXEC_INLINE_LAMBDA {
            (
                [&] {
                    if constexpr (D.dst.mode[C] >= 2) {
                        out[C] = bits{} + (D.dst.mode[C] == 2 ? 0u : 0x3F800000u);
                    } else if constexpr (D.dst.mode[C] == 1) {
                        if constexpr (scaled) {
                            floats x = __builtin_bit_cast(floats, out[C]) * detail::shift_factor[D.dst.shift & 15u];
                            if constexpr (D.dst.clamp) saturate(x);
                            out[C] = __builtin_bit_cast(bits, x);
                        }
                        if constexpr (computed_nan) {  // (an ordered compare: one instruction less in a chain than the bit test)
                            const floats x = __builtin_bit_cast(floats, out[C]);
                            ctisa::exec::select(x == x, out[C], bits{} + 0x7FC00000u, out[C]);
                        }
                    }
                }(),
                ...);
        }(std::make_integer_sequence<unsigned, 4>{});
    }
};

}  // namespace ctisa::amdil::exec
