/* The 8- and 16-bit lane types of the kernel API, sgk_i8 sgk_u8 sgk_i16 sgk_u16 and sgk_f16 (IEEE
 * binary16; in memory sgk_half, its bits), for image, quantized and half-precision kernels
 * (OpenCL char/short/half, cl_intel_subgroups_char/short). Included by sgk/kernel.h.
 *
 * Each is carried widened in the 32-bit lanes of the compiled width, so every backend and W has
 * them through the backend contract's ops, with no extra register pressure on the ops and no
 * extra memory traffic (loads and stores move 1 or 2 bytes a lane):
 *   sgk_i8, sgk_i16   an sgk_i32 holding the value sign-extended       (struct member .w)
 *   sgk_u8, sgk_u16   an sgk_u32 holding the value zero-extended       (struct member .w)
 *   sgk_f16           an sgk_f32 holding a value binary16 represents   (struct member .w)
 * The structs keep them apart from the 32-bit types; build them with the functions below only.
 *
 * Integers (S = i8 u8 i16 u16, ct its C type, N its bits): results wrap to N bits as the 32-bit
 * ops wrap to 32 (elem.h's rules: division by zero 0, MIN / -1 = MIN, a shift by N or more
 * gives 0, or the sign for a signed right shift; a vector shift count is taken as unsigned).
 *   sgk_load/store[_masked]_S, sgk_gather[_masked]_S, sgk_scatter[_masked]_S   as the 32-bit ones
 *   sgk_splat_S(ct) sgk_extract_S(v, lane)
 *   add sub mul div neg min max and or xor not andnot shl shr (uint32_t count) shlv shrv
 *   eq ne lt le gt ge (-> sgk_mask) select(m, a, b); abs (i8 i16)
 *   add_sat sub_sat hadd rhadd abs_diff clamp popcount clz ctz rotate mul_hi mad_hi (intops.h)
 *   sgk_cvt_i32_S sgk_cvt_u32_S sgk_cvt_f32_S   widening, exact (C's conversions)
 *   sgk_cvt_S_i32 sgk_cvt_S_u32    narrowing, wrapping;   _sat: clamped to [MIN, MAX]
 *   sgk_cvt_S_f32[_rte|_rtz|_rtp|_rtn]   the 32-bit conversion (i32), then wrapped
 *   sgk_cvt_S_f32_sat[_rte|_rtz|_rtp|_rtn]   rounded as named (toward zero without a mode),
 *       clamped to [MIN, MAX], NaN 0: OpenCL's convert_char_sat_rte and the like
 *   sgk_as_u8_i8 sgk_as_i8_u8 sgk_as_u16_i16 sgk_as_i16_u16   same bits
 * Sub-group collectives, SYCL semantics as the 32-bit ones: group_broadcast select_from_group
 * shift_group_left shift_group_right permute_group_by_xor; reduce_<op> (-> ct),
 * inclusive_scan_<op>, exclusive_scan_<op> for op add mul min max and or xor (the identity of
 * S in lane 0 of an exclusive scan: 0, 1, MAX, MIN, all ones, 0, 0).
 *
 * Half (sgk_f16): every result is the binary16 value nearest the exact one (ties to even),
 * overflow to infinity, subnormals kept; a NaN stays a NaN (quieted, its high payload bits kept,
 * as x86's F16C and AArch64 do; which NaN an op returns follows the CPU, as for f32).
 *   sgk_load/store[_masked]_f16 (memory: sgk_half), sgk_gather[_masked]_f16,
 *   sgk_scatter[_masked]_f16, sgk_splat_f16(float: rounded) sgk_extract_f16 (-> float)
 *   add sub mul div sqrt fma min max neg abs   (computed in f32, f64 for fma, rounded once: the
 *       same as binary16 arithmetic, bit for bit)
 *   eq ne lt le gt ge select
 *   sgk_cvt_f32_f16 (exact) sgk_cvt_f16_f32 (rounded) sgk_cvt_f16_i32 sgk_cvt_i32_f16 (as
 *   sgk_cvt_i32_f32) sgk_as_u16_f16 sgk_as_f16_u16 (bits)
 *   collectives as above, reduce / scan for add mul min max: sums and products over the lanes
 *   in f32 (the 32-bit tree's order), rounded to half once at the end.
 * F16C converts half <-> f32 where the variant has it (avx2, avx512); elsewhere it is done with
 * integer ops, with the same results. */
#ifndef SGK_SMALL_TYPES_H
#define SGK_SMALL_TYPES_H

#if defined(__F16C__)
#include <immintrin.h>
#endif

/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off

/* The wide type's casts to and from i32 and u32: identity or a bit cast. */
#define SGK__W_OF_I32_i32(x) (x)
#define SGK__W_OF_I32_u32(x) sgk_as_u32_i32(x)
#define SGK__W_OF_U32_i32(x) sgk_as_i32_u32(x)
#define SGK__W_OF_U32_u32(x) (x)
#define SGK__I32_OF_W_i32(x) (x)
#define SGK__I32_OF_W_u32(x) sgk_as_i32_u32(x)
#define SGK__U32_OF_W_i32(x) sgk_as_u32_i32(x)
#define SGK__U32_OF_W_u32(x) (x)

