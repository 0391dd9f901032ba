// SPDX-License-Identifier: MIT
// A room of its own for now, not a quirk: the compiled path's reading of sources and destination
// modifiers on row values (the operations are semantics.hpp's templates already); to go with
// float_path.hpp onto the shared row path (exec/row_path.hpp, as Valhall) once measured no slower.
// AMD IL's kernels over row values (ctisa/exec/value_rows.hpp) for the compiled path: the float
// arithmetic of straight chains (mov, add, sub, mul, mad, dp2, dp3, dp4, dp2add, min, max, abs,
// with and without _ieee) and the 32-bit integer and bit operations, with every source modifier
// but divcomp (swizzle, invert, bias, x2, sign, negate, abs, clamp) and the whole destination
// modifier (component modes, shift_scale, clamp, the default NaN). The same operations in the same
// order as the row kernels (execute.hpp, semantics.hpp), so results are bit for bit
// the same. Declarations, nop and the program's final end do nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

#include "../../exec/loose_nan.hpp"
#include "../../exec/value_rows.hpp"
#include "descriptor.hpp"
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
        return sem::float_operations::has(op)     ? op_kind::float_op
               : sem::dot_operations::has(op)     ? op_kind::dot
               : sem::integer_operations::has(op) ? op_kind::int_op
                                                  : op_kind::none;
    }

    // Position C of source S, modifiers applied in load_source's order (execute.hpp, semantics.hpp).
    template <instruction_desc D, unsigned S, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void read(const Rows& r, typename Rows::bits& out) noexcept {
        using floats = typename Rows::floats;
        constexpr source_desc s = D.src[S];
        constexpr bool negate = ((s.negate >> C) & 1u) != 0;
        out = r.row[std::integral_constant<std::uint32_t, s.row[C]>{}];
        if constexpr (detail::integer_source(D.op, S)) {
            out = sem::integer_source(out, negate, s.absolute);
        } else {
            if constexpr (s.invert || s.bias || s.x2 || s.sign)
                out = sem::view<typename Rows::bits>(sem::modified_source(sem::view<floats>(out), s.invert, s.bias, s.x2, s.sign));
            constexpr ctisa::exec::float_modifier m(negate, s.absolute);
            if constexpr (s.absolute) out &= m.and_mask;
            if constexpr (negate) out ^= m.xor_mask;
            if constexpr (s.clamp) out = sem::view<typename Rows::bits>(sem::saturated(sem::view<floats>(out)));
        }
    }
    template <instruction_desc D, unsigned S, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void read_float(const Rows& r, typename Rows::floats& out) noexcept {
        typename Rows::bits b;
        read<D, S, C>(r, b);
        out = __builtin_bit_cast(typename Rows::floats, b);
    }

    // The result of component C before the destination modifier (semantics.hpp's operation on rows).
    template <instruction_desc D, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void component(const Rows& r, typename Rows::bits& out) noexcept {
        using floats = typename Rows::floats;
        using bits = typename Rows::bits;
        constexpr unsigned n = arity(D.op);
        if constexpr (kind(D.op) == op_kind::float_op) {
            floats a{}, b{}, c{};
            read_float<D, 0, C>(r, a);
            if constexpr (n > 1) read_float<D, 1, C>(r, b);
            if constexpr (n > 2) read_float<D, 2, C>(r, c);
            out = __builtin_bit_cast(bits, sem::float_operation < D.op, (D.control & 1u) != 0 > (a, b, c));
        } else {
            bits a{}, b{}, c{};
            read<D, 0, C>(r, a);
            if constexpr (n > 1) read<D, 1, C>(r, b);
            if constexpr (n > 2) read<D, 2, C>(r, c);
            out = sem::integer_operation<D.op>(a, b, c);
        }
    }

    // DP2, DP3, DP4, DP2ADD (semantics.hpp's dot on rows).
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void dot(const Rows& r, typename Rows::bits& out) noexcept {
        using floats = typename Rows::floats;
        constexpr unsigned n = D.op == opcode::dp4 ? 4 : D.op == opcode::dp3 ? 3 : 2;
        floats x[3][4];
        const auto load = [&]<unsigned S, unsigned C>() CTISA_EXEC_INLINE_LAMBDA {  // the components the dot reads
            if constexpr (S < 2 ? C < n : D.op == opcode::dp2add && C == 2) read_float<D, S, C>(r, x[S][C]);
        };
        [&]<unsigned... I>(std::integer_sequence<unsigned, I...>)
            CTISA_EXEC_INLINE_LAMBDA { (load.template operator()<I / 4, I % 4>(), ...); }(std::make_integer_sequence<unsigned, 12>{});
        const auto source = [&](unsigned s, unsigned c) CTISA_EXEC_INLINE_LAMBDA { return x[s][c]; };
        out = __builtin_bit_cast(typename Rows::bits, sem::dot < D.op, (D.control & 1u) != 0 > (source));
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
                        out[C] = bits{} + sem::constant_component(D.dst.mode[C]);
                    } else if constexpr (D.dst.mode[C] == 1) {
                        if constexpr (scaled) out[C] = sem::view<bits>(sem::scaled_result(sem::view<floats>(out[C]), D.dst.shift, D.dst.clamp));
                        if constexpr (computed_nan) out[C] = sem::default_nan(__builtin_bit_cast(floats, out[C]));
                    }
                }(),
                ...);
        }(std::make_integer_sequence<unsigned, 4>{});
    }
};

}  // namespace ctisa::amdil::exec
