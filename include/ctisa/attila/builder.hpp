// SPDX-License-Identifier: MIT
// Typed ATTILA builders: one object per opcode (generated/builders.hpp), taking operands whose
// types say what they are. What the ISA forbids does not compile, with a message naming the rule;
// values out of range are compile errors in constant evaluation and error results at run time.
//
//   using namespace ctisa::attila::operands;
//   constexpr auto i = ctisa::attila::mad.sat()(r(0).mask("xyz"), -i(1).swizzle("wzyx"), c(3), r(2));
//   constexpr auto bytes = ctisa::attila::encode(i).value();   // folds to 16 constant bytes
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "../core/builder.hpp"
#include "../core/unit_layout.hpp"
#include "../core/text/cursor.hpp"
#include "encoding.hpp"
#include "instruction.hpp"

namespace ctisa::attila {

namespace operands {

namespace detail {
constexpr error_code check_index(unsigned n, unsigned limit) noexcept {
    if (n < limit) return error_code::none;
    report(error{error_code::register_out_of_range, 0, 0, 0, {}});
    return error_code::register_out_of_range;
}
constexpr error_code first_failure(error_code a, error_code b) noexcept { return a != error_code::none ? a : b; }
}  // namespace detail

// One component of an address register, as the index of relative addressing: a(1).y()
struct address_component {
    std::uint8_t reg = 0;
    std::uint8_t component = 0;
    error_code status = error_code::none;
};

// A source operand: register, swizzle, negation, absolute value, relative address (constants).
template <bank B>
struct source {
    std::uint16_t index = 0;
    std::uint8_t swizzle_bits = identity_swizzle;
    bool negate = false;
    bool absolute = false;
    std::optional<relative_address> rel{};
    error_code status = error_code::none;
    std::string_view text{};  // a refused swizzle as written, for the error

    // Four components ("wzyx") or one, broadcast ("x").
    [[nodiscard]] constexpr source swizzle(std::string_view s) const noexcept {
        source out = *this;
        int comps[4]{};
        bool ok = s.size() == 1 || s.size() == 4;
        for (std::size_t k = 0; ok && k < s.size(); ++k) {
            switch (text::to_lower(s[k])) {
                case 'x': comps[k] = 0; break;
                case 'y': comps[k] = 1; break;
                case 'z': comps[k] = 2; break;
                case 'w': comps[k] = 3; break;
                default: ok = false;
            }
        }
        if (!ok) {
            report(error{error_code::bad_swizzle, 0, 0, 0, {}});
            out.status = detail::first_failure(status, error_code::bad_swizzle);
            if (out.status == error_code::bad_swizzle) out.text = s;
            return out;
        }
        out.swizzle_bits = s.size() == 1 ? broadcast_swizzle(static_cast<unsigned>(comps[0]))
                                         : static_cast<std::uint8_t>((comps[0] << 6) | (comps[1] << 4) | (comps[2] << 2) | comps[3]);
        return out;
    }
    [[nodiscard]] constexpr source x() const noexcept { return with_swizzle(0x00); }
    [[nodiscard]] constexpr source y() const noexcept { return with_swizzle(0x55); }
    [[nodiscard]] constexpr source z() const noexcept { return with_swizzle(0xAA); }
    [[nodiscard]] constexpr source w() const noexcept { return with_swizzle(0xFF); }

    // cN[aK.c + offset]
    [[nodiscard]] constexpr source relative(address_component index, int offset = 0) const noexcept {
        static_assert(B == bank::param, "ATTILA rule: relative addressing applies only to constant registers (c)");
        source out = *this;
        error_code st = index.status;
        if (offset < relative_offset_min || offset > relative_offset_max) {
            report(error{error_code::bad_relative_address, 0, 0, 0, {}});
            st = detail::first_failure(st, error_code::bad_relative_address);
            offset = 0;
        }
        out.rel = relative_address{index.reg, index.component, static_cast<std::int16_t>(offset)};
        out.status = detail::first_failure(status, st);
        return out;
    }

