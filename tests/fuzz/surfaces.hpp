// SPDX-License-Identifier: MIT
// The fuzzed surfaces of an ISA, written once over the contract (core/contract.hpp) and the run
// adapter (examples/ctisa/run.hpp names its parts): an ISA joins tests/fuzz/CMakeLists.txt with one
// line and gets every surface it has.
//   decode     bytes -> whole program (the ISA's stream decoder), printed when accepted
//   assemble   text -> image (run-time assembler), or statements for a text-only ISA
//   roundtrip  bytes accepted by the decoder -> text -> bytes: the same bytes, else abort;
//              text-only ISAs: text accepted -> printed -> parsed -> printed: the same text
//   execute    ISAs with an executor: 8 bytes seed the registers, the rest is decoded and run
//              on a few lanes under a small step budget
// Every surface also checks what an error promises: a failed code, and a byte offset inside
// the image for decoding errors.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <ctisa/core/assembler.hpp>
#include <ctisa/core/disassembler.hpp>
#include <ctisa/core/statements.hpp>
#include <ctisa/exec/machine.hpp>

namespace ctisa::fuzz {

enum class surface { decode, assemble, roundtrip, execute, none };

inline surface surface_named(std::string_view name) {
    if (name == "decode") return surface::decode;
    if (name == "assemble") return surface::assemble;
    if (name == "roundtrip") return surface::roundtrip;
    if (name == "execute") return surface::execute;
    return surface::none;
}

// An entry is an ISA's traits, or its run adapter (which names the ISA and its executor).
template <class Entry>
struct isa_of {
    using type = Entry;
};
template <class Entry>
    requires requires { typename Entry::isa; }
struct isa_of<Entry> {
    using type = typename Entry::isa;
};

template <class Entry>
constexpr bool has_executor = requires { typename Entry::machine; };

template <class Isa>
constexpr bool has_surface(surface s) {
    switch (s) {
        case surface::decode: return binary_isa<Isa>;
        case surface::assemble:
        case surface::roundtrip: return true;
        default: return false;
    }
}

[[noreturn]] inline void fail(const char* what, std::string_view detail) {
    std::fprintf(stderr, "ctisa fuzz: %s\n%.*s\n", what, static_cast<int>(detail.size()), detail.data());
    std::abort();
}

inline void check_error(const error& e, std::size_t image_size, bool bytes) {
    if (!e.failed()) fail("an error that is not one", "");
    if (bytes && e.offset > image_size) fail("a decoding error outside the image", std::to_string(e.offset));
}

template <class Isa>
void decode(std::span<const std::uint8_t> bytes) {
    const auto program = decode_program<Isa>(bytes);
    if (!program) return check_error(program.error(), bytes.size(), true);
    (void)to_string<Isa>(std::span<const typename Isa::instruction>(*program));
}

template <class Isa>
void assemble(std::string_view text) {
    if constexpr (binary_isa<Isa>) {
        const auto image = assemble_image<Isa>(text);
        if (!image) check_error(image.error(), 0, false);
    } else {
        const auto program = read_statements<Isa>(text);
        if (!program) check_error(program.error(), 0, false);
    }
}

inline std::string hex(std::span<const std::uint8_t> bytes) {
    std::string s;
    char b[4];
    for (const std::uint8_t v : bytes) std::snprintf(b, sizeof b, "%02x ", v), s += b;
    return s;
}

// Up to 32 bytes of an image from `from`, in hex.
inline std::string hex_window(std::span<const std::uint8_t> bytes, std::size_t from) {
    from = std::min(from, bytes.size());
    return hex(bytes.subspan(from, std::min<std::size_t>(32, bytes.size() - from)));
}

// Each statement of `text` (the printed `program`, one statement a unit) parses to its unit.
template <class Isa>
void statement_round_trip(const std::vector<typename Isa::instruction>& program, const std::string& text) {
    std::size_t i = 0;
    const error e = for_each_statement<Isa>(text, [&](const typename Isa::instruction& in, text::position) {
        if (i >= program.size() || !(in == program[i])) fail("a printed statement reads as another unit", text);
        ++i;
        return error{};
    });
    if (e.failed() || i != program.size()) fail("the disassembly does not read statement by statement", text);
}

template <class Isa>
void binary_round_trip(std::span<const std::uint8_t> bytes) {
    const auto program = decode_program<Isa>(bytes);
    if (!program) return;
    const std::string text = to_string<Isa>(std::span<const typename Isa::instruction>(*program));
    const auto again = assemble_bytes<Isa>(text);
    if (!again) {
        // A program the decoder reads may break a rule of the program that the assembler checks
        // (AMD IL: declarations before use, read-only registers; Isa::program_rule says which
        // errors those are). Then each statement must still read back as the unit it was printed from.
        if constexpr (requires { Isa::program_rule(again.error().code); })
            if (Isa::program_rule(again.error().code)) return statement_round_trip<Isa>(*program, text);
        fail("the disassembly does not assemble", text + "error: " + std::string(again.error().message()));
    }
    const auto [in, out] = std::mismatch(bytes.begin(), bytes.end(), again->begin(), again->end());
    if (in != bytes.end() || out != again->end()) {
        // The bytes around the first difference, and the text (whole: the statement is in it).
        const auto at = static_cast<std::size_t>(in - bytes.begin());
        const std::size_t from = at < 16 ? 0 : at - 16;
        fail("the disassembly assembles to other bytes", "first difference at byte " + std::to_string(at) + " (bytes from " +
                                                             std::to_string(from) + ")\nin:  " + hex_window(bytes, from) +
                                                             "\nout: " + hex_window(*again, from) + "\n" + text);
    }
}

template <class Isa>
void text_round_trip(std::string_view text) {
    const auto program = read_statements<Isa>(text);
    if (!program) return;
    const std::string printed = to_string<Isa>(std::span<const typename Isa::instruction>(program->statements));
    const auto again = read_statements<Isa>(printed);
    if (!again) fail("the printed program does not parse", printed + "error: " + std::string(again.error().message()));
    const std::string reprinted = to_string<Isa>(std::span<const typename Isa::instruction>(again->statements));
    if (reprinted != printed) fail("the printed program prints otherwise", printed + "---\n" + reprinted);
}

inline constexpr std::size_t executed_lanes = 4;
inline constexpr std::uint64_t step_budget = 256;

// The machine the execute surface runs: the adapter's, as wide as the lanes it runs when it is the
// shared interpreter or derives from it (an adapter's machine that only records emits for the
// output: same semantics code; a warp of 256 made every input allocate, clear and step 256-word rows
// and masks for 4 live lanes: a third of the time).
// Only where the shared machine runs the ISA's own instructions (Cayman's adapter turns them into
// the executor's items first, and keeps its own machine).
template <class Machine, class Instruction>
struct executed_machine {
    using type = Machine;
};
template <class Machine, class Instruction>
    requires std::is_base_of_v<exec::machine<typename Machine::traits, Machine::lanes>, Machine> &&
             std::is_same_v<typename Machine::traits::instruction, Instruction>
struct executed_machine<Machine, Instruction> {
    using type = exec::machine<typename Machine::traits, std::min(executed_lanes, Machine::lanes)>;
};

// Registers from a seed (splitmix64): every word of the machine's storage on the lanes that run
// (all rows, so internal state too); the other lanes never run.
template <class Machine>
void randomize(Machine& m, std::uint64_t seed) {
    const std::size_t lanes = std::min(m.active_lanes(), Machine::lanes);
    auto* storage = m.storage();
    for (std::size_t row = 0; row < m.registers().rows; ++row)
        for (std::size_t lane = 0; lane < lanes; ++lane) {
            std::uint64_t z = (seed += 0x9E3779B97F4A7C15u);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
            storage[row * Machine::lanes + lane] = static_cast<std::uint32_t>(z ^ (z >> 31));
        }
}

// An adapter whose run machine is a work-group of wavefronts (AMD IL) names the machine of one
// wavefront, which the execute surface runs as before.
template <class Entry>
struct wavefront_machine_of {
    using type = typename Entry::machine;
};
template <class Entry>
    requires requires { typename Entry::wavefront_machine; }
struct wavefront_machine_of<Entry> {
    using type = typename Entry::wavefront_machine;
};

template <class Entry>
void execute(std::span<const std::uint8_t> data) {
    using isa = typename isa_of<Entry>::type;
    if (data.size() < 8) return;
    std::uint64_t seed = 0;
    std::memcpy(&seed, data.data(), 8);
    const auto go = [&](std::span<const typename isa::instruction> program) {
        typename executed_machine<typename wavefront_machine_of<Entry>::type, typename isa::instruction>::type m(program, executed_lanes);
        randomize(m, seed);
        (void)m.run(step_budget);
    };
    if constexpr (binary_isa<isa>) {
        const auto program = decode_program<isa>(data.subspan(8));
        if (program && !program->empty()) go(*program);
    } else {  // a language of text: the program is the text after the seed
        const auto program = read_statements<isa>(std::string_view(reinterpret_cast<const char*>(data.data()) + 8, data.size() - 8));
        if (program && !program->statements.empty()) go(program->statements);
    }
}

template <class Entry>
void run(surface s, const std::uint8_t* data, std::size_t size) {
    using isa = typename isa_of<Entry>::type;
    const std::span<const std::uint8_t> bytes(data, size);
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    switch (s) {
        case surface::decode:
            if constexpr (binary_isa<isa>) decode<isa>(bytes);
            break;
        case surface::assemble: assemble<isa>(text); break;
        case surface::roundtrip:
            if constexpr (binary_isa<isa>) binary_round_trip<isa>(bytes);
            else text_round_trip<isa>(text);
            break;
        case surface::execute:
            if constexpr (has_executor<Entry>) execute<Entry>(bytes);
            break;
        case surface::none: break;
    }
}

template <class Entry>
bool has(surface s) {
    return s == surface::execute ? has_executor<Entry> : has_surface<typename isa_of<Entry>::type>(s);
}

}  // namespace ctisa::fuzz
