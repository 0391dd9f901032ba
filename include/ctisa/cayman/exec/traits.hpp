// SPDX-License-Identifier: MIT
// Cayman on the shared executor (ctisa/exec/machine.hpp, compiled.hpp): one step is one item
// (items.hpp): a CF instruction, an ALU clause's start or end, or one ALU instruction group.
//
// Control flow: Cayman's CF program has jump addresses and an explicit stack (PUSH, POP n, ELSE,
// LOOP_*, CALL, RETURN, the ALU_*_BEFORE/AFTER forms), not matched block markers, so every item
// is `ordinary` for the structured engine and its report drives the engine's lane stack
// (exec/lane_stack.hpp) with the primitives, setting the jump itself, as structured.hpp lays out:
//   PUSH   all lanes fail COND: pop(POP_COUNT), jump; else push_branch(COND)
//   POP    pop(POP_COUNT), then COND restricts the lanes    JUMP  pop(POP_COUNT); jump if all fail
//   ELSE   pop(POP_COUNT), else_flip(COND), jump when no lane is active
//   LOOP_START*  push_loop (DX9: trip count from the loop constant); none enters: pop, jump
//   LOOP_END     arrive_loop_end, loop_again(COND): around -> jump to ADDR
//   LOOP_BREAK / LOOP_CONTINUE  the lanes passing COND leave; once the iteration is done,
//                unwind_to_loop and jump to ADDR (the LOOP_END)
//   CALL   pop(POP_COUNT), call with the lanes passing COND (skipped past depth 32), jump
//   RETURN frames above the call popped, return_lanes; the engine returns when no lane is left
//   KILL   the active lanes passing COND are discarded; jump when none is left
//   END    every lane ends
//   ALU_PUSH_BEFORE  push_branch(active) before the clause; at the clause's end the exec-mask
//   update (EXECUTE_MASK_OP: deactivate -> restrict_to, break / continue -> break_lanes /
//   continue_lanes, kill -> discard), KILL* discards, then ALU_POP_AFTER pop(1),
//   ALU_POP2_AFTER pop(2), ALU_ELSE_AFTER else_flip.
// Decisions where the document is silent: ALU_PUSH_BEFORE pushes once per clause (table 3.7,
// "Equivalent to PUSH; ALU clause"; 3.7.7's "before each PRED_SET*" is not followed); ALU_ELSE_AFTER
// does not pop (table 3.7: "ALU; ELSE"); POP never jumps (3.7.2); Cayman's CF_WORD1 has no
// CALL_COUNT: each CALL nests one level, at most 32; RETURN outside a call ends the lanes; a
// killed lane ends at the end of its clause (4.8.1: KILL is the clause's last group); an
// exec-mask break or continue outside a loop deactivates; WAIT_ACK and SET_PRIORITY do nothing (no
// write is outstanding in a reference run; a scheduling hint); HALT ends every lane as END does
// ("halt wavefront execution"); LDS_DEALLOC does nothing (the environment's memory stays, for the
// host to read); EMIT_VERTEX, EMIT_CUT_VERTEX and CUT_VERTEX call the environment's emit for the
// active lanes passing COND (the vertex itself went to a ring with MEM_RING before). TC and
// TC_ACK run their fetches (run_fetch) as the items after them; TC_ACK's acknowledgement needs
// nothing more (a fetch is done when the environment returns). Cayman has no VC: vertex fetches
// sit in TC clauses.
// REACTIVATE and ALU_REACTIVATE_BEFORE activate the lanes the top frame saved at its push (every
// live lane with nothing pushed); the *_WQM forms then apply whole quad mode once: a lane whose
// quad (lanes 4k to 4k + 3) has an active lane becomes active (table 3.7: "then apply whole quad
// mode to the active mask"; the mode is not kept for later instructions). ALU_VALID_PIXEL_MODE
// runs as ALU: every live lane is a valid pixel (killed lanes end; no helper pixels here).
// JUMP_ANY: table 3.7 says both "Jump: yes, if all pixels fail test" and "Jump to ADDR unless all
// pixels fail the condition test"; the description column and the name (any lane) decide: it jumps
// when an active lane passes COND, else pops POP_COUNT (the pop column) and goes on; the active
// lanes stay. GDS clauses run their instructions as the items after them, like TC (memory.hpp);
// MEM_RAT* and GLOBAL_WAVE_SYNC run in memory.hpp. INTERRUPT and INTERRUPT_AND_SLEEP call the
// environment's interrupt and go on (a reference run has no host to wait for).
// CALL_FS calls as CALL does, to the CF address the environment's fetch_shader gives (the host
// register SQ_PGM_START_FS, in the same image: the description gives CALL_FS no ADDR); with none
// bound (the default) it returns at once. The fetch-program mode it activates changes nothing the
// executor models.
// JUMPTABLE: the index is element A-D (JUMPTABLE_SEL) of the loop constant CF_CONST (8.2: "from
// either a loop-constant or a GPR through the index registers"; the index registers, SEL 4 and 5,
// are not modelled: refused); it goes to the index-th instruction after it (the table of jumps,
// which run as they are), to ADDR when no lane passes COND or the index is past the table
// (ADDR is "the instruction after the last jump table entry").
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../../exec/compiled.hpp"
#include "../../exec/machine.hpp"
#include "context.hpp"
#include "descriptor.hpp"
#include "environment.hpp"
#include "group.hpp"
#include "memory.hpp"
#include "plain_group.hpp"
#include "values.hpp"

