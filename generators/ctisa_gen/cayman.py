# SPDX-License-Identifier: MIT
"""AMD Cayman: generators/specs/cayman.toml -> include/ctisa/cayman/generated/description.hpp, the
value-level tables (units, formats, fields, enumerated values, categories, opcodes). Encoding and
decoding read these tables; no format structs (33 of them cost seconds of compile time)."""

import re

from . import emit

SLOTS = ["none", "any", "vec4", "trans", "pair", "quad"]
# Per-source fields of ALU formats: an instruction with fewer sources leaves them unused.
SOURCE_FIELD = re.compile(r"^SRC([0-2])_(SEL|REL|CHAN|NEG|ABS)$")


def load(spec_path):
    return emit.load_toml(spec_path, check)


def check(spec):
    units = {u["name"] for u in spec["unit"]}
    enums = {e["name"]: e for e in spec["enum"]}
    formats = {}
    for e in spec["enum"]:
        values = [v[0] for v in e["values"]]
        names = [v[1] for v in e["values"]]
        if len(set(values)) != len(values) or len(set(names)) != len(names):
            raise ValueError(f"enum {e['name']}: duplicate value or name")
    for fmt in spec["format"]:
        if fmt["unit"] not in units:
            raise ValueError(f"format {fmt['name']}: unknown unit {fmt['unit']}")
        if fmt["name"] in formats:
            raise ValueError(f"format {fmt['name']} defined twice")
        formats[fmt["name"]] = fmt
        covered = 0
        for f in fmt["fields"]:
            if not 0 <= f["lsb"] <= f["msb"] < 32:
                raise ValueError(f"{fmt['name']}.{f['name']}: bits {f['lsb']}-{f['msb']} outside the dword")
            bits = field_mask(f)
            if covered & bits:
                raise ValueError(f"{fmt['name']}.{f['name']} overlaps another field")
            covered |= bits
            if "enum" in f:
                top = max(v[0] for v in enums[f["enum"]]["values"])
                if top >= 1 << (f["msb"] - f["lsb"] + 1):
                    raise ValueError(f"{fmt['name']}.{f['name']}: enum {f['enum']} does not fit")
    for cat in spec["category"]:
        fmt_name, field_name = cat["opcode_field"].split(".")
        field = find_field(formats, fmt_name, field_name)
        width = field["msb"] - field["lsb"] + 1
        names, values = set(), set()
        for op in cat["ops"]:
            if op[0] in names or op[1] in values:
                raise ValueError(f"{cat['name']}.{op[0]}: duplicate mnemonic or opcode")
            names.add(op[0])
            values.add(op[1])
            if op[1] >= 1 << width:
                raise ValueError(f"{cat['name']}.{op[0]}: opcode does not fit {cat['opcode_field']}")
            for name in op_formats(cat, op):
                if name not in formats:
                    raise ValueError(f"{cat['name']}.{op[0]}: unknown format {name}")
            if cat["name"].startswith("ALU_OP") and op[3] not in SLOTS:
                raise ValueError(f"{cat['name']}.{op[0]}: unknown slots {op[3]}")
        for item in cat.get("fixed", []):
            fmt_name, rest = item.split(".")
            find_field(formats, fmt_name, rest.split("=")[0])


def find_field(formats, fmt_name, field_name):
    for f in formats[fmt_name]["fields"]:
        if f["name"] == field_name:
            return f
    raise ValueError(f"{fmt_name} has no field {field_name}")


def field_mask(f):
    return ((1 << (f["msb"] - f["lsb"] + 1)) - 1) << f["lsb"]


def op_formats(cat, op):
    """The dword formats of one opcode: its own list (a string), a word-1 override, or the category's."""
    extra = op[2] if cat["name"] in ("CF_ALLOC_EXPORT", "CF_ALU", "VTX") and len(op) > 2 else None
    if cat["name"] == "CF" and len(op) > 3:
        extra = op[3]
    if cat["name"].startswith("ALU_OP") and len(op) > 4:
        return [cat["formats"][0], "ALU_WORD1_OP2_" + op[4].upper()]
    if extra:
        return extra.split()
    return cat["formats"]


