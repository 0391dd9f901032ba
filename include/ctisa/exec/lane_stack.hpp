// SPDX-License-Identifier: MIT
// The runtime half of structured control flow: the active mask of W lanes and a fixed-depth stack
// of frames (branches, loops, switches, calls), with the primitives that move lanes between them.
// The structured run loop (structured.hpp) drives it from matched keywords; an ISA that works with
// explicit addresses (Cayman's PUSH / POP n / ELSE / LOOP_* / CALL / RETURN) calls the same
// primitives from its step and chooses its jumps itself.
//
// Primitives that take lanes take them by value: callers pass active() or live() itself.
// A lane that leaves a scope early (break, continue, return) is cleared from every frame above
// the frame it leaves to, so no later pop can wake it before that scope ends. Ended lanes are
// cleared from `live` once; every restore is masked with it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "lanes.hpp"

namespace ctisa::exec {

template <std::size_t W>
using lane_mask = std::array<lane_word, W>;

template <std::size_t W>
[[nodiscard]] inline bool any_of(const lane_mask<W>& m) noexcept {
    lane_word any = 0;
    for (std::size_t l = 0; l < W; ++l) any |= m[l];
    return any != 0;
}

enum class frame_kind : std::uint8_t { branch, loop, switch_, call };

// No rejoin point: an explicitly driven frame, whose ISA walks every instruction itself.
inline constexpr std::uint32_t no_pc = ~std::uint32_t{0};

template <std::size_t W>
struct lane_frame {
    frame_kind kind = frame_kind::branch;
    bool counted = false;             // loop: `values` count iterations down
    std::uint32_t rejoin = no_pc;     // where lanes may become active again (see structured.hpp)
    std::uint32_t origin = 0;         // loop: its first body instruction; switch: the switch;
                                      // call: the return address
    // (The masks are set by each push, not zeroed with the stack: Depth frames of three W-lane
    // rows cleared at every run cost Cayman's interpreter a tenth of a short program's time.)
    lane_mask<W> resume;              // the lanes active again once the block is over
    lane_mask<W> held;                // branch: the else lanes; loop: the lanes still iterating;
                                      // switch: the lanes that broke out
    lane_mask<W> values;              // loop: per-lane counters; switch: per-lane selectors
};

template <std::size_t W, std::size_t Depth>
class lane_stack {
public:
    using mask = lane_mask<W>;

    explicit lane_stack(std::size_t lanes = W) noexcept {
        for (std::size_t l = 0; l < W; ++l) live_[l] = l < lanes ? lane_on : 0;  // (whole: a vector loop)
        active_ = live_;
        refresh();
    }

    [[nodiscard]] const mask& active() const noexcept { return active_; }
    [[nodiscard]] const mask& live() const noexcept { return live_; }
    // Cached: the run loop asks before every instruction, the masks change only here.
    [[nodiscard]] bool any_active() const noexcept { return any_active_; }
    [[nodiscard]] bool any_live() const noexcept { return any_live_; }
    // Whether every lane of W is active (what an interpreter's kernels take as "all").
    [[nodiscard]] bool all_active() const noexcept { return all_active_; }
    // Whether some active lane is in `m` (Cayman: "all pixels fail the condition test").
    [[nodiscard]] bool any_active_in(const mask& m) const noexcept {
        lane_word any = 0;
        for (std::size_t l = 0; l < W; ++l) any |= active_[l] & m[l];
        return any != 0;
    }
    [[nodiscard]] std::size_t depth() const noexcept { return size_; }
    [[nodiscard]] std::size_t call_depth() const noexcept { return calls_; }
    // Needs depth() > 0.
    [[nodiscard]] lane_frame<W>& top() noexcept { return frames_[size_ - 1]; }

    // The innermost loop of the running function (null: none): its `values` are the counters
    // left, for a loop register such as AMD IL's aL or Cayman's.
    [[nodiscard]] const lane_frame<W>* innermost_loop() const noexcept {
        std::size_t k = innermost(frame_kind::loop, frame_kind::loop);
        return k == size_ ? nullptr : &frames_[k];
    }

    // Deactivates lanes without a frame (Cayman POP with a condition, a predicate update).
    void restrict_to(const mask& keep) noexcept {
        for (std::size_t l = 0; l < W; ++l) active_[l] &= keep[l];
        refresh();
    }

    // Activates the live lanes of `m` without a frame (Cayman REACTIVATE, whole quad mode).
    void activate(const mask& m) noexcept {
        for (std::size_t l = 0; l < W; ++l) active_[l] |= m[l] & live_[l];
        refresh();
    }

