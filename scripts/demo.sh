#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job, on a fresh machine: build ctisa's tool and examples, then assemble, encode, decode
# and execute a shader and print what happened at each step.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/setup.sh"
ctisa_ensure_packages

build="$root/build/demo"
mkdir -p "$root/build"
echo "== configure and build (GCC 12, Release)"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=g++-12 -DCMAKE_BUILD_TYPE=Release \
      -DCTISA_BUILD_TESTS=OFF -DCTISA_BUILD_BENCHMARKS=OFF -DCTISA_SHARED_DIR="$root/../shared" > "$build.configure.log" 2>&1 \
      || { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j "$(ctisa_jobs)"
ctisa="$build/bin/ctisa"
shader="$root/examples/shaders/attila_lighting.asm"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo
echo "== the shader ($shader)"
grep -v '^#' "$shader"
echo
echo "== assemble and encode: ctisa asm attila (16 bytes an instruction, memory order)"
"$ctisa" asm attila "$shader" | tee "$work/shader.hex"
echo
echo "== decode and disassemble those bytes: ctisa dis attila"
"$ctisa" dis attila "$work/shader.hex" | tee "$work/shader.dis"
echo
echo "== every field of the second instruction: ctisa explain attila"
sed -n 2p "$work/shader.hex" | "$ctisa" explain attila
echo
echo "== the disassembly assembles back to the same bytes"
"$ctisa" asm attila "$work/shader.dis" | cmp - "$work/shader.hex" && echo "identical"
echo
echo "== execute it on 4 lanes of the reference executor: ctisa run attila"
cat > "$work/inputs.txt" <<'IN'
# LANE REG X Y Z W: a position (i0) and a normal (i1) per lane
0 i0 1 0 0 1
1 i0 0 2 0 1
2 i0 0 0 3 1
3 i0 1 1 1 1
* i1 0 0 1 0
3 i1 0 0 -1 0
# the identity matrix in c0-c3, the light along +z in c4, white light in c5, c6.x = 0
* c0 1 0 0 0
* c1 0 1 0 0
* c2 0 0 1 0
* c3 0 0 0 1
* c4 0 0 1 0
* c5 1 1 1 1
* c6 0 0 0 0
IN
sed 's/^/    /' "$work/inputs.txt"
echo "  gives (LANE REG X Y Z W; lane 3 faces away from the light):"
"$ctisa" run attila "$shader" --lanes 4 --inputs "$work/inputs.txt" --float | sed 's/^/    /'
echo
valhall="$root/examples/shaders/valhall_lerp.asm"
echo "== the same for Arm Mali Valhall, in Mesa's syntax ($valhall)"
grep -v '^#' "$valhall"
echo "  encodes to (ctisa asm valhall, 8 bytes an instruction):"
"$ctisa" asm valhall "$valhall" | tee "$work/valhall.hex" | sed 's/^/    /'
echo "  decodes back to the same text (ctisa dis valhall):"
"$ctisa" dis valhall "$work/valhall.hex" | diff <(grep -v '^#' "$valhall") - && echo "    identical"
cat > "$work/valhall_inputs.txt" <<'IN'
# LANE REG VALUE: r0 per lane, the uniforms u0 = 10, u1 = 20, u2 = 15 shared
0 r0 0.25
1 r0 -3.0
2 r0 0.75
3 r0 7.5
* u0 10.0
* u1 20.0
* u2 15.0
IN
echo "  run on 4 lanes with these inputs (ctisa run valhall):"
sed 's/^/    /' "$work/valhall_inputs.txt"
echo "  gives r3 (the mix), r4 (t and r3 as binary16) and r5 (LANE REG bits):"
"$ctisa" run valhall "$valhall" --lanes 4 --inputs "$work/valhall_inputs.txt" | grep -E ' r(3|4|5) ' | sed 's/^/    /'
echo
# The three languages of AMD and NVIDIA: each shader assembled, printed back from its encoding,
# and run on a few lanes (values in --float; each file says what it computes).
demo_isa() {  # ISA FILE INPUTS: show, encode, decode, run
    local isa="$1" file="$2" inputs="$3"
    echo "== $isa: $file"
    sed 's/^/    /' "$file"
    echo "  encodes to (ctisa asm $isa):"
    if [ "$isa" = nvasm ]; then  # a language of text: its encoding is the canonical text
        "$ctisa" asm "$isa" "$file" | sed 's/^/    /'
    else
        "$ctisa" asm "$isa" "$file" | tee "$work/$isa.hex" | sed 's/^/    /'
        echo "  and those bytes decode to (ctisa dis $isa):"
        "$ctisa" dis "$isa" "$work/$isa.hex" | sed 's/^/    /'
    fi
    echo "  run with these inputs (ctisa run $isa --float):"
    printf '%b' "$inputs" | tee "$work/$isa.in" | sed 's/^/    /'
    echo "  gives:"
    "$ctisa" run "$isa" "$file" --lanes 2 --inputs "$work/$isa.in" --float | sed 's/^/    /'
    echo
}
demo_isa amdil "$root/examples/shaders/amdil_select.il" '* cb0[0] 2 2 1 1\n* cb0[1] 0.5 0 0 0\n0 v0 1 2 3 4\n1 v0 3 1 0 0\n'
demo_isa nvasm "$root/examples/shaders/nvasm_scale.fp" '* program.local[0] 2 2 2 1\n0 fragment.color 0.25 0.5 0.75 1\n1 fragment.color -1 0 0 1\n'
demo_isa cayman "$root/examples/shaders/cayman_kcache.asm" '0 R1 1 2 0 0\n1 R1 3 -4 0 0\n* CB0[0] 10 100 0 0\n'
creation="$root/../shared/reference/amdil/il/il_creation.bin"
if [ -f "$creation" ]; then
    echo "== a real AMD IL binary (il_creation.bin from ../shared) decoded and run on a 4x4 block of pixels"
    for l in $(seq 0 15); do echo "$l v1 $((512 + l % 4)).5 $((400 + l / 4)).5 0 0"; done > "$work/pixels.in"
    echo "  $("$ctisa" dis amdil "$creation" --binary 2>/dev/null | wc -l) lines of IL; lanes 0 to 3 write:"
    "$ctisa" run amdil "$creation" --binary --lanes 16 --inputs "$work/pixels.in" --float | head -4 | sed 's/^/    /'
fi
echo
echo "== a typo is reported with its position"
printf 'mov r0, i0\nmov c1, r0\n' | "$ctisa" asm attila - || true
echo
echo "== a small JIT per ISA: code emitted at run time with labels, disassembled and run (examples/jit)"
"$build/bin/jit_attila" 2
for isa in valhall cayman amdil nvasm; do "$build/bin/jit_$isa" | tail -2; done
echo
echo "== a snippet assembled and checked while its file compiled"
"$build/bin/attila_static_snippet"
