// SPDX-License-Identifier: MIT
// The AMD IL executor's flow control (7.2), indexed registers (x#[..], cb#[..]) and derivatives,
// per lane, against results worked out by hand. Lane l has v0 = l (integer) and v1 = l (float).
#include "exec_support.hpp"

using namespace amdil_exec_test;

namespace {

std::string ints(unsigned n, std::uint32_t x) { return literal(n, {x, x, x, x}); }
std::string floats(unsigned n, float x) { return literal(n, x, x, x, x); }

// Component x of o0 in each lane, as bits.
std::array<std::uint32_t, 4> xs(const machine& m, unsigned reg = 0) {
    std::array<std::uint32_t, 4> r{};
    for (std::size_t l = 0; l < 4; ++l) r[l] = m.read(reg_type::output, reg, l)[0];
    return r;
}
std::array<std::uint32_t, 4> fl(float a, float b, float c, float d) { return {bits(a), bits(b), bits(c), bits(d)}; }

}  // namespace

TEST_CASE("amdil exec: if / else / endif per lane", "[amdil][exec][flow]") {
    const std::string lits = floats(0, 10) + floats(1, 20) + floats(2, 2);
    auto m = run_with(lits + "if_logicalnz v0.x\nmov o0, l0\nelse\nmov o0, l1\nendif\nend\n", lane_inputs);
    CHECK(xs(*m) == fl(20, 10, 10, 10));
    m = run_with(lits + "if_logicalz v0.x\nmov o0, l0\nelse\nmov o0, l1\nendif\nend\n", lane_inputs);
    CHECK(xs(*m) == fl(10, 20, 20, 20));
    m = run_with(lits + "ifc_relop(lt) v1.x, l2.x\nmov o0, l0\nelse\nmov o0, l1\nendif\nend\n", lane_inputs);
    CHECK(xs(*m) == fl(10, 10, 20, 20));
    m = run_with(lits + "mov o0, l1\nifnz v0.x\nmov o0, l0\nendif\nend\n", lane_inputs);
    CHECK(xs(*m) == fl(20, 10, 10, 10));
    // Nested: lanes 2 and 3 pass the outer test, lane 3 the inner one.
    m = run_with(lits + ints(3, 3) +
                     "mov o0, l1\nifc_relop(ge) v1.x, l2.x\nmov o0, l2\nieq r0, v0, l3\nif_logicalnz r0.x\nmov o0, l0\nendif\nendif\nend\n",
                 lane_inputs);
    CHECK(xs(*m) == fl(20, 20, 2, 10));
}

TEST_CASE("amdil exec: whileloop, break, continue", "[amdil][exec][flow]") {
    const std::string lits = ints(0, 1) + ints(1, 0) + ints(6, 6);
    // Counts to v0: lane l goes around l times.
    auto m =
        run_with(lits + "mov r0, l1\nwhileloop\nige r1, r0, v0\nbreak_logicalnz r1.x\niadd r0, r0, l0\nendloop\nmov o0, r0\nend\n", lane_inputs);
    CHECK(xs(*m) == std::array<std::uint32_t, 4>{0, 1, 2, 3});
    // continue_logicalz skips the even counts: 1 + 3 + 5 = 9; lanes add their index on the way out.
    m = run_with(lits +
                     "mov r0, l1\nmov r2, l1\nwhileloop\niadd r0, r0, l0\nige r1, r0, l6\nbreak_logicalnz r1.x\niand r3, r0, l0\n"
                     "continue_logicalz r3.x\niadd r2, r2, r0\nendloop\niadd o0, r2, v0\nend\n",
                 lane_inputs);
    CHECK(xs(*m) == std::array<std::uint32_t, 4>{9, 10, 11, 12});
    // breakc compares floats: leave once r0 >= v1 + 0.5 (lane l: l + 1 times around, r0 = l + 1).
    m = run_with(floats(0, 1) + floats(1, 0.5f) +
                     "mov r0, l1.0\nadd r4, v1, l1\nwhileloop\nadd r0, r0, l0\nbreakc_relop(ge) r0.x, r4.x\nendloop\nmov o0, r0\nend\n",
                 lane_inputs);
    CHECK(xs(*m) == fl(1, 2, 3, 4));
    // An unconditional break inside an if of a loop.
    m = run_with(lits + "mov r0, l1\nwhileloop\nieq r1, r0, v0\nif_logicalnz r1.x\nbreak\nendif\niadd r0, r0, l0\nendloop\nmov o0, r0\nend\n",
                 lane_inputs);
    CHECK(xs(*m) == std::array<std::uint32_t, 4>{0, 1, 2, 3});
    // continuec: skip r0 == 2 (float compare) when summing 1..4.
    m = run_with(floats(0, 1) + floats(1, 0) + floats(2, 2) + floats(4, 4) +
                     "mov r0, l1\nmov r2, l1\nwhileloop\nadd r0, r0, l0\nbreakc_relop(gt) r0.x, l4.x\ncontinuec_relop(eq) r0.x, l2.x\n"
                     "add r2, r2, r0\nendloop\nmov o0, r2\nend\n",
                 lane_inputs);
    CHECK(xs(*m) == fl(8, 8, 8, 8));
}

TEST_CASE("amdil exec: counted loop", "[amdil][exec][flow]") {
    // loop src0: src0.x iterations (an integer); lane 0 skips the body.
    const auto m = run_with(ints(0, 1) + ints(1, 100) + "mov r0, l1\nloop v0\niadd r0, r0, l0\nendloop\nmov o0, r0\nend\n", lane_inputs);
    CHECK(xs(*m) == std::array<std::uint32_t, 4>{100, 101, 102, 103});
}