    [[nodiscard]] constexpr source operator-() const noexcept {
        source out = *this;
        out.negate = !negate;
        return out;
    }
    // NOT, for a constant component used as a predicate: !c(1).x()
    [[nodiscard]] constexpr source operator!() const noexcept {
        static_assert(B == bank::param, "ATTILA rule: '!' (NOT) applies to predicates and constant components only");
        return -*this;
    }

private:
    constexpr source with_swizzle(std::uint8_t s) const noexcept {
        source out = *this;
        out.swizzle_bits = s;
        return out;
    }
};

template <bank B>
[[nodiscard]] constexpr source<B> abs(source<B> s) noexcept {
    s.absolute = true;
    return s;
}

// A result register with its write mask.
template <bank B>
struct result_register {
    std::uint16_t index = 0;
    std::uint8_t mask = full_mask;
    error_code status = error_code::none;
    std::string_view text{};  // a refused mask as written, for the error
};

// A register of bank B: converts to a source (with modifiers) or a result (with a mask).
template <bank B>
struct reg {
    std::uint16_t index = 0;
    error_code status = error_code::none;

    constexpr operator source<B>() const noexcept { return as_source(); }  // NOLINT: implicit by design
    [[nodiscard]] constexpr source<B> as_source() const noexcept { return source<B>{index, identity_swizzle, false, false, {}, status}; }
    [[nodiscard]] constexpr source<B> swizzle(std::string_view s) const noexcept { return as_source().swizzle(s); }
    [[nodiscard]] constexpr source<B> x() const noexcept { return as_source().x(); }
    [[nodiscard]] constexpr source<B> y() const noexcept { return as_source().y(); }
    [[nodiscard]] constexpr source<B> z() const noexcept { return as_source().z(); }
    [[nodiscard]] constexpr source<B> w() const noexcept { return as_source().w(); }
    [[nodiscard]] constexpr source<B> relative(address_component a, int offset = 0) const noexcept { return as_source().relative(a, offset); }
    [[nodiscard]] constexpr source<B> operator-() const noexcept { return -as_source(); }
    [[nodiscard]] constexpr source<B> operator!() const noexcept { return !as_source(); }

