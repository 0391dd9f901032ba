#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The ctisa tool's interface for ATTILA, as DESIGN.md and the README give it.
#   attila_cli_test.sh PATH/TO/ctisa
ctisa="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"

check "isas lists attila" "attila" "$("$ctisa" isas | grep -x attila)"
check "opcodes: 53 instructions" "53" "$("$ctisa" opcodes attila | wc -l | tr -d ' ')"
check "opcodes: mad line" "$(printf 'mad\talu3\t19')" "$("$ctisa" opcodes attila | grep '^mad	')"
check "fields: 3 layouts, 36 fields" "36" "$("$ctisa" fields attila | wc -l | tr -d ' ')"
check "fields: op2swizzle at 32-39" "$(printf 'hi64_register\top2swizzle\t32\t39')" "$("$ctisa" fields attila | grep 'hi64_register	op2swizzle')"

# Bytes of 'arl r4, -|c7[a0.w + 3].y|' from the ATTILA simulator's own assembler (vectors).
printf 'arl r4, -|c7[a0.w + 3].y|\n' > "$work/a.asm"
check "asm: bytes in memory order" "03 00 f4 39 f3 79 00 00 07 55 04 00 1b 00 1b 00" "$("$ctisa" asm attila "$work/a.asm")"
check "asm from stdin" "03 00 f4 39 f3 79 00 00 07 55 04 00 1b 00 1b 00" "$("$ctisa" asm attila < "$work/a.asm")"
check "dis: text back" "arl r4, -|c7[a0.w + 3].y|" "$("$ctisa" asm attila "$work/a.asm" | "$ctisa" dis attila)"
printf "$("$ctisa" asm attila "$work/a.asm" | sed 's/^/\\x/; s/ /\\x/g')" > "$work/a.bin"
check "dis --binary" "arl r4, -|c7[a0.w + 3].y|" "$("$ctisa" dis attila "$work/a.bin" --binary)"
check "explain: mnemonic then fields" "arl r4, -|c7[a0.w + 3].y|" "$("$ctisa" asm attila "$work/a.asm" | "$ctisa" explain attila | head -1)"
check "explain: reloffset field" "$(printf 'lo64.reloffset\t45\t53\t3')" "$("$ctisa" asm attila "$work/a.asm" | "$ctisa" explain attila | grep reloffset)"
check "explain: 1 + 23 + 8 lines" "32" "$("$ctisa" asm attila "$work/a.asm" | "$ctisa" explain attila | wc -l | tr -d ' ')"

# Errors: FILE:LINE:COL: error: ..., exit 1; usage errors exit 2.
printf 'mov r0, i0\nmov c1, r0\nbogus\n' > "$work/bad.asm"
"$ctisa" asm attila "$work/bad.asm" > /dev/null 2> "$work/err"
check "asm error exit status" "1" "$?"
check "asm errors, one a faulty line" "$work/bad.asm:2:5: error: the result is in a read-only register bank (c1)
$work/bad.asm:3:1: error: unknown mnemonic (bogus)" "$(cat "$work/err")"
# The offending text as written, as Valhall's r70 and the builders' describe() show it.
printf 'mov r0, c999\n' | "$ctisa" asm attila > /dev/null 2> "$work/err"
check "asm error shows the whole operand" "<stdin>:1:9: error: register number out of range for its bank (c999)" "$(cat "$work/err")"
"$ctisa" asm attila "$work/missing.asm" > /dev/null 2> "$work/err"
check "a file that cannot be opened: the reason" "1 $work/missing.asm: error: cannot open the file: No such file or directory" "$? $(cat "$work/err")"
"$ctisa" asm attila "$work" > /dev/null 2> "$work/err"
check "a folder: the reason" "$work: error: cannot open the file: Is a directory" "$(cat "$work/err")"
echo "00 01" | "$ctisa" dis attila > /dev/null 2> "$work/err"
check "dis of a truncated instruction" "1" "$?"
check "dis error names its position" "<stdin>:1:1: error: truncated instruction stream [byte offset 0]" "$(cat "$work/err")"
echo "ff 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00" | "$ctisa" dis attila > /dev/null 2> "$work/err"
check "dis of a reserved opcode" "<stdin>:1:1: error: reserved or undefined opcode (opcode)" "$(cat "$work/err")"
"$ctisa" frobnicate > /dev/null 2> "$work/err"
check "unknown command exits 2" "2" "$?"
check "a usage error is one line with a --help hint" "ctisa: unknown command 'frobnicate' (see 'ctisa --help')" "$(cat "$work/err")"
"$ctisa" asm > /dev/null 2> "$work/err"
check "a command's usage error points at its help" "ctisa: asm needs an ISA; 'ctisa isas' lists them (see 'ctisa asm --help')" "$(cat "$work/err")"
"$ctisa" asm nosuchisa /dev/null > /dev/null 2>&1
check "unknown ISA exits 2" "2" "$?"
for cmd in isas opcodes fields asm dis explain run; do
    "$ctisa" $cmd --help > /dev/null 2>&1
    check "$cmd --help" "0" "$?"
done

