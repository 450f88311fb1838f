/* The AVX-512 backend (F, BW, DQ, VL, CD). A 32-bit value is one ymm at W = 8 (AVX-512VL, with
 * mask registers), one zmm at W = 16 and two at W = 32; a 64-bit value is W/8 zmm. A mask is the
 * W-bit lane set, handed to instructions as k registers: partial sub-groups are masked loads,
 * stores, gathers and scatters, never tail loops. Shuffles are vpermd/vpermi2d/vpermt2q, trees and
 * scans follow the oracle's order, and local atomics resolve lanes that hit one address with
 * vpconflictd. Included by sgk/kernel.h when SGK_VARIANT_ISA_AVX512 is defined; never directly. */
#ifndef SGK_ISA_AVX512_H
#define SGK_ISA_AVX512_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "sgk/isa/bitmask.h"
#include "sgk/isa/elem.h"
#include "sgk/isa/lifted.h"

#if SGK_W == 8
#define SGK__L32 8 /* 32-bit lanes per register */
typedef __m256i sgk__vi;
typedef __m256 sgk__vf;
typedef __mmask8 sgk__k32;
#define SGK__P(name) _mm256_##name
#define SGK__CASTPS_SI _mm256_castps_si256
#define SGK__CASTSI_PS _mm256_castsi256_ps
#define SGK__TO128 _mm256_castsi256_si128
#define SGK__AND _mm256_and_si256
#define SGK__OR _mm256_or_si256
#define SGK__XOR _mm256_xor_si256
#define SGK__ANDNOT _mm256_andnot_si256
#else
#define SGK__L32 16
typedef __m512i sgk__vi;
typedef __m512 sgk__vf;
typedef __mmask16 sgk__k32;
#define SGK__P(name) _mm512_##name
#define SGK__CASTPS_SI _mm512_castps_si512
#define SGK__CASTSI_PS _mm512_castsi512_ps
#define SGK__TO128 _mm512_castsi512_si128
#define SGK__AND _mm512_and_si512
#define SGK__OR _mm512_or_si512
#define SGK__XOR _mm512_xor_si512
#define SGK__ANDNOT _mm512_andnot_si512
#endif
#define SGK__N32 (SGK_W / SGK__L32) /* registers per 32-bit value */
#define SGK__N64 (SGK_W / 8)        /* zmm per 64-bit value */

typedef struct { sgk__vi r[SGK__N32]; } sgk_i32;
typedef struct { sgk__vi r[SGK__N32]; } sgk_u32;
typedef struct { sgk__vf r[SGK__N32]; } sgk_f32;
typedef struct { __m512i r[SGK__N64]; } sgk_i64;
typedef struct { __m512i r[SGK__N64]; } sgk_u64;
typedef struct { __m512d r[SGK__N64]; } sgk_f64;

/* ---- masks: lane bit sets (sgk/isa/bitmask.h), handed to instructions as k registers ---- */
/* the k register of 32-bit register k, 64-bit register j */
#define SGK__K32(m, k) ((sgk__k32)((m).bits >> (SGK__L32 * (k))))
#define SGK__K64(m, j) ((__mmask8)((m).bits >> (8 * (j))))

/* The 8 32-bit lanes 8j .. 8j+7 of a 32-bit value (as ymm), for the 64-bit register j. */
SGK_INLINE __m256i sgk__half8(const sgk__vi *r, int j) {
#if SGK_W == 8
  (void)j;
  return r[0];
#else
  return (j & 1) ? _mm512_extracti64x4_epi64(r[j >> 1], 1) : _mm512_castsi512_si256(r[j >> 1]);
#endif
}
/* The inverse: two halves (or one at W = 8) into 32-bit register k. */
SGK_INLINE sgk__vi sgk__join8(const __m256i *h, int k) {
#if SGK_W == 8
  (void)k;
  return h[0];
#else
  return _mm512_inserti64x4(_mm512_castsi256_si512(h[2 * k]), h[2 * k + 1], 1);
#endif
}

