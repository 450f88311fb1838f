/* histogram_256_int.cpp and histogram_256_slm.cpp over N uint64 values of 8 random bytes,
 * nd_range(N / 256, 64): work-item l of sub-group s of group g reads, for k < 256, the value at
 * (g gSize + s W) 256 + sgSize k + l (a block load per k) and counts its 8 bytes. */
#include "sgk/kernel.h"
#include "kernel_args.h"

SGK_INLINE const uint64_t *block_of(const sgk_wg *wg, sgk_sg sg, const uint64_t *input) {
  return input + (sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first) * SGK_HIST_BLOCK;
}

/* Private bins: each work-item keeps its own 256 counters (a private array: SGK_PRIVATE_ARRAY, so
 * the lanes of a sub-group never collide), then adds them to the global bins. The seed masks each
 * byte with 0x1F (only 32 bins fill); a->mask picks 0x1F or 0xFF. */
SGK_KERNEL_PROPS(hist_private, struct hist_args, a, wg, SGK_KERNEL_WORK_GROUP_FREE) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    SGK_PRIVATE_ARRAY(uint32_t, histogram, SGK_HIST_BINS);
    memset(histogram, 0, sizeof histogram);
    const uint64_t *in = block_of(wg, sg, a->input);
    const sgk_u64 mask = sgk_splat_u64(a->mask);
    for (uint32_t k = 0; k < SGK_HIST_BLOCK; k++) {
      sgk_u64 x = sgk_load_u64(sg, in + (size_t)sg.size * k);
      for (int i = 0; i < 8; i++) {
        /* histogram[c] += 1: lane by lane, or a gather, an add and a scatter where the CPU's
         * scatters are fast (Intel's AVX-512; README, "Private arrays") */
        const sgk_i32 c = sgk_as_i32_u32(sgk_cvt_u32_u64(sgk_and_u64(x, mask)));
        sgk_private_add_u32(sg, histogram, c, sgk_splat_u32(1));
        x = sgk_shr_u64(x, 8);
      }
    }
    /* hacc[k].fetch_add(histogram[k]) from every work-item: the sub-group's sum, one atomic */
    for (uint32_t k = 0; k < SGK_HIST_BINS; k++) {
      const uint32_t total = sgk_reduce_add_u32(sg, sgk_load_u32(sg, histogram + k * SGK_W));
      if (total) sgk_atomic_fetch_add_u64(a->hist + k, total);
    }
  }
}

/* SLM bins shared by the work-group, updated with local atomics; barriers; global atomic merge. */
SGK_KERNEL_SLM_PROPS(hist_slm, struct hist_args, a, wg, SGK_HIST_BINS * sizeof(uint32_t),
                     SGK_KERNEL_WORK_GROUP_FREE) {
  uint32_t *local_histogram = sgk_slm(wg);
  const uint32_t g_size = sgk_local_linear_range(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) { /* each work-item clears its share of the bins */
    for (uint32_t b = sg.first; b < SGK_HIST_BINS; b += g_size)
      sgk_store_masked_u32(sg, sgk_mask_first_n(SGK_HIST_BINS - b), local_histogram + b,
                           sgk_splat_u32(0));
  }
  /* group_barrier */
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const uint64_t *in = block_of(wg, sg, a->input);
    const sgk_u64 mask = sgk_splat_u64(a->mask);
    for (uint32_t k = 0; k < SGK_HIST_BLOCK; k++) {
      sgk_u64 x = sgk_load_u64(sg, in + (size_t)sg.size * k);
      for (int shift = 0; shift < 64; shift += 8) {
        const sgk_i32 bin = sgk_as_i32_u32(sgk_cvt_u32_u64(sgk_and_u64(x, mask)));
        sgk_atomic_add_local_u32(sg, local_histogram, bin, sgk_splat_u32(1));
        x = sgk_shr_u64(x, 8);
      }
    }
  }
  /* group_barrier */
  SGK_FOR_EACH_SUBGROUP(wg, sg) { /* each work-item adds its share of the bins to the global ones */
    for (uint32_t b = sg.first; b < SGK_HIST_BINS; b += g_size) {
      const sgk_mask in = sgk_mask_first_n(SGK_HIST_BINS - b);
      const sgk_i32 at =
          sgk_add_i32(sgk_as_i32_u32(sgk_sg_local_id(sg)), sgk_splat_i32((int32_t)b));
      const sgk_u64 counts = sgk_cvt_u64_u32(sgk_load_masked_u32(sg, in, local_histogram + b));
      sgk_atomic_add_global_u64(sg, a->hist, sgk_select_i32(in, at, sgk_splat_i32(0)),
                                sgk_select_u64(in, counts, sgk_splat_u64(0)));
    }
  }
}
