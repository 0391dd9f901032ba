// SPDX-License-Identifier: MIT
// Typed builders for the units around the ALU: exports (CF_ALLOC_EXPORT), texture and vertex
// fetches, and the CF instructions that start clauses or end the program. Errors as in builder.hpp:
// a compile error named after the rule in constant evaluation, the result's error at run time.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "builder.hpp"
#include "decoding.hpp"

namespace ctisa::cayman {

// A component select of an export, fetch destination or fetch source (value set `sel`).
enum class sel : std::uint8_t { x = 0, y = 1, z = 2, w = 3, zero = 4, one = 5, mask = 7 };

struct swizzle {
    std::array<sel, 4> c{sel::x, sel::y, sel::z, sel::w};
};

enum class export_target : std::uint8_t { pixel = 0, pos = 1, param = 2 };

namespace detail {

// A field's name and value, as the builders list them: a plain aggregate, cheaper to parse by the
// thousand than std::pair's constrained constructors (generated/unit_builders.hpp).
struct field_setting {
    std::string_view name;
    std::uint32_t value;
};

// Sets fields in order, stopping at the first error.
template <std::size_t N>
[[nodiscard]] constexpr result<instruction> with_fields(instruction in, const std::array<field_setting, N>& values) {
    for (const auto& [field, value] : values) {
        auto r = set(in, field, value);
        if (!r) return report(r.error());
        in = *r;
    }
    return in;
}

[[nodiscard]] constexpr std::uint32_t to_u(sel s) noexcept { return static_cast<std::uint32_t>(s); }

// A builder member of a value set (generated/unit_builders.hpp): one of the set's enumerators, or a
// number as before (check() refuses a reserved one); another set's enumerator does not compile.
template <class Enum>
struct typed {
    std::uint32_t value = 0;
    constexpr typed() = default;
    constexpr typed(Enum e) noexcept : value(static_cast<std::uint32_t>(e)) {}  // NOLINT: implicit on purpose
    constexpr typed(std::uint32_t v) noexcept : value(v) {}                      // NOLINT: implicit on purpose
};

// The opcode with the fields set, then the checks decoding makes (reserved values and bits): what
// the generated named builders return.
template <std::size_t N>
[[nodiscard]] constexpr result<instruction> build_unit(opcode op, const std::array<field_setting, N>& values) {
    auto in = with_fields<N>(make(op), values);
    if (!in) return in;
    if (auto ok = check(*in); !ok) return report(ok.error());
    return in;
}

}  // namespace detail

// EXPORT or EXPORT_DONE of Rn with a swizzle to PIXELi (0-7), POSi (60-63 as the document numbers
// positions: pass 0-3) or PARAMi (0-31).
[[nodiscard]] constexpr result<instruction> export_gpr(export_target target, std::uint32_t index, operands::gpr src, swizzle s, bool done) {
    const std::uint32_t base = target == export_target::pos ? 60 + index : index;
    const std::uint32_t limit = target == export_target::pixel ? 8 : target == export_target::pos ? 4 : 32;
    if (index >= limit) return report(error{ctisa::errors::number_out_of_range, 0, 0, 0, "ARRAY_BASE"});
    if (src.index >= 128) return report(error{ctisa::errors::register_out_of_range, 0, 0, 0, "RW_GPR"});
    const instruction in = make(*find_opcode(category::cf_alloc_export, done ? "EXPORT_DONE" : "EXPORT"));
    return detail::with_fields<7>(in, {{{"TYPE", static_cast<std::uint32_t>(target)},
                                        {"ARRAY_BASE", base},
                                        {"RW_GPR", src.index},
                                        {"SEL_X", detail::to_u(s.c[0])},
                                        {"SEL_Y", detail::to_u(s.c[1])},
                                        {"SEL_Z", detail::to_u(s.c[2])},
                                        {"SEL_W", detail::to_u(s.c[3])}}});
}

// A texture instruction: dst.swizzle <- op(src.swizzle) with resource and sampler.
[[nodiscard]] constexpr result<instruction> texture(opcode op, operands::gpr dst, swizzle dst_sel, operands::gpr src, swizzle src_sel,
                                                    std::uint32_t resource, std::uint32_t sampler) {
    if (info(op).cat != category::tex) return report(error{ctisa::errors::misplaced_statement, 0, 0, 0, info(op).mnemonic});
    for (sel s : src_sel.c)
        if (s == sel::mask) return report(error{ctisa::errors::bad_swizzle, 0, 0, 0, "SRC_SEL"});
    if (dst.index >= 128 || src.index >= 128) return report(error{ctisa::errors::register_out_of_range, 0, 0, 0, "GPR"});
    return detail::with_fields<12>(make(op), {{{"DST_GPR", dst.index},
                                               {"DST_SEL_X", detail::to_u(dst_sel.c[0])},
                                               {"DST_SEL_Y", detail::to_u(dst_sel.c[1])},
                                               {"DST_SEL_Z", detail::to_u(dst_sel.c[2])},
                                               {"DST_SEL_W", detail::to_u(dst_sel.c[3])},
                                               {"SRC_GPR", src.index},
                                               {"SRC_SEL_X", detail::to_u(src_sel.c[0])},
                                               {"SRC_SEL_Y", detail::to_u(src_sel.c[1])},
                                               {"SRC_SEL_Z", detail::to_u(src_sel.c[2])},
                                               {"SRC_SEL_W", detail::to_u(src_sel.c[3])},
                                               {"RESOURCE_ID", resource},
                                               {"SAMPLER_ID", sampler}}});
}

// A vertex fetch: dst.swizzle <- buffer[src element] in a data format (value set data_format).
[[nodiscard]] constexpr result<instruction> vertex_fetch(operands::gpr dst, swizzle dst_sel, operands::gpr src, std::uint32_t buffer,
                                                         std::uint32_t data_format) {
    if (dst.index >= 128 || src.index >= 128) return report(error{ctisa::errors::register_out_of_range, 0, 0, 0, "GPR"});
    if (!value_name(value_set::data_format, data_format)) return report(error{ctisa::errors::reserved_value, 0, 0, 0, "DATA_FORMAT"});
    const instruction in = make(*find_opcode(category::vtx, "FETCH"));
    return detail::with_fields<9>(in, {{{"DST_GPR", dst.index},
                                        {"DST_SEL_X", detail::to_u(dst_sel.c[0])},
                                        {"DST_SEL_Y", detail::to_u(dst_sel.c[1])},
                                        {"DST_SEL_Z", detail::to_u(dst_sel.c[2])},
                                        {"DST_SEL_W", detail::to_u(dst_sel.c[3])},
                                        {"SRC_GPR", src.index},
                                        {"SRC_SEL_X", static_cast<std::uint32_t>(src.chan)},
                                        {"BUFFER_ID", buffer},
                                        {"DATA_FORMAT", data_format}}});
}

// A CF instruction by mnemonic (TC, END, JUMP...), a clause start with its kcache locks, and an ALU
// clause item for layout(): the CF instruction that starts it and its groups.
[[nodiscard]] constexpr instruction cf(std::string_view mnemonic) { return make(find_opcode(category::cf, mnemonic).value()); }

struct kcache_lock {
    std::uint32_t bank = 0;  // constant buffer
    std::uint32_t line = 0;  // 16 constants a line
    std::uint32_t mode = 1;  // kcache_mode: 1 LOCK_1, 2 LOCK_2, 3 LOCK_LOOP_INDEX
};

[[nodiscard]] constexpr result<instruction> alu_clause(std::string_view mnemonic, std::array<std::optional<kcache_lock>, 2> locks = {}) {
    const auto op = find_opcode(category::cf_alu, mnemonic);
    if (!op || mnemonic == "ALU_EXTENDED") return report(error{ctisa::errors::unknown_mnemonic, 0, 0, 0, mnemonic});
    instruction in = make(*op);
    constexpr std::array<std::array<std::string_view, 3>, 2> names{
        {{"KCACHE_BANK0", "KCACHE_ADDR0", "KCACHE_MODE0"}, {"KCACHE_BANK1", "KCACHE_ADDR1", "KCACHE_MODE1"}}};
    for (std::size_t i = 0; i < 2; ++i) {
        if (!locks[i]) continue;
        auto r = detail::with_fields<3>(in, {{{names[i][0], locks[i]->bank}, {names[i][1], locks[i]->line}, {names[i][2], locks[i]->mode}}});
        if (!r) return r;
        in = *r;
    }
    return in;
}

// An ALU clause locking up to four kcache banks: ALU_EXTENDED (banks 2 and 3 in its
// CF_ALU_WORD0_EXT/WORD1_EXT) then the clause's own CF_ALU instruction (banks 0 and 1), the two CF
// units layout() takes in that order (the first as an item without groups).
struct extended_clause {
    instruction extended;
    instruction clause;
};

[[nodiscard]] constexpr result<extended_clause> alu_extended_clause(std::string_view mnemonic, std::array<std::optional<kcache_lock>, 4> locks) {
    auto clause = alu_clause(mnemonic, {locks[0], locks[1]});
    if (!clause) return clause.error();
    instruction ext = make(*find_opcode(category::cf_alu, "ALU_EXTENDED"));
    constexpr std::array<std::array<std::string_view, 3>, 2> names{
        {{"KCACHE_BANK2", "KCACHE_ADDR2", "KCACHE_MODE2"}, {"KCACHE_BANK3", "KCACHE_ADDR3", "KCACHE_MODE3"}}};
    for (std::size_t i = 0; i < 2; ++i) {
        const auto& lock = locks[2 + i];
        if (!lock) continue;
        auto r = detail::with_fields<3>(ext, {{{names[i][0], lock->bank}, {names[i][1], lock->line}, {names[i][2], lock->mode}}});
        if (!r) return r.error();
        ext = *r;
    }
    return extended_clause{ext, *clause};
}

}  // namespace ctisa::cayman
