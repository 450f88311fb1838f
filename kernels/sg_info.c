/* sg_size.cpp and sg_max_size.cpp: every work-item reports its ids and sub-group sizes;
 * sg_max_size also reads j = data[i] and k = data[i + sgSize]. */
#include "sgk/kernel.h"
#include "kernel_args.h"

SGK_KERNEL(sg_info, struct sg_info_args, a, wg) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 i = sgk_global_linear_id(sg);
    const sgk_i32 at = sgk_mul_i32(i, sgk_splat_i32(SGI_FIELDS));
    int32_t *o = a->out;
    sgk_scatter_i32(sg, o + SGI_GLOBAL, at, i);
    sgk_scatter_i32(sg, o + SGI_GROUP, at, sgk_splat_i32((int32_t)sgk_group_id(wg, 0)));
    sgk_scatter_i32(sg, o + SGI_SG_GROUP, at, sgk_splat_i32((int32_t)sgk_sg_group_id(sg)));
    sgk_scatter_i32(sg, o + SGI_SG_ID, at, sgk_as_i32_u32(sgk_sg_local_id(sg)));
    sgk_scatter_i32(sg, o + SGI_SG_SIZE, at, sgk_splat_i32((int32_t)sgk_sg_size(sg)));
    sgk_scatter_i32(sg, o + SGI_SG_MAX, at, sgk_splat_i32((int32_t)sgk_sg_max_size(sg)));
    if (a->data) {
      sgk_scatter_i32(sg, o + SGI_J, at, sgk_gather_i32(sg, a->data, i));
      sgk_scatter_i32(
          sg, o + SGI_K, at,
          sgk_gather_i32(sg, a->data, sgk_add_i32(i, sgk_splat_i32((int32_t)sgk_sg_size(sg)))));
    }
  }
}
