// SPDX-License-Identifier: MIT
// ATTILA text that the compile-time assembler must reject. The first error each compiler prints
// is at the call in this file and names the kind, its message, the snippet's line and column and
// the offending text (diagnostic::assembly_error), e.g.
//   GCC:   file.cpp:38:60: error: invalid use of incomplete type 'struct ctisa::diagnostic::
//          assembly_error<ctisa::errors::unknown_mnemonic, ...{"unknown mnemonic"}, ...{"snippet line
//          2, column 3"}, ...{"bogus"}>'
//   Clang: file.cpp:38:22: error: implicit instantiation of undefined template 'ctisa::...'
// The expectations avoid ';' and brackets: CMake would split them as lists.
// case 1 expect: unknown_mnemonic
// case 1 first: attila_assembler\.cpp:43:[0-9]+: error: .*assembly_error<[a-z:]*unknown_mnemonic, .*"unknown mnemonic".*"snippet line 2, column 3".*"bogus"
// case 2 expect: immediate_not_allowed
// case 2 first: attila_assembler\.cpp:45:[0-9]+: error: .*assembly_error<[a-z:]*immediate_not_allowed, .*"an immediate is allowed only as".*"snippet line 1, column 13".*"1"
// case 3 expect: read_only_bank
// case 3 first: attila_assembler\.cpp:47:[0-9]+: error: .*assembly_error<[a-z:]*read_only_bank, .*"the result is in a read-only".*"snippet line 1, column 5".*"c0"
// case 4 expect: predicate_required
// case 4 first: attila_assembler\.cpp:49:[0-9]+: error: .*assembly_error<[a-z:]*predicate_required, .*"a predicate operand is required".*"snippet line 1, column 6".*"r0"
// case 5 expect: register_out_of_range
// case 5 first: attila_assembler\.cpp:51:[0-9]+: error: .*assembly_error<[a-z:]*register_out_of_range, .*"register number out of range for".*"snippet line 3, column 5".*"r256"
// case 6 expect: write_only_bank
// case 6 first: attila_assembler\.cpp:53:[0-9]+: error: .*assembly_error<[a-z:]*write_only_bank, .*"the source is in a write-only".*"snippet line 1, column 9".*"o1"
// case 7 expect: missing_operand
// case 7 first: attila_assembler\.cpp:55:[0-9]+: error: .*assembly_error<[a-z:]*missing_operand, .*"missing operand".*"snippet line 1, column 11".*"\(end of line\)"
// case 8 expect: bad_write_mask
// case 8 first: attila_assembler\.cpp:57:[0-9]+: error: .*assembly_error<[a-z:]*bad_write_mask, .*"invalid write mask".*"snippet line 1, column 8".*"yx"
// case 9 expect: relative_mismatch
// case 9 first: attila_assembler\.cpp:59:[0-9]+: error: .*assembly_error<[a-z:]*relative_mismatch, .*"relative addressing applies to".*"snippet line 1, column 23".*"c2"
// case 10 expect: modifier_not_allowed
// case 10 first: attila_assembler\.cpp:61:[0-9]+: error: .*assembly_error<[a-z:]*modifier_not_allowed, .*"this instruction does not take".*"snippet line 1, column 1".*"addi_sat"
// case 11 expect: number_out_of_range
// case 11 first: attila_assembler\.cpp:63:[0-9]+: error: .*assembly_error<[a-z:]*number_out_of_range, .*"number out of range".*"snippet line 1, column 19".*"32768"
// case 12 expect: predicate_not_allowed
// case 12 first: attila_assembler\.cpp:65:[0-9]+: error: .*assembly_error<[a-z:]*predicate_not_allowed, .*"a predicate operand is not".*"snippet line 1, column 5".*"p0"
#include <ctisa/attila/attila.hpp>

namespace at = ctisa::attila;

// The control: the same kind of text, correct, assembles at compile time.
constexpr auto ok = at::assemble<"mov r0, i0\nmad_sat r1.xyz, -|c2[a0.y + 3].w|, r0, i1\n(!p2) jmp p1, -2\nend">();
static_assert(ok.size() == 4);

#if CTISA_CASE == 1
constexpr auto bad = at::assemble<"mov r0, i0\n  bogus r1">();
#elif CTISA_CASE == 2
constexpr auto bad = at::assemble<"mad r0, r1, 1, r2">();
#elif CTISA_CASE == 3
constexpr auto bad = at::assemble<"mov c0, r1">();
#elif CTISA_CASE == 4
constexpr auto bad = at::assemble<"andp r0, p1, p2">();
#elif CTISA_CASE == 5
constexpr auto bad = at::assemble<"nop\n# a comment\nmov r256, r0">();
#elif CTISA_CASE == 6
constexpr auto bad = at::assemble<"mov r0, o1">();
#elif CTISA_CASE == 7
constexpr auto bad = at::assemble<"add r0, r1">();
#elif CTISA_CASE == 8
constexpr auto bad = at::assemble<"mov r0.yx, r1">();
#elif CTISA_CASE == 9
constexpr auto bad = at::assemble<"add r0, c1[a0.x + 1], c2">();
#elif CTISA_CASE == 10
constexpr auto bad = at::assemble<"addi_sat r0, r1, r2">();
#elif CTISA_CASE == 11
constexpr auto bad = at::assemble<"addi r0.x, r1.x, -32768">();
#elif CTISA_CASE == 12
constexpr auto bad = at::assemble<"mov p0, r1">();
#endif
