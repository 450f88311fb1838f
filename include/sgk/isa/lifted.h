/* Register ops lifted to W lanes: shared by the backends that hold a W-lane value as an array of
 * native registers `r[SGK__NR_<T>]` with per-register ops `sgk__r_<op>_<T>` (AVX2, AVX-512).
 * The loops have constant trip counts and unroll. Included by those backends; never directly. */
#ifndef SGK_ISA_LIFTED_H
#define SGK_ISA_LIFTED_H

/* Registers per value: the backend defines SGK__N32 (32-bit types) and SGK__N64 (64-bit). */
#define SGK__NR_i32 SGK__N32
#define SGK__NR_u32 SGK__N32
#define SGK__NR_f32 SGK__N32
#define SGK__NR_i64 SGK__N64
#define SGK__NR_u64 SGK__N64
#define SGK__NR_f64 SGK__N64

#define SGK__FOR(n, k) for (int k = 0; k < (n); ++k)
#define SGK__ID(x) (x)

#define SGK__LIFT1(T, op)                                                                         \
  SGK_INLINE sgk_##T sgk_##op##_##T(sgk_##T a) {                                                 \
    sgk_##T r; SGK__FOR(SGK__NR_##T, k) r.r[k] = sgk__r_##op##_##T(a.r[k]); return r;           \
  }
#define SGK__LIFT2(T, op)                                                                         \
  SGK_INLINE sgk_##T sgk_##op##_##T(sgk_##T a, sgk_##T b) {                                      \
    sgk_##T r; SGK__FOR(SGK__NR_##T, k) r.r[k] = sgk__r_##op##_##T(a.r[k], b.r[k]); return r;   \
  }
#define SGK__LIFT_SHIFT(T, op)                                                                    \
  SGK_INLINE sgk_##T sgk_##op##_##T(sgk_##T a, uint32_t n) {                                     \
    sgk_##T r; SGK__FOR(SGK__NR_##T, k) r.r[k] = sgk__r_##op##_##T(a.r[k], n); return r;        \
  }

/* Lane read-out through memory (used off the hot paths: atomics' lane loops, tests). */
#define SGK__EXTRACT(T, ct)                                                                       \
  SGK_INLINE ct sgk_extract_##T(sgk_##T v, int lane) {                                           \
    ct a[SGK_W];                                                                                 \
    sgk__storeu_##T(a, v);                                                                       \
    return a[lane];                                                                              \
  }

#define SGK__INT_ARITH(T, ct)                                                                     \
  SGK__LIFT2(T, add) SGK__LIFT2(T, sub) SGK__LIFT2(T, mul) SGK__LIFT2(T, min) SGK__LIFT2(T, max) \
  SGK__LIFT2(T, and) SGK__LIFT2(T, or) SGK__LIFT2(T, xor) SGK__LIFT2(T, andnot)                  \
  SGK__LIFT2(T, shlv) SGK__LIFT2(T, shrv) SGK__LIFT1(T, not) SGK__LIFT1(T, neg)                  \
  SGK__LIFT_SHIFT(T, shl) SGK__LIFT_SHIFT(T, shr)                                                \
  SGK__LANEWISE_BINARY(T, ct, div) /* no integer vector division on x86 or NEON */               \
  SGK_INLINE sgk_##T sgk_fma_##T(sgk_##T a, sgk_##T b, sgk_##T c) {                              \
    return sgk_add_##T(sgk_mul_##T(a, b), c);                                                    \
  }
#define SGK__FLOAT_ARITH(T)                                                                       \
  SGK__LIFT2(T, add) SGK__LIFT2(T, sub) SGK__LIFT2(T, mul) SGK__LIFT2(T, div) SGK__LIFT2(T, min) \
  SGK__LIFT2(T, max) SGK__LIFT1(T, sqrt) SGK__LIFT1(T, neg) SGK__LIFT1(T, abs)                   \
  SGK_INLINE sgk_##T sgk_fma_##T(sgk_##T a, sgk_##T b, sgk_##T c) {                              \
    sgk_##T r; SGK__FOR(SGK__NR_##T, k) r.r[k] = sgk__r_fma_##T(a.r[k], b.r[k], c.r[k]); return r; \
  }
/* Arithmetic of all six types; needs the register ops and sgk__loadu/storeu (lane-wise div). */
#define SGK__LIFTED_ARITHMETIC()                                                                  \
  SGK__INT_ARITH(i32, int32_t) SGK__LIFT1(i32, abs)                                               \
  SGK__INT_ARITH(u32, uint32_t)                                                                   \
  SGK__INT_ARITH(i64, int64_t) SGK__LIFT1(i64, abs)                                               \
  SGK__INT_ARITH(u64, uint64_t)                                                                   \
  SGK__FLOAT_ARITH(f32)                                                                           \
  SGK__FLOAT_ARITH(f64)                                                                           \
  SGK__EXTRACT(i32, int32_t) SGK__EXTRACT(u32, uint32_t) SGK__EXTRACT(f32, float)                 \
  SGK__EXTRACT(i64, int64_t) SGK__EXTRACT(u64, uint64_t) SGK__EXTRACT(f64, double)

/* Sub-group shifts as permutes by iota +- d; lanes whose source is outside [0, W) are unspecified
 * (the portable layer selects). Needs sgk__permute_<T>. */
#define SGK__SHIFTS(T)                                                                            \
  SGK_INLINE sgk_##T sgk__shift_left_##T(sgk_##T x, uint32_t d) {                                \
    return sgk__permute_##T(x, sgk_add_u32(sgk__iota_u32(), sgk_splat_u32(d)));                  \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__shift_right_##T(sgk_##T x, uint32_t d) {                               \
    return sgk__permute_##T(x, sgk_sub_u32(sgk__iota_u32(), sgk_splat_u32(d)));                  \
  }
#define SGK__LIFTED_SHIFTS()                                                                      \
  SGK__SHIFTS(i32) SGK__SHIFTS(u32) SGK__SHIFTS(f32) SGK__SHIFTS(i64) SGK__SHIFTS(u64) SGK__SHIFTS(f64)

/* Bit casts between the types of one lane width, given the register casts. */
#define SGK__BITCAST(TO, FROM, CAST)                                                              \
  SGK_INLINE sgk_##TO sgk_as_##TO##_##FROM(sgk_##FROM a) {                                       \
    sgk_##TO r; SGK__FOR(SGK__NR_##TO, k) r.r[k] = CAST(a.r[k]); return r;                       \
  }
#define SGK__LIFTED_BITCASTS(PS_SI, SI_PS, PD_SI, SI_PD)                                          \
  SGK__BITCAST(u32, i32, SGK__ID) SGK__BITCAST(i32, u32, SGK__ID)                                 \
  SGK__BITCAST(u32, f32, PS_SI) SGK__BITCAST(f32, u32, SI_PS)                                     \
  SGK__BITCAST(i32, f32, PS_SI) SGK__BITCAST(f32, i32, SI_PS)                                     \
  SGK__BITCAST(u64, i64, SGK__ID) SGK__BITCAST(i64, u64, SGK__ID)                                 \
  SGK__BITCAST(u64, f64, PD_SI) SGK__BITCAST(f64, u64, SI_PD)                                     \
  SGK__BITCAST(i64, f64, PD_SI) SGK__BITCAST(f64, i64, SI_PD)

#endif
