// SPDX-License-Identifier: MIT
// Builder errors at run time name the operand (1-based, as written), what it is, and the value
// refused, in the one form every ISA uses (ctisa::describe, core/error_text.hpp).
#include <catch2/catch.hpp>

#include <ctisa/attila/attila.hpp>
#include <ctisa/core/error_text.hpp>

namespace at = ctisa::attila;
using namespace ctisa::attila::operands;
using ctisa::error_code;

TEST_CASE("attila builder errors name the operand and its value", "[attila][builder]") {
    volatile unsigned n999 = 999, n300 = 300, n40 = 40;
    const auto src = at::mov(r(0), c(n999));
    CHECK(src.error().code == error_code::register_out_of_range);
    CHECK(src.error().operand == 2);
    CHECK(src.error().role == "source 1");
    CHECK(ctisa::describe(src.error()) == "operand 2 (source 1): register number out of range for its bank (c999)");
    CHECK(ctisa::describe(at::add(r(n300), r(1), r(2)).error()) == "operand 1 (destination): register number out of range for its bank (r300)");
    CHECK(ctisa::describe(at::mad(r(0), r(1), i(2), i(n300)).error()) ==
          "operand 4 (source 3): register number out of range for its bank (i300)");
    CHECK(ctisa::describe(at::jmp(p(n40), 1).error()) == "operand 1 (source 1): register number out of range for its bank (p40)");
}