/* S: the type; ct: its C type; WD / wct: the wide lane type and its C type; N: bits. */
#define SGK__SMALL_INT(S, ct, WD, wct, N, MINV, MAXV)                                              \
  typedef struct sgk_##S { sgk_##WD w; } sgk_##S;                                                  \
  /* a wide value wrapped to N bits, extended back (arithmetic shift for i32, logical for u32) */  \
  SGK_INLINE sgk_##S sgk__wrap_##S(sgk_##WD x) {                                                   \
    return (sgk_##S){sgk_shr_##WD(sgk_shl_##WD(x, 32 - N), 32 - N)};                               \
  }                                                                                                \
  /* a wide value clamped to [MIN, MAX] */                                                         \
  SGK_INLINE sgk_##S sgk__clampw_##S(sgk_##WD x) {                                                 \
    return (sgk_##S){sgk_max_##WD(sgk_min_##WD(x, sgk_splat_##WD(MAXV)), sgk_splat_##WD(MINV))};   \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk__sat_##S(sgk_i32 x) { /* an i32 value clamped */                          \
    const sgk_i32 c = sgk_max_i32(sgk_min_i32(x, sgk_splat_i32(MAXV)), sgk_splat_i32(MINV));       \
    return (sgk_##S){SGK__W_OF_I32_##WD(c)};                                                       \
  }                                                                                                \
  SGK_INLINE sgk_i32 sgk_cvt_i32_##S(sgk_##S v) { return SGK__I32_OF_W_##WD(v.w); }                \
  SGK_INLINE sgk_u32 sgk_cvt_u32_##S(sgk_##S v) { return SGK__U32_OF_W_##WD(v.w); }                \
  SGK_INLINE sgk_f32 sgk_cvt_f32_##S(sgk_##S v) { return sgk_cvt_f32_i32(sgk_cvt_i32_##S(v)); }    \
  SGK_INLINE sgk_##S sgk_cvt_##S##_i32(sgk_i32 x) { return sgk__wrap_##S(SGK__W_OF_I32_##WD(x)); } \
  SGK_INLINE sgk_##S sgk_cvt_##S##_u32(sgk_u32 x) { return sgk__wrap_##S(SGK__W_OF_U32_##WD(x)); } \
  SGK_INLINE sgk_##S sgk_cvt_##S##_i32_sat(sgk_i32 x) { return sgk__sat_##S(x); }                  \
  SGK_INLINE sgk_##S sgk_cvt_##S##_u32_sat(sgk_u32 x) {                                            \
    return sgk__sat_##S(sgk_as_i32_u32(sgk_min_u32(x, sgk_splat_u32(MAXV))));                      \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_splat_##S(ct c) {                                                         \
    return (sgk_##S){sgk_splat_##WD((wct)c)};                                                      \
  }                                                                                                \
  SGK_INLINE ct sgk_extract_##S(sgk_##S v, int lane) { return (ct)sgk_extract_##WD(v.w, lane); }   \
  SGK__SMALL_BIN(S, WD, add, wrap) SGK__SMALL_BIN(S, WD, sub, wrap)                                \
  SGK__SMALL_BIN(S, WD, mul, wrap) SGK__SMALL_BIN(S, WD, div, wrap)                                \
  SGK__SMALL_BIN(S, WD, min, keep) SGK__SMALL_BIN(S, WD, max, keep)                                \
  SGK__SMALL_BIN(S, WD, and, keep) SGK__SMALL_BIN(S, WD, or, keep)                                 \
  SGK__SMALL_BIN(S, WD, xor, keep) SGK__SMALL_BIN(S, WD, andnot, keep)                             \
  SGK_INLINE sgk_##S sgk_neg_##S(sgk_##S a) { return sgk__wrap_##S(sgk_neg_##WD(a.w)); }           \
  SGK_INLINE sgk_##S sgk_not_##S(sgk_##S a) { return sgk__wrap_##S(sgk_not_##WD(a.w)); }           \
  SGK_INLINE sgk_##S sgk_shl_##S(sgk_##S a, uint32_t n) {                                          \
    return sgk__wrap_##S(sgk_shl_##WD(a.w, n));                                                    \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_shr_##S(sgk_##S a, uint32_t n) {                                          \
    return (sgk_##S){sgk_shr_##WD(a.w, n)};                                                        \
  }                                                                                                \
  /* a vector count as the unsigned N-bit value */                                                 \
  SGK_INLINE sgk_##WD sgk__count_##S(sgk_##S n) {                                                  \
    return sgk_and_##WD(n.w, sgk_splat_##WD((wct)((1u << N) - 1)));                                \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_shlv_##S(sgk_##S a, sgk_##S n) {                                          \
    return sgk__wrap_##S(sgk_shlv_##WD(a.w, sgk__count_##S(n)));                                   \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_shrv_##S(sgk_##S a, sgk_##S n) {                                          \
    return (sgk_##S){sgk_shrv_##WD(a.w, sgk__count_##S(n))};                                       \
  }                                                                                                \
  SGK_INLINE sgk_mask sgk_eq_##S(sgk_##S a, sgk_##S b) { return sgk_eq_##WD(a.w, b.w); }           \
  SGK_INLINE sgk_mask sgk_ne_##S(sgk_##S a, sgk_##S b) { return sgk_ne_##WD(a.w, b.w); }           \
  SGK_INLINE sgk_mask sgk_lt_##S(sgk_##S a, sgk_##S b) { return sgk_lt_##WD(a.w, b.w); }           \
  SGK_INLINE sgk_mask sgk_le_##S(sgk_##S a, sgk_##S b) { return sgk_le_##WD(a.w, b.w); }           \
  SGK_INLINE sgk_mask sgk_gt_##S(sgk_##S a, sgk_##S b) { return sgk_gt_##WD(a.w, b.w); }           \
  SGK_INLINE sgk_mask sgk_ge_##S(sgk_##S a, sgk_##S b) { return sgk_ge_##WD(a.w, b.w); }           \
  SGK_INLINE sgk_##S sgk_select_##S(sgk_mask m, sgk_##S a, sgk_##S b) {                            \
    return (sgk_##S){sgk_select_##WD(m, a.w, b.w)};                                                \
  }                                                                                                \
  /* the integer builtins: exact in i32, then clamped or wrapped */                                \
  SGK_INLINE sgk_##S sgk_add_sat_##S(sgk_##S a, sgk_##S b) {                                       \
    return sgk__sat_##S(sgk_add_i32(sgk_cvt_i32_##S(a), sgk_cvt_i32_##S(b)));                      \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_sub_sat_##S(sgk_##S a, sgk_##S b) {                                       \
    return sgk__sat_##S(sgk_sub_i32(sgk_cvt_i32_##S(a), sgk_cvt_i32_##S(b)));                      \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_hadd_##S(sgk_##S a, sgk_##S b) {                                          \
    return sgk__sat_##S(sgk_shr_i32(sgk_add_i32(sgk_cvt_i32_##S(a), sgk_cvt_i32_##S(b)), 1));      \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_rhadd_##S(sgk_##S a, sgk_##S b) {                                         \
    const sgk_i32 s = sgk_add_i32(sgk_cvt_i32_##S(a), sgk_cvt_i32_##S(b));                         \
    return sgk__sat_##S(sgk_shr_i32(sgk_add_i32(s, sgk_splat_i32(1)), 1));                         \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_abs_diff_##S(sgk_##S a, sgk_##S b) {                                      \
    return sgk_cvt_##S##_i32(sgk_abs_i32(sgk_sub_i32(sgk_cvt_i32_##S(a), sgk_cvt_i32_##S(b))));    \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_clamp_##S(sgk_##S x, sgk_##S lo, sgk_##S hi) {                            \
    return sgk_min_##S(sgk_max_##S(x, lo), hi);                                                    \
  }                                                                                                \
  SGK_INLINE sgk_u32 sgk__bits_##S(sgk_##S x) { /* the N bits, zero-extended */                    \
    return sgk_and_u32(sgk_cvt_u32_##S(x), sgk_splat_u32((1u << N) - 1));                          \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_popcount_##S(sgk_##S x) {                                                 \
    return sgk_cvt_##S##_u32(sgk_popcount_u32(sgk__bits_##S(x)));                                  \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_clz_##S(sgk_##S x) {                                                      \
    return sgk_cvt_##S##_u32(sgk_sub_u32(sgk_clz_u32(sgk__bits_##S(x)), sgk_splat_u32(32 - N)));   \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_ctz_##S(sgk_##S x) { /* N for 0: bit N set above */                       \
    return sgk_cvt_##S##_u32(sgk_ctz_u32(sgk_or_u32(sgk__bits_##S(x), sgk_splat_u32(1u << N))));   \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_rotate_##S(sgk_##S x, sgk_##S n) { /* left by n mod N */                  \
    const sgk_u32 u = sgk__bits_##S(x), k = sgk_and_u32(sgk__bits_##S(n), sgk_splat_u32(N - 1));   \
    return sgk_cvt_##S##_u32(                                                                      \
        sgk_or_u32(sgk_shlv_u32(u, k), sgk_shrv_u32(u, sgk_sub_u32(sgk_splat_u32(N), k))));        \
  }                                                                                                \
  /* the 2N-bit product fits the wide type (signed in i32, unsigned in u32) */                     \
  SGK_INLINE sgk_##S sgk_mul_hi_##S(sgk_##S a, sgk_##S b) {                                        \
    return sgk__wrap_##S(sgk_shr_##WD(sgk_mul_##WD(a.w, b.w), N));                                 \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_mad_hi_##S(sgk_##S a, sgk_##S b, sgk_##S c) {                             \
    return sgk_add_##S(sgk_mul_hi_##S(a, b), c);                                                   \
  }                                                                                                \
  SGK__SMALL_FROM_FLOAT(S, )                                                                       \
  SGK__SMALL_FROM_FLOAT(S, _rte) SGK__SMALL_FROM_FLOAT(S, _rtz)                                    \
  SGK__SMALL_FROM_FLOAT(S, _rtp) SGK__SMALL_FROM_FLOAT(S, _rtn)                                    \
  SGK__SMALL_FROM_FLOAT_SAT(S, _sat) SGK__SMALL_FROM_FLOAT_SAT(S, _sat_rte)                        \
  SGK__SMALL_FROM_FLOAT_SAT(S, _sat_rtz) SGK__SMALL_FROM_FLOAT_SAT(S, _sat_rtp)                    \
  SGK__SMALL_FROM_FLOAT_SAT(S, _sat_rtn)                                                           \
  SGK__SMALL_MEMORY(S, ct, WD, wct)                                                                \
  SGK__SMALL_SHUFFLES(S, WD)                                                                       \
  SGK__SMALL_GROUP(S, ct, WD, add, wrap) SGK__SMALL_GROUP(S, ct, WD, mul, wrap)                    \
  SGK__SMALL_GROUP(S, ct, WD, min, clampw) SGK__SMALL_GROUP(S, ct, WD, max, clampw)                \
  SGK__SMALL_GROUP(S, ct, WD, and, wrap) SGK__SMALL_GROUP(S, ct, WD, or, wrap)                     \
  SGK__SMALL_GROUP(S, ct, WD, xor, wrap)

