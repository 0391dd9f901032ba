#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The ctisa tool's behaviour common to every ISA: hex input, dis going on after a bad unit, the
# address and bytes columns, raw output, empty input, escaped noise, explain of text, --version,
# fields, trailing blanks, run's step budget and misspelled inputs. Expected bytes come from the
# peers' vectors (Mesa's Valhall assembler cases: NOP.return is 00 00 00 00 00 c0 00 78).
#   core_cli_test.sh PATH/TO/ctisa
ctisa="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"

nop="00 00 00 00 00 c0 00 78"   # NOP.return (Mesa's assembler-cases.txt)
mov="00 00 00 00 00 c1 91 00"   # MOV.i32 r1, r0

check "--version" "ctisa 0.1.0" "$("$ctisa" --version | sed 's/ [0-9.]*$/ 0.1.0/')"

# Hex: 0x bytes, commas, any whitespace, bytes run together; odd digit runs and long 0x refused.
check "hex: 0x bytes and commas" "NOP.return" "$(echo '0x00, 0x0, 0x00 0x00,0x00 0xc0  0x00	0x78' | "$ctisa" dis valhall)"
check "hex: bytes run together, over lines" "NOP.return
MOV.i32 r1, r0" "$(printf '0000000000c00078\n00000000\n00c19100\n' | "$ctisa" dis valhall)"
out=$(echo '1700803 8f3' | "$ctisa" dis valhall 2>&1)
check "hex: an odd digit run is refused, at its place" "1 <stdin>:1:1: error: unexpected character (1700803): an odd number of hex digits: a byte is two" "$? $out"
out=$(echo '0x12345678' | "$ctisa" dis valhall 2>&1)
check "hex: a 0x word is refused (no byte order)" "1" "$?"
check "hex: ...and says why" "1" "$(echo "$out" | grep -c 'a 0x number is one byte')"

# dis goes on after a bad unit: reported on stderr, a comment in the listing, exit 1.
printf '%s\nff ff ff ff ff ff ff ff\n%s\n' "$nop" "$mov" > "$work/bad.hex"
"$ctisa" dis valhall "$work/bad.hex" > "$work/out" 2> "$work/err"
check "dis: a bad unit exits 1" "1" "$?"
check "dis: the units after it are decoded" "NOP.return
# (bad: reserved or undefined opcode (opcode))
MOV.i32 r1, r0" "$(cat "$work/out")"
check "dis: the bad unit is reported with its place" "$work/bad.hex:2:1: error: reserved or undefined opcode (opcode) [byte offset 8]" "$(cat "$work/err")"
printf '%s\nff ff ff ff ff ff ff ff\nff ff ff ff ff ff ff ff\n' "$nop" | "$ctisa" dis valhall > /dev/null 2> "$work/err"
check "dis: every bad unit is reported" "2" "$(wc -l < "$work/err" | tr -d ' ')"

# The columns objdump prints: address (hex), then the bytes, then the text, tab-separated.
check "dis --addresses --bytes" "       0:	$nop	NOP.return
       8:	$mov	MOV.i32 r1, r0" "$(printf '%s\n%s\n' "$nop" "$mov" | "$ctisa" dis valhall --addresses --bytes)"
check "dis --addresses through a stream decoder (amdil)" "       0:	il_ps_2_0
       8:	end" "$(printf 'il_ps_2_0\nend\n' | "$ctisa" asm amdil | "$ctisa" dis amdil --addresses)"

# asm --binary -o FILE: raw bytes, and no file when assembly fails.
printf 'NOP.return\nMOV.i32 r1, r0\n' | "$ctisa" asm valhall --binary -o "$work/p.bin"
check "asm --binary -o: raw bytes" "$nop $mov" "$(od -An -tx1 -v "$work/p.bin" | tr -s ' \n' ' ' | sed 's/^ //;s/ $//')"
check "dis --binary reads them back" "NOP.return
MOV.i32 r1, r0" "$("$ctisa" dis valhall --binary "$work/p.bin")"
echo 'NOP.bogus' | "$ctisa" asm valhall -o "$work/failed.hex" 2> /dev/null
check "asm -o: no file when assembly fails" "1 absent" "$? $([ -e "$work/failed.hex" ] && echo present || echo absent)"
check "asm --binary: a text-only ISA has no bytes" "1" "$(printf '!!NVfp4.0\nEND\n' | "$ctisa" asm nvasm --binary > /dev/null 2>&1; echo $?)"

