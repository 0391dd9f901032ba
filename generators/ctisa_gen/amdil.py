# SPDX-License-Identifier: MIT
"""AMD IL: generators/specs/amdil.toml + amdil_tables.toml -> include/ctisa/amdil/generated/.

amdil.toml holds the token layouts and the decisions; amdil_tables.toml (written from the seed by
generators/specs/amdil_extract.py) holds the 483 opcodes and the Appendix B enumerations."""

import hashlib
import importlib.util
import pathlib
import re
import tomllib

from . import emit

KEYWORDS = {"and", "or", "not", "xor", "break", "case", "continue", "default", "else", "switch", "while",
            "if", "return", "int", "float", "double", "bool", "char", "void", "do", "for", "goto", "new",
            "delete", "this", "true", "false", "union", "struct", "class", "const", "static", "unsigned",
            "signed", "short", "long", "auto", "private", "public", "protected", "friend", "virtual", "inline", "template", "typename", "operator", "namespace", "using", "extern", "volatile", "mutable", "explicit", "try", "catch", "throw", "enum", "typedef", "asm", "small", "register", "sizeof", "typeof", "export", "import", "module"}


def load(spec_path, tables_text):
    spec_path = pathlib.Path(spec_path)
    raw = spec_path.read_bytes() + tables_text.encode()
    spec = tomllib.loads(spec_path.read_text())
    tables = tomllib.loads(tables_text)
    check(spec, tables)
    return spec, tables, hashlib.sha256(raw).hexdigest()


def check(spec, tables):
    for token in spec["token"]:
        covered = [0] * 32
        for f in token["fields"]:
            for b in range(f["lsb"], f["msb"] + 1):
                covered[b] += 1
        if covered != [1] * 32:
            raise ValueError(f"token {token['name']} does not cover each of the 32 bits once")
    codes = [row[0] for row in tables["opcodes"]]
    if codes != list(range(len(codes))) or len(codes) != tables["opcode_codes"]:
        raise ValueError("opcode codes must run 0..N-1")
    for name in ("enumerator", "mnemonic"):
        column = 1 if name == "enumerator" else 2
        seen = [row[column] for row in tables["opcodes"]]
        if len(set(seen)) != len(seen):
            dup = sorted({s for s in seen if seen.count(s) > 1})
            raise ValueError(f"duplicate opcode {name}s: {dup}")


def identifier(text):
    ident = re.sub(r"[^a-z0-9_]", "_", text.lower())
    if ident[0].isdigit():
        ident = "_" + ident
    return ident + "_" if ident in KEYWORDS else ident


def opcode_identifier(enumerator):
    return identifier(re.sub(r"^IL_(OP_)?", "", enumerator))


def enum_type_name(name):
    """ILRegType -> reg_type, IL_Shader_Type -> shader_type, IL_LDS_SHARING_MODE -> lds_sharing_mode."""
    base = re.sub(r"^I[Ll]_?", "", name)
    if "_" not in base:
        base = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", base)
    return base.lower()


def member_prefix(members):
    names = [m[0] for m in members]
    prefix = names[0]
    for n in names[1:]:
        while not n.startswith(prefix):
            prefix = prefix[:-1]
    return prefix[:prefix.rfind("_") + 1] if "_" in prefix else ""


