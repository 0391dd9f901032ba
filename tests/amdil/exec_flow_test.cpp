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

TEST_CASE("amdil exec: kill discards lanes with a component below 0.0", "[amdil][exec][flow]") {
    const auto k = run_with(floats(0, 1.5f) + "sub r0, v1, l0\nkill r0\nmov o0, v1\nend\n", lane_inputs);
    CHECK(k->discarded(0));
    CHECK(k->discarded(1));
    CHECK_FALSE(k->discarded(2));
    // -0.0 and NaN are not below 0.0.
    const auto n = run_with(literal(1, {0x80000000u, 0, 0x7FC00000u, 0}) + "kill l1\nmov o0, v1\nend\n", lane_inputs);
    CHECK_FALSE(n->discarded(0));
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
    code = program("il_ps_2_0\nmov r0, v0\nfcall_pointer(0) r0, 1\nend\n");
    machine m(code);
    const auto status = m.run();
    CHECK(status.error.code == ctisa::error_code::not_executable);
    CHECK(status.error.offset == 8u + 4u * code[1].size);  // the byte offset of fcall in the image
    // The ownership model needs each lane's share (dcl_lds_size_per_thread): without it, refused.
    code = program("il_cs_2_0\nlds_read_vec r1, r0\nend\n");
    machine w(code);
    CHECK(w.run().error.code == ctisa::error_code::not_executable);
    // An unbalanced program runs nothing.
    code = program("il_ps_2_0\nif_logicalnz v0.x\nend\n");
    machine u(code);
    CHECK(u.run().error.code == ctisa::error_code::unbalanced_structure);
}

namespace {

// Runs `text` on 4 lanes (lane_inputs) with environment env; the run must succeed.
template <class Env>
std::unique_ptr<machine> run_env(const std::string& text, Env& env) {
    static std::vector<am::instruction> code;
    code = program("il_ps_2_0\n" + text);
    auto m = std::make_unique<machine>(code);
    lane_inputs(*m);
    const auto status = m->run(env);
    INFO(text);
    INFO(status.error.message());
    REQUIRE(status.ok());
    return m;
}
std::uint32_t word(const ax::default_environment& env, ax::memory_space space, std::uint32_t id, std::uint32_t address) {
    return env.load(ax::memory_access{space, id, address, 0});
}

}  // namespace

TEST_CASE("amdil exec: def, defb, initv and noise", "[amdil][exec]") {
    // def's four values and defb's truth hold from the start of the run, wherever they stand (7.5);
    // a boolean constant is read by flow control only (Table 5.8); initv moves its source into a
    // vertex input; noise is 0.0 (decided).
    ax::default_environment env;
    const auto m = run_env(
        "mov o0, constfloat2\ndef constfloat2, 0x3F800000, 0x40000000, 7, 0xBF000000\ndefb constbool1, 5\n"
        "defb constbool2, 0\ninitv vertex3, v1\nnoise r5, v1\nadd o1, constfloat2, v1\n"
        "if_logicalnz constbool1\nmov o2, constfloat2\nendif\nif_logicalz constbool2\nmov o3, constfloat2\nendif\nmov o4, vertex3\nmov o5, r5\nend\n",
        env);
    CHECK(out(*m, 0, 3) == std::array<std::uint32_t, 4>{0x3F800000u, 0x40000000u, 7u, 0xBF000000u});
    CHECK(out(*m, 1, 2) == vbits(3, 4, 2, 1.5f));
    CHECK(out(*m, 2, 1) == std::array<std::uint32_t, 4>{0x3F800000u, 0x40000000u, 7u, 0xBF000000u});  // 5: true
    CHECK(out(*m, 3, 1) == std::array<std::uint32_t, 4>{0x3F800000u, 0x40000000u, 7u, 0xBF000000u});  // 0: false
    CHECK(out(*m, 4, 3) == vbits(3, 3, 3, 3));
    CHECK(out(*m, 5, 2) == std::array<std::uint32_t, 4>{0, 0, 0, 0});
}

