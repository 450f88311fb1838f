# The scalar backend: every target, compiled for the baseline of the target processor (so that a
# project-wide -march=native cannot make the oracle use vector extensions), with no vector code
# check: its objects must contain no VEX (c4, c5) or EVEX (62) encoded instruction on x86.
set(SGK_ISA_scalar_PROCESSORS ".*")
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(SGK_ISA_scalar_FLAGS -march=x86-64)
  set(SGK_ISA_scalar_IMPLIES "sse|sse2") # the x86-64 baseline (see src/avx2/isa.cmake)
  set(SGK_ISA_scalar_FORBIDS "c4|c5|62")
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64)$")
  set(SGK_ISA_scalar_FLAGS -march=armv8-a)
  # GCC 12 for AArch64 miscompiles at -O3: its instruction scheduling moved a load of a stack
  # temporary above the store that fills it (sgk_cvt_u32_f32_sat of -1.0 gave UINT32_MAX on the
  # scalar backend at W = 8; -fno-schedule-insns or -fno-schedule-insns2 alone each mend it). Both
  # passes stay off for the variants compiled by GCC for AArch64.
  if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
    list(APPEND SGK_ISA_scalar_FLAGS -fno-schedule-insns -fno-schedule-insns2)
  endif()
endif()
