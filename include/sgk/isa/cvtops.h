/* Conversions beyond the backend contract's (sgk/isa/contract.inc), derived from its ops so that
 * every backend and W has them, exact and the same bit for bit on every backend:
 *   sgk_cvt_f64_u32  sgk_cvt_f64_u64  sgk_cvt_f32_i64  sgk_cvt_f32_u64   correctly rounded (to
 *       nearest even), as C's casts
 *   sgk_cvt_u32_f64  sgk_cvt_i64_f32  sgk_cvt_u64_f32  sgk_cvt_u64_f64   truncating; NaN or out of
 *       range gives the type's MIN (signed) or MAX (unsigned), as the contract's float -> int ones
 * and OpenCL's rounding modes and saturation for every float -> integer pair (to: i32 u32 i64
 * u64, from: f32 f64), convert_<to>[_sat][_<mode>]:
 *   sgk_cvt_<to>_<from>_rte / _rtz / _rtp / _rtn   rounded to nearest even / toward zero / up /
 *       down, then converted (a rounded value out of range: MIN or MAX as above)
 *   sgk_cvt_<to>_<from>_sat, _sat_rte / _rtz / _rtp / _rtn   rounded (toward zero for _sat),
 *   then clamped to [MIN, MAX]; NaN gives 0.
 * Included by sgk/kernel.h after the backend and sgk/isa/intops.h. */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_ISA_CVTOPS_H
#define SGK_ISA_CVTOPS_H

/* u32 -> f64: exact through u64 and i64. */
SGK_INLINE sgk_f64 sgk_cvt_f64_u32(sgk_u32 x) {
  return sgk_cvt_f64_i64(sgk_as_i64_u64(sgk_cvt_u64_u32(x)));
}
/* u64 -> f64: below 2^63 through i64; from 2^63 on, halved with the lost bit kept as a sticky
 * bit (round to odd), converted, doubled: one rounding, as the direct conversion. */
SGK_INLINE sgk_f64 sgk_cvt_f64_u64(sgk_u64 x) {
  const sgk_mask big = sgk_lt_i64(sgk_as_i64_u64(x), sgk_splat_i64(0));
  const sgk_u64 half = sgk_or_u64(sgk_shr_u64(x, 1), sgk_and_u64(x, sgk_splat_u64(1)));
  const sgk_f64 h = sgk_cvt_f64_i64(sgk_as_i64_u64(sgk_select_u64(big, half, x)));
  return sgk_select_f64(big, sgk_add_f64(h, h), h);
}
/* A u64 magnitude -> f32 through f64 with one rounding: from 2^53 on, bits 0..10 lie below f32's
 * rounding position (bit 29 or higher), so they fold into one sticky bit 11; the folded value is
 * exact in f64 and rounds to f32 as the original would (no double rounding). */
