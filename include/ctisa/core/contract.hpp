// SPDX-License-Identifier: MIT
// The ISA contract: what an ISA provides to the engine, written as concepts, and the defaults the
// engine uses for whatever an ISA leaves out. An ISA is a traits struct; it provides only what is
// its own.
//
// Every ISA (concept text_isa):
//   using instruction = ...;        one statement of the language: a default-constructible,
//                                   structural value type (a constexpr program is a template argument)
//   static constexpr std::string_view name;
//   static constexpr result<instruction> parse(text::cursor&);   one statement, up to its end
//      or, when statements depend on each other (declarations, labels, forward references):
//   using context = ...;            what the parser has learnt from the statements before
//   static constexpr result<instruction> parse(text::cursor&, context&);
//   template <class Sink> static constexpr void print(Sink&, const instruction&);  one statement
//
// Optional, with their defaults:
//   comment_starts = "#;"           characters that start a comment to the end of the line
//   statement_terminator = '\n'     one statement a line; ';' (NV): several a line, ended by ';'
//   block_comments = false          true: /* ... */ is a blank, across lines too (AMD IL)
//   terminated(const instruction&) -> bool
//                                   false for a statement that carries no terminator (NV
//                                   assembly's header line, labels, END); default true
//   resolve(context&, std::span<instruction>) -> error
//                                   after the last statement: forward references, missing ends
//                                   (default: nothing to resolve)
//
// A binary ISA (concept binary_isa) adds:
//   static constexpr std::size_t max_unit_bytes;          the largest unit the image has
//   static constexpr result<B> encode(const instruction&);  B: a range of bytes, one unit
//   static constexpr result<decoded<instruction>> decode(std::span<const std::uint8_t>);
//                                   one unit from the start of the bytes
// and optionally:
//   link(std::span<const instruction>, const context&, Sink&) -> error
//                                   lays out the whole image (headers, addresses, clause placement,
//                                   alignment) instead of concatenating units: Sink has push(byte)
//                                   and end_unit(); an error's `offset` is the statement index
//   max_image_bytes(std::size_t statements)     a bound on the image (default statements * max_unit_bytes)
//   using decoder = ...;            a stream decoder that keeps state across units and walks the
//                                   image in the order of the statements (what a word means depends
//                                   on what came before; clauses may lie elsewhere):
//                                   decoder(std::span<const uint8_t> image); bool done();
//                                   result<decoded<instruction>> next(), errors with their byte offset
//                                   (default: decode() at each offset, one unit after the other)
//   encode_parsed(const instruction&) -> as encode()
//                                   an instruction parse() returned, which parse() has validated:
//                                   only its fields placed (validation once; default: encode())
//   is_canonical(const instruction&) -> bool
//                                   false for a non-canonical form the ISA accepts and round-trips
//                                   (AMD IL's optional tokens with default content); decode_program
//                                   can refuse those (default: every instruction is canonical)
//   branch_to(instruction&, std::size_t at, std::size_t target) -> error
//                                   for emitters' labels (emitter.hpp): points the branch at
//                                   statement `at` to statement `target` in the ISA's convention;
//                                   refuses a non-branch or a target out of reach (default: none,
//                                   and an emitter has no branches to labels)
//
// A text-only ISA (NV assembly) has no encode or decode: its "image" is its canonical text.
//
// An ISA the tools list (concept listable_isa: `ctisa opcodes`, `fields`, `explain`, `doc`) adds:
//   for_each_opcode(f)       f(mnemonic, format, opcode, secondary opcode or -1) an opcode
//   for_each_field(f)        f(format, field_info) a field of every format (none for text)
//   explain(instruction, f)  the parts of one decoded unit: f(format, field_info, value) a bit
//                            field; a text-only ISA, which has none, f(name, value text) a part
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

#include "format.hpp"
#include "result.hpp"
#include "text/cursor.hpp"

