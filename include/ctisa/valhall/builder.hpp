// SPDX-License-Identifier: MIT
// Typed Valhall builders: one object per instruction (generated/builders.hpp), taking operands in
// assembly order (staging registers, destination, sources, immediate) whose types say what they are.
// What the ISA forbids does not compile, with a message naming the rule: a wrong operand kind, a
// .neg/.abs/.not or select the source does not take, a modifier the instruction lacks or gives twice,
// a required modifier left out, special values of two immediate modes. Values out of range (register
// numbers, constants outside the immediate table, staging counts, immediates, FAU limits) are compile
// errors in constant evaluation and error results at run time.
//
//   using namespace ctisa::valhall::operands;
//   namespace va = ctisa::valhall;
//   constexpr auto i = va::fadd_f32.with(va::clamp::clamp_m1_1)(r(0), r(1), -r(2).abs());
//   constexpr auto j = va::load_i32.with(va::slot::slot0).wait(0)(sr(0, 1), r(0).discard(), 0);
//   constexpr auto bytes = va::encode(i).value();   // folds to 8 constant bytes
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "../core/builder.hpp"
#include "../core/unit_layout.hpp"
#include "encoding.hpp"
#include "instruction.hpp"

namespace ctisa::valhall {

// A select value by name: sel::h1, sel::b3, ... (generated/builders.hpp); S indexes selector_names.
template <std::uint8_t S>
struct selector {};

// A one-bit instruction modifier: flags::saturate, ... (generated/builders.hpp).
template <modifier K>
struct flag {};

[[nodiscard]] constexpr std::uint8_t selector_index(std::string_view name) noexcept {
    for (std::size_t i = 1; i < selector_names.size(); ++i)
        if (selector_names[i] == name) return static_cast<std::uint8_t>(i);
    return 0;
}

namespace operands {

namespace detail {
// A value-level rule: reported where it is broken (a compile error in constant evaluation).
constexpr error_code check(bool ok, error_code code) noexcept {
    if (ok) return error_code::none;
    report(error{code, 0, 0, 0, {}});
    return code;
}
constexpr error_code first_failure(error_code a, error_code b) noexcept { return a != error_code::none ? a : b; }
}  // namespace detail

// A destination register with a write mask: r(0).mask(sel::h0).
struct dest_register {
    unsigned reg = 0;  // as given: an error shows it
    std::uint8_t mask = full_write_mask;
    error_code status = error_code::none;
};

// Staging registers first .. first + count - 1: sr(4, 4) is @r4:r5:r6:r7.
struct staging_group {
    unsigned base = 0;  // as given: an error shows it
    unsigned count = 0;
    error_code status = error_code::none;
};

[[nodiscard]] constexpr staging_group sr(unsigned first, unsigned count) noexcept {
    const error_code st =
        detail::first_failure(detail::check(count >= 1 && count <= max_staging_registers, errors::bad_staging_registers),
                              detail::check(first < register_count && first + count <= register_count, error_code::register_out_of_range));
    return {first, count, st};
}

// A source operand. Its kind, the immediate mode of a special value, its select and its .neg, .abs
// and .not are part of the type, so that the builder checks them against the slot at compile time.
template <source_kind K, immediate_mode M = immediate_mode::none, std::uint8_t Sel = 0, bool Neg = false, bool Abs = false, bool Not = false>
struct src {
    unsigned index = 0;  // as given: an error shows it
    bool discarded = false;
    error_code status = error_code::none;

    static constexpr source_kind kind = K;
    static constexpr immediate_mode mode = M;
    static constexpr std::uint8_t select = Sel;
    static constexpr bool negated = Neg;
    static constexpr bool absolute = Abs;
    static constexpr bool inverted = Not;

