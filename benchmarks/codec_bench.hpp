// SPDX-License-Identifier: MIT
// The codec benchmarks every binary ISA shares: decode (bytes -> instruction, strict), encode (typed
// builders over operands read at run time, then bytes), assemble and disassemble (text), each
// reporting items_per_second in instructions. An ISA gives a corpus source (random units its
// decoder accepts: a mix of every opcode it has, not hand-picked) and an encode mix of builder calls.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <ctisa/core/assembler.hpp>
#include <ctisa/core/disassembler.hpp>
#include <ctisa/core/text/writer.hpp>

namespace ctisa_bench::codec {

// splitmix64: deterministic, so every run measures the same corpus.
class rng {
public:
    explicit rng(std::uint64_t seed) noexcept : state_(seed) {}
    std::uint64_t next() noexcept {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

private:
    std::uint64_t state_;
};

template <class Isa>
struct corpus {
    std::vector<typename Isa::instruction> instructions;
    std::vector<std::uint8_t> bytes;  // their encodings, back to back
    std::string text;                 // one statement a line
};

// `count` units the decoder accepts: random units from random_unit(rng&) -> std::array<std::uint8_t, N>,
// and, where those are rarely accepted, accepted units (`seeds` at first) with one to three bits flipped.
template <class Isa, class RandomUnit>
std::shared_ptr<const corpus<Isa>> accepted_corpus(std::size_t count, RandomUnit&& random_unit, std::span<const std::uint8_t> seeds) {
    auto c = std::make_shared<corpus<Isa>>();
    rng r(0xC0DEC);
    auto keep = [&](const auto& unit) {
        const auto d = Isa::decode(std::span<const std::uint8_t>(unit));
        if (!d) return;
        c->instructions.push_back(d->instruction);
        c->bytes.insert(c->bytes.end(), unit.begin(), unit.end());
    };
    using unit_t = decltype(random_unit(r));
    for (std::size_t at = 0; at + sizeof(unit_t) <= seeds.size(); at += sizeof(unit_t)) {
        unit_t unit{};
        std::copy_n(seeds.begin() + static_cast<std::ptrdiff_t>(at), unit.size(), unit.begin());
        keep(unit);
    }
    for (std::size_t tries = 0; tries < 64 * count && c->instructions.size() < count; ++tries) keep(random_unit(r));
    while (!c->instructions.empty() && c->instructions.size() < count) {
        unit_t unit{};
        const std::size_t from = r.next() % c->instructions.size() * unit.size();
        std::copy_n(c->bytes.begin() + static_cast<std::ptrdiff_t>(from), unit.size(), unit.begin());
        for (std::uint64_t k = 0, flips = 1 + r.next() % 3; k < flips; ++k) {
            const std::uint64_t bit = r.next() % (8 * unit.size());
            unit[bit / 8] = static_cast<std::uint8_t>(unit[bit / 8] ^ (1u << (bit % 8)));
        }
        keep(unit);
    }
    ctisa::text::string_sink sink(c->text);
    ctisa::print_program<Isa>(sink, std::span<const typename Isa::instruction>(c->instructions));
    return c;
}

// ISAs whose decoder reads a whole image (a header first, clauses placed by the CF program): the
// corpus is one image the ISA lays out, and decode walks it with for_each_decoded.
template <class Isa>
std::shared_ptr<const corpus<Isa>> image_corpus(std::vector<std::uint8_t> image) {
    auto c = std::make_shared<corpus<Isa>>();
    if (auto program = ctisa::decode_program<Isa>(image)) c->instructions = std::move(*program);  // else empty: the benchmarks fail
    c->bytes = std::move(image);
    ctisa::text::string_sink sink(c->text);
    ctisa::print_program<Isa>(sink, std::span<const typename Isa::instruction>(c->instructions));
    return c;
}

template <class Isa>
    requires(!ctisa::decodes_units<Isa>)
void decode(benchmark::State& state, const corpus<Isa>& c) {
    for (auto _ : state) {
        std::size_t n = 0;
        const auto e = ctisa::for_each_decoded<Isa>(c.bytes, [&](const typename Isa::instruction& in) {
            ++n;
            benchmark::DoNotOptimize(&in);
        });
        if (e.failed() || n != c.instructions.size() || n == 0) state.SkipWithError("the corpus image does not decode");
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c.instructions.size()));
}

template <class Isa>
void decode(benchmark::State& state, const corpus<Isa>& c) {
    const std::span<const std::uint8_t> bytes(c.bytes);
    const std::size_t unit = Isa::max_unit_bytes;
    for (auto _ : state) {
        for (std::size_t at = 0; at < bytes.size(); at += unit) {
            auto d = Isa::decode(bytes.subspan(at, unit));
            if (!d) state.SkipWithError("a corpus unit does not decode");
            benchmark::DoNotOptimize(d);
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c.instructions.size()));
}

template <class Isa>
void assemble(benchmark::State& state, const corpus<Isa>& c) {
    for (auto _ : state) {
        auto image = ctisa::assemble_bytes<Isa>(c.text);
        if (!image || *image != c.bytes) state.SkipWithError("the corpus text does not assemble to its bytes");
        benchmark::DoNotOptimize(image);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c.instructions.size()));
}

