// SPDX-License-Identifier: MIT
// A shader snippet checked by the compiler: assembled while this file compiles. A typo in the
// text is a compile error that names the line, the column and the problem.
#include <cstdio>

#include <ctisa/attila/attila.hpp>

namespace at = ctisa::attila;

constexpr auto shader = at::assemble<R"(
    # transform a position by a 4x4 matrix held in c0-c3
    dp4 o0.x, i0, c0
    dp4 o0.y, i0, c1
    dp4 o0.z, i0, c2
    dp4 o0.w, i0, c3
    mov o1, i1          ; pass the colour through
    end
)">();

// Facts about it are compile-time constants.
static_assert(shader.size() == 6);
static_assert(shader.bytes[0] == 0x09);             // DP4's opcode
static_assert(shader.instructions[4].op == at::opcode::mov);

// Negative checks at compile time, without failing the build.
static_assert(!at::try_assemble("dp4 o0.x, i0, c0, c1"));                // one operand too many
static_assert(at::try_assemble("mov c0, i0").error().code == ctisa::error_code::read_only_bank);

int main() {
    std::printf("compile-time assembled snippet: %zu instructions, %zu bytes\n", shader.size(), shader.size_bytes());
    for (std::size_t i = 0; i < shader.size(); ++i) {
        std::printf("  ");
        for (std::size_t b = 0; b < 16; ++b) std::printf("%02x ", shader.bytes[i * 16 + b]);
        std::printf("  %s\n", ctisa::to_string<at::isa>(shader.instructions[i]).c_str());
    }
    std::printf("(change 'c3' to 'c999' above and the compiler reports register_out_of_range at line 6)\n");
    return 0;
}
