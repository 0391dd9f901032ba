// SPDX-License-Identifier: MIT
// One work-group as its wavefronts: each wavefront a machine of the ISA (a warp of W lanes) that
// pauses at the group's barriers (machine::pause_at_barriers), run in turn until every one has
// reached a barrier or finished, then on again from there. Written once for every ISA; a dispatch
// over a grid of groups runs this for each group.
//
//   auto out = ctisa::exec::run_wavefronts(waves.size(), [&](std::size_t k) { return waves[k].run(env, budget); });
//
// A barrier is released when every wavefront still running has reached one: wavefronts that wait
// at different barriers (a barrier in divergent flow) are released together rather than hang.
#pragma once

#include <cstddef>
#include <vector>

#include "traits.hpp"

namespace ctisa::exec {

// How a group's run ended: the first wavefront that stopped with an error, and its status.
struct group_status {
    run_status status{};
    std::size_t wavefront = 0;
    [[nodiscard]] bool ok() const noexcept { return status.ok(); }
};

// Runs wavefronts [0, count): run_one(k) runs or continues wavefront k and returns its run_status
// (paused: it waits at a barrier). Wavefronts run in ascending order between barriers, so that a
// group's result does not depend on anything but the program and its inputs.
template <class RunOne>
group_status run_wavefronts(std::size_t count, RunOne&& run_one) {
    std::vector<bool> done(count, false);
    for (bool waiting = true; waiting;) {
        waiting = false;
        for (std::size_t k = 0; k < count; ++k) {
            if (done[k]) continue;
            const run_status s = run_one(k);
            if (!s.ok()) return {s, k};
            if (s.paused) waiting = true;
            else done[k] = true;
        }
    }
    return {};
}

}  // namespace ctisa::exec