def sources(cat, op):
    if cat["name"].startswith("ALU_OP") or cat["name"] in ("LDS_IDX_OP", "GDS"):
        return op[2]
    return 0


def slots(cat, op):
    if cat["name"].startswith("ALU_OP"):
        return op[3]
    return cat.get("slots", "none")


def flags(cat, op, format_names):
    value = 0
    if op[0] in cat.get("reductions", []):
        value |= 1
    if "ALU_WORD1_OP2_EXECUTE_MASK" in format_names:
        value |= 4 if op[0].startswith("KILL") else 2
    if "ALU_WORD1_OP2_MOVA" in format_names:
        value |= 8
    return value


def used_fields(cat, op, fmts):
    """Flags, in the order of the opcode's formats' fields, of the fields the opcode uses."""
    flags = []
    uses = set(op[2].split()) | {"CF_INST", "BARRIER"} if cat["name"] == "CF" else None
    for fmt in fmts:
        for f in fmt["fields"]:
            if uses is not None and fmt["name"] in ("CF_WORD0", "CF_WORD1"):
                flags.append(f["name"] in uses)
                continue
            m = SOURCE_FIELD.match(f["name"])
            if m and cat["name"] in ("ALU_OP2", "ALU_OP3", "LDS_IDX_OP"):
                flags.append(int(m.group(1)) < sources(cat, op))
                continue
            flags.append(True)
    return flags


def ident(name):
    """A C++ identifier for an enum value name (document names may start with a digit)."""
    low = name.lower()
    return low if re.match(r"[a-z_]", low) else "v" + low


