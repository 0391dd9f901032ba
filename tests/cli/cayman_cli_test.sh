#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The ctisa tool on Cayman: opcodes, fields, asm, dis, explain. Expected bytes worked out by hand from
# chapter 9's formats (generators/specs/cayman.toml); the text is syntax.hpp's.
#   cayman_cli_test.sh PATH/TO/ctisa
ctisa="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"

check "opcodes: 427 encodings" "427" "$("$ctisa" opcodes cayman | wc -l | tr -d ' ')"
check "opcodes: NOP in CF (0) and ALU_OP2 (26)" "$(printf 'NOP\tCF\t0\nNOP\tALU_OP2\t26')" "$("$ctisa" opcodes cayman | grep -P '^NOP\t')"
check "fields: 265 in 33 formats" "265" "$("$ctisa" fields cayman | wc -l | tr -d ' ')"
check "fields: ALU_INST at 7-17" "$(printf 'ALU_WORD1_OP2\tALU_INST\t7\t17')" "$("$ctisa" fields cayman | grep -P '^ALU_WORD1_OP2\tALU_INST\t')"

# An ALU clause with a literal, a fetch clause, an export, in AMD's listing syntax: ADDR and CNT
# left to the assembler; a CF line without NO_BARRIER sets BARRIER (bit 31 of its second dword).
cat > "$work/p.asm" <<'ASM'
ALU:                                            ; ADDR 4 (after four CF units), CNT 2
     0  x: MOV R0.x, (0x3F800000, 1.0f).x
TEX:                                            ; at 48: 16-byte aligned already
     1  VFETCH R1.xxxx, R0.x, fc0
EXP_DONE: PARAM0, R1.xxxx
END
END_OF_PROGRAM
ASM
# CF_ALU: ADDR 4; COUNT 1 (bits 18-24), CF_INST ALU 8 (26-29), BARRIER (31). CF TC: ADDR 6; CF_INST
# 1 (22-29). EXPORT_DONE: TYPE 2 (13-14), RW_GPR 1 (15-21), SEL_X-W 0 (X); CF_INST 84. END: CF_INST 32.
# MOV: SRC0_SEL 253 (literal X), LAST (31); WRITE_MASK (4), ALU_INST 25 (7-17). The literal slot.
# FETCH: VC_INST 0; DST_GPR 1 (VTX_WORD1_GPR 0-6); fourth dword zero.
expected_bytes="04 00 00 00 00 00 04 a0
06 00 00 00 00 00 40 80
00 c0 00 00 00 00 00 95
00 00 00 00 00 00 00 88
fd 00 00 80 90 0c 00 00
00 00 80 3f 00 00 00 00
00 00 00 00 01 00 00 00 00 00 00 00 00 00 00 00"
check "asm: one unit a line, image order" "$expected_bytes" "$("$ctisa" asm cayman "$work/p.asm")"
listing="00 ALU: ADDR(4) CNT(2)
     0  x: MOV R0.x, (0x3F800000, 1.0f).x
01 TEX: ADDR(6) CNT(1)
     1  VFETCH R1.xxxx, R0.x, fc0
02 EXP_DONE: PARAM0, R1.xxxx
03 END"
check "dis: the listing, clauses under their CF lines" "$listing" "$("$ctisa" asm cayman "$work/p.asm" | "$ctisa" dis cayman)"
check "asm of the listing: the same bytes" "$expected_bytes" "$("$ctisa" asm cayman "$work/p.asm" | "$ctisa" dis cayman | "$ctisa" asm cayman)"
printf "$("$ctisa" asm cayman "$work/p.asm" | tr '\n' ' ' | sed 's/ *$//; s/^/\\x/; s/ /\\x/g')" > "$work/p.bin"
check "dis --binary" "$listing" "$("$ctisa" dis cayman "$work/p.bin" --binary)"
explained="$("$ctisa" asm cayman "$work/p.asm" | "$ctisa" explain cayman)"
check "explain: the CF line first" "00 ALU: ADDR(4) CNT(2)" "$(echo "$explained" | head -1)"
check "explain: one record a unit (7)" "7" "$(echo "$explained" | grep -vc "$(printf '\t')")"
check "explain: COUNT of the clause" "$(printf 'CF_ALU_WORD1.COUNT\t18\t24\t1')" "$(echo "$explained" | grep -P '^CF_ALU_WORD1.COUNT\t')"
check "explain: an ALU unit read as ALU (its place)" "$(printf 'ALU_WORD1_OP2.ALU_INST\t7\t17\t25')" "$(echo "$explained" | grep -P '^ALU_WORD1_OP2.ALU_INST\t')"
check "explain: the literal slot" "$(printf 'LITERAL.DWORD0\t0\t31\t1065353216')" "$(echo "$explained" | grep -P '^LITERAL.DWORD0\t')"
check "explain: the fetch's DST_GPR" "$(printf 'VTX_WORD1_GPR.DST_GPR\t0\t6\t1')" "$(echo "$explained" | grep -P '^VTX_WORD1_GPR.DST_GPR\t')"