SGK_INLINE sgk_f32 sgk__f32_of_u64(sgk_u64 m) {
  const sgk_u64 low = sgk_splat_u64(0x7ff), zero = sgk_splat_u64(0);
  const sgk_u64 sticky = sgk_select_u64(sgk_ne_u64(sgk_and_u64(m, low), zero),
                                        sgk_splat_u64(0x800), zero);
  const sgk_u64 folded = sgk_or_u64(sgk_andnot_u64(low, m), sticky);
  const sgk_mask wide = sgk_ne_u64(sgk_shr_u64(m, 53), zero);
  return sgk_cvt_f32_f64(sgk_cvt_f64_u64(sgk_select_u64(wide, folded, m)));
}
SGK_INLINE sgk_f32 sgk_cvt_f32_u64(sgk_u64 x) { return sgk__f32_of_u64(x); }
SGK_INLINE sgk_f32 sgk_cvt_f32_i64(sgk_i64 x) {
  const sgk_mask neg = sgk_lt_i64(x, sgk_splat_i64(0));
  const sgk_f32 m = sgk__f32_of_u64(sgk_as_u64_i64(sgk_select_i64(neg, sgk_neg_i64(x), x)));
  return sgk_select_f32(neg, sgk_neg_f32(m), m);
}
/* f64 -> u64, truncating: from 2^63 on, through i64 after subtracting 2^63 (exact there). */
SGK_INLINE sgk_u64 sgk_cvt_u64_f64(sgk_f64 x) {
  const sgk_f64 two63 = sgk_splat_f64(9223372036854775808.0);
  const sgk_mask hi = sgk_ge_f64(x, two63);
  const sgk_mask ok = sgk_mask_and(sgk_gt_f64(x, sgk_splat_f64(-1.0)),
                                   sgk_lt_f64(x, sgk_splat_f64(18446744073709551616.0)));
  const sgk_u64 t = sgk_as_u64_i64(sgk_cvt_i64_f64(sgk_select_f64(hi, sgk_sub_f64(x, two63), x)));
  const sgk_u64 r = sgk_select_u64(hi, sgk_xor_u64(t, sgk_splat_u64(UINT64_C(1) << 63)), t);
  return sgk_select_u64(ok, r, sgk_splat_u64(UINT64_MAX));
}
SGK_INLINE sgk_u64 sgk_cvt_u64_f32(sgk_f32 x) { return sgk_cvt_u64_f64(sgk_cvt_f64_f32(x)); }
SGK_INLINE sgk_i64 sgk_cvt_i64_f32(sgk_f32 x) { return sgk_cvt_i64_f64(sgk_cvt_f64_f32(x)); }
SGK_INLINE sgk_u32 sgk_cvt_u32_f64(sgk_f64 x) {
  const sgk_mask ok = sgk_mask_and(sgk_gt_f64(x, sgk_splat_f64(-1.0)),
                                   sgk_lt_f64(x, sgk_splat_f64(4294967296.0)));
  return sgk_select_u32(ok, sgk_cvt_u32_u64(sgk_cvt_u64_f64(x)), sgk_splat_u32(UINT32_MAX));
}

/* Rounding to an integral float with exact operations only, so that no compiler's or FPU's
 * handling of an inexact addition can change it: t = x truncated (through the integer type I,
 * exact for |x| < 2^P, P the mantissa bits; from 2^P on x is integral already, or infinite, or
 * NaN), f = x - t (exact); rint steps t away from zero where |f| > 1/2 or |f| = 1/2 and t is
 * odd, floor steps down where f < 0, ceil up where f > 0. keep: no rounding (rtz: the
 * conversion truncates). */
#define SGK__ROUNDING(F, I, two_p)                                                                 \
  SGK_INLINE sgk_##F sgk__trunc_##F(sgk_##F x, sgk_##I *ti) {                                      \
    const sgk_mask small = sgk_lt_##F(sgk_abs_##F(x), sgk_splat_##F(two_p));                       \
    *ti = sgk_cvt_##I##_##F(sgk_select_##F(small, x, sgk_splat_##F(0)));                           \
    return sgk_select_##F(small, sgk_cvt_##F##_##I(*ti), x);                                       \
  }                                                                                                \
  SGK_INLINE sgk_##F sgk__rint_##F(sgk_##F x) {                                                    \
    sgk_##I ti;                                                                                    \
    const sgk_##F t = sgk__trunc_##F(x, &ti), f = sgk_sub_##F(x, t), af = sgk_abs_##F(f);          \
    const sgk_##F half = sgk_splat_##F(0.5);                                                       \
    const sgk_mask odd = sgk_ne_##I(sgk_and_##I(ti, sgk_splat_##I(1)), sgk_splat_##I(0));          \
    const sgk_mask up = sgk_mask_or(sgk_gt_##F(af, half), sgk_mask_and(sgk_eq_##F(af, half), odd));\
    const sgk_##F step = sgk_select_##F(sgk_lt_##F(f, sgk_splat_##F(0)), sgk_splat_##F(-1),         \
                                        sgk_splat_##F(1));                                         \
    return sgk_select_##F(up, sgk_add_##F(t, step), t);                                            \
  }                                                                                                \
  SGK_INLINE sgk_##F sgk__floor_##F(sgk_##F x) {                                                   \
    sgk_##I ti;                                                                                    \
    const sgk_##F t = sgk__trunc_##F(x, &ti);                                                      \
    return sgk_select_##F(sgk_lt_##F(sgk_sub_##F(x, t), sgk_splat_##F(0)),                         \
                          sgk_sub_##F(t, sgk_splat_##F(1)), t);                                    \
  }                                                                                                \
  SGK_INLINE sgk_##F sgk__ceil_##F(sgk_##F x) {                                                    \
    sgk_##I ti;                                                                                    \
    const sgk_##F t = sgk__trunc_##F(x, &ti);                                                      \
    return sgk_select_##F(sgk_gt_##F(sgk_sub_##F(x, t), sgk_splat_##F(0)),                         \
                          sgk_add_##F(t, sgk_splat_##F(1)), t);                                    \
  }                                                                                                \
  SGK_INLINE sgk_##F sgk__keep_##F(sgk_##F x) { return x; }
