#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The ctisa tool with NV assembly: opcodes (grammar class, Table X.13 row), no fields, asm and dis
# print the canonical text, explain prints what the parser made of each statement, errors
# FILE:LINE:COL.
#   nvasm_cli_test.sh PATH/TO/ctisa
ctisa="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"

# NV_gpu_program4 section 2.X.4: 80 rows of Table X.13 plus DDX, DDY (fragment), EMIT, ENDPRIM (geometry).
check "opcodes: 84 instructions" "84" "$("$ctisa" opcodes nvasm | wc -l)"
check "opcodes: MOV, a VECTORop in row 33" "MOV	VECTORop	33" "$("$ctisa" opcodes nvasm | grep '^MOV	')"
check "opcodes: TEX, a TEXop in row 66" "TEX	TEXop	66" "$("$ctisa" opcodes nvasm | grep '^TEX	')"
check "opcodes: ENDPRIM last" "ENDPRIM	SpecialInstruction	84" "$("$ctisa" opcodes nvasm | tail -1)"
check "fields: none (the text is the encoding)" "" "$("$ctisa" fields nvasm)"

cat > "$work/p.nv" <<'NV'
!!NVfp4.0
TEMP t; ATTRIB c = fragment.color;   # two statements a line
MULC_SAT t,c,{0.5}.x;
IF NE0.xxxx; KIL -t.w; ENDIF;
MOV result.color, t;
END
NV
expected='!!NVfp4.0
TEMP t;
ATTRIB c = fragment.color;
MUL.CC0.SAT t, c, {0.5}.x;
IF NE.x;
KIL -t.w;
ENDIF;
MOV result.color, t;
END'
check "asm: canonical text" "$expected" "$("$ctisa" asm nvasm "$work/p.nv")"
check "dis: the same" "$expected" "$("$ctisa" dis nvasm "$work/p.nv")"
check "asm of the canonical text: idempotent" "$expected" "$("$ctisa" asm nvasm "$work/p.nv" | "$ctisa" asm nvasm -)"

explained=$("$ctisa" explain nvasm "$work/p.nv")
check "explain: every statement's text" "$expected" "$(grep -v '	' <<<"$explained")"
# MUL: <BINop> in the grammar, row 34 of Table X.13; "C" is CC0, "_SAT" the clamp.
check "explain: MULC_SAT" "MUL.CC0.SAT t, c, {0.5}.x;
opcode	MUL
class	BINop
row	34
type	default
cc_update	CC0
clamp	SAT
result	t
write_mask	15
source0	variable	c
source1	constant	{0.5}.x" "$(sed -n '/^MUL/,/^IF/p' <<<"$explained" | sed '$d')"
check "explain: the declaration" "ATTRIB c = fragment.color;
declaration	ATTRIB
name	c
value	fragment.color" "$(sed -n '/^ATTRIB/,/^MUL/p' <<<"$explained" | sed '$d')"
"$ctisa" explain nvasm "$work/p.nv" --binary > /dev/null 2>&1
check "explain --binary: an ISA of text has no bytes (exit 1)" "1" "$?"

printf '!!NVvp4.0\nTEMP t;\nKIL t;\nEND\n' > "$work/bad.nv"
check "error: KIL in a vertex program, at its line and column" \
      "$work/bad.nv:3:1: error: not available in this program's stage (vertex, fragment or geometry)" \
      "$("$ctisa" asm nvasm "$work/bad.nv" 2>&1 >/dev/null | head -1 | sed 's/ (KIL)$//;s/ near .*//')"
"$ctisa" asm nvasm "$work/bad.nv" > /dev/null 2>&1
check "error: exit status 1" "1" "$?"
printf '!!NVfp4.0\nMOV result.color, fragment.color;\n' > "$work/noend.nv"
"$ctisa" explain nvasm "$work/noend.nv" > /dev/null 2>&1
check "explain: a program without END fails" "1" "$?"
finish nvasm
