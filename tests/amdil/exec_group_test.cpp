// SPDX-License-Identifier: MIT
// Compute kernels as whole work-groups (executor.hpp group): every wavefront, each work-item with its
// ids, g[] and LDS shared by the group, fence_threads* as a barrier; the same results from the
// interpreter and the compiled path at any lane count. Then real kernels of
// ../shared/reference/real/amdil against the same computation written in plain C++, and every real
// program run to its end with default inputs.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <filesystem>
#include <map>
#include <numbers>
#include <regex>
#include <string>
#include <vector>

#include "exec_support.hpp"
#include "test_data.hpp"

using namespace amdil_exec_test;

namespace {

constexpr std::size_t W = 16;  // one interpreter width for the whole file (compile time)
using group = ax::group<W>;

float word_float(std::uint32_t w) { return flt(w); }

// g[] element `e` of an environment, four words.
std::array<std::uint32_t, 4> element(const ax::default_environment& env, std::uint32_t e) {
    std::array<std::uint32_t, 4> out{};
    for (unsigned c = 0; c < 4; ++c) out[c] = env.load({ax::memory_space::global, 0, 16 * e + 4 * c, 0});
    return out;
}
void set_element(ax::default_environment& env, std::uint32_t e, const std::array<float, 4>& v) {
    for (unsigned c = 0; c < 4; ++c) env.store({ax::memory_space::global, 0, 16 * e + 4 * c, 0}, bits(v[c]));
}

// A kernel of 24 work-items (6 x 4): each writes 3t + 1 to g[t].x, waits at the barrier, reads its
// neighbour's (another wavefront's, at the wavefront's edge) into g[24 + t] with its ids, and adds
// t + 1 to LDS dword 0; after a second barrier each reads the sum into g[48 + t].
constexpr ctisa::fixed_string exchange_text{R"(il_cs_2_0
dcl_lds_id(0) 256
dcl_literal l0, 0x00000003, 0x00000001, 0x00000018, 0x00000030
dcl_literal l1, 0x00000000, 0x00000000, 0x00000000, 0x00000000
mov r0, threadidingroupflat0
imad r1, r0.x, l0.x, l0.y
mov global0[r0.x].x___, r1.x
fence_threads_memory
iadd r2.x___, r0.x, l0.y
umod r2.x___, r2.x, l0.z
mov r3, global0[r2.x]
iadd r4.x___, r0.x, l0.z
mov r5.x___, r3.x
mov r5._y__, absolutethreadidflat0.x
mov r5.__z_, threadgroupidflat0.x
mov r5.___w, threadidingroup0.y
mov global0[r4.x], r5
iadd r6.x___, r0.x, l0.y
lds_add l1.x, r6.x
fence_threads_lds
lds_load r7.x___, l1.x
iadd r8.x___, r0.x, l0.w
mov global0[r8.x].x___, r7.x
end
)"};
constexpr auto exchange_ops = am::assemble<exchange_text>();
constexpr ax::group_shape exchange_shape{{6, 4, 1}, true};

// What the exchange kernel leaves in g[] for group `id` of a grid of 3, written out.
void check_exchange(const ax::default_environment& env, std::uint32_t id) {
    constexpr std::uint32_t n = 24;
    for (std::uint32_t t = 0; t < n; ++t) {
        INFO("work-item " << t);
        CHECK(element(env, t)[0] == 3 * t + 1);
        const auto e = element(env, n + t);
        CHECK(e[0] == 3 * ((t + 1) % n) + 1);  // the neighbour's, behind the barrier
        CHECK(e[1] == id * n + t);              // vAbsTidFlat = group * 24 + t
        CHECK(e[2] == id);                      // vThreadGrpIdFlat
        CHECK(e[3] == t / 6);                   // vTidInGrp.y
        CHECK(element(env, 2 * n + t)[0] == n * (n + 1) / 2);
    }
}

}  // namespace

