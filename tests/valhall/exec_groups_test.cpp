// SPDX-License-Identifier: MIT
// The interpreter's kernel groups and the mnemonic facts their kernels read at run time (shift
// direction, logic, lane width, access size), against the Valhall document's names: LSHIFT_OR.v2i16
// shifts each 16-bit lane left, then ORs.
#include "exec_support.hpp"

#include <ctisa/valhall/exec/kernel_groups.hpp>

namespace groups_test {

using vx::logic_op;

constexpr va::instruction_id id_of(std::string_view mnemonic) {
    for (std::size_t i = 0; i < va::instruction_count; ++i)
        if (va::info(static_cast<va::instruction_id>(i)).mnemonic == mnemonic) return static_cast<va::instruction_id>(i);
    throw "no such mnemonic";
}

// The document's shift-logic family: shift A by B's byte, left (LSHIFT) or right (RSHIFT), then
// AND / OR / XOR with C, on lanes of the type's width.
struct shift_fact {
    std::string_view mnemonic;
    bool left;
    logic_op logic;
    unsigned bits;
};
constexpr shift_fact shift_facts[] = {
    {"LSHIFT_AND.i32", true, logic_op::and_, 32},   {"LSHIFT_OR.i32", true, logic_op::or_, 32},
    {"LSHIFT_XOR.i32", true, logic_op::xor_, 32},   {"RSHIFT_AND.i32", false, logic_op::and_, 32},
    {"RSHIFT_OR.i32", false, logic_op::or_, 32},    {"RSHIFT_XOR.i32", false, logic_op::xor_, 32},
    {"LSHIFT_AND.v2i16", true, logic_op::and_, 16}, {"LSHIFT_OR.v2i16", true, logic_op::or_, 16},
    {"LSHIFT_XOR.v2i16", true, logic_op::xor_, 16}, {"RSHIFT_AND.v2i16", false, logic_op::and_, 16},
    {"RSHIFT_OR.v2i16", false, logic_op::or_, 16},  {"RSHIFT_XOR.v2i16", false, logic_op::xor_, 16},
    {"LSHIFT_AND.v4i8", true, logic_op::and_, 8},   {"LSHIFT_OR.v4i8", true, logic_op::or_, 8},
    {"LSHIFT_XOR.v4i8", true, logic_op::xor_, 8},   {"RSHIFT_AND.v4i8", false, logic_op::and_, 8},
    {"RSHIFT_OR.v4i8", false, logic_op::or_, 8},    {"RSHIFT_XOR.v4i8", false, logic_op::xor_, 8},
    {"LSHIFT_AND.i64", true, logic_op::and_, 64},   {"LSHIFT_OR.i64", true, logic_op::or_, 64},
    {"LSHIFT_XOR.i64", true, logic_op::xor_, 64},   {"RSHIFT_AND.i64", false, logic_op::and_, 64},
    {"RSHIFT_OR.i64", false, logic_op::or_, 64},    {"RSHIFT_XOR.i64", false, logic_op::xor_, 64},
};

constexpr bool shift_facts_hold() {
    unsigned family = 0;
    for (std::size_t i = 0; i < va::instruction_count; ++i) family += vx::is_shift_logic(static_cast<va::instruction_id>(i));
    if (family != std::size(shift_facts)) return false;
    for (const shift_fact& f : shift_facts) {
        const va::instruction_id id = id_of(f.mnemonic);
        const vx::shift_logic_op s = vx::shift_logic_of(id);
        if (!s.is || s.left != f.left || s.logic != f.logic || vx::type_of(id).bits != f.bits) return false;
        if (vx::shift_logic_ops<>[static_cast<std::size_t>(id)].logic != f.logic) return false;
    }
    return true;
}

// Instructions of a width share a kernel; no two widths do.
constexpr bool shifts_share_by_width() {
    constexpr std::size_t n = std::size(shift_facts);
    std::array<va::instruction_id, n> kernel{};
    for (std::size_t i = 0; i < n; ++i) kernel[i] = vx::shared_kernel(id_of(shift_facts[i].mnemonic));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            if ((kernel[i] == kernel[j]) != (shift_facts[i].bits == shift_facts[j].bits)) return false;
    return true;
}

TEST_CASE("shift-logic instructions: direction, logic and lane width from the mnemonic", "[valhall][exec][groups]") {
    STATIC_REQUIRE(shift_facts_hold());
    STATIC_REQUIRE(shifts_share_by_width());
    STATIC_REQUIRE(vx::is_shift_logic(va::instruction_id::lshift_or_v2i16));
    STATIC_REQUIRE(!vx::is_shift_logic(va::instruction_id::mux_i32));
    STATIC_REQUIRE(!vx::is_shift_logic(va::instruction_id::shaddx_u64));
}

TEST_CASE("LOAD / STORE access sizes from the mnemonic", "[valhall][exec][groups]") {
    STATIC_REQUIRE(vx::access_bytes_of(id_of("LOAD.i8")) == 1);
    STATIC_REQUIRE(vx::access_bytes_of(id_of("LOAD.i24")) == 3);
    STATIC_REQUIRE(vx::access_bytes_of(id_of("LOAD.i48")) == 6);
    STATIC_REQUIRE(vx::access_bytes_of(id_of("LOAD.i128")) == 16);
    STATIC_REQUIRE(vx::access_bytes_of(id_of("STORE.i96")) == 12);
    STATIC_REQUIRE(vx::access_bytes_of(id_of("STORE.i64")) == 8);
    STATIC_REQUIRE(vx::access_bytes_of(id_of("FADD.f32")) == 0);
    STATIC_REQUIRE(vx::group_of(id_of("LOAD.i96")) == vx::kernel_group::load);
    STATIC_REQUIRE(vx::group_of(id_of("STORE.i24")) == vx::kernel_group::store);
}

constexpr std::size_t interpreter_kernels() {
    std::size_t n = 0;
    for (std::size_t i = 0; i < va::instruction_count; ++i) {
        const auto id = static_cast<va::instruction_id>(i);
        n += vx::has_kernel(id) && vx::shared_kernel(id) == id;
    }
    return n;
}

TEST_CASE("kernel groups: members differ from their first only in what the kernel reads at run time", "[valhall][exec][groups]") {
    using enum va::instruction_id;
    STATIC_REQUIRE(vx::kernel_groups_consistent<>);
    STATIC_REQUIRE(interpreter_kernels() == 90);
    STATIC_REQUIRE(vx::shared_kernel(id_of("ISUB.u32")) == vx::shared_kernel(id_of("HADD.u32")));
    STATIC_REQUIRE(vx::shared_kernel(id_of("FMAX.v2f16")) == vx::shared_kernel(id_of("FADD.v2f16")));
    STATIC_REQUIRE(vx::shared_kernel(id_of("IADD.u32")) != vx::shared_kernel(id_of("IADD.s32")));
    STATIC_REQUIRE(vx::shared_kernel(id_of("FMA.f32")) == fma_f32);  // own kernel
    // The check bites: another width, or another sign where the kernel takes the sign as a constant.
    STATIC_REQUIRE(!vx::shares_kernel_with(lshift_or_v2i16, lshift_or_i32, vx::kernel_group::shift_32));
    STATIC_REQUIRE(!vx::shares_kernel_with(iadd_v2u16, iadd_u32, vx::kernel_group::add_u32));
    STATIC_REQUIRE(!vx::shares_kernel_with(iadd_s32, iadd_u32, vx::kernel_group::add_u32));
    STATIC_REQUIRE(vx::shares_kernel_with(icmp_s32, icmp_u32, vx::kernel_group::icmp_32));
    STATIC_REQUIRE(!vx::shares_kernel_with(fadd_f32, load_i8, vx::kernel_group::load));
}

// Each lane of `bits` bits: A shifted by 3 (every byte of B is 3), then the logic with C.
std::uint32_t expected(const shift_fact& f, std::uint32_t a, std::uint32_t c) {
    std::uint32_t out = 0;
    const std::uint32_t mask = f.bits == 32 ? 0xFFFFFFFFu : (1u << f.bits) - 1;
    for (unsigned at = 0; at < 32; at += f.bits) {
        const std::uint32_t x = (a >> at) & mask, y = (c >> at) & mask;
        const std::uint32_t s = (f.left ? x << 3 : x >> 3) & mask;
        const std::uint32_t r = f.logic == logic_op::and_ ? (s & y) : f.logic == logic_op::or_ ? (s | y) : (s ^ y);
        out |= r << at;
    }
    return out;
}

TEST_CASE("shift-logic instructions run as the document says through the shared kernels", "[valhall][exec][groups]") {
    const std::uint32_t a = 0x8421F00Fu, c = 0x5A3CC3A5u;
    for (const shift_fact& f : shift_facts) {
        INFO(f.mnemonic);
        if (f.bits != 64) {
            const char* shift = f.bits == 8 ? " r0, r1, r2.b00, r3" : " r0, r1, r2, r3";  // (v4i8: a broadcast, the one described reading)
            CHECK(one(std::string(f.mnemonic) + shift, {a, 0x03030303u, c}) == expected(f, a, c));
            continue;
        }
        const std::uint64_t a64 = 0x8000000100000003u, c64 = 0x5A3CC3A5F00F0FF0u;
        const std::uint64_t s = f.left ? a64 << 3 : a64 >> 3;
        const std::uint64_t want = f.logic == logic_op::and_ ? (s & c64) : f.logic == logic_op::or_ ? (s | c64) : (s ^ c64);
        warp w(std::string(f.mnemonic) + " r0, r2, r4, r6");
        w.r(2, static_cast<std::uint32_t>(a64)).r(3, static_cast<std::uint32_t>(a64 >> 32)).r(4, 0x03030303u);
        w.r(6, static_cast<std::uint32_t>(c64)).r(7, static_cast<std::uint32_t>(c64 >> 32)).go();
        CHECK((std::uint64_t{w(1)} << 32 | w(0)) == want);
    }
}

}  // namespace groups_test
