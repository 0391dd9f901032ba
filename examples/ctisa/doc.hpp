// SPDX-License-Identifier: MIT
// `ctisa doc ISA`: one self-contained HTML page about an ISA, built from its compile-time
// description. What the contract gives every ISA (for_each_field, for_each_opcode) makes the bit
// diagrams and the field and opcode tables; an ISA's doc_adapter (doc_adapter.hpp) adds its
// enums and each instruction's syntax and meaning.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "doc_adapter.hpp"
#include <ctisa/core/format.hpp>

namespace ctisa_tool {

namespace doc_detail {

struct format_fields {
    std::string name;
    std::vector<ctisa::field_info> fields;
};

inline std::string escape(std::string_view s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '&': out += "&amp;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

inline std::string hex(unsigned v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%02X", v);
    return buf;
}

// An anchor-safe name: letters, digits, '-' and '_'.
inline std::string anchor(std::string_view prefix, std::string_view name) {
    std::string out(prefix);
    for (char c : name) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-') ? c : '_';
    return out;
}

inline unsigned msb_of(const ctisa::field_info& f) { return f.bits.msb(); }

constexpr std::string_view style = R"(
body { font-family: sans-serif; margin: 2em; max-width: 80em; color: #222; }
code, .bits td { font-family: monospace; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #eee; }
table.bits { table-layout: fixed; width: 100%; }
table.bits td { text-align: center; font-size: 0.75em; overflow: hidden; padding: 0.2em 0; }
table.bits td.field { background: #dde8f6; }
table.bits td.gap { background: #f6f6f6; color: #999; }
table.bits tr.index td { border: none; color: #777; }
td.yes { color: #060; } td.no { color: #a00; }
nav a { margin-right: 1em; }
)";

// Fields grouped by format in the order the ISA lists them.
template <class Isa>
std::vector<format_fields> formats_of() {
    std::vector<format_fields> out;
    Isa::for_each_field([&](std::string_view format, const ctisa::field_info& f) {
        auto it = std::find_if(out.begin(), out.end(), [&](const format_fields& ff) { return ff.name == format; });
        if (it == out.end()) it = out.insert(out.end(), format_fields{std::string(format), {}});
        it->fields.push_back(f);
    });
    return out;
}

// Fields that overlap (alternative meanings of the same bits) go on separate lines of the diagram.
inline std::vector<std::vector<ctisa::field_info>> layers_of(const std::vector<ctisa::field_info>& fields) {
    std::vector<std::vector<ctisa::field_info>> layers;
    for (const auto& f : fields) {
        auto fits = [&](const std::vector<ctisa::field_info>& layer) {
            return std::none_of(layer.begin(), layer.end(), [&](const ctisa::field_info& g) {
                return g.bits.word == f.bits.word && g.bits.lsb <= msb_of(f) && f.bits.lsb <= msb_of(g);
            });
        };
        auto it = std::find_if(layers.begin(), layers.end(), fits);
        if (it == layers.end()) layers.emplace_back(1, f);
        else it->push_back(f);
    }
    return layers;
}

// The bit diagram: 32 bits a row, most significant first; each field a cell as wide as its bits.
inline void write_diagram(std::ostream& out, const format_fields& format) {
    unsigned top = 0;
    for (const auto& f : format.fields) top = std::max(top, msb_of(f) + 1);
    const unsigned width = std::max(32u, (top + 31) / 32 * 32);
    const auto layers = layers_of(format.fields);
    out << "<table class=\"bits\">\n";
    for (unsigned row_hi = width; row_hi > 0; row_hi -= 32) {
        const unsigned row_lo = row_hi - 32;
        out << "<tr class=\"index\">";
        for (unsigned b = row_hi; b-- > row_lo;) out << "<td>" << b << "</td>";
        out << "</tr>\n";
        for (const auto& layer : layers) {
            out << "<tr>";
            for (unsigned b = row_hi; b > row_lo;) {
                const unsigned bit = b - 1;
                auto f =
                    std::find_if(layer.begin(), layer.end(), [&](const ctisa::field_info& g) { return g.bits.lsb <= bit && bit <= msb_of(g); });
                unsigned low = row_lo;
                if (f != layer.end()) {
                    low = std::max(row_lo, static_cast<unsigned>(f->bits.lsb));
                } else {
                    for (const auto& g : layer)
                        if (msb_of(g) < bit) low = std::max(low, msb_of(g) + 1);
                }
                const unsigned span = bit + 1 - low;
                if (f != layer.end())
                    out << "<td class=\"field\" colspan=\"" << span << "\" title=\"" << escape(f->name) << " [" << msb_of(*f) << ':'
                        << unsigned(f->bits.lsb) << "]\">" << escape(f->name) << "</td>";
                else out << "<td class=\"gap\" colspan=\"" << span << "\"></td>";
                b = low;
            }
            out << "</tr>\n";
        }
    }
    out << "</table>\n";
}

inline void write_fields_table(std::ostream& out, const format_fields& format) {
    out << "<table class=\"fields\">\n<tr><th>field</th><th>bits</th><th>width</th><th>word</th></tr>\n";
    for (const auto& f : format.fields) {
        out << "<tr><td>" << escape(f.name) << "</td><td>" << msb_of(f);
        if (f.bits.width > 1) out << '-' << unsigned(f.bits.lsb);
        out << "</td><td>" << unsigned(f.bits.width) << "</td><td>" << unsigned(f.bits.word) << "</td></tr>\n";
    }
    out << "</table>\n";
}

template <class Isa>
void write_opcodes(std::ostream& out, const std::vector<format_fields>& formats) {
    out << "<section id=\"opcodes\">\n<h2>Opcodes</h2>\n<table class=\"opcodes\">\n"
           "<tr><th>mnemonic</th><th>format</th><th>opcode</th><th>decimal</th><th>secondary</th></tr>\n";
    Isa::for_each_opcode([&](std::string_view mnemonic, std::string_view format, unsigned code, long secondary) {
        const bool drawn = std::any_of(formats.begin(), formats.end(), [&](const format_fields& f) { return f.name == format; });
        out << "<tr><td><code>" << escape(mnemonic) << "</code></td><td>";
        if (drawn) out << "<a href=\"#" << anchor("format-", format) << "\">" << escape(format) << "</a>";
        else out << escape(format);
        out << "</td><td>" << hex(code) << "</td><td>" << code << "</td><td>" << (secondary >= 0 ? hex(static_cast<unsigned>(secondary)) : "")
            << "</td></tr>\n";
    });
    out << "</table>\n</section>\n";
}

template <class Adapter>
void write_enums(std::ostream& out) {
    out << "<section id=\"enums\">\n<h2>Enums</h2>\n";
    Adapter::for_each_enum([&](const ctisa::enum_doc& e) {
        out << "<section id=\"" << anchor("enum-", e.name) << "\" class=\"enum\">\n<h3>" << escape(e.name) << "</h3>\n<p>"
            << escape(e.description) << "</p>\n<table class=\"values\">\n<tr><th>value</th><th>name</th><th>meaning</th></tr>\n";
        for (const auto& v : e.values)
            out << "<tr><td>" << v.value << "</td><td><code>" << escape(v.name) << "</code></td><td>" << escape(v.description) << "</td></tr>\n";
        out << "</table>\n</section>\n";
    });
    out << "</section>\n";
}

template <class Adapter>
void write_instructions(std::ostream& out) {
    out << "<section id=\"instructions\">\n<h2>Instructions</h2>\n<p>Optional parts in brackets; &lt;enum&gt; is one value of "
           "that enum (see Enums).</p>\n<table class=\"instructions\">\n"
           "<tr><th>mnemonic</th><th>syntax</th><th>what it does</th><th>operands</th><th>reference executor</th></tr>\n";
    Adapter::for_each_instruction([&](const ctisa::instruction_doc& d) {
        out << "<tr id=\"" << anchor("ins-", d.mnemonic) << "\"><td><code>" << escape(d.mnemonic) << "</code></td><td><code>" << escape(d.syntax)
            << "</code></td><td>" << escape(d.summary) << "</td><td>" << escape(d.details) << "</td>";
        switch (d.runs) {
            case ctisa::executes::yes: out << "<td class=\"yes\">runs</td>"; break;
            case ctisa::executes::no: out << "<td class=\"no\">not executable: " << escape(d.why_not) << "</td>"; break;
            default: out << "<td>no executor</td>";
        }
        out << "</tr>\n";
    });
    out << "</table>\n</section>\n";
}

}  // namespace doc_detail

template <class Isa>
void write_doc(std::ostream& out) {
    using namespace doc_detail;
    const auto formats = formats_of<Isa>();
    constexpr bool described = ctisa::has_doc_adapter<Isa>;
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>ctisa: " << escape(Isa::name) << "</title>\n<style>"
        << style << "</style>\n</head>\n<body>\n<h1>" << escape(Isa::name) << "</h1>\n";
    if constexpr (described) out << "<p>" << escape(ctisa::doc_adapter<Isa>::summary) << "</p>\n";
    out << "<p>Generated by <code>ctisa doc " << escape(Isa::name) << "</code> from ctisa's compile-time description.</p>\n<nav>"
        << "<a href=\"#formats\">Formats</a><a href=\"#opcodes\">Opcodes</a>";
    if constexpr (described) out << "<a href=\"#enums\">Enums</a><a href=\"#instructions\">Instructions</a>";
    out << "</nav>\n<section id=\"formats\">\n<h2>Formats</h2>\n";
    for (const auto& f : formats) {
        out << "<section id=\"" << anchor("format-", f.name) << "\" class=\"format\">\n<h3>" << escape(f.name) << "</h3>\n";
        write_diagram(out, f);
        write_fields_table(out, f);
        out << "</section>\n";
    }
    out << "</section>\n";
    write_opcodes<Isa>(out, formats);
    if constexpr (described) {
        write_enums<ctisa::doc_adapter<Isa>>(out);
        write_instructions<ctisa::doc_adapter<Isa>>(out);
    }
    out << "</body>\n</html>\n";
}

}  // namespace ctisa_tool
