// SPDX-License-Identifier: MIT
// The Valhall ALU core and message handling: one instruction over N lanes. The interpreter calls
// it with a descriptor known at run time; the compiled path with a constexpr descriptor, so that
// after inlining only the code of that one instruction, with its rows and modifiers as constants,
// remains.
//
// Kernels work a chunk of lanes at a time: they read each source (straight from its row, or into
// local values with the select, then abs, neg and not applied), compute every lane's result into
// local values, then store them under the lane mask and the write mask. A chunk's results are
// stored only after all its sources are read, so `MOV.i32 r0, r0` and `FMA.f32 r0, r0, r0, r0`
// are safe.
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <type_traits>
#include <utility>

#include "../../exec/dispatch.hpp"
#include "../../exec/float.hpp"
#include "../../exec/kernel.hpp"
#include "../../exec/lane_ops.hpp"
#include "../../exec/lanes.hpp"
#include "../../exec/loose_nan.hpp"
#include "../../exec/row_path.hpp"
#include "../../exec/traits.hpp"
#include "../../exec/value_rows.hpp"
#include "environment.hpp"
#include "kernel_groups.hpp"
#include "descriptor.hpp"
#include "layout.hpp"
#include "semantics.hpp"

namespace ctisa::valhall::exec {

using ctisa::exec::chunk_of;
using ctisa::exec::lane_on;

// N lanes of storage whose rows are `Stride` lanes long, starting at lane `first`; the context is
// the program's instructions (messages hand their instruction to the environment).
template <std::size_t N, std::size_t Stride>
using lane_view = ctisa::exec::lane_view<N, Stride, const instruction>;

using dynamic_desc = ctisa::exec::dynamic_desc<instruction_desc>;
template <instruction_desc D>
struct static_desc : ctisa::exec::static_desc<D> {};  // (a class, not an alias: GCC 12 crashes on the alias)

// What an instruction did besides writing registers, for the control flow around it. The arrays
// are left uninitialised (a compiled block declares one an instruction): the kernel or the step
// hook sets every lane of an array before its flag says to read it.
template <std::size_t N>
struct effects {
    bool branch = false;  // BRANCHZ, BLEND: `taken` holds the lanes that go to the descriptor's target
    std::array<lane_word, N> taken;
    bool ended_any = false;  // DISCARD, BLEND (with return): `ended` holds the lanes that end
    std::array<lane_word, N> ended;
};

namespace kernel {

using ctisa::exec::store;
using ctisa::exec::store_bits;

// --- reading sources -----------------------------------------------------------------------

// The part of `bits` bits (8, 16 or 32) at bit `at` of w, sign- or zero-extended to 32 bits, over
// one lane or a vector of lanes. (Shifts and a select, no branch: loops over lanes vectorize with
// the part known at run time.)
template <class W>
CTISA_EXEC_INLINE void part_of(const W& w, unsigned at, unsigned bits, bool sign, W& out) noexcept {
    const unsigned up = 32u - bits;
    const W x = (w >> at) << up;
    select_lanes(sign, __builtin_bit_cast(W, __builtin_bit_cast(ctisa::exec::ints_of<W>, x) >> up), x >> up, out);
}
[[nodiscard]] CTISA_EXEC_INLINE lane_word part_of(lane_word w, unsigned at, unsigned bits, bool sign) noexcept {
    lane_word out;
    part_of(w, at, bits, sign, out);
    return out;
}

// K lanes of a source from lane l0: its low words into `lo` and, when `hi` is given, its high
// words (a register pair, the extension of a widened word, or zero).
template <std::size_t K, class View>
CTISA_EXEC_INLINE void read_source(const source_desc& s, const View& v, std::size_t l0, lane_word* lo, lane_word* hi) {
    const lane_word* r = v.row(s.row) + l0;
    for (std::size_t k = 0; k < K; ++k) lo[k] = r[k];
    switch (s.form) {
        case source_form::word: break;
        case source_form::parts: {  // lane j of lane_bits from part_bits at offset[j], extended
            const unsigned b = s.part_bits;
            const bool sign = s.sign;
            if (s.lane_bits == 32) {
                const unsigned at = s.offset[0];
                for (std::size_t k = 0; k < K; ++k) lo[k] = part_of(lo[k], at, b, sign);
            } else if (s.lane_bits == 16) {
                const unsigned a0 = s.offset[0], a1 = s.offset[1];
                for (std::size_t k = 0; k < K; ++k) lo[k] = (part_of(lo[k], a0, b, sign) & 0xFFFFu) | (part_of(lo[k], a1, b, sign) << 16);
            } else {
                const unsigned a0 = s.offset[0], a1 = s.offset[1], a2 = s.offset[2], a3 = s.offset[3];
                for (std::size_t k = 0; k < K; ++k)
                    lo[k] = (part_of(lo[k], a0, b, sign) & 0xFFu) | ((part_of(lo[k], a1, b, sign) & 0xFFu) << 8) |
                            ((part_of(lo[k], a2, b, sign) & 0xFFu) << 16) | (part_of(lo[k], a3, b, sign) << 24);
            }
            break;
        }
        case source_form::half_float:
            for (std::size_t k = 0; k < K; ++k) lo[k] = as_bits(f16(static_cast<half_bits>(lo[k] >> s.offset[0])));
            break;
    }
    if (hi) {
        if (s.extend_hi) {
            for (std::size_t k = 0; k < K; ++k) hi[k] = s.sign ? lane_word{0} - (lo[k] >> 31) : 0u;
        } else {
            const lane_word* rh = v.row(s.row_hi) + l0;
            for (std::size_t k = 0; k < K; ++k) hi[k] = rh[k];
        }
        if (s.xor_hi != 0)
            for (std::size_t k = 0; k < K; ++k) hi[k] ^= s.xor_hi;
    }
    if (s.and_mask != lane_on || s.xor_mask != 0)
        for (std::size_t k = 0; k < K; ++k) lo[k] = (lo[k] & s.and_mask) ^ s.xor_mask;
}

// The same for kernels whose descriptor is known only at run time (the interpreter): one shared
// function per chunk size and view instead of a copy inlined into each of the 172 kernels. With
// the descriptor not constant, inlining folds nothing, and the copies cost most of the compile time.
template <std::size_t K, class View>
[[gnu::noinline]] void read_source_shared(const source_desc& s, const View& v, std::size_t l0, lane_word* lo, lane_word* hi) {
    read_source<K>(s, v, l0, lo, hi);
}
template <std::size_t K, class Desc, class View>
CTISA_EXEC_INLINE void read_source_of(const source_desc& s, const View& v, std::size_t l0, lane_word* lo, lane_word* hi) {
    if constexpr (ctisa::exec::is_static_desc<Desc>) read_source<K>(s, v, l0, lo, hi);
    else read_source_shared<K>(s, v, l0, lo, hi);
}

// One lane's source as a 64-bit value (low word | high word << 32; zero-extended 32-bit sources).
template <class View>
[[nodiscard]] inline std::uint64_t read_lane64(const source_desc& s, const View& v, std::size_t l, bool pair) {
    lane_word lo, hi = 0;
    read_source<1>(s, v, l, &lo, pair || s.extend_hi ? &hi : nullptr);
    return lo | (std::uint64_t{hi} << 32);
}
template <class View>
[[nodiscard]] inline lane_word read_lane(const source_desc& s, const View& v, std::size_t l) {
    lane_word lo;
    read_source<1>(s, v, l, &lo, nullptr);
    return lo;
}

// --- the lane-wise kernel ---------------------------------------------------------------------

// Every lane's result from its sources: f(a, b, c, d) -> lane_word over 32-bit sources, or, Wide,
// f(a, b, c, d) -> uint64 over 64-bit sources (for 64-bit results or operands). Sources beyond
// `Sources` are zero.
// A source read as it is stored (no select, no modifier) is read straight from its row.
[[nodiscard]] constexpr bool plain(const source_desc& s) noexcept {
    return s.form == source_form::word && s.and_mask == lane_on && s.xor_mask == 0;
}

// Whether sources [0, Sources) are all plain.
template <unsigned Sources>
[[nodiscard]] constexpr bool plain_sources(const instruction_desc& d) noexcept {
    for (unsigned s = 0; s < Sources; ++s)
        if (!plain(d.sources[s])) return false;
    return true;
}

template <std::size_t K>
inline constexpr std::array<lane_word, K> zero_lanes{};

// Lanes a chunk of the lane-wise kernel: 64 (four 16-lane vectors to overlap) when they divide N.
template <std::size_t N>
inline constexpr std::size_t lanewise_chunk = N % 64 == 0 ? 64 : chunk_of<N>;

// A chunk's 32-bit sources [0, Sources) for kernels whose descriptor is known only at run time:
// p[s] the row itself when the source is plain, else x[s] with the select and modifiers applied,
// zeros beyond Sources. One shared function per source count and view instead of this code in
// each of the interpreter's 172 kernels (a quarter of each kernel's code, measured).
template <unsigned Sources, std::size_t K, class View>
[[gnu::noinline]] void read_sources_shared(const instruction_desc& d, const View& v, std::size_t l0, lane_word (&x)[4][K],
                                           const lane_word* (&p)[4]) {
    for (unsigned s = 0; s < 4; ++s) {
        if (s >= Sources) {
            p[s] = zero_lanes<K>.data();
        } else if (plain(d.sources[s])) {
            p[s] = v.row(d.sources[s].row) + l0;
        } else {
            read_source<K>(d.sources[s], v, l0, x[s], nullptr);
            p[s] = x[s];
        }
    }
}

template <unsigned Sources, bool Wide, class Desc, std::size_t N, std::size_t S, class F>
CTISA_EXEC_INLINE void lanewise(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, F f) {
    const instruction_desc& d = desc.get();
    constexpr std::size_t K = lanewise_chunk<N>;
    for (std::size_t l0 = 0; l0 < N; l0 += K) {
        lane_word x[4][K];
        lane_word xh[4][K];
        const lane_word* p[4];
        // One read per source, each with its index a constant (so that, on the compiled path, the
        // source's descriptor folds into the code): its row itself when the source is plain, else
        // a copy with the select and modifiers applied.
        auto read = [&](auto i) {
            constexpr unsigned s = decltype(i)::value;
            if constexpr (s < Sources) {
                if (!Wide && plain(d.sources[s])) {
                    p[s] = v.row(d.sources[s].row) + l0;
                } else {
                    read_source_of<K, Desc>(d.sources[s], v, l0, x[s], Wide ? xh[s] : nullptr);
                    p[s] = x[s];
                }
            } else {
                p[s] = zero_lanes<K>.data();
                if constexpr (Wide)
                    for (std::size_t k = 0; k < K; ++k) xh[s][k] = 0;
            }
        };
        if constexpr (!Wide && !ctisa::exec::is_static_desc<Desc>) {
            read_sources_shared<Sources>(d, v, l0, x, p);
        } else {
            read(std::integral_constant<unsigned, 0>{});
            read(std::integral_constant<unsigned, 1>{});
            read(std::integral_constant<unsigned, 2>{});
            read(std::integral_constant<unsigned, 3>{});
        }
        lane_word out[K];
        if constexpr (Wide) {
            lane_word out_hi[K];
            CTISA_LANE_LOOP
            for (std::size_t k = 0; k < K; ++k) {
                auto w = [&](unsigned i) { return p[i][k] | (std::uint64_t{xh[i][k]} << 32); };
                const std::uint64_t r = f(w(0), w(1), w(2), w(3));
                out[k] = static_cast<lane_word>(r);
                out_hi[k] = static_cast<lane_word>(r >> 32);
            }
            ctisa::exec::store_bits_for<Desc>(v, d.dest, l0, out, K, active, all_active, d.write_bits);
            if (d.wide) ctisa::exec::store_bits_for<Desc>(v, d.dest_hi, l0, out_hi, K, active, all_active, lane_on);
        } else {
            const lane_word* p0 = p[0];
            const lane_word* p1 = p[1];
            const lane_word* p2 = p[2];
            const lane_word* p3 = p[3];
            if constexpr (ctisa::exec::is_static_desc<Desc>) {
                // Every lane and bit written: straight into the row (each lane reads its own
                // lanes before it writes, and rows never partly overlap, so a source may be the
                // destination); with the rows constants, the compiler sees that too.
                if (all_active && d.write_bits == lane_on && plain_sources<Sources>(d)) {
                    lane_word* dst = v.row(d.dest) + l0;
                    CTISA_LANE_LOOP
                    for (std::size_t k = 0; k < K; ++k) dst[k] = f(p0[k], p1[k], p2[k], p3[k]);
                    continue;
                }
            }
            CTISA_LANE_LOOP
            for (std::size_t k = 0; k < K; ++k) out[k] = f(p0[k], p1[k], p2[k], p3[k]);
            ctisa::exec::store_bits_for<Desc>(v, d.dest, l0, out, K, active, all_active, d.write_bits);
        }
    }
}

// Per 16-bit half / per lane helpers for packed words.
template <class Op>
[[nodiscard]] CTISA_EXEC_INLINE lane_word halves(lane_word a, lane_word b, lane_word c, Op op) noexcept {
    return pack16(op(lo16(a), lo16(b), lo16(c)), op(hi16(a), hi16(b), hi16(c)));
}

}  // namespace kernel

// --- the value kernels ------------------------------------------------------------------------
// The compiled path's kernels over row values (ctisa/exec/value_rows.hpp) and the interpreter's fast
// path run the 32-bit arithmetic of straight-line chains (FMA.f32, FADD.f32, FMA.v2f16, MOV.i32,
// IADD/ISUB/IMUL on 32 bits, the 32-bit shift-logic family) with abs/neg/not, byte and half
// selects and clamps, on vectors of lanes: compute_value, the interpreter's kernels on one lane
// (semantics.hpp's templates either way), so that results are bit for bit the same.

// A source the value kernels read (values::readable), decoded once: a word as it is, a part of it
// extended to 32 bits, or two 16-bit halves, then abs/neg/not as masks.
struct value_source {
    enum class kind : std::uint8_t { plain, part, signed_part, halves };
    kind k = kind::plain;
    unsigned at = 0, up = 0;  // part: (w >> at) << up, then >> up; halves: the halves at `at` and `up`
    lane_word and_mask = lane_on, xor_mask = 0;
};
[[nodiscard]] constexpr value_source value_source_of(const source_desc& s) noexcept {
    value_source o;
    if (s.form == source_form::parts && s.lane_bits == 32)
        o = {s.sign ? value_source::kind::signed_part : value_source::kind::part, s.offset[0], 32u - s.part_bits};
    else if (s.form == source_form::parts) o = {value_source::kind::halves, s.offset[0], s.offset[1]};
    o.and_mask = s.and_mask;
    o.xor_mask = s.xor_mask;
    return o;
}
template <class W>
CTISA_EXEC_INLINE void read_value(const W& w, const value_source& o, W& out) noexcept {
    switch (o.k) {
        case value_source::kind::plain: out = w; break;
        case value_source::kind::part: kernel::part_of(w, o.at, 32u - o.up, false, out); break;
        case value_source::kind::signed_part: kernel::part_of(w, o.at, 32u - o.up, true, out); break;
        case value_source::kind::halves: out = ((w >> o.at) & 0xFFFFu) | ((w >> o.up) << 16); break;
    }
    if (o.and_mask != lane_on || o.xor_mask != 0) out = (out & o.and_mask) ^ o.xor_mask;
}

// Instruction Id of the value kernels (not FMA.v2f16) on sources a, b, c over lanes W (one lane or
// a vector): with clamp c, `loose` (its NaN may keep the host's bits, values::mark) and `flip`
// (the shift-logic family's not_result).
template <instruction_id Id, class W>
CTISA_EXEC_INLINE void compute_value(const W& a, const W& b, const W& c, clamp cl, bool loose, lane_word flip, W& out) noexcept {
    CTISA_EXEC_NO_CONTRACT
    using enum instruction_id;
    using F = ctisa::exec::floats_of<W>;
    if constexpr (Id == mov_i32) {
        out = a;
    } else if constexpr (Id == iadd_u32 || Id == iadd_s32) {
        out = a + b;  // wrapping (no saturation)
    } else if constexpr (Id == isub_u32 || Id == isub_s32) {
        out = a - b;
    } else if constexpr (Id == imul_i32 || Id == imul_s32) {
        out = a * b;  // the low 32 bits, signed or not
    } else if constexpr (Id == fadd_f32) {
        f32_result(__builtin_bit_cast(F, a) + __builtin_bit_cast(F, b), cl, out, loose);
    } else if constexpr (Id == fma_f32) {
        F x;
        ctisa::exec::fma_lanes(__builtin_bit_cast(F, a), __builtin_bit_cast(F, b), __builtin_bit_cast(F, c), x);
        f32_result(x, cl, out, loose);
    } else {
        static_assert(is_shift_logic(Id) && type_of(Id).bits == 32);
        constexpr shift_logic_op op = shift_logic_of(Id);  // from the mnemonic, not the enum's order
        shift_logic<32>(a, b, c, shift_logic_masks_of(op.left, static_cast<unsigned>(op.logic)), out);
        out ^= flip;
    }
}

// The instruction a kernel runs: Id itself on the compiled path, the descriptor's in the interpreter
// (Id is then its group's first).
template <instruction_id Id, class Desc>
[[nodiscard]] CTISA_EXEC_INLINE instruction_id member(const Desc& desc) noexcept {
    if constexpr (ctisa::exec::is_static_desc<Desc>) return Id;
    else return desc.get().id;
}

// type_of for an instruction known at run time (type_of reads the mnemonic). A template, so that
// only a TU that instantiates a kernel evaluates the table.
template <class = void>
inline constexpr auto lane_types = per_instruction(type_of);
template <class = void>
[[nodiscard]] CTISA_EXEC_INLINE type_info lane_type(instruction_id id) noexcept {
    return lane_types<>[static_cast<std::size_t>(id)];
}

// One kernel call: instruction Desc over the lanes of `active` of the view (every lane when
// all_active); `lane0` is the warp lane of the view's first lane, `live` the view's lanes that have
// not finished. (One argument through the kernels' groups, which each unpack it.)
template <class Desc, std::size_t N, std::size_t S, class Env>
struct kernel_call {
    const Desc& desc;
    const lane_view<N, S>& v;
    const lane_word* active;
    bool all_active;
    Env& env;
    std::size_t lane0;
    const lane_word* live;
    effects<N>& fx;
    static constexpr std::size_t lanes = N;
};

// The value of a modifier of the descriptor as its enum.
#define CTISA_VA_MOD(type) d.template mod<type>(modifier::type)
// The names every kernel family reads its call by (kernel_call's parts, and the descriptor d).
#define CTISA_VA_KERNEL_NAMES(k)                                                            \
    [[maybe_unused]] const auto& [desc, v, active, all_active, env, lane0, live, fx] = (k); \
    [[maybe_unused]] const instruction_desc& d = desc.get()

// The kernels, grouped as the document groups instructions: each group's function runs its
// instructions and hands the others on to the next.
namespace ops {

using namespace kernel;
using enum instruction_id;

// Messages: varyings, attributes, tilebuffer, images, textures.
template <instruction_id Id, class K>
CTISA_EXEC_INLINE void message_kernels(const K& k) {
    constexpr std::size_t N = K::lanes;
    CTISA_VA_KERNEL_NAMES(k);
    if constexpr (is_message(Id)) {  // varyings, attributes, tilebuffer, images, textures
        const instruction_info& ins = info(member<Id>(desc));  // (one kernel for all messages in the interpreter)
        for (std::size_t l = 0; l < N; ++l) {
            if (!active[l]) continue;
            std::array<std::uint64_t, 4> sources{};
            for (unsigned i = 0; i < ins.source_count; ++i) sources[i] = read_lane64(d.sources[i], v, l, d.sources[i].row_hi != 0);
            std::array<std::uint32_t, max_staging_registers> data{}, out{};
            unsigned in_count = 0, out_count = 0, out_k = 0;
            for (unsigned k = 0; k < ins.staging_count; ++k) {
                if (ins.staging[k].read) {
                    in_count = d.staging_count[k];
                    for (unsigned r = 0; r < in_count; ++r) data[r] = v.row(d.staging[k][r])[l];
                }
                if (ins.staging[k].write) {
                    out_count = d.staging_count[k];
                    out_k = k;
                }
            }
            env.message(lane0 + l, v.context[d.pc], std::span<const std::uint64_t>(sources.data(), ins.source_count),
                        std::span<const std::uint32_t>(data.data(), in_count), std::span<std::uint32_t>(out.data(), out_count));
            for (unsigned r = 0; r < out_count; ++r) v.row(d.staging[out_k][r])[l] = out[r];
        }
    } else {
        static_assert(Id != Id, "an executable instruction without a kernel");
    }
}

// Memory; the other instructions go on to message_kernels.
template <instruction_id Id, class K>
CTISA_EXEC_INLINE void memory_kernels(const K& k) {
    constexpr std::size_t N = K::lanes;
    CTISA_VA_KERNEL_NAMES(k);
    if constexpr (is_load(Id)) {
        const instruction_id m = member<Id>(desc);
        const unsigned bytes = access_bytes<>[static_cast<std::size_t>(m)];
        const bool sign = !d.flag(modifier::unsigned_);
        const std::int64_t offset = static_cast<std::int32_t>(d.immediate);
        for (std::size_t l = 0; l < N; ++l) {
            if (!active[l]) continue;
            const std::uint64_t address = read_lane64(d.sources[0], v, l, true) + static_cast<std::uint64_t>(offset);
            std::array<std::uint8_t, 16> data{};
            env.load(lane0 + l, address, bytes, data.data());
            std::uint64_t value = 0;  // the first (up to) 8 bytes, extended
            for (unsigned i = 0; i < bytes && i < 8; ++i) value |= std::uint64_t{data[i]} << (8 * i);
            value = extend64(value, bytes >= 8 ? 64 : bytes * 8, sign);
            auto reg = [&](unsigned r) -> lane_word& { return v.row(d.staging[0][r])[l]; };
            const unsigned count = d.staging_count[0];
            auto put = [&](unsigned r, lane_word w) {
                if (r < count) reg(r) = w;
            };
            // Where the value goes: a byte or half lane of the first register (the rest kept), the
            // whole register, or a register pair (d0).
            enum class place { byte, half, word, pair, words };
            place p = place::words;
            unsigned lane_index = 0;
            if (m == load_i8) {
                const unsigned lm = d.mods[static_cast<std::size_t>(modifier::load_lane_8_bit)];
                p = lm < 4 ? place::byte : lm < 6 ? place::half : lm == 6 ? place::word : place::pair;
                lane_index = lm < 4 ? lm : lm - 4;
            } else if (m == load_i16) {
                const unsigned lm = d.mods[static_cast<std::size_t>(modifier::load_lane_16_bit)];
                p = lm < 2 ? place::half : lm == 2 ? place::word : place::pair;
                lane_index = lm;
            } else if (m == load_i24) {
                p = place::word;
            } else if (m == load_i32) {
                p = d.mods[static_cast<std::size_t>(modifier::load_lane_32_bit)] == 0 ? place::word : place::pair;
            }
            switch (p) {
                case place::byte:
                    put(0, (reg(0) & ~(0xFFu << (8 * lane_index))) | ((static_cast<lane_word>(value) & 0xFFu) << (8 * lane_index)));
                    break;
                case place::half:
                    put(0, (reg(0) & ~(0xFFFFu << (16 * lane_index))) | ((static_cast<lane_word>(value) & 0xFFFFu) << (16 * lane_index)));
                    break;
                case place::word: put(0, static_cast<lane_word>(value)); break;
                case place::pair:
                    put(0, static_cast<lane_word>(value));
                    put(1, static_cast<lane_word>(value >> 32));
                    break;
                case place::words:  // i48, i64, i96, i128: consecutive words, the last partial one extended
                    for (unsigned w = 0; w * 4 < bytes; ++w) {
                        std::uint64_t word = 0;
                        const unsigned have = bytes - w * 4 < 4 ? bytes - w * 4 : 4;
                        for (unsigned i = 0; i < have; ++i) word |= std::uint64_t{data[w * 4 + i]} << (8 * i);
                        put(w, static_cast<lane_word>(extend64(word, have * 8, sign)));
                    }
                    break;
            }
        }
    } else if constexpr (is_store(Id)) {
        const unsigned bytes = access_bytes<>[static_cast<std::size_t>(member<Id>(desc))];
        const auto segment = CTISA_VA_MOD(store_segment);
        const std::int64_t offset = static_cast<std::int32_t>(d.immediate);
        for (std::size_t l = 0; l < N; ++l) {
            if (!active[l]) continue;
            const std::uint64_t address = read_lane64(d.sources[0], v, l, true) + static_cast<std::uint64_t>(offset);
            std::array<std::uint8_t, 16> data{};
            for (unsigned i = 0; i < bytes; ++i) {
                const unsigned r = i / 4;
                const lane_word w = r < d.staging_count[0] ? v.row(d.staging[0][r])[l] : 0u;
                data[i] = static_cast<std::uint8_t>(w >> (8 * (i % 4)));
            }
            env.store(lane0 + l, segment, address, bytes, data.data());
        }
    } else {
        message_kernels<Id>(k);
    }
}

// Control and fragment messages; the other instructions go on to memory_kernels.
template <instruction_id Id, class K>
CTISA_EXEC_INLINE void control_kernels(const K& k) {
    constexpr std::size_t N = K::lanes;
    CTISA_VA_KERNEL_NAMES(k);
    if constexpr (Id == branchz) {
        const bool eq = d.flag(modifier::eq);
        fx.branch = true;
        for (std::size_t l = 0; l < N; ++l) {
            const bool zero = read_lane(d.sources[0], v, l) == 0;
            fx.taken[l] = (active[l] && zero == eq) ? lane_on : 0u;
        }
    } else if constexpr (Id == discard_f32) {
        const condition cond = CTISA_VA_MOD(condition);
        for (std::size_t l = 0; l < N; ++l) {
            if (!active[l]) continue;
            if (!compare_float(as_float(read_lane(d.sources[0], v, l)), as_float(read_lane(d.sources[1], v, l)), cond)) continue;
            env.discard(lane0 + l);
            fx.ended_any = true;
            fx.ended[l] = lane_on;
        }
    } else if constexpr (Id == barrier) {
        env.barrier();
    } else if constexpr (Id == atest) {
        for (std::size_t l = 0; l < N; ++l) {
            if (!active[l]) continue;
            const lane_word coverage = read_lane(d.sources[0], v, l);
            const float alpha = as_float(read_lane(d.sources[1], v, l));
            v.row(d.staging[0][0])[l] = env.atest(lane0 + l, coverage, alpha, read_lane(d.sources[2], v, l));
        }
    } else if constexpr (Id == zs_emit) {
        lane_word out[N];
        for (std::size_t l = 0; l < N; ++l) {
            out[l] = 0;
            if (!active[l]) continue;
            out[l] = env.zs_emit(lane0 + l, d.flag(modifier::z), d.flag(modifier::stencil), as_float(read_lane(d.sources[0], v, l)),
                                 read_lane(d.sources[1], v, l), read_lane(d.sources[2], v, l));
        }
        store_bits(v, d.dest, 0, out, N, active, false, d.write_bits);
    } else if constexpr (Id == blend) {
        const bool ends = d.has_action && d.act == action::return_;
        std::array<std::uint32_t, max_staging_registers> colour{};
        for (std::size_t l = 0; l < N; ++l) {
            if (!active[l]) continue;
            for (unsigned r = 0; r < d.staging_count[0]; ++r) colour[r] = v.row(d.staging[0][r])[l];
            lane_word& coverage = v.row(d.staging[1][0])[l];
            const blend_result res = env.blend(lane0 + l, v.context[d.pc], read_lane(d.sources[0], v, l),
                                               std::span<const std::uint32_t>(colour.data(), d.staging_count[0]), coverage);
            coverage = res.coverage;
            if (!res.fixed_function) continue;
            if (ends) {
                fx.ended_any = true;
                fx.ended[l] = lane_on;
            } else {
                fx.branch = true;
                fx.taken[l] = lane_on;
            }
        }
    } else {
        memory_kernels<Id>(k);
    }
}

// Cross-lane; the other instructions go on to control_kernels.
template <instruction_id Id, class K>
CTISA_EXEC_INLINE void cross_lane_kernels(const K& k) {
    constexpr std::size_t N = K::lanes;
    CTISA_VA_KERNEL_NAMES(k);
    if constexpr (Id == clper_i32 || Id == wmask) {
        const unsigned size = 2u << static_cast<unsigned>(CTISA_VA_MOD(subgroup_size));
        lane_word a[N], b[N], out[N];
        for (std::size_t l = 0; l < N; ++l) {
            a[l] = read_lane(d.sources[0], v, l);
            if constexpr (Id == clper_i32) b[l] = read_lane(d.sources[1], v, l);
        }
        const bool use_xor = CTISA_VA_MOD(lane_operation) == lane_operation::xor_;
        const lane_word inactive = inactive_result_values[static_cast<std::size_t>(CTISA_VA_MOD(inactive_result))];
        for (std::size_t l = 0; l < N; ++l) {
            const std::size_t lane = lane0 + l;
            const std::size_t base = lane & ~std::size_t{size - 1};  // the subgroup's first warp lane
            if constexpr (Id == clper_i32) {
                const std::size_t index = (use_xor ? (lane ^ b[l]) : b[l]) & (size - 1);
                const std::size_t from = base + index - lane0;  // view lane
                out[l] = (from < N && active[from]) ? a[from] : inactive;
            } else {  // WMASK: bit j for each live lane base + j whose source is nonzero
                lane_word mask = 0;
                for (unsigned j = 0; j < size; ++j) {
                    const std::size_t from = base + j - lane0;
                    if (from < N && live[from] && a[from] != 0) mask |= lane_word{1} << j;
                }
                out[l] = mask;
            }
        }
        store_bits(v, d.dest, 0, out, N, active, all_active, d.write_bits);
    } else {
        control_kernels<Id>(k);
    }
}

// Comparisons and selects; the other instructions go on to cross_lane_kernels.
template <instruction_id Id, class K>
CTISA_EXEC_INLINE void compare_kernels(const K& k) {
    CTISA_VA_KERNEL_NAMES(k);
    static constexpr type_info t = type_of(Id);
    (void)t;
    if constexpr (Id == csel_f32 || Id == csel_u32 || Id == csel_i32) {
        const condition cond = CTISA_VA_MOD(condition);
        const bool sign = member<Id>(desc) == csel_i32;
        lanewise<4, false>(desc, v, active, all_active, [cond, sign](lane_word a, lane_word b, lane_word x, lane_word y) {
            (void)sign;
            bool pass;
            if constexpr (Id == csel_f32) pass = compare_float(as_float(a), as_float(b), cond);
            else if (sign) pass = compare_int(static_cast<std::int32_t>(a), static_cast<std::int32_t>(b), cond);
            else pass = compare_int(a, b, cond);
            return pass ? x : y;
        });
    } else if constexpr (Id == csel_v2f16 || Id == csel_v2u16 || Id == csel_v2i16) {
        const condition cond = CTISA_VA_MOD(condition);
        const bool sign = member<Id>(desc) == csel_v2i16;
        lanewise<4, false>(desc, v, active, all_active, [cond, sign](lane_word a, lane_word b, lane_word x, lane_word y) {
            lane_word out = 0;
            for (unsigned j = 0; j < 2; ++j) {
                const half_bits p = static_cast<half_bits>(a >> (16 * j)), q = static_cast<half_bits>(b >> (16 * j));
                (void)sign;
                bool pass;
                if constexpr (Id == csel_v2f16) pass = compare_float(f16(p), f16(q), cond);
                else if (sign) pass = compare_int(static_cast<std::int16_t>(p), static_cast<std::int16_t>(q), cond);
                else pass = compare_int(p, q, cond);
                out |= ((pass ? x : y) & (0xFFFFu << (16 * j)));
            }
            return out;
        });
    } else if constexpr (Id == icmp_u32 || Id == icmp_v2u16 || Id == icmp_v4u8 || Id == icmp_s32 || Id == icmp_v2s16 || Id == icmp_v4s8 ||
                         Id == fcmp_f32 || Id == fcmp_v2f16) {
        const condition cond = CTISA_VA_MOD(condition);
        const result_type rt = CTISA_VA_MOD(result_type);
        const bool both = d.flag(modifier::and_);
        const bool sign = lane_type(member<Id>(desc)).is_signed;  // (signed and unsigned share a kernel in the interpreter)
        lanewise<3, false>(desc, v, active, all_active, [cond, rt, both, sign](lane_word a, lane_word b, lane_word c, lane_word) {
            constexpr unsigned bits = t.bits;
            return per_lane_int<bits>(a, b, c, [cond, rt, both, sign](lane_word x, lane_word y, lane_word z) {
                (void)sign;
                bool r;
                if constexpr (Id == fcmp_f32) r = compare_float(as_float(x), as_float(y), cond);
                else if constexpr (Id == fcmp_v2f16) r = compare_float(f16(static_cast<half_bits>(x)), f16(static_cast<half_bits>(y)), cond);
                else if (sign) r = compare_int(lane_value<bits, true>(x), lane_value<bits, true>(y), cond);
                else r = compare_int(lane_value<bits, false>(x), lane_value<bits, false>(y), cond);
                r = both ? (r && z != 0) : (r || z != 0);
                return boolean_value(r, rt, bits);
            });
        });
    } else {
        cross_lane_kernels<Id>(k);
    }
}

// Integer: 64-bit, immediates, vectors, shifts and dot products; the other instructions go on to
// compare_kernels.
template <instruction_id Id, class K>
CTISA_EXEC_INLINE void integer_wide_kernels(const K& k) {
    CTISA_VA_KERNEL_NAMES(k);
    static constexpr type_info t = type_of(Id);
    if constexpr (Id == iadd_u64 || Id == iadd_s64 || Id == isub_u64 || Id == isub_s64) {
        const instruction_id m = member<Id>(desc);  // (the four share a kernel in the interpreter)
        const bool sat = d.flag(modifier::saturate), sign = m == iadd_s64 || m == isub_s64, sub = m == isub_u64 || m == isub_s64;
        lanewise<2, true>(desc, v, active, all_active, [sat, sign, sub](std::uint64_t a, std::uint64_t b, std::uint64_t, std::uint64_t) {
            return sub ? sub64(a, b, sign, sat) : add64(a, b, sign, sat);
        });
    } else if constexpr (Id == shaddx_u64 || Id == shaddx_s64) {  // (the same code: one kernel in the interpreter)
        const unsigned shift = d.immediate & 7u;
        lanewise<2, true>(desc, v, active, all_active,
                          [shift](std::uint64_t a, std::uint64_t b, std::uint64_t, std::uint64_t) { return a + (b << shift); });
    } else if constexpr (Id == imuld_u64) {
        lanewise<2, true>(desc, v, active, all_active,
                          [](std::uint64_t a, std::uint64_t b, std::uint64_t, std::uint64_t) { return (a & 0xFFFFFFFFu) * (b & 0xFFFFFFFFu); });
    } else if constexpr (Id == iadd_imm_i32 || Id == iadd_imm_v2i16 || Id == iadd_imm_v4i8) {
        const lane_word imm = d.immediate;
        lanewise<1, false>(desc, v, active, all_active, [imm](lane_word a, lane_word, lane_word, lane_word) {
            return per_lane_int<t.bits>(a, imm, 0, [](lane_word x, lane_word y, lane_word) { return x + y; });
        });
    } else if constexpr (Id == mkvec_v2i16) {
        lanewise<2, false>(desc, v, active, all_active, [](lane_word a, lane_word b, lane_word, lane_word) { return pack16(a, b); });
    } else if constexpr (Id == mkvec_v4i8) {
        lanewise<3, false>(desc, v, active, all_active,
                           [](lane_word a, lane_word b, lane_word c, lane_word) { return (a & 0xFFu) | ((b & 0xFFu) << 8) | (c << 16); });
    } else if constexpr (Id == mux_i32) {
        lanewise<3, false>(desc, v, active, all_active, [](lane_word a, lane_word b, lane_word m, lane_word) { return (a & m) | (b & ~m); });
    } else if constexpr (is_shift_logic(Id)) {  // (the instructions of a width share a kernel in the interpreter)
        const shift_logic_op op = shift_logic_ops<>[static_cast<std::size_t>(member<Id>(desc))];
        const shift_logic_masks sm = shift_logic_masks_of(op.left, static_cast<unsigned>(op.logic));
        const lane_word flip = d.flag(modifier::not_result) ? lane_on : 0u;
        if constexpr (t.bits == 64) {
            lanewise<3, true>(desc, v, active, all_active, [flip, sm](std::uint64_t a, std::uint64_t s, std::uint64_t b, std::uint64_t) {
                std::uint64_t out;
                shift_logic<64>(a, s, b, sm, out);
                return out ^ (std::uint64_t{flip} << 32 | flip);
            });
        } else {
            lanewise<3, false>(desc, v, active, all_active, [flip, sm](lane_word a, lane_word s, lane_word b, lane_word) {
                return per_lane_int<t.bits>(a, s, b,
                                            [sm](lane_word x, lane_word amount, lane_word y) {
                                                lane_word out;
                                                shift_logic<t.bits>(x, amount, y, sm, out);
                                                return out;
                                            }) ^
                       flip;
            });
        }
    } else if constexpr (Id == idp_v4s8 || Id == idp_v4u8) {
        const bool sat = d.flag(modifier::saturate);
        lanewise<3, false>(desc, v, active, all_active, [sat](lane_word a, lane_word b, lane_word c, lane_word) {
            constexpr bool s = Id == idp_v4s8;
            std::int64_t sum = s ? static_cast<std::int64_t>(static_cast<std::int32_t>(c)) : static_cast<std::int64_t>(c);
            for (unsigned j = 0; j < 4; ++j) sum += lane_value<8, s>(a >> (8 * j)) * lane_value<8, s>(b >> (8 * j));
            return lane_result<32, s>(sum, sat);
        });
    } else {
        compare_kernels<Id>(k);
    }
}

// Integer: moves, bit counts, add and subtract; the other instructions go on to integer_wide_kernels.
template <instruction_id Id, class K>
CTISA_EXEC_INLINE void integer_kernels(const K& k) {
    CTISA_VA_KERNEL_NAMES(k);
    static constexpr type_info t = type_of(Id);
    if constexpr (Id == mov_i32 || Id == popcount_i32 || Id == bitrev_i32 || Id == not_i32) {
        lanewise<1, false>(desc, v, active, all_active, [](lane_word a, lane_word, lane_word, lane_word) -> lane_word {
            if constexpr (Id == mov_i32) return a;
            else if constexpr (Id == popcount_i32) return static_cast<lane_word>(std::popcount(a));
            else if constexpr (Id == bitrev_i32) return bit_reverse(a);
            else return ~a;
        });
    } else if constexpr (Id == not_i64) {
        lanewise<1, true>(desc, v, active, all_active, [](std::uint64_t a, std::uint64_t, std::uint64_t, std::uint64_t) { return ~a; });
    } else if constexpr (Id == clz_u32 || Id == clz_v2u16 || Id == clz_v4u8 || Id == iabs_s32 || Id == iabs_v2s16 || Id == iabs_v4s8) {
        lanewise<1, false>(desc, v, active, all_active, [](lane_word a, lane_word, lane_word, lane_word) {
            return per_lane_int<t.bits>(a, 0, 0, [](lane_word x, lane_word, lane_word) -> lane_word {
                if constexpr (Id == clz_u32 || Id == clz_v2u16 || Id == clz_v4u8) return count_leading_zeros(x, t.bits);
                else {  // |INT_MIN| wraps to INT_MIN
                    const std::int64_t value = lane_value<t.bits, true>(x);
                    return lane_result<t.bits, true>(value < 0 ? -value : value, false);
                }
            });
        });
    } else if constexpr (Id == iadd_u32 || Id == iadd_v2u16 || Id == iadd_v4u8 || Id == iadd_s32 || Id == iadd_v2s16 || Id == iadd_v4s8 ||
                         Id == isub_u32 || Id == isub_v2u16 || Id == isub_v4u8 || Id == isub_s32 || Id == isub_v2s16 || Id == isub_v4s8 ||
                         Id == imul_i32 || Id == imul_v2i16 || Id == imul_v4i8 || Id == imul_s32 || Id == imul_v2s16 || Id == imul_v4s8 ||
                         Id == hadd_u32 || Id == hadd_v2u16 || Id == hadd_v4u8 || Id == hadd_s32 || Id == hadd_v2s16 || Id == hadd_v4s8) {
        constexpr bool mul = Id == imul_i32 || Id == imul_v2i16 || Id == imul_v4i8 || Id == imul_s32 || Id == imul_v2s16 || Id == imul_v4s8;
        // IADD, ISUB and HADD of a type share a kernel in the interpreter: a sum, of b or -b, halved
        // for HADD (the same values as a - b and (a + b + round) >> 1 in 64 bits).
        const instruction_id m = member<Id>(desc);
        const bool sub = m == isub_u32 || m == isub_v2u16 || m == isub_v4u8 || m == isub_s32 || m == isub_v2s16 || m == isub_v4s8;
        const bool hadd = m == hadd_u32 || m == hadd_v2u16 || m == hadd_v4u8 || m == hadd_s32 || m == hadd_v2s16 || m == hadd_v4s8;
        const bool sat = d.flag(modifier::saturate) && !hadd;
        const std::int64_t round = d.flag(modifier::rhadd) ? 1 : 0;
        lanewise<2, false>(desc, v, active, all_active, [sat, round, sub, hadd](lane_word a, lane_word b, lane_word, lane_word) {
            return per_lane_int<t.bits>(a, b, 0, [sat, round, sub, hadd](lane_word x, lane_word y, lane_word) -> lane_word {
                (void)round, (void)sub, (void)hadd;
                constexpr unsigned bits = t.bits;
                constexpr bool s = t.is_signed;
                if constexpr (mul && bits == 32 && !s) {  // u32 x u32 needs 64 unsigned bits
                    const std::uint64_t p = std::uint64_t{x} * y;
                    return sat && p > 0xFFFFFFFFu ? 0xFFFFFFFFu : static_cast<lane_word>(p);
                } else if constexpr (mul) {
                    return lane_result<bits, s>(lane_value<bits, s>(x) * lane_value<bits, s>(y), sat);
                } else {
                    const std::int64_t a64 = lane_value<bits, s>(x), b64 = lane_value<bits, s>(y);
                    const std::int64_t sum = a64 + (sub ? -b64 : b64);
                    return lane_result<bits, s>(hadd ? (sum + round) >> 1 : sum, sat);
                }
            });
        });
    } else {
        integer_wide_kernels<Id>(k);
    }
}

// Conversions; the other instructions go on to integer_kernels.
template <instruction_id Id, class K>
CTISA_EXEC_INLINE void conversion_kernels(const K& k) {
    CTISA_VA_KERNEL_NAMES(k);
    // Signed and unsigned, and the source widths, share kernels in the interpreter: the type of
    // the instruction run, as values.
    const type_info t = lane_type(member<Id>(desc));
    (void)t;
    if constexpr (Id == s16_to_s32 || Id == u16_to_u32 || Id == s8_to_s32 || Id == u8_to_u32) {
        lanewise<1, false>(desc, v, active, all_active, [t](lane_word a, lane_word, lane_word, lane_word) {
            return extend(a, t.bits, t.is_signed);  // the select already extended a byte / half; this takes a plain word's low part
        });
    } else if constexpr (Id == s16_to_f32 || Id == u16_to_f32 || Id == s8_to_f32 || Id == u8_to_f32 || Id == s32_to_f32 || Id == u32_to_f32) {
        const rounding r = rounding_of(CTISA_VA_MOD(round_mode));
        lanewise<1, false>(desc, v, active, all_active, [r, t](lane_word a, lane_word, lane_word, lane_word) {
            const lane_word x = extend(a, t.bits, t.is_signed);
            const double value = t.is_signed ? static_cast<double>(static_cast<std::int32_t>(x)) : static_cast<double>(x);
            return as_bits(ctisa::exec::float_from_double(value, r));
        });
    } else if constexpr (Id == s8_to_s16 || Id == u8_to_u16 || Id == s8_to_f16 || Id == u8_to_f16) {
        lanewise<1, false>(desc, v, active, all_active, [t](lane_word a, lane_word, lane_word, lane_word) {
            const lane_word x = extend(a, 8, t.is_signed);  // a 16-bit result, in both halves
            if constexpr (Id == s8_to_f16 || Id == u8_to_f16) {
                const half_bits h =
                    ctisa::exec::half_from_float(t.is_signed ? static_cast<float>(static_cast<std::int32_t>(x)) : static_cast<float>(x));
                return pack16(h, h);
            } else {
                return pack16(x, x);
            }
        });
    } else if constexpr (Id == v2s16_to_v2f16 || Id == v2u16_to_v2f16) {
        const rounding r = rounding_of(CTISA_VA_MOD(round_mode));
        lanewise<1, false>(desc, v, active, all_active, [r, t](lane_word a, lane_word, lane_word, lane_word) {
            return halves(a, 0, 0, [r, t](half_bits h, half_bits, half_bits) -> lane_word {
                const float x = t.is_signed ? static_cast<float>(static_cast<std::int16_t>(h)) : static_cast<float>(h);
                return ctisa::exec::half_from_float(x, r);
            });
        });
    } else if constexpr (Id == f32_to_s32 || Id == f32_to_u32) {
        const rounding r = rounding_of(CTISA_VA_MOD(round_mode));
        const bool s = member<Id>(desc) == f32_to_s32;  // (type_of: the source's type)
        lanewise<1, false>(desc, v, active, all_active, [r, s](lane_word a, lane_word, lane_word, lane_word) {
            return static_cast<lane_word>(
                float_to_int(as_float(a), r, s ? std::numeric_limits<std::int32_t>::min() : 0,
                             s ? std::numeric_limits<std::int32_t>::max() : std::numeric_limits<std::uint32_t>::max()));
        });
    } else if constexpr (Id == f16_to_s32 || Id == f16_to_u32) {
        const rounding r = rounding_of(CTISA_VA_MOD(round_mode));
        const bool s = member<Id>(desc) == f16_to_s32;  // (type_of: the source's type)
        lanewise<1, false>(desc, v, active, all_active, [r, s](lane_word a, lane_word, lane_word, lane_word) {
            return static_cast<lane_word>(
                float_to_int(f16(lo16(a)), r, s ? std::numeric_limits<std::int32_t>::min() : 0,
                             s ? std::numeric_limits<std::int32_t>::max() : std::numeric_limits<std::uint32_t>::max()));
        });
    } else if constexpr (Id == v2f16_to_v2s16 || Id == v2f16_to_v2u16) {
        const rounding r = rounding_of(CTISA_VA_MOD(round_mode));
        const bool s = member<Id>(desc) == v2f16_to_v2s16;
        lanewise<1, false>(desc, v, active, all_active, [r, s](lane_word a, lane_word, lane_word, lane_word) {
            return halves(a, 0, 0, [r, s](half_bits h, half_bits, half_bits) -> lane_word {
                return static_cast<lane_word>(float_to_int(f16(h), r, s ? -32768 : 0, s ? 32767 : 65535)) & 0xFFFFu;
            });
        });
    } else if constexpr (Id == f16_to_f32) {
        lanewise<1, false>(desc, v, active, all_active,
                           [](lane_word a, lane_word, lane_word, lane_word) { return as_bits(half_to_f32(lo16(a))); });
    } else {
        integer_kernels<Id>(k);
    }
}

// Floating point; the other instructions go on to conversion_kernels.
template <instruction_id Id, class K>
CTISA_EXEC_INLINE void float_kernels(const K& k) {
    CTISA_VA_KERNEL_NAMES(k);
    if constexpr (Id == nop) {
    } else if constexpr (Id == fadd_f32 || Id == fmin_f32 || Id == fmax_f32) {
        // The three share a kernel in the interpreter: each value, then a select.
        const clamp c = CTISA_VA_MOD(clamp);
        const instruction_id m = member<Id>(desc);
        const bool add = m == fadd_f32, min = m == fmin_f32;
        lanewise<2, false>(desc, v, active, all_active, [c, add, min](lane_word a, lane_word b, lane_word, lane_word) {
            const float x = as_float(a), y = as_float(b);
            return f32_result(add ? x + y : min ? op_fmin(x, y) : op_fmax(x, y), c);
        });
    } else if constexpr (Id == fadd_v2f16 || Id == fmin_v2f16 || Id == fmax_v2f16) {
        const clamp c = CTISA_VA_MOD(clamp);
        const instruction_id m = member<Id>(desc);
        const bool add = m == fadd_v2f16, min = m == fmin_v2f16;
        lanewise<2, false>(desc, v, active, all_active, [c, add, min](lane_word a, lane_word b, lane_word, lane_word) {
            return halves(a, b, 0, [c, add, min](half_bits x, half_bits y, half_bits) -> lane_word {
                const float p = f16(x), q = f16(y);
                return f16_result(add ? p + q : min ? op_fmin(p, q) : op_fmax(p, q), c);
            });
        });
    } else if constexpr (Id == fma_f32) {
        const clamp c = CTISA_VA_MOD(clamp);
        lanewise<3, false>(desc, v, active, all_active, [c](lane_word a, lane_word b, lane_word e, lane_word) {
            lane_word out;
            compute_value<fma_f32>(a, b, e, c, false, 0, out);
            return out;
        });
    } else if constexpr (Id == fma_v2f16) {
        const clamp c = CTISA_VA_MOD(clamp);
        lanewise<3, false>(desc, v, active, all_active, [c](lane_word a, lane_word b, lane_word e, lane_word) {
            return halves(a, b, e, [c](half_bits x, half_bits y, half_bits z) -> lane_word { return fma16(x, y, z, c); });
        });
    } else if constexpr (Id == fadd_imm_f32) {
        const float imm = as_float(d.immediate);
        lanewise<1, false>(desc, v, active, all_active,
                           [imm](lane_word a, lane_word, lane_word, lane_word) { return f32_result(as_float(a) + imm, clamp::none); });
    } else if constexpr (Id == fadd_imm_v2f16) {
        const lane_word imm = d.immediate;
        lanewise<1, false>(desc, v, active, all_active, [imm](lane_word a, lane_word, lane_word, lane_word) {
            return halves(a, imm, 0, [](half_bits x, half_bits y, half_bits) -> lane_word { return f16_result(f16(x) + f16(y), clamp::none); });
        });
    } else if constexpr (Id == fma_rscale_f32) {
        const clamp c = CTISA_VA_MOD(clamp);
        lanewise<4, false>(desc, v, active, all_active, [c](lane_word a, lane_word b, lane_word e, lane_word s) {
            return f32_result(op_fma_rscale(as_float(a), as_float(b), as_float(e), s), c);
        });
    } else if constexpr (Id == fexp_f32) {
        const clamp c = CTISA_VA_MOD(clamp);
        lanewise<2, false>(desc, v, active, all_active,
                           [c](lane_word a, lane_word b, lane_word, lane_word) { return f32_result(op_fexp(a, as_float(b)), c); });
    } else if constexpr (Id == frcp_f32 || Id == frsq_f32 || Id == frexpm_f32 || Id == frexpe_f32 || Id == fsin_table_u6 ||
                         Id == fcos_table_u6) {
        lanewise<1, false>(desc, v, active, all_active, [](lane_word a, lane_word, lane_word, lane_word) -> lane_word {
            const float x = as_float(a);
            if constexpr (Id == frcp_f32) return f32_result(op_frcp(x), clamp::none);
            else if constexpr (Id == frsq_f32) return f32_result(static_cast<float>(op_frsq(x)), clamp::none);
            else if constexpr (Id == frexpm_f32) return as_bits(op_frexpm(x));
            else if constexpr (Id == frexpe_f32) return static_cast<lane_word>(op_frexpe(x));
            else if constexpr (Id == fsin_table_u6) return as_bits(op_sin_table(a));
            else return as_bits(op_cos_table(a));
        });
    } else if constexpr (Id == frcp_f16 || Id == frsq_f16 || Id == frexpm_v2f16 || Id == frexpe_v2f16 || Id == fround_v2f16) {
        const rounding r = rounding_of(CTISA_VA_MOD(round_mode));
        lanewise<1, false>(desc, v, active, all_active, [r](lane_word a, lane_word, lane_word, lane_word) {
            return halves(a, 0, 0, [r](half_bits h, half_bits, half_bits) -> lane_word {
                const float x = f16(h);
                (void)r;
                if constexpr (Id == frcp_f16) return f16_result(op_frcp(x), clamp::none);
                else if constexpr (Id == frsq_f16) return ctisa::exec::half_from_double(op_frsq(x));
                else if constexpr (Id == frexpm_v2f16) return ctisa::exec::half_from_float(op_frexpm(x));
                else if constexpr (Id == frexpe_v2f16) return static_cast<lane_word>(op_frexpe(x)) & 0xFFFFu;
                else return f16_result(ctisa::exec::round_integral(x, r), clamp::none);
            });
        });
    } else if constexpr (Id == fround_f32) {
        const rounding r = rounding_of(CTISA_VA_MOD(round_mode));
        lanewise<1, false>(desc, v, active, all_active, [r](lane_word a, lane_word, lane_word, lane_word) {
            return f32_result(ctisa::exec::round_integral(as_float(a), r), clamp::none);
        });
    } else if constexpr (Id == v2f32_to_v2f16) {
        lanewise<2, false>(desc, v, active, all_active, [](lane_word a, lane_word b, lane_word, lane_word) {
            return pack16(ctisa::exec::half_from_float(as_float(a)), ctisa::exec::half_from_float(as_float(b)));
        });
    } else if constexpr (Id == cubeface1) {
        lanewise<3, false>(desc, v, active, all_active, [](lane_word a, lane_word b, lane_word c, lane_word) {
            const float m = op_fmax(op_fmax(std::fabs(as_float(a)), std::fabs(as_float(b))), std::fabs(as_float(c)));
            return f32_result(m, clamp::none);
        });
    } else {
        conversion_kernels<Id>(k);
    }
}

}  // namespace ops

// Runs instruction Id for the lanes of `active` (the lanes at this instruction), kernel_call's
// arguments. Only the code of Id is instantiated: the compiled path pays for the instructions it uses.
template <instruction_id Id, class Desc, std::size_t N, std::size_t S, class Env>
CTISA_EXEC_INLINE void execute_op(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, Env& env,
                                  std::size_t lane0, const lane_word* live, effects<N>& fx) {
    ops::float_kernels<Id>(kernel_call<Desc, N, S, Env>{desc, v, active, all_active, env, lane0, live, fx});
}

#undef CTISA_VA_MOD
#undef CTISA_VA_KERNEL_NAMES

// Is the instruction executable by a kernel? (The others stop the run with not_executable.)
[[nodiscard]] constexpr bool has_kernel(instruction_id id) noexcept { return not_executable_reason(id).empty(); }

// Runs one instruction whose id is known only at run time (the interpreter): a table over the
// generated instruction list, an entry the kernel of the instruction's group (shared_kernel).
// Instructions that cannot be executed never reach here (the step stops the run first); their
// entries are null.
template <class Desc, std::size_t N, std::size_t S, class Env>
inline void execute(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, Env& env, std::size_t lane0,
                    const lane_word* live, effects<N>& fx) {
    static_assert(kernel_groups_consistent<>, "a kernel group's member differs from its first in a fact its kernel takes as a constant");
    using kernel_fn = void (*)(const Desc&, const lane_view<N, S>&, const lane_word*, bool, Env&, std::size_t, const lane_word*, effects<N>&);
    static constexpr auto table = ctisa::exec::dispatch_table<kernel_fn, instruction_count, instruction_count>(
        [](std::size_t i) { return i; },
        []<std::size_t I>(std::integral_constant<std::size_t, I>) -> kernel_fn {
            constexpr auto id = static_cast<instruction_id>(I);
            static_assert(!has_kernel(id) || has_kernel(shared_kernel(id)));
            if constexpr (has_kernel(id)) return &execute_op<shared_kernel(id), Desc, N, S, Env>;
            else return nullptr;
        });
    if (const kernel_fn f = table[static_cast<std::size_t>(desc.get().id)]) f(desc, v, active, all_active, env, lane0, live, fx);
}

// The interpreter's fast path (ctisa/exec/row_path.hpp) for the value kernels but FMA.v2f16 (whose
// half-precision routine, not the reading, is its cost), on sources read as they are or with
// abs/neg/not (masks; selects keep the lane-wise kernels): each a form of compute_value, with its
// clamp or not_result, reading value rows 0-2 and writing row 3.
struct row_forms_of_values {
    using descriptor = instruction_desc;
    struct form {
        instruction_id id;
        clamp c;
        bool flip;
    };
    static constexpr auto forms = [] {
        using enum instruction_id;
        std::array<form, 24> f{};
        std::size_t n = 0;
        for (instruction_id id : {mov_i32, iadd_u32, isub_u32, imul_i32}) f[n++] = {id, clamp::none, false};
        for (instruction_id id : {lshift_and_i32, rshift_and_i32, lshift_or_i32, rshift_or_i32, lshift_xor_i32, rshift_xor_i32})
            for (bool flip : {false, true}) f[n++] = {id, clamp::none, flip};
        for (instruction_id id : {fadd_f32, fma_f32})
            for (clamp c : {clamp::none, clamp::clamp_0_inf, clamp::clamp_m1_1, clamp::clamp_0_1}) f[n++] = {id, c, false};
        return f;
    }();
    static constexpr std::size_t row_count = 4;
    static constexpr std::size_t row_forms = forms.size();
    static constexpr std::uint32_t row_reads(std::size_t f) noexcept { return (1u << info(forms[f].id).source_count) - 1u; }
    static constexpr std::uint32_t row_writes(std::size_t) noexcept { return 1u << 3; }
    template <std::size_t Form, class Rows>
    CTISA_EXEC_INLINE static void row_kernel(Rows& r) noexcept {
        constexpr form f = forms[Form];
        compute_value<f.id>(r.row[0], r.row[1], r.row[2], f.c, false, f.flip ? lane_on : 0u, r.row[3]);
    }
    // d's form (row_forms when none), found when the program is described (values::mark).
    static constexpr std::size_t row_form(const instruction_desc& d) noexcept { return d.row_form; }
    static constexpr std::uint8_t form_of(const instruction_desc& d) noexcept {
        using enum instruction_id;
        if (!d.on_values || d.id == fma_v2f16) return row_forms;
        for (unsigned s = 0; s < d.source_count; ++s) {
            // (A shift's amount, s 1, as a part at bit 0: shift_logic reads only its low byte, which
            // the word itself has, abs/neg/not applied bit by bit too.)
            const source_desc& x = d.sources[s];
            const bool low_byte = is_shift_logic(d.id) && s == 1 && x.form == source_form::parts && x.lane_bits == 32 && x.offset[0] == 0;
            if (x.form != source_form::word && !low_byte) return row_forms;
        }
        const instruction_id id = d.id == iadd_s32 ? iadd_u32 : d.id == isub_s32 ? isub_u32 : d.id == imul_s32 ? imul_i32 : d.id;
        const bool fl = is_shift_logic(id) && d.flag(modifier::not_result), fp = id == fadd_f32 || id == fma_f32;
        const clamp c = fp ? d.mod<clamp>(modifier::clamp) : clamp::none;
        for (std::uint8_t i = 0; i < row_forms; ++i)
            if (forms[i].id == id && forms[i].c == c && forms[i].flip == fl) return i;
        return row_forms;
    }
    template <class View>
    static ctisa::exec::row_path::source row_source(const instruction_desc& d, const View& v, std::size_t i) noexcept {
        return {v.row(d.sources[i].row), d.sources[i].and_mask, d.sources[i].xor_mask};
    }
    template <class View>
    static ctisa::exec::row_path::target row_target(const instruction_desc& d, const View& v, std::size_t) noexcept {
        return {v.row(d.dest)};
    }
};

struct values {
    // A source these kernels read: a word as it is, a part of it extended to 32 bits, or two halves
    // (v2 selects of 16-bit parts), then abs/neg/not. Not the widened half floats or 64-bit pairs.
    [[nodiscard]] static constexpr bool readable(const source_desc& s) noexcept {
        if (s.row_hi != 0 || s.extend_hi || s.xor_hi != 0) return false;
        if (s.form == source_form::word) return true;
        return s.form == source_form::parts && (s.lane_bits == 32 || (s.lane_bits == 16 && s.part_bits == 16));
    }

