/* Kernels compiled for a subset of variants, to test the errors for missing ones. */
#include "sgk/kernel.h"

struct fill_args {
  int32_t *out;
};

SGK_KERNEL(fill_w16_only, struct fill_args, a, wg) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    sgk_store_i32(sg, a->out + sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first,
                  sgk_local_linear_id(sg));
  }
}
