// SPDX-License-Identifier: MIT
// The error kinds only Cayman has (the general ones: ctisa/core/error.hpp): chapter 4's rules for an
// ALU instruction group, and the layout of a whole program.
#pragma once

#include "../core/error.hpp"

namespace ctisa::cayman::errors {

CTISA_ERROR_KIND(group_size, "an ALU instruction group holds one to four instructions");
CTISA_ERROR_KIND(last_bit, "LAST is set on the last instruction of an ALU group and on no other");
CTISA_ERROR_KIND(slot_taken, "two instructions of an ALU group write the same channel: one instruction per slot");
CTISA_ERROR_KIND(slot_order, "the instructions of an ALU group come in slot order X, Y, Z, W (their DST_CHAN)");
CTISA_ERROR_KIND(slot_shape,
                 "this instruction fills more slots with the same instruction: reductions and Cayman's integer "
                 "multiplies all four, transcendentals X, Y and Z, 64-bit ops X,Y or Z,W (or all four)");
CTISA_ERROR_KIND(reduction_modifiers, "the four instructions of a reduction have the same OMOD and CLAMP");
CTISA_ERROR_KIND(literal_count, "an ALU group has the literal dwords its sources read: none, two (X, Y) or four (Z, W)");
CTISA_ERROR_KIND(literal_conflict, "two sources of an ALU group name one literal dword (its channel) with different values");
CTISA_ERROR_KIND(predicate_coissue, "at most one PRED_SET* or KILL* instruction in an ALU group");
CTISA_ERROR_KIND(predicate_bits, "UPDATE_PRED and UPDATE_EXEC_MASK are for PRED_SET* and KILL* instructions");
CTISA_ERROR_KIND(mova_with_ar_index, "MOVA* cannot share an ALU group with AR-relative addressing");
CTISA_ERROR_KIND(mova_count, "at most one MOVA* instruction in an ALU group (4.9.5)");
CTISA_ERROR_KIND(mova_write, "a MOVA* instruction writes no GPR: its WRITE_MASK is clear (4.9.5)");
CTISA_ERROR_KIND(mova_pv_read, "the group after a MOVA* does not read the MOVA's PV channel (4.9.5)");
CTISA_ERROR_KIND(destination_channel, "the destination's channel is its slot's (x: writes .x): DST_CHAN chooses the slot");
CTISA_ERROR_KIND(kcache_index, "a relative kcache constant uses INDEX_MODE LOOP: AR cannot index kcache constants (4.6.1)");
CTISA_ERROR_KIND(gpr_read_port, "GPR read-port conflict: two GPRs of the same element on one cycle (choose another BANK_SWIZZLE)");
CTISA_ERROR_KIND(constant_read_port, "an ALU group reads at most two kcache address and channel-pair combinations");

// A whole program's layout (program.hpp's decode_program).
CTISA_ERROR_KIND(missing_end, "the CF program runs off the image without an END instruction");
CTISA_ERROR_KIND(extended_without_clause, "ALU_EXTENDED must be followed by an ALU clause instruction");
CTISA_ERROR_KIND(clause_out_of_range, "the clause lies outside the image or inside the CF program");
CTISA_ERROR_KIND(clause_overlap, "two clauses overlap");
CTISA_ERROR_KIND(clause_misaligned, "a fetch clause starts on a 16-byte boundary");
CTISA_ERROR_KIND(missing_last, "an ALU clause ends inside an instruction group (no LAST bit)");
CTISA_ERROR_KIND(stray_data, "nonzero bytes that no CF instruction or clause refers to");
CTISA_ERROR_KIND(target_out_of_range, "a CF address beyond the CF program");
CTISA_ERROR_KIND(not_a_clause, "a shared clause names a CF line that starts a clause of the same kind itself");
CTISA_ERROR_KIND(clause_too_long, "a texture-cache clause holds 1 to 16 instructions (table 3.2)");

// An ALU clause's rules (layout.hpp).
CTISA_ERROR_KIND(kcache_not_locked,
                 "the source reads a kcache constant outside the lines the clause locks (KCACHE_MODE: LOCK_1 locks "
                 "constants 0-15 of the bank, LOCK_2 0-31; banks 2 and 3 need ALU_EXTENDED)");
CTISA_ERROR_KIND(kill_outside_pixel, "only a pixel shader (PS) executes KILL instructions (4.8.1)");
CTISA_ERROR_KIND(call_fs_outside_vertex, "only a vertex shader (VS) calls a fetch subroutine (CALL_FS)");
CTISA_ERROR_KIND(kill_not_last, "a KILL* instruction ends its ALU clause: its group is the clause's last");

// A statement built by hand (syntax.hpp's check_statement).
CTISA_ERROR_KIND(role_mismatch,
                 "the statement's role is not its instruction's: a CF line holds a CF, CF_ALU or CF_ALLOC_EXPORT "
                 "instruction, an ALU line an ALU_OP2, ALU_OP3 or LDS_IDX_OP one, a fetch line a TEX, VTX, MEM_RD, GDS or TF one");

}  // namespace ctisa::cayman::errors
