// A JIT-style emitter: builds a shader at run time with the typed builders, the way a driver
// would emit code for parameters it learns late (here: how many lights), and prints its bytes.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <ctisa/attila/attila.hpp>

namespace at = ctisa::attila;
using namespace ctisa::attila::operands;

// Collects instructions and keeps the first error, like an assembler's error handler.
class emitter {
public:
    void emit(const ctisa::result<at::instruction>& ins) {
        if (error_.failed()) return;
        auto bytes = at::encode(ins);
        if (!bytes) {
            error_ = bytes.error();
            return;
        }
        code_.push_back(*ins);
        bytes_.insert(bytes_.end(), bytes->begin(), bytes->end());
    }
    [[nodiscard]] const ctisa::error& error() const { return error_; }
    [[nodiscard]] const std::vector<at::instruction>& code() const { return code_; }
    [[nodiscard]] const std::vector<std::uint8_t>& bytes() const { return bytes_; }

private:
    std::vector<at::instruction> code_;
    std::vector<std::uint8_t> bytes_;
    ctisa::error error_{};
};

int main(int argc, char** argv) {
    const unsigned lights = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 2;

    // Diffuse lighting: o0 = sum over lights of max(dot(n, l_k), 0) * colour_k.
    // i0: normal, c(2k): light direction k, c(2k+1): light colour k.
    emitter e;
    e.emit(at::mov(r(0), c(0).x()));  // c0.x holds 0.0: the accumulator
    for (unsigned k = 0; k < lights; ++k) {
        e.emit(at::dp3(r(1).mask("x"), i(0), c(2 * k + 2)));
        e.emit(at::max(r(1).mask("x"), r(1).x(), 0.0f));
        e.emit(at::mad(r(0), r(1).x(), c(2 * k + 3), r(0)));
    }
    e.emit(at::mov.sat()(o(0), r(0)));
    e.emit(at::end());

    if (e.error().failed()) {
        std::fprintf(stderr, "emit failed: %.*s\n", static_cast<int>(e.error().message().size()), e.error().message().data());
        return 1;
    }
    std::printf("%u-light shader, %zu instructions, %zu bytes:\n", lights, e.code().size(), e.bytes().size());
    for (std::size_t n = 0; n < e.code().size(); ++n) {
        std::printf("  ");
        for (std::size_t b = 0; b < 16; ++b) std::printf("%02x ", e.bytes()[n * 16 + b]);
        std::printf("  %s\n", ctisa::to_string<at::isa>(e.code()[n]).c_str());
    }

    // The same builders report misuse at run time: c999 does not exist.
    const unsigned bad = lights + 997;
    auto wrong = at::mov(r(0), c(bad));
    std::printf("mov r0, c%u -> %s\n", bad, wrong ? "ok" : std::string(wrong.error().message()).c_str());
    return 0;
}
