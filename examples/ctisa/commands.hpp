// SPDX-License-Identifier: MIT
// The ctisa command-line tool's commands, written once for every ISA. An ISA joins the tool with
// one line in registry.cpp: make_run_entry<its run adapter>() (run.hpp), or make_entry<its isa
// traits>() while it has no executor.
#pragma once

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <ctisa/core/assembler.hpp>
#include <ctisa/core/error_text.hpp>
#include <ctisa/core/format.hpp>
#include <ctisa/core/text/writer.hpp>

#include "doc.hpp"

namespace ctisa_tool {

// An input file or standard input, read whole; `name` is what error messages call it.
struct input {
    std::string name;
    std::string text;
};

std::optional<input> read_input(const std::string& path);  // prints its own error

// FILE:LINE:COL: error: ... (ctisa::describe's form); with the input, the offending token whole.
void print_error(const std::string& file, const ctisa::error& e);
void print_error(const input& in, ctisa::error e);

// Hex bytes as the tool writes them (pairs of digits, any whitespace, '#' comments), remembering
// the line and column where each byte starts so that errors point into the text.
struct hex_bytes {
    std::vector<std::uint8_t> bytes;
    std::vector<ctisa::text::position> where;
};
std::optional<hex_bytes> parse_hex(const input& in);  // prints its own error
hex_bytes raw_bytes(const input& in);

struct isa_entry {
    std::string_view name;
    void (*opcodes)();
    void (*fields)();
    int (*assemble)(const input&);
    int (*disassemble)(const input&, bool binary);
    int (*explain)(const input&, bool binary);
    int (*run)(const input&, const std::vector<std::string>& options);  // null: no executor yet
    void (*doc)(std::ostream&);                                         // doc.hpp
};

template <class Isa>
void list_opcodes() {
    Isa::for_each_opcode([](std::string_view mnemonic, std::string_view format, unsigned code, long secondary) {
        std::cout << mnemonic << '\t' << format << '\t' << code;
        if (secondary >= 0) std::cout << '\t' << secondary;
        std::cout << '\n';
    });
}

template <class Isa>
void list_fields() {
    Isa::for_each_field([](std::string_view format, const ctisa::field_info& f) {
        std::cout << format << '\t' << f.name << '\t' << unsigned(f.bits.lsb) << '\t' << f.bits.msb() << '\n';
    });
}

// Binary ISAs: the image, one unit a line in memory order. Text-only ISAs: the canonical text.
// Every faulty statement is reported; where the ISA encodes statements alone, every one that
// cannot be encoded too.
template <class Isa>
int assemble(const input& in) {
    ctisa::statement_list<Isa> program;
    int status = ctisa::read_statements<Isa>(in.text, program, [&](const ctisa::error& e) { print_error(in, e); }).failed();
    std::string out;
    ctisa::text::string_sink sink(out);
    if constexpr (ctisa::binary_isa<Isa>) {
        if constexpr (ctisa::contract::statements_independent<Isa>())
            for (std::size_t i = 0; i < program.statements.size(); ++i)
                if (auto bytes = Isa::encode(program.statements[i]); !bytes) {
                    print_error(
                        in, program.at_statement(ctisa::error{bytes.error().code, 0, 0, static_cast<std::uint32_t>(i), bytes.error().subject}));
                    status = 1;
                }
        if (status != 0) return status;
        const auto image = ctisa::assemble_image<Isa>(program);
        if (!image) {
            print_error(in, image.error());
            return 1;
        }
        const std::span<const std::uint8_t> bytes(image->bytes);
        std::size_t start = 0;
        for (std::size_t end : image->unit_ends) {
            ctisa::text::write_bytes(sink, bytes.subspan(start, end - start));
            sink.push('\n');
            start = end;
        }
    } else {
        if (status != 0) return status;
        ctisa::print_program<Isa>(sink, std::span<const typename Isa::instruction>(program.statements));
    }
    std::cout << out;
    return 0;
}

inline ctisa::error at_byte(ctisa::error e, const hex_bytes& hex, std::size_t offset) {
    if (offset < hex.where.size()) {
        e.line = hex.where[offset].line;
        e.column = hex.where[offset].column;
    } else {
        e.line = hex.where.empty() ? 1 : hex.where.back().line;
        e.column = 1;
    }
    e.offset = static_cast<std::uint32_t>(offset);
    return e;
}

// The image decoded as a whole program (the ISA's stream decoder), one statement a line. A
// text-only ISA reads its text and prints it canonically, as asm does.
template <class Isa>
int disassemble(const input& in, bool binary) {
    if constexpr (ctisa::text_only_isa<Isa>) {
        return binary ? (print_error(in, ctisa::error{ctisa::error_code::unexpected_character, 1, 1, 0, "an ISA of text has no bytes"}), 1)
                      : assemble<Isa>(in);
    } else {
        auto hex = binary ? std::optional<hex_bytes>(raw_bytes(in)) : parse_hex(in);
        if (!hex) return 1;
        std::string out;
        ctisa::text::string_sink sink(out);
        const ctisa::error e =
            ctisa::for_each_decoded<Isa>(hex->bytes, [&](const typename Isa::instruction& ins) { ctisa::print_statement<Isa>(sink, ins); });
        std::cout << out;
        if (!e.failed()) return 0;
        print_error(in, at_byte(e, *hex, e.offset));
        return 1;
    }
}

inline void print_field(std::string_view format, const ctisa::field_info& f, std::uint64_t value) {
    std::cout << format << '.' << f.name << '\t' << unsigned(f.bits.lsb) << '\t' << f.bits.msb() << '\t' << value << '\n';
}

// A text-only ISA that explains statements (Isa::explain(sink, instruction)): what the parser made
// of each one. Otherwise each unit's text, then its fields. Units that mean the same wherever they
// are: a unit that does not decode is explained too, and the walk goes on after it. Otherwise the
// stream decoder walks the program and stops at the first error.
template <class Isa>
int explain(const input& in, bool binary) {
    if constexpr (ctisa::text_only_isa<Isa>) {
        constexpr bool explains = requires(ctisa::text::string_sink& s, const typename Isa::instruction& i) { Isa::explain(s, i); };
        if (binary || !explains) {
            print_error(in, ctisa::error{ctisa::error_code::unexpected_character, 1, 1, 0, "an ISA of text has no fields"});
            return 1;
        }
        ctisa::statement_list<Isa> program;
        if (ctisa::read_statements<Isa>(in.text, program, [&](const ctisa::error& e) { print_error(in, e); }).failed()) return 1;
        std::string out;
        ctisa::text::string_sink sink(out);
        if constexpr (explains)
            for (const auto& statement : program.statements) Isa::explain(sink, statement);
        std::cout << out;
        return 0;
    } else {
        auto hex = binary ? std::optional<hex_bytes>(raw_bytes(in)) : parse_hex(in);
        if (!hex) return 1;
        const std::span<const std::uint8_t> bytes(hex->bytes);
        const auto print_text = [](const typename Isa::instruction& ins) {
            std::string text;
            ctisa::text::string_sink sink(text);
            Isa::print(sink, ins);
            std::cout << text << '\n';
        };
        if constexpr (ctisa::has_stream_decoder<Isa>) {
            const ctisa::error e =
                ctisa::for_each_decoded<Isa>(bytes, [&](const typename Isa::instruction& ins, std::size_t offset, std::size_t) {
                    print_text(ins);
                // A unit whose meaning depends on its place (Cayman): the decoded statement knows it.
                    if constexpr (requires { Isa::explain(ins, print_field); }) Isa::explain(ins, print_field);
                    else Isa::explain(bytes.subspan(offset), print_field);
                });
            if (!e.failed()) return 0;
            print_error(in, at_byte(e, *hex, e.offset));
            return 1;
        } else {
            int status = 0;
            for (std::size_t offset = 0; offset < bytes.size();) {
                const auto rest = bytes.subspan(offset);
                const auto d = Isa::decode(rest);
                if (d) {
                    print_text(d->instruction);
                } else {
                    std::cout << "(not an instruction: " << d.error().message() << ")\n";
                    print_error(in, at_byte(d.error(), *hex, offset));
                    status = 1;
                }
                const std::size_t size = Isa::explain(rest, print_field);
                if (size == 0) break;  // a truncated tail: reported by decode above
                offset += d ? d->size : size;
            }
            return status;
        }
    }
}

template <class Isa>
constexpr isa_entry make_entry(int (*run)(const input&, const std::vector<std::string>&) = nullptr) {
    return isa_entry{Isa::name, &list_opcodes<Isa>, &list_fields<Isa>, &assemble<Isa>, &disassemble<Isa>, &explain<Isa>, run, &write_doc<Isa>};
}

std::span<const isa_entry> registry();

}  // namespace ctisa_tool