    // Components to write, in xyzw order, one to three of them ("xyz"); no mask writes all four.
    [[nodiscard]] constexpr result_register<B> mask(std::string_view m) const noexcept {
        std::uint8_t bits = 0;
        int last = -1;
        bool ok = !m.empty() && m.size() < 4;
        for (char ch : m) {
            int c = -1;
            switch (text::to_lower(ch)) {
                case 'x': c = 0; break;
                case 'y': c = 1; break;
                case 'z': c = 2; break;
                case 'w': c = 3; break;
                default: break;
            }
            if (c <= last) ok = false;
            else bits = static_cast<std::uint8_t>(bits | mask_bit(static_cast<unsigned>(c)));
            last = c;
        }
        if (!ok) {
            report(error{error_code::bad_write_mask, 0, 0, 0, {}});
            return result_register<B>{index, full_mask, detail::first_failure(status, error_code::bad_write_mask), m};
        }
        return result_register<B>{index, bits, status};
    }
    [[nodiscard]] constexpr address_component component(unsigned c) const noexcept {
        static_assert(B == bank::addr, "ATTILA rule: relative addressing indexes with an address register (a0-a3)");
        error_code st = status;
        if (index >= relative_address_count) {
            report(error{error_code::register_out_of_range, 0, 0, 0, {}});
            st = detail::first_failure(st, error_code::register_out_of_range);
        }
        return address_component{static_cast<std::uint8_t>(index), static_cast<std::uint8_t>(c), st};
    }
};

template <bank B>
[[nodiscard]] constexpr source<B> abs(reg<B> r) noexcept {
    return abs(r.as_source());
}

// A predicate register, possibly negated (!p(3)).
struct predicate {
    std::uint8_t index = 0;
    error_code status = error_code::none;
};
struct negated_predicate {
    std::uint8_t index = 0;
    error_code status = error_code::none;
};
[[nodiscard]] constexpr negated_predicate operator!(predicate p) noexcept { return {p.index, p.status}; }
[[nodiscard]] constexpr predicate operator!(negated_predicate p) noexcept { return {p.index, p.status}; }

// The immediate predicate values.
struct boolean_constant {
    bool value = false;
};
inline constexpr boolean_constant always{true};
inline constexpr boolean_constant never{false};

struct texture_unit {
    std::uint16_t index = 0;
    error_code status = error_code::none;
};

// The sample of KLS and ZXS, counted from the lane's current one: kls(r(1), s(2)).
struct sample_offset {
    std::uint16_t index = 0;
    error_code status = error_code::none;
};

// A 32-bit immediate given by its bits (written 0x... in assembly).
struct immediate_bits {
    std::uint32_t bits = 0;
    bool negate = false;
    bool absolute = false;
};

[[nodiscard]] constexpr reg<bank::in> i(unsigned n) noexcept { return {static_cast<std::uint16_t>(n), detail::check_index(n, register_count)}; }
[[nodiscard]] constexpr reg<bank::out> o(unsigned n) noexcept { return {static_cast<std::uint16_t>(n), detail::check_index(n, register_count)}; }
[[nodiscard]] constexpr reg<bank::param> c(unsigned n) noexcept {
    return {static_cast<std::uint16_t>(n), detail::check_index(n, constant_count)};
}
[[nodiscard]] constexpr reg<bank::temp> r(unsigned n) noexcept {
    return {static_cast<std::uint16_t>(n), detail::check_index(n, register_count)};
}
[[nodiscard]] constexpr reg<bank::addr> a(unsigned n) noexcept {
    return {static_cast<std::uint16_t>(n), detail::check_index(n, register_count)};
}
[[nodiscard]] constexpr predicate p(unsigned n) noexcept { return {static_cast<std::uint8_t>(n), detail::check_index(n, predicate_count)}; }
[[nodiscard]] constexpr texture_unit t(unsigned n) noexcept { return {static_cast<std::uint16_t>(n), detail::check_index(n, register_count)}; }
[[nodiscard]] constexpr sample_offset s(unsigned n) noexcept { return {static_cast<std::uint16_t>(n), detail::check_index(n, register_count)}; }

}  // namespace operands

namespace builder_detail {

using namespace operands;

template <class T>
struct is_source : std::false_type {};
template <bank B>
struct is_source<source<B>> : std::true_type {};
template <bank B>
struct is_source<reg<B>> : std::true_type {};
template <class T>
struct bank_of;
template <bank B>
struct bank_of<source<B>> {
    static constexpr bank value = B;
};
template <bank B>
struct bank_of<reg<B>> {
    static constexpr bank value = B;
};
template <bank B>
struct bank_of<result_register<B>> {
    static constexpr bank value = B;
};
template <class T>
struct is_result_register : std::false_type {};
template <bank B>
struct is_result_register<result_register<B>> : std::true_type {};
template <bank B>
struct is_result_register<reg<B>> : std::true_type {};

template <class T>
inline constexpr bool is_immediate_v = std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, immediate_bits> ||
                                       (std::is_integral_v<T> && !std::is_same_v<T, bool>);
template <class T>
inline constexpr bool is_predicate_v =
    std::is_same_v<T, predicate> || std::is_same_v<T, negated_predicate> || std::is_same_v<T, boolean_constant>;

// The rules an operand's type must satisfy in a slot; each failure names its rule.
template <slot_kind Kind, immediate_kind Imm, bool InvertibleResult, class T>
constexpr void check_operand_type() {
    if constexpr (Kind == slot_kind::vector_result) {
        if constexpr (is_predicate_v<T>) {
            static_assert(dependent_false<T>, "ATTILA rule: this instruction writes a register (o, r or a), not a predicate");
        } else if constexpr (is_immediate_v<T>) {
            static_assert(dependent_false<T>, "ATTILA rule: an immediate cannot be a result");
        } else if constexpr (is_result_register<T>::value) {
            static_assert(info(bank_of<T>::value).writable,
                          "ATTILA rule: the result must be in a writable bank (o, r or a); i and c are read-only");
        } else {
            static_assert(dependent_false<T>, "ATTILA rule: the result is a register (o, r or a), optionally with .mask()");
        }
    } else if constexpr (Kind == slot_kind::predicate_result) {
        if constexpr (std::is_same_v<T, negated_predicate>) {
            static_assert(InvertibleResult, "ATTILA rule: the predicate result of this instruction cannot be inverted");
        } else {
            static_assert(std::is_same_v<T, predicate>, "ATTILA rule: the result of this instruction is a predicate register (p0-p31)");
        }
    } else if constexpr (Kind == slot_kind::source || Kind == slot_kind::source_or_imm) {
        if constexpr (is_immediate_v<T>) {
            static_assert(Kind == slot_kind::source_or_imm,
                          "ATTILA rule: an immediate is allowed only as the second source of an instruction with one or two sources");
            if constexpr (Imm == immediate_kind::integer) {
                static_assert(!std::is_floating_point_v<T>, "ATTILA rule: integer instructions take integer immediates");
            } else if constexpr (Imm == immediate_kind::floating) {
                static_assert(!std::is_integral_v<T>, "ATTILA rule: floating-point instructions take float immediates (write 2.0f, not 2)");
            }
        } else if constexpr (is_predicate_v<T>) {
            static_assert(dependent_false<T>, "ATTILA rule: a predicate cannot be a source of this instruction");
        } else if constexpr (is_source<T>::value) {
            static_assert(info(bank_of<T>::value).readable, "ATTILA rule: o registers are write-only and cannot be a source");
        } else if constexpr (std::is_same_v<T, texture_unit>) {
            static_assert(dependent_false<T>, "ATTILA rule: a texture unit is only the last operand of TEX, TXB, TXL, TXP and LDA");
        } else {
            static_assert(dependent_false<T>, "ATTILA rule: a source is a register (i, c, r or a) with optional modifiers");
        }
    } else if constexpr (Kind == slot_kind::predicate_source) {
        static_assert(is_predicate_v<T> || std::is_same_v<T, source<bank::param>> || std::is_same_v<T, reg<bank::param>>,
                      "ATTILA rule: a predicate operand is required here (p(n), !p(n), always, never or a constant component c(n).x())");
    } else if constexpr (Kind == slot_kind::texture) {
        static_assert(std::is_same_v<T, texture_unit>, "ATTILA rule: a texture unit t(n) is required here");
    } else if constexpr (Kind == slot_kind::sample) {
        static_assert(std::is_same_v<T, sample_offset>, "ATTILA rule: the last operand of KLS and ZXS is a sample s(n)");
    } else if constexpr (Kind == slot_kind::offset) {
        static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>, "ATTILA rule: the jump offset is an integer (instructions)");
    }
}

// Immediates keep their sign in the negate modifier, as the assembler writes '-2'.
template <class T>
constexpr operand immediate_operand(const T& v) noexcept {
    operand o{operand_kind::immediate, bank::invalid, 0, identity_swizzle, false, false, 0};
    if constexpr (std::is_same_v<T, immediate_bits>) {
        o.value = v.bits;
        o.negate = v.negate;
        o.absolute = v.absolute;
    } else if constexpr (std::is_floating_point_v<T>) {
        const std::uint32_t bits = std::bit_cast<std::uint32_t>(static_cast<float>(v));
        o.negate = (bits >> 31) != 0;
        o.value = bits & 0x7FFFFFFFu;
    } else {
        const auto wide = static_cast<std::int64_t>(v);
        o.negate = wide < 0;
        o.value = static_cast<std::uint32_t>(wide < 0 ? -wide : wide);
    }
    return o;
}

struct placement {
    operand_fault fault{};  // the first failure; its error is made on the cold path (refused)
    bool has_constant = false;
    bool plain_constant = false;
    std::optional<relative_address> rel{};
    std::uint8_t operand = 0;  // the operand being placed (1-based), for errors