# run: values worked out from the wiki's pseudocode.
cat > "$work/p.asm" <<'ASM'
mad o0, i0, c0, c0        # i0 * 0.5 + 0.5
(p0) rcp o1.x, i0.w       # 1 / w where p0 holds
kil i0.x                  # lanes with x < 0 die
ASM
cat > "$work/in.txt" <<'IN'
* i0 1 2 3 4
1 i0 -1 0.5 0x40000000 8   # lane 1: x < 0
* c0 0.5 0.5 0.5 0.5
0 p0 1 0 0 0
IN
check "run: lanes, inputs, outputs" "0 o0 0x3f800000 0x3fc00000 0x40000000 0x40200000
0 o1 0x3e800000 0x00000000 0x00000000 0x00000000
1 killed
2 o0 0x3f800000 0x3fc00000 0x40000000 0x40200000
2 o1 0x00000000 0x00000000 0x00000000 0x00000000" "$("$ctisa" run attila "$work/p.asm" --lanes 3 --inputs "$work/in.txt")"
grep -v '^1 ' "$work/in.txt" > "$work/in1.txt"
check "run --float" "0 o0 1 1.5 2 2.5
0 o1 0.25 0 0 0" "$("$ctisa" run attila "$work/p.asm" --inputs "$work/in1.txt" --float)"
echo 'jmp true, 0' | "$ctisa" run attila - --steps 50 > /dev/null 2> "$work/err"
check "run: a runaway loop stops at the budget (exit 3, the lanes and their instruction)" "3 <stdin>: error: step budget exhausted (--steps 50): still running: lane 0 at pc 0 (<stdin>:1:1)" "$? $(cat "$work/err")"
printf '0 q1 1 2 3 4\n' > "$work/bad.txt"
"$ctisa" run attila "$work/p.asm" --inputs "$work/bad.txt" > /dev/null 2> "$work/err"
check "run: bad inputs line" "1 $work/bad.txt:1:3: error: expected a register: i, o, c, r (or t), a or p and its number" "$? $(cat "$work/err")"
"$ctisa" run attila "$work/p.asm" --lanes 999 > /dev/null 2>&1
check "run: --lanes out of range is a usage error" "2" "$?"
"$ctisa" run attila "$work/p.asm" --frobnicate > /dev/null 2>&1
check "run: an unknown option is a usage error" "2" "$?"
"$ctisa" run attila "$work/p.asm" --lanes > /dev/null 2>&1
check "run: --lanes without its value is a usage error" "2" "$?"
"$ctisa" run attila > /dev/null 2>&1
check "run without FILE is a usage error" "2" "$?"
printf '* x1 1 2 3 4\n' > "$work/bad.txt"
"$ctisa" run attila "$work/p.asm" --inputs "$work/bad.txt" > /dev/null 2> "$work/err"
check "run: a bad NAME after * points at it" "1 $work/bad.txt:1:3: error: expected a register: i, o, c, r (or t), a or p and its number" "$? $(cat "$work/err")"
printf '# a comment line\n\n2 c0 1 2 3 4\n' > "$work/bad.txt"
"$ctisa" run attila "$work/p.asm" --lanes 3 --inputs "$work/bad.txt" > /dev/null 2> "$work/err"
check "run: constants need *" "1 $work/bad.txt:3:1: error: c0 is shared by every lane: write * as the lane" "$? $(cat "$work/err")"
printf '0 i0 1 2 3\n' > "$work/bad.txt"
"$ctisa" run attila "$work/p.asm" --inputs "$work/bad.txt" > /dev/null 2> "$work/err"
check "run: a vector register takes four values" "1 $work/bad.txt:1:11: error: expected a value: a decimal float or a 0x bit pattern (4 of them)" "$? $(cat "$work/err")"

# run --binary: the raw image of the same program gives the same results.
"$ctisa" asm attila "$work/p.asm" | tr -d ' \n' | sed 's/../\\x&/g' > "$work/p.hex"
printf "$(cat "$work/p.hex")" > "$work/p.bin"
check "run --binary: a 48-byte image" "48" "$(wc -c < "$work/p.bin" | tr -d ' ')"
check "run --binary: as from text" "$("$ctisa" run attila "$work/p.asm" --lanes 3 --inputs "$work/in.txt")" \
    "$("$ctisa" run attila "$work/p.bin" --binary --lanes 3 --inputs "$work/in.txt")"
head -c 40 "$work/p.bin" > "$work/cut.bin"
"$ctisa" run attila "$work/cut.bin" --binary > /dev/null 2> "$work/err"
check "run --binary: a truncated image" "1 $work/cut.bin:1:33: error: truncated instruction stream [byte offset 32]" "$? $(cat "$work/err")"
# --bench: lane-operations per run worked out by hand: mad on 3 lanes, rcp on lane 0 only (p0),
# kil on 3 lanes. The speed itself is not checked (timing).
"$ctisa" run attila "$work/p.asm" --lanes 3 --inputs "$work/in.txt" --bench --runs 4 > "$work/out"
check "run --bench: runs" "runs 4" "$(sed -n 1p "$work/out")"
check "run --bench: lanes x instructions executed" "lane-operations per run 7" "$(sed -n 2p "$work/out")"
check "run --bench: a rate" "lane-operations per second" "$(sed -n 3p "$work/out" | grep -o '^lane-operations per second')"
"$ctisa" run attila "$work/p.asm" --runs 4 > /dev/null 2>&1
check "run: --runs without --bench is a usage error" "2" "$?"
check "run --help names the options" "usage: ctisa run attila FILE [--binary] [--lanes N] [--inputs FILE] [--steps N] [--float]" \
    "$("$ctisa" run attila --help | head -1)"

finish "ctisa tool"
