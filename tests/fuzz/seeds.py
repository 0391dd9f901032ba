#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Seed inputs for one ISA's fuzz target, from the peers' data in ../shared/reference/<isa> (read
here, never copied into the project). Two kinds of reference data:
  - programs in subfolders (real binaries *.bin, listings and sources): passed to libFuzzer as they
    are, by name (the list files below), never copied;
  - test vectors, one a line at the top level (hex bytes and their text, as Mesa's assembler cases or
    ATTILA's encoding vectors): written under OUT one vector a file, and sixteen together as a program.
And, given the project's examples folder and the ctisa tool, the ISA's example programs
(EXAMPLES_DIR/<isa>_*): their text, and for an ISA of bytes what `ctisa asm` makes of it, so that
an ISA without reference programs (Cayman: tables only) still has whole valid programs to start
from; random bytes rarely make one, and its execute surface would barely run.
Also OUT/words.dict, a libFuzzer dictionary of the words of every text (register names, modifiers
such as ".sat", directives): the long runs trace no comparisons, so libFuzzer learns no words itself.
Usage: seeds.py REFERENCE_DIR OUT_DIR [EXAMPLES_DIR CTISA]   (writes OUT/bytes/, OUT/text/,
OUT/execute/, OUT/*.list, OUT/words.dict)"""
import collections
import pathlib
import re
import subprocess
import sys

HEX = re.compile(r"^(?:[0-9A-Fa-f]{2} ?){4,}$")
HEX_BYTE = re.compile(r"^[0-9A-Fa-f]{2}$")
VERDICT = re.compile(r"^[A-Z_]+$")
WORD = re.compile(r"(?:\.|(?<![0-9A-Za-z_]))[A-Za-z_][A-Za-z0-9_]*|/\*|\*/")  # (and block comments' marks)
MOST_WORDS = 2000  # the commonest; a bigger dictionary dilutes libFuzzer's picks


def dictionary(texts):
    """libFuzzer dictionary lines for the commonest words of the texts (2 to 32 characters)."""
    counts = collections.Counter(w for t in texts for w in WORD.findall(t) if 2 <= len(w) <= 32)
    return "".join(f'"{w}"\n' for w, _ in counts.most_common(MOST_WORDS))


def vector(line):
    """(bytes, text) of a vector line, or None: the bytes are the first field of hex pairs, the text the
    first other field that is neither hex nor an upper-case verdict word."""
    fields = [f.strip() for f in re.split(r"\t| {4,}", line) if f.strip()]
    raw = next((f for f in fields if HEX.match(f) and len(f.replace(" ", "")) % 2 == 0), None)
    if raw is None:
        return None
    text = next((f for f in fields if f is not raw and not HEX.match(f) and not VERDICT.match(f)), "")
    return bytes.fromhex(raw.replace(" ", "")), text


def examples(isa, folder, ctisa, pattern=None):
    """(name, text, bytes or None) of each example program of the ISA (the files of `folder` that
    match `pattern`, default ISA_*); bytes: `ctisa asm`'s hex lines, None for a language of text
    (it prints text) or a program that does not assemble."""
    for path in sorted(folder.glob(pattern or f"{isa}_*")):
        text = path.read_bytes()
        run = subprocess.run([ctisa, "asm", isa, str(path)], capture_output=True, text=True, check=False)
        lines = run.stdout.split()
        raw = bytes.fromhex("".join(lines)) if run.returncode == 0 and lines and all(HEX_BYTE.match(w) for w in lines) else None
        yield path.name, text, raw


def main(reference, out, example_folder=None, ctisa=None):
    for kind in ("bytes", "text", "execute"):
        (out / kind).mkdir(parents=True, exist_ok=True)
    vectors = []
    lists = {"bytes": [], "text": []}
    for path in sorted(reference.rglob("*")):
        if not path.is_file() or path.name == "SOURCE.txt":
            continue
        if path.parent != reference:
            lists["bytes" if path.suffix == ".bin" else "text"].append(str(path))
            continue
        for line in path.read_text(errors="replace").splitlines():
            if line.startswith("#"):
                continue
            v = vector(line)
            if v:
                vectors.append(v)
    for i, (raw, text) in enumerate(vectors):
        (out / "bytes" / f"v{i:05}").write_bytes(raw)
        (out / "text" / f"v{i:05}").write_text(text + "\n")
    for g in range(0, len(vectors), 16):
        group = vectors[g:g + 16]
        (out / "bytes" / f"p{g:05}").write_bytes(b"".join(raw for raw, _ in group))
        (out / "text" / f"p{g:05}").write_text("".join(text + "\n" for _, text in group))
        (out / "execute" / f"p{g:05}").write_bytes(bytes(8) + b"".join(raw for raw, _ in group))
    for path in lists["bytes"]:
        data = pathlib.Path(path).read_bytes()
        (out / "execute" / pathlib.Path(path).name).write_bytes(bytes(8) + data)
    for path in lists["text"]:  # a language of text runs its programs as they are
        (out / "execute" / pathlib.Path(path).name).write_bytes(bytes(8) + pathlib.Path(path).read_bytes())
    for kind, paths in lists.items():
        (out / f"{kind}.list").write_text(",".join(paths))
    example_texts = []
    if example_folder is not None:
        for name, text, raw in examples(reference.name, example_folder, ctisa):
            (out / "text" / f"e-{name}").write_bytes(text)
            (out / "execute" / f"e-{name}").write_bytes(bytes(8) + (text if raw is None else raw))
            if raw is not None:
                (out / "bytes" / f"e-{name}").write_bytes(raw)
            example_texts.append(text.decode(errors="replace"))
    # The real programs of ../shared/reference/real/<isa> (people's and vendors' tools' text): their
    # forms seed the text surfaces, and what `ctisa asm` makes of them the bytes ones.
    real = reference.parent / "real" / reference.name
    real_texts = []
    if real.is_dir():
        for name, text, raw in examples(reference.name, real, ctisa, "*") if ctisa else ((p.name, p.read_bytes(), None) for p in sorted(real.glob("*"))):
            (out / "text" / f"r-{name}").write_bytes(text)
            if raw is not None:
                (out / "bytes" / f"r-{name}").write_bytes(raw)
                (out / "execute" / f"r-{name}").write_bytes(bytes(8) + raw)
            real_texts.append(text.decode(errors="replace"))
    # The ISA's regression inputs of the text surface (tests/fuzz/regressions/<isa>/assemble): forms
    # the texts above may lack (AMD IL: chapter 7's own names of fields, /* */ comments).
    regressions = pathlib.Path(__file__).resolve().parent / "regressions" / reference.name / "assemble"
    for path in sorted(regressions.glob("*")) if regressions.is_dir() else []:
        (out / "text" / f"g-{path.name}").write_bytes(path.read_bytes())
        real_texts.append(path.read_text(errors="replace"))
    texts = example_texts + real_texts + [text for _, text in vectors] + [pathlib.Path(p).read_text(errors="replace") for p in lists["text"]]
    (out / "words.dict").write_text(dictionary(texts))
    print(f"{reference.name}: {len(vectors)} vectors, {len(lists['bytes'])} binaries, {len(lists['text'])} programs, "
          f"{len(example_texts)} examples, {len(real_texts)} real programs")


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), *(
        [pathlib.Path(sys.argv[3]), sys.argv[4]] if len(sys.argv) == 5 else []))