    [[nodiscard]] static constexpr bool operation(const instruction_desc& d) noexcept {
        using enum instruction_id;
        const bool sat = d.flag(modifier::saturate);
        switch (d.id) {
            case fma_f32:
            case fadd_f32:
            case fma_v2f16:
            case mov_i32: return true;
            case iadd_u32:
            case iadd_s32:
            case isub_u32:
            case isub_s32:
            case imul_i32:
            case imul_s32: return !sat;
            default: return is_shift_logic(d.id) && type_of(d.id).bits == 32;
        }
    }

    // Whether d has a value kernel: one of the operations above writing a whole 32-bit register, no
    // action (actions go through the step hook), every source readable.
    [[nodiscard]] static constexpr bool supported(const instruction_desc& d) noexcept {
        if (d.why != unexecutable::none || d.has_action || !d.writes || d.wide || d.write_bits != ~lane_word{0}) return false;
        if (!operation(d)) return false;
        for (unsigned s = 0; s < d.source_count; ++s)
            if (!readable(d.sources[s])) return false;
        return true;
    }

    // Marks what the value path may do with each descriptor (on_values) and the results that may
    // keep the host's NaN bits (exec/loose_nan.hpp): their value kernels skip making a computed
    // NaN the default NaN, two of an FMA chain link's latencies under AVX2.
    static constexpr void mark(std::span<instruction_desc> code) noexcept {
        for (instruction_desc& d : code) d.on_values = supported(d), d.row_form = row_forms_of_values::form_of(d);
        ctisa::exec::mark_loose_nans<loose_rules>(code);
    }

