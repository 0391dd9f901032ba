#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# How fast the ctisa tool assembles and disassembles, and in how much memory: `ctisa asm` and
# `ctisa dis` on N instructions (default 1,000,000) of each binary ISA, printing instructions per
# second (from wall time: run it on a quiet machine) and peak memory (max RSS).
# For scale, issue 35 measured Mesa 21.3's generated Valhall disassembler (a plain C loop around
# va_disasm_instr over stdin) at 0.43 s and 1.4 MB for a million instructions.
#   scripts/cli_throughput.sh [PATH/TO/ctisa] [N]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ctisa="${1:-$root/build/demo/bin/ctisa}"
n="${2:-1000000}"
[ -x "$ctisa" ] || { echo "no ctisa at $ctisa (build it: scripts/demo.sh, or give its path)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# program ISA: N instructions of the ISA as text (a few kinds of instruction, in turn).
program() {
    case "$1" in
        attila) awk -v n="$n" 'BEGIN { split("add r1, r2, r3|mad r0, r1, c2, r3|mov o0, r0|rsq r4.x, r1.y", k, "|"); for (i = 0; i < n; i++) print k[i % 4 + 1] }' ;;
        valhall) awk -v n="$n" 'BEGIN { split("FADD.f32 r2, r0, r1|MOV.i32 r1, r0|IADD_IMM.i32 r5, r3, #0x10|FMA.f32 r0, r1, u0, 0x3F800000", k, "|"); for (i = 0; i < n; i++) print k[i % 4 + 1] }' ;;
        amdil) awk -v n="$n" 'BEGIN { print "il_ps_2_0"; split("add r0, r1, r2|mul r1, r0, r2|mov o0, r1|mad r2, r0, r1, r2", k, "|"); for (i = 0; i < n; i++) print k[i % 4 + 1]; print "end" }' ;;
        cayman) awk -v n="$n" 'BEGIN { for (i = 0; i < n - 1; i++) print "NOP"; print "END" }' ;;
    esac
}

# timed WHAT OUT CMD...: runs CMD, prints one row from its wall time and peak memory.
timed() {
    local what="$1" out="$2"
    shift 2
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" > "$out"
    read -r seconds kb < "$work/time"
    awk -v w="$what" -v s="$seconds" -v n="$n" -v kb="$kb" \
        'BEGIN { printf "| %-16s | %9.2f | %14.3g | %8.1f |\n", w, s, (s > 0 ? n / s : 0), kb / 1024 }'
}

echo "ctisa asm and dis on $n instructions ($(nproc) cores; wall time: noisy on a shared machine)"
echo
echo "| command          | seconds   | instructions/s | peak MB  |"
echo "|------------------|-----------|----------------|----------|"
for isa in attila valhall cayman amdil; do
    program "$isa" > "$work/$isa.asm"
    timed "asm $isa" "$work/$isa.hex" "$ctisa" asm "$isa" "$work/$isa.asm"
    timed "dis $isa" /dev/null "$ctisa" dis "$isa" "$work/$isa.hex"
    rm -f "$work/$isa.asm" "$work/$isa.hex"
done
