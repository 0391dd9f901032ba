// SPDX-License-Identifier: MIT
// Valhall's codec benchmarks (codec_bench.hpp): a corpus of random 8-byte words the decoder
// accepts, and a mix of twelve builders over run-time registers.
#include <ctisa/valhall/valhall.hpp>

#include "codec_bench.hpp"
#include "codec_emit.hpp"

namespace ctisa_bench::codec {

namespace {

namespace va = ctisa::valhall;
using namespace ctisa::valhall::operands;

va::encoded random_unit(rng& r) { return ctisa::to_bytes(va::words{r.next()}); }

constexpr std::size_t mix_size = 12;

std::array<ctisa::built<va::instruction>, mix_size> mix(const std::uint8_t* v) {
    auto reg = [&](unsigned k) { return static_cast<unsigned>(v[k] & 63); };
    return {
        va::fadd_f32(r(reg(0)), r(reg(1)), r(reg(2)).neg()),
        va::fma_f32(r(reg(3)), r(reg(4)), r(reg(5)).abs(), u(reg(6))),
        va::iadd_u32(r(reg(7)), r(reg(8)), r(reg(9))),
        va::mov_i32(r(reg(10)), u(reg(11))),
        va::fadd_v2f16(r(reg(12)), r(reg(13)).sel(va::sel::h00), r(reg(14)).sel(va::sel::h11)),
        va::load_i32.with(va::slot::slot0)(sr(reg(15) & 31, 1), r(reg(16)), static_cast<int>(v[17])),
        va::store_i32.with(va::slot::slot0)(sr(reg(18) & 31, 1), r(reg(19)), static_cast<int>(v[20])),
        va::icmp_u32.with(va::condition::ne).with(va::result_type::i1)(r(reg(21)), r(reg(22)), r(reg(23)), r(reg(38))),
        va::csel_u32.with(va::condition::eq)(r(reg(24)), r(reg(25)), r(reg(26)), r(reg(27)), r(reg(28))),
        va::branchz.with(va::action::reconverge)(r(reg(29)), static_cast<int>(v[30]) - 128),
        va::fadd_imm_f32(r(reg(31)), r(reg(32)), static_cast<std::uint32_t>(v[33]) << 20),
        va::lshift_or_i32(r(reg(34)), r(reg(35)), r(reg(36)), r(reg(37))),
    };
}

std::size_t encode_mix(const std::uint8_t* v, std::uint8_t* out) { return encode_each<va::isa>(mix(v), out); }

void emit_mix(va::emitter& e, const std::uint8_t* v) {
    for (const auto& in : mix(v)) e.emit(in);
}

// Twelve builders with their opcode fixed when compiled, through unit(): plain registers and
// immediates (the mix above without its uniforms, staging registers and modifiers).
void emit_fixed_mix(va::emitter& e, const std::uint8_t* v) {
    auto reg = [&](unsigned k) { return r(static_cast<unsigned>(v[k] & 63)); };
    e.emit(va::fadd_f32.unit(reg(0), reg(1), reg(2).neg()));
    e.emit(va::fma_f32.unit(reg(3), reg(4), reg(5).abs(), reg(6)));
    e.emit(va::iadd_u32.unit(reg(7), reg(8), reg(9)));
    e.emit(va::mov_i32.unit(reg(10), reg(11)));
    e.emit(va::fadd_v2f16.unit(reg(12), reg(13).sel(va::sel::h00), reg(14).sel(va::sel::h11)));
    e.emit(va::iadd_imm_i32.unit(reg(15), reg(16), static_cast<std::uint32_t>(v[17])));
    e.emit(va::fmin_f32.unit(reg(18), reg(19), reg(20)));
    e.emit(va::imul_i32.unit(reg(21), reg(22), reg(23)));
    e.emit(va::fmax_f32.unit(reg(24), reg(25), reg(26)));
    e.emit(va::branchz.unit(reg(29), static_cast<int>(v[30]) - 128));
    e.emit(va::fadd_imm_f32.unit(reg(31), reg(32), static_cast<std::uint32_t>(v[33]) << 20));
    e.emit(va::lshift_or_i32.unit(reg(34), reg(35), reg(36), reg(37)));
}

}  // namespace

void register_valhall() {
    register_emit_text(register_all<va::isa, mix_size>(random_unit, encode_mix));
    const auto ends = [](const va::emitter& e) { return fixed_ends(e.code().size(), va::isa::max_unit_bytes); };
    benchmark::RegisterBenchmark("codec/emit/valhall", [=](benchmark::State& s) { emit<va::emitter>(s, mix_size, emit_mix, ends); });
    benchmark::RegisterBenchmark("codec/emit_fixed/valhall", [=](benchmark::State& s) { emit<va::emitter>(s, mix_size, emit_fixed_mix, ends); });
}

}  // namespace ctisa_bench::codec
