// The ISAs the tool knows: one line each.
#include <ctisa/attila/isa.hpp>

#include "commands.hpp"

namespace ctisa_tool {

std::span<const isa_entry> registry() {
    static const isa_entry entries[] = {
        make_entry<ctisa::attila::isa>(),
    };
    return entries;
}

}  // namespace ctisa_tool
