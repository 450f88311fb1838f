/* The AVX-512 core (F, BW, DQ, VL, CD). A register of a 32-bit type is one ymm at W = 8
 * (AVX-512VL, with mask registers) and one zmm at W = 16 and 32; of a 64-bit type always one zmm.
 * Masks are lane bit sets handed to instructions as k registers: partial sub-groups are masked
 * loads, stores, gathers and scatters, never tail loops. This file adds to the generic layer what
 * AVX-512 does better: vpermi2d / vpermt2q permutes across the registers of a sub-group (and in
 * sycl::vec loads and stores), scatters, the conversions AVX-512 has, and local atomics that
 * resolve lanes hitting one address with vpconflictd. Included by sgk/kernel.h for the avx512
 * variants; never directly. */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_ISA_AVX512_H
#define SGK_ISA_AVX512_H

#include <immintrin.h>
#include <stdint.h>

#include "sgk/isa/types.h"

#define SGK__MASK_BITS 1
#define SGK__RL64 8
#define SGK__REGS 32 /* zmm0 .. zmm31 */
/* Slides (SGK_REG_SLIDE_QUARTERS), measured on the convolution's window on AMD Zen 4 (README,
 * "The window's taps, split between slides and loads"): a ymm slide (W 8) pays at every tap (half
 * of the taps loaded instead ran 0.88-1.05x in five rounds of six); a zmm slide (W 16) at half of
 * them (all of them slid ran 0.91-1.00x half, a quarter 0.74-0.83x). Not measured on Intel, whose
 * costs for vpermt2d and for loads across cache lines differ. This is the variant's own value; the
 * runtime hands a kernel the CPU's where it differs (sgk_slide_quarters: 3 at W 16 on Zen 5). */
#if SGK_W == 8
#define SGK__SLIDE_QUARTERS 4
#define SGK__RL32 8
typedef __m256i sgk__vi;
typedef __m256 sgk__vf;
#define SGK__P(name) SGK__CAT(_mm256_, name) /* the 32-bit register width's intrinsics */
#else
#define SGK__SLIDE_QUARTERS 2
#define SGK__RL32 16
typedef __m512i sgk__vi;
typedef __m512 sgk__vf;
#define SGK__P(name) SGK__CAT(_mm512_, name)
#endif
#define SGK__Q(name) SGK__CAT(_mm512_, name) /* 64-bit registers: zmm */

/* ---- the SLEEF binding (sgk/isa/math.h): one register per call ------------------------------- */
/* At W = 8 a float register is a ymm: SLEEF's 8-lane float functions are its AVX2 ones (it has
 * no AVX-512VL build), which cost half of a 16-lane zmm call computing 8 unused lanes. */
#include <sleef.h>
#if SGK_W == 8
#define SGK__SLEEF_f32(fn, acc) Sleef_##fn##f8_##acc##avx2
typedef Sleef___m256_2 sgk__sleef2_f32;
#else
#define SGK__SLEEF_f32(fn, acc) Sleef_##fn##f16_##acc##avx512f
typedef Sleef___m512_2 sgk__sleef2_f32;
#endif
#define SGK__SLEEF_f64(fn, acc) Sleef_##fn##d8_##acc##avx512f
typedef Sleef___m512d_2 sgk__sleef2_f64;
typedef __m256i sgk__sleef_vi64; /* 8 int32 lanes beside a register of 8 doubles */
#define sgk__sleef_vi64_load(p) _mm256_loadu_si256((const __m256i *)(p))
#define sgk__sleef_vi64_store(p, v) _mm256_storeu_si256((__m256i *)(p), v)

typedef sgk__vi sgk__v_i32;
typedef sgk__vi sgk__v_u32;
typedef sgk__vf sgk__v_f32;
typedef __m512i sgk__v_i64;
typedef __m512i sgk__v_u64;
typedef __m512d sgk__v_f64;

/* What this core provides itself (the definitions needing the W-lane types follow the generic
 * layer, at the end of this file). */
#define SGK__NATIVE_MASKED_MEMORY
#define SGK__NATIVE_GATHER
#define SGK__NATIVE_SCATTER
#define SGK__NATIVE_PERMUTE
#define SGK__NATIVE_BROADCAST
#define SGK__NATIVE_XOR_LANES
#define SGK__NATIVE_CVTS SGK__YES
#ifndef SGK__TEST_GENERIC_VEC_MEMORY /* tests/vec_generic_kernels.c */
#define SGK__NATIVE_VEC_MEMORY
#define SGK__VEC_REG_LOOP /* generic.h, SGK__VEC_BY_REG */
#endif
/* Local atomics: lane by lane (the generic layer's) unless SGK_AVX512_CONFLICT_ATOMICS asks for
 * the conflict-detection path below. On the Intel Xeon this was measured on (family 6 model
 * 167), vpconflictd is microcoded and the gather + scatter the path needs cost more than the
 * lanes' own loads and stores: the SLM histogram's updates ran 1.2-2.3x slower through it; on an
 * AMD EPYC (Zen 4), whose vpconflictd is fast but whose scatters are slow, 2.2-2.8x slower (see
 * the README's "Local atomics"). */
#ifdef SGK_AVX512_CONFLICT_ATOMICS
#define SGK__NATIVE_LOCAL_ATOMICS_32
#endif
/* The lane-by-lane update's runs (sgk/isa/generic.h, SGK__PAIR_RUN): 16 lanes at W 32, eight
 * pairs out of the vector before their first update, where the generic eight read the SLM
 * histogram 1.07-1.08x slower on an Intel Xeon of family 6 model 207 (hist_slm alone, runs of 4,
 * 8, 16 and 32 compiled side by side and alternated, 15 rounds at two threads and 9 at one: runs
 * of 16 1.078x / 1.074x, all 32 1.04x, 4 0.72x; 16 at W 16 and on AVX2 0.97-1.00x). GCC 12 keeps
 * the eight pairs in registers (no stack access in the update's block, the same extractions and
 * updates as runs of eight, reordered). AMD Zen 4 (family 25 model 17), main's library against one
 * without this, `sgk run hist_slm` alternated seven rounds: 1.043x (1.033-1.047). */
#if SGK_W == 32
#define SGK__PAIR_RUN 16
#endif

/* Lane index vectors i + s (the permutes' operand); of a 32-bit and of a 64-bit register. */
SGK_INLINE sgk__vi sgk__iota32_plus(int s) {
#if SGK_W == 8
  const sgk__vi i = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
#else
  const sgk__vi i = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
#endif
  return SGK__P(add_epi32)(i, SGK__P(set1_epi32)(s));
}
SGK_INLINE __m512i sgk__iota64_plus(int s) {
  return _mm512_add_epi64(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7), _mm512_set1_epi64(s));
}