template <class Isa>
void disassemble(benchmark::State& state, const corpus<Isa>& c) {
    std::string out;
    out.reserve(c.text.size());
    for (auto _ : state) {
        out.clear();
        ctisa::text::string_sink sink(out);
        if (ctisa::disassemble<Isa>(sink, c.bytes).failed()) state.SkipWithError("the corpus does not disassemble");
        benchmark::DoNotOptimize(out.data());
    }
    if (out != c.text) state.SkipWithError("the disassembly is not the corpus text");
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c.instructions.size()));
}

// Operand values the optimiser cannot fold: random bytes, read through a pointer it cannot see into.
inline std::vector<std::uint8_t> run_time_operands(std::size_t count) {
    std::vector<std::uint8_t> v(count);
    rng r(0x0BE7A);
    for (auto& b : v) b = static_cast<std::uint8_t>(r.next());
    benchmark::DoNotOptimize(v.data());
    return v;
}

// encode_mix(const std::uint8_t* operands, std::uint8_t* out) builds and encodes a fixed mix of
// instructions, writing their bytes to out, and returns how many it encoded (fewer: an error).
template <std::size_t MixSize, std::size_t UnitBytes, class EncodeMix>
void encode(benchmark::State& state, EncodeMix&& encode_mix) {
    constexpr std::size_t rounds = 256, operands_per_round = 64;
    const auto operands = run_time_operands(rounds * operands_per_round);
    std::vector<std::uint8_t> out(MixSize * UnitBytes);
    for (auto _ : state) {
        for (std::size_t k = 0; k < rounds; ++k) {
            if (encode_mix(operands.data() + k * operands_per_round, out.data()) != MixSize) state.SkipWithError("a builder in the mix failed");
            benchmark::DoNotOptimize(out.data());
            benchmark::ClobberMemory();
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * rounds * MixSize));
}

// What an encode mix of builder calls ends with: each built instruction encoded into out, one unit
// of Isa::max_unit_bytes after another (its bytes: an array of that size, or fewer); how many
// before the first that failed.
template <class Isa, class Mix>
std::size_t encode_each(const Mix& mix, std::uint8_t* out) {
    std::size_t n = 0;
    for (const auto& in : mix) {
        const auto bytes = encode(in);  // the ISA's, found by argument-dependent lookup
        if (!bytes) return n;
        static_assert(std::tuple_size_v<std::decay_t<decltype(*bytes)>> <= Isa::max_unit_bytes);
        std::copy(bytes->begin(), bytes->end(), out + n * Isa::max_unit_bytes);
        ++n;
    }
    return n;
}

// Registers codec/{decode,encode,assemble,disassemble}/<isa> over a corpus.
template <class Isa, std::size_t MixSize, class EncodeMix>
void register_corpus(std::shared_ptr<const corpus<Isa>> c, EncodeMix encode_mix) {
    const std::string isa(Isa::name);
    benchmark::RegisterBenchmark(("codec/decode/" + isa).c_str(), [c](benchmark::State& s) { decode<Isa>(s, *c); });
    benchmark::RegisterBenchmark(("codec/encode/" + isa).c_str(),
                                 [encode_mix](benchmark::State& s) { encode<MixSize, Isa::max_unit_bytes>(s, encode_mix); });
    benchmark::RegisterBenchmark(("codec/assemble/" + isa).c_str(), [c](benchmark::State& s) { assemble<Isa>(s, *c); });
    benchmark::RegisterBenchmark(("codec/disassemble/" + isa).c_str(), [c](benchmark::State& s) { disassemble<Isa>(s, *c); });
}

// Registers codec/{decode,encode,assemble,disassemble}/<isa>, over a corpus of 4096 units seeded
// with the encode mix's instructions; returns the corpus.
template <class Isa, std::size_t MixSize, class RandomUnit, class EncodeMix>
std::shared_ptr<const corpus<Isa>> register_all(RandomUnit&& random_unit, EncodeMix encode_mix) {
    const std::vector<std::uint8_t> operands(64, 1);
    std::vector<std::uint8_t> seeds(MixSize * Isa::max_unit_bytes);
    seeds.resize(encode_mix(operands.data(), seeds.data()) * Isa::max_unit_bytes);
    auto c = accepted_corpus<Isa>(4096, random_unit, seeds);
    register_corpus<Isa, MixSize>(c, encode_mix);
    return c;
}

void register_attila();
void register_valhall();
void register_amdil();
void register_cayman();
void register_nvasm();  // text only: assemble and disassemble

}  // namespace ctisa_bench::codec
