// SPDX-License-Identifier: MIT
// What every ISA's executor benchmark shares: program text repeated at compile time, the
// registration of a program's exec/, static/ and native/ benchmarks, and a main that runs them and
// prints each program's lane-ops/s and ratios to native.
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include <ctisa/core/fixed_string.hpp>

namespace ctisa_bench {

// Program text built at compile time: a head, a block repeated, a tail.
template <ctisa::fixed_string Head, ctisa::fixed_string Block, std::size_t Times, ctisa::fixed_string Tail>
constexpr auto repeated() {
    constexpr std::size_t n = Head.size() + Block.size() * Times + Tail.size() + 1;
    ctisa::fixed_string<n> out{};
    std::size_t at = 0;
    for (char c : Head.view()) out.data[at++] = c;
    for (std::size_t t = 0; t < Times; ++t)
        for (char c : Block.view()) out.data[at++] = c;
    for (char c : Tail.view()) out.data[at++] = c;
    return out;
}

// Registers one benchmark: `prepare()` sets up outside the timing (a machine, inputs, outputs) and
// returns the run, a callable timed once an iteration whose result (a status, or the outputs'
// address) is kept from the optimizer. items_per_second counts `ops` lane-operations a run.
template <class Prepare>
void register_run(const std::string& name, double ops, Prepare prepare) {
    benchmark::RegisterBenchmark(name.c_str(), [ops, prepare](benchmark::State& state) {
        auto run = prepare();
        for (auto _ : state) {
            auto kept = run();
            benchmark::DoNotOptimize(kept);
            benchmark::ClobberMemory();
        }
        state.SetItemsProcessed(static_cast<std::int64_t>(ops * static_cast<double>(state.iterations())));
    });
}

// A prepare for register_run that times `run(machine, env)` on a fresh machine (`make_machine()`
// returns a pointer to it) and environment (`make_env()`): what exec/ and static/ time.
template <class MakeMachine, class MakeEnv, class Run>
auto on_machine(MakeMachine make_machine, MakeEnv make_env, Run run) {
    return [=] { return [run, m = make_machine(), env = make_env()]() mutable { return run(*m, env); }; };
}

// "exec/attila/mad_chain/16": the names run_and_summarize and scripts/bench.sh read.
inline std::string path_name(const char* path, const char* isa, const char* program, std::size_t w) {
    std::string s(path);
    return s.append("/").append(isa).append("/").append(program).append("/").append(std::to_string(w));
}

// A program's three benchmarks at width w: exec/ (the interpreter), static/ (the compiled path)
// and native/ (plain C++), each prepared as register_run's.
//
// Like with like between runs: the machine keeps its registers from one timed run to the next. A
// program that starts from inputs it never writes (ATTILA's i0, AMD IL's v0, NV's vertex.attrib)
// starts afresh every run, and the CPU may overlap one run with the next; one that reads registers
// it writes (Valhall's r0 and r1) starts from the last run's results, so that all runs
// form one dependent chain. A native/ baseline carries its state exactly as its program does: from
// fixed inputs in the first case, from its own last results in the second (a user's repeated
// dispatches over the same registers), never one way against the machine's other way. (Native
// versions restarting from fixed inputs while the machine chained its runs made Valhall's
// int_chain/16 static 0.5x: two overlapping runs against one chain.)
template <class Exec, class Static, class Native>
void register_paths(const char* isa, const char* program, std::size_t w, double ops, Exec exec, Static compiled, Native native) {
    register_run(path_name("exec", isa, program, w), ops, exec);
    register_run(path_name("static", isa, program, w), ops, compiled);
    register_run(path_name("native", isa, program, w), ops, native);
}

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

// Runs the registered benchmarks (exec/<isa>/<program>/<W>, static/..., native/...), then prints a
// line per program and width: G lane-ops/s of the three and the ratios to native, and with
// `per_emulator` (lane-ops/s of a per-thread emulator) how many times faster the interpreter is.
inline int run_and_summarize(int argc, char** argv, const char* isa, std::initializer_list<const char*> programs,
                             std::initializer_list<int> widths, double per_emulator = 0) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    ratio_reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();

    std::printf("\nsummary: G lane-ops/s and ratios to native%s\n",
                per_emulator > 0 ? "; 'x emulator': the interpreter over the per-thread emulator" : "");
    std::printf("%-24s %9s %9s %9s %8s %8s%s\n", "program/W", "exec", "static", "native", "exec/n", "static/n",
                per_emulator > 0 ? "  x emulator" : "");
    for (const char* program : programs) {
        for (int w : widths) {
            const std::string key = std::string("/") + isa + "/" + program + "/" + std::to_string(w);
            const auto e = reporter.rates.find("exec" + key), s = reporter.rates.find("static" + key), n = reporter.rates.find("native" + key);
            if (e == reporter.rates.end() || n == reporter.rates.end()) continue;
            const std::string name = std::string(program) + "/" + std::to_string(w);
            if (s == reporter.rates.end())  // a program read at run time has no compiled path
                std::printf("%-24s %9.3f %9s %9.3f %8.2f %8s", name.c_str(), e->second / 1e9, "-", n->second / 1e9, e->second / n->second, "-");
            else
                std::printf("%-24s %9.3f %9.3f %9.3f %8.2f %8.2f", name.c_str(), e->second / 1e9, s->second / 1e9, n->second / 1e9,
                            e->second / n->second, s->second / n->second);
            if (per_emulator > 0) std::printf("  %10.0f", e->second / per_emulator);
            std::printf("\n");
        }
    }
    return 0;
}

}  // namespace ctisa_bench
