# SPDX-License-Identifier: MIT
# Sourced by demo.sh and test.sh: makes sure the Debian packages ctisa builds with are present.
# As root it installs what is missing (apt-get update first); otherwise it prints the one
# apt-get line needed and stops.

# Each package, and why (checked against the base image's package list: the first five are on a
# new Debian 12 machine already, the last four are not; all are named so that a thinner image works):
#   cmake, ninja-build   the build, ctest, and the consumer and compile-fail tests (cmake -P)
#   g++-12               the GCC build (and libstdc++ 12 for both compilers)
#   python3              the generator (3.11: tomllib) and its --check test
#   libbenchmark-dev     the benchmarks (find_package(benchmark))
#   clang-19             the Clang and sanitizer builds
#   libclang-rt-19-dev   ASan/UBSan and libFuzzer runtimes; only a Recommends of clang-19, which
#                        --no-install-recommends skips
#   catch2               Catch2 v2 (2.13) and its CMake package
#   clang-format-19      scripts/format.sh (the code style in .clang-format); not on the base image
# libFuzzer (-fsanitize=fuzzer: scripts/fuzz.sh and the fuzz smoke tests) is libclang-rt-19-dev's
# libclang_rt.fuzzer, as `clang++-19 -fsanitize=fuzzer -###` shows; libfuzzer-19-dev's separate
# libFuzzer.a is linked by nothing here.
# The shell scripts (scripts/, tests/cli/) use only bash, coreutils, grep, sed and diffutils
# (cmp, diff): Essential packages of every Debian system.
ctisa_packages=(cmake ninja-build g++-12 python3 libbenchmark-dev clang-19 libclang-rt-19-dev catch2 clang-format-19)

ctisa_ensure_packages() {
    local missing=()
    local p
    for p in "${ctisa_packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local line="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
    local as_root=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo > /dev/null && sudo -n true 2> /dev/null; then
            as_root=(sudo -n)  # passwordless sudo, as on many CI runners
        else
            echo "ctisa needs these Debian packages: ${missing[*]}" >&2
            echo "run as root:  $line" >&2
            exit 1
        fi
    fi
    echo "== installing ${missing[*]}"
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

ctisa_jobs() {
    nproc 2>/dev/null || echo 2
}
