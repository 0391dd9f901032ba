// SPDX-License-Identifier: MIT
// Chapter 4's rules for one ALU instruction group, checked at compile time or run time alike:
// slots by destination channel (4.3, 4.4), the LAST bit, the slots an instruction fills
// (reductions 4.8.2, 64-bit ops, Cayman's replicated transcendentals), literal dwords (4.7.6), the
// PRED_SET*/KILL* and MOVA* restrictions (4.8.1, 4.8.3, 4.9.5, 4.10; one MOVA* a group: 4.8.3's "up
// to four" is Evergreen's four-element AR, Cayman's MOVA writes AR.X or MOVA_DST), and the read-port algorithm of 4.7.8
// (a relative operand's address is known at run time only: it shares a port only with the same base
// and index).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "decoding.hpp"
#include "errors.hpp"

namespace ctisa::cayman {

struct group_summary {
    std::uint8_t slots = 0;          // bit c: channel c is written
    std::uint8_t literal_dwords = 0; // 0, 2 or 4
};

namespace detail {

inline constexpr std::uint32_t literal_select = 253;

[[nodiscard]] constexpr std::uint32_t field_or_zero(const instruction& in, field_key k) noexcept { return value_or_zero(in, k); }
[[nodiscard]] constexpr std::uint32_t field_or_zero(const instruction& in, std::string_view name) noexcept { return get(in, name).value_or(0); }

[[nodiscard]] constexpr error group_error(error_kind const& kind, std::size_t index, std::string_view subject) noexcept {
    return error{kind, 0, 0, static_cast<std::uint32_t>(index * 8), subject};
}

// The cycle a source is read on under a BANK_SWIZZLE (table 4.3).
[[nodiscard]] constexpr std::uint32_t cycle_of(std::uint32_t swizzle, std::uint32_t source) noexcept {
    constexpr std::array<std::array<std::uint8_t, 3>, 6> cycles{{{0, 1, 2}, {0, 2, 1}, {1, 2, 0}, {1, 0, 2}, {2, 0, 1}, {2, 1, 0}}};
    return cycles[swizzle][source];
}

[[nodiscard]] constexpr bool is_kcache(std::uint32_t sel) noexcept { return (sel >= 128 && sel < 192) || (sel >= 256 && sel < 320); }

struct read_ports {
    std::array<std::array<std::int32_t, 4>, 3> gpr{{{-1, -1, -1, -1}, {-1, -1, -1, -1}, {-1, -1, -1, -1}}};
    std::array<std::int32_t, 2> const_sel{-1, -1};
    std::array<std::uint32_t, 2> const_pair{};

