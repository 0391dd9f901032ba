// SPDX-License-Identifier: MIT
// The NV_gpu_program4 interpreter: the shared machine over NV's traits (traits.hpp), and the compiled path.
//
//   const auto p = ctisa::nvasm::parse_program<64>(text);       // or program_of<"...">()
//   ctisa::nvasm::exec::machine<16> m(p->statements);
//   m.set("vertex.attrib[0]", lane, {x, y, z, w});             // a binding or a declared name
//   m.set_all("program.local[2]", {x, y, z, w});               // every lane
//   auto status = m.run();                                     // or m.run(my_environment)
//   auto color = m.read("result.color", lane);                 // four words (optional)
//
//   constexpr auto program = ctisa::nvasm::assemble<"...">();
//   ctisa::nvasm::exec::compiled<program, 16>::run(m);   // same results, the program a constant
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../../exec/compiled.hpp"
#include "../../exec/machine.hpp"
#include "../isa.hpp"
#include "traits.hpp"

namespace ctisa::nvasm::exec {

// The base row of a binding's canonical text, a declared name or an array member "name[k]".
[[nodiscard]] constexpr std::uint32_t row_of(const layout& lay, std::string_view name) noexcept {
    if (const std::uint32_t r = find_binding(lay, name)) return r;
    std::string_view base, inner;
    detail::split_member(name, base, inner);
    const symbol* s = find_symbol(lay, base);
    if (!s || s->count == 0) return 0;
    std::uint64_t k = 0;
    if (!inner.empty() && (!detail::parse_uint(inner, k) || k >= s->count)) return 0;
    return lay.elements[s->first + k];
}

template <class M>
class machine_accessors : public ctisa::exec::accessors_base<M> {
    using ctisa::exec::accessors_base<M>::self;

public:
    // False when the program does not name it (the value is then not used).
    bool set(std::string_view name, std::size_t lane, const std::array<lane_word, 4>& w) {
        const std::uint32_t r = row_of(self().registers(), name);
        if (!r || lane >= M::lanes) return false;
        for (unsigned c = 0; c < 4; ++c) self().row(r + c)[lane] = w[c];
        return true;
    }
    bool set_all(std::string_view name, const std::array<lane_word, 4>& w) {
        bool ok = false;
        for (std::size_t l = 0; l < M::lanes; ++l) ok = set(name, l, w);
        return ok;
    }
    [[nodiscard]] std::optional<std::array<lane_word, 4>> read(std::string_view name, std::size_t lane) const {
        const std::uint32_t r = row_of(self().registers(), name);
        if (!r || lane >= M::lanes) return std::nullopt;
        return std::array<lane_word, 4>{self().row(r)[lane], self().row(r + 1)[lane], self().row(r + 2)[lane], self().row(r + 3)[lane]};
    }
    // A condition-code register's flags (cc_flag bits) per component.
    [[nodiscard]] std::array<lane_word, 4> condition_code(unsigned reg, std::size_t lane) const {
        std::array<lane_word, 4> f{};
        for (unsigned c = 0; c < 4; ++c) f[c] = self().row(cc_row + 4 * (reg & 1u) + c)[lane];
        return f;
    }
    // The result bindings the program writes, in the order they first appear.
    [[nodiscard]] std::vector<std::string> outputs() const {
        std::vector<std::string> out;
        for (const auto& b : self().registers().bindings)
            if (b.text.view().starts_with("result.")) out.emplace_back(b.text.view());
        return out;
    }
    [[nodiscard]] bool killed(std::size_t lane) const { return lane < M::lanes && self().state().killed[lane] != 0; }
};

template <std::size_t W>
struct state {
    std::array<lane_word, W> killed{};
};

struct machine_traits : traits {
    template <class M>
    using accessors = machine_accessors<M>;
    template <std::size_t W>
    using state = exec::state<W>;
    // Kills are a run's: each run starts with none.
    template <class M, class Env>
    static void prepare(M& m, Env&) {
        m.state().killed.fill(0);
    }
    template <class M, std::size_t W>
    static void discarded(M& m, const ctisa::exec::lane_mask<W>& lanes) {
        for (std::size_t l = 0; l < W; ++l) m.state().killed[l] |= lanes[l];
    }
};

template <std::size_t W = 16>
using machine = ctisa::exec::machine<machine_traits, W>;

template <auto Program, std::size_t W>
using compiled = ctisa::exec::compiled<machine_traits, Program, W>;

}  // namespace ctisa::nvasm::exec
