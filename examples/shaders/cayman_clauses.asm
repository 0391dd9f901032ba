# Cayman, in AMD's listing syntax, laid out as AMD's compiler lays out a pixel shader: each CF line
# says where its clause lies (ADDR, in 8-byte units), and the texture clause sits after the ALU
# clause that follows it in the CF program, with zeros between. R1 = texel(R1.xy) * R0.
00 TEX: ADDR(48) CNT(1) VALID_PIX
      0  SAMPLE R1, R1.xy00, t0, s0
01 ALU: ADDR(32) CNT(4)
      1  x: MUL R0.x, R0.x, R1.x
         y: MUL R0.y, R0.y, R1.y
         z: MUL R0.z, R0.z, R1.z
         w: MUL R0.w, R0.w, R1.w
02 EXP_DONE: PIX0, R0
03 END
END_OF_PROGRAM