def tokens_header(spec, tables, label, digest):
    out = [emit.banner(label, digest, "AMD IL token layouts (chapter 2, 7.3, 7.14, 7.19): bit fields and their table.")]
    out.append("\n#include <array>\n#include <cstdint>\n#include <string_view>\n\n#include \"../../core/bits.hpp\"\n\n"
               "namespace ctisa::amdil::generated {\n\n")
    rows = []
    for token in spec["token"]:
        ns = identifier(token["name"])
        out.append(f"// {token['name']} (section {token['section']})\nnamespace {ns} {{\n")
        for f in token["fields"]:
            width = f["msb"] - f["lsb"] + 1
            out.append(f"inline constexpr bit_field {identifier(f['name'])}{{0, {f['lsb']}, {width}}};  // {f['description']}\n")
            rows.append(f"    token_field{{{emit.cpp_string(token['name'])}, {emit.cpp_string(f['name'])}, {f['lsb']}, {f['msb']}}}")
        out.append(f"}}  // namespace {ns}\n\n")
    out.append("struct token_field {\n    std::string_view token;\n    std::string_view field;\n"
               "    std::uint8_t lsb;\n    std::uint8_t msb;\n};\n\n")
    out.append(f"// Every field of every token, in the document's order (the CLI's `fields`).\n"
               f"inline constexpr std::array<token_field, {len(rows)}> token_fields{{{{\n" + ",\n".join(rows) + "}};\n\n")
    codes = {row[1]: row[0] for row in tables["opcodes"]}
    mods = [f"    modifier_layout{{{codes[op]}, {'true' if t['modifier_of']['slot'] == 'sec' else 'false'}, {emit.cpp_string(t['name'])}}}"
            for t in spec["token"] if "modifier_of" in t for op in t["modifier_of"]["opcodes"]]
    out.append("struct modifier_layout {\n    std::uint16_t code;\n    bool secondary;\n    std::string_view token;\n};\n\n")
    out.append(f"// The layout of an opcode modifier token, by opcode and slot (pri: bit 31, sec: bit 30); others are plain.\n"
               f"inline constexpr std::array<modifier_layout, {len(mods)}> modifier_layouts{{{{\n" + ",\n".join(mods) + "}};\n\n")
    out.append("}  // namespace ctisa::amdil::generated\n")
    return "".join(out)


def register_names(spec, tables):
    """[(printed name, numbered, [every name read as the type])] by ILRegType value."""
    members = [m for m, v, _ in next(e for e in tables["enum"] if e["name"] == "ILRegType")["members"] if not m.endswith("_LAST")]
    given, aliases = spec["register_text"]["names"], spec["register_text"].get("aliases", {})
    out, owner = [], {}
    for m in members:
        text = given[m]
        name = text.rstrip("#")
        old = m.replace("IL_REGTYPE_", "").replace("_", "").lower()  # ctisa's names before chapter 5's
        read = list({n.lower(): n for n in reversed([name] + aliases.get(m, []) + [old])}.values())[::-1]
        for n in read:
            if not re.fullmatch(r"[A-Za-z]+", n):
                raise ValueError(f"register name {n!r} must be letters only")
            if owner.setdefault(n.lower(), m) != m:
                raise ValueError(f"register name {n!r} names {owner[n.lower()]} and {m}")
        out.append((name, text.endswith("#"), read))
    return out


SHADERS = ["vertex", "pixel", "geometry", "compute", "hull", "domain"]  # IL_SHADER_* values 0-5 (Appendix B ILShaderType)
RULE_FLAGS = [("absolute_only", "no relative addressing"), ("declared", "declared before any use, in every shader"),
              ("declared_in_pixel", "declared before use in a pixel shader"),
              ("declared_as_source", "declared before it is read"), ("not_realtime", "refused in a real-time pixel shader"),
              ("macro_only", "only inside a macro definition")]


