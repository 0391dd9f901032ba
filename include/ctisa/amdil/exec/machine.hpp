// SPDX-License-Identifier: MIT
// The AMD IL interpreter: the executor core's machine (ctisa/exec/machine.hpp) with AMD IL's
// registers, and the compiled path (ctisa/exec/compiled.hpp) for programs known at compile time.
//
//   ctisa::amdil::exec::machine<16> m(program);          // a span of units (decode_program<amdil::isa>)
//   m.set(reg_type::input, 1, lane, {x, y, z, w});        // v1 of one lane
//   m.set_element(reg_type::const_buff, 0, 3, {...});     // cb0[3], every lane
//   auto status = m.run();
//   auto o0 = m.read(reg_type::output, 0, lane);          // bits
//
// Registers the program never names have no storage: setting them does nothing, reading gives 0.
// Registers keep their values between runs.
//
// A compute kernel runs as a work-group (dcl_num_thread_per_group): group<W> holds its wavefronts
// of W lanes (the last one partial), each work-item with its ids (exec/threads.hpp), all sharing
// one environment (LDS, g[], UAVs), the wavefronts meeting at barriers (traits::barrier):
//
//   ctisa::amdil::exec::group<16> g(program);               // 64 work-items: 4 wavefronts
//   g.set(reg_type::temp, 1, item, {...});                  // r1 of work-item `item`
//   auto status = g.run(env);                               // every wavefront to its end
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "../../exec/compiled.hpp"
#include "../../exec/group.hpp"
#include "../../exec/machine.hpp"
#include "traits.hpp"

namespace ctisa::amdil::exec {

using vec4_bits = std::array<lane_word, 4>;

template <class M>
class machine_accessors : public ctisa::exec::accessors_base<M> {
    using ctisa::exec::accessors_base<M>::self;

    [[nodiscard]] std::uint32_t row_of(reg_type type, std::uint32_t number, std::uint32_t element) const {
        const reg_slot* s = find_slot(self().registers(), static_cast<std::uint8_t>(type), number);
        return s && element < s->size ? s->base + 4 * element : no_row;
    }

public:
    // Register `number` of `type` (element `element` of an array: x#, cb#) in one lane.
    void set(reg_type type, std::uint32_t number, std::size_t lane, const vec4_bits& bits, std::uint32_t element = 0) {
        const std::uint32_t r = row_of(type, number, element);
        if (r == no_row || lane >= M::lanes) return;
        for (unsigned c = 0; c < 4; ++c) self().row(r + c)[lane] = bits[c];
    }
    // The same in every lane (constant buffers are shared).
    void set_element(reg_type type, std::uint32_t number, std::uint32_t element, const vec4_bits& bits) {
        const std::uint32_t r = row_of(type, number, element);
        if (r == no_row) return;
        for (unsigned c = 0; c < 4; ++c) std::fill_n(self().row(r + c), M::lanes, bits[c]);
    }
    [[nodiscard]] vec4_bits read(reg_type type, std::uint32_t number, std::size_t lane, std::uint32_t element = 0) const {
        const std::uint32_t r = row_of(type, number, element);
        vec4_bits out{};
        if (r == no_row || lane >= M::lanes) return out;
        for (unsigned c = 0; c < 4; ++c) out[c] = self().row(r + c)[lane];
        return out;
    }
    [[nodiscard]] std::array<float, 4> read_float(reg_type type, std::uint32_t number, std::size_t lane) const {
        const vec4_bits b = read(type, number, lane);
        return {ctisa::exec::as_float(b[0]), ctisa::exec::as_float(b[1]), ctisa::exec::as_float(b[2]), ctisa::exec::as_float(b[3])};
    }
    // The output registers (o#) the program writes, ascending.
    [[nodiscard]] std::vector<std::uint32_t> outputs_written() const {
        std::vector<std::uint32_t> out;
        for (std::size_t i = 0; i < self().program().size(); ++i) {
            const instruction_desc& d = self().descriptor_at(i);
            if (d.has_dest && d.dst.output) out.push_back(d.dst.number);
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }
    [[nodiscard]] bool discarded(std::size_t lane) const { return lane < M::lanes && self().state().discarded[lane] != 0; }
};

template <std::size_t W = ctisa::exec::default_lanes_of<traits>()>
using machine = ctisa::exec::machine<traits, W>;

// A program known at compile time: `Program.instructions` a constexpr array of units.
template <auto Program, std::size_t W>
using compiled = ctisa::exec::compiled<traits, Program, W>;

// Most work-items a group may have (the document's largest is 1024).
inline constexpr std::uint64_t max_group_threads = 65536;

// One work-group: the program's declared size (a program without dcl_num_thread_per_group is one
// wavefront of `lanes` lanes, as a machine alone), in wavefronts of `lanes` lanes (at most W).
template <std::size_t W = ctisa::exec::default_lanes_of<traits>()>
class group {
public:
    explicit group(std::span<const instruction> program, std::size_t lanes = W, group_place place = {})
        : group(program, lanes, group_of(program), place) {}
    // The caller's size (a program that declares none: dcl_max_thread_per_group).
    group(std::span<const instruction> program, std::size_t lanes, group_shape shape, group_place place = {})
        : shape_(shape),
          lanes_(lanes == 0  ? 1
                 : lanes < W ? lanes
                             : W) {
        threads_ = shape_.declared ? shape_.threads() : lanes_;
        if (threads_ > max_group_threads) return;  // run() refuses it
        waves_.reserve(static_cast<std::size_t>((threads_ + lanes_ - 1) / lanes_));
        for (std::uint64_t first = 0; first < threads_; first += lanes_) {
            const std::size_t n = static_cast<std::size_t>(threads_ - first < lanes_ ? threads_ - first : lanes_);
            machine<W>& m = waves_.emplace_back(program, n);
            set_thread_ids(m, shape_, place, first, n);
        }
        for (machine<W>& m : waves_) m.pause_at_barriers(waves_.size() > 1);
    }

