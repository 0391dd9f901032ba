#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What compiling with ctisa costs, as a table (a measurement, not a test): CPU time (user + sys,
# from /usr/bin/time: wall time means little on a shared machine) and peak memory of one compiler
# run, for
#   - #include <ctisa/ctisa.hpp> with an empty main (budget 2.5 s),
#   - each ISA's own header (budget 1 s),
#   - a snippet of N lines (default 2,000) in each ISA's compile-time assembler (budget 15 s, 400 MB),
#   - each translation unit of the ctisa tool, at -O2 (budget 40 s),
# with GCC 12 and Clang 19 (-std=c++20 -O2). The constant-evaluation limits are raised for the
# snippets (-fconstexpr-ops-limit, -fconstexpr-steps): the defaults stop long before 2,000 lines.
#   scripts/compile_cost.sh [--lines N] [--only WHAT] [COMPILER...]
#     WHAT: include, headers, snippets or cli (default: all)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
lines=2000
only=""
compilers=()
while [ $# -gt 0 ]; do
    case "$1" in
        --lines) lines="$2"; shift 2 ;;
        --only) only="$2"; shift 2 ;;
        -h|--help) sed -n '3,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) compilers+=("$1"); shift ;;
    esac
done
[ ${#compilers[@]} -eq 0 ] && compilers=(g++-12 clang++-19)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# row WHAT BUDGET_S BUDGET_MB COMPILER FLAGS... : one compile, one line of the table
row() {
    local what="$1" budget_s="$2" budget_mb="$3" cxx="$4"
    shift 4
    local status=ok
    if ! /usr/bin/time -f "%U %S %M" -o "$work/time" "$cxx" -std=c++20 -O2 -I"$root/include" "$@" -c -o "$work/out.o" \
            > "$work/log" 2>&1; then
        status="FAILED ($(grep -m1 -o 'error: .*' "$work/log" | cut -c1-60))"
    fi
    read -r user sys kb < <(tail -1 "$work/time")
    local cpu mb verdict
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
    mb=$((kb / 1024))
    verdict=$(awk -v c="$cpu" -v b="$budget_s" -v m="$mb" -v bm="$budget_mb" 'BEGIN { print (c <= b && (bm == 0 || m <= bm)) ? "within" : "OVER" }')
    [ "$status" = ok ] || verdict="$status"
    printf '| %-34s | %-10s | %7s | %6s | %-12s | %s |\n' "$what" "$cxx" "$cpu" "$mb" "${budget_s} s${budget_mb:+, $budget_mb MB}" "$verdict"
}

# A snippet of `lines` lines for an ISA's compile-time assembler: its header and a body.
snippet() {
    local isa="$1" n="$2" head="" body="" tail=""
    case "$isa" in
        attila) body='add r1, r2, r3' ;;
        valhall) body='FADD.f32 r2, r0, r1' ;;
        cayman) body='NOP'; tail='END' ;;
        amdil) head='il_ps_2_0'; body='add r0, r1, r2'; tail='end' ;;
        nvasm) head='!!NVfp4.0
TEMP R0, R1, R2;'; body='ADD.F R0, R1, R2;'; tail='END' ;;
    esac
    {
        echo "// SPDX-License-Identifier: MIT"
        echo "#include <ctisa/$isa/$isa.hpp>"
        echo "constexpr auto program = ctisa::$isa::assemble<R\"("
        [ -n "$head" ] && echo "$head"
        local body_lines=$((n - $(printf '%s' "$head" | grep -c '^' || true) - $(printf '%s' "$tail" | grep -c '^' || true)))
        awk -v n="$body_lines" -v b="$body" 'BEGIN { for (i = 0; i < n; i++) print b }'
        [ -n "$tail" ] && echo "$tail"
        echo ')">();'
        echo "int main() { return static_cast<int>(program.bytes.size() & 1); }"
    } > "$work/snippet_$isa.cpp"
}

isas=(attila valhall cayman amdil nvasm)
echo "compile cost on $(uname -m), $(nproc) cores (CPU = user + sys; peak = max RSS); $(date -u +%F)"
echo
printf '| %-34s | %-10s | %7s | %6s | %-12s | %s |\n' "what" "compiler" "CPU s" "peak MB" "budget" "verdict"
printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..36})" "------------" "---------" "--------" "--------------" "--------"
for cxx in "${compilers[@]}"; do
    case "$cxx" in
        clang*) limit=-fconstexpr-steps=2147483647 ;;
        *) limit=-fconstexpr-ops-limit=2147483647 ;;
    esac
    if [ -z "$only" ] || [ "$only" = include ]; then
        printf '#include <ctisa/ctisa.hpp>\nint main() {}\n' > "$work/all.cpp"
        row "#include <ctisa/ctisa.hpp>" 2.5 "" "$cxx" "$work/all.cpp"
    fi
    if [ -z "$only" ] || [ "$only" = headers ]; then
        for isa in "${isas[@]}"; do
            printf '#include <ctisa/%s/%s.hpp>\nint main() {}\n' "$isa" "$isa" > "$work/h_$isa.cpp"
            row "#include <ctisa/$isa/$isa.hpp>" 1 "" "$cxx" "$work/h_$isa.cpp"
        done
    fi
    if [ -z "$only" ] || [ "$only" = snippets ]; then
        for isa in "${isas[@]}"; do
            snippet "$isa" "$lines"
            row "$isa::assemble<...> $lines lines" 15 400 "$cxx" "$limit" "$work/snippet_$isa.cpp"
        done
    fi
    if [ -z "$only" ] || [ "$only" = cli ]; then
        for tu in "$root"/examples/ctisa/*.cpp; do
            row "ctisa tool: $(basename "$tu")" 40 "" "$cxx" -DCTISA_VERSION=\"0\" -ffp-contract=off "$tu"
        done
    fi
done