TEST_CASE("amdil group: every wavefront runs, fence_threads is a barrier, ids and LDS per group", "[amdil][exec][group]") {
    const std::vector<am::instruction> code(exchange_ops.instructions.begin(), exchange_ops.instructions.end());
    for (const std::size_t lanes : {1u, 4u, 5u, 8u, 16u}) {
        INFO("lanes " << lanes);
        group g(code, lanes, exchange_shape, ax::group_place{{1, 0, 0}, {3, 1, 1}});
        CHECK(g.threads() == 24);
        CHECK(g.wavefronts() == (24 + lanes - 1) / lanes);
        ax::default_environment env;
        const auto s = g.run(env);
        INFO(s.status.error.message());
        REQUIRE(s.ok());
        check_exchange(env, 1);
        // the compiled path, wavefront by wavefront through the same group
        group h(code, lanes, exchange_shape, ax::group_place{{1, 0, 0}, {3, 1, 1}});
        ax::default_environment env2;
        REQUIRE(h.run_with(env2, [](ax::machine<W>& m, ax::default_environment& e) { return ax::compiled<exchange_ops, W>::run(m, e); }).ok());
        CHECK(env2.memory == env.memory);
        for (std::uint32_t t = 0; t < 24; ++t) CHECK(h.read(reg_type::temp, 5, t) == g.read(reg_type::temp, 5, t));
    }
}

TEST_CASE("amdil group: one wavefront alone passes its barriers; a machine alone is work-items 0..W-1", "[amdil][exec][group]") {
    const std::vector<am::instruction> code(exchange_ops.instructions.begin(), exchange_ops.instructions.end());
    ax::machine<W> m(code);
    ax::default_environment env;
    REQUIRE(m.run(env).ok());
    CHECK(!m.paused());
    for (std::uint32_t t = 0; t < W; ++t) CHECK(m.read(reg_type::temp, 0, t)[0] == t);
    // a group larger than the executor holds is refused, not cut
    group big(code, W, ax::group_shape{{1024, 1024, 1}, true});
    ax::default_environment env2;
    CHECK(big.run(env2).status.error.code == ctisa::error_code::not_executable);
}

TEST_CASE("amdil group: a barrier in divergent flow releases the wavefronts together, never hangs", "[amdil][exec][group]") {
    // work-items 0-4 meet at the barrier inside the if, the others at the one after it
    const auto code = program(
        "il_cs_2_0\ndcl_literal l0, 0x00000005, 0x00000001, 0x00000000, 0x00000000\nmov r0, threadidingroupflat0\nilt r1, r0.x, l0.x\n"
        "if_logicalnz r1.x\nfence_threads_memory\nendif\nfence_threads_memory\niadd r2, r0, l0.y\nend\n");
    group g(code, 4, exchange_shape);
    ax::default_environment env;
    const auto s = g.run(env, 1000);
    INFO(s.status.error.message());
    REQUIRE(s.ok());
    for (std::uint32_t t = 0; t < 24; ++t) CHECK(g.read(reg_type::temp, 2, t)[0] == t + 1);
    for (std::size_t k = 0; k < g.wavefronts(); ++k) CHECK(!g.wavefront(k).paused());
}

// --- real kernels against plain C++ ------------------------------------------------------------

namespace {

const std::string real_dir = ctisa_test::shared_path("reference/real/amdil/");

// A real program as `ctisa asm` reads it (the whole-program checks included).
std::vector<am::instruction> real_program(const std::string& name) {
    const std::string text = ctisa_test::read_file(real_dir + name);
    ctisa::statement_list<am::isa> out;
    std::string first;
    const auto e = ctisa::read_statements<am::isa>(text, out, [&](const ctisa::error& x) {
        if (first.empty()) first = std::to_string(x.line) + ":" + std::to_string(x.column) + ": " + std::string(x.message());
    });
    INFO(name << ":" << first);
    REQUIRE_FALSE(e.failed());
    return out.statements;
}

// Pseudo-random floats in [-2, 2), the same on every machine.
float value_of(std::uint32_t i) { return static_cast<float>((i * 2654435761u >> 20) % 4096) / 1024.0f - 2.0f; }

}  // namespace

