// SPDX-License-Identifier: MIT
// AMD IL's codec benchmarks (codec_bench.hpp): a mix of twelve builders over run-time registers;
// the corpus is one image, the header and the declarations, then rounds of the mix, since the
// stream decoder reads a packet only after the header and the assembler a register only after its
// declaration.
#include <string>

#include <ctisa/amdil/amdil.hpp>

#include "codec_bench.hpp"
#include "codec_emit.hpp"

namespace ctisa_bench::codec {

namespace {

namespace il = ctisa::amdil;
using namespace ctisa::amdil::registers;

constexpr std::size_t mix_size = 12;

std::array<ctisa::result<il::instruction>, mix_size> mix(const std::uint8_t* x) {  // x: v() is an input register
    auto n = [&](unsigned k) { return static_cast<std::uint32_t>(x[k] & 63); };
    return {
        il::op::mad.ieee()(r(n(0)).mask("xy__"), v(n(1)).swizzle("xyxx"), l(n(2)), r(n(3))),
        il::op::add.sat()(r(n(4)), -r(n(5)).w(), r(n(6)).abs()),
        il::op::mul(r(n(7)), r(n(8)), r(n(9))),
        il::op::mov(o(n(10)), r(n(11))),
        il::op::dp4(r(n(12)).mask("x___"), r(n(13)), r(n(14))),
        il::op::div.zeroop(il::zero_op::infinity)(r(n(15)), r(n(16)), r(n(17))),
        il::op::sample.resource(x[18] & 15u).sampler(x[19] & 15u)(r(n(20)), r(n(21))),
        il::op::i_add(r(n(22)), r(n(23)), r(n(24)).x()),
        il::op::cmov_logical(r(n(25)), r(n(26)), r(n(27)), r(n(28))),
        il::op::lt(r(n(29)), r(n(30)), l(n(31))),
        il::op::rsq(r(n(32)).mask("__z_"), r(n(33)).z()),
        il::op::ftoi(r(n(34)), r(n(35))),
    };
}

// The mix's bytes after out; the instructions encoded (fewer than mix_size: a builder failed).
std::size_t append_mix(const std::uint8_t* operands, std::uint8_t*& out) {
    std::size_t n = 0;
    for (const auto& in : mix(operands)) {
        if (!in) return n;
        const auto bytes = il::isa::encode(*in);
        if (!bytes) return n;
        out = std::copy(bytes->begin(), bytes->end(), out);
        ++n;
    }
    return n;
}

std::size_t encode_mix(const std::uint8_t* operands, std::uint8_t* out) { return append_mix(operands, out); }

// The header, then the declarations the mix's registers and resources need (4.1 and chapter 7:
// inputs, outputs, literals and resources are declared before use), so that its text assembles.
std::string declarations() {
    std::string text = "il_ps_2_0\n";
    for (unsigned k = 0; k < 64; ++k) {
        const auto n = std::to_string(k);
        text += "dcl_input_generic v" + n + "\ndcl_output_generic o" + n + "\ndcl_literal l" + n + ", 0, 0, 0, 0\n";
    }
    for (unsigned k = 0; k < 16; ++k)
        text += "dcl_resource_id(" + std::to_string(k) + ")_type(2d,unnorm)_fmtx(float)_fmty(float)_fmtz(float)_fmtw(float)\n";
    return text;
}

std::vector<std::uint8_t> image(std::size_t rounds) {
    std::vector<std::uint8_t> bytes = ctisa::assemble_bytes<il::isa>(declarations()).value();
    const auto operands = run_time_operands(64 * rounds);
    std::vector<std::uint8_t> round(mix_size * il::isa::max_unit_bytes);
    for (std::size_t k = 0; k < rounds; ++k) {
        std::uint8_t* end = round.data();
        (void)append_mix(operands.data() + 64 * k, end);
        bytes.insert(bytes.end(), round.data(), end);
    }
    return bytes;
}

void emit_mix(il::emitter& e, const std::uint8_t* operands) {
    for (const auto& in : mix(operands)) e.emit(in);
}

// Where each packet of the rounds emit() made ends (the same operands, encoded again).
std::vector<std::size_t> packet_ends(std::size_t rounds) {
    const auto operands = run_time_operands(64 * rounds);
    std::vector<std::size_t> ends;
    std::size_t at = 0;
    for (std::size_t k = 0; k < rounds; ++k)
        for (const auto& in : mix(operands.data() + 64 * k)) ends.push_back(at += il::isa::encode(*in)->size());
    return ends;
}

}  // namespace

void register_amdil() {
    const auto c = image_corpus<il::isa>(image(4096 / mix_size));
    register_corpus<il::isa, mix_size>(c, encode_mix);
    benchmark::RegisterBenchmark("codec/emit/amdil", [](benchmark::State& s) {
        emit<il::emitter>(s, mix_size, emit_mix, [](const il::emitter&) { return packet_ends(256); });
    });
    // The corpus image's packets: the header's two tokens, then the rounds'.
    std::vector<std::size_t> ends{8};
    for (std::size_t e : packet_ends(4096 / mix_size)) ends.push_back(8 + e);
    benchmark::RegisterBenchmark("codec/emit_text/amdil", [=](benchmark::State& s) {
        emit_text<il::emitter>(s, c->text, c->instructions.size(), [=](const il::emitter&) { return ends; });
    });
}

}  // namespace ctisa_bench::codec
