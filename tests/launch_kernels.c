/* Kernels of the launch tests (test_errors, test_runtime) that are not vector code: a launch
 * from inside a kernel, a work-group counter with SLM, the window's share. Kept out of
 * sgk_test_kernels, whose objects the codegen test holds to the backends' code rules (vector
 * code, no calls). */
#include "runtime_kernels.h"
#include "sgk/kernel.h"

SGK_KERNEL(nested_launch, struct nested_args, a, wg) {
  struct ids_args inner = {a->sink};
  const sgk_range r = sgk_range_1d(16, 16);
  a->status[sgk_group_linear_id(wg)] = (int32_t)sgk_launch(&ids, &r, NULL, &inner, NULL);
}

SGK_KERNEL_SLM(count_groups, struct count_args, a, wg, a->slm) {
  unsigned char *slm = sgk_slm(wg);
  slm[0] = 1;
  sgk_atomic_fetch_add_i32(a->count, (int32_t)slm[0]);
}

SGK_KERNEL(void_args, void, a, wg) {
  (void)a;
  (void)wg;
  sgk_atomic_fetch_add_i32(&test_void_args_groups, 1);
}

/* The CPU's block of tiles, or 99 where the variant's own stands; one work-group writes it. */
SGK_KERNEL(tile_block_of, struct share_args, a, wg) {
  if (sgk_group_linear_id(wg) == 0) a->out[0] = (int32_t)sgk_tile_block(wg, 99);
}

/* Whether the CPU wants the stream prefetches (1 or 0); one work-group writes it. */
SGK_KERNEL(stream_prefetch_of, struct share_args, a, wg) {
  if (sgk_group_linear_id(wg) == 0) a->out[0] = sgk_stream_prefetch(wg) ? 1 : 0;
}

/* The window's share as the variant reports it; one work-group writes it. */
SGK_KERNEL(slide_share, struct share_args, a, wg) {
  if (sgk_group_linear_id(wg) == 0) {
    a->out[0] = (int32_t)sgk_slide_quarters(wg);
    a->out[1] = SGK_REG_WINDOW;
    a->out[2] = SGK_REG_SLIDE_QUARTERS;
  }
}
