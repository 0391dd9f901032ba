// The ATTILA interpreter: a warp of W lanes running a program decoded once into descriptors.
//
//   ctisa::attila::exec::machine<64> m(program);       // a span of instructions (from bytes:
//                                                      // ctisa::decode_program<attila::isa>)
//   m.set_input(lane, 0, {x, y, z, w});
//   auto status = m.run();                              // or m.run(my_environment)
//   auto o0 = m.read(bank::out, 0, lane);
//
// Registers keep their values between runs; reset() clears all but inputs and constants.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "../../core/result.hpp"
#include "../../exec/run.hpp"
#include "../encoding.hpp"
#include "environment.hpp"
#include "execute.hpp"
#include "layout.hpp"

namespace ctisa::attila::exec {

inline constexpr std::uint64_t default_step_budget = 1'000'000;

struct run_status {
    ctisa::error error{};  // step_limit or bad_branch_target; none when every lane finished
    [[nodiscard]] bool ok() const noexcept { return !error.failed(); }
};

template <std::size_t W>
class machine {
    static_assert(W >= 1 && W <= 4096, "a warp has 1 to 4096 lanes");

public:
    static constexpr std::size_t lanes = W;

    // `lanes` (at most W) lanes take part; the others never run, as if the warp were that wide.
    explicit machine(std::span<const instruction> program, std::size_t lanes = W)
        : program_(program.begin(), program.end()), layout_(layout_of(program_)), lanes_(lanes < W ? lanes : W) {
        code_.reserve(program_.size());
        std::uint32_t immediates = 0;
        for (const instruction& in : program_) {
            code_.push_back(describe(in, layout_, immediates));
            immediates += immediates_of(in);
        }
        storage_.assign(static_cast<std::size_t>(layout_.rows) * W, 0);
        // Immediates are constants of the program: broadcast once.
        std::uint32_t row = layout_.immediates;
        for (const instruction& in : program_)
            for (const operand& s : in.sources)
                if (s.kind == operand_kind::immediate) std::fill_n(row_ptr(row++), W, s.value);
    }

    [[nodiscard]] std::size_t active_lanes() const noexcept { return lanes_; }

    [[nodiscard]] std::span<const instruction> program() const noexcept { return program_; }
    [[nodiscard]] const layout& registers() const noexcept { return layout_; }

    // --- state before a run -------------------------------------------------------------------
    void set_constant(unsigned reg, const std::array<lane_word, 4>& bits) {
        if (reg < constant_count) constants_[reg] = bits, constants_dirty_ = true;
    }
    void set_constant(unsigned reg, const vec4& value) { set_constant(reg, bits_of(value)); }
    // i, o, r and a registers of one lane; registers the program never names are ignored.
    void set(bank b, unsigned reg, std::size_t lane, const std::array<lane_word, 4>& bits) {
        if (b == bank::param) return set_constant(reg, bits);
        const std::uint32_t row = row_of(b, reg);
        if (row == no_row || lane >= W) return;
        for (unsigned c = 0; c < 4; ++c) row_ptr(row + c)[lane] = bits[c];
    }
    void set(bank b, unsigned reg, std::size_t lane, const vec4& value) { set(b, reg, lane, bits_of(value)); }
    void set_input(std::size_t lane, unsigned reg, const vec4& value) { set(bank::in, reg, lane, value); }
    void set_predicate(unsigned reg, std::size_t lane, bool value) {
        if (reg < layout_.predicate_count && lane < W) row_ptr(layout_.predicates + reg)[lane] = value ? lane_on : 0;
    }
    // Zero every register but inputs and constants (and the fixed-point accumulator, sample counters).
    void reset() {
        const std::size_t first = static_cast<std::size_t>(layout_.outputs) * W;
        const std::size_t last = static_cast<std::size_t>(layout_.constants) * W;
        std::fill(storage_.begin() + static_cast<std::ptrdiff_t>(first), storage_.begin() + static_cast<std::ptrdiff_t>(last), 0u);
        const std::size_t p0 = static_cast<std::size_t>(layout_.predicates) * W;
        const std::size_t p1 = static_cast<std::size_t>(layout_.scratch) * W;
        std::fill(storage_.begin() + static_cast<std::ptrdiff_t>(p0), storage_.begin() + static_cast<std::ptrdiff_t>(p1), 0u);
    }