    constexpr bool reserve_gpr(std::uint32_t sel, std::uint32_t elem, std::uint32_t cycle) noexcept {
        std::int32_t& port = gpr[cycle][elem];
        if (port < 0) port = static_cast<std::int32_t>(sel);
        return port == static_cast<std::int32_t>(sel);
    }
    constexpr bool reserve_constant(std::uint32_t sel, std::uint32_t elem) noexcept {
        for (std::size_t r = 0; r < 2; ++r)
            if (const_sel[r] == static_cast<std::int32_t>(sel) && const_pair[r] == elem / 2) return true;
        for (std::size_t r = 0; r < 2; ++r)
            if (const_sel[r] < 0) {
                const_sel[r] = static_cast<std::int32_t>(sel);
                const_pair[r] = elem / 2;
                return true;
            }
        return false;
    }
};

// Each source's fields by key (name_of() gives the document name).
constexpr std::array<field_key, 3> source_sel{field_key::src0_sel, field_key::src1_sel, field_key::src2_sel};
constexpr std::array<field_key, 3> source_chan{field_key::src0_chan, field_key::src1_chan, field_key::src2_chan};
constexpr std::array<field_key, 3> source_neg{field_key::src0_neg, field_key::src1_neg, field_key::src2_neg};
constexpr std::array<field_key, 2> source_abs{field_key::src0_abs, field_key::src1_abs};
constexpr std::array<field_key, 4> relative{field_key::src0_rel, field_key::src1_rel, field_key::src2_rel, field_key::dst_rel};

// What a source reads, for the ports: its select, and for a relative one (SRCn_REL) the index it
// adds too. 4.7.8 counts addresses after the index is applied, which is known only at run time:
// a relative read shares a port only with the same base and index (the same address whatever the
// index), never with an absolute read or another base, the way a compiler must plan it.
[[nodiscard]] constexpr std::uint32_t read_key(const instruction& in, std::uint32_t s) noexcept {
    const std::uint32_t sel = field_or_zero(in, source_sel[s]);
    return field_or_zero(in, relative[s]) ? sel | (1u + field_or_zero(in, field_key::index_mode)) << 9 : sel;
}

// 4.7.8: every GPR source reserves its element's port on its cycle; src1 equal to src0 shares it.
[[nodiscard]] constexpr result<group_summary> check_read_ports(std::span<const instruction> group) noexcept {
    read_ports ports;
    for (std::size_t i = 0; i < group.size(); ++i) {
        const instruction& in = group[i];
        const std::uint32_t swizzle = field_or_zero(in, field_key::bank_swizzle);
        for (std::uint32_t s = 0; s < info(in.op).sources && s < 3; ++s) {
            const std::uint32_t sel = field_or_zero(in, source_sel[s]), elem = field_or_zero(in, source_chan[s]), key = read_key(in, s);
            if (sel < 128) {
                if (s == 1 && key == read_key(in, 0) && elem == field_or_zero(in, field_key::src0_chan)) continue;
                if (!ports.reserve_gpr(key, elem, cycle_of(swizzle, s))) return group_error(errors::gpr_read_port, i, name_of(source_sel[s]));
            } else if (is_kcache(sel) && !ports.reserve_constant(key, elem)) {
                return group_error(errors::constant_read_port, i, name_of(source_sel[s]));
            }
        }
    }
    return group_summary{};
}

// 4.7.6: any source naming the literal fetches it, used by the instruction or not.
[[nodiscard]] constexpr std::uint8_t literal_dwords_read(std::span<const instruction> group) noexcept {
    std::uint8_t need = 0;
    for (const instruction& in : group)
        for (std::size_t s = 0; s < 3; ++s)
            if (value_or_zero(in, source_sel[s]) == literal_select) {
                const std::uint8_t dwords = field_or_zero(in, source_chan[s]) < 2 ? 2 : 4;
                need = need > dwords ? need : dwords;
            }
    return need;
}

// The slots an instruction at `chan` fills; `first` is its first slot (where it counts as issued).
struct span_of_slots {
    std::uint8_t first;
    std::uint8_t count;
};
[[nodiscard]] constexpr span_of_slots slots_filled(alu_slots shape, std::uint32_t chan) noexcept {
    switch (shape) {
        case alu_slots::vec4:
        case alu_slots::quad: return {0, 4};
        case alu_slots::trans: return {0, 3};
        case alu_slots::pair: return {static_cast<std::uint8_t>(chan & 2u), 2};
        default: return {static_cast<std::uint8_t>(chan), 1};
    }
}

// check_group(); units_checked: each instruction has passed check() already (a decoded one), so
// only the group's rules are left.
[[nodiscard]] constexpr result<group_summary> check_group(std::span<const instruction> group, std::size_t literal_dwords,
                                                          bool units_checked) noexcept {
    if (group.empty() || group.size() > 4) return group_error(errors::group_size, 0, "");
    std::array<std::int8_t, 4> at{-1, -1, -1, -1};  // index of the instruction in each slot (no pointers:
                                                    // they may point into a temporary in constant evaluation)
    group_summary summary;
    for (std::size_t i = 0; i < group.size(); ++i) {
        const instruction& in = group[i];
        if (info(info(in.op).cat).unit != unit_kind::alu) return group_error(ctisa::errors::misplaced_statement, i, info(in.op).mnemonic);
        if (auto ok = units_checked ? result<instruction>(in) : detail::check(in); !ok)
            return error{ok.error().code, 0, 0, static_cast<std::uint32_t>(i * 8 + ok.error().offset), ok.error().subject};
        if ((field_or_zero(in, field_key::last) == 1) != (i + 1 == group.size())) return group_error(errors::last_bit, i, "LAST");
        const std::uint32_t chan = field_or_zero(in, field_key::dst_chan);
        if (at[chan] >= 0) return group_error(errors::slot_taken, i, "DST_CHAN");
        if (summary.slots >> chan) return group_error(errors::slot_order, i, "DST_CHAN");
        at[chan] = static_cast<std::int8_t>(i);
        summary.slots = static_cast<std::uint8_t>(summary.slots | (1u << chan));
    }
    std::size_t predicates = 0, movas = 0;
    bool mova = false, ar_index = false;
    for (std::size_t i = 0; i < group.size(); ++i) {
        const instruction& in = group[i];
        const opcode_info& oi = info(in.op);
        const std::uint32_t chan = field_or_zero(in, field_key::dst_chan);
        const auto filled = detail::slots_filled(oi.slots, chan);
        for (std::uint32_t s = filled.first; s < filled.first + filled.count; ++s)
            if (at[s] < 0 || group[static_cast<std::size_t>(at[s])].op != in.op) return group_error(errors::slot_shape, i, oi.mnemonic);
        if ((oi.flags & opcode_flag::reduction) && (field_or_zero(in, field_key::omod) != field_or_zero(group[0], field_key::omod) ||
                                                    field_or_zero(in, field_key::clamp) != field_or_zero(group[0], field_key::clamp)))
            return group_error(errors::reduction_modifiers, i, oi.mnemonic);
        const bool predicate = (oi.flags & (opcode_flag::predicate | opcode_flag::kill)) != 0;
        if (predicate && chan == filled.first) ++predicates;
        if (!predicate && (field_or_zero(in, field_key::update_pred) || field_or_zero(in, field_key::update_exec_mask)))
            return group_error(errors::predicate_bits, i, oi.mnemonic);
        mova = mova || (oi.flags & opcode_flag::mova) != 0;
        movas += (oi.flags & opcode_flag::mova) != 0;
        if (movas > 1) return group_error(errors::mova_count, i, oi.mnemonic);
        if ((oi.flags & opcode_flag::mova) && field_or_zero(in, field_key::write_mask)) return group_error(errors::mova_write, i, "WRITE_MASK");
        const std::uint32_t index_mode = field_or_zero(in, field_key::index_mode);
        if (index_mode == 0 || index_mode == 6)
            for (field_key rel : detail::relative) ar_index = ar_index || field_or_zero(in, rel) != 0;
        for (std::uint32_t s = 0; s < oi.sources && s < 3; ++s)  // 4.6.1: kcache constants index by the loop only
            if (detail::is_kcache(field_or_zero(in, detail::source_sel[s])) && field_or_zero(in, detail::relative[s]) && index_mode != 4)
                return group_error(errors::kcache_index, i, name_of(detail::source_sel[s]));
        if (predicates > 1) return group_error(errors::predicate_coissue, i, oi.mnemonic);
        if (mova && ar_index) return group_error(errors::mova_with_ar_index, i, oi.mnemonic);
    }
    summary.literal_dwords = detail::literal_dwords_read(group);
    if (literal_dwords != summary.literal_dwords) return group_error(errors::literal_count, group.size() - 1, "");
    if (auto ports = detail::check_read_ports(group); !ports) return ports.error();
    return summary;
}

}  // namespace detail

// Checks one ALU instruction group and the number of literal dwords that follow it. Errors carry the
// byte offset of the instruction at fault inside the group (8 bytes an instruction).
[[nodiscard]] constexpr result<group_summary> check_group(std::span<const instruction> group, std::size_t literal_dwords) noexcept {
    return detail::check_group(group, literal_dwords, false);
}

// What two adjacent groups of a clause must respect (4.9.5): a MOVA* leaves its PV channel
// undefined, so `next` does not read PV in the MOVA's slot. Errors carry the byte offset of the
// reading instruction inside `next`.
[[nodiscard]] constexpr error check_adjacent(std::span<const instruction> previous, std::span<const instruction> next) noexcept {
    using detail::field_or_zero;
    for (const instruction& p : previous) {
        if (!(info(p.op).flags & opcode_flag::mova)) continue;
        const std::uint32_t chan = field_or_zero(p, field_key::dst_chan);
        for (std::size_t i = 0; i < next.size(); ++i)
            for (std::size_t s = 0; s < info(next[i].op).sources; ++s)
                if (field_or_zero(next[i], detail::source_sel[s]) == 254 && field_or_zero(next[i], detail::source_chan[s]) == chan)
                    return error{errors::mova_pv_read, 0, 0, static_cast<std::uint32_t>(8 * i), name_of(detail::source_sel[s])};
    }
    return {};
}

}  // namespace ctisa::cayman
