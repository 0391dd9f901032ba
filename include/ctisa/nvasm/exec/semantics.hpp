// SPDX-License-Identifier: MIT
// The arithmetic of NV_gpu_program4 (section 2.X.8) on one lane: four 32-bit words a source, read
// as float, signed or unsigned integer by the instruction's data type; the result's four words
// and, for the integer adds and subtracts (ADD, SUB, MAD, SAD), their overflow and carry flags.
//
// DECISIONS where the specification says "undefined" (a reference must still give one answer):
//   * integer DIV and MOD by zero give 0; INT_MIN / -1 gives INT_MIN, INT_MIN % -1 gives 0;
//   * shifts by a negative count or by 32 or more give 0 (SHL, SHR.U) or the sign (SHR.S);
//   * CEIL, FLR, ROUND, TRUNC to an integer type saturate to its range, NaN gives 0;
//   * the undefined components (NRM.w, XPD.w, RFL.w, SCS.z and .w) are written as +0.0;
//   * SSG of NaN is 0.0; LIT's "128 - epsilon" is the largest float below 128;
//   * RCC: a NaN reciprocal stays NaN; +0 (1/inf) is "not greater than zero" and becomes -2^-64;
//   * PK2US / PK4B / PK4UB round to nearest even, and a NaN component packs as 0;
//   * UP2US / UP4B / UP4UB divide in binary32 (correctly rounded);
//   * an integer add with both operands negated (-A-B: flags undefined) takes its flags from
//     the add of the negated values; MAD's flags are those of product + third operand.
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

#include "../../exec/float.hpp"
#include "../../exec/lanes.hpp"
#include "../../exec/transcendental.hpp"
#include "descriptor.hpp"

