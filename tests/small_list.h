/* The ops of the 8- and 16-bit lane types (sgk/small_types.h) the small-types test runs: the
 * kernel side (tests/small_kernels.c) and the plain-C expectations (tests/test_small.c) share
 * this list. X(NAME, CLASS, OUT, kernel expression): CLASS A (every integer type), S (signed
 * only), U (unsigned only); OUT the type the result is stored as: T (the type), I32, U32, F32,
 * SIB (the other signedness), NONE (the expression stores itself into outs). The expressions use
 * x, y, z (inputs), p (a uniform parameter), sg, xs / outs (this sub-group's inputs and
 * outputs), V(op) = sgk_<op>_<T>, N (the type's bits), WIDE (x * 61 + y as i32), FL (WIDE / 8 as
 * f32), MIRROR (lane i <- index size - 1 - i), ONE_IF(mask), SHUFFLE_D (p mod 2 W + 2, within the
 * sub-group's size in a checked build). */
/* X-macro tables: laid out by hand. */
// clang-format off
#ifndef SGK_TEST_SMALL_LIST_H
#define SGK_TEST_SMALL_LIST_H

#include <stdint.h>

#include "sgk/sgk.h"
#include "shuffle_delta.h"

#define SMALL_FROM_FLOAT_OPS(X)                                                                    \
  X(F2I, A, T, sgk_CVT(f32)(FL)) X(F2I_RTE, A, T, sgk_CVT(f32_rte)(FL))                             \
  X(F2I_RTZ, A, T, sgk_CVT(f32_rtz)(FL)) X(F2I_RTP, A, T, sgk_CVT(f32_rtp)(FL))                     \
  X(F2I_RTN, A, T, sgk_CVT(f32_rtn)(FL)) X(F2I_SAT, A, T, sgk_CVT(f32_sat)(FL))                     \
  X(F2I_SAT_RTE, A, T, sgk_CVT(f32_sat_rte)(FL)) X(F2I_SAT_RTZ, A, T, sgk_CVT(f32_sat_rtz)(FL))     \
  X(F2I_SAT_RTP, A, T, sgk_CVT(f32_sat_rtp)(FL)) X(F2I_SAT_RTN, A, T, sgk_CVT(f32_sat_rtn)(FL))