    constexpr void fail(error_code c) noexcept {
        if (c != error_code::none) fault.set(c, operand);
    }
    // The same, showing the operand's text: prefix and number (c999).
    constexpr void fail(error_code c, std::string_view prefix, std::int64_t value) noexcept {
        if (c != error_code::none) fault.set(c, operand, prefix, value);
    }
    // The same, showing a mask or swizzle as written ("xq") where one was refused.
    constexpr void fail(error_code c, std::string_view prefix, std::int64_t value, std::string_view text) noexcept {
        if (c != error_code::none && !text.empty()) fault.set(c, operand, text);
        else fail(c, prefix, value);
    }
    constexpr void constant(const std::optional<relative_address>& r) noexcept {
        if (r) {
            if (plain_constant || (rel && *rel != *r)) fail(errors::relative_mismatch);
            rel = r;
        } else {
            if (rel) fail(errors::relative_mismatch);
            plain_constant = true;
        }
        has_constant = true;
    }
};

// The letter a register of bank B is written with (c for both constant banks).
template <bank B>
constexpr std::string_view prefix_of() noexcept {
    constexpr std::string_view letters = "abcdefghijklmnopqrstuvwxyz";
    constexpr char letter = info(B).letter;
    if constexpr (letter >= 'a' && letter <= 'z') return letters.substr(static_cast<std::size_t>(letter - 'a'), 1);
    else return {};
}

template <bank B>
constexpr operand register_operand(const source<B>& s, placement& pl) noexcept {
    pl.fail(s.status, prefix_of<B>(), s.index, s.text);
    if constexpr (B == bank::param) pl.constant(s.rel);
    return operand{operand_kind::reg, B, s.index, s.swizzle_bits, s.negate, s.absolute, 0};
}

template <slot_kind Kind, class T>
constexpr void place(instruction& in, unsigned slot, const T& v, placement& pl) noexcept {
    operand& target = slot == 0 ? in.result : in.sources[slot - 1];
    if constexpr (Kind == slot_kind::vector_result) {
        if constexpr (is_result_register<T>::value) {
            target = operand{operand_kind::reg, bank_of<T>::value, v.index, identity_swizzle, false, false, 0};
            if constexpr (std::is_same_v<T, result_register<bank_of<T>::value>>) {
                pl.fail(v.status, prefix_of<bank_of<T>::value>(), v.index, v.text);
                in.mask = v.mask;
            } else {
                pl.fail(v.status, prefix_of<bank_of<T>::value>(), v.index);
            }
        }
    } else if constexpr (Kind == slot_kind::predicate_result) {
        target = operand{operand_kind::predicate, bank::invalid, v.index, identity_swizzle, std::is_same_v<T, negated_predicate>, false, 0};
        pl.fail(v.status, "p", v.index);
    } else if constexpr (Kind == slot_kind::offset) {
        target = operand{
            operand_kind::offset, bank::invalid, 0, identity_swizzle, false, false, static_cast<std::uint32_t>(static_cast<std::int32_t>(v))};
        if (static_cast<std::int64_t>(v) < INT32_MIN || static_cast<std::int64_t>(v) > INT32_MAX)
            pl.fail(error_code::number_out_of_range, "", static_cast<std::int64_t>(v));
    } else if constexpr (is_immediate_v<T>) {
        target = immediate_operand(v);
    } else if constexpr (std::is_same_v<T, predicate>) {
        target = operand{operand_kind::predicate, bank::invalid, v.index, identity_swizzle, false, false, 0};
        pl.fail(v.status, "p", v.index);
    } else if constexpr (std::is_same_v<T, negated_predicate>) {
        target = operand{operand_kind::predicate, bank::invalid, v.index, identity_swizzle, true, false, 0};
        pl.fail(v.status, "p", v.index);
    } else if constexpr (std::is_same_v<T, boolean_constant>) {
        target = operand{operand_kind::boolean, bank::invalid, 0, identity_swizzle, false, false, v.value ? 1u : 0u};
    } else if constexpr (std::is_same_v<T, texture_unit>) {
        target = operand{operand_kind::texture, bank::invalid, v.index, identity_swizzle, false, false, 0};
        pl.fail(v.status, "t", v.index);
    } else if constexpr (std::is_same_v<T, sample_offset>) {
        target = operand{operand_kind::sample, bank::invalid, v.index, identity_swizzle, false, false, 0};
        pl.fail(v.status, "s", v.index);
    } else if constexpr (is_source<T>::value) {
        target = register_operand(source<bank_of<T>::value>(v), pl);
        if constexpr (Kind == slot_kind::predicate_source) {
            // A constant read as a predicate defaults to its x component, as in the assembler.
            if (target.swizzle == identity_swizzle) target.swizzle = 0x00;
        }
    }
}

// What each position is, for errors.
inline constexpr std::array<std::string_view, 4> slot_roles{"destination", "source 1", "source 2", "source 3"};

// Positions (0 = result, 1-3 = sources) of the operands written in text and given to builders;
// `optional` when the last is KLS's and ZXS's sample, which may be left out (s0).
template <opcode Op>
struct written_slots {
    static constexpr auto value = [] {
        struct {
            std::array<unsigned, 4> slot{};
            std::size_t count = 0;
            bool optional = false;
        } out;
        const form_info& f = info(info(Op).form);
        for (unsigned s = 0; s < 4; ++s) {
            if (f.slots[s] == slot_kind::none) continue;
            out.slot[out.count++] = s;
            out.optional = f.slots[s] == slot_kind::sample;
        }
        return out;
    }();
};

}  // namespace builder_detail