    // A run of value kernels from instruction i executed as one (ctisa/exec/traits.hpp value_run):
    // FMA.v2f16 and the instructions that continue it on its register, whose intermediate results
    // nothing else reads, so they stay split into halves from link to link (0 for others).
    [[nodiscard]] static constexpr std::size_t value_run(std::span<const instruction_desc> code, std::size_t i) noexcept {
        if (code[i].id != instruction_id::fma_v2f16 || !supported(code[i])) return 0;
        std::size_t k = 1;
        while (i + k < code.size() && continues(code[i + k - 1], code[i + k])) ++k;
        return k;
    }
    template <const auto& Code, std::size_t I, std::size_t N, class Rows, std::size_t G>
    CTISA_EXEC_INLINE static void execute_run(Rows (&r)[G]) noexcept {
        fma_chain<Code, I, N, G>(r);
    }

    // The rows a program writes and reads again afterwards (ctisa/exec/loose_nan.hpp): those a
    // block of the value path keeps in registers.
    [[nodiscard]] static constexpr std::size_t carried_rows(std::span<const instruction_desc> code) noexcept {
        return ctisa::exec::carried_rows<loose_rules>(code);
    }

    // Instruction D: its sources read, its result kept in program order and written to its register.
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void execute(Rows& r) noexcept {
        typename Rows::bits out;
        compute<D>(r, out);
        ctisa::exec::keep_in_order(out);
        constexpr std::uint32_t dest = D.dest;
        static_assert(dest < Rows::count);
        r.row[dest] = out;
    }

private:
    // FMA.f32 and FADD.f32 on word sources (abs and neg keep a NaN a NaN): a NaN source gives a
    // NaN (made canonical) or the clamp's bound, whatever the source's bits.
    [[nodiscard]] static constexpr bool arithmetic(const instruction_desc& d) noexcept {
        if (!supported(d) || (d.id != instruction_id::fma_f32 && d.id != instruction_id::fadd_f32)) return false;
        for (unsigned s = 0; s < d.source_count; ++s) {
            const source_desc& x = d.sources[s];
            if (x.form != source_form::word || (x.and_mask | 0x80000000u) != lane_on || (x.xor_mask & 0x7FFFFFFFu) != 0) return false;
        }
        return true;
    }
    // The program as the loose-NaN analysis sees it.
    struct loose_rules {
        static constexpr bool skipped(const instruction_desc&) noexcept { return false; }
        static constexpr bool covered(const instruction_desc& d) noexcept { return supported(d); }
        static constexpr bool arithmetic(const instruction_desc& d) noexcept { return values::arithmetic(d); }
        static constexpr bool reads(const instruction_desc& d, std::uint32_t row) noexcept {
            for (unsigned s = 0; s < d.source_count; ++s)
                if (d.sources[s].row == row) return true;
            return false;
        }
        // (A covered instruction writes its whole register.)
        static constexpr bool overwrites(const instruction_desc& d, std::uint32_t row) noexcept { return supported(d) && d.dest == row; }
        static constexpr unsigned results(const instruction_desc& d, std::uint32_t (&rows)[4]) noexcept {
            rows[0] = d.dest;
            return 1;
        }
        static constexpr void mark(instruction_desc& d, bool loose) noexcept { d.loose_nan = loose; }
    };

