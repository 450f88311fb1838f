/* What a CPU programmer would write without sgk for the math benchmarks: loops over libm,
 * compiled three ways (bench/CMakeLists.txt): plain scalar calls (math_base_libm), and
 * `#pragma omp simd` loops that gcc turns into glibc's libmvec calls at AVX2 and AVX-512 width
 * (math_base_libmvec_avx2 / _avx512, x86-64 only). One entry per libm function the sgk math list
 * shares; tables end with a NULL name. */
#ifndef SGK_BENCH_MATH_BASELINES_H
#define SGK_BENCH_MATH_BASELINES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct math_base_entry {
  const char *name; /* the sgk math list's name */
  void (*f32)(const float *x, const float *y, float *out, size_t n);
  void (*f64)(const double *x, const double *y, double *out, size_t n);
} math_base_entry;

extern const math_base_entry math_base_libm[];
extern const math_base_entry math_base_libmvec_avx2[];
extern const math_base_entry math_base_libmvec_avx512[];

#ifdef __cplusplus
}
#endif
#endif
