// SPDX-License-Identifier: MIT
// Valhall plugged into the generic engine: assembler, disassembler, tool listings.
#pragma once

#include <span>
#include <string_view>

#include "../core/assembler.hpp"
#include "../core/isa_functions.hpp"
#include "../core/format.hpp"
#include "encoding.hpp"
#include "syntax.hpp"

namespace ctisa::valhall {

struct isa {
    using instruction = valhall::instruction;
    static constexpr std::string_view name = "valhall";
    static constexpr std::string_view comment_starts = valhall::comment_starts;
    static constexpr std::size_t max_unit_bytes = instruction_bytes;
    // The format name of the fields every instruction has (bits 48-63).
    static constexpr std::string_view common_format = "common";

    static constexpr result<instruction> parse(text::cursor& in) { return valhall::parse(in); }
    template <class Sink>
    static constexpr void print(Sink& out, const instruction& in) {
        valhall::print(out, in);
    }
    static constexpr result<encoded> encode(const instruction& in) { return valhall::encode(in); }
    // parse() ends with validate(): its instructions need only their fields placed.
    static constexpr result<encoded> encode_parsed(const instruction& in) { return to_bytes(words{encode_valid_word(in)}); }
    static constexpr result<decoded<instruction>> decode(std::span<const std::uint8_t> bytes) {
        result<decoded<instruction>> out;  // one object from decoder to caller: no copies of the instruction
        if (const error e = valhall::decode_into(bytes, out->instruction); e.failed()) out = e;
        else out->size = instruction_bytes;
        return out;
    }

    // For emitters' labels: BRANCHZ's offset counts in instructions from the next one (Mesa's
    // assembler and the executor: target = pc + 1 + offset), in its signed immediate field.
    static constexpr error branch_to(instruction& in, std::size_t at, std::size_t target) {
        if (in.id != instruction_id::branchz) return error{error_code::operand_not_allowed, 0, 0, 0, "a label is the target of BRANCHZ only"};
        const std::int64_t offset = static_cast<std::int64_t>(target) - static_cast<std::int64_t>(at) - 1;
        const unsigned bits = info(in.id).immediate.size;
        if (offset < -(std::int64_t{1} << (bits - 1)) || offset >= (std::int64_t{1} << (bits - 1)))
            return error{error_code::number_out_of_range, 0, 0, 0, "branch offset"};
        in.immediate = static_cast<std::uint32_t>(static_cast<std::int32_t>(offset));
        return {};
    }

    // Tool listings, in (opcode, opcode2) order. f(mnemonic, format, opcode, secondary opcode or -1):
    // each instruction is its own format (named like its builder), whose fields `fields` lists.
    template <class F>
    static void for_each_opcode(F&& f) {
        for (instruction_id id : by_opcode) {
            const instruction_info& ins = info(id);
            f(ins.mnemonic, ins.name, static_cast<unsigned>(ins.opcode), static_cast<long>(ins.opcode2));
        }
    }
    // f(format, field_info): the common fields, then every instruction's own fields (bits 0-63).
    template <class F>
    static void for_each_field(F&& f) {
        for (const auto& fi : common_fields) f(common_format, fi);
        for (instruction_id id : by_opcode) {
            const instruction_info& ins = info(id);
            for (unsigned i = 0; i < ins.field_count; ++i) f(ins.name, instruction_field(ins.first_field + i));
        }
    }

    // Calls f(format name, field_info, value) for the common fields of the instruction's word, then
    // for the fields of the instruction its opcode selects: the tool contract's explain
    // (core/contract.hpp). Nothing for an instruction that does not encode.
    template <class F>
    static constexpr void explain(const instruction& in, F&& f) {
        const auto bytes = encode(in);
        if (!bytes) return;
        const words w = from_bytes<std::uint64_t, 1>(std::span<const std::uint8_t, instruction_bytes>(*bytes));
        for (const auto& fi : common_fields) f(common_format, fi, extract(w, fi.bits));
        if (auto id = identify(w[0])) {
            const instruction_info& ins = info(*id);
            for (unsigned i = 0; i < ins.field_count; ++i) {
                const field_info fi = instruction_field(ins.first_field + i);
                f(ins.name, fi, extract(w, fi.bits));
            }
        }
    }
};

static_assert(ctisa::binary_isa<isa>, "valhall meets the binary ISA contract");

// constexpr auto p = ctisa::valhall::assemble<"MOV.i32 r1, r2\nNOP.return">();  // p.bytes, p.instructions
CTISA_ISA_FUNCTIONS(isa);

}  // namespace ctisa::valhall
