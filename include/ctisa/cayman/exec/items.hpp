// SPDX-License-Identifier: MIT
// A Cayman program as the executor runs it: one item per step. The CF program and its ALU clauses
// are flattened in CF order: a CF instruction is one item; an ALU clause initiation (CF_ALU*) is a
// `clause` item (the stack operation before the clause, the predicate reset), one `group` item per
// ALU instruction group of its clause (its slots, its literals, the clause's kcache locks) and a
// `clause_end` item (the exec-mask update, kills, the pop / else after). A texture-cache clause (TC,
// TC_ACK) or a global data share clause (GDS) is its CF item, then one `fetch` item per
// instruction (slots[0]). An ALU_EXTENDED prefix
// gives its banks 2 and 3 to the clause it extends and has no item of its own. Jump targets (CF
// ADDR) become item indexes: the first item of the CF instruction at that address.
//
// Items are literal types: a program known at compile time flattens at compile time and runs on
// the compiled path (ctisa::exec::compiled).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "../program.hpp"

namespace ctisa::cayman::exec {

enum class item_kind : std::uint8_t { cf, clause, group, clause_end, fetch };

// One kcache lock of a CF_ALU* instruction (chapter 4.6.3): constant buffer `bank`, `mode`
// (kcache_mode: NOP, LOCK_1, LOCK_2, LOCK_LOOP_INDEX), first line `addr` (16 constants a line).
struct kcache_lock {
    std::uint8_t bank = 0;
    std::uint8_t mode = 0;
    std::uint16_t addr = 0;
    friend constexpr bool operator==(const kcache_lock&, const kcache_lock&) = default;
};

struct item {
    item_kind kind = item_kind::cf;
    instruction cf{};                    // cf: the instruction; clause, clause_end, group: the CF_ALU*
    std::array<instruction, 4> slots{};  // group: its instructions in slot order; fetch: slots[0]
    std::uint8_t count = 0;              // group: how many
    std::array<std::uint32_t, 4> literals{};
    std::array<kcache_lock, 4> locks{};  // clause, group: the clause's kcache locks (banks 0-3)
    std::uint32_t target = 0;            // cf: the item index of ADDR (when the instruction jumps)
    std::uint32_t cf_address = 0;        // the CF address (8-byte units) the item comes from
    std::uint32_t offset = 0;            // byte offset in the image: the CF instruction's, a group's first ALU unit's
    friend constexpr bool operator==(const item&, const item&) = default;
};

namespace detail {

[[nodiscard]] constexpr kcache_lock lock_of(const instruction& in, field_key bank, field_key mode, field_key addr) {
    return {static_cast<std::uint8_t>(get(in, bank).value_or(0)), static_cast<std::uint8_t>(get(in, mode).value_or(0)),
            static_cast<std::uint16_t>(get(in, addr).value_or(0))};
}

// The ALU units of the clause at [start, end) bytes, as groups with their literals.
constexpr void add_groups(const program& p, const item& clause, std::uint32_t start, std::uint32_t end, std::vector<item>& out) {
    auto it = std::lower_bound(p.units.begin(), p.units.end(), start, [](const program_unit& u, std::uint32_t o) { return u.offset < o; });
    item g = clause;
    g.kind = item_kind::group;
    g.count = 0;
    std::size_t literal = 0;
    for (; it != p.units.end() && it->offset < end; ++it) {
        if (it->role == unit_role::alu) {
            if (g.count == 0) {
                g.slots = {};
                g.literals = {};
                g.offset = it->offset;
                literal = 0;
            }
            g.slots[g.count++] = it->in;
            if (get(it->in, field_key::last).value_or(0)) out.push_back(g);
        } else if (it->role == unit_role::literal) {
            out.back().literals[literal++] = it->in.dwords[0];
            out.back().literals[literal++] = it->in.dwords[1];
        }
        if (it->role == unit_role::alu && get(it->in, field_key::last).value_or(0)) g.count = 0;
    }
}

// The fetch instructions of the texture-cache clause at [start, end) bytes, one item each.
constexpr void add_fetches(const program& p, const item& tc, std::uint32_t start, std::uint32_t end, std::vector<item>& out) {
    auto it = std::lower_bound(p.units.begin(), p.units.end(), start, [](const program_unit& u, std::uint32_t o) { return u.offset < o; });
    for (; it != p.units.end() && it->offset < end; ++it) {
        if (it->role != unit_role::fetch) continue;
        item f = tc;
        f.kind = item_kind::fetch;
        f.slots[0] = it->in;
        f.count = 1;
        f.offset = it->offset;
        out.push_back(f);
    }
}

}  // namespace detail

// The items of a decoded program (decode_program's result: every clause in range, every group
// ended by LAST).
[[nodiscard]] constexpr std::vector<item> flatten(const program& p) {
    std::vector<item> out;
    std::vector<std::uint32_t> first_item;  // by CF address
    first_item.resize(p.cf_bytes / 8 + 1, 0);
    item pending{};  // an ALU_EXTENDED's banks 2 and 3
    bool extended = false;
    for (const program_unit& u : p.units) {
        if (u.role != unit_role::cf) break;  // the CF program comes first
        const std::uint32_t address = u.offset / 8;
        first_item[address] = static_cast<std::uint32_t>(out.size());
        const category c = info(u.in.op).cat;
        if (c == category::cf_alu && u.in.op == opcode::cf_alu_alu_extended) {
            pending.locks[2] = detail::lock_of(u.in, field_key::kcache_bank2, field_key::kcache_mode2, field_key::kcache_addr2);
            pending.locks[3] = detail::lock_of(u.in, field_key::kcache_bank3, field_key::kcache_mode3, field_key::kcache_addr3);
            extended = true;
            continue;
        }
        item it{};
        it.cf = u.in;
        it.cf_address = address;
        it.offset = u.offset;
        if (c == category::cf_alu) {
            it.locks = {detail::lock_of(u.in, field_key::kcache_bank0, field_key::kcache_mode0, field_key::kcache_addr0),
                        detail::lock_of(u.in, field_key::kcache_bank1, field_key::kcache_mode1, field_key::kcache_addr1),
                        extended ? pending.locks[2] : kcache_lock{}, extended ? pending.locks[3] : kcache_lock{}};
            extended = false;
            it.kind = item_kind::clause;
            out.push_back(it);
            const std::uint32_t start = get(u.in, field_key::addr).value_or(0) * 8;
            detail::add_groups(p, it, start, start + (get(u.in, field_key::count).value_or(0) + 1) * 8, out);
            it.kind = item_kind::clause_end;
        }
        out.push_back(it);
        if (u.in.op == opcode::cf_tc || u.in.op == opcode::cf_tc_ack || u.in.op == opcode::cf_gds) {
            const std::uint32_t start = get(u.in, field_key::addr).value_or(0) * 8;
            detail::add_fetches(p, it, start, start + (get(u.in, field_key::count).value_or(0) + 1) * 16, out);
        }
    }
    for (item& it : out)
        if (it.kind == item_kind::cf) {
            const std::uint32_t addr = get(it.cf, field_key::addr).value_or(0);
            it.target = addr < first_item.size() ? first_item[addr] : static_cast<std::uint32_t>(out.size());
        }
    return out;
}

// Decodes and flattens a program image.
[[nodiscard]] constexpr result<std::vector<item>> load_items(std::span<const std::uint8_t> image) {
    auto p = decode_program(image);
    if (!p) return p.error();
    return flatten(*p);
}

}  // namespace ctisa::cayman::exec
