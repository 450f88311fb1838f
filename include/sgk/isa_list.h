/* The instruction sets sgk knows, written once: X(ENUM, name, value, native sub-group size, A),
 * A being what the caller passes through SGK_ISA_LIST_ARG (SGK_ISA_LIST passes ~). Drives the
 * sgk_isa enum, the names, the CPU probes, the kernels' variant tables, the CMake backends
 * (cmake/SgkKernels.cmake reads these lines: one entry per line), the tests and the benchmarks.
 * Values are consecutive from 1 and never change: they index the variant table of compiled
 * kernels (an ABI). A backend lives in src/<name>/. */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_ISA_LIST_H
#define SGK_ISA_LIST_H

#define SGK_ISA_LIST_ARG(X, A)                                                                     \
  X(SCALAR, scalar, 1, 8, A)                                                                       \
  X(AVX2, avx2, 2, 8, A)                                                                           \
  X(AVX512, avx512, 3, 16, A)                                                                      \
  X(NEON, neon, 4, 8, A)
#define SGK_ISA_LIST(X) SGK_ISA_LIST_ARG(X, ~)

#endif
// clang-format on
