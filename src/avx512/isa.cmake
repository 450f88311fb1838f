# The AVX-512 backend (x86-64; F, BW, DQ, VL, CD): its compile flags, and what its compiled
# kernel variants must look like (scripts/check-vector-code.sh): ymm with k masks at W = 8, zmm at
# W = 16 and 32.
set(SGK_ISA_avx512_PROCESSORS "^(x86_64|AMD64|amd64)$")
set(SGK_ISA_avx512_FLAGS -march=x86-64 -mavx512f -mavx512bw -mavx512dq -mavx512vl -mavx512cd -mfma
    -mbmi -mbmi2 -mpopcnt)
# The x86 features those flags turn on, themselves or by implication (kept when a project
# passes them; see src/avx2/isa.cmake).
set(SGK_ISA_avx512_IMPLIES
    "sse|sse2|sse3|ssse3|sse4|sse4\\.1|sse4\\.2|popcnt|avx|avx2|fma|f16c|bmi|bmi2|avx512f|avx512bw|avx512dq|avx512vl|avx512cd")
set(SGK_ISA_avx512_USES_W8 "%ymm")
set(SGK_ISA_avx512_USES_W16 "%zmm")
set(SGK_ISA_avx512_USES_W32 "%zmm")
