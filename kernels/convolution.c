/* convolution_global.cpp and convolution_slm.cpp: out[i] = sum_j in[i - M/2 + j] * k[j] over the
 * j whose input index lies in [0, N) (the seed's boundary branches, i.e. zero padding), in int
 * arithmetic that wraps as on the GPU. nd_range(N, 256). */
#include "sgk/kernel.h"
#include "kernel_args.h"

/* The taps of one sub-group whose window starts at p (lane i's tap j reads p[i + j]): one load a
 * tap, except in a full sub-group where the window pays (SGK_REG_WINDOW): there the taps go W at a
 * time, from two loads cur = p[j ..] and next = p[j + W ..], each tap slid out of them by
 * sgk_shuffle_down (delta < W) or, as conv_window_tap chooses, loaded as outside the window. next is
 * loaded whole while m - j > W, else its first W - 1 lanes, all the taps read: no element is read
 * past p[m + W - 2], the last one a load a tap reads. The window's taps alternate between two
 * sums, so that no tap waits for the one before (int sums wrap: the same result in any order).
 * Where and why the window pays: SGK_REG_WINDOW in kernel.h. A block holds cur, next, the two
 * sums and a few products in flight, well under the 16 registers of the smallest ISA, so the
 * register count is no condition. */
/* Tap r of a block: slid out of cur and next for the share q of the taps (SGK_REG_SLIDE_BY: every
 * tap at 4, AVX-512 W 8's own; half at 2, W 16's; three of four at 3, Zen 5's at W 16), else
 * loaded at its own p[r ..] as outside the window. Either reads nothing past p[r + W - 1]. */
SGK_INLINE sgk_i32 conv_window_tap(sgk_sg sg, sgk_i32 cur, sgk_i32 next, const int32_t *p,
                                   uint32_t r, uint32_t q) {
  return SGK_REG_SLIDE_BY(r, q) ? sgk_shuffle_down_i32(sg, cur, next, r) : sgk_load_i32(sg, p + r);
}
SGK_INLINE sgk_i32 conv_taps(sgk_sg sg, const int32_t *p, const int32_t *k, uint32_t m,
                             uint32_t q) {
  sgk_i32 t0 = sgk_splat_i32(0), t1 = sgk_splat_i32(0);
  uint32_t left = m;
  if (SGK_REG_WINDOW && sgk_sg_size(sg) == SGK_W) {
    const sgk_mask used = sgk_sg_lanes_below(sg, 0, SGK_W - 1);
    for (; left >= SGK_W; left -= SGK_W, p += SGK_W, k += SGK_W) {
      /* next whole while the taps read past it (a masked load costs about a tenth on Zen 4) */
      const sgk_i32 cur = sgk_load_i32(sg, p);
      const sgk_i32 next =
          left > SGK_W ? sgk_load_i32(sg, p + SGK_W) : sgk_load_masked_i32(sg, used, p + SGK_W);
#pragma GCC unroll 16
      for (uint32_t r = 0; r < SGK_W; r += 2) {
        const sgk_i32 x0 = conv_window_tap(sg, cur, next, p, r, q);
        const sgk_i32 x1 = conv_window_tap(sg, cur, next, p, r + 1, q);
        t0 = sgk_add_i32(t0, sgk_mul_i32(x0, sgk_splat_i32(k[r])));
        t1 = sgk_add_i32(t1, sgk_mul_i32(x1, sgk_splat_i32(k[r + 1])));
      }
    }
  }
  for (uint32_t j = 0; j < left; ++j)
    t0 = sgk_add_i32(t0, sgk_mul_i32(sgk_load_i32(sg, p + j), sgk_splat_i32(k[j])));
  return sgk_add_i32(t0, t1);
}
/* One share's window, out of line: inlined side by side, the five windows' permute indices,
 * hoisted out of the variant's work-group loop together, outgrew the 32 registers and the one in
 * use was reloaded from the stack in its loop (conv/global, AVX-512 W 16, at share 3: 0.88-0.94x
 * the window compiled alone; measured when a slide by a constant was still a two-source permute,
 * before valignd). Called for a whole sub-group only, which it is told. */
#define CONV_WINDOW(q)                                                                             \
  __attribute__((noinline)) static sgk_i32 conv_window_##q(sgk_sg sg, const int32_t *p,            \
                                                           const int32_t *k, uint32_t m) {         \
    if (!sg.full) __builtin_unreachable();                                                         \
    return conv_taps(sg, p, k, m, q);                                                              \
  }
CONV_WINDOW(0)
CONV_WINDOW(1)
CONV_WINDOW(2)
CONV_WINDOW(3)
CONV_WINDOW(4)
/* The taps at the share this CPU slides best (sgk_slide_quarters, chosen once per process), in a
 * whole sub-group of a variant with a window; else the loads alone. */
SGK_INLINE sgk_i32 conv_taps_here(const sgk_wg *wg, sgk_sg sg, const int32_t *p, const int32_t *k,
                                  uint32_t m) {
  if (!SGK_REG_WINDOW || sgk_sg_size(sg) != SGK_W) return conv_taps(sg, p, k, m, 0);
  switch (sgk_slide_quarters(wg)) {
    case 0: return conv_window_0(sg, p, k, m);
    case 1: return conv_window_1(sg, p, k, m);
    case 2: return conv_window_2(sg, p, k, m);
    case 3: return conv_window_3(sg, p, k, m);
    default: return conv_window_4(sg, p, k, m);
  }
}

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
      t = conv_taps_here(wg, sg, a->input + i0 - half, a->kernel, a->m);
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
    sgk_store_i32(sg, a->output + i_first + sg.first,
                  conv_taps_here(wg, sg, ciacc + sg.first, a->kernel, a->m));
  }
}