TEST_CASE("amdil exec: LDS stores, loads and atomics, lanes in order", "[amdil][exec][memory]") {
    ax::default_environment env;
    // l0 = (4, 1, 0, 16). Lane l stores l at byte 4l; then every lane adds 1 at byte 0 (lane 0
    // first: it reads 0 and leaves 1, lane 3 reads 3 and leaves 4); loads read back 4, 1, 2, 3.
    auto m = run_env(literal(0, {4, 1, 0, 16}) +
                         "imul r0, v0, l0.x\nlds_store r0, v0\nlds_read_add r1, l0.z, l0.y\nlds_load r2, r0\nmov o0, r1\nmov o1, r2\nend\n",
                     env);
    CHECK(xs(*m, 0) == std::array<std::uint32_t, 4>{0, 1, 2, 3});
    CHECK(xs(*m, 1) == std::array<std::uint32_t, 4>{4, 1, 2, 3});
    CHECK(word(env, ax::memory_space::lds, 0, 0) == 4u);
    CHECK(word(env, ax::memory_space::lds, 0, 12) == 3u);
    // lds_load writes dst.x only: the other components keep their values.
    CHECK(m->read(reg_type::output, 1, 2)[1] == 0u);
}

TEST_CASE("amdil exec: LDS bytes and shorts, little-endian", "[amdil][exec][memory]") {
    ax::default_environment env;
    // Lane l stores the byte 0x80 + l at byte 16 + l: the dword at 16 is 0x83828180.
    auto m = run_env(literal(0, {16, 17, 18, 0x80}) +
                         "iadd r0, v0, l0.x\niadd r1, v0, l0.w\nlds_store_byte r0, r1\nlds_load_byte r2, l0.x\nlds_load_ubyte r3, l0.y\n"
                         "lds_load_short r4, l0.z\nlds_load_ushort r5, l0.x\nmov o0, r2\nmov o1, r3\nmov o2, r4\nmov o3, r5\nend\n",
                     env);
    CHECK(word(env, ax::memory_space::lds, 0, 16) == 0x83828180u);
    CHECK(xs(*m, 0)[0] == 0xFFFFFF80u);  // sign-extended
    CHECK(xs(*m, 1)[0] == 0x81u);
    CHECK(xs(*m, 2)[0] == 0xFFFF8382u);
    CHECK(xs(*m, 3)[0] == 0x8180u);
    // A short store rewrites half of its dword.
    m = run_env(literal(0, {18, 0x1234, 0, 0}) + "lds_store_short l0.x, l0.y\nend\n", env);
    CHECK(word(env, ax::memory_space::lds, 0, 16) == 0x12348180u);
}

TEST_CASE("amdil exec: the atomics' operations", "[amdil][exec][memory]") {
    // One lane at a time on GDS byte 0, which starts at 10; old values come back in o0.
    struct atomic_case {
        const char* text;
        std::uint32_t old3, result;  // lane 3's old value, the dword at the end
    };
    // l0 = (0, 3, 7, 0xFFFFFFFF): address 0, src1 = 3, src2 = 7; l1.x = 10.
    const atomic_case cases[] = {
        {"gds_read_add r1, l0.x, l0.y", 19, 22},
        {"gds_read_sub r1, l0.x, l0.y", 1, 0xFFFFFFFEu},
        {"gds_read_rsub r1, l0.x, l0.y", 0xFFFFFFF9u, 10},  // 3 - 10 = -7, 3 - -7 = 10, -7, 10
        {"gds_read_min r1, l0.x, l0.w", 0xFFFFFFFFu, 0xFFFFFFFFu},
        {"gds_read_umin r1, l0.x, l0.y", 3, 3},
        {"gds_read_max r1, l0.x, l0.w", 10, 10},
        {"gds_read_umax r1, l0.x, l0.w", 0xFFFFFFFFu, 0xFFFFFFFFu},
        {"gds_read_and r1, l0.x, l0.y", 2, 2},
        {"gds_read_or r1, l0.x, l0.y", 11, 11},
        {"gds_read_xor r1, l0.x, l0.y", 9, 10},     // 10 ^ 3 = 9, ^ 3 = 10, 9, 10
        {"gds_read_inc r1, l0.x, l0.y", 2, 3},      // 10 >= 3: 0, then 1, 2, 3
        {"gds_read_dec r1, l0.x, l0.y", 1, 0},      // 10 > 3: 3, then 2, 1, 0
        {"gds_read_cmp_xchg r1, l0.x, l0.y, l0.z", 10, 10},
        {"gds_read_cmp_xchg r1, l0.x, l1.x, l0.z", 7, 7},  // 10 == 10: lane 0 writes 7
        {"gds_read_mskor r1, l0.x, l0.y, l0.z", 15, 15},  // (10 & ~3) | 7 = 15
    };
    for (const auto& c : cases) {
        ax::default_environment env;
        env.store(ax::memory_access{ax::memory_space::gds, 0, 0, 0}, 10);
        auto m = run_env(literal(0, {0, 3, 7, 0xFFFFFFFFu}) + literal(1, {10, 0, 0, 0}) + c.text + "\nmov o0, r1\nend\n", env);
        INFO(c.text);
        CHECK(xs(*m, 0)[3] == c.old3);
        CHECK(word(env, ax::memory_space::gds, 0, 0) == c.result);
    }
    // (gds_read_xchg has no operands in the description: its LDS twin.)
    ax::default_environment env;
    env.store(ax::memory_access{ax::memory_space::lds, 0, 0, 0}, 10);
    auto m = run_env(literal(0, {0, 3, 7, 0}) + "lds_read_xchg r1, l0.x, v0\nmov o0, r1\nend\n", env);
    CHECK(xs(*m, 0) == std::array<std::uint32_t, 4>{10, 0, 1, 2});
    CHECK(word(env, ax::memory_space::lds, 0, 0) == 3u);
}