def register_rules(text, members):
    """The chapter-5 rules of each register type (amdil.toml [register_rules]): the shader types it may be
    used in, and its rule flags."""
    rules = text["rules"]
    known = set(members)
    for key, names in rules.items():
        if isinstance(names, list) and not set(names) <= known:
            raise ValueError(f"[register_text.rules] {key} names no register type: {sorted(set(names) - known)}")
    shaders = []
    for m in members:
        allowed = set(range(len(SHADERS)))
        for k, shader in enumerate(SHADERS):
            if m in rules.get(f"not_in_{shader}", []):
                allowed.discard(k)
            if m in rules.get(f"{shader}_only", []):
                allowed &= {k}
        shaders.append(sum(1 << k for k in allowed))
    flags = [sum(1 << k for k, (name, _) in enumerate(RULE_FLAGS) if m in rules.get(name, [])) for m in members]
    excludes = [0] * len(members)
    for m, others in rules.get("excludes", {}).items():
        if m not in known or not set(others) <= known:
            raise ValueError(f"[register_text.rules] excludes names no register type: {m} {others}")
        for o in others:  # both ways
            excludes[members.index(m)] |= 1 << members.index(o)
            excludes[members.index(o)] |= 1 << members.index(m)
    lines = "".join(f"inline constexpr std::uint8_t register_{name} = {1 << k};  // {what}\n" for k, (name, what) in enumerate(RULE_FLAGS))
    return ("// Chapter 5's rules of each type (amdil.toml [register_text.rules]): the shader types it may be used in\n"
            "// (bit s: IL_SHADER_* value s), and which of the flags below bind it.\n"
            f"inline constexpr std::array<std::uint8_t, {len(members)}> register_shaders{{{{" + ", ".join(map(str, shaders)) + "}};\n"
            + lines +
            f"inline constexpr std::array<std::uint8_t, {len(members)}> register_rule_flags{{{{" + ", ".join(map(str, flags)) + "}};\n"
            "// The types each type excludes from its shader (bit t: type t).\n"
            f"inline constexpr std::array<std::uint64_t, {len(members)}> register_excludes{{{{"
            + ", ".join(f"0x{x:x}u" for x in excludes) + "}};\n\n")


def enums_header(tables, label, digest, spec=None):
    out = [emit.banner(label, digest, "AMD IL enumerations of Appendix B (ILOpCode is in opcodes.hpp).")]
    out.append("\n#include <array>\n#include <cstdint>\n#include <string_view>\n\nnamespace ctisa::amdil {\n\n"
               "template <class E>\nstruct enum_member {\n    std::string_view name;  // as Appendix B spells it\n    E value;\n"
               "    std::string_view text;  // chapter 6's text syntax (_relop(eq)); empty where it gives none\n};\n\n")
    for enum in tables["enum"]:
        tname = enum_type_name(enum["name"])
        prefix = member_prefix(enum["members"])
        items = [(identifier(m[len(prefix):]), v, None) for m, v, _ in enum["members"]]
        width = "std::uint8_t" if max(m[1] for m in enum["members"]) < 256 else "std::uint16_t"
        where = f"chapter {enum['section']}, not in Appendix B" if "section" in enum else "Appendix B"
        out.append(emit.enum(tname, width, items, f"{enum['name']} ({where}, seed line {enum['seed_line']})"))
        body = ",\n".join(f"    enum_member<{tname}>{{{emit.cpp_string(m)}, {tname}::{identifier(m[len(prefix):])}, "
                          f"{emit.cpp_string(t)}}}" for m, _, t in enum["members"])
        out.append(f"inline constexpr std::array<enum_member<{tname}>, {len(enum['members'])}> {tname}_members{{{{\n{body}}}}};\n\n")
    regs = register_names(spec, tables)
    out.append(f"// Text name of each register type, by its value, as ctisa prints it (amdil.toml [register_text]).\n"
               f"inline constexpr std::array<std::string_view, {len(regs)}> register_text{{{{\n"
               + ",\n".join(f"    {emit.cpp_string(n)}" for n, _, _ in regs) + "}};\n\n")
    out.append("// Whether the type's name takes a register number (chapter 5 writes it with #: r#, cb#).\n"
               f"inline constexpr std::array<bool, {len(regs)}> register_numbered{{{{"
               + ", ".join("true" if numbered else "false" for _, numbered, _ in regs) + "}};\n\n")
    members = [m for m, v, _ in next(e for e in tables["enum"] if e["name"] == "ILRegType")["members"] if not m.endswith("_LAST")]
    text = spec["register_text"]
    access = ["read_only" if m in text["read_only"] else "write_only" if m in text["write_only"] else "read_write" for m in members]
    out.append("enum class register_access : std::uint8_t { read_write, read_only, write_only };\n"
               "// Table 5.8's Read/Write column and 3.2's v/o rule, by type (amdil.toml [register_text] access_decision).\n"
               f"inline constexpr std::array<register_access, {len(regs)}> register_access_of{{{{"
               + ", ".join(f"register_access::{a}" for a in access) + "}};\n\n")
    out.append("// Whether the type is written only with an index (cb#[n], x#[n], g[addr]: amdil.toml indexed_decision).\n"
               f"inline constexpr std::array<bool, {len(regs)}> register_indexed{{{{"
               + ", ".join("true" if m in text["indexed"] else "false" for m in members) + "}};\n\n")
    out.append(register_rules(text, members))
    read = sorted(((n, t) for t, (_, _, names) in enumerate(regs) for n in names), key=lambda x: (x[0].lower(), x[1]))
    out.append("struct register_name {\n    std::string_view name;\n    std::uint8_t type;\n};\n"
               "// Every name read as a register type (compared without case), sorted by its lower-case spelling.\n"
               f"inline constexpr std::array<register_name, {len(read)}> register_names{{{{\n"
               + ",\n".join(f"    register_name{{{emit.cpp_string(n)}, {t}}}" for n, t in read) + "}};\n\n")
    out.append(f"inline constexpr std::size_t appendix_b_enum_count = {sum(1 for e in tables['enum'] if 'section' not in e)};"
               "  // besides ILOpCode; chapter 6's own (ILLogicOp) follow them in the lists below\n")
    out.append(f"// Appendix B's names of the enumerations above, in its order (control fields refer to them by index).\n"
               f"inline constexpr std::array<std::string_view, {len(tables['enum'])}> appendix_b_enum_names{{{{\n"
               + ",\n".join(f"    {emit.cpp_string(e['name'])}" for e in tables["enum"]) + "}};\n\n")
    flat = [f"    appendix_b_member{{{emit.cpp_string(e['name'])}, {emit.cpp_string(m)}, {v}, {emit.cpp_string(t)}}}"
            for e in tables["enum"] for m, v, t in e["members"]]
    out.append("// Every member of every enumeration above, by Appendix B's names (for listings and peer checks).\n"
               "struct appendix_b_member {\n    std::string_view enum_name;\n    std::string_view member;\n"
               "    std::uint16_t value;\n    std::string_view text;  // chapter 6's text syntax, or empty\n};\n\n"
               f"inline constexpr std::array<appendix_b_member, {len(flat)}> appendix_b_members{{{{\n" + ",\n".join(flat) + "}};\n\n")
    out.append("}  // namespace ctisa::amdil\n")
    return "".join(out)