/* (lo, hi)[i + s] for 0 < s < the register's lanes, s a constant (an unrolled loop's slide):
 * valignd / valignq, which keeps its sources, where the two-source permute overwrites one (a
 * register copy a slide) and holds its index in a register. Any other s: the permute. */
#define SGK__AC(f, s) case s: return f(hi, lo, s);
#define SGK__AC1_7(f) SGK__AC(f, 1) SGK__AC(f, 2) SGK__AC(f, 3) SGK__AC(f, 4) SGK__AC(f, 5) \
                      SGK__AC(f, 6) SGK__AC(f, 7)
SGK_INLINE sgk__vi sgk__align32(sgk__vi lo, sgk__vi hi, int s) {
  switch (s) {
  SGK__AC1_7(SGK__P(alignr_epi32))
#if SGK_W != 8
  SGK__AC(SGK__P(alignr_epi32), 8) SGK__AC(SGK__P(alignr_epi32), 9)
  SGK__AC(SGK__P(alignr_epi32), 10) SGK__AC(SGK__P(alignr_epi32), 11)
  SGK__AC(SGK__P(alignr_epi32), 12) SGK__AC(SGK__P(alignr_epi32), 13)
  SGK__AC(SGK__P(alignr_epi32), 14) SGK__AC(SGK__P(alignr_epi32), 15)
#endif
  default: return SGK__P(permutex2var_epi32)(lo, sgk__iota32_plus(s), hi);
  }
}
SGK_INLINE __m512i sgk__align64(__m512i lo, __m512i hi, int s) {
  switch (s) {
  SGK__AC1_7(_mm512_alignr_epi64)
  default: return _mm512_permutex2var_epi64(lo, sgk__iota64_plus(s), hi);
  }
}
#undef SGK__AC
#undef SGK__AC1_7

/* lane i <- v[i ^ r], 0 < r < the register's lanes (permute_group_by_xor inside a register). A
 * constant r inside a 128-bit block is one vpshufd, a constant r of whole blocks one vshufi32x4
 * or vshufi64x2, each with an immediate; any other r one single-register permute by index. Where
 * a sub-group is two registers (W 32), each register's result depends on that register alone:
 * the generic path's permute over the whole sub-group was a two-register vpermt2d, which kept
 * both registers of a row live where a kernel uses one (the transpose's blocks). */
#define SGK__XOR_IMM(r) ((0 ^ (r)) | (1 ^ (r)) << 2 | (2 ^ (r)) << 4 | (3 ^ (r)) << 6)
SGK_INLINE sgk__vi sgk__xor_lanes32(sgk__vi v, uint32_t r) {
  if (__builtin_constant_p(r)) switch (r) {
    case 1: return SGK__P(shuffle_epi32)(v, (_MM_PERM_ENUM)SGK__XOR_IMM(1));
    case 2: return SGK__P(shuffle_epi32)(v, (_MM_PERM_ENUM)SGK__XOR_IMM(2));
    case 3: return SGK__P(shuffle_epi32)(v, (_MM_PERM_ENUM)SGK__XOR_IMM(3));
#if SGK_W != 8
    case 4: return _mm512_shuffle_i32x4(v, v, SGK__XOR_IMM(1));
    case 8: return _mm512_shuffle_i32x4(v, v, SGK__XOR_IMM(2));
    case 12: return _mm512_shuffle_i32x4(v, v, SGK__XOR_IMM(3));
#endif
    default: break;
    }
  return SGK__P(permutexvar_epi32)(
      SGK__P(xor_epi32)(sgk__iota32_plus(0), SGK__P(set1_epi32)((int)r)), v);
}
SGK_INLINE __m512i sgk__xor_lanes64(__m512i v, uint32_t r) {
  if (__builtin_constant_p(r)) switch (r) {
    case 1: return _mm512_shuffle_epi32(v, (_MM_PERM_ENUM)SGK__XOR_IMM(2));
    case 2: return _mm512_shuffle_i64x2(v, v, SGK__XOR_IMM(1));
    case 4: return _mm512_shuffle_i64x2(v, v, SGK__XOR_IMM(2));
    case 6: return _mm512_shuffle_i64x2(v, v, SGK__XOR_IMM(3));
    default: break;
    }
  return _mm512_permutexvar_epi64(_mm512_xor_si512(sgk__iota64_plus(0), _mm512_set1_epi64(r)), v);
}
#undef SGK__XOR_IMM
/* a register as its bits (SGK__TOI) and back (SGK__OFI), for the aligns */
#if SGK_W == 8
#define SGK__TOI_f32 _mm256_castps_si256
#define SGK__OFI_f32 _mm256_castsi256_ps
#else
#define SGK__TOI_f32 _mm512_castps_si512
#define SGK__OFI_f32 _mm512_castsi512_ps
#endif
#define SGK__TOI_i32
#define SGK__OFI_i32
#define SGK__TOI_u32
#define SGK__OFI_u32
#define SGK__TOI_i64
#define SGK__OFI_i64
#define SGK__TOI_u64
#define SGK__OFI_u64
#define SGK__TOI_f64 _mm512_castpd_si512
#define SGK__OFI_f64 _mm512_castsi512_pd

/* ---- register ops every type has -------------------------------------------------------------
 * By element width BITS: the intrinsic prefix (SGK__P: the 32-bit register's width, SGK__Q: zmm),
 * the k-register type, the lanes and the permute index; by type: the suffixes of data movement
 * and arithmetic (S: epi32, ps, ...) and of compares and min/max (C: epu32 for unsigned), the
 * compare predicates and the lane-0 read. The generic layer hands register masks as lane bits in a
 * uint32_t. */
