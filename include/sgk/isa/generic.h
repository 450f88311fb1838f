/* The generic layer: everything of the backend contract (sgk/isa/contract.inc) that does not need
 * the ISA, derived from a small per-register core. Included by sgk/kernel.h right after the
 * variant's backend header, which defines the core:
 *
 *   SGK__RL32, SGK__RL64   lanes of one register of 32-bit and of 64-bit elements (each divides W)
 *   SGK__REGS              vector registers the ISA has (kernel.h's SGK_REG_COUNT)
 *   SGK__SLIDE_QUARTERS    how a slide by a constant (slide below) trades against an unaligned
 *                          load of the same lanes on this ISA at this W: of every four taps of a
 *                          window that a kernel could slide out of two loaded registers, how many
 *                          to slide, the others loaded; 0 where a load is always the cheaper
 *                          (kernel.h's SGK_REG_SLIDE_QUARTERS)
 *   SGK__MASK_BITS         1: sgk_mask is a lane bit set and a register's mask (sgk__rm32/rm64,
 *                          uint32_t here) is its lanes' bits, lowest lane in bit 0 (scalar,
 *                          AVX-512 k registers). 0: vector masks (AVX2, NEON): the core defines
 *                          sgk__rm32 / sgk__rm64 (all-ones lanes) with
 *                            sgk__rm32_from_bits(b) (the low RL32 bits)   sgk__rm32_bits(m)
 *                            sgk__rm32_and/or/xor/andnot(a, b)            (andnot: ~a & b)
 *                            sgk__rm64_half(m32, h): the 64-bit lanes h*RL64 .. of m32
 *                            sgk__rm32_pack(lo64, hi64): the inverse
 *                          and RL32 == 2 RL64.
 *   per type t (i32 u32 f32 i64 u64 f64; ct its C type, v = sgk__v_<t> its register type, rm its
 *   register mask sgk__rm32 or sgk__rm64), functions sgk__r_<op>_<t>:
 *     loadu(const ct *) storeu(ct *, v) splat(ct) lane0(v) -> ct  select(rm, a, b): a where set
 *     slide(lo, hi, d): lane i <- i >= d ? hi[i - d] : lo[RL + i - d], for 0 < d < RL
 *     add sub mul min max  eq lt le -> rm  (elem.h semantics: min is a < b ? a : b, ...)
 *     integers: and or xor shl shr (uint32_t count) shlv shrv
 *     floats:   div sqrt fma neg abs
 *
 * What a core does better it provides itself, announced by a define (Highway's HWY_NATIVE_*):
 *   SGK__NATIVE_MASK_FIRST_N    sgk_mask_first_n
 *   SGK__NATIVE_MASKED_MEMORY   sgk__r_load_masked_<t>(rm, p), sgk__r_store_masked_<t>(rm, p, v)
 *   SGK__NATIVE_GATHER          sgk__r_gather_<t>(rm, base, const sgk__v_i32 *idx, int k): register k
 *   SGK__NATIVE_SCATTER         sgk__r_scatter_<t>(rm, base, const sgk__v_i32 *idx, int k, v), lanes
 *                               in order
 *   SGK__NATIVE_PERMUTE, SGK__NATIVE_BROADCAST, SGK__NATIVE_ROTATE   sgk__permute/broadcast/rotate_<t>
 *   SGK__NATIVE_XOR_LANES       sgk__r_xor_lanes_<t>(v, r): lane i <- v[i ^ r], 0 < r < RL
 *   SGK__NATIVE_LOCAL_ATOMICS_32  sgk__local_rmw_<t> and sgk__local_fetch_add_<t> for i32 and u32
 *   SGK__NATIVE_VEC_MEMORY      sgk__vec_load_reg_<t>, sgk__vec_store_reg_<t>: one register of a
 *                               sycl::vec transpose, rows s apart (SGK__VEC_BY_REG below), and
 *                               how to drive them: SGK__VEC_REG_LOOP, SGK__VEC16_REG_ORDER
 *   SGK__NATIVE_CVTS defined as SGK__YES: the core's own sgk_cvt_<to>_<from>, all but those it
 *                               marks SGK__LANEWISE_CVT_<to>_<from> (also SGK__YES)
 * The rest, the generic layer gives: the W-lane types as arrays of registers, masks, the lifted
 * arithmetic, compares, memory, the cross-register stages of reductions and scans, lane-wise
 * fallbacks, conversions, bit casts and local atomics. Signed and unsigned types may have
 * different register types (NEON): nothing here casts one to the other but through memory. */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_ISA_GENERIC_H
#define SGK_ISA_GENERIC_H

#include <stdint.h>
#include <string.h>

#include "sgk/isa/contract.inc"
#include "sgk/isa/elem.h"
#include "sgk/isa/types.h"

#define SGK__FOR(n, k) for (int k = 0; k < (n); ++k)
#define SGK__N32 (SGK_W / SGK__RL32) /* registers per value of a 32-bit type */
#define SGK__N64 (SGK_W / SGK__RL64)
#define SGK__LOG2_N(n) ((n) >= 8 ? 3 : (n) >= 4 ? 2 : (n) >= 2 ? 1 : 0) /* n = 1, 2, 4 or 8 */
_Static_assert(SGK__SLIDE_QUARTERS >= 0 && SGK__SLIDE_QUARTERS <= 4,
               "a core states SGK__SLIDE_QUARTERS, 0 to 4");
#define SGK__ALL_BITS (SGK_W == 32 ? 0xffffffffu : ((1u << SGK_W) - 1u))

#define SGK__NR(T) SGK__CAT(SGK__N, SGK__BITS_##T)  /* registers per value */
#define SGK__RL(T) SGK__CAT(SGK__RL, SGK__BITS_##T) /* lanes per register */
/* f(args, q) for each register q of a T value (at most 8, asserted), as calls with literal
 * indices, not a loop: where a loop's body was big (a vector memory block per register), GCC
 * kept the loop at W 32, computed every address at run time and passed the values through a
 * stack array; a `#pragma GCC unroll` on it was miscompiled by GCC 12 at -O1 (AVX-512
 * vec<int, 16> loaded wrong at W 32, test_runtime). */
#define SGK__EACH_REG(T, f, ...)                                                                   \
  do {                                                                                             \
    _Static_assert(SGK__NR(T) <= 8, "SGK__EACH_REG covers at most 8 registers a value");           \
    f(__VA_ARGS__, 0);                                                                             \
    if (SGK__NR(T) > 1) f(__VA_ARGS__, 1);                                                         \
    if (SGK__NR(T) > 2) {                                                                          \
      f(__VA_ARGS__, 2);                                                                           \
      f(__VA_ARGS__, 3);                                                                           \
    }                                                                                              \
    if (SGK__NR(T) > 4) {                                                                          \
      f(__VA_ARGS__, 4);                                                                           \
      f(__VA_ARGS__, 5);                                                                           \
      f(__VA_ARGS__, 6);                                                                           \
      f(__VA_ARGS__, 7);                                                                           \
    }                                                                                              \
  } while (0)

/* ---- the W-lane types ------------------------------------------------------------------------ */
typedef struct {
  sgk__v_i32 r[SGK__N32];
} sgk_i32;
typedef struct {
  sgk__v_u32 r[SGK__N32];
} sgk_u32;
typedef struct {
  sgk__v_f32 r[SGK__N32];
} sgk_f32;
typedef struct {
  sgk__v_i64 r[SGK__N64];
} sgk_i64;
typedef struct {
  sgk__v_u64 r[SGK__N64];
} sgk_u64;
typedef struct {
  sgk__v_f64 r[SGK__N64];
} sgk_f64;