    [[nodiscard]] const group_shape& shape() const noexcept { return shape_; }
    [[nodiscard]] std::uint64_t threads() const noexcept { return threads_; }
    [[nodiscard]] std::size_t lanes() const noexcept { return lanes_; }
    [[nodiscard]] std::size_t wavefronts() const noexcept { return waves_.size(); }
    [[nodiscard]] machine<W>& wavefront(std::size_t k) noexcept { return waves_[k]; }
    [[nodiscard]] const machine<W>& wavefront(std::size_t k) const noexcept { return waves_[k]; }

    // Work-item `item`'s registers (machine's set and read, the lane being the work-item's).
    void set(reg_type type, std::uint32_t number, std::uint64_t item, const vec4_bits& bits, std::uint32_t element = 0) {
        if (item < threads_) waves_[item / lanes_].set(type, number, item % lanes_, bits, element);
    }
    void set_element(reg_type type, std::uint32_t number, std::uint32_t element, const vec4_bits& bits) {
        for (machine<W>& m : waves_) m.set_element(type, number, element, bits);
    }
    [[nodiscard]] vec4_bits read(reg_type type, std::uint32_t number, std::uint64_t item, std::uint32_t element = 0) const {
        return item < threads_ ? waves_[item / lanes_].read(type, number, item % lanes_, element) : vec4_bits{};
    }
    [[nodiscard]] bool discarded(std::uint64_t item) const { return item < threads_ && waves_[item / lanes_].discarded(item % lanes_); }

    // Every wavefront to its end on the interpreter, or with run_one(machine, env) (the compiled
    // path: compiled<Program, W>::run(m, env, budget)); `wavefront` names the one that failed.
    template <class Env>
        requires(!std::is_arithmetic_v<Env>)
    ctisa::exec::group_status run(Env& env, std::uint64_t step_budget = ctisa::exec::default_step_budget) {
        return run_with(env, [step_budget](machine<W>& m, Env& e) { return m.run(e, step_budget); });
    }
    template <class Env, class RunOne>
    ctisa::exec::group_status run_with(Env& env, RunOne&& run_one) {
        if (threads_ > max_group_threads)
            return {
                ctisa::exec::run_status{error{error_code::not_executable, 0, 0, 0, "group size"}, "a work-group of more than 65536 work-items"}};
        return ctisa::exec::run_wavefronts(waves_.size(), [&](std::size_t k) { return run_one(waves_[k], env); });
    }

private:
    group_shape shape_;
    std::size_t lanes_;
    std::uint64_t threads_ = 0;
    std::vector<machine<W>> waves_;
};

}  // namespace ctisa::amdil::exec
