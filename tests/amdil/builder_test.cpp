// SPDX-License-Identifier: MIT
// The typed builders: constant instructions fold to their tokens; the tokens are those the text and
// the real binaries give for the same statement.
#include <catch2/catch.hpp>

#include <ctisa/amdil/amdil.hpp>

namespace il = ctisa::amdil;
using namespace ctisa::amdil::registers;

TEST_CASE("amdil: builders give the tokens of the binaries", "[amdil][builder]") {
    // il_flame.bin: 'mad_ieee r0.xy__, v1.xyxx, l0, l1' is 0x00010040, 0x00440000 0x05, 0x00610001 0x1010 ... (read from the file
    // by the conformance test); here the same statement from the builder and from the text.
    constexpr auto mad = il::op::mad.ieee()(r(0).mask("xy__"), v(1).swizzle("xyxx"), l(0), l(1));
    STATIC_REQUIRE(mad.ok());
    STATIC_REQUIRE(mad->words[0] == 0x00010040u);
    STATIC_REQUIRE(mad->words[1] == 0x00440000u);  // r0, modifier present
    STATIC_REQUIRE(mad->words[2] == 0x05u);        // xy__
    STATIC_REQUIRE(mad->words[3] == 0x00610001u);  // v1 (input, 33), modifier present
    STATIC_REQUIRE(mad->words[4] == 0x0010u);      // xyxx
    STATIC_REQUIRE(mad->size == 7);
    CHECK(*mad == il::parse("mad_ieee r0.xy__, v1.xyxx, l0, l1").value());
    CHECK(ctisa::to_string<il::isa>(*mad) == "mad_ieee r0.xy__, v1.xyxx, l0, l1");
}

TEST_CASE("amdil: builder modifiers, control fields and dwords", "[amdil][builder]") {
    constexpr auto add = il::op::add.sat().shift(il::shift_scale::x2)(r(0), -r(1).w(), r(2).abs());
    STATIC_REQUIRE(add.ok());
    CHECK(ctisa::to_string<il::isa>(*add) == "add_x2_sat r0, r1.w_neg(xyzw), r2_abs");
    constexpr auto div = il::op::div.zeroop(il::zero_op::infinity)(r(0), r(1), r(2));
    CHECK(ctisa::to_string<il::isa>(*div) == "div_zeroop(infinity) r0, r1, r2");
    constexpr auto literal = il::op::dcl_literal(l(3), 1u, 2u, 3u, 0x3F800000u);
    CHECK(ctisa::to_string<il::isa>(*literal) == "dcl_literal l3, 0x00000001, 0x00000002, 0x00000003, 0x3F800000");
    constexpr auto sample = il::op::sample.resource(1).sampler(2)(r(0), r(1));
    CHECK(ctisa::to_string<il::isa>(*sample) == "sample_resource(1)_sampler(2) r0, r1");
    constexpr auto input = il::op::dcl_input.usage(il::import_usage::generic).interp(il::interp_mode::linear)(v(1).mask("xy__"));
    CHECK(ctisa::to_string<il::isa>(*input) == "dcl_input_usage(generic)_interp(linear) v1.xy__");
    constexpr auto prec = il::op::add.prec("xz")(r(0), r(1), r(2));
    CHECK(ctisa::to_string<il::isa>(*prec) == "add_precxz r0, r1, r2");
    CHECK(il::op::add.prec("xq")(r(0), r(1), r(2)).error().code == ctisa::error_code::bad_write_mask);
    constexpr auto end = il::op::end();
    STATIC_REQUIRE(end->size == 1);
    STATIC_REQUIRE(end->words[0] == 40u);
}

TEST_CASE("amdil: builder values checked at run time", "[amdil][builder]") {
    volatile std::uint32_t big = 8;  // relop is three bits
    const auto e = il::op::breakc.control("relop", static_cast<std::uint32_t>(big))(r(0), r(1));
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().code == ctisa::error_code::value_out_of_range);
    const auto f = il::op::mov.control("nosuch", 1u)(r(0), r(1));
    CHECK(f.error().code == il::errors::unknown_control_field);
    const auto g = il::op::mov(r(0).mask("xyzq"), r(1));
    CHECK(g.error().code == ctisa::error_code::bad_write_mask);
    const auto h = il::op::mov(r(0), r(1).swizzle("xq"));
    CHECK(h.error().code == ctisa::error_code::bad_swizzle);
    const auto k = il::op::end.sat()();
    CHECK(k.error().code == ctisa::error_code::modifier_not_allowed);
}