def opcodes_header(tables, label, digest, spec=None):
    rows = tables["opcodes"]
    groups = [""] + sorted({r[4] for r in rows if r[4]})
    blob, offsets = [], {}

    def intern(text):
        if text not in offsets:
            offsets[text] = sum(len(b) for b in blob)
            blob.append(text)
        return offsets[text]

    packed = []
    for code, enumerator, mnemonic, _source, group, line, dst, src, extra, _from, uses in rows:
        e, m = intern(enumerator), intern(mnemonic)
        packed.append(f"    {{{e}, {m}, {len(enumerator)}, {len(mnemonic)}, {groups.index(group)}, {dst}, {src}, {extra}, "
                      f"{line}, {uses}}},  // {code} {enumerator}")
    text = "".join(blob)
    if len(text) > 65535:
        raise ValueError("name blob exceeds 16-bit offsets")
    out = [emit.banner(label, digest, "AMD IL opcodes: the binary codes real IL binaries use, names, groups, operand counts.")]
    out.append("\n#include <array>\n#include <cstdint>\n#include <string_view>\n\n#include \"../../core/table.hpp\"\n\n"
               "namespace ctisa::amdil {\n\n")
    items = [(opcode_identifier(r[1]), r[0], None) for r in rows]
    out.append(emit.enum("opcode", "std::uint16_t", items,
                         f"ILOpCode: {len(rows)} codes; IL_OP_LAST = {len(rows)} dimensions the enumeration"))
    out.append(f"\ninline constexpr std::size_t opcode_count = {len(rows)};\n"
               f"inline constexpr std::size_t chapter7_documented = {tables['chapter7_documented']};\n"
               f"inline constexpr std::size_t seed_appendix_b_entries = {tables['seed_appendix_b_entries']};\n"
               f"inline constexpr std::size_t binary_confirmed = {tables['binary_confirmed']};\n\n")
    out.append("// Chapter-7 groups (index 0: the code has no chapter-7 entry).\n"
               f"inline constexpr std::array<std::string_view, {len(groups)}> groups{{{{\n"
               + ",\n".join(f"    {emit.cpp_string(g)}" for g in groups) + "}};\n\n")
    out.append("namespace generated {\n// Every enumerator and mnemonic, back to back; rows point into it.\n"
               f"inline constexpr std::string_view opcode_names = {emit.cpp_string(text)};\n\n"
               "// One packed row a code (asmjit style: offsets into opcode_names, no padding).\n"
               "struct opcode_row {\n    std::uint16_t enumerator_offset;\n    std::uint16_t mnemonic_offset;\n"
               "    std::uint8_t enumerator_size;\n    std::uint8_t mnemonic_size;\n    std::uint8_t group;\n"
               "    std::int8_t dst;    // destination operands; -1: not described\n"
               "    std::int8_t src;    // source operands; -1: not described\n"
               "    std::int8_t extra;  // plain dwords after the operands; -1: not described\n"
               "    std::uint16_t seed_line;  // first line of its chapter-7 entry in the seed, 0: none\n"
               "    std::uint16_t binary_uses;  // packets with this code in the public binaries\n};\n"
               "static_assert(sizeof(opcode_row) == 14);\n\n"
               f"inline constexpr std::array<opcode_row, {len(rows)}> opcode_rows{{{{\n" + "\n".join(packed) + "\n}};\n")
    out.append(control_table(tables))
    out.append(opcode_shapes(tables, spec or {}))
    entries = [(r[2], f"opcode::{opcode_identifier(r[1])}") for r in rows]
    by_enumerator = {r[1]: r for r in rows}
    entries += [(a["text"], f"opcode::{opcode_identifier(by_enumerator[a['name']][1])}") for a in (spec or {}).get("mnemonic_alias", [])]
    out.append(f"\ninline constexpr auto opcode_by_mnemonic = {emit.name_table('opcode', entries)};\n"
               "static_assert(is_sorted_by_name(opcode_by_mnemonic));\n}  // namespace generated\n\n")
    out.append("}  // namespace ctisa::amdil\n")
    return "".join(out)


