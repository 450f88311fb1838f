/* The scalar reference backend: every op of the per-ISA contract in portable C, one loop over the
 * W lanes. It is the oracle the SIMD backends are tested against, so it is written for clarity and
 * it pins down every semantic the SIMD backends must reproduce bit for bit:
 *   - integer arithmetic wraps (two's complement); integer division by 0 gives 0, MIN / -1 = MIN;
 *   - shifts by >= the bit width give 0 (logical) or the sign fill (arithmetic);
 *   - min(a, b) = a < b ? a : b and max(a, b) = a > b ? a : b (also for floats and NaN);
 *   - float -> signed int truncates; NaN or out of range gives the type's MIN;
 *     float -> unsigned int truncates; NaN or out of range gives the type's MAX;
 *   - reduce_full: the tree v[i] = op(v[i], v[i + s]) for s = W/2 .. 1, result v[0];
 *   - scan_full: Hillis-Steele, v[i] = op(v[i - d], v[i]) for d = 1, 2, .. W/2.
 * Included by sgk/kernel.h when SGK_VARIANT_ISA_SCALAR is defined; never directly. */
#ifndef SGK_ISA_SCALAR_H
#define SGK_ISA_SCALAR_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "sgk/isa/bitmask.h"
#include "sgk/isa/elem.h"

#define SGK__LANES(i) for (int i = 0; i < SGK_W; ++i)

typedef struct { _Alignas(64) int32_t v[SGK_W]; } sgk_i32;
typedef struct { _Alignas(64) uint32_t v[SGK_W]; } sgk_u32;
typedef struct { _Alignas(64) float v[SGK_W]; } sgk_f32;
typedef struct { _Alignas(64) int64_t v[SGK_W]; } sgk_i64;
typedef struct { _Alignas(64) uint64_t v[SGK_W]; } sgk_u64;
typedef struct { _Alignas(64) double v[SGK_W]; } sgk_f64;

SGK_INLINE int sgk__mask_lane(sgk_mask m, int i) { return (int)((m.bits >> i) & 1u); }

/* ---- lane loops ---- */
#define SGK__MAP1(T, op)                                                                         \
  SGK_INLINE sgk_##T sgk_##op##_##T(sgk_##T a) {                                             \
    sgk_##T r; SGK__LANES(i) r.v[i] = sgk__##op##1_##T(a.v[i]); return r;                       \
  }
#define SGK__MAP2(T, op)                                                                         \
  SGK_INLINE sgk_##T sgk_##op##_##T(sgk_##T a, sgk_##T b) {                                  \
    sgk_##T r; SGK__LANES(i) r.v[i] = sgk__##op##1_##T(a.v[i], b.v[i]); return r;               \
  }
#define SGK__CMP(T, op, expr)                                                                    \
  SGK_INLINE sgk_mask sgk_##op##_##T(sgk_##T a, sgk_##T b) {                                 \
    uint32_t m = 0; SGK__LANES(i) { const __typeof__(a.v[0]) x = a.v[i], y = b.v[i];            \
                                    m |= (uint32_t)(expr) << i; }                               \
    return sgk_mask_from_bits(m);                                                               \
  }

