/* The launch-semantics kernels every launch test shares (test programs, the fuzzer, the
 * concurrency test): the ids of every work-item, and SLM with a barrier between two phases.
 * Their own target (sgk_test_basic), small enough to build under every sanitizer. */
#include "runtime_kernels.h"
#include "sgk/kernel.h"

/* Declared free of the work-group size (the tuner may pick it): what it writes is the ids it ran
 * with, and every test checks them against the launch info's local. */
SGK_KERNEL_PROPS(ids, struct ids_args, a, wg, SGK_KERNEL_WORK_GROUP_FREE) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 lin = sgk_global_linear_id(sg);
    const sgk_i32 at = sgk_mul_i32(lin, sgk_splat_i32(ID_FIELDS));
    const int dims = (int)sgk_dims(wg);
    for (int d = 0; d < 3; ++d) {
      const int used = d < dims;
      sgk_scatter_i32(sg, a->out + F_GID0 + d, at, used ? sgk_global_id(sg, d) : sgk_splat_i32(-1));
      sgk_scatter_i32(sg, a->out + F_LID0 + d, at, used ? sgk_local_id(sg, d) : sgk_splat_i32(-1));
      sgk_scatter_i32(sg, a->out + F_GROUP0 + d, at,
                      sgk_splat_i32(used ? (int32_t)sgk_group_id(wg, d) : -1));
    }
    sgk_scatter_i32(sg, a->out + F_SG_ID, at, sgk_splat_i32((int32_t)sgk_sg_group_id(sg)));
    sgk_scatter_i32(sg, a->out + F_SG_LID, at, sgk_as_i32_u32(sgk_sg_local_id(sg)));
    sgk_scatter_i32(sg, a->out + F_SG_SIZE, at, sgk_splat_i32((int32_t)sgk_sg_size(sg)));
    sgk_scatter_i32(sg, a->out + F_SG_MAX, at, sgk_splat_i32((int32_t)sgk_sg_max_size(sg)));
    sgk_scatter_i32(sg, a->out + F_LIN, at, lin);
    sgk_scatter_i32(sg, a->out + F_LLIN, at, sgk_local_linear_id(sg));
  }
}

/* Phase 1 writes SLM[lid] = 1000 * group + lid; after the barrier every work-item reads the
 * entry of another sub-group's work-item, (lid + W + 1) % L. */
SGK_KERNEL_SLM(slm_phases, struct slm_args, a, wg, sgk_wg_size * sizeof(int32_t)) {
  int32_t *slm = sgk_slm(wg);
  const uint32_t L = sgk_local_linear_range(wg);
  const int32_t g = (int32_t)sgk_group_linear_id(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 lid = sgk_local_linear_id(sg);
    sgk_store_i32(sg, slm + sg.first, sgk_add_i32(lid, sgk_splat_i32(1000 * g)));
  }
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 lid = sgk_local_linear_id(sg);
    const sgk_i32 src = sgk_add_i32(lid, sgk_splat_i32(SGK_W + 1));
    /* (lid + W + 1) % L without a vector division: subtract L while >= L (at most twice) */
    sgk_i32 wrapped = src;
    for (int k = 0; k < 2; ++k)
      wrapped = sgk_select_i32(sgk_ge_i32(wrapped, sgk_splat_i32((int32_t)L)),
                               sgk_sub_i32(wrapped, sgk_splat_i32((int32_t)L)), wrapped);
    sgk_store_i32(sg, a->out + (size_t)g * L + sg.first, sgk_gather_i32(sg, slm, wrapped));
  }
}