printf '00 ALU:\n     0  x: MOV SRC1_SEL(1)\n         y: BOGUS\n01 END\n' > "$work/bad.asm"
"$ctisa" asm cayman "$work/bad.asm" > /dev/null 2> "$work/err"
check "asm error exit status" "1" "$?"
check "asm errors, one a faulty line" "$work/bad.asm:2:16: error: operand not allowed here (SRC1_SEL(1))
$work/bad.asm:3:13: error: unknown mnemonic (BOGUS)" "$(cat "$work/err")"
# END's CF_CONST (CF_WORD1 bits 3-7) set: END does not use it, the text could not write it.
echo "00 00 00 00 08 00 00 08" | "$ctisa" dis cayman > /dev/null 2> "$work/err"
check "dis of an unused field set: status" "1" "$?"
check "dis of an unused field set: where" "<stdin>:1:13: error: a field the instruction does not use is not in its canonical state (CF_CONST) [byte offset 4]" "$(cat "$work/err")"
echo "00 00 00 00 00 00 00" | "$ctisa" dis cayman > /dev/null 2> "$work/err"
check "dis of a truncated program" "1" "$?"
# ALU_EXTENDED and its CF_ALU pair are one 16-byte CF unit (DESIGN.md): one asm line, one dis line,
# one explain record. EXT0: KCACHE_BANK2 3 (bits 22-25), KCACHE_MODE2 1 (30-31); EXT1: CF_INST 12
# (26-29); the pair: ADDR 3 (after 24 CF bytes), CF_INST ALU 8.
printf '00 ALU_EXTENDED ALU: KCACHE2(CB3:0-15) NO_BARRIER\n     0  x: NOP ____\n02 END NO_BARRIER\n' > "$work/ext.asm"
check "asm: ALU_EXTENDED is one 16-byte line" "00 00 c0 40 00 00 00 30 03 00 00 00 00 00 00 20" "$("$ctisa" asm cayman "$work/ext.asm" | head -1)"
check "dis: ALU_EXTENDED is one line" "00 ALU_EXTENDED ALU: ADDR(3) CNT(1) KCACHE2(CB3:0-15) NO_BARRIER" "$("$ctisa" asm cayman "$work/ext.asm" | "$ctisa" dis cayman | head -1)"
check "explain: ALU_EXTENDED is one record (3 in all, with NOP and END)" "3" "$("$ctisa" asm cayman "$work/ext.asm" | "$ctisa" explain cayman | grep -vc "$(printf '\t')")"
# run: values worked out by hand from the document (4.6: KC0[5] is constant 5 of the buffer
# KCACHE_BANK0 locks; 3.7.3: a DX9 loop's aL runs from the loop constant's init by its step).
printf '00 ALU:\n     0  x: MOV R2.x, (0x3F800000, 1.0f).x\n01 ALU: KCACHE0(CB0:0-15)\n     1  x: ADD R3.x, R1.x, KC0[5].x\n02 EXP_DONE: PARAM0, R3\n03 END\n' > "$work/run.asm"
printf '# R1.x per lane, a constant for every lane\n0 R1 1.5 0 0 0\n1 R1 0x40000000 0 0 0\n* CB0[5] 0x3f800000 0 0 0\n' > "$work/run.txt"
check "run: GPRs written, then exports" "0 R2 0x3f800000 0x00000000 0x00000000 0x00000000
0 R3 0x40200000 0x00000000 0x00000000 0x00000000
0 PARAM0 0x40200000 0x00000000 0x00000000 0x00000000
1 R2 0x3f800000 0x00000000 0x00000000 0x00000000
1 R3 0x40400000 0x00000000 0x00000000 0x00000000
1 PARAM0 0x40400000 0x00000000 0x00000000 0x00000000" "$("$ctisa" run cayman "$work/run.asm" --lanes 2 --inputs "$work/run.txt")"
printf '00 LOOP_START i1 FAIL_JUMP_ADDR(3)\n01 ALU:\n     0  x: ADD_INT R1.x, R1.x, LOOP_IDX.x\n02 ENDLOOP i1 PASS_JUMP_ADDR(1)\n03 END\n' > "$work/loop.asm"
echo '* I1 3 10 5 0' > "$work/loop.txt"
check "run: a DX9 loop adds aL = 10, 15, 20" "0 R1 0x0000002d 0x00000000 0x00000000 0x00000000" "$("$ctisa" run cayman "$work/loop.asm" --lanes 1 --inputs "$work/loop.txt")"
printf '00 ALU:\n     0  x: KILLGT ____, 0.5f, R1.w\n01 EXP_DONE: PIX0, R1\n02 END\n' > "$work/kill.asm"
printf '0 R1 0 0 0 0\n1 R1 0 0 0 1.0\n' > "$work/kill.txt"
check "run: a killed lane, a pixel export" "0 killed
1 PIXEL0 0x00000000 0x00000000 0x00000000 0x3f800000" "$("$ctisa" run cayman "$work/kill.asm" --lanes 2 --inputs "$work/kill.txt")"
# A vertex fetch with the default environment returns its index R0.y = 7 as {7, 0, 0, 0}; DST_SEL X, Y, X, X.
printf '00 TEX:\n     0  VFETCH R1.xyxx, R0.y, fc0\n01 END\n' > "$work/fetch.asm"
echo '0 R0 3 7 0 0' > "$work/fetch.txt"
check "run: a TC clause's vertex fetch, then its request" "0 R1 0x00000007 0x00000000 0x00000007 0x00000007
0 fetch[0] 0x00000007 0x00000000 0x00000000 0x00000000" "$("$ctisa" run cayman "$work/fetch.asm" --lanes 1 --inputs "$work/fetch.txt")"
# Two lanes, R1.x = 4, R2 = {5, 100}: MEM_RAT ADD_RTN (39) on RAT 1 element R1.x: lane 0 finds 0,
# leaves 5 and returns 0 at 100; lane 1 finds 5, leaves 10, returns 5 at 100 (the last writer
# prints). MEM_RING R2.x to dword 7 (lane 1's last); LDS_WRITE R2.x at byte 4 (under lane 0);
# EMIT_VERTEX once a lane.
printf '00 MEM_RAT: RAT_INST(39) RAT_ID(1) TYPE(1) INDEX_GPR(1) RW_GPR(2) COMP_MASK(15)\n01 EMIT_VERTEX\n02 MEM_RING: ARRAY_BASE(7) RW_GPR(2) COMP_MASK(1) ARRAY_SIZE(8)\n03 ALU:\n     0  x: LDS_WRITE ____, R1.x, R2.x\n04 END\n' > "$work/rat.asm"
printf '* R1 4 0 0 0\n* R2 5 100 0 0\n' > "$work/rat.txt"
check "run: memory, RAT returns, LDS and emits" "0 LDS[4] 0x00000005
0 emit[0] 0x00000001 0x00000000
1 MEM_RING[7] 0x00000005
1 RAT1[4] 0x0000000a
1 RET1[100] 0x00000005
1 emit[0] 0x00000001 0x00000000" "$("$ctisa" run cayman "$work/rat.asm" --lanes 2 --inputs "$work/rat.txt")"
# Table 3.3: a position export's ARRAY_BASE 60 is CF_POS_0, printed POS0 (it was POS60); two
# exports to PARAM0 (3.4.1): the second write is what the parameter holds (run printed the first).
printf '00 ALU:\n     0  x: MOV R1.x, 1.0f\n         y: MOV R2.y, 0.5f\n01 EXP: POS0, R1\n02 EXP: PARAM0, R1\n03 EXP_DONE: PARAM0, R2\n04 END\n' > "$work/exports.asm"
check "run: POS0 for ARRAY_BASE 60, the last export to PARAM0" "0 R1 0x3f800000 0x00000000 0x00000000 0x00000000
0 R2 0x00000000 0x3f000000 0x00000000 0x00000000
0 POS0 0x3f800000 0x00000000 0x00000000 0x00000000
0 PARAM0 0x00000000 0x3f000000 0x00000000 0x00000000" "$("$ctisa" run cayman "$work/exports.asm" --lanes 1)"
# Every opcode runs; a jump table indexed by an index register (not modelled) does not.
printf '00 JUMPTABLE ADDR(1) JUMPTABLE_SEL(4)\n01 END\n' > "$work/jumptable.asm"
"$ctisa" run cayman "$work/jumptable.asm" --lanes 1 > /dev/null 2> "$work/err"
check "run: what does not execute stops with its line" "1 $work/jumptable.asm:1:1: error: instruction cannot be executed by the reference executor (index mode not executed)" "$? $(cat "$work/err")"
echo '0 R128 0 0 0 0' > "$work/bad.txt"
"$ctisa" run cayman "$work/run.asm" --inputs "$work/bad.txt" > /dev/null 2> "$work/err"
check "run: a register out of range" "1 $work/bad.txt:1:3: error: expected a register R0-R127, a constant CB0[5], a boolean B0-B31 or a loop constant I0-I31" "$? $(cat "$work/err")"
finish cayman
