// SPDX-License-Identifier: MIT
// The libFuzzer entry of one ISA (CTISA_FUZZ_HEADER declares CTISA_FUZZ_ENTRY, its traits or run
// adapter): the surface comes from CTISA_FUZZ_SURFACE (surfaces.hpp), so that one binary a ISA
// serves every surface and the build stays small. `--surfaces` as the only argument lists them.
#include CTISA_FUZZ_HEADER

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "surfaces.hpp"

namespace {

using entry = CTISA_FUZZ_ENTRY;
ctisa::fuzz::surface chosen = ctisa::fuzz::surface::none;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    if (*argc == 2 && std::strcmp((*argv)[1], "--surfaces") == 0) {
        for (const char* name : {"decode", "assemble", "roundtrip", "execute"})
            if (ctisa::fuzz::has<entry>(ctisa::fuzz::surface_named(name))) std::printf("%s\n", name);
        std::exit(0);
    }
    const char* name = std::getenv("CTISA_FUZZ_SURFACE");
    chosen = ctisa::fuzz::surface_named(name ? name : "");
    if (chosen == ctisa::fuzz::surface::none || !ctisa::fuzz::has<entry>(chosen)) {
        std::fprintf(stderr, "CTISA_FUZZ_SURFACE must name a surface of this ISA (--surfaces lists them)\n");
        std::exit(2);
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ctisa::fuzz::run<entry>(chosen, data, size);
    return 0;
}
