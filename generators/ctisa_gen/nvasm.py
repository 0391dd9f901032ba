# SPDX-License-Identifier: MIT
"""NVIDIA unified assembly: generators/specs/nvasm.toml -> include/ctisa/nvasm/generated/.

The language is text, so the description is tables only: instructions (Table X.13 rows and the
stage-specific four), modifiers, suffixes, texture targets, condition-code tests, declarations,
options and bindings."""


from . import emit

STAGES = "vfg"
TYPES = {"": "none", "F": "f", "S": "s", "U": "u"}
OPERAND_TYPES = {"": "none", "v": "v", "vf": "vf", "vs": "vs", "vu": "vu", "s": "s", "c": "c", "vc": "vc"}
COLUMNS = "FICSH"
MODIFIER_KINDS = ["type", "cc", "clamp", "ntc", "multiply"]
SLOTS = ["result", "vector", "scalar", "vector_no_swizzle", "extended_swizzle", "texture", "label",
         "cc_test", "cc_mask", "optional_vector", "kill_condition"]
BINDING_CLASSES = ["attrib", "result", "param", "buffer"]


def load(spec_path):
    return emit.load_toml(spec_path, check)


def check(spec):
    forms = {f["name"] for f in spec["form"]}
    for form in spec["form"]:
        for slot in form["slots"]:
            if slot not in SLOTS:
                raise ValueError(f"form {form['name']}: unknown slot {slot}")
    rows = [i["row"] for i in spec["instructions"]["list"]]
    if sorted(rows) != list(range(1, len(rows) + 1)):
        raise ValueError("instruction rows must be 1..N, each once")
    names = [i["mnemonic"] for i in spec["instructions"]["list"]]
    if len(set(names)) != len(names):
        raise ValueError("duplicate mnemonic")
    for ins in spec["instructions"]["list"]:
        where = ins["mnemonic"]
        if ins["form"] not in forms:
            raise ValueError(f"{where}: unknown form {ins['form']}")
        if any(c not in COLUMNS for c in ins["modifiers"]) or ins["default_type"] not in TYPES:
            raise ValueError(f"{where}: bad modifier columns or default type")
        if ins["out"] not in OPERAND_TYPES or any(t not in OPERAND_TYPES for t in ins["inputs"]):
            raise ValueError(f"{where}: bad operand type")
        if not ins["stages"] or any(c not in STAGES for c in ins["stages"]):
            raise ValueError(f"{where}: bad stages")
    for m in spec["modifiers"]["list"]:
        if m["kind"] not in MODIFIER_KINDS:
            raise ValueError(f"modifier {m['name']}: unknown kind")
    for b in spec["bindings"]["list"]:
        if b["class"] not in BINDING_CLASSES or any(c not in STAGES for c in b["stages"]):
            raise ValueError(f"binding {b['pattern']}: bad class or stages")


CPP_KEYWORDS = {"and", "else", "if", "not", "or", "xor", "short", "long", "int", "float"}


def expand(pattern):
    """Every spelling of a binding pattern: "(a|b)" alternatives, "(...)?" optional."""
    depth = 0
    for i, ch in enumerate(pattern):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                optional = pattern[i + 1:i + 2] == "?"
                rest = pattern[i + 2:] if optional else pattern[i + 1:]
                alts, level, cur = [], 0, ""
                for c in pattern[start + 1:i]:
                    if c == "|" and level == 0:
                        alts.append(cur)
                        cur = ""
                        continue
                    level += (c == "(") - (c == ")")
                    cur += c
                alts.append(cur)
                out = []
                for alt in alts + ([""] if optional else []):
                    out.extend(expand(pattern[:start] + alt + rest))
                return out
    return [pattern]


def identifier(name):
    """A C++ identifier for a spec name: lower case; a leading digit prefixed, a keyword suffixed."""
    ident = name.lower()
    if ident in CPP_KEYWORDS:
        return ident + "_"
    return "t" + ident if ident[0].isdigit() else ident


def stage_mask(stages):
    return " | ".join(f"stage_bit::{s}" for s in {"v": "vertex", "f": "fragment", "g": "geometry"}.values()
                      if s[0] in stages) or "0"


def column_mask(columns):
    return " | ".join(f"column::{c}" for c in columns) or "0"