/* A lane-wise binary op on the wide values: wrapped back to N bits, or kept (in range already) */
#define SGK__SMALL_BIN(S, WD, op, how)                                                             \
  SGK_INLINE sgk_##S sgk_##op##_##S(sgk_##S a, sgk_##S b) {                                        \
    return SGK__SMALL_##how(S, sgk_##op##_##WD(a.w, b.w));                                         \
  }
#define SGK__SMALL_wrap(S, x) sgk__wrap_##S(x)
#define SGK__SMALL_keep(S, x) ((sgk_##S){x})
#define SGK__SMALL_clampw(S, x) sgk__clampw_##S(x)

#define SGK__SMALL_FROM_FLOAT(S, sfx)                                                              \
  SGK_INLINE sgk_##S sgk_cvt_##S##_f32##sfx(sgk_f32 x) {                                           \
    return sgk_cvt_##S##_i32(sgk_cvt_i32_f32##sfx(x));                                             \
  }
#define SGK__SMALL_FROM_FLOAT_SAT(S, sfx)                                                          \
  SGK_INLINE sgk_##S sgk_cvt_##S##_f32##sfx(sgk_f32 x) {                                           \
    return sgk__sat_##S(sgk_cvt_i32_f32##sfx(x));                                                  \
  }

/* Memory through the wide lanes: a full sub-group converts W contiguous elements in a counted
 * loop the compiler vectorizes (a widening or narrowing move); otherwise lane by lane.
 * IN(p, i) reads element i as a wct, OUT(p, i, x) writes one. */
