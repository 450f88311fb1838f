/* The AVX2 core: a register is one ymm, 8 lanes of a 32-bit type or 4 of a 64-bit type; a mask is
 * one ymm of all-ones/all-zero 32-bit lanes per 8 lanes. The generic layer lifts the register
 * ops to W lanes; this file adds what AVX2 does better: vpmaskmov and masked gathers for partial
 * sub-groups, vpermd permutes across the registers of a sub-group, and the conversions AVX2 has.
 * Included by sgk/kernel.h for the avx2 variants; never directly. */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_ISA_AVX2_H
#define SGK_ISA_AVX2_H

#include <immintrin.h>
#include <stdint.h>

#include "sgk/isa/types.h"

/* ---- the SLEEF binding (sgk/isa/math.h): one ymm per call ------------------------------------ */
#include <sleef.h>
#define SGK__SLEEF_f32(fn, acc) Sleef_##fn##f8_##acc##avx2
#define SGK__SLEEF_f64(fn, acc) Sleef_##fn##d4_##acc##avx2
typedef Sleef___m256_2 sgk__sleef2_f32;
typedef Sleef___m256d_2 sgk__sleef2_f64;
typedef __m128i sgk__sleef_vi64; /* 4 int32 lanes beside a register of 4 doubles */
#define sgk__sleef_vi64_load(p) _mm_loadu_si128((const __m128i *)(p))
#define sgk__sleef_vi64_store(p, v) _mm_storeu_si128((__m128i *)(p), v)

#define SGK__RL32 8
#define SGK__RL64 4
#define SGK__REGS 16 /* ymm0 .. ymm15 */
/* A slide by a constant is vperm2i128 and vpalignr (sgk__align_bytes). When it was two vpermd
 * and a blend, the convolution's window ran 0.51-0.80x its loads on Zen 4, and the backend slid
 * nothing (0). The window at W 8 on AMD Zen 5 (conv/global and conv/slm, GOP/s, against 90 / 89
 * without a window): share 0 109 / 106, 1 111 / 109, 2 132 / 129, 3 159 / 154, 4 144 / 137. Not
 * measured on Intel, where both instructions take port 5 beside the adds (a share of 3: 9 more
 * uops on ports 0, 1 and 5 for every 8 taps' 24), so the runtime keeps 0 there (src/runtime/cpu.c,
 * slide_rows). */
#define SGK__SLIDE_QUARTERS 3
#define SGK__MASK_BITS 0

typedef __m256i sgk__v_i32;
typedef __m256i sgk__v_u32;
typedef __m256 sgk__v_f32;
typedef __m256i sgk__v_i64;
typedef __m256i sgk__v_u64;
typedef __m256d sgk__v_f64;
typedef __m256i sgk__rm32;
typedef __m256i sgk__rm64;

/* ---- register masks --------------------------------------------------------------------------- */
SGK_INLINE __m256i sgk__iota8(void) { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }
SGK_INLINE sgk__rm32 sgk__rm32_from_bits(uint32_t b) {
  const __m256i bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
  return _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)b), bits), bits);
}
SGK_INLINE uint32_t sgk__rm32_bits(sgk__rm32 m) {
  return (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(m));
}
SGK_INLINE sgk__rm32 sgk__rm32_and(sgk__rm32 a, sgk__rm32 b) { return _mm256_and_si256(a, b); }
SGK_INLINE sgk__rm32 sgk__rm32_or(sgk__rm32 a, sgk__rm32 b) { return _mm256_or_si256(a, b); }
SGK_INLINE sgk__rm32 sgk__rm32_xor(sgk__rm32 a, sgk__rm32 b) { return _mm256_xor_si256(a, b); }
SGK_INLINE sgk__rm32 sgk__rm32_andnot(sgk__rm32 a, sgk__rm32 b) {
  return _mm256_andnot_si256(a, b);
}
/* The 4 32-bit lanes 4h .. 4h+3 of v, for a 64-bit register. */
SGK_INLINE __m128i sgk__half128(__m256i v, int h) {
  return h ? _mm256_extracti128_si256(v, 1) : _mm256_castsi256_si128(v);
}
SGK_INLINE sgk__rm64 sgk__rm64_half(sgk__rm32 m, int h) {
  return _mm256_cvtepi32_epi64(sgk__half128(m, h));
}
/* The low halves of the 64-bit lanes of two registers as one register of 32-bit lanes: packs
 * 64-bit masks, and narrows 64-bit integers. Two shuffles: vshufps takes the even 32-bit lanes
 * of both registers in each 128-bit half (lo's 0 2, hi's 0 2 | lo's 4 6, hi's 4 6) and vpermq
 * puts the four 64-bit pairs in order. It was two vpermd and a vperm2i128: the SLM histogram,
 * which narrows every byte, ran 1.07-1.15x faster this way at avx2 W 8/16/32 on an AMD EPYC Zen 3
 * (family 25 model 1); on Intel each of the four is one shuffle-port uop, two against three. */
SGK_INLINE __m256i sgk__rm32_pack(__m256i lo, __m256i hi) {
  const __m256 even = _mm256_shuffle_ps(_mm256_castsi256_ps(lo), _mm256_castsi256_ps(hi),
                                        _MM_SHUFFLE(2, 0, 2, 0));
  return _mm256_permute4x64_epi64(_mm256_castps_si256(even), _MM_SHUFFLE(3, 1, 2, 0));
}
/* What this core provides itself (the definitions needing the W-lane types follow the generic
 * layer, at the end of this file). */