/* ---- masks ----------------------------------------------------------------------------------- */
#if SGK__MASK_BITS
typedef uint32_t sgk__rm32;
typedef uint32_t sgk__rm64;
typedef struct {
  uint32_t bits;
} sgk_mask;
SGK_INLINE sgk_mask sgk_mask_from_bits(uint32_t b) {
  sgk_mask m = {b & SGK__ALL_BITS};
  return m;
}
SGK_INLINE uint32_t sgk_mask_bits(sgk_mask m) { return m.bits; }
#define SGK__MASK_OP(name, expr)                                                                   \
  SGK_INLINE sgk_mask sgk_mask_##name(sgk_mask a, sgk_mask b) {                                    \
    const uint32_t x = a.bits, y = b.bits;                                                         \
    return sgk_mask_from_bits(expr);                                                               \
  }
/* register k's mask */
SGK_INLINE sgk__rm32 sgk__rmask32(sgk_mask m, int k) { return m.bits >> (SGK__RL32 * k); }
SGK_INLINE sgk__rm64 sgk__rmask64(sgk_mask m, int k) { return m.bits >> (SGK__RL64 * k); }
/* the mask of per-register compare results */
SGK_INLINE sgk_mask sgk__mask_of32(const sgk__rm32 *c) {
  uint32_t b = 0;
  SGK__FOR(SGK__N32, k) b |= c[k] << (SGK__RL32 * k);
  return sgk_mask_from_bits(b);
}
SGK_INLINE sgk_mask sgk__mask_of64(const sgk__rm64 *c) {
  uint32_t b = 0;
  SGK__FOR(SGK__N64, k) b |= c[k] << (SGK__RL64 * k);
  return sgk_mask_from_bits(b);
}
#else
_Static_assert(SGK__RL32 == 2 * SGK__RL64, "vector masks need RL32 == 2 RL64");
typedef struct {
  sgk__rm32 r[SGK__N32];
} sgk_mask;
SGK_INLINE sgk_mask sgk_mask_from_bits(uint32_t b) {
  sgk_mask m;
  SGK__FOR(SGK__N32, k) m.r[k] = sgk__rm32_from_bits(b >> (SGK__RL32 * k));
  return m;
}
SGK_INLINE uint32_t sgk_mask_bits(sgk_mask m) {
  uint32_t b = 0;
  SGK__FOR(SGK__N32, k) b |= sgk__rm32_bits(m.r[k]) << (SGK__RL32 * k);
  return b;
}
#define SGK__MASK_OP(name, expr)                                                                   \
  SGK_INLINE sgk_mask sgk_mask_##name(sgk_mask a, sgk_mask b) {                                    \
    sgk_mask m;                                                                                    \
    SGK__FOR(SGK__N32, k) m.r[k] = sgk__rm32_##name(a.r[k], b.r[k]);                               \
    return m;                                                                                      \
  }
SGK_INLINE sgk__rm32 sgk__rmask32(sgk_mask m, int k) { return m.r[k]; }
SGK_INLINE sgk__rm64 sgk__rmask64(sgk_mask m, int k) { return sgk__rm64_half(m.r[k >> 1], k & 1); }
SGK_INLINE sgk_mask sgk__mask_of32(const sgk__rm32 *c) {
  sgk_mask m;
  SGK__FOR(SGK__N32, k) m.r[k] = c[k];
  return m;
}
SGK_INLINE sgk_mask sgk__mask_of64(const sgk__rm64 *c) {
  sgk_mask m;
  SGK__FOR(SGK__N32, k) m.r[k] = sgk__rm32_pack(c[2 * k], c[2 * k + 1]);
  return m;
}
#endif
#define SGK__RMASK(T, m, k) SGK__CAT(sgk__rmask, SGK__BITS_##T)(m, k)
SGK__MASK_OP(and, x &y)
SGK__MASK_OP(or, x | y)
SGK__MASK_OP(xor, x ^ y)
SGK__MASK_OP(andnot, ~x &y)
SGK_INLINE sgk_mask sgk_mask_all(void) { return sgk_mask_from_bits(SGK__ALL_BITS); }
SGK_INLINE sgk_mask sgk_mask_none(void) { return sgk_mask_from_bits(0); }
SGK_INLINE sgk_mask sgk_mask_not(sgk_mask a) { return sgk_mask_andnot(a, sgk_mask_all()); }
#ifndef SGK__NATIVE_MASK_FIRST_N
SGK_INLINE sgk_mask sgk_mask_first_n(uint32_t n) { /* lanes < n */
  return sgk_mask_from_bits(n >= 32 ? 0xffffffffu : (1u << n) - 1u);
}
#endif

/* ---- register ops the core may leave to us --------------------------------------------------- */
#define SGK__R_INT_DEFAULTS(T, ct, ...)                                                            \
  SGK_INLINE sgk__v_##T sgk__r_not_##T(sgk__v_##T a) {                                             \
    return sgk__r_xor_##T(a, sgk__r_splat_##T((ct) ~(ct)0));                                       \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_andnot_##T(sgk__v_##T a, sgk__v_##T b) {                            \
    return sgk__r_and_##T(sgk__r_not_##T(a), b);                                                   \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_neg_##T(sgk__v_##T a) {                                             \
    return sgk__r_sub_##T(sgk__r_splat_##T(0), a);                                                 \
  }                                                                                                \
  SGK_INLINE sgk__v_##T sgk__r_abs_##T(sgk__v_##T a) { /* used for the signed types */             \
    return sgk__r_select_##T(sgk__r_lt_##T(a, sgk__r_splat_##T(0)), sgk__r_neg_##T(a), a);         \
  }
SGK__TYPES_INT(SGK__R_INT_DEFAULTS, ~)

/* ---- lifted element ops ---------------------------------------------------------------------- */
#define SGK__LIFT1(T, ct, op)                                                                      \
  SGK_INLINE sgk_##T sgk_##op##_##T(sgk_##T a) {                                                   \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = sgk__r_##op##_##T(a.r[k]);                                    \
    return r;                                                                                      \
  }
#define SGK__LIFT2(T, ct, op)                                                                      \
  SGK_INLINE sgk_##T sgk_##op##_##T(sgk_##T a, sgk_##T b) {                                        \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = sgk__r_##op##_##T(a.r[k], b.r[k]);                            \
    return r;                                                                                      \
  }
#define SGK__LIFT_SHIFT(T, ct, op)                                                                 \
  SGK_INLINE sgk_##T sgk_##op##_##T(sgk_##T a, uint32_t n) {                                       \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = sgk__r_##op##_##T(a.r[k], n);                                 \
    return r;                                                                                      \
  }
/* Compares: eq, lt and le per register; the others follow (ne true for NaN, as in C). */
#define SGK__CMP(T, ct, op)                                                                        \
  SGK_INLINE sgk_mask sgk__cmp_##op##_##T(sgk_##T a, sgk_##T b) {                                  \
    SGK__RM(T) c[SGK__NR(T)];                                                                      \
    SGK__FOR(SGK__NR(T), k) c[k] = sgk__r_##op##_##T(a.r[k], b.r[k]);                              \
    return SGK__CAT(sgk__mask_of, SGK__BITS_##T)(c);                                               \
  }

