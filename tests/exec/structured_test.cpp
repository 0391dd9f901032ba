// SPDX-License-Identifier: MIT
// The structured control-flow engine (exec/structure.hpp, lane_stack.hpp, structured.hpp).
// Expected per-lane traces come from a scalar interpreter below that runs one lane at a time and
// finds its jump targets by scanning the program itself, never from the engine's matcher.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include <ctisa/exec/structured.hpp>

#include "random.hpp"

using namespace ctisa::exec;
using ctisa::error_code;
using k = flow_kind;

namespace {

using trace = std::vector<std::uint32_t>;

constexpr flow_op op(flow_kind kind, std::uint32_t target = 0, lane_word value = 0) { return {kind, target, value}; }
constexpr flow_op ord() { return {}; }

// Per-lane inputs, as functions of (lane, pc, how many times the lane ran pc before).
struct scenario {
    std::function<bool(std::uint32_t pc)> gives_cond = [](std::uint32_t) { return true; };
    std::function<bool(unsigned, std::uint32_t, unsigned)> cond = [](unsigned, std::uint32_t, unsigned) { return true; };
    std::function<bool(std::uint32_t pc)> counted = [](std::uint32_t) { return false; };
    std::function<lane_word(unsigned, std::uint32_t, unsigned)> value = [](unsigned, std::uint32_t, unsigned) { return 0u; };
    std::function<bool(unsigned, std::uint32_t, unsigned)> discards = [](unsigned, std::uint32_t, unsigned) { return false; };
    unsigned max_calls = 32;
};

// ---- the scalar reference: one lane, structure found by scanning ----------------------------

bool opens(flow_kind x) { return x == k::if_ || x == k::loop || x == k::switch_; }
bool closes(flow_kind x) { return x == k::endif || x == k::endloop || x == k::endswitch; }

std::uint32_t closer(const std::vector<flow_op>& p, std::uint32_t at) {
    int depth = 0;
    for (std::uint32_t i = at;; ++i) {
        if (opens(p[i].kind)) ++depth;
        if (closes(p[i].kind) && --depth == 0) return i;
    }
}
// Instructions directly inside the block opened at `at` (not in nested blocks), in order.
std::vector<std::uint32_t> own_children(const std::vector<flow_op>& p, std::uint32_t at) {
    std::vector<std::uint32_t> out;
    const std::uint32_t end = closer(p, at);
    for (std::uint32_t i = at + 1; i < end; ++i) {
        out.push_back(i);
        if (opens(p[i].kind)) i = closer(p, i);
    }
    return out;
}

struct scalar_result {
    trace t;
    bool discarded = false;
    bool exhausted = false;
};

scalar_result run_scalar(const std::vector<flow_op>& p, unsigned lane, const scenario& sc, std::uint32_t entry = 0,
                         std::uint64_t budget = 1000000) {
    struct block {
        flow_kind kind;
        std::uint32_t at;
        std::int64_t count;
    };
    struct frame {
        std::uint32_t back;
        std::size_t blocks;
    };
    std::vector<block> blocks;
    std::vector<frame> calls;
    std::vector<unsigned> visits(p.size(), 0);
    scalar_result r;
    std::uint32_t pc = entry;
    const auto n = static_cast<std::uint32_t>(p.size());
    while (true) {
        if (pc >= n) {  // past the end: a call returns, the program ends
            if (calls.empty()) return r;
            blocks.resize(calls.back().blocks);
            pc = calls.back().back;
            calls.pop_back();
            continue;
        }
        if (r.t.size() >= budget) {
            r.exhausted = true;
            break;
        }
        const flow_op& o = p[pc];
        bool structural_only = o.kind == k::else_ || o.kind == k::endif || o.kind == k::case_ || o.kind == k::default_ || o.kind == k::endswitch;
        unsigned v = 0;
        if (!structural_only) {
            r.t.push_back(pc);
            v = visits[pc]++;
        }
        bool c = !sc.gives_cond(pc) || sc.cond(lane, pc, v);
        switch (o.kind) {
            case k::ordinary:
                if (sc.discards(lane, pc, v)) {
                    r.discarded = true;
                    return r;
                }
                ++pc;
                break;
            case k::if_: {
                std::uint32_t else_at = 0;
                for (std::uint32_t i : own_children(p, pc))
                    if (p[i].kind == k::else_) else_at = i;
                if (c) {
                    blocks.push_back({k::if_, pc, 0});
                    ++pc;
                } else if (else_at) {
                    blocks.push_back({k::if_, pc, 0});
                    pc = else_at + 1;
                } else pc = closer(p, pc) + 1;
                break;
            }
            case k::else_:
                pc = closer(p, blocks.back().at) + 1;
                blocks.pop_back();
                break;
            case k::endif:
            case k::endswitch:
                blocks.pop_back();
                ++pc;
                break;
            case k::case_:
            case k::default_: ++pc; break;
            case k::loop: {
                std::int64_t count = sc.counted(pc) ? static_cast<std::int32_t>(sc.value(lane, pc, v)) : 1;
                if (c && count > 0) {
                    blocks.push_back({k::loop, pc, count});
                    ++pc;
                } else pc = closer(p, pc) + 1;
                break;
            }
            case k::endloop: {
                block& b = blocks.back();
                bool stay = c;
                if (sc.counted(b.at)) stay = stay && --b.count > 0;
                if (stay) pc = b.at + 1;
                else {
                    blocks.pop_back();
                    ++pc;
                }
                break;
            }
            case k::break_:
                if (!c) {
                    ++pc;
                    break;
                }
                while (blocks.back().kind == k::if_) blocks.pop_back();
                pc = closer(p, blocks.back().at) + 1;
                blocks.pop_back();
                break;
            case k::continue_:
                if (!c) {
                    ++pc;
                    break;
                }
                while (blocks.back().kind != k::loop) blocks.pop_back();
                pc = closer(p, blocks.back().at);
                break;
            case k::switch_: {
                lane_word sel = sc.value(lane, pc, v);
                std::uint32_t to = closer(p, pc), dflt = 0;
                bool found = false;
                for (std::uint32_t i : own_children(p, pc)) {
                    if (!found && p[i].kind == k::case_ && p[i].value == sel) {
                        to = i;
                        found = true;
                    }
                    if (p[i].kind == k::default_) dflt = i;
                }
                if (!found && dflt) to = dflt;
                blocks.push_back({k::switch_, pc, 0});
                pc = to;
                break;
            }
            case k::call:
                if (c && calls.size() < sc.max_calls) {
                    calls.push_back({pc + 1, blocks.size()});
                    pc = o.target;
                } else ++pc;
                break;
            case k::ret:
                if (!c) {
                    ++pc;
                    break;
                }
                if (calls.empty()) return r;
                blocks.resize(calls.back().blocks);
                pc = calls.back().back;
                calls.pop_back();
                break;
            case k::end:
                if (c) return r;
                ++pc;
                break;
        }
    }
    return r;
}

// ---- the engine under test, with the same inputs -------------------------------------------

template <std::size_t W>
struct engine_result {
    std::array<trace, W> t;
    structured_outcome<W> out;
    unsigned step_calls = 0;
};

template <std::size_t W, std::size_t D = 32>
engine_result<W> run_engine(const std::vector<flow_op>& p, const scenario& sc, std::size_t lanes = W, std::uint64_t budget = 1000000,
                            std::uint32_t entry = 0) {
    std::vector<std::uint32_t> links(p.size());
    auto status = match_structure(std::span<const flow_op>(p), std::span<std::uint32_t>(links));
    REQUIRE_FALSE(status.failed());
    std::vector<std::array<unsigned, W>> visits(p.size());
    engine_result<W> r;
    auto step = [&](std::uint32_t pc, const lane_mask<W>& active, step_io<W, D>& io) {
        ++r.step_calls;
        const flow_op& o = p[pc];
        for (std::size_t l = 0; l < W; ++l) {
            if (!active[l]) continue;
            REQUIRE(l < lanes);
            r.t[l].push_back(pc);
            auto lane = static_cast<unsigned>(l);
            unsigned v = visits[pc][l]++;
            io.cond[l] = sc.cond(lane, pc, v) ? lane_on : 0;
            io.values[l] = sc.value(lane, pc, v);
            io.discard[l] = o.kind == k::ordinary && sc.discards(lane, pc, v) ? lane_on : 0;
        }
        io.has_cond = sc.gives_cond(pc);
        io.has_values = o.kind == k::switch_ || (o.kind == k::loop && sc.counted(pc));
        io.has_discard = o.kind == k::ordinary;
    };
    structured_options opt;
    opt.entry = entry;
    opt.max_call_depth = sc.max_calls;
    r.out = run_structured<W, D>(static_cast<std::uint32_t>(p.size()), structure_view{p, links}, budget, lanes, step, opt);
    return r;
}

// The engine's per-lane traces and discards equal the scalar reference's, lane by lane.
template <std::size_t W, std::size_t D = 32>
engine_result<W> check_against_reference(const std::vector<flow_op>& p, const scenario& sc, std::size_t lanes = W, std::uint32_t entry = 0) {
    engine_result<W> e = run_engine<W, D>(p, sc, lanes, 1000000, entry);
    CHECK_FALSE(e.out.status.failed());
    for (std::size_t l = 0; l < W; ++l) {
        INFO("lane " << l);
        if (l >= lanes) {
            CHECK(e.t[l].empty());
            continue;
        }
        scalar_result s = run_scalar(p, static_cast<unsigned>(l), sc, entry);
        REQUIRE_FALSE(s.exhausted);
        CHECK(e.t[l] == s.t);
        CHECK((e.out.discarded[l] != 0) == s.discarded);
    }
    return e;
}

// cond true for the lanes whose bit is set in the pc's entry of `table` (other pcs: true).
std::function<bool(unsigned, std::uint32_t, unsigned)> lane_bits(std::vector<std::pair<std::uint32_t, unsigned>> table) {
    return [table](unsigned lane, std::uint32_t pc, unsigned) {
        for (auto& [at, bits] : table)
            if (at == pc) return ((bits >> lane) & 1u) != 0;
        return true;
    };
}

}  // namespace