#define SGK__NATIVE_MASK_FIRST_N
#define SGK__NATIVE_MASKED_MEMORY
#define SGK__NATIVE_GATHER
#define SGK__NATIVE_PERMUTE
#define SGK__NATIVE_ROTATE
#define SGK__NATIVE_XOR_LANES
#define SGK__NATIVE_BROADCAST
#define SGK__NATIVE_CVTS SGK__YES
#ifndef SGK__TEST_GENERIC_VEC_MEMORY /* tests/vec_generic_kernels.c */
#define SGK__NATIVE_VEC_MEMORY
#define SGK__VEC16_REG_ORDER /* generic.h, SGK__VEC16_HALVES */
#endif
#define SGK__LANEWISE_CVT_i64_f64 SGK__YES /* no AVX2 instruction */

/* ---- register ops: the part every type shares, through the integer view ---------------------- */
SGK_INLINE __m256i sgk__si_i32(__m256i v) { return v; }
SGK_INLINE __m256i sgk__si_f32(__m256 v) { return _mm256_castps_si256(v); }
SGK_INLINE __m256i sgk__si_f64(__m256d v) { return _mm256_castpd_si256(v); }
SGK_INLINE __m256i sgk__of_si_i32(__m256i v) { return v; }
SGK_INLINE __m256 sgk__of_si_f32(__m256i v) { return _mm256_castsi256_ps(v); }
SGK_INLINE __m256d sgk__of_si_f64(__m256i v) { return _mm256_castsi256_pd(v); }
#define sgk__si_u32 sgk__si_i32
#define sgk__si_i64 sgk__si_i32
#define sgk__si_u64 sgk__si_i32
#define sgk__of_si_u32 sgk__of_si_i32
#define sgk__of_si_i64 sgk__of_si_i32
#define sgk__of_si_u64 sgk__of_si_i32

/* Index vector (as 32-bit lanes) that brings lane i - d of a register of LANES lanes to lane i. */
SGK_INLINE __m256i sgk__from_minus(int lanes, int d) {
  const __m256i i = sgk__iota8();
  if (lanes == 8)
    return _mm256_and_si256(_mm256_sub_epi32(i, _mm256_set1_epi32(d)), _mm256_set1_epi32(7));
  const __m256i pair = _mm256_and_si256(
      _mm256_sub_epi32(_mm256_srli_epi32(i, 1), _mm256_set1_epi32(d)), _mm256_set1_epi32(3));
  return _mm256_add_epi32(_mm256_slli_epi32(pair, 1), _mm256_and_si256(i, _mm256_set1_epi32(1)));
}
/* 32-bit-lane mask of the lanes (of LANES) below d. */
SGK_INLINE __m256i sgk__below(int lanes, int d) {
  const __m256i lane = lanes == 8 ? sgk__iota8() : _mm256_srli_epi32(sgk__iota8(), 1);
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(d), lane);
}

/* (lo, hi) from byte b on, b a constant multiple of 4 in (0, 32) (an unrolled loop's slide): the
 * middle 32 bytes (vperm2i128), then one in-lane byte align (vpalignr); a slide by a variable
 * takes two cross-lane permutes and a blend. */
#define SGK__ALIGN_LO(n) case n: return _mm256_alignr_epi8(mid, lo, n);
#define SGK__ALIGN_HI(n) case n + 16: return _mm256_alignr_epi8(hi, mid, n);
SGK_INLINE __m256i sgk__align_bytes(__m256i lo, __m256i hi, int b) {
  const __m256i mid = _mm256_permute2x128_si256(lo, hi, 0x21); /* lo's high half, hi's low half */
  switch (b) {
  SGK__ALIGN_LO(4) SGK__ALIGN_LO(8) SGK__ALIGN_LO(12)
  SGK__ALIGN_HI(4) SGK__ALIGN_HI(8) SGK__ALIGN_HI(12)
  default: return mid; /* 16 */
  }
}
#undef SGK__ALIGN_LO
#undef SGK__ALIGN_HI

/* Per type: the scalar broadcast and lane-0 read; the rest goes through the integer view. */
#define SGK__SET1_i32(x) _mm256_set1_epi32((int)(x))
#define SGK__SET1_u32 SGK__SET1_i32
#define SGK__SET1_f32 _mm256_set1_ps
#define SGK__SET1_i64(x) _mm256_set1_epi64x((long long)(x))
#define SGK__SET1_u64 SGK__SET1_i64
#define SGK__SET1_f64 _mm256_set1_pd
#define SGK__LANE0_i32 _mm256_cvtsi256_si32
#define SGK__LANE0_u32 _mm256_cvtsi256_si32
#define SGK__LANE0_f32 _mm256_cvtss_f32
#define SGK__LANE0_i64(v) _mm_cvtsi128_si64(_mm256_castsi256_si128(v))
#define SGK__LANE0_u64 SGK__LANE0_i64
#define SGK__LANE0_f64 _mm256_cvtsd_f64
#define SGK__MLOAD32(p, m) _mm256_maskload_epi32((const int *)(p), m)
#define SGK__MLOAD64(p, m) _mm256_maskload_epi64((const long long *)(p), m)
#define SGK__MSTORE32(p, m, v) _mm256_maskstore_epi32((int *)(p), m, v)
#define SGK__MSTORE64(p, m, v) _mm256_maskstore_epi64((long long *)(p), m, v)
/* a register mask's lane bits (the sign bit of each lane, as vpmaskmov reads it), and all of them */
#define SGK__MBITS32(m) _mm256_movemask_ps(_mm256_castsi256_ps(m))
#define SGK__MBITS64(m) _mm256_movemask_pd(_mm256_castsi256_pd(m))
#define SGK__MFULL32 0xff
#define SGK__MFULL64 0xf

