// SPDX-License-Identifier: MIT
// What one ALU instruction computes for one lane (chapter 8's descriptions), on 32-bit words.
// Group-level behaviour (reductions, reading before writing, PV, predicates, modifiers) is in
// group.hpp; this header is the per-lane arithmetic.
//
// Decisions where chapter 8 is silent or unreadable (also in the cayman-exec note):
// - Float denormals are kept (IEEE); the comparison tables' "denorms obey the rules of zero" is
//   what IEEE comparison does anyway.
// - MUL, MULADD* (not _IEEE): zero times anything, infinities and NaN included, is +0 (4.8's
//   "Zero times anything is zero" of MUL_LIT and the DX9 rule); MULADD rounds the product, then
//   the sum (a MAD, not FMA); FMA is fused.
// - MAX_DX10 / MIN_DX10: a NaN operand gives the other operand (DirectX 10), +0 > -0.
// - FLT_TO_INT and FLT_TO_UINT round to nearest even (the default mode; _TRUNC, _FLOOR and _RPI
//   name the others: RPI = floor(x + 0.5)); every float-to-integer conversion saturates and
//   gives 0 for NaN.
// - Shifts and bit-field offsets use the low 5 bits of the count (DirectX 11).
// - SIN / COS take turns (the input is divided by 2 pi already, 8.2): |x| > 256 and infinities
//   give 1.0 as chapter 8 says of COS; the result is sin(2 pi x) correctly rounded or one ulp
//   off (reduced exactly to a quarter turn, then evaluated in binary64).
// - RECIP_FF / RECIPSQRT_FF: an infinite result becomes zero of the same sign; _CLAMPED: +-max
//   float; LOG_CLAMPED: -inf becomes -max float.
// - OFFSET_TO_FLT reads the low four bits of src0 (its table lists four-bit inputs only).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "../../exec/float.hpp"
#include "../../exec/lanes.hpp"
#include "../../exec/transcendental.hpp"
#include "../description.hpp"