// amd-spl's FFT kernel (src/fft/il/fft_il.h line 10): work-item t of group G reads eight elements
// g[512 G + t + 64 k], each two complex numbers (x + iy, z + iw), and writes their 8-point DFTs in
// natural order to the same elements.
TEST_CASE("amdil real kernels: an FFT stage computes the 8-point DFT of g[] (amd-spl fft_il.h)", "[amdil][exec][group][real]") {
    const auto code = real_program("amd-spl__src_fft_il_fft_il.h__L10.il");
    for (const std::size_t lanes : {4u, 16u}) {
        for (const std::uint32_t id : {0u, 1u}) {
            INFO("lanes " << lanes << ", group " << id);
            group g(code, lanes, ax::group_place{{id, 0, 0}, {2, 1, 1}});
            REQUIRE(g.threads() == 64);
            ax::default_environment env;
            for (std::uint32_t e = 0; e < 1024; ++e)
                set_element(env, e, {value_of(4 * e), value_of(4 * e + 1), value_of(4 * e + 2), value_of(4 * e + 3)});
            const auto s = g.run(env);
            INFO(s.status.error.message());
            REQUIRE(s.ok());
            for (std::uint32_t t = 0; t < 64; ++t) {
                const std::uint32_t base = 512 * id + t;
                for (unsigned half = 0; half < 2; ++half)
                    for (std::uint32_t j = 0; j < 8; ++j) {
                        std::complex<double> x = 0;
                        for (std::uint32_t k = 0; k < 8; ++k) {
                            const std::uint32_t e = base + 64 * k;
                            const std::complex<double> in(value_of(4 * e + 2 * half), value_of(4 * e + 2 * half + 1));
                            x += in * std::polar(1.0, -2.0 * std::numbers::pi * j * k / 8.0);
                        }
                        const auto out = element(env, base + 64 * j);
                        INFO("t " << t << " j " << j << " half " << half);
                        CHECK(word_float(out[2 * half]) == Approx(x.real()).margin(1e-5));
                        CHECK(word_float(out[2 * half + 1]) == Approx(x.imag()).margin(1e-5));
                    }
            }
        }
    }
}

// OCTK's matrix product of matrices split into 8 parts (Kernels.XML line 1835, 'C := A*B'): pixel
// (x, y) writes rows o0..o7 of an 8x4 block of C, o_r = sum over k < cb0[0].x of
// A_r(k, y)[q] * B_{8 + 4 (k mod 2) + q}(x, floor(k / 2)), q = 0..3 (resources 0-7 hold A's eight
// parts, 8-15 B's two blocks of four rows), the textures unnormalised and point-sampled.
TEST_CASE("amdil real kernels: a GEMM block kernel multiplies its textures (OCTK Kernels.XML)", "[amdil][exec][real]") {
    const auto code = real_program("A2Community__OCTK_Kernels.XML__L1835.il");
    constexpr std::uint32_t width = 4, height = 2, depth = 6;  // pixels 4 x 2, A.physWidth 6 (three loop turns)
    ax::default_environment env;
    const auto texel = [](std::uint32_t r, std::uint32_t x, std::uint32_t y, unsigned c) { return value_of(((r * 64 + y) * 64 + x) * 4 + c); };
    for (std::uint32_t r = 0; r < 8; ++r)  // A_r: depth x height texels
        for (std::uint32_t y = 0; y < height; ++y)
            for (std::uint32_t k = 0; k < depth; ++k)
                env.resources[r].set(k, y, {bits(texel(r, k, y, 0)), bits(texel(r, k, y, 1)), bits(texel(r, k, y, 2)), bits(texel(r, k, y, 3))});
    for (std::uint32_t r = 8; r < 16; ++r)  // B parts: width x depth/2 texels
        for (std::uint32_t i = 0; i < depth / 2; ++i)
            for (std::uint32_t x = 0; x < width; ++x)
                env.resources[r].set(x, i, {bits(texel(r, x, i, 0)), bits(texel(r, x, i, 1)), bits(texel(r, x, i, 2)), bits(texel(r, x, i, 3))});
    ax::machine<W> m(code, width * height);
    m.set_element(reg_type::const_buff, 0, 0, vbits(static_cast<float>(depth), 0, 0, 0));
    for (std::uint32_t lane = 0; lane < width * height; ++lane)
        m.set(reg_type::wincoord, 0, lane, vbits(static_cast<float>(lane % width) + 0.5f, static_cast<float>(lane / width) + 0.5f, 0, 1));
    const auto s = m.run(env);
    INFO(s.error.message());
    REQUIRE(s.ok());
    for (std::uint32_t lane = 0; lane < width * height; ++lane) {
        const std::uint32_t x = lane % width, y = lane / width;
        for (unsigned row = 0; row < 8; ++row)
            for (unsigned c = 0; c < 4; ++c) {
                double sum = 0;
                for (std::uint32_t k = 0; k < depth; ++k)
                    for (unsigned q = 0; q < 4; ++q) sum += double{texel(row, k, y, q)} * texel(8 + 4 * (k % 2) + q, x, k / 2, c);
                INFO("pixel " << x << "," << y << " o" << row << " component " << c);
                CHECK(word_float(m.read(reg_type::output, row, lane)[c]) == Approx(sum).margin(1e-4));
            }
    }
}

