/* The guide's OpenMP-offload triple product reduction, val = sum_ij C[i N + j] A[i] B[j], as an
 * nd-range kernel: gws work-items stride over the N x N index space (LWS = the work-group size,
 * GWS = gws), each work-group sums its partials into val through a launch-scope reduction,
 * OpenMP's reduction clause: a partial per thread, added to val once per run of work-groups. */
#include "sgk/kernel.h"
#include "kernel_args.h"

SGK_KERNEL(triple_product, struct triple_args, a, wg) {
  const size_t n = a->n, total = n * n;
  double group_sum = 0.0;
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    sgk_f64 part = sgk_splat_f64(0.0);
    const sgk_i32 lane = sgk_as_i32_u32(sgk_sg_local_id(sg));
    for (size_t p = sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first; p < total;
         p += a->gws) {
      const uint32_t lanes = total - p < sg.size ? (uint32_t)(total - p) : sg.size;
      const size_t i = p / n, j = p % n;
      if (j + lanes <= n) { /* the lanes lie in one row: i is uniform, j contiguous */
        const sgk_mask in = sgk_mask_first_n(lanes);
        const sgk_f64 c = sgk_load_masked_f64(sg, in, a->c + p);
        const sgk_f64 b = sgk_load_masked_f64(sg, in, a->b + j);
        part = sgk_fma_f64(sgk_mul_f64(c, sgk_splat_f64(a->a[i])), b, part);
      } else { /* the lanes cross a row end: index per lane */
        for (uint32_t l = 0; l < lanes; ++l) {
          const size_t q = p + l;
          const sgk_mask one = sgk_eq_i32(lane, sgk_splat_i32((int32_t)l));
          part = sgk_add_f64(part,
                             sgk_select_f64(one, sgk_splat_f64(a->c[q] * a->a[q / n] * a->b[q % n]),
                                            sgk_splat_f64(0.0)));
        }
      }
    }
    group_sum += sgk_reduce_add_f64(sg, part);
  }
  sgk_reduction_add_f64(wg, a->val, group_sum); /* reduction(+ : val): one add per thread */
}
