// SPDX-License-Identifier: MIT
// ATTILA plugged into the generic engine: assembler, disassembler, tool listings.
#pragma once

#include <span>
#include <string_view>

#include "../core/assembler.hpp"
#include "../core/isa_functions.hpp"
#include "../core/format.hpp"
#include "decoding.hpp"
#include "encoding.hpp"
#include "generated/formats.hpp"
#include "syntax.hpp"

namespace ctisa::attila {

struct isa {
    using instruction = attila::instruction;
    static constexpr std::string_view name = "attila";
    static constexpr std::string_view comment_starts = attila::comment_starts;
    static constexpr std::size_t max_unit_bytes = instruction_bytes;

    static constexpr result<instruction> parse(text::cursor& in) { return attila::parse(in); }
    template <class Sink>
    static constexpr void print(Sink& out, const instruction& in) {
        attila::print(out, in);
    }
    static constexpr result<encoded> encode(const instruction& in) { return attila::encode(in); }
    // parse() ends with validate(): its instructions need only their fields placed.
    static constexpr result<encoded> encode_parsed(const instruction& in) {
        auto w = encode_valid_words(in);
        if (!w) return w.error();
        return to_bytes(*w);
    }
    // attila::decode()'s result, decoded in place (see decode_words_into).
    static constexpr result<decoded<instruction>> decode(std::span<const std::uint8_t> bytes) {
        if (bytes.size() >= instruction_bytes) {
            const words w = from_bytes<std::uint64_t, 2>(bytes.first<instruction_bytes>());
            if (const auto* p = decoding_detail::admitting_plan(w)) return decode_admitted(w, *p);
        }
        return decode_checked(bytes);
    }

    // An admitted word's instruction, written whole where it stays: with no other way through,
    // GCC drops out's default construction (two dozen narrow stores, in a loop bound by stores).
    static constexpr result<decoded<instruction>> decode_admitted(const words& w, const decoding_detail::plan& p) {
        result<decoded<instruction>> out;
        out->size = instruction_bytes;
        decoding_detail::read_admitted(w, p, out->instruction);
        return out;
    }
    static constexpr result<decoded<instruction>> decode_checked(std::span<const std::uint8_t> bytes) {
        result<decoded<instruction>> out;  // built where it stays: a temporary copied in is a stall too
        out->size = instruction_bytes;
        if (bytes.size() < instruction_bytes) out = detail::field_error(error_code::truncated, "");
        else if (error e = detail::decode_words_into(from_bytes<std::uint64_t, 2>(bytes.first<instruction_bytes>()), out->instruction);
                 e.failed())
            out = e;
        return out;
    }

    // For emitters' labels: JMP's offset counts in instructions from the JMP itself (the
    // simulator's and the executor's pc + offset).
    static constexpr error branch_to(instruction& in, std::size_t at, std::size_t target) {
        for (operand& o : in.sources)
            if (o.kind == operand_kind::offset) {
                o.value =
                    static_cast<std::uint32_t>(static_cast<std::int32_t>(static_cast<std::int64_t>(target) - static_cast<std::int64_t>(at)));
                return {};
            }
        return error{error_code::operand_not_allowed, 0, 0, 0, "a label is the target of JMP only"};
    }

    // Tool listings. f(mnemonic, format, opcode, secondary opcode or -1): ATTILA has no secondary opcode;
    // the format column names the operand form.
    template <class F>
    static void for_each_opcode(F&& f) {
        for (const auto& op : opcodes) f(op.mnemonic, attila::info(op.form).name, static_cast<unsigned>(op.code), -1);
    }
    // f(format, field_info) for every field of the three layouts, bits numbered within their qword.
    template <class F>
    static void for_each_field(F&& f) {
        for (const auto& fi : generated::lo64::fields) f(generated::lo64::format_name, fi);
        for (const auto& fi : generated::hi64_register::fields) f(generated::hi64_register::format_name, fi);
        for (const auto& fi : generated::hi64_immediate::fields) f(generated::hi64_immediate::format_name, fi);
    }

    // Calls f(format name, field_info, value) for every field of the instruction, in the layout its
    // opcode and operands select (lo64, then one of the two qword 1 layouts): the tool contract's
    // explain (core/contract.hpp). Nothing for an instruction that does not encode.
    template <class F>
    static constexpr void explain(const instruction& in, F&& f) {
        const auto bytes = encode(in);
        if (!bytes) return;
        const words w = from_bytes<std::uint64_t, 2>(std::span<const std::uint8_t, instruction_bytes>(*bytes));
        const auto lo = unpack<generated::lo64>(w);
        ctisa::for_each_field(lo, [&](const field_info& fi, std::uint64_t v) { f(generated::lo64::format_name, fi, v); });
        if (has_immediate_layout(w)) {
            const auto hi = unpack<generated::hi64_immediate>(w);
            ctisa::for_each_field(hi, [&](const field_info& fi, std::uint64_t v) { f(generated::hi64_immediate::format_name, fi, v); });
        } else {
            const auto hi = unpack<generated::hi64_register>(w);
            ctisa::for_each_field(hi, [&](const field_info& fi, std::uint64_t v) { f(generated::hi64_register::format_name, fi, v); });
        }
    }
};

static_assert(ctisa::binary_isa<isa>, "attila meets the binary ISA contract");

// constexpr auto p = ctisa::attila::assemble<"mov r0, i0\nend">();   // p.bytes, p.instructions
CTISA_ISA_FUNCTIONS(isa);

}  // namespace ctisa::attila