#define SGK__SMALL_MEMORY(S, ct, WD, wct)                                                          \
  /* no test inside the loops: unswitching them made -O3 compiles minutes long */                  \
  SGK_INLINE sgk_##S sgk__load_lanes_##S(sgk_mask m, bool all, const ct *p, const int32_t *at) {   \
    wct t[SGK_W] = {0};                                                                            \
    if (at)                                                                                        \
      SGK__FOR_LANES(m, i) t[i] = SGK__SMALL_IN_##S(p, at[i]);                                     \
    else if (all)                                                                                  \
      for (uint32_t i = 0; i < SGK_W; ++i) t[i] = SGK__SMALL_IN_##S(p, i);                         \
    else                                                                                           \
      SGK__FOR_LANES(m, i) t[i] = SGK__SMALL_IN_##S(p, i);                                         \
    return (sgk_##S){SGK__SMALL_FROM_WIDE_##S(sgk__loadu_##WD(t))};                                \
  }                                                                                                \
  SGK_INLINE void sgk__store_lanes_##S(sgk_mask m, bool all, ct *p, const int32_t *at,             \
                                       sgk_##S v) {                                                \
    wct t[SGK_W];                                                                                  \
    sgk__storeu_##WD(t, SGK__SMALL_TO_WIDE_##S(v.w));                                              \
    if (at)                                                                                        \
      SGK__FOR_LANES(m, i) SGK__SMALL_OUT_##S(p, at[i], t[i]);                                     \
    else if (all)                                                                                  \
      for (uint32_t i = 0; i < SGK_W; ++i) SGK__SMALL_OUT_##S(p, i, t[i]);                         \
    else                                                                                           \
      SGK__FOR_LANES(m, i) SGK__SMALL_OUT_##S(p, i, t[i]);                                         \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_load_##S(sgk_sg sg, const ct *p) {                                        \
    return sgk__load_lanes_##S(sg.active, sg.full, p, NULL);                                       \
  }                                                                                                \
  SGK_INLINE void sgk_store_##S(sgk_sg sg, ct *p, sgk_##S v) {                                     \
    sgk__store_lanes_##S(sg.active, sg.full, p, NULL, v);                                          \
  }                                                                                                \
  /* a mask with every lane set (a ragged tail's interior sub-groups) takes the full path */       \
  SGK_INLINE sgk_##S sgk_load_masked_##S(sgk_sg sg, sgk_mask m, const ct *p) {                     \
    const sgk_mask mm = sgk_mask_and(m, sg.active);                                                \
    return sgk__load_lanes_##S(mm, sgk_mask_bits(mm) == SGK__ALL_LANES, p, NULL);                  \
  }                                                                                                \
  SGK_INLINE void sgk_store_masked_##S(sgk_sg sg, sgk_mask m, ct *p, sgk_##S v) {                  \
    const sgk_mask mm = sgk_mask_and(m, sg.active);                                                \
    sgk__store_lanes_##S(mm, sgk_mask_bits(mm) == SGK__ALL_LANES, p, NULL, v);                     \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_gather_masked_##S(sgk_sg sg, sgk_mask m, const ct *base, sgk_i32 idx) {   \
    int32_t at[SGK_W];                                                                             \
    sgk__storeu_i32(at, idx);                                                                      \
    return sgk__load_lanes_##S(sgk_mask_and(m, sg.active), false, base, at);                       \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_gather_##S(sgk_sg sg, const ct *base, sgk_i32 idx) {                      \
    return sgk_gather_masked_##S(sg, sg.active, base, idx);                                        \
  }                                                                                                \
  /* in lane order: where indices repeat, the highest lane wins */                                 \
  SGK_INLINE void sgk_scatter_masked_##S(sgk_sg sg, sgk_mask m, ct *base, sgk_i32 idx,             \
                                         sgk_##S v) {                                              \
    int32_t at[SGK_W];                                                                             \
    sgk__storeu_i32(at, idx);                                                                      \
    sgk__store_lanes_##S(sgk_mask_and(m, sg.active), false, base, at, v);                          \
  }                                                                                                \
  SGK_INLINE void sgk_scatter_##S(sgk_sg sg, ct *base, sgk_i32 idx, sgk_##S v) {                   \
    sgk_scatter_masked_##S(sg, sg.active, base, idx, v);                                           \
  }
