// SPDX-License-Identifier: MIT
// ctisa: the command-line face of the library (see README.md and ../shared/DESIGN.md).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "run_options.hpp"

namespace ctisa_tool {

std::optional<input> read_input(const std::string& path) {
    input in;
    if (path.empty() || path == "-") {
        in.name = "<stdin>";
        std::ostringstream s;
        s << std::cin.rdbuf();
        in.text = s.str();
        return in;
    }
    in.name = path;
    // The reason from the system: a missing file, a folder, no permission.
    const auto fail = [&] {
        std::cerr << path << ": error: cannot open the file: " << std::strerror(errno) << '\n';
        return std::nullopt;
    };
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return fail();
    char buffer[65536];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) in.text.append(buffer, n);
    const bool failed = std::ferror(f) != 0;
    std::fclose(f);
    if (failed) return fail();
    return in;
}

namespace {

// Control characters and bytes beyond ASCII as \xNN: binary noise must not reach a terminal raw.
std::string printable(std::string_view text) {
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f) {
            out.push_back(c);
        } else {
            constexpr const char* digits = "0123456789abcdef";
            out.append("\\x").push_back(digits[u >> 4]);
            out.push_back(digits[u & 15]);
        }
    }
    return out;
}

// The text at a line and column: up to a blank, ',' or the end of the line.
std::string_view token_at(std::string_view text, std::uint32_t line, std::uint32_t column) {
    std::size_t at = 0;
    for (std::uint32_t l = 1; l < line && at != std::string_view::npos; ++l) {
        at = text.find('\n', at);
        if (at != std::string_view::npos) ++at;
    }
    if (at == std::string_view::npos || line == 0 || column == 0 || at + column - 1 > text.size()) return {};
    const std::string_view rest = text.substr(at + column - 1);
    return rest.substr(0, rest.find_first_of(" \t\r\n,;"));
}

}  // namespace

void print_error(const std::string& file, const ctisa::error& e, std::string_view note) {
    const std::string subject = printable(e.subject);
    ctisa::error shown = e;
    shown.subject = subject;
    std::cerr << file;
    if (e.line != 0) std::cerr << ':' << e.line << ':' << e.column;
    std::cerr << ": error: " << ctisa::describe_message(shown);
    if (!note.empty()) std::cerr << ": " << note;
    if (e.offset != 0 || e.code == ctisa::error_code::truncated) std::cerr << " [byte offset " << e.offset << ']';
    std::cerr << '\n';
}

// One convention for the offending text: where the error gives only the start of a token (the
// bank letter of c999), the whole token as written.
void print_error(const std::string& file, std::string_view text, std::uint32_t first_line, ctisa::error e) {
    if (!e.subject.empty()) {
        const std::string_view token = token_at(text, e.line, e.column);
        if (token.size() > e.subject.size() && token.starts_with(e.subject)) e.subject = token;
    }
    if (e.line != 0) e.line += first_line - 1;
    print_error(file, e);
}

void print_error(const input& in, ctisa::error e) { print_error(in.name, in.text, 1, e); }

int empty_input(const std::string& file, std::string_view what) {
    std::cerr << file << ": error: empty input: " << what << '\n';
    return 1;
}

hex_bytes raw_bytes(const input& in) {
    hex_bytes out;
    append_raw(in.text, 0, out);
    return out;
}

}  // namespace ctisa_tool

