// SPDX-License-Identifier: MIT
// A toy ISA that uses every part of the ISA contract (ctisa/core/contract.hpp), so the contract is
// proven before a real ISA needs it. Each feature stands for one of the coming ISAs:
//   - statements end with ';', several a line, one may span lines (NV assembly);
//   - a program context: a header statement first, declarations before code, registers declared
//     before use, labels with forward references (AMD IL, NV assembly);
//   - units of 4 or 8 bytes (a literal token), an optional token with default content that real
//     images carry and that must round-trip (AMD IL);
//   - a link step: the control stream first, then each clause at a 16-byte aligned address the
//     control stream points to, zero words as padding; a clause word means something else than
//     the same word in the control stream, and the last word of a clause carries a LAST bit (Cayman);
//   - a text-only flavour without any bytes (NV assembly).
//
// The spec. Control words: opcode in bits 31-24, operands below; bits not named are zero.
//   1 toy V         version in bits 23-0; must be the first statement and unit
//   2 decl rN       N in 3-0; only before code
//   3 mov rD, rS    D 7-4, S 3-0
//   4 add rD, rS, rT  D 11-8, S 7-4, T 3-0
//   5 li rD, V      D 3-0; a second token holds V
//   6 jmp T         T (statement index) in 23-0; text: a label or @T
//   7 clause N      N (1-8) in 7-0; a second token holds the clause's byte address; the next N
//                   statements (mov or add) are the clause
//   8 nop [0]       bit 23 set: a second token with the default content 0 follows (non-canonical)
//   9 end           the last statement
//  10 if rS, 11 else, 12 endif, 13 loop, 14 break rS, 15 endloop: structured control, S in 3-0
// Clause words: bit 31 LAST, operation in 30-28 (1 mov, 2 add), D 11-8, S 7-4, T 3-0.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include <ctisa/core/assembler.hpp>
#include <ctisa/core/bits.hpp>

