#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds and runs every test of ctisa with GCC 12 and with Clang 19 (-Wall -Wextra -Wpedantic
# -Werror), then the run-time tests (ctest label runtime, the libFuzzer smoke tests among them) again
# under AddressSanitizer and UndefinedBehaviorSanitizer (Clang 19), on a fresh machine too: missing
# Debian packages are installed first (as root). It names no ISA: tests/CMakeLists.txt registers them.
#   scripts/test.sh            all three
#   scripts/test.sh gcc        one of them (gcc, clang or sanitize)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/setup.sh"
ctisa_ensure_packages

# The sources follow .clang-format and carry their licence line (the two scripts fix what differs).
echo "== format and licence lines"
"$root/scripts/format.sh" --check
"$root/scripts/spdx.sh" --check

# The figures worth keeping from a run (conformance counts, fuzz tallies): a test program
# FOLDER_tests records one by printing a line that starts with "FOLDER " (as "valhall conformance:
# ..."); ctest keeps every test's output in its log.
print_records() {
    local log="$1/Testing/Temporary/LastTest.log" folder
    for folder in $(sed -n 's|^[0-9]*/[0-9]* Testing: \(.*\)_tests$|\1|p' "$log"); do
        grep -h "^$folder " "$log" || true
    done
}

compilers=("$@")
[ ${#compilers[@]} -eq 0 ] && compilers=(gcc clang sanitize)
jobs=$(ctisa_jobs)

for compiler in "${compilers[@]}"; do
    flags=()
    targets=()
    label=""
    case "$compiler" in
        gcc) cxx=g++-12 ;;
        clang)  # the benchmarks unoptimised: Clang's warnings do not depend on optimisation, and
                # the GCC stage builds them as scripts/bench.sh does. The tests at -O1: optimised
                # code, a third less CPU to build than -O2 (75 -> 51 s for the largest file); the
                # GCC stage runs them vectorised at -O2
            cxx=clang++-19
            flags=(-DCTISA_BENCHMARK_CHECK_ONLY=ON -DCTISA_TEST_OPTIMIZATION=-O1) ;;
        sanitize)  # the tests labelled runtime run code (compile-fail tests and benchmarks need no sanitizer);
                   # they include the fuzz smoke tests (label fuzz: a few seconds each surface, tests/fuzz)
            cxx=clang++-19
            sanitizers="-fsanitize=address,undefined -fno-sanitize-recover=all"
            # -O0: building is this stage's cost, and the compiled-path tests' inlined kernels cost
            # twice the CPU to build at -O1 (1184 -> 561 s for the stage, 18 -> 62 s to run; peak
            # 4.8 GB a TU). The fuzz targets keep their own -O1 (CTISA_FUZZ_OPTIONS).
            flags=("-DCMAKE_CXX_FLAGS=$sanitizers -fno-omit-frame-pointer" "-DCMAKE_EXE_LINKER_FLAGS=$sanitizers"
                   "-DCMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG" -DCTISA_TEST_OPTIMIZATION=-O0
                   -DCTISA_BUILD_BENCHMARKS=OFF -DCTISA_BUILD_FUZZERS=ON)
            targets=(--target ctisa_runtime_tests)
            label=runtime ;;
        *) echo "unknown configuration '$compiler' (gcc, clang or sanitize)" >&2; exit 2 ;;
    esac
    mkdir -p "$root/build"
    build="$root/build/test-$compiler"
    echo "== $compiler: configure ($cxx)"
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release \
          -DCTISA_SHARED_DIR="$root/../shared" "${flags[@]}" > "$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
    echo "== $compiler: build"
    cmake --build "$build" -j "$jobs" "${targets[@]}"
    echo "== $compiler: test"
    (cd "$build" && ctest --output-on-failure -j "$jobs" ${label:+-L "$label"})
    print_records "$build"
done
echo "== all tests passed (${compilers[*]})"