def description_header(spec, label, digest):
    formats = spec["format"]
    fmt_index = {f["name"]: i for i, f in enumerate(formats)}
    units = spec["unit"]
    enums = spec["enum"]
    enum_index = {e["name"]: i for i, e in enumerate(enums)}
    cats = spec["category"]

    out = [emit.banner(label, digest, "Cayman description: units, formats, fields, field values, opcodes.")]
    out.append("\n#include <array>\n#include <cstdint>\n#include <string_view>\n\n"
               "namespace ctisa::cayman {\n\n")
    out.append(emit.enum("unit_kind", "std::uint8_t", [(u["name"], None, u["description"]) for u in units],
                         "What a CF program is made of, in memory units."))
    out.append("\n")
    out.append(emit.enum("format_id", "std::uint8_t", [(f["name"].lower(), None, None) for f in formats],
                         f"The {len(formats)} dword formats of chapter 9."))
    out.append("\n")
    out.append(emit.enum("value_set", "std::uint8_t", [("none", None, None)] + [(e["name"], None, None) for e in enums],
                         "Named value sets of fields (none: a plain number)."))
    out.append("\n")
    out.append(emit.enum("category", "std::uint8_t", [(c["name"].lower(), None, None) for c in cats],
                         "Opcode categories: an opcode is keyed by its category and mnemonic."))
    out.append("\n")
    out.append(emit.enum("alu_slots", "std::uint8_t", [(s, None, None) for s in SLOTS],
                         "Which ALU slots an instruction occupies (see the spec's ALU_OP2 decision)."))
    out.append("\n")

    ops = []
    for ci, cat in enumerate(cats):
        for op in sorted(cat["ops"], key=lambda o: o[1]):
            ops.append((ci, cat, op))
    out.append(emit.enum("opcode", "std::uint16_t",
                         [(f"{cat['name'].lower()}_{op[0].lower()}", None, None) for _, cat, op in ops],
                         f"The {len(ops)} opcodes, ordered by category then opcode value."))
    out.append("\n")

    out.append("""struct unit_info {
    std::string_view name;
    std::uint8_t bytes;
};

struct format_info {
    std::string_view name;      // as chapter 9 spells it
    unit_kind unit;
    std::uint8_t dword;         // position in its unit
    std::uint16_t first_field;  // into `fields`
    std::uint8_t field_count;
    std::uint32_t reserved_mask;  // bits no field covers: must be zero
};

struct field_info {
    format_id format;
    std::string_view name;  // as chapter 9 spells it
    std::uint8_t lsb;
    std::uint8_t msb;
    value_set values;
};

struct value_set_info {
    std::string_view name;
    std::uint16_t first;  // into `values`
    std::uint8_t count;
};

struct value_info {
    std::uint16_t value;
    std::string_view name;
};

struct fixed_field {
    std::uint16_t field;  // into `fields`
    std::uint16_t value;
};

struct category_info {
    std::string_view name;
    unit_kind unit;
    std::uint16_t opcode_field;  // into `fields`
    std::uint8_t fixed_count;
    std::array<fixed_field, 2> fixed;  // fields every instruction of the category holds at one value
    std::uint16_t first_opcode;        // into `opcodes`
    std::uint16_t opcode_count;
    std::uint8_t sub_of;  // a sub-operation category: the parent category (no_category: standalone)
};

inline constexpr std::uint8_t no_format = 0xFF;
inline constexpr std::uint8_t no_category = 0xFF;

struct opcode_info {
    category cat;
    std::string_view mnemonic;
    std::uint16_t value;   // of the category's opcode field
    std::uint8_t sources;  // ALU and LDS/GDS source operands
    alu_slots slots;
    std::array<std::uint8_t, 3> formats;  // format_id of each dword (no_format past the last)
    std::uint64_t used;  // bit i: the i-th field of its formats, in order, is used
    std::uint8_t flags;  // opcode_flag bits
};

// What chapter 4.8 restricts: reductions (4.8.2), PRED_SET* and KILL* (4.8.1, 4.10), MOVA* (4.8.3).
namespace opcode_flag {
inline constexpr std::uint8_t reduction = 1;
inline constexpr std::uint8_t predicate = 2;
inline constexpr std::uint8_t kill = 4;
inline constexpr std::uint8_t mova = 8;
}  // namespace opcode_flag

""")
    out.append(f"inline constexpr std::array<unit_info, {len(units)}> units{{{{\n")
    out.append(",\n".join(f"    {{{emit.cpp_string(u['name'])}, {u['bytes']}}}" for u in units))
    out.append("}};\n\n")

    field_rows, fmt_rows, first = [], [], 0
    field_index = {}
    for fi, fmt in enumerate(formats):
        reserved = 0xFFFFFFFF
        for f in fmt["fields"]:
            reserved &= ~field_mask(f)
            field_index[(fmt["name"], f["name"])] = len(field_rows)
            vs = f"value_set::{f['enum']}" if "enum" in f else "value_set::none"
            field_rows.append(f"    {{format_id::{fmt['name'].lower()}, {emit.cpp_string(f['name'])}, "
                              f"{f['lsb']}, {f['msb']}, {vs}}}")
        fmt_rows.append(f"    {{{emit.cpp_string(fmt['name'])}, unit_kind::{fmt['unit']}, {fmt['dword']}, "
                        f"{first}, {len(fmt['fields'])}, 0x{reserved & 0xFFFFFFFF:08X}u}}")
        first += len(fmt["fields"])
    out.append(f"inline constexpr std::array<format_info, {len(fmt_rows)}> formats{{{{\n" + ",\n".join(fmt_rows) + "}};\n\n")
    out.append(f"inline constexpr std::array<field_info, {len(field_rows)}> fields{{{{\n" + ",\n".join(field_rows) + "}};\n\n")
    out.append(field_key_tables(formats))

    set_rows, value_rows = ["    {\"none\", 0, 0}"], []
    for e in enums:
        set_rows.append(f"    {{{emit.cpp_string(e['name'])}, {len(value_rows)}, {len(e['values'])}}}")
        for v in sorted(e["values"]):
            value_rows.append(f"    {{{v[0]}, {emit.cpp_string(v[1])}}}")
    out.append(f"inline constexpr std::array<value_set_info, {len(set_rows)}> value_sets{{{{\n" + ",\n".join(set_rows) + "}};\n\n")
    out.append(f"inline constexpr std::array<value_info, {len(value_rows)}> values{{{{\n" + ",\n".join(value_rows) + "}};\n\n")

    cat_rows, op_rows = [], []
    for ci, cat in enumerate(cats):
        fmt_name, field_name = cat["opcode_field"].split(".")
        fixed = []
        for item in cat.get("fixed", []):
            path, value = item.split("=")
            f, n = path.split(".")
            fixed.append(f"fixed_field{{{field_index[(f, n)]}, {int(value)}}}")
        count = len(fixed)
        fixed += ["fixed_field{0, 0}"] * (2 - count)
        cat_ops = [o for o in ops if o[0] == ci]
        parents = [i for i, c in enumerate(cats) if c["name"] == cat.get("sub_of")]
        sub_of = parents[0] if parents else "no_category"
        cat_rows.append(f"    {{{emit.cpp_string(cat['name'])}, unit_kind::{cat['unit']}, "
                        f"{field_index[(fmt_name, field_name)]}, {count}, {{{{{', '.join(fixed)}}}}}, "
                        f"{len(op_rows)}, {len(cat_ops)}, {sub_of}}}")
        for _, _, op in cat_ops:
            names = op_formats(cat, op)
            fmts = [formats[fmt_index[n]] for n in names]
            ids = [str(fmt_index[n]) for n in names] + ["no_format"] * (3 - len(names))
            used = sum(1 << i for i, u in enumerate(used_fields(cat, op, fmts)) if u)
            op_rows.append(f"    {{category::{cat['name'].lower()}, {emit.cpp_string(op[0])}, {op[1]}, "
                           f"{sources(cat, op)}, alu_slots::{slots(cat, op)}, {{{', '.join(ids)}}}, 0x{used:X}u, "
                           f"{flags(cat, op, names)}}}")
    out.append(f"inline constexpr std::array<category_info, {len(cat_rows)}> categories{{{{\n" + ",\n".join(cat_rows) + "}};\n\n")
    out.append(f"inline constexpr std::array<opcode_info, {len(op_rows)}> opcodes{{{{\n" + ",\n".join(op_rows) + "}};\n\n")
    out.append(placement_tables(spec, [[fmt_index[n] for n in op_formats(cat, op)] for _, cat, op in ops],
                                [cat for _, cat, _ in ops], field_index))
    order = sorted(range(len(ops)), key=lambda i: (ops[i][0], ops[i][2][0]))
    out.append("// Indices into `opcodes` sorted by category, then mnemonic: for binary search by name.\n")
    out.append(f"inline constexpr std::array<std::uint16_t, {len(order)}> opcodes_by_name{{{{\n")
    out.append(",\n".join("    " + ", ".join(str(i) for i in order[k:k + 16]) for k in range(0, len(order), 16)))
    out.append("}};\n\n")
    out.append("}  // namespace ctisa::cayman\n")
    return "".join(out)


