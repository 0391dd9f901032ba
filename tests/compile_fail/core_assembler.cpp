// The compile-time assembler of an ISA whose statements depend on each other (the toy ISA of
// tests/core/toy: a context, forward references, a link step) rejects a wrong program, naming
// the problem, line and column, like ISAs that assemble one statement at a time.
// case 1 expect: undeclared_name(. unsigned int line = 2. unsigned int column = 9[^0-9]|, 2U, 9U>)
// case 2 expect: undefined_label(. unsigned int line = 2. unsigned int column = 5[^0-9]|, 2U, 5U>)
// case 3 expect: missing_terminator(. unsigned int line = 2. unsigned int column = 4[^0-9]|, 2U, 4U>)
// case 4 expect: misplaced_statement(. unsigned int line = 3. unsigned int column = 1[^0-9]|, 3U, 1U>)
// case 5 expect: unbalanced_structure(. unsigned int line = 3. unsigned int column = 1[^0-9]|, 3U, 1U>)
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
