/* Element semantics of the integer and float ops, one lane at a time: the spec that the scalar
 * backend applies lane by lane and that SIMD backends use for the few ops they run lane-wise
 * (integer division, AVX2 scatters). */
#ifndef SGK_ISA_ELEM_H
#define SGK_ISA_ELEM_H

#include <math.h>
#include <stdint.h>

/* ---- element semantics, one lane (the spec of every op) ---- */
#define SGK__ELEM_INT(T, ct, ut, bits, MINV, SIGNED)                                             \
  SGK_INLINE ct sgk__add1_##T(ct a, ct b) { return (ct)((ut)a + (ut)b); }                    \
  SGK_INLINE ct sgk__sub1_##T(ct a, ct b) { return (ct)((ut)a - (ut)b); }                    \
  SGK_INLINE ct sgk__mul1_##T(ct a, ct b) { return (ct)((ut)a * (ut)b); }                    \
  SGK_INLINE ct sgk__div1_##T(ct a, ct b) {                                                  \
    if (b == 0) return 0;                                                                       \
    if (SIGNED && a == (ct)(MINV) && b == (ct)-1) return a;                                     \
    return a / b;                                                                               \
  }                                                                                             \
  SGK_INLINE ct sgk__neg1_##T(ct a) { return (ct)(0 - (ut)a); }                              \
  SGK_INLINE ct sgk__min1_##T(ct a, ct b) { return a < b ? a : b; }                          \
  SGK_INLINE ct sgk__max1_##T(ct a, ct b) { return a > b ? a : b; }                          \
  SGK_INLINE ct sgk__and1_##T(ct a, ct b) { return a & b; }                                  \
  SGK_INLINE ct sgk__or1_##T(ct a, ct b) { return a | b; }                                   \
  SGK_INLINE ct sgk__xor1_##T(ct a, ct b) { return a ^ b; }                                  \
  SGK_INLINE ct sgk__shl1_##T(ct a, uint64_t n) { return n >= bits ? 0 : (ct)((ut)a << n); } \
  SGK__CAT(SGK__SHR1_, SIGNED)(T, ct, ut, bits)

/* Arithmetic shift without shifting a negative value (implementation-defined in C). */
#define SGK__SHR1_1(T, ct, ut, bits)                                                             \
  SGK_INLINE ct sgk__shr1_##T(ct a, uint64_t n) {                                            \
    const uint64_t k = n >= bits ? bits - 1 : n;                                                \
    return a < 0 ? (ct)~(~a >> k) : (ct)(a >> k);                                               \
  }
#define SGK__SHR1_0(T, ct, ut, bits)                                                             \
  SGK_INLINE ct sgk__shr1_##T(ct a, uint64_t n) { return n >= bits ? 0 : (ct)(a >> n); }

#define SGK__ELEM_FLOAT(T, ct, SQRT, FMA)                                                        \
  SGK_INLINE ct sgk__add1_##T(ct a, ct b) { return a + b; }                                  \
  SGK_INLINE ct sgk__sub1_##T(ct a, ct b) { return a - b; }                                  \
  SGK_INLINE ct sgk__mul1_##T(ct a, ct b) { return a * b; }                                  \
  SGK_INLINE ct sgk__div1_##T(ct a, ct b) { return a / b; }                                  \
  SGK_INLINE ct sgk__neg1_##T(ct a) { return -a; }                                           \
  SGK_INLINE ct sgk__min1_##T(ct a, ct b) { return a < b ? a : b; }                          \
  SGK_INLINE ct sgk__max1_##T(ct a, ct b) { return a > b ? a : b; }                          \
  SGK_INLINE ct sgk__sqrt1_##T(ct a) { return SQRT(a); }                                     \
  SGK_INLINE ct sgk__fma1_##T(ct a, ct b, ct c) { return FMA(a, b, c); }

SGK__ELEM_INT(i32, int32_t, uint32_t, 32, INT32_MIN, 1)
SGK__ELEM_INT(u32, uint32_t, uint32_t, 32, 0, 0)
SGK__ELEM_INT(i64, int64_t, uint64_t, 64, INT64_MIN, 1)
SGK__ELEM_INT(u64, uint64_t, uint64_t, 64, 0, 0)
SGK__ELEM_FLOAT(f32, float, sqrtf, fmaf)
SGK__ELEM_FLOAT(f64, double, sqrt, fma)


/* Runs an op lane by lane through memory, for ops with no vector instruction. */
#define SGK__LANEWISE_BINARY(T, ct, op)                                                           \
  SGK_INLINE sgk_##T sgk_##op##_##T(sgk_##T a, sgk_##T b) {                                   \
    ct x[SGK_W], y[SGK_W];                                                                       \
    sgk__storeu_##T(x, a);                                                                       \
    sgk__storeu_##T(y, b);                                                                       \
    for (int i = 0; i < SGK_W; ++i) x[i] = sgk__##op##1_##T(x[i], y[i]);                         \
    return sgk__loadu_##T(x);                                                                    \
  }

#endif
