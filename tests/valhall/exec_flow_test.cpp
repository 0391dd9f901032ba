// SPDX-License-Identifier: MIT
// The Valhall executor's control flow (branches, divergence, reconvergence, actions), cross-lane
// instructions, memory and messages through the environment, and the instructions it refuses.
#include "exec_support.hpp"

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

TEST_CASE("BRANCHZ: divergence and reconvergence", "[valhall][exec][flow]") {
    // Odd lanes skip the second move, then every lane runs the last instruction again together.
    warp w(R"(
IADD_IMM.i32 r0, 0x0, #0x1
BRANCHZ.reconverge r1, offset:1
IADD_IMM.i32 r0, 0x0, #0x2
IADD_IMM.i32 r2, r0, #0x10
)");
    for (std::size_t l = 0; l < 16; ++l) w.lane(l, 1, l & 1);
    w.go();
    for (std::size_t l = 0; l < 16; ++l) {
        CHECK(w(0, l) == ((l & 1) ? 1u : 2u));
        CHECK(w(2, l) == ((l & 1) ? 0x11u : 0x12u));
    }
}

TEST_CASE("BRANCHZ: loops of different lengths per lane, .eq, lane selects", "[valhall][exec][flow]") {
    // r2 = 3 * r1 by counting r1 down to zero (each lane loops its own number of times).
    warp w(R"(
MOV.i32 r0, r1
IADD_IMM.i32 r2, 0x0, #0x0
IADD_IMM.i32 r2, r2, #0x3
IADD_IMM.i32 r0, r0, #0xFFFFFFFF
BRANCHZ r0, offset:-3
IADD_IMM.i32 r3, r2, #0x1
)");
    for (std::size_t l = 0; l < 16; ++l) w.lane(l, 1, static_cast<std::uint32_t>(l + 1));
    w.go();
    for (std::size_t l = 0; l < 16; ++l) {
        CHECK(w(2, l) == 3u * static_cast<std::uint32_t>(l + 1));
        CHECK(w(3, l) == 3u * static_cast<std::uint32_t>(l + 1) + 1u);
    }
    // .eq branches on zero; r1.h1 compares the high half only.
    warp e("BRANCHZ.eq r1.h1, offset:1\nIADD_IMM.i32 r0, 0x0, #0x7\nNOP");
    e.lane(0, 1, 0x0000FFFFu).lane(1, 1, 0x00010000u).go();
    CHECK(e(0, 0) == 0u);  // high half zero: branch taken, the move skipped
    CHECK(e(0, 1) == 7u);
}