TEST_CASE("amdil exec: switch / case / default", "[amdil][exec][flow]") {
    const std::string lits = ints(0, 0) + ints(1, 1) + ints(2, 10) + ints(3, 1000) + ints(4, 5);
    const auto m = run_with(lits +
                                "mov r0, l0\nswitch v0.x\ncase 0\nmov r0, l4\nbreak\ncase 1\niadd r0, r0, l1\ncase 2\niadd r0, r0, l2\nbreak\n"
                                "default\nmov r0, l3\nbreak\nendswitch\nmov o0, r0\nend\n",
                            lane_inputs);
    // Lane 1 falls through from case 1 into case 2.
    CHECK(xs(*m) == std::array<std::uint32_t, 4>{5, 11, 10, 1000});
}

TEST_CASE("amdil exec: call / func / ret", "[amdil][exec][flow]") {
    const std::string lits = ints(0, 0) + ints(1, 1) + ints(2, 100);
    auto m = run_with(lits +
                          "mov r0, l0\ncall 1\ncallnz v0.x, 2\nmov o0, r0\nendmain\nfunc 1\niadd r0, r0, l1\nret\nfunc 2\niadd r0, r0, l2\n"
                          "ret_logicalnz v0.x\niadd r0, r0, l2\nret\nend\n",
                      lane_inputs);
    CHECK(xs(*m) == std::array<std::uint32_t, 4>{1, 101, 101, 101});
    // call_logicalz calls where src0.x is 0; endfunc returns.
    m = run_with(lits + "mov r0, l0\ncall_logicalz v0.x, 3\nmov o0, r0\nendmain\nfunc 3\niadd r0, r0, l2\nendfunc\nend\n", lane_inputs);
    CHECK(xs(*m) == std::array<std::uint32_t, 4>{100, 0, 0, 0});
    // ret_dyn in the main program ends the lanes that reach it.
    m = run_with(floats(0, 1) + floats(1, 2) + "mov o0, l0\nif_logicalnz v0.x\nret_dyn\nendif\nmov o0, l1\nend\n", lane_inputs);
    CHECK(xs(*m) == fl(2, 1, 1, 1));
}

TEST_CASE("amdil exec: discard", "[amdil][exec][flow]") {
    const auto k = run_with(ints(0, 2) + "ige r0, v0, l0\nmov o0, v1\ndiscard_logicalnz r0.x\nend\n", lane_inputs);
    CHECK_FALSE(k->discarded(0));
    CHECK_FALSE(k->discarded(1));
    CHECK(k->discarded(2));
    CHECK(k->discarded(3));
}

TEST_CASE("amdil exec: indexed temporaries and constant buffers", "[amdil][exec][regs]") {
    const std::string decl = "dcl_indexed_temp_array x0[4]\n" + floats(0, 10) + floats(1, 11) + floats(2, 12) + floats(3, 13);
    // x0[v0.x+0]: each lane reads its own element; past the end reads 0.
    auto m = run_with(decl + "mov x0[0], l0\nmov x0[1], l1\nmov x0[2], l2\nmov x0[3], l3\nmov o0, x0[v0.x+0]\nmov o1, x0[v0.x+1]\nend\n",
                      lane_inputs);
    CHECK(xs(*m, 0) == fl(10, 11, 12, 13));
    CHECK(xs(*m, 1) == fl(11, 12, 13, 0));
    // Writes through an index: lane l writes element l + 1 of its own array.
    m = run_with(decl + "mov x0[1], l0\nmov x0[v0.x+1], l3\nmov o0, x0[1]\nend\n", lane_inputs);
    CHECK(xs(*m, 0) == fl(13, 10, 10, 10));
    // cb0: shared by every lane, set once; read statically and through an index.
    m = run_with("dcl_cb cb0[4]\nmov o0, cb0[2]\nmov o1, cb0[v0.x+0]\nend\n", [](machine& mm) {
        lane_inputs(mm);
        for (std::uint32_t e = 0; e < 4; ++e) mm.set_element(reg_type::const_buff, 0, e, fl(100.0f + e, 0, 0, 0));
    });
    CHECK(xs(*m, 0) == fl(102, 102, 102, 102));
    CHECK(xs(*m, 1) == fl(100, 101, 102, 103));
}

TEST_CASE("amdil exec: derivatives over a 2x2 quad", "[amdil][exec]") {
    // Lanes 0 1 / 2 3 form the quad; v1 = lane: d/dx = 1, d/dy = 2 in every lane.
    const auto m = run_with("dsx o0, v1\ndsy o1, v1\nfwidth o2, v1_neg(xyzw)\nend\n", lane_inputs);
    CHECK(xs(*m, 0) == fl(1, 1, 1, 1));
    CHECK(xs(*m, 1) == fl(2, 2, 2, 2));
    CHECK(xs(*m, 2) == fl(3, 3, 3, 3));
}

TEST_CASE("amdil exec: what it does not run stops the run at that unit", "[amdil][exec]") {
    static std::vector<am::instruction> code;
    code = program("il_ps_2_0\nmov r0, v0\nemit\nend\n");
    machine m(code);
    const auto status = m.run();
    CHECK(status.error.code == ctisa::error_code::not_executable);
    CHECK(status.error.offset == 8u + 4u * code[1].size);  // the byte offset of emit in the image
    // An unbalanced program runs nothing.
    code = program("il_ps_2_0\nif_logicalnz v0.x\nend\n");
    machine u(code);
    CHECK(u.run().error.code == ctisa::error_code::unbalanced_structure);
}