def operand_type(t):
    return f"operand_type::{OPERAND_TYPES[t]}"


def opcodes_header(spec, label, digest):
    instructions = sorted(spec["instructions"]["list"], key=lambda i: i["row"])
    classes = sorted({i["class"] for i in instructions})
    out = [emit.banner(label, digest, "NV_gpu_program4 instructions: Table X.13's rows and the stage-specific four.")]
    out.append("\n#include <array>\n#include <cstdint>\n#include <string_view>\n\n"
               "#include \"../../core/table.hpp\"\n\nnamespace ctisa::nvasm {\n\n")
    out.append(emit.enum("opcode", "std::uint8_t",
                         [("none", 0, None)] + [(identifier(i["mnemonic"]), i["row"], i["description"]) for i in instructions],
                         "Instructions, valued by their row (Table X.13: 1-80; DDX, DDY, EMIT, ENDPRIM: 81-84)."))
    out.append(f"inline constexpr std::size_t opcode_count = {len(instructions)};\n\n")
    out.append(emit.enum("grammar_class", "std::uint8_t", [(identifier(c), None, None) for c in classes],
                         "The grammar rule that lists an opcode (<VECTORop>, ...; SpecialInstruction: a stage's own)."))
    out.append("inline constexpr std::array<std::string_view, %d> grammar_class_names{{%s}};\n\n"
               % (len(classes), ", ".join(emit.cpp_string(c) for c in classes)))
    forms = spec["form"]
    out.append(emit.enum("form", "std::uint8_t", [(f["name"], None, " ".join(f["slots"]) or "no operands") for f in forms],
                         "Operand forms: what follows the opcode and its modifiers."))
    out.append(emit.enum("slot", "std::uint8_t", [("none", None, None)] + [(s, None, None) for s in SLOTS],
                         "One operand position of a form."))
    out.append("struct form_info {\n    std::string_view name;\n    std::uint8_t count;\n    std::array<slot, 5> slots;\n};\n")
    rows = []
    for f in forms:
        slots = ", ".join(f"slot::{s}" for s in f["slots"] + ["none"] * (5 - len(f["slots"])))
        rows.append(f"    form_info{{{emit.cpp_string(f['name'])}, {len(f['slots'])}, {{{slots}}}}}")
    out.append(f"inline constexpr std::array<form_info, {len(forms)}> forms{{{{\n" + ",\n".join(rows) + "}};\n\n")
    out.append(emit.enum("data_type", "std::uint8_t", [("none", None, None), ("f", None, "F"), ("s", None, "S"), ("u", None, "U")],
                         "An instruction's data type modifier (Table X.14 F, S, U)."))
    out.append(emit.enum("operand_type", "std::uint8_t",
                         [(v, None, None) for v in OPERAND_TYPES.values()],
                         "Table X.13's Out and Inputs codes: v inherits the operation's type, vf/vs/vu fixed, s scalar, c a test, vc either."))
    out.append("// Table X.13's modifier columns, as bits.\nnamespace column {\n" +
               "".join(f"inline constexpr std::uint8_t {c} = {1 << k};\n" for k, c in enumerate(COLUMNS)) +
               "}  // namespace column\n")
    out.append("namespace stage_bit {\ninline constexpr std::uint8_t vertex = 1;\n"
               "inline constexpr std::uint8_t fragment = 2;\ninline constexpr std::uint8_t geometry = 4;\n}  // namespace stage_bit\n\n")
    out.append("struct instruction_info {\n    std::string_view mnemonic;\n    opcode code;\n    grammar_class grammar;\n"
               "    nvasm::form form;\n    std::uint8_t columns;        // column:: bits\n    data_type default_type;\n"
               "    operand_type out;\n    std::uint8_t input_count;\n    std::array<operand_type, 3> inputs;\n"
               "    std::uint8_t stages;         // stage_bit:: bits\n    bool multiply_modes;         // S24, U24, HI (MUL only)\n"
               "    std::string_view description;\n};\n\n")
    rows = []
    for i in instructions:
        ins = [operand_type(t) for t in i["inputs"]] + [operand_type("")] * (3 - len(i["inputs"]))
        rows.append(
            f"    instruction_info{{{emit.cpp_string(i['mnemonic'])}, opcode::{identifier(i['mnemonic'])}, "
            f"grammar_class::{identifier(i['class'])}, form::{i['form']}, {column_mask(i['modifiers'])}, "
            f"data_type::{TYPES[i['default_type']]}, {operand_type(i['out'])}, {len(i['inputs'])}, {{{', '.join(ins)}}}, "
            f"{stage_mask(i['stages'])}, {'true' if i.get('special') else 'false'}, {emit.cpp_string(i['description'])}}}")
    out.append("// Indexed by row - 1.\n")
    out.append(f"inline constexpr std::array<instruction_info, {len(rows)}> instructions{{{{\n" + ",\n".join(rows) + "}};\n\n")
    out.append("constexpr const instruction_info& info(opcode code) noexcept { return instructions[static_cast<std::size_t>(code) - 1]; }\n\n")
    names = [(i["mnemonic"].lower(), f"opcode::{identifier(i['mnemonic'])}") for i in instructions]
    out.append("// Sorted by lower-case name for find_by_name; the language is case-sensitive, so a match must\n"
               "// also equal info(code).mnemonic.\n")
    out.append("inline constexpr auto mnemonics = " + emit.name_table("opcode", names) + ";\n")
    out.append("static_assert(is_sorted_by_name(mnemonics));\n\n}  // namespace ctisa::nvasm\n")
    return "".join(out)


