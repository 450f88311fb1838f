/* One benchmark kernel per element type over the whole backend contract: each work-item applies
 * op `reps` times, feeding its result back, on values kept in registers (tests/contract_ops.inc
 * says how each shape is called). An op added to the contract is benchmarked with no edit here. */
/* X-macro tables and macro bodies: laid out by hand. */
// clang-format off
#include "sgk/kernel.h"
#include "contract_ops.h"
#include "../tests/contract_ops.inc"

#define SPLAT(s) V(splat)(s)
#define ONE_IF(m) V(select)(m, V(splat)(1), V(splat)(0))
#define LANE_MASK(i) sgk_ne_u32(sgk_and_u32(i, sgk_splat_u32(1)), sgk_splat_u32(0))
#define CLASS_ALL 1
#define CLASS_SIGNED 1
#define CASE_IF_0(op, expr)
#define CASE_IF_1(op, expr)                                                                        \
  case SGK_BENCH_OP_##op:                                                                          \
    for (uint32_t r = 0; r < a->reps; ++r) x = expr;                                               \
    break;
#define CASE_IF(on, op, expr) SGK__CAT(CASE_IF_, on)(op, expr)
#define CASE(op, TYPES, SHAPE) CASE_IF(CLASS_##TYPES, op, SGK_TEST_CALL_##SHAPE(V(op)))

#define SGK_BENCH_OPS_KERNEL(T, CT)                                                                \
  SGK_KERNEL(bench_ops_##T, struct bench_op_args, a, wg) {                                         \
    const CT *xs = (const CT *)a->in;                                                              \
    const size_t base0 = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);                     \
    SGK_FOR_EACH_SUBGROUP(wg, sg) {                                                                \
      const size_t base = base0 + sg.first;                                                        \
      const uint32_t p = 3;                                                                        \
      const sgk_##T y = V(load)(sg, xs + base + 1), z = V(load)(sg, xs + base + 2);                \
      const sgk_u32 idx = sgk_and_u32(sgk_load_u32(sg, a->idx + base), sgk_splat_u32(SGK_W - 1));  \
      CT tmp[SGK_W + 4];                                                                           \
      sgk_##T x = V(load)(sg, xs + base);                                                          \
      (void)y;                                                                                     \
      (void)z;                                                                                     \
      (void)idx;                                                                                   \
      (void)p;                                                                                     \
      (void)tmp;                                                                                   \
      switch (a->op) {                                                                             \
        SGK_CONTRACT_OPS(CASE)                                                                     \
        default: break;                                                                            \
      }                                                                                            \
      V(store)(sg, (CT *)a->out + base, x);                                                        \
    }                                                                                              \
  }

#define V(op) SGK__CAT(SGK__CAT(sgk_, op), _i32)
#define CLASS_INT 1
#define CLASS_FLOAT 0
SGK_BENCH_OPS_KERNEL(i32, int32_t)
#undef V
#undef CLASS_INT
#undef CLASS_FLOAT
#define V(op) SGK__CAT(SGK__CAT(sgk_, op), _f32)
#define CLASS_INT 0
#define CLASS_FLOAT 1
SGK_BENCH_OPS_KERNEL(f32, float)
// clang-format on
