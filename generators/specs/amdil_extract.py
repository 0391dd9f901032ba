#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes generators/specs/amdil_tables.toml: the AMD IL enumerations and opcodes read out of the seed.

    generators/specs/amdil_extract.py [--seed PATH] [--reference DIR] [--check]

The seed (AMD IL reference 2.4, a PDF-to-text conversion) is damaged: Appendix B, the enumeration
order that gives every binary code, drops entries and misreads names, and chapter 7 mangles its
headings. This program reads what it can and applies the corrections written, with their evidence,
in generators/specs/amdil.toml ([[opcode_edit]], [[enum_edit]], [[operands]], [[mnemonic]]). It then
checks the result against the real binaries in the reference folder (every packet's opcode must
name the instruction the accompanying disassembly prints) and stops on any disagreement.

The output is committed; generators/ctisa_gen/amdil.py reads it with amdil.toml, and generators/generate.py
rewrites it (or, with --check, fails when it is out of date) through build_tables(). --check here
compares instead of writing.
"""

import argparse
import csv
import pathlib
import re
import struct
import sys
import tomllib

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SEED = ROOT / "../shared/seeds/000_ad105e733e076148.txt"
REFERENCE = ROOT / "../shared/reference/amdil"

# A name as the conversion prints it: IL_OP_X or IL_DCL_X, with spaces where underscores were lost.
NAME = re.compile(r"IL[ _](?:OP|DCL)(?:[ _](?!IL[ _](?:OP|DCL))[A-Z0-9]+)+")
MEMBER = re.compile(r"\bIL[ _](?:[A-Z0-9]+[ _])*[A-Z0-9]+\b(?:\s*=\s*(0x[0-9a-fA-F]+|\d+))?")
WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4}


def squash(name):
    return re.sub(r"[ _]+", "_", name.strip())


def appendix_b(lines, spec):
    """(opcode names in seed order, {enum: [(member, value)]}) from Appendix B."""
    start = next(i for i, l in enumerate(lines) if l.startswith("Appendix B IL Enumerations Sequence"))
    end = next(i for i, l in enumerate(lines) if l.startswith("Appendix C ASIC"))
    enums, current, opcodes = {}, None, []
    for number in range(start, end):
        line = lines[number]
        m = re.match(r"\s*enum\s+(.*?)\s*$", line)
        if m:
            current = squash(m.group(1))
            enums[current] = {"line": number + 1, "members": []}
            continue
        if current is None or line.strip().startswith("#"):
            continue
        code = re.sub(r"/\*.*?\*/", "", line.split("//")[0])
        code = re.sub(r"\\texttt\{|\\tt|[{}]", "", code)
        if current == "ILOpCode":
            opcodes += [squash(m.group(0)) for m in NAME.finditer(line)]
            if "IL OP LAST" in line or "IL_OP_LAST" in line:
                current = None
            continue
        for m in MEMBER.finditer(code):
            enums[current]["members"].append((squash(m.group(0).split("=")[0]), m.group(1)))
    del enums["ILOpCode"]
    return opcodes, enums


def apply_opcode_edits(seed_names, edits):
    names = list(seed_names)
    for edit in edits:
        hits = [i for i, n in enumerate(names) if n == edit["at"]]
        occurrence = edit.get("occurrence", 0)
        if len(hits) <= occurrence:
            sys.exit(f"opcode_edit: {edit['at']} (occurrence {occurrence}) not in Appendix B")
        i = hits[occurrence]
        if edit["op"] == "insert_after":
            names[i + 1:i + 1] = edit["names"]
        elif edit["op"] == "replace":
            names[i:i + 1] = edit["names"]
        else:
            sys.exit(f"opcode_edit: unknown op {edit['op']}")
    if names[-1] != "IL_OP_LAST":
        sys.exit("Appendix B's opcode enumeration must end with IL_OP_LAST")
    return names


def apply_enum_edits(enums, edits):
    out = {}
    for name, body in enums.items():
        members = list(body["members"])
        for edit in (e for e in edits if e["enum"] == name):
            if "members" in edit:
                members = [(m, None) for m in edit["members"]]
            for wrong, right in edit.get("rename", {}).items():
                members = [(right if m == wrong else m, v) for m, v in members]
            for before, inserted in edit.get("insert_after", {}).items():
                at = next(i for i, (m, _) in enumerate(members) if m == before)
                members.insert(at + 1, (inserted, None))
            for dropped in edit.get("drop_repeat", []):
                first = next(i for i, (m, _) in enumerate(members) if m == dropped)
                members = members[:first + 1] + [x for x in members[first + 1:] if x[0] != dropped]
        value, valued = -1, []
        for member, given in members:
            value = int(given, 0) if given else value + 1
            valued.append((member, value))
        out[name] = {"line": body["line"], "members": valued}
    return out


def enum_text_syntax(lines):
    """{member: text} from chapter 6's 'Enumeration / Text Syntax / Description' tables (_relop(eq))."""
    start = next(i for i, l in enumerate(lines) if l.startswith("Chapter 6 Enumerated Types"))
    end = next(i for i, l in enumerate(lines) if l.startswith("Chapter 7 Instructions"))
    out = {}
    for line in lines[start:end]:
        m = re.match(r"^(IL_[A-Z0-9_ ]+?)\s*\t\s*(_[^\t]*)", line)
        if not m:
            continue
        text = re.sub(r"</[^>]*>|<[ibu]>|\$", "", m.group(2))  # keep placeholders such as <comp>
        text = re.sub(r"\s+where\s.*$", "", text)  # '_<comp>(0) where <comp> is x, y, z, or w'
        out[m.group(1).replace(" ", "")] = re.sub(r"\s+", "", text)
    return out


