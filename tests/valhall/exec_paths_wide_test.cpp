// SPDX-License-Identifier: MIT
// The interpreter and the compiled path give bit-identical results on warps that are not a power
// of two (5 lanes: smaller than a quad-subgroup pair; 40: one block of 40 lanes, subgroups cut off).
#include "exec_paths.hpp"

TEST_CASE("interpreter and compiled path agree: 5 and 40 lanes", "[valhall][exec][paths]") {
    for (std::uint32_t seed = 11; seed <= 13; ++seed) {
        paths::compare<paths::float_program, 5>(seed);
        paths::compare<paths::int_program, 5>(seed);
        paths::compare<paths::branch_program, 5>(seed);
        paths::compare<paths::float_program, 40>(seed);
        paths::compare<paths::int_program, 40>(seed);
        paths::compare<paths::branch_program, 40>(seed);
    }
}