#if SGK_W == 8
#define SGK__K32 __mmask8
#define SGK__LANE0_32(v) _mm_cvtsi128_si32(_mm256_castsi256_si128(v))
#else
#define SGK__K32 __mmask16
#define SGK__LANE0_32(v) _mm_cvtsi128_si32(_mm512_castsi512_si128(v))
#endif
#define SGK__PFX32 SGK__P
#define SGK__PFX64 SGK__Q
#define SGK__K64 __mmask8
#define SGK__S_i32 epi32
#define SGK__S_u32 epi32
#define SGK__S_f32 ps
#define SGK__S_i64 epi64
#define SGK__S_u64 epi64
#define SGK__S_f64 pd
#define SGK__C_i32 epi32
#define SGK__C_u32 epu32
#define SGK__C_f32 ps
#define SGK__C_i64 epi64
#define SGK__C_u64 epu64
#define SGK__C_f64 pd
#define SGK__PRED_i32 _MM_CMPINT_EQ, _MM_CMPINT_LT, _MM_CMPINT_LE
#define SGK__PRED_u32 SGK__PRED_i32
#define SGK__PRED_i64 SGK__PRED_i32
#define SGK__PRED_u64 SGK__PRED_i32
#define SGK__PRED_f32 _CMP_EQ_OQ, _CMP_LT_OQ, _CMP_LE_OQ /* vminps is a < b ? a : b */
#define SGK__PRED_f64 SGK__PRED_f32
#define SGK__LANE0_i32 SGK__LANE0_32
#define SGK__LANE0_u32 SGK__LANE0_32
#define SGK__LANE0_f32 SGK__P(cvtss_f32)
#define SGK__LANE0_i64(v) _mm_cvtsi128_si64(_mm512_castsi512_si128(v))
#define SGK__LANE0_u64 SGK__LANE0_i64
#define SGK__LANE0_f64 _mm512_cvtsd_f64
/* the intrinsic NAME_<suffix> at the width of BITS-bit elements */
#define SGK__I(BITS, name, suffix) SGK__CAT(SGK__PFX, BITS)(SGK__CAT(SGK__CAT(name, _), suffix))
#define SGK__CMP_(BITS, T, a, b, pred) SGK__I(BITS, SGK__CAT(cmp_, SGK__C_##T), mask)(a, b, pred)
#define SGK__CMPS_(BITS, T, EQ, LT, LE)                                                           \
  SGK_INLINE uint32_t sgk__r_eq_##T(sgk__v_##T a, sgk__v_##T b) { return SGK__CMP_(BITS, T, a, b, EQ); } \
  SGK_INLINE uint32_t sgk__r_lt_##T(sgk__v_##T a, sgk__v_##T b) { return SGK__CMP_(BITS, T, a, b, LT); } \
  SGK_INLINE uint32_t sgk__r_le_##T(sgk__v_##T a, sgk__v_##T b) { return SGK__CMP_(BITS, T, a, b, LE); }
#define SGK__CMPS(...) SGK__CMPS_(__VA_ARGS__)
#define SGK__R_ALL(T, ct, ...) SGK__R_ALL_(T, ct, SGK__BITS_##T)
#define SGK__R_ALL_(...) SGK__R_ALL_BITS(__VA_ARGS__)
#define SGK__R_ALL_BITS(T, ct, BITS)                                                                   \
  SGK_INLINE sgk__v_##T sgk__r_loadu_##T(const ct *p) {                                          \
    return SGK__I(BITS, loadu, SGK__S_##T)((const void *)p);                                     \
  }                                                                                              \
  SGK_INLINE void sgk__r_storeu_##T(ct *p, sgk__v_##T v) {                                       \
    SGK__I(BITS, storeu, SGK__S_##T)((void *)p, v);                                              \
  }                                                                                              \
  SGK_INLINE sgk__v_##T sgk__r_load_masked_##T(uint32_t m, const ct *p) {                        \
    return SGK__I(BITS, maskz_loadu, SGK__S_##T)((SGK__CAT(SGK__K, BITS))m, (const void *)p);              \
  }                                                                                              \
  SGK_INLINE void sgk__r_store_masked_##T(uint32_t m, ct *p, sgk__v_##T v) {                     \
    SGK__I(BITS, mask_storeu, SGK__S_##T)((void *)p, (SGK__CAT(SGK__K, BITS))m, v);                        \
  }                                                                                              \
  SGK_INLINE sgk__v_##T sgk__r_splat_##T(ct x) { return SGK__I(BITS, set1, SGK__S_##T)(x); }     \
  SGK_INLINE ct sgk__r_lane0_##T(sgk__v_##T v) { return (ct)SGK__LANE0_##T(v); }                 \
  SGK_INLINE sgk__v_##T sgk__r_select_##T(uint32_t m, sgk__v_##T a, sgk__v_##T b) {              \
    return SGK__I(BITS, mask_blend, SGK__S_##T)((SGK__CAT(SGK__K, BITS))m, b, a);                          \
  }                                                                                              \
  /* lane i <- (lo, hi)[RL + i - d]: valignd / valignq by a constant d, else a permute */        \
  SGK_INLINE sgk__v_##T sgk__r_slide_##T(sgk__v_##T lo, sgk__v_##T hi, int d) {                  \
    if (__builtin_constant_p(d)) /* valignd / valignq */                                       \
      return SGK__OFI_##T(                                                                       \
          sgk__align##BITS(SGK__TOI_##T(lo), SGK__TOI_##T(hi), SGK__CAT(SGK__RL, BITS) - d));    \
    return SGK__I(BITS, permutex2var, SGK__S_##T)(lo, SGK__CAT(SGK__CAT(sgk__iota, BITS), _plus)(SGK__CAT(SGK__RL, BITS) - d), hi); \
  }                                                                                              \
  SGK_INLINE sgk__v_##T sgk__r_xor_lanes_##T(sgk__v_##T v, uint32_t r) {                         \
    return SGK__OFI_##T(SGK__CAT(sgk__xor_lanes, BITS)(SGK__TOI_##T(v), r));                     \
  }                                                                                              \
  SGK__CMPS(BITS, T, SGK__PRED_##T)                                                              \
  SGK_INLINE sgk__v_##T sgk__r_add_##T(sgk__v_##T a, sgk__v_##T b) {                             \
    return SGK__I(BITS, add, SGK__S_##T)(a, b);                                                  \
  }                                                                                              \
  SGK_INLINE sgk__v_##T sgk__r_sub_##T(sgk__v_##T a, sgk__v_##T b) {                             \
    return SGK__I(BITS, sub, SGK__S_##T)(a, b);                                                  \
  }                                                                                              \
  SGK_INLINE sgk__v_##T sgk__r_min_##T(sgk__v_##T a, sgk__v_##T b) {                             \
    return SGK__I(BITS, min, SGK__C_##T)(a, b);                                                  \
  }                                                                                              \
  SGK_INLINE sgk__v_##T sgk__r_max_##T(sgk__v_##T a, sgk__v_##T b) {                             \
    return SGK__I(BITS, max, SGK__C_##T)(a, b);                                                  \
  }
SGK__TYPES_ALL(SGK__R_ALL, ~)

/* ---- integers ------------------------------------------------------------------------------- */
#if SGK_W == 8
#define SGK__VAND _mm256_and_si256
#define SGK__VOR _mm256_or_si256
#define SGK__VXOR _mm256_xor_si256
#else
#define SGK__VAND _mm512_and_si512
#define SGK__VOR _mm512_or_si512
#define SGK__VXOR _mm512_xor_si512
#endif
/* SR: the right shift's name (sra_epi32 arithmetic, srl_epi32 logical; SR##v per lane) */
#define SGK__R_INT(T, V, P, S, SR, AND, OR, XOR)                                                   \
  SGK_INLINE V sgk__r_mul_##T(V a, V b) { return P(mullo_##S)(a, b); }                             \
  SGK_INLINE V sgk__r_and_##T(V a, V b) { return AND(a, b); }                                      \
  SGK_INLINE V sgk__r_or_##T(V a, V b) { return OR(a, b); }                                        \
  SGK_INLINE V sgk__r_xor_##T(V a, V b) { return XOR(a, b); }                                      \
  SGK_INLINE V sgk__r_shl_##T(V a, uint32_t n) {                                                   \
    return P(sll_##S)(a, _mm_cvtsi32_si128((int)n));                                               \
  }                                                                                                \
  SGK_INLINE V sgk__r_shlv_##T(V a, V n) { return P(sllv_##S)(a, n); }                             \
  SGK_INLINE V sgk__r_shr_##T(V a, uint32_t n) {                                                   \
    return P(SR##_##S)(a, _mm_cvtsi32_si128((int)n));                                              \
  }                                                                                                \
  SGK_INLINE V sgk__r_shrv_##T(V a, V n) { return P(SR##v_##S)(a, n); }
SGK__R_INT(i32, sgk__vi, SGK__P, epi32, sra, SGK__VAND, SGK__VOR, SGK__VXOR)
SGK__R_INT(u32, sgk__vi, SGK__P, epi32, srl, SGK__VAND, SGK__VOR, SGK__VXOR)
SGK__R_INT(i64, __m512i, SGK__Q, epi64, sra, _mm512_and_si512, _mm512_or_si512, _mm512_xor_si512)
SGK__R_INT(u64, __m512i, SGK__Q, epi64, srl, _mm512_and_si512, _mm512_or_si512, _mm512_xor_si512)

/* ---- floats --------------------------------------------------------------------------------- */
#define SGK__R_FLOAT(T, V, P, S, SIGN)                                                             \
  SGK_INLINE V sgk__r_mul_##T(V a, V b) { return P(mul_##S)(a, b); }                               \
  SGK_INLINE V sgk__r_div_##T(V a, V b) { return P(div_##S)(a, b); }                               \
  SGK_INLINE V sgk__r_sqrt_##T(V a) { return P(sqrt_##S)(a); }                                     \
  SGK_INLINE V sgk__r_fma_##T(V a, V b, V c) { return P(fmadd_##S)(a, b, c); }                     \
  SGK_INLINE V sgk__r_neg_##T(V a) { return P(xor_##S)(a, P(set1_##S)(SIGN)); }                    \
  SGK_INLINE V sgk__r_abs_##T(V a) { return P(andnot_##S)(P(set1_##S)(SIGN), a); }
SGK__R_FLOAT(f32, sgk__vf, SGK__P, ps, -0.0f)
SGK__R_FLOAT(f64, __m512d, SGK__Q, pd, -0.0)

/* ---- gathers and scatters: register k's indices are a 32-bit register, or (64-bit) half of
 * one; scatters write in lane order, so where indices repeat the highest lane wins ------------ */
SGK_INLINE __m256i sgk__idx8(const sgk__vi *r, int k) { /* 32-bit lanes 8k .. 8k+7 */
#if SGK_W == 8
  (void)k;
  return r[0];
#else
  return (k & 1) ? _mm512_extracti64x4_epi64(r[k >> 1], 1) : _mm512_castsi512_si256(r[k >> 1]);
#endif
}
#if SGK_W == 8
#define SGK__GATHER32(m, idx, base)                                                                \
  _mm256_mmask_i32gather_epi32(_mm256_setzero_si256(), (__mmask8)(m), idx, base, 4)
#define SGK__SCATTER32(base, m, idx, v) _mm256_mask_i32scatter_epi32(base, (__mmask8)(m), idx, v, 4)
#else
#define SGK__GATHER32(m, idx, base)                                                                \
  _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), (__mmask16)(m), idx, base, 4)
