// SPDX-License-Identifier: MIT
// NV assembly's text benchmarks (codec_bench.hpp). A text-only ISA has no image: codec/assemble/nvasm
// reads each peer program (../shared/reference/nvasm/programs) into its statements, and
// codec/disassemble/nvasm prints those statements back as canonical text.
#include <ctisa/nvasm/nvasm.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "codec_bench.hpp"
#include "codec_emit.hpp"

namespace ctisa_bench::codec {

namespace {

namespace nv = ctisa::nvasm;

struct text_corpus {
    std::vector<std::string> sources;                     // whole programs, from their "!!" header on
    std::vector<ctisa::statement_list<nv::isa>> programs;  // as read
    std::string text;                                     // every program printed, one after another
    std::size_t statements = 0;
};

std::shared_ptr<const text_corpus> peer_programs() {
    auto c = std::make_shared<text_corpus>();
    const auto dir = std::filesystem::path(CTISA_SHARED_DIR) / "reference" / "nvasm" / "programs";
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".txt" && entry.path().filename() != "SOURCE.txt") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    ctisa::text::string_sink sink(c->text);
    for (const auto& file : files) {
        std::ifstream in(file);
        std::stringstream content;
        content << in.rdbuf();
        const std::string s = content.str();
        const std::size_t header = s.find("!!");  // what comes before says where the program is from
        if (header == std::string::npos) continue;
        auto program = ctisa::read_statements<nv::isa>(std::string_view(s).substr(header));
        if (!program) continue;  // fewer programs: the figures say so in items_per_second only
        c->statements += program->statements.size();
        ctisa::print_program<nv::isa>(sink, std::span<const nv::instruction>(program->statements));
        c->sources.push_back(s.substr(header));
        c->programs.push_back(std::move(*program));
    }
    return c;
}

void assemble_text(benchmark::State& state, const text_corpus& c) {
    for (auto _ : state) {
        std::size_t n = 0;
        for (const std::string& source : c.sources) {
            auto program = ctisa::read_statements<nv::isa>(source);
            if (!program) state.SkipWithError("a peer program does not assemble");
            else n += program->statements.size();
            benchmark::DoNotOptimize(program);
        }
        if (n != c.statements || n == 0) state.SkipWithError("the peer programs read differently");
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c.statements));
}

void print_text(benchmark::State& state, const text_corpus& c) {
    std::string out;
    out.reserve(c.text.size());
    for (auto _ : state) {
        out.clear();
        ctisa::text::string_sink sink(out);
        for (const auto& program : c.programs) ctisa::print_program<nv::isa>(sink, std::span<const nv::instruction>(program.statements));
        benchmark::DoNotOptimize(out.data());
    }
    if (out != c.text) state.SkipWithError("the printed programs are not the corpus text");
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c.statements));
}

// Where each line of a text ends (a statement a line: the memcpy baseline copies line by line).
std::vector<std::size_t> line_ends(std::string_view text) {
    std::vector<std::size_t> ends;
    for (std::size_t at = text.find('\n'); at != std::string_view::npos; at = text.find('\n', at + 1)) ends.push_back(at + 1);
    return ends;
}

// codec/emit/nvasm: every peer program's statements emitted (printed into the emitter's text), and
// its text() read back whole; codec/emit_text/nvasm: the programs' sources, the same.
template <bool Text>
void emit_programs(benchmark::State& state, const text_corpus& c) {
    nv::emitter e;
    std::size_t kept = 0;
    const auto start = std::chrono::steady_clock::now();
    for (auto _ : state) {
        kept = 0;
        for (std::size_t p = 0; p < c.programs.size(); ++p) {
            e.clear();
            if constexpr (Text) e.emit(c.sources[p]);
            else
                for (const auto& in : c.programs[p].statements) e.emit(in);
            if (!e.text()) state.SkipWithError("an emitted program does not read back");
            kept += e.bytes_kept();
        }
    }
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c.statements));
    state.counters["bytes_kept"] = static_cast<double>(kept) / static_cast<double>(c.statements);
    const double copy_ns = memcpy_ns_per_unit(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(c.text.data()), c.text.size()),
                                              line_ends(c.text));
    state.counters["memcpy_per_second"] = 1e9 / copy_ns;
    state.counters["x_memcpy"] = ns / static_cast<double>(state.iterations() * c.statements) / copy_ns;
}

}  // namespace

void register_nvasm() {
    const auto c = peer_programs();
    benchmark::RegisterBenchmark("codec/emit/nvasm", [c](benchmark::State& s) { emit_programs<false>(s, *c); });
    benchmark::RegisterBenchmark("codec/emit_text/nvasm", [c](benchmark::State& s) { emit_programs<true>(s, *c); });
    benchmark::RegisterBenchmark("codec/assemble/nvasm", [c](benchmark::State& s) { assemble_text(s, *c); });
    benchmark::RegisterBenchmark("codec/disassemble/nvasm", [c](benchmark::State& s) { print_text(s, *c); });
}

}  // namespace ctisa_bench::codec