// OCTK's FIR filter over lines (Kernels.XML line 2580, 'y[k] = sum_m(h[m]*x[k+m])'): pixel (x, row)
// writes y[4x + j], j = 0..3, = sum over m < 5 of h[m] * in[4x + j - hotSpot + m], the line's values
// packed four to a texel of resource 0 (0 outside it), cb0 the coefficients as its comments lay them
// out, cb1[0].x the hot spot; its samples reach the next texels with _aoffimmi(1,0,0), (2,0,0).
TEST_CASE("amdil real kernels: a FIR filter convolves its line (OCTK Kernels.XML)", "[amdil][exec][real]") {
    const auto code = real_program("A2Community__OCTK_Kernels.XML__L2580.il");
    constexpr std::uint32_t texels = 4, rows = 2;
    constexpr float h[5] = {0.5f, -1.25f, 2.0f, 0.75f, -0.375f};
    const auto input = [](std::uint32_t row, std::int64_t i) {
        return i < 0 || i >= 4 * texels ? 0.0f : value_of(row * 64 + static_cast<std::uint32_t>(i));
    };
    ax::default_environment env;
    for (std::uint32_t row = 0; row < rows; ++row)
        for (std::uint32_t t = 0; t < texels; ++t)
            env.resources[0].set(t, row, vbits(input(row, 4 * t), input(row, 4 * t + 1), input(row, 4 * t + 2), input(row, 4 * t + 3)));
    for (const std::uint32_t hot : {0u, 2u, 3u}) {
        INFO("hot spot " << hot);
        ax::machine<W> m(code, texels * rows);
        for (std::uint32_t j = 0; j < 4; ++j) {  // row 2j: h shifted right by j; row 2j + 1: what follows
            float c[8] = {};
            for (std::uint32_t k = 0; k < 5; ++k) c[j + k] = h[k];
            m.set_element(reg_type::const_buff, 0, 2 * j, vbits(c[0], c[1], c[2], c[3]));
            m.set_element(reg_type::const_buff, 0, 2 * j + 1, vbits(c[4], c[5], c[6], c[7]));
        }
        m.set_element(reg_type::const_buff, 1, 0, vbits(static_cast<float>(hot), 0, 0, 0));
        for (std::uint32_t lane = 0; lane < texels * rows; ++lane)
            m.set(reg_type::wincoord, 0, lane, vbits(static_cast<float>(lane % texels) + 0.5f, static_cast<float>(lane / texels) + 0.5f, 0, 1));
        const auto s = m.run(env);
        INFO(s.error.message());
        REQUIRE(s.ok());
        for (std::uint32_t lane = 0; lane < texels * rows; ++lane) {
            const std::uint32_t x = lane % texels, row = lane / texels;
            for (std::uint32_t j = 0; j < 4; ++j) {
                double y = 0;
                for (std::int64_t k = 0; k < 5; ++k) y += double{h[k]} * input(row, std::int64_t{4 * x + j} - hot + k);
                INFO("pixel " << x << " row " << row << " y[" << 4 * x + j << "]");
                CHECK(word_float(m.read(reg_type::output, 0, lane)[j]) == Approx(y).margin(1e-5));
            }
        }
    }
}

// amd-spl's bitonic-sort initialisation (sandbox/BitonicInitIL.il): every pixel writes cb0[0].
TEST_CASE("amdil real kernels: the bitonic sort's init kernel writes its constant (amd-spl)", "[amdil][exec][real]") {
    const auto code = real_program("amd-spl__sandbox_BitonicInitIL.il");
    ax::machine<W> m(code, 8);
    m.set_element(reg_type::const_buff, 0, 0, vbits(1.5f, -2.0f, 0x1p-20f, 7.0f));
    REQUIRE(m.run().ok());
    for (std::size_t lane = 0; lane < 8; ++lane) CHECK(m.read(reg_type::output, 0, lane) == vbits(1.5f, -2.0f, 0x1p-20f, 7.0f));
}

