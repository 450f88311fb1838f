/* The AVX2 backend: a W-lane value of a 32-bit type is W/8 ymm registers, of a 64-bit type W/4;
 * a mask is W/8 ymm of all-ones/all-zero 32-bit lanes. Ops are defined once per register
 * (sgk__r_<op>_<T>) and lifted over the registers; the loops have constant trip counts and unroll.
 * Partial sub-groups use vpmaskmov and masked gathers; collectives are vpermd permutes and
 * log-step trees in registers, in the exact order the scalar oracle documents.
 * Included by sgk/kernel.h when SGK_VARIANT_ISA_AVX2 is defined; never directly. */
#ifndef SGK_ISA_AVX2_H
#define SGK_ISA_AVX2_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "sgk/isa/elem.h"
#include "sgk/isa/lifted.h"


#define SGK__N32 (SGK_W / 8) /* ymm per 32-bit value */
#define SGK__N64 (SGK_W / 4) /* ymm per 64-bit value */

typedef struct { __m256i r[SGK__N32]; } sgk_mask;
typedef struct { __m256i r[SGK__N32]; } sgk_i32;
typedef struct { __m256i r[SGK__N32]; } sgk_u32;
typedef struct { __m256 r[SGK__N32]; } sgk_f32;
typedef struct { __m256i r[SGK__N64]; } sgk_i64;
typedef struct { __m256i r[SGK__N64]; } sgk_u64;
typedef struct { __m256d r[SGK__N64]; } sgk_f64;


/* ---- masks ---------------------------------------------------------------------------------- */
SGK_INLINE __m256i sgk__lane_bits(void) { return _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128); }
SGK_INLINE __m256i sgk__iota8(void) { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }

SGK_INLINE sgk_mask sgk_mask_from_bits(uint32_t b) {
  sgk_mask m;
  SGK__FOR(SGK__N32, k) {
    const __m256i bits = sgk__lane_bits();
    m.r[k] = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)(b >> (8 * k))), bits), bits);
  }
  return m;
}
SGK_INLINE uint32_t sgk_mask_bits(sgk_mask m) {
  uint32_t b = 0;
  SGK__FOR(SGK__N32, k) b |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(m.r[k])) << (8 * k);
  return b;
}
SGK_INLINE sgk_mask sgk_mask_all(void) {
  sgk_mask m;
  SGK__FOR(SGK__N32, k) m.r[k] = _mm256_set1_epi32(-1);
  return m;
}
SGK_INLINE sgk_mask sgk_mask_none(void) {
  sgk_mask m;
  SGK__FOR(SGK__N32, k) m.r[k] = _mm256_setzero_si256();
  return m;
}
/* lanes < n */
SGK_INLINE sgk_mask sgk_mask_first_n(uint32_t n) {
  sgk_mask m;
  const int c = n > SGK_W ? SGK_W : (int)n;
  SGK__FOR(SGK__N32, k)
    m.r[k] = _mm256_cmpgt_epi32(_mm256_set1_epi32(c - 8 * k), sgk__iota8());
  return m;
}
#define SGK__MASK_OP(name, expr)                                                                  \
  SGK_INLINE sgk_mask sgk_mask_##name(sgk_mask a, sgk_mask b) {                               \
    sgk_mask m; SGK__FOR(SGK__N32, k) { const __m256i x = a.r[k], y = b.r[k]; m.r[k] = (expr); } \
    return m;                                                                                    \
  }
SGK__MASK_OP(and, _mm256_and_si256(x, y))
SGK__MASK_OP(or, _mm256_or_si256(x, y))
SGK__MASK_OP(xor, _mm256_xor_si256(x, y))
SGK__MASK_OP(andnot, _mm256_andnot_si256(x, y))
SGK_INLINE sgk_mask sgk_mask_not(sgk_mask a) { return sgk_mask_andnot(a, sgk_mask_all()); }

/* The 64-bit-lane mask of 64-bit register j (lanes 4j .. 4j+3). */
SGK_INLINE __m256i sgk__mask64(const __m256i *m32, int j) {
  const __m256i m = m32[j >> 1];
  return _mm256_cvtepi32_epi64((j & 1) ? _mm256_extracti128_si256(m, 1) : _mm256_castsi256_si128(m));
}
/* The low halves of the 64-bit lanes of two registers (lanes 8k .. 8k+7) as one register of 32-bit
 * lanes: packs 64-bit compare masks, and narrows i64 to i32. */
SGK_INLINE __m256i sgk__pack64(__m256i lo, __m256i hi) {
  const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
  return _mm256_permute2x128_si256(_mm256_permutevar8x32_epi32(lo, even),
                                   _mm256_permutevar8x32_epi32(hi, even), 0x20);
}
/* The 4 32-bit indices of 64-bit register j, for 64-bit gathers. */
SGK_INLINE __m128i sgk__idx128(const __m256i *idx, int j) {
  const __m256i v = idx[j >> 1];
  return (j & 1) ? _mm256_extracti128_si256(v, 1) : _mm256_castsi256_si128(v);
}

/* ---- register ops --------------------------------------------------------------------------- */
#define SGK__SIGN32 _mm256_set1_epi32(INT32_MIN)
#define SGK__SIGN64 _mm256_set1_epi64x(INT64_MIN)

