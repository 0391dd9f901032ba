// SPDX-License-Identifier: MIT
// Operands: references to declared variables and bindings (with array members, relative
// addressing, ranges), constants, swizzles, write masks, condition-code tests, texture access.
// Each reference is kept as its canonical text; what it names is checked here, once.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "../core/result.hpp"
#include "context.hpp"
#include "errors.hpp"
#include "lexer.hpp"

namespace ctisa::nvasm {

// Keywords that name binding roots; none of them may be declared (section 2.X.2, <identifier>).
inline constexpr std::array<std::string_view, 7> reserved_roots{"fragment", "vertex", "primitive", "program", "result", "state", "texture"};

[[nodiscard]] constexpr bool is_reserved(std::string_view word) noexcept {
    for (auto r : reserved_roots)
        if (r == word) return true;
    return false;
}

namespace detail {

// The source text from `start` to the cursor: error subjects point into the source, never into
// the parser's own temporaries.
constexpr std::string_view since(const text::cursor& in, std::size_t start) noexcept { return in.source().substr(start, in.offset() - start); }

template <std::size_t N>
constexpr error put(text::cursor& in, fixed_text<N>& out, std::string_view s) {
    if (!out.append(s)) return in.fail(error_code::program_too_long, s);
    return {};
}

// The next component of a dotted path ("texcoord[0..3]"), dots inside brackets kept.
constexpr std::string_view next_component(std::string_view& rest) noexcept {
    int depth = 0;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        depth += (rest[i] == '[') - (rest[i] == ']');
        if (rest[i] == '.' && depth == 0) {
            const auto c = rest.substr(0, i);
            rest.remove_prefix(i + 1);
            return c;
        }
    }
    const auto c = rest;
    rest = {};
    return c;
}

// A path component against a pattern component: the same name, as many indices as the pattern
// requires and allows; a range "[a..b]" only where `ranges`.
constexpr bool component_matches(std::string_view path, std::string_view pattern, bool ranges) noexcept {
    const auto name_end = path.find('[');
    if (path.substr(0, name_end) != pattern.substr(0, pattern.find('['))) return false;
    std::size_t given = 0, required = 0, allowed = 0;
    for (std::size_t i = 0; i < pattern.size(); ++i)
        if (pattern[i] == '[') ++allowed, required += !(i + 3 < pattern.size() && pattern[i + 3] == '?');
    for (std::size_t i = name_end; i < path.size(); ++i) {
        if (path[i] != '[') continue;
        ++given;
        const auto close = path.find(']', i);
        if (!ranges && path.substr(i, close - i).find("..") != std::string_view::npos) return false;
    }
    return given >= required && given <= allowed;
}

// Whether the components of a path and a pattern have the same names (the part of each before
// its first '['), compared in place character by character: what path_matches needs first, and
// cheap enough to reject most of the 145 bindings that find_binding tries for every binding
// operand. Only a necessary condition (true when one runs out first): path_matches decides.
constexpr bool same_names(std::string_view path, std::string_view pattern) noexcept {
    const auto name_end = [](std::string_view s, std::size_t i) { return i == s.size() || s[i] == '[' || s[i] == '.'; };
    const auto past_component = [](std::string_view s, std::size_t& i) {  // as next_component splits
        for (int depth = 0; i < s.size() && !(s[i] == '.' && depth == 0); ++i) depth += (s[i] == '[') - (s[i] == ']');
        if (i < s.size()) ++i;
    };
    std::size_t i = 0, j = 0;
    while (i < path.size() && j < pattern.size()) {
        while (!name_end(path, i) && !name_end(pattern, j) && path[i] == pattern[j]) ++i, ++j;
        if (!name_end(path, i) || !name_end(pattern, j)) return false;
        past_component(path, i);
        past_component(pattern, j);
    }
    return true;
}

constexpr bool path_matches(std::string_view path, std::string_view pattern, bool ranges) noexcept {
    if (!same_names(path, pattern)) return false;
    while (!path.empty() && !pattern.empty())
        if (!component_matches(next_component(path), next_component(pattern), ranges)) return false;
    return path.empty() && pattern.empty();
}

// A hash of a path's component names, split and cut as path_matches compares them: a path and
// every pattern it matches hash alike, so find_binding tries path_matches on a few bindings, not
// on all 145 (that was a quarter of assembling).
constexpr std::uint32_t names_hash(std::string_view path) noexcept {
    std::uint32_t h = 2166136261u;  // FNV-1a
    while (!path.empty()) {
        const std::string_view c = next_component(path);
        for (const char ch : c.substr(0, c.find('['))) h = (h ^ static_cast<unsigned char>(ch)) * 16777619u;
        h = (h ^ 0x2Eu) * 16777619u;
    }
    return h;
}
// bindings_by_hash (generated/language.hpp) holds the bindings sorted by this hash of their patterns.

// The binding a path spells, preferring one this stage has (another stage's: wrong_stage);
// `in_list`: the path is an item of a declaration list (ranges, whole matrices and buffers).
constexpr const binding_info* find_binding(std::string_view path, std::uint8_t stage_bit, bool in_list) noexcept {
    const binding_info* other_stage = nullptr;
    const std::uint32_t hash = names_hash(path);
    std::size_t lo = 0, hi = bindings_by_hash.size();  // the first entry of this hash
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (bindings_by_hash[mid].hash < hash) lo = mid + 1;
        else hi = mid;
    }
    for (std::size_t k = lo; k < bindings_by_hash.size() && bindings_by_hash[k].hash == hash; ++k) {
        const binding_info& b = bindings[bindings_by_hash[k].index];
        if ((b.list_only && !in_list) || !path_matches(path, b.pattern, in_list && b.multi)) continue;
        if (b.stages & stage_bit) return &b;
        other_stage = &b;
    }
    return other_stage;
}

