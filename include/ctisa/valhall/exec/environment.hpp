// SPDX-License-Identifier: MIT
// What a Valhall program reads from and writes to the world outside its registers goes through an
// environment the user supplies: special values (thread storage pointers, lane and core ids,
// blend descriptors), memory, varyings and attributes, textures, the tilebuffer, blending and
// the fragment's coverage. The executor is a template over it, so an environment's calls inline;
// derive from default_environment and hide what you want to change.
//
// Lanes are warp lanes (0 to W - 1). Every call is made for lanes that execute the instruction,
// in lane order, instruction after instruction.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "../instruction.hpp"

namespace ctisa::valhall::exec {

// What BLEND did for a lane.
struct blend_result {
    std::uint32_t coverage = 0;   // written to the second staging register
    bool fixed_function = true;   // true: the fixed-function path (BLEND then ends the lane with a
                                  // `return` action, or branches by `target`); false: a blend shader
                                  // follows, execution continues with the next instruction
};

struct default_environment {
    // The hardware's warps are sixteen lanes: lane_id is the lane within its group of 16.
    static constexpr std::uint32_t warp_lanes = 16;

    // A special value: `code` 32-63 under the instruction's immediate mode, read by lane `lane` in
    // instruction `pc`. Defaults: lane_id = lane % 16, program_counter = 8 * pc (the program at
    // address 0), core_id 0; thread and workgroup storage pointers, the atest datum and the blend
    // descriptors 0.
    std::uint32_t special(immediate_mode mode, std::uint8_t code, std::size_t lane, std::uint32_t pc) {
        if (mode == immediate_mode::id) {
            const auto which = static_cast<thread_identification>(code - first_special);
            if (which == thread_identification::lane_id) return static_cast<std::uint32_t>(lane % warp_lanes);
            if (which == thread_identification::program_counter) return 8u * pc;
        }
        return 0;
    }

    // LOAD.*: `bytes` (1-16) bytes at `address`, little-endian, into `out`. Default: zeros.
    void load(std::size_t lane, std::uint64_t address, std::size_t bytes, std::uint8_t* out) {
        (void)lane, (void)address;
        std::memset(out, 0, bytes);
    }
    // STORE.*: `bytes` bytes to `address` in `segment` (global, pos, vary, tl). Default: dropped.
    void store(std::size_t lane, store_segment segment, std::uint64_t address, std::size_t bytes, const std::uint8_t* data) {
        (void)lane, (void)segment, (void)address, (void)bytes, (void)data;
    }

    // The messages whose data the executor does not interpret: LD_VAR_SPECIAL, LD_VAR_IMM_F32/F16,
    // LD_ATTR_IMM, LD_ATTR, LEA_ATTR, LD_TILE, ST_IMAGE, TEX_FETCH, TEX. `in` is the instruction
    // (its modifiers and immediate), `sources` its source values after selects and modifiers (a
    // 64-bit source as a pair, others zero-extended), `data` the staging registers it reads, `out`
    // the staging registers it writes (zeros on entry). Default: TEX and TEX_FETCH return their
    // first staging words (the coordinates, as a texture whose texel at c is c); the others zeros.
    void message(std::size_t lane, const instruction& in, std::span<const std::uint64_t> sources, std::span<const std::uint32_t> data,
                 std::span<std::uint32_t> out) {
        (void)lane, (void)sources;
        if (in.id == instruction_id::tex || in.id == instruction_id::tex_fetch)
            for (std::size_t i = 0; i < out.size() && i < data.size(); ++i) out[i] = data[i];
    }

