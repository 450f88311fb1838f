/* The small-types test kernel (tests/small_list.h): each work-item loads x, y, z of the type at its
 * global linear id, applies one op and stores the result. */
/* op semantics, not the work-group loops (test_kernels, test_traps, test_runtime): one loop a
 * variant, about 0.6x the compile time */
#define SGK_COMPACT_VARIANTS 1
#include "sgk/kernel.h"
#include "small_list.h"

#define V(op) SGK__CAT(SGK__CAT(sgk_, op), SGK__CAT(_, T))
#define VT SGK__CAT(sgk_, T)
#define sgk_CVT(from) SGK__CAT(SGK__CAT(sgk_cvt_, T), SGK__CAT(_, from))
#define sgk_CVT_TO(to) SGK__CAT(SGK__CAT(sgk_cvt_, to), SGK__CAT(_, T))
#define ONE_IF(m) V(select)(m, V(splat)(1), V(splat)(0))
#define MIRROR sgk_sub_i32(sgk_splat_i32((int32_t)sg.size - 1), sgk_as_i32_u32(sgk_sg_local_id(sg)))
#define SHUFFLE_D TEST_SHUFFLE_DELTA(p % (2 * SGK_W + 2), sg.size)
#define SELECT_IDX                                                                                 \
  sgk_and_u32(sgk_add_u32(sgk_mul_u32(sgk_sg_local_id(sg), sgk_splat_u32(3)), sgk_splat_u32(p)),   \
              sgk_splat_u32(SGK_W - 1))
#define WIDE sgk_add_i32(sgk_mul_i32(sgk_CVT_TO(i32)(x), sgk_splat_i32(61)), sgk_CVT_TO(i32)(y))
#define FL sgk_mul_f32(sgk_cvt_f32_i32(WIDE), sgk_splat_f32(0.125f))
#define OUT_T(T) SGK__CAT(ct_, T)
typedef int8_t ct_i8;
typedef uint8_t ct_u8;
typedef int16_t ct_i16;
typedef uint16_t ct_u16;
typedef sgk_half ct_f16;
typedef int32_t ct_i32;
typedef uint32_t ct_u32;
typedef float ct_f32;

/* One op per function, kept out of line: a switch over every op inlined into one body took
 * minutes per variant to optimize. Each stores its result as its OUT type. */
#define STORE_AS_T(e) V(store)(sg, outs, e)
#define STORE_AS_SIB(e) SGK__CAT(sgk_store_, SIB)(sg, (OUT_T(SIB) *)a->out + at, e)
#define STORE_AS_I32(e) sgk_store_i32(sg, (int32_t *)a->out + at, e)
#define STORE_AS_U32(e) sgk_store_u32(sg, (uint32_t *)a->out + at, e)
#define STORE_AS_F32(e) sgk_store_f32(sg, (float *)a->out + at, e)
#define STORE_AS_NONE(e) (void)(e)
#define OP_FN(name) SGK__CAT(SGK__CAT(small_, T), SGK__CAT(_, name))
#define DEFINE_OP(name, cls, outk, expr)                                                           \
  __attribute__((noinline)) static void OP_FN(name)(sgk_sg sg, const struct small_args *a,         \
                                                    size_t at, uint32_t p) {                       \
    const OUT_T(T) *xs = (const OUT_T(T) *)a->x + at;                                              \
    OUT_T(T) *outs = (OUT_T(T) *)a->out + at;                                                      \
    const VT x = V(load)(sg, xs);                                                                  \
    const VT y = V(load)(sg, (const OUT_T(T) *)a->y + at);                                         \
    const VT z = V(load)(sg, (const OUT_T(T) *)a->z + at);                                         \
    (void)x, (void)y, (void)z, (void)p, (void)xs, (void)outs;                                      \
    STORE_AS_##outk(expr);                                                                         \
  }
#define CASE(name, cls, out, expr)                                                                 \
  case PFX(name):                                                                                  \
    OP_FN(name)(sg, a, at, p);                                                                     \
    break;

#define SMALL_BODY(OPS)                                                                            \
  SGK_FOR_EACH_SUBGROUP(wg, sg) {                                                                  \
    const size_t at = sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first;             \
    switch (a->op) { OPS(CASE) default : break; }                                                  \
  }

/* the integer types */
#define PFX(name) SI_##name
#define INT_KERNEL(T_)                                                                             \
  SMALL_INT_OPS(DEFINE_OP)                                                                         \
  SGK_INLINE void small_##T_(const sgk_wg *wg, const struct small_args *a, uint32_t p) {           \
    SMALL_BODY(SMALL_INT_OPS)                                                                      \
  }

#define T i8
#define SIB u8
#define N 8
#define ABS_OF(x) sgk_abs_i8(x)
#define AS_SIB(x) sgk_as_u8_i8(x)
INT_KERNEL(i8)
#undef T
#undef SIB
#undef N
#undef ABS_OF
#undef AS_SIB
#define T u8
#define SIB i8
#define N 8
#define ABS_OF(x) (x)
#define AS_SIB(x) sgk_as_i8_u8(x)
INT_KERNEL(u8)
#undef T
#undef SIB
#undef N
#undef ABS_OF
#undef AS_SIB
#define T i16
#define SIB u16
#define N 16
#define ABS_OF(x) sgk_abs_i16(x)
#define AS_SIB(x) sgk_as_u16_i16(x)
INT_KERNEL(i16)
#undef T
#undef SIB
#undef N
#undef ABS_OF
#undef AS_SIB
#define T u16
#define SIB i16
#define N 16
#define ABS_OF(x) (x)
#define AS_SIB(x) sgk_as_i16_u16(x)
INT_KERNEL(u16)
#undef T
#undef SIB
#undef N
#undef ABS_OF
#undef AS_SIB
#undef PFX

/* half */
#define PFX(name) SH_##name
#define T f16
#define SIB u16
#define HALF_WIDE(x)                                                                               \
  sgk_mul_i32(sgk_sub_i32(sgk_cvt_i32_u16(sgk_as_u16_f16(x)), sgk_splat_i32(40000)),               \
              sgk_splat_i32(3))
#define HALF_BITS(x, y, p)                                                                         \
  sgk_or_u32(sgk_shl_u32(sgk_cvt_u32_u16(sgk_as_u16_f16(x)), 16),                                  \
             (p & 1) ? sgk_or_u32(sgk_and_u32(sgk_cvt_u32_u16(sgk_as_u16_f16(y)),                  \
                                              sgk_splat_u32(~0x1fffu)),                            \
                                  sgk_splat_u32(0x1000u))                                          \
                     : sgk_cvt_u32_u16(sgk_as_u16_f16(y)))
SMALL_HALF_OPS(DEFINE_OP)
SGK_INLINE void small_f16(const sgk_wg *wg, const struct small_args *a,
                          uint32_t p){SMALL_BODY(SMALL_HALF_OPS)}

SGK_KERNEL(small_ops, struct small_args, a, wg) {
  switch (a->type) {
    case ST_I8: small_i8(wg, a, a->p); break;
    case ST_U8: small_u8(wg, a, a->p); break;
    case ST_I16: small_i16(wg, a, a->p); break;
    case ST_U16: small_u16(wg, a, a->p); break;
    default: small_f16(wg, a, a->p); break;
  }
}
