// SPDX-License-Identifier: MIT
// alu<Op>(dst, sources...): the ALU builder with its opcode fixed when compiled, which the named
// builders (generated/builders.hpp) call. The opcode's category, source count and where each of
// its fields lies are then constants: a wrong category or count does not compile (a static_assert
// naming the rule), and building is a few shifts into the dwords of make(Op), which are the
// instruction's encoding, with no table read at run time. An operand it refuses sends it the
// run-time alu(op, ...) way, so the errors are that builder's.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "builder.hpp"

namespace ctisa::cayman {

namespace detail {

// Where alu<Op> writes a field; !usable where try_set() refuses it (no such field, the encoder's,
// or one the opcode does not use).
struct fixed_field {
    bool usable = false;
    std::uint8_t dword = 0;
    std::uint8_t lsb = 0;
    std::uint32_t max = 0;  // the largest value it holds
};

[[nodiscard]] constexpr fixed_field fixed_field_of(opcode op, field_key k) noexcept {
    const std::uint32_t p = packed_place(op, k), position = (p >> 11) & 255u;
    if ((p & 511u) == 0 || is_owned(op, (p & 511u) - 1, position) || !uses_field(op, position)) return {};
    return {true, static_cast<std::uint8_t>((p >> 9) & 3u), static_cast<std::uint8_t>(place_lsb(p)), place_mask(p) >> place_lsb(p)};
}

struct fixed_source {
    fixed_field sel, chan, rel, neg, abs;
};

// Everything alu<Op> needs to know about Op, computed by the compiler.
template <opcode Op>
struct alu_plan {
    static constexpr instruction base = make(Op);
    static constexpr fixed_field dst_gpr = fixed_field_of(Op, field_key::dst_gpr), dst_chan = fixed_field_of(Op, field_key::dst_chan),
                                 dst_rel = fixed_field_of(Op, field_key::dst_rel), write_mask = fixed_field_of(Op, field_key::write_mask);
    static constexpr std::array<fixed_source, 3> sources = [] {
        std::array<fixed_source, 3> out{};
        for (std::size_t s = 0; s < 3; ++s)
            out[s] = {fixed_field_of(Op, source_sel[s]), fixed_field_of(Op, source_chan[s]), fixed_field_of(Op, source_rel[s]),
                      fixed_field_of(Op, source_neg[s]), s < 2 ? fixed_field_of(Op, source_abs[s]) : fixed_field{}};
        return out;
    }();
};

CTISA_ALWAYS_INLINE constexpr void put_fixed(instruction& in, const fixed_field& f, std::uint32_t value) noexcept {
    in.dwords[f.dword] |= value << f.lsb;  // the field is zero in make(Op), and value fits
}

// try_put_source() for source S of Op: false where that refuses it (then `op` is half-written).
template <opcode Op, std::size_t S>
[[nodiscard]] CTISA_ALWAYS_INLINE constexpr bool put_fixed_source(alu_op& op, const source_fields& f) noexcept {
    constexpr fixed_source p = alu_plan<Op>::sources[S];
    if (!f.error_field.empty() || !p.sel.usable || !p.chan.usable || f.sel > p.sel.max || f.chan > p.chan.max) return false;
    if ((f.rel && !p.rel.usable) || (f.neg && !p.neg.usable) || (f.abs && !p.abs.usable)) return false;
    put_fixed(op.in, p.sel, f.sel);
    put_fixed(op.in, p.chan, f.chan);
    if (f.rel) put_fixed(op.in, p.rel, 1);
    if (f.neg) put_fixed(op.in, p.neg, 1);
    if (f.abs) put_fixed(op.in, p.abs, 1);
    if (f.literal) {
        std::optional<std::uint32_t>& held = op.literals[f.chan];
        if (held && *held != *f.literal) return false;
        held = f.literal;
    }
    return true;
}

template <opcode Op, std::size_t... S, class... Sources>
[[nodiscard]] CTISA_ALWAYS_INLINE constexpr bool put_fixed_sources(alu_op& op, std::index_sequence<S...>, const Sources&... sources) noexcept {
    return (put_fixed_source<Op, S>(op, fields_of(sources)) && ...);
}

}  // namespace detail

// The instruction alu(Op, dst, sources...) builds, or its error, with Op fixed when compiled.
template <opcode Op, class... Sources>
[[nodiscard]] constexpr result<alu_op> alu(operands::gpr dst, const Sources&... sources) noexcept {
    constexpr category c = info(Op).cat;
    static_assert(c == category::alu_op2 || c == category::alu_op3 || c == category::lds_idx_op,
                  "Cayman rule: alu<Op>() builds ALU_OP2, ALU_OP3 and LDS_IDX_OP instructions");
    static_assert(sizeof...(Sources) == info(Op).sources, "Cayman rule: alu<Op>() takes as many sources as the opcode reads");
    static_assert((detail::is_source<Sources> && ...),
                  "an ALU source is a GPR element, a kcache constant, a literal, PV or a special source (operands::)");
    using plan = detail::alu_plan<Op>;
    // Built in place, in the one result returned (named, so not copied): copying a value just
    // written field by field reads it whole, and such a read waits for the narrow writes.
    result<alu_op> r{alu_op{plan::base, {}}};
    alu_op& out = *r;
    const auto chan = static_cast<std::uint32_t>(dst.chan);
    // As alu(op, ...): a destination field the format lacks or refuses stays as it is.
    if constexpr (plan::dst_gpr.usable) detail::put_fixed(out.in, plan::dst_gpr, dst.index);
    if (plan::dst_chan.usable && chan <= plan::dst_chan.max) detail::put_fixed(out.in, plan::dst_chan, chan);
    if (plan::dst_rel.usable && dst.relative) detail::put_fixed(out.in, plan::dst_rel, 1);
    if constexpr (plan::write_mask.usable) detail::put_fixed(out.in, plan::write_mask, 1);
    if (dst.index >= 128 || !detail::put_fixed_sources<Op>(out, std::index_sequence_for<Sources...>{}, sources...))
        r = alu(Op, dst, sources...);  // refused: the run-time builder says why
    return r;
}

}  // namespace ctisa::cayman
