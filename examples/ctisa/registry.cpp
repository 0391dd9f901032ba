// The ISAs the tool knows: one line each.
#include <ctisa/attila/isa.hpp>
#include <ctisa/valhall/isa.hpp>

#include "commands.hpp"

namespace ctisa_tool {

int run_attila(const input& source, const std::vector<std::string>& options);
int run_valhall(const input& source, const std::vector<std::string>& options);

std::span<const isa_entry> registry() {
    static const isa_entry entries[] = {
        make_entry<ctisa::attila::isa>(&run_attila),
        make_entry<ctisa::valhall::isa>(&run_valhall),
    };
    return entries;
}

}  // namespace ctisa_tool