#define SGK__SCATTER32(base, m, idx, v)                                                            \
  _mm512_mask_i32scatter_epi32(base, (__mmask16)(m), idx, v, 4)
#endif
#define SGK__R_GATHER_SCATTER(T, ct, V, TOSI, FROMSI, GATHER, SCATTER, INDEX)                      \
  SGK_INLINE V sgk__r_gather_##T(uint32_t m, const ct *base, const sgk__vi *idx, int k) {          \
    return FROMSI(GATHER(m, INDEX(idx, k), (const void *)base));                                   \
  }                                                                                                \
  SGK_INLINE void sgk__r_scatter_##T(uint32_t m, ct *base, const sgk__vi *idx, int k, V v) {       \
    SCATTER((void *)base, m, INDEX(idx, k), TOSI(v));                                              \
  }
#define SGK__GATHER64(m, idx, base)                                                                \
  _mm512_mask_i32gather_epi64(_mm512_setzero_si512(), (__mmask8)(m), idx, base, 8)
#define SGK__SCATTER64(base, m, idx, v) _mm512_mask_i32scatter_epi64(base, (__mmask8)(m), idx, v, 8)
#define SGK__ID(x) (x)
#define SGK__IDX32(r, k) ((r)[k])
#if SGK_W == 8
#define SGK__CASTPS_SI _mm256_castps_si256
#define SGK__CASTSI_PS _mm256_castsi256_ps
#else
#define SGK__CASTPS_SI _mm512_castps_si512
#define SGK__CASTSI_PS _mm512_castsi512_ps
#endif

SGK__R_GATHER_SCATTER(i32, int32_t, sgk__vi, SGK__ID, SGK__ID, SGK__GATHER32, SGK__SCATTER32,
                      SGK__IDX32)
SGK__R_GATHER_SCATTER(u32, uint32_t, sgk__vi, SGK__ID, SGK__ID, SGK__GATHER32, SGK__SCATTER32,
                      SGK__IDX32)
SGK__R_GATHER_SCATTER(f32, float, sgk__vf, SGK__CASTPS_SI, SGK__CASTSI_PS, SGK__GATHER32,
                      SGK__SCATTER32, SGK__IDX32)
SGK__R_GATHER_SCATTER(i64, int64_t, __m512i, SGK__ID, SGK__ID, SGK__GATHER64, SGK__SCATTER64,
                      sgk__idx8)
SGK__R_GATHER_SCATTER(u64, uint64_t, __m512i, SGK__ID, SGK__ID, SGK__GATHER64, SGK__SCATTER64,
                      sgk__idx8)
SGK__R_GATHER_SCATTER(f64, double, __m512d, _mm512_castpd_si512, _mm512_castsi512_pd, SGK__GATHER64,
                      SGK__SCATTER64, sgk__idx8)

