// SPDX-License-Identifier: MIT
// AMD IL's own room (a quirk of this ISA: mmul and transpose name more registers than any
// descriptor holds).
// mmul and transpose (7.8) name more registers than a descriptor holds: mmul five sources (src0 and
// the four rows from src1), transpose four destinations. Their operands wait in the layout's side
// table (layout.hpp: wide_operands) and the kernel describes them when it runs, as the access
// kernel takes its descriptor at run time. The rows after a register are the registers with the
// next numbers, or the next elements of an array (relative addressing applies to each row, 7.8).
#pragma once

#include <cstddef>
#include <cstdint>

#include "execute.hpp"

namespace ctisa::amdil::exec {

namespace detail {

// Row k of a wide operand over the N lanes, modifiers applied (an index gathers through slot 0).
template <std::size_t N, class View>
void read_row(const layout& l, const View& v, const operand_tokens& t, unsigned k, lane_word (&out)[4][N]) {
    source_desc s;
    if (!describe_source(l, row_after(t, k), 0, s)) return;  // checked when the program was described
    if (s.index.gathered) gather<N>(v, s.index, layout::gather);
    load_source<N>(v, s, false, false, false, 0, out);
}

// r to the destination register row k after the instruction's own, through its modifier.
template <std::size_t N, class View>
void write_row(const layout& l, const View& v, instruction_desc d, const operand_tokens& t, unsigned k, lane_word (&r)[4][N], unsigned written,
               const lane_word* active, bool all) {
    using Desc = ctisa::exec::dynamic_desc<instruction_desc>;
    if (k != 0 && !describe_dest(l, row_after(t, k), d.dst)) return;
    if (d.dst.index.gathered) gather<N>(v, d.dst.index, layout::result);  // the components not written keep their values
    write_result<Desc, N>(v, d, 0, r, written, active, all);
    if (d.dst.index.gathered) scatter<N>(v, d.dst, written, active, all);
}

}  // namespace detail

// mmul: dst.c = dot(src0, row c of src1) for the rows the ILMatrix form computes (dot4 for 4x4 and 4x3,
// dot3 for the others; 4x3 and 3x3 write x, y, z, 3x2 x, y), the products non-IEEE as DP3 / DP4
// without their IEEE control, summed left to right. transpose: dst row k = (src0.k, src1.k, src2.k,
// src3.k) for the source rows (the text's vdst1[1] = vsrc1[0] is a misprint for vsrc1[1]).
template <class View>
void matrix(const instruction_desc& d, const View& v, const lane_word* active, bool all, const layout& l, effects<View::lanes>& fx) {
    constexpr std::size_t N = View::lanes;
    if (d.refused != refusal::none) {
        fx.refused = d.refused;
        return;
    }
    const wide_operands& w = l.wide[d.target];
    const bool mmul = d.op == opcode::mmul;
    lane_word m[4][4][N];
    for (unsigned k = 0; k < 4; ++k) detail::read_row<N>(l, v, w.operand[mmul ? 2 : 1], k, m[k]);
    lane_word r[4][N];
    if (!mmul) {
        for (unsigned k = 0; k < 4; ++k) {
            for (unsigned c = 0; c < 4; ++c)
                for (std::size_t i = 0; i < N; ++i) r[c][i] = m[c][k][i];
            detail::write_row<N>(l, v, d, w.operand[0], k, r, 0xF, active, all);
        }
        return;
    }
    lane_word x[4][N];
    detail::read_row<N>(l, v, w.operand[1], 0, x);
    const unsigned n = d.control <= 1 ? 4 : 3, rows = d.control == 0 || d.control == 2 ? 4 : d.control == 4 ? 2 : 3;
    for (unsigned c = 0; c < 4; ++c)
        for (std::size_t i = 0; i < N; ++i) {
            float sum = 0.0f;
            for (unsigned j = 0; j < n && c < rows; ++j) {
                const float p = sem::mul(as_float(x[j][i]), as_float(m[c][j][i]), false);
                sum = j == 0 ? p : sum + p;
            }
            r[c][i] = as_bits(sum);
        }
    detail::write_row<N>(l, v, d, w.operand[0], 0, r, (1u << rows) - 1, active, all);
}

}  // namespace ctisa::amdil::exec
