// SPDX-License-Identifier: MIT
// A JIT-style emitter: builds a shader at run time with the typed builders, the way a driver
// would emit code for parameters it learns late (here: how many lights), and prints its bytes.
#include <cstdio>
#include <cstdlib>
#include <string>

#include <ctisa/attila/attila.hpp>

namespace at = ctisa::attila;
using namespace ctisa::attila::operands;

int main(int argc, char** argv) {
    const unsigned lights = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 2;

    // Diffuse lighting: o0 = sum over lights of max(dot(n, l_k), 0) * colour_k.
    // i0: normal, c(2k): light direction k, c(2k+1): light colour k. Lights whose flag c1.x is
    // false are skipped by a jump to the end (a label, placed when the bytes are made).
    at::emitter e;
    const ctisa::label done = e.new_label();
    e.emit(at::mov(r(0), c(0).x()));  // c0.x holds 0.0: the accumulator
    e.emit(at::jmp(!p(0), 0), done);  // p0 false: no lights at all
    for (unsigned k = 0; k < lights; ++k) {
        e.emit(at::dp3(r(1).mask("x"), i(0), c(2 * k + 2)));
        e.emit(at::max(r(1).mask("x"), r(1).x(), 0.0f));
        e.emit(at::mad(r(0), r(1).x(), c(2 * k + 3), r(0)));
    }
    e.bind(done).emit(at::mov.sat()(o(0), r(0)));
    e.emit("end");

    const auto bytes = e.bytes();
    if (!bytes) {
        const ctisa::error& err = bytes.error();
        std::fprintf(stderr, "emit failed at instruction %u: %s\n", err.offset, std::string(err.message()).c_str());
        return 1;
    }
    std::printf("%u-light shader, %zu instructions, %zu bytes:\n", lights, e.size(), bytes->size());
    for (std::size_t n = 0; n < e.size(); ++n) {
        std::printf("  ");
        for (std::size_t b = 0; b < 16; ++b) std::printf("%02x ", (*bytes)[n * 16 + b]);
        std::printf("  %s\n", at::to_string(e.instructions()[n]).c_str());
    }

    // The same builders report misuse at run time: c999 does not exist. The emitter keeps the
    // first error with the index of the instruction that caused it.
    at::emitter wrong;
    wrong.emit(at::mov(r(0), i(0))).emit(at::mov(r(0), c(lights + 997)));
    std::printf("mov r0, c%u -> instruction %u: %s\n", lights + 997, wrong.error().offset, ctisa::describe(wrong.error()).c_str());
    return 0;
}
