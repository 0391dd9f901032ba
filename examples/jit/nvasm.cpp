// SPDX-License-Identifier: MIT
// A small NV assembly JIT: the language is text, so the emitter writes canonical text; a label
// names a subroutine for CAL (NV_gpu_program4 has no BRA). Read back whole, then run.
#include <cstdio>
#include <span>

#include <ctisa/nvasm/executor.hpp>
#include <ctisa/nvasm/nvasm.hpp>

namespace nv = ctisa::nvasm;
using namespace ctisa::nvasm::build;

int main() {
    nv::emitter e;
    const ctisa::label square = e.new_label();
    e.emit("!!NVvp4.0\nATTRIB a = vertex.attrib[0];\nTEMP t;");
    e.emit(mov(temp("t"), temp("a")));
    e.emit(cal(label{}), square);  // bound below
    e.emit("MOV result.texcoord[0], t;").emit(ret());
    e.bind(square).emit(mul(temp("t"), temp("t"), temp("t"))).emit(ret());
    e.emit("END");

    const auto text = e.text();
    if (!text) return std::fprintf(stderr, "emit failed: %s\n", ctisa::describe(text.error()).c_str()), 1;
    std::printf("%s", text->c_str());

    const auto program = nv::parse_program<64>(*text);
    if (!program) return 1;
    nv::exec::machine<2> m(std::span<const nv::instruction>(program->statements.begin(), program->statements.end()), 2);
    (void)m.set("vertex.attrib[0]", 0, {0x40400000u, 0, 0, 0});  // 3.0
    (void)m.set("vertex.attrib[0]", 1, {0xC0000000u, 0, 0, 0});  // -2.0
    nv::exec::default_environment env;
    if (!m.run(env).ok()) return std::fprintf(stderr, "run failed\n"), 1;
    for (std::size_t lane = 0; lane < 2; ++lane)
        std::printf("lane %zu: result.texcoord[0].x = 0x%08X\n", lane, (*m.read("result.texcoord[0]", lane))[0]);
    return 0;
}
