// The error kinds only Cayman has (the general ones: ctisa/core/error.hpp): chapter 4's rules for an
// ALU instruction group.
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
CTISA_ERROR_KIND(literal_count,
                 "an ALU group has the literal dwords its sources read: none, two (X, Y) or four (Z, W)");
CTISA_ERROR_KIND(predicate_coissue, "at most one PRED_SET* or KILL* instruction in an ALU group");
CTISA_ERROR_KIND(predicate_bits, "UPDATE_PRED and UPDATE_EXEC_MASK are for PRED_SET* and KILL* instructions");
CTISA_ERROR_KIND(mova_with_ar_index, "MOVA* cannot share an ALU group with AR-relative addressing");
CTISA_ERROR_KIND(gpr_read_port,
                 "GPR read-port conflict: two GPRs of the same element on one cycle (choose another BANK_SWIZZLE)");
CTISA_ERROR_KIND(constant_read_port, "an ALU group reads at most two kcache address and channel-pair combinations");

}  // namespace ctisa::cayman::errors
