/* The math builtins of the kernel API (sgk/isa/math.inc) over the variant's backend: each SLEEF
 * function is called once per register of a W-lane value, at the ISA's register width, through
 * the binding its core gives (src/<isa>/sgk/isa/<isa>.h):
 *
 *   SGK__SLEEF_f32(fn, acc), SGK__SLEEF_f64(fn, acc)   SLEEF's symbol of fn for one register of
 *       the type, at accuracy suffix acc (possibly empty): Sleef_<fn>f8_<acc>avx2, ...
 *   sgk__sleef2_f32, sgk__sleef2_f64                  the pair sincos returns (.x sin, .y cos)
 *   sgk__sleef_vi64, sgk__sleef_vi64_load(const int32_t *), sgk__sleef_vi64_store(int32_t *, vi)
 *       the int32 lanes SLEEF pairs with one f64 register (ldexp, ilogb, expfrexp)
 *
 * Included by sgk/kernel.h after the backend; never directly. A variant compiled with
 * SGK_FAST_MATH uses the FAST column of the list (3.5-ulp functions where SLEEF has them). */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_ISA_MATH_H
#define SGK_ISA_MATH_H

#include <math.h>
#include <stdint.h>

#include "sgk/isa/math.inc"

#ifdef SGK_FAST_MATH
#define SGK__MATH_ACC(acc, fast) fast
#else
#define SGK__MATH_ACC(acc, fast) acc
#endif
#define SGK__SLEEF(T, fn, acc) SGK__SLEEF_(T, fn, acc)
#define SGK__SLEEF_(T, fn, acc) SGK__SLEEF_##T(fn, acc)

#define SGK__MATH_UNARY(T, fn, acc)                                                                \
  SGK_INLINE sgk_##T sgk_##fn##_##T(sgk_##T x) {                                                   \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = SGK__SLEEF(T, fn, acc)(x.r[k]);                               \
    return r;                                                                                      \
  }
#define SGK__MATH_BINARY(T, fn, acc)                                                               \
  SGK_INLINE sgk_##T sgk_##fn##_##T(sgk_##T x, sgk_##T y) {                                        \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = SGK__SLEEF(T, fn, acc)(x.r[k], y.r[k]);                       \
    return r;                                                                                      \
  }
#define SGK__MATH_SINCOS(T, fn, acc)                                                               \
  SGK_INLINE sgk_##T sgk_##fn##_##T(sgk_##T x, sgk_##T *cos_out) {                                 \
    sgk_##T s, c;                                                                                  \
    SGK__FOR(SGK__NR(T), k) {                                                                      \
      const sgk__sleef2_##T p = SGK__SLEEF(T, fn, acc)(x.r[k]);                                    \
      s.r[k] = p.x;                                                                                \
      c.r[k] = p.y;                                                                                \
    }                                                                                              \
    if (cos_out) *cos_out = c;                                                                     \
    return s;                                                                                      \
  }
/* frexp, ldexp and ilogb: SLEEF has them for doubles (with int32 lanes beside each register);
 * the float forms go through doubles, where they are exact. */
#define SGK__MATH_FREXP(T, fn, acc) SGK__MATH_FREXP_##T(fn, acc)
#define SGK__MATH_LDEXP(T, fn, acc) SGK__MATH_LDEXP_##T(fn, acc)
#define SGK__MATH_ILOGB(T, fn, acc) SGK__MATH_ILOGB_##T(fn, acc)
/* the SLEEF function as sgk__sleef_<fn>_<t>, for the fix-ups below */
#define SGK__MATH_UNARY_FIXED(T, fn, acc)                                                          \
  SGK_INLINE sgk_##T sgk__sleef_##fn##_##T(sgk_##T x) {                                            \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = SGK__SLEEF(T, fn, acc)(x.r[k]);                               \
    return r;                                                                                      \
  }
#define SGK__MATH_BINARY_FIXED(T, fn, acc)                                                         \
  SGK_INLINE sgk_##T sgk__sleef_##fn##_##T(sgk_##T x, sgk_##T y) {                                 \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = SGK__SLEEF(T, fn, acc)(x.r[k], y.r[k]);                       \
    return r;                                                                                      \
  }