def comment_text(text):
    """Text safe in a // comment: printable ASCII, no backslash (which would splice the next line)."""
    return re.sub(r"[^ -\[\]-~]", " ", text[:60]).rstrip()


def control_table(tables):
    """The opcode token's control fields, by code: rows in code order and where each code's rows start."""
    control = sorted(tables["control"], key=lambda c: (c[0], c[2]))
    names, offsets = [], {}
    for c in control:
        if c[1] not in offsets:
            offsets[c[1]] = sum(len(n) for n in names)
            names.append(c[1])
    begin, k = [], 0
    for code in range(len(tables["opcodes"]) + 1):
        begin.append(k)
        while k < len(control) and control[k][0] == code:
            k += 1
    enum_index = {e["name"]: i for i, e in enumerate(tables["enum"])}
    enum_index["!flag"] = 254
    rows = "\n".join(f"    {{{offsets[c[1]]}, {len(c[1])}, {c[2]}, {c[3]}, {enum_index[c[4]] if c[4] else 255}}},"
                     f"  // {c[0]} {comment_text(c[5])}" for c in control)
    return ("\n// Control fields of the opcode token (chapter 7's tables, first pass; bits of the token).\n"
            f"inline constexpr std::string_view control_names = {emit.cpp_string(''.join(names))};\n"
            "struct control_row {\n    std::uint16_t name_offset;\n    std::uint8_t name_size;\n"
            "    std::uint8_t lsb;\n    std::uint8_t msb;\n"
            "    std::uint8_t enum_index;  // into appendix_b_enum_names; 254: a flag written _name; 255: plain number\n};\n"
            "static_assert(sizeof(control_row) == 6);\n"
            f"inline constexpr std::array<control_row, {len(control)}> control_rows{{{{\n{rows}\n}}}};\n"
            "// control_rows[control_begin[code] .. control_begin[code + 1]) are the code's fields.\n"
            f"inline constexpr std::array<std::uint16_t, {len(begin)}> control_begin{{{{"
            + ", ".join(map(str, begin)) + "}};\n"
            f"// Codes whose chapter-7 table ctisa could not read (overlapping rows): {', '.join(tables['control_unreadable'])}\n"
            "// Codes whose opcode-token bits 30-31 are control bits of their own, not the modifier-present flags.\n"
            f"inline constexpr std::array<std::uint16_t, {len(tables['modifier_bits_are_control'])}> modifier_bits_are_control{{{{"
            + ", ".join(map(str, tables["modifier_bits_are_control"])) + "}};\n")