SGK__ROUNDING(f32, i32, 8388608.0f)
SGK__ROUNDING(f64, i64, 4503599627370496.0)

/* Saturation of a float (rounded or not) to an integer type: NaN 0, below lo MIN, from hi on
 * MAX, else the truncating conversion. lo and hi (-2^(N-1) and 2^(N-1), or 0 and 2^N) are exact
 * in both float types. */
#define SGK__SAT(TO, F, lo, hi, minv, maxv)                                                        \
  SGK_INLINE sgk_##TO sgk__sat_##TO##_##F(sgk_##F x) {                                             \
    const sgk_##TO v = sgk_cvt_##TO##_##F(x);                                                      \
    const sgk_##TO under = sgk_select_##TO(sgk_ne_##F(x, x), sgk_splat_##TO(0),                    \
                                           sgk_splat_##TO(minv));                                  \
    const sgk_mask in = sgk_ge_##F(x, sgk_splat_##F(lo));                                          \
    return sgk_select_##TO(sgk_ge_##F(x, sgk_splat_##F(hi)), sgk_splat_##TO(maxv),                 \
                           sgk_select_##TO(in, v, under));                                         \
  }
#define SGK__SATS(F)                                                                               \
  SGK__SAT(i32, F, -2147483648.0, 2147483648.0, INT32_MIN, INT32_MAX)                              \
  SGK__SAT(u32, F, 0.0, 4294967296.0, 0, UINT32_MAX)                                               \
  SGK__SAT(i64, F, -9223372036854775808.0, 9223372036854775808.0, INT64_MIN, INT64_MAX)            \
  SGK__SAT(u64, F, 0.0, 18446744073709551616.0, 0, UINT64_MAX)
SGK__SATS(f32)
SGK__SATS(f64)

/* The rounding each suffix applies before the conversion (rtz: none, the conversion itself
 * truncates). */
#define SGK__ROUND_OF_rte rint
#define SGK__ROUND_OF_rtz keep
#define SGK__ROUND_OF_rtp ceil
#define SGK__ROUND_OF_rtn floor
#define SGK__CVT_MODE(TO, F, mode)                                                                 \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##F##_##mode(sgk_##F x) {                                     \
    return sgk_cvt_##TO##_##F(SGK__CAT(SGK__CAT(sgk__, SGK__ROUND_OF_##mode), _##F)(x));           \
  }                                                                                                \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##F##_sat_##mode(sgk_##F x) {                                 \
    return sgk__sat_##TO##_##F(SGK__CAT(SGK__CAT(sgk__, SGK__ROUND_OF_##mode), _##F)(x));          \
  }
#define SGK__CVT_MODES(TO, F)                                                                      \
  SGK__CVT_MODE(TO, F, rte) SGK__CVT_MODE(TO, F, rtz) SGK__CVT_MODE(TO, F, rtp)                    \
  SGK__CVT_MODE(TO, F, rtn)                                                                        \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##F##_sat(sgk_##F x) { return sgk__sat_##TO##_##F(x); }
SGK__CVT_MODES(i32, f32) SGK__CVT_MODES(u32, f32) SGK__CVT_MODES(i64, f32) SGK__CVT_MODES(u64, f32)
SGK__CVT_MODES(i32, f64) SGK__CVT_MODES(u32, f64) SGK__CVT_MODES(i64, f64) SGK__CVT_MODES(u64, f64)

// clang-format on
#endif
