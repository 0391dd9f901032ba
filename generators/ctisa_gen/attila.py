# SPDX-License-Identifier: MIT
"""ATTILA: generators/specs/attila.toml -> include/ctisa/attila/generated/."""


from . import emit

SLOT_KINDS = ["none", "vector_result", "predicate_result", "source", "source_or_imm",
              "predicate_source", "texture", "sample", "offset"]
TYPES = {"none": "none", "float": "floating", "int": "integer", "predicate": "predicate"}
SHAPES = ["none", "vector", "scalar", "dot", "special", "texture", "fixed", "derivative"]
IMMEDIATES = {None: "none", "float": "floating", "int": "integer"}


def load(spec_path):
    return emit.load_toml(spec_path, check)


def check(spec):
    bits = spec["isa"]["word_bits"]
    for fmt in spec["format"]:
        covered = [0] * bits
        for f in fmt["fields"]:
            if not 0 <= f["lsb"] <= f["msb"] < bits:
                raise ValueError(f"{fmt['name']}.{f['name']}: bits {f['lsb']}-{f['msb']} outside the word")
            for b in range(f["lsb"], f["msb"] + 1):
                covered[b] += 1
        if any(c != 1 for c in covered):
            raise ValueError(f"format {fmt['name']} does not cover each bit exactly once: {covered}")
    forms = {f["name"] for f in spec["form"]}
    for form in spec["form"]:
        for slot in form["slots"]:
            if slot not in SLOT_KINDS:
                raise ValueError(f"form {form['name']}: unknown slot kind {slot}")
    codes = set()
    names = set()
    for op in spec["opcode"]:
        if op["form"] not in forms:
            raise ValueError(f"{op['mnemonic']}: unknown form {op['form']}")
        if op["code"] in codes or op["mnemonic"] in names:
            raise ValueError(f"{op['mnemonic']}: duplicate code or mnemonic")
        codes.add(op["code"])
        names.add(op["mnemonic"])
        if op["type"] not in TYPES or op.get("shape", "none") not in SHAPES:
            raise ValueError(f"{op['mnemonic']}: bad type or shape")
    reserved = {r["code"] for r in spec["reserved_opcode"]}
    rng = spec["reserved_range"]
    for code in range(256):
        listed = (code in codes) + (code in reserved) + (rng["first"] <= code <= rng["last"])
        if listed != 1:
            raise ValueError(f"opcode 0x{code:02X} must be defined or reserved exactly once")


def formats_header(spec, label, digest):
    out = [emit.banner(label, digest, "ATTILA encoding formats: one described struct per layout.")]
    out.append("\n#include <array>\n#include <cstddef>\n#include <cstdint>\n#include <string_view>\n\n"
               "#include \"../../core/format.hpp\"\n\nnamespace ctisa::attila::generated {\n\n")
    for fmt in spec["format"]:
        out.append(emit.described_format(fmt["name"], fmt["word"], fmt["fields"], fmt["description"]))
        out.append("\n")
    out.append("}  // namespace ctisa::attila::generated\n")
    return "".join(out)


