// SPDX-License-Identifier: MIT
// Structured divergent control flow over W lanes: the run loop shared by the executors of ISAs
// whose branches are blocks (if / else / endif, loops with break and continue, switch, call and
// return) rather than jumps per lane.
//
//   auto m = match(std::array{flow_op{flow_kind::if_}, flow_op{}, flow_op{flow_kind::endif}});
//   auto out = run_structured<8>(3, m.view(), budget, lanes,
//       [&](std::uint32_t pc, const lane_mask<8>& active, step_io<8>& io) {
//           ... execute instruction pc for the lanes of `active` ...
//           if (pc == 0) io.set_cond(...);                        // the if's per-lane test
//       });
//
// One step per instruction for the lanes active at it; the engine moves pc and the masks. When no
// lane is active the engine does not walk the dead code: it jumps to the next point where lanes
// can become active again (the else, endif, endloop, next case, or the caller's return address).
// The budget counts instructions visited by the warp; running out stops the run with step_limit.
//
// What a step reports, by the instruction's flow_kind (cond absent: every active lane):
//   if        cond: the lanes taking the then-part
//   loop      cond: the lanes entering; values: per-lane iteration counts (absent: uncounted;
//             a count <= 0 skips the loop for that lane)
//   endloop   cond: the lanes that may go around again (counted loops also need count > 0 after
//             the decrement the engine does here)
//   break, continue, call, ret, end   cond: the lanes that do it
//   switch    values: per-lane selectors (absent: 0)
//   ordinary  jump: the next pc (explicitly driven ISAs); any kind: discard: lanes killed after it;
//             finish: every lane ends; stop: an error ends the run; yield: the run pauses after
//             the instruction (a barrier) when the options allow it (structured_options::pause)
// else, endif, case, default and endswitch only move masks: their step is not called.
//
// How the three structured ISAs map on to it:
// * AMD IL: if_logicalz / if_logicalnz / ifc / ifnz -> if (cond per lane from src0.x);
//   else, endif; whileloop -> uncounted loop, loop -> counted loop (values = src0.x; aL is
//   src0.y + src0.z * (src0.x - counts left), with the counts in stack->innermost_loop()->values
//   and the loop instruction at its origin - 1); endloop; break -> break, breakc / break_logicalz / break_logicalnz ->
//   break with cond; continue, continuec, continue_logical* -> continue (with cond); the engine
//   decrements the count at endloop, which is where the spec's CONTINUE decrements it too;
//   switch (values = src0), case n (flow_op.value = n), default, endswitch; call / callnz ->
//   call (cond for callnz, target = the FUNC's first instruction); ret / ret_dyn /
//   ret_logical* -> ret (with cond); end, endmain -> end; discard_logical* -> io.discard.
//   Calls past max_call_depth (32) are skipped, as the spec says of CALL and CALLNZ.
// * NV_gpu_program4: IF cc -> if; ELSE, ENDIF; REP n -> counted loop (values = floor(n)),
//   REP -> uncounted; ENDREP -> endloop; BRK cc / CONT cc / CAL cc / RET cc -> break /
//   continue / call / ret with cond = the cc test; RET with no call pending ends the lanes
//   ("terminates normally"); past the program's end a call returns. A subroutine that reaches
//   the next label returns too: the NV executor puts a ret before each label. KIL -> io.discard.
//   The rule that a count-less REP needs a BRK or RET is the NV assembler's to check.
// * Cayman: every CF instruction is `ordinary`; its step drives io.stack with the primitives
//   (push_branch, pop(n), else_flip, restrict_to, push_loop / arrive_loop_end / loop_again,
//   break_lanes / continue_lanes / unwind_to_loop, call / return_lanes) and sets io.jump to ADDR
//   when its rule says so (PUSH: when !any_active_in(cond), pop(POP_COUNT) and jump, else
//   push_branch(cond); JUMP: pop(POP_COUNT), jump when !any_active_in(cond); ELSE: pop(n), else_flip(cond), jump when !any_active(); LOOP_END:
//   arrive_loop_end, loop_again; LOOP_BREAK / LOOP_CONTINUE: the lanes, then iteration_done ->
//   unwind_to_loop and jump; CALL / RETURN: call, return_lanes, the engine returns once no lane
//   is left in the call). Frames it pushes have no rejoin point, so its step also runs with no
//   lane active, as the CF program does. ALU_PUSH_BEFORE is push_branch(all) before the clause,
//   PRED_SET with an exec-mask update restrict_to, ALU_POP_AFTER / ALU_POP2_AFTER pop(1) / pop(2),
//   ALU_ELSE_AFTER else_flip, ALU_BREAK / ALU_CONTINUE break_lanes / continue_lanes, KILL*
//   io.discard, END_OF_PROGRAM io.finish. CALL_COUNT and its limit are the step's to keep.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../core/error.hpp"
#include "lane_stack.hpp"
#include "lanes.hpp"
#include "run.hpp"
#include "structure.hpp"