# declared_kind (structure.hpp) of the ids of each memory family, and the mnemonic prefixes of the family
# (past dcl_), first match wins; amdil.toml [structure] memory_families lists the prefixes.
MEMORY_KINDS = {"uav": 2, "lds": 3, "gds": 4, "srv": 5}


def memory_kind(mnemonic, families):
    d = mnemonic[4:] if mnemonic.startswith("dcl_") else mnemonic
    for family in ("uav", "lds", "gds", "srv"):
        f = families[family]
        if any(d.startswith(p) for p in f["prefixes"]) and not any(d.startswith(p) for p in f.get("except_prefixes", [])) \
                and not any(d.endswith(s) for s in f.get("except_suffixes", [])):
            return MEMORY_KINDS[family]
    return -1


def opcode_shapes(tables, spec):
    """What the stream reader, the parser and the program rules need of each code, worked out here rather
    than by constant evaluation in every translation unit that includes amdil.hpp (it cost Clang 0.5 s)."""
    fields = {}
    for c in sorted(tables["control"], key=lambda c: (c[0], c[2])):
        fields.setdefault(c[0], []).append(c)
    families = spec["structure"]["memory_families"]
    counted = {r[0] for r in tables["opcodes"] if r[2] == "dcl_num_thread_per_group"}
    rows = []
    for code, _enumerator, mnemonic, _source, group, _line, dst, src, extra, _from, _uses in tables["opcodes"]:
        own = fields.get(code, [])
        flags = code not in tables["modifier_bits_are_control"]
        top = 29 if flags else 31

        def clipped(name):
            f = next((c for c in own if c[1] == name), None)
            if f is None or f[2] > top:
                return 0, 0
            return f[2], min(f[3], top) - f[2] + 1

        aoffimmi = next((c[2] for c in own if c[1] == "aoffimmi"), -1)
        bare = (dst == 0 and src == 0 and extra == 0 and code not in counted and len(own) == 1 and mnemonic.startswith("dcl_")
                and not own[0][4] and own[0][2] == 16 and own[0][1] != "id")
        declaration = group == "Declaration and Initialization" or mnemonic.startswith("dcl")
        (id_lsb, id_width), (res_lsb, res_width) = clipped("id"), clipped("resource")
        bits = int(flags) | int(declaration) << 1 | int(bare) << 2
        rows.append(f"    {{{aoffimmi}, {id_lsb}, {id_width}, {res_lsb}, {res_width}, {memory_kind(mnemonic, families)}, {bits}}},"
                    f"  // {code} {mnemonic}")
    return ("\n// What the readers and the program rules need of each code, by code (from the rows above and amdil.toml\n"
            "// [structure]): one lookup a statement, where finding fields by name cost every includer constant evaluation.\n"
            "struct opcode_shape {\n"
            "    std::int8_t aoffimmi;  // the bit of its aoffimmi control field, -1: none\n"
            "    std::uint8_t id_lsb, id_width;  // its id control field, clipped to the control bits; width 0: none\n"
            "    std::uint8_t resource_lsb, resource_width;  // its resource control field, the same way\n"
            "    std::int8_t memory;  // structure.hpp's declared_kind of its id (UAV, LDS, GDS, SRV), -1: none\n"
            "    std::uint8_t flags;  // opcode_modifier_flags | opcode_declaration | opcode_bare_control\n};\n"
            "static_assert(sizeof(opcode_shape) == 7);\n"
            "inline constexpr std::uint8_t opcode_modifier_flags = 1;  // bits 30-31 are the modifier flags (2.2.3)\n"
            "inline constexpr std::uint8_t opcode_declaration = 2;  // chapter 7's declarations, or a dcl* of another group\n"
            "inline constexpr std::uint8_t opcode_bare_control = 4;  // its text gives its one control field as its operand\n"
            f"inline constexpr std::array<opcode_shape, {len(rows)}> opcode_shapes{{{{\n" + "\n".join(rows) + "\n}};\n")


