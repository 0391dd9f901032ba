// SPDX-License-Identifier: MIT
// Throughput of the Cayman executor's ALU groups, against the same math as plain C++.
//
//   build/bin/cayman_bench --benchmark_out=cayman.json --benchmark_out_format=json
//
// For each program and wavefront width W: exec/ (the interpreter), static/ (the compiled path)
// and native/ (plain C++ in this binary). items_per_second counts lane-operations: lanes x ALU
// instructions (one written element each). Before timing, each program's three versions run
// once and must agree bit for bit.
//   muladd_chain  16 groups of four MULADD (X-W: R0.c = R0.c * R1.c + R2.c: four kcache channel
//                 pairs would break 4.7.8's read-port rule), in one clause
//   mixed         16 groups alternating a float and integer group (MUL_IEEE, ADD_INT, XOR_INT, ADD)
//                 and another reading PV (ADD, AND_INT, ADD_INT of PV.y, MUL_IEEE)
#include "bench_support.hpp"
#include "cayman_bench.hpp"

namespace cbench {
void register_muladd();
void register_mixed();
}  // namespace cbench

int main(int argc, char** argv) {
    cbench::register_muladd();
    cbench::register_mixed();
    return ctisa_bench::run_and_summarize(argc, argv, "cayman", {"muladd_chain", "mixed"}, {64, 256});
}
