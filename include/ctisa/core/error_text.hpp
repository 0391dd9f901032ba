// SPDX-License-Identifier: MIT
// An error as one line of text, the same for every ISA, the tool and the builders:
//   [line L, column C: ][operand N (role): ]message[ (offending text)]
//   "operand 1 (destination): register number out of range for its bank (r66)"
//   "line 2, column 3: unknown mnemonic (FOO)"
// The offending text is the error's subject, followed by its value when it has one. describe()
// keeps where a text error lies; describe_message() leaves it to a caller that writes
// FILE:LINE:COLUMN in front (the tool).
#pragma once

#include <string>

#include "error.hpp"

namespace ctisa {

// The offending text: subject and value ("r66"), or empty.
inline std::string offending_text(const error& e) {
    std::string s(e.subject);
    if (e.has_value) s += std::to_string(e.value);
    return s;
}

inline std::string describe_message(const error& e) {
    std::string s;
    if (e.operand != 0) {
        s += "operand " + std::to_string(e.operand);
        if (!e.role.empty()) s.append(" (").append(e.role).append(")");
        s += ": ";
    }
    s += e.message();
    if (const std::string text = offending_text(e); !text.empty()) s += " (" + text + ")";
    return s;
}

inline std::string describe(const error& e) {
    if (e.line == 0) return describe_message(e);
    return "line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ": " + describe_message(e);
}

}  // namespace ctisa
