// SPDX-License-Identifier: MIT
// The tests' pseudo-random numbers: a 64-bit LCG, reproducible from its seed on every platform
// (the standard library's distributions are not).
#pragma once

#include <cstdint>

namespace ctisa_test {

struct rng {
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    std::uint64_t next() {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return state >> 11;
    }
    unsigned below(unsigned n) { return static_cast<unsigned>(next() % n); }
};

}  // namespace ctisa_test
