// The Valhall interpreter: a warp of W lanes (16 by default, as the hardware's) running a program
// decoded once into descriptors.
//
//   ctisa::valhall::exec::machine<16> m(program);      // a span of instructions (from bytes:
//                                                      // ctisa::decode_program<valhall::isa>)
//   m.set(0, lane, bits);                               // r0 of one lane
//   m.set_uniform(4, bits);                             // u4, shared by every lane
//   auto status = m.run();                              // or m.run(my_environment)
//   auto r1 = m.read(1, lane);
//
// Registers keep their values between runs; registers not set start at zero. A program ends after
// its last instruction, or where the `return` action ends its lanes.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "../../core/result.hpp"
#include "../../exec/run.hpp"
#include "../encoding.hpp"
#include "environment.hpp"
#include "execute.hpp"
#include "layout.hpp"

namespace ctisa::valhall::exec {

inline constexpr std::uint64_t default_step_budget = 1'000'000;

struct run_status {
    // step_limit, bad_branch_target or not_executable (offset: the instruction's byte offset,
    // subject: its mnemonic); none when every lane finished.
    ctisa::error error{};
    std::string_view reason{};  // not_executable: why
    [[nodiscard]] bool ok() const noexcept { return !error.failed(); }
};

// The status of a run stopped at an instruction that cannot be executed.
[[nodiscard]] constexpr run_status not_executable_status(const instruction_desc& d) noexcept {
    run_status s;
    s.error = error{error_code::not_executable, 0, 0, d.pc * static_cast<std::uint32_t>(instruction_bytes), info(d.id).mnemonic};
    s.reason = d.why == unexecutable::instruction ? not_executable_reason(d.id) : reason_text(d.why);
    return s;
}

template <std::size_t W = 16>
class machine {
    static_assert(W >= 1 && W <= 4096, "a warp has 1 to 4096 lanes");

public:
    static constexpr std::size_t lanes = W;

    // `lanes` (at most W) lanes take part; the others never run, as if the warp were that wide.
    explicit machine(std::span<const instruction> program, std::size_t lanes = W)
        : program_(program.begin(), program.end()), layout_(layout_of(program_)), lanes_(lanes < W ? lanes : W) {
        code_.reserve(program_.size());
        for (std::uint32_t pc = 0; pc < program_.size(); ++pc) code_.push_back(describe(program_[pc], layout_, pc));
        storage_.assign(static_cast<std::size_t>(layout_.rows) * W, 0);
        // Immediate-table entries are constants of the program: broadcast once.
        for (unsigned i = 0; i < 32; ++i)
            if (layout_.immediate[i]) std::fill_n(row_ptr(layout_.immediate[i]), W, immediate_values[i]);
    }


    [[nodiscard]] std::size_t active_lanes() const noexcept { return lanes_; }
    [[nodiscard]] std::span<const instruction> program() const noexcept { return program_; }
    [[nodiscard]] const layout& registers() const noexcept { return layout_; }
    [[nodiscard]] const instruction_desc& descriptor(std::size_t pc) const noexcept { return code_[pc]; }

    // --- state before a run ---------------------------------------------------------------------
    // r`reg` of one lane; registers the program never names are ignored.
    void set(unsigned reg, std::size_t lane, std::uint32_t bits) {
        if (reg < register_count && lane < W && layout_.reg[reg]) row_ptr(layout_.reg[reg])[lane] = bits;
    }
    // u`index`, shared by every lane.
    void set_uniform(unsigned index, std::uint32_t bits) {
        if (index < uniform_count) uniforms_[index] = bits, uniforms_dirty_ = true;
    }