#define SGK__MATH_OWN_UNARY(T, fn, acc)
/* UNARY_OWN32: SLEEF's function for doubles; the float one is sgk's own, further down */
#define SGK__MATH_UNARY_OWN32(T, fn, acc) SGK__MATH_UNARY_OWN32_##T(fn, acc)
#define SGK__MATH_UNARY_OWN32_f64(fn, acc) SGK__MATH_UNARY(f64, fn, acc)
#define SGK__MATH_UNARY_OWN32_f32(fn, acc)
#define SGK__MATH_CLASS(T, fn, acc)
#define SGK__MATH_TERNARY(T, fn, acc)

/* frexp of doubles: SLEEF's frfrexp / expfrexp on finite nonzero values only, subnormals scaled by
 * 2^64 first, and x itself with exponent 0 for 0, infinities and NaN. SLEEF 3.5's expfrexp is
 * 63 off for subnormals, its frfrexp returns a number for infinities and NaN, and its AVX2
 * expfrexp zeroes the exponent of the wrong lanes when a register holds 0, inf or NaN.
 * ldexp's exponent is clamped to +-2200, past which every result is 0 or infinite (SLEEF 3.5
 * makes NaN of 0 * 2^INT_MAX). */
SGK_INLINE sgk_f64 sgk__frexp_f64(sgk_f64 x, sgk_i32 *exp_out) {
  const sgk_f64 ax = sgk_abs_f64(x);
  const sgk_mask sub = sgk_lt_f64(ax, sgk_splat_f64(2.2250738585072014e-308));
  const sgk_mask special = sgk_mask_or(sgk_eq_f64(x, sgk_splat_f64(0)),
                                       sgk_mask_not(sgk_lt_f64(ax, sgk_splat_f64(INFINITY))));
  sgk_f64 xs = sgk_select_f64(sub, sgk_mul_f64(x, sgk_splat_f64(18446744073709551616.0)), x);
  xs = sgk_select_f64(special, sgk_splat_f64(1.0), xs);
  sgk_f64 m;
  int32_t e[SGK_W];
  SGK__FOR(SGK__N64, k) {
    m.r[k] = SGK__SLEEF(f64, frfrexp, )(xs.r[k]);
    sgk__sleef_vi64_store(e + k * SGK__RL64, SGK__SLEEF(f64, expfrexp, )(xs.r[k]));
  }
  if (exp_out) {
    const sgk_i32 scaled = sgk_select_i32(sub, sgk_splat_i32(64), sgk_splat_i32(0));
    const sgk_i32 ei = sgk_sub_i32(sgk__loadu_i32(e), scaled);
    *exp_out = sgk_select_i32(special, sgk_splat_i32(0), ei);
  }
  return sgk_select_f64(special, x, m);
}
#define SGK__MATH_FREXP_f64(fn, acc)                                                               \
  SGK_INLINE sgk_f64 sgk_frexp_f64(sgk_f64 x, sgk_i32 *exp_out) {                                  \
    return sgk__frexp_f64(x, exp_out);                                                             \
  }
/* floats through doubles, where they are normal: exact */
#define SGK__MATH_FREXP_f32(fn, acc)                                                               \
  SGK_INLINE sgk_f32 sgk_frexp_f32(sgk_f32 x, sgk_i32 *exp_out) {                                  \
    return sgk_cvt_f32_f64(sgk__frexp_f64(sgk_cvt_f64_f32(x), exp_out));                           \
  }
#define SGK__MATH_LDEXP_f64(fn, acc)                                                               \
  SGK_INLINE sgk_f64 sgk_ldexp_f64(sgk_f64 x, sgk_i32 n) {                                         \
    int32_t q[SGK_W];                                                                              \
    n = sgk_min_i32(sgk_max_i32(n, sgk_splat_i32(-2200)), sgk_splat_i32(2200));                    \
    sgk__storeu_i32(q, n);                                                                         \
    sgk_f64 r;                                                                                     \
    SGK__FOR(SGK__N64, k)                                                                          \
      r.r[k] = SGK__SLEEF(f64, ldexp, )(x.r[k], sgk__sleef_vi64_load(q + k * SGK__RL64));          \
    return r;                                                                                      \
  }
#define SGK__MATH_LDEXP_f32(fn, acc)                                                               \
  SGK_INLINE sgk_f32 sgk_ldexp_f32(sgk_f32 x, sgk_i32 n) {                                         \
    return sgk_cvt_f32_f64(sgk_ldexp_f64(sgk_cvt_f64_f32(x), n));                                  \
  }
