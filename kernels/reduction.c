/* The guide's work-group-size chapter: the SLM tree reduction (strided partial sums, a barrier per
 * tree level, one atomic add per work-group) and vec_copy (no barrier, no SLM). Integer sums
 * wrap as on the GPU. */
#include "sgk/kernel.h"
#include "kernel_args.h"

/* The work-item's elements i of the strided loop from i on: the tail's lanes past n are 0. */
SGK_INLINE sgk_i32 reduce_load(sgk_sg sg, const int32_t *data, size_t i, size_t n) {
  return i + sg.size <= n ? sgk_load_i32(sg, data + i)
                          : sgk_load_masked_i32(sg, sgk_mask_first_n((uint32_t)(n - i)), data + i);
}

/* Strided steps a work-group of several sub-groups takes in one pass: as many pages read at
 * once (8 against 1: 1.5-1.8x at work-group size 1024 on an Intel Xeon, model 207). */
#define REDUCE_STEPS 8

/* Work-groups ahead whose item a one-sub-group work-group's step prefetches: its wgs contiguous
 * items are one line of a stream that the work-groups after it go on reading, one line each, and
 * a work-group reads as many such streams as it takes steps (16 at work-group size 16, every one
 * on its own page); 1 KiB ahead at work-group size 16 (A/B against none, combined, AMD Zen 4:
 * 1.04-1.12x over avx2/avx512 W 16/32; 8 and 32 work-groups ahead within 5% of it). One line,
 * all of a work-group's items up to size 16 (half of them at 32, W 32: the other half left to the
 * adjacent-line prefetcher). Both prefetches only where the CPU wants them (sgk_stream_prefetch):
 * on an Intel Xeon of model 207 the reduction ran 0.99-1.21x (median 1.15x) faster without them
 * at W 16 and 32. */
#define REDUCE_AHEAD 16

/* The work-group's sum, scratch[0] after the tree: everything of the seed's kernel but its
 * ending.
 *   for (i = glob_id; i < data_size; i += num_work_items) sum += buf_acc[i];
 *   scratch[loc_id] = sum;
 *   for (i = wgs / 2; i > 0; i >>= 1) { barrier; if (loc_id < i) scratch[loc_id] += scratch[loc_id + i]; }
 * the tree starting from half the next power of two, so any work-group size sums every
 * element. Each work-item adds the same items in the same order as the seed's, and each tree
 * level the same pairs: the same sums. */
