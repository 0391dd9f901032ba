// Typed builders refuse at compile time what an instruction does not take.
// case 1 expect: wrong operands for this instruction
// case 2 expect: wrong operands for this instruction
// case 3 expect: wrong operands for this instruction
// case 4 expect: modifier_not_allowed
// case 5 expect: modifier_not_allowed
#include <ctisa/nvasm/nvasm.hpp>

using namespace ctisa::nvasm::build;

// The control: the same instructions, correct.
constexpr auto rsq_ok = rsq(temp("t").mask("x"), temp("a").x());
constexpr auto add_ok = add.sat()(temp("t"), temp("a"), temp("b"));
constexpr auto mul_ok = mul.hi()(temp("t"), temp("a"), temp("b"));
static_assert(rsq_ok.ok() && add_ok.ok() && mul_ok.ok());

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
#endif
