// SPDX-License-Identifier: MIT
// Cayman's codec benchmarks (codec_bench.hpp): a mix of twelve ALU builders over run-time GPRs and
// channels, each encoded as its own unit; the corpus is one image layout() makes of ALU clauses
// holding rounds of the mix (one instruction a group), since the decoder reads whole programs.
#include <ctisa/cayman/cayman.hpp>

#include "codec_bench.hpp"

namespace ctisa_bench::codec {

namespace {

namespace cm = ctisa::cayman;
using namespace ctisa::cayman::operands;
using ctisa::cayman::channel;

constexpr std::size_t mix_size = 12;

std::array<ctisa::result<cm::alu_op>, mix_size> mix(const std::uint8_t* v) {
    auto g = [&](unsigned k) { return R(v[k] & 127, static_cast<channel>(v[k] >> 6)); };
    return {
        cm::alu_op2::add(g(0), g(1), neg(g(2))),
        cm::alu_op2::mul(g(3), abs(g(4)), g(5)),
        cm::alu_op2::mov(g(6), literal{static_cast<std::uint32_t>(v[7]) << 20, channel::x}),
        cm::alu_op2::max(g(8), g(9), one),
        cm::alu_op2::setgt(g(10), g(11), zero),
        cm::alu_op2::fract(g(12), g(13)),
        cm::alu_op2::add_int(g(14), g(15), one_int),
        cm::alu_op2::and_int(g(16), g(17), g(18)),
        cm::alu_op2::lshl_int(g(19), g(20), g(21)),
        cm::alu_op2::setge_int(g(22), g(23), g(24)),
        cm::alu_op3::muladd(g(25), g(26), g(27), neg(g(28))),
        cm::alu_op3::cnde(g(29), g(30), g(31), half),
    };
}

std::size_t encode_mix(const std::uint8_t* operands, std::uint8_t* out) {
    std::size_t n = 0;
    for (const auto& op : mix(operands)) {
        if (!op) return n;
        const auto bytes = cm::isa::encode(cm::statement{cm::unit_role::alu, op->in});
        if (!bytes) return n;
        out = std::copy(bytes->begin(), bytes->end(), out);
        ++n;
    }
    return n;
}

// ALU clauses of four rounds of the mix each, one instruction a group, then END.
std::vector<std::uint8_t> image(std::size_t clauses) {
    constexpr std::size_t rounds_per_clause = 4;
    const auto operands = run_time_operands(64 * rounds_per_clause * clauses);
    std::vector<cm::cf_item> items;
    for (std::size_t c = 0; c < clauses; ++c) {
        cm::cf_item item{cm::alu_clause("ALU").value(), {}, {}};
        for (std::size_t k = 0; k < rounds_per_clause; ++k)
            for (const auto& op : mix(operands.data() + 64 * (rounds_per_clause * c + k))) item.alu.push_back(cm::group(op.value()).value());
        items.push_back(std::move(item));
    }
    items.push_back({cm::cf("END"), {}, {}});
    return cm::layout(std::move(items)).value();
}

}  // namespace

void register_cayman() { register_corpus<cm::isa, mix_size>(image_corpus<cm::isa>(image(4096 / (4 * mix_size))), encode_mix); }

}  // namespace ctisa_bench::codec