/* ---- register ops --------------------------------------------------------------------------- */
#define SGK__R_INT32(T, S)                                                                        \
  SGK_INLINE sgk__vi sgk__r_add_##T(sgk__vi a, sgk__vi b) { return SGK__P(add_epi32)(a, b); } \
  SGK_INLINE sgk__vi sgk__r_sub_##T(sgk__vi a, sgk__vi b) { return SGK__P(sub_epi32)(a, b); } \
  SGK_INLINE sgk__vi sgk__r_mul_##T(sgk__vi a, sgk__vi b) { return SGK__P(mullo_epi32)(a, b); } \
  SGK_INLINE sgk__vi sgk__r_min_##T(sgk__vi a, sgk__vi b) { return SGK__P(min_##S)(a, b); }   \
  SGK_INLINE sgk__vi sgk__r_max_##T(sgk__vi a, sgk__vi b) { return SGK__P(max_##S)(a, b); }   \
  SGK_INLINE sgk__vi sgk__r_and_##T(sgk__vi a, sgk__vi b) { return SGK__AND(a, b); } \
  SGK_INLINE sgk__vi sgk__r_or_##T(sgk__vi a, sgk__vi b) { return SGK__OR(a, b); }   \
  SGK_INLINE sgk__vi sgk__r_xor_##T(sgk__vi a, sgk__vi b) { return SGK__XOR(a, b); } \
  SGK_INLINE sgk__vi sgk__r_andnot_##T(sgk__vi a, sgk__vi b) { return SGK__ANDNOT(a, b); } \
  SGK_INLINE sgk__vi sgk__r_not_##T(sgk__vi a) { return SGK__XOR(a, SGK__P(set1_epi32)(-1)); } \
  SGK_INLINE sgk__vi sgk__r_neg_##T(sgk__vi a) { return SGK__P(sub_epi32)(SGK__P(set1_epi32)(0), a); } \
  SGK_INLINE sgk__vi sgk__r_shl_##T(sgk__vi a, uint32_t n) {                                  \
    return SGK__P(sll_epi32)(a, _mm_cvtsi32_si128((int)n));                                      \
  }                                                                                              \
  SGK_INLINE sgk__vi sgk__r_shlv_##T(sgk__vi a, sgk__vi n) { return SGK__P(sllv_epi32)(a, n); } \
  SGK_INLINE sgk__k32 sgk__r_cmp_##T(sgk__vi a, sgk__vi b, int pred) {                        \
    switch (pred) {                                                                              \
      case 0: return SGK__P(cmp_##S##_mask)(a, b, _MM_CMPINT_EQ);                                \
      case 1: return SGK__P(cmp_##S##_mask)(a, b, _MM_CMPINT_NE);                                \
      case 2: return SGK__P(cmp_##S##_mask)(a, b, _MM_CMPINT_LT);                                \
      case 3: return SGK__P(cmp_##S##_mask)(a, b, _MM_CMPINT_LE);                                \
      case 4: return SGK__P(cmp_##S##_mask)(a, b, _MM_CMPINT_NLE);                               \
      default: return SGK__P(cmp_##S##_mask)(a, b, _MM_CMPINT_NLT);                              \
    }                                                                                            \
  }
SGK__R_INT32(i32, epi32)
SGK__R_INT32(u32, epu32)
SGK_INLINE sgk__vi sgk__r_shr_i32(sgk__vi a, uint32_t n) {
  return SGK__P(sra_epi32)(a, _mm_cvtsi32_si128((int)n));
}
SGK_INLINE sgk__vi sgk__r_shr_u32(sgk__vi a, uint32_t n) {
  return SGK__P(srl_epi32)(a, _mm_cvtsi32_si128((int)n));
}
SGK_INLINE sgk__vi sgk__r_shrv_i32(sgk__vi a, sgk__vi n) { return SGK__P(srav_epi32)(a, n); }
SGK_INLINE sgk__vi sgk__r_shrv_u32(sgk__vi a, sgk__vi n) { return SGK__P(srlv_epi32)(a, n); }
SGK_INLINE sgk__vi sgk__r_abs_i32(sgk__vi a) { return SGK__P(abs_epi32)(a); }

#define SGK__R_INT64(T, S)                                                                        \
  SGK_INLINE __m512i sgk__r_add_##T(__m512i a, __m512i b) { return _mm512_add_epi64(a, b); }  \
  SGK_INLINE __m512i sgk__r_sub_##T(__m512i a, __m512i b) { return _mm512_sub_epi64(a, b); }  \
  SGK_INLINE __m512i sgk__r_mul_##T(__m512i a, __m512i b) { return _mm512_mullo_epi64(a, b); } \
  SGK_INLINE __m512i sgk__r_min_##T(__m512i a, __m512i b) { return _mm512_min_##S(a, b); }    \
  SGK_INLINE __m512i sgk__r_max_##T(__m512i a, __m512i b) { return _mm512_max_##S(a, b); }    \
  SGK_INLINE __m512i sgk__r_and_##T(__m512i a, __m512i b) { return _mm512_and_epi64(a, b); }  \
  SGK_INLINE __m512i sgk__r_or_##T(__m512i a, __m512i b) { return _mm512_or_epi64(a, b); }    \
  SGK_INLINE __m512i sgk__r_xor_##T(__m512i a, __m512i b) { return _mm512_xor_epi64(a, b); }  \
  SGK_INLINE __m512i sgk__r_andnot_##T(__m512i a, __m512i b) { return _mm512_andnot_epi64(a, b); } \
  SGK_INLINE __m512i sgk__r_not_##T(__m512i a) { return _mm512_xor_epi64(a, _mm512_set1_epi64(-1)); } \
  SGK_INLINE __m512i sgk__r_neg_##T(__m512i a) { return _mm512_sub_epi64(_mm512_setzero_si512(), a); } \
  SGK_INLINE __m512i sgk__r_shl_##T(__m512i a, uint32_t n) {                                  \
    return _mm512_sll_epi64(a, _mm_cvtsi32_si128((int)n));                                       \
  }                                                                                              \
  SGK_INLINE __m512i sgk__r_shlv_##T(__m512i a, __m512i n) { return _mm512_sllv_epi64(a, n); } \
  SGK_INLINE __mmask8 sgk__r_cmp_##T(__m512i a, __m512i b, int pred) {                        \
    switch (pred) {                                                                              \
      case 0: return _mm512_cmp_##S##_mask(a, b, _MM_CMPINT_EQ);                                 \
      case 1: return _mm512_cmp_##S##_mask(a, b, _MM_CMPINT_NE);                                 \
      case 2: return _mm512_cmp_##S##_mask(a, b, _MM_CMPINT_LT);                                 \
      case 3: return _mm512_cmp_##S##_mask(a, b, _MM_CMPINT_LE);                                 \
      case 4: return _mm512_cmp_##S##_mask(a, b, _MM_CMPINT_NLE);                                \
      default: return _mm512_cmp_##S##_mask(a, b, _MM_CMPINT_NLT);                               \
    }                                                                                            \
  }
SGK__R_INT64(i64, epi64)
SGK__R_INT64(u64, epu64)
SGK_INLINE __m512i sgk__r_shr_i64(__m512i a, uint32_t n) {
  return _mm512_sra_epi64(a, _mm_cvtsi32_si128((int)n));
}
SGK_INLINE __m512i sgk__r_shr_u64(__m512i a, uint32_t n) {
  return _mm512_srl_epi64(a, _mm_cvtsi32_si128((int)n));
}
SGK_INLINE __m512i sgk__r_shrv_i64(__m512i a, __m512i n) { return _mm512_srav_epi64(a, n); }
SGK_INLINE __m512i sgk__r_shrv_u64(__m512i a, __m512i n) { return _mm512_srlv_epi64(a, n); }
SGK_INLINE __m512i sgk__r_abs_i64(__m512i a) { return _mm512_abs_epi64(a); }

/* floats: vminps/vmaxps are exactly a < b ? a : b and a > b ? a : b */
#define SGK__R_FLOAT(T, V, P, S, K, SIGN)                                                         \
  SGK_INLINE V sgk__r_add_##T(V a, V b) { return P(add_##S)(a, b); }                          \
  SGK_INLINE V sgk__r_sub_##T(V a, V b) { return P(sub_##S)(a, b); }                          \
  SGK_INLINE V sgk__r_mul_##T(V a, V b) { return P(mul_##S)(a, b); }                          \
  SGK_INLINE V sgk__r_div_##T(V a, V b) { return P(div_##S)(a, b); }                          \
  SGK_INLINE V sgk__r_min_##T(V a, V b) { return P(min_##S)(a, b); }                          \
  SGK_INLINE V sgk__r_max_##T(V a, V b) { return P(max_##S)(a, b); }                          \
  SGK_INLINE V sgk__r_sqrt_##T(V a) { return P(sqrt_##S)(a); }                                \
  SGK_INLINE V sgk__r_neg_##T(V a) { return P(xor_##S)(a, P(set1_##S)(SIGN)); }               \
  SGK_INLINE V sgk__r_abs_##T(V a) { return P(andnot_##S)(P(set1_##S)(SIGN), a); }            \
  SGK_INLINE V sgk__r_fma_##T(V a, V b, V c) { return P(fmadd_##S)(a, b, c); }                \
  SGK_INLINE K sgk__r_cmp_##T(V a, V b, int pred) {                                           \
    switch (pred) {                                                                              \
      case 0: return P(cmp_##S##_mask)(a, b, _CMP_EQ_OQ);                                        \
      case 1: return P(cmp_##S##_mask)(a, b, _CMP_NEQ_UQ);                                       \
      case 2: return P(cmp_##S##_mask)(a, b, _CMP_LT_OQ);                                        \
      case 3: return P(cmp_##S##_mask)(a, b, _CMP_LE_OQ);                                        \
      case 4: return P(cmp_##S##_mask)(a, b, _CMP_GT_OQ);                                        \
      default: return P(cmp_##S##_mask)(a, b, _CMP_GE_OQ);                                       \
    }                                                                                            \
  }
#define SGK__P512(name) _mm512_##name
SGK__R_FLOAT(f32, sgk__vf, SGK__P, ps, sgk__k32, -0.0f)
SGK__R_FLOAT(f64, __m512d, SGK__P512, pd, __mmask8, -0.0)

/* ---- lifting -------------------------------------------------------------------------------- */
/* Compares: one k register per register, concatenated into the lane set. */
#define SGK__CMPS(T, LANES)                                                                       \
  SGK_INLINE sgk_mask sgk__cmp_##T(sgk_##T a, sgk_##T b, int pred) {                         \
    uint32_t bits = 0;                                                                           \
    SGK__FOR(SGK__NR_##T, k) bits |= (uint32_t)sgk__r_cmp_##T(a.r[k], b.r[k], pred) << (LANES * k); \
    return sgk_mask_from_bits(bits);                                                             \
  }                                                                                              \
  SGK_INLINE sgk_mask sgk_eq_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 0); }      \
  SGK_INLINE sgk_mask sgk_ne_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 1); }      \
  SGK_INLINE sgk_mask sgk_lt_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 2); }      \
  SGK_INLINE sgk_mask sgk_le_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 3); }      \
  SGK_INLINE sgk_mask sgk_gt_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 4); }      \
  SGK_INLINE sgk_mask sgk_ge_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_##T(a, b, 5); }
