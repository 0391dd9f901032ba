// SPDX-License-Identifier: MIT
// The AMD IL interpreter and the compiled path give bit-identical results (exec_paths.hpp): the
// float, flow-control and memory programs, over 4 and 64 lanes; and every instruction the executor
// runs is in one of the three programs.
#include "exec_paths.hpp"

#include <cstdio>

using namespace amdil_exec_test;

namespace {
constexpr auto float_ops = am::assemble<float_text>();
constexpr auto flow_ops = am::assemble<flow_text>();
constexpr auto access_ops = am::assemble<access_text>();
}  // namespace

TEST_CASE("amdil exec paths: interpreter and compiled path agree on every float instruction", "[amdil][exec]") {
    compare_widths<float_ops, 4, 64>();
}
TEST_CASE("amdil exec paths: ... on every flow-control instruction", "[amdil][exec]") { compare_widths<flow_ops, 4, 64>(); }
TEST_CASE("amdil exec paths: ... on every memory, sampling and emit instruction", "[amdil][exec]") { compare_widths<access_ops, 4, 64>(); }

TEST_CASE("amdil exec paths: every instruction the executor runs is in one of the programs", "[amdil][exec]") {
    std::vector<bool> seen(am::opcode_count);
    const auto note = [&](std::span<const am::instruction> code) {
        for (const auto& in : code) seen[static_cast<std::size_t>(ax::read_packet(in).op)] = true;
    };
    note(program(float_text.view()));
    note(program(integer_text.view()));
    note(program(flow_text.view()));
    note(program(access_text.view()));
    std::size_t executable = 0, missing = 0;
    for (std::size_t op = 0; op < am::opcode_count; ++op) {
        const auto code = static_cast<am::opcode>(op);
        if (!ax::executable(code) || (!ax::computes(code) && am::group(code) != "Flow Control" &&
                                      ax::access_of(code).kind == ax::access_kind::none && code != am::opcode::kill))
            continue;
        ++executable;
        if (!seen[op]) {
            ++missing;
            UNSCOPED_INFO(am::mnemonic(code));
        }
    }
    CHECK(missing == 0);
    std::printf("amdil exec: %zu instructions run, %zu of them compared between the interpreter and the compiled path\n", executable,
                executable - missing);
}
