#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds and runs every test of ctisa with GCC 12 and with Clang 19 (-Wall -Wextra -Wpedantic
# -Werror); the Clang build runs under AddressSanitizer and UndefinedBehaviorSanitizer, with the
# libFuzzer smoke tests. On a fresh machine too: missing Debian packages are installed first (as
# root). It names no ISA: tests/CMakeLists.txt registers them.
#   scripts/test.sh            both
#   scripts/test.sh gcc        one of them (gcc, or clang; sanitize is another name for clang)
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
[ ${#compilers[@]} -eq 0 ] && compilers=(gcc clang)
jobs=$(ctisa_jobs)

for compiler in "${compilers[@]}"; do
    flags=()
    case "$compiler" in
        gcc)  # Release at -O2, the tests' level, and the tool (-O3 doubles GCC's time on the
              # largest files). The benchmarks are only checked, to hold them to GCC's warnings
              # (no test runs them; benchmarks/CMakeLists.txt says what that leaves out).
              # scripts/bench.sh builds them at -O3 for figures, and so meets the warnings that
              # only GCC's optimiser gives (-Wmaybe-uninitialized, -Warray-bounds).
            cxx=g++-12
            flags=("-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" -DCTISA_BENCHMARK_CHECK_ONLY=ON) ;;
        clang|sanitize)
            # One Clang build runs every test, under ASan and UBSan (the sanitize stage built the
            # tests a second time, for a third of CI's CPU). Unoptimised: under the sanitizers -O1
            # costs several times the CPU to build (valhall/exec_paths_test.cpp: 146 s, against
            # 59 s at -O0 and 38 s at -O1 without them: the inlined kernels' checks), and UBSan
            # sees undefined behaviour itself, where optimised code would only show its effects;
            # Clang's warnings do not depend on optimisation, and the GCC stage runs the tests
            # optimised and vectorised at -O2 (unoptimised, the kernels are not forced inline:
            # exec/lanes.hpp says why). The benchmarks are only checked, unsanitized, to
            # hold them to Clang's warnings (no test runs them); the fuzz targets keep their -O1
            # (CTISA_FUZZ_OPTIONS) and run their smoke tests (label fuzz, tests/fuzz).
            compiler=clang
            cxx=clang++-19
            flags=("-DCMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG" -DCTISA_TEST_OPTIMIZATION=-O0 -DCTISA_SANITIZE=ON
                   -DCTISA_BUILD_FUZZERS=ON -DCTISA_BENCHMARK_CHECK_ONLY=ON) ;;
        *) echo "unknown configuration '$compiler' (gcc or clang)" >&2; exit 2 ;;
    esac
    mkdir -p "$root/build"
    build="$root/build/test-$compiler"
    echo "== $compiler: configure ($cxx)"
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release \
          -DCTISA_SHARED_DIR="$root/../shared" "${flags[@]}" > "$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
    echo "== $compiler: build"
    cmake --build "$build" -j "$jobs"
    echo "== $compiler: test"
    (cd "$build" && ctest --output-on-failure -j "$jobs")
    print_records "$build"
done
echo "== all tests passed (${compilers[*]})"
