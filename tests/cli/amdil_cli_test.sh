#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The ctisa tool's interface for AMD IL, as DESIGN.md gives it: one asm line a token packet, the
# header (language and version tokens) first; dis/explain read raw IL binaries with --binary.
#   amdil_cli_test.sh PATH/TO/ctisa [SHARED_DIR]
ctisa="$1"
shared="${2:-$(dirname "${BASH_SOURCE[0]}")/../../../shared}"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"

check "isas lists amdil" "amdil" "$("$ctisa" isas | grep -x amdil)"
check "opcodes: 483 codes" "483" "$("$ctisa" opcodes amdil | wc -l | tr -d ' ')"
check "opcodes: mad line (group, binary code)" "$(printf 'mad\tFloat\t64')" "$("$ctisa" opcodes amdil | grep '^mad	')"
check "opcodes: whileloop is Flow Control" "$(printf 'whileloop\tFlow Control\t113')" "$("$ctisa" opcodes amdil | grep '^whileloop	')"
check "opcodes: mova has no chapter-7 entry" "$(printf 'mova\t-\t72')" "$("$ctisa" opcodes amdil | grep '^mova	')"
check "fields: IL_Dst register_type" "$(printf 'IL_Dst\tregister_type\t16\t21')" "$("$ctisa" fields amdil | grep '^IL_Dst	register_type')"
check "fields: a control field" "$(printf 'IL_OP_BREAKC\trelop\t16\t18')" "$("$ctisa" fields amdil | grep '^IL_OP_BREAKC	')"

# il_flame.bin's first packets (bytes from the file itself).
printf 'il_ps_2_0_lang(dx11_ps)\ndcl_global_flags refactoringAllowed\ndcl_input_usage(generic)_interp(linear) v1.xy__\ndcl_output_usage(generic) o0\nmov o0.xyzw, r0.xyzw\nend\n' > "$work/a.il"
check "asm: one line a packet" "09 00 00 00 00 02 01 00
5d 01 01 00
7e 00 46 00 01 00 61 00 05 00 00 00
7d 00 06 00 00 00 22 00
47 00 00 00 00 00 62 00 55 00 00 00 00 00 44 00 10 32 00 00
28 00 00 00" "$("$ctisa" asm amdil "$work/a.il")"
check "dis: text back, default-content modifiers kept" "$(cat "$work/a.il")" "$("$ctisa" asm amdil "$work/a.il" | "$ctisa" dis amdil)"
check "explain: mnemonic then fields" "$(printf 'mov o0.xyzw, r0.xyzw\nIL_Opcode.code\t0\t15\t71')" \
      "$("$ctisa" asm amdil "$work/a.il" | "$ctisa" explain amdil | grep -A1 '^mov')"
check "explain: the default-content source modifier" "$(printf 'IL_Src_Mod.swizzle_w_a\t12\t14\t3')" \
      "$("$ctisa" asm amdil "$work/a.il" | "$ctisa" explain amdil | grep 'IL_Src_Mod.swizzle_w_a')"

check "explain: control fields by name" "$(printf 'IL_DCL_INPUT.interp_mode\t21\t23\t2')" \
      "$("$ctisa" asm amdil "$work/a.il" | "$ctisa" explain amdil | grep 'IL_DCL_INPUT.interp_mode')"
printf 'il_ps_2_0\ndcl_resource_id(1)_type(2d)_unnormalize(1) 0x1B400000\n' > "$work/r.il"
check "explain: dcl_resource's format token" "$(printf 'IL_Dcl_Resource_Format.fmtx\t20\t22\t4')" \
      "$("$ctisa" asm amdil "$work/r.il" | "$ctisa" explain amdil | grep '^IL_Dcl_Resource_Format.fmtx')"

# texld's opcode modifier tokens in chapter 7's layouts: lodbias 24:18 of the primary, yoffset 15:8 of the secondary.
printf 'il_ps_2_0\ndclpt_stage(1)_type(2d)_coordmode(normalized)\ntexld_stage(1)_pri(0x00040000)_sec(0x00000302) r0, r1\n' > "$work/t.il"
check "explain: texld's primary modifier token" "$(printf 'IL_PrimaryTEXLD_Mod.lodbias\t18\t24\t1')" \
      "$("$ctisa" asm amdil "$work/t.il" | "$ctisa" explain amdil | grep '^IL_PrimaryTEXLD_Mod.lodbias')"
check "explain: texld's secondary modifier token" "$(printf 'IL_SecondaryTEXLD_Mod.yoffset\t8\t15\t3')" \
      "$("$ctisa" asm amdil "$work/t.il" | "$ctisa" explain amdil | grep '^IL_SecondaryTEXLD_Mod.yoffset')"
