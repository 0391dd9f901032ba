// SPDX-License-Identifier: MIT
// Cayman's codec benchmarks (codec_bench.hpp): a mix of twelve ALU builders over run-time GPRs and
// channels, each encoded as its own unit (also with the opcodes known only at run time:
// codec/encode_run_time_opcode/cayman); the corpus is one image layout() makes of ALU clauses
// holding rounds of the mix (one instruction a group), since the decoder reads whole programs.
#include <ctisa/cayman/cayman.hpp>

#include "codec_bench.hpp"
#include "codec_emit.hpp"

namespace ctisa_bench::codec {

namespace {

namespace cm = ctisa::cayman;
using namespace ctisa::cayman::operands;
using ctisa::cayman::channel;

constexpr std::size_t mix_size = 12;
using op = cm::opcode;

// How the mix names its opcodes. Fixed when compiled: alu<Op>(), what a named builder
// (alu_op2::add(...) is alu<opcode::alu_op2_add>(...)) calls. Or known only at run time, as a text
// front end or a compiler's own opcode table has them: alu(op, ...), the opcode hidden from the
// optimiser.
struct typed_opcode {
    template <op Op, class... Operands>
    static ctisa::result<cm::alu_op> alu(const Operands&... operands) {
        return cm::alu<Op>(operands...);
    }
};
struct run_time_opcode {
    template <op Op, class... Operands>
    static ctisa::result<cm::alu_op> alu(const Operands&... operands) {
        op code = Op;
        benchmark::DoNotOptimize(code);
        return cm::alu(code, operands...);
    }
};

template <class Name>
std::array<ctisa::result<cm::alu_op>, mix_size> mix(const std::uint8_t* v) {
    auto g = [&](unsigned k) { return R(v[k] & 127, static_cast<channel>(v[k] >> 6)); };
    return {
        Name::template alu<op::alu_op2_add>(g(0), g(1), neg(g(2))),
        Name::template alu<op::alu_op2_mul>(g(3), abs(g(4)), g(5)),
        Name::template alu<op::alu_op2_mov>(g(6), literal{static_cast<std::uint32_t>(v[7]) << 20, channel::x}),
        Name::template alu<op::alu_op2_max>(g(8), g(9), one),
        Name::template alu<op::alu_op2_setgt>(g(10), g(11), zero),
        Name::template alu<op::alu_op2_fract>(g(12), g(13)),
        Name::template alu<op::alu_op2_add_int>(g(14), g(15), one_int),
        Name::template alu<op::alu_op2_and_int>(g(16), g(17), g(18)),
        Name::template alu<op::alu_op2_lshl_int>(g(19), g(20), g(21)),
        Name::template alu<op::alu_op2_setge_int>(g(22), g(23), g(24)),
        Name::template alu<op::alu_op3_muladd>(g(25), g(26), g(27), neg(g(28))),
        Name::template alu<op::alu_op3_cnde>(g(29), g(30), g(31), half),
    };
}

// Each built instruction's unit: the two dwords the builder wrote (cayman::encode of an alu_op).
template <class Name>
std::size_t encode_mix(const std::uint8_t* operands, std::uint8_t* out) {
    return encode_each<cm::isa>(mix<Name>(operands), out);
}

// ALU clauses of four rounds of the mix each, one instruction a group, then END.
std::vector<std::uint8_t> image(std::size_t clauses) {
    constexpr std::size_t rounds_per_clause = 4;
    const auto operands = run_time_operands(64 * rounds_per_clause * clauses);
    std::vector<cm::cf_item> items;
    for (std::size_t c = 0; c < clauses; ++c) {
        cm::cf_item item{cm::alu_clause("ALU").value(), {}, {}};
        for (std::size_t k = 0; k < rounds_per_clause; ++k)
            for (const auto& in : mix<typed_opcode>(operands.data() + 64 * (rounds_per_clause * c + k)))
                item.alu.push_back(cm::group(in.value()).value());
        items.push_back(std::move(item));
    }
    items.push_back({cm::cf("END"), {}, {}});
    return cm::layout(std::move(items)).value();
}

}  // namespace

// One round of the mix into the emitter: groups of one, into ALU clauses it opens as they fill.
template <class Name>
void emit_mix(cm::emitter& e, const std::uint8_t* operands) {
    for (const auto& in : mix<Name>(operands)) e.emit(in);
}

void register_cayman() {
    const auto c = image_corpus<cm::isa>(image(4096 / (4 * mix_size)));
    register_corpus<cm::isa, mix_size>(c, encode_mix<typed_opcode>);
    benchmark::RegisterBenchmark("codec/encode_run_time_opcode/cayman",
                                 [](benchmark::State& s) { encode<mix_size, cm::isa::max_unit_bytes>(s, encode_mix<run_time_opcode>); });
    // The clause contents are 8-byte units (instructions and literal slots).
    const auto ends = [](const cm::emitter& e) { return fixed_ends(e.code().size(), 8); };
    benchmark::RegisterBenchmark("codec/emit_fixed/cayman",
                                 [=](benchmark::State& s) { emit<cm::emitter>(s, mix_size, emit_mix<typed_opcode>, ends); });
    benchmark::RegisterBenchmark("codec/emit/cayman",
                                 [=](benchmark::State& s) { emit<cm::emitter>(s, mix_size, emit_mix<run_time_opcode>, ends); });
    benchmark::RegisterBenchmark("codec/emit_text/cayman",
                                 [=](benchmark::State& s) { emit_text<cm::emitter>(s, c->text, c->instructions.size(), ends); });
}

}  // namespace ctisa_bench::codec