def control_enum(description, enum_names):
    """The enumeration a control field's description names (ILZeroOp, relop(op), ...), or ''."""
    squashed = re.sub(r"[^a-z]", "", description.lower())
    for keyword, enum in (("relop", "ILRelOp"), ("zeroop", "ILZeroOp"), ("ilimportusage", "ILImportUsage"),
                          ("ilinterpmode", "ILInterpMode"), ("ilpixtexusage", "ILPixTexUsage"),
                          ("iltexcoordmode", "ILTexCoordMode"), ("iltopologytype", "IL_TOPOLOGY"),
                          ("iltsdomain", "ILTsDomain"), ("iltspartition", "ILTsPartition"),
                          ("iltsoutputprimitive", "ILTsOutputPrimitive"), ("ilimportcomponent", "ILImportComponent"),
                          ("ilnoisetype", "ILNoiseType"), ("ilmatrix", "ILMatrix"), ("ilcmpval", "ILCmpVal"),
                          ("ildefaultval", "ILDefaultVal"), ("iltexshadowmode", "ILTexShadowMode"),
                          ("iloutputtopology", "IL_OUTPUT_TOPOLOGY"), ("logicop", "ILLogicOp"),
                          ("illoadstoredatasize", "IL_LOAD_STORE_DATA_SIZE"), ("oftypeuavread", "IL_UAV_READ_TYPE")):
        if keyword in squashed:
            return enum if enum in enum_names else ""
    return ""


ENUM_KEYWORDS = {"ILRelOp": "relop", "ILZeroOp": "zeroop", "ILImportUsage": "usage", "IL_TOPOLOGY": "prim_type",
                 "ILPixTexUsage": "type", "ILCmpVal": "cmpval", "ILMatrix": "matrix", "ILTexShadowMode": "shadowmode",
                 "ILImportComponent": "import", "ILInterpMode": "interp", "ILTsDomain": "domain",
                 "ILTsPartition": "partition", "ILTsOutputPrimitive": "output_primitive", "ILNoiseType": "type",
                 "IL_OUTPUT_TOPOLOGY": "topology", "ILDefaultVal": "default"}


def control_name(description, enum, spec):
    """A name (and enumeration) for a field chapter 7 calls only 'control' (amdil.toml [[control_name]])."""
    for rule in spec.get("control_name", []):
        if rule["pattern"] in description:
            return rule["name"], rule.get("enum", enum)
    return (ENUM_KEYWORDS.get(enum, "control"), enum)


