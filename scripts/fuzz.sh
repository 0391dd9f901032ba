#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds ctisa's libFuzzer targets (tests/fuzz: one binary an ISA, one run a surface) with Clang 19
# under ASan and UBSan, and runs them, each for SECONDS (default 10), from a corpus kept under
# build/fuzz/corpus/ISA/SURFACE (it grows run after run), seeded from ../shared/reference (read
# there) and the ISA's example programs (examples/shaders), with a dictionary for the text
# surfaces: the ISA's mnemonics (`ctisa opcodes ISA`) and the words of those texts (seeds.py).
# Prints, for each run, the executions, the coverage (libFuzzer's cov: edges, ft: features) and the
# crash input if there was one (under build/fuzz/crashes/); exits 1 if any run crashed.
#   scripts/fuzz.sh                      every surface of every ISA, 10 s each
#   scripts/fuzz.sh valhall 600          every surface of one ISA
#   scripts/fuzz.sh amdil.roundtrip 60   one surface (decode, assemble, roundtrip, execute)
#   CTISA_FUZZ_RUNS=10000000 scripts/fuzz.sh attila 3600   ends a run at 10 M executions
#   scripts/fuzz.sh coverage [all|ISA|ISA.SURFACE]         line, function and region coverage of
#       include/ctisa/ISA/ reached by the kept corpora: each corpus replayed once by a build with
#       Clang's source coverage (build/fuzz-cov), reported by llvm-cov-19 (Debian's llvm-19), for
#       each surface and for the ISA's surfaces together; the reports are under build/fuzz-cov/report/
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/setup.sh"
ctisa_ensure_packages

mode=fuzz
[ "${1:-}" = coverage ] && mode=coverage && shift
target=${1:-all}
seconds=${2:-10}
max_runs=${CTISA_FUZZ_RUNS:--1}      # stop a run after this many executions (-1: only SECONDS stops it)
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

# The share of the ISA's headers (lines, functions, regions) a replay of its kept corpora runs.
coverage() {
    local cov="$root/build/fuzz-cov" i fuzzer surface raw profiles
    command -v llvm-cov-19 > /dev/null || { echo "coverage needs llvm-cov-19 and llvm-profdata-19 (Debian: llvm-19)" >&2; exit 1; }
    # -O0 maps every line; the sanitizers stay (the targets' flags), no matter for one replay.
    cmake -S "$root" -B "$cov" -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_BUILD_TYPE=Release \
          -DCTISA_SHARED_DIR="$shared" -DCTISA_BUILD_FUZZERS=ON -DCTISA_BUILD_BENCHMARKS=OFF \
          "-DCTISA_FUZZ_OPTIONS=-O0;-fprofile-instr-generate;-fcoverage-mapping" -DCMAKE_EXE_LINKER_FLAGS=-fprofile-instr-generate \
          > "$cov.configure.log" 2>&1 || { cat "$cov.configure.log"; exit 1; }
    cmake --build "$cov" -j "$(ctisa_jobs)" --target "${isas[@]/%/_fuzz}"
    mkdir -p "$cov/profiles" "$cov/report"
    for i in "${isas[@]}"; do
        fuzzer="$cov/bin/${i}_fuzz"
        profiles=()
        # (--surfaces too writes a profile at exit: not into the working directory)
        for surface in $(LLVM_PROFILE_FILE=/dev/null "$fuzzer" --surfaces); do
            [ -n "$only_surface" ] && [ "$surface" != "$only_surface" ] && continue
            [ -d "$build/corpus/$i/$surface" ] || { echo "$i.$surface: no corpus (run scripts/fuzz.sh $i.$surface first)"; continue; }
            raw="$cov/profiles/$i.$surface"
            rm -f "$raw.profraw"
            LLVM_PROFILE_FILE="$raw.profraw" CTISA_FUZZ_SURFACE=$surface "$fuzzer" -runs=0 -max_len="$max_len" \
                "$build/corpus/$i/$surface" > "$raw.log" 2>&1 || echo "$i.$surface: the replay failed (log $raw.log)"
            [ -f "$raw.profraw" ] || continue
            llvm-profdata-19 merge -sparse "$raw.profraw" -o "$raw.profdata"
            profiles+=("$raw.profdata")
            coverage_line "$i.$surface" "$fuzzer" "$raw.profdata" "$i"
        done
        if [ ${#profiles[@]} -gt 1 ]; then
            llvm-profdata-19 merge -sparse "${profiles[@]}" -o "$cov/profiles/$i.profdata"
            coverage_line "$i (all surfaces)" "$fuzzer" "$cov/profiles/$i.profdata" "$i"
        fi
    done
}

# One line of figures from llvm-cov's TOTAL row over include/ctisa/ISA/ (the report kept whole).
coverage_line() {
    local name=$1 fuzzer=$2 profile=$3 i=$4 report
    report="$root/build/fuzz-cov/report/${name%% *}.txt"
    llvm-cov-19 report "$fuzzer" -instr-profile="$profile" "$root/include/ctisa/$i" > "$report"
    awk -v n="$name" '$1 == "TOTAL" {
        printf "%s: lines %s (%d of %d), functions %s, regions %s of include/ctisa/%s/\n", n, $10, $8 - $9, $8, $7, $4, i }' i="$i" "$report"
}

if [ "$mode" = coverage ]; then
    coverage
    exit 0
fi

# Long runs: -O2 and no comparison tracing (tests/fuzz/CMakeLists.txt says why); CI keeps -O1.
options=${CTISA_FUZZ_OPTIONS:--O2;-fno-sanitize-coverage=trace-cmp}
mkdir -p "$build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_BUILD_TYPE=Release \
      -DCTISA_SHARED_DIR="$shared" -DCTISA_BUILD_FUZZERS=ON -DCTISA_BUILD_BENCHMARKS=OFF "-DCTISA_FUZZ_OPTIONS=$options" \
      > "$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j "$(ctisa_jobs)" --target ctisa_cli "${isas[@]/%/_fuzz}"

crashed=0
for i in "${isas[@]}"; do
    fuzzer="$build/bin/${i}_fuzz"
    seeds="$build/seeds/$i"
    python3 "$root/tests/fuzz/seeds.py" "$shared/reference/$i" "$seeds" "$root/examples/shaders" "$build/bin/ctisa"
    dict="$build/dict/$i.dict"
    mkdir -p "$build/dict" "$build/crashes" "$build/logs"
    { "$build/bin/ctisa" opcodes "$i" 2>/dev/null | cut -f1 | sed 's/["\\]/\\&/g; s/.*/"&"/' || true
      cat "$seeds/words.dict"; } | sort -u > "$dict"
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
        CTISA_FUZZ_SURFACE=$surface "$fuzzer" -max_total_time="$seconds" -runs="$max_runs" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
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