#define SGK__COMMON(T, ct, ...)                                                                    \
  SGK__LIFT2(T, ct, add)                                                                           \
  SGK__LIFT2(T, ct, sub) SGK__LIFT2(T, ct, mul) SGK__LIFT2(T, ct, min) SGK__LIFT2(T, ct, max)      \
      SGK__LIFT1(T, ct, neg) SGK__CMP(T, ct, eq) SGK__CMP(T, ct, lt) SGK__CMP(T, ct, le)           \
          SGK_INLINE sgk_mask sgk_eq_##T(sgk_##T a, sgk_##T b) {                                   \
    return sgk__cmp_eq_##T(a, b);                                                                  \
  }                                                                                                \
  SGK_INLINE sgk_mask sgk_ne_##T(sgk_##T a, sgk_##T b) {                                           \
    return sgk_mask_not(sgk__cmp_eq_##T(a, b));                                                    \
  }                                                                                                \
  SGK_INLINE sgk_mask sgk_lt_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_lt_##T(a, b); }           \
  SGK_INLINE sgk_mask sgk_le_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_le_##T(a, b); }           \
  SGK_INLINE sgk_mask sgk_gt_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_lt_##T(b, a); }           \
  SGK_INLINE sgk_mask sgk_ge_##T(sgk_##T a, sgk_##T b) { return sgk__cmp_le_##T(b, a); }           \
  SGK_INLINE sgk_##T sgk_splat_##T(ct x) {                                                         \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = sgk__r_splat_##T(x);                                          \
    return r;                                                                                      \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_select_##T(sgk_mask m, sgk_##T a, sgk_##T b) {                            \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = sgk__r_select_##T(SGK__RMASK(T, m, k), a.r[k], b.r[k]);       \
    return r;                                                                                      \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk__loadu_##T(const ct *p) {                                                 \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = sgk__r_loadu_##T(p + SGK__RL(T) * k);                         \
    return r;                                                                                      \
  }                                                                                                \
  SGK_INLINE void sgk__storeu_##T(ct *p, sgk_##T v) {                                              \
    SGK__FOR(SGK__NR(T), k) sgk__r_storeu_##T(p + SGK__RL(T) * k, v.r[k]);                         \
  }                                                                                                \
  /* lane read-out through memory: off the hot paths (uniform results, tests) */                   \
  SGK_INLINE ct sgk_extract_##T(sgk_##T v, int lane) {                                             \
    ct a[SGK_W];                                                                                   \
    sgk__storeu_##T(a, v);                                                                         \
    return a[lane];                                                                                \
  }                                                                                                \
  /* no integer vector division on x86 or NEON: lane by lane (exact for floats too) */             \
  SGK_INLINE sgk_##T sgk_div_##T(sgk_##T a, sgk_##T b) {                                           \
    ct x[SGK_W], y[SGK_W];                                                                         \
    sgk__storeu_##T(x, a);                                                                         \
    sgk__storeu_##T(y, b);                                                                         \
    for (int i = 0; i < SGK_W; ++i) x[i] = sgk__div1_##T(x[i], y[i]);                              \
    return sgk__loadu_##T(x);                                                                      \
  }
#define SGK__INT_OPS(T, ct, ...)                                                                   \
  SGK__LIFT2(T, ct, and)                                                                           \
  SGK__LIFT2(T, ct, or) SGK__LIFT2(T, ct, xor) SGK__LIFT2(T, ct, andnot) SGK__LIFT1(T, ct, not )   \
      SGK__LIFT2(T, ct, shlv) SGK__LIFT2(T, ct, shrv) SGK__LIFT_SHIFT(T, ct, shl)                  \
          SGK__LIFT_SHIFT(T, ct, shr)                                                              \
              SGK_INLINE sgk_##T sgk_fma_##T(sgk_##T a, sgk_##T b, sgk_##T c) {                    \
    return sgk_add_##T(sgk_mul_##T(a, b), c);                                                      \
  }
#define SGK__FLOAT_OPS(T, ct, ...)                                                                 \
  SGK__LIFT1(T, ct, sqrt)                                                                          \
  SGK__LIFT1(T, ct, abs) SGK_INLINE sgk_##T sgk_fma_##T(sgk_##T a, sgk_##T b, sgk_##T c) {         \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) r.r[k] = sgk__r_fma_##T(a.r[k], b.r[k], c.r[k]);                       \
    return r;                                                                                      \
  }
SGK__TYPES_ALL(SGK__COMMON, ~)
SGK__TYPES_INT(SGK__INT_OPS, ~)
SGK__TYPES_FLOAT(SGK__FLOAT_OPS, ~)
SGK__LIFT1(i32, int32_t, abs)
SGK__LIFT1(i64, int64_t, abs)

static const uint32_t sgk__iota_table[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                             11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                             22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
SGK_INLINE sgk_u32 sgk__iota_u32(void) { return sgk__loadu_u32(sgk__iota_table); }

/* ---- masked memory, gathers, scatters --------------------------------------------------------
 * Inactive lanes are neither read nor written; loads give 0 in them; scatters write the active
 * lanes in increasing order, so where indices repeat the highest lane wins. The lane-wise forms
 * touch exactly the active lanes' addresses. */
/* Lane indices and values to memory, for the lane-wise paths. */
#define SGK__SPILL(T, ct, ...)                                                                    \
  SGK_INLINE void sgk__spill_##T(sgk_i32 idx, sgk_##T v, int32_t *at, ct *x) {                   \
    sgk__storeu_i32(at, idx);                                                                    \
    sgk__storeu_##T(x, v);                                                                       \
  }
SGK__TYPES_ALL(SGK__SPILL, ~)
/* sgk_mask_bits(sgk_mask_all()) as a constant, which a core's mask may not fold to */
#define SGK__ALL_LANES (SGK_W == 32 ? 0xffffffffu : (1u << (SGK_W & 31)) - 1u)
#define SGK__FOR_LANES(m, i)                                                                       \
  for (uint32_t i##__bits = sgk_mask_bits(m), i;                                                   \
       i##__bits && (i = (uint32_t)__builtin_ctz(i##__bits), 1); i##__bits &= i##__bits - 1)

#define SGK__REG_BITS(T) ((uint32_t)((1ull << SGK__RL(T)) - 1u)) /* a register's lanes */
/* register k's lanes of a mask's bits */
#define SGK__REG_OF(T, bits, k) ((bits) >> (SGK__RL(T) * (k)) & SGK__REG_BITS(T))
#ifdef SGK__NATIVE_MASKED_MEMORY
#define SGK__MASKED_MEMORY(T, ct, ...)                                                             \
  SGK_INLINE sgk_##T sgk__load_masked_##T(sgk_mask m, const ct *p) {                               \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k)                                                                        \
    r.r[k] = sgk__r_load_masked_##T(SGK__RMASK(T, m, k), p + SGK__RL(T) * k);                      \
    return r;                                                                                      \
  }                                                                                                \
  SGK_INLINE void sgk__store_masked_##T(sgk_mask m, ct *p, sgk_##T v) {                            \
    SGK__FOR(SGK__NR(T), k)                                                                        \
    sgk__r_store_masked_##T(SGK__RMASK(T, m, k), p + SGK__RL(T) * k, v.r[k]);                      \
  }
#else
/* Register by register: one whose lanes are all active is a plain load or store, one with none is
 * skipped (0), the others go lane by lane; a constant mask (a kernel blocking for registers) folds
 * to the plain ones. */
#define SGK__MASKED_MEMORY(T, ct, ...)                                                             \
  SGK_INLINE sgk_##T sgk__load_masked_##T(sgk_mask m, const ct *p) {                               \
    const uint32_t bits = sgk_mask_bits(m);                                                        \
    sgk_##T r;                                                                                     \
    SGK__FOR(SGK__NR(T), k) {                                                                      \
      const uint32_t b = SGK__REG_OF(T, bits, k);                                                  \
      const ct *q = p + SGK__RL(T) * k;                                                            \
      if (b == SGK__REG_BITS(T)) {                                                                 \
        r.r[k] = sgk__r_loadu_##T(q);                                                              \
      } else {                                                                                     \
        ct x[SGK__RL(T)] = {0};                                                                    \
        for (uint32_t left = b; left; left &= left - 1) {                                          \
          const uint32_t i = (uint32_t)__builtin_ctz(left);                                        \
          x[i] = q[i];                                                                             \
        }                                                                                          \
        r.r[k] = sgk__r_loadu_##T(x);                                                              \
      }                                                                                            \
    }                                                                                              \
    return r;                                                                                      \
  }                                                                                                \
  SGK_INLINE void sgk__store_masked_##T(sgk_mask m, ct *p, sgk_##T v) {                            \
    const uint32_t bits = sgk_mask_bits(m);                                                        \
    SGK__FOR(SGK__NR(T), k) {                                                                      \
      const uint32_t b = SGK__REG_OF(T, bits, k);                                                  \
      ct *q = p + SGK__RL(T) * k;                                                                  \
      if (b == SGK__REG_BITS(T)) {                                                                 \
        sgk__r_storeu_##T(q, v.r[k]);                                                              \
      } else if (b) {                                                                              \
        ct x[SGK__RL(T)];                                                                          \
        sgk__r_storeu_##T(x, v.r[k]);                                                              \
        for (uint32_t left = b; left; left &= left - 1) {                                          \
          const uint32_t i = (uint32_t)__builtin_ctz(left);                                        \
          q[i] = x[i];                                                                             \
        }                                                                                          \
      }                                                                                            \
    }                                                                                              \
  }