    [[nodiscard]] constexpr src<K, M, Sel, !Neg, Abs, Not> operator-() const noexcept { return {index, discarded, status}; }
    [[nodiscard]] constexpr src<K, M, Sel, true, Abs, Not> neg() const noexcept {
        static_assert(!Neg, "Valhall rule: .neg given twice");
        return {index, discarded, status};
    }
    [[nodiscard]] constexpr src<K, M, Sel, Neg, true, Not> abs() const noexcept {
        static_assert(!Abs, "Valhall rule: .abs given twice");
        return {index, discarded, status};
    }
    [[nodiscard]] constexpr src<K, M, Sel, Neg, Abs, !Not> operator~() const noexcept { return {index, discarded, status}; }
    [[nodiscard]] constexpr src<K, M, Sel, Neg, Abs, true> not_() const noexcept {
        static_assert(!Not, "Valhall rule: .not given twice");
        return {index, discarded, status};
    }
    template <std::uint8_t S>
    [[nodiscard]] constexpr src<K, M, S, Neg, Abs, Not> sel(selector<S>) const noexcept {
        static_assert(Sel == 0, "Valhall rule: one swizzle, widen or lane select per source");
        return {index, discarded, status};
    }
    // `rN: the register's last use.
    [[nodiscard]] constexpr src discard() const noexcept {
        static_assert(K == source_kind::reg, "Valhall rule: only a register source can be discarded (`rN)");
        return {index, true, status};
    }
    // A destination writing one 16-bit half: r(0).mask(sel::h0) or .mask(sel::h1).
    template <std::uint8_t S>
    [[nodiscard]] constexpr dest_register mask(selector<S>) const noexcept {
        static_assert(K == source_kind::reg && Sel == 0 && !Neg && !Abs && !Not && S != 0,
                      "Valhall rule: a write mask applies to a plain destination register");
        static_assert(S == selector_index("h0") || S == selector_index("h1"), "Valhall rule: a write mask is .h0 (low half) or .h1 (high half)");
        return {index, static_cast<std::uint8_t>(S == selector_index("h0") ? 1 : 2), status};
    }
};

template <source_kind K, immediate_mode M, std::uint8_t Sel, bool Neg, bool Abs, bool Not>
[[nodiscard]] constexpr auto abs(const src<K, M, Sel, Neg, Abs, Not>& s) noexcept {
    return s.abs();
}

using reg = src<source_kind::reg>;

[[nodiscard]] constexpr reg r(unsigned n) noexcept { return {n, false, detail::check(n < register_count, error_code::register_out_of_range)}; }
[[nodiscard]] constexpr src<source_kind::uniform> u(unsigned n) noexcept {
    return {n, false, detail::check(n < uniform_count, error_code::register_out_of_range)};
}
// Entry n (0-31) of the immediate table.
[[nodiscard]] constexpr src<source_kind::immediate> imm_entry(unsigned n) noexcept {
    return {n, false, detail::check(n < first_special, error_code::value_out_of_range)};
}
// The table entry holding these 32 bits (the first, as the assembler reads 0x...).
template <class T>
    requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
[[nodiscard]] constexpr src<source_kind::immediate> imm(T bits) noexcept {
    for (std::size_t i = 0; i < immediate_values.size(); ++i)
        if (static_cast<std::uint64_t>(bits) == immediate_values[i]) return {static_cast<std::uint8_t>(i), false, error_code::none};
    return {0, false, detail::check(false, errors::immediate_not_in_table)};
}
[[nodiscard]] constexpr src<source_kind::immediate> imm(float value) noexcept { return imm(std::bit_cast<std::uint32_t>(value)); }

}  // namespace operands

namespace builder_detail {

using namespace operands;

template <class T>
struct source_traits : std::false_type {};
template <source_kind K, immediate_mode M, std::uint8_t Sel, bool Neg, bool Abs, bool Not>
struct source_traits<src<K, M, Sel, Neg, Abs, Not>> : std::true_type {};

template <class T>
inline constexpr bool is_integer_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

enum class role : std::uint8_t { staging, dest, source, immediate };
struct slot {
    role kind;
    unsigned index;
};

// What operand `pos` of instruction `id` is, in assembly order.
[[nodiscard]] constexpr slot slot_at(instruction_id id, unsigned pos) noexcept {
    const instruction_info& ins = info(id);
    if (pos < ins.staging_count) return {role::staging, pos};
    pos -= ins.staging_count;
    if (pos < ins.dests) return {role::dest, 0};
    pos -= ins.dests;
    if (pos < ins.source_count) return {role::source, pos};
    return {role::immediate, 0};
}

[[nodiscard]] constexpr unsigned operand_count(instruction_id id) noexcept {
    const instruction_info& ins = info(id);
    return ins.staging_count + ins.dests + ins.source_count + ins.immediate_count;
}

[[nodiscard]] constexpr std::uint64_t bit_of(modifier m) noexcept { return std::uint64_t{1} << static_cast<unsigned>(m); }

// Modifiers a builder may set: those of the instruction, written in text (not implied).
[[nodiscard]] constexpr bool takes(instruction_id id, modifier m) noexcept {
    const modifier_use* use = find_modifier(info(id), m);
    return use != nullptr && use->in_word && !info(m).implied;
}

// Modifiers without a default: they must be set.
[[nodiscard]] constexpr std::uint64_t required_modifiers(instruction_id id) noexcept {
    std::uint64_t mask = 0;
    const instruction_info& ins = info(id);
    for (unsigned i = 0; i < ins.modifier_count; ++i) {
        const modifier_info& mi = info(ins.modifiers[i].kind);
        if (!mi.flag && !mi.implied && mi.default_value < 0 && ins.modifiers[i].in_word) mask |= bit_of(ins.modifiers[i].kind);
    }
    return mask;
}

// The select value a selector names in a source's select enum, or -1.
[[nodiscard]] constexpr int select_value(const source_info& si, std::uint8_t sel) noexcept {
    if (si.select.kind == select_kind::none) return -1;
    const int v = value_of(si.select.values, selector_names[sel]);
    return v >= 0 && fits_select(si.select, static_cast<unsigned>(v)) ? v : -1;
}

// What an operand's type says about the immediate mode.
template <class T, bool = source_traits<T>::value>
struct mode_traits {
    static constexpr bool special = false;
    static constexpr bool uniform = false;
    static constexpr immediate_mode mode = immediate_mode::none;
};
template <class T>
struct mode_traits<T, true> {
    static constexpr bool special = T::kind == source_kind::special;
    static constexpr bool uniform = T::kind == source_kind::uniform;
    static constexpr immediate_mode mode = T::mode;
};

struct operand_modes {
    immediate_mode mode = immediate_mode::none;
    bool conflict = false;
    bool uniform = false;

