// SPDX-License-Identifier: MIT
// What a Cayman program reads from and writes to outside its registers, with the defaults the
// executor uses (documented here because the hardware takes them from host-written state):
//   constant(buffer, index)  the kcache constants (four dwords): 0 when the host set none
//   boolean(n)               the CF_CONST boolean of COND BOOL / NOT_BOOL: false
//   loop_constant(n)         the DX9 integer loop constant {trip count, initial aL, step, -}:
//                            zeros (a DX9 loop of zero trips does not run)
//   export_value(...)        EXPORT / EXPORT_DONE, once per active lane and exported register
//   lds_load(address, bytes) the local data share (LDS_IDX_OP, lds.hpp): little-endian bytes at a
//   lds_store(address, value, bytes)  byte address; 32 KiB of zeros (Cayman's LDS a work-group),
//                            reads past lds_size give 0 and writes there are discarded (as
//                            SET_LDS_SIZE says of its size)
//   memory_write(record)     MEM_STREAM*, MEM_RING*, MEM_WR_SCRATCH, MEM_EXPORT*, MEM_RAT*, the GDS
//                            clause's GDS and TF writes, GLOBAL_WAVE_SYNC: once per lane and dword
//                            written, with the dword address (traits.hpp, memory.hpp); recorded
//   memory_read(request)     what the atomics, MEM_RD_* and the GDS reads see: by default the value
//                            the last record of `memory` wrote there (same space, id and address;
//                            scratch also the same lane), else 0. A host preloads a buffer by
//                            putting records into `memory` before the run
//   fetch_shader()           CALL_FS: the CF address (8-byte units, in the program image) of the
//                            fetch subroutine, the host's SQ_PGM_START_FS; by default
//                            no_fetch_shader: none is bound and the call returns at once
//   set_lds_size(bytes)      SET_LDS_SIZE: lds_size becomes `bytes`, at most 32 KiB (the LDS)
//   semantic_gpr(id)         VTX SEMANTIC's destination: the host's semantic table maps SEMANTIC_ID to
//                            a GPR; by default the identity (semantic n is GPR n)
//   interrupt(record)        INTERRUPT, INTERRUPT_AND_SLEEP: recorded; the program goes on (the
//                            host answers at once, so a sleeping wavefront wakes at once)
//   emit(event)              EMIT_VERTEX, EMIT_CUT_VERTEX, CUT_VERTEX: once per active lane; recorded
//   fetch(request)           a TEX or VTX instruction of a TC / TC_ACK clause, once per lane it
//                            runs for: the four result words. The default returns the request's
//                            coordinates: a texture fetch its source elements after SRC_SEL, a
//                            vertex fetch {index (SRC_GPR.SRC_SEL_X), 0, 0, 0} (no resource holds
//                            a format or a stride); the texel offsets, OFFSET, the ids and the
//                            instruction's words come with the request for an environment that
//                            models resources
// Any type with these members can be passed to run().
#pragma once

#include <array>
#include <cstddef>
#include <concepts>
#include <cstdint>
#include <vector>

#include "../description.hpp"

