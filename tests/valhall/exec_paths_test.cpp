// SPDX-License-Identifier: MIT
// The interpreter and the compiled path give bit-identical results: every executable family
// (straight-line programs, run in blocks of lanes when compiled) and control flow (a program with
// branches, cross-lane reads in a divergent loop, a message, discards and returns), on warps of 16
// and 64 lanes (two blocks of 32), full and partial, with a short step budget too.
#include "exec_paths.hpp"

TEST_CASE("interpreter and compiled path agree: 16 and 64 lanes", "[valhall][exec][paths]") {
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        paths::compare<paths::float_program, 16>(seed);
        paths::compare<paths::int_program, 16>(seed);
        paths::compare<paths::branch_program, 16>(seed);
        paths::compare<paths::float_program, 64>(seed);
        paths::compare<paths::int_program, 64>(seed);
        paths::compare<paths::branch_program, 64>(seed);
    }
    paths::compare<paths::int_program, 16>(9, 13);       // a partial warp: the control loop
    paths::compare<paths::float_program, 64>(9, 64, 20);  // the budget ends the run after 20 instructions
    paths::compare<paths::branch_program, 64>(9, 50);
}
