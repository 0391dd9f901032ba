// SPDX-License-Identifier: MIT
// Typed builders for ALU instructions and groups. Operands have types (a GPR element, a kcache
// constant, a literal, an inline constant, PV, a special source): a wrong kind does not compile; a
// value out of range or a wrong operand count stops compilation in a function named after the rule
// when constant, and is the result's error at run time. A group takes its slots from the
// destination channels, sets LAST and gathers the literals, then passes chapter 4's checks.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "../core/bits.hpp"
#include "../core/builder.hpp"
#include "group.hpp"
#include "layout.hpp"

namespace ctisa::cayman {

enum class channel : std::uint8_t { x, y, z, w };

namespace operands {

// Rn.c: a GPR element (0-127), optionally relative (INDEX_MODE).
struct gpr {
    std::uint32_t index = 0;
    channel chan = channel::x;
    bool relative = false;
};
// KCn[i].c: constant i (0-31) of kcache bank n (0-3), that is of the lines the clause locks.
struct kcache {
    std::uint32_t bank = 0;
    std::uint32_t index = 0;
    channel chan = channel::x;
};
// A literal element of the group with its value.
struct literal {
    std::uint32_t value = 0;
    channel chan = channel::x;
};
// The previous group's result in channel c.
struct pv {
    channel chan = channel::x;
};
// A named source select (inline constants, LDS queues, hardware IDs): alu_src_sel's values.
struct special {
    std::uint32_t sel = 0;
    channel chan = channel::x;
};

inline constexpr special zero{248}, one{249}, one_int{250}, minus_one_int{251}, half{252};
inline constexpr special lds_oq_a_pop{221}, lds_oq_b_pop{222};

[[nodiscard]] constexpr gpr R(std::uint32_t index, channel c) noexcept { return gpr{index, c, false}; }

// Source modifiers: -src and |src|.
template <class Operand>
struct modified {
    Operand operand;
    bool neg = false;
    bool abs = false;
};
template <class Operand>
[[nodiscard]] constexpr modified<Operand> neg(Operand o) noexcept {
    return {o, true, false};
}
template <class Operand>
[[nodiscard]] constexpr modified<Operand> abs(Operand o) noexcept {
    return {o, false, true};
}

// The operands of each slot of an instruction that fills several (slot_by_slot), in slot order:
// each(R(1, y), R(2, x)) for a 64-bit pair, xyzw(R(1, x)) for R1's four elements across the slots.
template <class Operand, std::size_t N>
struct per_slot {
    std::array<Operand, N> at;
};
template <class Operand, class... More>
[[nodiscard]] constexpr per_slot<Operand, 1 + sizeof...(More)> each(Operand first, More... more) noexcept {
    static_assert((std::is_same_v<Operand, More> && ...), "each(): one kind of operand for every slot");
    return {{first, more...}};
}
template <class Operand>
[[nodiscard]] constexpr Operand at_channel(Operand o, channel c) noexcept {
    if constexpr (requires { o.operand; }) o.operand = at_channel(o.operand, c);
    else o.chan = c;
    return o;
}
template <class Operand>
[[nodiscard]] constexpr per_slot<Operand, 4> xyzw(Operand o) noexcept {
    return {{at_channel(o, channel::x), at_channel(o, channel::y), at_channel(o, channel::z), at_channel(o, channel::w)}};
}

}  // namespace operands

// One ALU instruction and the literal values its sources name (by channel).
struct alu_op {
    instruction in{};
    std::array<std::optional<std::uint32_t>, 4> literals{};
};

namespace detail {

template <class T>
struct is_modified : std::false_type {
    using inner = void;
};
template <class T>
struct is_modified<operands::modified<T>> : std::true_type {
    using inner = T;
};

template <class T>
constexpr bool is_plain_source = std::is_same_v<T, operands::gpr> || std::is_same_v<T, operands::kcache> ||
                                 std::is_same_v<T, operands::literal> || std::is_same_v<T, operands::pv> || std::is_same_v<T, operands::special>;

template <class T>
constexpr bool is_source = is_plain_source<T> || is_plain_source<typename is_modified<T>::inner>;

struct source_fields {
    std::uint32_t sel = 0, chan = 0, rel = 0, neg = 0, abs = 0;
    std::optional<std::uint32_t> literal;
    std::string_view error_field{};  // a value out of range, for the message
};

// Inlined: called once per source of each built instruction, and a call returns the fields (with
// an optional and a string_view, 48 bytes) through memory. GCC inlined it for AVX-512 builds
// but not for AVX2 ones (-march=haswell), where the call was 30% of codec/encode/cayman.
template <class T>
[[nodiscard]] CTISA_ALWAYS_INLINE constexpr source_fields fields_of(const T& s) noexcept {
    if constexpr (is_modified<T>::value) {
        source_fields f = fields_of(s.operand);
        f.neg = s.neg;
        f.abs = s.abs;
        return f;
    } else if constexpr (std::is_same_v<T, operands::gpr>) {
        return {s.index, static_cast<std::uint32_t>(s.chan), s.relative, 0, 0, {}, s.index < 128 ? std::string_view{} : "R"};
    } else if constexpr (std::is_same_v<T, operands::kcache>) {
        const std::uint32_t base = s.bank < 2 ? 128 + 32 * s.bank : 256 + 32 * (s.bank - 2);
        return {base + s.index, static_cast<std::uint32_t>(s.chan), 0, 0, 0, {}, s.bank < 4 && s.index < 32 ? std::string_view{} : "KCACHE"};
    } else if constexpr (std::is_same_v<T, operands::literal>) {
        return {253, static_cast<std::uint32_t>(s.chan), 0, 0, 0, s.value, {}};
    } else if constexpr (std::is_same_v<T, operands::pv>) {
        return {254, static_cast<std::uint32_t>(s.chan), 0, 0, 0, {}, {}};
    } else {
        return {s.sel, static_cast<std::uint32_t>(s.chan), 0, 0, 0, {}, {}};
    }
}

constexpr std::array<field_key, 3> source_rel{field_key::src0_rel, field_key::src1_rel, field_key::src2_rel};

// Sets one source's fields; ABS exists for src0 and src1 of the OP2 formats only.
inline constexpr std::array<std::string_view, 3> source_roles{"source 1", "source 2", "source 3"};

// An error about source s (operand s + 2, after the destination), showing its text: R201 for a
// GPR out of range (subject and number), else the field or value refused.
[[nodiscard]] constexpr error source_error(error e, std::size_t s) noexcept {
    e.operand = static_cast<std::uint8_t>(s + 2);
    e.role = source_roles[s < 3 ? s : 2];
    return e;
}

[[nodiscard]] constexpr result<alu_op> put_source(alu_op op, std::size_t s, const source_fields& f) noexcept {
    if (f.error_field == "R") return source_error(error{ctisa::errors::register_out_of_range, 0, 0, 0, "R", 0, {}, true, f.sel}, s);
    if (!f.error_field.empty()) return source_error(error{ctisa::errors::register_out_of_range, 0, 0, 0, f.error_field}, s);
    auto in = set(op.in, source_sel[s], f.sel);
    if (in) in = set(*in, source_chan[s], f.chan);
    if (in && f.rel) in = set(*in, source_rel[s], 1);
    if (in && f.neg) in = set(*in, source_neg[s], 1);
    if (in && f.abs) {
        if (s >= 2 || !get(*in, source_abs[s])) return source_error(error{ctisa::errors::modifier_not_allowed, 0, 0, 0, "ABS"}, s);
        in = set(*in, source_abs[s], 1);
    }
    if (!in) return source_error(in.error(), s);
    op.in = *in;
    if (f.literal) {
        if (op.literals[f.chan] && *op.literals[f.chan] != *f.literal)
            return source_error(error{ctisa::errors::operands_conflict, 0, 0, 0, "literal"}, s);
        op.literals[f.chan] = f.literal;
    }
    return op;
}

// put_source() in place, without building an error: false where put_source() fails (then `op` is
// half-written, and the builder starts again with put_source() for the error).
[[nodiscard]] constexpr bool try_put_source(alu_op& op, std::size_t s, const source_fields& f) noexcept {
    if (!f.error_field.empty() || !try_set(op.in, source_sel[s], f.sel) || !try_set(op.in, source_chan[s], f.chan)) return false;
    if (f.rel && !try_set(op.in, source_rel[s], 1)) return false;
    if (f.neg && !try_set(op.in, source_neg[s], 1)) return false;
    if (f.abs && (s >= 2 || place_of(op.in.op, source_abs[s]).index < 0 || !try_set(op.in, source_abs[s], 1))) return false;
    if (f.literal) {
        if (op.literals[f.chan] && *op.literals[f.chan] != *f.literal) return false;
        op.literals[f.chan] = f.literal;
    }
    return true;
}

}  // namespace detail

// An ALU instruction (ALU_OP2, ALU_OP3 or LDS_IDX_OP) writing dst with the given sources. Errors:
// another category (misplaced_statement), a source count other than the opcode's (missing_operand,
// too_many_operands), a GPR or kcache index out of range (register_out_of_range), |x| where the
// encoding has no ABS (modifier_not_allowed), two values for one literal element (operands_conflict).
template <class... Sources>
[[nodiscard]] constexpr result<alu_op> alu(opcode op, operands::gpr dst, const Sources&... sources) noexcept {
    static_assert((detail::is_source<Sources> && ...),
                  "an ALU source is a GPR element, a kcache constant, a literal, PV or a special source (operands::)");
    const category c = info(op).cat;
    if (c != category::alu_op2 && c != category::alu_op3 && c != category::lds_idx_op)
        return report(error{ctisa::errors::misplaced_statement, 0, 0, 0, info(op).mnemonic});
    if (sizeof...(Sources) < info(op).sources) return report(error{ctisa::errors::missing_operand, 0, 0, 0, info(op).mnemonic});
    if (sizeof...(Sources) > info(op).sources) return report(error{ctisa::errors::too_many_operands, 0, 0, 0, info(op).mnemonic});
    if (dst.index >= 128) return report(error{ctisa::errors::register_out_of_range, 0, 0, 0, "R", 1, "destination", true, dst.index});
    const auto with_destination = [&] {
        alu_op out{make(op), {}};
        // A field the formats lack (LDS_IDX_OP has no DST_GPR or WRITE_MASK) or refuse stays as it is.
        (void)detail::try_set(out.in, field_key::dst_gpr, dst.index);
        (void)detail::try_set(out.in, field_key::dst_chan, static_cast<std::uint32_t>(dst.chan));
        if (dst.relative) (void)detail::try_set(out.in, field_key::dst_rel, 1);
        (void)detail::try_set(out.in, field_key::write_mask, 1);
        return out;
    };
    alu_op out = with_destination();
    std::size_t s = 0;
    bool ok = true;
    ((ok = ok && detail::try_put_source(out, s++, detail::fields_of(sources))), ...);
    if (ok) return out;
    result<alu_op> r = with_destination();  // a source refused: again, this time for the error
    s = 0;
    ((r = r ? detail::put_source(*r, s++, detail::fields_of(sources)) : r), ...);
    return r ? r : report(r.error());
}

// The bytes of an ALU instruction's unit (its two dwords, as isa::encode gives them; the literals
// are the group's), or the builder's error: the dwords are already the encoding, so this is a copy.
[[nodiscard]] constexpr result<std::array<std::uint8_t, 8>> encode(const result<alu_op>& op) noexcept {
    if (!op) return op.error();
    return to_bytes(std::array<std::uint32_t, 2>{op->in.dwords[0], op->in.dwords[1]});
}

// Output modifiers: OMOD scales the result (ALU_WORD1_OP2 bits 5-6, value set omod), CLAMP
// clamps it to [0, 1] (bit 31 of both word-1 formats). ALU_WORD1_OP3 and LDS_IDX_OP have no OMOD,
// LDS_IDX_OP no CLAMP: asking for them is modifier_not_allowed.
enum class omod : std::uint8_t { off = 0, m2 = 1, m4 = 2, d2 = 3 };

struct output_modifier {
    omod scale = omod::off;
    bool clamp = false;
};

[[nodiscard]] constexpr result<alu_op> with_output(result<alu_op> op, output_modifier m) noexcept {
    if (!op) return op;
    const std::array<std::pair<std::string_view, std::uint32_t>, 2> wanted{
        {{"OMOD", static_cast<std::uint32_t>(m.scale)}, {"CLAMP", m.clamp ? 1u : 0u}}};
    for (const auto& [field, value] : wanted) {
        if (value == 0) continue;
        if (!get(op->in, field)) return report(error{ctisa::errors::modifier_not_allowed, 0, 0, 0, field});
        auto in = set(op->in, field, value);
        if (!in) return report(in.error());
        op->in = *in;
    }
    return op;
}

// Chooses BANK_SWIZZLEs that satisfy the read-port rules of 4.7.7-4.7.8, trying every combination
// (at most 6^4) in order, the group's own first; false when none does.
[[nodiscard]] constexpr bool choose_bank_swizzles(std::vector<instruction>& slots) {
    std::size_t combinations = 1;
    for (std::size_t i = 0; i < slots.size(); ++i) combinations *= 6;
    const std::vector<instruction> original = slots;
    for (std::size_t k = 0; k < combinations; ++k) {
        std::size_t code = k;
        for (std::size_t i = 0; i < slots.size(); ++i, code /= 6) {
            const std::uint32_t own = get(original[i], field_key::bank_swizzle).value_or(0);
            slots[i] = set(original[i], field_key::bank_swizzle, static_cast<std::uint32_t>((own + code % 6) % 6)).value();
        }
        if (detail::check_read_ports(slots)) return true;
    }
    slots = original;
    return false;
}

// A group from ALU instructions in any order: slots by DST_CHAN, LAST on the last, the literal
// elements gathered (two values for one element: operands_conflict), bank swizzles chosen when the
// given ones break the read-port rules, then check_group.
[[nodiscard]] constexpr result<alu_group> group(std::span<const alu_op> ops) {
    if (ops.empty() || ops.size() > 4) return report(error{errors::group_size, 0, 0, 0, ""});
    std::vector<alu_op> sorted(ops.begin(), ops.end());
    std::sort(sorted.begin(), sorted.end(), [](const alu_op& a, const alu_op& b) {
        return get(a.in, field_key::dst_chan).value_or(0) < get(b.in, field_key::dst_chan).value_or(0);
    });
    alu_group out;
    std::array<std::optional<std::uint32_t>, 4> literals{};
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        out.slots.push_back(set(sorted[i].in, field_key::last, i + 1 == sorted.size() ? 1 : 0).value());
        for (std::size_t ch = 0; ch < 4; ++ch) {
            if (!sorted[i].literals[ch]) continue;
            if (literals[ch] && *literals[ch] != *sorted[i].literals[ch])
                return report(error{ctisa::errors::operands_conflict, 0, 0, static_cast<std::uint32_t>(8 * i), "literal"});
            literals[ch] = sorted[i].literals[ch];
        }
    }
    const std::uint8_t dwords = detail::literal_dwords_read(out.slots);
    for (std::size_t ch = 0; ch < dwords; ++ch) out.literals.push_back(literals[ch].value_or(0));
    if (!detail::check_read_ports(out.slots)) (void)choose_bank_swizzles(out.slots);
    if (auto ok = check_group(out.slots, out.literals.size()); !ok) return report(ok.error());
    return out;
}