#define SGK__MATH_ILOGB_f64(fn, acc)                                                               \
  SGK_INLINE sgk_i32 sgk_ilogb_f64(sgk_f64 x) {                                                    \
    int32_t e[SGK_W];                                                                              \
    SGK__FOR(SGK__N64, k)                                                                          \
      sgk__sleef_vi64_store(e + k * SGK__RL64, SGK__SLEEF(f64, ilogb, )(x.r[k]));                  \
    return sgk__loadu_i32(e);                                                                      \
  }
#define SGK__MATH_ILOGB_f32(fn, acc)                                                               \
  SGK_INLINE sgk_i32 sgk_ilogb_f32(sgk_f32 x) { return sgk_ilogb_f64(sgk_cvt_f64_f32(x)); }

/* f64 first: the float forms of frexp, ldexp and ilogb use the double ones */
#define SGK__MATH_DEFINE(T, fn, SHAPE, acc, fast) SGK__MATH_##SHAPE(T, fn, SGK__MATH_ACC(acc, fast))
#define SGK__MATH_DEFINE_f64(fn, SHAPE, acc, fast) SGK__MATH_DEFINE(f64, fn, SHAPE, acc, fast)
#define SGK__MATH_DEFINE_f32(fn, SHAPE, acc, fast) SGK__MATH_DEFINE(f32, fn, SHAPE, acc, fast)
SGK_MATH_OPS(SGK__MATH_DEFINE_f64)
SGK_MATH_OPS(SGK__MATH_DEFINE_f32)

/* ---- around SLEEF 3.5's gaps (found by tests/test_math.c) ----------------------------------- */
/* Float lanes beyond where SLEEF's float function holds (it overflows early to infinity: asinh
 * and acosh past 1.8e19, sinh and cosh past 88.4, log1p past 1e38) are recomputed with its
 * double function and rounded once: within 0.5 ulp there. Only when some lane is that large. */
