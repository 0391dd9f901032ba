// SPDX-License-Identifier: MIT
// `ctisa run ISA FILE`, written once for every ISA: load the program (assemble FILE, or decode it
// with --binary), apply an inputs file, run it on the reference executor, print what it wrote.
// An ISA provides only a run_adapter (run_adapter.hpp), beside the tool: examples/ctisa/<isa>/run_adapter.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <ctisa/exec/machine.hpp>

#include "run_adapter.hpp"
#include "run_options.hpp"

namespace ctisa_tool {

// A program to run, and where each instruction came from: its byte offset in the image and its
// position in FILE, so that an error at an instruction points at its text.
template <class Isa>
struct loaded_program {
    std::vector<typename Isa::instruction> code;
    std::vector<std::uint32_t> offsets;
    std::vector<ctisa::text::position> where;
};

// Where each statement lies in the image it assembles to (the decoder walks the statements in
// order); false after printing a link error. A text-only ISA has no image: the index stands in.
template <class Isa>
bool locate_statements(const input& source, const ctisa::statement_list<Isa>& program, loaded_program<Isa>& out) {
    if constexpr (ctisa::text_only_isa<Isa>) {
        for (std::uint32_t i = 0; i < program.statements.size(); ++i) out.offsets.push_back(i);
    } else {
        const auto image = ctisa::assemble_image<Isa>(program);
        if (!image) {
            print_error(source, image.error());
            return false;
        }
        (void)ctisa::for_each_decoded<Isa>(image->bytes, [&](const typename Isa::instruction&, std::size_t offset, std::size_t) {
            out.offsets.push_back(static_cast<std::uint32_t>(offset));
        });
    }
    out.offsets.resize(program.statements.size());
    return true;
}

// Assembles FILE, every faulty statement reported; false after printing errors.
template <class Isa>
bool assemble_program(const input& source, loaded_program<Isa>& out) {
    ctisa::statement_list<Isa> program;
    if (ctisa::read_statements<Isa>(source.text, program, [&](const ctisa::error& e) { print_error(source, e); }).failed()) return false;
    out.code = program.statements;
    out.where = program.positions;
    return locate_statements(source, program, out);
}

// Decodes a raw image; false after printing the error (at its byte offset).
template <class Isa>
bool decode_program(const input& source, loaded_program<Isa>& out) {
    const hex_bytes image = raw_bytes(source);
    ctisa::error e{ctisa::error_code::unexpected_character, 1, 1, 0, "an ISA of text has no bytes: drop --binary"};
    if constexpr (ctisa::binary_isa<Isa>) {
        e = ctisa::for_each_decoded<Isa>(image.bytes, [&](const typename Isa::instruction& ins, std::size_t offset, std::size_t) {
            out.code.push_back(ins);
            out.offsets.push_back(static_cast<std::uint32_t>(offset));
            out.where.push_back(image.where[offset]);
        });
        if (!e.failed()) return true;
        e = at_byte(e, image, e.offset);
    }
    print_error(source, e);
    return false;
}

template <run_adapter A>
void print_run_help() {
    std::printf("usage: ctisa run %.*s FILE [--binary] [--lanes N] [--inputs FILE] [--steps N] [--float]\n\n",
                static_cast<int>(A::isa::name.size()), A::isa::name.data());
    std::printf(
        "Assembles FILE (or, with --binary, decodes its raw bytes) and runs it on N lanes (1-%zu,\n"
        "default %zu) of the reference executor.\n"
        "  --inputs FILE  lines 'LANE NAME VALUE...': LANE a lane number or * for every lane; NAME a\n"
        "                 register (below); as many VALUEs as it has words, each a 0x bit pattern or a\n"
        "                 decimal number; '#' starts a comment. Registers not set start at zero.\n"
        "  --binary       FILE is a raw program image (the bytes 'ctisa asm' prints), decoded\n"
        "  --steps N      the step budget: instructions a lane may execute (default 1000000)\n"
        "  --float        decimal values are floats, and values print as floats (%%.9g)\n"
        "  --bench        runs the program again and again (each run from the inputs) for about a\n"
        "                 second, or --runs N times, and prints instead of the registers:\n"
        "                 'runs N', 'lane-operations per run N' (lanes x instructions each lane\n"
        "                 executed), 'lane-operations per second X' (the interpreter's speed)\n"
        "\n"
        "Output, for every lane: 'LANE NAME 0xXXXXXXXX' (four words for a vector register) for each\n"
        "register the program writes, or 'LANE killed'.\n\n",
        static_cast<std::size_t>(A::machine::lanes), static_cast<std::size_t>(A::default_lanes));
    std::fwrite(A::help.data(), 1, A::help.size(), stdout);
}

// The error for a value that is not one: what a value may be, and how many the register takes.
inline std::string value_expected(bool integers, unsigned words) {
    std::string what = "expected a value: ";
    what += integers ? "a 0x bit pattern, a decimal integer or a decimal float" : "a decimal float or a 0x bit pattern";
    if (words > 1) what += " (" + std::to_string(words) + " of them)";
    return what;
}

// The lanes a run covers: --lanes, or the ISA's threads (a work-group of several wavefronts).
template <run_adapter A>
std::size_t lanes_of_run(const typename A::machine& m, std::size_t lanes) {
    if constexpr (requires { A::threads(m); }) return A::threads(m);
    return (void)m, lanes;
}

// Applies an inputs file to the machine; prints errors as FILE:LINE:COL.
template <run_adapter A>
bool apply_inputs(const input& file, typename A::machine& m, const run_options& opts) {
    const bool integers = A::decimal_integers && !opts.as_float;
    const std::size_t lanes = lanes_of_run<A>(m, opts.lanes);
    return read_inputs(file, lanes, [&](const input_line& line, ctisa::text::cursor& in, auto&& fail) {
        const auto reg = A::parse_name(line.name);
        if (!reg) {
            std::string what = "expected ";
            return fail(line.name_at, what += A::names);
        }
        if (reg->shared && line.lane != lanes)
            return fail(line.lane_at, std::string(line.name) + " is shared by every lane: write * as the lane");
        std::array<std::uint32_t, 4> v{};
        for (unsigned c = 0; c < reg->words; ++c) {
            in.skip_blanks();
            const auto value_at = in.where();
            const auto bits = parse_value(in, integers);
            if (!bits) return fail(value_at, value_expected(integers, reg->words));
            v[c] = *bits;
        }
        const auto [first, last] = reg->shared ? std::pair<std::size_t, std::size_t>{0, 1} : lanes_of(line, lanes);
        for (std::size_t l = first; l < last; ++l) {
            const std::span<const std::uint32_t> words(v.data(), reg->words);
            if constexpr (std::same_as<decltype(A::set(m, *reg, l, words)), bool>) {
                if (!A::set(m, *reg, l, words)) return fail(line.name_at, std::string(line.name) + " names nothing the program has");
            } else {
                A::set(m, *reg, l, words);
            }
        }
    });
}

// One run with the machine's own step (its run()) and watch(pc, active, all, live) before each
// instruction: `active` the lanes that execute it (all: every lane), `live` those not finished
// (null where the machine does not say).
template <class Machine, class Watch>
auto watched_run(Machine& m, std::uint64_t steps, Watch&& watch) {
    using traits = typename Machine::traits;
    typename traits::default_environment env;
    typename traits::environment_ref ref(env);
    return m.run_with(env, steps, [&](std::uint32_t pc, const auto* active, bool all, const auto* live, auto&, auto& fx) {
        watch(pc, active, all, live);
        traits::execute(ctisa::exec::dynamic_desc<typename Machine::descriptor>{&m.descriptor_at(pc)}, m.view(), active, all, ref,
                        m.info(0, live), fx);
    });
}

// One run that counts lane-operations: each instruction executed, times the lanes that executed it.
// A machine that is not the executor's (a group of wavefronts) counts for itself.
template <class Machine>
auto counted_run(Machine& m, std::uint64_t steps, std::uint64_t& lane_operations) {
    if constexpr (requires { m.counted_run(steps, lane_operations); }) {
        return m.counted_run(steps, lane_operations);
    } else {
        return watched_run(m, steps, [&](std::uint32_t, const auto* active, bool all, const auto*) {
            if (all) {
                lane_operations += m.active_lanes();
            } else {
                for (std::size_t l = 0; l < m.active_lanes(); ++l) lane_operations += active[l] != 0;
            }
        });
    }
}

// The step budget ran out: which lanes were still running, and the instruction each ran last
// (found by running again from the same start, watching; only then, so a run costs nothing
// extra). Exit status 3, apart from errors in the program (1) and usage (2).
template <class Isa, class Machine>
int report_step_limit(const input& source, const loaded_program<Isa>& program, Machine& again, std::uint64_t steps) {
    constexpr std::uint32_t none = ~std::uint32_t{0};
    std::vector<std::uint32_t> last(again.active_lanes(), none);
    std::vector<bool> running(again.active_lanes(), true);
    (void)watched_run(again, steps, [&](std::uint32_t pc, const auto* active, bool all, const auto* live) {
        for (std::size_t l = 0; l < last.size(); ++l) {
            if (all || active[l]) {
                last[l] = pc;
            }
            if (live) running[l] = live[l] != 0;
        }
    });
    // Grouped by instruction: "lanes 0-3, 6 at pc 1 (FILE:2:1)".
    std::vector<std::uint32_t> pcs;
    for (std::size_t l = 0; l < last.size(); ++l)
        if (last[l] != none && running[l] && std::find(pcs.begin(), pcs.end(), last[l]) == pcs.end()) pcs.push_back(last[l]);
    std::string where;
    for (const std::uint32_t pc : pcs) {
        const auto at = [&](std::size_t l) { return l < last.size() && last[l] == pc && running[l]; };
        std::string lanes;
        bool several = false;
        for (std::size_t l = 0; l < last.size(); ++l) {
            if (!at(l)) continue;
            std::size_t end = l;
            while (at(end + 1)) ++end;
            several = several || !lanes.empty() || end != l;
            if (!lanes.empty()) lanes += ", ";
            lanes += std::to_string(l);
            if (end != l) lanes.append("-").append(std::to_string(end));
            l = end;
        }
        if (!where.empty()) where += "; ";
        where.append(several ? "lanes " : "lane ").append(lanes).append(" at pc ").append(std::to_string(pc));
        if (pc < program.where.size())
            where.append(" (")
                .append(source.name)
                .append(":")
                .append(std::to_string(program.where[pc].line))
                .append(":")
                .append(std::to_string(program.where[pc].column))
                .append(")");
    }
    std::fprintf(stderr, "%s: error: step budget exhausted (--steps %llu): still running: %s\n", source.name.c_str(),
                 static_cast<unsigned long long>(steps), where.c_str());
    return 3;
}

// A run that stopped with an error: at the instruction when the error names one (its byte offset).
template <class Isa, class Status>
void print_run_error(const input& source, const loaded_program<Isa>& program, const Status& status) {
    const ctisa::error& e = status.error;
    std::string where = source.name;
    if (e.code == ctisa::error_code::not_executable)
        for (std::size_t i = 0; i < program.offsets.size(); ++i)
            if (program.offsets[i] == e.offset)
                where += ':' + std::to_string(program.where[i].line) + ':' + std::to_string(program.where[i].column);
    std::fprintf(stderr, "%s: error: %.*s", where.c_str(), static_cast<int>(e.message().size()), e.message().data());
    if (!e.subject.empty()) std::fprintf(stderr, " (%.*s)", static_cast<int>(e.subject.size()), e.subject.data());
    if constexpr (requires { status.reason; })
        if (!status.reason.empty()) std::fprintf(stderr, ": %.*s", static_cast<int>(status.reason.size()), status.reason.data());
    std::fprintf(stderr, "\n");
}

// --bench: runs from the same start (a fresh machine, the inputs applied: not timed), each run
// timed and its lane-operations counted, until --runs runs or about a second.
template <run_adapter A, class Load>
int bench(const input& source, const loaded_program<typename A::isa>& program, const run_options& opts, Load&& load) {
    using clock = std::chrono::steady_clock;
    std::uint64_t runs = 0, lane_operations = 0;
    clock::duration spent{};
    while (opts.runs != 0 ? runs < opts.runs : spent < std::chrono::seconds(1)) {
        auto m = load();
        const auto start = clock::now();
        const auto status = counted_run(*m, opts.steps, lane_operations);
        spent += clock::now() - start;
        if (!status.ok()) {
            print_run_error(source, program, status);
            return status.error.code == ctisa::error_code::step_limit ? 3 : 1;
        }
        ++runs;
    }
    const double seconds = std::chrono::duration<double>(spent).count();
    std::printf("runs %llu\n", static_cast<unsigned long long>(runs));
    std::printf("lane-operations per run %llu\n", static_cast<unsigned long long>(lane_operations / runs));
    std::printf("lane-operations per second %.3g\n", seconds > 0 ? static_cast<double>(lane_operations) / seconds : 0.0);
    return 0;
}

template <run_adapter A>
int run(const input& source, const std::vector<std::string>& options) {
    const auto opts = parse_run_options(options, A::machine::lanes, A::default_lanes);
    if (!opts) return 2;
    if (opts->help) {
        print_run_help<A>();
        return 0;
    }
    using isa = typename A::isa;
    loaded_program<isa> program;
    if (!(opts->binary ? decode_program<isa>(source, program) : assemble_program<isa>(source, program))) return 1;

    std::optional<input> inputs;
    if (opts->inputs && !(inputs = read_input(*opts->inputs))) return 1;
    // The machine is large (registers of every lane): on the heap.
    const auto load = [&]() -> std::unique_ptr<typename A::machine> {
        auto m = std::make_unique<typename A::machine>(std::span<const typename isa::instruction>(program.code), opts->lanes);
        if (inputs && !apply_inputs<A>(*inputs, *m, *opts)) return nullptr;
        return m;
    };
    auto m = load();
    if (!m) return 1;
    if (opts->bench) return bench<A>(source, program, *opts, load);
    const auto status = m->run(opts->steps);
    if (status.error.code == ctisa::error_code::step_limit) {
        // A machine of the executor's is run again, watched, to name its lanes; a group of
        // wavefronts names the wavefront and instruction where the budget ran out.
        if constexpr (requires { typename A::machine::traits; }) {
            auto again = load();
            return report_step_limit(source, program, *again, opts->steps);
        } else {
            print_run_error(source, program, status);
            return 3;
        }
    }
    if (!status.ok()) {
        print_run_error(source, program, status);
        return 1;
    }
    const auto written = A::written(*m);
    for (std::size_t lane = 0; lane < lanes_of_run<A>(*m, opts->lanes); ++lane) {
        if constexpr (requires { A::killed(*m, lane); })
            if (A::killed(*m, lane)) {
                std::printf("%zu killed\n", lane);
                continue;
            }
        for (const auto& reg : written) {
            if (reg.shared) continue;
            if constexpr (requires { A::shown(*m, reg, lane); })
                if (!A::shown(*m, reg, lane)) continue;
            std::printf("%zu %s", lane, A::name_of(reg).c_str());
            const auto words = A::read(*m, reg, lane);
            for (unsigned c = 0; c < reg.words; ++c) print_value(words[c], opts->as_float);
            std::printf("\n");
        }
    }
    for (const auto& reg : written) {  // shared (memory): once
        if (!reg.shared) continue;
        std::printf("* %s", A::name_of(reg).c_str());
        const auto words = A::read(*m, reg, 0);
        for (unsigned c = 0; c < reg.words; ++c) print_value(words[c], opts->as_float);
        std::printf("\n");
    }
    return 0;
}

// The registry's entry of an ISA with an executor.
template <run_adapter A>
constexpr isa_entry make_run_entry() {
    return make_entry<typename A::isa>(&run<A>);
}

}  // namespace ctisa_tool
