// SPDX-License-Identifier: MIT
// The ISA contract, proven on the toy ISA (toy/toy.hpp): statements with a terminator, a program
// context, units of several sizes, a link step with clauses, a stream decoder with state, a
// non-canonical form that round-trips, and a text-only flavour. Expected bytes are worked out by
// hand from the toy's spec in toy.hpp.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "toy/toy.hpp"

namespace {

using ctisa::error_code;

// Several statements a line, one over two lines, a label, a forward reference, a clause.
constexpr char program_text[] = R"(toy 1;
decl r0; decl r1;       # two on one line
li r0, 5;
clause 2; add r1, r0, r0; mov r0,
    r1;                 # over two lines
jmp done;
nop 0;                  # the optional token, written out
done: end;
)";

constexpr char canonical_text[] = R"(toy 1;
decl r0;
decl r1;
li r0, 5;
clause 2;
add r1, r0, r0;
mov r0, r1;
jmp @9;
nop 0;
end;
)";

// Control stream (44 bytes), one zero word of padding, the clause at 48.
const std::vector<std::uint8_t> program_image = {
    0x01, 0x00, 0x00, 0x01,                          // toy 1
    0x00, 0x00, 0x00, 0x02,                          // decl r0
    0x01, 0x00, 0x00, 0x02,                          // decl r1
    0x00, 0x00, 0x00, 0x05, 0x05, 0x00, 0x00, 0x00,  // li r0, 5
    0x02, 0x00, 0x00, 0x07, 0x30, 0x00, 0x00, 0x00,  // clause 2 at 48
    0x09, 0x00, 0x00, 0x06,                          // jmp @9
    0x00, 0x00, 0x80, 0x08, 0x00, 0x00, 0x00, 0x00,  // nop 0
    0x00, 0x00, 0x00, 0x09,                          // end
    0x00, 0x00, 0x00, 0x00,                          // padding
    0x00, 0x01, 0x00, 0x20,                          // add r1, r0, r0
    0x10, 0x00, 0x00, 0x90,                          // mov r0, r1, LAST
};

error_code first_error(std::string_view text) { return ctisa::try_assemble<toy::isa>(text).error().code; }

std::string print_all(const std::vector<toy::instruction>& program) {
    std::string out;
    ctisa::text::string_sink sink(out);
    ctisa::print_program<toy::isa>(sink, std::span<const toy::instruction>(program));
    return out;
}

}  // namespace

TEST_CASE("contract: the concepts tell the kinds of ISA apart", "[contract]") {
    STATIC_REQUIRE(ctisa::binary_isa<toy::isa>);
    STATIC_REQUIRE(ctisa::has_stream_decoder<toy::isa>);
    STATIC_REQUIRE(ctisa::text_only_isa<toy::text_isa>);
    STATIC_REQUIRE_FALSE(ctisa::binary_isa<toy::text_isa>);
    STATIC_REQUIRE_FALSE(ctisa::contract::statements_independent<toy::isa>());
}

TEST_CASE("contract, NV-shaped: statements end with the ISA's terminator, several a line", "[contract]") {
    const auto image = ctisa::assemble_image<toy::isa>(program_text);
    REQUIRE(image.ok());
    CHECK(image->bytes == program_image);
    // One unit a line for `ctisa asm`: 8 control units, a padding word, 2 clause words.
    CHECK(image->unit_ends == std::vector<std::size_t>{4, 8, 12, 20, 28, 32, 40, 44, 48, 52, 56});

    const auto missing = ctisa::try_assemble<toy::isa>("toy 1; nop; end");
    CHECK(missing.error().code == error_code::missing_terminator);
    CHECK(missing.error().line == 1);
    CHECK(missing.error().column == 16);
    CHECK(first_error("toy 1; nop nop; end;") == error_code::value_out_of_range);
}