/* 32-bit integers (i32 and u32 differ in min/max, compares, right shifts) */
#define SGK__R_INT32(T)                                                                           \
  SGK_INLINE __m256i sgk__r_add_##T(__m256i a, __m256i b) { return _mm256_add_epi32(a, b); }  \
  SGK_INLINE __m256i sgk__r_sub_##T(__m256i a, __m256i b) { return _mm256_sub_epi32(a, b); }  \
  SGK_INLINE __m256i sgk__r_mul_##T(__m256i a, __m256i b) { return _mm256_mullo_epi32(a, b); } \
  SGK_INLINE __m256i sgk__r_and_##T(__m256i a, __m256i b) { return _mm256_and_si256(a, b); }  \
  SGK_INLINE __m256i sgk__r_or_##T(__m256i a, __m256i b) { return _mm256_or_si256(a, b); }    \
  SGK_INLINE __m256i sgk__r_xor_##T(__m256i a, __m256i b) { return _mm256_xor_si256(a, b); }  \
  SGK_INLINE __m256i sgk__r_andnot_##T(__m256i a, __m256i b) { return _mm256_andnot_si256(a, b); } \
  SGK_INLINE __m256i sgk__r_not_##T(__m256i a) { return _mm256_xor_si256(a, _mm256_set1_epi32(-1)); } \
  SGK_INLINE __m256i sgk__r_neg_##T(__m256i a) { return _mm256_sub_epi32(_mm256_setzero_si256(), a); } \
  SGK_INLINE __m256i sgk__r_eq_##T(__m256i a, __m256i b) { return _mm256_cmpeq_epi32(a, b); }  \
  SGK_INLINE __m256i sgk__r_shl_##T(__m256i a, uint32_t n) {                                  \
    return _mm256_sll_epi32(a, _mm_cvtsi32_si128((int)n));                                       \
  }                                                                                              \
  SGK_INLINE __m256i sgk__r_shlv_##T(__m256i a, __m256i n) { return _mm256_sllv_epi32(a, n); }
SGK__R_INT32(i32)
SGK__R_INT32(u32)
SGK_INLINE __m256i sgk__r_gt_i32(__m256i a, __m256i b) { return _mm256_cmpgt_epi32(a, b); }
SGK_INLINE __m256i sgk__r_gt_u32(__m256i a, __m256i b) {
  return _mm256_cmpgt_epi32(_mm256_xor_si256(a, SGK__SIGN32), _mm256_xor_si256(b, SGK__SIGN32));
}
SGK_INLINE __m256i sgk__r_min_i32(__m256i a, __m256i b) { return _mm256_min_epi32(a, b); }
SGK_INLINE __m256i sgk__r_max_i32(__m256i a, __m256i b) { return _mm256_max_epi32(a, b); }
SGK_INLINE __m256i sgk__r_min_u32(__m256i a, __m256i b) { return _mm256_min_epu32(a, b); }
SGK_INLINE __m256i sgk__r_max_u32(__m256i a, __m256i b) { return _mm256_max_epu32(a, b); }
SGK_INLINE __m256i sgk__r_shr_i32(__m256i a, uint32_t n) {
  return _mm256_sra_epi32(a, _mm_cvtsi32_si128((int)n));
}
SGK_INLINE __m256i sgk__r_shr_u32(__m256i a, uint32_t n) {
  return _mm256_srl_epi32(a, _mm_cvtsi32_si128((int)n));
}
SGK_INLINE __m256i sgk__r_shrv_i32(__m256i a, __m256i n) { return _mm256_srav_epi32(a, n); }
SGK_INLINE __m256i sgk__r_shrv_u32(__m256i a, __m256i n) { return _mm256_srlv_epi32(a, n); }
SGK_INLINE __m256i sgk__r_abs_i32(__m256i a) { return _mm256_abs_epi32(a); }

/* 64-bit integers: AVX2 lacks 64-bit multiply, min/max, arithmetic right shift; composed here */
#define SGK__R_INT64(T)                                                                           \
  SGK_INLINE __m256i sgk__r_add_##T(__m256i a, __m256i b) { return _mm256_add_epi64(a, b); }  \
  SGK_INLINE __m256i sgk__r_sub_##T(__m256i a, __m256i b) { return _mm256_sub_epi64(a, b); }  \
  SGK_INLINE __m256i sgk__r_mul_##T(__m256i a, __m256i b) {                                   \
    const __m256i lo = _mm256_mul_epu32(a, b);                                                   \
    const __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), b),        \
                                           _mm256_mul_epu32(a, _mm256_srli_epi64(b, 32)));       \
    return _mm256_add_epi64(lo, _mm256_slli_epi64(cross, 32));                                   \
  }                                                                                              \
  SGK_INLINE __m256i sgk__r_and_##T(__m256i a, __m256i b) { return _mm256_and_si256(a, b); }  \
  SGK_INLINE __m256i sgk__r_or_##T(__m256i a, __m256i b) { return _mm256_or_si256(a, b); }    \
  SGK_INLINE __m256i sgk__r_xor_##T(__m256i a, __m256i b) { return _mm256_xor_si256(a, b); }  \
  SGK_INLINE __m256i sgk__r_andnot_##T(__m256i a, __m256i b) { return _mm256_andnot_si256(a, b); } \
  SGK_INLINE __m256i sgk__r_not_##T(__m256i a) { return _mm256_xor_si256(a, _mm256_set1_epi32(-1)); } \
  SGK_INLINE __m256i sgk__r_neg_##T(__m256i a) { return _mm256_sub_epi64(_mm256_setzero_si256(), a); } \
  SGK_INLINE __m256i sgk__r_eq_##T(__m256i a, __m256i b) { return _mm256_cmpeq_epi64(a, b); }  \
  SGK_INLINE __m256i sgk__r_min_##T(__m256i a, __m256i b) {                                   \
    return _mm256_blendv_epi8(a, b, sgk__r_gt_##T(a, b));                                        \
  }                                                                                              \
  SGK_INLINE __m256i sgk__r_max_##T(__m256i a, __m256i b) {                                   \
    return _mm256_blendv_epi8(a, b, sgk__r_gt_##T(b, a));                                        \
  }                                                                                              \
  SGK_INLINE __m256i sgk__r_shl_##T(__m256i a, uint32_t n) {                                  \
    return _mm256_sll_epi64(a, _mm_cvtsi32_si128((int)n));                                       \
  }                                                                                              \
  SGK_INLINE __m256i sgk__r_shlv_##T(__m256i a, __m256i n) { return _mm256_sllv_epi64(a, n); }
