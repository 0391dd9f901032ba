// SPDX-License-Identifier: MIT
// The ATTILA vector ALU core: one instruction over N lanes. The interpreter calls it with a
// descriptor known at run time; the compiled path with a constexpr descriptor, so that after
// inlining only the code of that one instruction, with its rows as constants, remains.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../../exec/dispatch.hpp"
#include "../../exec/kernel.hpp"
#include "../../exec/lanes.hpp"
#include "../../exec/vector4.hpp"
#include "environment.hpp"
#include "descriptor.hpp"
#include "semantics.hpp"

namespace ctisa::attila::exec {

using ctisa::exec::blend;
using ctisa::exec::chunk_of;
using ctisa::exec::lane_on;

// N lanes of storage whose rows are `Stride` lanes long, starting at lane `first`; the context is
// the constant bank c0-c511, for relative addressing.
template <std::size_t N, std::size_t Stride>
using lane_view = ctisa::exec::lane_view<N, Stride, const std::array<lane_word, 4>>;

// What an instruction did besides writing registers, for the control flow around it. The arrays
// are left uninitialised (a compiled block declares one an instruction): JMP sets every lane of
// `taken`; the step hook clears `killed` before KIL and CMPKIL.
template <std::size_t N>
struct effects {
    bool branch = false;                  // JMP: `taken` holds the lanes that jump
    std::array<lane_word, N> taken;
    bool killed_any = false;              // KIL/CMPKIL: `killed` holds the lanes killed now
    std::array<lane_word, N> killed;
};

// How kernels see an instruction's descriptor: through a pointer (the interpreter) or as a
// template argument (the compiled path), whose fields are then constants in every kernel.
using dynamic_desc = ctisa::exec::dynamic_desc<instruction_desc>;
template <instruction_desc D>
struct static_desc : ctisa::exec::static_desc<D> {};  // (a class, not an alias: GCC 12 crashes on the alias)

namespace kernel {

using ctisa::exec::store;
using ctisa::exec::store4;
using ctisa::exec::store4_replicated;

template <bool Saturate, class Desc, std::size_t N, std::size_t S, class F>
CTISA_EXEC_INLINE void float_vector_as(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, F f) {
    const instruction_desc& d = desc.get();
    constexpr std::size_t K = chunk_of<N>;
    const float_modifier ma = d.sources[0].float_mod(), mb = d.sources[1].float_mod(), mc = d.sources[2].float_mod();
    auto compute = [&](lane_word a, lane_word b, lane_word c) CTISA_EXEC_INLINE_LAMBDA {
        const float r = f(as_float(ma(a)), as_float(mb(b)), as_float(mc(c)));
        return as_bits(Saturate ? saturate(r) : r);
    };
    if (d.in_place) {  // straight into the result, a component at a time over all lanes
        // One body per component (not a loop), so that each sees its rows as constants.
        auto component = [&](auto c) CTISA_EXEC_INLINE_LAMBDA {
            constexpr unsigned comp = decltype(c)::value;
            if (!d.mask.has(comp)) return;
            const lane_word* ra = v.row(d.sources[0].row[comp]);
            const lane_word* rb = v.row(d.sources[1].row[comp]);
            const lane_word* rc = v.row(d.sources[2].row[comp]);
            lane_word* dst = v.row(d.result_row + comp);
            if constexpr (N > 32 && !ctisa::exec::chunked_lanes) {  // a wide warp: one long loop (the interpreter)
                if (all_active) {
                    for (std::size_t l = 0; l < N; ++l) dst[l] = compute(ra[l], rb[l], rc[l]);
                } else {
                    for (std::size_t l = 0; l < N; ++l) dst[l] = blend(dst[l], compute(ra[l], rb[l], rc[l]), active[l]);
                }
            } else if constexpr (N > 32) {  // Clang: a chunk at a time, as a block's (chunked_lanes)
                for (std::size_t l0 = 0; l0 < N; l0 += K) {
                    lane_word out[K];
                    ctisa::exec::each_lane<Desc, K>([&](std::size_t k)
                                                        CTISA_EXEC_INLINE_LAMBDA { out[k] = compute(ra[l0 + k], rb[l0 + k], rc[l0 + k]); });
                    ctisa::exec::store_bits_for<Desc>(v, d.result_row + comp, l0, out, K, active, all_active, lane_on);
                }
            } else {  // a block: compute, then store, so that the compiler sees no aliasing
                lane_word out[N];
                if constexpr (ctisa::exec::chunked_lanes)  // (GCC: the plain loop, which its compiled path unrolls best)
                    ctisa::exec::each_lane<Desc, N>([&](std::size_t l) CTISA_EXEC_INLINE_LAMBDA { out[l] = compute(ra[l], rb[l], rc[l]); });
                else
                    for (std::size_t l = 0; l < N; ++l) out[l] = compute(ra[l], rb[l], rc[l]);
                ctisa::exec::store_bits_for<Desc>(v, d.result_row + comp, 0, out, N, active, all_active, lane_on);
            }
        };
        component(std::integral_constant<unsigned, 0>{});
        component(std::integral_constant<unsigned, 1>{});
        component(std::integral_constant<unsigned, 2>{});
        component(std::integral_constant<unsigned, 3>{});
        return;
    }
    for (std::size_t l0 = 0; l0 < N; l0 += K) {
        lane_word out[4][K] = {};
        for (unsigned comp = 0; comp < 4; ++comp) {
            if (!d.mask.has(comp)) continue;
            const lane_word* ra = v.row(d.sources[0].row[comp]) + l0;
            const lane_word* rb = v.row(d.sources[1].row[comp]) + l0;
            const lane_word* rc = v.row(d.sources[2].row[comp]) + l0;
            if constexpr (ctisa::exec::chunked_lanes)
                ctisa::exec::each_lane<Desc, K>([&](std::size_t k) CTISA_EXEC_INLINE_LAMBDA { out[comp][k] = compute(ra[k], rb[k], rc[k]); });
            else
                for (std::size_t k = 0; k < K; ++k) out[comp][k] = compute(ra[k], rb[k], rc[k]);
        }
        store4<Desc, K>(v, d.result_row, d.mask, l0, out, active, all_active);
    }
}

// Per-component float operations: add, mul, mad, min, max, sge, slt, cmp, mov, frc, flr.
template <class Desc, std::size_t N, std::size_t S, class F>
CTISA_EXEC_INLINE void float_vector(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, F f) {
    const instruction_desc& d = desc.get();
    if (d.saturate) float_vector_as<true>(desc, v, active, all_active, f);
    else float_vector_as<false>(desc, v, active, all_active, f);
}

// Per-component integer operations (ADDI, MULI): two's complement, wrapping.
template <class Desc, std::size_t N, std::size_t S, class F>
CTISA_EXEC_INLINE void int_vector(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, F f) {
    const instruction_desc& d = desc.get();
    constexpr std::size_t K = chunk_of<N>;
    const source_desc& a = d.sources[0];
    const source_desc& b = d.sources[1];
    const int_modifier ma = a.int_mod(), mb = b.int_mod();
    for (std::size_t l0 = 0; l0 < N; l0 += K) {
        lane_word out[4][K] = {};
        for (unsigned comp = 0; comp < 4; ++comp) {
            if (!d.mask.has(comp)) continue;
            const lane_word* ra = v.row(a.row[comp]) + l0;
            const lane_word* rb = v.row(b.row[comp]) + l0;
            if constexpr (ctisa::exec::chunked_lanes)
                ctisa::exec::each_lane<Desc, K>([&](std::size_t k) CTISA_EXEC_INLINE_LAMBDA { out[comp][k] = f(ma(ra[k]), mb(rb[k])); });
            else
                for (std::size_t k = 0; k < K; ++k) out[comp][k] = f(ma(ra[k]), mb(rb[k]));
        }
        store4<Desc, K>(v, d.result_row, d.mask, l0, out, active, all_active);
    }
}

// One 32-bit value a lane (or a vector of four), from its sources, written to every masked
// component: scalar, dot-product and special instructions. G(lane, inputs) -> std::array<float, 4>.
template <class Desc, std::size_t N, std::size_t S, class G>
CTISA_EXEC_INLINE void per_lane(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, G g) {
    const instruction_desc& d = desc.get();
    constexpr std::size_t K = chunk_of<N>;
    const float_modifier mods[3] = {d.sources[0].float_mod(), d.sources[1].float_mod(), d.sources[2].float_mod()};
    for (std::size_t l0 = 0; l0 < N; l0 += K) {
        lane_word out[4][K] = {};
        for (std::size_t k = 0; k < K; ++k) {
            std::array<std::array<float, 4>, 3> in{};
            for (unsigned s = 0; s < 3; ++s)
                for (unsigned comp = 0; comp < 4; ++comp) in[s][comp] = as_float(mods[s](v.row(d.sources[s].row[comp])[l0 + k]));
            const std::array<float, 4> r = g(l0 + k, in);
            for (unsigned comp = 0; comp < 4; ++comp) out[comp][k] = as_bits(r[comp]);
        }
        if (d.saturate)
            for (unsigned comp = 0; comp < 4; ++comp)
                for (std::size_t k = 0; k < K; ++k) out[comp][k] = as_bits(saturate(as_float(out[comp][k])));
        store4<Desc, K>(v, d.result_row, d.mask, l0, out, active, all_active);
    }
}

// Dot products, vectorized over lanes: one value replicated to every masked component.
template <class Desc, std::size_t N, std::size_t S>
CTISA_EXEC_INLINE void dot(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, unsigned terms,
                           bool homogeneous) {
    const instruction_desc& d = desc.get();
    constexpr std::size_t K = chunk_of<N>;
    const source_desc& a = d.sources[0];
    const source_desc& b = d.sources[1];
    const float_modifier ma = a.float_mod(), mb = b.float_mod();
    for (std::size_t l0 = 0; l0 < N; l0 += K) {
        float sum[K];
        {
            const lane_word* ra = v.row(a.row[0]) + l0;
            const lane_word* rb = v.row(b.row[0]) + l0;
            for (std::size_t k = 0; k < K; ++k) sum[k] = as_float(ma(ra[k])) * as_float(mb(rb[k]));
        }
        for (unsigned comp = 1; comp < terms; ++comp) {
            const lane_word* ra = v.row(a.row[comp]) + l0;
            const lane_word* rb = v.row(b.row[comp]) + l0;
            for (std::size_t k = 0; k < K; ++k) {
                const float p = as_float(ma(ra[k])) * as_float(mb(rb[k]));
                sum[k] = sum[k] + p;
            }
        }
        if (homogeneous) {
            const lane_word* rb = v.row(b.row[3]) + l0;
            for (std::size_t k = 0; k < K; ++k) sum[k] = sum[k] + as_float(mb(rb[k]));
        }
        lane_word out[K];
        for (std::size_t k = 0; k < K; ++k) out[k] = as_bits(sum[k]);
        if (d.saturate)
            for (std::size_t k = 0; k < K; ++k) out[k] = as_bits(saturate(sum[k]));
        store4_replicated<Desc, K>(v, d.result_row, d.mask, l0, out, active, all_active);
    }
}

// The scalar operand: the component in the swizzle's last position (the simulator's select).
[[nodiscard]] inline unsigned scalar_component() noexcept { return 3; }

template <std::size_t N, std::size_t S>
[[nodiscard]] inline float scalar_float(const source_desc& s, const lane_view<N, S>& v, std::size_t lane) noexcept {
    return as_float(s.float_mod()(v.row(s.row[scalar_component()])[lane]));
}
template <std::size_t N, std::size_t S>
[[nodiscard]] inline lane_word scalar_int(const source_desc& s, const lane_view<N, S>& v, std::size_t lane) noexcept {
    return s.int_mod()(v.row(s.row[scalar_component()])[lane]);
}

// A predicate operand of ANDP/JMP as a boolean.
template <std::size_t N, std::size_t S>
[[nodiscard]] inline bool boolean(const source_desc& s, const lane_view<N, S>& v, std::size_t lane) noexcept {
    switch (s.kind) {
        case operand_kind::boolean: return s.value != 0;
        case operand_kind::predicate: return (v.row(s.row[0])[lane] != 0) != s.negate;
        default: return float_true(as_float(v.row(s.row[scalar_component()])[lane])) != s.negate;
    }
}

template <class Desc, std::size_t N, std::size_t S>
inline void write_predicate(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, const bool* values) {
    const instruction_desc& d = desc.get();
    lane_word* p = v.row(d.result_row);
    for (std::size_t l = 0; l < N; ++l) {
        const lane_word value = (values[l] != d.invert_result) ? lane_on : 0;
        p[l] = blend(p[l], value, active[l]);
    }
}

// One lane of a source as four floats, modifiers applied.
template <std::size_t N, std::size_t S>
[[nodiscard]] inline vec4 read_vector(const source_desc& s, const lane_view<N, S>& v, std::size_t lane) noexcept {
    return ctisa::exec::load_float4(v, s, lane);
}

// Fills the scratch rows of relatively addressed sources: c[index + a.c + offset] per lane.
// Indices outside c0-c511 read (0, 0, 0, 0).
template <class Desc, std::size_t N, std::size_t S>
inline void gather_relative(const Desc& desc, const lane_view<N, S>& v) {
    const instruction_desc& d = desc.get();
    const lane_word* addr = v.row(d.rel_row);
    for (unsigned s = 0; s < 3; ++s) {
        const source_desc& src = d.sources[s];
        if (!src.relative) continue;
        for (std::size_t l = 0; l < N; ++l) {
            const std::int64_t index = std::int64_t{src.index} + ctisa::exec::as_int(addr[l]) + d.rel_offset;
            const bool inside = index >= 0 && index < static_cast<std::int64_t>(constant_count);
            for (unsigned comp = 0; comp < 4; ++comp) {
                const lane_word value = inside ? v.context[index][src.swizzle[comp]] : 0u;
                v.row(src.row[comp])[l] = value;
            }
        }
    }
}

// Fixed-point accumulator: two rows a component (low and high 32 bits of an int64).
template <std::size_t N, std::size_t S>
[[nodiscard]] inline std::int64_t accumulator(const lane_view<N, S>& v, std::uint32_t base, unsigned comp, std::size_t lane) noexcept {
    const std::uint64_t lo = v.row(base + 2 * comp)[lane];
    const std::uint64_t hi = v.row(base + 2 * comp + 1)[lane];
    return static_cast<std::int64_t>(lo | (hi << 32));
}
template <std::size_t N, std::size_t S>
inline void set_accumulator(const lane_view<N, S>& v, std::uint32_t base, unsigned comp, std::size_t lane, std::int64_t value) noexcept {
    const auto bits = static_cast<std::uint64_t>(value);
    v.row(base + 2 * comp)[lane] = static_cast<lane_word>(bits);
    v.row(base + 2 * comp + 1)[lane] = static_cast<lane_word>(bits >> 32);
}

}  // namespace kernel

// Texture and attribute fetches, derivatives and fixed point.
template <opcode Op, class Desc, std::size_t N, std::size_t S, class Env>
inline void texture_kernels(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, const layout& lay, Env& env,
                            std::size_t lane0, std::size_t quad_limit, effects<N>& fx) {
    const instruction_desc& d = desc.get();
    using namespace kernel;
    (void)d, (void)v, (void)active, (void)lay, (void)env, (void)lane0, (void)quad_limit, (void)fx, (void)all_active;
    if constexpr (Op == opcode::tex || Op == opcode::txb || Op == opcode::txl || Op == opcode::txp || Op == opcode::lda) {
        const unsigned unit = d.unit;
        per_lane(desc, v, active, all_active, [&, unit](std::size_t l, const auto& in) {
            const std::size_t lane = lane0 + l;
            if (!active[l]) return vec4{};  // no request for lanes that do not run it
            vec4 coord = in[0];
            switch (Op) {
                case opcode::tex: return env.sample(unit, texture_kind::sample, lane, coord);
                case opcode::txb: return env.sample(unit, texture_kind::bias, lane, coord);
                case opcode::txl: return env.sample(unit, texture_kind::lod, lane, coord);
                case opcode::txp:
                    for (unsigned comp = 0; comp < 3; ++comp) coord[comp] = coord[comp] / coord[3];
                    return env.sample(unit, texture_kind::projected, lane, coord);
                default: return env.attribute(unit, lane, coord);
            }
        });
    } else if constexpr (Op == opcode::ddx || Op == opcode::ddy) {
        // Quads of lanes 4k..4k+3 laid out 0 1 / 2 3: DDX is right minus left, DDY bottom
        // minus top, one value per pair. A neighbour beyond the warp reads the lane itself.
        constexpr bool x = Op == opcode::ddx;
        per_lane(desc, v, active, all_active, [&](std::size_t l, const auto&) {
            const std::size_t lane = lane0 + l;
            const std::size_t corner = lane & 3;
            const std::size_t quad = lane - corner;
            const std::size_t from = quad + (x ? (corner & 2) : (corner & 1));
            const std::size_t to = from + (x ? 1 : 2);
            auto value = [&](std::size_t warp_lane) {
                const std::size_t local = warp_lane < quad_limit ? warp_lane - lane0 : l;
                return read_vector(d.sources[0], v, local);
            };
            const vec4 a = value(from), b = value(to);
            return vec4{b[0] - a[0], b[1] - a[1], b[2] - a[2], b[3] - a[3]};
        });
    } else if constexpr (Op == opcode::fxmul || Op == opcode::fxmad2) {
        // To the accumulator only: mask and predication apply, saturation does not.
        for (std::size_t l = 0; l < N; ++l) {
            if (!active[l]) continue;
            const vec4 a = read_vector(d.sources[0], v, l);
            const vec4 b = read_vector(d.sources[1], v, l);
            const vec4 c = read_vector(d.sources[2], v, l);
            for (unsigned comp = 0; comp < 4; ++comp) {
                if (!d.mask.has(comp)) continue;
                std::int64_t r = fixed_product(a[comp], b[comp]);
                if (Op == opcode::fxmad2) r += fixed_widen(c[comp]);
                set_accumulator(v, lay.accumulator, comp, l, r);
            }
        }
    } else if constexpr (Op == opcode::fxmad) {
        // The product plus the accumulator, to the result register; the third source is unused.
        per_lane(desc, v, active, all_active, [&](std::size_t l, const auto& in) {
            vec4 r{};
            for (unsigned comp = 0; comp < 4; ++comp)
                r[comp] = from_fixed(fixed_add(fixed_product(in[0][comp], in[1][comp]), accumulator(v, lay.accumulator, comp, l)));
            return r;
        });
    }
}

// Jumps, kills, depth exports and samples; the other opcodes go on to texture_kernels.
template <opcode Op, class Desc, std::size_t N, std::size_t S, class Env>
inline void fragment_kernels(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, const layout& lay, Env& env,
                             std::size_t lane0, std::size_t quad_limit, effects<N>& fx) {
    const instruction_desc& d = desc.get();
    using namespace kernel;
    (void)d, (void)v, (void)active, (void)lay, (void)env, (void)lane0, (void)quad_limit, (void)fx, (void)all_active;
    if constexpr (Op == opcode::jmp) {
        fx.branch = true;
        for (std::size_t l = 0; l < N; ++l) fx.taken[l] = (active[l] && boolean(d.sources[0], v, l)) ? lane_on : 0;
    } else if constexpr (Op == opcode::kil || Op == opcode::kls) {
        for (std::size_t l = 0; l < N; ++l) {
            if (!active[l]) continue;
            const vec4 s = read_vector(d.sources[0], v, l);
            if (!(s[0] < 0.0f || s[1] < 0.0f || s[2] < 0.0f || s[3] < 0.0f)) continue;
            if (Op == opcode::kil) {
                fx.killed_any = true;
                fx.killed[l] = lane_on;
                env.kill(lane0 + l);
            } else {
                env.kill_sample(lane0 + l, v.row(lay.sample)[l] + d.unit);
            }
        }
    } else if constexpr (Op == opcode::zxp) {
        for (std::size_t l = 0; l < N; ++l)
            if (active[l]) env.export_depth(lane0 + l, read_vector(d.sources[0], v, l)[0]);
    } else if constexpr (Op == opcode::zxs) {
        for (std::size_t l = 0; l < N; ++l) {
            if (!active[l]) continue;
            const vec4 s = read_vector(d.sources[0], v, l);
            for (unsigned i = 0; i < 4; ++i) env.export_sample_depth(lane0 + l, v.row(lay.sample)[l] + d.unit + i, s[i]);
        }
    } else if constexpr (Op == opcode::chs) {
        lane_word* sample = v.row(lay.sample);
        for (std::size_t l = 0; l < N; ++l) sample[l] = blend(sample[l], sample[l] + 1, active[l]);
    } else if constexpr (Op == opcode::cmpkil) {
        // CMP, then kill where a written component of the unsaturated result is below zero.
        for (std::size_t l = 0; l < N; ++l) {
            if (!active[l]) continue;
            const vec4 a = read_vector(d.sources[0], v, l);
            const vec4 b = read_vector(d.sources[1], v, l);
            const vec4 c = read_vector(d.sources[2], v, l);
            bool kill = false;
            for (unsigned comp = 0; comp < 4; ++comp)
                if ((d.mask.has(comp)) && op_cmp(a[comp], b[comp], c[comp]) < 0.0f) kill = true;
            if (kill) {
                fx.killed_any = true;
                fx.killed[l] = lane_on;
                env.kill(lane0 + l);
            }
        }
        float_vector(desc, v, active, all_active, [](float a, float b, float c) { return op_cmp(a, b, c); });
    } else {
        texture_kernels<Op>(desc, v, active, all_active, lay, env, lane0, quad_limit, fx);
    }
}

// Scalar, special and predicate instructions; the other opcodes go on to fragment_kernels.
template <opcode Op, class Desc, std::size_t N, std::size_t S, class Env>
inline void scalar_kernels(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, const layout& lay, Env& env,
                           std::size_t lane0, std::size_t quad_limit, effects<N>& fx) {
    const instruction_desc& d = desc.get();
    using namespace kernel;
    (void)d, (void)v, (void)active, (void)lay, (void)env, (void)lane0, (void)quad_limit, (void)fx, (void)all_active;
    if constexpr (Op == opcode::dst) {
        per_lane(desc, v, active, all_active, [](std::size_t, const auto& in) { return op_dst(in[0], in[1]); });
    } else if constexpr (Op == opcode::lit) {
        per_lane(desc, v, active, all_active, [](std::size_t, const auto& in) { return op_lit(in[0]); });
    } else if constexpr (Op == opcode::exp) {
        per_lane(desc, v, active, all_active, [](std::size_t, const auto& in) { return op_exp(in[0][scalar_component()]); });
    } else if constexpr (Op == opcode::log) {
        per_lane(desc, v, active, all_active, [](std::size_t, const auto& in) { return op_log(in[0][scalar_component()]); });
    } else if constexpr (Op == opcode::rcp || Op == opcode::rsq || Op == opcode::ex2 || Op == opcode::lg2 || Op == opcode::sin ||
                         Op == opcode::cos) {
        per_lane(desc, v, active, all_active, [](std::size_t, const auto& in) {
            const float x = in[0][scalar_component()];
            float r = 0.0f;
            switch (Op) {
                case opcode::rcp: r = op_rcp(x); break;
                case opcode::rsq: r = op_rsq(x); break;
                case opcode::ex2: r = op_ex2(x); break;
                case opcode::lg2: r = op_lg2(x); break;
                case opcode::sin: r = std::sin(x); break;
                default: r = std::cos(x); break;
            }
            return std::array<float, 4>{r, r, r, r};
        });
    } else if constexpr (Op == opcode::setpeq || Op == opcode::setpgt || Op == opcode::setplt) {
        bool values[N];
        for (std::size_t l = 0; l < N; ++l) {
            const float a = scalar_float(d.sources[0], v, l);
            const float b = scalar_float(d.sources[1], v, l);
            values[l] = Op == opcode::setpeq ? a == b : (Op == opcode::setpgt ? a > b : a < b);
        }
        write_predicate(desc, v, active, values);
    } else if constexpr (Op == opcode::stpeqi || Op == opcode::stpgti || Op == opcode::stplti) {
        bool values[N];
        for (std::size_t l = 0; l < N; ++l) {
            const std::int32_t a = ctisa::exec::as_int(scalar_int(d.sources[0], v, l));
            const std::int32_t b = ctisa::exec::as_int(scalar_int(d.sources[1], v, l));
            values[l] = Op == opcode::stpeqi ? a == b : (Op == opcode::stpgti ? a > b : a < b);
        }
        write_predicate(desc, v, active, values);
    } else if constexpr (Op == opcode::andp) {
        bool values[N];
        for (std::size_t l = 0; l < N; ++l) values[l] = boolean(d.sources[0], v, l) && boolean(d.sources[1], v, l);
        write_predicate(desc, v, active, values);
    } else {
        fragment_kernels<Op>(desc, v, active, all_active, lay, env, lane0, quad_limit, fx);
    }
}

// Component-wise and dot-product instructions; the other opcodes go on to scalar_kernels.
template <opcode Op, class Desc, std::size_t N, std::size_t S, class Env>
inline void vector_kernels(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, const layout& lay, Env& env,
                           std::size_t lane0, std::size_t quad_limit, effects<N>& fx) {
    const instruction_desc& d = desc.get();
    using namespace kernel;
    (void)d, (void)v, (void)active, (void)lay, (void)env, (void)lane0, (void)quad_limit, (void)fx, (void)all_active;
    if constexpr (Op == opcode::nop || Op == opcode::end) {
        // nothing to compute: END's effect is its end flag
    } else if constexpr (Op == opcode::add) {
        float_vector(desc, v, active, all_active, [](float a, float b, float) { return a + b; });
    } else if constexpr (Op == opcode::mul) {
        float_vector(desc, v, active, all_active, [](float a, float b, float) { return a * b; });
    } else if constexpr (Op == opcode::mad) {
        float_vector(desc, v, active, all_active, [](float a, float b, float c) { return op_mad(a, b, c); });
    } else if constexpr (Op == opcode::max) {
        float_vector(desc, v, active, all_active, [](float a, float b, float) { return op_max(a, b); });
    } else if constexpr (Op == opcode::min) {
        float_vector(desc, v, active, all_active, [](float a, float b, float) { return op_min(a, b); });
    } else if constexpr (Op == opcode::sge) {
        float_vector(desc, v, active, all_active, [](float a, float b, float) { return op_sge(a, b); });
    } else if constexpr (Op == opcode::slt) {
        float_vector(desc, v, active, all_active, [](float a, float b, float) { return op_slt(a, b); });
    } else if constexpr (Op == opcode::cmp) {
        float_vector(desc, v, active, all_active, [](float a, float b, float c) { return op_cmp(a, b, c); });
    } else if constexpr (Op == opcode::mov) {
        float_vector(desc, v, active, all_active, [](float a, float, float) { return a; });
    } else if constexpr (Op == opcode::frc) {
        float_vector(desc, v, active, all_active, [](float a, float, float) { return op_frc(a); });
    } else if constexpr (Op == opcode::flr) {
        float_vector(desc, v, active, all_active, [](float a, float, float) { return std::floor(a); });
    } else if constexpr (Op == opcode::addi) {
        int_vector(desc, v, active, all_active, [](lane_word a, lane_word b) { return ctisa::exec::wrap_add(a, b); });
    } else if constexpr (Op == opcode::muli) {
        int_vector(desc, v, active, all_active, [](lane_word a, lane_word b) { return ctisa::exec::wrap_mul(a, b); });
    } else if constexpr (Op == opcode::arl) {
        // Integer result: the mask applies, saturation does not (writeIntegerResult).
        constexpr std::size_t K = chunk_of<N>;
        const source_desc& a = d.sources[0];
        for (std::size_t l0 = 0; l0 < N; l0 += K) {
            lane_word out[4][K];
            for (unsigned comp = 0; comp < 4; ++comp) {
                if (!d.mask.has(comp)) continue;
                const lane_word* ra = v.row(a.row[comp]) + l0;
                for (std::size_t k = 0; k < K; ++k) out[comp][k] = op_arl(as_float(a.float_mod()(ra[k])));
            }
            store4<Desc, K>(v, d.result_row, d.mask, l0, out, active, all_active);
        }
    } else if constexpr (Op == opcode::dp3) {
        dot(desc, v, active, all_active, 3, false);
    } else if constexpr (Op == opcode::dp4) {
        dot(desc, v, active, all_active, 4, false);
    } else if constexpr (Op == opcode::dph) {
        dot(desc, v, active, all_active, 3, true);
    } else {
        scalar_kernels<Op>(desc, v, active, all_active, lay, env, lane0, quad_limit, fx);
    }
}

// Runs one instruction of opcode Op for the lanes of `active` (the lanes at this instruction,
// predication applied). `lane0` is the warp index of the view's first lane; `quad_limit` the warp's
// lane count (derivatives read neighbours within 2x2 quads of lanes 4k..4k+3 below it). Only the
// code of Op is instantiated: the compiled path pays for the opcodes its program uses.
// (The kernels are in groups, each group a function above.)
template <opcode Op, class Desc, std::size_t N, std::size_t S, class Env>
inline void execute_op(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, const layout& lay, Env& env,
                       std::size_t lane0, std::size_t quad_limit, effects<N>& fx) {
    if (desc.get().rel_row != 0) kernel::gather_relative(desc, v);
    vector_kernels<Op>(desc, v, active, all_active, lay, env, lane0, quad_limit, fx);
}

// The opcodes' values (from the generated table), and one more than the largest.
inline constexpr std::size_t opcode_limit = [] {
    std::size_t m = 0;
    for (const opcode_info& o : opcodes) m = static_cast<std::size_t>(o.code) > m ? static_cast<std::size_t>(o.code) : m;
    return m + 1;
}();

// Runs one instruction whose opcode is known only at run time (the interpreter): a table over the
// generated opcode list (values that are no opcode are null; a decoded program has none).
template <class Desc, std::size_t N, std::size_t S, class Env>
inline void execute(const Desc& desc, const lane_view<N, S>& v, const lane_word* active, bool all_active, const layout& lay, Env& env,
                    std::size_t lane0, std::size_t quad_limit, effects<N>& fx) {
    using kernel_fn =
        void (*)(const Desc&, const lane_view<N, S>&, const lane_word*, bool, const layout&, Env&, std::size_t, std::size_t, effects<N>&);
    static constexpr auto table = ctisa::exec::dispatch_table<kernel_fn, opcode_limit, opcodes.size()>(
        [](std::size_t i) { return static_cast<std::size_t>(opcodes[i].code); },
        []<std::size_t I>(std::integral_constant<std::size_t, I>) -> kernel_fn { return &execute_op<opcodes[I].code, Desc, N, S, Env>; });
    if (const kernel_fn f = table[static_cast<std::size_t>(desc.get().op)]) f(desc, v, active, all_active, lay, env, lane0, quad_limit, fx);
}

}  // namespace ctisa::attila::exec
