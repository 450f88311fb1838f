/* examples/backend/pipeline.c: the pipeline's kernels, compiled per (ISA, W) by sgk_add_kernels. */
#include "pipeline.h"
#include "sgk/kernel.h"

SGK_KERNEL(affine_f32, struct affine_args, p, wg) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t first = sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first;
    if (first >= p->n) continue; /* the whole sub-group is past the end */
    const sgk_mask in = sgk_lt_i32(sgk_global_linear_id(sg), sgk_splat_i32((int32_t)p->n));
    const sgk_f32 x = sgk_load_masked_f32(sg, in, p->x + first);
    const sgk_f32 y = sgk_fma_f32(sgk_splat_f32(p->a), x, sgk_splat_f32(p->b));
    sgk_store_masked_f32(sg, in, p->y + first, y);
  }
}

SGK_KERNEL(group_sum_f32, struct group_sum_args, p, wg) {
  SGK_PER_SUB_GROUP(sgk_f32, part); /* each sub-group's values, kept for the work-group sum */
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t first = sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first;
    part[sg.id] = sgk_splat_f32(0.0f);
    if (first >= p->n) continue;
    const sgk_mask in = sgk_lt_i32(sgk_global_linear_id(sg), sgk_splat_i32((int32_t)p->n));
    part[sg.id] = sgk_select_f32(in, sgk_load_masked_f32(sg, in, p->y + first), part[sg.id]);
  }
  p->sums[sgk_group_linear_id(wg)] = sgk_wg_reduce_add_f32(wg, part);
}