SGK_INLINE __m256i sgk__r_gt_i64(__m256i a, __m256i b) { return _mm256_cmpgt_epi64(a, b); }
SGK_INLINE __m256i sgk__r_gt_u64(__m256i a, __m256i b) {
  return _mm256_cmpgt_epi64(_mm256_xor_si256(a, SGK__SIGN64), _mm256_xor_si256(b, SGK__SIGN64));
}
SGK__R_INT64(i64)
SGK__R_INT64(u64)
SGK_INLINE __m256i sgk__r_shr_u64(__m256i a, uint32_t n) {
  return _mm256_srl_epi64(a, _mm_cvtsi32_si128((int)n));
}
SGK_INLINE __m256i sgk__r_shrv_u64(__m256i a, __m256i n) { return _mm256_srlv_epi64(a, n); }
/* arithmetic: logical shift, then the sign shifted in from the top (count clamped to 63) */
SGK_INLINE __m256i sgk__r_shrv_i64(__m256i a, __m256i n) {
  const __m256i n63 = _mm256_set1_epi64x(63);
  const __m256i k = _mm256_blendv_epi8(n, n63, sgk__r_gt_u64(n, n63));
  const __m256i sign = _mm256_cmpgt_epi64(_mm256_setzero_si256(), a);
  return _mm256_or_si256(_mm256_srlv_epi64(a, k),
                         _mm256_sllv_epi64(sign, _mm256_sub_epi64(_mm256_set1_epi64x(64), k)));
}
SGK_INLINE __m256i sgk__r_shr_i64(__m256i a, uint32_t n) {
  return sgk__r_shrv_i64(a, _mm256_set1_epi64x((int64_t)n));
}
SGK_INLINE __m256i sgk__r_abs_i64(__m256i a) {
  return _mm256_blendv_epi8(a, sgk__r_neg_i64(a), _mm256_cmpgt_epi64(_mm256_setzero_si256(), a));
}

/* floats: min/max are vminps/vmaxps, which are exactly a < b ? a : b and a > b ? a : b */
#define SGK__R_FLOAT(T, V, S, SIGNBITS)                                                           \
  SGK_INLINE V sgk__r_add_##T(V a, V b) { return _mm256_add_##S(a, b); }                      \
  SGK_INLINE V sgk__r_sub_##T(V a, V b) { return _mm256_sub_##S(a, b); }                      \
  SGK_INLINE V sgk__r_mul_##T(V a, V b) { return _mm256_mul_##S(a, b); }                      \
  SGK_INLINE V sgk__r_div_##T(V a, V b) { return _mm256_div_##S(a, b); }                      \
  SGK_INLINE V sgk__r_min_##T(V a, V b) { return _mm256_min_##S(a, b); }                      \
  SGK_INLINE V sgk__r_max_##T(V a, V b) { return _mm256_max_##S(a, b); }                      \
  SGK_INLINE V sgk__r_sqrt_##T(V a) { return _mm256_sqrt_##S(a); }                            \
  SGK_INLINE V sgk__r_neg_##T(V a) { return _mm256_xor_##S(a, SIGNBITS); }                    \
  SGK_INLINE V sgk__r_abs_##T(V a) { return _mm256_andnot_##S(SIGNBITS, a); }                 \
  SGK_INLINE V sgk__r_fma_##T(V a, V b, V c) { return _mm256_fmadd_##S(a, b, c); }
SGK__R_FLOAT(f32, __m256, ps, _mm256_set1_ps(-0.0f))
SGK__R_FLOAT(f64, __m256d, pd, _mm256_set1_pd(-0.0))

/* ---- lifting register ops to W lanes -------------------------------------------------------- */

/* integer compares: eq and gt are native; the rest derive from them */
#define SGK__INT_CMP32(T)                                                                         \
  SGK_INLINE sgk_mask sgk__cmp_##T(sgk_##T a, sgk_##T b, int swap, int eq, int inv) {        \
    sgk_mask m;                                                                                  \
    SGK__FOR(SGK__N32, k) {                                                                      \
      const __m256i x = swap ? b.r[k] : a.r[k], y = swap ? a.r[k] : b.r[k];                      \
      const __m256i c = eq ? sgk__r_eq_##T(x, y) : sgk__r_gt_##T(x, y);                          \
      m.r[k] = inv ? _mm256_xor_si256(c, _mm256_set1_epi32(-1)) : c;                             \
    }                                                                                            \
    return m;                                                                                    \
  }
#define SGK__INT_CMP64(T)                                                                         \
  SGK_INLINE sgk_mask sgk__cmp_##T(sgk_##T a, sgk_##T b, int swap, int eq, int inv) {        \
    __m256i c[SGK__N64];                                                                         \
    SGK__FOR(SGK__N64, j) {                                                                      \
      const __m256i x = swap ? b.r[j] : a.r[j], y = swap ? a.r[j] : b.r[j];                      \
      c[j] = eq ? sgk__r_eq_##T(x, y) : sgk__r_gt_##T(x, y);                                     \
    }                                                                                            \
    sgk_mask m;                                                                                  \
    SGK__FOR(SGK__N32, k) {                                                                      \
      const __m256i p = sgk__pack64(c[2 * k], c[2 * k + 1]);                                     \
      m.r[k] = inv ? _mm256_xor_si256(p, _mm256_set1_epi32(-1)) : p;                             \
    }                                                                                            \
    return m;                                                                                    \
  }
