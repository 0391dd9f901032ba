// SPDX-License-Identifier: MIT
// ATTILA's codec benchmarks (codec_bench.hpp): a corpus of random 16-byte units the decoder accepts,
// and a mix of twelve builders over run-time registers.
#include <ctisa/attila/attila.hpp>

#include "codec_bench.hpp"
#include "codec_emit.hpp"

namespace ctisa_bench::codec {

namespace {

namespace at = ctisa::attila;
using namespace ctisa::attila::operands;

// Random words with an opcode among the defined range (the rest is rejected at the first byte).
at::encoded random_unit(rng& r) {
    at::words w{r.next(), r.next()};
    w[0] = (w[0] & ~std::uint64_t{0xFF}) | (r.next() % 0x40);
    return ctisa::to_bytes(w);
}

constexpr std::size_t mix_size = 12;

std::array<ctisa::built<at::instruction>, mix_size> mix(const std::uint8_t* v) {
    return {
        at::add(r(v[0]), r(v[1]), c(v[2])),
        at::mad(r(v[3]).mask("xyz"), -r(v[4]), c(v[5]).x(), r(v[6])),
        at::mul.sat()(o(v[7] & 15), i(v[8] & 15), r(v[9])),
        at::dp4(r(v[10]).mask("x"), r(v[11]), c(v[12])),
        at::mov(r(v[13]), abs(c(v[14]).y())),
        at::rcp(r(v[15]).mask("w"), r(v[16]).w()),
        at::addi(a(v[17] & 3).mask("x"), a(v[18] & 3).x(), static_cast<std::int32_t>(v[19]) - 128),
        at::setpgt(p(v[20] & 31), -i(v[21] & 15).z(), r(v[22]).w()),
        at::andp(p(v[23] & 31), p(v[24] & 31), !p(v[25] & 31)),
        at::tex.when(p(v[26] & 31))(o(v[27] & 15), r(v[28]), t(v[29] & 15)),
        at::max(r(v[30]), r(v[31]).swizzle("wzyx"), c(v[32])),
        at::jmp(p(v[33] & 31), static_cast<std::int32_t>(v[34]) - 128),
    };
}

std::size_t encode_mix(const std::uint8_t* v, std::uint8_t* out) { return encode_each<at::isa>(mix(v), out); }

void emit_mix(at::emitter& e, const std::uint8_t* v) {
    for (const auto& in : mix(v)) e.emit(in);
}

// Twelve builders with their opcode fixed when compiled, through unit(): plain registers and
// predicates (the mix above without its masks, swizzles, modifiers and immediates).
void emit_fixed_mix(at::emitter& e, const std::uint8_t* v) {
    e.emit(at::add.unit(r(v[0]), r(v[1]), c(v[2])));
    e.emit(at::mad.unit(r(v[3]), r(v[4]), c(v[5]), r(v[6])));
    e.emit(at::mul.unit(o(v[7] & 15), i(v[8] & 15), r(v[9])));
    e.emit(at::dp4.unit(r(v[10]), r(v[11]), c(v[12])));
    e.emit(at::mov.unit(r(v[13]), c(v[14])));
    e.emit(at::rcp.unit(r(v[15]), r(v[16])));
    e.emit(at::min.unit(r(v[17]), r(v[18]), c(v[19])));
    e.emit(at::setpgt.unit(p(v[20] & 31), i(v[21] & 15), r(v[22])));
    e.emit(at::andp.unit(p(v[23] & 31), p(v[24] & 31), !p(v[25] & 31)));
    e.emit(at::mul.unit(r(v[26]), r(v[27]), r(v[28])));
    e.emit(at::max.unit(r(v[30]), r(v[31]), c(v[32])));
    e.emit(at::dp3.unit(r(v[33]), r(v[34]), c(v[35])));
}

}  // namespace

void register_attila() {
    register_emit_text(register_all<at::isa, mix_size>(random_unit, encode_mix));
    const auto ends = [](const at::emitter& e) { return fixed_ends(e.code().size(), at::isa::max_unit_bytes); };
    benchmark::RegisterBenchmark("codec/emit/attila", [=](benchmark::State& s) { emit<at::emitter>(s, mix_size, emit_mix, ends); });
    benchmark::RegisterBenchmark("codec/emit_fixed/attila", [=](benchmark::State& s) { emit<at::emitter>(s, mix_size, emit_fixed_mix, ends); });
}

}  // namespace ctisa_bench::codec