TEST_CASE("flow: return, the end of the program, bad targets, the step budget", "[valhall][exec][flow]") {
    warp r("IADD_IMM.i32.return r0, 0x0, #0x5\nIADD_IMM.i32 r0, 0x0, #0x6");
    r.go();
    CHECK(r(0, 3) == 5u);
    // A branch to the program's length ends the lanes that take it.
    warp end("BRANCHZ r1, offset:1\nIADD_IMM.i32 r0, 0x0, #0x1");
    end.lane(2, 1, 1).go();
    CHECK(end(0, 2) == 0u);
    CHECK(end(0, 3) == 1u);
    warp bad("BRANCHZ r1, offset:5\nNOP");
    bad.r(1, 1);
    CHECK(bad.run().error.code == ctisa::error_code::bad_branch_target);
    warp loop("BRANCHZ 0x1000000, offset:-1");
    CHECK(loop.run(100).error.code == ctisa::error_code::step_limit);
    // The budget ends inside a straight run of arithmetic (the interpreter runs it as one engine
    // step): each instruction still counts, so r0 = r1 added as many times as the budget allows.
    const char* adds = "IADD.u32 r0, r0, r1\nIADD.u32 r0, r0, r1\nIADD.u32 r0, r0, r1\nIADD.u32 r0, r0, r1\nIADD.u32 r0, r0, r1";
    warp chain(adds);
    for (std::size_t l = 0; l < 16; ++l) chain.lane(l, 1, static_cast<std::uint32_t>(l + 1));
    CHECK(chain.run(3).error.code == ctisa::error_code::step_limit);
    for (std::size_t l = 0; l < 16; ++l) CHECK(chain(0, l) == 3u * static_cast<std::uint32_t>(l + 1));
    CHECK(chain.run(5).ok());  // registers kept: 3 + 5 additions
    for (std::size_t l = 0; l < 16; ++l) CHECK(chain(0, l) == 8u * static_cast<std::uint32_t>(l + 1));
    // Lanes that branched over pc 1 (r2 != 0: the odd ones) meet the others at pc 2 with one
    // instruction fewer; the budget counts the most any lane ran (2 at the meeting), so 4 ends the
    // run after pc 3: the even lanes added three times, the odd ones twice.
    warp split(std::string("BRANCHZ r2, offset:1\n") + adds);
    for (std::size_t l = 0; l < 16; ++l) split.lane(l, 1, static_cast<std::uint32_t>(l + 1)).lane(l, 2, l % 2 == 0 ? 0u : 1u);
    CHECK(split.run(4).error.code == ctisa::error_code::step_limit);
    for (std::size_t l = 0; l < 16; ++l) CHECK(split(0, l) == (l % 2 == 0 ? 3u : 2u) * static_cast<std::uint32_t>(l + 1));
    // A partial warp: lanes beyond it never run.
    warp part("IADD_IMM.i32 r0, 0x0, #0x9", 3);
    part.go();
    CHECK(part(0, 2) == 9u);
    CHECK(part(0, 3) == 0u);
}

TEST_CASE("DISCARD.f32, td, barrier", "[valhall][exec][flow]") {
    warp w("DISCARD.f32.lt r60, r0, 0x0\nIADD_IMM.i32 r1, 0x0, #0x1");
    for (std::size_t l = 0; l < 16; ++l) w.lane(l, 0, fbits(l % 3 == 0 ? -1.0f : 1.0f));
    w.go();
    for (std::size_t l = 0; l < 16; ++l) CHECK(w(1, l) == (l % 3 == 0 ? 0u : 1u));
    CHECK(w.env.discarded == std::vector<std::size_t>{0, 3, 6, 9, 12, 15});

    warp t("NOP.td\nIADD_IMM.i32.barrier r1, 0x0, #0x1\nBARRIER.slot7.barrier");
    t.env.helpers = {4, 5};
    t.go();
    CHECK(t(1, 4) == 0u);
    CHECK(t(1, 6) == 1u);
    CHECK(t.env.barriers == 3);  // the action twice, BARRIER once
}

TEST_CASE("BLEND: fixed-function return and branch, blend shaders continue", "[valhall][exec][flow]") {
    // Mesa's case `BLEND.slot0.v4.f16.return @r0:r1, @r60, blend_descriptor_0_x, target:0x0`.
    warp w("BLEND.slot0.v4.f16.return @r0:r1, @r60, blend_descriptor_0_x, target:0x0\nIADD_IMM.i32 r2, 0x0, #0x1");
    w.r(0, 0x3C003C00u).r(1, 0x00003C00u).r(60, 1).go();
    CHECK(w(60, 0) == 0x101u);  // the environment's coverage
    CHECK(w(2, 0) == 0u);       // ended
    REQUIRE(w.env.blended.size() == 16);
    CHECK(w.env.blended[0] == std::vector<std::uint32_t>{0x3C003C00u, 0x00003C00u});

    warp b("BLEND.slot0.v4.f16 @r0:r1, @r60, blend_descriptor_0_x, target:0x1\nIADD_IMM.i32 r2, 0x0, #0x1\nIADD_IMM.i32 r3, 0x0, #0x2");
    b.go();
    CHECK(b(2, 0) == 0u);  // skipped: the target counts from the next instruction
    CHECK(b(3, 0) == 2u);
    warp s("BLEND.slot0.v4.f16.return @r0:r1, @r60, blend_descriptor_0_x, target:0x1\nIADD_IMM.i32 r2, 0x0, #0x1");
    s.env.blend_shader = true;
    s.go();
    CHECK(s(2, 0) == 1u);  // the flow control is ignored
}

