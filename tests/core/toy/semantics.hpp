// SPDX-License-Identifier: MIT
// The toy ISA's semantics on the generic executor (ctisa/exec/machine.hpp, compiled.hpp) with
// structured control flow: r0-r15 per lane, 32 bits each.
//   mov/add/li     d = s, d = s + t (wrapping), d = V
//   if rS          the lanes with rS != 0 run the then-part, the others the else-part
//   loop/endloop   the lanes go around until they break; break rS: the lanes with rS != 0 leave
//   jmp T          the active lanes go to statement T (a jump into a block is an error)
//   end            the lanes end; the rest (header, decl, nop, clause) do nothing
// A clause's statements run where they stand in the text.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include <ctisa/exec/compiled.hpp>
#include <ctisa/exec/machine.hpp>

#include "toy.hpp"

namespace toy::semantics {

using ctisa::exec::flow_kind;
using ctisa::exec::lane_word;

struct descriptor {
    op code = op::none;
    std::array<std::uint8_t, 3> reg{};
    std::uint32_t value = 0;
};

struct layout {
    std::uint32_t rows = 16;
};

struct no_environment {};

template <std::size_t N>
struct effects {
    std::array<lane_word, N> cond{};
    bool has_cond = false;
    std::int64_t jump = -1;
};

struct traits {
    using instruction = toy::instruction;
    using descriptor = semantics::descriptor;
    using layout = semantics::layout;
    using default_environment = no_environment;
    template <std::size_t N>
    using effects = semantics::effects<N>;

    static constexpr layout layout_of(std::span<const instruction>) { return {}; }
    static constexpr void describe(std::span<const instruction> program, const layout&, descriptor* out) {
        for (const instruction& in : program) *out++ = {in.code, in.reg, in.value};
    }

    static constexpr ctisa::exec::flow_op flow_of(const descriptor& d) {
        switch (d.code) {
            case op::if_: return {flow_kind::if_};
            case op::else_: return {flow_kind::else_};
            case op::endif: return {flow_kind::endif};
            case op::loop: return {flow_kind::loop};
            case op::endloop: return {flow_kind::endloop};
            case op::break_: return {flow_kind::break_};
            case op::end: return {flow_kind::end};
            default: return {};
        }
    }

    template <class Desc, class View, class Env, class Info>
    static void execute(const Desc& desc, const View& v, const lane_word* active, bool, Env&, const Info&, effects<View::lanes>& fx) {
        const descriptor& d = desc.get();
        const auto write = [&](auto value_of) {
            lane_word* out = v.row(d.reg[0]);
            for (std::size_t l = 0; l < View::lanes; ++l) {
                const lane_word value = value_of(l);  // read before the write: d may be a source
                if (active[l]) out[l] = value;
            }
        };
        switch (d.code) {
            case op::mov: write([&](std::size_t l) { return v.row(d.reg[1])[l]; }); break;
            case op::add: write([&](std::size_t l) { return ctisa::exec::wrap_add(v.row(d.reg[1])[l], v.row(d.reg[2])[l]); }); break;
            case op::li: write([&](std::size_t) { return d.value; }); break;
            case op::if_:
            case op::break_:
                for (std::size_t l = 0; l < View::lanes; ++l) fx.cond[l] = v.row(d.reg[0])[l] != 0 ? ctisa::exec::lane_on : 0;
                fx.has_cond = true;
                break;
            case op::jmp: fx.jump = d.value; break;
            default: break;
        }
    }

    template <std::size_t N>
    static void report(const descriptor&, const effects<N>& fx, ctisa::exec::step_io<N>& io) {
        if (fx.has_cond) {
            io.cond = fx.cond;
            io.has_cond = true;
        }
        io.jump = fx.jump;
    }
};

static_assert(ctisa::exec::executor_traits<traits> && ctisa::exec::structured_traits<traits>);

template <std::size_t W>
using machine = ctisa::exec::machine<traits, W>;
template <auto Program, std::size_t W>
using compiled = ctisa::exec::compiled<traits, Program, W>;

}  // namespace toy::semantics
