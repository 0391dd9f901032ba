#!/usr/bin/env bash
# The fuzz smoke test of one ISA: replays every regression input of each surface (a crash or a
# round-trip mismatch fails the test), then fuzzes each surface for SECONDS from an empty corpus.
#   smoke.sh FUZZER REGRESSIONS_DIR SECONDS WORK_DIR
set -euo pipefail
fuzzer=$1 regressions=$2 seconds=$3 work=$4
for surface in $("$fuzzer" --surfaces); do
    export CTISA_FUZZ_SURFACE=$surface
    inputs=()
    [ -d "$regressions/$surface" ] && mapfile -t inputs < <(find "$regressions/$surface" -type f | sort)
    if [ ${#inputs[@]} -gt 0 ]; then
        "$fuzzer" "${inputs[@]}" > "$work.$surface.replay.log" 2>&1 || { cat "$work.$surface.replay.log"; exit 1; }
        echo "$surface: ${#inputs[@]} regression inputs replayed"
    fi
    rm -rf "$work/$surface" && mkdir -p "$work/$surface"
    "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$work/$surface-" "$work/$surface" \
        > "$work.$surface.log" 2>&1 || { tail -n 60 "$work.$surface.log"; exit 1; }
    echo "$surface: $(grep -o 'Done [0-9]* runs' "$work.$surface.log" | tail -n 1)"
done
