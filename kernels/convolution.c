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
/* A block of CONV_U neighbouring whole sub-groups at once (a work-group's sub-groups run on one
 * thread, so one pass may compute the outputs of the next ones): output u of the block, lane l,
 * is sum_j p[u W + l + j] k[j]. Each slide out of the data blocks D_s = p[s W ..] and D_s+1 then
 * serves every output: tap r of D_s is tap (s - u) W + r of output u. One slide (or load) per
 * CONV_U multiply-adds where the single window pays one per multiply-add; the multiplies and
 * adds stay. 4 outputs: 4 sums, cur, next, a tap and a product or two: 9 of AVX2's 16 registers.
 * The code below is written for 4 (conv_sums, the steps of conv_block_taps). */
#define CONV_U 4
/* The block's four sums. */
typedef struct {
  sgk_i32 o0, o1, o2, o3;
} conv_sums;
/* Data block s: its W taps, each into the outputs lo .. hi (constants where inlined) with their
 * weights kb[r - u W], kb = k + s W. next is p[(s + 1) W ..]. */
#define CONV_MAD(u, o)                                                                             \
  if (lo <= (u) && (u) <= hi)                                                                      \
  acc->o = sgk_add_i32(acc->o, sgk_mul_i32(x, sgk_splat_i32(kb[(int)r - (u)*SGK_W])))
__attribute__((always_inline)) static inline void conv_block_step(sgk_sg sg, sgk_i32 cur,
                                                                  sgk_i32 next, const int32_t *p,
                                                                  const int32_t *kb, uint32_t q,
                                                                  int lo, int hi, conv_sums *acc) {
#pragma GCC unroll 32
  for (uint32_t r = 0; r < SGK_W; ++r) {
    const sgk_i32 x = conv_window_tap(sg, cur, next, p, r, q);
    CONV_MAD(0, o0);
    CONV_MAD(1, o1);
    CONV_MAD(2, o2);
    CONV_MAD(3, o3);
  }
}
#undef CONV_MAD
/* The CONV_U outputs of a block whose window starts at p, m / W >= CONV_U. Data blocks 0 ..
 * m / W + CONV_U - 2 are slid, the first CONV_U - 1 and the last CONV_U - 1 into fewer outputs;
 * the last block's next loads the W - 1 lanes the taps read (no element read past
 * p[CONV_U W + m - 2], the last one a tap reads); taps past the whole blocks are loads. */
SGK_INLINE void conv_block_taps(sgk_sg sg, const int32_t *p, const int32_t *k, uint32_t m,
                                uint32_t q, conv_sums *acc) {
  const uint32_t nb = m / SGK_W, last = nb + CONV_U - 2; /* the data blocks slid: 0 .. last */
  const sgk_mask used = sgk_sg_lanes_below(sg, 0, SGK_W - 1);
  acc->o0 = acc->o1 = acc->o2 = acc->o3 = sgk_splat_i32(0);
  sgk_i32 cur = sgk_load_i32(sg, p);
  uint32_t s = 0;
#define CONV_STEP(lo, hi)                                                                          \
  do {                                                                                             \
    const int32_t *ps = p + (size_t)s * SGK_W;                                                     \
    const sgk_i32 next =                                                                           \
        s < last ? sgk_load_i32(sg, ps + SGK_W) : sgk_load_masked_i32(sg, used, ps + SGK_W);       \
    conv_block_step(sg, cur, next, ps, k + (size_t)s * SGK_W, q, lo, hi, acc);                     \
    cur = next;                                                                                    \
    ++s;                                                                                           \
  } while (0)
  CONV_STEP(0, 0);
  CONV_STEP(0, 1);
  CONV_STEP(0, 2);
  while (s < nb) CONV_STEP(0, 3);
  CONV_STEP(1, 3);
  CONV_STEP(2, 3);
  CONV_STEP(3, 3);
#undef CONV_STEP
  for (uint32_t j = nb * SGK_W; j < m; ++j) {
    const sgk_i32 w = sgk_splat_i32(k[j]);
    acc->o0 = sgk_add_i32(acc->o0, sgk_mul_i32(sgk_load_i32(sg, p + j), w));
    acc->o1 = sgk_add_i32(acc->o1, sgk_mul_i32(sgk_load_i32(sg, p + SGK_W + j), w));
    acc->o2 = sgk_add_i32(acc->o2, sgk_mul_i32(sgk_load_i32(sg, p + 2 * SGK_W + j), w));
    acc->o3 = sgk_add_i32(acc->o3, sgk_mul_i32(sgk_load_i32(sg, p + 3 * SGK_W + j), w));
  }
}
/* One share's window, out of line: inlined side by side, the five windows' permute indices,
 * hoisted out of the variant's work-group loop together, outgrew the 32 registers and the one in
 * use was reloaded from the stack in its loop (conv/global, AVX-512 W 16, at share 3: 0.88-0.94x
 * the window compiled alone; measured when a slide by a constant was still a two-source permute,
 * before valignd). Called for a whole sub-group only, which it is told. A block's window stores
 * its CONV_U outputs at out, out + W, ... and is told the size alone: told `full` as well (as the
 * window is), GCC 12 spilled its taps' accumulators to the stack (avx512 W 16: 368 stack
 * accesses against 41) and conv ran 0.55x at avx2 W 8 and avx512 W 16, 0.8x at avx512 W 8
 * (AMD Zen 5). */