namespace {

using namespace ctisa_tool;

constexpr const char* usage_text =
    "usage: ctisa COMMAND [ARGS]\n"
    "\n"
    "  isas                      list the instruction sets, one a line\n"
    "  opcodes ISA               TSV: mnemonic, format, opcode (decimal)[, secondary opcode]\n"
    "  fields ISA                TSV: format, field, lsb, msb\n"
    "  asm ISA [FILE] [--binary] [-o OUT]\n"
    "                            assemble; prints each instruction's bytes in memory order\n"
    "  dis ISA [FILE] [--binary] [--addresses] [--bytes]\n"
    "                            disassemble hex bytes (or raw bytes with --binary)\n"
    "  explain ISA [FILE] [--binary]\n"
    "                            each instruction's text, then TSV: format.field, lsb, msb, value\n"
    "  doc ISA                   an HTML page: formats as bit diagrams, fields, enums, opcodes, syntax\n"
    "  run ISA FILE [--binary] [--lanes N] [--inputs FILE] [--steps N] [--float]\n"
    "               [--bench [--runs N]]\n"
    "                            execute on the reference executor (ctisa run ISA --help)\n"
    "\n"
    "  --version                 the version of ctisa\n"
    "\n"
    "FILE absent or '-' reads standard input. Errors: FILE:LINE:COL: error: ... (exit 1);\n"
    "usage errors exit 2; run's step budget running out exits 3. Every command takes --help.\n";

const char* command_help(const std::string& cmd) {
    if (cmd == "isas") return "usage: ctisa isas\nLists the instruction sets ctisa knows, one a line.\n";
    if (cmd == "opcodes")
        return "usage: ctisa opcodes ISA\nOne instruction a line, tab-separated: mnemonic, format, opcode (decimal)\n"
               "and, where the ISA has one, the secondary opcode.\n";
    if (cmd == "fields")
        return "usage: ctisa fields ISA\nOne encoding field a line, tab-separated: format, field, lsb, msb\n"
               "(bits as the ISA's document numbers them; the format says which word).\n";
    if (cmd == "asm")
        return "usage: ctisa asm ISA [FILE] [--binary] [-o OUT]\nAssembles FILE (or standard input). Prints one instruction a line: its\n"
               "bytes in memory order, two lowercase hex digits each, separated by one space;\n"
               "with --binary the raw bytes instead. -o OUT writes OUT instead of standard output\n"
               "(and removes it again if assembly fails). Every faulty line is reported as\n"
               "FILE:LINE:COL: error: ...; nothing is written after the first, and the exit status is 1.\n";
    if (cmd == "dis")
        return "usage: ctisa dis ISA [FILE] [--binary] [--addresses] [--bytes]\n"
               "Disassembles hex bytes or, with --binary, the raw bytes of FILE. Prints one instruction a line.\n"
               "Hex: tokens separated by whitespace or commas, '#' and ';' comments to the end of a line;\n"
               "a token is an even number of hex digits, bytes in memory order (\"17 00\", \"1700\"), or 0x\n"
               "and one or two digits, one byte (\"0x17, 0x0\"). A longer 0x number is refused: its byte\n"
               "order is not written down.\n"
               "--addresses and --bytes put each instruction's byte offset and bytes in front of it, as\n"
               "objdump does. A unit that does not decode is reported (FILE:LINE:COL: error: ...) and\n"
               "listed as a comment; the rest is decoded on (exit status 1). Where a unit's meaning\n"
               "depends on the whole program (cayman, amdil) decoding stops at the first bad unit.\n";
    if (cmd == "explain")
        return "usage: ctisa explain ISA [FILE] [--binary]\nFor each instruction: its text, then one tab-separated line a field:\n"
               "format.field, lsb, msb, value (decimal). Input: hex or raw bytes as for dis, or assembly\n"
               "text (an input that does not read as hex is assembled first).\n";
    if (cmd == "doc") return "usage: ctisa doc ISA > ISA.html\nWrites one self-contained HTML page describing the ISA.\n";
    if (cmd == "run")
        return "usage: ctisa run ISA FILE [--binary] [--lanes N] [--inputs FILE] [--steps N] [--float]\n"
               "                 [--bench [--runs N]]\n"
               "Runs FILE on the reference executor; 'ctisa run ISA --help' says what the ISA's inputs are.\n";
    return nullptr;
}

// One line: what is wrong, and where the help is.
int usage_error(const std::string& message, const std::string& command = "") {
    std::cerr << "ctisa: " << message << " (see 'ctisa " << (command.empty() ? "" : command + " ") << "--help')\n";
    return 2;
}

const isa_entry* find_isa(const std::string& name) {
    for (const auto& e : registry())
        if (e.name == name) return &e;
    return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) return usage_error("missing command");
    const std::string cmd = args[0];
    args.erase(args.begin());
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
        std::cout << usage_text;
        return 0;
    }
    if (cmd == "--version") {
        std::cout << "ctisa " CTISA_VERSION "\n";
        return 0;
    }
    const char* help = command_help(cmd);
    if (!help) return usage_error("unknown command '" + cmd + "'");

    command_options opts;
    std::vector<std::string> positional, options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            if (cmd == "run" && !positional.empty()) {
                options.push_back(a);
                continue;
            }
            std::cout << help;
            return 0;
        }
        if (a == "--binary" && (cmd == "dis" || cmd == "explain" || cmd == "asm")) {
            opts.binary = true;
        } else if (a == "--addresses" && cmd == "dis") {
            opts.columns.addresses = true;
        } else if (a == "--bytes" && cmd == "dis") {
            opts.columns.bytes = true;
        } else if (a == "-o" && cmd == "asm") {
            if (i + 1 == args.size()) return usage_error("-o needs a FILE", cmd);
            opts.output = args[++i];
        } else if (cmd == "run" && a.size() > 1 && a[0] == '-' && a != "-") {
            options.push_back(a);
            if (run_option_takes_value(a) && i + 1 < args.size()) options.push_back(args[++i]);
        } else if (a.size() > 1 && a[0] == '-') {
            return usage_error("unknown option '" + a + "' for " + cmd, cmd);
        } else {
            positional.push_back(a);
        }
    }

    if (cmd == "isas") {
        if (!positional.empty()) return usage_error("isas takes no arguments", cmd);
        for (const auto& e : registry()) std::cout << e.name << '\n';
        return 0;
    }
    if (positional.empty()) return usage_error(cmd + " needs an ISA; 'ctisa isas' lists them", cmd);
    const isa_entry* isa = find_isa(positional[0]);
    if (!isa) return usage_error("unknown ISA '" + positional[0] + "'; 'ctisa isas' lists them", cmd);

    if (cmd == "opcodes" || cmd == "fields" || cmd == "doc") {
        if (positional.size() != 1) return usage_error(cmd + " takes only an ISA", cmd);
        if (cmd == "doc") isa->doc(std::cout);
        else (cmd == "opcodes" ? isa->opcodes : isa->fields)();
        return 0;
    }
    if (positional.size() > 2) return usage_error(cmd + " takes an ISA and at most one FILE", cmd);
    if (cmd == "run") {
        if (!isa->run) {
            std::cerr << "ctisa: the reference executor does not run " << isa->name << " yet\n";
            return 1;
        }
        for (const auto& o : options)
            if (o == "--help" || o == "-h") return isa->run(input{}, options);
        if (positional.size() != 2) return usage_error("run needs a FILE", cmd);
    }
    const std::string file = positional.size() == 2 ? positional[1] : "-";
    if (cmd == "run") {
        const auto in = read_input(file);
        if (!in) return 1;
        return isa->run(*in, options);
    }
    auto in = input_stream::open(file);
    if (!in) return 1;
    if (cmd == "asm") return isa->assemble(*in, opts);
    if (cmd == "dis") return isa->disassemble(*in, opts);
    return isa->explain(*in, opts);
}
