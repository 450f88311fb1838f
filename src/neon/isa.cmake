# The NEON backend (AArch64 Advanced SIMD, baseline on every AArch64 CPU): its compile flags, and
# what its compiled kernel variants must look like (scripts/check-vector-code.sh): every kernel
# function uses q-register arrangements (v<n>.4s, .2d, .16b), and calls nothing.
set(SGK_ISA_neon_PROCESSORS "^(aarch64|arm64)$")
set(SGK_ISA_neon_FLAGS -march=armv8-a)
# GCC 12's AArch64 scheduling fault (src/scalar/isa.cmake): the same two passes stay off.
if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
  list(APPEND SGK_ISA_neon_FLAGS -fno-schedule-insns -fno-schedule-insns2)
endif()
foreach(w 8 16 32)
  set(SGK_ISA_neon_USES_W${w} "v[0-9]+\\.(4s|2d|16b)")
endforeach()