#endif
/* Native gathers and scatters cost the same whatever their mask: a value of several registers
 * skips those its mask leaves empty (a partial sub-group's tail; a gather's result there is 0). */
#define SGK__REG_LIVE(T, bits, k)                                                                  \
  (SGK__NR(T) == 1 || SGK__REG_OF(T, bits, k) != 0)
#ifdef SGK__NATIVE_GATHER
#define SGK__GATHER(T, ct, ...)                                                                    \
  SGK_INLINE sgk_##T sgk__gather_masked_##T(sgk_mask m, const ct *base, sgk_i32 idx) {             \
    sgk_##T r;                                                                                     \
    const uint32_t bits = sgk_mask_bits(m);                                                        \
    SGK__FOR(SGK__NR(T), k)                                                                        \
    r.r[k] = SGK__REG_LIVE(T, bits, k) ? sgk__r_gather_##T(SGK__RMASK(T, m, k), base, idx.r, k)    \
                                       : sgk__r_splat_##T(0);                                      \
    return r;                                                                                      \
  }
#else
#define SGK__GATHER(T, ct, ...)                                                                    \
  SGK_INLINE sgk_##T sgk__gather_masked_##T(sgk_mask m, const ct *base, sgk_i32 idx) {             \
    int32_t at[SGK_W];                                                                             \
    ct x[SGK_W] = {0};                                                                             \
    sgk__storeu_i32(at, idx);                                                                      \
    SGK__FOR_LANES(m, i) x[i] = base[at[i]];                                                       \
    return sgk__loadu_##T(x);                                                                      \
  }
#endif
#ifdef SGK__NATIVE_SCATTER
#define SGK__SCATTER(T, ct, ...)                                                                   \
  SGK_INLINE void sgk__scatter_masked_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v) {          \
    const uint32_t bits = sgk_mask_bits(m);                                                        \
    SGK__FOR(SGK__NR(T), k) if (SGK__REG_LIVE(T, bits, k))                                         \
        sgk__r_scatter_##T(SGK__RMASK(T, m, k), base, idx.r, k, v.r[k]);                           \
  }
#else
#define SGK__SCATTER(T, ct, ...)                                                                   \
  SGK_INLINE void sgk__scatter_masked_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v) {          \
    int32_t at[SGK_W];                                                                             \
    ct x[SGK_W];                                                                                   \
    sgk__spill_##T(idx, v, at, x);                                                               \
    SGK__FOR_LANES(m, i) base[at[i]] = x[i];                                                       \
  }
#endif
/* The first n lanes, 0 < n < W, whose mask m is sgk_mask_first_n(n): what a partial sub-group
 * moves. The registers wholly inside move unmasked, the one n cuts masked (lane by lane without
 * native masked memory), those past n not at all: a sub-group of 16 lanes at W 32 is one AVX-512
 * load or store, not two masked ones of which one moves nothing. With one register per value
 * (its only one partial, as n < W) the register's part load or store alone: the general loop
 * leaves the compiler a full-register path and an n > 0 test (copy.c at avx512 W 16: 22% more
 * code; 4% with the full path ruled out at compile time, which changed 72 of 108 objects). */
#ifdef SGK__NATIVE_MASKED_MEMORY
#define SGK__PART_MEMORY(T, ct, ...)                                                               \
  SGK_INLINE sgk__v_##T sgk__r_load_part_##T(uint32_t n, SGK__RM(T) rm, const ct *p) {            \
    (void)n;                                                                                       \
    return sgk__r_load_masked_##T(rm, p);                                                          \
  }                                                                                                \
  SGK_INLINE void sgk__r_store_part_##T(uint32_t n, SGK__RM(T) rm, ct *p, sgk__v_##T v) {         \
    (void)n;                                                                                       \
    sgk__r_store_masked_##T(rm, p, v);                                                             \
  }
#else
#define SGK__PART_MEMORY(T, ct, ...)                                                               \
  SGK_INLINE sgk__v_##T sgk__r_load_part_##T(uint32_t n, SGK__RM(T) rm, const ct *p) {            \
    ct x[SGK__RL(T)] = {0};                                                                        \
    (void)rm;                                                                                      \
    for (uint32_t i = 0; i < n && i < SGK__RL(T); ++i) x[i] = p[i];                                \
    return sgk__r_loadu_##T(x);                                                                    \
  }                                                                                                \
  SGK_INLINE void sgk__r_store_part_##T(uint32_t n, SGK__RM(T) rm, ct *p, sgk__v_##T v) {         \
    ct x[SGK__RL(T)];                                                                              \
    (void)rm;                                                                                      \
    sgk__r_storeu_##T(x, v);                                                                       \
    for (uint32_t i = 0; i < n && i < SGK__RL(T); ++i) p[i] = x[i];                                \
  }
#endif
#define SGK__PREFIX_MEMORY(T, ct, ...)                                                             \
  SGK_INLINE sgk_##T sgk__load_first_##T(uint32_t n, sgk_mask m, const ct *p) {                    \
    sgk_##T r;                                                                                     \
    if (SGK__NR(T) == 1) {                                                                         \
      r.r[0] = sgk__r_load_part_##T(n, SGK__RMASK(T, m, 0), p);                                    \
      return r;                                                                                    \
    }                                                                                              \
    SGK__FOR(SGK__NR(T), k) {                                                                      \
      const uint32_t at = (uint32_t)k * SGK__RL(T);                                                \
      if (n >= at + SGK__RL(T))                                                                    \
        r.r[k] = sgk__r_loadu_##T(p + at);                                                         \
      else if (n > at)                                                                             \
        r.r[k] = sgk__r_load_part_##T(n - at, SGK__RMASK(T, m, k), p + at);                        \
      else                                                                                         \
        r.r[k] = sgk__r_splat_##T(0);                                                              \
    }                                                                                              \
    return r;                                                                                      \
  }                                                                                                \
  SGK_INLINE void sgk__store_first_##T(uint32_t n, sgk_mask m, ct *p, sgk_##T v) {                 \
    if (SGK__NR(T) == 1) {                                                                         \
      sgk__r_store_part_##T(n, SGK__RMASK(T, m, 0), p, v.r[0]);                                    \
      return;                                                                                      \
    }                                                                                              \
    SGK__FOR(SGK__NR(T), k) {                                                                      \
      const uint32_t at = (uint32_t)k * SGK__RL(T);                                                \
      if (n >= at + SGK__RL(T))                                                                    \
        sgk__r_storeu_##T(p + at, v.r[k]);                                                         \
      else if (n > at)                                                                             \
        sgk__r_store_part_##T(n - at, SGK__RMASK(T, m, k), p + at, v.r[k]);                        \
    }                                                                                              \
  }
SGK__TYPES_ALL(SGK__MASKED_MEMORY, ~)
SGK__TYPES_ALL(SGK__PART_MEMORY, ~)
SGK__TYPES_ALL(SGK__PREFIX_MEMORY, ~)
SGK__TYPES_ALL(SGK__GATHER, ~)
SGK__TYPES_ALL(SGK__SCATTER, ~)

/* ---- lane movement ---------------------------------------------------------------------------
 * A core's own versions come after this file (they need the W-lane types): declared here. */
#define SGK__MOVEMENT_DECLS(T, ct, ...)                                                            \
  SGK_INLINE sgk_##T sgk__permute_##T(sgk_##T x, sgk_u32 idx);                                     \
  SGK_INLINE sgk_##T sgk__broadcast_##T(sgk_##T x, uint32_t lane);                                 \
  SGK_INLINE sgk_##T sgk__rotate_##T(sgk_##T x, uint32_t d);