[[nodiscard]] constexpr result<alu_group> group(const std::vector<alu_op>& ops) { return group(std::span<const alu_op>(ops)); }

template <class... Ops>
[[nodiscard]] constexpr result<alu_group> group(const Ops&... ops) {
    static_assert((std::is_same_v<Ops, alu_op> && ...), "a group is made of alu() instructions");
    const std::array<alu_op, sizeof...(Ops)> list{ops...};
    return group(std::span<const alu_op>(list));
}

namespace detail {

template <class T>
struct slot_count : std::integral_constant<std::size_t, 0> {};
template <class T, std::size_t N>
struct slot_count<operands::per_slot<T, N>> : std::integral_constant<std::size_t, N> {};

// Slot k's operand: the k-th of a per_slot, or the operand itself (the same in every slot).
template <class T>
[[nodiscard]] constexpr auto operand_at(const T& o, std::size_t k) noexcept {
    if constexpr (slot_count<T>::value > 0) return o.at[k];
    else return o;
}

}  // namespace detail

// An instruction filling several slots, built slot by slot (reductions DOT4, DOT4_IEEE, CUBE, MAX4,
// INTERP_XY/ZW; 64-bit pair and quad ops; also Cayman's transcendentals and integer multiplies): the
// slots its shape fills at the first destination's channel, each an alu() with slot k's operands
// (per_slot: its k-th; any other operand the same in every slot). A single GPR destination is
// written in every slot's channel. Errors: an opcode of one slot (operand_not_allowed), a per_slot
// with another count than the slots (missing_operand, too_many_operands), a destination channel
// other than its slot's (destination_channel), alu()'s.
template <class Dst, class... Sources>
[[nodiscard]] constexpr result<std::vector<alu_op>> slot_by_slot(opcode op, const Dst& dst, const Sources&... sources) {
    static_assert(std::is_same_v<decltype(detail::operand_at(dst, 0)), operands::gpr>, "the destination is a GPR or each() of GPRs");
    const opcode_info& oi = info(op);
    if (oi.slots == alu_slots::any) return report(error{ctisa::errors::operand_not_allowed, 0, 0, 0, oi.mnemonic});
    const auto filled = detail::slots_filled(oi.slots, static_cast<std::uint32_t>(detail::operand_at(dst, 0).chan));
    for (std::size_t n : {detail::slot_count<Dst>::value, detail::slot_count<Sources>::value...}) {
        if (n != 0 && n < filled.count) return report(error{ctisa::errors::missing_operand, 0, 0, 0, oi.mnemonic});
        if (n > filled.count) return report(error{ctisa::errors::too_many_operands, 0, 0, 0, oi.mnemonic});
    }
    std::vector<alu_op> out;
    for (std::size_t k = 0; k < filled.count; ++k) {
        const auto slot = static_cast<channel>(filled.first + k);
        operands::gpr d = detail::operand_at(dst, k);
        if (detail::slot_count<Dst>::value == 0) d.chan = slot;
        if (d.chan != slot) return report(error{errors::destination_channel, 0, 0, static_cast<std::uint32_t>(8 * k), "DST_CHAN"});
        auto one = alu(op, d, detail::operand_at(sources, k)...);
        if (!one) return one.error();
        out.push_back(*one);
    }
    return out;
}

