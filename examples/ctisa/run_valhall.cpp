// ctisa run valhall: assemble a program and run it on the reference executor.
#include <array>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <ctisa/valhall/executor.hpp>

#include "run_options.hpp"

namespace ctisa_tool {

namespace {

namespace va = ctisa::valhall;
namespace vx = ctisa::valhall::exec;

constexpr std::size_t max_lanes = 256;
using warp = vx::machine<max_lanes>;

constexpr const char* help =
    "usage: ctisa run valhall FILE [--lanes N] [--inputs FILE] [--steps N]\n"
    "\n"
    "Assembles FILE (Mesa's Valhall syntax) and runs it on N lanes (1-256, default 16: a Valhall warp)\n"
    "of the reference executor.\n"
    "  --inputs FILE  lines 'LANE REG VALUE': LANE a lane number or * for every lane; REG r0-r63, or\n"
    "                 u0-u63 (uniforms, shared: their LANE must be *); VALUE a 0x bit pattern, a decimal\n"
    "                 integer (negative ones as two's complement) or a decimal float (1.5, -2e3, inf).\n"
    "                 '#' starts a comment. Registers and uniforms not set start at zero.\n"
    "  --steps N      the step budget: instructions a lane may execute (default 1000000)\n"
    "\n"
    "Output, for every lane: one line 'LANE rN 0xXXXXXXXX' per register the program writes (as a\n"
    "destination, a register pair or a staging register), its final 32 bits. A program ends after its\n"
    "last instruction, or where the return action ends its lanes.\n"
    "\n"
    "Special values: lane_id is the lane modulo 16, program_counter 8 x the instruction's index, the\n"
    "others 0. Memory reads zeros, stores are dropped, textures return their coordinates, varyings\n"
    "zeros (see generators/specs/valhall_execution.toml for the semantics).\n";

// Applies an inputs file to the machine; prints errors as FILE:LINE:COL.
bool apply_inputs(const input& file, warp& m, std::size_t lanes) {
    return read_inputs(file, lanes, [&](const input_line& line, ctisa::text::cursor& in, auto&& fail) {
        if ((line.letter != 'r' && line.letter != 'u') || !line.index || *line.index >= va::register_count)
            return fail(line.reg_at, "expected a register r0-r63 or a uniform u0-u63");
        if (line.letter == 'u' && line.lane != lanes)
            return fail(line.lane_at, "uniforms are shared by every lane: write * as the lane");
        in.skip_blanks();
        const auto value_at = in.where();
        const auto bits = parse_value(in, true);
        if (!bits) return fail(value_at, "expected a value: a 0x bit pattern, a decimal integer or a decimal float");
        const auto reg = static_cast<unsigned>(*line.index);
        if (line.letter == 'u') return m.set_uniform(reg, *bits);
        const auto [first, last] = lanes_of(line, lanes);
        for (std::size_t l = first; l < last; ++l) m.set(reg, l, *bits);
    });
}

}  // namespace

int run_valhall(const input& source, const std::vector<std::string>& options) {
    const auto opts = parse_run_options(options, max_lanes, false, 16);
    if (!opts) return 2;
    if (opts->help) {
        std::fputs(help, stdout);
        return 0;
    }
    std::vector<va::instruction> program;
    std::vector<ctisa::text::position> where;
    if (!assemble_program<va::isa>(source, program, where)) return 1;

    auto m = std::make_unique<warp>(program, opts->lanes);
    if (opts->inputs) {
        const auto file = read_input(*opts->inputs);
        if (!file || !apply_inputs(*file, *m, opts->lanes)) return 1;
    }
    const auto result = m->run(opts->steps);
    if (!result.ok()) {
        const auto& e = result.error;
        if (e.code == ctisa::error_code::not_executable) {
            const auto at = where[e.offset / va::instruction_bytes];
            std::fprintf(stderr, "%s:%u:%u: error: %.*s (%.*s): %.*s\n", source.name.c_str(), at.line, at.column,
                         static_cast<int>(e.message().size()), e.message().data(), static_cast<int>(e.subject.size()),
                         e.subject.data(), static_cast<int>(result.reason.size()), result.reason.data());
        } else {
            std::fprintf(stderr, "%s: error: %.*s\n", source.name.c_str(), static_cast<int>(e.message().size()), e.message().data());
        }
        return 1;
    }
    const auto written = m->registers_written();
    for (std::size_t lane = 0; lane < opts->lanes; ++lane)
        for (unsigned r : written) std::printf("%zu r%u 0x%08x\n", lane, r, m->read(r, lane));
    return 0;
}

}  // namespace ctisa_tool
