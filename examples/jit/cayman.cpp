// SPDX-License-Identifier: MIT
// A small Cayman JIT: a DX9 loop (LOOP_START's ADDR a label ahead, LOOP_END's a label behind,
// 3.7.3) around an ALU clause the emitter opens, laid out by layout(), disassembled, then run on
// the executor with the loop constant giving the trip count.
#include <cstdio>
#include <cstdlib>

#include <ctisa/cayman/cayman.hpp>
#include <ctisa/cayman/executor.hpp>

namespace cm = ctisa::cayman;
using namespace ctisa::cayman::operands;
using cm::channel;
using cm::opcode;

int main(int argc, char** argv) {
    const int trips = argc > 1 ? std::atoi(argv[1]) : 3;

    cm::emitter e;
    const ctisa::label body = e.new_label(), after = e.new_label();
    e.emit(cm::set(cm::cf("LOOP_START"), "CF_CONST", 0), after);
    e.bind(body);
    e.emit(cm::alu<opcode::alu_op2_add_int>(R(1, channel::x), R(1, channel::x), one_int));      // R1.x += 1
    e.emit(cm::alu<opcode::alu_op2_mul>(R(1, channel::y), R(1, channel::y), literal{0x40000000u, channel::x}));  // R1.y *= 2.0
    e.emit(cm::set(cm::cf("LOOP_END"), "CF_CONST", 0), body);
    e.bind(after).emit(cm::cf("END"));

    const auto bytes = e.bytes();
    const auto text = e.text();
    if (!bytes || !text) return std::fprintf(stderr, "emit failed: %s\n", ctisa::describe(e.error()).c_str()), 1;
    std::printf("%zu statements, %zu bytes:\n%s", e.size(), bytes->size(), text->c_str());

    auto items = cm::exec::load_items(*bytes);
    if (!items) return std::fprintf(stderr, "load: %s\n", ctisa::describe(items.error()).c_str()), 1;
    cm::exec::environment env;
    env.loops[0] = {trips, 0, 1, 0};
    cm::exec::machine<2> m(*items);
    for (std::size_t lane = 0; lane < 2; ++lane) m.row(cm::exec::row::gpr(1, 1))[lane] = 0x3F800000u;  // R1.y = 1.0
    if (const auto status = m.run(env); !status.ok()) return std::fprintf(stderr, "run failed\n"), 1;
    std::printf("R1.x = %u, R1.y = 0x%08X (2^%d)\n", m.row(cm::exec::row::gpr(1, 0))[0], m.row(cm::exec::row::gpr(1, 1))[0], trips);
    return 0;
}
