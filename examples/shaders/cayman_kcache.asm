# Cayman: one ALU group of four slots reads R1 and the constant buffer locked as KC0 (R2 =
# R1.x * c.x, R1.y * c.y, R1.x + R1.y, a literal 1.0); the next group adds two of its results
# through PV; R2 is exported as parameter 0.
00 ALU KCACHE_MODE0(LOCK_1)
    x: MUL R2.x, R1.x, KC0[0].x
    y: MUL R2.y, R1.y, KC0[0].y
    z: ADD R2.z, R1.x, R1.y
    w: MOV R2.w, LITERAL.x LAST(1)
    LITERAL 0x3F800000 0x00000000
01 ALU
    x: ADD R3.x, PV.x, PV.z LAST(1)
02 EXPORT_DONE TYPE(PARAM) RW_GPR(2) SEL_Y(Y) SEL_Z(Z) SEL_W(W)
03 END