SGK__CMPS(i32, SGK__L32) SGK__CMPS(u32, SGK__L32) SGK__CMPS(f32, SGK__L32)
SGK__CMPS(i64, 8) SGK__CMPS(u64, 8) SGK__CMPS(f64, 8)

/* ---- memory, splat, extract, select --------------------------------------------------------- */
/* 32-bit types: P is the register-width prefix; 64-bit: always zmm. */
#define SGK__MEM32(T, ct, V, SUF, CASTIN, CASTOUT, SET1)                                          \
  SGK_INLINE sgk_##T sgk__loadu_##T(const ct *p) {                                           \
    sgk_##T r; SGK__FOR(SGK__N32, k) r.r[k] = SGK__P(loadu_##SUF)(p + SGK__L32 * k); return r;   \
  }                                                                                              \
  SGK_INLINE void sgk__storeu_##T(ct *p, sgk_##T v) {                                         \
    SGK__FOR(SGK__N32, k) SGK__P(storeu_##SUF)(p + SGK__L32 * k, v.r[k]);                        \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__load_mask_##T(sgk_mask m, const ct *p) {                            \
    sgk_##T r;                                                                                   \
    SGK__FOR(SGK__N32, k) r.r[k] = SGK__P(maskz_loadu_##SUF)(SGK__K32(m, k), p + SGK__L32 * k);  \
    return r;                                                                                    \
  }                                                                                              \
  SGK_INLINE void sgk__store_mask_##T(sgk_mask m, ct *p, sgk_##T v) {                         \
    SGK__FOR(SGK__N32, k) SGK__P(mask_storeu_##SUF)(p + SGK__L32 * k, SGK__K32(m, k), v.r[k]);   \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__gather_mask_##T(sgk_mask m, const ct *base, sgk_i32 idx) {          \
    sgk_##T r;                                                                                   \
    SGK__FOR(SGK__N32, k)                                                                        \
      r.r[k] = CASTOUT(SGK__GATHER32(SGK__K32(m, k), idx.r[k], (const int *)base));              \
    return r;                                                                                    \
  }                                                                                              \
  SGK_INLINE void sgk__scatter_mask_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v) {      \
    SGK__FOR(SGK__N32, k)                                                                        \
      SGK__P(mask_i32scatter_epi32)((int *)base, SGK__K32(m, k), idx.r[k], CASTIN(v.r[k]), 4);   \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk_splat_##T(ct x) {                                                    \
    sgk_##T r; SGK__FOR(SGK__N32, k) r.r[k] = SET1(x); return r;                                 \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk_select_##T(sgk_mask m, sgk_##T a, sgk_##T b) {                       \
    sgk_##T r;                                                                                   \
    SGK__FOR(SGK__N32, k) r.r[k] = SGK__P(mask_blend_##SUF)(SGK__K32(m, k), b.r[k], a.r[k]);     \
    return r;                                                                                    \
  }
#if SGK_W == 8
#define SGK__GATHER32(k, idx, base) _mm256_mmask_i32gather_epi32(_mm256_setzero_si256(), k, idx, base, 4)
#else
#define SGK__GATHER32(k, idx, base) _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), k, idx, base, 4)
#endif
#define SGK__SET1_32(x) SGK__P(set1_epi32)((int)(x))
SGK__MEM32(i32, int32_t, sgk__vi, epi32, SGK__ID, SGK__ID, SGK__SET1_32)
SGK__MEM32(u32, uint32_t, sgk__vi, epi32, SGK__ID, SGK__ID, SGK__SET1_32)
SGK__MEM32(f32, float, sgk__vf, ps, SGK__CASTPS_SI, SGK__CASTSI_PS, SGK__P(set1_ps))

#define SGK__MEM64(T, ct, SUF, CASTIN, CASTOUT, SET1)                                             \
  SGK_INLINE sgk_##T sgk__loadu_##T(const ct *p) {                                           \
    sgk_##T r; SGK__FOR(SGK__N64, j) r.r[j] = _mm512_loadu_##SUF(p + 8 * j); return r;           \
  }                                                                                              \
  SGK_INLINE void sgk__storeu_##T(ct *p, sgk_##T v) {                                         \
    SGK__FOR(SGK__N64, j) _mm512_storeu_##SUF(p + 8 * j, v.r[j]);                                \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__load_mask_##T(sgk_mask m, const ct *p) {                            \
    sgk_##T r;                                                                                   \
    SGK__FOR(SGK__N64, j) r.r[j] = _mm512_maskz_loadu_##SUF(SGK__K64(m, j), p + 8 * j);          \
    return r;                                                                                    \
  }                                                                                              \
  SGK_INLINE void sgk__store_mask_##T(sgk_mask m, ct *p, sgk_##T v) {                         \
    SGK__FOR(SGK__N64, j) _mm512_mask_storeu_##SUF(p + 8 * j, SGK__K64(m, j), v.r[j]);           \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__gather_mask_##T(sgk_mask m, const ct *base, sgk_i32 idx) {          \
    sgk_##T r;                                                                                   \
    SGK__FOR(SGK__N64, j)                                                                        \
      r.r[j] = CASTOUT(_mm512_mask_i32gather_epi64(_mm512_setzero_si512(), SGK__K64(m, j),       \
                                                   sgk__half8(idx.r, j), (const void *)base, 8)); \
    return r;                                                                                    \
  }                                                                                              \
  SGK_INLINE void sgk__scatter_mask_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v) {      \
    SGK__FOR(SGK__N64, j)                                                                        \
      _mm512_mask_i32scatter_epi64((void *)base, SGK__K64(m, j), sgk__half8(idx.r, j),           \
                                   CASTIN(v.r[j]), 8);                                           \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk_splat_##T(ct x) {                                                    \
    sgk_##T r; SGK__FOR(SGK__N64, j) r.r[j] = SET1(x); return r;                                 \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk_select_##T(sgk_mask m, sgk_##T a, sgk_##T b) {                       \
    sgk_##T r;                                                                                   \
    SGK__FOR(SGK__N64, j) r.r[j] = _mm512_mask_blend_##SUF(SGK__K64(m, j), b.r[j], a.r[j]);      \
    return r;                                                                                    \
  }