/* integers: the element itself, extended by C's conversion */
#define SGK__SMALL_IN_i8(p, i) (p)[i]
#define SGK__SMALL_IN_u8(p, i) (p)[i]
#define SGK__SMALL_IN_i16(p, i) (p)[i]
#define SGK__SMALL_IN_u16(p, i) (p)[i]
#define SGK__SMALL_OUT_i8(p, i, x) ((p)[i] = (int8_t)(x))
#define SGK__SMALL_OUT_u8(p, i, x) ((p)[i] = (uint8_t)(x))
#define SGK__SMALL_OUT_i16(p, i, x) ((p)[i] = (int16_t)(x))
#define SGK__SMALL_OUT_u16(p, i, x) ((p)[i] = (uint16_t)(x))
#define SGK__SMALL_FROM_WIDE_i8(x) (x)
#define SGK__SMALL_FROM_WIDE_u8(x) (x)
#define SGK__SMALL_FROM_WIDE_i16(x) (x)
#define SGK__SMALL_FROM_WIDE_u16(x) (x)
#define SGK__SMALL_TO_WIDE_i8(x) (x)
#define SGK__SMALL_TO_WIDE_u8(x) (x)
#define SGK__SMALL_TO_WIDE_i16(x) (x)
#define SGK__SMALL_TO_WIDE_u16(x) (x)
/* half: the bits, converted to and from f32 */
#define SGK__SMALL_IN_f16(p, i) (uint32_t)(p)[i]
#define SGK__SMALL_OUT_f16(p, i, x) ((p)[i] = (sgk_half)(x))
#define SGK__SMALL_FROM_WIDE_f16(x) sgk__f32_of_half(x)
#define SGK__SMALL_TO_WIDE_f16(x) sgk__half_of_f32(x)

/* The shuffles of the wide values. */
#define SGK__SMALL_SHUFFLE(S, WD, name, AT)                                                        \
  SGK_INLINE sgk_##S sgk_##name##_##S(sgk_sg sg, sgk_##S x, AT a) {                                \
    x.w = sgk_##name##_##WD(sg, x.w, a);                                                           \
    return x;                                                                                      \
  }
#define SGK__SMALL_SHUFFLE2(S, WD, name) /* two sources */                                       \
  SGK_INLINE sgk_##S sgk_##name##_##S(sgk_sg sg, sgk_##S x, sgk_##S y, uint32_t delta) {           \
    x.w = sgk_##name##_##WD(sg, x.w, y.w, delta);                                                  \
    return x;                                                                                      \
  }
