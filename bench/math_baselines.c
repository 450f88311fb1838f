/* The libm loops of math_baselines.h; MATH_BASE_TABLE names the table this compilation defines,
 * MATH_BASE_SIMD makes the loops `#pragma omp simd` (with -ffast-math, glibc's math.h declares
 * its libmvec variants and gcc calls them). */
#define _GNU_SOURCE /* exp10 */
#include <math.h>

#include "math_baselines.h"

#ifdef MATH_BASE_SIMD
#define MATH_BASE_LOOP _Pragma("omp simd") for (size_t i = 0; i < n; ++i)
#else
#define MATH_BASE_LOOP for (size_t i = 0; i < n; ++i)
#endif

/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#define MATH_BASE_UNARY(X)                                                                         \
  X(exp) X(exp2) X(exp10) X(expm1) X(log) X(log2) X(log10) X(log1p) X(cbrt) X(sin) X(cos) X(tan)  \
  X(asin) X(acos) X(atan) X(sinh) X(cosh) X(tanh) X(asinh) X(acosh) X(atanh) X(erf) X(erfc)       \
  X(tgamma) X(lgamma) X(floor) X(ceil) X(round) X(rint) X(trunc) X(fabs)
#define MATH_BASE_BINARY(X)                                                                        \
  X(pow) X(hypot) X(atan2) X(fmod) X(remainder) X(copysign) X(fmin) X(fmax) X(fdim) X(nextafter)

#define MATH_BASE_U(fn)                                                                            \
  static void fn##_f32(const float *x, const float *y, float *o, size_t n) {                       \
    (void)y;                                                                                       \
    MATH_BASE_LOOP o[i] = fn##f(x[i]);                                                             \
  }                                                                                                \
  static void fn##_f64(const double *x, const double *y, double *o, size_t n) {                    \
    (void)y;                                                                                       \
    MATH_BASE_LOOP o[i] = fn(x[i]);                                                                \
  }
#define MATH_BASE_B(fn)                                                                            \
  static void fn##_f32(const float *x, const float *y, float *o, size_t n) {                       \
    MATH_BASE_LOOP o[i] = fn##f(x[i], y[i]);                                                       \
  }                                                                                                \
  static void fn##_f64(const double *x, const double *y, double *o, size_t n) {                    \
    MATH_BASE_LOOP o[i] = fn(x[i], y[i]);                                                          \
  }
MATH_BASE_UNARY(MATH_BASE_U)
MATH_BASE_BINARY(MATH_BASE_B)

#define MATH_BASE_ENTRY(fn) {#fn, fn##_f32, fn##_f64},
const math_base_entry MATH_BASE_TABLE[] = {
  MATH_BASE_UNARY(MATH_BASE_ENTRY) MATH_BASE_BINARY(MATH_BASE_ENTRY) {NULL, NULL, NULL}};
// clang-format on