    // Branch: saves the active lanes, keeps those in `taken`, holds the rest for an else.
    // False when the stack is full (nothing changes).
    bool push_branch(const mask& taken, std::uint32_t rejoin = no_pc) noexcept {
        lane_frame<W>* f = push(frame_kind::branch, rejoin, 0);
        if (!f) return false;
        for (std::size_t l = 0; l < W; ++l) {
            f->held[l] = active_[l] & ~taken[l];
            active_[l] &= taken[l];
        }
        refresh();
        return true;
    }
    // Matched else: the held lanes run, the then-lanes wait for the endif.
    void enter_else(std::uint32_t rejoin) noexcept {
        lane_frame<W>& f = top();
        for (std::size_t l = 0; l < W; ++l) active_[l] = f.held[l] & live_[l];
        f.rejoin = rejoin;
        refresh();
    }
    // Cayman ELSE: among the lanes active at the last push that pass `cond`, active and
    // branch-inactive swap. False (nothing changes) when nothing was pushed.
    bool else_flip(const mask& cond) noexcept {
        if (size_ == 0) return false;
        const lane_frame<W>& f = frames_[size_ - 1];
        for (std::size_t l = 0; l < W; ++l) {
            lane_word flip = f.resume[l] & cond[l] & live_[l];
            active_[l] = (active_[l] ^ flip) & live_[l];
        }
        refresh();
        return true;
    }
    // Pops n frames (as many as there are); the active lanes become those of the last one popped.
    void pop(std::size_t n = 1) noexcept {
        if (n > size_) n = size_;
        if (n == 0) return;
        size_ -= n;
        for (std::size_t i = size_; i < size_ + n; ++i)
            if (frames_[i].kind == frame_kind::call) --calls_;
        for (std::size_t l = 0; l < W; ++l) active_[l] = frames_[size_].resume[l] & live_[l];
        refresh();
    }

    // Loop: the active lanes in `enter` (null: all) whose count (null: uncounted) is positive
    // iterate. False when the stack is full.
    bool push_loop(const lane_word* enter, const lane_word* counts, std::uint32_t rejoin, std::uint32_t body) noexcept {
        lane_frame<W>* f = push(frame_kind::loop, rejoin, body);
        if (!f) return false;
        f->counted = counts != nullptr;
        for (std::size_t l = 0; l < W; ++l) {
            lane_word in = active_[l] & (enter ? enter[l] : lane_on);
            if (counts) {
                f->values[l] = counts[l];
                in &= static_cast<std::int32_t>(counts[l]) > 0 ? lane_on : 0;
            }
            f->held[l] = in;
            active_[l] = in;
        }
        refresh();
        return true;
    }
    // At the innermost loop's end: frames left above it go, and every lane still iterating is
    // active again (those that continued too). False (nothing changes) outside every loop.
    bool arrive_loop_end() noexcept {
        std::size_t k = innermost(frame_kind::loop, frame_kind::loop);
        if (k == size_) return false;
        size_ = k + 1;  // no call frame lies above the innermost loop
        const lane_frame<W>& f = frames_[k];
        for (std::size_t l = 0; l < W; ++l) active_[l] = f.held[l] & live_[l];
        refresh();
        return true;
    }
    // After arrive_loop_end (the loop is on top): counters go down; lanes in `stay` (null: all)
    // with a positive count iterate again. True: go around (active = those lanes). False: the
    // loop is popped (or there was none).
    bool loop_again(const lane_word* stay) noexcept {
        if (size_ == 0 || frames_[size_ - 1].kind != frame_kind::loop) return false;
        lane_frame<W>& f = top();
        for (std::size_t l = 0; l < W; ++l) {
            lane_word again = active_[l] & (stay ? stay[l] : lane_on);
            if (f.counted && active_[l]) {
                f.values[l] -= 1;
                again &= static_cast<std::int32_t>(f.values[l]) > 0 ? lane_on : 0;
            }
            f.held[l] = again;
            active_[l] = again;
        }
        refresh();
        if (any_active()) return true;
        pop();
        return false;
    }

    // Lanes of `m` break out of the innermost loop or switch. False when there is none.
    bool break_lanes(mask m) noexcept {
        std::size_t k = innermost(frame_kind::loop, frame_kind::switch_);
        if (k == size_) return false;
        leave_to(k, m);
        for (std::size_t l = 0; l < W; ++l)
            frames_[k].held[l] = frames_[k].kind == frame_kind::loop ? frames_[k].held[l] & ~m[l] : frames_[k].held[l] | m[l];
        return true;
    }
    // When the innermost loop or switch is a loop with no lane left iterating: pops it and the
    // frames above it (its lanes resume after the loop) and returns true.
    bool leave_loop_if_done() noexcept {
        std::size_t k = innermost(frame_kind::loop, frame_kind::switch_);
        if (k == size_ || frames_[k].kind != frame_kind::loop) return false;
        for (std::size_t l = 0; l < W; ++l)
            if (frames_[k].held[l] & live_[l]) return false;
        pop(size_ - k);
        return true;
    }
    // Lanes of `m` wait at the innermost loop's end. False when there is none.
    bool continue_lanes(mask m) noexcept {
        std::size_t k = innermost(frame_kind::loop, frame_kind::loop);
        if (k == size_) return false;
        leave_to(k, m);
        return true;
    }
    // Pops every frame above the innermost loop (Cayman LOOP_BREAK / LOOP_CONTINUE that jump).
    void unwind_to_loop() noexcept {
        std::size_t k = innermost(frame_kind::loop, frame_kind::loop);
        if (k == size_) return;
        for (std::size_t i = k + 1; i < size_; ++i)
            if (frames_[i].kind == frame_kind::call) --calls_;
        size_ = k + 1;
    }
    // True when no lane of the innermost loop is still in this iteration: none active, none
    // waiting in a frame above the loop (Cayman: all broke or continued, none branch-inactive).
    [[nodiscard]] bool iteration_done() const noexcept {
        if (any_active()) return false;
        std::size_t k = innermost(frame_kind::loop, frame_kind::loop);
        if (k == size_ || k + 1 == size_) return true;
        for (std::size_t l = 0; l < W; ++l)
            if (frames_[k + 1].resume[l] & live_[l]) return false;
        return true;
    }