namespace ctisa::nvasm::exec {

using words = std::array<lane_word, 4>;

struct lane_result {
    words value{};
    words flags{};  // cc_flag::of / cf of integer adds and subtracts
};

namespace alu {

using ctisa::exec::as_bits;
using ctisa::exec::as_float;

inline constexpr lane_word one_bits = 0x3F800000u;

// Section 2.X.4.2: negate, then absolute value (then the optional negation of |x|): as written,
// "-|x|" negates after taking the absolute value. For unsigned operands |x| has no effect.
[[nodiscard]] inline lane_word modify(lane_word x, data_type t, bool negate, bool absolute) noexcept {
    if (t == data_type::f) return (absolute ? x & 0x7FFFFFFFu : x) ^ (negate ? 0x80000000u : 0u);
    if (absolute && t == data_type::s) x = ctisa::exec::wrap_abs(x);
    return negate ? ctisa::exec::wrap_neg(x) : x;
}

[[nodiscard]] inline lane_word truth(bool b, data_type t) noexcept { return b ? (t == data_type::f ? one_bits : ~lane_word{0}) : 0u; }

// a < b, a == b in the data type.
[[nodiscard]] inline bool less(lane_word a, lane_word b, data_type t) noexcept {
    if (t == data_type::f) return as_float(a) < as_float(b);
    if (t == data_type::s) return static_cast<std::int32_t>(a) < static_cast<std::int32_t>(b);
    return a < b;
}
[[nodiscard]] inline bool equal(lane_word a, lane_word b, data_type t) noexcept {
    return t == data_type::f ? as_float(a) == as_float(b) : a == b;
}

// A float already rounded to an integral value, written as the result type.
[[nodiscard]] inline lane_word integral_as(float r, data_type out) noexcept {
    if (out == data_type::f) return as_bits(r);
    if (out == data_type::s) return static_cast<lane_word>(ctisa::exec::to_int32(r));
    if (!(r > 0.0f)) return 0;
    return r >= 4294967296.0f ? ~lane_word{0} : static_cast<lane_word>(r);
}

[[nodiscard]] inline lane_word add_flags(lane_word x, lane_word y) noexcept {
    const lane_word r = x + y;
    return (((x ^ r) & (y ^ r)) >> 31 ? cc_flag::of : 0u) | (r < x ? cc_flag::cf : 0u);
}
[[nodiscard]] inline lane_word sub_flags(lane_word x, lane_word y) noexcept {
    const lane_word r = x - y;
    return (((x ^ y) & (x ^ r)) >> 31 ? cc_flag::of : 0u) | (x >= y ? cc_flag::cf : 0u);
}
// Flags of x + y where y was loaded negated (ny) or not: "negation modifiers turn add operations
// into subtracts" (section 2.X.4.3).
[[nodiscard]] inline lane_word sum_flags(lane_word x, bool nx, lane_word y, bool ny) noexcept {
    if (ny && !nx) return sub_flags(x, ctisa::exec::wrap_neg(y));
    if (nx && !ny) return sub_flags(y, ctisa::exec::wrap_neg(x));
    return add_flags(x, y);
}

[[nodiscard]] inline float dot(const words& a, const words& b, unsigned n) noexcept {
    float s = as_float(a[0]) * as_float(b[0]);
    for (unsigned i = 1; i < n; ++i) s = s + as_float(a[i]) * as_float(b[i]);
    return s;
}

[[nodiscard]] inline words splat(lane_word w) noexcept { return {w, w, w, w}; }
[[nodiscard]] inline words splat(float f) noexcept { return splat(as_bits(f)); }

[[nodiscard]] inline lane_word pack_unit(float x, float scale, float bias, float lo, float hi) noexcept {
    if (!(x == x)) x = lo < 0 ? 0.0f : lo;  // NaN: packs as 0 (after the bias: PK4B's 0 is -128/127 + ...)
    x = x < lo ? lo : x > hi ? hi : x;
    return static_cast<lane_word>(ctisa::exec::round_integral(scale * x + bias, ctisa::exec::rounding::nearest_even));
}

[[nodiscard]] inline lane_word shift(lane_word a, lane_word count, data_type t, bool left) noexcept {
    const bool out_of_range = (t == data_type::s && static_cast<std::int32_t>(count) < 0) || count >= 32;
    if (left) return out_of_range ? 0u : a << count;
    if (t == data_type::s) {
        const auto s = static_cast<std::int32_t>(a);
        return static_cast<lane_word>(out_of_range ? (s < 0 ? -1 : 0) : s >> count);
    }
    return out_of_range ? 0u : a >> count;
}

[[nodiscard]] inline lane_word divide(lane_word a, lane_word b, data_type t, bool modulus) noexcept {
    if (t == data_type::f) return as_bits(as_float(a) / as_float(b));
    if (b == 0) return 0;
    if (t == data_type::u) return modulus ? a % b : a / b;
    const auto x = static_cast<std::int64_t>(static_cast<std::int32_t>(a)), y = static_cast<std::int64_t>(static_cast<std::int32_t>(b));
    return static_cast<lane_word>(modulus ? x % y : x / y);  // (in 64 bits: INT_MIN / -1 wraps)
}

[[nodiscard]] inline lane_word multiply(lane_word a, lane_word b, const descriptor& d) noexcept {
    switch (d.multiply) {
        case multiply_mode::s24: {
            const auto x = static_cast<std::int32_t>(a << 8) >> 8, y = static_cast<std::int32_t>(b << 8) >> 8;
            return static_cast<lane_word>(static_cast<std::int64_t>(x) * y);
        }
        case multiply_mode::u24: return (a & 0xFFFFFFu) * (b & 0xFFFFFFu);
        case multiply_mode::hi:
            if (d.type == data_type::s)
                return static_cast<lane_word>(
                    static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int32_t>(a)) * static_cast<std::int32_t>(b)) >> 32);
            return static_cast<lane_word>((static_cast<std::uint64_t>(a) * b) >> 32);
        default: return d.type == data_type::f ? as_bits(as_float(a) * as_float(b)) : a * b;
    }
}

[[nodiscard]] inline words lit(const words& a) noexcept {
    float x = as_float(a[0]), y = as_float(a[1]), w = as_float(a[3]);
    if (x < 0) x = 0;
    if (y < 0) y = 0;
    constexpr float limit = 127.99999237060546875f;  // the largest float below 128
    if (w < -limit) w = -limit;
    else if (w > limit) w = limit;
    return {one_bits, as_bits(x), as_bits(x > 0 ? ctisa::exec::approx::pow(y, w) : 0.0f), one_bits};
}

[[nodiscard]] inline lane_word rcc(float x) noexcept {
    const float r = ctisa::exec::approx::rcp(x);
    if (r != r) return as_bits(r);
    constexpr float lo = 0x1p-64f, hi = 0x1p64f;
    if (r > 0) return as_bits(r < lo ? lo : r > hi ? hi : r);
    return as_bits(r < -hi ? -hi : r > -lo ? -lo : r);
}

