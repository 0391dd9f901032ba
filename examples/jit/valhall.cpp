// SPDX-License-Identifier: MIT
// A small Valhall JIT: r2 = r1 * k for a k known at run time, by a counted loop (BRANCHZ back to a
// label) and a skip over a fix-up (BRANCHZ.eq ahead); disassembled, then run on the executor.
#include <cstdio>
#include <cstdlib>

#include <ctisa/valhall/executor.hpp>
#include <ctisa/valhall/valhall.hpp>

namespace va = ctisa::valhall;
using namespace ctisa::valhall::operands;

int main(int argc, char** argv) {
    const unsigned k = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 3;

    va::emitter e;
    const ctisa::label top = e.new_label(), skip = e.new_label();
    e.emit(va::mov_i32.unit(r(0), r(1)));                      // r0 counts r1 down
    e.emit(va::iadd_imm_i32.unit(r(2), r(3), 0u));             // r3 is 0: r2 = 0
    e.bind(top).emit(va::iadd_imm_i32.unit(r(2), r(2), k));    // r2 += k
    e.emit(va::iadd_imm_i32.unit(r(0), r(0), 0xFFFFFFFFu));
    e.emit(va::branchz(r(0), 0), top);                         // around while r0 != 0
    e.emit(va::branchz.with(va::flags::eq)(r(0), 0), skip);    // r0 is 0: always taken
    e.emit(va::iadd_imm_i32(r(2), r(3), 999u));                // never runs
    e.bind(skip).emit(va::nop.with(va::action::return_)());

    const auto bytes = e.bytes();
    const auto text = e.text();
    if (!bytes || !text) return std::fprintf(stderr, "emit failed: %s\n", ctisa::describe(e.error()).c_str()), 1;
    std::printf("%zu instructions, %zu bytes (%zu kept):\n%s", e.size(), bytes->size(), e.bytes_kept(), text->c_str());

    const auto program = va::decode_program(*bytes).value();
    va::exec::machine<4> m(program);
    for (std::size_t lane = 0; lane < 4; ++lane) m.set(1, lane, static_cast<std::uint32_t>(lane + 1));
    if (const auto status = m.run(); !status.ok()) return std::fprintf(stderr, "run: %s\n", ctisa::describe(status.error).c_str()), 1;
    for (std::size_t lane = 0; lane < 4; ++lane) std::printf("lane %zu: r1 = %zu, r2 = %u\n", lane, lane + 1, m.read(2, lane));
    return 0;
}