CPP_KEYWORDS = {"and", "or", "not", "xor", "else", "return", "if", "for", "while", "do", "switch", "case",
                "default", "break", "continue", "goto", "new", "delete", "this", "true", "false", "int", "float",
                "char", "bool", "void", "auto", "const", "static", "struct", "class", "union", "enum", "export",
                "signed", "unsigned"}


def builders_header(spec, label, digest):
    """One named builder per ALU opcode, its arity fixed: a wrong operand count does not compile."""
    out = [emit.banner(label, digest, "Cayman: one typed builder per ALU_OP2, ALU_OP3 and LDS_IDX_OP opcode.")]
    out.append('\n#include "../typed_alu.hpp"\n')
    for cat in spec["category"]:
        if cat["name"] not in ("ALU_OP2", "ALU_OP3", "LDS_IDX_OP"):
            continue
        out.append(f"\nnamespace ctisa::cayman::{cat['name'].lower()} {{\n\n")
        for op in sorted(cat["ops"], key=lambda o: o[1]):
            name = op[0].lower()
            fn = name + "_" if name in CPP_KEYWORDS else name
            n = op[2]
            params = "".join(f", const S{i}& s{i}" for i in range(n))
            args = "".join(f", s{i}" for i in range(n))
            template = "template <" + ", ".join(f"class S{i}" for i in range(n)) + ">\n" if n else ""
            out.append(f"{template}[[nodiscard]] constexpr result<alu_op> {fn}(operands::gpr dst{params}) noexcept {{\n"
                       f"    return alu<opcode::{cat['name'].lower()}_{name}>(dst{args});\n}}\n")
        out.append(f"\n}}  // namespace ctisa::cayman::{cat['name'].lower()}\n")
    return "".join(out)


