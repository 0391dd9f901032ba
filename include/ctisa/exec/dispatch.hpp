// SPDX-License-Identifier: MIT
// From an opcode known at run time to the kernel instantiated for it: a table of function
// pointers built from the ISA's generated list of opcodes, so that adding an opcode to the spec
// adds it to the interpreter with no hand-written case. Each kernel stays its own function (the
// interpreter pays one indirect call an instruction over W lanes; the compiler optimises many
// small functions rather than one that holds every kernel).
#pragma once

#include <array>
#include <cstddef>
#include <utility>

namespace ctisa::exec {

// A table of Size entries of type Fn: entry key(I) is make(std::integral_constant<std::size_t, I>{})
// for I in [0, Count) (I indexes the ISA's opcode list; key gives the opcode's value). The other
// entries are null.
template <class Fn, std::size_t Size, std::size_t Count, class Key, class Make>
consteval std::array<Fn, Size> dispatch_table(Key key, Make make) {
    std::array<Fn, Size> table{};
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((table[key(I)] = make(std::integral_constant<std::size_t, I>{})), ...);
    }(std::make_index_sequence<Count>{});
    return table;
}

}  // namespace ctisa::exec