#define SGK__VIA_F64_BEYOND(fn, limit)                                                             \
  SGK_INLINE sgk_f32 sgk_##fn##_f32(sgk_f32 x) {                                                   \
    sgk_f32 r = sgk__sleef_##fn##_f32(x);                                                          \
    const sgk_mask big = sgk_gt_f32(sgk_abs_f32(x), sgk_splat_f32(limit));                         \
    if (sgk_mask_bits(big))                                                                        \
      r = sgk_select_f32(big, sgk_cvt_f32_f64(sgk__sleef_##fn##_f64(sgk_cvt_f64_f32(x))), r);      \
    return r;                                                                                      \
  }
SGK__VIA_F64_BEYOND(log1p, 1e38f)
SGK__VIA_F64_BEYOND(sinh, 88.0f)
SGK__VIA_F64_BEYOND(cosh, 88.0f)
SGK__VIA_F64_BEYOND(asinh, 1e18f)
SGK__VIA_F64_BEYOND(acosh, 1e18f)
/* log1p(x) of doubles past 1e307 (SLEEF: infinity) is log(x): they differ by less than 1e-307 */
SGK_INLINE sgk_f64 sgk_log1p_f64(sgk_f64 x) {
  sgk_f64 r = sgk__sleef_log1p_f64(x);
  const sgk_mask big = sgk_gt_f64(x, sgk_splat_f64(1e307));
  if (sgk_mask_bits(big)) { /* SLEEF's 1-ulp log, also in SGK_FAST_MATH variants */
    sgk_f64 l;
    SGK__FOR(SGK__N64, k) l.r[k] = SGK__SLEEF(f64, log, u10)(x.r[k]);
    r = sgk_select_f64(big, l, r);
  }
  return r;
}
/* SLEEF's double sinh, cosh, asinh, acosh hold for |x| <= 709 and 1e154: see the README. */
SGK_INLINE sgk_f64 sgk_sinh_f64(sgk_f64 x) { return sgk__sleef_sinh_f64(x); }
SGK_INLINE sgk_f64 sgk_cosh_f64(sgk_f64 x) { return sgk__sleef_cosh_f64(x); }
SGK_INLINE sgk_f64 sgk_asinh_f64(sgk_f64 x) { return sgk__sleef_asinh_f64(x); }
SGK_INLINE sgk_f64 sgk_acosh_f64(sgk_f64 x) { return sgk__sleef_acosh_f64(x); }
/* fmod and remainder of floats through doubles: exact there for every pair (SLEEF's float ones
 * give NaN once |x / y| passes about 2^120); of doubles exact while |x / y| < 2^1000. */
SGK_INLINE sgk_f32 sgk_fmod_f32(sgk_f32 x, sgk_f32 y) {
  return sgk_cvt_f32_f64(sgk__sleef_fmod_f64(sgk_cvt_f64_f32(x), sgk_cvt_f64_f32(y)));
}
SGK_INLINE sgk_f32 sgk_remainder_f32(sgk_f32 x, sgk_f32 y) {
  return sgk_cvt_f32_f64(sgk__sleef_remainder_f64(sgk_cvt_f64_f32(x), sgk_cvt_f64_f32(y)));
}
SGK_INLINE sgk_f64 sgk_fmod_f64(sgk_f64 x, sgk_f64 y) { return sgk__sleef_fmod_f64(x, y); }
SGK_INLINE sgk_f64 sgk_remainder_f64(sgk_f64 x, sgk_f64 y) {
  return sgk__sleef_remainder_f64(x, y);
}
/* sinpi, cospi: a = |x| reduced exactly to r = a - 2 rint(a / 2) in [-1, 1] (rint by the 2^(p-1)
 * trick; past it a / 2 is an integer), then sinpi(x) = sign(x) sinpi(r) and cospi(x) = cospi(r),
 * with exact zeros made +0 before the sign: sinpi(n) = +0, sinpi(-n) = -0, cospi(n + 1/2) = +0. */
#define SGK__PI_FIXES(T, ct, UT, sign, big)                                                        \
  SGK_INLINE sgk_##T sgk__reduce2_##T(sgk_##T a) {                                                 \
    const sgk_##T h = sgk_mul_##T(a, sgk_splat_##T((ct)0.5)), m = sgk_splat_##T((ct)(big));        \
    sgk_##T t = sgk_sub_##T(sgk_add_##T(h, m), m);                                                 \
    t = sgk_select_##T(sgk_lt_##T(h, m), t, h);                                                    \
    return sgk_sub_##T(a, sgk_add_##T(t, t));                                                      \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_sinpi_##T(sgk_##T x) {                                                    \
    sgk_##T s = sgk__sleef_sinpi_##T(sgk__reduce2_##T(sgk_abs_##T(x)));                            \
    s = sgk_add_##T(s, sgk_splat_##T((ct)0));                                                      \
    const sgk_##UT neg = sgk_and_##UT(sgk_as_##UT##_##T(x), sgk_splat_##UT(sign));                 \
    return sgk_as_##T##_##UT(sgk_xor_##UT(sgk_as_##UT##_##T(s), neg));                             \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_cospi_##T(sgk_##T x) {                                                    \
    const sgk_##T c = sgk__sleef_cospi_##T(sgk__reduce2_##T(sgk_abs_##T(x)));                      \
    return sgk_add_##T(c, sgk_splat_##T((ct)0));                                                   \
  }
SGK__PI_FIXES(f32, float, u32, 0x80000000u, 8388608.0f)
SGK__PI_FIXES(f64, double, u64, 0x8000000000000000ull, 4503599627370496.0)

