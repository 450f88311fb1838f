#include "sgk/kernel.h"
#include "primitives.h"

#define PRIM_BEGIN(name)                                                                           \
  SGK_KERNEL(name, struct prim_args, a, wg) {                                                      \
    const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);                      \
    SGK_FOR_EACH_SUBGROUP(wg, sg) {                                                                \
      sgk_i32 x = sgk_load_i32(sg, a->in + base + sg.first);
#define PRIM_END                                                                                   \
  sgk_store_i32(sg, a->out + base + sg.first, x);                                                  \
  }                                                                                                \
  }

PRIM_BEGIN(prim_block_copy)
for (uint32_t r = 0; r < a->reps; ++r) {
  const size_t at = (base + sg.first + (size_t)r * SGK_W) % (1u << 14);
  sgk_store_i32(sg, a->out + at, sgk_add_i32(x, sgk_load_i32(sg, a->in + at)));
}
PRIM_END

PRIM_BEGIN(prim_broadcast)
for (uint32_t r = 0; r < a->reps; ++r)
  x = sgk_add_i32(x, sgk_group_broadcast_i32(sg, x, r &(SGK_W - 1)));
PRIM_END

PRIM_BEGIN(prim_select)
const sgk_u32 perm =
    sgk_and_u32(sgk_add_u32(sgk_mul_u32(sgk_sg_local_id(sg), sgk_splat_u32(5)), sgk_splat_u32(3)),
                sgk_splat_u32(SGK_W - 1));
for (uint32_t r = 0; r < a->reps; ++r)
  x = sgk_add_i32(sgk_select_from_group_i32(sg, x, perm), sgk_splat_i32(1));
PRIM_END

PRIM_BEGIN(prim_shift)
for (uint32_t r = 0; r < a->reps; ++r)
  x = sgk_add_i32(sgk_shift_group_left_i32(sg, x, 1), sgk_splat_i32(1));
PRIM_END

PRIM_BEGIN(prim_reduce)
for (uint32_t r = 0; r < a->reps; ++r) x = sgk_add_i32(x, sgk_splat_i32(sgk_reduce_add_i32(sg, x)));
PRIM_END

PRIM_BEGIN(prim_scan)
for (uint32_t r = 0; r < a->reps; ++r) x = sgk_inclusive_scan_add_i32(sg, x);
PRIM_END