def chapter7_entries(lines):
    """Chapter-7 instruction entries: (section title, first line, text lines)."""
    start = next(i for i, l in enumerate(lines) if l.startswith("7.3 Prefix Instruction"))
    end = next(i for i, l in enumerate(lines) if l.startswith("Appendix A Shadow"))
    section, entries, current = None, [], None
    for number in range(start, end):
        line = lines[number]
        m = re.match(r"^7\.\d+ (.*)$", line)
        if m:
            section = m.group(1).strip()
            current = {"section": section, "line": number + 1, "head": "", "text": []}
            entries.append(current)  # a section's preamble (the prefix, BUFINFO) is an entry too
            continue
        m = re.match(r"Inst\s*ructions", line)  # LOD's heading is split: 'Inst<TAB>ructions<TAB>LOI'
        if m and not line[m.end():].strip() and current and current["head"].strip() and not "".join(current["text"][1:]).strip():
            m = None  # DCLPIN's heading is followed by a second, bare 'Instructions' line: the same entry
        if m:
            current = {"section": section, "line": number + 1, "head": line[m.end():], "text": []}
            entries.append(current)
        current["text"].append(line)
    return entries


def group_name(section):
    return re.sub(r" (Instructions|Instruction|Operations)$", "", section)


def key(name):
    name = name.upper().replace(" ", "_").replace("\t", "_")
    for prefix in ("IL_OP_DCL_", "IL_DCL_"):
        if name.startswith(prefix):
            return "DCL" + name[len(prefix):].replace("_", "")
    return re.sub(r"^IL_OP_", "", name).replace("_", "")


def match_entries(entries, names, mnemonics, spec):
    """For every opcode name, the first chapter-7 entry that documents it."""
    index = {}
    for n in names:
        index.setdefault(key(n), n)
        if n in mnemonics:
            index.setdefault(key(mnemonics[n]), n)
    for alias in spec.get("chapter7_alias", []):
        index[key(alias["heading"])] = alias["name"]
    found = {}
    for entry in entries:
        text = "\n".join(entry["text"])
        candidates = [squash(m.group(0)) for m in NAME.finditer(text)]
        head = entry["head"].split("Syntax")[0]
        candidates += [w.strip() for w in re.split(r"[,\t]+", head) if w.strip()]
        for m in re.finditer(r"Syntax\s+([a-z][a-z0-9_ ]*?)(?:[_ ](?:id|resource|sampler|stage|ieee|relop)\b|\(|\s+(?:dst|src)|,|\s*$)",
                             text, re.M):
            candidates.append(m.group(1).strip().replace(" ", "_"))
        ops = set()
        for c in candidates:
            parts = c.upper().replace(" ", "_").split("_")
            while parts:  # drop OCR debris glued to the end of a name (IL_OP_SQRT_M, IL_OP_UAV_MAX_1)
                k = key("_".join(parts))
                if k in index:
                    ops.add(index[k])
                    break
                if len(parts) > 1 and len(parts[-1]) <= 2:
                    parts = parts[:-1]
                else:
                    break
        entry["ops"] = sorted(ops)
        for op in sorted(ops):
            found.setdefault(op, entry)
    return found


def entry_operands(entry):
    """(dst, src) from an entry's 'Format N-input, M-output' line; dst 1 when the syntax names dst."""
    text = "\n".join(entry["text"])
    m = re.search(r"(\d+|zero|one|two|three|four)[- ]inputs?[, ]*(?:(\d+)[- ]output)?", text, re.I)
    if not m:
        return None
    src = int(WORDS.get(m.group(1).lower(), m.group(1)))
    if m.group(2) is not None:
        dst = int(m.group(2))
    else:
        syntax = re.search(r"Syntax(.*)", text)
        dst = 1 if syntax and re.search(r"\bdst\b", syntax.group(1)) else 0
    return dst, src