// After a binding path ending in `last`, another component must follow (texgen's coordinate).
constexpr bool needs_more(std::string_view last) noexcept { return last == "eye" || last == "object"; }

// "[n]", "[a..b]" (when ranges are allowed) or a relative "[A.x + n]" (when `ctx` allows).
// `index`: the constant member; `offset`: a relative member's offset (untouched otherwise).
constexpr error array_member(text::cursor& in, const context& ctx, reference_text& out, bool allow_range, bool allow_relative,
                             std::int64_t* index = nullptr, std::int64_t* offset = nullptr) {
    if (!in.consume('[')) return {};
    if (error e = put(in, out, "["); e.failed()) return e;
    const auto at = lex::at(in);
    if (const auto n = lex::number(in); !n.empty()) {
        if (!lex::integer_value(n)) return in.fail_at(at, error_code::expected_number, n);
        if (index) *index = *lex::integer_value(n);
        if (error e = put(in, out, n); e.failed()) return e;
        if (in.consume('.')) {
            if (!allow_range || !in.consume('.')) return in.fail(error_code::unexpected_character, in.token_text());
            const auto m = lex::number(in);
            if (!lex::integer_value(m)) return in.fail(error_code::expected_number, in.token_text());
            if (error e = put(in, out, ".."); e.failed()) return e;
            if (error e = put(in, out, m); e.failed()) return e;
        }
    } else {
        const auto name = lex::identifier(in);
        if (name.empty() || !allow_relative) return in.fail_at(at, error_code::bad_relative_address, in.token_text());
        const auto* v = ctx.find(name);
        if (!v) return in.fail_at(at, error_code::undeclared_name, name);
        // "a scalar integer operand" (section 2.X.3.2): not a FLOAT variable, not a whole array.
        if (v->type == data_type::f) return in.fail_at(at, errors::type_mismatch, "FLOAT");
        if (v->array_size >= 0) return in.fail_at(at, error_code::bad_relative_address, name);
        if (!in.consume('.')) return in.fail(error_code::bad_relative_address, in.token_text());
        const auto comp = lex::identifier(in);
        if (comp.size() != 1 || !lex::to_swizzle(comp)) return in.fail(error_code::bad_swizzle, comp);
        if (error e = put(in, out, name); e.failed()) return e;
        (void)put(in, out, ".");
        (void)put(in, out, comp);
        in.skip_blanks();
        if (in.peek() == '+' || in.peek() == '-') {
            const char sign = in.peek();
            in.advance();
            const auto off = lex::number(in);
            if (!lex::integer_value(off)) return in.fail(error_code::expected_number, in.token_text());
            if (error e = put(in, out, sign == '+' ? " + " : " - "); e.failed()) return e;
            if (error e = put(in, out, off); e.failed()) return e;
            if (offset) *offset = sign == '+' ? std::int64_t{*lex::integer_value(off)} : -std::int64_t{*lex::integer_value(off)};
        }
    }
    if (!in.consume(']')) return in.fail(error_code::unexpected_character, in.token_text());
    return put(in, out, "]");
}