#define SGK__SET1_64(x) _mm512_set1_epi64((long long)(x))
SGK__MEM64(i64, int64_t, epi64, SGK__ID, SGK__ID, SGK__SET1_64)
SGK__MEM64(u64, uint64_t, epi64, SGK__ID, SGK__ID, SGK__SET1_64)
SGK__MEM64(f64, double, pd, _mm512_castpd_si512, _mm512_castsi512_pd, _mm512_set1_pd)

SGK_INLINE sgk__vi sgk__iota_reg(void) {
#if SGK_W == 8
  return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
#else
  return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
#endif
}
SGK_INLINE sgk_u32 sgk__iota_u32(void) {
  sgk_u32 r;
  SGK__FOR(SGK__N32, k) r.r[k] = SGK__P(add_epi32)(sgk__iota_reg(), SGK__P(set1_epi32)(SGK__L32 * k));
  return r;
}

/* ---- arithmetic ----------------------------------------------------------------------------- */
SGK__LIFTED_ARITHMETIC()

/* ---- shuffles --------------------------------------------------------------------------------
 * Every lane movement is a permute of 32-bit lanes (vpermd / vpermi2d) or of 64-bit lanes
 * (vpermq / vpermi2q). sgk__pick32/64 index across all registers of a value, mod W. */
