/* The local-atomic primitives; compiled twice: as is, and (prim_*_conflict, avx512 and scalar
 * only) with SGK_AVX512_CONFLICT_ATOMICS, the AVX-512 conflict-detection path, so that one run
 * times both paths. */
#include "sgk/kernel.h"
#include "primitives.h"

#ifdef SGK_AVX512_CONFLICT_ATOMICS
#define PRIM_LOCAL_ATOMIC prim_local_atomic_conflict
#define PRIM_LOCAL_HIST prim_local_hist_conflict
#else
#define PRIM_LOCAL_ATOMIC prim_local_atomic
#define PRIM_LOCAL_HIST prim_local_hist
#endif

/* a->bins bins (4: every lane of a sub-group collides with others) */
SGK_KERNEL_SLM(PRIM_LOCAL_ATOMIC, struct prim_args, a, wg, a->bins * sizeof(uint32_t)) {
  uint32_t *bins = sgk_slm(wg);
  for (uint32_t b = 0; b < a->bins; ++b) bins[b] = 0;
  const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    sgk_i32 key = sgk_load_i32(sg, a->in + base + sg.first);
    for (uint32_t r = 0; r < a->reps; ++r) {
      sgk_atomic_add_local_u32(sg, bins, sgk_and_i32(key, sgk_splat_i32((int32_t)a->bins - 1)),
                               sgk_splat_u32(1));
      key = sgk_add_i32(key, sgk_splat_i32(1));
    }
  }
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 b = sgk_and_i32(sgk_local_linear_id(sg), sgk_splat_i32((int32_t)a->bins - 1));
    sgk_store_i32(sg, a->out + base + sg.first, sgk_gather_i32(sg, (const int32_t *)bins, b));
  }
}

/* The SLM histogram's update: 256 bins, one random byte of a per-lane generator per rep. */
SGK_KERNEL_SLM(PRIM_LOCAL_HIST, struct prim_args, a, wg, 256 * sizeof(uint32_t)) {
  uint32_t *bins = sgk_slm(wg);
  for (uint32_t b = 0; b < 256; ++b) bins[b] = 0;
  const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    sgk_u32 key = sgk_as_u32_i32(sgk_load_i32(sg, a->in + base + sg.first));
    for (uint32_t r = 0; r < a->reps; ++r) {
      const sgk_u32 byte = sgk_and_u32(sgk_shr_u32(key, 8 * (r % 4)), sgk_splat_u32(255));
      sgk_atomic_add_local_u32(sg, bins, sgk_as_i32_u32(byte), sgk_splat_u32(1));
      if (r % 4 == 3)
        key = sgk_add_u32(sgk_mul_u32(key, sgk_splat_u32(1103515245u)), sgk_splat_u32(12345u));
    }
  }
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const sgk_i32 b = sgk_and_i32(sgk_local_linear_id(sg), sgk_splat_i32(255));
    sgk_store_i32(sg, a->out + base + sg.first, sgk_gather_i32(sg, (const int32_t *)bins, b));
  }
}
