// SPDX-License-Identifier: MIT
// codec/emit*/<isa>: a JIT's emission through ctisa::emitter<Isa>, in instructions per second.
//   codec/emit/<isa>        the general builders of the ISA's encode mix, over run-time operands
//   codec/emit_fixed/<isa>  builders whose opcode is fixed when compiled (Cayman's alu<Op>(), ...)
//   codec/emit_text/<isa>   the corpus text, one emit() of the whole
// Counters: bytes_kept (what the emitter holds: buffer, labels, fix-ups) and bytes_emitted per
// instruction, and x_memcpy: the (wall) time per instruction over that of a plain memcpy of the
// same pre-encoded units one by one into a buffer of the right size, measured in the same run.
#pragma once

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <ctisa/core/emitter.hpp>

#include "codec_bench.hpp"

namespace ctisa_bench::codec {

// Nanoseconds per unit of copying `units` (each unit's size: ends[k] - ends[k-1]) one memcpy each.
inline double memcpy_ns_per_unit(std::span<const std::uint8_t> image, const std::vector<std::size_t>& ends) {
    std::vector<std::uint8_t> out(image.size());
    std::size_t rounds = 0;
    const auto start = std::chrono::steady_clock::now();
    auto now = start;
    do {
        for (std::size_t r = 0; r < 64; ++r) {
            std::size_t from = 0;
            for (std::size_t end : ends) {
                std::memcpy(out.data() + from, image.data() + from, end - from);
                from = end;
            }
            benchmark::DoNotOptimize(out.data());
            benchmark::ClobberMemory();
        }
        rounds += 64;
        now = std::chrono::steady_clock::now();
    } while (now - start < std::chrono::milliseconds(50));
    return std::chrono::duration<double, std::nano>(now - start).count() / static_cast<double>(rounds * ends.size());
}

// Where each unit of a fixed-size image ends.
inline std::vector<std::size_t> fixed_ends(std::size_t bytes, std::size_t unit) {
    std::vector<std::size_t> ends;
    for (std::size_t at = unit; at <= bytes; at += unit) ends.push_back(at);
    return ends;
}

// emit_round(emitter&, const std::uint8_t* operands) emits one round of `per_round` instructions;
// unit_ends(emitter&) gives where each unit of the image ends (for the memcpy baseline).
template <class Emitter, class EmitRound, class UnitEnds>
void emit(benchmark::State& state, std::size_t per_round, EmitRound&& emit_round, UnitEnds&& unit_ends) {
    constexpr std::size_t rounds = 256, operands_per_round = 64;
    const auto operands = run_time_operands(rounds * operands_per_round);
    Emitter e;
    const auto start = std::chrono::steady_clock::now();
    for (auto _ : state) {
        e.clear();
        for (std::size_t k = 0; k < rounds; ++k) emit_round(e, operands.data() + k * operands_per_round);
        if (e.failed()) state.SkipWithError("the emitter failed");
        benchmark::DoNotOptimize(e.code().data());
        benchmark::ClobberMemory();
    }
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    const std::size_t instructions = rounds * per_round;
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * instructions));
    state.counters["bytes_emitted"] = static_cast<double>(e.code().size()) / static_cast<double>(instructions);
    state.counters["bytes_kept"] = static_cast<double>(e.bytes_kept()) / static_cast<double>(instructions);
    // memcpy's rate beside ours; x_memcpy: our time per instruction over memcpy's.
    const double copy_ns = memcpy_ns_per_unit(e.code(), unit_ends(e));
    state.counters["memcpy_per_second"] = 1e9 / copy_ns;
    state.counters["x_memcpy"] = ns / static_cast<double>(state.iterations() * instructions) / copy_ns;
}

// The text of a program emitted whole, `statements` of them.
template <class Emitter, class UnitEnds>
void emit_text(benchmark::State& state, const std::string& text, std::size_t statements, UnitEnds&& unit_ends) {
    Emitter e;
    const auto start = std::chrono::steady_clock::now();
    for (auto _ : state) {
        e.clear();
        e.emit(text);
        if (e.failed()) state.SkipWithError("the emitter failed on the corpus text");
        benchmark::DoNotOptimize(e.code().data());
    }
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * statements));
    state.counters["bytes_kept"] = static_cast<double>(e.bytes_kept()) / static_cast<double>(statements);
    const double copy_ns = memcpy_ns_per_unit(e.code(), unit_ends(e));
    state.counters["memcpy_per_second"] = 1e9 / copy_ns;
    state.counters["x_memcpy"] = ns / static_cast<double>(state.iterations() * statements) / copy_ns;
}

// codec/emit_text/<isa> over a corpus of fixed-size units.
template <class Isa>
void register_emit_text(std::shared_ptr<const corpus<Isa>> c) {
    const auto ends = [](const ctisa::emitter<Isa>& e) { return fixed_ends(e.code().size(), Isa::max_unit_bytes); };
    benchmark::RegisterBenchmark(("codec/emit_text/" + std::string(Isa::name)).c_str(),
                                 [=](benchmark::State& s) { emit_text<ctisa::emitter<Isa>>(s, c->text, c->instructions.size(), ends); });
}

}  // namespace ctisa_bench::codec
