// SPDX-License-Identifier: MIT
// What a page describing an ISA (`ctisa doc ISA`) shows beyond what the contract gives every ISA
// (its opcodes and encoding fields, through for_each_opcode and for_each_field). An ISA says more
// by specialising doc_adapter for its traits, beside the tool (examples/ctisa/<isa>/doc_adapter.hpp):
//
//   template <> struct ctisa::doc_adapter<my::isa> {
//       static constexpr std::string_view summary = "...";         // a paragraph under the title
//       template <class F> static void for_each_enum(F&& f);       // f(enum_doc)
//       template <class F> static void for_each_instruction(F&& f);  // f(instruction_doc)
//   };
//
// Without a specialisation the page has the formats and opcodes only.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace ctisa {

struct enum_value_doc {
    unsigned value;
    std::string_view name;
    std::string description;
};

struct enum_doc {
    std::string_view name;
    std::string_view description;
    std::vector<enum_value_doc> values;
};

enum class executes : unsigned char { no_executor, yes, no };

struct instruction_doc {
    std::string_view mnemonic;
    std::string syntax;          // the assembly form, optional parts in brackets
    std::string_view summary;    // what it does, in a line
    std::string details;         // more: result shape, types, operands
    executes runs = executes::no_executor;
    std::string_view why_not;    // when runs == executes::no: the reason
};

// Text from pieces, for adapters: GCC 12 at -O3 warns falsely (-Wrestrict) about "literal" + std::string.
[[nodiscard]] inline std::string doc_join(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (std::string_view p : parts) out += p;
    return out;
}

// An enum listed from a table: entry i valued i, named name_of(entry), described by describe(entry)
// (by nothing without it).
struct no_description {
    std::string operator()(const auto&) const { return {}; }
};
template <class List, class NameOf, class Describe = no_description>
[[nodiscard]] enum_doc enum_of(std::string_view name, std::string_view description, const List& list, NameOf name_of, Describe describe = {}) {
    enum_doc out{name, description, {}};
    for (unsigned i = 0; i < list.size(); ++i) out.values.push_back({i, name_of(list[i]), describe(list[i])});
    return out;
}

template <class Isa>
struct doc_adapter {
    static constexpr bool generic = true;
};

template <class Isa>
concept has_doc_adapter = !requires { doc_adapter<Isa>::generic; };

}  // namespace ctisa
