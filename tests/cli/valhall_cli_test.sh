#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The ctisa tool's `run valhall` interface; expected values worked out from the XML and
# generators/specs/valhall_execution.toml.
#   valhall_cli_test.sh PATH/TO/ctisa
ctisa="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"

cat > "$work/p.asm" <<'ASM'
FMA.f32 r0, r1, u0, 0x3F800000          # r1 * u0 + 1.0, fused
IADD.u32.saturate r2, r3, 0x7FFFFFFF    # r3 + 2^31 - 1, saturated
MOV.i32.id r4, lane_id
BRANCHZ.eq r3, offset:1                 # lanes with r3 == 0 skip the next instruction
IADD_IMM.i32 r5, r3, #0x10              # wraps
F32_TO_S32.rtn r6, r1.neg               # floor(-r1)
MOV.i32 r7.h1, r3                       # the result's high half only
ASM
cat > "$work/in.txt" <<'IN'
* r1 1.5        # a float
* u0 2.0
1 r1 -0.5
1 r3 7          # an integer
2 r3 0xFFFFFFFF
2 r7 0x0000ABCD
IN
# lane 0: 1.5 * 2 + 1 = 4; 0 + 0x7FFFFFFF; lane_id 0; r3 == 0 branches; floor(-1.5) = -2; r7 high half 0
# lane 1: -0.5 * 2 + 1 = +0; 7 + 0x7FFFFFFF; 1; 7 + 16; floor(0.5) = 0; 7's high half (0) over 0
# lane 2: 4; saturated; 2; 0xFFFFFFFF + 16 wraps to 15; -2; 0xFFFF over 0xABCD's high half
check "run: lanes, inputs, registers written" "0 r0 0x40800000
0 r2 0x7fffffff
0 r4 0x00000000
0 r5 0x00000000
0 r6 0xfffffffe
0 r7 0x00000000
1 r0 0x00000000
1 r2 0x80000006
1 r4 0x00000001
1 r5 0x00000017
1 r6 0x00000000
1 r7 0x00000000
2 r0 0x40800000
2 r2 0xffffffff
2 r4 0x00000002
2 r5 0x0000000f
2 r6 0xfffffffe
2 r7 0xffffabcd" "$("$ctisa" run valhall "$work/p.asm" --lanes 3 --inputs "$work/in.txt")"

check "run: 16 lanes by default" "96" "$("$ctisa" run valhall "$work/p.asm" --inputs "$work/in.txt" | wc -l | tr -d ' ')"
check "run: lane 15's lane_id" "15 r4 0x0000000f" "$("$ctisa" run valhall "$work/p.asm" | grep '^15 r4')"

# A divergent loop: r1 = 3 * r0 by counting r0 down (each lane its own number of times).
cat > "$work/loop.asm" <<'ASM'
IADD_IMM.i32 r1, 0x0, #0x0
BRANCHZ.eq r0, offset:3                 # to the return
IADD_IMM.i32 r1, r1, #0x3
IADD_IMM.i32 r0, r0, #0xFFFFFFFF
BRANCHZ.reconverge r0, offset:-3
NOP.return
IADD_IMM.i32 r1, 0x0, #0x63
ASM
printf '0 r0 0\n1 r0 1\n2 r0 5\n' > "$work/loop.txt"
check "run: divergent loop, reconvergence, return" "0 r0 0x00000000
0 r1 0x00000000
1 r0 0x00000000
1 r1 0x00000003
2 r0 0x00000000
2 r1 0x0000000f" "$("$ctisa" run valhall "$work/loop.asm" --lanes 3 --inputs "$work/loop.txt")"

printf 'MOV.i32 r0, r1\nFLOGD.f32 r2, r0\n' > "$work/flogd.asm"
"$ctisa" run valhall "$work/flogd.asm" > /dev/null 2> "$work/err"
check "run: a not executable instruction exits 1" "1" "$?"
check "run: the error names the instruction and its line" \
    "$work/flogd.asm:2:1: error: instruction cannot be executed by the reference executor (FLOGD.f32)" \
    "$(cut -d: -f1-5 "$work/err" | sed 's/ (FLOGD.f32).*/ (FLOGD.f32)/')"
