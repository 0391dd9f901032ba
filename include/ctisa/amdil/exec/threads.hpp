// SPDX-License-Identifier: MIT
// AMD IL's own room (a quirk of this ISA: compute kernels run as work-groups of wavefronts sharing
// LDS, with chapter 5's thread-id registers; the other ISAs run one machine).
// A compute kernel's work-group (dcl_num_thread_per_group n1[, n2, n3]) and the ids of its
// work-items (chapter 5): vTidInGrp and vTidInGrpFlat (in the group), vThreadGrpId and
// vThreadGrpIdFlat (the group in the grid), vAbsTid and vAbsTidFlat (in the grid). 3-D ids hold
// x, y, z (w is 0: 'not valid'); flat ids hold the value in every component ('the y, z, and w
// components replicate the value of the x component'), all of them integers.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "layout.hpp"

namespace ctisa::amdil::exec {

// The declared group size; a program without the declaration is a group of one wavefront.
struct group_shape {
    std::array<std::uint32_t, 3> size{1, 1, 1};
    bool declared = false;
    [[nodiscard]] constexpr std::uint64_t threads() const noexcept { return std::uint64_t{size[0]} * size[1] * size[2]; }
};

// Where the group stands in its grid (one group alone: group 0 of a grid of 1).
struct group_place {
    std::array<std::uint32_t, 3> id{0, 0, 0};
    std::array<std::uint32_t, 3> grid{1, 1, 1};
};

// The group size the program declares: the control field counts the dimensions (1 to 3), the
// dwords after the opcode token give them; those it omits are 1 (7.5: 'dcl_num_thread_per_group 5
// ... is the same as 5, 1, 1'). A size of 0 counts as 1.
[[nodiscard]] constexpr group_shape group_of(std::span<const instruction> program) noexcept {
    group_shape g;
    for (const instruction& in : program) {
        const auto w = in.tokens();
        if (in.header || w.empty() || (w[0] & 0xFFFFu) != static_cast<std::uint32_t>(opcode::dcl_num_thread_per_group)) continue;
        g.declared = true;
        const std::size_t dims = (w[0] >> 16) & 0x3FFFu;
        for (std::size_t k = 0; k < 3 && k < dims && k + 1 < w.size(); ++k) g.size[k] = w[k + 1] != 0 ? w[k + 1] : 1u;
        break;
    }
    return g;
}

// Sets the id registers the program names for lanes [0, lanes) of machine m, lane l being
// work-item first + l of the group (M: a machine's rows and layout).
template <class M>
void set_thread_ids(M& m, const group_shape& g, const group_place& p, std::uint64_t first, std::size_t lanes) {
    const auto slot = [&](reg_type t) { return find_slot(m.registers(), static_cast<std::uint8_t>(t), 0); };
    const reg_slot* const slots[] = {slot(reg_type::thread_id_in_group), slot(reg_type::thread_id_in_group_flat),
                                     slot(reg_type::absolute_thread_id), slot(reg_type::absolute_thread_id_flat),
                                     slot(reg_type::thread_group_id),    slot(reg_type::thread_group_id_flat)};
    bool any = false;
    for (const reg_slot* s : slots) any = any || s;
    if (!any) return;
    const auto& [sx, sy, sz] = g.size;
    const std::uint64_t group_flat = (std::uint64_t{p.id[2]} * p.grid[1] + p.id[1]) * p.grid[0] + p.id[0];
    for (std::size_t l = 0; l < lanes; ++l) {
        const std::uint64_t t = first + l;
        const std::array<std::uint64_t, 3> in{t % sx, t / sx % sy, t / (std::uint64_t{sx} * sy) % sz};
        const std::array<std::uint64_t, 3> abs{std::uint64_t{p.id[0]} * sx + in[0], std::uint64_t{p.id[1]} * sy + in[1],
                                               std::uint64_t{p.id[2]} * sz + in[2]};
        const std::array<std::uint64_t, 3> grp{p.id[0], p.id[1], p.id[2]};
        const std::array<std::uint64_t, 3>* three[] = {&in, nullptr, &abs, nullptr, &grp, nullptr};
        const std::uint64_t flat[] = {0, t, 0, group_flat * g.threads() + t, 0, group_flat};
        for (std::size_t k = 0; k < 6; ++k) {
            if (!slots[k]) continue;
            for (unsigned c = 0; c < 4; ++c)
                m.row(slots[k]->base + c)[l] = static_cast<lane_word>(three[k] ? (c < 3 ? (*three[k])[c] : 0u) : flat[k]);
        }
    }
}

}  // namespace ctisa::amdil::exec