    // Source S of D as the kernel sees it. Every row and constant a constexpr local: Clang 19
    // miscompiles reads of D's fields at run time (exec2).
    template <instruction_desc D, unsigned S, class Rows>
    CTISA_EXEC_INLINE static void read(const Rows& r, typename Rows::bits& out) noexcept {
        constexpr std::uint32_t row = D.sources[S].row;
        static_assert(row < Rows::count);
        constexpr value_source o = value_source_of(D.sources[S]);
        read_value(r.row[row], o, out);
    }

    // FMA.v2f16 runs on the halves of its registers apart, in 16-bit arrays of L lanes (the low
    // halves, then the high): a loop over 16-bit elements gets twice the lanes a vector (under
    // -mprefer-vector-width=256, its float steps in 512-bit registers), as the native baseline's.
    // fma16 on each half, lane by lane, in a function of its own with fma16 inlined into its
    // loops, which GCC vectorizes (inlined into a long program's block, GCC stopped inlining fma16
    // and called it per half and lane: 62% of fma_v2f16/16, measured). A uniform source (UY, UZ)
    // comes as its halves already converted to float (u: y's low and high, then z's).
    template <clamp C, std::size_t L, bool UY, bool UZ>
    CTISA_EXEC_INLINE static void fma_half(half_bits* __restrict x, const half_bits* __restrict y, const half_bits* __restrict z, float y0,
                                           float z0) noexcept {
        CTISA_LANE_LOOP
        for (std::size_t k = 0; k < L; ++k) x[k] = fma16_of(f16(x[k]) * (UY ? y0 : f16(y[k])), UZ ? z0 : f16(z[k]), C);
    }
    template <clamp C, std::size_t L, bool UY, bool UZ>
    [[gnu::noinline, gnu::flatten]] static void fma_halves(half_bits* __restrict h, const half_bits* __restrict y, const half_bits* __restrict z,
                                                           const float* u) noexcept {
        constexpr unsigned at_z = UY ? 2 : 0;
        fma_half<C, L, UY, UZ>(h, y, z, UY ? u[0] : 0.0f, UZ ? u[at_z] : 0.0f);
        fma_half<C, L, UY, UZ>(h + L, UY ? y : y + L, UZ ? z : z + L, UY ? u[1] : 0.0f, UZ ? u[at_z + 1] : 0.0f);
    }