    // Call: the lanes of `m` enter the callee; all active lanes resume at `return_pc` when it is
    // over. False when the stack is full.
    bool call(const mask& m, std::uint32_t return_pc) noexcept {
        lane_frame<W>* f = push(frame_kind::call, no_pc, return_pc);
        if (!f) return false;
        ++calls_;
        for (std::size_t l = 0; l < W; ++l) active_[l] &= m[l];
        refresh();
        return true;
    }
    // Lanes of `m` return: they wait for the rest of the call. Outside every call they end.
    void return_lanes(mask m) noexcept {
        std::size_t k = innermost(frame_kind::call, frame_kind::call);
        if (k == size_) return end_lanes(m);
        leave_to(k, m);
    }
    // Pops the innermost call once no lane runs in it; returns its return address (no_pc, and
    // nothing changes, outside every call).
    std::uint32_t finish_call() noexcept {
        std::size_t k = innermost(frame_kind::call, frame_kind::call);
        if (k == size_) return no_pc;
        std::uint32_t to = frames_[k].origin;
        pop(size_ - k);
        return to;
    }

    // Switch: no lane runs until its label; `selectors` pick it.
    bool push_switch(const lane_word* selectors, std::uint32_t rejoin, std::uint32_t at) noexcept {
        lane_frame<W>* f = push(frame_kind::switch_, rejoin, at);
        if (!f) return false;
        for (std::size_t l = 0; l < W; ++l) {
            f->values[l] = selectors ? selectors[l] : 0;
            f->held[l] = 0;
            active_[l] = 0;
        }
        refresh();
        return true;
    }
    // A case label (the switch on top): lanes whose selector is `value` join those falling through.
    void enter_case(lane_word value, std::uint32_t rejoin) noexcept {
        lane_frame<W>& f = top();
        for (std::size_t l = 0; l < W; ++l) active_[l] |= f.resume[l] & live_[l] & ~f.held[l] & (f.values[l] == value ? lane_on : 0);
        f.rejoin = rejoin;
        refresh();
    }
    // A default label (the switch on top): lanes matching no case (`matched`) join those falling through.
    void enter_default(const mask& matched, std::uint32_t rejoin) noexcept {
        lane_frame<W>& f = top();
        for (std::size_t l = 0; l < W; ++l) active_[l] |= f.resume[l] & live_[l] & ~f.held[l] & ~matched[l];
        f.rejoin = rejoin;
        refresh();
    }

    // The lanes of `m` end for good (END, kill, discard).
    void end_lanes(mask m) noexcept {
        for (std::size_t l = 0; l < W; ++l) {
            live_[l] &= ~m[l];
            active_[l] &= ~m[l];
        }
        refresh();
    }

private:
    lane_frame<W>* push(frame_kind kind, std::uint32_t rejoin, std::uint32_t origin) noexcept {
        if (size_ == Depth) return nullptr;
        lane_frame<W>& f = frames_[size_++];
        f.kind = kind;
        f.counted = false;
        f.rejoin = rejoin;
        f.origin = origin;
        f.resume = active_;
        f.held = {};
        f.values = {};
        return &f;
    }
    std::size_t innermost(frame_kind a, frame_kind b) const noexcept {
        for (std::size_t i = size_; i-- > 0;) {
            if (frames_[i].kind == a || frames_[i].kind == b) return i;
            if (frames_[i].kind == frame_kind::call) break;  // scopes end at a function's edge
        }
        return size_;
    }
    // The lanes of `m` leave every frame above k, and the active mask.
    void leave_to(std::size_t k, const mask& m) noexcept {
        for (std::size_t i = k + 1; i < size_; ++i)
            for (std::size_t l = 0; l < W; ++l) {
                frames_[i].resume[l] &= ~m[l];
                frames_[i].held[l] &= ~m[l];
            }
        for (std::size_t l = 0; l < W; ++l) active_[l] &= ~m[l];
        refresh();
    }

    void refresh() noexcept {
        any_active_ = any_of<W>(active_);
        any_live_ = any_of<W>(live_);
        lane_word all = lane_on;
        for (std::size_t l = 0; l < W; ++l) all &= active_[l];
        all_active_ = all != 0;
    }

    std::array<lane_frame<W>, Depth> frames_;  // [0, size_) pushed (push sets every field)
    std::size_t size_ = 0;
    std::size_t calls_ = 0;
    mask active_{};
    mask live_{};
    bool any_active_ = false;
    bool any_live_ = false;
    bool all_active_ = false;
};

}  // namespace ctisa::exec