def extracted_tables(spec_path):
    """amdil_tables.toml as generators/specs/amdil_extract.py makes it from the seed today."""
    spec_path = pathlib.Path(spec_path)
    module_spec = importlib.util.spec_from_file_location("amdil_extract", spec_path.with_name("amdil_extract.py"))
    extract = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(extract)
    text, _ = extract.build_tables(spec_path)
    return text


def builders_header(tables, label, digest):
    out = [emit.banner(label, digest, "One typed builder per AMD IL opcode (builder.hpp says how they check their operands).")]
    out.append('\n#include "../builder.hpp"\n\nnamespace ctisa::amdil::op {\n\n')
    for r in tables["opcodes"]:
        ident = opcode_identifier(r[1])
        note = "" if r[6] >= 0 else "  // no described operands: using it does not compile"
        out.append(f"inline constexpr builder<opcode::{ident}> {ident}{{}};{note}\n")
    out.append("\n}  // namespace ctisa::amdil::op\n")
    return "".join(out)


SOURCE_KINDS = ("float", "integer", "double", "bits")  # the order of exec's operand_kind
FLOW_TESTS = ("none", "nonzero", "zero", "relop", "value", "below_zero")  # the order of exec's lane_test (descriptor.hpp)


def execution_rows(codes, tables):
    """One row a code from amdil_execution.toml [codes]: runs, sources read, pair, result and source kinds."""
    kinds = codes["kinds"]
    mnemonics = {r[2] for r in tables["opcodes"]}
    named = codes["not_executable"] + codes["sets_values"] + list(codes["fewer_sources"]) + list(kinds["mixed_sources"])
    named += [m for key, ms in kinds.items() if key != "mixed_sources" for m in ms]
    named += codes["keeps_bits"] + [m for table in ("flow", "tests") for ms in codes[table].values() for m in ms]
    unknown = sorted(set(named) - mnemonics)
    if unknown:
        raise ValueError(f"amdil_execution.toml [codes] names no code: {unknown}")
    listed = {m: key for key, ms in kinds.items() if key != "mixed_sources" for m in ms}
    flows = {m: kind for kind, ms in codes["flow"].items() for m in ms}
    tests = {m: FLOW_TESTS.index(test) for test, ms in codes["tests"].items() for m in ms}
    # list -> (kind of the sources, pair: 0 one word, 1 double, 2 64-bit integer, float result)
    shapes = {None: ("float", 0, True), "integer": ("integer", 0, False), "integer_to_float": ("integer", 0, True),
              "float_to_bits": ("float", 0, False), "double": ("double", 1, False), "double_to_float": ("double", 1, True),
              "float_to_double": ("float", 1, False), "int64": ("bits", 2, False)}
    rows = []
    for code, _enumerator, mnemonic, _source, group, _line, dst, src, _extra, _from, _uses in tables["opcodes"]:
        declaration = mnemonic not in codes["sets_values"] and (group == "Declaration and Initialization" or mnemonic.startswith("dcl"))
        runs = declaration or (dst >= 0 and mnemonic not in codes["not_executable"])
        sources = 0 if declaration or not runs else codes["fewer_sources"].get(mnemonic, min(src, 4))
        kind, pair, float_result = shapes[listed.get(mnemonic)]
        per_source = kinds["mixed_sources"].get(mnemonic, [kind] * 4)
        per_source = per_source + ["float"] * (4 - len(per_source))
        packed = sum(SOURCE_KINDS.index(k) << (2 * i) for i, k in enumerate(per_source))
        flow, test, keeps = flows.get(mnemonic, "ordinary"), tests.get(mnemonic, 0), int(mnemonic in codes["keeps_bits"])
        rows.append(f"    {{{int(runs)}, {int(declaration)}, {sources}, {pair}, {int(float_result)}, 0x{packed:02X}, {keeps}, {test}, "
                    f"flow_kind::{flow}}},  // {code} {mnemonic}")
    return rows