UNIT_CATEGORIES = {"CF": "cf_op", "CF_ALLOC_EXPORT": "cf_alloc_export", "TEX": "tex", "VTX": "vtx",
                   "MEM_RD": "mem_rd", "GDS": "gds", "TF": "tf"}
# Value sets with a C++ type of their own (unit_builders.hpp, builder.hpp): members of that type.
TYPED_SETS = {"sel": "sel", "sel_src": "sel", "chan": "channel"}


def settable_fields(spec, cat, op):
    """(field, value set) pairs a builder may set: used, neither the opcode nor a fixed field; a
    name twice in the formats (GDS's SRC_GPR) only once, since set() finds fields by name."""
    formats = {f["name"]: f for f in spec["format"]}
    fmts = [formats[n] for n in op_formats(cat, op)]
    owned = {cat["opcode_field"].split(".")[1]} | {item.split(".")[1].split("=")[0] for item in cat.get("fixed", [])}
    out, seen = [], set()
    flags = iter(used_fields(cat, op, fmts))
    for fmt in fmts:
        for f in fmt["fields"]:
            if next(flags) and f["name"] not in owned and f["name"] not in seen:
                seen.add(f["name"])
                out.append((f["name"], f.get("enum")))
    return out


# Prefixes for value names that start with a digit, so they are C++ names (others: "v_").
DIGIT_PREFIXES = {"data_format": "fmt_", "endian_swap": "swap_", "elem_size": "dwords_"}


def enumerator(set_name, value_name):
    """A value's name as a C++ enumerator: lower case, a prefix before a digit, _ after a keyword."""
    name = value_name.lower()
    if name[0].isdigit():
        name = DIGIT_PREFIXES.get(set_name, "v_") + name
    return name + "_" if name in CPP_KEYWORDS else name


def value_enums(spec, used):
    """enum class per value set the builders use (outside TYPED_SETS), in namespace enums."""
    out = ["\n// The value sets of the builders' fields (chapter 9's names), for typed members:\n"
           "// cm::vtx::fetch({.data_format = cm::enums::data_format::fmt_32_32_float}).\n"
           "namespace ctisa::cayman::enums {\n"]
    for e in spec["enum"]:
        if e["name"] not in used or e["name"] in TYPED_SETS:
            continue
        values = ", ".join(f"{enumerator(e['name'], v[1])} = {v[0]}" for v in e["values"])
        out.append(f"\nenum class {e['name']} : std::uint32_t {{ {values} }};\n")
    out.append("\n}  // namespace ctisa::cayman::enums\n")
    return "".join(out)


def member_type(value_set):
    if value_set in TYPED_SETS:
        return TYPED_SETS[value_set]
    return f"detail::typed<enums::{value_set}>" if value_set else "std::uint32_t"


