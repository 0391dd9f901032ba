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
# run: the executor. MULC_SAT t, c, 0.5: lane 0 (0.5, 1, 4, 1) -> (0.25, 0.5, 1, 0.5), CC0 x > 0 so
# NE passes and KIL -t.w (-0.5 < 0) kills it; lane 1 (0, 0, 0, 0) -> t = 0, NE fails: result 0.
printf '0 fragment.color 0.5 1 4 1\n1 fragment.color 0 0 0 0\n' > "$work/p.in"
check "run: KIL under IF, per lane" "0 killed
1 result.color 0x00000000 0x00000000 0x00000000 0x00000000" "$("$ctisa" run nvasm "$work/p.nv" --lanes 2 --inputs "$work/p.in")"
# Integer attributes and state: vertex.id 6 -> t.x = 6 & 3 = 2, t.y = 2 >> 1 = 1; I2F -> (2, 1);
# * 0.5 -> (1, 0.5). The position is the identity matrix's rows times (1, 2, 3, 1).
cat > "$work/uint.nv" <<'NV'
!!NVvp4.0
UINT TEMP t; TEMP f;
ATTRIB pos = vertex.attrib[0];
AND.U t.x, vertex.id, 3;
SHR.U t.y, t.x, 1;
I2F.U f, t;
MUL result.texcoord[0].xy, f, 0.5;
DP4 result.position.x, state.matrix.mvp.row[0], pos;
DP4 result.position.y, state.matrix.mvp.row[1], pos;
DP4 result.position.z, state.matrix.mvp.row[2], pos;
DP4 result.position.w, state.matrix.mvp.row[3], pos;
END
NV
cat > "$work/uint.in" <<'IN'
* state.matrix.mvp.row[0] 1 0 0 0
* state.matrix.mvp.row[1] 0 1 0 0
* state.matrix.mvp.row[2] 0 0 1 0
* state.matrix.mvp.row[3] 0 0 0 1
0 vertex.attrib[0] 1 2 3 1
0 vertex.id 0x6 0 0 0
IN
check "run: integer attributes, state bindings, write masks" "0 result.texcoord[0] 0x3f800000 0x3f000000 0x00000000 0x00000000
0 result.position 0x3f800000 0x40000000 0x40400000 0x3f800000" "$("$ctisa" run nvasm "$work/uint.nv" --inputs "$work/uint.in")"
# A geometry program prints each emitted vertex: two vertices, the second after ENDPRIM with the
# colour {0, 1}.xxyy = (0, 0, 1, 1).
cat > "$work/gs.nv" <<'NV'
!!NVgp4.0
PRIMITIVE_IN TRIANGLES;
PRIMITIVE_OUT TRIANGLE_STRIP;
VERTICES_OUT 2;
MOV result.position, vertex[1].position;
MOV result.color, {1, 0}.xyyx;
EMIT;
ENDPRIM;
MOV result.color, {0, 1}.xxyy;
EMIT;
END
NV
printf '0 vertex[1].position 1 2 3 4\n' > "$work/gs.in"
check "run: a geometry program's emitted vertices" "0 emit[0].result.position 0x3f800000 0x40000000 0x40400000 0x40800000
0 emit[0].result.color 0x3f800000 0x00000000 0x00000000 0x3f800000
0 emit[1].result.position 0x3f800000 0x40000000 0x40400000 0x40800000
0 emit[1].result.color 0x00000000 0x00000000 0x3f800000 0x3f800000" \
      "$("$ctisa" run nvasm "$work/gs.nv" --inputs "$work/gs.in")"
# Lanes that emit different counts print only their own vertices: lane 0 (x = 1, so CC0.x NE
# passes) emits (1, 2, 3, 4) then (5, 6, 7, 8); lane 1 (x = 0) only its position (0, 0, 0, 1).
cat > "$work/gs2.nv" <<'NV'
!!NVgp4.0
PRIMITIVE_IN TRIANGLES;
PRIMITIVE_OUT POINTS;
VERTICES_OUT 2;
TEMP t;
MOV result.position, vertex[0].position;
EMIT;
MOV.CC t.x, vertex[0].position.x;
IF NE.x;
MOV result.position, {5, 6, 7, 8};
EMIT;
ENDIF;
END
NV
printf '0 vertex[0].position 1 2 3 4\n1 vertex[0].position 0 0 0 1\n' > "$work/gs2.in"
check "run: a lane prints only the vertices it emitted" "0 emit[0].result.position 0x3f800000 0x40000000 0x40400000 0x40800000
0 emit[1].result.position 0x40a00000 0x40c00000 0x40e00000 0x41000000
1 emit[0].result.position 0x00000000 0x00000000 0x00000000 0x3f800000" \
      "$("$ctisa" run nvasm "$work/gs2.nv" --lanes 2 --inputs "$work/gs2.in")"