// Instruction-level modifiers, set on a builder before calling it: add.sat().when(!p(2))(...)
struct instruction_modifiers {
    bool saturate = false;
    bool end = false;
    bool wait = false;
    bool predicated = false;
    bool invert_predicate = false;
    std::uint8_t predicate = 0;
    error_code status = error_code::none;
    friend constexpr bool operator==(const instruction_modifiers&, const instruction_modifiers&) = default;
};

template <opcode Op, class... Operands>
struct unit_plan;

template <opcode Op>
struct builder {
    instruction_modifiers modifiers{};

    static constexpr opcode code = Op;

    [[nodiscard]] constexpr builder sat() const noexcept {
        static_assert(info(Op).saturate, "ATTILA rule: this instruction does not take _sat");
        builder b = *this;
        b.modifiers.saturate = true;
        return b;
    }
    [[nodiscard]] constexpr builder when(operands::predicate p) const noexcept { return predicated(p.index, false, p.status); }
    [[nodiscard]] constexpr builder when(operands::negated_predicate p) const noexcept { return predicated(p.index, true, p.status); }
    // The end flag: the thread ends after this instruction.
    [[nodiscard]] constexpr builder end_flag() const noexcept {
        builder b = *this;
        b.modifiers.end = true;
        return b;
    }
    // An explicit wait point for data pending from outside the shader.
    [[nodiscard]] constexpr builder wait_point() const noexcept {
        builder b = *this;
        b.modifiers.wait = true;
        return b;
    }