#define SGK__SMALL_SHUFFLES(S, WD)                                                                 \
  SGK__SMALL_SHUFFLE(S, WD, group_broadcast, uint32_t)                                             \
  SGK__SMALL_SHUFFLE(S, WD, select_from_group, sgk_u32)                                            \
  SGK__SMALL_SHUFFLE(S, WD, shift_group_left, uint32_t)                                            \
  SGK__SMALL_SHUFFLE(S, WD, shift_group_right, uint32_t)                                           \
  SGK__SMALL_SHUFFLE(S, WD, permute_group_by_xor, uint32_t)                                       \
  SGK__SMALL_SHUFFLE2(S, WD, shuffle_down)                                                         \
  SGK__SMALL_SHUFFLE2(S, WD, shuffle_up)

/* Reductions and scans of the wide values, wrapped or clamped back (the wide identities of min,
 * max and and clamp or wrap to S's). */
#define SGK__SMALL_GROUP(S, ct, WD, op, how)                                                       \
  SGK_INLINE ct sgk_reduce_##op##_##S(sgk_sg sg, sgk_##S x) {                                      \
    const sgk_##WD r = sgk_splat_##WD(sgk_reduce_##op##_##WD(sg, x.w));                            \
    return sgk_extract_##S(SGK__SMALL_##how(S, r), 0);                                             \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_inclusive_scan_##op##_##S(sgk_sg sg, sgk_##S x) {                         \
    return SGK__SMALL_##how(S, sgk_inclusive_scan_##op##_##WD(sg, x.w));                           \
  }                                                                                                \
  SGK_INLINE sgk_##S sgk_exclusive_scan_##op##_##S(sgk_sg sg, sgk_##S x) {                         \
    return SGK__SMALL_##how(S, sgk_exclusive_scan_##op##_##WD(sg, x.w));                           \
  }

SGK__SMALL_INT(i8, int8_t, i32, int32_t, 8, INT8_MIN, INT8_MAX)
SGK__SMALL_INT(u8, uint8_t, u32, uint32_t, 8, 0, UINT8_MAX)
SGK__SMALL_INT(i16, int16_t, i32, int32_t, 16, INT16_MIN, INT16_MAX)
SGK__SMALL_INT(u16, uint16_t, u32, uint32_t, 16, 0, UINT16_MAX)
SGK_INLINE sgk_i8 sgk_abs_i8(sgk_i8 a) { return sgk__wrap_i8(sgk_abs_i32(a.w)); }
SGK_INLINE sgk_i16 sgk_abs_i16(sgk_i16 a) { return sgk__wrap_i16(sgk_abs_i32(a.w)); }
SGK_INLINE sgk_u8 sgk_as_u8_i8(sgk_i8 v) { return sgk_cvt_u8_i32(v.w); }
SGK_INLINE sgk_i8 sgk_as_i8_u8(sgk_u8 v) { return sgk_cvt_i8_u32(v.w); }
SGK_INLINE sgk_u16 sgk_as_u16_i16(sgk_i16 v) { return sgk_cvt_u16_i32(v.w); }
SGK_INLINE sgk_i16 sgk_as_i16_u16(sgk_u16 v) { return sgk_cvt_i16_u32(v.w); }

/* ---- half ----------------------------------------------------------------------------------- */
/* The bits of a half in a u32 lane <-> the f32 of its value (NaN quieted, payload kept). */
#if defined(__F16C__)
SGK_INLINE sgk_f32 sgk__f32_of_half(sgk_u32 h) {
  uint32_t t[SGK_W];
  uint16_t b[SGK_W];
  float f[SGK_W];
  sgk__storeu_u32(t, h);
  for (uint32_t i = 0; i < SGK_W; ++i) b[i] = (uint16_t)t[i];
  for (uint32_t k = 0; k < SGK_W; k += 8)
    _mm256_storeu_ps(f + k, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(b + k))));
  return sgk__loadu_f32(f);
}
SGK_INLINE sgk_u32 sgk__half_of_f32(sgk_f32 x) {
  float f[SGK_W];
  uint16_t b[SGK_W];
  uint32_t t[SGK_W];
  sgk__storeu_f32(f, x);
  for (uint32_t k = 0; k < SGK_W; k += 8)
    _mm_storeu_si128((__m128i *)(b + k),
                     _mm256_cvtps_ph(_mm256_loadu_ps(f + k), _MM_FROUND_TO_NEAREST_INT));
  for (uint32_t i = 0; i < SGK_W; ++i) t[i] = b[i];
  return sgk__loadu_u32(t);
}
#else
/* Without F16C each conversion is some 40 lane ops; on a backend of one-lane registers (the
 * scalar one) a lane op is W scalar instructions, and inlined at every half load, op and store
 * they made the half test kernels take minutes to compile per variant. There the two stay out of
 * line (once per object). */
