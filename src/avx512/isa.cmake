# The AVX-512 backend (x86-64; F, BW, DQ, VL, CD): its compile flags, and what its compiled
# kernel variants must look like (scripts/check-vector-code.sh): ymm with k masks at W = 8, zmm at
# W = 16 and 32.
set(SGK_ISA_avx512_PROCESSORS "^(x86_64|AMD64|amd64)$")
set(SGK_ISA_avx512_FLAGS -march=x86-64 -mavx512f -mavx512bw -mavx512dq -mavx512vl -mavx512cd -mfma
    -mbmi -mbmi2 -mpopcnt)
set(SGK_ISA_avx512_USES_W8 "%ymm")
set(SGK_ISA_avx512_USES_W16 "%zmm")
set(SGK_ISA_avx512_USES_W32 "%zmm")
