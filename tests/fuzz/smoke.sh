#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The fuzz smoke test of one ISA: replays every regression input of each surface (a crash or a
# round-trip mismatch fails the test), then fuzzes each surface for RUNS inputs from an empty corpus.
#   smoke.sh FUZZER REGRESSIONS_DIR RUNS WORK_DIR
# A fixed seed and a number of runs rather than seconds: the same inputs on every machine, so that
# the test does not fail by luck on a defect found and filed earlier.
set -euo pipefail
fuzzer=$1 regressions=$2 runs=$3 work=$4
for surface in $("$fuzzer" --surfaces); do
    export CTISA_FUZZ_SURFACE=$surface
    inputs=()
    [ -d "$regressions/$surface" ] && mapfile -t inputs < <(find "$regressions/$surface" -type f | sort)
    if [ ${#inputs[@]} -gt 0 ]; then
        "$fuzzer" "${inputs[@]}" > "$work.$surface.replay.log" 2>&1 || { cat "$work.$surface.replay.log"; exit 1; }
        echo "$surface: ${#inputs[@]} regression inputs replayed"
    fi
    rm -rf "$work/$surface" && mkdir -p "$work/$surface"
    "$fuzzer" -runs="$runs" -seed=1 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$work/$surface-" "$work/$surface" \
        > "$work.$surface.log" 2>&1 || { tail -n 60 "$work.$surface.log"; exit 1; }
    echo "$surface: $(grep -o 'Done [0-9]* runs' "$work.$surface.log" | tail -n 1)"
done
