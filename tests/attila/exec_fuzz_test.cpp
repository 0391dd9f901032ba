// SPDX-License-Identifier: MIT
// Any program the decoder accepts runs to an answer: every lane finishes, or the run stops with
// step_limit or bad_branch_target, on the interpreter. Random programs of the reference vectors'
// instructions (some with a bit flipped) run over random registers, NaNs and infinities included.
// Under the sanitizers (scripts/test.sh sanitize) this also shows that no input program has
// undefined behaviour.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <ctisa/attila/executor.hpp>

#include "random.hpp"
#include "test_data.hpp"

namespace at = ctisa::attila;
namespace ex = ctisa::attila::exec;

namespace {

using ctisa_test::rng;

// Every instruction of the reference vectors ctisa assembles: all 53 opcodes with their operand
// forms, modifiers, predication, relative addressing and jump offsets.
std::vector<at::instruction> instruction_pool() {
    std::vector<at::instruction> pool;
    const auto text = ctisa_test::read_file(ctisa_test::shared_path("reference/attila/attila_asm_encoding_vectors.tsv"));
    for (const auto& line : ctisa_test::lines_of(text)) {
        const auto f = ctisa_test::split(line, '\t');
        if (f.size() < 2 || f[0] != "ACCEPT") continue;
        ctisa::text::cursor in(f[1], at::comment_starts);
        if (auto parsed = at::isa::parse(in)) pool.push_back(*parsed);
    }
    return pool;
}

// A pooled instruction, and one time in four its encoding with a bit flipped (when that still
// decodes): fields in combinations the assembler never writes.
at::instruction random_instruction(rng& r, const std::vector<at::instruction>& pool) {
    const at::instruction& in = pool[r.next() % pool.size()];
    if (r.next() % 4 != 0) return in;
    auto bytes = at::encode(in).value();
    const auto bit = r.next() % 128;
    bytes[bit / 8] = static_cast<std::uint8_t>(bytes[bit / 8] ^ (1u << (bit % 8)));
    const auto d = at::decode(bytes);
    return d ? *d : in;
}

// Words that matter to float code: signed zeros, infinities, NaNs, denormals, big and small values.
std::uint32_t random_word(rng& r) {
    static constexpr std::uint32_t special[] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                                0xFFFFFFFFu, 0x00000001u, 0x7F7FFFFFu, 0x3F800000u, 0xCF000000u};
    const std::uint64_t v = r.next();
    return (v & 3) == 0 ? special[(v >> 8) % 10] : static_cast<std::uint32_t>(v >> 16);  // next() gives 53 bits
}

}  // namespace

TEST_CASE("random decoded programs run to an answer", "[attila][exec][fuzz]") {
    const auto pool = instruction_pool();
    REQUIRE(pool.size() > 2000);
    rng r{0xD1B54A32D192ED03ULL};
    std::array<std::size_t, 3> outcomes{};  // ok, step_limit, bad_branch_target
    constexpr std::size_t programs = 3000;
    for (std::size_t p = 0; p < programs; ++p) {
        std::vector<at::instruction> code;
        const std::size_t length = 1 + r.next() % 24;
        for (std::size_t i = 0; i < length; ++i) code.push_back(random_instruction(r, pool));
        ex::machine<8> m(code, 1 + r.next() % 8);
        for (std::size_t lane = 0; lane < 8; ++lane)
            for (unsigned reg = 0; reg < at::register_count; ++reg)
                for (auto b : {at::bank::in, at::bank::temp, at::bank::addr, at::bank::out})
                    m.set(b, reg, lane, std::array<std::uint32_t, 4>{random_word(r), random_word(r), random_word(r), random_word(r)});
        for (unsigned c = 0; c < at::constant_count; ++c)
            m.set_constant(c, std::array<std::uint32_t, 4>{random_word(r), random_word(r), random_word(r), random_word(r)});
        const auto status = m.run(2000);
        using ctisa::error_code;
        const error_code c = status.error.code;
        INFO("program " << p << ": " << status.error.message());
        REQUIRE((c == error_code::none || c == error_code::step_limit || c == error_code::bad_branch_target));
        ++outcomes[c == error_code::none ? 0 : c == error_code::step_limit ? 1 : 2];
    }
    std::printf("attila executor fuzz: %zu random programs: %zu finished, %zu step limit, %zu bad branch target\n", programs, outcomes[0],
                outcomes[1], outcomes[2]);
    CHECK(outcomes[0] > programs / 4);
}