/* ---- what sgk computes itself -------------------------------------------------------------- */
#define SGK__MATH_OWN(T, ct, IT, ...)                                                              \
  /* 1 / sqrt(x): two correctly rounded instructions, within 1.5 ulp */                            \
  SGK_INLINE sgk_##T sgk_rsqrt_##T(sgk_##T x) {                                                    \
    return sgk_div_##T(sgk_splat_##T((ct)1), sgk_sqrt_##T(x));                                     \
  }                                                                                                \
  SGK_INLINE sgk_mask sgk_isnan_##T(sgk_##T x) { return sgk_ne_##T(x, x); }                        \
  SGK_INLINE sgk_mask sgk_isinf_##T(sgk_##T x) {                                                   \
    return sgk_eq_##T(sgk_abs_##T(x), sgk_splat_##T((ct)INFINITY));                                \
  }                                                                                                \
  SGK_INLINE sgk_mask sgk_isfinite_##T(sgk_##T x) { /* false for NaN: the compare is unordered */  \
    return sgk_lt_##T(sgk_abs_##T(x), sgk_splat_##T((ct)INFINITY));                                \
  }                                                                                                \
  SGK_INLINE sgk_mask sgk_signbit_##T(sgk_##T x) {                                                 \
    return sgk_lt_##IT(sgk_as_##IT##_##T(x), sgk_splat_##IT(0));                                   \
  }                                                                                                \
  /* OpenCL: fmin(fmax(x, lo), hi), undefined for lo > hi */                                       \
  SGK_INLINE sgk_##T sgk_clamp_##T(sgk_##T x, sgk_##T lo, sgk_##T hi) {                            \
    return sgk_fmin_##T(sgk_fmax_##T(x, lo), hi);                                                  \
  }                                                                                                \
  /* OpenCL: x + (y - x) a */                                                                      \
  SGK_INLINE sgk_##T sgk_mix_##T(sgk_##T x, sgk_##T y, sgk_##T a) {                                \
    return sgk_add_##T(x, sgk_mul_##T(sgk_sub_##T(y, x), a));                                      \
  }
SGK__MATH_OWN(f32, float, i32)
SGK__MATH_OWN(f64, double, i64)

/* erfc and erf of floats. SLEEF 3.5's erfcf and erff (u15, u10) run at a seventh and a sixth of its
 * expf, 0.3 and 0.4 G values/s on one AVX-512 core of an AMD Zen 4 (bench_math), and erfc was 80%
 * of black_scholes' time. Here both are computed in doubles from a = |x| clamped to [0,
 * SGK__ERFC_XMAX]: erfc(a) = exp(-a^2) R(a), R the scaled erfc exp(a^2) erfc(a) as a polynomial in
 * u = (C1 a + C0) / (a + K) (one division), and exp(-a^2), exact in its argument (a float squared
 * is a double), as 2^n exp(r), |r| <= ln2 / 2. erfc(-a) = 2 - erfc(a); a past XMAX is XMAX, whose
 * erfc (6e-46) rounds to the float 0 as erfc does from 10.0546 on. erf(x) is x S(x^2) for |x| < 1
 * and 1 - erfc(|x|) with x's sign beyond. The fits are scripts/fit_erfc.py's (relative errors
 * 2.4e-10, 8.6e-13, 3.4e-11), so a float result is off by its final rounding (once, subnormals
 * included) and 2^24 x 2.4e-10 = 0.004 ulp more: within 0.505 ulp, measured over every float of
 * [-4.5, 10.1] (erfc) and [0, 6] (erf) against erfcl and erfl (SLEEF's bounds: 1.5 and 1.0). NaN
 * gives NaN. */
/* scripts/fit_erfc.py: R's fit 2.4e-10, exp's 8.6e-13, S's 3.4e-11 (relative) */
#define SGK__ERFC_XMAX 10.06
#define SGK__ERFC_K 4.0
#define SGK__ERFC_C1 0x1.cb941a7717ebap+0
#define SGK__ERFC_C0 -0x1.0000000000000p+2
static const double sgk__erfc_r[12] = {
    0x1.dd4308e212106p-3,  -0x1.3f61132336cacp-2,  0x1.c2d78a880ce74p-3,  -0x1.0bedcc6b0ab40p-3,
    0x1.0b70f047f0f75p-4,  -0x1.bb21bf4f25305p-6,  0x1.28db03c54f58ep-7,  -0x1.2ff157c58d686p-9,
    0x1.977deb00bfddbp-12, -0x1.d4082a726e294p-17, -0x1.986b862a9e9bdp-17, 0x1.59354ba242aa7p-19};
static const double sgk__exp_r[9] = {
    0x1.ffffffffff64ep-1,  0x1.ffffffffd21d5p-1,  0x1.000000009b4c1p-1,
    0x1.555555a4de3bep-3,  0x1.555553db416d2p-5,  0x1.11107d2c6db71p-7,
    0x1.6c18ea6e9c04fp-10, 0x1.a1afcc39717cbp-13, 0x1.9eb018760a7aap-16};
#define SGK__ERF_T 1.0
static const double sgk__erf_s[8] = {
    0x1.20dd7503ff7a7p+0,  -0x1.8127465e3b11ep-2,  0x1.ce2f073bdf4dcp-4, -0x1.b8299f24af89ep-6,
    0x1.56288e7aa97f4p-8,  -0x1.bcba4accda731p-11, 0x1.d80dc9cbcb681p-14, -0x1.434bf3d75a3d1p-17};