namespace ctisa::cayman::exec {

using vec4 = std::array<std::uint32_t, 4>;
inline constexpr std::uint32_t no_fetch_shader = 0xFFFFFFFFu;  // fetch_shader(): none bound

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

// The memories a program writes and reads back. A RAT's return buffer (rat_return) is where the
// _RTN atomics put the value they replaced (6.4.1); ordered_count is GDS's hidden ordered append
// count; gws holds GLOBAL_WAVE_SYNC's resource counters.
enum class memory_space : std::uint8_t { stream, ring, scratch, scatter, rat, rat_return, gds, ordered_count, tf, gws };

// The memory an instruction writes or reads (stream for any other).
[[nodiscard]] constexpr memory_space space_of(opcode op) noexcept {
    using enum opcode;
    switch (op) {
        case cf_alloc_export_mem_wr_scratch:
        case mem_rd_mem_rd_scratch: return memory_space::scratch;
        case cf_alloc_export_mem_ring:
        case cf_alloc_export_mem_ring1:
        case cf_alloc_export_mem_ring2:
        case cf_alloc_export_mem_ring3: return memory_space::ring;
        case cf_alloc_export_mem_export:
        case cf_alloc_export_mem_export_combined:
        case mem_rd_mem_rd_scatter: return memory_space::scatter;
        case cf_alloc_export_mem_rat:
        case cf_alloc_export_mem_rat_cacheless:
        case cf_alloc_export_mem_rat_combined:
        case cf_alloc_export_mem_rat_combined_cacheless: return memory_space::rat;
        case gds_gds_atomic_ordered_alloc_ret: return memory_space::ordered_count;
        case tf_mem_tf_write: return memory_space::tf;
        case cf_global_wave_sync: return memory_space::gws;
        default: return info(op).cat == category::gds ? memory_space::gds : memory_space::stream;
    }
}

// One dword a memory export writes: the instruction (which buffer or ring), the lane, the
// address in dwords (3.9's first_mem and on) and the value; `id` the RAT_ID of a MEM_RAT* (0
// otherwise), `returned` a _RTN atomic's old value going to the RAT's return buffer.
struct memory_record {
    opcode op{};
    std::uint32_t lane = 0;
    std::uint32_t address = 0;
    std::uint32_t value = 0;
    std::uint32_t id = 0;
    bool returned = false;
    [[nodiscard]] constexpr memory_space space() const noexcept { return returned ? memory_space::rat_return : space_of(op); }
    friend bool operator==(const memory_record&, const memory_record&) = default;
};

// A dword an instruction reads back (an atomic's old value, MEM_RD_*, a GDS read).
struct memory_request {
    memory_space space = memory_space::stream;
    std::uint32_t id = 0, lane = 0, address = 0;
};

// INTERRUPT or INTERRUPT_AND_SLEEP (the interrupt's other data, the VMID, ring and engine ids,
// are the host's).
struct interrupt_record {
    opcode op{};
    std::uint32_t offset = 0;  // the CF instruction's byte offset
    friend bool operator==(const interrupt_record&, const interrupt_record&) = default;
};

// A geometry program's signal: a vertex is complete (EMIT_*), the strip is cut (*CUT_VERTEX).
struct gs_event {
    std::uint32_t lane = 0;
    bool vertex = false, cut = false;
    friend bool operator==(const gs_event&, const gs_event&) = default;
};

// One lane's texture or vertex fetch (the opcode says which; TEX_INST / VC_INST).
struct fetch_request {
    opcode op{};
    std::uint32_t lane = 0;
    std::uint32_t resource = 0;  // TEX: RESOURCE_ID; VTX: BUFFER_ID
    std::uint32_t sampler = 0;   // TEX: SAMPLER_ID
    vec4 coord{};                // TEX: the source after SRC_SEL; VTX: {index, 0, 0, 0}
    std::array<std::uint8_t, 3> texel_offset{};  // TEX: OFFSET_X-Z as encoded (5-bit two's complement)
    std::uint32_t offset = 0;                    // VTX: OFFSET in bytes
    std::array<std::uint32_t, 4> words{};        // the instruction
};

struct environment {
    std::vector<std::vector<vec4>> buffers;  // constant buffers by KCACHE_BANK
    std::array<bool, 32> booleans{};
    std::array<std::array<std::int32_t, 4>, 32> loops{};
    std::vector<export_record> exports;
    std::uint32_t lds_size = 32768;  // bytes
    std::vector<std::uint8_t> lds;   // grows on a write; bytes past its end read 0
    std::vector<memory_record> memory;
    std::vector<gs_event> gs_events;
    std::vector<interrupt_record> interrupts;

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
    void memory_write(const memory_record& r) { memory.push_back(r); }
    [[nodiscard]] std::uint32_t memory_read(const memory_request& q) const noexcept {
        for (auto it = memory.rbegin(); it != memory.rend(); ++it)
            if (it->space() == q.space && it->id == q.id && it->address == q.address && (q.space != memory_space::scratch || it->lane == q.lane))
                return it->value;
        return 0;
    }
    void interrupt(const interrupt_record& r) { interrupts.push_back(r); }
    [[nodiscard]] std::uint32_t semantic_gpr(std::uint32_t id) const noexcept { return id; }
    void set_lds_size(std::uint32_t bytes) noexcept { lds_size = bytes < 32768 ? bytes : 32768; }
    [[nodiscard]] std::uint32_t fetch_shader() const noexcept { return no_fetch_shader; }
    void emit(const gs_event& e) { gs_events.push_back(e); }
    [[nodiscard]] vec4 fetch(const fetch_request& r) const noexcept { return r.coord; }
    [[nodiscard]] std::uint32_t lds_load(std::uint32_t address, unsigned bytes) const noexcept {
        std::uint32_t v = 0;
        for (unsigned i = 0; i < bytes; ++i) {
            const std::uint64_t at = std::uint64_t{address} + i;
            if (at < lds_size && at < lds.size()) v |= std::uint32_t{lds[at]} << (8 * i);
        }
        return v;
    }
    void lds_store(std::uint32_t address, std::uint32_t value, unsigned bytes) {
        for (unsigned i = 0; i < bytes; ++i) {
            const std::uint64_t at = std::uint64_t{address} + i;
            if (at >= lds_size) continue;
            if (lds.size() <= at) lds.resize(static_cast<std::size_t>(at) + 1);
            lds[at] = static_cast<std::uint8_t>(value >> (8 * i));
        }
    }
};

// Any environment as the kernels see it: fourteen calls through pointers, so that the interpreter's
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
          export_([](void* e, const export_record& r) { static_cast<Env*>(e)->export_value(r); }),
          lds_load_([](void* e, std::uint32_t a, unsigned n) { return static_cast<Env*>(e)->lds_load(a, n); }),
          lds_store_([](void* e, std::uint32_t a, std::uint32_t v, unsigned n) { static_cast<Env*>(e)->lds_store(a, v, n); }),
          memory_([](void* e, const memory_record& r) { static_cast<Env*>(e)->memory_write(r); }),
          emit_([](void* e, const gs_event& g) { static_cast<Env*>(e)->emit(g); }),
          fetch_([](void* e, const fetch_request& r) { return static_cast<Env*>(e)->fetch(r); }),
          read_([](void* e, const memory_request& q) { return static_cast<Env*>(e)->memory_read(q); }),
          interrupt_([](void* e, const interrupt_record& r) { static_cast<Env*>(e)->interrupt(r); }),
          semantic_([](void* e, std::uint32_t id) { return static_cast<Env*>(e)->semantic_gpr(id); }),
          lds_size_([](void* e, std::uint32_t bytes) { static_cast<Env*>(e)->set_lds_size(bytes); }),
          fs_base_([](void* e) { return static_cast<Env*>(e)->fetch_shader(); }) {}