[[nodiscard]] inline words unpack(lane_word bits, opcode code) noexcept {
    switch (code) {
        case opcode::up2h: {
            const float lo = ctisa::exec::half_to_float(static_cast<ctisa::exec::half_bits>(bits & 0xFFFFu));
            const float hi = ctisa::exec::half_to_float(static_cast<ctisa::exec::half_bits>(bits >> 16));
            return {as_bits(lo), as_bits(hi), as_bits(lo), as_bits(hi)};
        }
        case opcode::up2us: {
            const float lo = static_cast<float>(bits & 0xFFFFu) / 65535.0f, hi = static_cast<float>(bits >> 16) / 65535.0f;
            return {as_bits(lo), as_bits(hi), as_bits(lo), as_bits(hi)};
        }
        default: {
            words r{};
            for (unsigned k = 0; k < 4; ++k) {
                const lane_word byte = (bits >> (8 * k)) & 0xFFu;
                r[k] = as_bits(code == opcode::up4b ? (static_cast<float>(byte) - 128.0f) / 127.0f : static_cast<float>(byte) / 255.0f);
            }
            return r;
        }
    }
}

[[nodiscard]] inline lane_word pack(const words& a, opcode code) noexcept {
    const auto f = [&](unsigned k) { return as_float(a[k]); };
    switch (code) {
        case opcode::pk2h: return lane_word{ctisa::exec::half_from_float(f(0))} | lane_word{ctisa::exec::half_from_float(f(1))} << 16;
        case opcode::pk2us: return pack_unit(f(0), 65535.0f, 0.0f, 0.0f, 1.0f) | pack_unit(f(1), 65535.0f, 0.0f, 0.0f, 1.0f) << 16;
        default: {
            lane_word r = 0;
            for (unsigned k = 0; k < 4; ++k)
                r |= (code == opcode::pk4b ? pack_unit(f(k), 127.0f, 128.0f, -128.0f / 127.0f, 1.0f) : pack_unit(f(k), 255.0f, 0.0f, 0.0f, 1.0f))
                     << (8 * k);
            return r;
        }
    }
}

// DECISION: a NaN that float arithmetic computes is written as the quiet NaN 0x7FC00000, whatever
// its sign and payload: x86 (like most hardware) returns one operand's NaN, and which one depends
// on the order a compiler gives the operands, so the bits would differ between the interpreter and
// the compiled path. Instructions that move or select bits (MOV ABS SWZ CMP MIN MAX, the packs and
// unpacks) keep them.
[[nodiscard]] inline lane_word quiet_nan(lane_word w) noexcept { return (w & 0x7FFFFFFFu) > 0x7F800000u ? 0x7FC00000u : w; }
[[nodiscard]] constexpr bool keeps_bits(opcode c) noexcept {
    switch (c) {
        case opcode::mov:
        case opcode::abs:
        case opcode::swz:
        case opcode::cmp:
        case opcode::min:
        case opcode::max:
        case opcode::pk2h:
        case opcode::pk2us:
        case opcode::pk4b:
        case opcode::pk4ub:
        case opcode::up2h:
        case opcode::up2us:
        case opcode::up4b:
        case opcode::up4ub: return true;
        default: return false;
    }
}