#define SGK__INT_CMPS(T)                                                                          \
  SGK_INLINE sgk_mask sgk_eq_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 0, 1, 0); } \
  SGK_INLINE sgk_mask sgk_ne_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 0, 1, 1); } \
  SGK_INLINE sgk_mask sgk_gt_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 0, 0, 0); } \
  SGK_INLINE sgk_mask sgk_lt_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 1, 0, 0); } \
  SGK_INLINE sgk_mask sgk_le_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 0, 0, 1); } \
  SGK_INLINE sgk_mask sgk_ge_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 1, 0, 1); }
SGK__INT_CMP32(i32) SGK__INT_CMPS(i32)
SGK__INT_CMP32(u32) SGK__INT_CMPS(u32)
SGK__INT_CMP64(i64) SGK__INT_CMPS(i64)
SGK__INT_CMP64(u64) SGK__INT_CMPS(u64)

/* float compares: ordered, except != which is true for NaN as in C */
#define SGK__F32_CMP(name, pred)                                                                  \
  SGK_INLINE sgk_mask sgk_##name##_f32(sgk_f32 a, sgk_f32 b) {                                \
    sgk_mask m;                                                                                  \
    SGK__FOR(SGK__N32, k) m.r[k] = _mm256_castps_si256(_mm256_cmp_ps(a.r[k], b.r[k], pred));     \
    return m;                                                                                    \
  }
#define SGK__F64_CMP(name, pred)                                                                  \
  SGK_INLINE sgk_mask sgk_##name##_f64(sgk_f64 a, sgk_f64 b) {                                \
    sgk_mask m;                                                                                  \
    SGK__FOR(SGK__N32, k)                                                                        \
      m.r[k] = sgk__pack64(_mm256_castpd_si256(_mm256_cmp_pd(a.r[2 * k], b.r[2 * k], pred)),     \
                           _mm256_castpd_si256(_mm256_cmp_pd(a.r[2 * k + 1], b.r[2 * k + 1], pred))); \
    return m;                                                                                    \
  }
#define SGK__FLOAT_CMPS(CMP)                                                                      \
  CMP(eq, _CMP_EQ_OQ) CMP(ne, _CMP_NEQ_UQ) CMP(lt, _CMP_LT_OQ) CMP(le, _CMP_LE_OQ)                \
  CMP(gt, _CMP_GT_OQ) CMP(ge, _CMP_GE_OQ)
SGK__FLOAT_CMPS(SGK__F32_CMP)
SGK__FLOAT_CMPS(SGK__F64_CMP)

/* ---- memory --------------------------------------------------------------------------------- */
#define SGK__MEM(T, ct, V, LOADU, STOREU, MLOAD, MSTORE, MASK, GATHER, TOV, FROMV, PER)          \
  SGK_INLINE sgk_##T sgk__loadu_##T(const ct *p) {                                           \
    sgk_##T r; SGK__FOR(SGK__NR_##T, k) r.r[k] = LOADU(p + PER * k); return r;                   \
  }                                                                                              \
  SGK_INLINE void sgk__storeu_##T(ct *p, sgk_##T v) {                                         \
    SGK__FOR(SGK__NR_##T, k) STOREU(p + PER * k, v.r[k]);                                        \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__load_mask_##T(sgk_mask m, const ct *p) {                            \
    sgk_##T r; SGK__FOR(SGK__NR_##T, k) r.r[k] = MLOAD(p + PER * k, MASK(m, k)); return r;       \
  }                                                                                              \
  SGK_INLINE void sgk__store_mask_##T(sgk_mask m, ct *p, sgk_##T v) {                         \
    SGK__FOR(SGK__NR_##T, k) MSTORE(p + PER * k, MASK(m, k), v.r[k]);                            \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__gather_mask_##T(sgk_mask m, const ct *base, sgk_i32 idx) {          \
    sgk_##T r; SGK__FOR(SGK__NR_##T, k) r.r[k] = GATHER(base, idx, k, MASK(m, k)); return r;     \
  }                                                                                              \
  /* AVX2 has no scatter: active lanes are stored in increasing order (highest lane wins) */     \
  SGK_INLINE void sgk__scatter_mask_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v) {      \
    ct val[SGK_W];                                                                               \
    int32_t at[SGK_W];                                                                           \
    sgk__storeu_##T(val, v);                                                                     \
    SGK__FOR(SGK__N32, k) _mm256_storeu_si256((__m256i *)(at + 8 * k), idx.r[k]);                \
    for (uint32_t bits = sgk_mask_bits(m); bits; bits &= bits - 1) {                             \
      const int i = __builtin_ctz(bits);                                                         \
      base[at[i]] = val[i];                                                                      \
    }                                                                                            \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk_select_##T(sgk_mask m, sgk_##T a, sgk_##T b) {                       \
    sgk_##T r;                                                                                   \
    SGK__FOR(SGK__NR_##T, k) r.r[k] = FROMV(_mm256_blendv_epi8(TOV(b.r[k]), TOV(a.r[k]), MASK(m, k))); \
    return r;                                                                                    \
  }

#define SGK__MASK32(m, k) ((m).r[k])
#define SGK__MASK64(m, k) sgk__mask64((m).r, k)
#define SGK__LOADU_SI(p) _mm256_loadu_si256((const __m256i *)(p))
#define SGK__STOREU_SI(p, v) _mm256_storeu_si256((__m256i *)(p), v)
#define SGK__MLOAD32(p, m) _mm256_maskload_epi32((const int *)(p), m)
#define SGK__MSTORE32(p, m, v) _mm256_maskstore_epi32((int *)(p), m, v)
#define SGK__MLOAD64(p, m) _mm256_maskload_epi64((const long long *)(p), m)
#define SGK__MSTORE64(p, m, v) _mm256_maskstore_epi64((long long *)(p), m, v)
#define SGK__MLOADPS(p, m) _mm256_maskload_ps(p, m)
#define SGK__MSTOREPS(p, m, v) _mm256_maskstore_ps(p, m, v)
#define SGK__MLOADPD(p, m) _mm256_maskload_pd(p, m)
#define SGK__MSTOREPD(p, m, v) _mm256_maskstore_pd(p, m, v)
#define SGK__GATHER32(base, idx, k, m)                                                            \
  _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)(base), (idx).r[k], m, 4)
