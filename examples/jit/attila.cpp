// SPDX-License-Identifier: MIT
// A small ATTILA JIT: a diffuse-lighting shader whose light count is known only at run time,
// emitted from the typed builders, with a JMP ahead over the lights when p0 is false and a loop
// behind; disassembled, then run on the executor.
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <ctisa/attila/attila.hpp>
#include <ctisa/attila/executor.hpp>

namespace at = ctisa::attila;
using namespace ctisa::attila::operands;

int main(int argc, char** argv) {
    const unsigned lights = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 2;

    // o0 = sum over lights of max(dot(i0, c(2k+2)), 0) * c(2k+3), done c1.x times (a loop).
    at::emitter e;
    const ctisa::label done = e.new_label(), again = e.new_label();
    e.emit(at::mov.unit(r(0), c(0)));  // c0 = 0: the accumulator; r2.x counts the rounds
    e.emit(at::mov.unit(r(2), c(0)));
    e.emit(at::jmp(!p(0), 0), done);  // p0 false: no light at all
    e.bind(again);
    for (unsigned k = 0; k < lights; ++k) {
        e.emit(at::dp3(r(1).mask("x"), i(0), c(2 * k + 2)));
        e.emit(at::max(r(1).mask("x"), r(1).x(), 0.0f));
        e.emit(at::mad(r(0), r(1).x(), c(2 * k + 3), r(0)));
    }
    e.emit(at::add(r(2), r(2), 1.0f));
    e.emit(at::setplt(p(1), r(2).x(), c(1).x()));
    e.emit(at::jmp(p(1), 0), again);
    e.bind(done).emit(at::mov.sat()(o(0), r(0)));
    e.emit("end");

    const auto bytes = e.bytes();
    const auto text = e.text();
    if (!bytes || !text) {
        std::fprintf(stderr, "emit failed: %s\n", ctisa::describe(e.error()).c_str());
        return 1;
    }
    std::printf("%u-light shader, %zu instructions, %zu bytes:\n%s", lights, e.size(), bytes->size(), text->c_str());

    // Run it on 2 lanes: normal (0, 0, 1), light k from +z with colour 0.25, twice around.
    const auto program = at::decode_program(*bytes).value();
    at::exec::machine<2> m(program);
    m.set_constant(0, at::exec::vec4{0, 0, 0, 0});
    m.set_constant(1, at::exec::vec4{2, 0, 0, 0});
    for (unsigned k = 0; k < lights; ++k) {
        m.set_constant(2 * k + 2, at::exec::vec4{0, 0, 1, 0});
        m.set_constant(2 * k + 3, at::exec::vec4{0.125f, 0.125f, 0.125f, 0.125f});
    }
    for (std::size_t lane = 0; lane < 2; ++lane) {
        m.set_input(lane, 0, {0, 0, 1, 0});
        m.set_predicate(0, lane, lane == 0);  // lane 1 has no lights
    }
    if (const auto status = m.run(); !status.ok()) return std::fprintf(stderr, "run: %s\n", ctisa::describe(status.error).c_str()), 1;
    for (std::size_t lane = 0; lane < 2; ++lane)
        std::printf("lane %zu: o0.x = %g\n", lane, static_cast<double>(std::bit_cast<float>(m.read(at::bank::out, 0, lane)[0])));

    // Misuse at run time: c999 does not exist; the emitter keeps the first error and its index.
    at::emitter wrong;
    wrong.emit(at::mov(r(0), i(0))).emit(at::mov(r(0), c(lights + 997)));
    std::printf("mov r0, c%u -> instruction %u: %s\n", lights + 997, wrong.error().offset, ctisa::describe(wrong.error()).c_str());
    return 0;
}