#endif /* SGK_ISA_AVX512_H */

/* ---- after the generic layer: what needs the W-lane types ------------------------------------ */
#if defined(SGK_ISA_GENERIC_H) && !defined(SGK_ISA_AVX512_LATE_H)
#define SGK_ISA_AVX512_LATE_H

/* Permutes index across all registers of a value, mod W: one permute per output register (two
 * for 64-bit lanes at W = 32, blended by the index's bit 4). */
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
SGK_INLINE sgk__vi sgk__perm_index32(const sgk_u32 *idx, int k) { return idx->r[k]; }
SGK_INLINE __m512i sgk__perm_index64(const sgk_u32 *idx, int k) {
  return _mm512_cvtepu32_epi64(sgk__idx8(idx->r, k));
}
#define SGK__PERMUTES(T, ct, ...)                                                                  \
  SGK_INLINE sgk_##T sgk__permute_##T(sgk_##T x, sgk_u32 idx) {                                    \
    SGK__CAT(sgk__vsi, SGK__BITS_##T) src[SGK__NR(T)];                                             \
    SGK__FOR(SGK__NR(T), k) src[k] = SGK__CAT(sgk__to_si_, T)(x.r[k]);                             \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k)                                                                        \
    r.r[k] = SGK__CAT(sgk__of_si_, T)(SGK__CAT(sgk__pick, SGK__BITS_##T)(                          \
        src, SGK__CAT(sgk__perm_index, SGK__BITS_##T)(&idx, k)));                                  \
    return r;                                                                                      \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk__broadcast_##T(sgk_##T x, uint32_t lane) {                                \
    return sgk__permute_##T(x, sgk_splat_u32(lane));                                               \
  }
typedef sgk__vi sgk__vsi32;
typedef __m512i sgk__vsi64;
SGK_INLINE sgk__vi sgk__to_si_i32(sgk__vi v) { return v; }
SGK_INLINE sgk__vi sgk__to_si_u32(sgk__vi v) { return v; }
SGK_INLINE sgk__vi sgk__to_si_f32(sgk__vf v) { return SGK__CASTPS_SI(v); }
SGK_INLINE __m512i sgk__to_si_i64(__m512i v) { return v; }
SGK_INLINE __m512i sgk__to_si_u64(__m512i v) { return v; }
SGK_INLINE __m512i sgk__to_si_f64(__m512d v) { return _mm512_castpd_si512(v); }
SGK_INLINE sgk__vi sgk__of_si_i32(sgk__vi v) { return v; }
SGK_INLINE sgk__vi sgk__of_si_u32(sgk__vi v) { return v; }
SGK_INLINE sgk__vf sgk__of_si_f32(sgk__vi v) { return SGK__CASTSI_PS(v); }
SGK_INLINE __m512i sgk__of_si_i64(__m512i v) { return v; }
SGK_INLINE __m512i sgk__of_si_u64(__m512i v) { return v; }
SGK_INLINE __m512d sgk__of_si_f64(__m512i v) { return _mm512_castsi512_pd(v); }
SGK__TYPES_ALL(SGK__PERMUTES, ~)

/* ---- sycl::vec<T, n> memory of a full sub-group ------------------------------------------------
 * Register by register: register q of each out[k] holds lanes q RL .. q RL + RL - 1, whose n-element
 * vectors are the n registers at p + q n RL. Lane t of out[k].r[q] is element t n + k of those n
 * registers (the store: lane t of block register r is element r RL + t, from in[(r RL + t) % n],
 * lane (r RL + t) / n). sgk__pickn picks element f of n registers: a two-source permute per pair
 * of registers (vpermt2d / vpermt2q read the index's low bits) and the pairs blended by its higher
 * bits; at n = 4, 2 permutes and 1 blend per output register where the generic layer's n
 * whole-value permutes and n - 1 selects cost 4 and 3 (copy_vec4 1.2-1.5x on AMD Zen 4: README).
 * Rows s apart (n = 8, SGK__ROW_AT): only where a register lies inside one row (64-bit elements,
 * or W 8); the 32-bit n = 16 at W >= 16 is sgk__vec16_load / store's transpose below. */
#define SGK__PICKN(BITS, V, K)                                                                     \
  SGK_INLINE V SGK__CAT(sgk__pickn, BITS)(const V *x, int n, V f) {                                \
    V pair[4];                                                                                     \
    for (int j = 0; j < n / 2; ++j)                                                                \
      pair[j] = SGK__I(BITS, permutex2var, SGK__CAT(epi, BITS))(x[2 * j], f, x[2 * j + 1]);        \
    for (int w = 2 * SGK__CAT(SGK__RL, BITS), h = n / 2; h > 1; w *= 2, h /= 2) {                  \
      const K m = SGK__I(BITS, test, SGK__CAT(SGK__CAT(epi, BITS), _mask))(                        \
          f, SGK__I(BITS, set1, SGK__CAT(epi, BITS))(w));                                          \
      for (int j = 0; j < h / 2; ++j)                                                              \
        pair[j] = SGK__I(BITS, mask_blend, SGK__CAT(epi, BITS))(m, pair[2 * j], pair[2 * j + 1]); \
    }                                                                                              \
    return pair[0];                                                                                \
  }
SGK__PICKN(32, sgk__vi, SGK__K32)
SGK__PICKN(64, __m512i, SGK__K64)
/* The pick indices: of out[k] in the load; of block register r in the store. */
#define SGK__VEC_INDEX(BITS, V, AND)                                                               \
  SGK_INLINE V SGK__CAT(sgk__vec_load_index, BITS)(int log2n, int k) {                             \
    return SGK__I(BITS, add, SGK__CAT(epi, BITS))(                                                 \
        SGK__I(BITS, slli, SGK__CAT(epi, BITS))(SGK__CAT(SGK__CAT(sgk__iota, BITS), _plus)(0),      \
                                                 (unsigned)log2n),                                  \
        SGK__I(BITS, set1, SGK__CAT(epi, BITS))(k));                                               \
  }                                                                                                \
  SGK_INLINE V SGK__CAT(sgk__vec_store_index, BITS)(int n, int log2n, int r) {                     \
    const V f = SGK__CAT(SGK__CAT(sgk__iota, BITS), _plus)(r * SGK__CAT(SGK__RL, BITS));          \
    const V j = AND(f, SGK__I(BITS, set1, SGK__CAT(epi, BITS))(n - 1));                            \
    return SGK__I(BITS, add, SGK__CAT(epi, BITS))(                                                 \
        SGK__I(BITS, mullo, SGK__CAT(epi, BITS))(                                                  \
            j, SGK__I(BITS, set1, SGK__CAT(epi, BITS))(SGK__CAT(SGK__RL, BITS))),                  \
        SGK__I(BITS, srli, SGK__CAT(epi, BITS))(f, (unsigned)log2n));                              \
  }
SGK__VEC_INDEX(32, sgk__vi, SGK__VAND)
SGK__VEC_INDEX(64, __m512i, _mm512_and_si512)
#define SGK__VSI(T) SGK__CAT(sgk__vsi, SGK__BITS_##T)
#ifdef SGK__NATIVE_VEC_MEMORY /* else generic.h's (tests/vec_generic_kernels.c) */
/* Register q's part; generic.h's SGK__VEC_BY_REG and SGK__VEC16_HALVES drive it. */
#define SGK__VEC_MEMORY(T, ct, ...)                                                                \
  SGK_INLINE void sgk__vec_load_reg_##T(const ct *p, int n, int s, sgk_##T *out, int q) {          \
    SGK__VSI(T) src[8];                                                                            \
    for (int r = 0; r < n; ++r) {                                                                  \
      const size_t o = (size_t)(q * n + r) * SGK__RL(T);                                           \
      src[r] = sgk__to_si_##T(sgk__r_loadu_##T(SGK__ROW_AT(p, o, n, s)));                          \
    }                                                                                              \
    if (n == 1) {                                                                                  \
      out[0].r[q] = sgk__of_si_##T(src[0]);                                                        \
      return;                                                                                      \
    }                                                                                              \
    for (int k = 0; k < n; ++k)                                                                    \
      out[k].r[q] = sgk__of_si_##T(SGK__CAT(sgk__pickn, SGK__BITS_##T)(                            \
          src, n, SGK__CAT(sgk__vec_load_index, SGK__BITS_##T)(SGK__LOG2_N(n), k)));               \
  }                                                                                                \
  SGK_INLINE void sgk__vec_store_reg_##T(ct *p, int n, int s, const sgk_##T *in, int q) {          \
    const int log2n = SGK__LOG2_N(n);                                                              \
    SGK__VSI(T) src[8];                                                                            \
    for (int j = 0; j < n; ++j) src[j] = sgk__to_si_##T(in[j].r[q]);                               \
    for (int r = 0; r < n; ++r) {                                                                  \
      const size_t o = (size_t)(q * n + r) * SGK__RL(T);                                           \
      const SGK__VSI(T) v =                                                                        \
          n == 1 ? src[0]                                                                          \
                 : SGK__CAT(sgk__pickn, SGK__BITS_##T)(                                            \
                       src, n, SGK__CAT(sgk__vec_store_index, SGK__BITS_##T)(n, log2n, r));        \
      sgk__r_storeu_##T(SGK__ROW_AT(p, o, n, s), sgk__of_si_##T(v));                               \
    }                                                                                              \
  }
SGK__TYPES_ALL(SGK__VEC_MEMORY, ~)
SGK__TYPES_ALL(SGK__VEC_BY_REG, ~)
#undef SGK__VEC_MEMORY
/* sycl::vec<T, 16> of 32-bit elements at W >= 16: a work-item's 16 are one zmm, so register q of
 * out[0 .. 15] is a 16 x 16 transpose of the 16 rows at p + 256 q: 32- then 64-bit unpacks (the
 * 4 x 4 blocks inside each 128-bit lane), then a 4 x 4 transpose of the 128-bit lanes
 * (vshufi32x4), 48 shuffles per 16 registers where two of n = 8 on rows 16 apart take 16 inserts
 * and 112 permutes and blends. A transpose is its own inverse: the store runs it on in and
 * stores rows. A value's registers go one call each (SGK__EACH_REG, generic.h): in a loop at W 32
 * GCC kept the 16 values in a stack array (AMD Zen 5, A/B: init/wi 1.23x, copy/wi 1.08x, W 16
 * and 8 unchanged). 64-bit elements: generic.h's SGK__VEC16_HALVES; W 8 (a row half is one
 * register): below. */
/* Rows 4 i .. 4 i + 3 of x[0 .. n - 1], as 4 x 4 transposes inside each 128-bit lane (32- then
 * 64-bit unpacks): y[4 i + j], lane l, gets rows 4 i .. 4 i + 3 of column 4 l + j (y may be x).
 * The first two stages of the 16 x 16 transpose (n = 16) and all of W 8's (n = 8); its own
 * inverse. All the 32-bit unpacks come first, and the 16 x 16 passes a second array: unpacking
 * 4 rows at a time, or in place, GCC 12 kept more of copy_wi's W 32 registers on the stack (124
 * stack accesses against 109). */
SGK_INLINE void sgk__transpose4x4_lanes(const __m512i *x, __m512i *y, int n) {
  __m512i t[16];
  for (int i = 0; i < n / 2; ++i) {
    t[2 * i] = _mm512_unpacklo_epi32(x[2 * i], x[2 * i + 1]);
    t[2 * i + 1] = _mm512_unpackhi_epi32(x[2 * i], x[2 * i + 1]);
  }
  for (int i = 0; i < n / 4; ++i) {
    y[4 * i] = _mm512_unpacklo_epi64(t[4 * i], t[4 * i + 2]);
    y[4 * i + 1] = _mm512_unpackhi_epi64(t[4 * i], t[4 * i + 2]);
    y[4 * i + 2] = _mm512_unpacklo_epi64(t[4 * i + 1], t[4 * i + 3]);
    y[4 * i + 3] = _mm512_unpackhi_epi64(t[4 * i + 1], t[4 * i + 3]);
  }
}
#if SGK_W != 8
SGK_INLINE void sgk__transpose16x16(__m512i *r) {
  __m512i u[16];
  sgk__transpose4x4_lanes(r, u, 16);
  /* column 4 l + j, lane m <- u[4 m + j], lane l */
  for (int j = 0; j < 4; ++j) {
    const __m512i a = _mm512_shuffle_i32x4(u[j], u[4 + j], 0x44);
    const __m512i b = _mm512_shuffle_i32x4(u[j], u[4 + j], 0xEE);
    const __m512i c = _mm512_shuffle_i32x4(u[8 + j], u[12 + j], 0x44);
    const __m512i d = _mm512_shuffle_i32x4(u[8 + j], u[12 + j], 0xEE);
    r[j] = _mm512_shuffle_i32x4(a, c, 0x88);
    r[4 + j] = _mm512_shuffle_i32x4(a, c, 0xDD);
    r[8 + j] = _mm512_shuffle_i32x4(b, d, 0x88);
    r[12 + j] = _mm512_shuffle_i32x4(b, d, 0xDD);
  }
}
#define SGK__VEC16(T, ct, ...)                                                                     \
  SGK_INLINE void sgk__vec16_load_reg_##T(const ct *p, sgk_##T *out, int q) {                      \
    __m512i r[16];                                                                                 \
    for (int i = 0; i < 16; ++i)                                                                   \
      r[i] = _mm512_loadu_si512((const void *)(p + (size_t)(q * 16 + i) * 16));                    \
    sgk__transpose16x16(r);                                                                        \
    for (int k = 0; k < 16; ++k) out[k].r[q] = sgk__of_si_##T(r[k]);                               \
  }                                                                                                \
  SGK_INLINE void sgk__vec16_store_reg_##T(ct *p, const sgk_##T *in, int q) {                      \
    __m512i r[16];                                                                                 \
    for (int k = 0; k < 16; ++k) r[k] = sgk__to_si_##T(in[k].r[q]);                                \
    sgk__transpose16x16(r);                                                                        \
    for (int i = 0; i < 16; ++i)                                                                   \
      _mm512_storeu_si512((void *)(p + (size_t)(q * 16 + i) * 16), r[i]);                         \
  }                                                                                                \
  /* registers q = 0, and 1 at W 32 */                                                           \
  SGK_INLINE void sgk__vec16_load_##T(const ct *p, sgk_##T *out) {                                 \
    SGK__EACH_REG(T, sgk__vec16_load_reg_##T, p, out);                                             \
  }                                                                                                \
  SGK_INLINE void sgk__vec16_store_##T(ct *p, const sgk_##T *in) {                                 \
    SGK__EACH_REG(T, sgk__vec16_store_reg_##T, p, in);                                             \
  }
#else
/* W 8 (a value's register is a ymm of 8 lanes), 32-bit elements: the 8 work-items' rows of 16
 * are 8 zmm. sgk__transpose4x4_lanes (n = 8: i = 0, 1) leaves in x[4 i + j], 128-bit lane l,
 * rows 4 i .. 4 i + 3 of column 4 l + j, so column 4 l + j is lane l of x[j] then lane l of
 * x[4 + j]: one two-source qword permute each. 32 shuffles for the 16 columns, where two of
 * n = 8 on rows 16 apart take 112 permutes and blends. The store builds x from the columns (an
 * insert and two lane shuffles per pair of them) and runs sgk__transpose4x4_lanes back. */
#define SGK__VEC16(T, ct, ...)                                                                     \
  SGK_INLINE void sgk__vec16_load_##T(const ct *p, sgk_##T *out) {                                 \
    __m512i x[8];                                                                                  \
    for (int i = 0; i < 8; ++i) x[i] = _mm512_loadu_si512((const void *)(p + (size_t)i * 16));    \
    sgk__transpose4x4_lanes(x, x, 8);                                                              \
    for (int l = 0; l < 4; ++l) {                                                                  \
      const __m512i idx = _mm512_setr_epi64(2 * l, 2 * l + 1, 8 + 2 * l, 9 + 2 * l, 0, 0, 0, 0);   \
      for (int j = 0; j < 4; ++j)                                                                  \
        out[4 * l + j].r[0] = sgk__of_si_##T(                                                      \
            _mm512_castsi512_si256(_mm512_permutex2var_epi64(x[j], idx, x[4 + j])));               \
    }                                                                                              \
  }                                                                                                \
  SGK_INLINE void sgk__vec16_store_##T(ct *p, const sgk_##T *in) {                                 \
    __m512i x[8];                                                                                  \
    for (int j = 0; j < 4; ++j) {                                                                  \
      /* a: columns j, 4 + j; b: 8 + j, 12 + j. Lane l of x[j] (x[4 + j]): column 4 l + j's low    \
       * (high) half */                                                                          \
      const __m512i a = _mm512_inserti64x4(_mm512_castsi256_si512(sgk__to_si_##T(in[j].r[0])),    \
                                           sgk__to_si_##T(in[4 + j].r[0]), 1);                     \
      const __m512i b = _mm512_inserti64x4(_mm512_castsi256_si512(sgk__to_si_##T(in[8 + j].r[0])), \
                                           sgk__to_si_##T(in[12 + j].r[0]), 1);                    \
      x[j] = _mm512_shuffle_i32x4(a, b, 0x88);                                                     \
      x[4 + j] = _mm512_shuffle_i32x4(a, b, 0xDD);                                                 \
    }                                                                                              \
    sgk__transpose4x4_lanes(x, x, 8);                                                              \
    for (int i = 0; i < 8; ++i) _mm512_storeu_si512((void *)(p + (size_t)i * 16), x[i]);          \
  }
#endif
SGK__VEC16(i32, int32_t)
SGK__VEC16(u32, uint32_t)
SGK__VEC16(f32, float)
#undef SGK__VEC16
SGK__VEC16_HALVES(i64, int64_t, ~)
SGK__VEC16_HALVES(u64, uint64_t, ~)
SGK__VEC16_HALVES(f64, double, ~)
#endif

/* ---- conversions ------------------------------------------------------------------------------ */
#define SGK__CVT_SAME(TO, FROM, N, FN)                                                             \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                        \
    sgk_##TO r;                                                                                    \
    SGK__FOR(N, k) r.r[k] = FN(a.r[k]);                                                            \
    return r;                                                                                      \
  }
SGK__CVT_SAME(f32, i32, SGK__N32, SGK__P(cvtepi32_ps))
SGK__CVT_SAME(f32, u32, SGK__N32, SGK__P(cvtepu32_ps))
SGK__CVT_SAME(i32, f32, SGK__N32, SGK__P(cvttps_epi32)) /* NaN, out of range: INT32_MIN */
SGK__CVT_SAME(u32, f32, SGK__N32, SGK__P(cvttps_epu32)) /* NaN, out of range: UINT32_MAX */
SGK__CVT_SAME(f64, i64, SGK__N64, _mm512_cvtepi64_pd)
SGK__CVT_SAME(i64, f64, SGK__N64, _mm512_cvttpd_epi64) /* NaN, out of range: INT64_MIN */
/* widening: 8 lanes of a 32-bit value into one zmm of 64-bit lanes */
#define SGK__WIDEN(TO, FROM, FN, TOSI)                                                             \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                        \
    sgk__vi s[SGK__N32];                                                                           \
    SGK__FOR(SGK__N32, k) s[k] = TOSI(a.r[k]);                                                     \
    sgk_##TO r;                                                                                    \
    SGK__FOR(SGK__N64, j) r.r[j] = FN(sgk__idx8(s, j));                                            \
    return r;                                                                                      \
  }
#define SGK__PS_PD_SI(v) _mm512_cvtps_pd(_mm256_castsi256_ps(v))
SGK__WIDEN(f64, i32, _mm512_cvtepi32_pd, SGK__ID)
SGK__WIDEN(i64, i32, _mm512_cvtepi32_epi64, SGK__ID)
SGK__WIDEN(u64, u32, _mm512_cvtepu32_epi64, SGK__ID)
SGK__WIDEN(f64, f32, SGK__PS_PD_SI, SGK__CASTPS_SI)
/* narrowing: each zmm of 64-bit lanes into 8 lanes of a 32-bit value */
SGK_INLINE sgk__vi sgk__join8(const __m256i *h, int k) {
#if SGK_W == 8
  (void)k;
  return h[0];
#else
  return _mm512_inserti64x4(_mm512_castsi256_si512(h[2 * k]), h[2 * k + 1], 1);
#endif
}
#define SGK__NARROW(TO, FROM, FN, OFSI)                                                            \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                        \
    __m256i h[SGK__N64];                                                                           \
    SGK__FOR(SGK__N64, j) h[j] = FN(a.r[j]);                                                       \
    sgk_##TO r;                                                                                    \
    SGK__FOR(SGK__N32, k) r.r[k] = OFSI(sgk__join8(h, k));                                         \
    return r;                                                                                      \
  }
