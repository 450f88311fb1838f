/* The local-atomic primitives; compiled twice: as is, and (prim_*_conflict, avx512 and scalar
 * only) with SGK_AVX512_CONFLICT_ATOMICS, the AVX-512 conflict-detection path, so that one run
 * times both paths. prim_local_hist_sort, in the first compile only, is the third way: sort and
 * segment-reduce, written with the portable API. */
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

/* The SLM histogram's update: 256 bins, one random byte of a per-lane generator per rep, each
 * added to its bin by update(sg, bins, byte). */
#define LOCAL_HIST_KERNEL(name, update)                                                            \
  SGK_KERNEL_SLM(name, struct prim_args, a, wg, 256 * sizeof(uint32_t)) {                          \
    uint32_t *bins = sgk_slm(wg);                                                                  \
    for (uint32_t b = 0; b < 256; ++b) bins[b] = 0;                                                \
    const size_t base = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);                      \
    SGK_FOR_EACH_SUBGROUP(wg, sg) {                                                                \
      sgk_u32 key = sgk_as_u32_i32(sgk_load_i32(sg, a->in + base + sg.first));                     \
      for (uint32_t r = 0; r < a->reps; ++r) {                                                     \
        update(sg, bins, sgk_and_u32(sgk_shr_u32(key, 8 * (r % 4)), sgk_splat_u32(255)));          \
        if (r % 4 == 3)                                                                            \
          key = sgk_add_u32(sgk_mul_u32(key, sgk_splat_u32(1103515245u)), sgk_splat_u32(12345u));  \
      }                                                                                            \
    }                                                                                              \
    SGK_FOR_EACH_SUBGROUP(wg, sg) {                                                                \
      const sgk_i32 b = sgk_and_i32(sgk_local_linear_id(sg), sgk_splat_i32(255));                  \
      sgk_store_i32(sg, a->out + base + sg.first, sgk_gather_i32(sg, (const int32_t *)bins, b));   \
    }                                                                                              \
  }

/* The local atomic (lane by lane, or conflict detection under SGK_AVX512_CONFLICT_ATOMICS) */
SGK_INLINE void add_atomic(sgk_sg sg, uint32_t *bins, sgk_u32 byte) {
  sgk_atomic_add_local_u32(sg, bins, sgk_as_i32_u32(byte), sgk_splat_u32(1));
}
LOCAL_HIST_KERNEL(PRIM_LOCAL_HIST, add_atomic)

#ifndef SGK_AVX512_CONFLICT_ATOMICS
/* The sub-group's keys in ascending order (every lane active): a bitonic network of
 * permute_group_by_xor, min, max and select, log2 W (log2 W + 1) / 2 steps. */
SGK_INLINE sgk_u32 sort_keys(sgk_sg sg, sgk_u32 k) {
  const sgk_u32 lane = sgk_sg_local_id(sg), zero = sgk_splat_u32(0);
  for (uint32_t size = 2; size <= SGK_W; size <<= 1)
    for (uint32_t j = size >> 1; j > 0; j >>= 1) {
      const sgk_u32 other = sgk_permute_group_by_xor_u32(sg, k, j);
      /* the lower lane of a pair keeps the minimum in an ascending run, the maximum in a
       * descending one */
      const sgk_mask lower = sgk_eq_u32(sgk_and_u32(lane, sgk_splat_u32(j)), zero);
      const sgk_mask ascending = sgk_eq_u32(sgk_and_u32(lane, sgk_splat_u32(size)), zero);
      k = sgk_select_u32(sgk_mask_not(sgk_mask_xor(lower, ascending)), sgk_min_u32(k, other),
                         sgk_max_u32(k, other));
    }
  return k;
}

/* Sort and segment-reduce: the sub-group's bytes sorted, each run of equal bytes counted by a
 * segmented scan, and the run's last lane adds the count to its bin by a gather, an add and a
 * scatter (no two of those lanes share a bin). */
SGK_INLINE void add_sorted(sgk_sg sg, uint32_t *bins, sgk_u32 byte) {
  const sgk_u32 lane = sgk_sg_local_id(sg);
  const sgk_u32 sorted = sort_keys(sg, byte);
  const sgk_mask head = sgk_mask_or(sgk_eq_u32(lane, sgk_splat_u32(0)),
                                    sgk_ne_u32(sorted, sgk_shift_group_right_u32(sg, sorted, 1)));
  const sgk_mask tail = sgk_mask_or(sgk_eq_u32(lane, sgk_splat_u32(SGK_W - 1)),
                                    sgk_ne_u32(sorted, sgk_shift_group_left_u32(sg, sorted, 1)));
  const sgk_u32 count = sgk_segmented_inclusive_scan_add_u32(sg, sgk_splat_u32(1), head);
  const sgk_i32 at = sgk_as_i32_u32(sorted);
  sgk_scatter_masked_u32(sg, tail, bins, at,
                         sgk_add_u32(sgk_gather_masked_u32(sg, tail, bins, at), count));
}
/* Same bins as prim_local_hist (bench_primitives checks it). */
LOCAL_HIST_KERNEL(prim_local_hist_sort, add_sorted)
#endif
