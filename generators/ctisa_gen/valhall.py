# SPDX-License-Identifier: MIT
"""Valhall: ../shared/seeds/valhall_ISA.xml (Mesa 21.3's ISA.xml) -> include/ctisa/valhall/generated/.

The XML is read as written. Where it leaves a bit position implicit, the positions are the facts Mesa
21.3's own tools define (src/panfrost/bifrost/valhall/valhall.py, asm.py, disasm.py); they are
collected in PLACEMENT below with their origin. Where the XML is wrong or inconsistent, the one list
of errata is generators/specs/valhall_errata.toml: this module checks each entry against the XML and
refuses irregularities that no entry covers.
"""

import pathlib
import re
import tomllib
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from . import emit

ERRATA_LABEL = "generators/specs/valhall_errata.toml"
ERRATA_PATH = pathlib.Path(__file__).resolve().parent.parent / "specs" / "valhall_errata.toml"
WORD_BITS = 64
MAX_MODIFIERS = 7  # modifiers of one instruction (TEX has seven)

# ---------------------------------------------------------------------------------------------------
# PLACEMENT: bit positions the XML leaves implicit, as Mesa 21.3's tools define them.

# Modifier elements without a position (valhall.py, MODIFIERS): tag -> (modifier name, lsb, bits, implied).
MODIFIER_TAGS = {
    "inactive_result": ("inactive_result", 22, 4, False),
    "store_segment": ("store_segment", 24, 2, False),
    "regfmt": ("register_format", 24, 3, False),
    "vecsize": ("vector_size", 28, 2, False),
    "slot": ("slot", 30, 3, False),
    "roundmode": ("round_mode", 30, 2, False),
    "result_type": ("result_type", 30, 2, False),
    "saturate": ("saturate", 30, 1, False),
    "not_result": ("not_result", 30, 1, False),
    "lane_op": ("lane_operation", 32, 2, False),
    "cmp": ("condition", 32, 3, False),
    "clamp": ("clamp", 32, 2, False),
    "sr_count": ("staging_register_count", 33, 3, True),
    "subgroup": ("subgroup_size", 36, 2, False),
}

PLACEMENT = {
    # valhall.py Source / asm.py encode_source: source i is byte i; its top two bits are the kind.
    "source_byte": "source i at bits 8i..8i+7: bits 0-5 the value, bits 6-7 the kind (0 register, "
                   "1 register with discard, 2 uniform, 3 immediate-table entry or special value)",
    "absneg": "neg at bit 34 + 2 * (2 - i), abs at bit 35 + 2 * (2 - i)",
    "not": "not at bit 35",
    "swizzle": "two bits at 24 + 2 * (2 - i): Widen for 32-bit sources, Swizzles (16-bit) for 16-bit ones",
    "widen": "four bits at 26 for the second source, 36 otherwise: Swizzles (N-bit), or Lanes (8-bit) "
             "for lanes=\"true\"",
    "lane": "at the XML's bit, or 38 (first source) / 36 (second) for lane=\"true\": two bits for 8- and "
            "32-bit sources, one for 16-bit: Lane (N-bit)",
    "dest": "bits 40-47: register in bits 0-5, write mask in bits 6-7 (3 both halves, 1 .h0, 2 .h1); "
            "0xC0 when the instruction has neither destination nor staging register",
    "staging": "first staging operand at bits 40-47, second at 16-23: first register in bits 0-5, flags in "
               "bits 6-7 (first: 0x80 write | 0x40 read; second: 0xC0; none with flags=\"false\")",
    "opcode": "bits 48-56 (9 bits; bit 56 is the metadata byte's opcode_high)",
    "secondary": "opcode2 at max(8 * sources, 16) with mask 0xF; | 0x100 with a `left` modifier; "
                 "& ~0xC with three sources whose second has widen or lanes; | 0x10 for opcode 0x90; "
                 "LOAD.i*/STORE.i*: at 27 with mask 0x7",
    "metadata": "bits 57-58 immediate mode, 59-61 action (or wait slots 0-2), 62 do_action, 63 unknown (unk3)",
    "type_size": "an instruction's operand size is its mnemonic's trailing number (128, 48, 8, or the last two "
                 "digits; 32 when there is none), unless the source says size=\"N\"",
    "descriptors": "in the default immediate mode, special value 0x2A is atest_datum and 0x30 + 2 * rt + c is "
                   "blend_descriptor_<rt>_<x|y> (asm.py encode_source)",
}

# Special values readable without .ts/.id (asm.py encode_source): name -> 6-bit source value.
DESCRIPTOR_SPECIALS = {"atest_datum": 0x2A}
for _rt in range(8):
    for _c, _hi in (("x", 0), ("y", 1)):
        DESCRIPTOR_SPECIALS[f"blend_descriptor_{_rt}_{_c}"] = 0x30 + 2 * _rt + _hi

CPP_KEYWORDS = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
    "char", "class", "compl", "concept", "const", "consteval", "constexpr", "constinit", "continue", "default",
    "delete", "do", "double", "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend",
    "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
    "operator", "or", "or_eq", "private", "protected", "public", "register", "requires", "return", "short",
    "signed", "sizeof", "static", "struct", "switch", "template", "this", "throw", "true", "try", "typedef",
    "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "while", "xor", "xor_eq",
}


def safe_name(name):
    """An XML name as Mesa's tools key it (valhall.py safe_name): 'Load lane (8-bit)' -> load_lane_8_bit."""
    for old, new in ((" ", "_"), ("/", "_"), ("(", ""), (")", ""), ("-", "_"), (".", "")):
        name = name.replace(old, new)
    return name.lower()


