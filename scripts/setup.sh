# Sourced by demo.sh and test.sh: makes sure the Debian packages ctisa builds with are present.
# As root it installs what is missing (apt-get update first); otherwise it prints the one
# apt-get line needed and stops.

ctisa_packages=(cmake ninja-build g++-12 clang-19 libclang-rt-19-dev python3 libboost-dev catch2 libbenchmark-dev)

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
