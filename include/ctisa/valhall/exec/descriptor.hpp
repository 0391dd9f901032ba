// SPDX-License-Identifier: MIT
// Each Valhall instruction decoded once into a plain structural descriptor whose operands are row
// numbers (layout.hpp) and whose selects and modifiers are resolved into a few integers, and why
// an instruction cannot be executed. Constexpr: the interpreter describes a program at run time,
// the compiled path at compile time.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "../instruction.hpp"
#include "layout.hpp"

namespace ctisa::valhall::exec {

// Why an instruction cannot be executed; none when it can. Instruction-level reasons depend only
// on the instruction; operand-level ones on a modifier or operand of this occurrence.
enum class unexecutable : std::uint8_t {
    none,
    instruction,       // the instruction itself (see not_executable_reason(id))
    condition_total,   // the `total` condition
    frexp_log,         // FREXPM/FREXPE.log
    compare_64bit,     // ICMP .seq or the u1 result type
    f1_on_bytes,       // ICMP.v4*.f1: no 8-bit float
    clper_lane_op,     // CLPER .accumulate / .shift
    shift_lanes_v4i8,  // a v4i8 shift whose lanes select is not a broadcast
    wide_operand,      // a 64-bit operand from the immediate table, an odd uniform/special or r63
    wide_dest,         // a 64-bit result with a half write mask, or to r63
    too_many_specials, // more distinct special values than the layout holds
};

[[nodiscard]] constexpr std::string_view reason_text(unexecutable u) noexcept {
    switch (u) {
        case unexecutable::condition_total:
            return "the condition `total` is described only as 'Totally ordered': whether it is IEEE 754's totalOrder "
                   "predicate or the ordered (no NaN) test is not said, and for integers it has no meaning";
        case unexecutable::frexp_log:
            return ".log adjusts the result 'to be compatible with Valhall's argument reduction for logarithm "
                   "computation' without saying how";
        case unexecutable::compare_64bit:
            return ".seq and the u1 result type build 64-bit compares; the value u1 produces and how .seq combines "
                   "it are not described";
        case unexecutable::f1_on_bytes: return "the f1 result type on 8-bit lanes: there is no 8-bit float 1.0";
        case unexecutable::clper_lane_op: return "the lane operations accumulate and shift are named but not described";
        case unexecutable::shift_lanes_v4i8:
            return "the shift's lanes select is described for 16-bit vectors only; for v4i8 only the broadcasts "
                   "(b00, b11, b22, b33) have one reading";
        case unexecutable::wide_operand:
            return "a 64-bit operand must be a register pair (r0-r62) or an even uniform or special value; what "
                   "a 64-bit read of the immediate table or an odd slot gives is not described";
        case unexecutable::wide_dest: return "a 64-bit result is written to a register pair (r0-r62) in full";
        case unexecutable::too_many_specials: return "more distinct special values than the executor's layout holds";
        default: return "";
    }
}

// The instructions whose meaning the XML (and Mesa 21.3's code) does not give: the reason, or "".
[[nodiscard]] constexpr std::string_view not_executable_reason(instruction_id id) noexcept {
    using enum instruction_id;
    switch (id) {
        case branchzi:
            return "the XML does not say how the 32-bit target is interpreted (absolute code address or relative "
                   "offset; a later XML adds an `absolute` bit this one lacks); its one use is leaving the "
                   "program for a blend shader";
        case flogd_f32:
            return "'requires an argument reduction': the function it computes on the reduced argument is not "
                   "described (Mesa 21.3 only shows it inside a sequence with FADD_LSCALE and FREXPE.log)";
        case fadd_lscale_f32:
            return "'a floating-point addition specialized for logarithm computation': the specialisation is not "
                   "described";
        case frscale_f32:
        case frscale_v2f16:
            return "'adds B to the exponent of A', yet B carries float modifiers (abs, neg, f16 swizzles): B's type "
                   "is not said, nor its 'special case handling'";
        case cubeface2:
            return "the face index encoding (Mesa: preshifted to bits 29-31), the face numbering and the choice "
                   "between equal magnitudes are not described";
        case cube_ssel:
        case cube_tsel:
            return "the coordinate each face selects and its sign depend on the face index encoding CUBEFACE2 "
                   "produces, which is not described";
        case todo_atom_c1:
        case todo_atom_c: return "marked TODO in the XML: the values of the 6-bit `operation` field are not listed";
        case todo_var_tex: return "marked TODO in the XML: which varying it interpolates is not encoded in any described field";
        case clper_v2u16:
        case clper_v4u8:
        case clper_s32:
        case clper_v2s16:
        case clper_v4s8:
        case clper_u64:
        case clper_s64:
            return "the XML describes CLPER as a 32-bit permute (and its inactive results for CLPER.i32 only); what "
                   "the other types permute and return for inactive lanes is not said";
        default: return "";
    }
}

// --- descriptors -------------------------------------------------------------------------------

// How a source's 32 bits become the operand (select), then its modifiers (abs, neg, not) as masks.
enum class source_form : std::uint8_t {
    word,        // as is
    parts,       // lanes of lane_bits, each from a part of part_bits at offset[j], extended
    half_float,  // the binary16 at offset[0], converted to f32 (a widened float source)
};

struct source_desc {
    row_t row = 0;        // the low (or only) word
    row_t row_hi = 0;     // the high word of a 64-bit source; the zero row otherwise
    source_form form = source_form::word;
    std::uint8_t lane_bits = 32;
    std::uint8_t part_bits = 32;
    bool sign = false;    // parts are sign-extended
    bool extend_hi = false;  // a 64-bit operand from one 32-bit word: the high word extends it
    std::array<std::uint8_t, 4> offset{};
    lane_word and_mask = ~lane_word{0};  // abs
    lane_word xor_mask = 0;              // neg, not
    lane_word xor_hi = 0;                // not, high word
    bool uniform = false;  // a uniform or immediate: the same in every lane (the compiled path converts it once)
};

struct instruction_desc {
    instruction_id id = instruction_id::nop;
    std::uint32_t pc = 0;
    unexecutable why = unexecutable::none;
    bool has_action = false;
    action act = action::wait0126;
    std::int64_t target = 0;     // BRANCHZ, BLEND: the instruction they branch to
    bool writes = false;         // has a destination register
    bool wide = false;           // ... a register pair
    row_t dest = 0, dest_hi = 0;
    lane_word write_bits = ~lane_word{0};  // the 16-bit halves the write mask writes
    std::uint8_t source_count = 0;
    std::array<source_desc, 4> sources{};
    std::uint32_t immediate = 0;
    std::array<std::uint8_t, modifier_count> mods{};
    std::array<std::uint8_t, 2> staging_count{};
    std::array<std::array<row_t, max_staging_registers>, 2> staging{};
    bool on_values = false;  // values::supported: a kernel over row values (execute.hpp), set by traits
    std::uint8_t row_form = 255;  // its form of the interpreter's fast path (row_forms_of_values), set by traits
    bool loose_nan = false;  // only float arithmetic reads its result (values::mark), set by traits

