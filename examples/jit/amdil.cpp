// SPDX-License-Identifier: MIT
// A small AMD IL JIT: main calls two functions (labels are function ids, 7.2), one reading a
// constant through an index (cb0[r1.x+1], 2.2.8); the token stream disassembled, then run on
// the executor.
#include <cstdio>

#include <ctisa/amdil/amdil.hpp>
#include <ctisa/amdil/executor.hpp>

namespace il = ctisa::amdil;
using namespace ctisa::amdil::registers;

int main() {
    il::emitter e;
    const ctisa::label scale = e.new_label(), offset = e.new_label();
    e.emit("il_vs_2_0\ndcl_cb cb0[4]");
    e.emit(il::op::mov(r(0), v(0)));
    e.emit(il::op::call(0u), scale);   // function 1, bound below
    e.emit(il::op::call(0u), offset);  // function 2
    e.emit(il::op::mov(o(0), r(0))).emit(il::op::endmain());
    e.bind(scale).emit(il::op::i_add(r(0), r(0), r(0))).emit(il::op::ret());
    e.bind(offset).emit(il::op::i_add(r(0), r(0), cb(0)[r(1).x() + 1])).emit(il::op::ret());
    e.emit(il::op::end());

    const auto bytes = e.bytes();
    const auto text = e.text();
    if (!bytes || !text) return std::fprintf(stderr, "emit failed: %s\n", ctisa::describe(e.error()).c_str()), 1;
    std::printf("%zu packets, %zu bytes:\n%s", e.size(), bytes->size(), text->c_str());

    const auto program = il::decode_program(*bytes).value();
    il::exec::machine<4> m(program);
    m.set_element(il::reg_type::const_buff, 0, 2, {100, 200, 300, 400});  // cb0[2]: r1.x is 1 in every lane, + 1
    for (std::size_t lane = 0; lane < 4; ++lane) {
        m.set(il::reg_type::input, 0, lane, {static_cast<std::uint32_t>(lane), 0, 0, 0});
        m.set(il::reg_type::temp, 1, lane, {1, 0, 0, 0});
    }
    if (const auto status = m.run(); !status.ok()) return std::fprintf(stderr, "run: %s\n", ctisa::describe(status.error).c_str()), 1;
    for (std::size_t lane = 0; lane < 4; ++lane) std::printf("lane %zu: o0.x = %u\n", lane, m.read(il::reg_type::output, 0, lane)[0]);
    return 0;
}