    // --- state after a run --------------------------------------------------------------------
    [[nodiscard]] std::array<lane_word, 4> read(bank b, unsigned reg, std::size_t lane) const {
        if (b == bank::param) return reg < constant_count ? constants_[reg] : std::array<lane_word, 4>{};
        const std::uint32_t row = row_of(b, reg);
        std::array<lane_word, 4> out{};
        if (row == no_row || lane >= W) return out;
        for (unsigned c = 0; c < 4; ++c) out[c] = storage_[static_cast<std::size_t>(row + c) * W + lane];
        return out;
    }
    [[nodiscard]] bool predicate(unsigned reg, std::size_t lane) const {
        return reg < layout_.predicate_count && lane < W && storage_[static_cast<std::size_t>(layout_.predicates + reg) * W + lane] != 0;
    }
    [[nodiscard]] bool killed(std::size_t lane) const { return lane < W && killed_[lane] != 0; }
    // The output registers the program writes.
    [[nodiscard]] std::vector<unsigned> outputs_written() const {
        std::vector<unsigned> out;
        for (const instruction& in : program_)
            if (in.result.kind == operand_kind::reg && in.result.bank == bank::out) out.push_back(in.result.index);
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }

    // --- running ------------------------------------------------------------------------------
    template <class Env>
    run_status run(Env& env, std::uint64_t step_budget = default_step_budget) {
        return run_with(env, step_budget, [this](std::uint32_t pc, const lane_word* active, bool all_active, Env& e, effects<W>& fx) {
            execute(dynamic_desc{&code_[pc]}, view(), active, all_active, layout_, e, 0, lanes_, fx);
        });
    }
    run_status run(std::uint64_t step_budget = default_step_budget) {
        default_environment env;
        return run(env, step_budget);
    }

    // The control-flow loop (ctisa::exec::run_control), shared with the compiled path: `step`
    // runs instruction `pc`; this adds predication, KIL's bookkeeping and the end flag.
    template <class Env, class Step>
    run_status run_with(Env& env, std::uint64_t step_budget, Step&& step) {
        prepare(env);
        std::array<lane_word, W> predicated{};
        effects<W> fx;
        const error e = ctisa::exec::run_control<W>(
            static_cast<std::uint32_t>(code_.size()), step_budget, lanes_,
            [&](std::uint32_t pc, const std::array<lane_word, W>& at_pc, bool all, ctisa::exec::flow<W>& f) {
                const instruction_desc& d = code_[pc];
                const lane_word* active = at_pc.data();
                bool all_active = all;
                if (d.predicated) {
                    const lane_word* p = row_ptr(d.predicate_row);
                    const lane_word flip = d.invert_predicate ? lane_on : 0;
                    for (std::size_t l = 0; l < W; ++l) predicated[l] = at_pc[l] & (p[l] ^ flip);
                    active = predicated.data();
                    all_active = false;
                }
                fx.branch = false;
                fx.killed_any = false;
                if (d.op == opcode::kil || d.op == opcode::cmpkil) fx.killed.fill(0);
                step(pc, active, all_active, env, fx);
                if (fx.killed_any)
                    for (std::size_t l = 0; l < W; ++l) killed_[l] |= fx.killed[l];
                f.taken = fx.branch ? fx.taken.data() : nullptr;
                f.target = std::int64_t{pc} + d.offset;
                f.end = d.end;
            });
        return finish(env, run_status{e});
    }