SGK__TYPES_ALL(SGK__MOVEMENT_DECLS, ~)
#ifndef SGK__NATIVE_PERMUTE
#define SGK__PERMUTE(T, ct, ...) /* lane i <- x[idx[i] mod W] */                                   \
  SGK_INLINE sgk_##T sgk__permute_##T(sgk_##T x, sgk_u32 idx) {                                    \
    ct a[SGK_W], r[SGK_W];                                                                         \
    uint32_t at[SGK_W];                                                                            \
    sgk__storeu_##T(a, x);                                                                         \
    sgk__storeu_u32(at, idx);                                                                      \
    for (int i = 0; i < SGK_W; ++i) r[i] = a[at[i] & (SGK_W - 1)];                                 \
    return sgk__loadu_##T(r);                                                                      \
  }
SGK__TYPES_ALL(SGK__PERMUTE, ~)
#endif
#ifndef SGK__NATIVE_BROADCAST
#define SGK__BROADCAST(T, ct, ...) /* lane i <- x[lane] */                                         \
  SGK_INLINE sgk_##T sgk__broadcast_##T(sgk_##T x, uint32_t lane) {                                \
    return sgk_splat_##T(sgk_extract_##T(x, (int)lane));                                           \
  }
SGK__TYPES_ALL(SGK__BROADCAST, ~)
#endif
#ifndef SGK__NATIVE_ROTATE
#define SGK__ROTATE(T, ct, ...) /* lane i <- x[(i + d) mod W] */                                   \
  SGK_INLINE sgk_##T sgk__rotate_##T(sgk_##T x, uint32_t d) {                                      \
    return sgk__permute_##T(x, sgk_add_u32(sgk__iota_u32(), sgk_splat_u32(d)));                    \
  }
SGK__TYPES_ALL(SGK__ROTATE, ~)
#endif

/* lane i <- x[i ^ m], m < W (permute_group_by_xor of a full sub-group): m's bits from RL up
 * trade whole registers, which costs no instruction; its bits below RL move lanes inside each
 * register, by the core's sgk__r_xor_lanes when it has one, else by the general permute. The
 * general permute alone took four vpermd and three blends per register at AVX2 W 32, for what is
 * a renaming and at most one vpermd: the transpose's butterflies ran 1.65x faster this way at
 * avx2 W 32 on AMD Zen 3 (4.63 -> 7.66 GB/s; README). */
#ifdef SGK__NATIVE_XOR_LANES
#define SGK__XOR_IN_REGISTERS(T, y, r) SGK__FOR(SGK__NR(T), k) y.r[k] = sgk__r_xor_lanes_##T(y.r[k], r)
#else
#define SGK__XOR_IN_REGISTERS(T, y, r)                                                             \
  y = sgk__permute_##T(y, sgk_xor_u32(sgk__iota_u32(), sgk_splat_u32(r)))
#endif
#define SGK__XOR_PERMUTE(T, ct, ...)                                                               \
  SGK_INLINE sgk_##T sgk__xor_permute_##T(sgk_##T x, uint32_t m) {                                 \
    const int q = (int)(m / SGK__RL(T));                                                           \
    const uint32_t r = m % SGK__RL(T);                                                             \
    sgk_##T y;                                                                                     \
    SGK__FOR(SGK__NR(T), k) y.r[k] = x.r[k ^ q];                                                   \
    if (r) SGK__XOR_IN_REGISTERS(T, y, r);                                                         \
    return y;                                                                                      \
  }
SGK__TYPES_ALL(SGK__XOR_PERMUTE, ~)

/* Two-source slide of full sub-groups (the sub-group shuffle_down of Intel's OpenCL extension):
 * lane i <- (cur, next)[i + d], d < W. Out register k is source registers k + q and k + q + 1 of
 * the pair, q = d / RL, slid by r = d mod RL: one core slide per register (on AVX-512 a valignd /
 * valignq by a constant r, else a two-source permute), none when r is 0; with a constant d, as in
 * an unrolled loop, it all folds. */
#define SGK__SLIDE_DOWN(T, ct, ...)                                                                \
  SGK_INLINE sgk_##T sgk__slide_down_##T(sgk_##T cur, sgk_##T next, uint32_t d) {                 \
    const int q = (int)(d / SGK__RL(T)), r = (int)(d % SGK__RL(T));                               \
    sgk_##T out;                                                                                   \
    SGK__FOR(SGK__NR(T), k) {                                                                      \
      const int a = k + q, b = k + q + 1; /* b < 2 NR as d < W */                                 \
      const sgk__v_##T lo = a < SGK__NR(T) ? cur.r[a] : next.r[a - SGK__NR(T)];                  \
      const sgk__v_##T hi = b < SGK__NR(T) ? cur.r[b] : next.r[b - SGK__NR(T)];                  \
      out.r[k] = r == 0 ? lo : sgk__r_slide_##T(lo, hi, SGK__RL(T) - r);                          \
    }                                                                                              \
    return out;                                                                                    \
  }
SGK__TYPES_ALL(SGK__SLIDE_DOWN, ~)

/* ---- reductions and scans, in the contract's order ------------------------------------------
 * Across registers first (register k meets register k + n), then inside register 0 through the
 * core's slide. Scans: steps shorter than a register slide each register over the one below,
 * top-down so that the one below is still the old one; then steps of whole registers. */
#define SGK__TREE(T, ct, op)                                                                       \
  SGK_INLINE ct sgk__reduce_full_##op##_##T(sgk_##T x) {                                           \
    for (int n = SGK__NR(T) / 2; n >= 1; n /= 2)                                                   \
      SGK__FOR(n, k) x.r[k] = sgk__r_##op##_##T(x.r[k], x.r[k + n]);                               \
    for (int s = SGK__RL(T) / 2; s >= 1; s /= 2)                                                   \
      x.r[0] = sgk__r_##op##_##T(x.r[0], sgk__r_slide_##T(x.r[0], x.r[0], SGK__RL(T) - s));        \
    return sgk__r_lane0_##T(x.r[0]);                                                               \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk__scan_full_##op##_##T(sgk_##T x) {                                        \
    for (int d = 1; d < SGK__RL(T); d *= 2) {                                                      \
      for (int k = SGK__NR(T) - 1; k >= 1; --k)                                                    \
        x.r[k] = sgk__r_##op##_##T(sgk__r_slide_##T(x.r[k - 1], x.r[k], d), x.r[k]);               \
      const SGK__RM(T) from_d = SGK__RMASK(T, sgk_mask_from_bits(~0u << d), 0);                    \
      x.r[0] = sgk__r_select_##T(                                                                  \
          from_d, sgk__r_##op##_##T(sgk__r_slide_##T(x.r[0], x.r[0], d), x.r[0]), x.r[0]);         \
    }                                                                                              \
    for (int n = 1; n < SGK__NR(T); n *= 2)                                                        \
      for (int k = SGK__NR(T) - 1; k >= n; --k) x.r[k] = sgk__r_##op##_##T(x.r[k - n], x.r[k]);    \
    return x;                                                                                      \
  }
#define SGK__TREES(T, ct, ...)                                                                     \
  SGK__TREE(T, ct, add) SGK__TREE(T, ct, mul) SGK__TREE(T, ct, min) SGK__TREE(T, ct, max)
#define SGK__TREES_INT(T, ct, ...) SGK__TREE(T, ct, and) SGK__TREE(T, ct, or) SGK__TREE(T, ct, xor)
SGK__TYPES_ALL(SGK__TREES, ~)
SGK__TYPES_INT(SGK__TREES_INT, ~)

/* ---- conversions and bit casts ---------------------------------------------------------------
 * A conversion runs lane by lane with the element rule unless the core has it: SGK__NATIVE_CVTS
 * defined as SGK__YES says it has all of them but those it marks SGK__LANEWISE_CVT_<to>_<from>. */
