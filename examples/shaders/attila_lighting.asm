# Per-vertex lighting on ATTILA: transform a position, light it with one directional light.
#   i0 position, i1 normal, c0-c3 the matrix, c4 light direction, c5 light colour, c6.x = 0
dp4 o0.x, i0, c0
dp4 o0.y, i0, c1
dp4 o0.z, i0, c2
dp4 o0.w, i0, c3
dp3 r0.x, i1, c4              # cosine of the angle to the light
max r0.x, r0.x, c6.x          # no negative light
mul o1.xyz, c5, r0.x          # diffuse colour
mov o1.w, c5.w
end