SGK_INLINE sgk__vi sgk__pick32(const sgk__vi *x, sgk__vi idx) {
#if SGK_W == 32
  return _mm512_permutex2var_epi32(x[0], idx, x[1]);
#else
  return SGK__P(permutexvar_epi32)(idx, x[0]);
#endif
}
SGK_INLINE __m512i sgk__pick64(const __m512i *x, __m512i idx) {
#if SGK_W == 8
  return _mm512_permutexvar_epi64(idx, x[0]);
#elif SGK_W == 16
  return _mm512_permutex2var_epi64(x[0], idx, x[1]);
#else
  const __m512i lo = _mm512_permutex2var_epi64(x[0], idx, x[1]);
  const __m512i hi = _mm512_permutex2var_epi64(x[2], idx, x[3]);
  return _mm512_mask_blend_epi64(_mm512_test_epi64_mask(idx, _mm512_set1_epi64(16)), lo, hi);
#endif
}
#define SGK__SHUFFLE32(T, TOSI, FROMSI)                                                           \
  SGK_INLINE sgk_##T sgk__permute_##T(sgk_##T x, sgk_u32 idx) {                               \
    sgk__vi src[SGK__N32];                                                                       \
    SGK__FOR(SGK__N32, k) src[k] = TOSI(x.r[k]);                                                 \
    sgk_##T r; SGK__FOR(SGK__N32, k) r.r[k] = FROMSI(sgk__pick32(src, idx.r[k])); return r;      \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__broadcast_##T(sgk_##T x, uint32_t lane) {                           \
    return sgk__permute_##T(x, sgk_splat_u32(lane));                                             \
  }
#define SGK__SHUFFLE64(T, TOSI, FROMSI)                                                           \
  SGK_INLINE sgk_##T sgk__permute_##T(sgk_##T x, sgk_u32 idx) {                               \
    __m512i src[SGK__N64];                                                                       \
    SGK__FOR(SGK__N64, j) src[j] = TOSI(x.r[j]);                                                 \
    sgk_##T r;                                                                                   \
    SGK__FOR(SGK__N64, j)                                                                        \
      r.r[j] = FROMSI(sgk__pick64(src, _mm512_cvtepu32_epi64(sgk__half8(idx.r, j))));            \
    return r;                                                                                    \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__broadcast_##T(sgk_##T x, uint32_t lane) {                           \
    const __m512i v = TOSI(x.r[lane >> 3]);                                                      \
    sgk_##T r;                                                                                   \
    SGK__FOR(SGK__N64, j) r.r[j] = FROMSI(_mm512_permutexvar_epi64(_mm512_set1_epi64(lane & 7), v)); \
    return r;                                                                                    \
  }
SGK__SHUFFLE32(i32, SGK__ID, SGK__ID) SGK__SHUFFLE32(u32, SGK__ID, SGK__ID)
SGK__SHUFFLE32(f32, SGK__CASTPS_SI, SGK__CASTSI_PS)
SGK__SHUFFLE64(i64, SGK__ID, SGK__ID) SGK__SHUFFLE64(u64, SGK__ID, SGK__ID)
SGK__SHUFFLE64(f64, _mm512_castpd_si512, _mm512_castsi512_pd)
SGK__LIFTED_SHIFTS()

/* ---- reduction tree and Hillis-Steele scan, in the oracle's order ---------------------------
 * Inside a register, lane i meets lane i + s (tree) or i - d (scan) through a permute; lanes of
 * the register below enter a scan step through the two-source permute. */
