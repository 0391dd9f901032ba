// SPDX-License-Identifier: MIT
// NV assembly's text benchmarks (codec_bench.hpp). A text-only ISA has no image: codec/assemble/nvasm
// reads each peer program (../shared/reference/nvasm/programs) into its statements, and
// codec/disassemble/nvasm prints those statements back as canonical text.
#include <ctisa/nvasm/nvasm.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "codec_bench.hpp"

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

}  // namespace

void register_nvasm() {
    const auto c = peer_programs();
    benchmark::RegisterBenchmark("codec/assemble/nvasm", [c](benchmark::State& s) { assemble_text(s, *c); });
    benchmark::RegisterBenchmark("codec/disassemble/nvasm", [c](benchmark::State& s) { print_text(s, *c); });
}

}  // namespace ctisa_bench::codec
