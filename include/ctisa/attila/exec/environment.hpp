// What an ATTILA program reads from and writes to the world outside its registers goes through an
// environment the user supplies. The executor is a template over it, so an environment's calls
// inline; derive from default_environment and hide what you want to change.
#pragma once

#include <array>
#include <cstddef>

namespace ctisa::attila::exec {

using vec4 = std::array<float, 4>;

enum class texture_kind : unsigned char {
    sample,     // TEX
    bias,       // TXB: w holds the level-of-detail bias
    lod,        // TXL: w holds the level of detail
    projected,  // TXP: x, y and z have been divided by w
};

struct default_environment {
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

}  // namespace ctisa::attila::exec