def string_array(name, items, doc):
    return (f"// {doc}\ninline constexpr std::array<std::string_view, {len(items)}> {name}{{{{"
            + ", ".join(emit.cpp_string(x) for x in items) + "}};\n\n")


def language_header(spec, label, digest):
    out = [emit.banner(label, digest, "NV_gpu_program4 language tables: modifiers, suffixes, texture targets, tests, declarations, bindings.")]
    out.append("\n#include <array>\n#include <cstdint>\n#include <string_view>\n#include <utility>\n\n#include \"opcodes.hpp\"\n\n"
               "namespace ctisa::nvasm {\n\n")
    stages = {"vertex": "stage_bit::vertex", "fragment": "stage_bit::fragment", "geometry": "stage_bit::geometry"}
    out.append(emit.enum("stage", "std::uint8_t", [(h["stage"], None, h["text"]) for h in spec["header"]],
                         "Program stages, selected by the header."))
    out.append("struct header_info {\n    std::string_view text;\n    nvasm::stage stage;\n    std::uint8_t bit;\n};\n")
    out.append(f"inline constexpr std::array<header_info, {len(spec['header'])}> headers{{{{\n" + ",\n".join(
        f"    header_info{{{emit.cpp_string(h['text'])}, stage::{h['stage']}, {stages[h['stage']]}}}" for h in spec["header"]) + "}};\n\n")

    mods = spec["modifiers"]["list"]
    out.append(emit.enum("modifier_kind", "std::uint8_t", [(k, None, None) for k in MODIFIER_KINDS],
                         "At most one modifier of a kind per instruction (section 2.X.4.1)."))
    out.append(emit.enum("modifier", "std::uint8_t", [(identifier(m["name"]), None, m["meaning"]) for m in mods],
                         "Stand-alone modifiers (Table X.14)."))
    out.append("struct modifier_info {\n    std::string_view name;\n    modifier_kind kind;\n"
               "    std::uint8_t column;  // the Table X.13 column that allows it; 0: NTC or MUL's specials\n};\n")
    col = lambda c: f"column::{c}" if len(c) == 1 and c in COLUMNS else "0"
    out.append(f"inline constexpr std::array<modifier_info, {len(mods)}> modifiers{{{{\n" + ",\n".join(
        f"    modifier_info{{{emit.cpp_string(m['name'])}, modifier_kind::{m['kind']}, {col(m['column'])}}}" for m in mods) + "}};\n\n")

    sufs = spec["suffixes"]["list"]
    out.append("// Opcode suffixes (Table X.15), in the order they must appear: type, condition code, clamp.\n"
               "struct suffix_info {\n    std::string_view text;\n    modifier meaning;\n    std::uint8_t column;\n};\n")
    out.append(f"inline constexpr std::array<suffix_info, {len(sufs)}> suffixes{{{{\n" + ",\n".join(
        f"    suffix_info{{{emit.cpp_string(s['text'])}, modifier::{identifier(s['modifier'])}, column::{s['column']}}}" for s in sufs) + "}};\n\n")

    targets = spec["texture_targets"]["list"]
    out.append(emit.enum("texture_target", "std::uint8_t", [("none", None, None)] + [(identifier(t["name"]), None, None) for t in targets],
                         "Texture targets (<texTarget>, Tables X.17 and X.18)."))
    out.append("struct texture_target_info {\n    std::string_view name;\n    texture_target target;\n    bool shadow, array, cube;\n"
               "    bool sampled;  // by TEX, TXB, TXD, TXL, TXP (BUFFER is not)\n    bool fetched;  // by TXF (Table X.18)\n"
               "    std::uint8_t offset_components;  // how many texel-offset components may be non-zero (section 2.X.4.4)\n"
               "    bool reference_in_w;  // the depth reference is w, which TXB, TXL and TXP read for themselves\n};\n")
    out.append(f"inline constexpr std::array<texture_target_info, {len(targets)}> texture_targets{{{{\n" + ",\n".join(
        f"    texture_target_info{{{emit.cpp_string(t['name'])}, texture_target::{identifier(t['name'])}, "
        f"{str(t['shadow']).lower()}, {str(t['array']).lower()}, {str(t['cube']).lower()}, "
        f"{'false' if 'only' in t else 'true'}, {'true' if t['fetch'] else 'false'}, "
        f"{0 if t['cube'] else sum(c != '-' for c in t['coords'])}, {str(t['reference'] == 'w').lower()}}}" for t in targets) + "}};\n\n")

    tests = spec["cc_tests"]["list"]
    out.append(emit.enum("cc_rule", "std::uint8_t", [(identifier(t["name"]), None, f"{t['meaning']}: {t['condition']}") for t in tests],
                         "Condition-code tests (Table X.16); each is spelled NAME, NAME0 (CC0) or NAME1 (CC1)."))
    out.append(string_array("cc_rule_names", [t["name"] for t in tests], "Indexed by cc_rule."))
    spellings = sorted((f"{t['name']}{d}", f"cc_spelling{{cc_rule::{identifier(t['name'])}, {1 if d == '1' else 0}, {emit.cpp_string(d)}}}")
                       for t in tests for d in ("", "0", "1"))
    out.append("struct cc_spelling {\n    cc_rule rule;\n    std::uint8_t reg;  // 0: CC0, 1: CC1\n    std::string_view digit;\n};\n")
    out.append(f"// Every spelling of a test (<ccMaskRule>), sorted.\ninline constexpr std::array<std::pair<std::string_view, cc_spelling>, {len(spellings)}> cc_spellings{{{{\n"
               + ",\n".join(f"    std::pair<std::string_view, cc_spelling>{{{emit.cpp_string(n)}, {v}}}" for n, v in spellings) + "}};\n\n")

    decls = spec["declarations"]["list"]
    out.append(emit.enum("declaration", "std::uint8_t", [(identifier(d["keyword"]), None, d["description"]) for d in decls],
                         "Statements other than instructions."))
    out.append("struct declaration_info {\n    std::string_view keyword;\n    nvasm::declaration kind;\n    std::uint8_t stages;\n};\n")
    out.append(f"inline constexpr std::array<declaration_info, {len(decls)}> declarations{{{{\n" + ",\n".join(
        f"    declaration_info{{{emit.cpp_string(d['keyword'])}, declaration::{identifier(d['keyword'])}, {stage_mask(d['stages'])}}}" for d in decls) + "}};\n\n")
    vms = spec["declarations"]["variable_modifiers"]
    kinds = ["precision", "type", "interpolation"]
    out.append(emit.enum("variable_modifier_kind", "std::uint8_t", [(k, None, None) for k in kinds], "Kinds of <varModifier>."))
    out.append(emit.enum("variable_modifier", "std::uint8_t", [(identifier(v["name"]), None, None) for v in vms], "<varModifier> and <interpModifier>."))
    out.append("struct variable_modifier_info {\n    std::string_view name;\n    variable_modifier_kind kind;\n    std::uint8_t stages;\n};\n")
    out.append(f"inline constexpr std::array<variable_modifier_info, {len(vms)}> variable_modifiers{{{{\n" + ",\n".join(
        f"    variable_modifier_info{{{emit.cpp_string(v['name'])}, variable_modifier_kind::{v['kind']}, {stage_mask(v['stages'])}}}" for v in vms) + "}};\n\n")
    out.append(string_array("primitives_in", spec["declarations"]["primitive_in"], "PRIMITIVE_IN arguments (geometry)."))
    out.append(string_array("primitives_out", spec["declarations"]["primitive_out"], "PRIMITIVE_OUT arguments (geometry)."))

    opts = spec["options"]["list"]
    out.append("struct option_info {\n    std::string_view name;\n    std::uint8_t stages;\n"
               "    std::string_view group;  // at most one option of a non-empty group\n};\n")
    out.append(f"inline constexpr std::array<option_info, {len(opts)}> options{{{{\n" + ",\n".join(
        f"    option_info{{{emit.cpp_string(o['name'])}, {stage_mask(o['stages'])}, {emit.cpp_string(o['group'])}}}" for o in opts) + "}};\n\n")

    binds = [(p, b) for b in spec["bindings"]["list"] for p in expand(b["pattern"])]
    out.append(emit.enum("binding_class", "std::uint8_t", [(c, None, None) for c in BINDING_CLASSES], "What a binding names."))
    out.append("// Bindings, every spelling: components separated by '.', [n] a required index, [n]? an optional one.\n"
               "struct binding_info {\n    std::string_view pattern;\n    binding_class kind;\n    std::uint8_t stages;\n"
               "    bool multi;      // the last index may be a range [a..b] in a declaration list\n"
               "    bool list_only;  // only in a declaration list\n};\n")
    out.append(f"inline constexpr std::array<binding_info, {len(binds)}> bindings{{{{\n" + ",\n".join(
        f"    binding_info{{{emit.cpp_string(p)}, binding_class::{b['class']}, {stage_mask(b['stages'])}, "
        f"{str(b.get('multi', False)).lower()}, {str(b.get('list_only', False)).lower()}}}" for p, b in binds) + "}};\n\n")
    hashed = sorted((names_hash(p), i) for i, (p, _) in enumerate(binds))
    out.append("// The bindings by (names_hash of the pattern, index): those of one hash are a run, in table order, that\n"
               "// one binary search finds (operands.hpp's find_binding). Written here, not sorted by constant evaluation\n"
               "// in every translation unit; the nvasm tests check it against names_hash.\n"
               "struct hashed_binding {\n    std::uint32_t hash;\n    std::uint32_t index;\n};\n"
               f"inline constexpr std::array<hashed_binding, {len(hashed)}> bindings_by_hash{{{{\n"
               + ",\n".join(f"    {{0x{h:08X}u, {i}}}" for h, i in hashed) + "}};\n\n")
    out.append("}  // namespace ctisa::nvasm\n")
    return "".join(out)