namespace ctisa::cayman::exec {

using ctisa::exec::lane_word;

inline constexpr lane_word one_f = 0x3F800000u;
inline constexpr lane_word max_f = 0x7F7FFFFFu;

// The ALU opcodes this executor runs: all of them (reductions, interpolation and the others
// group.hpp handles included).
[[nodiscard]] constexpr bool executes(opcode op) noexcept {
    const category c = info(op).cat;
    return c == category::alu_op2 || c == category::alu_op3;
}

// Whether the result is a float (output modifiers and CLAMP apply to floats only, 4.9.1).
[[nodiscard]] constexpr bool float_result(opcode op) noexcept {
    switch (op) {
        case opcode::alu_op2_interp_xy:
        case opcode::alu_op2_interp_zw:
        case opcode::alu_op2_interp_x:
        case opcode::alu_op2_interp_z:
        case opcode::alu_op2_add:
        case opcode::alu_op2_mul:
        case opcode::alu_op2_mul_ieee:
        case opcode::alu_op2_max:
        case opcode::alu_op2_min:
        case opcode::alu_op2_max_dx10:
        case opcode::alu_op2_min_dx10:
        case opcode::alu_op2_sete:
        case opcode::alu_op2_setgt:
        case opcode::alu_op2_setge:
        case opcode::alu_op2_setne:
        case opcode::alu_op2_fract:
        case opcode::alu_op2_trunc:
        case opcode::alu_op2_ceil:
        case opcode::alu_op2_rndne:
        case opcode::alu_op2_floor:
        case opcode::alu_op2_mov:
        case opcode::alu_op2_exp_ieee:
        case opcode::alu_op2_log_clamped:
        case opcode::alu_op2_log_ieee:
        case opcode::alu_op2_recip_clamped:
        case opcode::alu_op2_recip_ff:
        case opcode::alu_op2_recip_ieee:
        case opcode::alu_op2_recipsqrt_clamped:
        case opcode::alu_op2_recipsqrt_ff:
        case opcode::alu_op2_recipsqrt_ieee:
        case opcode::alu_op2_sqrt_ieee:
        case opcode::alu_op2_sin:
        case opcode::alu_op2_cos:
        case opcode::alu_op2_int_to_flt:
        case opcode::alu_op2_uint_to_flt:
        case opcode::alu_op2_ubyte0_flt:
        case opcode::alu_op2_ubyte1_flt:
        case opcode::alu_op2_ubyte2_flt:
        case opcode::alu_op2_ubyte3_flt:
        case opcode::alu_op2_flt16_to_flt32:
        case opcode::alu_op2_offset_to_flt:
        case opcode::alu_op2_flt64_to_flt32:  // its float (group.hpp: the 64-bit results take their own)
        case opcode::alu_op2_dot4:
        case opcode::alu_op2_dot4_ieee:
        case opcode::alu_op2_max4:
        case opcode::alu_op2_cube:
        case opcode::alu_op2_mul_prev:
        case opcode::alu_op2_mul_ieee_prev:
        case opcode::alu_op2_add_prev:
        case opcode::alu_op2_muladd_prev:
        case opcode::alu_op2_muladd_ieee_prev:
        case opcode::alu_op2_dot:
        case opcode::alu_op2_dot_ieee:
        case opcode::alu_op3_mul_lit:
        case opcode::alu_op3_fma:
        case opcode::alu_op3_muladd:
        case opcode::alu_op3_muladd_m2:
        case opcode::alu_op3_muladd_m4:
        case opcode::alu_op3_muladd_d2:
        case opcode::alu_op3_muladd_ieee:
        case opcode::alu_op3_cnde:
        case opcode::alu_op3_cndgt:
        case opcode::alu_op3_cndge: return true;
        default: return false;
    }
}

namespace detail {

[[nodiscard]] inline float f(lane_word w) noexcept { return std::bit_cast<float>(w); }
[[nodiscard]] inline lane_word w(float x) noexcept { return std::bit_cast<lane_word>(x); }
[[nodiscard]] inline lane_word flag_f(bool b) noexcept { return b ? one_f : 0u; }
[[nodiscard]] constexpr lane_word flag_i(bool b) noexcept { return b ? 0xFFFFFFFFu : 0u; }
[[nodiscard]] constexpr std::int32_t s32(lane_word a) noexcept { return static_cast<std::int32_t>(a); }

// Zero times anything is zero (MUL, MULADD).
[[nodiscard]] inline float mul_dx9(float a, float b) noexcept { return (a == 0.0f || b == 0.0f) ? 0.0f : a * b; }

[[nodiscard]] inline float max_dx10(float a, float b) noexcept {
    if (std::isnan(a)) return b;
    if (std::isnan(b)) return a;
    if (a == b) return std::signbit(a) ? b : a;
    return a > b ? a : b;
}
[[nodiscard]] inline float min_dx10(float a, float b) noexcept {
    if (std::isnan(a)) return b;
    if (std::isnan(b)) return a;
    if (a == b) return std::signbit(a) ? a : b;
    return a < b ? a : b;
}

// Float to integer with `mode` already applied (an integral value or NaN / inf): saturated.
[[nodiscard]] inline lane_word to_int(double x) noexcept {
    return static_cast<lane_word>(static_cast<std::int32_t>(ctisa::exec::saturate_integral(x, INT32_MIN, INT32_MAX)));
}
[[nodiscard]] inline lane_word to_uint(double x) noexcept { return static_cast<lane_word>(ctisa::exec::saturate_integral(x, 0, UINT32_MAX)); }

// sin(2 pi t) for |t| <= 0.5: reduced exactly to a quarter turn, then binary64.
[[nodiscard]] inline double sin_turns(double t) noexcept {
    if (t > 0.25) t = 0.5 - t;
    else if (t < -0.25) t = -0.5 - t;
    return std::sin(t * 6.283185307179586476925286766559);
}
[[nodiscard]] inline lane_word trig(lane_word a, bool cosine) noexcept {
    const float x = f(a);
    if (std::isnan(x)) return a;
    if (!(std::fabs(x) <= 256.0f)) return one_f;
    const double t = static_cast<double>(x) - std::nearbyint(static_cast<double>(x));  // exact, in [-0.5, 0.5]
    if (!cosine) return w(static_cast<float>(sin_turns(t)));
    return w(static_cast<float>(sin_turns(0.25 - std::fabs(t))));  // cos(2 pi t) = sin(2 pi (1/4 - |t|))
}

[[nodiscard]] inline lane_word clamp_max(float r) noexcept { return std::isinf(r) ? (r > 0 ? max_f : max_f | 0x80000000u) : w(r); }
[[nodiscard]] inline lane_word flush_inf(float r) noexcept { return std::isinf(r) ? (std::signbit(r) ? 0x80000000u : 0u) : w(r); }

[[nodiscard]] constexpr std::int64_t s24(lane_word a) noexcept { return static_cast<std::int32_t>(a << 8) >> 8; }
[[nodiscard]] constexpr std::uint64_t u24(lane_word a) noexcept { return a & 0xFFFFFFu; }

[[nodiscard]] constexpr lane_word bfe(lane_word a, lane_word offset, lane_word width, bool is_signed) noexcept {
    const lane_word o = offset & 31, n = width & 31;
    if (n == 0) return 0;
    if (o + n < 32) {
        const lane_word up = a << (32 - o - n);
        return is_signed ? static_cast<lane_word>(s32(up) >> (32 - n)) : up >> (32 - n);
    }
    return is_signed ? static_cast<lane_word>(s32(a) >> o) : a >> o;
}

// The sum of the absolute differences of the four bytes (SAD_ACCUM*).
[[nodiscard]] constexpr lane_word sad(lane_word a, lane_word b) noexcept {
    lane_word r = 0;
    for (int s = 0; s < 32; s += 8) {
        const lane_word x = (a >> s) & 0xFF, y = (b >> s) & 0xFF;
        r += x > y ? x - y : y - x;
    }
    return r;
}

}  // namespace detail

// PRED_SET*: whether the lane's predicate becomes "execute"; KILL*: whether the lane is killed.
CTISA_EXEC_INLINE bool pred_test(opcode op, lane_word a, lane_word b) noexcept {
    using detail::f;
    using detail::s32;
    const bool counter_zero = f(a) == 0.0f;  // the _PUSH forms: src0 is a float branch counter
    switch (op) {
        case opcode::alu_op2_pred_setgt_uint:
        case opcode::alu_op2_killgt_uint: return a > b;
        case opcode::alu_op2_pred_setge_uint:
        case opcode::alu_op2_killge_uint: return a >= b;
        case opcode::alu_op2_pred_sete:
        case opcode::alu_op2_kille: return f(a) == f(b);
        case opcode::alu_op2_pred_setgt:
        case opcode::alu_op2_killgt: return f(a) > f(b);
        case opcode::alu_op2_pred_setge:
        case opcode::alu_op2_killge: return f(a) >= f(b);
        case opcode::alu_op2_pred_setne:
        case opcode::alu_op2_killne: return f(a) != f(b);
        case opcode::alu_op2_pred_sete_int:
        case opcode::alu_op2_kille_int: return a == b;
        case opcode::alu_op2_pred_setgt_int:
        case opcode::alu_op2_killgt_int: return s32(a) > s32(b);
        case opcode::alu_op2_pred_setge_int:
        case opcode::alu_op2_killge_int: return s32(a) >= s32(b);
        case opcode::alu_op2_pred_setne_int:
        case opcode::alu_op2_killne_int: return a != b;
        case opcode::alu_op2_pred_set_inv: return f(a) == 1.0f;
        case opcode::alu_op2_pred_set_pop: return f(a) <= f(b);
        case opcode::alu_op2_pred_set_restore: return counter_zero;
        case opcode::alu_op2_pred_sete_push: return counter_zero && f(b) == 0.0f;
        case opcode::alu_op2_pred_setgt_push: return counter_zero && f(b) > 0.0f;
        case opcode::alu_op2_pred_setge_push: return counter_zero && f(b) >= 0.0f;
        case opcode::alu_op2_pred_setne_push: return counter_zero && f(b) != 0.0f;
        case opcode::alu_op2_pred_sete_push_int: return counter_zero && b == 0;
        case opcode::alu_op2_pred_setgt_push_int: return counter_zero && s32(b) > 0;
        case opcode::alu_op2_pred_setge_push_int: return counter_zero && s32(b) >= 0;
        case opcode::alu_op2_pred_setne_push_int: return counter_zero && b != 0;
        case opcode::alu_op2_pred_setlt_push_int: return counter_zero && s32(b) < 0;
        case opcode::alu_op2_pred_setle_push_int: return counter_zero && s32(b) <= 0;
        default: return false;  // PRED_SET_CLR: skip
    }
}

// The result of op on one lane's (already modified) sources. Predicate and kill outcomes are
// pred_test's; reductions give here their per-slot part (DOT4: the product, MAX4: the source).
CTISA_EXEC_INLINE lane_word compute(opcode op, lane_word a, lane_word b, lane_word c) noexcept {
    using namespace detail;
    switch (op) {
        case opcode::alu_op2_add: return w(f(a) + f(b));
        case opcode::alu_op2_mul:
        case opcode::alu_op2_dot4: return w(mul_dx9(f(a), f(b)));
        case opcode::alu_op2_mul_ieee:
        case opcode::alu_op2_dot4_ieee: return w(f(a) * f(b));
        case opcode::alu_op2_max: return f(a) >= f(b) ? a : b;
        case opcode::alu_op2_min: return f(a) < f(b) ? a : b;
        case opcode::alu_op2_max_dx10: return w(max_dx10(f(a), f(b)));
        case opcode::alu_op2_min_dx10: return w(min_dx10(f(a), f(b)));
        case opcode::alu_op2_sete: return flag_f(f(a) == f(b));
        case opcode::alu_op2_setgt: return flag_f(f(a) > f(b));
        case opcode::alu_op2_setge: return flag_f(f(a) >= f(b));
        case opcode::alu_op2_setne: return flag_f(f(a) != f(b));
        case opcode::alu_op2_sete_dx10: return flag_i(f(a) == f(b));
        case opcode::alu_op2_setgt_dx10: return flag_i(f(a) > f(b));
        case opcode::alu_op2_setge_dx10: return flag_i(f(a) >= f(b));
        case opcode::alu_op2_setne_dx10: return flag_i(f(a) != f(b));
        case opcode::alu_op2_fract: return w(f(a) - std::floor(f(a)));
        case opcode::alu_op2_trunc: return w(std::trunc(f(a)));
        case opcode::alu_op2_ceil: return w(std::ceil(f(a)));
        case opcode::alu_op2_rndne: return w(std::nearbyint(f(a)));
        case opcode::alu_op2_floor: return w(std::floor(f(a)));
        case opcode::alu_op2_ashr_int: return static_cast<lane_word>(s32(a) >> (b & 31));
        case opcode::alu_op2_lshr_int: return a >> (b & 31);
        case opcode::alu_op2_lshl_int: return a << (b & 31);
        case opcode::alu_op2_mov:
        case opcode::alu_op2_mova_int:
        case opcode::alu_op2_cube:
        case opcode::alu_op2_max4: return a;
        case opcode::alu_op2_and_int: return a & b;
        case opcode::alu_op2_or_int: return a | b;
        case opcode::alu_op2_xor_int: return a ^ b;
        case opcode::alu_op2_not_int: return ~a;
        case opcode::alu_op2_add_int: return a + b;
        case opcode::alu_op2_sub_int: return a - b;
        case opcode::alu_op2_max_int: return s32(a) >= s32(b) ? a : b;
        case opcode::alu_op2_min_int: return s32(a) < s32(b) ? a : b;
        case opcode::alu_op2_max_uint: return a >= b ? a : b;
        case opcode::alu_op2_min_uint: return a < b ? a : b;
        case opcode::alu_op2_sete_int: return flag_i(a == b);
        case opcode::alu_op2_setgt_int: return flag_i(s32(a) > s32(b));
        case opcode::alu_op2_setge_int: return flag_i(s32(a) >= s32(b));
        case opcode::alu_op2_setne_int: return flag_i(a != b);
        case opcode::alu_op2_setgt_uint: return flag_i(a > b);
        case opcode::alu_op2_setge_uint: return flag_i(a >= b);
        case opcode::alu_op2_flt_to_int: return to_int(std::nearbyint(static_cast<double>(f(a))));
        case opcode::alu_op2_flt_to_int_trunc: return to_int(std::trunc(static_cast<double>(f(a))));
        case opcode::alu_op2_flt_to_int_floor: return to_int(std::floor(static_cast<double>(f(a))));
        case opcode::alu_op2_flt_to_int_rpi: return to_int(std::floor(static_cast<double>(f(a)) + 0.5));
        case opcode::alu_op2_flt_to_uint:
        case opcode::alu_op2_flt_to_uint4: return to_uint(std::nearbyint(static_cast<double>(f(a))));
        case opcode::alu_op2_int_to_flt: return w(static_cast<float>(s32(a)));
        case opcode::alu_op2_uint_to_flt: return w(static_cast<float>(a));
        case opcode::alu_op2_ubyte0_flt: return w(static_cast<float>(a & 0xFF));
        case opcode::alu_op2_ubyte1_flt: return w(static_cast<float>((a >> 8) & 0xFF));
        case opcode::alu_op2_ubyte2_flt: return w(static_cast<float>((a >> 16) & 0xFF));
        case opcode::alu_op2_ubyte3_flt: return w(static_cast<float>(a >> 24));
        case opcode::alu_op2_flt32_to_flt16: return ctisa::exec::half_from_float(f(a));
        case opcode::alu_op2_flt16_to_flt32: return w(ctisa::exec::half_to_float(static_cast<ctisa::exec::half_bits>(a & 0xFFFF)));
        case opcode::alu_op2_offset_to_flt: return w(static_cast<float>(s32(a << 28) >> 28) / 16.0f);  // the low 4 bits, signed, in 16ths
        case opcode::alu_op2_bfrev_int: {
            lane_word r = 0;
            for (int i = 0; i < 32; ++i) r |= ((a >> i) & 1u) << (31 - i);
            return r;
        }
        case opcode::alu_op2_addc_uint: return (static_cast<std::uint64_t>(a) + b) >> 32 ? 1u : 0u;
        case opcode::alu_op2_subb_uint: return a < b ? 1u : 0u;
        case opcode::alu_op2_mul_int24: return static_cast<lane_word>(s24(a) * s24(b));
        case opcode::alu_op2_mulhi_int24: return static_cast<lane_word>(static_cast<std::uint64_t>(s24(a) * s24(b)) >> 32);
        case opcode::alu_op2_mul_uint24: return static_cast<lane_word>(u24(a) * u24(b));
        case opcode::alu_op2_mulhi_uint24: return static_cast<lane_word>((u24(a) * u24(b)) >> 32);
        case opcode::alu_op2_mullo_int:
        case opcode::alu_op2_mullo_uint: return a * b;
        case opcode::alu_op2_mulhi_int:
            return static_cast<lane_word>(static_cast<std::uint64_t>(static_cast<std::int64_t>(s32(a)) * s32(b)) >> 32);
        case opcode::alu_op2_mulhi_uint: return static_cast<lane_word>((static_cast<std::uint64_t>(a) * b) >> 32);
        case opcode::alu_op2_bfm_int: return ((1u << (a & 31)) - 1u) << (b & 31);
        case opcode::alu_op2_bcnt_int:
        case opcode::alu_op2_bcnt_accum_prev_int: return static_cast<lane_word>(std::popcount(a));
        case opcode::alu_op2_sad_accum_prev_uint: return sad(a, b);
        case opcode::alu_op2_ffbh_uint: return a == 0 ? 0xFFFFFFFFu : static_cast<lane_word>(std::countl_zero(a));
        case opcode::alu_op2_ffbl_int: return a == 0 ? 0xFFFFFFFFu : static_cast<lane_word>(std::countr_zero(a));
        case opcode::alu_op2_ffbh_int:
            return (a == 0 || a == 0xFFFFFFFFu) ? 0xFFFFFFFFu : static_cast<lane_word>(std::countl_zero((a >> 31) ? ~a : a));
        case opcode::alu_op2_exp_ieee: return w(ctisa::exec::approx::exp2(f(a)));
        case opcode::alu_op2_log_ieee: return w(ctisa::exec::approx::log2(f(a)));
        case opcode::alu_op2_log_clamped: return clamp_max(ctisa::exec::approx::log2(f(a)));
        case opcode::alu_op2_recip_ieee: return w(ctisa::exec::approx::rcp(f(a)));
        case opcode::alu_op2_recip_clamped: return clamp_max(ctisa::exec::approx::rcp(f(a)));
        case opcode::alu_op2_recip_ff: return flush_inf(ctisa::exec::approx::rcp(f(a)));
        case opcode::alu_op2_recipsqrt_ieee: return w(ctisa::exec::approx::rsq(f(a)));
        case opcode::alu_op2_recipsqrt_clamped: return clamp_max(ctisa::exec::approx::rsq(f(a)));
        case opcode::alu_op2_recipsqrt_ff: return flush_inf(ctisa::exec::approx::rsq(f(a)));
        case opcode::alu_op2_sqrt_ieee: return w(ctisa::exec::approx::sqrt(f(a)));
        case opcode::alu_op2_sin: return trig(a, false);
        case opcode::alu_op2_cos: return trig(a, true);
        // Predicates (chapter 8): dst 0.0 where the predicate is "execute", 1.0 otherwise.
        case opcode::alu_op2_pred_setgt_uint: return flag_f(!(a > b));
        case opcode::alu_op2_pred_setge_uint: return flag_f(!(a >= b));
        case opcode::alu_op2_pred_sete: return flag_f(!(f(a) == f(b)));
        case opcode::alu_op2_pred_setgt: return flag_f(!(f(a) > f(b)));
        case opcode::alu_op2_pred_setge: return flag_f(!(f(a) >= f(b)));
        case opcode::alu_op2_pred_setne: return flag_f(!(f(a) != f(b)));
        case opcode::alu_op2_pred_sete_int: return flag_f(!(a == b));
        case opcode::alu_op2_pred_setgt_int: return flag_f(!(s32(a) > s32(b)));
        case opcode::alu_op2_pred_setge_int: return flag_f(!(s32(a) >= s32(b)));
        case opcode::alu_op2_pred_setne_int: return flag_f(!(a != b));
        case opcode::alu_op2_pred_set_inv: return f(a) == 1.0f ? 0u : f(a) == 0.0f ? one_f : a;
        case opcode::alu_op2_pred_set_pop: return f(a) <= f(b) ? 0u : w(f(a) - f(b));
        case opcode::alu_op2_pred_set_clr: return max_f;
        case opcode::alu_op2_pred_set_restore: return f(a) == 0.0f ? 0u : a;
        // The branch counters: 0.0 when the test passes on a zero counter, else the counter + 1.
        case opcode::alu_op2_pred_sete_push:
        case opcode::alu_op2_pred_setgt_push:
        case opcode::alu_op2_pred_setge_push:
        case opcode::alu_op2_pred_setne_push:
        case opcode::alu_op2_pred_sete_push_int:
        case opcode::alu_op2_pred_setgt_push_int:
        case opcode::alu_op2_pred_setge_push_int:
        case opcode::alu_op2_pred_setne_push_int:
        case opcode::alu_op2_pred_setlt_push_int:
        case opcode::alu_op2_pred_setle_push_int: return pred_test(op, a, b) ? 0u : w(f(a) + 1.0f);
        // Kills: 1.0 where the lane is killed.
        case opcode::alu_op2_kille:
        case opcode::alu_op2_killgt:
        case opcode::alu_op2_killge:
        case opcode::alu_op2_killne:
        case opcode::alu_op2_kille_int:
        case opcode::alu_op2_killgt_int:
        case opcode::alu_op2_killge_int:
        case opcode::alu_op2_killne_int:
        case opcode::alu_op2_killgt_uint:
        case opcode::alu_op2_killge_uint: return flag_f(pred_test(op, a, b));
        // OP3
        case opcode::alu_op3_bfe_uint: return bfe(a, b, c, false);
        case opcode::alu_op3_bfe_int: return bfe(a, b, c, true);
        case opcode::alu_op3_bfi_int: return (a & b) | (~a & c);
        case opcode::alu_op3_fma: return w(std::fma(f(a), f(b), f(c)));
        case opcode::alu_op3_muladd_int24: return static_cast<lane_word>(s24(a) * s24(b)) + c;
        case opcode::alu_op3_muladd_uint24: return static_cast<lane_word>(u24(a) * u24(b)) + c;
        case opcode::alu_op3_lerp_uint: {
            lane_word r = 0;
            for (int s = 0; s < 32; s += 8) r |= ((((a >> s) & 0xFF) + ((b >> s) & 0xFF) + ((c >> s) & 1)) >> 1) << s;
            return r;
        }
        case opcode::alu_op3_bit_align_int: return static_cast<lane_word>(((static_cast<std::uint64_t>(a) << 32) | b) >> (c & 31));
        case opcode::alu_op3_byte_align_int: return static_cast<lane_word>(((static_cast<std::uint64_t>(a) << 32) | b) >> (8 * (c & 3)));
        case opcode::alu_op3_sad_accum_uint: return sad(a, b) + c;
        case opcode::alu_op3_sad_accum_hi_uint: return (sad(a, b) << 16) + c;
        case opcode::alu_op3_mul_lit:
            if (b == 0xFF7FFFFFu || b == 0xFF800000u || std::isnan(f(b)) || !(f(c) > 0.0f)) return 0xFF7FFFFFu;  // -MAX_FLOAT
            return w(mul_dx9(f(a), f(b)));
        case opcode::alu_op3_muladd: return w(mul_dx9(f(a), f(b)) + f(c));
        case opcode::alu_op3_muladd_m2: return w((mul_dx9(f(a), f(b)) + f(c)) * 2.0f);
        case opcode::alu_op3_muladd_m4: return w((mul_dx9(f(a), f(b)) + f(c)) * 4.0f);
        case opcode::alu_op3_muladd_d2: return w((mul_dx9(f(a), f(b)) + f(c)) * 0.5f);
        case opcode::alu_op3_muladd_ieee: {
            const float p = f(a) * f(b);  // rounded: a MAD
            return w(p + f(c));
        }
        case opcode::alu_op3_cnde: return f(a) == 0.0f ? b : c;
        case opcode::alu_op3_cndgt: return f(a) > 0.0f ? b : c;
        case opcode::alu_op3_cndge: return f(a) >= 0.0f ? b : c;
        case opcode::alu_op3_cnde_int: return a == 0 ? b : c;
        case opcode::alu_op3_cndgt_int: return s32(a) > 0 ? b : c;
        case opcode::alu_op3_cndge_int: return s32(a) >= 0 ? b : c;
        default: return 0;
    }
}

// The *_PREV family, DOT and the accumulating counts read the result of another slot of their
// group (8.2): MUL_PREV, MUL_IEEE_PREV, ADD_PREV, MULADD_PREV, MULADD_IEEE_PREV in Y take W's,
// in X take Z's; DOT, DOT_IEEE, BCNT_ACCUM_PREV_INT, MBCNT_32LO_ACCUM_PREV_INT and
// SAD_ACCUM_PREV_UINT take the next channel's (X <- Y <- Z <- W). -1: not such an instruction.
[[nodiscard]] constexpr int previous_channel(opcode op, std::uint32_t chan) noexcept {
    switch (op) {
        case opcode::alu_op2_mul_prev:
        case opcode::alu_op2_mul_ieee_prev:
        case opcode::alu_op2_add_prev:
        case opcode::alu_op2_muladd_prev:
        case opcode::alu_op2_muladd_ieee_prev: return chan < 2 ? static_cast<int>(chan) + 2 : -1;
        case opcode::alu_op2_dot:
        case opcode::alu_op2_dot_ieee:
        case opcode::alu_op2_bcnt_accum_prev_int:
        case opcode::alu_op2_mbcnt_32lo_accum_prev_int:
        case opcode::alu_op2_sad_accum_prev_uint: return chan < 3 ? static_cast<int>(chan) + 1 : -1;
        default: return -1;
    }
}

// The result of a previous-channel instruction (its own part from compute() comes in `own`).
CTISA_EXEC_INLINE lane_word with_previous(opcode op, lane_word a, lane_word b, lane_word own, lane_word prev) noexcept {
    using namespace detail;
    switch (op) {
        case opcode::alu_op2_mul_prev: return w(mul_dx9(f(a), f(prev)));
        case opcode::alu_op2_mul_ieee_prev: return w(f(a) * f(prev));
        case opcode::alu_op2_add_prev: return w(f(a) + f(prev));
        case opcode::alu_op2_muladd_prev:
        case opcode::alu_op2_dot: return w(mul_dx9(f(a), f(b)) + f(prev));
        case opcode::alu_op2_muladd_ieee_prev:
        case opcode::alu_op2_dot_ieee: {
            const float p = f(a) * f(b);
            return w(p + f(prev));
        }
        default: return own + prev;  // the counts and the SAD: integer sums
    }
}

// MBCNT_32HI_INT / MBCNT_32LO_ACCUM_PREV_INT's mask: the bits of the lanes before `position` (0-63)
// in the high or low half of the wavefront's mask.
[[nodiscard]] constexpr lane_word lanes_below(std::size_t position, bool high) noexcept {
    const std::size_t p = position % 64;
    if (high) return p <= 32 ? 0u : (p - 32 == 32 ? 0xFFFFFFFFu : (1u << (p - 32)) - 1u);
    return p >= 32 ? 0xFFFFFFFFu : (1u << p) - 1u;
}

}  // namespace ctisa::cayman::exec
