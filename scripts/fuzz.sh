#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds ctisa's libFuzzer targets (tests/fuzz: one binary an ISA, one run a surface) with Clang 19
# under ASan and UBSan, and runs them, each for SECONDS (default 10), from a corpus kept under
# build/fuzz/corpus/ISA/SURFACE (it grows run after run), seeded from ../shared/reference (read
# there) and with a dictionary of the ISA's mnemonics (`ctisa opcodes ISA`) for the text surfaces.
# Prints, for each run, the executions, the coverage (libFuzzer's cov: edges, ft: features) and the
# crash input if there was one (under build/fuzz/crashes/); exits 1 if any run crashed.
#   scripts/fuzz.sh                      every surface of every ISA, 10 s each
#   scripts/fuzz.sh valhall 600          every surface of one ISA
#   scripts/fuzz.sh amdil.roundtrip 60   one surface (decode, assemble, roundtrip, execute)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/setup.sh"
ctisa_ensure_packages

target=${1:-all}
seconds=${2:-10}
max_len=${CTISA_FUZZ_MAX_LEN:-4096}  # inputs longer than this (whole seed programs) are cut: short inputs run faster
build="$root/build/fuzz"
shared="$root/../shared"
mapfile -t all_isas < <(sed -n 's/^ctisa_fuzz(\([a-z0-9_]*\) .*/\1/p' "$root/tests/fuzz/CMakeLists.txt")
isa=${target%%.*}
only_surface=""
[[ "$target" == *.* ]] && only_surface=${target#*.}
if [ "$isa" = all ]; then isas=("${all_isas[@]}"); else isas=("$isa"); fi
for i in "${isas[@]}"; do
    [[ " ${all_isas[*]} " == *" $i "* ]] || { echo "no fuzz target '$i' (ISAs: ${all_isas[*]})" >&2; exit 2; }
done

mkdir -p "$build"
if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_BUILD_TYPE=Release \
          -DCTISA_SHARED_DIR="$shared" -DCTISA_BUILD_FUZZERS=ON -DCTISA_BUILD_BENCHMARKS=OFF > "$build.configure.log" 2>&1 \
        || { cat "$build.configure.log"; exit 1; }
fi
cmake --build "$build" -j "$(ctisa_jobs)" --target ctisa_cli "${isas[@]/%/_fuzz}"

crashed=0
for i in "${isas[@]}"; do
    fuzzer="$build/bin/${i}_fuzz"
    seeds="$build/seeds/$i"
    python3 "$root/tests/fuzz/seeds.py" "$shared/reference/$i" "$seeds"
    dict="$build/dict/$i.dict"
    mkdir -p "$build/dict" "$build/crashes" "$build/logs"
    "$build/bin/ctisa" opcodes "$i" 2>/dev/null | cut -f1 | sort -u | sed 's/["\\]/\\&/g; s/.*/"&"/' > "$dict" || true
    surfaces=$("$fuzzer" --surfaces)
    for surface in $surfaces; do
        [ -n "$only_surface" ] && [ "$surface" != "$only_surface" ] && continue
        # The seeds the surface reads: text, bytes, or bytes after the 8 that seed the registers.
        kind=bytes
        args=()
        if [ "$surface" = assemble ] || { [ "$surface" = roundtrip ] && [[ "$surfaces" != *decode* ]]; }; then
            kind=text
            [ -s "$dict" ] && args+=("-dict=$dict")
        fi
        [ "$surface" = execute ] && kind=execute
        [ "$kind" != execute ] && [ -s "$seeds/$kind.list" ] && args+=("-seed_inputs=@$seeds/$kind.list")
        corpus="$build/corpus/$i/$surface"
        log="$build/logs/$i.$surface.log"
        mkdir -p "$corpus"
        status=0
        CTISA_FUZZ_SURFACE=$surface "$fuzzer" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
            -artifact_prefix="$build/crashes/$i.$surface-" "${args[@]}" "$corpus" "$seeds/$kind" > "$log" 2>&1 || status=$?
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
        cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
        echo "$i.$surface: ${runs:-?} executions, ${cov:-no coverage line}, corpus $(find "$corpus" -type f | wc -l) inputs"
        if [ "$status" -ne 0 ]; then
            crashed=1
            echo "  CRASH (log $log):"
            grep -E 'ctisa fuzz:|^first difference|^in:|^out:|ERROR: |runtime error|Test unit written' "$log" | head -n 8 | cut -c1-160 | sed 's/^/    /'
        fi
    done
done
exit "$crashed"
