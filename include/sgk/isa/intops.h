/* Integer builtins of OpenCL C (and CUDA's intrinsics), lane-wise for i32 u32 i64 u64, derived
 * from the backend contract's own ops, so every backend and W has them; a core may later replace
 * one with an instruction of its own. Included by sgk/kernel.h after the backend. With N the
 * type's bits, U its unsigned type, every result wraps to the type:
 *   popcount(x)   set bits                     clz(x), ctz(x)  leading / trailing zeros (N for 0)
 *   bit_reverse(x) bit i to bit N-1-i          rotate(x, n)    left by n mod N (OpenCL rotate)
 *   mul_hi(x, y)  high N bits of the 2N-bit product (signed for signed types)
 *   mad_hi(x, y, z) mul_hi(x, y) + z           add_sat, sub_sat  saturating to MIN / MAX
 *   hadd(x, y)    floor((x + y) / 2)           rhadd(x, y)     floor((x + y + 1) / 2), no overflow
 *   abs_diff(x, y) |x - y| as U (OpenCL returns it as the unsigned type; its bits here)
 *   clamp(x, lo, hi) min(max(x, lo), hi)
 *   mul24(x, y)   the product of the low 24 bits of x and y, sign-extended for signed types
 *                 (OpenCL leaves other inputs undefined; this is what sgk gives)
 *   mad24(x, y, z) mul24(x, y) + z */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#ifndef SGK_ISA_INTOPS_H
#define SGK_ISA_INTOPS_H

/* The unsigned type of each integer type, the bit casts to it and back, its MIN and MAX. */
#define SGK__U_i32 u32
#define SGK__U_u32 u32
#define SGK__U_i64 u64
#define SGK__U_u64 u64
#define SGK__TO_U_i32(x) sgk_as_u32_i32(x)
#define SGK__TO_U_u32(x) (x)
#define SGK__TO_U_i64(x) sgk_as_u64_i64(x)
#define SGK__TO_U_u64(x) (x)
#define SGK__FROM_U_i32(x) sgk_as_i32_u32(x)
#define SGK__FROM_U_u32(x) (x)
#define SGK__FROM_U_i64(x) sgk_as_i64_u64(x)
#define SGK__FROM_U_u64(x) (x)
#define SGK__SIGNED_i32 1
#define SGK__SIGNED_u32 0
#define SGK__SIGNED_i64 1
#define SGK__SIGNED_u64 0
#define SGK__MIN_i32 INT32_MIN
#define SGK__MIN_u32 0u
#define SGK__MIN_i64 INT64_MIN
#define SGK__MIN_u64 UINT64_C(0)
#define SGK__MAX_i32 INT32_MAX
#define SGK__MAX_u32 UINT32_MAX
#define SGK__MAX_i64 INT64_MAX
#define SGK__MAX_u64 UINT64_MAX