TEST_CASE("contract, AMD IL- and NV-shaped: the parser's context (header, declarations, labels)", "[contract]") {
    const auto undeclared = ctisa::try_assemble<toy::isa>("toy 1; mov r0, r1; end;");
    CHECK(undeclared.error().code == error_code::undeclared_name);
    CHECK(undeclared.error().line == 1);
    CHECK(undeclared.error().column == 12);

    const auto late = ctisa::try_assemble<toy::isa>("toy 1;\ndecl r0;\nmov r0, r0;\ndecl r1;\nend;");
    CHECK(late.error().code == error_code::misplaced_statement);
    CHECK(late.error().line == 4);
    CHECK(late.error().column == 1);

    CHECK(first_error("decl r0; end;") == error_code::missing_header);
    CHECK(first_error("toy 1; toy 1; end;") == error_code::misplaced_statement);
    CHECK(first_error("toy 1; decl r0; decl r0; end;") == error_code::duplicate_name);
    CHECK(first_error("toy 1; a: nop; a: end;") == error_code::duplicate_name);
    CHECK(first_error("toy 1; end; nop;") == error_code::misplaced_statement);
    CHECK(first_error("toy 1; nop;") == error_code::misplaced_statement);  // no end
    CHECK(first_error("toy 1; loop; end;") == error_code::unbalanced_structure);
    CHECK(first_error("toy 1; decl r0; clause 2; mov r0, r0; end;") == error_code::misplaced_statement);
    CHECK(first_error("toy 1; jmp @7; end;") == error_code::bad_branch_target);

    // A forward reference is resolved after the last statement; an undefined one is an error
    // at the place it is used.
    const auto undefined = ctisa::try_assemble<toy::isa>("toy 1;\n  jmp nowhere;\nend;");
    CHECK(undefined.error().code == error_code::undefined_label);
    CHECK(undefined.error().line == 2);
    CHECK(undefined.error().column == 7);
    CHECK(undefined.error().subject == "nowhere");
    CHECK(ctisa::try_assemble<toy::isa>("toy 1; jmp later; nop; later: end;").value() == 4);
}

TEST_CASE("contract, Cayman-shaped: link places clauses, the stream decoder walks the statements in text order", "[contract]") {
    const auto program = ctisa::decode_program<toy::isa>(program_image);
    REQUIRE(program.ok());
    REQUIRE(program->size() == 10);
    CHECK((*program)[5].in_clause);
    CHECK((*program)[6].code == toy::op::mov);
    CHECK((*program)[7].value == 9);  // the jump's target, a statement index
    CHECK(print_all(*program) == canonical_text);

    // The canonical text assembles back to the same image, and parses to the same statements.
    const auto again = ctisa::assemble_bytes<toy::isa>(print_all(*program));
    REQUIRE(again.ok());
    CHECK(*again == program_image);

    std::vector<std::size_t> offsets;
    const auto e = ctisa::for_each_decoded<toy::isa>(
        program_image, [&](const toy::instruction&, std::size_t offset, std::size_t) { offsets.push_back(offset); });
    CHECK_FALSE(e.failed());
    CHECK(offsets == std::vector<std::size_t>{0, 4, 8, 12, 20, 48, 52, 28, 32, 40});
}

TEST_CASE("contract, Cayman-shaped: strict decoding refuses what the text cannot say", "[contract]") {
    const auto fails_at = [](std::vector<std::uint8_t> bytes, error_code code, std::uint32_t offset) {
        const auto r = ctisa::decode_program<toy::isa>(bytes);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().code == code);
        CHECK(r.error().offset == offset);
    };
    auto bytes = program_image;
    fails_at(std::vector<std::uint8_t>(bytes.begin() + 4, bytes.end()), error_code::missing_header, 0);
    bytes = program_image;
    bytes[31] = 0x90;  // a clause word in the control stream
    fails_at(bytes, error_code::reserved_opcode, 28);
    bytes = program_image;
    bytes[44] = 0x01;  // padding that is not zero
    fails_at(bytes, error_code::reserved_bits_set, 44);
    bytes = program_image;
    bytes[24] = 0x40;  // the clause where link would not put it
    fails_at(bytes, error_code::truncated, 64);
    bytes = program_image;
    bytes[55] = 0x10;  // the clause's last word without LAST
    fails_at(bytes, error_code::reserved_value, 52);
    bytes = program_image;
    bytes[36] = 0x01;  // the optional token without its default content
    fails_at(bytes, error_code::reserved_value, 36);
    bytes = program_image;
    bytes.push_back(0);
    fails_at(bytes, error_code::reserved_bits_set, 56);
    bytes = program_image;
    bytes.resize(42);
    fails_at(bytes, error_code::truncated, 48);  // the clause, read before the rest of the control stream
}

