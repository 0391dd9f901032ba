#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every C++ block of README.md compiles as pasted (warnings are errors, but a tour may leave a
value unused): a block with its own main() as it stands, any other with its #include,
namespace-alias and using lines at file scope and the rest inside main().

    readme_examples.py README CXX INCLUDE_DIR...
"""
import pathlib
import re
import subprocess
import sys
import tempfile


def as_program(block):
    if re.search(r"\bint main\(", block):
        return block
    top = [l for l in block.splitlines() if l.startswith(("#include", "using namespace")) or re.match(r"namespace \w+ = ", l)]
    rest = [l for l in block.splitlines() if l not in top]
    return "\n".join(top) + "\nint main() {\n" + "\n".join(rest) + "\n}\n"


def main(readme, cxx, *includes):
    blocks = re.findall(r"```cpp\n(.*?)```", pathlib.Path(readme).read_text(), re.S)
    failed = 0
    with tempfile.TemporaryDirectory() as work:
        for n, block in enumerate(blocks, 1):
            source = pathlib.Path(work) / f"block_{n}.cpp"
            source.write_text(as_program(block))
            command = [cxx, "-std=c++20", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-Wno-unused-variable", "-Wno-unused-but-set-variable", "-fsyntax-only", str(source)]
            command += [f"-I{d}" for d in includes]
            result = subprocess.run(command, capture_output=True, text=True)
            print(f"README C++ block {n}: {'compiles' if result.returncode == 0 else 'does not compile'}")
            if result.returncode != 0:
                failed += 1
                print(result.stderr)
    return 1 if failed or not blocks else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
