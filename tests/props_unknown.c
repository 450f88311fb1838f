/* Must not compile: a kernel property bit that sgk does not know (a typo, or a property of newer
 * headers) in SGK_KERNEL_PROPS and SGK_KERNEL_SLM_PROPS. The error names the unknown bit. */
#include "sgk/kernel.h"

struct args {
  int32_t *out;
};

SGK_KERNEL_PROPS(unknown_property, struct args, a, wg, SGK_KERNEL_WORK_GROUP_FREE | 8u) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) { sgk_store_i32(sg, a->out + sg.first, sgk_splat_i32(1)); }
}

SGK_KERNEL_SLM_PROPS(unknown_property_slm, struct args, a, wg, sgk_wg_size * sizeof(int32_t), 2u) {
  int32_t *tile = sgk_slm(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) { sgk_store_i32(sg, tile + sg.first, sgk_splat_i32(1)); }
  a->out[0] = tile[0];
}
