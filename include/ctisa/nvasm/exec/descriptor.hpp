// SPDX-License-Identifier: MIT
// One NV_gpu_program4 statement resolved for the executor: its operands as rows (swizzles
// applied), array members (absolute, or relative to an integer scalar), its data types, its
// condition-code parts and its place in the flow. A literal, trivially copyable value, so that the
// compiled path takes it as a template argument.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "../../exec/structure.hpp"
#include "../../exec/vector4.hpp"
#include "layout.hpp"

namespace ctisa::nvasm::exec {

// Where an operand or result lives: rows of one element, or an array member picked at run time
// by the integer in `index_row` plus `offset` (elements [first, first + count) of the layout).
struct place {
    std::array<std::uint32_t, 4> row{};  // direct: the row each position reads (swizzle applied)
    bool relative = false;
    std::uint16_t first = 0, count = 0;
    std::uint32_t index_row = 0;
    std::int32_t offset = 0;
    ctisa::exec::swizzle4 swizzle{};  // relative: applied to the member's rows
};

struct source_desc {
    place at{};
    bool negate = false;
    bool absolute = false;
    data_type type = data_type::f;  // how it is read
};

// A condition-code test: rule, register, swizzle (position i tests component pick[i]).
struct test_desc {
    cc_rule rule = cc_rule::tr;
    std::uint8_t reg = 0;
    ctisa::exec::swizzle4 swizzle{};
    bool present = false;
};

enum class stmt : std::uint8_t { nothing, alu, flow, end, entry, unsupported };

struct descriptor {
    stmt kind = stmt::nothing;
    opcode code = opcode::none;
    data_type type = data_type::f;         // the operation's
    data_type out = data_type::f;          // the result's
    cc_update cc = cc_update::none;
    nvasm::clamp clamp = clamp::none;
    multiply_mode multiply = multiply_mode::none;
    std::uint8_t mask = 0xF;
    place result{};
    bool has_result = false;
    test_desc result_test{};               // the result's condition-code write mask
    test_desc test{};                      // IF, BRK, CONT, CAL, RET, KIL
    std::array<source_desc, 3> src{};
    std::uint8_t sources = 0;
    std::array<ext_component, 4> extended{};
    std::uint32_t unit = 0;
    texture_target target = texture_target::none;
    std::array<std::int8_t, 3> offset{};
    ctisa::exec::flow_kind flow = ctisa::exec::flow_kind::ordinary;
    std::uint32_t target_pc = 0;           // CAL: the callee's first statement; the header: main
    bool guarded = false;                  // IF / ENDIF whose body writes under the IF's test (if_convert)
    bool loose_nan = false;                // only float arithmetic reads its result (values::mark_loose_nans)
};

namespace detail {

[[nodiscard]] constexpr ctisa::exec::swizzle4 swizzle_of(const nvasm::swizzle& s) noexcept {
    if (s.count == 0) return {};
    if (s.count == 1) return ctisa::exec::swizzle4::broadcast(s.select[0]);
    return {{s.select[0], s.select[1], s.select[2], s.select[3]}};
}

[[nodiscard]] constexpr test_desc test_of(const cc_test& t) noexcept {
    if (!t.present) return {};
    return {t.rule, t.reg, swizzle_of(t.swizzle), true};
}

// "name[inner]" -> name and inner (inner empty when there is no member).
constexpr void split_member(std::string_view ref, std::string_view& name, std::string_view& inner) noexcept {
    const std::size_t open = ref.find('[');
    name = ref.substr(0, open);
    inner = open == std::string_view::npos ? std::string_view{} : ref.substr(open + 1, ref.rfind(']') - open - 1);
}

// The rows of a variable, binding or constant reference; false when it names nothing known.
constexpr bool resolve(const layout& l, operand_kind kind, std::string_view ref, std::uint32_t key, const ctisa::exec::swizzle4& sw,
                       place& out) {
    std::uint32_t base = 0;
    if (kind == operand_kind::constant) {
        bool found = false;
        for (const auto& c : l.constants)
            if (c.key == key) base = c.row, found = true;
        if (!found) return false;
    } else if (kind == operand_kind::binding) {
        base = find_binding(l, ref);
        if (!base) return false;
    } else {
        std::string_view name, inner;
        split_member(ref, name, inner);
        const symbol* s = find_symbol(l, name);
        if (!s || s->count == 0) return false;
        ctisa::exec::swizzle4 use = s->kind == symbol_kind::buffer1 ? ctisa::exec::swizzle4::broadcast(0) : sw;
        if (inner.empty() || is_digit(inner[0])) {
            std::uint64_t k = 0;
            if (!inner.empty() && (!parse_uint(inner, k) || k >= s->count)) return false;
            base = l.elements[s->first + k];
        } else {  // "A.x + 2": an integer scalar and a constant offset
            const std::size_t dot = inner.find('.');
            const symbol* index = find_symbol(l, inner.substr(0, dot));
            if (!index || index->count == 0 || dot + 1 >= inner.size()) return false;
            const char c = inner[dot + 1];
            const std::uint32_t comp = c == 'x' ? 0 : c == 'y' ? 1 : c == 'z' ? 2 : 3;
            std::uint64_t off = 0;
            const std::size_t sign = inner.find_first_of("+-", dot);
            if (sign != std::string_view::npos) (void)parse_uint(trim(inner.substr(sign + 1)), off);
            out.relative = true;
            out.first = s->first;
            out.count = s->count;
            out.index_row = l.elements[index->first] + comp;
            out.offset = static_cast<std::int32_t>(sign != std::string_view::npos && inner[sign] == '-' ? -static_cast<std::int64_t>(off)
                                                                                                        : static_cast<std::int64_t>(off));
            out.swizzle = use;
            return true;
        }
        out.row = ctisa::exec::swizzled_rows(base, use);
        return true;
    }
    out.row = ctisa::exec::swizzled_rows(base, sw);
    return true;
}

[[nodiscard]] constexpr ctisa::exec::flow_kind flow_of_code(opcode c) noexcept {
    using k = ctisa::exec::flow_kind;
    switch (c) {
        case opcode::if_: return k::if_;
        case opcode::else_: return k::else_;
        case opcode::endif: return k::endif;
        case opcode::rep: return k::loop;
        case opcode::endrep: return k::endloop;
        case opcode::brk: return k::break_;
        case opcode::cont: return k::continue_;
        case opcode::cal: return k::call;
        case opcode::ret: return k::ret;
        default: return k::ordinary;
    }
}

// The statement after label `name` (its first instruction).
[[nodiscard]] constexpr std::uint32_t label_target(std::span<const instruction> program, std::string_view name) noexcept {
    for (std::uint32_t i = 0; i < program.size(); ++i)
        if (program[i].kind == statement_kind::label && program[i].label.view() == name) return i + 1;
    return static_cast<std::uint32_t>(program.size());
}

constexpr descriptor describe_instruction(std::span<const instruction> program, const layout& l, std::uint32_t i) {
    const instruction_part& p = program[i].op;
    descriptor d;
    d.code = p.code;
    d.kind = stmt::alu;
    d.type = operation_type(p);
    d.out = result_type(p);
    d.cc = p.cc;
    d.clamp = p.clamp;
    d.multiply = p.multiply;
    d.flow = flow_of_code(p.code);
    d.test = test_of(p.test);
    if (d.flow != ctisa::exec::flow_kind::ordinary) d.kind = stmt::flow;
    if (p.code == opcode::cal) d.target_pc = label_target(program, program[i].label.view());
    if (p.result.kind != operand_kind::none) {
        d.has_result = true;
        d.mask = p.result.mask ? p.result.mask : 0xF;
        d.result_test = test_of(p.result.cc);
        if (!resolve(l, p.result.kind, p.result.ref.view(), 0, {}, d.result)) d.kind = stmt::unsupported;
    }
    d.sources = p.source_count;
    for (std::size_t s = 0; s < p.source_count && s < 3; ++s) {
        const operand& o = p.sources[s];
        source_desc& sd = d.src[s];
        sd.type = source_type(p, s);
        sd.negate = o.negate;
        sd.absolute = o.absolute;
        // A sign inside the bars: the absolute value undoes it for float and signed data, and
        // "has no effect" on unsigned (section 2.X.4.2), where the two negations combine.
        if (o.negate_inside && sd.type == data_type::u) sd.negate = !sd.negate;
        if (!resolve(l, o.kind, o.ref.view(), constant_key(i, s), swizzle_of(o.swizzle), sd.at)) d.kind = stmt::unsupported;
    }
    d.extended = p.extended;
    d.unit = p.texture.unit;
    d.target = p.texture.target;
    for (std::size_t k = 0; k < 3; ++k) d.offset[k] = p.texture.offset[k];
    if (!l.problem.empty()) d.kind = stmt::unsupported;
    return d;
}

}  // namespace detail

// One descriptor per statement. Labels return (a subroutine that reaches the next label returns,
// section 2.X.8 CAL: "as though an unconditional RET ... were inserted"); the header jumps to
// "main:" when there is one; END ends the lanes.
constexpr void describe(std::span<const instruction> program, const layout& l, descriptor* out) {
    for (std::uint32_t i = 0; i < program.size(); ++i) {
        descriptor d;
        switch (program[i].kind) {
            case statement_kind::instruction: d = detail::describe_instruction(program, l, i); break;
            case statement_kind::label: d.kind = stmt::flow, d.flow = ctisa::exec::flow_kind::ret; break;
            case statement_kind::end: d.kind = stmt::end, d.flow = ctisa::exec::flow_kind::end; break;
            case statement_kind::header:
                d.kind = l.main ? stmt::entry : stmt::nothing;
                d.target_pc = l.main;
                break;
            default: break;
        }
        out[i] = d;
    }
}

}  // namespace ctisa::nvasm::exec
