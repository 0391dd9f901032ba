#include <cstdio>

#include <ctisa/ctisa.hpp>

constexpr auto program = ctisa::attila::assemble<"mov o0, i0\nend">();
static_assert(program.size() == 2);

int main() {
    std::printf("consumer: %zu bytes, first opcode %02x\n", program.size_bytes(), program.bytes[0]);
    return program.bytes[0] == 0x16 ? 0 : 1;
}
