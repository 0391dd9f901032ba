# Per lane: t = clamp(r0, 0, 1); r3 = mix(u0, u1, t) = u0 + t * (u1 - u0); t and r3 packed as two
# binary16 values in r4; r5 = the lane's id where r3 > u2, all ones elsewhere.
FADD.f32.clamp_0_1 r1, r0, 0x0
FADD.f32 r2, u1, u0.neg
FMA.f32 r3, r1, r2, u0
V2F32_TO_V2F16 r4, r1, r3
MOV.i32.id r7, lane_id
FCMP.f32.gt.m1 r6, r3, u2, 0x0
IADD_IMM.i32 r5, 0x0, #0xFFFFFFFF
CSEL.u32.ne r5, r6, 0x0, r7, r5
