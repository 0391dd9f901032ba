// SPDX-License-Identifier: MIT
// The ctisa command-line tool's commands, written once for every ISA. An ISA joins the tool with
// one line in registry.cpp: make_run_entry<its run adapter>() (run.hpp), or make_entry<its isa
// traits>() while it has no executor.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
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
#include "stream.hpp"

namespace ctisa_tool {

// An input file or standard input, read whole (run); `name` is what error messages call it.
struct input {
    std::string name;
    std::string text;
};

std::optional<input> read_input(const std::string& path);  // prints its own error

// FILE:LINE:COL: error: ... (ctisa::describe's form), then ": note" when there is one. An error
// with no position (line 0: about the whole input) prints as FILE: error: .... Control characters
// and bytes beyond ASCII in the offending text print as \xNN.
void print_error(const std::string& file, const ctisa::error& e, std::string_view note = {});
// With the text the error is about (its first line's number in the file: first_line), the
// offending token whole.
void print_error(const std::string& file, std::string_view text, std::uint32_t first_line, ctisa::error e);
void print_error(const input& in, ctisa::error e);
// An input with nothing in it: "FILE: error: empty input: <what>", no position.
int empty_input(const std::string& file, std::string_view what);

hex_bytes raw_bytes(const input& in);

// What the commands take besides the ISA and FILE.
struct command_options {
    bool binary = false;           // dis, explain, run: raw bytes in; asm: raw bytes out
    listing_columns columns;       // dis --addresses, --bytes
    std::string output;            // asm -o FILE ("": standard output)
};

struct isa_entry {
    std::string_view name;
    void (*opcodes)();
    void (*fields)();
    int (*assemble)(input_stream&, const command_options&);
    int (*disassemble)(input_stream&, const command_options&);
    int (*explain)(input_stream&, const command_options&);
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

// A text-only ISA has no bit fields: `fields` prints none and says on standard error where a
// statement's parts are shown instead.
template <class Isa>
void list_fields() {
    if constexpr (ctisa::text_only_isa<Isa>)
        std::cerr << "ctisa: " << Isa::name << " is a language of text: a statement has parts (opcode, modifiers, operands), not bit "
                  << "fields; 'ctisa explain " << Isa::name << " FILE' prints each statement's parts\n";
    Isa::for_each_field([](std::string_view format, const ctisa::field_info& f) {
        std::cout << format << '\t' << f.name << '\t' << unsigned(f.bits.lsb) << '\t' << f.bits.msb() << '\n';
    });
}

// Whether a text holds a statement at all (comments and blank lines do not count).
template <class Isa>
bool has_statement(std::string_view text) {
    auto in = ctisa::contract::cursor<Isa>(text);
    return in.next_statement();
}

// Where an ISA's text can be read a block of lines at a time: statements of one line that need
// nothing from the others.
template <class Isa>
constexpr bool assembles_by_lines = ctisa::contract::statements_independent<Isa>() && ctisa::contract::terminator<Isa>() == '\n';

// Where an image can be decoded a unit at a time: units that mean the same wherever they are.
template <class Isa>
constexpr bool decodes_by_units = ctisa::binary_isa<Isa> && !ctisa::has_stream_decoder<Isa>;

// Where assembled output goes: standard output, or FILE (removed again if assembly fails).
class assembled_output {
public:
    explicit assembled_output(const std::string& path) : path_(path), file_(path.empty() ? stdout : std::fopen(path.c_str(), "wb")) {
        if (!file_) std::cerr << path << ": error: cannot write the file: " << std::strerror(errno) << '\n';
    }
    assembled_output(const assembled_output&) = delete;
    assembled_output& operator=(const assembled_output&) = delete;
    [[nodiscard]] bool ok() const noexcept { return file_ != nullptr; }
    output_sink& sink() { return sink_; }
    int finish(int status) {
        sink_.flush();
        if (file_ != stdout) {
            if (std::fclose(file_) != 0 && status == 0) {
                std::cerr << path_ << ": error: cannot write the file: " << std::strerror(errno) << '\n';
                status = 1;
            }
            if (status != 0) std::remove(path_.c_str());
        }
        file_ = nullptr;
        return status;
    }
    ~assembled_output() {
        if (file_) finish(1);
    }

private:
    std::string path_;
    std::FILE* file_;
    output_sink sink_{file_};
};

// Assembles one text (a block of lines, or the whole input) and writes its units: hex, one unit
// a line, or raw bytes (--binary); a text-only ISA its canonical text. Every faulty statement is
// reported; after the first, nothing more is written (the output so far stays a correct prefix).
template <class Isa>
bool assemble_text(std::string_view text, std::uint32_t first_line, const std::string& name, const command_options& opts, output_sink& out,
                   bool write) {
    const auto report = [&](const ctisa::error& e) { print_error(name, text, first_line, e); };
    ctisa::statement_list<Isa> program;
    bool ok = !ctisa::read_statements<Isa>(text, program, report).failed();
    if constexpr (ctisa::binary_isa<Isa>) {
        if constexpr (ctisa::contract::statements_independent<Isa>())
            for (std::size_t i = 0; i < program.statements.size(); ++i)
                if (auto bytes = Isa::encode(program.statements[i]); !bytes) {
                    report(program.at_statement(ctisa::error{bytes.error().code, 0, 0, static_cast<std::uint32_t>(i), bytes.error().subject}));
                    ok = false;
                }
        if (!ok) return false;
        const auto image = ctisa::assemble_image<Isa>(program);
        if (!image) return report(image.error()), false;
        if (!write) return true;
        const std::span<const std::uint8_t> bytes(image->bytes);
        if (opts.binary) {
            for (std::uint8_t b : bytes) out.push(static_cast<char>(b));
            return true;
        }
        std::size_t start = 0;
        for (std::size_t end : image->unit_ends) {
            ctisa::text::write_bytes(out, bytes.subspan(start, end - start));
            out.push('\n');
            start = end;
        }
    } else {
        if (ok && write) ctisa::print_program<Isa>(out, std::span<const typename Isa::instruction>(program.statements));
    }
    return ok;
}

// `asm`: a block of lines at a time where the ISA allows it, else the whole program.
template <class Isa>
int assemble(input_stream& in, const command_options& opts) {
    if (opts.binary && !ctisa::binary_isa<Isa>) {
        print_error(in.name(), ctisa::error{ctisa::error_code::unexpected_character, 0, 0, 0, "--binary"}, "an ISA of text has no bytes");
        return 1;
    }
    assembled_output output(opts.output);
    if (!output.ok()) return 1;
    bool ok = true, any = false;
    if constexpr (assembles_by_lines<Isa>) {
        std::string_view block;
        while (in.next(block, true))
            if (has_statement<Isa>(block)) {
                any = true;
                ok = assemble_text<Isa>(block, in.first_line(), in.name(), opts, output.sink(), ok) && ok;
            }
        if (in.failed()) return output.finish(1);
    } else {
        const auto text = in.rest();
        if (!text) return output.finish(1);
        any = has_statement<Isa>(*text);
        if (any) ok = assemble_text<Isa>(*text, 1, in.name(), opts, output.sink(), true);
    }
    if (!any) return output.finish(empty_input(in.name(), "no statements"));
    return output.finish(ok ? 0 : 1);
}

// The position of the byte at `local` (an index into `hex`), for an error at it.
inline ctisa::error at_byte(ctisa::error e, const hex_bytes& hex, std::size_t local) {
    if (local < hex.where.size()) {
        e.line = hex.where[local].line;
        e.column = hex.where[local].column;
    } else {
        e.line = hex.where.empty() ? 1 : hex.where.back().line;
        e.column = 1;
    }
    e.offset = static_cast<std::uint32_t>(hex.base + local);
    return e;
}

// A unit that does not decode, in the listing: a comment in the ISA's own syntax, so that the
// listing still assembles (without that unit) and its addresses stay in step.
template <class Isa>
void write_bad_unit(output_sink& out, const ctisa::error& e) {
    out.push(ctisa::contract::comment_starts<Isa>().front());
    out.append(" (bad: ");
    out.append(ctisa::describe(e));
    out.append(")\n");
}

// Decodes the units of `hex` that are complete (all of them at the end of the input), prints
// each, and reports each one that does not decode, then goes on after it (an instruction's size
// further: units of one size, as attila's and valhall's, stay in step). Drops what it decoded.
template <class Isa>
int decode_units(hex_bytes& hex, bool at_end, const std::string& name, const listing_columns& columns, output_sink& out) {
    const std::span<const std::uint8_t> bytes(hex.bytes);
    int status = 0;
    std::size_t at = 0;
    while (bytes.size() - at >= (at_end ? 1 : Isa::max_unit_bytes)) {
        const auto rest = bytes.subspan(at);
        auto d = Isa::decode(rest);
        if (d && d->size != 0) {
            write_columns(out, columns, hex.base + at, rest.first(d->size));
            ctisa::print_statement<Isa>(out, d->instruction);
            at += d->size;
            continue;
        }
        const ctisa::error e = d ? ctisa::error{ctisa::error_code::truncated} : d.error();
        const std::size_t skip = std::min(Isa::max_unit_bytes, rest.size());
        write_columns(out, columns, hex.base + at, rest.first(skip));
        write_bad_unit<Isa>(out, e);
        out.flush();
        print_error(name, at_byte(e, hex, at));
        status = 1;
        at += skip;
    }
    hex.drop_front(at);
    return status;
}

// Reads the input's bytes (hex text, or raw with --binary) a block at a time into `hex` and calls
// take(at_end) after each block; false after printing an input error.
template <class Take>
bool read_bytes(input_stream& in, bool binary, hex_bytes& hex, bool& any, Take&& take) {
    std::string_view block;
    while (in.next(block, !binary)) {
        if (binary) append_raw(block, in.offset(), hex);
        else if (!parse_hex(block, in.first_line(), in.name(), hex, true)) return false;
        any = any || !hex.bytes.empty();
        take(false);
    }
    if (in.failed()) return false;
    take(true);
    return true;
}

// The whole input's bytes at once (the ISAs whose layout needs the whole program).
inline std::optional<hex_bytes> read_all_bytes(input_stream& in, bool binary) {
    const auto text = in.rest();
    if (!text) return std::nullopt;
    hex_bytes hex;
    if (binary) append_raw(*text, 0, hex);
    else if (!parse_hex(*text, 1, in.name(), hex, true)) return std::nullopt;
    return hex;
}

// `dis`: units one at a time where they mean the same wherever they are; otherwise the whole
// image through the ISA's stream decoder, which stops at the first error (the units after it
// have no known place: Cayman's clauses, AMD IL's packets). A text-only ISA reads its text and
// prints it canonically, as asm does.
template <class Isa>
int disassemble(input_stream& in, const command_options& opts) {
    if constexpr (ctisa::text_only_isa<Isa>) {
        if (opts.binary) {
            print_error(in.name(), ctisa::error{ctisa::error_code::unexpected_character, 0, 0, 0, "--binary"}, "an ISA of text has no bytes");
            return 1;
        }
        return assemble<Isa>(in, opts);
    } else {
        output_sink out;
        hex_bytes hex;
        bool any = false;
        int status = 0;
        if constexpr (decodes_by_units<Isa>) {
            if (!read_bytes(in, opts.binary, hex, any,
                            [&](bool at_end) { status |= decode_units<Isa>(hex, at_end, in.name(), opts.columns, out); }))
                return 1;
        } else {
            auto all = read_all_bytes(in, opts.binary);
            if (!all) return 1;
            hex = std::move(*all);
            if (hex.bytes.empty()) return empty_input(in.name(), "no bytes");
            any = true;
            const std::span<const std::uint8_t> bytes(hex.bytes);
            const ctisa::error e =
                ctisa::for_each_decoded<Isa>(bytes, [&](const typename Isa::instruction& ins, std::size_t offset, std::size_t size) {
                    write_columns(out, opts.columns, offset, bytes.subspan(offset, size));
                    ctisa::print_statement<Isa>(out, ins);
                });
            if (e.failed()) {
                write_columns(out, opts.columns, e.offset, {});
                write_bad_unit<Isa>(out, e);
                out.flush();
                print_error(in.name(), at_byte(e, hex, e.offset));
                status = 1;
            }
        }
        if (!any) return empty_input(in.name(), "no bytes");
        return status;
    }
}

// The lines explain prints for a unit's parts: FORMAT.FIELD lsb msb value a bit field, or
// name value a part of a statement of text.
struct explained_parts {
    output_sink& out;
    void operator()(std::string_view format, const ctisa::field_info& f, std::uint64_t value) const {
        out.append(format);
        out.push('.');
        out.append(f.name);
        for (const std::uint64_t n : {std::uint64_t{f.bits.lsb}, std::uint64_t{f.bits.msb()}, value}) {
            out.push('\t');
            ctisa::text::write_unsigned(out, n);
        }
        out.push('\n');
    }
    void operator()(std::string_view name, std::string_view value) const {
        out.append(name);
        out.push('\t');
        out.append(value);
        out.push('\n');
    }
};

// One decoded unit as explain prints it: its text (every unit, listed or not), then a line a
// part (the ISA's one explain).
template <class Isa>
void explain_unit(output_sink& out, const typename Isa::instruction& ins) {
    Isa::print(out, ins);
    if constexpr (ctisa::contract::terminator<Isa>() != '\n')
        if (ctisa::contract::terminated<Isa>(ins)) out.push(ctisa::contract::terminator<Isa>());
    out.push('\n');
    Isa::explain(ins, explained_parts{out});
}

// Each unit explained, from bytes known to hold whole units (or all that is left, at_end). As
// dis: units of one meaning everywhere one at a time, going on after a bad one; otherwise the
// stream decoder, up to its first error.
template <class Isa>
int explain_units(hex_bytes& hex, bool at_end, const std::string& name, output_sink& out) {
    const std::span<const std::uint8_t> bytes(hex.bytes);
    if constexpr (ctisa::has_stream_decoder<Isa>) {
        const ctisa::error e = ctisa::for_each_decoded<Isa>(
            bytes, [&](const typename Isa::instruction& ins, std::size_t, std::size_t) { explain_unit<Isa>(out, ins); });
        hex.drop_front(bytes.size());
        if (!e.failed()) return 0;
        out.flush();
        print_error(name, at_byte(e, hex, e.offset));
        return 1;
    } else {
        int status = 0;
        std::size_t at = 0;
        while (bytes.size() - at >= (at_end ? 1 : Isa::max_unit_bytes)) {
            const auto rest = bytes.subspan(at);
            const auto d = Isa::decode(rest);
            if (d && d->size != 0) {
                explain_unit<Isa>(out, d->instruction);
                at += d->size;
                continue;
            }
            const ctisa::error e = d ? ctisa::error{ctisa::error_code::truncated} : d.error();
            out.append("(not an instruction: ");
            out.append(e.message());
            out.append(")\n");
            out.flush();
            print_error(name, at_byte(e, hex, at));
            status = 1;
            at += std::min(Isa::max_unit_bytes, rest.size());
        }
        hex.drop_front(at);
        return status;
    }
}

// explain's assembly text: assembled whole (its image is ours, so it decodes), then explained.
template <class Isa>
int explain_text(const std::string& name, std::string_view text, output_sink& out) {
    if (!has_statement<Isa>(text)) return empty_input(name, "no statements");
    ctisa::statement_list<Isa> program;
    if (ctisa::read_statements<Isa>(text, program, [&](const ctisa::error& e) { print_error(name, text, 1, e); }).failed()) return 1;
    const auto image = ctisa::assemble_image<Isa>(program);
    if (!image) return print_error(name, text, 1, image.error()), 1;
    hex_bytes hex;
    hex.bytes = image->bytes;
    hex.where.assign(hex.bytes.size(), ctisa::text::position{});
    return explain_units<Isa>(hex, true, name, out);
}

// `explain`: hex (or raw bytes, --binary) as dis reads it, or assembly text: an input whose first
// block does not read as hex is assembled first (the whole input), then explained.
template <class Isa>
int explain(input_stream& in, const command_options& opts) {
    if constexpr (ctisa::text_only_isa<Isa>) {
        if (opts.binary) {
            print_error(in.name(), ctisa::error{ctisa::error_code::unexpected_character, 0, 0, 0, "--binary"}, "an ISA of text has no bytes");
            return 1;
        }
        const auto all = in.rest();
        if (!all) return 1;
        if (!has_statement<Isa>(*all)) return empty_input(in.name(), "no statements");
        ctisa::statement_list<Isa> program;
        if (ctisa::read_statements<Isa>(*all, program, [&](const ctisa::error& e) { print_error(in.name(), *all, 1, e); }).failed()) return 1;
        output_sink out;
        for (const auto& statement : program.statements) explain_unit<Isa>(out, statement);
        return 0;
    } else {
        output_sink out;
        hex_bytes hex;
        if constexpr (!decodes_by_units<Isa>) {
            const auto all = in.rest();
            if (!all) return 1;
            if (opts.binary) append_raw(*all, 0, hex);
            else if (!parse_hex(*all, 1, in.name(), hex, false)) return explain_text<Isa>(in.name(), *all, out);
            if (hex.bytes.empty()) return empty_input(in.name(), "no bytes");
            return explain_units<Isa>(hex, true, in.name(), out);
        } else {
            std::string_view first;
            const bool more = in.next(first, !opts.binary);
            if (in.failed()) return 1;
            if (opts.binary && more) append_raw(first, in.offset(), hex);
            if (!opts.binary && more && !parse_hex(first, in.first_line(), in.name(), hex, false)) {
                std::string source(first);  // before rest(), which reuses the block's buffer
                const auto rest = in.rest();
                if (!rest) return 1;
                return explain_text<Isa>(in.name(), source.append(*rest), out);
            }
            bool any = !hex.bytes.empty();
            int status = explain_units<Isa>(hex, false, in.name(), out);
            if (!read_bytes(in, opts.binary, hex, any, [&](bool at_end) { status |= explain_units<Isa>(hex, at_end, in.name(), out); }))
                return 1;
            if (!any) return empty_input(in.name(), "no bytes");
            return status;
        }
    }
}

// What an ISA gives the tool for every command but run (run.hpp's run_adapter adds that): the
// text contract, the listings and one explain (ctisa::listable_isa, core/contract.hpp).
template <class Isa>
concept tool_isa = ctisa::listable_isa<Isa>;

template <tool_isa Isa>
constexpr isa_entry make_entry(int (*run)(const input&, const std::vector<std::string>&) = nullptr) {
    return isa_entry{Isa::name, &list_opcodes<Isa>, &list_fields<Isa>, &assemble<Isa>, &disassemble<Isa>, &explain<Isa>, run, &write_doc<Isa>};
}

std::span<const isa_entry> registry();

}  // namespace ctisa_tool