TEST_CASE("[clper] [wmask]: cross-lane permutes and warp masks", "[valhall][exec][flow]") {
    warp w("CLPER.i32 r0, r1, r2\nCLPER.i32.subgroup4.xor r3, r1, 0x3020100.b1\nWMASK.subgroup4 r4, r5\nWMASK r6, r7");
    for (std::size_t l = 0; l < 16; ++l) w.lane(l, 1, static_cast<std::uint32_t>(100 + l)).lane(l, 5, l & 1).lane(l, 7, l < 3);
    w.r(2, 3).go();
    for (std::size_t l = 0; l < 16; ++l) {
        CHECK(w(0, l) == 103u);                                  // lane 3 of the 16-lane subgroup
        CHECK(w(3, l) == 100u + (l ^ 1u));                       // neighbours swap
        CHECK(w(4, l) == 0xAu);                                  // lanes 1 and 3 of each 4
        CHECK(w(6, l) == 0x7u);
    }
    // Mesa's case `CLPER.i32.f1 r0, r0, 0x7060504.b0`: lane 4; a source lane that does not run the
    // instruction returns the inactive result.
    warp p("CLPER.i32.f1 r0, r0, 0x7060504.b0\nCLPER.i32.subgroup2.umax r1, r0, 0x0", 3);
    for (std::size_t l = 0; l < 16; ++l) p.lane(l, 0, static_cast<std::uint32_t>(l));
    p.go();
    CHECK(p(0, 0) == 0x3F800000u);  // lane 4 is beyond the 3-lane warp
    CHECK(p(1, 1) == 0x3F800000u);  // lane 0's new r0
    // Divergence: lanes that branched away are inactive for CLPER.
    warp d("BRANCHZ r9, offset:1\nCLPER.i32.subgroup4.umax r0, r1, 0x0");
    for (std::size_t l = 0; l < 16; ++l) d.lane(l, 1, static_cast<std::uint32_t>(l));
    d.lane(0, 9, 1).go();
    CHECK(d(0, 1) == 0xFFFFFFFFu);  // lane 0 skipped it
    CHECK(d(0, 5) == 4u);
    // WMASK counts lanes that have not finished.
    warp m("WMASK.subgroup4 r0, 0xFFFFFFFF", 3);
    m.go();
    CHECK(m(0, 0) == 0x7u);
}

TEST_CASE("LOAD and STORE through the environment", "[valhall][exec][flow]") {
    warp w(R"(
LOAD.i32.unsigned.slot0 @r0, u0, offset:4
LOAD.i8.w0.slot0 @r1, u0, offset:0
LOAD.i8.unsigned.slot0 @r2, u0, offset:0
LOAD.i8.b1.slot0 @r3, u0, offset:0
LOAD.i16.h1.unsigned.slot0 @r4, u0, offset:2
LOAD.i8.d0.slot0 @r6:r7, u0, offset:0
LOAD.i48.unsigned.slot0 @r8:r9, u0, offset:2
LOAD.i128.unsigned.slot0 @r12:r13:r14:r15, u0, offset:0
LOAD.i24.slot0 @r16, u0, offset:-1
STORE.i32.slot0 @r0, r10, offset:-4
STORE.i48.vary.slot0 @r8:r9, u0, offset:32
)");
    const std::uint64_t base = 0x100000000ull;
    const std::uint8_t bytes[16] = {0x81, 0x82, 0x83, 0x84, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC};
    for (unsigned i = 0; i < 16; ++i) w.env.memory[base + i] = bytes[i];
    w.env.memory[base - 1] = 0x7F;
    w.u(0, 0).u(1, 1).r(3, 0xAAAAAAAAu).r(4, 0x0000BBBBu).r(10, 0x1000).r(11, 0);
    w.go();
    CHECK(w(0) == 0x44332211u);
    CHECK(w(1) == 0xFFFFFF81u);  // sign-extended without .unsigned
    CHECK(w(2) == 0x00000081u);  // b0 (the default): byte 0 of r2, the rest kept
    CHECK(w(3) == 0xAAAA81AAu);
    CHECK(w(4) == 0x8483BBBBu);
    CHECK(w(6) == 0xFFFFFF81u);
    CHECK(w(7) == 0xFFFFFFFFu);
    CHECK(w(8) == 0x22118483u);
    CHECK(w(9) == 0x00004433u);
    CHECK(w(12) == 0x84838281u);
    CHECK(w(15) == 0xCCBBAA99u);
    CHECK(w(16) == 0xFF82817Fu);  // three bytes from base - 1, sign-extended
    REQUIRE(w.env.stores.size() == 32);
    CHECK(w.env.stores[0].address == 0xFFCu);
    CHECK(w.env.stores[0].bytes == std::vector<std::uint8_t>{0x11, 0x22, 0x33, 0x44});
    CHECK(w.env.stores[16].segment == va::store_segment::vary);
    CHECK(w.env.stores[16].address == base + 32);
    CHECK(w.env.stores[16].bytes == std::vector<std::uint8_t>{0x83, 0x84, 0x11, 0x22, 0x33, 0x44});
}

