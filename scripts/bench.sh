#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the benchmarks (GCC 12, -O3, for this machine's CPU) and runs them: Google Benchmark's
# console output and a ratio summary on the terminal, JSON in build/bench/<name>.json.
#   scripts/bench.sh [extra Google Benchmark flags, e.g. --benchmark_filter=mad]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/setup.sh"
ctisa_ensure_packages

build="$root/build/bench"
mkdir -p "$build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=g++-12 -DCMAKE_BUILD_TYPE=Release \
      -DCTISA_BUILD_TESTS=OFF -DCTISA_BUILD_EXAMPLES=OFF -DCTISA_BUILD_BENCHMARKS=ON \
      -DCTISA_SHARED_DIR="$root/../shared" > "$build/configure.log" 2>&1 || { cat "$build/configure.log"; exit 1; }
cmake --build "$build" -j "$(ctisa_jobs)"
for bench in "$build"/bin/*_bench; do
    name=$(basename "$bench")
    echo "== $name"
    "$bench" --benchmark_out="$build/$name.json" --benchmark_out_format=json "$@"
done
