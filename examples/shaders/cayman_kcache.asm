# Cayman, in AMD's listing syntax: one ALU group of four slots reads R1 and constant buffer 0 locked
# as KC0 (R2 = R1.x * c.x, R1.y * c.y, R1.x + R1.y, the literal 1.0); the next group adds two of its
# results through PV0 (the previous group's, by its number); R2 is exported as parameter 0.
00 ALU: KCACHE0(CB0:0-15)
      0  x: MUL R2.x, R1.x, KC0[0].x
         y: MUL R2.y, R1.y, KC0[0].y
         z: ADD R2.z, R1.x, R1.y
         w: MOV R2.w, (0x3F800000, 1.0f).x
      1  x: ADD R3.x, PV0.x, PV0.z
01 EXP_DONE: PARAM0, R2
02 END
END_OF_PROGRAM
