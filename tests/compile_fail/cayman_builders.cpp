// Misuse of the Cayman ALU builders that must not compile, each with the rule it breaks.
// case 1 expect: could not convert|no matching function|cannot convert|no viable conversion
// case 2 expect: an ALU source is a GPR element, a kcache constant, a literal, PV or a special source
// case 3 expect: missing_operand
// case 4 expect: too_many_operands
// case 5 expect: register_out_of_range
// case 6 expect: modifier_not_allowed
// case 7 expect: operands_conflict
// case 8 expect: slot_taken
// case 9 expect: a group is made of alu\(\) instructions
// case 10 expect: no matching function|too few arguments|candidate function template not viable
// case 11 expect: no matching function|too many arguments|candidate function template not viable
// case 12 expect: number_out_of_range
// case 13 expect: bad_swizzle
// case 14 expect: could not convert|no matching function|cannot convert|no viable conversion
#include <ctisa/cayman/builder.hpp>
#include <ctisa/cayman/generated/builders.hpp>
#include <ctisa/cayman/unit_builders.hpp>

namespace cm = ctisa::cayman;
using namespace ctisa::cayman::operands;
using ctisa::cayman::channel;

constexpr cm::opcode op2(std::string_view m) { return *cm::find_opcode(cm::category::alu_op2, m); }

// The control: a legal instruction and group.
constexpr auto ok = cm::alu(op2("ADD"), R(0, channel::x), R(1, channel::x), kcache{0, 0, channel::x}).value();
static_assert(cm::group(ok).ok());

#if CTISA_CASE == 1
constexpr auto bad = cm::alu(op2("MOV"), kcache{0, 0, channel::x}, R(1, channel::x));
#elif CTISA_CASE == 2
constexpr auto bad = cm::alu(op2("MOV"), R(0, channel::x), 5);
#elif CTISA_CASE == 3
constexpr auto bad = cm::alu(op2("ADD"), R(0, channel::x), R(1, channel::x));
#elif CTISA_CASE == 4
constexpr auto bad = cm::alu(op2("MOV"), R(0, channel::x), R(1, channel::x), R(2, channel::x));
#elif CTISA_CASE == 5
constexpr auto bad = cm::alu(op2("MOV"), R(128, channel::x), R(1, channel::x));
#elif CTISA_CASE == 6
constexpr auto bad = cm::alu(*cm::find_opcode(cm::category::alu_op3, "MULADD"), R(0, channel::x), R(1, channel::x), R(2, channel::x),
                             abs(R(3, channel::x)));
#elif CTISA_CASE == 7
constexpr auto bad = cm::alu(op2("MUL"), R(0, channel::x), literal{1, channel::x}, literal{2, channel::x});
#elif CTISA_CASE == 8
static_assert(cm::group(ok, ok).ok());
#elif CTISA_CASE == 9
static_assert(cm::group(ok.in).ok());
#elif CTISA_CASE == 10
constexpr auto bad = cm::alu_op2::add(R(0, channel::x), R(1, channel::x));
#elif CTISA_CASE == 11
constexpr auto bad = cm::alu_op2::mov(R(0, channel::x), R(1, channel::x), R(2, channel::x));
#elif CTISA_CASE == 12
constexpr auto bad = cm::export_gpr(cm::export_target::param, 32, R(0, channel::x), {}, true).value();
#elif CTISA_CASE == 13
constexpr auto bad = cm::texture(*cm::find_opcode(cm::category::tex, "SAMPLE"), R(1, channel::x), {}, R(0, channel::x),
                                 {{cm::sel::mask, cm::sel::y, cm::sel::z, cm::sel::w}}, 0, 0).value();
#elif CTISA_CASE == 14
constexpr auto bad = cm::export_gpr(cm::export_target::param, 0, kcache{0, 0, channel::x}, {}, true);
#endif

// The named builders and a unit builder in the control too.
static_assert(cm::export_gpr(cm::export_target::param, 31, R(0, channel::x), {}, true).ok());
static_assert(cm::alu_op2::add(R(0, channel::x), R(1, channel::x), one).ok());

int main() { return 0; }