#define SGK__COMMON(T, ct)                                                                       \
  SGK_INLINE sgk_##T sgk_splat_##T(ct x) { sgk_##T r; SGK__LANES(i) r.v[i] = x; return r; } \
  SGK_INLINE sgk_##T sgk__loadu_##T(const ct *p) {                                           \
    sgk_##T r; memcpy(r.v, p, sizeof r.v); return r;                                            \
  }                                                                                             \
  SGK_INLINE void sgk__storeu_##T(ct *p, sgk_##T v) { memcpy(p, v.v, sizeof v.v); }         \
  SGK_INLINE sgk_##T sgk__load_mask_##T(sgk_mask m, const ct *p) {                           \
    sgk_##T r; SGK__LANES(i) r.v[i] = sgk__mask_lane(m, i) ? p[i] : (ct)0; return r;            \
  }                                                                                             \
  SGK_INLINE void sgk__store_mask_##T(sgk_mask m, ct *p, sgk_##T v) {                        \
    SGK__LANES(i) if (sgk__mask_lane(m, i)) p[i] = v.v[i];                                      \
  }                                                                                             \
  SGK_INLINE sgk_##T sgk__gather_mask_##T(sgk_mask m, const ct *base, sgk_i32 idx) {         \
    sgk_##T r; SGK__LANES(i) r.v[i] = sgk__mask_lane(m, i) ? base[idx.v[i]] : (ct)0; return r;  \
  }                                                                                             \
  /* Lanes are written in increasing order: where indices repeat, the highest lane wins. */    \
  SGK_INLINE void sgk__scatter_mask_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v) {      \
    SGK__LANES(i) if (sgk__mask_lane(m, i)) base[idx.v[i]] = v.v[i];                            \
  }                                                                                             \
  SGK_INLINE ct sgk_extract_##T(sgk_##T v, int lane) { return v.v[lane]; }                   \
  SGK_INLINE sgk_##T sgk_select_##T(sgk_mask m, sgk_##T a, sgk_##T b) {                      \
    sgk_##T r; SGK__LANES(i) r.v[i] = sgk__mask_lane(m, i) ? a.v[i] : b.v[i]; return r;         \
  }                                                                                             \
  SGK__MAP2(T, add) SGK__MAP2(T, sub) SGK__MAP2(T, mul) SGK__MAP2(T, div)                       \
  SGK__MAP2(T, min) SGK__MAP2(T, max) SGK__MAP1(T, neg)                                         \
  SGK__CMP(T, eq, x == y) SGK__CMP(T, ne, x != y) SGK__CMP(T, lt, x < y)                        \
  SGK__CMP(T, le, x <= y) SGK__CMP(T, gt, x > y) SGK__CMP(T, ge, x >= y)                        \
  /* lane i <- x[lane] */                                                                       \
  SGK_INLINE sgk_##T sgk__broadcast_##T(sgk_##T x, uint32_t lane) {                          \
    return sgk_splat_##T(x.v[lane]);                                                            \
  }                                                                                             \
  /* lane i <- x[idx[i] mod W] */                                                               \
  SGK_INLINE sgk_##T sgk__permute_##T(sgk_##T x, sgk_u32 idx) {                              \
    sgk_##T r; SGK__LANES(i) r.v[i] = x.v[idx.v[i] & (SGK_W - 1)]; return r;                    \
  }                                                                                             \
  /* lane i <- x[i + d] where i + d < W; other lanes unspecified (here: x[i]) */                                           \
  SGK_INLINE sgk_##T sgk__shift_left_##T(sgk_##T x, uint32_t d) {                            \
    sgk_##T r; SGK__LANES(i) r.v[i] = i + d < SGK_W ? x.v[i + d] : x.v[i]; return r;            \
  }                                                                                             \
  /* lane i <- x[i - d] where i >= d; other lanes unspecified (here: x[i]) */                                              \
  SGK_INLINE sgk_##T sgk__shift_right_##T(sgk_##T x, uint32_t d) {                           \
    sgk_##T r; SGK__LANES(i) r.v[i] = (uint32_t)i >= d ? x.v[i - d] : x.v[i]; return r;         \
  }

/* Full-width reduction tree and Hillis-Steele scan, the order every backend follows. */
#define SGK__TREE(T, ct, op)                                                                     \
  SGK_INLINE ct sgk__reduce_full_##op##_##T(sgk_##T x) {                                     \
    for (int s = SGK_W / 2; s >= 1; s /= 2)                                                     \
      for (int i = 0; i < s; ++i) x.v[i] = sgk__##op##1_##T(x.v[i], x.v[i + s]);                \
    return x.v[0];                                                                              \
  }                                                                                             \
  SGK_INLINE sgk_##T sgk__scan_full_##op##_##T(sgk_##T x) {                                  \
    for (int d = 1; d < SGK_W; d *= 2) {                                                        \
      sgk_##T prev = x;                                                                         \
      for (int i = d; i < SGK_W; ++i) x.v[i] = sgk__##op##1_##T(prev.v[i - d], prev.v[i]);      \
    }                                                                                           \
    return x;                                                                                   \
  }

#define SGK__INT_ONLY(T, ct)                                                                     \
  SGK__MAP2(T, and) SGK__MAP2(T, or) SGK__MAP2(T, xor)                                          \
  SGK_INLINE sgk_##T sgk_not_##T(sgk_##T a) { sgk_##T r; SGK__LANES(i) r.v[i] = ~a.v[i]; return r; } \
  SGK_INLINE sgk_##T sgk_andnot_##T(sgk_##T a, sgk_##T b) {                                  \
    sgk_##T r; SGK__LANES(i) r.v[i] = ~a.v[i] & b.v[i]; return r;                               \
  }                                                                                             \
  SGK_INLINE sgk_##T sgk_shl_##T(sgk_##T a, uint32_t n) {                                    \
    sgk_##T r; SGK__LANES(i) r.v[i] = sgk__shl1_##T(a.v[i], n); return r;                       \
  }                                                                                             \
  SGK_INLINE sgk_##T sgk_shr_##T(sgk_##T a, uint32_t n) {                                    \
    sgk_##T r; SGK__LANES(i) r.v[i] = sgk__shr1_##T(a.v[i], n); return r;                       \
  }                                                                                             \
  SGK_INLINE sgk_##T sgk_shlv_##T(sgk_##T a, sgk_##T n) {                                    \
    sgk_##T r; SGK__LANES(i) r.v[i] = sgk__shl1_##T(a.v[i], (uint64_t)n.v[i]); return r;        \
  }                                                                                             \
  SGK_INLINE sgk_##T sgk_shrv_##T(sgk_##T a, sgk_##T n) {                                    \
    sgk_##T r; SGK__LANES(i) r.v[i] = sgk__shr1_##T(a.v[i], (uint64_t)n.v[i]); return r;        \
  }                                                                                             \
  SGK_INLINE sgk_##T sgk_fma_##T(sgk_##T a, sgk_##T b, sgk_##T c) {                          \
    return sgk_add_##T(sgk_mul_##T(a, b), c);                                                   \
  }                                                                                             \
  SGK__TREE(T, ct, add) SGK__TREE(T, ct, mul) SGK__TREE(T, ct, min) SGK__TREE(T, ct, max)       \
  SGK__TREE(T, ct, and) SGK__TREE(T, ct, or) SGK__TREE(T, ct, xor)

