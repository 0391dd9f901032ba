// A program written in C++ as a literal is validated by the compiler: each rule of the language
// broken once, the compiler naming the rule, its line and its column.
// case 1 expect: undeclared_name(. unsigned int line = 3. unsigned int column = 5[^0-9]|, 3U, 5U>)
// case 2 expect: wrong_operand_kind(. unsigned int line = 2. unsigned int column = 12[^0-9]|, 2U, 12U>)
// case 3 expect: missing_operand(. unsigned int line = 3. unsigned int column = 9[^0-9]|, 3U, 9U>)
// case 4 expect: modifier_not_allowed(. unsigned int line = 3. unsigned int column = 1[^0-9]|, 3U, 1U>)
// case 5 expect: wrong_stage(. unsigned int line = 3. unsigned int column = 1[^0-9]|, 3U, 1U>)
// case 6 expect: wrong_stage(. unsigned int line = 3. unsigned int column = 1[^0-9]|, 3U, 1U>)
// case 7 expect: missing_end(. unsigned int line = 4. unsigned int column = 1[^0-9]|, 4U, 1U>)
// case 8 expect: undefined_label(. unsigned int line = 2. unsigned int column = 5[^0-9]|, 2U, 5U>)
// case 9 expect: not_writable(. unsigned int line = 3. unsigned int column = 5[^0-9]|, 3U, 5U>)
// case 10 expect: texture_target_not_allowed(. unsigned int line = 3. unsigned int column = 23[^0-9]|, 3U, 23U>)
// case 11 expect: unbalanced_structure(. unsigned int line = 4. unsigned int column = 1[^0-9]|, 4U, 1U>)
// case 12 expect: bad_cc_test(. unsigned int line = 2. unsigned int column = 4[^0-9]|, 2U, 4U>)
// case 13 expect: integer_attribute_not_flat(. unsigned int line = 2. unsigned int column = 1[^0-9]|, 2U, 1U>)
// case 14 expect: wrong_stage(. unsigned int line = 3. unsigned int column = 1[^0-9]|, 3U, 1U>)
// case 15 expect: array_size_mismatch(. unsigned int line = 2. unsigned int column = 7[^0-9]|, 2U, 7U>)
#include <ctisa/nvasm/nvasm.hpp>

// The control: a correct program of each stage compiles.
constexpr auto fragment = ctisa::nvasm::program_of<"!!NVfp4.0\nTEMP t;\nTEX t, fragment.texcoord[0], texture[0], 2D;\nKIL -t.w;\nMOV result.color, t;\nEND">();
constexpr auto vertex = ctisa::nvasm::program_of<"!!NVvp4.0\nsub: RET;\nmain: CAL sub; MOV result.position, vertex.position;\nEND">();
constexpr auto geometry = ctisa::nvasm::program_of<"!!NVgp4.0\nPRIMITIVE_IN POINTS; PRIMITIVE_OUT POINTS; VERTICES_OUT 1;\nMOV result.position, vertex[0].position; EMIT;\nEND">();
static_assert(fragment.statements.size() == 6 && vertex.statements.size() == 7 && geometry.statements.size() == 7);

#if CTISA_CASE == 1
constexpr auto bad = ctisa::nvasm::program_of<"!!NVfp4.0\nTEMP t;\nMOV u, t;\nEND">();
#elif CTISA_CASE == 2
constexpr auto bad = ctisa::nvasm::program_of<"!!NVfp4.0\nATTRIB a = program.local[0];\nEND">();
#elif CTISA_CASE == 3
constexpr auto bad = ctisa::nvasm::program_of<"!!NVfp4.0\nTEMP t;\nADD t, t;\nEND">();
#elif CTISA_CASE == 4
constexpr auto bad = ctisa::nvasm::program_of<"!!NVfp4.0\nTEMP t;\nSHL.F t, t, t.x;\nEND">();
#elif CTISA_CASE == 5
constexpr auto bad = ctisa::nvasm::program_of<"!!NVvp4.0\nTEMP t;\nKIL t;\nEND">();
#elif CTISA_CASE == 6
constexpr auto bad = ctisa::nvasm::program_of<"!!NVfp4.0\nTEMP t;\nEMIT;\nEND">();
#elif CTISA_CASE == 7
constexpr auto bad = ctisa::nvasm::program_of<"!!NVfp4.0\nTEMP t;\nMOV t, t.x;\n">();
#elif CTISA_CASE == 8
constexpr auto bad = ctisa::nvasm::program_of<"!!NVvp4.0\nCAL missing;\nEND">();
#elif CTISA_CASE == 9
constexpr auto bad = ctisa::nvasm::program_of<"!!NVvp4.0\nPARAM p = program.env[0];\nMOV p, p;\nEND">();
#elif CTISA_CASE == 10
constexpr auto bad = ctisa::nvasm::program_of<"!!NVfp4.0\nTEMP t;\nTXP t, t, texture[2], BUFFER;\nEND">();
#elif CTISA_CASE == 11
constexpr auto bad = ctisa::nvasm::program_of<"!!NVvp4.0\nREP;\nBRK;\nEND">();
#elif CTISA_CASE == 12
constexpr auto bad = ctisa::nvasm::program_of<"!!NVvp4.0\nIF xyz;\nENDIF;\nEND">();
#elif CTISA_CASE == 13
constexpr auto bad = ctisa::nvasm::program_of<"!!NVfp4.0\nUINT ATTRIB a = fragment.attrib[0];\nEND">();
#elif CTISA_CASE == 14
// The engine's path (core/assembler.hpp) reports the same rules the same way.
constexpr auto bad = ctisa::nvasm::assemble<"!!NVvp4.0\nTEMP t;\nKIL t;\nEND">();
#elif CTISA_CASE == 15
constexpr auto bad = ctisa::nvasm::program_of<"!!NVvp4.0\nPARAM c[3] = { program.local[0..1] };\nEND">();
#endif
