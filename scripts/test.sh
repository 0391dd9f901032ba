#!/usr/bin/env bash
# Builds and runs every test of ctisa with GCC 12 and with Clang 19 (-Wall -Wextra -Wpedantic
# -Werror), on a fresh machine too: missing Debian packages are installed first (as root).
#   scripts/test.sh            both compilers
#   scripts/test.sh gcc        one of them (gcc or clang)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/setup.sh"
ctisa_ensure_packages

compilers=("$@")
[ ${#compilers[@]} -eq 0 ] && compilers=(gcc clang)
jobs=$(ctisa_jobs)

for compiler in "${compilers[@]}"; do
    case "$compiler" in
        gcc) cxx=g++-12 ;;
        clang) cxx=clang++-19 ;;
        *) echo "unknown compiler '$compiler' (gcc or clang)" >&2; exit 2 ;;
    esac
    mkdir -p "$root/build"
    build="$root/build/test-$compiler"
    echo "== $compiler: configure ($cxx)"
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release \
          -DCTISA_SHARED_DIR="$root/../shared" > "$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
    echo "== $compiler: build"
    cmake --build "$build" -j "$jobs"
    echo "== $compiler: test"
    (cd "$build" && ctest --output-on-failure -j "$jobs")
    # The conformance pass counts, for the record.
    "$build/bin/attila_tests" "[conformance]" | grep "conformance:" || true
    "$build/bin/valhall_tests" | grep -E "^valhall " || true
done
echo "== all tests passed (${compilers[*]})"