// ---- the static matcher --------------------------------------------------------------------

TEST_CASE("matcher links each construct to its targets", "[exec][structured]") {
    constexpr auto m = match(std::array{
        op(k::loop),              // 0
        op(k::if_),               // 1
        op(k::break_),            // 2
        op(k::else_),             // 3
        op(k::continue_),         // 4
        op(k::endif),             // 5
        op(k::switch_),           // 6
        op(k::case_, 0, 1),       // 7
        op(k::break_),            // 8
        op(k::default_),          // 9
        op(k::case_, 0, 2),       // 10
        op(k::endswitch),         // 11
        op(k::endloop),           // 12
        op(k::call, 15),          // 13
        op(k::end),               // 14
        op(k::ret),               // 15
    });
    STATIC_REQUIRE_FALSE(m.status.failed());
    STATIC_REQUIRE(m.links[0] == 12);
    STATIC_REQUIRE(m.links[12] == 0);
    STATIC_REQUIRE(m.links[1] == 3);
    STATIC_REQUIRE(m.links[3] == 5);
    STATIC_REQUIRE(m.links[2] == 12);   // break: the loop's end
    STATIC_REQUIRE(m.links[4] == 12);   // continue: the loop's end
    STATIC_REQUIRE(m.links[6] == 7);
    STATIC_REQUIRE(m.links[7] == 9);
    STATIC_REQUIRE(m.links[9] == 10);
    STATIC_REQUIRE(m.links[10] == 11);
    STATIC_REQUIRE(m.links[11] == 6);
    STATIC_REQUIRE(m.links[8] == 11);   // break in a switch: its endswitch
    STATIC_REQUIRE(m.links[13] == 15);
}