echo 'BRANCHZ 0x1000000, offset:-1' | "$ctisa" run valhall - --steps 50 > /dev/null 2> "$work/err"
check "run: a runaway loop stops at the budget (exit 3, the lanes and their instruction)" "3 <stdin>: error: step budget exhausted (--steps 50): still running: lanes 0-15 at pc 0 (<stdin>:1:1)" "$? $(cat "$work/err")"
printf '0 q1 5\n' > "$work/bad.txt"
"$ctisa" run valhall "$work/p.asm" --inputs "$work/bad.txt" > /dev/null 2> "$work/err"
check "run: bad register in inputs" "1 $work/bad.txt:1:3: error: expected a register r0-r63 or a uniform u0-u63" "$? $(cat "$work/err")"
printf '0 u1 5\n' > "$work/bad.txt"
"$ctisa" run valhall "$work/p.asm" --inputs "$work/bad.txt" > /dev/null 2> "$work/err"
check "run: uniforms need *" "1 $work/bad.txt:1:1: error: u1 is shared by every lane: write * as the lane" "$? $(cat "$work/err")"
printf '* r1 12x\n' > "$work/bad.txt"
"$ctisa" run valhall "$work/p.asm" --inputs "$work/bad.txt" > /dev/null 2> "$work/err"
check "run: bad value" "1 $work/bad.txt:1:6: error: expected a value: a 0x bit pattern, a decimal integer or a decimal float" "$? $(cat "$work/err")"
printf 'FADD.f32 r0, r1\n' > "$work/syntax.asm"
"$ctisa" run valhall "$work/syntax.asm" > /dev/null 2>&1
check "run: an assembly error exits 1" "1" "$?"
"$ctisa" run valhall "$work/p.asm" --lanes 999 > /dev/null 2>&1
check "run: --lanes out of range is a usage error" "2" "$?"
"$ctisa" run valhall --help > /dev/null 2>&1
check "run valhall --help" "0" "$?"

# --float: decimal values are floats (7 is 7.0, not the integer 7), results print as floats.
printf 'FADD.f32 r0, r1, r2\nFADD.f32 r3, r1, 0x3F800000\n' > "$work/fadd.asm"
printf '* r1 1.5\n* r2 7\n1 r2 -0.25\n' > "$work/fadd.txt"
check "run --float" "0 r0 8.5
0 r3 2.5
1 r0 1.25
1 r3 2.5" "$("$ctisa" run valhall "$work/fadd.asm" --lanes 2 --inputs "$work/fadd.txt" --float)"
check "run: without --float, 7 is an integer" "0 r0 0x3fc00000" \
    "$("$ctisa" run valhall "$work/fadd.asm" --lanes 2 --inputs "$work/fadd.txt" | grep '^0 r0 ')"
printf '* r1 1 2\n' > "$work/bad.txt"
"$ctisa" run valhall "$work/fadd.asm" --inputs "$work/bad.txt" > /dev/null 2> "$work/err"
check "run: a scalar register takes one value" "1 $work/bad.txt:1:8: error: unexpected text after the values" "$? $(cat "$work/err")"

# --binary: the loop's raw image runs as its text does.
"$ctisa" asm valhall "$work/loop.asm" | tr -d ' \n' | sed 's/../\\x&/g' > "$work/loop.hex"
printf "$(cat "$work/loop.hex")" > "$work/loop.bin"
check "run --binary: as from text" "$("$ctisa" run valhall "$work/loop.asm" --lanes 3 --inputs "$work/loop.txt")" \
    "$("$ctisa" run valhall "$work/loop.bin" --binary --lanes 3 --inputs "$work/loop.txt")"
"$ctisa" asm valhall "$work/flogd.asm" | tr -d ' \n' | sed 's/../\\x&/g' > "$work/flogd.hex"
printf "$(cat "$work/flogd.hex")" > "$work/flogd.bin"
"$ctisa" run valhall "$work/flogd.bin" --binary > /dev/null 2> "$work/err"
check "run --binary: a not executable instruction at its byte offset" \
    "$work/flogd.bin:1:9: error: instruction cannot be executed by the reference executor (FLOGD.f32)" \
    "$(sed 's/ (FLOGD.f32).*/ (FLOGD.f32)/' "$work/err")"

# --bench: lanes x instructions each executed, worked out by hand for the loop above: lane 0
# (r0 = 0) runs 0, 1, 5; lane 1 (r0 = 1) 0-5; lane 2 (r0 = 5) 0, 1, five times 2-4, then 5.
"$ctisa" run valhall "$work/loop.asm" --lanes 3 --inputs "$work/loop.txt" --bench --runs 3 > "$work/out"
check "run --bench: runs, lane-operations per run" "runs 3
lane-operations per run 27" "$(head -2 "$work/out")"
check "run --bench: a rate" "lane-operations per second" "$(sed -n 3p "$work/out" | grep -o '^lane-operations per second')"

# Errors show the offending text as written, as ATTILA's c999 does.
printf 'MOV.i32 r70, r1\n' | "$ctisa" asm valhall > /dev/null 2> "$work/err"
check "asm error shows the operand" "<stdin>:1:9: error: register number out of range for its bank (r70)" "$(cat "$work/err")"
# Immediates: a negative constant is its two's complement; a plain number needs '#' or name:.
check "asm: #-5 as #0xFFFFFFFB" "$(printf 'IADD_IMM.i32 r1, r2, #0xFFFFFFFB\n' | "$ctisa" asm valhall)" \
    "$(printf 'IADD_IMM.i32 r1, r2, #-5\n' | "$ctisa" asm valhall)"
printf 'IADD_IMM.i32 r1, r2, 5\nBRANCHZ r1, -2\n' | "$ctisa" asm valhall > /dev/null 2> "$work/err"
check "asm: a plain number where an immediate goes" "<stdin>:1:22: error: an immediate constant is written with '#' before its value, as #5 (5)
<stdin>:2:13: error: this immediate is written as its name, ':' and its value, as offset:1 (-2)" "$(cat "$work/err")"

finish "ctisa run valhall"
