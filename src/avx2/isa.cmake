# The AVX2 backend (x86-64): its compile flags, and what its compiled kernel variants must look
# like (scripts/check-vector-code.sh): every kernel function uses ymm registers, and no
# instruction is EVEX-encoded (first opcode byte 62), i.e. nothing of AVX-512 leaks in.
set(SGK_ISA_avx2_PROCESSORS "^(x86_64|AMD64|amd64)$")
set(SGK_ISA_avx2_FLAGS -march=x86-64 -mavx2 -mfma -mf16c -mbmi -mbmi2 -mpopcnt)
# The x86 features those flags turn on, themselves or by implication: a project-wide -m<feature>
# among them is kept, any other is turned off in this variant (cmake/SgkKernels.cmake).
set(SGK_ISA_avx2_IMPLIES "sse|sse2|sse3|ssse3|sse4|sse4\\.1|sse4\\.2|popcnt|avx|avx2|fma|f16c|bmi|bmi2")
set(SGK_ISA_avx2_USES_W8 "%ymm")
set(SGK_ISA_avx2_USES_W16 "%ymm")
set(SGK_ISA_avx2_USES_W32 "%ymm")
set(SGK_ISA_avx2_FORBIDS "62")
