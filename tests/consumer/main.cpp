// SPDX-License-Identifier: MIT
#include <cstdio>

#include <ctisa/ctisa.hpp>

constexpr auto program = ctisa::attila::assemble<"mad o0, i0, c0, i0\nend">();
static_assert(program.size() == 2);

int main() {
    ctisa::attila::exec::machine<4> m(program.instructions);
    m.set_input(1, 0, {1.0f, 2.0f, 3.0f, 4.0f});
    m.set_constant(0, ctisa::attila::exec::vec4{2.0f, 2.0f, 2.0f, 2.0f});
    const bool ran = m.run().ok();
    const float w = m.read_float(ctisa::attila::bank::out, 0, 1)[3];  // 4 * 2 + 4
    std::printf("consumer: %zu bytes, first opcode %02x, o0.w = %g\n", program.size_bytes(), program.bytes[0], double(w));
    return ran && w == 12.0f ? 0 : 1;
}
