/* Row softmax, one work-group per row: the row's maximum (sub-group max reductions, then across
 * the sub-groups), the sum of exp(x - max) (sub-group sums likewise; the exponentials are stored
 * in y on the way), then y scaled by 1 / sum. Work-item l of a work-group of L handles columns
 * l, l + L, ..: each sub-group loads W contiguous values at a time; a ragged end is masked. */
#include <math.h>

#include "kernel_args.h"
#include "sgk/kernel.h"

SGK_KERNEL(softmax_rows, struct softmax_args, a, wg) {
  const size_t cols = a->cols, L = sgk_local_linear_range(wg);
  const float *x = a->x + sgk_group_linear_id(wg) * cols;
  float *y = a->y + sgk_group_linear_id(wg) * cols;
  SGK_PER_SUB_GROUP(sgk_f32, part); /* per sub-group, across the phases */
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    sgk_f32 m = sgk_splat_f32(-INFINITY);
    for (size_t c = sg.first; c < cols; c += L) {
      const sgk_mask in = sgk_mask_first_n((uint32_t)(cols - c < SGK_W ? cols - c : SGK_W));
      const sgk_f32 v = sgk_load_masked_f32(sg, in, x + c);
      m = sgk_max_f32(m, sgk_select_f32(in, v, sgk_splat_f32(-INFINITY)));
    }
    part[sg.id] = m;
  }
  const sgk_f32 mx = sgk_splat_f32(sgk_wg_reduce_max_f32(wg, part));
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    sgk_f32 sum = sgk_splat_f32(0.0f);
    for (size_t c = sg.first; c < cols; c += L) {
      const sgk_mask in = sgk_mask_first_n((uint32_t)(cols - c < SGK_W ? cols - c : SGK_W));
      const sgk_f32 e = sgk_exp_f32(sgk_sub_f32(sgk_load_masked_f32(sg, in, x + c), mx));
      sgk_store_masked_f32(sg, in, y + c, e);
      sum = sgk_add_f32(sum, sgk_select_f32(in, e, sgk_splat_f32(0.0f)));
    }
    part[sg.id] = sum;
  }
  const sgk_f32 inv = sgk_splat_f32(1.0f / sgk_wg_reduce_add_f32(wg, part));
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    for (size_t c = sg.first; c < cols; c += L) {
      const sgk_mask in = sgk_mask_first_n((uint32_t)(cols - c < SGK_W ? cols - c : SGK_W));
      sgk_store_masked_f32(sg, in, y + c, sgk_mul_f32(sgk_load_masked_f32(sg, in, y + c), inv));
    }
  }
}