    template <class... Operands>
    constexpr built<instruction> operator()(const Operands&... ops) const noexcept {
        using namespace builder_detail;
        constexpr auto slots = written_slots<Op>::value;
        static_assert(sizeof...(Operands) == slots.count || (slots.optional && sizeof...(Operands) + 1 == slots.count),
                      "ATTILA rule: wrong number of operands for this instruction");
        instruction in;
        in.op = Op;
        in.saturate = modifiers.saturate;
        in.end = modifiers.end || Op == opcode::end;
        in.wait = modifiers.wait;
        in.predicated = modifiers.predicated;
        in.invert_predicate = modifiers.invert_predicate;
        in.predicate = modifiers.predicate;
        constexpr const form_info& form = info_constant<info(Op).form>;  // (core/builder.hpp)
        for (unsigned s = 1; s < 4; ++s)  // the sample, when left out: s0
            if (form.slots[s] == slot_kind::sample)
                in.sources[s - 1] = operand{operand_kind::sample, bank::invalid, 0, identity_swizzle, false, false, 0};

        placement pl;
        pl.fail(modifiers.status);
        for_each_operand(
            [&](auto index, const auto& value) {
                using T = std::decay_t<decltype(value)>;
                constexpr unsigned slot = written_slots<Op>::value.slot[decltype(index)::value];
                constexpr slot_kind kind = info(info(Op).form).slots[slot];
                check_operand_type<kind, info(Op).immediate, info(info(Op).form).invert_result, T>();
                pl.operand = static_cast<std::uint8_t>(decltype(index)::value + 1);
                place<kind>(in, slot, value, pl);
            },
            ops...);
        if (pl.rel) {
            in.relative = true;
            in.rel = *pl.rel;
        }
        // validate() and the encoding with this opcode's facts constant: what the operand types
        // proved folds away, and encoding the result is a copy of `w`. Only whether it failed
        // here; the error itself is made apart (a 80-byte error built on the way was a stall).
        if (pl.fault.failed() || attila::detail::validate_as(in, info_constant<Op>, form).failed()) return refused(in, pl.fault);
        carried_words<2> w{};
        w.fits = attila::detail::encode_valid_words_as(in, form, w.words).failed() ? 0 : 1;
        return built<instruction>::trusted(in, w);
    }

