#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`ctisa doc ISA` writes a self-contained page with every opcode, field and enum of the ISA.

    isa_pages.py CTISA SOURCE_DIR SHARED_DIR

The expected names come from the ISAs' specs through the generators' own loaders (generators/ctisa_gen),
not from the page code. An ISA this file has no loader for is checked against `ctisa opcodes` and
`ctisa fields` instead.
"""
import html.parser
import pathlib
import re
import subprocess
import sys
import tomllib


def anchor(prefix, name):
    return prefix + re.sub(r"[^A-Za-z0-9_-]", "_", name)


class Page(html.parser.HTMLParser):
    """Every table cell's text with the innermost section and the table class around it."""

    def __init__(self):
        super().__init__()
        self.sections, self.tables, self.cells, self.rows = [], [], [], []
        self.cell, self.colspans, self.external, self.tags = None, None, [], set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.add(tag)
        for key in ("src", "href"):
            if key in a and not a[key].startswith("#"):
                self.external.append(f"<{tag} {key}={a[key]}>")
        if tag == "section":
            self.sections.append(a.get("id", ""))
        elif tag == "table":
            self.tables.append(a.get("class", ""))
        elif tag == "tr":
            self.colspans = [] if a.get("class") != "index" else None
        elif tag == "td":
            self.cell = ""
            if self.colspans is not None:
                self.colspans.append(int(a.get("colspan", "1")))

    def handle_endtag(self, tag):
        if tag == "section":
            self.sections.pop()
        elif tag == "table":
            self.tables.pop()
        elif tag == "tr" and self.colspans is not None and self.tables and self.tables[-1] == "bits":
            self.rows.append((self.sections[-1], sum(self.colspans)))
        elif tag == "td" and self.cell is not None:
            self.cells.append((self.sections[-1] if self.sections else "", self.tables[-1] if self.tables else "", self.cell.strip()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data

    def texts(self, section, table):
        return {t for s, c, t in self.cells if s == section and c == table}


def expected_attila(source, shared):
    sys.path.insert(0, str(source / "generators"))
    from ctisa_gen import attila
    spec = attila.load(source / "generators/specs/attila.toml")
    return {
        "opcodes": [op["mnemonic"] for op in spec["opcode"]],
        "fields": [(f["name"], fi["name"]) for f in spec["format"] for fi in f["fields"]],
        "enums": {"bank": [b["name"] for b in spec["bank"]], "form": [f["name"] for f in spec["form"]]},
        "not_executable": [],
    }


def expected_valhall(source, shared):
    sys.path.insert(0, str(source / "generators"))
    from ctisa_gen import valhall
    isa = valhall.load(shared / "seeds/valhall_ISA.xml")
    fields = [("common", n) for n, _, _ in valhall.COMMON_FIELDS]
    fields += [(ins.ident, n) for ins in isa.instructions for n, _, _ in ins.fields]
    with open(source / "generators/specs/valhall_execution.toml", "rb") as f:
        execution = tomllib.load(f)
    return {
        "opcodes": [ins.name for ins in isa.instructions],
        "fields": fields,
        "enums": {e.ident: e.names() for e in isa.enums.values()},
        "not_executable": [n["instruction"] for n in execution["not_executable"]],
    }


def expected_nvasm(source, shared):
    sys.path.insert(0, str(source / "generators"))
    from ctisa_gen import nvasm
    spec = nvasm.load(source / "generators/specs/nvasm.toml")
    decl = spec["declarations"]
    return {
        "opcodes": [i["mnemonic"] for i in spec["instructions"]["list"]],
        "fields": [],
        "enums": {"texture_target": [t["name"] for t in spec["texture_targets"]["list"]],
                  "cc_test": [c["name"] for c in spec["cc_tests"]["list"]],
                  "modifier": [m["name"] for m in spec["modifiers"]["list"]],
                  "declaration": [d["keyword"] for d in decl["list"]],
                  "variable_modifier": [v["name"] for v in decl["variable_modifiers"]]},
        "not_executable": [],
    }


def expected_amdil(source, shared):
    spec = tomllib.loads((source / "generators/specs/amdil.toml").read_text())
    tables = tomllib.loads((source / "generators/specs/amdil_tables.toml").read_text())
    codes = tomllib.loads((source / "generators/specs/amdil_execution.toml").read_text())["codes"]
    enumerators = {row[0]: row[1] for row in tables["opcodes"]}
    fields = [(t["name"], f["name"]) for t in spec["token"] for f in t["fields"]]
    fields += [(enumerators[row[0]], row[1]) for row in tables["control"]]
    return {
        "opcodes": [row[2] for row in tables["opcodes"]],
        "fields": fields,
        "enums": {e["name"]: [m[0] for m in e["members"]] for e in tables["enum"]},
        # The page marks a code executable when the document gives its operands (amdil_tables.toml's
        # destination count, -1 where it does not) and amdil_execution.toml [codes] does not list it.
        "not_executable": [row[2] for row in tables["opcodes"] if row[6] < 0 or row[2] in codes["not_executable"]],
    }


def expected_cayman(source, shared):
    sys.path.insert(0, str(source / "generators"))
    from ctisa_gen import cayman
    spec = cayman.load(source / "generators/specs/cayman.toml")
    return {
        "opcodes": [op[0] for cat in spec["category"] for op in cat["ops"]],
        "fields": [(f["name"], fi["name"]) for f in spec["format"] for fi in f["fields"]],
        "enums": {e["name"]: [v[1] for v in e["values"]] for e in spec["enum"]},
        # The page marks each opcode from exec::not_executed (status.hpp), which cayman_tests checks
        # against what the executor refuses; the spec keeps no list of its own: not checked here.
        "not_executable": None,
    }


def expected_from_tool(ctisa, name):
    run = lambda *a: subprocess.run([ctisa, *a, name], capture_output=True, text=True, check=True).stdout.splitlines()
    return {
        "opcodes": [line.split("\t")[0] for line in run("opcodes")],
        "fields": [tuple(line.split("\t")[:2]) for line in run("fields")],
        "enums": {},
        "not_executable": None,
    }


LOADERS = {
    "amdil": expected_amdil,
    "attila": expected_attila,
    "cayman": expected_cayman,
    "nvasm": expected_nvasm,
    "valhall": expected_valhall,
}


def check(ctisa, name, expected):
    result = subprocess.run([ctisa, "doc", name], capture_output=True, text=True)
    if result.returncode != 0:
        return [f"ctisa doc {name} failed: {result.stderr}"]
    page = Page()
    page.feed(result.stdout)
    problems = [f"not self-contained: {e}" for e in page.external]
    problems += [f"{t} element" for t in ("script", "link", "img", "iframe") if t in page.tags]
    opcodes = page.texts("opcodes", "opcodes")
    problems += [f"opcode {m} missing from the opcode table" for m in expected["opcodes"] if m not in opcodes]
    for fmt, field in expected["fields"]:
        section = anchor("format-", fmt)
        if field not in page.texts(section, "fields"):
            problems.append(f"field {fmt}.{field} missing from its table")
        if field not in page.texts(section, "bits"):
            problems.append(f"field {fmt}.{field} missing from its bit diagram")
    problems += [f"a diagram row of {s} spans {n} bits, not 32" for s, n in page.rows if n != 32]
    for enum, names in expected["enums"].items():
        values = page.texts(anchor("enum-", enum), "values")
        problems += [f"enum {enum} value {v} missing" for v in names if v not in values]
    if expected["not_executable"] is not None:
        cells = [t for s, c, t in page.cells if c == "instructions"]  # five a row
        table = [cells[i:i + 5] for i in range(0, len(cells), 5)]
        listed = {row[0] for row in table}
        problems += [f"instruction {m} missing from the instruction table" for m in expected["opcodes"] if m not in listed]
        refused = sorted(row[0] for row in table if row[4].startswith("not executable"))
        if refused != sorted(expected["not_executable"]):
            problems.append(f"not executable: the page says {refused}, the spec {sorted(expected['not_executable'])}")
        problems += [f"instruction {row[0]} has no syntax" for row in table if row[0] not in row[1]]
    print(f"ctisa doc {name}: {len(expected['opcodes'])} opcodes, {len(expected['fields'])} fields, "
          f"{sum(len(v) for v in expected['enums'].values())} enum values checked; {len(problems)} problems")
    return problems


def main(ctisa, source, shared):
    source, shared = pathlib.Path(source), pathlib.Path(shared)
    isas = subprocess.run([ctisa, "isas"], capture_output=True, text=True, check=True).stdout.split()
    problems = []
    for name in isas:
        expected = LOADERS[name](source, shared) if name in LOADERS else expected_from_tool(ctisa, name)
        problems += [f"{name}: {p}" for p in check(ctisa, name, expected)]
    for p in problems[:50]:
        print(p)
    return 1 if problems or not isas else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
