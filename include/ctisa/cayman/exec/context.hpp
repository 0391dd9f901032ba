// SPDX-License-Identifier: MIT
// What Cayman's kernels share besides register rows: the loop registers (aL) of the loops the
// CF program is in, and the exec-mask operation of the running clause. The machine owns one
// (state), the lane views carry a pointer to it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "items.hpp"

namespace ctisa::cayman::exec {

class environment_ref;  // environment.hpp
namespace plain_group {
struct planned;  // plain_group.hpp
}

// A row of the interpreter's plain groups (plain_group.hpp) holding a source that is the same in
// every lane: a kcache constant's element, or fixed bits (a literal, an inline constant, 0 for an
// unlocked constant), NEG and ABS applied.
struct constant_row {
    bool kcache = false, abs = false, neg = false;
    std::uint8_t chan = 0;
    std::uint16_t bank = 0, index = 0;
    std::uint32_t value = 0;  // fixed: the bits
    friend constexpr bool operator==(const constant_row&, const constant_row&) = default;
};

// One entered loop: aL = init + iteration * step (DX9 LOOP_START); DX10 and LOOP_START_NO_AL
// loops keep the enclosing loop's aL (3.7.5). `depth` is the control stack's depth with the
// loop's frame on it: the frame gone, the loop is gone.
struct loop_register {
    std::int32_t init = 0, step = 0, iteration = 0;
    std::size_t depth = 0;
    bool has_index = false;
};

struct context {
    std::array<loop_register, 32> loops{};
    std::size_t loop_count = 0;
    std::uint8_t exec_op = 0;  // EXECUTE_MASK_OP of the clause's last exec-mask update
    std::span<const item> program{};  // the running program (CALL_FS finds its target by CF address)
    // The constant rows of the program's plain groups, W lanes each: filled at the first plain
    // group of a run (the environment's constants for the run; the compiled path never needs them).
    std::span<const constant_row> constant_keys{};
    std::uint32_t* constant_rows = nullptr;
    bool constants_ready = false;
    // The interpreter's: the run's environment, set once a run by traits::prepare (the constants
    // are filled from it at the first plain group, which may run in a straight run of groups with
    // no environment at hand), and the plain groups' slots resolved for the machine's width, by item.
    const environment_ref* env = nullptr;
    const plain_group::planned* plans = nullptr;

    // A run's start (the machine's prepare): no loop entered, no mask operation, the constant rows
    // not filled. The loop registers past loop_count are never read (enter_loop writes them): not
    // clearing them spares a short compiled run a third of its time (32 of them, a memset and a copy).
    void restart(std::span<const item> running) noexcept {
        loop_count = 0;
        exec_op = 0;
        program = running;
        constant_keys = {};
        constant_rows = nullptr;
        constants_ready = false;
        env = nullptr;
        plans = nullptr;
    }

    // The innermost loop register (0 outside every loop).
    [[nodiscard]] std::int32_t loop_index() const noexcept {
        for (std::size_t i = loop_count; i-- > 0;)
            if (loops[i].has_index)  // wrapping: the constants are the host's, any values
                return static_cast<std::int32_t>(static_cast<std::uint32_t>(loops[i].init) +
                                                 static_cast<std::uint32_t>(loops[i].iteration) * static_cast<std::uint32_t>(loops[i].step));
        return 0;
    }
    void enter_loop(const loop_register& r) noexcept {
        if (loop_count < loops.size()) loops[loop_count++] = r;
    }
    // Forgets the loops whose frames the control stack no longer holds.
    void sync(std::size_t stack_depth) noexcept {
        while (loop_count > 0 && loops[loop_count - 1].depth > stack_depth) --loop_count;
    }
};

}  // namespace ctisa::cayman::exec
