// SPDX-License-Identifier: MIT
// Parsing the statements that are not instructions: OPTION, the geometry declarations, and the
// naming statements ATTRIB, PARAM, TEMP, OUTPUT, ALIAS, BUFFER, BUFFER4 with their modifiers.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <string_view>

#include "operands.hpp"

namespace ctisa::nvasm {

namespace detail {

constexpr std::size_t index_of(const variable_modifier_info* v) noexcept { return static_cast<std::size_t>(v - variable_modifiers.data()); }

constexpr bool has_modifier(std::uint8_t modifiers, std::string_view name) noexcept {
    return (modifiers & (1u << index_of(find_variable_modifier(name)))) != 0;
}

// The data type INT, UINT or FLOAT gives a declared variable (none: typeless).
constexpr data_type declared_type(std::uint8_t modifiers) noexcept {
    if (has_modifier(modifiers, "INT")) return data_type::s;
    if (has_modifier(modifiers, "UINT")) return data_type::u;
    if (has_modifier(modifiers, "FLOAT")) return data_type::f;
    return data_type::none;
}

// NV_fragment_program4's bindings that are not interpolated: no interpolation modifier, and no
// FLAT needed for an integer type. Its table stars clip, position, facing and primitive.id; its
// text names the fog coordinate too: both are taken.
constexpr bool uninterpolated(std::string_view bindings) noexcept {
    for (std::string_view b : {"fragment.position", "fragment.facing", "fragment.fogcoord", "fragment.clip", "primitive.id"})
        if (bindings.find(b) != std::string_view::npos) return true;
    return false;
}

// NV_fragment_program4: an attribute's interpolation modifiers and its integer type agree with
// its binding (FLAT for INT and UINT, none for the uninterpolated bindings).
constexpr error check_interpolation(const declaration_part& d, text::position at, std::string_view first) {
    const bool flat = has_modifier(d.modifiers, "FLAT");
    const bool other = has_modifier(d.modifiers, "CENTROID") || has_modifier(d.modifiers, "NOPERSPECTIVE");
    if (uninterpolated(d.init.view())) {
        if (flat || other) return text::cursor::fail_at(at, error_code::modifier_not_allowed, first);
        return {};
    }
    const data_type t = declared_type(d.modifiers);
    if ((t == data_type::s || t == data_type::u) && !flat) return text::cursor::fail_at(at, errors::integer_attribute_not_flat, first);
    return {};
}

// A new name, `word` read at `at`: not reserved, not declared before.
constexpr error establish_name(context& ctx, std::string_view word, text::position at, variable_class kind, std::int32_t array_size,
                               fixed_text<max_name_list>& name, data_type type) {
    if (word.empty()) return text::cursor::fail_at(at, error_code::missing_operand, "a name");
    if (is_reserved(word)) return text::cursor::fail_at(at, errors::reserved_name, word);
    if (ctx.find(word)) return text::cursor::fail_at(at, error_code::duplicate_name, word);
    name_text n;
    if (!n.append(word)) return text::cursor::fail_at(at, error_code::program_too_long, word);
    if (!ctx.variables.push_back({n, kind, array_size, type})) return text::cursor::fail_at(at, error_code::program_too_long, word);
    if (!name.empty() && !name.append(", ")) return text::cursor::fail_at(at, error_code::program_too_long, word);
    if (!name.append(word)) return text::cursor::fail_at(at, error_code::program_too_long, word);
    return {};
}

// A temporary array's "[n]": "an array size must be specified ... and must be a positive integer"
// (section 2.X.3.1, variables without bindings); `size` stays empty without brackets.
constexpr error temp_array_size(text::cursor& in, std::string_view& size) {
    if (!in.consume('[')) return {};
    const auto at = lex::at(in);
    const auto n = lex::number(in);
    const auto v = lex::integer_value(n);
    if (!v || *v == 0 || *v > 0x7FFFFFFFu) return text::cursor::fail_at(at, error_code::expected_number, n.empty() ? in.token_text() : n);
    if (!in.consume(']')) return in.fail(error_code::unexpected_character, in.token_text());
    size = n;
    return {};
}

// One item of an initializer: a binding of the class the declaration wants, or a constant.
constexpr error initializer_item(text::cursor& in, const context& ctx, declaration& keyword, declaration_part& d, bool in_list) {
    const auto at = lex::at(in);
    const std::size_t start = in.offset();
    std::string_view sign;
    if (keyword == declaration::param && (in.peek() == '-' || in.peek() == '+'))
        sign = in.peek() == '-' ? "-" : "", in.advance(), in.skip_blanks();
    const bool constant = in.peek() == '{' || text::is_digit(in.peek()) || in.peek() == '.';
    if (constant && keyword != declaration::param) return text::cursor::fail_at(at, error_code::wrong_operand_kind, in.token_text());
    auto r = constant ? parse_constant(in) : parse_reference(in, ctx, in_list);
    if (!r) return r.error();
    if (!constant) {
        if (!r->binding) return text::cursor::fail_at(at, errors::unknown_binding, detail::since(in, start));
        const binding_class want = keyword == declaration::attrib   ? binding_class::attrib
                                   : keyword == declaration::output ? binding_class::result
                                   : keyword == declaration::param  ? binding_class::param
                                                                    : binding_class::buffer;
        if (r->binding->kind != want) return text::cursor::fail_at(at, error_code::wrong_operand_kind, detail::since(in, start));
    }
    if (!d.init.append(sign) || !d.init.append(r->text.view())) return text::cursor::fail_at(at, error_code::program_too_long);
    return {};
}

// How many array members a list item binds (section 2.X.3.2): a range [a..b] b-a+1, a whole matrix
// its 4 rows, a constant or any other binding 1; 0 for a whole buffer, whose size is the array's
// (or the implementation's limit).
constexpr std::uint32_t members_of(std::string_view item) noexcept {
    if (!item.starts_with("state.") && !item.starts_with("program.") && !item.starts_with("vertex") && !item.starts_with("fragment.") &&
        !item.starts_with("primitive.") && !item.starts_with("result."))
        return 1;  // a constant
    if (const std::size_t dots = item.rfind(".."); dots != std::string_view::npos) {
        const std::size_t open = item.rfind('[', dots), close = item.find(']', dots);
        const auto a = lex::integer_value(item.substr(open + 1, dots - open - 1)),
                   b = lex::integer_value(item.substr(dots + 2, close - dots - 2));
        return a && b && *b >= *a ? *b - *a + 1 : 0;
    }
    if (item.starts_with("program.buffer")) return item.find("][") == std::string_view::npos ? 0 : 1;
    return item.starts_with("state.matrix.") && item.find(".row[") == std::string_view::npos ? 4 : 1;
}

// An array's members: its declared size must be the number its list binds; "[]" takes that number.
constexpr error check_array_size(context& ctx, const declaration_part& d, text::position at, std::string_view name) {
    const std::string_view list = d.init.view();
    std::uint32_t members = 0;
    int depth = 0;  // inside a constant's braces
    for (std::size_t i = 0, start = 0; i <= list.size(); ++i) {
        if (i < list.size() && (list[i] == '{' || list[i] == '}')) depth += list[i] == '{' ? 1 : -1;
        if (i < list.size() && (list[i] != ',' || depth > 0)) continue;
        const std::string_view item = list.substr(start, i - start);
        const std::uint32_t n = members_of(item.substr(std::min(item.find_first_not_of(' '), item.size())));
        if (n == 0) return {};  // a whole buffer: as large as the array says
        members += n;
        start = i + 1;
    }
    if (d.array_size == 0) {
        ctx.variables[ctx.variables.size() - 1].array_size = static_cast<std::int32_t>(members);  // this declaration's
        return {};
    }
    if (static_cast<std::uint32_t>(d.array_size) != members) return text::cursor::fail_at(at, errors::array_size_mismatch, name);
    return {};
}

// "= item" or "[n] = { item, ... }" after the declared name.
constexpr error initializer(text::cursor& in, context& ctx, declaration keyword, declaration_part& d) {
    const variable_class kind = keyword == declaration::attrib   ? variable_class::attrib
                                : keyword == declaration::output ? variable_class::output
                                : keyword == declaration::param  ? variable_class::param
                                                                 : variable_class::buffer;
    in.skip_blanks();
    const auto name_at = lex::at(in);
    const auto word = lex::identifier(in);
    if (in.consume('[')) {
        d.array_size = 0;
        if (!in.consume(']')) {
            const auto n = lex::integer_value(lex::number(in));
            if (!n || *n == 0) return in.fail(error_code::expected_number, in.token_text());
            d.array_size = static_cast<std::int32_t>(*n);
            if (!in.consume(']')) return in.fail(error_code::unexpected_character, in.token_text());
        }
    }
    if (error e = establish_name(ctx, word, name_at, kind, d.array_size, d.name, declared_type(d.modifiers)); e.failed()) return e;
    if (!in.consume('=')) return in.fail(error_code::unexpected_character, in.token_text());
    if (d.array_size < 0) return initializer_item(in, ctx, keyword, d, false);
    if (!in.consume('{')) return in.fail(error_code::unexpected_character, in.token_text());
    d.list = true;
    for (bool first = true;; first = false) {
        if (!first && !d.init.append(", ")) return in.fail(error_code::program_too_long);
        if (error e = initializer_item(in, ctx, keyword, d, true); e.failed()) return e;
        if (in.consume('}')) return check_array_size(ctx, d, name_at, word);
        if (!in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
    }
}

}  // namespace detail

// OPTION name (before any other statement but the header).
constexpr result<instruction> parse_option(text::cursor& in, context& ctx, text::position at) {
    if (ctx.body_started) return text::cursor::fail_at(at, error_code::misplaced_statement, "OPTION");
    const auto oat = lex::at(in);
    const auto word = lex::identifier(in);
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (options[i].name != word || !(options[i].stages & ctx.stage_mask())) continue;
        if (ctx.options_seen & (1u << i)) return text::cursor::fail_at(oat, error_code::duplicate_name, word);
        for (std::size_t j = 0; j < options.size(); ++j)
            if ((ctx.options_seen & (1u << j)) && !options[i].group.empty() && options[j].group == options[i].group)
                return text::cursor::fail_at(oat, error_code::conflicting_modifiers, word);
        ctx.options_seen = static_cast<std::uint16_t>(ctx.options_seen | (1u << i));
        instruction ins;
        ins.kind = statement_kind::option;
        ins.decl.keyword = declaration::option;
        (void)ins.decl.init.append(word);
        return ins;
    }
    return text::cursor::fail_at(oat, errors::unknown_option, word.empty() ? in.token_text() : word);
}

// PRIMITIVE_IN, PRIMITIVE_OUT, VERTICES_OUT: once each, before the body.
constexpr result<instruction> parse_geometry_declaration(text::cursor& in, context& ctx, declaration keyword, std::string_view word,
                                                         text::position at) {
    if (ctx.body_started) return text::cursor::fail_at(at, error_code::misplaced_statement, word);
    const unsigned bit = keyword == declaration::primitive_in ? 1u : keyword == declaration::primitive_out ? 2u : 4u;
    if (ctx.geometry_decls & bit) return text::cursor::fail_at(at, error_code::duplicate_name, word);
    ctx.geometry_decls = static_cast<std::uint8_t>(ctx.geometry_decls | bit);
    instruction ins;
    ins.kind = statement_kind::declaration;
    ins.decl.keyword = keyword;
    const auto aat = lex::at(in);
    if (keyword == declaration::vertices_out) {
        const auto n = lex::number(in);
        const auto v = lex::integer_value(n);
        if (!v || *v == 0) return text::cursor::fail_at(aat, error_code::expected_number, n.empty() ? in.token_text() : n);
        (void)ins.decl.init.append(n);
        return ins;
    }
    const auto type = lex::identifier(in);
    bool known = false;
    if (keyword == declaration::primitive_in)
        for (auto p : primitives_in) known = known || p == type;
    else
        for (auto p : primitives_out) known = known || p == type;
    if (!known) return text::cursor::fail_at(aat, error_code::wrong_operand_kind, type.empty() ? in.token_text() : type);
    (void)ins.decl.init.append(type);
    return ins;
}

// A naming statement; `first` is its first word (a variable modifier or the keyword).
constexpr result<instruction> parse_naming(text::cursor& in, context& ctx, std::string_view first, text::position at) {
    instruction ins;
    ins.kind = statement_kind::declaration;
    auto& d = ins.decl;
    std::string_view word = first;
    text::position wat = at;
    std::uint8_t kinds = 0;  // variable_modifier_kind bits seen
    while (const auto* v = find_variable_modifier(word)) {
        if (!(v->stages & ctx.stage_mask())) return text::cursor::fail_at(wat, errors::wrong_stage, word);
        const auto kind_bit = static_cast<std::uint8_t>(1u << static_cast<unsigned>(v->kind));
        // One size and one type; interpolation modifiers combine (CENTROID NOPERSPECTIVE), none twice.
        const auto bit = static_cast<std::uint8_t>(1u << detail::index_of(v));
        if ((kinds & kind_bit && v->kind != variable_modifier_kind::interpolation) || (d.modifiers & bit))
            return text::cursor::fail_at(wat, error_code::conflicting_modifiers, word);
        kinds = static_cast<std::uint8_t>(kinds | kind_bit);
        d.modifiers = static_cast<std::uint8_t>(d.modifiers | (1u << detail::index_of(v)));
        wat = lex::at(in);
        word = lex::identifier(in);
    }
    const auto* decl = find_declaration(word);
    if (!decl || decl->kind == declaration::option || decl->kind == declaration::primitive_in || decl->kind == declaration::primitive_out ||
        decl->kind == declaration::vertices_out)
        return text::cursor::fail_at(wat, error_code::unknown_mnemonic, word.empty() ? in.token_text() : word);
    d.keyword = decl->kind;
    const bool interpolated = (kinds & (1u << static_cast<unsigned>(variable_modifier_kind::interpolation))) != 0;
    // Section 2.X.3.1: LONG only on TEMP, SHORT on TEMP and OUTPUT.
    const bool long_ok = d.keyword == declaration::temp, short_ok = long_ok || d.keyword == declaration::output;
    if ((detail::has_modifier(d.modifiers, "LONG") && !long_ok) || (detail::has_modifier(d.modifiers, "SHORT") && !short_ok))
        return text::cursor::fail_at(at, error_code::modifier_not_allowed, first);
    if ((interpolated && d.keyword != declaration::attrib) || (d.modifiers && d.keyword == declaration::alias))
        return text::cursor::fail_at(at, error_code::modifier_not_allowed, first);
    // NV_fragment_program4: FLAT with CENTROID or NOPERSPECTIVE contradicts itself.
    if (detail::has_modifier(d.modifiers, "FLAT") &&
        (detail::has_modifier(d.modifiers, "CENTROID") || detail::has_modifier(d.modifiers, "NOPERSPECTIVE")))
        return text::cursor::fail_at(at, error_code::conflicting_modifiers, first);
    switch (d.keyword) {
        case declaration::temp:
            for (bool more = true; more; more = in.consume(',')) {
                const auto nat = lex::at(in);
                const auto name = lex::identifier(in);
                std::string_view size{};  // "n" of "name[n]": a temporary array (section 2.X.3.4)
                if (error e = detail::temp_array_size(in, size); e.failed()) return e;
                const auto n = size.empty() ? -1 : static_cast<std::int32_t>(*lex::integer_value(size));
                if (error e = detail::establish_name(ctx, name, nat, variable_class::temp, n, d.name, detail::declared_type(d.modifiers));
                    e.failed())
                    return e;
                if (!size.empty() && !(d.name.append("[") && d.name.append(size) && d.name.append("]")))
                    return text::cursor::fail_at(nat, error_code::program_too_long, name);
            }
            return ins;
        case declaration::alias: {
            in.skip_blanks();
            const auto name_at = lex::at(in);
            const auto name = lex::identifier(in);
            if (!in.consume('=')) return in.fail(error_code::unexpected_character, in.token_text());
            const auto tat = lex::at(in);
            const auto target = lex::identifier(in);
            const auto* v = ctx.find(target);
            if (!v) return text::cursor::fail_at(tat, error_code::undeclared_name, target.empty() ? in.token_text() : target);
            const auto kind = v->kind;
            const auto size = v->array_size;
            const auto type = v->type;
            (void)d.init.append(target);
            if (error e = detail::establish_name(ctx, name, name_at, kind, size, d.name, type); e.failed()) return e;
            return ins;
        }
        default:
            if (error e = detail::initializer(in, ctx, d.keyword, d); e.failed()) return e;
            if (d.keyword == declaration::attrib && (ctx.stage_mask() & stage_bit::fragment))
                if (error e = detail::check_interpolation(d, at, first); e.failed()) return e;
            return ins;
    }
}

}  // namespace ctisa::nvasm