    [[nodiscard]] vec4 constant(std::uint32_t buffer, std::uint32_t index) const { return constant_(self_, buffer, index); }
    [[nodiscard]] bool boolean(std::uint32_t n) const { return boolean_(self_, n); }
    [[nodiscard]] std::array<std::int32_t, 4> loop_constant(std::uint32_t n) const { return loop_(self_, n); }
    void export_value(const export_record& r) const { export_(self_, r); }
    [[nodiscard]] std::uint32_t lds_load(std::uint32_t address, unsigned bytes) const { return lds_load_(self_, address, bytes); }
    void lds_store(std::uint32_t address, std::uint32_t value, unsigned bytes) const { lds_store_(self_, address, value, bytes); }
    void memory_write(const memory_record& r) const { memory_(self_, r); }
    void emit(const gs_event& g) const { emit_(self_, g); }
    [[nodiscard]] vec4 fetch(const fetch_request& r) const { return fetch_(self_, r); }
    [[nodiscard]] std::uint32_t memory_read(const memory_request& q) const { return read_(self_, q); }
    void interrupt(const interrupt_record& r) const { interrupt_(self_, r); }
    [[nodiscard]] std::uint32_t semantic_gpr(std::uint32_t id) const { return semantic_(self_, id); }
    void set_lds_size(std::uint32_t bytes) const { lds_size_(self_, bytes); }
    [[nodiscard]] std::uint32_t fetch_shader() const { return fs_base_(self_); }

private:
    void* self_;
    vec4 (*constant_)(void*, std::uint32_t, std::uint32_t);
    bool (*boolean_)(void*, std::uint32_t);
    std::array<std::int32_t, 4> (*loop_)(void*, std::uint32_t);
    void (*export_)(void*, const export_record&);
    std::uint32_t (*lds_load_)(void*, std::uint32_t, unsigned);
    void (*lds_store_)(void*, std::uint32_t, std::uint32_t, unsigned);
    void (*memory_)(void*, const memory_record&);
    void (*emit_)(void*, const gs_event&);
    vec4 (*fetch_)(void*, const fetch_request&);
    std::uint32_t (*read_)(void*, const memory_request&);
    void (*interrupt_)(void*, const interrupt_record&);
    std::uint32_t (*semantic_)(void*, std::uint32_t);
    void (*lds_size_)(void*, std::uint32_t);
    std::uint32_t (*fs_base_)(void*);
};

}  // namespace ctisa::cayman::exec
