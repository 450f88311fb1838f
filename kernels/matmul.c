/* The ENCCS sub-group matmul: global {M, N}, local {1, W} (tile_sz = the sub-group size); work-item
 * (m, n) loads one element of A's tile and group_broadcast()s it across the sub-group while it
 * reads B. Edges (N or K not multiples of W) are masked. */
#include "sgk/kernel.h"
#include "kernel_args.h"

SGK_KERNEL(matmul_sg, struct matmul_args, a, wg) {
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t m = sgk_group_id(wg, 0);
    const size_t n0 = sgk_group_id(wg, 1) * SGK_W; /* this sub-group's columns n0 .. n0 + W */
    const uint32_t cols = a->n - n0 < SGK_W ? (uint32_t)(a->n - n0) : SGK_W;
    const sgk_mask col_in = sgk_mask_first_n(cols);
    const double *arow = a->a + m * a->k;
    sgk_f64 sum = sgk_splat_f64(0.0);
    for (uint32_t l = 0; l < a->k; l += SGK_W) {
      const uint32_t tile = a->k - l < SGK_W ? a->k - l : SGK_W;
      /* auto tileA = accA[m][l + i] */
      const sgk_f64 tile_a = sgk_load_masked_f64(sg, sgk_mask_first_n(tile), arow + l);
      for (uint32_t k = 0; k < tile; ++k) {
        /* sum += group_broadcast(sg, tileA, k) * accB[l + k][n] */
        const sgk_f64 b = sgk_load_masked_f64(sg, col_in, a->b + (size_t)(l + k) * a->n + n0);
        sum = sgk_fma_f64(sgk_group_broadcast_f64(sg, tile_a, k), b, sum);
      }
    }
    sgk_store_masked_f64(sg, col_in, a->c + m * a->n + n0, sum);
  }
}