def cpp_ident(name):
    """A C++ identifier for an XML value name: '2d' -> _2d, 'return' -> return_."""
    ident = re.sub(r"[^0-9A-Za-z_]", "_", name)
    if ident[0].isdigit():
        ident = "_" + ident
    if ident in CPP_KEYWORDS:
        ident += "_"
    return ident


def text_of(el):
    """An element's text, whitespace folded (XML descriptions are indented prose)."""
    if el is None or el.text is None:
        return ""
    return " ".join(el.text.split())


def type_size(mnemonic):
    """Mesa valhall.py typesize(): the operand size a mnemonic's suffix implies."""
    if mnemonic[-3:] == "128":
        return 128
    if mnemonic[-2:] == "48":
        return 48
    if mnemonic[-1] == "8":
        return 8
    try:
        return int(mnemonic[-2:])
    except ValueError:
        return 32


# ---------------------------------------------------------------------------------------------------
# The model.

@dataclass
class EnumValue:
    name: str  # None for <reserved/>
    description: str
    default: bool


@dataclass
class Enum:
    xml_name: str
    ident: str
    description: str
    implied: bool
    values: list

    @property
    def default(self):
        idx = [i for i, v in enumerate(self.values) if v.default]
        return idx[0] if idx else None

    def names(self):
        return [v.name for v in self.values if v.name is not None]


@dataclass
class Select:
    kind: str  # swizzle, widen, lanes, lane
    enum: str
    start: int
    width: int


@dataclass
class Source:
    index: int
    name: str
    size: int
    absneg: bool
    is_float: bool
    notted: bool
    select: Select = None

    @property
    def neg_bit(self):
        return 34 + 2 * (2 - self.index)

    @property
    def abs_bit(self):
        return 35 + 2 * (2 - self.index)

    not_bit = 35


@dataclass
class Staging:
    index: int
    name: str
    read: bool
    write: bool
    count: int
    flags: int
    start: int


@dataclass
class Immediate:
    name: str
    start: int
    size: int
    signed: bool


@dataclass
class ModifierUse:
    name: str
    start: int
    size: int
    implied: bool


@dataclass
class Instruction:
    name: str
    ident: str
    title: str
    group: str
    description: str
    opcode: int
    opcode2: int  # None when the XML gives none
    secondary_shift: int
    secondary_mask: int
    dests: int
    sources: list
    staging: list
    immediates: list
    modifiers: list
    fields: list = field(default_factory=list)  # (name, lsb, bits)


@dataclass
class Isa:
    immediates: list  # (value, description)
    enums: dict  # ident -> Enum
    modifiers: dict  # name -> (enum ident or None, implied)
    instructions: list
    errata: list
    raw: str


def build_enum(el, errata):
    ident = safe_name(el.attrib["name"])
    described_by_name = any(e["kind"] == "name_as_description" and e["check"]["enum"] == ident for e in errata)
    values = []
    for child in el:
        if child.tag == "reserved":
            values.append(EnumValue(None, "", False))
        elif child.tag == "value":
            desc = child.get("desc", "")
            if "name" in child.attrib:
                if not described_by_name:
                    raise ValueError(f"enum {ident}: value {child.text} has name=, which no erratum covers")
                desc = child.get("name")
            default = child.get("default")
            if default not in (None, "true"):
                covered = any(e["kind"] == "default_attribute" and e["check"]["enum"] == ident and
                              e["check"]["value"] == child.text and e["check"]["attribute"] == default for e in errata)
                if not covered:
                    raise ValueError(f"enum {ident}: default=\"{default}\" on {child.text}, which no erratum covers")
            values.append(EnumValue(child.text, desc, default is not None))
    return Enum(el.attrib["name"], ident, text_of(el.find("desc")), el.get("implied") == "true", values)


def build_source(el, index, tsize):
    size = int(el.get("size", tsize))
    src = Source(index, text_of(el), size, el.get("absneg") == "true",
                 el.get("float") == "true" or el.get("absneg") == "true", el.get("not") == "true")
    selects = []
    if el.get("swizzle") == "true":
        if size not in (16, 32):
            raise ValueError(f"swizzle on a {size}-bit source")
        selects.append(Select("swizzle", "widen" if size == 32 else "swizzles_16_bit", 24 + 2 * (2 - index), 2))
    if el.get("widen") == "true":
        selects.append(Select("widen", f"swizzles_{size}_bit", 26 if index == 1 else 36, 4))
    if el.get("lanes") == "true":
        if size != 8:
            raise ValueError("lanes on a source that is not 8-bit")
        selects.append(Select("lanes", "lanes_8_bit", 26 if index == 1 else 36, 4))
    lane = el.get("lane")
    if lane is not None:
        start = (38 if index == 0 else 36) if lane == "true" else int(lane)
        selects.append(Select("lane", f"lane_{size}_bit", start, 2 if size in (8, 32) else 1))
    if len(selects) > 1:
        raise ValueError("a source with more than one swizzle/widen/lane field")
    src.select = selects[0] if selects else None
    return src


