/* The guide's OpenMP-offload triple product reduction, val = sum_ij C[i N + j] A[i] B[j], as an
 * nd-range kernel: gws work-items stride over the N x N index space (LWS = the work-group size,
 * GWS = gws), each work-group sums its partials into val through a launch-scope reduction,
 * OpenMP's reduction clause: a partial per thread, added to val once per run of work-groups. */
#include "sgk/kernel.h"
#include "kernel_args.h"

/* One grid-stride step of a sub-group at item p = i N + j (j < N): its lanes' items p .. p +
 * lanes - 1 added to part. i and j come from the caller, moved on by tp_next without a division
 * (the division per step cost avx2 0.75-0.8x; AMD EPYC Zen 4, README). */
SGK_INLINE sgk_f64 tp_step(sgk_sg sg, const struct triple_args *a, size_t p, size_t i, size_t j,
                           size_t total, sgk_f64 part) {
  const size_t n = a->n;
  if (p + sg.size <= total && j + sg.size <= n) /* the common case: every lane, in one row */
    return sgk_fma_f64(sgk_mul_f64(sgk_load_f64(sg, a->c + p), sgk_splat_f64(a->a[i])),
                       sgk_load_f64(sg, a->b + j), part);
  const uint32_t lanes = total - p < sg.size ? (uint32_t)(total - p) : sg.size;
  if (j + lanes <= n) { /* the last items: the first lanes, in one row */
    const sgk_mask in = sgk_mask_first_n(lanes);
    const sgk_f64 c = sgk_load_masked_f64(sg, in, a->c + p);
    const sgk_f64 b = sgk_load_masked_f64(sg, in, a->b + j);
    return sgk_fma_f64(sgk_mul_f64(c, sgk_splat_f64(a->a[i])), b, part);
  }
  /* the lanes cross a row end: index per lane */
  const sgk_i32 lane = sgk_as_i32_u32(sgk_sg_local_id(sg));
  for (uint32_t l = 0; l < lanes; ++l) {
    const size_t q = p + l;
    const sgk_mask one = sgk_eq_i32(lane, sgk_splat_i32((int32_t)l));
    part = sgk_add_f64(part, sgk_select_f64(one, sgk_splat_f64(a->c[q] * a->a[q / n] * a->b[q % n]),
                                            sgk_splat_f64(0.0)));
  }
  return part;
}

/* i N + j moved on by the stride di N + dj (dj < N) */
SGK_INLINE void tp_next(size_t n, size_t di, size_t dj, size_t *i, size_t *j) {
  *i += di;
  *j += dj;
  if (*j >= n) {
    *j -= n;
    ++*i;
  }
}

/* Grid-stride steps a work-group of several sub-groups takes in one pass (as kernels/reduction.c). */
#define TP_STEPS 8

SGK_KERNEL(triple_product, struct triple_args, a, wg) {
  const size_t n = a->n, total = n * n, gws = a->gws;
  if (total == 0) return; /* N = 0: nothing to add (and no division by N) */
  const size_t di = gws / n, dj = gws % n;
  const size_t first = sgk_group_linear_id(wg) * sgk_local_linear_range(wg);
  double group_sum = 0.0;
  if (sgk_num_sub_groups(wg) == 1) { /* one sub-group: the loop as written */
    SGK_FOR_EACH_SUBGROUP(wg, sg) {
      sgk_f64 part = sgk_splat_f64(0.0);
      size_t i = (first + sg.first) / n, j = (first + sg.first) % n;
      for (size_t p = first + sg.first; p < total; p += gws, tp_next(n, di, dj, &i, &j))
        part = tp_step(sg, a, p, i, j, total, part);
      group_sum += sgk_reduce_add_f64(sg, part);
    }
  } else {
    /* Several: the grid-stride loop outside the sub-groups (README, "A grid-stride loop"), each
     * work-item's running sum in a per-sub-group register, so that a pass reads TP_STEPS runs of
     * the work-group's items contiguously; each work-item adds the same items in the same order
     * as sub-group after sub-group down the whole stride, which touched a new cache line far
     * from the last with every load (AMD EPYC Zen 4, 32 MiB of L3 for C's 32 MiB: 1.7-2.9x at
     * avx512 W 8-32, 2.4x avx2 W 16; README). Each step prefetches C's items of the next pass
     * into L2, as kernels/reduction.c (1.31-1.68x at W 16 and 32, the same at W 8; Zen 4), where
     * the CPU wants it (sgk_stream_prefetch: not on Intel, 1.05-1.17x without, model 207). */
    const bool pf = sgk_stream_prefetch(wg);
    SGK_PER_SUB_GROUP(sgk_f64, part);
    SGK_FOR_EACH_SUBGROUP(wg, sg) { part[sg.id] = sgk_splat_f64(0.0); }
    for (size_t base = first; base < total; base += TP_STEPS * gws) {
      SGK_FOR_EACH_SUBGROUP(wg, sg) {
        sgk_f64 x = part[sg.id];
        size_t i = (base + sg.first) / n, j = (base + sg.first) % n;
        for (size_t u = 0, p = base + sg.first; u < TP_STEPS && p < total;
             ++u, p += gws, tp_next(n, di, dj, &i, &j)) {
          x = tp_step(sg, a, p, i, j, total, x);
          const size_t ahead = p + TP_STEPS * gws; /* the next pass's step u (C: a new page) */
          if (pf && ahead < total) sgk_prefetch(a->c + ahead, SGK_W * sizeof(double));
        }
        part[sg.id] = x;
      }
    }
    SGK_FOR_EACH_SUBGROUP(wg, sg) { group_sum += sgk_reduce_add_f64(sg, part[sg.id]); }
  }
  sgk_reduction_add_f64(wg, a->val, group_sum); /* reduction(+ : val): one add per thread */
}