TEST_CASE("contract, AMD IL-shaped: a non-canonical form the ISA declares round-trips, and can be refused", "[contract]") {
    const auto decoded = ctisa::decode_program<toy::isa>(program_image);
    REQUIRE(decoded.ok());
    CHECK((*decoded)[8].explicit_default);
    CHECK_FALSE(toy::isa::is_canonical((*decoded)[8]));
    const auto canonical_only = ctisa::decode_program<toy::isa>(program_image, ctisa::decode_mode::canonical_only);
    REQUIRE_FALSE(canonical_only.ok());
    CHECK(canonical_only.error().code == error_code::not_canonical);
    CHECK(canonical_only.error().offset == 32);
}

// The whole program in one constant evaluation: the context and the link step at compile time.
constexpr auto compiled = ctisa::assemble<toy::isa, "toy 1; decl r0; decl r1;\nclause 1; add r0, r1, r1; end;">();
static_assert(compiled.size() == 6 && compiled.size_bytes() == 36);
static_assert(compiled.instructions[4].in_clause && compiled.instructions[4].code == toy::op::add);
static_assert(compiled.bytes[16] == 32 && compiled.bytes[32] == 0x11 && compiled.bytes[35] == 0xA0);  // clause at 32, LAST | add
static_assert(!ctisa::try_assemble<toy::isa>("toy 1; mov r0, r1; end;"));
static_assert(ctisa::try_assemble<toy::isa>("toy 1; jmp x; x: end;").value() == 3);

// The text-only flavour: the same statements, no bytes; its output is its canonical text.
constexpr auto text_program = ctisa::assemble<toy::text_isa, program_text>();
static_assert(text_program.size() == 10 && text_program.size_bytes() == 0);
constexpr auto text_printed = [] {
    ctisa::text::text_buffer<512> out;
    ctisa::print_program<toy::text_isa>(out, std::span<const toy::instruction>(text_program.instructions));
    return out;
}();

TEST_CASE("contract, NV-shaped: a text-only ISA assembles and prints canonical text at compile time", "[contract]") {
    STATIC_REQUIRE(text_printed.view() == std::string_view(canonical_text));
    const auto reparsed = ctisa::parse_program<toy::text_isa, 16>(text_printed.view());
    REQUIRE(reparsed.ok());
    REQUIRE(reparsed->statements.size() == text_program.size());
    for (std::size_t i = 0; i < text_program.size(); ++i) CHECK(reparsed->statements[i] == text_program.instructions[i]);
}

TEST_CASE("contract: every error of a source, one a statement", "[contract]") {
    std::vector<ctisa::error> errors;
    ctisa::for_each_error<toy::isa>("toy 1; decl r0; mov r0, r9; bogus; add r0,\n r0, r0; end;",
                                    [&](const ctisa::error& e) { errors.push_back(e); });
    REQUIRE(errors.size() == 2);
    CHECK(errors[0].code == error_code::undeclared_name);
    CHECK(errors[1].code == error_code::unknown_mnemonic);
    CHECK(errors[1].column == 29);
}

TEST_CASE("contract: reading statements at run time reports every error, then resolves", "[contract]") {
    std::vector<ctisa::error> errors;
    ctisa::statement_list<toy::isa> list;
    const auto first =
        ctisa::read_statements<toy::isa>("toy 1;\nbogus; decl r0;\nmov r0, r7; end;", list, [&](const ctisa::error& e) { errors.push_back(e); });
    REQUIRE(errors.size() == 2);
    CHECK(first.code == error_code::unknown_mnemonic);
    CHECK(errors[1].code == error_code::undeclared_name);
    CHECK(errors[1].line == 3);
    CHECK(list.statements.size() == 3);  // the good ones

    const auto unresolved = ctisa::read_statements<toy::isa>("toy 1;\njmp far; end;");
    REQUIRE_FALSE(unresolved.ok());
    CHECK(unresolved.error().code == error_code::undefined_label);
    CHECK(unresolved.error().line == 2);
    const auto good = ctisa::read_statements<toy::isa>(program_text);
    REQUIRE(good.ok());
    CHECK(good->positions[6].line == 4);  // mov r0, r1: starts on line 4, ends on 5
    CHECK(good->positions[6].column == 27);
}