#define SGK__R_ALL(T, ct, ...)                                                                   \
  SGK_INLINE sgk__v_##T sgk__r_loadu_##T(const ct *p) {                                          \
    return sgk__of_si_##T(_mm256_loadu_si256((const __m256i *)p));                               \
  }                                                                                              \
  SGK_INLINE void sgk__r_storeu_##T(ct *p, sgk__v_##T v) {                                       \
    _mm256_storeu_si256((__m256i *)p, sgk__si_##T(v));                                           \
  }                                                                                              \
  SGK_INLINE sgk__v_##T sgk__r_splat_##T(ct x) { return SGK__SET1_##T(x); }                      \
  SGK_INLINE ct sgk__r_lane0_##T(sgk__v_##T v) { return (ct)SGK__LANE0_##T(v); }                 \
  SGK_INLINE sgk__v_##T sgk__r_select_##T(__m256i m, sgk__v_##T a, sgk__v_##T b) {               \
    return sgk__of_si_##T(_mm256_blendv_epi8(sgk__si_##T(b), sgk__si_##T(a), m));                \
  }                                                                                              \
  SGK_INLINE sgk__v_##T sgk__r_slide_##T(sgk__v_##T lo, sgk__v_##T hi, int d) {                  \
    if (__builtin_constant_p(d) && d > 0 && d < 256 / SGK__BITS_##T)                             \
      return sgk__of_si_##T(sgk__align_bytes(sgk__si_##T(lo), sgk__si_##T(hi),                   \
                                             (256 / SGK__BITS_##T - d) * (SGK__BITS_##T / 8)));  \
    const __m256i from = sgk__from_minus(256 / SGK__BITS_##T, d);                                         \
    const __m256i h = _mm256_permutevar8x32_epi32(sgk__si_##T(hi), from);                        \
    const __m256i l = _mm256_permutevar8x32_epi32(sgk__si_##T(lo), from);                        \
    return sgk__of_si_##T(_mm256_blendv_epi8(h, l, sgk__below(256 / SGK__BITS_##T, d)));                  \
  }                                                                                              \
  /* A register whose lanes are all active is a plain load, one with none 0 (vec_copy at wg 16, \
   * W = 32: 0.67x -> 1.0x its W = 8 rate on Zen 4 with the store's same rule below; README). */ \
  SGK_INLINE sgk__v_##T sgk__r_load_masked_##T(__m256i m, const ct *p) {                         \
    const int bits = SGK__CAT(SGK__MBITS, SGK__BITS_##T)(m);                                     \
    if (bits == SGK__CAT(SGK__MFULL, SGK__BITS_##T))                                             \
      return sgk__of_si_##T(_mm256_loadu_si256((const __m256i *)p));                             \
    if (!bits) return sgk__of_si_##T(_mm256_setzero_si256());                                    \
    return sgk__of_si_##T(SGK__CAT(SGK__MLOAD, SGK__BITS_##T)(p, m));                                               \
  }                                                                                              \
  /* A register whose lanes are all active is a plain store, one with none nothing: AMD Zen        \
   * microcodes vpmaskmovd/q stores (vec_copy at work-group size 16, W = 32, whose sub-groups are   \
   * half full, ran at 0.3x its W = 8 rate on Zen 4 through them; see the README). */               \
  SGK_INLINE void sgk__r_store_masked_##T(__m256i m, ct *p, sgk__v_##T v) {                      \
    const int bits = SGK__CAT(SGK__MBITS, SGK__BITS_##T)(m);                                     \
    if (bits == SGK__CAT(SGK__MFULL, SGK__BITS_##T))                                             \
      _mm256_storeu_si256((__m256i *)p, sgk__si_##T(v));                                         \
    else if (bits)                                                                               \
      SGK__CAT(SGK__MSTORE, SGK__BITS_##T)(p, m, sgk__si_##T(v));                                                   \
  }                                                                                              \
  /* lane i <- v[i ^ r], 0 < r < the register's lanes: one vpermd (64-bit lanes as pairs) */    \
  SGK_INLINE sgk__v_##T sgk__r_xor_lanes_##T(sgk__v_##T v, uint32_t r) {                         \
    const __m256i idx = _mm256_xor_si256(                                                        \
        sgk__iota8(), _mm256_set1_epi32((int)(r * (SGK__BITS_##T / 32u))));                      \
    return sgk__of_si_##T(_mm256_permutevar8x32_epi32(sgk__si_##T(v), idx));                     \
  }
SGK__TYPES_ALL(SGK__R_ALL, ~)

/* ---- integers ------------------------------------------------------------------------------- */
#define SGK__SIGN32 _mm256_set1_epi32(INT32_MIN)
#define SGK__SIGN64 _mm256_set1_epi64x(INT64_MIN)
#define SGK__R_INT(T, S)                                                                           \
  SGK_INLINE __m256i sgk__r_add_##T(__m256i a, __m256i b) { return _mm256_add_##S(a, b); }         \
  SGK_INLINE __m256i sgk__r_sub_##T(__m256i a, __m256i b) { return _mm256_sub_##S(a, b); }         \
  SGK_INLINE __m256i sgk__r_and_##T(__m256i a, __m256i b) { return _mm256_and_si256(a, b); }       \
  SGK_INLINE __m256i sgk__r_or_##T(__m256i a, __m256i b) { return _mm256_or_si256(a, b); }         \
  SGK_INLINE __m256i sgk__r_xor_##T(__m256i a, __m256i b) { return _mm256_xor_si256(a, b); }       \
  SGK_INLINE __m256i sgk__r_eq_##T(__m256i a, __m256i b) { return _mm256_cmpeq_##S(a, b); }        \
  SGK_INLINE __m256i sgk__r_lt_##T(__m256i a, __m256i b) { return sgk__r_gt_##T(b, a); }           \
  SGK_INLINE __m256i sgk__r_le_##T(__m256i a, __m256i b) {                                         \
    return _mm256_xor_si256(sgk__r_gt_##T(a, b), _mm256_set1_epi32(-1));                           \
  }                                                                                                \
  SGK_INLINE __m256i sgk__r_shl_##T(__m256i a, uint32_t n) {                                       \
    return _mm256_sll_##S(a, _mm_cvtsi32_si128((int)n));                                           \
  }                                                                                                \
  SGK_INLINE __m256i sgk__r_shlv_##T(__m256i a, __m256i n) { return _mm256_sllv_##S(a, n); }
SGK_INLINE __m256i sgk__r_gt_i32(__m256i a, __m256i b) { return _mm256_cmpgt_epi32(a, b); }
SGK_INLINE __m256i sgk__r_gt_u32(__m256i a, __m256i b) {
  return _mm256_cmpgt_epi32(_mm256_xor_si256(a, SGK__SIGN32), _mm256_xor_si256(b, SGK__SIGN32));
}
SGK_INLINE __m256i sgk__r_gt_i64(__m256i a, __m256i b) { return _mm256_cmpgt_epi64(a, b); }
SGK_INLINE __m256i sgk__r_gt_u64(__m256i a, __m256i b) {
  return _mm256_cmpgt_epi64(_mm256_xor_si256(a, SGK__SIGN64), _mm256_xor_si256(b, SGK__SIGN64));
}
SGK__R_INT(i32, epi32)
SGK__R_INT(u32, epi32)
SGK__R_INT(i64, epi64)
SGK__R_INT(u64, epi64)
SGK_INLINE __m256i sgk__r_min_i32(__m256i a, __m256i b) { return _mm256_min_epi32(a, b); }
SGK_INLINE __m256i sgk__r_max_i32(__m256i a, __m256i b) { return _mm256_max_epi32(a, b); }
SGK_INLINE __m256i sgk__r_min_u32(__m256i a, __m256i b) { return _mm256_min_epu32(a, b); }
SGK_INLINE __m256i sgk__r_max_u32(__m256i a, __m256i b) { return _mm256_max_epu32(a, b); }
/* no 64-bit min/max: blends by the compare */
#define SGK__R_MINMAX64(T)                                                                         \
  SGK_INLINE __m256i sgk__r_min_##T(__m256i a, __m256i b) {                                        \
    return _mm256_blendv_epi8(a, b, sgk__r_gt_##T(a, b));                                          \
  }                                                                                                \
  SGK_INLINE __m256i sgk__r_max_##T(__m256i a, __m256i b) {                                        \
    return _mm256_blendv_epi8(a, b, sgk__r_gt_##T(b, a));                                          \
  }
SGK__R_MINMAX64(i64)
SGK__R_MINMAX64(u64)
SGK_INLINE __m256i sgk__r_mul_i32(__m256i a, __m256i b) { return _mm256_mullo_epi32(a, b); }
SGK_INLINE __m256i sgk__r_mul_u32(__m256i a, __m256i b) { return _mm256_mullo_epi32(a, b); }
/* no 64-bit multiply: lo*lo + (hi*lo + lo*hi) << 32 */
SGK_INLINE __m256i sgk__r_mul_i64(__m256i a, __m256i b) {
  const __m256i lo = _mm256_mul_epu32(a, b);
  const __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), b),
                                         _mm256_mul_epu32(a, _mm256_srli_epi64(b, 32)));
  return _mm256_add_epi64(lo, _mm256_slli_epi64(cross, 32));
}
#define sgk__r_mul_u64 sgk__r_mul_i64
SGK_INLINE __m256i sgk__r_shr_i32(__m256i a, uint32_t n) {
  return _mm256_sra_epi32(a, _mm_cvtsi32_si128((int)n));
}
SGK_INLINE __m256i sgk__r_shr_u32(__m256i a, uint32_t n) {
  return _mm256_srl_epi32(a, _mm_cvtsi32_si128((int)n));
}
SGK_INLINE __m256i sgk__r_shr_u64(__m256i a, uint32_t n) {
  return _mm256_srl_epi64(a, _mm_cvtsi32_si128((int)n));
}
SGK_INLINE __m256i sgk__r_shrv_i32(__m256i a, __m256i n) { return _mm256_srav_epi32(a, n); }
SGK_INLINE __m256i sgk__r_shrv_u32(__m256i a, __m256i n) { return _mm256_srlv_epi32(a, n); }
SGK_INLINE __m256i sgk__r_shrv_u64(__m256i a, __m256i n) { return _mm256_srlv_epi64(a, n); }
/* no 64-bit arithmetic shift: logical shift, then the sign shifted in from the top (count
 * clamped to 63) */
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

/* ---- floats: vminps/vmaxps are exactly a < b ? a : b and a > b ? a : b ------------------------ */
#define SGK__R_FLOAT(T, V, S, SIGN)                                                                \
  SGK_INLINE V sgk__r_add_##T(V a, V b) { return _mm256_add_##S(a, b); }                           \
  SGK_INLINE V sgk__r_sub_##T(V a, V b) { return _mm256_sub_##S(a, b); }                           \
  SGK_INLINE V sgk__r_mul_##T(V a, V b) { return _mm256_mul_##S(a, b); }                           \
  SGK_INLINE V sgk__r_div_##T(V a, V b) { return _mm256_div_##S(a, b); }                           \
  SGK_INLINE V sgk__r_min_##T(V a, V b) { return _mm256_min_##S(a, b); }                           \
  SGK_INLINE V sgk__r_max_##T(V a, V b) { return _mm256_max_##S(a, b); }                           \
  SGK_INLINE V sgk__r_sqrt_##T(V a) { return _mm256_sqrt_##S(a); }                                 \
  SGK_INLINE V sgk__r_neg_##T(V a) { return _mm256_xor_##S(a, _mm256_set1_##S(SIGN)); }            \
  SGK_INLINE V sgk__r_abs_##T(V a) { return _mm256_andnot_##S(_mm256_set1_##S(SIGN), a); }         \
  SGK_INLINE V sgk__r_fma_##T(V a, V b, V c) { return _mm256_fmadd_##S(a, b, c); }                 \
  SGK_INLINE __m256i sgk__r_eq_##T(V a, V b) {                                                     \
    return sgk__si_##T(_mm256_cmp_##S(a, b, _CMP_EQ_OQ));                                          \
  }                                                                                                \
  SGK_INLINE __m256i sgk__r_lt_##T(V a, V b) {                                                     \
    return sgk__si_##T(_mm256_cmp_##S(a, b, _CMP_LT_OQ));                                          \
  }                                                                                                \
  SGK_INLINE __m256i sgk__r_le_##T(V a, V b) {                                                     \
    return sgk__si_##T(_mm256_cmp_##S(a, b, _CMP_LE_OQ));                                          \
  }
SGK__R_FLOAT(f32, __m256, ps, -0.0f)
SGK__R_FLOAT(f64, __m256d, pd, -0.0)

/* ---- gathers: masked vpgather; register k's indices (for 64-bit, half of a 32-bit register) */
#define SGK__R_GATHER(T, ct, V, EXPR)                                                              \
  SGK_INLINE V sgk__r_gather_##T(__m256i m, const ct *base, const sgk__v_i32 *idx, int k) {        \
    return EXPR;                                                                                   \
  }
SGK__R_GATHER(i32, int32_t, __m256i,
              _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)base, idx[k], m, 4))
SGK__R_GATHER(u32, uint32_t, __m256i,
              _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)base, idx[k], m, 4))
SGK__R_GATHER(f32, float, __m256,
              _mm256_mask_i32gather_ps(_mm256_setzero_ps(), base, idx[k], _mm256_castsi256_ps(m),
                                       4))
#define SGK__GATHER64(base)                                                                        \
  _mm256_mask_i32gather_epi64(_mm256_setzero_si256(), (const long long *)(base),                   \
                              sgk__half128(idx[k >> 1], k & 1), m, 8)
SGK__R_GATHER(i64, int64_t, __m256i, SGK__GATHER64(base))
SGK__R_GATHER(u64, uint64_t, __m256i, SGK__GATHER64(base))
SGK__R_GATHER(f64, double, __m256d,
              _mm256_mask_i32gather_pd(_mm256_setzero_pd(), base, sgk__half128(idx[k >> 1], k & 1),
                                       _mm256_castsi256_pd(m), 8))

#endif /* SGK_ISA_AVX2_H */

/* ---- after the generic layer: what needs the W-lane types ------------------------------------ */
#if defined(SGK_ISA_GENERIC_H) && !defined(SGK_ISA_AVX2_LATE_H)
#define SGK_ISA_AVX2_LATE_H
SGK_INLINE sgk_mask sgk_mask_first_n(uint32_t n) {
  sgk_mask m;
  const int c = n > SGK_W ? SGK_W : (int)n;
  SGK__FOR(SGK__N32, k) m.r[k] = _mm256_cmpgt_epi32(_mm256_set1_epi32(c - 8 * k), sgk__iota8());
  return m;
}

/* Permutes: vpermd on each source register, blended by which register the index names; 64-bit
 * lanes move as pairs of 32-bit lanes. */
/* out lane i <- src lane (idx lane i) mod (8 n), over n source registers */
SGK_INLINE __m256i sgk__permute_regs(const __m256i *src, int n, __m256i idx) {
  __m256i r = _mm256_permutevar8x32_epi32(src[0], idx);
  for (int s = 1; s < n; ++s) {
    const __m256i hit =
        _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_srli_epi32(idx, 3), _mm256_set1_epi32(n - 1)),
                           _mm256_set1_epi32(s));
    r = _mm256_blendv_epi8(r, _mm256_permutevar8x32_epi32(src[s], idx), hit);
  }
  return r;
}
/* The 32-bit lane pairs (2i, 2i+1) of the 4 64-bit lanes of register j of a lane index vector. */
SGK_INLINE __m256i sgk__pair_index(const __m256i *idx32, int j) {
  const __m256i q = _mm256_cvtepu32_epi64(sgk__half128(idx32[j >> 1], j & 1));
  const __m256i twice = _mm256_slli_epi64(q, 1);
  return _mm256_or_si256(twice,
                         _mm256_slli_epi64(_mm256_add_epi64(twice, _mm256_set1_epi64x(1)), 32));
}
/* The index register for register k of a 32-bit / 64-bit value. */
SGK_INLINE __m256i sgk__perm_index32(const sgk_u32 *idx, int k) { return idx->r[k]; }
SGK_INLINE __m256i sgk__perm_index64(const sgk_u32 *idx, int k) {
  return sgk__pair_index(idx->r, k);
}
#define SGK__PERMUTES(T, ct, ...)                                                                  \
  SGK_INLINE sgk_##T sgk__permute_##T(sgk_##T x, sgk_u32 idx) {                                    \
    __m256i src[SGK__NR(T)];                                                                       \
    SGK__FOR(SGK__NR(T), k) src[k] = sgk__si_##T(x.r[k]);                                          \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k)                                                                        \
    r.r[k] = sgk__of_si_##T(                                                                       \
        sgk__permute_regs(src, SGK__NR(T), SGK__CAT(sgk__perm_index, SGK__BITS_##T)(&idx, k)));    \
    return r;                                                                                      \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk__broadcast_##T(sgk_##T x, uint32_t lane) {                                \
    const int l = (int)(lane % SGK__RL(T));                                                        \
    const __m256i from = SGK__BITS_##T == 32                                                       \
                             ? _mm256_set1_epi32(l)                                                \
                             : _mm256_set1_epi64x(((int64_t)(2 * l + 1) << 32) | (2 * l));         \
    const __m256i v = _mm256_permutevar8x32_epi32(sgk__si_##T(x.r[lane / SGK__RL(T)]), from);      \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = sgk__of_si_##T(v);                                            \
    return r;                                                                                      \
  }
SGK__TYPES_ALL(SGK__PERMUTES, ~)

/* Rotates (shift_group_left/right, the exclusive scans' shift-in): every lane moves by the same
 * d, so out register k is two neighbouring source registers, (k + q) and (k + q + 1) mod n for
 * q = d / 8, each turned by r = d mod 8 lanes and blended at lane 8 - r: n vpermd and n blends,
 * where the general permute above takes n vpermd and n - 1 compare-blends per output register
 * (at W = 32, 32 bit: 8 against about 76 instructions; with constant shifts in its tree, the
 * SLM reduction at work-group size 16 ran 1.55x at W = 32). d in 32-bit lanes, < 8 n. */
SGK_INLINE void sgk__rotate_regs(const __m256i *src, __m256i *out, int n, uint32_t d) {
  const int q = (int)(d / 8u), r = (int)(d % 8u);
  const __m256i turn =
      _mm256_and_si256(_mm256_add_epi32(sgk__iota8(), _mm256_set1_epi32(r)), _mm256_set1_epi32(7));
  const __m256i next = _mm256_cmpgt_epi32(sgk__iota8(), _mm256_set1_epi32(7 - r));
  __m256i t[8]; /* n <= 8: 64-bit lanes at W = 32 */
  for (int j = 0; j < n; ++j) t[j] = _mm256_permutevar8x32_epi32(src[j], turn);
  for (int k = 0; k < n; ++k)
    out[k] = n == 1 ? t[0] : _mm256_blendv_epi8(t[(k + q) % n], t[(k + q + 1) % n], next);
}
/* lane i <- x[(i + d) mod W] */
#define SGK__ROTATES(T, ct, ...)                                                                   \
  SGK_INLINE sgk_##T sgk__rotate_##T(sgk_##T x, uint32_t d) {                                      \
    __m256i src[SGK__NR(T)], out[SGK__NR(T)];                                                      \
    SGK__FOR(SGK__NR(T), k) src[k] = sgk__si_##T(x.r[k]);                                          \
    sgk__rotate_regs(src, out, SGK__NR(T), (d % SGK_W) * (SGK__BITS_##T / 32u));                   \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = sgk__of_si_##T(out[k]);                                       \
    return r;                                                                                      \
  }
SGK__TYPES_ALL(SGK__ROTATES, ~)

/* sgk_load_vec / sgk_store_vec of a full sub-group (n a power of two <= 8), block by block: lane
 * i of out[k] is element i n + k of the n W contiguous ones, so register q of out[k] takes only
 * the n registers' worth q n .. q n + n - 1 of the contiguous data: a transpose of RL rows (the
 * lanes) by n columns (the components), the same for every q. AVX2 has no two-source permute
 * across 128-bit lanes, so the rows are split instead: rows 0 .. L - 1 (L = RL / 2, the elements
 * of a 128-bit lane) go to the low lanes and rows L .. RL - 1 to the high ones, chunk j of each
 * half loaded into register j by a 128-bit load and an insert (no shuffle port), and what is left
 * is L x n transposes inside the 128-bit lanes: unpacks, 8 for n = 4 of 32 bits where the
 * general permute took 16 vpermd and 12 blends (vec4 copies at 0.4x the AVX-512 rate on Zen 4).
 * The store is the same network run backwards; a 128-bit chunk never crosses a row, so rows s
 * apart (SGK__ROW_AT) change only the addresses. (SGK__NATIVE_VEC_MEMORY is announced at the
 * top.) */
/* L x L transpose (L = 4 for 32-bit elements, 2 for 64) of x[0 .. L - 1] inside each 128-bit
 * lane, in place: row r, column c -> row c, column r. Its own inverse. */
SGK_INLINE void sgk__lane_transpose(__m256i *x, int bits) {
  if (bits == 64) {
    const __m256i a = x[0], b = x[1];
    x[0] = _mm256_unpacklo_epi64(a, b);
    x[1] = _mm256_unpackhi_epi64(a, b);
    return;
  }
  const __m256i t0 = _mm256_unpacklo_epi32(x[0], x[1]), t1 = _mm256_unpackhi_epi32(x[0], x[1]);
  const __m256i t2 = _mm256_unpacklo_epi32(x[2], x[3]), t3 = _mm256_unpackhi_epi32(x[2], x[3]);
  x[0] = _mm256_unpacklo_epi64(t0, t2);
  x[1] = _mm256_unpackhi_epi64(t0, t2);
  x[2] = _mm256_unpacklo_epi64(t1, t3);
  x[3] = _mm256_unpackhi_epi64(t1, t3);
}
/* Chunk register j (row-major L x n halves, chunk j = elements L j .. L j + L - 1 of each half)
 * <-> column register k. For n >= L the columns L m .. L m + L - 1 are one L x L transpose of
 * chunks m, m + n / L, ..; below that (n = 2 of 32 bits) an even/odd split. */
SGK_INLINE void sgk__chunks_to_columns(__m256i *c, int n, int bits) {
  const int l = bits == 32 ? 4 : 2;
  if (n >= l) {
    __m256i t[8];
    for (int m = 0; m < n / l; ++m) {
      for (int r = 0; r < l; ++r) t[r] = c[m + r * (n / l)];
      sgk__lane_transpose(t, bits);
      for (int r = 0; r < l; ++r) c[m + r * (n / l)] = t[r];
    }
    /* column l m + r now sits at chunk m + r n / l: gather them in column order */
    for (int k = 0; k < n; ++k) t[k] = c[(k % l) * (n / l) + k / l];
    for (int k = 0; k < n; ++k) c[k] = t[k];
  } else if (n == 2) { /* 32 bits, L = 4 */
    const __m256 a = _mm256_castsi256_ps(c[0]), b = _mm256_castsi256_ps(c[1]);
    c[0] = _mm256_castps_si256(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)));
    c[1] = _mm256_castps_si256(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)));
  }
}
SGK_INLINE void sgk__columns_to_chunks(__m256i *c, int n, int bits) {
  const int l = bits == 32 ? 4 : 2;
  if (n >= l) {
    __m256i t[8];
    for (int k = 0; k < n; ++k) t[(k % l) * (n / l) + k / l] = c[k];
    for (int m = 0; m < n / l; ++m) {
      __m256i g[4];
      for (int r = 0; r < l; ++r) g[r] = t[m + r * (n / l)];
      sgk__lane_transpose(g, bits);
      for (int r = 0; r < l; ++r) c[m + r * (n / l)] = g[r];
    }
  } else if (n == 2) {
    const __m256i a = c[0], b = c[1];
    c[0] = _mm256_unpacklo_epi32(a, b);
    c[1] = _mm256_unpackhi_epi32(a, b);
  }
}
#ifdef SGK__NATIVE_VEC_MEMORY /* else generic.h's (tests/vec_generic_kernels.c) */
/* Register q's part; generic.h's SGK__VEC_BY_REG and SGK__VEC16_HALVES drive it. */
#define SGK__VEC_MEMORY(T, ct, ...)                                                                \
  SGK_INLINE void sgk__vec_load_reg_##T(const ct *p, int n, int s, sgk_##T *out, int q) {          \
    enum { L = SGK__RL(T) / 2 };                                                                   \
    const size_t b = (size_t)q * n * SGK__RL(T);                                                   \
    __m256i c[8];                                                                                  \
    for (int j = 0; j < n; ++j)                                                                    \
      c[j] = _mm256_inserti128_si256(                                                              \
          _mm256_castsi128_si256(                                                                  \
              _mm_loadu_si128((const __m128i *)SGK__ROW_AT(p, b + L * j, n, s))),                  \
          _mm_loadu_si128((const __m128i *)SGK__ROW_AT(p, b + L * (n + j), n, s)), 1);             \
    sgk__chunks_to_columns(c, n, SGK__BITS_##T);                                                   \
    for (int k = 0; k < n; ++k) out[k].r[q] = sgk__of_si_##T(c[k]);                                \
  }                                                                                                \
  SGK_INLINE void sgk__vec_store_reg_##T(ct *p, int n, int s, const sgk_##T *in, int q) {          \
    enum { L = SGK__RL(T) / 2 };                                                                   \
    const size_t b = (size_t)q * n * SGK__RL(T);                                                   \
    __m256i c[8];                                                                                  \
    for (int k = 0; k < n; ++k) c[k] = sgk__si_##T(in[k].r[q]);                                    \
    sgk__columns_to_chunks(c, n, SGK__BITS_##T);                                                   \
    for (int j = 0; j < n; ++j) {                                                                  \
      _mm_storeu_si128((__m128i *)SGK__ROW_AT(p, b + L * j, n, s),                                 \
                       _mm256_castsi256_si128(c[j]));                                              \
      _mm_storeu_si128((__m128i *)SGK__ROW_AT(p, b + L * (n + j), n, s),                           \
                       _mm256_extracti128_si256(c[j], 1));                                         \
    }                                                                                              \
  }
