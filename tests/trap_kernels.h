/* Kernels written the way a new user writes them from the README, each hitting one trap of the
 * kernel language (tests/test_traps.c). */
#ifndef SGK_TEST_TRAP_KERNELS_H
#define SGK_TEST_TRAP_KERNELS_H
#include <stddef.h>
#include <stdint.h>

#include "sgk/sgk.h"

/* A literal port of `if (gid >= n) return; out[gid] = 2 * in[gid];` (how = 0: return, 1: break,
 * 2: continue, 3: a lane mask). */
struct early_exit_args {
  const int32_t *in;
  int32_t *out;
  uint32_t n;
  int how;
};
SGK_DECLARE_KERNEL(early_exit);

/* Stages the work-group's items in SLM (declared: 4 bytes per work-item, plus `extra`) and writes
 * them back reversed within the group, and sgk_slm_bytes(wg) to bytes_seen. */
struct slm_user_args {
  const int32_t *in;
  int32_t *out;
  uint32_t extra;
  size_t *bytes_seen;
};
SGK_DECLARE_KERNEL(slm_user);

/* Each sub-group transposes its own W x W block of in (block g * sub-groups + sg.id) through a
 * W x W tile in SLM: declared as a user writes it, SGK_W * SGK_W ints a sub-group (times scale),
 * so the size depends on the launch's W; sgk_slm_bytes(wg) to bytes_seen. */
struct sg_tile_args {
  const int32_t *in;
  int32_t *out;
  uint32_t scale;
  size_t *bytes_seen;
};
SGK_DECLARE_KERNEL(sg_tile);

/* Stages the work-group's L + 1 entries of a CSR row_ptr (n rows: n + 1 entries) in SLM
 * (declared: L + 1 ints) and writes each row's length, ptr[r + 1] - ptr[r], to len[r]. The
 * staging loop `for (i = sg.first; i < L + 1; i += L)` takes a sub-group past the L + 1 entries
 * at i = L: how = 0 masks its store by the row_ptr bound only (the trap: it writes past the SLM);
 * how = 1 also by i + lane < L + 1. */
struct row_ptr_args {
  const int32_t *ptr;
  int32_t *len;
  uint32_t n;
  int how;
};
SGK_DECLARE_KERNEL(stage_row_ptr);

/* Copies in to out through two SLM buffers of `len` ints (len >= L, the work-group's size),
 * ping-ponged: the first holds the work-group's L ints, the second, `len` ints on, their
 * reverse, and out the reverse of the second. Declares `buffers` of them: 2 is right; 1 is the
 * slip of a user kernel (a bitonic sort), whose second buffer lies wholly past its SLM (4 KiB at
 * L = len = 1024; at len = 16384, 64 KiB declared, the 4 KiB after them). */
struct ping_pong_args {
  const int32_t *in;
  int32_t *out;
  uint32_t buffers, len;
};
SGK_DECLARE_KERNEL(ping_pong);

/* A 5-point stencil on an n x n grid with 2-D work-groups (rows x cols), zero outside. */
struct stencil_args {
  const int32_t *in;
  int32_t *out;
  uint32_t n;
};
SGK_DECLARE_KERNEL(stencil5);

/* Per work-group, the sum of in[0 .. n-1] over its items, through one entry per sub-group and a
 * work-group collective, to sums[group]; sub-groups wholly past n skip with `continue`; then a
 * second phase writes each sub-group's entry (its sum) to parts[group * 64 + sub-group].
 * how = 0: they skip before writing their SGK_PER_SUB_GROUP entry (uniform int32_t entries,
 * sgk_wg_reduce_uniform_add_i32), the trap; 1: they write 0 first; 2 and 3 the same with lane
 * vector entries (sgk_wg_reduce_add_i32). Compiled with SGK_CHECK_PER_SUB_GROUP 1. */
struct skipped_entry_args {
  const int32_t *in;
  int32_t *sums;
  int32_t *parts;
  uint32_t n;
  int how;
};
SGK_DECLARE_KERNEL(skipped_entry);

/* A work-group collective called inside SGK_FOR_EACH_SUBGROUP (how 0-3) or between two loops
 * (how 4-7): tests/in_loop_kernel.inc. The first compiled checked, the second unchecked. */
struct in_loop_args {
  const int32_t *in;
  int32_t *out;
  int how;
};
SGK_DECLARE_KERNEL(collective_in_loop);
SGK_DECLARE_KERNEL(collective_in_loop_unchecked);

/* Five taps through sgk_shuffle_down (how 0) or sgk_shuffle_up (how 1), blind to the sub-group's
 * size: tests/shuffle_window_kernel.inc, compiled checked and unchecked. in must be readable a
 * sub-group's size (W) before and after the range. */
struct shuffle_window_args {
  const int32_t *in;
  int32_t *out;
  int how;
};
SGK_DECLARE_KERNEL(shuffle_window);
SGK_DECLARE_KERNEL(shuffle_window_unchecked);

#endif