SKIP_FIELDS = {"code", "sec_modifier_present", "pri_modifier_present", "reserved", "field_name"}


def control_fields(entry):
    """The opcode token's control fields an entry's table gives, in the token's own bit numbering.

    A row is 'name <tab> bits <tab> description'. Rows with bits below 16 belong to another token or
    number the control field from 0 (dcl_global_flags); they are left to amdil.toml. None when the rows
    overlap or leave the control field (a damaged table)."""
    fields = []
    for line in entry["text"]:
        cells = [c.strip() for c in line.split("\t") if c.strip()]
        if cells and re.match(r"[2-9]\s", cells[0]):
            break  # '2 IL_Src token ...': the rows that follow describe later tokens
        if cells and re.fullmatch(r"[1-9]", cells[0]):
            if cells[0] != "1":
                break  # token 2 and later
            cells = cells[1:]
        if len(cells) < 2:
            continue
        name = re.sub(r"<[^>]*>", "", cells[0]).strip().lower().replace(" ", "_").replace("conrtrol", "control")
        m = re.fullmatch(r"(\d+)(?::(\d+))?", cells[1])
        if not m or not re.fullmatch(r"_?[a-z][a-z0-9_]*", name) or name in SKIP_FIELDS \
                or re.match(r"(pri|sec)_modifier|(control_)?reserved|register_|remaining", name):
            continue
        msb = int(m.group(1))
        lsb = int(m.group(2)) if m.group(2) else msb
        description = " ".join(cells[2:])
        if lsb < 16 or msb > 31 or msb < lsb:
            continue
        if name == "control" and (description.startswith("Must be") or re.sub(r"\s", "", description).startswith("FieldName")
                                  or "zero" in description.lower()[:20]):
            continue
        fields.append((name.lstrip("_"), lsb, msb, description[:120]))
    bits = [0] * 32
    for _, lsb, msb, _ in fields:
        for b in range(lsb, msb + 1):
            bits[b] += 1
    return fields if all(b <= 1 for b in bits) else None


def read_peer_mnemonics(reference):
    out = {}
    with open(reference / "mesa_llvm_amdil_backend_ILOpCode.csv") as f:
        for row in csv.reader(l for l in f if not l.startswith("#")):
            if row[0] != "def_name":
                out[row[0]] = row[2]
    return out


def base_mnemonic(text):
    """AMD's text appends control settings to the mnemonic (mad_ieee, div_zeroop(infinity)): drop them."""
    text = re.sub(r"\(.*$", "", text)
    text = re.sub(r"_zeroop$", "", text)
    return re.sub(r"_(ieee|nrm4|lds_memory)$", "", text)


def derived_mnemonic(name):
    m = re.sub(r"^IL_(OP_)?", "", name).lower()
    m = m.replace("_2_", "2")  # f_2_d -> f2d, as AMD writes conversions
    return re.sub(r"^(i|u|d|i64|u64)_", r"\1", m)


def binary_evidence(reference, by_code, operands):
    """Walks every packet of every il/*.bin with the operand counts; returns {code: uses} after checking
    that the .txt line of each packet starts with the mnemonic of the code the binary carries."""
    uses = {}
    for path in sorted((reference / "il").glob("*.bin")):
        data = path.read_bytes()
        words = struct.unpack(f"<{len(data) // 4}I", data)
        text = [l.strip() for l in (path.with_suffix(".txt")).read_text().splitlines() if l.strip()]
        lines = iter(text[2:])  # the language and version lines
        i = 2
        while i < len(words):
            code = words[i] & 0xFFFF
            i += 1 + (words[i] >> 31) + ((words[i] >> 30) & 1)
            name, mnemonic = by_code.get(code, (None, None))
            if name is None or name not in operands:
                sys.exit(f"{path.name}: dword {i}: code {code} has no operand layout")
            dst, src, extra = operands[name]
            for _ in range(dst + src):
                i = skip_operand(words, i)
            i += extra
            line = next(lines)
            word = line.split()[0].rstrip(",")
            if not word.startswith(mnemonic):
                sys.exit(f"{path.name}: code {code} is {name} ({mnemonic}) but the disassembly says {line!r}")
            uses[code] = uses.get(code, 0) + 1
        if i != len(words):
            sys.exit(f"{path.name}: packets end at dword {i} of {len(words)}")
    return uses