// A reduction (4.8.2: every slot computes the same value) writing dst's channel alone: DOT4 of R1
// and KC0[0] into R2.x is reduction(DOT4, R(2, channel::x), xyzw(R(1, channel::x)), xyzw(KC0[0])).
template <class... Sources>
[[nodiscard]] constexpr result<std::vector<alu_op>> reduction(opcode op, operands::gpr dst, const Sources&... sources) {
    if (!(info(op).flags & opcode_flag::reduction)) return report(error{ctisa::errors::operand_not_allowed, 0, 0, 0, info(op).mnemonic});
    auto slots = slot_by_slot(op, dst, sources...);
    if (!slots) return slots;
    for (alu_op& a : *slots)
        a.in = set(a.in, field_key::write_mask, get(a.in, field_key::dst_chan) == static_cast<std::uint32_t>(dst.chan) ? 1 : 0).value();
    return slots;
}

// The slots a Cayman transcendental (X, Y, Z, and W when it writes W) or a replicated integer
// multiply (all four) fills: copies of `op` in each, written only in its own channel's slot. Other
// shapes have per-slot sources (reductions, 64-bit halves): slot_by_slot() and reduction() build
// them (operand_not_allowed here).
[[nodiscard]] constexpr result<std::vector<alu_op>> spread(const alu_op& op) {
    const opcode_info& oi = info(op.in.op);
    const bool trans = oi.slots == alu_slots::trans;
    if (!trans && !(oi.slots == alu_slots::vec4 && !(oi.flags & opcode_flag::reduction) && oi.sources > 0 && oi.mnemonic.substr(0, 3) == "MUL"))
        return report(error{ctisa::errors::operand_not_allowed, 0, 0, 0, oi.mnemonic});
    const std::uint32_t own = get(op.in, field_key::dst_chan).value_or(0);
    const std::uint32_t last = trans && own < 3 ? 2 : 3;
    std::vector<alu_op> out;
    for (std::uint32_t c = 0; c <= last; ++c) {
        alu_op copy = op;
        copy.in =
            set(set(op.in, field_key::dst_chan, c).value(), "WRITE_MASK", c == own ? get(op.in, field_key::write_mask).value_or(0) : 0).value();
        out.push_back(copy);
    }
    return out;
}

}  // namespace ctisa::cayman