// The instruction's result on one lane from its loaded sources (modifiers applied).
[[nodiscard]] inline lane_result compute(const descriptor& d, const words& a, const words& b, const words& c) noexcept {
    const data_type t = d.type;
    const bool fl = t == data_type::f;
    const auto fa = [&](unsigned k) { return as_float(a[k]); };
    const auto fb = [&](unsigned k) { return as_float(b[k]); };
    const auto fc = [&](unsigned k) { return as_float(c[k]); };
    lane_result r;
    words& v = r.value;
    const auto each = [&](auto f) {
        for (unsigned k = 0; k < 4; ++k) v[k] = f(k);
    };
    using op = opcode;
    switch (d.code) {
        case op::abs: each([&](unsigned k) { return fl ? a[k] & 0x7FFFFFFFu : t == data_type::s ? ctisa::exec::wrap_abs(a[k]) : a[k]; }); break;
        case op::add:
            each([&](unsigned k) { return fl ? as_bits(fa(k) + fb(k)) : a[k] + b[k]; });
            if (!fl)
                for (unsigned k = 0; k < 4; ++k) r.flags[k] = sum_flags(a[k], d.src[0].negate, b[k], d.src[1].negate);
            break;
        case op::sub:
            each([&](unsigned k) { return fl ? as_bits(fa(k) - fb(k)) : a[k] - b[k]; });
            if (!fl)
                for (unsigned k = 0; k < 4; ++k) r.flags[k] = sum_flags(a[k], d.src[0].negate, ctisa::exec::wrap_neg(b[k]), !d.src[1].negate);
            break;
        case op::mad:
            each([&](unsigned k) { return fl ? as_bits(fa(k) * fb(k) + fc(k)) : multiply(a[k], b[k], d) + c[k]; });
            if (!fl)
                for (unsigned k = 0; k < 4; ++k) r.flags[k] = sum_flags(multiply(a[k], b[k], d), false, c[k], d.src[2].negate);
            break;
        case op::sad:
            for (unsigned k = 0; k < 4; ++k) {
                const bool lt = less(a[k], b[k], t);
                const lane_word diff = lt ? b[k] - a[k] : a[k] - b[k];
                v[k] = diff + c[k];
                r.flags[k] = sum_flags(diff, false, c[k], d.src[2].negate);
            }
            break;
        case op::and_: each([&](unsigned k) { return a[k] & b[k]; }); break;
        case op::or_: each([&](unsigned k) { return a[k] | b[k]; }); break;
        case op::xor_: each([&](unsigned k) { return a[k] ^ b[k]; }); break;
        case op::not_: each([&](unsigned k) { return ~a[k]; }); break;
        case op::ceil: each([&](unsigned k) { return integral_as(std::ceil(fa(k)), d.out); }); break;
        case op::flr: each([&](unsigned k) { return integral_as(std::floor(fa(k)), d.out); }); break;
        case op::trunc: each([&](unsigned k) { return integral_as(std::trunc(fa(k)), d.out); }); break;
        case op::round:
            each([&](unsigned k) { return integral_as(ctisa::exec::round_integral(fa(k), ctisa::exec::rounding::nearest_even), d.out); });
            break;
        case op::frc: each([&](unsigned k) { return as_bits(fa(k) - std::floor(fa(k))); }); break;
        case op::cmp: each([&](unsigned k) { return less(a[k], 0, t) ? b[k] : c[k]; }); break;
        case op::cos: v = splat(ctisa::exec::approx::cos(fa(0))); break;
        case op::sin: v = splat(ctisa::exec::approx::sin(fa(0))); break;
        case op::ex2: v = splat(ctisa::exec::approx::exp2(fa(0))); break;
        case op::lg2: v = splat(ctisa::exec::approx::log2(fa(0))); break;
        case op::rcp: v = splat(ctisa::exec::approx::rcp(fa(0))); break;
        case op::rsq: v = splat(ctisa::exec::approx::rsq(fa(0))); break;
        case op::rcc: v = splat(rcc(fa(0))); break;
        case op::pow: v = splat(ctisa::exec::approx::pow(fa(0), fb(0))); break;
        case op::scs: v = {as_bits(ctisa::exec::approx::cos(fa(0))), as_bits(ctisa::exec::approx::sin(fa(0))), 0, 0}; break;
        case op::div: each([&](unsigned k) { return divide(a[k], b[0], t, false); }); break;
        case op::mod: each([&](unsigned k) { return divide(a[k], b[0], t, true); }); break;
        case op::shl: each([&](unsigned k) { return shift(a[k], b[0], t, true); }); break;
        case op::shr: each([&](unsigned k) { return shift(a[k], b[0], t, false); }); break;
        case op::dp2: v = splat(dot(a, b, 2)); break;
        case op::dp2a: v = splat(dot(a, b, 2) + fc(0)); break;
        case op::dp3: v = splat(dot(a, b, 3)); break;
        case op::dp4: v = splat(dot(a, b, 4)); break;
        case op::dph: v = splat(dot(a, b, 3) + fb(3)); break;
        case op::dst: v = {one_bits, as_bits(fa(1) * fb(1)), a[2], b[3]}; break;
        case op::i2f:
            each([&](unsigned k) {
                return as_bits(t == data_type::u ? static_cast<float>(a[k]) : static_cast<float>(static_cast<std::int32_t>(a[k])));
            });
            break;
        case op::lit: v = lit(a); break;
        case op::lrp: each([&](unsigned k) { return as_bits(fa(k) * fb(k) + (1.0f - fa(k)) * fc(k)); }); break;
        case op::max: each([&](unsigned k) { return less(b[k], a[k], t) ? a[k] : b[k]; }); break;
        case op::min: each([&](unsigned k) { return less(b[k], a[k], t) ? b[k] : a[k]; }); break;
        case op::mov: v = a; break;
        case op::mul: each([&](unsigned k) { return multiply(a[k], b[k], d); }); break;
        case op::nrm: {
            const float scale = ctisa::exec::approx::rsq(dot(a, a, 3));
            v = {as_bits(fa(0) * scale), as_bits(fa(1) * scale), as_bits(fa(2) * scale), 0};
            break;
        }
        case op::rfl: {
            const float w = dot(a, a, 3);
            const float x = 2.0f * dot(a, b, 3) / w;
            v = {as_bits(x * fa(0) - fb(0)), as_bits(x * fa(1) - fb(1)), as_bits(x * fa(2) - fb(2)), 0};
            break;
        }
        case op::xpd:
            v = {as_bits(fa(1) * fb(2) - fa(2) * fb(1)), as_bits(fa(2) * fb(0) - fa(0) * fb(2)), as_bits(fa(0) * fb(1) - fa(1) * fb(0)), 0};
            break;
        case op::x2d: {
            const float x = fa(0) + fb(0) * fc(0) + fb(1) * fc(1), y = fa(1) + fb(0) * fc(2) + fb(1) * fc(3);
            v = {as_bits(x), as_bits(y), as_bits(x), as_bits(y)};
            break;
        }
        case op::seq: each([&](unsigned k) { return truth(equal(a[k], b[k], t), t); }); break;
        case op::sne: each([&](unsigned k) { return truth(!equal(a[k], b[k], t), t); }); break;
        case op::slt: each([&](unsigned k) { return truth(less(a[k], b[k], t), t); }); break;
        case op::sgt: each([&](unsigned k) { return truth(less(b[k], a[k], t), t); }); break;
        case op::sle: each([&](unsigned k) { return truth(less(a[k], b[k], t) || equal(a[k], b[k], t), t); }); break;
        case op::sge: each([&](unsigned k) { return truth(less(b[k], a[k], t) || equal(a[k], b[k], t), t); }); break;
        case op::sfl: v = splat(lane_word{0}); break;
        case op::str: v = splat(truth(true, t)); break;
        case op::ssg: each([&](unsigned k) { return as_bits(fa(k) > 0 ? 1.0f : fa(k) < 0 ? -1.0f : 0.0f); }); break;
        case op::swz:
            for (unsigned k = 0; k < 4; ++k) {
                const ext_component e = d.extended[k];
                const lane_word x = e.select < 4 ? a[e.select] : e.select == 5 ? one_bits : 0u;
                v[k] = e.negate ? x ^ 0x80000000u : x;
            }
            break;
        case op::pk2h:
        case op::pk2us:
        case op::pk4b:
        case op::pk4ub: v = splat(pack(a, d.code)); break;
        case op::up2h:
        case op::up2us:
        case op::up4b:
        case op::up4ub: v = unpack(a[0], d.code); break;
        default: break;
    }
    if (d.out == data_type::f && !keeps_bits(d.code))
        for (auto& w : v) w = quiet_nan(w);
    return r;
}