def opcodes_header(spec, label, digest):
    ops = sorted(spec["opcode"], key=lambda o: o["code"])
    forms = spec["form"]
    form_names = [f["name"] for f in forms]
    out = [emit.banner(label, digest, "ATTILA banks, operand forms and opcodes.")]
    out.append("\n#include <array>\n#include <cstdint>\n#include <string_view>\n\n"
               "#include \"../../core/table.hpp\"\n\nnamespace ctisa::attila {\n\n")

    out.append(emit.enum("bank", "std::uint8_t",
                         [(b["name"], b["code"], b["description"]) for b in spec["bank"]],
                         "Register banks as encoded in the 3-bit bank fields."))
    out.append("\n")
    out.append(emit.enum("slot_kind", "std::uint8_t", [(k, None, None) for k in SLOT_KINDS],
                         "What an operand slot of a form accepts (result, source 1, source 2, source 3)."))
    out.append("\n")
    out.append(emit.enum("form", "std::uint8_t", [(f["name"], None, None) for f in forms],
                         "Operand forms: the slots an instruction has and how unused ones are encoded."))
    out.append("\n")
    out.append(emit.enum("value_type", "std::uint8_t", [(v, None, None) for v in TYPES.values()],
                         "How an instruction reads its sources."))
    out.append("\n")
    out.append(emit.enum("result_shape", "std::uint8_t", [(s, None, None) for s in SHAPES],
                         "How an instruction forms its result."))
    out.append("\n")
    out.append(emit.enum("immediate_kind", "std::uint8_t", [(v, None, None) for v in ["none", "floating", "integer"]],
                         "What the immediate of source 2 holds, when the instruction accepts one."))
    out.append("\n")
    out.append(emit.enum("opcode", "std::uint8_t",
                         [(o["mnemonic"], f"0x{o['code']:02X}", o["description"]) for o in ops],
                         f"The {len(ops)} defined opcodes; every other 8-bit value is reserved."))
    out.append("\n")

    out.append("""struct bank_info {
    std::string_view name;
    char letter;               // the register letter in assembly ('\\0' for none)
    bool readable;
    bool writable;
    std::uint16_t registers;   // how many registers the bank holds
    std::uint16_t first_index; // the assembly number of its register 0 (c256 for param2)
};

struct form_info {
    std::string_view name;
    std::array<slot_kind, 4> slots;  // result, source 1, source 2, source 3
    bool immediate_layout;           // qword 1 uses the immediate layout
    bool zero_fill;                  // unused fields are zero rather than the unused-slot values
    std::uint8_t result_bank;        // bank code stored for a predicate result
    std::uint8_t result_mask;        // write mask stored for a predicate result
    bool invert_result;              // '!' on the result is allowed (stored in the saturate bit)
    std::uint8_t unused_swizzle;     // swizzle stored in unused source slots
};

struct opcode_info {
    std::string_view mnemonic;
    opcode code;
    attila::form form;
    value_type type;          // how sources are read
    value_type result_type;   // what the result holds
    result_shape shape;
    bool saturate;            // _sat is accepted
    immediate_kind immediate; // kind of immediate source 2 may be
    std::string_view description;
};

""")
    access = {"read": ("true", "false"), "write": ("false", "true"), "read_write": ("true", "true"),
              "none": ("false", "false")}
    rows = []
    for b in spec["bank"]:
        r, w = access[b["access"]]
        letter = f"'{b['letter']}'" if b["letter"] else "'\\0'"
        rows.append(f"    bank_info{{{emit.cpp_string(b['name'])}, {letter}, {r}, {w}, {b['registers']}, {b.get('first_index', 0)}}}")
    out.append(f"inline constexpr std::array<bank_info, {len(rows)}> banks{{{{\n" + ",\n".join(rows) + "}};\n\n")

    rows = []
    for f in forms:
        slots = ", ".join(f"slot_kind::{s}" for s in f["slots"])
        rows.append(
            f"    form_info{{{emit.cpp_string(f['name'])}, {{{slots}}}, "
            f"{'true' if f['layout'] == 'hi64_immediate' else 'false'}, "
            f"{'true' if f.get('zero_fill') else 'false'}, {f.get('result_bank', 7)}, "
            f"0x{f.get('result_mask', 0xF):X}, {'true' if f.get('invert_result') else 'false'}, "
            f"0x{f.get('unused_swizzle', 0x1B):02X}}}")
    out.append(f"inline constexpr std::array<form_info, {len(rows)}> forms{{{{\n" + ",\n".join(rows) + "}};\n\n")

    rows = []
    for o in ops:
        rtype = o.get("result_type", o["type"])
        rows.append(
            f"    opcode_info{{{emit.cpp_string(o['mnemonic'])}, opcode::{o['mnemonic']}, form::{o['form']}, "
            f"value_type::{TYPES[o['type']]}, value_type::{TYPES[rtype]}, result_shape::{o.get('shape', 'none')}, "
            f"{'true' if o.get('saturate') else 'false'}, immediate_kind::{IMMEDIATES[o.get('immediate')]}, "
            f"{emit.cpp_string(o['description'])}}}")
    out.append(f"// Sorted by opcode value.\ninline constexpr std::array<opcode_info, {len(rows)}> opcodes{{{{\n"
               + ",\n".join(rows) + "}};\n\n")

    index = ["-1"] * 256
    for i, o in enumerate(ops):
        index[o["code"]] = str(i)
    out.append("// Position in `opcodes` of each 8-bit opcode value, -1 for reserved values.\n"
               "inline constexpr std::array<std::int8_t, 256> opcode_index{{\n    "
               + ", ".join(index) + "}};\n\n")

    names = []
    for o in ops:
        names.append((o["mnemonic"], f"opcode::{o['mnemonic']}"))
        for alias in o.get("aliases", []):
            names.append((alias, f"opcode::{o['mnemonic']}"))
    out.append("// Mnemonics (and aliases) sorted for binary search.\ninline constexpr auto mnemonics = "
               + emit.name_table("opcode", names) + ";\n")
    out.append("static_assert(is_sorted_by_name(mnemonics));\n\n")
    out.append("// X(mnemonic) for every opcode, in opcode order: for switches over all of them.\n"
               "#define CTISA_ATTILA_OPCODES(X) " + " ".join(f"X({o['mnemonic']})" for o in ops) + "\n\n")
    out.append("[[nodiscard]] constexpr const opcode_info& info(opcode op) noexcept {\n"
               "    return opcodes[static_cast<std::size_t>(opcode_index[static_cast<std::uint8_t>(op)])];\n}\n\n"
               "[[nodiscard]] constexpr const form_info& info(attila::form f) noexcept {\n"
               "    return forms[static_cast<std::size_t>(f)];\n}\n\n"
               "[[nodiscard]] constexpr const bank_info& info(bank b) noexcept {\n"
               "    return banks[static_cast<std::size_t>(b)];\n}\n\n")
    out.append("}  // namespace ctisa::attila\n")
    return "".join(out)


def builders_header(spec, label, digest):
    ops = sorted(spec["opcode"], key=lambda o: o["code"])
    out = [emit.banner(label, digest, "One typed builder per ATTILA opcode.")]
    out.append('\n#include "../builder.hpp"\n\nnamespace ctisa::attila {\n\n')
    for o in ops:
        out.append(f"// {o['description']}\ninline constexpr builder<opcode::{o['mnemonic']}> {o['mnemonic']}{{}};\n")
    out.append("\n}  // namespace ctisa::attila\n")
    return "".join(out)


def generate(spec_path, label, out_dir):
    return emit.headers(spec_path, label, out_dir, load(spec_path), {"formats.hpp": formats_header, "opcodes.hpp": opcodes_header, "builders.hpp": builders_header})
