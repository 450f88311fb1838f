/* examples/first_kernel/saxpy.c: y = a x + y, then each work-group's sum of y. */
#include "sgk/kernel.h"
#include "saxpy.h"

SGK_KERNEL(saxpy_sum, struct saxpy_args, p, wg) {
  float part[SGK_MAX_SUB_GROUPS]; /* kept across the barrier, one per sub-group */
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t i = sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first;
    const sgk_f32 y =
        sgk_fma_f32(sgk_splat_f32(p->a), sgk_load_f32(sg, p->x + i), sgk_load_f32(sg, p->y + i));
    sgk_store_f32(sg, p->y + i, y);
    part[sg.id] = sgk_reduce_add_f32(sg, y);
  }
  /* barrier: every sub-group's part is ready */
  float sum = 0.0f;
  for (uint32_t s = 0; s < sgk_num_sub_groups(wg); ++s) sum += part[s];
  p->group_sums[sgk_group_linear_id(wg)] = sum;
}