    // A register's halves to and from the arrays (B of their L lanes from h).
    template <std::size_t L, class Bits>
    CTISA_EXEC_INLINE static void split(const Bits& w, half_bits* h) noexcept {
        typedef half_bits halves __attribute__((vector_size(sizeof(Bits) / 2)));
        const halves lo = __builtin_convertvector(w, halves), hi = __builtin_convertvector(w >> 16, halves);
        std::memcpy(h, &lo, sizeof lo);
        std::memcpy(h + L, &hi, sizeof hi);
    }
    template <std::size_t L, class Bits>
    CTISA_EXEC_INLINE static void pack(const half_bits* h, Bits& w) noexcept {
        typedef half_bits halves __attribute__((vector_size(sizeof(Bits) / 2)));
        halves lo, hi;
        std::memcpy(&lo, h, sizeof lo);
        std::memcpy(&hi, h + L, sizeof hi);
        w = __builtin_convertvector(lo, Bits) | (__builtin_convertvector(hi, Bits) << 16);
    }
    // Source S of D over the G registers r as halves (nothing for a uniform one but Whole).
    template <instruction_desc D, unsigned S, bool Whole, std::size_t L, std::size_t G, class Rows>
    CTISA_EXEC_INLINE static void halves_of(const Rows* r, half_bits* h) noexcept {
        typename Rows::bits w;
        if constexpr (Whole || !D.sources[S].uniform)
            for (std::size_t g = 0; g < G; ++g) read<D, S>(r[g], w), split<L>(w, h + g * Rows::lanes);
    }
    // The uniform sources of D as halves (y's low and high, then z's): how many.
    static constexpr unsigned uniform_halves(const instruction_desc& d) noexcept {
        return (d.sources[1].uniform ? 2u : 0u) + (d.sources[2].uniform ? 2u : 0u);
    }
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void uniform_halves_of(const Rows& r, half_bits* h) noexcept {
        typename Rows::bits w;
        constexpr bool uy = D.sources[1].uniform, uz = D.sources[2].uniform;
        if constexpr (uy) read<D, 1>(r, w), h[0] = lo16(w[0]), h[1] = hi16(w[0]);
        if constexpr (uz) read<D, 2>(r, w), h[uy ? 2 : 0] = lo16(w[0]), h[uy ? 3 : 1] = hi16(w[0]);
    }
    // Halves to floats, lane by lane (uniform sources of a run at once: vectors, not scalar steps).
    template <std::size_t K>
    CTISA_EXEC_INLINE static void floats_of(const half_bits* h, float* f) noexcept {
        CTISA_LANE_LOOP
        for (std::size_t k = 0; k < K; ++k) f[k] = f16(h[k]);
    }
    // FMA.v2f16 D on the halves h of its first source, over the G registers r (u: its uniform
    // sources' halves as floats).
    template <instruction_desc D, std::size_t L, std::size_t G, class Rows>
    CTISA_EXEC_INLINE static void fma_link(const Rows* r, half_bits* h, const float* u) noexcept {
        constexpr clamp c = D.template mod<clamp>(modifier::clamp);
        constexpr bool uy = D.sources[1].uniform, uz = D.sources[2].uniform;
        half_bits y[uy ? 1 : 2 * L], z[uz ? 1 : 2 * L];
        if constexpr (uy) y[0] = 0;  // (unread: the uniform's halves come in u)
        if constexpr (uz) z[0] = 0;
        halves_of<D, 1, false, L, G>(r, y);
        halves_of<D, 2, false, L, G>(r, z);
        fma_halves<c, L, uy, uz>(h, y, z, u);
    }
    // A run of FMA.v2f16 [I, I + N) of Code (value_run): its register split once into halves,
    // every link on the halves, packed once, over all G registers of a block at once; the uniform
    // sources of every link converted first.
    template <const auto& Code, std::size_t I, std::size_t N, std::size_t G, class Rows>
    CTISA_EXEC_INLINE static void fma_chain(Rows* r) noexcept {
        constexpr std::size_t L = G * Rows::lanes;
        constexpr std::uint32_t dest = Code[I].dest;
        static_assert(dest < Rows::count);
        constexpr auto at = [] {  // where each link's uniform halves start, then their count
            std::array<unsigned, N + 1> a{};
            for (std::size_t j = 0; j < N; ++j) a[j + 1] = a[j] + uniform_halves(Code[I + j]);
            return a;
        }();
        half_bits uh[at[N] + 1] = {};
        float uf[at[N] + 1] = {};
        [&]<std::size_t... J>(std::index_sequence<J...>)
            CTISA_EXEC_INLINE_LAMBDA { (uniform_halves_of<Code[I + J]>(r[0], uh + at[J]), ...); }(std::make_index_sequence<N>{});
        floats_of<at[N]>(uh, uf);
        half_bits h[2 * L];
        halves_of<Code[I], 0, true, L, G>(r, h);
        [&]<std::size_t... J>(std::index_sequence<J...>)
            CTISA_EXEC_INLINE_LAMBDA { (fma_link<Code[I + J], L, G>(r, h, uf + at[J]), ...); }(std::make_index_sequence<N>{});
        for (std::size_t g = 0; g < G; ++g) pack<L>(h + g * Rows::lanes, r[g].row[dest]);
    }

