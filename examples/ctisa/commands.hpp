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
#include <ctisa/core/format.hpp>
#include <ctisa/core/text/writer.hpp>

namespace ctisa_tool {

// An input file or standard input, read whole; `name` is what error messages call it.
struct input {
    std::string name;
    std::string text;
};

std::optional<input> read_input(const std::string& path);  // prints its own error

void print_error(const std::string& file, const ctisa::error& e);

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

template <class Isa>
int assemble(const input& in) {
    int status = 0;
    std::string out;
    ctisa::text::string_sink sink(out);
    ctisa::text::cursor cur(in.text, Isa::comment_starts);
    while (cur.next_statement()) {
        const auto at = cur.where();
        auto parsed = Isa::parse(cur);
        if (!parsed) {
            print_error(in.name, parsed.error());
            status = 1;
        } else if (auto bytes = Isa::encode(*parsed); !bytes) {
            auto e = bytes.error();
            e.line = at.line;
            e.column = at.column;
            print_error(in.name, e);
            status = 1;
        } else {
            ctisa::text::write_bytes(sink, *bytes);
            sink.push('\n');
        }
        cur.next_line();
    }
    if (status == 0) std::cout << out;
    return status;
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

template <class Isa>
int disassemble(const input& in, bool binary) {
    auto hex = binary ? std::optional<hex_bytes>(raw_bytes(in)) : parse_hex(in);
    if (!hex) return 1;
    std::string out;
    ctisa::text::string_sink sink(out);
    std::size_t offset = 0;
    const std::span<const std::uint8_t> bytes(hex->bytes);
    while (offset < bytes.size()) {
        auto d = Isa::decode(bytes.subspan(offset));
        if (!d) {
            std::cout << out;
            print_error(in.name, at_byte(d.error(), *hex, offset));
            return 1;
        }
        Isa::print(sink, d->instruction);
        sink.push('\n');
        offset += d->size;
    }
    std::cout << out;
    return 0;
}

template <class Isa>
int explain(const input& in, bool binary) {
    auto hex = binary ? std::optional<hex_bytes>(raw_bytes(in)) : parse_hex(in);
    if (!hex) return 1;
    int status = 0;
    std::size_t offset = 0;
    const std::span<const std::uint8_t> bytes(hex->bytes);
    while (offset < bytes.size()) {
        const auto rest = bytes.subspan(offset);
        auto d = Isa::decode(rest);
        if (d) {
            std::string text;
            ctisa::text::string_sink sink(text);
            Isa::print(sink, d->instruction);
            std::cout << text << '\n';
        } else {
            std::cout << "(not an instruction: " << d.error().message() << ")\n";
            print_error(in.name, at_byte(d.error(), *hex, offset));
            status = 1;
        }
        const std::size_t size = Isa::explain(rest, [](std::string_view format, const ctisa::field_info& f, std::uint64_t value) {
            std::cout << format << '.' << f.name << '\t' << unsigned(f.bits.lsb) << '\t' << f.bits.msb() << '\t' << value << '\n';
        });
        if (size == 0) break;  // a truncated tail: reported by decode above
        offset += d ? d->size : size;
    }
    return status;
}

template <class Isa>
constexpr isa_entry make_entry(int (*run)(const input&, const std::vector<std::string>&) = nullptr) {
    return isa_entry{Isa::name, &list_opcodes<Isa>, &list_fields<Isa>, &assemble<Isa>, &disassemble<Isa>, &explain<Isa>, run};
}

std::span<const isa_entry> registry();

}  // namespace ctisa_tool
