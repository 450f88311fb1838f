/* The math test kernel: every builtin of sgk/isa/math.inc applied to arrays, for the accuracy
 * test (test_math.c). Work-group g reads items g L .. g L + L - 1 and writes them at
 * g (L + MATH_GAP) + ..: the MATH_GAP slots after each group's outputs must stay untouched by the
 * inactive lanes of its last, partial sub-group. */
#ifndef SGK_TEST_MATH_KERNELS_H
#define SGK_TEST_MATH_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "sgk/isa/math.inc"
#include "sgk/sgk.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MATH_GAP 32

enum math_fn {
#define MATH_ENUM(fn, SHAPE, acc, fast) MATH_FN_##fn,
  SGK_MATH_OPS(MATH_ENUM)
#undef MATH_ENUM
      MATH_FN_COUNT
};

struct math_args {
  int fn;                /* enum math_fn */
  int is_f64;            /* element type: f64, else f32 */
  const void *x, *y, *z; /* inputs, n each (y, z for 2 and 3 operands) */
  const int32_t *n;      /* ldexp's exponents */
  void *out, *out2;      /* results (out2: sincos's cos) */
  int32_t *iout;         /* integer and mask results (frexp's exponent, ilogb, classifications) */
};

extern const sgk_kernel math_eval;      /* the default (1.0-ulp) variants */
extern const sgk_kernel math_eval_fast; /* compiled with SGK_FAST_MATH */

#ifdef __cplusplus
}
#endif
#endif