def skip_operand(words, i):
    token = words[i]
    i += 1 + (token >> 31) + ((token >> 22) & 1)
    relative = (token >> 23) & 3
    if relative == 1:
        i += 1
    elif relative == 2:
        i = skip_operand(words, i)
    i += (token >> 26) & 1
    if (token >> 25) & 1:
        i = skip_operand(words, i)
    return i


def toml_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build_tables(spec_path=HERE / "amdil.toml", seed=SEED, reference=REFERENCE):
    """The text of amdil_tables.toml, and a one-line summary."""
    spec = tomllib.loads(pathlib.Path(spec_path).read_text())
    lines = pathlib.Path(seed).read_text().split("\n")
    seed_opcodes, raw_enums = appendix_b(lines, spec)
    names = apply_opcode_edits(seed_opcodes, spec["opcode_edit"])
    codes = names[:-1]  # IL_OP_LAST dimensions the enumeration
    enums = apply_enum_edits(raw_enums, spec.get("enum_edit", []))
    for extra in spec.get("enum_extra", []):  # chapter-6 enumerations Appendix B does not list, after its own
        heading = f"Table {extra['section']} {extra['name']}"
        line = next(i for i, l in enumerate(lines) if l.startswith(heading)) + 1
        enums[extra["name"]] = {"line": line, "members": [(m, v) for v, m in enumerate(extra["members"])], "section": extra["section"]}

    peer = read_peer_mnemonics(reference)
    overrides = {m["name"]: m["text"] for m in spec.get("mnemonic", [])}
    entries = chapter7_entries(lines)
    mnemonics = {}
    for n in codes:
        if n in overrides:
            mnemonics[n] = (overrides[n], "amdil.toml")
        elif n in peer:
            mnemonics[n] = (base_mnemonic(peer[n]), "llvm")
        else:
            mnemonics[n] = (derived_mnemonic(n), "derived")
    documented = match_entries(entries, codes, {n: m for n, (m, _) in mnemonics.items()}, spec)
    for extra in spec.get("chapter7_extra", []):
        documented[extra["name"]] = next(e for e in entries if e["line"] == extra["line"])

    given = {o["name"]: o for o in spec.get("operands", [])}
    operands, provenance = {}, {}
    for n in codes:
        if n in given:
            o = given[n]
            operands[n] = (o["dst"], o["src"], o.get("extra", 0))
            provenance[n] = o.get("from", "amdil.toml")
        elif n in documented and entry_operands(documented[n]):
            operands[n] = entry_operands(documented[n]) + (0,)
            provenance[n] = "chapter 7"
    by_code = {code: (n, mnemonics[n][0]) for code, n in enumerate(codes)}
    uses = binary_evidence(reference, by_code, operands)

    out = [
        "# DO NOT EDIT: written by generators/specs/amdil_extract.py from the seed and generators/specs/amdil.toml.",
        "# Every decision behind these rows is in amdil.toml; this file only holds their result.",
        "",
        f"seed_appendix_b_entries = {len(seed_opcodes)}  # IL_OP_UNKNOWN .. IL_OP_LAST as the damaged conversion lists them",
        f"opcode_codes = {len(codes)}",
        f"chapter7_documented = {sum(1 for n in codes if n in documented)}",
        f"binary_confirmed = {len(uses)}  # codes the real binaries carry, each checked against their disassembly",
        "",
        "# code, enumerator, mnemonic (source), chapter-7 group, seed line of its entry (0: none),",
        "# dst, src, extra dwords (-1: not described), where the operand counts come from, uses in il/*.bin",
        "opcodes = [",
    ]
    for code, n in enumerate(codes):
        mnemonic, source = mnemonics[n]
        entry = documented.get(n)
        group = group_name(entry["section"]) if entry else ""
        line = entry["line"] if entry else 0
        dst, src, extra = operands.get(n, (-1, -1, -1))
        out.append(f"  [{code}, {toml_string(n)}, {toml_string(mnemonic)}, {toml_string(source)}, {toml_string(group)}, "
                   f"{line}, {dst}, {src}, {extra}, {toml_string(provenance.get(n, ''))}, {uses.get(code, 0)}],")
    out.append("]")
    out.append("")
    out.append("# Control fields of the opcode token as chapter 7's tables give them: code, field, lsb, msb,")
    out.append("# the enumeration its values come from ('' none found; '!flag': a one-bit flag written _name), description.")
    out.append("# Codes whose entry's table overlaps itself are listed in control_unreadable instead.")
    out.append("control = [")
    unreadable = []
    given_control = {c["name"]: c for c in spec.get("control", [])}
    for code, n in enumerate(codes):
        if n in given_control:
            # amdil.toml names the enumeration itself (or none): '-' stops the guess below.
            fields = [(f["name"], f["lsb"], f["msb"], ("!flag" if f.get("flag") else f.get("enum", "-")) + "\0" + f["description"])
                      for f in given_control[n]["fields"]]
        elif n in documented:
            fields = control_fields(documented[n])
            if fields is None:
                unreadable.append(n)
                continue
        else:
            fields = []
        if not fields:  # a memory instruction whose id field the table lost (amdil.toml [[id_field]])
            rule = next((r for r in spec.get("id_field", []) if any(n.startswith(p) for p in r["prefixes"])
                         and not any(n == x for x in r.get("except", []))), None)
            if rule is None:
                continue
            fields = [("id", rule["lsb"], rule["msb"], "-\0Resource ID (amdil.toml [[id_field]])")]
        for name, lsb, msb, description in fields:
            enum, _, description = description.rpartition("\0")
            enum = "" if enum == "-" else enum or control_enum(description, enums)
            if name == "control":
                name, enum = control_name(description, enum, spec)
            out.append(f"  [{code}, {toml_string(name)}, {lsb}, {msb}, {toml_string(enum)}, {toml_string(description)}],")
    out.append("]")
    out.append("control_unreadable = [" + ", ".join(toml_string(n) for n in unreadable if n not in given_control) + "]")
    out.append("# Codes whose opcode-token bits 30-31 are control bits, not the modifier-present flags (amdil.toml).")
    out.append("modifier_bits_are_control = [" + ", ".join(str(codes.index(n)) for n, c in given_control.items()
                                                         if c.get("modifier_bits_are_control")) + "]")
    out.append("")
    texts = enum_text_syntax(lines)
    for given in spec.get("enum_text", []):  # texts chapter 6 does not give (amdil.toml [[enum_text]])
        texts.update(given["texts"])
    for name, body in enums.items():
        out.append("[[enum]]")
        out.append(f"name = {toml_string(name)}")
        out.append(f"seed_line = {body['line']}")
        if "section" in body:
            out.append(f"section = {toml_string(body['section'])}  # chapter 6 only, not in Appendix B (amdil.toml [[enum_extra]])")
        out.append("# member, value, text syntax from chapter 6 ('' where the document gives none)")
        out.append("members = [" + ", ".join(f"[{toml_string(m)}, {v}, {toml_string(texts.get(m, ''))}]"
                                            for m, v in body["members"]) + "]")
        out.append("")
    summary = (f"{len(codes)} codes, {sum(1 for n in codes if n in documented)} with a chapter-7 entry, "
               f"{len(uses)} confirmed by the binaries, {len(enums)} enums")
    return "\n".join(out) + "\n", summary


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=pathlib.Path, default=SEED)
    parser.add_argument("--reference", type=pathlib.Path, default=REFERENCE)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    text, summary = build_tables(HERE / "amdil.toml", args.seed, args.reference)
    target = HERE / "amdil_tables.toml"
    if args.check:
        return 0 if target.exists() and target.read_text() == text else 1
    target.write_text(text)
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