    template <class E>
    [[nodiscard]] constexpr E mod(modifier m) const noexcept {
        return static_cast<E>(mods[static_cast<std::size_t>(m)]);
    }
    [[nodiscard]] constexpr bool flag(modifier m) const noexcept { return mods[static_cast<std::size_t>(m)] != 0; }
};

namespace detail {

// The row of a source's word k (0 low, 1 high); 0 (zeros) when it has none.
constexpr row_t source_row(const layout& l, const instruction& in, const source& s, unsigned k, std::uint32_t pc) noexcept {
    switch (s.kind) {
        case source_kind::reg: return s.index + k < register_count ? l.reg[s.index + k] : row_t{0};
        case source_kind::uniform: return s.index + k < uniform_count ? l.uniform[s.index + k] : row_t{0};
        case source_kind::immediate: return k == 0 ? l.immediate[s.index & 31u] : row_t{0};
        case source_kind::special: {
            const int i = find_special(l, special_key(in.mode, static_cast<std::uint8_t>(s.index + k), pc));
            return i < 0 ? row_t{0} : static_cast<row_t>(l.first_special + i);
        }
        default: return 0;
    }
}

// A source read as lanes of `lane_bits`, lane j from `part_bits` at offsets[j].
constexpr void set_parts(source_desc& sd, unsigned lane_bits, unsigned part_bits, std::array<unsigned, 4> offsets, bool sign) noexcept {
    sd.form = source_form::parts;
    sd.lane_bits = static_cast<std::uint8_t>(lane_bits);
    sd.part_bits = static_cast<std::uint8_t>(part_bits);
    sd.sign = sign;
    for (unsigned j = 0; j < 4; ++j) sd.offset[j] = static_cast<std::uint8_t>(offsets[j]);
}

// The select of a source resolved into a form. False when the select has no executable reading.
constexpr bool resolve_select(source_desc& sd, const instruction& in, unsigned i, const type_info& t, bool& wide_source) noexcept {
    const source_info& si = info(in.id).sources[i];
    const unsigned v = in.sources[i].select;
    const bool sign = t.is_signed;
    switch (si.select.kind) {
        case select_kind::none: return true;
        case select_kind::swizzle:
            if (si.size == 32) {  // Widen: none, h0, h1 of a float source: binary16 widened to f32
                if (v == static_cast<unsigned>(widen::h0) || v == static_cast<unsigned>(widen::h1)) {
                    sd.form = source_form::half_float;
                    sd.offset[0] = v == static_cast<unsigned>(widen::h1) ? 16 : 0;
                }
                return true;
            }
            // Swizzles (16-bit) h00, h10, h01, h11: bit 0 picks lane 0's half, bit 1 lane 1's.
            set_parts(sd, 16, 16, {(v & 1u) * 16u, ((v >> 1) & 1u) * 16u, 0, 0}, false);
            return true;
        case select_kind::widen:
            switch (si.size) {
                case 8: {  // Swizzles (8-bit): the name lists the source byte of lanes 0-3
                    constexpr std::array<std::array<unsigned, 4>, 12> bytes{{{0, 1, 2, 3},
                                                                             {3, 2, 1, 0},
                                                                             {0, 1, 0, 1},
                                                                             {2, 3, 2, 3},
                                                                             {0, 0, 0, 0},
                                                                             {1, 1, 1, 1},
                                                                             {2, 2, 2, 2},
                                                                             {3, 3, 3, 3},
                                                                             {2, 3, 0, 1},
                                                                             {1, 0, 3, 2},
                                                                             {0, 0, 1, 1},
                                                                             {2, 2, 3, 3}}};
                    if (v >= bytes.size()) return false;
                    set_parts(sd, 8, 8, {bytes[v][0] * 8, bytes[v][1] * 8, bytes[v][2] * 8, bytes[v][3] * 8}, sign);
                    return true;
                }
                case 16: {  // Swizzles (16-bit): hXY halves, bXY bytes extended to 16 bits
                    if (v < 4) {
                        set_parts(sd, 16, 16, {(v & 1u) * 16u, ((v >> 1) & 1u) * 16u, 0, 0}, sign);
                        return true;
                    }
                    constexpr std::array<std::array<unsigned, 2>, 10> bytes{
                        {{0, 0}, {2, 0}, {0, 2}, {2, 2}, {1, 1}, {3, 1}, {1, 3}, {3, 3}, {0, 1}, {2, 3}}};
                    if (v - 4 >= bytes.size()) return false;
                    set_parts(sd, 16, 8, {bytes[v - 4][0] * 8, bytes[v - 4][1] * 8, 0, 0}, sign);
                    return true;
                }
                case 64:  // Swizzles (64-bit): none (a pair), w0, or h0, h1, b0-b3 of the low word as below
                    static_assert(unsigned(swizzles_64_bit::h0) == unsigned(swizzles_32_bit::h0) &&
                                  unsigned(swizzles_64_bit::h1) == unsigned(swizzles_32_bit::h1) &&
                                  unsigned(swizzles_64_bit::b0) == unsigned(swizzles_32_bit::b0) &&
                                  unsigned(swizzles_64_bit::b3) == unsigned(swizzles_32_bit::b3));
                    if (v == static_cast<unsigned>(swizzles_64_bit::none)) return true;
                    wide_source = false;
                    sd.extend_hi = true;
                    sd.sign = sign;
                    if (v == static_cast<unsigned>(swizzles_64_bit::w0)) return true;
                    [[fallthrough]];
                default: {  // Swizzles (32-bit): none, h0, h1, b0-b3 extended to 32 bits
                    if (v == static_cast<unsigned>(swizzles_32_bit::none)) return true;
                    if (v == static_cast<unsigned>(swizzles_32_bit::h0) || v == static_cast<unsigned>(swizzles_32_bit::h1))
                        set_parts(sd, 32, 16, {v == static_cast<unsigned>(swizzles_32_bit::h1) ? 16u : 0u, 0, 0, 0}, sign);
                    else if (v >= 4 && v <= 7) set_parts(sd, 32, 8, {(v - 4) * 8, 0, 0, 0}, sign);
                    else return false;
                    return true;
                }
            }
        case select_kind::lanes: {  // Lanes (8-bit): the shift amount's bytes bXY
            constexpr std::array<std::array<int, 2>, 12> lanes{
                {{0, 2}, {-1, -1}, {-1, -1}, {-1, -1}, {0, 0}, {1, 1}, {2, 2}, {3, 3}, {-1, -1}, {-1, -1}, {0, 1}, {2, 3}}};
            if (v >= lanes.size() || lanes[v][0] < 0) return false;
            const unsigned x = static_cast<unsigned>(lanes[v][0]) * 8, y = static_cast<unsigned>(lanes[v][1]) * 8;
            if (t.bits == 16) set_parts(sd, 16, 8, {x, y, 0, 0}, false);
            else if (t.bits == 8) set_parts(sd, 8, 8, {x, x, y, y}, false);
            else set_parts(sd, 32, 8, {x, 0, 0, 0}, false);
            return true;
        }
        case select_kind::lane:
            if (si.select.values == enum_id::lane_8_bit) {  // one byte, extended to 32 bits
                set_parts(sd, 32, 8, {v * 8, 0, 0, 0}, sign);
            } else if (si.select.values == enum_id::lane_16_bit) {  // one half, zero-extended
                set_parts(sd, 32, 16, {v * 16, 0, 0, 0}, false);
            } else {  // Lane (32-bit): none, h0, h1
                if (v == static_cast<unsigned>(lane_32_bit::h0) || v == static_cast<unsigned>(lane_32_bit::h1))
                    set_parts(sd, 32, 16, {v == static_cast<unsigned>(lane_32_bit::h1) ? 16u : 0u, 0, 0, 0}, false);
                else if (v != static_cast<unsigned>(lane_32_bit::none)) return false;
            }
            return true;
    }
    return false;
}

// Operand-level reasons an occurrence cannot be executed.
constexpr unexecutable check_operands(const instruction& in) noexcept {
    using enum instruction_id;
    const instruction_info& ins = info(in.id);
    const type_info t = type_of(in.id);
    if (find_modifier(ins, modifier::condition) &&
        in.modifiers[static_cast<std::size_t>(modifier::condition)] == static_cast<std::uint8_t>(condition::total))
        return unexecutable::condition_total;
    if (find_modifier(ins, modifier::log) && modifier_value(in, modifier::log)) return unexecutable::frexp_log;
    if (find_modifier(ins, modifier::result_type)) {
        const auto rt = static_cast<result_type>(modifier_value(in, modifier::result_type));
        if (rt == result_type::u1 || modifier_value(in, modifier::seq)) return unexecutable::compare_64bit;
        if (rt == result_type::f1 && t.bits == 8) return unexecutable::f1_on_bytes;
    }
    if (find_modifier(ins, modifier::lane_operation)) {
        const auto op = static_cast<lane_operation>(modifier_value(in, modifier::lane_operation));
        if (op == lane_operation::accumulate || op == lane_operation::shift) return unexecutable::clper_lane_op;
    }
    for (unsigned i = 0; i < ins.source_count; ++i) {
        if (ins.sources[i].select.kind == select_kind::lanes && t.bits == 8) {
            const auto v = static_cast<lanes_8_bit>(in.sources[i].select);
            if (v != lanes_8_bit::b00 && v != lanes_8_bit::b11 && v != lanes_8_bit::b22 && v != lanes_8_bit::b33)
                return unexecutable::shift_lanes_v4i8;
        }
        if (!reads_pair(in, i)) continue;
        const source& s = in.sources[i];
        const bool ok = (s.kind == source_kind::reg && s.index + 1u < register_count) ||
                        ((s.kind == source_kind::uniform || s.kind == source_kind::special) && s.index % 2 == 0);
        if (!ok) return unexecutable::wide_operand;
    }
    if (ins.dests && writes_pair(in.id) && (in.dest.mask != full_write_mask || in.dest.reg + 1u >= register_count))
        return unexecutable::wide_dest;
    return unexecutable::none;
}

}  // namespace detail

// Describes instruction `pc` of a program whose layout is `l`.
[[nodiscard]] constexpr instruction_desc describe(const instruction& in, const layout& l, std::uint32_t pc) noexcept {
    instruction_desc d;
    const instruction_info& ins = info(in.id);
    const type_info t = type_of(in.id);
    d.id = in.id;
    d.pc = pc;
    d.has_action = in.has_action;
    d.act = in.act;
    d.mods = in.modifiers;
    d.immediate = in.immediate;
    d.source_count = ins.source_count;
    if (!not_executable_reason(in.id).empty()) d.why = unexecutable::instruction;
    else if (l.overflow) d.why = unexecutable::too_many_specials;
    else d.why = detail::check_operands(in);

    if (in.id == instruction_id::branchz) d.target = std::int64_t{pc} + 1 + static_cast<std::int32_t>(in.immediate);
    if (in.id == instruction_id::blend) d.target = std::int64_t{pc} + 1 + static_cast<std::int64_t>(in.immediate);

    if (ins.dests) {
        d.writes = true;
        d.dest = l.reg[in.dest.reg];
        d.wide = writes_pair(in.id);
        if (d.wide && in.dest.reg + 1u < register_count) d.dest_hi = l.reg[in.dest.reg + 1u];
        d.write_bits = in.dest.mask == 1 ? 0x0000FFFFu : in.dest.mask == 2 ? 0xFFFF0000u : ~lane_word{0};
    }
    for (unsigned k = 0; k < ins.staging_count; ++k) {
        d.staging_count[k] = in.staging[k].count;
        for (unsigned r = 0; r < in.staging[k].count && r < max_staging_registers; ++r)
            d.staging[k][r] = l.reg[(in.staging[k].base + r) % register_count];
    }
    for (unsigned i = 0; i < ins.source_count; ++i) {
        const source& s = in.sources[i];
        const source_info& si = ins.sources[i];
        source_desc& sd = d.sources[i];
        bool pair = reads_pair(in, i);
        sd.row = detail::source_row(l, in, s, 0, pc);
        sd.uniform = s.kind == source_kind::uniform || s.kind == source_kind::immediate;
        if (!detail::resolve_select(sd, in, i, t, pair) && d.why == unexecutable::none) d.why = unexecutable::wide_operand;
        if (pair) sd.row_hi = detail::source_row(l, in, s, 1, pc);
        // Modifiers, after the select: abs and neg on the float's sign bit(s), not on every bit.
        const bool half_pair = si.size == 16 && sd.form != source_form::half_float;
        if (s.abs) sd.and_mask = half_pair ? 0x7FFF7FFFu : 0x7FFFFFFFu;
        if (s.neg) sd.xor_mask = half_pair ? 0x80008000u : 0x80000000u;
        if (s.invert) {
            sd.xor_mask = ~lane_word{0};
            if (pair || sd.extend_hi) sd.xor_hi = ~lane_word{0};
        }
    }
    return d;
}

}  // namespace ctisa::valhall::exec
