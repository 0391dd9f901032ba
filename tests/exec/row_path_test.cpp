// SPDX-License-Identifier: MIT
// The shared interpreter row path (exec/row_path.hpp) over a toy ISA of three forms: rows read and
// written where the binding says, modifiers applied on loading, stores under the lane mask, a
// result written over its own source, and no kernel where the view is not whole vectors.
#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ctisa/exec/kernel.hpp"
#include "ctisa/exec/row_path.hpp"

namespace {

namespace ex = ctisa::exec;
using ex::lane_word;

// ADD dst, a, b; MAD dst, a, b, c (product rounded); MOV dst, a. Machine rows by number.
enum class op : std::uint8_t { add, mad, mov, other };
struct toy_descriptor {
    op code = op::add;
    std::array<std::uint32_t, 3> src{};
    std::array<bool, 3> neg{};
    std::uint32_t dst = 0;
};

struct toy {
    using descriptor = toy_descriptor;
    // Value rows: sources 0, 1, 2, the result 3.
    static constexpr std::size_t row_count = 4, row_forms = 3;
    static constexpr std::uint32_t row_reads(std::size_t form) { return form == 0 ? 0b0011u : form == 1 ? 0b0111u : 0b0001u; }
    static constexpr std::uint32_t row_writes(std::size_t) { return 0b1000u; }
    template <std::size_t Form, class Rows>
    CTISA_EXEC_INLINE static void row_kernel(Rows& r) {
        using floats = typename Rows::floats;
        const floats a = __builtin_bit_cast(floats, r.row[0]), b = __builtin_bit_cast(floats, r.row[1]);
        if constexpr (Form == 0) r.row[3] = __builtin_bit_cast(typename Rows::bits, a + b);
        else if constexpr (Form == 1) {
            const floats p = a * b;
            r.row[3] = __builtin_bit_cast(typename Rows::bits, p + __builtin_bit_cast(floats, r.row[2]));
        } else r.row[3] = r.row[0];
    }
    static constexpr std::size_t row_form(const descriptor& d) { return static_cast<std::size_t>(d.code); }
    template <class View>
    static ex::row_path::source row_source(const descriptor& d, const View& v, std::size_t i) {
        return {v.row(d.src[i]), lane_on_bits, d.neg[i] ? 0x80000000u : 0u};
    }
    template <class View>
    static ex::row_path::target row_target(const descriptor& d, const View& v, std::size_t) {
        return {v.row(d.dst)};
    }
    static constexpr lane_word lane_on_bits = ex::lane_on;
};

constexpr std::size_t lanes = 16;
using view = ex::lane_view<lanes, lanes>;

lane_word bits(float f) { return std::bit_cast<lane_word>(f); }
float value(lane_word w) { return std::bit_cast<float>(w); }

// Eight rows of 16 lanes: row r, lane l holds r + l / 4 (as floats).
std::vector<lane_word> machine_rows() {
    std::vector<lane_word> m(8 * lanes);
    for (std::size_t r = 0; r < 8; ++r)
        for (std::size_t l = 0; l < lanes; ++l) m[r * lanes + l] = bits(static_cast<float>(r) + static_cast<float>(l) / 4.0f);
    return m;
}

void run(const toy_descriptor& d, std::vector<lane_word>& m, const std::array<lane_word, lanes>& active, bool all) {
    const view v{m.data(), 0, nullptr};
    const auto k = ex::row_path::plain_alu<toy, view>(d);
    REQUIRE(k != nullptr);
    k(d, v, active.data(), all);
}

std::array<lane_word, lanes> every_lane() {
    std::array<lane_word, lanes> a;
    a.fill(ex::lane_on);
    return a;
}

}  // namespace

TEST_CASE("row path: a form reads and writes the rows its binding names", "[exec][row_path]") {
    auto m = machine_rows();
    const auto before = m;
    run({op::add, {1, 2, 0}, {}, 5}, m, every_lane(), true);
    for (std::size_t l = 0; l < lanes; ++l) {
        const float x = static_cast<float>(l) / 4.0f;
        CHECK(value(m[5 * lanes + l]) == (1.0f + x) + (2.0f + x));
    }
    for (std::size_t i = 0; i < m.size(); ++i)
        if (i / lanes != 5) CHECK(m[i] == before[i]);  // nothing else written
}

TEST_CASE("row path: source modifiers and a three-source form", "[exec][row_path]") {
    auto m = machine_rows();
    run({op::mad, {2, 3, 4}, {true, false, true}, 6}, m, every_lane(), true);
    for (std::size_t l = 0; l < lanes; ++l) {
        const float x = static_cast<float>(l) / 4.0f, p = -(2.0f + x) * (3.0f + x);
        CHECK(value(m[6 * lanes + l]) == p + -(4.0f + x));
    }
}

TEST_CASE("row path: inactive lanes keep their values", "[exec][row_path]") {
    auto m = machine_rows();
    const auto before = m;
    std::array<lane_word, lanes> active{};
    for (std::size_t l = 0; l < lanes; l += 3) active[l] = ex::lane_on;
    run({op::mov, {7, 0, 0}, {}, 1}, m, active, false);
    for (std::size_t l = 0; l < lanes; ++l) CHECK(m[1 * lanes + l] == (active[l] ? before[7 * lanes + l] : before[1 * lanes + l]));
}

TEST_CASE("row path: a result may overwrite its own source", "[exec][row_path]") {
    auto m = machine_rows();
    run({op::add, {3, 3, 0}, {}, 3}, m, every_lane(), true);
    for (std::size_t l = 0; l < lanes; ++l) CHECK(value(m[3 * lanes + l]) == 2.0f * (3.0f + static_cast<float>(l) / 4.0f));
}

TEST_CASE("row path: a second destination, and a kernel run by its form", "[exec][row_path]") {
    auto m = machine_rows();
    ex::row_path::binding<toy::row_count> b;
    b.read(0, m.data() + 2 * lanes, 0x7FFFFFFFu, 0x80000000u);  // -|x|
    b.write(3, m.data() + 4 * lanes, m.data() + 5 * lanes);
    const auto active = every_lane();
    ex::row_path::kernel_of<toy, lanes>(2)(b, active.data(), true);
    for (std::size_t l = 0; l < lanes; ++l) {
        CHECK(value(m[4 * lanes + l]) == -(2.0f + static_cast<float>(l) / 4.0f));
        CHECK(m[5 * lanes + l] == m[4 * lanes + l]);
    }
}

TEST_CASE("row path: no kernel for other forms or partial vectors", "[exec][row_path]") {
    STATIC_REQUIRE(ex::row_path::block<6> == 0);
    STATIC_REQUIRE(ex::row_path::block<4> == 4);
    STATIC_REQUIRE(ex::row_path::block<64> >= 4);
    CHECK(ex::row_path::plain_alu<toy, view>({op::other, {}, {}, 0}) == nullptr);
    CHECK(ex::row_path::plain_alu<toy, ex::lane_view<6, 6>>({op::add, {}, {}, 0}) == nullptr);
}