#define SGK__CVT_LANEWISE_0(TO, FROM)                                                              \
  SGK_INLINE sgk_##TO sgk_cvt_##TO##_##FROM(sgk_##FROM a) {                                        \
    __typeof__(sgk_extract_##FROM(a, 0)) x[SGK_W];                                                 \
    __typeof__(sgk_extract_##TO(sgk_splat_##TO(0), 0)) y[SGK_W];                                   \
    sgk__storeu_##FROM(x, a);                                                                      \
    for (int i = 0; i < SGK_W; ++i) y[i] = sgk__cvt1_##TO##_##FROM(x[i]);                          \
    return sgk__loadu_##TO(y);                                                                     \
  }
#define SGK__CVT_LANEWISE_1(TO, FROM) /* the core's own */
#define SGK__CVT_PICK_0_0 SGK__CVT_LANEWISE_0
#define SGK__CVT_PICK_0_1 SGK__CVT_LANEWISE_0
#define SGK__CVT_PICK_1_0 SGK__CVT_LANEWISE_1
#define SGK__CVT_PICK_1_1 SGK__CVT_LANEWISE_0
#define SGK__CVT_PICK(native, lanewise) SGK__CAT(SGK__CAT(SGK__CVT_PICK_, native), SGK__CAT(_, lanewise))
#define SGK__CVT(TO, FROM)                                                                        \
  SGK__CVT_PICK(SGK__IS_YES(SGK__NATIVE_CVTS), SGK__IS_YES(SGK__LANEWISE_CVT_##TO##_##FROM))(TO, FROM)
SGK_CONTRACT_CVTS(SGK__CVT)

/* Same size by construction (W lanes of the same width); the copy compiles to nothing. */
#define SGK__CAST(TO, FROM)                                                                        \
  SGK_INLINE sgk_##TO sgk_as_##TO##_##FROM(sgk_##FROM a) {                                         \
    sgk_##TO r;                                                                                    \
    memcpy(&r, &a, sizeof r);                                                                      \
    return r;                                                                                      \
  }
SGK_CONTRACT_CASTS(SGK__CAST)

/* ---- local atomics ---------------------------------------------------------------------------
 * One thread owns the work-group, so a read-modify-write needs no atomicity; lanes that hit one
 * address are applied one after another in lane order, so nothing is lost. Computed in the
 * element rules (wrapping, through the unsigned type). */
typedef enum sgk__rmw {
#define SGK__RMW_ENUM(op, OP) SGK__RMW_##OP,
  SGK_CONTRACT_RMW_OPS(SGK__RMW_ENUM)
#undef SGK__RMW_ENUM
} sgk__rmw;

/* op(a, b) for a read-modify-write operator: on elements (sgk__apply1_<t>, pasting
 * sgk__<op>1_<t>) and on registers (sgk__r_apply_<t>, pasting sgk__r_<op>_<t>). */
#define SGK__RMW_APPLY(name, V, PREFIX, SUFFIX)                                                   \
  SGK_INLINE V name(sgk__rmw op, V a, V b) {                                                     \
    switch (op) {                                                                                \
      case SGK__RMW_ADD: return PREFIX##add##SUFFIX(a, b);                                       \
      case SGK__RMW_MIN: return PREFIX##min##SUFFIX(a, b);                                       \
      case SGK__RMW_MAX: return PREFIX##max##SUFFIX(a, b);                                       \
      case SGK__RMW_AND: return PREFIX##and##SUFFIX(a, b);                                       \
      case SGK__RMW_OR: return PREFIX##or##SUFFIX(a, b);                                         \
      case SGK__RMW_XOR: break;                                                                  \
    }                                                                                            \
    return PREFIX##xor##SUFFIX(a, b);                                                            \
  }
#define SGK__APPLY1(T, ct, ...)                                                                   \
  SGK__RMW_APPLY(sgk__apply1_##T, ct, sgk__, 1_##T)                                              \
  SGK__RMW_APPLY(sgk__r_apply_##T, sgk__v_##T, sgk__r_, _##T)
SGK__TYPES_INT(SGK__APPLY1, ~)

/* The value an atomic leaves, sgk__atomic1_<t>(op, old, v): op(old, v) for an operator of
 * sgk__rmw (floats: add, min, max), v for SGK__ATOMIC_XCHG, an exchange. */
#define SGK__ATOMIC_XCHG 6
#define SGK__ATOMIC1_INT(T, ct, ...)                                                               \
  SGK_INLINE ct sgk__atomic1_##T(int op, ct a, ct b) {                                             \
    return op == SGK__ATOMIC_XCHG ? b : sgk__apply1_##T((sgk__rmw)op, a, b);                       \
  }
SGK__TYPES_INT(SGK__ATOMIC1_INT, ~)
#define SGK__ATOMIC1_FLOAT(T, ct, ...)                                                             \
  SGK_INLINE ct sgk__atomic1_##T(int op, ct a, ct b) {                                             \
    switch (op) {                                                                                  \
      case SGK__RMW_ADD: return sgk__add1_##T(a, b);                                               \
      case SGK__RMW_MIN: return sgk__min1_##T(a, b);                                               \
      case SGK__RMW_MAX: return sgk__max1_##T(a, b);                                               \
      default: return b;                                                                           \
    }                                                                                              \
  }
SGK__TYPES_FLOAT(SGK__ATOMIC1_FLOAT, ~)

/* The one lane-wise worker of every local atomic: sgk__local_lanes_<t>(m, base, idx, v, op, keep)
 * applies op lane by lane in lane order, when every lane is active as a counted loop the
 * compiler unrolls, and returns each active lane's old value (0 in the others) if keep (a
 * constant: without it no old value is stored, which the compiler does not always see for
 * itself); sgk__local_fetch_<t> keeps them. The counted loop reads the indices two lanes at a
 * time as one 64-bit word: the compiler then moves pairs out of the vector (vmovq/vpextrq, split
 * in a general register) instead of one extraction per lane, which bounds the lane-serial update
 * on x86 (the SLM histogram's update: 1.3x on an Intel Xeon, family 6 model 207). The lanes go
 * in runs of eight (SGK__PAIR_RUN), every pair of a run read before the run's first update: the
 * compiler then issues those extractions ahead of the read-modify-writes instead of one pair's
 * between the previous pair's (a one-thread probe of the histogram's update at W 8, same Xeon:
 * 0.87 against 0.97 TSC ticks an update). Runs, not the whole sub-group: with all W / 2 pairs
 * held at once GCC ran out of general registers at W 32 and moved pairs out of the vector twice
 * (hist_slm at avx512 W 32 0.75x the pair-by-pair order on an AMD EPYC Zen 4, family 25 model
 * 17; runs of eight 0.95x it, avx512 W 16 1.07x, avx2 W 8 1.11x). The pairs are copied one by
 * one: from one memcpy of the whole array GCC 12 went back to extracting each pair between the
 * previous pair's updates (by the disassembly of hist_slm). The lanes go to memory only on the
 * masked path: spilled before the branch, the full path's two dead vector stores stayed
 * (hist_slm 1.04-1.08x without them at avx2 W 8/16 and avx512 W 8, same Xeon). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define SGK__PAIR_FIRST_SHIFT 32
#else
#define SGK__PAIR_FIRST_SHIFT 0
#endif
#ifndef SGK__PAIR_RUN /* a backend may set its own (a multiple of 2 dividing SGK_W) */
#define SGK__PAIR_RUN 8 /* lanes; SGK_W is 8, 16 or 32 */
#endif
_Static_assert(SGK__PAIR_RUN >= 2 && SGK__PAIR_RUN % 2 == 0 && SGK_W % SGK__PAIR_RUN == 0,
               "SGK__PAIR_RUN must be a multiple of 2 that divides SGK_W");
#define SGK__LOCAL_LANES(T, ct, ...)                                                               \
  SGK_INLINE ct sgk__local1_##T(ct *p, ct x, int op) {                                             \
    const ct old = *p;                                                                             \
    *p = sgk__atomic1_##T(op, old, x);                                                             \
    return old;                                                                                    \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk__local_lanes_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v, int op,    \
                                          bool keep) {                                             \
    int32_t at[SGK_W];                                                                             \
    ct x[SGK_W], old[SGK_W] = {0};                                                                 \
    if (sgk_mask_bits(m) == SGK__ALL_LANES) {                                                      \
      sgk__spill_##T(idx, v, at, x);                                                               \
      _Pragma("GCC unroll 4") for (uint32_t c = 0; c < SGK_W; c += SGK__PAIR_RUN) {                \
        uint64_t pr[SGK__PAIR_RUN / 2];                                                            \
        for (uint32_t i = 0; i < SGK__PAIR_RUN / 2; i++)                                           \
          memcpy(pr + i, at + c + 2 * i, sizeof pr[i]);                                            \
        for (uint32_t i = 0; i < SGK__PAIR_RUN; i += 2) {                                          \
          const int32_t first = (int32_t)(uint32_t)(pr[i / 2] >> SGK__PAIR_FIRST_SHIFT);           \
          const int32_t second = (int32_t)(uint32_t)(pr[i / 2] >> (32 - SGK__PAIR_FIRST_SHIFT));   \
          const ct o0 = sgk__local1_##T(base + first, x[c + i], op);                               \
          const ct o1 = sgk__local1_##T(base + second, x[c + i + 1], op);                          \
          if (keep) old[c + i] = o0, old[c + i + 1] = o1;                                          \
        }                                                                                          \
      }                                                                                            \
    } else {                                                                                       \
      sgk__spill_##T(idx, v, at, x);                                                               \
      SGK__FOR_LANES(m, i) {                                                                       \
        const ct o = sgk__local1_##T(base + at[i], x[i], op);                                      \
        if (keep) old[i] = o;                                                                      \
      }                                                                                            \
    }                                                                                              \
    return keep ? sgk__loadu_##T(old) : v;                                                         \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk__local_fetch_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v, int op) {  \
    return sgk__local_lanes_##T(m, base, idx, v, op, true);                                        \
  }
SGK__TYPES_ALL(SGK__LOCAL_LANES, ~)
/* sgk_private_add_<t> lane by lane (sgk/kernel.h): a private array's lanes never share an element,
 * so nothing orders them, and here each pair of indices is read just before its two updates.
 * Reading the pairs ahead in runs, as the local atomics above do, cost the private histogram
 * 3-8% on an AMD EPYC Zen 4 (family 25 model 17: hist/private 0.92-0.97x at avx2 and avx512
 * W 8/16/32); on Intel the W 16 and 32 private adds take the scatter instead. */
/* The whole-lanes test stays a run-time one even where the mask is a constant (a work-group of
 * whole sub-groups, sgk/kernel.h): with it folded, GCC 12 extracts all W lanes' addresses ahead
 * of their updates and spills them (hist/private avx2 W 32 on Zen 3: 0.64x). */
SGK_INLINE uint32_t sgk__opaque_bits(uint32_t bits) {
#if defined(__GNUC__)
  __asm__("" : "+r"(bits));
#endif
  return bits;
}
#define SGK__PRIVATE_LANES(T, ct, ...)                                                             \
  SGK_INLINE void sgk__private_lanes_add_##T(sgk_mask m, ct *a, sgk_i32 idx, sgk_##T v) {          \
    int32_t at[SGK_W];                                                                             \
    ct x[SGK_W];                                                                                   \
    if (sgk__opaque_bits(sgk_mask_bits(m)) == SGK__ALL_LANES) {                                    \
      sgk__spill_##T(idx, v, at, x);                                                               \
      for (uint32_t i = 0; i < SGK_W; i += 2) {                                                    \
        uint64_t pr;                                                                               \
        memcpy(&pr, at + i, sizeof pr);                                                            \
        const int32_t first = (int32_t)(uint32_t)(pr >> SGK__PAIR_FIRST_SHIFT);                    \
        const int32_t second = (int32_t)(uint32_t)(pr >> (32 - SGK__PAIR_FIRST_SHIFT));            \
        (void)sgk__local1_##T(a + first, x[i], SGK__RMW_ADD);                                      \
        (void)sgk__local1_##T(a + second, x[i + 1], SGK__RMW_ADD);                                 \
      }                                                                                            \
    } else {                                                                                       \
      sgk__spill_##T(idx, v, at, x);                                                               \
      SGK__FOR_LANES(m, i) { (void)sgk__local1_##T(a + at[i], x[i], SGK__RMW_ADD); }               \
    }                                                                                              \
  }
SGK__TYPES_ALL(SGK__PRIVATE_LANES, ~)
/* The contract's local atomics through it (floats too: sgk/kernel.h calls them for every type) */
#define SGK__LOCAL_LANEWISE(T, ct, ...)                                                            \
  SGK_INLINE void sgk__local_rmw_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v, sgk__rmw op) {  \
    (void)sgk__local_lanes_##T(m, base, idx, v, (int)op, false);                                   \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk__local_fetch_add_##T(sgk_mask m, ct *base, sgk_i32 idx, sgk_##T v) {      \
    return sgk__local_fetch_##T(m, base, idx, v, SGK__RMW_ADD);                                    \
  }