TEST_CASE("matcher: an if without else links to its endif; an empty switch to its endswitch", "[exec][structured]") {
    constexpr auto m = match(std::array{op(k::if_), ord(), op(k::endif), op(k::switch_), op(k::endswitch)});
    STATIC_REQUIRE_FALSE(m.status.failed());
    STATIC_REQUIRE(m.links[0] == 2);
    STATIC_REQUIRE(m.links[3] == 4);
    STATIC_REQUIRE(m.links[4] == 3);
}

namespace {
constexpr bool accepted(structure_error e) {
    require_structured(e);
    return true;
}
template <std::size_t N>
constexpr bool fails_with(const std::array<flow_op, N>& ops, structure_problem p, std::uint32_t at) {
    auto m = match(ops);
    return m.status.problem == p && m.status.at == at;
}
}  // namespace

TEST_CASE("matcher reports the first structural error and where", "[exec][structured]") {
    using sp = structure_problem;
    STATIC_REQUIRE(fails_with(std::array{ord(), op(k::else_)}, sp::unexpected_else, 1));
    STATIC_REQUIRE(fails_with(std::array{op(k::if_), op(k::else_), op(k::else_), op(k::endif)}, sp::unexpected_else, 2));
    STATIC_REQUIRE(fails_with(std::array{op(k::loop), op(k::else_), op(k::endloop)}, sp::unexpected_else, 1));
    STATIC_REQUIRE(fails_with(std::array{op(k::endif)}, sp::unexpected_close, 0));
    STATIC_REQUIRE(fails_with(std::array{op(k::loop), op(k::endif)}, sp::unexpected_close, 1));
    STATIC_REQUIRE(fails_with(std::array{op(k::if_), op(k::endloop)}, sp::unexpected_close, 1));
    STATIC_REQUIRE(fails_with(std::array{op(k::if_), op(k::endswitch)}, sp::unexpected_close, 1));
    STATIC_REQUIRE(fails_with(std::array{op(k::loop), op(k::if_), op(k::endloop), op(k::endif)}, sp::unexpected_close, 2));
    STATIC_REQUIRE(fails_with(std::array{op(k::loop), op(k::if_), op(k::endif)}, sp::unclosed_block, 0));
    STATIC_REQUIRE(fails_with(std::array{op(k::if_), op(k::loop), ord()}, sp::unclosed_block, 1));
    STATIC_REQUIRE(fails_with(std::array{ord(), op(k::break_)}, sp::break_outside_loop, 1));
    STATIC_REQUIRE(fails_with(std::array{op(k::if_), op(k::break_), op(k::endif)}, sp::break_outside_loop, 1));
    STATIC_REQUIRE(fails_with(std::array{op(k::continue_)}, sp::continue_outside_loop, 0));
    STATIC_REQUIRE(fails_with(std::array{op(k::switch_), op(k::default_), op(k::continue_), op(k::endswitch)}, sp::continue_outside_loop, 2));
    STATIC_REQUIRE(fails_with(std::array{op(k::case_, 0, 1)}, sp::label_outside_switch, 0));
    STATIC_REQUIRE(
        fails_with(std::array{op(k::switch_), op(k::if_), op(k::default_), op(k::endif), op(k::endswitch)}, sp::label_outside_switch, 2));
    STATIC_REQUIRE(fails_with(std::array{op(k::switch_), op(k::default_), op(k::default_), op(k::endswitch)}, sp::duplicate_default, 2));
    STATIC_REQUIRE(fails_with(std::array{op(k::switch_), op(k::case_, 0, 3), op(k::default_), op(k::case_, 0, 3), op(k::endswitch)},
                              sp::duplicate_case, 3));
    STATIC_REQUIRE(fails_with(std::array{op(k::call, 5), op(k::end)}, sp::bad_call_target, 0));
    STATIC_REQUIRE(fails_with(std::array{op(k::call, 3), op(k::end), op(k::if_), ord(), op(k::endif)}, sp::bad_call_target, 0));
    STATIC_REQUIRE(fails_with(std::array{op(k::call, 3), op(k::if_), op(k::else_), op(k::endif)}, sp::bad_call_target, 0));
    // Nesting deeper than the matcher's limit.
    constexpr auto deep = match<2>(std::array{op(k::if_), op(k::loop), op(k::if_), op(k::endif), op(k::endloop), op(k::endif)});
    STATIC_REQUIRE(deep.status.problem == sp::too_deep);
    STATIC_REQUIRE(deep.status.at == 2);
    // A case value may repeat in a nested switch.
    STATIC_REQUIRE_FALSE(
        match(std::array{op(k::switch_), op(k::case_, 0, 1), op(k::switch_), op(k::case_, 0, 1), op(k::endswitch), op(k::endswitch)})
            .status.failed());
    // As a run-time error: unbalanced_structure with the rule in the subject, the index in offset.
    constexpr auto e = match(std::array{op(k::if_)}).status.to_error();
    STATIC_REQUIRE(e.code == error_code::unbalanced_structure);
    STATIC_REQUIRE(e.offset == 0);
    STATIC_REQUIRE(e.subject == message_of(sp::unclosed_block));
    // require_structured is a constant expression exactly when the program is well formed.
    constexpr auto good = match(std::array{op(k::if_), op(k::endif)});
    STATIC_REQUIRE(accepted(good.status));
}

// ---- each construct with divergent lanes ---------------------------------------------------