SGK_INLINE int32_t reduce_group(const sgk_wg *wg, const struct reduce_args *a, int32_t *scratch) {
  const uint32_t wgs = sgk_local_linear_range(wg);
  const size_t n = a->n, stride = a->num_work_items, first = sgk_group_linear_id(wg) * wgs;
  const bool pf = sgk_stream_prefetch(wg); /* both paths' prefetches read streams (not on Intel) */
  uint32_t top = 1;
  while (top < wgs) top <<= 1;
  if (sgk_num_sub_groups(wg) == 1) {
    /* One sub-group: the strided loop as written, the sum in a register, and the work-group's
     * scratch is that register: a tree level is a shift within it, lane loc_id < i adding lane
     * loc_id + i, the others keeping their values as SLM would (no masked store for the next
     * level's load to wait on: 1.3-1.4x at work-group size 16). The levels run from W / 2 down,
     * unrolled, those at or above the tree's top skipped: each shift is then by a constant, one
     * permute per register instead of the general one (combined, work-group size 16, A/B
     * `sgk run`, Intel Xeon model 207: avx2 W 16 / 32 1.13x / 1.55x, avx512 1.08x / 1.12x). */
    int32_t total = 0;
    SGK_FOR_EACH_SUBGROUP(wg, sg) {
      sgk_i32 sum = sgk_splat_i32(0);
      /* only the last step can be short (stride >= wgs >= sg.size): the loop checks one bound
       * (fewer instructions per load, more loads in flight: W 32 at work-group size 16 1.06x
       * avx512, 1.10x avx2; the literal ending 1.1x at W 16 and 32, model 207) */
      size_t at = first;
      for (; at + sg.size <= n; at += stride) {
        sum = sgk_add_i32(sum, sgk_load_i32(sg, a->data + at));
        const size_t ahead = at + REDUCE_AHEAD * wgs; /* this item of a later work-group */
        if (pf && ahead < n) sgk_prefetch(a->data + ahead, SGK_PREFETCH_LINE);
      }
      if (at < n) sum = sgk_add_i32(sum, reduce_load(sg, a->data, at, n));
      if (top == wgs) {
        /* a power of two (the seed's sizes): lane loc_id < i adds lane loc_id + i < wgs, a mask
         * each unrolled level knows, so that the lanes past the work-group (half of them at W 32
         * and work-group size 16) drop out of the tree */
#pragma GCC unroll 8
        for (uint32_t i = SGK_W / 2; i > 0; i >>= 1)
          if (i < top)
            sum = sgk_select_i32(sgk_mask_first_n(i),
                                 sgk_add_i32(sum, sgk_shift_group_left_i32(sg, sum, i)), sum);
      } else {
#pragma GCC unroll 8
        for (uint32_t i = SGK_W / 2; i > 0; i >>= 1) {
          if (i >= top) continue;
          const uint32_t active_end = i < wgs - i ? i : wgs - i; /* loc_id < i, loc_id + i < wgs */
          sum = sgk_select_i32(sgk_mask_first_n(active_end),
                               sgk_add_i32(sum, sgk_shift_group_left_i32(sg, sum, i)), sum);
        }
      }
      total = sgk_extract_i32(sum, 0);
    }
    return total;
  }
  /* Several: the strided loop outside the sub-groups, each work-item's sum in scratch, so that
   * one pass reads REDUCE_STEPS runs of the work-group's wgs contiguous items (sub-group after
   * sub-group down the whole stride would touch a new page with every load). Each step
   * prefetches the same step of the next pass into L2: a new page, which the stream prefetchers,
   * stopping at page ends, would not fetch before its first loads miss (work-group size 1024,
   * AMD Zen 4: 1.02-1.21x over every ISA and W). */
  SGK_FOR_EACH_SUBGROUP(wg, sg) { sgk_store_i32(sg, scratch + sg.first, sgk_splat_i32(0)); }
  for (size_t base = first; base < n; base += REDUCE_STEPS * stride) {
    SGK_FOR_EACH_SUBGROUP(wg, sg) {
      const size_t i = base + sg.first;
      if (i >= n) continue;
      int32_t *sum = scratch + sg.first;
      sgk_i32 s = sgk_load_i32(sg, sum);
      for (size_t u = 0, at = i; u < REDUCE_STEPS && at < n; ++u, at += stride) {
        s = sgk_add_i32(s, reduce_load(sg, a->data, at, n));
        const size_t ahead = at + REDUCE_STEPS * stride; /* the next pass's step u */
        if (pf && ahead < n) sgk_prefetch(a->data + ahead, SGK_W * sizeof(int32_t));
      }
      sgk_store_i32(sg, sum, s);
    }
  }
  /* The tree's levels of W or more: sub-groups add sub-groups in scratch, a wholly active one
   * by plain loads and stores (a level's load waits on the level before's store, and a masked
   * store does not forward to it). */
  for (uint32_t i = top / 2; i >= SGK_W; i >>= 1) {
    SGK_FOR_EACH_SUBGROUP(wg, sg) {
      const uint32_t active_end = i < wgs - i ? i : wgs - i; /* loc_id < i and loc_id + i < wgs */
      if (sg.first >= active_end) continue;
      int32_t *p = scratch + sg.first;
      if (active_end - sg.first >= SGK_W) {
        sgk_store_i32(sg, p, sgk_add_i32(sgk_load_i32(sg, p), sgk_load_i32(sg, p + i)));
        continue;
      }
      const sgk_mask m = sgk_mask_first_n(active_end - sg.first);
      sgk_store_masked_i32(
          sg, m, p, sgk_add_i32(sgk_load_masked_i32(sg, m, p), sgk_load_masked_i32(sg, m, p + i)));
    }
  }
  /* The levels below W involve sub-group 0 alone (whole: the work-group has more than W items):
   * in a register, as the one-sub-group path does, the same pairs at each level. */
  int32_t total = 0;
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    if (sg.first != 0) continue;
    sgk_i32 sum = sgk_load_i32(sg, scratch);
#pragma GCC unroll 8
    for (uint32_t i = SGK_W / 2; i > 0; i >>= 1) {
      const uint32_t active_end = i < wgs - i ? i : wgs - i;
      sum = sgk_select_i32(sgk_mask_first_n(active_end),
                           sgk_add_i32(sum, sgk_shift_group_left_i32(sg, sum, i)), sum);
    }
    total = sgk_extract_i32(sum, 0);
  }
  return total;
}

SGK_KERNEL_SLM(reduce_slm, struct reduce_args, a, wg, sgk_wg_size * sizeof(int32_t)) {
  /* if (loc_id == 0) v.fetch_add(scratch[0]) */
  sgk_atomic_fetch_add_i32(a->sum, reduce_group(wg, a, sgk_slm(wg)));
}

/* The same with the seed's atomic ending written as SYCL 2020 would, parallel_for(range,
 * sycl::reduction(sum_buf, sycl::plus<>()), ...): each thread combines its work-groups' sums and
 * adds to the total once per run of work-groups. */
SGK_KERNEL_SLM(reduce_slm_combined, struct reduce_args, a, wg, sgk_wg_size * sizeof(int32_t)) {
  sgk_reduction_add_i32(wg, a->sum, reduce_group(wg, a, sgk_slm(wg)));
}

SGK_KERNEL_PROPS(vec_copy, struct vec_copy_args, a, wg, SGK_KERNEL_WORK_GROUP_FREE) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t i = sgk_group_linear_id(wg) * sgk_local_linear_range(wg) + sg.first;
    sgk_store_i32(sg, a->dst + i, sgk_load_i32(sg, a->src + i)); /* dst[glob_id] = src[glob_id] */
  }
}
