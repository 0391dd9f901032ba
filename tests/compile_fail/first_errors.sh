#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Prints the first error line each compiler gives for each compile-fail case:
#   tests/compile_fail/first_errors.sh [compiler...]      (default: g++-12 clang++-19)
# Run from anywhere; extra flags (e.g. -I for Boost) come from $CTISA_FLAGS.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
compilers=("$@")
[ ${#compilers[@]} -eq 0 ] && compilers=(g++-12 clang++-19)
for snippet in "$here"/*.cpp; do
    name=$(basename "$snippet")
    for n in $(sed -n 's|^// case \([0-9]*\) expect: .*|\1|p' "$snippet"); do
        for cxx in "${compilers[@]}"; do
            # shellcheck disable=SC2086
            line=$(cd "$here" && LC_ALL=C "$cxx" -std=c++20 -Wall -Wextra -Wpedantic -Werror -I"$root/include" ${CTISA_FLAGS:-} \
                   -DCTISA_CASE="$n" -fsyntax-only "$name" 2>&1 | grep -m1 -E ': (fatal )?error: ')
            echo "$name case $n, $cxx: ${line:-(no error)}"
        done
    done
done