// SAT / SSAT on a float result (section 2.X.4.1). DECISION: NaN clamps to 0 (the spec is silent).
[[nodiscard]] inline lane_word clamp_result(lane_word w, nvasm::clamp c) noexcept {
    const float x = as_float(w);
    if (!(x == x)) return 0;
    const float lo = c == nvasm::clamp::sat ? 0.0f : -1.0f;
    return as_bits(x > lo ? (x < 1.0f ? x : 1.0f) : lo);
}

// The flags of a written result component (section 2.X.4.3).
[[nodiscard]] inline lane_word flags_of(lane_word w, data_type out, lane_word add_flags) noexcept {
    if (out == data_type::f) {
        const float x = as_float(w);
        const bool nan = !(x == x);
        return (x < 0 || nan ? cc_flag::sf : 0u) | (x == 0 || nan ? cc_flag::zf : 0u);
    }
    return (w >> 31 ? cc_flag::sf : 0u) | (w == 0 ? cc_flag::zf : 0u) | add_flags;
}

// Table X.16.
[[nodiscard]] constexpr bool passes(cc_rule rule, lane_word f) noexcept {
    const bool sf = f & cc_flag::sf, zf = f & cc_flag::zf, of = f & cc_flag::of, cf = f & cc_flag::cf;
    switch (rule) {
        case cc_rule::eq: return !sf && zf;
        case cc_rule::ge: return !(sf ^ of);
        case cc_rule::gt: return ((!sf) ^ of) && !zf;
        case cc_rule::le: return sf ^ (zf || of);
        case cc_rule::lt: return (sf && !zf) ^ of;
        case cc_rule::ne: return sf || !zf;
        case cc_rule::fl: return false;
        case cc_rule::tr: return true;
        case cc_rule::nan: return sf && zf;
        case cc_rule::leg: return !sf || !zf;
        case cc_rule::cf: return cf;
        case cc_rule::ncf: return !cf;
        case cc_rule::of: return of;
        case cc_rule::nof: return !of;
        case cc_rule::sf: return sf;
        case cc_rule::nsf: return !sf;
        case cc_rule::ab: return cf && !zf;
        case cc_rule::ble: return !cf || zf;
    }
    return false;
}

}  // namespace alu
}  // namespace ctisa::nvasm::exec
