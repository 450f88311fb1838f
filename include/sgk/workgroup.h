/* The work-group as the runtime hands it to a kernel variant. Shared by the runtime and the
 * kernel API; kernels read it through the query functions of sgk/kernel.h. */
#ifndef SGK_WORKGROUP_H
#define SGK_WORKGROUP_H

#include <stddef.h>
#include <stdint.h>

#include "sgk/sgk.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Ranges are kept in three dimensions, padded at the front with 1s: user dimension d of a
 * dims-dimensional range is index 3 - dims + d here, so index 2 is always the contiguous one. */
struct sgk_wg {
  uint32_t dims;
  uint32_t sub_group_size;      /* W, the maximum sub-group size */
  uint32_t num_sub_groups;      /* ceil(local_linear_size / W) */
  uint32_t last_sub_group_size; /* active lanes of the last sub-group (W when full) */
  uint32_t local_linear_size;
  size_t group_linear_id;
  size_t group_id[3];
  size_t group_range[3];
  size_t local_range[3];
  size_t global_range[3];
  void *slm; /* 64-byte aligned, slm_bytes long; NULL when 0 bytes */
  size_t slm_bytes;
  /* Of 2-D and 3-D launches: the local id of each work-item per dimension, [3][local_ids_stride],
   * padded to whole sub-groups; computed once per launch, so no work-item divides. */
  const int32_t *local_ids;
  uint32_t local_ids_stride;
  /* Control-flow check of SGK_FOR_EACH_SUBGROUP (the work-group's thread only). */
  uint32_t loop_open; /* a sub-group loop started and did not finish */
  uint32_t pass_done; /* the current sub-group's pass reached its end */
  int *fault;         /* set to a sgk_status when the kernel breaks the rules */
  /* 1 where a vector gather, op and scatter beat lane-by-lane updates of private arrays (the
   * CPU's scatters are fast: Intel's AVX-512 cores, not AMD's); chosen once per process. */
  uint32_t fast_scatter;
  /* The share of a window's taps this CPU slides (sgk_slide_quarters): 0 for the variant's own
   * SGK_REG_SLIDE_QUARTERS, else the share + 1; chosen once per process. */
  uint32_t slide_choice;
  /* The side, in tiles, of the blocks a tiled kernel takes its tiles in (sgk_tile_block) where
   * this CPU's best differs from the variant's own: 0 for the variant's own; chosen once per
   * process. */
  uint32_t tile_block;
  /* 1 where a kernel's software prefetches of the lines ahead in streams it reads in order pay
   * (sgk_stream_prefetch), 0 where the CPU's own stream prefetchers do better; chosen once per
   * process. */
  uint32_t stream_prefetch;
};

/* sgk_wg.fault values. */
enum {
  SGK__FAULT_RETURN = 1,
  SGK__FAULT_BREAK = 2,
  SGK__FAULT_NULL_TARGET = 3,
  SGK__FAULT_UNWRITTEN = 4, /* a checked collective read an unwritten SGK_PER_SUB_GROUP entry */
  SGK__FAULT_COLLECTIVE_IN_LOOP = 5, /* a work-group collective inside SGK_FOR_EACH_SUBGROUP */
  SGK__FAULT_NULL_ARGS = 6,    /* args NULL to a kernel whose args type is not void: nothing ran */
  SGK__FAULT_SHUFFLE_RANGE = 7 /* checked: a two-source shuffle by more than the sub-group's size */
};

#ifdef __cplusplus
}
#endif
#endif /* SGK_WORKGROUP_H */