#ifndef SGK__NATIVE_LOCAL_ATOMICS_32
SGK__LOCAL_LANEWISE(i32, int32_t)
SGK__LOCAL_LANEWISE(u32, uint32_t)
#endif
SGK__LOCAL_LANEWISE(i64, int64_t)
SGK__LOCAL_LANEWISE(u64, uint64_t)
SGK__TYPES_FLOAT(SGK__LOCAL_LANEWISE, ~)

/* ---- sycl::vec<T, n> memory of a full sub-group --------------------------------------------
 * sgk__vec_load_full_<t>(p, n, s, out): for n a power of two <= 8, element k of row i (the W
 * rows of n elements at p, s apart: SGK__ROW_AT) goes to lane i of out[k];
 * sgk__vec_store_full_<t>(p, n, s, in) is the inverse; sgk__vec16_load_<t>(p, out) /
 * sgk__vec16_store_<t>(p, in) move n = 16 (rows 16 apart). A core announcing
 * SGK__NATIVE_VEC_MEMORY takes s == n, or n == 8 and s == 16, through register q's part alone
 * (SGK__VEC_BY_REG) and instantiates the drivers below. Here s == n only: by
 * whole-value permutes of the n contiguous vectors (element e = i n + k sits in vector e / W,
 * lane e % W), or element by element where a register is one lane (the scalar core, whose
 * permutes are lane loops); n = 16 as two of n = 8 through contiguous row buffers, each
 * work-item's 16 moved together (the scalar core's element moves straight to rows 16 apart ran
 * init/wi at 0.27-0.57x, copy/wi W 8 at 1.3x, on AMD Zen 5: GCC keeps the buffers' row copies
 * as vectors). */