SGK__TYPES_ALL(SGK__VEC_MEMORY, ~)
SGK__TYPES_ALL(SGK__VEC_BY_REG, ~)
SGK__TYPES_ALL(SGK__VEC16_HALVES, ~)
#undef SGK__VEC_MEMORY
#endif

/* ---- conversions ------------------------------------------------------------------------------ */
/* Same width: register by register. */
#define SGK__CVT_SAME(TO, FROM, EXPR)                                                              \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                        \
    sgk_##TO r;                                                                                    \
    SGK__FOR(SGK__N32, k) {                                                                        \
      const __typeof__(a.r[0]) x = a.r[k];                                                         \
      r.r[k] = (EXPR);                                                                             \
    }                                                                                              \
    return r;                                                                                      \
  }
/* 32-bit to 64-bit: the 4 lanes of 64-bit register j from half j & 1 of 32-bit register j >> 1. */
#define SGK__CVT_WIDEN(TO, FROM, FN, SI)                                                           \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                        \
    sgk_##TO r;                                                                                    \
    SGK__FOR(SGK__N64, j) r.r[j] = FN(sgk__half128(SI(a.r[j >> 1]), j & 1));                       \
    return r;                                                                                      \
  }
/* 64-bit to 32-bit: 32-bit register k from 64-bit registers 2k and 2k + 1. */
#define SGK__CVT_NARROW(TO, FROM, EXPR)                                                            \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                        \
    sgk_##TO r;                                                                                    \
    SGK__FOR(SGK__N32, k) {                                                                        \
      const __typeof__(a.r[0]) lo = a.r[2 * k], hi = a.r[2 * k + 1];                               \
      r.r[k] = (EXPR);                                                                             \
    }                                                                                              \
    return r;                                                                                      \
  }