def field_value(member, value_set):
    """A builder member as its field's number, spelled out per member type: no overload set to
    resolve for each of the thousand-odd values (the header's parse cost)."""
    if value_set in TYPED_SETS:
        return f"static_cast<std::uint32_t>({member})"
    return f"{member}.value" if value_set else member


def field_key_tables(formats):
    """Field names as keys (sorted, distinct across formats) and, per format, the field of each key:
    fields are found by key in constant time, by name with one binary search."""
    names = sorted({f["name"] for fmt in formats for f in fmt["fields"]})
    key = {n: i for i, n in enumerate(names)}
    ident = lambda n: n.lower() + "_" if n.lower() in CPP_KEYWORDS else n.lower()
    out = [emit.enum("field_key", "std::uint16_t", [(ident(n), None, None) for n in names],
                     f"The {len(names)} field names of chapter 9, sorted: fields by key (field_by_key)."), "\n"]
    out.append(f"inline constexpr std::array<std::string_view, {len(names)}> field_key_names{{{{\n"
               + ",\n".join(f"    {emit.cpp_string(n)}" for n in names) + "}};\n\n")
    keys, rows, index = [], [], 0
    for fmt in formats:
        row = ["-1"] * len(names)
        for f in fmt["fields"]:
            keys.append(f"field_key::{ident(f['name'])}")
            row[key[f["name"]]] = str(index)
            index += 1
        rows.append("    {{" + ", ".join(row) + "}}")
    out.append(f"// The key of each field of `fields`.\ninline constexpr std::array<field_key, {len(keys)}> field_keys{{{{\n    "
               + ", ".join(keys) + "}};\n\n")
    out.append(f"// Per format, the index into `fields` of each key's field (-1: the format has none).\n"
               f"inline constexpr std::array<std::array<std::int16_t, {len(names)}>, {len(formats)}> field_by_key{{{{\n"
               + ",\n".join(rows) + "}};\n\n")
    return "".join(out)


def placement_tables(spec, triples, op_cats, field_index):
    """Where each opcode keeps each field, by key, and the fields its encoder owns: facts of the formats,
    written here rather than worked out by every translation unit that includes cayman.hpp (they were a
    start-up initialiser and a constant evaluation in each)."""
    formats = spec["format"]
    names = sorted({f["name"] for fmt in formats for f in fmt["fields"]})
    fields, first = [], []  # (format, name, lsb, msb) in `fields` order; each format's first field
    for fi, fmt in enumerate(formats):
        first.append(len(fields))
        fields += [(fi, f["name"], f["lsb"], f["msb"]) for f in fmt["fields"]]

    def by_key(fmt, name):
        return next((first[fmt] + i for i, f in enumerate(formats[fmt]["fields"]) if f["name"] == name), None)

    def place(triple, name):  # encoding.hpp's packed place: index + 1, dword, position, lsb, width
        position = 0
        for d, fmt in enumerate(triple):
            i = by_key(fmt, name)
            if i is not None:
                f = fields[i]
                return (i + 1) | d << 9 | (position + i - first[fmt]) << 11 | f[2] << 19 | (f[3] - f[2] + 1) << 24
            position += len(formats[fmt]["fields"])
        return 0

    def position_of(triple, index):  # the bit of opcode_info::used that fields[index] has, 64: none
        position = 0
        for fmt in triple:
            if fields[index][0] == fmt:
                return position + index - first[fmt]
            position += len(formats[fmt]["fields"])
        return 64

    def own_field(triple, index):  # fields[index], or its namesake in the opcode's formats
        if fields[index][0] in triple:
            return index
        return next((by_key(fmt, fields[index][1]) for fmt in triple if by_key(fmt, fields[index][1]) is not None), index)

    layouts, layout_of, owned = [], [], []
    for triple, cat in zip(triples, op_cats):
        if tuple(triple) not in layouts:
            layouts.append(tuple(triple))
        layout_of.append(layouts.index(tuple(triple)))
        mine = [cat["opcode_field"]] + [item.split("=")[0] for item in cat.get("fixed", [])]
        bits = 0
        for path in mine:
            position = position_of(triple, own_field(triple, field_index[tuple(path.split("."))]))
            bits |= 1 << position if position < 64 else 0
        owned.append(bits)
    if len(layouts) >= 255:
        raise ValueError("more format triples than a byte numbers")
    places = [place(t, n) for t in layouts for n in names]
    return ("// Each opcode's fields as its encoder owns them: bit p, the field at position p of opcode_info::used\n"
            "// (its category's opcode field and fixed fields, or their namesakes in the opcode's formats).\n"
            f"inline constexpr std::array<std::uint64_t, {len(owned)}> opcode_owned_fields{{{{\n"
            + ",\n".join("    " + ", ".join(f"0x{b:X}u" for b in owned[k:k + 8]) for k in range(0, len(owned), 8)) + "}};\n\n"
            "// The opcodes share a few dozen format triples (layouts): each opcode's layout, and per (layout, field key)\n"
            "// where the first format of the triple having the key keeps it, packed: bits 0-8 the index into `fields`\n"
            "// + 1 (0: none), 9-10 the dword, 11-18 the position as opcode_info::used counts it, 19-23 the lsb, 24-29\n"
            "// the width.\n"
            f"inline constexpr std::size_t layout_count = {len(layouts)};\n"
            f"inline constexpr std::array<std::uint8_t, {len(layout_of)}> opcode_layouts{{{{\n"
            + ",\n".join("    " + ", ".join(map(str, layout_of[k:k + 24])) for k in range(0, len(layout_of), 24)) + "}};\n"
            f"inline constexpr std::array<std::uint32_t, {len(places)}> layout_places{{{{\n"
            + ",\n".join("    " + ", ".join(f"0x{w:X}u" for w in places[k:k + 8]) for k in range(0, len(places), 8)) + "}};\n\n")


