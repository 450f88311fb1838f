/* The NEON core (AArch64 Advanced SIMD): a register is one q register, 4 lanes of a 32-bit type or
 * 2 of a 64-bit type; a mask is one uint32x4_t of all-ones/all-zero lanes per 4 lanes. The
 * generic layer lifts the register ops to W lanes (W/4 or W/2 registers per value); this file adds
 * permutes by table lookup (vqtbl) across the registers of a sub-group and the conversions.
 * NEON's own instructions differ from sgk's pinned semantics, and are fixed up here:
 *   - vminq/vmaxq on floats propagate NaN; sgk's min is a < b ? a : b: compare and select;
 *   - vshlq uses only the low signed byte of the count: counts are clamped to the bit width;
 *   - there is no 64-bit vmulq, nor 64-bit integer min/max: composed;
 *   - fcvtzs/fcvtzu saturate and map NaN to 0; sgk gives MIN (signed) or MAX (unsigned) for NaN
 *     and out of range: selected by range compares;
 *   - vbicq(a, b) is a & ~b while sgk's andnot(a, b) is ~a & b: the operands swap;
 *   - vaddvq/vpaddq add neighbours, not the contract's i / i + s tree: reductions and scans use
 *     the generic tree over vext slides instead.
 * Included by sgk/kernel.h for the neon variants; never directly. */
#ifndef SGK_ISA_NEON_H
#define SGK_ISA_NEON_H

#include <arm_neon.h>
#include <stdint.h>

#include "sgk/isa/types.h"

/* ---- the SLEEF binding (sgk/isa/math.h): one q register per call ------------------------------ */
#include <sleef.h>
#define SGK__SLEEF_f32(fn, acc) Sleef_##fn##f4_##acc##advsimd
#define SGK__SLEEF_f64(fn, acc) Sleef_##fn##d2_##acc##advsimd
typedef Sleef_float32x4_t_2 sgk__sleef2_f32;
typedef Sleef_float64x2_t_2 sgk__sleef2_f64;
typedef int32x2_t sgk__sleef_vi64; /* 2 int32 lanes beside a register of 2 doubles */
#define sgk__sleef_vi64_load(p) vld1_s32(p)
#define sgk__sleef_vi64_store(p, v) vst1_s32(p, v)

#define SGK__RL32 4
#define SGK__RL64 2
#define SGK__REGS 32 /* v0 .. v31 */
/* A slide is one vext, but a sub-group is two registers or more (W >= 8): no kernel slides a
 * window of one register here, so the trade is not measured; 4 as for any one-instruction slide */
#define SGK__SLIDE_QUARTERS 4
#define SGK__MASK_BITS 0

typedef int32x4_t sgk__v_i32;
typedef uint32x4_t sgk__v_u32;
typedef float32x4_t sgk__v_f32;
typedef int64x2_t sgk__v_i64;
typedef uint64x2_t sgk__v_u64;
typedef float64x2_t sgk__v_f64;
typedef uint32x4_t sgk__rm32;
typedef uint64x2_t sgk__rm64;

/* What this core provides itself (the definitions needing the W-lane types follow the generic
 * layer, at the end of this file). */
#define SGK__NATIVE_PERMUTE
#define SGK__NATIVE_XOR_LANES
#define SGK__NATIVE_CVTS SGK__YES
#ifndef SGK__TEST_GENERIC_VEC_MEMORY /* tests/vec_generic_kernels.c */
#define SGK__NATIVE_VEC_MEMORY
#define SGK__VEC_REG_LOOP /* generic.h, SGK__VEC_BY_REG */
#endif

