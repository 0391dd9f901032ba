# NV_gpu_program4 fragment program: scale the colour by program.local[0] and set condition
# code 0; lanes whose red is positive keep it, the others turn blue.
!!NVfp4.0
PARAM scale = program.local[0];
TEMP t;
MULC t, fragment.color, scale;
IF GT.x;
    MOV result.color, t;
ELSE;
    MOV result.color, {0, 0, 1, 1};
ENDIF;
END