    constexpr void note(bool special, immediate_mode m, bool reads_uniform) noexcept {
        uniform = uniform || reads_uniform;
        if (!special) return;
        if (mode != immediate_mode::none && mode != m) conflict = true;
        mode = m;
    }
};

// The immediate mode the operands' special values ask for; every one must ask for the same, and
// uniforms are readable only in the default mode.
template <class... Ops>
constexpr operand_modes mode_of_operands() noexcept {
    operand_modes out;
    (out.note(mode_traits<Ops>::special, mode_traits<Ops>::mode, mode_traits<Ops>::uniform), ...);
    return out;
}

// The rules an operand's type must satisfy in its slot; each failure names its rule.
template <instruction_id Id, unsigned Pos, class T>
constexpr void check_operand_type() {
    constexpr slot s = slot_at(Id, Pos);
    if constexpr (s.kind == role::staging) {
        static_assert(std::is_same_v<T, staging_group>, "Valhall rule: this operand is a group of staging registers: sr(first register, count)");
    } else if constexpr (s.kind == role::dest) {
        if constexpr (std::is_same_v<T, dest_register>) {
        } else if constexpr (source_traits<T>::value) {
            static_assert(T::kind == source_kind::reg, "Valhall rule: the destination is a register r0-r63");
            static_assert(T::select == 0 && !T::negated && !T::absolute && !T::inverted,
                          "Valhall rule: a destination takes no .neg, .abs, .not or select; its halves are .mask(sel::h0) and .mask(sel::h1)");
        } else {
            static_assert(dependent_false<T>, "Valhall rule: the destination is a register r(n), optionally with .mask(sel::h0 or sel::h1)");
        }
    } else if constexpr (s.kind == role::source) {
        constexpr const source_info& si = info(Id).sources[s.index];
        if constexpr (source_traits<T>::value) {
            static_assert(si.absneg || (!T::negated && !T::absolute), "Valhall rule: this source takes no .neg or .abs");
            static_assert(si.invertible || !T::inverted, "Valhall rule: this source takes no .not");
            if constexpr (T::select != 0) {
                static_assert(si.select.kind != select_kind::none, "Valhall rule: this source takes no swizzle, widen or lane select");
                static_assert(select_value(si, T::select) >= 0,
                              "Valhall rule: that select is not a value of this source's select enum (info(id).sources[i].select)");
            }
        } else if constexpr (std::is_same_v<T, staging_group>) {
            static_assert(dependent_false<T>, "Valhall rule: staging registers sr(...) are not a source");
        } else if constexpr (std::is_same_v<T, dest_register>) {
            static_assert(dependent_false<T>, "Valhall rule: a write mask applies to the destination only");
        } else {
            static_assert(
                dependent_false<T>,
                "Valhall rule: a source is r(n), u(n), imm(value), imm_entry(n) or a special value; an integer is only the instruction's immediate");
        }
    } else {
        static_assert(is_integer_v<T>, "Valhall rule: this operand is the instruction's immediate (an integer)");
    }
}

// Whether the operand is of a kind its slot takes at all: where not, check_operand_type() has said
// why, and the builder places nothing (one diagnostic, not a cascade from place()).
template <instruction_id Id, unsigned Pos, class T>
[[nodiscard]] constexpr bool operand_kind_fits() {
    constexpr slot s = slot_at(Id, Pos);
    if constexpr (s.kind == role::staging) return std::is_same_v<T, staging_group>;
    else if constexpr (s.kind == role::dest) return std::is_same_v<T, dest_register> || source_traits<T>::value;
    else if constexpr (s.kind == role::source) return source_traits<T>::value;
    else return is_integer_v<T>;
}

// What operand `pos` is, for errors: "destination", "source 2", the immediate's name.
inline constexpr std::array<std::string_view, 4> source_roles{"source 1", "source 2", "source 3", "source 4"};
inline constexpr std::array<std::string_view, 2> staging_roles{"staging 1", "staging 2"};
[[nodiscard]] constexpr std::string_view role_name(instruction_id id, unsigned pos) noexcept {
    const slot s = slot_at(id, pos);
    switch (s.kind) {
        case role::staging: return staging_roles[s.index];
        case role::dest: return "destination";
        case role::source: return source_roles[s.index];
        case role::immediate: break;
    }
    return info(id).immediate.name;
}
// The text of a source's kind, before its number: r66, u70, imm40.
[[nodiscard]] constexpr std::string_view prefix_of(source_kind k) noexcept {
    return k == source_kind::reg ? "r" : k == source_kind::uniform ? "u" : k == source_kind::immediate ? "imm" : "";
}

// An immediate as its field holds it: the 32 bits of a constant (a negative number as its two's
// complement, see valhall_errata.toml), a signed field's value sign-extended to 32 bits, an
// unsigned field's value; nothing when it does not fit.
template <class T>
[[nodiscard]] constexpr std::optional<std::uint32_t> immediate_field(const immediate_info& imm, T v) noexcept {
    if constexpr (std::is_unsigned_v<T>)
        if (static_cast<std::uint64_t>(v) > std::uint64_t{0xFFFFFFFF}) return std::nullopt;
    const auto wide = static_cast<std::int64_t>(v);
    const bool bit_pattern = imm.name == "constant";
    const std::int64_t lo = imm.is_signed || bit_pattern ? -(std::int64_t{1} << (imm.size - 1)) : 0;
    const std::int64_t hi = imm.is_signed ? (std::int64_t{1} << (imm.size - 1)) - 1 : (std::int64_t{1} << imm.size) - 1;
    if (wide < lo || wide > hi) return std::nullopt;
    return static_cast<std::uint32_t>(static_cast<std::uint64_t>(wide));
}

template <instruction_id Id, unsigned Pos, class T>
constexpr void place(instruction& in, const T& v, operand_fault& first) noexcept {
    constexpr slot s = slot_at(Id, Pos);
    // The first failure, naming this operand and, with `prefix`, its value (its role: refused()).
    auto fail = [&](error_code c, std::string_view prefix, std::int64_t value, bool has_value) {
        if (c == error_code::none) return;
        if (has_value) first.set(c, static_cast<std::uint8_t>(Pos + 1), prefix, value);
        else first.set(c, static_cast<std::uint8_t>(Pos + 1));
    };
    if constexpr (s.kind == role::staging) {
        in.staging[s.index] = staging_operand{static_cast<std::uint8_t>(v.base), static_cast<std::uint8_t>(v.count)};
        if (v.status == error_code::register_out_of_range) fail(v.status, "r", v.base + v.count - 1, true);
        else fail(v.status, "count ", v.count, true);
    } else if constexpr (s.kind == role::dest) {
        if constexpr (std::is_same_v<T, dest_register>) in.dest = destination{static_cast<std::uint8_t>(v.reg), v.mask};
        else in.dest = destination{static_cast<std::uint8_t>(v.index), full_write_mask};
        if constexpr (std::is_same_v<T, dest_register>) fail(v.status, "r", v.reg, true);
        else fail(v.status, "r", v.index, true);
    } else if constexpr (s.kind == role::source) {
        constexpr const source_info& si = info(Id).sources[s.index];
        constexpr std::uint8_t select = T::select == 0 ? si.select.default_value : static_cast<std::uint8_t>(select_value(si, T::select));
        in.sources[s.index] = source{T::kind, static_cast<std::uint8_t>(v.index), v.discarded, T::negated, T::absolute, T::inverted, select};
        if (v.status == errors::immediate_not_in_table) fail(v.status, "", 0, false);  // imm(bits): the bits are not kept
        else fail(v.status, prefix_of(T::kind), v.index, true);
    } else {
        constexpr immediate_info imm = info(Id).immediate;
        const auto field = immediate_field(imm, v);
        if (!field) return fail(error_code::number_out_of_range, imm.name == "constant" ? "#" : "", static_cast<std::int64_t>(v), true);
        in.immediate = *field;
    }
}

}  // namespace builder_detail

// unit(): the plan of an instruction's unit over operands whose values only move bits (below).
template <instruction_id Id, class... Operands>
struct unit_plan;

// The builder of one instruction. Set, Flow and Mode record (in the type) which modifiers, which
// flow control and which immediate mode have been given, so that a modifier given twice, a missing
// required modifier or two flow controls are compile errors.
template <instruction_id Id, std::uint64_t Set = 0, bool Flow = false, bool Mode = false>
struct builder {
    instruction base = make_instruction(Id);
    error_code status = error_code::none;