def build_instruction(el, name, opcode, opcode2, group, isa_enums):
    opcode = int(opcode, 0)
    opcode2 = int(opcode2, 0) if opcode2 else None
    tsize = type_size(name)
    sources = [build_source(s, i, tsize) for i, s in enumerate(el.findall("src"))]
    dests = len(el.findall("dest")) + int(el.get("dests", "0"))
    staging = []
    for i, sr in enumerate(el.findall("sr")):
        read, write = sr.get("read") == "true", sr.get("write") == "true"
        flags_attr = sr.get("flags", "true") == "true"
        flags = 0 if not flags_attr else (0xC0 if i > 0 else (0x80 if write else 0) | (0x40 if read else 0))
        staging.append(Staging(i, text_of(sr), read, write, int(sr.get("count", "0")), flags, 40 if i == 0 else 16))
    if len(staging) > 2:
        raise ValueError(f"{name}: more than two staging operands")
    if dests and staging:
        raise ValueError(f"{name}: a destination and staging registers")
    immediates = [Immediate(i.attrib["name"], int(i.attrib["start"]), int(i.attrib["size"]), i.get("signed") == "true")
                  for i in el.findall("imm")]
    modifiers = []
    for child in el:
        if child.tag in MODIFIER_TAGS:
            mname, start, size, implied = MODIFIER_TAGS[child.tag]
            modifiers.append(ModifierUse(mname, start, size, implied))
        elif child.tag == "mod":
            modifiers.append(ModifierUse(child.attrib["name"], int(child.attrib["start"]), int(child.attrib["size"]),
                                         child.get("implied") == "true"))
    for m in modifiers:
        if m.size > 1 and m.name not in isa_enums:
            raise ValueError(f"{name}: modifier {m.name} has no enum")

    shift = max(len(sources) * 8, 16)
    mask = 0xF if opcode2 is not None else 0
    if any(m.name == "left" for m in modifiers):
        mask |= 0x100
    if len(sources) == 3 and sources[1].select is not None and sources[1].select.kind in ("widen", "lanes"):
        mask &= ~0xC
    if opcode == 0x90:
        mask |= 0x10
    if name.startswith("LOAD.i") or name.startswith("STORE.i"):
        shift, mask = 27, 0x7
    if opcode2 is not None and opcode2 & ~mask:
        raise ValueError(f"{name}: opcode2 0x{opcode2:X} outside its mask 0x{mask:X}")

    if group is not None:
        title, description = group.get("title", ""), text_of(group.find("desc"))
        group_name = group.get("name", "")
    else:
        title, description, group_name = el.get("title", ""), text_of(el.find("desc")), ""
    ident = name.lower().replace(".", "_")
    return Instruction(name, ident, title, group_name, description, opcode, opcode2, shift, mask, dests, sources,
                       staging, immediates, modifiers)


def lay_out_fields(ins, errata):
    """The instruction's fields (name, lsb, bits) in bit order; fails on overlaps and unplaced fields."""
    fields = []
    for s in ins.sources:
        fields.append((f"src{s.index}", 8 * s.index, 8))
        if s.absneg:
            fields += [(f"src{s.index}.neg", s.neg_bit, 1), (f"src{s.index}.abs", s.abs_bit, 1)]
        if s.notted:
            fields.append((f"src{s.index}.not", s.not_bit, 1))
        if s.select:
            fields.append((f"src{s.index}.{s.select.kind}", s.select.start, s.select.width))
    for sr in ins.staging:
        fields += [(f"sr{sr.index}", sr.start, 6), (f"sr{sr.index}.flags", sr.start + 6, 2)]
    if ins.dests or not ins.staging:
        fields.append(("dest", 40, 8))
    for imm in ins.immediates:
        fields.append((imm.name, imm.start, imm.size))
    for m in ins.modifiers:
        if m.start + m.size > WORD_BITS:
            if not any(e["kind"] == "mod_outside_word" and e["check"]["mod"] == m.name and
                       e["check"]["start"] == m.start for e in errata):
                raise ValueError(f"{ins.name}: modifier {m.name} at bit {m.start}, outside the word")
            continue
        fields.append((m.name, m.start, m.size))
    if ins.opcode2 is not None:
        runs, bit = [], 0
        while bit < 16:
            if ins.secondary_mask >> bit & 1:
                start = bit
                while ins.secondary_mask >> bit & 1:
                    bit += 1
                runs.append((start, bit - start))
            else:
                bit += 1
        for start, width in runs:
            label = "opcode2" if start == 0 else f"opcode2.bit{start}"
            fields.append((label, ins.secondary_shift + start, width))
    used = {}
    for fname, lsb, bits in fields + COMMON_FIELDS:
        for b in range(lsb, lsb + bits):
            if b >= WORD_BITS:
                raise ValueError(f"{ins.name}: field {fname} outside the word")
            if b in used:
                raise ValueError(f"{ins.name}: fields {used[b]} and {fname} overlap at bit {b}")
            used[b] = fname
    return sorted(fields, key=lambda f: f[1])


COMMON_FIELDS = [
    ("opcode", 48, 9),
    ("immediate_mode", 57, 2),
    ("action", 59, 3),
    ("do_action", 62, 1),
    ("reserved", 63, 1),
]


