// SPDX-License-Identifier: MIT
// A program written in C++ as a literal is validated by the compiler: each rule of the language
// broken once, the compiler naming the rule, its line and its column.
// case 1 expect: assembly_error<[a-z:]*undeclared_name,
// case 1 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*undeclared_name, .*"snippet line 3, column 5"
// case 2 expect: assembly_error<[a-z:]*wrong_operand_kind,
// case 2 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*wrong_operand_kind, .*"snippet line 2, column 12"
// case 3 expect: assembly_error<[a-z:]*missing_operand,
// case 3 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*missing_operand, .*"snippet line 3, column 9"
// case 4 expect: assembly_error<[a-z:]*modifier_not_allowed,
// case 4 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*modifier_not_allowed, .*"snippet line 3, column 1"
// case 5 expect: assembly_error<[a-z:]*wrong_stage,
// case 5 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*wrong_stage, .*"snippet line 3, column 1"
// case 6 expect: assembly_error<[a-z:]*wrong_stage,
// case 6 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*wrong_stage, .*"snippet line 3, column 1"
// case 7 expect: assembly_error<[a-z:]*missing_end,
// case 7 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*missing_end, .*"snippet line 4, column 1"
// case 8 expect: assembly_error<[a-z:]*undefined_label,
// case 8 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*undefined_label, .*"snippet line 2, column 5"
// case 9 expect: assembly_error<[a-z:]*not_writable,
// case 9 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*not_writable, .*"snippet line 3, column 5"
// case 10 expect: assembly_error<[a-z:]*texture_target_not_allowed,
// case 10 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*texture_target_not_allowed, .*"snippet line 3, column 23"
// case 11 expect: assembly_error<[a-z:]*unbalanced_structure,
// case 11 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*unbalanced_structure, .*"snippet line 4, column 1"
// case 12 expect: assembly_error<[a-z:]*bad_cc_test,
// case 12 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*bad_cc_test, .*"snippet line 2, column 4"
// case 13 expect: assembly_error<[a-z:]*integer_attribute_not_flat,
// case 13 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*integer_attribute_not_flat, .*"snippet line 2, column 1"
// case 14 expect: assembly_error<[a-z:]*wrong_stage,
// case 14 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*wrong_stage, .*"snippet line 3, column 1"
// case 15 expect: assembly_error<[a-z:]*array_size_mismatch,
// case 15 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*array_size_mismatch, .*"snippet line 2, column 7"
// case 16 expect: assembly_error<[a-z:]*value_out_of_range,
// case 16 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*value_out_of_range, .*"snippet line 3, column 9"
// case 17 expect: assembly_error<[a-z:]*texture_target_not_allowed,
// case 17 first: nvasm_programs\.cpp:[0-9]+:[0-9]+: error: .*assembly_error<[a-z:]*texture_target_not_allowed, .*"snippet line 3, column 23"
#include <ctisa/nvasm/nvasm.hpp>

// The control: a correct program of each stage compiles.
constexpr auto fragment = ctisa::nvasm::program_of<"!!NVfp4.0\nTEMP t;\nTEX t, fragment.texcoord[0], texture[0], 2D;\nKIL -t.w;\nMOV result.color, t;\nEND">();
constexpr auto vertex = ctisa::nvasm::program_of<"!!NVvp4.0\nsub: RET;\nmain: CAL sub; MOV result.position, vertex.position;\nEND">();
constexpr auto geometry = ctisa::nvasm::program_of<"!!NVgp4.0\nPRIMITIVE_IN POINTS; PRIMITIVE_OUT POINTS; VERTICES_OUT 1;\nMOV result.position, vertex[0].position; EMIT;\nEND">();
static_assert(fragment.statements.size() == 6 && vertex.statements.size() == 7 && geometry.statements.size() == 7);
// cgc -O's temporary array, read through an index register (section 2.X.3.4).
constexpr auto lmem = ctisa::nvasm::program_of<"!!NVfp4.0\nTEMP R0;\nTEMP lmem[3];\nMOV.S lmem[2].x, {3};\nMOV.S R0.w, lmem[R0.x].x;\nEND">();
static_assert(lmem.statements.size() == 6 && lmem.statements[2].decl.name.view() == "lmem[3]");

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
#elif CTISA_CASE == 16
constexpr auto bad = ctisa::nvasm::program_of<"!!NVfp4.0\nTEMP lmem[3];\nMOV lmem[3], fragment.color;\nEND">();
#elif CTISA_CASE == 17
constexpr auto bad = ctisa::nvasm::program_of<"!!NVfp4.0\nTEMP t;\nTXB t, t, texture[0], SHADOWCUBE;\nEND">();
#endif