TEST_CASE("if / else / endif with divergent lanes", "[exec][structured]") {
    // 0 if  1 a  2 else  3 b  4 endif  5 c
    std::vector<flow_op> p{op(k::if_), ord(), op(k::else_), ord(), op(k::endif), ord()};
    scenario sc;
    sc.cond = lane_bits({{0, 0b01011010}});
    auto e = check_against_reference<8>(p, sc);
    // Independent of the reference too: the then-lanes and the else-lanes, by hand.
    CHECK(e.t[1] == trace{0, 1, 5});
    CHECK(e.t[0] == trace{0, 3, 5});
    CHECK(e.t[6] == trace{0, 1, 5});
    CHECK(e.t[7] == trace{0, 3, 5});
}

TEST_CASE("loop with per-lane break and continue", "[exec][structured]") {
    // 0 loop 1 a 2 break 3 b 4 continue 5 c 6 endloop 7 d
    std::vector<flow_op> p{op(k::loop), ord(), op(k::break_), ord(), op(k::continue_), ord(), op(k::endloop), ord()};
    scenario sc;
    sc.gives_cond = [](std::uint32_t pc) { return pc != 0; };
    // lane l breaks on its l-th visit of the break; odd lanes continue; endloop always stays.
    sc.cond = [](unsigned lane, std::uint32_t pc, unsigned visit) {
        if (pc == 2) return visit == lane;
        if (pc == 4) return (lane & 1) != 0;
        return true;
    };
    auto e = check_against_reference<8>(p, sc);
    CHECK(e.t[0] == trace{0, 1, 2, 7});
    CHECK(e.t[1] == trace{0, 1, 2, 3, 4, 6, 1, 2, 7});
    CHECK(e.t[2] == trace{0, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 7});
}

TEST_CASE("counted loops: per-lane counts, zero skips, continue counts an iteration", "[exec][structured]") {
    // 0 loop(n) 1 a 2 continue 3 b 4 endloop 5 c
    std::vector<flow_op> p{op(k::loop), ord(), op(k::continue_), ord(), op(k::endloop), ord()};
    scenario sc;
    sc.gives_cond = [](std::uint32_t pc) { return pc == 2; };
    sc.counted = [](std::uint32_t pc) { return pc == 0; };
    sc.value = [](unsigned lane, std::uint32_t, unsigned) { return static_cast<lane_word>(static_cast<int>(lane) - 2); };
    sc.cond = [](unsigned lane, std::uint32_t, unsigned visit) { return (visit + lane) % 2 == 0; };
    auto e = check_against_reference<8>(p, sc);
    CHECK(e.t[0] == trace{0, 5});                       // count -2: skipped
    CHECK(e.t[2] == trace{0, 5});                       // count 0: skipped
    CHECK(e.t[3] == trace{0, 1, 2, 3, 4, 5});           // once
    CHECK(e.t[4] == trace{0, 1, 2, 4, 1, 2, 3, 4, 5});  // twice, the first iteration continued
}

TEST_CASE("switch: per-lane cases, fallthrough, default in the middle, break", "[exec][structured]") {
    // 0 switch 1 case 1  2 a  3 break  4 case 2  5 b  6 default  7 c  8 case 3  9 d  10 endswitch 11 e
    std::vector<flow_op> p{
        op(k::switch_), op(k::case_, 0, 1), ord(), op(k::break_), op(k::case_, 0, 2), ord(), op(k::default_), ord(), op(k::case_, 0, 3),
        ord(),          op(k::endswitch),   ord()};
    scenario sc;
    sc.value = [](unsigned lane, std::uint32_t, unsigned) { return static_cast<lane_word>(lane % 5); };
    sc.gives_cond = [](std::uint32_t) { return false; };
    auto e = check_against_reference<8>(p, sc);
    CHECK(e.t[1] == trace{0, 2, 3, 11});      // case 1, then break
    CHECK(e.t[2] == trace{0, 5, 7, 9, 11});   // case 2 falls through default and case 3
    CHECK(e.t[3] == trace{0, 9, 11});         // case 3
    CHECK(e.t[0] == trace{0, 7, 9, 11});      // no case: default, then falls into case 3
    CHECK(e.t[4] == trace{0, 7, 9, 11});
}

TEST_CASE("nesting: if in loop in if, inner-loop break, switch in loop", "[exec][structured]") {
    // 0 if | 1 loop(n) | 2 if | 3 a | 4 else | 5 loop | 6 b | 7 break | 8 endloop | 9 endif |
    // 10 switch | 11 case 0 | 12 continue | 13 case 1 | 14 break | 15 default | 16 c | 17 endswitch |
    // 18 d | 19 endloop | 20 endif | 21 e
    std::vector<flow_op> p{op(k::if_),
                           op(k::loop),
                           op(k::if_),
                           ord(),
                           op(k::else_),
                           op(k::loop),
                           ord(),
                           op(k::break_),
                           op(k::endloop),
                           op(k::endif),
                           op(k::switch_),
                           op(k::case_, 0, 0),
                           op(k::continue_),
                           op(k::case_, 0, 1),
                           op(k::break_),
                           op(k::default_),
                           ord(),
                           op(k::endswitch),
                           ord(),
                           op(k::endloop),
                           op(k::endif),
                           ord()};
    scenario sc;
    sc.counted = [](std::uint32_t pc) { return pc == 1; };
    sc.gives_cond = [](std::uint32_t pc) { return pc == 0 || pc == 2 || pc == 7; };
    sc.cond = [](unsigned lane, std::uint32_t pc, unsigned visit) {
        if (pc == 0) return lane != 3;
        if (pc == 2) return (lane + visit) % 3 == 0;
        return visit >= lane % 3;  // the inner loop's break
    };
    sc.value = [](unsigned lane, std::uint32_t pc, unsigned visit) {
        return pc == 1 ? static_cast<lane_word>(lane % 4 + 1) : static_cast<lane_word>((lane + visit) % 3);
    };
    check_against_reference<8>(p, sc);
}

