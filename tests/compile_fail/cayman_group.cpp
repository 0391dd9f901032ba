// SPDX-License-Identifier: MIT
// ALU groups and instructions that break chapter 4's rules must not compile when checked in a
// constant expression; the diagnostic names the rule.
// case 1 expect: slot_taken
// case 1 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::slot_taken
// case 1 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 2 expect: last_bit
// case 2 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::last_bit
// case 2 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 3 expect: slot_shape
// case 3 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::slot_shape
// case 3 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 4 expect: reduction_modifiers
// case 4 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::reduction_modifiers
// case 4 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 5 expect: literal_count
// case 5 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::literal_count
// case 5 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 6 expect: gpr_read_port
// case 6 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::gpr_read_port
// case 6 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 7 expect: constant_read_port
// case 7 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::constant_read_port
// case 7 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 8 expect: predicate_coissue
// case 8 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::predicate_coissue
// case 8 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 9 expect: predicate_bits
// case 9 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::predicate_bits
// case 9 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 10 expect: mova_with_ar_index
// case 10 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::mova_with_ar_index
// case 10 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 11 expect: reserved_value
// case 11 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::reserved_value
// case 11 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 12 expect: value_out_of_range
// case 12 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::value_out_of_range
// case 12 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 13 expect: operand_not_allowed
// case 13 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::operand_not_allowed
// case 13 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 14 expect: group_size
// case 14 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::group_size
// case 14 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 15 expect: mova_count
// case 15 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::mova_count
// case 15 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 16 expect: mova_write
// case 16 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::mova_write
// case 16 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 17 expect: kcache_index
// case 17 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::kcache_index
// case 17 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
// case 18 expect: gpr_read_port
// case 18 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::gpr_read_port
// case 18 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
#include <array>
#include <initializer_list>
#include <string_view>
#include <utility>

#include <ctisa/cayman/group.hpp>

namespace cm = ctisa::cayman;

namespace {

using field_values = std::initializer_list<std::pair<std::string_view, std::uint32_t>>;

constexpr cm::instruction op2(std::string_view mnemonic, field_values values) {
    cm::instruction in = cm::make(*cm::find_opcode(cm::category::alu_op2, mnemonic));
    for (const auto& [field, value] : values) in = cm::set(in, field, value).value();
    return in;
}

template <std::size_t N>
constexpr cm::group_summary checked(const std::array<cm::instruction, N>& g, std::size_t literals = 0) {
    return cm::check_group(std::span<const cm::instruction>(g), literals).value();
}

constexpr auto last = std::pair<std::string_view, std::uint32_t>{"LAST", 1};

}  // namespace

// The control: a legal group.
constexpr auto ok = checked(std::array{op2("MOV", {{"SRC0_SEL", 1}}), op2("ADD", {{"DST_CHAN", 1}, {"SRC0_SEL", 1}, {"SRC0_CHAN", 1}, last})});

#if CTISA_CASE == 1
constexpr auto bad = checked(std::array{op2("MOV", {}), op2("MOV", {last})});
#elif CTISA_CASE == 2
constexpr auto bad = checked(std::array{op2("MOV", {})});
#elif CTISA_CASE == 3
constexpr auto bad = checked(std::array{op2("DOT4", {last})});
#elif CTISA_CASE == 4
constexpr auto bad = checked(std::array{op2("DOT4", {}), op2("DOT4", {{"DST_CHAN", 1}}), op2("DOT4", {{"DST_CHAN", 2}}),
                                        op2("DOT4", {{"DST_CHAN", 3}, {"CLAMP", 1}, last})});
#elif CTISA_CASE == 5
constexpr auto bad = checked(std::array{op2("MOV", {{"SRC0_SEL", 253}, last})});
#elif CTISA_CASE == 6
constexpr auto bad = checked(std::array{op2("MOV", {{"SRC0_SEL", 1}}), op2("MOV", {{"DST_CHAN", 1}, {"SRC0_SEL", 2}, last})});
#elif CTISA_CASE == 7
constexpr auto bad = checked(std::array{op2("ADD", {{"SRC0_SEL", 128}, {"SRC1_SEL", 129}}),
                                        op2("MOV", {{"DST_CHAN", 1}, {"SRC0_SEL", 130}, last})});
#elif CTISA_CASE == 8
constexpr auto bad = checked(std::array{op2("PRED_SETE", {}), op2("PRED_SETNE", {{"DST_CHAN", 1}, last})});
#elif CTISA_CASE == 9
constexpr auto bad = checked(std::array{op2("MOV", {{"UPDATE_EXEC_MASK", 1}, last})});
#elif CTISA_CASE == 10
constexpr auto bad = checked(std::array{op2("MOVA_INT", {}), op2("MOV", {{"DST_CHAN", 1}, {"SRC0_REL", 1}, last})});
#elif CTISA_CASE == 11
constexpr auto bad = checked(std::array{op2("MOV", {{"SRC0_SEL", 255}, last})});
#elif CTISA_CASE == 12
constexpr auto bad = op2("MOV", {{"DST_GPR", 128}});
#elif CTISA_CASE == 13
constexpr auto bad = op2("MOV", {{"SRC1_SEL", 1}});
#elif CTISA_CASE == 15
constexpr auto bad = checked(std::array{op2("MOVA_INT", {}), op2("MOVA_INT", {{"DST_CHAN", 1}, last})});
#elif CTISA_CASE == 14
constexpr auto bad = cm::check_group(std::span<const cm::instruction>(), 0).value();
#elif CTISA_CASE == 16
constexpr auto bad = checked(std::array{op2("MOVA_INT", {{"WRITE_MASK", 1}, last})});
#elif CTISA_CASE == 17
// AR.X indexing a kcache constant (4.6.1: kcache constants index by the loop only).
constexpr auto bad = checked(std::array{op2("MOV", {{"SRC0_SEL", 130}, {"SRC0_REL", 1}, last})});
#elif CTISA_CASE == 18
// R1.x and R1[aL].x on src0's port: the relative address is known only at run time.
constexpr auto bad =
    checked(std::array{op2("MOV", {{"SRC0_SEL", 1}}), op2("MOV", {{"DST_CHAN", 1}, {"SRC0_SEL", 1}, {"SRC0_REL", 1}, {"INDEX_MODE", 4}, last})});
#endif

int main() { return ok.slots == 3 ? 0 : 1; }