    // --- for the compiled path ----------------------------------------------------------------
    [[nodiscard]] lane_view<W, W> view() noexcept { return lane_view<W, W>{storage_.data(), 0, constants_.data()}; }
    template <std::size_t N>
    [[nodiscard]] lane_view<N, N> block_view(lane_word* rows) noexcept { return lane_view<N, N>{rows, 0, constants_.data()}; }
    template <std::size_t N>
    [[nodiscard]] lane_view<N, W> view(std::size_t first) noexcept {
        return lane_view<N, W>{storage_.data(), first, constants_.data()};
    }
    // Before a run: the environment's inputs and constants, then the broadcast constant rows.
    template <class Env>
    void prepare(Env& env) {
        if constexpr (supplies_constants<Env>) {
            vec4 value{};
            for (unsigned c = 0; c < constant_count; ++c)
                if (env.constant(c, value)) set_constant(c, value);
        }
        if constexpr (supplies_inputs<Env>) {
            vec4 value{};
            for (unsigned reg = 0; reg < layout_.input_count; ++reg)
                for (std::size_t lane = 0; lane < lanes_; ++lane)
                    if (env.input(lane, reg, value)) set(bank::in, reg, lane, value);
        }
        if (constants_dirty_) {
            for (unsigned c = 0; c < constant_count; ++c) {
                const std::uint32_t row = register_row(layout_, bank::param, static_cast<std::uint16_t>(c));
                if (row == no_row) continue;
                for (unsigned comp = 0; comp < 4; ++comp) std::fill_n(row_ptr(row + comp), W, constants_[c][comp]);
            }
            constants_dirty_ = false;
        }
        killed_.fill(0);
        std::fill_n(row_ptr(layout_.sample), W, 0u);
    }
    // After a run: the outputs to the environment, when it finished.
    template <class Env>
    run_status finish(Env& env, run_status status) {
        if constexpr (takes_outputs<Env>) {
            if (!status.ok()) return status;
            const std::vector<unsigned> written = outputs_written();
            for (std::size_t lane = 0; lane < lanes_; ++lane) {
                if (killed_[lane]) continue;
                for (unsigned reg : written) {
                    const std::array<lane_word, 4> bits = read(bank::out, reg, lane);
                    vec4 value;
                    for (unsigned c = 0; c < 4; ++c) value[c] = as_float(bits[c]);
                    env.output(lane, reg, value);
                }
            }
        }
        (void)env;
        return status;
    }
    [[nodiscard]] lane_word* storage() noexcept { return storage_.data(); }
    [[nodiscard]] const std::array<lane_word, 4>* constants() const noexcept { return constants_.data(); }
    void note_killed(const lane_word* killed, std::size_t first, std::size_t count) {
        for (std::size_t l = 0; l < count; ++l) killed_[first + l] |= killed[l];
    }

private:
    static std::array<lane_word, 4> bits_of(const vec4& v) noexcept {
        return {as_bits(v[0]), as_bits(v[1]), as_bits(v[2]), as_bits(v[3])};
    }
    [[nodiscard]] std::uint32_t row_of(bank b, unsigned reg) const noexcept {
        switch (b) {
            case bank::in: return reg < layout_.input_count ? layout_.inputs + 4 * reg : no_row;
            case bank::out: return reg < layout_.output_count ? layout_.outputs + 4 * reg : no_row;
            case bank::temp: return reg < layout_.temp_count ? layout_.temps + 4 * reg : no_row;
            case bank::addr: return reg < layout_.addr_count ? layout_.addrs + 4 * reg : no_row;
            default: return no_row;
        }
    }
    [[nodiscard]] lane_word* row_ptr(std::uint32_t row) noexcept { return storage_.data() + static_cast<std::size_t>(row) * W; }

    std::vector<instruction> program_;
    layout layout_;
    std::vector<instruction_desc> code_;
    std::vector<lane_word> storage_;
    std::array<std::array<lane_word, 4>, constant_count> constants_{};
    bool constants_dirty_ = true;
    std::size_t lanes_ = W;
    std::array<lane_word, W> killed_{};
};

}  // namespace ctisa::attila::exec