TEST_CASE("amdil exec: structured LDS and SRV, typed and raw UAVs", "[amdil][exec][memory]") {
    ax::default_environment env;
    for (std::uint32_t k = 0; k < 4; ++k) env.store(ax::memory_access{ax::memory_space::srv, 0, 68 + 4 * k, 0}, 0x11 * (k + 1));
    // dcl_struct_lds 16, 4: lane l stores 10 l at struct l, offset 8 (byte 16 l + 8); lds_load_vec
    // reads struct 1 from offset 0: bytes 16..31 = (0, 0, 10, 0). dcl_struct_srv 32: struct 2,
    // offset 4 is byte 68. uav_add on a typed UAV: element 4 is byte 16; uav_store writes element 2
    // (bytes 32..47) with lane 3's value last; uav_raw_load reads bytes.
    auto m = run_env("dcl_struct_lds 16, 4\ndcl_struct_srv 32\n" + literal(0, {0, 8, 0, 0}) + literal(1, {10, 10, 10, 10}) +
                         literal(2, {1, 0, 0, 0}) + literal(4, {2, 4, 0, 0}) + literal(5, {4, 2, 32, 0}) +
                         "iadd r0, v0.x0x0, l0\nimul r1, v0, l1\nlds_store r0, r1\nlds_load_vec r2, l2.x, l2.y\nsrv_struct_load r3, l4\n"
                         "uav_add l5.x, v0\nuav_store l5.y, r1\nuav_raw_load r4, l5.z\nmov o0, r2\nmov o1, r3\nmov o2, r4\nend\n",
                     env);
    CHECK(word(env, ax::memory_space::lds, 0, 56) == 30u);
    CHECK(out(*m, 0) == std::array<std::uint32_t, 4>{0, 0, 10, 0});
    CHECK(out(*m, 1) == std::array<std::uint32_t, 4>{0x11, 0x22, 0x33, 0x44});
    CHECK(word(env, ax::memory_space::uav, 0, 16) == 6u);
    CHECK(out(*m, 2) == std::array<std::uint32_t, 4>{30, 30, 30, 30});
    // Declared raw, the same uav_add addresses byte 4; uav_cmp compares src2 and writes src1
    // (7.17), lds_cmp compares src1 and writes src2 (7.16).
    ax::default_environment raw;
    raw.store(ax::memory_access{ax::memory_space::uav, 0, 8, 0}, 5);
    raw.store(ax::memory_access{ax::memory_space::lds, 0, 0, 0}, 5);
    run_env("dcl_raw_uav\n" + literal(0, {4, 8, 9, 5}) + "uav_add l0.x, v0\nuav_cmp l0.y, l0.z, l0.w\nlds_cmp r9, l0.w, l0.z\nend\n", raw);
    CHECK(word(raw, ax::memory_space::uav, 0, 4) == 6u);
    CHECK(word(raw, ax::memory_space::uav, 0, 8) == 9u);
    CHECK(word(raw, ax::memory_space::lds, 0, 0) == 9u);
    // dcl_struct_uav 32: struct 2, offset 8 is byte 72; the store writes x, y, w of v1 (lane 3 last:
    // 3.0 at 72, 76, 84); loads read struct 2 from offsets 8 (bytes 72..87) and 12 (76..91: 3.0, 0, 3.0, 0).
    // The arena UAV: lane l stores the short 0x1234 + l at byte 6 (lane 3 last: the dword at 4 is
    // 0x12370000); dword, byte and short loads from byte 6 reach the component their mask names.
    ax::default_environment st;
    m = run_env("dcl_struct_uav_id(0) 32\ndcl_arena_uav_id(2)\n" + literal(0, {2, 8, 0x1234, 6}) + literal(1, {2, 12, 0, 0}) +
                    "uav_struct_store r90.xy_w, l0.xyxy, v1\nuav_struct_load r0, l0.xyxy\nuav_struct_load r1.x_z_, l1.xyxy\n"
                    "iadd r2, v0, l0.z\nuav_arena_store_id(2)_data_size(1) l0.w, r2\nuav_arena_load_id(2) r3._y__, l0.w\n"
                    "uav_arena_load_id(2)_data_size(2) r3.__z_, l0.w\nuav_arena_load_id(2)_data_size(1) r3.___w, l0.w\n"
                    "mov o0, r0\nmov o1, r1\nmov o2, r3\nend\n",
                st);
    CHECK(word(st, ax::memory_space::uav, 0, 84) == bits(3.0f));
    CHECK(word(st, ax::memory_space::uav, 0, 80) == 0u);
    CHECK(out(*m, 0) == vbits(3, 3, 0, 3));
    CHECK(out(*m, 1) == vbits(3, 0, 3, 0));
    CHECK(word(st, ax::memory_space::uav, 2, 4) == 0x12370000u);
    CHECK(out(*m, 2) == std::array<std::uint32_t, 4>{0, 0x12370000u, 0x37, 0x1237});
    // Outside the 16 KiB a resource holds: reads 0, writes nothing.
    m = run_env(literal(0, {16384, 0, 0, 0}) + "lds_store l0.x, v0\nlds_load r0, l0.x\nmov o0, r0\nend\n", raw);
    CHECK(xs(*m, 0) == std::array<std::uint32_t, 4>{0, 0, 0, 0});
}

