/* Black-Scholes pricing of European options, the classic SIMD benchmark (ISPC's `options`): per
 * work-item one option, with log, exp, sqrt and the normal CDF from erfc (SLEEF's log and exp,
 * sgk's erfc). black_scholes_fast.c compiles the same kernel under another name with
 * SGK_FAST_MATH, the accuracy class of an OpenCL runtime's built-ins. */
#include "kernel_args.h"
#include "sgk/kernel.h"

#ifndef BLACK_SCHOLES_KERNEL
#define BLACK_SCHOLES_KERNEL black_scholes
#endif

/* N(d) = erfc(-d / sqrt 2) / 2 */
SGK_INLINE sgk_f32 bs_cnd(sgk_f32 d) {
  return sgk_mul_f32(sgk_splat_f32(0.5f),
                     sgk_erfc_f32(sgk_mul_f32(d, sgk_splat_f32(-0.70710678f))));
}

SGK_KERNEL_PROPS(BLACK_SCHOLES_KERNEL, struct black_scholes_args, a, wg,
                 SGK_KERNEL_WORK_GROUP_FREE) {
  const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);
  const sgk_f32 r = sgk_splat_f32(a->r), v = sgk_splat_f32(a->v);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t i = base + sg.first;
    const sgk_f32 s = sgk_load_f32(sg, a->s + i), x = sgk_load_f32(sg, a->x + i);
    const sgk_f32 t = sgk_load_f32(sg, a->t + i);
    const sgk_f32 vsqrt_t = sgk_mul_f32(v, sgk_sqrt_f32(t));
    /* d1 = (log(S / X) + (r + v^2 / 2) T) / (v sqrt T), d2 = d1 - v sqrt T */
    const sgk_f32 drift = sgk_fma_f32(sgk_mul_f32(v, v), sgk_splat_f32(0.5f), r);
    const sgk_f32 d1 = sgk_div_f32(sgk_fma_f32(drift, t, sgk_log_f32(sgk_div_f32(s, x))), vsqrt_t);
    const sgk_f32 d2 = sgk_sub_f32(d1, vsqrt_t);
    const sgk_f32 disc = sgk_mul_f32(x, sgk_exp_f32(sgk_neg_f32(sgk_mul_f32(r, t)))); /* X e^-rT */
    /* call = S N(d1) - X e^-rT N(d2); put = X e^-rT N(-d2) - S N(-d1), N(-d) = 1 - N(d) */
    const sgk_f32 n1 = bs_cnd(d1), n2 = bs_cnd(d2), one = sgk_splat_f32(1.0f);
    const sgk_f32 call = sgk_sub_f32(sgk_mul_f32(s, n1), sgk_mul_f32(disc, n2));
    const sgk_f32 put =
        sgk_sub_f32(sgk_mul_f32(disc, sgk_sub_f32(one, n2)), sgk_mul_f32(s, sgk_sub_f32(one, n1)));
    sgk_store_f32(sg, a->call + i, call);
    sgk_store_f32(sg, a->put + i, put);
  }
}
