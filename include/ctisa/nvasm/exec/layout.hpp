// SPDX-License-Identifier: MIT
// Where an NV_gpu_program4 program's variables live on the executor: every declared name and
// every binding the program uses bound to rows of four components, computed from the parsed
// statements in constant evaluation (the compiled path needs it as a constant).
//
//   rows 0-3   CC0's four components, rows 4-7 CC1's (flags as bits: cc_flag)
//   then       4 rows per temporary, per binding used (vertex.attrib[0], program.local[3],
//              result.color, state.matrix.mvp.row[0]...: one slot per canonical text), and per
//              constant (one slot per constant operand, its bits made for the operand's type;
//              operands of equal bits share the rows)
// A declared variable is a list of elements (row bases): TEMP names (each member of a TEMP array)
// have rows of their own; ATTRIB, PARAM, OUTPUT and BUFFER names are their bindings' rows (ranges
// expanded), so a value set through a binding is what every name of it reads; ALIAS copies a name.
//
// Spellings the specs document as one binding share a slot (binding_alias.hpp gives the canonical
// text the layout keeps). DECISIONS (the specs are silent): a BUFFER (single-component) element
// keeps its word in the x row and reads broadcast it; decimal constants are rounded to binary32
// through binary64 (exact for every constant of at most 15 significant digits).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string_view>

#include "../../core/static_vector.hpp"
#include "../../exec/lanes.hpp"
#include "../statement.hpp"
#include "binding_alias.hpp"