namespace ctisa {

template <class Instruction>
struct decoded {
    Instruction instruction{};
    std::size_t size = 0;    // bytes the unit took
    std::size_t offset = 0;  // where it starts in the image (set by stream decoders)
};

// The context of an ISA whose statements need nothing from each other.
struct no_context {};

namespace contract {

// A sink that accepts any text: the printer's requirement is checked against it.
struct probe_sink {
    constexpr void push(char) noexcept {}
    constexpr void append(std::string_view) noexcept {}
};

template <class Isa>
struct context_of {
    using type = no_context;
};
template <class Isa>
    requires requires { typename Isa::context; }
struct context_of<Isa> {
    using type = typename Isa::context;
};

}  // namespace contract

template <class Isa>
using context_t = typename contract::context_of<Isa>::type;

template <class Isa>
concept isa_description = requires {
    typename Isa::instruction;
    { Isa::name } -> std::convertible_to<std::string_view>;
} && std::is_default_constructible_v<typename Isa::instruction> && std::is_copy_constructible_v<typename Isa::instruction>;

template <class Isa>
concept parses_alone = requires(text::cursor& in) {
    { Isa::parse(in) } -> std::same_as<result<typename Isa::instruction>>;
};
template <class Isa>
concept parses_in_context = requires(text::cursor& in, context_t<Isa>& ctx) {
    { Isa::parse(in, ctx) } -> std::same_as<result<typename Isa::instruction>>;
};

template <class Isa>
concept text_isa = isa_description<Isa> && (parses_alone<Isa> || parses_in_context<Isa>) &&
                   requires(contract::probe_sink& out, const typename Isa::instruction& in) { Isa::print(out, in); };

template <class Isa>
concept encodes_units = requires(const typename Isa::instruction& in) {
    { Isa::max_unit_bytes } -> std::convertible_to<std::size_t>;
    { Isa::encode(in).ok() } -> std::same_as<bool>;
    (*Isa::encode(in)).begin();  // a range of bytes (std::ranges::range would need <ranges>)
    (*Isa::encode(in)).end();
};

template <class Isa>
concept has_stream_decoder =
    std::constructible_from<typename Isa::decoder, std::span<const std::uint8_t>> && requires(typename Isa::decoder& d) {
        { d.done() } -> std::same_as<bool>;
        { d.next() } -> std::same_as<result<decoded<typename Isa::instruction>>>;
    };
template <class Isa>
concept decodes_units = requires(std::span<const std::uint8_t> bytes) {
    { Isa::decode(bytes) } -> std::same_as<result<decoded<typename Isa::instruction>>>;
};

template <class Isa>
concept binary_isa = text_isa<Isa> && encodes_units<Isa> && (decodes_units<Isa> || has_stream_decoder<Isa>);

template <class Isa>
concept text_only_isa = text_isa<Isa> && !encodes_units<Isa>;

namespace contract {

// What the tools hand to the listing calls: their requirement is checked against these.
struct probe_opcode_lister {
    void operator()(std::string_view, std::string_view, unsigned, long) const noexcept {}
};
struct probe_field_lister {
    void operator()(std::string_view, const field_info&) const noexcept {}
};
struct probe_explainer {
    void operator()(std::string_view, const field_info&, std::uint64_t) const noexcept {}
    void operator()(std::string_view, std::string_view) const noexcept {}
};

}  // namespace contract

template <class Isa>
concept listable_isa = text_isa<Isa> && requires(const typename Isa::instruction& in, contract::probe_explainer& explained) {
    Isa::for_each_opcode(contract::probe_opcode_lister{});
    Isa::for_each_field(contract::probe_field_lister{});
    Isa::explain(in, explained);
};

// A byte sink for link(): the image and where each unit ends.
template <class S>
concept image_sink = requires(S& s, std::uint8_t b) {
    s.push(b);
    s.end_unit();
};

// ---- the defaults -------------------------------------------------------------------------------
namespace contract {

template <class Isa>
constexpr std::string_view comment_starts() noexcept {
    if constexpr (requires { Isa::comment_starts; }) return Isa::comment_starts;
    else return "#;";
}

template <class Isa>
constexpr char terminator() noexcept {
    if constexpr (requires { Isa::statement_terminator; }) return Isa::statement_terminator;
    else return '\n';
}

template <class Isa>
constexpr bool block_comments() noexcept {
    if constexpr (requires { Isa::block_comments; }) return Isa::block_comments;
    else return false;
}

template <class Isa>
constexpr text::cursor cursor(std::string_view source) noexcept {
    return text::cursor(source, comment_starts<Isa>(), terminator<Isa>(), block_comments<Isa>());
}
template <class Isa>
constexpr text::cursor cursor(std::string_view source, text::cursor::mark_t at) noexcept {
    return text::cursor(source, comment_starts<Isa>(), at, terminator<Isa>(), block_comments<Isa>());
}

struct probe_image_sink {
    constexpr void push(std::uint8_t) noexcept {}
    constexpr void end_unit() noexcept {}
};

template <class Isa>
concept resolves = requires(context_t<Isa>& ctx, std::span<typename Isa::instruction> program) { Isa::resolve(ctx, program); };
template <class Isa>
concept links = requires(std::span<const typename Isa::instruction> program, const context_t<Isa>& ctx, probe_image_sink& out) {
    { Isa::link(program, ctx, out) } -> std::same_as<error>;
};

// True when a statement needs nothing from the others and its bytes are its own: the engine
// then assembles a compile-time source one statement a constant evaluation.
template <class Isa>
constexpr bool statements_independent() noexcept {
    return !parses_in_context<Isa> && !resolves<Isa> && !links<Isa>;
}

template <class Isa>
constexpr result<typename Isa::instruction> parse(text::cursor& in, context_t<Isa>& ctx) {
    if constexpr (parses_in_context<Isa>) return Isa::parse(in, ctx);
    else return (void)ctx, Isa::parse(in);
}

template <class Isa>
constexpr bool terminated(const typename Isa::instruction& in) {
    if constexpr (requires { Isa::terminated(in); }) return Isa::terminated(in);
    else return (void)in, true;
}

template <class Isa>
constexpr error resolve(context_t<Isa>& ctx, std::span<typename Isa::instruction> program) {
    if constexpr (resolves<Isa>) return Isa::resolve(ctx, program);
    else return (void)ctx, (void)program, error{};
}

template <class Isa>
constexpr std::size_t max_image_bytes(std::size_t statements) noexcept {
    if constexpr (requires { Isa::max_image_bytes(statements); }) return Isa::max_image_bytes(statements);
    else if constexpr (encodes_units<Isa>) return statements * Isa::max_unit_bytes;
    else return 0;  // a text-only ISA
}

// Where a program's instructions come from: anywhere (encode() validates each), or straight from
// parse() (which validated them: encode_parsed() only places their fields).
enum class origin : bool { any, parser };

template <class Isa>
constexpr auto encode_parsed(const typename Isa::instruction& in) {
    if constexpr (requires { Isa::encode_parsed(in); }) return Isa::encode_parsed(in);
    else return Isa::encode(in);
}

// The image of a program: the ISA's own layout, or its units one after another.
template <class Isa, image_sink Sink>
constexpr error link(std::span<const typename Isa::instruction> program, const context_t<Isa>& ctx, Sink& out, origin from = origin::any) {
    if constexpr (requires { Isa::link(program, ctx, out); }) {
        (void)from;
        return Isa::link(program, ctx, out);
    } else {
        (void)ctx;
        for (std::size_t i = 0; i < program.size(); ++i) {
            auto bytes = from == origin::parser ? encode_parsed<Isa>(program[i]) : Isa::encode(program[i]);
            if (!bytes) {
                error e = bytes.error();
                e.offset = static_cast<std::uint32_t>(i);
                return e;
            }
            if constexpr (requires { out.append(*bytes); }) out.append(*bytes);  // a unit at once, where the sink can
            else
                for (std::uint8_t b : *bytes) out.push(b);
            out.end_unit();
        }
        return {};
    }
}

// decode() at each offset, one unit after the other: units that mean the same wherever they are.
template <class Isa>
class stateless_decoder {
public:
    constexpr explicit stateless_decoder(std::span<const std::uint8_t> image) noexcept : image_(image) {}
    [[nodiscard]] constexpr bool done() const noexcept { return offset_ >= image_.size(); }
    constexpr result<decoded<typename Isa::instruction>> next() {
        auto d = Isa::decode(image_.subspan(offset_));
        if (d && d->size == 0) d = error{error_code::truncated};
        if (!d) {
            error e = d.error();
            e.offset = static_cast<std::uint32_t>(offset_);
            offset_ = image_.size();
            return e;
        }
        d->offset = offset_;
        offset_ += d->size;
        return d;
    }

private:
    std::span<const std::uint8_t> image_;
    std::size_t offset_ = 0;
};

template <class Isa>
struct decoder_of {
    using type = stateless_decoder<Isa>;
};
template <class Isa>
    requires has_stream_decoder<Isa>
struct decoder_of<Isa> {
    using type = typename Isa::decoder;
};

template <class Isa>
constexpr bool is_canonical(const typename Isa::instruction& in) {
    if constexpr (requires { Isa::is_canonical(in); }) return Isa::is_canonical(in);
    else return (void)in, true;
}

}  // namespace contract

template <class Isa>
using decoder_t = typename contract::decoder_of<Isa>::type;

}  // namespace ctisa