/* The bit-twiddling ops work on the unsigned type (logical shifts): U-typed bodies. */
#define SGK__UC(U, c) sgk_splat_##U((SGK__CT(U))(c))
#define SGK__INTOPS_U(U, N)                                                                        \
  SGK_INLINE sgk_##U sgk__popcount_##U(sgk_##U x) {                                                \
    x = sgk_sub_##U(x, sgk_and_##U(sgk_shr_##U(x, 1), SGK__UC(U, 0x5555555555555555ull)));        \
    x = sgk_add_##U(sgk_and_##U(x, SGK__UC(U, 0x3333333333333333ull)),                             \
                    sgk_and_##U(sgk_shr_##U(x, 2), SGK__UC(U, 0x3333333333333333ull)));            \
    x = sgk_and_##U(sgk_add_##U(x, sgk_shr_##U(x, 4)), SGK__UC(U, 0x0f0f0f0f0f0f0f0full));        \
    return sgk_shr_##U(sgk_mul_##U(x, SGK__UC(U, 0x0101010101010101ull)), N - 8);                \
  }                                                                                                \
  /* every bit below the highest set one set too: N - popcount of that is clz */                 \
  SGK_INLINE sgk_##U sgk__smear_##U(sgk_##U x) {                                                   \
    for (uint32_t s = 1; s < N; s *= 2) x = sgk_or_##U(x, sgk_shr_##U(x, s));                      \
    return x;                                                                                      \
  }                                                                                                \
  SGK_INLINE sgk_##U sgk__bit_reverse_##U(sgk_##U x) {                                             \
    static const unsigned long long m[5] = {0x5555555555555555ull, 0x3333333333333333ull,          \
                                            0x0f0f0f0f0f0f0f0full, 0x00ff00ff00ff00ffull,          \
                                            0x0000ffff0000ffffull};                                \
    for (uint32_t i = 0, s = 1; s < N; ++i, s *= 2) {                                              \
      const sgk_##U lo = i < 5 ? SGK__UC(U, m[i]) : SGK__UC(U, 0x00000000ffffffffull);             \
      x = sgk_or_##U(sgk_and_##U(sgk_shr_##U(x, s), lo), sgk_shl_##U(sgk_and_##U(x, lo), s));      \
    }                                                                                              \
    return x;                                                                                      \
  }                                                                                                \
  /* the high half of the unsigned product, from N/2-bit halves (N = 64; N = 32 widens) */       \
  SGK_INLINE sgk_##U sgk__mul_hi_u_##U(sgk_##U x, sgk_##U y) {                                     \
    const uint32_t h = N / 2;                                                                      \
    const sgk_##U lo = SGK__UC(U, (N == 64 ? 0xffffffffull : 0xffffull));                         \
    const sgk_##U xl = sgk_and_##U(x, lo), xh = sgk_shr_##U(x, h);                                 \
    const sgk_##U yl = sgk_and_##U(y, lo), yh = sgk_shr_##U(y, h);                                 \
    const sgk_##U ll = sgk_mul_##U(xl, yl), hl = sgk_mul_##U(xh, yl);                              \
    const sgk_##U lh = sgk_mul_##U(xl, yh), hh = sgk_mul_##U(xh, yh);                              \
    const sgk_##U mid = sgk_add_##U(sgk_add_##U(sgk_shr_##U(ll, h), sgk_and_##U(hl, lo)),          \
                                    sgk_and_##U(lh, lo));                                          \
    return sgk_add_##U(sgk_add_##U(hh, sgk_shr_##U(hl, h)),                                        \
                       sgk_add_##U(sgk_shr_##U(lh, h), sgk_shr_##U(mid, h)));                      \
  }
SGK__INTOPS_U(u32, 32)
SGK__INTOPS_U(u64, 64)

