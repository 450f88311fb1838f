/* slm_bank.cpp: nd_range(32, 32), SLM of 32 * 64 ints; each of `iterations` steps adds i * m to
 * slm[j * stride] and ends with a barrier (a phase boundary). stride 16 is the guide's
 * bank-conflict layout (a gather/scatter here), stride 1 the conflict-free one (block ops).
 * Arithmetic wraps as on the GPU. */
#include "sgk/kernel.h"
#include "kernel_args.h"

/* the seed's 32 * 64 ints, or more for strided work-groups larger than 32 * 64 / stride */
SGK_KERNEL_SLM(slm_bank, struct slm_bank_args, a, wg,
               (sgk_wg_size * a->stride > 32 * 64 ? sgk_wg_size * a->stride : 32 * 64) *
                   sizeof(int32_t)) {
  int32_t *slm = sgk_slm(wg);
  const int32_t stride = (int32_t)a->stride;
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 at = sgk_mul_i32(sgk_local_linear_id(sg), sgk_splat_i32(stride));
    sgk_scatter_i32(sg, slm, at, sgk_splat_i32(0));
  }
  for (uint32_t m = 0; m < a->iterations; m++) {
    SGK_FOR_EACH_SUBGROUP(wg, sg) {
      const sgk_i32 i = sgk_global_linear_id(sg);
      const sgk_i32 add = sgk_mul_i32(i, sgk_splat_i32((int32_t)m));
      if (stride == 1) {
        int32_t *p = slm + sg.first;
        sgk_store_i32(sg, p, sgk_add_i32(sgk_load_i32(sg, p), add));
      } else {
        const sgk_i32 at = sgk_mul_i32(sgk_local_linear_id(sg), sgk_splat_i32(stride));
        sgk_scatter_i32(sg, slm, at, sgk_add_i32(sgk_gather_i32(sg, slm, at), add));
      }
    }
    /* group_barrier */
  }
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 at = sgk_mul_i32(sgk_local_linear_id(sg), sgk_splat_i32(stride));
    sgk_store_i32(sg, a->data + sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first,
                  sgk_gather_i32(sg, slm, at));
  }
}