#define CONV_WINDOW(q)                                                                             \
  __attribute__((noinline)) static sgk_i32 conv_window_##q(sgk_sg sg, const int32_t *p,            \
                                                           const int32_t *k, uint32_t m) {         \
    if (!sg.full) __builtin_unreachable();                                                         \
    return conv_taps(sg, p, k, m, q);                                                              \
  }                                                                                                \
  __attribute__((noinline)) static void conv_block_##q(                                            \
      sgk_sg sg, const int32_t *p, const int32_t *k, uint32_t m, int32_t *out) {                   \
    if (sgk_sg_size(sg) != SGK_W) __builtin_unreachable();                                         \
    conv_sums acc;                                                                                 \
    conv_block_taps(sg, p, k, m, q, &acc);                                                         \
    sgk_store_i32(sg, out, acc.o0);                                                                \
    sgk_store_i32(sg, out + SGK_W, acc.o1);                                                        \
    sgk_store_i32(sg, out + 2 * SGK_W, acc.o2);                                                    \
    sgk_store_i32(sg, out + 3 * SGK_W, acc.o3);                                                    \
  }
CONV_WINDOW(0)
CONV_WINDOW(1)
CONV_WINDOW(2)
CONV_WINDOW(3)
CONV_WINDOW(4)
/* fn_<share>(...) for the share this CPU slides best (sgk_slide_quarters, chosen once per
 * process), ret its result (`return`) or nothing */
#define CONV_AT_SHARE(wg, ret, fn, ...)                                                            \
  switch (sgk_slide_quarters(wg)) {                                                                \
    case 0: ret fn##_0(__VA_ARGS__); break;                                                        \
    case 1: ret fn##_1(__VA_ARGS__); break;                                                        \
    case 2: ret fn##_2(__VA_ARGS__); break;                                                        \
    case 3: ret fn##_3(__VA_ARGS__); break;                                                        \
    default: ret fn##_4(__VA_ARGS__); break;                                                       \
  }
/* The taps in a whole sub-group of a variant with a window; else the loads alone. */
SGK_INLINE sgk_i32 conv_taps_here(const sgk_wg *wg, sgk_sg sg, const int32_t *p, const int32_t *k,
                                  uint32_t m) {
  if (!SGK_REG_WINDOW || sgk_sg_size(sg) != SGK_W) return conv_taps(sg, p, k, m, 0);
  CONV_AT_SHARE(wg, return, conv_window, sg, p, k, m);
}
SGK_INLINE void conv_block_here(const sgk_wg *wg, sgk_sg sg, const int32_t *p, const int32_t *k,
                                uint32_t m, int32_t *out) {
  CONV_AT_SHARE(wg, , conv_block, sg, p, k, m, out);
}
/* The first work-item (in its work-group) of the block of CONV_U sub-groups that holds sg */
SGK_INLINE size_t conv_block_first(sgk_sg sg) { return (size_t)(sg.id - sg.id % CONV_U) * SGK_W; }
/* Whether sub-group sg lies in a block of CONV_U whole sub-groups of the work-group's first
 * `lanes` work-items, in a variant with a window and taps enough: the block's first sub-group then
 * computes them all and the others have nothing to do. */
SGK_INLINE bool conv_in_block(sgk_sg sg, size_t lanes, uint32_t m) {
  return SGK_REG_WINDOW && m / SGK_W >= CONV_U && conv_block_first(sg) + CONV_U * SGK_W <= lanes;
}

/* Global memory: lane i reads in[i - M/2 + j] for each tap j, one block load per tap. Sub-groups
 * whose window stays inside [0, N) need no bounds (the seed's interior groups); the others mask
 * the lanes that fall outside (the seed's boundary branches, for any work-group size). */
SGK_KERNEL(conv_global, struct conv_args, a, wg) {
  const size_t n = a->n, half = a->m / 2;
  const size_t group = sgk_group_linear_id(wg);
  SGK_FOR_EACH_SUBGROUP(wg, sg) {
    const size_t i0 = group * sgk_local_linear_range(wg) + sg.first;
    const size_t b0 = group * sgk_local_linear_range(wg) + conv_block_first(sg);
    if (conv_in_block(sg, sgk_local_linear_range(wg), a->m) && b0 >= half &&
        b0 + CONV_U * SGK_W + half <= n) {
      if (sg.id % CONV_U == 0)
        conv_block_here(wg, sg, a->input + i0 - half, a->kernel, a->m, a->output + i0);
      continue;
    }
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
    if (conv_in_block(sg, g_size, a->m)) {
      if (sg.id % CONV_U == 0)
        conv_block_here(wg, sg, ciacc + sg.first, a->kernel, a->m, a->output + i_first + sg.first);
      continue;
    }
    sgk_store_i32(sg, a->output + i_first + sg.first,
                  conv_taps_here(wg, sg, ciacc + sg.first, a->kernel, a->m));
  }
}
