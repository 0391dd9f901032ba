// SPDX-License-Identifier: MIT
// The decoder checks a word against its instruction's plan (fixed bits, allowed field values)
// instead of encoding the decoded instruction again. It must accept exactly the words, and fail
// with exactly the errors, of the definition: decode, validate, and encode back to the same word
// (decode_word_by_encoding). Compared here over random words under every opcode, words that keep
// each instruction's fixed bits with random fields, and those with bits flipped.
#include <catch2/catch.hpp>

#include <cstdio>

#include <ctisa/valhall/valhall.hpp>

#include "random.hpp"

namespace va = ctisa::valhall;

namespace {

struct tally {
    long words = 0, accepted = 0, differ = 0;
};

void compare(std::uint64_t w, tally& t) {
    const auto fast = va::decode_word(w);
    const auto reference = va::decode_word_by_encoding(w);
    ++t.words;
    t.accepted += fast.ok() ? 1 : 0;
    const bool same =
        fast.ok() == reference.ok() &&
        (fast.ok() ? *fast == *reference : fast.error().code == reference.error().code && fast.error().subject == reference.error().subject);
    if (!same) {
        ++t.differ;
        INFO("word 0x" << std::hex << w);
        CHECK(fast.ok() == reference.ok());
    }
}

}  // namespace

TEST_CASE("every plan is exact: no instruction needs encoding again", "[valhall][encoding]") {
    for (std::size_t i = 0; i < va::instruction_count; ++i) {
        INFO(va::instructions[i].name);
        CHECK(va::decode_plans[i].exact);
    }
}

TEST_CASE("the plan check accepts and rejects as encoding again does", "[valhall][encoding]") {
    ctisa_test::rng g;
    tally t;
    for (std::uint64_t op = 0; op < 512; ++op)
        for (int n = 0; n < 400; ++n) compare((g.next() & ~(std::uint64_t{0x1FF} << 48)) | (op << 48), t);
    for (const auto& plan : va::decode_plans) {
        for (int n = 0; n < 400; ++n) {
            const std::uint64_t w = plan.fixed_value[0] | (g.next() & ~plan.fixed_mask[0]);
            compare(w, t);
            std::uint64_t f = w;
            for (unsigned k = 0, bits = 1 + g.below(3); k < bits; ++k) f ^= std::uint64_t{1} << g.below(64);
            compare(f, t);
        }
    }
    std::printf("valhall strict decoding: %ld of %ld words accepted, the plan check and encoding again agree on %ld\n", t.accepted, t.words,
                t.words - t.differ);
    CHECK(t.differ == 0);
    CHECK(t.accepted > 10000);
}