#define SMALL_GROUP_OPS(X, op, OP)                                                                 \
  X(REDUCE_##OP, A, T, V(splat)(V(reduce_##op)(sg, x)))                                            \
  X(ISCAN_##OP, A, T, V(inclusive_scan_##op)(sg, x))                                               \
  X(ESCAN_##OP, A, T, V(exclusive_scan_##op)(sg, x))
/* lane movement and memory, both lists */
#define SMALL_MOVE_OPS(X)                                                                          \
  X(LOAD_MASKED, A, T, V(load_masked)(sg, V(lt)(x, y), xs))                                        \
  X(GATHER, A, T, V(gather)(sg, xs, MIRROR))                                                       \
  X(STORE_MASKED, A, NONE, (V(store)(sg, outs, V(splat)(7)), V(store_masked)(sg, V(lt)(x, y), outs, y))) \
  X(SCATTER, A, NONE, V(scatter)(sg, outs, MIRROR, y))                                             \
  X(BROADCAST, A, T, V(group_broadcast)(sg, x, p % SGK_W))                                         \
  X(SELECT_FROM, A, T, V(select_from_group)(sg, x, SELECT_IDX))                                    \
  X(SHIFT_LEFT, A, T, V(shift_group_left)(sg, x, p % SGK_W))                                       \
  X(SHIFT_RIGHT, A, T, V(shift_group_right)(sg, x, p % SGK_W))                                     \
  X(PERMUTE_XOR, A, T, V(permute_group_by_xor)(sg, x, p % SGK_W))                                  \
  X(SHUFFLE_DOWN, A, T, V(shuffle_down)(sg, x, y, SHUFFLE_D))                                      \
  X(SHUFFLE_UP, A, T, V(shuffle_up)(sg, x, y, SHUFFLE_D))                                          \
  X(SELECT, A, T, V(select)(V(lt)(x, y), x, z))                                                    \
  X(EQ, A, T, ONE_IF(V(eq)(x, y))) X(NE, A, T, ONE_IF(V(ne)(x, y)))                                \
  X(LT, A, T, ONE_IF(V(lt)(x, y))) X(LE, A, T, ONE_IF(V(le)(x, y)))                                \
  X(GT, A, T, ONE_IF(V(gt)(x, y))) X(GE, A, T, ONE_IF(V(ge)(x, y)))                                \
  X(MIN, A, T, V(min)(x, y)) X(MAX, A, T, V(max)(x, y))                                            \
  X(ADD, A, T, V(add)(x, y)) X(SUB, A, T, V(sub)(x, y)) X(MUL, A, T, V(mul)(x, y))                 \
  X(DIV, A, T, V(div)(x, y)) X(NEG, A, T, V(neg)(x))                                               \
  SMALL_GROUP_OPS(X, add, ADD) SMALL_GROUP_OPS(X, mul, MUL)                                        \
  SMALL_GROUP_OPS(X, min, MIN) SMALL_GROUP_OPS(X, max, MAX)

#define SMALL_INT_OPS(X)                                                                           \
  SMALL_MOVE_OPS(X)                                                                                \
  X(AND, A, T, V(and)(x, y)) X(OR, A, T, V(or)(x, y)) X(XOR, A, T, V(xor)(x, y))                   \
  X(NOT, A, T, V(not)(x)) X(ANDNOT, A, T, V(andnot)(x, y))                                         \
  X(SHL, A, T, V(shl)(x, p % (N + 3))) X(SHR, A, T, V(shr)(x, p % (N + 3)))                        \
  X(SHLV, A, T, V(shlv)(x, y)) X(SHRV, A, T, V(shrv)(x, y))                                        \
  X(ADD_SAT, A, T, V(add_sat)(x, y)) X(SUB_SAT, A, T, V(sub_sat)(x, y))                            \
  X(HADD, A, T, V(hadd)(x, y)) X(RHADD, A, T, V(rhadd)(x, y))                                      \
  X(ABS_DIFF, A, T, V(abs_diff)(x, y))                                                             \
  X(CLAMP, A, T, V(clamp)(x, V(min)(y, z), V(max)(y, z)))                                          \
  X(POPCOUNT, A, T, V(popcount)(x)) X(CLZ, A, T, V(clz)(x)) X(CTZ, A, T, V(ctz)(x))                \
  X(ROTATE, A, T, V(rotate)(x, y)) X(MUL_HI, A, T, V(mul_hi)(x, y))                                \
  X(MAD_HI, A, T, V(mad_hi)(x, y, z))                                                              \
  X(ABS, S, T, ABS_OF(x)) X(AS_SIB, A, SIB, AS_SIB(x))                                             \
  X(TO_I32, A, I32, sgk_CVT_TO(i32)(x)) X(TO_U32, A, U32, sgk_CVT_TO(u32)(x))                      \
  X(TO_F32, A, F32, sgk_CVT_TO(f32)(x))                                                            \
  X(FROM_I32, A, T, sgk_CVT(i32)(WIDE)) X(FROM_I32_SAT, A, T, sgk_CVT(i32_sat)(WIDE))              \
  X(FROM_U32, A, T, sgk_CVT(u32)(sgk_as_u32_i32(WIDE)))                                            \
  X(FROM_U32_SAT, A, T, sgk_CVT(u32_sat)(sgk_as_u32_i32(WIDE)))                                    \
  SMALL_FROM_FLOAT_OPS(X)                                                                          \
  SMALL_GROUP_OPS(X, and, AND) SMALL_GROUP_OPS(X, or, OR) SMALL_GROUP_OPS(X, xor, XOR)

/* half: the move ops and arithmetic above, and its own (K: the f32 factor of F2H) */
#define SMALL_HALF_OPS(X)                                                                          \
  SMALL_MOVE_OPS(X)                                                                                \
  X(SQRT, A, T, V(sqrt)(x)) X(FMA, A, T, V(fma)(x, y, z)) X(ABS, A, T, V(abs)(x))                  \
  X(STORE, A, T, x) X(AS_U16, A, SIB, sgk_as_u16_f16(x))                                           \
  X(TO_F32, A, F32, sgk_cvt_f32_f16(x)) X(TO_I32, A, I32, sgk_cvt_i32_f16(x))                      \
  X(F2H, A, T, sgk_cvt_f16_f32(sgk_mul_f32(sgk_cvt_f32_f16(x), sgk_splat_f32(HALF_K(p)))))         \
  X(F2H_BITS, A, T, sgk_cvt_f16_f32(sgk_as_f32_u32(HALF_BITS(x, y, p))))                           \
  X(I2H, A, T, sgk_cvt_f16_i32(HALF_WIDE(x)))

enum small_type { ST_I8, ST_U8, ST_I16, ST_U16, ST_F16, ST_COUNT };
enum small_int_op {
#define SMALL_ENUM(name, cls, out, expr) SI_##name,
  SMALL_INT_OPS(SMALL_ENUM) SI_COUNT
};
#undef SMALL_ENUM
enum small_half_op {
#define SMALL_ENUM(name, cls, out, expr) SH_##name,
  SMALL_HALF_OPS(SMALL_ENUM) SH_COUNT
#undef SMALL_ENUM
};

struct small_args {
  int type, op;
  uint32_t p;
  const void *x, *y, *z;
  void *out;
};

/* the f32 factor of F2H and the f32 bits F2H_BITS converts (from x's and y's bits; a tie of
 * the rounding where p is odd) */
#define HALF_K(p) (1.3f + (float)((p) % 7) * 0.1171875f)
static inline uint32_t half_bits_of(uint32_t xb, uint32_t yb, uint32_t p) {
  return (xb << 16) | ((p & 1) ? ((yb & ~0x1fffu) | 0x1000u) : yb);
}

#endif
// clang-format on
