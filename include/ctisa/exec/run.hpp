// SPDX-License-Identifier: MIT
// The control-flow loop every ISA's executor runs: pick the instruction to run and its lanes
// (lane_control), let the ISA execute it, then move the lanes on as it says (branch, end).
// The interpreter and the compiled path of an ISA share this loop; they differ only in the step.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../core/error.hpp"
#include "control.hpp"
#include "lanes.hpp"

namespace ctisa::exec {

// What a step tells the loop about the instruction it ran.
template <std::size_t W>
struct flow {
    const lane_word* live = nullptr;   // in: the lanes that have not finished (any instruction)
    const lane_word* taken = nullptr;  // out: the lanes that branch to `target` (null: none)
    std::int64_t target = 0;           //      an instruction index; the program's length ends them
    bool end = false;                  // out: every lane that ran the instruction ends after it
    const lane_word* ended = nullptr;  // out: these lanes end after it (null: none)
    ctisa::error stop{};               // out: stops the run with this error (not_executable, ...)
};

// No straight runs: every instruction is a step of its own.
struct no_straight_runs {
    void operator()(std::uint32_t, std::uint32_t, const lane_word*, bool) const noexcept {}
};

// Runs a program of `length` instructions over W lanes, of which [0, lanes) take part.
// step(pc, at_pc, all_lanes, flow) runs instruction `pc` for the lanes of `at_pc` (an array of
// W masks; all_lanes when it is every lane of the warp). Returns step_limit, bad_branch_target,
// the error a step stopped with, or none (every lane finished).
// Straight runs: runs[pc] (when runs is not null) is how many instructions from pc go straight on
// (none branches, ends a lane or stops the run); while every live lane stands at pc, the loop hands
// them to straight(pc, n, at_pc, all_lanes) at once, n no more than the budget leaves, instead of
// stepping each (the budget counts each of them, so a run stops at the same instruction).
template <std::size_t W, class Step, class Straight = no_straight_runs>
error run_control(std::uint32_t length, std::uint64_t step_budget, std::size_t lanes, Step&& step, const std::uint32_t* runs = nullptr,
                  Straight&& straight = {}) {
    lane_control<W> control(length, step_budget, lanes);
    std::array<lane_word, W> at_pc{};
    std::uint32_t pc = 0;
    bool all = false;
    while (control.select(pc, at_pc, all)) {
        if constexpr (!std::is_same_v<std::remove_cvref_t<Straight>, no_straight_runs>) {
            if (runs && runs[pc] != 0) {
                if (const std::uint32_t n = control.straight_run(runs[pc])) {
                    straight(pc, n, at_pc.data(), all);
                    control.skip(n);
                    continue;
                }
            }
        }
        flow<W> f;
        f.live = control.live().data();
        step(pc, at_pc, all, f);
        if (f.stop.failed()) return f.stop;
        control.advance(pc, at_pc, f.taken, f.target);
        if (f.end) control.finish(at_pc.data());
        if (f.ended) control.finish(f.ended);
    }
    return control.status();
}

}  // namespace ctisa::exec