TEST_CASE("messages: textures, varyings, ATEST, ZS_EMIT through the environment", "[valhall][exec][flow]") {
    // Mesa's case `TEX.computed.2d.slot0 @r2, @r4:r5:r6:r7, r3`: by default the texel is the coordinates.
    warp t("TEX.computed.2d.slot0 @r2, @r4:r5:r6:r7, r3");
    t.r(2, 0x12345678u).go();
    CHECK(t(4) == 0x12345678u);
    CHECK(t(5) == 0u);
    warp v(
        "LD_VAR_IMM_F32.v2.f32.slot0 @r0:r1, r2, r3, index:0x3\nATEST.td @r60, r60, 0x3F800000, atest_datum\n"
        "ZS_EMIT.z r5, r6, r7, r8");
    std::vector<std::uint64_t> seen;
    v.env.on_message = [&](std::size_t lane, const va::instruction& in, std::span<const std::uint64_t> sources,
                           std::span<const std::uint32_t> data, std::span<std::uint32_t> out) {
        CHECK(in.id == va::instruction_id::ld_var_imm_f32);
        CHECK(data.empty());
        REQUIRE(out.size() == 2);
        seen.assign(sources.begin(), sources.end());
        out[0] = static_cast<std::uint32_t>(lane);
        out[1] = in.immediate;
    };
    v.r(2, 7).r(3, 8).r(60, 0xF).r(8, 0x3).go();
    CHECK(seen == std::vector<std::uint64_t>{7, 8});
    CHECK(v(0, 5) == 5u);
    CHECK(v(1, 5) == 3u);
    CHECK(v(60, 5) == 0xFu);  // coverage unchanged by the default ATEST
    CHECK(v(5, 5) == 0x3u);   // and by ZS_EMIT
}