/* One register at a time: a W-lane double is up to 8 registers (AVX2, W 32), and the two
 * polynomials over all of them at once would spill. */
SGK_INLINE sgk__v_f64 sgk__r_horner_f64(sgk__v_f64 x, const double *c, int n) {
  sgk__v_f64 p = sgk__r_splat_f64(c[n - 1]);
  for (int k = n - 2; k >= 0; --k) p = sgk__r_fma_f64(p, x, sgk__r_splat_f64(c[k]));
  return p;
}
/* erfc(|x|) in double for x a float widened, |x| clamped to XMAX; NaN gives erfc(XMAX) (callers
 * restore the NaN).
 * exp(-a^2) is 2^n p(r), n = rint(-a^2 / ln 2) in [-146, 0] (2^n stays normal); the register
 * loop leaves q = p(r) R(a) and kd, whose low bits hold n, and n goes into q's exponent after. */
SGK_INLINE sgk_f64 sgk__erfc_abs_f64(sgk_f64 xd) {
  sgk_f64 q, kd;
  SGK__FOR(SGK__N64, k) {
    const sgk__v_f64 a =
        sgk__r_min_f64(sgk__r_abs_f64(xd.r[k]), sgk__r_splat_f64(SGK__ERFC_XMAX));
    const sgk__v_f64 num =
        sgk__r_fma_f64(a, sgk__r_splat_f64(SGK__ERFC_C1), sgk__r_splat_f64(SGK__ERFC_C0));
    const sgk__v_f64 u = sgk__r_div_f64(num, sgk__r_add_f64(a, sgk__r_splat_f64(SGK__ERFC_K)));
    const sgk__v_f64 y = sgk__r_neg_f64(sgk__r_mul_f64(a, a)); /* exact: a is a float */
    const sgk__v_f64 shift = sgk__r_splat_f64(0x1.8p52);
    kd.r[k] = sgk__r_fma_f64(y, sgk__r_splat_f64(0x1.71547652b82fep0), shift);
    const sgk__v_f64 n = sgk__r_sub_f64(kd.r[k], shift);
    /* r = y - n ln2: ln2's high part has 24 trailing zero bits, so n times it is exact */
    sgk__v_f64 r = sgk__r_fma_f64(n, sgk__r_splat_f64(-0x1.62e42fep-1), y);
    r = sgk__r_fma_f64(n, sgk__r_splat_f64(-0x1.f473de6af278fp-30), r);
    q.r[k] = sgk__r_mul_f64(sgk__r_horner_f64(r, sgk__exp_r, 9),
                            sgk__r_horner_f64(u, sgk__erfc_r, 12));
  }
  const sgk_u64 scale = sgk_shl_u64(sgk_as_u64_f64(kd), 52); /* n << 52, mod 2^64 */
  return sgk_as_f64_u64(sgk_add_u64(sgk_as_u64_f64(q), scale));
}
#ifndef SGK_FAST_MATH
SGK_INLINE sgk_f32 sgk_erfc_f32(sgk_f32 x) {
  const sgk_f64 xd = sgk_cvt_f64_f32(x), r = sgk__erfc_abs_f64(xd);
  const sgk_mask neg = sgk_lt_f64(xd, sgk_splat_f64(0.0));
  const sgk_f32 f = sgk_cvt_f32_f64(sgk_select_f64(neg, sgk_sub_f64(sgk_splat_f64(2.0), r), r));
  return sgk_select_f32(sgk_ne_f32(x, x), x, f);
}
SGK_INLINE sgk_f32 sgk_erf_f32(sgk_f32 x) {
  const sgk_f64 xd = sgk_cvt_f64_f32(x);
  sgk_f64 small;
  SGK__FOR(SGK__N64, k) {
    const sgk__v_f64 v = xd.r[k];
    small.r[k] = sgk__r_mul_f64(v, sgk__r_horner_f64(sgk__r_mul_f64(v, v), sgk__erf_s, 8));
  }
  const sgk_f64 big = sgk_sub_f64(sgk_splat_f64(1.0), sgk__erfc_abs_f64(xd));
  const sgk_u64 sign = sgk_and_u64(sgk_as_u64_f64(xd), sgk_splat_u64(0x8000000000000000ull));
  const sgk_f64 big_signed = sgk_as_f64_u64(sgk_or_u64(sgk_as_u64_f64(big), sign));
  const sgk_mask in = sgk_lt_f64(sgk_abs_f64(xd), sgk_splat_f64(SGK__ERF_T));
  const sgk_f32 f = sgk_cvt_f32_f64(sgk_select_f64(in, small, big_signed));
  return sgk_select_f32(sgk_ne_f32(x, x), x, f);
}