/* ---- register masks --------------------------------------------------------------------------- */
SGK_INLINE uint32x4_t sgk__lane_bits4(void) {
  static const uint32_t bits[4] = {1, 2, 4, 8};
  return vld1q_u32(bits);
}
SGK_INLINE sgk__rm32 sgk__rm32_from_bits(uint32_t b) {
  return vtstq_u32(vdupq_n_u32(b), sgk__lane_bits4());
}
SGK_INLINE uint32_t sgk__rm32_bits(sgk__rm32 m) {
  return vaddvq_u32(vandq_u32(m, sgk__lane_bits4()));
}
SGK_INLINE sgk__rm32 sgk__rm32_and(sgk__rm32 a, sgk__rm32 b) { return vandq_u32(a, b); }
SGK_INLINE sgk__rm32 sgk__rm32_or(sgk__rm32 a, sgk__rm32 b) { return vorrq_u32(a, b); }
SGK_INLINE sgk__rm32 sgk__rm32_xor(sgk__rm32 a, sgk__rm32 b) { return veorq_u32(a, b); }
SGK_INLINE sgk__rm32 sgk__rm32_andnot(sgk__rm32 a, sgk__rm32 b) { return vbicq_u32(b, a); }
SGK_INLINE sgk__rm64 sgk__rm64_half(sgk__rm32 m, int h) {
  const uint32x2_t half = h ? vget_high_u32(m) : vget_low_u32(m);
  return vreinterpretq_u64_s64(vmovl_s32(vreinterpret_s32_u32(half)));
}
SGK_INLINE sgk__rm32 sgk__rm32_pack(sgk__rm64 lo, sgk__rm64 hi) {
  return vcombine_u32(vmovn_u64(lo), vmovn_u64(hi));
}

/* ---- register ops every type has -------------------------------------------------------------
 * N: the intrinsics' element suffix; the 64-bit types have no vmulq/vminq/vmaxq (below). */
#define SGK__N_i32 s32
#define SGK__N_u32 u32
#define SGK__N_f32 f32
#define SGK__N_i64 s64
#define SGK__N_u64 u64
#define SGK__N_f64 f64
#define SGK__V(name, T) SGK__CAT(SGK__CAT(name, _), SGK__N_##T) /* vaddq_s32, ... */
#define SGK__R_ALL(T, ct, ...)                                                                     \
  SGK_INLINE sgk__v_##T sgk__r_loadu_##T(const ct *p) { return SGK__V(vld1q, T)(p); }              \
  SGK_INLINE void sgk__r_storeu_##T(ct *p, sgk__v_##T v) { SGK__V(vst1q, T)(p, v); }               \
  SGK_INLINE sgk__v_##T sgk__r_splat_##T(ct x) { return SGK__V(vdupq_n, T)(x); }                   \
  SGK_INLINE ct sgk__r_lane0_##T(sgk__v_##T v) { return SGK__V(vgetq_lane, T)(v, 0); }             \
  SGK_INLINE sgk__v_##T sgk__r_select_##T(SGK__RM(T) m, sgk__v_##T a, sgk__v_##T b) {              \
    return SGK__V(vbslq, T)(m, a, b);                                                              \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_add_##T(sgk__v_##T a, sgk__v_##T b) {                               \
    return SGK__V(vaddq, T)(a, b);                                                                 \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_sub_##T(sgk__v_##T a, sgk__v_##T b) {                               \
    return SGK__V(vsubq, T)(a, b);                                                                 \
  }                                                                                                \
  SGK_INLINE SGK__RM(T) sgk__r_eq_##T(sgk__v_##T a, sgk__v_##T b) {                                \
    return SGK__V(vceqq, T)(a, b);                                                                 \
  }                                                                                                \
  SGK_INLINE SGK__RM(T) sgk__r_lt_##T(sgk__v_##T a, sgk__v_##T b) {                                \
    return SGK__V(vcltq, T)(a, b);                                                                 \
  }                                                                                                \
  SGK_INLINE SGK__RM(T) sgk__r_le_##T(sgk__v_##T a, sgk__v_##T b) {                                \
    return SGK__V(vcleq, T)(a, b);                                                                 \
  }                                                                                                \
  /* min/max: a < b ? a : b exactly (vminq would propagate NaN) */                                 \
  SGK_INLINE sgk__v_##T sgk__r_min_##T(sgk__v_##T a, sgk__v_##T b) {                               \
    return SGK__V(vbslq, T)(sgk__r_lt_##T(a, b), a, b);                                            \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_max_##T(sgk__v_##T a, sgk__v_##T b) {                               \
    return SGK__V(vbslq, T)(sgk__r_lt_##T(b, a), a, b);                                            \
  }
SGK__TYPES_ALL(SGK__R_ALL, ~)

/* slide(lo, hi, d): lane i <- (lo, hi)[RL + i - d], a vext with an immediate per d. */
#define SGK__SLIDE32(T)                                                                            \
  SGK_INLINE sgk__v_##T sgk__r_slide_##T(sgk__v_##T lo, sgk__v_##T hi, int d) {                    \
    switch (d) {                                                                                   \
      case 1: return SGK__V(vextq, T)(lo, hi, 3);                                                  \
      case 2: return SGK__V(vextq, T)(lo, hi, 2);                                                  \
      default: return SGK__V(vextq, T)(lo, hi, 1);                                                 \
    }                                                                                              \
  }