def execution_header(spec_path, label):
    """generated/execution.hpp: what the executor does with each code (amdil_execution.toml [codes])."""
    path = pathlib.Path(spec_path).with_name("amdil_execution.toml")
    raw = path.read_bytes()
    codes = tomllib.loads(raw.decode())["codes"]
    tables = tomllib.loads(extracted_tables(spec_path))
    rows = execution_rows(codes, tables)
    out = [emit.banner(label.replace("amdil.toml", "amdil_execution.toml"), hashlib.sha256(raw).hexdigest(),
                       "What AMD IL's reference executor does with each code: whether it runs, its sources, their kinds.")]
    out.append("\n#include <array>\n#include <cstdint>\n\n#include \"../../exec/structure.hpp\"\n\nnamespace ctisa::amdil::generated {\n\n"
               "using ctisa::exec::flow_kind;\n\n"
               "// One row a code, in code order.\n"
               "struct execution_row {\n"
               "    std::uint8_t runs : 1;         // the executor runs it (the others stop a run: not_executable)\n"
               "    std::uint8_t declaration : 1;  // describes the program, does nothing at run time\n"
               "    std::uint8_t sources : 3;      // the sources its kernel reads\n"
               "    std::uint8_t pair : 2;         // 0 single words, 1 doubles, 2 64-bit integers (register pairs)\n"
               "    std::uint8_t float_result : 1; // the destination's shift_scale and clamp apply (2.2.5)\n"
               "    std::uint8_t source_kinds;     // two bits a source, source 0 lowest: "
               + ", ".join(f"{i} {k}" for i, k in enumerate(SOURCE_KINDS)) + "\n"
               "    std::uint8_t keeps_bits : 1;   // a NaN of a source is moved, not made the default NaN\n"
               "    std::uint8_t test : 3;         // a flow-control test of src0.x: "
               + ", ".join(f"{i} {k}" for i, k in enumerate(FLOW_TESTS)) + "\n"
               "    flow_kind flow;                // its place in the structured flow control\n};\n"
               f"static_assert(sizeof(execution_row) == 4);\n\n"
               f"inline constexpr std::array<execution_row, {len(rows)}> execution_rows{{{{\n" + "\n".join(rows) + "\n}};\n\n"
               "}  // namespace ctisa::amdil::generated\n")
    return "".join(out)


def generate(spec_path, label, out_dir):
    spec_path = pathlib.Path(spec_path)
    tables_path = spec_path.with_name(spec_path.stem + "_tables.toml")
    tables_text = extracted_tables(spec_path)  # the tables as the seed gives them today
    spec, tables, digest = load(spec_path, tables_text)
    out_dir = pathlib.Path(out_dir)
    return {
        tables_path: tables_text,
        out_dir / "tokens.hpp": tokens_header(spec, tables, label, digest),
        out_dir / "enums.hpp": enums_header(tables, label, digest, spec),
        out_dir / "opcodes.hpp": opcodes_header(tables, label, digest, spec),
        out_dir / "builders.hpp": builders_header(tables, label, digest),
        out_dir / "execution.hpp": execution_header(spec_path, label),
    }
