#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The fuzz smoke test of one ISA: replays every regression input of each surface (a crash or a
# round-trip mismatch fails the test), then fuzzes each surface for RUNS inputs, from the seeds of
# seeds.py when the ISA's reference folder, the examples folder and the ctisa tool are given (a
# surface fed only random bytes, such as Cayman's execute, seldom gets past the decoder), else
# from an empty corpus.
#   smoke.sh FUZZER REGRESSIONS_DIR RUNS WORK_DIR [REFERENCE_DIR EXAMPLES_DIR CTISA]
# A fixed seed and a number of runs rather than seconds: the same inputs on every machine, so that
# the test does not fail by luck on a defect found and filed earlier.
set -euo pipefail
fuzzer=$1 regressions=$2 runs=$3 work=$4
seeds=""
if [ $# -ge 7 ]; then
    seeds=$work/seeds
    rm -rf "$seeds"
    python3 "$(dirname "$0")/seeds.py" "$5" "$seeds" "$6" "$7" > /dev/null
fi
surfaces=$("$fuzzer" --surfaces)
for surface in $surfaces; do
    export CTISA_FUZZ_SURFACE=$surface
    inputs=()
    [ -d "$regressions/$surface" ] && mapfile -t inputs < <(find "$regressions/$surface" -type f | sort)
    if [ ${#inputs[@]} -gt 0 ]; then
        "$fuzzer" "${inputs[@]}" > "$work.$surface.replay.log" 2>&1 || { cat "$work.$surface.replay.log"; exit 1; }
        echo "$surface: ${#inputs[@]} regression inputs replayed"
    fi
    rm -rf "$work/$surface" && mkdir -p "$work/$surface"
    # The seeds the surface reads (as scripts/fuzz.sh picks them): text, bytes, or execute's.
    kind=bytes
    { [ "$surface" = assemble ] || { [ "$surface" = roundtrip ] && [[ "$surfaces" != *decode* ]]; }; } && kind=text
    [ "$surface" = execute ] && kind=execute
    # Inputs cut at 1 KiB: with whole seed programs (4 KiB) nvasm's smoke took 9 times as long as
    # unseeded, cut 6 times (24 s), for 13 times the edges on its execute surface (117 -> 1487).
    corpora=("$work/$surface")
    [ -n "$seeds" ] && corpora+=("$seeds/$kind")
    "$fuzzer" -runs="$runs" -seed=1 -max_len=1024 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$work/$surface-" "${corpora[@]}" \
        > "$work.$surface.log" 2>&1 || { tail -n 60 "$work.$surface.log"; exit 1; }
    echo "$surface: $(grep -o 'Done [0-9]* runs' "$work.$surface.log" | tail -n 1)"
done
