// SPDX-License-Identifier: MIT
// AMD IL plugged into the generic engine: one unit a token packet (the header first), a stream decoder
// that knows where each packet ends, and the tool's listings.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include "../core/assembler.hpp"
#include "../core/format.hpp"
#include "../core/isa_functions.hpp"
#include "parser.hpp"
#include "printer.hpp"
#include "stream.hpp"
#include "structure.hpp"

namespace ctisa::amdil {

// Walks an image (little-endian tokens) one unit at a time: macro definitions, the header, packets.
class stream_decoder {
public:
    constexpr explicit stream_decoder(std::span<const std::uint8_t> bytes) noexcept : bytes_(bytes) {}

    [[nodiscard]] constexpr bool done() const noexcept { return failed_ || offset_ >= bytes_.size(); }

    constexpr result<decoded<instruction>> next() {
        result<decoded<instruction>> r;  // one object from here to the caller: the 64-token instruction is not copied
        if (const error e = step(*r); e.failed()) {
            r = e;
            failed_ = true;
        }
        return r;
    }

private:
    [[nodiscard]] constexpr std::uint32_t word(std::size_t byte) const noexcept {
        std::uint32_t w = 0;
        for (unsigned b = 0; b < 4; ++b) w |= static_cast<std::uint32_t>(bytes_[byte + b]) << (8 * b);
        return w;
    }

    // The next unit into `d` (a default decoded), or the error.
    constexpr error step(decoded<instruction>& d) {
        if (!std::is_constant_evaluated() && std::endian::native == std::endian::little && header_seen_ && !ended_ && step_plain(d)) return {};
        const std::size_t left = (bytes_.size() - offset_) / 4;
        if ((bytes_.size() - offset_) % 4 != 0 && left == 0)
            return error{error_code::truncated, 0, 0, static_cast<std::uint32_t>(offset_), "token"};
        // A window of the next tokens: a packet longer than an instruction holds is refused below.
        // Only its first n tokens are filled and read: zeroing and assembling all 64 byte by byte
        // was a third of decoding a short packet.
        std::array<std::uint32_t, max_packet_dwords> window;
        const std::size_t n = left < window.size() ? left : window.size();
        if (!std::is_constant_evaluated() && std::endian::native == std::endian::little) {
            if (n == window.size()) std::memcpy(window.data(), bytes_.data() + offset_, sizeof window);  // a few vector moves
            else std::memcpy(window.data(), bytes_.data() + offset_, 4 * n);
        } else
            for (std::size_t i = 0; i < n; ++i) window[i] = word(offset_ + 4 * i);
        const std::span<const std::uint32_t> w(window.data(), n);
        if (ended_) return error{error_code::misplaced_statement, 0, 0, static_cast<std::uint32_t>(offset_), after_end};  // 4.1
        const auto code = detail::field(w[0], generated::il_opcode::code);
        const bool macro = code == static_cast<std::uint32_t>(opcode::macrodef) || in_macro_;
        instruction& out = d.instruction;
        if (!header_seen_ && !macro) {
            if (auto e = check_header(w, 0); e.failed()) return moved(e);
            out.header = true;
            out.size = 2;
            header_seen_ = true;
        } else {
            auto p = packet_at(w, 0);
            if (!p) {
                if (p.error().code == error_code::truncated && n == window.size() && left > n)
                    return error{error_code::operand_limit, 0, 0, static_cast<std::uint32_t>(offset_), "packet longer than 64 tokens"};
                return moved(p.error());
            }
            std::size_t size = p->size;
            if (prec_mask(w[0]) != 0 && size < n) {  // _prec: the prefix and its instruction are one unit
                auto next = packet_at(w, size);
                if (!next) return moved(next.error());
                size += next->size;
            }
            out.size = static_cast<std::uint8_t>(size);
            if (!header_seen_) in_macro_ = code != static_cast<std::uint32_t>(opcode::macroend);
        }
        for (std::size_t i = 0; i < out.size; ++i) out.words[i] = w[i];
        ended_ = header_seen_ && packet_opcode(out) == opcode::end;
        d.size = out.size * std::size_t{4};
        d.offset = offset_;
        offset_ += d.size;
        // Macro definitions that run to the end of the stream: no header at all (4.1).
        if (!header_seen_ && offset_ >= bytes_.size())
            return error{error_code::missing_header, 0, 0, static_cast<std::uint32_t>(offset_), "IL_Lang"};
        return {};
    }

    // A plain packet (plain_packet_size) after the header, its tokens read where they lie and
    // copied once into `d`; false, with nothing changed, for any other unit (step() then reads it
    // the checked way, through a window of 64 tokens).
    bool step_plain(decoded<instruction>& d) noexcept {
        std::size_t n = (bytes_.size() - offset_) / 4;
        if (n > max_packet_dwords) n = max_packet_dwords;
        const std::uint8_t* at = bytes_.data() + offset_;
        const auto token_at = [at](std::size_t i) {
            std::uint32_t t;  // little-endian, unaligned: read in place
            std::memcpy(&t, at + 4 * i, sizeof t);
            return t;
        };
        if (n == 0 || prec_mask(token_at(0)) != 0) return false;
        const std::size_t size = plain_packet_size(token_at, n);
        if (size == 0) return false;
        std::memcpy(d.instruction.words.data(), at, 4 * size);  // the words past it stay zero
        d.instruction.size = static_cast<std::uint8_t>(size);
        ended_ = (token_at(0) & 0xFFFFu) == static_cast<std::uint32_t>(opcode::end);
        d.size = size * 4;
        d.offset = offset_;
        offset_ += d.size;
        return true;
    }

    [[nodiscard]] constexpr error moved(error e) const noexcept {
        e.offset += static_cast<std::uint32_t>(offset_);
        return e;
    }