def check_errata(isa):
    raw = isa.raw
    for e in isa.errata:
        c, kind, ok = e["check"], e["kind"], False
        if kind == "mod_outside_word":
            ok = any(m.name == c["mod"] and m.start == c["start"] for ins in isa.instructions for m in ins.modifiers)
        elif kind == "duplicate_constant":
            ok = all(isa.immediates[i][0] == c["value"] for i in c["indices"])
        elif kind == "enum_field_size":
            ok = len(isa.enums[c["enum"]].values) == c["entries"]
        elif kind == "default_attribute":
            ok = f'default="{c["attribute"]}">{c["value"]}<' in raw
        elif kind == "name_as_description":
            ok = c["enum"] in isa.enums
        elif kind in ("text", "value_comments"):
            ok = c.get("contains", "<!--") in raw
        else:
            raise ValueError(f"erratum {e['id']}: unknown kind {kind}")
        if not ok:
            raise ValueError(f"erratum {e['id']} no longer holds for this XML: revisit {ERRATA_LABEL}")

    # Irregularities no erratum covers are errors.
    values = [v for v, _ in isa.immediates]
    for v in set(values):
        idx = [i for i, x in enumerate(values) if x == v]
        if len(idx) > 1 and not any(e["kind"] == "duplicate_constant" and e["check"]["indices"] == idx for e in isa.errata):
            raise ValueError(f"immediate 0x{v:08X} at entries {idx}: no erratum covers it")
    sized = set()
    for ins in isa.instructions:
        for s in ins.sources:
            if s.select:
                sized.add((s.select.enum, s.select.width))
        for m in ins.modifiers:
            if m.size > 1:
                sized.add((m.name, m.size))
    for enum, bits in sorted(sized):
        entries = len(isa.enums[enum].values)
        if entries != 1 << bits and not any(e["kind"] == "enum_field_size" and e["check"]["enum"] == enum and
                                             e["check"]["bits"] == bits for e in isa.errata):
            raise ValueError(f"enum {enum} has {entries} entries for a {bits}-bit field: no erratum covers it")


def load(spec_path):
    raw = pathlib.Path(spec_path).read_text()
    with open(ERRATA_PATH, "rb") as f:
        errata = tomllib.load(f)["erratum"]
    root = ET.fromstring(raw)
    lut = root.find("lut")
    if lut is None or lut.get("name") != "Immediates":
        raise ValueError("no <lut name=\"Immediates\">")
    immediates = [(int(c.text, 0), c.get("desc", "")) for c in lut.findall("constant")]
    if len(immediates) != 32:
        raise ValueError(f"{len(immediates)} immediates, expected 32")
    enums = {}
    for el in root.findall("enum"):
        e = build_enum(el, errata)
        enums[e.ident] = e
    instructions = []
    for child in root:
        if child.tag == "group":
            for ins in child.findall("ins"):
                instructions.append(build_instruction(child, ins.attrib["name"], ins.get("opcode") or child.get("opcode"),
                                                      ins.get("opcode2") or child.get("opcode2"), child, enums))
        elif child.tag == "ins":
            instructions.append(build_instruction(child, child.attrib["name"], child.get("opcode"),
                                                  child.get("opcode2"), None, enums))
    modifiers = {}
    for ins in instructions:
        for m in ins.modifiers:
            enum = m.name if m.size > 1 else None
            prev = modifiers.setdefault(m.name, (enum, m.implied))
            if prev != (enum, m.implied):
                raise ValueError(f"modifier {m.name} used inconsistently")
    isa = Isa(immediates, enums, modifiers, instructions, errata, raw)
    check(isa)
    return isa


def check(isa):
    names = [i.name for i in isa.instructions]
    if len(set(n.lower() for n in names)) != len(names):
        raise ValueError("duplicate mnemonics")
    for ins in isa.instructions:
        for s in ins.sources:
            if s.select and s.select.enum not in isa.enums:
                raise ValueError(f"{ins.name}: source {s.index} selects from missing enum {s.select.enum}")
        variable = [sr for sr in ins.staging if sr.count == 0]
        has_count = any(m.name == "staging_register_count" for m in ins.modifiers)
        if len(variable) > 1 or bool(variable) != has_count:
            raise ValueError(f"{ins.name}: staging register count field does not match its staging operands")
        if len(ins.sources) > 4 or len(ins.immediates) > 1 or len(ins.modifiers) > MAX_MODIFIERS:
            raise ValueError(f"{ins.name}: more operands than the descriptor holds")
        ins.fields = lay_out_fields(ins, isa.errata)
    # Decoding: instructions sharing a primary opcode are told apart by opcode2 under one shift and mask.
    buckets = {}
    for ins in isa.instructions:
        buckets.setdefault(ins.opcode, []).append(ins)
    for opcode, group in buckets.items():
        if len(group) > 1:
            if len({(i.secondary_shift, i.secondary_mask) for i in group}) != 1 or any(i.opcode2 is None for i in group):
                raise ValueError(f"opcode 0x{opcode:X}: its instructions place opcode2 differently")
            keys = [i.opcode2 for i in group]
            if len(set(keys)) != len(keys):
                raise ValueError(f"opcode 0x{opcode:X}: duplicate opcode2")
    # Text: within an instruction every modifier word names one modifier value.
    metadata_words = set(isa.enums["immediate_mode"].names()) | set(isa.enums["action"].names())
    for ins in isa.instructions:
        seen = {}
        for m in ins.modifiers:
            if m.implied:
                continue
            words = [m.name] if m.size == 1 else [n for n in isa.enums[m.name].names() if n != "reserved"]
            for w in words:
                if w in metadata_words and w != "none":
                    raise ValueError(f"{ins.name}: modifier value {w} is also a flow-control or immediate-mode word")
                if w in seen and w != "none":
                    raise ValueError(f"{ins.name}: modifier value {w} of both {seen[w]} and {m.name}")
                seen[w] = m.name
    check_errata(isa)


# ---------------------------------------------------------------------------------------------------
# Emission.