def path_components(path):
    """A binding path split at the dots outside brackets (operands.hpp's next_component)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(path):
        depth += (ch == "[") - (ch == "]")
        if ch == "." and depth == 0:
            parts.append(path[start:i])
            start = i + 1
    return parts + [path[start:]]


def names_hash(path):
    """FNV-1a of the component names, each cut at its '[' and followed by '.' (operands.hpp's names_hash)."""
    h = 2166136261
    for c in path_components(path) if path else []:
        for ch in c.split("[", 1)[0].encode():
            h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
        h = ((h ^ 0x2E) * 16777619) & 0xFFFFFFFF
    return h


def builders_header(spec, label, digest):
    out = [emit.banner(label, digest, "One typed builder per NV_gpu_program4 instruction (ctisa/nvasm/builder.hpp).")]
    out.append("\n#include \"../builder.hpp\"\n\nnamespace ctisa::nvasm::build {\n\n")
    for i in sorted(spec["instructions"]["list"], key=lambda i: i["row"]):
        ident = identifier(i["mnemonic"])
        out.append(f"// {i['mnemonic']}: {i['description']}\ninline constexpr builder<opcode::{ident}> {ident}{{}};\n")
    out.append("\n}  // namespace ctisa::nvasm::build\n")
    return "".join(out)


def generate(spec_path, label, out_dir):
    return emit.headers(spec_path, label, out_dir, load(spec_path), {"opcodes.hpp": opcodes_header, "language.hpp": language_header, "builders.hpp": builders_header})
