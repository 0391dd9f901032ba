# SPDX-License-Identifier: MIT
# Sourced by the CLI tests: a scratch folder ($work) and check NAME EXPECTED ACTUAL, counting
# failures; finish prints the count and exits non-zero when any check failed.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
check() {
    if [ "$2" != "$3" ]; then
        echo "FAIL $1"
        echo "  expected: $2"
        echo "  actual:   $3"
        failures=$((failures + 1))
    else
        echo "ok   $1"
    fi
}
finish() {  # finish WHAT
    if [ "$failures" -ne 0 ]; then
        echo "$failures failures"
        exit 1
    fi
    echo "all $1 checks passed"
}
