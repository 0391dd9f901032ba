// SPDX-License-Identifier: MIT
// A quirk of Valhall's interpreter, in a room of its own: its 172 executable instructions are many
// variants (lane types, operations) of few shapes, and one kernel instantiated for each was most of
// an executor TU's compile time. Here: which instructions the interpreter runs through one kernel,
// and the facts of the description (the generated mnemonics) that those kernels read at run time.
// Everything is read from an instruction's mnemonic and operands, never from the order of the
// generated instruction_id enum, so a regenerated enum in another order groups the same
// instructions with the same semantics; kernel_groups_consistent checks that a member differs from
// its group's first only in what its shared kernel reads at run time.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "layout.hpp"

namespace ctisa::valhall::exec {

// f(id) for every instruction, as a table indexed by id (for instructions known at run time).
template <class F>
[[nodiscard]] constexpr auto per_instruction(F f) noexcept {
    std::array<decltype(f(instruction_id{})), instruction_count> t{};
    for (std::size_t i = 0; i < instruction_count; ++i) t[i] = f(static_cast<instruction_id>(i));
    return t;
}

// --- facts of the mnemonic ---------------------------------------------------------------------

// LSHIFT_AND.i32 and its kin: "shift A left (L) or right (R), then AND / OR / XOR with B".
enum class logic_op : std::uint8_t { and_ = 0, or_ = 1, xor_ = 2 };  // shift_logic_masks_of's logic
struct shift_logic_op {
    bool is = false;  // one of {L,R}SHIFT_{AND,OR,XOR}
    bool left = false;
    logic_op logic = logic_op::and_;
};
[[nodiscard]] constexpr shift_logic_op shift_logic_of(instruction_id id) noexcept {
    std::string_view m = info(id).mnemonic;
    m = m.substr(0, m.find('.'));
    shift_logic_op s;
    if (m.size() < 7 || (m[0] != 'L' && m[0] != 'R') || m.substr(1, 6) != "SHIFT_") return s;
    const std::string_view logic = m.substr(7);
    if (logic == "AND") s.logic = logic_op::and_;
    else if (logic == "OR") s.logic = logic_op::or_;
    else if (logic == "XOR") s.logic = logic_op::xor_;
    else return s;
    s.is = true;
    s.left = m[0] == 'L';
    return s;
}
[[nodiscard]] constexpr bool is_shift_logic(instruction_id id) noexcept { return shift_logic_of(id).is; }

// The same for an instruction known at run time. A template, so that only a TU that instantiates
// a kernel evaluates the table.
template <class = void>
inline constexpr auto shift_logic_ops = per_instruction(shift_logic_of);

// Bytes a LOAD / STORE moves: its mnemonic's size (LOAD.i24: 3), 0 for the other instructions.
[[nodiscard]] constexpr unsigned access_bytes_of(instruction_id id) noexcept {
    const std::string_view m = info(id).mnemonic;
    if (!m.starts_with("LOAD.i") && !m.starts_with("STORE.i")) return 0;
    unsigned bits = 0;
    for (char c : m.substr(m.find('.') + 2)) bits = bits * 10 + static_cast<unsigned>(c - '0');
    return bits / 8;
}
template <class = void>
inline constexpr auto access_bytes = per_instruction([](instruction_id id) { return static_cast<std::uint8_t>(access_bytes_of(id)); });

// --- kernels the interpreter shares ------------------------------------------------------------

// The interpreter runs the members of a group through one kernel that reads the member from the
// descriptor at run time: every kernel instantiated costs the compile time of its optimisation and
// code generation (172 of them were most of an executor TU's compile time), and the members of
// a group differ only in constants that the lane loop can take as values. The compiled path still
// instantiates each instruction's own kernel, where those values are constants again.
// `own`: the instruction's own kernel.
enum class kernel_group : std::uint8_t {
    own,
    message,
    load,
    store,
    shift_32,
    shift_16,
    shift_8,
    shift_64,
    add_u32,
    add_v2u16,
    add_v4u8,
    add_s32,
    add_v2s16,
    add_v4s8,
    add_64,
    shaddx,
    extend_to_32,
    int_to_f32,
    i8_to_i16,
    i8_to_f16,
    v2i16_to_v2f16,
    f32_to_int,
    f16_to_int,
    v2f16_to_v2int,
    icmp_32,
    icmp_16,
    icmp_8,
    csel_32,
    csel_16,
    add_min_max_f32,
    add_min_max_v2f16,
    count_,
};
inline constexpr std::size_t kernel_group_count = static_cast<std::size_t>(kernel_group::count_);

[[nodiscard]] constexpr kernel_group group_of(instruction_id id) noexcept {
    using enum instruction_id;
    using enum kernel_group;
    const auto in = [id](std::initializer_list<instruction_id> ids) {
        for (instruction_id i : ids)
            if (i == id) return true;
        return false;
    };
    if (access_bytes_of(id) != 0) return info(id).mnemonic.starts_with("LOAD") ? load : store;
    if (in({ld_var_special, ld_var_imm_f32, ld_var_imm_f16, ld_attr_imm, ld_attr, lea_attr, st_image, ld_tile, tex_fetch, tex})) return message;
    if (is_shift_logic(id)) {  // by lane width: the kernel reads the direction and the logic at run time
        switch (type_of(id).bits) {
            case 16: return shift_16;
            case 8: return shift_8;
            case 64: return shift_64;
            default: return shift_32;
        }
    }
    if (in({iadd_u32, isub_u32, hadd_u32})) return add_u32;
    if (in({iadd_v2u16, isub_v2u16, hadd_v2u16})) return add_v2u16;
    if (in({iadd_v4u8, isub_v4u8, hadd_v4u8})) return add_v4u8;
    if (in({iadd_s32, isub_s32, hadd_s32})) return add_s32;
    if (in({iadd_v2s16, isub_v2s16, hadd_v2s16})) return add_v2s16;
    if (in({iadd_v4s8, isub_v4s8, hadd_v4s8})) return add_v4s8;
    if (in({iadd_u64, iadd_s64, isub_u64, isub_s64})) return add_64;
    if (in({shaddx_u64, shaddx_s64})) return shaddx;
    if (in({s16_to_s32, u16_to_u32, s8_to_s32, u8_to_u32})) return extend_to_32;
    if (in({s16_to_f32, u16_to_f32, s8_to_f32, u8_to_f32, s32_to_f32, u32_to_f32})) return int_to_f32;
    if (in({s8_to_s16, u8_to_u16})) return i8_to_i16;
    if (in({s8_to_f16, u8_to_f16})) return i8_to_f16;
    if (in({v2s16_to_v2f16, v2u16_to_v2f16})) return v2i16_to_v2f16;
    if (in({f32_to_s32, f32_to_u32})) return f32_to_int;
    if (in({f16_to_s32, f16_to_u32})) return f16_to_int;
    if (in({v2f16_to_v2s16, v2f16_to_v2u16})) return v2f16_to_v2int;
    if (in({icmp_u32, icmp_s32})) return icmp_32;
    if (in({icmp_v2u16, icmp_v2s16})) return icmp_16;
    if (in({icmp_v4u8, icmp_v4s8})) return icmp_8;
    if (in({csel_u32, csel_i32})) return csel_32;
    if (in({csel_v2u16, csel_v2i16})) return csel_16;
    if (in({fadd_f32, fmin_f32, fmax_f32})) return add_min_max_f32;
    if (in({fadd_v2f16, fmin_v2f16, fmax_v2f16})) return add_min_max_v2f16;
    return own;
}

// Each instruction's group, and the instruction whose kernel the interpreter runs for it: its
// group's first (tables: one pass over the instructions, not one per instruction).
template <class = void>
inline constexpr auto kernel_groups = per_instruction(group_of);
template <class = void>
inline constexpr auto shared_kernels = [] {
    std::array<instruction_id, instruction_count> first{};
    std::array<std::size_t, kernel_group_count> first_of{};
    first_of.fill(instruction_count);
    for (std::size_t i = 0; i < instruction_count; ++i) {
        const auto g = static_cast<std::size_t>(kernel_groups<>[i]);
        if (g != 0 && first_of[g] == instruction_count) first_of[g] = i;
        first[i] = static_cast<instruction_id>(g == 0 ? i : first_of[g]);
    }
    return first;
}();
[[nodiscard]] constexpr instruction_id shared_kernel(instruction_id id) noexcept { return shared_kernels<>[static_cast<std::size_t>(id)]; }

// What a member of a group may differ from its group's first in, besides its operation (every
// shared kernel reads the member at run time). `sign`, `bits`: its lane type (the kernel reads
// lane_type or the member at run time, or reads no type); `operands`: its operands too (the kernel
// reads the member's instruction_info, staging counts and access size at run time).
struct run_time_facts {
    bool sign = false, bits = false, operands = false;
};
[[nodiscard]] constexpr run_time_facts read_at_run_time(kernel_group g) noexcept {
    using enum kernel_group;
    switch (g) {
        case message:
        case load:
        case store: return {true, true, true};
        case extend_to_32:
        case int_to_f32: return {true, true, false};
        case add_64:
        case shaddx:
        case i8_to_i16:
        case i8_to_f16:
        case v2i16_to_v2f16:
        case icmp_32:
        case icmp_16:
        case icmp_8: return {true, false, false};
        default: return {};
    }
}

// Does `id` differ from `first`, the first of its group g, only in what g's kernel reads at run time?
// (Modifiers are read from the descriptor at run time by the same code on both paths.)
[[nodiscard]] constexpr bool shares_kernel_with(instruction_id id, instruction_id first, kernel_group g) noexcept {
    using enum kernel_group;
    if (g == message && !is_message(id)) return false;
    if ((g == load && !is_load(id)) || (g == store && !is_store(id))) return false;
    if (is_shift_logic(id) != is_shift_logic(first)) return false;
    const run_time_facts r = read_at_run_time(g);
    const type_info a = type_of(id), b = type_of(first);
    if ((!r.bits && a.bits != b.bits) || (!r.sign && a.is_signed != b.is_signed)) return false;
    if (r.operands) return true;
    const instruction_info &x = info(id), &y = info(first);
    if (x.dests != y.dests || x.source_count != y.source_count || x.staging_count != y.staging_count || x.immediate_count != y.immediate_count ||
        writes_pair(id) != writes_pair(first))
        return false;
    for (unsigned i = 0; i < x.source_count; ++i)  // (the sizes follow the lane width where that may differ)
        if (!r.bits && x.sources[i].size != y.sources[i].size) return false;
    return true;
}
template <class = void>
inline constexpr bool kernel_groups_consistent = [] {
    for (std::size_t i = 0; i < instruction_count; ++i) {
        const auto id = static_cast<instruction_id>(i);
        const kernel_group g = kernel_groups<>[i];
        if (g != kernel_group::own && !shares_kernel_with(id, shared_kernel(id), g)) return false;
    }
    return true;
}();

}  // namespace ctisa::valhall::exec
