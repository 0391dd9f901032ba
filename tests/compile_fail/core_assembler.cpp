// SPDX-License-Identifier: MIT
// The compile-time assembler of an ISA whose statements depend on each other (the toy ISA of
// tests/core/toy: a context, forward references, a link step) rejects a wrong program, naming
// the problem, line and column, like ISAs that assemble one statement at a time.
// case 1 expect: undeclared_name
// case 1 first: core_assembler\.cpp:22:[0-9]+: error: .*assembly_error<[a-z:]*undeclared_name, .*"name used before it is declared".*"snippet line 2, column 9".*"r1"
// case 2 expect: undefined_label
// case 2 first: core_assembler\.cpp:24:[0-9]+: error: .*assembly_error<[a-z:]*undefined_label, .*"label used but never defined".*"snippet line 2, column 5".*"nowhere"
// case 3 expect: missing_terminator
// case 3 first: core_assembler\.cpp:26:[0-9]+: error: .*assembly_error<[a-z:]*missing_terminator, .*"statement not terminated".*"snippet line 2, column 4".*"\(end of line\)"
// case 4 expect: misplaced_statement
// case 4 first: core_assembler\.cpp:28:[0-9]+: error: .*assembly_error<[a-z:]*misplaced_statement, .*"statement not allowed at this".*"snippet line 3, column 1".*"decl"
// case 5 expect: unbalanced_structure
// case 5 first: core_assembler\.cpp:30:[0-9]+: error: .*assembly_error<[a-z:]*unbalanced_structure, .*"control-flow structure opened".*"snippet line 3, column 1".*"end"
#include "../core/toy/toy.hpp"

// The control: the same kind of text, correct, assembles at compile time.
constexpr auto ok = ctisa::assemble<toy::isa, "toy 1; decl r0;\nloop; break r0; endloop;\njmp x; x: end;">();
static_assert(ok.size() == 7);

#if CTISA_CASE == 1
constexpr auto bad = ctisa::assemble<toy::isa, "toy 1; decl r0;\nmov r0, r1; end;">();
#elif CTISA_CASE == 2
constexpr auto bad = ctisa::assemble<toy::isa, "toy 1;\njmp nowhere; end;">();
#elif CTISA_CASE == 3
constexpr auto bad = ctisa::assemble<toy::isa, "toy 1;\nend">();
#elif CTISA_CASE == 4
constexpr auto bad = ctisa::assemble<toy::isa, "toy 1; decl r0;\nmov r0, r0;\ndecl r1; end;">();
#elif CTISA_CASE == 5
constexpr auto bad = ctisa::assemble<toy::isa, "toy 1; decl r0;\nloop;\nend;">();
#endif
