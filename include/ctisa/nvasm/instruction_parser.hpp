// SPDX-License-Identifier: MIT
// Parsing one instruction: the opcode with its suffixes and modifiers (Tables X.13-X.15), then
// the operands of its form, then the rules of program structure (stages, blocks, labels).
#pragma once

#include <string_view>

#include "operands.hpp"

namespace ctisa::nvasm {

namespace detail {

// Suffixes after a base opcode name, in the order Table X.15 requires: type, cc, clamp.
constexpr bool split_suffixes(std::string_view rest, instruction_part& op) noexcept {
    if (rest.starts_with("R") || rest.starts_with("H")) {
        op.precision = rest[0] == 'R' ? precision::r : precision::h;
        rest.remove_prefix(1);
    }
    if (rest.starts_with("C1")) op.cc = cc_update::cc1, rest.remove_prefix(2);
    else if (rest.starts_with("C0")) op.cc = cc_update::cc0, rest.remove_prefix(2);
    else if (rest.starts_with("C")) op.cc = cc_update::cc0, rest.remove_prefix(1);
    if (rest == "_SAT") op.clamp = clamp::sat, rest = {};
    else if (rest == "_SSAT") op.clamp = clamp::ssat, rest = {};
    return rest.empty();
}

// The opcode named by `word`: exactly, or a base name followed by suffixes (the longest base wins).
constexpr bool find_with_suffixes(std::string_view word, instruction_part& op) noexcept {
    if (const auto code = find_opcode(word)) return op.code = *code, true;
    for (std::size_t len = word.size(); len-- > 1;) {
        const auto code = find_opcode(word.substr(0, len));
        if (!code) continue;
        instruction_part trial;
        if (!split_suffixes(word.substr(len), trial)) continue;
        trial.code = *code;
        op = trial;
        return true;
    }
    return false;
}

// One ".MODIFIER": at most one of each kind, counting what suffixes gave.
constexpr error apply_modifier(std::string_view word, instruction_part& op, text::position at) {
    const auto* m = find_modifier(word);
    if (!m) return text::cursor::fail_at(at, error_code::unknown_modifier, word);
    auto twice = [&] { return text::cursor::fail_at(at, error_code::duplicate_modifier, word); };
    switch (m->kind) {
        case modifier_kind::type:
            if (op.type != data_type::none || op.precision != precision::none) return twice();
            op.type = word == "F" ? data_type::f : word == "S" ? data_type::s : data_type::u;
            break;
        case modifier_kind::cc:
            if (op.cc != cc_update::none) return twice();
            op.cc = word == "CC1" ? cc_update::cc1 : cc_update::cc0;
            break;
        case modifier_kind::clamp:
            if (op.clamp != clamp::none) return twice();
            op.clamp = word == "SAT" ? clamp::sat : clamp::ssat;
            break;
        case modifier_kind::ntc:
            if (op.ntc) return twice();
            op.ntc = true;
            break;
        case modifier_kind::multiply:
            if (op.multiply != multiply_mode::none) return twice();
            op.multiply = word == "S24" ? multiply_mode::s24 : word == "U24" ? multiply_mode::u24 : multiply_mode::hi;
            break;
    }
    return {};
}

// The modifiers against Table X.13's columns for the instruction.
constexpr error check_modifiers(const instruction_part& op, text::position at) {
    const auto& i = info(op.code);
    auto refuse = [&](std::string_view what) { return text::cursor::fail_at(at, error_code::modifier_not_allowed, what); };
    if (op.type == data_type::f && !(i.columns & column::F)) return refuse("F");
    if ((op.type == data_type::s || op.type == data_type::u) && !(i.columns & column::I)) return refuse(op.type == data_type::s ? "S" : "U");
    if (op.precision == precision::r && !(i.columns & column::F)) return refuse("R");
    if (op.precision == precision::h && !(i.columns & column::H)) return refuse("H");
    if (op.cc != cc_update::none && !(i.columns & column::C)) return refuse("CC");
    if (op.clamp != clamp::none && !(i.columns & column::S)) return refuse(op.clamp == clamp::sat ? "SAT" : "SSAT");
    if (op.ntc && i.default_type == data_type::none) return refuse("NTC");
    if (op.multiply != multiply_mode::none && !i.multiply_modes) return refuse("S24/U24/HI");
    // MUL (section 2.X.8): S24 and U24 imply the data type, "normal data type modifiers may not be
    // provided"; HI needs S or U.
    const bool implied = op.multiply == multiply_mode::s24 || op.multiply == multiply_mode::u24;
    if (implied && op.type != data_type::none) return refuse(op.type == data_type::f ? "F" : op.type == data_type::s ? "S" : "U");
    if (op.multiply == multiply_mode::hi && op.type != data_type::s && op.type != data_type::u) return refuse("HI");
    // Clamping only where the result is floating-point (section 2.X.4.1).
    const bool float_result =
        i.out == operand_type::vf || (!implied && (op.type == data_type::none ? i.default_type == data_type::f : op.type == data_type::f));
    if (op.clamp != clamp::none && !float_result) return refuse(op.clamp == clamp::sat ? "SAT" : "SSAT");
    return {};
}

constexpr error expect_comma(text::cursor& in) {
    if (!in.consume(',')) return in.fail(in.at_end_of_statement() ? error_code::missing_operand : error_code::expected_comma, in.token_text());
    return {};
}

// SWZ's four components: [-|+] (0 | 1 | x | y | z | w | r | g | b | a).
constexpr error parse_extended(text::cursor& in, instruction_part& op) {
    for (int k = 0; k < 4; ++k) {
        if (k > 0)
            if (error e = expect_comma(in); e.failed()) return e;
        in.skip_blanks();
        ext_component c;
        if (in.peek() == '-' || in.peek() == '+') c.negate = in.peek() == '-', in.advance(), in.skip_blanks();
        const char ch = in.peek();
        int set = 0;
        const int sel = lex::selector(ch, set);
        if (ch == '0' || ch == '1') c.select = static_cast<std::uint8_t>(4 + (ch - '0'));
        else if (sel >= 0) c.select = static_cast<std::uint8_t>(sel);
        else return in.fail(error_code::bad_swizzle, in.token_text());
        if (lex::ident_char(in.peek(1))) return in.fail(error_code::bad_swizzle, in.token_text());
        in.advance();
        op.extended[static_cast<std::size_t>(k)] = c;
    }
    return {};
}

// KIL: a condition-code test ("NE.x") or a vector operand.
constexpr error parse_kill(text::cursor& in, const context& ctx, instruction_part& op) {
    const auto word = lex::peek_identifier(in);
    if (find_cc_test(word) && !ctx.find(word)) {
        auto t = parse_cc_test(in);
        if (!t) return t.error();
        op.test = *t;
        return {};
    }
    auto s = parse_source(in, ctx, source_shape::vector);
    if (!s) return s.error();
    op.sources[0] = *s;
    op.source_count = 1;
    return {};
}

constexpr error add_source(text::cursor& in, const context& ctx, instruction_part& op, source_shape shape, bool first) {
    if (!first)
        if (error e = expect_comma(in); e.failed()) return e;
    auto s = parse_source(in, ctx, shape);
    if (!s) return s.error();
    op.sources[op.source_count++] = *s;
    return {};
}

// The data type an operand code of Table X.13 means for an instruction of type `t`.
constexpr data_type type_of(operand_type code, data_type t) noexcept {
    switch (code) {
        case operand_type::vf: return data_type::f;
        case operand_type::vs: return data_type::s;
        case operand_type::vu: return data_type::u;
        case operand_type::none:
        case operand_type::c: return data_type::none;
        default: return t;
    }
}

// The declared variable a reference names ("c[A.x + 2]" -> c), or null for bindings and constants.
constexpr const context::variable* variable_of(const context& ctx, operand_kind kind, std::string_view ref) noexcept {
    if (kind != operand_kind::variable) return nullptr;
    return ctx.find(ref.substr(0, ref.find('[')));
}

// Section 2.X.3.1: a variable declared INT, UINT or FLOAT is read and written only as that type
// ("a data type other than the one indicated"), unless the instruction says NTC.
constexpr error check_types(const context& ctx, const instruction_part& op, text::position at) {
    if (op.ntc) return {};
    const auto& i = info(op.code);
    // S24 and U24 imply their type ("the data type is implied", MUL in section 2.X.8).
    const data_type t = op.multiply == multiply_mode::s24   ? data_type::s
                        : op.multiply == multiply_mode::u24 ? data_type::u
                        : op.type != data_type::none        ? op.type
                        : op.precision != precision::none   ? data_type::f
                                                            : i.default_type;
    auto conflicts = [&](const context::variable* v, operand_type code) {
        return v && v->type != data_type::none && type_of(code, t) != data_type::none && v->type != type_of(code, t);
    };
    // The subject names the variable's declared type (the context's names die with the parse).
    auto mismatch = [&](const context::variable* v) {
        return text::cursor::fail_at(at, errors::type_mismatch, v->type == data_type::s ? "INT" : v->type == data_type::u ? "UINT" : "FLOAT");
    };
    if (const auto* v = variable_of(ctx, op.result.kind, op.result.ref.view()); conflicts(v, i.out)) return mismatch(v);
    for (std::size_t k = 0; k < op.source_count && k < i.input_count; ++k)
        if (const auto* v = variable_of(ctx, op.sources[k].kind, op.sources[k].ref.view()); conflicts(v, i.inputs[k])) return mismatch(v);
    return {};
}

// Section 2.X.4.4: one texture unit, one target in a program.
constexpr error check_texture_unit(context& ctx, const texture_access& t, text::position at) {
    for (const auto& [unit, target] : ctx.texture_units)
        if (unit == t.unit)
            return target == t.target ? error{}
                                      : text::cursor::fail_at(at, errors::texture_target_conflict,
                                                              texture_targets[static_cast<std::size_t>(t.target) - 1].name);
    if (!ctx.texture_units.push_back({t.unit, t.target})) return text::cursor::fail_at(at, error_code::program_too_long);
    return {};
}

// The operands of the instruction's form, slot by slot.
constexpr error parse_operands(text::cursor& in, context& ctx, instruction_part& op, name_text& target) {
    const auto& f = forms[static_cast<std::size_t>(info(op.code).form)];
    bool first = true;
    for (std::size_t k = 0; k < f.count; ++k) {
        const slot s = f.slots[k];
        error e{};
        switch (s) {
            case slot::result: {
                auto r = parse_result(in, ctx);
                if (!r) return r.error();
                op.result = *r;
                break;
            }
            case slot::vector: e = add_source(in, ctx, op, source_shape::vector, first); break;
            case slot::scalar: e = add_source(in, ctx, op, source_shape::scalar, first); break;
            case slot::vector_no_swizzle: e = add_source(in, ctx, op, source_shape::no_swizzle, first); break;
            case slot::extended_swizzle:
                if (e = expect_comma(in); !e.failed()) e = parse_extended(in, op);
                break;
            case slot::texture: {
                if (e = expect_comma(in); e.failed()) return e;
                const auto tat = lex::at(in);
                auto t = parse_texture(in, op.code);
                if (!t) return t.error();
                op.texture = *t;
                if (e = check_texture_unit(ctx, *t, tat); e.failed()) return e;
                break;
            }
            case slot::label: {
                const auto at = lex::at(in);
                const auto name = lex::identifier(in);
                if (name.empty()) return in.fail(error_code::missing_operand, in.token_text());
                if (!target.append(name)) return text::cursor::fail_at(at, error_code::program_too_long, name);
                if (!ctx.calls.push_back({name, at})) return in.fail(error_code::program_too_long);
                break;
            }
            case slot::cc_test: {
                auto t = parse_cc_test(in);
                if (!t) return t.error();
                op.test = *t;
                break;
            }
            case slot::cc_mask: {
                // The grammar's "(NE.x)", or the bare "NE.x" that the specification's own examples
                // write (BRK NE.x;, BRK EQ1.xyzx;, RET NE.x; in its issues): both read alike.
                auto t = lex::next_is(in, '(') || in.at_end_of_statement() ? parse_cc_mask(in) : parse_cc_test(in);
                if (!t) return t.error();
                op.test = *t;
                break;
            }
            case slot::optional_vector:
                if (!in.at_end_of_statement()) e = add_source(in, ctx, op, source_shape::vector, true);
                break;
            case slot::kill_condition: e = parse_kill(in, ctx, op); break;
            case slot::none: break;
        }
        if (e.failed()) return e;
        first = false;
    }
    return {};
}

// IF/ELSE/ENDIF and REP/ENDREP nesting; BRK and CONT only inside a REP.
constexpr error check_structure(context& ctx, const instruction_part& op, text::position at, std::string_view word) {
    const opcode code = op.code;
    auto fail = [&] { return text::cursor::fail_at(at, error_code::unbalanced_structure, word); };
    switch (code) {
        case opcode::if_:
        case opcode::rep:
            if (!ctx.blocks.push_back({code, false, op.source_count > 0, false}))
                return text::cursor::fail_at(at, error_code::program_too_long, word);
            return {};
        case opcode::else_:
            if (ctx.blocks.empty() || ctx.blocks[ctx.blocks.size() - 1].opener != opcode::if_ || ctx.blocks[ctx.blocks.size() - 1].has_else)
                return fail();
            ctx.blocks[ctx.blocks.size() - 1].has_else = true;
            return {};
        case opcode::endif:
        case opcode::endrep: {
            const opcode opener = code == opcode::endif ? opcode::if_ : opcode::rep;
            if (ctx.blocks.empty() || ctx.blocks[ctx.blocks.size() - 1].opener != opener) return fail();
            const auto& closing = ctx.blocks[ctx.blocks.size() - 1];
            if (opener == opcode::rep && !closing.counted && !closing.exits) return text::cursor::fail_at(at, errors::endless_loop, word);
            static_vector<context::block, 32> rest;
            for (std::size_t i = 0; i + 1 < ctx.blocks.size(); ++i) (void)rest.push_back(ctx.blocks[i]);
            ctx.blocks = rest;
            return {};
        }
        case opcode::brk:
        case opcode::cont:
            for (std::size_t i = ctx.blocks.size(); i-- > 0;)
                if (ctx.blocks[i].opener == opcode::rep) {
                    ctx.blocks[i].exits = ctx.blocks[i].exits || code == opcode::brk;  // the innermost REP
                    return {};
                }
            return text::cursor::fail_at(at, error_code::misplaced_statement, word);
        case opcode::ret:
            for (auto& b : ctx.blocks) b.exits = true;
            return {};
        default: return {};
    }
}

}  // namespace detail

// An instruction statement whose opcode word is next.
constexpr result<instruction> parse_instruction(text::cursor& in, context& ctx) {
    const auto at = lex::at(in);
    const auto word = lex::identifier(in);
    instruction ins;
    ins.kind = statement_kind::instruction;
    if (!detail::find_with_suffixes(word, ins.op))
        return text::cursor::fail_at(at, error_code::unknown_mnemonic, word.empty() ? in.token_text() : word);
    if (!(info(ins.op.code).stages & ctx.stage_mask())) return text::cursor::fail_at(at, errors::wrong_stage, word);
    while (in.peek() == '.') {  // modifiers follow the opcode directly
        in.advance();
        const auto mat = lex::at(in);
        const auto m = lex::identifier(in);
        if (error e = detail::apply_modifier(m, ins.op, mat); e.failed()) return e;
    }
    if (error e = detail::check_modifiers(ins.op, at); e.failed()) return e;
    if (error e = detail::parse_operands(in, ctx, ins.op, ins.label); e.failed()) return e;
    if (error e = detail::check_types(ctx, ins.op, at); e.failed()) return e;
    if (error e = detail::check_structure(ctx, ins.op, at, word); e.failed()) return e;
    return ins;
}

}  // namespace ctisa::nvasm