#define SGK__GATHERPS(base, idx, k, m)                                                            \
  _mm256_mask_i32gather_ps(_mm256_setzero_ps(), base, (idx).r[k], _mm256_castsi256_ps(m), 4)
#define SGK__GATHER64(base, idx, k, m)                                                            \
  _mm256_mask_i32gather_epi64(_mm256_setzero_si256(), (const long long *)(base),                 \
                              sgk__idx128((idx).r, k), m, 8)
#define SGK__GATHERPD(base, idx, k, m)                                                            \
  _mm256_mask_i32gather_pd(_mm256_setzero_pd(), base, sgk__idx128((idx).r, k),                  \
                           _mm256_castsi256_pd(m), 8)

SGK__MEM(i32, int32_t, __m256i, SGK__LOADU_SI, SGK__STOREU_SI, SGK__MLOAD32, SGK__MSTORE32,
         SGK__MASK32, SGK__GATHER32, SGK__ID, SGK__ID, 8)
SGK__MEM(u32, uint32_t, __m256i, SGK__LOADU_SI, SGK__STOREU_SI, SGK__MLOAD32, SGK__MSTORE32,
         SGK__MASK32, SGK__GATHER32, SGK__ID, SGK__ID, 8)
SGK__MEM(f32, float, __m256, _mm256_loadu_ps, _mm256_storeu_ps, SGK__MLOADPS, SGK__MSTOREPS,
         SGK__MASK32, SGK__GATHERPS, _mm256_castps_si256, _mm256_castsi256_ps, 8)
SGK__MEM(i64, int64_t, __m256i, SGK__LOADU_SI, SGK__STOREU_SI, SGK__MLOAD64, SGK__MSTORE64,
         SGK__MASK64, SGK__GATHER64, SGK__ID, SGK__ID, 4)
SGK__MEM(u64, uint64_t, __m256i, SGK__LOADU_SI, SGK__STOREU_SI, SGK__MLOAD64, SGK__MSTORE64,
         SGK__MASK64, SGK__GATHER64, SGK__ID, SGK__ID, 4)
SGK__MEM(f64, double, __m256d, _mm256_loadu_pd, _mm256_storeu_pd, SGK__MLOADPD, SGK__MSTOREPD,
         SGK__MASK64, SGK__GATHERPD, _mm256_castpd_si256, _mm256_castsi256_pd, 4)

/* ---- splat, iota ------------------------------------------------------------------- */
#define SGK__SPLAT(T, ct, SET)                                                                    \
  SGK_INLINE sgk_##T sgk_splat_##T(ct x) {                                                       \
    sgk_##T r; SGK__FOR(SGK__NR_##T, k) r.r[k] = SET(x); return r;                               \
  }
#define SGK__SET1_I32(x) _mm256_set1_epi32((int)(x))
#define SGK__SET1_I64(x) _mm256_set1_epi64x((long long)(x))
SGK__SPLAT(i32, int32_t, SGK__SET1_I32)
SGK__SPLAT(u32, uint32_t, SGK__SET1_I32)
SGK__SPLAT(f32, float, _mm256_set1_ps)
SGK__SPLAT(i64, int64_t, SGK__SET1_I64)
SGK__SPLAT(u64, uint64_t, SGK__SET1_I64)
SGK__SPLAT(f64, double, _mm256_set1_pd)

SGK_INLINE sgk_u32 sgk__iota_u32(void) {
  sgk_u32 r;
  SGK__FOR(SGK__N32, k) r.r[k] = _mm256_add_epi32(sgk__iota8(), _mm256_set1_epi32(8 * k));
  return r;
}

/* ---- arithmetic ----------------------------------------------------------------------------- */
SGK__LIFTED_ARITHMETIC()


/* ---- collectives ----------------------------------------------------------------------------
 * Everything moves 32-bit lanes with vpermd; 64-bit types move as pairs of 32-bit lanes. */
SGK_INLINE __m256i sgk__r_as_si_i32(__m256i v) { return v; }
SGK_INLINE __m256i sgk__r_as_si_u32(__m256i v) { return v; }
SGK_INLINE __m256i sgk__r_as_si_f32(__m256 v) { return _mm256_castps_si256(v); }
SGK_INLINE __m256i sgk__r_as_si_i64(__m256i v) { return v; }
SGK_INLINE __m256i sgk__r_as_si_u64(__m256i v) { return v; }
SGK_INLINE __m256i sgk__r_as_si_f64(__m256d v) { return _mm256_castpd_si256(v); }
SGK_INLINE __m256i sgk__r_from_si_i32(__m256i v) { return v; }
SGK_INLINE __m256i sgk__r_from_si_u32(__m256i v) { return v; }
SGK_INLINE __m256 sgk__r_from_si_f32(__m256i v) { return _mm256_castsi256_ps(v); }
SGK_INLINE __m256i sgk__r_from_si_i64(__m256i v) { return v; }
SGK_INLINE __m256i sgk__r_from_si_u64(__m256i v) { return v; }
SGK_INLINE __m256d sgk__r_from_si_f64(__m256i v) { return _mm256_castsi256_pd(v); }

