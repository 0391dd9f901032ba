// SPDX-License-Identifier: MIT
// codec/<operation>/<isa>: instructions per second through each ISA's encoder, decoder, assembler
// and disassembler (see codec_bench.hpp).
#include "codec_bench.hpp"

int main(int argc, char** argv) {
    ctisa_bench::codec::register_attila();
    ctisa_bench::codec::register_valhall();
    ctisa_bench::codec::register_amdil();
    ctisa_bench::codec::register_cayman();
    ctisa_bench::codec::register_nvasm();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
