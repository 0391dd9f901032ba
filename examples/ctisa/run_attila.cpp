// ctisa run attila: assemble a program and run it on the reference executor.
#include <array>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <ctisa/attila/executor.hpp>

#include "run_options.hpp"

namespace ctisa_tool {

namespace {

namespace at = ctisa::attila;
namespace ex = ctisa::attila::exec;

constexpr std::size_t max_lanes = 256;
using warp = ex::machine<max_lanes>;

constexpr const char* help =
    "usage: ctisa run attila FILE [--lanes N] [--inputs FILE] [--steps N] [--float]\n"
    "\n"
    "Assembles FILE and runs it on N lanes (1-256, default 1) of the reference executor.\n"
    "  --inputs FILE  lines 'LANE REG X Y Z W': LANE a lane number or * for every lane; REG i3, c10,\n"
    "                 r5 (or t5: temporaries), a0, o2 or p2 (X nonzero sets the predicate); values\n"
    "                 decimal floats or 0x bit patterns; '#' starts a comment. Constants (c) are shared:\n"
    "                 their LANE must be *. Registers not set start at zero.\n"
    "  --steps N      the step budget: instructions a lane may execute (default 1000000)\n"
    "  --float        print values as %.9g instead of 0x bit patterns\n"
    "\n"
    "Output, for every lane: one line 'LANE oN X Y Z W' per output register the program writes, or\n"
    "'LANE killed' for a lane KIL or CMPKIL killed. A program ends at END, after an instruction with\n"
    "the end flag, or after its last instruction.\n"
    "\n"
    "Textures: the default sampler returns its coordinates (TXP's divided by w); LDA reads zeros.\n";

// Applies an inputs file to the machine; prints errors as FILE:LINE:COL.
bool apply_inputs(const input& file, warp& m, std::size_t lanes) {
    return read_inputs(file, lanes, [&](const input_line& line, ctisa::text::cursor& in, auto&& fail) {
        at::bank bank = at::bank::invalid;
        unsigned limit = at::register_count;
        switch (line.letter) {
            case 'i': bank = at::bank::in; break;
            case 'o': bank = at::bank::out; break;
            case 'c': bank = at::bank::param; limit = at::constant_count; break;
            case 'r':
            case 't': bank = at::bank::temp; break;
            case 'a': bank = at::bank::addr; break;
            case 'p': limit = at::predicate_count; break;
            default: break;
        }
        if (!line.index || *line.index >= limit || (bank == at::bank::invalid && line.letter != 'p'))
            return fail(line.reg_at, "expected a register: i, o, c, r (or t), a or p and its number");
        if (bank == at::bank::param && line.lane != lanes)
            return fail(line.lane_at, "constants are shared by every lane: write * as the lane");
        std::array<std::uint32_t, 4> v{};
        for (unsigned c = 0; c < 4; ++c) {
            in.skip_blanks();
            const auto value_at = in.where();
            const auto bits = parse_value(in);
            if (!bits) return fail(value_at, "expected a value: a decimal float or a 0x bit pattern (four of them)");
            v[c] = *bits;
        }
        const auto reg = static_cast<unsigned>(*line.index);
        const auto [first, last] = lanes_of(line, lanes);
        for (std::size_t l = first; l < last; ++l) {
            if (line.letter == 'p') m.set_predicate(reg, l, (v[0] & 0x7FFFFFFFu) != 0);
            else m.set(bank, reg, l, v);
        }
    });
}

}  // namespace

int run_attila(const input& source, const std::vector<std::string>& options) {
    const auto opts = parse_run_options(options, max_lanes, true);
    if (!opts) return 2;
    if (opts->help) {
        std::fputs(help, stdout);
        return 0;
    }
    std::vector<at::instruction> program;
    std::vector<ctisa::text::position> where;
    if (!assemble_program<at::isa>(source, program, where)) return 1;

    auto m = std::make_unique<warp>(program, opts->lanes);
    if (opts->inputs) {
        const auto file = read_input(*opts->inputs);
        if (!file || !apply_inputs(*file, *m, opts->lanes)) return 1;
    }
    const auto result = m->run(opts->steps);
    if (!result.ok()) {
        std::fprintf(stderr, "%s: error: %.*s\n", source.name.c_str(), static_cast<int>(result.error.message().size()),
                     result.error.message().data());
        return 1;
    }
    const auto outputs = m->outputs_written();
    for (std::size_t lane = 0; lane < opts->lanes; ++lane) {
        if (m->killed(lane)) {
            std::printf("%zu killed\n", lane);
            continue;
        }
        for (unsigned o : outputs) {
            std::printf("%zu o%u", lane, o);
            for (std::uint32_t bits : m->read(at::bank::out, o, lane)) print_value(bits, opts->as_float);
            std::printf("\n");
        }
    }
    return 0;
}

}  // namespace ctisa_tool
