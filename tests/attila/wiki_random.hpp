// SPDX-License-Identifier: MIT
// Random ATTILA instructions as the wiki defines them, made without ctisa's tables: the opcodes and
// their operand counts from the simulator's opcode list (../shared/reference/attila/attila_opcodes.csv),
// the operand syntax from the wiki's Reference and Syntax sections: a predicate '(p3)'/'(!p3)' on any
// instruction, '[!]' on predicate results (SETP, STP, ANDP), 'kls src, sample' (and ZXS with its
// table's sample), masks without '.xyzw' (ctisa writes the full mask as no mask, a spec decision),
// registers with a one-letter select (valid for vector and scalar sources alike).
#pragma once

#include <string>
#include <vector>

#include "random.hpp"
#include "test_data.hpp"

namespace ctisa_test::attila_wiki {

struct opcode_row {
    std::string mnemonic;
    int sources = 0;
    bool result = false, predicate_result = false, integer = false, load = false, jump = false;
};

inline std::vector<opcode_row> opcode_rows() {
    std::vector<opcode_row> out;
    for (const auto& line : lines_of(read_file(shared_path("reference/attila/attila_opcodes.csv")))) {
        const auto f = split(line, ',');
        if (line.empty() || line[0] == '#' || f.size() < 10 || f[0] == "value" || f[3].empty()) continue;
        out.push_back({f[2], std::stoi(f[3]), f[4] == "1", f[5] == "1", f[6] == "1", f[7] == "1", f[9] == "1"});
    }
    return out;
}

class generator {
public:
    explicit generator(std::uint64_t seed) { rng_.state = seed; }

    std::string next(const opcode_row& op) {
        std::string out;
        if (rng_.below(4) == 0) out += (rng_.below(2) ? "(!p" : "(p") + std::to_string(rng_.below(32)) + ") ";
        out += op.mnemonic;
        std::vector<std::string> operands;
        if (op.predicate_result) {
            operands.push_back((rng_.below(2) ? "!p" : "p") + std::to_string(rng_.below(32)));
        } else if (op.result) {
            operands.push_back(op.mnemonic == "arl" ? "a" + std::to_string(rng_.below(4)) + ".x" : result());
        }
        if (op.jump) {
            operands.push_back(predicate());
            operands.push_back(std::to_string(static_cast<int>(rng_.below(200)) - 100));
        } else if (op.mnemonic == "andp") {
            operands.push_back(predicate());
            operands.push_back(predicate());
        } else if (op.load) {
            operands.push_back(source());
            operands.push_back("t" + std::to_string(rng_.below(16)));
        } else if (op.mnemonic == "kls" || op.mnemonic == "zxs") {
            operands.push_back(source());
            if (rng_.below(2)) operands.push_back("s" + std::to_string(rng_.below(8)));
        } else {
            for (int i = 0; i < op.sources; ++i) operands.push_back(source());
        }
        for (std::size_t i = 0; i < operands.size(); ++i) out += (i ? ", " : " ") + operands[i];
        return out;
    }

private:
    std::string result() {
        static const char* const masks[] = {"", ".x", ".y", ".z", ".w", ".xy", ".xz", ".xw", ".yz", ".yw", ".zw", ".xyz", ".xyw", ".xzw"};
        return (rng_.below(4) ? "r" : "o") + std::to_string(rng_.below(32)) + masks[rng_.below(14)];
    }
    std::string source() {
        static const char* const banks[] = {"r", "i", "c"};
        return std::string(rng_.below(3) ? "" : "-") + banks[rng_.below(3)] + std::to_string(rng_.below(16)) + "." + "xyzw"[rng_.below(4)];
    }
    std::string predicate() { return (rng_.below(2) ? "!p" : "p") + std::to_string(rng_.below(32)); }

    rng rng_;
};

}  // namespace ctisa_test::attila_wiki