namespace ctisa::exec {

template <std::size_t W, std::size_t Depth = 32>
struct step_io {
    lane_stack<W, Depth>* stack = nullptr;  // the primitives, for explicitly driven ISAs
    lane_mask<W> cond{};
    lane_mask<W> values{};
    lane_mask<W> discard{};
    bool has_cond = false;
    bool has_values = false;
    bool has_discard = false;
    bool finish = false;
    bool yield = false;
    std::int64_t jump = -1;
    error stop{};

    void reset() noexcept {
        has_cond = has_values = has_discard = finish = yield = false;
        jump = -1;
    }
    // A step's per-lane test, its per-lane values (a switch selector, a loop count), its discards.
    void set_cond(const lane_mask<W>& m) noexcept { cond = m, has_cond = true; }
    void set_values(const lane_mask<W>& m) noexcept { values = m, has_values = true; }
    void set_discard(const lane_mask<W>& m) noexcept { discard = m, has_discard = true; }
};

struct structured_options {
    std::uint32_t entry = 0;            // the first instruction (NV "main:")
    std::uint32_t max_call_depth = 32;  // deeper calls are skipped (AMD IL CALL, Cayman CALL)
    bool pause = false;                 // a step's yield pauses the run (a wavefront of a group at a barrier)
};

template <std::size_t W>
struct structured_outcome {
    error status{};           // none, step_limit, bad_branch_target, unbalanced_structure, stack_overflow, or a step's
    lane_mask<W> discarded{}; // lanes a step discarded
    std::uint64_t steps = 0;  // instructions visited
    bool paused = false;      // stopped after a step that yielded: run() again continues (status none)
};

namespace detail {

// The lanes whose selector matches some case of the switch at `sw` (for its default).
template <std::size_t W>
lane_mask<W> matched_cases(structure_view s, std::uint32_t sw, const lane_mask<W>& selectors) noexcept {
    lane_mask<W> m{};
    for (std::uint32_t at = s.links[sw]; s.ops[at].kind != flow_kind::endswitch; at = s.links[at])
        if (s.ops[at].kind == flow_kind::case_)
            for (std::size_t l = 0; l < W; ++l) m[l] |= selectors[l] == s.ops[at].value ? lane_on : 0;
    return m;
}

// The active lanes that do what the step said (all of them without a cond).
template <std::size_t W, std::size_t D>
lane_mask<W> doers(const lane_stack<W, D>& st, const step_io<W, D>& io) noexcept {
    lane_mask<W> m = st.active();
    if (io.has_cond)
        for (std::size_t l = 0; l < W; ++l) m[l] &= io.cond[l];
    return m;
}

template <std::size_t W, std::size_t D>
class structured_run {
public:
    structured_run(std::uint32_t length, structure_view s, std::size_t lanes, structured_options o) noexcept
        : length_(length), s_(s), opt_(o), stack_(lanes), pc_(o.entry) {
        io_.stack = &stack_;
    }
    // A copy (a paused run kept aside) steps on its own stack.
    structured_run(const structured_run& o) noexcept
        : length_(o.length_), s_(o.s_), opt_(o.opt_), stack_(o.stack_), io_(o.io_), pc_(o.pc_), running_(o.running_), out_(o.out_) {
        io_.stack = &stack_;
    }
    structured_run& operator=(const structured_run&) = delete;

