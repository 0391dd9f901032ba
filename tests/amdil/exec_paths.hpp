// SPDX-License-Identifier: MIT
// The programs the AMD IL path tests run both ways (interpreter, compiled path) and the comparison:
// every instruction the executor runs is in one of them (exec_paths_test.cpp checks that).
#pragma once

#include <cstring>
#include <random>

#include "exec_support.hpp"

namespace amdil_exec_test {

inline constexpr ctisa::fixed_string float_text{R"(il_ps_2_0
dcl_input_generic v0
dcl_input_generic v1
dcl_input_generic v2
dcl_literal l0, 0x3F800000, 0x40000000, 0x00000000, 0xBF000000
add r0, v0, v1
sub r1, v0, v1_neg(xw)
mul r2, v0, v1
mul_ieee r3, v0.yxwz, v1
mad r4, v0, v1, v2
mad_ieee_sat r5, v0, v1, v2
div r6, v0, v1
div_zeroop(infinity) r7, v0, v1
div_zeroop(zero) r8, v0, v1
dp2 r9, v0, v1
dp3_ieee r10, v0, v1
dp4 r11, v0_abs, v1
dp2add r12, v0, v1, v2
max r13, v0, v1
min_ieee r14, v0, v1
max_ieee r15, v0, v1
min r16, v0, v1
clamp r17, v0, v1, v2
lrp r18, v0, v1, v2
mov_x2 r19, v0_invert_bias
abs r20, v0
sgn r21, v0_sign
frc r22, v0
flr r23, v0
round_nearest r24, v0
round_neginf r25, v1
round_plusinf r26, v0
round_z r27, v1
rnd r28, v0
eq r29, v0, v1
ge r30, v0, v1
lt r31, v0, v1
ne r32, v0, v1
set_relop(le) r33, v0, v1
cmov r34, v0, v1
cmov_logical r35, v0, v1, v2
exp r36, v0
exp_vec r37, v1
mov r38, v0
log r39, v0
log_vec r40, v1
ln_zeroop(infinity) r41, v0
rcp r42, v0
rcp_vec r43, v1
rsq r44, v0
rsq_vec r45, v1
sqrt r46, v0_abs
sqrt_vec r47, v1
sin r48, v0
cos r49, v0
sin_vec r50, v1
cos_vec r51, v1
tan r52, v0
asin r53, v0
acos r54, v1
atan r55, v0
sincos r56.xy01, v0
crs r57, v0, v1
dist r58, v0, v1
len r59, v0
dsx r60, v0
dsy r61, v1
fwidth r62, v2
invariant_move r63, v0_divcomp(w)
mov_d2 r64, v0.x01w_clamp
mov r65.x_1_, l0
dst r66, v0, v1
lit r67, v0
expp r68, v1
dxsincos r69, v0, v1, v2
exn r70, v0
pow r71, v0, v1
fma r72, v0, v1, v2
cmp_relop(ge)_cmpval(0.5) r73, v0, v1, v2
colorclamp r74, v0
project r75, v0_divcomp(z)
faceforward r76, v0, v1, v2
logp_zeroop(infinity) r77, v0
mod r78, v0, v1
nrm r79, v0
pireduce r80, v0
reflect r81, v0, v1
det r82, v0
mmul_matrix(0) r83, v0, v1
mmul_matrix(4) r84.xy_1, v1, v0_abs
transpose r85, v0
kill v0
end
)"};

// A vertex shader: it reads a VERTEX register (initv vertex3), which Table 5.7 says 'Cannot be used in
// pixel shader' (amdil.toml [register_text.rules]); nothing else in it depends on the shader type.
inline constexpr ctisa::fixed_string integer_text{R"(il_vs_2_0
dcl_input_generic v0
dcl_input_generic v1
dcl_input_generic v2
dcl_indexed_temp_array x0[3]
inot r0, v0
ior r1, v0, v1
ixor r2, v0, v1
iand r3, v0, v1
iadd r4, v0, v1_neg(y)
imad r5, v0, v1, v2
imax r6, v0, v1
imin r7, v0, v1
imul r8, v0, v1
imul_high r9, v0, v1
ieq r10, v0, v1
ige r11, v0, v1
ilt r12, v0, v1
inegate r13, v0
ine r14, v0, v1
ishl r15, v0, v1
ishr r16, v0, v1
ushr r17, v0, v1
udiv r18, v0, v1
umod r19, v0, v1
umad r20, v0, v1, v2
umax r21, v0, v1
umin r22, v0, v1
ult r23, v0, v1
uge r24, v0, v1
umul r25, v0, v1
umul_high r26, v0, v1
ftoi r27, v0
ftou r28, v1
itof r29, v0
utof r30, v1
icbits r31, v0
ifirstbit r32, v0
icarry r33, v0, v1
iborrow r34, v0, v1
ibit_extract r35, v0, v1, v2
ubit_extract r36, v0, v1, v2
ubit_reverse r37, v0
ubit_insert r38, v0, v1, v2, v0
umad24 r39, v0, v1, v2
umul24 r40, v0, v1
imad24 r41, v0, v1, v2
umul24_high r47, v0, v1
f2f16 r42, v0
f162f r43, v1
iand r44, v2, v2
mov x0[r44.x+1], v0
mov r45, x0[r44.y+0]
mov r46, x0[2]
dadd r48, v0, v1
dmul r49, v0, v1_neg(y)
ddiv r50, v0, v1
dmad r51, v0, v1, v2
dsqrt r52, v0_abs
drcp r53, v1
drsq r54, v0
dmax r55, v0, v1
dmin r56, v0, v1
dmov r57, v0
dmovc r58, v2, v0, v1
deq r59, v0, v1
dge r60, v0, v1
dlt r61, v0, v1
dne r62, v0, v1
d2f r63, v0
f2d r64.__zw, v1
dfrac r65, v0
dldexp r66, v0, v2
dfrexp r67, v0
i64add r68, v0, v1
i64eq r69, v0, v1
i64ge r70, v0, v1
i64lt r71, v0, v1
i64max r72, v0, v1
i64min r73, v0, v1
i64ne r74, v0, v1
i64negate r75, v0
i64shl r76, v0, v1
i64shr r77, v0, v1
u64ge r78, v0, v1
u64lt r79, v0, v1
u64max r80, v0, v1
u64min r81, v0, v1
u64shr r82, v0, v1
imul24 r83, v0, v1
imul24_high r84, v0, v1
unpack0 r85, v0
unpack1 r86, v0
unpack2 r87, v0
unpack3 r88, v0
bitalign r89, v0, v1, v2
bytealign r90, v0, v1, v2
u4lerp r91, v0, v1, v2
sad r92, v0, v1, v2
sadhi r93, v0, v1, v2
sad4 r94, v0, v1, v2
f2u4 r95, v0
def constfloat0, 0x3F800000, 0x7FC00000, 0x80000000, 0xBF000000
defb constbool1, 5
initv vertex3, v0
noise r96, v0
add r97, constfloat0, v1
mov r99, vertex3
end
)"};

inline constexpr ctisa::fixed_string flow_text{R"(il_ps_2_0
dcl_input_generic v0
dcl_input_generic v1
dcl_output_generic o0
dcl_output_generic o1
dcl_output_generic o2
dcl_output_generic o3
dcl_output_generic o4
dcl_output_generic o5
dcl_literal l0, 1, 0, 3, 100
dcl_literal l1, 0x3F800000, 0x40400000, 0, 0
dcl_struct_uav_id(0) 32
dcl_arena_uav_id(2)
iand r9, v0, l0.z
uav_struct_store r90.xy_w, r9.xyxy, v1
uav_struct_load r10, r9.yxyx
uav_arena_store_id(2)_data_size(1) r9.x, v1.y
uav_arena_load_id(2) r11._y__, r9.z
uav_arena_load_id(2)_data_size(2) r11.x___, r9.w
mov r0, l0.y
if_logicalnz r9.x
  iadd r0, r0, l0.x
else
  iadd r0, r0, l0.w
endif
ifnz r9.y
  iadd r0, r0, l0.x
endif
if_logicalz r9.x
  iadd r0, r0, l0.x
endif
ifc_relop(lt) v1.x, l1.x
  iadd r0, r0, l0.x
endif
mov r1, l0.y
whileloop
  iadd r1, r1, l0.x
  ieq r2, r1, l0.z
  break_logicalnz r2.x
  ieq r2, r1, r9.x
  continue_logicalnz r2.x
  continue_logicalz r2.y
  ine r3, r1, l0.w
  break_logicalz r3.x
  add r4, r4, l1.x
  breakc_relop(ge) r4.x, l1.y
  continuec_relop(lt) r4.x, l1.x
  continue
endloop
loop r9
  iadd r5, r5, l0.x
  break
endloop
switch r9.x
case 0
  iadd r6, r6, l0.x
case 1
  iadd r6, r6, l0.z
  break
default
  iadd r6, r6, l0.w
endswitch
call 1
callnz r9.x, 2
call_logicalz r9.y, 2
call_logicalnz r9.z, 1
call 3
discard_logicalz r9.w
hs_cp_phase
  iadd r8, r8, l0.x
endphase
hs_fork_phase_instances(2)
  iadd r8, r8, shaderinstanceid0
endphase
hs_join_phase_instances(3)
  iadd r8, r8, shaderinstanceid0
endphase
mov o0, r0
mov o1, r1
mov o2, r4
mov o3, r5
mov o4, r6
mov o5, r7
endmain
func 1
  iadd r7, r7, l0.x
  ret_logicalz r9.x
  iadd r7, r7, l0.z
  ret_logicalnz r9.x
  ret
func 2
  iadd r7, r7, l0.w
  ret_dyn
func 3
  iadd r7, r7, l0.x
endfunc
end
)"};

// Memory, sampling and emit through the default environment: addresses kept below 64 bytes (16
// elements) so that lanes meet on the same dwords and the atomics' lane order shows.
inline constexpr ctisa::fixed_string access_text{R"(il_ps_2_0
dcl_input_generic v0
dcl_input_generic v1
dcl_input_generic v2
dcl_struct_srv 32
dcl_lds_id(0) 4096
dcl_gds_id(0) 4096
dcl_typed_uav_id(0) 0
dcl_resource_id(0) 0
dcl_resource_id(1) 0
dcl_resource_id(3) 0
dclpt_stage(0)_type(2d)_coordmode(normalized)
dcl_lds_size_per_thread_size(8)
dcl_literal l0, 0x3C, 0x3F, 0xF, 0x3C
iand r0, v0, l0
lds_store r0.x, v1
lds_store_byte r0.y, v2
lds_store_short r0.y, v1.y
lds_store_vec r90, r0.w, r0.w, v2
lds_add r0.x, v1
lds_sub r0.w, v2
lds_rsub r0.x, v2.y
lds_min r0.w, v1.z
lds_max r0.x, v2.z
lds_umin r0.w, v1.w
lds_umax r0.x, v2.w
lds_and r0.w, v1
lds_or r0.x, v2
lds_xor r0.w, v1.y
lds_inc r0.x, v2.x
lds_dec r0.w, v1.x
lds_mskor r0.x, v1, v2
lds_cmp r0.w, v1, v2
lds_read_add r2, r0.x, v1
lds_read_sub r3, r0.x, v2
lds_read_rsub r4, r0.x, v2.y
lds_read_min r5, r0.x, v1.z
lds_read_max r6, r0.x, v2.z
lds_read_umin r7, r0.x, v1.w
lds_read_umax r8, r0.x, v2.w
lds_read_and r9, r0.x, v1
lds_read_or r10, r0.x, v2
lds_read_xor r11, r0.x, v1.y
lds_read_xchg r12, r0.x, v2.x
lds_read_cmp_xchg r13, r0.w, v1, v2
lds_load r14, r0.x
lds_load_byte r15, r0.y
lds_load_ubyte r16, r0.y
lds_load_short r17, r0.y
lds_load_ushort r18, r0.y
lds_load_vec r19, r0.x, r0.w
gds_store r91, r0.x, v1
gds_add r0.w, v1
gds_sub r0.w, v2
gds_rsub r0.w, v2.y
gds_inc r0.w, v1.z
gds_dec r0.w, v2.z
gds_min r0.w, v1.w
gds_max r0.w, v2.w
gds_umin r0.w, v1
gds_umax r0.w, v2
gds_and r0.w, v1.y
gds_or r0.w, v2.x
gds_xor r0.w, v1.x
gds_mskor r0.x, v2, v1
gds_cmp_store r0.w, v2, v1
gds_read_add r20, r0.x, v1
gds_read_sub r21, r0.x, v2
gds_read_rsub r22, r0.x, v2.y
gds_read_inc r23, r0.x, v1.z
gds_read_dec r24, r0.x, v2.z
gds_read_min r25, r0.x, v1.w
gds_read_max r26, r0.x, v2.w
gds_read_umin r27, r0.x, v1
gds_read_umax r28, r0.x, v2
gds_read_and r29, r0.x, v1.y
gds_read_or r30, r0.x, v2.x
gds_read_xor r31, r0.x, v1.x
gds_read_mskor r32, r0.w, v1, v2
gds_read_cmp_xchg r33, r0.x, v2, v1
gds_load r34, r0.w
uav_add r0.z, v1
uav_sub r0.z, v2
uav_rsub r0.z, v2.y
uav_min r0.z, v1.z
uav_max r0.z, v2.z
uav_umin r0.z, v1.w
uav_umax r0.z, v2.w
uav_and r0.z, v1
uav_or r0.z, v2
uav_xor r0.z, v1.y
uav_uinc r0.z, v2.x
uav_udec r0.z, v1.x
uav_cmp r0.z, v1, v2
uav_read_add r35, r0.z, v1
uav_read_sub r36, r0.z, v2
uav_read_rsub r37, r0.z, v2.y
uav_read_min r38, r0.z, v1.z
uav_read_max r39, r0.z, v2.z
uav_read_umin r40, r0.z, v1.w
uav_read_umax r41, r0.z, v2.w
uav_read_and r42, r0.z, v1
uav_read_or r43, r0.z, v2
uav_read_xor r44, r0.z, v1.y
uav_read_xchg r45, r0.z, v2.x
uav_read_uinc r46, r0.z, v1.x
uav_read_udec r47, r0.z, v1
uav_read_cmp_xchg r48, r0.z, v1, v2
uav_store r0.z, v1
uav_load r49, r0.z
uav_raw_store r92, r0.x, v2
uav_raw_load r50, r0.w
srv_raw_load r51, r0.x
srv_struct_load r52, r0.zwzw
append_buf_alloc r53
append_buf_consume r54
sample_resource(1)_sampler(2) r55, v1
sample_b r56, v1, v2
sample_g r57, v1, v2, v0
sample_l r58, v1, v2
sample_c r59, v1, v2
sample_c_lz r60, v1, v2
sample_c_l r61, v1, v2, v0
sample_c_g r62, v1, v2, v0, v1.yxwz
sample_c_b r63, v1, v2, v0
load_resource(3) r64, v1
resinfo r65, v1
bufinfo r66
lod r67, v1
fetch4 r68, v1
fetch4c r69, v1, v2
fetch4po r70, v1, v2
fetch4poc r71, v1, v2, v0
texld r72, v1
texldb r73, v1
texldd r74, v1, v2, v0
texldms r75, v1
texweight r76, v1
sampleinfo r77
samplepos r78, v1
eval_centroid r79, v1
eval_sample_index r80, v1, v2
eval_snapped r81, v1, v2
memimport_elem(3) r82, v1
memexport_exportstream(2)_elemoffset(1) v1, v2
scatter v1
scatter_control(1) v2
lds_write_vec genericmem0.xy_w, v1
lds_write_vec_loffset(16) genericmem0.x___, v2
lds_read_vec r83, l0.zzzz
lds_read_vec_neighborexch r84, l0.zxzz
init_sr
load_fptr_resource(1) r85, v1
fence
emit
cut
emitthencut
emit_stream
cut_stream
emitcut_stream
end
)"};

// Inputs with the values that separate implementations: NaN, infinities, signed zeros, denormals.
inline std::uint32_t pick(std::mt19937& rng) {
    static constexpr std::uint32_t special[] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x00000001u,
                                                0x3F800000u, 0xBF800000u, 0x40490FDBu, 0x00000003u, 0xFFFFFFFFu, 0x4F800000u};
    const std::uint32_t r = rng();
    return (r & 3u) == 0 ? special[(r >> 2) % std::size(special)] : rng();
}