def unit_builders_header(spec, label, digest):
    """One named builder per CF, CF_ALLOC_EXPORT, TEX, VTX, MEM_RD, GDS and TF opcode. Each takes a
    struct of exactly the fields its opcode uses (designated initializers): a field the opcode does
    not have does not compile; values are checked by set() and check()."""
    out = [emit.banner(label, digest, "Cayman: one named builder per CF, CF_ALLOC_EXPORT, TEX, VTX, MEM_RD, GDS and TF opcode.")]
    out.append('\n#include "../unit_builders.hpp"\n')
    used = {e for cat in spec["category"] if UNIT_CATEGORIES.get(cat["name"])
            for op in cat["ops"] for _, e in settable_fields(spec, cat, op) if e}
    out.append(value_enums(spec, used))
    for cat in spec["category"]:
        space = UNIT_CATEGORIES.get(cat["name"])
        if not space:
            continue
        out.append(f"\nnamespace ctisa::cayman::{space} {{\n")
        for op in sorted(cat["ops"], key=lambda o: o[1]):
            name = op[0].lower()
            fn = name + "_" if name in CPP_KEYWORDS else name
            fields = settable_fields(spec, cat, op)
            members = "".join(f"    {member_type(e)} {f.lower()}{{}};\n" for f, e in fields)
            values = ", ".join(f'{{"{f}", {field_value(f"o.{f.lower()}", e)}}}' for f, e in fields)
            out.append(f"\nstruct {name}_fields {{\n{members}}};\n"
                       f"[[nodiscard]] constexpr result<instruction> {fn}(const {name}_fields& o = {{}}) {{\n"
                       f"    return detail::build_unit<{len(fields)}>(opcode::{cat['name'].lower()}_{name}, {{{{{values}}}}});\n}}\n")
        out.append(f"\n}}  // namespace ctisa::cayman::{space}\n")
    return "".join(out)


def generate(spec_path, label, out_dir):
    return emit.headers(spec_path, label, out_dir, load(spec_path), {"description.hpp": description_header, "builders.hpp": builders_header, "unit_builders.hpp": unit_builders_header})