#define SGK__SLIDE64(T)                                                                            \
  SGK_INLINE sgk__v_##T sgk__r_slide_##T(sgk__v_##T lo, sgk__v_##T hi, int d) {                    \
    (void)d; /* d == 1: the only slide of two lanes */                                             \
    return SGK__V(vextq, T)(lo, hi, 1);                                                            \
  }
SGK__SLIDE32(i32)
SGK__SLIDE32(u32)
SGK__SLIDE32(f32)
SGK__SLIDE64(i64)
SGK__SLIDE64(u64)
SGK__SLIDE64(f64)
/* xor_lanes(v, r): lane i <- v[i ^ r]; of four lanes a vext by two when r & 2, then a vrev64
 * when r & 1; of two lanes a vext by one (r = 1, the only one). */
#define SGK__XOR_LANES32(T)                                                                        \
  SGK_INLINE sgk__v_##T sgk__r_xor_lanes_##T(sgk__v_##T v, uint32_t r) {                           \
    if (r & 2) v = SGK__V(vextq, T)(v, v, 2);                                                      \
    if (r & 1) v = SGK__V(vrev64q, T)(v);                                                          \
    return v;                                                                                      \
  }
#define SGK__XOR_LANES64(T)                                                                        \
  SGK_INLINE sgk__v_##T sgk__r_xor_lanes_##T(sgk__v_##T v, uint32_t r) {                           \
    (void)r;                                                                                       \
    return SGK__V(vextq, T)(v, v, 1);                                                              \
  }
SGK__XOR_LANES32(i32)
SGK__XOR_LANES32(u32)
SGK__XOR_LANES32(f32)
SGK__XOR_LANES64(i64)
SGK__XOR_LANES64(u64)
SGK__XOR_LANES64(f64)

/* ---- integers ----------------------------------------------------------------------------------
 * Shift counts are clamped to the bit width before vshlq (which reads the low signed byte): a
 * left shift by the width gives 0, a right shift is a left shift by minus the count (logical: 0;
 * arithmetic: the sign fill, the count clamped to width - 1). Counts are unsigned (a negative
 * signed count is a huge one). */