namespace ctisa::nvasm::exec {

using ctisa::exec::lane_on;
using ctisa::exec::lane_word;

inline constexpr std::uint32_t cc_row = 0;  // CC0: rows 0-3, CC1: rows 4-7
inline constexpr std::uint32_t first_free_row = 8;
// Array members of all declared names together (TEMP arrays included: cgc -O's "TEMP lmem[75]",
// the specification's "TEMP stack[256]").
inline constexpr std::size_t max_elements = 1024;
// Constant operands (cgc -O initialises a temporary array with one constant a member: a hundred
// and more); operands of the same bits share their rows.
inline constexpr std::size_t max_constants = 1024;

// One condition-code component's flags (section 2.X.3.7).
namespace cc_flag {
inline constexpr lane_word sf = 1, zf = 2, of = 4, cf = 8;
}

enum class symbol_kind : std::uint8_t { temp, attrib, param, output, buffer, buffer1 };

struct symbol {
    name_text name{};
    symbol_kind kind = symbol_kind::temp;
    std::uint16_t first = 0;  // its elements in layout::elements
    std::uint16_t count = 0;
    bool array = false;
    data_type type = data_type::none;  // INT / UINT / FLOAT declared (s / u / f); none: typeless
};

struct binding_slot {
    reference_text text{};
    std::uint32_t row = 0;
};

struct constant_slot {
    std::uint32_t key = 0;  // statement index * 4 + source slot; declarations: ~0
    std::uint32_t row = 0;
    std::array<lane_word, 4> bits{};
};

struct layout {
    std::uint32_t rows = first_free_row;
    static_vector<symbol, 96> symbols;
    static_vector<binding_slot, 128> bindings;
    static_vector<std::uint32_t, max_elements> elements;
    static_vector<constant_slot, max_constants> constants;
    std::uint32_t main = 0;            // the statement after "main:", 0: none
    nvasm::stage stage = nvasm::stage::vertex;  // the header's: which binding spellings alias
    std::string_view problem{};        // what the layout could not hold (a run then stops at once)
};

namespace detail {

[[nodiscard]] constexpr std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

[[nodiscard]] constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// An unsigned decimal or 0x integer, or nothing.
[[nodiscard]] constexpr bool parse_uint(std::string_view t, std::uint64_t& out) noexcept {
    out = 0;
    if (t.empty()) return false;
    if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
        for (char c : t.substr(2)) {
            const int d = is_digit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
            if (d < 0 || out > 0xFFFFFFFFull) return false;
            out = out * 16 + static_cast<std::uint64_t>(d);
        }
        return true;
    }
    for (char c : t) {
        if (!is_digit(c) || out > 0xFFFFFFFFull) return false;
        out = out * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return true;
}

// A decimal float ("0.0625", "1e-3", "5", ".5") to binary32, through binary64.
[[nodiscard]] constexpr float parse_float(std::string_view t) noexcept {
    std::uint64_t mantissa = 0;
    int exponent = 0, digits = 0;
    std::size_t i = 0;
    for (; i < t.size() && is_digit(t[i]); ++i)
        if (digits < 18) mantissa = mantissa * 10 + static_cast<std::uint64_t>(t[i] - '0'), digits += mantissa != 0;
        else ++exponent;
    if (i < t.size() && t[i] == '.')
        for (++i; i < t.size() && is_digit(t[i]); ++i)
            if (digits < 18) mantissa = mantissa * 10 + static_cast<std::uint64_t>(t[i] - '0'), digits += mantissa != 0, --exponent;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        const bool neg = i < t.size() && t[i] == '-';
        if (i < t.size() && (t[i] == '-' || t[i] == '+')) ++i;
        int e = 0;
        for (; i < t.size() && is_digit(t[i]); ++i) e = e < 10000 ? e * 10 + (t[i] - '0') : e;
        exponent += neg ? -e : e;
    }
    double v = static_cast<double>(mantissa);
    if (mantissa == 0) return 0.0f;
    // Powers of ten up to 10^22 are exact in binary64: one rounding for the common constants.
    for (; exponent > 0; exponent -= exponent >= 22 ? 22 : exponent)
        v *= exponent >= 22 ? 1e22 : [](int n) {
            double p = 1;
            for (int k = 0; k < n; ++k) p *= 10;
            return p;
        }(exponent);
    for (; exponent < 0; exponent += exponent <= -22 ? 22 : -exponent)
        v /= exponent <= -22 ? 1e22 : [](int n) {
            double p = 1;
            for (int k = 0; k < n; ++k) p *= 10;
            return p;
        }(-exponent);
    return static_cast<float>(v);
}

// One scalar constant as bits of the type it is read as (section 2.X.3.3).
[[nodiscard]] constexpr lane_word scalar_bits(std::string_view t, data_type type) noexcept {
    t = trim(t);
    bool neg = false;
    if (!t.empty() && (t[0] == '-' || t[0] == '+')) neg = t[0] == '-', t = trim(t.substr(1));
    std::uint64_t n = 0;
    if (type != data_type::f && parse_uint(t, n)) {
        const auto u = static_cast<lane_word>(n);
        return neg ? lane_word{0} - u : u;
    }
    const float f = parse_float(t);
    if (type == data_type::f || type == data_type::none) return std::bit_cast<lane_word>(neg ? -f : f);
    // (The parser refuses float constants read as integers; NTC may not: truncate, saturated.)
    const std::int64_t i = !(f == f) ? 0 : f >= 2147483647.0f ? 2147483647 : f <= -2147483648.0f ? -2147483648LL : static_cast<std::int64_t>(f);
    return static_cast<lane_word>(neg ? -i : i);
}

// "{1, 0}" is (1, 0, 0, 1); a scalar X is (X, X, X, X).
[[nodiscard]] constexpr std::array<lane_word, 4> constant_bits(std::string_view t, data_type type) noexcept {
    t = trim(t);
    bool neg = false;
    if (!t.empty() && t[0] == '-' && t.size() > 1 && t[1] == '{') neg = true, t.remove_prefix(1);
    if (t.empty() || t[0] != '{') {
        const lane_word x = scalar_bits(t, type);
        return {x, x, x, x};
    }
    std::array<lane_word, 4> out{0, 0, 0, scalar_bits("1", type)};
    t = t.substr(1, t.find('}') - 1);
    for (unsigned c = 0; c < 4 && !t.empty(); ++c) {
        const std::size_t comma = t.find(',');
        out[c] = scalar_bits(t.substr(0, comma), type);
        t = comma == std::string_view::npos ? std::string_view{} : t.substr(comma + 1);
    }
    if (neg)
        for (auto& w : out) w = type == data_type::f || type == data_type::none ? w ^ 0x80000000u : lane_word{0} - w;
    return out;
}

[[nodiscard]] constexpr bool is_binding(std::string_view t) noexcept {
    for (std::string_view p : {"vertex.", "vertex[", "fragment.", "result.", "program.", "state.", "primitive."})
        if (t.starts_with(p)) return true;
    return false;
}

constexpr void append_number(reference_text& out, std::uint64_t n) noexcept {
    char digits[20]{};
    int k = 0;
    do digits[k++] = static_cast<char>('0' + n % 10), n /= 10;
    while (n);
    while (k) (void)out.append(std::string_view(&digits[--k], 1));
}

}  // namespace detail

