// SPDX-License-Identifier: MIT
// Typed builders: one constexpr object per instruction (generated/builders.hpp), called with
// operands whose C++ types say what they are. A wrong count or kind of operand does not compile
// (the static_assert names the rule); a modifier the instruction does not take is a compile error
// when the builder is evaluated at compile time, and an error result at run time.
//   using namespace ctisa::nvasm::build;
//   constexpr auto i = rsq.sat()(temp("t").mask("x"), temp("a").x());   // RSQ.SAT t.x, a.x;
// Names are checked where a program is read (program_builder::finish parses what it built).
#pragma once

#include <string_view>
#include <type_traits>

#include "../core/error.hpp"
#include "../core/result.hpp"
#include "instruction_parser.hpp"
#include "printer.hpp"

namespace ctisa::nvasm::build {

// A source: a variable, binding or constant with its sign, bars and swizzle.
struct vector_source {
    operand op{};
    constexpr vector_source operator-() const {
        auto c = *this;
        c.op.negate = !c.op.negate;
        return c;
    }
};
// A source with exactly one component selected (<instOperandS>).
struct scalar_source {
    operand op{};
    constexpr scalar_source operator-() const {
        auto c = *this;
        c.op.negate = !c.op.negate;
        return c;
    }
};
// A destination with its write mask.
struct destination {
    result_operand r{};
    constexpr destination mask(std::string_view xyzw) const {
        auto d = *this;
        d.r.mask = lex::to_mask(xyzw).value_or(0);
        return d;
    }
};
struct extended_swizzle {
    std::array<ext_component, 4> c{};
};
struct texture {
    std::uint32_t unit = 0;
    texture_target target = texture_target::t2d;
};
struct label {
    std::string_view name;
};
struct test {
    cc_test t{};
};

namespace detail {

constexpr reference_text text_of(std::string_view s) {
    reference_text t;
    (void)t.append(s);
    return t;
}

constexpr swizzle swizzle_of(std::string_view s) { return lex::to_swizzle(s).value_or(swizzle{}); }

}  // namespace detail

// A named variable or binding ("t", "fragment.color", "c[3]"), usable as any source or destination.
struct variable {
    operand_kind kind = operand_kind::variable;
    reference_text ref{};
    constexpr operator vector_source() const { return {operand{kind, false, false, ref, {}}}; }  // NOLINT: implicit by design
    constexpr vector_source swz(std::string_view s) const { return {operand{kind, false, false, ref, detail::swizzle_of(s)}}; }
    constexpr vector_source operator-() const { return -vector_source(*this); }
    constexpr vector_source abs() const { return {operand{kind, false, true, ref, {}}}; }
    constexpr scalar_source component(char c) const { return {operand{kind, false, false, ref, detail::swizzle_of(std::string_view(&c, 1))}}; }
    constexpr scalar_source x() const { return component('x'); }
    constexpr scalar_source y() const { return component('y'); }
    constexpr scalar_source z() const { return component('z'); }
    constexpr scalar_source w() const { return component('w'); }
    constexpr operator destination() const { return {result_operand{kind, ref, 0, {}}}; }  // NOLINT: implicit by design
    constexpr destination mask(std::string_view xyzw) const { return destination(*this).mask(xyzw); }
};

constexpr variable temp(std::string_view name) { return {operand_kind::variable, detail::text_of(name)}; }
constexpr variable binding(std::string_view path) { return {operand_kind::binding, detail::text_of(path)}; }
constexpr variable constant(std::string_view value) { return {operand_kind::constant, detail::text_of(value)}; }
constexpr scalar_source scalar_constant(std::string_view value) {
    return {operand{operand_kind::constant, false, false, detail::text_of(value), {}}};
}
constexpr test cc(cc_rule rule, std::uint8_t reg = 0, std::string_view swizzle = {}) {
    return {cc_test{rule, reg, detail::swizzle_of(swizzle), true}};
}

namespace detail {

// Which C++ operand types a slot takes.
template <class A>
constexpr bool fits(slot s) {
    using T = std::remove_cvref_t<A>;
    switch (s) {
        case slot::result: return std::is_same_v<T, destination> || std::is_same_v<T, variable>;
        case slot::vector:
        case slot::optional_vector: return std::is_same_v<T, vector_source> || std::is_same_v<T, scalar_source> || std::is_same_v<T, variable>;
        case slot::scalar: return std::is_same_v<T, scalar_source>;
        case slot::vector_no_swizzle: return std::is_same_v<T, variable>;
        case slot::extended_swizzle: return std::is_same_v<T, extended_swizzle>;
        case slot::texture: return std::is_same_v<T, texture>;
        case slot::label: return std::is_same_v<T, label>;
        case slot::cc_test:
        case slot::cc_mask: return std::is_same_v<T, test>;
        case slot::kill_condition:
            return std::is_same_v<T, test> || std::is_same_v<T, vector_source> || std::is_same_v<T, scalar_source> ||
                   std::is_same_v<T, variable>;
        case slot::none: return false;
    }
    return false;
}

// The operands as the form wants them: each in its slot, optional slots (REP's count, a CC mask)
// may be left out at the end.
template <opcode Op, class... A>
constexpr bool operands_fit() {
    constexpr const auto& f = forms[static_cast<std::size_t>(info(Op).form)];
    constexpr std::size_t n = sizeof...(A);
    std::size_t required = f.count;
    while (required > 0 && (f.slots[required - 1] == slot::optional_vector || f.slots[required - 1] == slot::cc_mask)) --required;
    if (n < required || n > f.count) return false;
    std::size_t k = 0;
    bool ok = true;
    ((ok = ok && fits<A>(f.slots[k++])), ...);
    return ok;
}

constexpr void put(instruction& ins, std::size_t&, slot, const destination& d) { ins.op.result = d.r; }
constexpr void put(instruction& ins, std::size_t& source, slot, const vector_source& v) { ins.op.sources[source++] = v.op; }
constexpr void put(instruction& ins, std::size_t& source, slot, const scalar_source& v) { ins.op.sources[source++] = v.op; }
constexpr void put(instruction& ins, std::size_t& source, slot s, const variable& v) {
    if (s == slot::result) put(ins, source, s, destination(v));
    else put(ins, source, s, vector_source(v));
}
constexpr void put(instruction& ins, std::size_t&, slot, const extended_swizzle& e) { ins.op.extended = e.c; }
constexpr void put(instruction& ins, std::size_t&, slot, const texture& t) { ins.op.texture = texture_access{t.unit, true, t.target, {}, 0}; }
constexpr void put(instruction& ins, std::size_t&, slot, const label& l) { (void)ins.label.append(l.name); }
constexpr void put(instruction& ins, std::size_t&, slot, const test& t) { ins.op.test = t.t; }

}  // namespace detail

// The builder of one instruction; its modifier functions return a builder with that modifier.
template <opcode Op>
struct builder {
    instruction_part modifiers{};