SGK_INLINE int32x4_t sgk__count32(uint32x4_t n, uint32_t max) {
  return vreinterpretq_s32_u32(vminq_u32(n, vdupq_n_u32(max)));
}
SGK_INLINE int64x2_t sgk__count64(uint64x2_t n, uint64_t max) {
  const uint64x2_t m = vdupq_n_u64(max);
  return vreinterpretq_s64_u64(vbslq_u64(vcgtq_u64(n, m), m, n));
}
#define SGK__R_INT(T, U, BITS, SHR_MAX)                                                            \
  SGK_INLINE sgk__v_##T sgk__r_and_##T(sgk__v_##T a, sgk__v_##T b) {                               \
    return SGK__V(vandq, T)(a, b);                                                                 \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_or_##T(sgk__v_##T a, sgk__v_##T b) {                                \
    return SGK__V(vorrq, T)(a, b);                                                                 \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_xor_##T(sgk__v_##T a, sgk__v_##T b) {                               \
    return SGK__V(veorq, T)(a, b);                                                                 \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_shlv_##T(sgk__v_##T a, sgk__v_##T n) {                              \
    return SGK__V(vshlq, T)(                                                                       \
        a, sgk__count##BITS(SGK__CAT(vreinterpretq_u##BITS##_, SGK__N_##T)(n), BITS));             \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_shrv_##T(sgk__v_##T a, sgk__v_##T n) {                              \
    const SGK__CAT(SGK__CAT(int, BITS), x##U##_t) c =                                              \
        sgk__count##BITS(SGK__CAT(vreinterpretq_u##BITS##_, SGK__N_##T)(n), SHR_MAX);              \
    return SGK__V(vshlq, T)(a, SGK__CAT(vnegq_s, BITS)(c));                                        \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_shl_##T(sgk__v_##T a, uint32_t n) {                                 \
    return sgk__r_shlv_##T(a, SGK__V(vdupq_n, T)(n));                                              \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_shr_##T(sgk__v_##T a, uint32_t n) {                                 \
    return sgk__r_shrv_##T(a, SGK__V(vdupq_n, T)(n));                                              \
  }
#define vreinterpretq_u32_u32(x) (x)
#define vreinterpretq_u64_u64(x) (x)
SGK__R_INT(i32, 4, 32, 31)
SGK__R_INT(u32, 4, 32, 32)
SGK__R_INT(i64, 2, 64, 63)
SGK__R_INT(u64, 2, 64, 64)
SGK_INLINE int32x4_t sgk__r_mul_i32(int32x4_t a, int32x4_t b) { return vmulq_s32(a, b); }
SGK_INLINE uint32x4_t sgk__r_mul_u32(uint32x4_t a, uint32x4_t b) { return vmulq_u32(a, b); }
/* no 64-bit vmulq: lo * lo + ((hi * lo + lo * hi) << 32), on the 32-bit halves */
SGK_INLINE uint64x2_t sgk__r_mul_u64(uint64x2_t a, uint64x2_t b) {
  const uint32x2_t alo = vmovn_u64(a), blo = vmovn_u64(b);
  const uint32x2_t ahi = vshrn_n_u64(a, 32), bhi = vshrn_n_u64(b, 32);
  const uint64x2_t cross = vmlal_u32(vmull_u32(ahi, blo), alo, bhi);
  return vaddq_u64(vmull_u32(alo, blo), vshlq_n_u64(cross, 32));
}
SGK_INLINE int64x2_t sgk__r_mul_i64(int64x2_t a, int64x2_t b) {
  return vreinterpretq_s64_u64(sgk__r_mul_u64(vreinterpretq_u64_s64(a), vreinterpretq_u64_s64(b)));
}

/* ---- floats --------------------------------------------------------------------------------- */
#define SGK__R_FLOAT(T, ...)                                                                       \
  SGK_INLINE sgk__v_##T sgk__r_mul_##T(sgk__v_##T a, sgk__v_##T b) {                               \
    return SGK__V(vmulq, T)(a, b);                                                                 \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_div_##T(sgk__v_##T a, sgk__v_##T b) {                               \
    return SGK__V(vdivq, T)(a, b);                                                                 \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_sqrt_##T(sgk__v_##T a) { return SGK__V(vsqrtq, T)(a); }             \
  SGK_INLINE sgk__v_##T sgk__r_neg_##T(sgk__v_##T a) { return SGK__V(vnegq, T)(a); }               \
  SGK_INLINE sgk__v_##T sgk__r_abs_##T(sgk__v_##T a) { return SGK__V(vabsq, T)(a); }               \
  SGK_INLINE sgk__v_##T sgk__r_fma_##T(sgk__v_##T a, sgk__v_##T b, sgk__v_##T c) {                 \
    return SGK__V(vfmaq, T)(c, a, b); /* c + a b, one rounding */                                  \
  }
