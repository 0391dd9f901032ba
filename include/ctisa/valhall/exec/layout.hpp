// SPDX-License-Identifier: MIT
// How a Valhall program's registers sit in lane storage, and the facts of each instruction's
// operands that decide it (lane types, messages, register pairs). Constexpr: the interpreter builds
// the layout at run time, the compiled path at compile time from a constexpr program.
//
// Storage is rows of lanes (row r, lane l at r * W + l) of 32-bit words. Row 0 is zeros. Then
// come the registers r0-r63 the program names (a 64-bit operand names two), written by the
// program; then read-only rows: the uniforms it reads (u0-u63, broadcast), the entries of the
// immediate table it reads (broadcast) and the special values it reads (filled from the
// environment before a run: lane_id differs per lane).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "../instruction.hpp"
#include "semantics.hpp"

namespace ctisa::valhall::exec {

using row_t = std::uint16_t;

struct special_use {
    immediate_mode mode = immediate_mode::none;
    std::uint8_t code = 0;   // 32-63
    std::uint32_t pc = 0;    // the reading instruction, for program_counter (0 otherwise)

    friend constexpr bool operator==(const special_use&, const special_use&) = default;
};
inline constexpr std::size_t max_special_uses = 48;

struct layout {
    std::array<row_t, register_count> reg{};        // row of r_i; 0: the program does not name it
    std::array<row_t, uniform_count> uniform{};     // row of u_i; 0: not read
    std::array<row_t, 32> immediate{};              // row of immediate-table entry i; 0: not read
    std::array<special_use, max_special_uses> specials{};
    std::uint16_t special_count = 0;
    row_t first_special = 1;
    row_t registers_end = 1;  // rows [1, registers_end) are registers; the rest are read-only
    row_t rows = 1;
    bool overflow = false;    // more distinct special values than max_special_uses
};

// --- what the executor needs to know of each instruction's operands ----------------------------

// The lane structure of an instruction: lanes of `bits` bits, signed or not, float or not.
struct type_info {
    std::uint8_t bits = 32;
    bool is_signed = false;
};

[[nodiscard]] constexpr type_info type_of(instruction_id id) noexcept {
    const std::string_view m = info(id).mnemonic;
    const std::size_t dot = m.find('.');
    type_info t;
    if (dot == std::string_view::npos) {  // conversions (S16_TO_S32, ...): the source's type
        t.is_signed = m.starts_with("S") || m.starts_with("V2S");
        if (m.starts_with("V2")) t.bits = 16;
        else if (m.find("8_TO") != std::string_view::npos) t.bits = 8;
        else if (m.find("16_TO") != std::string_view::npos) t.bits = 16;
        return t;
    }
    std::string_view s = m.substr(dot + 1);
    if (!s.empty() && s[0] == 'v') {
        s.remove_prefix(1);
        while (!s.empty() && s[0] >= '0' && s[0] <= '9') s.remove_prefix(1);
    }
    if (s.empty()) return t;
    t.is_signed = s[0] == 's';
    unsigned bits = 0;
    for (char c : s.substr(1)) {
        if (c < '0' || c > '9') break;
        bits = bits * 10 + static_cast<unsigned>(c - '0');
    }
    t.bits = static_cast<std::uint8_t>(bits == 8 || bits == 16 || bits == 64 ? bits : 32);
    return t;
}

[[nodiscard]] constexpr bool is_load(instruction_id id) noexcept { return id >= instruction_id::load_i8 && id <= instruction_id::load_i128; }
[[nodiscard]] constexpr bool is_store(instruction_id id) noexcept { return id >= instruction_id::store_i8 && id <= instruction_id::store_i128; }
// Instructions that hand their operands to the environment (messages, in Valhall's words).
[[nodiscard]] constexpr bool is_message(instruction_id id) noexcept {
    using enum instruction_id;
    for (instruction_id m : {ld_var_special, ld_var_imm_f32, ld_var_imm_f16, ld_attr_imm, ld_attr, lea_attr, st_image, ld_tile, blend, atest,
                             zs_emit, tex_fetch, tex, discard_f32, barrier})
        if (id == m) return true;
    return is_load(id) || is_store(id);
}

// Does source i read a register pair (a 64-bit value)?
[[nodiscard]] constexpr bool reads_pair(const instruction& in, unsigned i) noexcept {
    const instruction_info& ins = info(in.id);
    if (is_load(in.id) || is_store(in.id)) return i == 0;  // the 64-bit address
    if (in.id == instruction_id::imuld_u64) return false;  // 'acts like IMUL.u32': 32-bit sources
    const source_info& si = ins.sources[i];
    if (si.size != 64) return false;
    return si.select.kind == select_kind::none || in.sources[i].select == static_cast<std::uint8_t>(swizzles_64_bit::none);
}

// Does the instruction write a 64-bit result (a register pair)?
[[nodiscard]] constexpr bool writes_pair(instruction_id id) noexcept {
    return info(id).dests == 1 && type_of(id).bits == 64 && id != instruction_id::clper_u64 && id != instruction_id::clper_s64;
}

namespace detail {

constexpr void name_register(layout& l, unsigned r) noexcept {
    if (r < register_count) l.reg[r] = 1;  // marked; numbered below
}

constexpr special_use special_key(immediate_mode mode, std::uint8_t code, std::uint32_t pc) noexcept {
    const bool per_instruction = mode == immediate_mode::id && code == 32 + static_cast<unsigned>(thread_identification::program_counter);
    return special_use{mode, code, per_instruction ? pc : 0};
}

constexpr int find_special(const layout& l, const special_use& key) noexcept {
    for (std::size_t i = 0; i < l.special_count; ++i)
        if (l.specials[i] == key) return static_cast<int>(i);
    return -1;
}

}  // namespace detail

// The rows a program needs. Instructions must be valid (they are, when built, parsed or decoded).
[[nodiscard]] constexpr layout layout_of(std::span<const instruction> program) noexcept {
    layout l;
    std::array<bool, uniform_count> uniforms{};
    std::array<bool, 32> immediates{};
    for (std::uint32_t pc = 0; pc < program.size(); ++pc) {
        const instruction& in = program[pc];
        const instruction_info& ins = info(in.id);
        for (unsigned i = 0; i < ins.source_count; ++i) {
            const source& s = in.sources[i];
            const bool pair = reads_pair(in, i);
            switch (s.kind) {
                case source_kind::reg:
                    detail::name_register(l, s.index);
                    if (pair) detail::name_register(l, s.index + 1u);
                    break;
                case source_kind::uniform:
                    uniforms[s.index] = true;
                    if (pair && s.index + 1u < uniform_count) uniforms[s.index + 1u] = true;
                    break;
                case source_kind::immediate: immediates[s.index & 31u] = true; break;
                case source_kind::special:
                    for (unsigned k = 0; k < (pair ? 2u : 1u); ++k) {
                        const auto key = detail::special_key(in.mode, static_cast<std::uint8_t>(s.index + k), pc);
                        if (key.code >= 64 || detail::find_special(l, key) >= 0) continue;
                        if (l.special_count == max_special_uses) {
                            l.overflow = true;
                            continue;
                        }
                        l.specials[l.special_count++] = key;
                    }
                    break;
                default: break;
            }
        }
        if (ins.dests) {
            detail::name_register(l, in.dest.reg);
            if (writes_pair(in.id)) detail::name_register(l, in.dest.reg + 1u);
        }
        for (unsigned k = 0; k < ins.staging_count; ++k)
            for (unsigned r = 0; r < in.staging[k].count; ++r) detail::name_register(l, in.staging[k].base + r);
    }
    row_t next = 1;
    for (auto& r : l.reg)
        if (r) r = next++;
    l.registers_end = next;
    for (unsigned u = 0; u < uniform_count; ++u)
        if (uniforms[u]) l.uniform[u] = next++;
    for (unsigned i = 0; i < 32; ++i)
        if (immediates[i]) l.immediate[i] = next++;
    l.first_special = next;
    next = static_cast<row_t>(next + l.special_count);
    l.rows = next;
    return l;
}

}  // namespace ctisa::valhall::exec
