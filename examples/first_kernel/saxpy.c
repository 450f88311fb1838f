/* examples/first_kernel/saxpy.c: y = a x + y, then each work-group's sum of y. */
#include "sgk/kernel.h"
#include "saxpy.h"

SGK_KERNEL(saxpy_sum, struct saxpy_args, p, wg) {
  SGK_PER_SUB_GROUP(float, part); /* kept across the barrier: float part[max sub-groups] */
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t i = sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first;
    const sgk_f32 y =
        sgk_fma_f32(sgk_splat_f32(p->a), sgk_load_f32(sg, p->x + i), sgk_load_f32(sg, p->y + i));
    sgk_store_f32(sg, p->y + i, y);
    part[sg.id] = sgk_reduce_add_f32(sg, y);
  }
  /* barrier: every sub-group's part is ready */
  p->group_sums[sgk_group_linear_id(wg)] = sgk_wg_reduce_uniform_add_f32(wg, part);
}