check "fields: a declaration's modifier token" "$(printf 'IL_PrimaryDCLPIN_Mod\tno_perspective\t10\t10')" \
      "$("$ctisa" fields amdil | grep '^IL_PrimaryDCLPIN_Mod	no_perspective')"

# Every public binary: dis --binary then asm gives the file byte for byte.
for bin in "$shared"/reference/amdil/il/*.bin; do
    name=$(basename "$bin")
    "$ctisa" dis amdil --binary "$bin" > "$work/$name.il"
    check "dis --binary $name" "0" "$?"
    "$ctisa" asm amdil "$work/$name.il" | tr -d ' \n' > "$work/$name.hex"
    check "asm of $name gives the binary" "$(od -An -v -tx1 "$bin" | tr -d ' \n')" "$(cat "$work/$name.hex")"
done

# Errors: FILE:LINE:COL: error: ..., exit 1.
printf 'il_ps_2_0\nmov r0, q1\nfrob r0\n' > "$work/bad.il"
"$ctisa" asm amdil "$work/bad.il" > /dev/null 2> "$work/err"
check "asm error exit status" "1" "$?"
check "asm errors name line and column" "$work/bad.il:2:9: error: unknown register name (q1)
$work/bad.il:3:1: error: unknown mnemonic (frob)" "$(cat "$work/err")"
echo "09 00 00 00 00 02 01 00 47 00 00 00 00 00 04 00" | "$ctisa" dis amdil > /dev/null 2> "$work/err"
check "dis of a truncated packet" "1" "$?"
check "dis error names the token" "<stdin>:1:1: error: truncated instruction stream (IL_Src) [byte offset 16]" "$(cat "$work/err")"
echo "09 00 00 00 00 02 01 00 e3 01 00 00" | "$ctisa" dis amdil > /dev/null 2> "$work/err"
check "dis of an unknown code" "<stdin>:1:25: error: reserved or undefined opcode (IL_Opcode.code) [byte offset 8]" "$(cat "$work/err")"
# ctisa run amdil: a real shader on 16 lanes (v1 = pixel centres of a 4x4 block at (512, 400));
# lanes 0 and 5 as worked out by hand from il_creation.txt in binary32 (each operation rounded once).
for l in $(seq 0 15); do echo "$l v1 $((512 + l % 4)).5 $((400 + l / 4)).5 0 0"; done > "$work/pixels.in"
check "run: il_creation.bin, lanes 0 and 5" "0 o0 0x3f78d071 0x3f15b0a0 0x3ebca920 0x3f800000
5 o0 0x3f679a14 0x3f0ed9ab 0x3eb6e8b7 0x3f800000" \
      "$("$ctisa" run amdil "$shared/reference/amdil/il/il_creation.bin" --binary --lanes 16 --inputs "$work/pixels.in" | sed -n '1p;6p')"
printf 'il_ps_2_0\ndcl_cb cb0[2]\ndcl_input_generic v0\ndcl_output_generic o0\nadd o0, v0, cb0[1]\ndiscard_logicalnz v0.w\nend\n' > "$work/run.il"
printf '* cb0[1] 1 2 3 4\n0 v0 1 1 1 1\n1 v0 0.5 0 0 0\n' > "$work/run.in"
check "run: a constant buffer, a discarded lane" "0 killed
1 o0 1.5 2 3 4" "$("$ctisa" run amdil "$work/run.il" --lanes 2 --inputs "$work/run.in" --float)"
# LDS through the default environment (lds[8] = v0.y, read back), and its sampler (the coordinates).
printf 'il_ps_2_0\ndcl_input_generic v0\ndcl_input_generic v1\ndcl_output_generic o0\ndcl_output_generic o1\ndcl_lds_id(0) 64\ndcl_resource_id(1)_type(2d,unnorm)_fmtx(float)_fmty(float)_fmtz(float)_fmtw(float)\nlds_store v0.x, v0.y\nlds_load r0, v0.x\nsample_resource(1)_sampler(0) r1, v1\nmov o0, r0\nmov o1, r1\nend\n' > "$work/mem.il"
printf '0 v0 0x8 0x2a 0 0\n0 v1 1.5 2 3 4\n' > "$work/mem.in"
check "run: LDS and the default sampler" "0 o0 0x0000002a 0x00000000 0x00000000 0x00000000
0 o1 0x3fc00000 0x40000000 0x40400000 0x40800000
* lds0[2] 0x0000002a" "$("$ctisa" run amdil "$work/mem.il" --lanes 1 --inputs "$work/mem.in")"
# Memory and texels as inputs: texel (1, 2) of resource 0 sampled at (1.5, 2.5) (unnormalised), LDS
# dword 3 copied to dword 5; the memory the run wrote prints once, after the lanes.
printf 'il_ps_2_0\ndcl_resource_id(0)_type(2d,unnorm)_fmtx(float)_fmty(float)_fmtz(float)_fmtw(float)\ndcl_input_generic v0\ndcl_output_generic o0\ndcl_lds_id(0) 64\ndcl_literal l0, 12, 20, 0, 0\nsample_resource(0)_sampler(0) r0, v0\nlds_load r1, l0.x\nlds_store l0.y, r1.x\nmov o0, r0\nend\n' > "$work/tex.il"
printf '0 v0 1.5 2.5 0 0\n* resource0[1][2] 1 2 3 4\n* lds0[3] 0x2a\n' > "$work/tex.in"
check "run: texels and memory in, memory written out" "0 o0 0x3f800000 0x40000000 0x40400000 0x40800000
* lds0[5] 0x0000002a" "$("$ctisa" run amdil "$work/tex.il" --lanes 1 --inputs "$work/tex.in")"
printf '0 r9 1 2 3 4\n' > "$work/none.in"
"$ctisa" run amdil "$work/tex.il" --lanes 1 --inputs "$work/none.in" > /dev/null 2> "$work/err"
check "run: an input that names nothing of the program, exit status" "1" "$?"
check "run: ... and the error" "$work/none.in:1:3: error: r9 names nothing the program has" "$(cat "$work/err")"
# Emitted vertices: lane 1 emits twice (o0 = v0, then v0 + 1), lane 0 once; the outputs at each emit.
printf 'il_gs_2_0\ndcl_input_generic v0\ndcl_output_generic o0\ndcl_literal l0, 1, 0, 0, 0\nmov o0, v0\nemit\niadd o0, v0, l0.xxxx\nif_logicalnz v0.x\nemit\nendif\ncut\nend\n' > "$work/gs.il"
printf '1 v0 0x1 0x2 0x3 0x4\n' > "$work/gs.in"
check "run: emitted vertices" "0 emit[0].o0 0x00000000 0x00000000 0x00000000 0x00000000
1 emit[0].o0 0x00000001 0x00000002 0x00000003 0x00000004
1 emit[1].o0 0x00000002 0x00000003 0x00000004 0x00000005" "$("$ctisa" run amdil "$work/gs.il" --lanes 2 --inputs "$work/gs.in")"
printf 'il_ps_2_0\ndcl_input_generic v0\nmov r0, v0\nfcall_pointer(0) r0, 1\nend\n' > "$work/fcall.il"
"$ctisa" run amdil "$work/fcall.il" > /dev/null 2> "$work/err"
check "run: an instruction not run, exit status" "1" "$?"
check "run: ... and where it stands" "$work/fcall.il:4:1: error: instruction cannot be executed by the reference executor (an instruction the AMD IL executor does not run)" "$(cat "$work/err")"
# Real programs as their authors wrote them (../shared/reference/real/amdil): an FFT compute kernel
# (AMD's older spellings, LDS, functions) reads, and its disassembly reads back to the same bytes.
fft="$shared/reference/real/amdil/amd-spl__src_fft_il_fft_il.h__L10.il"
"$ctisa" asm amdil "$fft" > "$work/fft.hex"
check "asm: a real FFT kernel" "0" "$?"
check "asm: its header and work-group size" "00 00 00 00 00 02 03 00
d4 00 01 00 40 00 00 00" "$(head -2 "$work/fft.hex")"
check "dis then asm: the same bytes" "$(cat "$work/fft.hex")" "$("$ctisa" dis amdil "$work/fft.hex" | "$ctisa" asm amdil)"
check "dis: chapter 5's register names" "iadd r70.x___, vTidInGrpFlat.x, r70.x" "$("$ctisa" dis amdil "$work/fft.hex" | grep -m1 vTidInGrpFlat)"
# A template (a placeholder where an instruction belongs) and a broken program rule: FILE:LINE:COL.
"$ctisa" asm amdil "$shared/reference/real/amdil/amd-spl__src_sort_BitonicSortImpl.h__L138.il" > /dev/null 2> "$work/err"
check "asm: a template is refused" "$shared/reference/real/amdil/amd-spl__src_sort_BitonicSortImpl.h__L138.il:26:1: error: unknown mnemonic ({SORT_OPERATOR})" "$(cat "$work/err")"
printf 'il_ps_2_0\ndcl_input_generic v0\nmov v0, r1\nend\n' > "$work/ro.il"
"$ctisa" asm amdil "$work/ro.il" > /dev/null 2> "$work/err"
# (The tool prints the rule's statement index as '[byte offset N]': core/statements.hpp's at_statement
# keeps the index in the error's offset once it has placed the error at its line.)
check "asm: a write to a read-only register" "$work/ro.il:3:1: error: the result is in a read-only register bank (a destination of a read-only register type (v, vWinCoord, cb, l, ...)) [byte offset 2]" "$(cat "$work/err")"
finish amdil