#define SGK__PD_PS_SI(v) _mm256_castps_si256(_mm512_cvtpd_ps(v))
SGK__NARROW(i32, f64, _mm512_cvttpd_epi32, SGK__ID) /* NaN, out of range: INT32_MIN */
/* 64- to 32-bit integers keep each lane's low half: one permute of the even 32-bit elements per
 * 16 lanes (vpermt2d of two registers; vpermd of one at W 8), where vpmovqd costs two uops a
 * register on Intel cores and a W 16 pair needed a vinserti64x4 besides */
#if SGK_W == 8
#define SGK__TRUNC64_REGS(a, even, r)                                                              \
  r.r[0] = _mm512_castsi512_si256(_mm512_permutexvar_epi32(even, a.r[0]))
#else
#define SGK__TRUNC64_REGS(a, even, r)                                                              \
  SGK__FOR(SGK__N32, k) r.r[k] = _mm512_permutex2var_epi32(a.r[2 * k], even, a.r[2 * k + 1])
#endif
#define SGK__TRUNC64(TO, FROM)                                                                     \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                        \
    const __m512i even =                                                                           \
        _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);              \
    sgk_##TO r;                                                                                    \
    SGK__TRUNC64_REGS(a, even, r);                                                                 \
    return r;                                                                                      \
  }
