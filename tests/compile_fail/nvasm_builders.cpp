// SPDX-License-Identifier: MIT
// Typed builders refuse at compile time what an instruction does not take.
// case 1 expect: wrong operands for this instruction
// case 1 first: static assertion failed.*nvasm: wrong operands for this instruction
// case 2 expect: wrong operands for this instruction
// case 2 first: static assertion failed.*nvasm: wrong operands for this instruction
// case 3 expect: wrong operands for this instruction
// case 3 first: static assertion failed.*nvasm: wrong operands for this instruction
// case 4 expect: modifier_not_allowed
// case 4 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*modifier_not_allowed. .*message = 
// case 4 first-clang: nvasm_builders\.cpp:[0-9]+:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 5 expect: modifier_not_allowed
// case 5 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*modifier_not_allowed. .*message = 
// case 5 first-clang: nvasm_builders\.cpp:[0-9]+:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 6 expect: undeclared_name
// case 6 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*undeclared_name. .*message = 
// case 6 first-clang: nvasm_builders\.cpp:[0-9]+:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
// case 7 expect: wrong_stage
// case 7 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken.. .with const ctisa::error_kind& kind = [a-z:]*wrong_stage. .*message = 
// case 7 first-clang: nvasm_builders\.cpp:[0-9]+:[0-9]+: error: constexpr variable .bad. must be initialized by a constant expression
#include <ctisa/nvasm/nvasm.hpp>

using namespace ctisa::nvasm::build;

// The control: the same instructions, correct.
constexpr auto rsq_ok = rsq(temp("t").mask("x"), temp("a").x());
constexpr auto add_ok = add.sat()(temp("t"), temp("a"), temp("b"));
constexpr auto mul_ok = mul.s().hi()(temp("t"), temp("a"), temp("b"));  // HI needs S or U (MUL, section 2.X.8)
static_assert(rsq_ok.ok() && add_ok.ok() && mul_ok.ok());

// A whole program checked by the compiler: the names and bindings it uses.
template <bool Declare, ctisa::nvasm::stage Stage>
constexpr auto fragment_program() {
    program_builder<8> b(Stage);
    if (Declare) b.temps({"t"});
    b(mov(temp("t"), binding("fragment.color")));
    b(mov(binding("result.color"), temp("t")));
    return b.checked();
}
constexpr auto program_ok = fragment_program<true, ctisa::nvasm::stage::fragment>();
static_assert(program_ok.statements.size() == 5);

#if CTISA_CASE == 1
constexpr auto bad = rsq(temp("t"), temp("a"));  // a scalar operand needs one component
#elif CTISA_CASE == 2
constexpr auto bad = add(temp("t"), temp("a"));  // ADD takes two sources
#elif CTISA_CASE == 3
constexpr auto bad = tex(temp("t"), temp("a"), temp("b"));  // a texture operand, not a vector
#elif CTISA_CASE == 4
constexpr auto bad = and_.f()(temp("t"), temp("a"), temp("b"));  // AND has no F column
#elif CTISA_CASE == 5
constexpr auto bad = add.hi()(temp("t"), temp("a"), temp("b"));  // HI is MUL's only
#elif CTISA_CASE == 6
constexpr auto bad = fragment_program<false, ctisa::nvasm::stage::fragment>();  // t never declared
#elif CTISA_CASE == 7
constexpr auto bad = fragment_program<true, ctisa::nvasm::stage::vertex>();  // fragment.color in a vertex program
#endif