TEST_CASE("amdil exec: sampling, append counters, emit and cut through the environment", "[amdil][exec][memory]") {
    // The default sampler returns its coordinates.
    ax::default_environment env;
    auto m = run_env("sample_resource(1)_sampler(2) r0, v1\nmov o0, r0\nfence_lds\nend\n", env);
    CHECK(xs(*m, 0) == fl(0, 1, 2, 3));
    // Another sampler sees the resource, the sampler, the sources and the lane.
    struct recording : ax::default_environment {
        std::array<ax::lane_word, 4> sample(const ax::sample_request& r) {
            return {r.resource * 100 + r.sampler, r.sources, r.src[1][0], static_cast<ax::lane_word>(r.lane)};
        }
    } rec;
    m = run_env(literal(0, {7, 0, 0, 0}) + "sample_l_resource(3)_sampler(1) r0, v1, l0\nmov o0, r0\nend\n", rec);
    CHECK(out(*m, 0, 2) == std::array<std::uint32_t, 4>{301, 2, 7, 2});
    // append_buf_alloc returns the counter before its increment, consume the one after its decrement.
    m = run_env("append_buf_alloc r0\nappend_buf_consume r1\nmov o0, r0\nmov o1, r1\nend\n", env);
    CHECK(xs(*m, 0) == std::array<std::uint32_t, 4>{0, 1, 2, 3});
    CHECK(xs(*m, 1) == std::array<std::uint32_t, 4>{3, 2, 1, 0});
    // emit and cut are reported per lane, in order, under the lane mask.
    run_env("if_logicalnz v0.x\nemit\nendif\ncut\nend\n", env);
    REQUIRE(env.events.size() == 7);
    CHECK(env.events[0].lane == 1);
    CHECK(env.events[2].lane == 3);
    CHECK(env.events[3].op == am::opcode::cut);
    CHECK(env.events[3].lane == 0);
}