// The slot of a binding's canonical text (binding_alias.hpp); allocated when `add`.
constexpr std::uint32_t binding_row(layout& l, std::string_view spelling, bool add = true) noexcept {
    const reference_text canonical = canonical_binding(spelling, l.stage);
    const std::string_view text = canonical.view();
    for (const auto& b : l.bindings)
        if (b.text.view() == text) return b.row;
    if (!add) return 0;
    binding_slot b;
    if (!b.text.append(text) || !l.bindings.push_back({b.text, l.rows})) return l.problem = "too many bindings", 0;
    l.rows += 4;
    return l.rows - 4;
}
[[nodiscard]] constexpr std::uint32_t find_binding(const layout& l, std::string_view spelling) noexcept {
    const reference_text canonical = canonical_binding(spelling, l.stage);
    for (const auto& b : l.bindings)
        if (b.text.view() == canonical.view()) return b.row;
    return 0;
}
[[nodiscard]] constexpr const symbol* find_symbol(const layout& l, std::string_view name) noexcept {
    for (const auto& s : l.symbols)
        if (s.name.view() == name) return &s;
    return nullptr;
}

namespace detail {

constexpr void add_element(layout& l, std::uint32_t row) noexcept {
    if (!l.elements.push_back(row)) l.problem = "too many array members";
}

// One list item's elements: a binding (a range [a..b] or a whole matrix expanded), or a constant.
constexpr void add_item(layout& l, std::string_view item, data_type type, std::int32_t declared) noexcept {
    item = trim(item);
    if (!is_binding(item)) {
        const auto bits = constant_bits(item, type);
        if (!l.constants.push_back({~0u, l.rows, bits})) l.problem = "too many constants";
        add_element(l, l.rows);
        l.rows += 4;
        return;
    }
    const std::size_t dots = item.rfind("..");
    std::string_view head = item, tail{};
    std::uint64_t a = 0, b = 0;
    if (dots != std::string_view::npos) {
        const std::size_t open = item.rfind('[', dots), close = item.find(']', dots);
        (void)parse_uint(item.substr(open + 1, dots - open - 1), a);
        (void)parse_uint(item.substr(dots + 2, close - dots - 2), b);
        head = item.substr(0, open), tail = item.substr(close + 1);
    } else if (item.starts_with("state.matrix.") && item.find(".row[") == std::string_view::npos) {
        head = item, tail = {}, a = 0, b = 3;
    } else if (item.starts_with("program.buffer") && item.find("][") == std::string_view::npos) {
        head = item, a = 0, b = declared > 0 ? static_cast<std::uint64_t>(declared - 1) : 0;
    } else {
        add_element(l, binding_row(l, item));
        return;
    }
    const bool matrix = item.starts_with("state.matrix.") && dots == std::string_view::npos;
    for (std::uint64_t k = a; k <= b && l.problem.empty(); ++k) {
        reference_text t;
        (void)t.append(head);
        (void)t.append(matrix ? ".row[" : "[");
        append_number(t, k);
        (void)t.append("]");
        (void)t.append(tail);
        add_element(l, binding_row(l, t.view()));
    }
}

[[nodiscard]] constexpr data_type declared_type(std::uint8_t modifiers) noexcept {
    for (std::size_t i = 0; i < variable_modifiers.size(); ++i) {
        if (!(modifiers & (1u << i))) continue;
        const std::string_view n = variable_modifiers[i].name;
        if (n == "INT") return data_type::s;
        if (n == "UINT") return data_type::u;
        if (n == "FLOAT") return data_type::f;
    }
    return data_type::none;
}

constexpr void add_symbol(layout& l, const symbol& s) noexcept {
    if (!l.symbols.push_back(s)) l.problem = "too many names";
}

constexpr void declare(layout& l, const declaration_part& d) noexcept {
    const data_type type = declared_type(d.modifiers);
    symbol s;
    s.type = type;
    s.first = static_cast<std::uint16_t>(l.elements.size());
    switch (d.keyword) {
        case declaration::temp: {
            std::string_view names = d.name.view();
            while (!names.empty()) {
                const std::size_t comma = names.find(',');
                const std::string_view item = trim(names.substr(0, comma));  // "R0" or "lmem[75]"
                const std::size_t open = item.find('[');
                symbol t = s;
                (void)t.name.append(item.substr(0, open));
                t.first = static_cast<std::uint16_t>(l.elements.size());
                std::uint64_t n = 1;
                if (open != std::string_view::npos) (void)parse_uint(item.substr(open + 1, item.size() - open - 2), n), t.array = true;
                if (n > max_elements - l.elements.size()) return (void)(l.problem = "too many array members");
                t.count = static_cast<std::uint16_t>(n);
                for (std::uint64_t k = 0; k < n; ++k) add_element(l, l.rows), l.rows += 4;
                add_symbol(l, t);
                names = comma == std::string_view::npos ? std::string_view{} : names.substr(comma + 1);
            }
            return;
        }
        case declaration::alias:
            if (const symbol* target = find_symbol(l, d.init.view())) {
                symbol a = *target;
                a.name = {};
                (void)a.name.append(d.name.view());
                add_symbol(l, a);
            }
            return;
        case declaration::attrib: s.kind = symbol_kind::attrib; break;
        case declaration::param: s.kind = symbol_kind::param; break;
        case declaration::output: s.kind = symbol_kind::output; break;
        case declaration::buffer: s.kind = symbol_kind::buffer1; break;
        case declaration::buffer4: s.kind = symbol_kind::buffer; break;
        default: return;  // OPTION and the geometry declarations name nothing
    }
    (void)s.name.append(d.name.view());  // one name (the parser kept it to an identifier's length)
    s.array = d.array_size >= 0;
    std::string_view list = d.init.view();
    int depth = 0;
    for (std::size_t i = 0, start = 0; i <= list.size(); ++i) {
        if (i < list.size() && (list[i] == '{' || list[i] == '}')) depth += list[i] == '{' ? 1 : -1;
        if (i < list.size() && (list[i] != ',' || depth > 0 || !d.list)) continue;
        add_item(l, list.substr(start, i - start), type, d.array_size);
        start = i + 1;
    }
    s.count = static_cast<std::uint16_t>(l.elements.size() - s.first);
    add_symbol(l, s);
}

}  // namespace detail