    // d continues a run of FMA.v2f16 whose last link is `prev`: it writes the same register and
    // reads it only as its first source, as it is (no select, no modifier).
    [[nodiscard]] static constexpr bool continues(const instruction_desc& prev, const instruction_desc& d) noexcept {
        if (d.id != instruction_id::fma_v2f16 || !supported(d) || d.dest != prev.dest) return false;
        const source_desc& x = d.sources[0];
        const bool whole =
            x.form == source_form::word || (x.form == source_form::parts && x.lane_bits == 16 && x.offset[0] == 0 && x.offset[1] == 16);
        const bool plain = whole && x.and_mask == ~lane_word{0} && x.xor_mask == 0;
        return plain && x.row == d.dest && d.sources[1].row != d.dest && d.sources[2].row != d.dest;
    }

    // The result of D from its sources (FMA.v2f16 on halves, the others compute_value's).
    template <instruction_desc D, class Rows>
    CTISA_EXEC_INLINE static void compute(const Rows& r, typename Rows::bits& out) noexcept {
        CTISA_EXEC_NO_CONTRACT
        using bits = typename Rows::bits;
        constexpr unsigned sources = D.source_count;
        bits a, b{}, e{};
        read<D, 0>(r, a);
        if constexpr (D.id == instruction_id::fma_v2f16) {
            constexpr std::size_t L = Rows::lanes;
            half_bits h[2 * L];
            half_bits uh[4] = {};
            float uf[4] = {};
            uniform_halves_of<D>(r, uh);
            floats_of<uniform_halves(D)>(uh, uf);
            split<L>(a, h);
            fma_link<D, L, 1>(&r, h, uf);
            pack<L>(h, out);
        } else {
            if constexpr (sources > 1) read<D, 1>(r, b);
            if constexpr (sources > 2) read<D, 2>(r, e);
            constexpr clamp c = D.template mod<clamp>(modifier::clamp);
            constexpr lane_word flip = D.flag(modifier::not_result) ? lane_on : 0u;
            compute_value<D.id>(a, b, e, c, D.loose_nan, flip, out);
        }
    }
};

}  // namespace ctisa::valhall::exec