def header_start(label, digest, errata_digest, what, includes):
    text = emit.banner(label, digest, what)
    text = text.replace("#pragma once\n", f"// errata {ERRATA_LABEL} sha256 {errata_digest}\n#pragma once\n")
    return text + "\n" + "".join(f"#include {inc}\n" for inc in includes) + "\n"


def enum_order(isa):
    return list(isa.enums.values())


def modifier_order(isa):
    return list(isa.modifiers)


def special_values(isa, mode):
    """(name, source value 32-63) of the special values an immediate mode defines."""
    if mode == "none":
        return list(DESCRIPTOR_SPECIALS.items())
    enum = {"ts": "thread_storage_pointers", "id": "thread_identification"}.get(mode)
    if enum is None:
        return []
    return [(v.name, 32 + i) for i, v in enumerate(isa.enums[enum].values) if v.name is not None]


def enums_header(isa, label, digest, errata_digest):
    enums = enum_order(isa)
    out = [header_start(label, digest, errata_digest, "Valhall enums, the immediate table and special values.",
                        ["<array>", "<cstdint>", "<string_view>", '"../../core/table.hpp"', '"../descriptors.hpp"'])]
    out.append("namespace ctisa::valhall {\n\n")
    out.append(emit.enum("enum_id", "std::uint8_t", [(e.ident, None, e.xml_name) for e in enums],
                         f"The {len(enums)} enums of the XML, by their safe names."))
    out.append("\n")
    for e in enums:
        items = []
        for i, v in enumerate(e.values):
            ident = cpp_ident(v.name) if v.name is not None else f"reserved_{i}"
            comment = (v.description or "") + (" (default)" if v.default else "")
            items.append((ident, i, comment.strip() or None))
        doc = f"{e.xml_name}" + (f": {e.description}" if e.description else "")
        if len(doc) > 110:
            doc = doc[:107] + "..."
        out.append(emit.enum(e.ident, "std::uint8_t", items, doc))
        out.append("\n")

    rows, infos = [], []
    for e in enums:
        first = len(rows)
        for v in e.values:
            rows.append(f"    enum_value_info{{{emit.cpp_string(v.name or '')}, {emit.cpp_string(v.description)}, "
                        f"{'true' if v.name is None else 'false'}}}")
        d = e.default
        infos.append(f"    enum_info{{{emit.cpp_string(e.xml_name)}, {emit.cpp_string(e.ident)}, {first}, {len(e.values)}, "
                     f"{-1 if d is None else d}, {'true' if e.implied else 'false'}}}")
    out.append(f"inline constexpr std::array<enum_value_info, {len(rows)}> enum_values{{{{\n" + ",\n".join(rows) + "}};\n\n")
    out.append(f"inline constexpr std::array<enum_info, {len(infos)}> enums{{{{\n" + ",\n".join(infos) + "}};\n\n")
    out.append("""[[nodiscard]] constexpr const enum_info& info(enum_id e) noexcept { return enums[static_cast<std::size_t>(e)]; }

// True when `value` names an entry of the enum that is not reserved.
[[nodiscard]] constexpr bool is_defined(enum_id e, unsigned value) noexcept {
    const enum_info& en = info(e);
    return value < en.count && !enum_values[en.first + value].reserved;
}

// The assembly name of a value ("" when reserved or outside the enum).
[[nodiscard]] constexpr std::string_view value_name(enum_id e, unsigned value) noexcept {
    const enum_info& en = info(e);
    return value < en.count ? enum_values[en.first + value].name : std::string_view{};
}

// The value of an assembly name in the enum, or -1 (reserved entries have no name).
[[nodiscard]] constexpr int value_of(enum_id e, std::string_view name) noexcept {
    const enum_info& en = info(e);
    if (name.empty()) return -1;
    for (unsigned i = 0; i < en.count; ++i)
        if (!enum_values[en.first + i].reserved && enum_values[en.first + i].name == name) return static_cast<int>(i);
    return -1;
}

""")
    # Immediate table.
    vals = ",\n".join(f"    0x{v:08X}u" for v, _ in isa.immediates)
    descs = ",\n".join(f"    {emit.cpp_string(d)}" for _, d in isa.immediates)
    out.append("// The 32 inline immediates (source kind 3, values 0-31), in table order.\n"
               f"inline constexpr std::array<std::uint32_t, 32> immediate_values{{{{\n{vals}}}}};\n"
               f"inline constexpr std::array<std::string_view, 32> immediate_descriptions{{{{\n{descs}}}}};\n\n")
    dups = {}
    for e in isa.errata:
        if e["kind"] == "duplicate_constant":
            for i in e["check"]["indices"][1:]:
                dups[i] = e["check"]["indices"][0]
    alias = ", ".join("true" if i in dups else "false" for i in range(32))
    out.append("// Entries whose value an earlier entry already holds (erratum immediate-zero-twice): the hex\n"
               "// spelling of the value means the earlier entry, so these are written immN.\n"
               f"inline constexpr std::array<bool, 32> immediate_is_alias{{{{{alias}}}}};\n\n")

    # Inactive result values (erratum inactive-result-described-by-name).
    ir = isa.enums.get("inactive_result")
    if ir is not None:
        vals = ", ".join(f"0x{int(v.description, 0):08X}u" for v in ir.values)
        out.append("// The 32-bit value each Inactive result returns (the XML's name=\"...\" attributes).\n"
                   f"inline constexpr std::array<std::uint32_t, {len(ir.values)}> inactive_result_values{{{{{vals}}}}};\n\n")

    # Special values per immediate mode.
    modes = isa.enums["immediate_mode"]
    tables = []
    lookup = []
    for mode_index, mv in enumerate(modes.values):
        names = [""] * 32
        for n, code in special_values(isa, mv.name):
            names[code - 32] = n
        for i, n in enumerate(names):
            if n:
                lookup.append((n, f"special_value{{{mode_index}, {32 + i}}}"))
        tables.append("    std::array<std::string_view, 32>{" + ", ".join(emit.cpp_string(n) for n in names) + "}")
    out.append("// special_names[mode][value - 32]: the name of each special value per immediate mode (\"\" where\n"
               "// undefined). ts and id come from the XML's enums; the default mode's descriptors from Mesa's asm.py.\n"
               f"inline constexpr std::array<std::array<std::string_view, 32>, {len(tables)}> special_names{{{{\n"
               + ",\n".join(tables) + "}};\n\n")
    out.append("inline constexpr auto special_lookup = " + emit.name_table("special_value", lookup) + ";\n"
               "static_assert(is_sorted_by_name(special_lookup));\n\n")
    out.append("}  // namespace ctisa::valhall\n")
    return "".join(out)