# Either spelling names a binding (NV_fragment_program4: "fragment.texcoord" is unit zero).
printf '!!NVfp4.0\nMOV result.color, fragment.texcoord[0];\nEND\n' > "$work/tc.nv"
printf '0 fragment.texcoord 1 2 3 4\n' > "$work/tc.in"
check "run: an input through the other spelling of a binding" "0 result.color 0x3f800000 0x40000000 0x40400000 0x40800000" \
      "$("$ctisa" run nvasm "$work/tc.nv" --inputs "$work/tc.in")"
printf '0 program.local[0] 1 2 3 4\n' > "$work/shared.in"
"$ctisa" run nvasm "$work/p.nv" --inputs "$work/shared.in" > /dev/null 2>&1
check "run: a shared binding needs * as its lane (exit 1)" "1" "$?"
# Shared inputs are every invocation's (NV_gpu_program4 2.X.3.3: parameters are constants of the
# program): program.local[1] and state.* given once reach lane 1 as they reach lane 0.
cat > "$work/param.nv" <<'NV'
!!NVvp4.0
PARAM p = program.local[1];
ADD result.color, p, state.material.ambient;
END
NV
printf '* program.local[1] 0x3F800000 2 3 4\n* state.material.ambient 1 1 1 1\n' > "$work/param.in"
check "run: program.* and state.* reach every lane" "0 result.color 0x40000000 0x40400000 0x40800000 0x40a00000
1 result.color 0x40000000 0x40400000 0x40800000 0x40a00000" "$("$ctisa" run nvasm "$work/param.nv" --lanes 2 --inputs "$work/param.in")"
# cgc -O's temporary array (TEMP lmem[n]) read through a register (section 2.X.3.4), under cgc's
# comment headers: lane k truncates texcoord.x = k and reads lmem[k].x = 2, 5, 9; lane 3's member 3
# lies past the end and reads 0 (a documented decision). R0.w == 5 (lane 1 only) sets CC0 through
# -R1 (SEQ.S gives ~0), so IF NE.x writes 1.0 to oCol.x; oCol.y = I2F(R0.w).
cat > "$work/lmem.nv" <<'NV'
!!NVfp4.0
# cgc version 2.2.0017, build date Jan 29 2010
# command line args: -profile gp4fp -O
#profile gp4fp
#semantic @TMP2 : __LOCAL
#var float2 texCoord : $vin.TEXCOORD0 : TEX0 : 0 : 1
#var int @TMP2[0] :  : local[0] : -1 : 1
TEMP R0, R1;
TEMP RC, HC;
TEMP lmem[3];
OUTPUT oCol = result.color;
MOV.S lmem[0].x, {2};
MOV.S lmem[1].x, {5};
MOV.S lmem[2].x, {9};
TRUNC.S R0.x, fragment.texcoord[0];
MOV.S R0.w, lmem[R0.x].x;
SEQ.S R1.x, R0.w, {5};
MOV.S.CC HC.x, -R1;
MOV.F oCol, {0}.x;
IF    NE.x;
MOV.F oCol.x, {1}.x;
ENDIF;
I2F.S oCol.y, R0.w;
END
# 13 instructions, 2 R-regs
NV
printf '0 fragment.texcoord[0] 0 0 0 0\n1 fragment.texcoord[0] 1 0 0 0\n2 fragment.texcoord[0] 2 0 0 0\n3 fragment.texcoord[0] 3 0 0 0\n' > "$work/lmem.in"
check "run: a temporary array read through a register" "0 result.color 0x00000000 0x40000000 0x00000000 0x00000000
1 result.color 0x3f800000 0x40a00000 0x00000000 0x00000000
2 result.color 0x00000000 0x41100000 0x00000000 0x00000000
3 result.color 0x00000000 0x00000000 0x00000000 0x00000000" "$("$ctisa" run nvasm "$work/lmem.nv" --lanes 4 --inputs "$work/lmem.in")"
check "asm: the array round-trips" "TEMP lmem[3];
MOV.S R0.w, lmem[R0.x].x;" "$("$ctisa" asm nvasm "$work/lmem.nv" | "$ctisa" asm nvasm - | grep lmem | sed -n '1p;5p')"
# A large initialised array, as cgc -O writes one: 200 members, 200 constant operands (members k
# hold k % 5); lane 0 reads member 199 (4), lane 1 member 7 (2).
{
    printf '!!NVfp4.0\nTEMP R0;\nTEMP lmem[200];\n'
    for k in $(seq 0 199); do printf 'MOV.S lmem[%d].x, {%d};\n' "$k" $((k % 5)); done
    printf 'TRUNC.S R0.x, fragment.texcoord[0];\nMOV.S R0.y, lmem[R0.x].x;\nI2F.S result.color, R0.y;\nEND\n'
} > "$work/big.nv"
printf '0 fragment.texcoord[0] 199 0 0 0\n1 fragment.texcoord[0] 7 0 0 0\n' > "$work/big.in"
check "run: a 200-member array with 200 constants" "0 result.color 0x40800000 0x40800000 0x40800000 0x40800000
1 result.color 0x40000000 0x40000000 0x40000000 0x40000000" "$("$ctisa" run nvasm "$work/big.nv" --lanes 2 --inputs "$work/big.in" 2>&1)"
finish nvasm
