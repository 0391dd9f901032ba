// SPDX-License-Identifier: MIT
// Options and input files shared by every ISA's `ctisa run`.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ctisa/core/text/cursor.hpp>

#include "commands.hpp"

namespace ctisa_tool {

struct run_options {
    std::size_t lanes = 1;
    std::uint64_t steps = 1'000'000;
    bool binary = false;    // FILE is a raw program image: decode it instead of assembling
    bool as_float = false;  // decimal values are floats; values print as floats
    bool help = false;
    bool bench = false;      // run repeatedly and print lane-operations per second
    std::uint64_t runs = 0;  // --bench: this many runs (0: as many as fit in about a second)
    std::optional<std::string> inputs;
};

// The options that take a value (main() needs to know to keep them with their value).
inline bool run_option_takes_value(std::string_view option) {
    return option == "--lanes" || option == "--steps" || option == "--inputs" || option == "--runs";
}

// Parses --binary, --lanes N, --inputs FILE, --steps N and --float; prints usage errors.
inline std::optional<run_options> parse_run_options(const std::vector<std::string>& options, std::size_t max_lanes, std::size_t default_lanes) {
    run_options out;
    out.lanes = default_lanes;
    for (std::size_t i = 0; i < options.size(); ++i) {
        const std::string& o = options[i];
        auto value = [&]() -> std::optional<std::string> {
            if (i + 1 < options.size()) return options[++i];
            std::fprintf(stderr, "ctisa run: %s needs a value (see 'ctisa run ISA --help')\n", o.c_str());
            return std::nullopt;
        };
        auto number = [&](std::uint64_t low, std::uint64_t high) -> std::optional<std::uint64_t> {
            auto v = value();
            if (!v) return std::nullopt;
            char* end = nullptr;
            const unsigned long long n = std::strtoull(v->c_str(), &end, 10);
            if (v->empty() || *end != '\0' || n < low || n > high) {
                std::fprintf(stderr, "ctisa run: %s takes a number from %llu to %llu, not '%s' (see 'ctisa run ISA --help')\n", o.c_str(),
                             static_cast<unsigned long long>(low), static_cast<unsigned long long>(high), v->c_str());
                return std::nullopt;
            }
            return n;
        };
        if (o == "--help" || o == "-h") {
            out.help = true;
        } else if (o == "--lanes") {
            auto n = number(1, max_lanes);
            if (!n) return std::nullopt;
            out.lanes = *n;
        } else if (o == "--steps") {
            auto n = number(1, ~std::uint64_t{0} >> 1);
            if (!n) return std::nullopt;
            out.steps = *n;
        } else if (o == "--inputs") {
            auto v = value();
            if (!v) return std::nullopt;
            out.inputs = *v;
        } else if (o == "--float") {
            out.as_float = true;
        } else if (o == "--binary") {
            out.binary = true;
        } else if (o == "--bench") {
            out.bench = true;
        } else if (o == "--runs") {
            auto n = number(1, 1'000'000'000);
            if (!n) return std::nullopt;
            out.runs = *n;
        } else {
            std::fprintf(stderr, "ctisa run: unknown option '%s' (see 'ctisa run ISA --help')\n", o.c_str());
            return std::nullopt;
        }
    }
    if (out.runs != 0 && !out.bench) {
        std::fprintf(stderr, "ctisa run: --runs goes with --bench (see 'ctisa run ISA --help')\n");
        return std::nullopt;
    }
    return out;
}

// One value of an inputs file, as 32 bits: a 0x bit pattern, a decimal float, and with `integers`
// a decimal integer (negative ones as two's complement, -2147483648 to 4294967295; a float then
// needs '.', an exponent, inf or nan).
inline std::optional<std::uint32_t> parse_value(ctisa::text::cursor& in, bool integers = false) {
    in.skip_blanks();
    const std::string_view token = in.token_text();
    if (token.empty()) return std::nullopt;
    std::string text(token);
    in.advance(token.size());
    char* end = nullptr;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        const unsigned long long v = std::strtoull(text.c_str() + 2, &end, 16);
        if (*end != '\0' || v > 0xFFFFFFFFull) return std::nullopt;
        return static_cast<std::uint32_t>(v);
    }
    if (integers && text.find_first_not_of("+-0123456789") == std::string::npos) {
        const long long v = std::strtoll(text.c_str(), &end, 10);
        if (end == text.c_str() || *end != '\0' || v < -2147483648LL || v > 4294967295LL) return std::nullopt;
        return static_cast<std::uint32_t>(v);
    }
    const float f = std::strtof(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0') return std::nullopt;
    std::uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    return bits;
}

// A LANE field: a lane number below `lanes`, or '*' for every lane (returned as lanes).
inline std::optional<std::size_t> parse_lane(ctisa::text::cursor& in, std::size_t lanes) {
    in.skip_blanks();
    if (in.peek() == '*') {
        in.advance();
        return lanes;
    }
    bool overflow = false;
    const auto n = in.unsigned_integer(&overflow);
    if (!n || overflow || *n >= lanes) return std::nullopt;
    return static_cast<std::size_t>(*n);
}

inline void print_value(std::uint32_t bits, bool as_float) {
    if (as_float) {
        float f;
        std::memcpy(&f, &bits, sizeof f);
        std::printf(" %.9g", static_cast<double>(f));
    } else {
        std::printf(" 0x%08x", bits);
    }
}

// The start of a line of an inputs file: its LANE field and its NAME, a register's spelling.
struct input_line {
    std::size_t lane = 0;  // the lane, or `lanes` for '*'
    ctisa::text::position lane_at{}, name_at{};
    std::string_view name;
};

// Reads an inputs file (LANE NAME values..., '#' comments) line by line: the lane and the name
// are read here, then `rest(line, cursor, fail)` reads and applies the rest of the line, calling
// fail(position, reason) on an error. Errors print as FILE:LINE:COL; false if any line had one.
template <class Rest>
bool read_inputs(const input& file, std::size_t lanes, Rest&& rest) {
    ctisa::text::cursor in(file.text, "#");
    bool ok = true;
    auto fail = [&](ctisa::text::position at, std::string_view what) {
        std::fprintf(stderr, "%s:%u:%u: error: %.*s\n", file.name.c_str(), at.line, at.column, static_cast<int>(what.size()), what.data());
        ok = false;
    };
    for (; !in.at_end(); in.next_line()) {
        if (in.at_end_of_statement()) continue;
        input_line line;
        line.lane_at = in.where();
        const auto lane = parse_lane(in, lanes);
        if (!lane) {
            fail(line.lane_at, "expected a lane number below --lanes, or *");
            continue;
        }
        line.lane = *lane;
        in.skip_blanks();
        line.name_at = in.where();
        line.name = in.token_text();
        in.advance(line.name.size());
        bool line_ok = true;
        rest(line, in, [&](ctisa::text::position at, std::string_view what) {
            fail(at, what);
            line_ok = false;
        });
        if (line_ok && !in.at_end_of_statement()) fail(in.where(), "unexpected text after the values");
    }
    return ok;
}

// The lanes an input line sets: [first, last).
inline std::pair<std::size_t, std::size_t> lanes_of(const input_line& line, std::size_t lanes) {
    return line.lane == lanes ? std::pair<std::size_t, std::size_t>{0, lanes} : std::pair<std::size_t, std::size_t>{line.lane, line.lane + 1};
}

}  // namespace ctisa_tool