#define SGK__ORDERED(T, ct, V, VI, LANES, IOTA, PERM1, PERM2, TOSI, FROMSI, BLEND, X0, op)       \
  SGK_INLINE ct sgk__reduce_full_##op##_##T(sgk_##T x) {                                      \
    for (int n = SGK__NR_##T / 2; n >= 1; n /= 2)                                                \
      SGK__FOR(n, k) x.r[k] = sgk__r_##op##_##T(x.r[k], x.r[k + n]);                             \
    for (int s = LANES / 2; s >= 1; s /= 2)                                                      \
      x.r[0] = sgk__r_##op##_##T(x.r[0], FROMSI(PERM1(IOTA(s), TOSI(x.r[0]))));                  \
    return X0(x.r[0]);                                                                           \
  }                                                                                              \
  SGK_INLINE sgk_##T sgk__scan_full_##op##_##T(sgk_##T x) {                                   \
    for (int d = 1; d < LANES; d *= 2) {                                                         \
      const VI from = IOTA(-d); /* lane i <- lane i - d, across the register below */            \
      for (int k = SGK__NR_##T - 1; k >= 1; --k)                                                 \
        x.r[k] = sgk__r_##op##_##T(FROMSI(PERM2(TOSI(x.r[k - 1]), from, TOSI(x.r[k]))), x.r[k]); \
      const V r0 = sgk__r_##op##_##T(FROMSI(PERM1(from, TOSI(x.r[0]))), x.r[0]);                 \
      x.r[0] = BLEND((~0u << d), x.r[0], r0);                                                    \
    }                                                                                            \
    for (int n = 1; n < SGK__NR_##T; n *= 2)                                                     \
      for (int k = SGK__NR_##T - 1; k >= n; --k) x.r[k] = sgk__r_##op##_##T(x.r[k - n], x.r[k]); \
    return x;                                                                                    \
  }

/* Lane index vectors i + s + LANES (|s| < LANES): a one-source permute reads lane (i + s) mod
 * LANES; the two-source one, over (register below, this register), reads lane i + s of this
 * register or, where i + s < 0, lane LANES + i + s of the one below. */
SGK_INLINE sgk__vi sgk__iota32_plus(int s) {
  return SGK__P(add_epi32)(sgk__iota_reg(), SGK__P(set1_epi32)(s + SGK__L32));
}
SGK_INLINE __m512i sgk__iota64_plus(int s) {
  return _mm512_add_epi64(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7), _mm512_set1_epi64(s + 8));
}
#if SGK_W == 8
#define SGK__PERM2_32(a, idx, b) _mm256_permutex2var_epi32(a, idx, b)
#else
#define SGK__PERM2_32(a, idx, b) _mm512_permutex2var_epi32(a, idx, b)
#endif
#define SGK__PERM1_32(idx, v) SGK__P(permutexvar_epi32)(idx, v)
#define SGK__PERM1_64(idx, v) _mm512_permutexvar_epi64(idx, v)
#define SGK__PERM2_64(a, idx, b) _mm512_permutex2var_epi64(a, idx, b)
#define SGK__BLEND_I32(k, a, b) SGK__P(mask_blend_epi32)((sgk__k32)(k), a, b)
#define SGK__BLEND_F32(k, a, b) SGK__P(mask_blend_ps)((sgk__k32)(k), a, b)
#define SGK__BLEND_I64(k, a, b) _mm512_mask_blend_epi64((__mmask8)(k), a, b)
#define SGK__BLEND_F64(k, a, b) _mm512_mask_blend_pd((__mmask8)(k), a, b)
#define SGK__X0_I32(v) ((int32_t)_mm_cvtsi128_si32(SGK__TO128(v)))
#define SGK__X0_U32(v) ((uint32_t)_mm_cvtsi128_si32(SGK__TO128(v)))
#define SGK__X0_F32(v) SGK__P(cvtss_f32)(v)
#define SGK__X0_I64(v) ((int64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(v)))
#define SGK__X0_U64(v) ((uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(v)))
#define SGK__X0_F64(v) _mm512_cvtsd_f64(v)

#define SGK__ORDERED32(T, ct, V, TOSI, FROMSI, BLEND, X0, op)                                     \
  SGK__ORDERED(T, ct, V, sgk__vi, SGK__L32, sgk__iota32_plus, SGK__PERM1_32, SGK__PERM2_32, TOSI, \
               FROMSI, BLEND, X0, op)
#define SGK__ORDERED64(T, ct, V, TOSI, FROMSI, BLEND, X0, op)                                     \
  SGK__ORDERED(T, ct, V, __m512i, 8, sgk__iota64_plus, SGK__PERM1_64, SGK__PERM2_64, TOSI,        \
               FROMSI, BLEND, X0, op)
#define SGK__ALL_ORDERED(W32, T, ct, V, TOSI, FROMSI, BLEND, X0)                                  \
  W32(T, ct, V, TOSI, FROMSI, BLEND, X0, add) W32(T, ct, V, TOSI, FROMSI, BLEND, X0, mul)        \
  W32(T, ct, V, TOSI, FROMSI, BLEND, X0, min) W32(T, ct, V, TOSI, FROMSI, BLEND, X0, max)
#define SGK__BIT_ORDERED(W32, T, ct, V, TOSI, FROMSI, BLEND, X0)                                  \
  W32(T, ct, V, TOSI, FROMSI, BLEND, X0, and) W32(T, ct, V, TOSI, FROMSI, BLEND, X0, or)         \
  W32(T, ct, V, TOSI, FROMSI, BLEND, X0, xor)
SGK__ALL_ORDERED(SGK__ORDERED32, i32, int32_t, sgk__vi, SGK__ID, SGK__ID, SGK__BLEND_I32, SGK__X0_I32)
SGK__BIT_ORDERED(SGK__ORDERED32, i32, int32_t, sgk__vi, SGK__ID, SGK__ID, SGK__BLEND_I32, SGK__X0_I32)
SGK__ALL_ORDERED(SGK__ORDERED32, u32, uint32_t, sgk__vi, SGK__ID, SGK__ID, SGK__BLEND_I32, SGK__X0_U32)
SGK__BIT_ORDERED(SGK__ORDERED32, u32, uint32_t, sgk__vi, SGK__ID, SGK__ID, SGK__BLEND_I32, SGK__X0_U32)
SGK__ALL_ORDERED(SGK__ORDERED32, f32, float, sgk__vf, SGK__CASTPS_SI, SGK__CASTSI_PS, SGK__BLEND_F32, SGK__X0_F32)
SGK__ALL_ORDERED(SGK__ORDERED64, i64, int64_t, __m512i, SGK__ID, SGK__ID, SGK__BLEND_I64, SGK__X0_I64)
SGK__BIT_ORDERED(SGK__ORDERED64, i64, int64_t, __m512i, SGK__ID, SGK__ID, SGK__BLEND_I64, SGK__X0_I64)
SGK__ALL_ORDERED(SGK__ORDERED64, u64, uint64_t, __m512i, SGK__ID, SGK__ID, SGK__BLEND_I64, SGK__X0_U64)
SGK__BIT_ORDERED(SGK__ORDERED64, u64, uint64_t, __m512i, SGK__ID, SGK__ID, SGK__BLEND_I64, SGK__X0_U64)
SGK__ALL_ORDERED(SGK__ORDERED64, f64, double, __m512d, _mm512_castpd_si512, _mm512_castsi512_pd, SGK__BLEND_F64, SGK__X0_F64)

/* ---- conversions ---------------------------------------------------------------------------- */
#define SGK__CVT32(TO, FROM, FN)                                                                  \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                   \
    sgk_##TO r; SGK__FOR(SGK__N32, k) r.r[k] = SGK__P(FN)(a.r[k]); return r;                     \
  }