    template <class Step, class Straight>
    structured_outcome<W> run(std::uint64_t budget, Step& step, const std::uint32_t* runs, Straight& straight) {
        constexpr bool has_runs = !std::is_same_v<Straight, no_straight_runs>;
        out_.paused = false;
        while (running_) {
            if (out_.steps >= budget) {
                fail(error_code::step_limit, "step budget");
                return out_;
            }
            if constexpr (has_runs) {
                // A straight run for the active lanes: ordinary instructions that report nothing,
                // so no mask, pc or stack changes but pc's advance (what leave() does for them).
                if (runs && pc_ < length_ && runs[pc_] != 0 && stack_.any_active()) {
                    const std::uint64_t left = budget - out_.steps;
                    const std::uint32_t n = runs[pc_] < left ? runs[pc_] : static_cast<std::uint32_t>(left);
                    out_.steps += n;
                    straight(pc_, n, stack_.active().data(), stack_.all_active());
                    pc_ += n;
                    continue;
                }
            }
            ++out_.steps;
            if (pc_ >= length_) {
                // Past the last instruction a call returns (NV_gpu_program4: a subroutine runs
                // "until a RET ... or the end of the program text"); the program ends.
                if (stack_.call_depth()) stack_.return_lanes(stack_.active());
                else stack_.end_lanes(stack_.live());
            } else {
                if (!enter()) return out_;
                bool explicit_top = stack_.depth() && stack_.top().rejoin == no_pc && stack_.top().kind != frame_kind::call;
                io_.reset();
                if (calls_step() && (stack_.any_active() || explicit_top)) {
                    step(pc_, stack_.active(), io_);
                    if (io_.stop.failed()) {
                        out_.status = io_.stop;
                        return out_;
                    }
                }
                if (!leave()) return out_;
            }
            settle();
            if (io_.yield && opt_.pause && running_) {  // paused after the instruction: pc_ is where it goes on
                io_.yield = false;
                out_.paused = true;
                return out_;
            }
        }
        return out_;
    }

private:
    [[nodiscard]] flow_kind kind() const noexcept { return s_.ops[pc_].kind; }
    [[nodiscard]] std::uint32_t link() const noexcept { return s_.links[pc_]; }
    [[nodiscard]] bool calls_step() const noexcept {
        flow_kind k = kind();
        return k != flow_kind::else_ && k != flow_kind::endif && k != flow_kind::case_ && k != flow_kind::default_ && k != flow_kind::endswitch;
    }
    // Ends the run with `code` at the current instruction (its index in error::offset).
    bool fail(error_code code, std::string_view why) noexcept {
        out_.status = error{code, 0, 0, pc_, why};
        running_ = false;
        return false;
    }

    // Lanes that wake up at the instruction, before it runs. False (and the run fails) when the
    // block it closes is not the innermost one: a jump or an entry point inside a block.
    bool enter() noexcept {
        frame_kind need = frame_kind::branch;
        switch (kind()) {
            case flow_kind::else_:
            case flow_kind::endif: need = frame_kind::branch; break;
            case flow_kind::endloop: need = frame_kind::loop; break;
            case flow_kind::case_:
            case flow_kind::default_:
            case flow_kind::endswitch: need = frame_kind::switch_; break;
            default: return true;
        }
        if (stack_.depth() == 0 || stack_.top().kind != need) return fail(error_code::unbalanced_structure, "block end outside its block");
        switch (kind()) {
            case flow_kind::else_: stack_.enter_else(link()); break;
            case flow_kind::endif:
            case flow_kind::endswitch: stack_.pop(); break;
            case flow_kind::endloop: stack_.arrive_loop_end(); break;
            case flow_kind::case_: stack_.enter_case(s_.ops[pc_].value, link()); break;
            default: stack_.enter_default(matched_cases<W>(s_, stack_.top().origin, stack_.top().values), link()); break;
        }
        return true;
    }

