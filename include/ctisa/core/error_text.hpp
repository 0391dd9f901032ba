// SPDX-License-Identifier: MIT
// An error as one line of text, the same for every ISA, the tool and the builders:
//   [operand N (role): ]message[ (offending text)]
//   "operand 1 (destination): register number out of range for its bank (r66)"
//   "unknown mnemonic (FOO)"
// The offending text is the error's subject, followed by its value when it has one. Where the
// error came from text, the caller adds FILE:LINE:COLUMN in front.
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

inline std::string describe(const error& e) {
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

}  // namespace ctisa
