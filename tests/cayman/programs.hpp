// SPDX-License-Identifier: MIT
// Shared by Cayman's tests: an instruction from named fields, and three realistic programs as
// layout items (a vertex shader with a vertex fetch and exports, a pixel shader with a texture
// fetch and KILL, a compute kernel with a loop, LDS, a GDS clause and a UAV store).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

#include <ctisa/cayman/layout.hpp>

namespace cayman_programs {

namespace cm = ctisa::cayman;
using field_values = std::initializer_list<std::pair<std::string_view, std::uint32_t>>;
using c = cm::category;

// The tests' random mutations: a 64-bit LCG's high bits, deterministic from its seed.
struct lcg {
    std::uint64_t state;
    std::uint32_t operator()() {
        state = state * 6364136223846793005u + 1442695040888963407u;
        return static_cast<std::uint32_t>(state >> 33);
    }
};

inline cm::instruction ins(c cat, std::string_view mnemonic, field_values values = {}) {
    cm::instruction in = cm::make(*cm::find_opcode(cat, mnemonic));
    for (const auto& [field, value] : values) in = cm::set(in, field, value).value();
    return in;
}

inline std::vector<cm::cf_item> vertex_shader() {
    cm::alu_group dot;
    for (std::uint32_t ch = 0; ch < 4; ++ch)
        dot.slots.push_back(ins(c::alu_op2, "DOT4",
                                {{"DST_GPR", 2},
                                 {"DST_CHAN", ch},
                                 {"SRC0_SEL", 1},
                                 {"SRC0_CHAN", ch},
                                 {"SRC1_SEL", 128},
                                 {"SRC1_CHAN", ch},
                                 {"WRITE_MASK", ch == 0},
                                 {"LAST", ch == 3}}));
    cm::alu_group consts{{ins(c::alu_op2, "MOV", {{"DST_GPR", 3}, {"SRC0_SEL", 253}, {"WRITE_MASK", 1}}),
                          ins(c::alu_op2, "MOV", {{"DST_GPR", 3}, {"DST_CHAN", 1}, {"SRC0_SEL", 248}, {"WRITE_MASK", 1}, {"LAST", 1}})},
                         {0x3F800000u, 0}};
    return {
        {ins(c::cf, "TC"),
         {},
         {ins(c::vtx, "FETCH", {{"DST_GPR", 1}, {"DST_SEL_Y", 1}, {"DST_SEL_Z", 2}, {"DST_SEL_W", 3}, {"DATA_FORMAT", 35}})}},
        {ins(c::cf_alu, "ALU", {{"KCACHE_MODE0", 1}}), {dot, consts}, {}},
        {ins(c::cf_alloc_export, "EXPORT", {{"TYPE", 1}, {"ARRAY_BASE", 60}, {"RW_GPR", 2}, {"SEL_Y", 1}, {"SEL_Z", 2}, {"SEL_W", 3}}), {}, {}},
        {ins(c::cf_alloc_export, "EXPORT_DONE", {{"TYPE", 2}, {"RW_GPR", 3}, {"SEL_Y", 1}, {"SEL_Z", 4}, {"SEL_W", 5}}), {}, {}},
        {ins(c::cf, "END"), {}, {}},
    };
}

inline std::vector<cm::cf_item> pixel_shader() {
    cm::alu_group kill{{ins(c::alu_op2, "KILLGT", {{"SRC0_SEL", 252}, {"SRC1_SEL", 1}, {"SRC1_CHAN", 3}, {"LAST", 1}})}, {}};
    return {
        {ins(c::cf, "TC"),
         {},
         {ins(c::tex, "SAMPLE",
              {{"DST_GPR", 1},
               {"DST_SEL_Y", 1},
               {"DST_SEL_Z", 2},
               {"DST_SEL_W", 3},
               {"SRC_SEL_Y", 1},
               {"COORD_TYPE_X", 1},
               {"COORD_TYPE_Y", 1}})}},
        {ins(c::cf_alu, "ALU_PUSH_BEFORE"), {kill}, {}},
        {ins(c::cf_alloc_export, "EXPORT_DONE", {{"TYPE", 0}, {"RW_GPR", 1}, {"SEL_Y", 1}, {"SEL_Z", 2}, {"SEL_W", 3}}), {}, {}},
        {ins(c::cf, "END"), {}, {}},
    };
}

inline std::vector<cm::cf_item> compute_kernel() {
    cm::alu_group write{{ins(c::lds_idx_op, "LDS_WRITE", {{"SRC0_SEL", 0}, {"SRC1_SEL", 1}, {"LAST", 1}})}, {}};
    cm::alu_group read{{ins(c::lds_idx_op, "LDS_READ_RET", {{"SRC0_SEL", 0}, {"LAST", 1}})}, {}};
    cm::alu_group take{{ins(c::alu_op2, "MOV", {{"DST_GPR", 2}, {"SRC0_SEL", 221}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {}};
    cm::alu_group step{{ins(c::alu_op2, "ADD_INT", {{"SRC0_SEL", 0}, {"SRC1_SEL", 250}, {"WRITE_MASK", 1}, {"LAST", 1}})}, {}};
    return {
        {ins(c::cf, "LOOP_START_DX10", {{"ADDR", 4}}), {}, {}},
        {ins(c::cf_alu, "ALU"), {write, read, take}, {}},
        {ins(c::cf_alu, "ALU"), {step}, {}},
        {ins(c::cf, "LOOP_END", {{"ADDR", 1}}), {}, {}},
        {ins(c::cf, "GDS"),
         {},
         {ins(c::gds, "GDS_ADD", {{"SRC_GPR", 2}, {"DST_SEL_X", 7}, {"DST_SEL_Y", 7}, {"DST_SEL_Z", 7}, {"DST_SEL_W", 7}})}},
        {ins(c::cf_alloc_export, "MEM_RAT", {{"RAT_INST", 1}, {"RW_GPR", 2}, {"COMP_MASK", 15}}), {}, {}},
        {ins(c::cf, "END"), {}, {}},
    };
}

}  // namespace cayman_programs