# Empty input: a clear message without a position, for every ISA and command.
for isa in $("$ctisa" isas); do
    for cmd in asm dis explain; do
        out=$(printf '# nothing here\n\n' | "$ctisa" $cmd $isa 2>&1 >/dev/null)
        status=$?
        case "$out" in
            "<stdin>: error: empty input: no "*) check "$cmd $isa: empty input" "1" "$status" ;;
            *) check "$cmd $isa: empty input" "<stdin>: error: empty input: ..." "$out" ;;
        esac
    done
done

# Binary noise in a message is escaped.
check "noise is escaped in messages" "<stdin>:1:1: error: unknown mnemonic (\x01\x02ab\xff)" "$(printf '\x01\x02ab\xff\n' | "$ctisa" asm valhall 2>&1)"

# explain takes assembly text as well as hex.
check "explain: assembly text" "$(echo "$nop" | "$ctisa" explain valhall)" "$(echo 'NOP.return' | "$ctisa" explain valhall)"

# fields: every ISA prints its fields, or says why it has none.
for isa in $("$ctisa" isas); do
    lines=$("$ctisa" fields $isa 2> "$work/err" | wc -l | tr -d ' ')
    check "fields $isa: fields, or why there are none" "yes" "$([ "$lines" -gt 0 ] || grep -q 'language of text' "$work/err" && echo yes)"
done

# No trailing blanks in any disassembly: every opcode of attila and valhall's peers' vectors.
cases="$(dirname "${BASH_SOURCE[0]}")/../../../shared/reference/valhall/assembler-cases.txt"
if [ -f "$cases" ]; then
    grep -v '^#' "$cases" | cut -c1-23 | "$ctisa" dis valhall > "$work/all.dis"
    check "dis valhall: no trailing blanks (Mesa's 108 cases)" "0" "$(grep -c ' $' "$work/all.dis")"
fi

# A number where a source or an immediate is: says how it is written.
check "valhall: a decimal source says how constants are written" "1" \
    "$(echo 'FADD.f32 r2, r0, 1.5' | "$ctisa" asm valhall 2>&1 | grep -c 'written as its bit pattern')"
check "valhall: an immediate without #" "1" "$(echo 'IADD_IMM.i32 r0, r1, 5' | "$ctisa" asm valhall 2>&1 | grep -c "written with '#'")"

# run: the step budget has its own exit status and names the lanes and their instruction; a
# misspelled input is an error.
printf 'IADD_IMM.i32 r0, r0, #0x1\nBRANCHZ.eq r1, offset:-2\n' > "$work/loop.asm"
"$ctisa" run valhall "$work/loop.asm" --lanes 4 --steps 100 > /dev/null 2> "$work/err"
check "run: out of steps exits 3" "3" "$?"
check "run: ...naming the lanes and their instruction" \
    "$work/loop.asm: error: step budget exhausted (--steps 100): still running: lanes 0-3 at pc 1 ($work/loop.asm:2:1)" "$(cat "$work/err")"
printf '!!NVfp4.0\nMOV.F result.color, fragment.texcoord[0];\nEND\n' > "$work/p.nv"
printf '* fragment.texcord[0] 1 2 3 4\n' > "$work/typo.in"
"$ctisa" run nvasm "$work/p.nv" --inputs "$work/typo.in" > /dev/null 2> "$work/err"
check "run: a misspelled input is an error" "1 $work/typo.in:1:3: error: fragment.texcord[0] names nothing the program has" "$? $(cat "$work/err")"

finish "ctisa tool (generic)"