    std::span<const std::uint8_t> bytes_;
    std::size_t offset_ = 0;
    bool header_seen_ = false;
    bool in_macro_ = false;
    bool ended_ = false;  // END seen: nothing may follow (4.1)
    bool failed_ = false;
};

class program_emitter;  // emitter.hpp

struct isa {
    using instruction = amdil::instruction;
    using emitter = program_emitter;  // token packets, labels as function ids
    using decoder = stream_decoder;
    static constexpr std::string_view name = "amdil";
    static constexpr std::string_view comment_starts = ";#";
    static constexpr bool block_comments = true;  // 3.7: "/* */ matching pairs, also are supported"
    static constexpr std::size_t max_unit_bytes = max_packet_dwords * 4;

    static constexpr result<instruction> parse(text::cursor& in) { return amdil::parse(in); }
    // The order of the statements (structure.hpp): the error's offset is the statement's index.
    static constexpr error resolve(no_context&, std::span<instruction> program) { return check_structure(program); }
    // The errors of those rules (a program the decoder reads may break them: the tools print it).
    static constexpr bool program_rule(error_code code) noexcept { return is_program_rule(code); }
    template <class Sink>
    static constexpr void print(Sink& out, const instruction& in) {
        amdil::print(out, in);
    }
    static constexpr result<packet_bytes> encode(const instruction& in) { return to_bytes(in); }

    // Tool listings: mnemonic, chapter-7 group ('-' when the code has none), the binary code.
    template <class F>
    static void for_each_opcode(F&& f) {
        for (std::size_t c = 0; c < opcode_count; ++c) {
            const auto op = static_cast<opcode>(c);
            f(mnemonic(op), group(op).empty() ? std::string_view("-") : group(op), static_cast<unsigned>(c), -1);
        }
    }
    // Every token layout, then the control fields of each opcode (format IL_OP_X.control).
    template <class F>
    static void for_each_field(F&& f) {
        for (const auto& t : generated::token_fields)
            f(t.token, field_info{t.field, bit_field{0, t.lsb, static_cast<std::uint8_t>(t.msb - t.lsb + 1)}});
        for (std::size_t c = 0; c < opcode_count; ++c) {
            const auto op = static_cast<opcode>(c);
            for (std::size_t k = 0; k < control_field_count(op); ++k) {
                const auto cf = control_field_of(op, k);
                f(enumerator(op), field_info{cf.name, bit_field{0, cf.lsb, static_cast<std::uint8_t>(cf.msb - cf.lsb + 1)}});
            }
        }
    }

    // f(token name, field_info, value) for every field of every token of a packet (the tool
    // contract's explain, core/contract.hpp).
    template <class F>
    static void explain(const instruction& in, F&& f) {
        const std::span<const std::uint32_t> w = in.tokens();
        const auto fields_of = [&](std::string_view token, std::uint32_t value) {
            for (const auto& t : generated::token_fields)
                if (t.token == token) {
                    const bit_field bf{0, t.lsb, static_cast<std::uint8_t>(t.msb - t.lsb + 1)};
                    f(token, field_info{t.field, bf}, (value >> t.lsb) & bf.max_value());
                }
        };
        if (in.header && w.size() >= 2) {
            fields_of("IL_Lang", w[0]);
            fields_of("IL_Version", w[1]);
            return;
        }
        std::size_t opcode_at = 0;
        (void)packet_at(w, 0, [&](std::size_t i, token_kind k) {
            switch (k) {
                case token_kind::opcode: {
                    opcode_at = i;
                    fields_of("IL_Opcode", w[i]);
                    const auto op = static_cast<opcode>(w[i] & 0xFFFFu);  // the walker checked the code
                    for (std::size_t k = 0; k < control_field_count(op); ++k) {
                        const auto cf = control_field_of(op, k);
                        const bit_field bf{0, cf.lsb, static_cast<std::uint8_t>(cf.msb - cf.lsb + 1)};
                        f(enumerator(op), field_info{cf.name, bf}, (w[i] >> cf.lsb) & bf.max_value());
                    }
                    break;
                }
                case token_kind::dst: fields_of("IL_Dst", w[i]); break;
                case token_kind::dst_mod: fields_of("IL_Dst_Mod", w[i]); break;
                case token_kind::src: fields_of("IL_Src", w[i]); break;
                case token_kind::src_mod: fields_of("IL_Src_Mod", w[i]); break;
                case token_kind::ext_num: fields_of("IL_Ext_Num", w[i]); break;
                case token_kind::rel_addr: fields_of("IL_Rel_Addr", w[i]); break;
                case token_kind::comment_length: fields_of("IL_Comment_Length", w[i]); break;
                case token_kind::macro_call: fields_of("IL_Macro_Call", w[i]); break;
                case token_kind::opcode_modifier: {  // the primary one first when both are present
                    const auto op = static_cast<opcode>(w[opcode_at] & 0xFFFFu);
                    const bool secondary = i != opcode_at + 1 || !detail::field(w[opcode_at], generated::il_opcode::pri_modifier_present);
                    const auto layout = modifier_token_layout(op, secondary);
                    fields_of(layout.empty() ? "IL_Literal" : layout, w[i]);
                    break;
                }
                case token_kind::extra:
                    fields_of((w[0] & 0xFFFFu) == static_cast<std::uint32_t>(opcode::dcl_resource) ? "IL_Dcl_Resource_Format" : "IL_Literal",
                              w[i]);
                    break;
                default: fields_of("IL_Literal", w[i]); break;
            }
        });
    }
};

static_assert(ctisa::binary_isa<isa>, "amdil meets the binary ISA contract");
static_assert(ctisa::has_stream_decoder<isa>);

CTISA_ISA_FUNCTIONS(isa);

}  // namespace ctisa::amdil
