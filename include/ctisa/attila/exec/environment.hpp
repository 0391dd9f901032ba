// SPDX-License-Identifier: MIT
// What an ATTILA program reads from and writes to the world outside its registers goes through an
// environment the user supplies. The executor is a template over it, so an environment's calls
// inline; derive from default_environment and hide what you want to change.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

namespace ctisa::attila::exec {

using vec4 = std::array<float, 4>;

enum class texture_kind : unsigned char {
    sample,     // TEX
    bias,       // TXB: w holds the level-of-detail bias
    lod,        // TXL: w holds the level of detail
    projected,  // TXP: x, y and z have been divided by w
};

struct default_environment {
    // Inputs and constants, at the start of every run: input register `reg` of each lane that
    // takes part (for every i register the program names) and each constant c0-c511. Fill `value`
    // and return true to supply it; the defaults return false and keep what set_input and
    // set_constant stored.
    bool input(std::size_t lane, unsigned reg, vec4& value) { return (void)lane, (void)reg, (void)value, false; }
    bool constant(unsigned reg, vec4& value) { return (void)reg, (void)value, false; }
    // Outputs, after a run that finished without error: each output register the program writes,
    // for each lane that took part and was not killed, lane after lane. Default: nothing (read
    // them from the machine).
    void output(std::size_t lane, unsigned reg, const vec4& value) { (void)lane, (void)reg, (void)value; }

    // The default sampler returns the coordinates it is given: a texture whose texel at (s, t, r, q)
    // is (s, t, r, q). TXP's coordinates arrive already divided by w. Predictable and checkable.
    vec4 sample(unsigned unit, texture_kind kind, std::size_t lane, const vec4& coordinates) {
        (void)unit, (void)kind, (void)lane;
        return coordinates;
    }
    // LDA: the attribute `index` (the source operand) of attribute stream `stream`. Default: zero.
    vec4 attribute(unsigned stream, std::size_t lane, const vec4& index) {
        (void)stream, (void)lane, (void)index;
        return {0.0f, 0.0f, 0.0f, 0.0f};
    }
    void kill(std::size_t lane) { (void)lane; }                                       // KIL, CMPKIL
    void kill_sample(std::size_t lane, unsigned sample) { (void)lane, (void)sample; }  // KLS
    void export_depth(std::size_t lane, float z) { (void)lane, (void)z; }             // ZXP
    void export_sample_depth(std::size_t lane, unsigned sample, float z) { (void)lane, (void)sample, (void)z; }  // ZXS
};

// The environment as the interpreter's kernels see it: one type for every Env, each call through a
// pointer, so that the interpreter instantiates its kernels once per warp width rather than once
// per environment type. (The compiled path calls the environment itself: its calls inline.)
class environment_ref {
public:
    template <class Env>
    explicit environment_ref(Env& env) noexcept
        : env_(&env),
          sample_([](void* e, unsigned unit, texture_kind kind, std::size_t lane, const vec4& c) {
              return static_cast<Env*>(e)->sample(unit, kind, lane, c);
          }),
          attribute_([](void* e, unsigned stream, std::size_t lane, const vec4& index) {
              return static_cast<Env*>(e)->attribute(stream, lane, index);
          }),
          kill_([](void* e, std::size_t lane) { static_cast<Env*>(e)->kill(lane); }),
          kill_sample_([](void* e, std::size_t lane, unsigned sample) { static_cast<Env*>(e)->kill_sample(lane, sample); }),
          export_depth_([](void* e, std::size_t lane, float z) { static_cast<Env*>(e)->export_depth(lane, z); }),
          export_sample_depth_(
              [](void* e, std::size_t lane, unsigned sample, float z) { static_cast<Env*>(e)->export_sample_depth(lane, sample, z); }) {}

    vec4 sample(unsigned unit, texture_kind kind, std::size_t lane, const vec4& c) { return sample_(env_, unit, kind, lane, c); }
    vec4 attribute(unsigned stream, std::size_t lane, const vec4& index) { return attribute_(env_, stream, lane, index); }
    void kill(std::size_t lane) { kill_(env_, lane); }
    void kill_sample(std::size_t lane, unsigned sample) { kill_sample_(env_, lane, sample); }
    void export_depth(std::size_t lane, float z) { export_depth_(env_, lane, z); }
    void export_sample_depth(std::size_t lane, unsigned sample, float z) { export_sample_depth_(env_, lane, sample, z); }

private:
    void* env_;
    vec4 (*sample_)(void*, unsigned, texture_kind, std::size_t, const vec4&);
    vec4 (*attribute_)(void*, unsigned, std::size_t, const vec4&);
    void (*kill_)(void*, std::size_t);
    void (*kill_sample_)(void*, std::size_t, unsigned);
    void (*export_depth_)(void*, std::size_t, float);
    void (*export_sample_depth_)(void*, std::size_t, unsigned, float);
};

// Whether Env hides default_environment's input, constant or output: the machine skips the
// calls (a loop over every register and lane each run) when it does not.
template <class Env>
inline constexpr bool supplies_inputs = !std::is_same_v<decltype(&Env::input), decltype(&default_environment::input)>;
template <class Env>
inline constexpr bool supplies_constants = !std::is_same_v<decltype(&Env::constant), decltype(&default_environment::constant)>;
template <class Env>
inline constexpr bool takes_outputs = !std::is_same_v<decltype(&Env::output), decltype(&default_environment::output)>;

}  // namespace ctisa::attila::exec
