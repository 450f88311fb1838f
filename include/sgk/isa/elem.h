/* Element semantics, one lane at a time: the spec of every op. The scalar backend is these
 * functions applied lane by lane (its registers are one lane wide); the generic layer uses them
 * for the few ops a SIMD ISA runs lane-wise (integer division, conversions it lacks). */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_ISA_ELEM_H
#define SGK_ISA_ELEM_H

#include <math.h>
#include <stdint.h>

#define SGK__ELEM_INT(T, ct, ut, bits, MINV, SIGNED)                                               \
  SGK_INLINE ct sgk__add1_##T(ct a, ct b) { return (ct)((ut)a + (ut)b); }                          \
  SGK_INLINE ct sgk__sub1_##T(ct a, ct b) { return (ct)((ut)a - (ut)b); }                          \
  SGK_INLINE ct sgk__mul1_##T(ct a, ct b) { return (ct)((ut)a * (ut)b); }                          \
  SGK_INLINE ct sgk__div1_##T(ct a, ct b) {                                                        \
    if (b == 0) return 0;                                                                          \
    if (SIGNED && a == (ct)(MINV) && b == (ct)-1) return a;                                        \
    return a / b;                                                                                  \
  }                                                                                                \
  SGK_INLINE ct sgk__neg1_##T(ct a) { return (ct)(0 - (ut)a); }                                    \
  SGK_INLINE ct sgk__min1_##T(ct a, ct b) { return a < b ? a : b; }                                \
  SGK_INLINE ct sgk__max1_##T(ct a, ct b) { return a > b ? a : b; }                                \
  SGK_INLINE ct sgk__and1_##T(ct a, ct b) { return a & b; }                                        \
  SGK_INLINE ct sgk__or1_##T(ct a, ct b) { return a | b; }                                         \
  SGK_INLINE ct sgk__xor1_##T(ct a, ct b) { return a ^ b; }                                        \
  SGK_INLINE ct sgk__shl1_##T(ct a, uint64_t n) { return n >= bits ? 0 : (ct)((ut)a << n); }       \
  SGK__CAT(SGK__SHR1_, SIGNED)(T, ct, ut, bits)

/* Arithmetic shift without shifting a negative value (implementation-defined in C). */
#define SGK__SHR1_1(T, ct, ut, bits)                                                               \
  SGK_INLINE ct sgk__shr1_##T(ct a, uint64_t n) {                                                  \
    const uint64_t k = n >= bits ? bits - 1 : n;                                                   \
    return a < 0 ? (ct) ~(~a >> k) : (ct)(a >> k);                                                 \
  }
#define SGK__SHR1_0(T, ct, ut, bits)                                                               \
  SGK_INLINE ct sgk__shr1_##T(ct a, uint64_t n) { return n >= bits ? 0 : (ct)(a >> n); }

#define SGK__ELEM_FLOAT(T, ct, SQRT, FMA, FABS)                                                    \
  SGK_INLINE ct sgk__add1_##T(ct a, ct b) { return a + b; }                                        \
  SGK_INLINE ct sgk__sub1_##T(ct a, ct b) { return a - b; }                                        \
  SGK_INLINE ct sgk__mul1_##T(ct a, ct b) { return a * b; }                                        \
  SGK_INLINE ct sgk__div1_##T(ct a, ct b) { return a / b; }                                        \
  SGK_INLINE ct sgk__neg1_##T(ct a) { return -a; }                                                 \
  SGK_INLINE ct sgk__abs1_##T(ct a) { return FABS(a); }                                            \
  SGK_INLINE ct sgk__min1_##T(ct a, ct b) { return a < b ? a : b; }                                \
  SGK_INLINE ct sgk__max1_##T(ct a, ct b) { return a > b ? a : b; }                                \
  SGK_INLINE ct sgk__sqrt1_##T(ct a) { return SQRT(a); }                                           \
  SGK_INLINE ct sgk__fma1_##T(ct a, ct b, ct c) { return FMA(a, b, c); }

SGK__ELEM_INT(i32, int32_t, uint32_t, 32, INT32_MIN, 1)
SGK__ELEM_INT(u32, uint32_t, uint32_t, 32, 0, 0)
SGK__ELEM_INT(i64, int64_t, uint64_t, 64, INT64_MIN, 1)
SGK__ELEM_INT(u64, uint64_t, uint64_t, 64, 0, 0)
SGK__ELEM_FLOAT(f32, float, sqrtf, fmaf, fabsf)
SGK__ELEM_FLOAT(f64, double, sqrt, fma, fabs)

/* Conversions, one lane: sgk__cvt1_<to>_<from>. Integers wrap when narrowing; float to signed
 * integer truncates, NaN or out of range giving MIN; float to unsigned, MAX. */
#define SGK__CVT1(TO, to_ct, FROM, from_ct, expr)                                                  \
  SGK_INLINE to_ct sgk__cvt1_##TO##_##FROM(from_ct x) { return (expr); }
SGK__CVT1(f32, float, i32, int32_t, (float)x)
SGK__CVT1(f32, float, u32, uint32_t, (float)x)
SGK__CVT1(i32, int32_t, f32, float,
          (x >= -2147483648.0f && x < 2147483648.0f) ? (int32_t)x : INT32_MIN)
SGK__CVT1(u32, uint32_t, f32, float, (x > -1.0f && x < 4294967296.0f) ? (uint32_t)x : UINT32_MAX)
SGK__CVT1(f64, double, f32, float, (double)x)
SGK__CVT1(f32, float, f64, double, (float)x)
SGK__CVT1(f64, double, i32, int32_t, (double)x)
SGK__CVT1(i32, int32_t, f64, double,
          (x > -2147483649.0 && x < 2147483648.0) ? (int32_t)x : INT32_MIN)
SGK__CVT1(i64, int64_t, i32, int32_t, (int64_t)x)
SGK__CVT1(u64, uint64_t, u32, uint32_t, (uint64_t)x)
SGK__CVT1(i32, int32_t, i64, int64_t, (int32_t)(uint32_t)(uint64_t)x)
SGK__CVT1(u32, uint32_t, u64, uint64_t, (uint32_t)x)
SGK__CVT1(f64, double, i64, int64_t, (double)x)
SGK__CVT1(i64, int64_t, f64, double,
          (x >= -9223372036854775808.0 && x < 9223372036854775808.0) ? (int64_t)x : INT64_MIN)

#endif
// clang-format on