// Whether every row of every lane holds the same bits; the first difference is reported.
template <std::size_t W>
bool same_rows(const ax::machine<W>& a, const ax::machine<W>& b) {
    for (std::uint32_t r = 0; r < a.registers().rows; ++r)
        if (std::memcmp(a.row(r), b.row(r), sizeof(std::uint32_t) * W) != 0) {
            for (std::size_t l = 0; l < W; ++l)
                if (a.row(r)[l] != b.row(r)[l]) UNSCOPED_INFO("row " << r << " lane " << l << ": " << a.row(r)[l] << " vs " << b.row(r)[l]);
            return false;
        }
    return true;
}

template <const auto& Program, std::size_t W>
void compare_paths(std::uint32_t seed) {
    std::mt19937 rng(seed);
    const std::span<const am::instruction> code(Program.instructions);
    ax::machine<W> interpreted(code), compiled(code);
    for (std::uint32_t v = 0; v < 3; ++v)
        for (std::size_t lane = 0; lane < W; ++lane) {
            const ax::vec4_bits x{pick(rng), pick(rng), pick(rng), pick(rng)};
            interpreted.set(reg_type::input, v, lane, x);
            compiled.set(reg_type::input, v, lane, x);
        }
    const auto a = interpreted.run();
    const auto b = ax::compiled<Program, W>::run(compiled);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(same_rows(interpreted, compiled));
    for (std::size_t lane = 0; lane < W; ++lane) CHECK(interpreted.discarded(lane) == compiled.discarded(lane));
}

// Over the widths given: 4 lanes (one SSE register, a part of an AVX one) and 64 (several blocks
// of several registers) for the programs that cover the instruction set, whose compiled paths cost
// the most to build (16 added little but a third of their build time); the short chain, cheap to
// build, also runs 16 (four SSE registers, one AVX-512 one).
template <const auto& Program, std::size_t... W>
void compare_widths() {
    for (std::uint32_t seed = 1; seed <= 3; ++seed) (compare_paths<Program, W>(seed), ...);
}

}  // namespace amdil_exec_test