    // The instruction's unit (its 16 bytes), for JITs: the same bits and errors as encode() of the
    // builder's result, at the cost of a few shifts where every operand is a plain register
    // (r(n), c(n), i(n), o(n): no swizzle, mask or modifier) or a predicate and no instruction
    // modifier is set: the words are a constant the builder made when compiled, each register
    // number shifted into place (core/unit_layout.hpp). Anything else goes the builder's way.
    template <class... Operands>
    [[nodiscard]] constexpr result<encoded> unit(const Operands&... ops) const noexcept {
        using plan = unit_plan<Op, Operands...>;
        if constexpr (plan::usable) {
            if (modifiers == instruction_modifiers{}) {
                words w = plan::layout.base;
                bool fits = true;
                for_each_operand([&](auto index, const auto& value) { fits &= plan::template place<decltype(index)::value>(w, value); }, ops...);
                if (fits) return to_bytes(w);
            }
        }
        return encode(operator()(ops...));
    }

private:
    // The error of an instruction the placement or validate() refused, reported.
    [[gnu::cold, gnu::noinline]] static constexpr built<instruction> refused(const instruction& in, const operand_fault& placed) noexcept {
        const auto role_of = [](unsigned i) { return builder_detail::slot_roles[builder_detail::written_slots<Op>::value.slot[i]]; };
        return built<instruction>::trusted(report(builder_error(placed, role_of, [&] { return validate(in); })));
    }

    constexpr builder predicated(std::uint8_t index, bool invert, error_code status) const noexcept {
        builder b = *this;
        b.modifiers.predicated = true;
        b.modifiers.invert_predicate = invert;
        b.modifiers.predicate = index;
        if (b.modifiers.status == error_code::none) b.modifiers.status = status;
        return b;
    }
};

namespace builder_detail {

// An operand whose run-time value only moves bits (unit()): a plain register or a predicate, of
// at most `top`.
template <class T>
struct unit_operand {
    static constexpr bool simple = false;
};
template <bank B>
struct unit_operand<operands::reg<B>> {
    static constexpr bool simple = true;
    static constexpr std::uint64_t top = (B == bank::param ? constant_count : register_count) - 1;
    static constexpr operands::reg<B> probe(std::uint64_t v) noexcept { return {static_cast<std::uint16_t>(v), error_code::none}; }
};
template <class P>
    requires std::is_same_v<P, operands::predicate> || std::is_same_v<P, operands::negated_predicate>
struct unit_operand<P> {
    static constexpr bool simple = true;
    static constexpr std::uint64_t top = predicate_count - 1;
    static constexpr P probe(std::uint64_t v) noexcept { return {static_cast<std::uint8_t>(v), error_code::none}; }
};

}  // namespace builder_detail

template <opcode Op, class... Operands>
struct unit_plan {
    static constexpr std::size_t n = sizeof...(Operands);
    static constexpr bool simple = (builder_detail::unit_operand<Operands>::simple && ...);

    static constexpr std::optional<words> probe(std::size_t k, std::uint64_t v) {
        if constexpr (simple) {
            const built<instruction> b = [&]<std::size_t... P>(std::index_sequence<P...>) {
                return builder<Op>{}(builder_detail::unit_operand<Operands>::probe(P == k ? v : 0u)...);
            }(std::index_sequence_for<Operands...>{});
            if (!b.ok() || !b.carried().fits) return std::nullopt;
            return b.carried().words;
        } else {
            return (void)k, (void)v, std::nullopt;
        }
    }
    static constexpr unit_layout<2, n> layout = [] {
        if constexpr (simple) return find_unit_layout<2, n>(probe, {builder_detail::unit_operand<Operands>::top...}, {});
        else return unit_layout<2, n>{};
    }();
    static constexpr bool usable = simple && layout.usable;

    template <std::size_t K, class T>
    [[nodiscard]] CTISA_ALWAYS_INLINE static constexpr bool place(words& w, const T& v) noexcept {
        if (v.status != error_code::none || v.index > layout.top[K]) return false;
        w[layout.word[K]] |= std::uint64_t{v.index} << layout.shift[K];
        return true;
    }
};

}  // namespace ctisa::attila