    // --- state after a run ----------------------------------------------------------------------
    [[nodiscard]] std::uint32_t read(unsigned reg, std::size_t lane) const {
        if (reg >= register_count || lane >= W || !layout_.reg[reg]) return 0;
        return storage_[static_cast<std::size_t>(layout_.reg[reg]) * W + lane];
    }
    [[nodiscard]] std::uint32_t uniform(unsigned index) const { return index < uniform_count ? uniforms_[index] : 0; }
    // The registers the program writes (destinations, register pairs and staging registers written),
    // in ascending order: a static list, whether or not a run reaches the instructions.
    [[nodiscard]] std::vector<unsigned> registers_written() const {
        std::vector<unsigned> out;
        for (const instruction& in : program_) {
            const instruction_info& ins = info(in.id);
            if (ins.dests && in.id != instruction_id::discard_f32) {  // DISCARD leaves its destination alone
                out.push_back(in.dest.reg);
                if (writes_pair(in.id) && in.dest.reg + 1u < register_count) out.push_back(in.dest.reg + 1u);
            }
            for (unsigned k = 0; k < ins.staging_count; ++k)
                if (ins.staging[k].write)
                    for (unsigned r = 0; r < in.staging[k].count; ++r) out.push_back(in.staging[k].base + r);
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }

    // --- running --------------------------------------------------------------------------------
    template <class Env>
    run_status run(Env& env, std::uint64_t step_budget = default_step_budget) {
        return run_with(env, step_budget, [this](std::uint32_t pc, const lane_word* active, bool all, const lane_word* live, Env& e, effects<W>& fx) {
            execute(dynamic_desc{&code_[pc]}, view(), active, all, e, 0, live, fx);
        });
    }
    run_status run(std::uint64_t step_budget = default_step_budget) {
        default_environment env;
        return run(env, step_budget);
    }

    // The control-flow loop (ctisa::exec::run_control), shared with the compiled path: `step` runs
    // instruction `pc`; this adds what Valhall's flow control does around it: instructions that
    // cannot be executed stop the run, branches, DISCARD and BLEND move or end lanes, and the
    // actions return (end), td (end helper lanes) and barrier take effect.
    template <class Env, class Step>
    run_status run_with(Env& env, std::uint64_t step_budget, Step&& step) {
        prepare(env);
        effects<W> fx;
        run_status status;
        status.error = ctisa::exec::run_control<W>(
            static_cast<std::uint32_t>(code_.size()), step_budget, lanes_,
            [&](std::uint32_t pc, const std::array<lane_word, W>& at_pc, bool all, ctisa::exec::flow<W>& f) {
                const instruction_desc& d = code_[pc];
                if (d.why != unexecutable::none) {
                    status = not_executable_status(d);
                    f.stop = status.error;
                    return;
                }
                const bool td = d.has_action && d.act == action::td;
                fx.branch = false;
                fx.ended_any = false;
                if (d.id == instruction_id::discard_f32 || d.id == instruction_id::blend || td) fx.ended.fill(0);
                if (d.id == instruction_id::blend) fx.taken.fill(0);
                step(pc, at_pc.data(), all, f.live, env, fx);
                if (d.has_action) {
                    if (d.act == action::return_ && d.id != instruction_id::blend) f.end = true;  // BLEND decides itself
                    if (d.act == action::barrier) env.barrier();
                    if (td)
                        for (std::size_t l = 0; l < W; ++l)
                            if (at_pc[l] && env.helper(l)) fx.ended[l] = lane_on, fx.ended_any = true;
                }
                if (fx.branch) {
                    f.taken = fx.taken.data();
                    f.target = d.target;
                }
                if (fx.ended_any) f.ended = fx.ended.data();
            });
        if (status.error.code != error_code::not_executable) status.reason = {};
        return status;
    }

    // --- for the compiled path ------------------------------------------------------------------
    [[nodiscard]] lane_view<W, W> view() noexcept { return lane_view<W, W>{storage_.data(), 0, program_.data()}; }
    template <std::size_t N>
    [[nodiscard]] lane_view<N, N> block_view(lane_word* rows) noexcept { return lane_view<N, N>{rows, 0, program_.data()}; }
    [[nodiscard]] lane_word* storage() noexcept { return storage_.data(); }

    // Before a run: uniforms broadcast (when changed) and special values read from the environment.
    template <class Env>
    void prepare(Env& env) {
        if (uniforms_dirty_) {
            for (unsigned u = 0; u < uniform_count; ++u)
                if (layout_.uniform[u]) std::fill_n(row_ptr(layout_.uniform[u]), W, uniforms_[u]);
            uniforms_dirty_ = false;
        }
        for (std::size_t i = 0; i < layout_.special_count; ++i) {
            const special_use& s = layout_.specials[i];
            lane_word* row = row_ptr(static_cast<std::uint32_t>(layout_.first_special + i));
            for (std::size_t l = 0; l < W; ++l) row[l] = env.special(s.mode, s.code, l, s.pc);
        }
    }

private:
    [[nodiscard]] lane_word* row_ptr(std::uint32_t row) noexcept { return storage_.data() + static_cast<std::size_t>(row) * W; }

    std::vector<instruction> program_;
    layout layout_;
    std::vector<instruction_desc> code_;
    std::vector<lane_word> storage_;
    std::array<std::uint32_t, uniform_count> uniforms_{};
    bool uniforms_dirty_ = true;
    std::size_t lanes_ = W;
};

}  // namespace ctisa::valhall::exec