TEST_CASE("continue inside an if inside a loop; the other lanes finish the iteration", "[exec][structured]") {
    // 0 loop(3) 1 a 2 if 3 continue 4 endif 5 b 6 endloop 7 c
    std::vector<flow_op> p{op(k::loop), ord(), op(k::if_), op(k::continue_), op(k::endif), ord(), op(k::endloop), ord()};
    scenario sc;
    sc.counted = [](std::uint32_t pc) { return pc == 0; };
    sc.value = [](unsigned, std::uint32_t, unsigned) { return 3u; };
    sc.gives_cond = [](std::uint32_t pc) { return pc == 2; };
    sc.cond = [](unsigned lane, std::uint32_t, unsigned visit) { return visit == lane; };  // lane i skips iteration i
    auto e = check_against_reference<4>(p, sc);
    CHECK(e.t[0] == trace{0, 1, 2, 3, 6, 1, 2, 5, 6, 1, 2, 5, 6, 7});
    CHECK(e.t[1] == trace{0, 1, 2, 5, 6, 1, 2, 3, 6, 1, 2, 5, 6, 7});
    CHECK(e.t[3] == trace{0, 1, 2, 5, 6, 1, 2, 5, 6, 1, 2, 5, 6, 7});
}

TEST_CASE("nested switch: the inner break leaves only the inner switch", "[exec][structured]") {
    // 0 switch | 1 case 0 | 2 switch | 3 case 0 | 4 a | 5 break | 6 default | 7 b | 8 endswitch | 9 c |
    // 10 break | 11 case 1 | 12 d | 13 endswitch | 14 e
    std::vector<flow_op> p{op(k::switch_), op(k::case_, 0, 0), op(k::switch_), op(k::case_, 0, 0), ord(),
                           op(k::break_),  op(k::default_),    ord(),          op(k::endswitch),   ord(),
                           op(k::break_),  op(k::case_, 0, 1), ord(),          op(k::endswitch),   ord()};
    scenario sc;
    sc.gives_cond = [](std::uint32_t) { return false; };
    sc.value = [](unsigned lane, std::uint32_t pc, unsigned) { return pc == 0 ? lane / 2 : lane % 2; };
    auto e = check_against_reference<4>(p, sc);
    CHECK(e.t[0] == trace{0, 2, 4, 5, 9, 10, 14});
    CHECK(e.t[1] == trace{0, 2, 7, 9, 10, 14});
    CHECK(e.t[2] == trace{0, 12, 14});
}

TEST_CASE("call from inside a divergent if; return from inside a loop", "[exec][structured]") {
    // main: 0 if 1 call f 2 endif 3 a 4 end | f: 5 b 6 loop 7 c 8 ret 9 endloop 10 d 11 ret
    std::vector<flow_op> p{op(k::if_),  op(k::call, 5), op(k::endif), ord(),          op(k::end), ord(),
                           op(k::loop), ord(),          op(k::ret),   op(k::endloop), ord(),      op(k::ret)};
    scenario sc;
    sc.gives_cond = [](std::uint32_t pc) { return pc == 0 || pc == 8 || pc == 9; };
    sc.cond = [](unsigned lane, std::uint32_t pc, unsigned visit) {
        if (pc == 0) return lane % 2 == 0;
        if (pc == 8) return visit + 1 >= lane;  // lane l returns on visit l - 1
        return visit < 2;                       // endloop: three iterations at most
    };
    auto e = check_against_reference<8>(p, sc);
    CHECK(e.t[1] == trace{0, 3, 4});
    CHECK(e.t[0] == trace{0, 1, 5, 6, 7, 8, 3, 4});
    CHECK(e.t[2] == trace{0, 1, 5, 6, 7, 8, 9, 7, 8, 3, 4});
    CHECK(e.t[6] == trace{0, 1, 5, 6, 7, 8, 9, 7, 8, 9, 7, 8, 9, 10, 11, 3, 4});
}

TEST_CASE("a subroutine that runs past the last instruction returns", "[exec][structured]") {
    // 0 if 1 call f 2 endif 3 a 4 end | f: 5 loop 6 b 7 endloop
    std::vector<flow_op> p{op(k::if_), op(k::call, 5), op(k::endif), ord(), op(k::end), op(k::loop), ord(), op(k::endloop)};
    scenario sc;
    sc.gives_cond = [](std::uint32_t pc) { return pc == 0 || pc == 7; };
    sc.cond = [](unsigned lane, std::uint32_t pc, unsigned visit) { return pc == 0 ? lane < 2 : visit < lane; };
    auto e = check_against_reference<4>(p, sc);
    CHECK(e.t[1] == trace{0, 1, 5, 6, 7, 6, 7, 3, 4});
    CHECK(e.t[3] == trace{0, 3, 4});
}

TEST_CASE("end and discard inside blocks; ret in main ends the lanes", "[exec][structured]") {
    // 0 loop 1 a(discard) 2 if 3 end 4 endif 5 ret 6 endloop 7 b
    std::vector<flow_op> p{op(k::loop), ord(), op(k::if_), op(k::end), op(k::endif), op(k::ret), op(k::endloop), ord()};
    scenario sc;
    sc.gives_cond = [](std::uint32_t pc) { return pc == 2 || pc == 5 || pc == 6; };
    sc.cond = [](unsigned lane, std::uint32_t pc, unsigned visit) {
        if (pc == 2) return lane == 1 && visit == 1;
        if (pc == 5) return lane == 2 && visit == 0;
        return visit < 3;
    };
    sc.discards = [](unsigned lane, std::uint32_t pc, unsigned visit) { return pc == 1 && lane == 3 && visit == 2; };
    auto e = check_against_reference<8>(p, sc);
    CHECK(e.t[1] == trace{0, 1, 2, 5, 6, 1, 2, 3});
    CHECK(e.t[2] == trace{0, 1, 2, 5});
    CHECK(e.out.discarded == lane_mask<8>{0, 0, 0, lane_on, 0, 0, 0, 0});
}