// Bindings that need an option (NV_fragment_program4 2.X.6.Y, NV_vertex_program4 2.X.6.Y).
constexpr error check_options(const context& ctx, std::string_view path, text::position at, std::string_view subject) {
    if (ctx.stage == stage::fragment && path.starts_with("result.color[") && !ctx.has_option("ARB_draw_buffers") &&
        !ctx.has_option("ATI_draw_buffers"))
        return text::cursor::fail_at(at, errors::option_required, subject);
    if (ctx.stage == stage::vertex && path.starts_with("result.position") && ctx.has_option("ARB_position_invariant"))
        return text::cursor::fail_at(at, error_code::operand_not_allowed, subject);
    return {};
}

// The rest of a binding after its root word: components and array members, up to a swizzle.
constexpr error binding_path(text::cursor& in, const context& ctx, std::string_view root, reference_text& out, bool allow_range) {
    if (error e = put(in, out, root); e.failed()) return e;
    std::string_view last = root;
    for (;;) {
        if (lex::next_is(in, '[')) {
            if (error e = array_member(in, ctx, out, allow_range, false); e.failed()) return e;
            continue;
        }
        if (!lex::next_is(in, '.')) return {};
        text::cursor look = in;
        look.advance();
        const auto word = lex::peek_identifier(look);
        if (word.empty() || (lex::looks_like_swizzle(word) && !needs_more(last) && last != root)) return {};
        in.advance();
        (void)lex::identifier(in);
        if (error e = put(in, out, "."); e.failed()) return e;
        if (error e = put(in, out, word); e.failed()) return e;
        last = word;
    }
}

}  // namespace detail

// A reference to a variable or binding (no swizzle): its kind and canonical text. A binding must
// exist in this stage; a name must be declared. `allow_range` for declaration lists.
struct reference {
    operand_kind kind = operand_kind::none;
    reference_text text{};
    const context::variable* variable = nullptr;
    const binding_info* binding = nullptr;
};

constexpr result<reference> parse_reference(text::cursor& in, const context& ctx, bool allow_range = false) {
    const auto at = lex::at(in);
    const std::size_t start = in.offset();
    const auto word = lex::identifier(in);
    if (word.empty()) return in.fail(error_code::missing_operand, in.token_text());
    reference r;
    if (is_reserved(word) && word != "texture") {
        r.kind = operand_kind::binding;
        if (error e = detail::binding_path(in, ctx, word, r.text, allow_range); e.failed()) return e;
        r.binding = detail::find_binding(r.text.view(), ctx.stage_mask(), allow_range);
        if (!r.binding) return in.fail_at(at, errors::unknown_binding, detail::since(in, start));
        if (!(r.binding->stages & ctx.stage_mask())) return in.fail_at(at, errors::wrong_stage, detail::since(in, start));
        if (error e = detail::check_options(ctx, r.text.view(), at, detail::since(in, start)); e.failed()) return e;
        return r;
    }
    r.variable = ctx.find(word);
    if (!r.variable) return in.fail_at(at, error_code::undeclared_name, word);
    r.kind = operand_kind::variable;
    if (error e = detail::put(in, r.text, word); e.failed()) return e;
    // An array takes one member; a geometry ATTRIB one more, first, for the input vertex.
    const int allowed = (r.variable->array_size >= 0) + (ctx.stage == stage::geometry && r.variable->kind == variable_class::attrib);
    int given = 0;
    for (; lex::next_is(in, '['); ++given) {
        const auto mat = lex::at(in);
        if (given == allowed) return in.fail_at(mat, error_code::operand_not_allowed, in.token_text());
        std::int64_t index = -1, offset = 0;
        if (error e = detail::array_member(in, ctx, r.text, false, true, &index, &offset); e.failed()) return e;
        // Section 2.X.4.2: an absolute member must exist, a relative offset lies in [0, n-1].
        const bool array_member = given == allowed - 1 && r.variable->array_size > 0;
        if (array_member && (index >= r.variable->array_size || offset < 0 || offset >= r.variable->array_size))
            return in.fail_at(mat, error_code::value_out_of_range, detail::since(in, start));
    }
    // Section 2.X.3.1: "an instruction that accesses an array variable without specifying an array
    // member" fails to load (a geometry ATTRIB's vertex index stays as the decision in the spec says).
    const bool geometry_attrib = ctx.stage == stage::geometry && r.variable->kind == variable_class::attrib;
    if (r.variable->array_size >= 0 && !geometry_attrib && given == 0)
        return in.fail_at(at, error_code::missing_operand, detail::since(in, start));
    return r;
}