namespace ctisa::cayman::exec {

using ctisa::exec::lane_on;

struct layout {
    std::uint32_t rows = row::count;
};

template <std::size_t N>
struct effects {
    std::array<lane_word, N> cond{};   // cf: COND per lane; clause_end: the lanes the update keeps
    std::array<lane_word, N> kill{};   // clause_end: the lanes KILL* killed
    std::array<lane_word, N> trips{};  // DX9 loops: the trip count per lane
    std::int32_t init = 0, step = 0;
    bool stalled = false;  // GLOBAL_WAVE_SYNC would wait for another wavefront
    context* ctx = nullptr;
    // Before each step: the arrays are written whole by the items whose report reads them (cond
    // by every CF item and clause end, kill by a clause end, trips by LOOP_START*), so only the
    // scalars are cleared (zeroing the arrays cost a memset of 3 W words a step).
    void reset() noexcept {
        init = step = 0;
        stalled = false;
    }
};

namespace detail {

[[nodiscard]] inline bool cond_passes(std::uint8_t cond, bool boolean) noexcept {
    switch (cond) {
        case 0: return true;      // ACTIVE
        case 1: return false;     // FALSE
        case 2: return boolean;   // BOOL
        default: return !boolean; // NOT_BOOL
    }
}

template <class View, class Env>
void run_export(const descriptor& d, const View& v, const lane_word* active, const context& ctx, Env& env, std::size_t first) {
    for (std::uint32_t i = 0; i <= d.burst; ++i) {
        const std::int64_t g = std::int64_t{d.rw_gpr} + i + (d.rw_rel ? ctx.loop_index() : 0);
        for (std::size_t l = 0; l < View::lanes; ++l) {
            if (!active[l]) continue;
            export_record r{d.type, d.array_base + i, static_cast<std::uint32_t>(first + l), {}, 0};
            for (std::uint32_t c = 0; c < 4; ++c) {
                const std::uint8_t sel = d.swizzle[c];
                if (sel == 7) continue;  // MASK
                r.mask |= static_cast<std::uint8_t>(1u << c);
                if (sel < 4) r.value[c] = g >= 0 && g < 128 ? v.row(row::gpr(static_cast<std::uint32_t>(g), sel))[l] : 0u;
                else r.value[c] = sel == 5 ? one_f : 0u;
            }
            env.export_value(r);
        }
    }
}

// MEM_STREAM*, MEM_RING*, MEM_WR_SCRATCH, MEM_EXPORT*: BURST_COUNT + 1 registers from RW_GPR,
// ELEM_SIZE + 1 dwords of each (those COMP_MASK enables), to consecutive dword addresses from
// 3.9's first_mem = (ARRAY_BASE + use_index * INDEX_GPR.x) * (ELEM_SIZE + 1), none at or past
// (ARRAY_BASE + ARRAY_SIZE) * (ELEM_SIZE + 1). MEM_EXPORT (scatter, and its _COMBINED form):
// ARRAY_BASE + INDEX_GPR.x in dwords, unscaled, and ARRAY_SIZE unused (8.3). TYPE bit 0 is
// use_index; the _ACK types need nothing more (a write is done when the call returns).
template <class View, class Env>
void run_memory_export(const descriptor& d, const View& v, const lane_word* active, const context& ctx, Env& env, std::size_t first) {
    const std::uint32_t elems = d.elem_size + 1u;
    const bool scatter = d.op == opcode::cf_alloc_export_mem_export || d.op == opcode::cf_alloc_export_mem_export_combined;
    const std::uint64_t limit = (std::uint64_t{d.array_base} + d.array_size) * elems;
    for (std::size_t l = 0; l < View::lanes; ++l) {
        if (!active[l]) continue;
        const std::uint32_t index = (d.type & 1) ? v.row(row::gpr(d.index_gpr & 127u, 0))[l] : 0u;
        const std::uint64_t start = scatter ? std::uint64_t{d.array_base} + index : (std::uint64_t{d.array_base} + index) * elems;
        for (std::uint32_t i = 0; i <= d.burst; ++i) {
            const std::int64_t g = std::int64_t{d.rw_gpr} + i + (d.rw_rel ? ctx.loop_index() : 0);
            for (std::uint32_t c = 0; c < elems && c < 4; ++c) {
                const std::uint64_t address = start + std::uint64_t{i} * elems + c;
                if (!((d.comp_mask >> c) & 1u) || (!scatter && address >= limit)) continue;
                const lane_word value = g >= 0 && g < 128 ? v.row(row::gpr(static_cast<std::uint32_t>(g), c))[l] : 0u;
                env.memory_write({d.op, static_cast<std::uint32_t>(first + l), static_cast<std::uint32_t>(address), value});
            }
        }
    }
}

// A TEX or VTX instruction of a TC / TC_ACK clause: for each lane it runs for, the coordinates
// from SRC_GPR (SRC_REL: + aL) through SRC_SEL, the environment's four words, then DST_SEL's
// elements to DST_GPR (DST_REL: + aL); a register outside 0-127 reads 0 and is not written.
// Decisions: the lanes are the active ones passing the TC's COND, with FETCH_WHOLE_QUAD every lane
// of a quad (lanes 4k to 4k + 3) holding an active one (the quad's helper pixels fetch too); SEL 1 is
// 1.0f for vertex fetches as well; a fetch's result is there for the next instruction (a clause
// holds no hazard a reference run could show). VTX SEMANTIC writes the GPR the environment's
// semantic table names for SEMANTIC_ID (default: GPR SEMANTIC_ID).
template <class View, class Env>
void run_fetch(const descriptor& d, const View& v, const lane_word* active, const context& ctx, Env& env, std::size_t first) {
    const fetch_fields& f = d.fetch;
    const bool vertex = info(d.op).cat == category::vtx;
    const std::int64_t rel = ctx.loop_index();
    const std::int64_t src = std::int64_t{f.src_gpr} + (f.src_rel ? rel : 0);
    const std::int64_t dst =
        d.op == opcode::vtx_semantic ? std::int64_t{env.semantic_gpr(f.semantic)} : std::int64_t{f.dst_gpr} + (f.dst_rel ? rel : 0);
    const auto in_range = [](std::int64_t g) { return g >= 0 && g < 128; };
    for (std::size_t l = 0; l < View::lanes; ++l) {
        bool on = active[l] != 0;
        if (f.whole_quad)
            for (std::size_t q = l & ~std::size_t{3}; q < (l | 3) + 1 && q < View::lanes; ++q) on = on || active[q] != 0;
        if (!on) continue;
        const auto element = [&](std::uint8_t sel) -> lane_word {
            if (sel < 4) return in_range(src) ? v.row(row::gpr(static_cast<std::uint32_t>(src), sel))[l] : 0u;
            return sel == 5 ? one_f : 0u;
        };
        fetch_request r{d.op, static_cast<std::uint32_t>(first + l), f.resource, f.sampler, {}, f.texel_offset, f.offset, f.words};
        if (vertex) r.coord[0] = element(f.src_sel[0]);
        else
            for (std::uint32_t c = 0; c < 4; ++c) r.coord[c] = element(f.src_sel[c]);
        const vec4 result = env.fetch(r);
        if (!f.writes || !in_range(dst)) continue;
        for (std::uint32_t c = 0; c < 4; ++c) {
            const std::uint8_t sel = f.dst_sel[c];
            if (sel == 7 || sel == 6) continue;  // MASK (6 is reserved)
            v.row(row::gpr(static_cast<std::uint32_t>(dst), c))[l] = sel < 4 ? result[sel] : sel == 5 ? one_f : 0u;
        }
    }
}

// An instruction of a TC, TC_ACK or GDS clause: the lanes as run_fetch takes them (whole quads
// for a texture or vertex fetch asking for them), then the kernel by category.
template <class View, class Env>
void run_clause_fetch(const descriptor& d, const View& v, const lane_word* active, const context& ctx, Env& env, std::size_t first) {
    const category c = info(d.op).cat;
    if (c == category::tex || c == category::vtx) return run_fetch(d, v, active, ctx, env, first);
    if (c == category::mem_rd) return run_mem_read(d, v, active, ctx.loop_index(), env, first);
    run_gds(d, v, active, ctx.loop_index(), env, first);
}

}  // namespace detail

struct traits : ctisa::exec::traits_base<item, exec::descriptor, exec::layout, environment, exec::environment_ref, exec::effects,
                                         ctisa::exec::no_accessors_for, exec::context> {
    template <std::size_t W>
    struct state {
        exec::context ctx{};
        std::array<lane_word, W> killed{};  // the lanes KILL* (or a kill exec-mask update) ended in the last run
        std::vector<constant_row> constant_keys;  // the interpreter's constant rows (plain_group.hpp)
        std::vector<lane_word> constant_rows;
        std::vector<plain_group::planned> plans;  // by item: the interpreter's plain groups resolved for W
        std::optional<environment_ref> env;        // a run's environment wrapped, where it is not one already
    };
    static constexpr std::size_t default_lanes = 64;  // a Cayman wavefront

    template <class M>
    static context* context_of(M& m) noexcept {
        return &m.state().ctx;
    }
    template <class M>
    static void initialize(M& m) {
        auto& st = m.state();
        for (std::size_t i = 0; i < m.program().size(); ++i) plain_group::collect(m.descriptor_at(i), st.constant_keys);
        st.constant_rows.resize(st.constant_keys.size() * M::lanes);
        st.plans.resize(m.program().size());
        if constexpr (plain_group::block<M::lanes> != 0)
            for (std::size_t i = 0; i < m.program().size(); ++i) st.plans[i] = plain_group::plan_of<M::lanes>(m.descriptor_at(i));
    }
    template <class M, class Env>
    static void prepare(M& m, Env& env) {
        auto& st = m.state();
        st.ctx.restart(m.program());
        // (The straight runs' plain groups fill the constant rows from it.) The run holds `env`
        // until it ends, so an environment_ref is pointed at; any other kind is wrapped once.
        if constexpr (std::is_same_v<std::remove_const_t<Env>, environment_ref>) {
            st.ctx.env = &env;
        } else {
            st.env.emplace(env);
            st.ctx.env = &*st.env;
        }
        st.ctx.constant_keys = st.constant_keys;
        st.ctx.constant_rows = st.constant_rows.data();
        st.ctx.plans = st.plans.data();
    }
    template <class M, std::size_t W>
    static void discarded(M& m, const ctisa::exec::lane_mask<W>& lanes) {
        m.state().killed = lanes;
    }

    static constexpr layout layout_of(std::span<const instruction>) { return {}; }
    static constexpr void describe(std::span<const instruction> program, const layout&, descriptor* out) {
        std::vector<constant_row> constants;  // (the interpreter's: plain_group::plan)
        for (std::size_t i = 0; i < program.size(); ++i) {
            out[i] = describe_item(program[i]);
            out[i].next = static_cast<std::uint32_t>(i + 1);
            plain_group::plan(out[i], constants);
        }
    }
    static constexpr ctisa::exec::flow_op flow_of(const descriptor&) { return {}; }

    template <class Desc, class View, class Env, class Info>
    static void execute(const Desc& desc, const View& v, const lane_word* active, bool all, Env& env, const Info& where,
                        effects<View::lanes>& fx) {
        const descriptor& d = desc.get();
        constexpr std::size_t n = View::lanes;
        fx.ctx = v.context;
        if (d.refused != refusal::none) return;
        context& ctx = *v.context;
        switch (d.kind) {
            case item_kind::group:
                if constexpr (!ctisa::exec::is_static_desc<Desc> && plain_group::block<n> != 0)
                    if (d.plain) return plain_group::run_item(d, v, active, all, env);
                run_group(desc, v, active, ctx, env, where.first);
                return;
            case item_kind::clause:
                // The predicate starts as "execute" (4.10: for the active lanes, and for the lanes
                // ALU_REACTIVATE_BEFORE activates after this); no update, no kill yet.
                for (std::size_t l = 0; l < n; ++l) {
                    v.row(row::pred)[l] = lane_on;
                    v.row(row::keep)[l] = lane_on;
                    v.row(row::killed)[l] = 0;
                    v.row(row::flags)[l] = 0;  // 4.13.2: cleared at the beginning of each ALU clause
                }
                ctx.exec_op = 0;
                return;
            case item_kind::clause_end:
                for (std::size_t l = 0; l < n; ++l) {
                    fx.cond[l] = v.row(row::keep)[l];
                    fx.kill[l] = v.row(row::killed)[l];
                }
                return;
            case item_kind::fetch:
                if (detail::cond_passes(d.fetch.cond, env.boolean(d.fetch.cf_const)))
                    detail::run_clause_fetch(d, v, active, ctx, env, where.first);
                return;
            case item_kind::cf: break;
        }
        const lane_word pass = detail::cond_passes(d.cond, env.boolean(d.cf_const)) ? lane_on : 0u;
        fx.cond.fill(pass);
        if (d.op == opcode::cf_loop_start || d.op == opcode::cf_loop_start_no_al) {
            const auto lc = env.loop_constant(d.cf_const);
            fx.trips.fill(static_cast<lane_word>(lc[0]));
            fx.init = lc[1];
            fx.step = lc[2];
        }
        if (d.op == opcode::cf_jumptable) fx.init = env.loop_constant(d.cf_const)[d.jump_sel & 3u];  // the table index
        if (d.op == opcode::cf_call_fs) fx.init = static_cast<std::int32_t>(env.fetch_shader());  // no_fetch_shader: -1
        if (d.op == opcode::cf_alloc_export_export || d.op == opcode::cf_alloc_export_export_done)
            detail::run_export(d, v, active, ctx, env, where.first);
        else if (memory_export(d.op)) detail::run_memory_export(d, v, active, ctx, env, where.first);
        else if (rat_export(d.op)) run_rat(d, v, active, ctx.loop_index(), env, where.first);
        else if (d.op == opcode::cf_global_wave_sync) fx.stalled = !run_gws(d, env, static_cast<std::uint32_t>(where.first));
        else if (d.op == opcode::cf_interrupt || d.op == opcode::cf_interrupt_and_sleep) env.interrupt({d.op, d.offset});
        else if (d.op == opcode::cf_emit_vertex || d.op == opcode::cf_emit_cut_vertex || d.op == opcode::cf_cut_vertex)
            for (std::size_t l = 0; l < n; ++l)
                if (active[l] && pass)
                    env.emit({static_cast<std::uint32_t>(where.first + l), d.op != opcode::cf_cut_vertex, d.op != opcode::cf_emit_vertex});
    }

    template <std::size_t N>
    static void report(const descriptor& d, const effects<N>& fx, ctisa::exec::step_io<N>& io);

    // Straight runs (the engine's hook, exec/traits.hpp: plain ALU items run one after another in
    // one step, with no effects or report): the plain groups, whose steps report nothing. Their
    // environment is the run's (context::env, set by prepare).
    template <class View>
    static ctisa::exec::plain_kernel<descriptor, View> plain_alu(const descriptor& d) noexcept {
        if constexpr (plain_group::block<View::lanes> != 0)
            if (d.kind == item_kind::group && d.plain && d.refused == refusal::none) return &run_plain<View>;
        return (void)d, nullptr;
    }

private:
    template <class View>
    static void run_plain(const descriptor& d, const View& v, const lane_word* active, bool all) {
        plain_group::run_item(d, v, active, all, *v.context->env);
    }
};

namespace detail {

template <std::size_t N>
using stack_of = std::remove_pointer_t<decltype(ctisa::exec::step_io<N>::stack)>;

inline ctisa::error cf_error(const ctisa::error_code& code, const descriptor& d, std::string_view why) {
    return ctisa::error{code, 0, 0, d.offset, why};
}

// Whole quad mode (3.6.2): a lane is active when any lane of its quad (four lanes from a
// multiple of 4, counted from the machine's first lane) is.
template <std::size_t N, class Stack>
void whole_quads(Stack& st) {
    ctisa::exec::lane_mask<N> m = st.active();
    for (std::size_t q = 0; q < N; q += 4) {
        lane_word any = 0;
        for (std::size_t l = q; l < q + 4 && l < N; ++l) any |= m[l];
        for (std::size_t l = q; l < q + 4 && l < N; ++l) m[l] = any;
    }
    st.activate(m);
}

// REACTIVATE: the lanes active at the top frame's push (every live lane without a frame).
template <std::size_t N, class Stack>
void reactivate(Stack& st) {
    ctisa::exec::lane_mask<N> m;
    if (st.depth()) m = st.top().resume;
    else m.fill(lane_on);
    st.activate(m);
}

// The first item of the CF instruction at `address` (8-byte units), if the program has one.
inline bool fetch_shader(const context& ctx, std::uint32_t address, std::uint32_t& item) {
    for (std::size_t i = 0; i < ctx.program.size(); ++i)
        if (ctx.program[i].cf_address == address && ctx.program[i].kind != item_kind::group) {
            item = static_cast<std::uint32_t>(i);
            return true;
        }
    return false;
}

// CF instructions: what each does to the stack, and where it goes.
template <std::size_t N>
void report_cf(const descriptor& d, const effects<N>& fx, ctisa::exec::step_io<N>& io, context& ctx) {
    auto& st = *io.stack;
    const auto overflow = [&] { io.stop = cf_error(ctisa::errors::stack_overflow, d, "control stack"); };
    switch (d.op) {
        case opcode::cf_push:
        case opcode::cf_push_wqm:
            if (!st.any_active_in(fx.cond)) {
                st.pop(d.pop_count);
                io.jump = d.target;
            } else if (!st.push_branch(fx.cond)) {
                overflow();
            } else if (d.op == opcode::cf_push_wqm) {
                whole_quads<N>(st);
            }
            break;
        case opcode::cf_pop:
            st.pop(d.pop_count);
            if (d.cond != 0) st.restrict_to(fx.cond);
            break;
        case opcode::cf_pop_wqm:  // table 3.7: jumps when no lane is left after the pop
            st.pop(d.pop_count);
            if (d.cond != 0) st.restrict_to(fx.cond);
            whole_quads<N>(st);
            if (!st.any_active()) io.jump = d.target;
            break;
        case opcode::cf_reactivate: reactivate<N>(st); break;
        case opcode::cf_reactivate_wqm:
            reactivate<N>(st);
            whole_quads<N>(st);
            break;
        case opcode::cf_jump:
            st.pop(d.pop_count);
            if (!st.any_active_in(fx.cond)) io.jump = d.target;
            break;
        case opcode::cf_else:
        case opcode::cf_else_wqm:
            st.pop(d.pop_count);
            if (!st.else_flip(fx.cond)) {
                io.stop = cf_error(ctisa::errors::unbalanced_structure, d, "ELSE with nothing pushed");
                break;
            }
            if (d.op == opcode::cf_else_wqm) whole_quads<N>(st);
            if (!st.any_active()) io.jump = d.target;
            break;
        case opcode::cf_loop_start:
        case opcode::cf_loop_start_no_al:
        case opcode::cf_loop_start_dx10: {
            const bool counted = d.op != opcode::cf_loop_start_dx10;
            if (!st.push_loop(fx.cond.data(), counted ? fx.trips.data() : nullptr, ctisa::exec::no_pc, d.next)) return overflow();
            if (!st.any_active()) {
                st.pop();
                st.pop(d.pop_count);
                io.jump = d.target;
            } else {
                ctx.enter_loop({fx.init, fx.step, 0, st.depth(), d.op == opcode::cf_loop_start});
            }
            break;
        }
        case opcode::cf_loop_end:
            if (!st.arrive_loop_end()) {
                io.stop = cf_error(ctisa::errors::unbalanced_structure, d, "LOOP_END outside a loop");
            } else if (st.loop_again(fx.cond.data())) {
                io.jump = d.target;
                if (ctx.loop_count) ++ctx.loops[ctx.loop_count - 1].iteration;
            }
            break;
        case opcode::cf_loop_break:
        case opcode::cf_loop_continue: {
            ctisa::exec::lane_mask<N> m = st.active();
            for (std::size_t l = 0; l < N; ++l) m[l] &= fx.cond[l];
            const bool in_loop = d.op == opcode::cf_loop_break ? st.break_lanes(m) : st.continue_lanes(m);
            if (!in_loop) io.stop = cf_error(ctisa::errors::unbalanced_structure, d, "loop break or continue outside a loop");
            else if (st.iteration_done()) {
                st.unwind_to_loop();
                io.jump = d.target;
            }
            break;
        }
        case opcode::cf_call:
        case opcode::cf_call_fs: {
            std::uint32_t target = d.target;
            if (d.op == opcode::cf_call_fs) {
                if (fx.init == -1) break;  // no fetch shader bound: the call returns at once
                if (!fetch_shader(ctx, static_cast<std::uint32_t>(fx.init), target)) {
                    io.stop = cf_error(ctisa::errors::not_executable, d, "CALL_FS: no CF instruction at the fetch shader's address");
                    break;
                }
            }
            st.pop(d.pop_count);
            ctisa::exec::lane_mask<N> m = st.active();
            for (std::size_t l = 0; l < N; ++l) m[l] &= fx.cond[l];
            if (!ctisa::exec::any_of<N>(m) || st.call_depth() >= 32) break;
            if (!st.call(m, d.next)) return overflow();
            io.jump = target;
            break;
        }
        case opcode::cf_return:
            while (st.call_depth() && st.depth() && st.top().kind != ctisa::exec::frame_kind::call) st.pop();
            st.return_lanes(st.active());
            break;
        case opcode::cf_kill: {
            // The lanes passing COND are killed; jump when no active lane is left (chapter 9).
            bool survivor = false;
            for (std::size_t l = 0; l < N; ++l) {
                io.discard[l] = st.active()[l] & fx.cond[l];
                survivor = survivor || (st.active()[l] & ~fx.cond[l]) != 0;
            }
            io.has_discard = true;
            if (!survivor) io.jump = d.target;
            break;
        }
        case opcode::cf_jump_any:  // decision in the header: jump when a lane passes, else pop
            if (st.any_active_in(fx.cond)) io.jump = d.target;
            else st.pop(d.pop_count);
            break;
        case opcode::cf_jumptable: {  // decision in the header: entries are the items after it
            const std::int64_t entries = std::int64_t{d.target} - d.next;
            if (!st.any_active_in(fx.cond) || fx.init < 0 || fx.init >= entries) io.jump = d.target;
            else io.jump = d.next + static_cast<std::uint32_t>(fx.init);
            break;
        }
        case opcode::cf_global_wave_sync:
            if (fx.stalled) io.stop = cf_error(ctisa::errors::not_executable, d, "GLOBAL_WAVE_SYNC waits for other wavefronts; one runs");
            break;
        case opcode::cf_end:
        case opcode::cf_halt: io.finish = true; break;
        default: break;  // NOP, exports, TC / TC_ACK (their fetch items follow); WAIT_ACK (no write is ever outstanding), SET_PRIORITY (a hint)
    }
}

// The end of an ALU clause: the exec-mask update and kills, then the CF_ALU's pop or else.
template <std::size_t N>
void report_clause_end(const descriptor& d, const effects<N>& fx, ctisa::exec::step_io<N>& io, context& ctx) {
    auto& st = *io.stack;
    ctisa::exec::lane_mask<N> off{};
    for (std::size_t l = 0; l < N; ++l) {
        off[l] = st.active()[l] & ~fx.cond[l];
        io.discard[l] = fx.kill[l];
    }
    io.has_discard = ctisa::exec::any_of<N>(fx.kill);
    if (ctisa::exec::any_of<N>(off)) {
        bool done = false;
        if (ctx.exec_op == 1) done = st.break_lanes(off);
        else if (ctx.exec_op == 2) done = st.continue_lanes(off);
        else if (ctx.exec_op == 3) {
            for (std::size_t l = 0; l < N; ++l) io.discard[l] |= off[l];
            io.has_discard = done = true;
        }
        if (!done) st.restrict_to(fx.cond);
    }
    if (d.op == opcode::cf_alu_alu_pop_after) st.pop(1);
    else if (d.op == opcode::cf_alu_alu_pop2_after) st.pop(2);
    else if (d.op == opcode::cf_alu_alu_else_after) {
        ctisa::exec::lane_mask<N> all;
        all.fill(lane_on);
        st.else_flip(all);
    }
}

}  // namespace detail

template <std::size_t N>
void traits::report(const descriptor& d, const effects<N>& fx, ctisa::exec::step_io<N>& io) {
    if (d.refused != refusal::none) {
        io.stop = detail::cf_error(ctisa::errors::not_executable, d, refusal_text[static_cast<std::size_t>(d.refused)]);
        return;
    }
    context& ctx = *fx.ctx;
    switch (d.kind) {
        case item_kind::clause:
            if (d.op == opcode::cf_alu_alu_push_before && !io.stack->push_branch(io.stack->active()))
                io.stop = detail::cf_error(ctisa::errors::stack_overflow, d, "control stack");
            if (d.op == opcode::cf_alu_alu_reactivate_before) detail::reactivate<N>(*io.stack);
            break;
        case item_kind::clause_end: detail::report_clause_end(d, fx, io, ctx); break;
        case item_kind::cf: detail::report_cf(d, fx, io, ctx); break;
        case item_kind::group:
        case item_kind::fetch: break;
    }
    ctx.sync(io.stack->depth());
}

static_assert(ctisa::exec::executor_traits<traits> && ctisa::exec::structured_traits<traits>);

template <std::size_t W = 64>
using machine = ctisa::exec::machine<traits, W>;
// compiled<Program, W>: compiled.hpp (the per-item path, and values for the groups that have them).

}  // namespace ctisa::cayman::exec