    static constexpr instruction_id id = Id;

    // A modifier's enum value (round_mode::rtz, clamp::clamp_0_1, slot::slot0, ...), an action
    // (action::return_) or an immediate mode (immediate_mode::ts).
    template <class E>
    [[nodiscard]] constexpr auto with(E value) const noexcept {
        using operands::detail::check;
        using operands::detail::first_failure;
        if constexpr (std::is_same_v<E, action>) {
            static_assert(!Flow, "Valhall rule: one flow control per instruction (an action or a wait)");
            builder<Id, Set, true, Mode> b{base, status};
            b.base.has_action = true;
            b.base.act = value;
            b.status = first_failure(status, check(is_defined(enum_id::action, static_cast<unsigned>(value)), error_code::reserved_value));
            return b;
        } else if constexpr (std::is_same_v<E, immediate_mode>) {
            static_assert(!Mode, "Valhall rule: the immediate mode is given once");
            builder<Id, Set, Flow, true> b{base, status};
            b.base.mode = value;
            b.status =
                first_failure(status, check(is_defined(enum_id::immediate_mode, static_cast<unsigned>(value)), error_code::reserved_value));
            return b;
        } else {
            static_assert(
                modifier_of<E>::exists,
                "Valhall rule: .with() takes a modifier's enum value (round_mode::rtz, ...), an action or an immediate mode; flags are flags::name");
            constexpr modifier k = modifier_of<E>::value;
            static_assert(builder_detail::takes(Id, k), "Valhall rule: this instruction does not take that modifier");
            static_assert((Set & builder_detail::bit_of(k)) == 0, "Valhall rule: a modifier is given once");
            builder<Id, Set | builder_detail::bit_of(k), Flow, Mode> b{base, status};
            const modifier_use& use = *find_modifier(info(Id), k);
            const auto v = static_cast<unsigned>(value);
            b.base.modifiers[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(v);
            b.status = first_failure(status, check(v < (1u << use.size) && is_defined(info(k).values, v), error_code::reserved_value));
            return b;
        }
    }

    // A flag: flags::saturate, flags::eq, ...
    template <modifier K>
    [[nodiscard]] constexpr auto with(flag<K>) const noexcept {
        static_assert(builder_detail::takes(Id, K), "Valhall rule: this instruction does not take that modifier");
        static_assert((Set & builder_detail::bit_of(K)) == 0, "Valhall rule: a modifier is given once");
        builder<Id, Set | builder_detail::bit_of(K), Flow, Mode> b{base, status};
        b.base.modifiers[static_cast<std::size_t>(K)] = 1;
        return b;
    }

    // Wait on dependency slots (0, 1, 2) before running: .wait(0, 2) is .wait02.
    template <class... Slots>
    [[nodiscard]] constexpr auto wait(Slots... slots) const noexcept {
        static_assert(!Flow, "Valhall rule: one flow control per instruction (an action or a wait)");
        static_assert(sizeof...(Slots) > 0 && (builder_detail::is_integer_v<Slots> && ...),
                      "Valhall rule: wait takes dependency slot numbers 0, 1 and 2");
        builder<Id, Set, true, Mode> b{base, status};
        ((b.status = operands::detail::first_failure(
              b.status, operands::detail::check(static_cast<std::uint64_t>(slots) < 3, error_code::value_out_of_range)),
          b.base.wait = static_cast<std::uint8_t>(b.base.wait | (1u << (static_cast<unsigned>(slots) & 7u)))),
         ...);
        b.base.wait &= 7;
        return b;
    }

    template <class... Operands>
    constexpr built<instruction> operator()(const Operands&... ops) const noexcept {
        using namespace builder_detail;
        static_assert(sizeof...(Operands) == operand_count(Id),
                      "Valhall rule: wrong number of operands (staging registers, destination, sources, immediate, in that order)");
        static_assert((Set & required_modifiers(Id)) == required_modifiers(Id),
                      "Valhall rule: a modifier without a default (condition, slot, dimension, ...) must be set with .with()");
        constexpr operand_modes modes = mode_of_operands<Operands...>();
        static_assert(!modes.conflict, "Valhall rule: the special values of one instruction come from one immediate mode");
        static_assert(!(modes.uniform && modes.mode != immediate_mode::none),
                      "Valhall rule: uniforms are readable only in the default immediate mode");
        instruction in = base;
        operand_fault e{status};
        if constexpr (modes.mode != immediate_mode::none) {
            if (Mode && in.mode != modes.mode) e.set(errors::immediate_mode_mismatch, 0);
            in.mode = modes.mode;
        }
        for_each_operand(
            [&](auto index, const auto& value) {
                using T = std::decay_t<decltype(value)>;
                constexpr unsigned pos = decltype(index)::value;
                check_operand_type<Id, pos, T>();
                if constexpr (operand_kind_fits<Id, pos, T>()) place<Id, pos>(in, value, e);
            },
            ops...);
        // Only whether validate_as() fails here, the error itself made apart (copying an 80-byte
        // error out of the checks was a stall); then the word, with the descriptor constant (not
        // carried if `base` was given another id: encode() then places it by that id's).
        if (e.failed() || validate_as(in, info_constant<Id>).failed()) return refused(in, e);
        return built<instruction>::trusted(in, carried_words<1>{{encode_valid_word_as(in, info_constant<Id>)}, in.id == Id ? 1u : 0u});
    }

    // The instruction's unit (its 8 bytes), for JITs: the same bits and errors as encode() of the
    // builder's result, at the cost of a few shifts where every operand is a plain register
    // (r(n), with its .neg/.abs/select fixed in its type) or an immediate and no modifier is set.
    // The word then is a constant of the opcode and the operand types (the builder's own, made
    // when compiled) with each value placed; anything else, or a value out of range, goes the
    // builder's way.
    template <class... Operands>
    [[nodiscard]] constexpr result<encoded> unit(const Operands&... ops) const noexcept {
        if constexpr (Set == 0 && !Flow && !Mode && unit_plan<Id, Operands...>::usable) {
            std::uint64_t w = unit_plan<Id, Operands...>::layout.base[0];
            bool fits = true;
            for_each_operand(
                [&](auto index, const auto& value) { fits &= unit_plan<Id, Operands...>::template place<decltype(index)::value>(w, value); },
                ops...);
            if (fits) return to_bytes(words{w});
        }
        return encode(operator()(ops...));
    }

private:
    // The error of an instruction the operands or validate() refused, reported.
    [[gnu::cold, gnu::noinline]] static constexpr built<instruction> refused(const instruction& in, const operand_fault& placed) noexcept {
        const auto role_of = [](unsigned i) { return builder_detail::role_name(Id, i); };
        return built<instruction>::trusted(report(builder_error(placed, role_of, [&] { return validate_as(in, info(Id)); })));
    }
};

namespace builder_detail {

// An operand whose run-time value only moves bits (unit()): a plain register source, or an
// immediate. probe(v) makes one of value v; value() reads it, false where it does not fit.
template <class T>
struct unit_operand {
    static constexpr bool simple = false;
};
template <std::uint8_t Sel, bool Neg, bool Abs, bool Not>
struct unit_operand<operands::src<source_kind::reg, immediate_mode::none, Sel, Neg, Abs, Not>> {
    using type = operands::src<source_kind::reg, immediate_mode::none, Sel, Neg, Abs, Not>;
    static constexpr bool simple = true, immediate = false;
    static constexpr type probe(unsigned v) noexcept { return type{v, false, error_code::none}; }
    [[nodiscard]] static constexpr bool value(const type& o, std::uint64_t& out) noexcept {
        out = o.index;
        return o.status == error_code::none && !o.discarded && o.index < register_count;
    }
};
template <class T>
    requires std::is_integral_v<T>
struct unit_operand<T> {
    static constexpr bool simple = true, immediate = true;
    static constexpr T probe(unsigned v) noexcept { return static_cast<T>(v); }
};

}  // namespace builder_detail

template <instruction_id Id, class... Operands>
struct unit_plan {
    static constexpr std::size_t n = sizeof...(Operands);
    static constexpr bool simple = (builder_detail::unit_operand<Operands>::simple && ...);
    static constexpr std::array<bool, n> immediates{[] {
        if constexpr (builder_detail::unit_operand<Operands>::simple) return builder_detail::unit_operand<Operands>::immediate;
        else return false;
    }()...};

