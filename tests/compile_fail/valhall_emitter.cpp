// SPDX-License-Identifier: MIT
// Misuse of the emitter and of unit() that must not compile, each with one short diagnostic naming
// the rule it breaks.
// case 1 expect: emit\(\) takes a builder's result, an instruction, an encoded unit or text
// case 1 first: static assertion failed.*: ctisa::emitter rule: emit\(\) takes a builder's result
// case 2 expect: the destination is a register r\(n\)
// case 2 first: static assertion failed.*: Valhall rule: the destination is a register r\(n\)
// case 3 expect: a branch is a builder's result or an instruction
// case 3 first: static assertion failed.*: ctisa::emitter rule: a branch is a builder's result or an instruction
#include <ctisa/valhall/valhall.hpp>

namespace va = ctisa::valhall;
using namespace ctisa::valhall::operands;

// The control: the same calls, used correctly.
inline void control() {
    va::emitter e;
    const ctisa::label l = e.new_label();
    e.bind(l).emit(va::fma_f32.unit(r(0), r(1), r(2), r(3))).emit(va::mov_i32(r(0), r(1))).emit("NOP");
    e.emit(va::branchz(r(0), 0), l);
}

#if CTISA_CASE == 1
inline void bad(va::emitter& e) { e.emit(3.5); }  // a float where an instruction belongs
#elif CTISA_CASE == 2
constexpr auto bad = va::fma_f32.unit(1.0f, r(1), r(2), r(3));  // a float where a register belongs
#elif CTISA_CASE == 3
inline void bad(va::emitter& e) { e.emit("BRANCHZ r0, offset:0", e.new_label()); }  // text is no branch to a label
#endif