SGK__CVT_SAME(f32, i32, _mm256_cvtepi32_ps(x))
/* u32 -> f32: the high and low 16 bits convert exactly; one rounding in the final fma */
SGK__CVT_SAME(f32, u32,
              _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_srli_epi32(x, 16)),
                              _mm256_set1_ps(65536.0f),
                              _mm256_cvtepi32_ps(_mm256_and_si256(x, _mm256_set1_epi32(0xffff)))))
/* vcvttps2dq gives INT32_MIN for NaN and out of range, as documented */
SGK__CVT_SAME(i32, f32, _mm256_cvttps_epi32(x))
/* f32 -> u32: [2^31, 2^32) converts after subtracting 2^31; NaN and out of range give UINT32_MAX */
SGK_INLINE __m256i sgk__cvt_u32_f32_r(__m256 x) {
  const __m256 two31 = _mm256_set1_ps(2147483648.0f);
  const __m256i big = _mm256_castps_si256(_mm256_cmp_ps(x, two31, _CMP_GE_OQ));
  const __m256i low = _mm256_cvttps_epi32(x);
  const __m256i high = _mm256_xor_si256(_mm256_cvttps_epi32(_mm256_sub_ps(x, two31)), SGK__SIGN32);
  const __m256i ok = _mm256_castps_si256(
      _mm256_and_ps(_mm256_cmp_ps(x, _mm256_set1_ps(-1.0f), _CMP_GT_OQ),
                    _mm256_cmp_ps(x, _mm256_set1_ps(4294967296.0f), _CMP_LT_OQ)));
  return _mm256_or_si256(_mm256_blendv_epi8(low, high, big),
                         _mm256_xor_si256(ok, _mm256_set1_epi32(-1)));
}
SGK__CVT_SAME(u32, f32, sgk__cvt_u32_f32_r(x))
#define SGK__PS128_PD(v) _mm256_cvtps_pd(_mm_castsi128_ps(v))
SGK__CVT_WIDEN(f64, f32, SGK__PS128_PD, sgk__si_f32)
SGK__CVT_WIDEN(f64, i32, _mm256_cvtepi32_pd, sgk__si_i32)
SGK__CVT_WIDEN(i64, i32, _mm256_cvtepi32_epi64, sgk__si_i32)
SGK__CVT_WIDEN(u64, u32, _mm256_cvtepu32_epi64, sgk__si_i32)
SGK__CVT_NARROW(f32, f64, _mm256_set_m128(_mm256_cvtpd_ps(hi), _mm256_cvtpd_ps(lo)))
SGK__CVT_NARROW(i32, f64, _mm256_set_m128i(_mm256_cvttpd_epi32(hi), _mm256_cvttpd_epi32(lo)))
SGK__CVT_NARROW(i32, i64, sgk__rm32_pack(lo, hi))
SGK__CVT_NARROW(u32, u64, sgk__rm32_pack(lo, hi))
/* i64 -> f64: hi * 2^32 + lo with exact parts and one rounding (fma) */
SGK_INLINE sgk_f64 sgk_cvt_f64_i64(sgk_i64 a) {
  sgk_f64 r;
  SGK__FOR(SGK__N64, j) {
    const __m256i split =
        _mm256_permutevar8x32_epi32(a.r[j], _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
    const __m256d hi = _mm256_cvtepi32_pd(_mm256_extracti128_si256(split, 1));
    const __m128i lo32 = _mm256_castsi256_si128(split);
    const __m256d lo =
        _mm256_add_pd(_mm256_cvtepi32_pd(_mm_xor_si128(lo32, _mm_set1_epi32(INT32_MIN))),
                      _mm256_set1_pd(2147483648.0));
    r.r[j] = _mm256_fmadd_pd(hi, _mm256_set1_pd(4294967296.0), lo);
  }
  return r;
}
#endif
// clang-format on