TEST_CASE("partial warps: lanes past `lanes` never run", "[exec][structured]") {
    std::vector<flow_op> p{op(k::loop), op(k::if_), ord(), op(k::break_), op(k::endif), op(k::endloop), ord()};
    scenario sc;
    sc.cond = [](unsigned lane, std::uint32_t pc, unsigned visit) { return pc == 1 ? visit == lane : true; };
    check_against_reference<8>(p, sc, 5);
    check_against_reference<8>(p, sc, 1);
    check_against_reference<16>(p, sc, 11);
}

TEST_CASE("recursion past the call depth limit skips the call", "[exec][structured]") {
    // 0 call f 1 end | f: 2 a 3 call f 4 b 5 ret
    std::vector<flow_op> p{op(k::call, 2), op(k::end), ord(), op(k::call, 2), ord(), op(k::ret)};
    scenario sc;
    sc.max_calls = 3;
    sc.gives_cond = [](std::uint32_t pc) { return pc == 3; };
    sc.cond = [](unsigned lane, std::uint32_t, unsigned visit) { return visit < lane; };
    auto e = check_against_reference<4>(p, sc);
    CHECK(e.t[0] == trace{0, 2, 3, 4, 5, 1});
    CHECK(e.t[3] == trace{0, 2, 3, 2, 3, 2, 3, 4, 5, 4, 5, 4, 5, 1});
}

// ---- budget, overflow, skipping ------------------------------------------------------------

TEST_CASE("the step budget stops an infinite loop", "[exec][structured]") {
    std::vector<flow_op> p{op(k::loop), ord(), op(k::endloop)};
    scenario sc;
    auto e = run_engine<8>(p, sc, 8, 1000);
    CHECK(e.out.status.code == error_code::step_limit);
    CHECK(e.out.steps == 1000);
}

TEST_CASE("a stack deeper than the engine's storage is an error, not a crash", "[exec][structured]") {
    std::vector<flow_op> p{op(k::if_), op(k::loop), op(k::if_), ord(), op(k::endif), op(k::endloop), op(k::endif)};
    scenario sc;
    auto e = run_engine<8, 2>(p, sc);
    CHECK(e.out.status.code == error_code::stack_overflow);
    CHECK(e.out.status.offset == 2);
    // Calls take a frame too: unbounded recursion with a big call limit overflows the frames.
    std::vector<flow_op> r{op(k::call, 2), op(k::end), op(k::call, 2), op(k::ret)};
    sc.max_calls = 1000;
    auto f = run_engine<4, 8>(r, sc);
    CHECK(f.out.status.code == error_code::stack_overflow);
}

TEST_CASE("entering in the middle of a block is an error at its end", "[exec][structured]") {
    std::vector<flow_op> p{op(k::if_), ord(), op(k::endif), op(k::loop), ord(), op(k::endloop)};
    scenario sc;
    auto e = run_engine<4>(p, sc, 4, 100, 1);
    CHECK(e.out.status.code == error_code::unbalanced_structure);
    CHECK(e.out.status.offset == 2);
    e = run_engine<4>(p, sc, 4, 100, 4);
    CHECK(e.out.status.code == error_code::unbalanced_structure);
    CHECK(e.out.status.offset == 5);
}

TEST_CASE("a step that stops the run, and a bad explicit jump", "[exec][structured]") {
    std::vector<flow_op> p{ord(), ord(), ord()};
    std::vector<std::uint32_t> links(p.size());
    REQUIRE_FALSE(match_structure(std::span<const flow_op>(p), std::span<std::uint32_t>(links)).failed());
    auto out = run_structured<4>(3, structure_view{p, links}, 100, 4, [](std::uint32_t pc, const lane_mask<4>&, step_io<4>& io) {
        if (pc == 1) io.stop = ctisa::error{error_code::not_executable, 0, 0, 1, {}};
    });
    CHECK(out.status.code == error_code::not_executable);
    out = run_structured<4>(3, structure_view{p, links}, 100, 4, [](std::uint32_t, const lane_mask<4>&, step_io<4>& io) { io.jump = 9; });
    CHECK(out.status.code == error_code::bad_branch_target);
}

TEST_CASE("no lane active: dead code is jumped over, not walked", "[exec][structured]") {
    // 0 if (no lane) | 1..100 dead | 101 else | 102 a | 103 endif | 104 loop(count 0) | 105..204 dead |
    // 205 endloop | 206 switch (no lane matches, no default) | 207 case 9 | 208..307 dead | 308 endswitch
    std::vector<flow_op> p{op(k::if_)};
    for (int i = 0; i < 100; ++i) p.push_back(ord());
    p.push_back(op(k::else_));
    p.push_back(ord());
    p.push_back(op(k::endif));
    p.push_back(op(k::loop));
    for (int i = 0; i < 100; ++i) p.push_back(ord());
    p.push_back(op(k::endloop));
    p.push_back(op(k::switch_));
    p.push_back(op(k::case_, 0, 9));
    for (int i = 0; i < 100; ++i) p.push_back(ord());
    p.push_back(op(k::endswitch));
    scenario sc;
    sc.cond = [](unsigned, std::uint32_t, unsigned) { return false; };
    sc.counted = [](std::uint32_t pc) { return pc == 104; };
    auto e = check_against_reference<8>(p, sc);
    CHECK(e.t[0] == trace{0, 102, 104, 206});
    CHECK(e.step_calls == 4);
    CHECK(e.out.steps <= 10);
    // All lanes true: the else part is not visited.
    sc.cond = [](unsigned, std::uint32_t, unsigned) { return true; };
    sc.counted = [](std::uint32_t) { return false; };
    std::vector<flow_op> q{op(k::if_), ord(), op(k::else_)};
    for (int i = 0; i < 100; ++i) q.push_back(ord());
    q.push_back(op(k::endif));
    auto f = check_against_reference<8>(q, sc);
    CHECK(f.out.steps <= 5);
}

