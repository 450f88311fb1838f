/* The scalar reference backend: a register is one lane, a plain C value, and every register op is
 * the element rule of sgk/isa/elem.h. The generic layer lifts these to W lanes, so the scalar
 * backend is the contract's semantics written out: the oracle every SIMD backend is tested against
 * bit for bit. It pins down:
 *   - integer arithmetic wraps (two's complement); integer division by 0 gives 0, MIN / -1 = MIN;
 *   - shifts by >= the bit width give 0 (logical) or the sign fill (arithmetic);
 *   - min(a, b) = a < b ? a : b and max(a, b) = a > b ? a : b (also for floats and NaN);
 *   - float -> signed int truncates; NaN or out of range gives the type's MIN;
 *     float -> unsigned int truncates; NaN or out of range gives the type's MAX;
 *   - reduce_full: the tree v[i] = op(v[i], v[i + s]) for s = W/2 .. 1, result v[0];
 *   - scan_full: Hillis-Steele, v[i] = op(v[i - d], v[i]) for d = 1, 2, .. W/2.
 * Included by sgk/kernel.h for the scalar variants; never directly. */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_ISA_SCALAR_H
#define SGK_ISA_SCALAR_H

#include <stdint.h>

#include "sgk/isa/elem.h"
#include "sgk/isa/types.h"

/* ---- the SLEEF binding (sgk/isa/math.h): SLEEF's scalar (purec) functions, one lane per call,
 * so that the oracle's answers are SLEEF's like every other backend's ------------------------- */
#include <sleef.h>
#define SGK__SLEEF_f32(fn, acc) Sleef_##fn##f1_##acc##purec
#define SGK__SLEEF_f64(fn, acc) Sleef_##fn##d1_##acc##purec
typedef Sleef_float_2 sgk__sleef2_f32;
typedef Sleef_double_2 sgk__sleef2_f64;
typedef int32_t sgk__sleef_vi64;
#define sgk__sleef_vi64_load(p) (*(p))
#define sgk__sleef_vi64_store(p, v) (*(p) = (v))

#define SGK__RL32 1
#define SGK__RL64 1
#define SGK__REGS 16 /* a lane per scalar register: what a compiler can keep without spills */
#define SGK__SLIDE_QUARTERS 0 /* a register of one lane has no slide */
#define SGK__MASK_BITS 1

typedef int32_t sgk__v_i32;
typedef uint32_t sgk__v_u32;
typedef float sgk__v_f32;
typedef int64_t sgk__v_i64;
typedef uint64_t sgk__v_u64;
typedef double sgk__v_f64;

#define SGK__SCALAR_R2(T, ct, op)                                                                  \
  SGK_INLINE ct sgk__r_##op##_##T(ct a, ct b) { return sgk__##op##1_##T(a, b); }
#define SGK__SCALAR_CORE(T, ct)                                                                    \
  SGK_INLINE ct sgk__r_loadu_##T(const ct *p) { return *p; }                                       \
  SGK_INLINE void sgk__r_storeu_##T(ct *p, ct v) { *p = v; }                                       \
  SGK_INLINE ct sgk__r_splat_##T(ct x) { return x; }                                               \
  SGK_INLINE ct sgk__r_lane0_##T(ct v) { return v; }                                               \
  SGK_INLINE ct sgk__r_select_##T(uint32_t m, ct a, ct b) { return (m & 1u) ? a : b; }             \
  SGK_INLINE ct sgk__r_slide_##T(ct lo, ct hi, int d) {                                            \
    (void)lo;                                                                                      \
    (void)d;                                                                                       \
    return hi;                                                                                     \
  }                                                                                                \
  SGK_INLINE uint32_t sgk__r_eq_##T(ct a, ct b) { return a == b; }                                 \
  SGK_INLINE uint32_t sgk__r_lt_##T(ct a, ct b) { return a < b; }                                  \
  SGK_INLINE uint32_t sgk__r_le_##T(ct a, ct b) { return a <= b; }                                 \
  SGK__SCALAR_R2(T, ct, add)                                                                       \
  SGK__SCALAR_R2(T, ct, sub) SGK__SCALAR_R2(T, ct, mul) SGK__SCALAR_R2(T, ct, min)                 \
      SGK__SCALAR_R2(T, ct, max)
#define SGK__SCALAR_INT(T, ct, ...)                                                                     \
  SGK__SCALAR_CORE(T, ct)                                                                          \
  SGK__SCALAR_R2(T, ct, and)                                                                       \
  SGK__SCALAR_R2(T, ct, or) SGK__SCALAR_R2(T, ct, xor)                                             \
      SGK_INLINE ct sgk__r_shl_##T(ct a, uint32_t n) {                                             \
    return sgk__shl1_##T(a, n);                                                                    \
  }                                                                                                \
  SGK_INLINE ct sgk__r_shr_##T(ct a, uint32_t n) { return sgk__shr1_##T(a, n); }                   \
  SGK_INLINE ct sgk__r_shlv_##T(ct a, ct n) { return sgk__shl1_##T(a, (uint64_t)n); }              \
  SGK_INLINE ct sgk__r_shrv_##T(ct a, ct n) { return sgk__shr1_##T(a, (uint64_t)n); }
#define SGK__SCALAR_FLOAT(T, ct, ...)                                                                   \
  SGK__SCALAR_CORE(T, ct)                                                                          \
  SGK__SCALAR_R2(T, ct, div)                                                                       \
  SGK_INLINE ct sgk__r_sqrt_##T(ct a) { return sgk__sqrt1_##T(a); }                                \
  SGK_INLINE ct sgk__r_neg_##T(ct a) { return sgk__neg1_##T(a); }                                  \
  SGK_INLINE ct sgk__r_abs_##T(ct a) { return sgk__abs1_##T(a); }                                  \
  SGK_INLINE ct sgk__r_fma_##T(ct a, ct b, ct c) { return sgk__fma1_##T(a, b, c); }

SGK__TYPES_INT(SGK__SCALAR_INT, ~)
SGK__TYPES_FLOAT(SGK__SCALAR_FLOAT, ~)

#endif /* SGK_ISA_SCALAR_H */
// clang-format on