    // BLEND: the colour (the first staging registers) to render target of `descriptor` (the
    // source's value); `coverage` is the second staging register's value before. Default: the
    // fixed-function path, coverage unchanged.
    blend_result blend(std::size_t lane, const instruction& in, std::uint32_t descriptor, std::span<const std::uint32_t> colour,
                       std::uint32_t coverage) {
        (void)lane, (void)in, (void)descriptor, (void)colour;
        return blend_result{coverage, true};
    }
    // ATEST: the coverage after alpha-to-coverage testing `alpha` (converted to f32). Default:
    // unchanged (alpha-to-coverage off).
    std::uint32_t atest(std::size_t lane, std::uint32_t coverage, float alpha, std::uint32_t datum) {
        (void)lane, (void)alpha, (void)datum;
        return coverage;
    }
    // ZS_EMIT: depth (when `z`) and stencil (when `stencil`) written; returns the coverage.
    // Default: unchanged.
    std::uint32_t zs_emit(std::size_t lane, bool z, bool stencil, float depth, std::uint32_t stencil_value, std::uint32_t coverage) {
        (void)lane, (void)z, (void)stencil, (void)depth, (void)stencil_value;
        return coverage;
    }
    // DISCARD.f32: the fragment of `lane` is discarded (the lane then ends).
    void discard(std::size_t lane) { (void)lane; }
    // Helper invocations (lanes run only for derivatives) end at the `td` action. Default: none.
    bool helper(std::size_t lane) { return (void)lane, false; }
    // BARRIER, and the `barrier` action: every lane of the warp has arrived.
    void barrier() {}
};

// The environment as the interpreter's kernels see it: one type for every Env, each call through a
// pointer, so that the interpreter instantiates its kernels once per warp width rather than once
// per environment type. (special, helper and the `barrier` action are called by the machine with
// the environment itself; the compiled path calls it directly everywhere, its calls inline.)
class environment_ref {
public:
    template <class Env>
    explicit environment_ref(Env& env) noexcept
        : env_(&env),
          load_([](void* e, std::size_t lane, std::uint64_t address, std::size_t bytes, std::uint8_t* out) {
              static_cast<Env*>(e)->load(lane, address, bytes, out);
          }),
          store_([](void* e, std::size_t lane, store_segment segment, std::uint64_t address, std::size_t bytes, const std::uint8_t* data) {
              static_cast<Env*>(e)->store(lane, segment, address, bytes, data);
          }),
          message_([](void* e, std::size_t lane, const instruction& in, std::span<const std::uint64_t> sources,
                      std::span<const std::uint32_t> data,
                      std::span<std::uint32_t> out) { static_cast<Env*>(e)->message(lane, in, sources, data, out); }),
          blend_([](void* e, std::size_t lane, const instruction& in, std::uint32_t descriptor, std::span<const std::uint32_t> colour,
                    std::uint32_t coverage) { return static_cast<Env*>(e)->blend(lane, in, descriptor, colour, coverage); }),
          atest_([](void* e, std::size_t lane, std::uint32_t coverage, float alpha, std::uint32_t datum) {
              return static_cast<Env*>(e)->atest(lane, coverage, alpha, datum);
          }),
          zs_emit_([](void* e, std::size_t lane, bool z, bool stencil, float depth, std::uint32_t stencil_value, std::uint32_t coverage) {
              return static_cast<Env*>(e)->zs_emit(lane, z, stencil, depth, stencil_value, coverage);
          }),
          discard_([](void* e, std::size_t lane) { static_cast<Env*>(e)->discard(lane); }),
          barrier_([](void* e) { static_cast<Env*>(e)->barrier(); }) {}

    void load(std::size_t lane, std::uint64_t address, std::size_t bytes, std::uint8_t* out) { load_(env_, lane, address, bytes, out); }
    void store(std::size_t lane, store_segment segment, std::uint64_t address, std::size_t bytes, const std::uint8_t* data) {
        store_(env_, lane, segment, address, bytes, data);
    }
    void message(std::size_t lane, const instruction& in, std::span<const std::uint64_t> sources, std::span<const std::uint32_t> data,
                 std::span<std::uint32_t> out) {
        message_(env_, lane, in, sources, data, out);
    }
    blend_result blend(std::size_t lane, const instruction& in, std::uint32_t descriptor, std::span<const std::uint32_t> colour,
                       std::uint32_t coverage) {
        return blend_(env_, lane, in, descriptor, colour, coverage);
    }
    std::uint32_t atest(std::size_t lane, std::uint32_t coverage, float alpha, std::uint32_t datum) {
        return atest_(env_, lane, coverage, alpha, datum);
    }
    std::uint32_t zs_emit(std::size_t lane, bool z, bool stencil, float depth, std::uint32_t stencil_value, std::uint32_t coverage) {
        return zs_emit_(env_, lane, z, stencil, depth, stencil_value, coverage);
    }
    void discard(std::size_t lane) { discard_(env_, lane); }
    void barrier() { barrier_(env_); }

private:
    void* env_;
    void (*load_)(void*, std::size_t, std::uint64_t, std::size_t, std::uint8_t*);
    void (*store_)(void*, std::size_t, store_segment, std::uint64_t, std::size_t, const std::uint8_t*);
    void (*message_)(void*, std::size_t, const instruction&, std::span<const std::uint64_t>, std::span<const std::uint32_t>,
                     std::span<std::uint32_t>);
    blend_result (*blend_)(void*, std::size_t, const instruction&, std::uint32_t, std::span<const std::uint32_t>, std::uint32_t);
    std::uint32_t (*atest_)(void*, std::size_t, std::uint32_t, float, std::uint32_t);
    std::uint32_t (*zs_emit_)(void*, std::size_t, bool, bool, float, std::uint32_t, std::uint32_t);
    void (*discard_)(void*, std::size_t);
    void (*barrier_)(void*);
};

}  // namespace ctisa::valhall::exec
