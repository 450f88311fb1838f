# The NEON backend (AArch64 Advanced SIMD): not written yet; listed so that the ISA list, the
# variant tables and the build know its slot. It builds nowhere until its core exists.
set(SGK_ISA_neon_PROCESSORS "^$")
