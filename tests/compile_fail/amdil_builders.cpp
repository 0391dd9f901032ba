// Misuse of the AMD IL builders that must not compile, each with the rule it breaks.
// case 1 expect: wrong number of operands
// case 2 expect: wrong number of operands
// case 3 expect: this slot takes a register
// case 4 expect: a destination takes a write mask, not a swizzle
// case 5 expect: a source takes a swizzle, not a write mask
// case 6 expect: this slot is a plain dword
// case 7 expect: the document does not say which tokens follow this opcode
// case 8 expect: value_out_of_range
// case 9 expect: unknown_control_field
// case 10 expect: bad_write_mask
// case 11 expect: bad_swizzle
// case 12 expect: modifier_not_allowed
// case 13 expect: (cannot convert.+zero_op.+to.+rel_op|cannot initialize a parameter of type .rel_op. with an rvalue of type .ctisa::amdil::zero_op)
// case 14 expect: unknown_control_field
#include <ctisa/amdil/amdil.hpp>

namespace il = ctisa::amdil;
using namespace ctisa::amdil::registers;

// The control: the builders used below, used correctly, compile.
constexpr auto ok = il::op::mad.ieee().sat()(r(0).mask("xy__"), v(1).swizzle("xyxx"), l(0), -r(2).w());
static_assert(ok.ok());
static_assert(il::op::breakc.relop(il::rel_op::eq)(r(0), r(1)).ok());
static_assert(il::op::dcl_literal(l(0), 1u, 2u, 3u, 4u).ok());

#if CTISA_CASE == 1
constexpr auto bad = il::op::mad(r(0), r(1), r(2));
#elif CTISA_CASE == 2
constexpr auto bad = il::op::end(r(0));
#elif CTISA_CASE == 3
constexpr auto bad = il::op::mov(r(0), 5u);
#elif CTISA_CASE == 4
constexpr auto bad = il::op::mov(r(0).swizzle("xyzw"), r(1));
#elif CTISA_CASE == 5
constexpr auto bad = il::op::mov(r(0), r(1).mask("xy__"));
#elif CTISA_CASE == 6
constexpr auto bad = il::op::dcl_literal(l(0), r(1), 2u, 3u, 4u);
#elif CTISA_CASE == 7
constexpr auto bad = il::op::mova(r(0), r(1));
#elif CTISA_CASE == 8
constexpr auto bad = il::op::breakc.control("relop", 9u)(r(0), r(1));
#elif CTISA_CASE == 9
constexpr auto bad = il::op::mov.control("relop", 1u)(r(0), r(1));
#elif CTISA_CASE == 10
constexpr auto bad = il::op::mov(r(0).mask("xyzq"), r(1));
#elif CTISA_CASE == 11
constexpr auto bad = il::op::mov(r(0), r(1).swizzle("xyzq"));
#elif CTISA_CASE == 12
constexpr auto bad = il::op::end.sat()();
#elif CTISA_CASE == 13
constexpr auto bad = il::op::breakc.relop(il::zero_op::infinity)(r(0), r(1));
#elif CTISA_CASE == 14
constexpr auto bad = il::op::add.zeroop(il::zero_op::infinity)(r(0), r(1), r(2));
#endif

int main() {}
