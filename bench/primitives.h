/* Primitive benchmark kernels: each work-item applies one primitive `reps` times to values kept
 * in registers, so the primitive, not memory, is timed. */
#ifndef SGK_BENCH_PRIMITIVES_H
#define SGK_BENCH_PRIMITIVES_H
#include <stdint.h>

#include "sgk/sgk.h"

struct prim_args {
  const int32_t *in;
  int32_t *out;
  uint32_t reps;
  uint32_t bins; /* local atomics: number of SLM bins (fewer bins, more conflicts) */
};

/* X(name, what one rep does, same_bins_as): same_bins_as is the lane-by-lane kernel whose output
 * another way of the same local atomics must reproduce (bench_primitives checks it after
 * timing), else NULL. */
#define SGK_BENCH_PRIMITIVES(X)                                                                    \
  X(prim_block_copy, "block load + block store of one value per work-item", NULL)                  \
  X(prim_broadcast, "group_broadcast", NULL)                                                       \
  X(prim_select, "select_from_group with a lane permutation", NULL)                                \
  X(prim_shift, "shift_group_left by 1", NULL)                                                     \
  X(prim_reduce, "reduce_over_group (+)", NULL)                                                    \
  X(prim_scan, "inclusive_scan_over_group (+)", NULL)                                              \
  X(prim_local_atomic, "local atomic add into few SLM bins (lanes conflict)", NULL)                \
  X(prim_local_hist, "local atomic add into 256 SLM bins (the SLM histogram's update)", NULL)      \
  X(prim_local_atomic_conflict, "prim_local_atomic through AVX-512 conflict detection",            \
    &prim_local_atomic)                                                                            \
  X(prim_local_hist_conflict, "prim_local_hist through AVX-512 conflict detection",                \
    &prim_local_hist)                                                                              \
  X(prim_local_hist_sort, "prim_local_hist by sort and segment-reduce (portable API)",             \
    &prim_local_hist)

#define SGK_BENCH_DECLARE(name, what, same_bins_as) SGK_DECLARE_KERNEL(name);
SGK_BENCH_PRIMITIVES(SGK_BENCH_DECLARE)
#undef SGK_BENCH_DECLARE
#endif
