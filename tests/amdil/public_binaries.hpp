// SPDX-License-Identifier: MIT
// The nine real IL binaries of ../shared/reference/amdil/il and their disassembly by another tool.
#pragma once

#include <string>

#include "test_data.hpp"

namespace amdil_test {

inline const char* const public_binaries[] = {"boredcircuit", "creation", "flame",    "happyjumping", "microwaves",
                                              "primitives",   "protean",  "seascape", "wolf3d"};

// The bytes of il_NAME.bin, or the text of il_NAME.txt.
inline std::string read_public(const char* name, const char* extension) {
    return ctisa_test::read_file(ctisa_test::shared_path(std::string("reference/amdil/il/il_") + name + extension));
}

}  // namespace amdil_test
