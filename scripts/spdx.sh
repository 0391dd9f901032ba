#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Puts the licence identifier at the top of every source of ctisa that lacks it:
#   // SPDX-License-Identifier: MIT    C++ (.hpp, .cpp, .h)
#   # SPDX-License-Identifier: MIT     CMake (CMakeLists.txt, .cmake, .cmake.in), Python, shell
# as the first line, or the second after a '#!' line.
#   scripts/spdx.sh            add it where it is missing
#   scripts/spdx.sh --check    change nothing; list the files without it and exit 1 if any
# Left alone: the generated headers (their banner comes from generators/ctisa_gen/emit.py, so the
# identifier belongs there, or generate.py --check fails).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

check=0
case "${1:-}" in
    --check) check=1 ;;
    "") ;;
    *) echo "usage: scripts/spdx.sh [--check]" >&2; exit 2 ;;
esac

identifier="SPDX-License-Identifier: MIT"

ctisa_sources() {
    if git -C "$root" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
        git ls-files
    else
        find . -type f -not -path './build/*' -not -path './.git/*' | sed 's|^\./||'
    fi | grep -E '(\.(hpp|cpp|h|py|sh|cmake)|CMakeLists\.txt|\.cmake\.in)$' | grep -v '/generated/' | sort
}

comment_of() {
    case "$1" in
        *.hpp | *.cpp | *.h) echo "// $identifier" ;;
        *) echo "# $identifier" ;;
    esac
}

missing=0
while IFS= read -r file; do
    head -n 2 "$file" | grep -q "$identifier" && continue
    missing=$((missing + 1))
    if [ $check -eq 1 ]; then
        echo "no SPDX line: $file"
        continue
    fi
    line=$(comment_of "$file")
    if head -n 1 "$file" | grep -q '^#!'; then
        sed -i "1a $line" "$file"      # after the interpreter line
    else
        sed -i "1i $line" "$file"
    fi
    echo "added: $file"
done < <(ctisa_sources)

if [ $check -eq 1 ] && [ $missing -gt 0 ]; then
    echo "$missing file(s) without '$identifier': run scripts/spdx.sh" >&2
    exit 1
fi
exit 0
