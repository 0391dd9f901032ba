#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes include/ctisa/<isa>/generated/*.hpp from each ISA's spec (Python 3 standard library only).

    generators/generate.py [ISA ...] [--spec ISA=PATH] [--check]

With no ISA, every ISA is generated. --check writes nothing and exits 1 when a committed header differs
from what the spec gives (the regeneration test runs this).
"""

import argparse
import importlib
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from ctisa_gen import emit  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent

# One line an ISA: name (its generator is ctisa_gen/<name>.py) -> default spec path relative to the
# repository, which is also the label written into the generated headers' banner.
ISAS = {
    "amdil": "generators/specs/amdil.toml",
    "attila": "generators/specs/attila.toml",
    "cayman": "generators/specs/cayman.toml",
    "nvasm": "generators/specs/nvasm.toml",
    "valhall": "../shared/seeds/valhall_ISA.xml",
}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("isas", nargs="*", choices=[[]] + sorted(ISAS), help="ISAs to generate (default: all)")
    parser.add_argument("--spec", action="append", default=[], metavar="ISA=PATH", help="read ISA's spec from PATH")
    parser.add_argument("--check", action="store_true", help="compare with the committed headers, write nothing")
    args = parser.parse_args(argv)

    overrides = {}
    for item in args.spec:
        name, _, path = item.partition("=")
        if name not in ISAS or not path:
            parser.error(f"--spec wants ISA=PATH with ISA one of {sorted(ISAS)}")
        overrides[name] = pathlib.Path(path)

    differ = []
    for name in args.isas or sorted(ISAS):
        module = importlib.import_module(f"ctisa_gen.{name}")
        label = ISAS[name]
        spec_path = overrides.get(name, ROOT / label)
        out_dir = ROOT / "include" / "ctisa" / name / "generated"
        for path, text in module.generate(spec_path, label, out_dir).items():
            if emit.write_if_changed(path, text, args.check):
                differ.append(path)
    if args.check and differ:
        for path in differ:
            print(f"out of date: {pathlib.Path(path).relative_to(ROOT)} (run generators/generate.py)", file=sys.stderr)
        return 1
    if not args.check:
        for path in differ:
            print(f"wrote {pathlib.Path(path).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