TEST_CASE("amdil exec: R600 memory import and export, R520 scatter", "[amdil][exec][memory]") {
    // amdil_execution.toml [environment]: memimport_elem(n) reads the four dwords of element
    // floor(src0.x) of import element n (16 bytes an element); memexport writes src1 to element
    // floor(src0.x) + elemOffset of stream n.
    ax::default_environment env;
    for (std::uint32_t c = 0; c < 4; ++c) env.store(ax::memory_access{ax::memory_space::import_, 3, 32 + 4 * c, 0}, 0x11 * (c + 1));
    // l0.x = 2.75: element 2 (bytes 32..47); lane l exports v1 = l.0 to element l + 1 of stream 2.
    auto m = run_env(literal(0, 2.75f, 0, 0, 0) +
                         "memimport_elem(3) r0, l0\nmemimport_elem(3) r1.x_z_, l0\nmemexport_exportstream(2)_elemoffset(1) v1, v1\n"
                         "mov o0, r0\nmov o1, r1\nend\n",
                     env);
    CHECK(out(*m, 0, 2) == std::array<std::uint32_t, 4>{0x11, 0x22, 0x33, 0x44});
    CHECK(out(*m, 1, 2) == std::array<std::uint32_t, 4>{0x11, 0, 0x33, 0});
    CHECK(word(env, ax::memory_space::export_, 2, 0) == 0u);  // element 0: no lane's
    CHECK(word(env, ax::memory_space::export_, 2, 16) == bits(0.0f));
    CHECK(word(env, ax::memory_space::export_, 2, 2 * 16 + 8) == bits(1.0f));
    CHECK(word(env, ax::memory_space::export_, 2, 4 * 16 + 12) == bits(3.0f));
    // scatter: src0 = (x, y, index, data) floored, the dword at ((index * 16 + y) * 16 + x) * 4.
    // r5 = (3 + l, 2, l, 7 + l): by pixel lane 2 writes 9.0 at ((2 * 16 + 2) * 16 + 5) * 4 = 2196;
    // by quad (control 1) every lane takes lane 0's index 0: lane l at (2 * 16 + 3 + l) * 4 = 140 + 4l.
    // x = 16 is outside the grid: nothing is written (it would wrap to byte 64).
    m = run_env(literal(0, 3, 2, 0, 7) + literal(1, 16, 0, 0, 5) + "add r5, l0, v1.x0xx\nscatter r5\nscatter_control(1) r5\nscatter l1\nend\n",
                env);
    CHECK(word(env, ax::memory_space::scatter, 0, 2196) == bits(9.0f));
    CHECK(word(env, ax::memory_space::scatter, 0, 140) == bits(7.0f));
    CHECK(word(env, ax::memory_space::scatter, 0, 152) == bits(10.0f));
    CHECK(word(env, ax::memory_space::scatter, 0, 64) == 0u);
}

