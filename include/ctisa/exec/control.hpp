// SPDX-License-Identifier: MIT
// Control flow over N lanes: one program counter while the lanes agree, one per lane once a
// branch divides them. Divergent lanes are scheduled by lowest program counter first, which runs
// each lane through exactly the instructions it would run alone and lets lanes meet again where
// their paths join (the lanes that jumped ahead wait; the ones behind catch up).
//
// The step budget counts the instructions each lane executes; a lane that exceeds it stops the
// run with error_code::step_limit instead of looping forever.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "../core/error.hpp"
#include "lanes.hpp"

namespace ctisa::exec {

template <std::size_t N>
class lane_control {
public:
    // Lanes [0, lanes) take part; the others never run.
    lane_control(std::uint32_t program_length, std::uint64_t step_budget, std::size_t lanes = N) noexcept
        : length_(program_length), budget_(step_budget), live_count_(lanes < N ? lanes : N) {
        for (std::size_t l = 0; l < live_count_; ++l) live_[l] = lane_on;
    }

    // The next instruction to run: its program counter and the lanes standing at it. False when
    // every lane has finished or an error stopped the run (see status()). `at_pc` must be the same
    // array, unchanged by the caller, from one call to the next (while the lanes agree it is only
    // rewritten when lanes finish).
    bool select(std::uint32_t& pc, std::array<lane_word, N>& at_pc, bool& all_lanes) noexcept {
        if (status_.failed()) return false;
        if (converged_) {
            if (pc_ >= length_) finish_all();
            if (live_count_ == 0) return false;
            if (steps_ + max_lane_steps_ >= budget_) return fail(error_code::step_limit);
            pc = pc_;
            if (!at_pc_current_) {  // the caller's at_pc is unchanged since the last select
                at_pc = live_;
                at_pc_current_ = true;
            }
            all_lanes = live_count_ == N;
            return true;
        }
        std::uint32_t lowest = ~std::uint32_t{0};
        for (std::size_t l = 0; l < N; ++l) {
            if (live_[l] && lane_pc_[l] >= length_) finish_lane(l);
            if (live_[l] && lane_pc_[l] < lowest) lowest = lane_pc_[l];
        }
        if (live_count_ == 0) return false;
        bool agree = true;
        for (std::size_t l = 0; l < N; ++l) {
            at_pc[l] = (live_[l] && lane_pc_[l] == lowest) ? lane_on : 0;
            if (live_[l] && lane_pc_[l] != lowest) agree = false;
        }
        at_pc_current_ = false;
        if (agree) {  // the paths joined: back to one program counter
            converged_ = true;
            pc_ = lowest;
            steps_ = 0;
            max_lane_steps_ = 0;
            for (std::size_t l = 0; l < N; ++l)
                if (live_[l] && lane_steps_[l] > max_lane_steps_) max_lane_steps_ = lane_steps_[l];
        }
        for (std::size_t l = 0; l < N; ++l)
            if (at_pc[l] && lane_steps_[l] >= budget_) return fail(error_code::step_limit);
        pc = lowest;
        all_lanes = agree && live_count_ == N;
        return true;
    }

    // After the instruction at `pc` ran for the lanes `at_pc`: those in `taken` (may be null) go
    // to `target`, the others to pc + 1. `target` may be the program's length (the lanes end).
    void advance(std::uint32_t pc, const std::array<lane_word, N>& at_pc, const lane_word* taken, std::int64_t target) noexcept {
        bool any_taken = false, all_taken = true;
        if (taken) {
            for (std::size_t l = 0; l < N; ++l) {
                if (!at_pc[l]) continue;
                if (taken[l]) any_taken = true;
                else all_taken = false;
            }
        }
        if (any_taken && (target < 0 || target > static_cast<std::int64_t>(length_))) {
            fail(error_code::bad_branch_target);
            return;
        }
        if (converged_) {
            ++steps_;
            if (!any_taken) {
                pc_ = pc + 1;
                return;
            }
            if (all_taken) {
                pc_ = static_cast<std::uint32_t>(target);
                return;
            }
            diverge();
        } else {
            for (std::size_t l = 0; l < N; ++l)
                if (at_pc[l] && ++lane_steps_[l] > max_lane_steps_) max_lane_steps_ = lane_steps_[l];
        }
        for (std::size_t l = 0; l < N; ++l)
            if (at_pc[l]) lane_pc_[l] = (taken && taken[l]) ? static_cast<std::uint32_t>(target) : pc + 1;
    }

    // While every live lane stands at the selected pc: how many of the next `wanted` instructions
    // they may run before the budget stops them (at least 1 after select); 0 once they diverged.
    [[nodiscard]] std::uint32_t straight_run(std::uint32_t wanted) const noexcept {
        if (!converged_) return 0;
        const std::uint64_t left = budget_ - steps_ - max_lane_steps_;
        return wanted < left ? wanted : static_cast<std::uint32_t>(left);
    }
    // Those lanes ran the n instructions from the selected pc on, none branching or ending:
    // advance(pc, ...) n times in one.
    void skip(std::uint32_t n) noexcept {
        steps_ += n;
        pc_ += n;
    }

    // Ends the lanes of `mask` (end flag, END, a kill).
    void finish(const lane_word* mask) noexcept {
        for (std::size_t l = 0; l < N; ++l)
            if (mask[l] && live_[l]) finish_lane(l);
    }
    void finish_all() noexcept {
        live_.fill(0);
        live_count_ = 0;
        at_pc_current_ = false;
    }

    [[nodiscard]] const error& status() const noexcept { return status_; }
    [[nodiscard]] const std::array<lane_word, N>& live() const noexcept { return live_; }

private:
    bool fail(error_code code) noexcept {
        status_ = error{code, 0, 0, 0, {}};
        return false;
    }
    void finish_lane(std::size_t l) noexcept {
        live_[l] = 0;
        --live_count_;
        at_pc_current_ = false;
    }
    void diverge() noexcept {
        converged_ = false;
        for (std::size_t l = 0; l < N; ++l) {
            lane_pc_[l] = pc_;
            lane_steps_[l] += steps_;
            if (lane_steps_[l] > max_lane_steps_) max_lane_steps_ = lane_steps_[l];
        }
        steps_ = 0;
    }

    std::uint32_t length_;
    std::uint64_t budget_;
    std::array<lane_word, N> live_{};
    std::size_t live_count_ = N;
    bool converged_ = true;
    bool at_pc_current_ = false;       // the caller's at_pc holds live_ (while converged)
    std::uint32_t pc_ = 0;
    std::uint64_t steps_ = 0;          // executed by every lane since the lanes last agreed
    std::uint64_t max_lane_steps_ = 0; // the most any lane executed before that
    std::array<std::uint32_t, N> lane_pc_{};
    std::array<std::uint64_t, N> lane_steps_{};
    error status_{};
};

}  // namespace ctisa::exec