SGK__TYPES_FLOAT(SGK__R_FLOAT, ~)

#endif /* SGK_ISA_NEON_H */

/* ---- after the generic layer: what needs the W-lane types ------------------------------------ */
#if defined(SGK_ISA_GENERIC_H) && !defined(SGK_ISA_NEON_LATE_H)
#define SGK_ISA_NEON_LATE_H

/* Permutes by table lookup: the source value's registers as bytes, up to 4 q registers (64 bytes)
 * a vqtbl4q; lookups past a table give 0, so the tables' results are OR-ed. out lane i <- x[idx[i]
 * mod W]; lane bytes from the element index times its size plus 0 .. size - 1. */
SGK_INLINE uint8x16_t sgk__tbl(const uint8x16_t *src, int n, uint8x16_t at) {
  uint8x16_t r = vdupq_n_u8(0);
  for (int t = 0; t < n; t += 4) {
    const uint8x16x4_t tbl = {{src[t], src[t + 1 < n ? t + 1 : t], src[t + 2 < n ? t + 2 : t],
                               src[t + 3 < n ? t + 3 : t]}};
    r = vorrq_u8(r, vqtbl4q_u8(tbl, vsubq_u8(at, vdupq_n_u8((uint8_t)(16 * t)))));
  }
  return r;
}
/* byte indices of 32-bit register k / 64-bit register k of idx */
SGK_INLINE uint8x16_t sgk__bytes32(const sgk_u32 *idx, int k) {
  const uint32x4_t e = vandq_u32(idx->r[k], vdupq_n_u32(SGK_W - 1));
  return vreinterpretq_u8_u32(
      vmlaq_u32(vdupq_n_u32(0x03020100u), vshlq_n_u32(e, 2), vdupq_n_u32(0x01010101u)));
}
SGK_INLINE uint8x16_t sgk__bytes64(const sgk_u32 *idx, int k) {
  const uint32x4_t r = vandq_u32(idx->r[k >> 1], vdupq_n_u32(SGK_W - 1));
  const uint64x2_t e = vmovl_u32((k & 1) ? vget_high_u32(r) : vget_low_u32(r));
  const uint64x2_t base = vdupq_n_u64(0x0706050403020100ull);
  return vreinterpretq_u8_u64(
      vaddq_u64(base, sgk__r_mul_u64(vshlq_n_u64(e, 3), vdupq_n_u64(0x0101010101010101ull))));
}
#define SGK__PERMUTE(T, ct, ...)                                                                   \
  SGK_INLINE sgk_##T sgk__permute_##T(sgk_##T x, sgk_u32 idx) {                                    \
    uint8x16_t src[SGK__NR(T)];                                                                    \
    SGK__FOR(SGK__NR(T), k) src[k] = SGK__CAT(vreinterpretq_u8_, SGK__N_##T)(x.r[k]);              \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k)                                                                        \
    r.r[k] = SGK__CAT(SGK__CAT(vreinterpretq_, SGK__N_##T), _u8)(                                  \
        sgk__tbl(src, SGK__NR(T), SGK__CAT(sgk__bytes, SGK__BITS_##T)(&idx, k)));                  \
    return r;                                                                                      \
  }
SGK__TYPES_ALL(SGK__PERMUTE, ~)

/* sgk_load_vec / sgk_store_vec of a full sub-group (n a power of two <= 8): register q of out[k]
 * takes the n registers' worth q n .. q n + n - 1 of the contiguous data, and NEON's structure
 * loads do that transpose themselves: ld2/ld4 (st2/st4) for n = 2 / 4. n = 8 is two ld4 of half
 * a block each, whose register r holds components r and r + 4 of alternate vectors: uzp1/uzp2
 * of the two halves split them (zip1/zip2 rebuild them for st4). The generic path took a table
 * lookup per register and source register instead. */
/* The n = 8 rows s apart (SGK__ROW_AT; sgk_load_vec of n = 16): ld4 of the 4 RL elements at o,
 * which are 2 rows of 32-bit elements (two 64-bit ld4 combined: the same registers) or 1 row of
 * 64-bit ones; st4 likewise. */
#define SGK__NEON_LD4_ROWS(T, dst, p, o, s)                                                        \
  do {                                                                                             \
    if (SGK__RL(T) == 2) {                                                                         \
      dst = SGK__V(vld4q, T)(SGK__ROW_AT(p, o, 8, s));                                             \
    } else {                                                                                       \
      const __typeof__(SGK__V(vld4, T)(p)) a_ = SGK__V(vld4, T)(SGK__ROW_AT(p, o, 8, s));          \
      const __typeof__(SGK__V(vld4, T)(p)) b_ = SGK__V(vld4, T)(SGK__ROW_AT(p, (o) + 8, 8, s));    \
      for (int k_ = 0; k_ < 4; ++k_) dst.val[k_] = SGK__V(vcombine, T)(a_.val[k_], b_.val[k_]);    \
    }                                                                                              \
  } while (0)
#define SGK__NEON_ST4_ROWS(T, p, o, s, src)                                                        \
  do {                                                                                             \
    if (SGK__RL(T) == 2) {                                                                         \
      SGK__V(vst4q, T)(SGK__ROW_AT(p, o, 8, s), src);                                              \
    } else {                                                                                       \
      __typeof__(SGK__V(vld4, T)(p)) a_, b_;                                                       \
      for (int k_ = 0; k_ < 4; ++k_) {                                                             \
        a_.val[k_] = SGK__V(vget_low, T)(src.val[k_]);                                             \
        b_.val[k_] = SGK__V(vget_high, T)(src.val[k_]);                                            \
      }                                                                                            \
      SGK__V(vst4, T)(SGK__ROW_AT(p, o, 8, s), a_);                                                \
      SGK__V(vst4, T)(SGK__ROW_AT(p, (o) + 8, 8, s), b_);                                          \
    }                                                                                              \
  } while (0)
#ifdef SGK__NATIVE_VEC_MEMORY /* else generic.h's (tests/vec_generic_kernels.c) */
/* Register q's part; generic.h's SGK__VEC_BY_REG and SGK__VEC16_HALVES drive it. */
#define SGK__VEC_MEMORY(T, ct, ...)                                                                \
  SGK_INLINE void sgk__vec_load_reg_##T(const ct *p, int n, int s, sgk_##T *out, int q) {          \
    const size_t o = (size_t)q * n * SGK__RL(T);                                                   \
    const ct *b = p + o;                                                                           \
    if (s != n) { /* n = 8, rows apart */                                                          \
      __typeof__(SGK__V(vld4q, T)(b)) lo, hi;                                                      \
      SGK__NEON_LD4_ROWS(T, lo, p, o, s);                                                          \
      SGK__NEON_LD4_ROWS(T, hi, p, o + 4 * SGK__RL(T), s);                                         \
      for (int k = 0; k < 4; ++k) {                                                                \
        out[k].r[q] = SGK__V(vuzp1q, T)(lo.val[k], hi.val[k]);                                     \
        out[k + 4].r[q] = SGK__V(vuzp2q, T)(lo.val[k], hi.val[k]);                                 \
      }                                                                                            \
    } else if (n == 1) {                                                                           \
      out[0].r[q] = SGK__V(vld1q, T)(b);                                                           \
    } else if (n == 2) {                                                                           \
      const __typeof__(SGK__V(vld2q, T)(b)) v = SGK__V(vld2q, T)(b);                               \
      out[0].r[q] = v.val[0];                                                                      \
      out[1].r[q] = v.val[1];                                                                      \
    } else if (n == 4) {                                                                           \
      const __typeof__(SGK__V(vld4q, T)(b)) v = SGK__V(vld4q, T)(b);                               \
      for (int k = 0; k < 4; ++k) out[k].r[q] = v.val[k];                                          \
    } else {                                                                                       \
      const __typeof__(SGK__V(vld4q, T)(b)) lo = SGK__V(vld4q, T)(b);                              \
      const __typeof__(SGK__V(vld4q, T)(b)) hi = SGK__V(vld4q, T)(b + 4 * SGK__RL(T));             \
      for (int k = 0; k < 4; ++k) {                                                                \
        out[k].r[q] = SGK__V(vuzp1q, T)(lo.val[k], hi.val[k]);                                     \
        out[k + 4].r[q] = SGK__V(vuzp2q, T)(lo.val[k], hi.val[k]);                                 \
      }                                                                                            \
    }                                                                                              \
  }                                                                                                \
  SGK_INLINE void sgk__vec_store_reg_##T(ct *p, int n, int s, const sgk_##T *in, int q) {          \
    const size_t o = (size_t)q * n * SGK__RL(T);                                                   \
    ct *b = p + o;                                                                                 \
    if (s != n) { /* n = 8, rows apart */                                                          \
      __typeof__(SGK__V(vld4q, T)(b)) lo, hi;                                                      \
      for (int k = 0; k < 4; ++k) {                                                                \
        lo.val[k] = SGK__V(vzip1q, T)(in[k].r[q], in[k + 4].r[q]);                                 \
        hi.val[k] = SGK__V(vzip2q, T)(in[k].r[q], in[k + 4].r[q]);                                 \
      }                                                                                            \
      SGK__NEON_ST4_ROWS(T, p, o, s, lo);                                                          \
      SGK__NEON_ST4_ROWS(T, p, o + 4 * SGK__RL(T), s, hi);                                         \
    } else if (n == 1) {                                                                           \
      SGK__V(vst1q, T)(b, in[0].r[q]);                                                             \
    } else if (n == 2) {                                                                           \
      __typeof__(SGK__V(vld2q, T)(b)) v;                                                           \
      v.val[0] = in[0].r[q];                                                                       \
      v.val[1] = in[1].r[q];                                                                       \
      SGK__V(vst2q, T)(b, v);                                                                      \
    } else if (n == 4) {                                                                           \
      __typeof__(SGK__V(vld4q, T)(b)) v;                                                           \
      for (int k = 0; k < 4; ++k) v.val[k] = in[k].r[q];                                           \
      SGK__V(vst4q, T)(b, v);                                                                      \
    } else {                                                                                       \
      __typeof__(SGK__V(vld4q, T)(b)) lo, hi;                                                      \
      for (int k = 0; k < 4; ++k) {                                                                \
        lo.val[k] = SGK__V(vzip1q, T)(in[k].r[q], in[k + 4].r[q]);                                 \
        hi.val[k] = SGK__V(vzip2q, T)(in[k].r[q], in[k + 4].r[q]);                                 \
      }                                                                                            \
      SGK__V(vst4q, T)(b, lo);                                                                     \
      SGK__V(vst4q, T)(b + 4 * SGK__RL(T), hi);                                                    \
    }                                                                                              \
  }
SGK__TYPES_ALL(SGK__VEC_MEMORY, ~)
SGK__TYPES_ALL(SGK__VEC_BY_REG, ~)
SGK__TYPES_ALL(SGK__VEC16_HALVES, ~)
#undef SGK__VEC_MEMORY
#endif

/* ---- conversions -------------------------------------------------------------------------------
 * 32-bit register k holds the lanes of 64-bit registers 2k and 2k + 1. Float to integer: fcvtz*
 * truncates, and where the value is NaN or out of range sgk's MIN (signed) or MAX (unsigned) is
 * selected instead of NEON's saturation. */
#define SGK__CVT_SAME(TO, FROM, N, EXPR)                                                           \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                        \
    sgk_##TO r;                                                                                    \
    SGK__FOR(N, k) {                                                                               \
      const __typeof__(a.r[0]) x = a.r[k];                                                         \
      r.r[k] = (EXPR);                                                                             \
    }                                                                                              \
    return r;                                                                                      \
  }
#define SGK__CVT_WIDEN(TO, FROM, FN)                                                               \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                        \
    sgk_##TO r;                                                                                    \
    SGK__FOR(SGK__N32, k) {                                                                        \
      r.r[2 * k] = FN(SGK__CAT(vget_low_, SGK__N_##FROM)(a.r[k]));                                 \
      r.r[2 * k + 1] = FN(SGK__CAT(vget_high_, SGK__N_##FROM)(a.r[k]));                            \
    }                                                                                              \
    return r;                                                                                      \
  }
#define SGK__CVT_NARROW(TO, FROM, FN, COMBINE)                                                     \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                        \
    sgk_##TO r;                                                                                    \
    SGK__FOR(SGK__N32, k) r.r[k] = COMBINE(FN(a.r[2 * k]), FN(a.r[2 * k + 1]));                    \
    return r;                                                                                      \
  }
SGK__CVT_SAME(f32, i32, SGK__N32, vcvtq_f32_s32(x))
SGK__CVT_SAME(f32, u32, SGK__N32, vcvtq_f32_u32(x))
SGK__CVT_SAME(i32, f32, SGK__N32,
              vbslq_s32(vandq_u32(vcgeq_f32(x, vdupq_n_f32(-2147483648.0f)),
                                  vcltq_f32(x, vdupq_n_f32(2147483648.0f))),
                        vcvtq_s32_f32(x), vdupq_n_s32(INT32_MIN)))
SGK__CVT_SAME(u32, f32, SGK__N32,
              vbslq_u32(vandq_u32(vcgtq_f32(x, vdupq_n_f32(-1.0f)),
                                  vcltq_f32(x, vdupq_n_f32(4294967296.0f))),
                        vcvtq_u32_f32(x), vdupq_n_u32(UINT32_MAX)))
SGK__CVT_SAME(f64, i64, SGK__N64, vcvtq_f64_s64(x))
SGK__CVT_SAME(i64, f64, SGK__N64,
              vbslq_s64(vandq_u64(vcgeq_f64(x, vdupq_n_f64(-9223372036854775808.0)),
                                  vcltq_f64(x, vdupq_n_f64(9223372036854775808.0))),
                        vcvtq_s64_f64(x), vdupq_n_s64(INT64_MIN)))
#define SGK__S32_F64(v) vcvtq_f64_s64(vmovl_s32(v))
SGK__CVT_WIDEN(f64, f32, vcvt_f64_f32)
SGK__CVT_WIDEN(f64, i32, SGK__S32_F64)
SGK__CVT_WIDEN(i64, i32, vmovl_s32)
SGK__CVT_WIDEN(u64, u32, vmovl_u32)
/* f64 -> i32 through i64: in range after the compare, so the narrowing is exact */
SGK_INLINE int32x2_t sgk__f64_s32(float64x2_t x) {
  const uint64x2_t ok =
      vandq_u64(vcgtq_f64(x, vdupq_n_f64(-2147483649.0)), vcltq_f64(x, vdupq_n_f64(2147483648.0)));
  return vmovn_s64(vbslq_s64(ok, vcvtq_s64_f64(x), vdupq_n_s64(INT32_MIN)));
}
SGK__CVT_NARROW(f32, f64, vcvt_f32_f64, vcombine_f32)
SGK__CVT_NARROW(i32, f64, sgk__f64_s32, vcombine_s32)
SGK__CVT_NARROW(i32, i64, vmovn_s64, vcombine_s32)
SGK__CVT_NARROW(u32, u64, vmovn_u64, vcombine_u32)
#endif