// amd-spl's FFT preprocessing (src/fft/il/preprocess_il.h line 10): work-item t (rows of w =
// cb0[0].x / 2 work-items) samples texel (t mod w, t div w) of resources 0 and 1 (a and b) and
// stores (a.xy, b.xy) at g[p(2t)] and (a.zw, b.zw) at g[p(2t + 1)], p the reordering its comments
// give: Z = pos mod D, X = (pos / D) mod W, Y = (pos / D / W) mod H, TileID = pos / D / W / H,
// pos' = ((X + TileID W) H + Y) D + Z (W, H, D powers of two: cb0[1] their logarithms, cb0[2] masks).
TEST_CASE("amdil real kernels: the FFT's preprocessing reorders its input (amd-spl preprocess_il.h)", "[amdil][exec][group][real]") {
    const auto code = real_program("amd-spl__src_fft_il_preprocess_il.h__L10.il");
    constexpr std::uint32_t w = 8;                   // cb0[0].x = 16: rows of 8 work-items
    constexpr std::uint32_t lw = 1, lh = 2, ld = 3;  // the transpose's W, H, D: 2, 4, 8 (log2)
    ax::default_environment env;
    const auto texel = [](std::uint32_t r, std::uint32_t i, unsigned c) { return value_of((r * 1024 + i) * 4 + c); };
    for (std::uint32_t r = 0; r < 2; ++r)
        for (std::uint32_t i = 0; i < 64; ++i)
            env.resources[r].set(i % w, i / w, vbits(texel(r, i, 0), texel(r, i, 1), texel(r, i, 2), texel(r, i, 3)));
    group g(code, 16);
    REQUIRE(g.threads() == 64);
    g.set_element(reg_type::const_buff, 0, 0, {16, 0, 0, 0});
    g.set_element(reg_type::const_buff, 0, 1, {lw, lh, ld, 0});
    g.set_element(reg_type::const_buff, 0, 2, {(1u << lw) - 1, (1u << lh) - 1, (1u << ld) - 1, 0});
    const auto s = g.run(env);
    INFO(s.status.error.message());
    REQUIRE(s.ok());
    const auto moved = [&](std::uint32_t pos) {
        const std::uint32_t z = pos % (1u << ld), x = (pos >> ld) % (1u << lw), y = (pos >> ld >> lw) % (1u << lh), tile = pos >> ld >> lw >> lh;
        return ((((x + (tile << lw)) << lh) + y) << ld) + z;
    };
    for (std::uint32_t t = 0; t < 64; ++t) {
        INFO("work-item " << t);
        const auto a = [&](unsigned c) { return bits(texel(0, t, c)); };
        const auto b = [&](unsigned c) { return bits(texel(1, t, c)); };
        CHECK(element(env, moved(2 * t)) == std::array<std::uint32_t, 4>{a(0), a(1), b(0), b(1)});
        CHECK(element(env, moved(2 * t + 1)) == std::array<std::uint32_t, 4>{a(2), a(3), b(2), b(3)});
    }
}

// The FFT kernels that exchange data through LDS (lds_write_vec, fence_lds, lds_read_vec_neighborExch
// between the work-items of a 64-lane wavefront) give the same g[] at every lane count.
TEST_CASE("amdil real kernels: LDS exchanges give the same results at any lane count", "[amdil][exec][group][real]") {
    const auto code = real_program("amd-spl__src_fft_il_fft_il.h__L801.il");
    std::map<std::pair<ax::memory_space, std::uint32_t>, std::vector<std::uint32_t>> first;
    for (const std::size_t lanes : {4u, 8u, 16u}) {
        INFO("lanes " << lanes);
        group g(code, lanes);
        REQUIRE(g.threads() == 64);
        ax::default_environment env;
        for (std::uint32_t e = 0; e < 512; ++e)
            set_element(env, e, {value_of(4 * e), value_of(4 * e + 1), value_of(4 * e + 2), value_of(4 * e + 3)});
        const auto s = g.run(env);
        INFO(s.status.error.message());
        REQUIRE(s.ok());
        if (first.empty()) first = env.memory;
        else CHECK(env.memory == first);
    }
}

// Every public program assembles and runs to its end with default inputs (zeros; a compute kernel
// as one group of its declared size). Templates with a {PLACEHOLDER} are not IL.
TEST_CASE("amdil real programs: every one runs to its end with default inputs", "[amdil][exec][group][real]") {
    std::vector<std::string> names;
    for (const auto& f : std::filesystem::directory_iterator(real_dir))
        if (f.path().extension() == ".il") names.push_back(f.path().filename().string());
    std::sort(names.begin(), names.end());
    std::size_t ran = 0, templates = 0;
    for (const std::string& name : names) {
        if (std::regex_search(ctisa_test::read_file(real_dir + name), std::regex(R"(\{[A-Z_]+\})"))) {
            ++templates;
            continue;
        }
        const auto code = real_program(name);
        group g(code, W);
        ax::default_environment env;
        const auto s = g.run(env);
        INFO(name << ": " << s.status.error.message() << " (wavefront " << s.wavefront << ", byte " << s.status.error.offset << ")");
        CHECK(s.ok());
        ran += s.ok();
    }
    std::printf("amdil real programs: %zu of %zu run to their end (%zu templates skipped)\n", ran, names.size() - templates, templates);
    CHECK(ran + templates == names.size());
    CHECK(ran >= 60);
}
