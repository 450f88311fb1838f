/* The math test kernel (math_kernels.h); compiled twice, the second time with SGK_FAST_MATH. */
#include "math_kernels.h"

/* op semantics, not the work-group loops (test_kernels, test_traps, test_runtime): one loop a
 * variant, about 0.6x the compile time */
#define SGK_COMPACT_VARIANTS 1
#include "sgk/kernel.h"

/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#define MATH_CASE_UNARY(T, fn) sgk_store_##T(sg, o + out, sgk_##fn##_##T(x));
#define MATH_CASE_OWN_UNARY MATH_CASE_UNARY
#define MATH_CASE_UNARY_FIXED MATH_CASE_UNARY
#define MATH_CASE_UNARY_OWN32 MATH_CASE_UNARY
#define MATH_CASE_BINARY_FIXED MATH_CASE_BINARY
#define MATH_CASE_BINARY(T, fn) sgk_store_##T(sg, o + out, sgk_##fn##_##T(x, y));
#define MATH_CASE_TERNARY(T, fn) sgk_store_##T(sg, o + out, sgk_##fn##_##T(x, y, z));
#define MATH_CASE_SINCOS(T, fn)                                                                    \
  {                                                                                                \
    sgk_##T c;                                                                                     \
    sgk_store_##T(sg, o + out, sgk_##fn##_##T(x, &c));                                             \
    sgk_store_##T(sg, o2 + out, c);                                                                \
  }
#define MATH_CASE_FREXP(T, fn)                                                                     \
  {                                                                                                \
    sgk_i32 e;                                                                                     \
    sgk_store_##T(sg, o + out, sgk_##fn##_##T(x, &e));                                             \
    sgk_store_i32(sg, a->iout + out, e);                                                           \
  }
#define MATH_CASE_LDEXP(T, fn)                                                                     \
  sgk_store_##T(sg, o + out, sgk_##fn##_##T(x, sgk_load_i32(sg, a->n + in)));
#define MATH_CASE_ILOGB(T, fn) sgk_store_i32(sg, a->iout + out, sgk_##fn##_##T(x));
#define MATH_CASE_CLASS(T, fn)                                                                     \
  sgk_store_i32(sg, a->iout + out,                                                                 \
                sgk_select_i32(sgk_##fn##_##T(x), sgk_splat_i32(1), sgk_splat_i32(0)));

#define MATH_EVAL(T, ct)                                                                           \
  SGK_INLINE void math_eval_##T(sgk_sg sg, const struct math_args *a, size_t in, size_t out) {     \
    const sgk_##T x = sgk_load_##T(sg, (const ct *)a->x + in);                                     \
    const sgk_##T y = a->y ? sgk_load_##T(sg, (const ct *)a->y + in) : x;                          \
    const sgk_##T z = a->z ? sgk_load_##T(sg, (const ct *)a->z + in) : x;                          \
    ct *o = (ct *)a->out, *o2 = (ct *)a->out2;                                                     \
    (void)y; (void)z; (void)o2;                                                                    \
    switch (a->fn) {                                                                               \
      SGK_MATH_OPS(MATH_CASE_##T)                                                                  \
    default: break;                                                                                \
    }                                                                                              \
  }
#define MATH_CASE_f32(fn, SHAPE, acc, fast) case MATH_FN_##fn: MATH_CASE_##SHAPE(f32, fn) break;
#define MATH_CASE_f64(fn, SHAPE, acc, fast) case MATH_FN_##fn: MATH_CASE_##SHAPE(f64, fn) break;
MATH_EVAL(f32, float)
MATH_EVAL(f64, double)
// clang-format on

SGK_INLINE void math_eval_body(const sgk_wg *wg, const struct math_args *a) {
  const size_t L = sgk_local_linear_range(wg), g = sgk_group_linear_id(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t in = g * L + sg.first, out = g * (L + MATH_GAP) + sg.first;
    if (a->is_f64)
      math_eval_f64(sg, a, in, out);
    else
      math_eval_f32(sg, a, in, out);
  }
}

#ifdef SGK_FAST_MATH
SGK_KERNEL(math_eval_fast, struct math_args, a, wg) { math_eval_body(wg, a); }
#else
SGK_KERNEL(math_eval, struct math_args, a, wg) { math_eval_body(wg, a); }
#endif