#ifndef SGK__NATIVE_VEC_MEMORY
#define SGK__LOG2_W (SGK_W == 8 ? 3u : SGK_W == 16 ? 4u : 5u)
#define SGK__VEC_MEMORY(T, ct, ...)                                                                \
  SGK_INLINE void sgk__vec_load_full_##T(const ct *p, int n, int s, sgk_##T *out) {                \
    (void)s; /* == n */                                                                            \
    if (SGK__RL(T) == 1) {                                                                         \
      for (int k = 0; k < n; ++k)                                                                  \
        SGK__FOR(SGK__NR(T), i) out[k].r[i] = sgk__r_splat_##T(p[i * n + k]);                      \
      return;                                                                                      \
    }                                                                                              \
    sgk_##T v[8];                                                                                  \
    for (int r = 0; r < n; ++r) v[r] = sgk__loadu_##T(p + (size_t)r * SGK_W);                      \
    const sgk_u32 e0 = sgk_mul_u32(sgk__iota_u32(), sgk_splat_u32((uint32_t)n));                   \
    for (int k = 0; k < n; ++k) {                                                                  \
      const sgk_u32 e = sgk_add_u32(e0, sgk_splat_u32((uint32_t)k));                               \
      const sgk_u32 reg = sgk_shr_u32(e, SGK__LOG2_W);                                             \
      sgk_##T x = sgk__permute_##T(v[0], e);                                                       \
      for (int r = 1; r < n; ++r)                                                                  \
        x = sgk_select_##T(sgk_eq_u32(reg, sgk_splat_u32((uint32_t)r)),                            \
                           sgk__permute_##T(v[r], e), x);                                          \
      out[k] = x;                                                                                  \
    }                                                                                              \
  }                                                                                                \
  SGK_INLINE void sgk__vec_store_full_##T(ct *p, int n, int s, const sgk_##T *in) {                \
    (void)s; /* == n */                                                                            \
    const int log2n = SGK__LOG2_N(n);                                                              \
    if (SGK__RL(T) == 1) {                                                                         \
      SGK__FOR(SGK__NR(T), i)                                                                      \
      for (int k = 0; k < n; ++k) p[i * n + k] = sgk__r_lane0_##T(in[k].r[i]);                     \
      return;                                                                                      \
    }                                                                                              \
    for (int r = 0; r < n; ++r) {                                                                  \
      /* lane t of vector r is element e = r W + t: in[e % n], lane e / n */                       \
      const sgk_u32 e = sgk_add_u32(sgk__iota_u32(), sgk_splat_u32((uint32_t)(r * SGK_W)));        \
      const sgk_u32 lane = sgk_shr_u32(e, (uint32_t)log2n);                                        \
      const sgk_u32 k = sgk_and_u32(e, sgk_splat_u32((uint32_t)n - 1));                            \
      sgk_##T x = sgk__permute_##T(in[0], lane);                                                   \
      for (int j = 1; j < n; ++j)                                                                  \
        x = sgk_select_##T(sgk_eq_u32(k, sgk_splat_u32((uint32_t)j)),                              \
                           sgk__permute_##T(in[j], lane), x);                                      \
      sgk__storeu_##T(p + (size_t)r * SGK_W, x);                                                   \
    }                                                                                              \
  }                                                                                                \
  SGK_INLINE void sgk__vec16_load_##T(const ct *p, sgk_##T *out) {                                 \
    ct lo[8 * SGK_W], hi[8 * SGK_W];                                                               \
    for (int i = 0; i < SGK_W; ++i) {                                                              \
      memcpy(lo + 8 * i, p + 16 * i, 8 * sizeof(ct));                                             \
      memcpy(hi + 8 * i, p + 16 * i + 8, 8 * sizeof(ct));                                          \
    }                                                                                              \
    sgk__vec_load_full_##T(lo, 8, 8, out);                                                         \
    sgk__vec_load_full_##T(hi, 8, 8, out + 8);                                                     \
  }                                                                                                \
  SGK_INLINE void sgk__vec16_store_##T(ct *p, const sgk_##T *in) {                                 \
    ct lo[8 * SGK_W], hi[8 * SGK_W];                                                               \
    sgk__vec_store_full_##T(lo, 8, 8, in);                                                         \
    sgk__vec_store_full_##T(hi, 8, 8, in + 8);                                                     \
    for (int i = 0; i < SGK_W; ++i) {                                                              \
      memcpy(p + 16 * i, lo + 8 * i, 8 * sizeof(ct));                                              \
      memcpy(p + 16 * i + 8, hi + 8 * i, 8 * sizeof(ct));                                          \
    }                                                                                              \
  }
SGK__TYPES_ALL(SGK__VEC_MEMORY, ~)
#else
/* A core's sgk__vec_load_reg_<t>(p, n, s, out, q) moves register q of out[0 .. n - 1], the RL
 * rows q RL .. q RL + RL - 1 (n elements each, s apart); sgk__vec_store_reg_<t>(p, n, s, in, q)
 * is the inverse. SGK__VEC_BY_REG(T, ct, ~) makes the full sub-group's load and store of them,
 * one call per register with a literal index (SGK__EACH_REG): AVX2's loop over the registers
 * was kept by GCC at W 32, every row address computed at run time and the values passed through
 * the stack (AMD Zen 5, init/wi W 32: 1.24-1.28x). A core defining SGK__VEC_REG_LOOP keeps the
 * loop: AVX-512's calls let GCC unroll copy_vec4's loop around them four times, 0.94x at W 32
 * (AMD Zen 5, ten rounds); NEON, measured under qemu only, as it was. */
#ifdef SGK__VEC_REG_LOOP
#define SGK__VEC_EACH_REG(T, f, ...) SGK__FOR(SGK__NR(T), sgk__q) f(__VA_ARGS__, sgk__q)
#else
#define SGK__VEC_EACH_REG SGK__EACH_REG
#endif
#define SGK__VEC_BY_REG(T, ct, ...)                                                                \
  SGK_INLINE void sgk__vec_load_full_##T(const ct *p, int n, int s, sgk_##T *out) {                \
    SGK__VEC_EACH_REG(T, sgk__vec_load_reg_##T, p, n, s, out);                                     \
  }                                                                                                \
  SGK_INLINE void sgk__vec_store_full_##T(ct *p, int n, int s, const sgk_##T *in) {                \
    SGK__VEC_EACH_REG(T, sgk__vec_store_reg_##T, p, n, s, in);                                     \
  }
/* SGK__VEC16_HALVES(T, ct, ~): sgk__vec16_load_<t> / store_<t> move n = 16 as two of n = 8 on
 * the halves of each work-item's 16 (rows 16 apart), in the order the core measured best: all
 * the first halves then all the second, or, where the core defines SGK__VEC16_REG_ORDER,
 * register by register, both halves of one register's rows together. AVX2 (AMD Zen 5, with the
 * calls above): init/wi W 16 / 32 1.06-1.10x / 1.28-1.32x, copy/wi 1.09-1.13x / 1.14-1.15x, the
 * halves first wrote each row's 64 bytes in two visits up to 2 KiB apart at W 32. AVX-512's
 * 64-bit types keep the halves first: a vec<double, 16> copy read 0.83-1.13x (median 0.94x) at
 * W 16 and 0.95-1.01x at W 32 register by register (seven A/B runs). NEON, measured under qemu
 * only, as it was. */
#ifdef SGK__VEC16_REG_ORDER
#define SGK__VEC16_BY_REG 1
#else
#define SGK__VEC16_BY_REG 0
#endif
#define SGK__VEC16_HALVES(T, ct, ...)                                                              \
  SGK_INLINE void sgk__vec16_load_reg_##T(const ct *p, sgk_##T *out, int q) {                      \
    sgk__vec_load_reg_##T(p, 8, 16, out, q);                                                       \
    sgk__vec_load_reg_##T(p + 8, 8, 16, out + 8, q);                                               \
  }                                                                                                \
  SGK_INLINE void sgk__vec16_store_reg_##T(ct *p, const sgk_##T *in, int q) {                      \
    sgk__vec_store_reg_##T(p, 8, 16, in, q);                                                       \
    sgk__vec_store_reg_##T(p + 8, 8, 16, in + 8, q);                                               \
  }                                                                                                \
  SGK_INLINE void sgk__vec16_load_##T(const ct *p, sgk_##T *out) {                                 \
    if (SGK__VEC16_BY_REG) {                                                                       \
      SGK__VEC_EACH_REG(T, sgk__vec16_load_reg_##T, p, out);                                       \
      return;                                                                                      \
    }                                                                                              \
    sgk__vec_load_full_##T(p, 8, 16, out);                                                         \
    sgk__vec_load_full_##T(p + 8, 8, 16, out + 8);                                                 \
  }                                                                                                \
  SGK_INLINE void sgk__vec16_store_##T(ct *p, const sgk_##T *in) {                                 \
    if (SGK__VEC16_BY_REG) {                                                                       \
      SGK__VEC_EACH_REG(T, sgk__vec16_store_reg_##T, p, in);                                       \
      return;                                                                                      \
    }                                                                                              \
    sgk__vec_store_full_##T(p, 8, 16, in);                                                         \
    sgk__vec_store_full_##T(p + 8, 8, 16, in + 8);                                                 \
  }
#endif

#endif /* SGK_ISA_GENERIC_H */
// clang-format on