TEST_CASE("a loop whose lanes all break leaves at once", "[exec][structured]") {
    // 0 loop 1 if 2 break 3 else 4 break 5 endif 6..55 dead 56 endloop 57 a
    std::vector<flow_op> p{op(k::loop), op(k::if_), op(k::break_), op(k::else_), op(k::break_), op(k::endif)};
    for (int i = 0; i < 50; ++i) p.push_back(ord());
    p.push_back(op(k::endloop));
    p.push_back(ord());
    scenario sc;
    sc.cond = lane_bits({{1, 0b1100}});
    auto e = check_against_reference<4>(p, sc);
    CHECK(e.t[0] == trace{0, 1, 4, 57});
    CHECK(e.t[2] == trace{0, 1, 2, 57});
    CHECK(e.out.steps <= 8);
}

// ---- explicit driving, as Cayman's CF program does -----------------------------------------

TEST_CASE("explicit primitives: PUSH / ELSE / POP with jump addresses", "[exec][structured]") {
    // 0 PUSH (jump 2 if all fail) 1 ALU 2 ELSE (jump 4 if none active) 3 ALU 4 POP 1 5 ALU 6 END
    constexpr std::size_t W = 8;
    std::vector<flow_op> p(7);
    std::vector<std::uint32_t> links(p.size());
    auto run = [&](unsigned bits) {
        std::array<trace, W> t;
        auto step = [&](std::uint32_t pc, const lane_mask<W>& active, step_io<W>& io) {
            for (std::size_t l = 0; l < W; ++l)
                if (active[l]) t[l].push_back(pc);
            lane_stack<W, 32>& st = *io.stack;
            lane_mask<W> cond{};
            for (std::size_t l = 0; l < W; ++l) cond[l] = (bits >> l) & 1 ? lane_on : 0;
            lane_mask<W> all;
            all.fill(lane_on);
            switch (pc) {
                case 0:
                    st.push_branch(cond);
                    if (!st.any_active()) io.jump = 2;
                    break;
                case 2:
                    st.else_flip(all);
                    if (!st.any_active()) io.jump = 4;
                    break;
                case 4: st.pop(1); break;
                case 6: io.finish = true; break;
                default: break;
            }
        };
        auto out = run_structured<W>(7, structure_view{p, links}, 100, W, step);
        CHECK_FALSE(out.status.failed());
        return t;
    };
    auto t = run(0b00001111);
    CHECK(t[0] == trace{0, 1, 2, 5, 6});
    CHECK(t[7] == trace{0, 3, 4, 5, 6});
    t = run(0xFF);
    CHECK(t[3] == trace{0, 1, 2, 5, 6});  // ELSE finds no lane: jumps to the POP, which runs lane-less
    t = run(0);
    CHECK(t[3] == trace{0, 3, 4, 5, 6});
}

TEST_CASE("explicit primitives: LOOP_START / LOOP_BREAK / LOOP_END", "[exec][structured]") {
    // 0 LOOP_START (count 3) 1 ALU 2 PUSH 3 LOOP_BREAK (jump 5 when the iteration is done)
    // 4 POP 5 LOOP_END (jump 1) 6 END
    constexpr std::size_t W = 4;
    std::vector<flow_op> p(7);
    std::vector<std::uint32_t> links(p.size());
    auto run = [&](std::function<bool(unsigned iteration, std::size_t lane)> breaks) {
        std::array<trace, W> t;
        unsigned iteration = 0;
        auto step = [&](std::uint32_t pc, const lane_mask<W>& active, step_io<W>& io) {
            for (std::size_t l = 0; l < W; ++l)
                if (active[l]) t[l].push_back(pc);
            lane_stack<W, 32>& st = *io.stack;
            lane_mask<W> counts, cond{};
            counts.fill(3);
            for (std::size_t l = 0; l < W; ++l) cond[l] = breaks(iteration, l) ? lane_on : 0;
            switch (pc) {
                case 0: st.push_loop(nullptr, counts.data(), no_pc, 1); break;
                case 2: st.push_branch(cond); break;
                case 3:
                    st.break_lanes(st.active());
                    if (st.iteration_done()) {
                        st.unwind_to_loop();
                        io.jump = 5;
                    }
                    break;
                case 4: st.pop(1); break;
                case 5:
                    ++iteration;
                    st.arrive_loop_end();
                    if (st.loop_again(nullptr)) io.jump = 1;
                    break;
                case 6: io.finish = true; break;
                default: break;
            }
        };
        auto out = run_structured<W>(7, structure_view{p, links}, 100, W, step);
        CHECK_FALSE(out.status.failed());
        return t;
    };
    // Lane i breaks in iteration i; the others wait branch-inactive, so LOOP_BREAK does not jump.
    auto t = run([](unsigned iteration, std::size_t lane) { return lane == iteration; });
    CHECK(t[0] == trace{0, 1, 2, 3, 6});
    CHECK(t[1] == trace{0, 1, 2, 5, 1, 2, 3, 6});
    CHECK(t[2] == trace{0, 1, 2, 5, 1, 2, 5, 1, 2, 3, 6});
    CHECK(t[3] == trace{0, 1, 2, 5, 1, 2, 5, 1, 2, 5, 6});  // the count runs out first
    // Every lane breaks at once: LOOP_BREAK jumps to LOOP_END, which leaves the loop.
    t = run([](unsigned, std::size_t) { return true; });
    for (std::size_t l = 0; l < W; ++l) CHECK(t[l] == trace{0, 1, 2, 3, 6});
}

// ---- fuzz: random structured programs, engine vs scalar reference ---------------------------

namespace {

struct generator {
    ctisa_test::rng& g;
    std::vector<flow_op> p;
    std::vector<std::pair<std::size_t, unsigned>> call_sites;  // (instruction, callee number)
    std::vector<bool> unconditional;
    unsigned functions = 0;