// The data type an instruction operates in: as written, implied by S24 / U24, or its default.
[[nodiscard]] constexpr data_type operation_type(const instruction_part& p) noexcept {
    if (p.multiply == multiply_mode::s24) return data_type::s;
    if (p.multiply == multiply_mode::u24) return data_type::u;
    if (p.type != data_type::none) return p.type;
    const data_type d = p.code == opcode::none ? data_type::none : info(p.code).default_type;
    return d == data_type::none ? data_type::f : d;
}
[[nodiscard]] constexpr data_type fixed_type(operand_type t, data_type operation) noexcept {
    switch (t) {
        case operand_type::vf: return data_type::f;
        case operand_type::vs: return data_type::s;
        case operand_type::vu: return data_type::u;
        default: return operation;
    }
}
// How source s is read (Table X.13's Inputs: vf / vs / vu fixed, the others the operation's type).
[[nodiscard]] constexpr data_type source_type(const instruction_part& p, std::size_t s) noexcept {
    return fixed_type(s < 3 ? info(p.code).inputs[s] : operand_type::v, operation_type(p));
}
// How the result is written (Table X.13's Out).
[[nodiscard]] constexpr data_type result_type(const instruction_part& p) noexcept { return fixed_type(info(p.code).out, operation_type(p)); }
[[nodiscard]] constexpr std::uint32_t constant_key(std::uint32_t statement, std::size_t source) noexcept {
    return statement * 4 + static_cast<std::uint32_t>(source);
}

// The program's layout: declarations first (in order), then every binding an instruction names
// and every constant operand (its bits made for the type the operand is read as).
constexpr layout layout_of(std::span<const instruction> program) noexcept {
    layout l;
    for (std::uint32_t i = 0; i < program.size(); ++i) {
        const instruction& in = program[i];
        if (in.kind == statement_kind::header) l.stage = in.stage;
        if (in.kind == statement_kind::declaration) detail::declare(l, in.decl);
        if (in.kind == statement_kind::label && in.label.view() == "main") l.main = i + 1;
    }
    for (std::uint32_t i = 0; i < program.size(); ++i) {
        const instruction& in = program[i];
        if (in.kind != statement_kind::instruction) continue;
        if (in.op.result.kind == operand_kind::binding) (void)binding_row(l, in.op.result.ref.view());
        for (std::size_t s = 0; s < in.op.source_count; ++s) {
            const operand& o = in.op.sources[s];
            if (o.kind == operand_kind::binding) (void)binding_row(l, o.ref.view());
            if (o.kind != operand_kind::constant) continue;
            const auto bits = detail::constant_bits(o.ref.view(), source_type(in.op, s));
            std::uint32_t row = 0;
            for (const auto& c : l.constants)
                if (c.key != ~0u && c.bits == bits) row = c.row;
            if (!row) row = l.rows, l.rows += 4;
            if (!l.constants.push_back({constant_key(i, s), row, bits})) l.problem = "too many constants";
        }
    }
    return l;
}

}  // namespace ctisa::nvasm::exec
