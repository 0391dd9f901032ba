// SPDX-License-Identifier: MIT
// A room of its own for now, not a quirk: the compiled path's second copy of execute.hpp's
// arithmetic on row values, to fold into semantics.hpp's templates (issue 33) once that is measured
// no slower (branch h31-b tried it together with NV's, and was held back).
// ATTILA's kernels over row values (ctisa/exec/value_rows.hpp) for the compiled path: MOV, ADD,
// MUL, MAD, MIN, MAX, SGE, SLT, CMP, FRC, FLR, DP3, DP4 with swizzles, modifiers, masks and
// saturation. The same operations in the same order as
// their row kernels (execute.hpp), so results are bit for bit the same. Each instruction reads all
// its sources before it writes, and computes its components in one expression each, side by side:
// four independent chains the CPU overlaps.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "../../exec/value_rows.hpp"
#include "descriptor.hpp"

namespace ctisa::attila::exec {

// (A struct, so that exec::values_traits hands it to the executor core.)
struct values {
    // Whether d has a value kernel: one of the operations above, with no predicate, end flag or
    // relative source (those keep the row kernels and the step hook).
    [[nodiscard]] static constexpr bool supported(const instruction_desc& d) noexcept {
        switch (d.op) {
            case opcode::mov:
            case opcode::add:
            case opcode::mul:
            case opcode::mad:
            case opcode::min:
            case opcode::max:
            case opcode::sge:
            case opcode::slt:
            case opcode::cmp:
            case opcode::frc:
            case opcode::flr:
            case opcode::dp3:
            case opcode::dp4: break;
            default: return false;
        }
        if (d.predicated || d.end || d.invert_result) return false;
        for (const source_desc& s : d.sources)
            if (s.relative) return false;
        return true;
    }

    // Component C of source S, modifiers applied (sign-bit operations, as float_modifier).
    template <instruction_desc D, unsigned S, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void read(const Rows& r, typename Rows::floats& out) noexcept {
        constexpr ctisa::exec::float_modifier m = D.sources[S].float_mod();
        constexpr std::uint32_t row = D.sources[S].row[C];  // (a constant: Clang 19 miscompiles reads of D at run time)
        static_assert(row < Rows::count);
        out = __builtin_bit_cast(typename Rows::floats, (r.row[row] & m.and_mask) ^ m.xor_mask);
    }

    // Component C of a component-wise instruction. The selects are the scalar code's conditional
    // expressions (semantics.hpp) operand for operand, so that NaN and -0 take the same side.
    template <instruction_desc D, unsigned C, class Rows>
    CTISA_EXEC_INLINE static void component(const Rows& r, typename Rows::floats& out) noexcept {
        CTISA_EXEC_NO_CONTRACT
        using floats = typename Rows::floats;
        using ctisa::exec::select;
        floats a, b, c;
        read<D, 0, C>(r, a);
        const floats zero{}, one = zero + 1.0f;
        if constexpr (D.op == opcode::mov) {
            out = a;
        } else if constexpr (D.op == opcode::flr) {
            ctisa::exec::floor_lanes(a, out);
        } else if constexpr (D.op == opcode::frc) {  // a - floor(a)
            floats f;
            ctisa::exec::floor_lanes(a, f);
            out = a - f;
        } else {
            read<D, 1, C>(r, b);
            if constexpr (D.op == opcode::add) {
                out = a + b;
            } else if constexpr (D.op == opcode::mul) {
                out = a * b;
            } else if constexpr (D.op == opcode::max) {  // a > b ? a : b
                select(a > b, a, b, out);
            } else if constexpr (D.op == opcode::min) {  // a < b ? a : b
                select(a < b, a, b, out);
            } else if constexpr (D.op == opcode::sge) {  // a < b ? 0 : 1
                select(a < b, zero, one, out);
            } else if constexpr (D.op == opcode::slt) {  // a < b ? 1 : 0
                select(a < b, one, zero, out);
            } else if constexpr (D.op == opcode::cmp) {  // a < 0 ? b : c
                read<D, 2, C>(r, c);
                select(a < zero, b, c, out);
            } else {  // MAD: the product rounded before the sum (op_mad)
                read<D, 2, C>(r, c);
                const floats product = a * b;
                out = product + c;
            }
        }
    }

    // _sat (saturate_min_first): x < 1 ? x : 1, then m > 0 ? m : 0.
    template <class F>
    CTISA_EXEC_INLINE static void saturate(F& x) noexcept {
        const F zero{}, one = zero + 1.0f;
        F m;
        ctisa::exec::select(x < one, x, one, m);
        ctisa::exec::select(m > zero, m, zero, x);
    }

    // DP3/DP4: the products summed left to right (op_dp3, op_dp4).
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void dot(const Rows& r, typename Rows::floats& sum) noexcept {
        CTISA_EXEC_NO_CONTRACT
        typename Rows::floats a, b;
        read<D, 0, 0>(r, a);
        read<D, 1, 0>(r, b);
        sum = a * b;
        [&]<unsigned... C>(std::integer_sequence<unsigned, C...>) CTISA_EXEC_INLINE_LAMBDA {
            ((read<D, 0, C + 1>(r, a), read<D, 1, C + 1>(r, b), sum = sum + a * b), ...);
        }(std::make_integer_sequence < unsigned, D.op == opcode::dp3 ? 2 : 3 > {});
    }

    // Instruction D: every source read, then the masked components written.
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void execute(Rows& r) noexcept {
        typename Rows::floats out[4];
        if constexpr (D.op == opcode::dp3 || D.op == opcode::dp4) {
            dot<D>(r, out[0]);
            out[1] = out[2] = out[3] = out[0];
        } else {
            [&]<unsigned... C>(std::integer_sequence<unsigned, C...>) CTISA_EXEC_INLINE_LAMBDA {
                ((D.mask.has(C) ? component<D, C>(r, out[C]) : void()), ...);
            }(std::make_integer_sequence<unsigned, 4>{});
        }
        [&]<unsigned... C>(std::integer_sequence<unsigned, C...>) CTISA_EXEC_INLINE_LAMBDA {
            if constexpr (D.saturate) ((D.mask.has(C) ? saturate(out[C]) : void()), ...);
            ((D.mask.has(C) ? ctisa::exec::keep_in_order(out[C]) : void()), ...);
            ((D.mask.has(C)
                  ? void(r.row[std::integral_constant<std::uint32_t, D.result_row + C>{}] = __builtin_bit_cast(typename Rows::bits, out[C]))
                  : void()),
             ...);
        }(std::make_integer_sequence<unsigned, 4>{});
    }
};

}  // namespace ctisa::attila::exec
