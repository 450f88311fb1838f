/* Must not compile: sgk_slm in a kernel defined by plain SGK_KERNEL (no declared SLM, so the
 * launch would hand it none). The error names sgk_slm_needs_SGK_KERNEL_SLM. */
#include "sgk/kernel.h"

struct args {
  int32_t *out;
};

SGK_KERNEL(uses_undeclared_slm, struct args, a, wg) {
  int32_t *tile = sgk_slm(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) { sgk_store_i32(sg, tile + sg.first, sgk_splat_i32(1)); }
  a->out[0] = tile[0];
}
