// SPDX-License-Identifier: MIT
// Throughput of the Valhall executor, against the same math as plain C++.
//
//   build/bin/valhall_bench --benchmark_out=valhall.json --benchmark_out_format=json
//
// For each program and warp width W (16, 64, 256): exec/ (the interpreter), static/ (the compiled
// path) and native/ (plain C++ in this binary, written for SIMD: lanes in blocks of 16 held in
// local arrays, each instruction a loop over the block). items_per_second counts lane-operations:
// instructions x lanes. Before timing, each program's three versions run once and must agree bit
// for bit. A summary prints the ratios to native.
#include <cstdio>
#include <string>

#include "valhall_bench.hpp"

namespace vbench {

// The interpreter, once per width: the programs' files only instantiate their compiled paths.
template <std::size_t W>
vx::run_status interpret(vx::machine<W>& m, vx::default_environment& env) {
    return m.run(env);
}
template vx::run_status interpret<16>(vx::machine<16>&, vx::default_environment&);
template vx::run_status interpret<64>(vx::machine<64>&, vx::default_environment&);
template vx::run_status interpret<256>(vx::machine<256>&, vx::default_environment&);

}  // namespace vbench

int main(int argc, char** argv) {
    vbench::register_fma_programs();
    vbench::register_int_programs();

    return ctisa_bench::run_and_summarize(argc, argv, "valhall", {"fma_f32", "fma_v2f16", "int_chain"}, {16, 64, 256});
}