#define SGK__INTOPS(T, ct, unused)                                                                 \
  SGK_INLINE sgk_##T sgk_popcount_##T(sgk_##T x) {                                                 \
    return SGK__FROM_U_##T(SGK__CAT(sgk__popcount_, SGK__U_##T)(SGK__TO_U_##T(x)));                \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_clz_##T(sgk_##T x) {                                                      \
    const sgk_##T ones = SGK__FROM_U_##T(SGK__CAT(sgk__smear_, SGK__U_##T)(SGK__TO_U_##T(x)));     \
    return sgk_sub_##T(sgk_splat_##T(SGK__BITS_##T), sgk_popcount_##T(ones));                      \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_ctz_##T(sgk_##T x) { /* the zeros below the lowest set bit, as ones */    \
    const sgk_##T low = sgk_and_##T(x, sgk_neg_##T(x));                                            \
    return sgk_popcount_##T(sgk_sub_##T(low, sgk_splat_##T(1)));                                   \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_bit_reverse_##T(sgk_##T x) {                                              \
    return SGK__FROM_U_##T(SGK__CAT(sgk__bit_reverse_, SGK__U_##T)(SGK__TO_U_##T(x)));             \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_rotate_##T(sgk_##T x, sgk_##T n) {                                        \
    const sgk_##T k = sgk_and_##T(n, sgk_splat_##T(SGK__BITS_##T - 1));                             \
    /* a right shift by N (k = 0) gives 0 (elem.h), so x | 0 = x */                                \
    const SGK__CAT(sgk_, SGK__U_##T) r = SGK__CAT(sgk_shrv_, SGK__U_##T)(                          \
        SGK__TO_U_##T(x), SGK__TO_U_##T(sgk_sub_##T(sgk_splat_##T(SGK__BITS_##T), k)));           \
    return sgk_or_##T(sgk_shlv_##T(x, k), SGK__FROM_U_##T(r));                                     \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_mul_hi_##T(sgk_##T x, sgk_##T y) {                                        \
    const SGK__CAT(sgk_, SGK__U_##T) ux = SGK__TO_U_##T(x), uy = SGK__TO_U_##T(y);                 \
    sgk_##T hi = SGK__FROM_U_##T(SGK__CAT(sgk__mul_hi_u_, SGK__U_##T)(ux, uy));                     \
    if (SGK__SIGNED_##T) { /* signed high half: subtract y where x < 0 and x where y < 0 */      \
      const sgk_##T zero = sgk_splat_##T(0);                                                       \
      hi = sgk_sub_##T(hi, sgk_select_##T(sgk_lt_##T(x, zero), y, zero));                          \
      hi = sgk_sub_##T(hi, sgk_select_##T(sgk_lt_##T(y, zero), x, zero));                          \
    }                                                                                              \
    return hi;                                                                                     \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_mad_hi_##T(sgk_##T x, sgk_##T y, sgk_##T z) {                             \
    return sgk_add_##T(sgk_mul_hi_##T(x, y), z);                                                   \
  }                                                                                                \
  /* signed: where the sign bit of ovf is set, the bound x's sign points to (MIN below zero,       \
   * MAX above), else r */                                                                         \
  SGK_INLINE sgk_##T sgk__saturate_##T(sgk_##T x, sgk_##T ovf, sgk_##T r) {                        \
    const sgk_##T zero = sgk_splat_##T(0);                                                         \
    const sgk_##T bound = sgk_select_##T(sgk_lt_##T(x, zero), sgk_splat_##T(SGK__MIN_##T),         \
                                         sgk_splat_##T(SGK__MAX_##T));                             \
    return sgk_select_##T(sgk_lt_##T(ovf, zero), bound, r);                                        \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_add_sat_##T(sgk_##T x, sgk_##T y) {                                       \
    const sgk_##T s = sgk_add_##T(x, y);                                                           \
    if (!SGK__SIGNED_##T) return sgk_select_##T(sgk_lt_##T(s, x), sgk_splat_##T(SGK__MAX_##T), s); \
    /* overflow: x and y of one sign, s of the other */                                            \
    return sgk__saturate_##T(x, sgk_and_##T(sgk_xor_##T(x, s), sgk_xor_##T(y, s)), s);             \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_sub_sat_##T(sgk_##T x, sgk_##T y) {                                       \
    const sgk_##T d = sgk_sub_##T(x, y);                                                           \
    if (!SGK__SIGNED_##T) return sgk_select_##T(sgk_lt_##T(x, y), sgk_splat_##T(0), d);            \
    /* overflow: x and y of different signs, d not of x's */                                       \
    return sgk__saturate_##T(x, sgk_and_##T(sgk_xor_##T(x, y), sgk_xor_##T(x, d)), d);             \
  }                                                                                                \
  /* halves first (arithmetic shift for signed: floor), then the carry of the low bits */         \
  SGK_INLINE sgk_##T sgk_hadd_##T(sgk_##T x, sgk_##T y) {                                          \
    return sgk_add_##T(sgk_add_##T(sgk_shr_##T(x, 1), sgk_shr_##T(y, 1)),                          \
                       sgk_and_##T(sgk_and_##T(x, y), sgk_splat_##T(1)));                          \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_rhadd_##T(sgk_##T x, sgk_##T y) {                                         \
    return sgk_add_##T(sgk_add_##T(sgk_shr_##T(x, 1), sgk_shr_##T(y, 1)),                          \
                       sgk_and_##T(sgk_or_##T(x, y), sgk_splat_##T(1)));                           \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_abs_diff_##T(sgk_##T x, sgk_##T y) {                                      \
    return sgk_sub_##T(sgk_max_##T(x, y), sgk_min_##T(x, y));                                      \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_clamp_##T(sgk_##T x, sgk_##T lo, sgk_##T hi) {                            \
    return sgk_min_##T(sgk_max_##T(x, lo), hi);                                                    \
  }                                                                                                \
  /* the low 24 bits, extended by the type's own right shift (arithmetic when signed) */          \
  SGK_INLINE sgk_##T sgk__low24_##T(sgk_##T x) {                                                   \
    return sgk_shr_##T(sgk_shl_##T(x, SGK__BITS_##T - 24), SGK__BITS_##T - 24);                   \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_mul24_##T(sgk_##T x, sgk_##T y) {                                         \
    return sgk_mul_##T(sgk__low24_##T(x), sgk__low24_##T(y));                                      \
  }                                                                                                \
  SGK_INLINE sgk_##T sgk_mad24_##T(sgk_##T x, sgk_##T y, sgk_##T z) {                              \
    return sgk_add_##T(sgk_mul24_##T(x, y), z);                                                    \
  }
SGK__TYPES_INT(SGK__INTOPS, ~)

#endif
// clang-format on