def instructions_header(isa, label, digest, errata_digest):
    enums = enum_order(isa)
    mods = modifier_order(isa)
    out = [header_start(label, digest, errata_digest,
                        f"Valhall instructions: the {len(isa.instructions)} descriptors, opcode placement, fields.",
                        ["<array>", "<cstdint>", "<string_view>", '"../../core/format.hpp"', '"../../core/table.hpp"',
                         '"enums.hpp"'])]
    out.append("namespace ctisa::valhall {\n\n")
    out.append("// Where the XML is silent, bit positions follow Mesa 21.3's valhall.py/asm.py/disasm.py:\n")
    for key, fact in PLACEMENT.items():
        out.append(f"//   {key}: {fact}\n")
    out.append("\n")

    mitems = []
    for name in mods:
        enum, implied = isa.modifiers[name]
        mitems.append((cpp_ident(name), None, ("flag" if enum is None else f"enum {enum}") + (", implied" if implied else "")))
    out.append(emit.enum("modifier", "std::uint8_t", mitems, "Every instruction modifier of the XML (flags and enums)."))
    out.append(f"inline constexpr std::size_t modifier_count = {len(mods)};\n\n")
    out.append(emit.enum("instruction_id", "std::uint8_t", [(i.ident, None, i.name) for i in isa.instructions],
                         f"The {len(isa.instructions)} instructions, in the XML's order (groups expanded)."))
    out.append(f"inline constexpr std::size_t instruction_count = {len(isa.instructions)};\n")
    dots = max(i.name.count(".") for i in isa.instructions)
    out.append(f"// The most '.' a mnemonic contains (the parser tries no longer prefixes).\n"
               f"inline constexpr std::size_t max_mnemonic_dots = {dots};\n\n")

    out.append(f"static_assert(max_modifiers == {MAX_MODIFIERS}, \"descriptors.hpp: instruction_info::modifiers holds "
               f"the most modifiers one instruction has\");\n\n")
    rows = []
    for name in mods:
        enum, implied = isa.modifiers[name]
        if enum is None:
            rows.append(f"    modifier_info{{{emit.cpp_string(name)}, true, enum_id::action, 0, {'true' if implied else 'false'}}}")
        else:
            d = isa.enums[enum].default
            rows.append(f"    modifier_info{{{emit.cpp_string(name)}, false, enum_id::{enum}, {-1 if d is None else d}, "
                        f"{'true' if implied else 'false'}}}")
    out.append(f"inline constexpr std::array<modifier_info, {len(rows)}> modifiers{{{{\n" + ",\n".join(rows) + "}};\n")
    out.append("static_assert(modifier_count <= 64, \"instruction_info::modifier_mask keeps one bit per modifier\");\n\n")

    # Common fields and per-instruction fields.
    out.append("// Fields every instruction has (bits 48-63).\ninline constexpr std::array<field_info, "
               f"{len(COMMON_FIELDS)}> common_fields{{{{\n"
               + ",\n".join(f"    field_info{{{emit.cpp_string(n)}, bit_field{{0, {l}, {b}}}}}" for n, l, b in COMMON_FIELDS)
               + "}};\n\n")
    # Packed words rather than field_info rows: 1374 aggregates with a string_view each cost GCC
    # about 6 MB and 5% of the header's parse; words and a name table cost it almost nothing.
    fields = [f for ins in isa.instructions for f in ins.fields]
    fnames = sorted({n for n, _, _ in fields})
    fwords, firsts = [], []
    for ins in isa.instructions:
        firsts.append(len(fwords))
        for n, l, b in ins.fields:
            assert l < 64 and 0 < b < 256 and len(fnames) < 1 << 16
            fwords.append(f"0x{fnames.index(n) << 16 | l << 8 | b:06X}")
    out.append("// The names of the instructions' own fields (instruction_field_words index them).\n"
               f"inline constexpr std::array<std::string_view, {len(fnames)}> instruction_field_names{{{{\n    "
               + ",\n    ".join(", ".join(emit.cpp_string(n) for n in fnames[i:i + 8]) for i in range(0, len(fnames), 8))
               + "}};\n\n")
    out.append("// Each instruction's own fields, in bit order (see instruction_info::first_field): name index << 16 |\n"
               "// lsb << 8 | width, all in word 0; instruction_field(i) unpacks one.\n"
               f"inline constexpr std::array<std::uint32_t, {len(fwords)}> instruction_field_words{{{{\n    "
               + ",\n    ".join(", ".join(fwords[i:i + 12]) for i in range(0, len(fwords), 12)) + "}};\n\n")

    def src_row(s):
        if s is None:
            return "source_info{}"
        if s.select:
            sel = (f"select_info{{select_kind::{s.select.kind}, enum_id::{s.select.enum}, {s.select.start}, "
                   f"{s.select.width}, {isa.enums[s.select.enum].default or 0}}}")
        else:
            sel = "select_info{select_kind::none, enum_id::action, 0, 0, 0}"
        b = lambda x: "true" if x else "false"  # noqa: E731
        return (f"source_info{{{emit.cpp_string(s.name)}, {s.size}, {b(s.is_float)}, {b(s.absneg)}, {b(s.notted)}, "
                f"{s.neg_bit if s.absneg else 0}, {s.abs_bit if s.absneg else 0}, {s.not_bit if s.notted else 0}, {sel}}}")

    def sr_row(sr):
        if sr is None:
            return "staging_info{}"
        b = lambda x: "true" if x else "false"  # noqa: E731
        return (f"staging_info{{{emit.cpp_string(sr.name)}, {b(sr.read)}, {b(sr.write)}, {sr.count}, {sr.start}, "
                f"0x{sr.flags:02X}}}")

    rows = []
    for idx, ins in enumerate(isa.instructions):
        srcs = [src_row(ins.sources[i] if i < len(ins.sources) else None) for i in range(4)]
        srs = [sr_row(ins.staging[i] if i < len(ins.staging) else None) for i in range(2)]
        imm = ins.immediates[0] if ins.immediates else None
        imm_row = (f"immediate_info{{{emit.cpp_string(imm.name)}, {imm.start}, {imm.size}, {'true' if imm.signed else 'false'}}}"
                   if imm else "immediate_info{}")
        mrows = [f"modifier_use{{modifier::{cpp_ident(m.name)}, {m.start}, {m.size}, "
                 f"{'true' if m.start + m.size <= WORD_BITS else 'false'}}}" for m in ins.modifiers]
        # Unused slots are left to value-initialisation: fewer aggregates for the compiler to build.
        srcs = [r for r in srcs if r != "source_info{}"]
        srs = [r for r in srs if r != "staging_info{}"]
        imm_row = "{}" if imm_row == "immediate_info{}" else imm_row
        mod_index = {name: i for i, name in enumerate(mods)}
        mask = 0
        for m in ins.modifiers:
            if not isa.modifiers[m.name][1] and m.start + m.size <= WORD_BITS:
                mask |= 1 << mod_index[m.name]
        used = 0
        for _, l, b in ins.fields + COMMON_FIELDS:
            used |= ((1 << b) - 1) << l
        rows.append(
            f"    // {ins.name}\n"
            f"    instruction_info{{{emit.cpp_string(ins.name)}, {emit.cpp_string(ins.ident)}, {emit.cpp_string(ins.title)}, {emit.cpp_string(ins.group)}, "
            f"0x{ins.opcode:03X}, {-1 if ins.opcode2 is None else ins.opcode2}, {ins.secondary_shift}, 0x{ins.secondary_mask:03X}, "
            f"{ins.dests}, {len(ins.sources)}, {len(ins.staging)}, {len(ins.immediates)}, {len(ins.modifiers)},\n"
            f"        {{{{{', '.join(srcs)}}}}},\n"
            f"        {{{{{', '.join(srs)}}}}},\n"
            f"        {imm_row},\n"
            f"        {{{{{', '.join(mrows)}}}}},\n"
            f"        0x{mask:016X}u, {firsts[idx]}, {len(ins.fields)}, 0x{used:016X}u}}")
    out.append(f"inline constexpr std::array<instruction_info, {len(rows)}> instructions{{{{\n" + ",\n".join(rows) + "}};\n\n")

    # Decoding by primary opcode.
    order = sorted(range(len(isa.instructions)),
                   key=lambda i: (isa.instructions[i].opcode, isa.instructions[i].opcode2 or 0))
    out.append("// The instructions sorted by (opcode, opcode2): the decoder's and the tool's order.\n"
               f"inline constexpr std::array<instruction_id, {len(order)}> by_opcode{{{{\n    "
               + ",\n    ".join(f"instruction_id::{isa.instructions[i].ident}" for i in order) + "}};\n\n")
    first = {}
    for pos, i in enumerate(order):
        op = isa.instructions[i].opcode
        first.setdefault(op, [pos, 0])[1] += 1
    buckets = []
    for op in range(512):
        f, n = first.get(op, (0, 0))
        buckets.append(f"{{{f}, {n}}}")
    out.append("// For each 9-bit primary opcode, its instructions in by_opcode (count 0: reserved opcode).\n")
    out.append("inline constexpr std::array<opcode_bucket, 512> opcode_buckets{{\n    "
               + ",\n    ".join(", ".join(buckets[i:i + 16]) for i in range(0, 512, 16)) + "}};\n\n")

    spellings = selector_spellings(isa)
    out.append("// Every name a source select can take (the builders' sel:: constants index this; 0 is none).\n"
               f"inline constexpr std::array<std::string_view, {len(spellings) + 1}> selector_names{{{{\n    \"\", "
               + ", ".join(emit.cpp_string(s) for s in spellings) + "}};\n\n")
    out.append("// The modifier an enum type sets (builders: .with(round_mode::rtz)).\n"
               "template <class E>\nstruct modifier_of {\n    static constexpr bool exists = false;\n};\n")
    for name in mods:
        enum, _ = isa.modifiers[name]
        if enum is not None:
            out.append(f"template <>\nstruct modifier_of<valhall::{enum}> {{\n    static constexpr bool exists = true;\n"
                       f"    static constexpr modifier value = modifier::{cpp_ident(name)};\n}};\n")
    out.append("\n")

    # Every word that can follow a mnemonic: modifier values and flags, immediate modes, actions.
    words = []
    for kind, name in enumerate(mods):
        enum, implied = isa.modifiers[name]
        if implied:
            continue
        if enum is None:
            words.append((name.lower(), kind, 1))
        else:
            words += [(v.name.lower(), kind, i) for i, v in enumerate(isa.enums[enum].values) if v.name is not None]
    for marker, enum in ((len(mods), "immediate_mode"), (len(mods) + 1, "action")):
        words += [(v.name.lower(), marker, i) for i, v in enumerate(isa.enums[enum].values) if v.name is not None]
    words.sort()
    out.append("""// Every word that may follow a mnemonic, sorted by (lower-case) name for binary search: a value of
// a modifier's enum or a flag (kind: the modifier), an immediate mode (kind: modifier_count) or an
// action (kind: modifier_count + 1). A word may name values of several modifiers.
inline constexpr std::uint8_t immediate_mode_word = modifier_count;
inline constexpr std::uint8_t action_word = modifier_count + 1;
""")
    out.append(f"inline constexpr std::array<modifier_word, {len(words)}> modifier_words{{{{\n"
               + ",\n".join(f"    modifier_word{{{emit.cpp_string(w)}, {k}, {v}}}" for w, k, v in words) + "}};\n\n")

    names = [(i.name.lower(), f"instruction_id::{i.ident}") for i in isa.instructions]
    out.append("// Mnemonics (lower case) sorted for binary search.\ninline constexpr auto mnemonics = "
               + emit.name_table("instruction_id", names) + ";\nstatic_assert(is_sorted_by_name(mnemonics));\n\n")
    out.append("""[[nodiscard]] constexpr const instruction_info& info(instruction_id id) noexcept {
    return instructions[static_cast<std::size_t>(id)];
}
[[nodiscard]] constexpr const modifier_info& info(modifier m) noexcept { return modifiers[static_cast<std::size_t>(m)]; }
// Field i of instruction_field_words (an instruction's are [first_field, first_field + field_count)).
[[nodiscard]] constexpr field_info instruction_field(std::size_t i) noexcept {
    const std::uint32_t w = instruction_field_words[i];
    return field_info{instruction_field_names[w >> 16], bit_field{0, static_cast<std::uint8_t>(w >> 8), static_cast<std::uint8_t>(w)}};
}

}  // namespace ctisa::valhall
""")
    return "".join(out)


