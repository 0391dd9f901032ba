// SPDX-License-Identifier: MIT
// Misuse of alu<Op>(), the ALU builder with its opcode fixed when compiled, that must not compile,
// each with the rule it breaks: checked for the opcode before any operand is looked at.
// case 1 expect: Cayman rule: alu<Op>\(\) takes as many sources as the opcode reads
// case 1 first-gcc: static assertion failed: Cayman rule: alu<Op>\(\) takes as many sources as the opcode reads
// case 1 first-clang: static assertion failed due to requirement .*: Cayman rule: alu<Op>\(\) takes as many sources as the opcode reads
// case 2 expect: Cayman rule: alu<Op>\(\) builds ALU_OP2, ALU_OP3 and LDS_IDX_OP instructions
// case 2 first-gcc: static assertion failed: Cayman rule: alu<Op>\(\) builds ALU_OP2, ALU_OP3 and LDS_IDX_OP instructions
// case 2 first-clang: static assertion failed due to requirement .*: Cayman rule: alu<Op>\(\) builds ALU_OP2, ALU_OP3 and LDS_IDX_OP
// case 3 expect: an ALU source is a GPR element, a kcache constant, a literal, PV or a special source
// case 3 first-gcc: static assertion failed: an ALU source is a GPR element, a kcache cons
// case 3 first-clang: static assertion failed due to requirement .*detail::is_source<int>.*: a
// case 4 expect: modifier_not_allowed
// case 4 first-gcc: call to non-.*constexpr.* function .*void ctisa::diagnostic::rule_broken\(\).*errors::modifier_not_allowed
// case 4 first-clang: constexpr variable .*bad.* must be initialized by a constant expression
#include <ctisa/cayman/typed_alu.hpp>

namespace cm = ctisa::cayman;
using namespace ctisa::cayman::operands;
using ctisa::cayman::channel;
using op = cm::opcode;

// The control: a legal instruction, folded.
static_assert(cm::alu<op::alu_op2_add>(R(0, channel::x), R(1, channel::x), kcache{0, 0, channel::x}).ok());

#if CTISA_CASE == 1
// ADD reads two sources.
constexpr auto bad = cm::alu<op::alu_op2_add>(R(0, channel::x), R(1, channel::x));
#elif CTISA_CASE == 2
// END is a CF instruction.
constexpr auto bad = cm::alu<op::cf_end>(R(0, channel::x));
#elif CTISA_CASE == 3
constexpr auto bad = cm::alu<op::alu_op2_mov>(R(0, channel::x), 5);
#elif CTISA_CASE == 4
// ALU_WORD1_OP3 has no ABS: the run-time builder's rule, named in constant evaluation too.
constexpr auto bad = cm::alu<op::alu_op3_muladd>(R(0, channel::x), R(1, channel::x), R(2, channel::x), abs(R(3, channel::x)));
#endif

int main() { return 0; }
