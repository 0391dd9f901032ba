#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Formats ctisa's C++ sources with clang-format 19 and the repository's .clang-format.
#   scripts/format.sh            rewrite the files that differ, in place
#   scripts/format.sh --check    change nothing; list the files that differ and exit 1 if any does
# Left alone: the generated headers (generators/generate.py writes them; its --check test keeps
# them as generated) and the compile-fail snippets (their layout is part of what they test).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

check=0
case "${1:-}" in
    --check) check=1 ;;
    "") ;;
    *) echo "usage: scripts/format.sh [--check]" >&2; exit 2 ;;
esac

format=clang-format-19
if ! command -v "$format" > /dev/null; then
    echo "scripts/format.sh needs clang-format 19; run as root:  apt-get install -y --no-install-recommends clang-format-19" >&2
    exit 1
fi

ctisa_sources() {
    if git -C "$root" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
        git ls-files -- include tests examples benchmarks
    else
        find include tests examples benchmarks -type f
    fi | grep -E '\.(hpp|cpp|h)$' | grep -v '/generated/' | grep -v '^tests/compile_fail/' | sort
}

differ=0
while IFS= read -r file; do
    if ! "$format" --style=file "$file" | cmp -s - "$file"; then
        differ=$((differ + 1))
        if [ $check -eq 1 ]; then
            echo "not formatted: $file"
        else
            "$format" --style=file -i "$file"
            echo "formatted: $file"
        fi
    fi
done < <(ctisa_sources)

if [ $check -eq 1 ] && [ $differ -gt 0 ]; then
    echo "$differ file(s) differ from .clang-format: run scripts/format.sh" >&2
    exit 1
fi
exit 0
