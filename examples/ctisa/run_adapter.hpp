// SPDX-License-Identifier: MIT
// The concept an ISA's part of `ctisa run` meets (examples/ctisa/<isa>/run_adapter.hpp), and the
// pieces every adapter shares: its registers' names read through one table of prefixes. The
// adapters live beside the tool, not in include/: they are the tool's, not the library's.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <ctisa/core/error.hpp>
#include <ctisa/core/text/names.hpp>

namespace ctisa_tool {

// What an ISA provides for `ctisa run`: only what is its own.
//   isa              its traits (parse, encode, decode: ctisa/core/assembler.hpp)
//   machine          its reference executor: machine(span of instructions, lanes), lanes (its
//                    width), run(step budget) -> a status with ok() and error (and reason, if it
//                    says why an instruction cannot run)
//   default_lanes    lanes when --lanes is not given
//   decimal_integers whether a plain decimal value ("7") is an integer (true) or a float (false);
//                    --float makes it a float for every ISA
//   names, help      what a NAME may be (an error says "expected <names>"), and the ISA's part of
//                    --help: its NAMEs, its output, its semantics notes
//   reg              a register as parse_name finds it, with words (1: scalar, 4: vector) and
//                    shared (one value for every lane: its LANE must be *)
//   parse_name(text) -> optional<reg>; name_of(reg) -> its spelling in the output
//   set(machine, reg, lane, words) and read(machine, reg, lane) -> array of 4 words; where a
//                    NAME's spelling is open (nvasm's bindings), set returns false for a name the
//                    program does not have, and the tool reports it
//   written(machine) -> the registers the program writes, in the order they print
// Optional: killed(machine, lane) -> bool, for ISAs whose lanes can be killed.
// Optional: threads(machine) -> the lanes a run covers, when more than --lanes (a work-group of
//           several wavefronts): LANE in the inputs and the output counts up to it.
// Optional: set(...) -> bool, false when the name matches nothing of the program (an error).
// Optional: shared registers in written() (memory the run wrote) print once, as '* NAME ...',
//           after every lane's.
// Optional: machine.counted_run(steps, lane_operations) for --bench, when the machine is not the
//           executor's (a group of wavefronts).
// Optional: shown(machine, reg, lane) -> bool, whether a register of written() prints for this
//           lane (a geometry lane prints only the vertices it emitted); without it every one prints.
template <class A>
concept run_adapter = requires(typename A::machine& m, const typename A::machine& cm, const typename A::reg& r, std::string_view text,
                               std::size_t lane, std::span<const std::uint32_t> words) {
    typename A::isa;
    requires std::constructible_from<typename A::machine, std::span<const typename A::isa::instruction>, std::size_t>;
    { A::machine::lanes } -> std::convertible_to<std::size_t>;
    { m.run(std::uint64_t{}).ok() } -> std::convertible_to<bool>;
    { m.run(std::uint64_t{}).error } -> std::convertible_to<ctisa::error>;
    { A::default_lanes } -> std::convertible_to<std::size_t>;
    { A::decimal_integers } -> std::convertible_to<bool>;
    { A::names } -> std::convertible_to<std::string_view>;
    { A::help } -> std::convertible_to<std::string_view>;
    { r.words } -> std::convertible_to<unsigned>;
    { r.shared } -> std::convertible_to<bool>;
    { A::parse_name(text) } -> std::same_as<std::optional<typename A::reg>>;
    { A::name_of(r) } -> std::convertible_to<std::string>;
    A::set(m, r, lane, words);
    { A::read(cm, r, lane) } -> std::same_as<std::array<std::uint32_t, 4>>;
    { A::written(cm) } -> std::same_as<std::vector<typename A::reg>>;
};

// One row of an ISA's table of register names: `prefix` then a number below `count` names a
// register of `kind` (ATTILA's {"c", bank::param, 256}: c0-c255).
template <class Kind>
struct numbered_kind {
    std::string_view prefix;
    Kind kind;
    std::uint32_t count;
};

// A name read by such a table: the row that matched and the number after its prefix.
template <class Kind>
struct numbered_register {
    const numbered_kind<Kind>* row;
    std::uint32_t number;
};

// The first row of `table` whose prefix (in any case) and number below its count make `name`.
// Rows are tried in order: put a prefix before any prefix of it ("vWinCoord" before "v").
template <class Kind, std::size_t N>
[[nodiscard]] constexpr std::optional<numbered_register<Kind>> find_numbered(std::string_view name, const numbered_kind<Kind> (&table)[N]) {
    for (const numbered_kind<Kind>& row : table)
        if (const auto n = ctisa::text::numbered_name(name, row.prefix); n && *n < row.count) return numbered_register<Kind>{&row, *n};
    return std::nullopt;
}

// A register's spelling: its prefix, then its number ("r5").
[[nodiscard]] inline std::string numbered_text(std::string_view prefix, std::uint32_t number) {
    std::string s(prefix);  // appended, not prefix + ...: GCC 12 warns (-Wrestrict) on that operator+
    return s += std::to_string(number);
}

}  // namespace ctisa_tool