// ".xyzw" / ".x" after a source; with `scalar`, exactly one component.
constexpr result<swizzle> parse_swizzle(text::cursor& in, bool scalar) {
    if (!lex::next_is(in, '.')) return swizzle{};
    in.advance();
    const auto at = lex::at(in);
    const auto word = lex::identifier(in);
    const auto s = lex::to_swizzle(word);
    if (!s || (scalar && s->count != 1)) return in.fail_at(at, error_code::bad_swizzle, word.empty() ? in.token_text() : word);
    return *s;
}

// "NE", "GT1.x", ...
constexpr result<cc_test> parse_cc_test(text::cursor& in) {
    const auto at = lex::at(in);
    const auto word = lex::identifier(in);
    const auto spelled = find_cc_test(word);
    if (!spelled) return in.fail_at(at, errors::bad_cc_test, word.empty() ? in.token_text() : word);
    cc_test t{spelled->rule, spelled->reg, {}, true};
    auto s = parse_swizzle(in, false);
    if (!s) return s.error();
    t.swizzle = *s;
    return t;
}

// An optional "(" test ")" after a destination or a flow instruction.
constexpr result<cc_test> parse_cc_mask(text::cursor& in) {
    if (!in.consume('(')) return cc_test{};
    auto t = parse_cc_test(in);
    if (!t) return t;
    if (!in.consume(')')) return in.fail(error_code::unexpected_character, in.token_text());
    return t;
}

namespace detail {

// A number as written; an integer must fit 32 bits ("too large to be represented ... fail to load").
constexpr result<std::string_view> constant_number(text::cursor& in) {
    const auto at = lex::at(in);
    const auto n = lex::number(in);
    if (n.empty()) return in.fail(error_code::expected_number, in.token_text());
    const bool integer = n.find_first_of(".eE") == std::string_view::npos || n.starts_with("0x") || n.starts_with("0X");
    if (integer && !lex::integer_value(n)) return text::cursor::fail_at(at, error_code::number_out_of_range, n);
    return n;
}

}  // namespace detail