def selector_spellings(isa):
    """The names of every select value of every source, in first-seen order."""
    enums = []
    for ins in isa.instructions:
        for s in ins.sources:
            if s.select and s.select.enum not in enums:
                enums.append(s.select.enum)
    out = []
    for e in enums:
        for n in isa.enums[e].names():
            if n not in out and n != "none":
                out.append(n)
    return out


def builders_header(isa, label, digest, errata_digest):
    out = [header_start(label, digest, errata_digest, "One typed builder per Valhall instruction.", ['"../builder.hpp"'])]
    out.append("namespace ctisa::valhall {\n\n")
    out.append("// Source selects: r(1).sel(sel::h1), u(2).sel(sel::b3), r(0).mask(sel::h0) for a destination.\nnamespace sel {\n")
    for i, s in enumerate(selector_spellings(isa)):
        out.append(f"inline constexpr selector<{i + 1}> {cpp_ident(s)}{{}};\n")
    out.append("}  // namespace sel\n\n")
    out.append("// Instruction flags: fadd_f32.with(flags::saturate) where the instruction has the flag.\nnamespace flags {\n")
    for name in modifier_order(isa):
        enum, implied = isa.modifiers[name]
        if enum is None and not implied:
            out.append(f"inline constexpr flag<modifier::{cpp_ident(name)}> {cpp_ident(name)}{{}};\n")
    out.append("}  // namespace flags\n\n")
    out.append("// Special values: their immediate mode is part of their type, and sets the instruction's.\nnamespace operands {\n")
    modes = isa.enums["immediate_mode"]
    for mode_index, mv in enumerate(modes.values):
        for n, code in special_values(isa, mv.name):
            out.append(f"inline constexpr src<source_kind::special, immediate_mode::{cpp_ident(mv.name)}> {cpp_ident(n)}"
                       f"{{{code}, false, error_code::none}};\n")
    out.append("}  // namespace operands\n\n")
    for ins in isa.instructions:
        out.append(f"// {ins.name}: {ins.title}\ninline constexpr builder<instruction_id::{ins.ident}> {ins.ident}{{}};\n")
    out.append("\n}  // namespace ctisa::valhall\n")
    return "".join(out)


def generate(spec_path, label, out_dir):
    isa = load(spec_path)
    digest = emit.sha256_of(spec_path)
    errata_digest = emit.sha256_of(ERRATA_PATH)
    return {
        f"{out_dir}/enums.hpp": enums_header(isa, label, digest, errata_digest),
        f"{out_dir}/instructions.hpp": instructions_header(isa, label, digest, errata_digest),
        f"{out_dir}/builders.hpp": builders_header(isa, label, digest, errata_digest),
    }
