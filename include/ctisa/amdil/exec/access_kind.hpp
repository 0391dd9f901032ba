// SPDX-License-Identifier: MIT
// AMD IL's own room (a quirk of this ISA: 7.6 and 7.16-7.18 spell memory and atomics as families of
// mnemonics, so the executor reads an access's kind, space and atomic from the mnemonic once).
// The instructions that reach outside the registers (memory, sampling, emit), classified once per
// unit from the mnemonic (lds_read_cmp_xchg: LDS, an atomic returning the old value, cmp_xchg):
// what kind of access, in which space, how the address is formed and which operation an atomic does.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../description.hpp"
#include "environment.hpp"

namespace ctisa::amdil::exec {

enum class access_kind : std::uint8_t {
    none,
    load,       // one dword (or a byte, a short: `width`) to dst.x
    load_vec,   // four dwords to the components the mask writes
    store,      // src1.x (a dword, byte or short)
    store_vec,  // the components the mask names (its dst a mask only) from the data source
    atomic,     // read, operate, write one dword; `returns`: the old value to dst.x
    sample,     // the environment's sample()
    emit,       // the environment's emit()
    append,     // append_buf_alloc / consume: a counter per id
    nothing,    // fence: the lanes run in order, every access is seen at once
    init_shared,  // init_sr: shared registers [cb0[0].x, cb0[0].y) set once (src0 is cb0[0])
};

enum class atomic_op : std::uint8_t { add, sub, rsub, min, max, umin, umax, and_, or_, xor_, inc, dec, mskor, cmp, xchg, cmp_xchg };

// How the byte address is formed (the declarations decide, descriptor.hpp).
enum class addressing : std::uint8_t {
    bytes,       // src0.x
    structured,  // src0.x * stride + src0.y (lds_*_vec: + src1.x)
    elements,    // src0.x * element (a typed UAV: 4 bytes for atomics, 16 for uav_load / uav_store)
    floored,     // (floor(src0.x) as an integer + offset) * stride: memimport, memexport (16-byte elements)
    owner,       // src0.x * stride + src0.y: lds_read_vec (src0.x the owning lane, stride its LDS share)
    own,         // lane * stride + offset: lds_write_vec (its own share, offset from the control)
    grid,        // ((src0.z * 16 + src0.y) * 16 + src0.x) * 4, floats floored, x and y in [0, 16): scatter
};

struct access_desc {
    access_kind kind = access_kind::none;
    memory_space space = memory_space::lds;
    atomic_op atomic = atomic_op::add;
    bool returns = false;
    bool swapped_compare = false;  // uav_cmp, uav_read_cmp_xchg: compare with src2, write src1
    std::uint8_t width = 4;        // bytes of a load or store: 1, 2, 4
    bool sign_extend = false;
    std::uint8_t data = 1;         // the source holding the data of a store
    addressing mode = addressing::bytes;
    std::uint32_t stride = 4;      // structured: bytes a struct; elements: bytes an element
    std::uint32_t id = 0;          // the resource id (the control field's low byte)
    std::uint32_t offset = 0;      // floored: elements; own: bytes (descriptor.hpp, from the control)
    bool exchange = false;         // lds_read_vec_neighborExch: a 4x4 transpose in each lane quad
    bool quad = false;             // scatter by quad: the quad's first lane's index serves all four
    std::uint32_t thread_row = 0;  // owner, own: the row of vTidInGrpFlat.x (a lane's share is its work-item's)
    std::uint32_t offsets = 0;     // sample, load: the _aoffimmi token (x 7:0, y 15:8, z 23:16, signed 7.1 fixed point)
};

namespace detail {

[[nodiscard]] constexpr bool atomic_of(std::string_view s, atomic_op& op) noexcept {
    constexpr std::pair<std::string_view, atomic_op> names[] = {
        {"add", atomic_op::add},       {"sub", atomic_op::sub},   {"rsub", atomic_op::rsub},         {"min", atomic_op::min},
        {"max", atomic_op::max},       {"umin", atomic_op::umin}, {"umax", atomic_op::umax},         {"and", atomic_op::and_},
        {"or", atomic_op::or_},        {"xor", atomic_op::xor_},  {"inc", atomic_op::inc},           {"dec", atomic_op::dec},
        {"uinc", atomic_op::inc},      {"udec", atomic_op::dec},  {"mskor", atomic_op::mskor},       {"cmp", atomic_op::cmp},
        {"cmp_store", atomic_op::cmp}, {"xchg", atomic_op::xchg}, {"cmp_xchg", atomic_op::cmp_xchg},
    };
    for (const auto& [name, o] : names)
        if (name == s) return op = o, true;
    return false;
}

[[nodiscard]] constexpr access_desc memory_access_of(std::string_view m) noexcept {
    access_desc a;
    if (m.starts_with("lds_")) a.space = memory_space::lds;
    else if (m.starts_with("gds_")) a.space = memory_space::gds;
    else if (m.starts_with("uav_")) a.space = memory_space::uav;
    else if (m.starts_with("srv_")) a.space = memory_space::srv;
    else return a;
    std::string_view rest = m.substr(4);
    const bool raw = rest.starts_with("raw_"), structured = rest.starts_with("struct_");
    if (raw) rest.remove_prefix(4);
    if (structured) rest.remove_prefix(7);
    if (structured) a.mode = addressing::structured;
    constexpr std::pair<std::string_view, std::uint8_t> loads[] = {
        {"load", 4}, {"load_byte", 1}, {"load_ubyte", 1}, {"load_short", 2}, {"load_ushort", 2}};
    for (const auto& [name, w] : loads)
        if (rest == name) {
            // SRV and UAV raw / structured loads read four dwords; a typed UAV one element
            a.kind = a.space == memory_space::srv || a.space == memory_space::uav ? access_kind::load_vec : access_kind::load;
            a.width = w;
            a.sign_extend = name == "load_byte" || name == "load_short";
            return a;
        }
    constexpr std::pair<std::string_view, std::uint8_t> stores[] = {{"store", 4}, {"store_byte", 1}, {"store_short", 2}};
    for (const auto& [name, w] : stores)
        if (rest == name) {
            a.kind = a.space == memory_space::uav ? access_kind::store_vec : access_kind::store;
            a.width = w;
            return a;
        }
    if (rest == "arena_load") return a.kind = access_kind::load, a;  // the width from the control (descriptor.hpp)
    if (rest == "arena_store") return a.kind = access_kind::store, a;
    if (rest == "load_vec") return a.kind = access_kind::load_vec, a;
    if (rest == "store_vec") return a.kind = access_kind::store_vec, a.data = 2, a;
    if (a.space == memory_space::srv || raw || structured) return {};
    a.returns = rest.starts_with("read_");
    if (a.returns) rest.remove_prefix(5);
    if (!atomic_of(rest, a.atomic)) return {};
    a.kind = access_kind::atomic;
    a.swapped_compare = a.space == memory_space::uav && (a.atomic == atomic_op::cmp || a.atomic == atomic_op::cmp_xchg);
    return a;
}

[[nodiscard]] constexpr access_desc classify(opcode op) noexcept {
    const std::string_view m = mnemonic(op);
    access_desc a = detail::memory_access_of(m);
    if (a.kind != access_kind::none) return a;
    const std::string_view g = group(op);
    if (op == opcode::fence) return a.kind = access_kind::nothing, a;
    // R600 memory export and import, R520 scatter, the R7XX LDS ownership model, HD4000 shared
    // registers (generators/specs/amdil_execution.toml [environment])
    if (op == opcode::memimport)
        return a.kind = access_kind::load_vec, a.space = memory_space::import_, a.mode = addressing::floored, a.stride = 16, a;
    if (op == opcode::memexport)
        return a.kind = access_kind::store_vec, a.space = memory_space::export_, a.mode = addressing::floored, a.stride = 16, a;
    if (op == opcode::scatter) return a.kind = access_kind::store, a.space = memory_space::scatter, a.mode = addressing::grid, a.data = 0, a;
    if (op == opcode::lds_read_vec) return a.kind = access_kind::load_vec, a.mode = addressing::owner, a;
    if (op == opcode::lds_write_vec) return a.kind = access_kind::store_vec, a.mode = addressing::own, a.data = 0, a;
    if (op == opcode::init_sr) return a.kind = access_kind::init_shared, a.space = memory_space::shared, a;
    if (op == opcode::append_buf_alloc || op == opcode::append_buf_consume)
        return a.kind = access_kind::append, a.space = memory_space::append, a;
    if (op == opcode::emit || op == opcode::cut || op == opcode::emit_then_cut || op == opcode::emit_stream || op == opcode::cut_stream ||
        op == opcode::emit_then_cut_stream)
        return a.kind = access_kind::emit, a;
    if (g == "Input/Output" && (m.starts_with("sample") || m.starts_with("texld") || m.starts_with("fetch4") || m.starts_with("eval_") ||
                                m == "load" || m == "load_fptr" || m == "resinfo" || m == "bufinfo" || m == "lod" || m == "texweight"))
        return a.kind = access_kind::sample, a;
    return a;
}

[[nodiscard]] constexpr std::array<access_desc, opcode_count> access_table() noexcept {
    std::array<access_desc, opcode_count> t{};
    for (std::size_t i = 0; i < opcode_count; ++i) t[i] = classify(static_cast<opcode>(i));
    return t;
}

}  // namespace detail

// Every opcode's access, classified once (a table: describing a program at compile time stays
// within Clang's constant-evaluation step limit).
inline constexpr std::array<access_desc, opcode_count> access_table = detail::access_table();

// The access of `op` before its declarations are known (descriptor.hpp sets mode, stride and id).
[[nodiscard]] constexpr access_desc access_of(opcode op) noexcept {
    const auto i = static_cast<std::size_t>(op);
    return i < opcode_count ? access_table[i] : access_desc{};
}

}  // namespace ctisa::amdil::exec