namespace toy {

using ctisa::error;
using ctisa::error_code;
using ctisa::result;

enum class op : std::uint8_t { none, header, decl, mov, add, li, jmp, clause, nop, end, if_, else_, endif, loop, break_, endloop };

struct op_info {
    std::string_view mnemonic;
    op code;
    std::uint8_t registers;  // register operands
    bool value;              // a number after the registers (header, li, clause)
};
inline constexpr std::array<op_info, 15> ops{{
    {"toy", op::header, 0, true},
    {"decl", op::decl, 1, false},
    {"mov", op::mov, 2, false},
    {"add", op::add, 3, false},
    {"li", op::li, 1, true},
    {"jmp", op::jmp, 0, false},
    {"clause", op::clause, 0, true},
    {"nop", op::nop, 0, false},
    {"end", op::end, 0, false},
    {"if", op::if_, 1, false},
    {"else", op::else_, 0, false},
    {"endif", op::endif, 0, false},
    {"loop", op::loop, 0, false},
    {"break", op::break_, 1, false},
    {"endloop", op::endloop, 0, false},
}};
constexpr const op_info& info(op o) { return ops[static_cast<std::size_t>(o) - 1]; }

inline constexpr std::uint32_t max_clause = 8;
inline constexpr std::uint32_t clause_alignment = 16;

struct instruction {
    op code = op::none;
    std::array<std::uint8_t, 3> reg{};
    std::uint32_t value = 0;        // version, literal, jump target (statement index), clause size
    bool in_clause = false;         // one of the statements of the clause before it
    bool explicit_default = false;  // nop 0: the optional token written out
    constexpr bool operator==(const instruction&) const = default;
};

// What the parser knows from the statements before the current one.
struct context {
    struct label {
        std::string_view name;
        std::uint32_t statement = 0;
    };
    struct reference {
        std::string_view name;
        std::uint32_t statement = 0;
        ctisa::text::position at;
    };
    std::uint32_t statements = 0;
    std::uint16_t declared = 0;  // r0-r15
    bool code_started = false;
    bool ended = false;
    std::uint32_t clause_left = 0;
    ctisa::static_vector<label, 32> labels;
    ctisa::static_vector<reference, 32> references;
};

// ---- text ---------------------------------------------------------------------------------------

constexpr result<std::uint8_t> parse_register(ctisa::text::cursor& in, const context& ctx) {
    in.skip_blanks();
    const auto at = in.where();
    if (!in.consume('r')) return in.fail(error_code::expected_register, in.token_text());
    bool overflow = false;
    const auto n = in.unsigned_integer(&overflow);
    if (!n || overflow || *n > 15) return ctisa::text::cursor::fail_at(at, error_code::unknown_register);
    if (!(ctx.declared >> *n & 1u)) return ctisa::text::cursor::fail_at(at, error_code::undeclared_name, "r");
    return static_cast<std::uint8_t>(*n);
}

// Where a statement may stand, given the statements before it.
constexpr error check_place(const instruction& ins, const context& ctx, ctisa::text::position at) {
    const auto misplaced = ctisa::text::cursor::fail_at(at, error_code::misplaced_statement, info(ins.code).mnemonic);
    if (ctx.statements == 0) return ins.code == op::header ? error{} : ctisa::text::cursor::fail_at(at, error_code::missing_header);
    if (ins.code == op::header || ctx.ended) return misplaced;
    if (ins.code == op::decl && ctx.code_started) return misplaced;
    if (ctx.clause_left > 0 && ins.code != op::mov && ins.code != op::add) return misplaced;
    return {};
}

constexpr result<instruction> parse_operands(ctisa::text::cursor& in, context& ctx, instruction ins) {
    const op_info& oi = info(ins.code);
    for (unsigned r = 0; r < oi.registers; ++r) {
        if (r > 0 && !in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
        if (ins.code == op::decl) {  // declares instead of using
            context probe = ctx;
            probe.declared = 0xFFFF;
            auto n = parse_register(in, probe);
            if (!n) return n.error();
            if (ctx.declared >> *n & 1u) return in.fail(error_code::duplicate_name, "r");
            ctx.declared = static_cast<std::uint16_t>(ctx.declared | 1u << *n);
            ins.reg[0] = *n;
            continue;
        }
        auto n = parse_register(in, ctx);
        if (!n) return n.error();
        ins.reg[r] = *n;
    }
    if (oi.value) {
        if (oi.registers > 0 && !in.consume(',')) return in.fail(error_code::expected_comma, in.token_text());
        in.skip_blanks();
        bool overflow = false;
        const auto v = in.unsigned_integer(&overflow);
        if (!v) return in.fail(error_code::expected_number, in.token_text());
        const std::uint64_t limit = ins.code == op::li ? 0xFFFFFFFFu : ins.code == op::clause ? max_clause : 0xFFFFFFu;
        if (overflow || *v > limit || (ins.code == op::clause && *v == 0)) return in.fail(error_code::number_out_of_range);
        ins.value = static_cast<std::uint32_t>(*v);
    }
    if (ins.code == op::nop && !in.at_end_of_statement()) {
        const auto v = in.unsigned_integer();
        if (!v || *v != 0) return in.fail(error_code::value_out_of_range, in.token_text());
        ins.explicit_default = true;
    }
    if (ins.code == op::jmp) {
        in.skip_blanks();
        const auto at = in.where();
        if (in.consume('@')) {
            const auto t = in.unsigned_integer();
            if (!t || *t > 0xFFFFFF) return in.fail(error_code::expected_number, in.token_text());
            ins.value = static_cast<std::uint32_t>(*t);
        } else {
            const auto name = in.identifier();
            if (name.empty()) return in.fail(error_code::missing_operand);
            if (!ctx.references.push_back({name, ctx.statements, at})) return in.fail(error_code::program_too_long);
        }
    }
    return ins;
}

constexpr result<instruction> parse(ctisa::text::cursor& in, context& ctx) {
    auto start = in.where();
    std::string_view word = in.identifier();
    if (!word.empty() && in.consume(':')) {  // a label for the statement that follows
        for (const auto& l : ctx.labels)
            if (l.name == word) return ctisa::text::cursor::fail_at(start, error_code::duplicate_name, word);
        if (!ctx.labels.push_back({word, ctx.statements})) return in.fail(error_code::program_too_long);
        in.skip_blanks();
        start = in.where();
        word = in.identifier();
    }
    instruction ins;
    for (const auto& oi : ops)
        if (oi.mnemonic == word) ins.code = oi.code;
    if (ins.code == op::none) return ctisa::text::cursor::fail_at(start, error_code::unknown_mnemonic, word.empty() ? in.token_text() : word);
    if (error e = check_place(ins, ctx, start); e.failed()) return e;
    auto parsed = parse_operands(in, ctx, ins);
    if (!parsed) return parsed;
    parsed->in_clause = ctx.clause_left > 0;
    if (parsed->in_clause) --ctx.clause_left;
    if (parsed->code == op::clause) ctx.clause_left = parsed->value;
    if (parsed->code != op::header && parsed->code != op::decl) ctx.code_started = true;
    if (parsed->code == op::end) ctx.ended = true;
    ++ctx.statements;
    return parsed;
}

// After the last statement: jump targets, and what must have been closed.
constexpr error resolve(context& ctx, std::span<instruction> program) {
    for (const auto& ref : ctx.references) {
        const context::label* found = nullptr;
        for (const auto& l : ctx.labels)
            if (l.name == ref.name) found = &l;
        if (!found) return ctisa::text::cursor::fail_at(ref.at, error_code::undefined_label, ref.name);
        program[ref.statement].value = found->statement;
    }
    int depth = 0;
    for (std::uint32_t i = 0; i < program.size(); ++i) {
        const op c = program[i].code;
        if (c == op::jmp && program[i].value >= program.size()) return error{error_code::bad_branch_target, 0, 0, i, "jmp"};
        depth += (c == op::if_ || c == op::loop) - (c == op::endif || c == op::endloop);
        if (depth < 0) return error{error_code::unbalanced_structure, 0, 0, i, info(c).mnemonic};
    }
    if (depth != 0 || ctx.clause_left != 0)
        return error{error_code::unbalanced_structure, 0, 0, static_cast<std::uint32_t>(program.size() - 1), {}};
    if (!ctx.ended) return error{error_code::misplaced_statement, 0, 0, static_cast<std::uint32_t>(program.size() - 1), "end"};
    return {};
}

template <class Sink>
constexpr void print(Sink& out, const instruction& ins) {
    const op_info& oi = info(ins.code);
    out.append(oi.mnemonic);
    for (unsigned r = 0; r < oi.registers; ++r) {
        out.append(r == 0 ? " r" : ", r");
        ctisa::text::write_unsigned(out, ins.reg[r]);
    }
    if (oi.value) {
        out.append(oi.registers ? ", " : " ");
        ctisa::text::write_unsigned(out, ins.value);
    }
    if (ins.code == op::jmp) {
        out.append(" @");
        ctisa::text::write_unsigned(out, ins.value);
    }
    if (ins.explicit_default) out.append(" 0");
}

// ---- bytes --------------------------------------------------------------------------------------

using unit = ctisa::static_vector<std::uint8_t, 8>;

constexpr void put_word(unit& u, std::uint32_t w) {
    for (unsigned b = 0; b < 4; ++b) (void)u.push_back(static_cast<std::uint8_t>(w >> (8 * b)));
}
constexpr std::uint32_t get_word(std::span<const std::uint8_t> bytes, std::size_t at) {
    std::uint32_t w = 0;
    for (unsigned b = 0; b < 4; ++b) w |= std::uint32_t{bytes[at + b]} << (8 * b);
    return w;
}

constexpr std::uint32_t clause_word(const instruction& ins) {
    const std::uint32_t operation = ins.code == op::mov ? 1 : 2;
    const std::uint32_t regs = ins.code == op::mov ? (std::uint32_t{ins.reg[0]} << 8 | std::uint32_t{ins.reg[1]} << 4)
                                                   : (std::uint32_t{ins.reg[0]} << 8 | std::uint32_t{ins.reg[1]} << 4 | ins.reg[2]);
    return operation << 28 | regs;
}

// One unit; a clause's address and its LAST bit are the link step's.
constexpr result<unit> encode(const instruction& ins) {
    unit u;
    if (ins.in_clause) {
        put_word(u, clause_word(ins));
        return u;
    }
    std::uint32_t w = std::uint32_t{static_cast<std::uint8_t>(ins.code)} << 24;
    switch (ins.code) {
        case op::header:
        case op::jmp:
        case op::clause: w |= ins.value; break;
        case op::decl:
        case op::li:
        case op::if_:
        case op::break_: w |= ins.reg[0]; break;
        case op::mov: w |= std::uint32_t{ins.reg[0]} << 4 | ins.reg[1]; break;
        case op::add: w |= std::uint32_t{ins.reg[0]} << 8 | std::uint32_t{ins.reg[1]} << 4 | ins.reg[2]; break;
        case op::nop: w |= ins.explicit_default ? 1u << 23 : 0u; break;
        case op::none: return error{error_code::reserved_opcode};
        default: break;
    }
    put_word(u, w);
    if (ins.code == op::li) put_word(u, ins.value);
    if (ins.code == op::clause || (ins.code == op::nop && ins.explicit_default)) put_word(u, 0);
    return u;
}

constexpr std::uint32_t align_up(std::uint32_t at) { return (at + clause_alignment - 1) / clause_alignment * clause_alignment; }

// The control stream, then each clause aligned, its address patched into its control word.
template <class Sink>
constexpr error link(std::span<const instruction> program, const context&, Sink& out) {
    std::uint32_t control = 0;  // the control stream's size
    for (const auto& ins : program) control += ins.in_clause ? 0 : static_cast<std::uint32_t>(encode(ins)->size());
    std::uint32_t next_clause = align_up(control);
    for (std::size_t i = 0; i < program.size(); ++i) {
        if (program[i].in_clause) continue;
        auto encoded = encode(program[i]);
        if (!encoded) return error{encoded.error().code, 0, 0, static_cast<std::uint32_t>(i), {}};
        unit u = *encoded;
        if (program[i].code == op::clause) {
            for (unsigned b = 0; b < 4; ++b) u[4 + b] = static_cast<std::uint8_t>(next_clause >> (8 * b));
            next_clause = align_up(next_clause + 4 * program[i].value);
        }
        for (std::uint8_t b : u) out.push(b);
        out.end_unit();
    }
    std::uint32_t at = control;
    for (std::size_t i = 0; i < program.size(); ++i) {
        if (program[i].code != op::clause) continue;
        for (; at < align_up(at); at += 4) {  // padding: a unit of one zero word
            for (int b = 0; b < 4; ++b) out.push(0);
            out.end_unit();
        }
        for (std::uint32_t k = 1; k <= program[i].value; ++k) {
            unit u;
            put_word(u, clause_word(program[i + k]) | (k == program[i].value ? 1u << 31 : 0u));
            for (std::uint8_t b : u) out.push(b);
            out.end_unit();
            at += 4;
        }
    }
    return {};
}

// Walks the control stream; at a clause word, the clause's words at its address (which must be
// where link puts them: strict decoding accepts only the layout the text produces).
class decoder {
public:
    constexpr explicit decoder(std::span<const std::uint8_t> image) : image_(image) {}
    [[nodiscard]] constexpr bool done() const noexcept { return failed_ || image_.empty() || (ended_ && clause_left_ == 0); }

    constexpr result<ctisa::decoded<instruction>> next() {
        auto r = clause_left_ > 0 ? next_in_clause() : next_control();
        if (!r) failed_ = true;
        return r;
    }

private:
    constexpr error fail(error_code code, std::size_t at, std::string_view subject = {}) const {
        return error{code, 0, 0, static_cast<std::uint32_t>(at), subject};
    }

    constexpr result<ctisa::decoded<instruction>> next_in_clause() {
        const std::size_t at = clause_at_;
        if (at + 4 > image_.size()) return fail(error_code::truncated, at);
        const std::uint32_t w = get_word(image_, at);
        instruction ins;
        ins.in_clause = true;
        const std::uint32_t operation = w >> 28 & 7u;
        if (operation != 1 && operation != 2) return fail(error_code::reserved_opcode, at, "operation");
        ins.code = operation == 1 ? op::mov : op::add;
        ins.reg = {static_cast<std::uint8_t>(w >> 8 & 15u), static_cast<std::uint8_t>(w >> 4 & 15u), static_cast<std::uint8_t>(w & 15u)};
        if (ins.code == op::mov && (w & 15u)) return fail(error_code::reserved_bits_set, at);
        if ((w & 0x0FFFF000u) != 0) return fail(error_code::reserved_bits_set, at);
        if (((w >> 31) != 0) != (clause_left_ == 1)) return fail(error_code::reserved_value, at, "LAST");
        clause_at_ += 4;
        --clause_left_;
        if (clause_left_ == 0 && ended_) return finish({ins, 4, at});
        return ctisa::decoded<instruction>{ins, 4, at};
    }

    constexpr result<ctisa::decoded<instruction>> next_control() {
        const std::size_t at = control_;
        if (at + 4 > image_.size()) return fail(error_code::truncated, at);
        const std::uint32_t w = get_word(image_, at);
        const auto code = static_cast<std::uint8_t>(w >> 24);
        if (code == 0 || code > static_cast<std::uint8_t>(op::endloop)) return fail(error_code::reserved_opcode, at);
        instruction ins;
        ins.code = static_cast<op>(code);
        if ((at == 0) != (ins.code == op::header)) return fail(at == 0 ? error_code::missing_header : error_code::reserved_opcode, at);
        const std::uint32_t operands = w & 0xFFFFFFu;
        std::uint32_t used = 0;
        switch (ins.code) {
            case op::header:
            case op::jmp: ins.value = operands, used = 0xFFFFFF; break;
            case op::clause: ins.value = operands & 0xFF, used = 0xFF; break;
            case op::decl:
            case op::li:
            case op::if_:
            case op::break_: ins.reg[0] = operands & 15u, used = 15; break;
            case op::mov:
                ins.reg = {static_cast<std::uint8_t>(operands >> 4 & 15u), static_cast<std::uint8_t>(operands & 15u), 0}, used = 0xFF;
                break;
            case op::add:
                ins.reg = {static_cast<std::uint8_t>(operands >> 8 & 15u), static_cast<std::uint8_t>(operands >> 4 & 15u),
                           static_cast<std::uint8_t>(operands & 15u)},
                used = 0xFFF;
                break;
            case op::nop: ins.explicit_default = operands >> 23 & 1u, used = 1u << 23; break;
            default: break;
        }
        if (operands & ~used) return fail(error_code::reserved_bits_set, at);
        std::size_t size = 4;
        if (ins.code == op::li || ins.code == op::clause || ins.explicit_default) {
            if (at + 8 > image_.size()) return fail(error_code::truncated, at);
            const std::uint32_t second = get_word(image_, at + 4);
            if (ins.code == op::li) ins.value = second;
            if (ins.code == op::nop && second != 0) return fail(error_code::reserved_value, at + 4, "default token");
            if (ins.code == op::clause) {
                if (ins.value == 0 || ins.value > max_clause) return fail(error_code::reserved_value, at, "clause size");
                clause_at_ = second;
                clause_left_ = ins.value;
                if (!clauses_.push_back({second, ins.value})) return fail(error_code::program_too_long, at);
            }
            size = 8;
        }
        control_ += size;
        if (ins.code == op::end) {
            ended_ = true;
            if (clause_left_ == 0) return finish({ins, size, at});
        }
        return ctisa::decoded<instruction>{ins, size, at};
    }

    // After the last unit: the clauses must lie where link puts them, zero words between them,
    // nothing after the last.
    constexpr result<ctisa::decoded<instruction>> finish(ctisa::decoded<instruction> last) const {
        std::size_t at = control_;
        for (const auto& c : clauses_) {
            const std::size_t expected = align_up(static_cast<std::uint32_t>(at));
            for (; at < expected && at + 4 <= image_.size(); at += 4)
                if (get_word(image_, at) != 0) return fail(error_code::reserved_bits_set, at, "padding");
            if (c.address != expected) return fail(error_code::reserved_value, c.address, "clause address");
            at += 4 * c.count;
        }
        if (at != image_.size()) return fail(error_code::reserved_bits_set, at, "after the program");
        return last;
    }

    struct clause_place {
        std::uint32_t address = 0;
        std::uint32_t count = 0;
    };
    std::span<const std::uint8_t> image_;
    std::size_t control_ = 0;
    std::size_t clause_at_ = 0;
    std::uint32_t clause_left_ = 0;
    bool ended_ = false;
    bool failed_ = false;
    ctisa::static_vector<clause_place, 64> clauses_;
};

// The toy as the engine sees it.
struct isa {
    using instruction = toy::instruction;
    using context = toy::context;
    using decoder = toy::decoder;
    static constexpr std::string_view name = "toy";
    static constexpr std::string_view comment_starts = "#";
    static constexpr char statement_terminator = ';';
    static constexpr std::size_t max_unit_bytes = 8;
    static constexpr std::size_t max_image_bytes(std::size_t statements) { return statements * (max_unit_bytes + clause_alignment); }

    static constexpr result<instruction> parse(ctisa::text::cursor& in, context& ctx) { return toy::parse(in, ctx); }
    static constexpr error resolve(context& ctx, std::span<instruction> program) { return toy::resolve(ctx, program); }
    template <class Sink>
    static constexpr void print(Sink& out, const instruction& in) {
        toy::print(out, in);
    }
    static constexpr result<unit> encode(const instruction& in) { return toy::encode(in); }
    template <class Sink>
    static constexpr error link(std::span<const instruction> program, const context& ctx, Sink& out) {
        return toy::link(program, ctx, out);
    }
    static constexpr bool is_canonical(const instruction& in) { return !in.explicit_default; }
    // For emitters' labels: jmp holds its target's statement index.
    static constexpr error branch_to(instruction& in, std::size_t, std::size_t target) {
        if (in.code != op::jmp) return error{error_code::operand_not_allowed, 0, 0, 0, "jmp"};
        in.value = static_cast<std::uint32_t>(target);
        return {};
    }
};

// The same language without bytes: a text-only ISA (its image is its canonical text).
struct text_isa {
    using instruction = toy::instruction;
    using context = toy::context;
    static constexpr std::string_view name = "toy_text";
    static constexpr std::string_view comment_starts = "#";
    static constexpr char statement_terminator = ';';
    static constexpr result<instruction> parse(ctisa::text::cursor& in, context& ctx) { return toy::parse(in, ctx); }
    static constexpr error resolve(context& ctx, std::span<instruction> program) { return toy::resolve(ctx, program); }
    template <class Sink>
    static constexpr void print(Sink& out, const instruction& in) {
        toy::print(out, in);
    }
};

static_assert(ctisa::binary_isa<isa> && ctisa::has_stream_decoder<isa> && !ctisa::decodes_units<isa>);
static_assert(ctisa::text_only_isa<text_isa> && !ctisa::binary_isa<text_isa>);

}  // namespace toy
