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
#include <map>
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

namespace {

// Keeps every run's throughput, to print the ratios at the end.
class ratio_reporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        for (const auto& run : runs) {
            if (run.run_type != Run::RT_Iteration || run.error_occurred) continue;
            const auto it = run.counters.find("items_per_second");
            if (it != run.counters.end()) rates[run.benchmark_name()] = it->second.value;
        }
        ConsoleReporter::ReportRuns(runs);
    }
    std::map<std::string, double> rates;
};

}  // namespace

int main(int argc, char** argv) {
    vbench::register_fma_programs();
    vbench::register_int_programs();

    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    ratio_reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();

    std::printf("\nsummary: lane-ops/s (G) and ratios to native\n");
    std::printf("%-22s %9s %9s %9s %8s %9s\n", "program/W", "exec", "static", "native", "exec/n", "static/n");
    for (const char* name : {"fma_f32", "fma_v2f16", "int_chain"}) {
        for (int w : {16, 64, 256}) {
            const std::string key = std::string("/valhall/") + name + "/" + std::to_string(w);
            const auto e = reporter.rates.find("exec" + key), s = reporter.rates.find("static" + key), n = reporter.rates.find("native" + key);
            if (e == reporter.rates.end() || s == reporter.rates.end() || n == reporter.rates.end()) continue;
            std::printf("%-22s %9.3f %9.3f %9.3f %8.3f %9.3f\n", (std::string(name) + "/" + std::to_string(w)).c_str(), e->second / 1e9,
                        s->second / 1e9, n->second / 1e9, e->second / n->second, s->second / n->second);
        }
    }
    return 0;
}