/* out[k] lane i <- src lane (idx[k] lane i) mod (8 n), over n source registers */
SGK_INLINE __m256i sgk__permute_regs(const __m256i *src, int n, __m256i idx) {
  __m256i r = _mm256_permutevar8x32_epi32(src[0], idx);
  for (int s = 1; s < n; ++s) {
    const __m256i hit = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_srli_epi32(idx, 3),
                                                            _mm256_set1_epi32(n - 1)),
                                           _mm256_set1_epi32(s));
    r = _mm256_blendv_epi8(r, _mm256_permutevar8x32_epi32(src[s], idx), hit);
  }
  return r;
}
/* 64-bit lane index vector (4 lanes of idx32, 64-bit register j) as pairs of 32-bit lanes. */
SGK_INLINE __m256i sgk__pair_index(const __m256i *idx32, int j) {
  const __m256i q = _mm256_cvtepu32_epi64(sgk__idx128(idx32, j));
  const __m256i twice = _mm256_slli_epi64(q, 1);
  return _mm256_or_si256(twice, _mm256_slli_epi64(_mm256_add_epi64(twice, _mm256_set1_epi64x(1)), 32));
}

#define SGK__COLLECTIVES32(T)                                                                     \
  SGK_INLINE sgk_##T sgk__broadcast_##T(sgk_##T x, uint32_t lane) {                           \
    const __m256i v = _mm256_permutevar8x32_epi32(sgk__r_as_si_##T(x.r[lane >> 3]),              \
                                                  _mm256_set1_epi32((int)(lane & 7)));           \
    sgk_##T r; SGK__FOR(SGK__N32, k) r.r[k] = sgk__r_from_si_##T(v); return r;                   \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__permute_##T(sgk_##T x, sgk_u32 idx) {                               \
    __m256i src[SGK__N32];                                                                       \
    SGK__FOR(SGK__N32, k) src[k] = sgk__r_as_si_##T(x.r[k]);                                     \
    sgk_##T r;                                                                                   \
    SGK__FOR(SGK__N32, k) r.r[k] = sgk__r_from_si_##T(sgk__permute_regs(src, SGK__N32, idx.r[k])); \
    return r;                                                                                    \
  }
#define SGK__COLLECTIVES64(T)                                                                     \
  SGK_INLINE sgk_##T sgk__broadcast_##T(sgk_##T x, uint32_t lane) {                           \
    const int l = (int)(lane & 3);                                                               \
    const __m256i v = _mm256_permutevar8x32_epi32(                                               \
        sgk__r_as_si_##T(x.r[lane >> 2]),                                                        \
        _mm256_setr_epi32(2 * l, 2 * l + 1, 2 * l, 2 * l + 1, 2 * l, 2 * l + 1, 2 * l, 2 * l + 1)); \
    sgk_##T r; SGK__FOR(SGK__N64, k) r.r[k] = sgk__r_from_si_##T(v); return r;                   \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__permute_##T(sgk_##T x, sgk_u32 idx) {                               \
    __m256i src[SGK__N64];                                                                       \
    SGK__FOR(SGK__N64, k) src[k] = sgk__r_as_si_##T(x.r[k]);                                     \
    sgk_##T r;                                                                                   \
    SGK__FOR(SGK__N64, k)                                                                        \
      r.r[k] = sgk__r_from_si_##T(sgk__permute_regs(src, SGK__N64, sgk__pair_index(idx.r, k)));  \
    return r;                                                                                    \
  }
SGK__COLLECTIVES32(i32) SGK__COLLECTIVES32(u32) SGK__COLLECTIVES32(f32)
SGK__COLLECTIVES64(i64) SGK__COLLECTIVES64(u64) SGK__COLLECTIVES64(f64)
SGK__LIFTED_SHIFTS()

/* Reduction tree (v[i] = op(v[i], v[i + s]), s = W/2 .. 1) and Hillis-Steele scan
 * (v[i] = op(v[i - d], v[i])), first across registers, then inside one ymm. */
#define SGK__TREES(T, ct, LANES, EXTRACT0)                                                        \
  SGK__TREE_OP(T, ct, LANES, EXTRACT0, add) SGK__TREE_OP(T, ct, LANES, EXTRACT0, mul)            \
  SGK__TREE_OP(T, ct, LANES, EXTRACT0, min) SGK__TREE_OP(T, ct, LANES, EXTRACT0, max)
#define SGK__TREES_BITS(T, ct, LANES, EXTRACT0)                                                   \
  SGK__TREE_OP(T, ct, LANES, EXTRACT0, and) SGK__TREE_OP(T, ct, LANES, EXTRACT0, or)             \
  SGK__TREE_OP(T, ct, LANES, EXTRACT0, xor)