    void emit(flow_op o, bool always = false) {
        p.push_back(o);
        unconditional.push_back(always);
    }
    // A block of statements; `in_loop` / `in_breakable`: what break and continue may leave.
    void block(unsigned depth, bool in_loop, bool in_breakable, unsigned self) {
        unsigned n = 1 + g.below(4);
        for (unsigned i = 0; i < n; ++i) statement(depth, in_loop, in_breakable, self);
    }
    void statement(unsigned depth, bool in_loop, bool in_breakable, unsigned self) {
        unsigned r = g.below(depth < 4 ? 20 : 9);
        if (r < 4) return emit(ord());
        if (r == 4 && in_breakable) return emit(op(k::break_));
        if (r == 5 && in_loop) return emit(op(k::continue_));
        if (r == 6 && self + 1 < functions) {
            call_sites.push_back({p.size(), self + 1 + g.below(functions - self - 1)});
            return emit(op(k::call));
        }
        if (r == 7) return emit(g.below(3) ? op(k::ret) : op(k::end));
        if (r < 9) return emit(ord());
        if (r < 13) {
            emit(op(k::if_));
            block(depth + 1, in_loop, in_breakable, self);
            if (g.below(2)) {
                emit(op(k::else_));
                block(depth + 1, in_loop, in_breakable, self);
            }
            return emit(op(k::endif));
        }
        if (r < 17) {
            emit(op(k::loop));
            block(depth + 1, true, true, self);
            return emit(op(k::endloop));
        }
        emit(op(k::switch_));
        unsigned labels = g.below(4);
        bool has_default = false;
        lane_word values[] = {0, 1, 2, 5};
        for (unsigned i = 0; i < labels; ++i) {
            if (!has_default && g.below(3) == 0) {
                has_default = true;
                emit(op(k::default_));
            } else {
                emit(op(k::case_, 0, values[i]));
            }
            block(depth + 1, in_loop, true, self);
        }
        emit(op(k::endswitch));
    }
    // main, an unconditional end, then each function ending in an unconditional ret.
    void program() {
        functions = g.below(4);
        std::vector<std::uint32_t> starts;
        block(0, false, false, ~0u);  // main may call every function (self + 1 wraps to 0)
        emit(op(k::end), true);
        for (unsigned f = 0; f < functions; ++f) {
            starts.push_back(static_cast<std::uint32_t>(p.size()));
            block(0, false, false, f);
            if (f + 1 < functions || g.below(2)) emit(op(k::ret), true);  // the last may run off the end
        }
        for (auto& [at, callee] : call_sites) p[at].target = starts[callee];
    }
};

std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

}  // namespace

TEST_CASE("fuzz: random structured programs, engine against per-lane scalar reference", "[exec][structured][fuzz]") {
    ctisa_test::rng g;
    std::array<unsigned, 16> executed{};  // per flow_kind, lane-instructions the engine ran
    unsigned divergent = 0;               // rounds where lanes took different paths
    for (int round = 0; round < 400; ++round) {
        generator gen{g, {}, {}, {}, 0};
        gen.program();
        const std::vector<flow_op>& p = gen.p;
        std::uint64_t seed = g.next();
        auto h = [seed](unsigned lane, std::uint32_t pc, unsigned visit, unsigned salt) {
            return mix(seed ^ (std::uint64_t{lane} << 48) ^ (std::uint64_t{pc} << 20) ^ (std::uint64_t{visit} << 4) ^ salt);
        };
        scenario sc;
        std::vector<bool> uncond = gen.unconditional;
        sc.gives_cond = [seed, uncond, &p](std::uint32_t pc) {
            return !uncond[pc] && (p[pc].kind == k::endloop || p[pc].kind == k::if_ || mix(seed + pc) % 4 != 0);
        };
        sc.cond = [h, &p](unsigned lane, std::uint32_t pc, unsigned visit) {
            std::uint64_t x = h(lane, pc, visit, 1);
            switch (p[pc].kind) {
                case k::endloop: return x % 4 != 0;  // stay with probability 3/4
                case k::end: return x % 8 == 0;
                case k::ret: return x % 4 == 0;
                default: return x % 2 == 0;
            }
        };
        sc.counted = [seed](std::uint32_t pc) { return mix(seed ^ (pc * 7919u)) % 3 != 0; };
        sc.value = [h](unsigned lane, std::uint32_t pc, unsigned visit) {
            std::uint64_t x = h(lane, pc, visit, 2) % 6;
            return static_cast<lane_word>(x == 5 ? lane_word(-1) : x);  // counts -1..4, selectors
        };
        sc.discards = [h](unsigned lane, std::uint32_t pc, unsigned visit) { return h(lane, pc, visit, 3) % 32 == 0; };
        sc.max_calls = 2 + static_cast<unsigned>(seed % 3);
        INFO("round " << round << ", " << p.size() << " instructions");
        auto tally = [&](const auto& traces) {
            for (const trace& t : traces)
                for (std::uint32_t pc : t) ++executed[static_cast<std::size_t>(p[pc].kind)];
            for (const trace& t : traces)
                if (!t.empty() && t != traces[0]) return void(++divergent);
        };
        if (round % 3 == 0) tally(check_against_reference<8>(p, sc, 8).t);
        else if (round % 3 == 1) tally(check_against_reference<8>(p, sc, 1 + round % 8).t);
        else tally(check_against_reference<32>(p, sc, 32).t);
    }
    // The generator reaches every construct that has a step, with lanes apart.
    for (flow_kind kind : {k::ordinary, k::if_, k::loop, k::endloop, k::break_, k::continue_, k::call, k::ret, k::switch_, k::end}) {
        INFO("kind " << static_cast<int>(kind));
        CHECK(executed[static_cast<std::size_t>(kind)] > 100);
    }
    CHECK(divergent > 200);
}