TEST_CASE("not executable: each instruction the executor refuses stops the run", "[valhall][exec][flow]") {
    const char* refused[] = {"BRANCHZI r0, r1", "FLOGD.f32 r0, r1", "FADD_LSCALE.f32 r0, r1, r2", "FRSCALE.f32 r0, r1, r2",
                             "FRSCALE.v2f16 r0, r1, r2", "CUBEFACE2 r0, r1, r2, r3", "CUBE_SSEL r0, r1, r2, r3", "CUBE_TSEL r0, r1, r2, r3",
                             "TODO.ATOM_C1.slot0 @r0, r1, operation:0x1", "TODO.ATOM_C.slot0 @r0, r1, operation:0x1",
                             "TODO.VAR_TEX.2d.slot0 @r0:r1:r2:r3, r4", "CLPER.v2u16 r0, r1, r2", "CLPER.v4u8 r0, r1, r2", "CLPER.s32 r0, r1, r2",
                             "CLPER.v2s16 r0, r1, r2", "CLPER.v4s8 r0, r1, r2", "CLPER.u64 r0, r2, r4", "CLPER.s64 r0, r2, r4",
        // operand and modifier level
                             "FCMP.f32.total.i1 r0, r1, r2, 0x0", "ICMP.u32.total.i1 r0, r1, r2, 0x0", "CSEL.f32.total r0, r1, r2, r3, r4",
                             "FREXPE.f32.log r0, r1", "ICMP.u32.lt.u1 r0, r1, r2, 0x0", "ICMP.u32.lt.m1.seq r0, r1, r2, r3",
                             "ICMP.v4u8.eq.f1 r0, r1, r2, 0x0", "CLPER.i32.accumulate r0, r1, r2", "LSHIFT_OR.v4i8 r0, r1, r2, r3",
                             "IADD.u64 r0, r2, 0x0", "IADD.u64 r0, r2, u1", "IADD.u64 r62, r62, r63", "NOT.i64 r0.h0, r2"};
    for (const char* text : refused) {
        INFO(text);
        warp w(std::string("IADD_IMM.i32 r40, 0x0, #0x1\n") + text + "\nIADD_IMM.i32 r41, 0x0, #0x1");
        const auto s = w.run();
        CHECK(s.error.code == ctisa::error_code::not_executable);
        CHECK(s.error.offset == 8u);
        CHECK(s.error.subject == va::info(w.code[1].id).mnemonic);
        CHECK_FALSE(s.reason.empty());
        CHECK(w(40) == 1u);  // the instruction before ran,
        CHECK(w(41) == 0u);  // the one after did not
    }
    // A refused instruction on a path no lane takes is never reached.
    warp skip("BRANCHZ 0x1000000, offset:1\nFLOGD.f32 r0, r1\nIADD_IMM.i32 r2, 0x0, #0x3");
    skip.go();
    CHECK(skip(2) == 3u);
}

TEST_CASE("the spec's [[not_executable]] list is the executor's", "[valhall][exec][flow]") {
    std::ifstream in(std::string(CTISA_SOURCE_DIR) + "/generators/specs/valhall_execution.toml");
    REQUIRE(in);
    std::set<std::string> listed;
    std::string line;
    const std::string key = "instruction = \"";
    while (std::getline(in, line))
        if (line.rfind(key, 0) == 0) listed.insert(line.substr(key.size(), line.size() - key.size() - 1));
    std::set<std::string> refused;
    for (std::size_t i = 0; i < va::instruction_count; ++i) {
        const auto id = static_cast<va::instruction_id>(i);
        if (!vx::not_executable_reason(id).empty()) refused.insert(std::string(va::info(id).mnemonic));
    }
    CHECK(listed == refused);
    CHECK(refused.size() == 18);
    std::printf("valhall executor: %zu/%zu instructions executable (the rest refuse with not_executable)\n",
                va::instruction_count - refused.size(), va::instruction_count);
}

TEST_CASE("a program from bytes: decoded once, or the first bad instruction's error and offset", "[valhall][exec][flow]") {
    auto bytes = ctisa::assemble_bytes<va::isa>("IADD.u32 r0, r1, 0x3F800000\nMOV.i32 r2, r0").value();
    const auto code = ctisa::decode_program<va::isa>(bytes);
    REQUIRE(code);
    REQUIRE(code->size() == 2);
    vx::machine<4> m(*code, 2);
    m.set(1, 1, 5);
    REQUIRE(m.run().ok());
    CHECK(m.read(2, 1) == 0x3F800005u);

    bytes.insert(bytes.end(), {0x01, 0x02, 0x03});  // a truncated third instruction
    const auto bad = ctisa::decode_program<va::isa>(bytes);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().code == ctisa::error_code::truncated);
    CHECK(bad.error().offset == 16);
}