SGK__TRUNC64(i32, i64)
SGK__TRUNC64(u32, u64)
SGK__NARROW(f32, f64, SGK__PD_PS_SI, SGK__CASTSI_PS)

#ifdef SGK_AVX512_CONFLICT_ATOMICS
/* ---- local atomics with conflict detection (32-bit) -----------------------------------------
 * Per register, in lane order: vpconflictd finds, for each lane, the earlier active lanes with
 * the same address; pointer jumping (log2 steps) gives every lane the op over its run so far.
 * Every lane then scatters op(old, run so far): scatters write in lane order, so each address
 * keeps its last lane's value, the whole run, and no update is lost. fetch_add returns each
 * lane's old value as if the lanes had gone one at a time in order. */
#define SGK__FOLD_RUNS(T, ct)                                                                      \
  /* acc lane i <- op over the active lanes j <= i with idx[j] == idx[i] */                        \
  SGK_INLINE sgk__vi sgk__fold_runs_##T(uint32_t active, sgk__vi idx, sgk__vi v, sgk__rmw op) {    \
    const sgk__vi conf = SGK__VAND(SGK__P(maskz_conflict_epi32)((SGK__K32)active, idx),            \
                                   SGK__P(set1_epi32)((int)active));                               \
    sgk__vi ptr = SGK__P(sub_epi32)(SGK__P(set1_epi32)(31), SGK__P(lzcnt_epi32)(conf));            \
    SGK__K32 has = SGK__P(cmp_epi32_mask)(ptr, SGK__P(set1_epi32)(0), _MM_CMPINT_NLT);             \
    sgk__vi acc = v;                                                                               \
    while (has) {                                                                                  \
      const sgk__vi prev = SGK__P(permutexvar_epi32)(ptr, acc);                                    \
      acc = SGK__P(mask_blend_epi32)(has, acc, sgk__r_apply_##T(op, prev, acc));                   \
      ptr = SGK__P(mask_permutexvar_epi32)(SGK__P(set1_epi32)(-1), has, ptr, ptr);                 \
      has = SGK__P(mask_cmp_epi32_mask)(has, ptr, SGK__P(set1_epi32)(0), _MM_CMPINT_NLT);          \
    }                                                                                              \
    return acc;                                                                                    \
  }                                                                                                \
  /* register k of the update: base[idx] = op(base[idx], run so far) for its active lanes, in    \
   * lane order; returns what each lane stored (0 in inactive lanes) */                          \
  SGK_INLINE sgk__vi sgk__local_update_##T(sgk_mask m, int k, ct *base, sgk__vi idx, sgk__vi v,     \
                                           sgk__rmw op) {                                          \
    const uint32_t active = sgk__rmask32(m, k) & ((1u << SGK__RL32) - 1u);                         \
    if (!active) return SGK__P(set1_epi32)(0);                                                      \
    const sgk__vi old = SGK__GATHER32(active, idx, (const void *)base);                            \
    const sgk__vi now = sgk__r_apply_##T(op, old, sgk__fold_runs_##T(active, idx, v, op));         \
    SGK__SCATTER32((void *)base, active, idx, now);                                                \
    return SGK__P(maskz_mov_epi32)((SGK__K32)active, now);                                         \
  }                                                                                                \
  SGK_INLINE void sgk__local_rmw_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v, sgk__rmw op) {  \
    SGK__FOR(SGK__N32, k) sgk__local_update_##T(m, k, base, idx.r[k], v.r[k], op);                 \
  }                                                                                                \
  /* each lane's old value: what it stored less its own addend */                                \
  SGK_INLINE sgk_##T sgk__local_fetch_add_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v) {      \
    sgk_##T out;                                                                                   \
    SGK__FOR(SGK__N32, k) {                                                                        \
      const sgk__vi now = sgk__local_update_##T(m, k, base, idx.r[k], v.r[k], SGK__RMW_ADD);       \
      out.r[k] = SGK__P(maskz_sub_epi32)((SGK__K32)(sgk__rmask32(m, k)), now, v.r[k]);             \
    }                                                                                              \
    return out;                                                                                    \
  }
SGK__FOLD_RUNS(i32, int32_t)
SGK__FOLD_RUNS(u32, uint32_t)
#endif /* SGK_AVX512_CONFLICT_ATOMICS */
#endif
// clang-format on