TEST_CASE("amdil exec: the R7XX LDS ownership model, init_sr and load_fptr", "[amdil][exec][memory]") {
    // dcl_lds_size_per_thread 8: lane l owns bytes 32l..32l+31. lds_write_vec writes the components
    // its mask names at its own share + lOffset; lds_read_vec reads lane src0.x's share at byte
    // src0.y. r7 = (10 + l, 20 + l, 30 + l, 40 + l) written to x, y, w.
    ax::default_environment env;
    auto m = run_env("dcl_lds_size_per_thread_size(8)\n" + literal(0, {10, 20, 30, 40}) + literal(1, {2, 4, 0, 0}) +
                         "iadd r7, v0, l0\nlds_write_vec genericmem0.xy_w, r7\nlds_write_vec_loffset(16) genericmem0.x___, v0\n"
                         "lds_read_vec r8, l1\nlds_read_vec r10, v0.x0xx\nlds_read_vec_neighborexch r11, v0.x0xx\n"
                         "mov o0, r8\nmov o1, r10\nmov o2, r11\nend\n",
                     env);
    CHECK(word(env, ax::memory_space::lds, 0, 32) == 11u);
    CHECK(word(env, ax::memory_space::lds, 0, 32 + 8) == 0u);  // z not written
    CHECK(word(env, ax::memory_space::lds, 0, 96 + 16) == 3u);
    CHECK(out(*m, 0, 0) == std::array<std::uint32_t, 4>{22, 0, 42, 2});  // lane 2's share from byte 4 (80: its lOffset write)
    CHECK(out(*m, 1, 3) == std::array<std::uint32_t, 4>{13, 23, 0, 43});
    // neighborExch: the quad's four reads transposed (lane 0 gets every x, lane 1 every y ...).
    CHECK(out(*m, 2, 0) == std::array<std::uint32_t, 4>{10, 11, 12, 13});
    CHECK(out(*m, 2, 1) == std::array<std::uint32_t, 4>{20, 21, 22, 23});
    CHECK(out(*m, 2, 3) == std::array<std::uint32_t, 4>{40, 41, 42, 43});
    // init_sr (7.5): SR[i] = (0xFFFFFFFF, cb0[0].z, 0x0FFFFFFF) for i in [cb0[0].x, cb0[0].y), 16 bytes a register.
    static std::vector<am::instruction> code;
    code = program("il_cs_2_0\ninit_sr\nend\n");
    machine sr(code);
    sr.set_element(reg_type::const_buff, 0, 0, {2, 4, bits(3.0f), 0});
    REQUIRE(sr.run(env).ok());
    CHECK(word(env, ax::memory_space::shared, 0, 16) == 0u);
    CHECK(word(env, ax::memory_space::shared, 0, 32) == 0xFFFFFFFFu);
    CHECK(word(env, ax::memory_space::shared, 0, 36) == bits(3.0f));
    CHECK(word(env, ax::memory_space::shared, 0, 56) == 0x0FFFFFFFu);
    CHECK(word(env, ax::memory_space::shared, 0, 60) == 0u);
    CHECK(word(env, ax::memory_space::shared, 0, 64) == 0u);
    // load_fptr asks the sampler, whose default returns the coordinates.
    m = run_env("load_fptr_resource(1) r0, v1\nmov o0, r0\nend\n", env);
    CHECK(xs(*m, 0) == fl(0, 1, 2, 3));
}

TEST_CASE("amdil exec: hull-shader phases", "[amdil][exec]") {
    // amdil_execution.toml [flow]: hs_cp_phase runs once; a fork or join phase once per instance
    // (its control field), vInstanceID 0, 1, ... in them; phases in program order on the same lanes.
    const auto m = run(literal(0, {1, 0, 0, 0}) +
                       "hs_cp_phase\niadd r0, r0, l0.x\nendphase\n"
                       "hs_fork_phase_instances(3)\niadd r1, r1, shaderinstanceid0\niadd r2, r2, l0.x\nendphase\n"
                       "hs_join_phase_instances(2)\niadd r1, r1, shaderinstanceid0\nendphase\n"
                       "hs_fork_phase\niadd r2, r2, l0.x\nendphase\n"
                       "mov o0, r0\nmov o1, r1\nmov o2, r2\nend\n");
    for (std::size_t lane = 0; lane < 4; ++lane) {
        CHECK(out(*m, 0, lane)[0] == 1u);
        CHECK(out(*m, 1, lane) == std::array<std::uint32_t, 4>{4, 4, 4, 4});  // 0 + 1 + 2, then 0 + 1
        CHECK(out(*m, 2, lane)[0] == 3u);                                      // three instances; none for a count of 0
    }
}

TEST_CASE("amdil exec: a step budget that ends inside a straight run of arithmetic", "[amdil][exec][flow]") {
    // mov and four adds: the interpreter runs them as one engine step, but the budget counts each.
    // Without the last three instructions (add, add, end) o0 = 1.5 + 1.5 + 1.5.
    const auto code =
        program("il_ps_2_0\n" + floats(0, 1.5f) + "mov o0, l0\nadd o0, o0, l0\nadd o0, o0, l0\nadd o0, o0, l0\nadd o0, o0, l0\nend\n");
    machine m(code);
    CHECK(m.run(code.size() - 3).error.code == ctisa::error_code::step_limit);
    CHECK(xs(m) == fl(4.5f, 4.5f, 4.5f, 4.5f));
    machine whole(code);
    CHECK(whole.run(code.size()).ok());
    CHECK(xs(whole) == fl(7.5f, 7.5f, 7.5f, 7.5f));
}