#if SGK__RL32 == 1
#define SGK__HALF_CVT static __attribute__((noinline, unused))
#else
#define SGK__HALF_CVT SGK_INLINE
#endif
#define SGK__U(c) sgk_splat_u32(c)
SGK__HALF_CVT sgk_f32 sgk__f32_of_half(sgk_u32 h) {
  const sgk_u32 mag = sgk_and_u32(h, SGK__U(0x7fff));
  const sgk_u32 sign = sgk_shl_u32(sgk_and_u32(h, SGK__U(0x8000)), 16);
  const sgk_u32 e = sgk_shr_u32(mag, 10);
  /* normal: the exponent rebiased by 127 - 15 = 112; infinity and NaN: by 2 x 112 to 255 */
  const sgk_u32 normal = sgk_add_u32(sgk_shl_u32(mag, 13), SGK__U(112u << 23));
  const sgk_u32 inf_nan = sgk_or_u32(
      sgk_add_u32(normal, SGK__U(112u << 23)),
      sgk_select_u32(sgk_gt_u32(mag, SGK__U(0x7c00)), SGK__U(0x400000), SGK__U(0)));
  /* zero and subnormal: mag x 2^-24, exact */
  const sgk_u32 sub =
      sgk_as_u32_f32(sgk_mul_f32(sgk_cvt_f32_u32(mag), sgk_splat_f32(5.9604644775390625e-8f)));
  const sgk_u32 bits =
      sgk_select_u32(sgk_eq_u32(e, SGK__U(0)), sub,
                     sgk_select_u32(sgk_eq_u32(e, SGK__U(31)), inf_nan, normal));
  return sgk_as_f32_u32(sgk_or_u32(bits, sign));
}
/* Rounded to nearest even with integer ops only. */
SGK__HALF_CVT sgk_u32 sgk__half_of_f32(sgk_f32 x) {
  const sgk_u32 b = sgk_as_u32_f32(x);
  const sgk_u32 sign = sgk_and_u32(sgk_shr_u32(b, 16), SGK__U(0x8000));
  const sgk_u32 a = sgk_and_u32(b, SGK__U(0x7fffffff));
  const sgk_u32 nan = sgk_or_u32(SGK__U(0x7e00), sgk_and_u32(sgk_shr_u32(a, 13), SGK__U(0x3ff)));
  /* normal: rebias (- 112 << 23), add just under half an ulp plus the ulp's parity (ties to
   * even), drop the 13 bits; a carry steps into the next binade */
  const sgk_u32 odd = sgk_and_u32(sgk_shr_u32(a, 13), SGK__U(1));
  const sgk_u32 normal =
      sgk_shr_u32(sgk_add_u32(sgk_add_u32(a, SGK__U(0xc8000fffu)), odd), 13);
  /* subnormal: the 24-bit significand m x 2^(E - 150) in units of 2^-24 is m >> (126 - E),
   * rounded to nearest even (a shift of 25 or more leaves less than half a unit: 0) */
  const sgk_u32 m = sgk_or_u32(sgk_and_u32(a, SGK__U(0x7fffff)), SGK__U(0x800000));
  const sgk_u32 sh = sgk_min_u32(sgk_sub_u32(SGK__U(126), sgk_shr_u32(a, 23)), SGK__U(25));
  const sgk_u32 q = sgk_shrv_u32(m, sh);
  const sgk_u32 rem = sgk_sub_u32(m, sgk_shlv_u32(q, sh));
  const sgk_u32 half = sgk_shlv_u32(SGK__U(1), sgk_sub_u32(sh, SGK__U(1)));
  const sgk_mask up = sgk_mask_or(
      sgk_gt_u32(rem, half),
      sgk_mask_and(sgk_eq_u32(rem, half), sgk_ne_u32(sgk_and_u32(q, SGK__U(1)), SGK__U(0))));
  const sgk_u32 sub = sgk_select_u32(up, sgk_add_u32(q, SGK__U(1)), q);
  sgk_u32 h = sgk_select_u32(sgk_lt_u32(a, SGK__U(0x38800000)), sub, normal);
  h = sgk_select_u32(sgk_ge_u32(a, SGK__U(0x477ff000)), SGK__U(0x7c00), h); /* >= 65520: inf */
  h = sgk_select_u32(sgk_gt_u32(a, SGK__U(0x7f800000)), nan, h);
  return sgk_or_u32(h, sign);
}
#undef SGK__U
#undef SGK__HALF_CVT
#endif