#else
/* SGK_FAST_MATH: the same functions in float arithmetic, twice the lanes per register and no
 * conversions, within SLEEF's fast class (3.5 ulp; measured over every float of [-4.5, 10.1] and
 * [0, 6]: README). erfc(a) = exp(-a^2) Q(u) / (a + K), Q = (a + K) exp(a^2) erfc(a), which is in
 * [0.62, 1] for K = 1 (flat: the rounding of u costs little, and no term of the polynomial cancels
 * the others as R's would in float), of degree 12 in u = V a / (a + K) - 1 with V = 2 (V a
 * exact), from one reciprocal. -a^2 is h + l (l = fma(a, a, -h), exact); n = rint(-h / ln 2),
 * r = -h - n ln2_hi exact (one fma; ln2_hi is ln 2 as a float, and r, below 0.36, needs fewer
 * than 24 bits), t = -(n ln2_lo + l), |t| < 4.1e-6, so exp(-a^2) = 2^n (1 + s)(1 + t), with
 * s = exp(r) - 1 = r P(r). 2^n goes into the exponent bits as 2^(n + 64), so that the
 * intermediate stays normal, and the final multiply by 2^-64 rounds subnormals once.
 * erf(x) = x (c0 + x^2 S(x^2)) for |x| < 1, c0 = 2 / sqrt(pi) as a float pair (the low part
 * positive, so that erf(-0) is -0). The fits are
 * scripts/fit_erfc.py's, coefficients rounded to floats one at a time and the rest refitted. */
/* SGK_FAST_MATH: Q's fit 7.8e-09, exp's 1.3e-09, erf's 1.2e-08 (relative) */
#define SGK__ERFCF_XMAX 10.06f
#define SGK__ERFCF_K 0x1p+0f
#define SGK__ERFCF_V 0x1p+1f
static const float sgk__erfcf_q[13] = {
    0x1.b5d878p-1f, -0x1.e6c538p-3f, -0x1.87664ap-4f, 0x1.c7b55p-7f, 0x1.a01c66p-6f,
    0x1.395e8cp-7f, -0x1.430dccp-10f, -0x1.ea9412p-9f, -0x1.3193aep-9f, -0x1.8c374ep-12f,
    0x1.23d484p-11f, 0x1.c5e1a8p-12f, 0x1.a6be98p-14f};
static const float sgk__expf_p[7] = {
    0x1p+0f, 0x1p-1f, 0x1.555556p-3f, 0x1.55549ep-5f,
    0x1.11109ep-7f, 0x1.6d8366p-10f, 0x1.a18c5ep-13f};
#define SGK__ERFF_C0_HI 0x1.20dd74p+0f
#define SGK__ERFF_C0_LO 0x1.0429b6p-24f
static const float sgk__erff_s[7] = {
    -0x1.812746p-2f, 0x1.ce2f0cp-4f, -0x1.b829e8p-6f, 0x1.562b4ep-8f,
    -0x1.bcd6b4p-11f, 0x1.d8a398p-14f, -0x1.448876p-17f};
