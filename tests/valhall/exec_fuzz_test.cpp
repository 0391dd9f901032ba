// SPDX-License-Identifier: MIT
// Any program the decoder accepts runs to an answer: every lane finishes, or the run stops with
// step_limit, bad_branch_target or not_executable. Random words (most of them not instructions)
// are decoded; the instructions among them make random programs run over random registers. Under
// the sanitizers (scripts/test.sh sanitize) this also shows that no input program has undefined behaviour.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <ctisa/valhall/executor.hpp>

#include "random.hpp"

namespace va = ctisa::valhall;
namespace vx = ctisa::valhall::exec;

namespace {

using ctisa_test::rng;

// An instruction decoded from random 64-bit words (about one in five is one).
va::instruction random_instruction(rng& r) {
    for (;;) {
        const std::uint64_t w = (r.next() << 32) ^ r.next();  // next() gives 53 bits
        std::array<std::uint8_t, 8> bytes{};
        for (unsigned i = 0; i < 8; ++i) bytes[i] = static_cast<std::uint8_t>(w >> (8 * i));
        if (auto d = va::decode(bytes)) return *d;
    }
}

}  // namespace

TEST_CASE("random decoded programs run to an answer", "[valhall][exec][fuzz]") {
    rng r{0x9E3779B97F4A7C15ULL};
    std::array<std::size_t, 4> outcomes{};  // ok, step_limit, bad_branch_target, not_executable
    constexpr std::size_t programs = 3000;
    for (std::size_t p = 0; p < programs; ++p) {
        std::vector<va::instruction> code;
        const std::size_t length = 1 + r.next() % 24;
        for (std::size_t i = 0; i < length; ++i) code.push_back(random_instruction(r));
        vx::machine<8> m(code, 1 + r.next() % 8);
        for (unsigned reg = 0; reg < va::register_count; ++reg) {
            m.set_uniform(reg, static_cast<std::uint32_t>(r.next()));
            for (std::size_t lane = 0; lane < 8; ++lane) m.set(reg, lane, static_cast<std::uint32_t>(r.next()));
        }
        const auto status = m.run(2000);
        using ctisa::error_code;
        const error_code c = status.error.code;
        INFO("program " << p << ": " << status.error.message());
        REQUIRE((c == error_code::none || c == error_code::step_limit || c == error_code::bad_branch_target || c == error_code::not_executable));
        if (c == error_code::not_executable) REQUIRE_FALSE(status.reason.empty());
        ++outcomes[c == error_code::none ? 0 : c == error_code::step_limit ? 1 : c == error_code::bad_branch_target ? 2 : 3];
    }
    std::printf("valhall executor fuzz: %zu random programs: %zu finished, %zu step limit, %zu bad branch target, %zu not executable\n",
                programs, outcomes[0], outcomes[1], outcomes[2], outcomes[3]);
    CHECK(outcomes[0] > programs / 4);  // most programs compute and finish
}