typedef struct sgk_f16 { sgk_f32 w; } sgk_f16;
SGK_INLINE sgk_f16 sgk__round_f16(sgk_f32 x) {
  return (sgk_f16){sgk__f32_of_half(sgk__half_of_f32(x))};
}
#define SGK__SMALL_round(S, x) sgk__round_f16(x)
SGK__SMALL_MEMORY(f16, sgk_half, u32, uint32_t)
SGK__SMALL_SHUFFLES(f16, f32)
SGK_INLINE sgk_f16 sgk_splat_f16(float c) { return sgk__round_f16(sgk_splat_f32(c)); }
SGK_INLINE float sgk_extract_f16(sgk_f16 v, int lane) { return sgk_extract_f32(v.w, lane); }
/* +, -, x, / and sqrt of halves in f32 (24 bits >= 2 x 11 + 2), then rounded: one rounding */
SGK__SMALL_BIN(f16, f32, add, round) SGK__SMALL_BIN(f16, f32, sub, round)
SGK__SMALL_BIN(f16, f32, mul, round) SGK__SMALL_BIN(f16, f32, div, round)
SGK__SMALL_BIN(f16, f32, min, keep) SGK__SMALL_BIN(f16, f32, max, keep)
SGK_INLINE sgk_f16 sgk_sqrt_f16(sgk_f16 a) { return sgk__round_f16(sgk_sqrt_f32(a.w)); }
SGK_INLINE sgk_f16 sgk_neg_f16(sgk_f16 a) { return (sgk_f16){sgk_neg_f32(a.w)}; }
SGK_INLINE sgk_f16 sgk_abs_f16(sgk_f16 a) { return (sgk_f16){sgk_abs_f32(a.w)}; }
/* a x b + c: exact product and one rounding in f64, then to f32 rounding to odd (an inexact
 * result keeps its last bit set), which rounds to half as the exact value would */
SGK_INLINE sgk_f16 sgk_fma_f16(sgk_f16 a, sgk_f16 b, sgk_f16 c) {
  const sgk_f64 r = sgk_fma_f64(sgk_cvt_f64_f32(a.w), sgk_cvt_f64_f32(b.w), sgk_cvt_f64_f32(c.w));
  const sgk_f32 t = sgk_cvt_f32_f64(r);
  const sgk_f64 back = sgk_cvt_f64_f32(t);
  const sgk_u32 bits = sgk_as_u32_f32(t), one = sgk_splat_u32(1);
  const sgk_mask fix =
      sgk_mask_and(sgk_ne_f64(back, r), sgk_eq_u32(sgk_and_u32(bits, one), sgk_splat_u32(0)));
  const sgk_mask away = sgk_gt_f64(sgk_abs_f64(back), sgk_abs_f64(r)); /* t beyond r: step in */
  const sgk_u32 odd = sgk_select_u32(away, sgk_sub_u32(bits, one), sgk_add_u32(bits, one));
  return sgk__round_f16(sgk_as_f32_u32(sgk_select_u32(fix, odd, bits)));
}
SGK_INLINE sgk_mask sgk_eq_f16(sgk_f16 a, sgk_f16 b) { return sgk_eq_f32(a.w, b.w); }
SGK_INLINE sgk_mask sgk_ne_f16(sgk_f16 a, sgk_f16 b) { return sgk_ne_f32(a.w, b.w); }
SGK_INLINE sgk_mask sgk_lt_f16(sgk_f16 a, sgk_f16 b) { return sgk_lt_f32(a.w, b.w); }
SGK_INLINE sgk_mask sgk_le_f16(sgk_f16 a, sgk_f16 b) { return sgk_le_f32(a.w, b.w); }
SGK_INLINE sgk_mask sgk_gt_f16(sgk_f16 a, sgk_f16 b) { return sgk_gt_f32(a.w, b.w); }
SGK_INLINE sgk_mask sgk_ge_f16(sgk_f16 a, sgk_f16 b) { return sgk_ge_f32(a.w, b.w); }
SGK_INLINE sgk_f16 sgk_select_f16(sgk_mask m, sgk_f16 a, sgk_f16 b) {
  return (sgk_f16){sgk_select_f32(m, a.w, b.w)};
}
SGK_INLINE sgk_f32 sgk_cvt_f32_f16(sgk_f16 v) { return v.w; }
SGK_INLINE sgk_f16 sgk_cvt_f16_f32(sgk_f32 x) { return sgk__round_f16(x); }
/* i32 -> f32 rounds only beyond 2^24, where the half is infinite anyway: one rounding */
SGK_INLINE sgk_f16 sgk_cvt_f16_i32(sgk_i32 x) { return sgk__round_f16(sgk_cvt_f32_i32(x)); }
SGK_INLINE sgk_i32 sgk_cvt_i32_f16(sgk_f16 v) { return sgk_cvt_i32_f32(v.w); }
SGK_INLINE sgk_u16 sgk_as_u16_f16(sgk_f16 v) { return (sgk_u16){sgk__half_of_f32(v.w)}; }
SGK_INLINE sgk_f16 sgk_as_f16_u16(sgk_u16 v) { return (sgk_f16){sgk__f32_of_half(v.w)}; }
SGK__SMALL_GROUP(f16, float, f32, add, round) SGK__SMALL_GROUP(f16, float, f32, mul, round)
SGK__SMALL_GROUP(f16, float, f32, min, keep) SGK__SMALL_GROUP(f16, float, f32, max, keep)

// clang-format on
#endif /* SGK_SMALL_TYPES_H */
