/* convolution_global.cpp and convolution_slm.cpp: out[i] = sum_j in[i - M/2 + j] * k[j] over the
 * j whose input index lies in [0, N) (the seed's boundary branches, i.e. zero padding), in int
 * arithmetic that wraps as on the GPU. nd_range(N, 256). */
#include "sgk/kernel.h"
#include "kernel_args.h"

/* Global memory: lane i reads in[i - M/2 + j] for each tap j, one block load per tap. Sub-groups
 * whose window stays inside [0, N) need no bounds (the seed's interior groups); the others mask
 * the lanes that fall outside (the seed's boundary branches, for any work-group size). */
SGK_KERNEL(conv_global, struct conv_args, a, wg) {
  const size_t n = a->n, half = a->m / 2;
  const size_t group = sgk_group_linear_id(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t i0 = group * sgk_local_linear_range(wg) + sg.first;
    sgk_i32 t = sgk_splat_i32(0);
    if (i0 < half || i0 + SGK_W + half > n) {
      const sgk_i32 lane = sgk_as_i32_u32(sgk_sg_local_id(sg));
      for (uint32_t j = 0; j < a->m; ++j) {
        /* input index i - M/2 + j, kept in range of 32 bits: n < 2^31 */
        const int64_t first = (int64_t)i0 - (int64_t)half + (int64_t)j;
        const sgk_i32 at = sgk_add_i32(lane, sgk_splat_i32((int32_t)first));
        const sgk_mask ok = sgk_mask_and(sgk_ge_i32(at, sgk_splat_i32(0)),
                                         sgk_lt_i32(at, sgk_splat_i32((int32_t)n)));
        const sgk_i32 x =
            sgk_gather_masked_i32(sg, ok, a->input, sgk_select_i32(ok, at, sgk_splat_i32(0)));
        t = sgk_add_i32(t, sgk_mul_i32(x, sgk_splat_i32(a->kernel[j])));
      }
    } else {
      const int32_t *p = a->input + i0 - half;
      for (uint32_t j = 0; j < a->m; ++j)
        t = sgk_add_i32(t, sgk_mul_i32(sgk_load_i32(sg, p + j), sgk_splat_i32(a->kernel[j])));
    }
    sgk_store_i32(sg, a->output + i0, t);
  }
}

/* Copies in[from .. from + count) to dst, zeros where the index is outside [0, n). */
SGK_INLINE void halo(int32_t *dst, const int32_t *in, int64_t from, size_t count, size_t n) {
  for (size_t k = 0; k < count; ++k) {
    const int64_t i = from + (int64_t)k;
    dst[k] = i >= 0 && i < (int64_t)n ? in[i] : 0;
  }
}

/* SLM: the work-group stages its gSize inputs and M/2 halo elements on each side (zeros past the
 * ends), then, after the barrier, every work-item convolves from SLM. SLM bytes:
 * (gSize + 2 (M/2)) * 4. */
SGK_KERNEL_SLM(conv_slm, struct conv_args, a, wg,
               (sgk_wg_size + 2 * (a->m / 2)) * sizeof(int32_t)) {
  int32_t *ciacc = sgk_slm(wg);
  const size_t half = a->m / 2, g_size = sgk_local_linear_range(wg);
  const size_t i_first = sgk_group_linear_id(wg) * g_size;
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    sgk_store_i32(sg, ciacc + half + sg.first, sgk_load_i32(sg, a->input + i_first + sg.first));
    if (sg.id == 0) /* local_id == 0: the left halo */
      halo(ciacc, a->input, (int64_t)i_first - (int64_t)half, half, a->n);
    if (sg.id + 1 == sgk_sg_group_range(sg)) /* local_id == gSize - 1: the right halo */
      halo(ciacc + g_size + half, a->input, (int64_t)(i_first + g_size), half, a->n);
  }
  /* group_barrier */
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    sgk_i32 t = sgk_splat_i32(0);
    const int32_t *p = ciacc + sg.first;
    for (uint32_t j = 0; j < a->m; ++j)
      t = sgk_add_i32(t, sgk_mul_i32(sgk_load_i32(sg, p + j), sgk_splat_i32(a->kernel[j])));
    sgk_store_i32(sg, a->output + i_first + sg.first, t);
  }
}