    constexpr builder with(void (*set)(instruction_part&)) const {
        auto b = *this;
        set(b.modifiers);
        return b;
    }
    constexpr builder f() const {
        return with([](instruction_part& m) { m.type = data_type::f; });
    }
    constexpr builder s() const {
        return with([](instruction_part& m) { m.type = data_type::s; });
    }
    constexpr builder u() const {
        return with([](instruction_part& m) { m.type = data_type::u; });
    }
    constexpr builder cc0() const {
        return with([](instruction_part& m) { m.cc = cc_update::cc0; });
    }
    constexpr builder cc1() const {
        return with([](instruction_part& m) { m.cc = cc_update::cc1; });
    }
    constexpr builder sat() const {
        return with([](instruction_part& m) { m.clamp = clamp::sat; });
    }
    constexpr builder ssat() const {
        return with([](instruction_part& m) { m.clamp = clamp::ssat; });
    }
    constexpr builder ntc() const {
        return with([](instruction_part& m) { m.ntc = true; });
    }
    constexpr builder s24() const {
        return with([](instruction_part& m) { m.multiply = multiply_mode::s24; });
    }
    constexpr builder u24() const {
        return with([](instruction_part& m) { m.multiply = multiply_mode::u24; });
    }
    constexpr builder hi() const {
        return with([](instruction_part& m) { m.multiply = multiply_mode::hi; });
    }
    constexpr builder half() const {
        return with([](instruction_part& m) { m.precision = precision::h; });
    }

    template <class... A>
    constexpr result<instruction> operator()(const A&... a) const {
        static_assert(detail::operands_fit<Op, A...>(),
                      "nvasm: wrong operands for this instruction: count and kinds follow its form (result, vector, "
                      "scalar = one component selected, texture, label, test)");
        instruction ins;
        ins.kind = statement_kind::instruction;
        ins.op.code = Op;
        ins.op.precision = modifiers.precision;
        ins.op.type = modifiers.type;
        ins.op.cc = modifiers.cc;
        ins.op.clamp = modifiers.clamp;
        ins.op.ntc = modifiers.ntc;
        ins.op.multiply = modifiers.multiply;
        if (error e = nvasm::detail::check_modifiers(ins.op, {}); e.failed()) {
            if (std::is_constant_evaluated()) diagnostic::raise(e.code);  // the compile error
            return e;
        }
        std::size_t source = 0, k = 0;
        const auto& f = forms[static_cast<std::size_t>(info(Op).form)];
        (detail::put(ins, source, f.slots[k++], a), ...);
        ins.op.source_count = static_cast<std::uint8_t>(source);
        return ins;
    }
};

}  // namespace ctisa::nvasm::build