#define SGK__SIGNED_ONLY(T)                                                                      \
  SGK_INLINE sgk_##T sgk_abs_##T(sgk_##T a) {                                                \
    return sgk_select_##T(sgk_lt_##T(a, sgk_splat_##T(0)), sgk_neg_##T(a), a);                  \
  }

#define SGK__FLOAT_ONLY(T, ct)                                                                   \
  SGK__MAP1(T, sqrt)                                                                            \
  SGK_INLINE sgk_##T sgk_fma_##T(sgk_##T a, sgk_##T b, sgk_##T c) {                          \
    sgk_##T r; SGK__LANES(i) r.v[i] = sgk__fma1_##T(a.v[i], b.v[i], c.v[i]); return r;          \
  }                                                                                             \
  SGK_INLINE sgk_##T sgk_abs_##T(sgk_##T a) {                                                \
    sgk_##T r; SGK__LANES(i) r.v[i] = (ct)fabs(a.v[i]); return r;                               \
  }                                                                                             \
  SGK__TREE(T, ct, add) SGK__TREE(T, ct, mul) SGK__TREE(T, ct, min) SGK__TREE(T, ct, max)

SGK__COMMON(i32, int32_t) SGK__INT_ONLY(i32, int32_t) SGK__SIGNED_ONLY(i32)
SGK__COMMON(u32, uint32_t) SGK__INT_ONLY(u32, uint32_t)
SGK__COMMON(i64, int64_t) SGK__INT_ONLY(i64, int64_t) SGK__SIGNED_ONLY(i64)
SGK__COMMON(u64, uint64_t) SGK__INT_ONLY(u64, uint64_t)
SGK__COMMON(f32, float) SGK__FLOAT_ONLY(f32, float)
SGK__COMMON(f64, double) SGK__FLOAT_ONLY(f64, double)

SGK_INLINE sgk_u32 sgk__iota_u32(void) { sgk_u32 r; SGK__LANES(i) r.v[i] = (uint32_t)i; return r; }

/* ---- conversions ---- */
#define SGK__CVT(TO, FROM, expr)                                                                 \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                  \
    sgk_##TO r; SGK__LANES(i) { const __typeof__(a.v[0]) x = a.v[i]; r.v[i] = (expr); } return r; \
  }
#define SGK__BITCAST(TO, FROM)                                                                   \
  SGK_INLINE sgk_##TO sgk_as_##TO##_##FROM(sgk_##FROM a) {                                   \
    sgk_##TO r; memcpy(&r, &a, sizeof r); return r;                                             \
  }
SGK__CVT(f32, i32, (float)x)
SGK__CVT(f32, u32, (float)x)
SGK__CVT(i32, f32, (x >= -2147483648.0f && x < 2147483648.0f) ? (int32_t)x : INT32_MIN)
SGK__CVT(u32, f32, (x > -1.0f && x < 4294967296.0f) ? (uint32_t)x : UINT32_MAX)
SGK__CVT(f64, f32, (double)x)
SGK__CVT(f32, f64, (float)x)
SGK__CVT(f64, i32, (double)x)
SGK__CVT(i32, f64, (x > -2147483649.0 && x < 2147483648.0) ? (int32_t)x : INT32_MIN)
SGK__CVT(i64, i32, (int64_t)x)
SGK__CVT(u64, u32, (uint64_t)x)
SGK__CVT(i32, i64, (int32_t)(uint32_t)(uint64_t)x)
SGK__CVT(u32, u64, (uint32_t)x)
SGK__CVT(f64, i64, (double)x)
SGK__CVT(i64, f64, (x >= -9223372036854775808.0 && x < 9223372036854775808.0) ? (int64_t)x : INT64_MIN)
SGK__BITCAST(u32, i32) SGK__BITCAST(i32, u32) SGK__BITCAST(u32, f32) SGK__BITCAST(f32, u32)
SGK__BITCAST(i32, f32) SGK__BITCAST(f32, i32)
SGK__BITCAST(u64, i64) SGK__BITCAST(i64, u64) SGK__BITCAST(u64, f64) SGK__BITCAST(f64, u64)
SGK__BITCAST(i64, f64) SGK__BITCAST(f64, i64)

#endif /* SGK_ISA_SCALAR_H */