// A constant: a number ("0.0625", "3", "0x0F") or a vector "{1, 0, 0.5}" of one to four numbers.
constexpr result<reference> parse_constant(text::cursor& in) {
    reference r;
    r.kind = operand_kind::constant;
    if (!in.consume('{')) {
        const auto number = detail::constant_number(in);
        if (!number) return number.error();
        const auto n = *number;
        if (error e = detail::put(in, r.text, n); e.failed()) return e;
        return r;
    }
    (void)detail::put(in, r.text, "{");
    for (int k = 0;; ++k) {
        if (k == 4) return in.fail(error_code::too_many_operands, in.token_text());
        in.skip_blanks();
        std::string_view sign;
        if (in.peek() == '-' || in.peek() == '+') sign = in.peek() == '-' ? "-" : "", in.advance();
        const auto number = detail::constant_number(in);
        if (!number) return number.error();
        const auto n = *number;
        if (error e = detail::put(in, r.text, k ? ", " : ""); e.failed()) return e;
        if (error e = detail::put(in, r.text, sign); e.failed()) return e;
        if (error e = detail::put(in, r.text, n); e.failed()) return e;
        if (in.consume('}')) break;
        if (!in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
    }
    if (error e = detail::put(in, r.text, "}"); e.failed()) return e;
    return r;
}

// A source operand (<instOperandV>, <instOperandS>, <instOperandVNS>).
enum class source_shape : std::uint8_t { vector, scalar, no_swizzle };

constexpr result<operand> parse_source(text::cursor& in, const context& ctx, source_shape shape) {
    operand op;
    in.skip_blanks();
    if (shape != source_shape::no_swizzle && (in.peek() == '-' || in.peek() == '+')) {
        op.negate = in.peek() == '-';
        in.advance();
    }
    const bool bars = shape != source_shape::no_swizzle && in.consume('|');
    op.absolute = bars;
    in.skip_blanks();
    if (bars && (in.peek() == '-' || in.peek() == '+')) {  // <instOperandBaseV>'s own <operandNeg>
        op.negate_inside = in.peek() == '-';
        in.advance();
        in.skip_blanks();
    }
    const auto at = lex::at(in);
    const std::size_t start = in.offset();
    const bool constant = in.peek() == '{' || text::is_digit(in.peek()) || in.peek() == '.';
    auto ref = constant ? parse_constant(in) : parse_reference(in, ctx);
    if (!ref) return ref.error();
    const bool result =
        (ref->binding && ref->binding->kind == binding_class::result) || (ref->variable && ref->variable->kind == variable_class::output);
    if (result) return in.fail_at(at, errors::not_readable, detail::since(in, start));
    op.kind = ref->kind;
    op.ref = ref->text;
    const bool scalar_constant = constant && op.ref.view().front() != '{';
    if (shape != source_shape::no_swizzle && !scalar_constant) {
        auto s = parse_swizzle(in, shape == source_shape::scalar);
        if (!s) return s.error();
        if (shape == source_shape::scalar && s->count == 0) return in.fail(error_code::bad_swizzle, "scalar operand needs one component");
        op.swizzle = *s;
    }
    if (bars && !in.consume('|')) return in.fail(error_code::unbalanced_bars, in.token_text());
    return op;
}

// The destination (<instResult>): a temporary, result binding or OUTPUT name, mask, CC mask.
constexpr result<result_operand> parse_result(text::cursor& in, const context& ctx) {
    const auto at = lex::at(in);
    const std::size_t start = in.offset();
    auto ref = parse_reference(in, ctx);
    if (!ref) return ref.error();
    const bool writable = ref->binding ? ref->binding->kind == binding_class::result
                                       : (ref->variable->kind == variable_class::temp || ref->variable->kind == variable_class::output);
    if (!writable) return in.fail_at(at, errors::not_writable, detail::since(in, start));
    result_operand r{ref->kind, ref->text, 0, {}};
    if (lex::next_is(in, '.')) {
        in.advance();
        const auto mat = lex::at(in);
        const auto word = lex::identifier(in);
        const auto mask = lex::to_mask(word);
        if (!mask) return in.fail_at(mat, error_code::bad_write_mask, word.empty() ? in.token_text() : word);
        r.mask = *mask;
    }
    auto cc = parse_cc_mask(in);
    if (!cc) return cc.error();
    r.cc = *cc;
    return r;
}

// "texture[n], TARGET[, (i, j, k)]" for the instruction `code`.
constexpr result<texture_access> parse_texture(text::cursor& in, opcode code) {
    texture_access t;
    const auto at = lex::at(in);
    if (lex::identifier(in) != "texture") return in.fail_at(at, error_code::wrong_operand_kind, "expected texture[n]");
    if (in.consume('[')) {
        const auto n = lex::integer_value(lex::number(in));
        if (!n) return in.fail(error_code::expected_number, in.token_text());
        if (!in.consume(']')) return in.fail(error_code::unexpected_character, in.token_text());
        t.unit = *n;
        t.unit_written = true;
    }
    if (!in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
    in.skip_blanks();
    const auto tat = lex::at(in);
    std::size_t n = 0;
    while (lex::ident_char(in.peek(n))) ++n;
    const auto word = in.source().substr(in.offset(), n);
    const auto* target = find_texture_target(word);
    if (!target) return in.fail_at(tat, errors::unknown_texture_target, word.empty() ? in.token_text() : word);
    in.advance(n);
    const bool fetch = code == opcode::txf, query = code == opcode::txq;
    if ((!target->sampled && !fetch && !query) || (fetch && !target->fetched)) return in.fail_at(tat, errors::texture_target_not_allowed, word);
    const bool reads_w = code == opcode::txb || code == opcode::txl || code == opcode::txp;
    if (reads_w && target->reference_in_w) return in.fail_at(tat, errors::texture_target_not_allowed, word);
    t.target = target->target;
    if (!in.consume(',')) return t;
    if (!in.consume('(')) return in.fail(error_code::unexpected_character, in.token_text());
    for (;;) {
        if (t.offset_count == 3) return in.fail(error_code::too_many_operands, in.token_text());
        const auto oat = lex::at(in);
        bool overflow = false;
        const auto v = in.signed_integer(&overflow);
        if (!v || overflow || *v < -128 || *v > 127) return in.fail(error_code::number_out_of_range, in.token_text());
        if (*v != 0 && t.offset_count >= target->offset_components) return in.fail_at(oat, errors::bad_texture_offset, word);
        t.offset[t.offset_count++] = static_cast<std::int8_t>(*v);
        if (in.consume(')')) return t;
        if (!in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
    }
}

}  // namespace ctisa::nvasm