SGK__CVT32(f32, i32, cvtepi32_ps)
SGK__CVT32(f32, u32, cvtepu32_ps)
SGK__CVT32(i32, f32, cvttps_epi32)  /* NaN, out of range: INT32_MIN */
SGK__CVT32(u32, f32, cvttps_epu32)  /* NaN, out of range: UINT32_MAX */
#define SGK__CVT64(TO, FROM, FN)                                                                  \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                   \
    sgk_##TO r; SGK__FOR(SGK__N64, j) r.r[j] = _mm512_##FN(a.r[j]); return r;                    \
  }
SGK__CVT64(f64, i64, cvtepi64_pd)
SGK__CVT64(i64, f64, cvttpd_epi64)  /* NaN, out of range: INT64_MIN */
/* widening: 8 lanes of a 32-bit value into one zmm of 64-bit lanes */
#define SGK__WIDEN(TO, FROM, FN, CASTIN)                                                          \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                   \
    sgk__vi s[SGK__N32];                                                                         \
    SGK__FOR(SGK__N32, k) s[k] = CASTIN(a.r[k]);                                                 \
    sgk_##TO r; SGK__FOR(SGK__N64, j) r.r[j] = FN(sgk__half8(s, j)); return r;                   \
  }
#define SGK__PS_PD_SI(v) _mm512_cvtps_pd(_mm256_castsi256_ps(v))
SGK__WIDEN(f64, i32, _mm512_cvtepi32_pd, SGK__ID)
SGK__WIDEN(i64, i32, _mm512_cvtepi32_epi64, SGK__ID)
SGK__WIDEN(u64, u32, _mm512_cvtepu32_epi64, SGK__ID)
SGK__WIDEN(f64, f32, SGK__PS_PD_SI, SGK__CASTPS_SI)
/* narrowing: each zmm of 64-bit lanes into 8 lanes of a 32-bit value */
#define SGK__NARROW(TO, FROM, FN, CASTOUT)                                                        \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                   \
    __m256i h[SGK__N64];                                                                         \
    SGK__FOR(SGK__N64, j) h[j] = FN(a.r[j]);                                                     \
    sgk_##TO r; SGK__FOR(SGK__N32, k) r.r[k] = CASTOUT(sgk__join8(h, k)); return r;              \
  }
#define SGK__PD_PS_SI(v) _mm256_castps_si256(_mm512_cvtpd_ps(v))
SGK__NARROW(i32, f64, _mm512_cvttpd_epi32, SGK__ID) /* NaN, out of range: INT32_MIN */
SGK__NARROW(i32, i64, _mm512_cvtepi64_epi32, SGK__ID)
SGK__NARROW(u32, u64, _mm512_cvtepi64_epi32, SGK__ID)
SGK__NARROW(f32, f64, SGK__PD_PS_SI, SGK__CASTSI_PS)