    // What the instruction does to the masks after it ran; sets the next pc. False: stop.
    bool leave() noexcept {
        std::uint32_t next = pc_ + 1;
        const lane_word* cond = io_.has_cond ? io_.cond.data() : nullptr;
        switch (kind()) {
            case flow_kind::if_:
                if (!stack_.push_branch(doers(stack_, io_), link())) return overflow();
                break;
            case flow_kind::loop:
                if (!stack_.push_loop(cond, io_.has_values ? io_.values.data() : nullptr, link(), pc_ + 1)) return overflow();
                if (!stack_.any_active()) {  // no lane enters: straight past the endloop
                    stack_.pop();
                    next = link() + 1;
                }
                break;
            case flow_kind::endloop:
                if (stack_.loop_again(cond)) next = link() + 1;
                break;
            case flow_kind::break_:
                if (!stack_.break_lanes(doers(stack_, io_))) return fail(error_code::unbalanced_structure, "break outside a loop");
                if (!stack_.any_active() && stack_.leave_loop_if_done()) next = link() + 1;  // all broke
                break;
            case flow_kind::continue_:
                if (!stack_.continue_lanes(doers(stack_, io_))) return fail(error_code::unbalanced_structure, "continue outside a loop");
                break;
            case flow_kind::ret: stack_.return_lanes(doers(stack_, io_)); break;
            case flow_kind::end: stack_.end_lanes(doers(stack_, io_)); break;
            case flow_kind::call: {
                lane_mask<W> m = doers(stack_, io_);
                if (!any_of<W>(m) || stack_.call_depth() >= opt_.max_call_depth) break;
                if (!stack_.call(m, pc_ + 1)) return overflow();
                next = s_.ops[pc_].target;
                break;
            }
            case flow_kind::switch_:
                if (!stack_.push_switch(io_.has_values ? io_.values.data() : nullptr, link(), pc_)) return overflow();
                break;
            default: break;
        }
        if (io_.jump >= 0) {
            if (io_.jump > static_cast<std::int64_t>(length_)) return fail(error_code::bad_branch_target, "jump");
            next = static_cast<std::uint32_t>(io_.jump);
        }
        if (io_.has_discard) {
            for (std::size_t l = 0; l < W; ++l) out_.discarded[l] |= io_.discard[l] & stack_.live()[l];
            stack_.end_lanes(io_.discard);
        }
        if (io_.finish) stack_.end_lanes(stack_.live());
        pc_ = next;
        return true;
    }
    bool overflow() noexcept { return fail(error_code::stack_overflow, "control stack"); }

    // No lane active: go where lanes can wake up (matched frames), keep stepping (explicit ones),
    // return from a call whose lanes are all done, or stop when nothing is left.
    void settle() noexcept {
        while (running_ && !stack_.any_active()) {
            if (stack_.depth() == 0 || !stack_.any_live()) {
                running_ = false;
                return;
            }
            lane_frame<W>& f = stack_.top();
            if (f.kind == frame_kind::call) {
                pc_ = stack_.finish_call();
                continue;
            }
            if (f.rejoin == no_pc) return;
            pc_ = f.rejoin;
            // An if whose else no lane takes: straight to its endif.
            if (pc_ < length_ && s_.ops[pc_].kind == flow_kind::else_ && !any_live_in(f.held)) pc_ = s_.links[pc_];
            return;
        }
    }
    [[nodiscard]] bool any_live_in(const lane_mask<W>& m) const noexcept {
        lane_word any = 0;
        for (std::size_t l = 0; l < W; ++l) any |= m[l] & stack_.live()[l];
        return any != 0;
    }

    std::uint32_t length_;
    structure_view s_;
    structured_options opt_;
    lane_stack<W, D> stack_;
    step_io<W, D> io_{};
    std::uint32_t pc_;
    bool running_ = true;
    structured_outcome<W> out_{};
};

}  // namespace detail

// Runs `length` instructions matched as `s` over W lanes, of which [0, lanes) take part, with a
// stack of Depth frames. step(pc, active, io) runs instruction pc for the lanes of `active`.
// The run ends when no lane is left (status none) or on an error.
// Straight runs: runs[pc] (when runs is not null) is how many instructions from pc are ordinary
// and report nothing (no cond, values, discard, finish, jump or stop): the loop hands them to
// straight(pc, n, active, all_active) at once for the active lanes, n no more than the budget
// leaves, instead of stepping each (the budget counts each, so a run stops at the same place).
template <std::size_t W, std::size_t Depth = 32, class Step, class Straight = no_straight_runs>
structured_outcome<W> run_structured(std::uint32_t length, structure_view s, std::uint64_t budget, std::size_t lanes, Step&& step,
                                     structured_options options = {}, const std::uint32_t* runs = nullptr, Straight&& straight = {}) {
    // The engine holds Depth frames of 3 W-lane rows: keep it off the caller's stack frame size
    // limits by constructing it here once per run (no allocation per step).
    detail::structured_run<W, Depth> r(length, s, lanes, options);
    return r.run(budget, step, runs, straight);
}

}  // namespace ctisa::exec
