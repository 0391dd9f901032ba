// SPDX-License-Identifier: MIT
// Which opcodes the Cayman executor runs, and why not the others: the reference page's
// "reference executor" column (`ctisa doc cayman`) and the tests' counts read it.
#pragma once

#include <string_view>

#include "descriptor.hpp"

namespace ctisa::cayman::exec {

// Why the executor does not run `op` (empty when it does).
[[nodiscard]] constexpr std::string_view not_executed(opcode op) noexcept {
    switch (op) {
        case opcode::alu_op2_interp_xy:
        case opcode::alu_op2_interp_zw:
        case opcode::alu_op2_interp_x:
        case opcode::alu_op2_interp_z:
        case opcode::alu_op2_interp_load_p0:
        case opcode::alu_op2_interp_load_p10:
        case opcode::alu_op2_interp_load_p20: return "interpolation: the parameter cache and the barycentrics are not modelled";
        case opcode::alu_op2_store_flags:
        case opcode::alu_op2_load_store_flags: return "the exception flags are not modelled";
        case opcode::alu_op2_set_mode: return "only the default rounding (nearest even) and denormal modes are modelled";
        case opcode::alu_op2_set_lds_size: return "the LDS size is the environment's (lds_size)";
        case opcode::cf_call_fs: return "the fetch shader's address is host state (SQ_PGM_START_FS), outside the program image";
        case opcode::vtx_semantic: return "a semantic fetch's GPR comes from the host's semantic table, which is not modelled";
        case opcode::mem_rd_mem_rd_scratch:
        case opcode::mem_rd_mem_rd_scatter: return "memory reads in a fetch clause are not executed yet";
        case opcode::cf_gds: return "global data share clauses are not executed";
        case opcode::cf_global_wave_sync: return "global wave sync works across wavefronts; the executor runs one";
        case opcode::cf_jumptable: return "jump tables are not executed";
        case opcode::cf_jump_any: return "table 3.7 contradicts itself on when JUMP_ANY jumps";
        case opcode::cf_interrupt:
        case opcode::cf_interrupt_and_sleep: return "no host to interrupt in a reference run";
        case opcode::cf_alloc_export_mem_rat:
        case opcode::cf_alloc_export_mem_rat_cacheless:
        case opcode::cf_alloc_export_mem_rat_combined:
        case opcode::cf_alloc_export_mem_rat_combined_cacheless:
            return "RAT writes need the UAV's format (host resource state) and the atomics a read-modify-write memory with returns; not modelled";
        default: break;
    }
    switch (info(op).cat) {
        case category::alu_op2:
        case category::alu_op3:
        case category::lds_idx_op:
        case category::cf:
        case category::cf_alu:
        case category::cf_alloc_export:
        case category::tex:
        case category::vtx: return {};
        case category::rat: return "a RAT_INST of MEM_RAT*, which does not run";
        case category::gws: return "a GWS_OPCODE of GLOBAL_WAVE_SYNC, which does not run";
        default: return "global data share clauses (GDS, TF) are not executed";
    }
}

}  // namespace ctisa::cayman::exec