SGK_INLINE sgk__v_f32 sgk__r_horner_f32(sgk__v_f32 x, const float *c, int n) {
  sgk__v_f32 p = sgk__r_splat_f32(c[n - 1]);
  for (int k = n - 2; k >= 0; --k) p = sgk__r_fma_f32(p, x, sgk__r_splat_f32(c[k]));
  return p;
}
/* erfc(|x|), |x| clamped to XMAX; NaN gives erfc(XMAX) (callers restore the NaN) */
SGK_INLINE sgk_f32 sgk__erfc_abs_fast_f32(sgk_f32 x) {
  sgk_f32 m, w, kd;
  SGK__FOR(SGK__N32, k) {
    const sgk__v_f32 a = sgk__r_min_f32(sgk__r_abs_f32(x.r[k]), sgk__r_splat_f32(SGK__ERFCF_XMAX));
    const sgk__v_f32 h = sgk__r_mul_f32(a, a), nh = sgk__r_neg_f32(h);
    const sgk__v_f32 nl = sgk__r_fma_f32(sgk__r_neg_f32(a), a, h); /* -(a^2 - h), exact */
    const sgk__v_f32 shift = sgk__r_splat_f32(0x1.8p23f);
    kd.r[k] = sgk__r_fma_f32(nh, sgk__r_splat_f32(0x1.715476p0f), shift);
    const sgk__v_f32 n = sgk__r_sub_f32(kd.r[k], shift);
    const sgk__v_f32 r = sgk__r_fma_f32(n, sgk__r_splat_f32(-0x1.62e43p-1f), nh); /* exact */
    const sgk__v_f32 t = sgk__r_fma_f32(n, sgk__r_splat_f32(0x1.05c61p-29f), nl);
    const sgk__v_f32 s = sgk__r_mul_f32(r, sgk__r_horner_f32(r, sgk__expf_p, 7));
    w.r[k] = sgk__r_add_f32(s, sgk__r_fma_f32(s, t, t)); /* (1 + s)(1 + t) - 1 */
    const sgk__v_f32 inv =
        sgk__r_div_f32(sgk__r_splat_f32(1.0f), sgk__r_add_f32(a, sgk__r_splat_f32(SGK__ERFCF_K)));
    const sgk__v_f32 u = sgk__r_fma_f32(sgk__r_mul_f32(a, sgk__r_splat_f32(SGK__ERFCF_V)), inv,
                                        sgk__r_splat_f32(-1.0f));
    m.r[k] = sgk__r_mul_f32(sgk__r_horner_f32(u, sgk__erfcf_q, 13), inv);
  }
  /* m 2^(n + 64): m is in [0.05, 1] and n + 64 >= -82, so it stays normal */
  const sgk_u32 e = sgk_shl_u32(sgk_add_u32(sgk_as_u32_f32(kd), sgk_splat_u32(64)), 23);
  const sgk_f32 m2 = sgk_as_f32_u32(sgk_add_u32(sgk_as_u32_f32(m), e));
  return sgk_mul_f32(sgk_fma_f32(m2, w, m2), sgk_splat_f32(0x1p-64f));
}
SGK_INLINE sgk_f32 sgk_erfc_f32(sgk_f32 x) {
  const sgk_f32 r = sgk__erfc_abs_fast_f32(x);
  const sgk_mask neg = sgk_lt_f32(x, sgk_splat_f32(0.0f));
  const sgk_f32 f = sgk_select_f32(neg, sgk_sub_f32(sgk_splat_f32(2.0f), r), r);
  return sgk_select_f32(sgk_ne_f32(x, x), x, f);
}
SGK_INLINE sgk_f32 sgk_erf_f32(sgk_f32 x) {
  sgk_f32 small;
  SGK__FOR(SGK__N32, k) {
    const sgk__v_f32 v = x.r[k], z = sgk__r_mul_f32(v, v);
    const sgk__v_f32 tail = sgk__r_fma_f32(z, sgk__r_horner_f32(z, sgk__erff_s, 7),
                                           sgk__r_splat_f32(SGK__ERFF_C0_LO));
    small.r[k] =
        sgk__r_fma_f32(v, sgk__r_splat_f32(SGK__ERFF_C0_HI), sgk__r_mul_f32(v, tail));
  }
  const sgk_f32 big = sgk_sub_f32(sgk_splat_f32(1.0f), sgk__erfc_abs_fast_f32(x));
  const sgk_u32 sign = sgk_and_u32(sgk_as_u32_f32(x), sgk_splat_u32(0x80000000u));
  const sgk_f32 big_signed = sgk_as_f32_u32(sgk_or_u32(sgk_as_u32_f32(big), sign));
  const sgk_mask in = sgk_lt_f32(sgk_abs_f32(x), sgk_splat_f32(1.0f));
  const sgk_f32 f = sgk_select_f32(in, small, big_signed);
  return sgk_select_f32(sgk_ne_f32(x, x), x, f);
}
#endif

#endif /* SGK_ISA_MATH_H */
// clang-format on