SGK__LIFTED_BITCASTS(SGK__CASTPS_SI, SGK__CASTSI_PS, _mm512_castpd_si512, _mm512_castsi512_pd)

/* ---- local atomics with conflict detection (32-bit) -----------------------------------------
 * Per register, in lane order: vpconflictd finds, for each lane, the earlier active lanes with
 * the same address; pointer jumping (log2 steps) gives every lane the op over its run so far.
 * Every lane then scatters op(old, run so far): scatters write in lane order, so each address
 * keeps its last lane's value, the whole run, and no update is lost. fetch_add returns each
 * lane's old value as if the lanes had gone one at a time in order. */
#define SGK_ISA_HAS_LOCAL_ATOMICS_32 1

/* acc lane i <- op over the active lanes j <= i with idx[j] == idx[i]. */
#define SGK__FOLD_RUNS(T, ct)                                                                     \
  SGK_INLINE sgk__vi sgk__fold_runs_##T(sgk__k32 active, sgk__vi idx, sgk__vi v, int op) {     \
    const sgk__vi conf = SGK__AND(SGK__P(maskz_conflict_epi32)(active, idx),            \
                                           SGK__P(set1_epi32)((int)active));                     \
    sgk__vi ptr = SGK__P(sub_epi32)(SGK__P(set1_epi32)(31), SGK__P(lzcnt_epi32)(conf));          \
    sgk__k32 has = SGK__P(cmp_epi32_mask)(ptr, SGK__P(set1_epi32)(0), _MM_CMPINT_NLT);           \
    sgk__vi acc = v;                                                                             \
    while (has) {                                                                                \
      const sgk__vi prev = SGK__P(permutexvar_epi32)(ptr, acc);                                  \
      sgk__vi r;                                                                                 \
      switch (op) {                                                                              \
        case 0: r = sgk__r_add_##T(prev, acc); break;                                            \
        case 1: r = sgk__r_min_##T(prev, acc); break;                                            \
        case 2: r = sgk__r_max_##T(prev, acc); break;                                            \
        case 3: r = sgk__r_and_##T(prev, acc); break;                                            \
        case 4: r = sgk__r_or_##T(prev, acc); break;                                             \
        default: r = sgk__r_xor_##T(prev, acc); break;                                           \
      }                                                                                          \
      acc = SGK__P(mask_blend_epi32)(has, acc, r);                                               \
      ptr = SGK__P(mask_permutexvar_epi32)(SGK__P(set1_epi32)(-1), has, ptr, ptr);               \
      has = SGK__P(mask_cmp_epi32_mask)(has, ptr, SGK__P(set1_epi32)(0), _MM_CMPINT_NLT);        \
    }                                                                                            \
    return acc;                                                                                  \
  }                                                                                              \
  SGK_INLINE void sgk__local_rmw_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v, int op) {  \
    SGK__FOR(SGK__N32, k) {                                                                      \
      const sgk__k32 active = SGK__K32(m, k);                                                    \
      if (!active) continue;                                                                     \
      const sgk__vi acc = sgk__fold_runs_##T(active, idx.r[k], v.r[k], op);                      \
      const sgk__vi old = SGK__GATHER32(active, idx.r[k], (const int *)base);                    \
      sgk__vi r;                                                                                 \
      switch (op) {                                                                              \
        case 0: r = sgk__r_add_##T(old, acc); break;                                             \
        case 1: r = sgk__r_min_##T(old, acc); break;                                             \
        case 2: r = sgk__r_max_##T(old, acc); break;                                             \
        case 3: r = sgk__r_and_##T(old, acc); break;                                             \
        case 4: r = sgk__r_or_##T(old, acc); break;                                              \
        default: r = sgk__r_xor_##T(old, acc); break;                                            \
      }                                                                                          \
      SGK__P(mask_i32scatter_epi32)((int *)base, active, idx.r[k], r, 4);                        \
    }                                                                                            \
  }
SGK__FOLD_RUNS(i32, int32_t)
SGK__FOLD_RUNS(u32, uint32_t)

#define SGK__LOCAL_ATOMICS32(T, ct)                                                               \
  SGK_INLINE sgk_##T sgk__local_fetch_add_##T(sgk_mask active_, ct *base, sgk_i32 idx,        \
                                                  sgk_##T v) {                                   \
    sgk_##T out;                                                                                 \
    SGK__FOR(SGK__N32, k) {                                                                      \
      const sgk__k32 active = SGK__K32(active_, k);                                              \
      const sgk__vi acc = sgk__fold_runs_##T(active, idx.r[k], v.r[k], 0);                       \
      const sgk__vi old = SGK__GATHER32(active, idx.r[k], (const int *)base);                    \
      SGK__P(mask_i32scatter_epi32)((int *)base, active, idx.r[k], SGK__P(add_epi32)(old, acc), 4); \
      out.r[k] = SGK__P(maskz_mov_epi32)(active, SGK__P(sub_epi32)(SGK__P(add_epi32)(old, acc), v.r[k])); \
    }                                                                                            \
    return out;                                                                                  \
  }
SGK__LOCAL_ATOMICS32(i32, int32_t)
SGK__LOCAL_ATOMICS32(u32, uint32_t)

#endif /* SGK_ISA_AVX512_H */