#define SGK__TREE_OP(T, ct, LANES, EXTRACT0, op)                                                  \
  SGK_INLINE ct sgk__reduce_full_##op##_##T(sgk_##T x) {                                      \
    for (int n = SGK__NR_##T / 2; n >= 1; n /= 2)                                                \
      SGK__FOR(n, k) x.r[k] = sgk__r_##op##_##T(x.r[k], x.r[k + n]);                             \
    for (int s = LANES / 2; s >= 1; s /= 2) {                                                    \
      const __m256i from = sgk__in_reg_from(LANES, s);                                           \
      x.r[0] = sgk__r_##op##_##T(x.r[0], sgk__r_from_si_##T(_mm256_permutevar8x32_epi32(         \
                                                    sgk__r_as_si_##T(x.r[0]), from)));          \
    }                                                                                            \
    return EXTRACT0(x.r[0]);                                                                     \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__scan_full_##op##_##T(sgk_##T x) {                                   \
    /* steps shorter than a register: lane i takes lane i - d, from the register below when    \
     * i - d crosses it; registers are updated top-down so the one below is still the old one */ \
    for (int d = 1; d < LANES; d *= 2) {                                                         \
      const __m256i from = sgk__in_reg_from(LANES, -d);                                          \
      const __m256i low = sgk__in_reg_below(LANES, d);                                           \
      for (int k = SGK__NR_##T - 1; k >= 0; --k) {                                               \
        const __m256i v = sgk__r_as_si_##T(x.r[k]);                                              \
        const __m256i here = _mm256_permutevar8x32_epi32(v, from);                               \
        if (k == 0) {                                                                            \
          const __m256i r = sgk__r_as_si_##T(sgk__r_##op##_##T(sgk__r_from_si_##T(here), x.r[0])); \
          x.r[0] = sgk__r_from_si_##T(_mm256_blendv_epi8(r, v, low));                            \
        } else {                                                                                 \
          const __m256i below = _mm256_permutevar8x32_epi32(sgk__r_as_si_##T(x.r[k - 1]), from); \
          x.r[k] = sgk__r_##op##_##T(sgk__r_from_si_##T(_mm256_blendv_epi8(here, below, low)), x.r[k]); \
        }                                                                                        \
      }                                                                                          \
    }                                                                                            \
    /* steps of whole registers */                                                               \
    for (int n = 1; n < SGK__NR_##T; n *= 2)                                                     \
      for (int k = SGK__NR_##T - 1; k >= n; --k) x.r[k] = sgk__r_##op##_##T(x.r[k - n], x.r[k]); \
    return x;                                                                                    \
  }

/* Index vector that brings lane i + s (mod LANES) of a LANES-lane register to lane i; for 64-bit
 * lanes (LANES = 4) as pairs of 32-bit lanes. */
SGK_INLINE __m256i sgk__in_reg_from(int lanes, int s) {
  const __m256i i = sgk__iota8();
  if (lanes == 8) return _mm256_and_si256(_mm256_add_epi32(i, _mm256_set1_epi32(s)), _mm256_set1_epi32(7));
  const __m256i q = _mm256_srli_epi32(i, 1), half = _mm256_and_si256(i, _mm256_set1_epi32(1));
  const __m256i src = _mm256_and_si256(_mm256_add_epi32(q, _mm256_set1_epi32(s)), _mm256_set1_epi32(3));
  return _mm256_add_epi32(_mm256_slli_epi32(src, 1), half);
}
/* Mask of the lanes (of LANES) below d. */
SGK_INLINE __m256i sgk__in_reg_below(int lanes, int d) {
  const __m256i lane = lanes == 8 ? sgk__iota8() : _mm256_srli_epi32(sgk__iota8(), 1);
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(d), lane);
}
#define SGK__X0_I32(v) ((int32_t)_mm256_cvtsi256_si32(v))
#define SGK__X0_U32(v) ((uint32_t)_mm256_cvtsi256_si32(v))
#define SGK__X0_F32(v) _mm256_cvtss_f32(v)
#define SGK__X0_I64(v) ((int64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(v)))
#define SGK__X0_U64(v) ((uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(v)))
#define SGK__X0_F64(v) _mm256_cvtsd_f64(v)
SGK__TREES(i32, int32_t, 8, SGK__X0_I32) SGK__TREES_BITS(i32, int32_t, 8, SGK__X0_I32)
SGK__TREES(u32, uint32_t, 8, SGK__X0_U32) SGK__TREES_BITS(u32, uint32_t, 8, SGK__X0_U32)
SGK__TREES(i64, int64_t, 4, SGK__X0_I64) SGK__TREES_BITS(i64, int64_t, 4, SGK__X0_I64)
SGK__TREES(u64, uint64_t, 4, SGK__X0_U64) SGK__TREES_BITS(u64, uint64_t, 4, SGK__X0_U64)
SGK__TREES(f32, float, 8, SGK__X0_F32)
SGK__TREES(f64, double, 4, SGK__X0_F64)

/* ---- conversions ---------------------------------------------------------------------------- */
SGK_INLINE sgk_f32 sgk_cvt_f32_i32(sgk_i32 a) {
  sgk_f32 r; SGK__FOR(SGK__N32, k) r.r[k] = _mm256_cvtepi32_ps(a.r[k]); return r;
}
/* u32 -> f32: the high and low 16 bits convert exactly; one rounding in the final add */
SGK_INLINE sgk_f32 sgk_cvt_f32_u32(sgk_u32 a) {
  sgk_f32 r;
  SGK__FOR(SGK__N32, k) {
    const __m256 hi = _mm256_cvtepi32_ps(_mm256_srli_epi32(a.r[k], 16));
    const __m256 lo = _mm256_cvtepi32_ps(_mm256_and_si256(a.r[k], _mm256_set1_epi32(0xffff)));
    r.r[k] = _mm256_fmadd_ps(hi, _mm256_set1_ps(65536.0f), lo);
  }
  return r;
}
/* f32 -> i32: vcvttps2dq gives INT32_MIN for NaN and out of range, as documented */
SGK_INLINE sgk_i32 sgk_cvt_i32_f32(sgk_f32 a) {
  sgk_i32 r; SGK__FOR(SGK__N32, k) r.r[k] = _mm256_cvttps_epi32(a.r[k]); return r;
}
/* f32 -> u32: [2^31, 2^32) converts after subtracting 2^31; NaN and out of range give UINT32_MAX */
SGK_INLINE sgk_u32 sgk_cvt_u32_f32(sgk_f32 a) {
  sgk_u32 r;
  SGK__FOR(SGK__N32, k) {
    const __m256 x = a.r[k], two31 = _mm256_set1_ps(2147483648.0f);
    const __m256i big = _mm256_castps_si256(_mm256_cmp_ps(x, two31, _CMP_GE_OQ));
    const __m256i low = _mm256_cvttps_epi32(x);
    const __m256i high = _mm256_xor_si256(_mm256_cvttps_epi32(_mm256_sub_ps(x, two31)), SGK__SIGN32);
    const __m256i ok = _mm256_castps_si256(_mm256_and_ps(_mm256_cmp_ps(x, _mm256_set1_ps(-1.0f), _CMP_GT_OQ),
                                                         _mm256_cmp_ps(x, _mm256_set1_ps(4294967296.0f), _CMP_LT_OQ)));
    r.r[k] = _mm256_or_si256(_mm256_blendv_epi8(low, high, big), _mm256_xor_si256(ok, _mm256_set1_epi32(-1)));
  }
  return r;
}
SGK_INLINE sgk_f64 sgk_cvt_f64_f32(sgk_f32 a) {
  sgk_f64 r;
  SGK__FOR(SGK__N32, k) {
    r.r[2 * k] = _mm256_cvtps_pd(_mm256_castps256_ps128(a.r[k]));
    r.r[2 * k + 1] = _mm256_cvtps_pd(_mm256_extractf128_ps(a.r[k], 1));
  }
  return r;
}
SGK_INLINE sgk_f32 sgk_cvt_f32_f64(sgk_f64 a) {
  sgk_f32 r;
  SGK__FOR(SGK__N32, k)
    r.r[k] = _mm256_set_m128(_mm256_cvtpd_ps(a.r[2 * k + 1]), _mm256_cvtpd_ps(a.r[2 * k]));
  return r;
}
SGK_INLINE sgk_f64 sgk_cvt_f64_i32(sgk_i32 a) {
  sgk_f64 r;
  SGK__FOR(SGK__N64, j) r.r[j] = _mm256_cvtepi32_pd(sgk__idx128(a.r, j));
  return r;
}
SGK_INLINE sgk_i32 sgk_cvt_i32_f64(sgk_f64 a) {
  sgk_i32 r;
  SGK__FOR(SGK__N32, k)
    r.r[k] = _mm256_set_m128i(_mm256_cvttpd_epi32(a.r[2 * k + 1]), _mm256_cvttpd_epi32(a.r[2 * k]));
  return r;
}
SGK_INLINE sgk_i64 sgk_cvt_i64_i32(sgk_i32 a) {
  sgk_i64 r; SGK__FOR(SGK__N64, j) r.r[j] = _mm256_cvtepi32_epi64(sgk__idx128(a.r, j)); return r;
}
SGK_INLINE sgk_u64 sgk_cvt_u64_u32(sgk_u32 a) {
  sgk_u64 r; SGK__FOR(SGK__N64, j) r.r[j] = _mm256_cvtepu32_epi64(sgk__idx128(a.r, j)); return r;
}
SGK_INLINE sgk_i32 sgk_cvt_i32_i64(sgk_i64 a) {
  sgk_i32 r; SGK__FOR(SGK__N32, k) r.r[k] = sgk__pack64(a.r[2 * k], a.r[2 * k + 1]); return r;
}
SGK_INLINE sgk_u32 sgk_cvt_u32_u64(sgk_u64 a) {
  sgk_u32 r; SGK__FOR(SGK__N32, k) r.r[k] = sgk__pack64(a.r[2 * k], a.r[2 * k + 1]); return r;
}
/* i64 -> f64: hi * 2^32 + lo with exact parts and one rounding (fma) */
SGK_INLINE sgk_f64 sgk_cvt_f64_i64(sgk_i64 a) {
  sgk_f64 r;
  SGK__FOR(SGK__N64, j) {
    const __m256i split = _mm256_permutevar8x32_epi32(a.r[j], _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
    const __m256d hi = _mm256_cvtepi32_pd(_mm256_extracti128_si256(split, 1));
    const __m128i lo32 = _mm256_castsi256_si128(split);
    const __m256d lo = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_xor_si128(lo32, _mm_set1_epi32(INT32_MIN))),
                                     _mm256_set1_pd(2147483648.0));
    r.r[j] = _mm256_fmadd_pd(hi, _mm256_set1_pd(4294967296.0), lo);
  }
  return r;
}
/* f64 -> i64: no AVX2 instruction; lane by lane with the documented out-of-range result */
SGK_INLINE sgk_i64 sgk_cvt_i64_f64(sgk_f64 a) {
  double x[SGK_W];
  int64_t y[SGK_W];
  sgk__storeu_f64(x, a);
  for (int i = 0; i < SGK_W; ++i)
    y[i] = (x[i] >= -9223372036854775808.0 && x[i] < 9223372036854775808.0) ? (int64_t)x[i] : INT64_MIN;
  return sgk__loadu_i64(y);
}

SGK__LIFTED_BITCASTS(_mm256_castps_si256, _mm256_castsi256_ps, _mm256_castpd_si256, _mm256_castsi256_pd)

#endif /* SGK_ISA_AVX2_H */
