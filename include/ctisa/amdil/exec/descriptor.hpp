// SPDX-License-Identifier: MIT
// Each AMD IL unit decoded once into a descriptor: its operation, its control field, and operands
// as rows with their modifiers (2.2.5, 2.2.7), ready for the kernels (execute.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "../generated/execution.hpp"
#include "access_kind.hpp"
#include "layout.hpp"

namespace ctisa::amdil::exec {

// Why a unit cannot run (the instruction's descriptor keeps the first reason).
enum class refusal : std::uint8_t {
    none,
    opcode,          // an instruction the executor does not run (kind in the note amdil-exec.md)
    operand,         // an operand form it does not follow (IL_Rel_Addr, an index of an index, 2-D)
    registers,       // more registers than max_slots
    call_target,     // a call whose label no FUNC carries
};

// An index into an array of registers: element = int(index register) + offset, or just offset.
struct index_desc {
    bool gathered = false;      // the element is per lane (register relative)
    std::uint32_t base = 0;     // the array's first row
    std::uint32_t size = 0;     // elements
    std::uint32_t index_row = 0;
    std::uint32_t offset = 0;   // the immediate, added (wrapping) to the index
    bool memory = false;        // g[]: element int(index) + offset of global memory (16 bytes), not registers
};

struct source_desc {
    std::array<std::uint32_t, 4> row{};  // the row each position reads (the swizzle applied)
    std::uint8_t negate = 0;             // bit i: negate position i
    bool absolute = false, invert = false, bias = false, x2 = false, sign = false, clamp = false;
    std::uint8_t divcomp = 0;            // ILDivComp
    index_desc index{};                  // gathered: rows are the gather rows of this source
    [[nodiscard]] constexpr bool float_modifiers() const noexcept { return invert || bias || x2 || sign || clamp || divcomp != 0; }
};

struct dest_desc {
    std::uint32_t row = layout::zero;        // first row of the result register (gathered: layout::result)
    std::array<std::uint8_t, 4> mode{};      // ILModDstComponent: 0 no write, 1 write, 2 write 0.0, 3 write 1.0
    std::uint8_t shift = 0;                  // ILShiftScale
    bool clamp = false;
    index_desc index{};
    bool output = false;                     // an output register (o#): what `ctisa run` prints
    std::uint32_t number = 0;
};

struct instruction_desc {
    opcode op = opcode::nop;
    std::uint32_t control = 0;
    refusal refused = refusal::none;
    bool header = false;
    std::uint8_t srcs = 0;
    bool has_dest = false;
    dest_desc dst{};
    std::array<source_desc, 4> src{};
    std::uint32_t extra = 0;    // the first plain dword: a label, a case value
    std::uint32_t target = 0;   // call: the index of its FUNC
    std::uint32_t offset = 0;   // byte offset of the unit in the program's image
    bool computes = false;      // computes(op): a result from the registers alone
    access_desc acc{};          // memory, sampling, emit: what the access kernel does (access.hpp)
    bool final_end = false;     // end / endmain with only declarations, nops and ends after it
    bool loose_nan = false;     // only float arithmetic reads its result (values::mark_loose_nans)
    bool fast = false;          // the interpreter's fast path runs it (float_path::applies)
    bool global = false;        // an operand is g[] (global memory through the environment)
};

namespace detail {

[[nodiscard]] constexpr index_desc index_of(const layout& l, const operand_tokens& o, const reg_slot& s) noexcept {
    index_desc x;
    x.base = s.base;
    x.size = s.size;
    x.offset = o.has_immediate ? o.immediate : 0;
    if (o.relative == 2) {
        const reg_slot* r = find_slot(l, o.index_type, o.index_number);
        x.gathered = true;
        x.index_row = r ? r->base + o.index_component : layout::zero;
    }
    return x;
}

// The register rows of an operand; false when its form is not followed.
[[nodiscard]] constexpr bool locate(const layout& l, const operand_tokens& o, std::uint32_t& base, index_desc& x) noexcept {
    if (o.relative == 1 || o.dimensions != 1 || (o.relative == 2 && o.index_nested)) return false;
    if (is_memory_type(o.type)) {  // g[r1.x+4], g[4]: the element's address per lane, read and written by traits::execute
        const reg_slot* r = o.relative == 2 ? find_slot(l, o.index_type, o.index_number) : nullptr;
        x = index_desc{true, 0, 0xFFFFFFFFu, r ? r->base + o.index_component : layout::zero, o.number + (o.has_immediate ? o.immediate : 0u),
                       true};
        base = 0;
        return true;
    }
    const reg_slot* s = find_slot(l, o.type, o.number);
    if (!s) return false;
    const bool array = is_array_type(o.type);
    if (!array) {
        base = s->base;
        return o.relative == 0 && !o.has_immediate;  // an index on a plain register: not followed
    }
    x = index_of(l, o, *s);
    base = x.gathered ? 0 : s->base + 4 * (x.offset < s->size ? x.offset : 0);
    return x.gathered || x.offset < s->size;
}

[[nodiscard]] constexpr bool describe_source(const layout& l, const operand_tokens& o, unsigned slot, source_desc& s) noexcept {
    std::uint32_t base = 0;
    if (!locate(l, o, base, s.index)) return false;
    if (s.index.gathered) base = layout::gather + 4 * slot;
    const std::uint32_t m = o.has_mod ? o.mod : 0x3210u;  // no modifier token: xyzw (2.2.6)
    for (unsigned i = 0; i < 4; ++i) {
        const unsigned pick = (m >> (4 * i)) & 7u;
        s.row[i] = pick < 4 ? base + pick : pick == 4 ? layout::zero : layout::one;
        if ((m >> (4 * i + 3)) & 1u) s.negate = static_cast<std::uint8_t>(s.negate | (1u << i));
    }
    s.invert = (m >> 16) & 1u;
    s.bias = (m >> 17) & 1u;
    s.x2 = (m >> 18) & 1u;
    s.sign = (m >> 19) & 1u;
    s.absolute = (m >> 20) & 1u;
    s.divcomp = static_cast<std::uint8_t>((m >> 21) & 7u);
    s.clamp = (m >> 24) & 1u;
    return true;
}

[[nodiscard]] constexpr bool describe_dest(const layout& l, const operand_tokens& o, dest_desc& d) noexcept {
    std::uint32_t base = 0;
    if (!locate(l, o, base, d.index)) return false;
    d.row = d.index.gathered ? layout::result : base;
    const std::uint32_t m = o.has_mod ? o.mod : 0x55u;  // no modifier token: write every component
    for (unsigned c = 0; c < 4; ++c) d.mode[c] = static_cast<std::uint8_t>((m >> (2 * c)) & 3u);
    d.clamp = (m >> 8) & 1u;
    d.shift = static_cast<std::uint8_t>((m >> 9) & 0xFu);
    d.output = o.type == static_cast<std::uint8_t>(reg_type::output);
    d.number = o.number;
    return true;
}

}  // namespace detail

// What the executor does with each code: generated/execution.hpp, from amdil_execution.toml [codes].
[[nodiscard]] constexpr const generated::execution_row& execution_of(opcode op) noexcept {
    return generated::execution_rows[static_cast<std::size_t>(op)];
}
// Whether the executor runs op (the others stop a run with not_executable).
[[nodiscard]] constexpr bool executable(opcode op) noexcept { return execution_of(op).runs; }
// Declarations (dcl_*, dclarray, dclpi...): they describe the program and do nothing at run time
// (dcl_literal's values, and def's and defb's constants, are applied before every run: traits::
// initialize; the array sizes by the layout).
[[nodiscard]] constexpr bool is_declaration(opcode op) noexcept { return execution_of(op).declaration; }
// The sources its kernel reads (fewer in its packet: the unit is refused).
[[nodiscard]] constexpr unsigned arity(opcode op) noexcept { return execution_of(op).sources; }

// How a source is read: a float (2.2.7's modifiers), an integer (negate and abs two's complement),
// the words of a double (negate and abs on the high words), or bits (64-bit integers: swizzle only).
enum class operand_kind : std::uint8_t { float_value, integer, double_value, bits };
[[nodiscard]] constexpr operand_kind source_kind(opcode op, unsigned k) noexcept {
    return static_cast<operand_kind>((execution_of(op).source_kinds >> (2 * k)) & 3u);
}

namespace detail {
// Register pairs: sources and results of doubles and of 64-bit integers (x, y the low and high words).
[[nodiscard]] constexpr bool is_double(opcode op) noexcept { return execution_of(op).pair == 1; }
[[nodiscard]] constexpr bool is_int64(opcode op) noexcept { return execution_of(op).pair == 2; }
[[nodiscard]] constexpr bool double_source(opcode op, unsigned k) noexcept { return source_kind(op, k) == operand_kind::double_value; }
[[nodiscard]] constexpr bool integer_source(opcode op, unsigned k) noexcept { return source_kind(op, k) == operand_kind::integer; }
// Instructions with a float result: the destination's shift_scale and clamp apply (2.2.5).
[[nodiscard]] constexpr bool float_result(opcode op) noexcept { return execution_of(op).float_result; }
// Results that move a source's bits (mov, cmov, ...): a NaN is kept, not made the default NaN.
[[nodiscard]] constexpr bool keeps_bits(opcode op) noexcept { return execution_of(op).keeps_bits; }
}  // namespace detail

// What a flow-control code tests per lane on src0.x (amdil_execution.toml [codes.tests]).
enum class lane_test : std::uint8_t { none, nonzero, zero, relop, value, below_zero };
[[nodiscard]] constexpr lane_test test_of(opcode op) noexcept { return static_cast<lane_test>(execution_of(op).test); }

[[nodiscard]] constexpr bool computes(opcode op) noexcept;

namespace detail {

struct declaration {
    bool found = false;
    std::uint32_t first = 0;  // its first dword (a stride), 0 when it has none
};
// The program's declaration `op` of resource `id` among the descriptors out[0, n).
[[nodiscard]] constexpr declaration declared(const instruction_desc* out, std::size_t n, opcode op, std::uint32_t id) noexcept {
    for (std::size_t i = 0; i < n; ++i)
        if (out[i].op == op && (out[i].control & 0xFFu) == id) return {true, out[i].extra};
    return {};
}

// mmul, transpose: whether the side table has room and every row of the operands is a form the executor follows.
[[nodiscard]] constexpr bool describe_wide(const layout& l, const instruction_desc& d) noexcept {
    if (d.target >= l.wides) return false;
    const wide_operands& w = l.wide[d.target];
    source_desc s;
    dest_desc t;
    for (unsigned k = 0; k < 4; ++k) {
        if (!describe_source(l, row_after(w.operand[d.op == opcode::mmul ? 2 : 1], k), 0, s)) return false;
        if (d.op == opcode::transpose && !describe_dest(l, row_after(w.operand[0], k), t)) return false;
    }
    return d.op == opcode::transpose || (d.control < 5 && describe_source(l, w.operand[1], 0, s));  // ILMatrix
}

// Where an access finds its bytes (generators/specs/amdil_execution.toml [environment]): LDS
// declared dcl_struct_lds and SRVs declared dcl_struct_srv are structured by the declared stride;
// GDS is typeless (dcl_struct_gds's stride is not among its described operands); every access to
// a UAV declared dcl_struct_uav is structured by its stride (uav_struct_* need one); arena UAVs
// address bytes in the size of the control's data_size; a UAV atomic addresses bytes when its UAV
// is declared raw, else elements of a typed R32 UAV (4 bytes); uav_load and uav_store elements of
// four dwords. False: the access cannot be placed.
[[nodiscard]] constexpr bool place_access(const instruction_desc* out, std::size_t n, instruction_desc& d) noexcept {
    access_desc& a = d.acc;
    a.id = d.control & 0xFFu;
    switch (a.mode) {
        case addressing::floored:  // memimport_elem(n), memexport_exportStream(n)_elemOffset(i): bits 21:16, 28:23
            a.id = d.control & 0x3Fu;
            a.offset = d.op == opcode::memexport ? (d.control >> 7) & 0x3Fu : 0u;
            return true;
        case addressing::grid: a.id = 0, a.quad = d.control != 0; return true;
        case addressing::owner:
        case addressing::own: {  // sharingMode 17:16 (2, 3 reserved); neighborExch 18; lOffset 23:18 (bytes)
            a.id = 0;
            a.stride = 0;
            for (std::size_t i = 0; i < n; ++i)
                if (out[i].op == opcode::dcl_lds_size_per_thread) a.stride = 4 * out[i].control;  // dwords a lane
            a.exchange = d.op == opcode::lds_read_vec && ((d.control >> 2) & 1u);
            a.offset = d.op == opcode::lds_write_vec ? ((d.control >> 2) & 0x3Fu) : 0u;
            return (d.control & 3u) < 2 && a.stride != 0 && a.offset < a.stride;
        }
        default: break;
    }
    switch (a.space) {
        case memory_space::lds:
            if (const declaration s = declared(out, n, opcode::dcl_struct_lds, a.id); s.found && s.first != 0)
                a.mode = addressing::structured, a.stride = s.first;
            return true;
        case memory_space::srv:
            if (a.mode != addressing::structured) return true;
            a.stride = declared(out, n, opcode::dcl_struct_srv, a.id).first;
            return a.stride != 0;
        case memory_space::uav:
            if (const declaration s = declared(out, n, opcode::dcl_struct_uav, a.id); s.found || a.mode == addressing::structured) {
                a.mode = addressing::structured, a.stride = s.first;
                return s.first != 0;
            }
            if (d.op == opcode::uav_arena_load || d.op == opcode::uav_arena_store) {  // data_size, bits 27:26
                const std::uint32_t size = (d.control >> 10) & 3u;
                a.width = static_cast<std::uint8_t>(size == 0 ? 4 : size == 1 ? 2 : 1);
                return size != 3;
            }
            if (a.kind != access_kind::atomic && d.op != opcode::uav_load && d.op != opcode::uav_store) return true;  // raw
            if (declared(out, n, opcode::dcl_raw_uav, a.id).found) return true;
            a.mode = addressing::elements;
            a.stride = a.kind == access_kind::atomic ? 4u : 16u;
            return true;
        default: return true;
    }
}

}  // namespace detail

// The descriptors of a program, in order.
constexpr void describe_program(std::span<const instruction> program, const layout& l, instruction_desc* out) noexcept {
    std::uint32_t offset = 0;
    for (std::size_t i = 0; i < program.size(); ++i) {
        const instruction& in = program[i];
        instruction_desc d;
        d.offset = offset;
        offset += 4u * in.size;
        d.header = in.header;
        const packet_operands p = read_packet(in);
        d.op = p.op;
        d.control = p.control;
        if (in.header) {
            d.op = opcode::nop;
        } else if (!p.readable || !executable(p.op)) {
            d.refused = refusal::opcode;
        } else if (l.overflow) {
            d.refused = refusal::registers;
        } else if (!is_declaration(p.op)) {
            d.has_dest = p.dsts == 1;
            if (d.has_dest && !detail::describe_dest(l, p.operand[0], d.dst)) d.refused = refusal::operand;
            d.srcs = static_cast<std::uint8_t>(p.srcs < 4 ? p.srcs : 4);
            d.acc = access_of(p.op);
            d.acc.offsets = p.offsets;
            d.computes = computes(p.op);
            const bool accesses = d.acc.kind != access_kind::none;
            if (p.srcs < arity(p.op) || (!accesses && d.has_dest != computes(p.op))) d.refused = refusal::operand;
            if (p.op == opcode::kill && p.control != 0) d.refused = refusal::operand;  // kill_stage(n)_sample: its bits are not given
            for (unsigned k = 0; k < d.srcs; ++k)
                if (!detail::describe_source(l, p.operand[p.dsts + k], k, d.src[k])) d.refused = refusal::operand;
            for (unsigned k = 0; k < d.srcs; ++k) d.global = d.global || d.src[k].index.memory;
            d.global = d.global || (d.has_dest && d.dst.index.memory);
            if (p.op == opcode::hs_fork_phase || p.op == opcode::hs_join_phase || p.op == opcode::endphase)  // vInstanceID's rows
                if (const reg_slot* r = find_slot(l, static_cast<std::uint8_t>(reg_type::shader_instance_id), 0)) d.dst.row = r->base;
            if (p.op == opcode::init_sr) {  // its source is cb0[0] (the layout gives it rows)
                operand_tokens cb;
                cb.type = static_cast<std::uint8_t>(reg_type::const_buff);
                cb.has_immediate = true;
                d.srcs = 1;
                if (!detail::describe_source(l, cb, 0, d.src[0])) d.refused = refusal::operand;
            }
            if (p.op == opcode::mmul || p.op == opcode::transpose) {  // operands in the layout's side table (matrix.hpp)
                d.target = l.wides;
                for (std::uint32_t k = 0; k < l.wides; ++k)
                    if (l.wide[k].at == i) d.target = k;
                if (!detail::describe_wide(l, d)) d.refused = refusal::operand;
            }
            if (p.op == opcode::det && d.srcs == 1) {  // rows 1-3 of the matrix: the registers after src0
                d.srcs = 4;
                for (unsigned k = 1; k < 4; ++k)
                    if (!detail::describe_source(l, detail::row_after(p.operand[p.dsts], k), k, d.src[k])) d.refused = refusal::operand;
            }
        } else if (p.op == opcode::dcl_literal || p.op == opcode::def || p.op == opcode::defb) {
            // The literal's register (its four values fill its rows once: traits::initialize).
            if (!detail::describe_dest(l, p.operand[0], d.dst)) d.refused = refusal::operand;
        }
        d.extra = p.extras ? p.extra[0] : 0;
        out[i] = d;
    }
    // Accesses: placed by the program's declarations.
    for (std::size_t i = 0; i < program.size(); ++i)
        if (out[i].acc.kind != access_kind::none && out[i].refused == refusal::none && !detail::place_access(out, program.size(), out[i]))
            out[i].refused = refusal::operand;
    if (const reg_slot* t = find_slot(l, static_cast<std::uint8_t>(reg_type::thread_id_in_group_flat), 0))
        for (std::size_t i = 0; i < program.size(); ++i) out[i].acc.thread_row = t->base;
    // Calls: the index of the FUNC with their label.
    for (std::size_t i = 0; i < program.size(); ++i) {
        instruction_desc& d = out[i];
        if (d.op != opcode::call && d.op != opcode::callnz && d.op != opcode::call_logicalz && d.op != opcode::call_logicalnz) continue;
        if (d.refused != refusal::none) continue;
        d.refused = refusal::call_target;
        for (std::size_t k = 0; k < program.size(); ++k)
            if (out[k].op == opcode::func && out[k].extra == d.extra) {
                d.target = static_cast<std::uint32_t>(k);
                d.refused = refusal::none;
                break;
            }
    }
    // The program's end (a lane that reaches it has nothing left to run): the compiled path may
    // take a program that ends so as straight.
    for (std::size_t i = program.size(); i-- > 0;) {
        instruction_desc& d = out[i];
        if (d.op == opcode::end || d.op == opcode::endmain) d.final_end = d.refused == refusal::none;
        else if (d.op != opcode::nop && !is_declaration(d.op)) break;
    }
}

}  // namespace ctisa::amdil::exec