    // The builder's word with operand k of value v and every other 0 (core/unit_layout.hpp).
    static constexpr std::optional<std::array<std::uint64_t, 1>> probe(std::size_t k, std::uint64_t v) {
        if constexpr (simple) {
            const built<instruction> b = [&]<std::size_t... P>(std::index_sequence<P...>) {
                return builder<Id>{}(builder_detail::unit_operand<Operands>::probe(P == k ? static_cast<unsigned>(v) : 0u)...);
            }(std::index_sequence_for<Operands...>{});
            if (!b.ok() || !b.carried().fits) return std::nullopt;
            return std::array<std::uint64_t, 1>{b.carried().words[0]};
        } else {
            return (void)k, (void)v, std::nullopt;
        }
    }
    static constexpr unit_layout<1, n> layout = [] {
        std::array<std::uint64_t, n> top{};
        top.fill(register_count - 1);
        return find_unit_layout<1, n>(probe, top, immediates);  // immediates: their field is the instruction's
    }();
    static constexpr bool usable = simple && layout.usable && info(Id).immediate.size <= 32;

    template <std::size_t K, class T>
    [[nodiscard]] CTISA_ALWAYS_INLINE static constexpr bool place(std::uint64_t& w, const T& v) noexcept {
        if constexpr (builder_detail::unit_operand<T>::immediate) {
            constexpr immediate_info imm = info(Id).immediate;
            const auto field = builder_detail::immediate_field(imm, v);
            if (!field) return false;
            w |= static_cast<std::uint64_t>(imm.size >= 32 ? *field : *field & ((1u << imm.size) - 1u)) << imm.start;
            return true;
        } else {
            std::uint64_t value = 0;
            if (!builder_detail::unit_operand<T>::value(v, value) || value > layout.top[K]) return false;
            w |= value << layout.shift[K];
            return true;
        }
    }
};

}  // namespace ctisa::valhall
