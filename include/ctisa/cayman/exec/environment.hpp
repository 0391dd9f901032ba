// SPDX-License-Identifier: MIT
// What a Cayman program reads from and writes to outside its registers, with the defaults the
// executor uses (documented here because the hardware takes them from host-written state):
//   constant(buffer, index)  the kcache constants (four dwords): 0 when the host set none
//   boolean(n)               the CF_CONST boolean of COND BOOL / NOT_BOOL: false
//   loop_constant(n)         the DX9 integer loop constant {trip count, initial aL, step, -}:
//                            zeros (a DX9 loop of zero trips does not run)
//   export_value(...)        EXPORT / EXPORT_DONE, once per active lane and exported register
// Any type with these members can be passed to run().
#pragma once

#include <array>
#include <cstddef>
#include <concepts>
#include <cstdint>
#include <vector>

namespace ctisa::cayman::exec {

using vec4 = std::array<std::uint32_t, 4>;

// One exported register of one lane: TYPE (0 pixel, 1 position, 2 parameter), the export
// index (ARRAY_BASE + burst), and which elements were written (SEL MASK leaves one out).
struct export_record {
    std::uint8_t type = 0;
    std::uint32_t index = 0;
    std::uint32_t lane = 0;
    vec4 value{};
    std::uint8_t mask = 0xF;
    friend bool operator==(const export_record&, const export_record&) = default;
};

struct environment {
    std::vector<std::vector<vec4>> buffers;  // constant buffers by KCACHE_BANK
    std::array<bool, 32> booleans{};
    std::array<std::array<std::int32_t, 4>, 32> loops{};
    std::vector<export_record> exports;

    [[nodiscard]] vec4 constant(std::uint32_t buffer, std::uint32_t index) const noexcept {
        if (buffer >= buffers.size() || index >= buffers[buffer].size()) return {};
        return buffers[buffer][index];
    }
    // Sets constant `index` of `buffer`, growing the buffers as needed.
    void set_constant(std::uint32_t buffer, std::uint32_t index, const vec4& value) {
        if (buffers.size() <= buffer) buffers.resize(buffer + 1);
        if (buffers[buffer].size() <= index) buffers[buffer].resize(index + 1);
        buffers[buffer][index] = value;
    }
    [[nodiscard]] bool boolean(std::uint32_t n) const noexcept { return n < booleans.size() && booleans[n]; }
    [[nodiscard]] std::array<std::int32_t, 4> loop_constant(std::uint32_t n) const noexcept {
        return n < loops.size() ? loops[n] : std::array<std::int32_t, 4>{};
    }
    void export_value(const export_record& r) { exports.push_back(r); }
};

// Any environment as the kernels see it: four calls through pointers, so that the interpreter's
// kernels are instantiated once per lane count, not once per environment type.
class environment_ref {
public:
    template <class Env>
        requires(!std::same_as<Env, environment_ref>)
    environment_ref(Env& env) noexcept  // NOLINT: implicit by design (machine::run makes one)
        : self_(&env),
          constant_([](void* e, std::uint32_t b, std::uint32_t i) { return static_cast<Env*>(e)->constant(b, i); }),
          boolean_([](void* e, std::uint32_t n) { return static_cast<Env*>(e)->boolean(n); }),
          loop_([](void* e, std::uint32_t n) { return static_cast<Env*>(e)->loop_constant(n); }),
          export_([](void* e, const export_record& r) { static_cast<Env*>(e)->export_value(r); }) {}

    [[nodiscard]] vec4 constant(std::uint32_t buffer, std::uint32_t index) const { return constant_(self_, buffer, index); }
    [[nodiscard]] bool boolean(std::uint32_t n) const { return boolean_(self_, n); }
    [[nodiscard]] std::array<std::int32_t, 4> loop_constant(std::uint32_t n) const { return loop_(self_, n); }
    void export_value(const export_record& r) const { export_(self_, r); }

private:
    void* self_;
    vec4 (*constant_)(void*, std::uint32_t, std::uint32_t);
    bool (*boolean_)(void*, std::uint32_t);
    std::array<std::int32_t, 4> (*loop_)(void*, std::uint32_t);
    void (*export_)(void*, const export_record&);
};

}  // namespace ctisa::cayman::exec
